//! # A tree drawn in Groot2: `behavior_tree!` on BehaviorTree.CPP XML
//!
//! Run it with `cargo run --example xml_patrol`.
//!
//! The tree is [`trees/patrol.xml`](trees/patrol.xml), a BehaviorTree.CPP 4 file as Groot2 saves
//! it: two `<BehaviorTree>`s and a `<TreeNodesModel>`. The macro reads it at compile time
//! (a change to the file rebuilds the example), maps its node IDs to the leaf types below and
//! generates the same code the DSL would:
//!
//! ```text
//! MainTree                                       Recharge (its own tree type and blackboard)
//! RetryUntilSuccessful(forever)                  Sequence
//! └── Fallback                                   ├── MoveTo "to station"  goal={station}
//!     ├── ReactiveSequence "patrol"              ├── Charge  until=100
//!     │   ├── IsBatteryOk  min_level={low_battery}  └── Script  charges += 1
//!     │   └── SequenceWithMemory "round"
//!     │       ├── MoveTo  goal=A
//!     │       ├── MoveTo  goal=B
//!     │       └── MoveTo  goal=C  _onSuccess: laps += 1
//!     └── ForceFailure "then patrol again"
//!         └── SubTree Recharge  station={dock} charges={charges}
//! ```
//!
//! `MoveTo` takes its goal as text (`goal="A"`, an `Input<&'static str>`) or from the blackboard
//! (`goal="{station}"`); `IsBatteryOk` is mapped to the Rust type `BatteryOk`; the entry types
//! come from the `blackboard { .. }` of the invocation, and reach the subtree through its
//! remapping (`station` is the parent's `dock`, `charges` the parent's `charges`).
//!
//! ## What the trace shows
//!
//! * ticks 1–3: the robot walks to A, to B and on towards C (two ticks per leg, 10 % battery per
//!   step); the `ReactiveSequence` checks the battery first on every tick.
//! * tick 4: the battery (20 %) is below `low_battery` (30 %): `IsBatteryOk` fails, the running
//!   `MoveTo` is halted (its `on_halted` prints), and the `Fallback` starts the `Recharge`
//!   subtree, whose `MoveTo` heads to the dock.
//! * ticks 5–8: at the dock, `Charge` runs to 100 %; on tick 8 the subtree's `Script` counts the
//!   charge in the parent's `charges`, `ForceFailure` makes the `Fallback` fail, and
//!   `RetryUntilSuccessful(forever)` answers `Running` to try again on the next tick.
//! * ticks 9–10: the `SequenceWithMemory` resumes at C, not A; reaching C runs `_onSuccess`
//!   (`laps += 1`) and the root succeeds.
//!
//! At the end the example prints `Patrol::to_xml()`: the same trees, as Groot2 opens them.

use bt::{behavior_tree, Condition, Input, Ports, StatefulAction, Status, TickTrace};

/// What the leaves read and write.
struct World {
    /// Battery charge, in percent.
    battery: u32,
    /// Where the robot is.
    at: &'static str,
}

/// Condition: enough charge to keep patrolling?
#[derive(Default, Ports)]
struct BatteryOk {
    min_level: Input<u32>,
}

impl Condition<World> for BatteryOk {
    fn check(&mut self, world: &World) -> bool {
        world.battery >= *self.min_level
    }
}

/// Stateful action: walk to `goal`, two steps of 10 % battery each.
#[derive(Default, Ports)]
struct MoveTo {
    goal: Input<&'static str>,
    steps_left: u32,
}

impl StatefulAction<World> for MoveTo {
    fn on_start(&mut self, world: &mut World) -> Status {
        if world.at == *self.goal {
            return Status::Success;
        }
        println!("  > heading to {}", *self.goal);
        self.steps_left = 2;
        self.on_running(world)
    }

    fn on_running(&mut self, world: &mut World) -> Status {
        world.battery = world.battery.saturating_sub(10);
        self.steps_left -= 1;
        if self.steps_left > 0 {
            return Status::Running;
        }
        world.at = *self.goal;
        println!("  > reached {}", world.at);
        Status::Success
    }

    fn on_halted(&mut self, _: &mut World) {
        println!("  > stopped on the way to {}", *self.goal);
    }
}

/// Stateful action: charge until the battery reaches `until`, 30 % per tick.
#[derive(Default, Ports)]
struct Charge {
    until: Input<u32>,
}

impl StatefulAction<World> for Charge {
    fn on_start(&mut self, world: &mut World) -> Status {
        println!("  > charging");
        self.on_running(world)
    }

    fn on_running(&mut self, world: &mut World) -> Status {
        world.battery = (world.battery + 30).min(*self.until);
        if world.battery >= *self.until {
            Status::Success
        } else {
            Status::Running
        }
    }

    fn on_halted(&mut self, world: &mut World) {
        println!("  > charging stopped at {} %", world.battery);
    }
}

behavior_tree! {
    /// The patrol of `examples/trees/patrol.xml`.
    tree Patrol for World {
        xml = "examples/trees/patrol.xml",
        nodes {
            IsBatteryOk = Condition(BatteryOk),
            StatefulAction(MoveTo),
            StatefulAction(Charge),
        }
        blackboard {
            low_battery: u32 = 30,
            dock: &'static str = "dock",
            charges: u32,
            laps: u32,
        }
    }
}

fn main() {
    let mut tree = Patrol::new();
    let mut world = World {
        battery: 70,
        at: "dock",
    };
    let mut trace = TickTrace::<{ Patrol::NODE_COUNT }>::new();
    for tick in 1..=20 {
        println!("tick {tick}: battery {} %, at {}", world.battery, world.at);
        trace.clear();
        let status = tree.tick_with(&mut world, &mut trace);
        print!("{}", trace.display(Patrol::NODES));
        println!("  => {status:?}\n");
        if status != Status::Running {
            break;
        }
    }
    let bb = tree.blackboard();
    println!(
        "laps: {}, charges: {}, battery: {} %",
        bb.laps, bb.charges, world.battery
    );
    println!(
        "\nThe tree as BehaviorTree.CPP XML (Groot2 opens it):\n{}",
        Patrol::to_xml()
    );
}

// ---- for `cargo run --example draw`, which includes this file as a module ----

/// The tree's nodes and its BehaviorTree.CPP XML.
#[allow(dead_code)]
pub(crate) fn tree() -> (&'static [bt::NodeInfo], bt::export::Xml<'static>) {
    (Patrol::NODES, Patrol::to_xml())
}
