//! Trees written against the facade under the name `behave` (see `Cargo.toml`): every family of
//! generated code (leaves, ports, blackboard, subtrees, time, errors, random and NodeCanvas
//! nodes, XML, observers, metadata) compiles without a crate named `bt`; and an XML tree whose
//! nodes are another crate's, through that crate's `pub` registry (`tests/registry`).
#![cfg(test)]

use behave::{behavior_tree, Input, ManualClock, Outcome, Output, Status, SyncAction};

pub struct World {
    clock: ManualClock,
    seen: u32,
}

impl behave::Clock for World {
    fn now(&self) -> core::time::Duration {
        self.clock.now()
    }
}

#[derive(Default, behave::Ports)]
#[port(crate = behave)]
pub struct Add {
    pub a: Input<u32>,
    #[port(default)]
    pub b: Input<u32>,
    pub sum: Output<u32>,
}

impl SyncAction<World> for Add {
    fn execute(&mut self, world: &mut World) -> Outcome {
        world.seen += 1;
        self.sum.set(*self.a + *self.b);
        Outcome::Success
    }
}

behavior_tree! {
    /// A child tree with its own blackboard.
    pub tree Child for World {
        blackboard { total: u32, #[tracked] hits: u32 }
        Sequence {
            Action(Add, a = {total}, b = 1, sum = {total}),
            Script(|bb| *bb.hits += 1),
        }
    }
}

behavior_tree! {
    pub tree Parent for World {
        blackboard { total: u32 = 10, hits: u32, queue: behave::Deque<u32, 4>, item: u32 }
        ReactiveSequence {
            #[skip_if(|bb| bb.total > 100)]
            SubTree(Child, total = {=}),
            Parallel(success = 1) {
                Timeout(50) { Delay(10) { AlwaysSuccess } },
                Sleep(5),
            },
            Loop(queue, value = {item}) { AlwaysSuccess },
            Switch(total) { case 11 => AlwaysSuccess, _ => AlwaysFailure },
        }
    }
}

behavior_tree! {
    /// `..` shares every entry of the child by name.
    pub tree Auto for World {
        blackboard { total: u32, #[tracked] hits: u32 }
        SubTree(Child, ..)
    }
}

behavior_tree! {
    pub tree Random for World {
        blackboard { hunger: f32 = 0.5, enemy: bool }
        Selector {
            Observe(|bb| bb.enemy, abort = lower) { AlwaysRunning },
            PrioritySelector {
                #[score(|bb| bb.hunger)] RandomSelector { AlwaysFailure, AlwaysSuccess },
                #[score(0.1)] ProbabilitySelector(fail = 0.0) { #[weight(1.0)] AlwaysSuccess },
            },
        }
    }
}

behavior_tree! {
    pub tree Fallible for World, error core::num::ParseIntError {
        Condition(|_world| "7".parse::<u32>().map(|n| n == 7))
    }
}

behavior_tree! {
    pub tree FromXml for World {
        xml_text = r#"
            <root BTCPP_format="4">
              <BehaviorTree ID="Main">
                <Sequence>
                  <Add a="{x}" b="2" sum="{y}"/>
                  <Script code="x := y"/>
                </Sequence>
              </BehaviorTree>
            </root>"#,
        nodes { Add = Action(Add) }
        blackboard { x: u32 = 1, y: u32 }
    }
}

behavior_tree! {
    /// Its nodes mapped by another crate's registry, `bt::nodes! { pub nav { .. } }`, whose types
    /// that crate names (`Measure`, `crate::drive::Drive`, `Stop`): only the ID `Stop` is mapped
    /// here, to a type of this crate, in place of the registry's.
    pub tree Registered for World {
        xml_text = r#"
            <root BTCPP_format="4">
              <BehaviorTree ID="Registered">
                <Sequence>
                  <Measure distance="{d}"/>
                  <Go metres="{d}" driven="{done}"/>
                  <Stop a="{done}" sum="{checked}"/>
                </Sequence>
              </BehaviorTree>
            </root>"#,
        nodes = bt_registry_nodes::nav,
        nodes { Stop = Action(Add) }
    }
}

fn world() -> World {
    World {
        clock: ManualClock::new(),
        seen: 0,
    }
}

#[test]
fn trees_compile_and_tick_under_another_name() {
    let mut world = world();
    let mut parent = Parent::new();
    assert_eq!(parent.tick(&mut world), Status::Running);
    assert_eq!(parent.blackboard().total, 11);
    world.clock.advance(core::time::Duration::from_millis(20));
    let mut trace = behave::TickTrace::<{ Parent::NODE_COUNT }>::new();
    parent.tick_with(&mut world, &mut trace);
    parent.halt(&mut world);
    assert_eq!(Parent::NODE_COUNT, Parent::NODES.len());
    assert!(Parent::to_dot().to_string().contains("Child"));

    let mut auto = Auto::new();
    assert_eq!(auto.tick(&mut world), Status::Success);
    assert_eq!(auto.blackboard().total, 1);

    assert_eq!(Random::seeded(3).tick(&mut world), Status::Success);
    assert_eq!(Fallible::new().tick(&mut world), Ok(Status::Success));

    let mut xml = FromXml::new();
    assert_eq!(xml.tick(&mut world), Status::Success);
    assert_eq!(xml.blackboard().x, 3);
    assert_eq!(<Add as behave::Ports>::PORTS.len(), 3);
}

#[test]
fn a_registry_of_another_crate() {
    let mut world = world();
    let mut tree = Registered::new();
    // `Measure` gives 7, `Go` (the registry's `Drive`) drives it, `Stop` (this crate's `Add`)
    // adds nothing to it.
    assert_eq!(tree.tick(&mut world), Status::Success);
    let bb = tree.blackboard();
    assert_eq!((bb.d, bb.done, bb.checked), (7, 7, 7));
    assert_eq!(world.seen, 1);
    // The metadata names the nodes by their XML IDs.
    let names: Vec<&str> = Registered::NODES.iter().map(|node| node.name).collect();
    assert_eq!(names, ["Sequence", "Measure", "Go", "Stop"]);
    // The registry's crate names it too, for a tree of its own.
    let mut local = bt_registry_nodes::Local::new();
    assert_eq!(local.tick(&mut ()), Status::Success);
    assert_eq!((local.blackboard().d, local.blackboard().done), (7, 7));
}

#[test]
fn a_tree_in_a_function_body() {
    // The generated module of entry names (`mod __bt_entries_Local`) sits in this block, where
    // `super` would be the crate's root: the import of the runtime must be its own.
    behavior_tree! {
        tree Local for World {
            blackboard { n: u32 = 1 }
            Script(|bb| bb.n += 1)
        }
    }
    let mut local = Local::new();
    assert_eq!(local.tick(&mut world()), Status::Success);
    assert_eq!(local.blackboard().n, 2);
}
