//! Warnings: trees that compile and run but do not do what their author most likely meant. A
//! proc macro cannot emit a warning on stable Rust; codegen writes each as the use of a
//! `#[deprecated]` item at the node, whose note is the message (`codegen::model_warnings`).

use proc_macro2::Span;
use syn::spanned::Spanned;

use super::{
    case_alternatives, case_number, range_numbers, Alternative, Composite, Flow, Kind, Leaf, Limit,
    Loop, Node, Quantity, Tree,
};

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
    let mut earlier: Vec<Compared> = Vec::new();
    for case in cases {
        let alternatives: Vec<(Compared, &syn::Expr)> = (case_alternatives(case).into_iter())
            .filter_map(|alternative| compared(alternative, case))
            .collect();
        for (alternative, written) in &alternatives {
            if earlier.iter().any(|before| before.covers(alternative)) {
                let text = crate::text::source(quote::ToTokens::to_token_stream(*written));
                out.push(Warning {
                    span: written.span(),
                    name: "unreachable_case",
                    note: format!(
                        "this case is unreachable: an earlier case of the `Switch` already matches `{text}`; remove it or change its value"
                    ),
                });
            }
        }
        earlier.extend(alternatives.into_iter().map(|(alternative, _)| alternative));
    }
}

/// An alternative as the warning compares it: a whole-number range (both bounds literal), a
/// whole number, or another value by its source text.
enum Compared {
    Range(i128, i128),
    Number(i128),
    Other(String),
}

impl Compared {
    fn covers(&self, later: &Compared) -> bool {
        match (self, later) {
            (Compared::Range(low, high), Compared::Number(n)) => low <= n && n <= high,
            (Compared::Range(low, high), Compared::Range(a, b)) => low <= a && b <= high,
            (Compared::Number(a), Compared::Number(b)) => a == b,
            (Compared::Number(a), Compared::Range(low, high)) => a == low && a == high,
            (Compared::Other(a), Compared::Other(b)) => a == b,
            _ => false,
        }
    }
}

/// `alternative` of `case` as compared, with the expression it is written as; `None` for a range
/// that is open or has a bound that is not a whole number.
fn compared<'a>(
    alternative: Alternative<'a>,
    case: &'a syn::Expr,
) -> Option<(Compared, &'a syn::Expr)> {
    match alternative {
        Alternative::Value(value) => Some(match case_number(value) {
            Some(n) => (Compared::Number(n), value),
            None => (
                Compared::Other(crate::text::source(quote::ToTokens::to_token_stream(value))),
                value,
            ),
        }),
        Alternative::Range(..) => {
            let (low, high) = range_numbers(&alternative)?;
            Some((Compared::Range(low, high), case))
        }
    }
}
