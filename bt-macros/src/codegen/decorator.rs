//! Decorators: the child's status goes through the bt-core rule (`bt_core::decorator`).

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use super::{
    duration, halt_child, limit_counter, node_methods, now, running_flag, small_index, state, step,
    tick_child, Gen, NodeCode,
};
use crate::model::{Decorator, Limit, Node};

pub(super) fn generate(g: &Gen, node: &Node, decorator: &Decorator) -> NodeCode {
    let mut code = NodeCode::default();
    let child = node.children[0];
    let tick = tick_child(g, child);
    let halt = halt_child(g, child);
    let (body, halt_body) = match decorator {
        Decorator::NodeCanvas(decorator) => {
            return super::nodecanvas::decorator(g, node, decorator)
        }
        Decorator::Inverter => stateless(quote!(inverter), tick, halt),
        Decorator::ForceSuccess => stateless(quote!(force_success), tick, halt),
        Decorator::ForceFailure => stateless(quote!(force_failure), tick, halt),
        Decorator::KeepRunningUntilFailure => {
            stateless(quote!(keep_running_until_failure), tick, halt)
        }
        Decorator::Repeat(limit) => looping(g, node, quote!(Repeat), limit, tick, halt, &mut code),
        Decorator::RetryUntilSuccessful(limit) => looping(
            g,
            node,
            quote!(RetryUntilSuccessful),
            limit,
            tick,
            halt,
            &mut code,
        ),
        Decorator::SkipUnlessUpdated(entry) => {
            updated(g, node, entry, quote!(Skipped), tick, halt, &mut code)
        }
        Decorator::WaitValueUpdate(entry) => {
            updated(g, node, entry, quote!(Running), tick, halt, &mut code)
        }
        Decorator::Delay(ms) => {
            let state = state(g, node, quote!(::bt::__private::Delay), &mut code);
            let access = &state.access;
            let now = now(g, node);
            let ms = duration(g, ms);
            let body = quote! {
                match #access.start(#now, #ms) {
                    ::core::option::Option::Some(__bt_status) => __bt_status,
                    ::core::option::Option::None => {
                        let __bt_child_status = #tick;
                        #access.on_child(__bt_child_status)
                    }
                }
            };
            (body, quote!(#halt #access.halt();))
        }
        Decorator::Timeout(ms) => {
            let state = state(g, node, quote!(::bt::__private::Timeout), &mut code);
            let access = &state.access;
            let now = now(g, node);
            let duration = duration(g, ms);
            step::bodies(
                g,
                node,
                &state.declare_local,
                TokenStream::new(),
                [
                    quote!(#access.start(#now, #duration)),
                    quote!(#access.next(__bt_event, #duration)),
                    quote!(#access.halt(#duration)),
                ],
            )
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
        Decorator::Loop {
            queue,
            value,
            if_empty,
        } => {
            let child_running = running_flag(g, node.children[0]);
            let bb = g.tree.blackboard.as_ref();
            // `self` comes from the macro's own tokens, the queue's field through a closure at
            // the user's name (hygiene through `macro_rules!`), so that a queue of the wrong type
            // is reported at the name.
            let (fields, item) = (quote!(self.__bt_bb), quote!(__bt_item));
            let field = super::leaf::field_closure(queue.span(), queue, true);
            let queue_access = quote_spanned!(queue.span()=>
                ::bt::__private::pop_front(&mut #fields, #field));
            let store = match value {
                Some(value) if bb.is_some_and(|bb| bb.is_tracked(value)) => {
                    quote_spanned!(value.span()=> #fields.#value.set(::core::convert::From::from(#item)))
                }
                Some(value) => {
                    quote_spanned!(value.span()=> #fields.#value = ::core::convert::From::from(#item))
                }
                None => quote!(let _ = __bt_item),
            };
            let body = quote! {
                match ::bt::__private::loop_start(
                    #child_running,
                    || match #queue_access {
                        ::core::option::Option::Some(__bt_item) => {
                            #store;
                            true
                        }
                        ::core::option::Option::None => false,
                    },
                    ::bt::__private::Status::#if_empty,
                ) {
                    ::core::option::Option::Some(__bt_status) => __bt_status,
                    ::core::option::Option::None => {
                        let __bt_child_status = #tick;
                        ::bt::__private::loop_on_child(__bt_child_status)
                    }
                }
            };
            (body, halt)
        }
        Decorator::Repeater(limit) => {
            looping(g, node, quote!(Repeater), limit, tick, halt, &mut code)
        }
        Decorator::Limiter(max_loop) => {
            let counter = small_index(*max_loop);
            let state = state(
                g,
                node,
                quote!(::bt::__private::Limiter<#counter>),
                &mut code,
            );
            let access = &state.access;
            let max_loop = *max_loop as usize;
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
        Decorator::MaxTime(ms) => {
            let state = state(g, node, quote!(::bt::__private::MaxTime), &mut code);
            let access = &state.access;
            let now = now(g, node);
            let duration = duration(g, ms);
            // The time is read once per tick (and halt), and given to every call of the rule.
            step::bodies(
                g,
                node,
                &state.declare_local,
                quote!(let __bt_now = #now;),
                [
                    quote!(#access.start(__bt_now, #duration)),
                    quote!(#access.next(__bt_event, __bt_now, #duration)),
                    quote!(#access.halt()),
                ],
            )
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
    };
    code.methods = node_methods(g, node, body, halt_body);
    code
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

/// Repeat and RetryUntilSuccessful: a counter sized for the limit.
fn looping(
    g: &Gen,
    node: &Node,
    rule: TokenStream,
    limit: &Limit,
    tick: TokenStream,
    halt: TokenStream,
    code: &mut NodeCode,
) -> (TokenStream, TokenStream) {
    let counter = limit_counter(limit);
    let state = state(g, node, quote!(::bt::__private::#rule<#counter>), code);
    let access = &state.access;
    let declare = &state.declare_local;
    let limit = super::limit(g, limit);
    let body = quote! {{
        #declare
        match #access.start(#limit) {
            ::core::option::Option::Some(__bt_status) => __bt_status,
            ::core::option::Option::None => {
                let __bt_child_status = #tick;
                #access.on_child(__bt_child_status, #limit)
            }
        }
    }};
    let halt_body = quote! {
        #halt
        #access.halt();
    };
    if !state.declare_local.is_empty() {
        return (body, halt_body);
    }
    // A count kept across a skip belongs to an idle node, which a halt of its parent does not
    // visit; the tree's halt clears it.
    code.tree_halt.extend(quote!(#access.halt();));
    (body, halt_body)
}
