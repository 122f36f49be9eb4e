//! BehaviorTree.CPP v4 XML, as Groot2 opens it.

use core::fmt;

use super::escape::{Escaped, Syntax, XmlName};
use super::subtree_id;
use super::vocabulary::{attr, loop_name, ALIASES, BUILT_IN};
use crate::{NodeCategory, NodeInfo, PortDirection};

/// The tree whose `NODES` are `nodes`, called `name`, as a BehaviorTree.CPP v4 XML document:
///
/// ```xml
/// <?xml version="1.0" encoding="UTF-8"?>
/// <root BTCPP_format="4" main_tree_to_execute="Robot">
///   <BehaviorTree ID="Robot">
///     <Sequence>
///       <MoveTo goal="{target}" speed="2.0"/>
///       <SubTree ID="Recharge" charging="{charging}"/>
///     </Sequence>
///   </BehaviorTree>
///   <BehaviorTree ID="Recharge">
///     ...
///   </BehaviorTree>
///   <TreeNodesModel>
///     <Action ID="MoveTo">
///       <input_port name="goal" type="(i32, i32)"/>
///       <input_port name="speed" type="f32"/>
///     </Action>
///   </TreeNodesModel>
/// </root>
/// ```
///
/// * Nodes are written in the compact form BehaviorTree.CPP and Groot2 write (the element is the
///   node's ID, `<MoveTo/>`, not `<Action ID="MoveTo"/>`), with a `name` attribute only for a
///   node that has a name of its own (`#[name]`), then its
///   [parameters](crate::NodeInfo::params) as attributes.
/// * The built-in nodes keep their BehaviorTree.CPP names; the kinds `MemSequence`,
///   `SequenceStar` and `MemPriority` are written `Sequence`, `SequenceWithMemory` and
///   `Fallback`, a `Switch` with `n` cases (2 to 6) `Switch<n>` (with more, BehaviorTree.CPP has
///   no node for it: it is written `<Switch>`, a kind of ours, below), and a `Loop` whose `value`
///   entry is an `i32`, `bool`, `f64` or `String` `LoopInt`, `LoopBool`, `LoopDouble` or
///   `LoopString` (of another type, `<Loop>`).
/// * A leaf type (`Condition(T)`, `Action(T)`, `StatefulAction(T)`) is a custom node whose ID is
///   its `#[id]` (the ID an XML tree mapped it from), else the type's name (its last path
///   segment, without generic arguments); the
///   `TreeNodesModel` declares it once, as an `Action` or a `Condition`, with its ports
///   (`input_port`, `output_port`, `inout_port`, each with its Rust type as `type`).
/// * An inline leaf (a closure) is an `InlineCondition` or an `InlineAction`, declared in the
///   model without ports.
/// * A node kind BehaviorTree.CPP does not have is written under its kind and declared in the
///   model by its category, with its parameters as input ports, so that Groot2 draws it.
/// * A `SubTree` node is `<SubTree ID="Child" ..remaps/>`, and the child tree (whose nodes
///   follow the `SubTree` node in `NODES`) its own `<BehaviorTree ID="Child">`, written once
///   however many `SubTree` nodes run it.
///
/// Names and values are escaped (`&`, `<`, `>`, quotes; line breaks and tabs as character
/// references).
///
/// A `Switch` case of several values (`case 1 | 2 => child`, whose metadata has a `case_<n>`
/// parameter per value) is written as one case per value, each with its own copy of the child,
/// so that BehaviorTree.CPP runs that child for every one of the values (where it compares the
/// variable with a single value per case); [`Xml::one_element_per_node`] writes it as one case
/// instead.
pub fn xml<'a>(name: &'a str, nodes: &'a [NodeInfo]) -> Xml<'a> {
    Xml {
        name,
        nodes,
        one_per_node: false,
    }
}

