//! Composites: the generated loop asks the bt-core rule which child to tick next
//! (`bt_core::control`), and halts the child the rule names.

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::Ident;

use super::{halt_child, node_methods, small_index, state, tick_child, NodeCode};
use crate::model::{Composite, Node, Tree};

/// Composites that resume at a remembered child are laid out as one guarded step per child, in a
/// `loop`, when they have at most this many children (else a jump table).
const UNROLL_MAX_CHILDREN: usize = 16;

/// Composites that start at their first child use the `loop` of guarded steps up to this width,
/// and straight-line steps beyond. The loop is faster at run time (LLVM threads it: reactive_1000,
/// with 72 children at the root, ticks in 625 ns against 727 ns straight-line), but LLVM's
/// threading time grows faster than the width (a 5,000-node reactive tree with 357 children at
/// the root took 123 s to build in release); at 128 children it still builds in linear time.
const LOOP_MAX_CHILDREN: usize = 128;

pub(super) fn generate(tree: &Tree, node: &Node, composite: Composite) -> NodeCode {
    let mut code = NodeCode::default();
    let len = node.children.len();
    let index = small_index(len as u64);
    let rule = match composite {
        Composite::Sequence => quote!(Sequence),
        Composite::SequenceWithMemory => quote!(SequenceWithMemory),
        Composite::ReactiveSequence => quote!(ReactiveSequence),
        Composite::Fallback => quote!(Fallback),
        Composite::ReactiveFallback => quote!(ReactiveFallback),
    };
    let ty = quote!(::bt::__private::#rule<#index>);
    // SequenceWithMemory remembers a failed child across activations, even when nothing below it
    // can run.
    let keeps_memory = composite == Composite::SequenceWithMemory;
    let state = state(node, ty, keeps_memory, &mut code);
    let access = &state.access;
    let declare = &state.declare_local;

    let child = Ident::new("__bt_child", Span::mixed_site());
    let halt_named = halt_by_position(tree, node, quote!(__bt_halt));
    // What the rule asks for after child `position` answered `__bt_child_status`.
    let follow = |position: TokenStream| {
        quote! {
            match #access.on_child(#position, __bt_child_status, #len) {
                ::bt::__private::Flow::Tick(__bt_next) => #child = __bt_next,
                ::bt::__private::Flow::Return(__bt_status) => break __bt_status,
                ::bt::__private::Flow::HaltAndReturn { halt: __bt_halt, status: __bt_status } => {
                    #halt_named
                    break __bt_status;
                }
            }
        }
    };
    // A composite that always starts at its first child (reactive kinds, and any composite whose
    // state does not outlive the tick) can be laid out as steps at any width; one that resumes at
    // a remembered child is laid out as steps only while narrow.
    let starts_at_first = matches!(
        composite,
        Composite::ReactiveSequence | Composite::ReactiveFallback
    ) || !state.declare_local.is_empty();
    let walk = if len <= UNROLL_MAX_CHILDREN || (starts_at_first && len <= LOOP_MAX_CHILDREN) {
        // Narrow composites: one step per child inside a `loop`, each guarded by `child == i`.
        // LLVM threads the chain into straight-line code (a sequence of conditions becomes a `&&`
        // chain); faster at run time than the labelled-block form below, and cheap to compile at
        // these widths (see `LOOP_MAX_CHILDREN`).
        let steps = node.children.iter().enumerate().map(|(position, &id)| {
            let tick = tick_child(tree, id);
            let follow = follow(quote!(#position));
            quote! {
                if #child == #position {
                    let __bt_child_status = #tick;
                    #follow
                }
            }
        });
        quote! {
            let mut #child: ::core::primitive::usize = #access.start();
            loop { #(#steps)* }
        }
    } else if starts_at_first {
        // Wide composites that start at their first child: straight-line code, one step per child
        // in order (a rule's `Tick(next)` is always the next child: `bt_core::control::Flow`),
        // inside a labelled block that the first returning step leaves. No loop is left for LLVM to thread, so the code it compiles grows
        // linearly with the width (a `loop` over hundreds of `if child == i` steps made release
        // builds of wide trees super-linear: 123 s for a 5,000-node reactive tree).
        let label = syn::Lifetime::new("'__bt_walk", Span::mixed_site());
        let last = len - 1;
        let steps = node.children.iter().enumerate().map(|(position, &id)| {
            let tick = tick_child(tree, id);
            let next = if position == last {
                quote!(::core::unreachable!("a composite's rule asked for a child after its last"))
            } else {
                quote!({})
            };
            quote! {{
                let __bt_child_status = #tick;
                match #access.on_child(#position, __bt_child_status, #len) {
                    ::bt::__private::Flow::Tick(_) => #next,
                    ::bt::__private::Flow::Return(__bt_status) => break #label __bt_status,
                    ::bt::__private::Flow::HaltAndReturn { halt: __bt_halt, status: __bt_status } => {
                        #halt_named
                        break #label __bt_status;
                    }
                }
            }}
        });
        // The last step ends the block: every arm of its `match` leaves it.
        quote!(#label: {
            let _ = #access.start();
            #(#steps)*
        })
    } else {
        // Wide composites: a jump table over the children, so that resuming at child k does not
        // pass k comparisons.
        let (last, rest) = node
            .children
            .split_last()
            .expect("validated: at least one child");
        let tick_arms = rest.iter().enumerate().map(|(position, &id)| {
            let call = tick_child(tree, id);
            quote!(#position => #call,)
        });
        let tick_last = tick_child(tree, *last);
        let follow = follow(quote!(#child));
        quote! {
            let mut #child: ::core::primitive::usize = #access.start();
            loop {
                let __bt_child_status = match #child {
                    #(#tick_arms)*
                    _ => #tick_last,
                };
                #follow
            }
        }
    };

    let body = quote! {{
        #declare
        #walk
    }};
    let halt_running = halt_by_position(tree, node, quote!(__bt_running));
    let halt_body = quote! {
        if let ::core::option::Option::Some(__bt_running) = #access.halt() {
            #halt_running
        }
    };
    code.methods = node_methods(tree, node, body, halt_body);
    code
}

/// `match position { i => halt child i, .. }` over the children that can be running.
fn halt_by_position(tree: &Tree, node: &Node, position: TokenStream) -> TokenStream {
    let arms = node
        .children
        .iter()
        .enumerate()
        .filter(|(_, &id)| tree.nodes[id].may_run)
        .map(|(index, &id)| {
            let halt = halt_child(tree, id);
            quote!(#index => { #halt })
        });
    quote! {
        match #position {
            #(#arms)*
            _ => {}
        }
    }
}
