//! Graphviz DOT.

use core::fmt;

use super::escape::{Escaped, Syntax};
use super::{colour, label_lines, subtree_id, NoStatus};
use crate::observe::StatusSnapshot;
use crate::{NodeCategory, NodeInfo};

/// The tree whose `NODES` are `nodes`, as a Graphviz `digraph` (see the
/// [module documentation](super) for shapes and labels).
///
/// Children keep their order (`ordering=out`), and a subtree's nodes are drawn in a dashed
/// cluster labelled with the subtree's name.
pub fn dot(nodes: &[NodeInfo]) -> Dot<'_> {
    Dot {
        nodes,
        status: None,
        params: true,
    }
}

/// [`dot`], each node filled with the colour of what last happened to it in `status`.
pub fn dot_with_status<'a, S: StatusSnapshot + ?Sized>(
    nodes: &'a [NodeInfo],
    status: &'a S,
) -> Dot<'a, S> {
    Dot {
        nodes,
        status: Some(status),
        params: true,
    }
}

/// A tree as Graphviz DOT: made by [`dot`] and [`dot_with_status`], printed by `Display`.
#[derive(Clone, Copy, Debug)]
pub struct Dot<'a, S: ?Sized = NoStatus> {
    nodes: &'a [NodeInfo],
    status: Option<&'a S>,
    params: bool,
}

impl<S: StatusSnapshot + ?Sized> Dot<'_, S> {
    /// The same picture without the parameter lines in the labels.
    pub fn without_params(mut self) -> Self {
        self.params = false;
        self
    }

    /// Declares nodes `start..end`, each subtree in a cluster.
    fn declare(
        &self,
        f: &mut fmt::Formatter<'_>,
        start: usize,
        end: usize,
        indent: usize,
    ) -> fmt::Result {
        let mut id = start;
        while id < end {
            self.declare_node(f, id, indent)?;
            let node = &self.nodes[id];
            if node.category != NodeCategory::SubTree {
                id += 1;
                continue;
            }
            let subtree_end = NodeInfo::subtree_end(self.nodes, id);
            if subtree_end > id + 1 {
                writeln!(f, "{:indent$}subgraph cluster_n{id} {{", "")?;
                let inner = indent + 2;
                writeln!(
                    f,
                    "{:inner$}label=\"{}\";",
                    "",
                    Escaped(subtree_id(node), Syntax::Dot)
                )?;
                writeln!(f, "{:inner$}style=dashed;", "")?;
                self.declare(f, id + 1, subtree_end, inner)?;
                writeln!(f, "{:indent$}}}", "")?;
            }
            id = subtree_end;
        }
        Ok(())
    }

    fn declare_node(&self, f: &mut fmt::Formatter<'_>, id: usize, indent: usize) -> fmt::Result {
        let node = &self.nodes[id];
        write!(f, "{:indent$}n{id} [label=\"", "")?;
        let mut first = true;
        label_lines(node, self.params, |a, b, c| {
            if !first {
                f.write_str("\\n")?;
            }
            first = false;
            write!(
                f,
                "{}{}{}",
                Escaped(a, Syntax::Dot),
                b,
                Escaped(c, Syntax::Dot)
            )
        })?;
        let (shape, rounded) = match node.category {
            NodeCategory::Control => ("box", false),
            NodeCategory::Decorator => ("hexagon", false),
            NodeCategory::Condition => ("ellipse", false),
            NodeCategory::Action => ("box", true),
            NodeCategory::SubTree => ("component", false),
        };
        write!(f, "\", shape={shape}")?;
        let event = self.status.and_then(|status| status.node_event(id));
        match (rounded, event) {
            (false, None) => {}
            (true, None) => f.write_str(", style=rounded")?,
            (false, Some(_)) => f.write_str(", style=filled")?,
            (true, Some(_)) => f.write_str(", style=\"rounded,filled\"")?,
        }
        if let Some(event) = event {
            write!(f, ", fillcolor=\"{}\"", colour(event))?;
        }
        f.write_str("];\n")
    }
}

