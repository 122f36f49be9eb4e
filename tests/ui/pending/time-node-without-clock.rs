//! Pending UI case, kept out of the trybuild batch (`tests/ui/*.rs` does not look into
//! `pending/`): its message is not blessed because it does not point where it should.
//!
//! The mistake: a tree with a time node (`Timeout`) whose context (`World`) has no clock.
//!
//! Expected: the `bt::Clock` on_unimplemented message ("`World` has no clock, and this tree has a
//! node that measures time") at the node kind, `Timeout(500)`, line 24.
//!
//! Actual (rustc 1.95): the same message at `World` in the header (`tree Tree for World {`, line
//! 21), the label "the tree's context must implement `bt::Clock`"; the node that needs the clock is
//! not named. The generated `::bt::__private::now_nanos::<World>(ctx)` is spanned at the node kind
//! (`bt-macros/src/codegen/mod.rs`, `fn now_nanos`), but rustc reports the unmet bound at the explicit
//! type argument, which keeps the span of the header's `World`. Move this file back to
//! `tests/ui/` (and list it in the catalogue, tests/ui/README.md) once the message points at the kind.

use bt::behavior_tree;

pub struct World;

behavior_tree! {
    tree Tree for World {
        Sequence {
            AlwaysSuccess,
            Timeout(500) {
                AlwaysSuccess,
            },
        }
    }
}

fn main() {
    let mut tree = Tree::new();
    let _ = tree.tick(&mut World);
}
