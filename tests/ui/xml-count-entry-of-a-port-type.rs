// A count read from an entry that a node's port makes a `String`: one error, at the attribute
// that reads it, naming the element, the entry and both types.
use bt::{behavior_tree, Outcome, Output, Ports, SyncAction};

pub struct World;

#[derive(Default, Ports)]
pub struct ReadText {
    pub text: Output<String>,
}

impl SyncAction<World> for ReadText {
    fn execute(&mut self, _: &mut World) -> Outcome {
        self.text.set("three".to_owned());
        Outcome::Success
    }
}

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4">
  <BehaviorTree ID="Robot">
    <Sequence>
      <ReadText text="{n}"/>
      <Repeat num_cycles="{n}">
        <AlwaysSuccess/>
      </Repeat>
    </Sequence>
  </BehaviorTree>
</root>"#,
        nodes { Action(ReadText) }
    }
}

fn main() {}
