//! The direct resume (`bt_core::resume`): a tick goes straight to the leaf that answered
//! `Running` on the last tick when every ancestor would only pass `Running` up (the leaves are
//! chosen in `crate::plan`), and hands a finished status over to the walk.

use proc_macro2::{Span, TokenStream};
use quote::quote;

use super::{ctx, metadata, observer, tick_child, tick_fn, Gen};

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
    let label = syn::Lifetime::new("'__bt_resume", Span::mixed_site());
    let arms = g.plan.resume.iter().map(|&leaf| {
        let code = code_literal(g.plan.resume_code(leaf).expect("a leaf of `plan.resume`"));
        let tick = tick_fn(leaf);
        let ancestors = g.tree.ancestors(leaf).map(|node| {
            let public = metadata::public_id(g.tree, node.id);
            quote!(::bt::__private::still_running(#public, #observer);)
        });
        quote! {
            #code => match self.#tick(#ctx, #observer) {
                ::bt::__private::Status::Running => {
                    #(#ancestors)*
                    // A qualified path: `break 'label ::path` reads as a label to syn.
                    break #label <::bt::__private::Status>::Running;
                }
                __bt_finished => self.__bt_resume.hand_over(__bt_finished),
            },
        }
    });
    // One walk for every case, so that the tree's code is not inlined twice.
    quote! {
        #label: {
            match self.__bt_resume.leaf() {
                #(#arms)*
                _ => {}
            }
            #walk
        }
    }
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
fn code_literal(code: usize) -> proc_macro2::Literal {
    proc_macro2::Literal::usize_unsuffixed(code)
}
