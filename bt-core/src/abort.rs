//! Observer aborts (Unreal Engine's `FlowAbortMode`; `spec/other-systems.md` §1.5, §2.23): a
//! condition on a child of a composite that is watched while other things run, and interrupts
//! them when it changes.
//!
//! # The model
//!
//! In Unreal Engine a condition is not a leaf: it is a *decorator* on the link between a
//! composite and one of its children (a *guarded* child). The composite checks the guard when it
//! is about to enter the child; a guard that does not pass blocks the child, which then counts as
//! **failed** for the composite's rule (a selector tries its next child, a sequence fails). The
//! abort mode says when the guard is watched afterwards:
//!
//! | mode | watched while | fires when | then |
//! |---|---|---|---|
//! | [`None`](AbortMode::None) | never (checked on entry only) | — | — |
//! | [`SelfBranch`](AbortMode::SelfBranch) (`abort = self`) | the guarded child runs | the guard no longer passes | the child is halted and counts as failed; the composite goes on by its rule in the same tick |
//! | [`LowerPriority`](AbortMode::LowerPriority) (`abort = lower`) | a *later* child of the same selector runs | the guard starts to pass | the running child is halted and the selector restarts **at the guarded child** in the same tick |
//! | [`Both`](AbortMode::Both) (`abort = both`) | either | either | as above |
//!
//! Unreal's tree is event driven: a blackboard observer fires when a watched key changes. Ours
//! is ticked, and a tick only walks the running path. So the watching is done by the nodes on
//! that path, at the start of their tick, and it costs exactly one evaluation of each *watched*
//! guard per tick, nothing more:
//!
//! * a `self` guard is watched by whoever ticks the guarded child: the standalone decorator
//!   [`ConditionalAbort`], or an [`ObserverSelector`] that owns the guard;
//! * `lower` guards are watched by their selector, an [`ObserverSelector`], which owns the guards
//!   of all its children. While child `r` runs, it checks, in child order, the `lower`/`both`
//!   guards of children `0..r`, then the `self`/`both` guard of `r`, then ticks `r`.
//!
//! Nested selectors compose: each one watches its own children's guards when the tick passes
//! through it, from the root down, so a higher-priority abort (nearer the root, or earlier in a
//! selector) is seen first.
//!
//! A `lower` guard fires on a **change** to passing, not while it passes: the selector remembers
//! the last value it saw of each watched guard. When a guarded child ran and failed on its own
//! while its guard still passed, the selector moves on to the next child and does not come back
//! until the guard has stopped passing and passes again (otherwise it would restart the failed
//! child on every tick).
//!
//! # How the generated code evaluates a guard
//!
//! The rules here follow the [`Step`] protocol unchanged. A guard is addressed as a *pseudo
//! child*: for a composite of `len` children, `Step::Tick(len + i)` asks for the guard of child
//! `i` (for [`ConditionalAbort`], `Step::Tick(1)` asks for its condition). The generated code
//! answers it by evaluating the condition, without ticking any node:
//!
//! ```text
//! Step::Tick(k) if k >= len => Event::Child(k, Status::from_bool(guard(k - len))),
//! Step::Tick(i)             => Event::Child(i, tick(i)),
//! ```
//!
//! so the rule decides which guards are evaluated, when, and never the same one twice in a tick
//! (the unit tests check it). A guard is never `Running` and is never halted.
//!
//! # Examples, tick by tick
//!
//! `Selector { guard(enemy_visible, abort = lower) Attack, Patrol }`, an [`ObserverSelector`]
//! with `guards = [Some(LowerPriority), None]` (the guard of child 0 is pseudo child 2):
//!
//! | tick | `enemy_visible` | what happens | answer |
//! |---|---|---|---|
//! | 1 | false | guard 0 checked: false, Attack blocked (counts as failed); Patrol ticked: `Running` | `Running` |
//! | 2 | false | guard 0 watched: false, no change; Patrol ticked | `Running` |
//! | 3 | true | guard 0 watched: now true → Patrol halted; Attack ticked (its guard just passed): `Running` | `Running` |
//! | 4 | false | Attack runs; its guard is `lower` only, so it is not watched inside its own branch; Attack ticked | `Running` |
//! | 5 | true | Attack fails; Patrol ticked: `Running` | `Running` |
//! | 6 | true | guard 0 watched: true, but it was already true when Attack ended: no change; Patrol ticked | `Running` |
//!
//! With `abort = both` instead, tick 4 would check the guard first, halt Attack (the guard no
//! longer passes), and tick Patrol in the same tick.
//!
//! `Sequence { guard(has_ammo, abort = self) Shoot, Reload }`, with the guard as a standalone
//! [`ConditionalAbort`] over Shoot, under an ordinary [`Sequence`](crate::control::Sequence):
//! tick 1, `has_ammo`: condition checked, Shoot ticked, `Running`; tick 2, no ammo: condition
//! checked, Shoot halted, the decorator answers `Failure`, so the sequence fails.
//!
//! # What the macro must check
//!
//! * `abort = lower` and `abort = both` only on a child of a selector, which then becomes an
//!   [`ObserverSelector`] (Unreal's editor turns them into `self`/`none` under a sequence, where
//!   a lower-priority abort would mean restarting a child that already succeeded).
//! * At most one guard per child link (combine several conditions into one expression; Unreal's
//!   several decorators on one link, with their logic operators, are not modelled).
//! * An inverted condition ("Inverse Condition") is the negated expression.
//!
//! # Differences from Unreal Engine
//!
//! * Scope: a `lower` guard is watched while **its selector** runs a later child. Unreal keeps
//!   the observer registered after the selector finishes, as long as execution stays anywhere
//!   of lower priority in the whole tree, unless the composite sets "apply decorator scope";
//!   ours behaves as if every selector set it.
//! * Change detection: Unreal requests an abort on any change of a watched blackboard key while
//!   the condition passes (or, with "notify observer: on value change", restarts a running
//!   branch whose key changed). We see the condition, not the keys: a `lower` guard fires when
//!   it goes from false to true, and a running branch is never restarted while its guard passes.
//! * Timing: Unreal processes aborts at its next update, possibly latently (a task may take
//!   time to abort). Ours take effect at the start of the next tick, and a halt is synchronous.
//! * Services, `Loop`/`Cooldown` specifics and Simple Parallel restrictions are not covered here.

use crate::bits::Bits;
use crate::step::{Event, Step};
use crate::{SmallIndex, Status};

/// The status a rule gives at the end of a halt (ignored by the generated code).
const HALTED: Status = Status::Failure;

