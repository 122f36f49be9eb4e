//! Generator of the large benchmark trees: writes one `behavior_tree!` invocation (plus the same
//! tree as a compact shape string, for the implementations that build trees at run time) to
//! stdout.
//!
//! A single file with no dependencies, compiled with plain `rustc`:
//!
//! ```text
//! rustc -O --edition 2021 benches/gen/gen.rs -o target/bt-gen
//! target/bt-gen memory   <nodes>  <TreeName>  > file.rs   # nested Sequences, running leaf last
//! target/bt-gen reactive <groups> <TreeName>  > file.rs   # ~14 nodes per group, re-checked every tick
//! target/bt-gen npc      <branches> <TreeName> > file.rs  # guarded branches, then a running patrol
//! target/bt-gen deep     <levels> <TreeName>  > file.rs   # 51 nodes per level, 15 stateful leaves each
//! target/bt-gen blackboard <entries> <TreeName> > file.rs # one node per blackboard entry
//! ```
//!
//! `bash benches/gen/regen.sh` regenerates every checked-in file in `benches/trees/`;
//! `bash benches/build_time.sh` uses the same generator for the build-time measurements.
//!
//! The generated file expects `BigWorld`, `Work` and (deep shape) `Task` in its parent module
//! (`benches/trees/lib.rs` or the scratch crate of `build_time.sh`). Leaves are numbered in
//! pre-order (`0..LEAVES`); leaf `i` answers `FLAGS[i]` (`'1'` = success); task `i` (a stateful
//! action, `Task<i>`) answers Running `i % 3` times, then Success.
//!
//! Shape format (read by `benches/support/shape.rs`): `S(..)` Sequence, `F(..)` Fallback, `R(..)`
//! ReactiveSequence, `Q(..)` ReactiveFallback, `I(..)` Inverter, `cN` condition, `aN` action, `tN`
//! task, `wN` stateful action that runs forever; items separated by spaces. The blackboard shape
//! has no shape string (only the generated tree uses it).

use std::env;
use std::fmt::Write as _;
use std::process::exit;

enum Node {
    Seq(Vec<Node>),
    Fb(Vec<Node>),
    RSeq(Vec<Node>),
    RFb(Vec<Node>),
    Inv(Box<Node>),
    Cond(u32),
    Act(u32),
    Task(u32),
    Work(u32),
    /// A blackboard node using entry `e<N>` (blackboard shape; leaf ids are entry numbers).
    Entry(u32),
}

#[derive(Default)]
struct Gen {
    leaves: u32,
    flags: String,
}

impl Gen {
    fn leaf(&mut self, ok: bool) -> u32 {
        let id = self.leaves;
        self.leaves += 1;
        self.flags.push(if ok { '1' } else { '0' });
        id
    }

    fn cond(&mut self, ok: bool) -> Node {
        Node::Cond(self.leaf(ok))
    }

    fn act(&mut self, ok: bool) -> Node {
        Node::Act(self.leaf(ok))
    }

    fn task(&mut self) -> Node {
        Node::Task(self.leaf(true))
    }

    /// A condition if the next leaf id is even, else an action; succeeds.
    fn pad(&mut self) -> Node {
        if self.leaves % 2 == 0 {
            self.cond(true)
        } else {
            self.act(true)
        }
    }
}

/// A memory tree of exactly `nodes` nodes: Sequences of at most `fanout` children, split as
/// evenly as possible; leaves alternate condition / action (all succeed) and the last leaf in
/// pre-order (the deepest on the last-child path) is the stateful action that keeps running.
fn memory(g: &mut Gen, nodes: usize, fanout: usize, last: bool) -> Node {
    if nodes == 1 {
        return if last {
            Node::Work(g.leaf(true))
        } else if g.leaves % 2 == 0 {
            g.cond(true)
        } else {
            g.act(true)
        };
    }
    let below = nodes - 1;
    let k = fanout.min(below);
    let (base, extra) = (below / k, below % k);
    let children = (0..k)
        .map(|i| memory(g, base + usize::from(i < extra), fanout, last && i == k - 1))
        .collect();
    Node::Seq(children)
}

