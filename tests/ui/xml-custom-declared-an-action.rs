// A control node of the user's, declared an action in the XML's model.
use bt::behavior_tree;
use bt::{Children, ControlNode, Status};

pub struct World;

#[derive(Default)]
pub struct Pipeline;

impl ControlNode<World> for Pipeline {
    fn tick(node: &mut impl Children<World, Self>, world: &mut World) -> Status {
        node.tick_child(world, 0)
    }
}

behavior_tree! {
    tree Robot for World {
        xml_text = r#"
<root BTCPP_format="4" main_tree_to_execute="Main">
  <BehaviorTree ID="Main">
    <PipelineSequence>
      <AlwaysSuccess/>
    </PipelineSequence>
  </BehaviorTree>
  <TreeNodesModel>
    <Action ID="PipelineSequence"/>
  </TreeNodesModel>
</root>"#,
        nodes { PipelineSequence = Control(Pipeline) },
    }
}

fn main() {}
