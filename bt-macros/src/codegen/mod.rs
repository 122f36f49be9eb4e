//! Code generation: one struct per tree, one small `#[inline]` tick function per node (and a halt
//! function per node that can be running), all naming only `__bt::..` and `::core::..`.
//!
//! Every node's result goes through `__bt::finish` and every halt through
//! `__bt::halted`: the one place where status changes are recorded and observed.
//! The rules themselves are bt-core's; the files here only wire them.
//!
//! * this file: the entry points ([`tree`], [`stub`]) and what every node shares (its tick and
//!   halt functions, where its state lives, pre- and post-conditions);
//! * `api.rs`: the tree's public surface, shared by real trees and stubs;
//! * `blackboard.rs`: the blackboard struct, its `..` support and the unused-entry warnings;
//! * `metadata.rs`: node ids as the tree reports them, and `NODES`;
//! * `resume.rs`: the direct resume of a running leaf;
//! * `snapshot.rs`: a tree's `#[derive(Serialize, Deserialize)]`: the tree's and its blackboard's
//!   impls (save and restore), items of their own;
//! * one file per family of kinds, as `kinds::Shape` groups them: `leaf.rs` (and `subtree.rs`),
//!   `composite.rs`, `selector.rs`, `flow.rs`, `parallel.rs`, `decorator.rs`, `time.rs`,
//!   `loops.rs`, `custom.rs` (the user's own control nodes and decorators); `step.rs`: the loop
//!   that drives the rules of the `Step` protocol.
//!
//! Codegen reads the model (`crate::model`) and the plan (`crate::plan`) only.

mod api;
mod blackboard;
mod composite;
mod custom;
mod decorator;
mod flow;
mod leaf;
mod loops;
mod metadata;
mod parallel;
mod resume;
mod selector;
mod snapshot;
mod step;
mod subtree;
mod time;

use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;

use crate::kinds::{Memory, Word, WordSet};
use crate::model::{Header, Kind, Limit, Node, Quantity, SubTree, Tree};
use crate::plan::{self, Plan};

