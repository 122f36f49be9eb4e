//! The decorators that run their child again: [`Repeat`] and [`RetryUntilSuccessful`]
//! (BehaviorTree.CPP, here, with behavior3's [`RepeatUntilFailure`] and [`RepeatUntilSuccess`]),
//! [`Repeater`] (behavior3), [`Rerun`] (NodeCanvas's Repeat), the loop over a queue
//! ([`loop_start`], BehaviorTree.CPP's `LoopNode`) and [`Iterate`] (NodeCanvas's, over a list).

mod iterate;
mod queue;
mod repeater;
mod rerun;

pub use iterate::{IterElement, IterIndex, IterList, Iterate, Termination};
pub use queue::{loop_on_child, loop_start, pop_into};
pub use repeater::{RepeatUntilFailure, RepeatUntilSuccess, Repeater};
pub use rerun::{RepeatMode, Rerun};

use crate::{SmallIndex, Status};

/// The counter shared by every counting loop: [`Repeat`], [`RetryUntilSuccessful`], behavior3's
/// `Repeater` (and its `RepeatUntilFailure` / `RepeatUntilSuccess`, which are `Repeat` and
/// `RetryUntilSuccessful` under other names) and NodeCanvas's `Repeat` in "times" mode. It counts
/// the child's "again" completions up to a limit (`None` = forever, nothing is counted).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) struct Loop<C> {
    count: C,
}

impl<C: SmallIndex> Loop<C> {
    pub(crate) const fn new() -> Self {
        Loop { count: C::ZERO }
    }

    /// Counts one completion: `true` when it is the `limit`-th (the count then restarts),
    /// `false` when the loop goes on. Forever (`None`) never ends and counts nothing.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn count(&mut self, limit: Option<usize>) -> bool {
        match limit {
            None => false,
            Some(limit) => {
                let count = self.count.get() + 1;
                if count >= limit {
                    self.count = C::ZERO;
                    true
                } else {
                    self.count = C::set(count);
                    false
                }
            }
        }
    }

    /// Completions counted so far in the current activation.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn get(&self) -> usize {
        self.count.get()
    }

    /// `again` restarts the child on the next tick (until the limit); `stop` ends the loop at once.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn on_child(&mut self, child: Status, limit: Option<usize>, again: Status) -> Status {
        match child {
            Status::Running => Status::Running,
            Status::Skipped => Status::Skipped,
            status if status == again => {
                if self.count(limit) {
                    again
                } else {
                    Status::Running
                }
            }
            stop => {
                self.count = C::ZERO;
                stop
            }
        }
    }
}

/// A value that a loop takes as its limit when it is written as an expression or an entry
/// (`Repeat(RETRIES)`, `RetryUntilSuccessful({attempts})`): any integer, with BehaviorTree.CPP's
/// meaning of its `num_cycles` / `num_attempts` ports. `None` is no limit.
///
/// * an unsigned integer is the limit;
/// * a signed integer: `-1` is no limit (`forever`), another negative value is 0 (BehaviorTree.CPP
///   then runs no cycle either), a positive one the limit.
///
/// ```
/// use bt_core::decorator::AsLimit;
///
/// assert_eq!(3u32.as_limit(), Some(3));
/// assert_eq!((-1i32).as_limit(), None);
/// assert_eq!((-4i64).as_limit(), Some(0));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a count",
    label = "a loop's limit here is an integer",
    note = "write a literal (`3`, `forever`), or a constant or entry of an integer type (`-1` is forever)"
)]
pub trait AsLimit {
    /// The limit: `Some(n)` cycles, `None` for no limit.
    fn as_limit(&self) -> Option<usize>;
}

macro_rules! unsigned_limit {
    ($($t:ty),*) => {$(
        impl AsLimit for $t {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn as_limit(&self) -> Option<usize> {
                Some(usize::try_from(*self).unwrap_or(usize::MAX))
            }
        }
    )*};
}
unsigned_limit!(u8, u16, u32, u64, usize);

macro_rules! signed_limit {
    ($($t:ty),*) => {$(
        impl AsLimit for $t {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn as_limit(&self) -> Option<usize> {
                match *self {
                    -1 => None,
                    n if n < 0 => Some(0),
                    n => Some(usize::try_from(n).unwrap_or(usize::MAX)),
                }
            }
        }
    )*};
}
signed_limit!(i8, i16, i32, i64, isize);

/// **Repeat** (`num_cycles`; BehaviorTree.CPP `Repeat`): run the child until it has succeeded
/// `limit` times, one completion per tick; `None` repeats forever.
///
/// | child | Repeat |
/// |---|---|
/// | `Success` | counts it; the `limit`-th success is `Success`, an earlier one is `Running` and the child starts again on the **next** tick |
/// | `Failure` | `Failure`, and the count restarts |
/// | `Running` | `Running` |
/// | `Skipped` | `Skipped`; the count is kept |
///
/// A limit of 0 succeeds without ticking the child. Halting resets the count; so does the tree's
/// `halt` when the Repeat is idle after a skip.
/// Difference from BehaviorTree.CPP: there, a synchronous child may be repeated several times
/// within one tick; here a tick is bounded (`Repeat(3)` of an always-succeeding child answers
/// `Running`, `Running`, `Success`).
///
/// behavior3's `RepeatUntilFailure(maxLoop)` is this rule under another name
/// ([`RepeatUntilFailure`](crate::decorator::RepeatUntilFailure)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Repeat<C = u8> {
    cycles: Loop<C>,
}

impl<C: SmallIndex> Repeat<C> {
    /// A repeat that has counted nothing.
    pub const fn new() -> Self {
        Repeat {
            cycles: Loop::new(),
        }
    }

