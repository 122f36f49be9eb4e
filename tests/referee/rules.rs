//! The named rules: where we differ from BehaviorTree.CPP by a documented decision, and how the
//! harness recognises that a step's difference is that decision and nothing else.

use bt::{NodeInfo, Status};

use crate::harness::Event;

/// A documented difference (`/work/shared/spec/decisions.md`; the guide's table "Where we
/// differ from BehaviorTree.CPP, and why").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {}

pub const ALL: &[Rule] = &[];

/// What the rules need to know about the run so far: each node's last answer.
pub struct Tracker {
    nodes: &'static [NodeInfo],
    last: Vec<Option<Status>>,
}

impl Tracker {
    pub fn new(nodes: &'static [NodeInfo]) -> Tracker {
        Tracker { nodes, last: vec![None; nodes.len()] }
    }

    /// The rule that explains a step that differs, if one does.
    pub fn explain(&self, events: &[Event], halt: bool) -> Option<Rule> {
        let _ = (events, halt, self.nodes);
        None
    }

    pub fn after_step(&mut self, events: &[Event], halt: bool) {
        if halt {
            self.last.iter_mut().for_each(|s| *s = None);
        }
        for event in events {
            match *event {
                Event::Status(node, status) => self.last[node] = Some(status),
                Event::Halted(node) => self.last[node] = None,
            }
        }
    }
}
