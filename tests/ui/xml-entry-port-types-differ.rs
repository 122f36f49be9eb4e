// An entry no declaration types, bound to two ports of different types: the first port types it,
// and the second cannot be bound to it.
use bt::{behavior_tree, Input, Outcome, Output, Ports, SyncAction};

pub struct World;

#[derive(Default, Ports)]
pub struct Measure {
    pub distance: Output<f64>,
}

impl SyncAction<World> for Measure {
    fn execute(&mut self, _: &mut World) -> Outcome {
        self.distance.set(2.5);
        Outcome::Success
    }
}

#[derive(Default, Ports)]
pub struct Drive {
    pub metres: Input<u32>,
}

impl SyncAction<World> for Drive {
    fn execute(&mut self, _: &mut World) -> Outcome {
        Outcome::Success
    }
}

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4">
  <BehaviorTree ID="Robot">
    <Sequence>
      <Measure distance="{d}"/>
      <Drive metres="{d}"/>
    </Sequence>
  </BehaviorTree>
</root>"#,
        nodes { Action(Measure), Action(Drive) }
    }
}

fn main() {}
