//! The `#[test]`s of the referee (see `lib.rs`): one per part of the generated trees, and the
//! checks of the whole set. Each only calls the library `bt_referee`, so the trees compile once, in
//! the library.

use bt_referee::{checks, harness, trees};

/// One `#[test]` per part of 100 trees, named like the part (`part_00`, ..), so that
/// `cargo test --test referee part_03` runs one.
macro_rules! parts {
    ($($index:literal $part:ident),* $(,)?) => {
        $(
            #[test]
            fn $part() {
                let (name, cases) = trees::PARTS[$index];
                assert_eq!(name, stringify!($part));
                harness::run_part(name, cases);
            }
        )*

        /// A part that the generator writes and no `#[test]` above runs would go unnoticed.
        #[test]
        fn every_part_has_its_test() {
            let tests = [$($index),*].len();
            assert_eq!(
                trees::PARTS.len(),
                tests,
                "tests/referee/main.rs: write a line in `parts!` for each part of trees/mod.rs"
            );
        }
    };
}

parts!(
    0 part_00,
    1 part_01,
    2 part_02,
    3 part_03,
    4 part_04,
    5 part_05,
    6 part_06,
    7 part_07,
    8 part_08,
    9 part_09,
);

#[test]
fn every_rule_is_met_in_the_set() {
    checks::every_rule_is_met_in_the_set();
}

#[test]
fn a_changed_golden_step_fails() {
    checks::a_changed_golden_step_fails();
}
