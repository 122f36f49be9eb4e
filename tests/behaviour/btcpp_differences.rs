//! Where we differ from BehaviorTree.CPP on purpose: one test per row of the guide's table
//! "Where we differ from BehaviorTree.CPP, and why" (`src/lib.rs`), each on the XML that shows
//! it, pinning our side. BehaviorTree.CPP's side, as 4.8.2 runs the same XML
//! (`tick_exactly_once`, `halt_tree`), is in each test's comment; the referee
//! (`tests/referee/`, rules of `rules.rs` of the same names) meets each one in its random trees.

use bt::{behavior_tree, StatefulAction, Status};

/// What the leaves did.
#[derive(Default)]
pub struct World {
    log: Vec<&'static str>,
}

/// Runs for one tick, then succeeds.
#[derive(Default)]
pub struct Work;

impl StatefulAction<World> for Work {
    fn on_start(&mut self, world: &mut World) -> Status {
        world.log.push("start");
        Status::Running
    }
    fn on_running(&mut self, world: &mut World) -> Status {
        world.log.push("run");
        Status::Success
    }
    fn on_halted(&mut self, world: &mut World) {
        world.log.push("halted");
    }
}

fn take(world: &mut World) -> Vec<&'static str> {
    std::mem::take(&mut world.log)
}

mod no_yield {
    use super::*;
    behavior_tree! {
        pub tree Counting for World {
            xml_text = r#"<root BTCPP_format="4"><BehaviorTree ID="Counting">
                <SequenceWithMemory>
                    <Script code="n += 1"/><Script code="n += 1"/><Script code="n += 1"/>
                </SequenceWithMemory>
            </BehaviorTree></root>"#,
            blackboard { n: i64 }
        }
    }
}

/// `SequenceWithMemoryDoesNotYield`, decision 2. BehaviorTree.CPP: RUNNING (n = 1), RUNNING
/// (n = 2), SUCCESS (n = 3).
#[test]
fn sequence_with_memory_goes_on_in_the_same_tick() {
    let (mut tree, mut world) = (no_yield::Counting::new(), World::default());
    assert_eq!(tree.tick(&mut world), Status::Success);
    assert_eq!(tree.blackboard().n, 3);
}

mod restart {
    use super::*;
    behavior_tree! {
        pub tree Twice for World {
            xml_text = r#"<root BTCPP_format="4"><BehaviorTree ID="Twice">
                <Repeat num_cycles="2"><Work/></Repeat>
            </BehaviorTree></root>"#,
            nodes { StatefulAction(Work) }
        }
    }
}

/// `LoopRestartsAtTheNextTick`, decision 1. BehaviorTree.CPP restarts the child in the tick in
/// which it succeeded: RUNNING [start], RUNNING [run, start], SUCCESS [run].
#[test]
fn repeat_restarts_a_child_that_was_running_at_the_next_tick() {
    let (mut tree, mut world) = (restart::Twice::new(), World::default());
    assert_eq!(tree.tick(&mut world), Status::Running);
    assert_eq!(take(&mut world), ["start"]);
    assert_eq!(tree.tick(&mut world), Status::Running);
    assert_eq!(take(&mut world), ["run"]);
    assert_eq!(tree.tick(&mut world), Status::Running);
    assert_eq!(take(&mut world), ["start"]);
    assert_eq!(tree.tick(&mut world), Status::Success);
    assert_eq!(take(&mut world), ["run"]);
}

mod skipped {
    use super::*;
    behavior_tree! {
        pub tree Skipping for World {
            xml_text = r#"<root BTCPP_format="4"><BehaviorTree ID="Skipping">
                <Fallback>
                    <AlwaysFailure/>
                    <ForceFailure _onHalted="h += 1">
                        <Precondition if="h &gt; 100" else="SKIPPED"><AlwaysSuccess/></Precondition>
                    </ForceFailure>
                </Fallback>
            </BehaviorTree></root>"#,
            blackboard { h: i64 }
        }
    }
}

/// `SkippedNodeIsIdle`, decision 3. BehaviorTree.CPP's `ForceFailure` keeps the RUNNING it set
/// before its child was skipped, and the `Fallback`'s reset at its end halts it: FAILURE with
/// h = 1, then h = 2.
#[test]
fn a_skipped_decorator_is_idle_and_not_halted() {
    let (mut tree, mut world) = (skipped::Skipping::new(), World::default());
    assert_eq!(tree.tick(&mut world), Status::Failure);
    assert_eq!(tree.tick(&mut world), Status::Failure);
    assert_eq!(tree.blackboard().h, 0);
}

