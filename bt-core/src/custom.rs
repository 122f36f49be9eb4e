//! Control nodes and decorators of your own: BehaviorTree.CPP's `ControlNode` and
//! `DecoratorNode`, for the nodes a project writes itself (a pipeline sequence, a recovery node,
//! a rate controller, a round robin, a goal updater).
//!
//! A type implements [`ControlNode`] (any number of children) or [`DecoratorNode`] (one child)
//! and is used in a tree as `Control(Type) { .. }` or `Decorator(Type) { child }`, built with
//! `Default` or written `Control(Type = expression)`, with port bindings after a comma like a
//! leaf's (`Decorator(RateController, hz = 10.0)`; ports come from `#[derive(Ports)]`). In
//! BehaviorTree.CPP XML, an ID is mapped to one the same way as to a leaf:
//! `nodes { PipelineSequence = Control(Pipeline) }`. A node that can fail with the tree's error
//! implements [`TryControlNode`] or [`TryDecoratorNode`] instead.
//!
//! The node's `tick` receives its **handle**, [`Children`] (or [`Child`] for a decorator): the
//! handle dereferences to the node itself (`node.retries += 1` reads and writes the node's own
//! fields; its methods are called the same way) and ticks and halts the node's children
//! (`node.tick_child(ctx, 0)`). The handle is a small struct of the generated tree that borrows
//! the tree, reaches the node in its field there, and ticks child `i` by one `match` over the
//! children; the node's `tick` is monomorphised for it. The node is never borrowed while a child
//! runs (each `node.field` is a fresh borrow through the handle), so the borrow checker keeps a
//! node's code from holding on to itself across a child's tick. Nothing is moved, boxed or
//! allocated: a node of yours costs what the same rule written as a built-in node costs.
//!
//! A fallible node's trait is implemented for the context type itself
//! (`impl TryDecoratorNode<World, MyError> for Fuse`): a generic `impl<Ctx>` would overlap with
//! the implementation every [`DecoratorNode`] gets, as for the fallible leaf traits.
//!
//! ```
//! use bt_core::{Child, DecoratorNode, Status};
//!
//! /// Gives its child three attempts per activation, one per tick.
//! #[derive(Default)]
//! pub struct ThreeTries { failures: u8 }
//!
//! impl<Ctx: ?Sized> DecoratorNode<Ctx> for ThreeTries {
//!     fn on_start(&mut self, _: &mut Ctx) {
//!         self.failures = 0;
//!     }
//!
//!     fn tick(node: &mut impl Child<Ctx, Self>, ctx: &mut Ctx) -> Status {
//!         match node.tick_child(ctx) {
//!             Status::Failure if node.failures < 2 => {
//!                 node.failures += 1;
//!                 Status::Running
//!             }
//!             status => status,
//!         }
//!     }
//! }
//! ```
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
//! * **Activations.** [`on_start`](ControlNode::on_start) is called just before `tick` on the
//!   first tick of each *activation*: the node's first tick ever, and its first tick after it
//!   was halted or reset (BehaviorTree.CPP's node whose status is `IDLE`). Restart per-activation
//!   state there (a rate controller's period, a retry count). A node is *reset* when it has
//!   completed and its parent starts it afresh:
//!   - under a built-in node (or as the root, or a subtree's root), as soon as it completes:
//!     every built-in parent ticks a completed child again only as a new activation (as
//!     BehaviorTree.CPP's do, which reset a completed child before ticking it again; its
//!     `WhileDoElse` keeps its condition child completed while a branch runs, an accident not
//!     kept, `docs/decisions.md` decision 17);
//!   - under a node of yours, when that parent halts it ([`Children::halt_child`], which resets
//!     a completed child too) or when the parent's own activation ends (it completes, or is
//!     halted). Until then a completed child stays completed: ticked again, it continues its
//!     activation without `on_start` (Nav2's `PipelineSequence` re-ticks a `RateController`
//!     that succeeded, whose period goes on).
//! * **Completing.** When `tick` answers anything but `Running`, every child still running is
//!   halted by the tree, once, in child order, the children are reset, and their last statuses
//!   are forgotten: a node need not call [`Children::halt_children`] before it completes
//!   (calling it is harmless).
//! * **Running.** A node may answer `Running` with no child running (a rate controller waiting
//!   for its period) and may keep several children running (a parallel).
//! * **Halting.** When the node is halted while running (a parent pre-empts it, or the tree is
//!   halted), the tree halts every running child, in child order, and then calls
//!   [`on_halted`](ControlNode::on_halted) on the node, once (BehaviorTree.CPP's overrides of
//!   `halt()` that call `ControlNode::halt()` first). A node that is not running is never
//!   halted; `on_halted` is not where state restarts (a node that completes is not halted):
//!   `on_start` is.
//! * **Halting a child.** [`Children::halt_child`] halts child `i` if it is running (its
//!   `on_halted`, and its descendants', are called exactly once) and resets it either way
//!   (BehaviorTree.CPP's `haltChild`).
//! * **Last statuses.** [`Children::child_status`] is what child `i` answered the last time this
//!   node ticked it in the current activation; `None` if it was not ticked since, was halted
//!   since, or answered `Skipped` (BehaviorTree.CPP's `IDLE`: a skipped node is idle again).
//! * **Ports are live.** The node's inputs are loaded before its call (`on_start` and `tick`, or
//!   `on_halted`). Within the call, a child ticked or halted through the handle sees every output
//!   the node has set so far (they reach their entries before the child's tick), and the node
//!   sees what the child wrote (its inputs bound to entries are loaded again after the child),
//!   as with BehaviorTree.CPP's `setOutput` and `getInput`; the remaining outputs reach their
//!   entries when the call returns. Nav2's `GoalUpdater` sets its output goal and then ticks its
//!   child, which plans to that goal.
//! * **Children counts.** [`ControlNode::MIN_CHILDREN`] and [`ControlNode::MAX_CHILDREN`]
//!   bound how many children a tree may give the node; a tree outside the bounds does not
//!   compile, and the error gives both counts (BehaviorTree.CPP throws when the tree is built).
//!   `MIN_CHILDREN = 0` allows `Control(Type) {}`: a node of no children ticks nothing.
//! * **Errors.** In a tree with an error type (`tree T for Ctx, error E`), a child's error
//!   ends the tick: from then on, [`Children::tick_child`] answers `Failure` without ticking
//!   anything, the node's own answer is ignored, and the error reaches the caller of the tree's
//!   `tick`; the tree then halts every running node, this one included (its `on_halted`), as
//!   after any error. A node of [`TryControlNode`] or [`TryDecoratorNode`] can end the tick with
//!   an error of its own: it has then finished (like a leaf that fails with an error, it gets no
//!   `on_halted`), and the tree halts every running node, its children among them.
//!
//! The guide's section "Your own control nodes and decorators" has a worked example, and
//! `examples/nav_recovery/` nodes of a navigation stack.

