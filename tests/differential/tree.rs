//! The tree description shared by the generator (`gen/`) and the differential test.
//!
//! A tree is written twice in the generated files: as `behavior_tree!` DSL (compiled by the
//! library) and as a compact *description* string that [`parse`] turns back into a [`Node`]
//! (interpreted by `reference.rs`). Both are printed from the same [`Node`] by this module, so
//! they cannot disagree.
//!
//! Description grammar (no spaces):
//!
//! ```text
//! node     := name ( "(" node ( "," node )* ")" )?
//! name     := Seq | MSeq | Swm | Star | RSeq | Fb | MPri | RFb      composites (1+ children)
//!           | Inv | FS | FF | Keep | Once | OnceT | OnceK            decorators (1 child)
//!           | Rep<n> | RepF | Ret<n> | RetF                         counted decorators
//!           | c<id> | a<id> | t<id> | S | F                           leaves
//! id       := digits ( "e" | "l" )?                                   leaf form
//! ```
//!
//! `c<id>` is `Condition(Cond<id>)`, `a<id>` `Action(Act<id>)`, `t<id>` `StatefulAction(Task<id>)`,
//! `S`/`F` `AlwaysSuccess`/`AlwaysFailure`; a leaf id may end in `e` (`Cond<id> = Cond::<id>`)
//! or, for conditions and actions, `l` (an inline closure `|ctx| ctx.check(id)`), see [`LeafForm`]. `Rep3` is `Repeat(3)`, `RetF` is
//! `RetryUntilSuccessful(forever)`. `Once` is `RunOnce`, `OnceT` `RunOnce(then_skip = true)`,
//! `OnceK` `RunOnce(then_skip = false)`.
//!
//! Adding a node kind: add a variant, its description name in [`Node::desc_name`] / [`parse`],
//! its DSL in [`Node::write_dsl`], and its `kind` string in [`Node::dsl_kind`].

#![allow(dead_code)]

use std::fmt::Write as _;

/// A composite, as spelled in the DSL (aliases are kept so the generator exercises them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Composite {
    Sequence,
    MemSequence,
    SequenceWithMemory,
    SequenceStar,
    ReactiveSequence,
    Fallback,
    MemPriority,
    ReactiveFallback,
}

/// The rule a composite follows (aliases share a rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    Sequence,
    SequenceWithMemory,
    ReactiveSequence,
    Fallback,
    ReactiveFallback,
}

impl Composite {
    pub const ALL: [Composite; 8] = [
        Composite::Sequence,
        Composite::MemSequence,
        Composite::SequenceWithMemory,
        Composite::SequenceStar,
        Composite::ReactiveSequence,
        Composite::Fallback,
        Composite::MemPriority,
        Composite::ReactiveFallback,
    ];

    pub fn rule(self) -> Rule {
        match self {
            Composite::Sequence | Composite::MemSequence => Rule::Sequence,
            Composite::SequenceWithMemory | Composite::SequenceStar => Rule::SequenceWithMemory,
            Composite::ReactiveSequence => Rule::ReactiveSequence,
            Composite::Fallback | Composite::MemPriority => Rule::Fallback,
            Composite::ReactiveFallback => Rule::ReactiveFallback,
        }
    }

    pub fn dsl(self) -> &'static str {
        match self {
            Composite::Sequence => "Sequence",
            Composite::MemSequence => "MemSequence",
            Composite::SequenceWithMemory => "SequenceWithMemory",
            Composite::SequenceStar => "SequenceStar",
            Composite::ReactiveSequence => "ReactiveSequence",
            Composite::Fallback => "Fallback",
            Composite::MemPriority => "MemPriority",
            Composite::ReactiveFallback => "ReactiveFallback",
        }
    }

    pub fn desc(self) -> &'static str {
        match self {
            Composite::Sequence => "Seq",
            Composite::MemSequence => "MSeq",
            Composite::SequenceWithMemory => "Swm",
            Composite::SequenceStar => "Star",
            Composite::ReactiveSequence => "RSeq",
            Composite::Fallback => "Fb",
            Composite::MemPriority => "MPri",
            Composite::ReactiveFallback => "RFb",
        }
    }
}

/// A set of statuses (see [`Node::outcomes`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcomes(u8);

impl Outcomes {
    pub const NONE: Outcomes = Outcomes(0);
    pub const RUNNING: Outcomes = Outcomes(1);
    pub const SUCCESS: Outcomes = Outcomes(2);
    pub const FAILURE: Outcomes = Outcomes(4);
    pub const SKIPPED: Outcomes = Outcomes(8);

