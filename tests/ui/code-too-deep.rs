// Code in a tree nested one level past the limit (64): the closure's first `|` is a level and
// each parenthesis one more, so `w` is at level 65. One error, at the first token past the limit,
// before syn reads the code (deeper code would overflow the stack of syn, then of rustc).
use bt::behavior_tree;

pub struct World {
    pub ok: bool,
}

behavior_tree! {
    tree Deep for World {
        Condition(|w| ((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((w.ok)))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))
    }
}

fn main() {
    // The stub emitted after the error keeps this code free of follow-on errors.
    let mut tree = Deep::new();
    let _ = tree.tick(&mut World { ok: true });
}
