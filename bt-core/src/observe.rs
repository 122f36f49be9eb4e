//! Observing a tree: every node's result passes through one hook, [`Observer`].
//!
//! Node ids are the nodes' pre-order positions in the tree as written (the root is 0), and
//! [`NodeInfo`] describes each one as `const` data (`Tree::NODES`).
//!
//! ```text
//! let mut trace = TickTrace::<{ Sniper::NODE_COUNT }>::new();
//! tree.tick_with(&mut world, &mut trace);
//! print!("{}", trace.display(Sniper::NODES));
//! ```

use crate::Status;

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
}

impl NodeInfo {
    /// The id of the first node called `name`, if any.
    pub fn find(nodes: &[NodeInfo], name: &str) -> Option<usize> {
        nodes.iter().position(|node| node.name == name)
    }
}

/// Receives every node's result, and every halt, as the tree runs.
///
/// The generated tree calls these methods from one place, after each node's tick and each halt of
/// a running node. The default methods do nothing, so an observer that is not used costs nothing:
/// `tree.tick(ctx)` is `tree.tick_with(ctx, &mut NoObserver)`.
pub trait Observer {
    /// Node `node` answered `status` in this tick.
    #[inline(always)]
    fn on_status(&mut self, node: usize, status: Status) {
        let _ = (node, status);
    }

    /// Node `node`, which was running, has been halted.
    #[inline(always)]
    fn on_halted(&mut self, node: usize) {
        let _ = node;
    }
}

/// The observer that observes nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoObserver;

impl Observer for NoObserver {}

impl<O: Observer + ?Sized> Observer for &mut O {
    #[inline(always)]
    fn on_status(&mut self, node: usize, status: Status) {
        (**self).on_status(node, status)
    }

    #[inline(always)]
    fn on_halted(&mut self, node: usize) {
        (**self).on_halted(node)
    }
}

/// What happened to one node in one tick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TraceEvent {
    /// The node was ticked and answered this status.
    Ticked(Status),
    /// The node was running and has been halted.
    Halted,
}

/// An observer that records what happened to each of a tree's `N` nodes since the last
/// [`clear`](Self::clear), and prints it as an indented tree. `N` is the tree's `NODE_COUNT`.
///
/// Used by the examples to print a tick-by-tick trace, and by tests to assert which nodes were
/// ticked and which were halted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TickTrace<const N: usize> {
    events: [Option<TraceEvent>; N],
}

impl<const N: usize> Default for TickTrace<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> TickTrace<N> {
    /// An empty trace.
    pub const fn new() -> Self {
        TickTrace { events: [None; N] }
    }

    /// Forgets everything recorded.
    pub fn clear(&mut self) {
        self.events = [None; N];
    }

    /// The last thing that happened to `node`, if anything.
    pub fn event(&self, node: usize) -> Option<TraceEvent> {
        self.events[node]
    }

    /// The status `node` answered, if it was ticked (and not halted afterwards).
    pub fn status(&self, node: usize) -> Option<Status> {
        match self.events[node] {
            Some(TraceEvent::Ticked(status)) => Some(status),
            _ => None,
        }
    }

    /// True if `node` was halted.
    pub fn halted(&self, node: usize) -> bool {
        self.events[node] == Some(TraceEvent::Halted)
    }

    /// Something that prints the recorded events as an indented tree, naming nodes from `nodes`
    /// (the tree's `NODES`); nodes with no event are left out.
    pub fn display<'a>(&'a self, nodes: &'static [NodeInfo]) -> impl core::fmt::Display + 'a {
        TraceDisplay {
            events: &self.events,
            nodes,
        }
    }
}

impl<const N: usize> Observer for TickTrace<N> {
    #[inline]
    fn on_status(&mut self, node: usize, status: Status) {
        self.events[node] = Some(TraceEvent::Ticked(status));
    }

    #[inline]
    fn on_halted(&mut self, node: usize) {
        self.events[node] = Some(TraceEvent::Halted);
    }
}

struct TraceDisplay<'a> {
    events: &'a [Option<TraceEvent>],
    nodes: &'static [NodeInfo],
}

impl core::fmt::Display for TraceDisplay<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let recorded = || {
            self.events
                .iter()
                .zip(self.nodes)
                .filter_map(|(event, node)| event.map(|event| (event, node)))
        };
        let width = recorded()
            .map(|(_, node)| 2 * node.depth + node.name.len())
            .max()
            .unwrap_or(0);
        for (event, node) in recorded() {
            let indent = 2 * node.depth;
            let label = match event {
                TraceEvent::Ticked(status) => status.name(),
                TraceEvent::Halted => "halted",
            };
            writeln!(
                f,
                "{:indent$}{:<pad$}  {label}",
                "",
                node.name,
                pad = width - indent
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NODES: &[NodeInfo] = &[
        NodeInfo {
            name: "Fallback",
            kind: "Fallback",
            category: NodeCategory::Control,
            parent: None,
            depth: 0,
            ports: &[],
        },
        NodeInfo {
            name: "IsVisible",
            kind: "Condition",
            category: NodeCategory::Condition,
            parent: Some(0),
            depth: 1,
            ports: &[],
        },
        NodeInfo {
            name: "Patrol",
            kind: "StatefulAction",
            category: NodeCategory::Action,
            parent: Some(0),
            depth: 1,
            ports: &[],
        },
    ];

    struct Buf {
        bytes: [u8; 256],
        len: usize,
    }

    impl core::fmt::Write for Buf {
        fn write_str(&mut self, s: &str) -> core::fmt::Result {
            let end = self.len + s.len();
            self.bytes[self.len..end].copy_from_slice(s.as_bytes());
            self.len = end;
            Ok(())
        }
    }

    #[test]
    fn trace_records_and_prints() {
        let mut trace = TickTrace::<3>::new();
        trace.on_status(1, Status::Failure);
        trace.on_halted(2);
        trace.on_status(0, Status::Failure);
        assert_eq!(trace.status(1), Some(Status::Failure));
        assert!(trace.halted(2));
        assert_eq!(trace.status(2), None);
        let mut buf = Buf {
            bytes: [0; 256],
            len: 0,
        };
        core::fmt::write(&mut buf, format_args!("{}", trace.display(NODES))).unwrap();
        let text = core::str::from_utf8(&buf.bytes[..buf.len]).unwrap();
        assert_eq!(
            text,
            "Fallback     FAILURE\n  IsVisible  FAILURE\n  Patrol     halted\n"
        );
        trace.clear();
        assert_eq!(trace.event(0), None);
        assert_eq!(NodeInfo::find(NODES, "Patrol"), Some(2));
    }
}
