//! NodeCanvas's composites and decorators through the macro, tick by tick: PrioritySelector
//! (both modes), FlipSelector, StepSequencer, BinarySelector, IndexSwitch, PolicyParallel, DynamicSequence,
//! DynamicSelector; Interrupt, Conditional, RepeatTimes, RepeatUntil, Filter, Cooldown, Iterate,
//! WaitUntil, Optional, Guard, Deadline, Remap. The random ones (RandomSequence, RandomSelector,
//! ProbabilitySelector) are in `test_random.rs`, observer aborts in `test_aborts.rs`.
//!
//! Rules: bt-core `control/{selector,flow,parallel}/`, `decorator/` (`origins.rs` maps the names);
//! `spec/other-systems.md` §1.3, §2.x; decisions 3, 9, 13.

use crate::agent;

use agent::{expect_halt, expect_tick, Act, Agent, Cond, Pet, Task, *};
use bt::Status::*;
use bt::{behavior_tree, Observer, Rng, SmallRng, StatefulAction, Status};

// ---------------------------------------------------------------------------------------------
// PrioritySelector: the children in the order of their scores, read when it starts; a failure
// falls through to the next score (the seed document's weighted selector).

behavior_tree! {
    tree Weighted for Agent {
        blackboard { a: f32 = 1.0, b: f32 = 2.0, reads: std::cell::Cell<u32> }
        PrioritySelector {
            #[score(|bb| { bb.reads.set(bb.reads.get() + 1); bb.a })] StatefulAction(Task<0>),
            #[score(|bb| bb.b)] StatefulAction(Task<1>),
            #[score(1.5)] StatefulAction(Task<2>),
        }
    }
}

#[test]
fn priority_selector_tries_the_children_from_the_highest_score() {
    let (mut tree, mut agent) = (Weighted::new(), Agent::new());
    // Scores [1, 2, 1.5]: the order is 1, 2, 0; the first success ends the walk.
    agent.script(1, &[Success]);
    expect_tick(&mut tree, &mut agent, Success, &[OnStart(1)]);
    // A failure falls through to the next score, in the same tick.
    agent.script(1, &[Failure]);
    agent.script(2, &[Failure]);
    agent.script(0, &[Success]);
    expect_tick(
        &mut tree,
        &mut agent,
        Success,
        &[OnStart(1), OnStart(2), OnStart(0)],
    );
    // Every child failed: Failure. Every child skipped: Skipped.
    for (answer, status) in [(Failure, Failure), (Skipped, Skipped)] {
        for leaf in [1, 2, 0] {
            agent.script(leaf, &[answer]);
        }
        expect_tick(
            &mut tree,
            &mut agent,
            status,
            &[OnStart(1), OnStart(2), OnStart(0)],
        );
    }
    // Each activation read the scores once.
    assert_eq!(tree.blackboard().reads.get(), 4);
}

#[test]
fn priority_selector_resumes_its_running_child_and_orders_again_on_the_next_activation() {
    let (mut tree, mut agent) = (Weighted::new(), Agent::new());
    agent.script(1, &[Failure]);
    agent.script(2, &[Running, Running, Failure]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(1), OnStart(2)]);
    // Child 0 is now the best, but the scores are not read while the node runs: the running
    // child is resumed, and a failure moves on in the order of the activation.
    tree.blackboard_mut().a = 9.0;
    expect_tick(&mut tree, &mut agent, Running, &[OnRunning(2)]);
    agent.script(0, &[Running]);
    expect_tick(&mut tree, &mut agent, Running, &[OnRunning(2), OnStart(0)]);
    assert_eq!(tree.blackboard().reads.get(), 1);
    // Halted while running: the running child is halted, and the activation ends.
    expect_halt(&mut tree, &mut agent, &[OnHalted(0)]);
    // The next activation reads the scores again: [9, 2, 1.5] is 0, 1, 2.
    agent.script(0, &[Failure]);
    agent.script(1, &[Success]);
    expect_tick(&mut tree, &mut agent, Success, &[OnStart(0), OnStart(1)]);
    assert_eq!(tree.blackboard().reads.get(), 2);
    // Completed: the next tick orders again, [0, 2, 1.5] is 1, 2, 0.
    tree.blackboard_mut().a = 0.0;
    agent.script(1, &[Running, Success]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(1)]);
    tree.blackboard_mut().a = 5.0;
    expect_tick(&mut tree, &mut agent, Success, &[OnRunning(1)]);
    assert_eq!(tree.blackboard().reads.get(), 3);
}

#[test]
fn priority_selector_breaks_ties_by_declaration_and_puts_nan_last() {
    let (mut tree, mut agent) = (Weighted::new(), Agent::new());
    // Equal scores: declaration order, 0 before 1.
    tree.blackboard_mut().a = 2.0;
    for leaf in [0, 1, 2] {
        agent.script(leaf, &[Failure]);
    }
    expect_tick(
        &mut tree,
        &mut agent,
        Failure,
        &[OnStart(0), OnStart(1), OnStart(2)],
    );
    // NaN comes after every number, -inf included.
    tree.blackboard_mut().a = f32::NAN;
    tree.blackboard_mut().b = f32::NEG_INFINITY;
    for leaf in [2, 1, 0] {
        agent.script(leaf, &[Failure]);
    }
    expect_tick(
        &mut tree,
        &mut agent,
        Failure,
        &[OnStart(2), OnStart(1), OnStart(0)],
    );
}

// The same from XML (as `to_xml()` writes it): a score on each child, an entry, arithmetic over
// entries or a constant; the entry `a` is typed by its score (an `f32`), `b`, in arithmetic, is
// declared.

behavior_tree! {
    tree WeightedXml for Agent {
        xml_text = r#"
            <root BTCPP_format="4">
              <BehaviorTree>
                <PrioritySelector>
                  <Task0 score="{a}"/>
                  <Task1 score="b * 2"/>
                  <Task2 score="1.5"/>
                </PrioritySelector>
              </BehaviorTree>
            </root>"#,
        nodes { Task0 = StatefulAction(Task<0>), Task1 = StatefulAction(Task<1>), Task2 = StatefulAction(Task<2>) }
        blackboard { b: i32 = 1 }
    }
}

