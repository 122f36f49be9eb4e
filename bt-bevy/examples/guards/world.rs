//! The guards' world, shared by both implementations: the guards' components, the intruders,
//! the layout, the rules of a step, and the record of what every guard did each frame.
//!
//! Guards stand in groups of 64 on a square grid of patches; an intruder circles each patch and
//! wounds the guards it comes near ([`wound`], before the trees tick). Each frame a guard, in
//! this order of priority:
//!
//! 1. flees from the intruder, a step, when it is hurt ([`LOW_HEALTH`]) and the intruder is within
//!    [`DANGER`];
//! 2. when the intruder is within [`RANGE`] and it has ammunition: shoots, at most once per
//!    [`COOLDOWN`], and aims in between;
//! 3. otherwise walks to the next corner of its post, at its own speed, for [`PATROL_LIMIT`] at
//!    most (arriving refills a round); once a walk has taken too long it gives up and idles for
//!    [`IDLE`].
//!
//! A guard's context is wide: its position, health, speed, post, ammunition, the intruder it
//! watches, and what it did, seven components of which four are written.

use bevy_app::{App, PreUpdate};
use bevy_ecs::prelude::*;
use bevy_time::{Time, TimePlugin, TimeUpdateStrategy};
use core::time::Duration;

/// One frame of game time: 1/64 s, exact in both `Duration` and `f32` seconds.
pub const FRAME: Duration = Duration::from_micros(15_625);
/// Half a frame. bevy_behave measures time in `f32` seconds (`Time::elapsed_secs`), which are
/// not exact: a difference of 48 frames may come out a hair under or over 0.75 s. The durations
/// below are whole frames less half a frame, so that both implementations compare times a
/// quarter of a frame or more away from the limit, and agree.
const HALF_FRAME: Duration = Duration::from_nanos(7_812_500);
/// How long a walk to the next corner may take: 96 frames (1.5 s).
pub const PATROL_LIMIT: Duration = Duration::from_millis(1_500).saturating_sub(HALF_FRAME);
/// The rest after a walk that took too long: 64 frames (1 s).
pub const IDLE: Duration = Duration::from_secs(1).saturating_sub(HALF_FRAME);
/// The least time between two shots: 48 frames (0.75 s).
pub const COOLDOWN: Duration = Duration::from_millis(750).saturating_sub(HALF_FRAME);
/// Below this health a guard near the intruder flees.
pub const LOW_HEALTH: u32 = 40;
/// The intruder is dangerous within this distance, in range within this one, and wounds within
/// the last.
pub const DANGER: f32 = 45.0;
pub const RANGE: f32 = 60.0;
pub const HIT: f32 = 22.0;
/// A step away from the intruder.
pub const FLEE_STEP: f32 = 0.5;
/// Rounds a guard carries at most.
pub const MAGAZINE: u32 = 4;
/// Guards per group (one intruder each), on an 8 x 8 grid.
pub const GROUP: usize = 64;
const SPACING: f32 = 25.0;
const PATCH: f32 = 240.0;
const ORBIT: f32 = 70.0;
const ORBIT_SPEED: f32 = 0.6; // radians per second
const POST_HALF_SIDE: f32 = 10.0;

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

/// Where a guard is.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Position(pub V2);

/// A guard's health, 0 to 100.
#[derive(Component, Clone, Copy, Debug)]
pub struct Health(pub u32);

/// How far a guard walks in a frame.
#[derive(Component, Clone, Copy, Debug)]
pub struct Speed(pub f32);

/// A guard's post: the square it patrols, and the corner it walks to.
#[derive(Component, Clone, Copy, Debug)]
pub struct Post {
    pub home: V2,
    pub corner: u8,
}

/// The rounds a guard has left.
#[derive(Component, Clone, Copy, Debug)]
pub struct Ammo(pub u32);

/// The intruder a guard watches (its group's).
#[derive(Component, Clone, Copy, Debug)]
pub struct Watches(pub u32);

/// A guard's number, in spawn order: the record is sorted by it.
#[derive(Component, Clone, Copy, Debug)]
pub struct GuardId(pub u32);

/// What a guard did in a frame: the decision the record compares.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Did {
    /// Nothing (idling, or waiting for its tree).
    #[default]
    Idle,
    /// A step away from the intruder.
    Flee,
    /// A shot at the intruder.
    Shoot,
    /// Aimed at the intruder, cooling down.
    Aim,
    /// A step toward the next corner.
    Patrol,
    /// Arrived at the corner.
    Arrive,
    /// Gave up a walk that took too long.
    GiveUp,
}

/// The intruders' positions this frame, one per group.
#[derive(Resource, Default)]
pub struct Intruders(pub Vec<V2>);

impl Intruders {
    pub fn of(&self, watches: &Watches) -> V2 {
        self.0[watches.0 as usize]
    }
}

fn patch_center(group: usize, groups: usize) -> V2 {
    let side = (groups as f32).sqrt().ceil() as usize;
    V2::new((group % side) as f32 * PATCH, (group / side) as f32 * PATCH)
}

/// Moves every intruder along its orbit, from the time elapsed.
pub fn move_intruders(time: Res<Time>, mut intruders: ResMut<Intruders>) {
    let t = time.elapsed_secs();
    let groups = intruders.0.len();
    for (group, intruder) in intruders.0.iter_mut().enumerate() {
        let center = patch_center(group, groups);
        let angle = ORBIT_SPEED * t + group as f32 * 0.7;
        *intruder = V2::new(
            center.x + ORBIT * angle.cos(),
            center.y + 0.6 * ORBIT * angle.sin(),
        );
    }
}

