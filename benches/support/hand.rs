//! Hand-written state machines of the benchmark trees: what a programmer would write for each
//! tree with full knowledge of its shape (an enum or a cursor, `match` and loops, leaves called
//! directly). The limit the generated code is measured against.

use bt::{Condition, StatefulAction, Status, SyncAction};

use crate::trees::ports::{self, Command, Goal, RobotWorld, MAX_SPEED, RANGE};
use crate::trees::{
    AimAtEnemy, BigWorld, IsEnemyVisible, IsRifleLoaded, Patrol, Shoot, SniperWorld, Work,
};

/// The sniper (`Fallback { Sequence { visible? loaded? aim shoot }, Patrol }`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum HandSniper {
    /// The next tick starts at the sequence.
    #[default]
    Idle,
    /// The patrol is running: the fallback resumes it without looking at the sequence.
    Patrolling,
}

#[inline(never)]
pub fn tick_sniper(state: &mut HandSniper, w: &mut SniperWorld) -> Status {
    let status = match state {
        HandSniper::Patrolling => Patrol.on_running(w),
        HandSniper::Idle => {
            if IsEnemyVisible.check(w)
                && IsRifleLoaded.check(w)
                && AimAtEnemy.execute(w) == bt::Outcome::Success
                && Shoot.execute(w) == bt::Outcome::Success
            {
                return Status::Success;
            }
            Patrol.on_start(w)
        }
    };
    *state = if status == Status::Running {
        HandSniper::Patrolling
    } else {
        HandSniper::Idle
    };
    status
}

/// The reactive sniper (`ReactiveFallback` root): the sequence is tried on every tick and
/// pre-empts the patrol when it succeeds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HandReactiveSniper {
    patrolling: bool,
}

#[inline(never)]
pub fn tick_reactive_sniper(state: &mut HandReactiveSniper, w: &mut SniperWorld) -> Status {
    if IsEnemyVisible.check(w)
        && IsRifleLoaded.check(w)
        && AimAtEnemy.execute(w) == bt::Outcome::Success
        && Shoot.execute(w) == bt::Outcome::Success
    {
        if state.patrolling {
            state.patrolling = false;
            Patrol.on_halted(w);
        }
        return Status::Success;
    }
    let status = if state.patrolling {
        Patrol.on_running(w)
    } else {
        Patrol.on_start(w)
    };
    state.patrolling = status == Status::Running;
    status
}

/// The generated reactive tree (`bt-gen reactive <groups>`): every group is a boolean formula
/// over ten leaves, then the stateful leaf.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandReactive {
    groups: u32,
    work: Work,
    running: bool,
}

impl HandReactive {
    pub fn new(groups: u32) -> Self {
        HandReactive {
            groups,
            work: Work::new(groups * 10),
            running: false,
        }
    }
}

#[inline(never)]
pub fn tick_reactive(state: &mut HandReactive, w: &mut BigWorld) -> Status {
    for g in 0..state.groups {
        let b = g * 10;
        let ok = (w.cond(b) && w.cond(b + 1) && w.cond(b + 2) && w.cond(b + 3) && w.cond(b + 4))
            || !w.cond(b + 5)
            || (w.cond(b + 6) && w.cond(b + 7) && w.cond(b + 8) && w.act(b + 9));
        if !ok {
            if state.running {
                state.running = false;
                state.work.on_halted(w);
            }
            return Status::Failure;
        }
    }
    let status = if state.running {
        state.work.on_running(w)
    } else {
        state.work.on_start(w)
    };
    state.running = status == Status::Running;
    status
}

/// The generated memory trees (`bt-gen memory <nodes>`): nested `Sequence`s are one sequence over
/// the leaves in pre-order, so the state is a cursor into the leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandMemory {
    cursor: u32,
    work: Work,
    running: bool,
}

impl HandMemory {
    pub fn new(leaves: usize) -> Self {
        HandMemory {
            cursor: 0,
            work: Work::new(leaves as u32 - 1),
            running: false,
        }
    }
}

#[inline(never)]
pub fn tick_memory(state: &mut HandMemory, w: &mut BigWorld) -> Status {
    loop {
        let id = state.cursor;
        let status = if id == state.work.id {
            let status = if state.running {
                state.work.on_running(w)
            } else {
                state.work.on_start(w)
            };
            state.running = status == Status::Running;
            status
        } else if id % 2 == 0 {
            Status::from_bool(w.cond(id))
        } else {
            Status::from_bool(w.act(id))
        };
        match status {
            Status::Running => return Status::Running,
            Status::Success if id != state.work.id => state.cursor += 1,
            done => {
                state.cursor = 0;
                return done;
            }
        }
    }
}

/// The follower's blackboard as a plain struct (workload d): the same entries as the generated
/// tree's, read and written as fields.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FollowerBoard {
    pub target: (f32, f32),
    pub goal: Goal,
    pub command: Command,
    pub published: u32,
    pub trip_steps: u32,
}

/// The follower (`ReactiveSequence { sense, in range?, plan, SkipUnlessUpdated(goal) { publish },
/// steer, Drive, reset the trip }`): the leaf functions called in order on the fields of a plain
/// struct. The goal's `SkipUnlessUpdated` becomes "publish if `plan_goal` re-planned" (nothing else
/// writes the goal).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct HandFollower {
    pub bb: FollowerBoard,
    driving: bool,
}

#[inline(never)]
pub fn tick_follower(state: &mut HandFollower, w: &mut RobotWorld) -> Status {
    let bb = &mut state.bb;
    bb.target = ports::sense_target(w);
    if !ports::in_range(w, bb.target, RANGE) {
        if state.driving {
            state.driving = false;
            ports::drive_halted(w);
        }
        return Status::Failure;
    }
    if let Some(goal) = ports::plan_goal(w, bb.target, bb.goal) {
        bb.goal = goal;
        bb.published = ports::publish_goal(w, bb.goal, bb.published);
    }
    bb.command = ports::steer(w, bb.goal, MAX_SPEED);
    let (status, steps) = ports::drive(w, bb.command, bb.trip_steps);
    bb.trip_steps = steps;
    state.driving = status == Status::Running;
    if status == Status::Success {
        bb.trip_steps = 0;
    }
    status
}
