// A tree that derives `Serialize` and `Deserialize` needs them on its leaves (user nodes,
// subtrees, entry types) too: a stateful action that derives neither is an error at its type in
// the tree, which says to derive them.
use bt::{behavior_tree, StatefulAction, Status};

pub struct World;

#[derive(Default, serde::Serialize, serde::Deserialize)]
pub struct Look;

impl StatefulAction<World> for Look {
    fn on_start(&mut self, _: &mut World) -> Status {
        Status::Running
    }
    fn on_running(&mut self, _: &mut World) -> Status {
        Status::Success
    }
}

#[derive(Default)]
pub struct Walk {
    pub steps: u32,
}

impl StatefulAction<World> for Walk {
    fn on_start(&mut self, _: &mut World) -> Status {
        Status::Running
    }
    fn on_running(&mut self, _: &mut World) -> Status {
        Status::Success
    }
}

behavior_tree! {
    #[derive(serde::Serialize, serde::Deserialize)]
    tree Patrol for World {
        Sequence { StatefulAction(Look), StatefulAction(Walk) }
    }
}

fn main() {
    let tree = Patrol::new();
    let _ = serde_json::to_string(&tree);
}
