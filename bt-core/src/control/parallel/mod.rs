//! Parallels: composites that tick every child still running on every tick. [`Parallel`] and
//! [`ParallelAll`] (BehaviorTree.CPP) decide by counts of successes and failures (thresholds
//! resolved at compile time); [`PolicyParallel`] (NodeCanvas) by a [`ParallelPolicy`]. All follow
//! the [`Step`](crate::step::Step) protocol.

mod policy;
mod threshold;

pub use policy::{ParallelPolicy, PolicyParallel};
pub use threshold::{Parallel, ParallelAll, ParallelAllConfig, ParallelConfig, ThresholdError};
