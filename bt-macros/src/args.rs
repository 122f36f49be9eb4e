//! The grammar of node arguments: what may stand between the parentheses of each kind, read in
//! one place, from the original parenthesised group (so every error, including "unexpected end of
//! input", points into the user's arguments).
//!
//! ```text
//! leaf     := closure | target                       (Condition, Action)
//! target   := TYPE ( "=" EXPR )? ( "," binding )* ","?   (StatefulAction; SubTree also takes a final "..")
//! binding  := IDENT "=" ( "{" IDENT "}" | "{" "=" "}" | EXPR )
//! count    := INTEGER | "forever" | "{" IDENT "}" | EXPR   (Repeat, RetryUntilSuccessful, ..)
//! duration := INTEGER ("ms" | "s")? | FLOAT "s" | "{" IDENT "}" | EXPR  (Delay, Timeout, ..)
//! run_once := "then_skip" "=" BOOL                   (RunOnce)
//! entry    := "{" IDENT "}" | IDENT                  (the update nodes, UnsetBlackboard)
//! assign   := IDENT "=" ( "{" IDENT "}" | EXPR )     (SetBlackboard)
//! script   := closure                                (Script, ScriptCondition)
//! ```
//!
//! A grammar error does not stop the parse of the tree: the node keeps it as [`Args::Invalid`],
//! and the model reports it with every other error.

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::ext::IdentExt;
use syn::parse::discouraged::Speculative;
use syn::parse::{ParseStream, Parser};
use syn::token::Paren;
use syn::{Expr, ExprClosure, Ident, LitBool, LitInt, Token, Type};

use crate::kw;

/// Which grammar a kind's arguments follow.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Grammar {
    /// No arguments.
    None,
    /// A leaf type with ports, or a closure (`StatefulAction`: a type only; `SubTree`: a tree
    /// type with entry bindings and `..`).
    Leaf,
    /// `entry = value` (SetBlackboard).
    Assign,
    /// Named parameters, the first ones also by position: `Kind(3)`, `Kind(a = 1, b = {x})`.
    Params(&'static [Param]),
}

/// One parameter of a kind: its name, the form of its value, whether it may be written by
/// position, and its default. The model reads parameters by name (`model::Params`), and a
/// parameter it does not find in its kind's list is a bug the kinds tests catch.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Param {
    pub name: &'static str,
    pub value: ParamKind,
    /// May be written without its name, at its position.
    pub positional: bool,
    /// What an absent parameter is.
    pub default: Default,
}

impl Param {
    /// Must be given.
    pub fn required(&self) -> bool {
        self.default == Default::Required
    }
}

/// What an absent parameter is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Default {
    /// It must be given.
    Required,
    /// It stays absent (`None` in the model).
    Absent,
    Int(i64),
    Bool(bool),
    /// A word or a status: the parameter's set of words, and the word's position in it
    /// (`kinds::WordSet`).
    Word(&'static [&'static str], usize),
}

/// What a parameter's value is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ParamKind {
    /// A whole number, possibly negative.
    Int,
    /// A duration: see [`duration`].
    Duration,
    /// A count: see [`count`].
    Count,
    /// Any Rust expression.
    Expr,
    Bool,
    /// `Success`, `Failure`, `Running` or `Skipped` (the words, `kinds::Status`), or a path
    /// ending in one (`Status::Running`).
    Status(&'static [&'static str]),
    /// A blackboard entry: `{entry}` or `entry`.
    Entry,
    /// A closure over the blackboard: `|bb| ..`.
    Closure,
    /// One of these words (`policy = FirstSuccess`, `abort = self`): a set of `kinds::words`.
    Word(&'static [&'static str]),
    /// A closure over the context: `|ctx| ..`.
    ContextClosure,
}

/// A parameter's value as written.
pub enum ParamValue {
    Int(i64, Span),
    Duration(Quantity),
    /// `None`: `forever`.
    Count(Option<Quantity>),
    Expr(Box<Expr>),
    Bool(bool),
    Entry(Ident),
    Closure(Box<ExprClosure>),
    /// A word or a status: its position in the parameter's set of words, and where it is written.
    Word(usize, Span),
    ContextClosure(Box<ExprClosure>),
}

/// A node's arguments, read by its kind's grammar.
pub enum Args {
    /// No parentheses, and none needed.
    Absent,
    Leaf(LeafArgs),
    Assign(Ident, Value),
    /// The values of [`Grammar::Params`], in the order of its parameters (`None`: not given).
    Params(Vec<Option<ParamValue>>),
    /// Arguments that do not fit the grammar; the model reports the error.
    Invalid(syn::Error),
    /// The kind is unknown, so its arguments were not read.
    Unread,
}

