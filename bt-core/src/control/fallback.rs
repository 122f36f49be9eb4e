use super::linear::{Linear, SkipCount};
use super::Flow;
use crate::{SmallIndex, Status};

/// **Fallback** (BehaviorTree.CPP `Fallback`, a.k.a. Selector; behavior3 `MemPriority` is the same
/// rule): try the children in order until one succeeds; resume at the running child on the next
/// tick.
///
/// | current child returns | Fallback |
/// |---|---|
/// | `Failure` | moves on to the next child in the same tick; after the last: `Failure` |
/// | `Skipped` | moves on as well; if every child was skipped: `Skipped` |
/// | `Running` | returns `Running`; the next tick resumes at this child |
/// | `Success` | returns `Success`; the next activation starts at the first child |
///
/// Halted while running: the running child is halted and the next activation starts at the first
/// child.
///
/// `I` is the child index type and `S` counts the children that skipped in one activation
/// ([`SkipCount`](super::SkipCount)): by default a count of type `I`, or [`NoSkips`](super::NoSkips)
/// when some child never answers `Skipped` (the macro's choice when it can tell), which stores
/// nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Fallback<I = u8, S = I> {
    walk: Linear<I, S>,
}

impl<I: SmallIndex, S: SkipCount> Fallback<I, S> {
    /// An idle fallback.
    pub const fn new() -> Self {
        Fallback {
            walk: Linear::new(),
        }
    }

    /// The child to tick first in this tick.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(&mut self) -> usize {
        self.walk.cursor.get()
    }

    /// Child `child` of `len` returned `status`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn on_child(&mut self, child: usize, status: Status, len: usize) -> Flow {
        self.walk
            .on_child(child, status, len, Status::Failure, false)
    }

    /// The fallback is halted while running: returns the running child and forgets the position.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt(&mut self) -> Option<usize> {
        self.walk.halt(false)
    }
}

#[cfg(test)]
mod tests {
    use super::super::script::{order, run_tick};
    use super::*;
    use Status::*;

    fn tick(fb: &mut Fallback, results: &[Status]) -> (Status, [Option<usize>; 8]) {
        let start = fb.start();
        let (status, ticked, halted) =
            run_tick(start, |c, s| fb.on_child(c, s, results.len()), results);
        assert_eq!(halted, None);
        (status, ticked)
    }

    #[test]
    fn first_success_wins() {
        let mut fb = Fallback::<u8>::new();
        assert_eq!(
            tick(&mut fb, &[Failure, Success, Success]),
            (Success, order(&[0, 1]))
        );
        assert_eq!(tick(&mut fb, &[Success, Failure]), (Success, order(&[0])));
    }

    #[test]
    fn all_failure_is_failure_and_restarts() {
        let mut fb = Fallback::<u8>::new();
        assert_eq!(tick(&mut fb, &[Failure; 3]), (Failure, order(&[0, 1, 2])));
        assert_eq!(tick(&mut fb, &[Failure; 3]), (Failure, order(&[0, 1, 2])));
    }

    #[test]
    fn running_resumes_without_re_ticking_failed_children() {
        let mut fb = Fallback::<u8>::new();
        assert_eq!(
            tick(&mut fb, &[Failure, Running, Success]),
            (Running, order(&[0, 1]))
        );
        assert_eq!(
            tick(&mut fb, &[Failure, Failure, Running]),
            (Running, order(&[1, 2]))
        );
        assert_eq!(
            tick(&mut fb, &[Failure, Failure, Failure]),
            (Failure, order(&[2]))
        );
        assert_eq!(fb.start(), 0);
    }

    #[test]
    fn skipped_children() {
        let mut fb = Fallback::<u8>::new();
        assert_eq!(
            tick(&mut fb, &[Skipped, Failure]),
            (Failure, order(&[0, 1]))
        );
        assert_eq!(
            tick(&mut fb, &[Skipped, Skipped]),
            (Skipped, order(&[0, 1]))
        );
        assert_eq!(
            tick(&mut fb, &[Skipped, Success]),
            (Success, order(&[0, 1]))
        );
    }

    #[test]
    fn halt_forgets_the_position() {
        let mut fb = Fallback::<u8>::new();
        assert_eq!(
            tick(&mut fb, &[Failure, Running]),
            (Running, order(&[0, 1]))
        );
        assert_eq!(fb.halt(), Some(1));
        assert_eq!(fb.start(), 0);
    }
}
