//! BehaviorTree.CPP scripts (the `code` of `Script`/`ScriptCondition`, the pre- and
//! post-condition attributes) translated to Rust closures over the blackboard. A small,
//! well-defined subset of BehaviorTree.CPP's scripting language:
//!
//! ```text
//! script     := statement ( ";" statement )* ";"?
//! statement  := IDENT ( ":=" | "=" | "+=" | "-=" | "*=" | "/=" ) expression | expression
//! expression := or
//! or         := and ( "||" and )*
//! and        := comparison ( "&&" comparison )*
//! comparison := sum ( ( "==" | "!=" | "<" | "<=" | ">" | ">=" ) sum )?
//! sum        := product ( ( "+" | "-" ) product )*
//! product    := unary ( ( "*" | "/" ) unary )*
//! unary      := ( "-" | "!" ) unary | "(" expression ")" | IDENT | NUMBER | 'string' | true | false
//! ```
//!
//! An identifier is a blackboard entry (`x > 3` is `bb.x > 3`), or a scripting enum the invocation
//! names (`enums { RED = Color::Red }`: `color != RED` is `bb.color != Color::Red`). Numbers of
//! different types meet as BehaviorTree.CPP's do, as numbers: an entry of another primitive
//! numeric type than the expression's is converted (`a > b` with `a: i32`, `b: f64` is
//! `(bb.a as f64) > bb.b`; to an integer type that may not hold it, clamped by
//! `bt::script::to`), a whole number next to a real becomes a real. Integer arithmetic is written
//! as calls of `bt::script` (`x := a / b` is `bb.x = script::div(bb.a, bb.b)`), which clamp to
//! the type's range and never panic (`docs/decisions.md`, decision 16). Not in the subset: the
//! ternary `?:`, string concatenation `..`, the bitwise operators `& | ^ ~`, chained comparisons
//! and `@` (the root blackboard).
//!
//! A script nests at most [`MAX_NESTING`] levels, the limit of Rust code in a tree: each
//! parenthesis around a value, each `-` or `!` before it, and each operator of a chain (`a + b + c`
//! is two levels, as `(a + b) + c`) is a level. The parser measures as it goes, so a deeper
//! script is an error at the token past the limit, whatever its depth.

use proc_macro2::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};

use crate::nesting::MAX_NESTING;

/// An expression of the subset.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    Entry(String),
    /// A whole number as written (decimal or `0x..`).
    Int(String),
    /// A real number as written.
    Real(String),
    Str(String),
    Bool(bool),
    Unary(char, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Or,
    And,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Add,
    Sub,
    Mul,
    Div,
}

impl BinOp {
    fn text(self) -> &'static str {
        match self {
            BinOp::Or => "||",
            BinOp::And => "&&",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
        }
    }

    /// Rust's precedence (the subset's is the same).
    fn precedence(self) -> u8 {
        match self {
            BinOp::Or => 1,
            BinOp::And => 2,
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => 3,
            BinOp::Add | BinOp::Sub => 4,
            BinOp::Mul | BinOp::Div => 5,
        }
    }

    fn arithmetic(self) -> bool {
        self.precedence() >= 4
    }

    fn comparison(self) -> bool {
        self.precedence() == 3
    }
}

/// A statement: an assignment or an expression.
#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    /// `target op value`; `op` is `=` for both `:=` and `=`.
    Assign {
        target: String,
        op: &'static str,
        value: Expr,
    },
    Expr(Expr),
}