    pub fn has(self, other: Outcomes) -> bool {
        self.0 & other.0 == other.0
    }
}

impl std::ops::BitOr for Outcomes {
    type Output = Outcomes;
    fn bitor(self, other: Outcomes) -> Outcomes {
        Outcomes(self.0 | other.0)
    }
}

impl std::ops::BitAnd for Outcomes {
    type Output = Outcomes;
    fn bitand(self, other: Outcomes) -> Outcomes {
        Outcomes(self.0 & other.0)
    }
}

/// `Repeat` / `RetryUntilSuccessful` bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Count {
    Times(u32),
    Forever,
}

/// How a `RunOnce` is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RunOnceForm {
    /// `RunOnce` (then_skip = true by default).
    Default,
    /// `RunOnce(then_skip = true)`.
    ThenSkip,
    /// `RunOnce(then_skip = false)`.
    KeepStatus,
}

impl RunOnceForm {
    pub fn then_skip(self) -> bool {
        !matches!(self, RunOnceForm::KeepStatus)
    }
}

/// How a leaf is written; the leaf behaves the same in every form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LeafForm {
    /// `Condition(Cond<3>)`; description `c3`.
    Type,
    /// `Condition(Cond<3> = Cond::<3>)`, built with an expression; description `c3e`.
    Init,
    /// `Condition(|ctx| ctx.check(3))`, `Action(|ctx| ctx.exec(3))`: an inline closure;
    /// description `c3l`. Not for stateful actions.
    Inline,
}

