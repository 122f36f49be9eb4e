// An attribute that is not a port of the leaf: the error gives the attribute's line and column.
use bt::behavior_tree;

pub struct World;

use bt::{Input, Outcome, Ports, SyncAction};

#[derive(Default, Ports)]
pub struct MoveTo {
    pub goal: Input<(i32, i32)>,
    pub speed: Input<f32>,
}

impl SyncAction<World> for MoveTo {
    fn execute(&mut self, _: &mut World) -> Outcome {
        Outcome::Success
    }
}

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4" main_tree_to_execute="Main">
  <BehaviorTree ID="Main">
    <MoveTo goal="{goal}" speed="1.0" sped="2.0"/>
  </BehaviorTree>
</root>"#,
        nodes { Action(MoveTo) } blackboard { goal: (i32, i32) },
    }
}

fn main() {}
