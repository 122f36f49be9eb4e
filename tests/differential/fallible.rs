//! Trees with an error type (`tree T for Ctx, error DiffError`; docs/tour.md and the guide, "Errors",
//! `decisions.md` decision 11): the fallible leaves' side of the interpreter, the `fallible!`
//! line of the generated parts, and the harness's checks after a tick that failed.
//!
//! The interpreter (written from the guide's "Errors" section, not from the macro):
//!
//! * A fallible leaf ([`tick_try`]) or an `Error` node ([`raise`]) that fails aborts the tick:
//!   it unwinds (`resume_unwind`, no panic message) up to [`Reference::try_tick`]. Every
//!   [`RefNode::tick`] records its node on a path ([`enter`]/[`leave`]), so that after the
//!   unwind the path from the root to the failing leaf is known.
//! * The failing leaf has finished: it is not running, and gets no `on_halted` (and, wrapped in
//!   attributes, no hook). No ancestor answers: none runs `on_success`/`on_failure`/`post`.
//! * The ancestors on the path that *can run* ([`can_run`], the rule the guide gives) count as
//!   running; those that cannot are left as a halt would leave them, without being halted (no
//!   hook runs). Then the whole tree is halted as by `halt`: every running node, parents first,
//!   with its `on_halted`/`post` hooks, and the tree's halt memory rules (SequenceWithMemory keeps
//!   its position, at the child that failed).
//! * A halt cannot fail ([`tick_in_halt`]): the catch child of `TryCatch(catch_on_halt = true)`
//!   ticked in a halt whose tick fails counts as failed; what the aborted tick left running in
//!   it is halted with it.

#![allow(dead_code)]

use std::cell::RefCell;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};

use bt::Status;

use super::{Run, Totals};
use crate::leaves::{Bb, Call, Ctx, DiffError};
use crate::reference::{active_mutation, Mutation, RefNode, Reference};
use crate::tree::{Count, Ext, Node, PortLeaf, Rule, StatusName};

/// `fallible!(Tree0042);`: a tree with an error type behind [`super::DynTree`] (it has no
/// `BehaviorTree` impl: its `tick` returns `Result<Status, DiffError>`). The generator writes
/// one line after each such tree.
macro_rules! fallible {
    ($name:ident) => {
        impl crate::harness::DynTree for $name {
            fn tick(
                &mut self,
                ctx: &mut crate::leaves::Ctx,
            ) -> Result<bt::Status, crate::leaves::DiffError> {
                $name::tick(self, ctx)
            }
            fn halt(&mut self, ctx: &mut crate::leaves::Ctx) {
                $name::halt(self, ctx)
            }
            fn status(&self) -> Option<bt::Status> {
                $name::status(self)
            }
            fn snapshot(&self) -> crate::leaves::Bb {
                crate::harness::Board::snapshot(self.blackboard())
            }
            fn poke(&mut self, entry: crate::tree::Entry, value: Option<i64>) {
                crate::harness::Board::poke(self.blackboard_mut(), entry, value)
            }
            fn as_any(&self) -> &dyn std::any::Any {
                self
            }
        }
    };
}

/// The unwind payload of an aborted tick.
struct Abort(DiffError);

thread_local! {
    /// The nodes being ticked, root first (addresses).
    static PATH: RefCell<Vec<usize>> = const { RefCell::new(Vec::new()) };
    /// The nodes of the current tree that can run (addresses), built by `try_tick`.
    static CAN_RUN: RefCell<Vec<usize>> = const { RefCell::new(Vec::new()) };
    /// The case `try_tick` last saw (its description's address) and whether its tree is
    /// fallible.
    static SEEN: std::cell::Cell<(usize, bool)> = const { std::cell::Cell::new((0, false)) };
}

fn addr(node: &RefNode) -> usize {
    node as *const RefNode as usize
}

fn mutant(mutation: Mutation) -> bool {
    active_mutation() == Some(mutation)
}

/// Called when `node`'s tick starts; the depth to give [`leave`].
pub fn enter(node: &RefNode) -> usize {
    PATH.with(|path| {
        let mut path = path.borrow_mut();
        path.push(addr(node));
        path.len() - 1
    })
}

