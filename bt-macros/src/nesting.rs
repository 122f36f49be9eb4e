//! How deep Rust code in an invocation may nest, measured before syn reads it.
//!
//! syn parses expressions and types recursively, with large frames in the unoptimised build
//! cargo gives proc macros: on the 8 MiB stack rustc runs the macro on, a type overflowed at
//! about 230 levels of `Vec<..>` (35 KiB a level), a block at about 300 levels of `{ .. }`, an
//! expression at about 900 levels of parentheses; rustc itself overflows at about 1,500
//! parentheses or 5,000 terms of a sum. So every piece of Rust code written in a tree (a node's
//! arguments, an attribute, a `case` value, a blackboard entry, the header's types) is measured
//! first, by an iterative walk of its tokens, and one past the limit is an error at its first
//! token past it; syn never sees it.
//!
//! The measure, [`Depth`], has two parts, each with its limit:
//!
//! * **levels**, at most [`MAX_NESTING`]: the brackets (`( )`, `[ ]`, `{ }`, and the invisible
//!   groups of `macro_rules!` fragments) around a token, and, before it in its bracket since the
//!   last `,` or `;` that separates items there, each prefix operator character (`-x`, `!x`,
//!   `&x`, a closure's `|`), each `<` (generic arguments nest), each assignment (syn reads them
//!   right to left) and each keyword that nests what follows (`return`, `move`, `dyn`, `impl`,
//!   `fn`, `if`, `else`, ..). syn recurses once for each, with frames of up to 35 KiB.
//! * **chain**, at most [`MAX_CHAIN`]: the infix operators before it (`a + b`, `a && b`, `x.y`,
//!   `x as T`, a call `f(x)`, an index `v[0]`, `x?`), in its bracket and in each bracket around
//!   it. syn reads a chain in a loop, but the tree it builds is as deep as the chain, and rustc's
//!   passes over it recurse: rustc overflowed at a sum of about 5,000 terms.
//!
//! The path separator `::`, a lifetime's `'` and an attribute's `#` count nothing; a `,` inside
//! `<..>` or between a closure's `|..|` separates nothing. `|w| w.a && (w.b || !w.c)` is 3 levels
//! deep at `c` (the first `|`, the parenthesis, `!`), at the end of a chain of 6 (the `|` that
//! closes the parameters, `.`, `&&`, `.`, `||`, `.`).
//!
//! A number literal is read by syn digit by digit into a big integer, in time quadratic in its
//! length (a literal of 10,000 digits took 8 s to expand): one longer than [`MAX_NUMBER_CHARS`]
//! characters, which no number type can use, is an error too.
//!
//! The scripts of an XML tree are measured in their own grammar (`xml::script`), with the same
//! limit of levels (there, each operator of a chain is a level: the translation writes integer
//! arithmetic as nested calls); values and types an XML file gives as text are measured here
//! ([`text_too_deep`], before the text is read as tokens). A tree's own nesting (a node's
//! children) is not code: its limit is [`crate::model::MAX_DEPTH`], checked by the model, and the
//! nodes below that limit are never read.

use proc_macro2::{Delimiter, Spacing, Span, TokenStream, TokenTree};

/// How many levels Rust code in a tree may nest ([`Depth::levels`]), and the scripts of an XML
/// tree. At this depth the macro's worst case (a type of nested generics) needs less than 3 MiB
/// of stack in a debug build of the macro, of the 8 MiB that rustc gives it (the test
/// `every_nesting_has_one_limit_at_any_depth` expands each form at the limit on 4 MiB).
pub const MAX_NESTING: usize = 64;

/// How long a chain of infix operators Rust code in a tree may hold ([`Depth::chain`]): a sum of
/// 1,024 terms builds in rustc on a fifth of its stack.
pub const MAX_CHAIN: usize = 1024;

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

/// The error for code at `depth`, past a limit, at `span`.
pub fn error(span: Span, depth: Depth) -> syn::Error {
    syn::Error::new(span, message("this code", depth))
}

