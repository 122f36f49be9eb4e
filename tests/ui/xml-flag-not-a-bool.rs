// `then_skip` that is not `true` or `false`.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4" main_tree_to_execute="Main">
  <BehaviorTree ID="Main">
    <RunOnce then_skip="yes">
      <AlwaysSuccess/>
    </RunOnce>
  </BehaviorTree>
</root>"#,
    }
}

fn main() {}
