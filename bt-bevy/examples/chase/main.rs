//! A headless chase: agents patrol, notice their target, chase it for 3 s at most, rest 2 s,
//! and patrol again; written once with `behavior_tree!` and `bt_bevy` (`ours.rs`) and once with
//! `bevy_behave` (`behave.rs`), over the same world (`world.rs`).
//!
//! Runs both, checks that every agent made the same decision in every frame, and prints each
//! one's frame times:
//!
//! ```text
//! cargo run --release --manifest-path bt-bevy/Cargo.toml --example chase
//! cargo run --release --manifest-path bt-bevy/Cargo.toml --example chase -- 100000 600
//! ```
//!
//! (the agents, default 1,000; the frames, default 640: 10 s of game time). The side-by-side
//! measurement with memory and allocations is `cargo bench --manifest-path bt-bevy/Cargo.toml`.

mod behave;
mod ours;
mod world;

use bevy_app::App;
use bevy_ecs::entity::Entity;
use std::time::{Duration, Instant};
use world::{Did, Record};

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

fn live_entities(app: &mut App) -> usize {
    let world = app.world_mut();
    world.query::<Entity>().iter(world).count()
}

fn summary(name: &str, times: &[Duration]) {
    let mut sorted = times.to_vec();
    sorted.sort();
    let mean = times.iter().sum::<Duration>() / times.len() as u32;
    println!(
        "{name:<22} mean {:>9.3} ms   median {:>9.3} ms   max {:>9.3} ms",
        mean.as_secs_f64() * 1e3,
        sorted[sorted.len() / 2].as_secs_f64() * 1e3,
        sorted[sorted.len() - 1].as_secs_f64() * 1e3,
    );
}

fn main() {
    let mut args = std::env::args().skip(1);
    let agents: usize = args
        .next()
        .map_or(1_000, |a| a.parse().expect("agents: a number"));
    let frames: usize = args
        .next()
        .map_or(640, |a| a.parse().expect("frames: a number"));
    // The decisions are compared on up to 2,000 agents (the record holds every agent's every
    // frame); larger runs only time.
    let compare = agents <= 2_000;
    println!("{agents} agents, {frames} frames of {:?}", world::FRAME);

    let mut ours = ours::app(agents);
    let mut behave = behave::app(agents);
    if compare {
        world::record(&mut ours);
        world::record(&mut behave);
    }
    let ours_times = run(&mut ours, frames);
    let behave_times = run(&mut behave, frames);
    summary("behavior_tree! + bt_bevy", &ours_times);
    summary("bevy_behave 0.5", &behave_times);
    println!(
        "live entities: {} (bt_bevy), {} (bevy_behave)",
        live_entities(&mut ours),
        live_entities(&mut behave)
    );

    if compare {
        let ours = &ours.world().resource::<Record>().frames;
        let behave = &behave.world().resource::<Record>().frames;
        let mut counts = std::collections::BTreeMap::<String, usize>::new();
        for frame in ours {
            for (did, _) in frame {
                *counts.entry(format!("{did:?}")).or_default() += 1;
            }
        }
        match ours.iter().zip(behave).position(|(a, b)| a != b) {
            None => println!("same decisions in all {frames} frames: {counts:?}"),
            Some(frame) => {
                let agent = (0..agents)
                    .find(|&i| ours[frame][i] != behave[frame][i])
                    .unwrap();
                let show = |record: &[Vec<(Did, [u32; 2])>]| {
                    let (did, [x, y]) = record[frame][agent];
                    format!("{did:?} at ({}, {})", f32::from_bits(x), f32::from_bits(y))
                };
                eprintln!(
                    "frame {frame}, agent {agent}: bt_bevy {} but bevy_behave {}",
                    show(ours),
                    show(behave)
                );
                std::process::exit(1);
            }
        }
    }
}
