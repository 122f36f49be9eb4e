//! Control nodes and decorators of your own: BehaviorTree.CPP's `ControlNode` and
//! `DecoratorNode`, for the nodes a project writes itself (a pipeline sequence, a recovery node,
//! a rate controller, a round robin).
//!
//! A type implements [`ControlNode`] (any number of children) or [`DecoratorNode`] (one child)
//! and is used in a tree as `Control(Type) { .. }` or `Decorator(Type) { child }`, built with
//! `Default` or written `Control(Type = expression)`, with port bindings after a comma like a
//! leaf's (`Decorator(RateController, hz = 10.0)`; ports come from `#[derive(Ports)]`). In
//! BehaviorTree.CPP XML, an ID is mapped to one the same way as to a leaf:
//! `nodes { PipelineSequence = Control(Pipeline) }`.
//!
//! The node reaches its children through a handle the tree generates for it, [`Children`] (or
//! [`Child`] for a decorator): tick child `i`, halt child `i`, how many there are, what each
//! answered last. Everything is statically dispatched: the handle is a small struct of the
//! generated tree with one `match` over the children, and the node's `tick` is monomorphised for
//! it; nothing is boxed, nothing allocates.
//!
//! # The contract
//!
//! BehaviorTree.CPP leaves most of this to the node's author; here the tree enforces what can be
//! enforced, so that a mistake in a node cannot leave a child running with nobody to halt it.
//!
//! * **Ticking.** `tick` is called on every tick of the node. It ticks the children it chooses,
//!   in the order it chooses, as often as it chooses (BehaviorTree.CPP's `RecoveryNode` ticks
//!   its first child again within the same tick), and answers a [`Status`]. Looping is the
//!   node's responsibility: the tick is bounded only if the node's loop is.
//! * **Completing.** When `tick` answers anything but `Running`, every child still running is
//!   halted by the tree, once, in child order, and the children's last statuses are forgotten:
//!   a node need not call [`Children::halt_all`] before it completes (calling it is harmless).
//! * **Running.** A node may answer `Running` with no child running (a rate controller waiting
//!   for its period) and may keep several children running (a parallel).
//! * **Halting.** When the node is halted while running (a parent pre-empts it, or the tree is
//!   halted), the tree halts every running child, in child order, and then calls
//!   [`on_halted`](ControlNode::on_halted) on the node, once: reset the node's own state there
//!   (BehaviorTree.CPP's overrides of `halt()` that call `ControlNode::halt()` first). A node
//!   that is not running is never halted.
//! * **Halting a child.** [`Children::halt`] halts child `i` if it is running (its
//!   `on_halted`, and its descendants', are called exactly once) and does nothing otherwise.
//! * **Last statuses.** [`Children::status`] is what child `i` answered the last time this node
//!   ticked it in the current activation (from the node's first tick until it completes or is
//!   halted); `None` if it was not ticked since, or was halted since (BehaviorTree.CPP's
//!   `IDLE`).
//! * **Children counts.** [`ControlNode::MIN_CHILDREN`] and [`ControlNode::MAX_CHILDREN`]
//!   bound how many children a tree may give the node; a tree outside the bounds does not
//!   compile (BehaviorTree.CPP throws when the tree is built).
//! * **Errors.** In a tree with an error type (`tree T for Ctx, error E`), a child's error
//!   ends the tick: from then on, [`Children::tick`] answers `Failure` without ticking anything,
//!   the node's own answer is ignored, and the error reaches the caller of the tree's `tick`;
//!   the tree then halts every running node, this one included (its `on_halted`), as after any
//!   error. A node cannot raise an error of its own.
//! * **Ports.** Inputs are loaded before `tick` and `on_halted`, written outputs are stored after
//!   them, as for a leaf. The children see the blackboard as it is during the call: an output
//!   the node sets reaches its entry after `tick` returns. For a halt, the inputs are loaded
//!   after the running children have been halted, just before `on_halted`, so that it sees what
//!   their halts wrote.
//!
//! The guide's section "Your own control nodes and decorators" has a worked example, and
//! `examples/nav_recovery.rs` four nodes of a navigation stack.

use crate::Status;

/// A control node of your own: BehaviorTree.CPP's `ControlNode`. Used in a tree as
/// `Control(Type) { children.. }`; see [the module](self) for the contract the tree enforces.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a control node over `{Ctx}`",
    label = "used as `Control(..)` here",
    note = "implement `bt::ControlNode<{Ctx}>` for `{Self}`; a node of one child that implements `bt::DecoratorNode` is written `Decorator({Self}) {{ child }}`"
)]
pub trait ControlNode<Ctx: ?Sized> {
    /// The fewest children a tree may give this node (checked when the tree compiles).
    const MIN_CHILDREN: usize = 1;
    /// The most children a tree may give this node (checked when the tree compiles).
    const MAX_CHILDREN: usize = usize::MAX;

