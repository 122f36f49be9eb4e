//! A project's node registry: `bt::nodes! { pub(crate) nav2 { ID = Kind(Type), .. } }` maps
//! BehaviorTree.CPP IDs to the project's types once, and every XML tree names it,
//! `nodes = nav2`, as BehaviorTree.CPP projects call `registerNodeType<T>("ID")` once.
//!
//! A macro cannot read another invocation's tokens, so the registry is a `macro_rules!` macro
//! that holds its mappings and hands them back: a tree that names it expands to a call of it,
//! `nav2! { @tree (krate) <the tree> }`, and the registry calls `behavior_tree_at!` again with
//! `@nodes { <the mappings> }` before the tree. The mappings are checked here too, so that a
//! mistake in a registry is reported once, at the registry, whatever uses it.
//!
//! The registry's tokens are pasted into each tree: its types are resolved where the tree is,
//! as every path a `macro_rules!` macro expands to is. A `pub` registry, for the trees of other
//! crates, is a `#[macro_export]` macro named as the registry (a macro made by a macro can be
//! named by path from other crates only), whose types are named from its crate's root through
//! `$crate` ([`from_crate_root`]).

use proc_macro2::{Delimiter, Group, Ident, Punct, Spacing, Span, TokenStream, TokenTree};
use quote::{format_ident, quote, quote_spanned};
use syn::parse::{ParseStream, Parser};
use syn::{braced, Attribute, Token, Visibility};

/// What an invocation of `behavior_tree_at!` was given by a registry, ahead of the tree.
pub enum Given {
    /// Nothing: not called by a registry.
    Nothing,
    /// `@nodes { mappings }`.
    Mappings(TokenStream),
    /// `@nodes failed`: the registry has errors, reported where it is written; the tree expands
    /// to its stub only.
    Failed,
}

/// Splits `@nodes { .. }` or `@nodes failed` off the start of a tree's invocation.
pub fn take_given(input: TokenStream) -> (Given, TokenStream) {
    let tokens: Vec<TokenTree> = input.clone().into_iter().collect();
    match tokens.as_slice() {
        [TokenTree::Punct(at), TokenTree::Ident(nodes), given, rest @ ..]
            if at.as_char() == '@' && nodes == "nodes" =>
        {
            let given = match given {
                TokenTree::Group(group) if group.delimiter() == Delimiter::Brace => {
                    Given::Mappings(group.stream())
                }
                _ => Given::Failed,
            };
            (given, rest.iter().cloned().collect())
        }
        _ => (Given::Nothing, input),
    }
}

