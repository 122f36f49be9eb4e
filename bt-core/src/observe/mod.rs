//! Observing a tree: every node's result passes through one hook, [`Observer`].
//!
//! Node ids are the nodes' pre-order positions in the tree as written (the root is 0), and
//! [`NodeInfo`] describes each one as `const` data (`Tree::NODES`).
//!
//! The observers here never allocate while the tree runs. Those that keep something per node
//! keep it in storage given when they are built, sized for the tree:
//!
//! * an array of the tree's `NODE_COUNT` (`TickTrace::<{ Tree::NODE_COUNT }>::new()`,
//!   `Statistics::new(Tree::NODES, [NodeStats::ZERO; Tree::NODE_COUNT])`);
//! * in code generic over trees, where `T::NODE_COUNT` cannot size an array, a borrowed buffer
//!   (`&mut buf[..]`, or a `Vec` built once), checked against the tree by `for_tree::<T>(..)`.
//!
//! Every observer checks its size when it is built for a tree (`for_tree`, or `new` with the
//! tree's `NODES`) and panics there, naming both sizes, if the storage is too small. A node id
//! it has no room for (an observer built for another tree) is a panic with the same kind of
//! message, never an index out of bounds in the middle of a tick.
//!
//! | observer | what it does |
//! |---|---|
//! | [`TickTrace`] / [`Trace`] | the last event of each node, printed as an indented tree |
//! | [`TransitionLogger`] | each change of a node's status, with a time stamp (BehaviorTree.CPP's `StdCoutLogger`) |
//! | [`Statistics`] | per-node counts of ticks, results, halts and aborts (BehaviorTree.CPP's `TreeObserver`) |
//! | `TracingObserver` (feature `tracing`) | a `tracing` event per status change, halt and abort |
//! | `JsonTrace` (feature `json`) | one JSON line per event, and `read_trace` to read them back |
//!
//! Observers compose: a tuple `(A, B)` (up to four) reports every event to each in turn.
//!
//! ```text
//! let mut trace = TickTrace::<{ Sniper::NODE_COUNT }>::new();
//! tree.tick_with(&mut world, &mut trace);
//! print!("{}", trace.display(Sniper::NODES));
//! ```
//!
//! ## Ticks
//!
//! Observers that number ticks (`JsonTrace`, `TracingObserver`) count the reports of the root:
//! every tick of a generated tree ends with a report of the root (node 0), its status
//! ([`Observer::on_status`]) or, in a tick aborted by an error, its abort
//! ([`Observer::on_aborted`]), so an event belongs to tick `n` when the root has reported `n`
//! times before it. A halt between two ticks belongs to the tick that follows it.
//!
//! ## Aborted ticks
//!
//! In a tree with an error type (`tree T for Ctx, error E`), a leaf's error aborts the tick: the
//! leaf and each of its ancestors answer no status. Each of them reports
//! [`on_aborted`](Observer::on_aborted) instead, the failing leaf first, as the error leaves it;
//! then come the halts that follow every error (of every running node, the nodes of that path
//! that can run included), and last the root's abort, which ends the tick. An aborted tick's
//! [`TickTrace`] is thus a tree with its root, the path of the error marked `aborted`:
//!
//! ```text
//! ReactiveSequence  aborted
//!   Act             SUCCESS
//!   Fallback        aborted
//!     IsClear       FAILURE
//!     Fetch         aborted
//!   Patrol          halted
//! ```
//!
//! [`TickTrace`] and [`Statistics`] keep a node's abort over the halt that follows it in the same
//! tick (a [`TraceEvent::Aborted`] is not replaced by a [`TraceEvent::Halted`]); `JsonTrace`
//! writes both lines, and ends the tick with the root's `ABORTED` line; [`TransitionLogger`] and
//! `TracingObserver` see an aborted node become idle.

use core::time::Duration;

use crate::{BehaviorTree, Status};

#[cfg(feature = "json")]
pub mod json;
mod logger;
mod stats;
mod trace;
#[cfg(feature = "tracing")]
pub mod tracing;

#[cfg(feature = "std")]
pub use logger::StdoutSink;
pub use logger::{state_name, Lines, Transition, TransitionLogger, TransitionSink};
pub use stats::{NodeStats, Statistics};
pub use trace::{TickTrace, Trace, TraceDisplay};