/// A parse error: the byte offset in the script and the message.
#[derive(Debug, PartialEq)]
pub struct ScriptError {
    pub offset: usize,
    pub message: String,
    /// The script is within the subset but nested too deep (not a construct the subset lacks).
    pub too_deep: bool,
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    Int(String),
    Real(String),
    Str(String),
    Op(&'static str),
    Open,
    Close,
    Semi,
}

const OPERATORS: &[&str] = &[
    ":=", "+=", "-=", "*=", "/=", "==", "!=", "<=", ">=", "&&", "||", "<", ">", "=", "+", "-", "*",
    "/", "!",
];

/// What BehaviorTree.CPP's scripts have that the subset does not, with the explanation.
const UNSUPPORTED: &[(&str, &str)] = &[
    ("..", "string concatenation `..` is not supported"),
    ("?", "the ternary operator `?:` is not supported"),
    (
        "@",
        "`@key` (the root blackboard) is not supported; remap the entry through the subtrees",
    ),
    ("&", "the bitwise operator `&` is not supported"),
    ("|", "the bitwise operator `|` is not supported"),
    ("^", "the bitwise operator `^` is not supported"),
    ("~", "the bitwise operator `~` is not supported"),
];

fn lex(text: &str) -> Result<Vec<(usize, Tok)>, ScriptError> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = text[i..].chars().next().unwrap_or(' ');
        let rest = &text[i..];
        if c.is_whitespace() {
            i += c.len_utf8();
        } else if c.is_ascii_alphabetic() || c == '_' {
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            out.push((i, Tok::Ident(rest[..end].to_owned())));
            i += end;
        } else if c.is_ascii_digit() {
            let (end, real) = number(rest);
            let number = rest[..end].to_owned();
            if number.len() == 2 && number[1..].eq_ignore_ascii_case("x") {
                // Not a number of Rust's either: it would be written and fail there, unlocated.
                return Err(ScriptError {
                    too_deep: false,
                    offset: i,
                    message: format!("`{number}` needs hexadecimal digits after it"),
                });
            }
            out.push((
                i,
                if real {
                    Tok::Real(number)
                } else {
                    Tok::Int(number)
                },
            ));
            i += end;
        } else if c == '\'' {
            let Some(end) = rest[1..].find('\'') else {
                return Err(ScriptError {
                    too_deep: false,
                    offset: i,
                    message: "this string has no closing `'`".into(),
                });
            };
            out.push((i, Tok::Str(rest[1..1 + end].to_owned())));
            i += end + 2;
        } else if c == '(' {
            out.push((i, Tok::Open));
            i += 1;
        } else if c == ')' {
            out.push((i, Tok::Close));
            i += 1;
        } else if c == ';' {
            out.push((i, Tok::Semi));
            i += 1;
        } else if let Some((_, message)) = UNSUPPORTED.iter().find(|(op, _)| {
            rest.starts_with(op) && !rest.starts_with("&&") && !rest.starts_with("||")
        }) {
            return Err(ScriptError {
                too_deep: false,
                offset: i,
                message: (*message).to_owned(),
            });
        } else if let Some(op) = OPERATORS.iter().find(|op| rest.starts_with(**op)) {
            out.push((i, Tok::Op(op)));
            i += op.len();
        } else {
            return Err(ScriptError {
                too_deep: false,
                offset: i,
                message: format!("unexpected character `{c}`"),
            });
        }
    }
    Ok(out)
}

/// The length of the number at the start of `text`, and whether it is real.
fn number(text: &str) -> (usize, bool) {
    let bytes = text.as_bytes();
    if text.starts_with("0x") || text.starts_with("0X") {
        let end = 2 + text[2..]
            .find(|c: char| !c.is_ascii_hexdigit())
            .unwrap_or(text.len() - 2);
        return (end, false);
    }
    let digits = |from: usize| {
        from + text[from..]
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(text.len() - from)
    };
    let mut end = digits(0);
    let mut real = false;
    if bytes.get(end) == Some(&b'.') && bytes.get(end + 1).is_some_and(u8::is_ascii_digit) {
        end = digits(end + 1);
        real = true;
    }
    if matches!(bytes.get(end), Some(b'e' | b'E')) {
        let sign = usize::from(matches!(bytes.get(end + 1), Some(b'+' | b'-')));
        if bytes.get(end + 1 + sign).is_some_and(u8::is_ascii_digit) {
            end = digits(end + 1 + sign);
            real = true;
        }
    }
    (end, real)
}

struct Parser {
    toks: Vec<(usize, Tok)>,
    at: usize,
    len: usize,
    /// The parentheses and prefix operators around the value being parsed: levels already used.
    nesting: usize,
}

