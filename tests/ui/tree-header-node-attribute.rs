// A node's attribute written on the tree's header.
use bt::behavior_tree;

pub struct World {
    busy: bool,
}

behavior_tree! {
    #[skip_if(|bb| bb.busy)]
    tree Robot for World {
        blackboard { busy: bool }
        Sequence { AlwaysSuccess }
    }
}

fn main() {
    let _ = Robot::new().tick(&mut World { busy: false });
}