/// A count or a duration as written: a literal the macro reads, or a value the tree reads when
/// it runs (the guide's "Counts and durations" says when each node reads it).
#[derive(Clone)]
pub enum Quantity {
    /// A literal: a count, or a duration in milliseconds (its unit converted).
    Literal(u64),
    /// A Rust expression: a `const`, `Duration::from_secs(5)`, `2 * RETRIES`. A duration is a
    /// `core::time::Duration` or a whole number of milliseconds (`bt::time::AsDuration`), a
    /// count any integer (`bt::decorator::AsLimit`).
    Expr(Box<Expr>),
    /// `{entry}`: a blackboard entry of such a type.
    Entry(Ident),
}

impl Quantity {
    /// The literal, if it is one.
    pub fn literal(&self) -> Option<u64> {
        match self {
            Quantity::Literal(value) => Some(*value),
            _ => None,
        }
    }
}

/// `Condition(..)`, `Action(..)`, `StatefulAction(..)`, `SubTree(..)`.
#[derive(Clone)]
pub enum LeafArgs {
    /// `|ctx| ..` or `|ctx, bb| ..`.
    Closure(Box<ExprClosure>),
    Target(Target),
}

/// A leaf type or a child tree: `Type`, `Type = expression`, then bindings, then (subtrees only)
/// `..`.
#[derive(Clone)]
pub struct Target {
    pub ty: Box<Type>,
    pub init: Option<Box<Expr>>,
    pub bindings: Vec<PortBinding>,
    /// The span of a final `..` (every entry by name; subtrees only).
    pub rest: Option<Span>,
}

/// `port = {entry}`, `port = {=}` or `port = expression`.
#[derive(Clone)]
pub struct PortBinding {
    pub port: Ident,
    pub value: Value,
}

/// A bound value: a blackboard entry, or an expression.
#[derive(Clone)]
pub enum Value {
    Entry(Ident),
    Expr(Box<Expr>),
}

/// Reads the arguments of node `kind` with `grammar`: `group` is the parenthesised group, if any.
/// The group's content is consumed entirely, also after an error.
pub fn parse(
    grammar: Grammar,
    kind: &Ident,
    group: Option<(Paren, ParseStream)>,
) -> syn::Result<Args> {
    let args = match group {
        None => absent(grammar, kind),
        Some((paren, content)) => {
            // Read on a fork: after an error, nothing read there (a half-read nested group)
            // counts against the rest of the tree, and the arguments are skipped whole.
            let fork = content.fork();
            let args = present(grammar, kind, paren, &fork);
            if args.is_ok() {
                content.advance_to(&fork);
            }
            content.parse::<TokenStream>()?;
            args
        }
    };
    Ok(args.unwrap_or_else(Args::Invalid))
}

/// Reads `tokens`, the arguments of node `kind` without their parentheses (spanned at `span`),
/// with `grammar`: for arguments a front end holds as tokens (the leaf type of an XML node's
/// mapping, `nodes { MoveTo = StatefulAction(MoveTo::new()) }`).
pub fn parse_tokens(grammar: Grammar, kind: &Ident, tokens: TokenStream, span: Span) -> Args {
    let parser = |input: ParseStream| parse(grammar, kind, Some((Paren(span), input)));
    Parser::parse2(parser, tokens).unwrap_or_else(Args::Invalid)
}

/// No parentheses: fine where the arguments are optional.
fn absent(grammar: Grammar, kind: &Ident) -> syn::Result<Args> {
    match grammar {
        Grammar::None => Ok(Args::Absent),
        Grammar::Params(params) if params.iter().all(|param| !param.required()) => {
            Ok(Args::Params(params.iter().map(|_| None).collect()))
        }
        Grammar::Leaf | Grammar::Assign | Grammar::Params(_) => {
            Err(syn::Error::new(kind.span(), needs_arguments(grammar, kind)))
        }
    }
}

/// The error of a kind written without the arguments it needs.
fn needs_arguments(grammar: Grammar, kind: &Ident) -> String {
    match grammar {
        Grammar::Leaf if is_subtree(kind) => format!("`{kind}` needs arguments: {SUBTREE_USAGE}"),
        Grammar::Leaf => format!("`{kind}` needs its leaf: {}", leaf_usage(kind)),
        Grammar::Params([param]) if param.value == ParamKind::Count => {
            format!("`{kind}` needs a count: {}", count_usage(kind, param))
        }
        _ => format!("`{kind}` needs arguments: {}", usage(grammar, kind)),
    }
}

