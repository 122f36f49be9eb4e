//! Workloads (i), (j) and (k), trees of the newer kinds on a manual clock
//! (`benches/trees/field.rs`): the robot mission (`Switch`, `Parallel` with thresholds,
//! `Timeout`, `Delay`, `TryCatch`), the foraging NPC (an observer selector with
//! `Observe(.., abort = lower)`, `Cooldown`, `ProbabilitySelector`, `RepeatTimes`,
//! `RepeatUntil`) and the warehouse patrol (`WhileDoElse`, `IndexSwitch`, `BinarySelector`,
//! `ParallelAll`, `PolicyParallel`, `MaxTime`, `Deadline`, `Wait`, `RepeatTimes`,
//! `RepeatUntil`). Workload (l), the navigation tree of `benches/trees/nav.rs`, is made of the
//! user's own control nodes and decorators (a recovery node, a pipeline sequence, a rate
//! controller, a round robin), with the clock moved before every tick by both implementations.
//!
//! Implementations: the generated tree and a hand-written state machine
//! (`benches/support/hand_field.rs`), checked equal tick by tick before the timing. See
//! BENCHMARKS.md.

use criterion::{criterion_group, criterion_main, Criterion};

#[macro_use]
#[path = "support/mod.rs"]
mod support;
// The trees, compiled once for every bench binary (`benches/trees/`, the package
// `bt-bench-trees`).
use bt_bench_trees as trees;

use support::{hand_field, hand_nav, tick_generated};
use trees::field::{
    FieldWorld, Forager, Mission, Patrol, FORAGER_NODES, MISSION_NODES, PATROL_NODES,
};
use trees::nav::{tick_nav, Nav, NAV_NODES};

/// Ticks of the equivalence check: more than a whole cycle of the mission's modes (120 ticks)
/// and of the forager's guards.
const TICKS: usize = 1_000;

fn mission(c: &mut Criterion) {
    workload!(
        c,
        "mission",
        MISSION_NODES,
        ticks = TICKS,
        world = FieldWorld::new(),
        [
            ("generated", Mission::new(), tick_generated),
            (
                "hand-written",
                hand_field::HandMission::new(),
                hand_field::tick_mission
            ),
        ]
    );
}

fn forager(c: &mut Criterion) {
    workload!(
        c,
        "forager",
        FORAGER_NODES,
        ticks = TICKS,
        world = FieldWorld::new(),
        [
            ("generated", Forager::new(), tick_generated),
            (
                "hand-written",
                hand_field::HandForager::new(),
                hand_field::tick_forager
            ),
        ]
    );
}

fn patrol(c: &mut Criterion) {
    workload!(
        c,
        "patrol",
        PATROL_NODES,
        ticks = TICKS,
        world = FieldWorld::new(),
        [
            ("generated", Patrol::new(), tick_generated),
            (
                "hand-written",
                hand_field::HandPatrol::new(),
                hand_field::tick_patrol
            ),
        ]
    );
}

fn nav(c: &mut Criterion) {
    workload!(
        c,
        "nav",
        NAV_NODES,
        ticks = TICKS,
        world = FieldWorld::new(),
        [
            ("generated", Nav::new(), tick_nav),
            ("hand-written", hand_nav::HandNav::new(), hand_nav::tick_nav),
        ]
    );
}

criterion_group!(benches, mission, forager, patrol, nav);
criterion_main!(benches);
