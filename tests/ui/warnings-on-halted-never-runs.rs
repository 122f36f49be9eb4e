#![deny(deprecated)]
// `#[on_halted]` on a condition, which is never halted: a warning (denied here, to show it).
use bt::behavior_tree;

pub struct World {
    ok: bool,
}

behavior_tree! {
    tree Robot for World {
        blackboard { halts: u32 }
        Sequence {
            #[on_halted(|bb| bb.halts += 1)]
            Condition(|w| w.ok),
            AlwaysSuccess,
        }
    }
}

fn main() {
    let _ = Robot::new().tick(&mut World { ok: true });
}
