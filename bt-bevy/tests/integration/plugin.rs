//! `TreePlugin`: each entity's tree ticks with its own context, on Bevy's virtual time, and
//! reports its events only when asked to.

use bevy_app::{App, FixedUpdate};
use bevy_ecs::message::Messages;
use bevy_ecs::prelude::*;
use bevy_ecs::query::QueryItem;
use bevy_ecs::system::SystemParamItem;
use bevy_time::{Time, TimePlugin, TimeUpdateStrategy, Virtual};
use bt::{behavior_tree, Clock, Status};
use bt_bevy::{AgentTree, BevyClock, Tree, TreeFailed, TreePlugin, TreeStatusChanged};
use core::time::Duration;

#[derive(Component, Default)]
struct Rings(u32);

#[derive(Component)]
struct Asleep;

#[derive(Resource)]
struct Step(u32);

struct Bell<'a> {
    rings: Mut<'a, Rings>,
    step: u32,
    clock: BevyClock,
}

impl Clock for Bell<'_> {
    fn now(&self) -> Duration {
        self.clock.now()
    }
}

behavior_tree! {
    /// Rings `step` times a second.
    tree Alarm for Bell<'a> {
        Sequence {
            Sleep(1_000),
            Action(|bell| { bell.rings.0 += bell.step; true }),
        }
    }
}

impl AgentTree for Alarm {
    type Query = &'static mut Rings;
    type Filter = Without<Asleep>;
    type Shared = Res<'static, Step>;
    type Error = core::convert::Infallible;

    fn tick_agent(
        &mut self,
        rings: QueryItem<'_, '_, Self::Query>,
        step: &SystemParamItem<'_, '_, Self::Shared>,
        clock: BevyClock,
    ) -> Result<Status, Self::Error> {
        let step = step.0;
        Ok(self.tick(&mut Bell { rings, step, clock }))
    }
}

/// An app whose frames are `frame` of virtual time.
fn app(frame: Duration) -> App {
    let mut app = App::new();
    app.add_plugins((bevy_app::TaskPoolPlugin::default(), TimePlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(frame));
    app
}

fn rings(app: &App, entity: Entity) -> u32 {
    app.world().get::<Rings>(entity).unwrap().0
}

fn run(app: &mut App, frames: usize) {
    for _ in 0..frames {
        app.update();
    }
}

#[test]
fn each_entity_ticks_its_own_tree_with_its_own_components() {
    let mut app = app(Duration::from_millis(100));
    app.add_plugins(TreePlugin::<Alarm>::new())
        .insert_resource(Step(2));
    let world = app.world_mut();
    let awake: Vec<Entity> = (0..100)
        .map(|_| {
            world
                .spawn((Rings::default(), Tree::new(Alarm::new())))
                .id()
        })
        .collect();
    let asleep = world
        .spawn((Rings::default(), Asleep, Tree::new(Alarm::new())))
        .id();
    let late = {
        run(&mut app, 5);
        app.world_mut()
            .spawn((Rings::default(), Tree::new(Alarm::new())))
            .id()
    };
    run(&mut app, 20);
    // 25 frames of 100 ms: a ring a second from the first tick, for the first ones; the late one
    // started 5 frames later; the filter keeps the asleep one out.
    for &entity in &awake {
        assert_eq!(rings(&app, entity), 2 * 2);
    }
    assert_eq!(rings(&app, late), 2);
    assert_eq!(rings(&app, asleep), 0);
    let tree = app.world().get::<Tree<Alarm>>(awake[0]).unwrap();
    assert_eq!(tree.status(), Some(Status::Running));
    assert_eq!(
        app.world().get::<Tree<Alarm>>(asleep).unwrap().status(),
        None
    );
}

#[test]
fn pausing_virtual_time_pauses_the_trees_timers() {
    let mut app = app(Duration::from_millis(100));
    app.add_plugins(TreePlugin::<Alarm>::new())
        .insert_resource(Step(1));
    let bell = app
        .world_mut()
        .spawn((Rings::default(), Tree::new(Alarm::new())))
        .id();
    run(&mut app, 5);
    app.world_mut().resource_mut::<Time<Virtual>>().pause();
    run(&mut app, 50); // 5 s of real time, none of game time
    assert_eq!(rings(&app, bell), 0);
    app.world_mut().resource_mut::<Time<Virtual>>().unpause();
    run(&mut app, 8);
    assert_eq!(rings(&app, bell), 1);

    // Half speed: the next ring takes 20 frames of 100 ms.
    app.world_mut()
        .resource_mut::<Time<Virtual>>()
        .set_relative_speed(0.5);
    run(&mut app, 16);
    assert_eq!(rings(&app, bell), 1);
    run(&mut app, 6);
    assert_eq!(rings(&app, bell), 2);
}

#[test]
fn in_fixed_update_the_clock_is_the_fixed_clock() {
    let mut app = app(Duration::from_millis(50));
    // 64 Hz: Bevy's default fixed time step; 50 ms frames run 3 or 4 steps every 4 frames.
    app.add_plugins(TreePlugin::<Alarm>::new().in_schedule(FixedUpdate))
        .insert_resource(Step(1));
    let bell = app
        .world_mut()
        .spawn((Rings::default(), Tree::new(Alarm::new())))
        .id();
    run(&mut app, 30); // 1.5 s
    assert_eq!(rings(&app, bell), 1);
    let fixed = app.world().resource::<Time<bevy_time::Fixed>>().elapsed();
    assert!(fixed > Duration::from_secs(1), "{fixed:?}");
}

// A tree with an error type, and its events.

#[derive(Component)]
struct Health(i32);

#[derive(Clone, Debug, PartialEq)]
struct Broken(i32);

struct Probe<'a> {
    health: &'a Health,
    clock: BevyClock,
}

