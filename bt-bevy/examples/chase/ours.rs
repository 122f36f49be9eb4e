//! The chase with `behavior_tree!` and `bt_bevy`: one entity per agent, the tree in a component,
//! every tree ticked in parallel.

use crate::world::{self, Did, Position, Post, Targets, Watches, CHASE_LIMIT, FRAME, REST, V2};
use bevy_app::App;
use bevy_ecs::prelude::*;
use bevy_ecs::query::QueryItem;
use bevy_ecs::system::SystemParamItem;
use bt::{behavior_tree, Clock, StatefulAction, Status};
use bt_bevy::{Agent, BevyClock, Tree, TreePlugin};
use core::time::Duration;

/// What the leaves of one agent's tree see: its components, borrowed from the query, its
/// target's position and the clock.
pub struct Scout<'a> {
    position: Mut<'a, Position>,
    post: Mut<'a, Post>,
    did: Mut<'a, Did>,
    target: V2,
    clock: BevyClock,
}

impl Clock for Scout<'_> {
    fn now(&self) -> Duration {
        self.clock.now()
    }
}

/// Walks the post's square until the target is in sight.
#[derive(Default)]
pub struct Patrol;

impl Patrol {
    fn step(scout: &mut Scout<'_>) -> Status {
        if world::patrol(&mut scout.position.0, &mut scout.post, scout.target) {
            *scout.did = Did::Notice;
            Status::Success
        } else {
            *scout.did = Did::Patrol;
            Status::Running
        }
    }
}

impl StatefulAction<Scout<'_>> for Patrol {
    fn on_start(&mut self, scout: &mut Scout<'_>) -> Status {
        Self::step(scout)
    }
    fn on_running(&mut self, scout: &mut Scout<'_>) -> Status {
        Self::step(scout)
    }
    fn on_halted(&mut self, _: &mut Scout<'_>) {}
}

/// Runs at the target until it is caught. The frame it starts in is the frame the target was
/// noticed, spent turning toward it: the first step is on the next frame.
#[derive(Default)]
pub struct Chase;

impl StatefulAction<Scout<'_>> for Chase {
    fn on_start(&mut self, _: &mut Scout<'_>) -> Status {
        Status::Running
    }
    fn on_running(&mut self, scout: &mut Scout<'_>) -> Status {
        if world::chase(&mut scout.position.0, scout.target) {
            *scout.did = Did::Catch;
            Status::Success
        } else {
            *scout.did = Did::Chase;
            Status::Running
        }
    }
    fn on_halted(&mut self, scout: &mut Scout<'_>) {
        *scout.did = Did::GiveUp;
    }
}

/// The timeout and the rest count from the frame the target was noticed (resp. the chase
/// ended); `bevy_behave` starts them one frame later, when its tree reads the task's report,
/// so one frame is added here to make the same decisions.
const CHASE_FOR: Duration = CHASE_LIMIT.saturating_add(FRAME);
const REST_FOR: Duration = REST.saturating_add(FRAME);

behavior_tree! {
    /// Patrol; chase the target once seen, for `CHASE_LIMIT` at most; rest; again.
    pub tree Hunter for Scout<'a> {
        Repeat(forever) {
            Sequence {
                StatefulAction(Patrol),
                ForceSuccess { Timeout(CHASE_FOR) { StatefulAction(Chase) } },
                Wait(REST_FOR),
            }
        }
    }
}

/// How a scout's context is built from its entity: every tree over `Scout<'a>` (here `Hunter`)
/// is then ticked by the plugin with no glue of its own.
impl Agent for Scout<'_> {
    type Query = (
        &'static mut Position,
        &'static mut Post,
        &'static mut Did,
        &'static Watches,
    );
    type Filter = ();
    type Shared = Res<'static, Targets>;
    type Context<'w> = Scout<'w>;

    #[inline]
    fn context<'w>(
        (position, post, did, watches): QueryItem<'w, '_, Self::Query>,
        targets: &'w SystemParamItem<'_, '_, Self::Shared>,
        clock: BevyClock,
    ) -> Scout<'w> {
        Scout {
            position,
            post,
            did,
            target: targets.of(watches),
            clock,
        }
    }
}

/// The app: the shared world, the plugin, and `agents` agents, one entity each.
pub fn app(agents: usize) -> App {
    let mut app = world::base_app(agents);
    app.add_plugins(TreePlugin::<Hunter>::new());
    app.world_mut().spawn_batch(
        (0..agents).map(move |id| (world::agent(id, agents), Tree::new(Hunter::new()))),
    );
    app
}
