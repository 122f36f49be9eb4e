//! Data flow through ports: inputs receive entries and expressions, outputs land in entries only
//! when written, in-outs round-trip, defaults apply to unbound ports, metadata lists the ports.

use bt::{
    behavior_tree, Condition, InOut, Input, NodeInfo, Outcome, Output, PortDirection, Ports,
    StatefulAction, Status, SyncAction,
};

#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Pose {
    pub x: i32,
    pub y: i32,
}

#[derive(Default)]
pub struct World {
    pub robot: Pose,
    pub log: Vec<String>,
}

/// Writes a goal one step east of the robot.
#[derive(Default, Ports)]
pub struct ComputeGoal {
    pub goal: Output<Pose>,
}

impl SyncAction<World> for ComputeGoal {
    fn execute(&mut self, world: &mut World) -> Outcome {
        self.goal.set(Pose {
            x: world.robot.x + 2,
            y: world.robot.y,
        });
        Outcome::Success
    }
}

/// Moves `speed` per tick towards `goal`; reports `arrived` when there.
#[derive(Ports)]
pub struct MoveTo {
    pub goal: Input<Pose>,
    #[port(default)]
    pub speed: Input<i32>,
    pub arrived: Output<bool>,
}

impl Default for MoveTo {
    fn default() -> Self {
        MoveTo {
            goal: Input::default(),
            speed: Input::new(1),
            arrived: Output::new(),
        }
    }
}

impl MoveTo {
    fn step(&mut self, world: &mut World) -> Status {
        let goal = *self.goal;
        world
            .log
            .push(format!("move to {},{} at {}", goal.x, goal.y, *self.speed));
        world.robot.x = (world.robot.x + *self.speed).min(goal.x);
        if world.robot == goal {
            self.arrived.set(true);
            Status::Success
        } else {
            Status::Running
        }
    }
}

impl StatefulAction<World> for MoveTo {
    fn on_start(&mut self, world: &mut World) -> Status {
        self.step(world)
    }

    fn on_running(&mut self, world: &mut World) -> Status {
        self.step(world)
    }
}

/// Counts its calls in an in-out entry.
#[derive(Default, Ports)]
pub struct Count {
    pub count: InOut<u32>,
}

impl SyncAction<World> for Count {
    fn execute(&mut self, _: &mut World) -> Outcome {
        *self.count.get_mut() += 1;
        Outcome::Success
    }
}

/// Succeeds when `limit` is above `value`.
#[derive(Default, Ports)]
pub struct Below {
    pub value: Input<u32>,
    pub limit: Input<u32>,
}

impl Condition<World> for Below {
    fn check(&mut self, _: &World) -> bool {
        *self.value < *self.limit
    }
}

behavior_tree! {
    pub tree Robot for World {
        blackboard {
            target: Pose,
            arrived: bool,
            count: u32,
        }
        Sequence {
            Action(ComputeGoal, goal = {target}),
            StatefulAction(MoveTo, goal = {target}, arrived = {arrived}),
            Action(Count, count = {=}),
            Condition(Below, value = {count}, limit = 2),
        }
    }
}

#[test]
fn values_flow_from_outputs_to_inputs_through_entries() {
    let mut tree = Robot::new();
    let mut world = World::default();
    assert_eq!(tree.tick(&mut world), Status::Running);
    assert_eq!(tree.blackboard().target, Pose { x: 2, y: 0 });
    assert!(
        !tree.blackboard().arrived,
        "an output that was not written leaves its entry"
    );
    assert_eq!(tree.tick(&mut world), Status::Success);
    assert!(tree.blackboard().arrived);
    assert_eq!(tree.blackboard().count, 1);
    assert_eq!(world.log, ["move to 2,0 at 1", "move to 2,0 at 1"]);
}

#[test]
fn in_out_round_trips_and_expressions_are_inputs() {
    let mut tree = Robot::new();
    let mut world = World::default();
    for _ in 0..2 {
        tree.tick(&mut world);
    }
    assert_eq!(tree.blackboard().count, 1);
    // Second activation: the robot is one step from the new goal.
    assert_eq!(tree.tick(&mut world), Status::Running);
    assert_eq!(
        tree.tick(&mut world),
        Status::Failure,
        "count 2 is not below the limit 2"
    );
    assert_eq!(tree.blackboard().count, 2);
}

