// A `score` that is a comparison, not a number.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4" main_tree_to_execute="Main">
  <BehaviorTree ID="Main">
    <PrioritySelector dynamic="true">
      <AlwaysSuccess score="hunger &gt; 0.5"/>
      <AlwaysFailure score="1"/>
    </PrioritySelector>
  </BehaviorTree>
</root>"#,
        blackboard { hunger: f32 }
    }
}

fn main() {}