fn present(grammar: Grammar, kind: &Ident, paren: Paren, input: ParseStream) -> syn::Result<Args> {
    let whole = paren.span.join();
    if grammar == Grammar::None {
        return Err(syn::Error::new(
            whole,
            format!("`{kind}` takes no arguments; remove the `( .. )`"),
        ));
    }
    if input.is_empty() {
        if let Grammar::Params(params) = grammar {
            if params.iter().all(|param| !param.required()) {
                return Ok(Args::Params(params.iter().map(|_| None).collect()));
            }
        }
        return Err(syn::Error::new(whole, needs_arguments(grammar, kind)));
    }
    match grammar {
        Grammar::None => unreachable!("handled above"),
        Grammar::Leaf => leaf(kind, input).map(Args::Leaf),
        Grammar::Assign => assign(input)
            .map(|(entry, value)| Args::Assign(entry, value))
            .map_err(|error| {
                if braces_error(&error) {
                    return error;
                }
                let usage = usage(grammar, kind);
                syn::Error::new(error.span(), format!("expected {usage}"))
            }),
        Grammar::Params(params) => parameters(kind, params, input).map(Args::Params),
    }
}

/// The usage line of `kind` in error messages.
fn usage(grammar: Grammar, kind: &Ident) -> String {
    match grammar {
        Grammar::Assign => {
            "`SetBlackboard(entry = value)` or `SetBlackboard(entry = {other_entry})`".to_owned()
        }
        Grammar::Leaf => leaf_usage(kind),
        Grammar::None => format!("`{kind}`"),
        Grammar::Params([param]) if param.value == ParamKind::Count => count_usage(kind, param),
        Grammar::Params(params) => {
            let shown: Vec<String> = (params.iter())
                .map(|param| {
                    let example = match param.value {
                        ParamKind::Int => "1",
                        ParamKind::Duration => "500ms",
                        ParamKind::Count => "3",
                        ParamKind::Expr => "value",
                        ParamKind::Bool => "true",
                        ParamKind::Status(_) => "Failure",
                        ParamKind::Entry => "{entry}",
                        ParamKind::Closure => "|bb| ..",
                        ParamKind::Word(words) => words[0],
                        ParamKind::ContextClosure => "|ctx| &mut ctx.field",
                    };
                    if param.positional {
                        example.to_owned()
                    } else {
                        format!("{} = {example}", param.name)
                    }
                })
                .collect();
            format!("`{kind}({})`", shown.join(", "))
        }
    }
}

const BRACES_NAME_AN_ENTRY: &str = "`{ .. }` names a blackboard entry: `{entry}`; a value is written without braces (`port = 2.0`, `port = LIMIT`)";

/// `{=}` where it binds no port or subtree entry (a parameter such as `Loop`'s `value`).
const BRACES_SAME_NAME: &str = "`{=}` binds a port to the entry of its name, and this is not a port: name the entry, `{entry}`";

/// Whether `error` is one of [`entry_ref`]'s, which its callers report as they are.
fn braces_error(error: &syn::Error) -> bool {
    let message = error.to_string();
    message.starts_with(BRACES_NAME_AN_ENTRY) || message.starts_with(BRACES_SAME_NAME)
}

const SUBTREE_USAGE: &str = "`SubTree(Child)`, with remapped entries after a comma: `SubTree(Child, child_entry = {parent_entry}, other = {=}, speed = 2.0)`, or `SubTree(Child, ..)` to share every entry by name";

fn is_subtree(kind: &Ident) -> bool {
    kind == "SubTree"
}

fn is_stateful(kind: &Ident) -> bool {
    kind == "StatefulAction"
}

/// `Control(Type)` and `Decorator(Type)`: the user's own control nodes and decorators.
fn is_custom(kind: &Ident) -> bool {
    kind == "Control" || kind == "Decorator"
}

fn leaf_usage(kind: &Ident) -> String {
    if is_stateful(kind) || is_custom(kind) {
        format!("`{kind}(Type)` or `{kind}(Type = expression)`")
    } else {
        format!("`{kind}(Type)`, `{kind}(Type = expression)` or `{kind}(|ctx| ..)`")
    }
}

/// The forms of a count, for error messages: those of the kind's one count (`Repeat(3)`), or of
/// a named one (`max = 3`).
fn count_usage(kind: &Ident, param: &Param) -> String {
    if !param.positional {
        let name = param.name;
        return format!("`{name} = 3`, `{name} = forever` for no limit, a constant `{name} = MAX` or an entry `{name} = {{{name}}}`");
    }
    format!("`{kind}(3) {{ .. }}`, `{kind}(forever) {{ .. }}` for no limit, a constant `{kind}(RETRIES)` or an entry `{kind}({{retries}})`")
}

/// The suffixes of Rust's integer types: a literal so typed is still a count, or milliseconds.
const INTEGER_SUFFIXES: &[&str] = &[
    "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
];

/// The forms a duration takes, for error messages.
fn duration_usage(kind: &Ident) -> String {
    format!("`{kind}(500)` (milliseconds), `{kind}(500ms)`, `{kind}(5s)`, `{kind}(1.5s)`, a `Duration` or a constant of milliseconds (`{kind}(TIMEOUT)`, `{kind}(Duration::from_secs(5))`), or an entry `{kind}({{timeout}})`")
}

