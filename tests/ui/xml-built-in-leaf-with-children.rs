// A built-in leaf with a child, next to another mistake: each error at its element, once, together.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4" main_tree_to_execute="Main">
  <BehaviorTree ID="Main">
    <Sequence>
      <AlwaysSuccess>
        <AlwaysFailure/>
      </AlwaysSuccess>
      <Repeat num_cycles="two">
        <AlwaysSuccess/>
      </Repeat>
    </Sequence>
  </BehaviorTree>
</root>"#,
    }
}

fn main() {}
