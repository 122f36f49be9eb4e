//! The reference interpreter: a deliberately simple, dynamic implementation of every node kind
//! the macro supports, written from `/work/shared/spec/behaviortree-cpp.md` (sections 1-3) and
//! `decisions.md`, sharing no code with `bt-core`.
//!
//! Each node is a [`RefNode`] holding its own memory; `tick` and `halt` recurse. The model:
//!
//! * A node is *running* when its last tick answered `Running` and it has not been halted since.
//!   Every other node is idle; ticking an idle node starts a new activation.
//! * `halt` only touches running nodes: a running node halts its running children (in child
//!   order), clears its memory (except where the spec keeps it) and becomes idle. A running
//!   stateful leaf gets `on_halted`. A halt of the whole tree ([`Reference::halt`]) also clears
//!   the count an idle Repeat/RetryUntilSuccessful keeps after a skipped child.
//! * A composite resets its children (halts the running ones) whenever it completes.
//! * No node is ticked twice in one tick: looping decorators answer `Running` after a child
//!   completion that does not end the loop, and tick the child again on the next tick.
//!
//! Adding a node kind: add a [`RefNode`] variant, build it in [`RefNode::build`], write its rule
//! in [`RefNode::tick`], its halt in [`RefNode::halt`], and — if it has memory that survives a
//! halt — say so in [`RefNode::forget_all_but_halt_memory`].

#![allow(dead_code)]

use bt::Status::{self, Failure, Running, Skipped, Success};

use crate::leaves::Ctx;
use crate::tree::{Count, Node, Rule};

/// Deliberate errors the interpreter can be switched to, one at a time, to check that the
/// differential test notices them (`checks.rs`). Each is one `mutant(..)` test below; with no
/// mutation set (always, outside that check) they change nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mutation {
    /// SequenceWithMemory restarts at its first child after a halt.
    SwmForgetsIndexOnHalt,
    /// SequenceWithMemory restarts at its first child after a failure.
    SwmForgetsIndexOnFailure,
    /// A tree halt lets every RunOnce run again.
    RunOnceForgetsOnTreeHalt,
    /// A halt does not clear a running Repeat/Retry count.
    LoopKeepsCountOnHalt,
    /// `Repeat(0)` / `RetryUntilSuccessful(0)` run their child once.
    ZeroCountRunsOnce,
    /// Sequence/Fallback count skipped children per tick, not per activation.
    SkipCountPerTick,
    /// KeepRunningUntilFailure passes a skipped child's Skipped on.
    KeepRunningPassesSkipped,
    /// A reactive composite does not halt the other running child.
    ReactiveLeavesOtherRunning,
    /// A tree halt keeps the count of an idle Repeat/Retry whose child was skipped (a library
    /// bug found by this test, fixed).
    IdleLoopKeepsCountOnTreeHalt,
    /// KeepRunningUntilFailure ticks its child again in the same tick after a success (the
    /// BT.CPP loop that decision 1 rules out).
    LoopRestartsInSameTick,
    /// A reactive composite halts the later running child before ticking an earlier one (the
    /// spec halts it after, 2.3 note a).
    ReactiveHaltsBeforeTicking,
}

impl Mutation {
    pub const ALL: [Mutation; 11] = [
        Mutation::SwmForgetsIndexOnHalt,
        Mutation::SwmForgetsIndexOnFailure,
        Mutation::RunOnceForgetsOnTreeHalt,
        Mutation::LoopKeepsCountOnHalt,
        Mutation::ZeroCountRunsOnce,
        Mutation::SkipCountPerTick,
        Mutation::KeepRunningPassesSkipped,
        Mutation::ReactiveLeavesOtherRunning,
        Mutation::IdleLoopKeepsCountOnTreeHalt,
        Mutation::LoopRestartsInSameTick,
        Mutation::ReactiveHaltsBeforeTicking,
    ];
}

thread_local! {
    static MUTATION: std::cell::Cell<Option<Mutation>> = const { std::cell::Cell::new(None) };
}

