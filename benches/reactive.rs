//! Workload (b): a reactive tree of about 1,000 nodes (996: `bt-gen reactive 71`, see
//! `benches/trees/reactive_1000.rs`) whose 710 conditions and actions are all ticked again on
//! every tick, in front of a stateful leaf that keeps running.
//!
//! Also the guard-heavy reactive NPC (`reactive_npc`, `benches/trees/npc.rs`): five guarded
//! branches and a running patrol under a `ReactiveFallback`.
//!
//! Implementations: the generated tree, a hand-written loop (reactive_1000 also written out group
//! by group), a `Box<dyn Node>` tree, bonsai-bt 0.14, behavior-tree-lite 0.3. See BENCHMARKS.md.

use criterion::{criterion_group, criterion_main, Criterion};

#[macro_use]
#[path = "support/mod.rs"]
mod support;
// The trees, compiled once for every bench binary (`benches/trees/`, the package
// `bt-bench-trees`).
use bt_bench_trees as trees;

use support::shape::{self, Spec};
use support::{bonsai, btl, dyn_tree, hand, tick_generated};
use trees::reactive_1000 as tree;
use trees::BigWorld;

const TICKS: usize = 100;

fn reactive(c: &mut Criterion) {
    let spec: Spec = shape::parse(tree::SHAPE);
    assert_eq!(spec.nodes(), tree::NODES);
    let groups = (tree::NODES as u32 - 2) / 14;
    workload!(
        c,
        "reactive_1000",
        tree::NODES,
        ticks = TICKS,
        world = BigWorld::new(tree::FLAGS),
        [
            ("generated", tree::Reactive1000::new(), tick_generated),
            (
                "hand-written",
                hand::HandReactive::new(groups),
                hand::tick_reactive
            ),
            (
                "hand-written-unrolled",
                hand::HandReactive::new(groups),
                hand::tick_reactive_unrolled
            ),
            ("box-dyn", support::dyn_big(&spec), dyn_tree::tick),
            ("bonsai-bt", bonsai::big(&spec), bonsai::tick_big),
            ("behavior-tree-lite", btl::big(&spec), btl::tick_big),
        ]
    );
}

/// The guard-heavy NPC (`benches/trees/npc.rs`): a `ReactiveFallback` of five guarded branches
/// and a running patrol; every tick re-checks the guards, then resumes the patrol.
fn npc(c: &mut Criterion) {
    use trees::npc;
    let spec: Spec = shape::parse(npc::SHAPE);
    assert_eq!(spec.nodes(), npc::NODES);
    workload!(
        c,
        "reactive_npc",
        npc::NODES,
        ticks = TICKS,
        world = BigWorld::new(npc::FLAGS),
        [
            ("generated", npc::Npc::new(), tick_generated),
            (
                "hand-written",
                hand::HandNpc::for_nodes(npc::NODES),
                hand::tick_npc
            ),
            ("box-dyn", support::dyn_big(&spec), dyn_tree::tick),
            ("bonsai-bt", bonsai::big(&spec), bonsai::tick_big),
            ("behavior-tree-lite", btl::big(&spec), btl::tick_big),
        ]
    );
}

criterion_group!(benches, reactive, npc);
criterion_main!(benches);
