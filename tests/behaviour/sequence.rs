//! Sequence (alias MemSequence) and SequenceWithMemory (alias SequenceStar), tick by tick.
//!
//! Rules (bt-core `control/sequence.rs`, decisions.md "the tick model" and decision 2):
//! * a child's `Success`/`Skipped` moves on within the same tick; `Running` returns `Running` and
//!   the next tick resumes at that child; after the last child: `Success`, or `Skipped` if every
//!   child of the activation was skipped;
//! * `Failure`: Sequence restarts at the first child next time; SequenceWithMemory keeps its
//!   position and retries the failed child;
//! * halted while running: Sequence restarts at the first child; SequenceWithMemory resumes at the
//!   child that was running.

use crate::common;

use bt::behavior_tree;
use bt::Status::{self, *};
use common::Call::*;
use common::{expect_halt, expect_tick, Act, Call, Cond, Ctx, Task, TestTree};

/// Declares, for each sequence kind, a tree `[Cond<0>, Task<1>, Task<2>]` and a tree
/// `[Task<0>, Task<1>]` (whose children can all be skipped).
macro_rules! trees {
    ($($kind:ident => $three:ident, $two:ident;)*) => {$(
        behavior_tree! {
            tree $three for Ctx {
                $kind { Condition(Cond<0>), StatefulAction(Task<1>), StatefulAction(Task<2>) }
            }
        }
        behavior_tree! {
            tree $two for Ctx {
                $kind { StatefulAction(Task<0>), StatefulAction(Task<1>) }
            }
        }
    )*};
}

trees! {
    Sequence => Seq3, Seq2;
    MemSequence => MemSeq3, MemSeq2;
    SequenceWithMemory => Swm3, Swm2;
    SequenceStar => Star3, Star2;
    ReactiveSequence => Reactive3, Reactive2;
}

// ---------------------------------------------------------------------------------------------
// Rows shared by Sequence and SequenceWithMemory.

fn all_success_in_one_tick<T: TestTree>() {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    for _ in 0..2 {
        ctx.script(0, &[Success]);
        ctx.script(1, &[Success]);
        ctx.script(2, &[Success]);
        expect_tick(
            &mut tree,
            &mut ctx,
            Success,
            &[Check(0), OnStart(1), OnStart(2)],
        );
    }
}

fn running_child_resumes_without_re_ticking_earlier_ones<T: TestTree>() {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    ctx.script(0, &[Success]);
    ctx.script(1, &[Running, Running, Success]);
    ctx.script(2, &[Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnStart(1)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(1)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(1), OnStart(2)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(2)]);
    // A completed sequence starts its next activation at the first child.
    ctx.script(0, &[Success]);
    ctx.script(1, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnStart(1)]);
}

fn first_child_failure_stops_at_once<T: TestTree>() {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    ctx.script(0, &[Failure, Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Check(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Check(0)]);
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Success]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Success,
        &[Check(0), OnStart(1), OnStart(2)],
    );
}

fn skipped_child_is_passed<T: TestTree>() {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    ctx.script(0, &[Success]);
    ctx.script(1, &[Skipped]);
    ctx.script(2, &[Success]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Success,
        &[Check(0), OnStart(1), OnStart(2)],
    );
    // A skipped child was not running: the next activation calls on_start again.
    ctx.script(0, &[Success]);
    ctx.script(1, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnStart(1)]);
}

fn running_child_that_skips_moves_on<T: TestTree>() {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    ctx.script(0, &[Success]);
    ctx.script(1, &[Running, Skipped]);
    ctx.script(2, &[Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnStart(1)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(1), OnStart(2)]);
}

fn all_skipped_is_skipped_and_re_evaluated<T: TestTree>() {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    ctx.script(0, &[Skipped]);
    ctx.script(1, &[Skipped]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnStart(0), OnStart(1)]);
    // Decision 3: a skipped node is re-evaluated on its next tick, from its first child.
    ctx.script(0, &[Skipped]);
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0), OnStart(1)]);
}

