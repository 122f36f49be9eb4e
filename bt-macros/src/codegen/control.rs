//! The composites of the `Step` protocol (`bt_core::step`): Parallel, ParallelAll, IfThenElse,
//! WhileDoElse, Switch, TryCatch. Each is its bt-core rule, its constant parameters and its
//! per-tick inputs, wired into the shared loop of `step.rs`.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use super::{node_methods, small_index, state, step, Gen, NodeCode};
use crate::model::{Control, Node};

pub(super) fn generate(g: &Gen, node: &Node, control: &Control) -> NodeCode {
    let mut code = NodeCode::default();
    let len = node.children.len();
    let index = small_index(len as u64);
    // The rule's type, its constant parameters (passed to every call) and the inputs of `start`.
    let (ty, params, inputs) = match control {
        Control::Parallel { success, failure } => {
            let (success, failure) = (*success as i32, *failure as i32);
            (
                quote!(::bt::__private::Parallel<#index, { ::bt::__private::bitset_words(#len) }>),
                quote!({
                    const __BT_CONFIG: ::bt::__private::ParallelConfig =
                        ::bt::__private::ParallelConfig::new(#len, #success, #failure);
                    __BT_CONFIG
                }),
                None,
            )
        }
        Control::ParallelAll { max_failures } => {
            let max_failures = *max_failures as i32;
            (
                quote!(::bt::__private::ParallelAll<#index, { ::bt::__private::bitset_words(#len) }>),
                quote!({
                    const __BT_CONFIG: ::bt::__private::ParallelAllConfig =
                        ::bt::__private::ParallelAllConfig::new(#len, #max_failures);
                    __BT_CONFIG
                }),
                None,
            )
        }
        Control::IfThenElse => (quote!(::bt::__private::IfThenElse), quote!(#len), None),
        Control::WhileDoElse => (quote!(::bt::__private::WhileDoElse), quote!(#len), None),
        Control::TryCatch { catch_on_halt } => (
            quote!(::bt::__private::TryCatch<#index>),
            quote!(#len, #catch_on_halt),
            None,
        ),
        Control::Switch { entry, cases } => {
            // The first case equal to the entry's value, else the default (the last child);
            // each comparison spanned at its case, so that rustc reports a type mismatch there.
            let default = cases.len();
            // The local comes from the macro's own tokens: from a `macro_rules!` fragment the
            // case's span has another hygiene context, where it would not resolve.
            let value = quote!(__bt_value);
            let arms = cases.iter().enumerate().map(|(position, case)| {
                quote_spanned!(case.span()=> if *#value == #case { #position } else)
            });
            let tracked = (g.tree.blackboard.as_ref()).is_some_and(|bb| bb.is_tracked(entry));
            let value = if tracked {
                quote!(&*self.__bt_bb.#entry)
            } else {
                quote!(&self.__bt_bb.#entry)
            };
            let selected = quote!({
                let __bt_value = #value;
                #(#arms)* { #default }
            });
            (
                quote!(::bt::__private::Switch<#index>),
                TokenStream::new(),
                Some(selected),
            )
        }
        Control::NodeCanvas(control) => return super::nodecanvas::control(g, node, control),
    };
    let state = state(g, node, ty, &mut code);
    let access = &state.access;
    let comma = if params.is_empty() {
        quote!()
    } else {
        quote!(,)
    };
    let start = match inputs {
        Some(inputs) => quote!(#access.start(#inputs #comma #params)),
        None => quote!(#access.start(#params)),
    };
    let next = quote!(#access.next(__bt_event #comma #params));
    let halt = quote!(#access.halt(#params));
    let (body, halt_body) = step::bodies(
        g,
        node,
        &state.declare_local,
        TokenStream::new(),
        [start, next, halt],
    );
    code.methods = node_methods(g, node, body, halt_body);
    code
}
