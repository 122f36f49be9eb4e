// An ID mapped to a node kind that is not a leaf.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4" main_tree_to_execute="Main">
  <BehaviorTree ID="Main">
    <AlwaysSuccess/>
  </BehaviorTree>
</root>"#,
        nodes { Patrol = Sequence(Patrol) }
    }
}

fn main() {}