/// What kind of node a [`NodeInfo`] describes (BehaviorTree.CPP's node types).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NodeCategory {
    /// A composite with one or more children.
    Control,
    /// A node with exactly one child.
    Decorator,
    /// A leaf that checks the world.
    Condition,
    /// A leaf that acts on the world.
    Action,
    /// A `SubTree` node: another generated tree used as a node (its nodes follow it in `NODES`).
    SubTree,
}

impl NodeCategory {
    /// BehaviorTree.CPP's name of the category (`"Control"`, `"Decorator"`, `"Condition"`,
    /// `"Action"`, `"SubTree"`).
    pub const fn name(self) -> &'static str {
        match self {
            NodeCategory::Control => "Control",
            NodeCategory::Decorator => "Decorator",
            NodeCategory::Condition => "Condition",
            NodeCategory::Action => "Action",
            NodeCategory::SubTree => "SubTree",
        }
    }
}

/// Static description of one node of a generated tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeInfo {
    /// The node's name: its `#[name = ".."]`, else its leaf type, else its kind.
    pub name: &'static str,
    /// The node kind as written in the tree (`"Sequence"`, `"Condition"`, ...).
    pub kind: &'static str,
    /// Control, decorator, condition or action.
    pub category: NodeCategory,
    /// Id of the parent node; `None` for the root.
    pub parent: Option<usize>,
    /// Distance from the root (the root is 0).
    pub depth: usize,
    /// The ports of a leaf type that declares them with `#[derive(bt::Ports)]`.
    pub ports: &'static [crate::PortInfo],
    /// The leaf type of a `Condition(T)`, `Action(T)` or `StatefulAction(T)` node, or the tree
    /// type of a `SubTree(T, ..)` node, as written without spaces (`"MoveTo"`,
    /// `"game::MoveTo"`); `None` for every other node, inline leaves included.
    ///
    /// A node given a BehaviorTree.CPP ID, `#[id = ".."]` (every node an XML tree maps to a
    /// type under another name), has that ID here instead of its type.
    ///
    /// The node's [`name`](Self::name) is this type unless the node has a `#[name]`; exports use
    /// the type as the node's BehaviorTree.CPP ID and the name as its instance name.
    pub leaf_type: Option<&'static str>,
    /// The node's parameters as BehaviorTree.CPP XML attributes: `(attribute, value as text)`,
    /// such as `("num_cycles", "3")` on a `Repeat(3)`, `("goal", "{target}")` for a port bound
    /// to the entry `target`, or `("low_at", "30")` for a subtree entry given a value.
    ///
    /// Exports print them as they are (escaped): in XML as attributes, in DOT and Mermaid as
    /// `attribute=value` lines of the node's label.
    pub params: &'static [(&'static str, &'static str)],
}

impl NodeInfo {
    /// The id of the first node called `name` (in pre-order, across subtrees), if any.
    ///
    /// Names are labels, as in BehaviorTree.CPP: several nodes may share one (Nav2's trees name
    /// two nodes `ClearGlobalCostmap-Context`, and a subtree used twice repeats its names);
    /// [`find_all`](Self::find_all) gives every one. The id, not the name, identifies a node.
    pub fn find(nodes: &[NodeInfo], name: &str) -> Option<usize> {
        nodes.iter().position(|node| node.name == name)
    }

    /// The ids of every node called `name`, in pre-order (across subtrees).
    pub fn find_all<'a>(nodes: &'a [NodeInfo], name: &'a str) -> impl Iterator<Item = usize> + 'a {
        (nodes.iter().enumerate())
            .filter(move |(_, node)| node.name == name)
            .map(|(id, _)| id)
    }

