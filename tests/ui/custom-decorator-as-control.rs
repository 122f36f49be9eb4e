use bt::{behavior_tree, Child, DecoratorNode, Status};

pub struct World;

#[derive(Default)]
pub struct Twice;

impl DecoratorNode<World> for Twice {
    fn tick(&mut self, world: &mut World, child: &mut impl Child<World>) -> Status {
        child.tick(world);
        child.tick(world)
    }
}

behavior_tree! {
    tree Tree for World {
        Control(Twice) { AlwaysSuccess }
    }
}

fn main() {
    let mut tree = Tree::new();
    let _ = tree.tick(&mut World);
}
