//! The exports of real generated trees, and the pictures in `docs/trees/`.
//!
//! * `Tree::to_dot()`, `to_mermaid()` and `to_xml()` of a tree with ports, parameters, names that
//!   need escaping and a subtree: every node declared once, the edges are the tree's, each
//!   subtree in its cluster, the XML parses and mirrors the tree (a golden DOT pins the format);
//! * the coloured exports after a tick;
//! * the files in `docs/trees/` are what `cargo run --example draw -- --all --after 3 --out
//!   docs/trees` writes now, and each SVG draws its `.dot` (same nodes, edges and labels).

use std::collections::BTreeSet;
use std::path::Path;

use bt::{
    behavior_tree, export, Input, NodeCategory, NodeInfo, Output, Ports, StatefulAction, Status,
    TickTrace,
};

#[allow(dead_code)]
#[path = "../../examples/draw.rs"]
pub(crate) mod draw;

pub struct World {
    ok: bool,
}

#[derive(Default, Ports)]
pub struct MoveTo {
    pub goal: Input<(i32, i32)>,
    #[port(default)]
    pub speed: Input<f32>,
    pub arrived: Output<bool>,
}

impl StatefulAction<World> for MoveTo {
    fn on_start(&mut self, _: &mut World) -> Status {
        Status::Running
    }

    fn on_running(&mut self, _: &mut World) -> Status {
        self.arrived.set(true);
        Status::Success
    }

    fn on_halted(&mut self, _: &mut World) {}
}

behavior_tree! {
    pub tree Recharge for World {
        blackboard {
            #[allow(unused)]
            low_at: u32 = 20,
            charging: bool,
        }
        Fallback {
            ScriptCondition(|bb| !bb.charging),
            #[name = "dock"]
            StatefulAction(MoveTo, goal = (0, 0), arrived = {charging}),
        }
    }
}

behavior_tree! {
    pub tree Robot for World {
        blackboard { target: (i32, i32) = (3, 4), done: bool, charging: bool }
        Sequence {
            #[name = "a<b & \"c\""]
            Condition(|world| world.ok),
            Repeat(3) {
                StatefulAction(MoveTo, goal = {target}, speed = 2.0, arrived = {done}),
            },
            SubTree(Recharge, charging = {=}, low_at = 30),
            AlwaysSuccess,
        }
    }
}

/// The `(parent, child)` pairs of a tree.
fn tree_edges(nodes: &[NodeInfo]) -> BTreeSet<(usize, usize)> {
    nodes
        .iter()
        .enumerate()
        .filter_map(|(id, node)| node.parent.map(|parent| (parent, id)))
        .collect()
}

/// `nA <arrow> nB` lines of a DOT or Mermaid text, as pairs.
fn text_edges(text: &str, arrow: &str) -> Vec<(usize, usize)> {
    text.lines()
        .filter_map(|line| {
            let (from, to) = line.trim().trim_end_matches(';').split_once(arrow)?;
            Some((
                from.strip_prefix('n')?.parse().ok()?,
                to.strip_prefix('n')?.parse().ok()?,
            ))
        })
        .collect()
}

/// The node ids declared in a DOT or Mermaid text (`nK [..` or `nK(..`, `nK[..`, `nK{..`),
/// with the lines they are on.
fn declared(text: &str) -> Vec<(usize, usize)> {
    text.lines()
        .enumerate()
        .filter_map(|(line, text)| {
            let rest = text.trim_start().strip_prefix('n')?;
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            let after = rest[digits..].trim_start();
            let opens = after.starts_with(['[', '(', '{']);
            (digits > 0 && opens).then(|| (rest[..digits].parse().unwrap(), line))
        })
        .collect()
}

/// The lines from `open` to the line that closes it, by indentation.
fn block<'a>(text: &'a str, open: &str) -> Vec<&'a str> {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines
        .iter()
        .position(|line| line.trim_start().starts_with(open))
        .unwrap_or_else(|| panic!("no `{open}` in\n{text}"));
    let indent = lines[start].len() - lines[start].trim_start().len();
    let end = (start + 1..lines.len())
        .find(|&i| lines[i].len() - lines[i].trim_start().len() == indent)
        .expect("the block is closed");
    lines[start..=end].to_vec()
}

