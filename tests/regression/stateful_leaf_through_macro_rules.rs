//! Fixed bug: `behavior_tree!` did not compile when the tree body reaches it through a `macro_rules!`
//! transcriber and holds `StatefulAction(Type)`:
//!
//! ```text
//! macro_rules! wrap { ($($body:tt)*) => { behavior_tree! { tree T for World { $($body)* } } } }
//! wrap! { StatefulAction(Walk) }
//! error[E0424]: expected value, found module `self`
//!   --> StatefulAction(Walk)
//!                      ^^^^ `self` value is a keyword only available in methods with a `self` parameter
//! ```
//!
//! The generated leaf call was built with `quote_spanned!(ty.span()=> .. self.<field> ..)`
//! (`bt-macros/src/codegen/leaf.rs`): the `self` token takes the span, and so the hygiene context,
//! of the user's type. When the type comes from a `macro_rules!` fragment that context is not the
//! one of the generated method's `self` parameter, and rustc (for which `self` is hygienic like a
//! local variable) does not resolve it. Fix: `self` is always interpolated with the macro's own
//! span. Expected: the tree compiles, as it does when written directly. Found while generating the differential test's trees (which therefore call
//! `behavior_tree!` directly).

// The case is a program of its own (it was a trybuild `pass` case while the bug was open); now
// that it compiles, it is a module of this binary: if the bug came back, the build of
// `cargo test` would fail at the case.
#[path = "stateful_leaf_through_macro_rules/wrapped.rs"]
mod wrapped;

#[test]
fn stateful_leaf_through_macro_rules_compiles() {
    wrapped::main();
}
