use core::time::Duration;

use crate::step::{Event, Step};
use crate::time::{arm, reached, unstamp, Nanos};
use crate::Status;

/// The state of an idle Deadline: no deadline.
const IDLE: u64 = 0;

/// **Deadline** (NodeCanvas `Timeout(timeout)`, decision 7): ticks the child first; if the child
/// is still running once `timeout` has passed since the activation's first tick, halts it and
/// fails. A child that completes on the deadline tick wins. Not BehaviorTree.CPP's `Timeout`
/// (whose `msec = 0` means "never"): that is [`Timeout`](super::Timeout).
///
/// A [`Step`] rule (`crate::step`). Per-tick input: `now`, the tree's clock read once for this
/// node's tick; pass the same value to [`start`](Deadline::start) and [`next`](Deadline::next).
/// Parameter: `timeout`, read on the first tick of an activation (a duration from an entry that
/// changes while the node runs does not move its deadline).
///
/// | child answers | `now - start` | Deadline |
/// |---|---|---|
/// | `Success` / `Failure` / `Skipped` | any | the same (a completion on the deadline tick wins) |
/// | `Running` | `< timeout` | `Running` |
/// | `Running` | `>= timeout` | the child is halted, `Failure` |
///
/// `start` is the `now` of the activation's first tick. `timeout = 0` fails on the first tick
/// unless the child completes in it.
///
/// **Halting** (the node is running) halts the child and forgets `start`. **Memory**: the
/// deadline `start + timeout`, held only while running; an idle Deadline holds nothing, so a tree
/// halt only needs the halt of a running Deadline.
///
/// Differences from NodeCanvas: its elapsed time is counted from the moment the node's status
/// first became `Running` and advances with frames; here it is the difference of the injected
/// clock between this tick and the activation's first tick. The timeout may be a constant or a
/// blackboard entry (read when the activation starts).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Deadline {
    /// `start + timeout`, `timeout` read on the activation's first tick, as a kept time
    /// ([`arm`](crate::time::arm), 8 bytes); [`IDLE`] when idle.
    deadline: u64,
}

impl Deadline {
    /// An idle Deadline.
    pub const fn new() -> Self {
        Deadline { deadline: IDLE }
    }

