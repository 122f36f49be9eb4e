// A registry invoked as a macro of its own instead of named by a tree.
use bt::{Outcome, SyncAction};

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

sounds! {}

fn main() {}
