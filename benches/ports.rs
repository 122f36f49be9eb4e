//! Workload (d): a port-heavy tree, `ports` group. The follower of `benches/trees/ports.rs`: a
//! `ReactiveSequence` of six leaves with ports and a script; every tick writes and reads the
//! blackboard through 8–10 entry bindings and 2 expression bindings (sense → target, in range?,
//! plan → `#[tracked]` goal, publish the goal if it changed (an in-out counter), steer → command,
//! drive (an in-out counter), reset the trip counter after an arrival). Statuses cycle through
//! Running and Success; no tick allocates in the generated tree.
//!
//! Implementations, all calling the same leaf functions (`trees::ports::{sense_target, ..}`):
//!
//! * `generated`: the `behavior_tree!` tree (blackboard struct, ports as leaf fields);
//! * `hand-written`: the leaf functions called in order on a plain struct blackboard (the limit);
//! * `box-dyn`: a `Box<dyn Node>` tree with a dynamic blackboard (`support/dyn_bb.rs`): entries
//!   by name, type-erased, each port access looked up in the leaf's port map and the blackboard;
//! * `bonsai-bt`: bonsai-bt 0.14 has no ports: its blackboard is a user type handed to the action
//!   closure, so its leaves read and write a plain struct, like the hand-written version, and
//!   `SkipUnlessUpdated` is emulated with a version counter (`support/bonsai.rs`);
//! * `behavior-tree-lite`: behavior-tree-lite 0.3 with its own ports, port remapping and
//!   `HashMap<Symbol, Rc<dyn Any>>` blackboard (`support/btl.rs`).
//!
//! See BENCHMARKS.md.

use criterion::{criterion_group, criterion_main, Criterion};

#[macro_use]
#[path = "support/mod.rs"]
mod support;
// The trees, compiled once for every bench binary (`benches/trees/`, the package
// `bt-bench-trees`).
use bt_bench_trees as trees;

use bt::Status;
use support::{bonsai, btl, dyn_bb, dyn_follower, hand, tick_generated};
use trees::ports::RobotWorld;

const TICKS: usize = 100;

fn ports(c: &mut Criterion) {
    // The workload really cycles through Running and Success and re-plans (checked once here; the
    // equivalence check below compares every implementation with the generated tree).
    let run = support::record(
        TICKS,
        trees::ports::Follower::new(),
        RobotWorld::new(),
        tick_generated,
    );
    let running = run.iter().filter(|(s, _)| *s == Status::Running).count();
    let (_, last) = run.last().expect("ticks");
    assert!(
        running > TICKS / 10 && running < TICKS * 9 / 10,
        "{running}"
    );
    assert!(last.published.1 > 10 && last.trips > 10, "{last:?}");

    workload!(
        c,
        "ports",
        "follower",
        ticks = TICKS,
        world = RobotWorld::new(),
        [
            ("generated", trees::ports::Follower::new(), tick_generated),
            (
                "hand-written",
                hand::HandFollower::default(),
                hand::tick_follower
            ),
            ("box-dyn", dyn_follower(), dyn_bb::tick),
            ("bonsai-bt", bonsai::follower(), bonsai::tick_follower),
            ("behavior-tree-lite", btl::follower(), btl::tick_follower),
        ]
    );
}

criterion_group!(benches, ports);
criterion_main!(benches);
