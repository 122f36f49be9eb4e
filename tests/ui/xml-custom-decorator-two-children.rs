// A decorator of the user's given two children in XML: the error names the element and where it
// is, not the DSL's `Decorator`.
use bt::{behavior_tree, Child, DecoratorNode, Status};

pub struct World;

#[derive(Default)]
pub struct Rate;

impl DecoratorNode<World> for Rate {
    fn tick(node: &mut impl Child<World, Self>, world: &mut World) -> Status {
        node.tick_child(world)
    }
}

behavior_tree! {
    tree Nav for World {
        xml_text = r#"
<root BTCPP_format="4">
  <BehaviorTree ID="Nav">
    <RateController>
      <AlwaysSuccess/>
      <AlwaysSuccess/>
    </RateController>
  </BehaviorTree>
</root>"#,
        nodes { RateController = Decorator(Rate) }
    }
}

fn main() {}
