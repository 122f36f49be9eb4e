//! The control nodes and decorators of the user's own that the generated trees use
//! (`Control(Type) { .. }`, `Decorator(Type) { c }`, `bt::custom`; issue 26), the library's side:
//!
//! * the navigation nodes of `examples/nav_recovery/nodes.rs` (`PipelineSequence`,
//!   `RecoveryNode`, `RateController` on the context's clock, `RoundRobin`), included as they
//!   are (their activations matter: `RateController` starts a new period in `on_start`);
//! * four nodes written to lean on the contract the tree enforces, each with a const id
//!   (`tree::USER_ID_BASE` and up) under which it logs its calls (`u<id>s` for `on_start`,
//!   `u<id>t` for `tick`, `u<id>x` for `on_halted`) and the values its ports received and wrote
//!   (`i<id>=..`, `o<id>=..`): `Sweep` completes with children still running, reads the last
//!   statuses and reads its input again after its children (who may have written its entry),
//!   `Twice` ticks its child twice in one tick, `Rotate` halts children itself and answers
//!   `Running` with no child running, `Gate` answers `Running` without ticking and writes an
//!   in-out port before it ticks its child (who may read its entry). Their `u<id>s` logs show
//!   every activation: when the tree resets them;
//! * `Fuse`, in trees with an error type only, a decorator that ends the tick with an error of
//!   its own (`bt::TryDecoratorNode`).
//!
//! The interpreter's rules for them (`reference_user.rs`) are written from these docs and from
//! the docs of `examples/nav_recovery/nodes.rs`, not from this code.

use bt::{
    Child, Children, ControlNode, DecoratorNode, InOut, Input, Output, Ports, Status,
    TryDecoratorNode,
};

use crate::leaves::{Ctx, DiffError};

#[path = "../../examples/nav_recovery/nodes.rs"]
mod nav;

pub use nav::{PipelineSequence, RateController, RecoveryNode, RoundRobin};

/// `Control(Sweep<ID>, b0 = .., b1 = ..)`: on every tick, reads `b0` (logged), ticks in order
/// each child that has not completed in this activation (whose last status is `None` or
/// `Running`: a child that answered `Skipped` is idle again, and ticked again), then counts the
/// last statuses: `need = 1 + b0 mod n` successes succeed, with
/// `b0` as it is after the children's ticks (children still running are left for the tree to
/// halt), more than `n - need` failures fail, no child running (the rest skipped) is `Skipped`,
/// else `Running`. Writes the number of successes to `b1` on every tick. Reads `b0` in
/// `on_halted` too (logged).
#[derive(Default, Ports, serde::Serialize, serde::Deserialize)]
pub struct Sweep<const ID: usize> {
    pub b0: Input<i64>,
    pub b1: Output<i64>,
}

impl<const ID: usize> ControlNode<Ctx> for Sweep<ID> {
    fn on_start(&mut self, ctx: &mut Ctx) {
        ctx.user(ID, 's');
    }

    fn tick(node: &mut impl Children<Ctx, Self>, ctx: &mut Ctx) -> Status {
        ctx.user(ID, 't');
        ctx.user_in(ID, *node.b0);
        let n = node.child_count();
        for index in 0..n {
            if matches!(node.child_status(index), None | Some(Status::Running)) {
                node.tick_child(ctx, index);
            }
        }
        let count = |status: Status| {
            (0..n)
                .filter(|&i| node.child_status(i) == Some(status))
                .count()
        };
        let (successes, failures) = (count(Status::Success), count(Status::Failure));
        let need = 1 + node.b0.rem_euclid(n as i64) as usize;
        node.b1.set(successes as i64);
        ctx.user_out(ID, successes as i64);
        if successes >= need {
            Status::Success
        } else if failures > n - need {
            Status::Failure
        } else if (0..n).any(|i| node.child_running(i)) {
            Status::Running
        } else {
            Status::Skipped
        }
    }

    fn on_halted(&mut self, ctx: &mut Ctx) {
        ctx.user_in(ID, *self.b0);
        ctx.user(ID, 'x');
    }
}

/// `Decorator(Twice<ID>)`: ticks its child; when the child did not answer `Running`, ticks it
/// again in the same tick and answers the second answer.
#[derive(Default, serde::Serialize, serde::Deserialize)]
pub struct Twice<const ID: usize>;

impl<const ID: usize> DecoratorNode<Ctx> for Twice<ID> {
    fn on_start(&mut self, ctx: &mut Ctx) {
        ctx.user(ID, 's');
    }