#[test]
fn priority_selector_from_xml_orders_by_its_scores() {
    let (mut tree, mut agent) = (WeightedXml::new(), Agent::new());
    assert_eq!(WeightedXml::NODES[0].params, &[("dynamic", "false")]);
    // `a`, undeclared, is read as a score: an `f32`.
    let _: &mut f32 = &mut tree.blackboard_mut().a;
    tree.blackboard_mut().a = 1.0;
    // Scores [1, 2, 1.5]: 1, 2, 0.
    agent.script(1, &[Failure]);
    agent.script(2, &[Running, Failure]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(1), OnStart(2)]);
    tree.blackboard_mut().a = 9.0;
    agent.script(0, &[Success]);
    expect_tick(&mut tree, &mut agent, Success, &[OnRunning(2), OnStart(0)]);
    // [9, 2, 1.5]: 0 first.
    agent.script(0, &[Running]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    expect_halt(&mut tree, &mut agent, &[OnHalted(0)]);
}

// `dynamic = true`: a utility selector; the best score of every tick runs, a tie keeps the
// running child, and a failure is the node's.

behavior_tree! {
    tree Priority for Agent {
        blackboard { a: f32, b: f32 = 0.5 }
        PrioritySelector(dynamic = true) {
            #[score(|bb| bb.a)] StatefulAction(Task<0>),
            #[score(|bb| bb.b)] StatefulAction(Task<1>),
            #[score(0.1)] StatefulAction(Task<2>),
        }
    }
}

#[test]
fn priority_selector_runs_the_best_score_and_switches_on_a_strictly_better_one() {
    let (mut tree, mut agent) = (Priority::new(), Agent::new());
    tree.blackboard_mut().a = 0.2;
    agent.script(1, &[Running, Running]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(1)]);
    // A tie keeps the running child.
    tree.blackboard_mut().a = 0.5;
    expect_tick(&mut tree, &mut agent, Running, &[OnRunning(1)]);
    // Strictly higher: the running child is halted first, then the best is ticked.
    tree.blackboard_mut().a = 0.6;
    agent.script(0, &[Running, Failure]);
    expect_tick(&mut tree, &mut agent, Running, &[OnHalted(1), OnStart(0)]);
    // A failure is the node's: no fallback to the next best.
    expect_tick(&mut tree, &mut agent, Failure, &[OnRunning(0)]);
    // Halting while running.
    tree.blackboard_mut().a = 0.0;
    tree.blackboard_mut().b = 0.0;
    agent.script(2, &[Running, Success]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(2)]);
    expect_halt(&mut tree, &mut agent, &[OnHalted(2)]);
    expect_tick(&mut tree, &mut agent, Success, &[OnStart(2)]);
}

