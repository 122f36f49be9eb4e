//! Feature `serde`: a world saved mid-action restores its agents' trees, and the restored world
//! goes on exactly as the saved one does, frame by frame.

use bevy_app::App;
use bevy_ecs::prelude::*;
use bevy_ecs::query::QueryItem;
use bevy_ecs::system::SystemParamItem;
use bevy_time::{TimePlugin, TimeUpdateStrategy};
use bt::{behavior_tree, Clock, Status};
use bt_bevy::{Agent, BevyClock, Tree, TreePlugin};
use core::time::Duration;
use serde::{Deserialize, Serialize};

#[derive(Component, Clone, Copy, Debug, PartialEq)]
struct Hp(i32);

#[derive(Component, Clone, Copy, Debug, PartialEq)]
struct Shots(u32);

/// What a gunner's tree sees: its components and the clock.
struct Gunner<'a> {
    hp: &'a mut Hp,
    shots: &'a mut Shots,
    clock: BevyClock,
}

impl Clock for Gunner<'_> {
    fn now(&self) -> Duration {
        self.clock.now()
    }
}

impl Agent for Gunner<'_> {
    type Query = (&'static mut Hp, &'static mut Shots);
    type Filter = ();
    type Shared = ();
    type Context<'w> = Gunner<'w>;

    #[inline]
    fn context<'w>(
        (hp, shots): QueryItem<'w, '_, Self::Query>,
        _: &'w SystemParamItem<'_, '_, Self::Shared>,
        clock: BevyClock,
    ) -> Gunner<'w> {
        Gunner {
            hp: hp.into_inner(),
            shots: shots.into_inner(),
            clock,
        }
    }
}

/// A reload that runs for a number of frames: its progress is state the save must keep.
#[derive(Default, Serialize, Deserialize)]
struct Reload {
    frames: u32,
}

impl bt::StatefulAction<Gunner<'_>> for Reload {
    fn on_start(&mut self, _: &mut Gunner<'_>) -> Status {
        self.frames = 0;
        Status::Running
    }

    fn on_running(&mut self, _: &mut Gunner<'_>) -> Status {
        self.frames += 1;
        if self.frames < 3 {
            Status::Running
        } else {
            Status::Success
        }
    }

    fn on_halted(&mut self, _: &mut Gunner<'_>) {}
}

behavior_tree! {
    /// Shoots on a 250 ms cooldown while alive, reloading (three frames) after every second shot;
    /// heals one point a frame otherwise.
    #[derive(Serialize, Deserialize)]
    tree Gun for Gunner<'a> {
        blackboard { fired: u32 }
        Fallback {
            Sequence {
                Condition(|gunner| gunner.hp.0 > 3),
                Cooldown(250) {
                    Action(|gunner, bb| { gunner.shots.0 += 1; bb.fired += 1; true }),
                },
                Precondition(|bb| bb.fired % 2 == 0, else = Success) {
                    StatefulAction(Reload),
                },
            },
            Action(|gunner| { gunner.hp.0 += 1; gunner.hp.0 -= i32::from(gunner.hp.0 > 6); true }),
        }
    }
}

fn app() -> App {
    let mut app = App::new();
    app.add_plugins(TimePlugin)
        .add_plugins(TreePlugin::<Gun>::new())
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            100,
        )));
    app
}

/// Every gunner as the test compares them: its components and its tree's last status.
fn state(app: &mut App) -> Vec<(Hp, Shots, Option<Status>)> {
    let world = app.world_mut();
    let mut query = world.query::<(&Hp, &Shots, &Tree<Gun>)>();
    let mut all: Vec<_> = (query.iter(world))
        .map(|(hp, shots, tree)| (*hp, *shots, tree.status()))
        .collect();
    all.sort_by_key(|(hp, shots, _)| (hp.0, shots.0));
    all
}

#[test]
fn a_saved_world_restores_its_agents_mid_action() {
    let mut saved = app();
    for hp in [1, 4, 5, 8, 9] {
        (saved.world_mut()).spawn((Hp(hp), Shots(0), Tree::new(Gun::new())));
    }
    let before = 7;
    for _ in 0..before {
        saved.update();
    }
    // The save: every gunner's components, and its tree as JSON.
    let world = saved.world_mut();
    let mut query = world.query::<(&Hp, &Shots, &Tree<Gun>)>();
    let save: Vec<(Hp, Shots, String)> = (query.iter(world))
        .map(|(hp, shots, tree)| (*hp, *shots, serde_json::to_string(tree).unwrap()))
        .collect();
    let running = (query.iter(world))
        .filter(|(_, _, tree)| tree.status() == Some(Status::Running))
        .count();
    assert!(running > 0, "the save is taken mid-action");

    // The restore, into a new world whose time is the saved one's (the clock is the user's to
    // restore: a new world's virtual time starts at zero).
    let mut restored = app();
    for _ in 0..before {
        restored.update();
    }
    for (hp, shots, tree) in &save {
        let tree: Tree<Gun> = serde_json::from_str(tree).unwrap();
        restored.world_mut().spawn((*hp, *shots, tree));
    }
    assert_eq!(state(&mut restored), state(&mut saved));
    for frame in 0..30 {
        saved.update();
        restored.update();
        assert_eq!(
            state(&mut restored),
            state(&mut saved),
            "frame {frame} after the restore"
        );
    }
    let shots: u32 = state(&mut saved).iter().map(|(_, shots, _)| shots.0).sum();
    assert!(shots > 10, "the gunners kept shooting: {shots}");
}
