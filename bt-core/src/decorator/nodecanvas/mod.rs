//! The rules of NodeCanvas's decorators (`spec/other-systems.md` §1.3, §2.16–2.27).
//!
//! | NodeCanvas decorator | rule | shape |
//! |---|---|---|
//! | `Interrupt` | [`Interrupt`] | [`Step`](crate::step) |
//! | `Conditional` | [`Conditional`] | [`Step`](crate::step) |
//! | `Invert` | [`inverter`](crate::decorator::inverter) | function |
//! | `Remap` | [`remap`] | function |
//! | `Repeat` (times / until / forever) | [`Repeat`] with [`RepeatMode`] | `on_child` |
//! | `Filter`, limit number of times | [`Filter`] with [`CountWhen`] | `start` + `on_child` |
//! | `Filter`, cool down | [`Cooldown`] | `start` + `on_child` |
//! | `Iterate` | [`Iterate`] with [`Termination`] | `start` + `on_child` |
//! | `Timeout` | [`Timeout`] (not BehaviorTree.CPP's) | [`Step`](crate::step) |
//! | `Wait Until` | [`WaitUntil`] (decorator, or [`WaitUntil::leaf`]) | `start` |
//! | `Optional` | [`optional`] | function |
//! | `Guard` | [`Guard`] with a [`GuardToken`] in the context | `start` + `on_child` + `halt` |
//!
//! "Shape" is how the generated code drives the rule: a function of the child's status; the
//! simple decorator shape of [`decorator`](crate::decorator) (`start` may answer without the
//! child, then `on_child` maps its status; these rules never halt their child on their own); or
//! the general [`Step`](crate::step::Step) protocol, for the rules that halt their child.
//!
//! # NodeCanvas's statuses and resets in our terms
//!
//! * **`Optional`** (and `Error`) is the status a NodeCanvas parent ignores: a Sequencer or a
//!   Selector moves on past it. Ours is **`Skipped`**: a composite moves past a skipped child as
//!   if it were not there. So NodeCanvas's `Optional` answers become `Skipped` here ([`optional`],
//!   [`Filter`]'s and [`Cooldown`]'s default answer when filtered). One difference remains: a
//!   NodeCanvas Sequencer whose children all answer `Optional` succeeds (and such a Selector
//!   fails), while our composites whose children are all skipped answer `Skipped`.
//! * **Reset.** NodeCanvas resets a node at the start of each traversal (when the root completed
//!   on the last update) and when a parent interrupts it; a node detects the first tick of an
//!   activation by its status still being `Resting`. Here a node starts a new activation on any
//!   tick where it is not running (it never ran, it completed, or it was halted), and an
//!   interruption is a **halt**. The memory NodeCanvas keeps across resets is kept across halts
//!   here: the counts of [`Filter`] (decision 13), the time of [`Cooldown`]'s last completion,
//!   [`Iterate`]'s index without `reset_index`.
//! * **Latching.** NodeCanvas's action nodes return their cached result when executed again in
//!   the same traversal; ours do not latch (completed actions are ticked afresh). The rules below
//!   that NodeCanvas makes depend on latching say what differs.
//! * **Time** is the injected clock ([`crate::time`]); NodeCanvas's seconds of frame time are
//!   [`Duration`](core::time::Duration)s here, and its blackboard-bound parameters are constants
//!   of the tree.
//! * NodeCanvas's decorators without a child (or without a condition) answer `Optional` or pass
//!   the child's status through; the macro requires the child and the condition instead.

mod conditional;
mod filter;
mod guard;
mod iterate;
mod repeat;
mod timeout;

pub use conditional::{Conditional, Interrupt, WaitUntil};
pub use filter::{Cooldown, CountWhen, Filter};
pub use guard::{Guard, GuardToken};
pub use iterate::{Iterate, Termination};
pub use repeat::{Repeat, RepeatMode};
pub use timeout::Timeout;

use crate::{Outcome, Status};

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
/// [`force_success`](crate::decorator::force_success): inside a Fallback (Selector) a forced
/// success stops the Fallback, an Optional child does not. See the [module](self) docs for the one
/// difference between `Skipped` and NodeCanvas's `Optional` (a composite of skipped children).
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
/// [`inverter`](crate::decorator::inverter), `(Success, Success)` is
/// [`force_success`](crate::decorator::force_success) and `(Failure, Failure)`
/// [`force_failure`](crate::decorator::force_failure). Same rule as NodeCanvas.
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
    use crate::decorator::{force_failure, force_success, inverter};
    use Status::*;

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
