//! Mermaid flowcharts.

use core::fmt;

use super::escape::{Escaped, Syntax};
use super::{colour, label_lines, subtree_id, NoStatus};
use crate::observe::{StatusSnapshot, TraceEvent};
use crate::{NodeCategory, NodeInfo, Status};

/// The tree whose `NODES` are `nodes`, as a Mermaid `flowchart TD` (see the
/// [module documentation](super) for shapes and labels). A subtree's nodes are in a `subgraph`
/// titled with the subtree's name.
pub fn mermaid(nodes: &[NodeInfo]) -> Mermaid<'_> {
    Mermaid {
        nodes,
        status: None,
        params: true,
    }
}

/// [`mermaid`], each node given the class (`running`, `success`, `failure`, `skipped`,
/// `halted`, `aborted`) and the colour of what last happened to it in `status`.
pub fn mermaid_with_status<'a, S: StatusSnapshot + ?Sized>(
    nodes: &'a [NodeInfo],
    status: &'a S,
) -> Mermaid<'a, S> {
    Mermaid {
        nodes,
        status: Some(status),
        params: true,
    }
}

/// A tree as a Mermaid flowchart: made by [`mermaid`] and [`mermaid_with_status`], printed by
/// `Display`.
#[derive(Clone, Copy, Debug)]
pub struct Mermaid<'a, S: ?Sized = NoStatus> {
    nodes: &'a [NodeInfo],
    status: Option<&'a S>,
    params: bool,
}

const CLASSES: [(TraceEvent, &str); 6] = [
    (TraceEvent::Ticked(Status::Running), "running"),
    (TraceEvent::Ticked(Status::Success), "success"),
    (TraceEvent::Ticked(Status::Failure), "failure"),
    (TraceEvent::Ticked(Status::Skipped), "skipped"),
    (TraceEvent::Halted, "halted"),
    (TraceEvent::Aborted, "aborted"),
];

fn class(event: TraceEvent) -> &'static str {
    match event {
        TraceEvent::Ticked(Status::Running) => "running",
        TraceEvent::Ticked(Status::Success) => "success",
        TraceEvent::Ticked(Status::Failure) => "failure",
        TraceEvent::Ticked(Status::Skipped) => "skipped",
        TraceEvent::Halted => "halted",
        TraceEvent::Aborted => "aborted",
    }
}

impl<S: StatusSnapshot + ?Sized> Mermaid<'_, S> {
    /// The same chart without the parameter lines in the labels.
    pub fn without_params(mut self) -> Self {
        self.params = false;
        self
    }

    /// Declares nodes `start..end`, each subtree in a subgraph.
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
                writeln!(
                    f,
                    "{:indent$}subgraph s{id} [\"{}\"]",
                    "",
                    Escaped(subtree_id(node), Syntax::Mermaid)
                )?;
                self.declare(f, id + 1, subtree_end, indent + 2)?;
                writeln!(f, "{:indent$}end", "")?;
            }
            id = subtree_end;
        }
        Ok(())
    }

    fn declare_node(&self, f: &mut fmt::Formatter<'_>, id: usize, indent: usize) -> fmt::Result {
        let node = &self.nodes[id];
        let (open, close) = match node.category {
            NodeCategory::Control => ("[", "]"),
            NodeCategory::Decorator => ("{{", "}}"),
            NodeCategory::Condition => ("([", "])"),
            NodeCategory::Action => ("(", ")"),
            NodeCategory::SubTree => ("[[", "]]"),
        };
        write!(f, "{:indent$}n{id}{open}\"", "")?;
        let mut first = true;
        label_lines(node, self.params, |a, b, c| {
            if !first {
                f.write_str("<br/>")?;
            }
            first = false;
            write!(
                f,
                "{}{}{}",
                Escaped(a, Syntax::Mermaid),
                b,
                Escaped(c, Syntax::Mermaid)
            )
        })?;
        writeln!(f, "\"{close}")
    }
}

