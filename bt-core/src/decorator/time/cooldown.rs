use core::time::Duration;

use crate::time::{elapsed, mark, nanos, Nanos};
use crate::Status;

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
