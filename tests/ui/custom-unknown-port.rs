use bt::{behavior_tree, Child, DecoratorNode, Input, Ports, Status};

pub struct World;

/// Ticks its child while `enabled`.
#[derive(Default, Ports)]
pub struct Gate {
    pub enabled: Input<bool>,
}

impl DecoratorNode<World> for Gate {
    fn tick(node: &mut impl Child<World, Self>, world: &mut World) -> Status {
        if *node.enabled {
            node.tick_child(world)
        } else {
            Status::Failure
        }
    }
}

behavior_tree! {
    tree Tree for World {
        Decorator(Gate, enable = true) { AlwaysSuccess }
    }
}

fn main() {
    let mut tree = Tree::new();
    let _ = tree.tick(&mut World);
}
