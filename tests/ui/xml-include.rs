// `<include>` of a file that is not there (the path is relative to the including file; for
// `xml_text`, to the crate's root).
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4">
  <include path="trees/other.xml"/>
  <BehaviorTree ID="Main">
    <AlwaysSuccess/>
  </BehaviorTree>
</root>"#,
    }
}

fn main() {}
