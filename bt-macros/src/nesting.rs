//! How deep Rust code in an invocation may nest, measured before syn reads it.
//!
//! syn parses expressions and types recursively, with large frames in the unoptimised build
//! cargo gives proc macros: on the 8 MiB stack rustc runs the macro on, a type overflowed at
//! about 230 levels of `Vec<..>` (35 KiB a level), a block at about 300 levels of `{ .. }`, an
//! expression at about 900 levels of parentheses; rustc itself overflows at about 1,500
//! parentheses or 5,000 terms of a sum. So every piece of Rust code written in a tree (a node's
//! arguments, an attribute, a `case` value, a blackboard entry, the header's types) is measured
//! first, by an iterative walk of its tokens, and one nested deeper than [`MAX_NESTING`] is an
//! error at the first token past the limit; syn never sees it.
//!
//! The measure, [`Level`]: a token's level is the number of brackets (`( )`, `[ ]`, `{ }`, and
//! the invisible groups of `macro_rules!` fragments) around it, plus the operators and keywords
//! before it in its innermost bracket since the last `,` or `;` that separates items there. An
//! operator is a punctuation character (a two-character infix operator such as `&&`, `==`, `->`
//! or `+=` after an operand counts once, `&&x` as a prefix counts twice), except the path
//! separator `::`, a lifetime's `'` and an attribute's `#`; the keywords are those that start or
//! chain a nested expression or type (`as`, `if`, `else`, `return`, `move`, `dyn`, `impl`, ..). A
//! `,` inside `<..>` or between a closure's `|..|` separates nothing. So the level bounds the depth
//! of the syntax tree syn builds (each level of which is a bracket, an operator or a keyword), and
//! `|w| w.a && (w.b || !w.c)` is 9 levels deep (at `c`: `|`, `|`, `.`, `&&`, the parenthesis, `.`, `||`, `!`, `.`).
//!
//! A number literal is read by syn digit by digit into a big integer, in time quadratic in its
//! length (a literal of 10,000 digits took 8 s to expand): one longer than [`MAX_NUMBER_CHARS`]
//! characters, which no number type can use, is an error too.
//!
//! The same limit applies to the scripts of an XML tree (`xml::script`, which measures them in
//! their own grammar) and to the values and types an XML file gives as text ([`text_too_deep`],
//! before the text is read as tokens). A tree's own nesting (a node's children) is not code: its
//! limit is [`crate::model::MAX_DEPTH`], checked by the model, and the nodes below that limit are
//! never read.

use proc_macro2::{Delimiter, Spacing, Span, TokenStream, TokenTree};

/// How many levels Rust code in a tree may nest ([`Level`]), and the scripts of an XML tree.
/// At this depth the macro's worst case (a type of nested generics) needs less than 3 MiB of
/// stack in a debug build of the macro, of the 8 MiB that rustc gives it (the test
/// `every_nesting_has_one_limit_at_any_depth` expands each form at the limit on 4 MiB).
pub const MAX_NESTING: usize = 64;

/// The longest number literal read: no integer type holds more than 39 decimal digits (or 128
/// binary ones), and an `f64` has 17 significant digits.
pub const MAX_NUMBER_CHARS: usize = 256;

/// `token` is a number literal longer than [`MAX_NUMBER_CHARS`].
pub fn is_long_number(token: &TokenTree) -> bool {
    match token {
        TokenTree::Literal(literal) => {
            let text = literal.to_string();
            text.len() > MAX_NUMBER_CHARS && text.starts_with(|c: char| c.is_ascii_digit())
        }
        _ => false,
    }
}

/// The error for a number literal longer than [`MAX_NUMBER_CHARS`], at `span`.
pub fn long_number_error(span: Span, length: usize) -> syn::Error {
    syn::Error::new(
        span,
        format!("this number is {length} characters long; a number in a tree has at most {MAX_NUMBER_CHARS} (no integer type holds more than 39 digits, an `f64` keeps 17)"),
    )
}

/// The error for code nested past the limit, at `span`.
pub fn error(span: Span) -> syn::Error {
    syn::Error::new(span, message("this code"))
}

