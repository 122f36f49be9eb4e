//! Shorthands for the unit tests of the [`Step`](crate::step::Step) rules.

use crate::step::script::Log;
use crate::Status;

/// The log of a tick that answered `status` after ticking `ticked` and halting `halted`.
pub fn log(status: Status, ticked: &[usize], halted: &[usize]) -> Log {
    Log {
        status: Some(status),
        ticked: ticked.to_vec(),
        halted: halted.to_vec(),
    }
}

/// The log of a halt of the node that ticked `ticked` and halted `halted`.
pub fn halted(ticked: &[usize], halted: &[usize]) -> Log {
    Log {
        status: None,
        ticked: ticked.to_vec(),
        halted: halted.to_vec(),
    }
}

/// A small deterministic generator for the randomized tests.
pub struct Roll(u64);

impl Roll {
    pub fn new(seed: u64) -> Self {
        Roll(seed | 1)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    /// A random status.
    pub fn status(&mut self) -> Status {
        [
            Status::Running,
            Status::Success,
            Status::Failure,
            Status::Skipped,
        ][self.below(4)]
    }
}

/// Every rule of the `Step` family, played with random child answers and random halts: the
/// harness checks the protocol (no child ticked twice in a tick, none left running when the
/// node completes or is halted), and a node that is not running is always back to `new()` (no
/// memory for the tree's `halt` to clear).
mod step_contract {
    use super::Roll;
    use crate::control::{
        bitset_words, IfThenElse, Parallel, ParallelAll, ParallelAllConfig, ParallelConfig, Switch,
        TryCatch, WhileDoElse,
    };
    use crate::decorator::Timeout;
    use crate::step::script::Harness;
    use crate::time::ms;
    use crate::Status;

    /// `$make` builds the node, `$start(&mut node, &mut roll, tick)` gives the first step of a
    /// tick, `$next` and `$halt` are the rule's other calls.
    macro_rules! play {
        ($len:expr, $make:expr, $start:expr, $next:expr, $halt:expr) => {{
            let mut roll = Roll::new(0x5EED_0000 + $len as u64);
            let mut node = $make;
            let mut harness = Harness::new($len);
            let mut running = false;
            for tick in 0..3_000u64 {
                if running && roll.below(8) == 0 {
                    let first = $halt(&mut node);
                    harness.halt(first, |e| $next(&mut node, e), |_| roll.status());
                    running = false;
                } else {
                    let first = $start(&mut node, &mut roll, tick);
                    let mut answers = Roll::new(tick * 7919 + 1);
                    let log = harness.tick(first, |e| $next(&mut node, e), |_| answers.status());
                    running = log.status == Some(Status::Running);
                }
                if !running {
                    assert_eq!(node, $make, "an idle node is back to new()");
                }
            }
        }};
    }

    #[test]
    fn parallel_and_parallel_all() {
        for len in 1..=5usize {
            for success in -(len as i32) - 2..=len as i32 {
                for failure in -(len as i32) - 2..=len as i32 {
                    let Ok(config) = ParallelConfig::resolve(len, success, failure) else {
                        continue;
                    };
                    play!(
                        len,
                        Parallel::<u8, 1>::new(),
                        |n: &mut Parallel<u8, 1>, _: &mut Roll, _| n.start(config),
                        |n: &mut Parallel<u8, 1>, e| n.next(e, config),
                        |n: &mut Parallel<u8, 1>| n.halt(config)
                    );
                }
                if let Ok(config) = ParallelAllConfig::resolve(len, success) {
                    play!(
                        len,
                        ParallelAll::<u8, 1>::new(),
                        |n: &mut ParallelAll<u8, 1>, _: &mut Roll, _| n.start(config),
                        |n: &mut ParallelAll<u8, 1>, e| n.next(e, config),
                        |n: &mut ParallelAll<u8, 1>| n.halt(config)
                    );
                }
            }
        }
        let config = ParallelConfig::new(70, -2, 3);
        type Wide = Parallel<u8, { bitset_words(70) }>;
        play!(
            70,
            Wide::new(),
            |n: &mut Wide, _: &mut Roll, _| n.start(config),
            |n: &mut Wide, e| n.next(e, config),
            |n: &mut Wide| n.halt(config)
        );
    }

    #[test]
    fn branching_controls() {
        for len in [2, 3] {
            play!(
                len,
                IfThenElse::new(),
                |n: &mut IfThenElse, _: &mut Roll, _| n.start(len),
                |n: &mut IfThenElse, e| n.next(e, len),
                |n: &mut IfThenElse| n.halt(len)
            );
            play!(
                len,
                WhileDoElse::new(),
                |n: &mut WhileDoElse, _: &mut Roll, _| n.start(len),
                |n: &mut WhileDoElse, e| n.next(e, len),
                |n: &mut WhileDoElse| n.halt(len)
            );
        }
        for len in 1..=4 {
            play!(
                len,
                Switch::<u8>::new(),
                |n: &mut Switch<u8>, r: &mut Roll, _| n.start(r.below(len)),
                |n: &mut Switch<u8>, e| n.next(e),
                |n: &mut Switch<u8>| n.halt()
            );
        }
        for len in 2..=4 {
            for catch_on_halt in [false, true] {
                play!(
                    len,
                    TryCatch::<u8>::new(),
                    |n: &mut TryCatch<u8>, _: &mut Roll, _| n.start(len, catch_on_halt),
                    |n: &mut TryCatch<u8>, e| n.next(e, len, catch_on_halt),
                    |n: &mut TryCatch<u8>| n.halt(len, catch_on_halt)
                );
            }
        }
    }

    #[test]
    fn timeout() {
        for msec in [0, 1, 3, 10] {
            play!(
                1,
                Timeout::new(),
                |n: &mut Timeout, _: &mut Roll, tick: u64| n.start(ms(tick), ms(msec)),
                |n: &mut Timeout, e| n.next(e, ms(msec)),
                |n: &mut Timeout| n.halt(ms(msec))
            );
        }
    }
}
