// A script naming an entry that has no type, one letter off a declared one.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4">
  <BehaviorTree ID="Main">
    <ScriptCondition code="batery &lt; 20"/>
  </BehaviorTree>
</root>"#,
        blackboard { battery: u32 },
    }
}

fn main() {}