#[test]
fn priority_selector_reports_its_mode_and_the_scores_as_parameters() {
    let nodes = Priority::NODES;
    assert_eq!(nodes[0].kind, "PrioritySelector");
    assert_eq!(nodes[0].param("dynamic"), Some("true"));
    assert_eq!(nodes[1].params, &[("score", "a")]);
    assert_eq!(nodes[3].params, &[("score", "0.1")]);
    assert_eq!(Weighted::NODES[0].kind, "PrioritySelector");
    assert_eq!(Weighted::NODES[0].params, &[("dynamic", "false")]);
    assert_eq!(Weighted::NODES[3].params, &[("score", "1.5")]);
    let xml = Weighted::to_xml().to_string();
    assert!(
        xml.contains(r#"<PrioritySelector dynamic="false">"#),
        "{xml}"
    );
    assert!(Priority::to_xml()
        .to_string()
        .contains(r#"<PrioritySelector dynamic="true">"#));
    // The pictures label the node with its mode; an observer finds it in `NODES` by id.
    let dot = bt::export::dot(Weighted::NODES).to_string();
    assert!(dot.contains(r#"PrioritySelector\ndynamic=false""#), "{dot}");
    let mermaid = bt::export::mermaid(Priority::NODES).to_string();
    assert!(
        mermaid.contains("PrioritySelector<br/>dynamic=true"),
        "{mermaid}"
    );
    struct Modes(Vec<(&'static str, Option<&'static str>)>);
    impl Observer for Modes {
        fn on_status(&mut self, node: usize, _: Status) {
            let info = &Priority::NODES[node];
            self.0.push((info.kind, info.param("dynamic")));
        }
    }
    let (mut tree, mut agent, mut modes) = (Priority::new(), Agent::new(), Modes(Vec::new()));
    agent.script(1, &[Success]);
    tree.tick_with(&mut agent, &mut modes);
    agent.take_log();
    let modes = modes.0;
    assert_eq!(
        modes,
        [("StatefulAction", None), ("PrioritySelector", Some("true"))]
    );
}

// ---------------------------------------------------------------------------------------------
// FlipSelector: a success moves its child to the end, for good (decision 13).

behavior_tree! {
    tree Flip for Agent {
        FlipSelector {
            StatefulAction(Task<0>),
            StatefulAction(Task<1>),
            StatefulAction(Task<2>),
        }
    }
}

#[test]
fn flip_selector_moves_a_successful_child_to_the_end_and_keeps_the_order_across_halts() {
    let (mut tree, mut agent) = (Flip::new(), Agent::new());
    agent.script(0, &[Failure]);
    agent.script(1, &[Success]);
    expect_tick(&mut tree, &mut agent, Success, &[OnStart(0), OnStart(1)]);
    // Order [0, 2, 1].
    agent.script(0, &[Failure]);
    agent.script(2, &[Running]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0), OnStart(2)]);
    expect_halt(&mut tree, &mut agent, &[OnHalted(2)]);
    // The halt restarted the walk, not the order.
    agent.script(0, &[Success]);
    expect_tick(&mut tree, &mut agent, Success, &[OnStart(0)]);
    // Order [2, 1, 0], also after a halt of the idle tree.
    expect_halt(&mut tree, &mut agent, &[]);
    agent.script(2, &[Failure]);
    agent.script(1, &[Failure]);
    agent.script(0, &[Failure]);
    expect_tick(
        &mut tree,
        &mut agent,
        Failure,
        &[OnStart(2), OnStart(1), OnStart(0)],
    );
    agent.script(2, &[Skipped]);
    agent.script(1, &[Skipped]);
    agent.script(0, &[Skipped]);
    expect_tick(
        &mut tree,
        &mut agent,
        Skipped,
        &[OnStart(2), OnStart(1), OnStart(0)],
    );
}

// ---------------------------------------------------------------------------------------------
// StepSequencer: one child per activation; a halt advances too (decision 13).

behavior_tree! {
    tree Steps for Agent {
        StepSequencer {
            StatefulAction(Task<0>),
            StatefulAction(Task<1>),
            StatefulAction(Task<2>),
        }
    }
}

#[test]
fn step_sequencer_ticks_the_next_child_each_activation() {
    let (mut tree, mut agent) = (Steps::new(), Agent::new());
    agent.script(0, &[Success]);
    expect_tick(&mut tree, &mut agent, Success, &[OnStart(0)]);
    agent.script(1, &[Running, Failure]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(1)]);
    expect_tick(&mut tree, &mut agent, Failure, &[OnRunning(1)]);
    // Halted while running: the interrupted child is passed over this round.
    agent.script(2, &[Running]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(2)]);
    expect_halt(&mut tree, &mut agent, &[OnHalted(2)]);
    agent.script(0, &[Skipped]);
    expect_tick(&mut tree, &mut agent, Skipped, &[OnStart(0)]);
    // The position survives a halt of the idle tree.
    expect_halt(&mut tree, &mut agent, &[]);
    agent.script(1, &[Success]);
    expect_tick(&mut tree, &mut agent, Success, &[OnStart(1)]);
}

// ---------------------------------------------------------------------------------------------
// BinarySelector: child 0 when the condition holds, child 1 otherwise.

behavior_tree! {
    tree Binary for Agent {
        blackboard { flag: bool = true }
        BinarySelector(|bb| bb.flag) { StatefulAction(Task<0>), StatefulAction(Task<1>) }
    }
}

behavior_tree! {
    tree BinaryDynamic for Agent {
        blackboard { flag: bool = true }
        BinarySelector(|bb| bb.flag, dynamic = true) {
            StatefulAction(Task<0>),
            StatefulAction(Task<1>),
        }
    }
}

#[test]
fn binary_selector_reads_its_condition_when_it_starts() {
    let (mut tree, mut agent) = (Binary::new(), Agent::new());
    agent.script(0, &[Running, Success]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    tree.blackboard_mut().flag = false;
    expect_tick(&mut tree, &mut agent, Success, &[OnRunning(0)]);
    agent.script(1, &[Failure]);
    expect_tick(&mut tree, &mut agent, Failure, &[OnStart(1)]);
}

#[test]
fn dynamic_binary_selector_switches_branch_halting_the_old_one_first() {
    let (mut tree, mut agent) = (BinaryDynamic::new(), Agent::new());
    agent.script(0, &[Running]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    tree.blackboard_mut().flag = false;
    agent.script(1, &[Running]);
    expect_tick(&mut tree, &mut agent, Running, &[OnHalted(0), OnStart(1)]);
    expect_halt(&mut tree, &mut agent, &[OnHalted(1)]);
    assert_eq!(
        BinaryDynamic::NODES[0].params,
        &[("condition", "bb.flag"), ("dynamic", "true")]
    );
}

// ---------------------------------------------------------------------------------------------
// IndexSwitch: the child at the case index.

behavior_tree! {
    tree Cases for Agent {
        blackboard { case: i32 }
        IndexSwitch(|bb| bb.case) {
            StatefulAction(Task<0>),
            StatefulAction(Task<1>),
            StatefulAction(Task<2>),
        }
    }
}

behavior_tree! {
    tree CasesLoop for Agent {
        blackboard { case: i64 }
        IndexSwitch(|bb| bb.case, out_of_range = Loop, dynamic = true) {
            StatefulAction(Task<0>),
            StatefulAction(Task<1>),
            StatefulAction(Task<2>),
        }
    }
}

behavior_tree! {
    tree CasesDynamic for Agent {
        blackboard { case: usize }
        IndexSwitch(|bb| bb.case, dynamic = true) {
            StatefulAction(Task<0>),
            StatefulAction(Task<1>),
            StatefulAction(Task<2>),
        }
    }
}

#[test]
fn index_switch_ticks_the_case_and_fails_out_of_range() {
    let (mut tree, mut agent) = (Cases::new(), Agent::new());
    tree.blackboard_mut().case = 1;
    agent.script(1, &[Success]);
    expect_tick(&mut tree, &mut agent, Success, &[OnStart(1)]);
    tree.blackboard_mut().case = 3;
    expect_tick(&mut tree, &mut agent, Failure, &[]);
    tree.blackboard_mut().case = -1;
    expect_tick(&mut tree, &mut agent, Failure, &[]);
    // Static: the case is read when the node starts.
    tree.blackboard_mut().case = 0;
    agent.script(0, &[Running, Success]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    tree.blackboard_mut().case = 2;
    expect_tick(&mut tree, &mut agent, Success, &[OnRunning(0)]);
}

#[test]
fn index_switch_loops_the_index_and_switches_dynamically() {
    let (mut tree, mut agent) = (CasesLoop::new(), Agent::new());
    tree.blackboard_mut().case = 5; // 5 % 3
    agent.script(2, &[Running]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(2)]);
    tree.blackboard_mut().case = -1; // |-1| % 3
    agent.script(1, &[Success]);
    expect_tick(&mut tree, &mut agent, Success, &[OnHalted(2), OnStart(1)]);

    let (mut tree, mut agent) = (CasesDynamic::new(), Agent::new());
    agent.script(0, &[Running]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    // Out of range while a child runs: halted, Failure.
    tree.blackboard_mut().case = 9;
    expect_tick(&mut tree, &mut agent, Failure, &[OnHalted(0)]);
}

// ---------------------------------------------------------------------------------------------
// PolicyParallel: NodeCanvas's parallel, decided by a policy.

behavior_tree! {
    tree FirstFailure for Agent {
        PolicyParallel {
            StatefulAction(Task<0>),
            StatefulAction(Task<1>),
            StatefulAction(Task<2>),
        }
    }
}

behavior_tree! {
    tree FirstSuccess for Agent {
        PolicyParallel(FirstSuccess) {
            StatefulAction(Task<0>),
            StatefulAction(Task<1>),
            StatefulAction(Task<2>),
        }
    }
}

behavior_tree! {
    tree Either for Agent {
        PolicyParallel(policy = FirstSuccessOrFailure) {
            StatefulAction(Task<0>),
            StatefulAction(Task<1>),
            StatefulAction(Task<2>),
        }
    }
}

behavior_tree! {
    tree Again for Agent {
        PolicyParallel(repeat = true) { StatefulAction(Task<0>), StatefulAction(Task<1>) }
    }
}

#[test]
fn policy_parallel_first_failure_ticks_the_rest_then_halts_the_running() {
    let (mut tree, mut agent) = (FirstFailure::new(), Agent::new());
    agent.script(0, &[Success]);
    agent.script(1, &[Running, Failure]);
    agent.script(2, &[Running, Running]);
    expect_tick(
        &mut tree,
        &mut agent,
        Running,
        &[OnStart(0), OnStart(1), OnStart(2)],
    );
    // The failure decides; child 2 is still ticked in this tick, then halted.
    expect_tick(
        &mut tree,
        &mut agent,
        Failure,
        &[OnRunning(1), OnRunning(2), OnHalted(2)],
    );
    // Every child finished without a failure: Success.
    agent.script(0, &[Success]);
    agent.script(1, &[Skipped]);
    agent.script(2, &[Success]);
    expect_tick(
        &mut tree,
        &mut agent,
        Success,
        &[OnStart(0), OnStart(1), OnStart(2)],
    );
}

#[test]
fn policy_parallel_other_policies_and_repeat() {
    let (mut tree, mut agent) = (FirstSuccess::new(), Agent::new());
    agent.script(0, &[Failure]);
    agent.script(1, &[Running, Failure]);
    agent.script(2, &[Failure]);
    expect_tick(
        &mut tree,
        &mut agent,
        Running,
        &[OnStart(0), OnStart(1), OnStart(2)],
    );
    expect_tick(&mut tree, &mut agent, Failure, &[OnRunning(1)]);

    let (mut tree, mut agent) = (Either::new(), Agent::new());
    agent.script(0, &[Running]);
    agent.script(1, &[Success]);
    agent.script(2, &[Running]);
    expect_tick(
        &mut tree,
        &mut agent,
        Success,
        &[OnStart(0), OnStart(1), OnStart(2), OnHalted(0), OnHalted(2)],
    );

    // `repeat`: a finished child is ticked again, and can still fail the node.
    let (mut tree, mut agent) = (Again::new(), Agent::new());
    agent.script(0, &[Success, Failure]);
    agent.script(1, &[Running, Running]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0), OnStart(1)]);
    expect_tick(
        &mut tree,
        &mut agent,
        Failure,
        &[OnStart(0), OnRunning(1), OnHalted(1)],
    );
    // Halting while running halts every running child.
    agent.script(0, &[Running]);
    agent.script(1, &[Running]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0), OnStart(1)]);
    expect_halt(&mut tree, &mut agent, &[OnHalted(0), OnHalted(1)]);
}

