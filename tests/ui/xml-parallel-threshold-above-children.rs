// `<Parallel success_count="5">` over two children: the error says where the element is.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Both for World {
        xml_text = r#"
<root BTCPP_format="4">
  <BehaviorTree ID="Both">
    <Parallel success_count="5">
      <AlwaysSuccess/>
      <AlwaysSuccess/>
    </Parallel>
  </BehaviorTree>
</root>"#,
    }
}

fn main() {}
