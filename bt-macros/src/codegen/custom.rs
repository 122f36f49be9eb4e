//! The user's own control nodes and decorators (`bt_core::custom`). The node is a field of the
//! tree, beside its bookkeeping (its children's last statuses, `bt_core::custom::Lasts`).
//! For a call, the handle (`Kids`) holds the tree through a small struct of this tree's, its
//! slots, which reach the node (the handle dereferences to it), tick, halt and reset child `i` by
//! a `match` (`ChildSlots`) and move the node's port values (`NodeSlots`). Nothing is moved
//! around the call, and the node is never borrowed while a child runs. Every call goes through
//! the node's trait (`TryControlNode` or `TryDecoratorNode`) spanned at the user's type, so that
//! a type without the trait is reported once, there.
//!
//! The slots are one struct per tree ([`slots_struct`]), told apart by the node's group and id
//! (const parameters), with the two impls of each group written once, beside the tree: the
//! nodes of a group (one user type, kind and child count) build the same handle type in a debug
//! build, so that its code is compiled once ([`Handles`]).

use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;

use super::leaf::{port_steps, PortSteps};
use super::{aborted, ctx, halt_fn, leaf_field, node_methods, observer, tick_fn, Gen, NodeCode};
use crate::kinds::CustomKind;
use crate::model::Tree;
use crate::model::{Custom, Kind, Node};

