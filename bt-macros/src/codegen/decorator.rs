//! Decorators: the child's status goes through the bt-core rule (`bt_core::decorator`,
//! `bt_core::decorator::nodecanvas`, `bt_core::abort`), or the rule decides whether to tick the
//! child. The time decorators are in `time.rs`, the loops in `loops.rs`.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use super::selector::{abort_mode, guard};
use super::step::{rule_bodies, StepRule};
use super::{
    ctx, halt_child, nc, node_methods, outcome, rules, running_flag, small_index, state, status,
    test, tick_child, Gen, NodeCode,
};
use crate::model::{Decorator, Limit, Node, Quantity};

pub(super) fn generate(g: &Gen, node: &Node, decorator: &Decorator) -> NodeCode {
    let mut code = NodeCode::default();
    let (rules, nc) = (rules(), nc());
    let child = node.children[0];
    let tick = tick_child(g, child);
    let halt = halt_child(g, child);
    let child_running = running_flag(g, child);
    let (body, halt_body) = match decorator {
        Decorator::Inverter => stateless(quote!(inverter), tick, halt),
        Decorator::ForceSuccess => stateless(quote!(force_success), tick, halt),
        Decorator::ForceFailure => stateless(quote!(force_failure), tick, halt),
        Decorator::KeepRunningUntilFailure => {
            stateless(quote!(keep_running_until_failure), tick, halt)
        }
        Decorator::RunOnce { then_skip } => {
            let state = state(g, node, quote!(::bt::__private::RunOnce), &mut code);
            let access = &state.access;
            let body = quote! {
                match #access.start(#then_skip) {
                    ::core::option::Option::Some(__bt_status) => __bt_status,
                    ::core::option::Option::None => {
                        let __bt_child_status = #tick;
                        #access.on_child(__bt_child_status)
                    }
                }
            };
            (body, halt)
        }
        Decorator::SkipUnlessUpdated(entry) => {
            updated(g, node, entry, quote!(Skipped), tick, halt, &mut code)
        }
        Decorator::WaitValueUpdate(entry) => {
            updated(g, node, entry, quote!(Running), tick, halt, &mut code)
        }
        Decorator::Precondition {
            condition,
            otherwise,
        } => {
            let child_running = running_flag(g, node.children[0]);
            let condition = {
                // `self` comes from the macro's own tokens (hygiene through `macro_rules!`).
                let bb = quote!(&self.__bt_bb);
                quote_spanned!(condition.span()=> ::bt::__private::test(#bb, #condition))
            };
            let body = quote! {
                match ::bt::__private::precondition(
                    #child_running,
                    || #condition,
                    ::bt::__private::Status::#otherwise,
                ) {
                    ::core::option::Option::Some(__bt_status) => __bt_status,
                    ::core::option::Option::None => #tick,
                }
            };
            (body, halt)
        }
        Decorator::Interrupt(condition) => {
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
        Decorator::Conditional {
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
        Decorator::WaitUntil(condition) => {
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
        Decorator::Filter {
            times,
            count,
            filtered,
        } => {
            let counter = count_counter(times);
            let state = state(g, node, quote!(#nc::Filter<#counter>), &mut code);
            let s = &state.access;
            let (times, filtered) = (count_max(g, times), status(filtered));
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
        Decorator::Limiter(max_loop) => {
            let counter = count_counter(max_loop);
            let state = state(g, node, quote!(#rules::Limiter<#counter>), &mut code);
            let access = &state.access;
            let max_loop = count_max(g, max_loop);
            let body = quote! {
                match #access.start(#max_loop) {
                    ::core::option::Option::Some(__bt_status) => __bt_status,
                    ::core::option::Option::None => {
                        let __bt_child_status = #tick;
                        #access.on_child(__bt_child_status)
                    }
                }
            };
            (body, halt)
        }
        Decorator::Optional => (quote!(#nc::optional(#tick)), halt),
        Decorator::Guard { token, if_guarded } => {
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
        Decorator::Remap { success, failure } => {
            let (success, failure) = (outcome(success), outcome(failure));
            (quote!(#nc::remap(#tick, #success, #failure)), halt)
        }
        Decorator::Observe { guarded: true, .. } => {
            // Its observer selector evaluates the condition (a pseudo child); the node passes its
            // child's status through.
            (tick, halt)
        }
        Decorator::Observe {
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
    code.methods = node_methods(g, node, body, halt_body);
    code
}

/// The counter of a Filter or a Limiter: the smallest type that holds a literal count; `usize`
/// for a count read at run time, or none (`forever`).
fn count_counter(limit: &Limit) -> TokenStream {
    match limit {
        Some(Quantity::Literal(n)) => small_index(*n),
        _ => small_index(u64::MAX),
    }
}

/// The count of a Filter or a Limiter as a `usize`: `forever` (or `-1` read at run time) is
/// `usize::MAX`, which a count never reaches.
fn count_max(g: &Gen, limit: &Limit) -> TokenStream {
    match limit {
        Some(Quantity::Literal(n)) => {
            let n = *n as usize;
            quote!(#n)
        }
        None => quote!(::core::primitive::usize::MAX),
        Some(_) => {
            let limit = super::limit(g, limit);
            quote!(::core::option::Option::unwrap_or(#limit, ::core::primitive::usize::MAX))
        }
    }
}

/// SkipUnlessUpdated / WaitValueUpdate: tick the child only when the `#[tracked]` entry was
/// updated since the last look, or when the child is still running.
fn updated(
    g: &Gen,
    node: &Node,
    entry: &syn::Ident,
    waiting: TokenStream,
    tick: TokenStream,
    halt: TokenStream,
    code: &mut NodeCode,
) -> (TokenStream, TokenStream) {
    let state = state(g, node, quote!(::bt::__private::EntryUpdated), code);
    let access = &state.access;
    let child_running = running_flag(g, node.children[0]);
    let body = quote! {
        match #access.start(
            #child_running,
            self.__bt_bb.#entry.version(),
            ::bt::__private::Status::#waiting,
        ) {
            ::core::option::Option::Some(__bt_status) => __bt_status,
            ::core::option::Option::None => #tick,
        }
    };
    (body, halt)
}

fn stateless(
    rule: TokenStream,
    tick: TokenStream,
    halt: TokenStream,
) -> (TokenStream, TokenStream) {
    (quote!(::bt::__private::#rule(#tick)), halt)
}
