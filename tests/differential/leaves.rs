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
//! * Leaves with ports (`PCond<ID>`, `PAct<ID>`, `PIo<ID>`, `PTask<ID>`, see `tree::PortLeaf`) and the
//!   inline leaves over the blackboard (`Condition(|ctx, bb| ctx.check_in(ID, ..))`,
//!   `Action(|ctx, bb| ctx.exec_in(ID, .., &mut bb.b1))`) also log the value they received
//!   (`i<ID>=5`) before their call, and the value they write, if any (`o<ID>=7`), drawn from their
//!   stream (with the leaf's write probability), after it; so the data flow through ports and
//!   entries is compared too.
//!
//! The context also checks the stateful contract and records every breach in
//! [`Ctx::violations`]: `on_start` while started, `on_running` or `on_halted` while not started.
//!
//! It is the trees' clock too (`bt::Clock`, for `Delay`, `Timeout`, `Sleep`): a manual clock the
//! harness moves forward ([`Ctx::advance`]) by the same amount on both sides; the interpreter
//! reads it with [`Ctx::now`].

#![allow(dead_code)]

use std::cell::{Cell, RefCell};
use std::fmt;
use std::time::Duration;

use bt::{Condition, InOut, Input, Outcome, Output, StatefulAction, Status, SyncAction};

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
    /// The value a leaf received (an input or in-out port, or the inline leaf's argument),
    /// logged before its call.
    In(usize, i64),
    /// The value a leaf wrote (to an output or in-out port, or the inline action's entry),
    /// logged after its call.
    Out(usize, i64),
    /// A fallible leaf (`fallible.rs`) failed with an error instead of answering: `'c'` in
    /// `try_check`, `'a'` in `try_execute`, `'+'` in `try_on_start`, `'~'` in `try_on_running`.
    Error(usize, char),
    /// A user node of `user.rs` (`tree::User`, ids from `tree::USER_ID_BASE`) was called:
    /// `'t'` its `tick`, `'x'` its `on_halted`.
    User(usize, char),
}

impl Call {
    /// The leaf that was called.
    pub fn id(&self) -> usize {
        match *self {
            Call::Check(id, _)
            | Call::Exec(id, _)
            | Call::OnStart(id, _)
            | Call::OnRunning(id, _)
            | Call::OnHalted(id)
            | Call::In(id, _)
            | Call::Out(id, _)
            | Call::Error(id, _)
            | Call::User(id, _) => id,
        }
    }
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
            Call::In(id, value) => write!(f, "i{id}={value}"),
            Call::Out(id, value) => write!(f, "o{id}={value}"),
            Call::Error(id, 'c') => write!(f, "c{id}?E"),
            Call::Error(id, 'a') => write!(f, "a{id}!E"),
            Call::Error(id, phase) => write!(f, "t{id}{phase}E"),
            Call::User(id, phase) => write!(f, "u{id}{phase}"),
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
    /// Leaves with an output: chance (percent) that a call writes it.
    write: u64,
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
    /// Fallible leaves: the stream of errors (its own, so that the answers are those of the
    /// infallible leaf of the same id) and the chance (percent) that a call fails.
    err: Rng,
    err_percent: u64,
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
            write: rng.pick(&[0, 30, 60, 90, 100]),
        };
        let value = rng.percent(profile.success);
        let mut err = Rng(mix(&[seed, id as u64, 0xe770]));
        // Some runs have no errors at all (the fallible leaves answer as their infallible
        // twins), so that a tree with an error type still gets deep into its other rules.
        let calm = Rng(mix(&[seed, 0xca1e])).percent(40);
        let err_percent = if calm {
            0
        } else {
            err.pick(&[0, 1, 2, 4, 8, 15])
        };
        Leaf {
            rng,
            profile,
            value,
            started: false,
            left: 0,
            end: Status::Success,
            err,
            err_percent,
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
    /// The clock's time.
    now: Cell<Duration>,
    /// The token of the library's `Guard(|ctx| &mut ctx.token)` nodes.
    pub token: bt::GuardToken,
    /// The interpreter's model of that token: taken or not.
    pub ref_token_taken: bool,
    /// The generator of the random nodes (`RandomSequence`, `RandomSelector`,
    /// `ProbabilitySelector`): the trees that hold one are declared `rng = context` and draw
    /// from it through `bt::Rng`; the interpreter draws from its own context's, seeded alike,
    /// so both sides see the same stream of numbers.
    pub rng: bt::SmallRng,
}

impl bt::Rng for Ctx {
    fn next_u32(&mut self) -> u32 {
        bt::Rng::next_u32(&mut self.rng)
    }

    fn below(&mut self, n: u32) -> u32 {
        bt::Rng::below(&mut self.rng, n)
    }

