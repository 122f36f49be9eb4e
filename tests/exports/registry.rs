//! A project's node registry (`bt::nodes!`) named by XML trees in other modules, and blackboard
//! entries typed by the ports bound to them: no `nodes { .. }` and no typed `blackboard { .. }`
//! in the trees.

/// The project's node types, in a module of their own.
pub mod nodes {
    use bt::{Children, ControlNode, InOut, Input, Outcome, Output, Ports, Status, SyncAction};

    /// What the nodes do, in order.
    #[derive(Default)]
    pub struct Robot {
        pub log: Vec<String>,
    }

    /// A plan: waypoints.
    #[derive(Clone, Debug, Default, PartialEq)]
    pub struct Plan(pub Vec<f64>);

    /// Plans from `start` to `goal`, in steps of 1.
    #[derive(Default, Ports)]
    pub struct ComputePath {
        pub goal: Input<f64>,
        pub start: Input<f64>,
        pub plan: Output<Plan>,
    }

    impl SyncAction<Robot> for ComputePath {
        fn execute(&mut self, robot: &mut Robot) -> Outcome {
            let (start, goal) = (*self.start, *self.goal);
            let steps = (goal - start).abs() as usize;
            let plan: Vec<f64> = (1..=steps).map(|step| start + step as f64).collect();
            robot.log.push(format!("plan {start} -> {goal}"));
            self.plan.set(Plan(plan));
            Outcome::Success
        }
    }

    /// Follows the plan: fails on an empty one; counts the legs driven.
    #[derive(Default, Ports)]
    pub struct Follow {
        pub plan: Input<Plan>,
        pub legs: InOut<u32>,
    }

    impl SyncAction<Robot> for Follow {
        fn execute(&mut self, robot: &mut Robot) -> Outcome {
            robot.log.push(format!("follow {:?}", self.plan.0));
            *self.legs.get_mut() += self.plan.0.len() as u32;
            Outcome::from(!self.plan.0.is_empty())
        }
    }

    /// A stand-in for `Follow` that one tree maps instead of the registry's.
    #[derive(Default, Ports)]
    pub struct Simulate {
        pub plan: Input<Plan>,
    }

    impl SyncAction<Robot> for Simulate {
        fn execute(&mut self, robot: &mut Robot) -> Outcome {
            robot.log.push(format!("simulate {:?}", self.plan.0));
            Outcome::Success
        }
    }

    /// A control node of the project's: ticks its children in order, and writes how many
    /// succeeded to `done`.
    #[derive(Default, Ports)]
    pub struct CountingSequence {
        pub done: Output<u8>,
    }

    impl ControlNode<Robot> for CountingSequence {
        fn tick(node: &mut impl Children<Robot, Self>, robot: &mut Robot) -> Status {
            let mut done = 0;
            for child in 0..node.child_count() {
                match node.tick_child(robot, child) {
                    Status::Success => done += 1,
                    status => {
                        node.done.set(done);
                        return status;
                    }
                }
            }
            node.done.set(done);
            Status::Success
        }
    }
}

/// The registry, declared once, beside the node types; its paths are written from the crate's
/// root, so that they resolve in every module a tree is in.
pub mod project {
    bt::nodes! {
        /// The robot's nodes.
        pub(crate) robot {
            ComputePathToPose = Action(crate::registry::nodes::ComputePath),
            Action(crate::registry::nodes::Follow),
            CountingSequence = Control(crate::registry::nodes::CountingSequence),
        }
    }
}

/// Trees in another module, naming the registry by its path.
mod trees {
    use bt::behavior_tree;

    behavior_tree! {
        /// Every entry is typed by a port: `plan` by `ComputePath`'s output, `legs` by
        /// `Follow`'s in-out, `done` by the control node's output, `goal` and `start` by
        /// `ComputePath`'s inputs.
        pub tree Drive for super::nodes::Robot {
            xml_text = r#"
                <root BTCPP_format="4">
                  <BehaviorTree ID="Drive">
                    <CountingSequence done="{done}">
                      <ComputePathToPose start="{start}" goal="{goal}" plan="{plan}"/>
                      <Follow plan="{plan}" legs="{legs}"/>
                    </CountingSequence>
                  </BehaviorTree>
                </root>"#,
            nodes = crate::registry::project::robot,
        }
    }

    behavior_tree! {
        /// The same registry, one ID mapped by the tree itself, and an initial value.
        pub tree DryRun for super::nodes::Robot {
            xml_text = r#"
                <root BTCPP_format="4">
                  <BehaviorTree ID="DryRun">
                    <Sequence>
                      <ComputePathToPose start="{start}" goal="{goal}" plan="{plan}"/>
                      <Follow plan="{plan}"/>
                    </Sequence>
                  </BehaviorTree>
                </root>"#,
            nodes = crate::registry::project::robot,
            nodes { Follow = Action(crate::registry::nodes::Simulate) }
            blackboard { goal: f64 = 2.0 }
        }
    }
}

use nodes::{Plan, Robot};

#[test]
fn a_registry_maps_the_ids_of_trees_in_other_modules() {
    let mut tree = trees::Drive::new();
    tree.blackboard_mut().goal = 3.0;
    let mut robot = Robot::default();
    assert_eq!(tree.tick(&mut robot), bt::Status::Success);
    assert_eq!(robot.log, ["plan 0 -> 3", "follow [1.0, 2.0, 3.0]"]);
    // The entries' types are the ports' types.
    let bb = tree.blackboard();
    let (plan, legs, done): (&Plan, &u32, &u8) = (&bb.plan, &bb.legs, &bb.done);
    assert_eq!((plan, *legs, *done), (&Plan(vec![1.0, 2.0, 3.0]), 3, 2));
    // An empty plan: the follower fails, and the control node reports one success.
    tree.blackboard_mut().goal = 0.0;
    tree.blackboard_mut().start = 0.0;
    assert_eq!(tree.tick(&mut robot), bt::Status::Failure);
    assert_eq!((tree.blackboard().legs, tree.blackboard().done), (3, 1));
}

