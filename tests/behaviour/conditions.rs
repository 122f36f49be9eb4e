//! The tree's blackboard, the blackboard nodes, and pre/post-conditions on nodes, tick by tick.

use bt::{behavior_tree, StatefulAction, Status, TickTrace};

/// The world only records what the leaves did.
#[derive(Default)]
pub struct World {
    log: Vec<&'static str>,
    /// How many ticks `Work` takes before it succeeds.
    work_ticks: u32,
}

/// A stateful action that runs `world.work_ticks` ticks, then succeeds.
#[derive(Default)]
pub struct Work {
    done: u32,
}

impl StatefulAction<World> for Work {
    fn on_start(&mut self, world: &mut World) -> Status {
        world.log.push("start");
        self.done = 0;
        self.step(world)
    }

    fn on_running(&mut self, world: &mut World) -> Status {
        world.log.push("run");
        self.step(world)
    }

    fn on_halted(&mut self, world: &mut World) {
        world.log.push("halted");
    }
}

impl Work {
    fn step(&mut self, world: &World) -> Status {
        self.done += 1;
        if self.done >= world.work_ticks {
            Status::Success
        } else {
            Status::Running
        }
    }
}

behavior_tree! {
    /// Exercises the blackboard nodes.
    pub tree Board for World {
        blackboard {
            /// Documented entries keep their docs.
            count: u32 = 10,
            copy: u32,
            label: Option<&'static str> = Some("start"),
            flag: bool,
        }
        Sequence {
            Script(|bb| bb.count += 1),
            SetBlackboard(copy = {count}),
            SetBlackboard(flag = true),
            UnsetBlackboard(label),
            ScriptCondition(|bb| bb.copy == 11),
            Condition(|_world, bb| bb.flag),
            Action(|world, bb| { world.log.push("action"); bb.count *= 2; true }),
        }
    }
}

#[test]
fn blackboard_starts_at_its_initial_values() {
    let tree = Board::new();
    let bb = tree.blackboard();
    assert_eq!(
        (bb.count, bb.copy, bb.label, bb.flag),
        (10, 0, Some("start"), false)
    );
}

#[test]
fn blackboard_nodes_read_and_write_entries() {
    let mut tree = Board::new();
    let mut world = World::default();
    assert_eq!(tree.tick(&mut world), Status::Success);
    let bb = tree.blackboard();
    assert_eq!((bb.count, bb.copy, bb.label, bb.flag), (22, 11, None, true));
    assert_eq!(world.log, ["action"]);
    // The script condition now sees copy == 23 != 11 after the second round: failure.
    assert_eq!(tree.tick(&mut world), Status::Failure);
    assert_eq!(tree.blackboard().copy, 23);
}

#[test]
fn blackboard_can_be_changed_between_ticks() {
    let mut tree = Board::new();
    tree.blackboard_mut().count = 0;
    assert_eq!(
        tree.tick(&mut World::default()),
        Status::Failure,
        "copy is 1, not 11"
    );
}

behavior_tree! {
    pub tree Guarded for World {
        blackboard {
            fail: bool,
            succeed: bool,
            skip: bool,
            keep: bool = true,
            successes: u32,
            failures: u32,
            halts: u32,
            posts: u32,
        }
        #[failure_if(|bb| bb.fail)]
        #[success_if(|bb| bb.succeed)]
        #[skip_if(|bb| bb.skip)]
        #[run_while(|bb| bb.keep)]
        #[on_success(|bb| bb.successes += 1)]
        #[on_failure(|bb| bb.failures += 1)]
        #[on_halted(|bb| bb.halts += 1)]
        #[post(|bb| bb.posts += 1)]
        StatefulAction(Work)
    }
}

fn guarded(work_ticks: u32) -> (Guarded, World) {
    (
        Guarded::new(),
        World {
            work_ticks,
            ..World::default()
        },
    )
}

#[test]
fn failure_if_wins_over_every_other_precondition_and_runs_post() {
    let (mut tree, mut world) = guarded(1);
    let bb = tree.blackboard_mut();
    (bb.fail, bb.succeed, bb.skip) = (true, true, true);
    assert_eq!(tree.tick(&mut world), Status::Failure);
    assert!(world.log.is_empty(), "the action is not ticked");
    let bb = tree.blackboard();
    assert_eq!((bb.failures, bb.successes, bb.posts), (1, 0, 1));
}

