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
    /// Any other built-in composite or decorator (mixed shape): its DSL head (`Repeat(2)`), its
    /// BehaviorTree.CPP XML element with attributes (`Repeat num_cycles="2"`), its children.
    Built(&'static str, &'static str, Vec<Node>),
    /// A control node or decorator of the user's own (user shape): `Control(USeq)`,
    /// `Control(USel)` or `Decorator(UInv)`, the scratch crate's types, with its children.
    User(&'static str, Vec<Node>),
    /// A typed leaf of the mixed shape, by its leaf id: by `id % 6`, `Condition(IsOk)`,
    /// `Action(DoIt)`, `AlwaysSuccess`, `Script(|bb| bb.n += 1)`, `Action(Put, v = {n})` (an input
    /// port) or `#[skip_if(|bb| bb.n > 9)] Action(DoIt)`.
    Typed(u32),
}

#[derive(Default)]
struct Gen {
    leaves: u32,
    flags: String,
    /// Inner nodes drawn so far (the mixed and kinds shapes cycle through kinds by it).
    inner: usize,
    /// Composites drawn so far (the mixed shape's kinds in turn).
    composites: usize,
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

/// The wide tree: one `Sequence` of `nodes - 1` children, all succeeding leaves (condition /
/// action in turn) but the last, the stateful action that keeps running.
fn wide(g: &mut Gen, nodes: usize) -> Node {
    let mut children: Vec<Node> = (0..nodes.saturating_sub(2)).map(|_| g.pad()).collect();
    children.push(Node::Work(g.leaf(true)));
    Node::Seq(children)
}

/// The kinds tree, for the user nodes against the built-in ones: nested composites of at most 10
/// children, `Sequence` at even depths and `Fallback` at odd ones, every fifth inner node an
/// `Inverter`; leaves as in the memory tree. With `user`, the same tree with the scratch crate's
/// nodes of the same rules in their places: `Control(USeq)`, `Control(USel)`, `Decorator(UInv)`.
fn kinds(g: &mut Gen, nodes: usize, depth: usize, last: bool, user: bool) -> Node {
    if nodes == 1 {
        return if last { Node::Work(g.leaf(true)) } else { g.pad() };
    }
    g.inner += 1;
    if g.inner % 5 == 0 {
        let child = Box::new(kinds(g, nodes - 1, depth + 1, last, user));
        return match user {
            true => Node::User("UInv", vec![*child]),
            false => Node::Inv(child),
        };
    }
    let below = nodes - 1;
    let k = 10.min(below);
    let (base, extra) = (below / k, below % k);
    let children = (0..k)
        .map(|i| kinds(g, base + usize::from(i < extra), depth + 1, last && i == k - 1, user))
        .collect();
    match (user, depth % 2) {
        (false, 0) => Node::Seq(children),
        (false, _) => Node::Fb(children),
        (true, 0) => Node::User("USeq", children),
        (true, _) => Node::User("USel", children),
    }
}

/// The composites of the mixed shape, in turn: DSL head, XML element (NodeCanvas's kinds, which
/// BehaviorTree.CPP lacks, become the nearest of its kinds in XML).
const MIXED_COMPOSITES: &[(&str, &str)] = &[
    ("Sequence", "Sequence"),
    ("Fallback", "Fallback"),
    ("ReactiveSequence", "ReactiveSequence"),
    ("ReactiveFallback", "ReactiveFallback"),
    ("SequenceWithMemory", "SequenceWithMemory"),
    ("ParallelAll", "ParallelAll"),
    ("Parallel(success = 1)", "Parallel success_count=\"1\""),
    ("AsyncSequence", "AsyncSequence"),
    ("TryCatch", "TryCatch"),
    ("IfThenElse", "IfThenElse"),
    ("FlipSelector", "Fallback"),
    ("StepSequencer", "SequenceWithMemory"),
];

/// The decorators of the mixed shape, in turn.
const MIXED_DECORATORS: &[(&str, &str)] = &[
    ("Inverter", "Inverter"),
    ("ForceSuccess", "ForceSuccess"),
    ("Repeat(2)", "Repeat num_cycles=\"2\""),
    ("RetryUntilSuccessful(3)", "RetryUntilSuccessful num_attempts=\"3\""),
    ("Timeout(100)", "Timeout msec=\"100\""),
    ("Delay(10)", "Delay delay_msec=\"10\""),
    ("RunOnce", "RunOnce"),
    ("ForceFailure", "ForceFailure"),
];

/// The mixed tree: nested composites of at most 6 children, of the kinds of `MIXED_COMPOSITES` in
/// turn, every fourth inner node a decorator of `MIXED_DECORATORS` in turn; leaves in turn a
/// condition, an action, a task (stateful) and the six typed leaves of `Node::Typed` (ports, a
/// script, a pre-condition); the last leaf in pre-order keeps running. `IfThenElse` gets three
/// children, `TryCatch` at least two (else the node is a `Sequence`).
fn mixed(g: &mut Gen, nodes: usize, last: bool) -> Node {
    if nodes == 1 {
        if last {
            return Node::Work(g.leaf(true));
        }
        return match g.leaves % 9 {
            0 => g.cond(true),
            1 => g.act(true),
            2 => g.task(),
            _ => Node::Typed(g.leaf(true)),
        };
    }
    g.inner += 1;
    if g.inner % 4 == 0 {
        let (dsl, xml) = MIXED_DECORATORS[(g.inner / 4) % MIXED_DECORATORS.len()];
        return Node::Built(dsl, xml, vec![mixed(g, nodes - 1, last)]);
    }
    let below = nodes - 1;
    g.composites += 1;
    let (mut dsl, mut xml) = MIXED_COMPOSITES[g.composites % MIXED_COMPOSITES.len()];
    let k = match dsl {
        "IfThenElse" if below >= 3 => 3,
        "TryCatch" if below >= 2 => 6.min(below),
        "IfThenElse" | "TryCatch" => {
            (dsl, xml) = ("Sequence", "Sequence");
            6.min(below)
        }
        _ => 6.min(below),
    };
    let (base, extra) = (below / k, below % k);
    let children = (0..k)
        .map(|i| mixed(g, base + usize::from(i < extra), last && i == k - 1))
        .collect();
    Node::Built(dsl, xml, children)
}

fn count(node: &Node) -> (usize, usize) {
    // (nodes, depth)
    let kids: &[Node] = match node {
        Node::Seq(c) | Node::Fb(c) | Node::RSeq(c) | Node::RFb(c) => c,
        Node::Built(_, _, c) | Node::User(_, c) => c,
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
        Node::Built(_, _, c) | Node::User(_, c) => c.iter().map(stateful).sum(),
        Node::Inv(c) => stateful(c),
        Node::Task(_) | Node::Work(_) => 1,
        _ => 0,
    }
}

fn emit_macro(node: &Node, indent: usize, out: &mut String) {
    let pad = "    ".repeat(indent);
    let user;
    let (kind, kids): (&str, &[Node]) = match node {
        Node::Built(dsl, _, c) => (dsl, c),
        Node::User(ty, c) => {
            let family = if *ty == "UInv" { "Decorator" } else { "Control" };
            user = format!("{family}({ty})");
            (&user, c)
        }
        Node::Typed(id) => {
            let _ = match id % 6 {
                0 => writeln!(out, "{pad}Condition(IsOk),"),
                1 => writeln!(out, "{pad}Action(DoIt),"),
                2 => writeln!(out, "{pad}AlwaysSuccess,"),
                3 => writeln!(out, "{pad}Script(|bb| bb.n += 1),"),
                4 => writeln!(out, "{pad}Action(Put, v = {{n}}),"),
                _ => writeln!(out, "{pad}#[skip_if(|bb| bb.n > 9)]\n{pad}Action(DoIt),"),
            };
            return;
        }
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
        Node::Built(..) | Node::User(..) | Node::Typed(_) => {
            unreachable!("the run-time implementations have no shape of the mixed and user trees")
        }
    };
    out.push(tag);
    out.push('(');
    for kid in kids {
        emit_shape(kid, out);
    }
    out.push_str(") ");
}

/// The tree as BehaviorTree.CPP XML, for the XML front end: leaves become IDs of the scratch
/// crate's types (a condition `IsOk`, an action `DoIt`, a task `Step`, the stateful action that
/// keeps running `Forever`, the ported action `Put`), mapped in `nodes { .. }`; `used` collects
/// the IDs the tree uses.
fn emit_xml(node: &Node, indent: usize, out: &mut String, used: &mut Vec<&'static str>) {
    let pad = "  ".repeat(indent);
    let mut leaf = |id: &'static str, attrs: String| {
        if !used.contains(&id) {
            used.push(id);
        }
        let _ = writeln!(out, "{pad}<{id}{attrs}/>");
    };
    let (open, close, kids): (String, &str, &[Node]) = match node {
        Node::Seq(c) => ("Sequence".into(), "Sequence", c),
        Node::Fb(c) => ("Fallback".into(), "Fallback", c),
        Node::RSeq(c) => ("ReactiveSequence".into(), "ReactiveSequence", c),
        Node::RFb(c) => ("ReactiveFallback".into(), "ReactiveFallback", c),
        Node::Inv(c) => ("Inverter".into(), "Inverter", std::slice::from_ref(&**c)),
        Node::Built(_, xml, c) => (xml.to_string(), xml.split(' ').next().unwrap_or(xml), c),
        Node::User(ty, c) => {
            if !used.contains(ty) {
                used.push(ty);
            }
            (ty.to_string(), *ty, c)
        }
        Node::Cond(_) => return leaf("IsOk", String::new()),
        Node::Act(_) => return leaf("DoIt", String::new()),
        Node::Task(_) => return leaf("Step", String::new()),
        Node::Work(_) => return leaf("Forever", String::new()),
        Node::Typed(id) => {
            return match id % 6 {
                0 => leaf("IsOk", String::new()),
                1 => leaf("DoIt", String::new()),
                2 => drop(writeln!(out, "{pad}<AlwaysSuccess/>")),
                3 => drop(writeln!(out, "{pad}<Script code=\"n += 1\"/>")),
                4 => leaf("Put", " v=\"{n}\"".into()),
                _ => leaf("DoIt", " _skipIf=\"n &gt; 9\"".into()),
            };
        }
        Node::Entry(id) => {
            let _ = match id % 4 {
                0 => writeln!(out, "{pad}<Script code=\"e{id} += 1\"/>"),
                1 => writeln!(out, "{pad}<ScriptCondition code=\"e{id} &lt; 4000000000\"/>"),
                2 => writeln!(out, "{pad}<SetBlackboard output_key=\"e{id}\" value=\"{id}\"/>"),
                _ => writeln!(out, "{pad}<AlwaysSuccess _onSuccess=\"e{id} += 2\"/>"),
            };
            return;
        }
    };
    let _ = writeln!(out, "{pad}<{open}>");
    for kid in kids {
        emit_xml(kid, indent + 1, out, used);
    }
    let _ = writeln!(out, "{pad}</{close}>");
}

