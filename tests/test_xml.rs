//! Trees compiled from BehaviorTree.CPP 4 XML (`behavior_tree! { tree T for Ctx { xml = ".." } }`):
//! they behave like the DSL trees they translate to, and `to_xml()` gives their structure back.

use bt::{behavior_tree, Condition, InOut, Input, Outcome, Ports, Status, SyncAction};

/// The gate of `tests/xml/gate.xml`.
#[derive(Default)]
pub struct Yard {
    shut: bool,
    latch_stuck: bool,
    lock_picks_needed: u32,
    log: Vec<String>,
}

#[derive(Default)]
pub struct IsGateShut;
impl Condition<Yard> for IsGateShut {
    fn check(&mut self, yard: &Yard) -> bool {
        yard.shut
    }
}

#[derive(Default)]
pub struct WalkThrough;
impl SyncAction<Yard> for WalkThrough {
    fn execute(&mut self, yard: &mut Yard) -> Outcome {
        yard.log.push("walk".into());
        Outcome::Success
    }
}

#[derive(Default)]
pub struct TryLatch;
impl SyncAction<Yard> for TryLatch {
    fn execute(&mut self, yard: &mut Yard) -> Outcome {
        yard.log.push("latch".into());
        if yard.latch_stuck {
            Outcome::Failure
        } else {
            yard.shut = false;
            Outcome::Success
        }
    }
}

#[derive(Default, Ports)]
pub struct PickLock {
    pub picks: InOut<u32>,
}
impl SyncAction<Yard> for PickLock {
    fn execute(&mut self, yard: &mut Yard) -> Outcome {
        *self.picks.get_mut() += 1;
        yard.log.push(format!("pick {}", *self.picks));
        if *self.picks >= yard.lock_picks_needed {
            yard.shut = false;
            Outcome::Success
        } else {
            Outcome::Failure
        }
    }
}

#[derive(Default, Ports)]
pub struct ForceGate {
    pub effort: Input<f32>,
    pub tool: Input<&'static str>,
}
impl SyncAction<Yard> for ForceGate {
    fn execute(&mut self, yard: &mut Yard) -> Outcome {
        yard.log.push(format!("force {} with {}", *self.effort, *self.tool));
        yard.shut = false;
        Outcome::Success
    }
}

behavior_tree! {
    /// `EnterYard` of `tests/xml/gate.xml`, with its subtree `OpenGate`.
    pub tree Gate for Yard {
        xml = "tests/xml/gate.xml",
        nodes {
            Condition(IsGateShut),
            Action(WalkThrough),
            Action(TryLatch),
            Action(PickLock),
            Action(ForceGate),
        }
        blackboard {
            crossings: u32,
            picks_used: u32,
            forced: bool,
        }
    }
}

#[test]
fn an_open_gate_is_walked_through() {
    let mut gate = Gate::new();
    let mut yard = Yard::default();
    assert_eq!(gate.tick(&mut yard), Status::Success);
    assert_eq!(yard.log, ["walk"]);
    assert_eq!(gate.blackboard().crossings, 1);
}

#[test]
fn a_shut_gate_is_opened_by_the_subtree() {
    let mut gate = Gate::new();
    let mut yard = Yard {
        shut: true,
        latch_stuck: true,
        lock_picks_needed: 2,
        ..Yard::default()
    };
    // One attempt per tick: the first pick fails (Running), the second opens the lock.
    assert_eq!(gate.tick(&mut yard), Status::Running);
    assert_eq!(gate.tick(&mut yard), Status::Success);
    assert_eq!(yard.log, ["latch", "pick 1", "pick 2", "walk"]);
    assert_eq!(gate.blackboard().picks_used, 2);
    assert!(!gate.blackboard().forced);
}

#[test]
fn the_last_resort_runs_its_post_condition() {
    let mut gate = Gate::new();
    let mut yard = Yard {
        shut: true,
        latch_stuck: true,
        lock_picks_needed: 100,
        ..Yard::default()
    };
    let mut status = Status::Running;
    for _ in 0..5 {
        status = gate.tick(&mut yard);
        if status != Status::Running {
            break;
        }
    }
    assert_eq!(status, Status::Success);
    assert!(yard.log.contains(&"force 2.5 with crowbar".to_owned()), "{:?}", yard.log);
    assert!(gate.blackboard().forced);
    assert_eq!(gate.blackboard().crossings, 1);
}