/// The whole generated tree: the blackboard struct, the tree struct with its API and one tick
/// (and halt) function per node, compile-time checks, and the unused-entry warnings.
pub fn tree(tree: &Tree, plan: &Plan) -> TokenStream {
    let g = Gen {
        tree,
        plan,
        checked: Default::default(),
        inline_ticks: std::cell::RefCell::new(vec![None; tree.nodes.len()]),
        handles: custom::Handles::of(tree),
    };
    let mut field_decls = Vec::new();
    let mut field_inits = Vec::new();
    let mut methods = TokenStream::new();
    let mut items = TokenStream::new();
    let mut tree_halt = TokenStream::new();
    let mut checks = Vec::new();
    let saving = snapshot::Derives::of(&tree.header.attrs).any();
    let mut saved = Vec::new();
    // The leaves written in their parents' ticks first, so that the parents find them; each pass
    // in pre-order, so that a type check names the first node of its kind.
    let mut codes: Vec<Option<NodeCode>> = (tree.nodes.iter())
        .map(|node| inlined(&g, node).then(|| node_code(&g, node)))
        .collect();
    for (node, code) in tree.nodes.iter().zip(&mut codes) {
        if code.is_none() {
            *code = Some(node_code(&g, node));
        }
    }
    // The chunks' fields, by chunk ([`Field`]).
    let mut chunks = std::collections::BTreeMap::<usize, (Vec<_>, Vec<_>)>::new();
    for code in codes.into_iter().flatten() {
        items.extend(code.items);
        checks.extend(code.checks);
        tree_halt.extend(code.tree_halt);
        for (field, ty, init) in code.fields {
            let name = &field.name;
            let (decls, inits) = match field.chunk {
                None => (&mut field_decls, &mut field_inits),
                Some(chunk) => {
                    let (decls, inits) = chunks.entry(chunk).or_default();
                    (decls, inits)
                }
            };
            decls.push(quote!(#name: #ty));
            inits.push(quote!(#name: #init));
            if saving {
                saved.push(snapshot::Field { place: field, ty });
            }
        }
        methods.extend(code.methods);
    }
    for (chunk, (decls, inits)) in chunks {
        let (ty, path) = chunk_struct(tree, chunk, &decls, &mut items);
        let (field, (_, phantom_init)) = (chunk_field(chunk), api::phantom(&tree.header.generics));
        field_decls.push(quote!(#field: #ty));
        field_inits.push(quote!(#field: #path { #(#inits,)* #phantom_init }));
    }
    let generic_checks = write_checks(&g, checks, &mut items);
    let slots = plan.active_slots();
    let flags = quote!(__bt::BoolFlags<#slots>);
    let bb = blackboard::blackboard_type(tree);
    let (tick_root, resume_parts) = resume::tick_root(&g);
    methods.extend(resume_parts);
    let mut halt_root = halt_child(&g, 0);
    if !plan.resume.is_empty() {
        let code = syn::Ident::new(g.plan.resume_code_type(), proc_macro2::Span::call_site());
        let resume = quote!(__bt::Resume<::core::primitive::#code>);
        saved.push(snapshot::Field {
            place: Field::top(format_ident!("__bt_resume")),
            ty: resume.clone(),
        });
        field_decls.push(quote!(__bt_resume: #resume));
        field_inits.push(quote!(__bt_resume: __bt::Resume::new()));
        halt_root.extend(quote!(self.__bt_resume.clear();));
    }
    if g.error().is_some() {
        methods.extend(halt_after_error(&g, &tree_halt));
    }
    let tell_clock = tell_clock();
    let nodes = metadata::nodes_table(&g);
    let snapshot = saving.then(|| {
        let mut fields = vec![
            snapshot::Field {
                place: Field::top(format_ident!("__bt_status")),
                ty: quote!(::core::option::Option<__bt::Status>),
            },
            snapshot::Field {
                place: Field::top(format_ident!("__bt_active")),
                ty: flags.clone(),
            },
            snapshot::Field {
                place: Field::top(format_ident!("__bt_bb")),
                ty: bb.clone(),
            },
        ];
        fields.append(&mut saved);
        snapshot::impls(tree, &fields, &nodes)
    });
    let api = api::Api {
        header: &tree.header,
        blackboard: bb.clone(),
        fields: quote! {
            #(#field_decls,)*
            __bt_bb: #bb,
            __bt_active: #flags,
            __bt_status: ::core::option::Option<__bt::Status>,
        },
        new: quote! {
            #(#field_inits,)*
            __bt_bb: <#bb as ::core::default::Default>::default(),
            __bt_active: <#flags>::new(),
            __bt_status: ::core::option::Option::None,
        },
        nodes,
        node_count: public_id(tree, tree.nodes.len()),
        generic_checks,
        tick: match g.error() {
            None => quote! {
                #tell_clock
                let __bt_status = #tick_root;
                self.__bt_status = ::core::option::Option::Some(__bt_status);
                __bt_status
            },
            // An error aborts the tick: every running node is halted, as by `halt`, and the next
            // tick starts afresh (decision 11). The root's abort is the tick's last report.
            Some(_) => {
                let (ctx, observer) = (ctx(), observer());
                quote! {
                    #tell_clock
                    match #tick_root {
                        ::core::result::Result::Ok(__bt_status) => {
                            self.__bt_status = ::core::option::Option::Some(__bt_status);
                            ::core::result::Result::Ok(__bt_status)
                        }
                        ::core::result::Result::Err(__bt_error) => {
                            self.__bt_halt_after_error(#ctx, #observer);
                            __bt::aborted(0, #observer);
                            ::core::result::Result::Err(__bt_error)
                        }
                    }
                }
            }
        },
        halt: quote! {
            #tell_clock
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
        blackboard_access: quote!(&self.__bt_bb),
        blackboard_access_mut: quote!(&mut self.__bt_bb),
    };
    let mut out = blackboard::blackboard_struct(tree);
    out.extend(api.generate());
    out.extend(snapshot);
    out.extend(custom::slots_struct(tree));
    out.extend(items);
    out.extend(blackboard::unused_entry_warnings(tree));
    out.extend(model_warnings(tree));
    out
}

/// Gives the context's time to the observer when the context implements `bt::Clock` and the
/// observer asks (`Observer::wants_time`, `Observer::on_time`), at the start of the tree's
/// `tick_with` and `halt_with`: the method
/// `__bt_tell_clock` of `TellClock` if the context is a clock, else of `NoClock`, which does
/// nothing (`bt_core::__private::ContextClock`).
fn tell_clock() -> TokenStream {
    let (ctx, observer) = (ctx(), observer());
    quote! {{
        #[allow(unused_imports)]
        use __bt::{NoClock as _, TellClock as _};
        (&__bt::ContextClock(&*#ctx)).__bt_tell_clock(#observer);
    }}
}

/// What follows an error in a tree with an error type: every node that may be running is halted,
/// after its children, in child order (post-order), which is the order of a halt: a child that
/// started running in the aborted tick, which its parent's rule never heard of (a reactive
/// composite records its running child only when it answers `Running`), is halted before its
/// parent's own halt and `on_halted`/`post` hooks, and before its later siblings. Each halt
/// function checks its node's running flag, so no node is halted twice (the parent's rule then
/// finds its children halted).
fn halt_after_error(g: &Gen, tree_halt: &TokenStream) -> TokenStream {
    let (ctx, observer) = (ctx(), observer());
    let context = &g.tree.header.context;
    let lifetimes = &g.tree.header.context_lifetimes;
    let halts = if g.tree.nodes.is_empty() {
        TokenStream::new()
    } else {
        halt_post_order(g, 0)
    };
    quote! {
        #[inline(never)]
        fn __bt_halt_after_error<#(#lifetimes,)* __BtO: __bt::Observer>(
            &mut self,
            #ctx: &mut #context,
            #observer: &mut __BtO,
        ) {
            #halts
            #tree_halt
            self.__bt_status = ::core::option::Option::None;
        }
    }
}

/// Halts every node of `id`'s subtree that may be running after an error there: each node after
/// its children, in child order (post-order), the order of a halt. A child that started running
/// in the aborted tick, which its parent's rule never heard of (a reactive composite records its
/// running child only when it answers `Running`), is halted too, before its parent's own halt.
/// Each halt function checks its node's running flag, so no node is halted twice.
fn halt_post_order(g: &Gen, id: usize) -> TokenStream {
    fn post_order(g: &Gen, id: usize, out: &mut Vec<usize>) {
        for &child in &g.tree.nodes[id].children {
            post_order(g, child, out);
        }
        if g.plan.may_run[id] {
            out.push(id);
        }
    }
    let mut order = Vec::new();
    post_order(g, id, &mut order);
    order.into_iter().map(|id| halt_child(g, id)).collect()
}

/// The tree type with its public API but no nodes, emitted after errors so that code using the
/// tree type-checks and the user sees only the real errors. With the model of a tree that had
/// errors, the stub keeps the tree's real blackboard, so that `tree.blackboard().entry` in user
/// code type-checks too.
pub fn stub(header: &Header, tree: Option<&Tree>) -> TokenStream {
    match tree.filter(|tree| tree.blackboard.is_some()) {
        None => api::stub(header, quote!(())),
        Some(tree) => {
            let mut out = blackboard::blackboard_struct(tree);
            out.extend(api::stub(header, blackboard::blackboard_type(tree)));
            out
        }
    }
}

/// What the node generators read: the model and its plan.
pub(crate) struct Gen<'a> {
    pub tree: &'a Tree,
    pub plan: &'a Plan,
    /// The keys of the type checks written so far (`leaf::Check`), with how many nodes share each.
    checked: std::cell::RefCell<std::collections::HashMap<String, usize>>,
    /// The tick expressions of the leaves written in their parents' ticks ([`inlined`]), by id,
    /// generated before the parents.
    inline_ticks: std::cell::RefCell<Vec<Option<TokenStream>>>,
    /// The user nodes that share their handle's code ([`custom::Handles`]).
    handles: custom::Handles,
}

impl Gen<'_> {
    /// The tree's error type, for a tree declared `tree T for Ctx, error E`: then every node's
    /// tick returns `Result<Status, E>`, and an error aborts the tick.
    fn error(&self) -> Option<&syn::Type> {
        self.tree.header.error.as_ref()
    }
}

/// Everything one node adds to the tree: struct fields (with their initialisers) and methods.
#[derive(Default)]
struct NodeCode {
    fields: Vec<(Field, TokenStream, TokenStream)>,
    methods: TokenStream,
    /// Module-level items.
    items: TokenStream,
    /// Compile-time checks about the node's types.
    checks: Vec<leaf::Check>,
    /// Run by the tree's `halt` after halting the root: clears per-activation memory that an idle
    /// node can still hold (a loop count kept across a skip), as BehaviorTree.CPP's `haltTree`
    /// halts every node.
    tree_halt: TokenStream,
}

/// Writes the checks: each a module-level `const _` into `items` (an XML node's check of its
/// ports a module-level type alias, `leaf::Check::alias`), or, for a check that names the tree's
/// type parameters, into the returned list, evaluated by the generic tree's `new` (`api.rs`).
fn write_checks(g: &Gen, checks: Vec<leaf::Check>, items: &mut TokenStream) -> Vec<TokenStream> {
    let mut generic = Vec::new();
    for check in checks {
        let nodes = g.checked.borrow().get(&check.key).copied().unwrap_or(1);
        let (span, tokens) = (check.span, check.tokens.written(nodes));
        if let Some((alias, ty)) = check.alias {
            // An XML node's ports are reached through it (`leaf::port_steps`). The constant
            // evaluates the check whatever code uses the alias (a failed check is reported once).
            items.extend(quote_spanned! {span=>
                #[doc(hidden)]
                #[allow(non_camel_case_types)]
                type #alias = <#ty as __bt::PortsChecked<{ #tokens; true }>>::Type;
                const _: ::core::marker::PhantomData<#alias> = ::core::marker::PhantomData;
            });
        } else if check.generic {
            generic.push(tokens);
        } else {
            items.extend(quote_spanned!(span=> const _: () = #tokens;));
        }
    }
    generic
}

fn node_code(g: &Gen, node: &Node) -> NodeCode {
    match &node.kind {
        Kind::Leaf(leaf) => leaf::generate(g, node, leaf),
        Kind::Composite(composite) => composite::generate(g, node, *composite),
        Kind::Selector(selector) => selector::generate(g, node, selector),
        Kind::Flow(flow) => flow::generate(g, node, flow),
        Kind::Parallel(parallel) => parallel::generate(g, node, parallel),
        Kind::Decorator(decorator) => decorator::generate(g, node, decorator),
        Kind::Time(time) => time::generate(g, node, time),
        Kind::Loop(looping) => loops::generate(g, node, looping),
        Kind::Custom(custom) => custom::generate(g, node, custom),
        // Invalid nodes only exist in trees that had errors, which are emitted as stubs.
        Kind::Invalid => NodeCode::default(),
    }
}

/// The bt-core paths of the rules.
fn rules() -> TokenStream {
    quote!(__bt)
}

/// `&self.__bt_bb`, from the macro's own tokens (see `leaf.rs` on `self` and hygiene).
fn bb() -> TokenStream {
    quote!(&self.__bt_bb)
}

/// A condition over the blackboard, evaluated now; spanned at the closure.
fn test(closure: &syn::ExprClosure) -> TokenStream {
    let bb = bb();
    quote_spanned!(closure.span()=> __bt::test(#bb, #closure))
}

/// A `Status` variant named by a word parameter.
fn status<W: WordSet>(word: &Word<W>) -> TokenStream {
    let (rules, word) = (rules(), word.ident());
    quote!(#rules::Status::#word)
}

/// An `Outcome` variant named by a word parameter.
fn outcome<W: WordSet>(word: &Word<W>) -> TokenStream {
    let (rules, word) = (rules(), word.ident());
    quote!(#rules::Outcome::#word)
}

/// A rule that may answer before its child: `start`'s answer (an `Option<Status>`), else the
/// child's tick, whose status `on_child` (an expression over `__bt_child_status`) turns into the
/// node's, or which is the node's as it is.
fn gate(start: TokenStream, tick: TokenStream, on_child: Option<TokenStream>) -> TokenStream {
    let child = match on_child {
        Some(on_child) => quote! {
            ::core::option::Option::None => {
                let __bt_child_status = #tick;
                #on_child
            }
        },
        None => quote!(::core::option::Option::None => #tick,),
    };
    quote! {
        match #start {
            ::core::option::Option::Some(__bt_status) => __bt_status,
            #child
        }
    }
}

/// Names shared by the generated functions.
fn ctx() -> Ident {
    Ident::new("__bt_ctx", Span::mixed_site())
}

fn observer() -> Ident {
    Ident::new("__bt_observer", Span::mixed_site())
}

/// The running flag that a parent passes to the tick function of a child of
/// [`Plan::flag_from_parent`](crate::plan::Plan::flag_from_parent).
fn resumed_param() -> Ident {
    Ident::new("__bt_resumed", Span::mixed_site())
}

/// The locals of a composite's tick from which it computes its children's running flags
/// ([`Plan::flag_from_parent`](crate::plan::Plan::flag_from_parent)): whether the composite was
/// running when its tick started, and the child it started at.
fn parent_locals() -> (Ident, Ident) {
    (
        Ident::new("__bt_was_running", Span::mixed_site()),
        Ident::new("__bt_first", Span::mixed_site()),
    )
}

fn tick_fn(id: usize) -> Ident {
    format_ident!("__bt_tick_{}", id)
}

fn halt_fn(id: usize) -> Ident {
    format_ident!("__bt_halt_{}", id)
}

fn state_field(id: usize) -> Field {
    Field::of_node(id, format_ident!("__bt_state_{}", id))
}

fn leaf_field(id: usize) -> Field {
    Field::of_node(id, format_ident!("__bt_leaf_{}", id))
}

/// Nodes numbered below this keep their fields in the tree's struct itself: every tree of up to
/// this many nodes has one flat struct, its layout and code as they always were.
const FLAT_NODES: usize = 1024;

/// How many nodes' fields one chunk struct holds, for the nodes from [`FLAT_NODES`] on.
const CHUNK_NODES: usize = 256;

/// A field of the tree's struct, written as its place after `self.`: a node's field, or one of
/// the tree's own. rustc finds a field by going through its struct's fields one by one, so a
/// struct of 100,000 fields, each used once, type-checks in quadratic time (a minute and more);
/// a node numbered from [`FLAT_NODES`] on keeps its fields in a chunk struct of [`CHUNK_NODES`]
/// nodes' fields (`self.__bt_fields_N.__bt_leaf_M`), which keeps every look-up short.
#[derive(Clone)]
pub(super) struct Field {
    /// The field's own name, in its struct.
    pub name: Ident,
    /// The chunk that holds it, if any.
    chunk: Option<usize>,
}

impl Field {
    /// Node `id`'s field `name`.
    fn of_node(id: usize, name: Ident) -> Field {
        Field {
            name,
            chunk: (id >= FLAT_NODES).then_some(id / CHUNK_NODES),
        }
    }

    /// A field of the tree's struct itself.
    fn top(name: Ident) -> Field {
        Field { name, chunk: None }
    }

    /// The same place, its name located at `span`.
    fn located(&self, span: Span) -> Field {
        Field {
            name: Ident::new(&self.name.to_string(), span),
            chunk: self.chunk,
        }
    }
}

impl ToTokens for Field {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        if let Some(chunk) = self.chunk {
            let chunk = chunk_field(chunk);
            tokens.extend(quote!(#chunk.));
        }
        self.name.to_tokens(tokens);
    }
}

/// Declares the struct of chunk `chunk` of the tree's fields ([`Field`]) in `items`, with the
/// tree's derives and parameters, and returns its type and its path in an expression.
fn chunk_struct(
    tree: &Tree,
    chunk: usize,
    decls: &[TokenStream],
    items: &mut TokenStream,
) -> (TokenStream, TokenStream) {
    let header = &tree.header;
    let name = format_ident!(
        "__Bt{}Fields{}",
        syn::ext::IdentExt::unraw(&header.name),
        chunk
    );
    let derives = (snapshot::without_serde(&header.attrs).into_iter())
        .filter(|attr| attr.path().is_ident("derive"));
    let generics = &header.generics;
    let (_, ty_generics, where_clause) = generics.split_for_impl();
    let (phantom_field, _) = api::phantom(generics);
    items.extend(quote! {
        #[doc(hidden)]
        #[allow(non_camel_case_types)]
        #(#derives)*
        struct #name #generics #where_clause {
            #(#decls,)*
            #phantom_field
        }
    });
    let path = ty_generics.as_turbofish();
    (quote!(#name #ty_generics), quote!(#name #path))
}

/// The tree's field that holds chunk `chunk` of the nodes' fields ([`Field`]).
fn chunk_field(chunk: usize) -> Ident {
    format_ident!("__bt_fields_{}", chunk)
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

/// A duration parameter as an expression of type `core::time::Duration`: a literal is a
/// constant; an expression or an entry goes through `bt::time::AsDuration`, spanned at the
/// user's tokens so that a value of the wrong type is reported there. An entry is read where the
/// rule takes the duration (each rule's docs say when it uses it).
fn duration(g: &Gen, quantity: &Quantity) -> TokenStream {
    match quantity {
        Quantity::Literal(ms) => quote!(__bt::ms(#ms)),
        _ => run_time_value(
            g,
            quantity,
            quote!(duration),
            read_through(g, quantity, crate::kw::READ_DURATION)
                .unwrap_or_else(|| quote!(__bt::AsDuration::as_duration)),
        ),
    }
}

/// For an entry of an XML tree that the XML types otherwise than the node reads it: the method
/// of the trait through which it is read as `word` (`crate::kw::READ_COUNT`, ..), whose error
/// says where the XML reads it (`model::Entry::read_through`).
fn read_through(g: &Gen, quantity: &Quantity, word: &str) -> Option<TokenStream> {
    let Quantity::Entry(entry) = quantity else {
        return None;
    };
    let through = g.tree.blackboard.as_ref()?.read_through(entry, word)?;
    let method = match word {
        crate::kw::READ_COUNT => quote!(as_limit),
        _ => quote!(as_duration),
    };
    Some(quote!(<_ as #through>::#method))
}

/// A loop's limit as an expression of type `Option<usize>` (`None`: forever); an expression or
/// an entry goes through `bt::decorator::AsLimit` (`-1` is forever, as in BehaviorTree.CPP).
fn limit(g: &Gen, limit: &Limit) -> TokenStream {
    match limit {
        None => quote!(::core::option::Option::None),
        Some(Quantity::Literal(n)) => {
            let n = *n as usize;
            quote!(::core::option::Option::Some(#n))
        }
        Some(quantity) => run_time_value(
            g,
            quantity,
            quote!(limit),
            read_through(g, quantity, crate::kw::READ_COUNT)
                .unwrap_or_else(|| quote!(__bt::AsLimit::as_limit)),
        ),
    }
}

/// The counter type of a loop: the smallest that holds a literal limit; `usize` for a limit read
/// at run time.
fn limit_counter(limit: &Limit) -> TokenStream {
    match limit {
        None => small_index(0),
        Some(Quantity::Literal(n)) => small_index(*n),
        Some(_) => small_index(u64::MAX),
    }
}

/// The counter type of a count that bounds something other than a loop (Filter, Limiter,
/// Iterate's index): the smallest that holds a literal; `usize` for a count read at run time, or
/// none (`forever`), which the counter must be able to pass.
fn bounded_counter(limit: &Limit) -> TokenStream {
    match limit {
        Some(Quantity::Literal(n)) => small_index(*n),
        None | Some(_) => small_index(u64::MAX),
    }
}

/// `bt::__private::{convert}` (`duration`, `limit`) of an expression's or an entry's value, read
/// by `method` (`__bt::AsLimit::as_limit`, ..), spanned at the user's tokens so that rustc
/// reports a value of the wrong type there. An entry is first bound to a local named at the entry (`self` stays in the macro's own tokens, for
/// hygiene through `macro_rules!`), so that the call holds only the user's spans.
fn run_time_value(
    g: &Gen,
    quantity: &Quantity,
    convert: TokenStream,
    method: TokenStream,
) -> TokenStream {
    let span = quantity_span(quantity);
    let method = crate::tokens::respan(method, span);
    let convert = crate::tokens::respan(convert, span);
    match quantity {
        Quantity::Literal(value) => quote!(__bt::#convert(&#value, #method)),
        Quantity::Expr(expr) => quote_spanned!(span=> __bt::#convert(&(#expr), #method)),
        Quantity::Entry(entry) => {
            let tracked = (g.tree.blackboard.as_ref()).is_some_and(|bb| bb.is_tracked(entry));
            let local = Ident::new("__bt_entry", span);
            let value = if tracked {
                quote!(&*self.__bt_bb.#entry)
            } else {
                quote!(&self.__bt_bb.#entry)
            };
            let call = quote_spanned!(span=> __bt::#convert(#local, #method));
            quote!({
                let #local = #value;
                #call
            })
        }
    }
}

fn quantity_span(quantity: &Quantity) -> Span {
    match quantity {
        Quantity::Literal(_) => Span::call_site(),
        Quantity::Expr(expr) => expr.span(),
        Quantity::Entry(entry) => entry.span(),
    }
}

/// Where a node's state lives: a field when it must survive between ticks (the node can be
/// running, or keeps memory across activations: `KindSpec::memory`), else a local of its tick
/// function.
struct State {
    access: TokenStream,
    declare_local: TokenStream,
}

/// Whether node `node`'s state is a local of its tick ([`state`]).
fn state_is_local(g: &Gen, node: &Node) -> bool {
    let keeps_memory = node.spec.is_some_and(|spec| spec.memory == Memory::Kept);
    !(g.plan.may_run[node.id] || keeps_memory)
}

fn state(g: &Gen, node: &Node, ty: TokenStream, code: &mut NodeCode) -> State {
    if !state_is_local(g, node) {
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

/// `self.__bt_tick_N(ctx, observer)`, through the direct resume's hand-over for a leaf that a
/// tick can resume directly (`resume.rs`). In a tree with an error type, an error returns from
/// the parent's tick function at once, after marking the parent running so that the tree's halt,
/// which follows every error, visits it and halts what is running below it, and after reporting
/// the parent's abort (but the root's, which the tree reports after that halt).
fn tick_child(g: &Gen, child: usize) -> TokenStream {
    if let Some(tick) = inline_tick(g, child) {
        return tick;
    }
    let (tick, ctx, observer) = (tick_fn(child), ctx(), observer());
    let call = if let Some(running) = resume::resumed_flag(g, child) {
        quote!(self.#tick(#ctx, #observer, #running))
    } else if g.plan.flag_from_parent[child] {
        // Running if the parent was, at this child: the walk starts at the parent's cursor and
        // only moves on, so the child it started at is the first it ticks.
        let (was_running, first) = parent_locals();
        let node = &g.tree.nodes[child];
        let parent = node.parent.expect("a child has a parent");
        // Ids are in pre-order, so a parent's children are sorted.
        let position = (g.tree.nodes[parent].children.binary_search(&child))
            .expect("a child is among its parent's children");
        match &g.tree.nodes[parent].kind {
            // Every child that has not finished in the activation runs while the parallel does.
            Kind::Parallel(crate::model::Parallel::PolicyParallel { .. }) => {
                let state = state_field(parent);
                let running = quote!(!self.#state.is_finished(#position));
                quote!(self.#tick(#ctx, #observer, #was_running && #running))
            }
            _ => quote!(self.#tick(#ctx, #observer, #was_running && #first == #position)),
        }
    } else {
        quote!(self.#tick(#ctx, #observer))
    };
    if g.error().is_none() {
        return resume::tick_leaf(g, child, call);
    }
    let parent = g.tree.nodes[child].parent;
    let mark = match parent.and_then(|parent| g.plan.active_slot[parent]) {
        Some(slot) => quote!(self.__bt_active.set(#slot, true);),
        // A parent that cannot run is not halted after the error: rewind what must be.
        None => match parent.map(|parent| &g.tree.nodes[parent]) {
            Some(parent) if plan::facts(&parent.kind).rewound_after_error => {
                let state = state_field(parent.id);
                quote!(let _ = self.#state.halt();)
            }
            _ => TokenStream::new(),
        },
    };
    let aborted = match parent {
        Some(parent) if parent != 0 => aborted(g, parent),
        _ => TokenStream::new(),
    };
    quote! {
        match #call {
            ::core::result::Result::Ok(__bt_child_status) => __bt_child_status,
            ::core::result::Result::Err(__bt_error) => {
                #mark
                #aborted
                return ::core::result::Result::Err(__bt_error);
            }
        }
    }
}

/// Reports the abort of node `id` (`Observer::on_aborted`), whose tick an error leaves.
fn aborted(g: &Gen, id: usize) -> TokenStream {
    let (public, observer) = (public_id(g.tree, id), observer());
    quote!(__bt::aborted(#public, #observer);)
}

/// The status of a leaf's `call`, which returns a `Result` in a tree with an error type: the
/// error returns from the leaf's tick at once. The leaf has finished (it answered, with an
/// error): it is not running any more, and gets no `on_halted`. Its abort is reported (but the
/// root's, which the tree reports after the halt that follows the error).
fn leaf_status(g: &Gen, node: &Node, call: TokenStream) -> TokenStream {
    if g.error().is_none() {
        return call;
    }
    let finished = match g.plan.active_slot[node.id] {
        Some(slot) => quote!(self.__bt_active.set(#slot, false);),
        None => TokenStream::new(),
    };
    let aborted = match node.id {
        0 => TokenStream::new(),
        id => aborted(g, id),
    };
    quote! {
        match #call {
            ::core::result::Result::Ok(__bt_leaf_status) => __bt_leaf_status,
            ::core::result::Result::Err(__bt_error) => {
                #finished
                #aborted
                return ::core::result::Result::Err(__bt_error);
            }
        }
    }
}

/// Halts `child` if it can be running; nothing for a child that never runs.
fn halt_child(g: &Gen, child: usize) -> TokenStream {
    if g.plan.may_run[child] {
        let (halt, ctx, observer) = (halt_fn(child), ctx(), observer());
        quote!(self.#halt(#ctx, #observer);)
    } else {
        TokenStream::new()
    }
}

/// The time now in nanoseconds, from the context (`bt::Clock::now_nanos`, a `bt::time::Nanos`),
/// for the time nodes, which keep their times in 8 bytes. The context type is written again at
/// the node's kind, so that rustc reports a context without a clock there (the note says which
/// node needs it), not at the header or at the whole invocation.
fn now_nanos(g: &Gen, node: &Node) -> TokenStream {
    let ctx = ctx();
    let span = node.kind_ident.span();
    let context = crate::tokens::respan(g.tree.header.context.to_token_stream(), span);
    quote_spanned!(span=> __bt::now_nanos::<#context>(#ctx, <#context as __bt::Clock>::now_nanos))
}

/// The running flag of node `id`, or `false` for a node that never runs. The root's is the
/// tree's status when [`Plan::root_flag_is_status`](crate::plan::Plan::root_flag_is_status), a
/// reactive composite's its rule's state ([`Plan::flag_in_state`](crate::plan::Plan::flag_in_state)),
/// a leaf resumed directly the resume code ([`Plan::resume`](crate::plan::Plan::resume)), a child
/// whose parent knows its flag the argument of its tick function
/// ([`Plan::flag_from_parent`](crate::plan::Plan::flag_from_parent): only in that function).
fn running_flag(g: &Gen, id: usize) -> TokenStream {
    match (g.plan.active_slot[id], g.plan.resume_code(id)) {
        (Some(slot), _) => quote!(self.__bt_active.get(#slot)),
        (None, Some(code)) => {
            let code = resume::code_literal(code);
            quote!(self.__bt_resume.is(#code))
        }
        (None, None) if id == 0 && g.plan.root_flag_is_status => {
            quote!(__bt::root_running(self.__bt_status))
        }
        (None, None) if g.plan.flag_in_state[id] => {
            let state = state_field(id);
            quote!(self.#state.is_running())
        }
        (None, None) if g.plan.flag_from_parent[id] => resumed_param().into_token_stream(),
        (None, None) => quote!(false),
    }
}

/// A condition over the blackboard as written, or when it is not written a function of bt-core
/// that answers `absent` (not a closure `|_| false`: a closure is a body of its own for rustc at
/// every node).
fn bb_test(closure: &Option<Box<syn::ExprClosure>>, absent: bool) -> TokenStream {
    match (closure, absent) {
        (Some(closure), _) => quote_spanned!(closure.span()=> #closure),
        (None, false) => quote!(__bt::never),
        (None, true) => quote!(__bt::always),
    }
}

/// An action as written, or `bt::__private::nothing` (see `bb_test`).
fn bb_run(closure: &Option<Box<syn::ExprClosure>>) -> TokenStream {
    match closure {
        Some(closure) => quote_spanned!(closure.span()=> #closure),
        None => quote!(__bt::nothing),
    }
}

/// The tick function (and, for a node that may run, the halt function) of `node`, around the
/// `body` that computes its status and the `halt_body` that stops its running descendants.
/// Pre- and post-conditions wrap the body here, once for every kind of node.
fn node_methods(g: &Gen, node: &Node, body: TokenStream, halt_body: TokenStream) -> TokenStream {
    let body = with_passed_flag(g, node, body);
    let body = with_postconditions(node, with_preconditions(g, node, body));
    let mut methods = tick_method(g, node, body);
    if g.plan.may_run[node.id] {
        methods.extend(halt_method(g, node, halt_body));
    }
    methods
}

/// `body`, after the locals from which the child of a decorator takes its running flag
/// (`Plan::flag_from_parent`): the child is running exactly when the decorator is, read before
/// the rule runs.
fn with_passed_flag(g: &Gen, node: &Node, body: TokenStream) -> TokenStream {
    let passes_flag = matches!(node.kind, Kind::Decorator(_) | Kind::Time(_))
        && (node.children.iter()).any(|&child| g.plan.flag_from_parent[child]);
    if !passes_flag {
        return body;
    }
    let (was_running, first) = parent_locals();
    let running = running_flag(g, node.id);
    quote!({
        let #was_running: ::core::primitive::bool = #running;
        let #first: ::core::primitive::usize = 0;
        #body
    })
}

/// `body` behind the pre-conditions' gate, only when one of them is written (unwritten ones would
/// be bt-core's `never` or `always`: a call that changes nothing, and instances of its helpers
/// per blackboard type).
fn with_preconditions(g: &Gen, node: &Node, body: TokenStream) -> TokenStream {
    let (id, conditions) = (node.id, &node.conditions);
    if !conditions.has_pre() {
        return body;
    }
    let running = running_flag(g, id);
    let halt_self = match g.plan.may_run[id] {
        true => {
            let (halt, ctx, observer) = (halt_fn(id), ctx(), observer());
            quote!(self.#halt(#ctx, #observer);)
        }
        false => TokenStream::new(),
    };
    let (failure_if, success_if, skip_if) = (
        bb_test(&conditions.failure_if, false),
        bb_test(&conditions.success_if, false),
        bb_test(&conditions.skip_if, false),
    );
    let run_while = bb_test(&conditions.run_while, true);
    quote! {
        match __bt::preconditions(
            #running, &self.__bt_bb, #failure_if, #success_if, #skip_if, #run_while,
        ) {
            __bt::Gate::Tick => #body,
            __bt::Gate::Answer(__bt_answer) => __bt_answer,
            __bt::Gate::HaltAndSkip => {
                #halt_self
                __bt::Status::Skipped
            }
        }
    }
}

/// `body`, then the post-conditions' call, only when one of them is written (unwritten ones
/// would be bt-core's `nothing`: see [`with_preconditions`]).
fn with_postconditions(node: &Node, body: TokenStream) -> TokenStream {
    let conditions = &node.conditions;
    if !conditions.has_post() {
        return body;
    }
    let (on_success, on_failure, post) = (
        bb_run(&conditions.on_success),
        bb_run(&conditions.on_failure),
        bb_run(&conditions.post),
    );
    quote! {{
        let __bt_gated = #body;
        __bt::postconditions(
            __bt_gated, &mut self.__bt_bb, #on_success, #on_failure, #post,
        );
        __bt_gated
    }}
}

/// Whether node `node`'s tick is written in its parent's tick instead of a function of its own: a
/// leaf that cannot be running (nothing halts it, nothing resumes it, no running flag is passed
/// to it), that LLVM is not asked to keep apart (`Plan::outlined`; the parts of a wide jump
/// table bound a function's size themselves, `composite::ticks_in_parts`), in a tree without an
/// error type (whose leaves' ticks return early with the error). Under a user's node it is written
/// in the tree's method that ticks that node's children (`custom::children_method`). A function
/// per leaf is what a wide
/// tree's build spends most on (each is type-checked, borrow-checked and compiled on its own);
/// in release the small ones were inlined anyway (`#[inline]`).
fn inlined(g: &Gen, node: &Node) -> bool {
    let id = node.id;
    let in_parts = node
        .parent
        .is_some_and(|parent| composite::ticks_in_parts(g, &g.tree.nodes[parent]));
    node.parent.is_some()
        && matches!(node.kind, Kind::Leaf(_))
        && g.error().is_none()
        && (!g.plan.outlined[id] || in_parts)
        && !g.plan.may_run[id]
        && !g.plan.flag_from_parent[id]
        && g.plan.resume_code(id).is_none()
}

/// Whether node `id`'s tick function takes its running flag as a parameter (`__bt_resumed`):
/// one its parent passes ([`Plan::flag_from_parent`](crate::plan::Plan::flag_from_parent)), or,
/// for a leaf the tick can resume directly, the resume code's test from the walk and `true` from
/// the direct resume (`resume::resumed_flag`).
fn takes_running_flag(g: &Gen, id: usize) -> bool {
    g.plan.flag_from_parent[id] || g.plan.resume_code(id).is_some()
}

/// The tick of leaf `id` as an expression of its parent's tick, if it is written there
/// ([`inlined`]): a call of `done` or a block ending in one of `finish` ([`tick_method`]), an
/// expression wherever a call is, so written without braces of its own.
fn inline_tick(g: &Gen, id: usize) -> Option<TokenStream> {
    g.inline_ticks.borrow()[id].clone()
}

/// Node `node`'s tick function, around `body`; for a leaf written in its parent's tick
/// ([`inlined`]), nothing, and its tick expression goes to `Gen::inline_ticks`.
fn tick_method(g: &Gen, node: &Node, body: TokenStream) -> TokenStream {
    let (context, lifetimes) = (&g.tree.header.context, &g.tree.header.context_lifetimes);
    let (ctx, observer) = (ctx(), observer());
    let id = node.id;
    let (public, tick) = (public_id(g.tree, id), tick_fn(id));
    let inline = if g.plan.outlined[id] {
        quote!(#[inline(never)])
    } else {
        quote!(#[inline])
    };
    // The status through `finish` (with the node's own running flag) or `done` (without).
    let finish = match g.plan.active_slot[id] {
        Some(slot) => {
            let active = quote!(::core::option::Option::Some(self.__bt_active.flag(#slot)));
            quote! {{
                let __bt_status: __bt::Status = #body;
                __bt::finish(#active, #public, __bt_status, #observer)
            }}
        }
        None => quote!(__bt::done(#public, #body, #observer)),
    };
    if inlined(g, node) {
        g.inline_ticks.borrow_mut()[id] = Some(finish);
        return TokenStream::new();
    }
    let (answer, finish) = match g.error() {
        None => (quote!(__bt::Status), finish),
        Some(error) => (
            quote!(::core::result::Result<__bt::Status, #error>),
            quote!(::core::result::Result::Ok(#finish)),
        ),
    };
    let resumed = match takes_running_flag(g, id) {
        true => {
            let resumed = resumed_param();
            quote!(#resumed: ::core::primitive::bool,)
        }
        false => TokenStream::new(),
    };
    quote! {
        #inline
        fn #tick<#(#lifetimes,)* __BtO: __bt::Observer>(
            &mut self,
            #ctx: &mut #context,
            #observer: &mut __BtO,
            #resumed
        ) -> #answer {
            #finish
        }
    }
}

/// Node `node`'s halt function, around the `halt_body` that stops its running descendants.
fn halt_method(g: &Gen, node: &Node, halt_body: TokenStream) -> TokenStream {
    let (context, lifetimes) = (&g.tree.header.context, &g.tree.header.context_lifetimes);
    let (ctx, observer) = (ctx(), observer());
    let (id, conditions) = (node.id, &node.conditions);
    let (public, slot) = (public_id(g.tree, id), g.plan.active_slot[id]);
    let halt = halt_fn(id);
    // The root's flag, when it is the tree's status, is cleared by the tree's halt; a flag
    // that is the node's rule state, by the rule's `halt` in `halt_body`; a flag passed by
    // the parent, by the parent's rule's `halt` (which moves its cursor); a resumed leaf's,
    // the resume code, here.
    let halted = match (slot, g.plan.resume_code(id)) {
        (Some(slot), _) => {
            quote!(__bt::halted(self.__bt_active.flag(#slot), #public, #observer);)
        }
        (None, Some(_)) => quote!(__bt::halted_resumed(&mut self.__bt_resume, #public, #observer);),
        (None, None) => quote!(__bt::halted_unflagged(#public, #observer);),
    };
    let (on_halted, post) = (bb_run(&conditions.on_halted), bb_run(&conditions.post));
    let hooks = if conditions.on_halted.is_some() || conditions.post.is_some() {
        quote!(__bt::after_halt(&mut self.__bt_bb, #on_halted, #post);)
    } else {
        TokenStream::new()
    };
    let halt_running = quote! {
        #halt_body
        #halted
        #hooks
    };
    let halt_running = match g.plan.flag_from_parent[id] {
        // Only the parent's halt calls this one, for the child at its cursor while the
        // parent is running: the child is running.
        true => halt_running,
        false => {
            let running = running_flag(g, id);
            quote!(if #running { #halt_running })
        }
    };
    quote! {
        #[inline]
        fn #halt<#(#lifetimes,)* __BtO: __bt::Observer>(
            &mut self,
            #ctx: &mut #context,
            #observer: &mut __BtO,
        ) {
            #halt_running
        }
    }
}

/// Node `id`'s id as the tree reports it (to observers, in `NODES`): its pre-order position,
/// counting the nodes of the subtrees before it. A constant expression when subtrees come first
/// (`(7 + <Patrol>::NODE_COUNT)`), else a literal.
pub(super) fn public_id(tree: &Tree, id: usize) -> TokenStream {
    let before = (tree.subtrees_before(id)).map(|(_, subtree)| subtree_node_count(tree, subtree));
    let before: Vec<TokenStream> = before.collect();
    let id = proc_macro2::Literal::usize_unsuffixed(id);
    if before.is_empty() {
        quote!(#id)
    } else {
        quote!((#id #(+ #before)*))
    }
}

/// The number of nodes of `subtree`'s tree as a constant that names no parameter of the tree, so
/// that it can be an array's length (`NODES`): `<Child as Subtree<Ctx>>::__NODE_COUNT` with
/// `'static` for every lifetime, or, for a child that names the tree's type parameters
/// (`SubTree(Guard<W>)` in `tree Outer<W: Senses> for W`), the constant that every generic tree
/// has beside it, `__bt_node_count_Guard` (see `api.rs`).
pub(super) fn subtree_node_count(tree: &Tree, subtree: &SubTree) -> TokenStream {
    let (ty, context) = (&subtree.ty, child_context(tree, subtree));
    if tree.header.names_type_param(quote!(#ty #context)) {
        if let syn::Type::Path(syn::TypePath { qself: None, path }) = &**ty {
            let mut path = path.clone();
            if let Some(last) = path.segments.last_mut() {
                last.ident = api::node_count_const(&last.ident);
                last.arguments = syn::PathArguments::None;
            }
            return quote_spanned!(ty.span()=> #path);
        }
    }
    let every = |_: &Ident| true;
    let ty = crate::tokens::static_lifetimes(ty.to_token_stream(), &every);
    let context = crate::tokens::static_lifetimes(context, &every);
    quote_spanned!(subtree.ty.span()=> <#ty as __bt::Subtree<#context>>::__NODE_COUNT)
}

/// The context type the child tree of `subtree` runs on: the parent's, or with
/// `agent = |ctx| ..` the child's own (`<Child as BehaviorTree>::Context`).
pub(super) fn child_context(tree: &Tree, subtree: &SubTree) -> TokenStream {
    let ty = &subtree.ty;
    match subtree.agent {
        Some(_) => quote_spanned!(ty.span()=> <#ty as __bt::BehaviorTree>::Context),
        None => {
            let context = &tree.header.context;
            quote!(#context)
        }
    }
}

/// `|param| &mut param.field` (or `&param.field`), every token at the user's `span`: rustc
/// reports a mismatch or an unknown field there, and the closure resolves within its own hygiene
/// context even when the tree comes through a `macro_rules!`.
pub(super) fn field_closure(span: Span, field: &Ident, mutable: bool) -> TokenStream {
    let param = Ident::new("__bt_of", span);
    let mut field = field.clone();
    field.set_span(span);
    if mutable {
        quote_spanned!(span=> |#param| &mut #param.#field)
    } else {
        quote_spanned!(span=> |#param| &#param.#field)
    }
}

/// `&mut (*base).field` at `field`'s span: a place rustc reports an unknown field or a type
/// mismatch at (a port binding's entry and port, `leaf::port_steps`).
pub(super) fn field_place(base: &str, field: &Ident) -> TokenStream {
    // The base resolves as the generated code's own names do (the closure parameters `__bt_bb`
    // and `__bt_leaf`, also through the XML front end's `macro_rules!`), located at the user's
    // token; the field keeps the user's span, so that an unknown one gets rustc's "a field with
    // a similar name exists".
    let span = Span::call_site().located_at(field.span());
    let base = Ident::new(base, span);
    quote_spanned!(span=> &mut (*#base).#field)
}

/// `note` as a `#[deprecated]` note of the constant `name`, split so that rustc's first line,
/// `warning: use of deprecated constant `_::name`: ..`, holds at most
/// [`FIRST_LINE`](crate::ctxt::FIRST_LINE) characters (the rest on a `note:` line below).
pub(super) fn deprecation_note(name: &str, note: &str) -> String {
    let before = "warning: use of deprecated constant `_::`: ".len() + name.len();
    crate::ctxt::with_note_within(note, crate::ctxt::FIRST_LINE.saturating_sub(before))
}

/// The model's warnings ([`crate::model::Warning`]), each the use of a `#[deprecated]` item at
/// the node, whose note is the message: a proc macro cannot emit a warning on stable Rust.
fn model_warnings(tree: &Tree) -> TokenStream {
    let warnings = tree.warnings.iter().map(|warning| {
        let span = warning.span;
        let note = deprecation_note(warning.name, &warning.note);
        let name = syn::Ident::new(warning.name, span);
        quote::quote_spanned! {span=>
            const _: () = {
                #[deprecated(note = #note)]
                #[allow(non_upper_case_globals)]
                const #name: () = ();
                #name
            };
        }
    });
    quote::quote!(#(#warnings)*)
}
