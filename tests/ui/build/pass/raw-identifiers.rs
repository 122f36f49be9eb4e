//! Raw identifiers as entry and port names, in every binding form (issue 14: the macro panicked
//! on `r#type`).
use bt::{behavior_tree, Input, Outcome, Ports, SyncAction};
pub struct World;
#[derive(Default, Ports)]
pub struct Typed {
    pub r#type: Input<u32>,
}
impl SyncAction<World> for Typed {
    fn execute(&mut self, _: &mut World) -> Outcome {
        Outcome::Success
    }
}
behavior_tree! {
    tree Child for World { blackboard { r#type: u32 } Action(Typed, r#type = {r#type}) }
}
behavior_tree! {
    tree T for World {
        blackboard { r#type: u32, r#match: u32 }
        Sequence {
            Action(Typed, r#type = {=}),
            Action(Typed, r#type = {r#match}),
            SetBlackboard(r#type = 3),
            SetBlackboard(r#match = {r#type}),
            SubTree(Child, r#type = {r#match}),
            SubTree(Child, ..),
        }
    }
}
fn main() {
    let mut t = T::new();
    t.tick(&mut World);
    assert_eq!(t.blackboard().r#match, 3);
}
