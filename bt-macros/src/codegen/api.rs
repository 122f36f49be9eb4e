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
        fields: quote!(__bt_stub: #blackboard,),
        new: quote!(__bt_stub: <#blackboard as ::core::default::Default>::default(),),
        nodes: quote!(&[]),
        node_count: quote!(0),
        generic_checks: Vec::new(),
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
    /// `NODES.len()` as a constant that names none of the tree's parameters.
    pub node_count: TokenStream,
    /// Compile-time checks that name the tree's type parameters, evaluated by `new`.
    pub generic_checks: Vec<TokenStream>,
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
            generics,
            ..
        } = self.header;
        let Api {
            blackboard,
            blackboard_access,
            blackboard_access_mut,
            fields,
            new,
            nodes,
            node_count,
            generic_checks,
            tick,
            halt,
            halt_root,
            status,
            private_methods,
            ..
        } = self;
        let (ctx, observer) = (ctx(), observer());
        // serde's derives are the macro's to write (`snapshot.rs`), not the struct's.
        let attrs = super::snapshot::without_serde(attrs);
        let name_text = name.to_string();
        let lifetimes = &self.header.context_lifetimes;
        let (impl_generics, _, where_clause) = generics.split_for_impl();
        let this = self.header.self_type();
        // The trait impls are generic over the tree's parameters and the context's lifetimes
        // that `tick` is generic over.
        let with_lifetimes = with_lifetimes(generics, lifetimes);
        let (trait_generics, _, _) = with_lifetimes.split_for_impl();
        let (phantom_field, mut phantom_init) = phantom(generics);
        if !generic_checks.is_empty() {
            // Checks of node types that name the tree's parameters: a constant of the impl,
            // evaluated where `new` is instantiated.
            phantom_init = quote!(__bt_params: {
                let () = <#this>::__BT_CHECKS;
                ::core::marker::PhantomData
            },);
        }
        let checks_const = match generic_checks.is_empty() {
            true => TokenStream::new(),
            false => quote! {
                const __BT_CHECKS: () = { #(let () = #generic_checks;)* };
            },
        };
        let error = match &self.header.error {
            Some(error) => quote!(#error),
            None => quote!(::core::convert::Infallible),
        };
        let static_context = static_context(self.header);
        let try_tick = match &self.header.error {
            Some(_) => quote!(<#this>::tick_with(self, #ctx, #observer)),
            None => quote!(::core::result::Result::Ok(<#this>::tick_with(self, #ctx, #observer))),
        };
        let mut trait_impls = quote! {
            impl #impl_generics __bt::TreeBase for #this #where_clause {
                type Context = #static_context;
                type Error = #error;
                type Blackboard = #blackboard;

                const NODES: &'static [__bt::NodeInfo] = <#this>::NODES;

                #[inline]
                fn new() -> Self {
                    <#this>::new()
                }

                #[inline]
                fn status(&self) -> ::core::option::Option<__bt::Status> {
                    <#this>::status(self)
                }

                #[inline]
                fn blackboard(&self) -> &#blackboard {
                    <#this>::blackboard(self)
                }

                #[inline]
                fn blackboard_mut(&mut self) -> &mut #blackboard {
                    <#this>::blackboard_mut(self)
                }
            }

            impl #trait_generics __bt::Tree<#context> for #this #where_clause {
                #[inline]
                fn try_tick_with<__BtO: __bt::Observer>(
                    &mut self,
                    #ctx: &mut #context,
                    #observer: &mut __BtO,
                ) -> ::core::result::Result<__bt::Status, #error> {
                    #try_tick
                }

                #[inline]
                fn halt_with<__BtO: __bt::Observer>(
                    &mut self,
                    #ctx: &mut #context,
                    #observer: &mut __BtO,
                ) {
                    <#this>::halt_with(self, #ctx, #observer)
                }
            }
        };
        if self.header.error.is_none() {
            // `Subtree` ticks infallibly.
            trait_impls.extend(quote! {
                #[allow(unused_variables)]
                impl #trait_generics __bt::Subtree<#context> for #this #where_clause {
                    #[inline]
                    fn halt_root_with<__BtO: __bt::Observer>(
                        &mut self,
                        #ctx: &mut #context,
                        #observer: &mut __BtO,
                    ) {
                        #halt_root
                    }
                }
            });
        }
        if generics.type_params().next().is_some() {
            // A parent generic over the same parameters sizes its `NODES` with this constant
            // (`codegen::subtree_node_count`): the count of a generic tree's impl depends on its
            // parameters for rustc, and an array length cannot.
            let count = node_count_const(name);
            let doc = format!("The number of nodes of [`{name}`], whatever its parameters.");
            trait_impls.extend(quote! {
                #[doc = #doc]
                #[doc(hidden)]
                #[allow(non_upper_case_globals)]
                #vis const #count: ::core::primitive::usize = #node_count;
            });
        }
        // `BehaviorTree` is bt-core's impl for every tree whose `Tree` impl cannot fail.
        let (answer, tick_doc) = match &self.header.error {
            None => (quote!(__bt::Status), " Ticks the root once.".to_owned()),
            Some(error) => (
                quote!(::core::result::Result<__bt::Status, #error>),
                " Ticks the root once. A leaf's error aborts the tick: every running node is halted (as by `halt`), the error is returned, and the next tick starts afresh.".to_owned(),
            ),
        };
        quote! {
            #(#attrs)*
            #vis struct #name #generics #where_clause {
                #fields
                #phantom_field
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
            impl #impl_generics #this #where_clause {
                #checks_const

                /// Number of nodes in the tree (ids are `0..NODE_COUNT`, in pre-order).
                pub const NODE_COUNT: ::core::primitive::usize = Self::NODES.len();

                /// Metadata of every node, indexed by node id.
                pub const NODES: &'static [__bt::NodeInfo] = #nodes;

                /// The tree as a Graphviz DOT graph (`format!("{}", Tree::to_dot())`).
                pub fn to_dot() -> __bt::export::Dot<'static> {
                    __bt::export::dot(Self::NODES)
                }

                /// The tree as a Mermaid flowchart.
                pub fn to_mermaid() -> __bt::export::Mermaid<'static> {
                    __bt::export::mermaid(Self::NODES)
                }

                /// The tree as BehaviorTree.CPP v4 XML, with a `TreeNodesModel` of its leaf
                /// types' ports: what Groot2 opens.
                pub fn to_xml() -> __bt::export::Xml<'static> {
                    __bt::export::xml(#name_text, Self::NODES)
                }

                /// A tree at rest: nothing running, every leaf built.
                pub fn new() -> Self {
                    Self {
                        #new
                        #phantom_init
                    }
                }

                #[doc = #tick_doc]
                #[inline]
                pub fn tick<#(#lifetimes),*>(&mut self, #ctx: &mut #context) -> #answer {
                    self.tick_with(#ctx, &mut __bt::NoObserver)
                }

                /// Ticks the root once, reporting every node's result to `observer`.
                #[inline]
                pub fn tick_with<#(#lifetimes,)* __BtO: __bt::Observer>(
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
                    self.halt_with(#ctx, &mut __bt::NoObserver)
                }

                /// Halts every running node, reporting each halt to `observer`.
                #[inline]
                pub fn halt_with<#(#lifetimes,)* __BtO: __bt::Observer>(
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
                pub fn status(&self) -> ::core::option::Option<__bt::Status> {
                    #status
                }

                #private_methods
            }

            impl #impl_generics ::core::default::Default for #this #where_clause {
                fn default() -> Self {
                    Self::new()
                }
            }

            #trait_impls
        }
    }
}

