//! Code generation: one struct per tree, one small `#[inline]` tick function per node (and a halt
//! function per node that can be running), all naming only `::bt::__private::..` and `::core::..`.
//!
//! Every node's result goes through `::bt::__private::finish` and every halt through
//! `::bt::__private::halted`: the one place where status changes are recorded and observed.
//! The rules themselves are bt-core's; the files here only wire them (`composite.rs`,
//! `decorator.rs`, `leaf.rs`).

mod composite;
mod decorator;
mod leaf;

use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use crate::kw;
use crate::model::{is_tracked, Kind, Leaf, LeafImpl, Node, Tree};
use crate::parse::Header;

/// Everything one node adds to the tree: struct fields (with their initialisers) and methods.
#[derive(Default)]
struct NodeCode {
    fields: Vec<(Ident, TokenStream, TokenStream)>,
    methods: TokenStream,
    /// Module-level items (compile-time checks).
    items: TokenStream,
    /// Run by the tree's `halt` after halting the root: clears per-activation memory that an idle
    /// node can still hold (a loop count kept across a skip), as BehaviorTree.CPP's `haltTree`
    /// halts every node.
    tree_halt: TokenStream,
}

/// Names shared by the generated functions.
fn ctx() -> Ident {
    Ident::new("__bt_ctx", Span::mixed_site())
}

fn observer() -> Ident {
    Ident::new("__bt_observer", Span::mixed_site())
}

fn tick_fn(id: usize) -> Ident {
    format_ident!("__bt_tick_{}", id)
}

fn halt_fn(id: usize) -> Ident {
    format_ident!("__bt_halt_{}", id)
}

pub(super) fn state_field(id: usize) -> Ident {
    format_ident!("__bt_state_{}", id)
}

fn leaf_field(id: usize) -> Ident {
    format_ident!("__bt_leaf_{}", id)
}

