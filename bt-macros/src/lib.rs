//! The `behavior_tree!` macro of the `bt` library. Users depend on the facade, the package
//! `bt-compiled` (library `bt`), which wraps it (`src/macros.rs` there) and re-exports it; the
//! guide is the facade's documentation.
//!
//! The pipeline is one module per stage: `parse` (syntax; node arguments by the grammars of
//! `args`) → `model` (kinds, parameters, arity, names; every error collected in a
//! `ctxt::Ctxt`) → `plan` (running flags, outlining, direct resume) → `codegen`. `kinds`
//! is the one table of node kinds they all read. `expand` is the entry on `proc_macro2` token
//! streams (tests call it directly); `pipeline` runs the stages on one tree's body. `xml` is a
//! second front end: a tree given as BehaviorTree.CPP XML (`xml = "file.xml"`) is translated into
//! the syntax `parse` would give (its nodes built directly, each with its XML origin) and handed
//! to `pipeline` like any other.
#![forbid(unsafe_code)]

mod args;
mod codegen;
mod ctxt;
mod expand;
mod fuzz;
mod guide_tables;
mod kinds;
mod kw;
mod model;
mod nesting;
mod parse;
mod pipeline;
mod plan;
mod ports;
mod rebase;
mod runtime;
mod snapshots;
mod text;
mod tokens;
mod xml;

/// Compiles a behavior tree, naming the runtime `::bt`. Users call the facade's
/// `behavior_tree!` (documented there), which calls [`behavior_tree_at!`] with its own path, so
/// that a tree also compiles where the facade is a dependency under another name.
#[proc_macro]
pub fn behavior_tree(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    runtime::with_import(&quote::quote!(::bt), expand::behavior_tree(input.into())).into()
}

/// `behavior_tree_at!((PATH) tree..)`: [`behavior_tree!`] with the generated code's paths
/// started by `PATH` instead of `::bt`. The facade's `behavior_tree!` passes `$crate`.
#[doc(hidden)]
#[proc_macro]
pub fn behavior_tree_at(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    match rebase::split_at_input(input.into()) {
        Ok((krate, tree)) => {
            if let Some(call) = xml::registry_call(&krate, &tree) {
                // The tree names a registry: it calls this macro again with its mappings.
                return call.into();
            }
            runtime::with_import(&krate, expand::behavior_tree(tree)).into()
        }
        Err(error) => crate::ctxt::compile_error(error).into(),
    }
}

/// `nodes_at!(registry)`: the facade's `bt::nodes!`, a project's node registry (documented
/// there).
#[doc(hidden)]
#[proc_macro]
pub fn nodes_at(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    xml::registry(input.into()).into()
}

/// Declares a leaf type's ports: its fields of type `bt::Input<T>`, `bt::Output<T>` and
/// `bt::InOut<T>`. Inputs are required unless marked `#[port(default)]`. Where the `bt` crate
/// is a dependency under another name, `#[port(crate = that_name)]` on the struct says so.
#[proc_macro_derive(Ports, attributes(port))]
pub fn derive_ports(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    let input: proc_macro2::TokenStream = input.into();
    match rebase::derive_crate(&input) {
        Ok(krate) => rebase::rebase(ports::derive(input), &krate).into(),
        Err(error) => crate::ctxt::compile_error(error).into(),
    }
}