    /// The value of parameter `name`, if the node has it.
    pub fn param(&self, name: &str) -> Option<&'static str> {
        self.params
            .iter()
            .find(|(param, _)| *param == name)
            .map(|(_, value)| *value)
    }

    /// What the node is: its leaf or tree type if it has one, else its kind.
    pub fn type_name(&self) -> &'static str {
        match self.leaf_type {
            Some(ty) => ty,
            None => self.kind,
        }
    }

    /// True if the node's name is not the one it gets by default (its
    /// [`type_name`](Self::type_name)): it was given with `#[name = ".."]`.
    pub fn has_own_name(&self) -> bool {
        self.name != self.type_name()
    }

    /// One past the last descendant of node `id`: its descendants are the ids `id + 1..end`
    /// (pre-order keeps them together). For a `SubTree` node they are the subtree's nodes.
    ///
    /// # Panics
    ///
    /// If `nodes` has no node `id`.
    pub fn subtree_end(nodes: &[NodeInfo], id: usize) -> usize {
        let depth = nodes[id].depth;
        nodes[id + 1..]
            .iter()
            .position(|node| node.depth <= depth)
            .map_or(nodes.len(), |offset| id + 1 + offset)
    }

    /// The ids of the children of node `id`, in order (for a `SubTree` node, the subtree's
    /// root).
    ///
    /// # Panics
    ///
    /// If `nodes` has no node `id`.
    pub fn children(nodes: &[NodeInfo], id: usize) -> impl Iterator<Item = usize> + '_ {
        let end = Self::subtree_end(nodes, id);
        (id + 1..end).filter(move |&child| nodes[child].parent == Some(id))
    }
}

/// Receives every node's result, and every halt, as the tree runs.
///
/// The generated tree calls these methods from one place, after each node's tick and each halt of
/// a running node. The default methods do nothing, so an observer that is not used costs nothing:
/// `tree.tick(ctx)` is `tree.tick_with(ctx, &mut NoObserver)`.
///
/// A node reports after its children, so the root's report is the last of every tick: its status,
/// or its abort in a tick aborted by an error ([Aborted ticks](self#aborted-ticks)).
pub trait Observer {
    /// Node `node` answered `status` in this tick.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn on_status(&mut self, node: usize, status: Status) {
        let _ = (node, status);
    }

    /// Node `node`, which was running, has been halted.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn on_halted(&mut self, node: usize) {
        let _ = node;
    }

    /// Node `node` was being ticked when an error aborted the tick (a tree with an error type):
    /// it answers no status. Reported for the leaf that failed, then for each of its ancestors as
    /// the error leaves them; the root's abort comes last, after the halts that follow the error,
    /// and ends the tick ([Aborted ticks](self#aborted-ticks)).
    ///
    /// In a halt, where an error aborts only the tick of `TryCatch(catch_on_halt = true)`'s catch
    /// child, the aborts go up to that child.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn on_aborted(&mut self, node: usize) {
        let _ = node;
    }

    /// Whether this observer stamps its events with the tree's time. When it does, a tree whose
    /// context implements [`Clock`](crate::Clock) reads the clock once at the start of each `tick_with` and
    /// `halt_with` and gives the time to [`on_time`](Self::on_time). `false` by default, so that
    /// a tree never reads its clock for an observer that does not ask.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn wants_time(&self) -> bool {
        false
    }

    /// The time of the tree's context ([`Clock::now`](crate::Clock::now)) at the start of a `tick_with` or
    /// `halt_with`, for an observer that [`wants_time`](Self::wants_time) (never for a tree
    /// whose context is not a clock). [`TransitionLogger`] stamps its transitions with it.
    ///
    /// A `SubTree`'s tree does not report its own: the time is the one the tree at the top gave.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn on_time(&mut self, now: Duration) {
        let _ = now;
    }
}

/// The observer that observes nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoObserver;

impl Observer for NoObserver {}

