//! Node types and their `pub` registry, for the trees of another crate (`tests/renamed`): a
//! registry declared `pub` is exported as a `macro_rules!` macro is (`#[macro_export]`, at this
//! crate's root: `bt_registry_nodes::nav`), and its types are named from this crate's root.

use bt::{Input, Outcome, Output, Ports, SyncAction};

/// Measures a distance: 7.
#[derive(Default, Ports)]
pub struct Measure {
    pub distance: Output<u32>,
}

impl<W> SyncAction<W> for Measure {
    fn execute(&mut self, _: &mut W) -> Outcome {
        self.distance.set(7);
        Outcome::Success
    }
}

pub mod drive {
    use bt::{Input, Outcome, Output, Ports, SyncAction};

    /// Drives `metres` and says how far it drove.
    #[derive(Default, Ports)]
    pub struct Drive {
        pub metres: Input<u32>,
        pub driven: Output<u32>,
    }

    impl<W> SyncAction<W> for Drive {
        fn execute(&mut self, _: &mut W) -> Outcome {
            self.driven.set(*self.metres);
            Outcome::Success
        }
    }
}

/// Stops, if it has driven at all.
#[derive(Default, Ports)]
pub struct Stop {
    pub driven: Input<u32>,
}

impl<W> SyncAction<W> for Stop {
    fn execute(&mut self, _: &mut W) -> Outcome {
        if *self.driven > 0 {
            Outcome::Success
        } else {
            Outcome::Failure
        }
    }
}

bt::nodes! {
    /// The navigation nodes: `Measure` and `Stop` at this crate's root, `Drive` in `drive`.
    pub nav {
        Action(Measure),
        Go = Action(crate::drive::Drive),
        Stop = Action(Stop),
    }
}

// In its own crate, the registry is named below it, as a `macro_rules!` macro is (`tests/renamed`
// ticks this tree).
bt::behavior_tree! {
    /// A tree of this crate with the registry's nodes.
    pub tree Local for () {
        xml_text = r#"
<root BTCPP_format="4">
  <BehaviorTree ID="Local">
    <Sequence>
      <Measure distance="{d}"/>
      <Go metres="{d}" driven="{done}"/>
    </Sequence>
  </BehaviorTree>
</root>"#,
        nodes = nav,
    }
}
