//! The benchmark trees in bonsai-bt 0.14.
//!
//! * A bonsai tree's leaves are values of an action enum, executed by the closure passed to
//!   `BT::tick`; the closure calls the very same leaf code as the other implementations. bonsai
//!   has no start/running distinction and no halt (the benchmarks' leaves do not need them).
//! * Events carry a time step: an `UpdateArgs` event (here with `dt = 0`) lets a `Sequence` /
//!   `Select` move on to the next child within the same tick, as `bt` does (other events stop
//!   after each completed child).
//! * Restarting: once the root has completed, `BT::tick` returns `None` until `reset_bt()`, which
//!   rebuilds the state from a clone of the whole tree. The usual way around that,
//!   `While(WaitForever, [body])`, cannot be used here: with an update event the `While` restarts
//!   a body that completes at once within the same tick, forever (the tick never returns). So the
//!   tick functions below call `reset_bt()` before ticking a finished tree.
//! * `Sequence(..).memory(false)` / `Select(..).memory(false)` are bonsai's reactive composites;
//!   they rebuild each child's state (`State::new(child.clone())`) on every tick, which allocates
//!   for every child that is a composite.
//! * The follower (workload d) uses bonsai's blackboard, a plain struct handed to the action
//!   closure: bonsai has no ports (see `follower`).

use bonsai_bt::{Action, ActionArgs, Behavior, Event, Invert, Select, Sequence, UpdateArgs, BT};
use bt::{Condition, StatefulAction, Status, SyncAction};

use super::hand::FollowerBoard;
use super::shape::{BigAct, BigCond, Spec};
use crate::trees::ports::{self, RobotWorld, MAX_SPEED, RANGE};
use crate::trees::{
    AimAtEnemy, BigWorld, IsEnemyVisible, IsRifleLoaded, Patrol, Shoot, SniperWorld, Work,
};

fn status(s: bonsai_bt::Status) -> Status {
    match s {
        bonsai_bt::Status::Success => Status::Success,
        bonsai_bt::Status::Failure => Status::Failure,
        bonsai_bt::Status::Running => Status::Running,
    }
}

fn bonsai(s: Status) -> bonsai_bt::Status {
    match s {
        Status::Success | Status::Skipped => bonsai_bt::Status::Success,
        Status::Failure => bonsai_bt::Status::Failure,
        Status::Running => bonsai_bt::Status::Running,
    }
}

/// Ticks `bt` once with a zero time step, restarting it first if its root has completed.
#[inline(always)]
fn tick_with<A: Clone>(bt: &mut BT<A, ()>, mut leaf: impl FnMut(&A) -> Status) -> Status {
    if bt.is_finished() {
        // See the module docs: `While(WaitForever, ..)` would spin; restart explicitly.
        bt.reset_bt();
    }
    let event: Event = UpdateArgs { dt: 0.0 }.into();
    let (s, _) = bt
        .tick(&event, &mut |args: ActionArgs<Event, A>, _: &mut ()| {
            (bonsai(leaf(args.action)), args.dt)
        })
        .expect("a finished tree was reset");
    status(s)
}

// --- the sniper ----------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SniperLeaf {
    Visible,
    Loaded,
    Aim,
    Shoot,
    Patrol,
}

pub type BonsaiSniper = BT<SniperLeaf, ()>;

/// The sniper; `reactive` puts the root `Select` in memoryless mode (ReactiveFallback).
pub fn sniper(reactive: bool) -> BonsaiSniper {
    let snipe = Sequence(vec![
        Action(SniperLeaf::Visible),
        Action(SniperLeaf::Loaded),
        Action(SniperLeaf::Aim),
        Action(SniperLeaf::Shoot),
    ]);
    let root = Select(vec![snipe, Action(SniperLeaf::Patrol)]);
    BT::new(root.memory(!reactive), ())
}

#[inline(never)]
pub fn tick_sniper(bt: &mut BonsaiSniper, w: &mut SniperWorld) -> Status {
    tick_with(bt, |leaf| match leaf {
        SniperLeaf::Visible => Status::from_bool(IsEnemyVisible.check(w)),
        SniperLeaf::Loaded => Status::from_bool(IsRifleLoaded.check(w)),
        SniperLeaf::Aim => AimAtEnemy.execute(w).into(),
        SniperLeaf::Shoot => Shoot.execute(w).into(),
        SniperLeaf::Patrol => Patrol::step(w),
    })
}

// --- the generated trees -------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BigLeaf {
    Cond(u32),
    Act(u32),
    Task(u32),
    Work(u32),
}

pub type BonsaiBig = BT<BigLeaf, ()>;

