//! The `behavior_tree!` macro of the `bt` library. Users depend on `bt`, which re-exports it;
//! the guide is the `bt` crate's documentation.
//!
//! The pipeline is one module per stage: [`parse`] (syntax) → [`model`] (kinds, parameters,
//! arity, names; every error collected in a [`ctxt::Ctxt`]) → [`codegen`]. [`expand`] runs them
//! on `proc_macro2` token streams so that tests can call it directly.
#![forbid(unsafe_code)]

mod codegen;
mod ctxt;
mod expand;
mod kw;
mod model;
mod parse;

/// Compiles a behavior tree into a struct with a statically dispatched `tick`.
/// See the `bt` crate for the syntax and the node catalogue.
#[proc_macro]
pub fn behavior_tree(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    expand::behavior_tree(input.into()).into()
}
