//! Pre- and post-conditions on any node: BehaviorTree.CPP's `_failureIf`, `_successIf`,
//! `_skipIf`, `_while`, `_onSuccess`, `_onFailure`, `_onHalted` and `_post`, written in a tree as
//! node attributes holding Rust closures over the blackboard:
//!
//! ```text
//! #[skip_if(|bb| bb.battery > 90)]
//! #[on_success(|bb| bb.charges += 1)]
//! StatefulAction(Charge)
//! ```
//!
//! The generated code asks [`preconditions`] whether to tick the node, and after the node answers
//! calls [`postconditions`]; a halt of a running node runs `on_halted` and then `post`.

use crate::Status;

/// What the pre-conditions decide for one tick of a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Gate {
    /// Tick the node.
    Tick,
    /// Do not tick the node; it answers this status.
    Answer(Status),
    /// The node is running and `run_while` no longer holds: halt it and answer `Skipped`.
    HaltAndSkip,
}

/// The pre-condition rule. Each condition is a test of `state` (the blackboard); one that is not
/// written is [`never()`] for the `*_if` ones and [`always`] for `run_while`. They are evaluated
/// lazily, in this order, and the first that fires wins:
///
/// | when | condition | fires when | answer |
/// |---|---|---|---|
/// | not running | `failure_if` | true | `Failure` |
/// | not running | `success_if` | true | `Success` |
/// | not running | `skip_if` | true | `Skipped` |
/// | not running | `run_while` | false | `Skipped` |
/// | running | `run_while` | false | the node is halted, `Skipped` |
///
/// While a node is running, the `*_if` conditions are not re-evaluated (as in BehaviorTree.CPP;
/// use `run_while` for a guard that can interrupt). A node that answered `Skipped` is not running,
/// so its conditions are evaluated again on its next tick.
///
/// The conditions are function pointers: the generated code's closures capture nothing (a tree is
/// an item), so they coerce to them, and this function is compiled once per blackboard type
/// rather than once per node (in a debug build a generic one per node was a function of about 60
/// LLVM instructions; an optimised build inlines it and calls the conditions directly).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn preconditions<S: ?Sized>(
    running: bool,
    state: &S,
    failure_if: fn(&S) -> bool,
    success_if: fn(&S) -> bool,
    skip_if: fn(&S) -> bool,
    run_while: fn(&S) -> bool,
) -> Gate {
    if running {
        return if run_while(state) {
            Gate::Tick
        } else {
            Gate::HaltAndSkip
        };
    }
    if failure_if(state) {
        Gate::Answer(Status::Failure)
    } else if success_if(state) {
        Gate::Answer(Status::Success)
    } else if skip_if(state) || !run_while(state) {
        Gate::Answer(Status::Skipped)
    } else {
        Gate::Tick
    }
}

/// The post-condition rule, after a node answered `status` (also when a pre-condition answered
/// for it): `Success` runs `on_success` then `post`; `Failure` runs `on_failure` then `post`;
/// `Running` and `Skipped` run nothing. Each action receives `state` (the blackboard). The actions
/// are function pointers, as in [`preconditions`].
///
/// On a halt of a running node the generated code runs `on_halted` and then `post`: our rule
/// differs from BehaviorTree.CPP 4.10, where `_post` does not run on halt although its docs say it
/// should (`spec/decisions.md`, decision 4).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn postconditions<S: ?Sized>(
    status: Status,
    state: &mut S,
    on_success: fn(&mut S),
    on_failure: fn(&mut S),
    post: fn(&mut S),
) {
    match status {
        Status::Success => {
            on_success(state);
            post(state);
        }
        Status::Failure => {
            on_failure(state);
            post(state);
        }
        Status::Running | Status::Skipped => {}
    }
}

/// The condition of [`preconditions`] that is not written, for the `*_if` ones: never holds.
///
/// The generated code passes this function rather than a closure `|_| false`: a closure is a
/// body of its own for rustc to check and compile at every node, and this is one per blackboard
/// type. (In the generated trees of the test suite these closures were one in ten of all bodies.)
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn never<S: ?Sized>(_: &S) -> bool {
    false
}