impl<O: Observer + ?Sized> Observer for &mut O {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn on_status(&mut self, node: usize, status: Status) {
        (**self).on_status(node, status)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn on_halted(&mut self, node: usize) {
        (**self).on_halted(node)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn on_aborted(&mut self, node: usize) {
        (**self).on_aborted(node)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn wants_time(&self) -> bool {
        (**self).wants_time()
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn on_time(&mut self, now: Duration) {
        (**self).on_time(now)
    }
}

macro_rules! tuple_observer {
    ($($name:ident . $index:tt),+) => {
        /// Every event goes to each observer of the tuple, in order.
        impl<$($name: Observer),+> Observer for ($($name,)+) {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn on_status(&mut self, node: usize, status: Status) {
                $(self.$index.on_status(node, status);)+
            }

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn on_halted(&mut self, node: usize) {
                $(self.$index.on_halted(node);)+
            }

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn on_aborted(&mut self, node: usize) {
                $(self.$index.on_aborted(node);)+
            }

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn wants_time(&self) -> bool {
                false $(|| self.$index.wants_time())+
            }

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn on_time(&mut self, now: Duration) {
                $(self.$index.on_time(now);)+
            }
        }
    };
}

tuple_observer!(A.0, B.1);
tuple_observer!(A.0, B.1, C.2);
tuple_observer!(A.0, B.1, C.2, D.3);

/// What happened to one node in one tick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TraceEvent {
    /// The node was ticked and answered this status.
    Ticked(Status),
    /// The node was running and has been halted.
    Halted,
    /// The node was being ticked when an error aborted the tick: it answered no status
    /// ([`Observer::on_aborted`]).
    Aborted,
}

impl TraceEvent {
    /// The status's name (`RUNNING`, `SUCCESS`, `FAILURE`, `SKIPPED`), or `HALTED`, or
    /// `ABORTED`.
    pub const fn name(self) -> &'static str {
        match self {
            TraceEvent::Ticked(status) => status.name(),
            TraceEvent::Halted => "HALTED",
            TraceEvent::Aborted => "ABORTED",
        }
    }

    /// The event that an observer keeping one event per node keeps when `next` follows `self`:
    /// `next`, but for a halt after an abort, which keeps the abort (the halts that follow an
    /// error reach the nodes of the failing leaf's path that can run: they were aborted).
    #[inline]
    pub(crate) fn then(self, next: TraceEvent) -> TraceEvent {
        match (self, next) {
            (TraceEvent::Aborted, TraceEvent::Halted) => TraceEvent::Aborted,
            _ => next,
        }
    }

    /// The event named `name` ([`name`](Self::name)'s inverse).
    pub fn from_name(name: &str) -> Option<TraceEvent> {
        Some(match name {
            "RUNNING" => TraceEvent::Ticked(Status::Running),
            "SUCCESS" => TraceEvent::Ticked(Status::Success),
            "FAILURE" => TraceEvent::Ticked(Status::Failure),
            "SKIPPED" => TraceEvent::Ticked(Status::Skipped),
            "HALTED" => TraceEvent::Halted,
            "ABORTED" => TraceEvent::Aborted,
            _ => return None,
        })
    }
}

impl core::fmt::Display for TraceEvent {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.pad(self.name())
    }
}

/// A snapshot of the nodes' last events, for the exports that colour nodes by status
/// ([`export::dot_with_status`](crate::export::dot_with_status), ...).
///
/// Implemented by [`Trace`] (the last tick), [`Statistics`] (each node's last event ever) and
/// [`TransitionLogger`] (each node's current status), and by a slice of events indexed by id.
pub trait StatusSnapshot {
    /// What last happened to node `node`, if anything (`None` also for an unknown id).
    fn node_event(&self, node: usize) -> Option<TraceEvent>;
}

impl<S: StatusSnapshot + ?Sized> StatusSnapshot for &S {
    fn node_event(&self, node: usize) -> Option<TraceEvent> {
        (**self).node_event(node)
    }
}

impl StatusSnapshot for [Option<TraceEvent>] {
    fn node_event(&self, node: usize) -> Option<TraceEvent> {
        self.get(node).copied().flatten()
    }
}

/// Panics, up front, if an observer's storage has room for fewer nodes than `tree` has.
#[track_caller]
pub(crate) fn check_room(observer: &str, room: usize, needed: usize, tree: core::fmt::Arguments) {
    if room < needed {
        too_small(observer, room, needed, tree)
    }
}

/// The storage's room for `T`: checked by every `for_tree::<T>`.
#[track_caller]
pub(crate) fn check_room_for<T: BehaviorTree + ?Sized>(observer: &str, room: usize) {
    check_room(
        observer,
        room,
        T::NODES.len(),
        format_args!("the tree `{}`", core::any::type_name::<T>()),
    )
}

#[cold]
#[inline(never)]
#[track_caller]
fn too_small(observer: &str, room: usize, needed: usize, tree: core::fmt::Arguments) -> ! {
    panic!(
        "{observer}: its storage has room for {room} nodes but {tree} has {needed}: \
         give it at least {needed} entries (the tree's `NODE_COUNT`)"
    )
}

/// The panic of an observer told about a node it has no room for.
#[cold]
#[inline(never)]
#[track_caller]
pub(crate) fn out_of_range(observer: &str, node: usize, room: usize) -> ! {
    panic!(
        "{observer} has room for {room} nodes but node {node} was reported: it was built for \
         another tree; size it with the observed tree's `NODE_COUNT`, or build it with \
         `for_tree::<Tree>(..)`, which checks"
    )
}

/// Counts ticks as the root's reports (see the module documentation).
#[cfg(any(test, feature = "json", feature = "tracing"))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct TickCounter {
    pub(crate) tick: u64,
}

