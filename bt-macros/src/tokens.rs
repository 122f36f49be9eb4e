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
