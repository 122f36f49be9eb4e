use core::time::Duration;

use crate::time::{arm, passed, unstamp, Nanos};
use crate::Status;

/// The state of an idle Wait: no time.
const IDLE: u64 = 0;

/// **Wait** (behavior3 `Wait(milliseconds)`): a leaf that answers `Running` until *more than*
/// `wait` has passed since the first tick of its activation, then `Success`.
///
/// `now` is the tree's clock read for this tick ([`Clock`](crate::Clock)); `wait` is the node's
/// duration, passed on every call and read on the first tick of an activation (a duration from an
/// entry that changes while the node waits does not move its end).
///
/// | tick | `now - start` | Wait |
/// |---|---|---|
/// | first of an activation (not running) | 0: `start = now` | `Running`, even for `wait = 0` |
/// | later | `<= wait` | `Running` |
/// | later | `> wait` | `Success`; `start` is forgotten, so the next tick starts a new activation |
///
/// It never answers `Failure` or `Skipped`.
///
/// **Halting** (the Wait is running) forgets `start`: the next tick starts a new activation.
/// **Memory**: `start`, held only while running; an idle Wait holds nothing, so a tree halt only
/// needs the halt of a running Wait.
///
/// Differences from behavior3: none in the rule (strictly greater, decision 7: `Wait(0)` answers
/// `Running` on its first tick and `Success` on the first later tick at which the clock moved).
/// behavior3 compares whole milliseconds of the wall clock; we compare nanoseconds ([`Nanos`]) of
/// the injected clock, so 100.5 ms is more than 100 ms here and not in behavior3.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Wait {
    /// `start + wait`, `wait` read on the first tick of the activation, as a kept time
    /// ([`arm`](crate::time::arm), 8 bytes); [`IDLE`] when idle.
    until: u64,
}

impl Wait {
    /// A Wait that has not started.
    pub const fn new() -> Self {
        Wait { until: IDLE }
    }

    /// One tick at time `now`. `wait` is read on the first tick of an activation only.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn tick(&mut self, now: impl Into<Nanos>, wait: Duration) -> Status {
        let now = now.into();
        if self.until == IDLE {
            self.until = arm(now, wait);
        }
        if passed(now, self.until) {
            self.until = IDLE;
            Status::Success
        } else {
            Status::Running
        }
    }

    /// Halted while running: the next tick starts a new activation.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt(&mut self) {
        self.until = IDLE;
    }

    /// When the current activation ends: the first time after this one answers `Success`
    /// (`None` when idle).
    pub fn until(&self) -> Option<Duration> {
        unstamp(self.until)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::ms;
    use Status::*;

    #[test]
    fn runs_until_strictly_more_than_the_duration() {
        let mut node = Wait::new();
        let wait = ms(100);
        assert_eq!(node.tick(ms(1000), wait), Running);
        assert_eq!(node.until(), Some(ms(1100)));
        assert_eq!(node.tick(ms(1050), wait), Running);
        assert_eq!(
            node.tick(ms(1100), wait),
            Running,
            "exactly 100 ms is not more"
        );
        assert_eq!(
            node.tick(ms(1100) + Duration::from_micros(1), wait),
            Success
        );
        assert_eq!(node.until(), None);
        assert_eq!(node.tick(ms(1200), wait), Running, "a new activation");
        assert_eq!(node.until(), Some(ms(1300)));
    }

    #[test]
    fn zero_runs_once_then_succeeds_when_the_clock_moves() {
        let mut node = Wait::new();
        assert_eq!(node.tick(ms(5), ms(0)), Running);
        assert_eq!(node.tick(ms(5), ms(0)), Running, "the clock did not move");
        assert_eq!(node.tick(ms(6), ms(0)), Success);
    }

    #[test]
    fn the_duration_is_read_when_the_wait_starts() {
        let mut node = Wait::new();
        assert_eq!(node.tick(ms(0), ms(10)), Running);
        // A longer duration given later does not move the end of this activation.
        assert_eq!(node.tick(ms(11), ms(500)), Success);
        assert_eq!(
            node.tick(ms(20), ms(500)),
            Running,
            "a new activation reads it"
        );
        assert_eq!(node.tick(ms(400), ms(0)), Running);
        assert_eq!(node.tick(ms(521), ms(0)), Success);
    }

    #[test]
    fn halt_restarts_the_clock() {
        let mut node = Wait::new();
        let wait = ms(10);
        assert_eq!(node.tick(ms(0), wait), Running);
        assert_eq!(node.tick(ms(8), wait), Running);
        node.halt();
        assert_eq!(node.until(), None);
        assert_eq!(node.tick(ms(15), wait), Running, "would have succeeded");
        assert_eq!(node.tick(ms(25), wait), Running);
        assert_eq!(node.tick(ms(26), wait), Success);
    }
}
