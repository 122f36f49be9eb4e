//! Fixed bug (issue 10's kinds, found while testing issue 11): a tree whose body reaches
//! `behavior_tree!` through a `macro_rules!` transcriber does not compile when it holds
//! `Switch(entry) { .. }`, `Precondition(|bb| ..) { .. }` or `Loop(queue, value = {entry}) { .. }`;
//! written directly, the same trees compile and run. rustc's errors (at the user's tokens):
//!
//! ```text
//! Switch(mode) { case 1 => AlwaysSuccess, _ => AlwaysFailure }
//!                     ^ error[E0425]: cannot find value `__bt_value` in this scope
//! Precondition(|bb| bb.go) { AlwaysSuccess }
//!              ^ error[E0424]: expected value, found module `self`
//! Loop(queue, value = {item}) { AlwaysSuccess }
//!      ^^^^^ error[E0424]: expected value, found module `self`
//!                      ^^^^ error[E0424] (`self`) and error[E0425]: cannot find value `__bt_item`
//! ```
//!
//! The same class of bug as the fixed `stateful_leaf_through_macro_rules`: generated code that
//! names `self` or a macro-internal local (`__bt_value`, `__bt_item`) inside a `quote_spanned!` at
//! the user's case value, entry or closure takes the hygiene context of the `macro_rules!`
//! fragment, where neither resolves. Expected: each case compiles and runs
//! (`tests/regression/params_through_macro_rules/*.rs`). The behavior3 kinds and the error header
//! of issue 11 are fine through `macro_rules!` (`tests/ui/build/pass/behavior3-through-macro-rules.rs`).

// The cases are programs of their own (they were trybuild `pass` cases while the bug was open);
// now that they compile, they are modules of this binary: if the bug came back, the build of
// `cargo test` would fail at the case.
#[path = "params_through_macro_rules/loop.rs"]
mod loop_case;
#[path = "params_through_macro_rules/precondition.rs"]
mod precondition;
#[path = "params_through_macro_rules/switch.rs"]
mod switch;

#[test]
fn switch_precondition_and_loop_compile_through_macro_rules() {
    switch::main();
    precondition::main();
    loop_case::main();
}