/// What an XML ID of `emit_xml` is mapped to in `nodes { .. }`.
fn xml_mapping(id: &str) -> String {
    match id {
        "IsOk" => "IsOk = Condition(IsOk)".into(),
        "DoIt" | "Put" => format!("{id} = Action({id})"),
        "Step" | "Forever" => format!("{id} = StatefulAction({id})"),
        "UInv" => format!("{id} = Decorator({id})"),
        _ => format!("{id} = Control({id})"),
    }
}

/// The same tree as a hand-written state machine (`--hand`): one function per node, a cursor
/// per memory composite, the running child of a reactive one, a flag per stateful leaf: what
/// the generated code does, written plainly, as the floor of what rustc must compile for the
/// tree. Only for the trees of `Sequence`, `Fallback`, their reactive forms, `Inverter` and the
/// plain leaves.
#[derive(Default)]
struct Hand {
    fields: String,
    inits: String,
    fns: String,
    next: usize,
}

impl Hand {
    /// Writes node `node`'s functions; returns the expression that ticks it and, for a node that
    /// can be running, the statement that halts it.
    fn node(&mut self, node: &Node) -> (String, Option<String>) {
        let n = self.next;
        self.next += 1;
        let stateful = |h: &mut Hand, ty: String, init: String| {
            let _ = writeln!(h.fields, "    l{n}: {ty},\n    r{n}: bool,");
            let _ = writeln!(h.inits, "            l{n}: {init},\n            r{n}: false,");
            let _ = writeln!(
                h.fns,
                "    fn tick_{n}(&mut self, w: &mut BigWorld) -> Status {{\n        \
                 let s = if self.r{n} {{ self.l{n}.on_running(w) }} else {{ self.l{n}.on_start(w) }};\n        \
                 self.r{n} = s == Status::Running;\n        s\n    }}\n    \
                 fn halt_{n}(&mut self, w: &mut BigWorld) {{\n        \
                 if self.r{n} {{\n            self.l{n}.on_halted(w);\n            self.r{n} = false;\n        }}\n    }}"
            );
            (format!("self.tick_{n}(w)"), Some(format!("self.halt_{n}(w);")))
        };
        let (kids, memory, go_on) = match node {
            Node::Cond(id) => return (format!("st(w.cond({id}))"), None),
            Node::Act(id) => return (format!("st(w.act({id}))"), None),
            Node::Task(id) => return stateful(self, format!("Task<{id}>"), "Task".into()),
            Node::Work(id) => return stateful(self, "Work".into(), format!("Work::new({id})")),
            Node::Inv(child) => {
                let (tick, halt) = self.node(child);
                let _ = writeln!(
                    self.fns,
                    "    fn tick_{n}(&mut self, w: &mut BigWorld) -> Status {{\n        \
                     match {tick} {{\n            Status::Success => Status::Failure,\n            \
                     Status::Failure => Status::Success,\n            s => s,\n        }}\n    }}"
                );
                return (format!("self.tick_{n}(w)"), halt);
            }
            Node::Seq(c) => (c, true, "Success"),
            Node::Fb(c) => (c, true, "Failure"),
            Node::RSeq(c) => (c, false, "Success"),
            Node::RFb(c) => (c, false, "Failure"),
            _ => unreachable!("--hand: a tree of Sequence, Fallback, their reactive forms and Inverter"),
        };
        let children: Vec<(String, Option<String>)> = kids.iter().map(|kid| self.node(kid)).collect();
        let len = children.len();
        let halts: String = (children.iter().enumerate())
            .filter_map(|(i, (_, halt))| halt.as_ref().map(|halt| format!("            {i} => {{ {halt} }}\n")))
            .collect();
        let _ = writeln!(self.fields, "    c{n}: u16,");
        let _ = writeln!(self.inits, "            c{n}: {},", if memory { 0 } else { len });
        let _ = writeln!(
            self.fns,
            "    fn halt_{n}(&mut self, w: &mut BigWorld) {{\n        \
             match self.c{n} {{\n{halts}            _ => {{}}\n        }}\n        \
             self.c{n} = {};\n    }}",
            if memory { 0 } else { len }
        );
        if memory {
            // The cursor is the child to tick; it moves on past children that answer `go_on`.
            let arms: String = (children.iter().enumerate())
                .map(|(i, (tick, _))| match i + 1 == len {
                    true => format!("                _ => {tick},\n"),
                    false => format!("                {i} => {tick},\n"),
                })
                .collect();
            let _ = writeln!(
                self.fns,
                "    fn tick_{n}(&mut self, w: &mut BigWorld) -> Status {{\n        loop {{\n            \
                 let s = match self.c{n} {{\n{arms}            }};\n            \
                 match s {{\n                Status::{go_on} | Status::Skipped if self.c{n} + 1 < {len} => self.c{n} += 1,\n                \
                 Status::Running => return s,\n                \
                 s => {{\n                    self.c{n} = 0;\n                    return s;\n                }}\n            }}\n        }}\n    }}"
            );
        } else {
            // Every child from the first; the cursor is the running child (`len`: none), halted
            // when another one answers first.
            let steps: String = (children.iter().enumerate())
                .map(|(i, (tick, _))| {
                    format!(
                        "        let s = {tick};\n        if !matches!(s, Status::{go_on} | Status::Skipped) {{\n            return self.stop_{n}(w, {i}, s);\n        }}\n"
                    )
                })
                .collect();
            let _ = writeln!(
                self.fns,
                "    fn tick_{n}(&mut self, w: &mut BigWorld) -> Status {{\n{steps}        \
                 self.stop_{n}(w, {len}, Status::{go_on})\n    }}\n    \
                 fn stop_{n}(&mut self, w: &mut BigWorld, at: u16, s: Status) -> Status {{\n        \
                 if self.c{n} != at {{\n            self.halt_{n}(w);\n        }}\n        \
                 self.c{n} = if s == Status::Running {{ at }} else {{ {len} }};\n        s\n    }}"
            );
        }
        (format!("self.tick_{n}(w)"), Some(format!("self.halt_{n}(w);")))
    }
}

