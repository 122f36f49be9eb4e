//! Fixed bug (found by the big differential run, `tests/differential/big-run.sh`, seed 1002, tree
//! `Big0930`): a `ProbabilitySelector` whose weights are closures read them when its tick starts,
//! before its running child is ticked again (bt-core `control/selector/probability.rs`), but a
//! tick that resumed the running leaf directly ran the leaf first and the selector's tick after
//! it, so a pick after the leaf failed used weights the leaf's own hooks had already changed.
//!
//! Tree: `Sequence { ProbabilitySelector { Drop (weight 1000 while `first`; a stateful action
//! that runs one tick, then writes `first = false` through its output port and fails), Act<1>
//! (weight 0.001 while `first`), Act<2> (weight 1 once `first` is false) } }`.
//!
//! * tick 1: the weights are (1000, 0.001, 0): `Drop` is drawn (the tree's generator, default
//!   seed) and runs: Running.
//! * tick 2: the weights are read first, still (1000, 0.001, 0); `Drop` writes `first = false`
//!   and fails; the re-pick among the others uses the weights read at the start: `Act<1>`.
//!   Expected calls `[Exec(1)]`. Before the fix: `[Exec(2)]`, the weights read after the write.
//!
//! Fix: `bt-macros/src/plan.rs`, `reads_blackboard_first`: no direct resume below a
//! `ProbabilitySelector` whose weights or fail weight are closures.

use bt::Status::*;
use bt::{behavior_tree, Output, Ports, StatefulAction, Status};

use crate::common::Call::*;
use crate::common::{expect_halt, expect_tick, Act, Ctx};

/// Runs one tick, then writes `false` to `first` and fails.
#[derive(Default, Ports)]
pub struct Drop {
    pub first: Output<bool>,
}

impl StatefulAction<Ctx> for Drop {
    fn on_start(&mut self, _: &mut Ctx) -> Status {
        Running
    }

    fn on_running(&mut self, _: &mut Ctx) -> Status {
        self.first.set(false);
        Failure
    }
}

behavior_tree! {
    tree Weighed for Ctx {
        blackboard { first: bool = true }
        Sequence {
            ProbabilitySelector {
                #[weight(|bb| if bb.first { 1000.0 } else { 0.0 })]
                StatefulAction(Drop, first = {first}),
                #[weight(|bb| if bb.first { 0.001 } else { 0.0 })]
                Action(Act<1>),
                #[weight(|bb| if bb.first { 0.0 } else { 1.0 })]
                Action(Act<2>),
            },
        }
    }
}

#[test]
fn the_pick_after_a_resumed_child_fails_uses_the_weights_read_before_it() {
    let (mut tree, mut ctx) = (Weighed::new(), Ctx::new());
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[Exec(1)]);
    assert!(!tree.blackboard().first);
    // The next activation reads the weights anew: only `Act<2>` weighs anything now.
    ctx.script(2, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[Exec(2)]);
    expect_halt(&mut tree, &mut ctx, &[]);
}
