//! The guards written with `behavior_tree!` and with `bevy_behave` make the same decisions: in
//! every frame, every guard did the same thing, stands at the same place, bit for bit, and has
//! the same ammunition.

#[path = "../../examples/guards/behave.rs"]
mod behave;
#[path = "../../examples/guards/ours.rs"]
mod ours;
#[path = "../../examples/guards/world.rs"]
mod world;

use std::collections::HashSet;
use world::{Did, Record};

/// 128 guards (2 groups, 2 intruders) for 20 s of game time.
#[test]
fn same_decisions_in_every_frame() {
    const GUARDS: usize = 128;
    const FRAMES: usize = 1_280;
    let mut ours = ours::app(GUARDS);
    let mut behave = behave::app(GUARDS);
    world::record(&mut ours, true);
    world::record(&mut behave, true);
    for _ in 0..FRAMES {
        ours.update();
        behave.update();
    }
    let ours = &ours.world().resource::<Record>().frames;
    let behave = &behave.world().resource::<Record>().frames;
    assert_eq!((ours.len(), behave.len()), (FRAMES, FRAMES));
    for (frame, (a, b)) in ours.iter().zip(behave).enumerate() {
        assert_eq!(a.len(), GUARDS);
        if let Some(guard) = (0..GUARDS).find(|&i| a[i] != b[i]) {
            panic!(
                "frame {frame}, guard {guard}: bt_bevy {:?}, bevy_behave {:?}",
                a[guard], b[guard]
            );
        }
    }
    // Every branch was taken: the flight, the shot and the cooldown's aim, the walk, its
    // arrival, the time limit and the idling after it.
    let seen: HashSet<Did> = ours.iter().flatten().map(|(did, ..)| *did).collect();
    for did in [
        Did::Idle,
        Did::Flee,
        Did::Shoot,
        Did::Aim,
        Did::Patrol,
        Did::Arrive,
        Did::GiveUp,
    ] {
        assert!(seen.contains(&did), "no guard did {did:?}");
    }
}
