// Attributes that are not ports of a control node and a decorator of the user's, mapped from XML:
// one error for each element, which says where the attribute is and names it and the ports.
use bt::{behavior_tree, Child, Children, ControlNode, DecoratorNode, Input, Ports, Status};

pub struct World;

#[derive(Default, Ports)]
pub struct Pipe {
    pub lanes: Input<u32>,
}

impl ControlNode<World> for Pipe {
    fn tick(node: &mut impl Children<World, Self>, world: &mut World) -> Status {
        node.tick_child(world, 0)
    }
}

#[derive(Default, Ports)]
pub struct Rate {
    pub hz: Input<f64>,
}

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
    <PipelineSequence lanes="2" lane="3">
      <RateController hz="{rate}" herz="10.0">
        <AlwaysSuccess/>
      </RateController>
    </PipelineSequence>
  </BehaviorTree>
</root>"#,
        nodes {
            PipelineSequence = Control(Pipe),
            RateController = Decorator(Rate),
        }
        blackboard { rate: f64 = 1.0 }
    }
}

fn main() {}
