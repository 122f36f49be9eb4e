//! The blackboard struct (`{Tree}Blackboard`: one public field per entry), its support for a
//! subtree's `..`, and the warnings at entries no node uses.

use proc_macro2::{Delimiter, Group, Ident, Span, TokenStream};
use quote::{format_ident, quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;

use crate::model::{Blackboard, Tree};

/// The blackboard's type: `{Tree}Blackboard`, or `()` for a tree without a blackboard section.
pub(super) fn blackboard_type(tree: &Tree) -> TokenStream {
    match &tree.blackboard {
        Some(_) => {
            let name = format_ident!("{}Blackboard", tree.header.name);
            let (_, args, _) = tree.header.generics.split_for_impl();
            quote!(#name #args)
        }
        None => quote!(()),
    }
}

/// The blackboard struct: one public field per entry, each with its initial value.
pub(super) fn blackboard_struct(tree: &Tree) -> TokenStream {
    let Some(blackboard) = &tree.blackboard else {
        return TokenStream::new();
    };
    let vis = &tree.header.vis;
    let tree_name = &tree.header.name;
    let name = format_ident!("{}Blackboard", tree_name);
    let doc = format!("The blackboard of [`{tree_name}`]: one field per entry.");
    // The tree's derives apply to its blackboard too, which the tree holds (`#[derive(Debug,
    // Clone)]` on a tree needs them on the blackboard).
    // (serde's derives are the macro's to write: `snapshot.rs`.)
    let attrs = super::snapshot::without_serde(&tree.header.attrs);
    let derives = (attrs.iter()).filter(|attr| attr.path().is_ident("derive"));
    let generics = &tree.header.generics;
    let (impl_generics, args, where_clause) = generics.split_for_impl();
    let autoremap = blackboard_autoremap(&name, generics, blackboard);
    // A generic tree's blackboard has the tree's parameters, and uses those its entries do not.
    let types = (blackboard.entries.iter()).map(|entry| entry.ty.to_token_stream());
    let types: TokenStream = types.collect();
    let unused = generics
        .params
        .iter()
        .any(|param| !names_param(types.clone(), param));
    let (phantom_field, phantom_init) = match unused {
        true => super::api::phantom(generics),
        false => (TokenStream::new(), TokenStream::new()),
    };
    // rustc reads `non_snake_case` for a struct's fields at the struct: an entry that allows it
    // (as every entry of an XML tree does) allows it there.
    let style = (blackboard.entries.iter())
        .any(|entry| entry.attrs.iter().any(allows_non_snake_case))
        .then(|| quote!(#[allow(non_snake_case)]));
    let fields = blackboard.entries.iter().map(|entry| {
        let (name, ty) = (&entry.name, &entry.ty);
        let attrs = &entry.attrs;
        if entry.tracked {
            quote!(#(#attrs)* pub #name: __bt::Tracked<#ty>)
        } else {
            quote!(#(#attrs)* pub #name: #ty)
        }
    });
    let inits = blackboard.entries.iter().map(|entry| {
        let (name, ty) = (&entry.name, &entry.ty);
        let value = match &entry.init {
            Some(init) => quote_spanned!(init.span()=> #init),
            None => quote_spanned!(ty.span()=> <#ty as ::core::default::Default>::default()),
        };
        if entry.tracked {
            quote!(#name: __bt::Tracked::new(#value))
        } else {
            quote!(#name: #value)
        }
    });
    // The struct's own tokens at the tree's name: a type of the user's with the blackboard's
    // name is reported as redefined there, rather than at the whole invocation.
    let at_name = tree_name.span();
    let mut body = Group::new(Delimiter::Brace, quote!(#(#fields,)* #phantom_field));
    body.set_span(at_name);
    let struct_keyword = quote_spanned!(at_name=> struct);
    let doc = quote_spanned!(at_name=> #[doc = #doc]);
    quote! {
        #doc
        #(#derives)*
        #style
        #vis #struct_keyword #name #generics #where_clause #body

        impl #impl_generics #name #args #where_clause {
            /// Every entry at its initial value.
            pub fn new() -> Self {
                Self { #(#inits,)* #phantom_init }
            }
        }

        impl #impl_generics ::core::default::Default for #name #args #where_clause {
            fn default() -> Self {
                Self::new()
            }
        }

        #autoremap
    }
}

/// Whether `tokens` name the parameter `param` (a type's name, or a lifetime).
fn names_param(tokens: TokenStream, param: &syn::GenericParam) -> bool {
    let (ident, lifetime) = match param {
        syn::GenericParam::Type(param) => (&param.ident, false),
        syn::GenericParam::Lifetime(param) => (&param.lifetime.ident, true),
        syn::GenericParam::Const(param) => (&param.ident, false),
    };
    let mut after_apostrophe = false;
    tokens.into_iter().any(|token| {
        let found = match &token {
            proc_macro2::TokenTree::Ident(name) => name == ident && after_apostrophe == lifetime,
            proc_macro2::TokenTree::Group(group) => names_param(group.stream(), param),
            _ => false,
        };
        after_apostrophe =
            matches!(&token, proc_macro2::TokenTree::Punct(punct) if punct.as_char() == '\'');
        found
    })
}

/// Whether `attr` is `#[allow(.., non_snake_case, ..)]`.
fn allows_non_snake_case(attr: &syn::Attribute) -> bool {
    attr.path().is_ident("allow")
        && attr
            .parse_args_with(
                syn::punctuated::Punctuated::<syn::Path, syn::Token![,]>::parse_terminated,
            )
            .is_ok_and(|lints| lints.iter().any(|lint| lint.is_ident("non_snake_case")))
}

/// Lets the blackboard take part in a subtree's `..`: each entry can be found by its name (as a
/// type: `(C<'s'>, C<'p'>, ..)`), and, as a subtree's blackboard, it trades every entry with the
/// parent's namesake.
fn blackboard_autoremap(
    name: &Ident,
    generics: &syn::Generics,
    blackboard: &Blackboard,
) -> TokenStream {
    let parent = Ident::new("__BtP", Span::mixed_site());
    // The impls over the parent's blackboard are generic over the tree's parameters too.
    let (params, (_, args, _)) = (&generics.params, generics.split_for_impl());
    let params = match params.is_empty() {
        true => quote!(#parent),
        false => quote!(#params, #parent),
    };
    let tree_bounds = (generics.where_clause.iter()).flat_map(|clause| &clause.predicates);
    let tree_bounds = quote!(#(#tree_bounds,)*);
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let this = quote!(#name #args);
    let parent_bb = Ident::new("__bt_parent", Span::mixed_site());
    let mut has_entry = TokenStream::new();
    let mut markers = TokenStream::new();
    let mut marker_keys = TokenStream::new();
    let names = quote::format_ident!("__bt_entries_{}", name);
    let mut bounds = Vec::new();
    let mut trades = Vec::new();
    for entry in &blackboard.entries {
        let field = &entry.name;
        let chars = field.to_string();
        let chars = chars.chars();
        let key = quote!((#(__bt::C<#chars>,)*));
        let ty = &entry.ty;
        let ty = if entry.tracked {
            quote!(__bt::Tracked<#ty>)
        } else {
            quote!(#ty)
        };
        has_entry.extend(quote! {
            impl #impl_generics __bt::HasEntry<#key> for #this #where_clause {
                type Entry = #ty;

                #[inline(always)]
                fn entry(&mut self) -> &mut #ty {
                    &mut self.#field
                }
            }
        });
        markers.extend(quote! {
            /// The name of an entry, for the errors of a subtree's `..`.
            pub struct #field;
        });
        let marker = quote!(#names::#field);
        // Outside the module, where the runtime's name is imported (`crate::runtime`).
        marker_keys.extend(quote! {
            impl __bt::EntryKey for #marker {
                type Key = #key;
            }
        });
        // At the entry's name: rustc shows where a bound that a parent's `..` misses was
        // introduced, so a missing entry or one of another type is pointed at by name.
        bounds.push(quote_spanned! {field.span()=>
            #parent: __bt::HasNamedEntry<#marker>,
            <#parent as __bt::HasNamedEntry<#marker>>::Entry: __bt::SameEntry<#ty>
        });
        trades.push(quote! {
            __bt::SameEntry::trade(
                __bt::HasNamedEntry::<#marker>::entry(#parent_bb),
                &mut self.#field,
            );
        });
    }
    let has_entry = quote! {
        #has_entry

        /// Marker types named after the blackboard's entries (`bt_core::subtree::EntryKey`).
        #[doc(hidden)]
        #[allow(non_snake_case, non_camel_case_types, dead_code)]
        pub mod #names {
            #markers
        }
        #marker_keys
    };
    if bounds.len() <= AUTOREMAP_CHUNK {
        return quote! {
            #has_entry

            impl<#params> __bt::AutoRemap<#parent> for #this
            where
                #tree_bounds
                #(#bounds,)*
            {
                #[inline(always)]
                fn trade_all(&mut self, #parent_bb: &mut #parent) {
                    #(#trades)*
                }
            }
        };
    }
    // Many entries: `AutoRemap` through chunks of entries (`bt_core::subtree::AutoRemapChunk`),
    // so that no impl has more than `AUTOREMAP_CHUNK` bounds and compile time stays linear.
    let chunks: Vec<usize> = (0..bounds.len().div_ceil(AUTOREMAP_CHUNK)).collect();
    let chunk_impls = (bounds
        .chunks(AUTOREMAP_CHUNK)
        .zip(trades.chunks(AUTOREMAP_CHUNK)))
    .zip(&chunks)
    .map(|((bounds, trades), chunk)| {
        quote! {
            impl<#params> __bt::AutoRemapChunk<#parent, #chunk> for #this
            where
                #tree_bounds
                #(#bounds,)*
            {
                #[inline(always)]
                fn trade_chunk(&mut self, #parent_bb: &mut #parent) {
                    #(#trades)*
                }
            }
        }
    });
    quote! {
        #has_entry
        #(#chunk_impls)*

        impl<#params> __bt::AutoRemap<#parent> for #this
        where
            #tree_bounds
            #(Self: __bt::AutoRemapChunk<#parent, #chunks>,)*
        {
            #[inline(always)]
            fn trade_all(&mut self, #parent_bb: &mut #parent) {
                #(__bt::AutoRemapChunk::<#parent, #chunks>::trade_chunk(self, #parent_bb);)*
            }
        }
    }
}

/// The most entries one impl of the `..` support names in its bounds.
const AUTOREMAP_CHUNK: usize = 32;

/// A warning at each entry no node uses. A proc macro cannot emit warnings on stable Rust, so
/// each is the use of a `#[deprecated]` item, spanned at the entry's name, whose note says what
/// is wrong and what to do.
///
/// With a `SubTree(Child, ..)`, an entry that no node mentions is still used when `Child` has an
/// entry of that name, which only the type checker knows: the warning is then the call of a
/// method that resolves to a deprecated one only when `Child`'s blackboard lacks the entry
/// (`bt_core::subtree::SharedEntryProbe`). With `..` to children of several tree types, no entry
/// is reported (the probe asks one child; "any of them has it" is not a bound rustc can choose
/// by).
pub(super) fn unused_entry_warnings(tree: &Tree) -> TokenStream {
    let tree_name = &tree.header.name;
    let shared_with = match tree.shared_with.as_slice() {
        [] => None,
        // A probe is a module-level item: it cannot name a child of the tree's parameters.
        [child] if tree.header.names_type_param(child.to_token_stream()) => {
            return TokenStream::new()
        }
        [child] => Some(crate::tokens::static_lifetimes(
            child.to_token_stream(),
            &|_| true,
        )),
        _ => return TokenStream::new(),
    };
    let warnings = tree.unused_entries.iter().map(|entry| {
        if let Some(child) = &shared_with {
            let chars = entry.to_string();
            let chars = chars.chars();
            let key = quote!((#(__bt::C<#chars>,)*));
            let probe = quote_spanned! {entry.span()=>
                (&__bt::SharedEntryProbe::<
                    <#child as __bt::TreeBase>::Blackboard,
                    #key,
                >::new()).unused_blackboard_entry()
            };
            return quote! {
                const _: () = {
                    #[allow(unused_imports)]
                    use __bt::{NotSharedWithSubtree as _, SharedWithSubtree as _};
                    let _ = || #probe;
                };
            };
        }
        let name = format_ident!("unused_blackboard_entry_{}", entry, span = entry.span());
        let note = super::deprecation_note(
            &name.to_string(),
            &format!(
                "no node of tree `{tree_name}` uses this entry: bind it to a port, use it in a script or a condition, or remove it; if only code outside the tree uses it, mark it `#[allow(unused)]`"
            ),
        );
        quote_spanned! {entry.span()=>
            const _: () = {
                #[deprecated(note = #note)]
                #[allow(non_upper_case_globals)]
                const #name: () = ();
                #name
            };
        }
    });
    quote!(#(#warnings)*)
}
