//! The full-tree reply: the tree's BehaviorTree.CPP XML (bt-core's export, so that the node
//! vocabulary is written in one place) with what BehaviorTree.CPP's `WriteTreeToXML(tree, true,
//! ..)` adds for Groot2: a `_uid` on every node, a `name` on every node but `SubTree`s, a
//! `_fullpath` on every `SubTree` node and `BehaviorTree`, and one `BehaviorTree` per subtree
//! instance (a tree run by two `SubTree` nodes appears twice, with the uids of each).

use bt_core::{export, NodeInfo};

use crate::status::{instances, is_instance, subtree_id};

/// A `<BehaviorTree ID="..">` block of the export: its ID attribute as written, and its node
/// elements' start tags in document order (each as `(tag, attributes)`, both as written).
struct Block<'a> {
    id: &'a str,
    elements: Vec<(&'a str, &'a str)>,
}

/// The start tags inside `body` (`<Tag attrs>` or `<Tag attrs/>`), in order.
fn elements(body: &str) -> Option<Vec<(&str, &str)>> {
    let mut out = Vec::new();
    let mut rest = body;
    while let Some(open) = rest.find('<') {
        let close = open + rest[open..].find('>')?;
        let inside = &rest[open + 1..close];
        rest = &rest[close + 1..];
        if inside.starts_with('/') || inside.starts_with('?') || inside.starts_with('!') {
            continue;
        }
        let inside = inside.strip_suffix('/').unwrap_or(inside);
        let (tag, attributes) = match inside.find(char::is_whitespace) {
            Some(space) => (&inside[..space], inside[space..].trim()),
            None => (inside, ""),
        };
        out.push((tag, attributes));
    }
    Some(out)
}

/// The blocks of the export, and the text from `<TreeNodesModel` to before `</root>`.
fn blocks(text: &str) -> Option<(Vec<Block<'_>>, &str)> {
    const OPEN: &str = "<BehaviorTree ID=\"";
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find(OPEN) {
        let after = &rest[start + OPEN.len()..];
        let quote = after.find('"')?;
        let id = &after[..quote];
        let after = &after[quote + 1..];
        if let Some(after) = after.strip_prefix("/>") {
            out.push(Block {
                id,
                elements: Vec::new(),
            });
            rest = after;
            continue;
        }
        let body_start = after.find('>')? + 1;
        let end = after.find("</BehaviorTree>")?;
        out.push(Block {
            id,
            elements: elements(&after[body_start..end])?,
        });
        rest = &after[end..];
    }
    let model = match text.find("<TreeNodesModel") {
        Some(start) => &text[start..text.rfind("</root>")?],
        None => "",
    };
    Some((out, model))
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' => out.push_str("&#10;"),
            '\t' => out.push_str("&#9;"),
            '\r' => out.push_str("&#13;"),
            c => out.push(c),
        }
    }
    out
}

/// The nodes of the instance whose root is `first` and which ends before `end`, in pre-order,
/// without the nodes of the instances inside it.
fn instance_nodes(nodes: &[NodeInfo], first: usize, end: usize) -> Vec<usize> {
    let mut out = Vec::new();
    let mut id = first;
    while id < end {
        out.push(id);
        id = if is_instance(nodes, id) {
            NodeInfo::subtree_end(nodes, id)
        } else {
            id + 1
        };
    }
    out
}

/// Writes one instance's `BehaviorTree` element, `elements` being its tree's start tags.
fn write_instance(
    out: &mut String,
    nodes: &[NodeInfo],
    id_attribute: &str,
    path: &str,
    ids: &[usize],
    elements: &[(&str, &str)],
    paths: &[(usize, String)],
) {
    out.push_str(&format!(
        "  <BehaviorTree ID=\"{id_attribute}\" _fullpath=\"{}\">\n",
        escape(path)
    ));
    // Re-indent by depth, open and close elements by the node's children.
    let mut stack: Vec<(usize, &str)> = Vec::new();
    let base = ids.first().map_or(0, |&id| nodes[id].depth);
    for (position, (&id, &(tag, attributes))) in ids.iter().zip(elements).enumerate() {
        while let Some(&(open, open_tag)) = stack.last() {
            if NodeInfo::subtree_end(nodes, open) > id {
                break;
            }
            stack.pop();
            let indent = 4 + 2 * (nodes[open].depth - base);
            out.push_str(&format!("{:indent$}</{open_tag}>\n", ""));
        }
        let indent = 4 + 2 * (nodes[id].depth - base);
        out.push_str(&format!("{:indent$}<{tag}", ""));
        let is_subtree = tag == "SubTree";
        if !is_subtree && !attributes.starts_with("name=") && !attributes.contains(" name=") {
            out.push_str(&format!(" name=\"{tag}\""));
        }
        out.push_str(&format!(" _uid=\"{}\"", id + 1));
        if let Some((_, path)) = paths.iter().find(|(node, _)| *node == id) {
            out.push_str(&format!(" _fullpath=\"{}\"", escape(path)));
        }
        if !attributes.is_empty() {
            out.push(' ');
            out.push_str(attributes);
        }
        let has_children = ids
            .get(position + 1)
            .is_some_and(|&next| nodes[next].parent == Some(id));
        if has_children {
            out.push_str(">\n");
            stack.push((id, tag));
        } else {
            out.push_str("/>\n");
        }
    }
    while let Some((open, open_tag)) = stack.pop() {
        let indent = 4 + 2 * (nodes[open].depth - base);
        out.push_str(&format!("{:indent$}</{open_tag}>\n", ""));
    }
    out.push_str("  </BehaviorTree>\n");
}

