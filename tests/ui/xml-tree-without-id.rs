// A `<BehaviorTree>` without `ID` next to something else in `<root>` (BehaviorTree.CPP lets
// the ID out only when the tree is all that `<root>` holds).
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4">
  <BehaviorTree>
    <AlwaysSuccess/>
  </BehaviorTree>
  <TreeNodesModel/>
</root>"#,
    }
}

fn main() {}
