//! # The resting NPC: a `ReactiveFallback` pre-empting a long action
//!
//! Run it with `cargo run --example resting_npc`.
//!
//! ## The tree
//!
//! ```text
//! ReactiveFallback
//! ├── isRested   (condition: energy at 100)
//! └── Sleep      (stateful action: one hour per tick, +10 energy per hour, done after 8 hours)
//! ```
//!
//! The `ReactiveFallback` example of BehaviorTree.CPP's basics (seed 002, "Fallbacks"): a game
//! character sleeps for up to eight hours, unless it is already rested.
//!
//! ## What a `ReactiveFallback` does
//!
//! It starts at its first child on every tick. While `isRested` fails, the fallback moves on to
//! `Sleep`, which keeps answering `RUNNING`. On the first tick where `isRested` succeeds, the
//! fallback succeeds at once and **halts** the running `Sleep` (its `on_halted` runs once). A plain
//! `Fallback` would instead keep resuming `Sleep` without asking `isRested` again.
//!
//! ## What the trace shows
//!
//! One tick is one hour. The same tree runs two nights.
//!
//! * Night 1, energy 70 at bedtime:
//!   * ticks 1–3: `isRested` fails (70, 80, 90), `Sleep` runs and restores 10 energy an hour.
//!   * tick 4: energy is 100, `isRested` succeeds, the fallback succeeds and `Sleep` is shown as
//!     `halted` after 3 of its 8 hours: it was pre-empted.
//! * Night 2, energy 10 at bedtime (the same tree object, ticked again):
//!   * tick 1: `Sleep` starts a fresh activation (`on_start`), counting from hour 1.
//!   * ticks 2–7: `isRested` is still asked every hour, and keeps failing.
//!   * tick 8: `Sleep` completes its eight hours and answers `SUCCESS` itself (energy 90, not
//!     fully rested, but the limit is reached); nothing is halted.

use bt::{behavior_tree, Condition, StatefulAction, Status, TickTrace};

/// What the leaves read and write.
struct World {
    /// The NPC's energy, 0 to 100.
    energy: u32,
}

/// At this energy the NPC counts as rested.
const RESTED: u32 = 100;

/// Energy restored per hour of sleep.
const ENERGY_PER_HOUR: u32 = 10;

/// Condition: is the NPC rested?
#[derive(Default)]
struct IsRested;

impl Condition<World> for IsRested {
    fn check(&mut self, world: &World) -> bool {
        world.energy >= RESTED
    }
}

/// Stateful action: sleep one hour per tick, for at most `max_hours`.
struct Sleep {
    max_hours: u32,
    /// Hours slept in the current activation.
    hours: u32,
}

impl Sleep {
    fn up_to(max_hours: u32) -> Self {
        Sleep {
            max_hours,
            hours: 0,
        }
    }

    fn sleep_one_hour(&mut self, world: &mut World) -> Status {
        self.hours += 1;
        world.energy = (world.energy + ENERGY_PER_HOUR).min(RESTED);
        if self.hours == self.max_hours {
            println!(
                "  > Sleep: hour {}/{}, energy {}: that was the full night, getting up",
                self.hours, self.max_hours, world.energy
            );
            Status::Success
        } else {
            println!(
                "  > Sleep: hour {}/{}, energy {}: zzz",
                self.hours, self.max_hours, world.energy
            );
            Status::Running
        }
    }
}

impl StatefulAction<World> for Sleep {
    fn on_start(&mut self, world: &mut World) -> Status {
        println!("  > Sleep: on_start, lying down");
        self.hours = 0;
        self.sleep_one_hour(world)
    }

    fn on_running(&mut self, world: &mut World) -> Status {
        self.sleep_one_hour(world)
    }

    fn on_halted(&mut self, _world: &mut World) {
        println!(
            "  > Sleep: on_halted, woken up after {} of {} hours",
            self.hours, self.max_hours
        );
    }
}

behavior_tree! {
    /// Sleep up to eight hours unless already rested.
    tree RestingNpc for World {
        ReactiveFallback {
            #[name = "isRested"]
            Condition(IsRested),
            StatefulAction(Sleep = Sleep::up_to(8)),
        }
    }
}

/// Ticks the tree once per hour, from `energy` at bedtime, until the root stops running (or
/// `max_hours` ticks, as a safety net).
fn night(
    name: &str,
    energy: u32,
    max_hours: u32,
    tree: &mut RestingNpc,
    trace: &mut TickTrace<{ RestingNpc::NODE_COUNT }>,
) {
    println!();
    println!("##### {name}: energy {energy} at bedtime #####");
    let mut world = World { energy };
    for hour in 1..=max_hours {
        println!();
        println!("=== {name}, tick {hour} ===");
        println!("world: start of hour {hour}, energy {}", world.energy);
        trace.clear();
        let status = tree.tick_with(&mut world, trace);
        println!("trace:");
        for line in trace.display(RestingNpc::NODES).to_string().lines() {
            println!("    {line}");
        }
        println!("root: {status}");
        if status != Status::Running {
            println!();
            println!(
                "{name} is over after {hour} tick(s), energy {}.",
                world.energy
            );
            return;
        }
    }
    println!("{name}: still running after {max_hours} ticks, stopping the demo here.");
}

fn main() {
    let mut tree = RestingNpc::new();
    let mut trace = TickTrace::<{ RestingNpc::NODE_COUNT }>::new();

    println!("The resting NPC (seed 002): ReactiveFallback {{ isRested, Sleep (up to 8 hours) }}");
    println!("Lines starting with '>' are printed by the leaves while they run.");
    night("Night 1", 70, 10, &mut tree, &mut trace);
    night("Night 2", 10, 10, &mut tree, &mut trace);
    println!(
        "The whole tree, all of its state inline: size_of::<RestingNpc>() = {} bytes.",
        std::mem::size_of::<RestingNpc>()
    );
}

// ---- for `cargo run --example draw`, which includes this file as a module ----

/// The tree's nodes and its BehaviorTree.CPP XML.
#[allow(dead_code)]
pub(crate) fn tree() -> (&'static [bt::NodeInfo], bt::export::Xml<'static>) {
    (RestingNpc::NODES, RestingNpc::to_xml())
}
