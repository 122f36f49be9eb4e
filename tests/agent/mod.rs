//! Scripted leaves on an agent with a clock, guard tokens and a generator: the context of the
//! NodeCanvas, observer-abort and randomness tests.
//!
//! Like `tests/common` (whose strict harness this follows): a test queues, per leaf, the answers
//! it gives ([`Agent::script`]), ticks the tree and checks the status and the exact calls
//! ([`expect_tick`], [`expect_halt`]). `Condition(Cond<ID>)` logs `Check(ID)`, `Action(Act<ID>)`
//! logs `Exec(ID)`, `StatefulAction(Task<ID>)` logs `OnStart(ID)`, `OnRunning(ID)` and, when
//! halted, `OnHalted(ID)` (and checks the stateful contract). When an `Agent` is dropped at the
//! end of a passing test, every scripted answer must have been used and every call checked.
//!
//! The agent is also a [`bt::Clock`] (a [`ManualClock`] only the test moves), holds two
//! [`GuardToken`]s (`door`, `arms`) that every tree ticked with it shares, and is a [`bt::Rng`]
//! that counts its draws, for trees declared `rng = context`.

#![allow(dead_code)]

use std::cell::RefCell;
use std::collections::VecDeque;
use std::time::Duration;

use bt::{
    BehaviorTree, Clock, Condition, GuardToken, ManualClock, Outcome, Rng, SmallRng,
    StatefulAction, Status, SyncAction,
};

/// Leaf ids are `0..LEAVES`.
pub const LEAVES: usize = 8;

/// One call a leaf received.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Call {
    Check(usize),
    Exec(usize),
    OnStart(usize),
    OnRunning(usize),
    OnHalted(usize),
}

pub use Call::*;

/// The context: scripts and call log, a clock, guard tokens, a generator.
pub struct Agent {
    inner: RefCell<Inner>,
    pub clock: ManualClock,
    pub door: GuardToken,
    pub arms: GuardToken,
    /// The generator of trees declared `rng = context`.
    pub rng: SmallRng,
    /// How many numbers those trees drew.
    pub draws: u32,
    /// The agent's pet: the context of subtrees run with `agent = |agent| &mut agent.pet`.
    pub pet: Pet,
}

/// A part of the agent with a type of its own.
#[derive(Default, Debug, PartialEq)]
pub struct Pet {
    pub barks: u32,
    pub sits: u32,
    pub halts: u32,
}

#[derive(Default)]
struct Inner {
    answers: [VecDeque<Status>; LEAVES],
    always: [Option<Status>; LEAVES],
    log: Vec<Call>,
}

impl Default for Agent {
    fn default() -> Self {
        Agent {
            inner: RefCell::default(),
            clock: ManualClock::new(),
            door: GuardToken::new(),
            arms: GuardToken::new(),
            rng: SmallRng::seed(1),
            draws: 0,
            pet: Pet::default(),
        }
    }
}

impl Agent {
    pub fn new() -> Self {
        Self::default()
    }

    /// Queues `answers` for leaf `leaf`, one per call.
    pub fn script(&mut self, leaf: usize, answers: &[Status]) {
        self.inner.get_mut().answers[leaf].extend(answers.iter().copied());
    }

    /// Leaf `leaf` answers `status` whenever its queue is empty (not checked at the end).
    pub fn always(&mut self, leaf: usize, status: Status) {
        self.inner.get_mut().always[leaf] = Some(status);
    }

    /// Drops the answers not used yet (for tests that script more than they use).
    pub fn forget_scripts(&mut self) {
        for answers in &mut self.inner.get_mut().answers {
            answers.clear();
        }
    }

    /// Moves the clock forward.
    pub fn advance_ms(&mut self, ms: u64) {
        self.clock.advance_ms(ms);
    }

    /// The calls received since the last `take_log`.
    pub fn take_log(&mut self) -> Vec<Call> {
        std::mem::take(&mut self.inner.get_mut().log)
    }

    fn log(&self, call: Call) {
        self.inner.borrow_mut().log.push(call);
    }

