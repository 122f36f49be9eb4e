//! The loop that drives a rule of the `Step` protocol (`bt_core::step`): the rule asks to tick
//! or halt a child by index, the loop does it through a jump table over the children and reports
//! what happened, until the rule returns a status.

use proc_macro2::TokenStream;
use quote::quote;

use super::{halt_child, tick_child, Gen};
use crate::model::Node;

/// The loop over `node`'s children, from the step `first`; after each step, `next` (an
/// expression over the event `__bt_event`) gives the next step. Evaluates to the status the
/// rule returns.
pub(super) fn drive(g: &Gen, node: &Node, first: TokenStream, next: TokenStream) -> TokenStream {
    let (last, rest) = node
        .children
        .split_last()
        .expect("validated: at least one child");
    let ticks = rest.iter().enumerate().map(|(position, &id)| {
        let tick = tick_child(g, id);
        quote!(#position => #tick,)
    });
    let tick_last = tick_child(g, *last);
    let halts = (node.children.iter().enumerate())
        .filter(|(_, &id)| g.plan.may_run[id])
        .map(|(position, &id)| {
            let halt = halt_child(g, id);
            quote!(#position => { #halt })
        });
    quote! {{
        let mut __bt_step: ::bt::__private::Step = #first;
        loop {
            let __bt_event = match __bt_step {
                ::bt::__private::Step::Tick(__bt_child) => ::bt::__private::Event::Child(
                    __bt_child,
                    match __bt_child {
                        #(#ticks)*
                        _ => #tick_last,
                    },
                ),
                ::bt::__private::Step::Halt(__bt_child) => {
                    match __bt_child {
                        #(#halts)*
                        _ => {}
                    }
                    ::bt::__private::Event::Halted(__bt_child)
                }
                ::bt::__private::Step::Return(__bt_status) => break __bt_status,
            };
            __bt_step = #next;
        }
    }}
}

/// The tick and halt bodies of a node driven by a `Step` rule: `start`, `next` and `halt` are the
/// rule's calls (over `__bt_event` for `next`).
pub(super) fn bodies(
    g: &Gen,
    node: &Node,
    declare: &TokenStream,
    start: TokenStream,
    next: TokenStream,
    halt: TokenStream,
) -> (TokenStream, TokenStream) {
    let tick = drive(g, node, start, next.clone());
    let halt = drive(g, node, halt, next);
    (
        quote!({
            #declare
            #tick
        }),
        quote! {
            let _ = #halt;
        },
    )
}