impl LeafForm {
    fn suffix(self) -> &'static str {
        match self {
            LeafForm::Type => "",
            LeafForm::Init => "e",
            LeafForm::Inline => "l",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Node {
    Composite(Composite, Vec<Node>),
    Inverter(Box<Node>),
    ForceSuccess(Box<Node>),
    ForceFailure(Box<Node>),
    Repeat(Count, Box<Node>),
    Retry(Count, Box<Node>),
    KeepRunningUntilFailure(Box<Node>),
    RunOnce(RunOnceForm, Box<Node>),
    /// `Condition(Cond<id>)` (or another [`LeafForm`]).
    Condition(usize, LeafForm),
    /// `Action(Act<id>)` (or another [`LeafForm`]).
    Action(usize, LeafForm),
    /// `StatefulAction(Task<id>)` (or `Task<id> = Task::<id>`; never a closure).
    Stateful(usize, LeafForm),
    AlwaysSuccess,
    AlwaysFailure,
}

impl Node {
    /// The node's children (empty for a leaf).
    pub fn children(&self) -> Vec<&Node> {
        match self {
            Node::Composite(_, children) => children.iter().collect(),
            Node::Inverter(c)
            | Node::ForceSuccess(c)
            | Node::ForceFailure(c)
            | Node::Repeat(_, c)
            | Node::Retry(_, c)
            | Node::KeepRunningUntilFailure(c)
            | Node::RunOnce(_, c) => vec![&**c],
            _ => Vec::new(),
        }
    }

    /// Number of nodes in the tree.
    pub fn size(&self) -> usize {
        1 + self.children().iter().map(|c| c.size()).sum::<usize>()
    }

    /// Depth of the tree (a leaf has depth 1).
    pub fn depth(&self) -> usize {
        1 + self.children().iter().map(|c| c.depth()).max().unwrap_or(0)
    }

    /// The node kind as written in the DSL (what `NodeInfo::kind` reports).
    pub fn dsl_kind(&self) -> &'static str {
        match self {
            Node::Composite(kind, _) => kind.dsl(),
            Node::Inverter(_) => "Inverter",
            Node::ForceSuccess(_) => "ForceSuccess",
            Node::ForceFailure(_) => "ForceFailure",
            Node::Repeat(..) => "Repeat",
            Node::Retry(..) => "RetryUntilSuccessful",
            Node::KeepRunningUntilFailure(_) => "KeepRunningUntilFailure",
            Node::RunOnce(..) => "RunOnce",
            Node::Condition(..) => "Condition",
            Node::Action(..) => "Action",
            Node::Stateful(..) => "StatefulAction",
            Node::AlwaysSuccess => "AlwaysSuccess",
            Node::AlwaysFailure => "AlwaysFailure",
        }
    }

    /// The nodes in pre-order with their parent's pre-order index (ids as in `NodeInfo`).
    pub fn preorder(&self) -> Vec<(&Node, Option<usize>)> {
        fn walk<'a>(
            node: &'a Node,
            parent: Option<usize>,
            out: &mut Vec<(&'a Node, Option<usize>)>,
        ) {
            let me = out.len();
            out.push((node, parent));
            for child in node.children() {
                walk(child, Some(me), out);
            }
        }
        let mut out = Vec::new();
        walk(self, None, &mut out);
        out
    }

    /// The statuses this node can possibly answer, as a set over
    /// `[Running, Success, Failure, Skipped]` (a static over-approximation, used by the generator
    /// to avoid dead branches and by the checks to measure them).
    pub fn outcomes(&self) -> Outcomes {
        const R: Outcomes = Outcomes::RUNNING;
        const S: Outcomes = Outcomes::SUCCESS;
        const F: Outcomes = Outcomes::FAILURE;
        const K: Outcomes = Outcomes::SKIPPED;
        let child = || self.children()[0].outcomes();
        let swap = |c: Outcomes, on_s: Outcomes, on_f: Outcomes| {
            let mut out = c & (R | K);
            if c.has(S) {
                out = out | on_s;
            }
            if c.has(F) {
                out = out | on_f;
            }
            out
        };
        match self {
            Node::Composite(kind, children) => {
                let sequence = matches!(
                    kind.rule(),
                    Rule::Sequence | Rule::SequenceWithMemory | Rule::ReactiveSequence
                );
                let (go, stop) = if sequence { (S, F) } else { (F, S) };
                let mut out = Outcomes::NONE;
                for c in children {
                    let o = c.outcomes();
                    out = out | (o & (stop | R));
                    if !o.has(go) && !o.has(K) {
                        return out;
                    }
                }
                out = out | go;
                if children.iter().all(|c| c.outcomes().has(K)) {
                    out = out | K;
                }
                out
            }
            Node::Inverter(_) => swap(child(), F, S),
            Node::ForceSuccess(_) => swap(child(), S, S),
            Node::ForceFailure(_) => swap(child(), F, F),
            Node::Repeat(Count::Times(0), _) => S,
            Node::Retry(Count::Times(0), _) => F,
            Node::Repeat(n, _) => {
                let c = child();
                let mut out = c & (F | K | R);
                if c.has(S) {
                    out = out | R;
                    if *n != Count::Forever {
                        out = out | S;
                    }
                }
                out
            }
            Node::Retry(n, _) => {
                let c = child();
                let mut out = c & (S | K | R);
                if c.has(F) {
                    out = out | R;
                    if *n != Count::Forever {
                        out = out | F;
                    }
                }
                out
            }
            Node::KeepRunningUntilFailure(_) => {
                let c = child();
                let mut out = c & F;
                if c.has(S) || c.has(K) || c.has(R) {
                    out = out | R;
                }
                out
            }
            Node::RunOnce(form, _) => {
                if form.then_skip() {
                    child() | K
                } else {
                    child()
                }
            }
            Node::Condition(..) | Node::Action(..) => S | F,
            Node::Stateful(..) => R | S | F | K,
            Node::AlwaysSuccess => S,
            Node::AlwaysFailure => F,
        }
    }

    /// Leaves (with an id) that no tick can reach, whatever the leaves answer: behind a
    /// `Repeat(0)`/`RetryUntilSuccessful(0)`, or behind a sibling that can never let its
    /// composite go on.
    pub fn dead_leaves(&self) -> u64 {
        fn walk(node: &Node, live: bool, dead: &mut u64) {
            match node {
                Node::Condition(..) | Node::Action(..) | Node::Stateful(..) => {
                    *dead += u64::from(!live);
                }
                Node::Repeat(Count::Times(0), c) | Node::Retry(Count::Times(0), c) => {
                    walk(c, false, dead)
                }
                Node::Composite(kind, children) => {
                    let go = match kind.rule() {
                        Rule::Fallback | Rule::ReactiveFallback => Outcomes::FAILURE,
                        _ => Outcomes::SUCCESS,
                    };
                    let mut live = live;
                    for c in children {
                        walk(c, live, dead);
                        let o = c.outcomes();
                        live &= o.has(go) || o.has(Outcomes::SKIPPED);
                    }
                }
                other => {
                    for c in other.children() {
                        walk(c, live, dead);
                    }
                }
            }
        }
        let mut dead = 0;
        walk(self, true, &mut dead);
        dead
    }

    /// Number of leaves with an id (conditions, actions, stateful actions).
    pub fn leaf_ids(&self) -> u64 {
        let mine = matches!(
            self,
            Node::Condition(..) | Node::Action(..) | Node::Stateful(..)
        );
        mine as u64 + self.children().iter().map(|c| c.leaf_ids()).sum::<u64>()
    }

    /// True if the tree holds a node whose memory survives a halt (SequenceWithMemory, RunOnce).
    pub fn has_halt_memory(&self) -> bool {
        matches!(
            self,
            Node::Composite(Composite::SequenceWithMemory | Composite::SequenceStar, _)
                | Node::RunOnce(..)
        ) || self.children().iter().any(|c| c.has_halt_memory())
    }

    fn desc_name(&self) -> String {
        let count = |prefix: &str, count: &Count| match count {
            Count::Times(n) => format!("{prefix}{n}"),
            Count::Forever => format!("{prefix}F"),
        };
        match self {
            Node::Composite(kind, _) => kind.desc().to_string(),
            Node::Inverter(_) => "Inv".into(),
            Node::ForceSuccess(_) => "FS".into(),
            Node::ForceFailure(_) => "FF".into(),
            Node::Repeat(n, _) => count("Rep", n),
            Node::Retry(n, _) => count("Ret", n),
            Node::KeepRunningUntilFailure(_) => "Keep".into(),
            Node::RunOnce(RunOnceForm::Default, _) => "Once".into(),
            Node::RunOnce(RunOnceForm::ThenSkip, _) => "OnceT".into(),
            Node::RunOnce(RunOnceForm::KeepStatus, _) => "OnceK".into(),
            Node::Condition(id, form) => format!("c{id}{}", form.suffix()),
            Node::Action(id, form) => format!("a{id}{}", form.suffix()),
            Node::Stateful(id, form) => format!("t{id}{}", form.suffix()),
            Node::AlwaysSuccess => "S".into(),
            Node::AlwaysFailure => "F".into(),
        }
    }

    /// The compact description ([`parse`] reads it back).
    pub fn to_desc(&self) -> String {
        let mut out = self.desc_name();
        let children = self.children();
        if !children.is_empty() {
            out.push('(');
            for (i, child) in children.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&child.to_desc());
            }
            out.push(')');
        }
        out
    }

    /// The `behavior_tree!` body for this tree, indented by `indent` levels of four spaces.
    pub fn to_dsl(&self, indent: usize) -> String {
        let mut out = String::new();
        self.write_dsl(indent, &mut out);
        out
    }

    fn write_dsl(&self, indent: usize, out: &mut String) {
        let pad = "    ".repeat(indent);
        let count = |n: &Count| match n {
            Count::Times(n) => n.to_string(),
            Count::Forever => "forever".to_string(),
        };
        let head = match self {
            Node::Composite(kind, _) => kind.dsl().to_string(),
            Node::Repeat(n, _) => format!("Repeat({})", count(n)),
            Node::Retry(n, _) => format!("RetryUntilSuccessful({})", count(n)),
            Node::RunOnce(RunOnceForm::Default, _) => "RunOnce".into(),
            Node::RunOnce(RunOnceForm::ThenSkip, _) => "RunOnce(then_skip = true)".into(),
            Node::RunOnce(RunOnceForm::KeepStatus, _) => "RunOnce(then_skip = false)".into(),
            Node::Condition(id, LeafForm::Type) => format!("Condition(Cond<{id}>)"),
            Node::Condition(id, LeafForm::Init) => format!("Condition(Cond<{id}> = Cond::<{id}>)"),
            Node::Condition(id, LeafForm::Inline) => format!("Condition(|ctx| ctx.check({id}))"),
            Node::Action(id, LeafForm::Type) => format!("Action(Act<{id}>)"),
            Node::Action(id, LeafForm::Init) => format!("Action(Act<{id}> = Act::<{id}>)"),
            Node::Action(id, LeafForm::Inline) => format!("Action(|ctx| ctx.exec({id}))"),
            Node::Stateful(id, LeafForm::Init) => {
                format!("StatefulAction(Task<{id}> = Task::<{id}>)")
            }
            Node::Stateful(id, _) => format!("StatefulAction(Task<{id}>)"),
            other => other.dsl_kind().to_string(),
        };
        let children = self.children();
        if children.is_empty() {
            let _ = writeln!(out, "{pad}{head},");
        } else {
            let _ = writeln!(out, "{pad}{head} {{");
            for child in children {
                child.write_dsl(indent + 1, out);
            }
            let _ = writeln!(out, "{pad}}},");
        }
    }
}