/// When a guard on a child is watched after the child was entered (Unreal's `FlowAbortMode`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum AbortMode {
    /// Checked when the child is entered, never watched (`abort = none`).
    #[default]
    None,
    /// Watched while the guarded child runs; halts it when the guard stops passing
    /// (`abort = self`).
    SelfBranch,
    /// Watched while a later child of the same selector runs; halts that child and restarts at
    /// the guarded child when the guard starts to pass (`abort = lower`).
    LowerPriority,
    /// Both of the above (`abort = both`).
    Both,
}

impl AbortMode {
    /// Watched while the guarded child runs (`SelfBranch`, `Both`).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub const fn watches_self(self) -> bool {
        matches!(self, AbortMode::SelfBranch | AbortMode::Both)
    }

    /// Watched while a later child runs (`LowerPriority`, `Both`).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub const fn watches_lower(self) -> bool {
        matches!(self, AbortMode::LowerPriority | AbortMode::Both)
    }
}

/// **ConditionalAbort**: Unreal's condition decorator (a blackboard or any other condition) as a
/// node of its own, for modes `none` and `self`; its child is child 0 and its condition is the
/// pseudo child [`CONDITION`](Self::CONDITION) (`1`): `Step::Tick(1)` asks the generated code for
/// the condition's value (see the [module docs](self)).
///
/// Parameter: `mode`. `LowerPriority` needs the parent's help: a guard with `lower` or `both`
/// belongs to an [`ObserverSelector`], and the macro rejects it on a standalone decorator; if
/// given anyway, `LowerPriority` behaves as `None` and `Both` as `SelfBranch`.
///
/// | when | `None`, `LowerPriority` | `SelfBranch`, `Both` |
/// |---|---|---|
/// | tick, child not running, condition false | `Failure`; child not ticked | same |
/// | tick, child not running, condition true | ticks the child | same |
/// | tick, child running | ticks the child; condition not evaluated | condition evaluated: true → ticks the child; false → **halts** the child, `Failure` |
/// | child answers | its status (`Running`, `Success`, `Failure` or `Skipped`) | same |
///
/// The node answers `Running` only when its child does.
///
/// **Halt** while running: the child is halted. **Memory**: whether the child runs; nothing
/// survives completion or a halt, so a tree halt has nothing to clear. **Size**: one byte.
///
/// **Differences from Unreal Engine**: see the [module docs](self). A blocked or aborted child
/// is a `Failure`, as Unreal's composite counts it; unlike BehaviorTree.CPP's `_while`
/// pre-condition, which answers `Skipped`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ConditionalAbort {
    running: bool,
}

impl ConditionalAbort {
    /// The pseudo child that stands for the condition: `Step::Tick(CONDITION)` asks for it.
    pub const CONDITION: usize = 1;

    /// An idle decorator.
    pub const fn new() -> Self {
        ConditionalAbort { running: false }
    }

    /// The first step of a tick.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(&mut self, mode: AbortMode) -> Step {
        if self.checks(mode) {
            Step::Tick(Self::CONDITION)
        } else {
            Step::Tick(0)
        }
    }

    /// The step after `event`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn next(&mut self, event: Event, mode: AbortMode) -> Step {
        let _ = mode;
        match event {
            // A false condition halts the child (nothing to do if it is idle); `Halted` answers.
            Event::Child(Self::CONDITION, condition) => match self.on_condition(condition) {
                None => Step::Tick(0),
                Some(_) => Step::Halt(0),
            },
            Event::Child(_, status) => Step::Return(self.on_child(status)),
            // The child was aborted (or the node halted): it counts as failed.
            Event::Halted(_) => Step::Return(Status::Failure),
        }
    }

    /// The node is halted while running: halts the child.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt(&mut self, mode: AbortMode) -> Step {
        let _ = mode;
        if self.take_running() {
            Step::Halt(0)
        } else {
            Step::Return(HALTED)
        }
    }

    /// The straight-line form of a tick, which the generated code uses (the `Step` methods above
    /// are the same rule, one step at a time): whether this tick evaluates the condition (the
    /// child does not run, or `mode` watches it while it runs); if so, its answer goes to
    /// [`on_condition`](Self::on_condition); then, unless that answered, the child's tick and
    /// [`on_child`](Self::on_child).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn checks(&self, mode: AbortMode) -> bool {
        !self.running || mode.watches_self()
    }

    /// Straight-line form: the condition answered `condition` (`Success`: true). `None` to tick
    /// the child, or `Some(answer)`: the caller halts the child (if it runs: an abort) and
    /// answers without ticking it.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn on_condition(&mut self, condition: Status) -> Option<Status> {
        if condition == Status::Success {
            None
        } else {
            self.running = false;
            Some(Status::Failure)
        }
    }

    /// Straight-line form: the child answered `status`, the node's answer.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn on_child(&mut self, status: Status) -> Status {
        self.running = status == Status::Running;
        status
    }

    /// The halt in straight-line form: whether the child runs (the caller halts it), forgotten.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn take_running(&mut self) -> bool {
        core::mem::take(&mut self.running)
    }

    /// Whether the child is running (and so the node: the generated code reads it as the node's
    /// running flag).
    pub fn is_running(&self) -> bool {
        self.running
    }
}

