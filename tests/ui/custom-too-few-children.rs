use bt::{behavior_tree, Children, ControlNode, Status};

pub struct World;

/// Ticks its children in turn; it needs at least one (the default `MIN_CHILDREN`).
#[derive(Default)]
pub struct Turns;

impl ControlNode<World> for Turns {
    fn tick(node: &mut impl Children<World, Self>, world: &mut World) -> Status {
        node.tick_child(world, 0)
    }
}

behavior_tree! {
    tree Tree for World {
        Sequence { AlwaysSuccess, Control(Turns) {} }
    }
}

fn main() {
    let mut tree = Tree::new();
    let _ = tree.tick(&mut World);
}
