// A registry with a mistake in a mapping: reported once, at the registry; the tree that names it
// adds no error of its own.
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
    sounds { Beep = Acton(Beep) }
}

behavior_tree! {
    tree Alarm for World {
        xml_text = r#"<root BTCPP_format="4"><BehaviorTree ID="Alarm"><Beep/></BehaviorTree></root>"#,
        nodes = sounds,
    }
}

fn main() {
    let _ = Alarm::new();
}
