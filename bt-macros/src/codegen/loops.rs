//! The decorators that tick their child again: Repeat, RetryUntilSuccessful, Repeater (and
//! behavior3's RepeatUntilFailure and RepeatUntilSuccess, lowered to the first two), NodeCanvas's
//! Repeat (RepeatTimes, RepeatUntil), Loop over a queue, and Iterate over a list.

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::Ident;

use super::field_closure;
use super::{
    bounded_counter, gate, halt_child, limit_counter, node_methods, outcome, rules, running_flag,
    small_index, state, tick_child, Gen, NodeCode,
};
use crate::kinds::{Status, Until, Word};
use crate::model::{Limit, Loop, Node, Quantity};

pub(super) fn generate(g: &Gen, node: &Node, looping: &Loop) -> NodeCode {
    let mut code = NodeCode::default();
    let rules = rules();
    let child = node.children[0];
    let tick = tick_child(g, child);
    let halt = halt_child(g, child);
    let (body, halt_body) = match looping {
        Loop::Repeat(limit) => counted(g, node, quote!(Repeat), limit, tick, halt, &mut code),
        Loop::RetryUntilSuccessful(limit) => counted(
            g,
            node,
            quote!(RetryUntilSuccessful),
            limit,
            tick,
            halt,
            &mut code,
        ),
        Loop::Repeater(limit) => counted(g, node, quote!(Repeater), limit, tick, halt, &mut code),
        Loop::RepeatTimes(limit) => {
            let (counter, mode) = match limit {
                Some(Quantity::Literal(n)) => {
                    let times = *n as usize;
                    (small_index(*n), quote!(#rules::RepeatMode::Times(#times)))
                }
                Some(_) => {
                    let limit = super::limit(g, limit);
                    (
                        small_index(u64::MAX),
                        quote!(#rules::RepeatMode::from_limit(#limit)),
                    )
                }
                None => (small_index(0), quote!(#rules::RepeatMode::Forever)),
            };
            rerun(g, node, counter, mode, tick, halt, &mut code)
        }
        Loop::RepeatUntil(target) => {
            let target = outcome(target);
            let mode = quote!(#rules::RepeatMode::Until(#target));
            rerun(g, node, small_index(0), mode, tick, halt, &mut code)
        }
        Loop::Loop {
            queue,
            value,
            if_empty,
        } => queue_loop(g, node, queue, value.as_ref(), if_empty, tick, halt),
        Loop::Iterate {
            list,
            element,
            index,
            until,
            max,
            reset_index,
        } => {
            let walk = Walk {
                list,
                element,
                index: index.as_ref(),
                until,
                max,
                reset_index: *reset_index,
            };
            iterate(g, node, walk, tick, halt, &mut code)
        }
    };
    code.methods = node_methods(g, node, body, halt_body);
    code
}

/// Repeat and RetryUntilSuccessful: a counter sized for the limit.
fn counted(
    g: &Gen,
    node: &Node,
    rule: TokenStream,
    limit: &Limit,
    tick: TokenStream,
    halt: TokenStream,
    code: &mut NodeCode,
) -> (TokenStream, TokenStream) {
    let counter = limit_counter(limit);
    let state = state(g, node, quote!(__bt::#rule<#counter>), code);
    let access = &state.access;
    let declare = &state.declare_local;
    let limit = super::limit(g, limit);
    let on_child = quote!(#access.on_child(__bt_child_status, #limit));
    let gated = gate(quote!(#access.start(#limit)), tick, Some(on_child));
    let body = quote! {{
        #declare
        #gated
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

/// NodeCanvas's Repeat (`RepeatTimes`, `RepeatUntil`; bt-core's `Rerun`) in `mode`, its count in a
/// `counter`.
fn rerun(
    g: &Gen,
    node: &Node,
    counter: TokenStream,
    mode: TokenStream,
    tick: TokenStream,
    halt: TokenStream,
    code: &mut NodeCode,
) -> (TokenStream, TokenStream) {
    let rules = rules();
    let state = state(g, node, quote!(#rules::Rerun<#counter>), code);
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

/// `Loop(queue, value = {entry}, if_empty = ..)`: pops the queue's front into the value entry
/// before ticking the child, as long as the queue has items.
fn queue_loop(
    g: &Gen,
    node: &Node,
    queue: &Ident,
    value: Option<&Ident>,
    if_empty: &Word<Status>,
    tick: TokenStream,
    halt: TokenStream,
) -> (TokenStream, TokenStream) {
    let child_running = running_flag(g, node.children[0]);
    let if_empty = if_empty.ident();
    let bb = g.tree.blackboard.as_ref();
    // `self` comes from the macro's own tokens (hygiene through `macro_rules!`), the queue's
    // field is the user's name, and the pop's argument is a local located at the name, so that
    // a queue of the wrong type is reported there (a call of `LoopQueue`'s method, which rustc
    // reports without a note into `bt::__private`).
    let (fields, item) = (quote!(self.__bt_bb), quote!(__bt_item));
    let at_queue = Span::call_site().located_at(queue.span());
    let queue_local = Ident::new("__bt_queue", at_queue);
    // An entry of an XML tree that the XML types otherwise: through the trait whose error says
    // where the XML reads it (`model::Entry::read_through`).
    let pop = match bb.and_then(|bb| bb.read_through(queue, crate::kw::READ_QUEUE)) {
        Some(through) => quote!(<_ as #through>::pop_front),
        None => quote!(__bt::LoopQueue::pop_front),
    };
    let pop = crate::tokens::respan(pop, at_queue);
    let queue_access = quote_spanned!(at_queue=> {
        let #queue_local = &mut #fields.#queue;
        #pop(#queue_local)
    });
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
        match __bt::loop_start(
            #child_running,
            || match #queue_access {
                ::core::option::Option::Some(__bt_item) => {
                    #store;
                    true
                }
                ::core::option::Option::None => false,
            },
            __bt::Status::#if_empty,
        ) {
            ::core::option::Option::Some(__bt_status) => __bt_status,
            ::core::option::Option::None => {
                let __bt_child_status = #tick;
                __bt::loop_on_child(__bt_child_status)
            }
        }
    };
    (body, halt)
}

/// The parameters of an `Iterate`.
struct Walk<'a> {
    list: &'a Ident,
    element: &'a Ident,
    index: Option<&'a Ident>,
    until: &'a Word<Until>,
    max: &'a Limit,
    reset_index: bool,
}

/// `Iterate(list, element = {e}, ..)`: one element of the list per tick, written into the
/// element (and index) entries before the child's tick.
fn iterate(
    g: &Gen,
    node: &Node,
    walk: Walk,
    tick: TokenStream,
    halt: TokenStream,
    code: &mut NodeCode,
) -> (TokenStream, TokenStream) {
    let Walk {
        list,
        element,
        index,
        until,
        max,
        reset_index,
    } = walk;
    let (rules, until) = (rules(), until.ident());
    let counter = bounded_counter(max);
    let state = state(g, node, quote!(#rules::Iterate<#counter>), code);
    let s = &state.access;
    // The list is reached through one closure at the user's `list` (for the length and
    // for the element), the element entry through one at `element`: each mistake is
    // reported once, at its entry.
    let list_bb = Ident::new("__bt_list", Span::mixed_site());
    let items = {
        // The list as a local located at the user's name, the argument of `IterList`'s method:
        // an entry that is not a list is reported there, without a note into `bt::__private`.
        let at_list = Span::call_site().located_at(list.span());
        let list_local = Ident::new("__bt_list_entry", at_list);
        quote_spanned!(at_list=> {
            let #list_local = &#list_bb.#list;
            __bt::IterList::items(#list_local)
        })
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
            __bt::iterate_element(#bb, #item, #entry, __bt::IterElement::write);
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
        quote_spanned!(index.span()=> __bt::iterate_index(#bb, #at, #entry, __bt::IterIndex::write_index);)
    });
    let max = super::limit(g, max);
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
                        #rules::Termination::#until,
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