/// The end of the arguments: anything left is an error.
fn end(input: ParseStream) -> syn::Result<()> {
    if input.is_empty() {
        Ok(())
    } else {
        Err(input.error("unexpected token"))
    }
}

fn starts_closure(input: ParseStream) -> bool {
    input.peek(Token![|]) || input.peek(Token![||]) || input.peek(Token![move])
}

/// Checks a closure's parameter count, reporting at its parameters otherwise.
pub fn closure_arity(closure: &ExprClosure, allowed: &[usize], usage: &str) -> syn::Result<()> {
    if allowed.contains(&closure.inputs.len()) {
        return Ok(());
    }
    let message = format!(
        "this closure takes {} parameter(s); write {usage}",
        closure.inputs.len()
    );
    if closure.inputs.is_empty() {
        // `||` has no parameters to point at: point at the bars.
        return Err(syn::Error::new(closure.or1_token.span, message));
    }
    Err(syn::Error::new_spanned(&closure.inputs, message))
}

/// `leaf` for Condition/Action, `target` for StatefulAction and SubTree.
fn leaf(kind: &Ident, input: ParseStream) -> syn::Result<LeafArgs> {
    if starts_closure(input) {
        // The rest of the arguments, for the errors below.
        let rest = || input.fork().parse::<TokenStream>();
        if is_subtree(kind) {
            return Err(syn::Error::new_spanned(
                rest()?,
                format!("`SubTree` takes a tree type, not a closure: {SUBTREE_USAGE}"),
            ));
        }
        if is_stateful(kind) {
            return Err(syn::Error::new_spanned(
                rest()?,
                "a stateful action keeps state between ticks, so it cannot be a closure: implement `bt::StatefulAction` for a type and write `StatefulAction(Type)`",
            ));
        }
        if is_custom(kind) {
            let trait_name = if kind == "Control" {
                "ControlNode"
            } else {
                "DecoratorNode"
            };
            return Err(syn::Error::new_spanned(
                rest()?,
                format!("`{kind}(..)` takes the type of your node, not a closure: implement `bt::{trait_name}` for a type and write `{kind}(Type)` or `{kind}(Type = expression)`"),
            ));
        }
        let usage = format!("`{kind}(|ctx| ..)` or `{kind}(|ctx, bb| ..)`");
        // Parsed once: syn's expression parser, twice, was over a quarter of the macro's
        // instructions on a tree of inline leaves.
        let expected = |error: syn::Error| {
            syn::Error::new(
                error.span(),
                format!("expected a closure `|ctx| ..`: {error}"),
            )
        };
        let closure: ExprClosure = input.parse().map_err(expected)?;
        // `Action(|ctx| .., port = ..)`: the closure, then a comma.
        if input.peek(Token![,]) {
            let comma: Token![,] = input.parse()?;
            return Err(syn::Error::new(
                comma.span,
                format!("an inline leaf (a closure) has no ports: it reads the context and the blackboard itself, `{kind}(|ctx, bb| ..)`; for ports, write a type with `#[derive(bt::Ports)]`, `{kind}(Type, port = {{entry}})`"),
            ));
        }
        end(input).map_err(expected)?;
        closure_arity(&closure, &[1, 2], &usage)?;
        return Ok(LeafArgs::Closure(Box::new(closure)));
    }
    let subtree = is_subtree(kind);
    target(input, subtree).map(LeafArgs::Target).map_err(|error| {
        let message = if subtree {
            format!("{error}; write {SUBTREE_USAGE}")
        } else {
            format!("{error}; write `{kind}(Type)`, `{kind}(Type = expression)`, and port bindings after a comma: `{kind}(Type, port = {{entry}}, other = value)`")
        };
        syn::Error::new(error.span(), message)
    })
}

/// `Type`, `Type = expression`, then `, binding`s, then (with `rest`) a final `..`.
fn target(input: ParseStream, rest_allowed: bool) -> syn::Result<Target> {
    let ty = Box::new(input.parse::<Type>()?);
    let init = if input.peek(Token![=]) {
        input.parse::<Token![=]>()?;
        Some(Box::new(input.parse::<Expr>()?))
    } else {
        None
    };
    let mut bindings = Vec::new();
    let mut rest = None;
    while !input.is_empty() {
        input.parse::<Token![,]>()?;
        if input.is_empty() {
            break;
        }
        if rest_allowed && input.peek(Token![..]) {
            let dots: Token![..] = input.parse()?;
            if !input.is_empty() {
                input.parse::<Token![,]>()?;
            }
            if !input.is_empty() {
                return Err(input.error("`..` comes last: `SubTree(Child, ..)`"));
            }
            rest = Some(dots.spans[0].join(dots.spans[1]).unwrap_or(dots.spans[0]));
            break;
        }
        bindings.push(binding(input)?);
    }
    Ok(Target {
        ty,
        init,
        bindings,
        rest,
    })
}

