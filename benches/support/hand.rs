//! Hand-written state machines of the benchmark trees: what a programmer would write for each
//! tree with full knowledge of its shape (an enum or a cursor, `match` and loops, leaves called
//! directly). The limit the generated code is measured against.

use bt::{Condition, StatefulAction, Status, SyncAction};

use crate::trees::blackboard::{BoardState, BoardWorld};
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

/// [`tick_reactive`] written out group by group (71 groups, `reactive_1000`): straight-line code,
/// as for a tree whose leaves are distinct code and cannot share a loop, which is what the
/// generated tree is. The loop above is the limit for this regular shape; this is the limit for
/// code that calls each leaf at its own place. BENCHMARKS.md compares the generated tree with
/// both.
#[inline(never)]
pub fn tick_reactive_unrolled(state: &mut HandReactive, w: &mut BigWorld) -> Status {
    macro_rules! groups {
        ($($g:literal)*) => {$({
            const B: u32 = $g * 10;
            let ok = (w.cond(B) && w.cond(B + 1) && w.cond(B + 2) && w.cond(B + 3) && w.cond(B + 4))
                || !w.cond(B + 5)
                || (w.cond(B + 6) && w.cond(B + 7) && w.cond(B + 8) && w.act(B + 9));
            if !ok {
                if state.running {
                    state.running = false;
                    state.work.on_halted(w);
                }
                return Status::Failure;
            }
        })*};
    }
    assert_eq!(
        state.groups, 71,
        "written out for reactive_1000's 71 groups"
    );
    groups!(
        0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33
        34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63
        64 65 66 67 68 69 70
    );
    let status = if state.running {
        state.work.on_running(w)
    } else {
        state.work.on_start(w)
    };
    state.running = status == Status::Running;
    status
}

/// The guard-heavy NPC (`bt-gen npc <branches>`): `ReactiveFallback { ReactiveSequence { c c c t }
/// × branches, ReactiveSequence { c w } }`. The state is which branch's action is running; a tick
/// checks each branch's guards in order and ticks the first branch whose guards hold, halting
/// the action of another branch that was running, as the reactive composites do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandNpc {
    branches: usize,
    patrol: Work,
    /// The branch whose action is running (`branches`: the patrol).
    running: Option<usize>,
}

impl HandNpc {
    /// The hand-written NPC with as many guarded branches as the generated tree of `nodes` nodes
    /// (`bt-gen npc`: the root, `branches` reactive sequences of 4 leaves, and the patrol's
    /// sequence of 2 leaves, so `nodes = 1 + 5 * branches + 3`).
    pub fn for_nodes(nodes: usize) -> Self {
        assert_eq!((nodes - 4) % 5, 0, "not a `bt-gen npc` node count: {nodes}");
        Self::new((nodes - 4) / 5)
    }

    pub fn new(branches: usize) -> Self {
        HandNpc {
            branches,
            patrol: Work::new(branches as u32 * 4 + 1),
            running: None,
        }
    }

    /// Halts the action of branch `b` (the patrol for `b == branches`).
    fn halt(&mut self, b: usize, w: &mut BigWorld) {
        if b == self.branches {
            self.patrol.on_halted(w);
        } else {
            w.task_halted(b as u32 * 4 + 3);
        }
    }

    /// Branch `b`'s action answered `status`: the fallback's rule (a `Running` or `Success`
    /// branch ends the tick, pre-empting another running branch; `Failure` moves on).
    fn answered(&mut self, b: usize, status: Status, w: &mut BigWorld) -> Option<Status> {
        let previous = self.running.take();
        if status == Status::Running {
            self.running = Some(b);
        }
        if status == Status::Failure {
            return None;
        }
        if let Some(other) = previous.filter(|&other| other != b) {
            self.halt(other, w);
        }
        Some(status)
    }
}

