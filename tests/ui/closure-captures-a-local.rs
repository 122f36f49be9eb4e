// A closure of a tree that captures a local variable of the function declaring the tree: rustc's
// E0434 (the tree is a type and its nodes are its methods, which cannot capture); the guide says
// to give the value through the context or an entry, or to make it a `const`.
use bt::behavior_tree;

pub struct World {
    pub ammo: u32,
}

fn main() {
    let reserve = 3;
    behavior_tree! {
        tree Tree for World {
            Condition(|world| world.ammo > reserve)
        }
    }
    let _ = Tree::new().tick(&mut World { ammo: 5 });
}
