//! The interpreter's control nodes and decorators of the user's own (`tree::User`, issue 26): a
//! submodule of `reference.rs`.
//!
//! Two things, each written from its docs and not from the library:
//!
//! * The contract the tree enforces around any such node, from the module docs of
//!   `bt_core::custom` ("The contract"), in [`tick_user`] and [`halt_user`]: the node reaches
//!   its children through a handle ([`Kids`]) that remembers what each child answered last in
//!   the activation; when the node answers anything but `Running`, every child still running is
//!   halted, in child order, and the last statuses are forgotten; a halt of the running node
//!   halts its running children in child order, then calls its `on_halted`; in a tree with an
//!   error type, a child's error ends the tick: the handle answers `Failure` from then on
//!   without ticking, the node's rule still runs to its end (its answer ignored, its outputs
//!   stored), and the error then aborts the tick with the node counted as running, so that the
//!   tree's halt halts it. Ports as a leaf's: inputs loaded before `tick` and `on_halted`,
//!   outputs stored after them.
//! * Each node's own rule, from the docs of `examples/nav_recovery/nodes.rs` (the navigation
//!   nodes) and of `user.rs` (the nodes written for this test).

use std::time::Duration;

use bt::Status::{self, Failure, Running, Skipped, Success};

use super::{deliver, mutant, port_input, Mutation, RefNode};
use crate::harness::fallible;
use crate::leaves::{Bb, Ctx, DiffError};
use crate::tree::{Bind, Entry, User};

/// A user node's own state (besides its children's last statuses).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UserState {
    /// PipelineSequence: the furthest child reached; RecoveryNode: the child being ticked;
    /// RoundRobin: the child whose turn it is; Rotate: the same.
    pub at: usize,
    /// RecoveryNode: retries used; RoundRobin: failures in a row.
    pub count: u32,
    /// RateController: the time of the child's last success (or of the first tick).
    pub since: Option<Duration>,
}

impl UserState {
    /// What survives a halt of the tree while the node is idle: RateController's time and
    /// RoundRobin's turn (they carry over from one activation to the next); every other node
    /// ends each activation with nothing.
    pub fn halt_memory(&self, user: &User) -> UserState {
        match user {
            User::Rate(_) => UserState {
                since: self.since,
                ..UserState::default()
            },
            User::RoundRobin => UserState {
                at: self.at,
                ..UserState::default()
            },
            _ => UserState::default(),
        }
    }
}

/// The handle over a user node's children: ticks and halts them, and remembers their last
/// statuses in the activation and the first error.
struct Kids<'a> {
    children: &'a mut [RefNode],
    last: &'a mut [Option<Status>],
    error: Option<DiffError>,
    /// What the node wrote to its output and in-out ports: `(binding, port, value)`, stored
    /// after the call.
    outputs: Vec<(Option<Bind>, Entry, i64)>,
}

impl Kids<'_> {
    fn len(&self) -> usize {
        self.children.len()
    }

    fn tick(&mut self, i: usize, ctx: &mut Ctx, bb: &mut Bb) -> Status {
        if self.error.is_some() {
            return Failure;
        }
        match fallible::tick_user_child(&mut self.children[i], ctx, bb) {
            Ok(status) => {
                self.last[i] = Some(status);
                status
            }
            Err(error) => {
                self.last[i] = None;
                if mutant(Mutation::UserStopsAtChildError) {
                    fallible::reraise_from_user(error);
                }
                self.error = Some(error);
                Failure
            }
        }
    }

    /// Halts child `i` if it runs (an idle one is left alone: `RefNode::halt`).
    fn halt(&mut self, i: usize, ctx: &mut Ctx, bb: &mut Bb) {
        self.children[i].halt(ctx, bb);
        self.last[i] = None;
    }

    fn status(&self, i: usize) -> Option<Status> {
        self.last[i]
    }

    fn running(&self, i: usize) -> bool {
        self.last[i] == Some(Running)
    }
}