#[cfg(any(test, feature = "json", feature = "tracing"))]
impl TickCounter {
    /// After node `node` reported a status or an abort.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn reported(&mut self, node: usize) {
        if node == 0 {
            self.tick += 1;
        }
    }
}

#[cfg(test)]
pub(crate) mod testing {
    //! Hand-written node tables and a fixed-size `fmt::Write` buffer, for the unit tests.

    use super::*;
    use crate::{PortDirection, PortInfo};

    /// A node with no ports, type or parameters.
    pub const fn node(
        name: &'static str,
        kind: &'static str,
        category: NodeCategory,
        parent: Option<usize>,
        depth: usize,
    ) -> NodeInfo {
        NodeInfo {
            name,
            kind,
            category,
            parent,
            depth,
            ports: &[],
            leaf_type: None,
            params: &[],
        }
    }

    /// `Fallback { Condition(IsVisible), StatefulAction(Patrol) }`.
    pub const SMALL: &[NodeInfo] = &[
        node("Fallback", "Fallback", NodeCategory::Control, None, 0),
        NodeInfo {
            leaf_type: Some("IsVisible"),
            ..node(
                "IsVisible",
                "Condition",
                NodeCategory::Condition,
                Some(0),
                1,
            )
        },
        NodeInfo {
            leaf_type: Some("Patrol"),
            ..node("Patrol", "StatefulAction", NodeCategory::Action, Some(0), 1)
        },
    ];

    pub const MOVE_TO_PORTS: &[PortInfo] = &[
        PortInfo {
            name: "goal",
            direction: PortDirection::Input,
            type_name: "(i32, i32)",
            required: true,
            missing_message: "",
        },
        PortInfo {
            name: "speed",
            direction: PortDirection::Input,
            type_name: "f32",
            required: false,
            missing_message: "",
        },
        PortInfo {
            name: "arrived",
            direction: PortDirection::Output,
            type_name: "bool",
            required: false,
            missing_message: "",
        },
        PortInfo {
            name: "fuel",
            direction: PortDirection::InOut,
            type_name: "Vec<u8>",
            required: true,
            missing_message: "",
        },
    ];

    /// A tree `Robot` with ports, parameters, an explicit name, an inline condition, escaping
    /// material, and a subtree `Recharge` (spliced after its `SubTree` node):
    ///
    /// ```text
    /// Robot:
    /// 0 Sequence
    /// 1   #[name = "a<b & \"c\""] Condition(|w| ..)
    /// 2   Repeat(3)
    /// 3     StatefulAction(MoveTo, goal = {target}, speed = 2.0, arrived = {done}, fuel = {tank})
    /// 4   SubTree(Recharge, charging = {charging}, low_at = 30)
    /// 5     Recharge: Fallback                                    (the subtree's nodes)
    /// 6       Condition(game::IsCharged)
    /// 7       #[name = "dock"] Action(MoveTo, goal = (0, 0), fuel = {fuel})
    /// 8   AlwaysSuccess
    /// ```
    pub const ROBOT: &[NodeInfo] = &[
        node("Sequence", "Sequence", NodeCategory::Control, None, 0),
        node(
            "a<b & \"c\"",
            "Condition",
            NodeCategory::Condition,
            Some(0),
            1,
        ),
        NodeInfo {
            params: &[("num_cycles", "3")],
            ..node("Repeat", "Repeat", NodeCategory::Decorator, Some(0), 1)
        },
        NodeInfo {
            ports: MOVE_TO_PORTS,
            leaf_type: Some("MoveTo"),
            params: &[
                ("goal", "{target}"),
                ("speed", "2.0"),
                ("arrived", "{done}"),
                ("fuel", "{tank}"),
            ],
            ..node("MoveTo", "StatefulAction", NodeCategory::Action, Some(2), 2)
        },
        NodeInfo {
            leaf_type: Some("Recharge"),
            params: &[("charging", "{charging}"), ("low_at", "30")],
            ..node("Recharge", "SubTree", NodeCategory::SubTree, Some(0), 1)
        },
        node("Fallback", "Fallback", NodeCategory::Control, Some(4), 2),
        NodeInfo {
            leaf_type: Some("game::IsCharged"),
            ..node(
                "game::IsCharged",
                "Condition",
                NodeCategory::Condition,
                Some(5),
                3,
            )
        },
        NodeInfo {
            ports: MOVE_TO_PORTS,
            leaf_type: Some("MoveTo"),
            params: &[("goal", "(0, 0)"), ("fuel", "{fuel}")],
            ..node("dock", "Action", NodeCategory::Action, Some(5), 3)
        },
        node(
            "AlwaysSuccess",
            "AlwaysSuccess",
            NodeCategory::Action,
            Some(0),
            1,
        ),
    ];

