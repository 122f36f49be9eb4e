//! Selectors (NodeCanvas's, `spec/other-systems.md` §2.3-§2.12): composites that choose which
//! children to tick and in what order by something other than their position: a random order
//! ([`RandomSequence`], [`RandomSelector`]), weights ([`ProbabilitySelector`]), utility scores
//! ([`PrioritySelector`], [`DynamicPrioritySelector`]), the order of past failures
//! ([`FlipSelector`]), a step that outlives ticks ([`StepSequencer`]), or re-checks of the
//! children before the running one ([`DynamicSequence`], [`DynamicSelector`]).
//!
//! Every rule here follows the [`Step`](crate::step::Step) protocol: `start` gives the first step
//! of a tick, `next` the step after each event, `halt` the first step of a halt. The per-tick
//! inputs (weights, scores) are evaluated by the generated code and passed to `start` (and, where
//! a rule may need them again within the tick, to `next`); the constant parameters (child count,
//! flags) are passed identically to every call and never stored. How NodeCanvas's model (resets,
//! `Optional`, latching) maps onto ours: [`origins`](crate::origins#nodecanvas).
//!
//! An index type `I` must hold the child count itself (the macro's usual choice: `u8` up to 255
//! children, `u16` up to 65,535), since positions and counts reach it.

mod dynamic;
mod flip;
mod permutation;
mod priority;
mod probability;
mod random;
mod step_sequencer;

pub use dynamic::{DynamicSelector, DynamicSequence};
pub use flip::FlipSelector;
pub use priority::{DynamicPrioritySelector, PrioritySelector};
pub use probability::ProbabilitySelector;
pub use random::{RandomSelector, RandomSequence};
pub use step_sequencer::StepSequencer;
