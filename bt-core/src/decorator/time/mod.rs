//! The decorators that measure time: [`Delay`] and [`Timeout`] (BehaviorTree.CPP, here),
//! [`Deadline`] (NodeCanvas's Timeout), [`MaxTime`] (behavior3) and [`Cooldown`] (NodeCanvas's
//! Filter in cool-down mode). Their rules take the time `now` (read by the generated code from the
//! context's [`Clock`](crate::Clock) once per tick of the node) and the duration as arguments;
//! they never read a clock.

mod cooldown;
mod deadline;
mod max_time;

pub use cooldown::Cooldown;
pub use deadline::Deadline;
pub use max_time::MaxTime;

use core::time::Duration;

use crate::step::{Event, Step};
use crate::time::{arm, reached, Nanos};
use crate::Status;

/// **Delay** (BehaviorTree.CPP `Delay`, port `delay_msec`): wait `delay` from the first tick of an
/// activation, answering `Running` without ticking the child; then tick the child on every tick
/// and answer its status.
///
/// Per-tick input: `now`, the time. Parameter (the same on every call): `delay`.
///
/// | state | Delay |
/// |---|---|
/// | idle (first tick of an activation) | starts the wait at `now`; `Running`, child not ticked — **even for a delay of 0** |
/// | waiting, `now - start < delay` | `Running`, child not ticked |
/// | `now - start >= delay` (and from then on) | ticks the child (next rows) |
/// | child answers `Running` | `Running` |
/// | child answers `Success` / `Failure` / `Skipped` | that status; the delay is re-armed for the next activation |
///
/// Driven as the stateful decorators are: [`start`](Self::start) answers without the child
/// (`Some`) or asks for it (`None`), then [`on_child`](Self::on_child) maps the child's answer.
/// The node always may answer `Running` (its first tick does). Halting the node (the generated
/// code halts the child) clears the wait: no memory survives a halt, and an idle node's state is
/// always [`new`](Self::new).
///
/// `spec/decisions.md`, decision 7: the child is ticked from the first tick at which
/// `now - start >= delay` (inclusive). Difference from BehaviorTree.CPP: there, a child answering
/// `Skipped` does not re-arm the delay (the next tick ticks the child at once); here `Skipped`
/// ends the activation like a completion, so the next tick waits again (a skipped node is
/// inactive, decision 3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Delay {
    /// When the wait ends (`start + delay`, the delay read at the start), as a kept time
    /// ([`arm`], 8 bytes); [`IDLE`] when idle.
    until: u64,
}

/// The state of an idle Delay or Timeout: no time.
const IDLE: u64 = 0;

/// A Timeout running without a deadline (`msec = 0`).
const NEVER: u64 = 1;

impl Delay {
    /// An idle Delay.
    pub const fn new() -> Self {
        Delay { until: IDLE }
    }

    /// Before ticking the child: `Some(Running)` while waiting, `None` to tick the child.
    /// `delay` is read on the first tick of an activation only.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(&mut self, now: impl Into<Nanos>, delay: Duration) -> Option<Status> {
        let now = now.into();
        match self.until {
            IDLE => {
                self.until = arm(now, delay);
                Some(Status::Running)
            }
            until if reached(now, until) => None,
            _ => Some(Status::Running),
        }
    }

    /// The child answered `child`: passed through; anything but `Running` re-arms the delay.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn on_child(&mut self, child: Status) -> Status {
        if child != Status::Running {
            self.until = IDLE;
        }
        child
    }

    /// Halted while running: the wait is forgotten.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt(&mut self) {
        self.until = IDLE;
    }

    /// Whether the node is running (between ticks: it is waiting or its child runs). The
    /// generated code reads it as the node's running flag.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn is_running(&self) -> bool {
        self.until != IDLE
    }
}

