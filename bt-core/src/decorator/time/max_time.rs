use core::time::Duration;

use crate::step::{Event, Step};
use crate::time::{arm, passed, unstamp, Nanos};
use crate::Status;

/// The state of an idle MaxTime: no deadline.
const IDLE: u64 = 0;

/// **MaxTime** (behavior3 `MaxTime(maxTime)`, decision 7): the child must finish within `max`
/// of the activation's first tick. The clock is read *before* the child's tick; the child is
/// ticked; then, if more than `max` had passed, the node fails, **whatever the child answered**
/// (even `Success`), halting a child that is still running.
///
/// A [`Step`] rule (`crate::step`), because it halts its child on its own. Per-tick input: `now`,
/// the tree's clock read **once, before the child's tick**: pass the same value to
/// [`start`](MaxTime::start) and [`next`](MaxTime::next). Parameter: `max`, read on the first
/// tick of an activation (a duration from an entry that changes while the node runs does not move
/// its deadline).
///
/// | `now - start` (before the child's tick) | child answers | MaxTime |
/// |---|---|---|
/// | `<= max` | `Success` / `Failure` / `Skipped` | the same |
/// | `<= max` | `Running` | `Running` |
/// | `> max` | `Success` / `Failure` / `Skipped` | `Failure` |
/// | `> max` | `Running` | the child is halted, `Failure` |
///
/// `start` is the `now` of the activation's first tick; the child is always ticked, even when
/// time is already over (behavior3's decorator is non-preemptive: the child gets its tick, then
/// the verdict). Since the first tick sees `now - start = 0`, a child that completes on the first
/// tick always passes, also for `max = 0`; `MaxTime(0)` fails on the first later tick at which the
/// clock moved.
///
/// **Halting** (the node is running) halts the child and forgets `start`. **Memory**: the
/// deadline `start + max`, held only while running (cleared on every answer but `Running`); an idle MaxTime holds
/// nothing, so a tree halt only needs the halt of a running MaxTime.
///
/// Differences from behavior3: there the decorator leaves a still-running child to the tree-level
/// closing pass (which, with behavior3's stack mismatch, closes it one node late); we halt it
/// before answering, so the answer `Failure` never leaves a running child (decision 7). behavior3
/// compares whole milliseconds; we compare nanoseconds ([`Nanos`]). A child `Skipped` after time is over
/// fails like any other answer (behavior3 has no skip).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MaxTime {
    /// `start + max`, `max` read on the activation's first tick, as a kept time
    /// ([`arm`](crate::time::arm), 8 bytes); [`IDLE`] when idle.
    deadline: u64,
}

impl MaxTime {
    /// An idle MaxTime.
    pub const fn new() -> Self {
        MaxTime { deadline: IDLE }
    }

