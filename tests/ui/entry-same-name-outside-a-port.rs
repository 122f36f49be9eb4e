// `{=}` (the entry named like the port) for a parameter that is not a port: it names no entry.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Tree for World {
        blackboard {
            queue: bt::Deque<u8, 4>,
            value: u8,
        }
        Loop(queue, value = {=}) { AlwaysSuccess }
    }
}

fn main() {
    let _ = Tree::new().tick(&mut World);
}