/// A tree as BehaviorTree.CPP v4 XML: made by [`xml`], printed by `Display`.
#[derive(Clone, Copy, Debug)]
pub struct Xml<'a> {
    name: &'a str,
    nodes: &'a [NodeInfo],
    /// Every node one element, in `NODES` order ([`Xml::one_element_per_node`]).
    one_per_node: bool,
}

impl<'a> Xml<'a> {
    /// The same document with one element per node of `NODES`, in order, as a monitor that
    /// numbers the elements needs (Groot2's): a `Switch` case of several values is written as one
    /// case whose value is the values joined by ` | ` (which BehaviorTree.CPP compares as one
    /// text), instead of one case and one copy of the child per value.
    pub fn one_element_per_node(self) -> Self {
        Xml {
            one_per_node: true,
            ..self
        }
    }
}

/// A `Switch` node's cases: each `case_<n>` parameter's case number (from 1) and value, in order;
/// a case of several values has a parameter per value.
fn switch_cases(node: &NodeInfo) -> impl Iterator<Item = (usize, &'static str)> + '_ {
    node.params.iter().filter_map(|(attribute, value)| {
        let number = attribute.strip_prefix(attr::CASE_PREFIX)?.parse().ok()?;
        Some((number, *value))
    })
}

/// A node's element name.
#[derive(Clone, Copy, Debug)]
enum Tag<'a> {
    /// A BehaviorTree.CPP name, written as is.
    BuiltIn(&'a str),
    /// `Switch2` .. `Switch6`.
    Switch(usize),
    /// A custom node: a type or kind name made an XML name.
    Custom(XmlName<'a>),
}

impl Tag<'_> {
    fn same(&self, other: &Tag<'_>) -> bool {
        match (self, other) {
            (Tag::BuiltIn(a), Tag::BuiltIn(b)) => a == b,
            (Tag::Switch(a), Tag::Switch(b)) => a == b,
            (Tag::Custom(a), Tag::Custom(b)) => a.same(*b),
            _ => false,
        }
    }
}

impl fmt::Display for Tag<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tag::BuiltIn(name) => f.write_str(name),
            Tag::Switch(cases) => write!(f, "Switch{cases}"),
            Tag::Custom(name) => name.fmt(f),
        }
    }
}

/// How a node is declared in the `TreeNodesModel`, if it must be.
enum Model {
    /// A leaf type, with its ports.
    Leaf,
    /// An inline leaf, without ports.
    Inline,
    /// A kind BehaviorTree.CPP does not know, with its parameters as input ports.
    Kind,
}

/// The element name of `nodes[id]`, and how the model declares it.
fn tag(nodes: &[NodeInfo], id: usize, one_per_node: bool) -> (Tag<'static>, Option<Model>) {
    let node = &nodes[id];
    // A leaf of a type, or a control node or decorator of the user's (`Control(Type)`): its
    // type is its ID, declared with its ports.
    let leaf = matches!(
        node.category,
        NodeCategory::Condition | NodeCategory::Action
    ) || matches!(node.kind, "Control" | "Decorator");
    if node.category == NodeCategory::SubTree {
        return (Tag::BuiltIn("SubTree"), None);
    }
    if let (true, Some(ty)) = (leaf, node.leaf_type) {
        return (Tag::Custom(XmlName(ty)), Some(Model::Leaf));
    }
    if matches!(node.kind, "Condition" | "Action" | "StatefulAction") {
        let inline = match node.category {
            NodeCategory::Condition => "InlineCondition",
            _ => "InlineAction",
        };
        return (Tag::BuiltIn(inline), Some(Model::Inline));
    }
    if let Some((_, name)) = ALIASES.iter().find(|(kind, _)| *kind == node.kind) {
        return (Tag::BuiltIn(name), None);
    }
    if node.kind == "Loop" {
        let item = node.ports.iter().find(|port| port.name == attr::VALUE);
        if let Some(name) = item.and_then(|port| loop_name(port.type_name)) {
            return (Tag::BuiltIn(name), None);
        }
    }
    if node.kind == "Switch" {
        let cases = match switch_cases(node).count() {
            // Each value a case of its own.
            values @ 1.. if !one_per_node => values,
            _ => NodeInfo::children(nodes, id).count().saturating_sub(1),
        };
        if (2..=6).contains(&cases) {
            return (Tag::Switch(cases), None);
        }
    }
    if BUILT_IN.contains(&node.kind) {
        return (Tag::BuiltIn(node.kind), None);
    }
    (Tag::Custom(XmlName(node.kind)), Some(Model::Kind))
}

