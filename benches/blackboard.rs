//! Workload (g): a blackboard-heavy sequence, `blackboard` group. The 12-node tree of
//! `benches/trees/blackboard.rs`: a `Sequence` of `Script`s, `ScriptCondition`s and
//! `SetBlackboard`s over 12 entries, four `#[skip_if]` and four `#[on_success]` conditions; the
//! tree touches nothing but its blackboard, and its status alternates between Success and Failure
//! with the frame.
//!
//! Implementations:
//!
//! * `generated`: the `behavior_tree!` tree (the blackboard is a struct inside the tree);
//! * `hand-written`: the same updates on a plain struct, without a branch in the source
//!   (`support::hand::tick_board`): the limit asked for;
//! * `hand-written-if`: the same updates with `if`s, as the tree has them
//!   (`support::hand::tick_board_if`), to show what the branches buy;
//! * `box-dyn`: a `Box<dyn Node>` tree with a dynamic blackboard (`support/dyn_bb.rs`: entries by
//!   name, type-erased; scripts read and write them by name; `skip_if` and `on_success` as a
//!   wrapper node).
//!
//! Before timing, each implementation's blackboard is compared with the generated tree's after
//! every one of 200 ticks. See BENCHMARKS.md.

use criterion::measurement::Measurement;
use criterion::{BenchmarkId, Criterion};

#[allow(unused_macros)]
#[macro_use]
#[path = "support/mod.rs"]
mod support;
// The trees, compiled once for every bench binary (`benches/trees/`, the package
// `bt-bench-trees`).
use bt_bench_trees as trees;

use bt::Status;
use support::{dyn_bb, dyn_board, dyn_board_and_look, hand, tick_generated};
use trees::blackboard::{tick_and_look, Board, BoardState, BoardWorld};

const TICKS: usize = 200;
const GROUP: &str = "blackboard";

fn blackboard<M: Measurement>(c: &mut Criterion<M>) {
    // Equivalence first: statuses and every entry after every tick.
    let reference = support::record(TICKS, Board::new(), BoardWorld::default(), tick_and_look);
    let successes = reference
        .iter()
        .filter(|(s, _)| *s == Status::Success)
        .count();
    let last = &reference.last().expect("ticks").1.seen;
    assert!(
        successes > TICKS / 5 && successes < TICKS * 4 / 5,
        "{successes}"
    );
    // Every skip_if and on_success both skips and runs over the check.
    assert!(
        last.switches > 10 && last.hits > 10 && last.heals > 10 && last.combos > 10,
        "{last:?}"
    );
    assert!(
        reference.iter().any(|(_, w)| w.seen.armor == 4),
        "the armor toggles"
    );
    let workload = format!("{GROUP}/12");
    let run = support::record(
        TICKS,
        BoardState::default(),
        BoardWorld::default(),
        hand::tick_board_and_look,
    );
    support::assert_same(&workload, &reference, "hand-written", &run);
    let run = support::record(
        TICKS,
        BoardState::default(),
        BoardWorld::default(),
        hand::tick_board_if_and_look,
    );
    support::assert_same(&workload, &reference, "hand-written-if", &run);
    let run = support::record(
        TICKS,
        dyn_board(),
        BoardWorld::default(),
        dyn_board_and_look,
    );
    support::assert_same(&workload, &reference, "box-dyn", &run);

    let mut group = c.benchmark_group(GROUP);
    let id = |name| BenchmarkId::new(name, 12);
    support::time(
        &mut group,
        id("generated"),
        Board::new(),
        BoardWorld::default(),
        1,
        tick_generated,
    );
    support::time(
        &mut group,
        id("hand-written"),
        BoardState::default(),
        BoardWorld::default(),
        1,
        hand::tick_board,
    );
    support::time(
        &mut group,
        id("hand-written-if"),
        BoardState::default(),
        BoardWorld::default(),
        1,
        hand::tick_board_if,
    );
    support::time(
        &mut group,
        id("box-dyn"),
        dyn_board(),
        BoardWorld::default(),
        1,
        dyn_bb::tick,
    );
    group.finish();
}

bench_main!(blackboard);
