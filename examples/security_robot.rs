//! # The security robot: `Parallel` and `Timeout` on a clock
//!
//! Run it with `cargo run --example security_robot`.
//!
//! ## The tree
//!
//! ```text
//! ReactiveFallback
//! ├── ReactiveSequence "Intercept"
//! │   ├── isIntruderVisible             (condition)
//! │   └── Timeout(3000)                 (gives up a chase after 3 s)
//! │       └── ApproachIntruder          (stateful action: 2 m per tick)
//! ├── Parallel(success = 1, failure = 1) "PatrolWatchingBattery"
//! │   ├── MonitorBattery                (stateful action: Running while the battery is fine,
//! │   │                                  Failure when low or while the robot charges)
//! │   └── Patrol                        (stateful action: one waypoint per tick, a round of 6)
//! └── Recharge                          (stateful action: +25 % per tick at the dock)
//! ```
//!
//! The seeds give the pieces: the patrol robot that must check `isBatteryOK` on every tick (seed
//! 000, seed 002), `ApproachEnemy` pre-empted by a reactive parent (seeds 000 and 002), and the
//! `Parallel` and `Timeout` nodes of seed 003 ("平行执行器": run every branch at once, stop all of
//! them at the first success or failure; "超时": a child that runs too long is stopped and the
//! node fails). Here the robot patrols *while* a monitor watches its battery, and chases an
//! intruder for 3 seconds at most.
//!
//! ## What the nodes do
//!
//! * `Parallel(success = 1, failure = 1)` ticks both children on every tick. The first one to
//!   complete decides: the patrol finishing its round is a success, the monitor reporting a low
//!   battery is a failure; either way the other child, still running, is halted.
//! * `Timeout(3000)` measures from its first tick. The context is the clock: a `bt::ManualClock`
//!   advanced by 500 ms before every tick, so the story is exactly reproducible (a real robot
//!   would keep a `bt::StdClock`). On the first tick at which 3,000 ms have passed while the
//!   chase still runs, the timeout halts `ApproachIntruder` without ticking it, and fails.
//! * The `ReactiveFallback` re-checks the intercept branch first on every tick: a visible intruder
//!   pre-empts (halts) the patrol and its monitor, or the recharge.
//!
//! ## What the trace shows
//!
//! * ticks 1–3: no intruder; both children of the `Parallel` run side by side.
//! * tick 4: an intruder 6 m away. The intercept branch starts `ApproachIntruder` under the
//!   timeout, and the `Parallel` is halted: both the monitor and the patrol get `on_halted`.
//! * ticks 5–6: the intruder stands still; caught on tick 6, 1 s after the chase began: the
//!   intercept branch succeeds.
//! * ticks 7–9: back to patrolling, from the start of the round.
//! * tick 10: a second intruder, 8 m away, running. The robot gains only 1 m per tick.
//! * tick 16: 3,000 ms after tick 10 the intruder is still 2 m ahead: the timeout halts the chase
//!   and fails; in the same tick the `Parallel` starts again, and its monitor finds the battery
//!   low: it fails at once (the patrol is not even started), and `Recharge` takes over.
//! * ticks 17–19: recharging to 100 %. The `ReactiveFallback` ticks the `Parallel` first on every
//!   tick, but its monitor fails while the robot is docked, so the recharge is not pre-empted
//!   half-way; on tick 19 it succeeds.
//! * ticks 20–25: a whole round of 6 waypoints: on tick 25 the patrol succeeds, and the
//!   `Parallel` succeeds too, halting the monitor that was still running.
//! * tick 26: a new round; then the program halts the tree.

use bt::{behavior_tree, Clock, Condition, ManualClock, StatefulAction, Status, TickTrace};
use core::time::Duration;

/// What the leaves read and write. It is also the trees' clock.
struct World {
    clock: ManualClock,
    /// Battery charge, in percent.
    battery: u32,
    intruder: Option<Intruder>,
    /// Docked and charging: the robot stays at the dock until the battery is full.
    charging: bool,
    /// Intruders caught so far.
    caught: u32,
}

/// Someone who should not be here.
struct Intruder {
    /// Metres between the robot and the intruder.
    distance: u32,
    /// Metres the intruder runs away per tick.
    speed: u32,
}

impl Clock for World {
    fn now(&self) -> Duration {
        self.clock.now()
    }
}

