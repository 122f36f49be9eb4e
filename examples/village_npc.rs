//! # The village NPC: utility selection, a cooldown, an observer abort and a state machine leaf
//!
//! Run it with `cargo run --example village_npc`.
//!
//! ## The tree
//!
//! ```text
//! ReactiveSequence
//! ├── sense                        (copies the NPC's needs into the blackboard, every tick)
//! └── Selector                     (an observer selector: it watches `wolf?`)
//!     ├── wolf?  Observe(wolf near, abort = lower)
//!     │   └── Flee                 (stateful action: runs while the wolf is near)
//!     ├── needs  PrioritySelector(dynamic = true)  (utility: the highest score runs)
//!     │   ├── #[score(hunger)]  Cook            (stateful action: a state machine of its own)
//!     │   ├── #[score(fatigue)] Nap             (stateful action)
//!     │   └── #[score(boredom)] Cooldown(5 s, filtered = Failure)
//!     │       └── Chat                          (stateful action)
//!     └── idle                     (action: stands around)
//! ```
//!
//! One tick is one second of game time. The NPC's needs grow every tick (hunger by 4 %, fatigue
//! by 3 %, boredom by 8 %; the scores are the needs as fractions), and a wolf comes by for ticks
//! 20 to 22.
//!
//! ## What the trace shows
//!
//! * **Utility selection** (`PrioritySelector(dynamic = true)` with `#[score(..)]`): every tick
//!   the most pressing need runs (without `dynamic`, the node would order the needs once when it
//!   starts and try them in turn, a failure falling through to the next). Ticks 1–2 chat (boredom 48 %), 3–8 cook and eat (hunger 32 %), 9–10 chat again,
//!   11–13 nap. At tick 24 hunger and boredom tie at 64 % and cooking starts (a tie goes to the
//!   earlier child); at tick 25 boredom is strictly higher, so the running `Cook` is **halted**
//!   and `Chat` starts in the same tick.
//! * **A cooldown** (`Cooldown(5_000, filtered = Failure)`): the chat of tick 10 ends a five-second
//!   cooldown at tick 15. At tick 14 boredom is the highest need, the `PrioritySelector` picks the
//!   cooling `Chat`, which fails at once, and the selector falls through to `idle`.
//! * **An observer abort** (`Observe(.., abort = lower)` under a `Selector`): while the NPC cooks,
//!   the selector watches the wolf. At tick 20 it halts the whole `needs` branch (the cook puts
//!   the fire out: the stew is lost) and starts `Flee` in the same tick; at tick 23 the wolf is
//!   gone, `Flee` succeeds, and at tick 24 cooking starts over from gathering wood.
//! * **A nested state machine as a leaf**: `Cook` is a `StatefulAction` whose state is a Rust
//!   enum (`GatherWood → LightFire → Stew(3) → Stew(2) → Stew(1) → Serve`, one transition per
//!   tick). The tree ticks it like any action; a halt runs the exit of the state it is in (ticks
//!   20 and 25, and the halt of the whole tree at the end). The pattern is described in the `bt`
//!   guide, "A state machine as a leaf".

use std::time::Duration;

use bt::{
    behavior_tree, Clock, ManualClock, Outcome, StatefulAction, Status, SyncAction, TickTrace,
};

/// The NPC and its surroundings: what the leaves read and write.
struct World {
    clock: ManualClock,
    /// Needs, in percent.
    hunger: u32,
    fatigue: u32,
    boredom: u32,
    wolf_near: bool,
    wood: u32,
}

impl Clock for World {
    fn now(&self) -> Duration {
        self.clock.now()
    }
}

/// Cooking, a state machine run as one leaf. Each tick makes one transition; the terminal state
/// answers `Success`; a halt exits whatever state the machine is in.
#[derive(Default)]
struct Cook {
    state: Cooking,
}

#[derive(Default, Debug, Clone, Copy, PartialEq)]
enum Cooking {
    /// Not cooking (before `on_start`, after the end or a halt).
    #[default]
    Off,
    GatherWood,
    LightFire,
    /// Minutes of stewing left.
    Stew(u8),
    Serve,
}

impl Cook {
    /// One transition of the machine, and what the leaf answers.
    fn step(&mut self, world: &mut World) -> Status {
        let (next, status) = match self.state {
            Cooking::Off | Cooking::GatherWood => {
                world.wood += 2;
                println!("  > Cook: gathers wood");
                (Cooking::LightFire, Status::Running)
            }
            Cooking::LightFire => {
                world.wood -= 2;
                println!("  > Cook: lights the fire");
                (Cooking::Stew(3), Status::Running)
            }
            Cooking::Stew(left) if left > 1 => {
                println!("  > Cook: the stew simmers ({left} left)");
                (Cooking::Stew(left - 1), Status::Running)
            }
            Cooking::Stew(_) => {
                println!("  > Cook: the stew is ready");
                (Cooking::Serve, Status::Running)
            }
            Cooking::Serve => {
                world.hunger = 0;
                println!("  > Cook: eats; hunger 0");
                (Cooking::Off, Status::Success)
            }
        };
        self.state = next;
        status
    }
}

impl StatefulAction<World> for Cook {
    fn on_start(&mut self, world: &mut World) -> Status {
        self.state = Cooking::GatherWood;
        self.step(world)
    }

    fn on_running(&mut self, world: &mut World) -> Status {
        self.step(world)
    }

    fn on_halted(&mut self, world: &mut World) {
        // The exit of the state the machine was in.
        match self.state {
            Cooking::Stew(_) | Cooking::Serve => {
                println!("  > Cook: halted while stewing, puts the fire out; the stew is lost")
            }
            Cooking::LightFire => {
                world.wood -= 2;
                println!("  > Cook: halted, puts the wood back on the pile")
            }
            Cooking::Off | Cooking::GatherWood => println!("  > Cook: halted"),
        }
        self.state = Cooking::Off;
    }
}

