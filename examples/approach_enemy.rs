//! # Approaching an enemy: a `ReactiveSequence` guarding an asynchronous action
//!
//! Run it with `cargo run --example approach_enemy`.
//!
//! ## The tree
//!
//! ```text
//! ReactiveSequence
//! ├── isEnemyVisible   (condition)
//! └── ApproachEnemy    (stateful action: one metre per tick until within reach)
//! ```
//!
//! The `ReactiveSequence` example of BehaviorTree.CPP's Sequence documentation (seed 000; seed 002
//! describes the same tree). `ApproachEnemy` is asynchronous: it answers `RUNNING` for several
//! ticks before it finishes.
//!
//! ## What a `ReactiveSequence` does
//!
//! Unlike a plain `Sequence` (see the `sniper` example, where the conditions are skipped while
//! aiming), a reactive sequence starts again at its first child on *every* tick. The condition in
//! front of the running action is therefore asked every tick, and as soon as it fails the sequence
//! fails and **halts** the action that was running: its `on_halted` hook runs once. The next time
//! the condition passes, the action starts a fresh activation (`on_start`, not `on_running`).
//!
//! ## What the trace shows
//!
//! * tick 1: the enemy is visible 6 m away; `ApproachEnemy` starts (`on_start`) and answers
//!   `RUNNING`.
//! * ticks 2–3: the trace lists `isEnemyVisible` on every tick, before `ApproachEnemy`
//!   (`on_running`): the condition is re-checked even though the action is running.
//! * tick 4: the enemy disappears. `isEnemyVisible` fails, the sequence fails, and
//!   `ApproachEnemy` is shown as `halted`: its `on_halted` prints that it stops.
//! * tick 5: still hidden. Only the condition is ticked; nothing is running, so nothing is halted.
//! * tick 6: the enemy is back; `ApproachEnemy` starts a new activation (`on_start` again, not
//!   `on_running`) from where it stopped.
//! * tick 7: within reach: `ApproachEnemy` and the sequence answer `SUCCESS`.

use bt::{behavior_tree, Condition, StatefulAction, Status, TickTrace};

/// What the leaves read and write.
struct World {
    /// Is the enemy in sight?
    enemy_visible: bool,
    /// Distance to the enemy, in metres.
    distance: u32,
}

/// Within this distance the enemy is within reach and the approach is over.
const REACH: u32 = 1;

/// Condition: is the enemy in sight? Counts how often it is asked.
#[derive(Default)]
struct IsEnemyVisible {
    asked: u32,
}

impl Condition<World> for IsEnemyVisible {
    fn check(&mut self, world: &World) -> bool {
        self.asked += 1;
        println!(
            "  > isEnemyVisible: asked for the {} time: {}",
            ordinal(self.asked),
            if world.enemy_visible { "yes" } else { "no" }
        );
        world.enemy_visible
    }
}

fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// Stateful action: walk one metre towards the enemy per tick.
#[derive(Default)]
struct ApproachEnemy;

impl ApproachEnemy {
    fn step(world: &mut World) -> Status {
        world.distance = world.distance.saturating_sub(1);
        if world.distance <= REACH {
            println!(
                "  > ApproachEnemy: one more step, now {} m away: within reach, done",
                world.distance
            );
            Status::Success
        } else {
            println!(
                "  > ApproachEnemy: one step closer, now {} m away",
                world.distance
            );
            Status::Running
        }
    }
}

impl StatefulAction<World> for ApproachEnemy {
    fn on_start(&mut self, world: &mut World) -> Status {
        println!(
            "  > ApproachEnemy: on_start, heading for the enemy {} m away",
            world.distance
        );
        Self::step(world)
    }

    fn on_running(&mut self, world: &mut World) -> Status {
        Self::step(world)
    }

    fn on_halted(&mut self, world: &mut World) {
        println!(
            "  > ApproachEnemy: on_halted, target lost, stopping {} m short",
            world.distance
        );
    }
}

behavior_tree! {
    /// Walk towards the enemy only while it stays in sight.
    tree Approach for World {
        ReactiveSequence {
            #[name = "isEnemyVisible"]
            Condition(IsEnemyVisible),
            StatefulAction(ApproachEnemy),
        }
    }
}

const LAST_TICK: u32 = 7;

/// Changes the world before tick `tick` and describes the change.
fn script(tick: u32, world: &mut World) -> &'static str {
    match tick {
        1 => "the enemy is in sight, 6 m away",
        2 | 3 => "the enemy stays in sight",
        4 => {
            world.enemy_visible = false;
            "the enemy slips behind a crate"
        }
        5 => "the enemy is still hidden",
        6 => {
            world.enemy_visible = true;
            "the enemy shows itself again"
        }
        7 => "the enemy stays in sight",
        _ => unreachable!("the script has {LAST_TICK} ticks"),
    }
}

fn main() {
    let mut world = World {
        enemy_visible: true,
        distance: 6,
    };
    let mut tree = Approach::new();
    let mut trace = TickTrace::<{ Approach::NODE_COUNT }>::new();

    println!("Approach enemy (seed 000): ReactiveSequence {{ isEnemyVisible, ApproachEnemy }}");
    println!("Lines starting with '>' are printed by the leaves while they run.");
    for tick in 1..=LAST_TICK {
        println!();
        println!("=== tick {tick} ===");
        println!("world: {}", script(tick, &mut world));
        trace.clear();
        let status = tree.tick_with(&mut world, &mut trace);
        println!("trace:");
        for line in trace.display(Approach::NODES).to_string().lines() {
            println!("    {line}");
        }
        println!("root: {status}");
    }

    println!();
    println!(
        "After {LAST_TICK} ticks the enemy is {} m away; isEnemyVisible was asked on every tick.",
        world.distance
    );
    println!(
        "The whole tree, all of its state inline: size_of::<Approach>() = {} bytes.",
        std::mem::size_of::<Approach>()
    );
}

// ---- for `cargo run --example draw`, which includes this file as a module ----

/// The tree's nodes and its BehaviorTree.CPP XML.
#[allow(dead_code)]
pub(crate) fn tree() -> (&'static [bt::NodeInfo], bt::export::Xml<'static>) {
    (Approach::NODES, Approach::to_xml())
}
