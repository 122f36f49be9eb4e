//! The tree's public surface (`new`, `tick`, `halt`, `blackboard`, `status`, `NODES`, the
//! `BehaviorTree` and `Subtree` impls), shared by real trees and the stubs emitted after errors.

use proc_macro2::TokenStream;
use quote::quote;

use super::{ctx, observer};
use crate::model::Header;

/// The tree type with its public API but no nodes, emitted after errors so that code using the
/// tree type-checks and the user sees only the real errors.
pub(super) fn stub(header: &Header, blackboard: TokenStream) -> TokenStream {
    let (ctx, observer) = (ctx(), observer());
    Api {
        header,
        blackboard: blackboard.clone(),
        fields: quote!(__bt_stub: #blackboard),
        new: quote!(Self { __bt_stub: <#blackboard as ::core::default::Default>::default() }),
        nodes: quote!(&[]),
        tick: quote! {
            let _ = (#ctx, #observer);
            ::core::unreachable!("this tree failed to compile")
        },
        halt: quote!(let _ = (#ctx, #observer);),
        halt_root: quote!(let _ = (#ctx, #observer);),
        status: quote!(::core::option::Option::None),
        // A tree with random nodes has these; the stub cannot tell, so it has them too, and
        // code that calls them shows no follow-on errors.
        private_methods: quote! {
            /// This tree failed to compile.
            pub fn seeded(seed: ::core::primitive::u64) -> Self {
                let _ = seed;
                Self::new()
            }

            /// This tree failed to compile.
            pub fn reseed(&mut self, seed: ::core::primitive::u64) {
                let _ = seed;
            }
        },
        blackboard_access: quote!(&self.__bt_stub),
        blackboard_access_mut: quote!(&mut self.__bt_stub),
    }
    .generate()
}

/// The public surface shared by real trees and stubs.
pub(super) struct Api<'a> {
    pub header: &'a Header,
    pub blackboard: TokenStream,
    pub blackboard_access: TokenStream,
    pub blackboard_access_mut: TokenStream,
    pub fields: TokenStream,
    pub new: TokenStream,
    pub nodes: TokenStream,
    pub tick: TokenStream,
    pub halt: TokenStream,
    /// Halts the running nodes only (the `SubTree` node's halt).
    pub halt_root: TokenStream,
    pub status: TokenStream,
    pub private_methods: TokenStream,
}

impl Api<'_> {
    pub(super) fn generate(self) -> TokenStream {
        let Header {
            attrs,
            vis,
            name,
            context,
            ..
        } = self.header;
        let Api {
            blackboard,
            blackboard_access,
            blackboard_access_mut,
            fields,
            new,
            nodes,
            tick,
            halt,
            halt_root,
            status,
            private_methods,
            ..
        } = self;
        let (ctx, observer) = (ctx(), observer());
        let name_text = name.to_string();
        let lifetimes = &self.header.context_lifetimes;
        let trait_impls = if self.header.error.is_some() || !lifetimes.is_empty() {
            // `BehaviorTree` and `Subtree` tick infallibly, and name one context type: a tree with
            // an error type, or whose context has lifetimes, has neither.
            TokenStream::new()
        } else {
            quote! {
            impl ::bt::__private::BehaviorTree for #name {
                type Context = #context;
                type Blackboard = #blackboard;

                const NODES: &'static [::bt::__private::NodeInfo] = #name::NODES;

                #[inline]
                fn tick_with<__BtO: ::bt::__private::Observer>(
                    &mut self,
                    #ctx: &mut #context,
                    #observer: &mut __BtO,
                ) -> ::bt::__private::Status {
                    #name::tick_with(self, #ctx, #observer)
                }

                #[inline]
                fn halt_with<__BtO: ::bt::__private::Observer>(
                    &mut self,
                    #ctx: &mut #context,
                    #observer: &mut __BtO,
                ) {
                    #name::halt_with(self, #ctx, #observer)
                }

                #[inline]
                fn status(&self) -> ::core::option::Option<::bt::__private::Status> {
                    #name::status(self)
                }

                #[inline]
                fn blackboard(&self) -> &#blackboard {
                    #name::blackboard(self)
                }

                #[inline]
                fn blackboard_mut(&mut self) -> &mut #blackboard {
                    #name::blackboard_mut(self)
                }
            }

            #[allow(unused_variables)]
            impl ::bt::__private::Subtree<#context> for #name {
                const __NODE_COUNT: ::core::primitive::usize = #name::NODE_COUNT;
                const __NODES: &'static [::bt::__private::NodeInfo] = #name::NODES;

                #[inline]
                fn __new() -> Self {
                    #name::new()
                }

                #[inline]
                fn halt_root_with<__BtO: ::bt::__private::Observer>(
                    &mut self,
                    #ctx: &mut #context,
                    #observer: &mut __BtO,
                ) {
                    #halt_root
                }
            }
            }
        };
        let (answer, tick_doc) = match &self.header.error {
            None => (quote!(::bt::__private::Status), " Ticks the root once.".to_owned()),
            Some(error) => (
                quote!(::core::result::Result<::bt::__private::Status, #error>),
                " Ticks the root once. A leaf's error aborts the tick: every running node is halted (as by `halt`), the error is returned, and the next tick starts afresh.".to_owned(),
            ),
        };
        quote! {
            #(#attrs)*
            #vis struct #name {
                #fields
            }

            #[allow(
                dead_code,
                unused_variables,
                unused_mut,
                unreachable_code,
                clippy::all,
                clippy::pedantic,
                clippy::nursery
            )]
            impl #name {
                /// Number of nodes in the tree (ids are `0..NODE_COUNT`, in pre-order).
                pub const NODE_COUNT: ::core::primitive::usize = Self::NODES.len();

                /// Metadata of every node, indexed by node id.
                pub const NODES: &'static [::bt::__private::NodeInfo] = #nodes;

                /// The tree as a Graphviz DOT graph (`format!("{}", Tree::to_dot())`).
                pub fn to_dot() -> ::bt::__private::export::Dot<'static> {
                    ::bt::__private::export::dot(Self::NODES)
                }

                /// The tree as a Mermaid flowchart.
                pub fn to_mermaid() -> ::bt::__private::export::Mermaid<'static> {
                    ::bt::__private::export::mermaid(Self::NODES)
                }

                /// The tree as BehaviorTree.CPP v4 XML, with a `TreeNodesModel` of its leaf
                /// types' ports: what Groot2 opens.
                pub fn to_xml() -> ::bt::__private::export::Xml<'static> {
                    ::bt::__private::export::xml(#name_text, Self::NODES)
                }

                /// A tree at rest: nothing running, every leaf built.
                pub fn new() -> Self {
                    #new
                }

                #[doc = #tick_doc]
                #[inline]
                pub fn tick<#(#lifetimes),*>(&mut self, #ctx: &mut #context) -> #answer {
                    self.tick_with(#ctx, &mut ::bt::__private::NoObserver)
                }

                /// Ticks the root once, reporting every node's result to `observer`.
                #[inline]
                pub fn tick_with<#(#lifetimes,)* __BtO: ::bt::__private::Observer>(
                    &mut self,
                    #ctx: &mut #context,
                    #observer: &mut __BtO,
                ) -> #answer {
                    #tick
                }

                /// Halts every running node: each started, unfinished stateful action gets
                /// `on_halted` exactly once. Loop counts restart, also those of idle loops
                /// (a count kept across a skip); SequenceWithMemory and RunOnce keep their memory.
                #[inline]
                pub fn halt<#(#lifetimes),*>(&mut self, #ctx: &mut #context) {
                    self.halt_with(#ctx, &mut ::bt::__private::NoObserver)
                }

                /// Halts every running node, reporting each halt to `observer`.
                #[inline]
                pub fn halt_with<#(#lifetimes,)* __BtO: ::bt::__private::Observer>(
                    &mut self,
                    #ctx: &mut #context,
                    #observer: &mut __BtO,
                ) {
                    #halt
                }

                /// The tree's blackboard.
                #[inline]
                pub fn blackboard(&self) -> &#blackboard {
                    #blackboard_access
                }

                /// The tree's blackboard, to change entries between ticks.
                #[inline]
                pub fn blackboard_mut(&mut self) -> &mut #blackboard {
                    #blackboard_access_mut
                }

                /// The root's status on the last tick; `None` before the first tick and after a
                /// halt.
                #[inline]
                pub fn status(&self) -> ::core::option::Option<::bt::__private::Status> {
                    #status
                }

                #private_methods
            }

            impl ::core::default::Default for #name {
                fn default() -> Self {
                    Self::new()
                }
            }

            #trait_impls
        }
    }
}
