//! The composites of the `Step` protocol (`bt_core::step`): Parallel, ParallelAll, IfThenElse,
//! WhileDoElse, Switch, TryCatch. Each is its bt-core rule, its constant parameters and its
//! per-tick inputs, wired into the shared loop of `step.rs`.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use super::{node_methods, small_index, state, step, Gen, NodeCode};
use crate::model::{Control, Node};

pub(super) fn generate(g: &Gen, node: &Node, control: &Control) -> NodeCode {
    let mut code = NodeCode::default();
    let len = node.children.len();
    let index = small_index(len as u64);
    // The rule's type, its constant parameters (passed to every call) and the inputs of `start`.
    let (ty, params, inputs) = match control {
        Control::Parallel { success, failure } => {
            let (success, failure) = (*success as i32, *failure as i32);
            (
                quote!(::bt::__private::Parallel<#index, { ::bt::__private::bitset_words(#len) }>),
                quote!({
                    const __BT_CONFIG: ::bt::__private::ParallelConfig =
                        ::bt::__private::ParallelConfig::new(#len, #success, #failure);
                    __BT_CONFIG
                }),
                None,
            )
        }
        Control::ParallelAll { max_failures } => {
            let max_failures = *max_failures as i32;
            (
                quote!(::bt::__private::ParallelAll<#index, { ::bt::__private::bitset_words(#len) }>),
                quote!({
                    const __BT_CONFIG: ::bt::__private::ParallelAllConfig =
                        ::bt::__private::ParallelAllConfig::new(#len, #max_failures);
                    __BT_CONFIG
                }),
                None,
            )
        }
        Control::IfThenElse => (quote!(::bt::__private::IfThenElse), quote!(#len), None),
        Control::WhileDoElse => (quote!(::bt::__private::WhileDoElse), quote!(#len), None),
        Control::TryCatch { catch_on_halt } => (
            quote!(::bt::__private::TryCatch<#index>),
            quote!(#len, #catch_on_halt),
            None,
        ),
        Control::Switch { entry, cases } => {
            // The first case equal to the entry's value, else the default (the last child);
            // each comparison spanned at its case, so that rustc reports a type mismatch there.
            let default = cases.len();
            // The local comes from the macro's own tokens: from a `macro_rules!` fragment the
            // case's span has another hygiene context, where it would not resolve.
            let value = quote!(__bt_value);
            let arms = cases.iter().enumerate().map(|(position, case)| {
                let test = case_test(case, &value);
                quote_spanned!(case.span()=> if #test { #position } else)
            });
            let tracked = (g.tree.blackboard.as_ref()).is_some_and(|bb| bb.is_tracked(entry));
            let value = if tracked {
                quote!(&*self.__bt_bb.#entry)
            } else {
                quote!(&self.__bt_bb.#entry)
            };
            let selected = quote!({
                let __bt_value = #value;
                #(#arms)* { #default }
            });
            (
                quote!(::bt::__private::Switch<#index>),
                TokenStream::new(),
                Some(selected),
            )
        }
        Control::NodeCanvas(control) => return super::nodecanvas::control(g, node, control),
    };
    let state = state(g, node, ty, &mut code);
    let access = &state.access;
    let comma = if params.is_empty() {
        quote!()
    } else {
        quote!(,)
    };
    let start = match inputs {
        Some(inputs) => quote!(#access.start(#inputs #comma #params)),
        None => quote!(#access.start(#params)),
    };
    let next = quote!(#access.next(__bt_event #comma #params));
    let halt = quote!(#access.halt(#params));
    let (body, halt_body) = step::bodies(
        g,
        node,
        &state.declare_local,
        TokenStream::new(),
        [start, next, halt],
    );
    code.methods = node_methods(g, node, body, halt_body);
    code
}

/// The test of one `Switch` case against `*value`. A case is a pattern of values: `a | b` is
/// either (never the bitwise or: write `(A | B)` for that value), a range `lo..=hi`, `lo..hi`,
/// `lo..` or `..=hi` holds the values it contains, and anything else is a value compared with
/// `==`. Each test is spanned at its alternative, so that rustc reports a type mismatch there.
fn case_test(case: &syn::Expr, value: &TokenStream) -> TokenStream {
    let tests = alternatives(case).into_iter().map(|alternative| match alternative {
        Alternative::Value(expr) => quote_spanned!(expr.span()=> *#value == #expr),
        Alternative::Range(start, limits, end) => {
            let span = start.map_or_else(|| limits.span(), Spanned::span);
            quote_spanned!(span=> ::core::ops::RangeBounds::contains(&(#start #limits #end), #value))
        }
    });
    quote!((#(#tests)||*))
}

/// A range's bound: a value, or none; a range is no bound.
fn bound(alternative: Option<Alternative<'_>>) -> Result<Option<&syn::Expr>, ()> {
    match alternative {
        Some(Alternative::Value(expr)) => Ok(Some(expr)),
        None => Ok(None),
        Some(Alternative::Range(..)) => Err(()),
    }
}

/// One alternative of a case.
enum Alternative<'a> {
    Value(&'a syn::Expr),
    Range(
        Option<&'a syn::Expr>,
        &'a syn::RangeLimits,
        Option<&'a syn::Expr>,
    ),
}

/// A case's alternatives, as a pattern reads them. An expression binds `|` tighter than `..`, so
/// `10..=12 | 20` parses as `10..=(12 | 20)`: the `|`s inside a range's bounds are taken out, and
/// the bound is the alternative next to the range (`10..=12`, then `20`).
fn alternatives(case: &syn::Expr) -> Vec<Alternative<'_>> {
    match case {
        syn::Expr::Binary(binary) if matches!(binary.op, syn::BinOp::BitOr(_)) => {
            let mut all = alternatives(&binary.left);
            all.extend(alternatives(&binary.right));
            all
        }
        syn::Expr::Range(range) => {
            let mut before = range.start.as_deref().map(alternatives).unwrap_or_default();
            let mut after = range.end.as_deref().map(alternatives).unwrap_or_default();
            let start = bound(before.pop());
            let end = bound((!after.is_empty()).then(|| after.remove(0)));
            match (start, end) {
                (Ok(start), Ok(end)) => {
                    before.push(Alternative::Range(start, &range.limits, end));
                    before.extend(after);
                    before
                }
                // A range of ranges: left to rustc, which reports it at the case.
                _ => vec![Alternative::Value(case)],
            }
        }
        _ => vec![Alternative::Value(case)],
    }
}