/// Called when a tick returns normally.
pub fn leave(depth: usize) {
    PATH.with(|path| path.borrow_mut().truncate(depth));
}

/// Aborts the tick with `error`.
pub fn raise(error: DiffError) -> ! {
    resume_unwind(Box::new(Abort(error)))
}

/// One tick of a fallible leaf (`'c'` condition, `'a'` action, `'t'` stateful action: `on_start`,
/// or `on_running` when it is running); an error aborts the tick.
pub fn tick_try(kind: char, id: usize, running: bool, ctx: &mut Ctx) -> Status {
    let result = match kind {
        'c' => ctx.try_check(id).map(Status::from_bool),
        'a' => ctx.try_exec(id).map(Into::into),
        _ if running => ctx.try_on_running(id),
        _ => ctx.try_on_start(id),
    };
    result.unwrap_or_else(|error| raise(error))
}

/// A child's tick by a user node's handle (`reference_user.rs`): an aborted tick answers the
/// error, after the nodes of its path in `child` are left as the abort leaves them (the failing
/// leaf finished, those that can run counting as running: the library marks them as the error
/// passes, before the user node's rule goes on).
pub fn tick_user_child(
    child: &mut RefNode,
    ctx: &mut Ctx,
    bb: &mut Bb,
) -> Result<Status, DiffError> {
    match catch(|| child.tick(ctx, bb)) {
        Ok(status) => Ok(status),
        Err((error, path)) => {
            abort_path(child, &path);
            Err(error)
        }
    }
}

/// Aborts the tick with a child's `error` from the user node being ticked (the last node on
/// the path), once its rule has run: the path ends past that node (an address no node has), so
/// that the abort counts it as running and leaves its children as [`tick_user_child`] left
/// them.
pub fn reraise_from_user(error: DiffError) -> ! {
    PATH.with(|path| path.borrow_mut().push(usize::MAX));
    raise(error)
}

/// Runs `tick`; an aborted tick answers its error and the path (from the node `tick` ticked to
/// the failing leaf).
fn catch(tick: impl FnOnce() -> Status) -> Result<Status, (DiffError, Vec<usize>)> {
    let depth = PATH.with(|path| path.borrow().len());
    match catch_unwind(AssertUnwindSafe(tick)) {
        Ok(status) => Ok(status),
        Err(payload) => match payload.downcast::<Abort>() {
            Ok(abort) => {
                let path = PATH.with(|path| path.borrow_mut().split_off(depth));
                Err((abort.0, path))
            }
            Err(other) => resume_unwind(other),
        },
    }
}

