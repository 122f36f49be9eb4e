//! The generated code names only absolute paths, so it compiles in a module without the prelude
//! and with local items that shadow `core`, `Option`, `Status` and `bt`'s own names.

pub struct World {
    pub ready: bool,
}

#[no_implicit_prelude]
mod hostile {
    #![allow(dead_code, non_camel_case_types)]

    pub mod core {}
    pub struct Option;
    pub struct Some;
    pub struct None;
    pub struct Status;
    pub struct Default;
    pub struct Sequence;
    pub struct usize;

    #[derive(::core::default::Default)]
    pub struct Ready;

    impl ::bt::Condition<super::World> for Ready {
        fn check(&mut self, world: &super::World) -> bool {
            world.ready
        }
    }

    ::bt::behavior_tree! {
        pub tree Hostile for super::World {
            Sequence {
                Condition(Ready),
                Condition(|world| world.ready),
                Repeat(2) { AlwaysSuccess },
                RunOnce { AlwaysSuccess },
            }
        }
    }
}

fn main() {
    let mut tree = hostile::Hostile::new();
    let mut world = World { ready: true };
    assert_eq!(tree.tick(&mut world), bt::Status::Running);
    assert_eq!(tree.tick(&mut world), bt::Status::Success);
}
