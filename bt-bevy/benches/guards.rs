//! The guards example (`examples/guards/`) measured side by side: `behavior_tree!` with `bt_bevy`
//! and `bevy_behave` 0.5 (synchronous), in one process, with Bevy's compute pool given a chosen
//! number of threads.
//!
//! ```text
//! cargo bench --manifest-path bt-bevy/Cargo.toml --bench guards -- --threads 1 100000
//! cargo bench --manifest-path bt-bevy/Cargo.toml --bench guards -- --threads 2 1000000
//! BT_BEVY_BEHAVE_MAX=0 cargo bench --manifest-path bt-bevy/Cargo.toml --bench guards -- 1000000   # bt_bevy alone
//! cargo bench --manifest-path bt-bevy/Cargo.toml --bench guards -- --check 100000   # same decisions?
//! ```
//!
//! `--threads N` gives Bevy's compute pool N threads (default: one per core; the pools are
//! global, so one process measures one setting). For each size and implementation: a fresh app,
//! 128 frames of warm-up, 256 frames timed one by one. Printed: mean, median and fastest frame,
//! the process's CPU time per frame (all threads), live entities per guard, heap bytes per guard
//! and allocations per frame (see `support/measure.rs`).
//!
//! `--check` measures nothing: it runs both implementations over the same frames (warm-up and
//! timed) at each size and compares, frame by frame, a digest of what every guard did, where it
//! stands and its ammunition.

#[path = "../examples/guards/behave.rs"]
mod behave;
#[path = "../examples/guards/ours.rs"]
mod ours;
#[path = "../examples/guards/world.rs"]
mod world;

#[path = "support/measure.rs"]
mod measure;

use measure::{measure, Measured, TIMED, WARM_UP};

fn row(name: &str, guards: usize, m: &Measured) {
    println!(
        "| {name} | {guards} | {:.3} | {:.3} | {:.3} | {:.3} | {:.2} | {:.0} | {:.1} |",
        m.mean.as_secs_f64() * 1e3,
        m.median.as_secs_f64() * 1e3,
        m.min.as_secs_f64() * 1e3,
        m.cpu.as_secs_f64() * 1e3,
        m.entities_per_agent,
        m.bytes_per_agent,
        m.allocations_per_frame,
    );
}

/// Runs both implementations for the warm-up and the timed frames and compares their digests.
fn check(guards: usize) {
    let frames = WARM_UP + TIMED;
    // Small runs keep every frame, to say which guard differs.
    let keep = guards <= 10_000;
    let run = |build: fn(usize) -> bevy_app::App| {
        let mut app = build(guards);
        world::record(&mut app, keep);
        for _ in 0..frames {
            app.update();
        }
        app.world_mut().remove_resource::<world::Record>().unwrap()
    };
    let (ours, behave) = (run(ours::app), run(behave::app));
    assert_eq!((ours.digests.len(), behave.digests.len()), (frames, frames));
    match (ours.digests.iter().zip(&behave.digests)).position(|(a, b)| a != b) {
        None => println!("{guards} guards: same decisions in all {frames} frames"),
        Some(frame) if keep => {
            let (a, b) = (&ours.frames[frame], &behave.frames[frame]);
            let guard = (0..guards).find(|&i| a[i] != b[i]).unwrap();
            for f in 0..=frame {
                eprintln!(
                    "{f}: {:?} {:?}",
                    ours.frames[f][guard], behave.frames[f][guard]
                );
            }
            panic!(
                "{guards} guards, frame {frame}, guard {guard}: bt_bevy {:?}, bevy_behave {:?}",
                a[guard], b[guard]
            );
        }
        Some(frame) => panic!("{guards} guards: the decisions differ in frame {frame}"),
    }
}

fn main() {
    // `cargo bench` passes `--bench`; `--threads N` and `--check` are ours; any other argument
    // is a number of guards.
    let mut args = std::env::args().skip(1).peekable();
    let (mut sizes, mut threads, mut checking) = (Vec::new(), None, false);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--threads" => {
                let n = args.next().expect("--threads N");
                threads = Some(n.parse::<usize>().expect("--threads: a number"));
            }
            "--check" => checking = true,
            flag if flag.starts_with('-') => {}
            size => sizes.push(size.parse::<usize>().expect("a number of guards")),
        }
    }
    if sizes.is_empty() {
        sizes = vec![100_000, 1_000_000];
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = threads.unwrap_or(cores);
    // The pools are global: made here, before any app, they are the ones every app uses.
    bt_bevy::task_pool_with_compute_threads(threads)
        .task_pool_options
        .create_default_pools();
    if checking {
        for &guards in &sizes {
            check(guards);
        }
        return;
    }
    let behave_max: usize = std::env::var("BT_BEVY_BEHAVE_MAX")
        .ok()
        .map_or(usize::MAX, |v| {
            v.parse().expect("BT_BEVY_BEHAVE_MAX: a number")
        });
    println!(
        "guards, {WARM_UP} frames of warm-up, {TIMED} timed frames of {:?} game time, {threads} compute thread(s), {cores} cores",
        world::FRAME
    );
    println!();
    println!("| implementation | guards | mean frame (ms) | median frame (ms) | fastest frame (ms) | CPU per frame (ms) | entities per guard | heap bytes per guard | allocations per frame |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for &guards in &sizes {
        let ours = measure(guards, ours::app);
        row("behavior_tree! + bt_bevy", guards, &ours);
        if guards <= behave_max {
            let behave = measure(guards, behave::app);
            row("bevy_behave 0.5", guards, &behave);
            let ratio = |f: fn(&Measured) -> std::time::Duration| {
                f(&behave).as_secs_f64() / f(&ours).as_secs_f64()
            };
            eprintln!(
                "{guards} guards: bevy_behave / bt_bevy: mean {:.1}x, median {:.1}x, CPU {:.1}x",
                ratio(|m| m.mean),
                ratio(|m| m.median),
                ratio(|m| m.cpu),
            );
        }
    }
}
