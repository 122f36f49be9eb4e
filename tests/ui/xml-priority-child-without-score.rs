// A child of `PrioritySelector` without a `score`.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4" main_tree_to_execute="Main">
  <BehaviorTree ID="Main">
    <PrioritySelector>
      <AlwaysSuccess score="2"/>
      <AlwaysFailure/>
    </PrioritySelector>
  </BehaviorTree>
</root>"#,
    }
}

fn main() {}
