//! # The cave monster: behavior3's nodes and its ERROR status
//!
//! Run it with `cargo run --example cave_monster`.
//!
//! ## The tree
//!
//! ```text
//! Priority                                    (behavior3 Priority = our ReactiveFallback)
//! ├── ReactiveSequence "Hunt"                 (behavior3 Sequence: re-checks from the first child)
//! │   ├── SeesPlayer                          (condition that can fail: ERROR on a stale target)
//! │   ├── MemPriority "RoarOnce"
//! │   │   ├── Limiter(1) { Roar }             (one roar in the monster's life)
//! │   │   └── Succeeder
//! │   ├── MemPriority "PathOrError"
//! │   │   ├── HasPath                         (inline condition)
//! │   │   └── Error(AiError::NoPath)          (behavior3's Error node, with a typed value)
//! │   ├── MaxTime(2000) { Chase }             (stateful action; gives up after 2 s)
//! │   └── RepeatUntilFailure(3) { Bite }      (up to three bites, one per tick)
//! └── MemSequence "Idle"
//!     ├── Yawn                                (inline action)
//!     └── Wait(1000)                          (more than 1 s)
//! ```
//!
//! Seed 001 describes behavior3go's node types for game AI: the composites `MemPriority`,
//! `Priority`, `MemSequence`, `Sequence`, the actions `Succeeder`, `Failer`, `Runner`, `Error`,
//! `Wait`, the decorators `Inverter`, `Limiter`, `MaxTime`, `Repeater`, `RepeatUntilFailure`,
//! `RepeatUntilSuccess`, the four statuses `SUCCESS`, `FAILURE`, `RUNNING`, `ERROR`, and the
//! `enter` / `open` / `tick` / `close` / `exit` lifecycle. It gives no tree of its own; this one is
//! the monster such trees are written for, built from those nodes under their behavior3 names,
//! except behavior3's `Sequence`, which is written `ReactiveSequence` here (our `Sequence` is
//! behavior3's `MemSequence`).
//!
//! The leaves print behavior3's lifecycle words: `open` is `on_start` (the first tick of an
//! activation), `tick` is `on_running`, `close` is an answer other than `RUNNING`, and `halted`
//! is `on_halted`, which behavior3 leaves to its tree-level closing pass.
//!
//! ## What the trace shows
//!
//! A tick is half a second of game time (`ManualClock`, moved by the program). Each tick prints
//! what changed in the cave, what the leaves said (lines starting with `>`), the trace of the
//! nodes that were ticked or halted, and the root's answer, or the error.
//!
//! * ticks 1–4: nobody around. `SeesPlayer` fails, `Priority` falls through to `Idle`: a yawn,
//!   then `Wait(1000)` runs. At tick 3 exactly 1000 ms have passed: not *more* (decision 7), still
//!   `RUNNING`; at tick 4, 1500 ms: `SUCCESS`.
//! * tick 5: a new idle round starts (yawn, wait).
//! * tick 6: a player walks in, 6 m away. `Priority` re-checks `Hunt` first: the monster sees
//!   the player, roars (the `Limiter` counts it), finds a path and opens `Chase`; the running
//!   `Wait` of the lower-priority `Idle` is halted.
//! * ticks 7–8: the chase. `Hunt` is a behavior3 `Sequence`: every tick it re-checks
//!   `SeesPlayer`, and the roar branch (the `Limiter` is spent: `FAILURE`, so `Succeeder`). At tick
//!   8 the monster reaches the player: `Chase` closes with `SUCCESS`, and the first bite lands
//!   (`RepeatUntilFailure` counts 1, `RUNNING`).
//! * ticks 9–10: `Chase` opens and closes at once (already there), a second bite; then the player
//!   dodges: the bite fails, `RepeatUntilFailure` fails, so does `Hunt`, and the monster idles.
//! * ticks 11–16: the player runs, as fast as the monster: the chase never gets closer.
//!   `MaxTime(2000)` samples the clock before `Chase`'s tick: at tick 15 exactly 2000 ms have
//!   passed since the chase opened, which is not over the limit (decision 7); at tick 16, 2500 ms:
//!   `MaxTime` halts `Chase` and fails (behavior3 would only fail once `Chase` closed by itself),
//!   so `Hunt` fails and the monster idles.
//! * tick 17: the player stops running, still in sight: a new chase.
//! * tick 18: the player disconnects. The monster's target handle is stale: `SeesPlayer` fails
//!   with `AiError::StaleTarget`, behavior3's `ERROR`. The tick is aborted, every running node is
//!   halted (`Chase` gets `on_halted`, the trace shows the halts), `tick` returns the error, and
//!   `status()` is `None`. The game loop handles it: it drops the target.
//! * tick 19: the next tick starts afresh: nobody in sight, the monster idles.
//! * tick 20: another player walks in: a new hunt, without a roar (the `Limiter`'s count lasts for
//!   the tree's life, across halts and errors); the chase opens.
//! * tick 21: a rockfall blocks the tunnel mid-chase: `HasPath` fails and
//!   `Error(AiError::NoPath)`, behavior3's `Error` node with a typed value, fails the tick. `Chase`
//!   is halted, with `MaxTime`, `Hunt` and `Priority`; `PathOrError` and the `Error` leaf answer
//!   nothing (the tick was aborted inside them). The game loop sends a crew to clear the rockfall.
//! * tick 22: the next tick starts afresh: the chase opens again (`on_start`, not `on_running`).

