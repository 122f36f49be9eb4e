use crate::{NodeInfo, Observer, Status};

/// Implemented by every tree the `behavior_tree!` macro generates.
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
