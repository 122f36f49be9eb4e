// Trees that contain each other.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4" main_tree_to_execute="Main">
  <BehaviorTree ID="Main">
    <SubTree ID="Search"/>
  </BehaviorTree>
  <BehaviorTree ID="Search">
    <Fallback>
      <AlwaysFailure/>
      <SubTree ID="Main"/>
    </Fallback>
  </BehaviorTree>
</root>"#,
    }
}

fn main() {}
