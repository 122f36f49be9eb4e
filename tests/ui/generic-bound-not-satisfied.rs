use bt::behavior_tree;

pub trait Senses {
    fn enemy(&self) -> bool;
}

/// A context that does not sense.
pub struct Rock;

behavior_tree! {
    tree Guard<W: Senses> for W {
        Condition(|world| world.enemy())
    }
}

fn main() {
    let mut guard = Guard::<Rock>::new();
    let _ = guard.tick(&mut Rock);
}
