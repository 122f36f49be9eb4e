use crate::decorator::Loop;
use crate::{Outcome, SmallIndex, Status};

/// The mode of a [`Rerun`] (NodeCanvas's Repeat, "Repeater Mode").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RepeatMode {
    /// `RepeatTimes`: run the child this many times, whatever it answers; the last answer is the
    /// node's.
    Times(usize),
    /// `RepeatUntil`: run the child until it answers this status, which is then the node's.
    Until(Outcome),
    /// `RepeatForever`: run the child again and again; the node never completes.
    Forever,
}

impl RepeatMode {
    /// `Times(n)` for `Some(n)`, `Forever` for `None`: a `RepeatTimes` limit read when the tree
    /// runs ([`AsLimit`](crate::decorator::AsLimit)).
    pub const fn from_limit(limit: Option<usize>) -> Self {
        match limit {
            Some(times) => RepeatMode::Times(times),
            None => RepeatMode::Forever,
        }
    }
}

impl Default for RepeatMode {
    /// NodeCanvas's default: `RepeatTimes` with 1.
    fn default() -> Self {
        RepeatMode::Times(1)
    }
}

/// **Rerun** (NodeCanvas `Repeat`, class `Repeater`, with its three modes, [`RepeatMode`]; the
/// DSL's `RepeatTimes` and `RepeatUntil`): reruns its child, whatever it answers, one completion
/// per tick (decision 1).
///
/// Simple decorator shape without a `start`: the child is ticked on every tick, then
/// [`on_child`](Rerun::on_child) gives the node's answer. Parameter: `mode`. Every completion
/// that does not end the loop answers `Running`, and the child starts again on the **next** tick.
/// `Skipped` stands for NodeCanvas's `Optional` (see [`origins`](crate::origins#nodecanvas)), and
/// NodeCanvas treats it like any other answer that is not `Running`:
///
/// | mode | child answers | Rerun |
/// |---|---|---|
/// | any | `Running` | `Running` |
/// | `Times(n)` | `Success` / `Failure` / `Skipped`, the `n`-th | the same status; the count restarts |
/// | `Times(n)` | `Success` / `Failure` / `Skipped`, an earlier one | counted; `Running` |
/// | `Until(target)` | `target` | `target` |
/// | `Until(target)` | the other outcome, or `Skipped` | `Running` |
/// | `Forever` | `Success` / `Failure` / `Skipped` | `Running` |
///
/// `Times(0)` behaves as `Times(1)` (NodeCanvas's counter starts at 1 and stops when it is at
/// least `n`); the macro may reject 0 instead. A child that always answers `Skipped` keeps an
/// `Until` or `Forever` Rerun running forever, as in NodeCanvas.
///
/// **Halting** restarts the count ([`halt`](Rerun::halt), like NodeCanvas's reset). **Memory**:
/// the count of `Times`, held only while the node is running (it never answers `Skipped` with a
/// count pending), so a tree halt only needs the halt of a running Rerun.
///
/// Shares its counter with [`decorator::Repeat`](crate::decorator::Repeat) and behavior3's
/// [`Repeater`](crate::decorator::Repeater); `Times(n)` is behavior3's `Repeater(n)` for `n >= 1`,
/// except that a skipped child is counted here and passed on there. `Until(Success)` is close to
/// [`RetryUntilSuccessful`](crate::decorator::RetryUntilSuccessful) forever, but a skip does not
/// end it.
///
/// Differences from NodeCanvas: `Repeat Times` is a constant, not a blackboard binding; NodeCanvas
/// restarts the count only on a reset, so a dynamic parent that ticks a completed `Times` Rerun
/// again within one traversal sees it complete after a single run; here each activation counts
/// from zero.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rerun<C = u8> {
    times: Loop<C>,
}

impl<C: SmallIndex> Rerun<C> {
    /// A Rerun that has counted nothing.
    pub const fn new() -> Self {
        Rerun { times: Loop::new() }
    }

    /// The child answered `child`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn on_child(&mut self, child: Status, mode: RepeatMode) -> Status {
        match (child, mode) {
            (Status::Running, _) => Status::Running,
            (_, RepeatMode::Times(n)) if self.times.count(Some(n)) => child,
            (_, RepeatMode::Until(target)) if child == target.into() => child,
            _ => Status::Running,
        }
    }

    /// Halted while running: the count restarts.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt(&mut self) {
        *self = Self::new();
    }

    /// Completions counted in the current activation (mode `Times`).
    pub fn count(&self) -> usize {
        self.times.get()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Status::*;

    #[test]
    fn times_counts_every_completion() {
        let mut node = Rerun::<u8>::new();
        let mode = RepeatMode::Times(3);
        assert_eq!(node.on_child(Failure, mode), Running);
        assert_eq!(node.on_child(Running, mode), Running);
        assert_eq!(node.on_child(Skipped, mode), Running, "a skip counts");
        assert_eq!(node.count(), 2);
        assert_eq!(node.on_child(Success, mode), Success);
        assert_eq!(node.count(), 0);
        assert_eq!(node.on_child(Success, mode), Running);
        assert_eq!(node.on_child(Success, mode), Running);
        assert_eq!(node.on_child(Skipped, mode), Skipped, "the last answer");
    }

    #[test]
    fn times_zero_and_one() {
        let mut node = Rerun::<u8>::new();
        assert_eq!(node.on_child(Failure, RepeatMode::Times(1)), Failure);
        assert_eq!(node.on_child(Running, RepeatMode::Times(0)), Running);
        assert_eq!(node.on_child(Success, RepeatMode::Times(0)), Success);
    }

    #[test]
    fn until_a_status() {
        let mut node = Rerun::<u8>::new();
        let mode = RepeatMode::Until(Outcome::Failure);
        for child in [Success, Skipped, Running, Success] {
            assert_eq!(node.on_child(child, mode), Running);
        }
        assert_eq!(node.on_child(Failure, mode), Failure);
        let mode = RepeatMode::Until(Outcome::Success);
        for child in [Failure, Skipped, Running] {
            assert_eq!(node.on_child(child, mode), Running);
        }
        assert_eq!(node.on_child(Success, mode), Success);
        assert_eq!(node.count(), 0, "Until counts nothing");
    }

    #[test]
    fn forever() {
        let mut node = Rerun::<u8>::new();
        for child in [Success, Failure, Skipped, Running].repeat(100) {
            assert_eq!(node.on_child(child, RepeatMode::Forever), Running);
        }
        assert_eq!(node.count(), 0);
    }

    #[test]
    fn wide_counter_and_default_mode() {
        let mut node = Rerun::<u16>::new();
        let mode = RepeatMode::Times(300);
        for _ in 0..299 {
            assert_eq!(node.on_child(Failure, mode), Running);
        }
        assert_eq!(node.count(), 299);
        assert_eq!(node.on_child(Success, mode), Success);
        assert_eq!(RepeatMode::default(), RepeatMode::Times(1));
        assert_eq!(node.on_child(Failure, RepeatMode::default()), Failure);
    }

    #[test]
    fn halt_restarts_the_count() {
        let mut node = Rerun::<u8>::new();
        let mode = RepeatMode::Times(2);
        assert_eq!(node.on_child(Success, mode), Running);
        node.halt();
        assert_eq!(node.on_child(Success, mode), Running);
        assert_eq!(node.on_child(Success, mode), Success);
    }
}
