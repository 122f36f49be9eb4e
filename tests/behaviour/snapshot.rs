//! Saving a running tree and restoring it into a new one (`#[derive(Serialize, Deserialize)]` on
//! the tree, with the facade's feature `serde`, which this test binary turns on): the restored
//! tree goes on tick for tick as the saved one would have, and a snapshot of another tree is
//! refused.
//!
//! Rules: bt-core `snapshot.rs` (what is saved, the shape check, what a restored timer measures);
//! the differential test's `snapshot` module does the same for 1,200 random trees.

use core::time::Duration;
use std::string::String;

use bt::Status::*;
use bt::{behavior_tree, Clock, ManualClock, Outcome, StatefulAction, Status, SyncAction};
use serde::{Deserialize, Serialize};

/// The world: a clock the tests move, and what the leaves did.
#[derive(Default)]
struct World {
    clock: ManualClock,
    log: Vec<String>,
}

impl Clock for World {
    fn now(&self) -> Duration {
        self.clock.now()
    }
}

/// Walks three steps, one per tick after the first; its state is the steps taken.
#[derive(Default, Serialize, Deserialize)]
struct Walk {
    steps: u32,
}

impl StatefulAction<World> for Walk {
    fn on_start(&mut self, world: &mut World) -> Status {
        self.steps = 0;
        world.log.push("walk: start".into());
        Running
    }

    fn on_running(&mut self, world: &mut World) -> Status {
        self.steps += 1;
        world.log.push(format!("walk: step {}", self.steps));
        if self.steps == 3 {
            Success
        } else {
            Running
        }
    }

    fn on_halted(&mut self, world: &mut World) {
        world
            .log
            .push(format!("walk: halted after {} steps", self.steps));
    }
}

/// Counts its calls (state of a sync action).
#[derive(Default, Serialize, Deserialize)]
struct Shout {
    times: u32,
}

impl SyncAction<World> for Shout {
    fn execute(&mut self, world: &mut World) -> Outcome {
        self.times += 1;
        world.log.push(format!("shout {}", self.times));
        Outcome::Success
    }
}