fn skip_count_spans_the_activation<T: TestTree>() {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    ctx.script(0, &[Skipped]);
    ctx.script(1, &[Running, Skipped]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnStart(1)]);
    // Both children of this activation were skipped, though in different ticks.
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnRunning(1)]);
    // The count belongs to that activation only.
    ctx.script(0, &[Skipped]);
    ctx.script(1, &[Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnStart(1)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(1)]);
}

// ---------------------------------------------------------------------------------------------
// Sequence / MemSequence: no memory across failures and halts.

fn failure_after_running_restarts_from_first_child<T: TestTree>() {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    ctx.script(0, &[Success]);
    ctx.script(1, &[Running, Failure]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnStart(1)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnRunning(1)]);
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Failure]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Failure,
        &[Check(0), OnStart(1), OnStart(2)],
    );
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Success]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Success,
        &[Check(0), OnStart(1), OnStart(2)],
    );
}

fn halt_restarts_from_first_child<T: TestTree>() {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Running]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Check(0), OnStart(1), OnStart(2)],
    );
    expect_halt(&mut tree, &mut ctx, &[OnHalted(2)]);
    ctx.script(0, &[Success]);
    ctx.script(1, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnStart(1)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(1)]);
    // Halting again halts nothing.
    expect_halt(&mut tree, &mut ctx, &[]);
    ctx.script(0, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Check(0)]);
}

fn skip_count_restarts_after_a_halt<T: TestTree>() {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    ctx.script(0, &[Skipped]);
    ctx.script(1, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnStart(1)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(1)]);
    // One skip of two in the new activation: Success, not Skipped.
    ctx.script(0, &[Success]);
    ctx.script(1, &[Skipped]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0), OnStart(1)]);
}

// ---------------------------------------------------------------------------------------------
// SequenceWithMemory / SequenceStar: the position survives failures and halts.

fn failure_keeps_the_position<T: TestTree>() {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    ctx.script(0, &[Success]);
    ctx.script(1, &[Failure, Failure, Success]);
    ctx.script(2, &[Success]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Check(0), OnStart(1)]);
    // The failed child is retried; the condition before it is not re-checked.
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(1)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(1), OnStart(2)]);
    // Completed: the next activation starts at the first child.
    ctx.script(0, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Check(0)]);
}

fn failure_after_running_keeps_the_position<T: TestTree>() {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Running, Failure, Failure, Success]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Check(0), OnStart(1), OnStart(2)],
    );
    expect_tick(&mut tree, &mut ctx, Failure, &[OnRunning(2)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(2)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(2)]);
}

fn halt_keeps_the_position<T: TestTree>() {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Running, Running, Success]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Check(0), OnStart(1), OnStart(2)],
    );
    expect_halt(&mut tree, &mut ctx, &[OnHalted(2)]);
    // Resumes at the child that was running, which starts a fresh activation.
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(2)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(2)]);
    expect_halt(&mut tree, &mut ctx, &[]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(2)]);
    ctx.script(0, &[Success]);
    ctx.script(1, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnStart(1)]);
}

fn halting_after_a_failure_keeps_the_position<T: TestTree>() {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    ctx.script(0, &[Success]);
    ctx.script(1, &[Failure, Success]);
    ctx.script(2, &[Success]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Check(0), OnStart(1)]);
    // Nothing is running: the halt calls nothing and forgets nothing.
    expect_halt(&mut tree, &mut ctx, &[]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(1), OnStart(2)]);
}

fn skip_count_restarts_after_a_halt_at_the_kept_position<T: TestTree>() {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    ctx.script(0, &[Skipped]);
    ctx.script(1, &[Running, Skipped]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnStart(1)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(1)]);
    // Resumes at child 1; the skip of child 0 belonged to the halted activation.
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(1)]);
}

fn skip_count_restarts_after_a_failure<T: TestTree>() {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    ctx.script(0, &[Skipped]);
    ctx.script(1, &[Failure, Skipped]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(0), OnStart(1)]);
    // Resumes at child 1. Child 0's skip belonged to the failed activation: this activation
    // skipped one child of two, which is not "every child skipped".
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(1)]);
}

// ---------------------------------------------------------------------------------------------

