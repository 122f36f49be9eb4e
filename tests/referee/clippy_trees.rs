//! What `cargo clippy --all-targets` sees instead of `trees/` (`main.rs` swaps them under
//! `--cfg clippy`, as the differential test does): two trees in the generated form (with every kind of scripted leaf), so that the
//! harness stays in use and is linted in full, without linting 1,000 generated trees again.

pub mod t0000 {
    #[allow(unused_imports)]
    use crate::leaves::{Act, Cond, Ctx, Leaf};

    bt::behavior_tree! {
        pub tree T0000 for Ctx {
            xml = "xml/T0000.xml",
            nodes { L0 = StatefulAction(Leaf<0>), L1 = StatefulAction(Leaf<1>) }
            blackboard { c: i64 = 0 }
        }
    }

    entries!(T0000, T0000Blackboard { c });
}

pub mod t0001 {
    #[allow(unused_imports)]
    use crate::leaves::{Act, Cond, Ctx, Leaf};

    bt::behavior_tree! {
        pub tree T0001 for Ctx {
            xml = "xml/T0001.xml",
            nodes { C0 = Condition(Cond<0>), C1 = Condition(Cond<1>), L2 = StatefulAction(Leaf<2>), C3 = Condition(Cond<3>), A4 = Action(Act<4>) }
            blackboard { a: i64 = -1, c: i64 = 4 }
        }
    }

    entries!(T0001, T0001Blackboard { a c });
}

#[test]
fn part_00_first_trees() {
    crate::harness::run_named("part_00", &[case!(t0000::T0000), case!(t0001::T0001)]);
}

/// Every part, for the checks of the whole set (`checks.rs`).
pub const PARTS: &[(&str, &[crate::harness::Case])] = &[];
