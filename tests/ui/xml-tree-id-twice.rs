// Two `<BehaviorTree>`s with one ID.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4" main_tree_to_execute="Main">
  <BehaviorTree ID="Main">
    <AlwaysSuccess/>
  </BehaviorTree>
  <BehaviorTree ID="Main">
    <AlwaysFailure/>
  </BehaviorTree>
</root>"#,
    }
}

fn main() {}
