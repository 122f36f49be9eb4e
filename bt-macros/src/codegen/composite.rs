//! Composites that walk their children in order (`bt_core::control`, the `Flow` protocol): the
//! generated code asks the rule which child to tick next, and halts the child the rule names.
//!
//! One of three layouts, chosen by width and by whether the composite can resume in the middle
//! ([`generate`]): a loop of guarded steps, straight-line steps, or a jump table.

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::Ident;

use super::{
    halt_child, node_methods, parent_locals, running_flag, small_index, state, tick_child, Gen,
    NodeCode,
};
use crate::model::{Composite, Kind, Node};

/// Composites that resume at a remembered child are laid out as one guarded step per child, in a
/// `loop`, when they have at most this many children (else a jump table).
const UNROLL_MAX_CHILDREN: usize = 16;

/// Composites that start at their first child use the `loop` of guarded steps up to this width,
/// and straight-line steps beyond. The loop is faster at run time (LLVM threads it: reactive_1000,
/// with 72 children at the root, ticks in 625 ns against 727 ns straight-line), but LLVM's
/// threading time grows faster than the width (a 5,000-node reactive tree with 357 children at
/// the root took 123 s to build in release); at 128 children it still builds in linear time.
const LOOP_MAX_CHILDREN: usize = 128;

/// A jump table over more children than this is dispatched in parts of this many children, each
/// a function of its own with its leaves written in it ([`Walk::jump_table`]).
pub(super) const PART_CHILDREN: usize = 512;

/// Whether the children of composite `node` are ticked from parts of its jump table, functions
/// of [`PART_CHILDREN`] children each: a wide composite that resumes at a remembered child, in a
/// tree without an error type (a child's error returns from the composite's tick). Its leaves
/// are written in the parts (`codegen::inlined`), whatever the outlining plan: a part holds at
/// most `PART_CHILDREN` of them, as the plan bounds a function's size for LLVM, and a wide
/// tree's build does not pay for a function per leaf.
pub(super) fn ticks_in_parts(g: &Gen, node: &Node) -> bool {
    let Kind::Composite(composite) = node.kind else {
        return false;
    };
    let len = node.children.len();
    let starts_at_first = composite.is_reactive() || super::state_is_local(g, node);
    len > PART_CHILDREN && !starts_at_first && g.error().is_none()
}

