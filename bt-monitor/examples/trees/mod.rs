//! The trees of the examples: a navigator of Nav2's size, a villager for a crowd of agents, an
//! orchard of 209 nodes, and a courier whose tree has an error type. Each comes with the world it
//! acts on and a `step` that moves that world on between ticks.
#![allow(dead_code)]

use bt::{behavior_tree, StatefulAction, Status};

// ---- the navigator: a tree in the style of Nav2's "navigate with replanning and recovery" ----

/// The robot the navigator drives.
#[derive(Debug)]
pub struct Robot {
    pub tick: u64,
    /// Percent of the current path done.
    pub progress: u32,
    pub battery: u32,
    pub goal: u32,
    pub path_age: u32,
    pub blocked: bool,
    pub localized: bool,
    pub docked: bool,
    pub spins: u32,
    pub recoveries: u32,
    pub goals_reached: u32,
}

impl Robot {
    pub fn new() -> Robot {
        Robot {
            tick: 0,
            progress: 0,
            battery: 100,
            goal: 1,
            path_age: 0,
            blocked: false,
            localized: true,
            docked: false,
            spins: 0,
            recoveries: 0,
            goals_reached: 0,
        }
    }

    /// The world between two ticks: a person blocks the corridor for a while every 60 ticks,
    /// the localization is lost now and then, the battery drains while driving.
    pub fn step(&mut self) {
        self.tick += 1;
        self.path_age += 1;
        self.blocked = self.tick % 60 >= 30 && self.tick % 60 < 38;
        self.localized = self.tick % 97 != 0;
    }
}

/// Follows the path: five percent a tick, fails while the corridor is blocked.
#[derive(Debug, Default)]
pub struct FollowPath;

impl StatefulAction<Robot> for FollowPath {
    fn on_start(&mut self, robot: &mut Robot) -> Status {
        self.on_running(robot)
    }

    fn on_running(&mut self, robot: &mut Robot) -> Status {
        if robot.blocked {
            return Status::Failure;
        }
        robot.progress = (robot.progress + 5).min(100);
        robot.battery = robot.battery.saturating_sub(1);
        if robot.progress == 100 {
            robot.goals_reached += 1;
            robot.goal = robot.goal % 4 + 1;
            robot.progress = 0;
            Status::Success
        } else {
            Status::Running
        }
    }
}

/// Spins in place for three ticks.
#[derive(Debug, Default)]
pub struct Spin {
    left: u32,
}

impl StatefulAction<Robot> for Spin {
    fn on_start(&mut self, robot: &mut Robot) -> Status {
        self.left = 3;
        robot.spins += 1;
        Status::Running
    }

    fn on_running(&mut self, _: &mut Robot) -> Status {
        self.left -= 1;
        if self.left == 0 {
            Status::Success
        } else {
            Status::Running
        }
    }
}

/// Charges twenty percent a tick.
#[derive(Debug, Default)]
pub struct Charge;

impl StatefulAction<Robot> for Charge {
    fn on_start(&mut self, robot: &mut Robot) -> Status {
        robot.docked = true;
        Status::Running
    }

    fn on_running(&mut self, robot: &mut Robot) -> Status {
        robot.battery = (robot.battery + 20).min(100);
        if robot.battery == 100 {
            robot.docked = false;
            Status::Success
        } else {
            Status::Running
        }
    }
}