/// Time between two ticks.
const TICK_MS: u64 = 500;
/// Below this charge the robot must go back to its dock.
const LOW_BATTERY: u32 = 20;
/// Metres the robot covers per tick when chasing.
const ROBOT_SPEED: u32 = 2;
/// Waypoints in a patrol round.
const ROUND: u32 = 6;

/// Condition: is an intruder in sight?
#[derive(Default)]
struct IsIntruderVisible;

impl Condition<World> for IsIntruderVisible {
    fn check(&mut self, world: &World) -> bool {
        world.intruder.is_some()
    }
}

/// Stateful action: run at the intruder, 2 m per tick; caught at 0 m.
#[derive(Default)]
struct ApproachIntruder;

impl ApproachIntruder {
    fn step(&mut self, world: &mut World) -> Status {
        world.battery = world.battery.saturating_sub(3);
        let intruder = world.intruder.as_mut().expect("chasing a visible intruder");
        intruder.distance = (intruder.distance + intruder.speed).saturating_sub(ROBOT_SPEED);
        if intruder.distance == 0 {
            world.intruder = None;
            world.caught += 1;
            println!(
                "  > ApproachIntruder: caught! (battery {} %)",
                world.battery
            );
            Status::Success
        } else {
            println!(
                "  > ApproachIntruder: {} m to go (battery {} %)",
                intruder.distance, world.battery
            );
            Status::Running
        }
    }
}

impl StatefulAction<World> for ApproachIntruder {
    fn on_start(&mut self, world: &mut World) -> Status {
        println!("  > ApproachIntruder: on_start, running at the intruder");
        self.step(world)
    }

    fn on_running(&mut self, world: &mut World) -> Status {
        self.step(world)
    }

    fn on_halted(&mut self, world: &mut World) {
        let distance = world
            .intruder
            .as_ref()
            .map_or(0, |intruder| intruder.distance);
        println!("  > ApproachIntruder: on_halted, giving up the chase {distance} m short");
    }
}

/// Stateful action: Running while the battery is fine; Failure when it is low, or while the
/// robot is docked and charging (so that the patrol does not take the robot off its dock).
#[derive(Default)]
struct MonitorBattery;

impl MonitorBattery {
    fn check(&self, world: &World) -> Status {
        if world.charging {
            println!("  > MonitorBattery: still charging ({} %)", world.battery);
            Status::Failure
        } else if world.battery < LOW_BATTERY {
            println!("  > MonitorBattery: battery low ({} %)!", world.battery);
            Status::Failure
        } else {
            println!("  > MonitorBattery: battery {} %, fine", world.battery);
            Status::Running
        }
    }
}

impl StatefulAction<World> for MonitorBattery {
    fn on_start(&mut self, world: &mut World) -> Status {
        println!("  > MonitorBattery: on_start");
        self.check(world)
    }

    fn on_running(&mut self, world: &mut World) -> Status {
        self.check(world)
    }

    fn on_halted(&mut self, _world: &mut World) {
        println!("  > MonitorBattery: on_halted, monitor off");
    }
}

/// Stateful action: one waypoint per tick; Success after a whole round.
#[derive(Default)]
struct Patrol {
    waypoint: u32,
}

impl Patrol {
    fn step(&mut self, world: &mut World) -> Status {
        world.battery = world.battery.saturating_sub(2);
        self.waypoint += 1;
        println!("  > Patrol: waypoint {}/{ROUND}", self.waypoint);
        if self.waypoint == ROUND {
            println!("  > Patrol: round complete");
            Status::Success
        } else {
            Status::Running
        }
    }
}

impl StatefulAction<World> for Patrol {
    fn on_start(&mut self, world: &mut World) -> Status {
        println!("  > Patrol: on_start, a new round");
        self.waypoint = 0;
        self.step(world)
    }

    fn on_running(&mut self, world: &mut World) -> Status {
        self.step(world)
    }

    fn on_halted(&mut self, _world: &mut World) {
        println!(
            "  > Patrol: on_halted, round interrupted at waypoint {}",
            self.waypoint
        );
    }
}

/// Stateful action: +25 % per tick at the dock, Success when full.
#[derive(Default)]
struct Recharge;