/// The `run_while` of [`preconditions`] that is not written: always holds (see [`never()`]).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn always<S: ?Sized>(_: &S) -> bool {
    true
}

/// The action of [`postconditions`] and [`after_halt`] that is not written: does nothing (see
/// [`never()`]).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn nothing<S: ?Sized>(_: &mut S) {}

/// After a running node was halted: `on_halted`, then `post` (`spec/decisions.md`, decision 4).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn after_halt<S: ?Sized>(state: &mut S, on_halted: fn(&mut S), post: fn(&mut S)) {
    on_halted(state);
    post(state);
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::sync::atomic::{AtomicUsize, Ordering};

    fn yes(_: &u32) -> bool {
        true
    }

    fn no(_: &u32) -> bool {
        false
    }

    #[test]
    fn idle_order_is_failure_success_skip_while() {
        let s = &0u32;
        assert_eq!(
            preconditions(false, s, yes, yes, yes, no),
            Gate::Answer(Status::Failure)
        );
        assert_eq!(
            preconditions(false, s, no, yes, yes, no),
            Gate::Answer(Status::Success)
        );
        assert_eq!(
            preconditions(false, s, no, no, yes, yes),
            Gate::Answer(Status::Skipped)
        );
        assert_eq!(
            preconditions(false, s, no, no, no, no),
            Gate::Answer(Status::Skipped)
        );
        assert_eq!(preconditions(false, s, no, no, no, yes), Gate::Tick);
    }

    #[test]
    fn running_only_checks_run_while() {
        // The conditions are plain functions (the generated code's closures capture nothing),
        // so the count is a static of this test.
        static EVALUATED: AtomicUsize = AtomicUsize::new(0);
        fn counted(_: &u32) -> bool {
            EVALUATED.fetch_add(1, Ordering::Relaxed);
            true
        }
        assert_eq!(
            preconditions(true, &0, counted, counted, counted, yes),
            Gate::Tick
        );
        assert_eq!(
            EVALUATED.load(Ordering::Relaxed),
            0,
            "the *_if conditions are not evaluated while running"
        );
        assert_eq!(
            preconditions(true, &0, yes, yes, yes, no),
            Gate::HaltAndSkip
        );
    }

    #[test]
    fn conditions_read_the_state_lazily() {
        static EVALUATED: AtomicUsize = AtomicUsize::new(0);
        fn counted(_: &u32) -> bool {
            EVALUATED.fetch_add(1, Ordering::Relaxed);
            false
        }
        assert_eq!(
            preconditions(false, &7, |s| *s == 7, counted, counted, yes),
            Gate::Answer(Status::Failure)
        );
        assert_eq!(EVALUATED.load(Ordering::Relaxed), 0);
    }

    /// The stand-ins of the conditions that are not written let the node tick, idle or running.
    #[test]
    fn unwritten_conditions_let_the_node_tick() {
        let s = &0u32;
        assert!(!never(s) && always(s));
        assert_eq!(
            preconditions(false, s, never, never, never, always),
            Gate::Tick
        );
        assert_eq!(
            preconditions(true, s, never, never, never, always),
            Gate::Tick
        );
    }

    /// After a halt: the node's `on_halted`, then its `post` action, once each.
    #[test]
    fn after_halt_runs_on_halted_then_post() {
        let mut log = [0u8; 2];
        after_halt(
            &mut log,
            |l: &mut [u8; 2]| l[0] = l[1] + 1,
            |l: &mut [u8; 2]| l[1] = l[0] * 10,
        );
        assert_eq!(log, [1, 10]);
    }

    #[test]
    fn post_runs_after_completion_only() {
        let mut log = [0u8; 3];
        let run = |log: &mut [u8; 3], status| {
            postconditions(
                status,
                log,
                |l: &mut [u8; 3]| l[0] += 1,
                |l: &mut [u8; 3]| l[1] += 1,
                |l: &mut [u8; 3]| l[2] += 1,
            )
        };
        run(&mut log, Status::Success);
        assert_eq!(log, [1, 0, 1]);
        run(&mut log, Status::Failure);
        assert_eq!(log, [1, 1, 2]);
        run(&mut log, Status::Running);
        run(&mut log, Status::Skipped);
        assert_eq!(log, [1, 1, 2]);
    }
}
