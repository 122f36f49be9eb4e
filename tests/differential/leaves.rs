//! Scripted leaves: random but reproducible behaviour, driven by a seed, and a log of every call.
//!
//! Both sides of the differential test (the compiled tree and the reference interpreter) run on
//! their own [`Ctx`] built from the same seed. Each leaf id has its own random stream and
//! *profile* (how likely it succeeds, how long it runs, how often a condition flips), so the `k`-th
//! call of a leaf gets the same answer on both sides as long as both sides made the same calls
//! before — which is what the test checks.
//!
//! * `Condition(Cond<ID>)`: a boolean that flips now and then (per call, with the leaf's flip
//!   probability); logs `c<ID>?`.
//! * `Action(Act<ID>)`: succeeds with the leaf's success probability; logs `a<ID>!`.
//! * `StatefulAction(Task<ID>)`: `on_start` picks a duration (0 = done at once, some leaves run
//!   "forever") and a final status (Success, Failure, or rarely Skipped); `on_running` counts the
//!   duration down. Logs `t<ID>+` (on_start), `t<ID>~` (on_running), `t<ID>x` (on_halted).
//!
//! The context also checks the stateful contract and records every breach in
//! [`Ctx::violations`]: `on_start` while started, `on_running` or `on_halted` while not started.

#![allow(dead_code)]

use std::cell::RefCell;
use std::fmt;

use bt::{Condition, Outcome, StatefulAction, Status, SyncAction};

/// splitmix64.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// True with probability `percent` / 100.
    pub fn percent(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    /// Picks one of `items`.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }
}

/// Mixes several numbers into one seed.
pub fn mix(parts: &[u64]) -> u64 {
    let mut rng = Rng(0x0123_4567_89AB_CDEF);
    for part in parts {
        rng.0 ^= *part;
        rng.next();
    }
    rng.next()
}

/// One call a leaf received, with its answer.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Call {
    Check(usize, bool),
    Exec(usize, Outcome),
    OnStart(usize, Status),
    OnRunning(usize, Status),
    OnHalted(usize),
}

fn short(status: Status) -> &'static str {
    match status {
        Status::Running => "R",
        Status::Success => "S",
        Status::Failure => "F",
        Status::Skipped => "K",
    }
}

impl fmt::Debug for Call {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Call::Check(id, ok) => write!(f, "c{id}?{}", if ok { "S" } else { "F" }),
            Call::Exec(id, outcome) => write!(f, "a{id}!{}", short(outcome.into())),
            Call::OnStart(id, status) => write!(f, "t{id}+{}", short(status)),
            Call::OnRunning(id, status) => write!(f, "t{id}~{}", short(status)),
            Call::OnHalted(id) => write!(f, "t{id}x"),
        }
    }
}

/// How one leaf behaves, drawn from the seed and the leaf id.
#[derive(Clone, Debug)]
struct Profile {
    /// Conditions: initial value. Actions and stateful results: chance of success (percent).
    success: u64,
    /// Conditions: chance (percent) that the value flips before a check.
    flip: u64,
    /// Stateful: chance (percent) that an activation runs for at least one more tick.
    run: u64,
    /// Stateful: longest run in ticks (a long one is "forever" for a test run).
    max_run: u64,
    /// Stateful: chance (percent) that an activation ends Skipped.
    skip: u64,
}

#[derive(Clone, Debug)]
struct Leaf {
    rng: Rng,
    profile: Profile,
    /// Conditions: the current value.
    value: bool,
    /// Stateful: started and not finished (the contract check).
    started: bool,
    /// Stateful: ticks left in the current activation, and how it ends.
    left: u64,
    end: Status,
}

impl Leaf {
    fn new(seed: u64, id: usize) -> Leaf {
        let mut rng = Rng(mix(&[seed, id as u64, 0x1eaf]));
        // The seed's mood: leaves of one run lean the same way, so that some runs get deep into
        // sequences (mostly successes) and others into fallbacks (mostly failures).
        let success: &[u64] = match Rng(mix(&[seed, 0x300d])).below(3) {
            0 => &[5, 20, 35, 50, 50, 65, 80, 95],
            1 => &[50, 70, 85, 90, 95, 100],
            _ => &[0, 5, 10, 15, 30, 50],
        };
        let profile = Profile {
            success: rng.pick(success),
            flip: rng.pick(&[2, 5, 10, 20, 50]),
            run: rng.pick(&[0, 20, 40, 60, 80, 100]),
            max_run: rng.pick(&[1, 1, 2, 2, 3, 5, 8, 1000]),
            skip: rng.pick(&[0, 0, 0, 0, 3, 10]),
        };
        let value = rng.percent(profile.success);
        Leaf {
            rng,
            profile,
            value,
            started: false,
            left: 0,
            end: Status::Success,
        }
    }

    fn outcome(&mut self) -> Outcome {
        Outcome::from(self.rng.percent(self.profile.success))
    }
}

#[derive(Clone, Debug)]
struct Inner {
    seed: u64,
    leaves: Vec<Leaf>,
    log: Vec<Call>,
    violations: Vec<String>,
}

