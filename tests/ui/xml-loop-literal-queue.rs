// A `Loop` node's literal queue, which the DSL's `Loop` does not take: declare the queue entry.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4">
  <BehaviorTree ID="Main">
    <LoopInt queue="1;2;3" value="{item}">
      <AlwaysSuccess/>
    </LoopInt>
  </BehaviorTree>
</root>"#,
    }
}

fn main() {}
