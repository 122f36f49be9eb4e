// An unknown element with children: a control node of the user's own, which `nodes { .. }` maps.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4">
  <BehaviorTree ID="Main">
    <PipelineSequence>
      <AlwaysSuccess/>
      <AlwaysSuccess/>
    </PipelineSequence>
  </BehaviorTree>
</root>"#,
    }
}

fn main() {}
