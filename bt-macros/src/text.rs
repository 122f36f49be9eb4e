//! Source text for the metadata: a node's parameters, port bindings and closures as a reader
//! would write them (`bb.goal.0 > 3`, not the token stream's `bb . goal . 0 > 3`). A proc macro
//! on stable Rust cannot read the user's source text, so it is printed back from the tokens with
//! Rust's usual spacing. And a closure over the blackboard as a BehaviorTree.CPP script, for
//! `to_xml()` ([`closure_script`]).

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

/// The other direction, for `to_xml()`: a closure over the blackboard (`|bb| bb.battery < 20`,
/// `|bb| { bb.laps += 1; bb.done = true; }`) as a script of the subset (`battery < 20`,
/// `laps += 1; done := true`), or `None` when it is not one: it reads anything but its
/// blackboard's entries, literals, the subset's operators and the scripting enums. What the
/// translation of `xml::script` writes reads back (the conversions it adds, `as`, `Into::into`,
/// `Clone::clone`, `set`, are left out), so a tree imported from XML exports its scripts as the
/// XML had them, up to spacing, `:=` for `=` and a real's `.0`.
pub fn closure_script(closure: &syn::ExprClosure) -> Option<String> {
    let [syn::Pat::Ident(param)] = closure.inputs.iter().collect::<Vec<_>>()[..] else {
        return None;
    };
    let bb = &param.ident;
    let body = match &*closure.body {
        syn::Expr::Block(block) if block.attrs.is_empty() && block.label.is_none() => {
            let mut statements = Vec::new();
            for stmt in &block.block.stmts {
                match stmt {
                    syn::Stmt::Expr(e, _) => statements.push(assignment(e, bb)?),
                    _ => return None,
                }
            }
            if statements.is_empty() {
                return None;
            }
            statements.join("; ")
        }
        e => assignment(e, bb).or_else(|| script_expr(e, bb))?,
    };
    Some(body)
}

/// `bb.x = v`, `bb.x += v`, `bb.x.set(v)` as `x := v`, `x += v`.
fn assignment(e: &syn::Expr, bb: &syn::Ident) -> Option<String> {
    match e {
        syn::Expr::Assign(assign) => Some(format!(
            "{} := {}",
            entry_name(&assign.left, bb)?,
            script_expr(&assign.right, bb)?
        )),
        syn::Expr::Binary(binary) => {
            let op = match binary.op {
                syn::BinOp::AddAssign(_) => "+=",
                syn::BinOp::SubAssign(_) => "-=",
                syn::BinOp::MulAssign(_) => "*=",
                syn::BinOp::DivAssign(_) => "/=",
                _ => return None,
            };
            Some(format!(
                "{} {op} {}",
                entry_name(&binary.left, bb)?,
                script_expr(&binary.right, bb)?
            ))
        }
        // `script::add_to(&mut bb.x, v)`: the compound assignments of integer entries.
        syn::Expr::Call(call) if call.args.len() == 2 => {
            let op = match script_fn(&call.func)? {
                "add_to" => "+=",
                "sub_from" => "-=",
                "mul_by" => "*=",
                "div_by" => "/=",
                _ => return None,
            };
            let syn::Expr::Reference(place) = &call.args[0] else {
                return None;
            };
            Some(format!(
                "{} {op} {}",
                entry_name(&place.expr, bb)?,
                script_expr(&call.args[1], bb)?
            ))
        }
        syn::Expr::MethodCall(call) if call.method == "set" && call.args.len() == 1 => {
            Some(format!(
                "{} := {}",
                entry_name(&call.receiver, bb)?,
                script_expr(&call.args[0], bb)?
            ))
        }
        _ => None,
    }
}

/// `bb.x` or `*bb.x`: the entry's name (without `r#`).
fn entry_name(e: &syn::Expr, bb: &syn::Ident) -> Option<String> {
    match e {
        syn::Expr::Unary(syn::ExprUnary {
            op: syn::UnOp::Deref(_),
            expr,
            ..
        }) => entry_name(expr, bb),
        syn::Expr::Paren(paren) => entry_name(&paren.expr, bb),
        syn::Expr::Field(field) => match (&*field.base, &field.member) {
            (syn::Expr::Path(base), syn::Member::Named(name))
                if base.qself.is_none() && base.path.is_ident(bb) =>
            {
                Some(syn::ext::IdentExt::unraw(name).to_string())
            }
            _ => None,
        },
        _ => None,
    }
}

/// The last segments of a call's path, without its leading `::`.
fn call_path(func: &syn::Expr) -> Option<Vec<String>> {
    match func {
        syn::Expr::Path(path) if path.qself.is_none() => Some(
            path.path
                .segments
                .iter()
                .map(|s| s.ident.to_string())
                .collect(),
        ),
        _ => None,
    }
}

/// The name of a function of `bt::script` that `func` calls (`__bt::script::add`),
/// which the translation writes for integer arithmetic.
fn script_fn(func: &syn::Expr) -> Option<&'static str> {
    let path = call_path(func)?;
    let [bt, script, name] = &path[..] else {
        return None;
    };
    if *bt != crate::runtime::NAME || *script != "script" {
        return None;
    }
    [
        "add", "sub", "mul", "div", "neg", "to", "add_to", "sub_from", "mul_by", "div_by",
    ]
    .into_iter()
    .find(|known| name == known)
}

