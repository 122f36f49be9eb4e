//! The scripted leaves: `StatefulAction(Leaf<N>)`, `Condition(Cond<N>)` and `Action(Act<N>)`,
//! mapped in each tree's `nodes { .. }` from the XML IDs `LN`, `CN` and `AN`.
//!
//! Leaf `N` of a tree answers its `k`-th call (`on_start`, `on_running`, `check` or `execute`;
//! not `on_halted`) with the `k`-th letter of its script, cycling: the same script the recorder
//! gave the same leaf in BehaviorTree.CPP (`referee.py`, `register_simple_stateful_action`,
//! `register_simple_condition`, `register_simple_action`). So both sides answer alike as long as
//! both made the same calls before, which is what the test compares. Every call is logged as
//! the recorder logs it: `L3+R` (on_start answered Running), `L3~S` (on_running), `L3x`
//! (on_halted), `C1?F` (check), `A2!S` (execute).

use std::cell::RefCell;
use std::fmt::Write as _;

use bt::{Condition, Outcome, StatefulAction, Status, SyncAction};

/// The context of every referee tree: the leaves' scripts, how often each was called, and the
/// call log of the current step.
#[derive(Default)]
pub struct Ctx {
    scripts: Vec<Vec<Status>>,
    inner: RefCell<Calls>,
}

#[derive(Default)]
struct Calls {
    count: Vec<usize>,
    log: String,
    /// Leaves started and not finished or halted: the stateful contract, checked by the harness.
    started: Vec<bool>,
    violations: Vec<String>,
}

impl Ctx {
    /// A context for leaves with these scripts (`"RRSF"`: Running, Running, Success, Failure).
    pub fn new(scripts: &[&str]) -> Ctx {
        let scripts: Vec<Vec<Status>> = scripts
            .iter()
            .map(|s| s.chars().map(status_of_letter).collect())
            .collect();
        let n = scripts.len();
        Ctx {
            scripts,
            inner: RefCell::new(Calls {
                count: vec![0; n],
                started: vec![false; n],
                ..Calls::default()
            }),
        }
    }

    /// The calls logged since the last `take_log`, separated by spaces.
    pub fn take_log(&self) -> String {
        std::mem::take(&mut self.inner.borrow_mut().log)
    }

    /// Breaches of the stateful contract so far (`on_running` or `on_halted` while not started,
    /// `on_start` while started).
    pub fn violations(&self) -> Vec<String> {
        self.inner.borrow().violations.clone()
    }

    /// The leaves started and not finished or halted.
    pub fn started(&self) -> Vec<usize> {
        let inner = self.inner.borrow();
        (0..inner.started.len())
            .filter(|&n| inner.started[n])
            .collect()
    }

    fn call(&self, kind: char, leaf: usize, what: char) -> Status {
        let mut inner = self.inner.borrow_mut();
        let k = inner.count[leaf];
        inner.count[leaf] += 1;
        let script = &self.scripts[leaf];
        let status = script[k % script.len()];
        let sep = if inner.log.is_empty() { "" } else { " " };
        let _ = write!(
            inner.log,
            "{sep}{kind}{leaf}{what}{}",
            letter_of_status(status)
        );
        if kind == 'L' {
            let started = inner.started[leaf];
            if (what == '+') == started {
                let breach = format!(
                    "{kind}{leaf}{what} while {}started",
                    if started { "" } else { "not " }
                );
                inner.violations.push(breach);
            }
            inner.started[leaf] = status == Status::Running;
        }
        status
    }

    fn halted(&self, leaf: usize) {
        let mut inner = self.inner.borrow_mut();
        let sep = if inner.log.is_empty() { "" } else { " " };
        let _ = write!(inner.log, "{sep}L{leaf}x");
        if !inner.started[leaf] {
            inner.violations.push(format!("L{leaf}x while not started"));
        }
        inner.started[leaf] = false;
    }
}

pub fn status_of_letter(letter: char) -> Status {
    match letter {
        'S' => Status::Success,
        'F' => Status::Failure,
        'R' => Status::Running,
        'K' => Status::Skipped,
        other => panic!("not a status letter: {other:?}"),
    }
}

pub fn letter_of_status(status: Status) -> char {
    match status {
        Status::Success => 'S',
        Status::Failure => 'F',
        Status::Running => 'R',
        Status::Skipped => 'K',
    }
}

/// The stateful action `LN`.
#[derive(Default)]
pub struct Leaf<const N: usize>;

impl<const N: usize> StatefulAction<Ctx> for Leaf<N> {
    fn on_start(&mut self, ctx: &mut Ctx) -> Status {
        ctx.call('L', N, '+')
    }
    fn on_running(&mut self, ctx: &mut Ctx) -> Status {
        ctx.call('L', N, '~')
    }
    fn on_halted(&mut self, ctx: &mut Ctx) {
        ctx.halted(N)
    }
}

/// The condition `CN`.
#[derive(Default)]
pub struct Cond<const N: usize>;

impl<const N: usize> Condition<Ctx> for Cond<N> {
    fn check(&mut self, ctx: &Ctx) -> bool {
        ctx.call('C', N, '?') == Status::Success
    }
}

/// The synchronous action `AN`.
#[derive(Default)]
pub struct Act<const N: usize>;

impl<const N: usize> SyncAction<Ctx> for Act<N> {
    fn execute(&mut self, ctx: &mut Ctx) -> Outcome {
        match ctx.call('A', N, '!') {
            Status::Success => Outcome::Success,
            _ => Outcome::Failure,
        }
    }
}