#[inline(never)]
pub fn tick_npc(state: &mut HandNpc, w: &mut BigWorld) -> Status {
    for b in 0..state.branches {
        let base = b as u32 * 4;
        if w.cond(base) && w.cond(base + 1) && w.cond(base + 2) {
            if let Some(status) = state.answered(b, w.task(base + 3), w) {
                return status;
            }
        } else if state.running == Some(b) {
            // The branch's sequence fails at a guard: its running action is halted.
            state.running = None;
            state.halt(b, w);
        }
    }
    let patrol = state.branches;
    if !w.cond(patrol as u32 * 4) {
        if state.running == Some(patrol) {
            state.running = None;
            state.halt(patrol, w);
        }
        return Status::Failure;
    }
    let status = if state.running == Some(patrol) {
        state.patrol.on_running(w)
    } else {
        state.patrol.on_start(w)
    };
    state.answered(patrol, status, w).unwrap_or(Status::Failure)
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

/// Where the deep tree (`bt-gen deep <levels>`) is running, if anywhere.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DeepPhase {
    /// Nothing is running: the next tick starts at the current unit's condition or action.
    #[default]
    Idle,
    /// The current unit's group is running the task of its first branch.
    First,
    /// The current unit's group is running the first task of its second branch.
    SecondA,
    /// The current unit's group is running the last task of its second branch.
    SecondB,
    /// The last leaf, under every level, is running.
    Deep,
}

/// The deep tree (`bt-gen deep <levels>`): the nested `Sequence`s of the levels are one sequence
/// of units (`p G`: a condition or action, then the group `Fallback { Sequence { c t }, Sequence {
/// c t a t } }`), five per level, then the last leaf. The state is the unit and where in it a task
/// runs, so a tick goes straight to the running leaf, however deep it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandDeep {
    units: u32,
    unit: u32,
    phase: DeepPhase,
    work: Work,
}

impl HandDeep {
    pub fn new(levels: usize) -> Self {
        let units = levels as u32 * 5;
        HandDeep {
            units,
            unit: 0,
            phase: DeepPhase::Idle,
            // Seven leaves per unit, then the last leaf.
            work: Work::new(units * 7),
        }
    }
}

/// A group (`Fallback { Sequence { c t }, Sequence { c t a t } }`, leaves `g .. g + 6`), started
/// or resumed at `phase`; returns its status and, if Running, where it runs.
#[inline(always)]
fn deep_group(w: &mut BigWorld, g: u32, phase: DeepPhase) -> (Status, DeepPhase) {
    // The first branch: `Sequence { c t }`.
    let first = match phase {
        DeepPhase::Idle if w.cond(g) => w.task(g + 1),
        DeepPhase::Idle => Status::Failure,
        DeepPhase::First => w.task(g + 1),
        _ => Status::Failure, // resuming in the second branch: the first one is not ticked
    };
    match first {
        Status::Running => return (Status::Running, DeepPhase::First),
        Status::Failure => {}
        done => return (done, DeepPhase::Idle),
    }
    // The second branch: `Sequence { c t a t }`, from its start or from its running task.
    if phase != DeepPhase::SecondB {
        if phase != DeepPhase::SecondA && !w.cond(g + 2) {
            return (Status::Failure, DeepPhase::Idle);
        }
        match w.task(g + 3) {
            Status::Running => return (Status::Running, DeepPhase::SecondA),
            Status::Failure => return (Status::Failure, DeepPhase::Idle),
            _ => {}
        }
        if !w.act(g + 4) {
            return (Status::Failure, DeepPhase::Idle);
        }
    }
    match w.task(g + 5) {
        Status::Running => (Status::Running, DeepPhase::SecondB),
        done => (done, DeepPhase::Idle),
    }
}