/// One group of the reactive tree (14 nodes, 10 leaves, all ticked on every tick):
/// `ReactiveFallback { ReactiveSequence { c c c c c(fails) }, Inverter { c }, ReactiveSequence {
/// c c c a } }`: the first branch fails at its last condition, the inverted condition fails, the
/// third branch succeeds.
fn reactive_group(g: &mut Gen) -> Node {
    let first = (0..5).map(|i| g.cond(i < 4)).collect();
    let inverted = Node::Inv(Box::new(g.cond(true)));
    let mut third: Vec<Node> = (0..3).map(|_| g.cond(true)).collect();
    third.push(g.act(true));
    Node::RFb(vec![Node::RSeq(first), inverted, Node::RSeq(third)])
}

/// `ReactiveSequence { group × groups, StatefulAction(Work) }`: `2 + 14 × groups` nodes.
fn reactive(g: &mut Gen, groups: usize) -> Node {
    let mut children: Vec<Node> = (0..groups).map(|_| reactive_group(g)).collect();
    children.push(Node::Work(g.leaf(true)));
    Node::RSeq(children)
}

/// The guard-heavy reactive NPC: `ReactiveFallback { ReactiveSequence { c c c t } × branches,
/// ReactiveSequence { c w } }`: each guarded branch (flee, fight, heal, ..) checks three guards
/// before its task; branch `k` fails at its guard `k % 3` (its task never starts), and the last
/// branch, the patrol, keeps running. Every tick re-checks every guard up to the failing one,
/// then resumes the patrol: `2 + 5 × branches + 3` nodes.
fn npc(g: &mut Gen, branches: usize) -> Node {
    let mut children: Vec<Node> = (0..branches)
        .map(|k| {
            let mut branch: Vec<Node> = (0..3).map(|i| g.cond(i != k % 3)).collect();
            branch.push(g.task());
            Node::RSeq(branch)
        })
        .collect();
    children.push(Node::RSeq(vec![g.cond(true), Node::Work(g.leaf(true))]));
    Node::RFb(children)
}

/// One group of the deep tree (9 nodes, 6 leaves, 3 of them stateful):
/// `Fallback { Sequence { c(fails) t }, Sequence { c t a t } }`: the first branch fails at its
/// condition (its task never starts), the second runs both its tasks to success.
fn deep_group(g: &mut Gen) -> Node {
    let first = vec![g.cond(false), g.task()];
    let second = vec![g.cond(true), g.task(), g.act(true), g.task()];
    Node::Fb(vec![Node::Seq(first), Node::Seq(second)])
}

/// The deep tree: `levels` nested `Sequence`s, each `Sequence { p G p G p G p G p G <next> }` (p a
/// succeeding condition or action, G a `deep_group`), 51 nodes per level; below the last level, in
/// place of `<next>`, the stateful action that keeps running, at depth `levels`. Every task
/// finishes, so after about two ticks per group the tree resumes that deepest leaf on every tick.
fn deep(g: &mut Gen, levels: usize) -> Node {
    if levels == 0 {
        return Node::Work(g.leaf(true));
    }
    let mut children = Vec::new();
    for _ in 0..5 {
        children.push(g.pad());
        children.push(deep_group(g));
    }
    children.push(deep(g, levels - 1));
    Node::Seq(children)
}

/// The blackboard tree: one node per entry `e0 .. e<N-1>` (a `u32` each), under nested
/// `Sequence`s of at most 10 children; node `i` is, by `i % 4`, `Script(|bb| bb.eI += 1)`,
/// `ScriptCondition(|bb| bb.eI < u32::MAX)`, `SetBlackboard(eI = I)` or
/// `#[on_success(|bb| bb.eI += 2)] AlwaysSuccess`.
fn blackboard(g: &mut Gen, entries: usize) -> Node {
    if entries <= 10 {
        return Node::Seq((0..entries).map(|_| Node::Entry(g.leaf(true))).collect());
    }
    let k = entries.div_ceil(10).min(10);
    let (base, extra) = (entries / k, entries % k);
    Node::Seq(
        (0..k)
            .map(|i| blackboard(g, base + usize::from(i < extra)))
            .collect(),
    )
}

fn count(node: &Node) -> (usize, usize) {
    // (nodes, depth)
    let kids: &[Node] = match node {
        Node::Seq(c) | Node::Fb(c) | Node::RSeq(c) | Node::RFb(c) => c,
        Node::Inv(c) => std::slice::from_ref(&**c),
        _ => return (1, 0),
    };
    kids.iter().fold((1, 0), |(n, d), child| {
        let (cn, cd) = count(child);
        (n + cn, d.max(cd + 1))
    })
}

