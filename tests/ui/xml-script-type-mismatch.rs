// A script comparing an entry with a value of another type.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4" main_tree_to_execute="Main">
  <BehaviorTree ID="Main">
    <ScriptCondition code="mode == 'fast'"/>
  </BehaviorTree>
</root>"#,
        blackboard { mode: u8 },
    }
}

fn main() {}