    /// Before ticking the child: `Some(status)` answers without it (a limit of 0).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(&self, limit: Option<usize>) -> Option<Status> {
        match limit {
            Some(0) => Some(Status::Success),
            _ => None,
        }
    }

    /// The child answered `child`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn on_child(&mut self, child: Status, limit: Option<usize>) -> Status {
        self.cycles.on_child(child, limit, Status::Success)
    }

    /// Halted while running: the count restarts.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt(&mut self) {
        *self = Self::new();
    }

    /// Successes counted in the current activation.
    pub fn count(&self) -> usize {
        self.cycles.get()
    }
}

/// **RetryUntilSuccessful** (`num_attempts`): run the child until it succeeds, at most `limit`
/// attempts, one attempt per tick; `None` retries forever.
///
/// | child | RetryUntilSuccessful |
/// |---|---|
/// | `Success` | `Success`, and the count restarts |
/// | `Failure` | counts it; the `limit`-th failure is `Failure`, an earlier one is `Running` and the child starts again on the **next** tick |
/// | `Running` | `Running` |
/// | `Skipped` | `Skipped`; the count is kept |
///
/// A limit of 0 fails without ticking the child. Halting resets the count; so does the tree's
/// `halt` when the node is idle after a skip.
///
/// behavior3's `RepeatUntilSuccess(maxLoop)` is this rule under another name
/// ([`RepeatUntilSuccess`](crate::decorator::RepeatUntilSuccess)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RetryUntilSuccessful<C = u8> {
    attempts: Loop<C>,
}

impl<C: SmallIndex> RetryUntilSuccessful<C> {
    /// A retry that has counted nothing.
    pub const fn new() -> Self {
        RetryUntilSuccessful {
            attempts: Loop::new(),
        }
    }

    /// Before ticking the child: `Some(status)` answers without it (a limit of 0).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(&self, limit: Option<usize>) -> Option<Status> {
        match limit {
            Some(0) => Some(Status::Failure),
            _ => None,
        }
    }

    /// The child answered `child`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn on_child(&mut self, child: Status, limit: Option<usize>) -> Status {
        self.attempts.on_child(child, limit, Status::Failure)
    }

    /// Halted while running: the count restarts.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt(&mut self) {
        *self = Self::new();
    }

    /// Failed attempts counted in the current activation.
    pub fn count(&self) -> usize {
        self.attempts.get()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Status::*;

    #[test]
    fn repeat_counts_successes_one_per_tick() {
        let mut node = Repeat::<u8>::new();
        let limit = Some(3);
        assert_eq!(node.start(limit), None);
        assert_eq!(node.on_child(Success, limit), Running);
        assert_eq!(node.on_child(Running, limit), Running);
        assert_eq!(node.on_child(Success, limit), Running);
        assert_eq!(node.count(), 2);
        assert_eq!(node.on_child(Success, limit), Success);
        assert_eq!(node.count(), 0);
    }

    #[test]
    fn repeat_failure_and_skip() {
        let mut node = Repeat::<u8>::new();
        let limit = Some(3);
        assert_eq!(node.on_child(Success, limit), Running);
        assert_eq!(node.on_child(Skipped, limit), Skipped);
        assert_eq!(node.count(), 1, "a skip keeps the count");
        assert_eq!(node.on_child(Failure, limit), Failure);
        assert_eq!(node.count(), 0);
    }

    #[test]
    fn repeat_zero_and_forever() {
        let mut node = Repeat::<u8>::new();
        assert_eq!(node.start(Some(0)), Some(Success));
        for _ in 0..1000 {
            assert_eq!(node.on_child(Success, None), Running);
        }
        assert_eq!(node.count(), 0, "forever does not count (no overflow)");
        assert_eq!(node.on_child(Failure, None), Failure);
    }

    #[test]
    fn repeat_halt_resets() {
        let mut node = Repeat::<u8>::new();
        assert_eq!(node.on_child(Success, Some(2)), Running);
        node.halt();
        assert_eq!(node.on_child(Success, Some(2)), Running);
        assert_eq!(node.on_child(Success, Some(2)), Success);
    }

    #[test]
    fn retry_counts_failures() {
        let mut node = RetryUntilSuccessful::<u8>::new();
        let limit = Some(3);
        assert_eq!(node.start(limit), None);
        assert_eq!(node.on_child(Failure, limit), Running);
        assert_eq!(node.count(), 1);
        assert_eq!(node.on_child(Running, limit), Running);
        assert_eq!(node.on_child(Failure, limit), Running);
        assert_eq!(node.count(), 2);
        assert_eq!(node.on_child(Failure, limit), Failure);
        assert_eq!(node.count(), 0, "the activation ended");
        assert_eq!(
            node.on_child(Failure, limit),
            Running,
            "a new activation counts afresh"
        );
        assert_eq!(node.on_child(Success, limit), Success);
        assert_eq!(node.count(), 0);
        assert_eq!(node.start(Some(0)), Some(Failure));
    }

    #[test]
    fn retry_halt_and_skip() {
        let mut node = RetryUntilSuccessful::<u8>::new();
        assert_eq!(node.on_child(Failure, Some(2)), Running);
        assert_eq!(node.on_child(Skipped, Some(2)), Skipped);
        assert_eq!(node.count(), 1, "a skip keeps the count");
        node.halt();
        assert_eq!(node.count(), 0);
        assert_eq!(node.on_child(Failure, Some(2)), Running);
        assert_eq!(node.on_child(Failure, Some(2)), Failure);
        assert_eq!(node.on_child(Failure, None), Running);
    }
}