    /// Subtrees in a subtree, one tree used twice, and a `SubTree` node whose tree's nodes are
    /// missing (`Lonely`):
    ///
    /// ```text
    /// 0 Sequence
    /// 1   SubTree(Outer)
    /// 2     Outer: Fallback
    /// 3       SubTree(Inner)
    /// 4         Inner: AlwaysFailure
    /// 5       #[name = "again"] SubTree(Inner)
    /// 6         Inner: AlwaysFailure
    /// 7   SubTree(Lonely)
    /// ```
    pub const NESTED: &[NodeInfo] = &[
        node("Sequence", "Sequence", NodeCategory::Control, None, 0),
        NodeInfo {
            leaf_type: Some("Outer"),
            ..node("Outer", "SubTree", NodeCategory::SubTree, Some(0), 1)
        },
        node("Fallback", "Fallback", NodeCategory::Control, Some(1), 2),
        NodeInfo {
            leaf_type: Some("Inner"),
            ..node("Inner", "SubTree", NodeCategory::SubTree, Some(2), 3)
        },
        node(
            "AlwaysFailure",
            "AlwaysFailure",
            NodeCategory::Action,
            Some(3),
            4,
        ),
        NodeInfo {
            leaf_type: Some("Inner"),
            ..node("again", "SubTree", NodeCategory::SubTree, Some(2), 3)
        },
        node(
            "AlwaysFailure",
            "AlwaysFailure",
            NodeCategory::Action,
            Some(5),
            4,
        ),
        NodeInfo {
            leaf_type: Some("Lonely"),
            ..node("Lonely", "SubTree", NodeCategory::SubTree, Some(0), 1)
        },
    ];

    /// A stand-in for a generated tree with the nodes of [`ROBOT`]: a tick reports the last
    /// node, then the root.
    #[derive(Default)]
    pub struct RobotTree {
        blackboard: (),
    }

    impl BehaviorTree for RobotTree {
        type Context = ();
        type Blackboard = ();
        const NODES: &'static [NodeInfo] = ROBOT;
        fn tick_with<O: Observer>(&mut self, _: &mut (), observer: &mut O) -> Status {
            observer.on_status(8, Status::Success);
            observer.on_status(0, Status::Success);
            Status::Success
        }
        fn halt_with<O: Observer>(&mut self, _: &mut (), _: &mut O) {}
        fn status(&self) -> Option<Status> {
            None
        }
        fn blackboard(&self) -> &() {
            &self.blackboard
        }
        fn blackboard_mut(&mut self) -> &mut () {
            &mut self.blackboard
        }
    }

    /// A `core::fmt::Write` into a fixed buffer (the observers' `no_std` sink in tests).
    pub struct Buf {
        bytes: [u8; 4096],
        len: usize,
    }

    impl Buf {
        pub const fn new() -> Self {
            Buf {
                bytes: [0; 4096],
                len: 0,
            }
        }

        pub fn as_str(&self) -> &str {
            core::str::from_utf8(&self.bytes[..self.len]).unwrap()
        }
    }

