//! The selectors (NodeCanvas's composites, and Unreal Engine's observer selector), and the random
//! generator of trees with random nodes. Each is its bt-core rule (`bt_core::control::nodecanvas`,
//! `bt_core::abort`) with its constant parameters and its per-tick inputs, driven by the loop of
//! `step.rs`, whose pseudo children answer the conditions of `Observe`.
//!
//! Randomness: a tree with a random node (RandomSequence, RandomSelector, ProbabilitySelector)
//! holds one `bt::SmallRng`, a field added by its first random node along with `seeded` and
//! `reseed`; a tree declared `rng = context` passes its context instead, which rustc then checks
//! for `bt::Rng`. Trees without random nodes have neither.

use proc_macro2::{Ident, Span, TokenStream};
use quote::{quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;

use super::step::{rule_bodies, StepRule};
use super::{bb, ctx, node_methods, rules, small_index, state, Gen, NodeCode, State};
use crate::model::{Decorator, Kind, Leaf, Node, Selector, UtilityValue};
use crate::text;

pub(super) fn generate(g: &Gen, node: &Node, selector: &Selector) -> NodeCode {
    let mut code = NodeCode::default();
    let rules = rules();
    let len = node.children.len();
    let index = small_index(len as u64);
    let words = quote!({ #rules::bitset_words(#len) });
    let ty = match selector {
        Selector::RandomSequence => quote!(#rules::RandomSequence<#len, #index>),
        Selector::RandomSelector => quote!(#rules::RandomSelector<#len, #index>),
        Selector::ProbabilitySelector { .. } => {
            quote!(#rules::ProbabilitySelector<#words, #index>)
        }
        Selector::PrioritySelector => quote!(#rules::PrioritySelector<#index>),
        Selector::FlipSelector => quote!(#rules::FlipSelector<#len, #index>),
        Selector::StepSequencer => quote!(#rules::StepSequencer<#index>),
        Selector::DynamicSequence => quote!(#rules::DynamicSequence<#words, #index>),
        Selector::DynamicSelector => quote!(#rules::DynamicSelector<#words, #index>),
        Selector::ObserverSelector => quote!(#rules::ObserverSelector<#words, #index>),
    };
    let state = state(g, node, ty, &mut code);
    let rule = match selector {
        Selector::RandomSequence | Selector::RandomSelector => {
            let rng = rng(g, node, &mut code);
            StepRule::with_params(&state, Some(rng), quote!())
        }
        Selector::ProbabilitySelector { fail } => {
            let rng = rng(g, node, &mut code);
            probability(g, node, &state, fail.as_ref(), rng)
        }
        Selector::PrioritySelector => {
            let scores = (node.children.iter()).filter_map(|&child| {
                let utility = g.tree.nodes[child].conditions.utility.as_ref()?;
                Some(utility_of(&utility.value))
            });
            StepRule::with_params(&state, Some(quote!(&[#(#scores),*])), quote!())
        }
        Selector::FlipSelector => StepRule::with_params(&state, None, quote!()),
        Selector::StepSequencer => StepRule::with_params(&state, None, quote!(#len)),
        Selector::DynamicSequence | Selector::DynamicSelector => {
            // Which children are conditions, re-checked every tick (decision 9).
            let flags = node.children.iter().map(|&child| {
                matches!(
                    g.tree.nodes[child].kind,
                    Kind::Leaf(Leaf::Condition(_) | Leaf::ScriptCondition(_))
                )
            });
            StepRule::with_params(&state, None, quote!(&[#(#flags),*]))
        }
        Selector::ObserverSelector => observer_selector(g, node, &state),
    };
    let (body, halt_body) = rule_bodies(g, node, rule);
    code.methods.extend(node_methods(g, node, body, halt_body));
    code
}

/// `ProbabilitySelector`: the weights (and the fail weight) read once per tick, before any child
/// runs; a halt reads none.
fn probability(
    g: &Gen,
    node: &Node,
    state: &State,
    fail: Option<&UtilityValue>,
    rng: TokenStream,
) -> StepRule {
    let (s, len) = (&state.access, node.children.len());
    let weights = (node.children.iter()).filter_map(|&child| {
        let utility = g.tree.nodes[child].conditions.utility.as_ref()?;
        Some(utility_of(&utility.value))
    });
    let fail = match fail {
        Some(fail) => utility(fail),
        None => quote!(0.0),
    };
    let mut rule = StepRule::with_params(state, None, quote!());
    rule.locals = quote! {
        let __bt_weights: [::core::primitive::f32; #len] = [#(#weights),*];
        let __bt_fail: ::core::primitive::f32 = #fail;
    };
    rule.start = quote!(#s.start(&__bt_weights, __bt_fail, #rng));
    rule.next = quote!(#s.next(__bt_event, &__bt_weights, __bt_fail));
    // A halt only halts the running child: no weight is read.
    rule.halt_next = quote!(#s.next(__bt_event, &[], 0.0));
    rule
}

/// The observer selector: its children's abort modes (a constant table) and their `Observe`
/// conditions as pseudo children (the guard of child `i` is the pseudo child `len + i`).
fn observer_selector(g: &Gen, node: &Node, state: &State) -> StepRule {
    let (rules, len) = (rules(), node.children.len());
    let guards = node.children.iter().map(|&child| match observe(g, child) {
        Some((_, abort, _)) => {
            let mode = abort_mode(abort);
            quote!(::core::option::Option::Some(#mode))
        }
        None => quote!(::core::option::Option::None),
    });
    let declare = quote! {
        const __BT_GUARDS: [::core::option::Option<#rules::AbortMode>; #len] =
            [#(#guards),*];
    };
    let mut rule = StepRule::with_params(state, None, quote!(&__BT_GUARDS));
    rule.locals = declare.clone();
    rule.halt_locals = declare;
    rule.pseudo = (node.children.iter().enumerate())
        .filter_map(|(position, &child)| {
            let (condition, _, _) = observe(g, child)?;
            Some((len + position, guard(condition)))
        })
        .collect();
    rule
}

fn utility_of(value: &UtilityValue) -> TokenStream {
    utility(value)
}

/// The `Observe` node `id`: its condition, its abort mode and whether its parent owns it.
fn observe<'a>(g: &'a Gen, id: usize) -> Option<(&'a syn::ExprClosure, &'a Ident, bool)> {
    match &g.tree.nodes[id].kind {
        Kind::Decorator(Decorator::Observe {
            condition,
            abort,
            guarded,
        }) => Some((condition, abort, *guarded)),
        _ => None,
    }
}

/// A condition answered as a pseudo child.
pub(super) fn guard(condition: &syn::ExprClosure) -> TokenStream {
    let bb = bb();
    quote_spanned!(condition.span()=> ::bt::__private::guard(#bb, #condition))
}

/// `abort = none | self | lower | both` as bt-core's `AbortMode`.
pub(super) fn abort_mode(abort: &Ident) -> TokenStream {
    let rules = rules();
    let mode = match abort.to_string().as_str() {
        "self" => quote!(SelfBranch),
        "lower" => quote!(LowerPriority),
        "both" => quote!(Both),
        _ => quote!(None),
    };
    quote!(#rules::AbortMode::#mode)
}

/// A weight or a score as an `f32`: a closure over the blackboard, or a constant (a whole number
/// literal is taken as a float).
fn utility(value: &UtilityValue) -> TokenStream {
    match value {
        UtilityValue::Closure(closure) => {
            let bb = bb();
            quote_spanned!(closure.span()=> ::bt::__private::utility(#bb, #closure))
        }
        UtilityValue::Constant(expr) => {
            if let syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Int(int),
                ..
            }) = &**expr
            {
                if int.suffix().is_empty() {
                    let float =
                        syn::LitFloat::new(&format!("{}.0", int.base10_digits()), int.span());
                    return quote!(#float);
                }
            }
            quote_spanned!(expr.span()=> ::core::convert::identity::<::core::primitive::f32>(#expr))
        }
    }
}

/// The generator the random node `node` draws from: the context (`rng = context`), or the
/// tree's own, whose field (and `seeded`, `reseed`) the tree's first random node adds.
fn rng(g: &Gen, node: &Node, code: &mut NodeCode) -> TokenStream {
    if g.tree.header.rng_context.is_some() {
        // Spanned at the context type, where rustc reports a context that is not a generator.
        let (context, ctx) = (&g.tree.header.context, ctx());
        let call = quote_spanned!(context.span()=> ::bt::__private::context_rng::<#context>);
        return quote!(&mut #call(#ctx));
    }
    let field = Ident::new("__bt_rng", Span::call_site());
    let first = (g.tree.nodes.iter())
        .find(|node| is_random(node))
        .map(|node| node.id);
    if first == Some(node.id) {
        let rules = rules();
        code.fields.push((
            field.clone(),
            quote!(#rules::SmallRng),
            quote!(#rules::SmallRng::seed(#rules::SmallRng::DEFAULT_SEED)),
        ));
        code.methods.extend(quote! {
            /// A tree at rest whose random nodes draw from a generator seeded with `seed` (`new()`
            /// seeds it with `bt::SmallRng::DEFAULT_SEED`): the same seed and the same ticks give
            /// the same choices.
            pub fn seeded(seed: ::core::primitive::u64) -> Self {
                let mut tree = Self::new();
                tree.#field = #rules::SmallRng::seed(seed);
                tree
            }

            /// Seeds the generator the random nodes draw from again; nothing else changes.
            pub fn reseed(&mut self, seed: ::core::primitive::u64) {
                self.#field = #rules::SmallRng::seed(seed);
            }
        });
    }
    quote!(&mut self.#field)
}

/// The nodes that draw random numbers.
pub(super) fn is_random(node: &Node) -> bool {
    matches!(
        node.kind,
        Kind::Selector(
            Selector::RandomSequence
                | Selector::RandomSelector
                | Selector::ProbabilitySelector { .. }
        )
    )
}

/// A child's `#[weight(..)]` or `#[score(..)]`, as a parameter of the child.
pub(super) fn utility_param(node: &Node) -> Option<(String, String)> {
    let utility = node.conditions.utility.as_ref()?;
    let value = match &utility.value {
        UtilityValue::Closure(closure) => text::source(closure.body.to_token_stream()),
        UtilityValue::Constant(expr) => text::source(expr.to_token_stream()),
    };
    Some((utility.attr.to_string(), value))
}
