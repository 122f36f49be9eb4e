use crate::decorator::Loop;
use crate::{SmallIndex, Status};

/// **Repeater** (behavior3 `Repeater(maxLoop)`): runs the child `max_loop` times, whatever it
/// answers, one completion per tick, and answers with the last run's status.
///
/// Parameter `max_loop: Option<usize>`: `Some(n)` for behavior3's `maxLoop = n >= 0`, `None` for
/// a negative `maxLoop` (behavior3js's default `-1`): forever.
///
/// | child answers | Repeater |
/// |---|---|
/// | `Success` / `Failure`, the `max_loop`-th completion | the same status; the count restarts |
/// | `Success` / `Failure`, an earlier one (or forever) | counts it; `Running`, and the child starts again on the **next** tick |
/// | `Running` | `Running` |
/// | `Skipped` | `Skipped`; the count is kept |
///
/// `max_loop = Some(0)` answers `Success` without ticking the child (behavior3js). Forever never
/// completes and counts nothing.
///
/// **Halting** resets the count ([`halt`](Repeater::halt)). **Memory**: the count, held while
/// running, and also while idle after the child answered `Skipped` (as for
/// [`Repeat`](crate::decorator::Repeat)): the tree's halt must call [`halt`](Repeater::halt) on an
/// idle Repeater too, as it does for `Repeat`.
///
/// Differences from behavior3 (decision 1): behavior3 loops within one tick, so
/// `Repeater(3)` over a child that completes at once answers after one tick (and `Repeater(-1)`
/// over it never returns); here it answers `Running`, `Running`, then the third status. The
/// counter is the one [`Repeat`](crate::decorator::Repeat) uses; unlike `Repeat`, a failure does
/// not stop the loop. NodeCanvas's `Repeat` in "times" mode
/// ([`Rerun`](crate::decorator::Rerun)) counts the same way but also
/// counts a skipped child and never answers without ticking.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Repeater<C = u8> {
    loops: Loop<C>,
}

impl<C: SmallIndex> Repeater<C> {
    /// A Repeater that has counted nothing.
    pub const fn new() -> Self {
        Repeater { loops: Loop::new() }
    }

    /// Before ticking the child: `Some(Success)` answers without it (`max_loop = Some(0)`).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(&self, max_loop: Option<usize>) -> Option<Status> {
        match max_loop {
            Some(0) => Some(Status::Success),
            _ => None,
        }
    }

    /// The child answered `child`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn on_child(&mut self, child: Status, max_loop: Option<usize>) -> Status {
        match child {
            Status::Running | Status::Skipped => child,
            completed if self.loops.count(max_loop) => completed,
            _ => Status::Running,
        }
    }

    /// Halted (or the tree is halted): the count restarts.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt(&mut self) {
        *self = Self::new();
    }

    /// Completions counted in the current activation.
    pub fn count(&self) -> usize {
        self.loops.get()
    }
}

/// **RepeatUntilFailure** (behavior3 `RepeatUntilFailure(maxLoop)`; behavior3go spells the file
/// `RepeatUnitilFailure`): the same rule as [`Repeat`](crate::decorator::Repeat), under another
/// name.
///
/// behavior3 loops while the child succeeds, answers the first other status (so a child's
/// `Failure` is the node's `Failure`), and answers `Success` once `maxLoop` successes were
/// counted. That is `Repeat(max_loop)`: `Success` counted (the `max_loop`-th is `Success`, an
/// earlier one is `Running` and the child starts again on the next tick, decision 1), `Failure`
/// is `Failure`, `Running` is `Running`, `Skipped` passes with the count kept. A negative `maxLoop`
/// (behavior3js's default) is `None`: forever, until the child fails.
///
/// The macro must reject `maxLoop = 0`: behavior3js then answers `ERROR` on every tick without
/// ticking the child, and behavior3go refuses to load the tree. (Given `Some(0)` anyway, the rule
/// answers `Success` without ticking the child, like `Repeat(0)`.)
///
/// Halting and memory: as [`Repeat`](crate::decorator::Repeat) (halt resets the count; an idle
/// count kept after a skip is cleared by the tree's halt).
pub type RepeatUntilFailure<C = u8> = crate::decorator::Repeat<C>;

