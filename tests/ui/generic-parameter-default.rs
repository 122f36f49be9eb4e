use bt::behavior_tree;

pub trait Senses {
    fn enemy(&self) -> bool;
}

pub struct World;

behavior_tree! {
    tree Guard<W: Senses = World> for W {
        Condition(|world| world.enemy())
    }
}

fn main() {}