impl Recharge {
    fn step(&mut self, world: &mut World) -> Status {
        world.battery = (world.battery + 25).min(100);
        println!("  > Recharge: battery {} %", world.battery);
        if world.battery == 100 {
            world.charging = false;
            Status::Success
        } else {
            Status::Running
        }
    }
}

impl StatefulAction<World> for Recharge {
    fn on_start(&mut self, world: &mut World) -> Status {
        println!("  > Recharge: on_start, back to the dock");
        world.charging = true;
        self.step(world)
    }

    fn on_running(&mut self, world: &mut World) -> Status {
        self.step(world)
    }

    fn on_halted(&mut self, world: &mut World) {
        world.charging = false;
        println!("  > Recharge: on_halted, leaving the dock");
    }
}

behavior_tree! {
    /// Chase intruders (3 s at most), else patrol while watching the battery, else recharge.
    tree SecurityRobot for World {
        ReactiveFallback {
            #[name = "Intercept"]
            ReactiveSequence {
                #[name = "isIntruderVisible"]
                Condition(IsIntruderVisible),
                #[name = "Timeout 3 s"]
                Timeout(3000) { StatefulAction(ApproachIntruder) },
            },
            #[name = "PatrolWatchingBattery"]
            Parallel(success = 1, failure = 1) {
                StatefulAction(MonitorBattery),
                StatefulAction(Patrol),
            },
            StatefulAction(Recharge),
        }
    }
}

const LAST_TICK: u32 = 26;

/// Changes the world before tick `tick` and describes the change.
fn script(tick: u32, world: &mut World) -> &'static str {
    match tick {
        1 => "the robot leaves its dock, battery at 58 %",
        4 => {
            world.intruder = Some(Intruder {
                distance: 6,
                speed: 0,
            });
            "an intruder, 6 m away, frozen in the torch light"
        }
        10 => {
            world.intruder = Some(Intruder {
                distance: 8,
                speed: 1,
            });
            "a second intruder, 8 m away, running for the fence"
        }
        16 => "the intruder reaches the fence",
        17 => {
            world.intruder = None;
            "the intruder is over the fence and gone"
        }
        _ => "",
    }
}

fn main() {
    let mut world = World {
        clock: ManualClock::new(),
        battery: 58,
        intruder: None,
        charging: false,
        caught: 0,
    };
    let mut tree = SecurityRobot::new();
    let mut trace = TickTrace::<{ SecurityRobot::NODE_COUNT }>::new();

    println!("The security robot (seeds 000, 002, 003):");
    println!("  ReactiveFallback {{");
    println!("    Intercept: ReactiveSequence {{ isIntruderVisible, Timeout(3000) {{ ApproachIntruder }} }},");
    println!("    Parallel(success = 1, failure = 1) {{ MonitorBattery, Patrol }},");
    println!("    Recharge,");
    println!("  }}");
    println!("One tick every {TICK_MS} ms of a ManualClock. Lines starting with '>' are printed by the leaves.");
    for tick in 1..=LAST_TICK {
        if tick > 1 {
            world.clock.advance_ms(TICK_MS);
        }
        println!();
        println!(
            "=== tick {tick} (t = {} ms) ===",
            world.clock.now().as_millis()
        );
        let note = script(tick, &mut world);
        if !note.is_empty() {
            println!("world: {note}");
        }
        trace.clear();
        let status = tree.tick_with(&mut world, &mut trace);
        println!("trace:");
        for line in trace.display(SecurityRobot::NODES).to_string().lines() {
            println!("    {line}");
        }
        println!("root: {status}");
    }

    println!();
    println!("=== after tick {LAST_TICK}: halt ===");
    println!("world: the night shift ends; the program calls tree.halt_with()");
    trace.clear();
    tree.halt_with(&mut world, &mut trace);
    println!("trace:");
    for line in trace.display(SecurityRobot::NODES).to_string().lines() {
        println!("    {line}");
    }
    println!("root status after the halt: {:?}", tree.status());

    println!();
    println!(
        "End of the shift: {} intruder(s) caught, battery {} %.",
        world.caught, world.battery
    );
}

// ---- for `cargo run --example draw`, which includes this file as a module ----

/// The tree's nodes and its BehaviorTree.CPP XML.
#[allow(dead_code)]
pub(crate) fn tree() -> (&'static [bt::NodeInfo], bt::export::Xml<'static>) {
    (SecurityRobot::NODES, SecurityRobot::to_xml())
}