#[test]
fn entries_changed_from_outside_reach_inputs() {
    let mut tree = Robot::new();
    let mut world = World::default();
    tree.tick(&mut world);
    // The goal is re-read on every tick.
    tree.blackboard_mut().target = Pose { x: 1, y: 0 };
    world.robot = Pose { x: 0, y: 0 };
    assert_eq!(tree.tick(&mut world), Status::Success);
    assert_eq!(world.log.last().unwrap(), "move to 1,0 at 1");
}

behavior_tree! {
    pub tree Fast for World {
        blackboard {
            target: Pose = Pose { x: 6, y: 0 },
            speed: i32 = 3,
        }
        StatefulAction(MoveTo, goal = {target}, speed = {speed})
    }
}

#[test]
fn a_bound_default_port_takes_the_entry_and_an_unbound_output_is_dropped() {
    let mut tree = Fast::new();
    let mut world = World::default();
    assert_eq!(tree.tick(&mut world), Status::Running);
    assert_eq!(tree.tick(&mut world), Status::Success);
    assert_eq!(world.log, ["move to 6,0 at 3", "move to 6,0 at 3"]);
}

#[test]
fn ports_are_metadata() {
    assert_eq!(MoveTo::PORTS.len(), 3);
    let goal = &MoveTo::PORTS[0];
    assert_eq!(
        (goal.name, goal.direction, goal.type_name, goal.required),
        ("goal", PortDirection::Input, "Pose", true)
    );
    let speed = &MoveTo::PORTS[1];
    assert!(!speed.required, "#[port(default)]");
    let arrived = &MoveTo::PORTS[2];
    assert_eq!(
        (arrived.direction, arrived.required),
        (PortDirection::Output, false)
    );
    let node = NodeInfo::find(Robot::NODES, "MoveTo").unwrap();
    assert_eq!(Robot::NODES[node].ports, MoveTo::PORTS);
    assert!(Robot::NODES[0].ports.is_empty());
}

// --- port frames ---------------------------------------------------------------------------------
//
// A leaf whose fields are all `Copy` (and that is at most `bt::ports::FRAME_BYTES` bytes) is called
// on a frame (a copy made for the call; see `bt::ports`, "Port frames"); any other leaf in place.
// The two must look alike to the leaf and to the tree: the same leaf logic is written three times
// below, framed (`Framed`, with a `u32` of its own), in place because a field is not `Copy`
// (`InPlace`, a `String`) and in place because it is too large (`TooBig`, a `[u32; 32]`), and the
// three trees must produce the same trace, tick by tick, through bound ports, unbound ports and
// state the leaf changes, and a halt.

/// What a call of the leaf saw, and what it did.
#[derive(Clone, Debug, PartialEq)]
pub struct Seen {
    pub call: &'static str,
    pub step: i32,
    pub base: i32,
    pub total: u32,
    /// The unbound output's value still pending from the last call.
    pub last_pending: Option<i32>,
    /// The bound output's pending value at the start of the call (always delivered: `None`).
    pub out_pending: Option<i32>,
    /// The leaf's own state after this call: one more per call.
    pub tally: u32,
}

#[derive(Default)]
pub struct Trace {
    pub seen: Vec<Seen>,
}

/// A leaf's own state, counting its calls.
pub trait Tally: Default {
    fn tally(&mut self) -> u32;
}

impl Tally for u32 {
    fn tally(&mut self) -> u32 {
        *self += 1;
        *self
    }
}

impl Tally for String {
    fn tally(&mut self) -> u32 {
        self.push('.');
        self.len() as u32
    }
}

impl Tally for [u32; 32] {
    fn tally(&mut self) -> u32 {
        self[31] += 1;
        self[31]
    }
}

