//! behavior3's kinds and a tree with an error type, whose body and header reach `behavior_tree!`
//! through a `macro_rules!` transcriber, compile and behave like trees written directly.

use std::time::Duration;

use bt::{behavior_tree, Clock, ManualClock, Status, TryCondition};

pub struct World {
    pub clock: ManualClock,
    pub broken: bool,
}

impl Clock for World {
    fn now(&self) -> Duration {
        self.clock.now()
    }
}

#[derive(Debug, PartialEq)]
pub struct Broken(pub u8);

#[derive(Default)]
pub struct Sensor;

impl TryCondition<World, Broken> for Sensor {
    fn try_check(&mut self, world: &World) -> Result<bool, Broken> {
        if world.broken {
            Err(Broken(1))
        } else {
            Ok(true)
        }
    }
}

/// Forwards a tree's name, error type and body to `behavior_tree!`.
macro_rules! wrap {
    ($name:ident, $error:ty, $($body:tt)*) => {
        behavior_tree! {
            pub tree $name for World, error $error { $($body)* }
        }
    };
}

wrap! {
    Wrapped, Broken,
    Priority {
        Sequence {
            Condition(Sensor),
            Condition(|world| if world.broken { Err(Broken(2)) } else { Ok(false) }),
        },
        Limiter(max_loop = 2) { MaxTime(50) { Wait(10) } },
        Repeater(2) { RepeatUntilFailure(1) { Succeeder } },
        RepeatUntilSuccess(forever) { Failer },
        Error(Broken(3)),
        Runner,
    }
}

fn main() {
    let mut world = World { clock: ManualClock::new(), broken: false };
    let mut tree = Wrapped::new();
    assert_eq!(tree.tick(&mut world), Ok(Status::Running));
    world.clock.advance_ms(11);
    assert_eq!(tree.tick(&mut world), Ok(Status::Success));
    world.broken = true;
    assert_eq!(tree.tick(&mut world), Err(Broken(1)));
    assert_eq!(tree.status(), None);
}