// ---------------------------------------------------------------------------------------------
// DynamicSequence / DynamicSelector: conditions re-checked, completed actions latched
// (decision 9).

behavior_tree! {
    tree DynSeq for Agent {
        DynamicSequence {
            Condition(Cond<0>),
            Action(Act<1>),
            Condition(Cond<2>),
            StatefulAction(Task<3>),
        }
    }
}

behavior_tree! {
    tree DynSel for Agent {
        DynamicSelector {
            Condition(Cond<0>),
            StatefulAction(Task<1>),
            StatefulAction(Task<2>),
        }
    }
}

behavior_tree! {
    tree DynScript for Agent {
        blackboard { go: bool = true }
        DynamicSequence {
            ScriptCondition(|bb| bb.go),
            StatefulAction(Task<0>),
            StatefulAction(Task<1>),
        }
    }
}

#[test]
fn dynamic_sequence_rechecks_conditions_and_latches_actions() {
    let (mut tree, mut agent) = (DynSeq::new(), Agent::new());
    agent.script(0, &[Success, Success, Success, Success]);
    agent.script(1, &[Success, Success]);
    agent.script(2, &[Success, Success, Failure, Success]);
    agent.script(3, &[Running, Running, Success]);
    expect_tick(
        &mut tree,
        &mut agent,
        Running,
        &[Check(0), Exec(1), Check(2), OnStart(3)],
    );
    // Act<1> is latched: not run again in this activation.
    expect_tick(
        &mut tree,
        &mut agent,
        Running,
        &[Check(0), Check(2), OnRunning(3)],
    );
    // A condition turns false: the running child is halted.
    expect_tick(
        &mut tree,
        &mut agent,
        Failure,
        &[Check(0), Check(2), OnHalted(3)],
    );
    // A new activation runs the action again.
    expect_tick(
        &mut tree,
        &mut agent,
        Success,
        &[Check(0), Exec(1), Check(2), OnStart(3)],
    );
}

#[test]
fn dynamic_sequence_reticks_skipped_children_and_a_script_condition_is_a_condition() {
    let (mut tree, mut agent) = (DynScript::new(), Agent::new());
    agent.script(0, &[Skipped, Running]);
    agent.script(1, &[Running]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0), OnStart(1)]);
    // The skipped child is not latched; now it runs, and the later running child is halted.
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0), OnHalted(1)]);
    tree.blackboard_mut().go = false;
    expect_tick(&mut tree, &mut agent, Failure, &[OnHalted(0)]);
    expect_halt(&mut tree, &mut agent, &[]);
}

#[test]
fn dynamic_selector_preempts_a_lower_branch_when_a_condition_passes() {
    let (mut tree, mut agent) = (DynSel::new(), Agent::new());
    agent.script(0, &[Failure, Failure, Success]);
    agent.script(1, &[Failure]);
    agent.script(2, &[Running, Running]);
    expect_tick(
        &mut tree,
        &mut agent,
        Running,
        &[Check(0), OnStart(1), OnStart(2)],
    );
    expect_tick(&mut tree, &mut agent, Running, &[Check(0), OnRunning(2)]);
    expect_tick(&mut tree, &mut agent, Success, &[Check(0), OnHalted(2)]);
    // Halting forgets the latches.
    agent.script(0, &[Failure, Failure]);
    agent.script(1, &[Failure, Running]);
    agent.script(2, &[Running]);
    expect_tick(
        &mut tree,
        &mut agent,
        Running,
        &[Check(0), OnStart(1), OnStart(2)],
    );
    expect_halt(&mut tree, &mut agent, &[OnHalted(2)]);
    expect_tick(&mut tree, &mut agent, Running, &[Check(0), OnStart(1)]);
    expect_halt(&mut tree, &mut agent, &[OnHalted(1)]);
}

// ---------------------------------------------------------------------------------------------
// Interrupt, Conditional, WaitUntil: conditions over the blackboard.

behavior_tree! {
    tree Interrupted for Agent {
        blackboard { stop: bool }
        Interrupt(|bb| bb.stop) { StatefulAction(Task<0>) }
    }
}

