// A value alone in a post-condition.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4" main_tree_to_execute="Main">
  <BehaviorTree ID="Main">
    <AlwaysSuccess _onSuccess="count + 1"/>
  </BehaviorTree>
</root>"#,
        blackboard { count: u32 },
    }
}

fn main() {}