#[test]
fn success_if_then_skip_if_order() {
    let (mut tree, mut world) = guarded(1);
    let bb = tree.blackboard_mut();
    (bb.succeed, bb.skip) = (true, true);
    assert_eq!(tree.tick(&mut world), Status::Success);
    assert_eq!(
        (tree.blackboard().successes, tree.blackboard().posts),
        (1, 1)
    );
    tree.blackboard_mut().succeed = false;
    assert_eq!(tree.tick(&mut world), Status::Skipped);
    assert_eq!(tree.blackboard().posts, 1, "a skip runs no post-condition");
    assert!(world.log.is_empty());
}

#[test]
fn a_skipped_node_is_re_evaluated_on_its_next_tick() {
    let (mut tree, mut world) = guarded(1);
    tree.blackboard_mut().skip = true;
    assert_eq!(tree.tick(&mut world), Status::Skipped);
    tree.blackboard_mut().skip = false;
    assert_eq!(tree.tick(&mut world), Status::Success);
    assert_eq!(world.log, ["start"]);
    assert_eq!(tree.blackboard().successes, 1);
}

#[test]
fn run_while_false_at_start_skips() {
    let (mut tree, mut world) = guarded(1);
    tree.blackboard_mut().keep = false;
    assert_eq!(tree.tick(&mut world), Status::Skipped);
    assert!(world.log.is_empty());
}

#[test]
fn if_conditions_are_not_re_evaluated_while_running() {
    let (mut tree, mut world) = guarded(3);
    assert_eq!(tree.tick(&mut world), Status::Running);
    tree.blackboard_mut().fail = true;
    assert_eq!(tree.tick(&mut world), Status::Running);
    assert_eq!(tree.tick(&mut world), Status::Success);
    assert_eq!(world.log, ["start", "run", "run"]);
    let bb = tree.blackboard();
    assert_eq!((bb.successes, bb.failures, bb.posts), (1, 0, 1));
}

#[test]
fn run_while_turning_false_halts_the_running_node_and_skips() {
    let (mut tree, mut world) = guarded(5);
    let mut trace = TickTrace::<{ Guarded::NODE_COUNT }>::new();
    assert_eq!(tree.tick(&mut world), Status::Running);
    tree.blackboard_mut().keep = false;
    assert_eq!(tree.tick_with(&mut world, &mut trace), Status::Skipped);
    assert_eq!(world.log, ["start", "halted"]);
    let bb = tree.blackboard();
    assert_eq!(
        (bb.halts, bb.posts),
        (1, 1),
        "on_halted, then post (decision 4)"
    );
    assert_eq!(trace.status(0), Some(Status::Skipped));
    // Not running any more: the next tick evaluates the pre-conditions from scratch.
    tree.blackboard_mut().keep = true;
    assert_eq!(tree.tick(&mut world), Status::Running);
    assert_eq!(world.log, ["start", "halted", "start"]);
}

#[test]
fn halting_the_tree_runs_on_halted_then_post_once() {
    let (mut tree, mut world) = guarded(5);
    assert_eq!(tree.tick(&mut world), Status::Running);
    tree.halt(&mut world);
    tree.halt(&mut world);
    let bb = tree.blackboard();
    assert_eq!((bb.halts, bb.posts), (1, 1));
    assert_eq!(world.log, ["start", "halted"]);
}

#[test]
fn halting_an_idle_node_runs_no_hooks() {
    let (mut tree, mut world) = guarded(1);
    assert_eq!(tree.tick(&mut world), Status::Success);
    tree.halt(&mut world);
    let bb = tree.blackboard();
    assert_eq!((bb.halts, bb.posts, bb.successes), (0, 1, 1));
}

behavior_tree! {
    pub tree SkipInSequence for World {
        blackboard {
            skip_first: bool = true,
        }
        Sequence {
            #[skip_if(|bb| bb.skip_first)]
            Action(|world| { world.log.push("first"); true }),
            #[on_success(|bb| bb.skip_first = false)]
            Action(|world| { world.log.push("second"); true }),
        }
    }
}

#[test]
fn composites_pass_over_skipped_children() {
    let mut tree = SkipInSequence::new();
    let mut world = World::default();
    assert_eq!(tree.tick(&mut world), Status::Success);
    assert_eq!(world.log, ["second"]);
    assert_eq!(tree.tick(&mut world), Status::Success);
    assert_eq!(world.log, ["second", "first", "second"]);
}
