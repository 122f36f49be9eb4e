//! Workloads (e) and (h): many agents. 100,000 and 1,000,000 sniper trees (the `Fallback` sniper
//! of `benches/sniper.rs`), each with its own world, all ticked once per frame; one agent in four
//! has an enemy in sight (its tree finishes and restarts every frame), the others patrol (a
//! running leaf resumed).
//!
//! Groups: `agents_serial` (one thread, `iter_mut`) and `agents_rayon` (rayon's `par_iter_mut` on
//! a global pool of 2 threads), each with the parameter 100000 and 1000000 (the number of
//! agents). behavior-tree-lite is serial only: its trees hold `Rc`s and are not `Send`. At
//! 1,000,000 agents only the generated trees, the hand-written state machines and the
//! `Box<dyn Node>` trees run (bonsai-bt and behavior-tree-lite take about 1 KB of heap per agent:
//! see `benches/footprint.rs`).

use std::hint::black_box;

use bt::Status;
use criterion::measurement::Measurement;
use criterion::{BenchmarkId, Criterion, Throughput};
use rayon::prelude::*;

#[allow(unused_macros)]
#[macro_use]
#[path = "support/mod.rs"]
mod support;
// The trees, compiled once for every bench binary (`benches/trees/`, the package
// `bt-bench-trees`).
use bt_bench_trees as trees;

use support::{bonsai, btl, dyn_sniper, dyn_tree, hand, tick_generated};
use trees::SniperWorld;

/// The agent counts: workload (e), then workload (h) with the peers left out.
const AGENTS: [usize; 2] = [100_000, 1_000_000];
const CHECK_FRAMES: usize = 3;
/// rayon's pool: the 2 cores of the benchmark machine, set explicitly.
const THREADS: usize = 2;

fn agents<T>(n: usize, make: impl Fn() -> T) -> Vec<(T, SniperWorld)> {
    (0..n)
        .map(|i| (make(), SniperWorld::new(i % 4 == 0)))
        .collect()
}

/// One frame on one thread; returns the number of agents still running.
#[inline(never)]
fn frame_serial<T>(
    agents: &mut [(T, SniperWorld)],
    tick: impl Fn(&mut T, &mut SniperWorld) -> Status,
) -> usize {
    agents
        .iter_mut()
        .map(|(tree, world)| tick(tree, world))
        .filter(|&status| status == Status::Running)
        .count()
}

/// One frame with rayon.
#[inline(never)]
fn frame_rayon<T: Send>(
    agents: &mut [(T, SniperWorld)],
    tick: impl Fn(&mut T, &mut SniperWorld) -> Status + Sync,
) -> usize {
    agents
        .par_iter_mut()
        .map(|(tree, world)| tick(tree, world))
        .filter(|&status| status == Status::Running)
        .count()
}

/// What one frame did: the number of agents running, and every agent's world afterwards.
type Frame = (usize, Vec<SniperWorld>);

/// Runs `CHECK_FRAMES` frames from fresh agents.
fn check_run<T>(
    mut agents: Vec<(T, SniperWorld)>,
    frame: impl Fn(&mut [(T, SniperWorld)]) -> usize,
) -> Vec<Frame> {
    (0..CHECK_FRAMES)
        .map(|_| {
            let running = frame(&mut agents);
            (running, agents.iter().map(|(_, w)| w.clone()).collect())
        })
        .collect()
}

/// The same running counts and worlds, frame by frame, as the generated trees.
fn assert_same_frames(workload: &str, reference: &[Frame], name: &str, run: &[Frame]) {
    for (frame, (a, b)) in reference.iter().zip(run).enumerate() {
        assert_eq!(
            a.0, b.0,
            "{workload}: {name}: running agents in frame {frame}"
        );
        assert_eq!(a.1.len(), b.1.len());
        if let Some(i) = (0..a.1.len()).find(|&i| a.1[i] != b.1[i]) {
            panic!(
                "{workload}: {name}: agent {i} after frame {frame}: {:?}, generated: {:?}",
                b.1[i], a.1[i]
            );
        }
    }
    eprintln!("{workload}: {name} is equivalent to the generated trees over {CHECK_FRAMES} frames");
}

macro_rules! check {
    ($workload:expr, $n:expr, $frame:ident, $reference:expr, $name:expr, $make:expr, $tick:expr) => {
        let run = check_run(agents($n, $make), |a| $frame(a, $tick));
        assert_same_frames($workload, $reference, $name, &run);
    };
}

macro_rules! time {
    ($group:expr, $frame:ident, $param:expr, $name:expr, $make:expr, $tick:expr) => {{
        let mut agents = agents($param, $make);
        $frame(&mut agents, $tick); // warm-up frame: the patrols start
        $group.bench_function(BenchmarkId::new($name, $param), |b| {
            b.iter(|| $frame(black_box(&mut agents), $tick))
        });
    }};
}