/// For a tree that names a registry (`nodes = path` at the top of its XML body) and was not
/// given its mappings: the call of the registry, `path! { @tree (krate) <input> }`.
pub fn call(krate: &TokenStream, input: &TokenStream) -> Option<TokenStream> {
    let tokens: Vec<TokenTree> = input.clone().into_iter().collect();
    if matches!(tokens.first(), Some(TokenTree::Punct(at)) if at.as_char() == '@') {
        return None;
    }
    let Some(TokenTree::Group(body)) = tokens.last() else {
        return None;
    };
    if body.delimiter() != Delimiter::Brace || !super::is_xml_body(&body.stream()) {
        return None;
    }
    let path = registry_path(&body.stream())?;
    let span = path
        .segments
        .last()
        .map_or_else(Span::call_site, |s| s.ident.span());
    let mut bang = Punct::new('!', Spacing::Alone);
    bang.set_span(span);
    let mut group = Group::new(Delimiter::Brace, quote!(@tree (#krate) #input));
    group.set_span(span);
    Some(quote!(#path #bang #group))
}

/// The path of `nodes = path` at the top level of an XML body, if it parses as one.
fn registry_path(body: &TokenStream) -> Option<syn::Path> {
    let tokens: Vec<TokenTree> = body.clone().into_iter().collect();
    let start = tokens.windows(2).position(|pair| {
        matches!(pair, [TokenTree::Ident(key), TokenTree::Punct(eq)]
            if key == "nodes" && eq.as_char() == '=')
    })? + 2;
    let path: TokenStream = tokens[start..]
        .iter()
        .take_while(|token| !matches!(token, TokenTree::Punct(comma) if comma.as_char() == ','))
        .cloned()
        .collect();
    syn::parse2(path).ok()
}

const USAGE: &str = "a node registry is `bt::nodes! { pub(crate) name { ID = Action(Type), Condition(Type), .. } }`: a name, then the mappings an XML tree's `nodes { .. }` takes";

/// `nodes!(attrs vis name { mappings })`: the registry's macro, `__bt_nodes_name`, and its
/// import under its own name with the registry's visibility and documentation.
pub fn registry(input: TokenStream) -> TokenStream {
    let parser = |input: ParseStream| {
        let attrs = input.call(Attribute::parse_outer)?;
        let vis: Visibility = input.parse()?;
        let name: Ident = input
            .parse()
            .map_err(|error| syn::Error::new(error.span(), USAGE))?;
        if !input.peek(syn::token::Brace) {
            return Err(input.error(USAGE));
        }
        let content;
        braced!(content in input);
        let body: TokenStream = content.parse()?;
        if input.peek(Token![,]) {
            input.parse::<Token![,]>()?;
        }
        if !input.is_empty() {
            return Err(input.error("one registry per `bt::nodes!`"));
        }
        Ok((attrs, vis, name, body))
    };
    let (attrs, vis, name, body) = match parser.parse2(input) {
        Ok(parsed) => parsed,
        Err(error) => return crate::ctxt::compile_error(error),
    };
    let hidden = format_ident!("__bt_nodes_{}", syn::ext::IdentExt::unraw(&name));
    let mut errors = TokenStream::new();
    let public = matches!(vis, Visibility::Public(_));
    let checked = |input: ParseStream| super::input::mappings(input);
    let given = match checked.parse2(body.clone()) {
        // A `pub` registry is expanded in other crates: its types are named from its crate's root.
        Ok(mappings) if public => match from_crate_root(&mappings) {
            Ok(mappings) => quote!({ #mappings }),
            Err(error) => {
                errors.extend(crate::ctxt::compile_error(error));
                quote!(failed)
            }
        },
        Ok(_) => quote!({ #body }),
        Err(error) => {
            errors.extend(crate::ctxt::compile_error(error));
            quote!(failed)
        }
    };
    let span = name.span();
    let misuse = format!(
        "`{name}` is a node registry: an XML tree names it, `nodes = {name}`, in its `behavior_tree!`"
    );
    let arms = quote_spanned! {span=>
        (@tree ($($krate:tt)*) $($tree:tt)*) => {
            $($krate)*::__macros::behavior_tree_at! { ($($krate)*) @nodes #given $($tree)* }
        };
        ($($other:tt)*) => {
            ::core::compile_error!(#misuse);
        };
    };
    if public {
        // `#[macro_export]`: at the crate's root for other crates (`nodes = nav_nodes::nav2`),
        // and by its name below it in its own (a macro made by a macro cannot be named by path
        // in its own crate).
        return quote_spanned! {span=>
            #errors
            #(#attrs)*
            #[macro_export]
            macro_rules! #name { #arms }
        };
    }
    quote_spanned! {span=>
        #errors
        #[doc(hidden)]
        macro_rules! #hidden { #arms }
        #(#attrs)*
        #[allow(unused_imports)]
        #vis use #hidden as #name;
    }
}

/// The mappings of a `pub` registry with each type named from the registry's crate: `$crate::`
/// before a relative path (`Spin`, `nodes::Spin`), `$crate` for `crate` (`crate::nodes::Spin`),
/// an absolute path (`::other::Spin`) as it is, each ID written out. The arguments after the
/// type (an initial value, port values) are pasted as they are, resolved where the tree is.
fn from_crate_root(mappings: &[super::input::Mapping]) -> syn::Result<TokenStream> {
    let mut out = TokenStream::new();
    for mapping in mappings {
        let split = |input: ParseStream| {
            let ty: syn::Type = input.parse()?;
            Ok((ty, input.parse::<TokenStream>()?))
        };
        let Ok((syn::Type::Path(ty), rest)) = split.parse2(mapping.args.clone()) else {
            return Err(syn::Error::new_spanned(
                &mapping.args,
                "a `pub` registry's types are named from its crate's root, as other crates expand it; write `crate::module::Type`, or `Type` for a type at the root (or `pub use`d there)",
            ));
        };
        let span = ty
            .path
            .segments
            .first()
            .map_or(mapping.kind.span(), |s| s.ident.span());
        let mut dollar = Punct::new('$', Spacing::Alone);
        dollar.set_span(span);
        let first = ty
            .path
            .segments
            .first()
            .map(|segment| segment.ident.to_string());
        let rooted = match (ty.qself.is_some(), ty.path.leading_colon.is_some(), first.as_deref()) {
            (false, true, _) => quote!(#ty),
            (false, false, Some("crate")) => quote!(#dollar #ty),
            (false, false, Some(first)) if first != "self" && first != "super" && first != "Self" => {
                let krate = Ident::new("crate", span);
                quote_spanned!(span=> #dollar #krate :: #ty)
            }
            _ => {
                return Err(syn::Error::new_spanned(
                    &ty,
                    "a `pub` registry's types are named from its crate's root, as other crates expand it; write `crate::module::Type`, or `Type` for a type at the root (or `pub use`d there)",
                ))
            }
        };
        let (id, kind) = (proc_macro2::Literal::string(&mapping.id), &mapping.kind);
        let mut args = Group::new(Delimiter::Parenthesis, quote!(#rooted #rest));
        args.set_span(kind.span());
        out.extend(quote!(#id = #kind #args,));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::{call, registry, take_given, Given};
    use quote::quote;

    #[test]
    fn a_tree_naming_a_registry_calls_it_once() {
        let tree = quote!(tree T for W { xml = "t.xml", nodes = crate::robot::nav2 });
        let called = call(&quote!(::bt), &tree).expect("a call").to_string();
        assert!(called.starts_with("crate :: robot :: nav2 ! {"), "{called}");
        assert!(called.contains("@ tree (:: bt) tree T for W"), "{called}");
        // Given the mappings, the tree is expanded, not sent back to its registry.
        let given = quote!(@nodes { Action(Plan) } #tree);
        assert!(call(&quote!(::bt), &given).is_none());
        let (given, rest) = take_given(given);
        assert!(matches!(given, Given::Mappings(m) if m.to_string() == "Action (Plan)"));
        assert_eq!(rest.to_string(), tree.to_string());
        let (given, _) = take_given(quote!(@nodes failed #tree));
        assert!(matches!(given, Given::Failed));
        // A DSL tree, and an XML tree with its own mappings only, call nothing.
        assert!(call(
            &quote!(::bt),
            &quote!(tree T for W { Sequence { AlwaysSuccess } })
        )
        .is_none());
        let own = quote!(tree T for W { xml = "t.xml", nodes { Action(Plan) } });
        assert!(call(&quote!(::bt), &own).is_none());
    }

    #[test]
    fn a_registry_is_a_macro_and_its_import() {
        let out = registry(
            quote!(#[doc = " Nav."] pub(crate) nav2 { Action(Plan), Go = StatefulAction(Drive) }),
        )
        .to_string();
        assert!(out.contains("macro_rules ! __bt_nodes_nav2"), "{out}");
        assert!(
            out.contains("pub (crate) use __bt_nodes_nav2 as nav2"),
            "{out}"
        );
        assert!(
            out.contains("@ nodes { Action (Plan) , Go = StatefulAction (Drive) }"),
            "{out}"
        );
        // Only the arm for a misuse of the registry's macro.
        assert_eq!(out.matches("compile_error").count(), 1, "{out}");
        let broken = registry(quote!(nav2 { Go = Acton(Drive) })).to_string();
        assert_eq!(broken.matches("compile_error").count(), 2, "{broken}");
        assert!(broken.contains("@ nodes failed"), "{broken}");
    }

    #[test]
    fn a_pub_registry_is_exported_with_its_types_named_from_its_crate() {
        let out = registry(quote!(
            #[doc = " Nav."]
            pub nav2 { Action(Plan), Go = StatefulAction(crate::drive::Drive, speed = 2), Action(::other::Stop) }
        ))
        .to_string();
        assert!(
            out.contains("# [doc = \" Nav.\"] # [macro_export] macro_rules ! nav2"),
            "{out}"
        );
        assert!(!out.contains(" use "), "{out}");
        assert!(
            out.contains("@ nodes { \"Plan\" = Action ($ crate :: Plan) , \"Go\" = StatefulAction ($ crate :: drive :: Drive , speed = 2) , \"Stop\" = Action (:: other :: Stop) , }"),
            "{out}"
        );
        for relative in [
            quote!(self::Plan),
            quote!(super::Plan),
            quote!(<Plan as Tr>::Node),
        ] {
            let out = registry(quote!(pub nav2 { Go = Action(#relative) })).to_string();
            assert!(out.contains("@ nodes failed"), "{out}");
            assert!(out.contains("named from its crate's root"), "{out}");
        }
    }
}
