//! `#[tracked]` entries count their updates; WasEntryUpdated, SkipUnlessUpdated and
//! WaitValueUpdate react to them (BehaviorTree.CPP's entry sequence ids).

use bt::{behavior_tree, Outcome, Output, Ports, StatefulAction, Status, SyncAction};

#[derive(Default)]
pub struct World {
    pub log: Vec<&'static str>,
    pub reading: Option<i32>,
}

/// Publishes `world.reading` (if any) to its output.
#[derive(Default, Ports)]
pub struct Sensor {
    pub value: Output<i32>,
}

impl SyncAction<World> for Sensor {
    fn execute(&mut self, world: &mut World) -> Outcome {
        if let Some(reading) = world.reading.take() {
            self.value.set(reading);
        }
        Outcome::Success
    }
}

/// Takes two ticks.
#[derive(Default)]
pub struct Process;

impl StatefulAction<World> for Process {
    fn on_start(&mut self, world: &mut World) -> Status {
        world.log.push("start");
        Status::Running
    }

    fn on_running(&mut self, world: &mut World) -> Status {
        world.log.push("finish");
        Status::Success
    }
}

behavior_tree! {
    pub tree Watcher for World {
        blackboard {
            #[tracked]
            value: i32,
        }
        Sequence {
            Action(Sensor, value = {value}),
            ForceSuccess { SkipUnlessUpdated(value) { StatefulAction(Process) } },
        }
    }
}

#[test]
fn skip_unless_updated_ticks_the_child_once_per_update() {
    let mut tree = Watcher::new();
    let mut world = World::default();
    // Never written: version 0, the child is skipped; ForceSuccess passes `Skipped` through and
    // the Sequence of a success and a skip succeeds.
    assert_eq!(tree.tick(&mut world), Status::Success);
    assert!(world.log.is_empty());
    world.reading = Some(7);
    assert_eq!(tree.tick(&mut world), Status::Running);
    assert_eq!(tree.blackboard().value.version(), 1);
    // Running from the last tick: ticked without looking at the entry.
    assert_eq!(tree.tick(&mut world), Status::Success);
    assert_eq!(world.log, ["start", "finish"]);
    // No new write: skipped again.
    assert_eq!(tree.tick(&mut world), Status::Success);
    assert_eq!(world.log, ["start", "finish"]);
    // Writing the same value again is an update.
    world.reading = Some(7);
    assert_eq!(tree.tick(&mut world), Status::Running);
    assert_eq!(tree.blackboard().value.version(), 2);
}

behavior_tree! {
    pub tree Waiter for World {
        blackboard {
            #[tracked]
            go: bool,
        }
        WaitValueUpdate(go) {
            Action(|world| { world.log.push("went"); true })
        }
    }
}

#[test]
fn wait_value_update_is_running_until_the_entry_is_written() {
    let mut tree = Waiter::new();
    let mut world = World::default();
    assert_eq!(tree.tick(&mut world), Status::Running);
    assert_eq!(tree.tick(&mut world), Status::Running);
    tree.blackboard_mut().go.set(true);
    assert_eq!(tree.tick(&mut world), Status::Success);
    assert_eq!(tree.tick(&mut world), Status::Running);
    // Any mutable access is an update.
    *tree.blackboard_mut().go = false;
    assert_eq!(tree.tick(&mut world), Status::Success);
    assert_eq!(world.log, ["went", "went"]);
}

behavior_tree! {
    pub tree Checker for World {
        blackboard {
            #[tracked]
            count: u32,
            #[tracked]
            copy: u32,
        }
        Sequence {
            WasEntryUpdated(count),
            SetBlackboard(copy = {count}),
            Script(|bb| *bb.count += 10),
        }
    }
}

#[test]
fn was_entry_updated_sees_each_version_once_and_every_write_counts() {
    let mut tree = Checker::new();
    let mut world = World::default();
    // Never written (version 0): not updated.
    assert_eq!(tree.tick(&mut world), Status::Failure);
    *tree.blackboard_mut().count += 1;
    assert_eq!(tree.tick(&mut world), Status::Success);
    let bb = tree.blackboard();
    // SetBlackboard wrote `copy` once; the script's `*bb.count += 10` is one more update.
    assert_eq!(
        (*bb.count, bb.count.version(), *bb.copy, bb.copy.version()),
        (11, 2, 1, 1)
    );
    // The script's write is new to the node: success; then nothing new: failure.
    assert_eq!(tree.tick(&mut world), Status::Success);
    assert_eq!(
        tree.tick(&mut world),
        Status::Success,
        "the script wrote again"
    );
}

behavior_tree! {
    pub tree NeverWritten for World {
        blackboard {
            #[tracked]
            flag: bool,
        }
        WasEntryUpdated(flag)
    }
}

#[test]
fn an_entry_never_written_was_not_updated() {
    let mut tree = NeverWritten::new();
    let mut world = World::default();
    assert_eq!(tree.tick(&mut world), Status::Failure);
    assert_eq!(tree.blackboard().flag.version(), 0);
    tree.blackboard_mut().flag.set(false);
    assert_eq!(tree.tick(&mut world), Status::Success);
    assert_eq!(tree.tick(&mut world), Status::Failure);
}
