//! Tests over the [`Step`](crate::step::Step) rules of every family: their state sizes, and a
//! contract every rule keeps under random child answers; and a scripted generator for the random
//! selectors' tests.

use super::*;

mod sizes {
    use super::*;
    use core::mem::size_of;

    /// The sizes the docs state (`u8` indices, up to 64 children).
    #[test]
    fn state_sizes() {
        assert_eq!(size_of::<RandomSequence<5>>(), 5 + 3);
        assert_eq!(size_of::<RandomSelector<5>>(), 5 + 3);
        assert_eq!(size_of::<FlipSelector<5>>(), 5 + 2);
        assert_eq!(size_of::<StepSequencer>(), 1);
        assert_eq!(size_of::<BinarySelector>(), 1);
        assert_eq!(size_of::<IndexSwitch>(), 2);
        assert_eq!(size_of::<PrioritySelector<5>>(), 5 + 3);
        assert_eq!(size_of::<DynamicPrioritySelector>(), 2);
        assert_eq!(size_of::<PolicyParallel>(), 3);
        assert_eq!(size_of::<ProbabilitySelector>(), 8);
        assert_eq!(size_of::<DynamicSequence>(), 4);
        assert_eq!(size_of::<DynamicSelector<2>>(), 5);
        assert_eq!(size_of::<crate::abort::ObserverSelector>(), 6);
        assert_eq!(size_of::<crate::abort::ConditionalAbort>(), 1);
    }
}

mod contract {
    //! Every rule, driven with random child answers, inputs and halts: the harness checks that
    //! no child is ticked twice in a tick and that none is left running when the node completes
    //! or is halted; the rules' own debug assertions check their internal consistency.

    use super::*;
    use crate::abort::{AbortMode, ConditionalAbort, ObserverSelector};
    use crate::step::script::Harness;
    use crate::{SmallRng, Status};
    use std::vec::Vec;

    struct Roll(u64);