    /// Ticks the node: tick the children through `children` and answer.
    fn tick(&mut self, ctx: &mut Ctx, children: &mut impl Children<Ctx>) -> Status;

    /// The node was running and has been halted; its running children have been halted already.
    /// Reset the node's own state here.
    fn on_halted(&mut self, ctx: &mut Ctx) {
        let _ = ctx;
    }
}

/// A decorator of your own: BehaviorTree.CPP's `DecoratorNode`. Used in a tree as
/// `Decorator(Type) { child }`; see [the module](self) for the contract the tree enforces.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a decorator over `{Ctx}`",
    label = "used as `Decorator(..)` here",
    note = "implement `bt::DecoratorNode<{Ctx}>` for `{Self}`; a node of several children that implements `bt::ControlNode` is written `Control({Self}) {{ children.. }}`"
)]
pub trait DecoratorNode<Ctx: ?Sized> {
    /// Ticks the node: tick the child through `child` (or not) and answer.
    fn tick(&mut self, ctx: &mut Ctx, child: &mut impl Child<Ctx>) -> Status;

    /// The node was running and has been halted; its child, if it was running, has been halted
    /// already. Reset the node's own state here.
    fn on_halted(&mut self, ctx: &mut Ctx) {
        let _ = ctx;
    }
}

/// A control node's children, as the tree hands them to [`ControlNode::tick`].
pub trait Children<Ctx: ?Sized> {
    /// How many children the node has (at least one).
    fn len(&self) -> usize;

    /// Always `false`: a control node has at least one child.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Ticks child `index` and returns its answer. In a tree with an error type, after a
    /// child's error, answers `Failure` without ticking (see [the module](self)).
    ///
    /// # Panics
    ///
    /// If `index >= self.len()`.
    fn tick(&mut self, ctx: &mut Ctx, index: usize) -> Status;

    /// Halts child `index` if it is running; forgets its last status.
    ///
    /// # Panics
    ///
    /// If `index >= self.len()`.
    fn halt(&mut self, ctx: &mut Ctx, index: usize);

    /// Halts every running child, in child order (BehaviorTree.CPP's `haltChildren`).
    fn halt_all(&mut self, ctx: &mut Ctx) {
        for index in 0..self.len() {
            self.halt(ctx, index);
        }
    }

    /// What child `index` answered the last time this node ticked it in the current activation;
    /// `None` if it was not ticked since, or was halted since.
    ///
    /// # Panics
    ///
    /// If `index >= self.len()`.
    fn status(&self, index: usize) -> Option<Status>;

    /// Whether child `index` is running: its last status is `Running`.
    fn is_running(&self, index: usize) -> bool {
        self.status(index) == Some(Status::Running)
    }
}

/// A decorator's child, as the tree hands it to [`DecoratorNode::tick`].
pub trait Child<Ctx: ?Sized> {
    /// Ticks the child and returns its answer (see [`Children::tick`]).
    fn tick(&mut self, ctx: &mut Ctx) -> Status;

    /// Halts the child if it is running; forgets its last status.
    fn halt(&mut self, ctx: &mut Ctx);

    /// What the child answered the last time this node ticked it in the current activation
    /// (see [`Children::status`]).
    fn status(&self) -> Option<Status>;

    /// Whether the child is running: its last status is `Running`.
    fn is_running(&self) -> bool {
        self.status() == Some(Status::Running)
    }
}

/// What the generated tree provides for one user node: its children's tick and halt functions,
/// by index. Not a public API.
#[doc(hidden)]
pub trait ChildSlots<Ctx: ?Sized> {
    /// The tree's error type (`Infallible` for a tree without one).
    type Error;

    /// Ticks child `index` (in `0..N`).
    fn tick(&mut self, ctx: &mut Ctx, index: usize) -> Result<Status, Self::Error>;

    /// Halts child `index` (in `0..N`) if it is running.
    fn halt(&mut self, ctx: &mut Ctx, index: usize);
}

const POISONED: &str = "a control node or decorator of this tree panicked in an earlier tick, \
                        and the tree cannot be ticked again";

/// A user node's place in the tree: the node, and its `N` children's last statuses. Between
/// ticks it holds the node; during the node's tick the node is taken out (so that the children,
/// which are the tree's too, can be ticked while the node is borrowed) and put back. The place
/// costs no tag: `None` is one of the values an `Option<Status>` never takes. Not a public API.
#[doc(hidden)]
#[derive(Debug)]
pub struct UserNode<T, const N: usize> {
    taken: Option<Taken<T, N>>,
}

