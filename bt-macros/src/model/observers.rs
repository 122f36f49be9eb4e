//! The checks over the whole tree after lowering, for what one node cannot see alone: every
//! child of a `ProbabilitySelector` has a weight, every child of a `PrioritySelector` a score,
//! and an `Observe(.., abort = lower)` (or `both`) is a child of a `Fallback`, which then
//! becomes an observer selector that owns its `Observe` children's conditions.

use syn::Ident;

use super::{Composite, Decorator, Kind, Selector, Tree};
use crate::ctxt::Ctxt;
use crate::kinds::{self, SelectorKind, Shape};

/// The checks across nodes, after lowering: utility attributes against their parents, and the
/// observer selectors.
pub(super) fn resolve(cx: &Ctxt, tree: &mut Tree) {
    utilities(cx, tree);
    observers(cx, tree);
}

/// Every child of a `ProbabilitySelector` has a `#[weight]`, every child of a `PrioritySelector`
/// a `#[score]`, and no other node has either.
fn utilities(cx: &Ctxt, tree: &Tree) {
    for node in &tree.nodes {
        let parent = node.parent.map(|parent| &tree.nodes[parent]);
        let wanted = parent.and_then(|parent| match parent.spec?.shape {
            Shape::Selector(SelectorKind::ProbabilitySelector) => Some(kw_weight()),
            Shape::Selector(SelectorKind::PrioritySelector) => Some(kw_score()),
            _ => None,
        });
        let utility = node.conditions.utility.as_ref();
        match (wanted, utility, parent) {
            (Some(wanted), Some(utility), Some(parent)) if utility.attr != wanted => {
                cx.error_spanned_by(
                    &utility.attr,
                    format!(
                        "a child of `{}` has a `#[{wanted}(..)]`, not a `#[{}(..)]`",
                        parent.kind_ident, utility.attr
                    ),
                );
            }
            (Some(wanted), None, Some(parent)) => {
                let what = if wanted == kw_weight() {
                    "its chance to be picked"
                } else {
                    "how much it is wanted, the highest goes first"
                };
                cx.error_spanned_by(
                    &node.kind_ident,
                    format!(
                        "each child of `{}` needs a `#[{wanted}(..)]`, {what}: `#[{wanted}(|bb| bb.entry)]` or a constant, `#[{wanted}(1.0)]`, before the child",
                        parent.kind_ident
                    ),
                );
            }
            (None, Some(utility), _) => {
                let parent = utility_parent(&utility.attr);
                cx.error_spanned_by(
                    &utility.attr,
                    format!(
                        "`#[{}(..)]` is read by a `{parent}` parent, and this node's parent is {}",
                        utility.attr,
                        match node.parent {
                            Some(parent) => format!("a `{}`", tree.nodes[parent].kind_ident),
                            None => "none (it is the root)".to_owned(),
                        }
                    ),
                );
            }
            _ => {}
        }
    }
}

fn kw_weight() -> &'static str {
    crate::kw::WEIGHT
}

fn kw_score() -> &'static str {
    crate::kw::SCORE
}

fn utility_parent(attr: &Ident) -> &'static str {
    if attr == kw_weight() {
        "ProbabilitySelector"
    } else {
        "PrioritySelector"
    }
}

/// `Observe(.., abort = lower | both)` only under a `Fallback`, which becomes an observer
/// selector (bt-core's `ObserverSelector`) owning the conditions of its `Observe` children.
fn observers(cx: &Ctxt, tree: &mut Tree) {
    let mut selectors = Vec::new();
    for node in &tree.nodes {
        let Kind::Decorator(Decorator::Observe { abort, .. }) = &node.kind else {
            continue;
        };
        if !abort.value.watches_lower() {
            continue;
        }
        let parent = node.parent.map(|parent| &tree.nodes[parent]);
        let under_fallback = parent.is_some_and(|parent| {
            parent.spec.is_some_and(|spec| {
                spec.shape == Shape::Composite(Composite::Fallback)
                    || spec.shape == Shape::Selector(SelectorKind::ObserverSelector)
            })
        });
        if under_fallback {
            let parent = node.parent.expect("checked");
            if !selectors.contains(&parent) {
                selectors.push(parent);
            }
            continue;
        }
        let here = match parent {
            Some(parent) => format!("this `Observe` is a child of a `{}`", parent.kind_ident),
            None => "this `Observe` is the root".to_owned(),
        };
        cx.error_spanned_by(
            abort.ident(),
            format!(
                "`abort = {abort}` only fits a direct child of a `Fallback` (or `Selector`), and {here}: it watches this branch while a lower-priority sibling runs; use `abort = self` or `abort = none` here"
            ),
        );
    }
    for selector in selectors {
        if !matches!(
            tree.nodes[selector].kind,
            Kind::Composite(Composite::Fallback)
        ) {
            // The Fallback had an error; it is not emitted.
            continue;
        }
        tree.nodes[selector].kind = Kind::Selector(Selector::ObserverSelector);
        tree.nodes[selector].spec = Some(&kinds::OBSERVER_SELECTOR);
        let children = tree.nodes[selector].children.clone();
        for child in children {
            if let Kind::Decorator(Decorator::Observe { guarded, .. }) = &mut tree.nodes[child].kind
            {
                *guarded = true;
            }
        }
    }
}
