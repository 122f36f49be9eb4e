//! The loop that drives a rule of the `Step` protocol (`bt_core::step`): the rule asks to tick
//! or halt a child by index, the loop does it through a jump table over the children and reports
//! what happened, until the rule returns a status.

use proc_macro2::TokenStream;
use quote::quote;

use super::{ctx, halt_child, halt_post_order, observer, tick_child, tick_fn, Gen};
use crate::model::Node;

/// The loop over `node`'s children, from the step `first`; after each step, `next` (an
/// expression over the event `__bt_event`) gives the next step. Evaluates to the status the
/// rule returns.
///
/// A halt may tick a child too (TryCatch's `catch_on_halt`); in a tree with an error type an
/// error there cannot abort anything (a halt does not fail), so the child counts as failed, and
/// what its aborted tick left running is halted.
///
/// `pseudo` lists the pseudo children (`bt_core::abort`): a `Tick(k)` of one of them is answered
/// with its status expression (a condition's value) instead of ticking a node.
fn drive(
    g: &Gen,
    node: &Node,
    first: TokenStream,
    next: TokenStream,
    in_halt: bool,
    pseudo: &[(usize, TokenStream)],
) -> TokenStream {
    let (last, rest) = node
        .children
        .split_last()
        .expect("validated: at least one child");
    let tick = |id: usize| match (in_halt, g.error()) {
        (true, Some(_)) => {
            // The child's tick stops at the error: what it left running (the nodes on the
            // failing leaf's path, marked running, and what they started) is halted.
            let (tick, ctx, observer) = (tick_fn(id), ctx(), observer());
            let halt = halt_post_order(g, id);
            quote! {
                match self.#tick(#ctx, #observer) {
                    ::core::result::Result::Ok(__bt_child_status) => __bt_child_status,
                    ::core::result::Result::Err(_) => {
                        #halt
                        __bt::Status::Failure
                    }
                }
            }
        }
        _ => tick_child(g, id),
    };
    let ticks = rest.iter().enumerate().map(|(position, &id)| {
        let tick = tick(id);
        quote!(#position => #tick,)
    });
    let tick_last = tick(*last);
    let pseudo = pseudo
        .iter()
        .map(|(index, status)| quote!(#index => #status,));
    let halts = (node.children.iter().enumerate())
        .filter(|(_, &id)| g.plan.may_run[id])
        .map(|(position, &id)| {
            let halt = halt_child(g, id);
            quote!(#position => { #halt })
        });
    quote! {{
        let mut __bt_step: __bt::Step = #first;
        loop {
            let __bt_event = match __bt_step {
                __bt::Step::Tick(__bt_child) => __bt::Event::Child(
                    __bt_child,
                    match __bt_child {
                        #(#pseudo)*
                        #(#ticks)*
                        _ => #tick_last,
                    },
                ),
                __bt::Step::Halt(__bt_child) => {
                    match __bt_child {
                        #(#halts)*
                        _ => {}
                    }
                    __bt::Event::Halted(__bt_child)
                }
                __bt::Step::Return(__bt_status) => break __bt_status,
            };
            __bt_step = #next;
        }
    }}
}

/// The halt of a rule that never ticks a child while halting ([`StepRule::halt_may_tick`]): the
/// `Halt` steps from `first`, each child halted by a `match` over the children that can run,
/// until the rule returns (a `Tick` would end the loop too; these rules never ask for one).
fn drive_halts(g: &Gen, node: &Node, first: TokenStream, next: TokenStream) -> TokenStream {
    let halts = (node.children.iter().enumerate())
        .filter(|(_, &id)| g.plan.may_run[id])
        .map(|(position, &id)| {
            let halt = halt_child(g, id);
            quote!(#position => { #halt })
        });
    quote! {{
        let mut __bt_step: __bt::Step = #first;
        while let __bt::Step::Halt(__bt_child) = __bt_step {
            match __bt_child {
                #(#halts)*
                _ => {}
            }
            let __bt_event = __bt::Event::Halted(__bt_child);
            __bt_step = #next;
        }
    }}
}

/// A rule of the `Step` protocol, for [`rule_bodies`]: its calls, with pseudo children and with
/// what the halt needs of its own (its locals and its `next`, so that a halt
/// reads no clock and evaluates no input it does not need).
pub(super) struct StepRule {
    /// Opens the tick (the rule's state when it is a local).
    pub declare: TokenStream,
    /// Opens the tick, after `declare`: what `start` and `next` read.
    pub locals: TokenStream,
    /// Opens the halt: what `halt` and `halt_next` read.
    pub halt_locals: TokenStream,
    pub start: TokenStream,
    /// The step after `__bt_event`, in a tick.
    pub next: TokenStream,
    pub halt: TokenStream,
    /// The step after `__bt_event`, in a halt.
    pub halt_next: TokenStream,
    /// The pseudo children: `(k, status)` answers `Tick(k)` with `status`.
    pub pseudo: Vec<(usize, TokenStream)>,
    /// Whether the rule may tick a child while halting (TryCatch's `catch_on_halt`). The other
    /// rules of the family only halt their running child from `halt`, and return after a
    /// `Halted` event: their halt is a loop over `Halt` steps, without the children's ticks.
    pub halt_may_tick: bool,
}

impl StepRule {
    /// The rule whose state is `state` and whose calls take the constant `params` after their
    /// own arguments: `start(inputs, params)`, `next(__bt_event, params)`, `halt(params)`.
    pub fn with_params(
        state: &super::State,
        inputs: Option<TokenStream>,
        params: TokenStream,
    ) -> StepRule {
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
        StepRule {
            declare: state.declare_local.clone(),
            locals: TokenStream::new(),
            halt_locals: TokenStream::new(),
            start,
            next: next.clone(),
            halt: quote!(#access.halt(#params)),
            halt_next: next,
            pseudo: Vec::new(),
            halt_may_tick: false,
        }
    }
}

/// The tick and halt bodies of a node driven by `rule`.
pub(super) fn rule_bodies(g: &Gen, node: &Node, rule: StepRule) -> (TokenStream, TokenStream) {
    let StepRule {
        declare,
        locals,
        halt_locals,
        start,
        next,
        halt,
        halt_next,
        pseudo,
        halt_may_tick,
    } = rule;
    let tick = drive(g, node, start, next, false, &pseudo);
    let halt = match halt_may_tick {
        true => drive(g, node, halt, halt_next, true, &pseudo),
        false => drive_halts(g, node, halt, halt_next),
    };
    (
        quote!({
            #declare
            #locals
            #tick
        }),
        quote! {
            #halt_locals
            let _ = #halt;
        },
    )
}