fn stateful(node: &Node) -> usize {
    match node {
        Node::Seq(c) | Node::Fb(c) | Node::RSeq(c) | Node::RFb(c) => c.iter().map(stateful).sum(),
        Node::Inv(c) => stateful(c),
        Node::Task(_) | Node::Work(_) => 1,
        _ => 0,
    }
}

fn emit_macro(node: &Node, indent: usize, out: &mut String) {
    let pad = "    ".repeat(indent);
    let (kind, kids): (&str, &[Node]) = match node {
        Node::Seq(c) => ("Sequence", c),
        Node::Fb(c) => ("Fallback", c),
        Node::RSeq(c) => ("ReactiveSequence", c),
        Node::RFb(c) => ("ReactiveFallback", c),
        Node::Inv(c) => ("Inverter", std::slice::from_ref(&**c)),
        Node::Cond(id) => {
            let _ = writeln!(out, "{pad}Condition(|w| w.cond({id})),");
            return;
        }
        Node::Act(id) => {
            let _ = writeln!(out, "{pad}Action(|w| w.act({id})),");
            return;
        }
        Node::Task(id) => {
            let _ = writeln!(out, "{pad}StatefulAction(Task<{id}>),");
            return;
        }
        Node::Work(id) => {
            let _ = writeln!(out, "{pad}StatefulAction(Work = Work::new({id})),");
            return;
        }
        Node::Entry(id) => {
            let _ = match id % 4 {
                0 => writeln!(out, "{pad}Script(|bb| bb.e{id} += 1),"),
                1 => writeln!(out, "{pad}ScriptCondition(|bb| bb.e{id} < u32::MAX),"),
                2 => writeln!(out, "{pad}SetBlackboard(e{id} = {id}),"),
                _ => writeln!(out, "{pad}#[on_success(|bb| bb.e{id} += 2)]\n{pad}AlwaysSuccess,"),
            };
            return;
        }
    };
    let _ = writeln!(out, "{pad}{kind} {{");
    for kid in kids {
        emit_macro(kid, indent + 1, out);
    }
    let _ = writeln!(out, "{pad}}},");
}

fn emit_shape(node: &Node, out: &mut String) {
    let (tag, kids): (char, &[Node]) = match node {
        Node::Seq(c) => ('S', c),
        Node::Fb(c) => ('F', c),
        Node::RSeq(c) => ('R', c),
        Node::RFb(c) => ('Q', c),
        Node::Inv(c) => ('I', std::slice::from_ref(&**c)),
        Node::Cond(id) => return out.push_str(&format!("c{id} ")),
        Node::Act(id) => return out.push_str(&format!("a{id} ")),
        Node::Task(id) => return out.push_str(&format!("t{id} ")),
        Node::Work(id) => return out.push_str(&format!("w{id} ")),
        Node::Entry(id) => return out.push_str(&format!("e{id} ")),
    };
    out.push(tag);
    out.push('(');
    for kid in kids {
        emit_shape(kid, out);
    }
    out.push_str(") ");
}

fn usage() -> ! {
    eprintln!(
        "usage: bt-gen (memory <nodes> | reactive <groups> | npc <branches> | deep <levels> | \
         blackboard <entries>) <TreeName>"
    );
    exit(2)
}

