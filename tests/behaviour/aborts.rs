//! Unreal Engine's observer aborts through the macro, tick by tick:
//! `Observe(|bb| condition, abort = none | self | lower | both) { child }`.
//!
//! Under a `Fallback` (alias `Selector`) with an `Observe` child whose abort is `lower` or
//! `both`, the Fallback becomes bt-core's `ObserverSelector`, which owns its `Observe` children's
//! conditions; elsewhere an `Observe` is a `ConditionalAbort` (`none`, `self`).
//!
//! Rules: bt-core `abort.rs` (its examples are the first two tests);
//! `spec/other-systems.md` §1.5, §2.23.

use crate::agent;

use agent::{expect_halt, expect_tick, Act, Agent, Task, *};
use bt::behavior_tree;
use bt::Status::*;

behavior_tree! {
    tree Lower for Agent {
        blackboard { enemy: bool }
        Fallback {
            #[name = "attack"]
            Observe(|bb| bb.enemy, abort = lower) { StatefulAction(Task<0>) },
            #[name = "patrol"]
            StatefulAction(Task<1>),
        }
    }
}

behavior_tree! {
    tree Both for Agent {
        blackboard { enemy: bool }
        Selector {
            Observe(|bb| bb.enemy, abort = both) { StatefulAction(Task<0>) },
            StatefulAction(Task<1>),
        }
    }
}

#[test]
fn lower_priority_abort_restarts_at_the_guarded_child_when_its_guard_starts_to_pass() {
    let (mut tree, mut agent) = (Lower::new(), Agent::new());
    agent.script(1, &[Running, Running]);
    // 1: the guard blocks Attack (counts as failed); Patrol runs.
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(1)]);
    // 2: watched, no change.
    expect_tick(&mut tree, &mut agent, Running, &[OnRunning(1)]);
    // 3: the guard passes: Patrol is halted and Attack starts, in the same tick.
    tree.blackboard_mut().enemy = true;
    agent.script(0, &[Running, Running, Failure]);
    expect_tick(&mut tree, &mut agent, Running, &[OnHalted(1), OnStart(0)]);
    // 4: `lower` only: Attack's own guard is not watched inside its branch.
    tree.blackboard_mut().enemy = false;
    expect_tick(&mut tree, &mut agent, Running, &[OnRunning(0)]);
    // 5: Attack fails by itself while its guard passes; Patrol runs.
    tree.blackboard_mut().enemy = true;
    agent.script(1, &[Running, Running]);
    expect_tick(&mut tree, &mut agent, Running, &[OnRunning(0), OnStart(1)]);
    // 6: still passing: no change, so no abort (it fires on a change).
    expect_tick(&mut tree, &mut agent, Running, &[OnRunning(1)]);
    // 7, 8: it stops passing, then passes again: fires.
    tree.blackboard_mut().enemy = false;
    agent.script(1, &[Running]);
    expect_tick(&mut tree, &mut agent, Running, &[OnRunning(1)]);
    tree.blackboard_mut().enemy = true;
    agent.script(0, &[Success]);
    expect_tick(&mut tree, &mut agent, Success, &[OnHalted(1), OnStart(0)]);
}