/// The message for code nested past the limit; `what` names it (`this code`, `this value`).
pub fn message(what: &str) -> String {
    format!(
        "{what} nests deeper than {MAX_NESTING} levels (each bracket, and each operator or keyword before this token within its bracket, is a level): give part of it a name (a `const`, a function, a type alias, a blackboard entry) and use that"
    )
}

/// The keywords that nest what follows them (a prefix such as `return`, `move`, `dyn`) or chain
/// nested expressions (`as`, `else if`).
const KEYWORDS: &[&str] = &[
    "as", "async", "await", "become", "box", "break", "const", "dyn", "else", "fn", "for", "if",
    "impl", "in", "let", "loop", "match", "move", "return", "static", "try", "unsafe", "where",
    "while", "yield",
];

/// The two- and three-character operators that count once after an operand.
const INFIX: &[&str] = &[
    "&&", "||", "==", "!=", "<=", ">=", "->", "=>", "..", "..=", "...", "+=", "-=", "*=", "/=",
    "%=", "^=", "&=", "|=", "<<", ">>", "<<=", ">>=",
];

/// The state of one bracket's tokens: the level of the next token and what the separators need.
#[derive(Clone)]
pub struct Level {
    /// The level of the bracket's own tokens.
    base: usize,
    /// The level of the next token.
    level: usize,
    /// `<` not yet closed by `>` (a `,` inside separates nothing).
    angle: usize,
    /// An odd number of `|` so far (inside a closure's parameters).
    pipes_odd: bool,
    /// The last token ends an operand (an identifier, a literal, a bracket): a punctuation run
    /// after it is infix.
    after_operand: bool,
    /// The punctuation run in progress (joint characters), and whether it started infix.
    run: String,
    run_infix: bool,
}

impl Level {
    /// The tokens of a bracket whose own tokens are at `base`.
    pub fn new(base: usize) -> Self {
        Level {
            base,
            level: base,
            angle: 0,
            pipes_odd: false,
            after_operand: false,
            run: String::new(),
            run_infix: false,
        }
    }

    /// The level of the next token.
    pub fn level(&self) -> usize {
        self.level
    }

    /// Reads `token` (whose level is [`level`](Self::level) before the call); `next` is the
    /// token after it, for `::`. Returns whether `next` is consumed too (a `::`), and the level
    /// of a group's own tokens if `token` is a group.
    pub fn read(&mut self, token: &TokenTree, next: Option<&TokenTree>) -> (bool, Option<usize>) {
        let in_run = !self.run.is_empty();
        let mut consumed_next = false;
        let mut inner = None;
        match token {
            TokenTree::Group(_) => {
                inner = Some(self.level + 1);
                // A call or an index after an operand (`f(x)`, `v[0]`) chains like an operator.
                if self.after_operand {
                    self.level += 1;
                }
                self.after_operand = true;
            }
            TokenTree::Literal(_) => self.after_operand = true,
            TokenTree::Ident(ident) => {
                let text = ident.to_string();
                if KEYWORDS.contains(&text.as_str()) {
                    self.level += 1;
                    self.after_operand = false;
                } else {
                    self.after_operand = true;
                }
            }
            TokenTree::Punct(punct) => {
                let c = punct.as_char();
                let joint = punct.spacing() == Spacing::Joint;
                let path = c == ':'
                    && joint
                    && matches!(next, Some(TokenTree::Punct(p)) if p.as_char() == ':');
                if path {
                    consumed_next = true;
                    self.after_operand = false;
                } else {
                    match c {
                        ',' => {
                            if self.angle == 0 && !self.pipes_odd {
                                self.level = self.base;
                            }
                            self.after_operand = false;
                        }
                        ';' => {
                            self.level = self.base;
                            self.angle = 0;
                            self.pipes_odd = false;
                            self.after_operand = false;
                        }
                        // A lifetime or label (`'a`), an attribute (`#[..]`).
                        '\'' | '#' => self.after_operand = false,
                        _ => {
                            if !in_run {
                                self.run_infix = self.after_operand;
                            }
                            // A `>` that is not the end of `->` or `=>` closes a `<`, and gives
                            // back the level the `<` took.
                            let closes = c == '>'
                                && self.angle > 0
                                && !matches!(self.run.chars().last(), Some('-' | '='));
                            self.run.push(c);
                            if closes {
                                self.angle -= 1;
                                self.level = self.level.saturating_sub(1).max(self.base);
                                self.after_operand = true;
                            } else {
                                let once = self.run_infix
                                    && self.run.len() > 1
                                    && INFIX.contains(&self.run.as_str());
                                if !once {
                                    self.level += 1;
                                }
                                match c {
                                    '<' => self.angle += 1,
                                    '|' => self.pipes_odd = !self.pipes_odd,
                                    _ => {}
                                }
                                self.after_operand = c == '?';
                            }
                        }
                    }
                }
                if !(joint && !path && !matches!(c, ',' | ';' | '\'' | '#')) {
                    self.run.clear();
                }
                return (consumed_next, None);
            }
        }
        self.run.clear();
        (consumed_next, inner)
    }
}

