//! Source text for the metadata: a node's parameters, port bindings and closures as a reader
//! would write them (`bb.goal.0 > 3`, not the token stream's `bb . goal . 0 > 3`). A proc macro
//! on stable Rust cannot read the user's source text, so it is printed back from the tokens with
//! Rust's usual spacing.

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};

/// `tokens` as Rust source on one line.
pub fn source(tokens: TokenStream) -> String {
    let mut out = String::new();
    write(tokens, &mut out);
    out
}

/// What the previous token was, to decide the space before the next one.
#[derive(Clone, Copy, PartialEq)]
enum Prev {
    /// Start of the text or of a group: no space.
    Open,
    /// A word or literal.
    Word,
    /// Punctuation after which no space goes (`.`, `::`, `&` as a prefix, `#`, `!` as a prefix,
    /// a closure's opening `|`, the `'` of a lifetime).
    Tight,
    /// Other punctuation (binary operators, `,`, `;`, `=>`): a space follows.
    Spaced,
}

fn write(tokens: TokenStream, out: &mut String) {
    let mut prev = Prev::Open;
    // Inside closure parameters `|a, b|`: the closing `|` is tight on its left.
    let mut in_params = false;
    // Inside a turbofish `::<..>`: its angle brackets are tight.
    let mut generics = 0usize;
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    for (index, token) in tokens.iter().enumerate() {
        match token {
            TokenTree::Group(group) => {
                let (open, close) = match group.delimiter() {
                    Delimiter::Parenthesis => ("(", ")"),
                    Delimiter::Bracket => ("[", "]"),
                    Delimiter::Brace => ("{ ", " }"),
                    Delimiter::None => ("", ""),
                };
                // A call or an index sticks to what it follows; a block does not.
                let sticks = group.delimiter() != Delimiter::Brace && prev == Prev::Word;
                if prev == Prev::Spaced || (prev == Prev::Word && !sticks) {
                    out.push(' ');
                }
                let inner = group.stream();
                if inner.is_empty() && group.delimiter() == Delimiter::Brace {
                    out.push_str("{}");
                } else {
                    out.push_str(open);
                    write(inner, out);
                    out.push_str(close);
                }
                prev = Prev::Word;
            }
            TokenTree::Ident(ident) => {
                if matches!(prev, Prev::Word | Prev::Spaced) {
                    out.push(' ');
                }
                out.push_str(&ident.to_string());
                prev = Prev::Word;
            }
            TokenTree::Literal(literal) => {
                if matches!(prev, Prev::Word | Prev::Spaced) {
                    out.push(' ');
                }
                out.push_str(&literal.to_string());
                prev = Prev::Word;
            }
            TokenTree::Punct(punct) => {
                let c = punct.as_char();
                let joint = punct.spacing() == Spacing::Joint;
                // The second character of a joint operator (`::`, `==`, `=>`) follows the first.
                let continues = index > 0
                    && matches!(&tokens[index - 1], TokenTree::Punct(p)
                        if p.spacing() == Spacing::Joint && !matches!(p.as_char(), '?' | ',' | ';'));
                let unary = matches!(prev, Prev::Open | Prev::Spaced | Prev::Tight);
                let (space_before, after) = match c {
                    '<' if out.ends_with("::") => {
                        generics += 1;
                        (false, Prev::Tight)
                    }
                    '>' if generics > 0 => {
                        generics -= 1;
                        (false, Prev::Word)
                    }
                    _ if continues => (
                        false,
                        if joint {
                            Prev::Tight
                        } else {
                            after_op(c, &tokens[..index])
                        },
                    ),
                    '.' => (false, Prev::Tight),
                    ':' if joint => (false, Prev::Tight),
                    ',' | ';' => (false, Prev::Spaced),
                    ':' => (false, Prev::Spaced),
                    '?' => (false, Prev::Word),
                    '#' => (prev != Prev::Open, Prev::Tight),
                    '\'' => (prev != Prev::Open && prev != Prev::Tight, Prev::Tight),
                    '|' if !joint && (unary || in_params) => {
                        let closing = in_params;
                        in_params = !in_params;
                        if closing {
                            (false, Prev::Spaced)
                        } else {
                            (prev != Prev::Open && prev != Prev::Tight, Prev::Tight)
                        }
                    }
                    '&' | '*' | '-' | '!' if unary && !joint => (prev == Prev::Spaced, Prev::Tight),
                    _ => (
                        prev != Prev::Open && prev != Prev::Tight,
                        if joint { Prev::Tight } else { Prev::Spaced },
                    ),
                };
                if space_before && !continues {
                    out.push(' ');
                }
                out.push(c);
                prev = after;
            }
        }
    }
}

/// After the last character of a multi-character operator: `::` stays tight, the others are
/// spaced.
fn after_op(c: char, before: &[TokenTree]) -> Prev {
    let first = before.iter().rev().find_map(|token| match token {
        TokenTree::Punct(p) if p.spacing() == Spacing::Alone => None,
        TokenTree::Punct(p) => Some(p.as_char()),
        _ => None,
    });
    if c == ':' && first == Some(':') {
        Prev::Tight
    } else {
        Prev::Spaced
    }
}

#[cfg(test)]
mod tests {
    use super::source;

    fn text(code: &str) -> String {
        source(code.parse().unwrap())
    }

    #[test]
    fn prints_tokens_with_the_usual_spacing() {
        assert_eq!(text("bb . goal . 0 > 3"), "bb.goal.0 > 3");
        assert_eq!(text("| bb | bb . seen . set ( 1 )"), "|bb| bb.seen.set(1)");
        assert_eq!(
            text("|w, bb| w.ok && bb.goal.0 > 0"),
            "|w, bb| w.ok && bb.goal.0 > 0"
        );
        assert_eq!(text("( 0 , 0 )"), "(0, 0)");
        assert_eq!(text("Shoot :: with_rounds ( 1 )"), "Shoot::with_rounds(1)");
        assert_eq!(
            text("|world| { world.ammo -= 1; true }"),
            "|world| { world.ammo -= 1; true }"
        );
        assert_eq!(text("*bb.seen < 10"), "*bb.seen < 10");
        assert_eq!(text("!bb.done && -x == y"), "!bb.done && -x == y");
        assert_eq!(text("Vec::<u8>::new()"), "Vec::<u8>::new()");
        assert_eq!(text("a => b"), "a => b");
        assert_eq!(text("&mut bb.x"), "&mut bb.x");
        assert_eq!(text("x?.y"), "x?.y");
        assert_eq!(text("f(a)[0]"), "f(a)[0]");
        assert_eq!(text("|| {}"), "|| {}");
    }
}
