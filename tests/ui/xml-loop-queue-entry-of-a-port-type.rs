// A `Loop`'s queue read from an entry that a node's port makes an `i32`: one error, at the
// attribute that reads it, naming the element, the entry and both types.
use bt::{behavior_tree, Outcome, Output, Ports, SyncAction};

pub struct World;

#[derive(Default, Ports)]
pub struct Count {
    pub total: Output<i32>,
}

impl SyncAction<World> for Count {
    fn execute(&mut self, _: &mut World) -> Outcome {
        self.total.set(3);
        Outcome::Success
    }
}

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4">
  <BehaviorTree ID="Robot">
    <Sequence>
      <Count total="{points}"/>
      <LoopDouble queue="{points}" value="{point}">
        <AlwaysSuccess/>
      </LoopDouble>
    </Sequence>
  </BehaviorTree>
</root>"#,
        nodes { Action(Count) }
    }
}

fn main() {}