use std::time::Duration;

use bt::{
    behavior_tree, Clock, ManualClock, Outcome, StatefulAction, Status, SyncAction, TickTrace,
    TryCondition,
};

/// What can go wrong that the tree itself cannot decide about: behavior3's `ERROR`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum AiError {
    /// The monster's target is a player who is no longer connected.
    StaleTarget(u32),
    /// The navigation mesh has no path to the target.
    NoPath,
}

/// The player the monster has noticed: an entity id, and the distance in metres.
#[derive(Clone, Copy, Debug)]
struct Target {
    id: u32,
    distance: u32,
}

/// Everything the monster's leaves read and write.
struct Cave {
    clock: ManualClock,
    /// Entity ids of the players connected to the server.
    online: Vec<u32>,
    /// The player the monster perceives, if any.
    target: Option<Target>,
    /// Is the target out of reach of the navigation mesh?
    rockfall: bool,
    /// Does the target dodge the next bite?
    dodging: bool,
    /// Bites that landed.
    bites: u32,
}

impl Clock for Cave {
    fn now(&self) -> Duration {
        self.clock.now()
    }
}

/// How far the monster sees, in metres.
const SIGHT: u32 = 10;
/// How far the monster runs per tick, in metres.
const STRIDE: u32 = 2;

/// Condition that can fail: is a player in sight? An error when the target is stale.
#[derive(Default)]
struct SeesPlayer;

impl TryCondition<Cave, AiError> for SeesPlayer {
    fn try_check(&mut self, cave: &Cave) -> Result<bool, AiError> {
        match cave.target {
            None => Ok(false),
            Some(target) if !cave.online.contains(&target.id) => {
                println!("  > SeesPlayer: player {} is not online: ERROR", target.id);
                Err(AiError::StaleTarget(target.id))
            }
            Some(target) => Ok(target.distance <= SIGHT),
        }
    }
}

/// Synchronous action: the monster's roar (one in its life, by the `Limiter`).
#[derive(Default)]
struct Roar;

impl SyncAction<Cave> for Roar {
    fn execute(&mut self, _: &mut Cave) -> Outcome {
        println!("  > Roar: ROOOAAAR!");
        Outcome::Success
    }
}

/// Stateful action: run to the target, `STRIDE` metres per tick.
#[derive(Default)]
struct Chase;

