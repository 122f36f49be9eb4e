//! The interpreter's control nodes and decorators of the user's own (`tree::User`, issue 26): a
//! submodule of `reference.rs`.
//!
//! Two things, each written from its docs and not from the library:
//!
//! * The contract the tree enforces around any such node, from the module docs of
//!   `bt_core::custom` ("The contract"), in [`tick_user`] and [`halt_user`]: the node reaches
//!   its children through a handle ([`Kids`]) that remembers what each child answered last in
//!   the activation; `on_start` runs before the first tick of each activation, which starts on
//!   the node's first tick and on its first tick after a halt or a reset (under a built-in parent
//!   or at the root, a node is reset when it completes; under a user node, when that parent
//!   halts it or ends its own activation, or when the node answered `Skipped`); when the node
//!   answers anything but `Running`, its written outputs reach their entries, then every child
//!   still running is halted, in child order, and the last statuses are forgotten; a halt of the
//!   running node halts its running children in child order, then calls its `on_halted`; in a
//!   tree with an error type, a child's error ends the tick: the handle answers `Failure` from
//!   then on without ticking, the node's rule still runs to its end (its answer ignored, its
//!   outputs stored), and the error then aborts the tick with the node counted as running, so
//!   that the tree's halt halts it. Ports are live: inputs are read when the rule reads them
//!   (loaded before the call and again after each child), outputs reach their entries before
//!   each child the node ticks or halts, and when its call returns.
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
    /// RateController: when its period started (the activation's first tick, then each success
    /// of the child), and whether the child is yet to be ticked in the activation.
    pub start: Duration,
    pub first_time: bool,
    /// Fuse: it ended the tick with its own error; the tree's halt after the error halts its
    /// running children but does not call its `on_halted` (it has finished).
    pub own_error: bool,
}

impl UserState {
    /// What survives a halt of the tree while the node is idle: RoundRobin's turn (it carries
    /// over from one activation to the next); every other node starts each activation afresh.
    pub fn halt_memory(&self, user: &User) -> UserState {
        match user {
            User::RoundRobin => UserState {
                at: self.at,
                ..UserState::default()
            },
            _ => UserState::default(),
        }
    }
}

/// Marks `node` (through its pre- and post-conditions) as the child of a user node, when it is
/// one: its parent resets it.
pub fn mark_under_user(node: &mut RefNode) {
    match node {
        RefNode::User { under_user, .. } => *under_user = true,
        RefNode::Guarded { child, .. } => mark_under_user(child),
        _ => {}
    }
}

/// Resets `node` (through its conditions) when it is a user node: its next tick starts an
/// activation (with `on_start`, so that what it keeps meanwhile is not seen but its
/// `halt_memory`: the interpreter forgets the rest, which keeps its state comparable).
fn reset(node: &mut RefNode) {
    match node {
        RefNode::User {
            user,
            state,
            started,
            ..
        } => {
            *started = false;
            *state = state.halt_memory(user);
        }
        RefNode::Guarded { child, .. } => reset(child),
        _ => {}
    }
}

/// The handle over a user node's children: ticks and halts them, and remembers their last
/// statuses in the activation and the first error.
struct Kids<'a> {
    children: &'a mut [RefNode],
    last: &'a mut [Option<Status>],
    error: Option<DiffError>,
    /// What the node wrote to its output and in-out ports and has not delivered: `(binding,
    /// port, value)`, stored before each child's tick or halt and after the call.
    outputs: Vec<(Option<Bind>, Entry, i64)>,
    /// The node's own error (`Fuse`), which ends the tick after its rule.
    own: Option<DiffError>,
}

