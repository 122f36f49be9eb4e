//! The parallels: Parallel, ParallelAll, PolicyParallel. Each is laid out straight-line from its
//! bt-core rule's straight-line form (`bt_core::step`) with its constant parameters: one step per
//! child, in order.

use proc_macro2::TokenStream;
use quote::quote;

use super::{
    halt_child, node_methods, parent_locals, rules, running_flag, small_index, state, tick_child,
    Gen, NodeCode, State,
};
use crate::model::{Node, Parallel};

pub(super) fn generate(g: &Gen, node: &Node, parallel: &Parallel) -> NodeCode {
    let mut code = NodeCode::default();
    let rules = rules();
    let len = node.children.len();
    let index = small_index(len as u64);
    let words = quote!({ #rules::bitset_words(#len) });
    // The rule's type and its constant configuration.
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
        // Its parameters are written at each call (`policy_parallel`).
        Parallel::PolicyParallel { .. } => (
            quote!(#rules::PolicyParallel<{ #rules::bitset_bytes(#len) }>),
            TokenStream::new(),
        ),
    };
    let state = state(g, node, ty, &mut code);
    code.methods = match parallel {
        Parallel::Parallel { .. } => straight_line(g, node, &state, params),
        Parallel::ParallelAll { .. } => parallel_all(g, node, &state, params),
        Parallel::PolicyParallel { policy, repeat } => {
            let policy = policy.ident();
            let policy = quote!(#rules::ParallelPolicy::#policy);
            policy_parallel(g, node, &state, policy, *repeat)
        }
    };
    code
}

/// `ParallelAll` in straight-line form (`bt_core::control::ParallelAll::begin`, `is_completed`,
/// `on_child`, `end`, `finish`): one step per child in order, each skipped once the child has
/// completed, then the verdict; the node never halts a child in a tick.
fn parallel_all(g: &Gen, node: &Node, state: &State, config: TokenStream) -> TokenStream {
    let (s, declare) = (&state.access, &state.declare_local);
    let steps = node.children.iter().enumerate().map(|(position, &id)| {
        let tick = tick_child(g, id);
        quote! {
            if !#s.is_completed(#position) {
                __bt::parallel_all_child(#tick, &mut #s, #position);
            }
        }
    });
    let halts = (node.children.iter().enumerate())
        .filter(|(_, &id)| g.plan.may_run[id])
        .map(|(position, &id)| {
            let halt = halt_child(g, id);
            quote!(if !#s.is_completed(#position) { #halt })
        });
    let body = quote!({
        #declare
        #s.begin();
        #(#steps)*
        #s.end(#config)
    });
    let halt_body = quote! {
        #(#halts)*
        #s.finish();
    };
    node_methods(g, node, body, halt_body)
}

/// `PolicyParallel` in straight-line form (`bt_core::control::PolicyParallel::is_ticked`,
/// `on_child`, `end`, `finish`): one step per child in order, each skipped once the child has
/// finished (unless `repeat`); a result after the last child halts every child that may be
/// running and ends the activation.
fn policy_parallel(
    g: &Gen,
    node: &Node,
    state: &State,
    policy: TokenStream,
    repeat: bool,
) -> TokenStream {
    let (s, declare) = (&state.access, &state.declare_local);
    let len = node.children.len();
    let steps = node.children.iter().enumerate().map(|(position, &id)| {
        let tick = tick_child(g, id);
        quote! {
            if #s.is_ticked(#position, #repeat) {
                let __bt_child_status = #tick;
                #s.on_child(#position, __bt_child_status, #policy);
            }
        }
    });
    let halts: Vec<TokenStream> = (node.children.iter().enumerate())
        .filter(|(_, &id)| g.plan.may_run[id])
        .map(|(position, &id)| {
            let halt = halt_child(g, id);
            quote!(if #s.is_ticked(#position, #repeat) { #halt })
        })
        .collect();
    // The children that take their running flag from the node (`Plan::flag_from_parent`, only
    // without `repeat`) read whether it was running when its tick started.
    let was = if (node.children.iter()).any(|&child| g.plan.flag_from_parent[child]) {
        let (was, _) = parent_locals();
        let running = running_flag(g, node.id);
        quote!(let #was: ::core::primitive::bool = #running;)
    } else {
        TokenStream::new()
    };
    let body = quote!({
        #declare
        #was
        #(#steps)*
        match #s.end(#len, #policy) {
            ::core::option::Option::Some(__bt_result) => {
                #(#halts)*
                #s.finish();
                __bt_result
            }
            ::core::option::Option::None => __bt::Status::Running,
        }
    });
    let halt_body = quote! {
        #(#halts)*
        #s.finish();
    };
    node_methods(g, node, body, halt_body)
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
                if let ::core::option::Option::Some(__bt_verdict) =
                    __bt::parallel_child(#tick, &mut #s, #position, __bt_config)
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
        let __bt_verdict: ::core::option::Option<__bt::Status> = loop {
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