    fn unit(&mut self) -> f32 {
        bt::Rng::unit(&mut self.rng)
    }
}

impl bt::Clock for Ctx {
    fn now(&self) -> Duration {
        self.now.get()
    }
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
            now: Cell::new(Duration::ZERO),
            token: bt::GuardToken::new(),
            ref_token_taken: false,
            // A stream of its own, from the run's seed.
            rng: bt::SmallRng::seed(seed ^ 0x005e_ed0f_d1ce),
        }
    }

    /// The clock's time (what the trees' time nodes read through `bt::Clock`).
    pub fn now(&self) -> Duration {
        self.now.get()
    }

    /// Moves the clock forward by `ms` milliseconds.
    pub fn advance(&mut self, ms: u64) {
        self.now.set(self.now.get() + Duration::from_millis(ms));
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

    /// Logs the value leaf `id` received.
    fn log_in(&self, id: usize, value: i64) {
        self.inner.borrow_mut().log.push(Call::In(id, value));
    }

    /// The value leaf `id` writes after a call that received `input`, if it writes one.
    fn output(&mut self, id: usize, input: i64) -> Option<i64> {
        let inner = self.inner.get_mut();
        let leaf = inner.leaf(id);
        if !leaf.rng.percent(leaf.profile.write) {
            return None;
        }
        let value = if leaf.rng.percent(50) {
            input + 1 + leaf.rng.below(3) as i64
        } else {
            leaf.rng.below(10) as i64
        };
        inner.log.push(Call::Out(id, value));
        Some(value)
    }

    /// A condition that received `input` (`PCond`, an inline condition over the blackboard).
    pub fn check_in(&self, id: usize, input: i64) -> bool {
        self.log_in(id, input);
        self.check(id)
    }

    /// An action that received `input` and may write a value (`PAct`, `PIo`).
    pub fn exec_out(&mut self, id: usize, input: i64) -> (Outcome, Option<i64>) {
        self.log_in(id, input);
        let outcome = self.exec(id);
        (outcome, self.output(id, input))
    }

    /// The inline action over the blackboard: received `input`, may write `out`.
    pub fn exec_in(&mut self, id: usize, input: i64, out: &mut i64) -> Outcome {
        let (outcome, written) = self.exec_out(id, input);
        if let Some(value) = written {
            *out = value;
        }
        outcome
    }

    /// `on_start` of a stateful action with ports.
    pub fn on_start_in(&mut self, id: usize, input: i64) -> (Status, Option<i64>) {
        self.log_in(id, input);
        let status = self.on_start(id);
        (status, self.output(id, input))
    }

    /// `on_running` of a stateful action with ports.
    pub fn on_running_in(&mut self, id: usize, input: i64) -> (Status, Option<i64>) {
        self.log_in(id, input);
        let status = self.on_running(id);
        (status, self.output(id, input))
    }

    /// `on_halted` of a stateful action with ports (it reads its input and may write its
    /// output, like any call).
    pub fn on_halted_in(&mut self, id: usize, input: i64) -> Option<i64> {
        self.log_in(id, input);
        self.on_halted(id);
        self.output(id, input)
    }

    /// A user node's call (`user.rs`): `'t'` tick, `'x'` `on_halted`.
    pub fn user(&mut self, id: usize, phase: char) {
        self.inner.get_mut().log.push(Call::User(id, phase));
    }

    /// A user node received `value` through an input port.
    pub fn user_in(&mut self, id: usize, value: i64) {
        self.inner.get_mut().log.push(Call::In(id, value));
    }

    /// A user node wrote `value` to an output or in-out port.
    pub fn user_out(&mut self, id: usize, value: i64) {
        self.inner.get_mut().log.push(Call::Out(id, value));
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
#[derive(Default, serde::Serialize, serde::Deserialize)]
pub struct Cond<const ID: usize>;

impl<const ID: usize> Condition<Ctx> for Cond<ID> {
    fn check(&mut self, ctx: &Ctx) -> bool {
        ctx.check(ID)
    }
}

/// `Action(Act<ID>)`.
#[derive(Default, serde::Serialize, serde::Deserialize)]
pub struct Act<const ID: usize>;

impl<const ID: usize> SyncAction<Ctx> for Act<ID> {
    fn execute(&mut self, ctx: &mut Ctx) -> Outcome {
        ctx.exec(ID)
    }
}

/// `StatefulAction(Task<ID>)`.
#[derive(Default, serde::Serialize, serde::Deserialize)]
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

/// `Condition(PCond<ID>, b0 = ..)`: a condition with an input.
#[derive(Default, bt::Ports, serde::Serialize, serde::Deserialize)]
pub struct PCond<const ID: usize> {
    pub b0: Input<i64>,
}

impl<const ID: usize> Condition<Ctx> for PCond<ID> {
    fn check(&mut self, ctx: &Ctx) -> bool {
        ctx.check_in(ID, *self.b0)
    }
}

/// `Action(PAct<ID>, b0 = .., b1 = ..)`: an action with an input and an output.
#[derive(Default, bt::Ports, serde::Serialize, serde::Deserialize)]
pub struct PAct<const ID: usize> {
    pub b0: Input<i64>,
    pub b1: Output<i64>,
}

impl<const ID: usize> SyncAction<Ctx> for PAct<ID> {
    fn execute(&mut self, ctx: &mut Ctx) -> Outcome {
        let (outcome, written) = ctx.exec_out(ID, *self.b0);
        if let Some(value) = written {
            self.b1.set(value);
        }
        outcome
    }
}

/// `Action(PIo<ID>, t0 = ..)`: an action with an in-out port.
#[derive(Default, bt::Ports, serde::Serialize, serde::Deserialize)]
pub struct PIo<const ID: usize> {
    pub t0: InOut<i64>,
}

impl<const ID: usize> SyncAction<Ctx> for PIo<ID> {
    fn execute(&mut self, ctx: &mut Ctx) -> Outcome {
        let (outcome, written) = ctx.exec_out(ID, *self.t0);
        if let Some(value) = written {
            self.t0.set(value);
        }
        outcome
    }
}

/// `StatefulAction(PTask<ID>, b0 = .., b1 = ..)`: a stateful action with an input and an output.
#[derive(Default, bt::Ports, serde::Serialize, serde::Deserialize)]
pub struct PTask<const ID: usize> {
    pub b0: Input<i64>,
    pub b1: Output<i64>,
}

impl<const ID: usize> PTask<ID> {
    fn deliver(&mut self, written: Option<i64>) {
        if let Some(value) = written {
            self.b1.set(value);
        }
    }
}

impl<const ID: usize> StatefulAction<Ctx> for PTask<ID> {
    fn on_start(&mut self, ctx: &mut Ctx) -> Status {
        let (status, written) = ctx.on_start_in(ID, *self.b0);
        self.deliver(written);
        status
    }

    fn on_running(&mut self, ctx: &mut Ctx) -> Status {
        let (status, written) = ctx.on_running_in(ID, *self.b0);
        self.deliver(written);
        status
    }

    fn on_halted(&mut self, ctx: &mut Ctx) {
        let written = ctx.on_halted_in(ID, *self.b0);
        self.deliver(written);
    }
}

/// A blackboard's contents, per [`Entry`](crate::tree::Entry) (indexed by `Entry::index`):
/// `None` for an entry the tree does not declare.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct Bb {
    pub slots: [Option<Slot>; 8],
}

/// One entry: its value (always `Some` for an `i64` entry, `None` for the queue) and, for a
/// tracked entry, its version (the number of updates; 0 for an entry that is not tracked); the
/// queue entry's items.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    pub value: Option<i64>,
    pub version: u64,
    pub queue: Queue,
}

