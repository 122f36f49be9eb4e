//! Two trees over one context, with no glue per tree: sentries watch for an intruder and raise
//! the alarm (`Watch`); a second tree on each sentry, over the same context, asks for relief
//! once it has raised two alarms (`Relief`).
//!
//! `impl Agent for Sentry<'_>` says once how a sentry's context is built from its entity's
//! components and the shared intruder; both trees over `Sentry<'a>` are then ticked by their
//! plugins as they are.
//!
//! Run it with `cargo run --manifest-path bt-bevy/Cargo.toml --example sentries`.

use bevy_app::App;
use bevy_ecs::prelude::*;
use bevy_ecs::query::QueryItem;
use bevy_ecs::system::SystemParamItem;
use bevy_time::{TimePlugin, TimeUpdateStrategy};
use bt::{behavior_tree, Clock, Status};
use bt_bevy::{Agent, BevyClock, Tree, TreePlugin};
use core::time::Duration;

/// Where a sentry stands, on a line.
#[derive(Component)]
struct Post(i32);

/// How many times it raised the alarm.
#[derive(Component, Default)]
struct Alarms(u32);

/// Where the intruder is, if anywhere.
#[derive(Resource)]
struct Intruder(Option<i32>);

/// What a sentry's trees see.
struct Sentry<'a> {
    post: &'a Post,
    alarms: Mut<'a, Alarms>,
    intruder: Option<i32>,
    clock: BevyClock,
}

impl Clock for Sentry<'_> {
    fn now(&self) -> Duration {
        self.clock.now()
    }
}

impl Agent for Sentry<'_> {
    type Query = (&'static Post, &'static mut Alarms);
    type Filter = ();
    type Shared = Res<'static, Intruder>;
    type Context<'w> = Sentry<'w>;

    #[inline]
    fn context<'w>(
        (post, alarms): QueryItem<'w, '_, Self::Query>,
        intruder: &'w SystemParamItem<'_, '_, Self::Shared>,
        clock: BevyClock,
    ) -> Sentry<'w> {
        Sentry {
            post,
            alarms,
            intruder: intruder.0,
            clock,
        }
    }
}

behavior_tree! {
    /// Raise the alarm when the intruder is within 3 of the post, at most once every half second.
    tree Watch for Sentry<'a> {
        Sequence {
            Condition(|sentry| sentry.intruder.is_some_and(|at| (at - sentry.post.0).abs() <= 3)),
            Cooldown(500) {
                Action(|sentry| { sentry.alarms.0 += 1; true }),
            },
        }
    }
}

behavior_tree! {
    /// Asks for relief once two alarms were raised: a second tree over the same context.
    tree Relief for Sentry<'a> {
        Condition(|sentry| sentry.alarms.0 >= 2)
    }
}

fn main() {
    let mut app = App::new();
    app.add_plugins((
        // The compute pool on every core: with Bevy's default pools a 2-core machine has one
        // compute thread, and `par_iter_mut` ticks the trees one after the other.
        bt_bevy::task_pool_on_every_core(),
        TimePlugin,
        TreePlugin::<Watch>::new(),
        TreePlugin::<Relief>::new(),
    ))
    .insert_resource(Intruder(None))
    // A frame every 250 ms (Bevy's virtual time advances at most 250 ms a frame).
    .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        250,
    )));
    let world = app.world_mut();
    let sentries: Vec<Entity> = (0..3)
        .map(|i| {
            let trees = (Tree::new(Watch::new()), Tree::new(Relief::new()));
            world.spawn((Post(i * 10), Alarms::default(), trees)).id()
        })
        .collect();
    let intruder_at = [
        None,
        Some(12),
        Some(11),
        Some(12),
        Some(9),
        Some(25),
        Some(21),
    ];
    for (frame, intruder) in intruder_at.into_iter().enumerate() {
        app.world_mut().resource_mut::<Intruder>().0 = intruder;
        app.update();
        let world = app.world();
        let alarms: Vec<u32> = (sentries.iter())
            .map(|&sentry| world.get::<Alarms>(sentry).unwrap().0)
            .collect();
        let relief: Vec<bool> = (sentries.iter())
            .map(|&sentry| {
                world.get::<Tree<Relief>>(sentry).unwrap().status() == Some(Status::Success)
            })
            .collect();
        println!("frame {frame}: intruder at {intruder:?}, alarms {alarms:?}, asks for relief {relief:?}");
    }
}