/// The message for code past a limit; `what` names it (`this code`, `the value of `speed``).
pub fn message(what: &str, depth: Depth) -> String {
    if depth.levels > MAX_NESTING {
        format!(
            "{what} nests deeper than {MAX_NESTING} levels: give part of it a name (a `const`, a function, a type alias, an entry) and use that; each bracket around this token, and each prefix operator, `<`, assignment or keyword before it in its bracket, is a level"
        )
    } else {
        format!(
            "{what} chains more than {MAX_CHAIN} operators: give part of it a name (a `const`, a function, a blackboard entry) and use that; each infix operator, cast, call or index before this token, in its brackets, is one"
        )
    }
}

/// The keywords that nest what follows them (a prefix such as `return`, `move`, `dyn`, or
/// `else if`): each is a level. `as` chains instead (`x as u8 as u16` is read in a loop).
const KEYWORDS: &[&str] = &[
    "async", "await", "become", "box", "break", "const", "dyn", "else", "fn", "for", "if", "impl",
    "in", "let", "loop", "match", "move", "return", "static", "try", "unsafe", "where", "while",
    "yield",
];

/// The infix operators of two or three characters, longest first.
const INFIX: &[&str] = &[
    "<<=", ">>=", "...", "..=", "&&", "||", "==", "!=", "<=", ">=", "->", "=>", "..", "+=", "-=",
    "*=", "/=", "%=", "^=", "&=", "|=", "<<", ">>",
];

/// The assignments, which syn reads right to left, recursively: each is a level, not a link of
/// a chain.
const ASSIGNMENTS: &[&str] = &[
    "=", "+=", "-=", "*=", "/=", "%=", "^=", "&=", "|=", "<<=", ">>=",
];

/// Where a token is: how deep it nests and how long a chain leads to it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Depth {
    /// Brackets around it, and prefix operators, `<`, assignments and keywords before it.
    pub levels: usize,
    /// Infix operators, casts, calls and indexing before it, in its brackets and theirs.
    pub chain: usize,
}

impl Depth {
    fn too_deep(self) -> bool {
        self.levels > MAX_NESTING || self.chain > MAX_CHAIN
    }
}

/// The state of one bracket's tokens: the depth of the next token and what the separators need.
#[derive(Clone)]
pub struct Level {
    /// The depth of the bracket's own tokens.
    base: Depth,
    /// The depth of the next token.
    at: Depth,
    /// `<` not yet closed by `>` (a `,` inside separates nothing).
    angle: usize,
    /// An odd number of `|` so far (inside a closure's parameters).
    pipes_odd: bool,
    /// The last token ends an operand (an identifier, a literal, a bracket): an operator after it
    /// is infix.
    after_operand: bool,
}

impl Level {
    /// The tokens of a bracket whose own tokens are at `base`.
    pub fn new(base: Depth) -> Self {
        Level {
            base,
            at: base,
            angle: 0,
            pipes_odd: false,
            after_operand: false,
        }
    }

    /// The depth of the next token.
    pub fn depth(&self) -> Depth {
        self.at
    }

    fn nest(&mut self) {
        self.at.levels += 1;
    }

    fn link(&mut self) {
        self.at.chain += 1;
    }

    /// Reads `tokens[0]`, and with a punctuation character the run of joint characters it
    /// starts (one operator, or several: `&&!`, `::<`, `>>`). Returns how many tokens it read,
    /// and the depth of a group's own tokens if `tokens[0]` is a group.
    pub fn read(&mut self, tokens: &[TokenTree]) -> (usize, Option<Depth>) {
        let Some(token) = tokens.first() else {
            return (0, None);
        };
        match token {
            TokenTree::Group(_) => {
                let inner = Depth {
                    levels: self.at.levels + 1,
                    chain: self.at.chain,
                };
                // A call or an index after an operand (`f(x)`, `v[0]`) is a link of a chain.
                if self.after_operand {
                    self.link();
                }
                self.after_operand = true;
                (1, Some(inner))
            }
            TokenTree::Literal(_) => {
                self.after_operand = true;
                (1, None)
            }
            TokenTree::Ident(ident) => {
                let text = ident.to_string();
                if text == "as" {
                    self.link();
                    self.after_operand = false;
                } else if text == "case" {
                    // The DSL's `case value =>`: a value starts after it.
                    self.after_operand = false;
                } else if KEYWORDS.contains(&text.as_str()) {
                    self.nest();
                    self.after_operand = false;
                } else {
                    self.after_operand = true;
                }
                (1, None)
            }
            TokenTree::Punct(_) => {
                let mut run = String::new();
                for token in tokens {
                    let TokenTree::Punct(punct) = token else {
                        break;
                    };
                    run.push(punct.as_char());
                    if punct.spacing() != Spacing::Joint {
                        break;
                    }
                }
                self.read_run(&run);
                (run.chars().count(), None)
            }
        }
    }

