//! Workloads (i) and (j): trees of the newer kinds on a manual clock (issue 27).
//!
//! * `Mission` (workload i), a robot mission: a `Switch` on the mission's mode (written by a
//!   sensing action every tick) picks a transit leg under a `Timeout`, a survey (`Parallel` with
//!   thresholds over a `Delay`, a `Timeout`, a `Sequence` and a logger that keeps running), a
//!   docking manoeuvre (`TryCatch` with a `Timeout` in its try block) or charging.
//! * `Forager` (workload j), an NPC of NodeCanvas's and Unreal's nodes: an observer selector
//!   (`Selector` with two `Observe(.., abort = lower)` children: flee from a threat, eat under a
//!   `Cooldown`), and a `ProbabilitySelector` drawing from the tree's seeded generator among
//!   `RepeatTimes`, `RepeatUntil` and a plain task.
//! * `Patrol` (workload k), a warehouse robot of the remaining conditional flow, parallels and
//!   time decorators: a `WhileDoElse` on a clear path, whose then-branch is an `IndexSwitch` on
//!   the robot's zone (picking under `MaxTime` with a `Wait`; scanning in a `ParallelAll` with a
//!   `Deadline` and a `RepeatTimes`; delivering through a dynamic `BinarySelector` on the
//!   battery, to charge or to a `PolicyParallel` with a `RepeatUntil`), and whose else-branch
//!   waits for the path under a `Deadline`.
//!
//! All three run on [`FieldWorld`], whose clock is manual: the first leaf of every tick (`sense`)
//! moves it 10 ms forward, so every implementation sees the same times. Stateful leaves are
//! tasks whose progress lives in the world ([`FieldWorld::task`]): they run for 2 to 6 ticks and
//! end in `Success` or (one completion in four) `Failure`, so the time nodes fire, the parallel
//! decides both ways and the catch block runs. Every leaf call hits the world's [`Probe`] with
//! the leaf's node id.

use core::time::Duration;

use bt::{Clock, StatefulAction, Status};

use super::Probe;

/// Milliseconds the clock moves at each tick (in `sense`).
pub const TICK_MS: u64 = 10;

/// The mission's mode, written to the blackboard by the sensing action.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    #[default]
    Transit,
    Survey,
    Dock,
    Charge,
}

/// The world of both trees: a manual clock, the tick count, the tasks' progress and the probe.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FieldWorld {
    pub now_ms: u64,
    pub ticks: u64,
    pub acts: u64,
    /// Ticks left before each running task completes (0: not running), by leaf id.
    pub task_left: [u8; 32],
    /// Completions of each task, by leaf id.
    pub task_done: [u32; 32],
    pub task_halts: u64,
    pub work_steps: u64,
    pub work_halts: u64,
    pub probe: Probe,
}

impl Clock for FieldWorld {
    #[inline]
    fn now(&self) -> Duration {
        Duration::from_millis(self.now_ms)
    }

    /// The integer clock read as it is (`Clock::now_nanos`), as the hand-written machines read
    /// `now_ms`: no conversion from a `Duration`.
    #[inline]
    fn now_nanos(&self) -> u64 {
        self.now_ms.saturating_mul(1_000_000)
    }
}

impl FieldWorld {
    pub fn new() -> Self {
        FieldWorld::default()
    }

    /// The sensing leaf `id`, first in every tick: the clock moves on and the tick is counted.
    #[inline]
    pub fn sense(&mut self, id: u32) {
        self.probe.hit(id);
        self.now_ms += TICK_MS;
        self.ticks += 1;
    }

    /// The mission's mode at this tick: a cycle of 120 ticks, 30 of transit, 40 of survey, 30 of
    /// docking and 20 of charging.
    #[inline]
    pub fn mode(&self) -> Mode {
        match self.ticks % 120 {
            0..30 => Mode::Transit,
            30..70 => Mode::Survey,
            70..100 => Mode::Dock,
            _ => Mode::Charge,
        }
    }

