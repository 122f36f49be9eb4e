use bt::{behavior_tree, Condition, Outcome, StatefulAction, Status, SyncAction, TickTrace};

#[derive(Default)]
pub struct World {
    visible: bool,
    patrol_steps: u32,
    halted: u32,
    shots: u32,
}

#[derive(Default)]
struct IsVisible;
impl Condition<World> for IsVisible {
    fn check(&mut self, w: &World) -> bool {
        w.visible
    }
}
#[derive(Default)]
struct Shoot;
impl SyncAction<World> for Shoot {
    fn execute(&mut self, w: &mut World) -> Outcome {
        w.shots += 1;
        Outcome::Success
    }
}
#[derive(Default)]
struct Patrol;
impl StatefulAction<World> for Patrol {
    fn on_start(&mut self, w: &mut World) -> Status {
        w.patrol_steps += 1;
        Status::Running
    }
    fn on_running(&mut self, w: &mut World) -> Status {
        w.patrol_steps += 1;
        Status::Running
    }
    fn on_halted(&mut self, w: &mut World) {
        w.halted += 1;
    }
}

behavior_tree! {
    /// doc
    pub tree Sniper for World {
        ReactiveFallback {
            Sequence {
                Condition(IsVisible),
                Condition(|w| w.visible),
                Action(|w| { w.shots += 0; true }),
                Action(Shoot),
            },
            StatefulAction(Patrol),
        }
    }
}

#[test]
fn smoke() {
    let mut tree = Sniper::new();
    let mut w = World::default();
    let mut trace = TickTrace::<{ Sniper::NODE_COUNT }>::new();
    assert_eq!(tree.tick_with(&mut w, &mut trace), Status::Running);
    println!("{}", trace.display(Sniper::NODES));
    trace.clear();
    w.visible = true;
    assert_eq!(tree.tick_with(&mut w, &mut trace), Status::Success);
    println!("{}", trace.display(Sniper::NODES));
    assert_eq!(w.halted, 1);
    assert_eq!(w.shots, 1);
    println!("size {}", core::mem::size_of::<Sniper>());
}