/// **Timeout** (BehaviorTree.CPP `Timeout`, port `msec`): tick the child; if it is still running
/// when `msec` has passed since the first tick of the activation, halt it and fail.
///
/// Per-tick input: `now`, the time. Parameter: `msec`, passed on every call and read on the first
/// tick of an activation (as BehaviorTree.CPP reads its port when the timer starts); zero disables
/// the timeout.
///
/// | state | Timeout |
/// |---|---|
/// | idle (first tick of an activation) | starts the clock at `now`, ticks the child |
/// | child running, `msec > 0` and `now - start >= msec` | halts the child **without ticking it**; `Failure` |
/// | child running, otherwise | ticks the child |
/// | child answers `Running` | `Running` |
/// | child answers `Success` / `Failure` / `Skipped` | that status; the clock is re-armed for the next activation |
///
/// The node halts its child on its own, so it uses the [`Step`] protocol. It answers `Running`
/// only when its child does. Halting the node halts the child and clears the clock: no memory
/// survives a halt, and an idle node's state is always [`new`](Self::new).
///
/// `spec/decisions.md`, decision 7: the check happens before the child is ticked, and is
/// inclusive (`>=`); `msec = 0` never times out. Difference from BehaviorTree.CPP: there, a timer
/// thread halts the child when the time is up (a known race, its issue #57) and the next tick
/// answers `Failure`; here the timeout is noticed, and the child halted, at the first tick at or
/// after the deadline.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Timeout {
    /// When the activation times out (`start + msec`, `msec` read at the start), as a kept time
    /// ([`arm`], 8 bytes); [`NEVER`] for no timeout (`msec = 0`), [`IDLE`] when idle.
    deadline: u64,
}

impl Timeout {
    /// An idle Timeout.
    pub const fn new() -> Self {
        Timeout { deadline: IDLE }
    }

