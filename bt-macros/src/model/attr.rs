//! Attributes: on nodes, `#[name = ".."]`, `#[id = ".."]` and the pre/post-conditions; on blackboard entries,
//! doc comments, `#[tracked]` and the lint attributes passed through to the field; on the
//! children of the utility selectors, `#[weight(..)]` and `#[score(..)]`.

use quote::ToTokens;
use syn::{Attribute, Expr, ExprClosure, Ident, LitStr};

use super::{Blackboard, Entry};
use crate::args::closure_arity;
use crate::ctxt::Ctxt;
use crate::kw;
use crate::parse::BlackboardSyntax;

/// Pre- and post-conditions of one node: closures over the blackboard.
#[derive(Default)]
pub struct Conditions {
    pub failure_if: Option<Box<ExprClosure>>,
    pub success_if: Option<Box<ExprClosure>>,
    pub skip_if: Option<Box<ExprClosure>>,
    pub run_while: Option<Box<ExprClosure>>,
    pub on_success: Option<Box<ExprClosure>>,
    pub on_failure: Option<Box<ExprClosure>>,
    pub on_halted: Option<Box<ExprClosure>>,
    pub post: Option<Box<ExprClosure>>,
    /// `#[weight(..)]` or `#[score(..)]`: not a condition on this node but its parent's input (a
    /// `ProbabilitySelector`'s weights, a `PrioritySelector`'s scores), checked and read there
    /// (below); `is_empty` leaves it out.
    pub utility: Option<Utility>,
}

impl Conditions {
    pub fn is_empty(&self) -> bool {
        !self.has_pre() && !self.has_post() && self.on_halted.is_none()
    }

    /// Whether a pre-condition is written (`failure_if`, `success_if`, `skip_if`, `run_while`):
    /// the tick is gated.
    pub fn has_pre(&self) -> bool {
        self.failure_if.is_some()
            || self.success_if.is_some()
            || self.skip_if.is_some()
            || self.run_while.is_some()
    }

    /// Whether a post-condition of a completed tick is written (`on_success`, `on_failure`,
    /// `post`).
    pub fn has_post(&self) -> bool {
        self.on_success.is_some() || self.on_failure.is_some() || self.post.is_some()
    }

    /// Each attribute with its slot; the pre-conditions test, the others act.
    fn slot(&mut self, name: &str) -> Option<(&mut Option<Box<ExprClosure>>, bool)> {
        Some(match name {
            kw::FAILURE_IF => (&mut self.failure_if, true),
            kw::SUCCESS_IF => (&mut self.success_if, true),
            kw::SKIP_IF => (&mut self.skip_if, true),
            kw::RUN_WHILE => (&mut self.run_while, true),
            kw::ON_SUCCESS => (&mut self.on_success, false),
            kw::ON_FAILURE => (&mut self.on_failure, false),
            kw::ON_HALTED => (&mut self.on_halted, false),
            kw::POST => (&mut self.post, false),
            _ => return None,
        })
    }
}

/// A node's attributes.
pub struct NodeAttrs {
    /// `#[name = ".."]`.
    pub name: Option<LitStr>,
    /// `#[id = ".."]`: the node's BehaviorTree.CPP ID, for a node of a type of the user's.
    pub id: Option<LitStr>,
    pub conditions: Conditions,
}