impl Chase {
    fn step(cave: &mut Cave) -> Status {
        let Some(target) = cave.target.as_mut() else {
            return Status::Failure;
        };
        target.distance = target.distance.saturating_sub(STRIDE);
        if target.distance == 0 {
            println!("  > Chase: close (SUCCESS), right next to the player");
            Status::Success
        } else {
            println!("  > Chase: tick, {} m to go", target.distance);
            Status::Running
        }
    }
}

impl StatefulAction<Cave> for Chase {
    fn on_start(&mut self, cave: &mut Cave) -> Status {
        match cave.target {
            Some(target) if target.distance == 0 => {
                println!("  > Chase: open and close at once (SUCCESS): already there");
                Status::Success
            }
            _ => {
                println!("  > Chase: open, running at the player");
                Self::step(cave)
            }
        }
    }

    fn on_running(&mut self, cave: &mut Cave) -> Status {
        Self::step(cave)
    }

    fn on_halted(&mut self, _: &mut Cave) {
        println!("  > Chase: halted, the monster stops running");
    }
}

/// Synchronous action: one bite, which a dodging player escapes.
#[derive(Default)]
struct Bite;

impl SyncAction<Cave> for Bite {
    fn execute(&mut self, cave: &mut Cave) -> Outcome {
        if cave.dodging {
            println!("  > Bite: the player dodges (FAILURE)");
            Outcome::Failure
        } else {
            cave.bites += 1;
            println!("  > Bite: chomp! (bite {})", cave.bites);
            Outcome::Success
        }
    }
}

behavior_tree! {
    /// A cave monster, in behavior3's vocabulary (seed 001).
    tree Monster for Cave, error AiError {
        Priority {
            #[name = "Hunt"]
            ReactiveSequence {
                Condition(SeesPlayer),
                #[name = "RoarOnce"]
                MemPriority {
                    Limiter(1) { Action(Roar) },
                    Succeeder,
                },
                #[name = "PathOrError"]
                MemPriority {
                    #[name = "HasPath"]
                    Condition(|cave| !cave.rockfall),
                    Error(AiError::NoPath),
                },
                MaxTime(2000) { StatefulAction(Chase) },
                RepeatUntilFailure(3) { Action(Bite) },
            },
            #[name = "Idle"]
            MemSequence {
                #[name = "Yawn"]
                Action(|_| { println!("  > Yawn: *yaaawn*"); true }),
                Wait(1000),
            },
        }
    }
}

/// Changes the cave before tick `tick` and describes the change.
fn script(tick: u32, cave: &mut Cave) -> &'static str {
    match tick {
        1 => "the cave is quiet",
        2 | 3 => "still quiet",
        4 => "still quiet; 1500 ms since the Wait opened",
        5 => "still quiet",
        6 => {
            cave.online = vec![7];
            cave.target = Some(Target { id: 7, distance: 6 });
            "player 7 walks in, 6 m away"
        }
        7 => "the player stands still",
        8 => "the player stands still",
        9 => "the player swings a torch",
        10 => {
            cave.dodging = true;
            "the player starts dodging"
        }
        11 => {
            cave.dodging = false;
            set_distance(cave, 6);
            "the player runs off: 6 m, and keeps running as fast as the monster"
        }
        12..=15 => {
            set_distance(cave, 6);
            "the player keeps running: 6 m ahead"
        }
        16 => {
            set_distance(cave, 6);
            "the player keeps running: 6 m ahead, 2500 ms into the chase"
        }
        17 => {
            set_distance(cave, 4);
            "the player stops to catch their breath, 4 m away"
        }
        18 => {
            cave.online.clear();
            "the player disconnects (the monster's target handle goes stale)"
        }
        19 => "the cave is quiet",
        20 => {
            cave.online = vec![9];
            cave.target = Some(Target { id: 9, distance: 8 });
            "player 9 walks in, 8 m away"
        }
        21 => {
            cave.rockfall = true;
            "a rockfall blocks the tunnel between the monster and the player"
        }
        22 => "the rockfall is cleared",
        _ => unreachable!("the script has {LAST_TICK} ticks"),
    }
}

