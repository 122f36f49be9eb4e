//! # The patrol robot: `SequenceWithMemory` under a `ReactiveSequence`
//!
//! Run it with `cargo run --example patrol_robot`.
//!
//! ## The tree
//!
//! ```text
//! ReactiveSequence
//! ├── isBatteryOK            (condition: battery at 20 % or more)
//! └── SequenceWithMemory
//!     ├── GoTo(A)            (stateful action: three ticks per leg)
//!     ├── GoTo(B)
//!     └── GoTo(C)
//! ```
//!
//! The `SequenceStar` example of BehaviorTree.CPP's Sequence documentation (seed 000; seed 002 calls
//! the node by its current name, `SequenceWithMemory`): a robot that must visit A, B and C once
//! each, while the battery is checked on every tick.
//!
//! ## The two sequences
//!
//! * The `ReactiveSequence` starts at `isBatteryOK` on every tick. When the battery is low it fails
//!   at once and halts whatever is running below it.
//! * The `SequenceWithMemory` remembers which waypoint it had reached. Being halted does not reset
//!   it: when the battery is fine again it resumes at the leg that was interrupted, and the legs
//!   that already succeeded are not ticked again. (A plain `Sequence` would forget its position on
//!   halt and send the robot back to A.)
//!
//! Each `GoTo` keeps the steps it still has to walk, so an interrupted leg continues from where the
//! robot stopped.
//!
//! ## What the trace shows
//!
//! * ticks 1–2: `GoTo(A)` is running; the battery is checked first on every tick.
//! * tick 3: A is reached; in the same tick the `SequenceWithMemory` moves on and starts `GoTo(B)`.
//! * tick 4: on the way to B.
//! * tick 5: the battery has dropped to 15 %. `isBatteryOK` fails, the root fails, and both the
//!   `SequenceWithMemory` and `GoTo(B)` are shown as `halted` (`GoTo(B)` prints its `on_halted`).
//! * tick 6: still charging: only `isBatteryOK` is ticked, and fails.
//! * tick 7: the battery is full again. The `SequenceWithMemory` resumes at `GoTo(B)`: `GoTo(A)` does
//!   not appear in the trace. B is reached and `GoTo(C)` starts in the same tick.
//! * ticks 8–9: on to C; on tick 9 every leg has succeeded and the root returns `SUCCESS`.
//!
//! The summary at the end lists the arrivals: A, B and C, once each.

use bt::{behavior_tree, Condition, StatefulAction, Status, TickTrace};

/// What the leaves read and write.
struct World {
    /// Battery charge, in percent.
    battery: u32,
    /// The waypoints reached, in order.
    arrivals: Vec<char>,
}

/// Below this charge the robot must not move.
const LOW_BATTERY: u32 = 20;

/// Steps (ticks) from one waypoint to the next.
const LEG_STEPS: u32 = 3;

/// Condition: is there enough charge to keep moving?
#[derive(Default)]
struct IsBatteryOk;

impl Condition<World> for IsBatteryOk {
    fn check(&mut self, world: &World) -> bool {
        world.battery >= LOW_BATTERY
    }
}

/// Stateful action: walk to one waypoint, one step per tick.
struct GoTo {
    target: char,
    /// Steps still to walk on the current leg; 0 when no leg is under way.
    steps_left: u32,
}

impl GoTo {
    fn to(target: char) -> Self {
        GoTo {
            target,
            steps_left: 0,
        }
    }

    fn step(&mut self, world: &mut World) -> Status {
        self.steps_left -= 1;
        if self.steps_left == 0 {
            world.arrivals.push(self.target);
            println!("  > GoTo({}): arrived at {}", self.target, self.target);
            Status::Success
        } else {
            println!(
                "  > GoTo({}): one step, {} to go",
                self.target, self.steps_left
            );
            Status::Running
        }
    }
}

impl StatefulAction<World> for GoTo {
    fn on_start(&mut self, world: &mut World) -> Status {
        if self.steps_left == 0 {
            self.steps_left = LEG_STEPS;
            println!(
                "  > GoTo({}): on_start, setting off ({} steps)",
                self.target, self.steps_left
            );
        } else {
            println!(
                "  > GoTo({}): on_start, resuming the interrupted leg ({} step(s) left)",
                self.target, self.steps_left
            );
        }
        self.step(world)
    }

    fn on_running(&mut self, world: &mut World) -> Status {
        self.step(world)
    }

    fn on_halted(&mut self, _world: &mut World) {
        println!(
            "  > GoTo({}): on_halted, stopping {} step(s) short of {}",
            self.target, self.steps_left, self.target
        );
    }
}

behavior_tree! {
    /// Visit A, B and C once each, but only while the battery is fine.
    tree PatrolRobot for World {
        ReactiveSequence {
            #[name = "isBatteryOK"]
            Condition(IsBatteryOk),
            SequenceWithMemory {
                #[name = "GoTo(A)"]
                StatefulAction(GoTo = GoTo::to('A')),
                #[name = "GoTo(B)"]
                StatefulAction(GoTo = GoTo::to('B')),
                #[name = "GoTo(C)"]
                StatefulAction(GoTo = GoTo::to('C')),
            },
        }
    }
}

const LAST_TICK: u32 = 9;

/// Changes the world before tick `tick` and describes the change.
fn script(tick: u32, world: &mut World) -> String {
    match tick {
        5 => world.battery = 15,
        7 => world.battery = 100,
        _ => {}
    }
    let note = match tick {
        1 => "the robot leaves the dock",
        5 => "a heavy climb drained the battery",
        6 => "charging",
        7 => "recharged",
        _ => "",
    };
    let battery = format!("battery {} %", world.battery);
    if note.is_empty() {
        battery
    } else {
        format!("{battery} ({note})")
    }
}

fn main() {
    let mut world = World {
        battery: 80,
        arrivals: Vec::new(),
    };
    let mut tree = PatrolRobot::new();
    let mut trace = TickTrace::<{ PatrolRobot::NODE_COUNT }>::new();

    println!("The patrol robot (seed 000):");
    println!(
        "  ReactiveSequence {{ isBatteryOK, SequenceWithMemory {{ GoTo(A), GoTo(B), GoTo(C) }} }}"
    );
    println!("Lines starting with '>' are printed by the leaves while they run.");
    for tick in 1..=LAST_TICK {
        println!();
        println!("=== tick {tick} ===");
        println!("world: {}", script(tick, &mut world));
        trace.clear();
        let status = tree.tick_with(&mut world, &mut trace);
        println!("trace:");
        for line in trace.display(PatrolRobot::NODES).to_string().lines() {
            println!("    {line}");
        }
        println!("root: {status}");
    }

    println!();
    let arrivals: Vec<String> = world.arrivals.iter().map(char::to_string).collect();
    println!("Arrivals, in order: {}", arrivals.join(", "));
    for waypoint in ['A', 'B', 'C'] {
        let visits = world.arrivals.iter().filter(|&&w| w == waypoint).count();
        println!("  {waypoint}: reached {visits} time(s)");
    }
    println!(
        "The whole tree, all of its state inline: size_of::<PatrolRobot>() = {} bytes.",
        std::mem::size_of::<PatrolRobot>()
    );
}

// ---- for `cargo run --example draw`, which includes this file as a module ----

/// The tree's nodes and its BehaviorTree.CPP XML.
#[allow(dead_code)]
pub(crate) fn tree() -> (&'static [bt::NodeInfo], bt::export::Xml<'static>) {
    (PatrolRobot::NODES, PatrolRobot::to_xml())
}
