use super::linear::{Linear, SkipCount};
use super::Flow;
use crate::{SmallIndex, Status};

/// **Sequence** (BehaviorTree.CPP `Sequence`; behavior3 `MemSequence` is the same rule): tick the
/// children in order while they succeed; resume at the running child on the next tick.
///
/// | current child returns | Sequence |
/// |---|---|
/// | `Success` | moves on to the next child in the same tick; after the last: `Success` |
/// | `Skipped` | moves on as well; if every child was skipped: `Skipped` |
/// | `Running` | returns `Running`; the next tick resumes at this child (earlier children are not re-ticked) |
/// | `Failure` | returns `Failure`; the next activation starts again at the first child |
///
/// Halted while running: the running child is halted and the next activation starts at the first
/// child.
///
/// behavior3's `MemSequence` restarts after a failure and resumes at its running child, which is
/// exactly this rule, so the macro accepts `MemSequence` as an alias. BehaviorTree.CPP's
/// [`SequenceWithMemory`] differs: it retries the failed child.
///
/// `I` is the child index type and `S` counts the children that skipped in one activation
/// ([`SkipCount`](super::SkipCount)): by default a count of type `I`, or [`NoSkips`](super::NoSkips)
/// when some child never answers `Skipped` (the macro's choice when it can tell), which stores
/// nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Sequence<I = u8, S = I> {
    walk: Linear<I, S>,
}

impl<I: SmallIndex, S: SkipCount> Sequence<I, S> {
    /// An idle sequence.
    pub const fn new() -> Self {
        Sequence {
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
            .on_child(child, status, len, Status::Success, false)
    }

    /// The sequence is halted while running: returns the running child and forgets the position.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt(&mut self) -> Option<usize> {
        self.walk.halt(false)
    }
}

/// **SequenceWithMemory** (BehaviorTree.CPP; `SequenceStar` is an alias): a sequence that never
/// re-ticks a child that already succeeded, until all of them have.
///
/// | current child returns | SequenceWithMemory |
/// |---|---|
/// | `Success` / `Skipped` | moves on in the same tick; after the last: `Success` (or `Skipped` if all were skipped), and the next activation starts at the first child |
/// | `Running` | returns `Running`; resumes at this child |
/// | `Failure` | returns `Failure`, **keeping its position**: the next activation re-ticks the failed child, not the ones before it |
///
/// Halted while running: the running child is halted and the position is **kept**; the next
/// activation resumes at that child.
///
/// Difference from BehaviorTree.CPP: there, a tree built by the factory yields after each child
/// that succeeds at once (`[S, S, S]` takes three ticks). Our tick is synchronous: `[S, S, S]`
/// succeeds in one tick, like `Sequence` (see `spec/decisions.md`, decision 2).
///
/// `I` is the child index type and `S` counts the children that skipped in one activation
/// ([`SkipCount`](super::SkipCount)): by default a count of type `I`, or [`NoSkips`](super::NoSkips)
/// when some child never answers `Skipped` (the macro's choice when it can tell), which stores
/// nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SequenceWithMemory<I = u8, S = I> {
    walk: Linear<I, S>,
}

impl<I: SmallIndex, S: SkipCount> SequenceWithMemory<I, S> {
    /// A sequence positioned at its first child.
    pub const fn new() -> Self {
        SequenceWithMemory {
            walk: Linear::new(),
        }
    }

    /// The child to tick first in this tick: where the last activation stopped.
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
            .on_child(child, status, len, Status::Success, true)
    }

    /// The sequence is halted while running: returns the running child; the position is kept.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt(&mut self) -> Option<usize> {
        self.walk.halt(true)
    }
}

#[cfg(test)]
mod tests {
    use super::super::script::{order, run_tick};
    use super::*;
    use Status::*;

    fn tick_seq(seq: &mut Sequence, results: &[Status]) -> (Status, [Option<usize>; 8]) {
        let start = seq.start();
        let (status, ticked, halted) =
            run_tick(start, |c, s| seq.on_child(c, s, results.len()), results);
        assert_eq!(halted, None, "a sequence never pre-empts a child");
        (status, ticked)
    }

    fn tick_swm(seq: &mut SequenceWithMemory, results: &[Status]) -> (Status, [Option<usize>; 8]) {
        let start = seq.start();
        let (status, ticked, halted) =
            run_tick(start, |c, s| seq.on_child(c, s, results.len()), results);
        assert_eq!(halted, None);
        (status, ticked)
    }

