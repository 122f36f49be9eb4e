//! Workload (c): memory trees of 10, 1,000 and 10,000 nodes (`bt-gen memory N`, see
//! `benches/trees/memory_*.rs`): nested `Sequence`s whose earlier children have all succeeded and
//! whose last leaf, the deepest on the last-child path, is a stateful action that keeps running.
//! After the first (untimed) tick, every tick resumes that leaf: the cost should follow the depth
//! (1, 3, 4), not the size.
//!
//! Implementations: the generated tree, a hand-written cursor over the leaves, a `Box<dyn Node>`
//! tree, bonsai-bt 0.14, behavior-tree-lite 0.3. See BENCHMARKS.md.

use criterion::{criterion_group, criterion_main, Criterion};

#[macro_use]
#[path = "support/mod.rs"]
mod support;
// The trees, compiled once for every bench binary (`benches/trees/`, the package
// `bt-bench-trees`).
// bt-bench-trees and the 10,000-node tree (bt-bench-huge re-exports the first).
use bt_bench_huge as trees;

use support::shape::{self, Spec};
use support::{bonsai, btl, dyn_tree, hand, tick_generated};
use trees::BigWorld;

const TICKS: usize = 50;

macro_rules! memory {
    ($c:expr, $module:ident :: $tree:ident) => {{
        use trees::$module as tree;
        let spec: Spec = shape::parse(tree::SHAPE);
        assert_eq!(spec.nodes(), tree::NODES);
        workload!(
            $c,
            "memory_resume",
            tree::NODES,
            ticks = TICKS,
            world = BigWorld::new(tree::FLAGS),
            [
                ("generated", tree::$tree::new(), tick_generated),
                (
                    "hand-written",
                    hand::HandMemory::new(tree::LEAVES),
                    hand::tick_memory
                ),
                ("box-dyn", support::dyn_big(&spec), dyn_tree::tick),
                ("bonsai-bt", bonsai::big(&spec), bonsai::tick_big),
                ("behavior-tree-lite", btl::big(&spec), btl::tick_big),
            ]
        );
    }};
}

fn memory(c: &mut Criterion) {
    memory!(c, memory_10::Memory10);
    memory!(c, memory_1000::Memory1000);
    memory!(c, memory_10000::Memory10000);
}

criterion_group!(benches, memory);
criterion_main!(benches);
