//! Minimal regression tests for library bugs found by the differential test
//! (`tests/differential/main.rs`) or by the behaviour tests. Each is `#[ignore = "bug: ..."]` while
//! the bug is open, so the suite stays green; the fix removes the `ignore` (and, for a mirrored bug, the matching `MIRROR_*`
//! switch in `tests/differential/reference.rs`). `halt_keeps_idle_loop_count`, `stateful_leaf_through_macro_rules`,
//! `precondition_rechecked_after_direct_resume`, `error_under_reactive_composite`,
//! `params_through_macro_rules`, `resume_through_precondition`,
//! `error_in_flip_selector_and_halt_order`, `error_in_catch_child_during_halt`,
//! `iterate_emptied_list`, `wait_until_child_completion`, `probability_weights_read_before_resume`
//! and `script_arithmetic_never_panics` are fixed.
//!
//! Open: none. When one is, run it with `cargo test --test regression -- --ignored`.

#[path = "../common/mod.rs"]
mod common;

mod error_in_catch_child_during_halt;
mod error_in_flip_selector_and_halt_order;
mod error_under_reactive_composite;
mod halt_keeps_idle_loop_count;
mod iterate_emptied_list;
mod params_through_macro_rules;
mod precondition_rechecked_after_direct_resume;
mod probability_weights_read_before_resume;
mod resume_through_precondition;
mod script_arithmetic_never_panics;
mod stateful_leaf_through_macro_rules;
mod wait_until_child_completion;
