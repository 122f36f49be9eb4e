// A leaf type mapped as a decorator: the error says how a leaf is mapped.
use bt::{behavior_tree, Outcome, SyncAction};

pub struct World;

#[derive(Default)]
pub struct Spin;

impl SyncAction<World> for Spin {
    fn execute(&mut self, _: &mut World) -> Outcome {
        Outcome::Success
    }
}

behavior_tree! {
    tree Recover for World {
        xml_text = r#"
<root BTCPP_format="4">
  <BehaviorTree ID="Recover">
    <Spin>
      <AlwaysSuccess/>
    </Spin>
  </BehaviorTree>
</root>"#,
        nodes { Spin = Decorator(Spin) }
    }
}

fn main() {}
