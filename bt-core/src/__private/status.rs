//! Status and halt plumbing: every node's result and every halt pass through these, which keep
//! the running flags and tell the observer.

#[allow(unused_imports)]
use super::*;

/// The one place every node's result passes through: records whether a node that can run is
/// running (`active`) and tells the observer.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn finish<O: Observer>(
    active: Option<&mut bool>,
    node: usize,
    status: Status,
    observer: &mut O,
) -> Status {
    if let Some(active) = active {
        *active = status == Status::Running;
    }
    observer.on_status(node, status);
    status
}

/// [`finish`] for a node without a running flag of its own (it cannot run, or its flag is kept
/// elsewhere): tells the observer.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn done<O: Observer>(node: usize, status: Status, observer: &mut O) -> Status {
    observer.on_status(node, status);
    status
}

/// An ancestor of a leaf resumed directly (`crate::resume`) that answers `Running` again: it
/// was running and stays running (its flag is already set), so only the observer is told.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn still_running<O: Observer>(node: usize, observer: &mut O) {
    observer.on_status(node, Status::Running);
}

/// A composite's walk (the `Flow` protocol of `crate::control`) after its child answered:
/// `None` when the walk goes on (`child` is then the next child to tick), else the end of the
/// walk: the child to halt first ([`NO_CHILD`]: none) and the composite's status. The generated
/// walk breaks out of its steps with it, and halts the named child in one place after them.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn advance(flow: Flow, child: &mut usize) -> Option<(usize, Status)> {
    match flow {
        Flow::Tick(next) => {
            *child = next;
            None
        }
        Flow::Return(status) => Some((NO_CHILD, status)),
        Flow::HaltAndReturn { halt, status } => Some((halt, status)),
    }
}

/// The composites that walk their children in order (`crate::control`'s `Flow` protocol) whose
/// rule takes nothing but the child, its status and the width: one step of the generated walk is
/// one call of [`follow`].
pub trait InOrder {
    /// The rule's `on_child`.
    fn on_child_at(&mut self, child: usize, status: Status, len: usize) -> Flow;
}

/// [`InOrder`] for the reactive composites, whose rule also counts within one tick
/// ([`ReactiveTick`]): one step is one call of [`follow_reactive`].
pub trait InOrderReactive {
    /// The rule's `on_child`.
    fn on_child_at(
        &mut self,
        child: usize,
        status: Status,
        len: usize,
        tick: &mut ReactiveTick,
    ) -> Flow;
}

/// One step of a composite's walk: child `child` of `len` answered `status`, which the rule
/// turns into the walk's next child or its end, as [`advance`] does with the rule's answer. The
/// child's status comes first so that the generated step passes the child's tick (which borrows
/// the whole tree) before the rule's state.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn follow<R: InOrder>(
    status: Status,
    rule: &mut R,
    child: usize,
    len: usize,
    next: &mut usize,
) -> Option<(usize, Status)> {
    advance(rule.on_child_at(child, status, len), next)
}

/// [`follow`] for a reactive composite, with this tick's count.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn follow_reactive<R: InOrderReactive>(
    status: Status,
    rule: &mut R,
    child: usize,
    len: usize,
    tick: &mut ReactiveTick,
    next: &mut usize,
) -> Option<(usize, Status)> {
    advance(rule.on_child_at(child, status, len, tick), next)
}

macro_rules! in_order {
    ($($rule:ident < $($param:ident: $bound:path),* >),* $(,)?) => {$(
        impl<$($param: $bound),*> InOrder for $rule<$($param),*> {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn on_child_at(&mut self, child: usize, status: Status, len: usize) -> Flow {
                self.on_child(child, status, len)
            }
        }
    )*};
}

in_order!(
    Sequence<I: SmallIndex, S: SkipCount>,
    SequenceWithMemory<I: SmallIndex, S: SkipCount>,
    Fallback<I: SmallIndex, S: SkipCount>,
    AsyncSequence<I: SmallIndex>,
    AsyncFallback<I: SmallIndex>,
    TryCatch<I: SmallIndex>,
);

