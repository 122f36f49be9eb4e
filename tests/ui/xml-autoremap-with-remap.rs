// `_autoremap` next to a remapping.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4" main_tree_to_execute="Main">
  <BehaviorTree ID="Main">
    <SubTree ID="Child" _autoremap="true" level="{battery}"/>
  </BehaviorTree>
  <BehaviorTree ID="Child">
    <ScriptCondition code="level &gt; 3"/>
  </BehaviorTree>
</root>"#,
        blackboard { battery: u32, level: u32 },
    }
}

fn main() {}