/// Reads a description written by [`Node::to_desc`].
pub fn parse(desc: &str) -> Result<Node, String> {
    let mut parser = Parser {
        text: desc.as_bytes(),
        pos: 0,
    };
    let node = parser.node()?;
    if parser.pos != desc.len() {
        return Err(format!("trailing text at {} in {desc:?}", parser.pos));
    }
    Ok(node)
}

struct Parser<'a> {
    text: &'a [u8],
    pos: usize,
}

impl Parser<'_> {
    fn node(&mut self) -> Result<Node, String> {
        let start = self.pos;
        while self.pos < self.text.len() && self.text[self.pos].is_ascii_alphanumeric() {
            self.pos += 1;
        }
        let name = std::str::from_utf8(&self.text[start..self.pos]).unwrap();
        if name.is_empty() {
            return Err(format!("expected a node name at {start}"));
        }
        let mut children = Vec::new();
        if self.text.get(self.pos) == Some(&b'(') {
            self.pos += 1;
            loop {
                children.push(self.node()?);
                match self.text.get(self.pos) {
                    Some(b',') => self.pos += 1,
                    Some(b')') => {
                        self.pos += 1;
                        break;
                    }
                    _ => return Err(format!("expected ',' or ')' at {}", self.pos)),
                }
            }
        }
        build(name, children)
    }
}

