//! The parallels: Parallel, ParallelAll, PolicyParallel. Each is its bt-core rule of the `Step`
//! protocol with its constant parameters, wired into the loop of `step.rs`.

use proc_macro2::TokenStream;
use quote::quote;

use super::step::{rule_bodies, StepRule};
use super::{
    halt_child, node_methods, rules, small_index, state, tick_child, Gen, NodeCode, State,
};
use crate::model::{Node, Parallel};

pub(super) fn generate(g: &Gen, node: &Node, parallel: &Parallel) -> NodeCode {
    let mut code = NodeCode::default();
    let rules = rules();
    let len = node.children.len();
    let index = small_index(len as u64);
    let words = quote!({ #rules::bitset_words(#len) });
    // The rule's type and its constant parameters (passed to every call).
    let (ty, params) = match parallel {
        Parallel::Parallel { success, failure } => {
            let (success, failure) = (*success as i32, *failure as i32);
            (
                quote!(#rules::Parallel<#index, #words>),
                quote!({
                    const __BT_CONFIG: #rules::ParallelConfig =
                        #rules::ParallelConfig::new(#len, #success, #failure);
                    __BT_CONFIG
                }),
            )
        }
        Parallel::ParallelAll { max_failures } => {
            let max_failures = *max_failures as i32;
            (
                quote!(#rules::ParallelAll<#index, #words>),
                quote!({
                    const __BT_CONFIG: #rules::ParallelAllConfig =
                        #rules::ParallelAllConfig::new(#len, #max_failures);
                    __BT_CONFIG
                }),
            )
        }
        Parallel::PolicyParallel { policy, repeat } => (
            quote!(#rules::PolicyParallel<{ #rules::bitset_bytes(#len) }>),
            quote!(#len, #rules::ParallelPolicy::#policy, #repeat),
        ),
    };
    let state = state(g, node, ty, &mut code);
    if matches!(parallel, Parallel::Parallel { .. }) {
        code.methods = straight_line(g, node, &state, params);
        return code;
    }
    let rule = StepRule::with_params(&state, None, params);
    let (body, halt_body) = rule_bodies(g, node, rule);
    code.methods = node_methods(g, node, body, halt_body);
    code
}

/// `Parallel` in straight-line form (`bt_core::control::Parallel::begin`, `is_completed`,
/// `on_child`, `finish`, `end`): one step per child in order, each skipped once the child has
/// completed; a verdict leaves the steps, halts every child that has not completed and ends the
/// activation.
fn straight_line(g: &Gen, node: &Node, state: &State, config: TokenStream) -> TokenStream {
    let (s, declare) = (&state.access, &state.declare_local);
    let steps = node.children.iter().enumerate().map(|(position, &id)| {
        let tick = tick_child(g, id);
        quote! {
            if !#s.is_completed(#position) {
                let __bt_child_status = #tick;
                if let ::core::option::Option::Some(__bt_verdict) =
                    #s.on_child(#position, __bt_child_status, __bt_config)
                {
                    break ::core::option::Option::Some(__bt_verdict);
                }
            }
        }
    });
    let halts: Vec<TokenStream> = (node.children.iter().enumerate())
        .filter(|(_, &id)| g.plan.may_run[id])
        .map(|(position, &id)| {
            let halt = halt_child(g, id);
            quote!(if !#s.is_completed(#position) { #halt })
        })
        .collect();
    let body = quote!({
        #declare
        let __bt_config = #config;
        #s.begin();
        // One pass over the children: a `loop` only for its `break` with a value.
        let __bt_verdict: ::core::option::Option<::bt::__private::Status> = loop {
            #(#steps)*
            break ::core::option::Option::None;
        };
        match __bt_verdict {
            ::core::option::Option::Some(__bt_verdict) => {
                #(#halts)*
                #s.finish();
                __bt_verdict
            }
            ::core::option::Option::None => #s.end(__bt_config),
        }
    });
    let halt_body = quote! {
        #(#halts)*
        #s.finish();
    };
    node_methods(g, node, body, halt_body)
}
