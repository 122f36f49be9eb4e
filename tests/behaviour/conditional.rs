//! IfThenElse, WhileDoElse, Switch and Precondition, tick by tick.
//!
//! Rules: bt-core `control/flow/if_then_else.rs`, `control/flow/switch.rs`,
//! `decorator/precondition.rs`; spec §2.8–§2.10, §3 (Precondition); decisions 5 and 12.
//!
//! * `IfThenElse { cond, then, else? }` ticks the condition until it completes, then the chosen
//!   branch in the same tick, and remembers the branch while it runs (the condition is not
//!   looked at again). A skipped condition skips the node (our rule; BT.CPP throws).
//! * `WhileDoElse { cond, then, else? }` ticks the condition on every tick; switching branch
//!   halts the running one before the other is ticked; a running condition leaves the branches
//!   alone.
//! * `Switch(entry) { case v => .., _ => default }` ticks the first case equal to the entry's
//!   value (`==`), else the default; a different child that was running is halted first.
//! * `Precondition(|bb| cond, else = S) { child }` checks the condition when the child is not
//!   running; false answers `S` without ticking the child. A halt clears the "child running"
//!   latch (decision 5).

use crate::common;

use std::cell::Cell;

use bt::Status::{self, *};
use bt::{behavior_tree, TickTrace};
use common::Call::*;
use common::{expect_halt, expect_tick, Act, Cond, Ctx, Task, TestTree};

// ---------------------------------------------------------------------------------------------
// IfThenElse

behavior_tree! {
    tree Ite3 for Ctx {
        IfThenElse { StatefulAction(Task<0>), StatefulAction(Task<1>), StatefulAction(Task<2>) }
    }
}

behavior_tree! {
    tree Ite2 for Ctx {
        IfThenElse { StatefulAction(Task<0>), StatefulAction(Task<1>) }
    }
}

#[test]
fn if_then_else_condition_chooses_a_branch_in_the_same_tick() {
    let (mut tree, mut ctx) = (Ite3::new(), Ctx::new());
    for branch_answer in [Success, Failure, Skipped] {
        ctx.script(0, &[Success]);
        ctx.script(1, &[branch_answer]);
        expect_tick(
            &mut tree,
            &mut ctx,
            branch_answer,
            &[OnStart(0), OnStart(1)],
        );
        ctx.script(0, &[Failure]);
        ctx.script(2, &[branch_answer]);
        expect_tick(
            &mut tree,
            &mut ctx,
            branch_answer,
            &[OnStart(0), OnStart(2)],
        );
    }
}

#[test]
fn if_then_else_skipped_condition_skips_the_node() {
    let (mut tree, mut ctx) = (Ite3::new(), Ctx::new());
    ctx.script(0, &[Skipped]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnStart(0)]);
    // The next activation starts with the condition again.
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0), OnStart(1)]);
}

#[test]
fn if_then_else_running_condition_is_ticked_again() {
    let (mut tree, mut ctx) = (Ite3::new(), Ctx::new());
    ctx.script(0, &[Running, Running, Failure]);
    ctx.script(2, &[Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(0), OnStart(2)]);
}

#[test]
fn if_then_else_remembers_the_running_branch() {
    let (mut tree, mut ctx) = (Ite3::new(), Ctx::new());
    // Then branch: the condition is not ticked while the branch runs.
    ctx.script(0, &[Success]);
    ctx.script(1, &[Running, Running, Failure]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnStart(1)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(1)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnRunning(1)]);
    // Else branch likewise; its completion sends the next activation back to the condition.
    ctx.script(0, &[Failure, Success]);
    ctx.script(2, &[Running, Success]);
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnStart(2)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(2)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0), OnStart(1)]);
}

#[test]
fn if_then_else_with_two_children_fails_on_a_false_condition() {
    let (mut tree, mut ctx) = (Ite2::new(), Ctx::new());
    ctx.script(0, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(0)]);
    ctx.script(0, &[Success]);
    ctx.script(1, &[Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnStart(1)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(1)]);
    ctx.script(0, &[Running, Failure]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnRunning(0)]);
}

#[test]
fn if_then_else_halted_forgets_the_branch() {
    let (mut tree, mut ctx) = (Ite3::new(), Ctx::new());
    // Halted while the condition runs.
    ctx.script(0, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(0)]);
    expect_halt(&mut tree, &mut ctx, &[]);
    // Halted while the else branch runs: the next tick starts with the condition.
    ctx.script(0, &[Failure, Success]);
    ctx.script(2, &[Running]);
    ctx.script(1, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnStart(2)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(2)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnStart(1)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(1)]);
}

