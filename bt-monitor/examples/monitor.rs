//! Watch a tree live in a browser and in Groot2 at once: the rover of the root crate's
//! `examples/monitor.rs` (it drives between four waypoints and recharges when its battery runs
//! low), ticked ten times a second forever, served to this crate's page on
//! `http://127.0.0.1:1680/` and to Groot2 (BehaviorTree.CPP 4's protocol) on `127.0.0.1:1667`.
//!
//! ```text
//! cargo run --example monitor          # open http://127.0.0.1:1680/, attach Groot2 to :1667
//! cargo run --example monitor -- --port 0 --groot-port 0 --hz 2
//! ```
//!
//! Options: `--port P` (the page; 0 picks a free one), `--groot-port P` (Groot2's request
//! port, its PUB socket on P + 1; 0 picks a free pair), `--address A` (both listen there
//! instead of 127.0.0.1), `--hz F` (ticks a second), `--ticks N` (stop after N ticks).
//!
//! The rover's story repeats every 26 ticks: five drives of three ticks (five percent of
//! battery per tick) with a waypoint change after each, until the battery is below 30; then
//! `BatteryOk` fails and `Recharge` runs until the battery is full again.

use std::net::IpAddr;
use std::time::{Duration, Instant};

use bt::{behavior_tree, Condition, Outcome, StatefulAction, Status, SyncAction};

/// What the rover's leaves act on.
pub struct World {
    /// Percent.
    pub battery: u32,
    /// The waypoint the rover drives to, 0 to 3.
    pub waypoint: u32,
}

/// The battery can take another drive.
#[derive(Default)]
pub struct BatteryOk;

impl Condition<World> for BatteryOk {
    fn check(&mut self, world: &World) -> bool {
        world.battery >= 30
    }
}

/// Drives to the current waypoint: three ticks, five percent of battery each.
#[derive(Default)]
pub struct DriveTo {
    steps_left: u32,
}

impl StatefulAction<World> for DriveTo {
    fn on_start(&mut self, _: &mut World) -> Status {
        self.steps_left = 3;
        Status::Running
    }

    fn on_running(&mut self, world: &mut World) -> Status {
        world.battery = world.battery.saturating_sub(5);
        self.steps_left -= 1;
        if self.steps_left == 0 {
            Status::Success
        } else {
            Status::Running
        }
    }
}

/// Picks the next waypoint.
#[derive(Default)]
pub struct NextWaypoint;

impl SyncAction<World> for NextWaypoint {
    fn execute(&mut self, world: &mut World) -> Outcome {
        world.waypoint = (world.waypoint + 1) % 4;
        Outcome::Success
    }
}

/// Charges 25 percent a tick until full.
#[derive(Default)]
pub struct Recharge;

impl StatefulAction<World> for Recharge {
    fn on_start(&mut self, _: &mut World) -> Status {
        Status::Running
    }

    fn on_running(&mut self, world: &mut World) -> Status {
        world.battery = (world.battery + 25).min(100);
        if world.battery == 100 {
            Status::Success
        } else {
            Status::Running
        }
    }
}

behavior_tree! {
    /// Drive around while the battery lasts, else recharge.
    pub tree Rover for World {
        Fallback {
            Sequence {
                Condition(BatteryOk),
                StatefulAction(DriveTo),
                Action(NextWaypoint),
            },
            StatefulAction(Recharge),
        }
    }
}

struct Options {
    port: u16,
    groot_port: u16,
    address: IpAddr,
    hz: f64,
    ticks: Option<u64>,
}

fn options() -> Result<Options, String> {
    let mut options = Options {
        port: bt_monitor::DEFAULT_PORT,
        groot_port: bt_groot2::DEFAULT_PORT,
        address: IpAddr::from([127, 0, 0, 1]),
        hz: 10.0,
        ticks: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--port" => {
                options.port = value("--port")?
                    .parse()
                    .map_err(|e| format!("--port: {e}"))?
            }
            "--groot-port" => {
                options.groot_port = value("--groot-port")?
                    .parse()
                    .map_err(|e| format!("--groot-port: {e}"))?
            }
            "--address" => {
                options.address = value("--address")?
                    .parse()
                    .map_err(|e| format!("--address: {e}"))?
            }
            "--hz" => {
                options.hz = value("--hz")?.parse().map_err(|e| format!("--hz: {e}"))?;
                if !(options.hz > 0.0 && options.hz.is_finite()) {
                    return Err("--hz must be a positive number".into());
                }
            }
            "--ticks" => {
                options.ticks = Some(
                    value("--ticks")?
                        .parse()
                        .map_err(|e| format!("--ticks: {e}"))?,
                )
            }
            other => return Err(format!("unknown option {other}")),
        }
    }
    Ok(options)
}

fn main() {
    let options = options().unwrap_or_else(|message| {
        eprintln!("monitor: {message}");
        std::process::exit(2);
    });
    let monitor = bt_monitor::Monitor::builder()
        .address(options.address)
        .port(options.port)
        .start()
        .unwrap_or_else(|error| {
            eprintln!(
                "monitor: cannot listen on {}:{}: {error}",
                options.address, options.port
            );
            std::process::exit(1);
        });
    let mut groot = bt_groot2::Groot2Publisher::builder("Rover", Rover::NODES)
        .address(options.address)
        .port(options.groot_port)
        .start()
        .unwrap_or_else(|error| {
            eprintln!(
                "monitor: cannot listen on {}:{} and the next port: {error}",
                options.address, options.groot_port
            );
            std::process::exit(1);
        });
    println!("monitor: {}", monitor.url());
    eprintln!(
        "Open {} in a browser; attach Groot2's monitor (or btview) to {}, port {}.",
        monitor.url(),
        groot.address(),
        groot.port()
    );
    let mut world = World {
        battery: 100,
        waypoint: 0,
    };
    let mut rover = Rover::new();
    let mut agent = monitor.agent_for::<Rover>("rover");
    let period = Duration::from_secs_f64(1.0 / options.hz);
    let mut next_tick = Instant::now();
    let mut ticks = 0u64;
    while options.ticks.is_none_or(|limit| ticks < limit) {
        next_tick += period;
        if let Some(wait) = next_tick.checked_duration_since(Instant::now()) {
            std::thread::sleep(wait);
        }
        // Groot2 sees every tick; the page's recorder joins in while someone watches.
        agent.tick_with(&mut rover, &mut world, &mut groot);
        groot.publish_blackboard(|entries| {
            entries
                .entry("battery", world.battery)
                .entry("waypoint", world.waypoint);
        });
        agent.blackboard(|entries| {
            entries
                .entry("battery", world.battery)
                .entry("waypoint", world.waypoint);
        });
        ticks += 1;
    }
}
