//! XML as real BehaviorTree.CPP files write it (`tests/xml/btcpp/`): each file here is one that
//! BehaviorTree.CPP 4.8.2 itself loads and ticks (`tests/xml/btcpp/check.sh` runs it there, with
//! the final status and blackboard that the tests below expect).

use bt::{behavior_tree, Condition, Outcome, Status, SyncAction};

/// A robot whose leaves log their calls.
#[derive(Debug, Default)]
pub struct Robot {
    log: Vec<&'static str>,
    said: Vec<String>,
    battery_ok_checks: std::cell::Cell<u32>,
}

macro_rules! logging_action {
    ($($name:ident),*) => {$(
        #[derive(Default)]
        pub struct $name;
        impl SyncAction<Robot> for $name {
            fn execute(&mut self, robot: &mut Robot) -> Outcome {
                robot.log.push(stringify!($name));
                Outcome::Success
            }
        }
    )*};
}

logging_action!(OpenGripper, ApproachObject, CloseGripper);

#[derive(Default)]
pub struct CheckBattery;
impl Condition<Robot> for CheckBattery {
    fn check(&mut self, robot: &Robot) -> bool {
        robot
            .battery_ok_checks
            .set(robot.battery_ok_checks.get() + 1);
        true
    }
}

pub(crate) mod single {
    use super::*;

    behavior_tree! {
        /// `<BehaviorTree>` without an `ID`, all that `<root>` holds.
        pub tree Grasp for Robot {
            xml = "tests/xml/btcpp/single_tree.xml",
            nodes {
                Condition(CheckBattery),
                Action(OpenGripper),
                Action(ApproachObject),
                Action(CloseGripper),
            }
        }
    }

    #[test]
    fn a_tree_without_an_id() {
        let mut robot = Robot::default();
        assert_eq!(Grasp::new().tick(&mut robot), Status::Success);
        assert_eq!(robot.battery_ok_checks.get(), 1);
        assert_eq!(robot.log, ["OpenGripper", "ApproachObject", "CloseGripper"]);
    }
}

pub(crate) mod include {
    use super::*;

    behavior_tree! {
        /// `<include path="parts/dock.xml"/>`, which includes `charge.xml` beside it.
        pub tree Patrol for Robot {
            xml = "tests/xml/btcpp/include_main.xml",
            nodes { Condition(CheckBattery) }
            blackboard { laps: i64, charges: i64 }
        }
    }

    #[test]
    fn subtrees_from_included_files() {
        let mut robot = Robot::default();
        let mut patrol = Patrol::new();
        let mut status = Status::Running;
        for _ in 0..5 {
            status = patrol.tick(&mut robot);
            if status != Status::Running {
                break;
            }
        }
        // As BehaviorTree.CPP ends it (check.sh): SUCCESS, laps 2, charges 1.
        assert_eq!(status, Status::Success);
        assert_eq!(
            (patrol.blackboard().laps, patrol.blackboard().charges),
            (2, 1)
        );
        assert_eq!(robot.battery_ok_checks.get(), 1);
        // The included files' trees are types of their own, named by their IDs.
        let _: Dock = Dock::new();
        let _: Charge = Charge::new();
    }
}

pub(crate) mod switch_loop {
    use super::*;
    use bt::Deque;

    behavior_tree! {
        /// `Switch2` .. `Switch6` and the four `Loop` nodes.
        pub tree Sorter for Robot {
            xml = "tests/xml/btcpp/switch_loop.xml",
            blackboard {
                bin: i64,
                mode: String,
                hits: i32,
                tally: i64,
                mass: f64,
                counts: Deque<i32, 4> = Deque::from_array([1, 2, 3]),
                weights: Deque<f64, 4> = Deque::from_array([0.5, 0.25]),
                flags: Deque<bool, 4> = Deque::from_array([true, true]),
                names: Deque<String, 4>,
            }
        }
    }

    #[test]
    fn switches_and_loops() {
        let mut robot = Robot::default();
        let mut sorter = Sorter::new();
        sorter.blackboard_mut().names.push_back("a".into()).unwrap();
        sorter.blackboard_mut().names.push_back("b".into()).unwrap();
        let mut status = Status::Running;
        for _ in 0..20 {
            status = sorter.tick(&mut robot);
            if status != Status::Running {
                break;
            }
        }
        // As BehaviorTree.CPP ends it (check.sh, with the same queues as text): SUCCESS,
        // hits 300 + 1 (Switch6's default) + 1 + 2 + 3, tally 2, mass 0.75.
        assert_eq!(status, Status::Success);
        let bb = sorter.blackboard();
        assert_eq!((bb.hits, bb.tally, bb.mass), (307, 2, 0.75));
        // `value` entries the invocation does not declare get the Loop's item type.
        let _: (i32, f64, bool, &String) = (bb.count, bb.weight, bb.flag, &bb.name);
        assert_eq!(bb.name, "b");
    }
}

// The entries `A` and `B`, as the tutorial names them (an `#[allow(non_snake_case)]` on the
// entry does not reach the lint: the macro's code for the blackboard trips it elsewhere).
#[allow(non_snake_case)]
pub(crate) mod scripting {
    use super::*;
    use bt::{Input, Ports};

    /// BehaviorTree.CPP's `Color` of the scripting tutorial, registered there with
    /// `registerScriptingEnums<Color>()`.
    #[derive(Clone, Copy, Debug, Default, PartialEq)]
    pub enum Color {
        #[default]
        Red,
        Blue,
        Green,
    }

    #[derive(Default, Ports)]
    pub struct SaySomething {
        pub message: Input<String>,
    }
    impl SyncAction<Robot> for SaySomething {
        fn execute(&mut self, robot: &mut Robot) -> Outcome {
            robot.said.push(self.message.get().clone());
            Outcome::Success
        }
    }

