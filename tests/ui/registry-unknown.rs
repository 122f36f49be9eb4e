// A tree naming a registry that does not exist (a typo of `sounds`).
use bt::{behavior_tree, Outcome, SyncAction};

pub struct World;

#[derive(Default)]
pub struct Beep;

impl SyncAction<World> for Beep {
    fn execute(&mut self, _: &mut World) -> Outcome {
        Outcome::Success
    }
}

bt::nodes! {
    sounds { Action(Beep) }
}

behavior_tree! {
    tree Alarm for World {
        xml_text = r#"<root BTCPP_format="4"><BehaviorTree ID="Alarm"><Beep/></BehaviorTree></root>"#,
        nodes = sound,
    }
}

fn main() {}
