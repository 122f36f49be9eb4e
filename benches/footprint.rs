//! Bytes per tree: the memory each implementation of each benchmark tree takes, and the
//! allocations it makes while ticking. Not a timing: `cargo bench -p bt-benches --bench
//! footprint` prints Markdown tables (the ones in BENCHMARKS.md), counted exactly by a counting
//! global allocator.
//!
//! For each workload and implementation, with the workload's world built beforehand (not
//! counted):
//!
//! * `inline`: `size_of` of the tree value (what a `Vec` of trees holds per tree);
//! * `heap after new`: bytes allocated and not freed while the tree was built;
//! * `allocations in new`: how many allocations building it took;
//! * `allocations on the first tick`: a run-time library may build its state lazily;
//! * `heap after ticks`: the live heap bytes after the first tick and `TICKS` more;
//! * `allocations per tick`: allocations during those `TICKS` ticks (the steady state: the
//!   workload's tree resuming, restarting or re-checking its conditions), divided by `TICKS`.
//!
//! The generated and hand-written trees must show zero heap and zero allocations: the run fails
//! otherwise (`benches/trees/tests/bench_trees.rs` asserts the same for the generated trees in
//! `cargo test`).
//!
//! A second table gives the bytes per agent of the many-agents workloads for 1,000,000 agents:
//! the tree and its world in one `Vec` element (with the padding of the pair), and the heap
//! a run-time tree takes besides.

use std::alloc::{GlobalAlloc, Layout, System};
use std::mem::size_of;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

#[allow(unused_macros)]
#[macro_use]
#[path = "support/mod.rs"]
mod support;
// The trees, compiled once for every bench binary (`benches/trees/`, the package
// `bt-bench-trees`).
// bt-bench-trees and the 10,000-node tree (bt-bench-huge re-exports the first).
use bt_bench_huge as trees;

use bt::Status;
use support::shape::{self, Spec};
use support::{
    bonsai, btl, dyn_bb, dyn_board, dyn_follower, dyn_sniper, dyn_tree, hand, tick_generated,
};
use trees::blackboard::{Board, BoardState, BoardWorld};
use trees::ports::RobotWorld;
use trees::{BigWorld, SniperWorld};

/// Ticks counted after the first one.
const TICKS: u64 = 100;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);
static ALLOCATED: AtomicU64 = AtomicU64::new(0);
static FREED: AtomicU64 = AtomicU64::new(0);

struct Counting;

// SAFETY: every call is forwarded unchanged to the system allocator; the counters have no effect
// on the memory handed out.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Relaxed);
        ALLOCATED.fetch_add(layout.size() as u64, Relaxed);
        // SAFETY: the caller's layout, passed through.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Relaxed);
        ALLOCATED.fetch_add(layout.size() as u64, Relaxed);
        // SAFETY: the caller's layout, passed through.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Relaxed);
        ALLOCATED.fetch_add(new_size as u64, Relaxed);
        FREED.fetch_add(layout.size() as u64, Relaxed);
        // SAFETY: `ptr` came from this allocator (i.e. from `System`) with `layout`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        FREED.fetch_add(layout.size() as u64, Relaxed);
        // SAFETY: `ptr` came from this allocator (i.e. from `System`) with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The counters at one moment.
#[derive(Clone, Copy)]
struct Snapshot {
    allocations: u64,
    live: i64,
}

fn snapshot() -> Snapshot {
    Snapshot {
        allocations: ALLOCATIONS.load(Relaxed),
        live: ALLOCATED.load(Relaxed) as i64 - FREED.load(Relaxed) as i64,
    }
}

/// One row of the table.
struct Row {
    inline: usize,
    heap_after_new: i64,
    allocations_in_new: u64,
    allocations_first_tick: u64,
    heap_after_ticks: i64,
    allocations_per_tick: f64,
}

