//! The typed model of a tree, built from the syntax and validated on the way: node kinds are
//! resolved, parameters parsed, arity and names checked. Every problem is reported to the `Ctxt`
//! at the user's token; building goes on after an error so that all of them are found at once.

use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::parse::{ParseStream, Parser};
use syn::{Attribute, Expr, ExprClosure, Ident, LitBool, LitInt, LitStr, Token, Type};

use crate::ctxt::Ctxt;
use crate::kw;
use crate::parse::{Header, NodeSyntax};

/// A whole tree. `nodes` is in pre-order: a node's id is its index, the root is node 0.
pub struct Tree {
    pub header: Header,
    pub nodes: Vec<Node>,
}

pub struct Node {
    pub id: usize,
    pub parent: Option<usize>,
    pub depth: usize,
    /// The kind as written, for spans and metadata.
    pub kind_ident: Ident,
    /// Display name: `#[name]`, else the leaf type, else the kind.
    pub name: String,
    /// The `#[name = ".."]` literal, if the user gave one.
    pub explicit_name: Option<LitStr>,
    pub kind: Kind,
    pub children: Vec<usize>,
    /// Whether this node can answer `Running` (then it can be running between ticks and must
    /// be halted when pre-empted). Decided from the kinds below it.
    pub may_run: bool,
    /// Index of this node's "running" flag, for nodes that may run.
    pub active_slot: Option<usize>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Composite {
    Sequence,
    SequenceWithMemory,
    ReactiveSequence,
    Fallback,
    ReactiveFallback,
}

pub enum Decorator {
    Inverter,
    ForceSuccess,
    ForceFailure,
    Repeat(Limit),
    RetryUntilSuccessful(Limit),
    KeepRunningUntilFailure,
    RunOnce { then_skip: bool },
}

/// A loop limit: `Some(n)` completions, or `None` for `forever`.
pub type Limit = Option<u64>;

pub enum Leaf {
    Condition(LeafImpl),
    Action(LeafImpl),
    Stateful(LeafType),
    AlwaysSuccess,
    AlwaysFailure,
}

pub enum LeafImpl {
    Type(LeafType),
    Inline(Box<ExprClosure>),
}

/// A user leaf type and how to build it (`Default` when `init` is `None`).
pub struct LeafType {
    pub ty: Box<Type>,
    pub init: Option<Box<Expr>>,
}

pub enum Kind {
    Composite(Composite),
    Decorator(Decorator),
    Leaf(Leaf),
    /// A node that failed validation (an error was reported); only in trees that are not emitted.
    Invalid,
}

/// What a kind name means, before its arguments are read.
#[derive(Clone, Copy)]
enum KindName {
    Composite(Composite),
    Decorator(fn(&Ctxt, &NodeSyntax) -> Option<Decorator>),
    Leaf(fn(&Ctxt, &NodeSyntax) -> Option<Leaf>),
}

fn lookup(name: &str) -> Option<KindName> {
    use KindName::*;
    Some(match name {
        kw::SEQUENCE | kw::MEM_SEQUENCE => Composite(self::Composite::Sequence),
        kw::SEQUENCE_WITH_MEMORY | kw::SEQUENCE_STAR => {
            Composite(self::Composite::SequenceWithMemory)
        }
        kw::REACTIVE_SEQUENCE => Composite(self::Composite::ReactiveSequence),
        kw::FALLBACK | kw::MEM_PRIORITY => Composite(self::Composite::Fallback),
        kw::REACTIVE_FALLBACK => Composite(self::Composite::ReactiveFallback),
        kw::INVERTER => {
            Decorator(|cx, node| no_args(cx, node).then_some(self::Decorator::Inverter))
        }
        kw::FORCE_SUCCESS => {
            Decorator(|cx, node| no_args(cx, node).then_some(self::Decorator::ForceSuccess))
        }
        kw::FORCE_FAILURE => {
            Decorator(|cx, node| no_args(cx, node).then_some(self::Decorator::ForceFailure))
        }
        kw::KEEP_RUNNING_UNTIL_FAILURE => Decorator(|cx, node| {
            no_args(cx, node).then_some(self::Decorator::KeepRunningUntilFailure)
        }),
        kw::REPEAT => Decorator(|cx, node| limit(cx, node).map(self::Decorator::Repeat)),
        kw::RETRY_UNTIL_SUCCESSFUL => {
            Decorator(|cx, node| limit(cx, node).map(self::Decorator::RetryUntilSuccessful))
        }
        kw::RUN_ONCE => Decorator(run_once),
        kw::CONDITION => Leaf(|cx, node| leaf_impl(cx, node).map(self::Leaf::Condition)),
        kw::ACTION => Leaf(|cx, node| leaf_impl(cx, node).map(self::Leaf::Action)),
        kw::STATEFUL_ACTION => Leaf(stateful),
        kw::ALWAYS_SUCCESS => {
            Leaf(|cx, node| no_args(cx, node).then_some(self::Leaf::AlwaysSuccess))
        }
        kw::ALWAYS_FAILURE => {
            Leaf(|cx, node| no_args(cx, node).then_some(self::Leaf::AlwaysFailure))
        }
        _ => return None,
    })
}

impl Tree {
    pub fn from_syntax(cx: &Ctxt, header: Header, roots: Vec<NodeSyntax>) -> Tree {
        let body_span = header.body_span;
        let mut tree = Tree {
            header,
            nodes: Vec::new(),
        };
        let mut roots = roots.into_iter();
        match roots.next() {
            None => cx.syn_error(syn::Error::new(
                body_span,
                "a tree needs a root node, e.g. `Sequence { Condition(..), Action(..) }`",
            )),
            Some(root) => {
                tree.lower(cx, root, None, 0);
                for extra in roots {
                    cx.error_spanned_by(
                        &extra.kind,
                        "a tree has exactly one root node; put these nodes under a composite such as `Sequence { .. }` or `Fallback { .. }`",
                    );
                }
            }
        }
        check_unique_names(cx, &tree.nodes);
        tree.decide_running();
        tree
    }

