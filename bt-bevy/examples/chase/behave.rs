//! The chase with `bevy_behave` 0.5, written as its guide writes trees: a tree entity per agent
//! (a child of the agent), a task entity spawned for each running task, whose system moves the
//! agent and reports success or failure with a trigger; the rest is the tree's own `Wait`.

use crate::world::{self, Did, Position, Post, Targets, Watches, CHASE_LIMIT, REST};
use bevy_app::{App, Update};
use bevy_behave::prelude::*;
use bevy_ecs::prelude::*;
use bevy_time::Time;

/// The task of patrolling: succeeds when the target is in sight.
#[derive(Component, Clone)]
pub struct PatrolTask;

/// The task of chasing: succeeds when the target is caught, fails after `CHASE_LIMIT`.
#[derive(Component, Clone)]
pub struct ChaseTask;

fn patrol_tasks(
    tasks: Query<&BehaveCtx, With<PatrolTask>>,
    mut agents: Query<(&mut Position, &mut Post, &mut Did, &Watches)>,
    targets: Res<Targets>,
    mut commands: Commands,
) {
    for ctx in &tasks {
        let Ok((mut position, mut post, mut did, watches)) = agents.get_mut(ctx.target_entity())
        else {
            continue;
        };
        if world::patrol(&mut position.0, &mut post, targets.of(watches)) {
            *did = Did::Notice;
            commands.trigger(ctx.success());
        } else {
            *did = Did::Patrol;
        }
    }
}

fn chase_tasks(
    tasks: Query<&BehaveCtx, With<ChaseTask>>,
    mut agents: Query<(&mut Position, &mut Did, &Watches)>,
    targets: Res<Targets>,
    time: Res<Time>,
    mut commands: Commands,
) {
    let limit = CHASE_LIMIT.as_secs_f32();
    for ctx in &tasks {
        let Ok((mut position, mut did, watches)) = agents.get_mut(ctx.target_entity()) else {
            continue;
        };
        if time.elapsed_secs() - ctx.elapsed_secs() >= limit {
            *did = Did::GiveUp;
            commands.trigger(ctx.failure());
        } else if world::chase(&mut position.0, targets.of(watches)) {
            *did = Did::Catch;
            commands.trigger(ctx.success());
        } else {
            *did = Did::Chase;
        }
    }
}

/// Patrol; chase once seen (a failed chase counts as done); rest; again.
pub fn tree() -> Tree<Behave> {
    behave! {
        Behave::Forever => {
            Behave::Sequence => {
                Behave::spawn_named("Patrol", PatrolTask),
                Behave::Fallback => {
                    Behave::spawn_named("Chase", ChaseTask),
                    Behave::AlwaysSucceed,
                },
                Behave::Wait(REST.as_secs_f32()),
            }
        }
    }
}

/// The app: the shared world, bevy_behave's plugin in `Update`, the task systems after it, and
/// `agents` agents with a tree entity each.
pub fn app(agents: usize) -> App {
    let mut app = world::base_app(agents);
    app.add_plugins(BehavePlugin::new(Update))
        .add_systems(Update, (patrol_tasks, chase_tasks).after(BehaveSet));
    let tree = tree();
    let world = app.world_mut();
    let ids: Vec<Entity> = world
        .spawn_batch((0..agents).map(move |id| world::agent(id, agents)))
        .collect();
    world.spawn_batch(
        ids.into_iter()
            .map(move |agent| (BehaveTree::new(tree.clone()), ChildOf(agent))),
    );
    app
}
