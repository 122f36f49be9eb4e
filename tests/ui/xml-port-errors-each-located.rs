// Three values of the XML that do not fit their ports: three errors, each naming the XML's line
// and column, the node and the port (rustc would fold errors with one message at one span).
use bt::behavior_tree;

pub struct World;

use bt::{Input, Outcome, Ports, SyncAction};

#[derive(Default, Ports)]
pub struct Spin {
    pub spin_dist: Input<f64>,
    pub turns: Input<u8>,
}

impl SyncAction<World> for Spin {
    fn execute(&mut self, _: &mut World) -> Outcome {
        Outcome::Success
    }
}

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4">
  <BehaviorTree ID="Main">
    <Sequence>
      <Spin spin_dist="half a turn" turns="1"/>
      <Spin spin_dist="1.57" turns="2.5"/>
      <Spin spin_dist="3" turns="many"/>
    </Sequence>
  </BehaviorTree>
</root>"#,
        nodes { Action(Spin) }
    }
}

fn main() {}
