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
    /// Decision 3: a node that answered Skipped is idle; BehaviorTree.CPP keeps the RUNNING a
    /// control node or decorator set before its child was skipped, so a later reset halts it and
    /// runs its `_onHalted`.
    SkippedNodeIsIdle,
    /// Decision 5: a halt clears `Precondition`'s "child running" latch, so its next activation
    /// tests `if` again; BehaviorTree.CPP keeps the latch and ticks the child without testing.
    PreconditionTestsAgainAfterHalt,
    /// Decision 4: `#[post]` (`_post`) runs after a halt too, after `#[on_halted]`;
    /// BehaviorTree.CPP runs `_post` only after Success or Failure.
    PostRunsAfterHalt,
    /// Our `halt` runs `#[on_halted]` (`_onHalted`) of the nodes it halts, which are the running
    /// ones, once; BehaviorTree.CPP's `haltTree` halts the root and then every node again, so
    /// the `_onHalted` script of every node runs, idle or not, a running one's twice.
    HaltRunsOnHaltedOfRunningNodesOnce,
}

/// Every rule, in the order of the guide's table.
pub const ALL: &[Rule] = &[
    Rule::SequenceWithMemoryDoesNotYield,
    Rule::LoopRestartsAtTheNextTick,
    Rule::SkippedNodeIsIdle,
    Rule::PreconditionTestsAgainAfterHalt,
    Rule::PostRunsAfterHalt,
    Rule::HaltRunsOnHaltedOfRunningNodesOnce,
];

impl Rule {
    /// Whether the rule parts the two runs' states beyond the blackboard (a node's position or
    /// count), so that nothing after its step compares, even when the step itself looked the
    /// same on both sides. The others differ in the entries only, and only when their step does.
    pub fn parts_the_runs(self) -> bool {
        matches!(
            self,
            Rule::SequenceWithMemoryDoesNotYield
                | Rule::LoopRestartsAtTheNextTick
                | Rule::PreconditionTestsAgainAfterHalt
        )
    }
}

/// What the rules need to know about the run so far: each node's last answer (`None` when idle:
/// never ticked, or halted).
pub struct Tracker {
    nodes: &'static [NodeInfo],
    last: Vec<Option<Status>>,
    /// The `Precondition`s halted while their child ran, not ticked since: BehaviorTree.CPP's
    /// latch.
    latched: Vec<bool>,
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
        Tracker {
            nodes,
            last: vec![None; nodes.len()],
            latched: vec![false; nodes.len()],
        }
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

    /// The rules whose situation this step shows (our side's events). `differs`: the step's
    /// line is not BehaviorTree.CPP's; the rules that differ in the entries only are looked for
    /// then, and only when the calls are the same.
    pub fn situations(&self, step: &Step, differs: bool) -> Vec<Rule> {
        let mut rules = Vec::new();
        if !step.halt {
            rules.extend(self.sequence_with_memory_does_not_yield(step.events));
            rules.extend(self.loop_restarts_at_the_next_tick(step.events));
            let latched = |e: &Event| matches!(*e, Event::Status(n, _) if self.latched[n]);
            if step.events.iter().any(latched) {
                rules.push(Rule::PreconditionTestsAgainAfterHalt);
            }
        }
        let calls = |line: &str| line.split(" | ").nth(1).map(str::to_string);
        if differs && calls(step.golden) == calls(step.ours) {
            let has = |node: usize, attribute: &str| {
                self.nodes[node]
                    .params
                    .iter()
                    .any(|(name, _)| *name == attribute)
            };
            let nodes = 0..self.nodes.len();
            if !step.halt
                && nodes.clone().any(|n| {
                    has(n, "_onHalted")
                        && (self.last[n] == Some(Status::Skipped)
                            || step.events.contains(&Event::Status(n, Status::Skipped)))
                })
            {
                rules.push(Rule::SkippedNodeIsIdle);
            }
            if nodes
                .clone()
                .any(|n| has(n, "_post") && step.events.contains(&Event::Halted(n)))
            {
                rules.push(Rule::PostRunsAfterHalt);
            }
            if step.halt && nodes.clone().any(|n| has(n, "_onHalted")) {
                rules.push(Rule::HaltRunsOnHaltedOfRunningNodesOnce);
            }
        }
        rules
    }

    /// A child of a `SequenceWithMemory`, not running before the tick, answered Success, and a
    /// later sibling was ticked in the same tick.
    fn sequence_with_memory_does_not_yield(&self, events: &[Event]) -> Option<Rule> {
        for (i, event) in events.iter().enumerate() {
            let Event::Status(child, Status::Success) = *event else {
                continue;
            };
            let Some(parent) = self.parent(child) else {
                continue;
            };
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
            let Event::Status(child, status) = *event else {
                continue;
            };
            let Some(parent) = self.parent(child) else {
                continue;
            };
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

    pub fn after_step(&mut self, events: &[Event], halt: bool) {
        if halt {
            self.last.iter_mut().for_each(|s| *s = None);
        }
        for event in events {
            match *event {
                Event::Status(node, status) => {
                    self.last[node] = Some(status);
                    self.latched[node] = false;
                }
                Event::Halted(node) => {
                    self.last[node] = None;
                    self.latched[node] = self.kind(node) == "Precondition";
                }
            }
        }
    }
}