    #[test]
    fn all_success_completes_in_one_tick() {
        let mut seq = Sequence::<u8>::new();
        assert_eq!(
            tick_seq(&mut seq, &[Success; 3]),
            (Success, order(&[0, 1, 2]))
        );
        assert_eq!(seq.start(), 0);
    }

    #[test]
    fn running_resumes_at_the_same_child() {
        let mut seq = Sequence::<u8>::new();
        assert_eq!(
            tick_seq(&mut seq, &[Success, Running, Success]),
            (Running, order(&[0, 1]))
        );
        assert_eq!(
            tick_seq(&mut seq, &[Success, Running, Success]),
            (Running, order(&[1]))
        );
        assert_eq!(
            tick_seq(&mut seq, &[Success, Success, Success]),
            (Success, order(&[1, 2]))
        );
        assert_eq!(
            tick_seq(&mut seq, &[Success, Running, Success]),
            (Running, order(&[0, 1]))
        );
    }

    #[test]
    fn failure_restarts_from_the_first_child() {
        let mut seq = Sequence::<u8>::new();
        assert_eq!(
            tick_seq(&mut seq, &[Success, Running, Success]),
            (Running, order(&[0, 1]))
        );
        assert_eq!(
            tick_seq(&mut seq, &[Success, Failure, Success]),
            (Failure, order(&[1]))
        );
        assert_eq!(
            tick_seq(&mut seq, &[Failure, Running, Success]),
            (Failure, order(&[0]))
        );
    }

    #[test]
    fn skipped_children_are_passed_and_all_skipped_is_skipped() {
        let mut seq = Sequence::<u8>::new();
        assert_eq!(
            tick_seq(&mut seq, &[Skipped, Success]),
            (Success, order(&[0, 1]))
        );
        assert_eq!(
            tick_seq(&mut seq, &[Skipped, Skipped]),
            (Skipped, order(&[0, 1]))
        );
        // The count belongs to one activation: a later all-skip tick is judged on its own.
        assert_eq!(
            tick_seq(&mut seq, &[Skipped, Failure]),
            (Failure, order(&[0, 1]))
        );
        assert_eq!(
            tick_seq(&mut seq, &[Skipped, Skipped]),
            (Skipped, order(&[0, 1]))
        );
    }

    #[test]
    fn halt_names_the_running_child_and_forgets_the_position() {
        let mut seq = Sequence::<u8>::new();
        assert_eq!(
            tick_seq(&mut seq, &[Success, Success, Running]),
            (Running, order(&[0, 1, 2]))
        );
        assert_eq!(seq.halt(), Some(2));
        assert_eq!(seq.start(), 0);
    }

    #[test]
    fn memory_keeps_the_failed_child() {
        let mut seq = SequenceWithMemory::<u8>::new();
        assert_eq!(
            tick_swm(&mut seq, &[Success, Failure, Success]),
            (Failure, order(&[0, 1]))
        );
        // Next activation retries child 1 without re-ticking child 0.
        assert_eq!(
            tick_swm(&mut seq, &[Success, Failure, Success]),
            (Failure, order(&[1]))
        );
        assert_eq!(
            tick_swm(&mut seq, &[Success, Success, Success]),
            (Success, order(&[1, 2]))
        );
        // After completing it starts over.
        assert_eq!(
            tick_swm(&mut seq, &[Success, Success, Success]),
            (Success, order(&[0, 1, 2]))
        );
    }

    #[test]
    fn memory_survives_halt() {
        let mut seq = SequenceWithMemory::<u8>::new();
        assert_eq!(
            tick_swm(&mut seq, &[Success, Running, Success]),
            (Running, order(&[0, 1]))
        );
        assert_eq!(seq.halt(), Some(1));
        assert_eq!(
            tick_swm(&mut seq, &[Success, Running, Success]),
            (Running, order(&[1]))
        );
        assert_eq!(
            tick_swm(&mut seq, &[Success, Success, Running]),
            (Running, order(&[1, 2]))
        );
        assert_eq!(seq.halt(), Some(2));
        assert_eq!(
            tick_swm(&mut seq, &[Success, Success, Success]),
            (Success, order(&[2]))
        );
    }

