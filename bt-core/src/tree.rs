use crate::{NodeInfo, Observer, Status};

/// What every generated tree has whatever context it is ticked with: its error type, its
/// blackboard, its last status, its nodes, and `new`. The supertrait of [`Tree<Ctx>`].
pub trait TreeBase {
    /// The context type with `'static` for the lifetimes `tick` is generic over: `Npc<'static>`
    /// for `tree Guard for Npc<'a>`, `W` for `tree Guard<W: Senses> for W`. It names the family
    /// of contexts the tree ticks on, for code that builds the context itself (a scheduler, the
    /// Bevy plugin); the tree implements [`Tree<Ctx>`] for each member of the family.
    type Context: ?Sized;

    /// The error a tick can end with: `E` for `tree T for Ctx, error E`, else
    /// [`core::convert::Infallible`].
    type Error;

    /// The tree's blackboard (`()` for a tree without a blackboard section).
    type Blackboard;

    /// Metadata of every node, indexed by node id (ids are pre-order positions; the root is 0).
    const NODES: &'static [NodeInfo];

    /// The number of nodes, `NODES.len()`.
    const NODE_COUNT: usize = Self::NODES.len();

    /// A tree at rest: nothing running, every leaf built.
    fn new() -> Self
    where
        Self: Sized;

    /// The status the root returned on the last tick; `None` before the first tick, after a
    /// halt and after a tick that failed with an error.
    fn status(&self) -> Option<Status>;

    /// The tree's blackboard.
    fn blackboard(&self) -> &Self::Blackboard;

    /// The tree's blackboard, to change entries between ticks.
    fn blackboard_mut(&mut self) -> &mut Self::Blackboard;
}

/// A tree that ticks on the context `Ctx`: implemented by every tree the `behavior_tree!` macro
/// generates, for its context type (for every lifetime of it: `impl<'a> Tree<Npc<'a>> for
/// Guard`), whatever its error type.
///
/// Every tree implements [`Tree<Ctx>`] for the context it ticks on (and so [`TreeBase`], what
/// does not depend on the context), whatever its context's lifetimes and its error type:
///
/// | the tree | what it implements |
/// |---|---|
/// | `tree Guard for Npc` | `TreeBase` (`Context = Npc`, `Error = Infallible`), `Tree<Npc>`, `BehaviorTree` (`Context = Npc`), `Subtree<Npc>` |
/// | `tree Guard for Npc<'a>` | `TreeBase` (`Context = Npc<'static>`), `impl<'a> Tree<Npc<'a>>`, `impl<'a> Subtree<Npc<'a>>`, `BehaviorTree` (`Context = Npc<'static>` only) |
/// | `tree Guard for Npc, error E` | `TreeBase` (`Error = E`), `Tree<Npc>` |
/// | `tree Guard<W: Senses> for W` | `impl<W: Senses> Tree<W> for Guard<W>`, and the others as above |
///
/// [`BehaviorTree`] is the older, narrower trait: one context type named by an associated type,
/// and a `tick` that cannot fail. Every tree without an error type has it, over its `Context`
/// (for a context with a lifetime that `tick` is generic over, the `'static` one only); code
/// written against [`Tree<Ctx>`] takes every tree. A function that ticks any tree over `Npc<'a>`, whatever `'a`:
///
/// ```
/// # use bt_core as bt;
/// # pub struct Npc<'a> { hp: &'a u32 }
/// fn tick_all<T: for<'a> bt::Tree<Npc<'a>>>(trees: &mut [T], hp: &u32) -> Result<(), T::Error> {
///     for tree in trees {
///         tree.try_tick(&mut Npc { hp })?;
///     }
///     Ok(())
/// }
/// ```
///
/// The generated type also has inherent methods (`tick` returns a `Status` for a tree without an
/// error type, a `Result` for one with), so this trait is only needed by generic code.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a behavior tree over `{Ctx}`",
    label = "not a tree ticked with a `{Ctx}`",
    note = "`behavior_tree! {{ tree Name for Context {{ .. }} }}` implements `bt::Tree<Context>` for `Name`: the context type must be the tree's"
)]
pub trait Tree<Ctx: ?Sized>: TreeBase {
    /// Ticks the root once and reports every node's result to `observer`. An error aborts the
    /// tick: every running node is halted and the error returned.
    fn try_tick_with<O: Observer>(
        &mut self,
        ctx: &mut Ctx,
        observer: &mut O,
    ) -> Result<Status, Self::Error>;

    /// Halts every running node (each started, unfinished stateful action gets `on_halted`
    /// once) and reports each halt to `observer`, as [`BehaviorTree::halt_with`].
    fn halt_with<O: Observer>(&mut self, ctx: &mut Ctx, observer: &mut O);

    /// Ticks the root once; an error aborts the tick (see [`try_tick_with`](Tree::try_tick_with)).
    #[inline]
    fn try_tick(&mut self, ctx: &mut Ctx) -> Result<Status, Self::Error> {
        self.try_tick_with(ctx, &mut crate::NoObserver)
    }

