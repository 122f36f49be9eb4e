use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Tree for World {
        blackboard { mode: u8 }
        Switch(mode) {
            case 1 => AlwaysSuccess,
            case "attack" => AlwaysFailure,
            _ => AlwaysFailure,
        }
    }
}

fn main() {
    let mut tree = Tree::new();
    let _ = tree.tick(&mut World);
}