    fn lower(
        &mut self,
        cx: &Ctxt,
        syntax: NodeSyntax,
        parent: Option<usize>,
        depth: usize,
    ) -> usize {
        let id = self.nodes.len();
        let explicit_name = node_name(cx, &syntax.attrs);
        let kind_name = syntax.kind.to_string();
        let kind = match lookup(&kind_name) {
            None => {
                unknown_kind(cx, &syntax.kind);
                Kind::Invalid
            }
            Some(KindName::Composite(composite)) => {
                if no_args(cx, &syntax) && child_count(cx, &syntax, 1..) {
                    Kind::Composite(composite)
                } else {
                    Kind::Invalid
                }
            }
            Some(KindName::Decorator(read)) => {
                let decorator = read(cx, &syntax);
                match (decorator, child_count(cx, &syntax, 1..=1)) {
                    (Some(decorator), true) => Kind::Decorator(decorator),
                    _ => Kind::Invalid,
                }
            }
            Some(KindName::Leaf(read)) => {
                let leaf = read(cx, &syntax);
                match (leaf, child_count(cx, &syntax, 0..=0)) {
                    (Some(leaf), true) => Kind::Leaf(leaf),
                    _ => Kind::Invalid,
                }
            }
        };
        let name = explicit_name
            .as_ref()
            .map(LitStr::value)
            .unwrap_or_else(|| default_name(&kind, &kind_name));
        self.nodes.push(Node {
            id,
            parent,
            depth,
            kind_ident: syntax.kind,
            name,
            explicit_name,
            kind,
            children: Vec::new(),
            may_run: false,
            active_slot: None,
        });
        if let Some(children) = syntax.children {
            for child in children.nodes {
                let child_id = self.lower(cx, child, Some(id), depth + 1);
                self.nodes[id].children.push(child_id);
            }
        }
        id
    }

