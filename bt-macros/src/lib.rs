//! The `behavior_tree!` macro of the `bt` library. Users depend on `bt`, which re-exports it;
//! the guide is the `bt` crate's documentation.
//!
//! The pipeline is one module per stage: `parse` (syntax; node arguments by the grammars of
//! `args`) → `model` (kinds, parameters, arity, names; every error collected in a
//! `ctxt::Ctxt`) → `plan` (running flags, outlining, direct resume) → `codegen`. `kinds`
//! is the one table of node kinds they all read. `expand` runs them on `proc_macro2` token
//! streams so that tests can call it directly. `xml` is a front end before them: a tree given as
//! BehaviorTree.CPP XML (`xml = "file.xml"`) is translated into the DSL's tokens and expanded
//! like any other.
#![forbid(unsafe_code)]

mod args;
mod codegen;
mod ctxt;
mod expand;
mod fuzz;
mod kinds;
mod kw;
mod model;
mod parse;
mod plan;
mod ports;
mod snapshots;
mod text;
mod xml;

/// Compiles a behavior tree into a struct with a statically dispatched `tick`.
/// See the `bt` crate for the syntax and the node catalogue.
#[proc_macro]
pub fn behavior_tree(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    expand::behavior_tree(input.into()).into()
}

/// Declares a leaf type's ports: its fields of type `bt::Input<T>`, `bt::Output<T>` and
/// `bt::InOut<T>`. Inputs are required unless marked `#[port(default)]`.
#[proc_macro_derive(Ports, attributes(port))]
pub fn derive_ports(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    ports::derive(input.into()).into()
}
