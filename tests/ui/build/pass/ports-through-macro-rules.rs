//! `#[derive(Ports)]` in a `macro_rules!` whose port types come as `$ty:ty` fragments (which
//! reach the derive in invisible groups): `#[port(default)]` on an `Input<String>`, and the
//! ports bound and unbound in a tree.

use bt::{behavior_tree, Input, Outcome, Output, Ports, Status, SyncAction};

pub struct World {
    log: Vec<String>,
}

macro_rules! say {
    ($name:ident, $input:ty, $output:ty) => {
        #[derive(Default, Ports)]
        pub struct $name {
            #[port(default)]
            pub msg: $input,
            pub said: $output,
        }

        impl SyncAction<World> for $name {
            fn execute(&mut self, world: &mut World) -> Outcome {
                world.log.push(self.msg.get().clone());
                self.said.set(world.log.len() as u32);
                Outcome::Success
            }
        }
    };
}

say!(Say, Input<String>, Output<u32>);

behavior_tree! {
    tree Talk for World {
        blackboard { count: u32 }
        Sequence {
            Action(Say = Say { msg: Input::new("hello".into()), ..Default::default() }, said = {count}),
            Action(Say, msg = "again", said = {count}),
        }
    }
}

fn main() {
    let mut world = World { log: Vec::new() };
    let mut tree = Talk::new();
    assert_eq!(tree.tick(&mut world), Status::Success);
    assert_eq!(world.log, ["hello", "again"]);
    assert_eq!(tree.blackboard().count, 2);
    assert!(Say::__BT_PORTS.iter().all(|port| port.name != "msg" || !port.required));
}
