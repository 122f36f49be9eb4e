// A scripting enum named twice in `enums { .. }`.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4">
  <BehaviorTree ID="Main">
    <Script code="color := RED"/>
  </BehaviorTree>
</root>"#,
        blackboard { color: u8 },
        enums { RED = 1, RED = 2 },
    }
}

fn main() {}
