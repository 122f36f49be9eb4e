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

/// Where a composite's walk ended: the child to halt first ([`NO_CHILD`]: none) and the
/// composite's status. The generated walk declares it as [`NO_END`], each step writes it when the
/// walk ends ([`follow`]), and after the steps the named child is halted in one place.
pub type End = (usize, Status);

/// The end of a walk that has not ended yet: the value a walk's [`End`] starts with, which a walk
/// that ends always overwrites.
pub const NO_END: End = (NO_CHILD, Status::Running);

/// A composite's walk (the `Flow` protocol of `crate::control`) after its child answered:
/// `false` when the walk goes on (`child` is then the next child to tick), else `true` with the
/// end of the walk written to `end`. The generated step is one condition: `if follow(..) { break }`.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn advance(flow: Flow, child: &mut usize, end: &mut End) -> bool {
    match flow {
        Flow::Tick(next) => {
            *child = next;
            false
        }
        Flow::Return(status) => {
            *end = (NO_CHILD, status);
            true
        }
        Flow::HaltAndReturn { halt, status } => {
            *end = (halt, status);
            true
        }
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
    end: &mut End,
) -> bool {
    advance(rule.on_child_at(child, status, len), next, end)
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
    end: &mut End,
) -> bool {
    advance(rule.on_child_at(child, status, len, tick), next, end)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::__private::nodes::{action, control};

    /// What an observer was told, in order.
    #[derive(Default)]
    struct Told(Vec<(usize, Option<Status>)>);

    impl Observer for Told {
        fn on_status(&mut self, node: usize, status: Status) {
            self.0.push((node, Some(status)));
        }
        fn on_halted(&mut self, node: usize) {
            self.0.push((node, None));
        }
    }

    /// `follow`'s answer as an option: the end of the walk, if the step ended it.
    fn ended(step: impl FnOnce(&mut End) -> bool) -> Option<End> {
        let mut end = NO_END;
        step(&mut end).then_some(end)
    }

    /// A step of a Sequence of three through `follow`: each row of its rule, as `on_child` and
    /// `advance` give it.
    #[test]
    fn follow_is_the_rules_answer_and_the_walks_next_child() {
        let mut rule: Sequence = Sequence::new();
        let mut child = rule.start();
        assert_eq!(
            ended(|end| follow(Status::Success, &mut rule, 0, 3, &mut child, end)),
            None
        );
        assert_eq!(child, 1);
        assert_eq!(
            ended(|end| follow(Status::Running, &mut rule, 1, 3, &mut child, end)),
            Some((NO_CHILD, Status::Running))
        );
        // The next tick resumes at the running child; its failure ends the walk.
        let mut child = rule.start();
        assert_eq!(child, 1);
        assert_eq!(
            ended(|end| follow(Status::Failure, &mut rule, 1, 3, &mut child, end)),
            Some((NO_CHILD, Status::Failure))
        );
        let mut child = rule.start();
        assert_eq!(child, 0);
        for position in 0..2 {
            assert_eq!(
                ended(|end| follow(Status::Success, &mut rule, position, 3, &mut child, end)),
                None
            );
        }
        assert_eq!(
            ended(|end| follow(Status::Success, &mut rule, 2, 3, &mut child, end)),
            Some((NO_CHILD, Status::Success))
        );
    }

    /// A ReactiveFallback through `follow_reactive`: a child that succeeds before the running
    /// one ends the walk and names the running child to halt.
    #[test]
    fn follow_reactive_names_the_child_to_halt() {
        let mut rule: ReactiveFallback = ReactiveFallback::new();
        let mut tick = ReactiveTick::new();
        let mut child = rule.start();
        assert_eq!(
            ended(|end| follow_reactive(
                Status::Failure,
                &mut rule,
                0,
                2,
                &mut tick,
                &mut child,
                end
            )),
            None
        );
        assert_eq!(
            ended(|end| follow_reactive(
                Status::Running,
                &mut rule,
                1,
                2,
                &mut tick,
                &mut child,
                end
            )),
            Some((NO_CHILD, Status::Running))
        );
        let mut tick = ReactiveTick::new();
        let mut child = rule.start();
        assert_eq!(
            ended(|end| follow_reactive(
                Status::Success,
                &mut rule,
                child,
                2,
                &mut tick,
                &mut child,
                end
            )),
            Some((1, Status::Success))
        );
    }

    /// The direct resume: a leaf still running keeps the resume and its ancestors are told
    /// `Running` up to the root; a leaf that finished is handed over to the walk.
    #[test]
    fn resumed_tells_the_ancestors_or_hands_the_status_over() {
        // Root 0, its child 1, the leaf 2 under 1.
        const NODES: &[NodeInfo] = &[
            control("Root", "Sequence", 0, 0),
            control("Mid", "Sequence", 0, 1),
            action("Leaf", "StatefulAction", 1, 2),
        ];
        let mut resume: Resume = Resume::new();
        resume.ticked(1, Status::Running);
        let mut told = Told::default();
        assert!(resumed(Status::Running, &mut resume, NODES, 1, &mut told));
        assert_eq!(
            told.0,
            [(1, Some(Status::Running)), (0, Some(Status::Running))]
        );
        assert!(resume.is(1));
        assert_eq!(resume.take_handed(), None);

        let mut told = Told::default();
        assert!(!resumed(Status::Success, &mut resume, NODES, 1, &mut told));
        assert!(told.0.is_empty());
        assert!(!resume.is(1));
        assert_eq!(resume.take_handed(), Some(Status::Success));
    }

    /// A resumed leaf's halt forgets it and tells the observer.
    #[test]
    fn halted_resumed_forgets_the_leaf() {
        let mut resume: Resume = Resume::new();
        resume.ticked(3, Status::Running);
        let mut told = Told::default();
        halted_resumed(&mut resume, 7, &mut told);
        assert!(!resume.is(3));
        assert_eq!(resume.leaf(), 0);
        assert_eq!(told.0, [(7, None)]);
    }

    /// The parallels' steps are their rules' `on_child`: a `Parallel` of two that needs one
    /// success decides on the first.
    #[test]
    fn the_parallels_steps_are_their_rules() {
        let config = ParallelConfig::new(2, 1, 2);
        let mut rule: Parallel = Parallel::new();
        rule.begin();
        assert_eq!(
            parallel_child(Status::Success, &mut rule, 0, config),
            Some(Status::Success)
        );
        let mut all: ParallelAll = ParallelAll::new();
        all.begin();
        parallel_all_child(Status::Success, &mut all, 0);
        assert!(all.is_completed(0));
        assert!(!all.is_completed(1));
    }
}
