//! Instructions per tick, counted rather than timed: `bash benches/icount.sh` runs this binary
//! under valgrind's callgrind, which counts the instructions executed inside [`measured`] (and
//! everything it calls) and nothing else, so the figure is exact and does not move with the
//! machine's load. This VM has no hardware counters (`perf stat -e instructions` answers
//! "not supported"), and its few-ns timings move by up to 25 % between runs; instruction counts
//! are how to compare two versions of the code generator (A/B) on a busy machine.
//!
//! Usage: `icount <workload> <implementation> <ticks>`, or `icount list`. Each run builds a fresh
//! tree and world, brings them to the steady state the criterion group times (one untimed tick,
//! or the approach of `deep_resume`), then ticks `ticks` times inside [`measured`].
//!
//! Instructions are not time: a load that misses the cache or a mispredicted branch costs more
//! than an add. The criterion groups stay the performance figures; this is the tool that says
//! whether a change made the code do less.

#[allow(unused_macros)]
#[macro_use]
#[path = "support/mod.rs"]
mod support;
// The trees, compiled once for every bench binary (`benches/trees/`, the package
// `bt-bench-trees`).
// bt-bench-trees and the 10,000-node tree (bt-bench-huge re-exports the first).
use bt_bench_huge as trees;

use std::hint::black_box;

use bt::Status;
use support::{hand, tick_generated};
use trees::blackboard::{Board, BoardState, BoardWorld};
use trees::ports::RobotWorld;
use trees::{BigWorld, SniperWorld};

/// The workloads and their implementations, as `icount list` prints them.
const WORKLOADS: &[(&str, &[&str])] = &[
    ("sniper_running", &["generated", "hand-written"]),
    ("sniper_restart", &["generated", "hand-written"]),
    ("sniper_reactive_running", &["generated", "hand-written"]),
    (
        "reactive_1000",
        &["generated", "hand-written", "hand-written-unrolled"],
    ),
    ("reactive_npc", &["generated", "hand-written"]),
    ("memory_resume_10", &["generated", "hand-written"]),
    ("memory_resume_1000", &["generated", "hand-written"]),
    ("memory_resume_10000", &["generated", "hand-written"]),
    ("ports", &["generated", "hand-written"]),
    ("deep_resume", &["generated", "hand-written"]),
    (
        "blackboard",
        &["generated", "hand-written", "hand-written-if"],
    ),
    ("mission", &["generated", "hand-written"]),
    ("forager", &["generated", "hand-written"]),
    ("patrol", &["generated", "hand-written"]),
    ("nav", &["generated", "hand-written"]),
    ("agents_64", &["generated", "hand-written"]),
];

/// Agents per frame of `agents_64`: the loop of `benches/agents.rs` over this many snipers (one
/// in four with an enemy in sight), each tick a frame; per agent, divide by 64.
const FRAME_AGENTS: usize = 64;

/// One frame over `agents`, as `benches/agents.rs`'s `frame_serial`: returns `Running` if any
/// agent runs.
#[inline(never)]
fn frame<T>(
    agents: &mut [(T, SniperWorld)],
    tick: impl Fn(&mut T, &mut SniperWorld) -> Status,
) -> Status {
    let running = (agents.iter_mut())
        .map(|(tree, world)| tick(tree, world))
        .filter(|&status| status == Status::Running)
        .count();
    if running > 0 {
        Status::Running
    } else {
        Status::Success
    }
}

#[allow(clippy::ptr_arg)] // `run` owns the agents and lends them as `&mut T`
fn frame_generated(agents: &mut Vec<(trees::Sniper, SniperWorld)>, _: &mut ()) -> Status {
    frame(agents, tick_generated)
}

#[allow(clippy::ptr_arg)] // `run` owns the agents and lends them as `&mut T`
fn frame_hand(agents: &mut Vec<(hand::HandSniper, SniperWorld)>, _: &mut ()) -> Status {
    frame(agents, hand::tick_sniper)
}