behavior_tree! {
    /// Drive to each goal in turn, replanning every ten ticks, with recoveries when the path
    /// cannot be followed, and a recharge when the battery runs low.
    #[derive(Debug)]
    pub tree Navigator for Robot {
        blackboard {
            recoveries: u32,
            replans: u32,
            last_recovery: &'static str = "none",
        }
        #[name = "MainTree"]
        ReactiveFallback {
            #[name = "RechargeWhenLow"]
            Sequence {
                #[name = "BatteryLow"]
                Condition(|r| r.battery < 20),
                #[name = "GoToDock"]
                Sequence {
                    #[name = "ComputePathToDock"]
                    Action(|r| { r.path_age = 0; true }),
                    #[name = "Dock"]
                    StatefulAction(Charge),
                },
            },
            #[name = "NavigateRecovery"]
            RetryUntilSuccessful(6) {
                #[name = "NavigateOrRecover"]
                Fallback {
                    #[name = "NavigateWithReplanning"]
                    ReactiveSequence {
                        #[name = "GoalValid"]
                        Condition(|r| r.goal > 0),
                        #[name = "IsLocalized"]
                        Condition(|r| r.localized),
                        #[name = "ComputePathWithRetry"]
                        Fallback {
                            #[name = "PathFresh"]
                            Condition(|r| r.path_age < 10),
                            #[name = "Replan"]
                            Sequence {
                                #[name = "GoalUpdated"]
                                Condition(|r| r.goal > 0),
                                #[name = "ComputePathToPose"]
                                Action(|r| { r.path_age = 0; !r.blocked }),
                                #[name = "CountReplan"]
                                Script(|bb| bb.replans += 1),
                                #[name = "SmoothPath"]
                                Action(|_| true),
                            },
                            #[name = "ClearGlobalCostmapContext"]
                            Sequence {
                                #[name = "ClearGlobalCostmap"]
                                Action(|r| { r.path_age = 0; true }),
                                #[name = "ComputePathAgain"]
                                Action(|r| !r.blocked),
                            },
                        },
                        #[name = "FollowPathWithRetry"]
                        Fallback {
                            #[name = "FollowPath"]
                            StatefulAction(FollowPath),
                            #[name = "ClearLocalCostmapContext"]
                            Sequence {
                                #[name = "ClearLocalCostmap"]
                                Action(|_| true),
                                #[name = "ForceFail"]
                                AlwaysFailure,
                            },
                        },
                    },
                    #[name = "RecoveryFallback"]
                    ReactiveFallback {
                        #[name = "GoalUpdatedDuringRecovery"]
                        Condition(|r| r.goal == 0),
                        #[name = "RecoveryActions"]
                        Fallback {
                            #[name = "ClearingActions"]
                            Sequence {
                                #[name = "NotRecentlyCleared"]
                                Condition(|r| r.recoveries % 4 == 0),
                                #[name = "ClearLocal"]
                                Action(|_| true),
                                #[name = "ClearGlobal"]
                                Action(|_| true),
                                #[name = "NoteClearing"]
                                Script(|bb| { bb.recoveries += 1; bb.last_recovery = "clear costmaps" }),
                                #[name = "CountClearing"]
                                Action(|r| { r.recoveries += 1; false }),
                            },
                            #[name = "SpinRecovery"]
                            Sequence {
                                #[name = "SpinAllowed"]
                                Condition(|r| r.recoveries % 4 == 1),
                                #[name = "Spin"]
                                StatefulAction(Spin),
                                #[name = "NoteSpin"]
                                Script(|bb| { bb.recoveries += 1; bb.last_recovery = "spin" }),
                                #[name = "CountSpin"]
                                Action(|r| { r.recoveries += 1; false }),
                            },
                            #[name = "WaitRecovery"]
                            Sequence {
                                #[name = "WaitAllowed"]
                                Condition(|r| r.recoveries % 4 == 2),
                                #[name = "Wait"]
                                Action(|_| true),
                                #[name = "NoteWait"]
                                Script(|bb| { bb.recoveries += 1; bb.last_recovery = "wait" }),
                                #[name = "CountWait"]
                                Action(|r| { r.recoveries += 1; false }),
                            },
                            #[name = "BackUpRecovery"]
                            Sequence {
                                #[name = "BackUp"]
                                Action(|_| true),
                                #[name = "NoteBackUp"]
                                Script(|bb| { bb.recoveries += 1; bb.last_recovery = "back up" }),
                                #[name = "CountBackUp"]
                                Action(|r| { r.recoveries += 1; false }),
                            },
                        },
                    },
                },
            },
        }
    }
}

// ---- the villagers: a small tree for a crowd -----------------------------------------------

/// One villager's needs.
#[derive(Debug)]
pub struct Villager {
    pub hunger: u32,
    pub energy: u32,
    pub walked: u32,
    pub seed: u32,
}

impl Villager {
    pub fn new(seed: u32) -> Villager {
        Villager {
            hunger: seed * 7 % 100,
            energy: 100 - seed * 13 % 100,
            walked: 0,
            seed,
        }
    }

    pub fn step(&mut self) {
        self.hunger = (self.hunger + 1 + self.seed % 3).min(100);
        self.energy = self.energy.saturating_sub(1 + self.seed % 2);
    }
}

/// Walks for a few ticks.
#[derive(Default)]
pub struct Walk {
    left: u32,
}

