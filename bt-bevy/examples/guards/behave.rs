//! The guards with `bevy_behave` 0.5, in its synchronous mode (`BehavePlugin::with_synchronous`:
//! a condition's trigger is answered in the frame it is asked, as the guarded fallback needs):
//! a tree entity per guard (a child of the guard); the conditions, the shot and the aim are
//! triggers answered by observers; the walk is a task entity whose system moves the guard and
//! gives up after the time limit. bevy_behave has no cooldown node: the observer of the shot
//! keeps the time of the last shot in a component of the guard. A `Wait(0)` after a one-frame
//! action ends the frame's pass, as the end of the tick does in `bt_bevy`.

use super::world::{self, Ammo, Did, Health, Intruders, Position, Post, Speed, Watches};
use super::world::{COOLDOWN, IDLE, PATROL_LIMIT};
use bevy_app::{App, Update};
use bevy_behave::prelude::*;
use bevy_ecs::prelude::*;
use bevy_time::Time;

/// When the guard last shot (bevy_behave has no cooldown node).
#[derive(Component, Default)]
pub struct LastShot(Option<f32>);

/// The condition: hurt, with the intruder near.
#[derive(Clone)]
pub struct InDanger;
/// The condition: the intruder in range, and a round.
#[derive(Clone)]
pub struct InRange;
/// A step away from the intruder.
#[derive(Clone)]
pub struct Flee;
/// A shot, unless cooling down.
#[derive(Clone)]
pub struct Shoot;
/// Aiming.
#[derive(Clone)]
pub struct Aim;
/// The task of walking to the next corner.
#[derive(Component, Clone)]
pub struct PatrolTask;

fn answer(commands: &mut Commands, ctx: &BehaveCtx, yes: bool) {
    commands.trigger(if yes { ctx.success() } else { ctx.failure() });
}

fn on_in_danger(
    ev: On<BehaveTrigger<InDanger>>,
    guards: Query<(&Position, &Health, &Watches)>,
    intruders: Res<Intruders>,
    mut commands: Commands,
) {
    let ctx = ev.event().ctx();
    let (position, health, watches) = guards.get(ctx.target_entity()).unwrap();
    let yes = world::in_danger(position.0, health.0, intruders.of(watches));
    answer(&mut commands, ctx, yes);
}

fn on_in_range(
    ev: On<BehaveTrigger<InRange>>,
    guards: Query<(&Position, &Ammo, &Watches)>,
    intruders: Res<Intruders>,
    mut commands: Commands,
) {
    let ctx = ev.event().ctx();
    let (position, ammo, watches) = guards.get(ctx.target_entity()).unwrap();
    let yes = world::in_range(position.0, ammo.0, intruders.of(watches));
    answer(&mut commands, ctx, yes);
}

fn on_flee(
    ev: On<BehaveTrigger<Flee>>,
    mut guards: Query<(&mut Position, &mut Did, &Watches)>,
    intruders: Res<Intruders>,
    mut commands: Commands,
) {
    let ctx = ev.event().ctx();
    let (mut position, mut did, watches) = guards.get_mut(ctx.target_entity()).unwrap();
    world::flee(&mut position.0, intruders.of(watches));
    *did = Did::Flee;
    answer(&mut commands, ctx, true);
}

fn on_shoot(
    ev: On<BehaveTrigger<Shoot>>,
    mut guards: Query<(&mut Ammo, &mut LastShot, &mut Did)>,
    time: Res<Time>,
    mut commands: Commands,
) {
    let ctx = ev.event().ctx();
    let (mut ammo, mut last, mut did) = guards.get_mut(ctx.target_entity()).unwrap();
    let now = time.elapsed_secs();
    let cooling = last.0.is_some_and(|at| now - at < COOLDOWN.as_secs_f32());
    if !cooling {
        ammo.0 -= 1;
        last.0 = Some(now);
        *did = Did::Shoot;
    }
    answer(&mut commands, ctx, !cooling);
}

fn on_aim(ev: On<BehaveTrigger<Aim>>, mut guards: Query<&mut Did>, mut commands: Commands) {
    let ctx = ev.event().ctx();
    *guards.get_mut(ctx.target_entity()).unwrap() = Did::Aim;
    answer(&mut commands, ctx, true);
}

fn patrol_tasks(
    tasks: Query<&BehaveCtx, With<PatrolTask>>,
    mut guards: Query<(&mut Position, &Speed, &mut Post, &mut Ammo, &mut Did)>,
    time: Res<Time>,
    mut commands: Commands,
) {
    let limit = PATROL_LIMIT.as_secs_f32();
    for ctx in &tasks {
        let Ok((mut position, speed, mut post, mut ammo, mut did)) =
            guards.get_mut(ctx.target_entity())
        else {
            continue;
        };
        if time.elapsed_secs() - ctx.elapsed_secs() >= limit {
            *did = Did::GiveUp;
            commands.trigger(ctx.failure());
        } else if world::patrol(&mut position.0, speed.0, &mut post, &mut ammo.0) {
            *did = Did::Arrive;
            commands.trigger(ctx.success());
        } else {
            *did = Did::Patrol;
        }
    }
}

/// Flee; else shoot or aim; else walk; else idle; again.
pub fn tree() -> Tree<Behave> {
    behave! {
        Behave::Forever => {
            Behave::Fallback => {
                Behave::IfThen => {
                    Behave::trigger(InDanger),
                    Behave::Sequence => {
                        Behave::trigger(Flee),
                        Behave::Wait(0.0),
                    },
                },
                Behave::IfThen => {
                    Behave::trigger(InRange),
                    Behave::Sequence => {
                        Behave::Fallback => {
                            Behave::trigger(Shoot),
                            Behave::trigger(Aim),
                        },
                        Behave::Wait(0.0),
                    },
                },
                Behave::spawn_named("Patrol", PatrolTask),
                Behave::Wait(IDLE.as_secs_f32()),
            }
        }
    }
}

/// The app: the shared world, bevy_behave's plugin (synchronous) in `Update`, its observers,
/// the walk's system after it, and `guards` guards with a tree entity each.
pub fn app(guards: usize) -> App {
    let mut app = world::base_app(guards);
    app.add_plugins(BehavePlugin::new(Update).with_synchronous())
        .add_observer(on_in_danger)
        .add_observer(on_in_range)
        .add_observer(on_flee)
        .add_observer(on_shoot)
        .add_observer(on_aim)
        .add_systems(Update, patrol_tasks.after(BehaveSet));
    let tree = tree();
    let world = app.world_mut();
    let ids: Vec<Entity> = world
        .spawn_batch((0..guards).map(move |id| (world::guard(id, guards), LastShot::default())))
        .collect();
    world.spawn_batch(
        ids.into_iter()
            .map(move |guard| (BehaveTree::new(tree.clone()), ChildOf(guard))),
    );
    app
}