/// One bracket being walked: its tokens, where the walk is, its [`Level`], and what it holds.
struct Frame {
    tokens: Vec<TokenTree>,
    at: usize,
    level: Level,
    mode: Mode,
}

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    /// Rust code.
    Code,
    /// A list of nodes at this level of the tree (the body is level 1): the brackets after a
    /// node's kind or arguments are its children; the node's own `( )`, an attribute's `#[ ]` and
    /// the braces of `blackboard { .. }` do not count; what lies between nodes (a `case` value)
    /// and the blackboard's entries are code.
    /// After an error, the code up to the next `,` or node is skipped.
    Nodes { tree_level: usize, skipping: bool },
}

/// The error at the first token of `tokens` (Rust code whose own tokens are at level `base`)
/// nested deeper than [`MAX_NESTING`], or a number longer than [`MAX_NUMBER_CHARS`]. Iterative:
/// any depth costs no stack.
pub fn code_too_deep(tokens: TokenStream, base: usize) -> Option<syn::Error> {
    let mut errors = Vec::new();
    walk(tokens, Mode::Code, base, &mut errors, true);
    errors.into_iter().next()
}

/// The invocation's header (what comes before the body's braces) nested deeper than
/// [`MAX_NESTING`]: the error at its first token past the limit (the header cannot be read).
pub fn header_too_deep(header: TokenStream) -> Option<syn::Error> {
    code_too_deep(header, 0)
}

/// Every piece of code of a tree's body nested deeper than [`MAX_NESTING`], one error per piece
/// at its first token past the limit. A DSL body is walked as a list of nodes, down to the
/// tree's depth limit; the body of the XML form (`xml = .., nodes { .. }, ..`) is code.
pub fn body_too_deep(body: TokenStream, xml: bool) -> Vec<syn::Error> {
    let mut errors = Vec::new();
    let mode = if xml {
        Mode::Code
    } else {
        Mode::Nodes {
            tree_level: 1,
            skipping: false,
        }
    };
    walk(body, mode, 0, &mut errors, false);
    errors
}

/// Walks `tokens` in `mode`, pushing the span of each piece nested too deep to `errors`; with
/// `first_only`, stops at the first.
fn walk(
    tokens: TokenStream,
    mode: Mode,
    base: usize,
    errors: &mut Vec<syn::Error>,
    first_only: bool,
) {
    walk_checking(tokens, mode, base, errors, first_only, true);
}

