//! The rules of decorators: nodes with exactly one child.
//!
//! Stateless decorators are functions from the child's status to the decorator's status. Stateful
//! ones are small types driven by the generated code as follows:
//!
//! ```text
//! if let Some(status) = state.start(params) { return status }   // answer without the child
//! let child_status = tick(child);
//! state.on_child(child_status, params)
//! ```
//!
//! The decorators that may halt their child on their own ([`Timeout`], [`Deadline`], [`MaxTime`],
//! [`Interrupt`], [`Conditional`]) use the general [`Step`](crate::step::Step) protocol instead,
//! with the child as child `0`.
//!
//! The rules are grouped by family, as the macro's kinds are; each rule's docs name the system it
//! comes from (BehaviorTree.CPP, behavior3, NodeCanvas), and [`origins`](crate::origins) maps each
//! system's nodes to these rules.
//!
//! | family | rules |
//! |---|---|
//! | status mapping | [`inverter`], [`force_success`], [`force_failure`], [`keep_running_until_failure`], [`optional`], [`remap`] |
//! | run once, entry updates | [`RunOnce`], [`EntryUpdated`] |
//! | conditions | [`precondition`], [`Interrupt`], [`Conditional`], [`WaitUntil`] |
//! | counting completions | [`Filter`] with [`CountWhen`], [`Limiter`] |
//! | mutual exclusion | [`Guard`] with a [`GuardToken`] |
//! | time | [`Delay`], [`Timeout`], [`Deadline`], [`MaxTime`], [`Cooldown`] |
//! | loops | [`Repeat`], [`RetryUntilSuccessful`], [`Repeater`], [`Rerun`] with [`RepeatMode`], [`loop_start`] (over a queue), [`Iterate`] with [`Termination`] |
//!
//! A looping decorator ([`Repeat`], [`RetryUntilSuccessful`], [`keep_running_until_failure`], ...)
//! never restarts a child that completed in the same tick: it answers `Running` and the child
//! starts again on the next tick (`spec/decisions.md`, "the tick model").

mod conditional;
mod filter;
mod guard;
mod limiter;
mod loops;
mod precondition;
mod run_once;
mod time;
mod updated;

pub use conditional::{Conditional, Interrupt, WaitUntil};
pub use filter::{CountWhen, Filter};
pub use guard::{Guard, GuardToken};
pub use limiter::Limiter;
pub(crate) use loops::Loop;
pub use loops::{
    loop_on_child, loop_start, pop_into, AsLimit, IterElement, IterIndex, IterList, Iterate,
    Repeat, RepeatMode, RepeatUntilFailure, RepeatUntilSuccess, Repeater, Rerun,
    RetryUntilSuccessful, Termination,
};
pub use precondition::precondition;
pub use run_once::RunOnce;
pub use time::{Cooldown, Deadline, Delay, MaxTime, Timeout};
pub use updated::EntryUpdated;

/// NodeCanvas's decorators under their former path (`bt_core::decorator::nodecanvas`), kept so
/// that code naming them still compiles. Hidden: each has one documented name, by family
/// ([`origins`](crate::origins) maps NodeCanvas's names to them).
#[doc(hidden)]
pub mod nodecanvas {
    pub use super::{
        optional, remap, Conditional, Cooldown, CountWhen, Filter, Guard, GuardToken, Interrupt,
        Iterate, RepeatMode, Termination, WaitUntil,
    };
    pub use super::{Deadline as Timeout, Rerun as Repeat};
}

use crate::{Outcome, Status};

/// **Inverter**: swaps `Success` and `Failure`; `Running` and `Skipped` pass through.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub const fn inverter(child: Status) -> Status {
    match child {
        Status::Success => Status::Failure,
        Status::Failure => Status::Success,
        other => other,
    }
}

/// **ForceSuccess**: a completed child is a `Success`; `Running` and `Skipped` pass through.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub const fn force_success(child: Status) -> Status {
    match child {
        Status::Failure => Status::Success,
        other => other,
    }
}

/// **ForceFailure**: a completed child is a `Failure`; `Running` and `Skipped` pass through.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub const fn force_failure(child: Status) -> Status {
    match child {
        Status::Success => Status::Failure,
        other => other,
    }
}

