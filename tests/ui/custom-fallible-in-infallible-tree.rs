use bt::{behavior_tree, Child, Status, TryDecoratorNode};

pub struct World;

#[derive(Debug)]
pub struct Broken;

/// A decorator that can fail with an error: it needs a tree with an error type.
#[derive(Default)]
pub struct Strict;

impl TryDecoratorNode<World, Broken> for Strict {
    fn try_tick(node: &mut impl Child<World, Self>, world: &mut World) -> Result<Status, Broken> {
        match node.tick_child(world) {
            Status::Failure => Err(Broken),
            status => Ok(status),
        }
    }
}

behavior_tree! {
    tree Tree for World {
        Decorator(Strict) { AlwaysSuccess }
    }
}

fn main() {
    let mut tree = Tree::new();
    let _ = tree.tick(&mut World);
}
