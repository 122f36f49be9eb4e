//! Token-stream helpers shared by the front ends (the DSL's and XML's) and the code generator.

use proc_macro2::{Group, Span, TokenStream, TokenTree};

/// `tokens` with every span set to `span` (groups included).
pub fn respan(tokens: TokenStream, span: Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|mut token| {
            if let TokenTree::Group(group) = &token {
                let mut inner = Group::new(group.delimiter(), respan(group.stream(), span));
                inner.set_span(span);
                token = TokenTree::Group(inner);
            } else {
                token.set_span(span);
            }
            token
        })
        .collect()
}

/// `tokens` with `'static` for each lifetime whose name `which` picks (`World<'a>` as
/// `World<'static>`): a type written where the lifetimes are not in scope (a module-level item,
/// an associated type, an array length).
pub fn static_lifetimes(
    tokens: TokenStream,
    which: &dyn Fn(&proc_macro2::Ident) -> bool,
) -> TokenStream {
    let mut out = TokenStream::new();
    let mut tokens = tokens.into_iter().peekable();
    while let Some(token) = tokens.next() {
        match token {
            TokenTree::Punct(punct) if punct.as_char() == '\'' => match tokens.peek() {
                Some(TokenTree::Ident(name)) if which(name) => {
                    let span = name.span();
                    tokens.next();
                    let mut apostrophe = proc_macro2::Punct::new('\'', proc_macro2::Spacing::Joint);
                    apostrophe.set_span(punct.span());
                    out.extend([
                        TokenTree::Punct(apostrophe),
                        TokenTree::Ident(proc_macro2::Ident::new("static", span)),
                    ]);
                }
                _ => out.extend([TokenTree::Punct(punct)]),
            },
            TokenTree::Group(group) => {
                let mut inner =
                    Group::new(group.delimiter(), static_lifetimes(group.stream(), which));
                inner.set_span(group.span());
                out.extend([TokenTree::Group(inner)]);
            }
            other => out.extend([other]),
        }
    }
    out
}
