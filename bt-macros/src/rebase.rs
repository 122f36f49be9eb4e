//! The path a `#[derive(Ports)]`'s code reaches the runtime by. The derive writes `::bt::..`
//! everywhere (`::bt::__private::PortInfo`, `::bt::Ports`): that is the facade's library name, so
//! it resolves in a crate that depends on the facade under its own name. A crate that renames
//! the dependency (`behave = { package = "bt-compiled", .. }`) has no `bt`, and a derive cannot
//! see `$crate` (it is called directly): such a crate gives the path with
//! `#[port(crate = behave)]` on the struct, and this pass, run once on the derive's output,
//! puts its tokens in the place of every `::bt` that starts a path, with the spans `::bt` had.
//!
//! A tree's code does not need it: `behavior_tree!` passes `$crate`, and the tree's code names
//! the runtime through an import of it (`crate::runtime`).

use proc_macro2::{Delimiter, Ident, Spacing, TokenStream, TokenTree};

/// The library name the derive's code writes.
const WRITTEN: &str = "bt";

/// `tokens` (the output of `#[derive(Ports)]`) with every path that starts `::bt` started by
/// `krate` instead, a path such as `::behave` or `behave`. Groups without such a path are kept as
/// they are, with their spans.
pub fn rebase(tokens: TokenStream, krate: &TokenStream) -> TokenStream {
    if is_written(krate) {
        return tokens;
    }
    let path: Vec<TokenTree> = krate.clone().into_iter().collect();
    rebase_stream(tokens, &path).unwrap_or_else(|tokens| tokens)
}

/// Whether `krate` is `::bt` itself, so that there is nothing to do.
fn is_written(krate: &TokenStream) -> bool {
    let tokens: Vec<TokenTree> = krate.clone().into_iter().collect();
    matches!(tokens.as_slice(), [TokenTree::Punct(a), TokenTree::Punct(b), TokenTree::Ident(name)]
        if a.as_char() == ':' && b.as_char() == ':' && name == WRITTEN)
}

/// `Ok` with the rebased stream if anything changed, else `Err` with the stream unchanged.
fn rebase_stream(tokens: TokenStream, path: &[TokenTree]) -> Result<TokenStream, TokenStream> {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut changed = false;
    let mut out: Vec<TokenTree> = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while i < tokens.len() {
        if starts_written_path(&tokens, i) {
            let span = tokens[i + 2].span();
            out.extend(path.iter().cloned().map(|mut token| {
                token.set_span(span);
                token
            }));
            changed = true;
            i += 3;
            continue;
        }
        match &tokens[i] {
            TokenTree::Group(group) => match rebase_stream(group.stream(), path) {
                Ok(stream) => {
                    let mut rebuilt = proc_macro2::Group::new(group.delimiter(), stream);
                    rebuilt.set_span(group.span());
                    out.push(TokenTree::Group(rebuilt));
                    changed = true;
                }
                Err(_) => out.push(tokens[i].clone()),
            },
            other => out.push(other.clone()),
        }
        i += 1;
    }
    if changed {
        Ok(out.into_iter().collect())
    } else {
        Err(tokens.into_iter().collect())
    }
}

/// Whether `tokens[i..]` is `:: bt` at the start of a path: not `a::bt` (a module of that name
/// under another path), but after punctuation, a keyword (`as ::bt::X`, `impl ::bt::X`, `dyn`,
/// `for`, ..), a lifetime (`&'a ::bt::X`), a group or nothing.
fn starts_written_path(tokens: &[TokenTree], i: usize) -> bool {
    let [TokenTree::Punct(a), TokenTree::Punct(b), TokenTree::Ident(name), ..] = &tokens[i..]
    else {
        return false;
    };
    if a.as_char() != ':' || a.spacing() != Spacing::Joint || b.as_char() != ':' || name != WRITTEN
    {
        return false;
    }
    match i.checked_sub(1).map(|before| &tokens[before]) {
        Some(TokenTree::Ident(ident)) => {
            let lifetime = i >= 2
                && matches!(&tokens[i - 2], TokenTree::Punct(p) if p.as_char() == '\''
                    && p.spacing() == Spacing::Joint);
            lifetime || is_keyword(ident)
        }
        // `a::bt` where `a` is a group (`<T>::bt` cannot name a crate) is not generated.
        _ => true,
    }
}