/// **ObserverSelector**: Unreal's `Selector` whose children carry guards with abort modes. A
/// selector with memory (BehaviorTree.CPP's [`Fallback`](crate::control::Fallback) rule) that
/// owns its children's guards and watches them as the [module docs](self) describe.
///
/// Parameter: `guards`, one entry per child (the macro writes a constant array; its length is the
/// child count, at least 1): `None` for a child without a guard, `Some(mode)` for a guarded child
/// (`Some(AbortMode::None)`: checked on entry only). The guard of child `i` is the pseudo child
/// `len + i` ([`guard_of`](Self::guard_of)). `W` is the number of bytes of the guard
/// memory: the macro writes `W = ceil(len / 8)`. `I` is the index type (`u8` up to 255
/// children). No other per-tick input: the rule asks for the guards it needs.
///
/// Entering child `j` (at the start of an activation, or moving on) checks its guard, if any:
/// false blocks it (it counts as failed, and the selector moves on), true ticks it. Each tick:
///
/// | when | ObserverSelector |
/// |---|---|
/// | tick, not running | enters child 0 |
/// | tick, child `r` running | checks, in order, the guard of every child `i < r` whose mode watches lower (`LowerPriority`, `Both`); the first that is true and was false when last seen **fires**: `r` is halted, child `i` is ticked (its guard just passed). If none fires and `r`'s mode watches self (`SelfBranch`, `Both`), checks `r`'s guard: false → `r` is halted and counts as failed (moves on to `r + 1`). Otherwise ticks `r` |
/// | child `Running` | `Running`; the next tick resumes at this child |
/// | child `Success` | `Success`; the activation ends |
/// | child `Failure`, or blocked | enters the next child in the same tick; after the last: `Failure` |
/// | child `Skipped` | moves on as well; after the last child: `Skipped` if every child's latest answer in this activation was `Skipped`, else `Failure` |
///
/// "Latest answer": a child re-entered after a `lower` abort (the walk restarts at the guarded
/// child, so it and every child after it are walked again) answers anew, and its new answer
/// replaces the earlier one; a child skipped twice is one skipped child. A blocked child and a
/// child aborted by its own guard count as failed. Without a `lower` abort this is
/// [`Fallback`](crate::control::Fallback)'s rule: every child skipped.
///
/// "When last seen": a guard is last seen false when it blocked its child or aborted it (`self`
/// half of `Both`), true when its child was entered and ended by itself, and then as checked on
/// each tick while a later child runs.
///
/// The node answers `Running` only when a child does. A guard is evaluated at most once per
/// tick, and only the guards listed above: with child `r` running, the `lower`/`both` guards of
/// children before `r` and the `self`/`both` guard of `r`, plus the entry checks of the children
/// entered in the tick.
///
/// **Halt** while running: the running child is halted. **Memory**: the running child, the
/// last-seen guard values and the first child whose latest answer was not a skip, for one
/// activation: forgotten when the node completes or is halted (the observers' scope ends), so a
/// tree halt has nothing to clear.
///
/// **Size**: `W` bytes of guard memory, an `Option<I>`, two `I` and a flag: 6 bytes up to 8
/// children with `u8`.
///
/// **Differences from Unreal Engine**: see the [module docs](self): the scope of `lower`
/// observers ends with the selector's activation, and a `lower` guard fires on a change of its
/// value, not of a blackboard key.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ObserverSelector<const W: usize = 1, I = u8> {
    /// The child running between ticks.
    running: Option<I>,
    /// Within a tick: the child being entered.
    cursor: I,
    /// Within a tick: the guard of `cursor` already passed in this tick.
    passed: bool,
    /// The last seen value of each guard (meaningful for children before the running one).
    last: Bits<W>,
    /// 1 + the first child whose latest answer in this activation is not `Skipped` (it failed,
    /// was blocked or was aborted by its own guard); 0: none, every child answered so far was
    /// skipped. A `lower` abort at child `i` forgets it if it is `i` or later: those children
    /// are walked again. So "every child skipped" is exact when the walk ends.
    not_skipped: I,
}

impl<const W: usize, I: SmallIndex> ObserverSelector<W, I> {
    /// An idle selector.
    pub const fn new() -> Self {
        ObserverSelector {
            running: None,
            cursor: I::ZERO,
            passed: false,
            last: Bits::new(),
            not_skipped: I::ZERO,
        }
    }