    #[test]
    fn memory_skip_count_belongs_to_one_activation() {
        let mut seq = SequenceWithMemory::<u8>::new();
        assert_eq!(
            tick_swm(&mut seq, &[Skipped, Failure]),
            (Failure, order(&[0, 1]))
        );
        // Resumes at child 1; child 0's skip belonged to the previous activation.
        assert_eq!(
            tick_swm(&mut seq, &[Skipped, Skipped]),
            (Success, order(&[1]))
        );
    }

    #[test]
    fn wide_cursors_work() {
        let mut seq = Sequence::<u16>::new();
        let results = [Success; 300];
        let start = seq.start();
        let mut last = 0;
        let mut child = start;
        loop {
            last = last.max(child);
            match seq.on_child(child, results[child], 300) {
                Flow::Tick(next) => child = next,
                Flow::Return(status) => {
                    assert_eq!(status, Success);
                    break;
                }
                Flow::HaltAndReturn { .. } => unreachable!(),
            }
        }
        assert_eq!(last, 299);
    }

    /// The three walks from a cursor, with a count of skips or `NoSkips`, as one type.
    macro_rules! walks {
        ($($name:ident: $ty:ident),*) => {
            #[derive(Clone, Copy, Debug)]
            enum Walk<S: SkipCount> { $($name($ty<u8, S>)),* }
            impl<S: SkipCount> Walk<S> {
                fn all() -> [Walk<S>; 3] { [$(Walk::$name($ty::new())),*] }
                fn start(&mut self) -> usize { match self { $(Walk::$name(w) => w.start()),* } }
                fn on_child(&mut self, c: usize, s: Status, len: usize) -> Flow {
                    match self { $(Walk::$name(w) => w.on_child(c, s, len)),* }
                }
                fn halt(&mut self) -> Option<usize> { match self { $(Walk::$name(w) => w.halt()),* } }
            }
        };
    }
    use super::super::Fallback;
    walks!(Seq: Sequence, Fb: Fallback, Swm: SequenceWithMemory);

    fn tick_walk<S: SkipCount>(
        walk: &mut Walk<S>,
        results: &[Status],
    ) -> (Status, [Option<usize>; 8]) {
        let start = walk.start();
        let (status, ticked, halted) =
            run_tick(start, |c, s| walk.on_child(c, s, results.len()), results);
        assert_eq!(halted, None);
        (status, ticked)
    }

    #[test]
    fn without_skips_a_walk_is_its_cursor_alone_and_follows_the_same_rule() {
        use super::super::linear::NoSkips;
        use core::mem::size_of;
        assert_eq!(size_of::<Sequence<u8, NoSkips>>(), 1);
        assert_eq!(size_of::<Fallback<u8, NoSkips>>(), 1);
        assert_eq!(size_of::<SequenceWithMemory<u16, NoSkips>>(), 2);
        assert_eq!(size_of::<Sequence<u8>>(), 2);
        // Every pair of ticks over three children, one of which (at each position in turn)
        // never skips while the others answer anything, with or without a halt between them:
        // the same statuses, children ticked and cursor as the counting walk.
        let any = [Success, Failure, Running, Skipped];
        for steady in 0..3 {
            let scripts: Vec<[Status; 3]> = (0..64)
                .map(|n| [any[n % 4], any[n / 4 % 4], any[n / 16]])
                .filter(|script| script[steady] != Skipped)
                .collect();
            assert_eq!(scripts.len(), 48);
            for (kind, (counted, uncounted)) in Walk::<u8>::all()
                .into_iter()
                .zip(Walk::<NoSkips>::all())
                .enumerate()
            {
                for first in &scripts {
                    for second in &scripts {
                        for halt in [false, true] {
                            let (mut a, mut b) = (counted, uncounted);
                            let at = format!("walk {kind}, {first:?} then {second:?}");
                            assert_eq!(tick_walk(&mut a, first), tick_walk(&mut b, first), "{at}");
                            if halt {
                                assert_eq!(a.halt(), b.halt(), "{at}");
                            }
                            assert_eq!(a.start(), b.start(), "{at}");
                            assert_eq!(
                                tick_walk(&mut a, second),
                                tick_walk(&mut b, second),
                                "{at}"
                            );
                            assert_eq!(a.start(), b.start(), "{at}");
                        }
                    }
                }
            }
        }
    }
}
