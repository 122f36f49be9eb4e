// An assignment in a pre-condition.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4" main_tree_to_execute="Main">
  <BehaviorTree ID="Main">
    <AlwaysSuccess _skipIf="count := 0"/>
  </BehaviorTree>
</root>"#,
        blackboard { count: u32 },
    }
}

fn main() {}