/// `generics` with `lifetimes` (the context's, which `tick` is generic over) first.
fn with_lifetimes(generics: &syn::Generics, lifetimes: &[syn::Lifetime]) -> syn::Generics {
    let mut generics = generics.clone();
    for (position, lifetime) in lifetimes.iter().enumerate() {
        let param = syn::LifetimeParam::new(lifetime.clone());
        generics
            .params
            .insert(position, syn::GenericParam::Lifetime(param));
    }
    generics
}

/// The field that uses every parameter of a generic tree, whichever its other fields use, and
/// its initialiser: `PhantomData<(fn() -> &'a (), fn() -> W)>`, which keeps the tree `Send`,
/// `Sync` and covariant whatever the parameters are (a `fn() -> W` holds no `W`). Nothing for a
/// tree without parameters, whose size and layout stay as they were.
pub(super) fn phantom(generics: &syn::Generics) -> (TokenStream, TokenStream) {
    if generics.params.is_empty() {
        return (TokenStream::new(), TokenStream::new());
    }
    let uses = generics.params.iter().filter_map(|param| match param {
        syn::GenericParam::Lifetime(param) => {
            let lifetime = &param.lifetime;
            Some(quote!(fn() -> &#lifetime ()))
        }
        syn::GenericParam::Type(param) => {
            let ty = &param.ident;
            Some(quote!(fn() -> #ty))
        }
        syn::GenericParam::Const(_) => None,
    });
    (
        quote!(__bt_params: ::core::marker::PhantomData<(#(#uses,)*)>,),
        quote!(__bt_params: ::core::marker::PhantomData,),
    )
}

/// The context with `'static` for the lifetimes `tick` is generic over: `TreeBase::Context`.
fn static_context(header: &Header) -> TokenStream {
    let lifetimes = &header.context_lifetimes;
    let context = &header.context;
    crate::tokens::static_lifetimes(quote!(#context), &|name| {
        lifetimes.iter().any(|lifetime| lifetime.ident == *name)
    })
}

/// The name of the constant beside a generic tree that holds its number of nodes.
pub(super) fn node_count_const(tree: &syn::Ident) -> syn::Ident {
    quote::format_ident!("__bt_node_count_{}", tree, span = tree.span())
}
