//! The stand-in for the generated `trees/` under clippy (see `main.rs`): three small handwritten
//! trees in the generated form (`cases!`, `board!`, `fallible!`), so that clippy sees the harness
//! used as the generated parts use it. It is never run: `cargo test` compiles the real `trees/`.

use crate::leaves::{Act, Ctx, DiffError, Task};

bt::behavior_tree! {
    pub tree Plain for Ctx {
        Sequence {
            Action(Act<0>),
            StatefulAction(Task<1>),
        }
    }
}

bt::behavior_tree! {
    pub tree Boarded for Ctx {
        blackboard {
            #[tracked] t0: i64,
            b0: i64 = 4,
        }
        Interrupt(|bb| *bb.t0 > bb.b0 + 4) {
            Action(Act<0>),
        }
    }
}

board!(BoardedBlackboard { t0 b0 });

bt::behavior_tree! {
    pub tree Failing for Ctx, error DiffError {
        IfThenElse {
            Error(DiffError(1)),
            Action(Act<0>),
        }
    }
}

fallible!(Failing);

cases! {
    Plain "Seq(a0,t1)",
    Boarded "B{t0;b0=4}Intr{t0>b0+4}(a0)",
    Failing "Ite(Err{1},a0)",
}

/// Every case, as in the generated `trees/mod.rs`.
pub const PARTS: &[&[crate::harness::Case]] = &[CASES];
