//! The `#[test]`s of the differential test (see `lib.rs`): one per part of the generated trees,
//! and the checks of the whole set. Each only calls the library `bt_differential`, so the trees
//! compile once, in the library.

use bt_differential::{checks, harness, trees};

/// One `#[test]` per part of 100 trees, named like the part (`part_00`, ..), so that
/// `cargo test --test differential part_03` runs one.
macro_rules! parts {
    ($($index:literal $part:ident),* $(,)?) => {
        $(
            #[test]
            fn $part() {
                harness::run_part(stringify!($part), trees::PARTS[$index]);
            }
        )*

        /// A part that the generator writes and no `#[test]` above runs would go unnoticed.
        #[test]
        fn every_part_has_its_test() {
            let tests = [$($index),*].len();
            assert_eq!(
                trees::PARTS.len(),
                tests,
                "tests/differential/main.rs: write a line in `parts!` for each part of trees/mod.rs"
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
    10 part_10,
    11 part_11,
);

#[test]
fn the_set_holds_enough_distinct_well_formed_trees() {
    checks::the_set_holds_enough_distinct_well_formed_trees();
}

#[test]
fn every_node_kind_and_parameter_is_covered() {
    checks::every_node_kind_and_parameter_is_covered();
}

#[test]
fn few_leaves_are_statically_dead() {
    checks::few_leaves_are_statically_dead();
}

#[test]
fn every_mutation_of_the_interpreter_is_caught() {
    checks::every_mutation_of_the_interpreter_is_caught();
}