    /// Ticks the root of a tree that cannot fail once.
    #[inline]
    fn tick(&mut self, ctx: &mut Ctx) -> Status
    where
        Self: TreeBase<Error = core::convert::Infallible>,
    {
        match self.try_tick_with(ctx, &mut crate::NoObserver) {
            Ok(status) => status,
            Err(never) => match never {},
        }
    }

    /// Halts every running node.
    #[inline]
    fn halt(&mut self, ctx: &mut Ctx) {
        self.halt_with(ctx, &mut crate::NoObserver)
    }
}

/// A tree that cannot fail, over its one context type: every generated tree without an error
/// type, through the impl below for its [`Tree`] impl on [`TreeBase::Context`]. A tree whose
/// context has a lifetime that `tick` is generic over (`tree Guard for Npc<'a>`) has it for the
/// `'static` context only; [`Tree<Ctx>`] fits every tree (see [`Tree`]). Other types may
/// implement it by hand (a stand-in tree in a test, a hand-written state machine).
///
/// The generated type also has inherent methods of the same names, so this trait is only needed
/// by code that is generic over trees (benchmarks, test harnesses, schedulers).
pub trait BehaviorTree {
    /// The world the leaves act on, passed to every tick.
    type Context: ?Sized;

    /// The tree's blackboard (`()` for a tree without a blackboard section).
    type Blackboard;

    /// Metadata of every node, indexed by node id (ids are pre-order positions; the root is 0).
    const NODES: &'static [NodeInfo];

    /// The number of nodes, `NODES.len()`: the length an observer's per-node storage needs.
    ///
    /// Generic code cannot size an array with it (`[x; T::NODE_COUNT]` needs the unstable
    /// `generic_const_exprs`): it gives the observers a buffer instead, checked against the
    /// tree by their `for_tree::<T>(..)` constructors ([`Trace::for_tree`](crate::Trace::for_tree),
    /// [`Statistics::for_tree`](crate::Statistics::for_tree), ...).
    const NODE_COUNT: usize = Self::NODES.len();

    /// Ticks the root once and reports every node's result to `observer`.
    fn tick_with<O: Observer>(&mut self, ctx: &mut Self::Context, observer: &mut O) -> Status;

    /// Halts every running node (each started, unfinished stateful action gets `on_halted` once)
    /// and reports each halt to `observer`. Loop counts restart, also those of idle loops (a count
    /// kept across a skip), as BehaviorTree.CPP's `haltTree` halts every node; SequenceWithMemory's
    /// position and RunOnce's memory are kept.
    fn halt_with<O: Observer>(&mut self, ctx: &mut Self::Context, observer: &mut O);

    /// The status the root returned on the last tick; `None` before the first tick and after a halt.
    fn status(&self) -> Option<Status>;

    /// The tree's blackboard.
    fn blackboard(&self) -> &Self::Blackboard;

    /// The tree's blackboard, to change entries between ticks.
    fn blackboard_mut(&mut self) -> &mut Self::Blackboard;

    /// Ticks the root once.
    #[inline]
    fn tick(&mut self, ctx: &mut Self::Context) -> Status {
        self.tick_with(ctx, &mut crate::NoObserver)
    }

    /// Halts every running node.
    #[inline]
    fn halt(&mut self, ctx: &mut Self::Context) {
        self.halt_with(ctx, &mut crate::NoObserver)
    }
}

/// Every tree that cannot fail is a [`BehaviorTree`] over its [`TreeBase::Context`]: one impl
/// here instead of one generated per tree (it was about a tenth of the test suite's generated
/// code).
impl<T> BehaviorTree for T
where
    T: TreeBase<Error = core::convert::Infallible> + Tree<<T as TreeBase>::Context>,
{
    type Context = <T as TreeBase>::Context;
    type Blackboard = <T as TreeBase>::Blackboard;

    const NODES: &'static [NodeInfo] = <T as TreeBase>::NODES;

    #[inline]
    fn tick_with<O: Observer>(&mut self, ctx: &mut Self::Context, observer: &mut O) -> Status {
        match Tree::try_tick_with(self, ctx, observer) {
            Ok(status) => status,
            Err(never) => match never {},
        }
    }

    #[inline]
    fn halt_with<O: Observer>(&mut self, ctx: &mut Self::Context, observer: &mut O) {
        Tree::halt_with(self, ctx, observer)
    }

    #[inline]
    fn status(&self) -> Option<Status> {
        TreeBase::status(self)
    }

    #[inline]
    fn blackboard(&self) -> &Self::Blackboard {
        TreeBase::blackboard(self)
    }

    #[inline]
    fn blackboard_mut(&mut self) -> &mut Self::Blackboard {
        TreeBase::blackboard_mut(self)
    }
}