    impl core::fmt::Write for Buf {
        fn write_str(&mut self, s: &str) -> core::fmt::Result {
            let end = self.len + s.len();
            if end > self.bytes.len() {
                return Err(core::fmt::Error);
            }
            self.bytes[self.len..end].copy_from_slice(s.as_bytes());
            self.len = end;
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::testing::*;
    use super::*;

    #[test]
    fn find_and_params() {
        assert_eq!(NodeInfo::find(SMALL, "Patrol"), Some(2));
        assert_eq!(NodeInfo::find(SMALL, "Nobody"), None);
        assert_eq!(ROBOT[2].param("num_cycles"), Some("3"));
        assert_eq!(ROBOT[2].param("num_attempts"), None);
        assert_eq!(ROBOT[3].type_name(), "MoveTo");
        assert_eq!(ROBOT[0].type_name(), "Sequence");
        assert!(!ROBOT[3].has_own_name());
        assert!(ROBOT[7].has_own_name());
        assert!(ROBOT[1].has_own_name());
        assert!(!ROBOT[8].has_own_name());
        assert_eq!(NodeCategory::SubTree.name(), "SubTree");
    }

    #[test]
    fn subtree_ranges_and_children() {
        assert_eq!(NodeInfo::subtree_end(ROBOT, 0), 9);
        assert_eq!(NodeInfo::subtree_end(ROBOT, 2), 4);
        assert_eq!(NodeInfo::subtree_end(ROBOT, 4), 8);
        assert_eq!(NodeInfo::subtree_end(ROBOT, 8), 9);
        assert_eq!(NodeInfo::subtree_end(ROBOT, 6), 7);
        let mut children = [0; 8];
        let mut count = 0;
        for child in NodeInfo::children(ROBOT, 0) {
            children[count] = child;
            count += 1;
        }
        assert_eq!(&children[..count], &[1, 2, 4, 8]);
        assert_eq!(NodeInfo::children(ROBOT, 4).count(), 1);
        assert_eq!(NodeInfo::children(ROBOT, 5).count(), 2);
        assert_eq!(NodeInfo::children(ROBOT, 3).count(), 0);
    }

    #[test]
    fn event_names_round_trip() {
        for event in [
            TraceEvent::Ticked(Status::Running),
            TraceEvent::Ticked(Status::Success),
            TraceEvent::Ticked(Status::Failure),
            TraceEvent::Ticked(Status::Skipped),
            TraceEvent::Halted,
        ] {
            assert_eq!(TraceEvent::from_name(event.name()), Some(event));
        }
        assert_eq!(TraceEvent::from_name("IDLE"), None);
        assert_eq!(format!("[{:<8}]", TraceEvent::Halted), "[HALTED  ]");
    }

    #[derive(Default)]
    struct Count {
        statuses: usize,
        halts: usize,
    }

    impl Observer for Count {
        fn on_status(&mut self, _: usize, _: Status) {
            self.statuses += 1;
        }
        fn on_halted(&mut self, _: usize) {
            self.halts += 1;
        }
    }

    #[test]
    fn tuples_report_to_each_observer() {
        let mut pair = (Count::default(), TickTrace::<3>::new());
        pair.on_status(1, Status::Failure);
        pair.on_halted(2);
        assert_eq!((pair.0.statuses, pair.0.halts), (1, 1));
        assert_eq!(pair.1.status(1), Some(Status::Failure));
        assert!(pair.1.halted(2));
        let mut four = (
            Count::default(),
            Count::default(),
            Count::default(),
            &mut pair,
        );
        four.on_status(0, Status::Success);
        assert_eq!(four.2.statuses, 1);
        assert_eq!(pair.1.status(0), Some(Status::Success));
        let mut three = (NoObserver, Count::default(), NoObserver);
        three.on_halted(0);
        assert_eq!(three.1.halts, 1);
    }

    #[test]
    fn tick_counter_counts_root_reports() {
        let mut ticks = TickCounter::default();
        ticks.reported(3);
        ticks.reported(0);
        ticks.reported(1);
        assert_eq!(ticks.tick, 1);
    }

    #[test]
    #[should_panic(expected = "Trace: its storage has room for 2 nodes but Robot has 9")]
    fn room_is_checked_up_front() {
        check_room("Trace", 2, ROBOT.len(), format_args!("Robot"));
    }

    #[test]
    fn slices_are_snapshots() {
        let events = [None, Some(TraceEvent::Halted)];
        assert_eq!(events[..].node_event(1), Some(TraceEvent::Halted));
        assert_eq!(events[..].node_event(0), None);
        assert_eq!(events[..].node_event(7), None);
        let by_ref: &[Option<TraceEvent>] = &events;
        assert_eq!(
            StatusSnapshot::node_event(&by_ref, 1),
            Some(TraceEvent::Halted)
        );
    }
}
