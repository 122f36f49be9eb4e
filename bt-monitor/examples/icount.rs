//! Instructions per tick with and without the monitor, for `tests/icount.sh` (valgrind's
//! callgrind counts the calls of the `measured_*` functions):
//!
//! ```text
//! icount TREE MODE TICKS    # TREE: navigator | villager; MODE: plain | agent | recorded
//! ```
//!
//! `plain` ticks the tree itself (`tree.tick(ctx)`); `agent` ticks it through an agent of a
//! running monitor that no page watches (`agent.tick(&mut tree, ctx)`); `recorded` through an
//! agent that records every tick whole (`keep_history(true)`: what a watched agent costs).
//! Each tick also moves the world on (`step`), the same in every mode.

#[path = "trees/mod.rs"]
mod trees;

use std::hint::black_box;

use bt_monitor::{Agent, Monitor};
use trees::{Navigator, Robot, Villager, VillagerTree};

#[inline(never)]
fn measured_navigator_plain(tree: &mut Navigator, robot: &mut Robot, ticks: u64) {
    for _ in 0..ticks {
        robot.step();
        black_box(tree.tick(black_box(&mut *robot)));
    }
}

#[inline(never)]
fn measured_navigator_agent(
    agent: &mut Agent,
    tree: &mut Navigator,
    robot: &mut Robot,
    ticks: u64,
) {
    for _ in 0..ticks {
        robot.step();
        black_box(agent.tick(tree, black_box(&mut *robot)));
    }
}

#[inline(never)]
fn measured_villager_plain(tree: &mut VillagerTree, villager: &mut Villager, ticks: u64) {
    for _ in 0..ticks {
        villager.step();
        black_box(tree.tick(black_box(&mut *villager)));
    }
}

#[inline(never)]
fn measured_villager_agent(
    agent: &mut Agent,
    tree: &mut VillagerTree,
    villager: &mut Villager,
    ticks: u64,
) {
    for _ in 0..ticks {
        villager.step();
        black_box(agent.tick(tree, black_box(&mut *villager)));
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [tree, mode, ticks] = &args[..] else {
        eprintln!("usage: icount navigator|villager plain|agent|recorded TICKS");
        std::process::exit(2);
    };
    let ticks: u64 = ticks.parse().expect("TICKS");
    let monitor = Monitor::builder().port(0).start().expect("a free port");
    match (tree.as_str(), mode.as_str()) {
        ("navigator", "plain") => {
            measured_navigator_plain(&mut Navigator::new(), &mut Robot::new(), ticks)
        }
        ("navigator", mode) => {
            let mut agent = monitor.agent_for::<Navigator>("navigator");
            agent.keep_history(mode == "recorded");
            measured_navigator_agent(&mut agent, &mut Navigator::new(), &mut Robot::new(), ticks)
        }
        ("villager", "plain") => {
            measured_villager_plain(&mut VillagerTree::new(), &mut Villager::new(3), ticks)
        }
        ("villager", mode) => {
            let mut agent = monitor.agent_for::<VillagerTree>("villager");
            agent.keep_history(mode == "recorded");
            measured_villager_agent(
                &mut agent,
                &mut VillagerTree::new(),
                &mut Villager::new(3),
                ticks,
            )
        }
        _ => {
            eprintln!("unknown tree or mode");
            std::process::exit(2);
        }
    }
}
