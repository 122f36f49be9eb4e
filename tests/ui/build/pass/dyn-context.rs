//! A trait object as the context (issue 14): `tree T for dyn Game` is `dyn Game + 'static`.
use bt::{behavior_tree, BehaviorTree, Status};

pub trait Game {
    fn ready(&self) -> bool;
}

struct Chess;

impl Game for Chess {
    fn ready(&self) -> bool {
        true
    }
}

behavior_tree! {
    tree Player for dyn Game {
        Condition(|game| game.ready())
    }
}

fn tick_any<T: BehaviorTree<Context = dyn Game>>(
    tree: &mut T,
    game: &mut (dyn Game + 'static),
) -> Status {
    tree.tick(game)
}

fn main() {
    let mut player = Player::new();
    assert_eq!(player.tick(&mut Chess), Status::Success);
    assert_eq!(tick_any(&mut player, &mut Chess), Status::Success);
}