/// Whether a node can run (answer `Running`, and so be running between ticks), the rule of the
/// guide's "Errors" section: the leaves that can (`StatefulAction`, `AlwaysRunning`/`Runner`,
/// `Sleep`, `Wait`, `SubTree`); the nodes that run on their own (`AsyncSequence`,
/// `AsyncFallback`, `Parallel`, `KeepRunningUntilFailure`, `WaitValueUpdate`, `Delay`, `Loop`,
/// `RepeatUntil`, `WaitUntil`, behavior3's `RepeatUntilFailure`/`RepeatUntilSuccess`); the
/// counted loops (`Repeat`, `RetryUntilSuccessful`, `Repeater`, `RepeatTimes`) unless their
/// count is 0 (never) or 1 (when their child can); `Precondition` when its child can or its
/// `else` is `Running`; every other composite or decorator when one of its children can.
pub fn can_run(node: &Node) -> bool {
    let children = node.children();
    let any = || children.iter().any(|c| can_run(c));
    let looping = |n: &Count| match n {
        Count::Times(0) => false,
        Count::Times(1) => any(),
        _ => true,
    };
    match node.bare() {
        Node::Composite(kind, _) => {
            matches!(kind.rule(), Rule::AsyncSequence | Rule::AsyncFallback) || any()
        }
        Node::Parallel(..)
        | Node::KeepRunningUntilFailure(_)
        | Node::WaitValueUpdate(..)
        | Node::Delay(..)
        | Node::Loop(..)
        | Node::Stateful(..)
        | Node::AlwaysRunning
        | Node::Sleep(_)
        | Node::Sub(..) => true,
        // A user node may answer Running whatever its children do (`bt::custom`: "Running").
        Node::User(..) => true,
        Node::Ported(leaf, ..) => *leaf == PortLeaf::Task,
        Node::Repeat(n, _) | Node::Retry(n, ..) => looping(n),
        Node::Precondition(_, otherwise, _) => any() || *otherwise == Some(StatusName::Running),
        Node::Condition(..)
        | Node::Action(..)
        | Node::BbCondition(..)
        | Node::BbAction(..)
        | Node::AlwaysSuccess
        | Node::AlwaysFailure
        | Node::SetBlackboard(..)
        | Node::UnsetBlackboard(..)
        | Node::Script(..)
        | Node::ScriptCondition(..)
        | Node::WasEntryUpdated(..)
        | Node::Error(_) => false,
        Node::ParallelAll(..)
        | Node::IfThenElse(..)
        | Node::WhileDoElse(..)
        | Node::Switch(..)
        | Node::TryCatch(..)
        | Node::Inverter(..)
        | Node::ForceSuccess(_)
        | Node::ForceFailure(_)
        | Node::RunOnce(..)
        | Node::SkipUnlessUpdated(..)
        | Node::Timeout(..) => any(),
        Node::Ext(ext, _) => match ext {
            Ext::Wait(_)
            | Ext::Runner
            | Ext::RepeatUntil(_)
            | Ext::WaitUntil(_)
            | Ext::RepeatUntilFailure(_)
            | Ext::RepeatUntilSuccess(_) => true,
            // Iterate waits for its list's next item and Guard for its token (kinds table:
            // `Running::Always`).
            Ext::Iterate(..) | Ext::Guard(_) => true,
            Ext::Succeeder | Ext::Failer => false,
            Ext::Repeater(n) | Ext::RepeatTimes(n) => looping(n),
            Ext::Limiter(_)
            | Ext::MaxTime(_)
            | Ext::Optional
            | Ext::Remap(..)
            | Ext::Interrupt(_)
            | Ext::Conditional(..)
            | Ext::Deadline(_)
            | Ext::Filter(..)
            | Ext::Cooldown(..)
            | Ext::FlipSelector
            | Ext::StepSequencer
            | Ext::BinarySelector(..)
            | Ext::IndexSwitch(..)
            | Ext::PolicyParallel(..)
            | Ext::DynamicSequence
            | Ext::DynamicSelector
            | Ext::PrioritySelector(..)
            | Ext::RandomSequence
            | Ext::RandomSelector
            | Ext::ProbabilitySelector(..)
            | Ext::Observe(..) => any(),
        },
        Node::Attr(..) => unreachable!("bare"),
    }
}

/// The addresses of `r`'s nodes that can run (`node` is its description).
fn index(node: &Node, r: &mut RefNode, out: &mut Vec<usize>) {
    if can_run(node) {
        out.push(addr(r));
    }
    if let RefNode::Guarded { child, .. } = r {
        // The attributes' wrapper and the node are one node of the description.
        return index(node.bare(), child, out);
    }
    for (c, rc) in node.children().into_iter().zip(r.children_mut()) {
        index(c, rc, out);
    }
}

/// After an aborted tick of `node` along `path` (its nodes, the failing leaf last): the failing
/// leaf has finished; the nodes on the path that can run count as running, the others are left
/// as a halt leaves a node (they have no running descendant).
fn abort_path(node: &mut RefNode, path: &[usize]) {
    let me = addr(node);
    if !path.contains(&me) {
        return;
    }
    if path.last() == Some(&me) {
        node.set_running(mutant(Mutation::ErrorHaltsFailingAction));
        return;
    }
    for child in node.children_mut() {
        abort_path(child, path);
    }
    let runs = CAN_RUN.with(|set| set.borrow().contains(&me));
    if mutant(Mutation::ErrorHaltsOnlyRunningNodes) {
        return;
    }
    if runs || mutant(Mutation::ErrorHaltsEveryPathNode) {
        node.set_running(true);
    } else if !mutant(Mutation::ErrorKeepsActivationState) {
        node.forget_in_place();
    }
}