#[test]
fn if_then_else_with_a_condition_leaf_pre_empted_by_a_reactive_parent() {
    behavior_tree! {
        tree Guarded for Ctx {
            ReactiveSequence {
                Condition(Cond<3>),
                IfThenElse { Condition(Cond<0>), StatefulAction(Task<1>), Action(Act<2>) },
            }
        }
    }
    let (mut tree, mut ctx) = (Guarded::new(), Ctx::new());
    ctx.script(3, &[Success, Success, Failure, Success]);
    ctx.script(0, &[Success, Failure]);
    ctx.script(1, &[Running, Running]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Check(3), Check(0), OnStart(1)],
    );
    // The condition is not checked again while the branch runs.
    expect_tick(&mut tree, &mut ctx, Running, &[Check(3), OnRunning(1)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Check(3), OnHalted(1)]);
    // Pre-empted: the branch was forgotten, the condition decides again.
    ctx.script(2, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[Check(3), Check(0), Exec(2)]);
}

// ---------------------------------------------------------------------------------------------
// WhileDoElse

behavior_tree! {
    tree Wde3 for Ctx {
        WhileDoElse { StatefulAction(Task<0>), StatefulAction(Task<1>), StatefulAction(Task<2>) }
    }
}

behavior_tree! {
    tree Wde2 for Ctx {
        WhileDoElse { Condition(Cond<0>), StatefulAction(Task<1>) }
    }
}

#[test]
fn while_do_else_completed_branches() {
    let (mut tree, mut ctx) = (Wde3::new(), Ctx::new());
    for branch_answer in [Success, Failure, Skipped] {
        ctx.script(0, &[Success, Failure]);
        ctx.script(1, &[branch_answer]);
        ctx.script(2, &[branch_answer]);
        expect_tick(
            &mut tree,
            &mut ctx,
            branch_answer,
            &[OnStart(0), OnStart(1)],
        );
        expect_tick(
            &mut tree,
            &mut ctx,
            branch_answer,
            &[OnStart(0), OnStart(2)],
        );
    }
}

#[test]
fn while_do_else_checks_the_condition_every_tick_and_switches_branches() {
    let (mut tree, mut ctx) = (Wde3::new(), Ctx::new());
    ctx.script(0, &[Success, Success, Failure, Success]);
    ctx.script(1, &[Running, Running, Running, Success]);
    ctx.script(2, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnStart(1)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnRunning(1)]);
    // The condition turns false: the then branch is halted before the else branch starts.
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[OnStart(0), OnHalted(1), OnStart(2)],
    );
    // And back: the else branch is halted, the then branch starts afresh.
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[OnStart(0), OnHalted(2), OnStart(1)],
    );
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0), OnRunning(1)]);
}

#[test]
fn while_do_else_running_condition_leaves_the_branch_running() {
    let (mut tree, mut ctx) = (Wde3::new(), Ctx::new());
    let mut trace = TickTrace::<{ Wde3::NODE_COUNT }>::new();
    ctx.script(0, &[Success, Running, Running, Success]);
    ctx.script(1, &[Running, Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnStart(1)]);
    // The condition runs: the running branch is neither ticked nor halted.
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    assert_eq!(tree.tick_with(&mut ctx, &mut trace), Running);
    assert_eq!(ctx.take_log(), [OnRunning(0)]);
    assert_eq!(trace.status(2), None);
    assert!(!trace.halted(2));
    // The condition succeeds: the branch, still running, is ticked on.
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0), OnRunning(1)]);
    // Both the condition and a branch running: a halt halts both, once each.
    ctx.script(0, &[Success, Running]);
    ctx.script(1, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnRunning(1)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(0), OnHalted(1)]);
    expect_halt(&mut tree, &mut ctx, &[]);
    // Nothing remembered: a false condition ticks the else branch from the start.
    ctx.script(0, &[Failure]);
    ctx.script(2, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0), OnStart(2)]);
}

#[test]
fn while_do_else_skipped_condition_halts_the_branch_and_skips() {
    let (mut tree, mut ctx) = (Wde3::new(), Ctx::new());
    ctx.script(0, &[Failure, Skipped, Skipped]);
    ctx.script(2, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0), OnStart(2)]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnStart(0), OnHalted(2)]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnStart(0)]);
}