fn set_distance(cave: &mut Cave, distance: u32) {
    if let Some(target) = cave.target.as_mut() {
        target.distance = distance;
    }
}

const LAST_TICK: u32 = 22;

/// The root's answer on each tick: a status, or the error.
const EXPECTED: [Result<Status, AiError>; LAST_TICK as usize] = [
    Ok(Status::Running),          // 1: yawn, Wait opens
    Ok(Status::Running),          // 2
    Ok(Status::Running),          // 3: exactly 1000 ms, not more
    Ok(Status::Success),          // 4: the Wait closes
    Ok(Status::Running),          // 5: a new idle round
    Ok(Status::Running),          // 6: roar, chase
    Ok(Status::Running),          // 7: chase
    Ok(Status::Running),          // 8: caught up, first bite
    Ok(Status::Running),          // 9: second bite
    Ok(Status::Running),          // 10: dodged; idle
    Ok(Status::Running),          // 11: chase
    Ok(Status::Running),          // 12
    Ok(Status::Running),          // 13
    Ok(Status::Running),          // 14
    Ok(Status::Running),          // 15
    Ok(Status::Running),          // 16: MaxTime gives up; idle
    Ok(Status::Running),          // 17: a new chase
    Err(AiError::StaleTarget(7)), // 18
    Ok(Status::Running),          // 19: afresh: idle
    Ok(Status::Running),          // 20: a new hunt, no roar
    Err(AiError::NoPath),         // 21
    Ok(Status::Running),          // 22: afresh: a new chase
];

fn main() {
    let mut cave = Cave {
        clock: ManualClock::new(),
        online: Vec::new(),
        target: None,
        rockfall: false,
        dodging: false,
        bites: 0,
    };
    let mut tree = Monster::new();
    let mut trace = TickTrace::<{ Monster::NODE_COUNT }>::new();

    println!("The cave monster (seed 001, behavior3's nodes):");
    println!("  Priority {{ Hunt: ReactiveSequence {{ SeesPlayer, RoarOnce, PathOrError, MaxTime(Chase), RepeatUntilFailure(Bite) }}, Idle: MemSequence {{ Yawn, Wait }} }}");
    println!("A tick is 500 ms. Lines starting with '>' are printed by the leaves while they run.");
    let mut answers = Vec::new();
    for tick in 1..=LAST_TICK {
        if tick > 1 {
            cave.clock.advance_ms(500);
        }
        println!();
        println!(
            "=== tick {tick} (t = {} ms) ===",
            cave.clock.now().as_millis()
        );
        println!("cave: {}", script(tick, &mut cave));
        trace.clear();
        let answer = tree.tick_with(&mut cave, &mut trace);
        println!("trace:");
        for line in trace.display(Monster::NODES).to_string().lines() {
            println!("    {line}");
        }
        match answer {
            Ok(status) => println!("root: {status}"),
            Err(error) => {
                println!("root: ERROR {error:?}; status() = {:?}", tree.status());
                // The game loop decides what an error means; the tree starts afresh next tick.
                match error {
                    AiError::StaleTarget(id) => {
                        println!("game: player {id} is gone, the monster forgets them");
                        cave.target = None;
                    }
                    AiError::NoPath => {
                        println!("game: no path; a work crew is sent to clear the rockfall");
                        cave.rockfall = false;
                    }
                }
            }
        }
        answers.push(answer);
    }

    println!();
    println!("End of the story: {} bite(s).", cave.bites);
    println!(
        "The whole tree, all of its state inline: size_of::<Monster>() = {} bytes.",
        std::mem::size_of::<Monster>()
    );
    assert_eq!(answers, EXPECTED, "the story above no longer holds");
}

// ---- for `cargo run --example draw`, which includes this file as a module ----

/// The tree's nodes and its BehaviorTree.CPP XML.
#[allow(dead_code)]
pub(crate) fn tree() -> (&'static [bt::NodeInfo], bt::export::Xml<'static>) {
    (Monster::NODES, Monster::to_xml())
}