/// Every node declared once, the edges exactly the tree's, the subtree's nodes inside its
/// cluster (opened by `cluster`) and no others.
fn check_structure(nodes: &[NodeInfo], text: &str, arrow: &str, cluster: &str) {
    let ids: Vec<usize> = declared(text).into_iter().map(|(id, _)| id).collect();
    assert_eq!(ids, (0..nodes.len()).collect::<Vec<_>>(), "{text}");
    let edges = text_edges(text, arrow);
    assert_eq!(edges.len(), nodes.len() - 1, "{text}");
    assert_eq!(
        edges.iter().copied().collect::<BTreeSet<_>>(),
        tree_edges(nodes)
    );
    let subtree = NodeInfo::find(nodes, "Recharge").unwrap();
    assert_eq!(nodes[subtree].category, NodeCategory::SubTree);
    let inside = block(text, &format!("{cluster}{subtree} ")).join("\n");
    let inside: Vec<usize> = declared(&inside).into_iter().map(|(id, _)| id).collect();
    let end = NodeInfo::subtree_end(nodes, subtree);
    assert_eq!(inside, (subtree + 1..end).collect::<Vec<_>>());
}

#[test]
fn the_generated_exports_are_the_exports_of_nodes() {
    assert_eq!(
        Robot::to_dot().to_string(),
        export::dot(Robot::NODES).to_string()
    );
    assert_eq!(
        Robot::to_mermaid().to_string(),
        export::mermaid(Robot::NODES).to_string()
    );
    assert_eq!(
        Robot::to_xml().to_string(),
        export::xml("Robot", Robot::NODES).to_string()
    );
    assert_eq!(Robot::NODE_COUNT, 6 + Recharge::NODE_COUNT);
}