fn emit_hand(root: &Node, name: &str) -> String {
    let mut h = Hand::default();
    let (tick, halt) = h.node(root);
    let halt = halt.unwrap_or_default();
    format!(
        "/// The tree written by hand (`bt-gen --hand`).\npub struct {name} {{\n{fields}}}\n\n\
         fn st(ok: bool) -> Status {{\n    if ok {{ Status::Success }} else {{ Status::Failure }}\n}}\n\n\
         #[allow(clippy::all, unused_variables)]\nimpl {name} {{\n    pub fn new() -> Self {{\n        {name} {{\n{inits}        }}\n    }}\n\n    \
         pub fn tick(&mut self, w: &mut BigWorld) -> Status {{\n        {tick}\n    }}\n\n    \
         pub fn halt(&mut self, w: &mut BigWorld) {{\n        {halt}\n    }}\n\n{fns}}}\n",
        fields = h.fields,
        inits = h.inits,
        fns = h.fns,
    )
}

fn usage() -> ! {
    eprintln!(
        "usage: bt-gen (memory <nodes> | reactive <groups> | npc <branches> | deep <levels> | \
         blackboard <entries> | wide <nodes> | kinds <nodes> | user <nodes> | mixed <nodes>) \
         <TreeName> [--xml <path of the XML file, relative to the crate>] [--hand]"
    );
    exit(2)
}

