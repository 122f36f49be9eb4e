//! Minimal regression tests for library bugs found by the differential test
//! (`tests/differential.rs`). Each is `#[ignore = "bug: ..."]` while the bug is open, so the suite
//! stays green; the fix removes the `ignore` (and, for a mirrored bug, the matching `MIRROR_*`
//! switch in `tests/differential/reference.rs`). `halt_keeps_idle_loop_count` and
//! `stateful_leaf_through_macro_rules` are fixed; `resume_through_precondition` is open.
//!
//! Run the open ones: `cargo test --test regression -- --ignored`.

#[path = "../common/mod.rs"]
mod common;

mod halt_keeps_idle_loop_count;
mod resume_through_precondition;
mod stateful_leaf_through_macro_rules;