impl StatefulAction<Villager> for Walk {
    fn on_start(&mut self, villager: &mut Villager) -> Status {
        self.left = 2 + villager.seed % 4;
        Status::Running
    }

    fn on_running(&mut self, villager: &mut Villager) -> Status {
        villager.walked += 1;
        self.left -= 1;
        if self.left == 0 {
            Status::Success
        } else {
            Status::Running
        }
    }
}

/// Sleeps until rested.
#[derive(Default)]
pub struct Sleep;

impl StatefulAction<Villager> for Sleep {
    fn on_start(&mut self, _: &mut Villager) -> Status {
        Status::Running
    }

    fn on_running(&mut self, villager: &mut Villager) -> Status {
        villager.energy = (villager.energy + 10).min(100);
        if villager.energy == 100 {
            Status::Success
        } else {
            Status::Running
        }
    }
}

behavior_tree! {
    /// Eat when hungry, sleep when tired, else wander.
    pub tree VillagerTree for Villager {
        #[name = "Needs"]
        ReactiveFallback {
            #[name = "EatWhenHungry"]
            Sequence {
                #[name = "Hungry"]
                Condition(|v| v.hunger > 70),
                #[name = "WalkToFood"]
                StatefulAction(Walk),
                #[name = "Eat"]
                Action(|v| { v.hunger = 0; true }),
            },
            #[name = "SleepWhenTired"]
            Sequence {
                #[name = "Tired"]
                Condition(|v| v.energy < 25),
                #[name = "Sleep"]
                StatefulAction(Sleep),
            },
            #[name = "Wander"]
            StatefulAction(Walk),
        }
    }
}

// ---- the orchard: 209 nodes ----------------------------------------------------------------

/// The orchard the picker works in.
#[derive(Debug, Default)]
pub struct Orchard {
    pub tick: u64,
    pub picked: u64,
    pub looked: u64,
}

impl Orchard {
    /// Whether the next tree looked at has ripe fruit: about one in four, varying with time.
    pub fn ripe(&mut self) -> bool {
        self.looked += 1;
        let ripe = (self.looked * 2_654_435_761 + self.tick * 40_503) % 97 < 25;
        if ripe {
            self.picked += 1;
        }
        ripe
    }
}

macro_rules! orchard {
    ($($row:tt)*) => {
        behavior_tree! {
            /// Sixteen rows of twelve trees: each row picks from the first ripe tree; the picker
            /// goes on while rows give fruit.
            pub tree OrchardTree for Orchard {
                #[name = "Harvest"]
                Sequence {
                    $(
                        #[name = $row]
                        Fallback {
                            Action(|o| o.ripe()), Action(|o| o.ripe()), Action(|o| o.ripe()),
                            Action(|o| o.ripe()), Action(|o| o.ripe()), Action(|o| o.ripe()),
                            Action(|o| o.ripe()), Action(|o| o.ripe()), Action(|o| o.ripe()),
                            Action(|o| o.ripe()), Action(|o| o.ripe()), Action(|o| o.ripe()),
                        },
                    )*
                }
            }
        }
    };
}

orchard!("Row01" "Row02" "Row03" "Row04" "Row05" "Row06" "Row07" "Row08"
    "Row09" "Row10" "Row11" "Row12" "Row13" "Row14" "Row15" "Row16");

// ---- the courier: a tree with an error type -------------------------------------------------

/// Why a courier's tick failed.
#[derive(Clone, Debug, PartialEq)]
pub enum CourierError {
    /// The road to the customer is closed.
    RoadClosed,
}

impl std::fmt::Display for CourierError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CourierError::RoadClosed => f.write_str("the road to the customer is closed"),
        }
    }
}

/// The courier's depot.
#[derive(Debug, Default)]
pub struct Depot {
    pub tick: u64,
    pub delivered: u32,
}

impl Depot {
    pub fn road_open(&self) -> bool {
        self.tick % 9 != 4
    }
}

behavior_tree! {
    /// Load, check the road (an error when it is closed), deliver.
    pub tree Courier for Depot, error CourierError {
        #[name = "Delivery"]
        Sequence {
            #[name = "Load"]
            Action(|_| true),
            #[name = "RoadCheck"]
            Fallback {
                #[name = "RoadOpen"]
                Condition(|d| d.road_open()),
                #[name = "RoadClosed"]
                Error(CourierError::RoadClosed),
            },
            #[name = "Deliver"]
            Action(|d| { d.delivered += 1; true }),
        }
    }
}