fn main() {
    let mut args: Vec<String> = env::args().skip(1).collect();
    let hand = args.iter().any(|arg| arg == "--hand");
    args.retain(|arg| arg != "--hand");
    let xml = match args.iter().position(|arg| arg == "--xml") {
        Some(at) if at + 1 < args.len() => {
            let path = args.remove(at + 1);
            args.remove(at);
            Some(path)
        }
        Some(_) => usage(),
        None => None,
    };
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
        "wide" if size >= 2 => (
            wide(&mut g, size),
            "Wide tree: one `Sequence` of succeeding leaves and a last stateful action that keeps \
             running. For the build time of wide nodes.",
        ),
        "kinds" if size >= 2 => (
            kinds(&mut g, size, 0, true, false),
            "Kinds tree: nested `Sequence`s (even depths) and `Fallback`s (odd depths) of at most \
             10 children, every fifth inner node an `Inverter`. The same tree as the user shape \
             with the built-in nodes.",
        ),
        "user" if size >= 2 => (
            kinds(&mut g, size, 0, true, true),
            "User tree: the kinds tree with control nodes and decorators of the user's own in \
             place of the built-in ones (`Control(USeq)`, `Control(USel)`, `Decorator(UInv)`).",
        ),
        "mixed" if size >= 2 => (
            mixed(&mut g, size, true),
            "Mixed tree: nested composites of at most 6 children, twelve kinds in turn, every \
             fourth inner node one of eight decorators; leaves of every form (inline, typed, \
             stateful, with a port, a script, a pre-condition).",
        ),
        _ => usage(),
    };
    let (nodes, depth) = count(&root);
    let typed = matches!(args[0].as_str(), "user" | "mixed");
    let mut shape = String::new();
    if !matches!(args[0].as_str(), "user" | "mixed") {
        emit_shape(&root, &mut shape);
    }
    let shape = shape.trim_end();
    let mut body = String::new();
    if let Some(path) = &xml {
        // The tree in an XML file, the invocation naming it.
        let mut text = String::from(
            "<root BTCPP_format=\"4\" main_tree_to_execute=\"MainTree\">\n  <BehaviorTree ID=\"MainTree\">\n",
        );
        let mut used = Vec::new();
        emit_xml(&root, 2, &mut text, &mut used);
        text.push_str("  </BehaviorTree>\n</root>\n");
        std::fs::write(path, text).unwrap_or_else(|e| {
            eprintln!("bt-gen: cannot write {path}: {e}");
            exit(1)
        });
        let file = std::path::Path::new(path).file_name().and_then(|f| f.to_str()).unwrap_or(path);
        let mappings: Vec<String> = used.iter().map(|id| xml_mapping(id)).collect();
        let _ = write!(
            body,
            "        xml = \"src/{file}\",\n        nodes {{ {} }}",
            mappings.join(", ")
        );
    } else {
        emit_macro(&root, 2, &mut body);
    }
    let mut body = body.trim_end().trim_end_matches(',').to_string();
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
        _ if typed || xml.is_some() => "*",
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
    if args[0] == "mixed" {
        board.push_str("        blackboard { n: u32 }\n");
    }
    if xml.is_some() {
        // After `nodes { .. }` in an XML invocation.
        body = format!("{body}\n{board}");
        board.clear();
    }
    let body = body.trim_end();
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
    let cmd = format!("bt-gen {}", env::args().skip(1).collect::<Vec<_>>().join(" "));
    let uses = match (hand, uses.as_str()) {
        (true, _) => "#[allow(unused_imports)]\nuse super::*;\nuse bt::{StatefulAction, Status};".to_string(),
        (false, "*") => "#[allow(unused_imports)]\nuse super::*;".to_string(),
        (false, _) => format!("use super::{uses};"),
    };
    let tree = match hand {
        true => {
            if typed || xml.is_some() || args[0] == "blackboard" {
                eprintln!("bt-gen: --hand writes the memory, wide, deep, reactive and npc trees");
                exit(2)
            }
            emit_hand(&root, name)
        }
        false => format!(
            "bt::behavior_tree! {{\n    \
                 /// Generated benchmark tree ({nodes} nodes, {leaves} leaves, depth {depth}).\n    \
                 pub tree {name} for BigWorld {{\n\
             {board}{body}\n    \
                 }}\n\
             }}\n",
            leaves = g.leaves,
        ),
    };
    let mut out = String::new();
    let _ = write!(
        out,
        "// @generated by benches/gen/gen.rs (`{cmd}`); do not edit.\n\
         // Regenerate every bench tree with `bash benches/gen/regen.sh`.\n\
         \n\
         {doc}\n\
         \n\
         {uses}\n\
         \n\
         {tree}\
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
        leaves = g.leaves,
        flags = g.flags,
    );
    print!("{out}");
}
