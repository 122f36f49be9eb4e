use core::time::Duration;

use crate::step::{Event, Step};
use crate::Status;

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
/// compares whole milliseconds; we compare [`Duration`]s. A child `Skipped` after time is over
/// fails like any other answer (behavior3 has no skip).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MaxTime {
    /// `start + max`, `max` read on the activation's first tick; `None` when idle.
    deadline: Option<Duration>,
}

impl MaxTime {
    /// An idle MaxTime.
    pub const fn new() -> Self {
        MaxTime { deadline: None }
    }

    /// The first step of a tick at time `now`: tick the child. `max` is read on the first tick
    /// of an activation only.
    #[inline(always)]
    pub fn start(&mut self, now: Duration, max: Duration) -> Step {
        self.deadline.get_or_insert(now.saturating_add(max));
        Step::Tick(0)
    }

    /// What happened after the last step; `now` is the value given to [`start`](MaxTime::start)
    /// in this tick. `max` is not read here (it was read when the activation started); it is a
    /// parameter so that every call of the rule takes the same arguments.
    #[inline(always)]
    pub fn next(&mut self, event: Event, now: Duration, max: Duration) -> Step {
        let _ = max;
        let over = match self.deadline {
            Some(deadline) => now > deadline,
            None => false,
        };
        match event {
            Event::Child(_, Status::Running) if !over => Step::Return(Status::Running),
            Event::Child(_, Status::Running) => Step::Halt(0),
            Event::Child(_, child) => {
                self.deadline = None;
                Step::Return(if over { Status::Failure } else { child })
            }
            Event::Halted(_) => {
                self.deadline = None;
                Step::Return(Status::Failure)
            }
        }
    }

    /// Halted while running: halt the child; the next tick starts a new activation.
    #[inline(always)]
    pub fn halt(&mut self) -> Step {
        self.deadline = None;
        Step::Halt(0)
    }

    /// When the current activation's time is over: `start + max` (`None` when idle).
    pub fn deadline(&self) -> Option<Duration> {
        self.deadline
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