fn main() {
    let args: Vec<String> = env::args().skip(1).collect();
    if args.len() != 3 {
        usage();
    }
    let size: usize = args[1].parse().unwrap_or_else(|_| usage());
    let name = &args[2];
    let mut g = Gen::default();
    let (root, what) = match args[0].as_str() {
        "memory" if size >= 2 => (
            memory(&mut g, size, 10, true),
            "Memory tree: nested `Sequence`s of at most 10 children; every leaf succeeds except \
             the last one (in pre-order, on the deepest last-child path), a stateful action that \
             keeps running. After the first tick every `Sequence` on that path resumes at its last \
             child.",
        ),
        "reactive" if size >= 1 => (
            reactive(&mut g, size),
            "Reactive tree: a `ReactiveSequence` of groups `ReactiveFallback { ReactiveSequence { \
             c c c c c(fails) }, Inverter { c }, ReactiveSequence { c c c a } }` and a last \
             stateful action that keeps running: every leaf is ticked again on every tick.",
        ),
        "npc" if size >= 1 => (
            npc(&mut g, size),
            "Guard-heavy reactive NPC: a `ReactiveFallback` of branches `ReactiveSequence { c c c \
             t }` (three guards, then a task) and a last branch `ReactiveSequence { c w }`, the \
             patrol, a stateful action that keeps running. Branch `k` fails at its guard `k % 3`, \
             so every tick re-checks the guards of every branch up to the failing one, then \
             resumes the patrol.",
        ),
        "deep" if size >= 1 => (
            deep(&mut g, size),
            "Deep tree: nested `Sequence`s, one per level, each `Sequence { p G p G p G p G p G \
             <next level> }` with `p` a succeeding condition or action and `G` the group \
             `Fallback { Sequence { c(fails) t }, Sequence { c t a t } }` (`t` a task: a stateful \
             action that runs `id % 3` ticks, then succeeds); below the last level, the stateful \
             action that keeps running. After about two ticks per group (its tasks run to \
             success one after the other) every tick resumes that leaf, the deepest of the tree.",
        ),
        "blackboard" if size >= 1 => (
            blackboard(&mut g, size),
            "Blackboard tree: one `u32` entry per leaf, each leaf a blackboard node using its own \
             entry (`Script`, `ScriptCondition`, `SetBlackboard`, `#[on_success]`), under nested \
             `Sequence`s of at most 10 children. For the build time of the blackboard section.",
        ),
        _ => usage(),
    };
    let (nodes, depth) = count(&root);
    let mut body = String::new();
    emit_macro(&root, 2, &mut body);
    let body = body.trim_end().trim_end_matches(',');
    let mut shape = String::new();
    emit_shape(&root, &mut shape);
    let shape = shape.trim_end();
    let mut doc = String::new();
    let mut line = String::from("//!");
    for word in what.split_whitespace() {
        if line.len() + 1 + word.len() > 99 {
            doc.push_str(&line);
            doc.push('\n');
            line = String::from("//!");
        }
        line.push(' ');
        line.push_str(word);
    }
    doc.push_str(&line);
    let uses = match args[0].as_str() {
        "deep" | "npc" => "BigWorld, Task, Work",
        "blackboard" => "BigWorld",
        _ => "BigWorld, Work",
    };
    let uses = if uses.contains(',') {
        format!("{{{uses}}}")
    } else {
        uses.to_string()
    };
    let mut board = String::new();
    if args[0] == "blackboard" {
        board.push_str("        blackboard {\n");
        for id in 0..g.leaves {
            let _ = writeln!(board, "            e{id}: u32,");
        }
        board.push_str("        }\n");
    }
    let mut extra = String::new();
    if args[0] == "deep" {
        let _ = write!(
            extra,
            "/// Number of stateful leaves (the tasks and the leaf that keeps running).\n\
             pub const STATEFUL: usize = {};\n",
            stateful(&root)
        );
        let _ = write!(
            extra,
            "/// Depth of the leaf that keeps running (the last leaf, under one `Sequence` per level).\n\
             pub const RUNNING_DEPTH: usize = {size};\n"
        );
    }
    let mut out = String::new();
    let _ = write!(
        out,
        "// @generated by benches/gen/gen.rs (`{cmd}`); do not edit.\n\
         // Regenerate every bench tree with `bash benches/gen/regen.sh`.\n\
         \n\
         {doc}\n\
         \n\
         use super::{uses};\n\
         \n\
         bt::behavior_tree! {{\n    \
             /// Generated benchmark tree ({nodes} nodes, {leaves} leaves, depth {depth}).\n    \
             pub tree {name} for BigWorld {{\n\
         {board}{body}\n    \
             }}\n\
         }}\n\
         \n\
         /// Number of nodes.\n\
         pub const NODES: usize = {nodes};\n\
         /// Number of leaves (leaf ids are `0..LEAVES`, in pre-order).\n\
         pub const LEAVES: usize = {leaves};\n\
         /// Depth of the deepest leaf (the root is at depth 0).\n\
         pub const DEPTH: usize = {depth};\n\
         /// The same tree for the run-time implementations (format: `benches/gen/gen.rs`).\n\
         pub const SHAPE: &str = \"{shape}\";\n\
         /// Leaf `i` succeeds when `FLAGS[i]` is `'1'`.\n\
         pub const FLAGS: &str = \"{flags}\";\n\
         {extra}",
        cmd = format!("bt-gen {} {} {}", args[0], args[1], args[2]),
        leaves = g.leaves,
        flags = g.flags,
    );
    print!("{out}");
}