/// **RepeatUntilSuccess** (behavior3 `RepeatUntilSuccess(maxLoop)`): the same rule as
/// [`RetryUntilSuccessful`](crate::decorator::RetryUntilSuccessful), under another name.
///
/// behavior3 loops while the child fails, answers the first other status, and answers `Failure`
/// once `maxLoop` failures were counted. That is `RetryUntilSuccessful(max_loop)`: `Failure`
/// counted (the `max_loop`-th is `Failure`, an earlier one is `Running` and the child starts again
/// on the next tick, decision 1), `Success` is `Success`, `Running` is `Running`, `Skipped`
/// passes with the count kept. A negative `maxLoop` is `None`: forever, until the child succeeds.
///
/// The macro must reject `maxLoop = 0` (behavior3js: `ERROR` on every tick; behavior3go: the tree
/// does not load). Given `Some(0)` anyway, the rule answers `Failure` without ticking the child.
///
/// Halting and memory: as [`RetryUntilSuccessful`](crate::decorator::RetryUntilSuccessful).
pub type RepeatUntilSuccess<C = u8> = crate::decorator::RetryUntilSuccessful<C>;

#[cfg(test)]
mod tests {
    use super::*;
    use Status::*;

    /// One tick; `None` in the second place when the child was not ticked.
    fn tick(node: &mut Repeater<u8>, limit: Option<usize>, child: Status) -> (Status, bool) {
        match node.start(limit) {
            Some(status) => (status, false),
            None => (node.on_child(child, limit), true),
        }
    }

    #[test]
    fn counts_every_completion_one_per_tick() {
        let mut node = Repeater::<u8>::new();
        let limit = Some(3);
        assert_eq!(tick(&mut node, limit, Success), (Running, true));
        assert_eq!(
            tick(&mut node, limit, Failure),
            (Running, true),
            "a failure goes on"
        );
        assert_eq!(tick(&mut node, limit, Running), (Running, true));
        assert_eq!(node.count(), 2);
        assert_eq!(
            tick(&mut node, limit, Failure),
            (Failure, true),
            "the last status"
        );
        assert_eq!(node.count(), 0);
        assert_eq!(tick(&mut node, limit, Success), (Running, true));
        assert_eq!(tick(&mut node, limit, Success), (Running, true));
        assert_eq!(tick(&mut node, limit, Success), (Success, true));
    }

    #[test]
    fn one_zero_and_forever() {
        let mut node = Repeater::<u8>::new();
        assert_eq!(tick(&mut node, Some(1), Failure), (Failure, true));
        assert_eq!(tick(&mut node, Some(1), Success), (Success, true));
        assert_eq!(tick(&mut node, Some(0), Failure), (Success, false));
        for child in [Success, Failure].repeat(600) {
            assert_eq!(tick(&mut node, None, child), (Running, true));
        }
        assert_eq!(node.count(), 0, "forever counts nothing (no overflow)");
    }

    #[test]
    fn skip_keeps_the_count_and_halt_resets_it() {
        let mut node = Repeater::<u8>::new();
        let limit = Some(2);
        assert_eq!(tick(&mut node, limit, Success), (Running, true));
        assert_eq!(tick(&mut node, limit, Skipped), (Skipped, true));
        assert_eq!(node.count(), 1, "kept while idle after a skip");
        assert_eq!(tick(&mut node, limit, Failure), (Failure, true));
        assert_eq!(tick(&mut node, limit, Success), (Running, true));
        node.halt();
        assert_eq!(node.count(), 0);
        assert_eq!(tick(&mut node, limit, Success), (Running, true));
        assert_eq!(tick(&mut node, limit, Success), (Success, true));
    }

    #[test]
    fn repeat_until_failure_is_repeat() {
        let mut node = RepeatUntilFailure::<u8>::new();
        let limit = Some(3);
        assert_eq!(node.on_child(Success, limit), Running);
        assert_eq!(
            node.on_child(Failure, limit),
            Failure,
            "stops at the failure"
        );
        assert_eq!(node.on_child(Success, limit), Running);
        assert_eq!(node.on_child(Success, limit), Running);
        assert_eq!(node.on_child(Success, limit), Success, "exhausted: Success");
        for _ in 0..300 {
            assert_eq!(node.on_child(Success, None), Running);
        }
        assert_eq!(node.on_child(Failure, None), Failure);
    }

    #[test]
    fn repeat_until_success_is_retry() {
        let mut node = RepeatUntilSuccess::<u8>::new();
        let limit = Some(2);
        assert_eq!(node.on_child(Failure, limit), Running);
        assert_eq!(
            node.on_child(Success, limit),
            Success,
            "stops at the success"
        );
        assert_eq!(node.on_child(Failure, limit), Running);
        assert_eq!(node.on_child(Failure, limit), Failure, "exhausted: Failure");
        for _ in 0..300 {
            assert_eq!(node.on_child(Failure, None), Running);
        }
        assert_eq!(node.on_child(Success, None), Success);
    }
}
