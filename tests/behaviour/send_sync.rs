//! A generated tree holds only its leaves and plain state, so it is `Send` and `Sync` exactly when
//! its leaves are: a `Vec` of trees can be ticked from several threads.

use bt::{behavior_tree, Condition, StatefulAction, Status};

pub struct World {
    pub steps: u32,
}

#[derive(Default)]
pub struct Ready;

impl Condition<World> for Ready {
    fn check(&mut self, world: &World) -> bool {
        world.steps < 3
    }
}

#[derive(Default)]
pub struct Walk {
    taken: u32,
}

impl StatefulAction<World> for Walk {
    fn on_start(&mut self, world: &mut World) -> Status {
        self.taken = 0;
        self.on_running(world)
    }

    fn on_running(&mut self, world: &mut World) -> Status {
        self.taken += 1;
        world.steps += 1;
        if self.taken == 2 {
            Status::Success
        } else {
            Status::Running
        }
    }
}

behavior_tree! {
    pub tree Walker for World {
        ReactiveSequence {
            Condition(Ready),
            Repeat(2) { StatefulAction(Walk) },
        }
    }
}

fn assert_send_sync<T: Send + Sync>() {}

#[test]
fn trees_are_send_and_sync_when_their_leaves_are() {
    assert_send_sync::<Walker>();
}

#[test]
fn trees_tick_on_other_threads() {
    let mut trees: Vec<Walker> = (0..4).map(|_| Walker::new()).collect();
    std::thread::scope(|scope| {
        for tree in &mut trees {
            scope.spawn(move || {
                let mut world = World { steps: 0 };
                let statuses: Vec<Status> = (0..4).map(|_| tree.tick(&mut world)).collect();
                // Walk succeeds on tick 2 and restarts on tick 3; on tick 4 Ready fails.
                assert_eq!(
                    statuses,
                    [
                        Status::Running,
                        Status::Running,
                        Status::Running,
                        Status::Failure
                    ]
                );
            });
        }
    });
}
