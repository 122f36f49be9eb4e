//! The chase written with `behavior_tree!` and with `bevy_behave` makes the same decisions: in
//! every frame, every agent did the same thing and stands at the same place, bit for bit.

use crate::world::{self, Did, Record};
use crate::{behave, ours};
use std::collections::HashSet;

/// 256 agents (4 groups, 4 targets) for 20 s of game time.
#[test]
fn same_decisions_in_every_frame() {
    const AGENTS: usize = 256;
    const FRAMES: usize = 1_280;
    let mut ours = ours::app(AGENTS);
    let mut behave = behave::app(AGENTS);
    world::record(&mut ours);
    world::record(&mut behave);
    for _ in 0..FRAMES {
        ours.update();
        behave.update();
    }
    let ours = &ours.world().resource::<Record>().frames;
    let behave = &behave.world().resource::<Record>().frames;
    assert_eq!((ours.len(), behave.len()), (FRAMES, FRAMES));
    for (frame, (a, b)) in ours.iter().zip(behave).enumerate() {
        assert_eq!(a.len(), AGENTS);
        if let Some(agent) = (0..AGENTS).find(|&i| a[i] != b[i]) {
            panic!(
                "frame {frame}, agent {agent}: bt_bevy {:?}, bevy_behave {:?}",
                a[agent], b[agent]
            );
        }
    }
    // Every path of the story was taken, the timeout's included.
    let seen: HashSet<Did> = ours.iter().flatten().map(|(did, _)| *did).collect();
    for did in [
        Did::Idle,
        Did::Patrol,
        Did::Notice,
        Did::Chase,
        Did::Catch,
        Did::GiveUp,
    ] {
        assert!(seen.contains(&did), "no agent did {did:?}");
    }
}

/// One entity per agent with `bt_bevy`; three with `bevy_behave` (the agent, its tree, the task).
#[test]
fn entities_per_agent() {
    let mut ours = ours::app(64);
    let mut behave = behave::app(64);
    for _ in 0..8 {
        ours.update();
        behave.update();
    }
    let count = |app: &mut bevy_app::App| {
        let world = app.world_mut();
        world
            .query::<bevy_ecs::entity::Entity>()
            .iter(world)
            .count()
    };
    assert_eq!(count(&mut ours), 64);
    // Tasks that reported are despawned on the next frame: a few more than three per agent.
    let behave = count(&mut behave);
    assert!((3 * 64..4 * 64).contains(&behave), "{behave}");
}