    fn answer(&self, call: Call, leaf: usize) -> Status {
        let mut inner = self.inner.borrow_mut();
        inner.log.push(call);
        match inner.answers[leaf].pop_front().or(inner.always[leaf]) {
            Some(status) => status,
            None => panic!(
                "unexpected call {call:?}: leaf {leaf} has no scripted answer left (calls so far: {:?})",
                inner.log
            ),
        }
    }
}

impl Drop for Agent {
    fn drop(&mut self) {
        if std::thread::panicking() {
            return;
        }
        let inner = self.inner.get_mut();
        for (leaf, left) in inner.answers.iter().enumerate() {
            assert!(
                left.is_empty(),
                "leaf {leaf} was never asked for its scripted answers {left:?}"
            );
        }
        assert!(
            inner.log.is_empty(),
            "calls left unchecked at the end of the test: {:?}",
            inner.log
        );
    }
}

impl Clock for Agent {
    fn now(&self) -> Duration {
        self.clock.now()
    }
}

impl Rng for Agent {
    fn next_u32(&mut self) -> u32 {
        self.draws += 1;
        self.rng.next_u32()
    }
}

fn outcome(call: Call, status: Status) -> bool {
    match status {
        Status::Success => true,
        Status::Failure => false,
        other => panic!("{call:?} was scripted to answer {other:?}, which it cannot"),
    }
}

/// `Condition(Cond<ID>)`.
#[derive(Default)]
pub struct Cond<const ID: usize>;

impl<const ID: usize> Condition<Agent> for Cond<ID> {
    fn check(&mut self, agent: &Agent) -> bool {
        let call = Check(ID);
        outcome(call, agent.answer(call, ID))
    }
}

/// `Action(Act<ID>)`.
#[derive(Default)]
pub struct Act<const ID: usize>;

impl<const ID: usize> SyncAction<Agent> for Act<ID> {
    fn execute(&mut self, agent: &mut Agent) -> Outcome {
        let call = Exec(ID);
        outcome(call, agent.answer(call, ID)).into()
    }
}

/// `StatefulAction(Task<ID>)`: any status; checks the stateful contract.
#[derive(Default)]
pub struct Task<const ID: usize> {
    running: bool,
}

impl<const ID: usize> StatefulAction<Agent> for Task<ID> {
    fn on_start(&mut self, agent: &mut Agent) -> Status {
        assert!(!self.running, "Task<{ID}>: on_start while running");
        let status = agent.answer(OnStart(ID), ID);
        self.running = status == Status::Running;
        status
    }

    fn on_running(&mut self, agent: &mut Agent) -> Status {
        assert!(self.running, "Task<{ID}>: on_running while not running");
        let status = agent.answer(OnRunning(ID), ID);
        self.running = status == Status::Running;
        status
    }

    fn on_halted(&mut self, agent: &mut Agent) {
        assert!(self.running, "Task<{ID}>: on_halted while not running");
        self.running = false;
        agent.log(OnHalted(ID));
    }
}

/// Ticks `tree` once and checks its status (also through `status()`) and the exact leaf calls.
#[track_caller]
pub fn expect_tick<T: BehaviorTree<Context = Agent>>(
    tree: &mut T,
    agent: &mut Agent,
    status: Status,
    calls: &[Call],
) {
    let got = tree.tick(agent);
    let log = agent.take_log();
    assert_eq!(
        (got, log.as_slice()),
        (status, calls),
        "tick: (status, calls) differ"
    );
    assert_eq!(tree.status(), Some(status), "status() after the tick");
}

/// Halts `tree` and checks the exact leaf calls (the `OnHalted`s).
#[track_caller]
pub fn expect_halt<T: BehaviorTree<Context = Agent>>(
    tree: &mut T,
    agent: &mut Agent,
    calls: &[Call],
) {
    tree.halt(agent);
    assert_eq!(agent.take_log(), calls, "halt: calls differ");
    assert_eq!(tree.status(), None, "status() after a halt");
}