#[test]
fn while_do_else_with_two_children() {
    let (mut tree, mut ctx) = (Wde2::new(), Ctx::new());
    ctx.script(0, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Check(0)]);
    ctx.script(0, &[Success, Success, Failure]);
    ctx.script(1, &[Running, Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnStart(1)]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnRunning(1)]);
    // A false condition halts the running branch and fails.
    expect_tick(&mut tree, &mut ctx, Failure, &[Check(0), OnHalted(1)]);
    expect_halt(&mut tree, &mut ctx, &[]);
    ctx.script(0, &[Success]);
    ctx.script(1, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnStart(1)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(1)]);
}

// ---------------------------------------------------------------------------------------------
// Switch

behavior_tree! {
    tree Sw for Ctx {
        blackboard { mode: u8 }
        Switch(mode) {
            case 1 => StatefulAction(Task<0>),
            case 2 => StatefulAction(Task<1>),
            _ => StatefulAction(Task<2>),
        }
    }
}

/// `Sw` with its mode set to `mode`.
fn set_mode(tree: &mut Sw, mode: u8) {
    tree.blackboard_mut().mode = mode;
}

#[test]
fn switch_ticks_the_matching_case() {
    let (mut tree, mut ctx) = (Sw::new(), Ctx::new());
    for (mode, leaf) in [(1, 0), (2, 1), (0, 2), (3, 2), (255, 2)] {
        set_mode(&mut tree, mode);
        for answer in [Success, Failure] {
            ctx.script(leaf, &[answer]);
            expect_tick(&mut tree, &mut ctx, answer, &[OnStart(leaf)]);
        }
    }
}

const FLAGS: u8 = 0b100 | 0b001;

behavior_tree! {
    tree SwPatterns for Ctx {
        blackboard { mode: u8 }
        Switch(mode) {
            case 1 | 2 => StatefulAction(Task<0>),
            case 10..=12 | 20 => StatefulAction(Task<1>),
            case (0b100 | 0b010) => StatefulAction(Task<2>),
            case FLAGS => StatefulAction(Task<3>),
            case 100.. => StatefulAction(Task<4>),
            _ => StatefulAction(Task<5>),
        }
    }
}

#[test]
fn switch_cases_are_patterns_of_values() {
    // `1 | 2` is either value, never the bitwise or (3); a range holds the values it contains; a
    // parenthesised `(A | B)` and a constant are values.
    let (mut tree, mut ctx) = (SwPatterns::new(), Ctx::new());
    let table = [
        (1, 0),
        (2, 0),
        (3, 5),
        (10, 1),
        (12, 1),
        (13, 5),
        (20, 1),
        (6, 2),
        (4, 5),
        (5, 3),
        (99, 5),
        (100, 4),
        (255, 4),
        (0, 5),
    ];
    for (mode, leaf) in table {
        tree.blackboard_mut().mode = mode;
        ctx.script(leaf, &[Success]);
        expect_tick(&mut tree, &mut ctx, Success, &[OnStart(leaf)]);
    }
}

#[test]
fn switch_skipped_case_is_skipped_without_trying_the_default() {
    let (mut tree, mut ctx) = (Sw::new(), Ctx::new());
    set_mode(&mut tree, 2);
    ctx.script(1, &[Skipped]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnStart(1)]);
    set_mode(&mut tree, 7);
    ctx.script(2, &[Skipped]);
    expect_tick(&mut tree, &mut ctx, Skipped, &[OnStart(2)]);
}

#[test]
fn switch_halts_the_running_case_when_the_value_changes() {
    let (mut tree, mut ctx) = (Sw::new(), Ctx::new());
    set_mode(&mut tree, 1);
    ctx.script(0, &[Running, Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    // Same value: the running child goes on.
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
    // Another case: the running child is halted first, then the new one is ticked.
    set_mode(&mut tree, 2);
    ctx.script(1, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnHalted(0), OnStart(1)]);
    // No case matches: the default, after halting the running case.
    set_mode(&mut tree, 9);
    ctx.script(2, &[Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnHalted(1), OnStart(2)]);
    set_mode(&mut tree, 10);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(2)]);
    // Nothing runs now: a change of case halts nothing.
    set_mode(&mut tree, 1);
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
}

