use crate::decorator::{CountWhen, Filter};
use crate::{SmallIndex, Status};

/// **Limiter** (behavior3 `Limiter(maxLoop)`, with behavior3go's memory, decision 10): ticks the
/// child until it has *completed* `max_loop` times over the tree's life; afterwards answers
/// `Failure` without ticking it.
///
/// What counts is a **completion** of the child: an answer `Success` or `Failure`. Starting an
/// activation does not count, `Running` does not count, and an activation that ends in a halt
/// (the child never completed) does not count; neither does `Skipped` (the child did not run).
/// behavior3 does not count `ERROR` either, and an aborted tick (decision 11) is a halt.
///
/// | completions so far | child answers | Limiter |
/// |---|---|---|
/// | `>= max_loop` | not ticked | `Failure` |
/// | `< max_loop` | `Success` / `Failure` | the same, counted |
/// | `< max_loop` | `Running` | `Running`, not counted (a running child is never cut off) |
/// | `< max_loop` | `Skipped` | `Skipped`, not counted |
///
/// `max_loop = 0` fails every tick without ticking the child (behavior3go rejects `maxLoop < 1`
/// when the tree is loaded; the macro may reject 0 and negative values too).
///
/// **Halting** halts the child (the generated code does it); the rule has nothing to do. **Memory**:
/// the count survives halts of the node and halts of the whole tree, for the tree's life (in
/// behavior3go it lives in the blackboard, per tree and node, and is never reset).
/// [`reset`](Limiter::reset) clears it, should the generated tree offer a full restart.
///
/// This is NodeCanvas's [`Filter`] (limit mode) with `count_when = Completed` and
/// `filtered = Failure`: the same rule under another name, and the same code.
///
/// Difference from behavior3js and behavior3py: there the count is reset each time the node
/// opens, and as the Limiter closes whenever its child completes it never limits anything
/// (behavior3js issue #25); we follow behavior3go.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Limiter<C = u8> {
    filter: Filter<C>,
}

impl<C: SmallIndex> Limiter<C> {
    /// A Limiter whose child never completed.
    pub const fn new() -> Self {
        Limiter {
            filter: Filter::new(),
        }
    }

    /// Before ticking the child: `Some(Failure)` answers without it (the limit is reached).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(&self, max_loop: usize) -> Option<Status> {
        self.filter.start(max_loop, Status::Failure)
    }

    /// The child answered `child`: a completion is counted; the answer passes through.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn on_child(&mut self, child: Status) -> Status {
        self.filter.on_child(child, CountWhen::Completed)
    }

    /// The child's completions so far.
    pub fn count(&self) -> usize {
        self.filter.count()
    }

    /// Forgets the count (neither a node halt nor a tree halt calls it).
    pub fn reset(&mut self) {
        self.filter.reset();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Status::*;

    /// One tick; `true` when the child was ticked.
    fn tick(node: &mut Limiter<u8>, max: usize, child: Status) -> (Status, bool) {
        match node.start(max) {
            Some(status) => (status, false),
            None => (node.on_child(child), true),
        }
    }

    #[test]
    fn counts_completions_for_the_tree_life() {
        let mut node = Limiter::<u8>::new();
        assert_eq!(tick(&mut node, 3, Running), (Running, true));
        assert_eq!(tick(&mut node, 3, Running), (Running, true));
        assert_eq!(node.count(), 0, "a started activation is not counted");
        assert_eq!(tick(&mut node, 3, Success), (Success, true));
        assert_eq!(tick(&mut node, 3, Skipped), (Skipped, true));
        assert_eq!(node.count(), 1, "a skip is not counted");
        assert_eq!(tick(&mut node, 3, Failure), (Failure, true));
        assert_eq!(tick(&mut node, 3, Running), (Running, true));
        // The Limiter is halted here (its child with it): nothing counted, nothing cleared.
        assert_eq!(node.count(), 2);
        assert_eq!(tick(&mut node, 3, Running), (Running, true));
        assert_eq!(tick(&mut node, 3, Success), (Success, true));
        assert_eq!(node.count(), 3);
        for _ in 0..3 {
            assert_eq!(tick(&mut node, 3, Success), (Failure, false));
        }
    }

    #[test]
    fn wide_counter() {
        let mut node = Limiter::<u16>::new();
        for _ in 0..1000 {
            assert_eq!(node.start(1000), None);
            assert_eq!(node.on_child(Success), Success);
        }
        assert_eq!(node.count(), 1000);
        assert_eq!(node.start(1000), Some(Failure));
    }

    #[test]
    fn zero_and_reset() {
        let mut node = Limiter::<u8>::new();
        assert_eq!(tick(&mut node, 0, Success), (Failure, false));
        assert_eq!(tick(&mut node, 1, Success), (Success, true));
        assert_eq!(tick(&mut node, 1, Success), (Failure, false));
        node.reset();
        assert_eq!(node.count(), 0);
        assert_eq!(tick(&mut node, 1, Failure), (Failure, true));
        assert_eq!(tick(&mut node, 1, Success), (Failure, false));
    }
}