#[inline(never)]
pub fn tick_deep(state: &mut HandDeep, w: &mut BigWorld) -> Status {
    let mut phase = state.phase;
    let mut unit = state.unit;
    let status = loop {
        if unit == state.units {
            // The last leaf; a resumed tick comes straight here.
            let status = if phase == DeepPhase::Deep {
                state.work.on_running(w)
            } else {
                state.work.on_start(w)
            };
            phase = DeepPhase::Deep;
            break status;
        }
        let base = unit * 7;
        if phase == DeepPhase::Idle {
            let ok = if base % 2 == 0 {
                w.cond(base)
            } else {
                w.act(base)
            };
            if !ok {
                break Status::Failure;
            }
        }
        let (status, running) = deep_group(w, base + 1, phase);
        phase = running;
        match status {
            Status::Success | Status::Skipped => unit += 1,
            other => break other,
        }
    };
    if status == Status::Running {
        state.unit = unit;
        state.phase = phase;
    } else {
        state.unit = 0;
        state.phase = DeepPhase::Idle;
    }
    status
}

/// The blackboard-heavy sequence (workload g) on a plain struct, without a branch in the source:
/// each `#[skip_if]` and `#[on_success]` becomes a flag that multiplies or adds to the update, and
/// everything after the `ScriptCondition(hp > 0)` is masked by its result (a failed condition
/// ends the generated `Sequence`).
#[inline(never)]
pub fn tick_board(s: &mut BoardState, _: &mut BoardWorld) -> Status {
    s.frame += 1;
    s.last_target = s.target;
    s.target = s.frame / 3 % 5;
    s.switches += u32::from(s.target != s.last_target);
    s.damage = (s.frame % 7) as i32 * 3 - s.armor;
    let hit = s.damage > 0;
    s.hp -= s.damage * i32::from(hit);
    s.hits += u32::from(hit);
    let heal = s.hp <= 50;
    s.hp += (100 - s.hp) * i32::from(heal);
    s.heals += u32::from(heal);
    let alive = s.hp > 0;
    s.alive += u32::from(alive);
    s.score += i64::from(alive) * i64::from(s.damage.max(0)) * i64::from(s.target + 1);
    let toggle = alive & (s.hits % 4 == 0);
    s.armor += (7 - 2 * s.armor) * i32::from(toggle);
    let combo = alive & (s.damage > 6);
    s.combos += u32::from(combo);
    Status::from_bool(combo)
}

/// The same work written with `if`s, as the tree is: each skipped update and the rest of the
/// sequence after a failed condition are branched over. Not the requested limit (that is
/// [`tick_board`]); measured to show what the branches buy (BENCHMARKS.md, workload g).
#[inline(never)]
pub fn tick_board_if(s: &mut BoardState, _: &mut BoardWorld) -> Status {
    s.frame += 1;
    s.last_target = s.target;
    s.target = s.frame / 3 % 5;
    if s.target != s.last_target {
        s.switches += 1;
    }
    s.damage = (s.frame % 7) as i32 * 3 - s.armor;
    if s.damage > 0 {
        s.hp -= s.damage;
        s.hits += 1;
    }
    if s.hp <= 50 {
        s.hp = 100;
        s.heals += 1;
    }
    if s.hp <= 0 {
        return Status::Failure;
    }
    s.alive += 1;
    s.score += i64::from(s.damage.max(0)) * i64::from(s.target + 1);
    if s.hits % 4 == 0 {
        s.armor = 7 - s.armor;
    }
    if s.damage <= 6 {
        return Status::Failure;
    }
    s.combos += 1;
    Status::Success
}

/// [`tick_board_if`], then the state copied into the world (for the equivalence check only).
pub fn tick_board_if_and_look(s: &mut BoardState, w: &mut BoardWorld) -> Status {
    let status = tick_board_if(s, w);
    w.seen = *s;
    status
}

/// [`tick_board`], then the state copied into the world (for the equivalence check only).
pub fn tick_board_and_look(s: &mut BoardState, w: &mut BoardWorld) -> Status {
    let status = tick_board(s, w);
    w.seen = *s;
    status
}