fn behavior(spec: &Spec) -> Behavior<BigLeaf> {
    let all = |c: &[Spec]| c.iter().map(behavior).collect::<Vec<_>>();
    match spec {
        Spec::Sequence(c) => Sequence(all(c)),
        Spec::Fallback(c) => Select(all(c)),
        Spec::ReactiveSequence(c) => Sequence(all(c)).memory(false),
        Spec::ReactiveFallback(c) => Select(all(c)).memory(false),
        Spec::Inverter(c) => Invert(Box::new(behavior(c))),
        Spec::Condition(id) => Action(BigLeaf::Cond(*id)),
        Spec::Action(id) => Action(BigLeaf::Act(*id)),
        Spec::Task(id) => Action(BigLeaf::Task(*id)),
        Spec::Work(id) => Action(BigLeaf::Work(*id)),
    }
}

pub fn big(spec: &Spec) -> BonsaiBig {
    BT::new(behavior(spec), ())
}

#[inline(never)]
pub fn tick_big(bt: &mut BonsaiBig, w: &mut BigWorld) -> Status {
    tick_with(bt, |leaf| match *leaf {
        BigLeaf::Cond(id) => Status::from_bool(BigCond(id).check(w)),
        BigLeaf::Act(id) => BigAct(id).execute(w).into(),
        BigLeaf::Task(id) => w.task(id),
        BigLeaf::Work(id) => Work::new(id).on_running(w),
    })
}

// --- the follower (ports, workload d) ------------------------------------------------------

/// bonsai-bt's blackboard is a value of the user's type `B`, handed to the action closure
/// (`BT<A, B>`); it has no ports and no remapping. So the follower's leaves read and write the
/// fields of a plain struct, as the hand-written version does, and `SkipUnlessUpdated(goal)` is
/// emulated with a version counter that the planning leaf bumps and the publishing leaf compares.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BonsaiBoard {
    pub board: FollowerBoard,
    pub goal_version: u64,
    pub goal_seen: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FollowerLeaf {
    Sense,
    InRange,
    Plan,
    PublishIfUpdated,
    Steer,
    Drive,
    ResetTrip,
}

pub type BonsaiFollower = BT<FollowerLeaf, BonsaiBoard>;

/// The follower: a memoryless `Sequence` (ReactiveSequence) of the leaves.
pub fn follower() -> BonsaiFollower {
    use FollowerLeaf::*;
    let leaves = [
        Sense,
        InRange,
        Plan,
        PublishIfUpdated,
        Steer,
        Drive,
        ResetTrip,
    ];
    let root = Sequence(leaves.into_iter().map(Action).collect()).memory(false);
    BT::new(root, BonsaiBoard::default())
}

#[inline(never)]
pub fn tick_follower(bt: &mut BonsaiFollower, w: &mut RobotWorld) -> Status {
    if bt.is_finished() {
        // See the module docs: restart a finished tree explicitly.
        bt.reset_bt();
    }
    let event: Event = UpdateArgs { dt: 0.0 }.into();
    let (s, _) = bt
        .tick(
            &event,
            &mut |args: ActionArgs<Event, FollowerLeaf>, bb: &mut BonsaiBoard| {
                let status = match args.action {
                    FollowerLeaf::Sense => {
                        bb.board.target = ports::sense_target(w);
                        Status::Success
                    }
                    FollowerLeaf::InRange => {
                        Status::from_bool(ports::in_range(w, bb.board.target, RANGE))
                    }
                    FollowerLeaf::Plan => {
                        if let Some(goal) = ports::plan_goal(w, bb.board.target, bb.board.goal) {
                            bb.board.goal = goal;
                            bb.goal_version += 1;
                        }
                        Status::Success
                    }
                    FollowerLeaf::PublishIfUpdated => {
                        if bb.goal_version != bb.goal_seen {
                            bb.goal_seen = bb.goal_version;
                            bb.board.published =
                                ports::publish_goal(w, bb.board.goal, bb.board.published);
                        }
                        Status::Success
                    }
                    FollowerLeaf::Steer => {
                        bb.board.command = ports::steer(w, bb.board.goal, MAX_SPEED);
                        Status::Success
                    }
                    FollowerLeaf::Drive => {
                        let (status, steps) =
                            ports::drive(w, bb.board.command, bb.board.trip_steps);
                        bb.board.trip_steps = steps;
                        status
                    }
                    FollowerLeaf::ResetTrip => {
                        bb.board.trip_steps = 0;
                        Status::Success
                    }
                };
                (bonsai(status), args.dt)
            },
        )
        .expect("a finished tree was reset");
    status(s)
}
