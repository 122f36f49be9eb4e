//! The guards with `behavior_tree!` and `bt_bevy`: one entity per guard, the tree in a
//! component, every tree ticked in parallel; the cooldown and the time limit are the tree's
//! nodes.

use super::world::{self, Ammo, Did, Health, Intruders, Position, Post, Speed, Watches, V2};
use super::world::{COOLDOWN, IDLE, PATROL_LIMIT};
use bevy_app::App;
use bevy_ecs::prelude::*;
use bevy_ecs::query::QueryItem;
use bevy_ecs::system::SystemParamItem;
use bt::{behavior_tree, Clock, StatefulAction, Status};
use bt_bevy::{Agent, BevyClock, Tree, TreePlugin};
use core::time::Duration;

/// What the leaves of one guard's tree see: its components, borrowed from the query, its
/// intruder's position and the clock.
///
/// The components the leaves write are plain `&'a mut` (`Mut::into_inner`, in the `Agent` impl),
/// not `Mut<'a, _>`: a `Mut` is five words (the value, two change ticks' addresses, the system's
/// two ticks) that the context holds for every guard, and every write through it checks and
/// stores a change tick. `into_inner` marks the component changed once, when the context is
/// built, whether a leaf writes it or not: `Changed<Position>` then holds for every guard each
/// frame. Per guard and frame that is 107 instructions instead of 146 (callgrind, 10,000 guards
/// on one thread).
pub struct Sentry<'a> {
    position: &'a mut Position,
    health: &'a Health,
    speed: &'a Speed,
    post: &'a mut Post,
    ammo: &'a mut Ammo,
    did: &'a mut Did,
    intruder: V2,
    clock: BevyClock,
}

impl Clock for Sentry<'_> {
    #[inline]
    fn now(&self) -> Duration {
        self.clock.now()
    }
}

impl Sentry<'_> {
    fn in_danger(&self) -> bool {
        world::in_danger(self.position.0, self.health.0, self.intruder)
    }
    fn in_range(&self) -> bool {
        world::in_range(self.position.0, self.ammo.0, self.intruder)
    }
    fn flee(&mut self) -> bool {
        world::flee(&mut self.position.0, self.intruder);
        *self.did = Did::Flee;
        true
    }
    fn shoot(&mut self) -> bool {
        self.ammo.0 -= 1;
        *self.did = Did::Shoot;
        true
    }
    fn aim(&mut self) -> bool {
        *self.did = Did::Aim;
        true
    }
}

/// Walks to the post's next corner.
#[derive(Default)]
pub struct Patrol;

impl Patrol {
    fn step(sentry: &mut Sentry<'_>) -> Status {
        let speed = sentry.speed.0;
        let Sentry {
            position,
            post,
            ammo,
            did,
            ..
        } = sentry;
        if world::patrol(&mut position.0, speed, post, &mut ammo.0) {
            **did = Did::Arrive;
            Status::Success
        } else {
            **did = Did::Patrol;
            Status::Running
        }
    }
}

impl StatefulAction<Sentry<'_>> for Patrol {
    fn on_start(&mut self, sentry: &mut Sentry<'_>) -> Status {
        Self::step(sentry)
    }
    fn on_running(&mut self, sentry: &mut Sentry<'_>) -> Status {
        Self::step(sentry)
    }
    fn on_halted(&mut self, sentry: &mut Sentry<'_>) {
        *sentry.did = Did::GiveUp;
    }
}

behavior_tree! {
    /// Flee when hurt and in danger; else shoot when in range (once per cooldown, aiming in
    /// between); else walk to the next corner, giving up after a while and idling.
    pub tree Guard for Sentry<'a> {
        Fallback {
            Sequence {
                Condition(|s| s.in_danger()),
                Action(|s| s.flee()),
            },
            Sequence {
                Condition(|s| s.in_range()),
                Fallback {
                    Cooldown(COOLDOWN) { Action(|s| s.shoot()) },
                    Action(|s| s.aim()),
                },
            },
            Timeout(PATROL_LIMIT) { StatefulAction(Patrol) },
            Wait(IDLE),
        }
    }
}

/// How a guard's context is built from its entity: every tree over `Sentry<'a>` (here `Guard`)
/// is then ticked by the plugin with no glue of its own.
impl Agent for Sentry<'_> {
    type Query = (
        &'static mut Position,
        &'static Health,
        &'static Speed,
        &'static mut Post,
        &'static mut Ammo,
        &'static mut Did,
        &'static Watches,
    );
    type Filter = ();
    type Shared = Res<'static, Intruders>;
    type Context<'w> = Sentry<'w>;

    #[inline]
    fn context<'w>(
        (position, health, speed, post, ammo, did, watches): QueryItem<'w, '_, Self::Query>,
        intruders: &'w SystemParamItem<'_, '_, Self::Shared>,
        clock: BevyClock,
    ) -> Sentry<'w> {
        Sentry {
            position: position.into_inner(),
            health,
            speed,
            post: post.into_inner(),
            ammo: ammo.into_inner(),
            did: did.into_inner(),
            intruder: intruders.of(watches),
            clock,
        }
    }
}

/// The app: the shared world, the plugin, and `guards` guards, one entity each.
pub fn app(guards: usize) -> App {
    let mut app = world::base_app(guards);
    app.add_plugins(TreePlugin::<Guard>::new());
    app.world_mut().spawn_batch(
        (0..guards).map(move |id| (world::guard(id, guards), Tree::new(Guard::new()))),
    );
    app
}