mod latch {
    use super::*;
    behavior_tree! {
        pub tree Guarded for World {
            xml_text = r#"<root BTCPP_format="4"><BehaviorTree ID="Guarded">
                <Sequence><Precondition if="go == 1"><Work/></Precondition></Sequence>
            </BehaviorTree></root>"#,
            nodes { StatefulAction(Work) }
            blackboard { go: i64 = 1 }
        }
    }
}

/// `PreconditionTestsAgainAfterHalt`, decision 5. BehaviorTree.CPP keeps the latch across the
/// halt: RUNNING [start], halt [halted], go = 0, RUNNING [start], SUCCESS [run].
#[test]
fn precondition_tests_again_after_a_halt() {
    let (mut tree, mut world) = (latch::Guarded::new(), World::default());
    assert_eq!(tree.tick(&mut world), Status::Running);
    tree.halt(&mut world);
    assert_eq!(take(&mut world), ["start", "halted"]);
    tree.blackboard_mut().go = 0;
    assert_eq!(tree.tick(&mut world), Status::Failure);
    assert!(take(&mut world).is_empty());
}

mod post {
    use super::*;
    behavior_tree! {
        pub tree Posting for World {
            xml_text = r#"<root BTCPP_format="4"><BehaviorTree ID="Posting">
                <Work _post="p += 1"/>
            </BehaviorTree></root>"#,
            nodes { StatefulAction(Work) }
            blackboard { p: i64 }
        }
    }
}

/// `PostRunsAfterHalt`, decision 4. BehaviorTree.CPP: p = 0 after the halt.
#[test]
fn post_runs_after_a_halt() {
    let (mut tree, mut world) = (post::Posting::new(), World::default());
    assert_eq!(tree.tick(&mut world), Status::Running);
    tree.halt(&mut world);
    assert_eq!(tree.blackboard().p, 1);
}

mod on_halted {
    use super::*;
    behavior_tree! {
        pub tree Halting for World {
            xml_text = r#"<root BTCPP_format="4"><BehaviorTree ID="Halting">
                <Sequence _onHalted="h += 1"><Work _onHalted="w += 1"/></Sequence>
            </BehaviorTree></root>"#,
            nodes { StatefulAction(Work) }
            blackboard { h: i64, w: i64 }
        }
    }
}

/// `HaltRunsOnHaltedOfRunningNodesOnce`. BehaviorTree.CPP's `halt_tree` runs every node's
/// `_onHalted`, the root's twice: h = 2, w = 1 after a halt before any tick; h = 4, w = 3 after
/// a halt of the running tree.
#[test]
fn halt_runs_on_halted_of_the_running_nodes_once() {
    let (mut tree, mut world) = (on_halted::Halting::new(), World::default());
    tree.halt(&mut world);
    let bb = tree.blackboard();
    assert_eq!((bb.h, bb.w), (0, 0));
    assert_eq!(tree.tick(&mut world), Status::Running);
    tree.halt(&mut world);
    let bb = tree.blackboard();
    assert_eq!((bb.h, bb.w), (1, 1));
}

mod self_copy {
    use super::*;
    behavior_tree! {
        pub tree Copying for World {
            xml_text = r#"<root BTCPP_format="4"><BehaviorTree ID="Copying">
                <Sequence>
                    <SetBlackboard output_key="a" value="{a}"/>
                    <SetBlackboard output_key="t" value="{t}"/>
                </Sequence>
            </BehaviorTree></root>"#,
            blackboard { a: i64 = 4, #[tracked] t: i64 = 7 }
        }
    }
}

/// An entry copied onto itself (`SetBlackboard(a = {a})`) compiles (it did not: both borrows
/// were of one field; found by the referee) and keeps its value; a tracked entry counts the
/// write, as BehaviorTree.CPP's copy is a write.
#[test]
fn set_blackboard_of_an_entry_onto_itself() {
    let (mut tree, mut world) = (self_copy::Copying::new(), World::default());
    assert_eq!(tree.tick(&mut world), Status::Success);
    let bb = tree.blackboard();
    assert_eq!((bb.a, *bb.t, bb.t.version()), (4, 7, 1));
}