impl Xml<'_> {
    fn tree(&self, f: &mut fmt::Formatter<'_>, id: &str, root: usize) -> fmt::Result {
        writeln!(f, "  <BehaviorTree ID=\"{}\">", Escaped(id, Syntax::Xml))?;
        self.node(f, root, 4)?;
        writeln!(f, "  </BehaviorTree>")
    }

    fn node(&self, f: &mut fmt::Formatter<'_>, id: usize, indent: usize) -> fmt::Result {
        let node = &self.nodes[id];
        let (tag, _) = tag(self.nodes, id, self.one_per_node);
        if let Tag::Switch(_) = tag {
            return self.switch(f, id, tag, indent);
        }
        write!(f, "{:indent$}<{tag}", "")?;
        if node.category == NodeCategory::SubTree {
            write!(f, " ID=\"{}\"", Escaped(subtree_id(node), Syntax::Xml))?;
            if node.name != subtree_id(node) {
                write!(f, " name=\"{}\"", Escaped(node.name, Syntax::Xml))?;
            }
        } else if node.has_own_name() {
            write!(f, " name=\"{}\"", Escaped(node.name, Syntax::Xml))?;
        }
        for (attribute, value) in node.params {
            write!(
                f,
                " {}=\"{}\"",
                XmlName(attribute),
                Escaped(value, Syntax::Xml)
            )?;
        }
        let children = || {
            NodeInfo::children(self.nodes, id).filter(|_| node.category != NodeCategory::SubTree)
        };
        if children().next().is_none() {
            return f.write_str("/>\n");
        }
        f.write_str(">\n")?;
        for child in children() {
            self.node(f, child, indent + 2)?;
        }
        writeln!(f, "{:indent$}</{tag}>", "")
    }

    /// A `Switch<n>`: its parameters, its cases numbered from 1 where the first was, a child for
    /// each case, then the default child. A case of several values is a case per value, each with
    /// a copy of the case's child (the values joined by ` | ` in one case, one element per node).
    fn switch(
        &self,
        f: &mut fmt::Formatter<'_>,
        id: usize,
        tag: Tag<'_>,
        indent: usize,
    ) -> fmt::Result {
        let node = &self.nodes[id];
        let children = || NodeInfo::children(self.nodes, id);
        write!(f, "{:indent$}<{tag}", "")?;
        if node.has_own_name() {
            write!(f, " name=\"{}\"", Escaped(node.name, Syntax::Xml))?;
        }
        let mut cases_written = false;
        for (attribute, value) in node.params {
            if !attribute.starts_with(attr::CASE_PREFIX) {
                write!(
                    f,
                    " {}=\"{}\"",
                    XmlName(attribute),
                    Escaped(value, Syntax::Xml)
                )?;
            } else if !cases_written {
                cases_written = true;
                self.switch_cases(f, node)?;
            }
        }
        f.write_str(">\n")?;
        if self.one_per_node || !cases_written {
            for child in children() {
                self.node(f, child, indent + 2)?;
            }
        } else {
            for (number, _) in switch_cases(node) {
                if let Some(child) = children().nth(number - 1) {
                    self.node(f, child, indent + 2)?;
                }
            }
            if let Some(default) = children().last() {
                self.node(f, default, indent + 2)?;
            }
        }
        writeln!(f, "{:indent$}</{tag}>", "")
    }

    /// A `Switch<n>`'s `case_<n>` attributes: one per value, or one per case with its values
    /// joined by ` | ` (one element per node).
    fn switch_cases(&self, f: &mut fmt::Formatter<'_>, node: &NodeInfo) -> fmt::Result {
        let prefix = attr::CASE_PREFIX;
        let mut written = 0;
        let mut current = None;
        for (number, value) in switch_cases(node) {
            let value = Escaped(value, Syntax::Xml);
            if self.one_per_node && current == Some(number) {
                write!(f, " | {value}")?;
                continue;
            }
            if self.one_per_node && current.is_some() {
                f.write_str("\"")?;
            }
            written += 1;
            current = Some(number);
            write!(f, " {prefix}{written}=\"{value}")?;
            if !self.one_per_node {
                f.write_str("\"")?;
            }
        }
        if self.one_per_node && current.is_some() {
            f.write_str("\"")?;
        }
        Ok(())
    }

    /// The subtrees to write as their own `BehaviorTree`: the first `SubTree` node running
    /// each tree (other than the main one) whose nodes are in `NODES`.
    fn subtrees(&self) -> impl Iterator<Item = usize> + '_ {
        let nodes = self.nodes;
        (0..nodes.len()).filter(move |&id| {
            let node = &nodes[id];
            node.category == NodeCategory::SubTree
                && subtree_id(node) != self.name
                && nodes
                    .get(id + 1)
                    .is_some_and(|child| child.parent == Some(id))
                && !nodes[..id].iter().enumerate().any(|(earlier, other)| {
                    other.category == NodeCategory::SubTree
                        && subtree_id(other) == subtree_id(node)
                        && nodes
                            .get(earlier + 1)
                            .is_some_and(|c| c.parent == Some(earlier))
                })
        })
    }

    fn model(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let declared = |id: usize| -> Option<(Tag<'static>, Model)> {
            match tag(self.nodes, id, self.one_per_node) {
                (tag, Some(model)) => Some((tag, model)),
                (_, None) => None,
            }
        };
        let mut any = false;
        for id in 0..self.nodes.len() {
            let Some((tag, model)) = declared(id) else {
                continue;
            };
            let first = !(0..id)
                .any(|earlier| declared(earlier).is_some_and(|(other, _)| other.same(&tag)));
            if !first {
                continue;
            }
            if !any {
                f.write_str("  <TreeNodesModel>\n")?;
                any = true;
            }
            let node = &self.nodes[id];
            let element = node.category.name();
            write!(f, "    <{element} ID=\"{tag}\"")?;
            let mut ports = false;
            let mut open = |f: &mut fmt::Formatter<'_>| -> fmt::Result {
                if !ports {
                    ports = true;
                    f.write_str(">\n")?;
                }
                Ok(())
            };
            match model {
                Model::Leaf => {
                    for port in node.ports {
                        open(f)?;
                        let direction = match port.direction {
                            PortDirection::Input => "input_port",
                            PortDirection::Output => "output_port",
                            PortDirection::InOut => "inout_port",
                        };
                        writeln!(
                            f,
                            "      <{direction} name=\"{}\" type=\"{}\"/>",
                            Escaped(port.name, Syntax::Xml),
                            Escaped(port.type_name, Syntax::Xml)
                        )?;
                    }
                }
                Model::Inline => {}
                Model::Kind => {
                    for (attribute, _) in node.params.iter().filter(|(a, _)| !a.starts_with('_')) {
                        open(f)?;
                        writeln!(
                            f,
                            "      <input_port name=\"{}\"/>",
                            Escaped(attribute, Syntax::Xml)
                        )?;
                    }
                }
            }
            if ports {
                writeln!(f, "    </{element}>")?;
            } else {
                f.write_str("/>\n")?;
            }
        }
        if any {
            f.write_str("  </TreeNodesModel>\n")
        } else {
            f.write_str("  <TreeNodesModel/>\n")
        }
    }
}

