// `<Parallel failure_count="0">`, which would fail before any child fails, and
// `<ParallelAll max_failures="3">` over two children: each error names the attribute as the XML
// writes it, at its value.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Both for World {
        xml_text = r#"
<root BTCPP_format="4">
  <BehaviorTree ID="Both">
    <Sequence>
      <Parallel failure_count="0">
        <AlwaysSuccess/>
        <AlwaysSuccess/>
      </Parallel>
      <ParallelAll max_failures="3">
        <AlwaysSuccess/>
        <AlwaysSuccess/>
      </ParallelAll>
    </Sequence>
  </BehaviorTree>
</root>"#,
    }
}

fn main() {}
