// The document's element is not `<root>`.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<BehaviorTree ID="Main">
  <AlwaysSuccess/>
</BehaviorTree>"#,
    }
}

fn main() {}
