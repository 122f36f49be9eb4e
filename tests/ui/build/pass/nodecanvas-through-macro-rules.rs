//! NodeCanvas's kinds, observer aborts, random nodes and a subtree on another part of the
//! context, with their closures and entries reaching `behavior_tree!` through a `macro_rules!`
//! transcriber: they compile and behave like the tree written directly.

use bt::{behavior_tree, Clock, GuardToken, ManualClock, Status};

pub struct Pet {
    pub naps: u32,
}

pub struct World {
    pub clock: ManualClock,
    pub door: GuardToken,
    pub pet: Pet,
}

impl Clock for World {
    fn now(&self) -> std::time::Duration {
        self.clock.now()
    }
}

behavior_tree! {
    pub tree Nap for Pet {
        Action(|pet| { pet.naps += 1; true })
    }
}

macro_rules! tree {
    ($($body:tt)*) => {
        behavior_tree! {
            pub tree Wrapped for World { $($body)* }
        }
    };
}

tree! {
    blackboard {
        hunger: f32 = 0.5,
        enemy: bool,
        list: Vec<u8> = vec![1, 2],
        item: u8,
        at: usize,
        case: i32 = 1,
    }
    Sequence {
        Selector {
            Observe(|bb| bb.enemy, abort = lower) { AlwaysFailure },
            ProbabilitySelector(fail = |bb| bb.hunger - 0.5) {
                #[weight(|bb| bb.hunger)] AlwaysSuccess,
                #[weight(0)] AlwaysFailure,
            },
        },
        PrioritySelector { #[score(|bb| bb.hunger)] AlwaysSuccess, #[score(0.1)] AlwaysFailure },
        BinarySelector(|bb| !bb.enemy, dynamic = true) { AlwaysSuccess, AlwaysFailure },
        IndexSwitch(|bb| bb.case) { AlwaysFailure, AlwaysSuccess },
        RepeatTimes(1) { Iterate(list, element = {item}, index = {at}, max = 1) { AlwaysSuccess } },
        Cooldown(100) { Guard(|world| &mut world.door) { Deadline(50) { AlwaysSuccess } } },
        Observe(|bb| bb.item == 1, abort = self) { AlwaysSuccess },
        SubTree(Nap, agent = |world| &mut world.pet),
    }
}

fn main() {
    let mut world = World { clock: ManualClock::new(), door: GuardToken::new(), pet: Pet { naps: 0 } };
    let mut tree = Wrapped::seeded(1);
    assert_eq!(tree.tick(&mut world), Status::Success);
    assert_eq!((tree.blackboard().item, tree.blackboard().at), (1, 0));
    assert_eq!(world.pet.naps, 1);
    assert!(!world.door.is_taken());
}