/// Naps for three ticks; fatigue goes back to 0.
#[derive(Default)]
struct Nap {
    ticks: u32,
}

impl StatefulAction<World> for Nap {
    fn on_start(&mut self, world: &mut World) -> Status {
        println!("  > Nap: lies down");
        self.ticks = 0;
        self.on_running(world)
    }

    fn on_running(&mut self, world: &mut World) -> Status {
        self.ticks += 1;
        if self.ticks == 3 {
            world.fatigue = 0;
            println!("  > Nap: wakes up rested");
            Status::Success
        } else {
            println!("  > Nap: zzz");
            Status::Running
        }
    }

    fn on_halted(&mut self, _: &mut World) {
        println!("  > Nap: woken up");
    }
}

/// Chats for two ticks; boredom goes back to 0.
#[derive(Default)]
struct Chat {
    ticks: u32,
}

impl StatefulAction<World> for Chat {
    fn on_start(&mut self, world: &mut World) -> Status {
        self.ticks = 0;
        println!("  > Chat: greets the baker");
        self.on_running(world)
    }

    fn on_running(&mut self, world: &mut World) -> Status {
        self.ticks += 1;
        if self.ticks == 2 {
            world.boredom = 0;
            println!("  > Chat: says goodbye; boredom 0");
            Status::Success
        } else {
            println!("  > Chat: talks about the weather");
            Status::Running
        }
    }

    fn on_halted(&mut self, _: &mut World) {
        println!("  > Chat: breaks off the conversation");
    }
}

/// Runs away while the wolf is near.
#[derive(Default)]
struct Flee;

impl StatefulAction<World> for Flee {
    fn on_start(&mut self, world: &mut World) -> Status {
        println!("  > Flee: runs for the house");
        self.on_running(world)
    }

    fn on_running(&mut self, world: &mut World) -> Status {
        if world.wolf_near {
            println!("  > Flee: hides behind the door");
            Status::Running
        } else {
            println!("  > Flee: the wolf is gone, comes out");
            Status::Success
        }
    }

    fn on_halted(&mut self, _: &mut World) {}
}

/// Stands around.
#[derive(Default)]
struct Idle;

impl SyncAction<World> for Idle {
    fn execute(&mut self, _: &mut World) -> Outcome {
        println!("  > Idle: leans on the fence");
        Outcome::Success
    }
}

behavior_tree! {
    /// A villager that looks after its needs, chats now and then, and runs from wolves.
    tree Villager for World {
        blackboard {
            hunger: f32,
            fatigue: f32,
            boredom: f32,
            wolf: bool,
        }
        ReactiveSequence {
            #[name = "sense"]
            Action(|world: &mut World, bb: &mut VillagerBlackboard| {
                bb.hunger = world.hunger as f32 / 100.0;
                bb.fatigue = world.fatigue as f32 / 100.0;
                bb.boredom = world.boredom as f32 / 100.0;
                bb.wolf = world.wolf_near;
                true
            }),
            Selector {
                #[name = "wolf?"]
                Observe(|bb| bb.wolf, abort = lower) { StatefulAction(Flee) },
                #[name = "needs"]
                PrioritySelector(dynamic = true) {
                    #[score(|bb| bb.hunger)] StatefulAction(Cook),
                    #[score(|bb| bb.fatigue)] StatefulAction(Nap),
                    #[score(|bb| bb.boredom)]
                    Cooldown(5_000, filtered = Failure) { StatefulAction(Chat) },
                },
                #[name = "idle"]
                Action(Idle),
            },
        }
    }
}

fn main() {
    let mut world = World {
        clock: ManualClock::new(),
        hunger: 20,
        fatigue: 10,
        boredom: 40,
        wolf_near: false,
        wood: 0,
    };
    let mut npc = Villager::new();
    let mut trace = TickTrace::<{ Villager::NODE_COUNT }>::new();
    println!("The village NPC: utility selection, a cooldown, an observer abort, a state machine");
    println!("Lines starting with '>' are printed by the leaves while they run.");
    for tick in 1..=30 {
        world.clock.advance(Duration::from_secs(1));
        world.hunger += 4;
        world.fatigue += 3;
        world.boredom += 8;
        world.wolf_near = (20..=22).contains(&tick);
        println!();
        println!(
            "=== tick {tick} (t = {} s) ===",
            world.clock.now().as_secs()
        );
        println!(
            "world: hunger {} %, fatigue {} %, boredom {} %{}",
            world.hunger,
            world.fatigue,
            world.boredom,
            if world.wolf_near {
                ", a wolf is near"
            } else {
                ""
            }
        );
        trace.clear();
        let status = npc.tick_with(&mut world, &mut trace);
        println!("trace:");
        for line in trace.display(Villager::NODES).to_string().lines() {
            println!("    {line}");
        }
        println!("root: {status}");
    }
    println!();
    println!("=== the game ends: the tree is halted ===");
    npc.halt(&mut world);
    println!();
    println!(
        "The whole tree, all of its state inline: size_of::<Villager>() = {} bytes.",
        std::mem::size_of::<Villager>()
    );
}

// ---- for `cargo run --example draw`, which includes this file as a module ----

/// The tree's nodes and its BehaviorTree.CPP XML.
#[allow(dead_code)]
pub(crate) fn tree() -> (&'static [bt::NodeInfo], bt::export::Xml<'static>) {
    (Villager::NODES, Villager::to_xml())
}