impl Slot {
    /// The slot of an `i64` or `Option<i64>` entry.
    pub fn value(value: Option<i64>, version: u64) -> Slot {
        Slot {
            value,
            version,
            queue: Queue::default(),
        }
    }

    /// The slot of the queue entry.
    pub fn queue(queue: Queue) -> Slot {
        Slot {
            value: None,
            version: 0,
            queue,
        }
    }
}

/// The items of the queue entry `q0` (a `bt::Deque<i64, 4>`), first to last.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct Queue {
    items: [i64; crate::tree::QUEUE_CAP],
    len: usize,
}

impl Queue {
    pub fn from_items(items: impl IntoIterator<Item = i64>) -> Queue {
        let mut queue = Queue::default();
        for item in items {
            assert!(queue.push_back(item), "more items than the capacity");
        }
        queue
    }

    /// Appends `item`; false (and no change) when the queue is full.
    pub fn push_back(&mut self, item: i64) -> bool {
        if self.len == self.items.len() {
            return false;
        }
        self.items[self.len] = item;
        self.len += 1;
        true
    }

    pub fn pop_front(&mut self) -> Option<i64> {
        if self.len == 0 {
            return None;
        }
        let first = self.items[0];
        self.items.copy_within(1..self.len, 0);
        self.len -= 1;
        self.items[self.len] = 0;
        Some(first)
    }

    pub fn clear(&mut self) {
        *self = Queue::default();
    }

    pub fn items(&self) -> &[i64] {
        &self.items[..self.len]
    }
}

impl fmt::Debug for Queue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.items())
    }
}

impl Bb {
    /// The values only (the versions cleared).
    pub fn values(&self) -> Bb {
        let mut out = *self;
        for slot in out.slots.iter_mut().flatten() {
            slot.version = 0;
        }
        out
    }