pub(super) fn generate(g: &Gen, node: &Node, custom: &Custom) -> NodeCode {
    let mut code = NodeCode::default();
    let leaf = &custom.node;
    let ty = &leaf.ty;
    let count = node.children.len();
    code.checks
        .extend(super::leaf::required_check(g, node, leaf));
    if custom.kind == CustomKind::Control {
        // The same trait path as the calls', so that a type without the trait gets one error.
        let context = static_lifetimes(g.tree.header.context.to_token_stream());
        let node_trait = node_trait(g, custom, context);
        let key = format!("children {} {node_trait} {count}", ty.to_token_stream());
        let check = super::leaf::Check::about(g, quote!(#ty #node_trait), ty.span(), key, || {
            let name = crate::text::source(ty.to_token_stream());
            super::leaf::CheckTokens::Done(quote_spanned!(ty.span()=>
                __bt::check_children(
                    #name,
                    #node_trait::MIN_CHILDREN,
                    #node_trait::MAX_CHILDREN,
                    #count,
                )
            ))
        });
        code.checks.extend(check);
    }
    let init = match &leaf.init {
        Some(init) => quote_spanned!(init.span()=> #init),
        None => quote_spanned!(ty.span()=> <#ty as ::core::default::Default>::default()),
    };
    code.fields.push((leaf_field(node.id), quote!(#ty), init));
    let lasts = lasts_type(count);
    code.fields.push((
        state_field(node.id),
        lasts.clone(),
        quote!(<#lasts as __bt::Lasts>::IDLE),
    ));
    if g.error().is_none() {
        code.methods.extend(children_method(g, node));
    }
    let slots = slots(g, node, custom);
    let body = tick_body(g, node, custom, &slots);
    let halt_body = halt_body(g, custom, &slots);
    code.methods.extend(node_methods(g, node, body, halt_body));
    code.items.extend(slots.items);
    code
}

/// The name of the tree's slots struct: `__BtSlots` and the tree's name, so that two trees of
/// one module do not share it.
fn slots_type(tree: &Tree) -> Ident {
    format_ident!("__BtSlots{}", tree.header.name)
}

/// The slots struct of a tree with user nodes, beside the tree: a borrow of the tree and of the
/// observer, for the node whose id is `__BT_ID`.
pub(super) fn slots_struct(tree: &Tree) -> TokenStream {
    if !(tree.nodes.iter()).any(|node| matches!(node.kind, Kind::Custom(_))) {
        return TokenStream::new();
    }
    let (slots, this) = (slots_type(tree), tree.header.self_type());
    let params = slots_params(tree);
    let where_clause = &tree.header.generics.where_clause;
    quote! {
        #[doc(hidden)]
        #[allow(non_camel_case_types)]
        struct #slots<
            '__bt_t,
            #params
            __BtChildO,
            const __BT_GROUP: ::core::primitive::usize,
            const __BT_ID: ::core::primitive::usize,
        >
        #where_clause
        {
            tree: &'__bt_t mut #this,
            observer: &'__bt_t mut __BtChildO,
            /// The node's id, among its group's (`Handles`).
            id: ::core::primitive::usize,
        }
    }
}

/// The tree's parameters among the slots struct's (with a comma after them).
fn slots_params(tree: &Tree) -> TokenStream {
    let params = &tree.header.generics.params;
    match params.is_empty() {
        true => TokenStream::new(),
        false => quote!(#params,),
    }
}

/// The tree's arguments among the slots struct's (with a comma after them).
fn slots_args(tree: &Tree) -> TokenStream {
    let args = (tree.header.generics.params.iter()).map(|param| match param {
        syn::GenericParam::Lifetime(param) => param.lifetime.to_token_stream(),
        syn::GenericParam::Type(param) => param.ident.to_token_stream(),
        syn::GenericParam::Const(param) => param.ident.to_token_stream(),
    });
    quote!(#(#args,)*)
}

/// The field of a user node's bookkeeping: its children's last statuses (`Lasts`).
fn state_field(id: usize) -> super::Field {
    super::Field::of_node(id, format_ident!("__bt_user_{}", id))
}

/// The type of `count` children's last statuses: a byte each (`bt_core::custom::Lasts` says why).
fn lasts_type(count: usize) -> TokenStream {
    quote!([::core::option::Option<__bt::Status>; #count])
}

/// `node`'s parent and its position there, when the parent is a user node.
fn user_parent(g: &Gen, node: &Node) -> Option<(usize, usize)> {
    let parent = &g.tree.nodes[node.parent?];
    let position = parent.children.iter().position(|&child| child == node.id)?;
    matches!(parent.kind, Kind::Custom(_)).then_some((parent.id, position))
}

/// The node's trait as a path, spanned at the user's type: `<Type as ControlNode<Ctx>>` (or
/// `DecoratorNode`), or in a tree with an error type `<Type as TryControlNode<Ctx, E>>` (or
/// `TryDecoratorNode`), so that a type without it is told of the trait that fits the tree.
fn node_trait(g: &Gen, custom: &Custom, context: TokenStream) -> TokenStream {
    let ty = &custom.node.ty;
    let name = match (custom.kind, g.error()) {
        (CustomKind::Control, None) => quote!(ControlNode<#context>),
        (CustomKind::Decorator, None) => quote!(DecoratorNode<#context>),
        (CustomKind::Control, Some(error)) => quote!(TryControlNode<#context, #error>),
        (CustomKind::Decorator, Some(error)) => quote!(TryDecoratorNode<#context, #error>),
    };
    quote_spanned!(ty.span()=> <#ty as __bt::#name>)
}

/// The tree's error type, or `Infallible`.
fn error_type(g: &Gen) -> TokenStream {
    match g.error() {
        Some(error) => quote!(#error),
        None => quote!(::core::convert::Infallible),
    }
}

/// The handle's slots: the tree's slots struct for this node ([`slots_struct`]), which reaches
/// the node and its bookkeeping, moves its port values (`NodeSlots`) and ticks, halts and resets
/// child `i` (`ChildSlots`): the two impls, beside the tree; and the expression that builds the
/// handle over them.
struct Slots {
    items: TokenStream,
    /// `let mut __bt_kids = ..;`: the statement that builds the handle.
    handle: TokenStream,
    /// Whether the node has ports bound to entries, moved around its calls (`NodeSlots::PORTS`).
    ports: bool,
}

fn slots(g: &Gen, node: &Node, custom: &Custom) -> Slots {
    let slots = slots_type(g.tree);
    let members = g.handles.members(node.id);
    let group = proc_macro2::Literal::usize_unsuffixed(members[0]);
    let id = proc_macro2::Literal::usize_unsuffixed(node.id);
    let error = error_type(g);
    let count = node.children.len();
    let ports = g.handles.ports(node.id);
    let inferred: Vec<TokenStream> = (g.tree.header.generics.type_params())
        .map(|_| quote!(_,))
        .collect();
    let observer = observer();
    // A struct literal, not a call: `Kids::new` would be one more function per handle type.
    let handle = |handle_id: &proc_macro2::Literal| {
        quote!(let mut __bt_kids = __bt::Kids::<_, #error, #count> {
            slots: #slots::<#(#inferred)* _, #group, #handle_id> {
                tree: &mut *self,
                observer: &mut *#observer,
                id: #id,
            },
            error: ::core::option::Option::None,
        };)
    };
    // The handle type's node: the group's in a debug build, the node itself in a release build
    // ([`Handles`]), by `cfg` on two statements (a `cfg!` in the type would be a constant to
    // type-check per node).
    let handle = match node.id == members[0] {
        true => handle(&group),
        false => {
            let (debug, release) = (handle(&group), handle(&id));
            quote! {
                #[cfg(debug_assertions)]
                #debug
                #[cfg(not(debug_assertions))]
                #release
            }
        }
    };
    let items = match members[0] == node.id {
        true => slots_impls(g, custom, members),
        false => TokenStream::new(),
    };
    Slots {
        items,
        handle,
        ports,
    }
}

/// Whether a user node has ports bound to entries, moved around its calls.
fn has_ports(custom: &Custom) -> bool {
    let PortSteps { loads, stores, .. } = port_steps(&custom.node);
    !(loads.is_empty() && stores.is_empty())
}

/// The user nodes whose handles share their code in a debug build: the nodes of one user type,
/// kind and child count. A handle's code (the node's `tick`, generic over its handle, and the
/// handle's methods) is compiled once per handle type. The slots type names the group and a node
/// (`__BtSlots<.., GROUP, ID>`), with one impl per group, generic over the node, that finds the
/// node's fields and children by a `match` on the node's id: in a debug build the node is the
/// group's (one handle type per group, the node's id read from `__BtSlots::id` at run time), so
/// that a 1,000-node tree of a few user types compiles a few handles, not one per node (a third
/// fewer instructions to build the `user` tree of `benches/build_time.sh`); in a release build it
/// is the node itself, the `match` is on a constant and keeps one arm, and the code is optimised
/// per node as before (one type per group in release builds too made LLVM decline to inline the
/// three `RecoveryNode`s' tick of the `nav` workload: 203.3 instructions per tick against 116.4).
pub(super) struct Handles {
    /// By node id: the node's group; an empty one for a node that is not the user's.
    groups: Vec<std::rc::Rc<Group>>,
}

/// The user nodes that share a handle type in a debug build ([`Handles`]).
#[derive(Default)]
struct Group {
    /// Their ids, in pre-order: the first one names the group.
    members: Vec<usize>,
    /// Whether any of them has ports bound to entries (`NodeSlots::PORTS`).
    ports: bool,
}

impl Handles {
    /// The groups of `tree`'s user nodes, found in one pass.
    pub(super) fn of(tree: &Tree) -> Handles {
        let mut by_key = std::collections::HashMap::<String, Group>::new();
        for node in &tree.nodes {
            if let Kind::Custom(custom) = &node.kind {
                let key = format!(
                    "{:?} {} {}",
                    custom.kind,
                    node.children.len(),
                    custom.node.ty.to_token_stream()
                );
                let group = by_key.entry(key).or_default();
                group.members.push(node.id);
                group.ports |= has_ports(custom);
            }
        }
        // Every node that is not the user's shares one empty group.
        let none = std::rc::Rc::new(Group::default());
        let mut groups: Vec<_> = tree.nodes.iter().map(|_| none.clone()).collect();
        for group in by_key.into_values() {
            let group = std::rc::Rc::new(group);
            for &id in &group.members {
                groups[id] = group.clone();
            }
        }
        Handles { groups }
    }

    /// The members of user node `id`'s group.
    fn members(&self, id: usize) -> &[usize] {
        &self.groups[id].members
    }

    /// Whether user node `id`'s group moves ports around its calls (`NodeSlots::PORTS`).
    fn ports(&self, id: usize) -> bool {
        self.groups[id].ports
    }
}

/// `arm(id)` for the node the slots are for: the one member's tokens, or a `match` on the node's
/// id, read at run time in a debug build and the slots type's constant in a release build
/// ([`Handles`]).
fn by_member(members: &[usize], arm: impl Fn(usize) -> TokenStream) -> TokenStream {
    if let [only] = members {
        return arm(*only);
    }
    let arms = members.iter().map(|&id| {
        let (pattern, tokens) = (proc_macro2::Literal::usize_unsuffixed(id), arm(id));
        quote!(#pattern => #tokens,)
    });
    quote! {
        match match ::core::cfg!(debug_assertions) {
            true => self.id,
            false => __BT_ID,
        } {
            #(#arms)*
            _ => ::core::unreachable!(),
        }
    }
}

/// The two impls of the slots of a group's `members` ([`Handles`]), beside the tree.
fn slots_impls(g: &Gen, custom: &Custom, members: &[usize]) -> TokenStream {
    let slots = slots_type(g.tree);
    let group = proc_macro2::Literal::usize_unsuffixed(members[0]);
    let context = &g.tree.header.context;
    let lifetimes = &g.tree.header.context_lifetimes;
    let ty = &custom.node.ty;
    let ctx = ctx();
    let error = error_type(g);
    let children = |id: usize| &g.tree.nodes[id].children;
    let count = children(members[0]).len();
    let lasts = lasts_type(count);
    let field = |id: usize| leaf_field(id);
    let state = |id: usize| state_field(id);
    // A child's running flag is its last status in the handle (`Plan::flag_from_parent`).
    let running = |id: usize| match g.plan.flag_from_parent[id] {
        true => quote!(, __bt_running),
        false => TokenStream::new(),
    };
    let tick = by_member(members, |node| match g.error() {
        // Each child through its tick function, which returns the tree's error.
        Some(_) => {
            let arms = children(node).iter().enumerate().map(|(position, &id)| {
                let (tick, running) = (tick_fn(id), running(id));
                quote!(#position => self.tree.#tick(#ctx, self.observer #running),)
            });
            quote! {
                match __bt_index {
                    #(#arms)*
                    _ => __bt::no_such_child(__bt_index, #count),
                }
            }
        }
        // Through one method of the tree with the children's leaves written in it.
        None => {
            let children = quote::format_ident!("__bt_children_{}", node);
            let call = quote!(self.tree.#children(#ctx, self.observer, __bt_index, __bt_running));
            quote!(::core::result::Result::Ok(#call))
        }
    });
    let halt = by_member(members, |node| {
        let halts = (children(node).iter().enumerate())
            .filter(|(_, &id)| g.plan.may_run[id])
            .map(|(position, &id)| {
                let halt = halt_fn(id);
                quote!(#position => self.tree.#halt(#ctx, self.observer),)
            });
        quote! {
            match __bt_index {
                #(#halts)*
                _ => {}
            }
        }
    });
    let steps = |id: usize| match &g.tree.nodes[id].kind {
        Kind::Custom(custom) => port_steps(&custom.node),
        _ => PortSteps::default(),
    };
    let port_method = |name: TokenStream, which: fn(PortSteps) -> TokenStream| {
        let body = by_member(members, |id| {
            let steps = which(steps(id));
            if steps.is_empty() {
                return quote!({});
            }
            let field = field(id);
            quote!({
                let __bt_leaf = &mut self.tree.#field;
                let __bt_bb = &mut self.tree.__bt_bb;
                #steps
            })
        });
        quote! {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn #name(&mut self) {
                #body
            }
        }
    };
    let port_methods = match g.handles.ports(members[0]) {
        true => {
            let store = port_method(quote!(store), |steps| steps.stores);
            let load = port_method(quote!(load), |steps| steps.loads);
            quote! {
                const PORTS: ::core::primitive::bool = true;
                #store
                #load
            }
        }
        false => TokenStream::new(),
    };
    let parts = |mutable: bool| {
        by_member(members, |id| {
            let (node, lasts) = (field(id), state(id));
            match mutable {
                true => quote!((&mut self.tree.#node, &mut self.tree.#lasts)),
                false => quote!((&self.tree.#node, &self.tree.#lasts)),
            }
        })
    };
    let (parts_ref, parts_mut) = (parts(false), parts(true));
    let (params, args) = (slots_params(g.tree), slots_args(g.tree));
    let where_clause = &g.tree.header.generics.where_clause;
    quote! {
        impl<'__bt_t, #params __BtChildO, const __BT_ID: ::core::primitive::usize>
            __bt::NodeSlots<#count> for #slots<'__bt_t, #args __BtChildO, #group, __BT_ID>
        #where_clause
        {
            type Node = #ty;
            type Lasts = #lasts;
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn parts(&self) -> (&#ty, &#lasts) {
                #parts_ref
            }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn parts_mut(&mut self) -> (&mut #ty, &mut #lasts) {
                #parts_mut
            }
            #port_methods
        }
        impl<
            '__bt_t,
            #(#lifetimes,)*
            #params
            __BtChildO: __bt::Observer,
            const __BT_ID: ::core::primitive::usize,
        > __bt::ChildSlots<#context, #count> for #slots<'__bt_t, #args __BtChildO, #group, __BT_ID>
        #where_clause
        {
            type Error = #error;
            #[inline(always)]
            fn tick(
                &mut self,
                #ctx: &mut #context,
                __bt_index: ::core::primitive::usize,
                __bt_running: ::core::primitive::bool,
            ) -> ::core::result::Result<__bt::Status, #error> {
                #tick
            }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn halt(&mut self, #ctx: &mut #context, __bt_index: ::core::primitive::usize) {
                #halt
            }
        }
    }
}

/// The tree's method that ticks child `__bt_index` of user node `node` for its handle
/// (`ChildSlots::tick`, in a tree without an error type): the child's leaf written in place
/// (`codegen::inlined`), or a call of its tick function, with the running flag the handle keeps.
/// One method per user node rather than a function per child: a leaf is not an item of its own.
fn children_method(g: &Gen, node: &Node) -> TokenStream {
    let (context, lifetimes) = (&g.tree.header.context, &g.tree.header.context_lifetimes);
    let (ctx, observer) = (ctx(), observer());
    let name = quote::format_ident!("__bt_children_{}", node.id);
    let count = node.children.len();
    let arms = node.children.iter().enumerate().map(|(position, &id)| {
        let tick = match super::inline_tick(g, id) {
            Some(tick) => tick,
            None => {
                let tick = tick_fn(id);
                // The flag the child's tick function takes, if it takes one
                // (`codegen::takes_running_flag`).
                match (
                    super::resume::resumed_flag(g, id),
                    g.plan.flag_from_parent[id],
                ) {
                    (Some(running), _) => quote!(self.#tick(#ctx, #observer, #running)),
                    (None, true) => quote!(self.#tick(#ctx, #observer, __bt_running)),
                    (None, false) => quote!(self.#tick(#ctx, #observer)),
                }
            }
        };
        quote!(#position => #tick,)
    });
    // Always inlined into the handle's `tick`, as the calls of the children's functions were: a
    // node's call with a constant index then keeps only its child's arm.
    quote! {
        #[inline(always)]
        fn #name<#(#lifetimes,)* __BtO: __bt::Observer>(
            &mut self,
            #ctx: &mut #context,
            #observer: &mut __BtO,
            __bt_index: ::core::primitive::usize,
            __bt_running: ::core::primitive::bool,
        ) -> __bt::Status {
            match __bt_index {
                #(#arms)*
                _ => __bt::no_such_child(__bt_index, #count),
            }
        }
    }
}

/// The node's inputs bound to expressions, given to the node behind the handle `__bt_kids`.
fn values(custom: &Custom) -> TokenStream {
    let PortSteps { values, .. } = port_steps(&custom.node);
    if values.is_empty() {
        return TokenStream::new();
    }
    let ty = &custom.node.ty;
    quote! {{
        let __bt_leaf: &mut #ty = &mut __bt_kids;
        #values
    }}
}

fn tick_body(g: &Gen, node: &Node, custom: &Custom, slots: &Slots) -> TokenStream {
    let ctx = ctx();
    let node_trait = node_trait(g, custom, g.tree.header.context.to_token_stream());
    let (handle, values) = (&slots.handle, values(custom));
    let (load_ports, _) = port_calls(slots);
    // Whether this call starts an activation. Under a built-in parent (or at the root) a node is
    // reset as soon as it completes (every built-in parent ticks a completed child again only as
    // a new activation), so it is in an activation exactly when it is running: its running flag.
    // Under a user node, its last status in the parent's handle, which the parent resets.
    let enter = match user_parent(g, node) {
        Some((parent, position)) => {
            let parent_state = state_field(parent);
            quote!(__bt::Lasts::get(&self.#parent_state, #position).is_none())
        }
        None => {
            let running = super::running_flag(g, node.id);
            quote!(!#running)
        }
    };
    if g.error().is_none() {
        // The calls in bt-core's `tick_custom`, compiled once per handle type.
        return quote!({
            let __bt_start: ::core::primitive::bool = #enter;
            #handle
            #values
            #load_ports
            __bt::tick_custom(__bt_kids, __bt_start, #ctx, #node_trait::on_start, #node_trait::tick)
        });
    }
    // In a tree with an error type, the node's `try_tick`. A child's error: the node answers no
    // status, its tick is aborted, and the tree's halt after the error halts it (it is marked
    // running) and what it left running. Its own error: it has finished, and the tree halts its
    // running children.
    let mark = |running: bool| match g.plan.active_slot[node.id] {
        Some(slot) => quote!(self.__bt_active.set(#slot, #running);),
        None => TokenStream::new(),
    };
    let (running, not_running) = (mark(true), mark(false));
    let aborted = match node.id {
        0 => TokenStream::new(),
        id => aborted(g, id),
    };
    let failed = quote! {
        ::core::result::Result::Err(__bt::Aborted::Child(__bt_error)) => {
            #running
            #aborted
            return ::core::result::Result::Err(__bt_error);
        }
        ::core::result::Result::Err(__bt::Aborted::Own(__bt_error)) => {
            #not_running
            #aborted
            return ::core::result::Result::Err(__bt_error);
        }
    };
    quote!({
        let __bt_start: ::core::primitive::bool = #enter;
        let __bt_answer = {
            #handle
            #values
            #load_ports
            if __bt_start {
                #node_trait::on_start(&mut *__bt_kids, #ctx);
            }
            let __bt_said = #node_trait::try_tick(&mut __bt_kids, #ctx);
            __bt_kids.finish(#ctx, __bt_said)
        };
        match __bt_answer {
            ::core::result::Result::Ok(__bt_status) => __bt_status,
            #failed
        }
    })
}

/// The halt of a running node: its running children in child order (and every child reset),
/// then its `on_halted`, its inputs loaded after the children's halts (which may write their
/// entries), just before the call. Its running flag, which the halt clears, and its last status
/// in a user parent's handle, which that parent forgets, are its reset.
fn halt_body(g: &Gen, custom: &Custom, slots: &Slots) -> TokenStream {
    let ctx = ctx();
    let node_trait = node_trait(g, custom, g.tree.header.context.to_token_stream());
    let (handle, values) = (&slots.handle, values(custom));
    if values.is_empty() {
        // The calls in bt-core's `halt_custom`, compiled once per handle type.
        return quote!({
            #handle
            __bt::halt_custom(__bt_kids, #ctx, #node_trait::on_halted);
        });
    }
    let (load_ports, store_ports) = port_calls(slots);
    quote! {
        {
            #handle
            __bt_kids.end_activation(#ctx);
            #values
            #load_ports
            #node_trait::on_halted(&mut *__bt_kids, #ctx);
            #store_ports
        }
    }
}

/// The handle's loads and stores of the node's ports around its own call: nothing for a node
/// without ports bound to entries, which then compiles no code of them.
fn port_calls(slots: &Slots) -> (TokenStream, TokenStream) {
    match slots.ports {
        true => (
            quote!(__bt_kids.load_ports();),
            quote!(__bt_kids.store_ports();),
        ),
        false => (TokenStream::new(), TokenStream::new()),
    }
}

/// `tokens` (a type) with every lifetime made `'static`: the context type in a constant, where
/// the context's lifetime parameters are not in scope. The node's trait is implemented for every
/// lifetime in practice, so the check that reads its constants does not depend on them.
fn static_lifetimes(tokens: TokenStream) -> TokenStream {
    crate::tokens::static_lifetimes(tokens, &|_| true)
}

#[cfg(test)]
mod tests {
    use super::static_lifetimes;
    use quote::quote;

    #[test]
    fn lifetimes_become_static() {
        let ty = quote!(World<'a, Inner<'b>, &'c str>);
        assert_eq!(
            static_lifetimes(ty).to_string(),
            quote!(World<'static, Inner<'static>, &'static str>).to_string()
        );
    }
}
