use bt::{behavior_tree, Child, DecoratorNode, Status};

pub struct World;

/// A decorator written for the handle of earlier versions, which did not dereference to the node.
#[derive(Default)]
pub struct Twice;

impl DecoratorNode<World> for Twice {
    fn tick(&mut self, world: &mut World, child: &mut impl Child<World, Self>) -> Status {
        child.tick_child(world);
        child.tick_child(world)
    }
}

behavior_tree! {
    tree Tree for World {
        Decorator(Twice) { AlwaysSuccess }
    }
}

fn main() {
    let mut tree = Tree::new();
    let _ = tree.tick(&mut World);
}
