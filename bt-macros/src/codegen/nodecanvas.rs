//! NodeCanvas's composites and decorators, Unreal Engine's observer aborts, and the random
//! generator of trees with random nodes. Each node is its bt-core rule
//! (`bt_core::control::nodecanvas`, `bt_core::decorator::nodecanvas`, `bt_core::abort`) with its
//! constant parameters and its per-tick inputs; the rules of the `Step` protocol go through the
//! loop of `step.rs`, whose pseudo children answer the conditions of `Observe`.
//!
//! Randomness: a tree with a random node (RandomSequence, RandomSelector, ProbabilitySelector)
//! holds one `bt::SmallRng`, a field added by its first random node along with `seeded` and
//! `reseed`; a tree declared `rng = context` passes its context instead, which rustc then checks
//! for `bt::Rng`. Trees without random nodes have neither.

use proc_macro2::{Ident, Span, TokenStream};
use quote::{quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;

use super::leaf::field_closure;
use super::step::{rule_bodies, StepRule};
use super::{
    ctx, halt_child, node_methods, now, running_flag, small_index, state, tick_child, Gen, NodeCode,
};
use crate::model::{Decorator, Kind, Leaf, NcControl, NcDecorator, Node, UtilityValue};
use crate::text;

/// The bt-core paths.
fn rules() -> TokenStream {
    quote!(::bt::__private)
}

fn nc() -> TokenStream {
    quote!(::bt::__private::nodecanvas)
}

/// `&self.__bt_bb`, from the macro's own tokens (see `leaf.rs` on `self` and hygiene).
fn bb() -> TokenStream {
    quote!(&self.__bt_bb)
}

/// A condition over the blackboard, evaluated now; spanned at the closure.
fn test(closure: &syn::ExprClosure) -> TokenStream {
    let bb = bb();
    quote_spanned!(closure.span()=> ::bt::__private::test(#bb, #closure))
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
        Kind::Control(crate::model::Control::NodeCanvas(
            NcControl::RandomSequence
                | NcControl::RandomSelector
                | NcControl::ProbabilitySelector { .. }
        ))
    )
}

/// A `Status` variant named by a word parameter.
fn status(word: &Ident) -> TokenStream {
    let rules = rules();
    quote!(#rules::Status::#word)
}

/// An `Outcome` variant named by a word parameter.
fn outcome(word: &Ident) -> TokenStream {
    let rules = rules();
    quote!(#rules::Outcome::#word)
}

pub(super) fn control(g: &Gen, node: &Node, control: &NcControl) -> NodeCode {
    let mut code = NodeCode::default();
    let rules = rules();
    let len = node.children.len();
    let index = small_index(len as u64);
    let words = quote!({ #rules::bitset_words(#len) });
    let ty = match control {
        NcControl::RandomSequence => quote!(#rules::RandomSequence<#len, #index>),
        NcControl::RandomSelector => quote!(#rules::RandomSelector<#len, #index>),
        NcControl::ProbabilitySelector { .. } => {
            quote!(#rules::ProbabilitySelector<#words, #index>)
        }
        NcControl::PrioritySelector => quote!(#rules::PrioritySelector<#index>),
        NcControl::FlipSelector => quote!(#rules::FlipSelector<#len, #index>),
        NcControl::StepSequencer => quote!(#rules::StepSequencer<#index>),
        NcControl::BinarySelector { .. } => quote!(#rules::BinarySelector),
        NcControl::IndexSwitch { .. } => quote!(#rules::IndexSwitch<#index>),
        NcControl::PolicyParallel { .. } => quote!(#rules::PolicyParallel<#words>),
        NcControl::DynamicSequence => quote!(#rules::DynamicSequence<#words, #index>),
        NcControl::DynamicSelector => quote!(#rules::DynamicSelector<#words, #index>),
        NcControl::ObserverSelector => quote!(#rules::ObserverSelector<#words, #index>),
    };
    let state = state(g, node, ty, &mut code);
    let s = &state.access;
    let mut rule = StepRule {
        declare: state.declare_local.clone(),
        locals: TokenStream::new(),
        halt_locals: TokenStream::new(),
        start: TokenStream::new(),
        next: quote!(#s.next(__bt_event)),
        halt: quote!(#s.halt()),
        halt_next: TokenStream::new(),
        pseudo: Vec::new(),
    };
    match control {
        NcControl::RandomSequence | NcControl::RandomSelector => {
            let rng = rng(g, node, &mut code);
            rule.start = quote!(#s.start(#rng));
        }
        NcControl::ProbabilitySelector { fail } => {
            let rng = rng(g, node, &mut code);
            let weights = (node.children.iter()).filter_map(|&child| {
                let utility = g.tree.nodes[child].conditions.utility.as_ref()?;
                Some(utility_of(&utility.value))
            });
            let fail = match fail {
                Some(fail) => utility(fail),
                None => quote!(0.0),
            };
            rule.locals = quote! {
                let __bt_weights: [::core::primitive::f32; #len] = [#(#weights),*];
                let __bt_fail: ::core::primitive::f32 = #fail;
            };
            rule.start = quote!(#s.start(&__bt_weights, __bt_fail, #rng));
            rule.next = quote!(#s.next(__bt_event, &__bt_weights, __bt_fail));
            // A halt only halts the running child: no weight is read.
            rule.halt_next = quote!(#s.next(__bt_event, &[], 0.0));
        }
        NcControl::PrioritySelector => {
            let scores = (node.children.iter()).filter_map(|&child| {
                let utility = g.tree.nodes[child].conditions.utility.as_ref()?;
                Some(utility_of(&utility.value))
            });
            rule.start = quote!(#s.start(&[#(#scores),*]));
        }
        NcControl::FlipSelector => rule.start = quote!(#s.start()),
        NcControl::StepSequencer => {
            rule.start = quote!(#s.start(#len));
            rule.next = quote!(#s.next(__bt_event, #len));
            rule.halt = quote!(#s.halt(#len));
        }
        NcControl::BinarySelector { condition, dynamic } => {
            // Static: the condition is only read when the node starts.
            let test = test(condition);
            let value = if *dynamic {
                test
            } else {
                quote!(#s.running().is_none() && #test)
            };
            rule.locals = quote!(let __bt_condition: ::core::primitive::bool = #value;);
            rule.start = quote!(#s.start(__bt_condition, #dynamic));
            rule.next = quote!(#s.next(__bt_event, #dynamic));
            rule.halt = quote!(#s.halt(#dynamic));
        }
        NcControl::IndexSwitch {
            index,
            out_of_range,
            dynamic,
        } => {
            let bb = bb();
            let case = quote_spanned!(index.span()=> ::bt::__private::case_index(#bb, #index));
            let value = if *dynamic {
                case
            } else {
                quote!(if #s.running().is_none() { #case } else { 0 })
            };
            let params = quote!(#len, #rules::OutOfRange::#out_of_range, #dynamic);
            rule.locals = quote!(let __bt_index: ::core::primitive::i64 = #value;);
            rule.start = quote!(#s.start(__bt_index, #params));
            rule.next = quote!(#s.next(__bt_event, #params));
            rule.halt = quote!(#s.halt(#params));
        }
        NcControl::PolicyParallel { policy, repeat } => {
            let params = quote!(#len, #rules::ParallelPolicy::#policy, #repeat);
            rule.start = quote!(#s.start(#params));
            rule.next = quote!(#s.next(__bt_event, #params));
            rule.halt = quote!(#s.halt(#params));
        }
        NcControl::DynamicSequence | NcControl::DynamicSelector => {
            // Which children are conditions, re-checked every tick (decision 9).
            let flags = node.children.iter().map(|&child| {
                matches!(
                    g.tree.nodes[child].kind,
                    Kind::Leaf(Leaf::Condition(_) | Leaf::ScriptCondition(_))
                )
            });
            let conditions = quote!(&[#(#flags),*]);
            rule.start = quote!(#s.start(#conditions));
            rule.next = quote!(#s.next(__bt_event, #conditions));
            rule.halt = quote!(#s.halt(#conditions));
        }
        NcControl::ObserverSelector => {
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
            rule.locals = declare.clone();
            rule.halt_locals = declare;
            rule.start = quote!(#s.start(&__BT_GUARDS));
            rule.next = quote!(#s.next(__bt_event, &__BT_GUARDS));
            rule.halt = quote!(#s.halt(&__BT_GUARDS));
            // The guard of child `i` is the pseudo child `len + i`.
            rule.pseudo = (node.children.iter().enumerate())
                .filter_map(|(position, &child)| {
                    let (condition, _, _) = observe(g, child)?;
                    Some((len + position, guard(condition)))
                })
                .collect();
        }
    }
    if rule.start.is_empty() {
        rule.start = quote!(#s.start());
    }
    if rule.halt_next.is_empty() {
        rule.halt_next = rule.next.clone();
    }
    let (body, halt_body) = rule_bodies(g, node, rule);
    code.methods.extend(node_methods(g, node, body, halt_body));
    code
}

fn utility_of(value: &UtilityValue) -> TokenStream {
    utility(value)
}

/// The `Observe` node `id`: its condition, its abort mode and whether its parent owns it.
fn observe<'a>(g: &'a Gen, id: usize) -> Option<(&'a syn::ExprClosure, &'a Ident, bool)> {
    match &g.tree.nodes[id].kind {
        Kind::Decorator(Decorator::NodeCanvas(NcDecorator::Observe {
            condition,
            abort,
            guarded,
        })) => Some((condition, abort, *guarded)),
        _ => None,
    }
}

/// A condition answered as a pseudo child.
fn guard(condition: &syn::ExprClosure) -> TokenStream {
    let bb = bb();
    quote_spanned!(condition.span()=> ::bt::__private::guard(#bb, #condition))
}

/// `abort = none | self | lower | both` as bt-core's `AbortMode`.
fn abort_mode(abort: &Ident) -> TokenStream {
    let rules = rules();
    let mode = match abort.to_string().as_str() {
        "self" => quote!(SelfBranch),
        "lower" => quote!(LowerPriority),
        "both" => quote!(Both),
        _ => quote!(None),
    };
    quote!(#rules::AbortMode::#mode)
}

pub(super) fn decorator(g: &Gen, node: &Node, decorator: &NcDecorator) -> NodeCode {
    let mut code = NodeCode::default();
    let (rules, nc) = (rules(), nc());
    let child = node.children[0];
    let tick = tick_child(g, child);
    let halt = halt_child(g, child);
    let child_running = running_flag(g, child);
    let (body, halt_body) = match decorator {
        NcDecorator::Interrupt(condition) => {
            let state = state(g, node, quote!(#nc::Interrupt), &mut code);
            let s = &state.access;
            let test = test(condition);
            rule_bodies(
                g,
                node,
                StepRule {
                    declare: state.declare_local.clone(),
                    // Evaluated once per tick, before the child.
                    locals: quote!(let __bt_interrupt: ::core::primitive::bool = #test;),
                    halt_locals: TokenStream::new(),
                    start: quote!(#s.start(|| __bt_interrupt)),
                    next: quote!(#s.next(__bt_event)),
                    halt: quote!(#s.halt()),
                    halt_next: quote!(#s.next(__bt_event)),
                    pseudo: Vec::new(),
                },
            )
        }
        NcDecorator::Conditional {
            condition,
            dynamic,
            otherwise,
        } => {
            let state = state(g, node, quote!(#nc::Conditional), &mut code);
            let s = &state.access;
            let test = test(condition);
            // Static: not evaluated while the child runs (the rule does not ask).
            let value = if *dynamic {
                test
            } else {
                quote!(#child_running || #test)
            };
            let otherwise = outcome(otherwise);
            rule_bodies(
                g,
                node,
                StepRule {
                    declare: state.declare_local.clone(),
                    locals: quote!(let __bt_condition: ::core::primitive::bool = #value;),
                    halt_locals: TokenStream::new(),
                    start: quote!(#s.start(#child_running, || __bt_condition, #dynamic, #otherwise)),
                    next: quote!(#s.next(__bt_event, #otherwise)),
                    halt: quote!(#s.halt()),
                    halt_next: quote!(#s.next(__bt_event, #otherwise)),
                    pseudo: Vec::new(),
                },
            )
        }
        NcDecorator::RepeatTimes(_) | NcDecorator::RepeatUntil(_) => {
            let (counter, mode) = match decorator {
                NcDecorator::RepeatTimes(Some(crate::model::Quantity::Literal(n))) => {
                    let times = *n as usize;
                    (small_index(*n), quote!(#nc::RepeatMode::Times(#times)))
                }
                NcDecorator::RepeatTimes(limit @ Some(_)) => {
                    let limit = super::limit(g, limit);
                    (
                        small_index(u64::MAX),
                        quote!(#nc::RepeatMode::from_limit(#limit)),
                    )
                }
                NcDecorator::RepeatUntil(target) => {
                    let target = outcome(target);
                    (small_index(0), quote!(#nc::RepeatMode::Until(#target)))
                }
                _ => (small_index(0), quote!(#nc::RepeatMode::Forever)),
            };
            let state = state(g, node, quote!(#nc::Repeat<#counter>), &mut code);
            let (s, declare) = (&state.access, &state.declare_local);
            (
                quote!({
                    #declare
                    let __bt_child_status = #tick;
                    #s.on_child(__bt_child_status, #mode)
                }),
                quote! {
                    #halt
                    #s.halt();
                },
            )
        }
        NcDecorator::Filter {
            times,
            count,
            filtered,
        } => {
            let counter = small_index(*times);
            let state = state(g, node, quote!(#nc::Filter<#counter>), &mut code);
            let s = &state.access;
            let (times, filtered) = (*times as usize, status(filtered));
            (
                quote! {
                    match #s.start(#times, #filtered) {
                        ::core::option::Option::Some(__bt_status) => __bt_status,
                        ::core::option::Option::None => {
                            let __bt_child_status = #tick;
                            #s.on_child(__bt_child_status, #nc::CountWhen::#count)
                        }
                    }
                },
                halt,
            )
        }
        NcDecorator::Cooldown { ms, filtered } => {
            let state = state(g, node, quote!(#nc::Cooldown), &mut code);
            let s = &state.access;
            let (now, filtered) = (now(g, node), status(filtered));
            let ms = super::duration(g, ms);
            (
                quote!({
                    let __bt_now = #now;
                    match #s.start(__bt_now, #ms, #filtered) {
                        ::core::option::Option::Some(__bt_status) => __bt_status,
                        ::core::option::Option::None => {
                            let __bt_child_status = #tick;
                            #s.on_child(__bt_child_status, __bt_now)
                        }
                    }
                }),
                halt,
            )
        }
        NcDecorator::Iterate {
            list,
            element,
            index,
            until,
            max,
            reset_index,
        } => {
            let counter = match max {
                Some(max) => small_index(*max),
                None => quote!(::core::primitive::usize),
            };
            let state = state(g, node, quote!(#nc::Iterate<#counter>), &mut code);
            let s = &state.access;
            // The list is reached through one closure at the user's `list` (for the length and
            // for the element), the element entry through one at `element`: each mistake is
            // reported once, at its entry.
            let list_bb = Ident::new("__bt_list", Span::mixed_site());
            let items = {
                let closure = field_closure(list.span(), list, false);
                quote_spanned!(list.span()=> ::bt::__private::iterate_items(#list_bb, #closure))
            };
            let bb = Ident::new("__bt_bb", Span::mixed_site());
            let at = Ident::new("__bt_at", Span::mixed_site());
            let len = quote!({
                let #list_bb = &self.__bt_bb;
                #items.len()
            });
            let write_element = {
                let entry = field_closure(element.span(), element, true);
                let item = Ident::new("__bt_item", Span::mixed_site());
                let write = quote_spanned!(element.span()=>
                    ::bt::__private::iterate_element(#bb, #item, #entry);
                );
                quote! {
                    let #item = {
                        let #list_bb = &*#bb;
                        ::core::option::Option::map(#items.get(#at), ::core::clone::Clone::clone)
                    };
                    #write
                }
            };
            let write_index = index.as_ref().map(|index| {
                let entry = field_closure(index.span(), index, true);
                quote_spanned!(index.span()=> ::bt::__private::iterate_index(#bb, #at, #entry);)
            });
            let max = match max {
                Some(max) => {
                    let max = *max as usize;
                    quote!(::core::option::Option::Some(#max))
                }
                None => quote!(::core::option::Option::None),
            };
            (
                quote!({
                    let __bt_len = #len;
                    let #bb = &mut self.__bt_bb;
                    let __bt_started = #s.start(__bt_len, |#at| {
                        #write_element
                        #write_index
                    });
                    match __bt_started {
                        // The list was emptied while the child ran: the child is halted.
                        ::core::option::Option::Some(__bt_status) => {
                            #halt
                            __bt_status
                        }
                        ::core::option::Option::None => {
                            let __bt_child_status = #tick;
                            // The child may have changed the list.
                            let __bt_len = #len;
                            #s.on_child(
                                __bt_child_status,
                                __bt_len,
                                #nc::Termination::#until,
                                #max,
                                #reset_index,
                            )
                        }
                    }
                }),
                quote! {
                    #halt
                    #s.halt(#reset_index);
                },
            )
        }
        NcDecorator::WaitUntil(condition) => {
            let state = state(g, node, quote!(#nc::WaitUntil), &mut code);
            let (s, declare) = (&state.access, &state.declare_local);
            let test = test(condition);
            (
                quote!({
                    #declare
                    // Not evaluated while the child runs (the rule does not ask).
                    let __bt_condition: ::core::primitive::bool = #child_running || #test;
                    match #s.start(#child_running, || __bt_condition) {
                        ::core::option::Option::Some(__bt_status) => __bt_status,
                        ::core::option::Option::None => #tick,
                    }
                }),
                halt,
            )
        }
        NcDecorator::Optional => (quote!(#nc::optional(#tick)), halt),
        NcDecorator::Guard { token, if_guarded } => {
            let state = state(g, node, quote!(#nc::Guard), &mut code);
            let s = &state.access;
            let ctx = ctx();
            let token = quote_spanned!(token.span()=> ::bt::__private::guard_token(#ctx, #token));
            let if_guarded = status(if_guarded);
            (
                quote! {
                    match #s.start(#token, #if_guarded) {
                        ::core::option::Option::Some(__bt_status) => __bt_status,
                        ::core::option::Option::None => {
                            let __bt_child_status = #tick;
                            #s.on_child(__bt_child_status, #token)
                        }
                    }
                },
                // Halting releases the token (also the tree's halt: a running Guard is halted).
                quote! {
                    #halt
                    #s.halt(#token);
                },
            )
        }
        NcDecorator::Deadline(ms) => {
            let state = state(g, node, quote!(#nc::Timeout), &mut code);
            let s = &state.access;
            let now = now(g, node);
            let timeout = super::duration(g, ms);
            rule_bodies(
                g,
                node,
                StepRule {
                    declare: state.declare_local.clone(),
                    locals: quote!(let __bt_now = #now;),
                    halt_locals: TokenStream::new(),
                    start: quote!(#s.start(__bt_now, #timeout)),
                    next: quote!(#s.next(__bt_event, __bt_now, #timeout)),
                    halt: quote!(#s.halt()),
                    // A halt reads no clock: only `Halted` events follow, which ignore the time.
                    halt_next: quote!(#s.next(__bt_event, ::core::time::Duration::ZERO, #timeout)),
                    pseudo: Vec::new(),
                },
            )
        }
        NcDecorator::Remap { success, failure } => {
            let (success, failure) = (outcome(success), outcome(failure));
            (quote!(#nc::remap(#tick, #success, #failure)), halt)
        }
        NcDecorator::Observe { guarded: true, .. } => {
            // Its observer selector evaluates the condition (a pseudo child); the node passes its
            // child's status through.
            (tick, halt)
        }
        NcDecorator::Observe {
            condition, abort, ..
        } => {
            let state = state(g, node, quote!(#rules::ConditionalAbort), &mut code);
            let s = &state.access;
            let mode = abort_mode(abort);
            rule_bodies(
                g,
                node,
                StepRule {
                    declare: state.declare_local.clone(),
                    locals: TokenStream::new(),
                    halt_locals: TokenStream::new(),
                    start: quote!(#s.start(#mode)),
                    next: quote!(#s.next(__bt_event, #mode)),
                    halt: quote!(#s.halt(#mode)),
                    halt_next: quote!(#s.next(__bt_event, #mode)),
                    // The condition is the pseudo child 1 (`ConditionalAbort::CONDITION`).
                    pseudo: vec![(1, guard(condition))],
                },
            )
        }
    };
    code.methods.extend(node_methods(g, node, body, halt_body));
    code
}

/// The NodeInfo parameters of a NodeCanvas node, under NodeCanvas's names (Unreal's for
/// `Observe`), with values as source text; `None` for other nodes.
pub(super) fn params(node: &Node) -> Option<Vec<(String, String)>> {
    let body = |closure: &syn::ExprClosure| text::source(closure.body.to_token_stream());
    let value = |value: &UtilityValue| match value {
        UtilityValue::Closure(closure) => body(closure),
        UtilityValue::Constant(expr) => text::source(expr.to_token_stream()),
    };
    let entry = |entry: &Ident| format!("{{{}}}", syn::ext::IdentExt::unraw(entry));
    let seconds = |ms: &crate::model::Quantity| match ms.literal() {
        Some(ms) => format!("{}", ms as f64 / 1000.0),
        None => super::metadata::quantity_text(ms),
    };
    let pair = |name: &str, value: String| (name.to_owned(), value);
    Some(match &node.kind {
        Kind::Control(crate::model::Control::NodeCanvas(control)) => match control {
            NcControl::RandomSequence | NcControl::RandomSelector => {
                vec![pair("random", "true".into())]
            }
            NcControl::DynamicSequence | NcControl::DynamicSelector => {
                vec![pair("dynamic", "true".into())]
            }
            NcControl::PrioritySelector => vec![pair("dynamic", "true".into())],
            NcControl::ProbabilitySelector { fail } => match fail {
                Some(fail) => vec![pair("failChance", value(fail))],
                None => Vec::new(),
            },
            NcControl::FlipSelector | NcControl::StepSequencer | NcControl::ObserverSelector => {
                Vec::new()
            }
            NcControl::BinarySelector { condition, dynamic } => vec![
                pair("condition", body(condition)),
                pair("dynamic", dynamic.to_string()),
            ],
            NcControl::IndexSwitch {
                index,
                out_of_range,
                dynamic,
            } => vec![
                pair("intCase", body(index)),
                pair(
                    "outOfRangeMode",
                    if out_of_range == "Loop" {
                        "LoopIndex".into()
                    } else {
                        "ReturnFailure".into()
                    },
                ),
                pair("dynamic", dynamic.to_string()),
            ],
            NcControl::PolicyParallel { policy, repeat } => vec![
                pair("policy", policy.to_string()),
                pair("dynamic", repeat.to_string()),
            ],
        },
        Kind::Decorator(Decorator::NodeCanvas(decorator)) => match decorator {
            NcDecorator::Interrupt(condition) | NcDecorator::WaitUntil(condition) => {
                vec![pair("condition", body(condition))]
            }
            NcDecorator::Conditional {
                condition,
                dynamic,
                otherwise,
            } => vec![
                pair("condition", body(condition)),
                pair("isDynamic", dynamic.to_string()),
                pair("conditionFailReturn", otherwise.to_string()),
            ],
            NcDecorator::RepeatTimes(limit) => match limit {
                Some(n) => vec![
                    pair("repeaterMode", "RepeatTimes".into()),
                    pair("repeatTimes", super::metadata::quantity_text(n)),
                ],
                None => vec![pair("repeaterMode", "RepeatForever".into())],
            },
            NcDecorator::RepeatUntil(target) => vec![
                pair("repeaterMode", "RepeatUntil".into()),
                pair("repeatUntilStatus", target.to_string()),
            ],
            NcDecorator::Filter {
                times,
                count,
                filtered,
            } => vec![
                pair("filterMode", "LimitNumberOfTimes".into()),
                pair("maxCount", times.to_string()),
                pair(
                    "policy",
                    match count.to_string().as_str() {
                        "Success" => "SuccessOnly".into(),
                        "Failure" => "FailureOnly".into(),
                        _ => "SuccessOrFailure".into(),
                    },
                ),
                pair("inactiveWhenLimited", (filtered == "Skipped").to_string()),
            ],
            NcDecorator::Cooldown { ms, filtered } => vec![
                pair("filterMode", "CoolDown".into()),
                pair("coolDownTime", seconds(ms)),
                pair("inactiveWhenLimited", (filtered == "Skipped").to_string()),
            ],
            NcDecorator::Iterate {
                list,
                element,
                index,
                until,
                max,
                reset_index,
            } => {
                let mut params = vec![
                    pair("targetList", entry(list)),
                    pair("current", entry(element)),
                ];
                if let Some(index) = index {
                    params.push(pair("storeIndex", entry(index)));
                }
                params.push(pair(
                    "terminationCondition",
                    if until == "Never" {
                        "None".into()
                    } else {
                        until.to_string()
                    },
                ));
                params.push(pair(
                    "maxIteration",
                    max.map_or("-1".into(), |max| max.to_string()),
                ));
                params.push(pair("resetIndex", reset_index.to_string()));
                params
            }
            NcDecorator::Optional => Vec::new(),
            NcDecorator::Guard { token, if_guarded } => vec![
                pair("token", body(token)),
                pair(
                    "ifGuarded",
                    if if_guarded == "Running" {
                        "WaitUntilReleased".into()
                    } else {
                        "ReturnFailure".into()
                    },
                ),
            ],
            NcDecorator::Deadline(ms) => vec![pair("timeout", seconds(ms))],
            NcDecorator::Remap { success, failure } => vec![
                pair("successRemap", success.to_string()),
                pair("failureRemap", failure.to_string()),
            ],
            NcDecorator::Observe {
                condition, abort, ..
            } => vec![
                pair("condition", body(condition)),
                pair(
                    "flowAbortMode",
                    match abort.to_string().as_str() {
                        "self" => "Self".into(),
                        "lower" => "LowerPriority".into(),
                        "both" => "Both".into(),
                        _ => "None".into(),
                    },
                ),
            ],
        },
        _ => return None,
    })
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