    behavior_tree! {
        /// The tutorial's scripts, with its enums named here.
        pub tree Scripting for Robot {
            xml = "tests/xml/btcpp/scripting.xml",
            nodes { Action(SaySomething) }
            enums { RED = Color::Red, BLUE = Color::Blue, GREEN = Color::Green, THE_ANSWER = 42 }
            blackboard { msg: String, said: i32, A: i32, B: f64, color: Color }
        }
    }

    #[test]
    #[allow(clippy::approx_constant)] // the tutorial's `B := 3.14`, not π
    fn scripts_enums_and_a_raw_and() {
        let mut robot = Robot::default();
        let mut tree = Scripting::new();
        assert_eq!(tree.tick(&mut robot), Status::Success);
        let bb = tree.blackboard();
        // As BehaviorTree.CPP ends it (check.sh, with the enums' numbers): A 42, said 11.
        assert_eq!((bb.A, bb.B, bb.color, bb.said), (42, 3.14, Color::Red, 11));
        assert_eq!(robot.said, ["hello world"]);
    }
}

pub(crate) mod counts_from_entries {
    use super::*;

    /// A robot with a clock that the test moves.
    #[derive(Debug, Default)]
    pub struct Timed {
        clock: bt::ManualClock,
    }

    impl bt::Clock for Timed {
        fn now(&self) -> std::time::Duration {
            self.clock.now()
        }
    }

    behavior_tree! {
        /// `num_cycles="{laps}"`, `num_attempts="{retries}"`, `msec="{limit}"`,
        /// `delay_msec="{pause}"`: those entries take the types BehaviorTree.CPP gives the ports,
        /// `int` (`i32`) for the counts and `unsigned` (`u32`) for the durations; only the
        /// entries that scripts alone use are declared.
        pub tree Counts for Timed {
            xml = "tests/xml/btcpp/counts_from_entries.xml",
            blackboard { done: i32, tries: i32 }
        }
    }

    #[test]
    fn counts_and_durations_from_entries() {
        let mut robot = Timed::default();
        let mut tree = Counts::new();
        // The counts' and durations' entries, typed by the nodes that read them.
        let (_, _): (i32, i32) = (tree.blackboard().laps, tree.blackboard().retries);
        let (_, _): (u32, u32) = (tree.blackboard().pause, tree.blackboard().limit);
        // The Repeat reads `laps` on every tick: 5, then 2 once its child has lowered it.
        assert_eq!(tree.tick(&mut robot), Status::Running);
        assert_eq!(tree.blackboard().done, 1);
        assert_eq!(tree.tick(&mut robot), Status::Running);
        assert_eq!(tree.blackboard().done, 2);
        let mut status = Status::Running;
        for _ in 0..20 {
            robot.clock.advance_ms(10);
            status = tree.tick(&mut robot);
            if status != Status::Running {
                break;
            }
        }
        // As BehaviorTree.CPP ends it (check.sh): SUCCESS, done 2, tries 3.
        assert_eq!(status, Status::Success);
        assert_eq!((tree.blackboard().done, tree.blackboard().tries), (2, 3));
        // The retries end at 20 ms (one attempt per tick), then the Timeout and the Delay start,
        // the Delay's 20 ms pass at 40 ms, the Sleep's at 60 ms.
        assert_eq!(
            bt::Clock::now(&robot.clock),
            std::time::Duration::from_millis(60)
        );
    }
}

pub(crate) mod nav_recoveries {
    use super::*;
    use bt::{Input, Ports};

    /// What the recoveries were asked to do.
    #[derive(Debug, Default)]
    pub struct Base {
        asked: Vec<(&'static str, f64, f64)>,
    }

    #[derive(Default, Ports)]
    pub struct Spin {
        pub spin_dist: Input<f64>,
        pub time_allowance: Input<f64>,
    }
    impl SyncAction<Base> for Spin {
        fn execute(&mut self, base: &mut Base) -> Outcome {
            base.asked
                .push(("spin", *self.spin_dist, *self.time_allowance));
            Outcome::Success
        }
    }

    #[derive(Default, Ports)]
    pub struct Wait {
        pub wait_duration: Input<f64>,
    }
    impl SyncAction<Base> for Wait {
        fn execute(&mut self, base: &mut Base) -> Outcome {
            base.asked.push(("wait", *self.wait_duration, 0.0));
            Outcome::Success
        }
    }

    #[derive(Default, Ports)]
    pub struct BackUp {
        pub backup_dist: Input<f64>,
        pub backup_speed: Input<f32>,
        pub time_allowance: Input<f64>,
    }
    impl SyncAction<Base> for BackUp {
        fn execute(&mut self, base: &mut Base) -> Outcome {
            assert_eq!(
                *self.backup_speed, 0.05f32,
                "read as an f32, not an f64 narrowed"
            );
            base.asked
                .push(("back up", *self.backup_dist, *self.time_allowance));
            Outcome::Success
        }
    }

    behavior_tree! {
        pub tree Recoveries for Base {
            xml = "tests/xml/btcpp/nav_recoveries.xml",
            nodes { Action(Spin), Action(Wait), Action(BackUp) }
        }
    }

    #[test]
    fn whole_numbers_for_real_ports() {
        let mut base = Base::default();
        assert_eq!(Recoveries::new().tick(&mut base), Status::Success);
        assert_eq!(
            base.asked,
            [
                ("spin", 1.57, 12.0),
                ("wait", 5.0, 0.0),
                ("back up", 0.3, 10.0)
            ]
        );
    }
}