/// A user node taken out of its place for a call. Not a public API.
#[doc(hidden)]
#[derive(Debug)]
pub struct Taken<T, const N: usize> {
    /// The user's node.
    pub node: T,
    /// Its children's last statuses.
    pub last: [Option<Status>; N],
}

impl<T, const N: usize> UserNode<T, N> {
    /// A node whose children have not been ticked.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn new(node: T) -> Self {
        UserNode {
            taken: Some(Taken {
                node,
                last: [None; N],
            }),
        }
    }

    /// Takes the node out for a call.
    ///
    /// # Panics
    ///
    /// If the node was not put back: a call panicked in an earlier tick.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn take(&mut self) -> Taken<T, N> {
        self.taken.take().expect(POISONED)
    }

    /// Puts the node back after a call.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn put(&mut self, taken: Taken<T, N>) {
        self.taken = Some(taken);
    }

    /// The node, for code outside the tree (`None` only after a panic in its tick).
    pub fn get(&self) -> Option<&T> {
        self.taken.as_ref().map(|taken| &taken.node)
    }
}

/// The handle a user node's `tick` receives: [`Children`] (and, with one child, [`Child`]) over
/// the tree's [`ChildSlots`], keeping the children's last statuses and the first error. Not a
/// public API.
#[doc(hidden)]
pub struct Kids<'m, S, E, const N: usize> {
    slots: S,
    last: &'m mut [Option<Status>; N],
    error: Option<E>,
}

impl<'m, S, E, const N: usize> Kids<'m, S, E, N> {
    /// The handle over `slots`, with the last statuses `last`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn new(slots: S, last: &'m mut [Option<Status>; N]) -> Self {
        Kids {
            slots,
            last,
            error: None,
        }
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn checked(index: usize) -> usize {
        assert!(
            index < N,
            "child {index} of a node with {N} children: indices are 0..{N}"
        );
        index
    }

    /// Ends the node's tick, which answered `status`: the first error of a child if there was
    /// one (nothing is halted: the tree halts every running node after an error); otherwise, if
    /// the node completed, every child still running is halted and the last statuses are
    /// forgotten.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn finish<Ctx: ?Sized>(mut self, ctx: &mut Ctx, status: Status) -> Result<Status, E>
    where
        S: ChildSlots<Ctx, Error = E>,
    {
        if let Some(error) = self.error.take() {
            return Err(error);
        }
        if status != Status::Running {
            self.halt_running(ctx);
        }
        Ok(status)
    }

    /// Halts every child whose last status is `Running`, in child order, and forgets every
    /// child's last status: the end of an activation (the node completed, or is halted).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt_running<Ctx: ?Sized>(&mut self, ctx: &mut Ctx)
    where
        S: ChildSlots<Ctx, Error = E>,
    {
        for index in 0..N {
            if self.last[index] == Some(Status::Running) {
                self.slots.halt(ctx, index);
            }
            self.last[index] = None;
        }
    }
}