impl Inner {
    fn leaf(&mut self, id: usize) -> &mut Leaf {
        while self.leaves.len() <= id {
            let next = self.leaves.len();
            self.leaves.push(Leaf::new(self.seed, next));
        }
        &mut self.leaves[id]
    }
}

/// The world of the generated trees: the leaves' scripts, the call log and the contract checks.
/// Conditions only see `&Ctx`, hence the `RefCell`.
#[derive(Clone, Debug)]
pub struct Ctx {
    inner: RefCell<Inner>,
}

impl Ctx {
    pub fn new(seed: u64) -> Ctx {
        Ctx {
            inner: RefCell::new(Inner {
                seed,
                leaves: Vec::new(),
                log: Vec::new(),
                violations: Vec::new(),
            }),
        }
    }

    /// `Condition::check` of leaf `id`.
    pub fn check(&self, id: usize) -> bool {
        let mut inner = self.inner.borrow_mut();
        let leaf = inner.leaf(id);
        if leaf.rng.percent(leaf.profile.flip) {
            leaf.value = !leaf.value;
        }
        let value = leaf.value;
        inner.log.push(Call::Check(id, value));
        value
    }

    /// `SyncAction::execute` of leaf `id`.
    pub fn exec(&mut self, id: usize) -> Outcome {
        let inner = self.inner.get_mut();
        let outcome = inner.leaf(id).outcome();
        inner.log.push(Call::Exec(id, outcome));
        outcome
    }

    /// `StatefulAction::on_start` of leaf `id`.
    pub fn on_start(&mut self, id: usize) -> Status {
        let inner = self.inner.get_mut();
        let leaf = inner.leaf(id);
        let breach = leaf.started;
        leaf.end = if leaf.rng.percent(leaf.profile.skip) {
            Status::Skipped
        } else {
            leaf.outcome().into()
        };
        leaf.left = if leaf.rng.percent(leaf.profile.run) {
            1 + leaf.rng.below(leaf.profile.max_run)
        } else {
            0
        };
        let status = if leaf.left == 0 {
            leaf.end
        } else {
            Status::Running
        };
        leaf.started = status == Status::Running;
        inner.log.push(Call::OnStart(id, status));
        if breach {
            inner
                .violations
                .push(format!("t{id}: on_start while already started"));
        }
        status
    }

    /// `StatefulAction::on_running` of leaf `id`.
    pub fn on_running(&mut self, id: usize) -> Status {
        let inner = self.inner.get_mut();
        let leaf = inner.leaf(id);
        let breach = !leaf.started;
        leaf.left = leaf.left.saturating_sub(1);
        let status = if leaf.left == 0 {
            leaf.end
        } else {
            Status::Running
        };
        leaf.started = status == Status::Running;
        inner.log.push(Call::OnRunning(id, status));
        if breach {
            inner
                .violations
                .push(format!("t{id}: on_running while not started"));
        }
        status
    }

    /// `StatefulAction::on_halted` of leaf `id`.
    pub fn on_halted(&mut self, id: usize) {
        let inner = self.inner.get_mut();
        let leaf = inner.leaf(id);
        let breach = !leaf.started;
        leaf.started = false;
        inner.log.push(Call::OnHalted(id));
        if breach {
            inner.violations.push(format!(
                "t{id}: on_halted while not started (finished, never started, or halted twice)"
            ));
        }
    }

    /// The calls since the last `take_log`.
    pub fn take_log(&mut self) -> Vec<Call> {
        std::mem::take(&mut self.inner.get_mut().log)
    }

    /// Contract breaches since the last `take_violations`.
    pub fn take_violations(&mut self) -> Vec<String> {
        std::mem::take(&mut self.inner.get_mut().violations)
    }

    /// The stateful leaves that are started and not finished, by id.
    pub fn started(&mut self) -> Vec<usize> {
        let inner = self.inner.get_mut();
        (0..inner.leaves.len())
            .filter(|&id| inner.leaves[id].started)
            .collect()
    }
}

/// `Condition(Cond<ID>)`.
#[derive(Default)]
pub struct Cond<const ID: usize>;

impl<const ID: usize> Condition<Ctx> for Cond<ID> {
    fn check(&mut self, ctx: &Ctx) -> bool {
        ctx.check(ID)
    }
}

/// `Action(Act<ID>)`.
#[derive(Default)]
pub struct Act<const ID: usize>;

impl<const ID: usize> SyncAction<Ctx> for Act<ID> {
    fn execute(&mut self, ctx: &mut Ctx) -> Outcome {
        ctx.exec(ID)
    }
}

/// `StatefulAction(Task<ID>)`.
#[derive(Default)]
pub struct Task<const ID: usize>;

impl<const ID: usize> StatefulAction<Ctx> for Task<ID> {
    fn on_start(&mut self, ctx: &mut Ctx) -> Status {
        ctx.on_start(ID)
    }

    fn on_running(&mut self, ctx: &mut Ctx) -> Status {
        ctx.on_running(ID)
    }

    fn on_halted(&mut self, ctx: &mut Ctx) {
        ctx.on_halted(ID)
    }
}
