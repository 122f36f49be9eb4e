//! Pictures and files of a tree, from its `const` metadata (`Tree::NODES`): Graphviz DOT,
//! Mermaid, and BehaviorTree.CPP v4 XML (which Groot2 opens).
//!
//! Each export is a value that implements `Display`: print it, `format!` it, or `write!` it into
//! any `core::fmt::Write`. Nothing is allocated, so they work in `no_std`.
//!
//! ```
//! # use bt_core::{NodeCategory, NodeInfo};
//! # const fn node(name: &'static str, category: NodeCategory, parent: Option<usize>, depth: usize)
//! #     -> NodeInfo {
//! #     NodeInfo { name, kind: name, category, parent, depth, ports: &[], leaf_type: None,
//! #                params: &[] }
//! # }
//! # struct Tree;
//! # impl Tree { const NODES: &'static [NodeInfo] = &[
//! #     node("Sequence", NodeCategory::Control, None, 0),
//! #     node("AlwaysSuccess", NodeCategory::Action, Some(0), 1),
//! # ]; }
//! use bt_core::export;
//!
//! let dot = format!("{}", export::dot(Tree::NODES));          // `dot -Tsvg` draws it
//! let mermaid = format!("{}", export::mermaid(Tree::NODES));  // GitHub renders it in ```mermaid
//! let xml = format!("{}", export::xml("Tree", Tree::NODES));  // Groot2 opens it
//! assert!(dot.contains("n0 -> n1;"));
//! assert!(mermaid.contains("n0 --> n1"));
//! assert!(xml.contains("<Sequence>\n      <AlwaysSuccess/>\n    </Sequence>"));
//! ```
//!
//! Node ids are `n0`, `n1`, ... (the node ids of `NODES`), so they are stable from one export to
//! the next. Shapes follow the node's [category](crate::NodeCategory):
//!
//! | category | DOT | Mermaid |
//! |---|---|---|
//! | Control | box | rectangle |
//! | Decorator | hexagon | hexagon |
//! | Condition | ellipse | stadium |
//! | Action | rounded box | rounded rectangle |
//! | SubTree | component | subroutine, with the subtree's nodes in a cluster (subgraph) |
//!
//! A label is the node's name, then its type when the node has a name of its own
//! (`#[name = ".."]`), then one `attribute=value` line per [parameter](crate::NodeInfo::params)
//! (leave them out with `without_params()`).
//!
//! The `*_with_status` forms colour each node by what last happened to it, read from any
//! [`StatusSnapshot`] ([`TickTrace`](crate::TickTrace), [`Statistics`](crate::Statistics),
//! [`TransitionLogger`](crate::TransitionLogger)): running amber, success green, failure red,
//! skipped grey, halted blue, aborted by an error violet; nodes with nothing to show stay white.

mod dot;
mod escape;
mod mermaid;
#[doc(hidden)]
pub mod vocabulary;
mod xml;

pub use dot::{dot, dot_with_status, Dot};
pub use mermaid::{mermaid, mermaid_with_status, Mermaid};
pub use xml::{xml, Xml};

use crate::observe::{StatusSnapshot, TraceEvent};
use crate::{NodeInfo, Status};

/// The [`StatusSnapshot`] of the plain exports: no node has a status.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoStatus;

impl StatusSnapshot for NoStatus {
    fn node_event(&self, _: usize) -> Option<TraceEvent> {
        None
    }
}

/// The fill colour of a node by its last event.
fn colour(event: TraceEvent) -> &'static str {
    match event {
        TraceEvent::Ticked(Status::Running) => "#f6c453",
        TraceEvent::Ticked(Status::Success) => "#8fd18f",
        TraceEvent::Ticked(Status::Failure) => "#f08080",
        TraceEvent::Ticked(Status::Skipped) => "#d3d3d3",
        TraceEvent::Halted => "#9ecbf0",
        TraceEvent::Aborted => "#c9a0dc",
    }
}

/// The lines of a node's label, unescaped: name, type (for a node with a name of its own), and
/// each parameter as `attribute=value` (if `params`).
fn label_lines(
    node: &NodeInfo,
    params: bool,
    mut line: impl FnMut(&str, &str, &str) -> core::fmt::Result,
) -> core::fmt::Result {
    line(node.name, "", "")?;
    if node.has_own_name() {
        line(node.type_name(), "", "")?;
    }
    if params {
        for (attribute, value) in node.params {
            line(attribute, "=", value)?;
        }
    }
    Ok(())
}

/// The id of the tree a `SubTree` node runs (its type, else its name).
fn subtree_id(node: &NodeInfo) -> &'static str {
    node.leaf_type.unwrap_or(node.name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::observe::testing::ROBOT;

    #[test]
    fn labels_have_name_type_and_params() {
        let mut text = String::new();
        let mut collect = |node: &NodeInfo, params| {
            text.clear();
            label_lines(node, params, |a, b, c| {
                text.push_str(a);
                text.push_str(b);
                text.push_str(c);
                text.push('|');
                Ok(())
            })
            .unwrap();
            text.clone()
        };
        assert_eq!(collect(&ROBOT[0], true), "Sequence|");
        assert_eq!(collect(&ROBOT[2], true), "Repeat|num_cycles=3|");
        assert_eq!(collect(&ROBOT[2], false), "Repeat|");
        assert_eq!(
            collect(&ROBOT[7], true),
            "dock|MoveTo|goal=(0, 0)|fuel={fuel}|"
        );
        assert_eq!(collect(&ROBOT[1], true), "a<b & \"c\"|Condition|");
        assert_eq!(subtree_id(&ROBOT[4]), "Recharge");
        assert_eq!(NoStatus.node_event(0), None);
    }
}
