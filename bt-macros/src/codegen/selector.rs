//! The selectors (NodeCanvas's composites, and Unreal Engine's observer selector), and the random
//! generator of trees with random nodes. Each is its bt-core rule (`bt_core::control`,
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
use crate::kinds::{Abort, Word};
use crate::model::{Decorator, Kind, Node, Selector, UtilityValue};
use crate::{plan, text};

pub(super) fn generate(g: &Gen, node: &Node, selector: &Selector) -> NodeCode {
    let mut code = NodeCode::default();
    let rules = rules();
    let len = node.children.len();
    let index = small_index(len as u64);
    let bytes = quote!({ #rules::bitset_bytes(#len) });
    let ty = match selector {
        Selector::RandomSequence => quote!(#rules::RandomSequence<#len, #index>),
        Selector::RandomSelector => quote!(#rules::RandomSelector<#len, #index>),
        Selector::ProbabilitySelector { .. } => {
            quote!(#rules::ProbabilitySelector<#bytes, #index>)
        }
        Selector::PrioritySelector { dynamic: false } => {
            quote!(#rules::PrioritySelector<#len, #index>)
        }
        Selector::PrioritySelector { dynamic: true } => {
            quote!(#rules::DynamicPrioritySelector<#index>)
        }
        Selector::FlipSelector => quote!(#rules::FlipSelector<#len, #index>),
        Selector::StepSequencer => quote!(#rules::StepSequencer<#index>),
        Selector::DynamicSequence => quote!(#rules::DynamicSequence<#bytes, #index>),
        Selector::DynamicSelector => quote!(#rules::DynamicSelector<#bytes, #index>),
        Selector::ObserverSelector => quote!(#rules::ObserverSelector<#bytes, #index>),
    };
    let state = state(g, node, ty, &mut code);
    if let Selector::ObserverSelector = selector {
        code.methods
            .extend(observer_selector_straight(g, node, &state));
        return code;
    }
    if let Selector::PrioritySelector { dynamic: false } = selector {
        code.methods.extend(priority_straight(g, node, &state));
        return code;
    }
    if let Selector::ProbabilitySelector { fail } = selector {
        let rng = rng(g, node, &mut code);
        code.methods
            .extend(probability_straight(g, node, &state, fail.as_ref(), rng));
        return code;
    }
    let rule = match selector {
        Selector::RandomSequence | Selector::RandomSelector => {
            let rng = rng(g, node, &mut code);
            StepRule::with_params(&state, Some(rng), quote!())
        }
        Selector::PrioritySelector { dynamic: true } => {
            let scores = utilities(g, node);
            StepRule::with_params(&state, Some(quote!(&[#(#scores),*])), quote!())
        }
        Selector::FlipSelector => StepRule::with_params(&state, None, quote!()),
        Selector::StepSequencer => StepRule::with_params(&state, None, quote!(#len)),
        Selector::DynamicSequence | Selector::DynamicSelector => {
            // Which children are conditions, re-checked every tick (decision 9).
            let flags = (node.children.iter())
                .map(|&child| plan::facts(&g.tree.nodes[child].kind).rechecked);
            StepRule::with_params(&state, None, quote!(&[#(#flags),*]))
        }
        Selector::ObserverSelector
        | Selector::ProbabilitySelector { .. }
        | Selector::PrioritySelector { dynamic: false } => {
            unreachable!("laid out in straight-line form above")
        }
    };
    let (body, halt_body) = rule_bodies(g, node, rule);
    code.methods.extend(node_methods(g, node, body, halt_body));
    code
}

/// `ProbabilitySelector` in straight-line form (`bt_core::control::ProbabilitySelector::first`,
/// `on_child`, `take_running`): the weights (and the fail weight) read once per tick, before any
/// child runs (a halt reads none); a loop ticks the child the rule names until it
/// answers, each child's tick in place. A child is running exactly when the node runs it
/// (`Plan::flag_from_parent`): the child the tick starts at, when the node was running, is
/// resumed; a child that fails or skips leaves the draw, so no child is ticked twice.
fn probability_straight(
    g: &Gen,
    node: &Node,
    state: &State,
    fail: Option<&UtilityValue>,
    rng: TokenStream,
) -> TokenStream {
    let (s, declare, len) = (&state.access, &state.declare_local, node.children.len());
    let weights = utilities(g, node);
    let fail = match fail {
        Some(fail) => utility(fail),
        None => quote!(0.0),
    };
    let (was_running, first) = super::parent_locals();
    let arms = |resumed: bool| {
        let (was_running, first) = (&was_running, &first);
        let arms = node.children.iter().enumerate().map(move |(index, &id)| {
            let tick = super::tick_child(g, id);
            // Each child's running flag (`Plan::flag_from_parent`): resumed when it is the
            // running child at the start of the tick, not otherwise.
            let flag = match resumed {
                true => quote!(let #was_running: ::core::primitive::bool = true;
                               let #first: ::core::primitive::usize = #index;),
                false => quote!(let #was_running: ::core::primitive::bool = false;
                                let #first: ::core::primitive::usize = #index;),
            };
            let tick = quote!({ #flag #tick });
            if index == len - 1 {
                quote!(_ => #tick,)
            } else {
                quote!(#index => #tick,)
            }
        });
        quote!(#(#arms)*)
    };
    let (resume_arms, walk_arms) = (arms(true), arms(false));
    let halts = (node.children.iter().enumerate())
        .filter(|(_, &id)| g.plan.may_run[id])
        .map(|(index, &id)| {
            let halt = super::halt_child(g, id);
            quote!(#index => { #halt })
        });
    // The running child is resumed before the loop, so that the usual tick (the running child
    // answers `Running` again) does not enter the loop, which re-picks after a failure.
    let body = quote!({
        #declare
        let __bt_weights: [::core::primitive::f32; #len] = [#(#weights),*];
        let __bt_fail: ::core::primitive::f32 = #fail;
        let mut __bt_next: ::core::result::Result<::core::primitive::usize, __bt::Status> =
            match #s.running() {
                ::core::option::Option::Some(__bt_child) => {
                    let __bt_child_status = match __bt_child { #resume_arms };
                    #s.on_child(__bt_child, __bt_child_status, &__bt_weights, __bt_fail)
                }
                ::core::option::Option::None => #s.first(&__bt_weights, __bt_fail, #rng),
            };
        loop {
            let __bt_child = match __bt_next {
                ::core::result::Result::Ok(__bt_child) => __bt_child,
                ::core::result::Result::Err(__bt_status) => break __bt_status,
            };
            let __bt_child_status = match __bt_child { #walk_arms };
            __bt_next = #s.on_child(__bt_child, __bt_child_status, &__bt_weights, __bt_fail);
        }
    });
    let halt_body = quote! {
        if let ::core::option::Option::Some(__bt_running) = #s.take_running() {
            match __bt_running {
                #(#halts)*
                _ => {}
            }
        }
    };
    node_methods(g, node, body, halt_body)
}

/// `PrioritySelector` (without `dynamic`) in straight-line form
/// (`bt_core::control::PrioritySelector:: running`, `begin`, `on_child`, `take_running`): the
/// weights are evaluated only when an activation begins, never while the node resumes its running
/// child; then a loop ticks the child the rule names, each child's tick in place, until the rule
/// answers.
fn priority_straight(g: &Gen, node: &Node, state: &State) -> TokenStream {
    let (s, declare, len) = (&state.access, &state.declare_local, node.children.len());
    let weights = utilities(g, node);
    let arms = node.children.iter().enumerate().map(|(index, &id)| {
        let tick = super::tick_child(g, id);
        if index == len - 1 {
            quote!(_ => #tick,)
        } else {
            quote!(#index => #tick,)
        }
    });
    let halts = (node.children.iter().enumerate())
        .filter(|(_, &id)| g.plan.may_run[id])
        .map(|(index, &id)| {
            let halt = super::halt_child(g, id);
            quote!(#index => { #halt })
        });
    let body = quote!({
        #declare
        let mut __bt_child: ::core::primitive::usize = match #s.running() {
            ::core::option::Option::Some(__bt_running) => __bt_running,
            ::core::option::Option::None => {
                let __bt_weights: [::core::primitive::f32; #len] = [#(#weights),*];
                #s.begin(&__bt_weights)
            }
        };
        loop {
            let __bt_child_status = match __bt_child { #(#arms)* };
            match #s.on_child(__bt_child, __bt_child_status) {
                ::core::result::Result::Ok(__bt_next) => __bt_child = __bt_next,
                ::core::result::Result::Err(__bt_status) => break __bt_status,
            }
        }
    });
    let halt_body = quote! {
        if let ::core::option::Option::Some(__bt_running) = #s.take_running() {
            match __bt_running {
                #(#halts)*
                _ => {}
            }
        }
    };
    node_methods(g, node, body, halt_body)
}

/// The `#[weight(..)]` or `#[score(..)]` of each child of `node`, as `f32` expressions.
fn utilities<'a>(g: &'a Gen, node: &'a Node) -> impl Iterator<Item = TokenStream> + 'a {
    (node.children.iter()).filter_map(|&child| {
        let value = &g.tree.nodes[child].conditions.utility.as_ref()?.value;
        Some(utility(value))
    })
}

/// The observer selector in straight-line form (`bt_core::abort::ObserverSelector::begin`,
/// `watch_lower`, `watch_self`, `enter_guard`, `on_child`, `end`, `take_running`): the abort
/// modes are known here, so the code watches exactly the guards each running child needs, and
/// walks the children one step each, every `Observe` condition evaluated in place.
fn observer_selector_straight(g: &Gen, node: &Node, state: &State) -> TokenStream {
    let s = &state.access;
    let declare = &state.declare_local;
    let len = node.children.len();
    let modes: Vec<Option<(&syn::ExprClosure, Abort)>> = (node.children.iter())
        .map(|&child| observe(g, child).map(|(condition, abort, _)| (condition, abort.value)))
        .collect();
    let tick_at = |position: TokenStream| {
        let arms = node.children.iter().enumerate().map(|(index, &id)| {
            let tick = super::tick_child(g, id);
            if index == len - 1 {
                quote!(_ => #tick,)
            } else {
                quote!(#index => #tick,)
            }
        });
        quote!(match #position { #(#arms)* })
    };
    let halt_at = |position: TokenStream| {
        let arms = (node.children.iter().enumerate())
            .filter(|(_, &id)| g.plan.may_run[id])
            .map(|(index, &id)| {
                let halt = super::halt_child(g, id);
                quote!(#index => { #halt })
            });
        quote!(match #position { #(#arms)* _ => {} })
    };
    let halt_running = halt_at(quote!(__bt_running));
    // While `__bt_running` runs: the `lower` guards before it, in order.
    let lower = modes.iter().enumerate().filter_map(|(index, mode)| {
        let (condition, abort) = (*mode)?;
        if !abort.watches_lower() || index + 1 == len {
            return None;
        }
        let value = super::test(condition);
        Some(quote! {
            if __bt_running > #index && #s.watch_lower(#index, __bt_running, #value) {
                #halt_running
                __bt_at = #index;
                __bt_passed = true;
                break ::core::option::Option::None;
            }
        })
    });
    // Then its own `self` guard.
    let own = modes.iter().enumerate().filter_map(|(index, mode)| {
        let (condition, abort) = (*mode)?;
        if !abort.watches_self() {
            return None;
        }
        let value = super::test(condition);
        Some(quote! {
            if __bt_running == #index && !#s.watch_self(#index, #value) {
                #halt_running
                __bt_at = #index + 1;
                break ::core::option::Option::None;
            }
        })
    });
    let tick_running = tick_at(quote!(__bt_running));
    // The walk from `__bt_at`, one step per child.
    let steps = node.children.iter().enumerate().map(|(index, &id)| {
        let tick = super::tick_child(g, id);
        let step = quote! {
            let __bt_child_status = #tick;
            if let ::core::option::Option::Some(__bt_status) = #s.on_child(#index, __bt_child_status) {
                break __bt_status;
            }
        };
        let step = match modes[index] {
            Some((condition, _)) => {
                let value = super::test(condition);
                quote! {
                    if (__bt_passed && __bt_at == #index) || #s.enter_guard(#index, #value) {
                        #step
                    }
                }
            }
            None => step,
        };
        match index {
            0 => quote!(if __bt_at == 0 { #step }),
            _ => quote!(if __bt_at <= #index { #step }),
        }
    });
    // The children's running flags (`Plan::flag_from_parent`): only the running child, resumed
    // first, is running; the walk ticks children afresh.
    let (was_running, first) = super::parent_locals();
    let passes_flags = (node.children.iter()).any(|&id| g.plan.flag_from_parent[id]);
    let (walk_flags, resume_flags) = match passes_flags {
        true => (
            quote! {
                let #was_running: ::core::primitive::bool = false;
                let #first: ::core::primitive::usize = 0;
            },
            quote! {
                let #was_running: ::core::primitive::bool = true;
                let #first: ::core::primitive::usize = __bt_running;
            },
        ),
        false => (TokenStream::new(), TokenStream::new()),
    };
    let body = quote!({
        #declare
        let mut __bt_at: ::core::primitive::usize = 0;
        let mut __bt_passed: ::core::primitive::bool = false;
        #walk_flags
        // The running child: its observers, then the child (each `loop` only for `break`).
        let __bt_resumed: ::core::option::Option<__bt::Status> = loop {
            let ::core::option::Option::Some(__bt_running) = #s.begin() else {
                break ::core::option::Option::None;
            };
            #resume_flags
            #(#lower)*
            #(#own)*
            let __bt_child_status = #tick_running;
            __bt_at = __bt_running + 1;
            break #s.on_child(__bt_running, __bt_child_status);
        };
        match __bt_resumed {
            ::core::option::Option::Some(__bt_status) => __bt_status,
            ::core::option::Option::None => loop {
                #(#steps)*
                break #s.end();
            },
        }
    });
    let halt_body = quote! {
        if let ::core::option::Option::Some(__bt_running) = #s.take_running() {
            #halt_running
        }
    };
    node_methods(g, node, body, halt_body)
}

/// The `Observe` node `id`: its condition, its abort mode and whether its parent owns it.
fn observe<'a>(g: &'a Gen, id: usize) -> Option<(&'a syn::ExprClosure, &'a Word<Abort>, bool)> {
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
    quote_spanned!(condition.span()=> __bt::guard(#bb, #condition))
}

/// `abort = none | self | lower | both` as bt-core's `AbortMode`.
pub(super) fn abort_mode(abort: Abort) -> TokenStream {
    let rules = rules();
    let mode = match abort {
        Abort::SelfBranch => quote!(SelfBranch),
        Abort::LowerPriority => quote!(LowerPriority),
        Abort::Both => quote!(Both),
        Abort::None => quote!(None),
    };
    quote!(#rules::AbortMode::#mode)
}

/// A weight or a score as an `f32`: a closure over the blackboard, or a constant (a whole number
/// literal is taken as a float).
fn utility(value: &UtilityValue) -> TokenStream {
    match value {
        UtilityValue::Closure(closure) => {
            let bb = bb();
            quote_spanned!(closure.span()=> __bt::utility(#bb, #closure))
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
        // The bound is first stated as a path into `Rng`, which rustc reports without a note
        // into the private module; the same error of `context_rng`'s bound is then left out.
        return quote_spanned!(context.span()=> &mut {
            let _ = <#context as __bt::Rng>::next_u32;
            __bt::context_rng::<#context>(#ctx)
        });
    }
    let field = super::Field::top(Ident::new("__bt_rng", Span::call_site()));
    let first = (g.tree.nodes.iter())
        .find(|node| node.spec.is_some_and(|spec| spec.random))
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

/// A child's `#[weight(..)]` or `#[score(..)]`, as a parameter of the child: a closure as
/// BehaviorTree.CPP's script when it is one (`hunger * 2`, which the XML import reads back under
/// a `PrioritySelector`), else its body's Rust source; a constant as written.
pub(super) fn utility_param(node: &Node) -> Option<(String, String)> {
    let utility = node.conditions.utility.as_ref()?;
    let value = match &utility.value {
        UtilityValue::Closure(closure) => text::closure_script(closure)
            .unwrap_or_else(|| text::source(closure.body.to_token_stream())),
        UtilityValue::Constant(expr) => text::source(expr.to_token_stream()),
    };
    Some((utility.attr.to_string(), value))
}
