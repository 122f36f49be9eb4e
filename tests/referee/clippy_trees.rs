//! What `cargo clippy --all-targets` sees instead of `trees/` (`main.rs` swaps them under
//! `--cfg clippy`, as the differential test does): one tree in the generated form, so that the
//! harness stays in use and is linted in full, without linting 1,000 generated trees again.

pub mod t0000 {
    #[allow(unused_imports)]
    use crate::leaves::{Act, Cond, Ctx, Leaf};

    bt::behavior_tree! {
        pub tree T0000 for Ctx {
            xml = "tests/referee/xml/T0000.xml",
            nodes { L0 = StatefulAction(Leaf<0>), L1 = StatefulAction(Leaf<1>) }
            blackboard { c: i64 = 0 }
        }
    }

    entries!(T0000, T0000Blackboard { c });
}

#[test]
fn part_00_first_tree() {
    crate::harness::run_named("part_00", &[case!(t0000::T0000)]);
}

/// Every part, for the checks of the whole set (`checks.rs`).
pub const PARTS: &[(&str, &[crate::harness::Case])] = &[];
