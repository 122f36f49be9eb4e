use bt::{behavior_tree, Input, Outcome, Output, Ports, SyncAction};

pub struct World;

// A string literal binds a port that takes text (`Input<&'static str>` or `Input<String>`), not
// a number.
#[derive(Default, Ports)]
pub struct MoveTo {
    pub goal: Input<(i32, i32)>,
    #[port(default)]
    pub speed: Input<f32>,
    pub arrived: Output<bool>,
    pub steps: u32,
}

impl SyncAction<World> for MoveTo {
    fn execute(&mut self, _: &mut World) -> Outcome {
        Outcome::Success
    }
}

behavior_tree! {
    tree Tree for World {
        Action(MoveTo, goal = (0, 0), speed = "fast")
    }
}

fn main() {
    let mut tree = Tree::new();
    let _ = tree.tick(&mut World);
}
