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

#[path = "support/measure.rs"]
mod measure;

use measure::{measure, row, TIMED, WARM_UP};

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