    /// A threat is seen 8 ticks in 97.
    #[inline]
    pub fn threat(&self) -> bool {
        (40..48).contains(&(self.ticks % 97))
    }

    /// Hungry 20 ticks in 53.
    #[inline]
    pub fn hungry(&self) -> bool {
        (10..30).contains(&(self.ticks % 53))
    }

    /// The patrol's zone at this tick: a cycle of 100 ticks, 35 picking (0), 30 scanning (1),
    /// 30 delivering (2) and 5 in a zone the switch has no branch for (3).
    #[inline]
    pub fn zone(&self) -> u8 {
        match self.ticks % 100 {
            0..35 => 0,
            35..65 => 1,
            65..95 => 2,
            _ => 3,
        }
    }

    /// The battery is low 15 ticks in 41.
    #[inline]
    pub fn low_battery(&self) -> bool {
        (20..35).contains(&(self.ticks % 41))
    }

    /// Condition leaf `id`, the patrol's path check: blocked 5 ticks in 37.
    #[inline]
    pub fn clear(&self, id: u32) -> bool {
        self.probe.hit(id);
        !(30..35).contains(&(self.ticks % 37))
    }

    /// Condition leaf `id`: false one tick in nine.
    #[inline]
    pub fn cond(&self, id: u32) -> bool {
        self.probe.hit(id);
        (self.ticks + u64::from(id)) % 9 != 0
    }

    /// Synchronous action leaf `id`: fails one tick in eleven.
    #[inline]
    pub fn act(&mut self, id: u32) -> bool {
        self.probe.hit(id);
        self.acts += 1;
        (self.ticks + u64::from(id)) % 11 != 0
    }

    /// One step of task `id`; a task that is not running starts and runs `2 + (id + n) % 5` ticks
    /// (`n`: its completions so far), then fails on one completion in four, else succeeds.
    /// `on_start` and `on_running` are both this call.
    #[inline]
    pub fn task(&mut self, id: u32) -> Status {
        self.probe.hit(id);
        let i = id as usize;
        if self.task_left[i] == 0 {
            self.task_left[i] = 2 + ((id + self.task_done[i]) % 5) as u8;
        }
        self.task_left[i] -= 1;
        if self.task_left[i] != 0 {
            return Status::Running;
        }
        self.task_done[i] += 1;
        if (self.task_done[i] + id) % 4 == 0 {
            Status::Failure
        } else {
            Status::Success
        }
    }

    /// Task `id` halted while running.
    #[inline]
    pub fn task_halted(&mut self, id: u32) {
        self.task_left[id as usize] = 0;
        self.task_halts += 1;
    }

    /// One step of the logger `id`, which keeps running.
    #[inline]
    pub fn work(&mut self, id: u32) -> Status {
        self.probe.hit(id);
        self.work_steps += 1;
        Status::Running
    }
}

/// Task `ID` ([`FieldWorld::task`]): zero-sized, its progress is in the world.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FieldTask<const ID: u32>;

impl<const ID: u32> StatefulAction<FieldWorld> for FieldTask<ID> {
    #[inline]
    fn on_start(&mut self, w: &mut FieldWorld) -> Status {
        w.task(ID)
    }
    #[inline]
    fn on_running(&mut self, w: &mut FieldWorld) -> Status {
        w.task(ID)
    }
    fn on_halted(&mut self, w: &mut FieldWorld) {
        w.task_halted(ID);
    }
}

/// The logger `ID`, which keeps running.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Logger<const ID: u32>;

impl<const ID: u32> StatefulAction<FieldWorld> for Logger<ID> {
    #[inline]
    fn on_start(&mut self, w: &mut FieldWorld) -> Status {
        w.work(ID)
    }
    #[inline]
    fn on_running(&mut self, w: &mut FieldWorld) -> Status {
        w.work(ID)
    }
    fn on_halted(&mut self, w: &mut FieldWorld) {
        w.work_halts += 1;
    }
}

