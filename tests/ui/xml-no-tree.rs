// A file without `<BehaviorTree>`.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4">
  <TreeNodesModel/>
</root>"#,
    }
}

fn main() {}