    pub fn is_empty(&self) -> bool {
        self.slots.iter().all(Option::is_none)
    }
}

impl fmt::Debug for Bb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        f.write_str("{")?;
        for (entry, slot) in crate::tree::Entry::ALL.iter().zip(&self.slots) {
            let Some(slot) = slot else { continue };
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            match (entry.optional(), slot.value) {
                _ if entry.queue() => write!(f, "{}={:?}", entry.name(), slot.queue)?,
                (true, value) => write!(f, "{}={value:?}", entry.name())?,
                (false, Some(value)) => write!(f, "{}={value}", entry.name())?,
                (false, None) => write!(f, "{}=?", entry.name())?,
            }
            if entry.tracked() {
                write!(f, "@{}", slot.version)?;
            }
        }
        f.write_str("}")
    }
}

// Fallible leaves (trees with an error type, `tree T for Ctx, error DiffError`; decision 11).

/// The error type of the generated trees with fallible leaves: the id of the leaf that failed,
/// or, for an `Error(DiffError(n))` leaf, `n` (1000 and up).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiffError(pub u32);

impl Ctx {
    /// Whether fallible leaf `id` fails on this call (its own stream); logs the error.
    fn fails(&self, id: usize, phase: char) -> Option<DiffError> {
        let mut inner = self.inner.borrow_mut();
        let leaf = inner.leaf(id);
        let percent = leaf.err_percent;
        if !leaf.err.percent(percent) {
            return None;
        }
        if phase == '~' {
            // The action has finished (with an error).
            leaf.started = false;
        }
        inner.log.push(Call::Error(id, phase));
        Some(DiffError(id as u32))
    }

    /// `TryCondition::try_check` of leaf `id`.
    pub fn try_check(&self, id: usize) -> Result<bool, DiffError> {
        match self.fails(id, 'c') {
            Some(e) => Err(e),
            None => Ok(self.check(id)),
        }
    }

    /// `TrySyncAction::try_execute` of leaf `id`.
    pub fn try_exec(&mut self, id: usize) -> Result<Outcome, DiffError> {
        match self.fails(id, 'a') {
            Some(e) => Err(e),
            None => Ok(self.exec(id)),
        }
    }

    /// `TryStatefulAction::try_on_start` of leaf `id` (an error: not started).
    pub fn try_on_start(&mut self, id: usize) -> Result<Status, DiffError> {
        let breach = self.inner.get_mut().leaf(id).started;
        if breach {
            // Let `on_start` record the breach.
            return Ok(self.on_start(id));
        }
        match self.fails(id, '+') {
            Some(e) => Err(e),
            None => Ok(self.on_start(id)),
        }
    }

    /// `TryStatefulAction::try_on_running` of leaf `id` (an error: finished).
    pub fn try_on_running(&mut self, id: usize) -> Result<Status, DiffError> {
        if !self.inner.get_mut().leaf(id).started {
            // Let `on_running` record the breach.
            return Ok(self.on_running(id));
        }
        match self.fails(id, '~') {
            Some(e) => Err(e),
            None => Ok(self.on_running(id)),
        }
    }
}

/// `Condition(TCond<ID>)`: `Cond<ID>` that fails now and then (`c<ID>?E`).
#[derive(Default, serde::Serialize, serde::Deserialize)]
pub struct TCond<const ID: usize>;

impl<const ID: usize> bt::TryCondition<Ctx, DiffError> for TCond<ID> {
    fn try_check(&mut self, ctx: &Ctx) -> Result<bool, DiffError> {
        ctx.try_check(ID)
    }
}

/// `Action(TAct<ID>)`: `Act<ID>` that fails now and then (`a<ID>!E`).
#[derive(Default, serde::Serialize, serde::Deserialize)]
pub struct TAct<const ID: usize>;

impl<const ID: usize> bt::TrySyncAction<Ctx, DiffError> for TAct<ID> {
    fn try_execute(&mut self, ctx: &mut Ctx) -> Result<Outcome, DiffError> {
        ctx.try_exec(ID)
    }
}

/// `StatefulAction(TTask<ID>)`: `Task<ID>` whose `on_start` and `on_running` fail now and then
/// (`t<ID>+E`, `t<ID>~E`).
#[derive(Default, serde::Serialize, serde::Deserialize)]
pub struct TTask<const ID: usize>;

impl<const ID: usize> bt::TryStatefulAction<Ctx, DiffError> for TTask<ID> {
    fn try_on_start(&mut self, ctx: &mut Ctx) -> Result<Status, DiffError> {
        ctx.try_on_start(ID)
    }

    fn try_on_running(&mut self, ctx: &mut Ctx) -> Result<Status, DiffError> {
        ctx.try_on_running(ID)
    }

    fn on_halted(&mut self, ctx: &mut Ctx) {
        ctx.on_halted(ID)
    }
}
