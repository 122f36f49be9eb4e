// An attribute that is not a port of the leaf, bound to an entry, on two elements alike: one
// error, at the first element's attribute, which counts the other element.
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
    <Sequence>
      <MoveTo goal="{goal}" sped="{pace}"/>
      <MoveTo goal="{goal}" sped="{pace}"/>
    </Sequence>
  </BehaviorTree>
</root>"#,
        nodes { Action(MoveTo) } blackboard { goal: (i32, i32), pace: f32 },
    }
}

fn main() {}
