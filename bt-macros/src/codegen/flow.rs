//! Conditional flow: a condition or a value picks the branch (IfThenElse, WhileDoElse, Switch,
//! TryCatch, BinarySelector, IndexSwitch). Each is laid out straight-line from its bt-core rule's
//! straight-line form (`bt_core::step`), its constant parameters and its per-tick inputs; only
//! TryCatch's halt, which may tick the catch child, goes through the loop of `step.rs`.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Expr, ExprClosure, Ident};

use super::step::{rule_bodies, StepRule};
use super::{
    bb, halt_child, node_methods, parent_locals, rules, running_flag, small_index, state, test,
    tick_child, Gen, NodeCode, State,
};
use crate::kinds::{OutOfRange, Word};
use crate::model::{case_alternatives as alternatives, Alternative, Flow, Node};

/// A conditional flow node: its rule's state, then its tick and halt, laid out by kind.
pub(super) fn generate(g: &Gen, node: &Node, flow: &Flow) -> NodeCode {
    let mut code = NodeCode::default();
    let rules = rules();
    let len = node.children.len();
    if let Flow::WhileDoElse = flow {
        code.methods = while_do_else(g, node);
        return code;
    }
    let index = small_index(len as u64);
    let ty = match flow {
        Flow::IfThenElse => quote!(#rules::IfThenElse),
        Flow::WhileDoElse => unreachable!("laid out above, without state"),
        Flow::TryCatch { .. } => quote!(#rules::TryCatch<#index>),
        Flow::Switch { .. } => quote!(#rules::Switch<#index>),
        Flow::BinarySelector { .. } => quote!(#rules::BinarySelector),
        Flow::IndexSwitch { .. } => quote!(#rules::IndexSwitch<#index>),
    };
    let state = state(g, node, ty, &mut code);
    code.methods = match flow {
        Flow::IfThenElse => if_then_else(g, node, &state),
        Flow::WhileDoElse => unreachable!("laid out above"),
        Flow::Switch { entry, cases } => switch(g, node, &state, entry, cases),
        Flow::TryCatch { catch_on_halt } => try_catch(g, node, &state, *catch_on_halt),
        Flow::BinarySelector { condition, dynamic } => {
            binary_selector(g, node, &state, condition, *dynamic)
        }
        Flow::IndexSwitch {
            index,
            out_of_range,
            dynamic,
        } => index_switch(g, node, &state, index, out_of_range, *dynamic),
    };
    code
}

/// `IfThenElse` in straight-line form (`IfThenElse::first`, `on_condition`, `on_branch`,
/// `stop`): the condition, then the branch it chose, in a labelled block (the walk only moves
/// forward); the last child is unguarded, as every earlier step that does not leave the block
/// moves on to it.
fn if_then_else(g: &Gen, node: &Node, state: &State) -> TokenStream {
    let (s, declare) = (&state.access, &state.declare_local);
    let len = node.children.len();
    let label = syn::Lifetime::new("'__bt_walk", proc_macro2::Span::mixed_site());
    let tick = |index: usize| tick_child(g, node.children[index]);
    let condition = tick(0);
    let branches = (1..len).map(|index| {
        let tick = tick(index);
        let step = quote! {
            let __bt_child_status = #tick;
            break #label #s.on_branch(__bt_child_status);
        };
        walk_step(step, index, len)
    });
    let flags = passed_flags(g, node, running_flag(g, node.id), quote!(__bt_child));
    let body = quote!({
        #declare
        let mut __bt_child: ::core::primitive::usize = #s.first();
        #flags
        #label: {
            if __bt_child == 0 {
                let __bt_child_status = #condition;
                match #s.on_condition(__bt_child_status, #len) {
                    ::core::result::Result::Ok(__bt_branch) => __bt_child = __bt_branch,
                    ::core::result::Result::Err(__bt_status) => break #label __bt_status,
                }
            }
            #(#branches)*
        }
    });
    let halt_running = by_position(g, node, quote!(__bt_running), halt_arm);
    let halt_body = quote! {
        let __bt_running: ::core::primitive::usize = #s.stop();
        #halt_running
    };
    node_methods(g, node, body, halt_body)
}

/// `Switch` in straight-line form (`Switch::select`, `on_child`): the first case equal to the
/// entry's value, else the default (the last child), each comparison spanned at its case, so
/// that rustc reports a type mismatch there; then the halt of the child that ran before if it is
/// another, and the tick of the selected one.
fn switch(g: &Gen, node: &Node, state: &State, entry: &Ident, cases: &[Expr]) -> TokenStream {
    let (s, declare) = (&state.access, &state.declare_local);
    let default = cases.len();
    // The local comes from the macro's own tokens: from a `macro_rules!` fragment the
    // case's span has another hygiene context, where it would not resolve.
    let value = quote!(__bt_value);
    let arms = cases.iter().enumerate().map(|(position, case)| {
        let test = case_test(case, &value);
        quote_spanned!(case.span()=> if #test { #position } else)
    });
    let tracked = (g.tree.blackboard.as_ref()).is_some_and(|bb| bb.is_tracked(entry));
    let value = if tracked {
        quote!(&*self.__bt_bb.#entry)
    } else {
        quote!(&self.__bt_bb.#entry)
    };
    let selected = quote!({
        let __bt_value = #value;
        #(#arms)* { #default }
    });
    let halt_previous = by_position(g, node, quote!(__bt_previous), halt_arm);
    let tick_selected = by_position(g, node, quote!(__bt_selected), tick_arm);
    let flags = passed_flags(
        g,
        node,
        quote! {
            #s.is_running()
        },
        quote! {
            match #s.running() {
                ::core::option::Option::Some(__bt_running) => __bt_running,
                ::core::option::Option::None => 0,
            }
        },
    );
    let body = quote!({
        #declare
        #flags
        let __bt_selected: ::core::primitive::usize = #selected;
        if let ::core::option::Option::Some(__bt_previous) = #s.select(__bt_selected) {
            #halt_previous
        }
        let __bt_child_status = #tick_selected;
        #s.on_child(__bt_child_status)
    });
    let halt_running = by_position(g, node, quote!(__bt_running), halt_arm);
    let halt_body = quote! {
        if let ::core::option::Option::Some(__bt_running) = #s.take_running() {
            #halt_running
        }
    };
    node_methods(g, node, body, halt_body)
}

/// `TryCatch`: the tick in straight-line form (`TryCatch::first`, `on_child`: the guarded steps
/// of `composite.rs`, the catch child last and unguarded, which a failure jumps to); the halt in
/// the `Step` form, which with `catch_on_halt` may tick the catch child, and without it only
/// halts the running child (no children's ticks in the halt).
fn try_catch(g: &Gen, node: &Node, state: &State, catch_on_halt: bool) -> TokenStream {
    let (s, declare) = (&state.access, &state.declare_local);
    let len = node.children.len();
    let mut halt_rule = StepRule::with_params(state, None, quote!(#len, #catch_on_halt));
    halt_rule.halt_may_tick = catch_on_halt;
    if catch_on_halt {
        // A halt ticks the catch child afresh.
        halt_rule.halt_locals = passed_flags(g, node, quote!(false), quote!(0));
    }
    let (_, halt_body) = rule_bodies(g, node, halt_rule);
    // A labelled block, not a `loop`: the walk only moves forward (`Flow::Tick` names a
    // later child), and LLVM would hoist the later children's arithmetic out of a loop
    // into every tick.
    let label = syn::Lifetime::new("'__bt_walk", proc_macro2::Span::mixed_site());
    // Each step through `follow`, which moves `__bt_child` on and writes the walk's end when it
    // ends; the rule never asks for a child after the last one, and never to halt one in a tick
    // (`TryCatch::on_child`).
    let end = super::composite::end_var();
    let steps = node.children.iter().enumerate().map(|(position, &id)| {
        let tick = tick_child(g, id);
        let ends =
            quote!(__bt::follow(#tick, &mut #s, #position, #len, &mut __bt_child, &mut #end));
        match position == len - 1 {
            true => quote!(if #ends { break #label; }),
            false => quote!(if __bt_child == #position && #ends { break #label; }),
        }
    });
    let flags = passed_flags(g, node, running_flag(g, node.id), quote!(__bt_child));
    let body = quote!({
        #declare
        let mut __bt_child: ::core::primitive::usize = #s.first(#len);
        let mut #end: __bt::End = __bt::NO_END;
        #flags
        #label: {
            #(#steps)*
            ::core::unreachable!("TryCatch's rule asked for a child after its last")
        }
        #end.1
    });
    node_methods(g, node, body, halt_body)
}

/// `BinarySelector` in straight-line form (`BinarySelector::select`, `on_child`): halt the
/// running child if the tick moves away from it, then tick the chosen one. Static: the condition
/// is only read when the node starts.
fn binary_selector(
    g: &Gen,
    node: &Node,
    state: &State,
    condition: &ExprClosure,
    dynamic: bool,
) -> TokenStream {
    let s = &state.access;
    let test = test(condition);
    let value = if dynamic {
        test
    } else {
        quote!(#s.running().is_none() && #test)
    };
    let select = quote!(#s.select(__bt_condition, #dynamic));
    let body = quote! {
        let __bt_condition: ::core::primitive::bool = #value;
        let (__bt_previous, __bt_chosen) = #select;
    };
    select_one(g, node, state, body, false)
}

/// `IndexSwitch` in straight-line form (`IndexSwitch::select`, `on_child`), as
/// `BinarySelector`; an index out of range may answer without a child.
fn index_switch(
    g: &Gen,
    node: &Node,
    state: &State,
    index: &ExprClosure,
    out_of_range: &Word<OutOfRange>,
    dynamic: bool,
) -> TokenStream {
    let (s, len, rules) = (&state.access, node.children.len(), rules());
    let bb = bb();
    let case =
        quote_spanned!(index.span()=> __bt::case_index(#bb, #index, __bt::CaseIndex::case_index));
    let value = if dynamic {
        case
    } else {
        quote!(if #s.running().is_none() { #case } else { 0 })
    };
    let out_of_range = out_of_range.ident();
    let mode = quote!(#rules::OutOfRange::#out_of_range);
    let select = quote!(#s.select(__bt_index, #len, #mode, #dynamic));
    let body = quote! {
        let __bt_index: ::core::primitive::i64 = #value;
        let (__bt_previous, __bt_chosen) = #select;
    };
    select_one(g, node, state, body, true)
}

/// The step of the child at `position` in a labelled walk over `len` children that only moves
/// forward: under `if __bt_child == position`, but the last one, which every earlier step that
/// does not leave the block moves on to.
fn walk_step(step: TokenStream, position: usize, len: usize) -> TokenStream {
    if position == len - 1 {
        quote!({ #step })
    } else {
        quote!(if __bt_child == #position { #step })
    }
}

/// `WhileDoElse` in straight-line form (`WhileDoElse::halts`, `on_condition`), without state:
/// the condition, the halts of the branches it does not choose (a branch's halt function checks
/// the branch's flag), then the branch it chooses.
fn while_do_else(g: &Gen, node: &Node) -> TokenStream {
    let rules = rules();
    let rule = quote!(#rules::WhileDoElse);
    let len = node.children.len();
    let condition = tick_child(g, node.children[0]);
    let halts = (1..len).filter_map(|branch| {
        let id = node.children[branch];
        g.plan.may_run[id].then(|| {
            let halt = halt_child(g, id);
            quote!(if #rule::halts(__bt_condition, #branch) { #halt })
        })
    });
    let then = tick_child(g, node.children[1]);
    let branches = if len == 3 {
        let otherwise = tick_child(g, node.children[2]);
        quote! {
            ::core::result::Result::Ok(1) => #then,
            ::core::result::Result::Ok(_) => #otherwise,
        }
    } else {
        quote!(::core::result::Result::Ok(_) => #then,)
    };
    let body = quote!({
        let __bt_condition: __bt::Status = #condition;
        #(#halts)*
        match #rule::on_condition(__bt_condition, #len) {
            #branches
            ::core::result::Result::Err(__bt_status) => __bt_status,
        }
    });
    let halt_body = node.children.iter().map(|&id| halt_child(g, id)).collect();
    node_methods(g, node, body, halt_body)
}

/// The tick and halt of a node that runs one chosen child at a time (`BinarySelector`,
/// `IndexSwitch`): `select` binds `__bt_previous`, the running child to halt first, and
/// `__bt_chosen`, the child to tick (with `fallible`: `Ok(child)`, or `Err(answer)` without a
/// child); the rule's `on_child` gives the answer, its `take_running` the child a halt halts.
fn select_one(
    g: &Gen,
    node: &Node,
    state: &State,
    select: TokenStream,
    fallible: bool,
) -> TokenStream {
    let (s, declare) = (&state.access, &state.declare_local);
    let halt_previous = by_position(g, node, quote!(__bt_previous), halt_arm);
    let tick_chosen = by_position(g, node, quote!(__bt_chosen), tick_arm);
    let flags = passed_flags(
        g,
        node,
        quote!(#s.is_running()),
        quote! {
            match #s.running() {
                ::core::option::Option::Some(__bt_running) => __bt_running,
                ::core::option::Option::None => 0,
            }
        },
    );
    let tick = quote! {{
        let __bt_child_status = #tick_chosen;
        #s.on_child(__bt_child_status)
    }};
    let tick = if fallible {
        quote! {
            match __bt_chosen {
                ::core::result::Result::Ok(__bt_chosen) => #tick,
                ::core::result::Result::Err(__bt_status) => __bt_status,
            }
        }
    } else {
        tick
    };
    let body = quote!({
        #declare
        #flags
        #select
        if let ::core::option::Option::Some(__bt_previous) = __bt_previous {
            #halt_previous
        }
        #tick
    });
    let halt_running = by_position(g, node, quote!(__bt_running), halt_arm);
    let halt_body = quote! {
        if let ::core::option::Option::Some(__bt_running) = #s.take_running() {
            #halt_running
        }
    };
    node_methods(g, node, body, halt_body)
}

/// The locals from which the children of `node` that take their running flag from it
/// (`Plan::flag_from_parent`) compute it: `node`'s own flag when its tick starts, and the child
/// running then. Nothing when no child takes its flag from `node`.
fn passed_flags(g: &Gen, node: &Node, was_running: TokenStream, first: TokenStream) -> TokenStream {
    if !(node.children.iter()).any(|&child| g.plan.flag_from_parent[child]) {
        return TokenStream::new();
    }
    let (was, at) = parent_locals();
    quote! {
        let #was: ::core::primitive::bool = #was_running;
        let #at: ::core::primitive::usize = #first;
    }
}

/// `match position { i => what(child i), .. }` over `node`'s children (the last one as `_`).
fn by_position(
    g: &Gen,
    node: &Node,
    position: TokenStream,
    what: fn(&Gen, usize, bool) -> Option<TokenStream>,
) -> TokenStream {
    let last = node.children.len() - 1;
    let arms = node.children.iter().enumerate().filter_map(|(index, &id)| {
        let code = what(g, id, index == last)?;
        Some(if index == last {
            quote!(_ => #code,)
        } else {
            quote!(#index => #code,)
        })
    });
    let fallback = match what(g, node.children[last], true) {
        Some(_) => TokenStream::new(),
        None => quote!(_ => {}),
    };
    quote! {
        match #position {
            #(#arms)*
            #fallback
        }
    }
}

/// A child's tick, as an arm of [`by_position`].
fn tick_arm(g: &Gen, id: usize, _last: bool) -> Option<TokenStream> {
    Some(tick_child(g, id))
}

/// A child's halt, as an arm of [`by_position`]: none for a child that never runs.
fn halt_arm(g: &Gen, id: usize, _last: bool) -> Option<TokenStream> {
    g.plan.may_run[id].then(|| {
        let halt = halt_child(g, id);
        quote!({ #halt })
    })
}

/// The test of one `Switch` case against `*value`. A case is a pattern of values: `a | b` is
/// either (never the bitwise or: write `(A | B)` for that value), a range `lo..=hi`, `lo..hi`,
/// `lo..` or `..=hi` holds the values it contains, and anything else is a value compared with
/// `==`. Each test is spanned at its alternative, so that rustc reports a type mismatch there.
fn case_test(case: &syn::Expr, value: &TokenStream) -> TokenStream {
    let tests = alternatives(case).into_iter().map(|alternative| match alternative {
        Alternative::Value(expr) => quote_spanned!(expr.span()=> *#value == #expr),
        Alternative::Range(start, limits, end) => {
            let span = start.map_or_else(|| limits.span(), Spanned::span);
            quote_spanned!(span=> ::core::ops::RangeBounds::contains(&(#start #limits #end), #value))
        }
    });
    quote!((#(#tests)||*))
}