    /// The first step of a tick at time `now`: tick the child. `max` is read on the first tick
    /// of an activation only.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(&mut self, now: impl Into<Nanos>, max: Duration) -> Step {
        self.begin(now, max);
        Step::Tick(0)
    }

    /// What happened after the last step; `now` is the value given to [`start`](MaxTime::start)
    /// in this tick. `max` is not read here (it was read when the activation started); it is a
    /// parameter so that every call of the rule takes the same arguments.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn next(&mut self, event: Event, now: impl Into<Nanos>, max: Duration) -> Step {
        let _ = max;
        match event {
            Event::Child(_, child) => {
                let over = self.deadline != IDLE && self.over(now.into());
                match self.on_child(child, over) {
                    Ok(status) => Step::Return(status),
                    Err(_) => Step::Halt(0),
                }
            }
            Event::Halted(_) => {
                self.deadline = IDLE;
                Step::Return(Status::Failure)
            }
        }
    }

    /// Halted while running: halt the child; the next tick starts a new activation.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt(&mut self) -> Step {
        self.stop();
        Step::Halt(0)
    }

    /// The straight-line form of a tick, which the generated code uses (the `Step` methods above
    /// are the same rule, one step at a time): `begin` at time `now`, before the child's tick,
    /// starts the activation's clock on its first tick and answers whether its time is over;
    /// then the child's tick and [`on_child`](Self::on_child) with that answer.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn begin(&mut self, now: impl Into<Nanos>, max: Duration) -> bool {
        let now = now.into();
        if self.deadline == IDLE {
            self.deadline = arm(now, max);
        }
        self.over(now)
    }

    /// `now` is later than the armed deadline.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn over(&self, now: Nanos) -> bool {
        passed(now, self.deadline)
    }

    /// The child answered `child`, `over` as [`begin`](Self::begin) said: `Ok(answer)`, or
    /// `Err(answer)` when the caller must first halt the child (still running, time over). Every
    /// answer but `Running` ends the activation.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn on_child(&mut self, child: Status, over: bool) -> Result<Status, Status> {
        match child {
            Status::Running if !over => Ok(Status::Running),
            Status::Running => {
                self.deadline = IDLE;
                Err(Status::Failure)
            }
            _ => {
                self.deadline = IDLE;
                Ok(if over { Status::Failure } else { child })
            }
        }
    }

    /// The halt in straight-line form: the activation is forgotten (the caller halts the child).
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

    /// When the current activation's time is over: `start + max` (`None` when idle).
    pub fn deadline(&self) -> Option<Duration> {
        unstamp(self.deadline)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::script::{answers, Harness};
    use crate::time::ms;
    use Status::*;

    fn tick(h: &mut Harness, node: &mut MaxTime, now: u64, max: u64, child: Status) -> Status {
        let (now, max) = (ms(now), ms(max));
        let first = node.start(now, max);
        let log = h.tick(first, |e| node.next(e, now, max), answers(&[child]));
        assert_eq!(log.ticked, [0], "the child is ticked on every tick");
        log.status.unwrap()
    }

    /// The straight-line form (`begin`, the child, `on_child`, the halt it asks for; the halt:
    /// `stop`) does what the `Step` form does, over random times, answers and halts.
    #[test]
    fn straight_line_form_is_the_step_form() {
        let mut roll = crate::testing::Roll::new(17);
        let (mut h, mut stepped, mut node) = (Harness::new(1), MaxTime::new(), MaxTime::new());
        let mut now = 0;
        for round in 0..5_000 {
            now += roll.below(40) as u64;
            if roll.below(8) == 0 {
                let first = stepped.halt();
                h.halt(first, |e| stepped.next(e, ms(now), ms(50)), answers(&[]));
                node.stop();
                assert_eq!(node, stepped, "round {round}");
                continue;
            }
            let child = roll.status();
            let first = stepped.start(ms(now), ms(50));
            let log = h.tick(
                first,
                |e| stepped.next(e, ms(now), ms(50)),
                answers(&[child]),
            );
            let over = node.begin(ms(now), ms(50));
            let (status, halted) = match node.on_child(child, over) {
                Ok(status) => (status, vec![]),
                Err(status) => (status, vec![0]),
            };
            assert_eq!(log.status, Some(status), "round {round}");
            assert_eq!(log.halted, halted, "round {round}");
            assert_eq!(node, stepped, "round {round}");
            assert_eq!(node.is_running(), status == Running, "round {round}");
        }
    }

    #[test]
    fn within_time_the_child_answers() {
        let mut h = Harness::new(1);
        let mut node = MaxTime::new();
        assert_eq!(tick(&mut h, &mut node, 0, 100, Running), Running);
        assert_eq!(node.deadline(), Some(ms(100)));
        assert_eq!(tick(&mut h, &mut node, 100, 100, Running), Running, "= max");
        assert_eq!(tick(&mut h, &mut node, 100, 100, Success), Success);
        assert_eq!(node.deadline(), None);
        for child in [Success, Failure, Skipped] {
            assert_eq!(tick(&mut h, &mut node, 500, 100, child), child);
        }
    }

    #[test]
    fn over_time_fails_even_on_success() {
        for child in [Success, Failure, Skipped] {
            let mut h = Harness::new(1);
            let mut node = MaxTime::new();
            assert_eq!(tick(&mut h, &mut node, 0, 100, Running), Running);
            assert_eq!(tick(&mut h, &mut node, 101, 100, child), Failure);
            assert!(h.running().is_empty());
            assert_eq!(node.deadline(), None);
            assert_eq!(
                tick(&mut h, &mut node, 300, 100, Running),
                Running,
                "a new activation"
            );
        }
    }

    #[test]
    fn over_time_halts_a_running_child() {
        let mut h = Harness::new(1);
        let mut node = MaxTime::new();
        assert_eq!(tick(&mut h, &mut node, 10, 100, Running), Running);
        let (now, max) = (ms(111), ms(100));
        let first = node.start(now, max);
        let log = h.tick(first, |e| node.next(e, now, max), answers(&[Running]));
        assert_eq!((log.status, log.halted), (Some(Failure), vec![0]));
        assert_eq!(node.deadline(), None);
    }

    #[test]
    fn max_is_read_when_the_activation_starts() {
        let mut h = Harness::new(1);
        let mut node = MaxTime::new();
        assert_eq!(tick(&mut h, &mut node, 0, 100, Running), Running);
        // A shorter or longer `max` given later (an entry changed) does not move the deadline.
        assert_eq!(tick(&mut h, &mut node, 50, 10, Running), Running);
        assert_eq!(tick(&mut h, &mut node, 101, 1000, Success), Failure);
    }

    #[test]
    fn zero_passes_the_first_tick_only() {
        let mut h = Harness::new(1);
        let mut node = MaxTime::new();
        assert_eq!(tick(&mut h, &mut node, 7, 0, Success), Success);
        assert_eq!(tick(&mut h, &mut node, 8, 0, Running), Running);
        assert_eq!(
            tick(&mut h, &mut node, 8, 0, Running),
            Running,
            "clock still"
        );
        assert_eq!(tick(&mut h, &mut node, 9, 0, Success), Failure);
    }

    #[test]
    fn halt_halts_the_child_and_restarts_the_clock() {
        let mut h = Harness::new(1);
        let mut node = MaxTime::new();
        assert_eq!(tick(&mut h, &mut node, 0, 100, Running), Running);
        let first = node.halt();
        let log = h.halt(first, |e| node.next(e, ms(50), ms(100)), answers(&[]));
        assert_eq!(log.halted, [0]);
        assert_eq!(node.deadline(), None);
        assert_eq!(tick(&mut h, &mut node, 150, 100, Running), Running);
        assert_eq!(tick(&mut h, &mut node, 250, 100, Success), Success);
    }
}