#[test]
fn mapped_nodes_keep_their_xml_ids_in_the_metadata_and_the_exports() {
    let nodes = trees::Drive::NODES;
    let types: Vec<_> = nodes.iter().filter_map(|node| node.leaf_type).collect();
    assert_eq!(types, ["CountingSequence", "ComputePathToPose", "Follow"]);
    let names: Vec<_> = nodes.iter().map(|node| node.name).collect();
    assert_eq!(names, ["CountingSequence", "ComputePathToPose", "Follow"]);
    let xml = trees::Drive::to_xml().to_string();
    for element in [
        r#"<CountingSequence done="{done}">"#,
        r#"<ComputePathToPose start="{start}" goal="{goal}" plan="{plan}"/>"#,
        r#"<Follow plan="{plan}" legs="{legs}"/>"#,
        r#"<Action ID="ComputePathToPose">"#,
    ] {
        assert!(xml.contains(element), "{element} in\n{xml}");
    }
    assert!(!xml.contains("crate::"), "{xml}");
    // The tree mapping `Follow` itself to `Simulate` exports it as `Follow` too.
    assert!(trees::DryRun::to_xml()
        .to_string()
        .contains(r#"<Follow plan="{plan}"/>"#));
}

#[test]
fn a_tree_mapping_an_id_itself_takes_its_mapping_over_the_registrys() {
    let mut tree = trees::DryRun::new();
    let mut robot = Robot::default();
    assert_eq!(tree.blackboard().goal, 2.0, "the initial value");
    assert_eq!(tree.tick(&mut robot), bt::Status::Success);
    assert_eq!(robot.log, ["plan 0 -> 2", "simulate [1.0, 2.0]"]);
    let plan: &Plan = &tree.blackboard().plan;
    assert_eq!(plan.0.len(), 2);
}

/// `#[id = ".."]` in the DSL: the BehaviorTree.CPP ID of a node of the user's type, as an XML
/// tree's mapping gives it.
mod dsl_id {
    use super::nodes::{Follow, Robot};
    use bt::behavior_tree;

    behavior_tree! {
        pub tree Follower for Robot {
            blackboard { plan: super::Plan, legs: u32 }
            Sequence {
                #[id = "FollowPath"]
                Action(Follow, plan = {plan}, legs = {legs}),
                #[id = "FollowPath"]
                #[name = "again"]
                Action(Follow, plan = {plan}, legs = {legs}),
            }
        }
    }
}

#[test]
fn a_dsl_node_given_an_id_is_exported_under_it() {
    let nodes = dsl_id::Follower::NODES;
    assert_eq!(
        (nodes[1].leaf_type, nodes[1].name),
        (Some("FollowPath"), "FollowPath")
    );
    assert_eq!(
        (nodes[2].leaf_type, nodes[2].name),
        (Some("FollowPath"), "again")
    );
    let xml = dsl_id::Follower::to_xml().to_string();
    assert!(
        xml.contains(r#"<FollowPath plan="{plan}" legs="{legs}"/>"#),
        "{xml}"
    );
    assert!(
        xml.contains(r#"<FollowPath name="again" plan="{plan}" legs="{legs}"/>"#),
        "{xml}"
    );
    assert!(xml.contains(r#"<Action ID="FollowPath">"#), "{xml}");
    let mut tree = dsl_id::Follower::new();
    let mut robot = Robot::default();
    tree.blackboard_mut().plan = Plan(vec![1.0]);
    assert_eq!(tree.tick(&mut robot), bt::Status::Success);
    assert_eq!(tree.blackboard().legs, 2);
}

/// A string literal bound in the DSL is exported as its text, as BehaviorTree.CPP reads an
/// attribute (not with Rust's quotes, which BehaviorTree.CPP would keep as part of the text).
mod strings {
    use bt::{behavior_tree, Input, Outcome, Ports, SyncAction};

    #[derive(Default, Ports)]
    pub struct Say {
        pub msg: Input<&'static str>,
        pub loud: Input<String>,
    }

    impl SyncAction<super::Robot> for Say {
        fn execute(&mut self, robot: &mut super::Robot) -> Outcome {
            robot.log.push(format!("{} {}", *self.msg, *self.loud));
            Outcome::Success
        }
    }

    behavior_tree! {
        pub tree Talk for super::Robot {
            blackboard { note: &'static str }
            Sequence {
                Action(Say, msg = "lap \"one\"", loud = "LAP"),
                SetBlackboard(note = "done"),
            }
        }
    }
}

#[test]
fn string_literals_are_exported_as_their_text() {
    let xml = strings::Talk::to_xml().to_string();
    assert!(
        xml.contains(r#"<Say msg="lap &quot;one&quot;" loud="LAP"/>"#),
        "{xml}"
    );
    assert!(
        xml.contains(r#"<SetBlackboard output_key="note" value="done"/>"#),
        "{xml}"
    );
    let mut robot = Robot::default();
    assert_eq!(strings::Talk::new().tick(&mut robot), bt::Status::Success);
    assert_eq!(robot.log, [r#"lap "one" LAP"#]);
}