    /// Decides which nodes can answer `Running`, bottom-up (children have larger ids), and gives
    /// each of them a slot for its "running" flag.
    fn decide_running(&mut self) {
        for id in (0..self.nodes.len()).rev() {
            let any_child_runs = self.nodes[id]
                .children
                .iter()
                .any(|&child| self.nodes[child].may_run);
            let only_child_runs = any_child_runs;
            self.nodes[id].may_run = match &self.nodes[id].kind {
                Kind::Leaf(Leaf::Stateful(_)) => true,
                Kind::Leaf(_) | Kind::Invalid => false,
                Kind::Composite(_) => any_child_runs,
                Kind::Decorator(decorator) => match decorator {
                    Decorator::Inverter
                    | Decorator::ForceSuccess
                    | Decorator::ForceFailure
                    | Decorator::RunOnce { .. } => only_child_runs,
                    Decorator::Repeat(limit) | Decorator::RetryUntilSuccessful(limit) => {
                        match limit {
                            Some(0) => false,
                            Some(1) => only_child_runs,
                            _ => true,
                        }
                    }
                    Decorator::KeepRunningUntilFailure => true,
                },
            };
        }
        let mut slots = 0;
        for node in &mut self.nodes {
            if node.may_run {
                node.active_slot = Some(slots);
                slots += 1;
            }
        }
    }

    pub fn active_slots(&self) -> usize {
        self.nodes.iter().filter(|node| node.may_run).count()
    }
}

fn default_name(kind: &Kind, written: &str) -> String {
    let leaf_type = match kind {
        Kind::Leaf(Leaf::Condition(LeafImpl::Type(leaf)))
        | Kind::Leaf(Leaf::Action(LeafImpl::Type(leaf)))
        | Kind::Leaf(Leaf::Stateful(leaf)) => Some(&*leaf.ty),
        _ => None,
    };
    match leaf_type {
        Some(ty) => ty.to_token_stream().to_string().replace(' ', ""),
        None => written.to_owned(),
    }
}

/// Reads `#[name = ".."]`; any other attribute is an error.
fn node_name(cx: &Ctxt, attrs: &[Attribute]) -> Option<LitStr> {
    let mut name = None;
    for attr in attrs {
        if attr.path().is_ident(kw::NAME) {
            match &attr.meta {
                syn::Meta::NameValue(syn::MetaNameValue {
                    value:
                        Expr::Lit(syn::ExprLit {
                            lit: syn::Lit::Str(lit),
                            ..
                        }),
                    ..
                }) => {
                    if lit.value().is_empty() {
                        cx.error_spanned_by(lit, "a node name cannot be empty");
                    } else if name.is_some() {
                        cx.error_spanned_by(attr, "this node already has a `#[name]`");
                    } else {
                        name = Some(lit.clone());
                    }
                }
                _ => cx.error_spanned_by(attr, "expected `#[name = \"...\"]`"),
            }
        } else {
            cx.error_spanned_by(
                attr.path(),
                format!(
                    "unknown node attribute `{}`; a node accepts `#[name = \"...\"]`",
                    attr.path().to_token_stream().to_string().replace(' ', "")
                ),
            );
        }
    }
    name
}

/// Explicit names identify nodes (in traces, `NodeInfo::find`), so two nodes cannot share one.
/// Default names (a kind, a leaf type) may repeat.
fn check_unique_names(cx: &Ctxt, nodes: &[Node]) {
    let mut seen: Vec<&LitStr> = Vec::new();
    for lit in nodes.iter().filter_map(|node| node.explicit_name.as_ref()) {
        if seen.iter().any(|earlier| earlier.value() == lit.value()) {
            cx.error_spanned_by(
                lit,
                format!(
                    "two nodes are named \"{}\"; node names must be unique within a tree",
                    lit.value()
                ),
            );
        } else {
            seen.push(lit);
        }
    }
}

fn unknown_kind(cx: &Ctxt, kind: &Ident) {
    let written = kind.to_string();
    let suggestion = kw::ALL_KINDS
        .iter()
        .filter(|known| known.eq_ignore_ascii_case(&written) || edit_distance(known, &written) <= 2)
        .min_by_key(|known| edit_distance(known, &written));
    let message = match suggestion {
        Some(known) => format!("unknown node kind `{written}`; did you mean `{known}`?"),
        None => format!(
            "unknown node kind `{written}`; a leaf type is written `Condition({written})`, `Action({written})` or `StatefulAction({written})`, and the built-in kinds are listed in the `bt` docs"
        ),
    };
    cx.error_spanned_by(kind, message);
}

/// Levenshtein distance, for suggestions.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = if ca == *cb {
                diagonal
            } else {
                1 + diagonal.min(above).min(row[j])
            };
            diagonal = above;
        }
    }
    row[b.len()]
}