/// [`walk`], checking the length of numbers if `numbers`.
fn walk_checking(
    tokens: TokenStream,
    mode: Mode,
    base: usize,
    errors: &mut Vec<syn::Error>,
    first_only: bool,
    numbers: bool,
) {
    let long_number = |token: &TokenTree| numbers && is_long_number(token);
    let mut stack = vec![Frame {
        tokens: tokens.into_iter().collect(),
        at: 0,
        level: Level::new(base),
        mode,
    }];
    while let Some(frame) = stack.last_mut() {
        let Frame {
            tokens,
            at,
            level,
            mode,
        } = frame;
        let Some(token) = tokens.get(*at) else {
            stack.pop();
            continue;
        };
        let previous = at.checked_sub(1).map(|previous| &tokens[previous]);
        let next = tokens.get(*at + 1);
        *at += 1;
        let inner = match mode {
            Mode::Nodes {
                tree_level,
                skipping,
            } => nodes_token(level, *tree_level, skipping, token, previous, next, at),
            Mode::Code if level.level() > MAX_NESTING || long_number(token) => {
                errors.push(if level.level() > MAX_NESTING {
                    error(token.span())
                } else {
                    long_number_error(token.span(), token.to_string().len())
                });
                if first_only {
                    return;
                }
                // Back to the list of nodes this code is in; the rest of it is skipped.
                while stack.last().is_some_and(|frame| frame.mode == Mode::Code) {
                    stack.pop();
                }
                if let Some(Frame {
                    mode: Mode::Nodes { skipping, .. },
                    ..
                }) = stack.last_mut()
                {
                    *skipping = true;
                }
                continue;
            }
            Mode::Code => {
                let (consumed_next, inner) = level.read(token, next);
                if consumed_next {
                    *at += 1;
                }
                match (inner, token) {
                    (Some(inner), TokenTree::Group(group)) => Some(Frame {
                        tokens: group.stream().into_iter().collect(),
                        at: 0,
                        level: Level::new(inner),
                        mode: Mode::Code,
                    }),
                    _ => None,
                }
            }
        };
        if let Some(inner) = inner {
            stack.push(inner);
        }
    }
}

/// A token of a list of nodes: the frame to walk next if it is a bracket (its children, or
/// code), else `None` (code between nodes is measured in the list's own [`Level`]).
fn nodes_token(
    level: &mut Level,
    tree_level: usize,
    skipping: &mut bool,
    token: &TokenTree,
    previous: Option<&TokenTree>,
    next: Option<&TokenTree>,
    at: &mut usize,
) -> Option<Frame> {
    let after_head = matches!(previous, Some(TokenTree::Ident(_)))
        || matches!(previous, Some(TokenTree::Group(group)) if group.delimiter() == Delimiter::Parenthesis);
    let after_hash = matches!(previous, Some(TokenTree::Punct(p)) if p.as_char() == '#');
    let after_blackboard =
        matches!(previous, Some(TokenTree::Ident(word)) if word == crate::kw::BLACKBOARD);
    let separator = matches!(token, TokenTree::Punct(p) if p.as_char() == ',');
    match token {
        TokenTree::Group(group)
            if after_head && !after_blackboard && group.delimiter() == Delimiter::Brace =>
        {
            // A node's children (or `nodes { .. }`): the next level of the tree, whose code
            // starts afresh. Below the tree's limit nothing is read.
            *level = Level::new(0);
            *skipping = false;
            (tree_level <= crate::model::MAX_DEPTH).then(|| Frame {
                tokens: group.stream().into_iter().collect(),
                at: 0,
                level: Level::new(0),
                mode: Mode::Nodes {
                    tree_level: tree_level + 1,
                    skipping: false,
                },
            })
        }
        _ if separator => {
            *level = Level::new(0);
            *skipping = false;
            None
        }
        _ if *skipping => None,
        TokenTree::Group(group) => {
            // A node's arguments, an attribute's brackets and the blackboard's braces are the
            // tree's syntax; other brackets (a `case` value's) are code.
            let own = (after_head && group.delimiter() == Delimiter::Parenthesis)
                || (after_hash && group.delimiter() == Delimiter::Bracket)
                || after_blackboard;
            let base = if own {
                level.level()
            } else {
                level.level() + 1
            };
            level.read(token, None);
            if base > MAX_NESTING {
                return Some(too_deep_here(token));
            }
            Some(Frame {
                tokens: group.stream().into_iter().collect(),
                at: 0,
                level: Level::new(base),
                mode: Mode::Code,
            })
        }
        _ => {
            if level.level() > MAX_NESTING || is_long_number(token) {
                return Some(too_deep_here(token));
            }
            if level.read(token, next).0 {
                *at += 1;
            }
            None
        }
    }
}

