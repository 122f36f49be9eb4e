use bt::{behavior_tree, Clock, ManualClock};

#[derive(Default)]
pub struct World {
    clock: ManualClock,
}

impl Clock for World {
    fn now(&self) -> std::time::Duration {
        self.clock.now()
    }
}

behavior_tree! {
    tree Tree for World {
        Timeout(5min) {
            AlwaysSuccess,
        }
    }
}

fn main() {
    // The stub emitted after the error keeps this code free of follow-on errors.
    let mut tree = Tree::new();
    let _ = tree.tick(&mut World::default());
}