fn build(name: &str, mut children: Vec<Node>) -> Result<Node, String> {
    let leaf = |node: Node, children: &Vec<Node>| {
        if children.is_empty() {
            Ok(node)
        } else {
            Err(format!("leaf {name} has children"))
        }
    };
    let one = |children: &mut Vec<Node>| {
        if children.len() == 1 {
            Ok(Box::new(children.pop().unwrap()))
        } else {
            Err(format!("decorator {name} needs exactly one child"))
        }
    };
    let number = |rest: &str| -> Result<usize, String> {
        rest.parse().map_err(|_| format!("bad node name {name:?}"))
    };
    let leaf_id = |rest: &str| -> Result<(usize, LeafForm), String> {
        if let Some(id) = rest.strip_suffix('e') {
            Ok((number(id)?, LeafForm::Init))
        } else if let Some(id) = rest.strip_suffix('l') {
            Ok((number(id)?, LeafForm::Inline))
        } else {
            Ok((number(rest)?, LeafForm::Type))
        }
    };
    let count = |rest: &str| -> Result<Count, String> {
        if rest == "F" {
            Ok(Count::Forever)
        } else {
            Ok(Count::Times(number(rest)? as u32))
        }
    };
    if let Some(kind) = Composite::ALL.iter().find(|k| k.desc() == name) {
        if children.is_empty() {
            return Err(format!("composite {name} needs children"));
        }
        return Ok(Node::Composite(*kind, children));
    }
    Ok(match name {
        "Inv" => Node::Inverter(one(&mut children)?),
        "FS" => Node::ForceSuccess(one(&mut children)?),
        "FF" => Node::ForceFailure(one(&mut children)?),
        "Keep" => Node::KeepRunningUntilFailure(one(&mut children)?),
        "Once" => Node::RunOnce(RunOnceForm::Default, one(&mut children)?),
        "OnceT" => Node::RunOnce(RunOnceForm::ThenSkip, one(&mut children)?),
        "OnceK" => Node::RunOnce(RunOnceForm::KeepStatus, one(&mut children)?),
        "S" => leaf(Node::AlwaysSuccess, &children)?,
        "F" => leaf(Node::AlwaysFailure, &children)?,
        _ if name.starts_with("Rep") => Node::Repeat(count(&name[3..])?, one(&mut children)?),
        _ if name.starts_with("Ret") => Node::Retry(count(&name[3..])?, one(&mut children)?),
        _ if name.starts_with('c') => {
            let (id, form) = leaf_id(&name[1..])?;
            leaf(Node::Condition(id, form), &children)?
        }
        _ if name.starts_with('a') => {
            let (id, form) = leaf_id(&name[1..])?;
            leaf(Node::Action(id, form), &children)?
        }
        _ if name.starts_with('t') => match leaf_id(&name[1..])? {
            (_, LeafForm::Inline) => {
                return Err(format!("{name}: a stateful action is no closure"))
            }
            (id, form) => leaf(Node::Stateful(id, form), &children)?,
        },
        _ => return Err(format!("unknown node name {name:?}")),
    })
}