/// A frame of one token past the limit (too deep, or a long number): walking it reports the
/// error at the token.
fn too_deep_here(token: &TokenTree) -> Frame {
    let level = if is_long_number(token) {
        0
    } else {
        MAX_NESTING + 1
    };
    Frame {
        tokens: vec![token.clone()],
        at: 0,
        level: Level::new(level),
        mode: Mode::Code,
    }
}

/// Whether `text` holds a number longer than [`MAX_NUMBER_CHARS`] (after [`text_too_deep`]
/// said it can be read as tokens): syn would take time quadratic in its length to read it.
pub fn text_has_long_number(text: &str) -> bool {
    text.len() > MAX_NUMBER_CHARS
        && text
            .parse::<TokenStream>()
            .is_ok_and(|tokens| tokens.into_iter().any(|token| is_long_number(&token)))
}

/// Whether text that is about to be read as Rust tokens (a value or a type written in an XML
/// file) nests deeper than [`MAX_NESTING`]: brackets outside string literals are counted before
/// the text is lexed (rustc's lexer recurses once per bracket), then the tokens are measured.
/// `Some` with the byte offset of the first character past the limit (or 0 when only the tokens
/// tell).
pub fn text_too_deep(text: &str) -> Option<usize> {
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for (at, c) in text.char_indices() {
        if in_string {
            match (escaped, c) {
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => escaped = false,
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '(' | '[' | '{' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Some(at);
                }
            }
            ')' | ']' | '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    let tokens: TokenStream = text.parse().ok()?;
    let mut errors = Vec::new();
    walk_checking(tokens, Mode::Code, 0, &mut errors, true, false);
    errors.first().map(|_| 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The level of the deepest token of `code`: started `b` levels down, it fails first at
    /// `b = MAX_NESTING + 1 - depth`.
    fn depth(code: &str) -> usize {
        let tokens: TokenStream = code.parse().unwrap();
        (0..=MAX_NESTING + 1)
            .find(|&base| code_too_deep(tokens.clone(), base).is_some())
            .map_or(0, |base| MAX_NESTING + 1 - base)
    }

    #[test]
    fn levels_count_brackets_operators_and_keywords() {
        assert_eq!(depth("x"), 0);
        assert_eq!(depth("(x)"), 1);
        assert_eq!(depth("- - x"), 2);
        assert_eq!(depth("!!x"), 2);
        assert_eq!(depth("a && b"), 1);
        assert_eq!(depth("a + b + c"), 2);
        assert_eq!(depth("|w| w.a && (w.b || !w.c)"), 9);
        assert_eq!(depth("::core::clone::Clone::clone(&x)"), 2);
        assert_eq!(depth("Vec<Vec<u8>>"), 2);
        assert_eq!(depth("f(a + 1, b + 1, c + 1)"), 2);
        assert_eq!(depth("[-1, -2, -3, -4, -5, -6]"), 2);
        assert_eq!(depth("x as u8 as u16"), 2);
        assert_eq!(depth("fn() -> u8"), 2);
        assert_eq!(depth("&'a T"), 1);
    }

    #[test]
    fn commas_inside_generics_and_closure_parameters_separate_nothing() {
        // Each `A<x, ..>` nests: the commas do not reset the count.
        let nested: String = (0..100).map(|_| "A<x, ").collect();
        assert!(code_too_deep(format!("{nested}u8").parse().unwrap(), 0).is_some());
        let closures: String = (0..100).map(|_| "|a, b| ").collect();
        assert!(code_too_deep(format!("{closures}a").parse().unwrap(), 0).is_some());
        // `->` does not close a `<`.
        let arrows: String = (0..100).map(|_| "A<fn() -> X, ").collect();
        assert!(code_too_deep(format!("{arrows}u8").parse().unwrap(), 0).is_some());
        // A long list of shallow items is shallow.
        let list: String = (0..1000).map(|i| format!("-{i}, ")).collect();
        assert!(code_too_deep(format!("[{list}]").parse().unwrap(), 0).is_none());
    }

    #[test]
    fn text_is_measured_before_it_is_read() {
        assert_eq!(text_too_deep("(1, 2)"), None);
        let deep = format!("{}1{}", "(".repeat(100_000), ")".repeat(100_000));
        assert_eq!(text_too_deep(&deep), Some(MAX_NESTING));
        assert_eq!(text_too_deep(&format!("\"{}\"", "(".repeat(100))), None);
        assert_eq!(text_too_deep(&"- ".repeat(100_000)), Some(0));
    }

    /// One form of nesting: the invocation nested `n` times, and the largest `n` within the
    /// limit.
    struct Form {
        name: &'static str,
        build: fn(usize) -> String,
        at_limit: usize,
    }

    fn xml_script(code: &str) -> String {
        let xml = format!(
            r#"<root BTCPP_format="4"><BehaviorTree ID="T"><Sequence><Script code="{code}"/><Spin speed="1"/></Sequence></BehaviorTree></root>"#
        );
        format!("tree T for W {{ xml_text = {xml:?}, nodes {{ Action(Spin) }} blackboard {{ x: i32, a: i32 }} }}")
    }

    fn xml_value(value: &str) -> String {
        let xml = format!(
            r#"<root BTCPP_format="4"><BehaviorTree ID="T"><Spin speed="{value}"/></BehaviorTree></root>"#
        );
        format!("tree T for W {{ xml_text = {xml:?}, nodes {{ Action(Spin) }} }}")
    }

    fn dsl_tree(n: usize) -> String {
        let mut body = "Inverter { ".repeat(n);
        body.push_str("AlwaysSuccess");
        body.push_str(&" }".repeat(n));
        format!("tree T for W {{ {body} }}")
    }

    fn xml_tree(n: usize) -> String {
        let body = format!(
            "{}<AlwaysSuccess/>{}",
            "<Inverter>".repeat(n),
            "</Inverter>".repeat(n)
        );
        let xml =
            format!(r#"<root BTCPP_format="4"><BehaviorTree ID="T">{body}</BehaviorTree></root>"#);
        format!("tree T for W {{ xml_text = {xml:?} }}")
    }

    const FORMS: &[Form] = &[
        Form {
            name: "parentheses in a closure",
            build: |n| {
                format!(
                    "tree T for W {{ Condition(|w| {}w.ok{}) }}",
                    "(".repeat(n),
                    ")".repeat(n)
                )
            },
            at_limit: 61,
        },
        Form {
            name: "unary minus",
            build: |n| format!("tree T for W {{ Condition(|w| {}1 > 0) }}", "- ".repeat(n)),
            at_limit: 61,
        },
        Form {
            name: "a sum",
            build: |n| {
                format!(
                    "tree T for W {{ Condition(|w| 1{} > 0) }}",
                    " + 1".repeat(n)
                )
            },
            at_limit: 61,
        },
        Form {
            name: "closures",
            build: |n| format!("tree T for W {{ Condition(|w| {}w.ok) }}", "|a| ".repeat(n)),
            at_limit: 30,
        },
        Form {
            name: "blocks",
            build: |n| {
                format!(
                    "tree T for W {{ Condition(|w| {}w.ok{}) }}",
                    "{".repeat(n),
                    "}".repeat(n)
                )
            },
            at_limit: 61,
        },
        Form {
            name: "indexing",
            build: |n| {
                format!(
                    "tree T for W {{ Condition(|w| w.v{} > 0) }}",
                    "[0]".repeat(n)
                )
            },
            at_limit: 60,
        },
        Form {
            name: "an entry's type",
            build: |n| {
                format!(
                    "tree T for W {{ blackboard {{ x: {}u8{} }} AlwaysSuccess }}",
                    "Vec<".repeat(n),
                    ">".repeat(n)
                )
            },
            at_limit: 63,
        },
        Form {
            name: "an entry's value",
            build: |n| {
                format!(
                    "tree T for W {{ blackboard {{ x: i32 = {}1{} }} AlwaysSuccess }}",
                    "(".repeat(n),
                    ")".repeat(n)
                )
            },
            at_limit: 62,
        },
        Form {
            name: "the context type",
            build: |n| {
                format!(
                    "tree T for {}W{} {{ AlwaysSuccess }}",
                    "Vec<".repeat(n),
                    ">".repeat(n)
                )
            },
            at_limit: 63,
        },
        Form {
            name: "a leaf type",
            build: |n| {
                format!(
                    "tree T for W {{ Action({}A{}) }}",
                    "Vec<".repeat(n),
                    ">".repeat(n)
                )
            },
            at_limit: 64,
        },
        Form {
            name: "an attribute",
            build: |n| {
                format!(
                    "tree T for W {{ #[skip_if(|bb| {}true{})] AlwaysSuccess }}",
                    "(".repeat(n),
                    ")".repeat(n)
                )
            },
            at_limit: 61,
        },
        Form {
            name: "a case",
            build: |n| {
                format!("tree T for W {{ blackboard {{ x: i32 }} Switch(x) {{ case {}1 => AlwaysSuccess, _ => AlwaysFailure }} }}", "- ".repeat(n))
            },
            at_limit: 63,
        },
        Form {
            name: "parentheses in a script",
            build: |n| xml_script(&format!("x := {}a{}", "(".repeat(n), ")".repeat(n))),
            at_limit: MAX_NESTING,
        },
        Form {
            name: "unary minus in a script",
            build: |n| xml_script(&format!("x := {}a", "-".repeat(n))),
            at_limit: MAX_NESTING,
        },
        Form {
            name: "a sum in a script",
            build: |n| xml_script(&format!("x := a{}", " + a".repeat(n))),
            at_limit: MAX_NESTING,
        },
        Form {
            name: "a value in XML",
            build: |n| xml_value(&format!("{}1{}", "(".repeat(n), ")".repeat(n))),
            at_limit: MAX_NESTING,
        },
    ];

    /// `input` expanded on a thread with `stack` bytes: the number of errors, and the output.
    fn expand_on(stack: usize, input: String) -> (usize, String) {
        std::thread::Builder::new()
            .stack_size(stack)
            .spawn(move || {
                let input: TokenStream = input.parse().unwrap();
                let out = crate::expand::behavior_tree(input).to_string();
                (out.matches("compile_error").count(), out)
            })
            .unwrap()
            .join()
            .expect("no stack overflow, no panic")
    }

    /// Every form of nesting the front ends accept: accepted at its limit (expanded on half the
    /// stack rustc gives the macro), one clean error one level past it, and the same error at
    /// 100,000 levels, at once. Trees have their own limit, the model's 3,000 levels.
    #[test]
    fn every_nesting_has_one_limit_at_any_depth() {
        const HALF_OF_RUSTC: usize = 4 << 20;
        for form in FORMS {
            let (errors, out) = expand_on(HALF_OF_RUSTC, (form.build)(form.at_limit));
            assert!(!out.contains("nests deeper"), "{}: {out}", form.name);
            for n in [form.at_limit + 1, 100_000] {
                let (errors_past, out) = expand_on(8 << 20, (form.build)(n));
                assert_eq!(errors_past, errors + 1, "{} at {n}: {out}", form.name);
                assert!(
                    out.contains(&format!("nests deeper than {MAX_NESTING} levels")),
                    "{} at {n}: {out}",
                    form.name
                );
            }
        }
        // A tree at its limit and one level past it: `expand::tests::deep_trees_do_not_overflow`
        // and `xml::tests::deep_xml_is_rejected_without_overflow`.
        let max = crate::model::MAX_DEPTH;
        for (name, build) in [
            ("a DSL tree", dsl_tree as fn(usize) -> String),
            ("an XML tree", xml_tree),
        ] {
            let (errors, out) = expand_on(8 << 20, build(100_000));
            assert_eq!(errors, 1, "{name} at 100,000 levels: {out}");
            assert!(
                out.contains(&format!("at most {max} levels")),
                "{name} at 100,000 levels: {out}"
            );
        }
    }
}