#[test]
fn switch_halted_forgets_the_running_case() {
    let (mut tree, mut ctx) = (Sw::new(), Ctx::new());
    set_mode(&mut tree, 2);
    ctx.script(1, &[Running, Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(1)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(1)]);
    expect_halt(&mut tree, &mut ctx, &[]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(1)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(1)]);
    // The halted case was forgotten: a change of case halts nothing.
    set_mode(&mut tree, 1);
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
}

#[test]
fn switch_first_matching_case_wins() {
    const TWO: i32 = 2;
    behavior_tree! {
        tree Dup for Ctx {
            blackboard { n: i32 = 2 }
            Switch({n}) {
                case TWO => Action(Act<0>),
                case 1 + 1 => Action(Act<1>),
                case -3 => Action(Act<2>),
                _ => Action(Act<3>),
            }
        }
    }
    let (mut tree, mut ctx) = (Dup::new(), Ctx::new());
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[Exec(0)]);
    tree.blackboard_mut().n = -3;
    ctx.script(2, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Exec(2)]);
    tree.blackboard_mut().n = 3;
    ctx.script(3, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[Exec(3)]);
}

/// Any `PartialEq` entry: an enum.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Mode {
    #[default]
    Idle,
    Patrol,
    Attack,
}

#[test]
fn switch_over_an_enum_set_by_the_tree() {
    behavior_tree! {
        tree Modes for Ctx {
            blackboard { mode: Mode }
            Sequence {
                Action(|ctx: &mut Ctx, bb: &mut ModesBlackboard| {
                    bb.mode = if ctx.check(0) { Mode::Attack } else { Mode::Patrol };
                    true
                }),
                Switch(mode) {
                    case Mode::Patrol => StatefulAction(Task<1>),
                    case Mode::Attack => StatefulAction(Task<2>),
                    _ => AlwaysFailure,
                }
            }
        }
    }
    let (mut tree, mut ctx) = (Modes::new(), Ctx::new());
    // The switch reads the value written earlier in the same tick.
    ctx.script(0, &[Failure, Success]);
    ctx.script(1, &[Running]);
    ctx.script(2, &[Success, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnStart(1)]);
    // The sequence resumes at the switch (the inline action is not run again); the mode is
    // still Patrol.
    ctx.script(1, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(1)]);
    // Written from outside: the running case is halted, the other one ticked.
    tree.blackboard_mut().mode = Mode::Attack;
    expect_tick(&mut tree, &mut ctx, Success, &[OnHalted(1), OnStart(2)]);
    expect_tick(&mut tree, &mut ctx, Success, &[Check(0), OnStart(2)]);
    assert_eq!(tree.blackboard().mode, Mode::Attack);
}

#[test]
fn switch_over_a_string_and_a_tracked_entry() {
    behavior_tree! {
        tree Names for Ctx {
            blackboard { name: String, #[tracked] level: u32 }
            Sequence {
                Switch(name) {
                    case "alpha" => Action(Act<0>),
                    case "beta" => Action(Act<1>),
                    _ => AlwaysSuccess,
                }
                Switch(level) { case 0 => AlwaysSuccess, _ => Action(Act<2>) }
            }
        }
    }
    let (mut tree, mut ctx) = (Names::new(), Ctx::new());
    expect_tick(&mut tree, &mut ctx, Success, &[]);
    tree.blackboard_mut().name = "beta".to_owned();
    tree.blackboard_mut().level.set(4);
    ctx.script(1, &[Success]);
    ctx.script(2, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Exec(1), Exec(2)]);
    tree.blackboard_mut().name = "alphabet".to_owned();
    tree.blackboard_mut().level.set(0);
    expect_tick(&mut tree, &mut ctx, Success, &[]);
}

// ---------------------------------------------------------------------------------------------
// Precondition

/// Declares trees `Name { blackboard { go, checks } Precondition(..) { Task<0> } }`; the
/// condition counts its evaluations in `checks`.
macro_rules! guarded {
    ($($name:ident = ($($else:tt)*);)*) => {$(
        behavior_tree! {
            tree $name for Ctx {
                blackboard { go: bool, checks: Cell<u32> }
                Precondition(|bb| { bb.checks.set(bb.checks.get() + 1); bb.go } $($else)*) {
                    StatefulAction(Task<0>)
                }
            }
        }
    )*};
}

guarded! {
    PreDefault = ();
    PreFailure = (, else = Failure);
    PreSuccess = (, else = Success);
    PreRunning = (, else = Running);
    PreSkipped = (, else = Status::Skipped);
}

