//! The rules of composite (control) nodes.
//!
//! Each composite is a small state type. The generated code drives it the same way for every kind:
//!
//! ```text
//! let mut child = state.start();              // which child to tick first this tick
//! loop {
//!     let status = tick(child);               // the macro's `match` over the children
//!     match state.on_child(child, status, N) {
//!         Flow::Tick(next) => child = next,   // move on within the same tick
//!         Flow::Return(status) => return status,
//!         Flow::HaltAndReturn { halt, status } => { halt(halt); return status }
//!     }
//! }
//! ```
//!
//! and, when the composite itself is halted while running, `state.halt()` names the child that is
//! running (if any) so that only that child is halted.
//!
//! A child that completes is never halted: it finished. The composites therefore halt exactly the
//! children that are running, which is what BehaviorTree.CPP's "reset all children" amounts to.
//!
//! The composites that do not walk their children in order use the general
//! [`Step`](crate::step::Step) protocol instead.
//!
//! The rules are grouped by family, as the macro's kinds are; each rule's docs name the system it
//! comes from (BehaviorTree.CPP, behavior3, NodeCanvas, Unreal Engine), and
//! [`origins`](crate::origins) maps each system's nodes to these rules.
//!
//! | family | rules | protocol |
//! |---|---|---|
//! | in order | [`Sequence`], [`SequenceWithMemory`], [`Fallback`], [`ReactiveSequence`], [`ReactiveFallback`], [`AsyncSequence`], [`AsyncFallback`] | [`Flow`] |
//! | selectors | [`RandomSequence`], [`RandomSelector`], [`ProbabilitySelector`], [`PrioritySelector`], [`DynamicPrioritySelector`], [`FlipSelector`], [`StepSequencer`], [`DynamicSequence`], [`DynamicSelector`]; Unreal's [`ObserverSelector`](crate::abort::ObserverSelector) | [`Step`](crate::step::Step) |
//! | conditional flow | [`IfThenElse`], [`WhileDoElse`], [`Switch`], [`TryCatch`], [`BinarySelector`], [`IndexSwitch`] | [`Step`](crate::step::Step) |
//! | parallels | [`Parallel`], [`ParallelAll`], [`PolicyParallel`] | [`Step`](crate::step::Step) |

mod async_seq;
mod fallback;
mod flow;
mod linear;
mod parallel;
mod reactive;
mod selector;
mod sequence;
#[cfg(test)]
mod tests;

pub use crate::bits::{bitset_bytes, bitset_words};
pub use async_seq::{AsyncFallback, AsyncSequence};
pub use fallback::Fallback;
pub use flow::{
    BinarySelector, CaseIndex, IfThenElse, IndexSwitch, OutOfRange, Switch, TryCatch, WhileDoElse,
};
pub use linear::{NoSkips, SkipCount};
pub use parallel::{
    Parallel, ParallelAll, ParallelAllConfig, ParallelConfig, ParallelPolicy, PolicyParallel,
    ThresholdError,
};
pub use reactive::{ReactiveFallback, ReactiveSequence, ReactiveTick};
pub use selector::{
    DynamicPrioritySelector, DynamicSelector, DynamicSequence, FlipSelector, PrioritySelector,
    ProbabilitySelector, RandomSelector, RandomSequence, StepSequencer,
};
pub use sequence::{Sequence, SequenceWithMemory};

/// NodeCanvas's composites under their former path (`bt_core::control::nodecanvas`), kept so
/// that code naming them still compiles. Hidden: each has one documented name, by family, in this
/// module ([`origins`](crate::origins) maps NodeCanvas's names to them).
#[doc(hidden)]
pub mod nodecanvas {
    pub use super::{
        BinarySelector, DynamicPrioritySelector, DynamicSelector, DynamicSequence, FlipSelector,
        IndexSwitch, OutOfRange, ParallelPolicy, PolicyParallel, PrioritySelector,
        ProbabilitySelector, RandomSelector, RandomSequence, StepSequencer,
    };
}

