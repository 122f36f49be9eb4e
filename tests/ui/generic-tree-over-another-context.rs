use bt::behavior_tree;

pub trait Senses {
    fn enemy(&self) -> bool;
}

pub struct Npc<'a> {
    hp: &'a u32,
}

behavior_tree! {
    pub tree Medic for Npc<'a> {
        Condition(|npc| *npc.hp > 10)
    }
}

/// Ticks any tree over `Npc<'a>`.
fn tick_npc<T: for<'a> bt::Tree<Npc<'a>>>(tree: &mut T, hp: &u32) {
    let _ = tree.try_tick(&mut Npc { hp });
}

pub struct Soldier;

behavior_tree! {
    pub tree Drill for Soldier {
        AlwaysSuccess
    }
}

fn main() {
    tick_npc(&mut Medic::new(), &3);
    tick_npc(&mut Drill::new(), &3);
}
