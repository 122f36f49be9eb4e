//! Saving and restoring a running tree: `#[derive(Serialize, Deserialize)]` on the tree (serde's
//! derives, named by their last path segment: `serde::Serialize` or `Serialize`) is not passed on
//! to the struct (whose fields are the macro's); the macro writes serde's impls for the tree and
//! for its blackboard instead, with the facade's feature `serde` (bt-core's state types, the
//! helpers of `bt_core::snapshot`). A tree that derives neither gets nothing of this: its code is
//! what it was, whatever the features.
//!
//! A tree is saved as a tuple struct: its shape (a fingerprint of the tree's definition, which
//! restoring checks first: `bt_core::snapshot`), the root's status, the running flags, the
//! blackboard, then every field of the tree in declaration order. A blackboard is saved as a
//! struct with its entries' names. The rules and the checks live in bt-core's `snapshot`; this
//! file only lists the fields, one straight-line call each. The impls are items of their own (not
//! methods of the tree's inherent impl), so that generics on the tree carry over as they do on
//! any impl. A part of the user's (a leaf, a user node, a subtree, an entry type) that does not
//! implement the derived trait is an error at its token in the tree, as serde's derive reports a
//! field's type.
//!
//! The impls go through `bt::__private::snapshot_impls!`, which emits them with the feature
//! `serde` and is a `compile_error!` at the derive without it.

use proc_macro2::{Delimiter, Group, Ident, Literal, Span, TokenStream, TokenTree};
use quote::{format_ident, quote, quote_spanned};
use syn::ext::IdentExt;
use syn::punctuated::Punctuated;
use syn::{Attribute, Path, Token};

use crate::model::Tree;

/// The serde derives on a tree: where each is written, if it is.
#[derive(Default)]
pub(super) struct Derives {
    pub serialize: Option<Span>,
    pub deserialize: Option<Span>,
}

impl Derives {
    /// The serde derives among `attrs`.
    pub(super) fn of(attrs: &[Attribute]) -> Derives {
        let mut derives = Derives::default();
        for path in attrs.iter().filter_map(derived).flatten() {
            match serde_trait(&path) {
                Some("Serialize") => derives.serialize = Some(last_span(&path)),
                Some("Deserialize") => derives.deserialize = Some(last_span(&path)),
                _ => {}
            }
        }
        derives
    }

    pub(super) fn any(&self) -> bool {
        self.serialize.is_some() || self.deserialize.is_some()
    }
}

/// The paths of a `#[derive(..)]` attribute.
fn derived(attr: &Attribute) -> Option<Punctuated<Path, Token![,]>> {
    if !attr.path().is_ident("derive") {
        return None;
    }
    attr.parse_args_with(Punctuated::<Path, Token![,]>::parse_terminated)
        .ok()
}

/// `Serialize` or `Deserialize` if `path` names serde's derive (by its last segment).
fn serde_trait(path: &Path) -> Option<&'static str> {
    let last = path.segments.last()?;
    ["Serialize", "Deserialize"]
        .into_iter()
        .find(|name| last.ident == name && last.arguments.is_none())
}

fn last_span(path: &Path) -> Span {
    path.segments
        .last()
        .map_or_else(Span::call_site, |last| last.ident.span())
}

