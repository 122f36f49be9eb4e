//! # The sniper: a plain `Sequence` under a `Fallback`
//!
//! The main demo of the `bt` crate. Run it with `cargo run --example sniper`.
//!
//! ## The tree
//!
//! ```text
//! Fallback
//! ├── Sequence "Snipe"
//! │   ├── isEnemyVisible   (condition)
//! │   ├── isRifleLoaded    (condition)
//! │   ├── AimAtEnemy       (stateful action: three ticks to line up the shot)
//! │   └── Shoot            (synchronous action: fires one round, hits only a visible enemy)
//! └── Patrol               (synchronous action: walks to the next waypoint)
//! ```
//!
//! The sniper of BehaviorTree.CPP's Sequence documentation (seed 000, "Sequences"; seed 002 uses
//! the same example): two conditions guard two actions. The `Fallback` adds the "nothing to shoot
//! at" branch, so that every tick has something to do.
//!
//! ## What a plain `Sequence` does
//!
//! * a child that **succeeds** lets the sequence move on to the next child within the same tick;
//! * a child that **fails** makes the whole sequence fail, and the next tick starts over at the
//!   first child (the conditions are asked again);
//! * a child that is **running** is where the next tick resumes: the children before it are not
//!   ticked again. While the sniper aims, nobody re-checks whether the enemy is still visible.
//!
//! The `Fallback` follows the mirror rules: a failing child hands over to the next one in the same
//! tick, the first success ends the tick, and a running child is resumed on the next tick.
//!
//! ## What the trace shows
//!
//! The world is scripted tick by tick (no randomness). Each tick prints what changed in the world,
//! what the leaves said while they ran, the trace of every node that was ticked (nodes that were not
//! ticked are absent) and the root status.
//!
//! * tick 1: no enemy. `isEnemyVisible` fails, so the `Sequence` fails and the `Fallback` falls
//!   through to `Patrol` in the same tick; the root succeeds.
//! * tick 2: an enemy, but an empty rifle: `isEnemyVisible` succeeds, `isRifleLoaded` fails, and
//!   the sniper patrols on (this tree has no reload branch).
//! * tick 3: the rifle is loaded. Both conditions pass and `AimAtEnemy` starts: `RUNNING` bubbles
//!   up to the root, and `Patrol` is not ticked.
//! * tick 4: only `AimAtEnemy` appears under the `Sequence`: the conditions are *not* re-checked
//!   while a child is running.
//! * tick 5: the enemy ducked behind cover before this tick, but nobody looks: the aim completes,
//!   `Shoot` fires at an empty window and fails, the `Sequence` fails and the `Fallback` moves on to
//!   `Patrol` in the same tick. (The `approach_enemy` example shows the reactive remedy.)
//! * tick 6: the enemy is still hidden; the sequence restarted, so `isEnemyVisible` is asked again.
//! * ticks 7–9: the enemy is back; aim (three ticks), shoot, hit: every child of the `Sequence`
//!   succeeds on tick 9 and the `Fallback` returns `SUCCESS` without ticking `Patrol`.
//! * tick 10: quiet again, back to patrolling.
//! * tick 11: a second enemy; the sniper starts aiming (`RUNNING`).
//! * halt: the program calls `halt_with` while `AimAtEnemy` runs. The trace lists the halted
//!   nodes (the `Fallback`, the `Sequence` and `AimAtEnemy`, whose `on_halted` prints), and
//!   `status()` is `None` again.

use bt::{behavior_tree, Condition, Outcome, StatefulAction, Status, SyncAction, TickTrace};

/// Everything the sniper's leaves read and write.
#[derive(Debug)]
struct World {
    /// Is an enemy in the line of sight right now?
    enemy_visible: bool,
    /// Rounds left in the magazine.
    rounds: u32,
    /// Enemies hit so far.
    hits: u32,
    /// Index of the waypoint the sniper stands at.
    waypoint: usize,
}

const WAYPOINTS: [&str; 3] = ["the bell tower", "the north ridge", "the old mill"];

/// Condition: is there an enemy to shoot at?
#[derive(Default)]
struct IsEnemyVisible;

impl Condition<World> for IsEnemyVisible {
    fn check(&mut self, world: &World) -> bool {
        world.enemy_visible
    }
}

/// Condition: is there a round in the magazine?
#[derive(Default)]
struct IsRifleLoaded;

impl Condition<World> for IsRifleLoaded {
    fn check(&mut self, world: &World) -> bool {
        world.rounds > 0
    }
}

/// Stateful action: lining up a shot takes `AIM_TICKS` ticks.
#[derive(Default)]
struct AimAtEnemy {
    steady: u32,
}

const AIM_TICKS: u32 = 3;

impl AimAtEnemy {
    fn step(&mut self) -> Status {
        self.steady += 1;
        println!(
            "  > AimAtEnemy: steadying the crosshair ({}/{AIM_TICKS})",
            self.steady
        );
        if self.steady == AIM_TICKS {
            Status::Success
        } else {
            Status::Running
        }
    }
}

impl StatefulAction<World> for AimAtEnemy {
    fn on_start(&mut self, _world: &mut World) -> Status {
        println!("  > AimAtEnemy: shouldering the rifle");
        self.steady = 0;
        self.step()
    }

    fn on_running(&mut self, _world: &mut World) -> Status {
        self.step()
    }

    fn on_halted(&mut self, _world: &mut World) {
        println!("  > AimAtEnemy: halted, lowering the rifle");
    }
}

