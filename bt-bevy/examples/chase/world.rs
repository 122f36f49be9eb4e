//! The chase simulation's world, shared by both implementations: the agents' components, the
//! targets, the layout, how an agent moves, and the record of what every agent did each frame.
//!
//! Agents live in groups of 64 on a square grid of patches; each group watches one target that
//! circles its patch. An agent patrols a small square around its post; when its target comes
//! within [`NOTICE`] it chases it, for at most [`CHASE_LIMIT`]; caught (within [`CATCH`]) or not,
//! it then rests for [`REST`] and patrols again. Movement is a fixed step per frame, the frame is
//! [`FRAME`] of game time, so both implementations see the same numbers.

use bevy_app::{App, PreUpdate};
use bevy_ecs::prelude::*;
use bevy_time::{Time, TimePlugin, TimeUpdateStrategy};
use core::time::Duration;

/// One frame of game time: 1/64 s, exact in both `Duration` and `f32` seconds.
pub const FRAME: Duration = Duration::from_micros(15_625);
/// The longest chase.
pub const CHASE_LIMIT: Duration = Duration::from_secs(3);
/// The rest after a chase.
pub const REST: Duration = Duration::from_secs(2);
/// How close the target must come for an agent to notice it.
pub const NOTICE: f32 = 35.0;
/// How close an agent must come to catch its target.
pub const CATCH: f32 = 2.5;
/// An agent's step per frame on patrol, and when chasing.
pub const PATROL_STEP: f32 = 0.3;
pub const CHASE_STEP: f32 = 0.6;
/// Agents per group (one target each), on an 8 x 8 grid.
pub const GROUP: usize = 64;
const SPACING: f32 = 25.0;
const PATCH: f32 = 240.0;
const ORBIT: f32 = 70.0;
const ORBIT_SPEED: f32 = 0.45; // radians per second
const POST_HALF_SIDE: f32 = 8.0;

/// A point or a vector of the plane.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct V2 {
    pub x: f32,
    pub y: f32,
}

impl V2 {
    pub const fn new(x: f32, y: f32) -> Self {
        V2 { x, y }
    }

    fn distance_squared(self, other: V2) -> f32 {
        let (dx, dy) = (other.x - self.x, other.y - self.y);
        dx * dx + dy * dy
    }

    /// Moves `self` toward `goal` by `step` at most; true when it arrived.
    fn step_toward(&mut self, goal: V2, step: f32) -> bool {
        let distance = self.distance_squared(goal).sqrt();
        if distance <= step {
            *self = goal;
            return true;
        }
        let scale = step / distance;
        self.x += (goal.x - self.x) * scale;
        self.y += (goal.y - self.y) * scale;
        false
    }
}

/// Where an agent is.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Position(pub V2);

/// An agent's post: the square it patrols, and the corner it walks to.
#[derive(Component, Clone, Copy, Debug)]
pub struct Post {
    pub home: V2,
    pub corner: u8,
}

/// The target an agent watches (its group's).
#[derive(Component, Clone, Copy, Debug)]
pub struct Watches(pub u32);

/// An agent's number, in spawn order: the record is sorted by it.
#[derive(Component, Clone, Copy, Debug)]
pub struct AgentId(pub u32);

/// What an agent did in a frame: the decision the record compares.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Did {
    /// Nothing (resting, or waiting for its tree).
    #[default]
    Idle,
    /// A step of its patrol.
    Patrol,
    /// Saw its target, and stopped.
    Notice,
    /// A step toward its target.
    Chase,
    /// Caught its target.
    Catch,
    /// Gave up the chase ([`CHASE_LIMIT`]).
    GiveUp,
}

/// The targets' positions this frame, one per group.
#[derive(Resource, Default)]
pub struct Targets(pub Vec<V2>);

impl Targets {
    pub fn of(&self, watches: &Watches) -> V2 {
        self.0[watches.0 as usize]
    }
}

