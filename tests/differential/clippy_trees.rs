//! The stand-in for the generated `trees/` under clippy (see `main.rs`): four small handwritten
//! trees in the generated form (`cases!`, `board!`, `fallible!`, `snapshots!`), so that clippy sees the harness
//! used as the generated parts use it. It is never run: `cargo test` compiles the real `trees/`.

use crate::leaves::{Act, Ctx, DiffError, Task};
use crate::user::{
    Fuse, Gate, PipelineSequence, RateController, RecoveryNode, Rotate, RoundRobin, Sweep, Twice,
};

bt::behavior_tree! {
    #[derive(serde::Serialize, serde::Deserialize)]
    pub tree Plain for Ctx {
        Sequence {
            Action(Act<0>),
            StatefulAction(Task<1>),
        }
    }
}

bt::behavior_tree! {
    #[derive(serde::Serialize, serde::Deserialize)]
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
    #[derive(serde::Serialize, serde::Deserialize)]
    pub tree Failing for Ctx, error DiffError {
        IfThenElse {
            Error(DiffError(1)),
            Decorator(Fuse<100>) { Action(Act<0>) },
        }
    }
}

fallible!(Failing);

bt::behavior_tree! {
    #[derive(serde::Serialize, serde::Deserialize)]
    pub tree Custom for Ctx {
        blackboard {
            b0: i64,
            #[tracked] t0: i64,
        }
        Control(Sweep<100>, b0 = {=}, b1 = {b0}) {
            Control(PipelineSequence) { Action(Act<0>) },
            Control(RecoveryNode, number_of_retries = 2) { Action(Act<1>), Action(Act<2>) },
            Decorator(RateController, hz = 50.0) { Action(Act<3>) },
            Control(RoundRobin) { Action(Act<4>) },
            Decorator(Twice<101>) { Action(Act<5>) },
            Control(Rotate<102>) { Action(Act<6>) },
            Decorator(Gate<103>, b0 = 1, t0 = {=}) { Action(Act<7>) },
        }
    }
}

board!(CustomBlackboard { b0 t0 });

cases! {
    Plain "Seq(a0,t1)",
    Boarded "B{t0;b0=4}Intr{t0>b0+4}(a0)",
    Failing "Ite(Err{1},UFuse100(a0))",
    Custom "B{b0;t0}USw100{b0:=;b1:b0}(UPipe(a0),URec{2}(a1,a2),URate{50}(a3),URr(a4),UTw101(a5),URot102(a6),UGate103{b0:1;t0:=}(a7))",
}

snapshots! { Plain json, Boarded postcard, Failing json, Custom postcard }

/// Every case, as in the generated `trees/mod.rs`.
pub const PARTS: &[&[crate::harness::Case]] = &[CASES];

/// As the generated `trees/mod.rs` tests the saves of its first part.
#[test]
fn snapshot_part_00() {
    crate::snapshot::run_part("clippy", CASES, SNAPSHOTS);
}
