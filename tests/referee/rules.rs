//! The named rules: where we differ from BehaviorTree.CPP on purpose, and how the harness
//! recognises that a step which differs is that difference and nothing else.
//!
//! A rule explains a step only when our own run of that step shows the situation the rule is
//! about (read from the tree's observer events and its `NODES`). Then the tree's run ends there:
//! the two sides have parted and what follows is not comparable. Every rule is a row of the
//! guide's table "Where we differ from BehaviorTree.CPP, and why" (`src/lib.rs`), with a test
//! pinning our side in `tests/behaviour/btcpp_differences.rs`.

use bt::{NodeInfo, Status};

use crate::harness::Event;

/// A documented difference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Decision 2: our `SequenceWithMemory` goes on to its next child in the same tick when a
    /// child that was not running completes with Success; BehaviorTree.CPP's (in a tree built by
    /// its factory) returns RUNNING there and goes on at the next tick.
    SequenceWithMemoryDoesNotYield,
    /// Decision 1: a `Repeat` whose running child succeeds, or a `RetryUntilSuccessful` whose
    /// running child fails, answers Running and restarts the child at the next tick;
    /// BehaviorTree.CPP restarts it in the same tick.
    LoopRestartsAtTheNextTick,
    /// Our `halt` runs `#[on_halted]` (`_onHalted`) of the nodes it halts, which are the running
    /// ones; BehaviorTree.CPP's `haltTree` runs the `_onHalted` script of every node, idle or
    /// not, and the root's twice.
    HaltRunsOnHaltedOfRunningNodesOnly,
}

/// Every rule, in the order of the guide's table.
pub const ALL: &[Rule] = &[
    Rule::SequenceWithMemoryDoesNotYield,
    Rule::LoopRestartsAtTheNextTick,
    Rule::HaltRunsOnHaltedOfRunningNodesOnly,
];

/// What the rules need to know about the run so far: each node's last answer (`None` when idle:
/// never ticked, or halted).
pub struct Tracker {
    nodes: &'static [NodeInfo],
    last: Vec<Option<Status>>,
}

/// One step that differs: what the harness gives the rules.
pub struct Step<'a> {
    /// The tree's observer events of the step.
    pub events: &'a [Event],
    /// A halt of the whole tree (else a tick).
    pub halt: bool,
    /// BehaviorTree.CPP's line and ours (`step tick RUNNING | calls | entries`).
    pub golden: &'a str,
    pub ours: &'a str,
}

impl Tracker {
    pub fn new(nodes: &'static [NodeInfo]) -> Tracker {
        Tracker { nodes, last: vec![None; nodes.len()] }
    }

    fn parent(&self, node: usize) -> Option<usize> {
        self.nodes[node].parent
    }

    fn kind(&self, node: usize) -> &'static str {
        self.nodes[node].kind
    }

    fn was_running(&self, node: usize) -> bool {
        self.last[node] == Some(Status::Running)
    }

    /// The rule that explains a step that differs, if one does.
    pub fn explain(&self, step: &Step) -> Option<Rule> {
        if step.halt {
            return self.halt_runs_on_halted_of_running_nodes_only(step);
        }
        self.sequence_with_memory_does_not_yield(step.events)
            .or_else(|| self.loop_restarts_at_the_next_tick(step.events))
    }

    /// A child of a `SequenceWithMemory`, not running before the tick, answered Success, and a
    /// later sibling was ticked in the same tick.
    fn sequence_with_memory_does_not_yield(&self, events: &[Event]) -> Option<Rule> {
        for (i, event) in events.iter().enumerate() {
            let Event::Status(child, Status::Success) = *event else { continue };
            let Some(parent) = self.parent(child) else { continue };
            if self.kind(parent) != "SequenceWithMemory" || self.was_running(child) {
                continue;
            }
            let sibling_later = events[i + 1..].iter().any(|e| {
                matches!(*e, Event::Status(other, _) if other != child && self.parent(other) == Some(parent))
            });
            if sibling_later {
                return Some(Rule::SequenceWithMemoryDoesNotYield);
            }
        }
        None
    }

    /// A `Repeat` (`RetryUntilSuccessful`) answered Running in a tick in which its child, running
    /// before the tick, answered Success (Failure).
    fn loop_restarts_at_the_next_tick(&self, events: &[Event]) -> Option<Rule> {
        for event in events {
            let Event::Status(child, status) = *event else { continue };
            let Some(parent) = self.parent(child) else { continue };
            let again = match self.kind(parent) {
                "Repeat" => Status::Success,
                "RetryUntilSuccessful" => Status::Failure,
                _ => continue,
            };
            if status == again
                && self.was_running(child)
                && events.contains(&Event::Status(parent, Status::Running))
            {
                return Some(Rule::LoopRestartsAtTheNextTick);
            }
        }
        None
    }

    /// A halt that made the same calls and differs only in the entries, in a tree with an
    /// `_onHalted` script on a node our halt did not halt (an idle one), or on the root.
    fn halt_runs_on_halted_of_running_nodes_only(&self, step: &Step) -> Option<Rule> {
        let calls = |line: &str| line.split(" | ").nth(1).map(str::to_string);
        if calls(step.golden) != calls(step.ours) {
            return None;
        }
        let idle_hook = (0..self.nodes.len()).any(|node| {
            let hook = self.nodes[node].params.iter().any(|(name, _)| *name == "_onHalted");
            hook && (node == 0 || !step.events.contains(&Event::Halted(node)))
        });
        idle_hook.then_some(Rule::HaltRunsOnHaltedOfRunningNodesOnly)
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