/// The street of `tests/xml/courier.xml`.
#[derive(Default)]
pub struct Street {
    path_clear: bool,
    distance: u32,
    said: Vec<String>,
}

#[derive(Default, Ports)]
pub struct Announce {
    pub message: Input<String>,
}
impl SyncAction<Street> for Announce {
    fn execute(&mut self, street: &mut Street) -> Outcome {
        street.said.push(self.message.get().clone());
        Outcome::Success
    }
}

#[derive(Default, Ports)]
pub struct PlanRoute {
    pub route: bt::Output<String>,
}
impl SyncAction<Street> for PlanRoute {
    fn execute(&mut self, _: &mut Street) -> Outcome {
        self.route.set("north loop".into());
        Outcome::Success
    }
}

#[derive(Default)]
pub struct PathClear;
impl Condition<Street> for PathClear {
    fn check(&mut self, street: &Street) -> bool {
        street.path_clear
    }
}

#[derive(Default, Ports)]
pub struct GoTo {
    pub goal: Input<(i32, i32)>,
    pub speed: Input<f32>,
    pub reached: bt::Output<bool>,
    left: u32,
}
impl bt::StatefulAction<Street> for GoTo {
    fn on_start(&mut self, street: &mut Street) -> Status {
        street.said.push(format!("go to {:?} at {}", *self.goal, *self.speed));
        self.left = street.distance;
        self.on_running(street)
    }
    fn on_running(&mut self, _: &mut Street) -> Status {
        if self.left == 0 {
            self.reached.set(true);
            return Status::Success;
        }
        self.left -= 1;
        Status::Running
    }
    fn on_halted(&mut self, street: &mut Street) {
        street.said.push("stopped".into());
    }
}

behavior_tree! {
    pub tree Courier for Street {
        xml = "tests/xml/courier.xml",
        nodes {
            Action(Announce),
            Action(PlanRoute),
            IsPathClear = Condition(PathClear),
            StatefulAction(GoTo),
        }
        blackboard {
            trips: u32,
            note: String,
            quiet: bool,
            halts: u32,
        }
    }
}

#[test]
fn ports_remaps_and_scripts_work_as_in_the_dsl() {
    let mut courier = Courier::new();
    let mut street = Street {
        path_clear: true,
        distance: 1,
        ..Street::default()
    };
    assert_eq!(courier.tick(&mut street), Status::Running);
    assert_eq!(
        street.said,
        [
            "starting the round",
            "north loop",
            "go to (3, 4) at 1.5"
        ]
    );
    assert_eq!(courier.blackboard().stop, (3, 4));
    assert_eq!(courier.tick(&mut street), Status::Running); // Repeat: one cycle per tick
    assert!(courier.blackboard().delivered);
    assert_eq!(courier.blackboard().trips, 1);
    assert_eq!(courier.blackboard().note, "first trip counted");
    assert_eq!(courier.tick(&mut street), Status::Success);
    assert_eq!(street.said[3..], ["done", "done"]);
    // The route entry is tracked (SkipUnlessUpdated): its one write counted.
    assert_eq!(courier.blackboard().route_name.version(), 1);
}

#[test]
fn a_while_condition_halts_the_running_action() {
    let mut courier = Courier::new();
    let mut street = Street {
        path_clear: true,
        distance: 5,
        ..Street::default()
    };
    courier.blackboard_mut().quiet = true;
    assert_eq!(courier.tick(&mut street), Status::Running);
    // A path that is no longer clear pre-empts the drive (ReactiveSequence).
    street.path_clear = false;
    assert_eq!(courier.tick(&mut street), Status::Failure);
    assert_eq!(street.said.last().map(String::as_str), Some("stopped"));
}

#[test]
fn print_xml() {
    println!("{}", Courier::to_xml());
    println!("{}", Gate::to_xml());
}
