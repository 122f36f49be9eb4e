//! The chase example (`examples/chase/`) measured side by side: `behavior_tree!` with `bt_bevy`
//! and `bevy_behave` 0.5, in one process, at 10k, 100k and 1M agents.
//!
//! ```text
//! cargo bench --manifest-path bt-bevy/Cargo.toml                       # 10k, 100k, 1M
//! cargo bench --manifest-path bt-bevy/Cargo.toml -- 10000 100000      # chosen sizes
//! BT_BEVY_BEHAVE_MAX=100000 cargo bench --manifest-path bt-bevy/Cargo.toml   # bevy_behave up to 100k only
//! ```
//!
//! For each size and implementation: a fresh app, the agents spawned, 128 frames of warm-up
//! (2 s of game time: tasks started, chases under way), then 256 frames timed one by one with
//! the wall clock. Printed: the mean and median frame time, live entities per agent, heap bytes
//! per agent (what the app holds after the warm-up, less what was held before it was built:
//! the ECS tables, the trees, bevy_behave's tree and task data), heap allocations per frame
//! (counted by this binary's global allocator over the timed frames), and the process's CPU time
//! per frame (all threads), which a busy machine disturbs less than the wall clock: with 2 cores,
//! a frame cannot take less wall time than half its CPU time.
//!
//! This is not a criterion benchmark: a frame at 1M agents of bevy_behave takes long enough
//! that criterion's sampling would take hours, and the allocation and memory counts need the
//! counting allocator of this binary.

#[path = "../examples/chase/behave.rs"]
mod behave;
#[path = "../examples/chase/ours.rs"]
mod ours;
// The record of decisions is the example's and the test's, not measured here.
#[allow(dead_code)]
#[path = "../examples/chase/world.rs"]
mod world;

use bevy_app::App;
use bevy_ecs::entity::Entity;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// The system allocator, counting allocations and the bytes held.
struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);
static HELD: AtomicI64 = AtomicI64::new(0);

// SAFETY: every method forwards to `System` with the caller's arguments unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Relaxed);
        HELD.fetch_add(layout.size() as i64, Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Relaxed);
        HELD.fetch_add(layout.size() as i64, Relaxed);
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        HELD.fetch_sub(layout.size() as i64, Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Relaxed);
        HELD.fetch_add(new_size as i64 - layout.size() as i64, Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

const WARM_UP: usize = 128;
const TIMED: usize = 256;

/// The CPU time of the whole process so far (every thread).
fn cpu_time() -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid, writable timespec; the clock id is a constant of the platform.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut now) };
    assert_eq!(status, 0, "clock_gettime(CLOCK_PROCESS_CPUTIME_ID) failed");
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}

struct Measured {
    mean: Duration,
    cpu: Duration,
    median: Duration,
    entities_per_agent: f64,
    bytes_per_agent: f64,
    allocations_per_frame: f64,
}

fn measure(agents: usize, build: fn(usize) -> App) -> Measured {
    let held_before = HELD.load(Relaxed);
    let mut app = build(agents);
    for _ in 0..WARM_UP {
        app.update();
    }
    let bytes = HELD.load(Relaxed) - held_before;
    let entities = app.world_mut().query::<Entity>().iter(app.world()).count();
    let allocations_before = ALLOCATIONS.load(Relaxed);
    let cpu_before = cpu_time();
    let mut times: Vec<Duration> = Vec::with_capacity(TIMED);
    for _ in 0..TIMED {
        let start = Instant::now();
        app.update();
        times.push(start.elapsed());
    }
    let cpu = (cpu_time() - cpu_before) / TIMED as u32;
    let allocations = ALLOCATIONS.load(Relaxed) - allocations_before;
    drop(app);
    let mean = times.iter().sum::<Duration>() / TIMED as u32;
    times.sort();
    Measured {
        mean,
        cpu,
        median: times[TIMED / 2],
        entities_per_agent: entities as f64 / agents as f64,
        bytes_per_agent: bytes as f64 / agents as f64,
        allocations_per_frame: allocations as f64 / TIMED as f64,
    }
}

fn row(name: &str, agents: usize, m: &Measured) {
    println!(
        "| {name} | {agents} | {:.3} | {:.3} | {:.3} | {:.2} | {:.0} | {:.1} |",
        m.mean.as_secs_f64() * 1e3,
        m.median.as_secs_f64() * 1e3,
        m.cpu.as_secs_f64() * 1e3,
        m.entities_per_agent,
        m.bytes_per_agent,
        m.allocations_per_frame,
    );
}

fn main() {
    // `cargo bench` passes `--bench`; any other argument is a number of agents.
    let mut sizes: Vec<usize> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .map(|a| a.parse().expect("a number of agents"))
        .collect();
    if sizes.is_empty() {
        sizes = vec![10_000, 100_000, 1_000_000];
    }
    let behave_max: usize = std::env::var("BT_BEVY_BEHAVE_MAX")
        .ok()
        .map_or(usize::MAX, |v| {
            v.parse().expect("BT_BEVY_BEHAVE_MAX: a number")
        });
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "chase, {WARM_UP} frames of warm-up, {TIMED} timed frames of {:?} game time, {threads} threads",
        world::FRAME
    );
    println!();
    println!("| implementation | agents | mean frame (ms) | median frame (ms) | CPU per frame (ms) | entities per agent | heap bytes per agent | allocations per frame |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for &agents in &sizes {
        let ours = measure(agents, ours::app);
        row("behavior_tree! + bt_bevy", agents, &ours);
        if agents <= behave_max {
            let behave = measure(agents, behave::app);
            row("bevy_behave 0.5", agents, &behave);
            eprintln!(
                "{agents} agents: bevy_behave's mean frame is {:.1}x bt_bevy's",
                behave.mean.as_secs_f64() / ours.mean.as_secs_f64()
            );
        }
    }
}
