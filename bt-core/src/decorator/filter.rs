use crate::{SmallIndex, Status};

/// Which of the child's answers a [`Filter`] counts (NodeCanvas's "Increase Count When").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CountWhen {
    /// `Success` and `Failure` (NodeCanvas `SuccessOrFailure`, the default).
    #[default]
    Completed,
    /// `Success` only (NodeCanvas `SuccessOnly`).
    Success,
    /// `Failure` only (NodeCanvas `FailureOnly`).
    Failure,
}

impl CountWhen {
    /// Whether `child` is counted. `Running` and `Skipped` never are.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub const fn counts(self, child: Status) -> bool {
        matches!(
            (self, child),
            (CountWhen::Completed, Status::Success | Status::Failure)
                | (CountWhen::Success, Status::Success)
                | (CountWhen::Failure, Status::Failure)
        )
    }
}

/// **Filter**, mode "Limit Number Of Times" (NodeCanvas `Filter`, parameters `Max Times`,
/// `Increase Count When`, `Optional When Filtered`): lets the child run until it has answered a
/// counted status `max_times` times, then answers `filtered` without ticking it, for the tree's
/// life.
///
/// Parameters, passed on every call: `max_times`; `filtered`, what a filtered tick answers:
/// `Skipped` (NodeCanvas's `Optional`, the default: the parent goes on as if the node were not
/// there) or `Failure` ("Optional When Filtered" off); `count_when` ([`CountWhen`]).
///
/// | count | child answers | Filter |
/// |---|---|---|
/// | `>= max_times` | not ticked | `filtered` |
/// | `< max_times` | `Success` | `Success`; counted for [`CountWhen::Completed`] and [`CountWhen::Success`] |
/// | `< max_times` | `Failure` | `Failure`; counted for [`CountWhen::Completed`] and [`CountWhen::Failure`] |
/// | `< max_times` | `Running` | `Running`, not counted |
/// | `< max_times` | `Skipped` | `Skipped`, not counted |
///
/// The count only grows when the child completes, so a running child is never cut off: the
/// check happens before each tick, and a child that started with `count < max_times` still finds
/// it there. `max_times = 0` filters every tick.
///
/// **Halting** a running Filter halts its child (the generated code does it; the rule has nothing
/// to do): the halted activation is not counted. **Memory**: the count survives halts of the node
/// *and* of the tree (decision 13: NodeCanvas clears it only when the graph stops). [`reset`]
/// clears it, for a "stop" of the whole tree if the generated code offers one.
///
/// behavior3go's `Limiter(maxLoop)` is this rule with `count_when = Completed` and
/// `filtered = Failure`: see [`Limiter`](crate::decorator::Limiter).
///
/// Differences from NodeCanvas: `Max Times` is a constant, not a blackboard binding; NodeCanvas
/// can count a completed (latched) child again when a dynamic parent re-executes it within one
/// traversal, which cannot happen here (a completed child is ticked afresh).
///
/// [`reset`]: Filter::reset
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Filter<C = u8> {
    count: C,
}

impl<C: SmallIndex> Filter<C> {
    /// A Filter that has counted nothing.
    pub const fn new() -> Self {
        Filter { count: C::ZERO }
    }