/// The shared logic: reads a bound input, changes an unbound default input, an unbound default
/// in-out and its own state, sets an unbound and a bound output; Success on every third call
/// (halts count). Then the tree: a guard that can halt it, and the leaf with two bindings.
macro_rules! frame_leaf {
    ($leaf:ident, $tree:ident, $state:ty) => {
        #[derive(Ports)]
        pub struct $leaf {
            pub step: Input<i32>,
            #[port(default)]
            pub base: Input<i32>,
            #[port(default)]
            pub total: InOut<u32>,
            pub last: Output<i32>,
            pub out: Output<i32>,
            pub state: $state,
        }

        impl Default for $leaf {
            fn default() -> Self {
                $leaf {
                    step: Input::default(),
                    base: Input::new(10),
                    total: InOut::new(0),
                    last: Output::new(),
                    out: Output::new(),
                    state: <$state>::default(),
                }
            }
        }

        impl $leaf {
            fn call(&mut self, trace: &mut Trace, call: &'static str) -> Status {
                trace.seen.push(Seen {
                    call,
                    step: *self.step,
                    base: *self.base,
                    total: *self.total,
                    last_pending: self.last.pending().copied(),
                    out_pending: self.out.pending().copied(),
                    tally: self.state.tally(),
                });
                // An unbound input is the leaf's own: a replacement stays.
                self.base = Input::new(*self.base + 1);
                *self.total.get_mut() += 1;
                self.last.set(*self.base * 100 + *self.step);
                self.out.set(*self.base + *self.step);
                if *self.total % 3 == 0 {
                    Status::Success
                } else {
                    Status::Running
                }
            }
        }

        impl StatefulAction<Trace> for $leaf {
            fn on_start(&mut self, trace: &mut Trace) -> Status {
                self.call(trace, "start")
            }
            fn on_running(&mut self, trace: &mut Trace) -> Status {
                self.call(trace, "running")
            }
            fn on_halted(&mut self, trace: &mut Trace) {
                self.call(trace, "halted");
            }
        }

        behavior_tree! {
            pub tree $tree for Trace {
                blackboard { step: i32 = 1, out: i32, go: bool = true }
                ReactiveSequence {
                    ScriptCondition(|bb| bb.go),
                    StatefulAction($leaf, step = {step}, out = {out}),
                }
            }
        }
    };
}

frame_leaf!(Framed, FramedTree, u32);
frame_leaf!(InPlace, InPlaceTree, String);
frame_leaf!(TooBig, TooBigTree, [u32; 32]);

/// A ports-only leaf with a port value that is not `Copy`.
#[derive(Default, Ports)]
pub struct Named {
    pub name: Input<String>,
}

#[test]
fn a_small_copy_leaf_has_a_frame_and_other_leaves_do_not() {
    use bt::__private::NoPorts as _;
    // The frame hands the call a copy of the leaf; the call in place the leaf itself.
    fn gets_a_copy<L>(leaf: &mut L, frame: impl FnOnce(&mut L, *const L) -> bool) -> bool {
        let at: *const L = leaf;
        frame(leaf, at)
    }
    assert!(gets_a_copy(&mut Framed::default(), |leaf, at| leaf
        .__bt_frame(0, &mut (), |copy, _| !core::ptr::eq(copy, at))));
    assert!(gets_a_copy(&mut MoveTo::default(), |leaf, at| leaf
        .__bt_frame(0, &mut (), |copy, _| !core::ptr::eq(copy, at))));
    // A field that is not `Copy` (a plain field or a port value), or a type above the frame's
    // size: in place.
    assert!(gets_a_copy(&mut InPlace::default(), |leaf, at| leaf
        .__bt_frame(0, &mut (), |same, _| core::ptr::eq(same, at))));
    assert!(gets_a_copy(&mut Named::default(), |leaf, at| leaf
        .__bt_frame(0, &mut (), |same, _| core::ptr::eq(same, at))));
    assert!(core::mem::size_of::<TooBig>() > bt::ports::FRAME_BYTES);
    assert!(gets_a_copy(&mut TooBig::default(), |leaf, at| leaf
        .__bt_frame(0, &mut (), |same, _| core::ptr::eq(same, at))));
}

