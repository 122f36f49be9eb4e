use bt::{behavior_tree, Child, DecoratorNode, Status};

pub struct World;

#[derive(Default)]
pub struct Twice;

impl DecoratorNode<World> for Twice {
    fn tick(node: &mut impl Child<World, Self>, world: &mut World) -> Status {
        node.tick_child(world);
        node.tick_child(world)
    }
}

behavior_tree! {
    tree Tree for World {
        Decorator(Twice) { AlwaysSuccess, AlwaysFailure }
    }
}

fn main() {
    let mut tree = Tree::new();
    let _ = tree.tick(&mut World);
}