macro_rules! rows {
    ($module:ident, $three:ty, $two:ty, [$($rule3:ident),*], [$($rule2:ident),*]) => {
        mod $module {
            use super::*;
            $( #[test] fn $rule3() { super::$rule3::<$three>() } )*
            $( #[test] fn $rule2() { super::$rule2::<$two>() } )*
        }
    };
}

rows!(
    sequence,
    Seq3,
    Seq2,
    [
        all_success_in_one_tick,
        running_child_resumes_without_re_ticking_earlier_ones,
        first_child_failure_stops_at_once,
        skipped_child_is_passed,
        running_child_that_skips_moves_on,
        failure_after_running_restarts_from_first_child,
        halt_restarts_from_first_child
    ],
    [
        all_skipped_is_skipped_and_re_evaluated,
        skip_count_spans_the_activation,
        skip_count_restarts_after_a_halt
    ]
);

rows!(
    mem_sequence,
    MemSeq3,
    MemSeq2,
    [
        all_success_in_one_tick,
        running_child_resumes_without_re_ticking_earlier_ones,
        first_child_failure_stops_at_once,
        skipped_child_is_passed,
        running_child_that_skips_moves_on,
        failure_after_running_restarts_from_first_child,
        halt_restarts_from_first_child
    ],
    [
        all_skipped_is_skipped_and_re_evaluated,
        skip_count_spans_the_activation,
        skip_count_restarts_after_a_halt
    ]
);

rows!(
    sequence_with_memory,
    Swm3,
    Swm2,
    [
        all_success_in_one_tick,
        running_child_resumes_without_re_ticking_earlier_ones,
        first_child_failure_stops_at_once,
        skipped_child_is_passed,
        running_child_that_skips_moves_on,
        failure_keeps_the_position,
        failure_after_running_keeps_the_position,
        halt_keeps_the_position,
        halting_after_a_failure_keeps_the_position
    ],
    [
        all_skipped_is_skipped_and_re_evaluated,
        skip_count_spans_the_activation,
        skip_count_restarts_after_a_failure,
        skip_count_restarts_after_a_halt_at_the_kept_position
    ]
);

rows!(
    sequence_star,
    Star3,
    Star2,
    [
        all_success_in_one_tick,
        running_child_resumes_without_re_ticking_earlier_ones,
        first_child_failure_stops_at_once,
        skipped_child_is_passed,
        running_child_that_skips_moves_on,
        failure_keeps_the_position,
        failure_after_running_keeps_the_position,
        halt_keeps_the_position,
        halting_after_a_failure_keeps_the_position
    ],
    [
        all_skipped_is_skipped_and_re_evaluated,
        skip_count_spans_the_activation,
        skip_count_restarts_after_a_failure,
        skip_count_restarts_after_a_halt_at_the_kept_position
    ]
);

// ---------------------------------------------------------------------------------------------
// The three sequence families on the same script.

/// What one step of the contrast produced: the tick's status (`None` for a halt) and the calls.
type Step = (Option<Status>, Vec<Call>);

/// Plays one script on a `[Cond<0>, Task<1>, Task<2>]` tree: Cond<0> always succeeds; Task<1>
/// fails on its first start and succeeds afterwards; Task<2> runs for two ticks, is halted, then
/// succeeds at once.
fn play<T: TestTree>() -> Vec<Step> {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    ctx.always(0, Success);
    ctx.script(1, &[Failure]);
    ctx.always(1, Success);
    ctx.script(2, &[Running, Running, Success]);
    let mut steps = Vec::new();
    for step in ["tick", "tick", "tick", "halt", "tick"] {
        let status = if step == "tick" {
            Some(tree.tick(&mut ctx))
        } else {
            tree.halt(&mut ctx);
            None
        };
        steps.push((status, ctx.take_log()));
    }
    steps
}

#[test]
fn three_sequence_families_on_the_same_script() {
    let (c0, s1, s2, r2, h2) = (Check(0), OnStart(1), OnStart(2), OnRunning(2), OnHalted(2));
    let restart = vec![
        // Failure at Task<1>.
        (Some(Failure), vec![c0, s1]),
        // Re-activation after the failure: from the first child.
        (Some(Running), vec![c0, s1, s2]),
        // While running: only the running child.
        (Some(Running), vec![r2]),
        (None, vec![h2]),
        // Re-activation after the halt: from the first child.
        (Some(Success), vec![c0, s1, s2]),
    ];
    let memory = vec![
        (Some(Failure), vec![c0, s1]),
        // Retries the failed child; the condition is not re-checked.
        (Some(Running), vec![s1, s2]),
        (Some(Running), vec![r2]),
        (None, vec![h2]),
        // Resumes at the child that was running.
        (Some(Success), vec![s2]),
    ];
    let reactive = vec![
        (Some(Failure), vec![c0, s1]),
        (Some(Running), vec![c0, s1, s2]),
        // Re-checks and re-runs everything before the running child on every tick.
        (Some(Running), vec![c0, s1, r2]),
        (None, vec![h2]),
        (Some(Success), vec![c0, s1, s2]),
    ];
    assert_eq!(play::<Seq3>(), restart, "Sequence");
    assert_eq!(play::<MemSeq3>(), restart, "MemSequence");
    assert_eq!(play::<Swm3>(), memory, "SequenceWithMemory");
    assert_eq!(play::<Star3>(), memory, "SequenceStar");
    assert_eq!(play::<Reactive3>(), reactive, "ReactiveSequence");
}

// ---------------------------------------------------------------------------------------------
// Skipped children produced by RunOnce, and the other leaf forms.

behavior_tree! {
    tree OnceThenAction for Ctx {
        Sequence { RunOnce { Action(Act<0>) }, Action(Act<1>) }
    }
}

behavior_tree! {
    tree OnlyOnce for Ctx {
        Sequence { RunOnce { Action(Act<0>) }, RunOnce { Action(Act<1>) } }
    }
}

#[test]
fn run_once_child_is_skipped_after_its_first_completion() {
    let (mut tree, mut ctx) = (OnceThenAction::new(), Ctx::new());
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[Exec(0), Exec(1)]);
    // RunOnce answers Skipped without calling its child; the sequence moves on.
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[Exec(1)]);
    ctx.script(1, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Exec(1)]);
}