#[test]
fn a_framed_leaf_behaves_exactly_like_one_called_in_place() {
    let (mut framed, mut in_place, mut too_big) =
        (FramedTree::new(), InPlaceTree::new(), TooBigTree::new());
    let (mut a, mut b, mut c) = (Trace::default(), Trace::default(), Trace::default());
    // Each tick: the step entry, whether the guard lets the leaf run (false halts it while
    // Running), and the expected status.
    let script = [
        (1, true, Status::Running),
        (2, true, Status::Running),
        (3, false, Status::Failure), // halted: its third call
        (4, true, Status::Running),
        (5, true, Status::Running),
        (6, true, Status::Success), // the sixth call
        (7, true, Status::Running),
    ];
    for (tick, (step, go, status)) in script.into_iter().enumerate() {
        (framed.blackboard_mut().step, framed.blackboard_mut().go) = (step, go);
        (in_place.blackboard_mut().step, in_place.blackboard_mut().go) = (step, go);
        (too_big.blackboard_mut().step, too_big.blackboard_mut().go) = (step, go);
        assert_eq!(framed.tick(&mut a), status, "tick {tick}");
        assert_eq!(in_place.tick(&mut b), status, "tick {tick}");
        assert_eq!(too_big.tick(&mut c), status, "tick {tick}");
        let out = framed.blackboard().out;
        assert_eq!(out, in_place.blackboard().out, "tick {tick}");
        assert_eq!(out, too_big.blackboard().out, "tick {tick}");
    }
    assert_eq!(a.seen, b.seen);
    assert_eq!(a.seen, c.seen);
    let calls: Vec<_> = (a.seen.iter())
        .map(|s| (s.call, s.step, s.base, s.total, s.tally))
        .collect();
    assert_eq!(
        calls,
        [
            ("start", 1, 10, 0, 1),
            ("running", 2, 11, 1, 2),
            ("halted", 3, 12, 2, 3),
            ("start", 4, 13, 3, 4),
            ("running", 5, 14, 4, 5),
            ("running", 6, 15, 5, 6),
            ("start", 7, 16, 6, 7),
        ],
        "a halt loads the inputs too; unbound ports and the leaf's state keep what it made of them"
    );
    assert_eq!(a.seen[0].last_pending, None);
    assert_eq!(
        a.seen[1].last_pending,
        Some(1101),
        "an unbound output stays pending"
    );
    assert!(
        a.seen.iter().all(|s| s.out_pending.is_none()),
        "a bound output is delivered"
    );
    assert_eq!(framed.blackboard().out, 17 + 7);
}

/// Says its `msg` into the world's log.
#[derive(Default, Ports)]
pub struct Say {
    pub msg: Input<String>,
}

impl SyncAction<World> for Say {
    fn execute(&mut self, world: &mut World) -> Outcome {
        world.log.push(self.msg.get().clone());
        Outcome::Success
    }
}

behavior_tree! {
    tree Sayer for World {
        Sequence { Action(Say, msg = "lap"), Action(Say, msg = String::from("two")) }
    }
}

/// A string literal binds an `Input<String>` in the DSL, as the same text does in XML
/// (`msg="lap"`); an expression of type `String` still does.
#[test]
fn a_string_literal_binds_a_string_input() {
    let (mut tree, mut world) = (Sayer::new(), World::default());
    assert_eq!(tree.tick(&mut world), Status::Success);
    assert_eq!(tree.tick(&mut world), Status::Success);
    assert_eq!(world.log, ["lap", "two", "lap", "two"]);
}

/// Says its `msg` and its `times` into any world with a log.
#[derive(Default, Ports)]
pub struct Shout {
    pub msg: Input<String>,
    pub times: Input<u8>,
    pub said: Output<u8>,
}

/// A world with a log.
pub trait Logs {
    fn log(&mut self) -> &mut Vec<String>;
}

impl Logs for World {
    fn log(&mut self) -> &mut Vec<String> {
        &mut self.log
    }
}

impl<W: Logs> SyncAction<W> for Shout {
    fn execute(&mut self, world: &mut W) -> Outcome {
        world.log().push(self.msg.repeat(usize::from(*self.times)));
        self.said.set(*self.times);
        Outcome::Success
    }
}

/// An XML tree written by a `macro_rules!` macro, generic over its world: the ports of its
/// elements, of a type that names no parameter, are reached through the check of their
/// attributes (`bt::__private::PortsChecked`), which must hold in both settings.
macro_rules! shouting_tree {
    ($name:ident, $leaf:ty) => {
        behavior_tree! {
            tree $name<W: Logs> for W {
                xml_text = r#"
<root BTCPP_format="4">
  <BehaviorTree ID="Shouts">
    <Sequence>
      <Shout msg="ho" times="2" said="{n}"/>
      <Shout msg="hey" times="{n}" said="{n}"/>
    </Sequence>
  </BehaviorTree>
</root>"#,
                nodes { Shout = Action($leaf) }
                blackboard { n: u8 }
            }
        }
    };
}

shouting_tree!(Shouts, Shout);

#[test]
fn an_xml_tree_from_a_macro_and_generic_binds_its_ports() {
    let (mut tree, mut world) = (Shouts::<World>::new(), World::default());
    assert_eq!(tree.tick(&mut world), Status::Success);
    assert_eq!(world.log, ["hoho", "heyhey"]);
    assert_eq!(tree.blackboard().n, 2);
}