#[test]
fn dot_of_a_tree_with_ports_and_a_subtree() {
    let dot = Robot::to_dot().to_string();
    check_structure(Robot::NODES, &dot, " -> ", "subgraph cluster_n");
    assert_eq!(
        dot,
        r#"digraph {
  graph [ordering=out, fontname="Helvetica"];
  node [fontname="Helvetica"];
  n0 [label="Sequence", shape=box];
  n1 [label="a<b & \"c\"\nCondition", shape=ellipse];
  n2 [label="Repeat\nnum_cycles=3", shape=hexagon];
  n3 [label="MoveTo\ngoal={target}\nspeed=2.0\narrived={done}", shape=box, style=rounded];
  n4 [label="Recharge\ncharging={charging}\nlow_at=30", shape=component];
  subgraph cluster_n4 {
    label="Recharge";
    style=dashed;
    n5 [label="Fallback", shape=box];
    n6 [label="ScriptCondition\ncode=!charging", shape=ellipse];
    n7 [label="dock\nMoveTo\ngoal=(0, 0)\narrived={charging}", shape=box, style=rounded];
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
    // Without parameters every label is the name, then the type for a node named otherwise.
    let plain = export::dot(Robot::NODES).without_params().to_string();
    assert!(plain.contains("n3 [label=\"MoveTo\", shape=box"), "{plain}");
    assert!(plain.contains("n7 [label=\"dock\\nMoveTo\", shape=box"));
}

#[test]
fn mermaid_of_a_tree_with_ports_and_a_subtree() {
    let mermaid = Robot::to_mermaid().to_string();
    assert!(mermaid.starts_with("flowchart TD\n"));
    check_structure(Robot::NODES, &mermaid, " --> ", "subgraph s");
    // The name's `<`, `&` and quotes are entity codes, which Mermaid shows as the characters.
    assert!(
        mermaid.contains(r#"n1(["a#60;b #38; #quot;c#quot;<br/>Condition"])"#),
        "{mermaid}"
    );
    assert!(mermaid.contains(r#"n2{{"Repeat<br/>num_cycles=3"}}"#));
    assert!(mermaid.contains(r#"n4[["Recharge<br/>charging={charging}<br/>low_at=30"]]"#));
}

/// An element as `(tag, attributes)`, and its parent's index in the walk.
type Walked = (String, Vec<(String, String)>, Option<usize>);

/// The elements under a `BehaviorTree` in document order, each `SubTree` followed by the nodes
/// of the tree it runs (as `NODES` orders them).
fn walk(document: &roxmltree::Document, tree_id: &str) -> Vec<Walked> {
    fn element_children<'a, 'i>(
        node: roxmltree::Node<'a, 'i>,
    ) -> impl Iterator<Item = roxmltree::Node<'a, 'i>> {
        node.children().filter(|child| child.is_element())
    }
    fn tree<'a, 'i>(document: &'a roxmltree::Document<'i>, id: &str) -> roxmltree::Node<'a, 'i> {
        let tree = document
            .root_element()
            .children()
            .find(|node| node.has_tag_name("BehaviorTree") && node.attribute("ID") == Some(id))
            .unwrap_or_else(|| panic!("no BehaviorTree {id}"));
        let mut roots = element_children(tree);
        let root = roots.next().expect("a root node");
        assert!(roots.next().is_none(), "one root node in {id}");
        root
    }
    fn visit(
        document: &roxmltree::Document,
        node: roxmltree::Node,
        parent: Option<usize>,
        out: &mut Vec<Walked>,
    ) {
        let attributes = node
            .attributes()
            .map(|a| (a.name().to_string(), a.value().to_string()))
            .collect();
        out.push((node.tag_name().name().to_string(), attributes, parent));
        let me = out.len() - 1;
        if node.has_tag_name("SubTree") {
            assert_eq!(element_children(node).count(), 0);
            let id = node.attribute("ID").expect("a SubTree has an ID");
            visit(document, tree(document, id), Some(me), out);
        }
        for child in element_children(node) {
            visit(document, child, Some(me), out);
        }
    }
    let mut out = Vec::new();
    visit(document, tree(document, tree_id), None, &mut out);
    out
}

#[test]
fn xml_of_a_tree_with_ports_and_a_subtree_parses_and_mirrors_it() {
    let xml = Robot::to_xml().to_string();
    let document = roxmltree::Document::parse(&xml).unwrap_or_else(|e| panic!("{e}\n{xml}"));
    let root = document.root_element();
    assert_eq!(root.tag_name().name(), "root");
    assert_eq!(root.attribute("BTCPP_format"), Some("4"));
    assert_eq!(root.attribute("main_tree_to_execute"), Some("Robot"));
    let trees: Vec<_> = root
        .children()
        .filter(|node| node.has_tag_name("BehaviorTree"))
        .map(|node| node.attribute("ID").unwrap())
        .collect();
    assert_eq!(trees, ["Robot", "Recharge"]);

    let walked = walk(&document, "Robot");
    let parents: Vec<_> = walked.iter().map(|(_, _, parent)| *parent).collect();
    let node_parents: Vec<_> = Robot::NODES.iter().map(|node| node.parent).collect();
    assert_eq!(parents, node_parents, "the XML's shape is the tree's");
    let strings = |pairs: &[(&str, &str)]| -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    };
    let expected: [(&str, &[(&str, &str)]); 9] = [
        ("Sequence", &[]),
        ("InlineCondition", &[("name", "a<b & \"c\"")]),
        ("Repeat", &[("num_cycles", "3")]),
        (
            "MoveTo",
            &[
                ("goal", "{target}"),
                ("speed", "2.0"),
                ("arrived", "{done}"),
            ],
        ),
        (
            "SubTree",
            &[
                ("ID", "Recharge"),
                ("charging", "{charging}"),
                ("low_at", "30"),
            ],
        ),
        ("Fallback", &[]),
        ("ScriptCondition", &[("code", "!charging")]),
        (
            "MoveTo",
            &[
                ("name", "dock"),
                ("goal", "(0, 0)"),
                ("arrived", "{charging}"),
            ],
        ),
        ("AlwaysSuccess", &[]),
    ];
    for (id, ((tag, attributes, _), (want_tag, want_attributes))) in
        walked.iter().zip(expected).enumerate()
    {
        assert_eq!(tag, want_tag, "node {id}");
        assert_eq!(*attributes, strings(want_attributes), "node {id}");
    }

    // The model declares MoveTo once, with its ports, and the inline condition.
    let model = root
        .children()
        .find(|node| node.has_tag_name("TreeNodesModel"))
        .expect("a TreeNodesModel");
    let declared: Vec<_> = model
        .children()
        .filter(|node| node.is_element())
        .map(|node| {
            let ports: Vec<_> = node
                .children()
                .filter(|port| port.is_element())
                .map(|port| {
                    format!(
                        "{} {}: {}",
                        port.tag_name().name(),
                        port.attribute("name").unwrap(),
                        port.attribute("type").unwrap()
                    )
                })
                .collect();
            (
                node.tag_name().name().to_string(),
                node.attribute("ID").unwrap().to_string(),
                ports,
            )
        })
        .collect();
    assert_eq!(
        declared,
        [
            ("Condition".into(), "InlineCondition".into(), vec![]),
            (
                "Action".into(),
                "MoveTo".into(),
                vec![
                    "input_port goal: (i32, i32)".to_string(),
                    "input_port speed: f32".into(),
                    "output_port arrived: bool".into(),
                ]
            ),
        ]
    );
}

#[test]
fn coloured_exports_show_the_last_tick() {
    let mut robot = Robot::new();
    let mut trace = TickTrace::<{ Robot::NODE_COUNT }>::new();
    let status = robot.tick_with(&mut World { ok: true }, &mut trace);
    assert_eq!(status, Status::Running);
    let dot = export::dot_with_status(Robot::NODES, &trace).to_string();
    check_structure(Robot::NODES, &dot, " -> ", "subgraph cluster_n");
    // Ticked: the root, the condition, Repeat and MoveTo (running); not the rest.
    let running = "fillcolor=\"#f6c453\"";
    let success = "fillcolor=\"#8fd18f\"";
    for (id, line) in declared(&dot) {
        let line = dot.lines().nth(line).unwrap();
        let colour = match id {
            0 | 2 | 3 => Some(running),
            1 => Some(success),
            _ => None,
        };
        match colour {
            Some(colour) => assert!(line.contains(colour), "node {id}: {line}"),
            None => assert!(!line.contains("fillcolor"), "node {id}: {line}"),
        }
    }
    let mermaid = export::mermaid_with_status(Robot::NODES, &trace).to_string();
    check_structure(Robot::NODES, &mermaid, " --> ", "subgraph s");
    let classes: Vec<_> = mermaid
        .lines()
        .filter(|line| line.trim_start().starts_with("class "))
        .collect();
    assert_eq!(
        classes,
        [
            "  class n0 running",
            "  class n1 success",
            "  class n2 running",
            "  class n3 running"
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// docs/trees/

const DOCS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/trees");
const REDRAW: &str = "run `cargo run --example draw -- --all --after 3 --out docs/trees` \
                      (with Graphviz installed, for the SVGs) and commit the files";

fn read(name: &str) -> String {
    let path = Path::new(DOCS).join(name);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}; {REDRAW}", path.display()))
}

#[test]
fn the_draw_example_draws_every_example() {
    // Every example builds a tree but `draw` itself and `sniper-expanded` (the sniper's tree
    // again).
    let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/examples");
    let mut names: Vec<String> = std::fs::read_dir(examples)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter_map(|path| {
            // An example is a file `NAME.rs`, or a directory `NAME/` with a `main.rs`.
            let name = path.file_name()?.to_str()?.to_owned();
            match name.strip_suffix(".rs") {
                Some(stem) => Some(stem.to_owned()),
                None => path.join("main.rs").is_file().then_some(name),
            }
        })
        .filter(|name| name != "draw" && name != "sniper-expanded")
        .collect();
    names.sort();
    let mut drawn: Vec<&str> = draw::EXAMPLES.iter().map(|example| example.name).collect();
    drawn.sort_unstable();
    assert_eq!(
        drawn, names,
        "`draw --all` draws the examples of `draw::EXAMPLES`: give each example a `tree()` at \
         its end and a row there"
    );
}

#[test]
fn the_pictures_in_the_docs_are_current() {
    let mut expected = Vec::new();
    for example in draw::EXAMPLES {
        expected.extend(draw::tree_files(example));
    }
    // The coloured snapshots in the docs: `NAME-tickN.dot`.
    let files: BTreeSet<String> = std::fs::read_dir(DOCS)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    let mut snapshots = 0;
    for file in &files {
        let Some((name, tick)) = file
            .strip_suffix(".dot")
            .and_then(|stem| stem.rsplit_once("-tick"))
        else {
            continue;
        };
        let example = draw::EXAMPLES.iter().find(|e| e.name == name).unwrap();
        expected.extend(draw::snapshot_files(example, tick.parse().unwrap()).unwrap());
        snapshots += 1;
    }
    assert!(snapshots > 0, "no coloured snapshot in {DOCS}");
    let mut wanted = BTreeSet::new();
    for (name, text) in &expected {
        assert!(
            read(name) == *text,
            "docs/trees/{name} is not what the draw example writes now: {REDRAW}"
        );
        wanted.insert(name.clone());
        if let Some(stem) = name.strip_suffix(".dot") {
            wanted.insert(format!("{stem}.svg"));
        }
    }
    let unexpected: Vec<_> = files.difference(&wanted).collect();
    assert!(
        unexpected.is_empty(),
        "stray files in docs/trees: {unexpected:?}"
    );
}

/// The text lines of a DOT label (`label="a\nb"`), unescaped.
fn label_lines(line: &str) -> Vec<String> {
    let start = line.find("label=\"").unwrap() + "label=\"".len();
    let mut label = String::new();
    let mut chars = line[start..].chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => break,
            '\\' => match chars.next().unwrap() {
                'n' => label.push('\n'),
                other => label.push(other),
            },
            c => label.push(c),
        }
    }
    label.lines().map(str::to_string).collect()
}

#[test]
fn the_svgs_in_the_docs_draw_their_dot_files() {
    let mut checked = 0;
    for entry in std::fs::read_dir(DOCS).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        let Some(stem) = name.strip_suffix(".dot") else {
            continue;
        };
        let dot = read(&name);
        let svg_text = read(&format!("{stem}.svg"));
        let options = roxmltree::ParsingOptions {
            allow_dtd: true,
            ..Default::default()
        };
        let svg = roxmltree::Document::parse_with_options(&svg_text, options)
            .unwrap_or_else(|e| panic!("docs/trees/{stem}.svg: {e}"));
        // Graphviz titles each node `nK` and each edge `nA->nB`, and writes each label line
        // as a text element.
        let titles: BTreeSet<String> = svg
            .descendants()
            .filter(|node| node.has_tag_name("title"))
            .filter_map(|node| node.text().map(str::to_string))
            .collect();
        let texts: BTreeSet<String> = svg
            .descendants()
            .filter(|node| node.has_tag_name("text"))
            .filter_map(|node| node.text().map(str::to_string))
            .collect();
        let mut fills = BTreeSet::new();
        for (id, line) in declared(&dot) {
            let line = dot.lines().nth(line).unwrap();
            assert!(
                titles.contains(&format!("n{id}")),
                "docs/trees/{stem}.svg has no node n{id}: {REDRAW}"
            );
            for text in label_lines(line) {
                assert!(
                    texts.contains(&text),
                    "docs/trees/{stem}.svg does not say `{text}`: {REDRAW}"
                );
            }
            if let Some((_, colour)) = line.split_once("fillcolor=\"") {
                fills.insert(colour[..7].to_string());
            }
        }
        for (from, to) in text_edges(&dot, " -> ") {
            assert!(
                titles.contains(&format!("n{from}->n{to}")),
                "docs/trees/{stem}.svg has no edge n{from} -> n{to}: {REDRAW}"
            );
        }
        let svg_fills: BTreeSet<String> = svg
            .descendants()
            .filter_map(|node| node.attribute("fill"))
            .map(str::to_string)
            .collect();
        assert!(
            fills.is_subset(&svg_fills),
            "docs/trees/{stem}.svg lacks colours {fills:?}: {REDRAW}"
        );
        let nodes = titles
            .iter()
            .filter(|t| t.starts_with('n') && !t.contains('>'))
            .count();
        assert_eq!(
            nodes,
            declared(&dot).len(),
            "docs/trees/{stem}.svg: {REDRAW}"
        );
        checked += 1;
    }
    assert_eq!(
        checked,
        draw::EXAMPLES.len() + 1,
        "the trees and one snapshot"
    );
}

/// A control node or decorator of the user's (`Control(Type)`, `Decorator(Type)`, here the
/// navigation example's) is a node like any other: its kind, category, type and ports in
/// `NODES`, its type as its XML element, declared with its ports in the `TreeNodesModel`, and its
/// type in the DOT label.
#[test]
fn user_nodes_export_under_their_types_with_their_ports() {
    let example = draw::EXAMPLES
        .iter()
        .find(|example| example.name == "nav_recovery")
        .expect("the navigation example is drawn");
    let (nodes, xml) = (example.tree)();
    let (root, rate) = (&nodes[0], &nodes[2]);
    assert_eq!(
        (root.name, root.kind, root.category, root.leaf_type),
        (
            "NavigateRecovery",
            "Control",
            NodeCategory::Control,
            Some("RecoveryNode")
        )
    );
    assert_eq!(root.params, [("number_of_retries", "6")]);
    let ports: Vec<_> = (root.ports.iter())
        .map(|port| (port.name, port.type_name, port.required))
        .collect();
    assert_eq!(ports, [("number_of_retries", "u32", false)]);
    assert_eq!(
        (rate.kind, rate.category, rate.type_name()),
        ("Decorator", NodeCategory::Decorator, "RateController")
    );
    assert_eq!(rate.ports[0].name, "hz");
    assert!(rate.ports[0].required);

    let xml = xml.to_string();
    let document = roxmltree::Document::parse(&xml).unwrap_or_else(|e| panic!("{e}\n{xml}"));
    let walked = walk(&document, "Navigate");
    assert_eq!(walked.len(), nodes.len());
    let tags: Vec<&str> = walked
        .iter()
        .map(|(tag, ..)| tag.as_str())
        .take(3)
        .collect();
    assert_eq!(tags, ["RecoveryNode", "PipelineSequence", "RateController"]);
    let model = |category: &str, id: &str| {
        let element = document
            .descendants()
            .find(|node| node.has_tag_name(category) && node.attribute("ID") == Some(id))
            .unwrap_or_else(|| panic!("no <{category} ID=\"{id}\"> in the model\n{xml}"));
        (element.children().filter(|child| child.is_element()))
            .map(|port| {
                let name = port.attribute("name").unwrap_or_default();
                (port.tag_name().name().to_owned(), name.to_owned())
            })
            .collect::<Vec<_>>()
    };
    let input = |name: &str| ("input_port".to_owned(), name.to_owned());
    assert_eq!(
        model("Control", "RecoveryNode"),
        [input("number_of_retries")]
    );
    assert_eq!(model("Decorator", "RateController"), [input("hz")]);
    assert_eq!(model("Control", "RoundRobin"), []);

    let dot = export::dot(nodes).to_string();
    assert!(
        dot.contains(r#"n2 [label="RateController\nhz=1.0", shape=hexagon]"#),
        "{dot}"
    );
}
