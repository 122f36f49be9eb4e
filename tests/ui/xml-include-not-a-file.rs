// `<include>` of something that is not a regular file (a device, a pipe): refused before it is
// read, as a file larger than 16 MiB is (`/dev/zero` would be read until memory runs out).
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4">
  <include path="/dev/zero"/>
  <BehaviorTree ID="Main">
    <AlwaysSuccess/>
  </BehaviorTree>
</root>"#,
    }
}

fn main() {}