    /// Before ticking the child: `Some(filtered)` answers without it (the limit is reached).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(&self, max_times: usize, filtered: Status) -> Option<Status> {
        if self.count.get() >= max_times {
            Some(filtered)
        } else {
            None
        }
    }

    /// The child answered `child`: counts it if `count_when` says so; the answer passes through.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn on_child(&mut self, child: Status, count_when: CountWhen) -> Status {
        if count_when.counts(child) {
            self.count = C::set(self.count.get() + 1);
        }
        child
    }

    /// The answers counted so far.
    pub fn count(&self) -> usize {
        self.count.get()
    }

    /// Forgets the count (a tree halt does not call it: the count lasts for the tree's life).
    pub fn reset(&mut self) {
        self.count = C::ZERO;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Status::*;

    /// One tick of a Filter whose child answers `child`; `None` when it was not ticked.
    fn tick(
        node: &mut Filter<u8>,
        max: usize,
        filtered: Status,
        when: CountWhen,
        child: Status,
    ) -> (Status, bool) {
        match node.start(max, filtered) {
            Some(status) => (status, false),
            None => (node.on_child(child, when), true),
        }
    }

    #[test]
    fn count_when() {
        let table = [
            (CountWhen::Completed, [true, true, false, false]),
            (CountWhen::Success, [true, false, false, false]),
            (CountWhen::Failure, [false, true, false, false]),
        ];
        for (when, expected) in table {
            for (child, want) in [Success, Failure, Running, Skipped].iter().zip(expected) {
                assert_eq!(when.counts(*child), want, "{when:?} {child:?}");
            }
        }
        assert_eq!(CountWhen::default(), CountWhen::Completed);
    }

    #[test]
    fn limits_completions_and_passes_answers_through() {
        let mut node = Filter::<u8>::new();
        let when = CountWhen::Completed;
        assert_eq!(tick(&mut node, 2, Skipped, when, Running), (Running, true));
        assert_eq!(tick(&mut node, 2, Skipped, when, Skipped), (Skipped, true));
        assert_eq!(node.count(), 0, "Running and Skipped are not counted");
        assert_eq!(tick(&mut node, 2, Skipped, when, Failure), (Failure, true));
        assert_eq!(tick(&mut node, 2, Skipped, when, Running), (Running, true));
        assert_eq!(tick(&mut node, 2, Skipped, when, Success), (Success, true));
        assert_eq!(node.count(), 2);
        assert_eq!(tick(&mut node, 2, Skipped, when, Success), (Skipped, false));
        assert_eq!(tick(&mut node, 2, Failure, when, Success), (Failure, false));
    }

    #[test]
    fn counts_only_the_chosen_status() {
        let mut node = Filter::<u8>::new();
        let when = CountWhen::Success;
        for _ in 0..5 {
            assert_eq!(tick(&mut node, 1, Skipped, when, Failure), (Failure, true));
        }
        assert_eq!(tick(&mut node, 1, Skipped, when, Success), (Success, true));
        assert_eq!(tick(&mut node, 1, Skipped, when, Success), (Skipped, false));

        let mut node = Filter::<u8>::new();
        let when = CountWhen::Failure;
        assert_eq!(tick(&mut node, 1, Failure, when, Success), (Success, true));
        assert_eq!(tick(&mut node, 1, Failure, when, Failure), (Failure, true));
        assert_eq!(tick(&mut node, 1, Failure, when, Success), (Failure, false));
    }

    #[test]
    fn zero_filters_at_once_and_reset_clears() {
        let mut node = Filter::<u8>::new();
        assert_eq!(
            tick(&mut node, 0, Skipped, CountWhen::Completed, Success),
            (Skipped, false)
        );
        assert_eq!(
            tick(&mut node, 1, Skipped, CountWhen::Completed, Success),
            (Success, true)
        );
        assert_eq!(
            tick(&mut node, 1, Skipped, CountWhen::Completed, Success),
            (Skipped, false)
        );
        node.reset();
        assert_eq!(
            tick(&mut node, 1, Skipped, CountWhen::Completed, Success),
            (Success, true)
        );
    }

    #[test]
    fn a_halted_activation_is_not_counted() {
        let mut node = Filter::<u8>::new();
        assert_eq!(
            tick(&mut node, 1, Failure, CountWhen::Completed, Running),
            (Running, true)
        );
        // Halted here: the rule is not told, and nothing was counted.
        assert_eq!(node.count(), 0);
        assert_eq!(
            tick(&mut node, 1, Failure, CountWhen::Completed, Success),
            (Success, true)
        );
    }
}
