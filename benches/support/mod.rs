//! What the bench binaries share: the other implementations of the benchmark trees (hand-written,
//! `Box<dyn Node>`, bonsai-bt, behavior-tree-lite), the equivalence check and the timing helper.
//!
//! Each implementation's tick is a function marked `#[inline(never)]`, so that every
//! implementation pays the same one call per tick and none is inlined into the timing loop.

#![allow(dead_code)]

pub mod bonsai;
pub mod btl;
pub mod dyn_bb;
pub mod dyn_tree;
pub mod hand;
pub mod shape;

use std::fmt::Debug;
use std::hint::black_box;

use bt::{BehaviorTree, Outcome, Status};
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, BenchmarkId};

use crate::trees::ports::{self, Command, Goal, RobotWorld, MAX_SPEED, RANGE};
use crate::trees::{AimAtEnemy, IsEnemyVisible, IsRifleLoaded, Patrol, Shoot, SniperWorld};
use dyn_bb::{entry, value, PortMap};

/// The sniper as a `Box<dyn Node>` tree (`reactive`: under a `ReactiveFallback`).
pub fn dyn_sniper(reactive: bool) -> dyn_tree::BoxNode<SniperWorld> {
    let snipe = dyn_tree::sequence(vec![
        dyn_tree::condition(IsEnemyVisible),
        dyn_tree::condition(IsRifleLoaded),
        dyn_tree::action(AimAtEnemy),
        dyn_tree::action(Shoot),
    ]);
    let children = vec![snipe, dyn_tree::stateful(Patrol)];
    if reactive {
        dyn_tree::reactive_fallback(children)
    } else {
        dyn_tree::fallback(children)
    }
}

/// The follower as a `Box<dyn Node>` tree with a dynamic blackboard.
pub fn dyn_follower() -> dyn_bb::Tree<RobotWorld> {
    let mut bb = dyn_bb::Blackboard::default();
    bb.declare("target", (0.0f32, 0.0f32));
    bb.declare("goal", Goal::default());
    bb.declare("command", Command::default());
    bb.declare("published", 0u32);
    bb.declare("trip_steps", 0u32);
    let root = dyn_bb::reactive_sequence(vec![
        dyn_bb::action(PortMap::new([("target", entry("target"))]), |w, p| {
            p.set("target", ports::sense_target(w));
            Outcome::Success
        }),
        dyn_bb::condition(
            PortMap::new([("target", entry("target")), ("range", value(RANGE))]),
            |w, p| ports::in_range(w, p.get("target"), p.get("range")),
        ),
        dyn_bb::action(
            PortMap::new([("target", entry("target")), ("goal", entry("goal"))]),
            |w, p| {
                if let Some(goal) = ports::plan_goal(w, p.get("target"), p.get("goal")) {
                    p.set("goal", goal);
                }
                Outcome::Success
            },
        ),
        dyn_bb::skip_unless_updated(
            "goal",
            dyn_bb::action(
                PortMap::new([("goal", entry("goal")), ("seq", entry("published"))]),
                |w, p| {
                    let seq = ports::publish_goal(w, p.get("goal"), p.get("seq"));
                    p.set("seq", seq);
                    Outcome::Success
                },
            ),
        ),
        dyn_bb::action(
            PortMap::new([
                ("goal", entry("goal")),
                ("max_speed", value(MAX_SPEED)),
                ("command", entry("command")),
            ]),
            |w, p| {
                p.set(
                    "command",
                    ports::steer(w, p.get("goal"), p.get("max_speed")),
                );
                Outcome::Success
            },
        ),
        dyn_bb::stateful(
            PortMap::new([
                ("command", entry("command")),
                ("steps", entry("trip_steps")),
            ]),
            |w, p, _running| {
                let (status, steps) = ports::drive(w, p.get("command"), p.get("steps"));
                p.set("steps", steps);
                status
            },
            |w, _| ports::drive_halted(w),
        ),
        dyn_bb::script(|bb| bb.set("trip_steps", 0u32)),
    ]);
    dyn_bb::Tree::new(root, bb)
}

/// Ticks a generated tree.
#[inline(never)]
pub fn tick_generated<T: BehaviorTree>(tree: &mut T, w: &mut T::Context) -> Status {
    tree.tick(w)
}

