//! A control node whose `MIN_CHILDREN` is 0 may be written with no children, with or without
//! braces.

use bt::{behavior_tree, Children, ControlNode, Status};

pub struct World {
    ticks: u32,
}

#[derive(Default)]
pub struct Blink;

impl ControlNode<World> for Blink {
    const MIN_CHILDREN: usize = 0;

    fn tick(node: &mut impl Children<World, Self>, world: &mut World) -> Status {
        assert_eq!(node.child_count(), 0);
        world.ticks += 1;
        Status::Success
    }
}

behavior_tree! {
    tree Tree for World {
        Sequence { Control(Blink), Control(Blink) {} }
    }
}

fn main() {
    let mut world = World { ticks: 0 };
    assert_eq!(Tree::new().tick(&mut world), Status::Success);
    assert_eq!(world.ticks, 2);
}
