//! The rules of behavior3's nodes (behavior3js, behavior3py and behavior3go, `spec/other-systems.md`
//! §1.2, §2.16–2.20, §2.30) that are not already the rule of another family.
//!
//! # Which rule runs each behavior3 node
//!
//! | behavior3 node | rule | notes |
//! |---|---|---|
//! | `Sequence` | [`ReactiveSequence`](crate::control::ReactiveSequence) | re-runs completed children every tick (decision 9) |
//! | `Priority` | [`ReactiveFallback`](crate::control::ReactiveFallback) | a pre-empted lower-priority child is halted (decision 10) |
//! | `MemSequence` | [`Sequence`](crate::control::Sequence) | |
//! | `MemPriority` | [`Fallback`](crate::control::Fallback) | |
//! | `Inverter` | [`inverter`](crate::decorator::inverter) | |
//! | `Limiter(maxLoop)` | [`Limiter`] | the count lasts for the tree's life (decision 10) |
//! | `MaxTime(maxTime)` | [`MaxTime`] | halts a child still running when time is over (decision 7) |
//! | `Repeater(maxLoop)` | [`Repeater`] | one child completion per tick (decision 1) |
//! | `RepeatUntilFailure(maxLoop)` | [`RepeatUntilFailure`] = [`Repeat`](crate::decorator::Repeat) | the same rule under another name |
//! | `RepeatUntilSuccess(maxLoop)` | [`RepeatUntilSuccess`] = [`RetryUntilSuccessful`](crate::decorator::RetryUntilSuccessful) | the same rule under another name |
//! | `Succeeder`, `Failer`, `Runner` | [`succeeder`], [`failer`], [`runner`] | constant leaves |
//! | `Wait(milliseconds)` | [`Wait`] | strictly more than the duration (decision 7) |
//! | `Error` | none: the tick is aborted | see [ERROR](#error) below (decision 11) |
//!
//! # The behavior3 lifecycle in our terms
//!
//! A behavior3 node is *opened* on the first tick after it was closed, and *closed* when it
//! answers anything but `RUNNING`. Every stateful behavior3 node resets its memory in `open`
//! (the counters of `Limiter` and the `Repeat*` family, the start time of `Wait` and `MaxTime`).
//! Here:
//!
//! * `open` is the first tick of an *activation*: a tick of a node that is not running (it never
//!   ran, it completed, or it was halted). The rules below restart their memory when they
//!   complete or are halted, which is the same thing seen from the other end.
//! * `close` of a node that completes is the node answering `Success` or `Failure`.
//! * behavior3's tree-level pass, which closes the nodes that were open on the last tick and are
//!   not on this tick's path, is our *halt*: the parent that moves away from a running child
//!   halts it, once. The defects of behavior3's pass (a pre-empted node at the divergence point
//!   never closed, nodes closed twice, §1.2) are not reproduced.
//! * The one deliberate exception is [`Limiter`], whose count is *not* restarted by an activation:
//!   behavior3go's rule (decision 10; in behavior3js and behavior3py the reset in `open` makes the
//!   Limiter limit nothing).
//!
//! behavior3 has no `SKIPPED` status. Where a child of one of these rules answers `Skipped` (a
//! pre-condition of ours), each rule documents what it does; as a rule it passes `Skipped` on
//! without counting it, like the looping decorators of [`decorator`](crate::decorator).
//!
//! # ERROR
//!
//! behavior3 has a fourth status, `ERROR`, answered by the `Error` leaf and by a decorator
//! without a child. Every behavior3 composite and decorator passes it up unchanged (Sequence and
//! Priority stop at it, the `Repeat*` family stops looping, Limiter does not count it, MaxTime
//! answers `FAILURE` instead only when its time is over), so it reaches the caller of the tree's
//! tick.
//!
//! Our [`Status`] has no error: no rule of this crate ever sees or answers one. Decision 11
//! defines what the generated tree does instead, and it needs no rule type:
//!
//! 1. the tick is **aborted** at the node that raised the error: no further node is ticked in
//!    this tick, and no ancestor of that node sees a status from it;
//! 2. every node still **running** is halted, exactly as by the tree's `halt` (stateful actions get
//!    `on_halted`, each rule's halt runs, idle loop counts restart; memory that survives a tree
//!    halt, such as [`Limiter`]'s count, survives the abort too);
//! 3. the caller of `tick` receives the **error** instead of a status;
//! 4. the **next tick starts afresh** from the root, every node in a new activation.
//!
//! Consequences for the rules of this module, all consistent with behavior3: the activation that
//! was aborted is a halted one, so [`Limiter`] does not count it, [`Wait`] and [`MaxTime`] start
//! their clocks again, [`Repeater`] and the `RepeatUntil*` rules count from zero. Nodes ticked
//! before the error in the aborted tick keep their effects (an action that ran has run; a
//! `Limiter` whose child completed before the error has counted it). A decorator without a child,
//! behavior3's other source of `ERROR`, cannot be written in the macro at all.

mod limiter;
mod max_time;
mod repeater;
mod wait;

pub use limiter::Limiter;
pub use max_time::MaxTime;
pub use repeater::{RepeatUntilFailure, RepeatUntilSuccess, Repeater};
pub use wait::Wait;

use crate::Status;

/// **Succeeder** (behavior3): a leaf that answers `Success` on every tick. Nothing to halt.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub const fn succeeder() -> Status {
    Status::Success
}

/// **Failer** (behavior3): a leaf that answers `Failure` on every tick. Nothing to halt.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub const fn failer() -> Status {
    Status::Failure
}

/// **Runner** (behavior3): a leaf that answers `Running` on every tick, forever. It keeps no
/// memory, so halting it has nothing to undo (the generated code only clears its running flag).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub const fn runner() -> Status {
    Status::Running
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constant_leaves() {
        for _ in 0..3 {
            assert_eq!(succeeder(), Status::Success);
            assert_eq!(failer(), Status::Failure);
            assert_eq!(runner(), Status::Running);
        }
    }
}