macro_rules! in_order_reactive {
    ($($rule:ident),* $(,)?) => {$(
        impl<I: SmallIndex> InOrderReactive for $rule<I> {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn on_child_at(
                &mut self,
                child: usize,
                status: Status,
                len: usize,
                tick: &mut ReactiveTick,
            ) -> Flow {
                self.on_child(child, status, len, tick)
            }
        }
    )*};
}

in_order_reactive!(ReactiveSequence, ReactiveFallback);

/// One child's step of a `Parallel`: child `child` answered `status`; the verdict, if the node
/// decides ([`Parallel::on_child`]). The child's status comes first, as in [`follow`].
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn parallel_child<I: SmallIndex, const W: usize>(
    status: Status,
    rule: &mut Parallel<I, W>,
    child: usize,
    config: ParallelConfig,
) -> Option<Status> {
    rule.on_child(child, status, config)
}

/// One child's step of a `ParallelAll`: child `child` answered `status`
/// ([`ParallelAll::on_child`]). The child's status comes first, as in [`follow`].
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn parallel_all_child<I: SmallIndex, const W: usize>(
    status: Status,
    rule: &mut ParallelAll<I, W>,
    child: usize,
) {
    rule.on_child(child, status)
}

/// No child: the end of a walk that halts nothing ([`advance`]).
pub const NO_CHILD: usize = usize::MAX;

/// The ancestors of a leaf resumed directly (`crate::resume`) that answered `Running` again:
/// from node `parent` up to the root, in that order, each answers `Running` again, which only the
/// observer is told ([`still_running`]). A walk up the tree's `NODES`, so that the generated
/// code is one call per resumed leaf however deep it is; the walk is bounded by the table's
/// length and has no panic path, so that with an observer that ignores statuses an optimised
/// build keeps nothing of it.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn still_running_from<O: Observer>(nodes: &[NodeInfo], parent: usize, observer: &mut O) {
    let mut node = Some(parent);
    for _ in 0..nodes.len() {
        let Some(id) = node else {
            return;
        };
        observer.on_status(id, Status::Running);
        node = match nodes.get(id) {
            Some(info) => info.parent,
            None => None,
        };
    }
}

pub use crate::resume::Resume;

/// The direct resume's answer for the resumed leaf, which answered `status`: `true` when it is
/// still running (its ancestors from `parent` up answer `Running` again, which only the observer
/// is told, [`still_running_from`], and the tick returns `Running`), else `false` after handing
/// the status over to the walk that follows ([`Resume::hand_over`]). The leaf's status comes
/// first so that the generated code passes the leaf's tick (which borrows the whole tree) before
/// the resume state.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn resumed<C: crate::resume::ResumeCode, O: Observer>(
    status: Status,
    resume: &mut Resume<C>,
    nodes: &[NodeInfo],
    parent: usize,
    observer: &mut O,
) -> bool {
    if status == Status::Running {
        still_running_from(nodes, parent, observer);
        true
    } else {
        resume.hand_over(status);
        false
    }
}

/// The halt of a leaf resumed directly, whose running flag is the resume code: the next tick
/// walks from the root; tells the observer.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn halted_resumed<C: crate::resume::ResumeCode, O: Observer>(
    resume: &mut Resume<C>,
    node: usize,
    observer: &mut O,
) {
    resume.halted();
    observer.on_halted(node);
}
pub use crate::running::BoolFlags;

/// The one place every halt passes through: the node is no longer running; tell the observer.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn halted<O: Observer>(active: &mut bool, node: usize, observer: &mut O) {
    *active = false;
    observer.on_halted(node);
}

/// The root's running flag, read from the tree's status (`status()`): the root is running exactly
/// when the last tick answered `Running` and no halt followed.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn root_running(status: Option<Status>) -> bool {
    status == Some(Status::Running)
}

/// The halt of a node without a flag of its own: the root, whose running flag is the tree's
/// status, which the tree's halt clears. Tells the observer.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn halted_unflagged<O: Observer>(node: usize, observer: &mut O) {
    observer.on_halted(node);
}

pub use crate::NoObserver;
