//! Leaves: user types are fields of the tree and are called through the bt-core leaf traits,
//! with the call spanned at the user's type so that a missing trait impl is reported there.

use proc_macro2::{Ident, Span, TokenStream};
use quote::{quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;

use super::blackboard::blackboard_type;
use super::{
    ctx, field_closure, field_place, leaf_field, leaf_status, node_methods, now_nanos,
    running_flag, state_field, subtree, Gen, NodeCode,
};
use crate::model::{Leaf, LeafImpl, LeafType, Node, Value};

pub(super) fn generate(g: &Gen, node: &Node, leaf: &Leaf) -> NodeCode {
    let mut code = NodeCode::default();
    let context = &g.tree.header.context;
    let ctx = ctx();
    let bb = blackboard_type(g.tree);
    // `self` always comes from the macro's own (call-site) tokens, never from a `quote_spanned!`
    // at a user's span: from a `macro_rules!` fragment that span has another hygiene context, where
    // `self` would not resolve. Accesses that must be reported at the user's token go through
    // `field_closure` instead.
    let this = quote!(self);

    let (body, halt_body) = match leaf {
        Leaf::AlwaysSuccess => (quote!(__bt::Status::Success), TokenStream::new()),
        Leaf::AlwaysFailure => (quote!(__bt::Status::Failure), TokenStream::new()),
        Leaf::AlwaysRunning => (quote!(__bt::always_running()), TokenStream::new()),
        Leaf::Sleep(ms) => timer(g, node, quote!(Sleep), ms, &mut code),
        Leaf::Condition(LeafImpl::Inline(closure)) => {
            let args = [quote!(&*#ctx), quote!(&#this.__bt_bb)];
            let inlined = (g.error().is_none())
                .then(|| inline_closure(closure, &args))
                .flatten()
                .map(|(answer, span)| quote_spanned!(span=> __bt::Status::from_bool(#answer)));
            let call = match (g.error(), closure.inputs.len() == 2) {
                _ if inlined.is_some() => inlined.unwrap_or_default(),
                (None, true) => {
                    quote_spanned!(closure.span()=> __bt::check_inline_bb::<#context, #bb>(#ctx, &#this.__bt_bb, #closure))
                }
                (None, false) => {
                    quote_spanned!(closure.span()=> __bt::check_inline::<#context>(#ctx, #closure))
                }
                (Some(error), true) => {
                    quote_spanned!(closure.span()=> __bt::try_check_inline_bb::<#context, #bb, #error, _>(#ctx, &#this.__bt_bb, #closure, __bt::TryAnswer::into_status))
                }
                (Some(error), false) => {
                    quote_spanned!(closure.span()=> __bt::try_check_inline::<#context, #error, _>(#ctx, #closure, __bt::TryAnswer::into_status))
                }
            };
            (leaf_status(g, node, call), TokenStream::new())
        }
        Leaf::Action(LeafImpl::Inline(closure)) => {
            let args = [quote!(&mut *#ctx), quote!(&mut #this.__bt_bb)];
            let inlined = (g.error().is_none())
                .then(|| inline_closure(closure, &args))
                .flatten()
                .map(|(answer, span)| quote_spanned!(span=> __bt::answer(#answer)));
            let call = match (g.error(), closure.inputs.len() == 2) {
                _ if inlined.is_some() => inlined.unwrap_or_default(),
                (None, true) => {
                    quote_spanned!(closure.span()=> __bt::execute_inline_bb::<#context, #bb, _>(#ctx, &mut #this.__bt_bb, #closure))
                }
                (None, false) => {
                    quote_spanned!(closure.span()=> __bt::execute_inline::<#context, _>(#ctx, #closure))
                }
                (Some(error), true) => {
                    quote_spanned!(closure.span()=> __bt::try_execute_inline_bb::<#context, #bb, #error, _>(#ctx, &mut #this.__bt_bb, #closure, __bt::TryAnswer::into_status))
                }
                (Some(error), false) => {
                    quote_spanned!(closure.span()=> __bt::try_execute_inline::<#context, #error, _>(#ctx, #closure, __bt::TryAnswer::into_status))
                }
            };
            (leaf_status(g, node, call), TokenStream::new())
        }
        Leaf::Error(value) => {
            let error = g
                .error()
                .expect("checked: `Error` needs the tree's error type");
            let call = quote_spanned!(value.span()=> __bt::raise::<#error>(#value));
            (leaf_status(g, node, call), TokenStream::new())
        }
        Leaf::Wait(ms) => timer(g, node, quote!(Wait), ms, &mut code),
        Leaf::SetBlackboard { entry, value } => {
            (set_blackboard(g, entry, value), TokenStream::new())
        }
        Leaf::WasEntryUpdated(entry) => {
            let field = state_field(node.id);
            code.fields.push((
                field.clone(),
                quote!(__bt::EntryUpdated),
                quote!(__bt::EntryUpdated::new()),
            ));
            (
                quote_spanned!(entry.span()=> __bt::Status::from_bool(
                    #this.#field.was_updated(#this.__bt_bb.#entry.version()))),
                TokenStream::new(),
            )
        }
        Leaf::UnsetBlackboard { entry } => (
            {
                let target = field_closure(entry.span(), entry, true);
                let bb = quote!(&mut self.__bt_bb);
                quote_spanned!(entry.span()=> __bt::unset(#bb, #target, __bt::Unset::unset))
            },
            TokenStream::new(),
        ),
        Leaf::Script(closure) => (
            quote_spanned!(closure.span()=> {
                __bt::run(&mut #this.__bt_bb, #closure);
                __bt::Status::Success
            }),
            TokenStream::new(),
        ),
        Leaf::ScriptCondition(closure) => (
            quote_spanned!(closure.span()=> __bt::Status::from_bool(__bt::test(&#this.__bt_bb, #closure))),
            TokenStream::new(),
        ),
        Leaf::Condition(LeafImpl::Type(leaf)) => {
            let field = field(g, node, leaf, &mut code);
            let ty = &leaf.ty;
            let call = |this_leaf: &TokenStream| match g.error() {
                None => {
                    quote_spanned!(ty.span()=> __bt::check::<#context, #ty>(#this_leaf, #ctx, <#ty as __bt::Condition<#context>>::check))
                }
                Some(error) => {
                    quote_spanned!(ty.span()=> __bt::try_check::<#context, #error, #ty>(#this_leaf, #ctx, <#ty as __bt::TryCondition<#context, #error>>::try_check))
                }
            };
            (
                leaf_status(g, node, with_ports(leaf, &field, call)),
                TokenStream::new(),
            )
        }
        Leaf::Action(LeafImpl::Type(leaf)) => {
            let field = field(g, node, leaf, &mut code);
            let ty = &leaf.ty;
            let call = |this_leaf: &TokenStream| match g.error() {
                None => {
                    quote_spanned!(ty.span()=> __bt::execute::<#context, #ty>(#this_leaf, #ctx, <#ty as __bt::SyncAction<#context>>::execute))
                }
                Some(error) => {
                    quote_spanned!(ty.span()=> __bt::try_execute::<#context, #error, #ty>(#this_leaf, #ctx, <#ty as __bt::TrySyncAction<#context, #error>>::try_execute))
                }
            };
            (
                leaf_status(g, node, with_ports(leaf, &field, call)),
                TokenStream::new(),
            )
        }
        Leaf::SubTree(child) => return subtree::generate(g, node, child),
        Leaf::Stateful(leaf) => stateful(g, node, leaf, &mut code),
    };
    code.methods.extend(node_methods(g, node, body, halt_body));
    code
}

/// An inline leaf's closure written in place: its parameters bound to `args` (in order: the
/// context, then the blackboard) by `let`, then its body, as a block; `None` for a closure that
/// must stay a closure: one whose body could leave it early (`return`, `?`, `yield`, `break`,
/// `continue`), or that has
/// attributes, a `for<..>` binder or an `async`/`const`/`static` marker.
///
/// A closure is a body of its own for rustc (type-checked, borrow-checked and compiled as a
/// function, with an instance of the bt-core function that calls it): written in place, an
/// inline leaf is an expression of its tick function, as in a hand-written machine. rustc reads
/// the body the same way (a mismatched answer is reported at the same token).
fn inline_closure(closure: &syn::ExprClosure, args: &[TokenStream]) -> Option<(TokenStream, Span)> {
    if !closure.attrs.is_empty()
        || closure.lifetimes.is_some()
        || closure.constness.is_some()
        || closure.movability.is_some()
        || closure.asyncness.is_some()
        || closure.inputs.len() > args.len()
    {
        return None;
    }
    // Printed once, for the look below, the closure's span and the output.
    let body = closure.body.to_token_stream();
    if may_leave(body.clone()) {
        return None;
    }
    let span = closure_span(closure, &body);
    let binds = closure
        .inputs
        .iter()
        .zip(args)
        .map(|(pat, arg)| quote_spanned!(pat.span()=> let #pat = #arg;));
    let body = match &closure.output {
        syn::ReturnType::Default => body,
        syn::ReturnType::Type(_, ty) => {
            let answer = proc_macro2::Ident::new("__bt_answer", proc_macro2::Span::mixed_site());
            quote_spanned!(ty.span()=> {
                let #answer: #ty = #body;
                #answer
            })
        }
    };
    let inlined = quote_spanned!(span=> {
        #(#binds)*
        #body
    });
    Some((inlined, span))
}

/// `closure.span()` (its first token's span, joined to its last token's where the compiler joins
/// spans), from the closure's printed body: `Spanned::span` prints the whole closure to find its
/// ends, which for a tree of inline leaves was 7 % of the macro's instructions.
fn closure_span(closure: &syn::ExprClosure, body: &TokenStream) -> Span {
    let first = (closure.attrs.first().map(|attr| attr.pound_token.span))
        .or(closure
            .lifetimes
            .as_ref()
            .map(|lifetimes| lifetimes.for_token.span))
        .or(closure.constness.map(|token| token.span))
        .or(closure.movability.map(|token| token.span))
        .or(closure.asyncness.map(|token| token.span))
        .or(closure.capture.map(|token| token.span))
        .unwrap_or(closure.or1_token.span);
    // The last token is the body's: a return type comes before it.
    match body.clone().into_iter().last() {
        Some(last) => first.join(last.span()).unwrap_or(first),
        None => first,
    }
}

/// Whether `tokens` hold a `return`, a `?` or a `yield`, which in a closure leave the closure.
fn may_leave(tokens: TokenStream) -> bool {
    tokens.into_iter().any(|token| match token {
        // (`break` and `continue` too: a leaf's tick may be written in its parent's loop.) The
        // name is read once: each comparison of an `Ident` with a string prints it anew.
        proc_macro2::TokenTree::Ident(ident) => matches!(
            ident.to_string().as_str(),
            "return" | "yield" | "break" | "continue"
        ),
        proc_macro2::TokenTree::Punct(punct) => punct.as_char() == '?',
        proc_macro2::TokenTree::Group(group) => may_leave(group.stream()),
        proc_macro2::TokenTree::Literal(_) => false,
    })
}

/// The leaf's call (`call` of the leaf's `&mut` place) between the port loads (inputs take their
/// bound values) and the port stores (written outputs reach their entries). Every access is
/// spanned at the user's binding, so an unknown port or a type mismatch is reported there.
///
/// A leaf with bindings is called through `__bt_frame` with the set of its bound ports: the port
/// frame of its `#[derive(Ports)]` when it has one (the call runs on a copy of the leaf, so that
/// port values stay in registers: `bt::ports`, "Port frames"), else `NoPorts`'s call in place.
/// Either way the loads, the call and the stores run in a closure that receives the leaf and the
/// blackboard, and borrows nothing else of the tree.
fn with_ports(
    leaf: &LeafType,
    field: &super::Field,
    call: impl Fn(&TokenStream) -> TokenStream,
) -> TokenStream {
    if leaf.bindings.is_empty() {
        return call(&quote!(&mut self.#field));
    }
    let this_leaf = quote!(&mut *__bt_leaf);
    let PortSteps {
        loads,
        values,
        stores,
    } = port_steps(leaf);
    let call = call(&this_leaf);
    let ports = ports_of(&leaf.ty);
    let bound = leaf.bindings.iter().map(|binding| binding.port.to_string());
    quote! {{
        let __bt_bound: u64 = const { __bt::bound_ports(#ports, &[#(#bound),*]) };
        self.#field.__bt_frame(__bt_bound, &mut self.__bt_bb, |__bt_leaf, __bt_bb| {
            #loads
            #values
            let __bt_result = #call;
            #stores
            __bt_result
        })
    }}
}

/// A node's port bindings as statements over `__bt_leaf` (`&mut` the user's node) and
/// `__bt_bb` (`&mut` the blackboard), each spanned at the user's binding.
#[derive(Default)]
pub(super) struct PortSteps {
    /// The entries bound to inputs, loaded into the node.
    pub loads: TokenStream,
    /// The expressions bound to inputs, given to the node.
    pub values: TokenStream,
    /// The written outputs, stored into their entries.
    pub stores: TokenStream,
}

/// The port steps of `leaf`'s bindings.
///
/// A node of an XML tree reaches its ports through its type's checked alias
/// ([`LeafType::checked`]): each step starts by taking `__bt_leaf` as `&mut` the alias, the same
/// type once the check has passed, and no type at all if it failed, so that rustc does not add
/// its own error for an attribute that is no field of the type to the check's.
pub(super) fn port_steps(leaf: &LeafType) -> PortSteps {
    let checked = |steps: TokenStream| match &leaf.checked {
        Some(alias) if !steps.is_empty() => quote! {
            let __bt_leaf: &mut #alias = __bt_leaf;
            #steps
        },
        _ => steps,
    };
    let leaf_type = leaf;
    // `leaf.<port>`, spanned at the user's port name so that rustc reports an unknown port or a
    // port of the wrong kind there.
    let port_access = |port: &Ident| field_closure(port.span(), port, true);
    let step = |step: TokenStream| -> TokenStream {
        leaf.bindings
            .iter()
            .filter_map(|binding| {
                match &binding.value {
                    Value::Entry(entry) => {
                        // The entry and the port as places, each at the user's token.
                        let entry_place = field_place("__bt_bb", entry);
                        let port_place = field_place("__bt_leaf", &binding.port);
                        // A node of an XML tree: through the trait the front end wrote for the
                        // binding, whose error says where the attribute is and names the element,
                        // the port and the entry.
                        let (bind, methods) = match leaf_type.xml_bind(&binding.port) {
                            Some(bind) => (quote!(bind_entry_with), quote!(<_ as #bind<_>>::BIND)),
                            None => (
                                quote!(bind_entry),
                                quote!(__bt::BindEntry::load, __bt::BindEntry::store),
                            ),
                        };
                        // The places, each at its token, as the call's arguments; the call at
                        // the port, where a type mismatch is reported.
                        let at_port = Span::call_site().located_at(binding.port.span());
                        let methods = crate::tokens::respan(methods, at_port);
                        let bind = crate::tokens::respan(bind, at_port);
                        Some(quote_spanned! {at_port=>
                            __bt::#bind(
                                #entry_place,
                                #port_place,
                                __bt::PortStep::#step,
                                #methods,
                            );
                        })
                    }
                    Value::Expr(_) => None,
                }
            })
            .collect()
    };
    let values = leaf
        .bindings
        .iter()
        .filter_map(|binding| {
            let port = port_access(&binding.port);
            match &binding.value {
                Value::Expr(expr) => {
                    let leaf = quote!(&mut *__bt_leaf);
                    // A string literal is text for the port's own kind of string (`BindText`);
                    // any other expression takes the port's type.
                    let (bind, method) = match crate::text::string_literal(expr) {
                        Some(_) => (quote!(bind_text), quote!(__bt::BindText::load_text)),
                        None => (quote!(bind_value), quote!(__bt::BindValue::load_value)),
                    };
                    let method = crate::tokens::respan(method, binding.port.span());
                    let bind = crate::tokens::respan(bind, binding.port.span());
                    Some(quote_spanned! {binding.port.span()=>
                        __bt::#bind(#expr, #leaf, #port, #method);
                    })
                }
                Value::Entry(_) => None,
            }
        })
        .collect();
    PortSteps {
        loads: checked(step(quote!(Load))),
        values: checked(values),
        stores: checked(step(quote!(Store))),
    }
}

/// The leaf type's port list: its `#[derive(Ports)]` constant, or an empty one.
/// (`NoPorts`, which gives every type an empty list that `#[derive(Ports)]`'s inherent constant
/// takes the place of, is in scope through the output's import, `crate::runtime`.)
pub(super) fn ports_of(ty: &syn::Type) -> TokenStream {
    quote_spanned!(ty.span()=> <#ty>::__BT_PORTS)
}

/// A compile-time check that every required input of the leaf type is bound; for a node of an
/// XML tree, its message starts with where the element is. Nodes of one type with the same
/// bound ports pass or fail it together, so it is written once for them (`Check::key`), with the
/// first node's place: a wide tree of one leaf type has one check, not one per leaf.
///
/// For a node with [`LeafType::checked`], the check is written as that type alias, through which
/// the node's ports are reached ([`port_steps`]).
pub(super) fn required_check(g: &Gen, node: &Node, leaf: &LeafType) -> Option<Check> {
    let ty = &leaf.ty;
    let bound: Vec<String> = (leaf.bindings.iter())
        .map(|binding| binding.port.to_string())
        .collect();
    let key = leaf.check_key();
    let span = ty.span();
    // Where each attribute is, in the XML: an attribute that names no port is reported there.
    let places: Vec<Option<String>> = (leaf.bindings.iter())
        .map(|binding| leaf.xml_place(&binding.port).map(str::to_owned))
        .collect();
    let element = (node.xml_origin.as_deref())
        .and_then(|origin| origin.split(": `").next())
        .unwrap_or_default()
        .to_owned();
    let check = Check::about(g, ty.to_token_stream(), span, key, || {
        let ports = ports_of(ty);
        match &node.xml_origin {
            Some(origin) => CheckTokens::Located {
                origin: origin.clone(),
                tokens: Box::new(move |at: &str| {
                    // `nav.xml:12:7: `FollowPath`: ` with the attribute's place for the element's.
                    let rest = at.strip_prefix(&element).unwrap_or(at);
                    let bound_at = places.iter().map(|place| match place {
                        Some(place) => format!("{place}{rest}"),
                        None => at.to_owned(),
                    });
                    quote_spanned!(span=> __bt::check_required_at(#at, #ports, &[#(#bound),*], &[#(#bound_at),*]))
                }),
            },
            None => CheckTokens::Done(quote_spanned!(span=>
                __bt::check_required(#ports, &[#(#bound),*])
            )),
        }
    });
    check.map(|check| Check {
        alias: (leaf.checked.clone()).map(|alias| (alias, ty.to_token_stream())),
        ..check
    })
}

/// A compile-time check about a node's type (a `()` constant expression): a module-level
/// `const _`, or, when the type names the tree's type parameters, a check of the generic tree's
/// impl, evaluated where the tree is built with its arguments (`codegen::tree` writes them).
pub(super) struct Check {
    /// What the check depends on: the nodes with this key pass or fail it together.
    pub key: String,
    pub generic: bool,
    pub span: Span,
    pub tokens: CheckTokens,
    /// The check of an XML node's ports, written as a type alias (its name, and the node's type)
    /// through which they are reached ([`LeafType::checked`]).
    pub alias: Option<(Ident, TokenStream)>,
}

/// A check's tokens: written, or (an XML tree's) to be written once it is known how many elements
/// share the check, so that its message can say so.
pub(super) enum CheckTokens {
    Done(TokenStream),
    /// `tokens` of the text that starts the message: `origin` (the first element's place and
    /// name), and how many more elements share the check.
    Located {
        origin: String,
        tokens: Box<dyn FnOnce(&str) -> TokenStream>,
    },
}

impl CheckTokens {
    /// The tokens, for a check that `nodes` nodes share.
    pub fn written(self, nodes: usize) -> TokenStream {
        match self {
            CheckTokens::Done(tokens) => tokens,
            CheckTokens::Located { origin, tokens } if nodes > 1 => {
                // `nav.xml:12:7: `FollowPath`: ` -> `nav.xml:12:7: `FollowPath` (and 2 more
                // elements like it): ` (of its type, with the same attributes)
                let at = format!(
                    "{} (and {} more element{} like it): ",
                    origin.trim_end_matches(": "),
                    nodes - 1,
                    if nodes == 2 { "" } else { "s" },
                );
                tokens(&at)
            }
            CheckTokens::Located { origin, tokens } => tokens(&origin),
        }
    }
}

impl Check {
    /// The check `tokens()` about the type (or types) `about`, spanned at `span`, unless one with
    /// the same `key` is already written: checks with the same key (what they depend on) pass or
    /// fail together, and only the first is written (its nodes are counted, `Gen::checked`).
    pub fn about(
        g: &Gen,
        about: TokenStream,
        span: Span,
        key: String,
        tokens: impl FnOnce() -> CheckTokens,
    ) -> Option<Self> {
        let mut checked = g.checked.borrow_mut();
        let nodes = checked.entry(key.clone()).or_insert(0);
        *nodes += 1;
        if *nodes > 1 {
            return None;
        }
        Some(Check {
            key,
            generic: g.tree.header.names_type_param(about),
            span,
            tokens: tokens(),
            alias: None,
        })
    }
}

/// Adds the leaf's field (built with its initialiser or `Default`) and returns its name.
fn field(g: &Gen, node: &Node, leaf: &LeafType, code: &mut NodeCode) -> super::Field {
    code.checks.extend(required_check(g, node, leaf));
    let name = leaf_field(node.id);
    let ty = &leaf.ty;
    let init = match &leaf.init {
        Some(init) => quote_spanned!(init.span()=> #init),
        None => quote_spanned!(ty.span()=> <#ty as ::core::default::Default>::default()),
    };
    code.fields.push((name.clone(), quote!(#ty), init));
    name
}

/// `Sleep(ms)` and `Wait(ms)`: the bt-core timer `rule`, in a field (it runs), given the time.
fn timer(
    g: &Gen,
    node: &Node,
    rule: TokenStream,
    ms: &crate::model::Quantity,
    code: &mut NodeCode,
) -> (TokenStream, TokenStream) {
    let ms = super::duration(g, ms);
    let field = state_field(node.id);
    code.fields.push((
        field.clone(),
        quote!(__bt::#rule),
        quote!(__bt::#rule::new()),
    ));
    let now = now_nanos(g, node);
    (
        quote!(self.#field.tick(#now, #ms)),
        quote!(self.#field.halt();),
    )
}

/// `SetBlackboard(entry = value)` or `SetBlackboard(entry = {other})`: the write, spanned at the
/// value (or the other entry) so that rustc reports a type mismatch there.
fn set_blackboard(g: &Gen, entry: &Ident, value: &Value) -> TokenStream {
    let target = field_closure(entry.span(), entry, true);
    let tracked = g
        .tree
        .blackboard
        .as_ref()
        .is_some_and(|bb| bb.is_tracked(entry));
    match value {
        // An entry copied onto itself: both borrows of `copy_entry` would be of one field.
        Value::Entry(other) if other == entry && tracked => {
            let bb = quote!(&mut self.__bt_bb);
            quote_spanned!(other.span()=> __bt::rewrite_tracked(#bb, #target))
        }
        Value::Entry(other) if other == entry => {
            quote_spanned!(other.span()=> __bt::Status::Success)
        }
        Value::Entry(other) => {
            let (span, param) = (other.span(), Ident::new("__bt_of", other.span()));
            let (mut entry, mut other) = (entry.clone(), other.clone());
            entry.set_span(span);
            other.set_span(span);
            let entries = quote_spanned!(span=> |#param| (&mut #param.#entry, &#param.#other));
            let bb = quote!(&mut self.__bt_bb);
            quote_spanned!(span=> __bt::copy_entry(#bb, #entries, __bt::CopyInto::copy_into))
        }
        Value::Expr(expr) if tracked => {
            let bb = quote!(&mut self.__bt_bb);
            quote_spanned!(expr.span()=> __bt::set_tracked(#bb, #target, #expr, __bt::SetTo::value))
        }
        Value::Expr(expr) => {
            let bb = quote!(&mut self.__bt_bb);
            quote_spanned!(expr.span()=> __bt::set(#bb, #target, #expr, __bt::SetTo::value))
        }
    }
}

/// `StatefulAction(Type)`: the leaf's field and its `on_start`/`on_running`/`on_halted` calls
/// through `bt_core`'s `stateful`, and the direct resume's call when the plan resumes it.
fn stateful(
    g: &Gen,
    node: &Node,
    leaf: &LeafType,
    code: &mut NodeCode,
) -> (TokenStream, TokenStream) {
    let context = &g.tree.header.context;
    let ctx = ctx();
    let field = field(g, node, leaf, code);
    let ty = &leaf.ty;
    // A leaf the tick can resume directly is told its running flag by its caller, the walk or
    // the direct resume (`resume::resumed_flag`): the parameter. Another leaf's is read first.
    let (running, read_running) = match g.plan.resume_code(node.id) {
        Some(_) => (
            super::resumed_param().into_token_stream(),
            TokenStream::new(),
        ),
        None => {
            let running = running_flag(g, node.id);
            (
                quote!(__bt_running),
                quote!(let __bt_running: bool = #running;),
            )
        }
    };
    let ctx = &ctx;
    let call = |call: TokenStream| {
        move |this_leaf: &TokenStream| match g.error() {
            None => quote_spanned!(ty.span()=> {
                let _ = <#ty as __bt::StatefulAction<#context>>::on_halted;
                __bt::stateful::<#context, #ty>(#this_leaf, #ctx, __bt::StatefulCall::#call)
            }),
            Some(error) => quote_spanned!(ty.span()=> {
                let _ = <#ty as __bt::TryStatefulAction<#context, #error>>::on_halted;
                __bt::try_stateful::<#context, #error, #ty>(
                    #this_leaf, #ctx, __bt::StatefulCall::#call,
                )
            }),
        }
    };
    // The running flag is read before the call: with bindings, the call runs in a
    // closure that borrows the leaf and the blackboard only (`with_ports`).
    let tick = with_ports(leaf, &field, call(quote!(Tick { running: #running })));
    // The halt calls `on_halted` itself: the path is what reports a type without the trait, so
    // the body needs no other mention of it.
    let halt = with_ports(leaf, &field, |this_leaf: &TokenStream| match g.error() {
        None => quote_spanned!(ty.span()=>
            <#ty as __bt::StatefulAction<#context>>::on_halted(#this_leaf, #ctx)
        ),
        Some(error) => quote_spanned!(ty.span()=>
            <#ty as __bt::TryStatefulAction<#context, #error>>::on_halted(#this_leaf, #ctx)
        ),
    });
    let tick = quote!({
        #read_running
        #tick
    });
    (leaf_status(g, node, tick), quote!(#halt;))
}