/// Synchronous action: fire one round. It only hits an enemy that is still in sight.
#[derive(Default)]
struct Shoot;

impl SyncAction<World> for Shoot {
    fn execute(&mut self, world: &mut World) -> Outcome {
        world.rounds -= 1;
        if world.enemy_visible {
            world.hits += 1;
            world.enemy_visible = false;
            println!(
                "  > Shoot: bang, hit! The enemy goes down ({} round(s) left)",
                world.rounds
            );
            Outcome::Success
        } else {
            println!(
                "  > Shoot: bang... at an empty window, the target is gone ({} round(s) left)",
                world.rounds
            );
            Outcome::Failure
        }
    }
}

/// Synchronous action: walk to the next waypoint of the round.
#[derive(Default)]
struct Patrol;

impl SyncAction<World> for Patrol {
    fn execute(&mut self, world: &mut World) -> Outcome {
        world.waypoint = (world.waypoint + 1) % WAYPOINTS.len();
        println!("  > Patrol: walking over to {}", WAYPOINTS[world.waypoint]);
        Outcome::Success
    }
}

behavior_tree! {
    /// The sniper of seed 000: shoot a visible enemy when loaded, otherwise patrol.
    tree Sniper for World {
        Fallback {
            #[name = "Snipe"]
            Sequence {
                #[name = "isEnemyVisible"]
                Condition(IsEnemyVisible),
                #[name = "isRifleLoaded"]
                Condition(IsRifleLoaded),
                StatefulAction(AimAtEnemy),
                Action(Shoot),
            },
            Action(Patrol),
        }
    }
}

/// Changes the world before tick `tick` and describes the change.
fn script(tick: u32, world: &mut World) -> &'static str {
    match tick {
        1 => "quiet; the sniper stands at the bell tower, rifle not loaded yet",
        2 => {
            world.enemy_visible = true;
            "an enemy steps into a window across the square, but the rifle is empty"
        }
        3 => {
            world.rounds = 3;
            "a runner brings 3 rounds and the sniper loads; the enemy is still in the window"
        }
        4 => "the enemy stays in the window",
        5 => {
            world.enemy_visible = false;
            "the enemy ducks behind the wall (but nobody re-checks while aiming)"
        }
        6 => "no enemy in sight",
        7 => {
            world.enemy_visible = true;
            "the enemy pops up again"
        }
        8 | 9 => "the enemy stays in the open",
        10 => "quiet",
        11 => {
            world.enemy_visible = true;
            "a second enemy appears"
        }
        _ => unreachable!("the script has {LAST_TICK} ticks"),
    }
}

const LAST_TICK: u32 = 11;

/// The world before tick 1.
fn start() -> World {
    World {
        enemy_visible: false,
        rounds: 0,
        hits: 0,
        waypoint: 0,
    }
}

fn main() {
    let mut world = start();
    let mut tree = Sniper::new();
    let mut trace = TickTrace::<{ Sniper::NODE_COUNT }>::new();

    println!("The sniper (seed 000):");
    println!("  Fallback {{ Snipe: Sequence {{ isEnemyVisible, isRifleLoaded, AimAtEnemy, Shoot }}, Patrol }}");
    println!("Lines starting with '>' are printed by the leaves while they run.");
    for tick in 1..=LAST_TICK {
        println!();
        println!("=== tick {tick} ===");
        println!("world: {}", script(tick, &mut world));
        trace.clear();
        let status = tree.tick_with(&mut world, &mut trace);
        println!("trace:");
        for line in trace.display(Sniper::NODES).to_string().lines() {
            println!("    {line}");
        }
        println!("root: {status}");
    }

    // The mission ends while the sniper is aiming: halting the tree halts every running node.
    println!();
    println!("=== after tick {LAST_TICK}: halt ===");
    println!("world: the radio orders the sniper to pull out; the program calls tree.halt_with()");
    trace.clear();
    tree.halt_with(&mut world, &mut trace);
    println!("trace:");
    for line in trace.display(Sniper::NODES).to_string().lines() {
        println!("    {line}");
    }
    println!("root status after the halt: {:?}", tree.status());

    println!();
    println!(
        "End of the story: {} hit(s), {} round(s) left, last waypoint {}.",
        world.hits, world.rounds, WAYPOINTS[world.waypoint]
    );
    println!(
        "The whole tree, all of its state inline: size_of::<Sniper>() = {} bytes.",
        std::mem::size_of::<Sniper>()
    );
}

// ---- for `cargo run --example draw`, which includes this file as a module ----

/// The tree's nodes and its BehaviorTree.CPP XML.
#[allow(dead_code)]
pub(crate) fn tree() -> (&'static [bt::NodeInfo], bt::export::Xml<'static>) {
    (Sniper::NODES, Sniper::to_xml())
}

/// What each node did in tick `ticks` of the story above (its leaves print as they run), or
/// `None` if the story has no such tick.
#[allow(dead_code)]
pub(crate) fn trace_after(ticks: u32) -> Option<TickTrace<{ Sniper::NODE_COUNT }>> {
    if !(1..=LAST_TICK).contains(&ticks) {
        return None;
    }
    let (mut world, mut tree) = (start(), Sniper::new());
    let mut trace = TickTrace::new();
    for tick in 1..=ticks {
        script(tick, &mut world);
        trace.clear();
        tree.tick_with(&mut world, &mut trace);
    }
    Some(trace)
}