/// Reads a node's attributes: `#[name = ".."]`, `#[id = ".."]` and the pre/post-conditions.
pub fn node_attributes(cx: &Ctxt, attrs: &[Attribute]) -> NodeAttrs {
    let mut name = None;
    let mut id = None;
    let mut conditions = Conditions::default();
    for attr in attrs {
        let path = attr.path();
        let written = path.to_token_stream().to_string().replace(' ', "");
        if path.is_ident("doc") {
            // A doc comment on a node documents the tree's source; nothing to generate.
            continue;
        }
        if path.is_ident("cfg") || path.is_ident("cfg_attr") {
            cx.error_spanned_by(
                path,
                format!("`#[{written}]` on a node is not supported: a tree's shape is fixed when the macro runs; gate the node at run time with `#[skip_if(|bb| ..)]`, or write two trees and choose one with `#[cfg]` on the invocations"),
            );
            continue;
        }
        if path.is_ident(kw::NAME) || path.is_ident(kw::ID) {
            let (slot, what) = if path.is_ident(kw::NAME) {
                (&mut name, "name")
            } else {
                (&mut id, "id")
            };
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
                        cx.error_spanned_by(lit, format!("a node {what} cannot be empty"));
                    } else if slot.is_some() {
                        cx.error_spanned_by(attr, format!("this node already has a `#[{what}]`"));
                    } else {
                        *slot = Some(lit.clone());
                    }
                }
                _ => cx.error_spanned_by(attr, format!("expected `#[{what} = \"...\"]`")),
            }
        } else if let Some((slot, is_test)) = conditions.slot(&written) {
            let usage = if is_test {
                format!("`#[{written}(|bb| condition)]`")
            } else {
                format!("`#[{written}(|bb| statement)]`")
            };
            match attr.parse_args::<ExprClosure>() {
                Ok(closure) => {
                    if slot.is_some() {
                        cx.error_spanned_by(
                            attr,
                            format!("this node already has a `#[{written}]`"),
                        );
                    } else {
                        match closure_arity(&closure, &[1], &usage) {
                            Ok(()) => *slot = Some(Box::new(closure)),
                            Err(error) => cx.syn_error(error),
                        }
                    }
                }
                Err(_) => cx.error_spanned_by(
                    attr,
                    format!("expected a closure over the blackboard: {usage}"),
                ),
            }
        } else if path.is_ident(kw::WEIGHT) || path.is_ident(kw::SCORE) {
            utility_attribute(cx, attr, &mut conditions.utility);
        } else {
            cx.error_spanned_by(
                path,
                format!(
                    "unknown node attribute `{written}`; a node accepts `#[name = \"...\"]`, `#[id = \"...\"]` and the conditions `failure_if`, `success_if`, `skip_if`, `run_while`, `on_success`, `on_failure`, `on_halted`, `post` (and, on a child of a `ProbabilitySelector` or a `PrioritySelector`, `weight` or `score`)"
                ),
            );
        }
    }
    NodeAttrs {
        name,
        id,
        conditions,
    }
}

/// Whether `attr`, on the tree's header, belongs there: a node's attribute (`#[skip_if]`,
/// `#[name]`, ..) is reported, to be moved to the root node, and left out of the output (where
/// rustc would only say it cannot find it).
pub fn tree_attribute(cx: &Ctxt, attr: &Attribute) -> bool {
    let path = attr.path();
    let written = path.to_token_stream().to_string().replace(' ', "");
    let node_only = Conditions::default().slot(&written).is_some()
        || [kw::NAME, kw::ID, kw::WEIGHT, kw::SCORE]
            .iter()
            .any(|name| path.is_ident(name));
    if node_only {
        let form = if path.is_ident(kw::NAME) || path.is_ident(kw::ID) {
            format!("#[{written} = \"..\"]")
        } else {
            format!("#[{written}(..)]")
        };
        cx.error_spanned_by(
            path,
            format!("`#[{written}]` is a node's attribute, not the tree's: put it on the root node (`{form} Sequence {{ .. }}`)"),
        );
    }
    !node_only
}

