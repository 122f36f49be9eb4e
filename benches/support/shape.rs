//! Reads a generated tree's `SHAPE` (format: `benches/gen/gen.rs`) so that the run-time
//! implementations (`Box<dyn Node>`, bonsai-bt, behavior-tree-lite) build the very same tree.

use bt::{Condition, StatefulAction, Status, SyncAction};

use crate::trees::BigWorld;

/// A node of a generated tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Spec {
    Sequence(Vec<Spec>),
    Fallback(Vec<Spec>),
    ReactiveSequence(Vec<Spec>),
    ReactiveFallback(Vec<Spec>),
    Inverter(Box<Spec>),
    Condition(u32),
    Action(u32),
    Task(u32),
    Work(u32),
}

impl Spec {
    /// Number of nodes.
    pub fn nodes(&self) -> usize {
        match self {
            Spec::Sequence(c)
            | Spec::Fallback(c)
            | Spec::ReactiveSequence(c)
            | Spec::ReactiveFallback(c) => 1 + c.iter().map(Spec::nodes).sum::<usize>(),
            Spec::Inverter(c) => 1 + c.nodes(),
            _ => 1,
        }
    }
}

/// Parses a `SHAPE` string.
pub fn parse(shape: &str) -> Spec {
    let mut tokens = tokens(shape).into_iter().peekable();
    let spec = node(&mut tokens);
    assert!(tokens.next().is_none(), "trailing input in shape");
    spec
}

/// `S(`, `)` and leaves (`c12`); spaces separate leaves, nothing else is needed.
fn tokens(shape: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, ch) in shape.char_indices() {
        match ch {
            '(' => {
                out.push(&shape[start.take().expect("a kind before '('")..=i]);
            }
            ')' | ' ' => {
                if let Some(s) = start.take() {
                    out.push(&shape[s..i]);
                }
                if ch == ')' {
                    out.push(")");
                }
            }
            _ => {
                start.get_or_insert(i);
            }
        }
    }
    if let Some(s) = start {
        out.push(&shape[s..]);
    }
    out
}

fn node<'a>(tokens: &mut std::iter::Peekable<impl Iterator<Item = &'a str>>) -> Spec {
    let token = tokens.next().expect("unexpected end of shape");
    let children = |tokens: &mut std::iter::Peekable<_>| {
        let mut children = Vec::new();
        while tokens.peek() != Some(&")") {
            children.push(node(tokens));
        }
        tokens.next();
        children
    };
    match token {
        "S(" => Spec::Sequence(children(tokens)),
        "F(" => Spec::Fallback(children(tokens)),
        "R(" => Spec::ReactiveSequence(children(tokens)),
        "Q(" => Spec::ReactiveFallback(children(tokens)),
        "I(" => {
            let mut c = children(tokens);
            assert_eq!(c.len(), 1, "an inverter has one child");
            Spec::Inverter(Box::new(c.remove(0)))
        }
        leaf => {
            let id: u32 = leaf[1..].parse().expect("leaf id");
            match &leaf[..1] {
                "c" => Spec::Condition(id),
                "a" => Spec::Action(id),
                "t" => Spec::Task(id),
                "w" => Spec::Work(id),
                other => panic!("unknown shape token {other:?}"),
            }
        }
    }
}

/// Condition leaf `id` of a generated tree, as a type (for the run-time trees).
#[derive(Clone, Copy, Debug)]
pub struct BigCond(pub u32);

impl Condition<BigWorld> for BigCond {
    #[inline]
    fn check(&mut self, w: &BigWorld) -> bool {
        w.cond(self.0)
    }
}

/// Task `id` of a generated tree, as a value (the run-time trees' `Task<ID>`).
#[derive(Clone, Copy, Debug)]
pub struct BigTask(pub u32);

impl StatefulAction<BigWorld> for BigTask {
    #[inline]
    fn on_start(&mut self, w: &mut BigWorld) -> Status {
        w.task(self.0)
    }
    #[inline]
    fn on_running(&mut self, w: &mut BigWorld) -> Status {
        w.task(self.0)
    }
    fn on_halted(&mut self, w: &mut BigWorld) {
        w.task_halted(self.0);
    }
}

/// Action leaf `id` of a generated tree, as a type.
#[derive(Clone, Copy, Debug)]
pub struct BigAct(pub u32);

impl SyncAction<BigWorld> for BigAct {
    #[inline]
    fn execute(&mut self, w: &mut BigWorld) -> bt::Outcome {
        w.act(self.0).into()
    }
}