impl<S: StatusSnapshot + ?Sized> fmt::Display for Mermaid<'_, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("flowchart TD\n")?;
        self.declare(f, 0, self.nodes.len(), 2)?;
        for (id, node) in self.nodes.iter().enumerate() {
            if let Some(parent) = node.parent {
                writeln!(f, "  n{parent} --> n{id}")?;
            }
        }
        if let Some(status) = self.status {
            for (event, name) in CLASSES {
                writeln!(f, "  classDef {name} fill:{}", colour(event))?;
            }
            for id in 0..self.nodes.len() {
                if let Some(event) = status.node_event(id) {
                    writeln!(f, "  class n{id} {}", class(event))?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::observe::testing::{NESTED, ROBOT, SMALL};
    use crate::{NodeStats, Observer, Statistics};

    #[test]
    fn small_tree() {
        assert_eq!(
            mermaid(SMALL).to_string(),
            r#"flowchart TD
  n0["Fallback"]
  n1(["IsVisible"])
  n2("Patrol")
  n0 --> n1
  n0 --> n2
"#
        );
    }

    #[test]
    fn ports_params_escaping_and_a_subgraph() {
        assert_eq!(
            mermaid(ROBOT).to_string(),
            r#"flowchart TD
  n0["Sequence"]
  n1(["a#60;b #38; #quot;c#quot;<br/>Condition"])
  n2{{"Repeat<br/>num_cycles=3"}}
  n3("MoveTo<br/>goal={target}<br/>speed=2.0<br/>arrived={done}<br/>fuel={tank}")
  n4[["Recharge<br/>charging={charging}<br/>low_at=30"]]
  subgraph s4 ["Recharge"]
    n5["Fallback"]
    n6(["game::IsCharged"])
    n7("dock<br/>MoveTo<br/>goal=(0, 0)<br/>fuel={fuel}")
  end
  n8("AlwaysSuccess")
  n0 --> n1
  n0 --> n2
  n2 --> n3
  n0 --> n4
  n4 --> n5
  n5 --> n6
  n5 --> n7
  n0 --> n8
"#
        );
    }

    #[test]
    fn nested_subgraphs() {
        assert_eq!(
            mermaid(NESTED).without_params().to_string(),
            r#"flowchart TD
  n0["Sequence"]
  n1[["Outer"]]
  subgraph s1 ["Outer"]
    n2["Fallback"]
    n3[["Inner"]]
    subgraph s3 ["Inner"]
      n4("AlwaysFailure")
    end
    n5[["again<br/>Inner"]]
    subgraph s5 ["Inner"]
      n6("AlwaysFailure")
    end
  end
  n7[["Lonely"]]
  n0 --> n1
  n1 --> n2
  n2 --> n3
  n3 --> n4
  n2 --> n5
  n5 --> n6
  n0 --> n7
"#
        );
    }

    #[test]
    fn classes_by_status() {
        let mut stats = Statistics::new(SMALL, [NodeStats::ZERO; 3]);
        stats.on_status(1, Status::Skipped);
        stats.on_status(2, Status::Success);
        stats.on_status(0, Status::Success);
        stats.on_status(2, Status::Running);
        assert_eq!(
            mermaid_with_status(SMALL, &stats).to_string(),
            r#"flowchart TD
  n0["Fallback"]
  n1(["IsVisible"])
  n2("Patrol")
  n0 --> n1
  n0 --> n2
  classDef running fill:#f6c453
  classDef success fill:#8fd18f
  classDef failure fill:#f08080
  classDef skipped fill:#d3d3d3
  classDef halted fill:#9ecbf0
  classDef aborted fill:#c9a0dc
  class n0 success
  class n1 skipped
  class n2 running
"#
        );
        stats.on_aborted(1);
        let chart = mermaid_with_status(SMALL, &stats).to_string();
        assert!(
            chart.ends_with("  class n1 aborted\n  class n2 running\n"),
            "{chart}"
        );
    }
}