/// Sets (or clears) this thread's mutation.
pub fn set_mutation(mutation: Option<Mutation>) {
    MUTATION.with(|m| m.set(mutation));
}

/// This thread's mutation, if any.
pub fn active_mutation() -> Option<Mutation> {
    MUTATION.with(|m| m.get())
}

fn mutant(mutation: Mutation) -> bool {
    MUTATION.with(|m| m.get()) == Some(mutation)
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RefNode {
    /// Sequence, MemSequence, SequenceWithMemory, SequenceStar, Fallback, MemPriority
    /// (spec 2.1, 2.2, 2.4): resume at `index`; `skipped` counts the activation's skipped
    /// children.
    Linear {
        rule: Rule,
        children: Vec<RefNode>,
        index: usize,
        skipped: usize,
        running: bool,
    },
    /// ReactiveSequence, ReactiveFallback (spec 2.3, 2.5): every tick from the first child.
    Reactive {
        rule: Rule,
        children: Vec<RefNode>,
        running: bool,
    },
    /// Inverter, ForceSuccess, ForceFailure (spec 3): map the child's completed status.
    Map {
        on_success: Status,
        on_failure: Status,
        child: Box<RefNode>,
        running: bool,
    },
    /// Repeat (spec 3 + decision 1): `count` successes so far.
    Repeat {
        times: Count,
        count: u32,
        child: Box<RefNode>,
        running: bool,
    },
    /// RetryUntilSuccessful (spec 3 + decision 1): `count` failures so far.
    Retry {
        times: Count,
        count: u32,
        child: Box<RefNode>,
        running: bool,
    },
    /// KeepRunningUntilFailure (spec 3 + decision 6).
    KeepRunning {
        child: Box<RefNode>,
        running: bool,
    },
    /// RunOnce (spec 3 + decision 6): `done` is the child's completed status, kept forever.
    RunOnce {
        then_skip: bool,
        done: Option<Status>,
        child: Box<RefNode>,
        running: bool,
    },
    Condition(usize),
    Action(usize),
    Stateful {
        id: usize,
        running: bool,
    },
    Constant(Status),
}

impl RefNode {
    pub fn build(node: &Node) -> RefNode {
        let child = |c: &Node| Box::new(RefNode::build(c));
        match node {
            Node::Composite(kind, children) => {
                let children = children.iter().map(RefNode::build).collect();
                match kind.rule() {
                    rule @ (Rule::ReactiveSequence | Rule::ReactiveFallback) => RefNode::Reactive {
                        rule,
                        children,
                        running: false,
                    },
                    rule => RefNode::Linear {
                        rule,
                        children,
                        index: 0,
                        skipped: 0,
                        running: false,
                    },
                }
            }
            Node::Inverter(c) => RefNode::Map {
                on_success: Failure,
                on_failure: Success,
                child: child(c),
                running: false,
            },
            Node::ForceSuccess(c) => RefNode::Map {
                on_success: Success,
                on_failure: Success,
                child: child(c),
                running: false,
            },
            Node::ForceFailure(c) => RefNode::Map {
                on_success: Failure,
                on_failure: Failure,
                child: child(c),
                running: false,
            },
            Node::Repeat(times, c) => RefNode::Repeat {
                times: *times,
                count: 0,
                child: child(c),
                running: false,
            },
            Node::Retry(times, c) => RefNode::Retry {
                times: *times,
                count: 0,
                child: child(c),
                running: false,
            },
            Node::KeepRunningUntilFailure(c) => RefNode::KeepRunning {
                child: child(c),
                running: false,
            },
            Node::RunOnce(form, c) => RefNode::RunOnce {
                then_skip: form.then_skip(),
                done: None,
                child: child(c),
                running: false,
            },
            Node::Condition(id, _) => RefNode::Condition(*id),
            Node::Action(id, _) => RefNode::Action(*id),
            Node::Stateful(id, _) => RefNode::Stateful {
                id: *id,
                running: false,
            },
            Node::AlwaysSuccess => RefNode::Constant(Success),
            Node::AlwaysFailure => RefNode::Constant(Failure),
        }
    }

    pub fn is_running(&self) -> bool {
        match self {
            RefNode::Linear { running, .. }
            | RefNode::Reactive { running, .. }
            | RefNode::Map { running, .. }
            | RefNode::Repeat { running, .. }
            | RefNode::Retry { running, .. }
            | RefNode::KeepRunning { running, .. }
            | RefNode::RunOnce { running, .. }
            | RefNode::Stateful { running, .. } => *running,
            RefNode::Condition(_) | RefNode::Action(_) | RefNode::Constant(_) => false,
        }
    }

    fn set_running(&mut self, value: bool) {
        match self {
            RefNode::Linear { running, .. }
            | RefNode::Reactive { running, .. }
            | RefNode::Map { running, .. }
            | RefNode::Repeat { running, .. }
            | RefNode::Retry { running, .. }
            | RefNode::KeepRunning { running, .. }
            | RefNode::RunOnce { running, .. }
            | RefNode::Stateful { running, .. } => *running = value,
            RefNode::Condition(_) | RefNode::Action(_) | RefNode::Constant(_) => {}
        }
    }

    /// Ticks this node once.
    pub fn tick(&mut self, ctx: &mut Ctx) -> Status {
        let was_running = self.is_running();
        let status = match self {
            RefNode::Linear {
                rule,
                children,
                index,
                skipped,
                ..
            } => {
                // A new activation starts with no skipped children; the index is 0 except
                // for a SequenceWithMemory that failed or was halted.
                if !was_running || mutant(Mutation::SkipCountPerTick) {
                    *skipped = 0;
                }
                let is_sequence = *rule != Rule::Fallback;
                // The child status that ends the composite early.
                let stop = if is_sequence { Failure } else { Success };
                let mut result = None;
                while *index < children.len() {
                    let child_status = children[*index].tick(ctx);
                    match child_status {
                        Running => {
                            result = Some(Running);
                            break;
                        }
                        Skipped => {
                            *skipped += 1;
                            *index += 1;
                        }
                        s if s == stop => {
                            if *rule == Rule::SequenceWithMemory
                                && !mutant(Mutation::SwmForgetsIndexOnFailure)
                            {
                                // Keep the position: the next activation re-ticks this child.
                                halt_all(&mut children[*index..], ctx);
                            } else {
                                halt_all(children, ctx);
                                *index = 0;
                            }
                            result = Some(stop);
                            break;
                        }
                        _ => *index += 1,
                    }
                }
                match result {
                    Some(Running) => Running,
                    Some(status) => {
                        *skipped = 0;
                        status
                    }
                    None => {
                        // Every child passed (or was skipped).
                        halt_all(children, ctx);
                        *index = 0;
                        let all_skipped = *skipped == children.len();
                        *skipped = 0;
                        if all_skipped {
                            Skipped
                        } else if is_sequence {
                            Success
                        } else {
                            Failure
                        }
                    }
                }
            }
            RefNode::Reactive { rule, children, .. } => {
                let stop = if *rule == Rule::ReactiveSequence {
                    Failure
                } else {
                    Success
                };
                let mut all_skipped = true;
                let mut result = None;
                for i in 0..children.len() {
                    if mutant(Mutation::ReactiveHaltsBeforeTicking) {
                        children[i + 1..].iter_mut().for_each(|c| c.halt(ctx));
                    }
                    let child_status = children[i].tick(ctx);
                    if child_status != Skipped {
                        all_skipped = false;
                    }
                    if child_status == Running {
                        // The running child wins; any other running child is halted, after
                        // this one was ticked.
                        for (j, other) in children.iter_mut().enumerate() {
                            if j != i && !mutant(Mutation::ReactiveLeavesOtherRunning) {
                                other.halt(ctx);
                            }
                        }
                        result = Some(Running);
                        break;
                    }
                    if child_status == stop {
                        halt_all(children, ctx);
                        result = Some(stop);
                        break;
                    }
                }
                match result {
                    Some(status) => status,
                    None => {
                        halt_all(children, ctx);
                        if all_skipped {
                            Skipped
                        } else if stop == Failure {
                            Success
                        } else {
                            Failure
                        }
                    }
                }
            }
            RefNode::Map {
                on_success,
                on_failure,
                child,
                ..
            } => match child.tick(ctx) {
                Success => *on_success,
                Failure => *on_failure,
                other => other,
            },
            RefNode::Repeat {
                times,
                count,
                child,
                ..
            } => {
                if *times == Count::Times(0) && !mutant(Mutation::ZeroCountRunsOnce) {
                    Success
                } else {
                    match child.tick(ctx) {
                        Running => Running,
                        Skipped => Skipped,
                        Failure => {
                            *count = 0;
                            Failure
                        }
                        Success => {
                            *count += 1;
                            if reached(*times, *count) {
                                *count = 0;
                                Success
                            } else {
                                // Restart the child on the next tick, not in this one.
                                Running
                            }
                        }
                    }
                }
            }
            RefNode::Retry {
                times,
                count,
                child,
                ..
            } => {
                if *times == Count::Times(0) && !mutant(Mutation::ZeroCountRunsOnce) {
                    Failure
                } else {
                    match child.tick(ctx) {
                        Running => Running,
                        Skipped => Skipped,
                        Success => {
                            *count = 0;
                            Success
                        }
                        Failure => {
                            *count += 1;
                            if reached(*times, *count) {
                                *count = 0;
                                Failure
                            } else {
                                Running
                            }
                        }
                    }
                }
            }
            RefNode::KeepRunning { child, .. } => match child.tick(ctx) {
                Failure => Failure,
                Skipped if mutant(Mutation::KeepRunningPassesSkipped) => Skipped,
                Success if mutant(Mutation::LoopRestartsInSameTick) => match child.tick(ctx) {
                    Failure => Failure,
                    _ => Running,
                },
                _ => Running,
            },
            RefNode::RunOnce {
                then_skip,
                done,
                child,
                ..
            } => match *done {
                Some(status) => {
                    if *then_skip {
                        Skipped
                    } else {
                        status
                    }
                }
                None => {
                    let status = child.tick(ctx);
                    if status.is_completed() {
                        *done = Some(status);
                    }
                    status
                }
            },
            RefNode::Condition(id) => Status::from_bool(ctx.check(*id)),
            RefNode::Action(id) => ctx.exec(*id).into(),
            RefNode::Stateful { id, running } => {
                if *running {
                    ctx.on_running(*id)
                } else {
                    ctx.on_start(*id)
                }
            }
            RefNode::Constant(status) => *status,
        };
        self.set_running(status == Running);
        status
    }

    /// Halts this node if it is running (and its running descendants); an idle node is left as
    /// it is.
    pub fn halt(&mut self, ctx: &mut Ctx) {
        if !self.is_running() {
            return;
        }
        match self {
            RefNode::Linear {
                rule,
                children,
                index,
                skipped,
                ..
            } => {
                halt_all(children, ctx);
                // SequenceWithMemory resumes at the halted child (spec 2.2, decision 2).
                if *rule != Rule::SequenceWithMemory || mutant(Mutation::SwmForgetsIndexOnHalt) {
                    *index = 0;
                }
                *skipped = 0;
            }
            RefNode::Reactive { children, .. } => halt_all(children, ctx),
            RefNode::Map { child, .. } | RefNode::KeepRunning { child, .. } => child.halt(ctx),
            RefNode::Repeat { count, child, .. } | RefNode::Retry { count, child, .. } => {
                child.halt(ctx);
                if !mutant(Mutation::LoopKeepsCountOnHalt) {
                    *count = 0;
                }
            }
            // The "already ran" memory is never cleared (decision 6).
            RefNode::RunOnce { child, .. } => child.halt(ctx),
            RefNode::Stateful { id, .. } => ctx.on_halted(*id),
            RefNode::Condition(_) | RefNode::Action(_) | RefNode::Constant(_) => {}
        }
        self.set_running(false);
    }

    /// The node's children.
    fn children_mut(&mut self) -> &mut [RefNode] {
        match self {
            RefNode::Linear { children, .. } | RefNode::Reactive { children, .. } => children,
            RefNode::Map { child, .. }
            | RefNode::Repeat { child, .. }
            | RefNode::Retry { child, .. }
            | RefNode::KeepRunning { child, .. }
            | RefNode::RunOnce { child, .. } => std::slice::from_mut(&mut **child),
            RefNode::Condition(_)
            | RefNode::Action(_)
            | RefNode::Stateful { .. }
            | RefNode::Constant(_) => &mut [],
        }
    }

    /// Calls `f` on this node and every descendant.
    fn for_each_mut(&mut self, f: &mut dyn FnMut(&mut RefNode)) {
        f(self);
        for child in self.children_mut() {
            child.for_each_mut(f);
        }
    }

    /// Sets the count of every Repeat/RetryUntilSuccessful in this subtree to 0.
    pub fn clear_loop_counts(&mut self) {
        self.for_each_mut(&mut |node| {
            if let RefNode::Repeat { count, .. } | RefNode::Retry { count, .. } = node {
                *count = 0;
            }
        });
    }

    /// This node as a freshly built one with only the memory that survives a halt kept:
    /// SequenceWithMemory's index and RunOnce's result. Used to check that the interpreter's
    /// own `halt` leaves exactly that.
    pub fn forget_all_but_halt_memory(&self) -> RefNode {
        let mut copy = self.clone();
        copy.for_each_mut(&mut |node| match node {
            RefNode::Linear {
                rule,
                index,
                skipped,
                ..
            } => {
                if *rule != Rule::SequenceWithMemory {
                    *index = 0;
                }
                *skipped = 0;
            }
            RefNode::Repeat { count, .. } | RefNode::Retry { count, .. } => *count = 0,
            _ => {}
        });
        copy.for_each_mut(&mut |node| node.set_running(false));
        copy
    }
}

/// True when a loop bounded by `times` has counted `count` completions.
fn reached(times: Count, count: u32) -> bool {
    match times {
        Count::Times(n) => count >= n,
        Count::Forever => false,
    }
}

/// Halts every running child, in child order (spec 1.3 "reset all children").
fn halt_all(children: &mut [RefNode], ctx: &mut Ctx) {
    for child in children {
        child.halt(ctx);
    }
}

/// A whole tree: the root and what `status()` reports.
pub struct Reference {
    pub root: RefNode,
    status: Option<Status>,
}

impl Reference {
    pub fn new(node: &Node) -> Reference {
        Reference {
            root: RefNode::build(node),
            status: None,
        }
    }

    pub fn tick(&mut self, ctx: &mut Ctx) -> Status {
        let status = self.root.tick(ctx);
        self.status = Some(status);
        status
    }

    /// Halts the tree: every running node (spec 1.3), then, like BT.CPP's `haltTree` safety
    /// net that halts every node, the counters of idle Repeat/RetryUntilSuccessful nodes (only
    /// an idle loop whose child was skipped still holds a count, spec 3 "count kept"), so that
    /// the next tick starts afresh except for SequenceWithMemory's index and RunOnce.
    pub fn halt(&mut self, ctx: &mut Ctx) {
        self.root.halt(ctx);
        self.status = None;
        if mutant(Mutation::RunOnceForgetsOnTreeHalt) {
            self.root.for_each_mut(&mut |node| {
                if let RefNode::RunOnce { done, .. } = node {
                    *done = None;
                }
            });
        }
        if !mutant(Mutation::IdleLoopKeepsCountOnTreeHalt) {
            self.root.clear_loop_counts();
        }
    }

    pub fn status(&self) -> Option<Status> {
        self.status
    }
}