/// The mutations of the error path, which only a tree with an error type can show (the
/// mutation check skips the others for them).
pub fn on_error_path(mutation: Mutation) -> bool {
    matches!(
        mutation,
        Mutation::ErrorHaltsOnlyRunningNodes
            | Mutation::ErrorHaltsFailingAction
            | Mutation::ErrorHaltsEveryPathNode
            | Mutation::ErrorKeepsActivationState
            | Mutation::UserStopsAtChildError
            | Mutation::UserOwnErrorHalted
    )
}

/// The catch child of `TryCatch(catch_on_halt = true)` ticked in a halt: a halt cannot fail, so
/// an error counts as a failure (docs/tour.md and the guide, "Errors"), and what the aborted tick left running
/// in the child counts as running (the TryCatch's halt then halts it).
pub fn tick_in_halt(catch_child: &mut RefNode, ctx: &mut Ctx, bb: &mut Bb) -> Status {
    match catch(|| catch_child.tick(ctx, bb)) {
        Ok(status) => status,
        Err((_, path)) => {
            abort_path(catch_child, &path);
            Status::Failure
        }
    }
}

impl Reference {
    /// One tick of a tree that may have an error type (`tree` is its root, `desc` the case's
    /// description, which names the tree for a cache): an
    /// error aborts the tick, every running node is halted as by [`Reference::halt`] (the nodes
    /// on the failing leaf's path that can run count as running), and the error is the answer.
    pub fn try_tick(
        &mut self,
        desc: &'static str,
        tree: &Node,
        ctx: &mut Ctx,
    ) -> Result<Status, DiffError> {
        let (seen, fallible) = SEEN.get();
        let fallible = if seen == desc.as_ptr() as usize {
            fallible
        } else {
            let fallible = tree.fallible();
            SEEN.set((desc.as_ptr() as usize, fallible));
            fallible
        };
        if !fallible {
            return Ok(self.tick(ctx));
        }
        CAN_RUN.with(|set| {
            let mut set = set.borrow_mut();
            set.clear();
            index(tree, &mut self.root, &mut set);
        });
        match catch(|| self.tick(ctx)) {
            Ok(status) => Ok(status),
            Err((error, path)) => {
                abort_path(&mut self.root, &path);
                self.halt(ctx);
                Err(error)
            }
        }
    }
}

impl Run<'_> {
    /// The checks after a tick that failed with `error` (the library and the interpreter agreed
    /// on the error, the calls and the blackboard `board`): `status()` is `None`, the stateful
    /// contract holds, nothing is left started (so every action that was started got `on_halted`
    /// exactly once: a second one, or one for the failing action, breaks the contract), the
    /// interpreter's state is its initial one but for the halt memory, and the next ticks start
    /// afresh: a tree without halt memory behaves like a new one given the same blackboard.
    pub(super) fn after_error(
        &mut self,
        error: DiffError,
        calls: &[Call],
        board: Bb,
        totals: &mut Totals,
    ) -> Result<(), String> {
        totals.errors += 1;
        if self.lib.status().is_some() {
            return Err(self.report(
                "status() after a tick that failed",
                &format!("{:?}, expected None (error {error:?})", self.lib.status()),
            ));
        }
        self.check_contract()?;
        let left = self.lib_ctx.started();
        if !left.is_empty() {
            return Err(self.report(
                "actions are left started after a tick that failed (every running node must be halted)",
                &format!("{left:?} (error {error:?})"),
            ));
        }
        let root = &self.reference.root;
        if active_mutation().is_none() && *root != root.forget_all_but_halt_memory() {
            return Err(self.report(
                "reference bug: state left after a tick that failed",
                &format!("{root:?}"),
            ));
        }
        self.tick_shadow(Err(error), calls, totals)?;
        self.start_shadow(&board);
        Ok(())
    }
}
