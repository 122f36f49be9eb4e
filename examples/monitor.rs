//! Watch a tree live: a rover drives between four waypoints and recharges when its battery runs
//! low, ticked ten times a second forever, published to Groot2 (BehaviorTree.CPP 4's monitor
//! protocol) on `127.0.0.1:1667`.
//!
//! ```text
//! cargo run --example monitor                  # then attach Groot2 (or btview) to localhost:1667
//! cargo run --example monitor -- --port 1777 --hz 2 --breakpoints
//! ```
//!
//! Options: `--port P` (the request port; the PUB socket is on P + 1), `--address A` (listen on
//! another address than 127.0.0.1: other machines can then watch), `--hz F` (ticks a second),
//! `--ticks N` (stop after N ticks), `--breakpoints` (let Groot2 pause the tree), `--step` (tick
//! once per line read on standard input, printing `tick N STATUS`: how
//! `tests/groot2/check.py` drives it in lockstep with BehaviorTree.CPP), `--xml` (print the
//! tree's XML, the one BehaviorTree.CPP loads for the comparison, and exit), `--btlog FILE`
//! (also write BehaviorTree.CPP's `.btlog`, which Groot2 replays), `--trace FILE` (also write
//! a Chrome trace-event timeline, which ui.perfetto.dev opens).
//!
//! To watch it in a browser as well (no node limit, every agent of a program, the last ticks to
//! step back through), the web monitor's own example serves this rover to both Groot2 and its
//! page: `cargo run --manifest-path bt-monitor/Cargo.toml --example monitor`, then open
//! `http://127.0.0.1:1680/`. It lives in `bt-monitor/`, a workspace of its own, so that this
//! workspace never compiles the WebSocket crates.
//!
//! The rover's story repeats every 26 ticks: five drives of three ticks (five percent of battery
//! per tick) with a waypoint change after each, until the battery is below 30; then
//! `BatteryOk` fails and `Recharge` runs until the battery is full again.

use std::fs::File;
use std::io::{BufRead, BufWriter};
use std::net::IpAddr;
use std::time::{Duration, Instant};

use bt::{behavior_tree, Condition, Observer, Outcome, StatefulAction, Status, SyncAction};
// In a crate of your own this is `bt::groot2`, with bt's cargo feature `groot2`.
use bt_groot2 as groot2;

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
    address: IpAddr,
    hz: f64,
    ticks: Option<u64>,
    breakpoints: bool,
    step: bool,
    xml: bool,
    btlog: Option<String>,
    trace: Option<String>,
}

/// An observer that may be absent (the files of `--btlog` and `--trace`).
struct Maybe<O>(Option<O>);

impl<O: Observer> Observer for Maybe<O> {
    fn on_status(&mut self, node: usize, status: Status) {
        if let Some(observer) = &mut self.0 {
            observer.on_status(node, status);
        }
    }

    fn on_halted(&mut self, node: usize) {
        if let Some(observer) = &mut self.0 {
            observer.on_halted(node);
        }
    }

    fn on_aborted(&mut self, node: usize) {
        if let Some(observer) = &mut self.0 {
            observer.on_aborted(node);
        }
    }
}

fn create(path: &str) -> BufWriter<File> {
    match File::create(path) {
        Ok(file) => BufWriter::new(file),
        Err(error) => {
            eprintln!("monitor: cannot create {path}: {error}");
            std::process::exit(1);
        }
    }
}

fn options() -> Result<Options, String> {
    let mut options = Options {
        port: groot2::DEFAULT_PORT,
        address: IpAddr::from([127, 0, 0, 1]),
        hz: 10.0,
        ticks: None,
        breakpoints: false,
        step: false,
        xml: false,
        btlog: None,
        trace: None,
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
            "--breakpoints" => options.breakpoints = true,
            "--step" => options.step = true,
            "--xml" => options.xml = true,
            "--btlog" => options.btlog = Some(value("--btlog")?),
            "--trace" => options.trace = Some(value("--trace")?),
            other => return Err(format!("unknown option {other}")),
        }
    }
    Ok(options)
}

fn main() {
    let options = match options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("monitor: {message}");
            std::process::exit(2);
        }
    };
    if options.xml {
        print!("{}", Rover::to_xml());
        return;
    }
    let mut groot = match groot2::Groot2Publisher::builder("Rover", Rover::NODES)
        .address(options.address)
        .port(options.port)
        .breakpoints(options.breakpoints)
        .start()
    {
        Ok(groot) => groot,
        Err(error) => {
            eprintln!(
                "monitor: cannot listen on {}:{} and the next port: {error}",
                options.address, options.port
            );
            std::process::exit(1);
        }
    };
    let mut world = World {
        battery: 100,
        waypoint: 0,
    };
    let mut rover = Rover::new();
    eprintln!(
        "Publishing the tree `Rover` on {address}:{port} (PUB on {next}). Attach Groot2's monitor \
         to {address}, port {port}, or run `btview` on it.{breakpoints}",
        address = groot.address(),
        port = groot.port(),
        next = groot.port() + 1,
        breakpoints = if options.breakpoints {
            " Breakpoints are on."
        } else {
            ""
        }
    );
    eprintln!(
        "In a browser instead, with no node limit, every agent and the last 1000 ticks: \
         `cargo run --manifest-path bt-monitor/Cargo.toml --example monitor` serves this tree to \
         Groot2 and to a page on http://127.0.0.1:1680/ at once (bt-monitor/README.md)."
    );
    let period = Duration::from_secs_f64(1.0 / options.hz);
    let mut next_tick = Instant::now();
    let mut lines = std::io::stdin().lock().lines();
    let mut btlog = Maybe(options.btlog.as_deref().map(|path| {
        groot2::BtLog::new("Rover", Rover::NODES, create(path)).expect("the .btlog header")
    }));
    let mut trace = Maybe(options.trace.as_deref().map(|path| {
        groot2::ChromeTrace::new("Rover", Rover::NODES, create(path)).expect("the trace header")
    }));
    let mut ticks = 0u64;
    while options.ticks.map_or(true, |limit| ticks < limit) {
        if options.step {
            match lines.next() {
                Some(Ok(_)) => {}
                _ => break,
            }
        } else {
            next_tick += period;
            if let Some(wait) = next_tick.checked_duration_since(Instant::now()) {
                std::thread::sleep(wait);
            }
        }
        let status = rover.tick_with(&mut world, &mut (&mut groot, &mut btlog, &mut trace));
        groot.publish_blackboard(|entries| {
            entries
                .entry("battery", world.battery)
                .entry("waypoint", world.waypoint);
        });
        ticks += 1;
        if options.step {
            println!("tick {ticks} {}", status.name());
        } else if ticks % 50 == 0 {
            eprintln!(
                "tick {ticks}: {} (battery {}%, waypoint {})",
                status.name(),
                world.battery,
                world.waypoint
            );
        }
    }
    if let Some(log) = btlog.0 {
        if let Err(error) = log.finish() {
            eprintln!("monitor: writing the .btlog: {error}");
        }
    }
    if let Some(trace) = trace.0 {
        if let Err(error) = trace.finish() {
            eprintln!("monitor: writing the trace: {error}");
        }
    }
}

/// The tree, for `cargo run --example draw`.
#[allow(dead_code)]
pub(crate) fn tree() -> (&'static [bt::NodeInfo], bt::export::Xml<'static>) {
    (Rover::NODES, Rover::to_xml())
}