    /// A run of punctuation characters.
    fn read_run(&mut self, run: &str) {
        let mut rest = run;
        while !rest.is_empty() {
            // The path separator, a lifetime's `'`, an attribute's `#` count nothing.
            if let Some(after) = rest.strip_prefix("::") {
                self.after_operand = false;
                rest = after;
                continue;
            }
            let c = rest.chars().next().unwrap_or(' ');
            match c {
                ',' => {
                    if self.angle == 0 && !self.pipes_odd {
                        self.at = self.base;
                    }
                    self.after_operand = false;
                }
                ';' => {
                    self.at = self.base;
                    self.angle = 0;
                    self.pipes_odd = false;
                    self.after_operand = false;
                }
                '\'' | '#' => self.after_operand = false,
                // A `>` that is not the end of `->` or `=>` closes a `<`, and gives back the
                // level it took.
                '>' if self.angle > 0 => {
                    self.angle -= 1;
                    self.at.levels = self.at.levels.saturating_sub(1).max(self.base.levels);
                    self.after_operand = true;
                }
                _ if self.after_operand => {
                    // An infix operator: the longest one the run starts with.
                    let op = (INFIX.iter())
                        .find(|op| rest.starts_with(**op))
                        .copied()
                        .unwrap_or(&rest[..c.len_utf8()]);
                    if op == "<" {
                        // A comparison or generic arguments: a level, as generics nest.
                        self.nest();
                        self.angle += 1;
                    } else if ASSIGNMENTS.contains(&op) {
                        self.nest();
                    } else {
                        self.link();
                    }
                    if op == "|" || op == "|=" {
                        self.pipes_odd = !self.pipes_odd;
                    }
                    // After `?` (postfix) an operand goes on; after anything else one starts.
                    self.after_operand = op == "?";
                    rest = &rest[op.len()..];
                    continue;
                }
                _ => {
                    // A prefix operator (`-x`, `!x`, `&x`, `*x`, `..x`), a closure's `|`, a
                    // qualified path's `<`: each character a level.
                    self.nest();
                    match c {
                        '<' => self.angle += 1,
                        '|' => self.pipes_odd = !self.pipes_odd,
                        _ => {}
                    }
                    self.after_operand = false;
                }
            }
            rest = &rest[c.len_utf8()..];
        }
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
    /// and the blackboard's entries are code. After an error, the code up to the next `,` or
    /// node is skipped.
    Nodes { tree_level: usize, skipping: bool },
}

/// The error at the first token of `tokens` (Rust code whose own tokens are at `base` levels)
/// past a limit, or a number longer than [`MAX_NUMBER_CHARS`]. Iterative: any depth costs no
/// stack.
pub fn code_too_deep(tokens: TokenStream, base: usize) -> Option<syn::Error> {
    let mut errors = Vec::new();
    let base = Depth {
        levels: base,
        chain: 0,
    };
    walk(tokens, Mode::Code, base, &mut errors, true, true);
    errors.into_iter().next()
}

/// The invocation's header (what comes before the body's braces) past a limit: the error at
/// its first token past it (the header cannot be read).
pub fn header_too_deep(header: TokenStream) -> Option<syn::Error> {
    code_too_deep(header, 0)
}

/// Every piece of code of a tree's body past a limit, one error per piece at its first token
/// past it. A DSL body is walked as a list of nodes, down to the tree's depth limit; the body of
/// the XML form (`xml = .., nodes { .. }, ..`) is code.
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
    walk(body, mode, Depth::default(), &mut errors, false, true);
    errors
}