use core::ops::DerefMut;

use crate::Status;

/// A control node of your own: BehaviorTree.CPP's `ControlNode`. Used in a tree as
/// `Control(Type) { children.. }`; see [the module](self) for the contract the tree enforces.
///
/// Every `ControlNode` is a [`TryControlNode`] that never fails.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a control node over `{Ctx}`",
    label = "used as `Control(..)` here",
    note = "implement `bt::ControlNode<{Ctx}>` for `{Self}`; a node of one child that implements `bt::DecoratorNode` is written `Decorator({Self}) {{ child }}`",
    note = "a node of `bt::TryControlNode`, which can fail with an error, needs a tree with an error type: `tree T for Ctx, error E`",
    note = "a leaf (`bt::SyncAction`, `bt::StatefulAction`, `bt::Condition`) is written `Action({Self})`, `StatefulAction({Self})` or `Condition({Self})`, without children (in XML's `nodes {{ .. }}`, `ID = Action({Self})`)"
)]
pub trait ControlNode<Ctx: ?Sized> {
    /// The fewest children a tree may give this node (checked when the tree compiles).
    const MIN_CHILDREN: usize = 1;
    /// The most children a tree may give this node (checked when the tree compiles).
    const MAX_CHILDREN: usize = usize::MAX;

    /// Called just before [`tick`](Self::tick) on the first tick of an activation (the node's
    /// first tick, and its first tick after it was halted or reset: see
    /// [the module](self#the-contract)). Restart per-activation state here.
    fn on_start(&mut self, _ctx: &mut Ctx) {}

    /// Ticks the node: `node` dereferences to the node itself and ticks its children
    /// ([`Children::tick_child`]).
    fn tick(node: &mut impl Children<Ctx, Self>, ctx: &mut Ctx) -> Status;

    /// The node was running and has been halted; its running children have been halted already.
    fn on_halted(&mut self, _ctx: &mut Ctx) {}
}

/// A decorator of your own: BehaviorTree.CPP's `DecoratorNode`. Used in a tree as
/// `Decorator(Type) { child }`; see [the module](self) for the contract the tree enforces.
///
/// Every `DecoratorNode` is a [`TryDecoratorNode`] that never fails.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a decorator over `{Ctx}`",
    label = "used as `Decorator(..)` here",
    note = "implement `bt::DecoratorNode<{Ctx}>` for `{Self}`; a node of several children that implements `bt::ControlNode` is written `Control({Self}) {{ children.. }}`",
    note = "a node of `bt::TryDecoratorNode`, which can fail with an error, needs a tree with an error type: `tree T for Ctx, error E`",
    note = "a leaf (`bt::SyncAction`, `bt::StatefulAction`, `bt::Condition`) is written `Action({Self})`, `StatefulAction({Self})` or `Condition({Self})`, without children (in XML's `nodes {{ .. }}`, `ID = Action({Self})`)"
)]
pub trait DecoratorNode<Ctx: ?Sized> {
    /// Called just before [`tick`](Self::tick) on the first tick of an activation (see
    /// [`ControlNode::on_start`]).
    fn on_start(&mut self, _ctx: &mut Ctx) {}

    /// Ticks the node: `node` dereferences to the node itself and ticks its child
    /// ([`Child::tick_child`]), or not.
    fn tick(node: &mut impl Child<Ctx, Self>, ctx: &mut Ctx) -> Status;

    /// The node was running and has been halted; its child, if it was running, has been halted
    /// already.
    fn on_halted(&mut self, _ctx: &mut Ctx) {}
}

/// A control node that can end the tick with an error of the tree's error type `E` (a tree
/// declared `tree T for Ctx, error E`): the error aborts the tick and reaches the caller of
/// `tick`, and the tree halts every running node (see [the module](self#the-contract)).
///
/// Every [`ControlNode`] is a `TryControlNode` that never fails, so a tree with an error type
/// takes both under the same `Control(Type)`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a control node over `{Ctx}` with the error type `{E}`",
    label = "used as `Control(..)` here",
    note = "implement `bt::ControlNode<{Ctx}>`, or `bt::TryControlNode<{Ctx}, {E}>` for a node that can fail with the tree's error; a node of one child is written `Decorator({Self}) {{ child }}`"
)]
pub trait TryControlNode<Ctx: ?Sized, E> {
    /// The fewest children a tree may give this node (checked when the tree compiles).
    const MIN_CHILDREN: usize = 1;
    /// The most children a tree may give this node (checked when the tree compiles).
    const MAX_CHILDREN: usize = usize::MAX;

    /// Called just before [`try_tick`](Self::try_tick) on the first tick of an activation.
    fn on_start(&mut self, _ctx: &mut Ctx) {}

    /// Ticks the node, or fails with the tree's error.
    fn try_tick(node: &mut impl Children<Ctx, Self>, ctx: &mut Ctx) -> Result<Status, E>;

