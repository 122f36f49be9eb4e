// A whole number too large for its port's integer type: an error when the tree is built, naming
// the XML's line and column, the node and the port.
use bt::behavior_tree;

pub struct World;

use bt::{Input, Outcome, Ports, SyncAction};

#[derive(Default, Ports)]
pub struct Beep {
    pub volume: Input<u8>,
}

impl SyncAction<World> for Beep {
    fn execute(&mut self, _: &mut World) -> Outcome {
        Outcome::Success
    }
}

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4">
  <BehaviorTree ID="Main">
    <Beep volume="300"/>
  </BehaviorTree>
</root>"#,
        nodes { Action(Beep) }
    }
}

fn main() {
    Robot::new().tick(&mut World);
}