#[test]
fn both_also_aborts_the_guarded_branch_when_its_guard_stops_passing() {
    let (mut tree, mut agent) = (Both::new(), Agent::new());
    tree.blackboard_mut().enemy = true;
    agent.script(0, &[Running]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    // The guard of the running child fails: it is halted and counts as failed; the selector
    // goes on to Patrol in the same tick.
    tree.blackboard_mut().enemy = false;
    agent.script(1, &[Running]);
    expect_tick(&mut tree, &mut agent, Running, &[OnHalted(0), OnStart(1)]);
    // Halting forgets the observers; the next tick enters from the first child.
    expect_halt(&mut tree, &mut agent, &[OnHalted(1)]);
    tree.blackboard_mut().enemy = true;
    agent.script(0, &[Failure]);
    agent.script(1, &[Success]);
    expect_tick(&mut tree, &mut agent, Success, &[OnStart(0), OnStart(1)]);
}

#[test]
fn the_selector_keeps_its_kind_and_observe_reports_its_abort_mode() {
    assert_eq!(Lower::NODES[0].kind, "Fallback");
    assert_eq!(Both::NODES[0].kind, "Selector");
    assert_eq!(Lower::NODES[1].kind, "Observe");
    assert_eq!(Lower::NODES[1].name, "attack");
    assert_eq!(
        Lower::NODES[1].params,
        &[
            ("condition", "bb.enemy"),
            ("flowAbortMode", "LowerPriority")
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// `abort = self` and `abort = none` anywhere: a ConditionalAbort.

behavior_tree! {
    tree Shooter for Agent {
        blackboard { ammo: u32 = 1 }
        Sequence {
            Observe(|bb| bb.ammo > 0, abort = self) { StatefulAction(Task<0>) },
            Action(Act<1>),
        }
    }
}

behavior_tree! {
    tree OnEntry for Agent {
        blackboard { open: bool = true }
        Sequence {
            Observe(|bb| bb.open) { StatefulAction(Task<0>) },
            Action(Act<1>),
        }
    }
}

#[test]
fn self_abort_halts_the_branch_when_its_condition_stops_passing() {
    let (mut tree, mut agent) = (Shooter::new(), Agent::new());
    agent.script(0, &[Running, Running]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut agent, Running, &[OnRunning(0)]);
    // Out of ammo: Shoot is halted and fails, so the sequence fails.
    tree.blackboard_mut().ammo = 0;
    expect_tick(&mut tree, &mut agent, Failure, &[OnHalted(0)]);
    // Blocked on entry.
    expect_tick(&mut tree, &mut agent, Failure, &[]);
    tree.blackboard_mut().ammo = 3;
    agent.script(0, &[Success]);
    agent.script(1, &[Success]);
    expect_tick(&mut tree, &mut agent, Success, &[OnStart(0), Exec(1)]);
}

#[test]
fn no_abort_checks_on_entry_only() {
    let (mut tree, mut agent) = (OnEntry::new(), Agent::new());
    agent.script(0, &[Running, Success]);
    agent.script(1, &[Success]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    tree.blackboard_mut().open = false;
    expect_tick(&mut tree, &mut agent, Success, &[OnRunning(0), Exec(1)]);
    expect_tick(&mut tree, &mut agent, Failure, &[]);
    assert_eq!(
        OnEntry::NODES[1].params,
        &[("condition", "bb.open"), ("flowAbortMode", "None")]
    );
}

// ---------------------------------------------------------------------------------------------
// Mixed guards under one selector, and nested selectors.

behavior_tree! {
    tree Mixed for Agent {
        blackboard { alarm: bool, awake: bool = true }
        Fallback {
            Observe(|bb| bb.alarm, abort = lower) { StatefulAction(Task<0>) },
            Observe(|bb| bb.awake, abort = self) { StatefulAction(Task<1>) },
            Observe(|bb| bb.awake, abort = none) { Action(Act<2>) },
            StatefulAction(Task<3>),
        }
    }
}

#[test]
fn an_observer_selector_watches_every_guard_of_its_children() {
    let (mut tree, mut agent) = (Mixed::new(), Agent::new());
    agent.script(1, &[Running, Running]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(1)]);
    expect_tick(&mut tree, &mut agent, Running, &[OnRunning(1)]);
    // The `self` guard of the running child fails: halted, counts as failed; child 2 is
    // blocked by its own (entry) guard; child 3 runs.
    tree.blackboard_mut().awake = false;
    agent.script(3, &[Running, Running]);
    expect_tick(&mut tree, &mut agent, Running, &[OnHalted(1), OnStart(3)]);
    // The `lower` guard of child 0 fires while child 3 runs.
    tree.blackboard_mut().alarm = true;
    agent.script(0, &[Failure]);
    expect_tick(
        &mut tree,
        &mut agent,
        Running,
        &[OnHalted(3), OnStart(0), OnStart(3)],
    );
    expect_halt(&mut tree, &mut agent, &[OnHalted(3)]);
}

behavior_tree! {
    tree Layers for Agent {
        blackboard { danger: bool, hungry: bool }
        Fallback {
            Observe(|bb| bb.danger, abort = lower) { StatefulAction(Task<0>) },
            Fallback {
                Observe(|bb| bb.hungry, abort = lower) { StatefulAction(Task<1>) },
                StatefulAction(Task<2>),
            },
        }
    }
}

#[test]
fn nested_selectors_watch_their_own_guards_from_the_root_down() {
    let (mut tree, mut agent) = (Layers::new(), Agent::new());
    agent.script(2, &[Running]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(2)]);
    tree.blackboard_mut().hungry = true;
    agent.script(1, &[Running]);
    expect_tick(&mut tree, &mut agent, Running, &[OnHalted(2), OnStart(1)]);
    // The outer guard is seen first and halts the whole inner branch.
    tree.blackboard_mut().danger = true;
    agent.script(0, &[Running]);
    expect_tick(&mut tree, &mut agent, Running, &[OnHalted(1), OnStart(0)]);
    expect_halt(&mut tree, &mut agent, &[OnHalted(0)]);
}

// ---------------------------------------------------------------------------------------------
// Skipped children: the selector is skipped when every child's latest answer in the activation
// was `Skipped` (issue 25). A child re-entered after a `lower` abort answers anew.

behavior_tree! {
    tree SkipAgain for Agent {
        blackboard { threat: bool, hungry: bool }
        Sequence {
            Selector {
                Observe(|bb| bb.threat, abort = lower) { StatefulAction(Task<0>) },
                Observe(|bb| bb.hungry, abort = both) { StatefulAction(Task<1>) },
                StatefulAction(Task<2>),
            },
            Action(Act<3>),
        }
    }
}

#[test]
fn a_child_skipped_again_after_a_lower_abort_is_one_skipped_child() {
    let (mut tree, mut agent) = (SkipAgain::new(), Agent::new());
    // 1: child 0 skipped, child 1 blocked (counts as failed), child 2 runs.
    tree.blackboard_mut().threat = true;
    agent.script(0, &[Skipped]);
    agent.script(2, &[Running, Running]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0), OnStart(2)]);
    // 2: the `lower` guard of child 0 stops passing.
    tree.blackboard_mut().threat = false;
    expect_tick(&mut tree, &mut agent, Running, &[OnRunning(2)]);
    // 3: it passes again: child 2 halted, child 0 skipped again, child 1 blocked again, child 2
    // skipped. Child 1's latest answer is a failure: the selector fails, and so does the
    // sequence (three skip events for three children, but only two skipped children).
    tree.blackboard_mut().threat = true;
    agent.script(0, &[Skipped]);
    agent.script(2, &[Skipped]);
    expect_tick(
        &mut tree,
        &mut agent,
        Failure,
        &[OnHalted(2), OnStart(0), OnStart(2)],
    );

    // 4-6: the same with child 1 skipped too: every latest answer is a skip (five skip events
    // for three children), so the selector is skipped and the sequence goes on.
    tree.blackboard_mut().hungry = true;
    agent.script(0, &[Skipped]);
    agent.script(1, &[Skipped]);
    agent.script(2, &[Running, Running]);
    expect_tick(
        &mut tree,
        &mut agent,
        Running,
        &[OnStart(0), OnStart(1), OnStart(2)],
    );
    tree.blackboard_mut().threat = false;
    expect_tick(&mut tree, &mut agent, Running, &[OnRunning(2)]);
    tree.blackboard_mut().threat = true;
    agent.script(0, &[Skipped]);
    agent.script(1, &[Skipped]);
    agent.script(2, &[Skipped]);
    agent.script(3, &[Success]);
    expect_tick(
        &mut tree,
        &mut agent,
        Success,
        &[OnHalted(2), OnStart(0), OnStart(1), OnStart(2), Exec(3)],
    );
}