/// The full-tree reply's XML for the tree `name` with `nodes`; `None` if the export does not
/// have one element per node (a bug: the caller then sends the plain export).
pub fn tree_xml(name: &str, nodes: &[NodeInfo]) -> Option<String> {
    let plain = export::xml(name, nodes).one_element_per_node().to_string();
    let (blocks, model) = blocks(&plain)?;
    let (list, _) = instances(nodes);
    let paths: Vec<(usize, String)> = list
        .iter()
        .filter_map(|instance| Some((instance.node?, instance.path.clone())))
        .collect();
    let main = blocks.first()?;
    let mut out = String::with_capacity(plain.len() * 2);
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out.push_str(&format!(
        "<root BTCPP_format=\"4\" main_tree_to_execute=\"{}\">\n",
        main.id
    ));
    for instance in &list {
        let (first, end, block) = match instance.node {
            None => (0, nodes.len(), main),
            Some(node) => {
                let id = escape(subtree_id(&nodes[node]));
                let block = blocks.iter().find(|block| block.id == id)?;
                (node + 1, NodeInfo::subtree_end(nodes, node), block)
            }
        };
        let ids = if nodes.is_empty() {
            Vec::new()
        } else {
            instance_nodes(nodes, first, end)
        };
        if ids.len() != block.elements.len() {
            return None;
        }
        write_instance(
            &mut out,
            nodes,
            block.id,
            &instance.path,
            &ids,
            &block.elements,
            &paths,
        );
    }
    out.push_str("  ");
    out.push_str(model.trim_end());
    out.push_str("\n</root>\n");
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use bt_core::NodeCategory::{self, Action, Control, SubTree};

    const fn node(
        name: &'static str,
        kind: &'static str,
        category: NodeCategory,
        parent: Option<usize>,
        depth: usize,
        leaf_type: Option<&'static str>,
    ) -> NodeInfo {
        NodeInfo {
            name,
            kind,
            category,
            parent,
            depth,
            ports: &[],
            leaf_type,
            params: &[],
        }
    }

    const TREE: &[NodeInfo] = &[
        node("root", "Sequence", Control, None, 0, None),
        node("Inner", "SubTree", SubTree, Some(0), 1, Some("Inner")),
        node("AlwaysFailure", "AlwaysFailure", Action, Some(1), 2, None),
        node("Work", "StatefulAction", Action, Some(0), 1, Some("Work")),
        node("again", "SubTree", SubTree, Some(0), 1, Some("Inner")),
        node("AlwaysFailure", "AlwaysFailure", Action, Some(4), 2, None),
    ];

    #[test]
    fn uids_paths_and_one_block_per_instance() {
        let xml = tree_xml("Main", TREE).unwrap();
        assert_eq!(
            xml,
            r#"<?xml version="1.0" encoding="UTF-8"?>
<root BTCPP_format="4" main_tree_to_execute="Main">
  <BehaviorTree ID="Main" _fullpath="">
    <Sequence _uid="1" name="root">
      <SubTree _uid="2" _fullpath="Inner::2" ID="Inner"/>
      <Work name="Work" _uid="4"/>
      <SubTree _uid="5" _fullpath="again" ID="Inner" name="again"/>
    </Sequence>
  </BehaviorTree>
  <BehaviorTree ID="Inner" _fullpath="Inner::2">
    <AlwaysFailure name="AlwaysFailure" _uid="3"/>
  </BehaviorTree>
  <BehaviorTree ID="Inner" _fullpath="again">
    <AlwaysFailure name="AlwaysFailure" _uid="6"/>
  </BehaviorTree>
  <TreeNodesModel>
    <Action ID="Work"/>
  </TreeNodesModel>
</root>
"#
        );
    }

    #[test]
    fn empty_tree() {
        let xml = tree_xml("Nothing", &[]).unwrap();
        assert!(xml.contains("<BehaviorTree ID=\"Nothing\" _fullpath=\"\">\n  </BehaviorTree>"));
    }
}
