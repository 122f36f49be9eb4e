//! Decorators: the child's status goes through the bt-core rule (`bt_core::decorator`,
//! `bt_core::abort`), or the rule decides whether to tick the
//! child. The time decorators are in `time.rs`, the loops in `loops.rs`.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use super::selector::{abort_mode, guard};
use super::{
    bounded_counter, ctx, gate, halt_child, node_methods, outcome, rules, running_flag, state,
    status, test, tick_child, Gen, NodeCode,
};
use crate::kinds::{Else, IfGuarded, Word};
use crate::model::{Decorator, Limit, Node, Quantity};

pub(super) fn generate(g: &Gen, node: &Node, decorator: &Decorator) -> NodeCode {
    let mut code = NodeCode::default();
    let rules = rules();
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
        Decorator::Optional => (quote!(#rules::optional(#tick)), halt),
        Decorator::Remap { success, failure } => {
            let (success, failure) = (outcome(success), outcome(failure));
            (quote!(#rules::remap(#tick, #success, #failure)), halt)
        }
        Decorator::RunOnce { then_skip } => {
            let s = state(g, node, quote!(#rules::RunOnce), &mut code).access;
            let on_child = quote!(#s.on_child(__bt_child_status));
            (
                gate(quote!(#s.start(#then_skip)), tick, Some(on_child)),
                halt,
            )
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
            let (condition, otherwise) = (test(condition), otherwise.ident());
            let start = quote! {
                __bt::precondition(
                    #child_running,
                    || #condition,
                    __bt::Status::#otherwise,
                )
            };
            (gate(start, tick, None), halt)
        }
        Decorator::Interrupt(condition) => {
            // Straight-line (`Interrupt::check`, no state): the condition, evaluated once per
            // tick before the child, then the child's tick or its halt.
            let test = test(condition);
            let check = quote!(#rules::Interrupt::check(#test));
            (check_or_tick(check, tick, &halt), halt)
        }
        Decorator::Conditional {
            condition,
            dynamic,
            otherwise,
        } => conditional(g, node, condition, *dynamic, otherwise),
        Decorator::WaitUntil(condition) => {
            let state = state(g, node, quote!(#rules::WaitUntil), &mut code);
            let (s, declare) = (&state.access, &state.declare_local);
            let test = test(condition);
            let gated = gate(
                quote!(#s.start(#child_running, || __bt_condition)),
                tick,
                None,
            );
            (
                quote!({
                    #declare
                    // Not evaluated while the child runs (the rule does not ask).
                    let __bt_condition: ::core::primitive::bool = #child_running || #test;
                    #gated
                }),
                halt,
            )
        }
        Decorator::Filter {
            times,
            count,
            filtered,
        } => {
            let counter = bounded_counter(times);
            let s = state(g, node, quote!(#rules::Filter<#counter>), &mut code).access;
            let (times, filtered) = (count_max(g, times), status(filtered));
            let count = count.ident();
            let on_child = quote!(#s.on_child(__bt_child_status, #rules::CountWhen::#count));
            (
                gate(quote!(#s.start(#times, #filtered)), tick, Some(on_child)),
                halt,
            )
        }
        Decorator::Limiter(max_loop) => {
            let counter = bounded_counter(max_loop);
            let s = state(g, node, quote!(#rules::Limiter<#counter>), &mut code).access;
            let max_loop = count_max(g, max_loop);
            let on_child = quote!(#s.on_child(__bt_child_status));
            (
                gate(quote!(#s.start(#max_loop)), tick, Some(on_child)),
                halt,
            )
        }
        Decorator::Guard { token, if_guarded } => {
            guard_token(g, node, token, if_guarded, tick, halt, &mut code)
        }
        Decorator::Observe { guarded: true, .. } => {
            // Its observer selector evaluates the condition (a pseudo child); the node passes its
            // child's status through.
            (tick, halt)
        }
        Decorator::Observe {
            condition, abort, ..
        } => {
            // Straight-line (`ConditionalAbort::checks`, `on_condition`, `on_child`,
            // `take_running`): the condition when the rule reads it, then the child's tick, or
            // its halt (an abort) and the answer.
            let state = state(g, node, quote!(#rules::ConditionalAbort), &mut code);
            let (s, declare) = (&state.access, &state.declare_local);
            let (mode, condition) = (abort_mode(abort.value), guard(condition));
            let check = quote! {
                if #s.checks(#mode) {
                    let __bt_condition: __bt::Status = #condition;
                    #s.on_condition(__bt_condition)
                } else {
                    ::core::option::Option::None
                }
            };
            let tick = quote!({
                let __bt_child_status = #tick;
                #s.on_child(__bt_child_status)
            });
            let body = {
                let check_or_tick = check_or_tick(check, tick, &halt);
                quote!({
                    #declare
                    #check_or_tick
                })
            };
            (body, quote!(if #s.take_running() { #halt }))
        }
    };
    code.methods = node_methods(g, node, body, halt_body);
    code
}

/// NodeCanvas's `Conditional` in straight-line form (`Conditional::check`, no state): the
/// condition read once per tick (while the child runs only when `dynamic`), then the child's tick
/// or its halt.
fn conditional(
    g: &Gen,
    node: &Node,
    condition: &syn::ExprClosure,
    dynamic: bool,
    otherwise: &Word<Else>,
) -> (TokenStream, TokenStream) {
    let rules = rules();
    let child = node.children[0];
    let child_running = running_flag(g, child);
    let test = test(condition);
    let otherwise = outcome(otherwise);
    let check = quote!(#rules::Conditional::check(#child_running, || #test, #dynamic, #otherwise));
    let halt = halt_child(g, child);
    (check_or_tick(check, tick_child(g, child), &halt), halt)
}

/// The tick of a decorator whose rule's `check` (an `Option<Status>`) answers before the child:
/// `Some(answer)` halts the child (its halt function does nothing if it is not running) and
/// answers, `None` ticks the child, whose answer is the node's. The check is a statement of its
/// own, so that what it borrows is released before the child's tick.
fn check_or_tick(check: TokenStream, tick: TokenStream, halt: &TokenStream) -> TokenStream {
    quote!({
        let __bt_check: ::core::option::Option<__bt::Status> = #check;
        match __bt_check {
            ::core::option::Option::Some(__bt_status) => {
                #halt
                __bt_status
            }
            ::core::option::Option::None => #tick,
        }
    })
}

/// NodeCanvas's `Guard`: ticks its child only while it holds the token (from the context).
fn guard_token(
    g: &Gen,
    node: &Node,
    token: &syn::ExprClosure,
    if_guarded: &Word<IfGuarded>,
    tick: TokenStream,
    halt: TokenStream,
    code: &mut NodeCode,
) -> (TokenStream, TokenStream) {
    let rules = rules();
    let s = state(g, node, quote!(#rules::Guard), code).access;
    let ctx = ctx();
    let token = quote_spanned!(token.span()=> __bt::guard_token(#ctx, #token));
    let if_guarded = status(if_guarded);
    let on_child = quote!(#s.on_child(__bt_child_status, #token));
    (
        gate(quote!(#s.start(#token, #if_guarded)), tick, Some(on_child)),
        // Halting releases the token (also the tree's halt: a running Guard is halted).
        quote! {
            #halt
            #s.halt(#token);
        },
    )
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
    let state = state(g, node, quote!(__bt::EntryUpdated), code);
    let access = &state.access;
    let child_running = running_flag(g, node.children[0]);
    let start = quote! {
        #access.start(
            #child_running,
            self.__bt_bb.#entry.version(),
            __bt::Status::#waiting,
        )
    };
    (gate(start, tick, None), halt)
}

fn stateless(
    rule: TokenStream,
    tick: TokenStream,
    halt: TokenStream,
) -> (TokenStream, TokenStream) {
    (quote!(__bt::#rule(#tick)), halt)
}
