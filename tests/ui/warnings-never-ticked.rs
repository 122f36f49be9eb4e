#![deny(deprecated)]
// Nodes that compile and run but most likely are not meant: each a warning at the node (denied
// here, so that the case shows them).
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        blackboard { mode: i32 }
        Sequence {
            Repeat(0) { AlwaysSuccess },
            RetryUntilSuccessful(0) { AlwaysFailure },
            Fallback {
                AlwaysFailure,
                AlwaysSuccess,
                Script(|bb| bb.mode = 1),
                AlwaysFailure,
            },
            ReactiveSequence {
                #[skip_if(|bb| bb.mode > 0)]
                AlwaysFailure,
                AlwaysSuccess,
            },
            Switch(mode) {
                case 1 => AlwaysSuccess,
                case 1 => AlwaysFailure,
                case 2..=10 => AlwaysSuccess,
                case 5 | 11 => AlwaysFailure,
                _ => AlwaysSuccess,
            },
        }
    }
}

fn main() {
    let _ = Robot::new().tick(&mut World);
}