    /// The first step of a tick: tick the child, or halt it (timed out). `msec` is read on the
    /// first tick of an activation only.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(&mut self, now: impl Into<Nanos>, msec: Duration) -> Step {
        if self.expired(now, msec) {
            Step::Halt(0)
        } else {
            Step::Tick(0)
        }
    }

    /// The next step after `event`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn next(&mut self, event: Event, _msec: Duration) -> Step {
        match event {
            Event::Child(_, status) => Step::Return(self.on_child(status)),
            // The child was halted: timed out (in a halt of the node, the status is ignored).
            Event::Halted(_) => Step::Return(Status::Failure),
        }
    }

    /// The node is halted: halts the child and clears the clock.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt(&mut self, _msec: Duration) -> Step {
        self.stop();
        Step::Halt(0)
    }

    /// The straight-line form of a tick, which the generated code uses (the `Step` methods above
    /// are the same rule, one step at a time): `true` when the activation has timed out, and then
    /// the caller halts the child and the node answers `Failure` (the clock is already cleared);
    /// `false` when the child is to be ticked, its answer then given to
    /// [`on_child`](Self::on_child). Starts the clock on the first tick of an activation.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn expired(&mut self, now: impl Into<Nanos>, msec: Duration) -> bool {
        let now = now.into();
        match self.deadline {
            IDLE => {
                self.deadline = if msec.is_zero() {
                    NEVER
                } else {
                    arm(now, msec)
                };
                false
            }
            NEVER => false,
            deadline if reached(now, deadline) => {
                self.deadline = IDLE;
                true
            }
            _ => false,
        }
    }

    /// The child answered `child`: the node's answer; anything but `Running` re-arms the clock.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn on_child(&mut self, child: Status) -> Status {
        if child != Status::Running {
            self.deadline = IDLE;
        }
        child
    }

    /// The halt in straight-line form: clears the clock (the caller halts the child).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn stop(&mut self) {
        self.deadline = IDLE;
    }

    /// Whether the node is running (between ticks: its child is running). The generated code
    /// reads it as the node's running flag.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn is_running(&self) -> bool {
        self.deadline != IDLE
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::script::{answers, Harness, Log};
    use crate::testing::{halted, log};
    use crate::time::ms;
    use Status::*;

    /// One tick of a Delay: its status and whether the child was ticked.
    fn delay(node: &mut Delay, now: u64, delay: u64, child: Status) -> (Status, bool) {
        match node.start(ms(now), ms(delay)) {
            Some(status) => (status, false),
            None => (node.on_child(child), true),
        }
    }

    #[test]
    fn delay_waits_then_ticks_the_child() {
        let mut node = Delay::new();
        assert_eq!(delay(&mut node, 100, 50, Success), (Running, false));
        assert_eq!(delay(&mut node, 149, 50, Success), (Running, false));
        assert_eq!(delay(&mut node, 150, 50, Running), (Running, true));
        // Once the delay has passed, the child is ticked on every tick.
        assert_eq!(delay(&mut node, 151, 50, Running), (Running, true));
        assert_eq!(delay(&mut node, 152, 50, Failure), (Failure, true));
        assert_eq!(node, Delay::new());
        // Re-armed: a new activation waits again.
        assert_eq!(delay(&mut node, 160, 50, Success), (Running, false));
        assert_eq!(delay(&mut node, 200, 50, Success), (Running, false));
        assert_eq!(delay(&mut node, 210, 50, Success), (Success, true));
    }

    #[test]
    fn delay_of_zero_still_answers_running_once() {
        let mut node = Delay::new();
        assert_eq!(delay(&mut node, 7, 0, Success), (Running, false));
        assert_eq!(delay(&mut node, 7, 0, Success), (Success, true));
        assert_eq!(delay(&mut node, 7, 0, Success), (Running, false));
    }

    #[test]
    fn delay_skipped_child_re_arms() {
        let mut node = Delay::new();
        assert_eq!(delay(&mut node, 0, 10, Skipped), (Running, false));
        assert_eq!(delay(&mut node, 10, 10, Skipped), (Skipped, true));
        assert_eq!(node, Delay::new());
        assert_eq!(delay(&mut node, 11, 10, Success), (Running, false));
    }

    #[test]
    fn delay_reads_its_duration_when_it_starts() {
        let mut node = Delay::new();
        assert_eq!(delay(&mut node, 0, 10, Success), (Running, false));
        // A duration given later (an entry changed while waiting) does not move the end.
        assert_eq!(delay(&mut node, 9, 1000, Success), (Running, false));
        assert_eq!(delay(&mut node, 10, 1000, Running), (Running, true));
        assert_eq!(delay(&mut node, 11, 0, Success), (Success, true));
        // The next activation reads it again.
        assert_eq!(delay(&mut node, 20, 1000, Success), (Running, false));
        assert_eq!(delay(&mut node, 1019, 0, Success), (Running, false));
        assert_eq!(delay(&mut node, 1020, 0, Success), (Success, true));
    }

    #[test]
    fn delay_halt_clears_the_wait() {
        let mut node = Delay::new();
        assert_eq!(delay(&mut node, 0, 10, Success), (Running, false));
        node.halt();
        assert_eq!(node, Delay::new());
        assert_eq!(delay(&mut node, 10, 10, Success), (Running, false));
        assert_eq!(delay(&mut node, 19, 10, Success), (Running, false));
        assert_eq!(delay(&mut node, 20, 10, Running), (Running, true));
        node.halt();
        assert_eq!(delay(&mut node, 30, 10, Success), (Running, false));
    }

    fn timeout(node: &mut Timeout, h: &mut Harness, now: u64, msec: u64, child: Status) -> Log {
        let first = node.start(ms(now), ms(msec));
        h.tick(first, |e| node.next(e, ms(msec)), answers(&[child]))
    }

    #[test]
    fn timeout_passes_the_child_through_in_time() {
        let (mut node, mut h) = (Timeout::new(), Harness::new(1));
        for status in [Success, Failure, Skipped] {
            assert_eq!(
                timeout(&mut node, &mut h, 0, 10, status),
                log(status, &[0], &[])
            );
            assert_eq!(node, Timeout::new());
        }
        assert_eq!(
            timeout(&mut node, &mut h, 0, 10, Running),
            log(Running, &[0], &[])
        );
        assert_eq!(
            timeout(&mut node, &mut h, 9, 10, Success),
            log(Success, &[0], &[])
        );
        // Re-armed by the completion: the next activation has its full time again.
        assert_eq!(
            timeout(&mut node, &mut h, 15, 10, Running),
            log(Running, &[0], &[])
        );
        assert_eq!(
            timeout(&mut node, &mut h, 24, 10, Running),
            log(Running, &[0], &[])
        );
    }

    #[test]
    fn timeout_halts_the_running_child_before_ticking_it() {
        let (mut node, mut h) = (Timeout::new(), Harness::new(1));
        assert_eq!(
            timeout(&mut node, &mut h, 100, 10, Running),
            log(Running, &[0], &[])
        );
        // At the deadline (inclusive), the child would succeed but is not ticked.
        assert_eq!(
            timeout(&mut node, &mut h, 110, 10, Success),
            log(Failure, &[], &[0])
        );
        assert_eq!(node, Timeout::new());
        // The next activation starts a new clock.
        assert_eq!(
            timeout(&mut node, &mut h, 200, 10, Running),
            log(Running, &[0], &[])
        );
        assert_eq!(
            timeout(&mut node, &mut h, 500, 10, Running),
            log(Failure, &[], &[0])
        );
    }

    #[test]
    fn timeout_reads_its_duration_when_it_starts() {
        let (mut node, mut h) = (Timeout::new(), Harness::new(1));
        assert_eq!(
            timeout(&mut node, &mut h, 0, 10, Running),
            log(Running, &[0], &[])
        );
        // Neither a longer duration nor zero, given while it runs, moves the deadline.
        assert_eq!(
            timeout(&mut node, &mut h, 9, 0, Running),
            log(Running, &[0], &[])
        );
        assert_eq!(
            timeout(&mut node, &mut h, 10, 1000, Running),
            log(Failure, &[], &[0])
        );
        // Zero read at the start disables this activation's timeout, whatever comes later.
        assert_eq!(
            timeout(&mut node, &mut h, 20, 0, Running),
            log(Running, &[0], &[])
        );
        assert_eq!(
            timeout(&mut node, &mut h, 5000, 1, Running),
            log(Running, &[0], &[])
        );
    }

    #[test]
    fn timeout_zero_never_times_out() {
        let (mut node, mut h) = (Timeout::new(), Harness::new(1));
        for now in [0, 1, 1_000, 1_000_000] {
            assert_eq!(
                timeout(&mut node, &mut h, now, 0, Running),
                log(Running, &[0], &[])
            );
        }
        assert_eq!(
            timeout(&mut node, &mut h, 2_000_000, 0, Success),
            log(Success, &[0], &[])
        );
    }

    #[test]
    fn timeout_halt_halts_the_child_and_clears_the_clock() {
        let (mut node, mut h) = (Timeout::new(), Harness::new(1));
        timeout(&mut node, &mut h, 0, 10, Running);
        let first = node.halt(ms(10));
        assert_eq!(
            h.halt(first, |e| node.next(e, ms(10)), answers(&[])),
            halted(&[], &[0])
        );
        assert_eq!(node, Timeout::new());
        // Long after the old deadline: a fresh activation.
        assert_eq!(
            timeout(&mut node, &mut h, 50, 10, Running),
            log(Running, &[0], &[])
        );
        assert_eq!(
            timeout(&mut node, &mut h, 59, 10, Running),
            log(Running, &[0], &[])
        );
        assert_eq!(
            timeout(&mut node, &mut h, 60, 10, Running),
            log(Failure, &[], &[0])
        );
    }

    /// The straight-line form (`expired`, the child, `on_child`; `stop`) does what the `Step`
    /// form does, over random times, answers and halts; `is_running` is the running flag.
    #[test]
    fn timeout_straight_line_form_is_the_step_form() {
        let mut rng = crate::testing::Roll::new(7);
        let (mut stepped, mut h) = (Timeout::new(), Harness::new(1));
        let mut straight = Timeout::new();
        let mut now = 0;
        for _ in 0..3_000 {
            now += rng.below(30) as u64;
            let msec = ms([0, 20, 50][rng.below(3)]);
            if rng.below(10) == 0 {
                let first = stepped.halt(msec);
                h.halt(first, |e| stepped.next(e, msec), answers(&[]));
                straight.stop();
                assert_eq!(straight, stepped);
                continue;
            }
            let answer = rng.status();
            let first = stepped.start(ms(now), msec);
            let log = h.tick(first, |e| stepped.next(e, msec), answers(&[answer]));
            let expired = straight.expired(ms(now), msec);
            let status = if expired {
                Failure
            } else {
                straight.on_child(answer)
            };
            assert_eq!(log.status, Some(status));
            assert_eq!(
                log.ticked.is_empty(),
                expired,
                "a timed-out child is not ticked"
            );
            assert_eq!(straight, stepped);
            assert_eq!(straight.is_running(), status == Running);
        }
    }

    #[test]
    fn delay_is_running_while_it_waits_or_its_child_runs() {
        let mut node = Delay::new();
        assert!(!node.is_running());
        assert_eq!(delay(&mut node, 0, 10, Success), (Running, false));
        assert!(node.is_running());
        assert_eq!(delay(&mut node, 10, 10, Running), (Running, true));
        assert!(node.is_running());
        assert_eq!(delay(&mut node, 20, 10, Success), (Success, true));
        assert!(!node.is_running());
        delay(&mut node, 30, 10, Success);
        node.halt();
        assert!(!node.is_running());
    }
}