/// The intruder wounds the guards within [`HIT`]; the others heal.
/// (In parallel over the guards, as the trees are ticked: at a million guards this pass is part
/// of both implementations' frame.)
pub fn wound(intruders: Res<Intruders>, mut guards: Query<(&Position, &Watches, &mut Health)>) {
    guards
        .par_iter_mut()
        .for_each(|(position, watches, mut health)| {
            health.0 = if position.0.distance_squared(intruders.of(watches)) <= HIT * HIT {
                health.0.saturating_sub(3)
            } else {
                (health.0 + 1).min(100)
            };
        });
}

/// Hurt, with the intruder near: the guard must flee.
#[inline]
pub fn in_danger(position: V2, health: u32, intruder: V2) -> bool {
    health < LOW_HEALTH && position.distance_squared(intruder) <= DANGER * DANGER
}

/// The intruder in range and a round to shoot it with.
#[inline]
pub fn in_range(position: V2, ammo: u32, intruder: V2) -> bool {
    ammo > 0 && position.distance_squared(intruder) <= RANGE * RANGE
}

/// A step away from the intruder.
#[inline]
pub fn flee(position: &mut V2, intruder: V2) {
    let away = V2::new(2.0 * position.x - intruder.x, 2.0 * position.y - intruder.y);
    position.step_toward(away, FLEE_STEP);
}

/// A step toward the post's next corner: true when it arrived (the corner is then the next one,
/// and a round is refilled).
#[inline]
pub fn patrol(position: &mut V2, speed: f32, post: &mut Post, ammo: &mut u32) -> bool {
    let h = POST_HALF_SIDE;
    let corner = match post.corner {
        0 => V2::new(post.home.x - h, post.home.y - h),
        1 => V2::new(post.home.x + h, post.home.y - h),
        2 => V2::new(post.home.x + h, post.home.y + h),
        _ => V2::new(post.home.x - h, post.home.y + h),
    };
    if position.step_toward(corner, speed) {
        post.corner = (post.corner + 1) % 4;
        *ammo = (*ammo + 1).min(MAGAZINE);
        return true;
    }
    false
}

/// The components of guard number `id` of `guards`.
pub fn guard(
    id: usize,
    guards: usize,
) -> (GuardId, Position, Health, Speed, Post, Ammo, Watches, Did) {
    let groups = guards.div_ceil(GROUP);
    let (group, slot) = (id / GROUP, id % GROUP);
    let center = patch_center(group, groups);
    let home = V2::new(
        center.x + ((slot % 8) as f32 - 3.5) * SPACING,
        center.y + ((slot / 8) as f32 - 3.5) * SPACING,
    );
    (
        GuardId(id as u32),
        Position(home),
        Health(100),
        // 0.15 to 0.36 a frame: some walks back to the post take too long.
        Speed(0.15 + (id % 8) as f32 * 0.03),
        Post { home, corner: 0 },
        Ammo(MAGAZINE),
        Watches(group as u32),
        Did::Idle,
    )
}

/// The parts of an app that both implementations share: the clock (a frame is [`FRAME`] of
/// virtual time), Bevy's task pools with a compute thread per core (the pools are global: when
/// a pool was made before, by another app or `create_default_pools`, that one stays), the
/// intruders, moved and wounding before anything else in the frame.
pub fn base_app(guards: usize) -> App {
    let mut app = App::new();
    app.add_plugins((bt_bevy::task_pool_on_every_core(), TimePlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(FRAME))
        .insert_resource(Intruders(vec![V2::default(); guards.div_ceil(GROUP)]))
        .add_systems(PreUpdate, (move_intruders, wound).chain());
    app
}

/// What every guard did in every frame, and where it ended: present only when recording.
#[derive(Resource, Default)]
pub struct Record {
    /// For each frame, for each guard in id order: what it did, its position's bits and ammo.
    pub frames: Vec<Vec<(Did, [u32; 2], u32)>>,
    /// Whether to keep the frames (small runs) or only their digests (large ones).
    pub keep: bool,
    /// For each frame, a digest of what every guard did and where it is.
    pub digests: Vec<u64>,
}

fn forget_last_frame(mut guards: Query<&mut Did>) {
    for mut did in &mut guards {
        *did = Did::Idle;
    }
}

fn record_frame(mut record: ResMut<Record>, guards: Query<(&GuardId, &Did, &Position, &Ammo)>) {
    let mut frame = vec![(Did::Idle, [0, 0], 0); guards.iter().len()];
    for (id, did, position, ammo) in &guards {
        frame[id.0 as usize] = (
            *did,
            [position.0.x.to_bits(), position.0.y.to_bits()],
            ammo.0,
        );
    }
    // FNV-1a over the frame, in id order.
    let mut digest: u64 = 0xcbf2_9ce4_8422_2325;
    for (did, [x, y], ammo) in &frame {
        for word in [*did as u32, *x, *y, *ammo] {
            digest = (digest ^ u64::from(word)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    record.digests.push(digest);
    if record.keep {
        record.frames.push(frame);
    }
}

/// Records what every guard does, frame by frame, into [`Record`]: every frame when `keep`, the
/// digests only otherwise.
pub fn record(app: &mut App, keep: bool) {
    app.insert_resource(Record {
        keep,
        ..Record::default()
    })
    .add_systems(PreUpdate, forget_last_frame.before(move_intruders))
    .add_systems(bevy_app::Last, record_frame);
}