fn patch_center(group: usize, groups: usize) -> V2 {
    let side = (groups as f32).sqrt().ceil() as usize;
    V2::new((group % side) as f32 * PATCH, (group / side) as f32 * PATCH)
}

/// Moves every target along its orbit, from the time elapsed.
pub fn move_targets(time: Res<Time>, mut targets: ResMut<Targets>) {
    let t = time.elapsed_secs();
    let groups = targets.0.len();
    for (group, target) in targets.0.iter_mut().enumerate() {
        let center = patch_center(group, groups);
        let angle = ORBIT_SPEED * t + group as f32 * 0.7;
        *target = V2::new(
            center.x + ORBIT * angle.cos(),
            center.y + ORBIT * angle.sin(),
        );
    }
}

/// One frame of patrol: true (and no step) when the target is in sight.
pub fn patrol(position: &mut V2, post: &mut Post, target: V2) -> bool {
    if position.distance_squared(target) <= NOTICE * NOTICE {
        return true;
    }
    let h = POST_HALF_SIDE;
    let corner = match post.corner {
        0 => V2::new(post.home.x - h, post.home.y - h),
        1 => V2::new(post.home.x + h, post.home.y - h),
        2 => V2::new(post.home.x + h, post.home.y + h),
        _ => V2::new(post.home.x - h, post.home.y + h),
    };
    if position.step_toward(corner, PATROL_STEP) {
        post.corner = (post.corner + 1) % 4;
    }
    false
}

/// One frame of chase: true (and no step) when the target is caught.
pub fn chase(position: &mut V2, target: V2) -> bool {
    if position.distance_squared(target) <= CATCH * CATCH {
        return true;
    }
    position.step_toward(target, CHASE_STEP);
    false
}

/// The components of agent number `id` of `agents`.
pub fn agent(id: usize, agents: usize) -> (AgentId, Position, Post, Watches, Did) {
    let groups = agents.div_ceil(GROUP);
    let (group, slot) = (id / GROUP, id % GROUP);
    let center = patch_center(group, groups);
    let home = V2::new(
        center.x + ((slot % 8) as f32 - 3.5) * SPACING,
        center.y + ((slot / 8) as f32 - 3.5) * SPACING,
    );
    (
        AgentId(id as u32),
        Position(home),
        Post { home, corner: 0 },
        Watches(group as u32),
        Did::Idle,
    )
}

/// The parts of an app that both implementations share: the clock (a frame is [`FRAME`] of
/// virtual time), Bevy's task pools with a compute thread per core (so that `par_iter_mut` uses
/// every core, also on a machine with two), the targets, moved before anything else in the frame.
pub fn base_app(agents: usize) -> App {
    let mut app = App::new();
    app.add_plugins((bt_bevy::task_pool_on_every_core(), TimePlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(FRAME))
        .insert_resource(Targets(vec![V2::default(); agents.div_ceil(GROUP)]))
        .add_systems(PreUpdate, move_targets);
    app
}

/// What every agent did in every frame, and where it ended: present only when recording.
#[derive(Resource, Default)]
pub struct Record {
    /// For each frame, for each agent in id order: what it did and its position's bits.
    pub frames: Vec<Vec<(Did, [u32; 2])>>,
}

fn forget_last_frame(mut agents: Query<&mut Did>) {
    for mut did in &mut agents {
        *did = Did::Idle;
    }
}

fn record_frame(mut record: ResMut<Record>, agents: Query<(&AgentId, &Did, &Position)>) {
    let mut frame = vec![(Did::Idle, [0, 0]); agents.iter().len()];
    for (id, did, position) in &agents {
        frame[id.0 as usize] = (*did, [position.0.x.to_bits(), position.0.y.to_bits()]);
    }
    record.frames.push(frame);
}

/// Records what every agent does, frame by frame, into [`Record`].
pub fn record(app: &mut App) {
    app.init_resource::<Record>()
        .add_systems(PreUpdate, forget_last_frame)
        .add_systems(bevy_app::Last, record_frame);
}
