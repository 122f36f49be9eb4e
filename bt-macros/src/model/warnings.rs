//! Warnings: trees that compile and run but do not do what their author most likely meant. A
//! proc macro cannot emit a warning on stable Rust; codegen writes each as the use of a
//! `#[deprecated]` item at the node, whose note is the message (`codegen::model_warnings`).

use proc_macro2::Span;
use syn::spanned::Spanned;

use super::{Composite, Flow, Kind, Leaf, Limit, Loop, Node, Quantity, Tree};

/// A warning at `span`: `name` is the deprecated item's (it shows in the message), `note` says
/// what is wrong and what to do.
pub struct Warning {
    pub span: Span,
    pub name: &'static str,
    pub note: String,
}

/// Every warning of the tree, in node order.
pub fn warnings(tree: &Tree) -> Vec<Warning> {
    let mut out = Vec::new();
    for node in &tree.nodes {
        halt_hook_never_runs(node, &mut out);
        zero_count(node, &mut out);
        never_ticked(tree, node, &mut out);
        if let Kind::Flow(Flow::Switch { cases, .. }) = &node.kind {
            unreachable_cases(cases, &mut out);
        }
    }
    out
}

/// `#[on_halted]` on a node that never answers `Running` (a condition, a synchronous action, a
/// constant): only a running node is halted, so the hook never runs (decision 15).
fn halt_hook_never_runs(node: &Node, out: &mut Vec<Warning>) {
    let (Some(hook), Some(spec)) = (&node.conditions.on_halted, node.spec) else {
        return;
    };
    if spec.running != crate::kinds::Running::Never {
        return;
    }
    let kind = &node.kind_ident;
    out.push(Warning {
        span: hook.span(),
        name: "on_halted_never_runs",
        note: format!(
            "this `#[on_halted]` never runs: only a running node is halted, and `{kind}` never answers `Running`; put it on the node whose halt you mean, or use `#[post]` for what a completed node should do"
        ),
    });
}

/// `Repeat(0)` and `RetryUntilSuccessful(0)`: the child is never ticked (BehaviorTree.CPP's rule,
/// kept: the first answers `Success` at once, the second `Failure`).
fn zero_count(node: &Node, out: &mut Vec<Warning>) {
    let zero = |limit: &Limit| matches!(limit, Some(Quantity::Literal(0)));
    let (answer, name) = match &node.kind {
        Kind::Loop(Loop::Repeat(limit)) if zero(limit) => ("Success", "count_zero_never_ticks"),
        Kind::Loop(Loop::RetryUntilSuccessful(limit)) if zero(limit) => {
            ("Failure", "count_zero_never_ticks")
        }
        _ => return,
    };
    let kind = &node.kind_ident;
    out.push(Warning {
        span: kind.span(),
        name,
        note: format!(
            "`{kind}(0)` never ticks its child: it answers `{answer}` at once (as in BehaviorTree.CPP); give a count of 1 or more, or remove the node"
        ),
    });
}

/// The children after one that always ends its parent: an `AlwaysSuccess` under a fallback, an
/// `AlwaysFailure` under a sequence (without conditions, which could make it skip).
fn never_ticked(tree: &Tree, node: &Node, out: &mut Vec<Warning>) {
    let (ender, parent) = match &node.kind {
        Kind::Composite(
            Composite::Fallback | Composite::ReactiveFallback | Composite::AsyncFallback,
        ) => ("AlwaysSuccess", "succeeds"),
        Kind::Composite(
            Composite::Sequence
            | Composite::SequenceWithMemory
            | Composite::ReactiveSequence
            | Composite::AsyncSequence,
        ) => ("AlwaysFailure", "fails"),
        _ => return,
    };
    let ends = |child: &Node| {
        child.conditions.is_empty()
            && matches!(
                (&child.kind, ender),
                (Kind::Leaf(Leaf::AlwaysSuccess), "AlwaysSuccess")
                    | (Kind::Leaf(Leaf::AlwaysFailure), "AlwaysFailure")
            )
    };
    let Some(at) = node
        .children
        .iter()
        .position(|&child| ends(&tree.nodes[child]))
    else {
        return;
    };
    if let Some(&next) = node.children.get(at + 1) {
        let (parent_kind, next) = (&node.kind_ident, &tree.nodes[next]);
        out.push(Warning {
            span: next.kind_ident.span(),
            name: "never_ticked",
            note: format!(
                "this node and the ones after it are never ticked: the `{ender}` before them ends the `{parent_kind}`, which {parent} there; remove them, or move the `{ender}` last"
            ),
        });
    }
}

