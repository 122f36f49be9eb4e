//! The user's own control nodes and decorators (`bt_core::custom`). The node lives in the tree
//! in a `UserNode` place with its children's last statuses; for a call it is taken out of the
//! place, so that the handle over its children (`Kids`, over a small struct of this tree's that
//! ticks and halts child `i` by a `match`) can borrow the whole tree, and is put back after.
//! Its ports are loaded before the call and stored after it, as a leaf's.

use proc_macro2::{Ident, TokenStream, TokenTree};
use quote::{quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;

use super::leaf::{port_steps, required_check, PortSteps};
use super::{aborted, ctx, halt_fn, leaf_field, node_methods, observer, tick_fn, Gen, NodeCode};
use crate::kinds::CustomKind;
use crate::model::{Custom, Node};

pub(super) fn generate(g: &Gen, node: &Node, custom: &Custom) -> NodeCode {
    let mut code = NodeCode::default();
    let leaf = &custom.node;
    let ty = &leaf.ty;
    let count = node.children.len();
    let field = leaf_field(node.id);
    code.items.extend(required_check(leaf));
    if custom.kind == CustomKind::Control {
        let context = static_lifetimes(g.tree.header.context.to_token_stream());
        code.items.extend(quote_spanned!(ty.span()=>
            const _: () = ::bt::__private::check_children::<#context, #ty>(#count);
        ));
    }
    let init = match &leaf.init {
        Some(init) => quote_spanned!(init.span()=> #init),
        None => quote_spanned!(ty.span()=> <#ty as ::core::default::Default>::default()),
    };
    code.fields.push((
        field.clone(),
        quote!(::bt::__private::UserNode<#ty, #count>),
        quote!(::bt::__private::UserNode::new(#init)),
    ));
    let slots = slots(g, node);
    let body = tick_body(g, node, custom, &field, &slots);
    let halt_body = halt_body(g, node, custom, &field, &slots);
    code.methods.extend(node_methods(g, node, body, halt_body));
    code
}

/// The handle's slots: a struct of this tree's that ticks and halts child `i` (`ChildSlots`),
/// declared inside the node's functions, and the expression that builds it.
struct Slots {
    items: TokenStream,
    build: TokenStream,
    /// The tree's error type, or `Infallible`.
    error: TokenStream,
}

fn slots(g: &Gen, node: &Node) -> Slots {
    let tree = &g.tree.header.name;
    let context = &g.tree.header.context;
    let lifetimes = &g.tree.header.context_lifetimes;
    let (ctx, observer) = (ctx(), observer());
    let error = match g.error() {
        Some(error) => quote!(#error),
        None => quote!(::core::convert::Infallible),
    };
    let (last, rest) = node
        .children
        .split_last()
        .expect("validated: at least one child");
    let tick = |id: usize| {
        let tick = tick_fn(id);
        let call = quote!(self.tree.#tick(#ctx, self.observer));
        match g.error() {
            Some(_) => call,
            None => quote!(::core::result::Result::Ok(#call)),
        }
    };
    let ticks = rest.iter().enumerate().map(|(position, &id)| {
        let tick = tick(id);
        quote!(#position => #tick,)
    });
    let tick_last = tick(*last);
    let halts = (node.children.iter().enumerate())
        .filter(|(_, &id)| g.plan.may_run[id])
        .map(|(position, &id)| {
            let halt = halt_fn(id);
            quote!(#position => self.tree.#halt(#ctx, self.observer),)
        });
    let items = quote! {
        struct __BtSlots<'__bt_t, __BtChildO> {
            tree: &'__bt_t mut #tree,
            observer: &'__bt_t mut __BtChildO,
        }
        impl<'__bt_t, #(#lifetimes,)* __BtChildO: ::bt::__private::Observer>
            ::bt::__private::ChildSlots<#context> for __BtSlots<'__bt_t, __BtChildO>
        {
            type Error = #error;
            #[inline(always)]
            fn tick(
                &mut self,
                #ctx: &mut #context,
                __bt_index: ::core::primitive::usize,
            ) -> ::core::result::Result<::bt::__private::Status, #error> {
                match __bt_index {
                    #(#ticks)*
                    _ => #tick_last,
                }
            }
            #[inline(always)]
            fn halt(&mut self, #ctx: &mut #context, __bt_index: ::core::primitive::usize) {
                match __bt_index {
                    #(#halts)*
                    _ => {}
                }
            }
        }
    };
    let build = quote!(__BtSlots {
        tree: &mut *self,
        observer: &mut *#observer,
    });
    Slots {
        items,
        build,
        error,
    }
}

/// The node's call (`call`, over `__bt_user.node`) between its port loads and stores, with the
/// node taken out of its place and put back; `first` runs before the loads, with the node
/// taken out.
fn around_call(
    custom: &Custom,
    field: &Ident,
    first: TokenStream,
    call: TokenStream,
) -> TokenStream {
    let PortSteps {
        loads,
        values,
        stores,
    } = port_steps(&custom.node);
    let with_ports = |steps: TokenStream| {
        if steps.is_empty() {
            return TokenStream::new();
        }
        quote! {{
            let __bt_leaf = &mut __bt_user.node;
            let __bt_bb = &mut self.__bt_bb;
            #steps
        }}
    };
    let before = with_ports(quote!(#loads #values));
    let after = with_ports(stores);
    quote! {
        let mut __bt_user = self.#field.take();
        #first
        #before
        let __bt_answer = #call;
        #after
        self.#field.put(__bt_user);
    }
}

fn tick_body(g: &Gen, node: &Node, custom: &Custom, field: &Ident, slots: &Slots) -> TokenStream {
    let (ctx, n, error) = (ctx(), node.children.len(), &slots.error);
    let (items, build) = (&slots.items, &slots.build);
    let handle = quote!(&mut __bt_kids);
    let node_ref = quote!(&mut __bt_user.node);
    let said = user_call(g, custom, &node_ref, quote!(Tick(#handle)));
    let call = around_call(
        custom,
        field,
        TokenStream::new(),
        quote!({
            let mut __bt_kids =
                ::bt::__private::Kids::<_, #error, #n>::new(#build, &mut __bt_user.last);
            let __bt_said = #said;
            __bt_kids.finish(#ctx, __bt_said)
        }),
    );
    let failed = match g.error() {
        None => quote!(match __bt_error {}),
        Some(_) => {
            // The node answers no status: its tick is aborted, and the tree's halt after the
            // error halts it (it is marked running) and what it left running.
            let mark = match g.plan.active_slot[node.id] {
                Some(slot) => quote!(self.__bt_active.set(#slot, true);),
                None => TokenStream::new(),
            };
            let aborted = match node.id {
                0 => TokenStream::new(),
                id => aborted(g, id),
            };
            quote! {{
                #mark
                #aborted
                return ::core::result::Result::Err(__bt_error);
            }}
        }
    };
    quote!({
        #items
        #call
        match __bt_answer {
            ::core::result::Result::Ok(__bt_status) => __bt_status,
            ::core::result::Result::Err(__bt_error) => #failed,
        }
    })
}

/// The halt of a running node: its running children in child order, then its `on_halted`, its
/// inputs loaded after the children's halts (which may write their entries), just before the
/// call.
fn halt_body(g: &Gen, node: &Node, custom: &Custom, field: &Ident, slots: &Slots) -> TokenStream {
    let (ctx, error) = (ctx(), &slots.error);
    let (items, build) = (&slots.items, &slots.build);
    let n = node.children.len();
    let node_ref = quote!(&mut __bt_user.node);
    let halted = user_call(g, custom, &node_ref, quote!(Halted(&mut __bt_kids)));
    let kids = quote!(::bt::__private::Kids::<_, #error, #n>::new(#build, &mut __bt_user.last));
    let call = around_call(
        custom,
        field,
        quote!({
            let mut __bt_kids = #kids;
            ::bt::__private::Children::halt_all(&mut __bt_kids, #ctx);
        }),
        quote!({
            let mut __bt_kids = #kids;
            let _ = #halted;
        }),
    );
    quote! {
        #items
        #call
        let () = __bt_answer;
    }
}

/// The call of the node's trait (`ControlNode` or `DecoratorNode`): one function for the tick
/// and the halt, spanned at the user's type, so that a type without the trait is reported once,
/// there.
fn user_call(g: &Gen, custom: &Custom, node: &TokenStream, call: TokenStream) -> TokenStream {
    let context = &g.tree.header.context;
    let (ty, ctx) = (&custom.node.ty, ctx());
    let function = match custom.kind {
        CustomKind::Control => quote!(control),
        CustomKind::Decorator => quote!(decorator),
    };
    quote_spanned!(ty.span()=> ::bt::__private::#function::<#context, #ty, _>(
        #node, #ctx, ::bt::__private::UserCall::#call,
    ))
}

/// `tokens` (a type) with every lifetime made `'static`: the context type in a constant, where
/// the context's lifetime parameters are not in scope. The node's trait is implemented for every
/// lifetime in practice, so the check that reads its constants does not depend on them.
fn static_lifetimes(tokens: TokenStream) -> TokenStream {
    let mut out = TokenStream::new();
    let mut tokens = tokens.into_iter().peekable();
    while let Some(token) = tokens.next() {
        match token {
            TokenTree::Punct(punct) if punct.as_char() == '\'' => {
                // A lifetime: `'` and its name.
                if let Some(TokenTree::Ident(_)) = tokens.peek() {
                    tokens.next();
                    out.extend(quote!('static));
                } else {
                    out.extend([TokenTree::Punct(punct)]);
                }
            }
            TokenTree::Group(group) => {
                let mut inner =
                    proc_macro2::Group::new(group.delimiter(), static_lifetimes(group.stream()));
                inner.set_span(group.span());
                out.extend([TokenTree::Group(inner)]);
            }
            other => out.extend([other]),
        }
    }
    out
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