/// The ticks callgrind counts: `icount.sh` collects only inside this function.
#[inline(never)]
fn measured<T, W>(tree: &mut T, world: &mut W, ticks: usize, tick: fn(&mut T, &mut W) -> Status) {
    for _ in 0..ticks {
        black_box(tick(black_box(&mut *tree), black_box(&mut *world)));
    }
}

/// Fresh `tree` and `world`, `warmup` untimed ticks, then `ticks` counted ones.
fn run<T, W>(
    mut tree: T,
    mut world: W,
    warmup: usize,
    ticks: usize,
    tick: fn(&mut T, &mut W) -> Status,
) {
    for _ in 0..warmup {
        tick(&mut tree, &mut world);
    }
    measured(&mut tree, &mut world, ticks, tick);
}

/// The ticks `deep_resume` spends before every task has finished (its warm-up, as in `deep.rs`).
fn deep_approach() -> usize {
    use trees::deep_1000 as tree;
    let mut t = tree::Deep1000::new();
    let mut world = BigWorld::new(tree::FLAGS);
    let mut ticks = 0;
    while world.work_steps == 0 {
        tick_generated(&mut t, &mut world);
        ticks += 1;
    }
    ticks
}

fn main() {
    // `cargo bench` runs every bench target with `--bench` (and a filter, if given): this one
    // counts only under callgrind, through `benches/icount.sh`, so it says so and succeeds.
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|arg| arg == "--bench") {
        println!("icount: run `bash benches/icount.sh` (instructions per tick under callgrind)");
        return;
    }
    if args.first().map(String::as_str) == Some("list") {
        for (workload, impls) in WORKLOADS {
            for imp in *impls {
                println!("{workload} {imp}");
            }
        }
        return;
    }
    let [workload, imp, ticks] = &args[..] else {
        eprintln!("usage: icount <workload> <implementation> <ticks> | icount list");
        std::process::exit(2);
    };
    let n: usize = ticks.parse().expect("ticks: a number");
    let generated = imp == "generated";
    match (workload.as_str(), imp.as_str()) {
        ("sniper_running" | "sniper_restart", _) => {
            let world = SniperWorld::new(workload == "sniper_restart");
            if generated {
                run(trees::Sniper::new(), world, 1, n, tick_generated)
            } else {
                run(hand::HandSniper::default(), world, 1, n, hand::tick_sniper)
            }
        }
        ("sniper_reactive_running", _) => {
            let world = SniperWorld::new(false);
            if generated {
                run(trees::ReactiveSniper::new(), world, 1, n, tick_generated)
            } else {
                let tree = hand::HandReactiveSniper::default();
                run(tree, world, 1, n, hand::tick_reactive_sniper)
            }
        }
        ("reactive_1000", _) => {
            use trees::reactive_1000 as tree;
            let world = BigWorld::new(tree::FLAGS);
            if generated {
                run(tree::Reactive1000::new(), world, 1, n, tick_generated)
            } else {
                let groups = (tree::NODES as u32 - 2) / 14;
                let tick = match imp.as_str() {
                    "hand-written-unrolled" => hand::tick_reactive_unrolled,
                    _ => hand::tick_reactive,
                };
                run(hand::HandReactive::new(groups), world, 1, n, tick)
            }
        }
        ("reactive_npc", _) => {
            use trees::npc;
            let world = BigWorld::new(npc::FLAGS);
            if generated {
                run(npc::Npc::new(), world, 1, n, tick_generated)
            } else {
                let hand = hand::HandNpc::for_nodes(npc::NODES);
                run(hand, world, 1, n, hand::tick_npc)
            }
        }
        ("memory_resume_10", _) => memory::<trees::memory_10::Memory10>(
            generated,
            trees::memory_10::FLAGS,
            trees::memory_10::LEAVES,
            n,
        ),
        ("memory_resume_1000", _) => memory::<trees::memory_1000::Memory1000>(
            generated,
            trees::memory_1000::FLAGS,
            trees::memory_1000::LEAVES,
            n,
        ),
        ("memory_resume_10000", _) => memory::<trees::memory_10000::Memory10000>(
            generated,
            trees::memory_10000::FLAGS,
            trees::memory_10000::LEAVES,
            n,
        ),
        ("ports", _) => {
            if generated {
                run(
                    trees::ports::Follower::new(),
                    RobotWorld::new(),
                    1,
                    n,
                    tick_generated,
                )
            } else {
                let tree = hand::HandFollower::default();
                run(tree, RobotWorld::new(), 1, n, hand::tick_follower)
            }
        }
        ("deep_resume", _) => {
            use trees::deep_1000 as tree;
            let warmup = deep_approach();
            let world = BigWorld::new(tree::FLAGS);
            if generated {
                run(tree::Deep1000::new(), world, warmup, n, tick_generated)
            } else {
                let hand = hand::HandDeep::new(tree::RUNNING_DEPTH);
                run(hand, world, warmup, n, hand::tick_deep)
            }
        }
        ("blackboard", "generated") => {
            run(Board::new(), BoardWorld::default(), 1, n, tick_generated)
        }
        ("blackboard", "hand-written") => run(
            BoardState::default(),
            BoardWorld::default(),
            1,
            n,
            hand::tick_board,
        ),
        ("blackboard", "hand-written-if") => run(
            BoardState::default(),
            BoardWorld::default(),
            1,
            n,
            hand::tick_board_if,
        ),
        ("mission", _) => {
            use support::hand_field;
            use trees::field::{FieldWorld, Mission};
            if generated {
                run(Mission::new(), FieldWorld::new(), 1, n, tick_generated)
            } else {
                let tree = hand_field::HandMission::new();
                run(tree, FieldWorld::new(), 1, n, hand_field::tick_mission)
            }
        }
        ("forager", _) => {
            use support::hand_field;
            use trees::field::{FieldWorld, Forager};
            if generated {
                run(Forager::new(), FieldWorld::new(), 1, n, tick_generated)
            } else {
                let tree = hand_field::HandForager::new();
                run(tree, FieldWorld::new(), 1, n, hand_field::tick_forager)
            }
        }
        ("patrol", _) => {
            use support::hand_field;
            use trees::field::{FieldWorld, Patrol};
            if generated {
                run(Patrol::new(), FieldWorld::new(), 1, n, tick_generated)
            } else {
                let tree = hand_field::HandPatrol::new();
                run(tree, FieldWorld::new(), 1, n, hand_field::tick_patrol)
            }
        }
        ("agents_64", _) => {
            let worlds = (0..FRAME_AGENTS).map(|i| SniperWorld::new(i % 4 == 0));
            if generated {
                let agents = worlds.map(|w| (trees::Sniper::new(), w)).collect();
                run(agents, (), 1, n, frame_generated)
            } else {
                let agents = worlds.map(|w| (hand::HandSniper::default(), w)).collect();
                run(agents, (), 1, n, frame_hand)
            }
        }
        ("nav", _) => {
            use support::hand_nav;
            use trees::field::FieldWorld;
            use trees::nav::{tick_nav, Nav};
            if generated {
                run(Nav::new(), FieldWorld::new(), 1, n, tick_nav)
            } else {
                let tree = hand_nav::HandNav::new();
                run(tree, FieldWorld::new(), 1, n, hand_nav::tick_nav)
            }
        }
        _ => {
            eprintln!("unknown workload or implementation: {workload} {imp} (see `icount list`)");
            std::process::exit(2);
        }
    }
}

fn memory<T: bt::BehaviorTree<Context = BigWorld> + NewTree>(
    generated: bool,
    flags: &str,
    leaves: usize,
    n: usize,
) {
    let world = BigWorld::new(flags);
    if generated {
        run(T::make(), world, 1, n, tick_generated)
    } else {
        run(
            hand::HandMemory::new(leaves),
            world,
            1,
            n,
            hand::tick_memory,
        )
    }
}

/// `new()` of the memory trees, as a trait so that [`memory`] takes any of them.
trait NewTree {
    fn make() -> Self;
}

macro_rules! new_tree {
    ($($t:ty),*) => {
        $(impl NewTree for $t {
            fn make() -> Self {
                <$t>::new()
            }
        })*
    };
}

new_tree!(
    trees::memory_10::Memory10,
    trees::memory_1000::Memory1000,
    trees::memory_10000::Memory10000
);