    /// The node was running and has been halted; its running children have been halted already.
    fn on_halted(&mut self, _ctx: &mut Ctx) {}
}

impl<Ctx: ?Sized, E, T: ControlNode<Ctx>> TryControlNode<Ctx, E> for T {
    const MIN_CHILDREN: usize = <T as ControlNode<Ctx>>::MIN_CHILDREN;
    const MAX_CHILDREN: usize = <T as ControlNode<Ctx>>::MAX_CHILDREN;

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn on_start(&mut self, ctx: &mut Ctx) {
        ControlNode::on_start(self, ctx)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn try_tick(node: &mut impl Children<Ctx, Self>, ctx: &mut Ctx) -> Result<Status, E> {
        Ok(T::tick(node, ctx))
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn on_halted(&mut self, ctx: &mut Ctx) {
        ControlNode::on_halted(self, ctx)
    }
}

/// A decorator that can end the tick with an error of the tree's error type `E` (see
/// [`TryControlNode`]). Every [`DecoratorNode`] is one that never fails.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a decorator over `{Ctx}` with the error type `{E}`",
    label = "used as `Decorator(..)` here",
    note = "implement `bt::DecoratorNode<{Ctx}>`, or `bt::TryDecoratorNode<{Ctx}, {E}>` for a node that can fail with the tree's error; a node of several children is written `Control({Self}) {{ children.. }}`"
)]
pub trait TryDecoratorNode<Ctx: ?Sized, E> {
    /// Called just before [`try_tick`](Self::try_tick) on the first tick of an activation.
    fn on_start(&mut self, _ctx: &mut Ctx) {}

    /// Ticks the node, or fails with the tree's error.
    fn try_tick(node: &mut impl Child<Ctx, Self>, ctx: &mut Ctx) -> Result<Status, E>;

    /// The node was running and has been halted; its child, if it was running, has been halted
    /// already.
    fn on_halted(&mut self, _ctx: &mut Ctx) {}
}

impl<Ctx: ?Sized, E, T: DecoratorNode<Ctx>> TryDecoratorNode<Ctx, E> for T {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn on_start(&mut self, ctx: &mut Ctx) {
        DecoratorNode::on_start(self, ctx)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn try_tick(node: &mut impl Child<Ctx, Self>, ctx: &mut Ctx) -> Result<Status, E> {
        Ok(T::tick(node, ctx))
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn on_halted(&mut self, ctx: &mut Ctx) {
        DecoratorNode::on_halted(self, ctx)
    }
}

/// A control node `N` in its tree, as the tree hands it to [`ControlNode::tick`]: the node
/// itself (through `Deref`/`DerefMut`) and its children.
pub trait Children<Ctx: ?Sized, N: ?Sized>: DerefMut<Target = N> {
    /// How many children the node has.
    fn child_count(&self) -> usize;

    /// Ticks child `index` and returns its answer. The node's outputs set so far reach their
    /// entries first, and its inputs bound to entries are loaded again after. In a tree with an
    /// error type, after a child's error, answers `Failure` without ticking (see
    /// [the module](self#the-contract)).
    ///
    /// # Panics
    ///
    /// If `index >= self.child_count()`.
    fn tick_child(&mut self, ctx: &mut Ctx, index: usize) -> Status;

    /// Halts child `index` if it is running, and resets it either way: its next tick starts a
    /// new activation (BehaviorTree.CPP's `haltChild`). Forgets its last status.
    ///
    /// # Panics
    ///
    /// If `index >= self.child_count()`.
    fn halt_child(&mut self, ctx: &mut Ctx, index: usize);

    /// Halts every running child and resets every child, in child order (BehaviorTree.CPP's
    /// `haltChildren`).
    fn halt_children(&mut self, ctx: &mut Ctx) {
        for index in 0..self.child_count() {
            self.halt_child(ctx, index);
        }
    }

    /// What child `index` answered the last time this node ticked it in the current activation;
    /// `None` if it was not ticked since, was halted since, or answered `Skipped` (a skipped
    /// child is idle again, as BehaviorTree.CPP keeps it `IDLE`).
    ///
    /// # Panics
    ///
    /// If `index >= self.child_count()`.
    fn child_status(&self, index: usize) -> Option<Status>;

    /// Whether child `index` is running: its last status is `Running`.
    fn child_running(&self, index: usize) -> bool {
        self.child_status(index) == Some(Status::Running)
    }
}

/// A decorator `N` in its tree, as the tree hands it to [`DecoratorNode::tick`]: the node itself
/// (through `Deref`/`DerefMut`) and its child.
pub trait Child<Ctx: ?Sized, N: ?Sized>: DerefMut<Target = N> {
    /// Ticks the child and returns its answer (see [`Children::tick_child`]).
    fn tick_child(&mut self, ctx: &mut Ctx) -> Status;

    /// Halts the child if it is running, and resets it (see [`Children::halt_child`]).
    fn halt_child(&mut self, ctx: &mut Ctx);

    /// What the child answered the last time this node ticked it in the current activation
    /// (see [`Children::child_status`]).
    fn child_status(&self) -> Option<Status>;

    /// Whether the child is running: its last status is `Running`.
    fn child_running(&self) -> bool {
        self.child_status() == Some(Status::Running)
    }
}

/// What the generated tree provides for one user node with `K` children, apart from the calls of
/// its children: the node and its bookkeeping, which are fields of the tree, and the moves of the
/// node's port values. The slots borrow the whole tree; the handle reaches the node through them
/// (`Deref`), so that nothing is moved for a call and the node is never borrowed while a child
/// runs. Not a public API.
#[doc(hidden)]
pub trait NodeSlots<const K: usize> {
    /// The user's node type.
    type Node: ?Sized;

    /// The node's children's last statuses ([`Lasts`]).
    type Lasts: Lasts;

    /// The node and its children's last statuses, in their fields of the tree: one `match` over
    /// a group's nodes in the generated code, where a method for each was two.
    fn parts(&self) -> (&Self::Node, &Self::Lasts);

