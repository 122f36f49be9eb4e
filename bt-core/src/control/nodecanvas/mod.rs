//! NodeCanvas's composites (`spec/other-systems.md` §1.3, §2.3-§2.12): the random, weighted,
//! utility, flip, step, binary, switch and parallel composites, and the dynamic (latching)
//! Sequencer and Selector.
//!
//! Every rule here follows the [`Step`](crate::step::Step) protocol: `start` gives the first step
//! of a tick, `next` the step after each event, `halt` the first step of a halt. The per-tick
//! inputs that NodeCanvas reads from its blackboard (weights, scores, a case index, a condition)
//! are evaluated by the generated code and passed to `start` (and, where a rule may need them
//! again within the tick, to `next`); the constant parameters (child count, policies, flags) are
//! passed identically to every call and never stored.
//!
//! How NodeCanvas's model maps onto ours:
//!
//! * A NodeCanvas *reset* of a node (new traversal, or interruption by a parent) is, for us, the
//!   end of an activation: the node completed (answered anything but `Running`) or was halted.
//!   Memory "until reset" is memory of one activation.
//! * NodeCanvas's `Optional`/`Error` statuses ("the parent moves on as if the child were not
//!   there") are our `Skipped`. Where NodeCanvas answers `Success` or `Failure` for a composite
//!   whose children were all ignored, we answer `Skipped`, the house rule for every composite
//!   ([`Status::Skipped`](crate::Status::Skipped)); a skipped child is not latched
//!   (`spec/decisions.md` decision 3).
//! * A tick is synchronous (`spec/decisions.md`, "the tick model"): where NodeCanvas spends a tick
//!   between two children (ProbabilitySelector after a failure), we move on within the tick.
//! * The macro rejects a composite without children, so every rule assumes at least one.
//! * An index type `I` must hold the child count itself (the macro's usual choice: `u8` up to
//!   255 children, `u16` up to 65,535), since positions and counts reach it.

mod binary;
mod dynamic;
mod flip;
mod parallel;
mod permutation;
mod priority;
mod probability;
mod random;
mod step_sequencer;
mod switch;

pub use binary::BinarySelector;
pub use dynamic::{DynamicSelector, DynamicSequence};
pub use flip::FlipSelector;
pub use parallel::{ParallelPolicy, PolicyParallel};
pub use priority::PrioritySelector;
pub use probability::ProbabilitySelector;
pub use random::{RandomSelector, RandomSequence};
pub use step_sequencer::StepSequencer;
pub use switch::{IndexSwitch, OutOfRange};

/// The status a rule gives at the end of a halt (ignored by the generated code).
const HALTED: crate::Status = crate::Status::Failure;

#[cfg(test)]
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
        assert_eq!(size_of::<PrioritySelector>(), 2);
        assert_eq!(size_of::<PolicyParallel>(), 16);
        assert_eq!(size_of::<ProbabilitySelector>(), 16);
        assert_eq!(size_of::<DynamicSequence>(), 16);
        assert_eq!(size_of::<DynamicSelector<2>>(), 24);
        assert_eq!(size_of::<crate::abort::ObserverSelector>(), 16);
        assert_eq!(size_of::<crate::abort::ConditionalAbort>(), 1);
    }
}

#[cfg(test)]
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