use crate::Status;

/// The status a [`Step`](crate::step::Step) rule gives at the end of a halt (ignored by the
/// generated code).
const HALTED: Status = Status::Failure;

/// What a composite asks for after one of its children returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Tick child `0`-based index `.0` next, within the same tick. It is always the child after
    /// the one that answered (`child + 1 < len`): no rule goes back or skips ahead within a tick.
    /// The generated code relies on this to lay the children out as straight-line steps, and a
    /// test below checks it for every rule.
    Tick(usize),
    /// The composite's tick ends with this status.
    Return(Status),
    /// Halt the running child `halt` (pre-empted), then end the tick with `status`.
    HaltAndReturn {
        /// Index of the child to halt.
        halt: usize,
        /// The composite's status for this tick.
        status: Status,
    },
}

#[cfg(test)]
mod flow_contract {
    use super::*;

    /// Random child answers (and halts) for every rule and width: `Tick(next)` is always
    /// `child + 1 < len`, and a tick starts at a valid child.
    #[test]
    fn tick_is_always_the_next_child() {
        let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut roll = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        macro_rules! check {
            // `$arg = $tick`: what the rule counts within one tick (made afresh before each tick).
            ($rule:ty, $len:expr $(, $arg:ident = $tick:expr)?) => {{
                let (mut rule, len) = (<$rule>::new(), $len);
                for _ in 0..2_000 {
                    if roll() % 10 == 0 {
                        let _ = rule.halt();
                    }
                    let mut child = rule.start();
                    $(let mut $arg = $tick;)?
                    assert!(child < len, "start {child} of {len}");
                    loop {
                        let status = [
                            Status::Running,
                            Status::Success,
                            Status::Failure,
                            Status::Skipped,
                        ][(roll() % 4) as usize];
                        match rule.on_child(child, status, len $(, &mut $arg)?) {
                            Flow::Tick(next) => {
                                assert_eq!(next, child + 1, "Tick after child {child}");
                                assert!(next < len, "Tick({next}) past the last of {len}");
                                child = next;
                            }
                            Flow::Return(_) | Flow::HaltAndReturn { .. } => break,
                        }
                    }
                }
            }};
        }
        for len in 1..7 {
            check!(Sequence<u8>, len);
            check!(SequenceWithMemory<u8>, len);
            check!(Fallback<u8>, len);
            check!(ReactiveSequence<u8>, len, tick = ReactiveTick::new());
            check!(ReactiveFallback<u8>, len, tick = ReactiveTick::new());
            check!(AsyncSequence<u8>, len);
            check!(AsyncFallback<u8>, len);
        }
    }
}

#[cfg(test)]
pub(crate) mod script {
    //! A tiny driver used by the unit tests of every composite: it plays the generated code's
    //! loop against a script of child results.

    use super::Flow;
    use crate::Status;

    /// One tick of a composite: `results[i]` is what child `i` answers when ticked this tick.
    /// Returns the composite's status, the children ticked in order and the child halted, if any.
    pub fn run_tick(
        start: usize,
        mut on_child: impl FnMut(usize, Status) -> Flow,
        results: &[Status],
    ) -> (Status, [Option<usize>; 8], Option<usize>) {
        let mut ticked = [None; 8];
        let mut count = 0;
        let mut child = start;
        loop {
            ticked[count] = Some(child);
            count += 1;
            match on_child(child, results[child]) {
                Flow::Tick(next) => child = next,
                Flow::Return(status) => return (status, ticked, None),
                Flow::HaltAndReturn { halt, status } => return (status, ticked, Some(halt)),
            }
        }
    }

    /// `[Some(a), Some(b), None, ...]` from `&[a, b]`, to compare with `run_tick`'s list.
    pub fn order(children: &[usize]) -> [Option<usize>; 8] {
        let mut out = [None; 8];
        for (slot, child) in out.iter_mut().zip(children) {
            *slot = Some(*child);
        }
        out
    }
}
