// An entry typed by nothing but a port of a node whose ports are listed by a hand-written
// `impl Ports`, which does not say the port's type.
use bt::{behavior_tree, Input, Outcome, PortDirection, PortInfo, Ports, SyncAction};

pub struct World;

#[derive(Default)]
pub struct Drive {
    pub metres: Input<u32>,
}

impl Ports for Drive {
    const PORTS: &'static [PortInfo] = &[PortInfo {
        name: "metres",
        direction: PortDirection::Input,
        type_name: "u32",
        required: true,
        missing_message: "bind `metres`",
    }];
}

impl SyncAction<World> for Drive {
    fn execute(&mut self, _: &mut World) -> Outcome {
        Outcome::Success
    }
}

behavior_tree! {
    tree Robot for World {
        xml_text = r#"<root BTCPP_format="4"><BehaviorTree ID="Robot"><Drive metres="{m}"/></BehaviorTree></root>"#,
        nodes { Action(Drive) }
    }
}

fn main() {}
