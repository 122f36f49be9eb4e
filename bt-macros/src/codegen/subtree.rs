//! `SubTree(Child, ..)`: another generated tree as a node, with its entries remapped to the
//! parent's (`bt_core::subtree`).

use proc_macro2::{Ident, Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use super::blackboard::blackboard_type;
use super::{child_context, field_closure, public_id};
use super::{ctx, leaf_field, node_methods, observer, Gen, NodeCode};
use crate::model::{Node, SubTree, Value};

/// `SubTree(Child, x = {a}, y = value, ..)`: the child tree is a field, built with its initial
/// values; its remapped entries trade places with the parent's around each tick and halt of the
/// child (`bt_core::subtree`).
pub(super) fn generate(g: &Gen, node: &Node, subtree: &SubTree) -> NodeCode {
    let tree = g.tree;
    let mut code = NodeCode::default();
    let context = child_context(tree, subtree);
    let (ctx, observer) = (ctx(), observer());
    let ty = &subtree.ty;
    let field = leaf_field(node.id);
    let child = Ident::new("__bt_child", Span::mixed_site());
    // `new` is not generic over the context's lifetimes, which `tick` is: any will do there.
    let lifetimes = &tree.header.context_lifetimes;
    let new_context = crate::tokens::static_lifetimes(context.clone(), &|name| {
        lifetimes.iter().any(|lifetime| lifetime.ident == *name)
    });
    let build = match &subtree.init {
        Some(init) => quote_spanned!(init.span()=> #init),
        None => {
            quote_spanned!(ty.span()=> <#ty as __bt::Subtree<#new_context>>::__new())
        }
    };
    let initial_values = subtree
        .bindings
        .iter()
        .filter_map(|binding| match &binding.value {
            Value::Expr(expr) => {
                let entry = field_closure(binding.port.span(), &binding.port, true);
                Some(quote_spanned! {binding.port.span()=>
                    __bt::initial_entry::<#new_context, #ty, _, _>(
                        #expr, &mut #child, #entry, __bt::InitialValue::set_initial,
                    );
                })
            }
            Value::Entry(_) => None,
        });
    code.fields.push((
        field.clone(),
        quote!(#ty),
        quote!({
            let mut #child: #ty = #build;
            #(#initial_values)*
            #child
        }),
    ));
    let (bb, this_child) = (quote!(&mut self.__bt_bb), quote!(&mut self.#field));
    let mut trades: Vec<TokenStream> = (subtree.bindings.iter())
        .filter_map(|binding| match &binding.value {
            Value::Entry(entry) => {
                let parent_entry = field_closure(entry.span(), entry, true);
                let child_entry = field_closure(binding.port.span(), &binding.port, true);
                Some(quote_spanned! {binding.port.span()=>
                    __bt::trade_entry::<#context, #ty, _, _, _>(
                        #bb, #this_child, #parent_entry, #child_entry, __bt::SameEntry::trade,
                    );
                })
            }
            Value::Expr(_) => None,
        })
        .collect();
    if let Some(span) = subtree.autoremap {
        // The parent's blackboard type is spelled out, and its arguments are expressions spanned
        // entirely at `..`, so that a missing entry is reported there.
        let parent = blackboard_type(tree);
        trades.push(quote_spanned! {span=>
            __bt::trade_all::<#context, #ty, #parent>(
                ::core::convert::identity(#bb),
                ::core::convert::identity(#this_child),
                __bt::AutoRemap::trade_all,
            );
        });
    }
    let offset = public_id(tree, node.id);
    let offset = quote!(#offset + 1);
    // With `agent = |ctx| ..`, the child runs on that part of the context.
    let child_ctx = match &subtree.agent {
        Some(agent) => {
            let parent = &tree.header.context;
            quote_spanned!(agent.span()=> __bt::agent::<#parent, #context>(#ctx, #agent))
        }
        None => quote!(#ctx),
    };
    let call = |call: TokenStream| {
        // The bound is first stated as a path into `Subtree`, which rustc reports without a
        // note into the private module; the same error of `subtree`'s bound is then left out.
        quote_spanned!(ty.span()=> {
            let _ = <#ty as __bt::Subtree<#context>>::__new;
            __bt::subtree::<#context, #ty, _>(
                #this_child, #child_ctx, #observer, #offset, __bt::SubtreeCall::#call,
            )
        })
    };
    let (tick, halt, reset) = (call(quote!(Tick)), call(quote!(Halt)), call(quote!(Reset)));
    let body = quote!({
        #(#trades)*
        let __bt_result = #tick;
        #(#trades)*
        __bt_result
    });
    let halt_body = quote! {
        #(#trades)*
        #halt;
        #(#trades)*
    };
    code.tree_halt = quote!(#reset;);
    code.methods = node_methods(g, node, body, halt_body);
    code
}
