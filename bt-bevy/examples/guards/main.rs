//! Guards with a guarded fallback, a cooldown and a time limit over a wide context (seven
//! components per guard): flee when hurt and in danger, else shoot the intruder in range (once
//! per cooldown, aiming in between), else walk to the post's next corner (giving up after a
//! while, then idling). Written once with `behavior_tree!` and `bt_bevy` (`ours.rs`) and once with
//! `bevy_behave` (`behave.rs`), over the same world (`world.rs`).
//!
//! Runs both, checks that every guard made the same decision and stands at the same place in
//! every frame (a digest of each frame), and prints each one's frame times:
//!
//! ```text
//! cargo run --release --manifest-path bt-bevy/Cargo.toml --example guards
//! cargo run --release --manifest-path bt-bevy/Cargo.toml --example guards -- 100000 600
//! ```
//!
//! (the guards, default 2,048; the frames, default 1,280: 20 s of game time). Bevy's compute
//! pool gets a thread for every core ([`bt_bevy::task_pool_on_every_core`]). The side-by-side
//! measurement is `cargo bench --manifest-path bt-bevy/Cargo.toml --bench guards`.

mod behave;
mod ours;
mod world;

use bevy_app::App;
use std::time::{Duration, Instant};
use world::Record;

/// Runs `frames` frames of `app`; returns each frame's wall time.
fn run(app: &mut App, frames: usize) -> Vec<Duration> {
    (0..frames)
        .map(|_| {
            let start = Instant::now();
            app.update();
            start.elapsed()
        })
        .collect()
}

fn summary(name: &str, times: &[Duration]) {
    let mut sorted = times.to_vec();
    sorted.sort();
    let mean = times.iter().sum::<Duration>() / times.len() as u32;
    println!(
        "{name:<26} mean {:>9.3} ms   median {:>9.3} ms   max {:>9.3} ms",
        mean.as_secs_f64() * 1e3,
        sorted[sorted.len() / 2].as_secs_f64() * 1e3,
        sorted[sorted.len() - 1].as_secs_f64() * 1e3,
    );
}

fn main() {
    let mut args = std::env::args().skip(1);
    let guards: usize = args
        .next()
        .map_or(2_048, |a| a.parse().expect("guards: a number"));
    let frames: usize = args
        .next()
        .map_or(1_280, |a| a.parse().expect("frames: a number"));
    println!("{guards} guards, {frames} frames of {:?}", world::FRAME);

    let mut ours = ours::app(guards);
    let mut behave = behave::app(guards);
    world::record(&mut ours, false);
    world::record(&mut behave, false);
    let ours_times = run(&mut ours, frames);
    let behave_times = run(&mut behave, frames);
    summary("behavior_tree! + bt_bevy", &ours_times);
    summary("bevy_behave 0.5", &behave_times);

    let ours = &ours.world().resource::<Record>().digests;
    let behave = &behave.world().resource::<Record>().digests;
    match ours.iter().zip(behave).position(|(a, b)| a != b) {
        None => println!("same decisions and positions in all {frames} frames"),
        Some(frame) => {
            eprintln!("frame {frame}: the guards' decisions differ");
            std::process::exit(1);
        }
    }
}