/// How many levels an expression's syntax tree takes (a value alone none; a parenthesis, a
/// prefix operator or a binary operator one more than its operands).
type Height = usize;

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.at).map(|(_, tok)| tok)
    }

    fn offset(&self) -> usize {
        self.toks
            .get(self.at)
            .map_or(self.len, |(offset, _)| *offset)
    }

    fn error<T>(&self, message: impl Into<String>) -> Result<T, ScriptError> {
        Err(ScriptError {
            offset: self.offset(),
            message: message.into(),
            too_deep: false,
        })
    }

    fn eat_op(&mut self, ops: &[&'static str]) -> Option<&'static str> {
        match self.peek() {
            Some(Tok::Op(op)) if ops.contains(op) => {
                let op = *op;
                self.at += 1;
                Some(op)
            }
            _ => None,
        }
    }

    fn statement(&mut self) -> Result<Stmt, ScriptError> {
        if let (Some(Tok::Ident(name)), Some((_, Tok::Op(op)))) =
            (self.peek(), self.toks.get(self.at + 1))
        {
            if matches!(*op, ":=" | "=" | "+=" | "-=" | "*=" | "/=") {
                let target = name.clone();
                let op = if *op == ":=" { "=" } else { *op };
                self.at += 2;
                let value = self.expression()?;
                return Ok(Stmt::Assign { target, op, value });
            }
        }
        self.expression().map(Stmt::Expr)
    }

    fn expression(&mut self) -> Result<Expr, ScriptError> {
        self.binary(1).map(|(expr, _)| expr)
    }

    /// The error for a script nested deeper than [`MAX_NESTING`], at the current token.
    fn too_deep<T>(&self) -> Result<T, ScriptError> {
        Err(ScriptError {
            offset: self.offset(),
            message: format!("the script nests deeper than {MAX_NESTING} levels (each parenthesis, each `-` or `!` before a value and each operator of a chain is a level): split it into statements over entries of their own"),
            too_deep: true,
        })
    }

    fn binary(&mut self, level: u8) -> Result<(Expr, Height), ScriptError> {
        if level > 5 {
            return self.unary();
        }
        let ops: &[&'static str] = match level {
            1 => &["||"],
            2 => &["&&"],
            3 => &["==", "!=", "<=", ">=", "<", ">"],
            4 => &["+", "-"],
            _ => &["*", "/"],
        };
        let (mut left, mut height) = self.binary(level + 1)?;
        loop {
            let at = self.at;
            let Some(op) = self.eat_op(ops) else { break };
            let (right, right_height) = self.binary(level + 1)?;
            height = 1 + height.max(right_height);
            if self.nesting + height > MAX_NESTING {
                self.at = at;
                return self.too_deep();
            }
            let op = binop(op);
            left = Expr::Binary(op, Box::new(left), Box::new(right));
            if level == 3
                && self
                    .peek()
                    .is_some_and(|tok| matches!(tok, Tok::Op(op) if ops.contains(op)))
            {
                return self.error("chained comparisons are not supported; join them with `&&`");
            }
        }
        Ok((left, height))
    }

    /// A value, with what nests it (a parenthesis, a prefix operator): one level more than what
    /// it holds.
    fn nested(&mut self) -> Result<(Expr, Height), ScriptError> {
        if self.nesting + 1 > MAX_NESTING {
            return self.too_deep();
        }
        self.at += 1;
        self.nesting += 1;
        let inner = match self.toks[self.at - 1].1 {
            Tok::Open => self.binary(1).and_then(|inner| {
                if self.peek() != Some(&Tok::Close) {
                    return self.error("expected `)`");
                }
                self.at += 1;
                Ok(inner)
            }),
            Tok::Op(op) => self.unary().map(|(inner, height)| {
                (
                    Expr::Unary(if op == "-" { '-' } else { '!' }, Box::new(inner)),
                    height,
                )
            }),
            _ => unreachable!("only `(`, `-` and `!` nest"),
        };
        self.nesting -= 1;
        inner.map(|(expr, height)| (expr, height + 1))
    }

    fn unary(&mut self) -> Result<(Expr, Height), ScriptError> {
        let Some(tok) = self.peek().cloned() else {
            return self.error("expected a value");
        };
        if matches!(tok, Tok::Open | Tok::Op("-" | "!")) {
            return self.nested();
        }
        self.at += 1;
        let value = match tok {
            Tok::Ident(name) if name == "true" => Expr::Bool(true),
            Tok::Ident(name) if name == "false" => Expr::Bool(false),
            Tok::Ident(name) => {
                if self.peek() == Some(&Tok::Open) {
                    return self.error(format!("`{name}(..)`: function calls are not supported"));
                }
                Expr::Entry(name)
            }
            Tok::Int(text) => Expr::Int(text),
            Tok::Real(text) => Expr::Real(text),
            Tok::Str(text) => Expr::Str(text),
            _ => {
                self.at -= 1;
                return self.error("expected a value");
            }
        };
        Ok((value, 0))
    }
}

fn binop(op: &str) -> BinOp {
    match op {
        "||" => BinOp::Or,
        "&&" => BinOp::And,
        "==" => BinOp::Eq,
        "!=" => BinOp::Ne,
        "<" => BinOp::Lt,
        "<=" => BinOp::Le,
        ">" => BinOp::Gt,
        ">=" => BinOp::Ge,
        "+" => BinOp::Add,
        "-" => BinOp::Sub,
        "*" => BinOp::Mul,
        _ => BinOp::Div,
    }
}

/// Parses a script: its statements.
pub fn parse(text: &str) -> Result<Vec<Stmt>, ScriptError> {
    let toks = lex(text)?;
    let mut parser = Parser {
        toks,
        at: 0,
        len: text.len(),
        nesting: 0,
    };
    let mut statements = Vec::new();
    while parser.peek().is_some() {
        if parser.peek() == Some(&Tok::Semi) {
            parser.at += 1;
            continue;
        }
        statements.push(parser.statement()?);
        match parser.peek() {
            None | Some(Tok::Semi) => {}
            Some(_) => return parser.error("expected `;` or the end of the script"),
        }
    }
    if statements.is_empty() {
        return Err(ScriptError {
            too_deep: false,
            offset: 0,
            message: "the script is empty".into(),
        });
    }
    Ok(statements)
}

/// Every entry a statement reads or writes, in order.
pub fn entries(stmt: &Stmt, out: &mut Vec<String>) {
    fn expr(e: &Expr, out: &mut Vec<String>) {
        match e {
            Expr::Entry(name) => out.push(name.clone()),
            Expr::Unary(_, inner) => expr(inner, out),
            Expr::Binary(_, a, b) => {
                expr(a, out);
                expr(b, out);
            }
            _ => {}
        }
    }
    match stmt {
        Stmt::Assign { target, value, .. } => {
            out.push(target.clone());
            expr(value, out);
        }
        Stmt::Expr(e) => expr(e, out),
    }
}

/// What the translation needs to know of an entry.
pub trait Entries {
    /// The entry's identifier (a raw identifier for a keyword).
    fn ident(&self, name: &str) -> Ident;
    /// The entry's type when it is a primitive number (`i32`, `f64`, ..): numbers of other types
    /// are converted to the expression's type, whole numbers next to a real become reals.
    fn numeric_type(&self, name: &str) -> Option<&'static str>;
    /// True for a `#[tracked]` entry.
    fn is_tracked(&self, name: &str) -> bool;
    /// The Rust value of a scripting enum of this name, if the invocation names one.
    fn constant(&self, name: &str) -> Option<TokenStream>;
}

/// The primitive numeric types, as a type's tokens print.
pub const NUMERIC_TYPES: &[&str] = &[
    "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64", "u128", "usize", "f32",
    "f64",
];

fn is_real(ty: &str) -> bool {
    matches!(ty, "f32" | "f64")
}

/// An integer type: its arithmetic goes through `bt::script`'s functions, which never panic.
fn is_int(ty: Option<&str>) -> bool {
    ty.is_some_and(|ty| !is_real(ty))
}

/// Whether every value of the integer type `from` is one of `to` (`as` then converts exactly);
/// `isize` and `usize` are of no fixed width.
fn widens(from: &str, to: &str) -> bool {
    let bits = |ty: &str| ty[1..].parse::<u32>().ok();
    match (bits(from), bits(to)) {
        (Some(from_bits), Some(to_bits)) => match (from.starts_with('i'), to.starts_with('i')) {
            (true, true) | (false, false) => to_bits >= from_bits,
            (false, true) => to_bits > from_bits,
            (true, false) => false,
        },
        _ => false,
    }
}

/// The type two numeric operands meet at: a real if either is one; the integer type that holds
/// every value of the other if one does (`i32` and `i64` meet at `i64`); else the first known.
fn meet(a: Option<&'static str>, b: Option<&'static str>) -> Option<&'static str> {
    match (a, b) {
        (Some(a), Some(b)) if is_real(b) && !is_real(a) => Some(b),
        (Some(a), Some(b)) if is_real(a) && is_real(b) && a != b => Some("f64"),
        (Some(a), Some(b)) if !is_real(a) && widens(a, b) => Some(b),
        (Some(a), _) => Some(a),
        (None, b) => b,
    }
}