    /// The first step of a tick at time `now`: tick the child. `timeout` is read on the first
    /// tick of an activation only.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(&mut self, now: impl Into<Nanos>, timeout: Duration) -> Step {
        self.begin(now, timeout);
        Step::Tick(0)
    }

    /// What happened after the last step; `now` is the value given to [`start`](Deadline::start)
    /// in this tick, and `timeout` the one given to it (read only if `start` was not called).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn next(&mut self, event: Event, now: impl Into<Nanos>, timeout: Duration) -> Step {
        match event {
            Event::Child(_, child) => {
                let now = now.into();
                self.begin(now, timeout);
                match self.on_child(child, now) {
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
    /// are the same rule, one step at a time): `begin` at time `now` starts the activation's
    /// clock on its first tick; then the child's tick and [`on_child`](Self::on_child).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn begin(&mut self, now: impl Into<Nanos>, timeout: Duration) {
        if self.deadline == IDLE {
            self.deadline = arm(now.into(), timeout);
        }
    }

    /// The child answered `child` at time `now` (after [`begin`](Self::begin)): `Ok(answer)`,
    /// or `Err(answer)` when the caller must first halt the child (still running at the
    /// deadline). Every answer but `Running` ends the activation.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn on_child(&mut self, child: Status, now: impl Into<Nanos>) -> Result<Status, Status> {
        match child {
            Status::Running if self.deadline != IDLE && reached(now.into(), self.deadline) => {
                self.deadline = IDLE;
                Err(Status::Failure)
            }
            Status::Running => Ok(Status::Running),
            _ => {
                self.deadline = IDLE;
                Ok(child)
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

    /// When the current activation times out: `start + timeout` (`None` when idle).
    pub fn deadline(&self) -> Option<Duration> {
        unstamp(self.deadline)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::script::{answers, Harness, Log};
    use crate::time::ms;
    use Status::*;

    fn tick(h: &mut Harness, node: &mut Deadline, now: u64, timeout: u64, child: Status) -> Log {
        let (now, timeout) = (ms(now), ms(timeout));
        let first = node.start(now, timeout);
        let log = h.tick(first, |e| node.next(e, now, timeout), answers(&[child]));
        assert_eq!(log.ticked, [0], "the child is ticked first, on every tick");
        log
    }

    /// The straight-line form (`begin`, the child, `on_child`, the halt it asks for; the halt:
    /// `stop`) does what the `Step` form does, over random times, answers and halts.
    #[test]
    fn straight_line_form_is_the_step_form() {
        let mut roll = crate::testing::Roll::new(19);
        let (mut h, mut stepped, mut node) = (Harness::new(1), Deadline::new(), Deadline::new());
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
            node.begin(ms(now), ms(50));
            let (status, halted) = match node.on_child(child, ms(now)) {
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
    fn child_answers_before_the_deadline() {
        let mut h = Harness::new(1);
        let mut node = Deadline::new();
        assert_eq!(
            tick(&mut h, &mut node, 0, 100, Running).status,
            Some(Running)
        );
        assert_eq!(node.deadline(), Some(ms(100)));
        assert_eq!(
            tick(&mut h, &mut node, 99, 100, Running).status,
            Some(Running)
        );
        assert_eq!(
            tick(&mut h, &mut node, 99, 100, Failure).status,
            Some(Failure)
        );
        assert_eq!(node.deadline(), None);
        for child in [Success, Failure, Skipped] {
            assert_eq!(tick(&mut h, &mut node, 500, 100, child).status, Some(child));
        }
    }

    #[test]
    fn a_completion_on_the_deadline_tick_wins() {
        let mut h = Harness::new(1);
        let mut node = Deadline::new();
        tick(&mut h, &mut node, 0, 100, Running);
        let log = tick(&mut h, &mut node, 100, 100, Success);
        assert_eq!((log.status, log.halted), (Some(Success), vec![]));
        tick(&mut h, &mut node, 200, 100, Running);
        let log = tick(&mut h, &mut node, 500, 100, Skipped);
        assert_eq!(log.status, Some(Skipped), "late, but not running");
    }

    #[test]
    fn still_running_at_the_deadline_fails() {
        let mut h = Harness::new(1);
        let mut node = Deadline::new();
        tick(&mut h, &mut node, 10, 100, Running);
        let log = tick(&mut h, &mut node, 110, 100, Running);
        assert_eq!((log.status, log.halted), (Some(Failure), vec![0]), ">=");
        assert_eq!(node.deadline(), None);
        let log = tick(&mut h, &mut node, 111, 100, Running);
        assert_eq!(log.status, Some(Running), "a new activation");
    }

    #[test]
    fn the_timeout_is_read_when_the_activation_starts() {
        let mut h = Harness::new(1);
        let mut node = Deadline::new();
        tick(&mut h, &mut node, 0, 100, Running);
        let log = tick(&mut h, &mut node, 50, 10, Running);
        assert_eq!(log.status, Some(Running), "a shorter timeout given later");
        let log = tick(&mut h, &mut node, 100, 1000, Running);
        assert_eq!((log.status, log.halted), (Some(Failure), vec![0]));
    }

    #[test]
    fn zero_fails_a_running_child_at_once() {
        let mut h = Harness::new(1);
        let mut node = Deadline::new();
        let log = tick(&mut h, &mut node, 5, 0, Running);
        assert_eq!((log.status, log.halted), (Some(Failure), vec![0]));
        let log = tick(&mut h, &mut node, 5, 0, Success);
        assert_eq!(log.status, Some(Success));
    }

    #[test]
    fn halt_halts_the_child_and_restarts_the_clock() {
        let mut h = Harness::new(1);
        let mut node = Deadline::new();
        tick(&mut h, &mut node, 0, 100, Running);
        let first = node.halt();
        let log = h.halt(first, |e| node.next(e, ms(50), ms(100)), answers(&[]));
        assert_eq!(log.halted, [0]);
        assert_eq!(node.deadline(), None);
        assert_eq!(
            tick(&mut h, &mut node, 120, 100, Running).status,
            Some(Running)
        );
        assert_eq!(
            tick(&mut h, &mut node, 219, 100, Running).status,
            Some(Running)
        );
        assert_eq!(
            tick(&mut h, &mut node, 220, 100, Running).status,
            Some(Failure)
        );
    }
}
