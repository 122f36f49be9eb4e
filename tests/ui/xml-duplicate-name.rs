// Two nodes with one name.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4" main_tree_to_execute="Main">
  <BehaviorTree ID="Main">
    <Sequence>
      <AlwaysSuccess name="step"/>
      <AlwaysSuccess name="step"/>
    </Sequence>
  </BehaviorTree>
</root>"#,
    }
}

fn main() {}