/// `port = {entry}`, `port = {=}` (the entry named like the port) or `port = expression`.
fn binding(input: ParseStream) -> syn::Result<PortBinding> {
    let port: Ident = input.parse()?;
    if !input.peek(Token![=]) {
        return Err(input.error(format!(
            "expected `=` after the port name: `{port} = {{entry}}` or `{port} = value`"
        )));
    }
    input.parse::<Token![=]>()?;
    if input.peek(syn::token::Brace) {
        let fork = input.fork();
        let content;
        syn::braced!(content in fork);
        if content.peek(Token![=]) && {
            content.parse::<Token![=]>()?;
            content.is_empty()
        } {
            let content;
            syn::braced!(content in input);
            let same: Token![=] = content.parse()?;
            // The entry named like the port, spanned at the `=` (a raw `r#type` stays raw).
            let mut entry = port.clone();
            entry.set_span(same.span);
            return Ok(PortBinding {
                port,
                value: Value::Entry(entry),
            });
        }
    }
    let value = match entry_ref(input)? {
        Some(entry) => Value::Entry(entry),
        None => Value::Expr(Box::new(input.parse()?)),
    };
    Ok(PortBinding { port, value })
}

/// `{name}`: a blackboard entry reference, as BehaviorTree.CPP writes it.
fn entry_ref(input: ParseStream) -> syn::Result<Option<Ident>> {
    if !input.peek(syn::token::Brace) {
        return Ok(None);
    }
    let content;
    let braces = syn::braced!(content in input);
    let not_a_name = || syn::Error::new(braces.span.join(), BRACES_NAME_AN_ENTRY);
    if content.peek(Token![=]) {
        content.parse::<TokenStream>()?;
        return Err(syn::Error::new(braces.span.join(), BRACES_SAME_NAME));
    }
    let name: Ident = content.parse().map_err(|_| not_a_name())?;
    if !content.is_empty() {
        content.parse::<TokenStream>()?;
        return Err(not_a_name());
    }
    Ok(Some(name))
}

/// `{entry}` or `entry`.
fn entry(input: ParseStream) -> syn::Result<Ident> {
    match entry_ref(input)? {
        Some(entry) => Ok(entry),
        None => input.parse(),
    }
}

/// `entry = {other}` or `entry = expression`.
fn assign(input: ParseStream) -> syn::Result<(Ident, Value)> {
    let entry: Ident = input.parse()?;
    input.parse::<Token![=]>()?;
    let value = match entry_ref(input)? {
        Some(other) => Value::Entry(other),
        None => Value::Expr(Box::new(input.parse()?)),
    };
    end(input)?;
    Ok((entry, value))
}

