// A `<BehaviorTree>` without a node.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4">
  <BehaviorTree ID="Main">
  </BehaviorTree>
</root>"#,
    }
}

fn main() {}