impl Clock for Probe<'_> {
    fn now(&self) -> Duration {
        self.clock.now()
    }
}

behavior_tree! {
    tree Fragile for Probe<'a>, error Broken {
        Sequence {
            Condition(|probe| if probe.health.0 > 0 { Ok(true) } else { Err(Broken(probe.health.0)) }),
            Sleep(200),
        }
    }
}

impl AgentTree for Fragile {
    type Query = &'static Health;
    type Filter = ();
    type Shared = ();
    type Error = Broken;

    fn tick_agent(
        &mut self,
        health: QueryItem<'_, '_, Self::Query>,
        _: &SystemParamItem<'_, '_, Self::Shared>,
        clock: BevyClock,
    ) -> Result<Status, Broken> {
        self.tick(&mut Probe { health, clock })
    }
}

fn fragile_app(plugin: TreePlugin<Fragile>) -> (App, Entity, Entity) {
    let mut app = app(Duration::from_millis(100));
    app.add_plugins(plugin);
    let world = app.world_mut();
    let well = world.spawn((Health(5), Tree::new(Fragile::new()))).id();
    let broken = world.spawn((Health(-1), Tree::new(Fragile::new()))).id();
    (app, well, broken)
}

#[test]
fn messages_when_asked_for() {
    let (mut app, well, broken) = fragile_app(TreePlugin::new().with_messages());
    let mut changes = Vec::new();
    let mut failures = Vec::new();
    for frame in 0..6 {
        app.update();
        let world = app.world_mut();
        for change in world
            .resource_mut::<Messages<TreeStatusChanged<Fragile>>>()
            .drain()
        {
            changes.push((frame, change.entity, change.from, change.to));
        }
        for failure in world
            .resource_mut::<Messages<TreeFailed<Fragile>>>()
            .drain()
        {
            failures.push((frame, failure.entity, failure.error));
        }
    }
    // The well one: Running from the first frame, Success when its 200 ms have passed (two
    // frames later), then Running again; the broken one fails every frame and changes no status.
    assert_eq!(
        changes,
        [
            (0, well, None, Status::Running),
            (2, well, Some(Status::Running), Status::Success),
            (3, well, Some(Status::Success), Status::Running),
            (5, well, Some(Status::Running), Status::Success),
        ]
    );
    assert_eq!(failures.len(), 6);
    assert!(failures
        .iter()
        .enumerate()
        .all(|(frame, failure)| *failure == (frame, broken, Broken(-1))));
    assert_eq!(
        app.world().get::<Tree<Fragile>>(broken).unwrap().status(),
        None
    );
}