fn child_count(cx: &Ctxt, node: &NodeSyntax, allowed: impl std::ops::RangeBounds<usize>) -> bool {
    let count = node
        .children
        .as_ref()
        .map_or(0, |children| children.nodes.len());
    if allowed.contains(&count) {
        return true;
    }
    let kind = &node.kind;
    let leaf = matches!(allowed.end_bound(), std::ops::Bound::Included(0));
    let message = if leaf {
        format!("`{kind}` is a leaf and has no children; remove the `{{ .. }}`")
    } else if matches!(allowed.end_bound(), std::ops::Bound::Included(1)) {
        if count == 0 {
            format!("`{kind}` is a decorator and needs exactly one child: `{kind} {{ child }}`")
        } else {
            format!("`{kind}` is a decorator and takes exactly one child, found {count}; put the children under a `Sequence {{ .. }}` or `Fallback {{ .. }}`")
        }
    } else {
        format!("`{kind}` needs at least one child: `{kind} {{ child, .. }}`")
    };
    match (&node.children, count) {
        // Point at the first extra child when there are too many, else at the kind.
        (Some(children), n) if n > 1 && !leaf => {
            cx.error_spanned_by(&children.nodes[1].kind, message)
        }
        (Some(children), _) if leaf => {
            cx.syn_error(syn::Error::new(children.brace.span.join(), message))
        }
        _ => cx.error_spanned_by(kind, message),
    }
    false
}

fn no_args(cx: &Ctxt, node: &NodeSyntax) -> bool {
    match &node.args {
        None => true,
        Some(args) => {
            cx.syn_error(syn::Error::new(
                args.paren.span.join(),
                format!("`{}` takes no arguments; remove the `( .. )`", node.kind),
            ));
            false
        }
    }
}