    /// The pseudo child that stands for the guard of `child`, among `len` children.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub const fn guard_of(len: usize, child: usize) -> usize {
        len + child
    }

    /// The first step of a tick.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(&mut self, guards: &[Option<AbortMode>]) -> Step {
        debug_assert!(
            !guards.is_empty(),
            "the macro rejects a composite without children"
        );
        debug_assert!(
            guards.len() <= Bits::<W>::CAPACITY,
            "W = ceil(len / 8) bytes are needed"
        );
        match self.begin() {
            Some(running) => self.watch_from(0, running, guards),
            None => self.enter(0, false, guards),
        }
    }

    /// The step after `event`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn next(&mut self, event: Event, guards: &[Option<AbortMode>]) -> Step {
        let len = guards.len();
        match event {
            Event::Child(k, answer) if k >= len => {
                debug_assert!(answer.is_completed(), "a guard answers Success or Failure");
                self.on_guard(k - len, answer == Status::Success, guards)
            }
            Event::Child(child, status) => match self.on_child(child, status) {
                Some(status) => Step::Return(status),
                None => self.enter(child + 1, false, guards),
            },
            // After an abort: enter the child chosen before the halt (after a node halt, the
            // cursor is past the last child and the activation ends).
            Event::Halted(_) => self.enter(self.cursor.get(), self.passed, guards),
        }
    }

    /// The node is halted while running: halts the running child and forgets the observers.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt(&mut self, guards: &[Option<AbortMode>]) -> Step {
        match self.take_running() {
            Some(running) => {
                self.cursor = I::set(guards.len());
                Step::Halt(running)
            }
            None => Step::Return(HALTED),
        }
    }

    /// The running child, if any.
    pub fn running(&self) -> Option<usize> {
        self.running.map(SmallIndex::get)
    }

    /// Whether the node is running (between ticks: a child runs). The generated code reads it as
    /// the node's running flag.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// A guard answered.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn on_guard(&mut self, child: usize, passes: bool, guards: &[Option<AbortMode>]) -> Step {
        match self.running.map(SmallIndex::get) {
            // Watching a higher-priority guard while `running` runs.
            Some(running) if child < running => {
                if self.watch_lower(child, running, passes) {
                    self.cursor = I::set(child);
                    self.passed = true;
                    Step::Halt(running)
                } else {
                    self.watch_from(child + 1, running, guards)
                }
            }
            // Watching the running child's own guard.
            Some(running) => {
                debug_assert_eq!(child, running);
                if self.watch_self(running, passes) {
                    Step::Tick(running)
                } else {
                    self.cursor = I::set(running + 1);
                    self.passed = false;
                    Step::Halt(running)
                }
            }
            // Entering `child`.
            None => {
                debug_assert_eq!(child, self.cursor.get());
                if self.enter_guard(child, passes) {
                    self.passed = true;
                    Step::Tick(child)
                } else {
                    self.enter(child + 1, false, guards)
                }
            }
        }
    }

    /// The straight-line form of a tick, which the generated code uses (the `Step` methods are
    /// the same rule, one step at a time). A tick:
    ///
    /// 1. `begin`: the running child `r`, or `None` for a new activation (the walk starts at
    ///    child 0);
    /// 2. with `r` running, for each child `i < r` whose guard watches lower, in order:
    ///    [`watch_lower`](Self::watch_lower) with the guard's value; `true` fires: the caller
    ///    halts `r` and the walk starts at `i`, whose guard counts as passed;
    /// 3. if `r`'s guard watches self: [`watch_self`](Self::watch_self); `false` aborts: the
    ///    caller halts `r` and the walk starts at `r + 1`;
    /// 4. otherwise `r` is ticked and its answer goes to [`on_child`](Self::on_child): `Some`
    ///    ends the tick, `None` starts the walk at `r + 1`;
    /// 5. the walk, child by child from where it starts: a guarded child whose guard has not
    ///    passed in this tick is entered through [`enter_guard`](Self::enter_guard) (`false`:
    ///    blocked, on to the next child); an entered child is ticked and its answer goes to
    ///    `on_child`; past the last child, [`end`](Self::end) answers.
    ///
    /// A halt of the node: [`take_running`](Self::take_running), whose child the caller halts.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn begin(&mut self) -> Option<usize> {
        match self.running {
            Some(running) => Some(running.get()),
            None => {
                self.not_skipped = I::ZERO;
                None
            }
        }
    }

    /// The `lower` guard of `child` (before the running child `running`) was evaluated: `true`
    /// when it fires (it passes and was last seen false): the caller halts `running`, then walks
    /// from `child`, whose guard counts as passed.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn watch_lower(&mut self, child: usize, running: usize, passes: bool) -> bool {
        debug_assert!(child < running);
        if passes && !self.last.get(child) {
            // The children from `child` on will answer anew.
            if self.not_skipped.get() > child {
                self.not_skipped = I::ZERO;
            }
            self.running = None;
            true
        } else {
            self.last.put(child, passes);
            false
        }
    }

    /// The running child's own `self` guard was evaluated: `false` aborts it (it counts as
    /// failed): the caller halts it, then walks from the next child.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn watch_self(&mut self, running: usize, passes: bool) -> bool {
        if !passes {
            self.running = None;
            self.last.put(running, false);
            self.answered_not_skipped(running);
        }
        passes
    }

    /// Entering the guarded `child`, whose guard was evaluated: `false` blocks it (it counts as
    /// failed; the walk goes on to the next child).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn enter_guard(&mut self, child: usize, passes: bool) -> bool {
        if !passes {
            self.last.put(child, false);
            self.answered_not_skipped(child);
        }
        passes
    }

    /// The entered or running `child` answered `status`: `Some` ends the tick with the node's
    /// answer; `None` goes on to the next child.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn on_child(&mut self, child: usize, status: Status) -> Option<Status> {
        if status != Status::Running && self.running.map(SmallIndex::get) == Some(child) {
            self.running = None;
        }
        match status {
            Status::Running => {
                self.running = Some(I::set(child));
                Some(Status::Running)
            }
            Status::Success => {
                *self = Self::new();
                Some(Status::Success)
            }
            Status::Failure | Status::Skipped => {
                if status == Status::Failure {
                    self.answered_not_skipped(child);
                }
                // Entered (its guard passed) and ended by itself.
                self.last.set(child);
                None
            }
        }
    }

    /// Past the last child: the activation ends, `Skipped` if every child's latest answer was
    /// `Skipped`, else `Failure`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn end(&mut self) -> Status {
        let all_skipped = self.not_skipped == I::ZERO;
        *self = Self::new();
        if all_skipped {
            Status::Skipped
        } else {
            Status::Failure
        }
    }

    /// The halt in straight-line form: the running child, which the caller halts; the observers
    /// are forgotten.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn take_running(&mut self) -> Option<usize> {
        let running = self.running.map(SmallIndex::get);
        *self = Self::new();
        running
    }

    /// `child`'s latest answer is not a skip (a failure, a block, an abort by its own guard): the
    /// first such child of the activation is kept. The children of an activation answer in
    /// increasing order, and a `lower` abort at `i` forgets a first at `i` or later
    /// ([`watch_lower`](Self::watch_lower)), so a later answer is never from an earlier child.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn answered_not_skipped(&mut self, child: usize) {
        if self.not_skipped == I::ZERO {
            self.not_skipped = I::set(child + 1);
        }
    }

    /// With `running` running: asks for the next watched `lower` guard at or after `from`, then
    /// for `running`'s own `self` guard, then ticks it.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn watch_from(&mut self, from: usize, running: usize, guards: &[Option<AbortMode>]) -> Step {
        let len = guards.len();
        let watched = (from..running).find(|&i| guards[i].is_some_and(AbortMode::watches_lower));
        match watched {
            Some(i) => Step::Tick(Self::guard_of(len, i)),
            None if guards[running].is_some_and(AbortMode::watches_self) => {
                Step::Tick(Self::guard_of(len, running))
            }
            None => Step::Tick(running),
        }
    }

    /// Enters `child` (its guard already `passed` in this tick, or not): asks for its guard or
    /// ticks it; past the last child, the activation ends in failure.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn enter(&mut self, child: usize, passed: bool, guards: &[Option<AbortMode>]) -> Step {
        let len = guards.len();
        if child >= len {
            return Step::Return(self.end());
        }
        self.cursor = I::set(child);
        self.passed = passed;
        if guards[child].is_some() && !passed {
            Step::Tick(Self::guard_of(len, child))
        } else {
            Step::Tick(child)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::script::{answers, Harness, Log};
    use AbortMode::{Both, LowerPriority, SelfBranch};
    use Status::*;

    /// A child without a guard.
    const UNGUARDED: Option<AbortMode> = None;

    fn log(status: Status, ticked: &[usize], halted: &[usize]) -> Log {
        Log {
            status: Some(status),
            ticked: ticked.to_vec(),
            halted: halted.to_vec(),
        }
    }

    /// A selector under test: `len` children and their `len` guard pseudo children.
    struct Rig {
        h: Harness,
        node: ObserverSelector,
        guards: std::vec::Vec<Option<AbortMode>>,
    }

    impl Rig {
        fn new(guards: &[Option<AbortMode>]) -> Self {
            Rig {
                h: Harness::new(2 * guards.len()),
                node: ObserverSelector::new(),
                guards: guards.to_vec(),
            }
        }

        /// One tick: child `i` answers `children[i]`, guard `i` is `conditions[i]`.
        fn tick(&mut self, conditions: &[bool], children: &[Status]) -> Log {
            let len = self.guards.len();
            let (node, guards) = (&mut self.node, &self.guards[..]);
            let first = node.start(guards);
            self.h.tick(
                first,
                |e| node.next(e, guards),
                |k| {
                    if k < len {
                        children[k]
                    } else {
                        assert!(
                            guards[k - len].is_some(),
                            "guard of an unguarded child {}",
                            k - len
                        );
                        Status::from_bool(conditions[k - len])
                    }
                },
            )
        }

        fn halt(&mut self) -> Log {
            let (node, guards) = (&mut self.node, &self.guards[..]);
            let first = node.halt(guards);
            self.h.halt(first, |e| node.next(e, guards), answers(&[]))
        }
    }

    /// The straight-line form (`begin`, `watch_lower`, `watch_self`, `enter_guard`,
    /// `on_child`, `end`; `take_running`), driven as the generated code drives it, does what the
    /// `Step` form does: the same guards evaluated (pseudo children), children ticked and halted
    /// and answers, over random guards, answers and halts, for several guard layouts. The
    /// answer at the end of an activation is checked against the rule as the docs state it, kept
    /// apart from the selector's own bookkeeping: `Skipped` exactly when every child's latest
    /// answer in the activation was a skip (a block or a `self` abort is a failure).
    #[test]
    // The loops index several per-child arrays by the child, as the rule does.
    #[allow(clippy::needless_range_loop)]
    fn straight_line_form_is_the_step_form() {
        use AbortMode::None as Entry;
        let layouts: [&[Option<AbortMode>]; 4] = [
            &[Some(LowerPriority), Some(LowerPriority), UNGUARDED],
            &[
                Some(Both),
                UNGUARDED,
                Some(SelfBranch),
                Some(LowerPriority),
                UNGUARDED,
            ],
            &[UNGUARDED, Some(Entry), Some(Both)],
            &[Some(LowerPriority)],
        ];
        let mut roll = crate::testing::Roll::new(41);
        for guards in layouts {
            let len = guards.len();
            let mut rig = Rig::new(guards);
            let mut node = ObserverSelector::<1, u8>::new();
            // Each child's latest answer in the activation: `Some(true)` a skip, `Some(false)`
            // a failure, a block or a `self` abort.
            let mut latest: Vec<Option<bool>> = vec![None; len];
            let mut ends = [0; 2];
            for round in 0..3_000 {
                if roll.below(12) == 0 {
                    latest.fill(None);
                    let log = rig.halt();
                    // The running child remembered is running: it answered `Running`.
                    let halted: Vec<usize> = node.take_running().into_iter().collect();
                    assert_eq!(log.halted, halted, "{guards:?} round {round}");
                    continue;
                }
                let conditions: Vec<bool> = (0..len).map(|_| roll.below(3) != 0).collect();
                let children: Vec<Status> = (0..len).map(|_| roll.status()).collect();
                let stepped = rig.tick(&conditions, &children);
                // The straight-line drive, logging guards as pseudo children.
                let (mut ticked, mut halted) = (Vec::new(), Vec::new());
                let tick = |child: usize, ticked: &mut Vec<usize>| {
                    ticked.push(child);
                    children[child]
                };
                let guard = |child: usize, ticked: &mut Vec<usize>| {
                    ticked.push(len + child);
                    conditions[child]
                };
                let (mut at, mut passed) = (0, false);
                let mut answer = None;
                'watch: {
                    let Some(r) = node.begin() else {
                        latest.fill(None);
                        break 'watch;
                    };
                    for (i, mode) in guards.iter().enumerate().take(r) {
                        if mode.is_some_and(AbortMode::watches_lower) {
                            let passes = guard(i, &mut ticked);
                            if node.watch_lower(i, r, passes) {
                                halted.push(r);
                                (at, passed) = (i, true);
                                break 'watch;
                            }
                        }
                    }
                    if guards[r].is_some_and(AbortMode::watches_self) {
                        let passes = guard(r, &mut ticked);
                        if !node.watch_self(r, passes) {
                            latest[r] = Some(false);
                            halted.push(r);
                            at = r + 1;
                            break 'watch;
                        }
                    }
                    let status = tick(r, &mut ticked);
                    latest[r] = (status != Running).then_some(status == Skipped);
                    answer = node.on_child(r, status);
                    at = r + 1;
                }
                let status = answer.unwrap_or_else(|| {
                    for child in at..len {
                        let entered = guards[child].is_none() || (passed && child == at) || {
                            let passes = guard(child, &mut ticked);
                            node.enter_guard(child, passes)
                        };
                        latest[child] = Some(false);
                        if entered {
                            let status = tick(child, &mut ticked);
                            latest[child] = (status != Running).then_some(status == Skipped);
                            if let Some(status) = node.on_child(child, status) {
                                if status == Success {
                                    latest.fill(None);
                                }
                                return status;
                            }
                        }
                    }
                    // Every child answered in the activation; the latest answers decide.
                    let all_skipped = latest.iter().all(|&skip| skip.expect("answered"));
                    latest.fill(None);
                    let end = node.end();
                    assert_eq!(end == Skipped, all_skipped, "{guards:?} round {round}");
                    ends[usize::from(all_skipped)] += 1;
                    end
                });
                assert_eq!(
                    stepped,
                    log(status, &ticked, &halted),
                    "{guards:?} round {round}"
                );
                assert_eq!(node.running(), rig.node.running());
            }
            // Both answers of a completed activation were seen.
            assert!(ends.iter().all(|&n| n > 0), "{guards:?} {ends:?}");
        }
    }

    /// `is_running` is the running flag: after each tick, whether the selector answered
    /// `Running`; after a halt, false.
    #[test]
    fn it_is_running_exactly_when_it_answered_running() {
        let mut roll = crate::testing::Roll::new(3);
        let lower = Some(AbortMode::LowerPriority);
        let mut rig = Rig::new(&[lower, Some(AbortMode::Both), UNGUARDED]);
        for _ in 0..2_000 {
            if roll.below(10) == 0 {
                rig.halt();
                assert!(!rig.node.is_running());
                continue;
            }
            let conditions = [roll.below(2) == 0, roll.below(2) == 0, true];
            let children = [roll.status(), roll.status(), roll.status()];
            let log = rig.tick(&conditions, &children);
            assert_eq!(rig.node.is_running(), log.status == Some(Status::Running));
        }
    }

    #[test]
    fn entry_checks_block_a_child_as_a_failure() {
        let mut rig = Rig::new(&[Some(AbortMode::None), UNGUARDED]);
        // Guard of child 0 is pseudo child 2.
        assert_eq!(
            rig.tick(&[false, true], &[Success, Running]),
            log(Running, &[2, 1], &[])
        );
        // Abort mode None: not watched while child 1 runs.
        assert_eq!(
            rig.tick(&[true, true], &[Success, Running]),
            log(Running, &[1], &[])
        );
        assert_eq!(
            rig.tick(&[true, true], &[Success, Failure]),
            log(Failure, &[1], &[])
        );
        assert_eq!(
            rig.tick(&[true, true], &[Success, Failure]),
            log(Success, &[2, 0], &[])
        );
        assert_eq!(
            rig.tick(&[false, true], &[Success, Failure]),
            log(Failure, &[2, 1], &[])
        );
    }

    /// The module docs' example, tick by tick.
    #[test]
    fn lower_priority_fires_on_a_change_to_true() {
        let mut rig = Rig::new(&[Some(LowerPriority), UNGUARDED]);
        let (attack_runs, patrol_runs) = ([Running, Running], [Running, Running]);
        assert_eq!(
            rig.tick(&[false, false], &patrol_runs),
            log(Running, &[2, 1], &[])
        );
        assert_eq!(
            rig.tick(&[false, false], &patrol_runs),
            log(Running, &[2, 1], &[])
        );
        assert_eq!(
            rig.tick(&[true, false], &attack_runs),
            log(Running, &[2, 0], &[1])
        );
        assert_eq!(rig.node.running(), Some(0));
        // Inside its own branch a `lower` guard is not watched.
        assert_eq!(
            rig.tick(&[false, false], &attack_runs),
            log(Running, &[0], &[])
        );
        assert_eq!(
            rig.tick(&[true, false], &[Failure, Running]),
            log(Running, &[0, 1], &[])
        );
        // Still true, but it was true when Attack ended: no abort, no thrashing.
        assert_eq!(
            rig.tick(&[true, false], &patrol_runs),
            log(Running, &[2, 1], &[])
        );
        assert_eq!(
            rig.tick(&[false, false], &patrol_runs),
            log(Running, &[2, 1], &[])
        );
        // False then true again: fires.
        assert_eq!(
            rig.tick(&[true, false], &attack_runs),
            log(Running, &[2, 0], &[1])
        );
    }

    #[test]
    fn an_aborting_child_that_fails_at_once_hands_back_to_the_next_ones() {
        let mut rig = Rig::new(&[Some(LowerPriority), UNGUARDED]);
        rig.tick(&[false, false], &[Running, Running]);
        // Fires, child 0 fails at once, child 1 starts again (fresh) in the same tick.
        assert_eq!(
            rig.tick(&[true, false], &[Failure, Running]),
            log(Running, &[2, 0, 1], &[1])
        );
        assert_eq!(
            rig.tick(&[true, false], &[Failure, Running]),
            log(Running, &[2, 1], &[])
        );
        // Child 0 succeeds at once after firing: the selector succeeds.
        rig.tick(&[false, false], &[Running, Running]);
        assert_eq!(
            rig.tick(&[true, false], &[Success, Running]),
            log(Success, &[2, 0], &[1])
        );
        assert_eq!(rig.node, ObserverSelector::new());
    }

    #[test]
    fn self_abort_halts_the_branch_and_moves_on_in_the_same_tick() {
        let mut rig = Rig::new(&[Some(SelfBranch), UNGUARDED]);
        assert_eq!(
            rig.tick(&[true, false], &[Running, Running]),
            log(Running, &[2, 0], &[])
        );
        assert_eq!(
            rig.tick(&[true, false], &[Running, Running]),
            log(Running, &[2, 0], &[])
        );
        assert_eq!(
            rig.tick(&[false, false], &[Running, Running]),
            log(Running, &[2, 1], &[0])
        );
        // A `self` guard is not watched from a lower branch.
        assert_eq!(
            rig.tick(&[true, false], &[Running, Running]),
            log(Running, &[1], &[])
        );
        // Self abort of the last child: Failure.
        let mut rig = Rig::new(&[UNGUARDED, Some(SelfBranch)]);
        assert_eq!(
            rig.tick(&[false, true], &[Failure, Running]),
            log(Running, &[0, 3, 1], &[])
        );
        assert_eq!(
            rig.tick(&[false, false], &[Failure, Running]),
            log(Failure, &[3], &[1])
        );
    }

    #[test]
    fn both_aborts_itself_and_comes_back() {
        let mut rig = Rig::new(&[Some(Both), UNGUARDED]);
        assert_eq!(
            rig.tick(&[true, false], &[Running, Running]),
            log(Running, &[2, 0], &[])
        );
        assert_eq!(
            rig.tick(&[false, false], &[Running, Running]),
            log(Running, &[2, 1], &[0])
        );
        assert_eq!(
            rig.tick(&[false, false], &[Running, Running]),
            log(Running, &[2, 1], &[])
        );
        assert_eq!(
            rig.tick(&[true, false], &[Running, Running]),
            log(Running, &[2, 0], &[1])
        );
    }

    #[test]
    fn the_highest_priority_guard_wins_and_later_ones_are_not_evaluated() {
        let guards = [Some(LowerPriority), Some(Both), Some(SelfBranch), UNGUARDED];
        let mut rig = Rig::new(&guards);
        // Guards are pseudo children 4..8. Children 0, 1 blocked, 2 fails, 3 runs.
        assert_eq!(
            rig.tick(
                &[false, false, true, false],
                &[Running, Running, Failure, Running]
            ),
            log(Running, &[4, 5, 6, 2, 3], &[])
        );
        // Child 3 runs: watched are guard 0 and guard 1 (not guard 2: `self` only).
        assert_eq!(
            rig.tick(&[false, false, false, false], &[Running; 4]),
            log(Running, &[4, 5, 3], &[])
        );
        // Both 0 and 1 turn true: 0 fires first; guard 1 is not evaluated this tick.
        assert_eq!(
            rig.tick(&[true, true, true, false], &[Running; 4]),
            log(Running, &[4, 0], &[3])
        );
        // While child 0 runs nothing before it is watched; its `lower` guard is not watched.
        assert_eq!(
            rig.tick(&[false, false, false, false], &[Running; 4]),
            log(Running, &[0], &[])
        );
    }

    #[test]
    fn a_lower_guard_seen_true_by_a_later_branch_fires_only_after_turning_false() {
        let mut rig = Rig::new(&[Some(LowerPriority), Some(LowerPriority), UNGUARDED]);
        assert_eq!(
            rig.tick(&[false, false, false], &[Running; 3]),
            log(Running, &[3, 4, 2], &[])
        );
        // Guard 1 fires; child 1 runs.
        assert_eq!(
            rig.tick(&[false, true, false], &[Running; 3]),
            log(Running, &[3, 4, 1], &[2])
        );
        // Child 1 fails on its own: it was entered, so guard 1 is last seen true.
        assert_eq!(
            rig.tick(&[false, true, false], &[Running, Failure, Running]),
            log(Running, &[3, 1, 2], &[])
        );
        assert_eq!(
            rig.tick(&[false, true, false], &[Running; 3]),
            log(Running, &[3, 4, 2], &[])
        );
    }

    /// Skipped only when every child's latest answer in the activation was `Skipped`: a child
    /// re-entered after a `lower` abort that skips again is one skipped child, not two.
    #[test]
    fn a_child_skipped_again_after_a_lower_abort_counts_once() {
        let mut rig = Rig::new(&[Some(LowerPriority), UNGUARDED]);
        // Guard of child 0 is pseudo child 2. Child 0 skipped, child 1 runs.
        assert_eq!(
            rig.tick(&[true, false], &[Skipped, Running]),
            log(Running, &[2, 0, 1], &[])
        );
        assert_eq!(
            rig.tick(&[false, false], &[Skipped, Running]),
            log(Running, &[2, 1], &[])
        );
        // Fires: child 1 halted, child 0 skipped again, child 1 fails: not every child skipped.
        assert_eq!(
            rig.tick(&[true, false], &[Skipped, Failure]),
            log(Failure, &[2, 0, 1], &[1])
        );
        assert_eq!(rig.node, ObserverSelector::new());

        // The same, but child 1 is skipped in the end: every latest answer is a skip.
        assert_eq!(
            rig.tick(&[true, false], &[Skipped, Running]),
            log(Running, &[2, 0, 1], &[])
        );
        assert_eq!(
            rig.tick(&[false, false], &[Skipped, Running]),
            log(Running, &[2, 1], &[])
        );
        assert_eq!(
            rig.tick(&[true, false], &[Skipped, Running]),
            log(Running, &[2, 0, 1], &[1])
        );
        assert_eq!(
            rig.tick(&[false, false], &[Skipped, Skipped]),
            log(Skipped, &[2, 1], &[])
        );
        assert_eq!(rig.node, ObserverSelector::new());
    }

    /// A `lower` abort forgets only the answers of the children walked again: an earlier
    /// child's failure stands, and the activation answers `Failure` even if every child walked
    /// again is skipped (a Fallback turned observer selector).
    #[test]
    fn a_lower_abort_keeps_an_earlier_childs_failure() {
        let mut rig = Rig::new(&[UNGUARDED, Some(LowerPriority), UNGUARDED]);
        // Guards are pseudo children 3..6. Child 0 fails, child 1 blocked, child 2 runs.
        assert_eq!(
            rig.tick(&[false; 3], &[Failure, Skipped, Running]),
            log(Running, &[0, 4, 2], &[])
        );
        // Guard 1 fires: child 2 halted, children 1 and 2 skipped; child 0 failed.
        assert_eq!(
            rig.tick(&[false, true, false], &[Failure, Skipped, Skipped]),
            log(Failure, &[4, 1, 2], &[2])
        );
        assert_eq!(rig.node, ObserverSelector::new());

        // The same with a guarded child 1 that failed before the abort at child 2.
        let mut rig = Rig::new(&[UNGUARDED, UNGUARDED, Some(LowerPriority), UNGUARDED]);
        // Guards are pseudo children 4..8.
        assert_eq!(
            rig.tick(&[false; 4], &[Skipped, Failure, Skipped, Running]),
            log(Running, &[0, 1, 6, 3], &[])
        );
        assert_eq!(
            rig.tick(
                &[false, false, true, false],
                &[Skipped, Failure, Skipped, Skipped]
            ),
            log(Failure, &[6, 2, 3], &[3])
        );
    }

    /// A re-entered child's new answer replaces its earlier one: skipped, then failed.
    #[test]
    fn a_re_entered_child_that_skipped_then_failed_counts_as_failed() {
        let mut rig = Rig::new(&[Some(LowerPriority), UNGUARDED]);
        assert_eq!(
            rig.tick(&[true, false], &[Skipped, Running]),
            log(Running, &[2, 0, 1], &[])
        );
        assert_eq!(
            rig.tick(&[false, false], &[Skipped, Running]),
            log(Running, &[2, 1], &[])
        );
        // Fires: child 0 now fails, child 1 is skipped.
        assert_eq!(
            rig.tick(&[true, false], &[Failure, Skipped]),
            log(Failure, &[2, 0, 1], &[1])
        );
        // And the other way: failed, then skipped on re-entry.
        assert_eq!(
            rig.tick(&[true, false], &[Failure, Running]),
            log(Running, &[2, 0, 1], &[])
        );
        assert_eq!(
            rig.tick(&[false, false], &[Failure, Running]),
            log(Running, &[2, 1], &[])
        );
        assert_eq!(
            rig.tick(&[true, false], &[Skipped, Skipped]),
            log(Skipped, &[2, 0, 1], &[1])
        );
    }

    /// A blocked child (guard false on entry) and a child aborted by its own guard count as
    /// failed; re-entered, a blocked child's new answer replaces the block.
    #[test]
    fn blocked_and_self_aborted_children_count_as_failed() {
        let guards = [Some(LowerPriority), Some(AbortMode::None), UNGUARDED];
        let mut rig = Rig::new(&guards);
        // Guards are pseudo children 3..6. Child 0 skipped, 1 blocked, 2 runs.
        assert_eq!(
            rig.tick(&[true, false, false], &[Skipped, Skipped, Running]),
            log(Running, &[3, 0, 4, 2], &[])
        );
        assert_eq!(
            rig.tick(&[false, false, false], &[Running; 3]),
            log(Running, &[3, 2], &[])
        );
        // Fires: child 0 skipped again, child 1 blocked again, child 2 skipped.
        assert_eq!(
            rig.tick(&[true, false, false], &[Skipped, Skipped, Skipped]),
            log(Failure, &[3, 0, 4, 2], &[2])
        );
        // Child 1 blocked first, then skipped on re-entry: every latest answer a skip.
        assert_eq!(
            rig.tick(&[true, false, false], &[Skipped, Skipped, Running]),
            log(Running, &[3, 0, 4, 2], &[])
        );
        assert_eq!(
            rig.tick(&[false, false, false], &[Running; 3]),
            log(Running, &[3, 2], &[])
        );
        assert_eq!(
            rig.tick(&[true, true, false], &[Skipped, Skipped, Skipped]),
            log(Skipped, &[3, 0, 4, 1, 2], &[2])
        );

        // A `self` abort: child 1 halted by its own guard counts as failed.
        let mut rig = Rig::new(&[Some(LowerPriority), Some(Both), UNGUARDED]);
        assert_eq!(
            rig.tick(&[true, true, false], &[Skipped, Running, Running]),
            log(Running, &[3, 0, 4, 1], &[])
        );
        assert_eq!(
            rig.tick(&[true, false, false], &[Skipped, Running, Skipped]),
            log(Failure, &[3, 4, 2], &[1])
        );
        // Aborted by its own guard, then re-entered after child 0's `lower` abort and skipped.
        assert_eq!(
            rig.tick(&[true, true, false], &[Skipped, Running, Running]),
            log(Running, &[3, 0, 4, 1], &[])
        );
        assert_eq!(
            rig.tick(&[false, false, false], &[Skipped, Running, Running]),
            log(Running, &[3, 4, 2], &[1])
        );
        assert_eq!(
            rig.tick(&[true, true, false], &[Skipped, Skipped, Skipped]),
            log(Skipped, &[3, 0, 4, 1, 2], &[2])
        );
    }

    #[test]
    fn completion_skips_and_halt() {
        let mut rig = Rig::new(&[Some(LowerPriority), UNGUARDED]);
        assert_eq!(
            rig.tick(&[true, false], &[Skipped, Skipped]),
            log(Skipped, &[2, 0, 1], &[])
        );
        assert_eq!(
            rig.tick(&[false, false], &[Skipped, Skipped]),
            log(Failure, &[2, 1], &[])
        );
        assert_eq!(
            rig.tick(&[true, false], &[Skipped, Success]),
            log(Success, &[2, 0, 1], &[])
        );
        // A skipped guarded child was entered: its guard is last seen true.
        assert_eq!(
            rig.tick(&[true, false], &[Skipped, Running]),
            log(Running, &[2, 0, 1], &[])
        );
        assert_eq!(
            rig.tick(&[true, false], &[Skipped, Running]),
            log(Running, &[2, 1], &[])
        );
        let halted = rig.halt();
        assert_eq!(halted.halted, [1]);
        assert_eq!(rig.node, ObserverSelector::new());
        // Halting an idle selector does nothing.
        assert!(rig.halt().halted.is_empty());
        // After the halt, a new activation: the guard is checked on entry.
        assert_eq!(
            rig.tick(&[true, false], &[Running, Running]),
            log(Running, &[2, 0], &[])
        );
    }

    /// The running child, between ticks: none before and after an activation.
    #[test]
    fn the_running_child_is_read_back() {
        let mut rig = Rig::new(&[UNGUARDED, UNGUARDED, UNGUARDED]);
        assert_eq!((rig.node.running(), rig.node.is_running()), (None, false));
        rig.tick(&[false; 3], &[Failure, Running, Running]);
        assert_eq!((rig.node.running(), rig.node.is_running()), (Some(1), true));
        rig.tick(&[false; 3], &[Failure, Failure, Running]);
        assert_eq!(rig.node.running(), Some(2));
        rig.tick(&[false; 3], &[Failure, Failure, Success]);
        assert_eq!((rig.node.running(), rig.node.is_running()), (None, false));
    }

    #[test]
    fn one_child() {
        let mut rig = Rig::new(&[Some(Both)]);
        assert_eq!(rig.tick(&[false], &[Running]), log(Failure, &[1], &[]));
        assert_eq!(rig.tick(&[true], &[Running]), log(Running, &[1, 0], &[]));
        assert_eq!(rig.tick(&[false], &[Running]), log(Failure, &[1], &[0]));
    }

    fn tick_decorator(
        h: &mut Harness,
        node: &mut ConditionalAbort,
        mode: AbortMode,
        condition: bool,
        child: Status,
    ) -> Log {
        let first = node.start(mode);
        h.tick(
            first,
            |e| node.next(e, mode),
            |k| match k {
                0 => child,
                _ => Status::from_bool(condition),
            },
        )
    }

    /// The decorator's straight-line form (`checks`, `on_condition`, `on_child`, `take_running`)
    /// does what its `Step` form does, over random conditions, answers and halts.
    #[test]
    fn decorator_straight_line_form_is_the_step_form() {
        let mut roll = crate::testing::Roll::new(31);
        for mode in [AbortMode::None, SelfBranch, LowerPriority, Both] {
            let (mut h, mut stepped, mut node) = (
                Harness::new(2),
                ConditionalAbort::new(),
                ConditionalAbort::new(),
            );
            for round in 0..2_000 {
                if roll.below(8) == 0 {
                    let first = stepped.halt(mode);
                    let log = h.halt(first, |e| stepped.next(e, mode), answers(&[]));
                    let halted = Vec::from_iter(node.take_running().then_some(0));
                    assert_eq!(log.halted, halted, "round {round}");
                    assert_eq!(node, stepped);
                    continue;
                }
                let (condition, child) = (roll.below(3) != 0, roll.status());
                let log = tick_decorator(&mut h, &mut stepped, mode, condition, child);
                let was_running = node.is_running();
                let (mut ticked, mut halted) = (Vec::new(), Vec::new());
                let mut answer = None;
                if node.checks(mode) {
                    ticked.push(ConditionalAbort::CONDITION);
                    answer = node.on_condition(Status::from_bool(condition));
                }
                let status = match answer {
                    Some(status) => {
                        halted.extend(was_running.then_some(0));
                        status
                    }
                    None => {
                        ticked.push(0);
                        node.on_child(child)
                    }
                };
                assert_eq!(log, self::log(status, &ticked, &halted), "round {round}");
                assert_eq!(node, stepped, "round {round}");
            }
        }
    }

    #[test]
    fn decorator_checks_on_entry() {
        for mode in [AbortMode::None, SelfBranch, LowerPriority, Both] {
            let mut h = Harness::new(2);
            let mut node = ConditionalAbort::new();
            assert_eq!(
                tick_decorator(&mut h, &mut node, mode, false, Success),
                log(Failure, &[1], &[])
            );
            for status in [Success, Failure, Skipped, Running] {
                assert_eq!(
                    tick_decorator(&mut h, &mut node, mode, true, status),
                    log(status, &[1, 0], &[])
                );
                let _ = h.halt(node.halt(mode), |e| node.next(e, mode), answers(&[]));
            }
        }
    }

    #[test]
    fn decorator_self_watches_the_running_child() {
        for mode in [SelfBranch, Both] {
            let mut h = Harness::new(2);
            let mut node = ConditionalAbort::new();
            tick_decorator(&mut h, &mut node, mode, true, Running);
            assert_eq!(
                tick_decorator(&mut h, &mut node, mode, true, Running),
                log(Running, &[1, 0], &[])
            );
            assert_eq!(
                tick_decorator(&mut h, &mut node, mode, false, Running),
                log(Failure, &[1], &[0])
            );
            assert!(!node.is_running());
        }
        for mode in [AbortMode::None, LowerPriority] {
            let mut h = Harness::new(2);
            let mut node = ConditionalAbort::new();
            tick_decorator(&mut h, &mut node, mode, true, Running);
            assert_eq!(
                tick_decorator(&mut h, &mut node, mode, false, Running),
                log(Running, &[0], &[])
            );
            assert_eq!(
                tick_decorator(&mut h, &mut node, mode, false, Success),
                log(Success, &[0], &[])
            );
            assert_eq!(
                tick_decorator(&mut h, &mut node, mode, false, Success),
                log(Failure, &[1], &[])
            );
        }
    }

    #[test]
    fn decorator_halt() {
        let mut h = Harness::new(2);
        let mut node = ConditionalAbort::new();
        tick_decorator(&mut h, &mut node, SelfBranch, true, Running);
        let halted = h.halt(
            node.halt(SelfBranch),
            |e| node.next(e, SelfBranch),
            answers(&[]),
        );
        assert_eq!(halted.halted, [0]);
        assert!(!node.is_running());
        let halted = h.halt(
            node.halt(SelfBranch),
            |e| node.next(e, SelfBranch),
            answers(&[]),
        );
        assert!(halted.halted.is_empty());
    }
}