impl<Ctx: ?Sized, S: ChildSlots<Ctx, Error = E>, E, const N: usize> Children<Ctx>
    for Kids<'_, S, E, N>
{
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn len(&self) -> usize {
        N
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tick(&mut self, ctx: &mut Ctx, index: usize) -> Status {
        let index = Self::checked(index);
        if self.error.is_some() {
            return Status::Failure;
        }
        match self.slots.tick(ctx, index) {
            Ok(status) => {
                self.last[index] = Some(status);
                status
            }
            Err(error) => {
                self.error = Some(error);
                self.last[index] = None;
                Status::Failure
            }
        }
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn halt(&mut self, ctx: &mut Ctx, index: usize) {
        let index = Self::checked(index);
        self.slots.halt(ctx, index);
        self.last[index] = None;
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn status(&self, index: usize) -> Option<Status> {
        self.last[Self::checked(index)]
    }
}

impl<Ctx: ?Sized, S: ChildSlots<Ctx, Error = E>, E> Child<Ctx> for Kids<'_, S, E, 1> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tick(&mut self, ctx: &mut Ctx) -> Status {
        Children::tick(self, ctx, 0)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn halt(&mut self, ctx: &mut Ctx) {
        Children::halt(self, ctx, 0)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn status(&self) -> Option<Status> {
        self.last[0]
    }
}

/// Fails compilation of a tree that gives the control node `T` a number of children outside its
/// [`ControlNode::MIN_CHILDREN`]..=[`ControlNode::MAX_CHILDREN`]. Not a public API.
#[doc(hidden)]
pub const fn check_children<Ctx: ?Sized, T: ControlNode<Ctx>>(count: usize) {
    if count < T::MIN_CHILDREN {
        panic!("this control node is given fewer children than its `ControlNode::MIN_CHILDREN`");
    }
    if count > T::MAX_CHILDREN {
        panic!("this control node is given more children than its `ControlNode::MAX_CHILDREN`");
    }
}

/// What the generated code asks of a user node: tick it with the handle, or tell it it was
/// halted (the handle is not used then; it is there so that both calls are one function's).
/// Not a public API.
#[doc(hidden)]
pub enum UserCall<'k, K> {
    /// Tick the node.
    Tick(&'k mut K),
    /// The node was halted; its children have been.
    Halted(&'k mut K),
}

/// Every call of a `Control(Type)` node goes through this one function, so that a type without
/// the trait is reported once, at the user's token. Answers the node's status (for a halt,
/// `Failure`, which is ignored). Not a public API.
#[doc(hidden)]
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn control<Ctx: ?Sized, T: ControlNode<Ctx>, K: Children<Ctx>>(
    node: &mut T,
    ctx: &mut Ctx,
    call: UserCall<'_, K>,
) -> Status {
    match call {
        UserCall::Tick(children) => node.tick(ctx, children),
        UserCall::Halted(_) => {
            node.on_halted(ctx);
            Status::Failure
        }
    }
}

/// Every call of a `Decorator(Type)` node (see [`control`]). Not a public API.
#[doc(hidden)]
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn decorator<Ctx: ?Sized, T: DecoratorNode<Ctx>, K: Child<Ctx>>(
    node: &mut T,
    ctx: &mut Ctx,
    call: UserCall<'_, K>,
) -> Status {
    match call {
        UserCall::Tick(child) => node.tick(ctx, child),
        UserCall::Halted(_) => {
            node.on_halted(ctx);
            Status::Failure
        }
    }
}

#[cfg(test)]
mod tests {
    //! The handle against scripted children: what it ticks and halts, the last statuses, the
    //! halts at the end of an activation, and an error.

    use super::*;
    use core::mem::size_of;
    use std::vec::Vec;
    use Status::{Failure, Running, Success};

    /// Children that answer from a script and record what happened to them.
    struct Script<'a> {
        answers: &'a mut Vec<Result<Status, &'static str>>,
        running: [bool; 3],
        log: &'a mut Vec<(&'static str, usize)>,
    }

    impl ChildSlots<()> for Script<'_> {
        type Error = &'static str;

        fn tick(&mut self, _: &mut (), index: usize) -> Result<Status, &'static str> {
            self.log.push(("tick", index));
            let answer = self.answers.remove(0);
            self.running[index] = answer == Ok(Running);
            answer
        }

        fn halt(&mut self, _: &mut (), index: usize) {
            if self.running[index] {
                self.running[index] = false;
                self.log.push(("halt", index));
            }
        }
    }

    fn run<R>(
        answers: &[Result<Status, &'static str>],
        last: &mut [Option<Status>; 3],
        body: impl FnOnce(&mut Kids<'_, Script<'_>, &'static str, 3>) -> R,
    ) -> (R, Vec<(&'static str, usize)>) {
        let mut answers = answers.to_vec();
        let mut log = Vec::new();
        let script = Script {
            answers: &mut answers,
            running: [false; 3],
            log: &mut log,
        };
        let result = body(&mut Kids::new(script, last));
        (result, log)
    }

    #[test]
    fn ticks_and_remembers_the_last_statuses() {
        let mut last = [None; 3];
        let (statuses, log) = run(&[Ok(Success), Ok(Running)], &mut last, |kids| {
            let first = kids.tick(&mut (), 0);
            let second = kids.tick(&mut (), 2);
            assert_eq!(
                (kids.status(0), kids.status(1), kids.status(2)),
                (Some(Success), None, Some(Running))
            );
            assert!(kids.is_running(2) && !kids.is_running(0));
            assert_eq!(kids.len(), 3);
            (first, second)
        });
        assert_eq!(statuses, (Success, Running));
        assert_eq!(log, [("tick", 0), ("tick", 2)]);
        assert_eq!(last, [Some(Success), None, Some(Running)]);
    }

    #[test]
    fn completing_halts_the_running_children_once_and_forgets() {
        let mut last = [None; 3];
        let mut answers = vec![Ok(Running), Ok(Running)];
        let mut log = Vec::new();
        let mut kids = Kids::new(
            Script {
                answers: &mut answers,
                running: [false; 3],
                log: &mut log,
            },
            &mut last,
        );
        kids.tick(&mut (), 0);
        kids.tick(&mut (), 1);
        kids.halt(&mut (), 0);
        assert_eq!(kids.status(0), None);
        assert_eq!(kids.finish(&mut (), Success), Ok(Success));
        assert_eq!(log, [("tick", 0), ("tick", 1), ("halt", 0), ("halt", 1)]);
        assert_eq!(last, [None; 3]);
    }

    #[test]
    fn running_keeps_the_children_running() {
        let mut last = [None; 3];
        let mut answers = vec![Ok(Running)];
        let mut log = Vec::new();
        let mut kids = Kids::new(
            Script {
                answers: &mut answers,
                running: [false; 3],
                log: &mut log,
            },
            &mut last,
        );
        kids.tick(&mut (), 1);
        assert_eq!(kids.finish(&mut (), Running), Ok(Running));
        assert_eq!(log, [("tick", 1)]);
        assert_eq!(last, [None, Some(Running), None]);
    }

    #[test]
    fn an_error_answers_failure_without_ticking_and_wins() {
        let mut last = [None; 3];
        let mut answers = vec![Ok(Running), Err("boom"), Ok(Success)];
        let mut log = Vec::new();
        let mut kids = Kids::new(
            Script {
                answers: &mut answers,
                running: [false; 3],
                log: &mut log,
            },
            &mut last,
        );
        assert_eq!(kids.tick(&mut (), 0), Running);
        assert_eq!(kids.tick(&mut (), 1), Failure);
        assert_eq!(kids.tick(&mut (), 2), Failure);
        // The node answers Success; the error wins, and nothing is halted here (the tree halts
        // every running node after an error).
        assert_eq!(kids.finish(&mut (), Success), Err("boom"));
        assert_eq!(log, [("tick", 0), ("tick", 1)]);
    }

    #[test]
    fn halt_all_halts_in_child_order() {
        let mut last = [None; 3];
        let ((), log) = run(&[Ok(Running), Ok(Running)], &mut last, |kids| {
            kids.tick(&mut (), 2);
            kids.tick(&mut (), 0);
            kids.halt_all(&mut ());
            assert_eq!((kids.status(0), kids.status(2)), (None, None));
        });
        assert_eq!(log, [("tick", 2), ("tick", 0), ("halt", 0), ("halt", 2)]);
    }

    #[test]
    #[should_panic(expected = "child 3 of a node with 3 children")]
    fn an_index_out_of_range_panics() {
        let mut last = [None; 3];
        run(&[], &mut last, |kids| kids.tick(&mut (), 3));
    }

    #[test]
    fn a_decorator_sees_child_zero() {
        struct One<'a>(&'a mut Vec<&'static str>, bool);
        impl ChildSlots<()> for One<'_> {
            type Error = core::convert::Infallible;
            fn tick(&mut self, _: &mut (), _: usize) -> Result<Status, Self::Error> {
                self.0.push("tick");
                self.1 = true;
                Ok(Running)
            }
            fn halt(&mut self, _: &mut (), _: usize) {
                if core::mem::take(&mut self.1) {
                    self.0.push("halt");
                }
            }
        }
        let (mut log, mut last) = (Vec::new(), [None; 1]);
        let mut kids = Kids::new(One(&mut log, false), &mut last);
        assert_eq!(Child::tick(&mut kids, &mut ()), Running);
        assert!(Child::is_running(&kids));
        Child::halt(&mut kids, &mut ());
        assert_eq!(Child::status(&kids), None);
        assert_eq!(kids.finish(&mut (), Failure), Ok(Failure));
        assert_eq!(log, ["tick", "halt"]);
    }

    #[test]
    fn the_node_is_taken_and_put_back() {
        let mut place: UserNode<u32, 2> = UserNode::new(7);
        let mut taken = place.take();
        assert_eq!(place.get(), None);
        taken.node += 1;
        taken.last[1] = Some(Success);
        place.put(taken);
        assert_eq!(place.get(), Some(&8));
        assert_eq!(place.take().last, [None, Some(Success)]);
    }

    #[test]
    fn the_place_costs_no_tag() {
        assert_eq!(size_of::<UserNode<u64, 8>>(), 16);
        assert_eq!(size_of::<UserNode<[u8; 3], 1>>(), 4);
    }

    #[test]
    #[should_panic(expected = "panicked in an earlier tick")]
    fn a_node_not_put_back_poisons_the_tree() {
        let mut place: UserNode<u32, 1> = UserNode::new(7);
        let _lost = place.take();
        place.take();
    }
}
