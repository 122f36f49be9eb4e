// An attribute the node does not take, in place of the one it needs: one error, at the attribute.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4" main_tree_to_execute="Main">
  <BehaviorTree ID="Main">
    <Repeat cycles="3">
      <AlwaysSuccess/>
    </Repeat>
  </BehaviorTree>
</root>"#,
    }
}

fn main() {}