/// How tightly an expression of the subset binds, as its script text reads: an operator's
/// precedence (a call of `bt::script`'s arithmetic as its operator's), 6 for a prefix operator,
/// 7 for a value.
fn precedence(e: &syn::Expr) -> u8 {
    match e {
        syn::Expr::Binary(binary) => match binary.op {
            syn::BinOp::Or(_) => 1,
            syn::BinOp::And(_) => 2,
            syn::BinOp::Add(_) | syn::BinOp::Sub(_) => 4,
            syn::BinOp::Mul(_) | syn::BinOp::Div(_) => 5,
            _ => 3,
        },
        syn::Expr::Unary(_) => 6,
        syn::Expr::Call(call) => match script_fn(&call.func) {
            Some("add" | "sub") => 4,
            Some("mul" | "div") => 5,
            Some("neg") => 6,
            _ => 7,
        },
        _ => 7,
    }
}

/// `e` as script text where an expression of at least `precedence` is expected: in parentheses
/// if it binds less tightly (the calls of `bt::script` keep no parentheses of their own).
fn operand_text(e: &syn::Expr, bb: &syn::Ident, at_least: u8) -> Option<String> {
    let text = script_expr(e, bb)?;
    Some(if precedence(e) < at_least {
        format!("({text})")
    } else {
        text
    })
}

/// An expression of the subset as script text.
fn script_expr(e: &syn::Expr, bb: &syn::Ident) -> Option<String> {
    if let Some(name) = entry_name(e, bb) {
        return Some(name);
    }
    Some(match e {
        syn::Expr::Lit(lit) => match &lit.lit {
            syn::Lit::Int(int) if int.suffix().is_empty() => int.to_string(),
            syn::Lit::Float(float) if float.suffix().is_empty() => float.to_string(),
            syn::Lit::Bool(value) => value.value.to_string(),
            syn::Lit::Str(text) if !text.value().contains('\'') => format!("'{}'", text.value()),
            _ => return None,
        },
        syn::Expr::Paren(paren) => match &*paren.expr {
            // The conversions the translation adds, and a scripting enum's value.
            syn::Expr::Cast(_) | syn::Expr::Call(_) | syn::Expr::Path(_) => {
                script_expr(&paren.expr, bb)?
            }
            inner => format!("({})", script_expr(inner, bb)?),
        },
        syn::Expr::Cast(cast) => script_expr(&cast.expr, bb)?,
        syn::Expr::Unary(unary) => {
            let op = match unary.op {
                syn::UnOp::Neg(_) => "-",
                syn::UnOp::Not(_) => "!",
                _ => return None,
            };
            format!("{op}{}", script_expr(&unary.expr, bb)?)
        }
        syn::Expr::Binary(binary) => {
            let op = match binary.op {
                syn::BinOp::Or(_) => "||",
                syn::BinOp::And(_) => "&&",
                syn::BinOp::Eq(_) => "==",
                syn::BinOp::Ne(_) => "!=",
                syn::BinOp::Lt(_) => "<",
                syn::BinOp::Le(_) => "<=",
                syn::BinOp::Gt(_) => ">",
                syn::BinOp::Ge(_) => ">=",
                syn::BinOp::Add(_) => "+",
                syn::BinOp::Sub(_) => "-",
                syn::BinOp::Mul(_) => "*",
                syn::BinOp::Div(_) => "/",
                _ => return None,
            };
            format!(
                "{} {op} {}",
                script_expr(&binary.left, bb)?,
                script_expr(&binary.right, bb)?
            )
        }
        syn::Expr::Call(call) if script_fn(&call.func).is_some() => {
            let name = script_fn(&call.func)?;
            match (name, &call.args.iter().collect::<Vec<_>>()[..]) {
                ("to", [value]) => script_expr(value, bb)?,
                ("neg", [value]) => format!("-{}", operand_text(value, bb, 6)?),
                ("add" | "sub" | "mul" | "div", [a, b]) => {
                    let (op, at) = match name {
                        "add" => ("+", 4),
                        "sub" => ("-", 4),
                        "mul" => ("*", 5),
                        _ => ("/", 5),
                    };
                    // Left-associative: an equal precedence on the right needs parentheses.
                    let (a, b) = (operand_text(a, bb, at)?, operand_text(b, bb, at + 1)?);
                    format!("{a} {op} {b}")
                }
                _ => return None,
            }
        }
        syn::Expr::Call(call) => {
            let path = call_path(&call.func)?;
            let path: Vec<&str> = path.iter().map(String::as_str).collect();
            match (&path[..], call.args.len()) {
                ([bt, "scripting_enum"], 2) if *bt == crate::runtime::NAME => match &call.args[0] {
                    syn::Expr::Lit(syn::ExprLit {
                        lit: syn::Lit::Str(name),
                        ..
                    }) => name.value(),
                    _ => return None,
                },
                (["core", "convert", "Into", "into"] | ["core", "clone", "Clone", "clone"], 1) => {
                    match &call.args[0] {
                        syn::Expr::Reference(reference) => script_expr(&reference.expr, bb)?,
                        arg => script_expr(arg, bb)?,
                    }
                }
                _ => return None,
            }
        }
        _ => return None,
    })
}

/// The string literal `expr` is, if it is one (without attributes): `"lap"`.
pub fn string_literal(expr: &syn::Expr) -> Option<&syn::LitStr> {
    match expr {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(text),
            attrs,
        }) if attrs.is_empty() => Some(text),
        _ => None,
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