/// **KeepRunningUntilFailure**: `Running` until the child fails.
///
/// | child | decorator |
/// |---|---|
/// | `Success` | `Running`; the child starts again on the next tick |
/// | `Failure` | `Failure` |
/// | `Running` | `Running` |
/// | `Skipped` | `Running` (kept from BehaviorTree.CPP, `spec/decisions.md` decision 6) |
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub const fn keep_running_until_failure(child: Status) -> Status {
    match child {
        Status::Failure => Status::Failure,
        _ => Status::Running,
    }
}

/// **Optional** (NodeCanvas `Optional`): runs its child and makes its result not matter to the
/// parent: `Running` passes, any other answer becomes `Skipped` (NodeCanvas's `Optional` status).
///
/// | child | Optional |
/// |---|---|
/// | `Running` | `Running` |
/// | `Success` / `Failure` / `Skipped` | `Skipped` |
///
/// No memory; halting halts the child. NodeCanvas also resets the child on the Optional's first
/// tick, which is already so here (an idle child starts a new activation). Compared with
/// [`force_success`]: inside a Fallback (Selector) a forced success stops the Fallback, an
/// Optional child does not. See [`origins`](crate::origins#nodecanvas) for the one difference
/// between `Skipped` and NodeCanvas's `Optional` (a composite of skipped children).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub const fn optional(child: Status) -> Status {
    match child {
        Status::Running => Status::Running,
        _ => Status::Skipped,
    }
}

/// **Remap** (NodeCanvas `Remap`, class `Remapper`: "Success Remap" and "Failure Remap", each
/// `Success` or `Failure`): replaces the child's `Success` by `on_success` and its `Failure` by
/// `on_failure`; `Running` and `Skipped` pass through.
///
/// | child | Remap |
/// |---|---|
/// | `Success` | `on_success` |
/// | `Failure` | `on_failure` |
/// | `Running` | `Running` |
/// | `Skipped` | `Skipped` |
///
/// No memory. `remap(s, Success, Failure)` is the identity, `(Failure, Success)` is the
/// [`inverter`], `(Success, Success)` is [`force_success`] and `(Failure, Failure)`
/// [`force_failure`]. Same rule as NodeCanvas.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub const fn remap(child: Status, on_success: Outcome, on_failure: Outcome) -> Status {
    const fn status(outcome: Outcome) -> Status {
        match outcome {
            Outcome::Success => Status::Success,
            Outcome::Failure => Status::Failure,
        }
    }
    match child {
        Status::Success => status(on_success),
        Status::Failure => status(on_failure),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Status::*;

    #[test]
    fn stateless_rules() {
        let all = [Success, Failure, Running, Skipped];
        type Rule = fn(Status) -> Status;
        let table: [(Rule, [Status; 4]); 4] = [
            (inverter, [Failure, Success, Running, Skipped]),
            (force_success, [Success, Success, Running, Skipped]),
            (force_failure, [Failure, Failure, Running, Skipped]),
            (
                keep_running_until_failure,
                [Running, Failure, Running, Running],
            ),
        ];
        for (rule, expected) in table {
            for (child, want) in all.iter().zip(expected) {
                assert_eq!(rule(*child), want, "child {child:?}");
            }
        }
    }

    const ALL: [Status; 4] = [Success, Failure, Running, Skipped];

    #[test]
    fn optional_rows() {
        let expected = [Skipped, Skipped, Running, Skipped];
        for (child, want) in ALL.iter().zip(expected) {
            assert_eq!(optional(*child), want, "{child:?}");
        }
    }

    #[test]
    fn remap_rows_and_equivalences() {
        use Outcome as O;
        for child in ALL {
            assert_eq!(remap(child, O::Success, O::Failure), child);
            assert_eq!(remap(child, O::Failure, O::Success), inverter(child));
            assert_eq!(remap(child, O::Success, O::Success), force_success(child));
            assert_eq!(remap(child, O::Failure, O::Failure), force_failure(child));
        }
        assert_eq!(remap(Success, O::Failure, O::Failure), Failure);
        assert_eq!(remap(Failure, O::Success, O::Success), Success);
    }
}
