//! Workload (a): the sniper, a small tree (`Fallback { Sequence { visible? loaded? aim shoot },
//! Patrol }`), in three groups:
//!
//! * `sniper_running`: no enemy; the patrol keeps running (the `Fallback` resumes it each tick);
//! * `sniper_restart`: an enemy in sight; the sequence succeeds on every tick, so the tree
//!   finishes and restarts on every tick;
//! * `sniper_reactive_running`: the same tree under a `ReactiveFallback` (the user guide's first
//!   tree): the patrol keeps running and the first condition is checked again on every tick.
//!
//! Implementations: the generated tree, a hand-written state machine, a `Box<dyn Node>` tree,
//! bonsai-bt 0.14, behavior-tree-lite 0.3. See BENCHMARKS.md.

use criterion::{criterion_group, criterion_main, Criterion};

#[macro_use]
#[path = "support/mod.rs"]
mod support;
// The trees, compiled once for every bench binary (`benches/trees/`, the package
// `bt-bench-trees`).
use bt_bench_trees as trees;

use support::{bonsai, btl, dyn_sniper, dyn_tree, hand, tick_generated};
use trees::SniperWorld;

const TICKS: usize = 100;

fn sniper(c: &mut Criterion) {
    for (group, visible) in [("sniper_running", false), ("sniper_restart", true)] {
        workload!(
            c,
            group,
            "sniper",
            ticks = TICKS,
            world = SniperWorld::new(visible),
            [
                ("generated", trees::Sniper::new(), tick_generated),
                (
                    "hand-written",
                    hand::HandSniper::default(),
                    hand::tick_sniper
                ),
                ("box-dyn", dyn_sniper(false), dyn_tree::tick),
                ("bonsai-bt", bonsai::sniper(false), bonsai::tick_sniper),
                ("behavior-tree-lite", btl::sniper(false), btl::tick_sniper),
            ]
        );
    }
    workload!(
        c,
        "sniper_reactive_running",
        "sniper",
        ticks = TICKS,
        world = SniperWorld::new(false),
        [
            ("generated", trees::ReactiveSniper::new(), tick_generated),
            (
                "hand-written",
                hand::HandReactiveSniper::default(),
                hand::tick_reactive_sniper
            ),
            ("box-dyn", dyn_sniper(true), dyn_tree::tick),
            ("bonsai-bt", bonsai::sniper(true), bonsai::tick_sniper),
            ("behavior-tree-lite", btl::sniper(true), btl::tick_sniper),
        ]
    );
}

criterion_group!(benches, sniper);
criterion_main!(benches);
