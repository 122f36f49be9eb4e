// An attribute that is not a field of a leaf type without `#[derive(bt::Ports)]`: there is no port
// list to check the element against, so rustc reports the field, at the XML text.
use bt::behavior_tree;

pub struct World;

use bt::{Input, Outcome, SyncAction};

#[derive(Default)]
pub struct MoveTo {
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
    <MoveTo sped="2.0"/>
  </BehaviorTree>
</root>"#,
        nodes { Action(MoveTo) },
    }
}

fn main() {}
