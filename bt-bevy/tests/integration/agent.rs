//! `Agent`: a context built from components, implemented once, and every tree over it ticked by
//! the plugin with no glue of its own, whatever its error type.

use bevy_app::App;
use bevy_ecs::message::Messages;
use bevy_ecs::prelude::*;
use bevy_ecs::query::QueryItem;
use bevy_ecs::system::SystemParamItem;
use bevy_time::{TimePlugin, TimeUpdateStrategy};
use bt::{behavior_tree, Clock, Status};
use bt_bevy::{Agent, BevyClock, Tree, TreeFailed, TreePlugin};
use core::time::Duration;

#[derive(Component)]
struct Hp(i32);

#[derive(Component, Default)]
struct Bandages(u32);

#[derive(Resource)]
struct Dose(i32);

/// What a patient's trees see: its components, the dose and the clock.
struct Patient<'a> {
    hp: Mut<'a, Hp>,
    bandages: Mut<'a, Bandages>,
    dose: i32,
    clock: BevyClock,
}

impl Clock for Patient<'_> {
    fn now(&self) -> Duration {
        self.clock.now()
    }
}

impl Agent for Patient<'_> {
    type Query = (&'static mut Hp, &'static mut Bandages);
    type Filter = ();
    type Shared = Res<'static, Dose>;
    type Context<'w> = Patient<'w>;

    #[inline]
    fn context<'w>(
        (hp, bandages): QueryItem<'w, '_, Self::Query>,
        dose: &'w SystemParamItem<'_, '_, Self::Shared>,
        clock: BevyClock,
    ) -> Patient<'w> {
        Patient {
            hp,
            bandages,
            dose: dose.0,
            clock,
        }
    }
}

behavior_tree! {
    /// Heals by the dose every 100 ms while below 10.
    tree Heal for Patient<'a> {
        Fallback {
            Condition(|patient| patient.hp.0 >= 10),
            Sequence {
                Action(|patient| { patient.hp.0 += patient.dose; patient.bandages.0 += 1; true }),
                Sleep(100),
            },
        }
    }
}

#[derive(Debug, PartialEq)]
struct Dead;

behavior_tree! {
    /// Fails with an error at 0 hit points or below.
    tree Check for Patient<'a>, error Dead {
        Condition(|patient| if patient.hp.0 > 0 { Ok(true) } else { Err(Dead) })
    }
}

fn app() -> App {
    let mut app = App::new();
    app.add_plugins(TimePlugin)
        .insert_resource(Dose(3))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            100,
        )));
    app
}

#[test]
fn every_tree_over_an_agent_context_ticks_without_glue() {
    let mut app = app();
    app.add_plugins(TreePlugin::<Heal>::new());
    let patient = (app.world_mut())
        .spawn((Hp(2), Bandages::default(), Tree::new(Heal::new())))
        .id();
    let mut seen = Vec::new();
    for _ in 0..5 {
        app.update();
        let world = app.world();
        let status = world.get::<Tree<Heal>>(patient).unwrap().status();
        seen.push((world.get::<Hp>(patient).unwrap().0, status));
    }
    // A dose, then 100 ms asleep (Running, then Success), until 10 is reached.
    assert_eq!(
        seen,
        [
            (5, Some(Status::Running)),
            (5, Some(Status::Success)),
            (8, Some(Status::Running)),
            (8, Some(Status::Success)),
            (11, Some(Status::Running)),
        ]
    );
    assert_eq!(app.world().get::<Bandages>(patient).unwrap().0, 3);
}

#[test]
fn a_tree_with_an_error_type_over_an_agent_context() {
    let mut app = app();
    app.add_plugins(TreePlugin::<Check>::new().with_messages());
    let world = app.world_mut();
    let alive = world
        .spawn((Hp(1), Bandages::default(), Tree::new(Check::new())))
        .id();
    let dead = world
        .spawn((Hp(0), Bandages::default(), Tree::new(Check::new())))
        .id();
    app.update();
    let failures: Vec<(Entity, Dead)> = (app.world_mut())
        .resource_mut::<Messages<TreeFailed<Check>>>()
        .drain()
        .map(|failure| (failure.entity, failure.error))
        .collect();
    assert_eq!(failures, [(dead, Dead)]);
    let status = |entity| app.world().get::<Tree<Check>>(entity).unwrap().status();
    assert_eq!((status(alive), status(dead)), (Some(Status::Success), None));
}
