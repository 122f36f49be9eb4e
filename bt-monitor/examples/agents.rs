//! Many agents on one monitor: a navigator of Nav2's size, a crowd of villagers, a picker with a
//! tree of 209 nodes, and a courier whose tree has an error type, all ticked ten times a second
//! and served on `http://127.0.0.1:1680/`.
//!
//! ```text
//! cargo run --example agents                       # then open http://127.0.0.1:1680/
//! cargo run --example agents -- --villagers 10000 --hz 20
//! ```
//!
//! Options: `--port P` (0 picks a free one), `--address A`, `--hz F` (ticks a second),
//! `--ticks N` (stop after N ticks), `--villagers N` (default 300), `--keep-history` (every
//! agent records its last ticks whether watched or not), `--btlog FILE` and `--trace FILE` (also
//! write the navigator's run as a `.btlog` and as a JSON-lines trace, which the page replays).
//! It prints the page's address on its first line (`monitor: http://..`), which
//! `tests/browser.sh` reads.

#[path = "trees/mod.rs"]
mod trees;

use std::fs::File;
use std::io::BufWriter;
use std::net::IpAddr;

use bt::observe::json::JsonTrace;
use bt::{NodeInfo, Observer, Status};
use std::time::{Duration, Instant};

use trees::{Courier, Depot, Navigator, Orchard, OrchardTree, Robot, Villager, VillagerTree};

struct Options {
    port: u16,
    address: IpAddr,
    hz: f64,
    ticks: Option<u64>,
    villagers: usize,
    keep_history: bool,
    btlog: Option<String>,
    trace: Option<String>,
}

fn options() -> Result<Options, String> {
    let mut options = Options {
        port: bt_monitor::DEFAULT_PORT,
        address: IpAddr::from([127, 0, 0, 1]),
        hz: 10.0,
        ticks: None,
        villagers: 300,
        keep_history: false,
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
            "--villagers" => {
                options.villagers = value("--villagers")?
                    .parse()
                    .map_err(|e| format!("--villagers: {e}"))?
            }
            "--keep-history" => options.keep_history = true,
            "--btlog" => options.btlog = Some(value("--btlog")?),
            "--trace" => options.trace = Some(value("--trace")?),
            other => return Err(format!("unknown option {other}")),
        }
    }
    Ok(options)
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
    BufWriter::new(File::create(path).unwrap_or_else(|error| {
        eprintln!("agents: cannot create {path}: {error}");
        std::process::exit(1);
    }))
}

fn main() {
    let options = options().unwrap_or_else(|message| {
        eprintln!("agents: {message}");
        std::process::exit(2);
    });
    let monitor = bt_monitor::Monitor::builder()
        .address(options.address)
        .port(options.port)
        .start()
        .unwrap_or_else(|error| {
            eprintln!(
                "agents: cannot listen on {}:{}: {error}",
                options.address, options.port
            );
            std::process::exit(1);
        });
    println!("monitor: {}", monitor.url());

    let mut robot = Robot::new();
    let mut navigator = Navigator::new();
    let mut navigator_agent = monitor.agent_for::<Navigator>("navigator");
    let nodes: &'static [NodeInfo] = Navigator::NODES;
    let mut files = (
        Maybe(options.btlog.as_deref().map(|path| {
            bt_groot2::BtLog::new("Navigator", nodes, create(path)).expect("the .btlog header")
        })),
        Maybe(
            options
                .trace
                .as_deref()
                .map(|path| JsonTrace::new(nodes, create(path))),
        ),
    );

    let mut orchard = Orchard::default();
    let mut picker = OrchardTree::new();
    let mut picker_agent = monitor.agent_for::<OrchardTree>("picker");

    let mut depot = Depot::default();
    let mut courier = Courier::new();
    let mut courier_agent = monitor.agent("courier", "Courier", Courier::NODES);

    let mut crowd: Vec<(Villager, VillagerTree, bt_monitor::Agent)> = (0..options.villagers)
        .map(|index| {
            let agent = monitor.agent_for::<VillagerTree>(format!("villager-{:03}", index + 1));
            (Villager::new(index as u32), VillagerTree::new(), agent)
        })
        .collect();
    for agent in [&mut navigator_agent, &mut picker_agent, &mut courier_agent] {
        agent.keep_history(options.keep_history);
    }
    if options.keep_history {
        for (_, _, agent) in &mut crowd {
            agent.keep_history(true);
        }
    }

    let period = Duration::from_secs_f64(1.0 / options.hz);
    let mut next_tick = Instant::now();
    let mut ticks = 0u64;
    while options.ticks.is_none_or(|limit| ticks < limit) {
        next_tick += period;
        if let Some(wait) = next_tick.checked_duration_since(Instant::now()) {
            std::thread::sleep(wait);
        }
        ticks += 1;

        robot.step();
        navigator_agent.tick_with(&mut navigator, &mut robot, &mut files);
        navigator_agent.blackboard(|entries| {
            entries
                .fields(navigator.blackboard())
                .entry("battery", robot.battery)
                .entry("goal", robot.goal)
                .entry("progress", robot.progress)
                .entry("blocked", robot.blocked)
                .entry("localized", robot.localized)
                .entry("goals_reached", robot.goals_reached);
        });

        orchard.tick = ticks;
        picker_agent.tick(&mut picker, &mut orchard);
        picker_agent.blackboard(|entries| {
            entries
                .entry("picked", orchard.picked)
                .entry("looked", orchard.looked);
        });

        depot.tick = ticks;
        let result = match courier_agent.recorder() {
            Some(mut recorder) => courier.tick_with(&mut depot, &mut recorder),
            None => courier.tick(&mut depot),
        };
        if let Err(error) = &result {
            courier_agent.error(error);
        }
        courier_agent.blackboard(|entries| {
            entries
                .entry("delivered", depot.delivered)
                .entry("road_open", depot.road_open());
        });

        for (villager, tree, agent) in &mut crowd {
            villager.step();
            agent.tick(tree, villager);
            agent.blackboard(|entries| {
                entries
                    .entry("hunger", villager.hunger)
                    .entry("energy", villager.energy)
                    .entry("walked", villager.walked);
            });
        }
    }
    if let Some(log) = files.0 .0 {
        log.finish().expect("writing the .btlog");
    }
    if let Some(trace) = files.1 .0 {
        trace.finish().expect("writing the trace");
    }
}
