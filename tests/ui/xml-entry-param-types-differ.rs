// An entry no declaration types, read by two built-in nodes whose parameters BehaviorTree.CPP
// types differently (`Repeat`'s `num_cycles` an `int`, `Timeout`'s `msec` an `unsigned`): the
// first types it, and the second is an error at its attribute.
use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4">
  <BehaviorTree ID="Robot">
    <Sequence>
      <Repeat num_cycles="{n}"><AlwaysSuccess/></Repeat>
      <Timeout msec="{n}"><AlwaysSuccess/></Timeout>
    </Sequence>
  </BehaviorTree>
</root>"#,
    }
}

fn main() {}
