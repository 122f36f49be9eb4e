// `#[id]` on a node of the catalogue, which has its own BehaviorTree.CPP ID.
use bt::behavior_tree;

behavior_tree! {
    tree T for () {
        #[id = "MySequence"]
        Sequence { AlwaysSuccess }
    }
}

fn main() {}