    /// [`parts`](Self::parts), to change.
    fn parts_mut(&mut self) -> (&mut Self::Node, &mut Self::Lasts);

    /// The node, in its field of the tree.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn node(&self) -> &Self::Node {
        self.parts().0
    }

    /// The node, in its field of the tree.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn node_mut(&mut self) -> &mut Self::Node {
        self.parts_mut().0
    }

    /// The node's children's last statuses, in their field of the tree.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn lasts(&self) -> &Self::Lasts {
        self.parts().1
    }

    /// The node's children's last statuses, in their field of the tree.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn lasts_mut(&mut self) -> &mut Self::Lasts {
        self.parts_mut().1
    }

    /// Whether [`store`](Self::store) and [`load`](Self::load) move anything (the node has ports
    /// bound to entries): the handle calls them only then, so that a node without such ports has
    /// no code of them (the build compiles the handle once per user node of a tree).
    const PORTS: bool = false;

    /// The node's written outputs (and changed in-outs) to their entries.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn store(&mut self) {}

    /// The node's inputs and in-outs bound to entries, from their entries.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn load(&mut self) {}
}

/// What the generated tree provides for one user node's children: tick, halt and reset child
/// `i`, by a `match`. Not a public API.
#[doc(hidden)]
pub trait ChildSlots<Ctx: ?Sized, const K: usize>: NodeSlots<K> {
    /// The tree's error type (`Infallible` for a tree without one).
    type Error;

    /// Ticks child `index`, which is running if `running` (its last status is `Running`).
    ///
    /// # Panics
    ///
    /// If `index` is not a child's ([`no_such_child`]).
    fn tick(&mut self, ctx: &mut Ctx, index: usize, running: bool) -> Result<Status, Self::Error>;

    /// Halts child `index`, which is running.
    fn halt(&mut self, ctx: &mut Ctx, index: usize);
}

/// A user node's bookkeeping in the tree, beside the node: its children's last statuses in the
/// current activation: idle (`None`: not ticked since the activation began, halted since, or it
/// answered `Skipped`, after which a node is idle again, as BehaviorTree.CPP keeps a skipped
/// node `IDLE`), `Running`, `Success` or `Failure`. The tree keeps them one byte per child
/// (`[Option<Status>; K]`): the handle reads and writes them at every child's tick, where a
/// byte costs one load or store. Two bits per child in an integer took a third of the bytes
/// for a dozen more instructions per access at a child index known only at run time (measured
/// on the `nav` workload of `benches/`: 48 bytes and 140 instructions per tick against 56 and
/// 116), so the bytes are what the tree uses; the trait keeps the representation in one place.
///
/// A user child's own activation is its entry here: it starts an activation when its last status
/// is idle, and forgetting the status resets it. A user node under a built-in parent (or at the
/// root) is in an activation exactly when it is running: its running flag. Not a public API.
#[doc(hidden)]
pub trait Lasts: Copy {
    /// Every child idle.
    const IDLE: Self;

    /// Child `index`'s last status (`index` in range).
    fn get(&self, index: usize) -> Option<Status>;

    /// Sets child `index`'s last status (`Skipped` is stored as idle).
    fn set(&mut self, index: usize, status: Option<Status>);

    /// Child `index`'s last status, which becomes idle.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn take(&mut self, index: usize) -> Option<Status> {
        let status = self.get(index);
        self.set(index, None);
        status
    }
}

impl<const K: usize> Lasts for [Option<Status>; K] {
    const IDLE: Self = [None; K];

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn get(&self, index: usize) -> Option<Status> {
        self[index]
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn set(&mut self, index: usize, status: Option<Status>) {
        self[index] = status.filter(|&status| status != Status::Skipped);
    }
}

/// Why a user node's tick ended without a status. Not a public API.
#[doc(hidden)]
#[derive(Debug, PartialEq, Eq)]
pub enum Aborted<E> {
    /// A child's error: the node's tick was cut short; it still counts as running, and the
    /// tree's halt after the error halts it (`on_halted`).
    Child(E),
    /// The node's own error: it has finished (no `on_halted`); its children are the tree's to
    /// halt.
    Own(E),
}

/// The handle a user node's `tick` receives: the node (`Deref`, through the slots), and
/// [`Children`] (and, with one child, [`Child`]) over the tree's [`ChildSlots`], keeping the
/// first error. Not a public API.
///
/// Its methods are compiled once per user node of a tree (each node's slots are a type of their
/// own), so they are few: the generated code builds the handle as a struct literal, a node
/// without ports bound to entries calls no port move ([`NodeSlots::PORTS`]), and the bounds check
/// of an index is one function for all ([`checked`]).
#[doc(hidden)]
pub struct Kids<S, E, const K: usize> {
    /// The tree's slots for the node.
    #[doc(hidden)]
    pub slots: S,
    /// The first error a child returned in this call.
    #[doc(hidden)]
    pub error: Option<E>,
}

/// `index`, checked to be one of `count` children's ([`no_such_child`] if not).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn checked(index: usize, count: usize) -> usize {
    if index >= count {
        no_such_child(index, count);
    }
    index
}

impl<S: NodeSlots<K>, E, const K: usize> core::ops::Deref for Kids<S, E, K> {
    type Target = S::Node;

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn deref(&self) -> &S::Node {
        self.slots.node()
    }
}

impl<S: NodeSlots<K>, E, const K: usize> DerefMut for Kids<S, E, K> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn deref_mut(&mut self) -> &mut S::Node {
        self.slots.node_mut()
    }
}

