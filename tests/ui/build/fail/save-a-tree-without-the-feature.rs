// A tree that derives serde's traits, in a crate whose `bt` dependency lacks the feature `serde`
// (this batch's `bt` has no features; the batch of tests/ui.rs has it on): one error, at the
// derive, naming the feature and the line of Cargo.toml to write.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    #[derive(serde::Serialize, serde::Deserialize)]
    pub tree Saved for World {
        Sequence {
            Condition(|_| true),
            AlwaysSuccess,
        }
    }
}

fn main() {
    let mut tree = Saved::new();
    let _ = tree.tick(&mut World);
}
