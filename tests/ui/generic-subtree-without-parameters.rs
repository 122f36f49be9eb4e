use bt::behavior_tree;

pub trait Senses {
    fn enemy(&self) -> bool;
}

behavior_tree! {
    pub tree Guard<W: Senses> for W {
        Condition(|world| world.enemy())
    }
}

behavior_tree! {
    pub tree Post<W: Senses> for W {
        Sequence {
            AlwaysSuccess,
            SubTree(Guard),
        }
    }
}

fn main() {}