impl<S: NodeSlots<K>, E, const K: usize> Kids<S, E, K> {
    /// The handle over the node's slots.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn new(slots: S) -> Self {
        Kids { slots, error: None }
    }

    /// The node's inputs bound to entries, from their entries (before the node's call).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn load_ports(&mut self) {
        if S::PORTS {
            self.slots.load();
        }
    }

    /// The node's written outputs, to their entries (after the node's call).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn store_ports(&mut self) {
        if S::PORTS {
            self.slots.store();
        }
    }

    /// Ends the node's tick, whose own answer is `said`: its outputs reach their entries; then
    /// the first error of a child, if there was one (nothing is halted: the tree halts every
    /// running node after an error); else the node's own error, which ends its activation
    /// without halting (the tree halts the running children); else, if the node completed, the
    /// end of its activation ([`end_activation`](Self::end_activation)).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn finish<Ctx: ?Sized>(
        mut self,
        ctx: &mut Ctx,
        said: Result<Status, E>,
    ) -> Result<Status, Aborted<E>>
    where
        S: ChildSlots<Ctx, K, Error = E>,
    {
        if S::PORTS {
            self.slots.store();
        }
        if let Some(error) = self.error.take() {
            return Err(Aborted::Child(error));
        }
        match said {
            Ok(Status::Running) => Ok(Status::Running),
            Ok(status) => {
                self.end_activation(ctx);
                Ok(status)
            }
            Err(error) => {
                // The running children are the tree's to halt; the others are reset.
                let lasts = self.slots.lasts_mut();
                for index in 0..K {
                    if lasts.get(index) != Some(Status::Running) {
                        lasts.set(index, None);
                    }
                }
                Err(Aborted::Own(error))
            }
        }
    }

    /// The end of an activation (the node completed, or is halted): every child whose last
    /// status is `Running` is halted, in child order, and every last status forgotten (which
    /// resets every child).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn end_activation<Ctx: ?Sized>(&mut self, ctx: &mut Ctx)
    where
        S: ChildSlots<Ctx, K, Error = E>,
    {
        for index in 0..K {
            if self.slots.lasts_mut().get(index) == Some(Status::Running) {
                self.slots.halt(ctx, index);
            }
        }
        *self.slots.lasts_mut() = S::Lasts::IDLE;
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn halt_at<Ctx: ?Sized>(&mut self, ctx: &mut Ctx, index: usize)
    where
        S: ChildSlots<Ctx, K, Error = E>,
    {
        let index = checked(index, K);
        if self.slots.lasts_mut().take(index) == Some(Status::Running) {
            if S::PORTS {
                self.slots.store();
            }
            self.slots.halt(ctx, index);
            if S::PORTS {
                self.slots.load();
            }
        }
    }
}