/// The blackboard section: entry attributes read, no entry declared twice.
pub fn blackboard(cx: &Ctxt, syntax: BlackboardSyntax) -> Blackboard {
    let mut entries: Vec<Entry> = Vec::new();
    for entry in syntax.entries {
        let mut tracked = false;
        let mut attrs = Vec::new();
        let mut read_through = Vec::new();
        for attr in entry.attrs {
            let path = attr.path();
            if path.is_ident(kw::XML_READ) {
                // The XML front end's: `#[__bt_read(count, Trait)]`.
                let read = attr.parse_args_with(|input: syn::parse::ParseStream| {
                    let word: Ident = input.parse()?;
                    input.parse::<syn::Token![,]>()?;
                    Ok((word.to_string(), input.parse::<Ident>()?))
                });
                match read {
                    Ok(read) => read_through.push(read),
                    Err(error) => cx.syn_error(error),
                }
            } else if path.is_ident(kw::TRACKED) {
                if !matches!(attr.meta, syn::Meta::Path(_)) {
                    cx.error_spanned_by(&attr, "write `#[tracked]` alone");
                } else if tracked {
                    cx.error_spanned_by(&attr, "this entry is already `#[tracked]`; write it once");
                }
                tracked = true;
            } else if path.is_ident("doc") || path.is_ident("allow") || path.is_ident("cfg_attr") {
                attrs.push(attr);
            } else {
                cx.error_spanned_by(
                    path,
                    "unknown entry attribute; an entry accepts doc comments and `#[tracked]` (count its updates)",
                );
            }
        }
        if entries.iter().any(|earlier| earlier.name == entry.name) {
            cx.error_spanned_by(
                &entry.name,
                format!(
                    "blackboard entry `{}` is declared twice; give each entry its own name",
                    entry.name
                ),
            );
        } else {
            entries.push(Entry {
                attrs,
                name: entry.name,
                ty: entry.ty,
                init: entry.init,
                tracked,
                read_through,
            });
        }
    }
    Blackboard { entries }
}

/// True for an entry marked `#[allow(..)]`: only code outside the tree uses it.
pub fn allows_unused(entry: &Entry) -> bool {
    entry.attrs.iter().any(|attr| attr.path().is_ident("allow"))
}

/// `#[weight(..)]` or `#[score(..)]` on a child.
pub struct Utility {
    /// `weight` or `score`, as written.
    pub attr: Ident,
    pub value: UtilityValue,
}

/// A weight or a score: a closure over the blackboard, or a constant expression.
pub enum UtilityValue {
    Closure(Box<ExprClosure>),
    Constant(Box<Expr>),
}

impl UtilityValue {
    pub(super) fn of(cx: &Ctxt, expr: Expr, usage: &str) -> Option<UtilityValue> {
        match expr {
            Expr::Closure(closure) => match closure_arity(&closure, &[1], usage) {
                Ok(()) => Some(UtilityValue::Closure(Box::new(closure))),
                Err(error) => {
                    cx.syn_error(error);
                    None
                }
            },
            constant => Some(UtilityValue::Constant(Box::new(constant))),
        }
    }
}

/// Reads `#[weight(..)]` or `#[score(..)]` into `slot`.
fn utility_attribute(cx: &Ctxt, attr: &Attribute, slot: &mut Option<Utility>) {
    let Some(name) = attr.path().get_ident().cloned() else {
        return;
    };
    let usage = format!("`#[{name}(|bb| bb.entry)]` or a constant, `#[{name}(2.0)]`");
    let expr = match &attr.meta {
        syn::Meta::List(_) => attr.parse_args::<Expr>(),
        _ => Err(syn::Error::new_spanned(attr, "")),
    };
    // After an error the slot is filled all the same, so that the parent's check does not
    // report the child as lacking one.
    let placeholder = || Utility {
        attr: name.clone(),
        value: UtilityValue::Constant(Box::new(syn::parse_quote!(0.0))),
    };
    let Ok(expr) = expr else {
        cx.error_spanned_by(
            attr,
            format!("expected a closure over the blackboard or a constant: {usage}"),
        );
        slot.get_or_insert_with(placeholder);
        return;
    };
    if let Some(earlier) = slot {
        let message = if earlier.attr == name {
            format!("this node already has a `#[{name}]`")
        } else {
            format!(
                "this node already has a `#[{}]`; a child has a weight (under a `ProbabilitySelector`) or a score (under a `PrioritySelector`), not both",
                earlier.attr
            )
        };
        cx.error_spanned_by(attr, message);
        return;
    }
    *slot = Some(match UtilityValue::of(cx, expr, &usage) {
        Some(value) => Utility { attr: name, value },
        None => placeholder(),
    });
}