/// Walks `tokens` in `mode`, pushing an error for each piece past a limit to `errors` (with
/// `numbers`, for each number too long too); with `first_only`, stops at the first.
fn walk(
    tokens: TokenStream,
    mode: Mode,
    base: Depth,
    errors: &mut Vec<syn::Error>,
    first_only: bool,
    numbers: bool,
) {
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
        let here = &tokens[*at..];
        let depth = level.depth();
        let inner = match mode {
            Mode::Nodes {
                tree_level,
                skipping,
            } => nodes_token(level, *tree_level, skipping, here, previous, at, numbers),
            Mode::Code if depth.too_deep() || (numbers && is_long_number(token)) => {
                errors.push(if depth.too_deep() {
                    error(token.span(), depth)
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
                let (read, inner) = level.read(here);
                *at += read;
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

/// A token of a list of nodes (`here[0]`, the tokens after it following): the frame to walk
/// next if it is a bracket (its children, or code) or past a limit (reporting it), else `None`
/// (code between nodes is measured in the list's own [`Level`]). Moves `at` past what it read.
fn nodes_token(
    level: &mut Level,
    tree_level: usize,
    skipping: &mut bool,
    here: &[TokenTree],
    previous: Option<&TokenTree>,
    at: &mut usize,
    numbers: bool,
) -> Option<Frame> {
    let token = &here[0];
    let after_head = matches!(previous, Some(TokenTree::Ident(_)))
        || matches!(previous, Some(TokenTree::Group(group)) if group.delimiter() == Delimiter::Parenthesis);
    let after_hash = matches!(previous, Some(TokenTree::Punct(p)) if p.as_char() == '#');
    // Read only where it decides: comparing an `Ident` with a string prints it.
    let after_blackboard =
        || matches!(previous, Some(TokenTree::Ident(word)) if word == crate::kw::BLACKBOARD);
    let separator = matches!(token, TokenTree::Punct(p) if p.as_char() == ',');
    match token {
        TokenTree::Group(group)
            if after_head && group.delimiter() == Delimiter::Brace && !after_blackboard() =>
        {
            // A node's children (or `nodes { .. }`): the next level of the tree, whose code
            // starts afresh. Below the tree's limit nothing is read.
            *at += 1;
            *level = Level::new(Depth::default());
            *skipping = false;
            (tree_level <= crate::model::MAX_DEPTH).then(|| Frame {
                tokens: group.stream().into_iter().collect(),
                at: 0,
                level: Level::new(Depth::default()),
                mode: Mode::Nodes {
                    tree_level: tree_level + 1,
                    skipping: false,
                },
            })
        }
        _ if separator => {
            *at += 1;
            *level = Level::new(Depth::default());
            *skipping = false;
            None
        }
        _ if *skipping => {
            *at += 1;
            None
        }
        _ if level.depth().too_deep() || (numbers && is_long_number(token)) => {
            *at += 1;
            Some(past_the_limit(token, level.depth()))
        }
        TokenTree::Group(group) => {
            // A node's arguments, an attribute's brackets and the blackboard's braces are the
            // tree's syntax; other brackets (a `case` value's) are code.
            let own = (after_head && group.delimiter() == Delimiter::Parenthesis)
                || (after_hash && group.delimiter() == Delimiter::Bracket)
                || after_blackboard();
            let (read, inner) = level.read(here);
            *at += read;
            let inner = match (own, inner) {
                (false, Some(inner)) => inner,
                // A node's arguments, an attribute, the entries: a piece of code of its own,
                // and what follows it in the list is another.
                _ => {
                    *level = Level::new(Depth::default());
                    Depth::default()
                }
            };
            Some(Frame {
                tokens: group.stream().into_iter().collect(),
                at: 0,
                level: Level::new(inner),
                mode: Mode::Code,
            })
        }
        _ => {
            *at += level.read(here).0;
            None
        }
    }
}

/// A frame of one token past a limit (at `depth`, or a long number): walking it reports the
/// error at the token.
fn past_the_limit(token: &TokenTree, depth: Depth) -> Frame {
    Frame {
        tokens: vec![token.clone()],
        at: 0,
        level: Level::new(depth),
        mode: Mode::Code,
    }
}

/// Whether text that is about to be read as Rust tokens (a value or a type written in an XML
/// file) is past a limit: brackets outside string literals are counted before the text is lexed
/// (rustc's lexer recurses once per bracket), then the tokens are measured. `Some` with the
/// byte offset of the first character past the limit (or 0 when only the tokens tell) and the
/// depth there.
pub fn text_too_deep(text: &str) -> Option<(usize, Depth)> {
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
                    let levels = depth;
                    return Some((at, Depth { levels, chain: 0 }));
                }
            }
            ')' | ']' | '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    let tokens: TokenStream = text.parse().ok()?;
    first_too_deep(tokens).map(|depth| (0, depth))
}

/// The depth of the first token of `tokens` past a limit, if any (numbers not checked).
fn first_too_deep(tokens: TokenStream) -> Option<Depth> {
    let mut stack = vec![(
        tokens.into_iter().collect::<Vec<_>>(),
        0,
        Level::new(Depth::default()),
    )];
    while let Some((tokens, at, level)) = stack.last_mut() {
        let Some(token) = tokens.get(*at) else {
            stack.pop();
            continue;
        };
        if level.depth().too_deep() {
            return Some(level.depth());
        }
        let (read, inner) = level.read(&tokens[*at..]);
        *at += read;
        let next = match (inner, token) {
            (Some(inner), TokenTree::Group(group)) => {
                Some((group.stream().into_iter().collect(), 0, Level::new(inner)))
            }
            _ => None,
        };
        stack.extend(next);
    }
    None
}

/// Whether `text` holds a number longer than [`MAX_NUMBER_CHARS`] (after [`text_too_deep`]
/// said it can be read as tokens): syn would take time quadratic in its length to read it.
pub fn text_has_long_number(text: &str) -> bool {
    text.len() > MAX_NUMBER_CHARS
        && text
            .parse::<TokenStream>()
            .is_ok_and(|tokens| tokens.into_iter().any(|token| is_long_number(&token)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The levels and the chain of the deepest token of `code` (the most of each).
    fn depth(code: &str) -> (usize, usize) {
        let tokens: TokenStream = code.parse().unwrap();
        let mut most = Depth::default();
        let mut stack = vec![(
            tokens.into_iter().collect::<Vec<_>>(),
            0,
            Level::new(Depth::default()),
        )];
        while let Some((tokens, at, level)) = stack.last_mut() {
            let Some(token) = tokens.get(*at) else {
                stack.pop();
                continue;
            };
            most.levels = most.levels.max(level.depth().levels);
            most.chain = most.chain.max(level.depth().chain);
            let (read, inner) = level.read(&tokens[*at..]);
            *at += read;
            let next = match (inner, token) {
                (Some(inner), TokenTree::Group(group)) => {
                    Some((group.stream().into_iter().collect(), 0, Level::new(inner)))
                }
                _ => None,
            };
            stack.extend(next);
        }
        (most.levels, most.chain)
    }

    #[test]
    fn levels_count_nesting_and_chains_count_infix_operators() {
        assert_eq!(depth("x"), (0, 0));
        assert_eq!(depth("(x)"), (1, 0));
        assert_eq!(depth("- - x"), (2, 0));
        assert_eq!(depth("!!x"), (2, 0));
        assert_eq!(depth("&&x"), (2, 0));
        assert_eq!(depth("a && b"), (0, 1));
        assert_eq!(depth("a + b + c"), (0, 2));
        assert_eq!(depth("a && !b"), (1, 1));
        assert_eq!(depth("|w| w.a && (w.b || !w.c)"), (3, 6));
        assert_eq!(depth("::core::clone::Clone::clone(&x)"), (2, 0));
        assert_eq!(depth("Vec<Vec<u8>>"), (2, 0));
        assert_eq!(depth("f(a + 1, b + 1, c + 1)"), (1, 1));
        assert_eq!(depth("[-1, -2, -3, -4, -5, -6]"), (2, 0));
        assert_eq!(depth("x as u8 as u16"), (0, 2));
        assert_eq!(depth("fn() -> u8"), (1, 1));
        assert_eq!(depth("&'a T"), (1, 0));
        assert_eq!(depth("a = b = c"), (2, 0));
        assert_eq!(depth("x?.y?"), (0, 2));
        assert_eq!(depth("v[0][1]"), (1, 1));
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
        assert_eq!(text_too_deep(&deep).map(|(at, _)| at), Some(MAX_NESTING));
        assert_eq!(text_too_deep(&format!("\"{}\"", "(".repeat(100))), None);
        assert_eq!(
            text_too_deep(&"- ".repeat(100_000)).map(|(at, _)| at),
            Some(0)
        );
        let chain = (0..2_000)
            .map(|i| format!("{i}"))
            .collect::<Vec<_>>()
            .join(" + ");
        assert!(text_too_deep(&chain).is_some_and(|(_, depth)| depth.chain > MAX_CHAIN));
    }

    /// One form of nesting: the invocation nested `n` times, and the largest `n` within the
    /// limit.
    struct Form {
        name: &'static str,
        build: fn(usize) -> String,
        at_limit: usize,
        /// What the error says one past the limit.
        past: &'static str,
    }

    const LEVELS: &str = "nests deeper than 64 levels";
    const CHAIN: &str = "chains more than 1024 operators";
    const SCRIPT: &str = "the script nests deeper than 64 levels";

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
            at_limit: 63,
            past: LEVELS,
        },
        Form {
            name: "unary minus",
            build: |n| format!("tree T for W {{ Condition(|w| {}1 > 0) }}", "- ".repeat(n)),
            at_limit: 63,
            past: LEVELS,
        },
        Form {
            name: "a sum",
            build: |n| {
                format!(
                    "tree T for W {{ Condition(|w| 1{} > 0) }}",
                    " + 1".repeat(n)
                )
            },
            at_limit: 1022,
            past: CHAIN,
        },
        Form {
            name: "closures",
            build: |n| format!("tree T for W {{ Condition(|w| {}w.ok) }}", "|a| ".repeat(n)),
            at_limit: 63,
            past: LEVELS,
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
            at_limit: 63,
            past: LEVELS,
        },
        Form {
            name: "indexing",
            build: |n| {
                format!(
                    "tree T for W {{ Condition(|w| w.v{} > 0) }}",
                    "[0]".repeat(n)
                )
            },
            at_limit: 1021,
            past: CHAIN,
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
            at_limit: 64,
            past: LEVELS,
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
            at_limit: 63,
            past: LEVELS,
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
            past: LEVELS,
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
            past: LEVELS,
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
            at_limit: 62,
            past: LEVELS,
        },
        Form {
            name: "a case",
            build: |n| {
                format!("tree T for W {{ blackboard {{ x: i32 }} Switch(x) {{ case {}1 => AlwaysSuccess, _ => AlwaysFailure }} }}", "- ".repeat(n))
            },
            at_limit: 64,
            past: LEVELS,
        },
        Form {
            name: "parentheses in a script",
            build: |n| xml_script(&format!("x := {}a{}", "(".repeat(n), ")".repeat(n))),
            at_limit: MAX_NESTING,
            past: SCRIPT,
        },
        Form {
            name: "unary minus in a script",
            build: |n| xml_script(&format!("x := {}a", "-".repeat(n))),
            at_limit: MAX_NESTING,
            past: SCRIPT,
        },
        Form {
            name: "a sum in a script",
            build: |n| xml_script(&format!("x := a{}", " + a".repeat(n))),
            at_limit: MAX_NESTING,
            past: SCRIPT,
        },
        Form {
            name: "a value in XML",
            build: |n| xml_value(&format!("{}1{}", "(".repeat(n), ")".repeat(n))),
            at_limit: MAX_NESTING,
            past: LEVELS,
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
            assert!(
                !out.contains("nests deeper") && !out.contains("chains more"),
                "{}: {out}",
                form.name
            );
            for n in [form.at_limit + 1, 100_000] {
                let (errors_past, out) = expand_on(8 << 20, (form.build)(n));
                assert_eq!(errors_past, errors + 1, "{} at {n}: {out}", form.name);
                assert!(out.contains(form.past), "{} at {n}: {out}", form.name);
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