impl fmt::Display for Xml<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")?;
        let name = Escaped(self.name, Syntax::Xml);
        writeln!(
            f,
            "<root BTCPP_format=\"4\" main_tree_to_execute=\"{name}\">"
        )?;
        if self.nodes.is_empty() {
            writeln!(f, "  <BehaviorTree ID=\"{name}\"/>")?;
        } else {
            self.tree(f, self.name, 0)?;
        }
        for id in self.subtrees() {
            self.tree(f, subtree_id(&self.nodes[id]), id + 1)?;
        }
        self.model(f)?;
        f.write_str("</root>\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::observe::testing::{node, NESTED, ROBOT, SMALL};

    #[test]
    fn small_tree() {
        assert_eq!(
            xml("Sniper", SMALL).to_string(),
            r#"<?xml version="1.0" encoding="UTF-8"?>
<root BTCPP_format="4" main_tree_to_execute="Sniper">
  <BehaviorTree ID="Sniper">
    <Fallback>
      <IsVisible/>
      <Patrol/>
    </Fallback>
  </BehaviorTree>
  <TreeNodesModel>
    <Condition ID="IsVisible"/>
    <Action ID="Patrol"/>
  </TreeNodesModel>
</root>
"#
        );
    }

    #[test]
    fn ports_params_escaping_and_a_subtree() {
        assert_eq!(
            xml("Robot \"1\"", ROBOT).to_string(),
            r#"<?xml version="1.0" encoding="UTF-8"?>
<root BTCPP_format="4" main_tree_to_execute="Robot &quot;1&quot;">
  <BehaviorTree ID="Robot &quot;1&quot;">
    <Sequence>
      <InlineCondition name="a&lt;b &amp; &quot;c&quot;"/>
      <Repeat num_cycles="3">
        <MoveTo goal="{target}" speed="2.0" arrived="{done}" fuel="{tank}"/>
      </Repeat>
      <SubTree ID="Recharge" charging="{charging}" low_at="30"/>
      <AlwaysSuccess/>
    </Sequence>
  </BehaviorTree>
  <BehaviorTree ID="Recharge">
    <Fallback>
      <IsCharged/>
      <MoveTo name="dock" goal="(0, 0)" fuel="{fuel}"/>
    </Fallback>
  </BehaviorTree>
  <TreeNodesModel>
    <Condition ID="InlineCondition"/>
    <Action ID="MoveTo">
      <input_port name="goal" type="(i32, i32)"/>
      <input_port name="speed" type="f32"/>
      <output_port name="arrived" type="bool"/>
      <inout_port name="fuel" type="Vec&lt;u8&gt;"/>
    </Action>
    <Condition ID="IsCharged"/>
  </TreeNodesModel>
</root>
"#
        );
    }

    #[test]
    fn each_subtree_once() {
        assert_eq!(
            xml("Main", NESTED).to_string(),
            r#"<?xml version="1.0" encoding="UTF-8"?>
<root BTCPP_format="4" main_tree_to_execute="Main">
  <BehaviorTree ID="Main">
    <Sequence>
      <SubTree ID="Outer"/>
      <SubTree ID="Lonely"/>
    </Sequence>
  </BehaviorTree>
  <BehaviorTree ID="Outer">
    <Fallback>
      <SubTree ID="Inner"/>
      <SubTree ID="Inner" name="again"/>
    </Fallback>
  </BehaviorTree>
  <BehaviorTree ID="Inner">
    <AlwaysFailure/>
  </BehaviorTree>
  <TreeNodesModel/>
</root>
"#
        );
    }

    #[test]
    fn a_case_of_several_values_is_a_case_per_value() {
        // `Switch(mode) { case 1 | 2 => A, case 3 => B, _ => C }`.
        const NODES: &[NodeInfo] = &[
            NodeInfo {
                params: &[
                    ("variable", "{mode}"),
                    ("case_1", "1"),
                    ("case_1", "2"),
                    ("case_2", "3"),
                    ("_skipIf", "off"),
                ],
                ..node("Switch", "Switch", NodeCategory::Control, None, 0)
            },
            node("A", "AlwaysSuccess", NodeCategory::Action, Some(0), 1),
            node("B", "AlwaysFailure", NodeCategory::Action, Some(0), 1),
            node("C", "AlwaysRunning", NodeCategory::Action, Some(0), 1),
        ];
        let body = |text: String| {
            let start = text.find("    <Switch").unwrap();
            let end = text.find("  </BehaviorTree>").unwrap();
            text[start..end].to_owned()
        };
        assert_eq!(
            body(xml("T", NODES).to_string()),
            r#"    <Switch3 variable="{mode}" case_1="1" case_2="2" case_3="3" _skipIf="off">
      <AlwaysSuccess name="A"/>
      <AlwaysSuccess name="A"/>
      <AlwaysFailure name="B"/>
      <AlwaysRunning name="C"/>
    </Switch3>
"#
        );
        assert_eq!(
            body(xml("T", NODES).one_element_per_node().to_string()),
            r#"    <Switch2 variable="{mode}" case_1="1 | 2" case_2="3" _skipIf="off">
      <AlwaysSuccess name="A"/>
      <AlwaysFailure name="B"/>
      <AlwaysRunning name="C"/>
    </Switch2>
"#
        );
    }

    #[test]
    fn aliases_switches_and_unknown_kinds() {
        const NODES: &[NodeInfo] = &[
            node("MemSequence", "MemSequence", NodeCategory::Control, None, 0),
            node("Switch", "Switch", NodeCategory::Control, Some(0), 1),
            node(
                "AlwaysSuccess",
                "AlwaysSuccess",
                NodeCategory::Action,
                Some(1),
                2,
            ),
            node(
                "AlwaysSuccess",
                "AlwaysSuccess",
                NodeCategory::Action,
                Some(1),
                2,
            ),
            node(
                "AlwaysFailure",
                "AlwaysFailure",
                NodeCategory::Action,
                Some(1),
                2,
            ),
            NodeInfo {
                params: &[("cooldown_msec", "500"), ("_skipIf", "busy")],
                ..node("Cooldown", "Cooldown", NodeCategory::Decorator, Some(0), 1)
            },
            NodeInfo {
                params: &[("code", "bb.count += 1")],
                ..node("Script", "Script", NodeCategory::Action, Some(5), 2)
            },
            node("Cooldown", "Cooldown", NodeCategory::Decorator, Some(0), 1),
            node("Action", "Action", NodeCategory::Action, Some(7), 2),
            node(
                "SequenceStar",
                "SequenceStar",
                NodeCategory::Control,
                Some(0),
                1,
            ),
            node("Wait", "Wait", NodeCategory::Action, Some(9), 2),
        ];
        assert_eq!(
            xml("T", NODES).to_string(),
            r#"<?xml version="1.0" encoding="UTF-8"?>
<root BTCPP_format="4" main_tree_to_execute="T">
  <BehaviorTree ID="T">
    <Sequence>
      <Switch2>
        <AlwaysSuccess/>
        <AlwaysSuccess/>
        <AlwaysFailure/>
      </Switch2>
      <Cooldown cooldown_msec="500" _skipIf="busy">
        <Script code="bb.count += 1"/>
      </Cooldown>
      <Cooldown>
        <InlineAction/>
      </Cooldown>
      <SequenceWithMemory>
        <Wait/>
      </SequenceWithMemory>
    </Sequence>
  </BehaviorTree>
  <TreeNodesModel>
    <Decorator ID="Cooldown">
      <input_port name="cooldown_msec"/>
    </Decorator>
    <Action ID="InlineAction"/>
    <Action ID="Wait"/>
  </TreeNodesModel>
</root>
"#
        );
    }

    #[test]
    fn an_empty_table() {
        assert_eq!(
            xml("Empty", &[]).to_string(),
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<root BTCPP_format=\"4\" main_tree_to_execute=\"Empty\">\n  <BehaviorTree ID=\"Empty\"/>\n  <TreeNodesModel/>\n</root>\n"
        );
    }
}