pub(super) fn generate(g: &Gen, node: &Node, composite: Composite) -> NodeCode {
    let mut code = NodeCode::default();
    let len = node.children.len();
    let index = small_index(len as u64);
    let rule = match composite {
        Composite::Sequence => quote!(Sequence),
        Composite::SequenceWithMemory => quote!(SequenceWithMemory),
        Composite::ReactiveSequence => quote!(ReactiveSequence),
        Composite::Fallback => quote!(Fallback),
        Composite::ReactiveFallback => quote!(ReactiveFallback),
        Composite::AsyncSequence => quote!(AsyncSequence),
        Composite::AsyncFallback => quote!(AsyncFallback),
    };
    // A walk from a cursor with a child that never skips cannot see every child skip: it counts
    // no skips (`Plan::may_skip`).
    let counts_skips = !composite.walks_from_cursor()
        || (node.children.iter()).all(|&child| g.plan.may_skip[child]);
    let ty = match counts_skips {
        true => quote!(__bt::#rule<#index>),
        false => quote!(__bt::#rule<#index, __bt::NoSkips>),
    };
    let state = state(g, node, ty, &mut code);
    // What the rule counts within one tick, if anything: a local of the tick, passed to every
    // `on_child` (the reactive composites' skipped children: `bt_core::control::ReactiveTick`).
    let tick_local = composite.is_reactive();
    let walk = Walk {
        g,
        node,
        state: &state.access,
        tick_local,
    };
    // A composite that always starts at its first child (reactive kinds, and any composite whose
    // state does not outlive the tick) can be laid out as steps at any width; one that resumes at
    // a remembered child is laid out as steps only while narrow.
    let starts_at_first = composite.is_reactive() || !state.declare_local.is_empty();
    let steps = if len <= UNROLL_MAX_CHILDREN || (starts_at_first && len <= LOOP_MAX_CHILDREN) {
        walk.guarded_loop()
    } else if starts_at_first {
        walk.straight_line()
    } else {
        walk.jump_table(&mut code)
    };
    let declare = &state.declare_local;
    let declare_tick = match tick_local {
        true => {
            let tick = tick_var();
            quote!(let mut #tick = __bt::ReactiveTick::new();)
        }
        false => TokenStream::new(),
    };
    let body = quote! {{
        #declare
        #declare_tick
        #steps
    }};
    let access = &state.access;
    let halt_running = walk.halt_by_position(quote!(__bt_running));
    let halt_body = quote! {
        if let ::core::option::Option::Some(__bt_running) = #access.halt() {
            #halt_running
        }
    };
    code.methods.extend(node_methods(g, node, body, halt_body));
    code
}

/// The walk over one composite's children: `state` is where its rule lives.
struct Walk<'a> {
    g: &'a Gen<'a>,
    node: &'a Node,
    state: &'a TokenStream,
    /// Whether the rule's `on_child` takes this tick's count (`&mut __bt_tick`).
    tick_local: bool,
}

impl Walk<'_> {
    fn len(&self) -> usize {
        self.node.children.len()
    }

    /// Whether the walk ends after child `position` answered `status` (an expression): `false`
    /// when it goes on, with the next child written to the place `next`; `true` with the end of
    /// the walk (the child to halt and the status) written to `__bt_end`
    /// (`bt_core::__private::follow`, the rule's `on_child` and `advance` in one call). The
    /// `match` over the children to halt is written once per composite, after the steps
    /// ([`Walk::halt_tail`]), not once per child.
    fn ends(&self, position: TokenStream, status: TokenStream, next: TokenStream) -> TokenStream {
        let (state, len, end) = (self.state, self.len(), end_var());
        match self.tick_local {
            true => {
                let tick = tick_var();
                quote!(__bt::follow_reactive(#status, &mut #state, #position, #len, &mut #tick, &mut #next, &mut #end))
            }
            false => {
                quote!(__bt::follow(#status, &mut #state, #position, #len, &mut #next, &mut #end))
            }
        }
    }

    /// The walk `steps` (statements that leave with `__bt_end` written: the child to halt, or
    /// `NO_CHILD`, and the status), then the halt of that child: the status of the walk.
    fn halt_tail(&self, steps: TokenStream) -> TokenStream {
        let end = end_var();
        let declare = quote!(let mut #end: __bt::End = __bt::NO_END;);
        if !(self.node.children.iter()).any(|&id| self.g.plan.may_run[id]) {
            return quote!({ #declare #steps #end.1 });
        }
        let halt_named = self.halt_by_position(quote!(__bt_halt));
        quote! {{
            #declare
            #steps
            let (__bt_halt, __bt_status) = #end;
            #halt_named
            __bt_status
        }}
    }

    /// Narrow composites: one step per child inside a `loop`, each guarded by `child == i`. LLVM
    /// threads the chain into straight-line code (a sequence of conditions becomes a `&&` chain);
    /// faster at run time than the straight-line form, and cheap to compile at these widths (see
    /// [`LOOP_MAX_CHILDREN`]).
    ///
    /// The last step has no guard: a tick starts at a child `< len` and a rule's `Tick(next)` is
    /// always the next child (`bt_core::control::Flow`), so a walk that passes every earlier step
    /// is at the last child. Without the guard LLVM has no "no step matched" case to lay out (an
    /// empty infinite loop), and resuming at the last child costs one comparison less.
    fn guarded_loop(&self) -> TokenStream {
        let child = child_var();
        let last = self.len() - 1;
        let steps = self
            .node
            .children
            .iter()
            .enumerate()
            .map(|(position, &id)| {
                let ends = self.ends(quote!(#position), tick_child(self.g, id), quote!(#child));
                if position == last {
                    quote!(if #ends { break; })
                } else {
                    quote!(if #child == #position && #ends { break; })
                }
            });
        let start = self.start();
        let walk = self.halt_tail(quote!(loop { #(#steps)* }));
        quote! {
            #start
            #walk
        }
    }

    /// Wide composites that start at their first child: straight-line code, one step per child in
    /// order (a rule's `Tick(next)` is always the next child: `bt_core::control::Flow`), inside a
    /// labelled block that the first returning step leaves. No loop is left for LLVM to thread, so
    /// the code it compiles grows linearly with the width (a `loop` over hundreds of
    /// `if child == i` steps made release builds of wide trees super-linear: 123 s for a
    /// 5,000-node reactive tree).
    fn straight_line(&self) -> TokenStream {
        let state = self.state;
        let label = syn::Lifetime::new("'__bt_walk", Span::mixed_site());
        let steps = self
            .node
            .children
            .iter()
            .enumerate()
            .map(|(position, &id)| {
                // The next child is the next step's.
                let ends = self.ends(quote!(#position), tick_child(self.g, id), quote!(0));
                quote!(if #ends { break #label; })
            });
        // After the last step every rule has answered (its `Tick(next)` names a later child).
        self.halt_tail(quote!(#label: {
            let _ = #state.start();
            #(#steps)*
            ::core::unreachable!("a composite's rule asked for a child after its last")
        }))
    }

    /// Wide composites that resume at a remembered child: a jump table over the children, so that
    /// resuming at child k does not pass k comparisons; beyond [`PART_CHILDREN`] children, a jump
    /// table over parts, each a function with a jump table over its children ([`ticks_in_parts`]).
    fn jump_table(&self, code: &mut NodeCode) -> TokenStream {
        let child = child_var();
        let dispatch = match ticks_in_parts(self.g, self.node) {
            true => self.parts(code),
            false => self.tick_match(&self.node.children, 0),
        };
        let ends = self.ends(quote!(#child), dispatch, quote!(#child));
        let start = self.start();
        let walk = self.halt_tail(quote!(loop { if #ends { break; } }));
        quote! {
            #start
            #walk
        }
    }

    /// `match __bt_child { .. }` over `children`, the first of which is child `first`: each
    /// child's tick, the last one's for any position after the others.
    fn tick_match(&self, children: &[usize], first: usize) -> TokenStream {
        let child = child_var();
        let (last, rest) = children
            .split_last()
            .expect("validated: at least one child");
        let tick_arms = rest.iter().enumerate().map(|(offset, &id)| {
            let (position, call) = (first + offset, tick_child(self.g, id));
            quote!(#position => #call,)
        });
        let tick_last = tick_child(self.g, *last);
        quote! {
            match #child {
                #(#tick_arms)*
                _ => #tick_last,
            }
        }
    }

    /// The dispatch of [`Walk::jump_table`] over parts of [`PART_CHILDREN`] children: part `k` is
    /// a method (added to `code`) that ticks child `__bt_child` of its range and answers its
    /// status, with the composite's locals its children's ticks may read (the running flags it
    /// passes) as parameters.
    fn parts(&self, code: &mut NodeCode) -> TokenStream {
        let g = self.g;
        let child = child_var();
        let (context, lifetimes) = (&g.tree.header.context, &g.tree.header.context_lifetimes);
        let (ctx, observer) = (super::ctx(), super::observer());
        let passes_flags = (self.node.children.iter()).any(|&id| g.plan.flag_from_parent[id]);
        let (was_running, first) = parent_locals();
        let (params, args) = match passes_flags {
            true => (
                quote!(#was_running: ::core::primitive::bool, #first: ::core::primitive::usize,),
                quote!(#was_running, #first,),
            ),
            false => (TokenStream::new(), TokenStream::new()),
        };
        let last_part = (self.len() - 1) / PART_CHILDREN;
        let mut arms = TokenStream::new();
        for (part, children) in self.node.children.chunks(PART_CHILDREN).enumerate() {
            let name = quote::format_ident!("__bt_part_{}_{}", self.node.id, part);
            let start = part * PART_CHILDREN;
            let ticks = self.tick_match(children, start);
            code.methods.extend(quote! {
                #[inline(never)]
                fn #name<#(#lifetimes,)* __BtO: __bt::Observer>(
                    &mut self,
                    #ctx: &mut #context,
                    #observer: &mut __BtO,
                    #child: ::core::primitive::usize,
                    #params
                ) -> __bt::Status {
                    #ticks
                }
            });
            let call = quote!(self.#name(#ctx, #observer, #child, #args));
            if part == last_part {
                arms.extend(quote!(_ => #call,));
            } else {
                let end = start + PART_CHILDREN - 1;
                arms.extend(quote!(#start..=#end => #call,));
            }
        }
        quote!(match #child { #arms })
    }

    /// `let mut __bt_child = state.start();`, the child a tick starts at. When a child takes its
    /// running flag from this composite ([`Plan::flag_from_parent`](crate::plan::Plan::flag_from_parent)),
    /// also the composite's own flag and that child, read before the rule moves the cursor.
    fn start(&self) -> TokenStream {
        let (state, child) = (self.state, child_var());
        let start = quote!(let mut #child: ::core::primitive::usize = #state.start(););
        let passes_flags = (self.node.children.iter()).any(|&id| self.g.plan.flag_from_parent[id]);
        if !passes_flags {
            return start;
        }
        let (was_running, first) = parent_locals();
        let running = running_flag(self.g, self.node.id);
        quote! {
            let #was_running: ::core::primitive::bool = #running;
            #start
            let #first: ::core::primitive::usize = #child;
        }
    }

    /// `match position { i => halt child i, .. }` over the children that can be running.
    fn halt_by_position(&self, position: TokenStream) -> TokenStream {
        let arms = (self.node.children.iter().enumerate())
            .filter(|(_, &id)| self.g.plan.may_run[id])
            .map(|(index, &id)| {
                let halt = halt_child(self.g, id);
                quote!(#index => { #halt })
            });
        quote! {
            match #position {
                #(#arms)*
                _ => {}
            }
        }
    }
}

fn child_var() -> Ident {
    Ident::new("__bt_child", Span::mixed_site())
}

/// The end of a composite's walk (`bt_core::__private::End`), written by the step that ends it.
pub(super) fn end_var() -> Ident {
    Ident::new("__bt_end", Span::mixed_site())
}

fn tick_var() -> Ident {
    Ident::new("__bt_tick", Span::mixed_site())
}
