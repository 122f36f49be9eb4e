// A node registry declared `pub`: a macro made by a macro cannot be exported from its crate.
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
    pub sounds { Action(Beep) }
}

fn main() {}
