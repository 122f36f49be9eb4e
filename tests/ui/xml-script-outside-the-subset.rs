// A script the front end does not translate.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4" main_tree_to_execute="Main">
  <BehaviorTree ID="Main">
    <Script code="mode := busy ? 1 : 0"/>
  </BehaviorTree>
</root>"#,
        blackboard { mode: u8, busy: bool },
    }
}

fn main() {}
