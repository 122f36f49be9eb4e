//! A tree's `NODES` table, written as one short call per node: the generated table names these
//! functions through a `use ::bt::__private::nodes::*` of its own, so that each entry is a few
//! tokens (`control("Snipe", "Sequence", 0, 1)`) rather than a struct literal of every field.
//!
//! Each function builds the [`NodeInfo`] of one category; `parent` is ignored for the root (depth
//! 0, whose parent is `None`). [`typed`] adds a leaf's or a subtree's type and ports,
//! [`with_params`] its parameters as XML attributes.

use crate::{NodeCategory, NodeInfo, PortInfo};

const fn node(
    name: &'static str,
    kind: &'static str,
    category: NodeCategory,
    parent: usize,
    depth: usize,
) -> NodeInfo {
    NodeInfo {
        name,
        kind,
        category,
        parent: if depth == 0 { None } else { Some(parent) },
        depth,
        ports: &[],
        leaf_type: None,
        params: &[],
    }
}

/// A control node (a composite, or the user's `Control(Type)`).
pub const fn control(
    name: &'static str,
    kind: &'static str,
    parent: usize,
    depth: usize,
) -> NodeInfo {
    node(name, kind, NodeCategory::Control, parent, depth)
}

/// A decorator.
pub const fn decorator(
    name: &'static str,
    kind: &'static str,
    parent: usize,
    depth: usize,
) -> NodeInfo {
    node(name, kind, NodeCategory::Decorator, parent, depth)
}

/// A condition leaf.
pub const fn condition(
    name: &'static str,
    kind: &'static str,
    parent: usize,
    depth: usize,
) -> NodeInfo {
    node(name, kind, NodeCategory::Condition, parent, depth)
}

/// An action leaf.
pub const fn action(
    name: &'static str,
    kind: &'static str,
    parent: usize,
    depth: usize,
) -> NodeInfo {
    node(name, kind, NodeCategory::Action, parent, depth)
}

/// A `SubTree` node.
pub const fn subtree(
    name: &'static str,
    kind: &'static str,
    parent: usize,
    depth: usize,
) -> NodeInfo {
    node(name, kind, NodeCategory::SubTree, parent, depth)
}

/// `info` with its leaf's (or subtree's) type, as written without spaces, and its ports.
pub const fn typed(
    mut info: NodeInfo,
    leaf_type: &'static str,
    ports: &'static [PortInfo],
) -> NodeInfo {
    info.leaf_type = Some(leaf_type);
    info.ports = ports;
    info
}

/// `info` with its ports only (a `Loop`'s `value` port).
pub const fn with_ports(mut info: NodeInfo, ports: &'static [PortInfo]) -> NodeInfo {
    info.ports = ports;
    info
}

/// `info` with its parameters, as BehaviorTree.CPP XML attributes.
pub const fn with_params(
    mut info: NodeInfo,
    params: &'static [(&'static str, &'static str)],
) -> NodeInfo {
    info.params = params;
    info
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_short_forms_fill_every_field() {
        const ROOT: NodeInfo = control("Fallback", "Fallback", 7, 0);
        assert_eq!(ROOT.parent, None);
        assert_eq!(ROOT.category, NodeCategory::Control);
        const LEAF: NodeInfo = with_params(
            typed(action("Shoot", "Action", 1, 2), "Shoot", &[]),
            &[("rounds", "1")],
        );
        assert_eq!(
            LEAF,
            NodeInfo {
                name: "Shoot",
                kind: "Action",
                category: NodeCategory::Action,
                parent: Some(1),
                depth: 2,
                ports: &[],
                leaf_type: Some("Shoot"),
                params: &[("rounds", "1")],
            }
        );
        assert_eq!(
            decorator("I", "Inverter", 0, 1).category,
            NodeCategory::Decorator
        );
        assert_eq!(
            condition("C", "Condition", 0, 1).category,
            NodeCategory::Condition
        );
        assert_eq!(
            subtree("S", "SubTree", 0, 1).category,
            NodeCategory::SubTree
        );
        assert_eq!(with_ports(NO, &[]).ports, &[]);
    }

    const NO: NodeInfo = control("", "", 0, 0);
}