/// The blackboard's type: `{Tree}Blackboard`, or `()` for a tree without a blackboard section.
fn blackboard_type(tree: &Tree) -> TokenStream {
    match &tree.blackboard {
        Some(_) => {
            let name = format_ident!("{}Blackboard", tree.header.name);
            quote!(#name)
        }
        None => quote!(()),
    }
}

/// The blackboard struct: one public field per entry, each with its initial value.
fn blackboard_struct(tree: &Tree) -> TokenStream {
    let Some(blackboard) = &tree.blackboard else {
        return TokenStream::new();
    };
    let vis = &tree.header.vis;
    let tree_name = &tree.header.name;
    let name = format_ident!("{}Blackboard", tree_name);
    let doc = format!("The blackboard of [`{tree_name}`]: one field per entry.");
    let autoremap = blackboard_autoremap(&name, blackboard);
    let fields = blackboard.entries.iter().map(|entry| {
        let (name, ty) = (&entry.name, &entry.ty);
        let attrs = entry
            .attrs
            .iter()
            .filter(|attr| !attr.path().is_ident(kw::TRACKED));
        if is_tracked(entry) {
            quote!(#(#attrs)* pub #name: ::bt::__private::Tracked<#ty>)
        } else {
            quote!(#(#attrs)* pub #name: #ty)
        }
    });
    let inits = blackboard.entries.iter().map(|entry| {
        let (name, ty) = (&entry.name, &entry.ty);
        let value = match &entry.init {
            Some(init) => quote_spanned!(init.span()=> #init),
            None => quote_spanned!(ty.span()=> <#ty as ::core::default::Default>::default()),
        };
        if is_tracked(entry) {
            quote!(#name: ::bt::__private::Tracked::new(#value))
        } else {
            quote!(#name: #value)
        }
    });
    quote! {
        #[doc = #doc]
        #vis struct #name {
            #(#fields,)*
        }

        impl #name {
            /// Every entry at its initial value.
            pub fn new() -> Self {
                Self { #(#inits,)* }
            }
        }

        impl ::core::default::Default for #name {
            fn default() -> Self {
                Self::new()
            }
        }

        #autoremap
    }
}

/// Lets the blackboard take part in a subtree's `..`: each entry can be found by its name (as a
/// type: `(C<'s'>, C<'p'>, ..)`), and, as a subtree's blackboard, it trades every entry with the
/// parent's namesake.
fn blackboard_autoremap(name: &Ident, blackboard: &crate::model::Blackboard) -> TokenStream {
    let parent = Ident::new("__BtP", Span::mixed_site());
    let parent_bb = Ident::new("__bt_parent", Span::mixed_site());
    let mut has_entry = TokenStream::new();
    let mut bounds = Vec::new();
    let mut trades = Vec::new();
    for entry in &blackboard.entries {
        let field = &entry.name;
        let chars = field.to_string();
        let chars = chars.chars();
        let key = quote!((#(::bt::__private::C<#chars>,)*));
        let ty = &entry.ty;
        let ty = if is_tracked(entry) {
            quote!(::bt::__private::Tracked<#ty>)
        } else {
            quote!(#ty)
        };
        has_entry.extend(quote! {
            impl ::bt::__private::HasEntry<#key> for #name {
                type Entry = #ty;

                #[inline(always)]
                fn entry(&mut self) -> &mut #ty {
                    &mut self.#field
                }
            }
        });
        bounds.push(quote! {
            #parent: ::bt::__private::HasEntry<#key>,
            <#parent as ::bt::__private::HasEntry<#key>>::Entry: ::bt::__private::SameEntry<#ty>
        });
        trades.push(quote! {
            ::bt::__private::SameEntry::trade(
                ::bt::__private::HasEntry::<#key>::entry(#parent_bb),
                &mut self.#field,
            );
        });
    }
    quote! {
        #has_entry

        impl<#parent> ::bt::__private::AutoRemap<#parent> for #name
        where
            #(#bounds,)*
        {
            #[inline(always)]
            fn trade_all(&mut self, #parent_bb: &mut #parent) {
                #(#trades)*
            }
        }
    }
}

/// The unsigned type that holds values up to `max`.
fn small_index(max: u64) -> TokenStream {
    if max <= u64::from(u8::MAX) {
        quote!(::core::primitive::u8)
    } else if max <= u64::from(u16::MAX) {
        quote!(::core::primitive::u16)
    } else if max <= u64::from(u32::MAX) {
        quote!(::core::primitive::u32)
    } else {
        quote!(::core::primitive::usize)
    }
}

/// Where a node's state lives: a field when it must survive between ticks (the node can be
/// running, or keeps memory across activations), else a local of its tick function.
struct State {
    access: TokenStream,
    declare_local: TokenStream,
}

fn state(node: &Node, ty: TokenStream, keeps_memory: bool, code: &mut NodeCode) -> State {
    if node.may_run || keeps_memory {
        let field = state_field(node.id);
        code.fields
            .push((field.clone(), ty.clone(), quote!(<#ty>::new())));
        State {
            access: quote!(self.#field),
            declare_local: TokenStream::new(),
        }
    } else {
        let local = Ident::new("__bt_state", Span::mixed_site());
        State {
            access: quote!(#local),
            declare_local: quote!(let mut #local = <#ty>::new();),
        }
    }
}

/// Node `id`'s id as the tree reports it (to observers, in `NODES`): its pre-order position,
/// counting the nodes of the subtrees before it. A constant expression when subtrees come first
/// (`(7 + <Patrol>::NODE_COUNT)`), else a literal.
fn public_id(tree: &Tree, id: usize) -> TokenStream {
    let context = &tree.header.context;
    let before = (tree.subtrees_before(id)).map(|(_, subtree)| {
        let ty = &subtree.ty;
        quote_spanned!(ty.span()=> <#ty as ::bt::__private::Subtree<#context>>::__NODE_COUNT)
    });
    let before: Vec<TokenStream> = before.collect();
    if before.is_empty() {
        quote!(#id)
    } else {
        quote!((#id #(+ #before)*))
    }
}

/// `self.__bt_tick_N(ctx, observer)`. For a leaf the tick can resume directly
/// (`bt_core::resume`), the walk first takes the status a direct resume handed over, and
/// remembers the leaf when it answers `Running`.
fn tick_child(tree: &Tree, child: usize) -> TokenStream {
    let (tick, ctx, observer) = (tick_fn(child), ctx(), observer());
    let call = quote!(self.#tick(#ctx, #observer));
    match resume_code(tree, child) {
        None => call,
        Some(code) => quote! {{
            let __bt_leaf_status = match self.__bt_resume.take_handed() {
                ::core::option::Option::Some(__bt_handed) => __bt_handed,
                ::core::option::Option::None => #call,
            };
            self.__bt_resume.ticked(#code, __bt_leaf_status)
        }},
    }
}

/// The code under which leaf `id` is resumed directly, if it is (`Tree::resume`).
fn resume_code(tree: &Tree, id: usize) -> Option<u8> {
    let index = tree.resume.iter().position(|&leaf| leaf == id)?;
    Some(u8::try_from(index + 1).expect("at most RESUME_MAX leaves are resumed directly"))
}

/// The root's tick: the walk from the root, preceded, in a tree with leaves that can be resumed
/// directly, by a `match` on the leaf that answered `Running` on the last tick (`bt_core::resume`).
fn tick_root(tree: &Tree) -> TokenStream {
    let walk = tick_child(tree, 0);
    if tree.resume.is_empty() {
        return walk;
    }
    let (ctx, observer) = (ctx(), observer());
    let label = syn::Lifetime::new("'__bt_resume", Span::mixed_site());
    let arms = tree.resume.iter().map(|&leaf| {
        let code = resume_code(tree, leaf).expect("a leaf of `tree.resume`");
        let tick = tick_fn(leaf);
        let ancestors = tree.ancestors(leaf).map(|node| {
            let public = public_id(tree, node.id);
            quote!(::bt::__private::still_running(#public, #observer);)
        });
        quote! {
            #code => match self.#tick(#ctx, #observer) {
                ::bt::__private::Status::Running => {
                    #(#ancestors)*
                    break #label ::bt::__private::Status::Running;
                }
                __bt_finished => self.__bt_resume.hand_over(__bt_finished),
            },
        }
    });
    // One walk for every case, so that the tree's code is not inlined twice.
    quote! {
        #label: {
            match self.__bt_resume.leaf() {
                #(#arms)*
                _ => {}
            }
            #walk
        }
    }
}

/// Halts `child` if it can be running; nothing for a child that never runs.
fn halt_child(tree: &Tree, child: usize) -> TokenStream {
    if tree.nodes[child].may_run {
        let (halt, ctx, observer) = (halt_fn(child), ctx(), observer());
        quote!(self.#halt(#ctx, #observer);)
    } else {
        TokenStream::new()
    }
}

/// A closure over the blackboard, called through the bt-core helper that fixes its argument type.
fn bb_test(closure: &Option<Box<syn::ExprClosure>>, absent: bool) -> TokenStream {
    match closure {
        Some(closure) => quote_spanned!(closure.span()=> #closure),
        None => quote!(|_| #absent),
    }
}

fn bb_run(closure: &Option<Box<syn::ExprClosure>>) -> TokenStream {
    match closure {
        Some(closure) => quote_spanned!(closure.span()=> #closure),
        None => quote!(|_| {}),
    }
}

/// The tick function (and, for a node that may run, the halt function) of `node`, around the
/// `body` that computes its status and the `halt_body` that stops its running descendants.
/// Pre- and post-conditions wrap the body here, once for every kind of node.
fn node_methods(
    tree: &Tree,
    node: &Node,
    body: TokenStream,
    halt_body: TokenStream,
) -> TokenStream {
    let context = &tree.header.context;
    let (ctx, observer) = (ctx(), observer());
    let id = node.id;
    let public = public_id(tree, id);
    let tick = tick_fn(id);
    let active = match node.active_slot {
        Some(slot) => quote!(::core::option::Option::Some(&mut self.__bt_active[#slot])),
        None => quote!(::core::option::Option::None),
    };
    let conditions = &node.conditions;
    let body = if conditions.is_empty() {
        body
    } else {
        let running = match node.active_slot {
            Some(slot) => quote!(self.__bt_active[#slot]),
            None => quote!(false),
        };
        let halt_self = match node.active_slot {
            Some(_) => {
                let halt = halt_fn(id);
                quote!(self.#halt(#ctx, #observer);)
            }
            None => TokenStream::new(),
        };
        let (failure_if, success_if, skip_if) = (
            bb_test(&conditions.failure_if, false),
            bb_test(&conditions.success_if, false),
            bb_test(&conditions.skip_if, false),
        );
        let run_while = bb_test(&conditions.run_while, true);
        let (on_success, on_failure, post) = (
            bb_run(&conditions.on_success),
            bb_run(&conditions.on_failure),
            bb_run(&conditions.post),
        );
        quote! {{
            let __bt_gated = match ::bt::__private::preconditions(
                #running, &self.__bt_bb, #failure_if, #success_if, #skip_if, #run_while,
            ) {
                ::bt::__private::Gate::Tick => #body,
                ::bt::__private::Gate::Answer(__bt_answer) => __bt_answer,
                ::bt::__private::Gate::HaltAndSkip => {
                    #halt_self
                    ::bt::__private::Status::Skipped
                }
            };
            ::bt::__private::postconditions(
                __bt_gated, &mut self.__bt_bb, #on_success, #on_failure, #post,
            );
            __bt_gated
        }}
    };
    let inline = if node.outlined {
        quote!(#[inline(never)])
    } else {
        quote!(#[inline])
    };
    let mut methods = quote! {
        #inline
        fn #tick<__BtO: ::bt::__private::Observer>(
            &mut self,
            #ctx: &mut #context,
            #observer: &mut __BtO,
        ) -> ::bt::__private::Status {
            let __bt_status: ::bt::__private::Status = #body;
            ::bt::__private::finish(#active, #public, __bt_status, #observer)
        }
    };
    if let Some(slot) = node.active_slot {
        let halt = halt_fn(id);
        let (on_halted, post) = (bb_run(&conditions.on_halted), bb_run(&conditions.post));
        let hooks = if conditions.on_halted.is_some() || conditions.post.is_some() {
            quote!(::bt::__private::after_halt(&mut self.__bt_bb, #on_halted, #post);)
        } else {
            TokenStream::new()
        };
        methods.extend(quote! {
            #[inline]
            fn #halt<__BtO: ::bt::__private::Observer>(
                &mut self,
                #ctx: &mut #context,
                #observer: &mut __BtO,
            ) {
                if self.__bt_active[#slot] {
                    #halt_body
                    ::bt::__private::halted(&mut self.__bt_active[#slot], #public, #observer);
                    #hooks
                }
            }
        });
    }
    methods
}

fn node_code(tree: &Tree, node: &Node) -> NodeCode {
    match &node.kind {
        Kind::Composite(composite) => composite::generate(tree, node, *composite),
        Kind::Decorator(decorator) => decorator::generate(tree, node, decorator),
        Kind::Leaf(leaf) => leaf::generate(tree, node, leaf),
        Kind::Invalid => unreachable_invalid(),
    }
}

/// Invalid nodes only exist in trees that had errors, which are emitted as stubs.
fn unreachable_invalid() -> NodeCode {
    NodeCode::default()
}

fn node_info(tree: &Tree, node: &Node) -> TokenStream {
    let name = &node.name;
    let kind = node.kind_ident.to_string();
    let category = match &node.kind {
        Kind::Leaf(Leaf::SubTree(_)) => quote!(SubTree),
        Kind::Composite(_) | Kind::Invalid => quote!(Control),
        Kind::Decorator(_) => quote!(Decorator),
        Kind::Leaf(Leaf::Condition(_) | Leaf::ScriptCondition(_) | Leaf::WasEntryUpdated(_)) => {
            quote!(Condition)
        }
        Kind::Leaf(_) => quote!(Action),
    };
    let parent = match node.parent {
        Some(parent) => {
            let parent = public_id(tree, parent);
            quote!(::core::option::Option::Some(#parent))
        }
        None => quote!(::core::option::Option::None),
    };
    let depth = node.depth;
    let ports = match &node.kind {
        Kind::Leaf(Leaf::Condition(LeafImpl::Type(leaf)))
        | Kind::Leaf(Leaf::Action(LeafImpl::Type(leaf)))
        | Kind::Leaf(Leaf::Stateful(leaf)) => leaf::ports_of(&leaf.ty),
        _ => quote!(&[]),
    };
    quote! {
        ::bt::__private::NodeInfo {
            name: #name,
            kind: #kind,
            category: ::bt::__private::NodeCategory::#category,
            parent: #parent,
            depth: #depth,
            ports: #ports,
        }
    }
}

/// The tree's `NODES`: a literal table, or, with subtrees, a table built at compile time with
/// each subtree's `NODES` spliced in after its `SubTree` node.
fn nodes_table(tree: &Tree) -> TokenStream {
    let infos = tree.nodes.iter().map(|node| node_info(tree, node));
    if tree.subtrees.is_empty() {
        return quote!(&[#(#infos),*]);
    }
    let ids = tree.nodes.iter().map(|node| public_id(tree, node.id));
    let table = Ident::new("__bt_nodes", Span::mixed_site());
    let len = public_id(tree, tree.nodes.len());
    let splices = tree.subtrees_before(tree.nodes.len()).map(|(id, subtree)| {
        let (ty, at, depth) = (&subtree.ty, public_id(tree, id), tree.nodes[id].depth);
        let context = &tree.header.context;
        let nodes =
            quote_spanned!(ty.span()=> <#ty as ::bt::__private::Subtree<#context>>::__NODES);
        quote!(#table = ::bt::__private::splice(#table, #nodes, #at, #depth);)
    });
    quote!(&{
        let mut #table = [::bt::__private::NO_NODE; #len];
        #(#table[#ids] = #infos;)*
        #(#splices)*
        #table
    })
}

/// The whole generated tree.
pub fn tree(tree: &Tree) -> TokenStream {
    let mut field_decls = Vec::new();
    let mut field_inits = Vec::new();
    let mut methods = TokenStream::new();
    let mut items = TokenStream::new();
    let mut tree_halt = TokenStream::new();
    for node in &tree.nodes {
        let code = node_code(tree, node);
        items.extend(code.items);
        tree_halt.extend(code.tree_halt);
        for (name, ty, init) in code.fields {
            field_decls.push(quote!(#name: #ty));
            field_inits.push(quote!(#name: #init));
        }
        methods.extend(code.methods);
    }
    let slots = tree.active_slots();
    let bb = blackboard_type(tree);
    let nodes = nodes_table(tree);
    let root = &tree.nodes[0];
    let tick_root = tick_root(tree);
    let mut halt_root = halt_child(tree, root.id);
    if !tree.resume.is_empty() {
        field_decls.push(quote!(__bt_resume: ::bt::__private::Resume));
        field_inits.push(quote!(__bt_resume: ::bt::__private::Resume::new()));
        halt_root.extend(quote!(self.__bt_resume.clear();));
    }
    let api = Api {
        header: &tree.header,
        blackboard: blackboard_type(tree),
        fields: quote! {
            #(#field_decls,)*
            __bt_bb: #bb,
            __bt_active: [::core::primitive::bool; #slots],
            __bt_status: ::core::option::Option<::bt::__private::Status>,
        },
        new: quote! {
            Self {
                #(#field_inits,)*
                __bt_bb: <#bb as ::core::default::Default>::default(),
                __bt_active: [false; #slots],
                __bt_status: ::core::option::Option::None,
            }
        },
        nodes,
        tick: quote! {
            let __bt_status = #tick_root;
            self.__bt_status = ::core::option::Option::Some(__bt_status);
            __bt_status
        },
        halt: quote! {
            #halt_root
            #tree_halt
            self.__bt_status = ::core::option::Option::None;
        },
        halt_root: quote! {
            #halt_root
            self.__bt_status = ::core::option::Option::None;
        },
        status: quote!(self.__bt_status),
        private_methods: methods,
        blackboard_access: quote! {
            &self.__bt_bb
        },
        blackboard_access_mut: quote! {
            &mut self.__bt_bb
        },
    };
    let mut out = blackboard_struct(tree);
    out.extend(api.generate());
    out.extend(items);
    out.extend(unused_entry_warnings(tree));
    out
}

/// A warning at each entry no node uses. A proc macro cannot emit warnings on stable Rust, so
/// each is the use of a `#[deprecated]` constant, spanned at the entry's name, whose note says
/// what is wrong and what to do.
fn unused_entry_warnings(tree: &Tree) -> TokenStream {
    let tree_name = &tree.header.name;
    let warnings = tree.unused_entries.iter().map(|entry| {
        let note = format!(
            "blackboard entry `{entry}` is not used by any node of tree `{tree_name}`: bind it to a port, use it in a script or a condition, or remove it; if only code outside the tree uses it, mark it `#[allow(unused)]`"
        );
        let name = format_ident!("unused_blackboard_entry_{}", entry, span = entry.span());
        quote_spanned! {entry.span()=>
            const _: () = {
                #[deprecated(note = #note)]
                #[allow(non_upper_case_globals)]
                const #name: () = ();
                #name
            };
        }
    });
    quote!(#(#warnings)*)
}

/// The tree type with its public API but no nodes, emitted after errors so that code using the
/// tree type-checks and the user sees only the real errors.
pub fn stub(header: &Header) -> TokenStream {
    let (ctx, observer) = (ctx(), observer());
    Api {
        header,
        blackboard: quote!(()),
        fields: quote!(__bt_stub: ()),
        new: quote!(Self { __bt_stub: () }),
        nodes: quote!(&[]),
        tick: quote! {
            let _ = (#ctx, #observer);
            ::core::unreachable!("this tree failed to compile")
        },
        halt: quote!(let _ = (#ctx, #observer);),
        halt_root: quote!(let _ = (#ctx, #observer);),
        status: quote!(::core::option::Option::None),
        private_methods: TokenStream::new(),
        blackboard_access: quote!(&self.__bt_stub),
        blackboard_access_mut: quote!(&mut self.__bt_stub),
    }
    .generate()
}

/// The public surface shared by real trees and stubs.
struct Api<'a> {
    header: &'a Header,
    blackboard: TokenStream,
    blackboard_access: TokenStream,
    blackboard_access_mut: TokenStream,
    fields: TokenStream,
    new: TokenStream,
    nodes: TokenStream,
    tick: TokenStream,
    halt: TokenStream,
    /// Halts the running nodes only (the `SubTree` node's halt).
    halt_root: TokenStream,
    status: TokenStream,
    private_methods: TokenStream,
}

impl Api<'_> {
    fn generate(self) -> TokenStream {
        let Header {
            attrs,
            vis,
            name,
            context,
            ..
        } = self.header;
        let Api {
            blackboard,
            blackboard_access,
            blackboard_access_mut,
            fields,
            new,
            nodes,
            tick,
            halt,
            halt_root,
            status,
            private_methods,
            ..
        } = self;
        let (ctx, observer) = (ctx(), observer());
        quote! {
            #(#attrs)*
            #vis struct #name {
                #fields
            }

            #[allow(
                dead_code,
                unused_variables,
                unused_mut,
                unreachable_code,
                clippy::all,
                clippy::pedantic,
                clippy::nursery
            )]
            impl #name {
                /// Number of nodes in the tree (ids are `0..NODE_COUNT`, in pre-order).
                pub const NODE_COUNT: ::core::primitive::usize = Self::NODES.len();

                /// Metadata of every node, indexed by node id.
                pub const NODES: &'static [::bt::__private::NodeInfo] = #nodes;

                /// A tree at rest: nothing running, every leaf built.
                pub fn new() -> Self {
                    #new
                }

                /// Ticks the root once.
                #[inline]
                pub fn tick(&mut self, #ctx: &mut #context) -> ::bt::__private::Status {
                    self.tick_with(#ctx, &mut ::bt::__private::NoObserver)
                }

                /// Ticks the root once, reporting every node's result to `observer`.
                #[inline]
                pub fn tick_with<__BtO: ::bt::__private::Observer>(
                    &mut self,
                    #ctx: &mut #context,
                    #observer: &mut __BtO,
                ) -> ::bt::__private::Status {
                    #tick
                }

                /// Halts every running node: each started, unfinished stateful action gets
                /// `on_halted` exactly once. Loop counts restart, also those of idle loops
                /// (a count kept across a skip); SequenceWithMemory and RunOnce keep their memory.
                #[inline]
                pub fn halt(&mut self, #ctx: &mut #context) {
                    self.halt_with(#ctx, &mut ::bt::__private::NoObserver)
                }

                /// Halts every running node, reporting each halt to `observer`.
                #[inline]
                pub fn halt_with<__BtO: ::bt::__private::Observer>(
                    &mut self,
                    #ctx: &mut #context,
                    #observer: &mut __BtO,
                ) {
                    #halt
                }

                /// The tree's blackboard.
                #[inline]
                pub fn blackboard(&self) -> &#blackboard {
                    #blackboard_access
                }

                /// The tree's blackboard, to change entries between ticks.
                #[inline]
                pub fn blackboard_mut(&mut self) -> &mut #blackboard {
                    #blackboard_access_mut
                }

                /// The root's status on the last tick; `None` before the first tick and after a
                /// halt.
                #[inline]
                pub fn status(&self) -> ::core::option::Option<::bt::__private::Status> {
                    #status
                }

                #private_methods
            }

            impl ::core::default::Default for #name {
                fn default() -> Self {
                    Self::new()
                }
            }

            impl ::bt::__private::BehaviorTree for #name {
                type Context = #context;
                type Blackboard = #blackboard;

                const NODES: &'static [::bt::__private::NodeInfo] = #name::NODES;

                #[inline]
                fn tick_with<__BtO: ::bt::__private::Observer>(
                    &mut self,
                    #ctx: &mut #context,
                    #observer: &mut __BtO,
                ) -> ::bt::__private::Status {
                    #name::tick_with(self, #ctx, #observer)
                }

                #[inline]
                fn halt_with<__BtO: ::bt::__private::Observer>(
                    &mut self,
                    #ctx: &mut #context,
                    #observer: &mut __BtO,
                ) {
                    #name::halt_with(self, #ctx, #observer)
                }

                #[inline]
                fn status(&self) -> ::core::option::Option<::bt::__private::Status> {
                    #name::status(self)
                }

                #[inline]
                fn blackboard(&self) -> &#blackboard {
                    #name::blackboard(self)
                }

                #[inline]
                fn blackboard_mut(&mut self) -> &mut #blackboard {
                    #name::blackboard_mut(self)
                }
            }

            #[allow(unused_variables)]
            impl ::bt::__private::Subtree<#context> for #name {
                const __NODE_COUNT: ::core::primitive::usize = #name::NODE_COUNT;
                const __NODES: &'static [::bt::__private::NodeInfo] = #name::NODES;

                #[inline]
                fn __new() -> Self {
                    #name::new()
                }

                #[inline]
                fn halt_root_with<__BtO: ::bt::__private::Observer>(
                    &mut self,
                    #ctx: &mut #context,
                    #observer: &mut __BtO,
                ) {
                    #halt_root
                }
            }
        }
    }
}