#[test]
fn interrupt_halts_its_running_child_when_the_condition_holds() {
    let (mut tree, mut agent) = (Interrupted::new(), Agent::new());
    agent.script(0, &[Running, Running]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut agent, Running, &[OnRunning(0)]);
    tree.blackboard_mut().stop = true;
    expect_tick(&mut tree, &mut agent, Failure, &[OnHalted(0)]);
    expect_tick(&mut tree, &mut agent, Failure, &[]);
    tree.blackboard_mut().stop = false;
    agent.script(0, &[Skipped]);
    expect_tick(&mut tree, &mut agent, Skipped, &[OnStart(0)]);
}

behavior_tree! {
    tree Gated for Agent {
        blackboard { open: bool }
        Conditional(|bb| bb.open) { StatefulAction(Task<0>) }
    }
}

behavior_tree! {
    tree GatedDynamic for Agent {
        blackboard { open: bool }
        Conditional(|bb| bb.open, dynamic = true, else = Success) { StatefulAction(Task<0>) }
    }
}

#[test]
fn conditional_checks_on_entry_and_dynamic_conditional_on_every_tick() {
    let (mut tree, mut agent) = (Gated::new(), Agent::new());
    expect_tick(&mut tree, &mut agent, Failure, &[]);
    tree.blackboard_mut().open = true;
    agent.script(0, &[Running, Success]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    // Static: the answer taken on entry holds while the child runs.
    tree.blackboard_mut().open = false;
    expect_tick(&mut tree, &mut agent, Success, &[OnRunning(0)]);

    let (mut tree, mut agent) = (GatedDynamic::new(), Agent::new());
    expect_tick(&mut tree, &mut agent, Success, &[]);
    tree.blackboard_mut().open = true;
    agent.script(0, &[Running, Running]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut agent, Running, &[OnRunning(0)]);
    tree.blackboard_mut().open = false;
    expect_tick(&mut tree, &mut agent, Success, &[OnHalted(0)]);
    assert_eq!(
        GatedDynamic::NODES[0].params,
        &[
            ("condition", "bb.open"),
            ("isDynamic", "true"),
            ("conditionFailReturn", "Success")
        ]
    );
}

behavior_tree! {
    tree Waiting for Agent {
        blackboard { ready: bool }
        WaitUntil(|bb| bb.ready) { StatefulAction(Task<0>) }
    }
}

#[test]
fn wait_until_runs_until_the_condition_then_runs_its_child_to_the_end() {
    let (mut tree, mut agent) = (Waiting::new(), Agent::new());
    expect_tick(&mut tree, &mut agent, Running, &[]);
    expect_tick(&mut tree, &mut agent, Running, &[]);
    // A waiting WaitUntil has nothing to halt.
    expect_halt(&mut tree, &mut agent, &[]);
    tree.blackboard_mut().ready = true;
    agent.script(0, &[Running, Failure]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    // Not stopped when the condition turns false again.
    tree.blackboard_mut().ready = false;
    expect_tick(&mut tree, &mut agent, Failure, &[OnRunning(0)]);
    expect_tick(&mut tree, &mut agent, Running, &[]);
}

// ---------------------------------------------------------------------------------------------
// RepeatTimes, RepeatUntil: NodeCanvas's Repeat, one completion per tick.

behavior_tree! {
    tree Thrice for Agent {
        RepeatTimes(3) { StatefulAction(Task<0>) }
    }
}

behavior_tree! {
    tree Ever for Agent {
        RepeatTimes(forever) { Action(Act<0>) }
    }
}

behavior_tree! {
    tree UntilFailure for Agent {
        RepeatUntil(Failure) { StatefulAction(Task<0>) }
    }
}

#[test]
fn repeat_times_counts_every_completion_and_answers_the_last() {
    let (mut tree, mut agent) = (Thrice::new(), Agent::new());
    agent.script(0, &[Success, Failure, Skipped]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut agent, Skipped, &[OnStart(0)]);
    // A halt restarts the count.
    agent.script(0, &[Success, Running]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    expect_halt(&mut tree, &mut agent, &[OnHalted(0)]);
    agent.script(0, &[Failure, Failure, Failure]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut agent, Failure, &[OnStart(0)]);

    let (mut tree, mut agent) = (Ever::new(), Agent::new());
    agent.script(0, &[Success, Failure]);
    expect_tick(&mut tree, &mut agent, Running, &[Exec(0)]);
    expect_tick(&mut tree, &mut agent, Running, &[Exec(0)]);
    expect_halt(&mut tree, &mut agent, &[]);
}

#[test]
fn repeat_until_runs_until_the_target_status() {
    let (mut tree, mut agent) = (UntilFailure::new(), Agent::new());
    agent.script(0, &[Success, Skipped, Running, Failure]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut agent, Failure, &[OnRunning(0)]);
    assert_eq!(
        UntilFailure::NODES[0].params,
        &[
            ("repeaterMode", "RepeatUntil"),
            ("repeatUntilStatus", "Failure")
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// Filter and Cooldown: memory for the tree's life (decision 13).

behavior_tree! {
    tree Twice for Agent {
        Sequence {
            Filter(2) { StatefulAction(Task<0>) },
            Action(Act<1>),
        }
    }
}

behavior_tree! {
    tree OnceOnSuccess for Agent {
        Filter(times = 1, count = Success, filtered = Failure) { StatefulAction(Task<0>) }
    }
}

#[test]
fn filter_lets_its_child_complete_so_many_times_even_across_halts() {
    let (mut tree, mut agent) = (Twice::new(), Agent::new());
    agent.script(0, &[Success, Failure]);
    agent.script(1, &[Success]);
    expect_tick(&mut tree, &mut agent, Success, &[OnStart(0), Exec(1)]);
    expect_tick(&mut tree, &mut agent, Failure, &[OnStart(0)]);
    // Filtered: `Skipped`, so the sequence goes on as if the node were not there.
    agent.script(1, &[Success]);
    expect_tick(&mut tree, &mut agent, Success, &[Exec(1)]);
    expect_halt(&mut tree, &mut agent, &[]);
    agent.script(1, &[Failure]);
    expect_tick(&mut tree, &mut agent, Failure, &[Exec(1)]);
}

#[test]
fn filter_counts_only_what_it_is_told_and_never_a_halted_run() {
    let (mut tree, mut agent) = (OnceOnSuccess::new(), Agent::new());
    agent.script(0, &[Failure, Running]);
    expect_tick(&mut tree, &mut agent, Failure, &[OnStart(0)]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    expect_halt(&mut tree, &mut agent, &[OnHalted(0)]);
    agent.script(0, &[Success]);
    expect_tick(&mut tree, &mut agent, Success, &[OnStart(0)]);
    expect_tick(&mut tree, &mut agent, Failure, &[]);
    assert_eq!(
        OnceOnSuccess::NODES[0].params,
        &[
            ("filterMode", "LimitNumberOfTimes"),
            ("maxCount", "1"),
            ("policy", "SuccessOnly"),
            ("inactiveWhenLimited", "false")
        ]
    );
}

behavior_tree! {
    tree Cool for Agent {
        Cooldown(100, filtered = Failure) { StatefulAction(Task<0>) }
    }
}

#[test]
fn cooldown_filters_after_each_completion_until_the_time_has_passed() {
    let (mut tree, mut agent) = (Cool::new(), Agent::new());
    agent.script(0, &[Success]);
    expect_tick(&mut tree, &mut agent, Success, &[OnStart(0)]);
    agent.advance_ms(99);
    expect_tick(&mut tree, &mut agent, Failure, &[]);
    agent.advance_ms(1);
    // A running child is never cut off; the cooldown starts when it completes.
    agent.script(0, &[Running, Running, Failure]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    agent.advance_ms(500);
    expect_tick(&mut tree, &mut agent, Running, &[OnRunning(0)]);
    expect_tick(&mut tree, &mut agent, Failure, &[OnRunning(0)]);
    // The last completion survives a halt of the tree.
    expect_halt(&mut tree, &mut agent, &[]);
    agent.advance_ms(50);
    expect_tick(&mut tree, &mut agent, Failure, &[]);
    agent.advance_ms(50);
    agent.script(0, &[Running]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    // A halted child did not complete: no cooldown.
    expect_halt(&mut tree, &mut agent, &[OnHalted(0)]);
    agent.script(0, &[Success]);
    expect_tick(&mut tree, &mut agent, Success, &[OnStart(0)]);
    assert_eq!(
        Cool::NODES[0].params,
        &[
            ("filterMode", "CoolDown"),
            ("coolDownTime", "0.1"),
            ("inactiveWhenLimited", "false")
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// Iterate: one element per tick, written into the element (and index) entries.

behavior_tree! {
    tree Walk for Agent {
        blackboard {
            list: Vec<i32> = vec![10, 20, 30],
            item: i32,
            at: usize = 99,
        }
        Iterate(list, element = {item}, index = {at}) { StatefulAction(Task<0>) }
    }
}

behavior_tree! {
    tree WalkUntil for Agent {
        blackboard {
            list: [u8; 4] = [1, 2, 3, 4],
            #[tracked] item: u8,
        }
        Iterate(list, element = {item}, until = FirstSuccess, max = 3, reset_index = false) {
            StatefulAction(Task<0>)
        }
    }
}

behavior_tree! {
    tree WalkSlice for Agent {
        blackboard {
            list: &'static [&'static str] = &[],
            item: &'static str,
        }
        Iterate(list, element = {item}) { StatefulAction(Task<0>) }
    }
}

#[test]
fn iterate_writes_each_element_and_index_one_per_tick() {
    let (mut tree, mut agent) = (Walk::new(), Agent::new());
    let seen = |tree: &Walk| (tree.blackboard().item, tree.blackboard().at);
    agent.script(0, &[Success, Running, Success, Failure]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    assert_eq!(seen(&tree), (10, 0));
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    assert_eq!(seen(&tree), (20, 1));
    // The running element is written again and resumed.
    expect_tick(&mut tree, &mut agent, Running, &[OnRunning(0)]);
    assert_eq!(seen(&tree), (20, 1));
    // The last element's answer is the node's; the index goes back to 0.
    expect_tick(&mut tree, &mut agent, Failure, &[OnStart(0)]);
    assert_eq!(seen(&tree), (30, 2));
    // Halting also starts the next activation at element 0 (`reset_index`, the default).
    agent.script(0, &[Success, Running, Success]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    expect_halt(&mut tree, &mut agent, &[OnHalted(0)]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    assert_eq!(seen(&tree), (10, 0));
    expect_halt(&mut tree, &mut agent, &[]);
    // The list may change between ticks; an empty list fails without ticking.
    tree.blackboard_mut().list.clear();
    expect_tick(&mut tree, &mut agent, Failure, &[]);
}

#[test]
fn iterate_stops_early_and_keeps_its_index_without_reset_index() {
    let (mut tree, mut agent) = (WalkUntil::new(), Agent::new());
    agent.script(0, &[Failure, Success]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut agent, Success, &[OnStart(0)]);
    assert_eq!(
        (*tree.blackboard().item, tree.blackboard().item.version()),
        (2, 2)
    );
    // The next activation starts at the element the last one ended at, even after a halt of
    // the tree; `max = 3` ends after the third element.
    expect_halt(&mut tree, &mut agent, &[]);
    agent.script(0, &[Failure, Failure]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    assert_eq!(*tree.blackboard().item, 2);
    expect_tick(&mut tree, &mut agent, Failure, &[OnStart(0)]);
    assert_eq!(*tree.blackboard().item, 3);

    let (mut tree, mut agent) = (WalkSlice::new(), Agent::new());
    expect_tick(&mut tree, &mut agent, Failure, &[]);
    tree.blackboard_mut().list = &["a", "b"];
    agent.script(0, &[Success, Success]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut agent, Success, &[OnStart(0)]);
    assert_eq!(tree.blackboard().item, "b");
}

// ---------------------------------------------------------------------------------------------
// Optional, Remap, Deadline.

behavior_tree! {
    tree Optionally for Agent {
        Fallback {
            Optional { StatefulAction(Task<0>) },
            Action(Act<1>),
        }
    }
}

#[test]
fn optional_makes_its_childs_result_not_matter() {
    let (mut tree, mut agent) = (Optionally::new(), Agent::new());
    // A success inside a Fallback does not stop it: the Optional node is skipped.
    agent.script(0, &[Success, Running, Failure]);
    agent.script(1, &[Failure, Success]);
    expect_tick(&mut tree, &mut agent, Failure, &[OnStart(0), Exec(1)]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut agent, Success, &[OnRunning(0), Exec(1)]);
}

behavior_tree! {
    tree Swapped for Agent {
        Remap(success = Failure, failure = Success) { StatefulAction(Task<0>) }
    }
}

behavior_tree! {
    tree Forced for Agent {
        Remap(failure = Success) { StatefulAction(Task<0>) }
    }
}

#[test]
fn remap_maps_success_and_failure() {
    let (mut tree, mut agent) = (Swapped::new(), Agent::new());
    agent.script(0, &[Success, Failure, Skipped, Running, Success]);
    expect_tick(&mut tree, &mut agent, Failure, &[OnStart(0)]);
    expect_tick(&mut tree, &mut agent, Success, &[OnStart(0)]);
    expect_tick(&mut tree, &mut agent, Skipped, &[OnStart(0)]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut agent, Failure, &[OnRunning(0)]);
    let (mut tree, mut agent) = (Forced::new(), Agent::new());
    agent.script(0, &[Success, Failure]);
    expect_tick(&mut tree, &mut agent, Success, &[OnStart(0)]);
    expect_tick(&mut tree, &mut agent, Success, &[OnStart(0)]);
}

behavior_tree! {
    tree Limited for Agent {
        Deadline(100) { StatefulAction(Task<0>) }
    }
}

#[test]
fn deadline_halts_a_child_still_running_at_the_deadline() {
    let (mut tree, mut agent) = (Limited::new(), Agent::new());
    agent.script(0, &[Running, Running, Running]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    agent.advance_ms(99);
    expect_tick(&mut tree, &mut agent, Running, &[OnRunning(0)]);
    agent.advance_ms(1);
    // The child is ticked first; still running at the deadline: halted, Failure.
    expect_tick(&mut tree, &mut agent, Failure, &[OnRunning(0), OnHalted(0)]);
    // A child that completes on the deadline tick wins.
    agent.script(0, &[Running, Success]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    agent.advance_ms(100);
    expect_tick(&mut tree, &mut agent, Success, &[OnRunning(0)]);
    // A halt forgets the start.
    agent.script(0, &[Running, Running]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    agent.advance_ms(60);
    expect_halt(&mut tree, &mut agent, &[OnHalted(0)]);
    expect_tick(&mut tree, &mut agent, Running, &[OnStart(0)]);
    agent.advance_ms(60);
    expect_halt(&mut tree, &mut agent, &[OnHalted(0)]);
    assert_eq!(Limited::NODES[0].params, &[("timeout", "0.1")]);
}

// ---------------------------------------------------------------------------------------------
// Guard: a token in the context, shared by every tree of the agent.

behavior_tree! {
    tree DoorA for Agent {
        Guard(|agent| &mut agent.door) { StatefulAction(Task<0>) }
    }
}

behavior_tree! {
    tree DoorB for Agent {
        Guard(|agent| &mut agent.door) { StatefulAction(Task<1>) }
    }
}

behavior_tree! {
    tree DoorPatient for Agent {
        Guard(|agent| &mut agent.door, if_guarded = Running) { StatefulAction(Task<2>) }
    }
}

behavior_tree! {
    tree Nested for Agent {
        Guard(|agent| &mut agent.arms) {
            Guard(|agent| &mut agent.arms) { StatefulAction(Task<0>) }
        }
    }
}

#[test]
fn guard_holds_the_agents_token_while_its_child_runs_and_releases_it_on_halt() {
    let mut agent = Agent::new();
    let (mut a, mut b, mut patient) = (DoorA::new(), DoorB::new(), DoorPatient::new());
    agent.script(0, &[Running, Running]);
    expect_tick(&mut a, &mut agent, Running, &[OnStart(0)]);
    assert!(agent.door.is_taken());
    // Another tree of the same agent is blocked.
    expect_tick(&mut b, &mut agent, Failure, &[]);
    expect_tick(&mut patient, &mut agent, Running, &[]);
    expect_tick(&mut a, &mut agent, Running, &[OnRunning(0)]);
    // Halting the holder releases the token.
    expect_halt(&mut a, &mut agent, &[OnHalted(0)]);
    assert!(!agent.door.is_taken());
    // The waiting Guard holds nothing to release.
    expect_halt(&mut patient, &mut agent, &[]);
    agent.script(1, &[Running, Success]);
    expect_tick(&mut b, &mut agent, Running, &[OnStart(1)]);
    expect_tick(&mut a, &mut agent, Failure, &[]);
    // A completion releases it too.
    expect_tick(&mut b, &mut agent, Success, &[OnRunning(1)]);
    assert!(!agent.door.is_taken());
    agent.script(2, &[Success]);
    expect_tick(&mut patient, &mut agent, Success, &[OnStart(2)]);
}

#[test]
fn a_guard_inside_a_guard_of_the_same_token_is_blocked() {
    let (mut tree, mut agent) = (Nested::new(), Agent::new());
    expect_tick(&mut tree, &mut agent, Failure, &[]);
    assert!(!agent.arms.is_taken());
}

// ---------------------------------------------------------------------------------------------
// Everything at once: the tree compiles, every kind reports its name, and a halt leaves
// nothing running.

behavior_tree! {
    tree Catalogue for Agent {
        blackboard { x: f32 = 1.0, list: Vec<u8> = vec![1], item: u8 }
        Sequence {
            PrioritySelector { #[score(|bb| bb.x)] AlwaysSuccess },
            FlipSelector { AlwaysSuccess },
            StepSequencer { AlwaysSuccess },
            BinarySelector(|bb| bb.x > 0.0) { AlwaysSuccess, AlwaysFailure },
            IndexSwitch(|bb| bb.item) { AlwaysSuccess, AlwaysFailure },
            PolicyParallel { AlwaysSuccess },
            DynamicSequence { AlwaysSuccess },
            DynamicSelector { AlwaysSuccess },
            Interrupt(|bb| bb.x < 0.0) { AlwaysSuccess },
            Conditional(|bb| bb.x > 0.0) { AlwaysSuccess },
            RepeatTimes(1) { AlwaysSuccess },
            RepeatUntil(Success) { AlwaysSuccess },
            Filter(5) { AlwaysSuccess },
            Cooldown(0) { AlwaysSuccess },
            Iterate(list, element = {item}) { AlwaysSuccess },
            WaitUntil(|bb| bb.x > 0.0) { AlwaysSuccess },
            Optional { AlwaysFailure },
            Guard(|agent| &mut agent.door) { AlwaysSuccess },
            Deadline(10) { AlwaysSuccess },
            Remap(failure = Success) { AlwaysFailure },
            Observe(|bb| bb.x > 0.0, abort = self) { AlwaysSuccess },
        }
    }
}

#[test]
fn every_kind_in_one_tree() {
    let (mut tree, mut agent) = (Catalogue::new(), Agent::new());
    expect_tick(&mut tree, &mut agent, Success, &[]);
    let kinds: Vec<&str> = (Catalogue::NODES.iter())
        .filter(|node| node.depth == 1)
        .map(|node| node.kind)
        .collect();
    assert_eq!(
        kinds,
        [
            "PrioritySelector",
            "FlipSelector",
            "StepSequencer",
            "BinarySelector",
            "IndexSwitch",
            "PolicyParallel",
            "DynamicSequence",
            "DynamicSelector",
            "Interrupt",
            "Conditional",
            "RepeatTimes",
            "RepeatUntil",
            "Filter",
            "Cooldown",
            "Iterate",
            "WaitUntil",
            "Optional",
            "Guard",
            "Deadline",
            "Remap",
            "Observe"
        ]
    );
    assert!(Catalogue::to_xml()
        .to_string()
        .contains("<Iterate targetList=\"{list}\""));
}

// ---------------------------------------------------------------------------------------------
// Override Agent: a subtree on another part of the context, `agent = |ctx| &mut ctx.pet`.

/// Sits for one tick, then succeeds.
#[derive(Default)]
pub struct Sit;

impl StatefulAction<Pet> for Sit {
    fn on_start(&mut self, _: &mut Pet) -> Status {
        Running
    }

    fn on_running(&mut self, pet: &mut Pet) -> Status {
        pet.sits += 1;
        Success
    }

    fn on_halted(&mut self, pet: &mut Pet) {
        pet.halts += 1;
    }
}

behavior_tree! {
    tree Dog for Pet {
        blackboard { barked: u32 }
        Sequence {
            Action(|pet| { pet.barks += 1; true }),
            Script(|bb| bb.barked += 1),
            StatefulAction(Sit),
        }
    }
}

behavior_tree! {
    tree Owner for Agent {
        blackboard { barked: u32 }
        Sequence {
            Action(Act<0>),
            SubTree(Dog, agent = |agent| &mut agent.pet, barked = {barked}),
        }
    }
}

#[test]
fn a_subtree_runs_on_the_part_of_the_context_its_agent_closure_gives() {
    let (mut tree, mut agent) = (Owner::new(), Agent::new());
    agent.script(0, &[Success, Success]);
    expect_tick(&mut tree, &mut agent, Running, &[Exec(0)]);
    assert_eq!(agent.pet.barks, 1);
    assert_eq!(tree.blackboard().barked, 1, "entries are remapped as usual");
    expect_tick(&mut tree, &mut agent, Success, &[]);
    assert_eq!(agent.pet.sits, 1);
    expect_tick(&mut tree, &mut agent, Running, &[Exec(0)]);
    // Halting the parent halts the subtree, on its part of the context.
    expect_halt(&mut tree, &mut agent, &[]);
    assert_eq!(
        agent.pet,
        Pet {
            barks: 2,
            sits: 1,
            halts: 1
        }
    );
    assert_eq!(Owner::NODE_COUNT, 3 + Dog::NODE_COUNT);
    assert_eq!(Owner::NODES[2].kind, "SubTree");
    assert_eq!(
        Owner::NODES[2].params,
        &[("barked", "{barked}"), ("agent", "&mut agent.pet")]
    );
    assert_eq!(Owner::NODES[3].kind, "Sequence");
}

// ---------------------------------------------------------------------------------------------
// The direct resume through the NodeCanvas kinds that pass `Running` is invisible.

macro_rules! resumable {
    ($name:ident, $($root_attr:tt)*) => {
        behavior_tree! {
            tree $name for Agent {
                blackboard { go: bool = true }
                $($root_attr)*
                Sequence {
                    Sequence {
                        RandomSequence {
                            FlipSelector {
                                StatefulAction(Task<0>),
                                Optional { StatefulAction(Task<1>) },
                            },
                            StepSequencer {
                                RepeatTimes(2) { StatefulAction(Task<2>) },
                                Remap(failure = Success) { StatefulAction(Task<3>) },
                            },
                            ProbabilitySelector {
                                #[weight(1)] Filter(1000) { StatefulAction(Task<4>) },
                                #[weight(2)] Guard(|agent| &mut agent.arms) {
                                    WaitUntil(|bb| bb.go) {
                                        RepeatUntil(Success) { StatefulAction(Task<5>) }
                                    }
                                },
                            },
                            RandomSelector { StatefulAction(Task<6>), StatefulAction(Task<7>) },
                        },
                    },
                }
            }
        }
    };
}

resumable!(Resumed,);
// A root condition rules the direct resume out: every tick walks from the root.
resumable!(Walked, #[on_halted(|_| ())]);

/// Every observer event, in order.
#[derive(Debug, Default, PartialEq)]
struct Events(Vec<(usize, Option<Status>)>);

impl Observer for Events {
    fn on_status(&mut self, node: usize, status: Status) {
        self.0.push((node, Some(status)));
    }

    fn on_halted(&mut self, node: usize) {
        self.0.push((node, None));
    }
}

#[test]
fn resuming_through_nodecanvas_kinds_is_the_walk() {
    // Every stateful leaf of `Resumed` is resumed directly (bt-macros checks which kinds pass
    // `Running` in `kinds::tests::direct_resume_passes_the_nodecanvas_kinds_that_say_so`).
    let (mut resumed, mut walked) = (Resumed::seeded(3), Walked::seeded(3));
    let (mut a, mut b) = (Agent::new(), Agent::new());
    let mut draw = SmallRng::seed(17);
    let statuses = [Running, Running, Running, Success, Failure, Skipped];
    for round in 0..5_000 {
        for leaf in 0..8 {
            let status = statuses[draw.below(6) as usize];
            a.script(leaf, &[status]);
            b.script(leaf, &[status]);
        }
        if round % 97 == 0 {
            resumed.blackboard_mut().go = !resumed.blackboard().go;
            walked.blackboard_mut().go = !walked.blackboard().go;
        }
        let (mut left, mut right) = (Events::default(), Events::default());
        if round % 41 == 40 {
            resumed.halt_with(&mut a, &mut left);
            walked.halt_with(&mut b, &mut right);
        } else {
            let status = resumed.tick_with(&mut a, &mut left);
            assert_eq!(
                status,
                walked.tick_with(&mut b, &mut right),
                "round {round}"
            );
        }
        assert_eq!(left, right, "round {round}: observer events");
        assert_eq!(a.take_log(), b.take_log(), "round {round}: leaf calls");
        assert_eq!(a.arms, b.arms);
    }
    resumed.halt(&mut a);
    walked.halt(&mut b);
    assert_eq!(a.take_log(), b.take_log());
    assert!(!a.arms.is_taken());
    a.forget_scripts();
    b.forget_scripts();
}