impl<Ctx: ?Sized, N: ?Sized, S, E, const K: usize> Children<Ctx, N> for Kids<S, E, K>
where
    S: ChildSlots<Ctx, K, Error = E> + NodeSlots<K, Node = N>,
{
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn child_count(&self) -> usize {
        K
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tick_child(&mut self, ctx: &mut Ctx, index: usize) -> Status {
        // The slots' `match` panics for an index that is not a child's (after it, the index is
        // known to be in range), and `get` reads no status for one.
        if self.error.is_some() {
            let _ = checked(index, K);
            return Status::Failure;
        }
        let running = index < K && self.slots.lasts_mut().get(index) == Some(Status::Running);
        if S::PORTS {
            self.slots.store();
        }
        let answer = self.slots.tick(ctx, index, running);
        if S::PORTS {
            self.slots.load();
        }
        match answer {
            Ok(status) => {
                self.slots.lasts_mut().set(index, Some(status));
                status
            }
            Err(error) => {
                self.slots.lasts_mut().set(index, None);
                self.error = Some(error);
                Status::Failure
            }
        }
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn halt_child(&mut self, ctx: &mut Ctx, index: usize) {
        self.halt_at(ctx, index)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn child_status(&self, index: usize) -> Option<Status> {
        self.slots.lasts().get(checked(index, K))
    }
}

impl<Ctx: ?Sized, N: ?Sized, S, E> Child<Ctx, N> for Kids<S, E, 1>
where
    S: ChildSlots<Ctx, 1, Error = E> + NodeSlots<1, Node = N>,
{
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn tick_child(&mut self, ctx: &mut Ctx) -> Status {
        Children::tick_child(self, ctx, 0)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn halt_child(&mut self, ctx: &mut Ctx) {
        self.halt_at(ctx, 0)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn child_status(&self) -> Option<Status> {
        self.slots.lasts().get(0)
    }
}

/// Panics for a child index out of range: the generated slots' last arm. Not a public API.
#[doc(hidden)]
#[cold]
#[inline(never)]
#[track_caller]
pub fn no_such_child(index: usize, count: usize) -> ! {
    panic!("child {index} of a node with {count} children: indices are 0..{count}")
}

/// Fails compilation of a tree that gives the control node `name`, whose bounds are `min` and
/// `max` ([`ControlNode::MIN_CHILDREN`], [`ControlNode::MAX_CHILDREN`]), `given` children: the
/// message gives the counts. Evaluated in a `const` of the generated tree. Not a public API.
#[doc(hidden)]
pub const fn check_children(name: &str, min: usize, max: usize, given: usize) {
    if min <= given && given <= max {
        return;
    }
    let mut message = Message::new();
    message.push("`");
    message.push(name);
    message.push("` takes ");
    let one = if min == max {
        message.number(min);
        min == 1
    } else if max == usize::MAX {
        message.push("at least ");
        message.number(min);
        min == 1
    } else {
        message.number(min);
        message.push(" to ");
        message.number(max);
        false
    };
    message.push(if one { " child" } else { " children" });
    message.push(" (its `MIN_CHILDREN` and `MAX_CHILDREN`); this tree gives it ");
    message.number(given);
    panic!("{}", message.as_str());
}

/// A message built at compile time, for [`check_children`]: at most 240 bytes, cut at a
/// character boundary.
struct Message {
    bytes: [u8; 240],
    len: usize,
}

impl Message {
    const fn new() -> Self {
        Message {
            bytes: [0; 240],
            len: 0,
        }
    }

    const fn push(&mut self, text: &str) {
        let text = text.as_bytes();
        let mut index = 0;
        while index < text.len() && self.len < self.bytes.len() {
            self.bytes[self.len] = text[index];
            self.len += 1;
            index += 1;
        }
    }

    const fn number(&mut self, mut value: usize) {
        let mut digits = [0u8; 20];
        let mut count = 0;
        loop {
            digits[count] = b'0' + (value % 10) as u8;
            count += 1;
            value /= 10;
            if value == 0 {
                break;
            }
        }
        while count > 0 && self.len < self.bytes.len() {
            count -= 1;
            self.bytes[self.len] = digits[count];
            self.len += 1;
        }
    }

    const fn as_str(&self) -> &str {
        let (mut bytes, _) = self.bytes.split_at(self.len);
        // A name cut in the middle of a character: drop the partial character.
        loop {
            match core::str::from_utf8(bytes) {
                Ok(text) => return text,
                Err(error) => bytes = bytes.split_at(error.valid_up_to()).0,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    //! The handle against scripted children: what it ticks, halts and resets, the last statuses,
    //! the ports around each child, the end of an activation, and errors.

    use super::*;
    use std::vec::Vec;
    use Status::{Failure, Running, Success};

    /// A node's ports in miniature: an output the node sets, an input the children may change.
    #[derive(Default)]
    struct Node {
        output: Option<u32>,
        input: u32,
    }

    /// A tree in miniature: the node, its bookkeeping, two entries (what the node's output
    /// reached, what its input reads), and children that answer from a script and record what
    /// happened to them.
    #[derive(Default)]
    struct Tree {
        node: Node,
        lasts: [Option<Status>; 3],
        entries: (u32, u32),
        answers: Vec<Result<Status, &'static str>>,
        running: [bool; 3],
        log: Vec<(&'static str, usize)>,
    }

    /// The slots over the tree, as the generated code writes them.
    struct Slots<'t>(&'t mut Tree);

    impl NodeSlots<3> for Slots<'_> {
        type Node = Node;
        type Lasts = [Option<Status>; 3];

        fn parts(&self) -> (&Node, &[Option<Status>; 3]) {
            (&self.0.node, &self.0.lasts)
        }

        fn parts_mut(&mut self) -> (&mut Node, &mut [Option<Status>; 3]) {
            (&mut self.0.node, &mut self.0.lasts)
        }

        const PORTS: bool = true;

        fn store(&mut self) {
            if let Some(value) = self.0.node.output.take() {
                self.0.entries.0 = value;
            }
        }

        fn load(&mut self) {
            self.0.node.input = self.0.entries.1;
        }
    }

    impl ChildSlots<(), 3> for Slots<'_> {
        type Error = &'static str;

        fn tick(
            &mut self,
            _: &mut (),
            index: usize,
            running: bool,
        ) -> Result<Status, &'static str> {
            let tree = &mut *self.0;
            let index = if index < 3 {
                index
            } else {
                no_such_child(index, 3)
            };
            assert_eq!(running, tree.running[index], "child {index}'s running flag");
            tree.log.push(("tick", index));
            // A child reads the output's entry and writes the input's.
            tree.entries.1 = tree.entries.0 + 100;
            let answer = tree.answers.remove(0);
            tree.running[index] = answer == Ok(Running);
            answer
        }

        fn halt(&mut self, _: &mut (), index: usize) {
            let tree = &mut *self.0;
            assert!(
                tree.running[index],
                "halted child {index}, which is not running"
            );
            tree.running[index] = false;
            tree.log.push(("halt", index));
        }
    }

    type Handle<'t> = Kids<Slots<'t>, &'static str, 3>;

    /// A tree whose children will answer `answers`.
    fn tree(answers: &[Result<Status, &'static str>]) -> Tree {
        Tree {
            answers: answers.to_vec(),
            ..Tree::default()
        }
    }

    #[test]
    fn ticks_and_remembers_the_last_statuses() {
        let mut tree = tree(&[Ok(Success), Ok(Running)]);
        let mut kids: Handle = Kids::new(Slots(&mut tree));
        assert_eq!(kids.tick_child(&mut (), 0), Success);
        assert_eq!(kids.tick_child(&mut (), 2), Running);
        assert_eq!(
            (
                kids.child_status(0),
                kids.child_status(1),
                kids.child_status(2)
            ),
            (Some(Success), None, Some(Running))
        );
        assert!(kids.child_running(2) && !kids.child_running(0));
        assert_eq!(kids.child_count(), 3);
        assert_eq!(tree.log, [("tick", 0), ("tick", 2)]);
        assert_eq!(
            (0..3).map(|i| tree.lasts.get(i)).collect::<Vec<_>>(),
            [Some(Success), None, Some(Running)]
        );
    }

    #[test]
    fn the_handle_is_the_node() {
        let mut tree = tree(&[]);
        let mut kids: Handle = Kids::new(Slots(&mut tree));
        kids.input = 7;
        assert_eq!(kids.input, 7);
        let node: &mut Node = &mut kids;
        node.input += 1;
        assert_eq!(kids.input, 8);
        assert_eq!(tree.node.input, 8);
    }

    #[test]
    fn outputs_reach_their_entries_before_a_child_and_inputs_are_read_after() {
        let mut tree = tree(&[Ok(Success), Ok(Success)]);
        let mut kids: Handle = Kids::new(Slots(&mut tree));
        kids.output = Some(42);
        kids.tick_child(&mut (), 0);
        // The child saw 42 in the output's entry and wrote 142 into the input's entry.
        assert_eq!(kids.input, 142);
        kids.output = Some(7);
        kids.tick_child(&mut (), 1);
        assert_eq!(kids.input, 107);
        kids.output = Some(9);
        assert_eq!(kids.finish(&mut (), Ok(Success)), Ok(Success));
        assert_eq!(
            tree.entries.0, 9,
            "the last output reaches its entry at the end"
        );
    }

    #[test]
    fn completing_halts_the_running_children_once_resets_the_others_and_forgets() {
        let mut tree = tree(&[Ok(Running), Ok(Success), Ok(Running)]);
        let mut kids: Handle = Kids::new(Slots(&mut tree));
        kids.tick_child(&mut (), 0);
        kids.tick_child(&mut (), 1);
        kids.tick_child(&mut (), 2);
        kids.halt_child(&mut (), 0);
        assert_eq!(kids.child_status(0), None);
        assert_eq!(kids.finish(&mut (), Ok(Success)), Ok(Success));
        assert_eq!(
            tree.log,
            [
                ("tick", 0),
                ("tick", 1),
                ("tick", 2),
                ("halt", 0),
                ("halt", 2)
            ]
        );
        assert_eq!(tree.lasts, [None; 3]);
    }

    #[test]
    fn a_running_child_is_ticked_as_running() {
        let mut tree = tree(&[Ok(Running), Ok(Running), Ok(Success)]);
        let mut kids: Handle = Kids::new(Slots(&mut tree));
        // The script checks the flag the handle passes against the child's own.
        kids.tick_child(&mut (), 1);
        kids.tick_child(&mut (), 1);
        kids.tick_child(&mut (), 1);
        assert_eq!(kids.child_status(1), Some(Success));
    }

    #[test]
    fn halting_a_completed_child_forgets_it_without_a_halt() {
        let mut tree = tree(&[Ok(Failure)]);
        let mut kids: Handle = Kids::new(Slots(&mut tree));
        kids.tick_child(&mut (), 1);
        kids.halt_child(&mut (), 1);
        assert_eq!(
            kids.child_status(1),
            None,
            "reset: its next tick starts an activation"
        );
        kids.halt_child(&mut (), 1);
        kids.halt_child(&mut (), 2);
        assert_eq!(tree.log, [("tick", 1)]);
    }

    #[test]
    fn running_keeps_the_children_running() {
        let mut tree = tree(&[Ok(Running)]);
        let mut kids: Handle = Kids::new(Slots(&mut tree));
        kids.tick_child(&mut (), 1);
        assert_eq!(kids.finish(&mut (), Ok(Running)), Ok(Running));
        assert_eq!(tree.log, [("tick", 1)]);
        assert_eq!(tree.lasts.get(1), Some(Running));
        assert_eq!((tree.lasts.get(0), tree.lasts.get(2)), (None, None));
    }

    #[test]
    fn a_childs_error_answers_failure_without_ticking_and_wins() {
        let mut tree = tree(&[Ok(Running), Err("boom"), Ok(Success)]);
        let mut kids: Handle = Kids::new(Slots(&mut tree));
        assert_eq!(kids.tick_child(&mut (), 0), Running);
        assert_eq!(kids.tick_child(&mut (), 1), Failure);
        assert_eq!(kids.tick_child(&mut (), 2), Failure);
        // The node answers Success; the error wins, and nothing is halted here (the tree halts
        // every running node after an error).
        assert_eq!(
            kids.finish(&mut (), Ok(Success)),
            Err(Aborted::Child("boom"))
        );
        assert_eq!(tree.log, [("tick", 0), ("tick", 1)]);
    }

    #[test]
    fn the_nodes_own_error_resets_the_completed_children_and_leaves_the_running_ones() {
        let mut tree = tree(&[Ok(Running), Ok(Success)]);
        let mut kids: Handle = Kids::new(Slots(&mut tree));
        kids.tick_child(&mut (), 0);
        kids.tick_child(&mut (), 1);
        assert_eq!(kids.finish(&mut (), Err("own")), Err(Aborted::Own("own")));
        // The running child 0 is the tree's to halt after the error (its halt forgets it).
        assert_eq!(tree.log, [("tick", 0), ("tick", 1)]);
        assert_eq!(tree.lasts.get(0), Some(Running));
        assert_eq!((tree.lasts.get(1), tree.lasts.get(2)), (None, None));
    }

    #[test]
    fn halt_children_halts_in_child_order() {
        let mut tree = tree(&[Ok(Running), Ok(Running)]);
        let mut kids: Handle = Kids::new(Slots(&mut tree));
        kids.tick_child(&mut (), 2);
        kids.tick_child(&mut (), 0);
        kids.halt_children(&mut ());
        assert_eq!((kids.child_status(0), kids.child_status(2)), (None, None));
        assert_eq!(
            tree.log,
            [("tick", 2), ("tick", 0), ("halt", 0), ("halt", 2)]
        );
    }

    #[test]
    #[should_panic(expected = "child 3 of a node with 3 children")]
    fn an_index_out_of_range_panics() {
        let mut tree = tree(&[]);
        let mut kids: Handle = Kids::new(Slots(&mut tree));
        kids.tick_child(&mut (), 3);
    }

    #[test]
    #[should_panic(expected = "child 5 of a node with 3 children")]
    fn a_status_out_of_range_panics() {
        let mut tree = tree(&[]);
        let kids: Handle = Kids::new(Slots(&mut tree));
        kids.child_status(5);
    }

    #[test]
    fn a_decorator_sees_child_zero() {
        #[derive(Default)]
        struct One(Vec<&'static str>, bool, u8, [Option<Status>; 1]);
        struct OneSlots<'t>(&'t mut One);
        impl NodeSlots<1> for OneSlots<'_> {
            type Node = u8;
            type Lasts = [Option<Status>; 1];
            fn parts(&self) -> (&u8, &[Option<Status>; 1]) {
                (&self.0 .2, &self.0 .3)
            }
            fn parts_mut(&mut self) -> (&mut u8, &mut [Option<Status>; 1]) {
                (&mut self.0 .2, &mut self.0 .3)
            }
        }
        impl ChildSlots<(), 1> for OneSlots<'_> {
            type Error = core::convert::Infallible;
            fn tick(&mut self, _: &mut (), _: usize, _: bool) -> Result<Status, Self::Error> {
                self.0 .0.push("tick");
                self.0 .1 = true;
                Ok(Running)
            }
            fn halt(&mut self, _: &mut (), _: usize) {
                if core::mem::take(&mut self.0 .1) {
                    self.0 .0.push("halt");
                }
            }
        }
        let mut one = One {
            2: 5,
            ..One::default()
        };
        let mut kids = Kids::<_, core::convert::Infallible, 1>::new(OneSlots(&mut one));
        assert_eq!(Child::tick_child(&mut kids, &mut ()), Running);
        assert!(Child::child_running(&kids));
        Child::halt_child(&mut kids, &mut ());
        assert_eq!(Child::child_status(&kids), None);
        assert!(!Child::child_running(&kids), "halted: not running");
        assert_eq!(*kids, 5);
        assert_eq!(kids.finish(&mut (), Ok(Failure)), Ok(Failure));
        assert_eq!(one.0, ["tick", "halt"]);
    }

    /// The last statuses at every position: what is set is read back, a skip is idle, and the
    /// neighbours are untouched.
    #[test]
    fn the_last_statuses_read_back() {
        fn exercise<W: Lasts + PartialEq + core::fmt::Debug>(count: usize) {
            let statuses = [None, Some(Running), Some(Success), Some(Failure)];
            let mut lasts = W::IDLE;
            for index in 0..count {
                lasts.set(index, statuses[index % 4]);
            }
            for index in 0..count {
                assert_eq!(
                    lasts.get(index),
                    statuses[index % 4],
                    "child {index} of {count}"
                );
            }
            lasts.set(count - 1, Some(Status::Skipped));
            assert_eq!(lasts.get(count - 1), None, "a skip is idle");
            for index in 0..count - 1 {
                assert_eq!(lasts.get(index), statuses[index % 4]);
            }
            assert_eq!(lasts.take(1), Some(Running));
            assert_eq!(lasts.get(1), None);
        }
        exercise::<[Option<Status>; 3]>(3);
        exercise::<[Option<Status>; 5]>(5);
        assert_eq!(core::mem::size_of::<[Option<Status>; 5]>(), 5);
    }

    #[test]
    fn the_count_message_gives_both_counts() {
        let mut message = Message::new();
        message.push("`Recovery` takes ");
        message.number(2);
        message.push(", given ");
        message.number(0);
        message.number(1234567);
        assert_eq!(message.as_str(), "`Recovery` takes 2, given 01234567");
        // Cut at 240 bytes, in the middle of a two-byte character, which is dropped.
        let mut long = Message::new();
        long.push("a");
        for _ in 0..130 {
            long.push("é");
        }
        assert_eq!(long.as_str().len(), 239);
    }

    #[test]
    fn a_number_at_the_end_of_a_full_message_is_cut() {
        let mut message = Message::new();
        for _ in 0..239 {
            message.push("a");
        }
        message.number(12);
        assert_eq!(message.as_str().len(), 240);
        assert!(message.as_str().ends_with("a1"));
        message.number(3);
        assert!(
            message.as_str().ends_with("a1"),
            "a full message takes no more"
        );
    }

    #[test]
    fn the_ports_move_on_demand() {
        let mut tree = tree(&[]);
        tree.entries.1 = 5;
        let mut kids: Handle = Kids::new(Slots(&mut tree));
        kids.load_ports();
        assert_eq!(kids.input, 5, "the input read from its entry");
        kids.output = Some(3);
        kids.store_ports();
        assert_eq!(kids.output, None, "the output moved to its entry");
        assert_eq!(tree.entries.0, 3);
    }

    /// A node of `ControlNode` and `DecoratorNode` whose hooks record their calls, for the
    /// `Try` forms every such node is.
    #[derive(Default)]
    struct Hooks(Vec<&'static str>);

    impl ControlNode<()> for Hooks {
        fn on_start(&mut self, _: &mut ()) {
            self.0.push("control start");
        }
        fn tick(_: &mut impl Children<(), Self>, _: &mut ()) -> Status {
            Success
        }
        fn on_halted(&mut self, _: &mut ()) {
            self.0.push("control halted");
        }
    }

    impl DecoratorNode<()> for Hooks {
        fn on_start(&mut self, _: &mut ()) {
            self.0.push("decorator start");
        }
        fn tick(_: &mut impl Child<(), Self>, _: &mut ()) -> Status {
            Failure
        }
        fn on_halted(&mut self, _: &mut ()) {
            self.0.push("decorator halted");
        }
    }

    #[test]
    fn a_node_that_never_fails_keeps_its_hooks_as_a_try_node() {
        let mut node = Hooks::default();
        TryControlNode::<(), ()>::on_start(&mut node, &mut ());
        TryControlNode::<(), ()>::on_halted(&mut node, &mut ());
        TryDecoratorNode::<(), ()>::on_start(&mut node, &mut ());
        TryDecoratorNode::<(), ()>::on_halted(&mut node, &mut ());
        assert_eq!(
            node.0,
            [
                "control start",
                "control halted",
                "decorator start",
                "decorator halted"
            ]
        );
    }

    #[test]
    fn children_within_the_bounds_pass() {
        check_children("A", 2, 2, 2);
        check_children("B", 0, usize::MAX, 0);
        check_children("C", 1, 3, 3);
    }

    #[test]
    #[should_panic(
        expected = "`Recovery` takes 2 children (its `MIN_CHILDREN` and `MAX_CHILDREN`); this tree gives it 3"
    )]
    fn too_many_children_give_both_counts() {
        check_children("Recovery", 2, 2, 3);
    }

    #[test]
    #[should_panic(expected = "`Pipeline` takes at least 1 child (its")]
    fn too_few_children_give_the_least() {
        check_children("Pipeline", 1, usize::MAX, 0);
    }

    #[test]
    #[should_panic(expected = "`Pair` takes 1 to 2 children")]
    fn a_range_is_given_as_a_range() {
        check_children("Pair", 1, 2, 5);
    }
}
