// A BehaviorTree.CPP node the DSL does not have.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4" main_tree_to_execute="Main">
  <BehaviorTree ID="Main">
    <LoopInt queue="1;2;3">
      <AlwaysSuccess/>
    </LoopInt>
  </BehaviorTree>
</root>"#,
    }
}

fn main() {}