/// Equivalence checks, then the serial groups on the chosen clock (`BT_BENCH_CLOCK`, see
/// `support/clock.rs`), then the rayon groups on the wall clock (their work is on several threads).
fn main() {
    rayon::ThreadPoolBuilder::new()
        .num_threads(THREADS)
        .build_global()
        .expect("rayon's global pool is set up once, here");
    for n in AGENTS {
        check(n);
    }
    if support::clock::thread_cpu() {
        let mut c = Criterion::default()
            .with_measurement(support::clock::ThreadCpu)
            .configure_from_args();
        many_agents_serial(&mut c);
        c.final_summary();
    } else {
        let mut c = Criterion::default().configure_from_args();
        many_agents_serial(&mut c);
        c.final_summary();
    }
    let mut c = Criterion::default().configure_from_args();
    many_agents_rayon(&mut c);
    c.final_summary();
}

fn many_agents_serial<M: Measurement>(c: &mut Criterion<M>) {
    for n in AGENTS {
        let peers = n <= 100_000;
        let mut group = c.benchmark_group("agents_serial");
        group.throughput(Throughput::Elements(n as u64));
        group.sample_size(20);
        time!(
            group,
            frame_serial,
            n,
            "generated",
            trees::Sniper::new,
            tick_generated
        );
        time!(
            group,
            frame_serial,
            n,
            "hand-written",
            hand::HandSniper::default,
            hand::tick_sniper
        );
        time!(
            group,
            frame_serial,
            n,
            "box-dyn",
            || dyn_sniper(false),
            dyn_tree::tick
        );
        if peers {
            time!(
                group,
                frame_serial,
                n,
                "bonsai-bt",
                || bonsai::sniper(false),
                bonsai::tick_sniper
            );
            time!(
                group,
                frame_serial,
                n,
                "behavior-tree-lite",
                || btl::sniper(false),
                btl::tick_sniper
            );
        }
        group.finish();
    }
}

fn many_agents_rayon(c: &mut Criterion) {
    for n in AGENTS {
        let peers = n <= 100_000;
        let mut group = c.benchmark_group("agents_rayon");
        group.throughput(Throughput::Elements(n as u64));
        group.sample_size(20);
        time!(
            group,
            frame_rayon,
            n,
            "generated",
            trees::Sniper::new,
            tick_generated
        );
        time!(
            group,
            frame_rayon,
            n,
            "hand-written",
            hand::HandSniper::default,
            hand::tick_sniper
        );
        time!(
            group,
            frame_rayon,
            n,
            "box-dyn",
            || dyn_sniper(false),
            dyn_tree::tick
        );
        if peers {
            time!(
                group,
                frame_rayon,
                n,
                "bonsai-bt",
                || bonsai::sniper(false),
                bonsai::tick_sniper
            );
        }
        group.finish();
    }
}

/// Equivalence first, serial and parallel, before anything is timed: every implementation of `n`
/// agents against the generated trees ticked on one thread.
fn check(n: usize) {
    let peers = n <= 100_000;
    let reference = check_run(agents(n, trees::Sniper::new), |a| {
        frame_serial(a, tick_generated)
    });
    assert_eq!(
        reference[0].0,
        n - n.div_ceil(4),
        "three agents in four patrol"
    );
    let serial = &format!("agents_serial/{n}");
    let rayon = &format!("agents_rayon/{n}");
    check!(
        serial,
        n,
        frame_serial,
        &reference,
        "hand-written",
        hand::HandSniper::default,
        hand::tick_sniper
    );
    check!(
        serial,
        n,
        frame_serial,
        &reference,
        "box-dyn",
        || dyn_sniper(false),
        dyn_tree::tick
    );
    check!(
        rayon,
        n,
        frame_rayon,
        &reference,
        "generated",
        trees::Sniper::new,
        tick_generated
    );
    check!(
        rayon,
        n,
        frame_rayon,
        &reference,
        "hand-written",
        hand::HandSniper::default,
        hand::tick_sniper
    );
    check!(
        rayon,
        n,
        frame_rayon,
        &reference,
        "box-dyn",
        || dyn_sniper(false),
        dyn_tree::tick
    );
    if peers {
        check!(
            serial,
            n,
            frame_serial,
            &reference,
            "bonsai-bt",
            || bonsai::sniper(false),
            bonsai::tick_sniper
        );
        check!(
            serial,
            n,
            frame_serial,
            &reference,
            "behavior-tree-lite",
            || btl::sniper(false),
            btl::tick_sniper
        );
        check!(
            rayon,
            n,
            frame_rayon,
            &reference,
            "bonsai-bt",
            || bonsai::sniper(false),
            bonsai::tick_sniper
        );
    }
}
