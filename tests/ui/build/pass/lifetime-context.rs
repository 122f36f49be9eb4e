//! A context with lifetimes (issue 14): every generated function is generic over them.
use bt::{behavior_tree, Condition, Status};

pub struct World<'a> {
    names: &'a [&'a str],
}

#[derive(Default)]
pub struct HasNames;

impl<'a> Condition<World<'a>> for HasNames {
    fn check(&mut self, world: &World<'a>) -> bool {
        !world.names.is_empty()
    }
}

behavior_tree! {
    tree Roll for World<'a> {
        Sequence {
            Condition(HasNames),
            Condition(|world| world.names[0] == "ada"),
        }
    }
}

fn main() {
    let names = vec!["ada".to_owned()];
    let borrowed: Vec<&str> = names.iter().map(String::as_str).collect();
    let mut roll = Roll::new();
    assert_eq!(roll.tick(&mut World { names: &borrowed }), Status::Success);
}