/// A generated tree (its `SHAPE`) as a `Box<dyn Node>` tree.
pub fn dyn_big(spec: &shape::Spec) -> dyn_tree::BoxNode<crate::trees::BigWorld> {
    use shape::{BigAct, BigCond, Spec};
    let all = |c: &[Spec]| c.iter().map(dyn_big).collect::<Vec<_>>();
    match spec {
        Spec::Sequence(c) => dyn_tree::sequence(all(c)),
        Spec::ReactiveSequence(c) => dyn_tree::reactive_sequence(all(c)),
        Spec::ReactiveFallback(c) => dyn_tree::reactive_fallback(all(c)),
        Spec::Inverter(c) => dyn_tree::inverter(dyn_big(c)),
        Spec::Condition(id) => dyn_tree::condition(BigCond(*id)),
        Spec::Action(id) => dyn_tree::action(BigAct(*id)),
        Spec::Work(id) => dyn_tree::stateful(crate::trees::Work::new(*id)),
    }
}

/// Ticks `tree` `ticks` times from a fresh `world` and records each status and the world after
/// each tick.
pub fn record<T, W: Clone>(
    ticks: usize,
    mut tree: T,
    mut world: W,
    mut tick: impl FnMut(&mut T, &mut W) -> Status,
) -> Vec<(Status, W)> {
    (0..ticks)
        .map(|_| {
            let status = tick(&mut tree, &mut world);
            (status, world.clone())
        })
        .collect()
}

/// Asserts that `run` (implementation `name`) has the same statuses, leaf calls (the world's
/// probe) and world changes as `reference`, tick by tick.
pub fn assert_same<W: PartialEq + Debug>(
    workload: &str,
    reference: &[(Status, W)],
    name: &str,
    run: &[(Status, W)],
) {
    assert_eq!(reference.len(), run.len());
    for (tick, ((s0, w0), (s1, w1))) in reference.iter().zip(run).enumerate() {
        assert_eq!(
            s0, s1,
            "{workload}: {name} returned {s1:?} on tick {tick}, the generated tree {s0:?}"
        );
        if w0 != w1 {
            let mut a = format!("{w0:?}");
            let mut b = format!("{w1:?}");
            a.truncate(2000);
            b.truncate(2000);
            panic!(
                "{workload}: after tick {tick}, {name} left the world\n  {b}\nthe generated tree\n  {a}"
            );
        }
    }
    eprintln!(
        "{workload}: {name} is equivalent to the generated tree over {} ticks",
        run.len()
    );
}

/// Times `tick` on `tree` and `world`, after `warmup` untimed ticks (to reach the steady state).
pub fn time<T, W>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    id: BenchmarkId,
    mut tree: T,
    mut world: W,
    warmup: usize,
    mut tick: impl FnMut(&mut T, &mut W) -> Status,
) {
    for _ in 0..warmup {
        tick(&mut tree, &mut world);
    }
    group.bench_function(id, |b| {
        b.iter(|| tick(black_box(&mut tree), black_box(&mut world)))
    });
}

/// One workload: first the equivalence check of every implementation against the first one (the
/// generated tree) over `ticks` ticks from a fresh tree and world, then the timing of each
/// implementation (fresh tree and world, one untimed tick first) in one criterion group.
///
/// ```text
/// workload!(criterion, "group", parameter, ticks = 100, world = make_world(), [
///     ("generated", make_tree(), tick_fn),
///     ...
/// ]);
/// ```
macro_rules! workload {
    ($c:expr, $group:expr, $param:expr, ticks = $ticks:expr, world = $world:expr,
     [($name0:expr, $make0:expr, $tick0:expr) $(, ($name:expr, $make:expr, $tick:expr))* $(,)?]) => {{
        let group_name: &str = $group;
        let workload = format!("{}/{}", group_name, $param);
        let reference = $crate::support::record($ticks, $make0, $world, $tick0);
        $(
            let run = $crate::support::record($ticks, $make, $world, $tick);
            $crate::support::assert_same(&workload, &reference, $name, &run);
        )*
        let mut group = $c.benchmark_group(group_name);
        $crate::support::time(
            &mut group,
            criterion::BenchmarkId::new($name0, $param),
            $make0,
            $world,
            1,
            $tick0,
        );
        $(
            $crate::support::time(
                &mut group,
                criterion::BenchmarkId::new($name, $param),
                $make,
                $world,
                1,
                $tick,
            );
        )*
        group.finish();
    }};
}