#[derive(Resource, Default)]
struct Seen(Vec<String>);

#[test]
fn entity_events_for_observers_when_asked_for() {
    let (mut app, well, broken) = fragile_app(TreePlugin::new().with_observers());
    app.init_resource::<Seen>().add_observer(
        |event: On<TreeStatusChanged<Fragile>>, mut seen: ResMut<Seen>| {
            seen.0.push(format!("{:?} -> {:?}", event.from, event.to));
        },
    );
    app.world_mut().entity_mut(broken).observe(
        |event: On<TreeFailed<Fragile>>, mut seen: ResMut<Seen>| {
            seen.0.push(format!("failed: {:?}", event.error));
        },
    );
    // The failures are triggered on the entity that failed: an observer of the other one never
    // sees them.
    app.world_mut().entity_mut(well).observe(
        |_: On<TreeFailed<Fragile>>, mut seen: ResMut<Seen>| {
            seen.0.push("the well one failed".into());
        },
    );
    app.update();
    app.update();
    assert_eq!(
        app.world().resource::<Seen>().0,
        [
            "None -> Running",
            "failed: Broken(-1)",
            "failed: Broken(-1)"
        ]
    );
}

#[test]
fn nothing_when_not_asked_for() {
    let (mut app, well, broken) = fragile_app(TreePlugin::new());
    app.init_resource::<Seen>().add_observer(
        |_: On<TreeFailed<Fragile>>, mut seen: ResMut<Seen>| {
            seen.0.push("failed".into());
        },
    );
    run(&mut app, 2);
    assert!(app.world().resource::<Seen>().0.is_empty());
    assert!(!app
        .world()
        .contains_resource::<Messages<TreeFailed<Fragile>>>());
    assert_eq!(
        app.world().get::<Tree<Fragile>>(well).unwrap().status(),
        Some(Status::Running)
    );
    assert_eq!(
        app.world().get::<Tree<Fragile>>(broken).unwrap().status(),
        None
    );
}

/// The plugin's ticks do not mark `Tree<T>` changed; a change of the user's does.
#[test]
fn ticking_does_not_mark_the_tree_changed() {
    let mut app = app(Duration::from_millis(100));
    app.add_plugins(TreePlugin::<Alarm>::new())
        .insert_resource(Step(1));
    let bell = app
        .world_mut()
        .spawn((Rings::default(), Tree::new(Alarm::new())))
        .id();
    let mut changed = app
        .world_mut()
        .query_filtered::<Entity, Changed<Tree<Alarm>>>();
    // Added (spawned) counts as changed, once.
    assert_eq!(changed.iter(app.world()).count(), 1);
    // 1.2 s: the tree ticked every frame and its leaf rang.
    run(&mut app, 12);
    assert_eq!(rings(&app, bell), 1);
    assert_eq!(changed.iter(app.world()).count(), 0);
    app.world_mut()
        .get_mut::<Tree<Alarm>>(bell)
        .unwrap()
        .tree_mut();
    assert_eq!(changed.iter(app.world()).count(), 1);
}

/// The task pool helpers give the compute pool the threads asked for, at least one.
#[test]
fn task_pool_helpers() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    for (plugin, threads) in [
        (bt_bevy::task_pool_on_every_core(), cores),
        (bt_bevy::task_pool_with_compute_threads(3), 3),
        (bt_bevy::task_pool_with_compute_threads(0), 1),
    ] {
        let compute = &plugin.task_pool_options.compute;
        assert_eq!(
            (compute.min_threads, compute.max_threads),
            (threads, threads)
        );
    }
}