    fn tick(node: &mut impl Child<Ctx, Self>, ctx: &mut Ctx) -> Status {
        ctx.user(ID, 't');
        match node.tick_child(ctx) {
            Status::Running => Status::Running,
            _ => node.tick_child(ctx),
        }
    }

    fn on_halted(&mut self, ctx: &mut Ctx) {
        ctx.user(ID, 'x');
    }
}

/// `Control(Rotate<ID>)`: one child per tick, in turn from the first. Before ticking the
/// child whose turn it is, halts every other child itself (a running one is the child of the
/// previous turn; the even ones are halted without asking whether they run). The turn moves on
/// after every tick. A failure fails the node (after `halt_all`); a success or skip of the last
/// child succeeds; anything else answers `Running`, with no child running when the child of
/// the turn completed.
#[derive(Default, serde::Serialize, serde::Deserialize)]
pub struct Rotate<const ID: usize> {
    turn: usize,
}

impl<const ID: usize> ControlNode<Ctx> for Rotate<ID> {
    fn on_start(&mut self, ctx: &mut Ctx) {
        ctx.user(ID, 's');
    }

    fn tick(node: &mut impl Children<Ctx, Self>, ctx: &mut Ctx) -> Status {
        ctx.user(ID, 't');
        let n = node.child_count();
        let turn = node.turn;
        for other in (0..n).filter(|&other| other != turn) {
            if other % 2 == 0 || node.child_running(other) {
                node.halt_child(ctx, other);
            }
        }
        let status = node.tick_child(ctx, turn);
        node.turn = (turn + 1) % n;
        match status {
            Status::Failure => {
                node.halt_children(ctx);
                node.turn = 0;
                Status::Failure
            }
            Status::Success | Status::Skipped if turn == n - 1 => {
                node.turn = 0;
                Status::Success
            }
            _ => Status::Running,
        }
    }

    fn on_halted(&mut self, ctx: &mut Ctx) {
        ctx.user(ID, 'x');
        self.turn = 0;
    }
}

/// `Decorator(Gate<ID>, b0 = .., t0 = {..})`: while `b0 mod 4 == 3`, answers `Running` without
/// ticking its child (halting it first if it runs); otherwise adds 1 to the in-out `t0` (the
/// child sees the new value), ticks the child and answers the child's status.
#[derive(Default, Ports, serde::Serialize, serde::Deserialize)]
pub struct Gate<const ID: usize> {
    pub b0: Input<i64>,
    pub t0: InOut<i64>,
}

impl<const ID: usize> DecoratorNode<Ctx> for Gate<ID> {
    fn on_start(&mut self, ctx: &mut Ctx) {
        ctx.user(ID, 's');
    }

    fn tick(node: &mut impl Child<Ctx, Self>, ctx: &mut Ctx) -> Status {
        ctx.user(ID, 't');
        ctx.user_in(ID, *node.b0);
        if node.b0.rem_euclid(4) == 3 {
            if node.child_running() {
                node.halt_child(ctx);
            }
            return Status::Running;
        }
        let next = *node.t0 + 1;
        node.t0.set(next);
        ctx.user_out(ID, next);
        node.tick_child(ctx)
    }

    fn on_halted(&mut self, ctx: &mut Ctx) {
        ctx.user(ID, 'x');
    }
}

/// `Decorator(Fuse<ID>)`, in a tree with an error type: ticks its child and answers its status,
/// but the child's second failure in an activation ends the tick with `DiffError(ID)`, the
/// node's own error (it has then finished: no `on_halted`).
#[derive(Default, serde::Serialize, serde::Deserialize)]
pub struct Fuse<const ID: usize> {
    failures: u8,
}

impl<const ID: usize> TryDecoratorNode<Ctx, DiffError> for Fuse<ID> {
    fn on_start(&mut self, ctx: &mut Ctx) {
        ctx.user(ID, 's');
        self.failures = 0;
    }

    fn try_tick(node: &mut impl Child<Ctx, Self>, ctx: &mut Ctx) -> Result<Status, DiffError> {
        ctx.user(ID, 't');
        let status = node.tick_child(ctx);
        if status == Status::Failure {
            node.failures += 1;
            if node.failures == 2 {
                return Err(DiffError(ID as u32));
            }
        }
        Ok(status)
    }

    fn on_halted(&mut self, ctx: &mut Ctx) {
        ctx.user(ID, 'x');
    }
}