impl<S: StatusSnapshot + ?Sized> fmt::Display for Dot<'_, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("digraph {\n  graph [ordering=out, fontname=\"Helvetica\"];\n  node [fontname=\"Helvetica\"];\n")?;
        self.declare(f, 0, self.nodes.len(), 2)?;
        for (id, node) in self.nodes.iter().enumerate() {
            if let Some(parent) = node.parent {
                writeln!(f, "  n{parent} -> n{id};")?;
            }
        }
        f.write_str("}\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::observe::testing::{NESTED, ROBOT, SMALL};
    use crate::{Observer, Status, TickTrace};

    #[test]
    fn small_tree() {
        assert_eq!(
            dot(SMALL).to_string(),
            r#"digraph {
  graph [ordering=out, fontname="Helvetica"];
  node [fontname="Helvetica"];
  n0 [label="Fallback", shape=box];
  n1 [label="IsVisible", shape=ellipse];
  n2 [label="Patrol", shape=box, style=rounded];
  n0 -> n1;
  n0 -> n2;
}
"#
        );
    }

    #[test]
    fn ports_params_escaping_and_a_subtree_cluster() {
        assert_eq!(
            dot(ROBOT).to_string(),
            r#"digraph {
  graph [ordering=out, fontname="Helvetica"];
  node [fontname="Helvetica"];
  n0 [label="Sequence", shape=box];
  n1 [label="a<b & \"c\"\nCondition", shape=ellipse];
  n2 [label="Repeat\nnum_cycles=3", shape=hexagon];
  n3 [label="MoveTo\ngoal={target}\nspeed=2.0\narrived={done}\nfuel={tank}", shape=box, style=rounded];
  n4 [label="Recharge\ncharging={charging}\nlow_at=30", shape=component];
  subgraph cluster_n4 {
    label="Recharge";
    style=dashed;
    n5 [label="Fallback", shape=box];
    n6 [label="game::IsCharged", shape=ellipse];
    n7 [label="dock\nMoveTo\ngoal=(0, 0)\nfuel={fuel}", shape=box, style=rounded];
  }
  n8 [label="AlwaysSuccess", shape=box, style=rounded];
  n0 -> n1;
  n0 -> n2;
  n2 -> n3;
  n0 -> n4;
  n4 -> n5;
  n5 -> n6;
  n5 -> n7;
  n0 -> n8;
}
"#
        );
    }

    #[test]
    fn coloured_by_status_without_params() {
        let mut trace = TickTrace::<3>::new();
        trace.on_status(1, Status::Failure);
        trace.on_halted(2);
        trace.on_status(0, Status::Running);
        assert_eq!(
            dot_with_status(SMALL, &trace).without_params().to_string(),
            r##"digraph {
  graph [ordering=out, fontname="Helvetica"];
  node [fontname="Helvetica"];
  n0 [label="Fallback", shape=box, style=filled, fillcolor="#f6c453"];
  n1 [label="IsVisible", shape=ellipse, style=filled, fillcolor="#f08080"];
  n2 [label="Patrol", shape=box, style="rounded,filled", fillcolor="#9ecbf0"];
  n0 -> n1;
  n0 -> n2;
}
"##
        );
        let plain = dot(ROBOT).without_params().to_string();
        assert!(
            plain.contains("  n2 [label=\"Repeat\", shape=hexagon];\n"),
            "{plain}"
        );
        assert!(
            plain.contains("  n7 [label=\"dock\\nMoveTo\", shape=box, style=rounded];\n"),
            "{plain}"
        );
    }

    #[test]
    fn empty_and_nested_subtrees() {
        assert_eq!(
            dot(&[]).to_string(),
            "digraph {\n  graph [ordering=out, fontname=\"Helvetica\"];\n  node [fontname=\"Helvetica\"];\n}\n"
        );
        assert_eq!(
            dot(NESTED).to_string(),
            r#"digraph {
  graph [ordering=out, fontname="Helvetica"];
  node [fontname="Helvetica"];
  n0 [label="Sequence", shape=box];
  n1 [label="Outer", shape=component];
  subgraph cluster_n1 {
    label="Outer";
    style=dashed;
    n2 [label="Fallback", shape=box];
    n3 [label="Inner", shape=component];
    subgraph cluster_n3 {
      label="Inner";
      style=dashed;
      n4 [label="AlwaysFailure", shape=box, style=rounded];
    }
    n5 [label="again\nInner", shape=component];
    subgraph cluster_n5 {
      label="Inner";
      style=dashed;
      n6 [label="AlwaysFailure", shape=box, style=rounded];
    }
  }
  n7 [label="Lonely", shape=component];
  n0 -> n1;
  n1 -> n2;
  n2 -> n3;
  n3 -> n4;
  n2 -> n5;
  n5 -> n6;
  n0 -> n7;
}
"#
        );
    }
}