/// Whether `e` is a number: a constant, an entry, or a negation or arithmetic of numbers (not a
/// comparison, a logical operator, `!`, a boolean or a text).
pub fn is_arithmetic(e: &Expr) -> bool {
    match e {
        Expr::Entry(_) | Expr::Int(_) | Expr::Real(_) => true,
        Expr::Unary('-', inner) => is_arithmetic(inner),
        Expr::Binary(op, a, b) => op.arithmetic() && is_arithmetic(a) && is_arithmetic(b),
        _ => false,
    }
}

/// Whether `e` is a constant number: `2`, `0.5`, `-1`.
pub fn is_number(e: &Expr) -> bool {
    match e {
        Expr::Int(_) | Expr::Real(_) => true,
        Expr::Unary('-', inner) => matches!(**inner, Expr::Int(_) | Expr::Real(_)),
        _ => false,
    }
}

/// Translates parsed scripts into Rust, every token at `span`.
pub struct Emit<'a, E: Entries> {
    pub entries: &'a E,
    pub span: Span,
}

impl<E: Entries> Emit<'_, E> {
    fn punct(&self, text: &str, out: &mut TokenStream) {
        let chars: Vec<char> = text.chars().collect();
        for (i, c) in chars.iter().enumerate() {
            let spacing = if i + 1 < chars.len() {
                Spacing::Joint
            } else {
                Spacing::Alone
            };
            let mut punct = Punct::new(*c, spacing);
            punct.set_span(self.span);
            out.extend([TokenTree::Punct(punct)]);
        }
    }

    fn ident(&self, text: &str, out: &mut TokenStream) {
        out.extend([TokenTree::Ident(Ident::new(text, self.span))]);
    }

    fn group(&self, delimiter: Delimiter, inner: TokenStream, out: &mut TokenStream) {
        let mut group = Group::new(delimiter, inner);
        group.set_span(self.span);
        out.extend([TokenTree::Group(group)]);
    }

    fn literal(&self, mut literal: Literal, out: &mut TokenStream) {
        literal.set_span(self.span);
        out.extend([TokenTree::Literal(literal)]);
    }

    /// `bb.name`, or `*bb.name` for a tracked entry (`deref` for reads).
    fn entry(&self, name: &str, deref: bool, out: &mut TokenStream) {
        if deref && self.entries.is_tracked(name) {
            self.punct("*", out);
        }
        self.ident("bb", out);
        self.punct(".", out);
        out.extend([TokenTree::Ident(self.entries.ident(name))]);
    }

    /// The primitive numeric type of an arithmetic expression, as far as its entries and
    /// literals tell (a real literal makes it at least `f64`).
    fn numeric(&self, e: &Expr) -> Option<&'static str> {
        match e {
            Expr::Real(_) => Some("f64"),
            Expr::Entry(name) if self.entries.constant(name).is_none() => {
                self.entries.numeric_type(name)
            }
            Expr::Unary('-', inner) => self.numeric(inner),
            Expr::Binary(op, a, b) if op.arithmetic() => {
                let (a, b) = (self.numeric(a), self.numeric(b));
                // A real literal alone does not decide between `f32` and `f64`.
                match (a, b) {
                    (Some("f64"), Some("f32")) | (Some("f32"), Some("f64")) => Some("f32"),
                    _ => meet(a, b),
                }
            }
            _ => None,
        }
    }

    /// A number as a Rust literal; a whole number among reals becomes a real.
    fn number(&self, text: &str, real: bool, out: &mut TokenStream) {
        let text = if real && !text.contains(['.', 'e', 'E', 'x', 'X']) {
            format!("{text}.0")
        } else {
            text.to_owned()
        };
        match text.parse::<TokenStream>() {
            Ok(tokens) => out.extend(tokens.into_iter().map(|mut token| {
                token.set_span(self.span);
                token
            })),
            Err(_) => self.ident("__bt_bad_number", out),
        }
    }

    /// `e` in an expression of type `ty` (a primitive number, when known).
    fn expr(&self, e: &Expr, ty: Option<&'static str>, out: &mut TokenStream) {
        match e {
            Expr::Entry(name) => match self.entries.constant(name) {
                Some(value) => out.extend(value),
                None => {
                    let own = self.entries.numeric_type(name);
                    match (own, ty) {
                        // An integer that the type may not hold: clamped, where `as` wraps.
                        (Some(own), Some(ty))
                            if own != ty
                                && is_int(Some(own))
                                && is_int(Some(ty))
                                && !widens(own, ty) =>
                        {
                            self.script_fn("to", out);
                            self.punct("::", out);
                            let mut types = TokenStream::new();
                            self.punct("<", &mut types);
                            self.ident(ty, &mut types);
                            self.punct(",", &mut types);
                            self.ident("_", &mut types);
                            self.punct(">", &mut types);
                            out.extend(types);
                            let mut arg = TokenStream::new();
                            self.entry(name, true, &mut arg);
                            self.group(Delimiter::Parenthesis, arg, out);
                        }
                        (Some(own), Some(ty)) if own != ty => {
                            let mut inner = TokenStream::new();
                            self.entry(name, true, &mut inner);
                            self.ident("as", &mut inner);
                            self.ident(ty, &mut inner);
                            self.group(Delimiter::Parenthesis, inner, out);
                        }
                        _ => self.entry(name, true, out),
                    }
                }
            },
            Expr::Int(text) => self.number(text, ty.is_some_and(is_real), out),
            Expr::Real(text) => self.number(text, true, out),
            Expr::Str(text) => self.literal(Literal::string(text), out),
            Expr::Bool(value) => self.ident(if *value { "true" } else { "false" }, out),
            Expr::Unary(op, inner) => {
                let ty = if *op == '-' {
                    ty.or_else(|| self.numeric(inner))
                } else {
                    None
                };
                if *op == '-' && is_int(ty) {
                    self.call("neg", &[inner], ty, out);
                    return;
                }
                self.punct(&op.to_string(), out);
                self.operand(inner, 6, ty, out);
            }
            Expr::Binary(op, a, b) => {
                let ty = if op.arithmetic() {
                    ty.or_else(|| self.numeric(e))
                } else if op.comparison() {
                    meet(self.numeric(a), self.numeric(b))
                } else {
                    None
                };
                if op.arithmetic() && is_int(ty) {
                    let name = match op {
                        BinOp::Add => "add",
                        BinOp::Sub => "sub",
                        BinOp::Mul => "mul",
                        _ => "div",
                    };
                    self.call(name, &[a, b], ty, out);
                    return;
                }
                let precedence = op.precedence();
                self.operand(a, precedence, ty, out);
                self.punct(op.text(), out);
                // Left-associative: an equal precedence on the right needs parentheses.
                self.operand(b, precedence + 1, ty, out);
            }
        }
    }

    /// `__bt::script::name`: integer arithmetic that never panics.
    fn script_fn(&self, name: &str, out: &mut TokenStream) {
        self.runtime_path(&["script", name], out);
    }

    /// `__bt::script::name(args..)`, each argument an expression of type `ty`.
    fn call(&self, name: &str, args: &[&Expr], ty: Option<&'static str>, out: &mut TokenStream) {
        self.script_fn(name, out);
        let mut inner = TokenStream::new();
        for (index, arg) in args.iter().enumerate() {
            if index > 0 {
                self.punct(",", &mut inner);
            }
            self.expr(arg, ty, &mut inner);
        }
        self.group(Delimiter::Parenthesis, inner, out);
    }

    /// `e` where an expression of at least `precedence` is expected.
    fn operand(&self, e: &Expr, precedence: u8, ty: Option<&'static str>, out: &mut TokenStream) {
        let own = match e {
            Expr::Binary(op, ..) => op.precedence(),
            _ => 7,
        };
        if own < precedence {
            let mut inner = TokenStream::new();
            self.expr(e, ty, &mut inner);
            self.group(Delimiter::Parenthesis, inner, out);
        } else {
            self.expr(e, ty, out);
        }
    }

    /// `|bb| expression`: a condition.
    pub fn condition(&self, e: &Expr) -> TokenStream {
        let mut out = self.params();
        self.expr(e, None, &mut out);
        out
    }

    /// A constant score ([`is_number`]): a whole number as written (the macro reads it as an
    /// `f32`), a negative one as a real (`-1.0`), a real as written.
    pub fn number_constant(&self, e: &Expr) -> TokenStream {
        let mut out = TokenStream::new();
        match e {
            Expr::Unary('-', inner) => {
                self.punct("-", &mut out);
                self.expr(inner, Some("f32"), &mut out);
            }
            other => self.expr(other, None, &mut out),
        }
        out
    }

    /// `|bb| expression`, an `f32`: a score (entries of other numeric types converted with `as`).
    pub fn score(&self, e: &Expr) -> TokenStream {
        let mut out = self.params();
        self.expr(e, Some("f32"), &mut out);
        out
    }

    fn params(&self) -> TokenStream {
        let mut out = TokenStream::new();
        self.punct("|", &mut out);
        self.ident("bb", &mut out);
        self.punct("|", &mut out);
        out
    }

    /// `|bb| { statements; }`: assignments.
    pub fn statements(&self, statements: &[(String, &'static str, Expr)]) -> TokenStream {
        let mut body = TokenStream::new();
        for (target, op, value) in statements {
            let ty = self
                .entries
                .numeric_type(target)
                .or_else(|| self.numeric(value));
            let mut rhs = TokenStream::new();
            match value {
                // A copy of another entry (of the same type), also of a type that is not `Copy`.
                Expr::Entry(name)
                    if self.entries.constant(name).is_none()
                        && (self.entries.numeric_type(name).is_none()
                            || self.entries.numeric_type(name) == ty) =>
                {
                    self.path(&["core", "clone", "Clone", "clone"], &mut rhs);
                    let mut arg = TokenStream::new();
                    self.punct("&", &mut arg);
                    self.entry(name, true, &mut arg);
                    self.group(Delimiter::Parenthesis, arg, &mut rhs);
                }
                // Text into an entry of any type with `From<&str>` (`String`, `&str`).
                Expr::Str(_) if *op == "=" => {
                    self.path(&["core", "convert", "Into", "into"], &mut rhs);
                    let mut arg = TokenStream::new();
                    self.expr(value, ty, &mut arg);
                    self.group(Delimiter::Parenthesis, arg, &mut rhs);
                }
                _ => self.expr(value, ty, &mut rhs),
            }
            let compound = match *op {
                "+=" => Some("add_to"),
                "-=" => Some("sub_from"),
                "*=" => Some("mul_by"),
                "/=" => Some("div_by"),
                _ => None,
            };
            if let (Some(name), true) = (compound, is_int(self.entries.numeric_type(target))) {
                // `script::add_to(&mut bb.x, value)`: the arithmetic that never panics.
                self.script_fn(name, &mut body);
                let mut args = TokenStream::new();
                self.punct("&", &mut args);
                self.ident("mut", &mut args);
                self.entry(target, true, &mut args);
                self.punct(",", &mut args);
                args.extend(rhs);
                self.group(Delimiter::Parenthesis, args, &mut body);
            } else if *op == "=" && self.entries.is_tracked(target) {
                // One update of a tracked entry.
                self.entry(target, false, &mut body);
                self.punct(".", &mut body);
                self.ident("set", &mut body);
                self.group(Delimiter::Parenthesis, rhs, &mut body);
            } else {
                self.entry(target, true, &mut body);
                self.punct(op, &mut body);
                body.extend(rhs);
            }
            if statements.len() > 1 {
                self.punct(";", &mut body);
            }
        }
        // One assignment is the closure's body; more are a block.
        let mut out = self.params();
        if statements.len() > 1 {
            self.group(Delimiter::Brace, body, &mut out);
        } else {
            out.extend(body);
        }
        out
    }

    /// `::a::b::c`.
    fn path(&self, segments: &[&str], out: &mut TokenStream) {
        for segment in segments {
            self.punct("::", out);
            self.ident(segment, out);
        }
    }

    /// `__bt::a::b`: a path into the runtime, by the name the generated code imports
    /// it under (`crate::runtime`).
    fn runtime_path(&self, segments: &[&str], out: &mut TokenStream) {
        self.ident(crate::runtime::NAME, out);
        self.path(segments, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::closure_script;

    struct Bb;

    impl Entries for Bb {
        fn ident(&self, name: &str) -> Ident {
            Ident::new(name, Span::call_site())
        }
        fn numeric_type(&self, name: &str) -> Option<&'static str> {
            match name.as_bytes().first() {
                Some(b'f') => Some("f64"),
                Some(b'g') => Some("f32"),
                Some(b'i') => Some("i32"),
                Some(b'l') => Some("i64"),
                _ => None,
            }
        }
        fn is_tracked(&self, name: &str) -> bool {
            name.starts_with('t')
        }
        fn constant(&self, name: &str) -> Option<TokenStream> {
            match name {
                "RED" => Some(quote::quote!(__bt::scripting_enum("RED", Color::Red))),
                "ANSWER" => Some(quote::quote!((42))),
                _ => None,
            }
        }
    }

    fn condition(text: &str) -> String {
        let statements = parse(text).unwrap();
        let [Stmt::Expr(e)] = &statements[..] else {
            panic!("{statements:?}")
        };
        let emit = Emit {
            entries: &Bb,
            span: Span::call_site(),
        };
        emit.condition(e).to_string()
    }

    fn statements(text: &str) -> String {
        let statements: Vec<(String, &str, Expr)> = parse(text)
            .unwrap()
            .into_iter()
            .map(|stmt| match stmt {
                Stmt::Assign { target, op, value } => (target, op, value),
                Stmt::Expr(e) => panic!("{e:?}"),
            })
            .collect();
        let emit = Emit {
            entries: &Bb,
            span: Span::call_site(),
        };
        emit.statements(&statements).to_string()
    }

    #[test]
    fn conditions() {
        assert_eq!(condition("x > 3"), "| bb | bb . x > 3");
        assert_eq!(condition("f > 3"), "| bb | bb . f > 3.0");
        assert_eq!(condition("-3 < f"), "| bb | - 3.0 < bb . f");
        assert_eq!(
            condition("(a + 1) * 2 == b"),
            "| bb | (bb . a + 1) * 2 == bb . b"
        );
        assert_eq!(
            condition("a - (b - c) >= 0"),
            "| bb | bb . a - (bb . b - bc) >= 0".replace("bc", "bb . c")
        );
        assert_eq!(
            condition("t == 2 && !done || x != 'go'"),
            "| bb | * bb . t == 2 && ! bb . done || bb . x != \"go\""
        );
        assert_eq!(condition("!(a && b)"), "| bb | ! (bb . a && bb . b)");
        assert_eq!(condition("x == 0x1F"), "| bb | bb . x == 0x1F");
        assert_eq!(condition("f < 1e3"), "| bb | bb . f < 1e3");
    }

    /// A script translated to a closure reads back as itself (up to `:=` for `=` and a real's
    /// `.0`); a closure outside the subset does not read back.
    #[test]
    fn closures_read_back_as_scripts() {
        let back = |rust: String| {
            let closure: syn::ExprClosure = syn::parse_str(&rust).unwrap();
            closure_script(&closure)
        };
        for (script, expected) in [
            ("x > 3", "x > 3"),
            ("f > 3", "f > 3.0"),
            (
                "(a + 1) * 2 == b && !done || x != 'go'",
                "(a + 1) * 2 == b && !done || x != 'go'",
            ),
            ("t == 2", "t == 2"),
            ("i > f", "i > f"),
            ("c != RED", "c != RED"),
        ] {
            assert_eq!(
                back(condition(script)).as_deref(),
                Some(expected),
                "{script}"
            );
        }
        for (script, expected) in [
            ("x := 5", "x := 5"),
            ("f = 5; x += 1;", "f := 5.0; x += 1"),
            ("t := t + 1", "t := t + 1"),
            ("note := 'first'; x := y", "note := 'first'; x := y"),
            ("l += i", "l += i"),
        ] {
            assert_eq!(
                back(statements(script)).as_deref(),
                Some(expected),
                "{script}"
            );
        }
        for rust in [
            "|bb| bb.pos.distance(3) < 2.0",
            "|bb| f(bb.x)",
            "|bb| bb.x == Mode::Fast",
            "|bb| { let y = 3; bb.x = y; }",
            "|world, bb| bb.x",
            "|bb| bb.x == 5u8",
        ] {
            assert_eq!(back(rust.to_owned()), None, "{rust}");
        }
    }

    #[test]
    fn numbers_of_different_types_and_scripting_enums() {
        assert_eq!(condition("i > f"), "| bb | (bb . i as f64) > bb . f");
        assert_eq!(condition("i > 3.5"), "| bb | (bb . i as f64) > 3.5");
        assert_eq!(condition("g < f"), "| bb | (bb . g as f64) < bb . f");
        assert_eq!(
            condition("l == i + 1"),
            "| bb | bb . l == __bt :: script :: add ((bb . i as i64) , 1)"
        );
        assert_eq!(
            condition("c != RED && i > ANSWER"),
            "| bb | bb . c != __bt :: scripting_enum (\"RED\" , Color :: Red) && bb . i > (42)"
        );
        assert_eq!(
            statements("l += i"),
            "| bb | __bt :: script :: add_to (& mut bb . l , (bb . i as i64))"
        );
        assert_eq!(statements("f := i"), "| bb | bb . f = (bb . i as f64)");
        assert_eq!(
            statements("c := RED"),
            "| bb | bb . c = __bt :: scripting_enum (\"RED\" , Color :: Red)"
        );
        assert_eq!(
            statements("x := y"),
            "| bb | bb . x = :: core :: clone :: Clone :: clone (& bb . y)"
        );
    }

    #[test]
    fn assignments() {
        assert_eq!(statements("x := 5"), "| bb | bb . x = 5");
        assert_eq!(
            statements("f = 5; x += 1;"),
            "| bb | { bb . f = 5.0 ; bb . x += 1 ; }"
        );
        assert_eq!(
            statements("t := t + 1"),
            "| bb | bb . t . set (* bb . t + 1)"
        );
        assert_eq!(statements("t += 1"), "| bb | * bb . t += 1");
        assert_eq!(
            statements("s = 'hi'"),
            "| bb | bb . s = :: core :: convert :: Into :: into (\"hi\")"
        );
        assert_eq!(
            statements("a = b"),
            "| bb | bb . a = :: core :: clone :: Clone :: clone (& bb . b)"
        );
    }

    /// Integer arithmetic goes through `bt::script`, which clamps instead of panicking
    /// (`docs/decisions.md`, decision 16); real arithmetic keeps its operators; a conversion to an
    /// integer type that may not hold the value clamps too. Each reads back as its script.
    #[test]
    fn integer_arithmetic_never_panics_and_reads_back() {
        let script = "__bt :: script ::";
        for (text, rust) in [
            ("i := i + 1", format!("| bb | bb . i = {script} add (bb . i , 1)")),
            ("i := 10 / i", format!("| bb | bb . i = {script} div (10 , bb . i)")),
            ("i := -i", format!("| bb | bb . i = {script} neg (bb . i)")),
            ("i := i * (l - 2)", format!("| bb | bb . i = {script} mul (bb . i , {script} sub ({script} to :: < i32 , _ > (bb . l) , 2))")),
            ("i -= 1", format!("| bb | {script} sub_from (& mut bb . i , 1)")),
            ("i /= 0", format!("| bb | {script} div_by (& mut bb . i , 0)")),
            ("l := i", "| bb | bb . l = (bb . i as i64)".to_owned()),
            ("f := f / 0", "| bb | bb . f = bb . f / 0.0".to_owned()),
            ("f *= 2", "| bb | bb . f *= 2.0".to_owned()),
        ] {
            assert_eq!(statements(text), rust, "{text}");
        }
        assert_eq!(
            condition("i / 2 > -l"),
            format!("| bb | {script} div ((bb . i as i64) , 2) > {script} neg (bb . l)")
        );
        let back = |rust: String| {
            let closure: syn::ExprClosure = syn::parse_str(&rust).unwrap();
            closure_script(&closure)
        };
        for (text, expected) in [
            ("i := (i + 1) * 2", "i := (i + 1) * 2"),
            ("i := i - (l - 1)", "i := i - (l - 1)"),
            ("i := i - l - 1", "i := i - l - 1"),
            ("i := -(i + 1)", "i := -(i + 1)"),
            ("i := -i / 2", "i := -i / 2"),
            ("i *= l", "i *= l"),
            ("i /= 2; l -= 1", "i /= 2; l -= 1"),
        ] {
            assert_eq!(back(statements(text)).as_deref(), Some(expected), "{text}");
        }
        assert_eq!(
            back(condition("(i + 1) * 2 >= l / 3")).as_deref(),
            Some("(i + 1) * 2 >= l / 3")
        );
    }

    #[test]
    fn errors_say_what_is_unsupported_and_where() {
        let error = |text: &str| parse(text).unwrap_err();
        assert_eq!(error("a ? 1 : 2").offset, 2);
        assert!(error("a ? 1 : 2").message.contains("ternary"));
        assert!(error("s := 'a' .. 'b'").message.contains("concatenation"));
        assert!(error("@x > 1").message.contains("root blackboard"));
        assert!(error("a & b").message.contains("bitwise"));
        assert!(error("a < b < c").message.contains("chained"));
        assert!(error("f(1)").message.contains("function calls"));
        assert!(error("'open").message.contains("closing"));
        assert!(error("x >").message.contains("expected a value"));
        assert!(error("x > 1 2").message.contains("expected `;`"));
        assert!(error("  ").message.contains("empty"));
        assert!(error("(a").message.contains("`)`"));
        assert_eq!(error("a := 0x").offset, 5);
        assert!(error("a := 0X;").message.contains("hexadecimal digits"));
    }

    #[test]
    fn entries_in_order() {
        let mut out = Vec::new();
        for stmt in parse("x := y + z; w > 1").unwrap() {
            entries(&stmt, &mut out);
        }
        assert_eq!(out, ["x", "y", "z", "w"]);
    }
}
