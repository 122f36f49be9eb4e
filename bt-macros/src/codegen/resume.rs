//! The direct resume (`bt_core::resume`): a tick goes straight to the leaf that answered
//! `Running` on the last tick when every ancestor would only pass `Running` up (the leaves are
//! chosen in `crate::plan`), and hands a finished status over to the walk.

use proc_macro2::TokenStream;
use quote::quote;

use super::{ctx, observer, public_id, tick_child, tick_fn, Gen};

/// Resumed leaves per function of the direct resume's dispatch: a tree with more is dispatched
/// in two steps, so that no function grows with the number of stateful leaves (one `match` of
/// thousands of arms made deep trees build in super-linear time). The benchmark trees have fewer
/// (the deep tree of `benches/` has 301; dispatched in parts, its resume took 43 instructions
/// instead of 35), so their resume is one jump as before.
const RESUME_CHUNK: usize = 1024;

/// The root's tick: the walk from the root, preceded, in a tree with leaves that can be resumed
/// directly, by a `match` on the leaf that answered `Running` on the last tick; and the methods
/// that dispatch part of the leaves in a tree with more than [`RESUME_CHUNK`] of them.
pub(super) fn tick_root(g: &Gen) -> (TokenStream, TokenStream) {
    if g.error().is_some() {
        // The root's own result: `tick_with` handles an error.
        let (tick, ctx, observer) = (tick_fn(0), ctx(), observer());
        return (quote!(self.#tick(#ctx, #observer)), TokenStream::new());
    }
    let walk = tick_child(g, 0);
    if g.plan.resume.is_empty() {
        return (walk, TokenStream::new());
    }
    let (ctx, observer) = (ctx(), observer());
    let arm = |leaf: usize, on_running: TokenStream| {
        let code = code_literal(g.plan.resume_code(leaf).expect("a leaf of `plan.resume`"));
        // The leaf's own tick function, told that it is running (by the resume's invariant: its
        // running flag is the resume code, which names it).
        let tick = tick_fn(leaf);
        // Still running: every ancestor answers `Running` again and changes nothing (the
        // observer is told, walking up `NODES` from the leaf's parent: one call however deep the
        // leaf is), and the tree's status is already `Running` (a leaf is remembered only when
        // its `Running` reached the root), so the tick returns without a store.
        let parent = g.tree.nodes[leaf]
            .parent
            .expect("a resumed leaf is not the root");
        let parent = public_id(g.tree, parent);
        quote! {
            #code => if __bt::resumed(
                self.#tick(#ctx, #observer, true), &mut self.__bt_resume, Self::__bt_nodes(), #parent, #observer,
            ) {
                #on_running
            },
        }
    };
    // `NODES` read in a function that is not generic: named in the generic tick, the table would
    // be evaluated by rustc once more, for that function's generics (0.7 s of a 10,000-node
    // tree's 24 s build).
    let nodes = quote! {
        #[inline(always)]
        fn __bt_nodes() -> &'static [__bt::NodeInfo] {
            Self::NODES
        }
    };
    let returns = quote!(return __bt::Status::Running;);
    if g.plan.resume.len() <= RESUME_CHUNK {
        let arms = g.plan.resume.iter().map(|&leaf| arm(leaf, returns.clone()));
        // One walk for every case, so that the tree's code is not inlined twice.
        return (
            quote! {{
                match self.__bt_resume.leaf() {
                    #(#arms)*
                    _ => {}
                }
                #walk
            }},
            nodes,
        );
    }
    let context = &g.tree.header.context;
    let lifetimes = &g.tree.header.context_lifetimes;
    let code_type = syn::Ident::new(g.plan.resume_code_type(), proc_macro2::Span::call_site());
    let mut methods = nodes;
    let mut parts = TokenStream::new();
    for (part, leaves) in g.plan.resume.chunks(RESUME_CHUNK).enumerate() {
        let method = quote::format_ident!("__bt_resume_part_{}", part);
        let arms = leaves.iter().map(|&leaf| arm(leaf, quote!(return true;)));
        methods.extend(quote! {
            /// Part of the direct resume: `true` when the leaf of `__bt_code` is still running.
            #[inline]
            fn #method<#(#lifetimes,)* __BtO: __bt::Observer>(
                &mut self,
                #ctx: &mut #context,
                #observer: &mut __BtO,
                __bt_code: ::core::primitive::#code_type,
            ) -> ::core::primitive::bool {
                match __bt_code {
                    #(#arms)*
                    _ => {}
                }
                false
            }
        });
        let (first, last) = (
            code_literal(part * RESUME_CHUNK + 1),
            code_literal(part * RESUME_CHUNK + leaves.len()),
        );
        parts.extend(quote! {
            __bt_code @ #first..=#last => {
                if self.#method(#ctx, #observer, __bt_code) {
                    #returns
                }
            }
        });
    }
    (
        quote! {{
            match self.__bt_resume.leaf() {
                #parts
                _ => {}
            }
            #walk
        }},
        methods,
    )
}

/// The `call` that ticks leaf `id`. For a leaf the tick can resume directly, the walk first takes
/// the status a direct resume handed over, and remembers the leaf when it answers `Running`.
/// Such a leaf's tick function takes its running flag, the resume code (`running_flag`), as a
/// parameter ([`resumed_flag`]), so that the direct resume calls the same function with `true`.
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

/// The running flag that the walk passes to the tick function of leaf `id` if the tick can
/// resume it directly: whether the resume code names it.
pub(super) fn resumed_flag(g: &Gen, id: usize) -> Option<TokenStream> {
    let code = code_literal(g.plan.resume_code(id)?);
    Some(quote!(self.__bt_resume.is(#code)))
}

/// A resume code as an unsuffixed literal: its type is the tree's resume code type.
pub(super) fn code_literal(code: usize) -> proc_macro2::Literal {
    proc_macro2::Literal::usize_unsuffixed(code)
}

#[cfg(test)]
mod tests {
    use super::RESUME_CHUNK;

    /// A tree with more resumed leaves than one dispatch takes is dispatched in parts, each a
    /// method of its own, and the output is Rust.
    #[test]
    fn many_resumed_leaves_are_dispatched_in_parts() {
        let leaves = RESUME_CHUNK + 3;
        let body = "StatefulAction(Task), ".repeat(leaves);
        let input = format!("tree T for C {{ Sequence {{ Sequence {{ {body} }} }} }}");
        let out = crate::expand::behavior_tree(input.parse().expect("tokens")).to_string();
        syn::parse_file(&out).expect("the expansion is Rust");
        assert!(out.contains("__bt_resume_part_0"), "{out}");
        assert!(out.contains("__bt_resume_part_1"), "{out}");
        assert!(!out.contains("__bt_resume_part_2"), "{out}");
    }
}