/// The keywords after which a path may start.
fn is_keyword(ident: &Ident) -> bool {
    const KEYWORDS: &[&str] = &[
        "as", "box", "break", "const", "dyn", "else", "for", "if", "impl", "in", "let", "loop",
        "match", "move", "mut", "pub", "ref", "return", "static", "type", "unsafe", "use", "where",
        "while", "yield",
    ];
    KEYWORDS.iter().any(|keyword| ident == keyword)
}

/// Splits the input of [`behavior_tree_at`](crate::behavior_tree_at): `(PATH) tree..`, the
/// crate's path in parentheses, then the tree as `behavior_tree!` takes it.
pub fn split_at_input(input: TokenStream) -> Result<(TokenStream, TokenStream), syn::Error> {
    let mut tokens = input.into_iter();
    match tokens.next() {
        Some(TokenTree::Group(group)) if group.delimiter() == Delimiter::Parenthesis => {
            Ok((group.stream(), tokens.collect()))
        }
        other => Err(syn::Error::new(
            other.map_or_else(proc_macro2::Span::call_site, |token| token.span()),
            "`behavior_tree_at!` takes the runtime's path in parentheses, then the tree: use `behavior_tree!`",
        )),
    }
}

/// The path a `#[derive(Ports)]` names the runtime by: `#[port(crate = path)]` on the struct, or
/// `::bt`.
pub fn derive_crate(input: &TokenStream) -> Result<TokenStream, syn::Error> {
    // Measured before syn reads it, as a tree's code is (`crate::nesting`).
    if let Some(error) = crate::nesting::code_too_deep(input.clone(), 0) {
        return Err(error);
    }
    let input: syn::DeriveInput = syn::parse2(input.clone())?;
    let mut krate = None;
    for attr in input
        .attrs
        .iter()
        .filter(|attr| attr.path().is_ident("port"))
    {
        attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("crate") {
                let path: syn::Path = meta.value()?.parse()?;
                krate = Some(quote::ToTokens::into_token_stream(path));
                Ok(())
            } else {
                Err(meta.error(
                    "unknown option on the struct; the only one is `#[port(crate = path)]`, the path of the `bt` crate when it is renamed",
                ))
            }
        })?;
    }
    Ok(krate.unwrap_or_else(|| quote::quote!(::bt)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    fn rebased(tokens: TokenStream, krate: TokenStream) -> String {
        rebase(tokens, &krate).to_string()
    }

    #[test]
    fn paths_that_start_with_bt_are_rebased() {
        let code = quote! {
            impl ::bt::Ports for X {
                const P: &'static [::bt::__private::PortInfo] = &[];
                fn f<'a>(x: &'a ::bt::Status) -> <T as ::bt::Subtree>::Blackboard {
                    ::bt::__private::finish(None, 0, ::bt::Status::Success, o);
                    dyn ::bt::Observer
                }
            }
        };
        let out = rebased(code, quote!(::behave));
        assert!(!out.contains(":: bt"), "{out}");
        assert_eq!(out.matches(":: behave ::").count(), 7, "{out}");
    }

    #[test]
    fn other_paths_are_kept() {
        let code = quote!(a::bt::X; self::bt::Y; ::bt_core::Z; bt::W; ::btx::V);
        assert_eq!(rebased(code.clone(), quote!(::behave)), code.to_string());
    }

    #[test]
    fn the_written_name_is_left_alone() {
        let code = quote!(::bt::Status);
        assert_eq!(rebased(code.clone(), quote!(::bt)), code.to_string());
    }

    #[test]
    fn a_derive_of_a_type_nested_too_deep_is_one_error() {
        let deep = format!(
            "pub struct Leaf {{ speed: Input<{}u8{}> }}",
            "Vec<".repeat(100_000),
            ">".repeat(100_000)
        );
        let error = super::derive_crate(&deep.parse().unwrap()).unwrap_err();
        assert!(
            error.to_string().contains("nests deeper than 64 levels"),
            "{error}"
        );
    }

    #[test]
    fn the_crate_of_a_derive() {
        let input = quote!(
            #[port(crate = behave)]
            struct X {
                a: u32,
            }
        );
        assert_eq!(derive_crate(&input).unwrap().to_string(), "behave");
        let input = quote!(
            struct X {
                a: u32,
            }
        );
        assert_eq!(derive_crate(&input).unwrap().to_string(), ":: bt");
        let input = quote!(
            #[port(default)]
            struct X {
                a: u32,
            }
        );
        assert!(derive_crate(&input).is_err());
    }
}
