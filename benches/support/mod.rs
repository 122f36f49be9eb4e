//! What the bench binaries share: the other implementations of the benchmark trees (hand-written,
//! `Box<dyn Node>`, bonsai-bt, behavior-tree-lite), the equivalence check and the timing helper.
//!
//! Each implementation's tick is a function marked `#[inline(never)]`, so that every
//! implementation pays the same one call per tick and none is inlined into the timing loop.

#![allow(dead_code)]

pub mod bonsai;
pub mod btl;
#[macro_use]
pub mod clock;
pub mod dyn_bb;
pub mod dyn_tree;
pub mod hand;
pub mod hand_field;
pub mod hand_nav;
pub mod shape;

use std::fmt::Debug;
use std::hint::black_box;

use bt::{BehaviorTree, Outcome, Status};
use criterion::measurement::Measurement;
use criterion::{BenchmarkGroup, BenchmarkId};

use crate::trees::blackboard::{BoardState, BoardWorld};
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

/// The blackboard-heavy sequence (workload g) as a `Box<dyn Node>` tree with a dynamic
/// blackboard: entries by name, type-erased; every script reads and writes them by name
/// (`bb.get::<T>("name")`, `bb.set("name", value)`), as BehaviorTree.CPP's scripts do.
pub fn dyn_board() -> dyn_bb::Tree<BoardWorld> {
    let mut bb = dyn_bb::Blackboard::default();
    let init = BoardState::default();
    bb.declare("frame", init.frame);
    bb.declare("target", init.target);
    bb.declare("last_target", init.last_target);
    bb.declare("switches", init.switches);
    bb.declare("armor", init.armor);
    bb.declare("damage", init.damage);
    bb.declare("hp", init.hp);
    bb.declare("hits", init.hits);
    bb.declare("heals", init.heals);
    bb.declare("alive", init.alive);
    bb.declare("score", init.score);
    bb.declare("combos", init.combos);
    fn add_u32(bb: &mut dyn_bb::Blackboard, key: &str, n: u32) {
        let v: u32 = bb.get(key);
        bb.set(key, v + n);
    }
    let skip_if =
        |f: fn(&dyn_bb::Blackboard) -> bool| -> Option<dyn_bb::SkipIf> { Some(Box::new(f)) };
    let on_success =
        |f: fn(&mut dyn_bb::Blackboard)| -> Option<dyn_bb::OnSuccess> { Some(Box::new(f)) };
    let root = dyn_bb::sequence(vec![
        dyn_bb::script(|bb| add_u32(bb, "frame", 1)),
        dyn_bb::script(|bb| {
            let v: u32 = bb.get("target");
            bb.set("last_target", v);
        }),
        dyn_bb::script(|bb| {
            let frame: u32 = bb.get("frame");
            bb.set("target", frame / 3 % 5);
        }),
        dyn_bb::guarded(
            skip_if(|bb| bb.get::<u32>("target") == bb.get::<u32>("last_target")),
            None,
            dyn_bb::script(|bb| add_u32(bb, "switches", 1)),
        ),
        dyn_bb::script(|bb| {
            let frame: u32 = bb.get("frame");
            let armor: i32 = bb.get("armor");
            bb.set("damage", (frame % 7) as i32 * 3 - armor);
        }),
        dyn_bb::guarded(
            skip_if(|bb| bb.get::<i32>("damage") <= 0),
            on_success(|bb| add_u32(bb, "hits", 1)),
            dyn_bb::script(|bb| {
                let hp: i32 = bb.get("hp");
                let damage: i32 = bb.get("damage");
                bb.set("hp", hp - damage);
            }),
        ),
        dyn_bb::guarded(
            skip_if(|bb| bb.get::<i32>("hp") > 50),
            on_success(|bb| add_u32(bb, "heals", 1)),
            dyn_bb::script(|bb| bb.set("hp", 100i32)),
        ),
        dyn_bb::guarded(
            None,
            on_success(|bb| add_u32(bb, "alive", 1)),
            dyn_bb::script_condition(|bb| bb.get::<i32>("hp") > 0),
        ),
        dyn_bb::script(|bb| {
            let score: i64 = bb.get("score");
            let damage: i32 = bb.get("damage");
            let target: u32 = bb.get("target");
            bb.set(
                "score",
                score + i64::from(damage.max(0)) * i64::from(target + 1),
            );
        }),
        dyn_bb::guarded(
            skip_if(|bb| bb.get::<u32>("hits") % 4 != 0),
            None,
            dyn_bb::script(|bb| {
                let armor: i32 = bb.get("armor");
                bb.set("armor", 7 - armor);
            }),
        ),
        dyn_bb::guarded(
            None,
            on_success(|bb| add_u32(bb, "combos", 1)),
            dyn_bb::script_condition(|bb| bb.get::<i32>("damage") > 6),
        ),
    ]);
    dyn_bb::Tree::new(root, bb)
}

