use bt::behavior_tree;

pub trait Senses {
    fn enemy(&self) -> bool;
}

behavior_tree! {
    tree Guard<W> for W where W {
        Condition(|world| world.enemy())
    }
}

fn main() {}
