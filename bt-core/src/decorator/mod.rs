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
//! A looping decorator ([`Repeat`], [`RetryUntilSuccessful`], [`keep_running_until_failure`])
//! never restarts a child that completed in the same tick: it answers `Running` and the child
//! starts again on the next tick (`spec/decisions.md`, "the tick model").
//!
//! The decorators that may halt their child on their own ([`Timeout`], NodeCanvas's Interrupt and
//! Conditional, behavior3's MaxTime) use the general [`Step`](crate::step::Step) protocol instead,
//! with the child as child `0`.
//!
//! NodeCanvas's decorators are in [`nodecanvas`]; behavior3's in [`behavior3`](crate::behavior3).

mod loop_node;
pub mod nodecanvas;
mod precondition;
mod repeat;
mod run_once;
mod time;
mod updated;

pub use loop_node::{loop_on_child, loop_start, pop_into};
pub use precondition::precondition;
pub(crate) use repeat::Loop;
pub use repeat::{AsLimit, Repeat, RetryUntilSuccessful};
pub use run_once::RunOnce;
pub use time::{Delay, Timeout};
pub use updated::EntryUpdated;

use crate::Status;

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
}