/// Builds a tree with `make` and ticks it `1 + TICKS` times in `world`, counting.
fn measure<T, W>(
    make: impl FnOnce() -> T,
    mut world: W,
    mut tick: impl FnMut(&mut T, &mut W) -> Status,
) -> Row {
    let start = snapshot();
    let mut tree = make();
    let built = snapshot();
    tick(&mut tree, &mut world);
    let first = snapshot();
    for _ in 0..TICKS {
        tick(&mut tree, &mut world);
    }
    let ticked = snapshot();
    drop(tree);
    Row {
        inline: size_of::<T>(),
        heap_after_new: built.live - start.live,
        allocations_in_new: built.allocations - start.allocations,
        allocations_first_tick: first.allocations - built.allocations,
        heap_after_ticks: ticked.live - start.live,
        allocations_per_tick: (ticked.allocations - first.allocations) as f64 / TICKS as f64,
    }
}

/// Prints one workload's rows; the first two implementations (generated, hand-written) must not
/// touch the heap.
fn print(workload: &str, rows: &[(&str, Row)]) {
    for (index, (name, row)) in rows.iter().enumerate() {
        if index < 2 {
            assert!(
                row.heap_after_new == 0 && row.allocations_in_new == 0,
                "{workload}: {name} allocated while being built"
            );
            assert!(
                row.allocations_first_tick == 0
                    && row.heap_after_ticks == 0
                    && row.allocations_per_tick == 0.0,
                "{workload}: {name} allocated while ticking"
            );
        }
        println!(
            "| {workload} | {name} | {} | {} | {} | {} | {} | {} |",
            row.inline,
            row.heap_after_new,
            row.allocations_in_new,
            row.allocations_first_tick,
            row.heap_after_ticks,
            if row.allocations_per_tick == 0.0 {
                "0".to_string()
            } else {
                format!("{:.2}", row.allocations_per_tick)
            },
        );
    }
}

fn sniper(workload: &str, visible: bool, reactive: bool) {
    let world = || SniperWorld::new(visible);
    let generated = if reactive {
        measure(trees::ReactiveSniper::new, world(), tick_generated)
    } else {
        measure(trees::Sniper::new, world(), tick_generated)
    };
    let hand = if reactive {
        measure(
            hand::HandReactiveSniper::default,
            world(),
            hand::tick_reactive_sniper,
        )
    } else {
        measure(hand::HandSniper::default, world(), hand::tick_sniper)
    };
    print(
        workload,
        &[
            ("generated", generated),
            ("hand-written", hand),
            (
                "box-dyn",
                measure(|| dyn_sniper(reactive), world(), dyn_tree::tick),
            ),
            (
                "bonsai-bt",
                measure(|| bonsai::sniper(reactive), world(), bonsai::tick_sniper),
            ),
            (
                "behavior-tree-lite",
                measure(|| btl::sniper(reactive), world(), btl::tick_sniper),
            ),
        ],
    );
}

/// A generated big tree (`benches/trees/`) against the other implementations of its shape.
macro_rules! big {
    ($workload:expr, $module:ident :: $tree:ident, $hand:expr, $hand_tick:expr) => {{
        use trees::$module as tree;
        let spec: Spec = shape::parse(tree::SHAPE);
        let world = || BigWorld::new(tree::FLAGS);
        print(
            $workload,
            &[
                (
                    "generated",
                    measure(tree::$tree::new, world(), tick_generated),
                ),
                ("hand-written", measure(|| $hand, world(), $hand_tick)),
                (
                    "box-dyn",
                    measure(|| support::dyn_big(&spec), world(), dyn_tree::tick),
                ),
                (
                    "bonsai-bt",
                    measure(|| bonsai::big(&spec), world(), bonsai::tick_big),
                ),
                (
                    "behavior-tree-lite",
                    measure(|| btl::big(&spec), world(), btl::tick_big),
                ),
            ],
        );
    }};
}

/// Bytes per agent in the many-agents workloads: `AGENTS` (tree, world) pairs in one `Vec`, as
/// `benches/agents.rs` builds them; the heap they take besides the `Vec` (a run-time tree's nodes),
/// counted while they are built.
const AGENTS: usize = 1_000_000;

