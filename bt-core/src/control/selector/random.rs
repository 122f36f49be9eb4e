use super::permutation::Permutation;
use crate::control::HALTED;
use crate::step::{Event, Step};
use crate::{Rng, SmallIndex, Status};

/// The shared mechanism of [`RandomSequence`] and [`RandomSelector`]: a memory walk over an order
/// drawn at the start of each activation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(bound(deserialize = "I: serde::Deserialize<'de> + Default"))
)]
struct Shuffled<const N: usize, I> {
    order: Permutation<N, I>,
    /// Position in `order` of the child ticked next (or running).
    pos: I,
    /// Children that answered `Skipped` in this activation.
    skipped: I,
    /// An activation is under way (the order is drawn and in use).
    active: bool,
}

impl<const N: usize, I: SmallIndex> Shuffled<N, I> {
    const fn new() -> Self {
        Shuffled {
            order: Permutation::identity(),
            pos: I::ZERO,
            skipped: I::ZERO,
            active: false,
        }
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn start(&mut self, rng: &mut impl Rng) -> Step {
        debug_assert!(N > 0, "the macro rejects a composite without children");
        if !self.active {
            self.order.shuffle(rng);
            self.active = true;
        }
        Step::Tick(self.order.get(self.pos.get()))
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn next(&mut self, event: Event, keep_going: Status) -> Step {
        match event {
            Event::Child(child, status) => {
                debug_assert_eq!(child, self.order.get(self.pos.get()), "ticked out of order");
                match status {
                    Status::Running => Step::Return(Status::Running),
                    Status::Skipped => {
                        self.skipped = I::set(self.skipped.get() + 1);
                        self.advance(keep_going)
                    }
                    done if done == keep_going => self.advance(keep_going),
                    stop => {
                        self.finish();
                        Step::Return(stop)
                    }
                }
            }
            Event::Halted(_) => Step::Return(HALTED),
        }
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn advance(&mut self, keep_going: Status) -> Step {
        let pos = self.pos.get() + 1;
        if pos < N {
            self.pos = I::set(pos);
            Step::Tick(self.order.get(pos))
        } else {
            let all_skipped = self.skipped.get() == N;
            self.finish();
            Step::Return(if all_skipped {
                Status::Skipped
            } else {
                keep_going
            })
        }
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn halt(&mut self) -> Step {
        if !self.active {
            return Step::Return(HALTED);
        }
        let running = self.order.get(self.pos.get());
        self.finish();
        Step::Halt(running)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn finish(&mut self) {
        self.active = false;
        self.pos = I::ZERO;
        self.skipped = I::ZERO;
    }
}

macro_rules! random_composite {
    ($(#[$doc:meta])* $name:ident, $keep_going:expr, $what:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[cfg_attr(
            feature = "serde",
            derive(serde::Serialize, serde::Deserialize),
            serde(bound(deserialize = "I: serde::Deserialize<'de> + Default"))
        )]
        pub struct $name<const N: usize, I = u8> {
            walk: Shuffled<N, I>,
        }

        impl<const N: usize, I: SmallIndex> Default for $name<N, I> {
            fn default() -> Self {
                Self::new()
            }
        }

        impl<const N: usize, I: SmallIndex> $name<N, I> {
            #[doc = concat!("An idle ", $what, " (no order drawn yet).")]
            pub const fn new() -> Self {
                $name {
                    walk: Shuffled::new(),
                }
            }

            /// The first step of a tick. On the first tick of an activation, draws the order
            /// (`N - 1` draws from `rng`); on later ticks of the activation, draws nothing.
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            pub fn start(&mut self, rng: &mut impl Rng) -> Step {
                self.walk.start(rng)
            }

            /// The step after `event`.
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            pub fn next(&mut self, event: Event) -> Step {
                self.walk.next(event, $keep_going)
            }

            /// The node is halted: halts the running child; the next tick draws a new order.
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            pub fn halt(&mut self) -> Step {
                self.walk.halt()
            }

            /// The order of the current activation, first child first (meaningful while the node
            /// is running; for traces and tests).
            pub fn order(&self) -> impl Iterator<Item = usize> + '_ {
                (0..N).map(|pos| self.walk.order.get(pos))
            }

            /// Whether an activation is under way (the node is running).
            pub fn is_active(&self) -> bool {
                self.walk.active
            }
        }
    };
}

random_composite!(
    /// **RandomSequence** (NodeCanvas `Sequencer` with *Random* on; NPBehave `RandomSequence`): a
    /// sequence over an order of the children drawn at random at the start of each activation.
    ///
    /// `N` is the number of children (the macro writes it); `I` the index type, `u8` up to 255
    /// children, `u16` beyond. Per-tick input: the generator `rng` (only read on the first tick of
    /// an activation). No parameters.
    ///
    /// | when | RandomSequence |
    /// |---|---|
    /// | tick, not running (a new activation) | draws a uniformly random order of the children, then ticks its first child |
    /// | tick, running | ticks the running child; draws nothing |
    /// | child `Success` | ticks the next child of the order in the same tick; after the last: `Success` |
    /// | child `Skipped` | moves on as well; if every child was skipped: `Skipped` |
    /// | child `Running` | `Running`; the next tick resumes at this child |
    /// | child `Failure` | `Failure` (the children after it in the order are not ticked) |
    ///
    /// The node answers `Running` only when a child does.
    ///
    /// **Halt** while running: the running child is halted and the activation ends.
    /// **Memory**: the order belongs to one activation. It is forgotten when the node completes
    /// or is halted, and the next activation draws a new one. A tree halt has nothing to clear
    /// (an idle node holds no memory).
    ///
    /// **Size**: the order is an array of `N` indices of type `I` (one byte per child with `u8`)
    /// plus three bytes (position, skip count, activity flag): `N + 3` bytes with `u8`; no
    /// allocation. A shuffled order
    /// cannot be recomputed from a seed cheaply at each tick, so it is stored.
    ///
    /// **Differences from NodeCanvas**: NodeCanvas shuffles at every reset of the node and at
    /// graph start; we draw on the first tick of each activation, which gives the same
    /// distribution (one fresh order per activation) and draws nothing for a node that is never
    /// ticked. A sequence whose children were all skipped is `Skipped` (NodeCanvas: `Success`;
    /// our house rule for every composite, `spec/decisions.md` decision 3). *Random* combined
    /// with *Dynamic* is not offered.
    RandomSequence,
    Status::Success,
    "random sequence"
);

random_composite!(
    /// **RandomSelector** (NodeCanvas `Selector` with *Random* on; NPBehave `RandomSelector`): a
    /// selector (fallback) over an order of the children drawn at random at the start of each
    /// activation.
    ///
    /// `N` is the number of children (the macro writes it); `I` the index type, `u8` up to 255
    /// children, `u16` beyond. Per-tick input: the generator `rng` (only read on the first tick of
    /// an activation). No parameters.
    ///
    /// | when | RandomSelector |
    /// |---|---|
    /// | tick, not running (a new activation) | draws a uniformly random order of the children, then ticks its first child |
    /// | tick, running | ticks the running child; draws nothing |
    /// | child `Failure` | ticks the next child of the order in the same tick; after the last: `Failure` |
    /// | child `Skipped` | moves on as well; if every child was skipped: `Skipped` |
    /// | child `Running` | `Running`; the next tick resumes at this child |
    /// | child `Success` | `Success` (the children after it in the order are not ticked) |
    ///
    /// The node answers `Running` only when a child does.
    ///
    /// **Halt** while running: the running child is halted and the activation ends.
    /// **Memory**: the order belongs to one activation. It is forgotten when the node completes
    /// or is halted, and the next activation draws a new one. A tree halt has nothing to clear.
    ///
    /// **Size**: an array of `N` indices of type `I` (one byte per child with `u8`) plus three
    /// bytes; no allocation.
    ///
    /// **Differences from NodeCanvas**: as for [`RandomSequence`]; a selector whose children were
    /// all skipped is `Skipped` (NodeCanvas: `Failure`).
    RandomSelector,
    Status::Failure,
    "random selector"
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::control::tests::script_rng::Scripted;
    use crate::step::script::{answers, Harness, Log};
    use crate::SmallRng;
    use Status::*;

    fn order_of<const N: usize>(node: &RandomSequence<N>) -> std::vec::Vec<usize> {
        node.order().collect()
    }

    #[test]
    fn draws_once_per_activation_and_walks_the_order() {
        let mut node = RandomSequence::<3>::new();
        let mut h = Harness::new(3);
        // Inside-out Fisher-Yates from [0]: below(2)=0 -> [1, 0]; below(3)=1 -> [1, 2, 0].
        let mut rng = Scripted::below(&[0, 1]);
        let log = h.tick(
            node.start(&mut rng),
            |e| node.next(e),
            answers(&[Success, Running, Success]),
        );
        assert!(rng.is_spent());
        assert_eq!(rng.asked, [2, 3]);
        assert_eq!(order_of(&node), [1, 2, 0]);
        assert_eq!(
            log,
            Log {
                status: Some(Running),
                ticked: vec![1],
                halted: vec![]
            }
        );
        // Running: resumes at child 1 without drawing (an empty script would panic on a draw).
        let mut none = Scripted::default();
        let log = h.tick(
            node.start(&mut none),
            |e| node.next(e),
            answers(&[Success, Success, Success]),
        );
        assert_eq!(log.status, Some(Success));
        assert_eq!(log.ticked, [1, 2, 0]);
        assert!(!node.is_active());
        // A new activation draws a new order: below(2)=1, below(3)=2 -> [0, 1] -> [0, 1, 2].
        let mut rng = Scripted::below(&[1, 2]);
        let log = h.tick(
            node.start(&mut rng),
            |e| node.next(e),
            answers(&[Success, Failure, Success]),
        );
        assert_eq!(
            log,
            Log {
                status: Some(Failure),
                ticked: vec![0, 1],
                halted: vec![]
            }
        );
    }

    #[test]
    fn sequence_rows() {
        let identity = || Scripted::below(&[1, 2]);
        let mut h = Harness::new(3);
        let mut node = RandomSequence::<3>::new();
        let mut tick = |answers_: &[Status]| {
            let mut rng = identity();
            let first = node.start(&mut rng);
            h.tick(first, |e| node.next(e), answers(answers_))
        };
        // Failure stops the walk.
        let log = tick(&[Success, Failure, Success]);
        assert_eq!((log.status, log.ticked), (Some(Failure), vec![0, 1]));
        // Skipped moves on; all skipped is Skipped.
        let log = tick(&[Skipped, Success, Skipped]);
        assert_eq!((log.status, log.ticked), (Some(Success), vec![0, 1, 2]));
        let log = tick(&[Skipped, Skipped, Skipped]);
        assert_eq!((log.status, log.ticked), (Some(Skipped), vec![0, 1, 2]));
        // The skip count belongs to one activation.
        let log = tick(&[Skipped, Skipped, Failure]);
        assert_eq!(log.status, Some(Failure));
        let log = tick(&[Success, Success, Success]);
        assert_eq!(log.status, Some(Success));
    }

    #[test]
    fn selector_rows() {
        let mut h = Harness::new(3);
        let mut node = RandomSelector::<3>::new();
        // Order [2, 0, 1]: below(2)=0 -> [1, 0]; below(3)=0 -> [2, 0, 1].
        let mut rng = Scripted::below(&[0, 0]);
        let log = h.tick(
            node.start(&mut rng),
            |e| node.next(e),
            answers(&[Running, Failure, Failure]),
        );
        assert_eq!((log.status, log.ticked), (Some(Running), vec![2, 0]));
        let mut none = Scripted::default();
        let log = h.tick(
            node.start(&mut none),
            |e| node.next(e),
            answers(&[Failure, Success, Failure]),
        );
        assert_eq!((log.status, log.ticked), (Some(Success), vec![0, 1]));
        let mut rng = Scripted::below(&[0, 0]);
        let log = h.tick(
            node.start(&mut rng),
            |e| node.next(e),
            answers(&[Failure, Failure, Failure]),
        );
        assert_eq!((log.status, log.ticked), (Some(Failure), vec![2, 0, 1]));
        let mut rng = Scripted::below(&[0, 0]);
        let log = h.tick(
            node.start(&mut rng),
            |e| node.next(e),
            answers(&[Skipped, Skipped, Skipped]),
        );
        assert_eq!(log.status, Some(Skipped));
        let mut rng = Scripted::below(&[0, 0]);
        let log = h.tick(
            node.start(&mut rng),
            |e| node.next(e),
            answers(&[Skipped, Failure, Skipped]),
        );
        assert_eq!(log.status, Some(Failure));
    }

    #[test]
    fn halt_ends_the_activation_and_the_next_tick_draws_again() {
        let mut h = Harness::new(2);
        let mut node = RandomSequence::<2>::new();
        let mut rng = Scripted::below(&[0]); // [1, 0]
        let log = h.tick(
            node.start(&mut rng),
            |e| node.next(e),
            answers(&[Running, Running]),
        );
        assert_eq!(log.ticked, [1]);
        let log = h.halt(node.halt(), |e| node.next(e), answers(&[]));
        assert_eq!(log.halted, [1]);
        assert!(!node.is_active());
        // Halting an idle node does nothing.
        let log = h.halt(node.halt(), |e| node.next(e), answers(&[]));
        assert!(log.halted.is_empty() && log.ticked.is_empty());
        let mut rng = Scripted::below(&[1]); // [0, 1]
        let log = h.tick(
            node.start(&mut rng),
            |e| node.next(e),
            answers(&[Running, Running]),
        );
        assert_eq!(log.ticked, [0]);
        assert!(rng.is_spent());
    }

    #[test]
    fn one_child_draws_nothing() {
        let mut h = Harness::new(1);
        let mut node = RandomSelector::<1>::new();
        let mut none = Scripted::default();
        let log = h.tick(node.start(&mut none), |e| node.next(e), answers(&[Failure]));
        assert_eq!((log.status, log.ticked), (Some(Failure), vec![0]));
        assert!(none.asked.is_empty());
    }

    #[test]
    fn seeded_runs_repeat_and_every_child_comes_first_sometimes() {
        let run = |seed| {
            let mut rng = SmallRng::seed(seed);
            let mut node = RandomSelector::<4>::new();
            let mut h = Harness::new(4);
            let mut firsts = [0u32; 4];
            for _ in 0..4_000 {
                let log = h.tick(
                    node.start(&mut rng),
                    |e| node.next(e),
                    answers(&[Success; 4]),
                );
                firsts[log.ticked[0]] += 1;
            }
            firsts
        };
        let a = run(5);
        assert_eq!(a, run(5));
        assert_ne!(a, run(6));
        for count in a {
            assert!((800..1_200).contains(&count), "{a:?}");
        }
    }

    #[test]
    fn wide_index_type() {
        let mut h = Harness::new(300);
        let mut node = RandomSequence::<300, u16>::new();
        let mut rng = SmallRng::seed(3);
        let log = h.tick(
            node.start(&mut rng),
            |e| node.next(e),
            answers(&[Success; 300]),
        );
        assert_eq!(log.status, Some(Success));
        let mut ticked = log.ticked.clone();
        ticked.sort_unstable();
        assert_eq!(ticked, (0..300).collect::<std::vec::Vec<_>>());
        assert_ne!(
            log.ticked, ticked,
            "300 children in declaration order is not random"
        );
    }
}