/// [`dyn_bb::tick`] on the board, then its blackboard copied into the world (for the equivalence
/// check only).
pub fn dyn_board_and_look(tree: &mut dyn_bb::Tree<BoardWorld>, w: &mut BoardWorld) -> Status {
    let status = dyn_bb::tick(tree, w);
    let bb = &tree.bb;
    w.seen = BoardState {
        frame: bb.get("frame"),
        target: bb.get("target"),
        last_target: bb.get("last_target"),
        switches: bb.get("switches"),
        armor: bb.get("armor"),
        damage: bb.get("damage"),
        hp: bb.get("hp"),
        hits: bb.get("hits"),
        heals: bb.get("heals"),
        alive: bb.get("alive"),
        score: bb.get("score"),
        combos: bb.get("combos"),
    };
    status
}

/// Ticks a generated tree.
#[inline(never)]
pub fn tick_generated<T: BehaviorTree>(tree: &mut T, w: &mut T::Context) -> Status {
    tree.tick(w)
}

/// A generated tree (its `SHAPE`) as a `Box<dyn Node>` tree.
pub fn dyn_big(spec: &shape::Spec) -> dyn_tree::BoxNode<crate::trees::BigWorld> {
    use shape::{BigAct, BigCond, BigTask, Spec};
    let all = |c: &[Spec]| c.iter().map(dyn_big).collect::<Vec<_>>();
    match spec {
        Spec::Sequence(c) => dyn_tree::sequence(all(c)),
        Spec::Fallback(c) => dyn_tree::fallback(all(c)),
        Spec::ReactiveSequence(c) => dyn_tree::reactive_sequence(all(c)),
        Spec::ReactiveFallback(c) => dyn_tree::reactive_fallback(all(c)),
        Spec::Inverter(c) => dyn_tree::inverter(dyn_big(c)),
        Spec::Condition(id) => dyn_tree::condition(BigCond(*id)),
        Spec::Action(id) => dyn_tree::action(BigAct(*id)),
        Spec::Task(id) => dyn_tree::stateful(BigTask(*id)),
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
pub fn time<T, W, M: Measurement>(
    group: &mut BenchmarkGroup<'_, M>,
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
/// implementation (fresh tree and world, one untimed tick first, or `warmup` ticks) in one
/// criterion group.
///
/// ```text
/// workload!(criterion, "group", parameter, ticks = 100, [warmup = 1,] world = make_world(), [
///     ("generated", make_tree(), tick_fn),
///     ...
/// ]);
/// ```
macro_rules! workload {
    ($c:expr, $group:expr, $param:expr, ticks = $ticks:expr, world = $world:expr,
     [$(($name:expr, $make:expr, $tick:expr)),+ $(,)?]) => {
        workload!($c, $group, $param, ticks = $ticks, warmup = 1, world = $world,
                  [$(($name, $make, $tick)),+])
    };
    ($c:expr, $group:expr, $param:expr, ticks = $ticks:expr, warmup = $warmup:expr,
     world = $world:expr,
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
            $warmup,
            $tick0,
        );
        $(
            $crate::support::time(
                &mut group,
                criterion::BenchmarkId::new($name, $param),
                $make,
                $world,
                $warmup,
                $tick,
            );
        )*
        group.finish();
    }};
}
