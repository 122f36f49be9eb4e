//! The parallels: Parallel, ParallelAll, PolicyParallel. Each is its bt-core rule of the `Step`
//! protocol with its constant parameters, wired into the loop of `step.rs`.

use quote::quote;

use super::step::{rule_bodies, StepRule};
use super::{node_methods, rules, small_index, state, Gen, NodeCode};
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
            quote!(#rules::PolicyParallel<#words>),
            quote!(#len, #rules::ParallelPolicy::#policy, #repeat),
        ),
    };
    let state = state(g, node, ty, &mut code);
    let rule = StepRule::with_params(&state, None, params);
    let (body, halt_body) = rule_bodies(g, node, rule);
    code.methods = node_methods(g, node, body, halt_body);
    code
}