/// `Repeat(3)`, `Repeat(forever)`.
fn limit(cx: &Ctxt, node: &NodeSyntax) -> Option<Limit> {
    let kind = &node.kind;
    let usage = format!("`{kind}(3) {{ .. }}`, or `{kind}(forever) {{ .. }}` for no limit");
    let Some(args) = &node.args else {
        cx.error_spanned_by(kind, format!("`{kind}` needs a count: {usage}"));
        return None;
    };
    let parser = |input: ParseStream| -> syn::Result<Limit> {
        if input.peek(Token![-]) {
            let minus: Token![-] = input.parse()?;
            let number: TokenStream = input.parse()?;
            return Err(syn::Error::new_spanned(
                quote::quote!(#minus #number),
                format!("a negative count is meaningless; write {usage}"),
            ));
        }
        if input.peek(Ident) {
            let word: Ident = input.parse()?;
            if word == kw::FOREVER && input.is_empty() {
                return Ok(None);
            }
            return Err(syn::Error::new(
                word.span(),
                format!("expected a count: {usage}"),
            ));
        }
        let count: LitInt = input
            .parse()
            .map_err(|error| syn::Error::new(error.span(), format!("expected a count: {usage}")))?;
        let value = count.base10_parse::<u64>().map_err(|_| {
            syn::Error::new(count.span(), format!("expected a whole number: {usage}"))
        })?;
        if !input.is_empty() {
            return Err(input.error(format!("expected only a count: {usage}")));
        }
        Ok(Some(value))
    };
    if args.tokens.is_empty() {
        cx.syn_error(syn::Error::new(
            args.paren.span.join(),
            format!("`{kind}` needs a count: {usage}"),
        ));
        return None;
    }
    parser
        .parse2(args.tokens.clone())
        .map_err(|error| cx.syn_error(error))
        .ok()
}

/// `RunOnce` or `RunOnce(then_skip = false)`.
fn run_once(cx: &Ctxt, node: &NodeSyntax) -> Option<Decorator> {
    let Some(args) = &node.args else {
        return Some(Decorator::RunOnce { then_skip: true });
    };
    let parser = |input: ParseStream| -> syn::Result<bool> {
        let key: Ident = input.parse()?;
        if key != kw::THEN_SKIP {
            return Err(syn::Error::new(
                key.span(),
                format!("unknown parameter `{key}`; `RunOnce` takes `then_skip = true` (the default) or `then_skip = false`"),
            ));
        }
        input.parse::<Token![=]>()?;
        let value: LitBool = input.parse()?;
        if !input.is_empty() {
            return Err(input.error("expected only `then_skip = true` or `then_skip = false`"));
        }
        Ok(value.value)
    };
    match parser.parse2(args.tokens.clone()) {
        Ok(then_skip) => Some(Decorator::RunOnce { then_skip }),
        Err(error) => {
            let span = if args.tokens.is_empty() {
                args.paren.span.join()
            } else {
                error.span()
            };
            cx.syn_error(syn::Error::new(
                span,
                "expected `RunOnce(then_skip = true)` or `RunOnce(then_skip = false)`",
            ));
            None
        }
    }
}

/// `Condition(Type)`, `Condition(Type = expr)` or `Condition(|ctx| expr)` (same for `Action`).
fn leaf_impl(cx: &Ctxt, node: &NodeSyntax) -> Option<LeafImpl> {
    let tokens = leaf_args(cx, node)?;
    let is_closure = starts_closure(&tokens);
    if is_closure {
        return match syn::parse2::<ExprClosure>(tokens) {
            Ok(closure) => Some(LeafImpl::Inline(Box::new(closure))),
            Err(error) => {
                cx.syn_error(syn::Error::new(
                    error.span(),
                    format!("expected a closure `|ctx| ..`: {error}"),
                ));
                None
            }
        };
    }
    leaf_type(cx, node, tokens).map(LeafImpl::Type)
}

/// `StatefulAction(Type)` or `StatefulAction(Type = expr)`.
fn stateful(cx: &Ctxt, node: &NodeSyntax) -> Option<Leaf> {
    let tokens = leaf_args(cx, node)?;
    let is_closure = starts_closure(&tokens);
    if is_closure {
        cx.error_spanned_by(
            &tokens,
            "a stateful action keeps state between ticks, so it cannot be a closure: implement `bt::StatefulAction` for a type and write `StatefulAction(Type)`",
        );
        return None;
    }
    leaf_type(cx, node, tokens).map(Leaf::Stateful)
}

fn starts_closure(tokens: &TokenStream) -> bool {
    (|input: ParseStream| {
        let closure = input.peek(Token![|]) || input.peek(Token![||]) || input.peek(Token![move]);
        input.parse::<TokenStream>()?;
        Ok(closure)
    })
    .parse2(tokens.clone())
    .unwrap_or(false)
}

fn leaf_args(cx: &Ctxt, node: &NodeSyntax) -> Option<TokenStream> {
    let kind = &node.kind;
    let usage = if kind == kw::STATEFUL_ACTION {
        format!("`{kind}(Type)` or `{kind}(Type = expression)`")
    } else {
        format!("`{kind}(Type)`, `{kind}(Type = expression)` or `{kind}(|ctx| ..)`")
    };
    match &node.args {
        None => {
            cx.error_spanned_by(kind, format!("`{kind}` needs its leaf: {usage}"));
            None
        }
        Some(args) if args.tokens.is_empty() => {
            cx.syn_error(syn::Error::new(
                args.paren.span.join(),
                format!("`{kind}` needs its leaf: {usage}"),
            ));
            None
        }
        Some(args) => Some(args.tokens.clone()),
    }
}

fn leaf_type(cx: &Ctxt, node: &NodeSyntax, tokens: TokenStream) -> Option<LeafType> {
    let kind = &node.kind;
    let parser = |input: ParseStream| -> syn::Result<LeafType> {
        let ty = Box::new(input.parse::<Type>()?);
        let init = if input.peek(Token![=]) {
            input.parse::<Token![=]>()?;
            Some(Box::new(input.parse::<Expr>()?))
        } else {
            None
        };
        if !input.is_empty() {
            return Err(input.error(format!(
                "unexpected tokens; write `{kind}(Type)` or `{kind}(Type = expression)`"
            )));
        }
        Ok(LeafType { ty, init })
    };
    match parser.parse2(tokens) {
        Ok(leaf) => Some(leaf),
        Err(error) => {
            cx.syn_error(error);
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::edit_distance;

    #[test]
    fn distances() {
        assert_eq!(edit_distance("Sequence", "Sequence"), 0);
        assert_eq!(edit_distance("Sequence", "Sequnce"), 1);
        assert_eq!(edit_distance("Fallback", "Fallbak"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
    }
}
