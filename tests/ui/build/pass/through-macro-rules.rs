//! A tree whose body reaches `behavior_tree!` through a `macro_rules!` transcriber compiles and
//! behaves like one written directly: the generated code never resolves `self` in the user's
//! hygiene context (regression: tests/regression/stateful_leaf_through_macro_rules.rs).

use bt::{
    behavior_tree, Condition, Input, Outcome, Output, Ports, StatefulAction, Status, SyncAction,
};

pub struct World {
    pub steps: u32,
}

#[derive(Default)]
pub struct Ready;

impl Condition<World> for Ready {
    fn check(&mut self, _: &World) -> bool {
        true
    }
}

#[derive(Default, Ports)]
pub struct Double {
    pub value: Input<u32>,
    pub doubled: Output<u32>,
}

impl SyncAction<World> for Double {
    fn execute(&mut self, _: &mut World) -> Outcome {
        self.doubled.set(*self.value * 2);
        Outcome::Success
    }
}

#[derive(Default)]
pub struct Walk;

impl StatefulAction<World> for Walk {
    fn on_start(&mut self, world: &mut World) -> Status {
        world.steps += 1;
        Status::Running
    }

    fn on_running(&mut self, world: &mut World) -> Status {
        world.steps += 1;
        Status::Success
    }
}

const ONCE: u8 = 1;

macro_rules! tree {
    ($($body:tt)*) => {
        behavior_tree! {
            pub tree Wrapped for World { $($body)* }
        }
    };
}

tree! {
    blackboard {
        input: u32 = 21,
        output: u32,
        copy: u32,
        maybe: Option<u32> = Some(1),
        #[tracked]
        seen: u32,
        laps: i32 = 1,
    }
    Sequence {
        Condition(Ready),
        Condition(|world, bb| world.steps < 10 && bb.input > 0),
        #[on_success(|bb| *bb.seen += 1)]
        Action(Double, value = {input}, doubled = {output}),
        SetBlackboard(copy = {output}),
        SetBlackboard(input = 4),
        UnsetBlackboard(maybe),
        WasEntryUpdated(seen),
        ScriptCondition(|bb| bb.copy == 42),
        Repeat({laps}) { AlwaysSuccess },
        RetryUntilSuccessful({seen}) { AlwaysSuccess },
        Repeat(ONCE) { AlwaysSuccess },
        StatefulAction(Walk),
    }
}

fn main() {
    let mut tree = Wrapped::new();
    let mut world = World { steps: 0 };
    assert_eq!(tree.tick(&mut world), Status::Running);
    assert_eq!(tree.tick(&mut world), Status::Success);
    let bb = tree.blackboard();
    assert_eq!(
        (bb.output, bb.copy, bb.input, bb.maybe, world.steps),
        (42, 42, 4, None, 2)
    );
}