/// A `Switch` case no value can reach: a value or whole-number range an earlier case has
/// (`case 1` twice; `case 5` after `case 1..=10`).
fn unreachable_cases(cases: &[syn::Expr], out: &mut Vec<Warning>) {
    let mut earlier: Vec<Alternative> = Vec::new();
    for case in cases {
        let alternatives = alternatives(case);
        for alternative in &alternatives {
            if earlier.iter().any(|before| before.covers(alternative)) {
                out.push(Warning {
                    span: alternative.span(),
                    name: "unreachable_case",
                    note: format!(
                        "this case is unreachable: an earlier case of the `Switch` already matches `{}`; remove it or change its value",
                        alternative.text()
                    ),
                });
            }
        }
        earlier.extend(alternatives);
    }
}

/// One alternative of a case: a whole-number range (both bounds literal), a whole number, or
/// another value compared by its source text.
enum Alternative<'a> {
    Range(i128, i128, &'a syn::Expr),
    Number(i128, &'a syn::Expr),
    Other(String, &'a syn::Expr),
}

impl Alternative<'_> {
    fn covers(&self, later: &Alternative) -> bool {
        match (self, later) {
            (Alternative::Range(low, high, _), Alternative::Number(n, _)) => low <= n && n <= high,
            (Alternative::Range(low, high, _), Alternative::Range(a, b, _)) => {
                low <= a && b <= high
            }
            (Alternative::Number(a, _), Alternative::Number(b, _)) => a == b,
            (Alternative::Number(a, _), Alternative::Range(low, high, _)) => a == low && a == high,
            (Alternative::Other(a, _), Alternative::Other(b, _)) => a == b,
            _ => false,
        }
    }

    fn expr(&self) -> &syn::Expr {
        match self {
            Alternative::Range(_, _, expr)
            | Alternative::Number(_, expr)
            | Alternative::Other(_, expr) => expr,
        }
    }

    fn span(&self) -> Span {
        self.expr().span()
    }

    fn text(&self) -> String {
        crate::text::source(quote::ToTokens::to_token_stream(self.expr()))
    }
}

/// A case's alternatives (`1 | 2 | 5..=7`): `|` binds tighter than `..` in an expression, so a
/// range's bounds are read through it as the code generator reads them.
fn alternatives(case: &syn::Expr) -> Vec<Alternative<'_>> {
    match case {
        syn::Expr::Binary(binary) if matches!(binary.op, syn::BinOp::BitOr(_)) => {
            let mut all = alternatives(&binary.left);
            all.extend(alternatives(&binary.right));
            all
        }
        syn::Expr::Range(range) => {
            let bound = |bound: Option<&syn::Expr>| bound.and_then(number);
            match (range.start.as_deref(), range.end.as_deref()) {
                (Some(start), Some(end))
                    if !matches!(start, syn::Expr::Binary(_))
                        && !matches!(end, syn::Expr::Binary(_)) =>
                {
                    match (bound(Some(start)), bound(Some(end)), &range.limits) {
                        (Some(low), Some(high), syn::RangeLimits::Closed(_)) => {
                            vec![Alternative::Range(low, high, case)]
                        }
                        (Some(low), Some(high), syn::RangeLimits::HalfOpen(_)) => {
                            vec![Alternative::Range(low, high - 1, case)]
                        }
                        _ => vec![],
                    }
                }
                // Ranges written with `|` in a bound, or open: not compared.
                _ => vec![],
            }
        }
        _ => match number(case) {
            Some(value) => vec![Alternative::Number(value, case)],
            None => vec![Alternative::Other(
                crate::text::source(quote::ToTokens::to_token_stream(case)),
                case,
            )],
        },
    }
}

/// A whole-number literal, negative or not.
fn number(expr: &syn::Expr) -> Option<i128> {
    match expr {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(int),
            ..
        }) => int.base10_parse().ok(),
        syn::Expr::Unary(syn::ExprUnary {
            op: syn::UnOp::Neg(_),
            expr,
            ..
        }) => number(expr).map(|value| -value),
        syn::Expr::Group(group) => number(&group.expr),
        syn::Expr::Paren(paren) => number(&paren.expr),
        _ => None,
    }
}
