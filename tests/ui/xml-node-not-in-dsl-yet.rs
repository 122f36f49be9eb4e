// A BehaviorTree.CPP node the DSL does not have.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4" main_tree_to_execute="Main">
  <BehaviorTree ID="Main">
    <ManualSelector>
      <AlwaysSuccess/>
    </ManualSelector>
  </BehaviorTree>
</root>"#,
    }
}

fn main() {}