/// `attrs` without serde's derives (a `#[derive(..)]` that names only them goes), for the tree's
/// struct and its blackboard's: the macro writes those impls itself.
pub(super) fn without_serde(attrs: &[Attribute]) -> Vec<Attribute> {
    let mut out = Vec::with_capacity(attrs.len());
    for attr in attrs {
        match derived(attr) {
            Some(paths) if paths.iter().any(|path| serde_trait(path).is_some()) => {
                let rest: Vec<&Path> = paths
                    .iter()
                    .filter(|path| serde_trait(path).is_none())
                    .collect();
                if !rest.is_empty() {
                    let pound = attr.pound_token;
                    let bracket = attr.bracket_token;
                    let mut kept: Attribute = syn::parse_quote!(#[derive(#(#rest),*)]);
                    kept.pound_token = pound;
                    kept.bracket_token = bracket;
                    out.push(kept);
                }
            }
            _ => out.push(attr.clone()),
        }
    }
    out
}

/// One saved field of the tree: its place and type.
pub(super) struct Field {
    pub place: super::Field,
    pub ty: TokenStream,
}

/// `Serialize`, `Deserialize` (and bt-core's `Fields`, which restoring fills in) for the tree, and
/// for its blackboard. `fields` are the tree's fields in the order they are saved; `nodes` is the
/// `NODES` table, part of the shape.
pub(super) fn impls(tree: &Tree, fields: &[Field], nodes: &TokenStream) -> TokenStream {
    let derives = Derives::of(&tree.header.attrs);
    if !derives.any() {
        return TokenStream::new();
    }
    let name = &tree.header.name;
    let name_text = name.to_string();
    let mut shape = Fingerprint::new();
    for field in fields {
        shape.ident(&field.place.name);
        shape.tokens(field.ty.clone());
    }
    if let Some(blackboard) = &tree.blackboard {
        for entry in &blackboard.entries {
            shape.ident(&entry.name);
            shape.word(if entry.tracked { "tracked" } else { "plain" });
            shape.tokens(quote::ToTokens::to_token_stream(&entry.ty));
        }
    }
    shape.tokens(nodes.clone());
    let shape = Literal::u64_suffixed(shape.0);
    let len = fields.len() + 1;
    let (serde, snapshot) = (quote!(__bt::serde), quote!(__bt::snapshot));
    let mut saves = Vec::new();
    let mut restores = Vec::new();
    for Field { place, ty } in fields {
        // A part of the user's is reported at its type in the tree, as serde's derive reports a
        // field's type (located there, resolved as the rest of the code); the macro's own parts
        // implement the traits under the feature.
        let span = match Part::of(ty) {
            Part::User => (ty.clone().into_iter().next()).map_or_else(Span::call_site, |token| {
                Span::call_site().located_at(token.span())
            }),
            _ => Span::call_site(),
        };
        // The field's name too, so that the argument, the error's primary span, is all there.
        let name = place.located(span);
        match Part::of(ty) {
            Part::Array => {
                saves.push(quote!(__bt_save.array(&self.#name);));
                restores.push(quote!(__bt_read.array(&mut __bt_tree.#name);));
            }
            _ => {
                saves.push(quote_spanned!(span=> __bt_save.field(&self.#name);));
                restores.push(quote_spanned!(span=> __bt_read.field(&mut __bt_tree.#name);));
            }
        }
    }
    let users: Vec<TokenStream> = (fields.iter())
        .filter(|field| Part::of(&field.ty) == Part::User)
        .map(|field| field.ty.clone())
        .collect();
    let ImplGenerics {
        ser: (ser_impl, this, ser_where),
        de: (de_impl, _, de_where),
    } = ImplGenerics::new(tree, name, &users);
    let mut out = TokenStream::new();
    if derives.serialize.is_some() {
        out.extend(quote! {
            #[automatically_derived]
            impl #ser_impl #serde::Serialize for #this #ser_where {
                fn serialize<__BtS: #serde::Serializer>(
                    &self,
                    __bt_serializer: __BtS,
                ) -> ::core::result::Result<__BtS::Ok, __BtS::Error> {
                    let mut __bt_save = #snapshot::Save::new(__bt_serializer, #name_text, #len);
                    __bt_save.field(&#shape);
                    #(#saves)*
                    __bt_save.end()
                }
            }
        });
    }
    if derives.deserialize.is_some() {
        out.extend(quote! {
            #[automatically_derived]
            impl #de_impl #snapshot::Fields<'__bt_de> for #this #de_where {
                const NAME: &'static ::core::primitive::str = #name_text;
                const LEN: ::core::primitive::usize = #len;
                const SHAPE: ::core::primitive::u64 = #shape;

                fn from_seq<__BtA: #serde::de::SeqAccess<'__bt_de>>(
                    __bt_seq: &mut __BtA,
                ) -> ::core::result::Result<Self, __BtA::Error> {
                    let mut __bt_tree = Self::new();
                    let mut __bt_read = #snapshot::Read::new(__bt_seq, #name_text, #len, 1);
                    #(#restores)*
                    __bt_read.end(__bt_tree)
                }
            }

            #[automatically_derived]
            impl #de_impl #serde::Deserialize<'__bt_de> for #this #de_where {
                fn deserialize<__BtD: #serde::Deserializer<'__bt_de>>(
                    __bt_deserializer: __BtD,
                ) -> ::core::result::Result<Self, __BtD::Error> {
                    #snapshot::restore(__bt_deserializer)
                }
            }
        });
    }
    out.extend(blackboard_impls(tree, &derives));
    // Without the feature, one error at the derive instead of the impls.
    let at = derives
        .serialize
        .or(derives.deserialize)
        .unwrap_or_else(Span::call_site);
    // The whole invocation at the derive (its braces too), which is where rustc reports the
    // macro's `compile_error!`.
    let gate = quote_spanned!(at=> __bt::snapshot_impls!);
    let mut impls = Group::new(Delimiter::Brace, out);
    impls.set_span(at);
    quote!(#gate #impls)
}

/// The generics of the impls of a tree (or its blackboard) named `name`: `(impl<..>, Name<..>,
/// where ..)` for `Serialize`, and the same with the lifetime `'__bt_de` for `Deserialize`. A
/// generic tree's parts that name its type parameters are bound in the `where` clause.
struct ImplGenerics {
    ser: (TokenStream, TokenStream, TokenStream),
    de: (TokenStream, TokenStream, TokenStream),
}

impl ImplGenerics {
    fn new(tree: &Tree, name: &Ident, parts: &[TokenStream]) -> ImplGenerics {
        let serde = quote!(__bt::serde);
        let generics = &tree.header.generics;
        let generic: Vec<&TokenStream> = (parts.iter())
            .filter(|ty| tree.header.names_type_param((*ty).clone()))
            .collect();
        let mut ser = generics.clone();
        let mut de = generics.clone();
        de.params.insert(0, syn::parse_quote!('__bt_de));
        for ty in &generic {
            ser.make_where_clause()
                .predicates
                .push(syn::parse_quote!(#ty: #serde::Serialize));
            de.make_where_clause()
                .predicates
                .push(syn::parse_quote!(#ty: #serde::Deserialize<'__bt_de>));
        }
        let (_, args, _) = generics.split_for_impl();
        let parts = |generics: &syn::Generics| {
            let (impl_generics, _, where_clause) = generics.split_for_impl();
            (
                quote!(#impl_generics),
                quote!(#name #args),
                quote!(#where_clause),
            )
        };
        ImplGenerics {
            ser: parts(&ser),
            de: parts(&de),
        }
    }
}

/// The blackboard's impls: a struct of its entries by name.
fn blackboard_impls(tree: &Tree, derives: &Derives) -> TokenStream {
    let Some(blackboard) = &tree.blackboard else {
        return TokenStream::new();
    };
    let name = format_ident!("{}Blackboard", tree.header.name);
    let name_text = name.to_string();
    let (serde, snapshot) = (quote!(__bt::serde), quote!(__bt::snapshot));
    let entries = &blackboard.entries;
    let len = entries.len();
    let texts: Vec<_> = (entries.iter())
        .map(|entry| entry.name.unraw().to_string())
        .collect();
    // Each entry's calls at its type, where a type without the trait is reported.
    let at = |entry: &crate::model::Entry| {
        quote::ToTokens::to_token_stream(&entry.ty)
            .into_iter()
            .next()
            .map_or_else(Span::call_site, |token| {
                Span::call_site().located_at(token.span())
            })
    };
    let saves = entries.iter().zip(&texts).map(|(entry, text)| {
        let field = &entry.name;
        quote_spanned!(at(entry)=> __bt_save.entry(#text, &self.#field);)
    });
    let reads = entries.iter().map(|entry| {
        let field = &entry.name;
        quote_spanned!(at(entry)=> __bt_read.field(&mut __bt_bb.#field);)
    });
    let values = entries.iter().enumerate().map(|(index, entry)| {
        let field = &entry.name;
        quote_spanned!(at(entry)=> #index => __bt_read.value(&mut __bt_bb.#field),)
    });
    let types: Vec<TokenStream> = (entries.iter())
        .map(|entry| quote::ToTokens::to_token_stream(&entry.ty))
        .collect();
    let ImplGenerics {
        ser: (ser_impl, this, ser_where),
        de: (de_impl, _, de_where),
    } = ImplGenerics::new(tree, &name, &types);
    let mut out = TokenStream::new();
    if derives.serialize.is_some() {
        out.extend(quote! {
            #[automatically_derived]
            impl #ser_impl #serde::Serialize for #this #ser_where {
                fn serialize<__BtS: #serde::Serializer>(
                    &self,
                    __bt_serializer: __BtS,
                ) -> ::core::result::Result<__BtS::Ok, __BtS::Error> {
                    let mut __bt_save = #snapshot::SaveStruct::new(__bt_serializer, #name_text, #len);
                    #(#saves)*
                    __bt_save.end()
                }
            }
        });
    }
    if derives.deserialize.is_some() {
        out.extend(quote! {
            #[automatically_derived]
            impl #de_impl #snapshot::Fields<'__bt_de> for #this #de_where {
                const NAME: &'static ::core::primitive::str = #name_text;
                const LEN: ::core::primitive::usize = #len;
                const SHAPE: ::core::primitive::u64 = 0;

                fn from_seq<__BtA: #serde::de::SeqAccess<'__bt_de>>(
                    __bt_seq: &mut __BtA,
                ) -> ::core::result::Result<Self, __BtA::Error> {
                    let mut __bt_bb = Self::new();
                    let mut __bt_read = #snapshot::Read::new(__bt_seq, #name_text, #len, 0);
                    #(#reads)*
                    __bt_read.end(__bt_bb)
                }

                fn from_map<__BtA: #serde::de::MapAccess<'__bt_de>>(
                    __bt_map: &mut __BtA,
                ) -> ::core::result::Result<Self, __BtA::Error> {
                    let mut __bt_bb = Self::new();
                    let mut __bt_read = #snapshot::ReadMap::new(__bt_map, &[#(#texts),*]);
                    while let ::core::option::Option::Some(__bt_index) = __bt_read.key() {
                        match __bt_index {
                            #(#values)*
                            _ => __bt_read.skip(),
                        }
                    }
                    __bt_read.end(__bt_bb)
                }
            }

            #[automatically_derived]
            impl #de_impl #serde::Deserialize<'__bt_de> for #this #de_where {
                fn deserialize<__BtD: #serde::Deserializer<'__bt_de>>(
                    __bt_deserializer: __BtD,
                ) -> ::core::result::Result<Self, __BtD::Error> {
                    #snapshot::restore_blackboard(__bt_deserializer, &[#(#texts),*])
                }
            }
        });
    }
    out
}

/// Where a field's type comes from, which decides its bound.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    /// bt-core's state (`__bt::..`) or `core`'s (`Option<Status>`): serde's traits are there
    /// under the feature.
    Ours,
    /// An array of bt-core's (a user node's children's last statuses): saved through
    /// `snapshot::Array`, any length.
    Array,
    /// The user's (a leaf, a user node, a subtree, the blackboard): its calls are spanned at its
    /// type, where a type without the trait is reported.
    User,
}

impl Part {
    fn of(ty: &TokenStream) -> Part {
        let mut tokens = ty.clone().into_iter();
        match (tokens.next(), tokens.next(), tokens.next(), tokens.next()) {
            (Some(TokenTree::Group(group)), None, ..)
                if group.delimiter() == Delimiter::Bracket =>
            {
                Part::Array
            }
            (Some(TokenTree::Ident(root)), Some(TokenTree::Punct(colon)), ..)
                if root == crate::runtime::NAME && colon.as_char() == ':' =>
            {
                Part::Ours
            }
            (
                Some(TokenTree::Punct(a)),
                Some(TokenTree::Punct(b)),
                Some(TokenTree::Ident(root)),
                _,
            ) if a.as_char() == ':' && b.as_char() == ':' && root == "core" => Part::Ours,
            _ => Part::User,
        }
    }
}

/// FNV-1a (64 bits) over the text of tokens, with a separator after each token and around each
/// group: the same definition gives the same shape whatever the compiler's spacing.
struct Fingerprint(u64);

impl Fingerprint {
    fn new() -> Self {
        Fingerprint(0xcbf2_9ce4_8422_2325)
    }

    fn byte(&mut self, byte: u8) {
        self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
    }

    fn word(&mut self, text: &str) {
        text.bytes().for_each(|byte| self.byte(byte));
        self.byte(0);
    }

    fn ident(&mut self, ident: &Ident) {
        self.word(&ident.to_string());
    }

    fn tokens(&mut self, tokens: TokenStream) {
        for token in tokens {
            match token {
                TokenTree::Group(group) => {
                    let (open, close) = match group.delimiter() {
                        Delimiter::Parenthesis => ("(", ")"),
                        Delimiter::Brace => ("{", "}"),
                        Delimiter::Bracket => ("[", "]"),
                        Delimiter::None => ("", ""),
                    };
                    self.word(open);
                    self.tokens(group.stream());
                    self.word(close);
                }
                TokenTree::Ident(ident) => self.ident(&ident),
                TokenTree::Punct(punct) => self.word(punct.as_char().encode_utf8(&mut [0; 4])),
                TokenTree::Literal(literal) => self.word(&literal.to_string()),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spacing_does_not_change_the_shape() {
        let shape = |text: &str| {
            let mut shape = Fingerprint::new();
            shape.tokens(text.parse().unwrap());
            shape.0
        };
        assert_eq!(shape("Repeat < u8 > ( 3 )"), shape("Repeat<u8>(3)"));
        assert_ne!(shape("Repeat<u8>(3)"), shape("Repeat<u8>(4)"));
        assert_ne!(shape("a b"), shape("ab"));
    }

    #[test]
    fn parts_by_their_path() {
        let part = |text: &str| Part::of(&text.parse().unwrap());
        assert!(part("__bt::Sequence<u8>") == Part::Ours);
        assert!(part("::core::option::Option<__bt::Status>") == Part::Ours);
        assert!(part("[::core::option::Option<__bt::Status>; 3usize]") == Part::Array);
        assert!(part("Walk") == Part::User);
        assert!(part("crate::bt::Walk") == Part::User);
        assert!(part("crate::__bt::Walk") == Part::User);
        assert!(part("FieldTask<7>") == Part::User);
    }
}