/// One tick of a user node: its rule over the handle, then the contract's end of the tick.
pub fn tick_user(
    user: &User,
    children: &mut [RefNode],
    last: &mut [Option<Status>],
    state: &mut UserState,
    ctx: &mut Ctx,
    bb: &mut Bb,
) -> Status {
    let mut kids = Kids {
        children,
        last,
        error: None,
        outputs: Vec::new(),
    };
    let status = rule(user, &mut kids, state, ctx, bb);
    if let Some(error) = kids.error {
        // The node's answer is ignored (its outputs are stored); the tick is aborted with the
        // node running.
        store(&kids.outputs, bb);
        fallible::reraise_from_user(error);
    }
    if status != Running {
        // Completed: what still runs is halted, once, in child order; the last statuses are
        // forgotten.
        for i in 0..kids.len() {
            if !mutant(Mutation::UserLeavesChildrenRunning) {
                kids.children[i].halt(ctx, bb);
            }
            if !mutant(Mutation::UserKeepsLastStatuses) {
                kids.last[i] = None;
            }
        }
    }
    // The outputs reach their entries after the call (the halts above are part of it).
    store(&kids.outputs, bb);
    status
}

/// Stores a node's written outputs: `(binding, port, value)`.
fn store(outputs: &[(Option<Bind>, Entry, i64)], bb: &mut Bb) {
    for &(bind, port, value) in outputs {
        deliver(bind, port, Some(value), bb);
    }
}

/// The halt of a running user node: its running children in child order, then its
/// `on_halted`.
pub fn halt_user(
    user: &User,
    children: &mut [RefNode],
    last: &mut [Option<Status>],
    state: &mut UserState,
    ctx: &mut Ctx,
    bb: &mut Bb,
) {
    let before = mutant(Mutation::UserHaltedBeforeChildren);
    if before {
        on_halted(user, state, ctx, bb);
    }
    for (child, last) in children.iter_mut().zip(last.iter_mut()) {
        child.halt(ctx, bb);
        *last = None;
    }
    if !before {
        on_halted(user, state, ctx, bb);
    }
}

/// The node's `on_halted`: it resets its own state (and the nodes that log, log it).
fn on_halted(user: &User, state: &mut UserState, ctx: &mut Ctx, bb: &mut Bb) {
    match user {
        User::Sweep(id, ports) => {
            // Its input is loaded before `on_halted` too.
            let need = port_input(ports.b0, Entry::b0, bb);
            ctx.user_in(*id, need);
            ctx.user(*id, 'x');
        }
        User::Twice(id) | User::Rotate(id) | User::Gate(id, _) => ctx.user(*id, 'x'),
        _ => {}
    }
    *state = UserState::default();
}