behavior_tree! {
    /// A patrol: walk (within 1 s), shout, twice.
    #[derive(Serialize, Deserialize)]
    tree Patrol for World {
        blackboard { #[tracked] rounds: u32 }
        Repeat(2) {
            Sequence {
                Timeout(1000) { StatefulAction(Walk) },
                Action(Shout),
                Script(|bb| bb.rounds.set(*bb.rounds + 1)),
            }
        }
    }
}

behavior_tree! {
    /// Another tree over the same leaves.
    #[derive(Serialize, Deserialize)]
    tree Errand for World {
        Sequence { StatefulAction(Walk), Action(Shout) }
    }
}

/// Ticks `tree` once per 100 ms until it finishes (at most `ticks` times): the statuses, and
/// what the leaves did.
fn run(tree: &mut Patrol, world: &mut World, ticks: usize) -> Vec<Status> {
    let mut statuses = Vec::new();
    for _ in 0..ticks {
        let status = tree.tick(world);
        statuses.push(status);
        world.clock.advance_ms(100);
        if status != Running {
            break;
        }
    }
    statuses
}

#[test]
fn a_tree_saved_mid_action_goes_on_where_it_stopped() {
    // The whole run, uninterrupted.
    let (mut whole, mut world) = (Patrol::new(), World::default());
    let statuses = run(&mut whole, &mut world, 20);
    assert_eq!(
        statuses,
        [Running, Running, Running, Running, Running, Running, Running, Success]
    );
    assert_eq!(*whole.blackboard().rounds, 2);

    // The same run, saved at the second step of the first walk (and once more on the second
    // round), through JSON; each time restored into a new tree, which the first never sees again.
    let (mut tree, mut world2) = (Patrol::new(), World::default());
    let mut statuses2 = run(&mut tree, &mut world2, 2);
    assert_eq!(world2.log, ["walk: start", "walk: step 1"]);
    let saved = serde_json::to_string(&tree).unwrap();
    // (The saved tree is shadowed: the restored one never sees it again.)
    let mut tree: Patrol = serde_json::from_str(&saved).unwrap();
    // Walk is still running: its next tick is `on_running` (step 2), not `on_start`.
    statuses2.extend(run(&mut tree, &mut world2, 3));
    assert_eq!(
        world2.log[2..],
        ["walk: step 2", "walk: step 3", "shout 1", "walk: start"]
    );
    let saved = serde_json::to_string(&tree).unwrap();
    let mut tree: Patrol = serde_json::from_str(&saved).unwrap();
    statuses2.extend(run(&mut tree, &mut world2, 20));
    assert_eq!(statuses2, statuses);
    assert_eq!(world2.log, world.log);
    assert_eq!(*tree.blackboard().rounds, 2);
    // The tracked entry's version came along: two sets since the start.
    assert_eq!(
        tree.blackboard().rounds.version(),
        whole.blackboard().rounds.version()
    );
}

#[test]
fn a_restored_timer_measures_from_the_saved_start_on_the_same_clock() {
    // Walk never finishes here: the Timeout halts it after 1 s, measured from the first tick.
    let (mut tree, mut world) = (Patrol::new(), World::default());
    assert_eq!(tree.tick(&mut world), Running); // t = 0: walk starts, the timeout too
    world.clock.advance_ms(600);
    assert_eq!(tree.tick(&mut world), Running); // step 1
    let saved = serde_json::to_string(&tree).unwrap();
    let mut restored: Patrol = serde_json::from_str(&saved).unwrap();
    // 400 ms more on the same clock: the timeout's second is up, whatever the restore.
    world.clock.advance_ms(400);
    world.log.clear();
    assert_eq!(restored.tick(&mut world), Failure);
    assert_eq!(world.log, ["walk: halted after 1 steps"]);
}

#[test]
fn halting_a_restored_tree_halts_its_running_action() {
    let (mut tree, mut world) = (Patrol::new(), World::default());
    tree.tick(&mut world);
    tree.tick(&mut world);
    let saved = serde_json::to_vec(&tree).unwrap();
    let mut restored: Patrol = serde_json::from_slice(&saved).unwrap();
    world.log.clear();
    restored.halt(&mut world);
    assert_eq!(world.log, ["walk: halted after 1 steps"]);
    assert_eq!(restored.status(), None);
}

#[test]
fn a_snapshot_of_another_tree_is_refused() {
    let (mut errand, mut world) = (Errand::new(), World::default());
    errand.tick(&mut world);
    let saved = serde_json::to_string(&errand).unwrap();
    let error = serde_json::from_str::<Patrol>(&saved)
        .err()
        .unwrap()
        .to_string();
    assert!(
        error.starts_with("this snapshot is of another tree than `Patrol` (shape 0x"),
        "{error}"
    );
    assert!(
        error.contains("restores only into the tree type it was saved from"),
        "{error}"
    );
    // The tree's own snapshot is accepted.
    assert!(serde_json::from_str::<Errand>(&saved).is_ok());
}

#[test]
fn the_blackboard_is_saved_by_entry_name() {
    let mut tree = Patrol::new();
    tree.blackboard_mut().rounds.set(7);
    let saved = serde_json::to_value(&tree).unwrap();
    assert_eq!(
        saved[3],
        serde_json::json!({ "rounds": { "value": 7, "version": 1 } })
    );
    // A blackboard restores from its entries by name, in any order, and refuses an unknown one.
    let restored: PatrolBlackboard =
        serde_json::from_str(r#"{ "rounds": { "version": 3, "value": 9 } }"#).unwrap();
    assert_eq!((*restored.rounds, restored.rounds.version()), (9, 3));
    assert!(serde_json::from_str::<PatrolBlackboard>(r#"{ "laps": 1 }"#).is_err());
}

behavior_tree! {
    /// Generic over its walker: the impls carry the parameter, bound by serde's traits.
    #[derive(Serialize, Deserialize)]
    tree Stroll<L: StatefulAction<World> + Default> for World {
        Sequence { StatefulAction(L), Action(Shout) }
    }
}

#[test]
fn a_generic_tree_saves_and_restores() {
    let (mut tree, mut world) = (Stroll::<Walk>::new(), World::default());
    tree.tick(&mut world);
    tree.tick(&mut world);
    let saved = serde_json::to_string(&tree).unwrap();
    let mut tree: Stroll<Walk> = serde_json::from_str(&saved).unwrap();
    assert_eq!(tree.tick(&mut world), Running);
    assert_eq!(tree.tick(&mut world), Success);
    assert_eq!(
        world.log,
        [
            "walk: start",
            "walk: step 1",
            "walk: step 2",
            "walk: step 3",
            "shout 1"
        ]
    );
}

/// `behavior_tree!` with `$prefix` repeated 2^n times (one `x` per doubling) before `$rest` in the
/// root's children.
macro_rules! errand_after_many_checks {
    ([$($prefix:tt)*] x $($more:tt)*) => {
        errand_after_many_checks!([$($prefix)* $($prefix)*] $($more)*);
    };
    ([$($prefix:tt)*] ; $($rest:tt)*) => {
        behavior_tree! {
            /// 1,024 checks, then an errand whose nodes keep their fields in a chunk struct
            /// (nodes from 1,024 on: bt-macros `codegen::Field`).
            #[derive(Serialize, Deserialize)]
            tree LongErrand for World {
                blackboard { #[tracked] rounds: u32 }
                Sequence { $($prefix)* $($rest)* }
            }
        }
    };
}

errand_after_many_checks!(
    [Condition(|_| true),] x x x x x x x x x x ;
    Timeout(1000) { StatefulAction(Walk) },
    Action(Shout),
    Script(|bb| bb.rounds.set(*bb.rounds + 1)),
);

#[test]
fn fields_kept_in_chunks_are_saved_and_restored() {
    let (mut tree, mut world) = (LongErrand::new(), World::default());
    assert_eq!(tree.tick(&mut world), Running);
    world.clock.advance_ms(100);
    assert_eq!(tree.tick(&mut world), Running);
    let saved = serde_json::to_string(&tree).unwrap();
    let mut tree: LongErrand = serde_json::from_str(&saved).unwrap();
    // Walk's steps and the Timeout's start came along: step 2, and the second is up at 1 s.
    world.clock.advance_ms(100);
    assert_eq!(tree.tick(&mut world), Running);
    assert_eq!(world.log, ["walk: start", "walk: step 1", "walk: step 2"]);
    world.clock.advance_ms(100);
    assert_eq!(tree.tick(&mut world), Success);
    assert_eq!(world.log[3..], ["walk: step 3", "shout 1"]);
    assert_eq!(*tree.blackboard().rounds, 1);
    // Halted while walking, after a restore: the Timeout measures from the saved start.
    assert_eq!(tree.tick(&mut world), Running);
    let saved = serde_json::to_string(&tree).unwrap();
    let mut tree: LongErrand = serde_json::from_str(&saved).unwrap();
    world.clock.advance_ms(1000);
    assert_eq!(tree.tick(&mut world), Failure);
    assert_eq!(
        world.log[5..],
        ["walk: start", "walk: halted after 0 steps"]
    );
}
