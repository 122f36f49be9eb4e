// A count bound to an entry: read by the node when it runs.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4" main_tree_to_execute="Main">
  <BehaviorTree ID="Main">
    <Repeat num_cycles="{laps}">
      <AlwaysSuccess/>
    </Repeat>
  </BehaviorTree>
</root>"#,
        blackboard { laps: u32 },
    }
}

fn main() {}
