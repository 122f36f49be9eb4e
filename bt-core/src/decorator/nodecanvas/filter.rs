use core::time::Duration;

use crate::time::{elapsed, mark, nanos, Nanos};
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
/// `filtered = Failure`: see [`behavior3::Limiter`](crate::behavior3::Limiter).
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

/// **Filter**, mode "Cool Down" (NodeCanvas `Filter`, parameters `Cool Down Time` and
/// `Optional When Filtered`): after the child completes, answers `filtered` without ticking it
/// until `cooldown` has passed.
///
/// Per-tick input: `now`, the tree's clock, read once for this node's tick; pass the same value
/// to [`start`](Cooldown::start) and [`on_child`](Cooldown::on_child). Parameters: `cooldown`;
/// `filtered`, `Skipped` (NodeCanvas's `Optional`, the default) or `Failure`.
///
/// | state | child answers | Cooldown |
/// |---|---|---|
/// | cooling: the child completed at `t` and `now - t < cooldown` | not ticked | `filtered` |
/// | not cooling (never completed, or `now - t >= cooldown`) | `Success` / `Failure` | the same; the cooldown starts: `t = now` |
/// | not cooling | `Running` | `Running` |
/// | not cooling | `Skipped` | `Skipped`; no cooldown |
///
/// The first run is never filtered (the cooldown follows a completion), and a running child is
/// never cut off (the cooldown only starts when it completes). `cooldown = 0` never filters.
///
/// **Halting** a running Cooldown halts its child (done by the generated code; nothing for the
/// rule): a halted child did not complete, so no cooldown starts. **Memory**: the time of the last
/// completion survives halts of the node and of the tree (NodeCanvas's timer runs on whatever the
/// tree does; it is cleared when the graph stops): [`reset`](Cooldown::reset) clears it.
///
/// Differences from NodeCanvas: its timer counts down frame times from the frame of the
/// completion, so the cooldown ends at a frame boundary; here it ends at the first tick with
/// `now - t >= cooldown`. `Cool Down Time` is a constant. Unreal's `Cooldown` decorator, which also
/// starts the cooldown when the branch is aborted, is a different rule.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cooldown {
    /// The time of the child's last completion, as a kept time ([`mark`](crate::time::mark), 8
    /// bytes); 0: none (or the cooldown has passed).
    completed: u64,
}

impl Cooldown {
    /// A Cooldown whose child never completed.
    pub const fn new() -> Self {
        Cooldown { completed: 0 }
    }

    /// Before ticking the child: `Some(filtered)` answers without it (cooling down).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(
        &mut self,
        now: impl Into<Nanos>,
        cooldown: Duration,
        filtered: Status,
    ) -> Option<Status> {
        let now = now.into();
        match self.completed {
            0 => None,
            completed if elapsed(now, completed) < nanos(cooldown) => Some(filtered),
            _ => {
                self.completed = 0;
                None
            }
        }
    }

    /// The child answered `child` at time `now`; the answer passes through.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn on_child(&mut self, child: Status, now: impl Into<Nanos>) -> Status {
        if child.is_completed() {
            self.completed = mark(now.into());
        }
        child
    }

    /// Whether the node is cooling down at time `now`.
    pub fn is_cooling(&self, now: impl Into<Nanos>, cooldown: Duration) -> bool {
        self.completed != 0 && elapsed(now.into(), self.completed) < nanos(cooldown)
    }

    /// Forgets the last completion (a tree halt does not call it).
    pub fn reset(&mut self) {
        self.completed = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::ms;
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

    /// One tick of a Cooldown at `now`.
    fn cool(node: &mut Cooldown, now: u64, cooldown: u64, child: Status) -> (Status, bool) {
        match node.start(ms(now), ms(cooldown), Skipped) {
            Some(status) => (status, false),
            None => (node.on_child(child, ms(now)), true),
        }
    }

    #[test]
    fn cooldown_after_each_completion() {
        let mut node = Cooldown::new();
        assert_eq!(cool(&mut node, 0, 100, Running), (Running, true));
        assert_eq!(cool(&mut node, 50, 100, Running), (Running, true));
        assert_eq!(cool(&mut node, 60, 100, Success), (Success, true));
        assert!(node.is_cooling(ms(60), ms(100)));
        assert_eq!(cool(&mut node, 60, 100, Success), (Skipped, false));
        assert_eq!(cool(&mut node, 159, 100, Success), (Skipped, false));
        assert!(!node.is_cooling(ms(160), ms(100)));
        assert_eq!(cool(&mut node, 160, 100, Failure), (Failure, true), ">=");
        assert_eq!(cool(&mut node, 200, 100, Failure), (Skipped, false));
        assert_eq!(
            node.start(ms(200), ms(100), Failure),
            Some(Failure),
            "Optional When Filtered off"
        );
    }

    #[test]
    fn cooldown_skipped_child_and_zero() {
        let mut node = Cooldown::new();
        assert_eq!(cool(&mut node, 0, 100, Skipped), (Skipped, true));
        assert_eq!(
            cool(&mut node, 1, 100, Skipped),
            (Skipped, true),
            "no cooldown"
        );
        assert!(!node.is_cooling(ms(1), ms(100)));
        for now in 2..5 {
            assert_eq!(cool(&mut node, now, 0, Success), (Success, true));
        }
    }

    #[test]
    fn cooldown_survives_a_halt_and_reset_clears_it() {
        let mut node = Cooldown::new();
        assert_eq!(cool(&mut node, 0, 100, Success), (Success, true));
        // The tree is halted: the rule is not told.
        assert_eq!(cool(&mut node, 10, 100, Success), (Skipped, false));
        node.reset();
        assert_eq!(cool(&mut node, 11, 100, Running), (Running, true));
        // Halted while running: no completion, no cooldown.
        assert_eq!(cool(&mut node, 12, 100, Success), (Success, true));
    }
}
