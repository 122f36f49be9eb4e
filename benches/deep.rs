//! Workload (f): a deep tree with many stateful leaves, resuming its deepest running leaf. The
//! tree of `benches/trees/deep_1000.rs` (`bt-gen deep 20`): 1,021 nodes, 20 nested `Sequence`s
//! (one per level, each with five condition-or-action leaves and five groups `Fallback { Sequence
//! { c t }, Sequence { c t a t } }`), 301 stateful leaves (300 tasks that run 0–2 ticks, then
//! succeed, and the last leaf, at depth 20, which keeps running). Once every task has finished,
//! each tick resumes that last leaf.
//!
//! The generated tree resumes the running leaf directly (every one of the 301 stateful leaves has
//! a resume code, a `u16` here), so a tick jumps to the depth-20 leaf as the hand-written version
//! does, which keeps the running unit and phase. (Until commit 535604b the macro resumed directly
//! only in trees of at most 64 such leaves, and this tree walked from the root through the 20
//! `Sequence`s: 27.6–31.6 ns.)
//!
//! Implementations: the generated tree, a hand-written state machine, a `Box<dyn Node>` tree,
//! bonsai-bt 0.14, behavior-tree-lite 0.3. See BENCHMARKS.md.

use criterion::measurement::Measurement;
use criterion::Criterion;

#[macro_use]
#[path = "support/mod.rs"]
mod support;
// The trees, compiled once for every bench binary (`benches/trees/`, the package
// `bt-bench-trees`).
use bt_bench_trees as trees;

use bt::Status;
use support::shape::{self, Spec};
use support::{bonsai, btl, dyn_tree, hand, tick_generated};
use trees::deep_1000 as tree;
use trees::BigWorld;

fn deep<M: Measurement>(c: &mut Criterion<M>) {
    let spec: Spec = shape::parse(tree::SHAPE);
    assert_eq!(spec.nodes(), tree::NODES);
    // Ticks until every task has finished and the last leaf runs (the steady state).
    let approach = {
        let mut tree = tree::Deep1000::new();
        let mut world = BigWorld::new(tree::FLAGS);
        let mut ticks = 0;
        while world.work_steps == 0 {
            assert_eq!(tick_generated(&mut tree, &mut world), Status::Running);
            ticks += 1;
        }
        ticks
    };
    assert!(approach > 100, "{approach}");
    workload!(
        c,
        "deep_resume",
        tree::NODES,
        ticks = approach + 50,
        warmup = approach,
        world = BigWorld::new(tree::FLAGS),
        [
            ("generated", tree::Deep1000::new(), tick_generated),
            (
                "hand-written",
                hand::HandDeep::new(tree::RUNNING_DEPTH),
                hand::tick_deep
            ),
            ("box-dyn", support::dyn_big(&spec), dyn_tree::tick),
            ("bonsai-bt", bonsai::big(&spec), bonsai::tick_big),
            ("behavior-tree-lite", btl::big(&spec), btl::tick_big),
        ]
    );
}

bench_main!(deep);