/// `3`, `forever`, `{entry}` or an expression (a constant).
fn count(usage: &str, input: ParseStream) -> syn::Result<Option<Quantity>> {
    if input.peek(Token![-]) {
        let minus: Token![-] = input.parse()?;
        let fork = input.fork();
        if fork
            .parse::<LitInt>()
            .is_ok_and(|zero| zero.base10_digits() == "0")
            && fork.is_empty()
        {
            // `-0` is zero.
            input.parse::<LitInt>()?;
            return Ok(Some(Quantity::Literal(0)));
        }
        let number: TokenStream = input.parse()?;
        return Err(syn::Error::new_spanned(
            quote!(#minus #number),
            format!("a negative count is meaningless; write {usage}"),
        ));
    }
    if input.peek(Ident) && input.peek2(syn::parse::End) {
        let word: Ident = input.fork().parse()?;
        if word == kw::FOREVER {
            input.parse::<Ident>()?;
            return Ok(None);
        }
    }
    // A literal alone is the count; a literal that starts an expression (`2 * RETRIES`, as the
    // guide writes one) is read as the expression.
    let alone = |input: ParseStream| {
        let fork = input.fork();
        fork.parse::<proc_macro2::TokenTree>().is_ok() && fork.cursor().punct().is_none()
    };
    if input.peek(syn::LitFloat) && alone(input) {
        let count: syn::LitFloat = input.parse()?;
        return Err(syn::Error::new(
            count.span(),
            format!("a count is a whole number: {usage}"),
        ));
    }
    if input.peek(LitInt) && alone(input) {
        let count: LitInt = input.parse()?;
        if !count.suffix().is_empty() && !INTEGER_SUFFIXES.contains(&count.suffix()) {
            return Err(syn::Error::new(
                count.span(),
                format!("a count takes no suffix `{}`: {usage}", count.suffix()),
            ));
        }
        let value = count.base10_parse::<u64>().map_err(|_| {
            syn::Error::new(
                count.span(),
                format!(
                    "this count is larger than a count can be ({}): {usage}",
                    u64::MAX
                ),
            )
        })?;
        if !input.is_empty() {
            return Err(input.error(format!("expected only a count: {usage}")));
        }
        return Ok(Some(Quantity::Literal(value)));
    }
    run_time_quantity(input)
        .map(Some)
        .map_err(|error| syn::Error::new(error.span(), format!("expected a count: {usage}")))
}

/// `{entry}` or an expression, for a count or a duration read at run time; nothing may follow.
fn run_time_quantity(input: ParseStream) -> syn::Result<Quantity> {
    let quantity = match entry_ref(input)? {
        Some(entry) => Quantity::Entry(entry),
        None => Quantity::Expr(Box::new(input.parse()?)),
    };
    end(input)?;
    Ok(quantity)
}

/// A duration: a whole number of milliseconds, with a unit (`500ms`, `5s`, `1.5s`) or without
/// (`500`: milliseconds, as in BehaviorTree.CPP), `{entry}`, or an expression (a `Duration`, or a
/// constant of milliseconds). The value ends at the next `,`.
fn duration(kind: &Ident, input: ParseStream) -> syn::Result<Quantity> {
    let usage = duration_usage(kind);
    if input.peek(Token![-]) {
        let minus: Token![-] = input.parse()?;
        return Err(syn::Error::new(
            minus.span,
            format!("a negative duration is meaningless; write {usage}"),
        ));
    }
    let literal_ends = |input: ParseStream| input.peek2(Token![,]) || input.peek2(syn::parse::End);
    if input.peek(LitInt) && literal_ends(input) {
        let literal: LitInt = input.parse()?;
        let scale = match literal.suffix() {
            "ms" => 1,
            "s" => 1000,
            // A bare number, or one typed as an integer, is milliseconds.
            suffix if suffix.is_empty() || INTEGER_SUFFIXES.contains(&suffix) => 1,
            suffix => {
                return Err(syn::Error::new(
                    literal.span(),
                    format!("unknown unit `{suffix}`: a duration is written {usage}"),
                ))
            }
        };
        let value = literal
            .base10_parse::<u64>()
            .ok()
            .and_then(|value| value.checked_mul(scale))
            .ok_or_else(|| {
                syn::Error::new(
                    literal.span(),
                    format!("this duration does not fit in a `u64` of milliseconds: write {usage}"),
                )
            })?;
        return Ok(Quantity::Literal(value));
    }
    if input.peek(syn::LitFloat) && literal_ends(input) {
        let literal: syn::LitFloat = input.parse()?;
        let scale = match literal.suffix() {
            "s" => 1000.0,
            "ms" => 1.0,
            _ => {
                return Err(syn::Error::new(
                    literal.span(),
                    format!("a duration with a fraction needs its unit, and is a whole number of milliseconds: `1.5s`, or `1500` for 1,500 ms; write {usage}"),
                ))
            }
        };
        let millis = literal
            .base10_parse::<f64>()
            .ok()
            .map(|value| value * scale);
        // Whole up to the binary rounding of the decimal (`1.1s` is 1100.0000000000002 ms).
        let whole = |millis: f64| (millis - millis.round()).abs() <= 1e-9 * millis.max(1.0);
        return match millis {
            Some(millis) if whole(millis) && (0.0..=9.0e15).contains(&millis) => {
                Ok(Quantity::Literal(millis.round() as u64))
            }
            _ => Err(syn::Error::new(
                literal.span(),
                format!("a duration is a whole number of milliseconds: write {usage}"),
            )),
        };
    }
    let start = input.span();
    let mut value = TokenStream::new();
    while !input.is_empty() && !input.peek(Token![,]) {
        value.extend(std::iter::once(input.parse::<proc_macro2::TokenTree>()?));
    }
    let parsed = syn::parse::Parser::parse2(run_time_quantity, value);
    parsed.map_err(|error| {
        let at = if braces_error(&error) {
            error.span()
        } else {
            start
        };
        syn::Error::new(at, format!("expected a duration: {usage}"))
    })
}

/// `Kind(positional, .., name = value, ..)` for [`Grammar::Params`].
fn parameters(
    kind: &Ident,
    params: &'static [Param],
    input: ParseStream,
) -> syn::Result<Vec<Option<ParamValue>>> {
    let names: Vec<String> = params
        .iter()
        .map(|param| format!("`{}`", param.name))
        .collect();
    let mut values: Vec<Option<ParamValue>> = params.iter().map(|_| None).collect();
    let mut position = 0;
    let mut named_seen = false;
    while !input.is_empty() {
        // Names may be keywords: `else = Failure`.
        let named =
            input.peek(Ident::peek_any) && input.peek2(Token![=]) && !input.peek2(Token![==]);
        let index = if named {
            let name = Ident::parse_any(input)?;
            input.parse::<Token![=]>()?;
            named_seen = true;
            match params.iter().position(|param| name == param.name) {
                Some(index) => {
                    if values[index].is_some() {
                        return Err(syn::Error::new(
                            name.span(),
                            format!("`{name}` is given twice; give each parameter once"),
                        ));
                    }
                    index
                }
                None => {
                    return Err(syn::Error::new(
                        name.span(),
                        format!(
                            "unknown parameter `{name}`; `{kind}` takes {}: {}",
                            names.join(", "),
                            usage(Grammar::Params(params), kind)
                        ),
                    ))
                }
            }
        } else {
            let allowed = !named_seen && params.get(position).is_some_and(|param| param.positional);
            if !allowed {
                let first = params
                    .iter()
                    .find(|param| !param.positional)
                    .unwrap_or(&params[0]);
                return Err(input.error(format!(
                    "expected a named parameter such as `{} = ..`: {}",
                    first.name,
                    usage(Grammar::Params(params), kind)
                )));
            }
            position += 1;
            position - 1
        };
        values[index] = Some(param_value(kind, &params[index], input)?);
        if !input.is_empty() {
            input.parse::<Token![,]>()?;
        }
    }
    let missing =
        (params.iter().zip(&values)).find(|(param, value)| param.required() && value.is_none());
    if let Some((param, _)) = missing {
        return Err(syn::Error::new(
            kind.span(),
            format!(
                "`{kind}` needs `{}`: {}",
                param.name,
                usage(Grammar::Params(params), kind)
            ),
        ));
    }
    Ok(values)
}

/// One parameter's value, read by its kind.
fn param_value(kind: &Ident, param: &Param, input: ParseStream) -> syn::Result<ParamValue> {
    let name = param.name;
    match param.value {
        ParamKind::Int => {
            let minus: Option<Token![-]> = input.parse()?;
            let literal: LitInt = input.parse().map_err(|error| {
                syn::Error::new(
                    error.span(),
                    format!("`{name}` is a whole number, such as `2` or `-1`"),
                )
            })?;
            let value: i64 = literal.base10_parse().map_err(|_| {
                syn::Error::new(
                    literal.span(),
                    format!("`{name}` is a whole number, such as `2` or `-1`"),
                )
            })?;
            Ok(ParamValue::Int(
                if minus.is_some() { -value } else { value },
                literal.span(),
            ))
        }
        ParamKind::Duration => duration(kind, input).map(ParamValue::Duration),
        ParamKind::Count => {
            // The count ends at the next `,`: read it alone, by the one count grammar.
            let mut value = TokenStream::new();
            while !input.is_empty() && !input.peek(Token![,]) {
                value.extend(std::iter::once(input.parse::<proc_macro2::TokenTree>()?));
            }
            if value.is_empty() {
                return Err(input.error(format!("expected a count: {}", count_usage(kind, param))));
            }
            let usage = count_usage(kind, param);
            let parsed = (|input: ParseStream| count(&usage, input)).parse2(value);
            parsed.map(ParamValue::Count)
        }
        ParamKind::Expr => Ok(ParamValue::Expr(Box::new(input.parse()?))),
        ParamKind::Bool => {
            let value: LitBool = input.parse().map_err(|error| {
                syn::Error::new(error.span(), format!("`{name}` is `true` or `false`"))
            })?;
            Ok(ParamValue::Bool(value.value))
        }
        ParamKind::Status(words) => {
            let path: syn::Path = input.parse().map_err(|error| {
                syn::Error::new(
                    error.span(),
                    format!("`{name}` is a status: `Success`, `Failure`, `Running` or `Skipped`"),
                )
            })?;
            let status = path.segments.last().map(|segment| &segment.ident);
            let index = status.and_then(|status| words.iter().position(|word| status == word));
            match status.zip(index) {
                Some((status, index)) => Ok(ParamValue::Word(index, status.span())),
                None => Err(syn::Error::new_spanned(
                    path,
                    format!("`{name}` is a status: `Success`, `Failure`, `Running` or `Skipped`"),
                )),
            }
        }
        ParamKind::Entry => entry(input).map(ParamValue::Entry),
        ParamKind::Closure => {
            // A kind's first closure is written alone: `Script(|bb| ..)`.
            let usage = if param.positional {
                format!("`{kind}(|bb| ..)`")
            } else {
                format!("`{name} = |bb| ..`")
            };
            let closure: ExprClosure = input.parse().map_err(|error| {
                let message = if param.positional {
                    format!("expected a closure over the blackboard: {usage}")
                } else {
                    format!("`{name}` is a closure over the blackboard: `|bb| ..`")
                };
                syn::Error::new(error.span(), message)
            })?;
            closure_arity(&closure, &[1], &usage)?;
            Ok(ParamValue::Closure(Box::new(closure)))
        }
        ParamKind::Word(words) => {
            let expected = || {
                let words: Vec<String> = words.iter().map(|word| format!("`{word}`")).collect();
                format!("`{name}` is one of {}", words.join(", "))
            };
            let word = Ident::parse_any(input)
                .map_err(|error| syn::Error::new(error.span(), expected()))?;
            match words.iter().position(|known| word == known) {
                Some(index) => Ok(ParamValue::Word(index, word.span())),
                None => Err(syn::Error::new(word.span(), expected())),
            }
        }
        ParamKind::ContextClosure => {
            let closure: ExprClosure = input.parse().map_err(|error| {
                syn::Error::new(
                    error.span(),
                    format!(
                        "`{name}` is a closure over the context, such as `|ctx| &mut ctx.{name}`"
                    ),
                )
            })?;
            closure_arity(&closure, &[1], &format!("`|ctx| &mut ctx.{name}`"))?;
            Ok(ParamValue::ContextClosure(Box::new(closure)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{count, duration, Quantity};
    use proc_macro2::{Span, TokenStream};
    use syn::parse::{ParseStream, Parser};
    use syn::Ident;

    fn kind() -> Ident {
        Ident::new("Timeout", Span::call_site())
    }

    /// The milliseconds of a literal duration, or the error's message.
    fn millis(text: &str) -> Result<u64, String> {
        let tokens: TokenStream = text.parse().unwrap();
        let parsed = (|input: ParseStream| duration(&kind(), input)).parse2(tokens);
        match parsed.map_err(|error| error.to_string())? {
            Quantity::Literal(ms) => Ok(ms),
            Quantity::Expr(_) => Err("an expression".into()),
            Quantity::Entry(_) => Err("an entry".into()),
        }
    }

    #[test]
    fn literal_durations_keep_their_units() {
        for (text, ms) in [
            ("500", 500),
            ("500ms", 500),
            ("5s", 5_000),
            ("1.5s", 1_500),
            ("1.1s", 1_100),
            ("0.001s", 1),
            ("2.0ms", 2),
            ("500u64", 500),
            ("0", 0),
        ] {
            assert_eq!(millis(text), Ok(ms), "{text}");
        }
        for (text, error) in [
            ("5min", "unknown unit `min`"),
            ("1.5", "a duration with a fraction needs its unit"),
            ("2.5ms", "a duration is a whole number of milliseconds"),
            ("0.0001s", "a duration is a whole number of milliseconds"),
            ("-5", "a negative duration is meaningless"),
            ("18446744073709551615s", "does not fit"),
        ] {
            let message = millis(text).unwrap_err();
            assert!(message.contains(error), "{text}: {message}");
        }
        assert_eq!(millis("TIMEOUT"), Err("an expression".into()));
        assert_eq!(millis("5 * SECOND"), Err("an expression".into()));
        assert_eq!(millis("{timeout}"), Err("an entry".into()));
    }

    #[test]
    fn counts_take_integer_suffixes_only() {
        let parse = |text: &str| {
            let tokens: TokenStream = text.parse().unwrap();
            (|input: ParseStream| count("usage", input)).parse2(tokens)
        };
        assert!(matches!(parse("3u8"), Ok(Some(Quantity::Literal(3)))));
        assert!(matches!(parse("forever"), Ok(None)));
        assert!(matches!(parse("RETRIES"), Ok(Some(Quantity::Expr(_)))));
        assert!(matches!(parse("{n}"), Ok(Some(Quantity::Entry(_)))));
        assert!(parse("3s").is_err());
        assert!(parse("2.5").is_err());
    }

    /// Every form of a count the guide shows: a literal, a constant, an expression that starts
    /// with a literal or with a name (issue 39: `2 * RETRIES` was "expected only a count"), an
    /// entry, `forever`.
    #[test]
    fn counts_take_every_form_of_the_guide() {
        let parse = |text: &str| {
            let tokens: TokenStream = text.parse().unwrap();
            (|input: ParseStream| count("usage", input)).parse2(tokens)
        };
        assert!(matches!(parse("3"), Ok(Some(Quantity::Literal(3)))));
        for expression in [
            "2 * RETRIES",
            "RETRIES * 2",
            "1 + N",
            "(3)",
            "2usize * N",
            "N as u32",
        ] {
            assert!(
                matches!(parse(expression), Ok(Some(Quantity::Expr(_)))),
                "{expression}"
            );
        }
        assert!(matches!(parse("{laps}"), Ok(Some(Quantity::Entry(_)))));
        assert!(matches!(parse("forever"), Ok(None)));
        let error = |text: &str| parse(text).err().map(|error| error.to_string());
        assert!(error("-2").is_some_and(|error| error.contains("negative")));
        assert!(error("3 times").is_some_and(|error| error.contains("expected only a count")));
    }
}