#[test]
fn sequence_of_skipped_run_onces_is_skipped() {
    let (mut tree, mut ctx) = (OnlyOnce::new(), Ctx::new());
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[Exec(0), Exec(1)]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[]);
}

#[test]
fn sequence_with_memory_of_skipped_run_onces_is_skipped() {
    behavior_tree! {
        tree SwmOnce for Ctx {
            SequenceWithMemory { RunOnce { Action(Act<0>) }, RunOnce { Action(Act<1>) } }
        }
    }
    let (mut tree, mut ctx) = (SwmOnce::new(), Ctx::new());
    ctx.script(0, &[Success]);
    ctx.script(1, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Exec(0), Exec(1)]);
    // Resumes at the second RunOnce, which is now skipped: one skip of two children.
    expect_tick(&mut tree, &mut ctx, Success, &[]);
    // A fresh activation: both skipped.
    expect_tick(&mut tree, &mut ctx, Skipped, &[]);
}

/// A condition built with an expression.
struct Is(bool);

impl bt::Condition<Ctx> for Is {
    fn check(&mut self, _: &Ctx) -> bool {
        self.0
    }
}

behavior_tree! {
    tree Forms for Ctx {
        Sequence {
            Condition(Is = Is(true))
            Condition(|ctx| ctx.check(0))
            Action(|ctx| ctx.exec(1))
            Action(|ctx| ctx.exec(2) == bt::Outcome::Success)
            AlwaysSuccess
            Fallback { AlwaysFailure, StatefulAction(Task<3>) }
        }
    }
}

#[test]
fn inline_and_built_in_leaves_in_a_sequence() {
    let (mut tree, mut ctx) = (Forms::new(), Ctx::new());
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Success]);
    ctx.script(3, &[Running, Success]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Check(0), Exec(1), Exec(2), OnStart(3)],
    );
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(3)]);
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Check(0), Exec(1), Exec(2)]);
    ctx.script(0, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Check(0)]);
}
