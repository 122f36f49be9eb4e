// A `pub` registry, which other crates expand, with a type named from its module (`self::`): its
// types are paths from its crate's root.
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
    pub sounds { Action(self::Beep) }
}

fn main() {}
