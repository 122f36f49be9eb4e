//! The decorators that read the clock: Delay, Timeout, MaxTime, Deadline (NodeCanvas's Timeout)
//! and Cooldown. Each reads the tree's clock once per tick (`now`) and gives it to its bt-core
//! rule; a duration read at run time is read when the node starts (the guide's "Counts and
//! durations"). Each is laid out straight-line: the rule's calls around the child's tick, and the
//! child's halt where the rule asks for it.

use quote::quote;

use super::{
    duration, gate, halt_child, node_methods, now_nanos, rules, state, status, tick_child, Gen,
    NodeCode,
};
use crate::model::{Node, Time};

pub(super) fn generate(g: &Gen, node: &Node, time: &Time) -> NodeCode {
    let mut code = NodeCode::default();
    let rules = rules();
    let child = node.children[0];
    let tick = tick_child(g, child);
    let halt = halt_child(g, child);
    let (body, halt_body) = match time {
        Time::Delay(ms) => {
            let state = state(g, node, quote!(__bt::Delay), &mut code);
            let access = &state.access;
            let now = now_nanos(g, node);
            let ms = duration(g, ms);
            let on_child = quote!(#access.on_child(__bt_child_status));
            let body = gate(quote!(#access.start(#now, #ms)), tick, Some(on_child));
            (body, quote!(#halt #access.halt();))
        }
        Time::Timeout(ms) => {
            let state = state(g, node, quote!(__bt::Timeout), &mut code);
            let (access, declare) = (&state.access, &state.declare_local);
            let now = now_nanos(g, node);
            let duration = duration(g, ms);
            // Straight-line (`Timeout::expired`, `on_child`): timed out, the child is halted
            // without a tick.
            let body = quote!({
                #declare
                if #access.expired(#now, #duration) {
                    #halt
                    __bt::Status::Failure
                } else {
                    let __bt_child_status = #tick;
                    #access.on_child(__bt_child_status)
                }
            });
            (body, quote!(#halt #access.stop();))
        }
        Time::MaxTime(ms) => {
            let state = state(g, node, quote!(__bt::MaxTime), &mut code);
            let (access, declare) = (&state.access, &state.declare_local);
            let now = now_nanos(g, node);
            let duration = duration(g, ms);
            // Straight-line (`MaxTime::begin`, `on_child`): the clock is read before the child's
            // tick; over time, the child still running is halted.
            let body = quote!({
                #declare
                let __bt_over = #access.begin(#now, #duration);
                let __bt_child_status = #tick;
                match #access.on_child(__bt_child_status, __bt_over) {
                    ::core::result::Result::Ok(__bt_status) => __bt_status,
                    ::core::result::Result::Err(__bt_status) => {
                        #halt
                        __bt_status
                    }
                }
            });
            (body, quote!(#halt #access.stop();))
        }
        Time::Deadline(ms) => {
            let state = state(g, node, quote!(#rules::Deadline), &mut code);
            let (access, declare) = (&state.access, &state.declare_local);
            let now = now_nanos(g, node);
            let timeout = duration(g, ms);
            // Straight-line (`Timeout::begin`, `on_child`): the child first; still running at the
            // deadline, it is halted.
            let body = quote!({
                #declare
                let __bt_now = #now;
                #access.begin(__bt_now, #timeout);
                let __bt_child_status = #tick;
                match #access.on_child(__bt_child_status, __bt_now) {
                    ::core::result::Result::Ok(__bt_status) => __bt_status,
                    ::core::result::Result::Err(__bt_status) => {
                        #halt
                        __bt_status
                    }
                }
            });
            (body, quote!(#halt #access.stop();))
        }
        Time::Cooldown { ms, filtered } => {
            let state = state(g, node, quote!(#rules::Cooldown), &mut code);
            let s = &state.access;
            let (now, filtered) = (now_nanos(g, node), status(filtered));
            let ms = duration(g, ms);
            let on_child = quote!(#s.on_child(__bt_child_status, __bt_now));
            let gated = gate(
                quote!(#s.start(__bt_now, #ms, #filtered)),
                tick,
                Some(on_child),
            );
            (
                quote!({
                    let __bt_now = #now;
                    #gated
                }),
                halt,
            )
        }
    };
    code.methods = node_methods(g, node, body, halt_body);
    code
}
