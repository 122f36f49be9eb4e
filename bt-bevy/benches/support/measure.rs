//! What the Bevy benchmarks share: a counting global allocator, the process's CPU time, and the
//! measurement of one app (warm-up, then frames timed one by one), printed as a table row.

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

pub const WARM_UP: usize = 128;
pub const TIMED: usize = 256;

/// The CPU time of the whole process so far (every thread).
pub fn cpu_time() -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid, writable timespec; the clock id is a constant of the platform.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut now) };
    assert_eq!(status, 0, "clock_gettime(CLOCK_PROCESS_CPUTIME_ID) failed");
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}

pub struct Measured {
    pub mean: Duration,
    pub cpu: Duration,
    pub median: Duration,
    #[allow(dead_code)] // the guards' table has it, the chase's not
    pub min: Duration,
    pub entities_per_agent: f64,
    pub bytes_per_agent: f64,
    pub allocations_per_frame: f64,
}

pub fn measure(agents: usize, build: fn(usize) -> App) -> Measured {
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
        min: times[0],
        entities_per_agent: entities as f64 / agents as f64,
        bytes_per_agent: bytes as f64 / agents as f64,
        allocations_per_frame: allocations as f64 / TIMED as f64,
    }
}

#[allow(dead_code)] // the chase's table; the guards print their own columns
pub fn row(name: &str, agents: usize, m: &Measured) {
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