bt::behavior_tree! {
    /// The robot mission (workload i). Leaf ids are node ids.
    pub tree Mission for FieldWorld {
        blackboard { mode: Mode }
        ReactiveSequence {
            Action(|w, bb| { w.sense(1); bb.mode = w.mode(); true }),
            Switch(mode) {
                case Mode::Transit => Timeout(80) {
                    Sequence {
                        Condition(|w| w.cond(5)),
                        StatefulAction(FieldTask<6>),
                        StatefulAction(FieldTask<7>),
                        Action(|w| w.act(8)),
                    }
                },
                case Mode::Survey => Parallel(success = 2, failure = 2) {
                    Delay(50) { StatefulAction(FieldTask<11>) },
                    Timeout(40) { StatefulAction(FieldTask<13>) },
                    Sequence { Condition(|w| w.cond(15)), StatefulAction(FieldTask<16>) },
                    StatefulAction(Logger<17>),
                },
                case Mode::Dock => TryCatch {
                    Condition(|w| w.cond(19)),
                    StatefulAction(FieldTask<20>),
                    Timeout(80) { StatefulAction(FieldTask<22>) },
                    Action(|w| w.act(23)),
                    Sequence { Action(|w| w.act(25)), StatefulAction(FieldTask<26>) },
                },
                _ => Sequence {
                    Condition(|w| w.cond(28)),
                    StatefulAction(FieldTask<29>),
                },
            }
        }
    }
}

/// Nodes of [`Mission`].
pub const MISSION_NODES: usize = 30;

bt::behavior_tree! {
    /// The foraging NPC (workload j). Leaf ids are node ids.
    pub tree Forager for FieldWorld {
        blackboard { threat: bool, hungry: bool }
        ReactiveSequence {
            Action(|w, bb| { w.sense(1); bb.threat = w.threat(); bb.hungry = w.hungry(); true }),
            Selector {
                Observe(|bb| bb.threat, abort = lower) {
                    Sequence { StatefulAction(FieldTask<5>), Action(|w| w.act(6)) }
                },
                Observe(|bb| bb.hungry, abort = lower) {
                    Cooldown(100) { StatefulAction(FieldTask<9>) }
                },
                ProbabilitySelector {
                    #[weight(3)] RepeatTimes(3) { StatefulAction(FieldTask<12>) },
                    #[weight(2)] RepeatUntil(Failure) {
                        Sequence { Condition(|w| w.cond(15)), StatefulAction(FieldTask<16>) }
                    },
                    #[weight(1)] StatefulAction(FieldTask<17>),
                },
            }
        }
    }
}

/// Nodes of [`Forager`].
pub const FORAGER_NODES: usize = 18;

bt::behavior_tree! {
    /// The warehouse patrol (workload k). Leaf ids are node ids.
    pub tree Patrol for FieldWorld {
        blackboard { zone: u8, low: bool }
        ReactiveSequence {
            Action(|w, bb| { w.sense(1); bb.zone = w.zone(); bb.low = w.low_battery(); true }),
            WhileDoElse {
                Condition(|w| w.clear(3)),
                IndexSwitch(|bb| bb.zone) {
                    MaxTime(90) {
                        Sequence {
                            StatefulAction(FieldTask<7>),
                            Wait(20),
                            Action(|w| w.act(9)),
                        }
                    },
                    ParallelAll(max_failures = 2) {
                        StatefulAction(FieldTask<11>),
                        Deadline(40) { StatefulAction(FieldTask<13>) },
                        RepeatTimes(2) { StatefulAction(FieldTask<15>) },
                    },
                    BinarySelector(|bb| bb.low, dynamic = true) {
                        Sequence { Condition(|w| w.cond(18)), StatefulAction(FieldTask<19>) },
                        PolicyParallel(FirstFailure) {
                            StatefulAction(FieldTask<21>),
                            RepeatUntil(Failure) {
                                Sequence {
                                    Condition(|w| w.cond(24)),
                                    StatefulAction(FieldTask<25>),
                                }
                            },
                        },
                    },
                },
                Deadline(60) { StatefulAction(FieldTask<27>) },
            }
        }
    }
}

/// Nodes of [`Patrol`].
pub const PATROL_NODES: usize = 28;
