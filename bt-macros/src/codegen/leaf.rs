//! Leaves: user types are fields of the tree and are called through the bt-core leaf traits,
//! with the call spanned at the user's type so that a missing trait impl is reported there.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use super::{blackboard_type, ctx, leaf_field, node_methods, NodeCode};
use crate::model::{Leaf, LeafImpl, LeafType, Node, Tree, Value};

pub(super) fn generate(tree: &Tree, node: &Node, leaf: &Leaf) -> NodeCode {
    let mut code = NodeCode::default();
    let context = &tree.header.context;
    let ctx = ctx();
    let bb = blackboard_type(tree);
    let (body, halt_body) = match leaf {
        Leaf::AlwaysSuccess => (quote!(::bt::__private::Status::Success), TokenStream::new()),
        Leaf::AlwaysFailure => (quote!(::bt::__private::Status::Failure), TokenStream::new()),
        Leaf::Condition(LeafImpl::Inline(closure)) if closure.inputs.len() == 2 => (
            quote_spanned!(closure.span()=> ::bt::__private::check_inline_bb::<#context, #bb>(#ctx, &self.__bt_bb, #closure)),
            TokenStream::new(),
        ),
        Leaf::Condition(LeafImpl::Inline(closure)) => (
            quote_spanned!(closure.span()=> ::bt::__private::check_inline::<#context>(#ctx, #closure)),
            TokenStream::new(),
        ),
        Leaf::Action(LeafImpl::Inline(closure)) if closure.inputs.len() == 2 => (
            quote_spanned!(closure.span()=> ::bt::__private::execute_inline_bb::<#context, #bb, _>(#ctx, &mut self.__bt_bb, #closure)),
            TokenStream::new(),
        ),
        Leaf::Action(LeafImpl::Inline(closure)) => (
            quote_spanned!(closure.span()=> ::bt::__private::execute_inline::<#context, _>(#ctx, #closure)),
            TokenStream::new(),
        ),
        Leaf::SetBlackboard { entry, value } => {
            let value = match value {
                Value::Entry(other) => {
                    quote_spanned!(other.span()=> ::core::clone::Clone::clone(&self.__bt_bb.#other))
                }
                Value::Expr(expr) => quote_spanned!(expr.span()=> #expr),
            };
            (
                quote_spanned!(entry.span()=> ::bt::__private::set(&mut self.__bt_bb.#entry, #value)),
                TokenStream::new(),
            )
        }
        Leaf::UnsetBlackboard { entry } => (
            quote_spanned!(entry.span()=> ::bt::__private::unset(&mut self.__bt_bb.#entry)),
            TokenStream::new(),
        ),
        Leaf::Script(closure) => (
            quote_spanned!(closure.span()=> {
                ::bt::__private::run(&mut self.__bt_bb, #closure);
                ::bt::__private::Status::Success
            }),
            TokenStream::new(),
        ),
        Leaf::ScriptCondition(closure) => (
            quote_spanned!(closure.span()=> ::bt::__private::Status::from_bool(::bt::__private::test(&self.__bt_bb, #closure))),
            TokenStream::new(),
        ),
        Leaf::Condition(LeafImpl::Type(leaf)) => {
            let field = field(node, leaf, &mut code);
            let ty = &leaf.ty;
            (
                quote_spanned!(ty.span()=> ::bt::__private::check::<#context, #ty>(&mut #field, #ctx)),
                TokenStream::new(),
            )
        }
        Leaf::Action(LeafImpl::Type(leaf)) => {
            let field = field(node, leaf, &mut code);
            let ty = &leaf.ty;
            (
                quote_spanned!(ty.span()=> ::bt::__private::execute::<#context, #ty>(&mut #field, #ctx)),
                TokenStream::new(),
            )
        }
        Leaf::Stateful(leaf) => {
            let field = field(node, leaf, &mut code);
            let ty = &leaf.ty;
            let slot = node.active_slot.expect("a stateful action may run");
            (
                quote_spanned!(ty.span()=> ::bt::__private::stateful::<#context, #ty>(
                    &mut #field,
                    #ctx,
                    ::bt::__private::StatefulCall::Tick { running: self.__bt_active[#slot] },
                )),
                quote_spanned!(ty.span()=> ::bt::__private::stateful::<#context, #ty>(
                    &mut #field,
                    #ctx,
                    ::bt::__private::StatefulCall::Halt,
                );),
            )
        }
    };
    code.methods = node_methods(tree, node, body, halt_body);
    code
}

/// Adds the leaf's field (built with its initialiser or `Default`) and returns `self.field`.
fn field(node: &Node, leaf: &LeafType, code: &mut NodeCode) -> TokenStream {
    let name = leaf_field(node.id);
    let ty = &leaf.ty;
    let init = match &leaf.init {
        Some(init) => quote_spanned!(init.span()=> #init),
        None => quote_spanned!(ty.span()=> <#ty as ::core::default::Default>::default()),
    };
    code.fields.push((name.clone(), quote!(#ty), init));
    quote!(self.#name)
}