/// Reads and resets the number of condition checks since the last call.
trait Checks {
    fn checks(&mut self) -> u32;
    fn go(&mut self, go: bool);
}

macro_rules! checks {
    ($($name:ident)*) => {$(
        impl Checks for $name {
            fn checks(&mut self) -> u32 {
                self.blackboard_mut().checks.replace(0)
            }
            fn go(&mut self, go: bool) {
                self.blackboard_mut().go = go;
            }
        }
    )*};
}

checks!(PreDefault PreFailure PreSuccess PreRunning PreSkipped);

/// Every row of a Precondition whose `else` status is `otherwise`.
fn precondition_rows<T: TestTree + Checks>(otherwise: Status) {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    // False: `else`, child not ticked.
    expect_tick(&mut tree, &mut ctx, otherwise, &[]);
    assert_eq!(tree.checks(), 1);
    // True: the child's status, whatever it is.
    tree.go(true);
    for answer in [Success, Failure, Skipped] {
        ctx.script(0, &[answer]);
        expect_tick(&mut tree, &mut ctx, answer, &[OnStart(0)]);
        assert_eq!(tree.checks(), 1);
    }
    // While the child runs the condition is not evaluated, even when it has turned false.
    ctx.script(0, &[Running, Running, Failure]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    assert_eq!(tree.checks(), 1);
    tree.go(false);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnRunning(0)]);
    assert_eq!(tree.checks(), 0);
    // Completed: the next tick evaluates it again.
    expect_tick(&mut tree, &mut ctx, otherwise, &[]);
    assert_eq!(tree.checks(), 1);
}

#[test]
fn precondition_default_else_is_failure() {
    precondition_rows::<PreDefault>(Failure);
}

#[test]
fn precondition_else_failure() {
    precondition_rows::<PreFailure>(Failure);
}

#[test]
fn precondition_else_success() {
    precondition_rows::<PreSuccess>(Success);
}

#[test]
fn precondition_else_running() {
    precondition_rows::<PreRunning>(Running);
    // Running on `else`: nothing runs below, so a halt calls nothing; the next tick checks again.
    let (mut tree, mut ctx) = (PreRunning::new(), Ctx::new());
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    assert_eq!(tree.checks(), 2);
    expect_halt(&mut tree, &mut ctx, &[]);
    tree.go(true);
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnStart(0)]);
}

#[test]
fn precondition_else_skipped() {
    precondition_rows::<PreSkipped>(Skipped);
}

#[test]
fn precondition_latch_is_cleared_by_a_halt() {
    // Decision 5: BT.CPP keeps the latch across a halt and ticks the child without checking;
    // here the next activation checks the condition again.
    let (mut tree, mut ctx) = (PreFailure::new(), Ctx::new());
    tree.go(true);
    ctx.script(0, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    tree.go(false);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(0)]);
    expect_halt(&mut tree, &mut ctx, &[]);
    expect_tick(&mut tree, &mut ctx, Failure, &[]);
    assert_eq!(tree.checks(), 2);
    // True again: a fresh start of the child.
    tree.go(true);
    ctx.script(0, &[Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[OnRunning(0)]);
    assert_eq!(tree.checks(), 1);
}

#[test]
fn precondition_latch_is_cleared_when_pre_empted() {
    behavior_tree! {
        tree Guarded for Ctx {
            blackboard { go: bool = true }
            ReactiveFallback {
                Condition(Cond<1>),
                Precondition(|bb| bb.go, else = Skipped) { StatefulAction(Task<0>) },
            }
        }
    }
    let (mut tree, mut ctx) = (Guarded::new(), Ctx::new());
    ctx.script(1, &[Failure, Failure, Success, Failure]);
    ctx.script(0, &[Running, Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[Check(1), OnStart(0)]);
    tree.blackboard_mut().go = false;
    // Latched: the child runs on although the condition is false.
    expect_tick(&mut tree, &mut ctx, Running, &[Check(1), OnRunning(0)]);
    // Pre-empted by the higher-priority condition: the child is halted, the latch cleared.
    expect_tick(&mut tree, &mut ctx, Success, &[Check(1), OnHalted(0)]);
    // The condition is checked again: false, `else = Skipped`; the fallback has nothing left.
    expect_tick(&mut tree, &mut ctx, Failure, &[Check(1)]);
}