impl Kids<'_> {
    fn len(&self) -> usize {
        self.children.len()
    }

    /// The node's written outputs reach their entries (before a child, and at the end).
    fn deliver(&mut self, bb: &mut Bb) {
        store(&self.outputs, bb);
        self.outputs.clear();
    }

    fn tick(&mut self, i: usize, ctx: &mut Ctx, bb: &mut Bb) -> Status {
        if self.error.is_some() {
            return Failure;
        }
        if !mutant(Mutation::UserOutputsAfterCall) {
            self.deliver(bb);
        }
        // A user child whose last status is none starts an activation.
        if self.last[i].is_none() {
            reset(&mut self.children[i]);
        }
        match fallible::tick_user_child(&mut self.children[i], ctx, bb) {
            Ok(status) => {
                // A skipped child is idle again (its last status none, its activation over).
                if status == Skipped {
                    self.last[i] = None;
                    reset(&mut self.children[i]);
                } else {
                    self.last[i] = Some(status);
                }
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

    /// Halts child `i` if it runs (an idle one is left alone: `RefNode::halt`), and resets it.
    fn halt(&mut self, i: usize, ctx: &mut Ctx, bb: &mut Bb) {
        if !mutant(Mutation::UserOutputsAfterCall) {
            self.deliver(bb);
        }
        self.children[i].halt(ctx, bb);
        self.last[i] = None;
        reset(&mut self.children[i]);
    }

    fn status(&self, i: usize) -> Option<Status> {
        self.last[i]
    }

    fn running(&self, i: usize) -> bool {
        self.last[i] == Some(Running)
    }
}

/// One tick of a user node: `on_start` at the start of an activation, its rule over the
/// handle, then the contract's end of the tick.
#[allow(clippy::too_many_arguments)]
pub fn tick_user(
    user: &User,
    children: &mut [RefNode],
    last: &mut [Option<Status>],
    state: &mut UserState,
    started: &mut bool,
    under_user: bool,
    ctx: &mut Ctx,
    bb: &mut Bb,
) -> Status {
    if !*started {
        *started = true;
        on_start(user, state, ctx);
    }
    let mut kids = Kids {
        children,
        last,
        error: None,
        outputs: Vec::new(),
        own: None,
    };
    let status = rule(user, &mut kids, state, ctx, bb);
    // The outputs reach their entries when the call returns, before the halts of completion.
    kids.deliver(bb);
    if let Some(error) = kids.error {
        // The node's answer is ignored; the tick is aborted with the node running.
        fallible::reraise_from_user(error);
    }
    if let Some(error) = kids.own {
        // Its own error: it has finished, its completed children are reset, the running ones
        // are the tree's to halt. It is left counted as running, marked, so that the tree's
        // halt after the error reaches its children; that halt does not call its `on_halted`.
        state.own_error = true;
        for i in 0..kids.len() {
            if kids.last[i] != Some(Running) {
                kids.last[i] = None;
                reset(&mut kids.children[i]);
            }
        }
        fallible::reraise_from_user(error);
    }
    if status != Running {
        // Completed: what still runs is halted, once, in child order; the last statuses are
        // forgotten (which resets the user children).
        for i in 0..kids.len() {
            if !mutant(Mutation::UserLeavesChildrenRunning) {
                kids.children[i].halt(ctx, bb);
            }
            if !mutant(Mutation::UserKeepsLastStatuses) {
                kids.last[i] = None;
                reset(&mut kids.children[i]);
            }
        }
        // Under a built-in parent a completed node is reset at once; under a user node, its
        // parent resets it.
        let reset_now = if under_user {
            mutant(Mutation::UserChildResetOnCompletion)
        } else {
            !mutant(Mutation::UserNotResetOnCompletion)
        };
        if reset_now {
            *started = false;
            *state = state.halt_memory(user);
        }
    }
    status
}

/// Stores a node's written outputs: `(binding, port, value)`.
fn store(outputs: &[(Option<Bind>, Entry, i64)], bb: &mut Bb) {
    for &(bind, port, value) in outputs {
        deliver(bind, port, Some(value), bb);
    }
}

/// The halt of a running user node: its running children in child order, then its
/// `on_halted`; then it is reset.
pub fn halt_user(
    user: &User,
    children: &mut [RefNode],
    last: &mut [Option<Status>],
    state: &mut UserState,
    started: &mut bool,
    ctx: &mut Ctx,
    bb: &mut Bb,
) {
    // A node that ended the tick with its own error has finished: no `on_halted`.
    let finished = state.own_error && !mutant(Mutation::UserOwnErrorHalted);
    let before = mutant(Mutation::UserHaltedBeforeChildren);
    if before && !finished {
        on_halted(user, state, ctx, bb);
    }
    for (child, last) in children.iter_mut().zip(last.iter_mut()) {
        child.halt(ctx, bb);
        *last = None;
        reset(child);
    }
    if !before && !finished {
        on_halted(user, state, ctx, bb);
    }
    // The next activation starts with `on_start`: what the nodes keep meanwhile is not seen.
    *state = state.halt_memory(user);
    *started = false;
}

/// The node's `on_start`: the navigation nodes restart their state (RoundRobin keeps its
/// turn); the nodes that log, log it.
fn on_start(user: &User, state: &mut UserState, ctx: &mut Ctx) {
    match user {
        User::Pipeline | User::Recovery(_) => *state = UserState::default(),
        User::Rate(_) => {
            state.start = ctx.now();
            state.first_time = true;
        }
        User::RoundRobin => {}
        User::Sweep(id, _) | User::Twice(id) | User::Rotate(id) | User::Gate(id, _) => {
            ctx.user(*id, 's')
        }
        User::Fuse(id) => {
            ctx.user(*id, 's');
            state.count = 0;
        }
    }
}

/// The node's `on_halted`: RoundRobin and Rotate give the turn back to the first child; the
/// nodes that log, log it.
fn on_halted(user: &User, state: &mut UserState, ctx: &mut Ctx, bb: &mut Bb) {
    match user {
        User::Sweep(id, ports) => {
            // Its input is loaded before `on_halted` too.
            let need = port_input(ports.b0, Entry::b0, bb);
            ctx.user_in(*id, need);
            ctx.user(*id, 'x');
        }
        User::Twice(id) | User::Rotate(id) | User::Gate(id, _) | User::Fuse(id) => {
            ctx.user(*id, 'x')
        }
        _ => {}
    }
    if matches!(user, User::RoundRobin | User::Rotate(_)) {
        state.at = 0;
        state.count = 0;
    }
}

/// Each node's rule (its docs), over the handle.
fn rule(user: &User, kids: &mut Kids, state: &mut UserState, ctx: &mut Ctx, bb: &mut Bb) -> Status {
    let n = kids.len();
    match user {
        // Every tick from the first child; a running child before the furthest reached is
        // passed over; Running at the first running child at or past it; a failure fails;
        // all done (Skipped counts as done) succeeds; completed, it starts over.
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
        // retries the action in the same tick, up to `number_of_retries` (default 1) times;
        // Skipped counts as success; completed, it starts over.
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
        // The child at the activation's first tick, then once a period has passed since the
        // period started (the activation's start, then each success of the child), and on
        // every tick while it runs; Running in between.
        User::Rate(hz) => {
            let period = Duration::from_millis(1000 / u64::from(*hz));
            let now = ctx.now();
            let due = now.saturating_sub(state.start) >= period;
            if !(state.first_time || kids.running(0) || due) {
                return Running;
            }
            state.first_time = false;
            let status = kids.tick(0, ctx, bb);
            if status == Success {
                state.start = now;
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
                if matches!(kids.status(i), None | Some(Running)) {
                    kids.tick(i, ctx, bb);
                }
            }
            let of = |status| (0..n).filter(|&i| kids.status(i) == Some(status)).count();
            let (successes, failures) = (of(Success), of(Failure));
            // The input as it is after the children (who may have written its entry).
            let now = if mutant(Mutation::UserInputsReadOnce) {
                input
            } else {
                port_input(ports.b0, Entry::b0, bb)
            };
            let need = 1 + now.rem_euclid(n as i64) as usize;
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
            // The even children are halted without asking whether they run (a halt of an idle
            // child resets it); the odd ones only when they run.
            for other in (0..n).filter(|&other| other != turn) {
                if other % 2 == 0 || kids.running(other) {
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
        // The child's status, but its second failure in the activation is an error of the
        // node's own.
        User::Fuse(id) => {
            ctx.user(*id, 't');
            let status = kids.tick(0, ctx, bb);
            if status == Failure {
                state.count += 1;
                if state.count == 2 {
                    kids.own = Some(DiffError(*id as u32));
                }
            }
            status
        }
        User::Gate(id, ports) => {
            let input = port_input(ports.b0, Entry::b0, bb);
            let inout = ports.t0.and_then(|b| b.entry(Entry::t0)).expect("bound");
            let before = super::bb_slot(bb, inout).value.expect("an i64 entry");
            ctx.user(*id, 't');
            ctx.user_in(*id, input);
            if input.rem_euclid(4) == 3 {
                if kids.running(0) {
                    kids.halt(0, ctx, bb);
                }
                return Running;
            }
            // Written before the child's tick, which sees it.
            ctx.user_out(*id, before + 1);
            kids.outputs.push((ports.t0, Entry::t0, before + 1));
            kids.tick(0, ctx, bb)
        }
    }
}
