// Two tree IDs that make one type name.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4" main_tree_to_execute="Main">
  <BehaviorTree ID="Main">
    <Sequence>
      <SubTree ID="dock-robot"/>
      <SubTree ID="DockRobot"/>
    </Sequence>
  </BehaviorTree>
  <BehaviorTree ID="dock-robot">
    <AlwaysSuccess/>
  </BehaviorTree>
  <BehaviorTree ID="DockRobot">
    <AlwaysFailure/>
  </BehaviorTree>
</root>"#,
    }
}

fn main() {}
