//! Built-in leaves with a rule of their own: BehaviorTree.CPP's [`Sleep`] and
//! [`always_running`], behavior3's [`Wait`] and its constant leaves ([`succeeder`], [`failer`],
//! [`runner`]). BehaviorTree.CPP's `AlwaysSuccess` and `AlwaysFailure` need no rule: they are
//! their status. What a tree does on behavior3's `Error`: [`origins`](crate::origins#error).

mod wait;

pub use wait::Wait;

use core::time::Duration;

use crate::time::{arm, reached, Nanos};
use crate::Status;

/// **AlwaysRunning**: a leaf that answers `Running` on every tick and never completes; halting it
/// does nothing (it has no state). Useful as a placeholder for an action not written yet, or as
/// the body of a node that should run until something pre-empts it.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub const fn always_running() -> Status {
    Status::Running
}

/// **Sleep** (BehaviorTree.CPP `Sleep`, port `msec`): a stateful leaf that answers `Running` until
/// `msec` has passed since its first tick, then `Success`.
///
/// Per-tick input: `now`, the time (from the context's [`Clock`](crate::Clock)). Parameter:
/// `msec`, passed on every call and read on the first tick of an activation (as BehaviorTree.CPP
/// reads its port when the sleep starts).
///
/// | state | Sleep |
/// |---|---|
/// | `msec` is zero | `Success` at once, every tick |
/// | idle (first tick of an activation) | starts the clock at `now`; `Running` |
/// | sleeping, `now - start < msec` | `Running` |
/// | sleeping, `now - start >= msec` | `Success`; the next tick starts a new sleep |
///
/// Halting the leaf clears the clock: no memory survives a halt, and an idle leaf's state is
/// always [`new`](Self::new). The leaf answers `Running` whenever `msec` is not zero.
///
/// `spec/decisions.md`, decision 7: `Sleep(0)` is `Success` at once; the end is inclusive
/// (`>=`). Difference from BehaviorTree.CPP: no timer thread and no wake-up signal; the end is
/// noticed at the first tick at or after it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Sleep {
    /// When the sleep ends (`start + msec`, `msec` read at the start), as a kept time
    /// ([`arm`](crate::time::arm), 8 bytes); `0` when idle.
    until: u64,
}

impl Sleep {
    /// An idle Sleep.
    pub const fn new() -> Self {
        Sleep { until: 0 }
    }

    /// One tick at time `now`. `msec` is read on the first tick of an activation only.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn tick(&mut self, now: impl Into<Nanos>, msec: Duration) -> Status {
        let now = now.into();
        match self.until {
            0 if msec.is_zero() => Status::Success,
            0 => {
                self.until = arm(now, msec);
                Status::Running
            }
            until if reached(now, until) => {
                self.until = 0;
                Status::Success
            }
            _ => Status::Running,
        }
    }

    /// Halted while running: the sleep is forgotten.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt(&mut self) {
        self.until = 0;
    }
}

/// **Succeeder** (behavior3): a leaf that answers `Success` on every tick. Nothing to halt.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub const fn succeeder() -> Status {
    Status::Success
}

/// **Failer** (behavior3): a leaf that answers `Failure` on every tick. Nothing to halt.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub const fn failer() -> Status {
    Status::Failure
}

/// **Runner** (behavior3): a leaf that answers `Running` on every tick, forever. It keeps no
/// memory, so halting it has nothing to undo (the generated code only clears its running flag).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub const fn runner() -> Status {
    Status::Running
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::ms;
    use Status::*;

    #[test]
    fn sleeps_until_the_time_has_passed() {
        let mut node = Sleep::new();
        assert_eq!(node.tick(ms(100), ms(30)), Running);
        assert_eq!(node.tick(ms(129), ms(30)), Running);
        assert_eq!(node.tick(ms(130), ms(30)), Success);
        assert_eq!(node, Sleep::new());
        // A new activation sleeps again, from its own first tick.
        assert_eq!(node.tick(ms(130), ms(30)), Running);
        assert_eq!(node.tick(ms(500), ms(30)), Success);
    }

    #[test]
    fn the_duration_is_read_when_the_sleep_starts() {
        let mut node = Sleep::new();
        assert_eq!(node.tick(ms(0), ms(30)), Running);
        // Neither a longer duration nor zero, given later, changes this sleep's end.
        assert_eq!(node.tick(ms(20), ms(0)), Running);
        assert_eq!(node.tick(ms(29), ms(500)), Running);
        assert_eq!(node.tick(ms(30), ms(500)), Success);
    }

    #[test]
    fn zero_succeeds_at_once() {
        let mut node = Sleep::new();
        assert_eq!(node.tick(ms(5), ms(0)), Success);
        assert_eq!(node.tick(ms(5), ms(0)), Success);
        assert_eq!(node, Sleep::new());
    }

    #[test]
    fn halt_clears_the_clock() {
        let mut node = Sleep::new();
        assert_eq!(node.tick(ms(0), ms(10)), Running);
        node.halt();
        assert_eq!(node, Sleep::new());
        assert_eq!(node.tick(ms(10), ms(10)), Running, "a new sleep");
        assert_eq!(node.tick(ms(19), ms(10)), Running);
        assert_eq!(node.tick(ms(20), ms(10)), Success);
    }

    #[test]
    fn always_running_runs() {
        assert_eq!(always_running(), Running);
    }

    #[test]
    fn constant_leaves() {
        for _ in 0..3 {
            assert_eq!(succeeder(), Status::Success);
            assert_eq!(failer(), Status::Failure);
            assert_eq!(runner(), Status::Running);
        }
    }
}
