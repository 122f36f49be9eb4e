// Several trees, no `main_tree_to_execute` and no `tree = ".."`.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4">
  <BehaviorTree ID="Patrol">
    <AlwaysSuccess/>
  </BehaviorTree>
  <BehaviorTree ID="Charge">
    <AlwaysSuccess/>
  </BehaviorTree>
</root>"#,
    }
}

fn main() {}