/// Each node's rule (its docs), over the handle.
fn rule(user: &User, kids: &mut Kids, state: &mut UserState, ctx: &mut Ctx, bb: &mut Bb) -> Status {
    let n = kids.len();
    match user {
        // Every tick from the first child; a running child before the furthest reached is
        // passed over; Running at the first running child at or past it; a failure fails;
        // all done (Skipped counts as done) succeeds.
        User::Pipeline => {
            for i in 0..n {
                match kids.tick(i, ctx, bb) {
                    Failure => {
                        state.at = 0;
                        return Failure;
                    }
                    Running if i >= state.at => {
                        state.at = i;
                        return Running;
                    }
                    _ => {}
                }
            }
            state.at = 0;
            Success
        }
        // Action (child 0), then recovery (child 1) after a failure; a successful recovery
        // retries the action in the same tick, up to `number_of_retries` (default 1) times per
        // activation; Skipped counts as success.
        User::Recovery(retries) => {
            let allowed = retries.unwrap_or(1);
            let done = |state: &mut UserState, status| {
                *state = UserState::default();
                status
            };
            loop {
                let status = kids.tick(state.at, ctx, bb);
                match (state.at, status) {
                    (_, Running) => return Running,
                    (0, Success | Skipped) => return done(state, Success),
                    (0, _) if state.count < allowed => state.at = 1,
                    (0, _) => return done(state, Failure),
                    (_, Success | Skipped) => {
                        state.count += 1;
                        state.at = 0;
                    }
                    (_, _) => return done(state, Failure),
                }
            }
        }
        // The child at its first tick, then once a period has passed since the child last
        // succeeded (the first tick counting as such), and on every tick while it runs;
        // Running in between.
        User::Rate(hz) => {
            let period = Duration::from_millis(1000 / u64::from(*hz));
            let now = ctx.now();
            let due = state.since.map_or(true, |since| now - since >= period);
            state.since.get_or_insert(now);
            if !due && !kids.running(0) {
                return Running;
            }
            let status = kids.tick(0, ctx, bb);
            if status == Success {
                state.since = Some(now);
            }
            status
        }
        // One child per activation in turn; a failure (or skip) passes the turn on in the
        // same tick; all failed in a row fails and restarts from the first; a success
        // succeeds, the turn after it.
        User::RoundRobin => {
            while (state.count as usize) < n {
                let status = kids.tick(state.at, ctx, bb);
                if status == Running {
                    return Running;
                }
                state.at = (state.at + 1) % n;
                if status == Success {
                    state.count = 0;
                    return Success;
                }
                state.count += 1;
            }
            *state = UserState::default();
            Failure
        }
        // Every child not completed in the activation, then the count of the last statuses.
        User::Sweep(id, ports) => {
            let input = port_input(ports.b0, Entry::b0, bb);
            ctx.user(*id, 't');
            ctx.user_in(*id, input);
            for i in 0..n {
                if !matches!(kids.status(i), Some(Success | Failure | Skipped)) {
                    kids.tick(i, ctx, bb);
                }
            }
            let of = |status| (0..n).filter(|&i| kids.status(i) == Some(status)).count();
            let (successes, failures) = (of(Success), of(Failure));
            let need = 1 + input.rem_euclid(n as i64) as usize;
            ctx.user_out(*id, successes as i64);
            kids.outputs.push((ports.b1, Entry::b1, successes as i64));
            if successes >= need {
                Success
            } else if failures + need > n {
                Failure
            } else if (0..n).any(|i| kids.running(i)) {
                Running
            } else {
                Skipped
            }
        }
        User::Twice(id) => {
            ctx.user(*id, 't');
            let first = kids.tick(0, ctx, bb);
            if first == Running {
                Running
            } else {
                kids.tick(0, ctx, bb)
            }
        }
        User::Rotate(id) => {
            ctx.user(*id, 't');
            let turn = state.at;
            for other in 0..n {
                if other != turn {
                    kids.halt(other, ctx, bb);
                }
            }
            let status = kids.tick(turn, ctx, bb);
            state.at = (turn + 1) % n;
            if status == Failure {
                for i in 0..n {
                    kids.halt(i, ctx, bb);
                }
                state.at = 0;
                Failure
            } else if matches!(status, Success | Skipped) && turn + 1 == n {
                state.at = 0;
                Success
            } else {
                Running
            }
        }
        User::Gate(id, ports) => {
            let input = port_input(ports.b0, Entry::b0, bb);
            let inout = ports.t0.and_then(|b| b.entry(Entry::t0)).expect("bound");
            let before = super::bb_slot(bb, inout).value.expect("an i64 entry");
            ctx.user(*id, 't');
            ctx.user_in(*id, input);
            if input.rem_euclid(4) == 3 {
                kids.halt(0, ctx, bb);
                return Running;
            }
            let status = kids.tick(0, ctx, bb);
            ctx.user_out(*id, before + 1);
            kids.outputs.push((ports.t0, Entry::t0, before + 1));
            status
        }
    }
}