    impl Roll {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: u64) -> usize {
            (self.next() % n) as usize
        }
        fn status(&mut self) -> Status {
            [
                Status::Running,
                Status::Success,
                Status::Failure,
                Status::Skipped,
            ][self.below(4)]
        }
        fn statuses(&mut self, len: usize) -> Vec<Status> {
            (0..len).map(|_| self.status()).collect()
        }
    }

    /// Plays 3,000 ticks (with a halt now and then) of a rule over `len` children.
    /// `$start`/`$next`/`$halt` are closures over the roll's per-tick values.
    macro_rules! drive {
        ($len:expr, $pseudo:expr, |$roll:ident, $answers:ident| $start:expr, |$e:ident| $next:expr, $halt:expr) => {{
            let len: usize = $len;
            let mut $roll = Roll(0x2545_F491_4F6C_DD1D ^ len as u64);
            let mut h = Harness::new(len + $pseudo);
            for _ in 0..3_000 {
                if $roll.below(8) == 0 {
                    let first = $halt;
                    h.halt(first, |$e| $next, |_| panic!("ticked during a halt"));
                    continue;
                }
                let $answers = $roll.statuses(len + $pseudo);
                let first = $start;
                h.tick(first, |$e| $next, |k| {
                    if k < len {
                        $answers[k]
                    } else {
                        // A pseudo child (a guard): Success or Failure.
                        Status::from_bool($answers[k] == Status::Success)
                    }
                });
            }
        }};
    }

    #[test]
    fn random_play_respects_the_step_contract() {
        let mut rng = SmallRng::seed(1);
        for len in [1usize, 2, 3, 5, 8] {
            if len == 8 {
                let mut n = RandomSequence::<8>::new();
                drive!(8, 0, |roll, a| n.start(&mut rng), |e| n.next(e), n.halt());
                let mut n = RandomSelector::<8>::new();
                drive!(8, 0, |roll, a| n.start(&mut rng), |e| n.next(e), n.halt());
                let mut n = FlipSelector::<8>::new();
                drive!(8, 0, |roll, a| n.start(), |e| n.next(e), n.halt());
            }
            let mut n = StepSequencer::<u8>::new();
            drive!(
                len,
                0,
                |roll, a| n.start(len),
                |e| n.next(e, len),
                n.halt(len)
            );
            if len == 2 {
                let mut n = BinarySelector::new();
                let mut dynamic = false;
                drive!(
                    2,
                    0,
                    |roll, a| {
                        dynamic = roll.below(2) == 0;
                        n.start(roll.below(2) == 0, dynamic)
                    },
                    |e| n.next(e, dynamic),
                    n.halt(dynamic)
                );
            }
            let mut n = IndexSwitch::<u8>::new();
            let (mut mode, mut dynamic) = (OutOfRange::Fail, false);
            drive!(
                len,
                0,
                |roll, a| {
                    mode = [OutOfRange::Fail, OutOfRange::Loop][roll.below(2)];
                    dynamic = roll.below(2) == 0;
                    n.start(roll.below(len as u64 + 3) as i64 - 1, len, mode, dynamic)
                },
                |e| n.next(e, len, mode, dynamic),
                n.halt(len, mode, dynamic)
            );
            let mut n = DynamicPrioritySelector::<u8>::new();
            drive!(
                len,
                0,
                |roll, a| {
                    let scores: Vec<f32> = (0..len).map(|_| roll.below(4) as f32).collect();
                    n.start(&scores)
                },
                |e| n.next(e),
                n.halt()
            );
            if len == 8 {
                let mut n = PrioritySelector::<8>::new();
                drive!(
                    8,
                    0,
                    |roll, a| {
                        let weights: Vec<f32> = (0..8).map(|_| roll.below(4) as f32).collect();
                        n.start(&weights)
                    },
                    |e| n.next(e),
                    n.halt()
                );
            }
            for policy in [
                ParallelPolicy::FirstFailure,
                ParallelPolicy::FirstSuccess,
                ParallelPolicy::FirstSuccessOrFailure,
            ] {
                for repeat in [false, true] {
                    let mut n = PolicyParallel::<1>::new();
                    drive!(
                        len,
                        0,
                        |roll, a| n.start(len, policy, repeat),
                        |e| n.next(e, len, policy, repeat),
                        n.halt(len, policy, repeat)
                    );
                }
            }
            let mut n = ProbabilitySelector::<1>::new();
            let mut weights = Vec::new();
            let mut fail = 0.0;
            drive!(
                len,
                0,
                |roll, a| {
                    weights = (0..len).map(|_| roll.below(3) as f32).collect();
                    fail = roll.below(2) as f32;
                    n.start(&weights, fail, &mut rng)
                },
                |e| n.next(e, &weights, fail),
                n.halt()
            );
            let conditions: Vec<bool> = (0..len).map(|i| i % 2 == 0).collect();
            let mut n = DynamicSequence::<1>::new();
            drive!(
                len,
                0,
                |roll, a| n.start(&conditions),
                |e| n.next(e, &conditions),
                n.halt(&conditions)
            );
            let mut n = DynamicSelector::<1>::new();
            drive!(
                len,
                0,
                |roll, a| n.start(&conditions),
                |e| n.next(e, &conditions),
                n.halt(&conditions)
            );
            let modes = [
                None,
                Some(AbortMode::None),
                Some(AbortMode::SelfBranch),
                Some(AbortMode::LowerPriority),
                Some(AbortMode::Both),
            ];
            let guards: Vec<Option<AbortMode>> =
                (0..len).map(|i| modes[(i * 3 + len) % 5]).collect();
            let mut n = ObserverSelector::<1>::new();
            drive!(
                len,
                len,
                |roll, a| n.start(&guards),
                |e| n.next(e, &guards),
                n.halt(&guards)
            );
        }
        for mode in [AbortMode::None, AbortMode::SelfBranch] {
            let mut n = ConditionalAbort::new();
            drive!(
                1,
                1,
                |roll, a| n.start(mode),
                |e| n.next(e, mode),
                n.halt(mode)
            );
        }
    }
}

pub(crate) mod script_rng {
    //! A generator that answers from a script, so that tests can choose every draw.

    use crate::Rng;
    use std::collections::VecDeque;
    use std::vec::Vec;

    /// `below(n)` answers the next value of `below` (checked to be `< n`), `unit()` the next
    /// value of `unit`; anything else panics, so a test sees every draw its rule makes.
    #[derive(Default)]
    pub struct Scripted {
        below: VecDeque<u32>,
        unit: VecDeque<f32>,
        /// The `n` of every `below(n)` call, in order.
        pub asked: Vec<u32>,
    }

    impl Scripted {
        pub fn below(values: &[u32]) -> Self {
            Scripted {
                below: values.iter().copied().collect(),
                ..Default::default()
            }
        }

        pub fn unit(values: &[f32]) -> Self {
            Scripted {
                unit: values.iter().copied().collect(),
                ..Default::default()
            }
        }

        /// Every scripted value was drawn.
        pub fn is_spent(&self) -> bool {
            self.below.is_empty() && self.unit.is_empty()
        }
    }

    impl Rng for Scripted {
        fn next_u32(&mut self) -> u32 {
            panic!("unscripted draw")
        }

        fn below(&mut self, n: u32) -> u32 {
            self.asked.push(n);
            let value = self.below.pop_front().expect("no scripted `below` left");
            assert!(value < n, "scripted {value} is not below {n}");
            value
        }

        fn unit(&mut self) -> f32 {
            self.unit.pop_front().expect("no scripted `unit` left")
        }
    }
}
