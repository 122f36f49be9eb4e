// BehaviorTree.CPP 3's `__shared_blackboard`.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4" main_tree_to_execute="Main">
  <BehaviorTree ID="Main">
    <SubTree ID="Child" __shared_blackboard="true"/>
  </BehaviorTree>
  <BehaviorTree ID="Child">
    <AlwaysSuccess/>
  </BehaviorTree>
</root>"#,
    }
}

fn main() {}
