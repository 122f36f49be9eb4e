//! The direct resume (`bt_core::resume`): a tick goes straight to the leaf that answered
//! `Running` on the last tick when every ancestor would only pass `Running` up (the leaves are
//! chosen in `crate::plan`), and hands a finished status over to the walk.

use proc_macro2::TokenStream;
use quote::quote;

use super::{ctx, observer, public_id, tick_child, tick_fn, Gen};

/// The root's tick: the walk from the root, preceded, in a tree with leaves that can be resumed
/// directly, by a `match` on the leaf that answered `Running` on the last tick.
pub(super) fn tick_root(g: &Gen) -> TokenStream {
    if g.error().is_some() {
        // The root's own result: `tick_with` handles an error.
        let (tick, ctx, observer) = (tick_fn(0), ctx(), observer());
        return quote!(self.#tick(#ctx, #observer));
    }
    let walk = tick_child(g, 0);
    if g.plan.resume.is_empty() {
        return walk;
    }
    let (ctx, observer) = (ctx(), observer());
    let arms = g.plan.resume.iter().map(|&leaf| {
        let code = code_literal(g.plan.resume_code(leaf).expect("a leaf of `plan.resume`"));
        let resume = resume_fn(leaf);
        // Still running: every ancestor answers `Running` again and changes nothing (the
        // observer is told, walking up `NODES` from the leaf's parent: one call however deep the
        // leaf is), and the tree's status is already `Running` (a leaf is remembered only when
        // its `Running` reached the root), so the tick returns without a store.
        let parent = g.tree.nodes[leaf]
            .parent
            .expect("a resumed leaf is not the root");
        let parent = public_id(g.tree, parent);
        quote! {
            #code => match self.#resume(#ctx, #observer) {
                ::bt::__private::Status::Running => {
                    ::bt::__private::still_running_from(Self::NODES, #parent, #observer);
                    return ::bt::__private::Status::Running;
                }
                __bt_finished => self.__bt_resume.hand_over(__bt_finished),
            },
        }
    });
    // One walk for every case, so that the tree's code is not inlined twice.
    quote! {{
        match self.__bt_resume.leaf() {
            #(#arms)*
            _ => {}
        }
        #walk
    }}
}

/// The method that resumes leaf `id` directly: `call` ticks the leaf, known to be running (its
/// running flag is the resume code, which names it). A leaf that answers `Running` again stays
/// remembered; one that finishes is forgotten by `hand_over` before the walk takes its status.
pub(super) fn resume_method(g: &Gen, node: &crate::model::Node, call: TokenStream) -> TokenStream {
    let context = &g.tree.header.context;
    let lifetimes = &g.tree.header.context_lifetimes;
    let (ctx, observer) = (ctx(), observer());
    let public = public_id(g.tree, node.id);
    let resume = resume_fn(node.id);
    quote! {
        #[inline]
        fn #resume<#(#lifetimes,)* __BtO: ::bt::__private::Observer>(
            &mut self,
            #ctx: &mut #context,
            #observer: &mut __BtO,
        ) -> ::bt::__private::Status {
            ::bt::__private::done(#public, #call, #observer)
        }
    }
}

fn resume_fn(id: usize) -> syn::Ident {
    quote::format_ident!("__bt_resume_{}", id)
}

/// The `call` that ticks leaf `id`. For a leaf the tick can resume directly, the walk first takes
/// the status a direct resume handed over, and remembers the leaf when it answers `Running`.
pub(super) fn tick_leaf(g: &Gen, id: usize, call: TokenStream) -> TokenStream {
    match g.plan.resume_code(id) {
        None => call,
        Some(code) => {
            let code = code_literal(code);
            quote! {{
                let __bt_leaf_status = match self.__bt_resume.take_handed() {
                    ::core::option::Option::Some(__bt_handed) => __bt_handed,
                    ::core::option::Option::None => #call,
                };
                self.__bt_resume.ticked(#code, __bt_leaf_status)
            }}
        }
    }
}

/// A resume code as an unsuffixed literal: its type is the tree's resume code type.
pub(super) fn code_literal(code: usize) -> proc_macro2::Literal {
    proc_macro2::Literal::usize_unsuffixed(code)
}