fn agents_row<T>(name: &str, make: impl Fn() -> T) {
    let start = snapshot();
    let agents: Vec<(T, SniperWorld)> = (0..AGENTS)
        .map(|i| (make(), SniperWorld::new(i % 4 == 0)))
        .collect();
    let built = snapshot();
    let pair = size_of::<(T, SniperWorld)>();
    let heap = (built.live - start.live) as usize - AGENTS * pair;
    let per_tree = size_of::<T>() + heap / AGENTS;
    drop(agents);
    println!(
        "| {name} | {} | {} | {} | {pair} | {per_tree} | {:.1} |",
        size_of::<T>(),
        size_of::<SniperWorld>(),
        heap / AGENTS,
        (AGENTS * pair + heap) as f64 / 1e6,
    );
    if name == "generated" || name == "hand-written" {
        assert_eq!(heap, 0, "{name} agents allocated");
    }
}

/// The many-agents table (after the first one): bytes per agent for 1,000,000 agents.
fn print_agents() {
    println!();
    println!(
        "| {AGENTS} agents | tree inline bytes | world bytes | tree heap bytes | bytes per (tree, \
         world) in the Vec | bytes per tree (inline + heap) | MB in all |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|");
    agents_row("generated", trees::Sniper::new);
    agents_row("hand-written", hand::HandSniper::default);
    agents_row("box-dyn", || dyn_sniper(false));
    agents_row("bonsai-bt", || bonsai::sniper(false));
    agents_row("behavior-tree-lite", || btl::sniper(false));
}

fn main() {
    // `cargo bench` passes `--bench`; a filter argument, if any, is ignored: the table is cheap.
    println!(
        "| workload | implementation | inline bytes | heap bytes after new | allocations in new \
         | allocations on the first tick | heap bytes after 1 + {TICKS} ticks \
         | allocations per tick (next {TICKS}) |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|---:|");
    sniper("sniper_running", false, false);
    sniper("sniper_restart", true, false);
    sniper("sniper_reactive_running", false, true);
    big!(
        "reactive_1000",
        reactive_1000::Reactive1000,
        hand::HandReactive::new((trees::reactive_1000::NODES as u32 - 2) / 14),
        hand::tick_reactive
    );
    big!(
        "reactive_npc",
        npc::Npc,
        hand::HandNpc::for_nodes(trees::npc::NODES),
        hand::tick_npc
    );
    big!(
        "memory_resume (10)",
        memory_10::Memory10,
        hand::HandMemory::new(trees::memory_10::LEAVES),
        hand::tick_memory
    );
    big!(
        "memory_resume (1000)",
        memory_1000::Memory1000,
        hand::HandMemory::new(trees::memory_1000::LEAVES),
        hand::tick_memory
    );
    big!(
        "memory_resume (10000)",
        memory_10000::Memory10000,
        hand::HandMemory::new(trees::memory_10000::LEAVES),
        hand::tick_memory
    );
    big!(
        "deep_resume (1021)",
        deep_1000::Deep1000,
        hand::HandDeep::new(trees::deep_1000::RUNNING_DEPTH),
        hand::tick_deep
    );
    print(
        "blackboard (12)",
        &[
            (
                "generated",
                measure(Board::new, BoardWorld::default(), tick_generated),
            ),
            (
                "hand-written",
                measure(BoardState::default, BoardWorld::default(), hand::tick_board),
            ),
            (
                "box-dyn",
                measure(dyn_board, BoardWorld::default(), dyn_bb::tick),
            ),
        ],
    );
    print(
        "ports (follower)",
        &[
            (
                "generated",
                measure(
                    trees::ports::Follower::new,
                    RobotWorld::new(),
                    tick_generated,
                ),
            ),
            (
                "hand-written",
                measure(
                    hand::HandFollower::default,
                    RobotWorld::new(),
                    hand::tick_follower,
                ),
            ),
            (
                "box-dyn",
                measure(dyn_follower, RobotWorld::new(), dyn_bb::tick),
            ),
            (
                "bonsai-bt",
                measure(bonsai::follower, RobotWorld::new(), bonsai::tick_follower),
            ),
            (
                "behavior-tree-lite",
                measure(btl::follower, RobotWorld::new(), btl::tick_follower),
            ),
        ],
    );
    print_agents();
}
