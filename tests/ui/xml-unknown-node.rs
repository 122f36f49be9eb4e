// An ID that is neither built in nor mapped.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4" main_tree_to_execute="Main">
  <BehaviorTree ID="Main">
    <Sequence>
      <Sequnce/>
    </Sequence>
  </BehaviorTree>
</root>"#,
    }
}

fn main() {}
