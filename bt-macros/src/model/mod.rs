//! The typed model of a tree, built from the syntax and validated on the way: every node's kind is
//! resolved in the kinds table, its arguments turned into parameters, its arity, names and
//! blackboard entries checked. Every problem is reported to the `Ctxt` at the user's token, and
//! building goes on after an error so that all of them are found at once.
//!
//! * one module per family of kinds, each with its model types and its lowering from the kind's
//!   parameters: [`leaf`]; [`composite`] (selectors, conditional flow, parallels); [`decorator`]
//!   (decorators, time, loops); [`custom`] (the user's own control nodes and decorators). Each
//!   lowering matches its family's kinds exhaustively;
//! * [`params`]: a kind's parameters read by name, with the defaults of the kinds table;
//! * [`attr`]: node and entry attributes (`#[name]`, the pre/post-conditions, `#[tracked]`);
//! * [`check`]: checks and suggestions that look across nodes (names, entries, arity, cycles);
//! * [`observers`]: the pass over the whole tree for what one node cannot see alone (the
//!   children's `#[weight]`/`#[score]`, the observer selectors).
//!
//! What the generated code needs beyond the model (which nodes can run, which are resumed
//! directly, where functions are split) is decided afterwards, in `crate::plan`.

mod attr;
mod check;
mod composite;
mod custom;
mod decorator;
mod leaf;
mod observers;
mod params;
mod warnings;

use syn::{Expr, Ident, LitStr, Type};

use crate::args::Args;
pub use crate::args::Quantity;
use crate::ctxt::Ctxt;
use crate::kinds::{self, Arity, KindSpec, Shape};
use crate::parse::{Body, ChildNodes, Children, NodeSyntax};

pub use crate::args::{PortBinding, Value};
pub use crate::kinds::{Category, Composite};
pub use crate::parse::Header;
pub use attr::Conditions;
pub use attr::UtilityValue;
pub(crate) use check::{children_fit, closest, xml_child_count};
pub use composite::{
    case_alternatives, case_number, range_numbers, Alternative, Flow, Parallel, Selector,
};
pub use custom::Custom;
pub use decorator::{Decorator, Loop, Time};
pub use leaf::{Leaf, LeafImpl, LeafType, SubTree};
use params::Params;
pub use warnings::Warning;

/// How many levels a tree may nest (its root is level 1): a node below the last is an error. The macro itself does not recurse
/// per level; rustc, compiling the chain of one tick function per level, overflowed its stack at
/// 10,000 levels in a debug build (3,000 levels build in 40 s).
pub const MAX_DEPTH: usize = 3_000;

/// A whole tree. `nodes` is in pre-order: a node's id is its index, the root is node 0.
pub struct Tree {
    pub header: Header,
    pub blackboard: Option<Blackboard>,
    pub nodes: Vec<Node>,
    /// Entries no node mentions (warned about, unless a subtree's `..` shares them).
    pub unused_entries: Vec<Ident>,
    /// The tree types of the `SubTree(Child, ..)` nodes, each once: `..` shares every entry
    /// the child has with the parent's entry of the same name.
    pub shared_with: Vec<Type>,
    /// Ids of the `SubTree` nodes, in pre-order.
    pub subtrees: Vec<usize>,
    /// What compiles but most likely is not meant (`model::warnings`).
    pub warnings: Vec<Warning>,
}

/// The tree's `blackboard { .. }` section.
pub struct Blackboard {
    pub entries: Vec<Entry>,
}

/// One blackboard entry.
pub struct Entry {
    /// The attributes passed on to the field (doc comments, `#[allow]`, `#[cfg_attr]`).
    pub attrs: Vec<syn::Attribute>,
    pub name: Ident,
    pub ty: Type,
    /// The initial value; `Default` when absent.
    pub init: Option<Expr>,
    /// `#[tracked]`: a `bt::Tracked<T>` that counts its updates.
    pub tracked: bool,
    /// For an entry of an XML tree: the traits through which its nodes read it as a count, a
    /// duration or a queue, in place of `bt`'s, whose errors say where the XML reads it
    /// (`#[__bt_read(count, Trait)]`, `crate::kw::XML_READ`).
    pub read_through: Vec<(String, Ident)>,
}

impl Blackboard {
    pub fn entry(&self, name: &Ident) -> Option<&Entry> {
        self.entries.iter().find(|entry| entry.name == *name)
    }

    /// True for an entry declared `#[tracked]`.
    pub fn is_tracked(&self, name: &Ident) -> bool {
        self.entry(name).is_some_and(|entry| entry.tracked)
    }

    /// The trait through which the nodes read entry `name` as `word` (`crate::kw::READ_COUNT`,
    /// ..), if the XML front end gave one ([`Entry::read_through`]).
    pub fn read_through(&self, name: &Ident, word: &str) -> Option<&Ident> {
        let entry = self.entry(name)?;
        (entry.read_through.iter())
            .find(|(read, _)| read == word)
            .map(|(_, through)| through)
    }
}

pub struct Node {
    pub id: usize,
    pub parent: Option<usize>,
    pub depth: usize,
    /// The kind as written, for spans and metadata.
    pub kind_ident: Ident,
    /// The kind's entry in the kinds table; `None` for an unknown kind.
    pub spec: Option<&'static KindSpec>,
    /// Display name: `#[name]`, else `#[id]`, else the leaf type, else the kind. A label, as in
    /// BehaviorTree.CPP: several nodes may share one.
    pub name: String,
    /// `#[id = ".."]`: the BehaviorTree.CPP ID of a node of a type of the user's, which the
    /// metadata and the exports give in place of the type (a node mapped from XML keeps its ID).
    pub xml_id: Option<String>,
    /// For a node of an XML tree: `file.xml:12:7: `Element`: `, which starts the messages of
    /// the compile-time checks generated for it (a required port left unbound).
    pub xml_origin: Option<String>,
    /// `#[skip_if(..)]`, `#[on_success(..)]`, ...
    pub conditions: Conditions,
    pub kind: Kind,
    pub children: Vec<usize>,
}

/// The leaf type of a node of that kind, to change.
fn leaf_type_mut(kind: &mut Kind) -> Option<&mut LeafType> {
    match kind {
        Kind::Leaf(Leaf::Condition(LeafImpl::Type(leaf)))
        | Kind::Leaf(Leaf::Action(LeafImpl::Type(leaf)))
        | Kind::Leaf(Leaf::Stateful(leaf))
        | Kind::Custom(Custom { node: leaf, .. }) => Some(leaf),
        _ => None,
    }
}

/// Names the type aliases through which the ports of an XML tree's nodes are reached
/// ([`LeafType::checked`]): one per type and set of bound ports, after the tree and the first
/// node with them. A type that names the tree's generic parameters has none: a module-level
/// alias cannot name them (and the check of such a type is evaluated where the generic tree is
/// built).
fn name_port_checks(tree: &mut Tree) {
    let mut first = std::collections::HashMap::<String, usize>::new();
    let name = syn::ext::IdentExt::unraw(&tree.header.name);
    for node in &mut tree.nodes {
        if node.xml_origin.is_none() {
            continue;
        }
        let id = node.id;
        let Some(leaf) = leaf_type_mut(&mut node.kind) else {
            continue;
        };
        let ty = quote::ToTokens::to_token_stream(&leaf.ty);
        if leaf.bindings.is_empty() || tree.header.names_generic_param(ty) {
            continue;
        }
        let first = *first.entry(leaf.check_key()).or_insert(id);
        leaf.checked = Some(quote::format_ident!("__Bt{name}Ports{first}"));
    }
}

/// A count as written: `Some(n)`, or `None` for `forever`.
pub type Limit = Option<Quantity>;

/// What a node is: its family, and its kind with its parameters (`kinds::Shape` before the
/// arguments are read).
pub enum Kind {
    Leaf(Leaf),
    Composite(Composite),
    Selector(Selector),
    Flow(Flow),
    Parallel(Parallel),
    Decorator(Decorator),
    Time(Time),
    Loop(Loop),
    Custom(Custom),
    /// A node that failed validation (an error was reported); only in trees that are not emitted.
    Invalid,
}

impl Node {
    /// The user's type of a `Condition(Type)`, `Action(Type)` or `StatefulAction(Type)` leaf,
    /// or of a `Control(Type)` or `Decorator(Type)` node: the type whose ports the node has.
    pub fn leaf_type(&self) -> Option<&LeafType> {
        match &self.kind {
            Kind::Leaf(Leaf::Condition(LeafImpl::Type(leaf)))
            | Kind::Leaf(Leaf::Action(LeafImpl::Type(leaf)))
            | Kind::Leaf(Leaf::Stateful(leaf))
            | Kind::Custom(Custom { node: leaf, .. }) => Some(leaf),
            _ => None,
        }
    }

    /// The `SubTree` node's child tree.
    pub fn subtree(&self) -> Option<&SubTree> {
        match &self.kind {
            Kind::Leaf(Leaf::SubTree(subtree)) => Some(subtree),
            _ => None,
        }
    }

    /// The node's category in the metadata.
    pub fn category(&self) -> Category {
        self.spec.map_or(Category::Control, |spec| spec.category)
    }
}

impl Tree {
    /// A tree of no nodes with the entries of `blackboard`: what the stub after an error in an
    /// XML tree is emitted from, so that user code reading the declared entries sees no
    /// follow-on errors.
    pub fn without_nodes(header: Header, blackboard: crate::parse::BlackboardSyntax) -> Tree {
        let cx = Ctxt::new();
        let blackboard = attr::blackboard(&cx, blackboard);
        // The entries' own errors are reported by the DSL pipeline when the XML translates.
        let _ = cx.check();
        Tree {
            header,
            blackboard: Some(blackboard),
            nodes: Vec::new(),
            subtrees: Vec::new(),
            unused_entries: Vec::new(),
            shared_with: Vec::new(),
            warnings: Vec::new(),
        }
    }

    pub fn from_syntax(cx: &Ctxt, mut header: Header, body: Body) -> Tree {
        let body_span = header.body_span;
        header.attrs.retain(|attr| attr::tree_attribute(cx, attr));
        let mut tree = Tree {
            header,
            blackboard: body.blackboard.map(|syntax| attr::blackboard(cx, syntax)),
            nodes: Vec::new(),
            subtrees: Vec::new(),
            unused_entries: Vec::new(),
            shared_with: Vec::new(),
            warnings: Vec::new(),
        };
        let mut mentioned = check::Mentions::default();
        let mut roots = body.roots.into_iter();
        match roots.next() {
            None => cx.syn_error(syn::Error::new(
                body_span,
                "a tree needs a root node, e.g. `Sequence { Condition(..), Action(..) }`",
            )),
            Some(root) => {
                tree.lower(cx, root, &mut mentioned);
                for extra in roots {
                    cx.error_spanned_by(
                        &extra.kind,
                        "a tree has exactly one root node; put these nodes under a composite such as `Sequence { .. }` or `Fallback { .. }`",
                    );
                }
            }
        }
        name_port_checks(&mut tree);
        tree.unused_entries = check::unused_entries(tree.blackboard.as_ref(), &mentioned);
        tree.warnings = warnings::warnings(&tree);
        observers::resolve(cx, &mut tree);
        tree.subtrees = (tree.nodes.iter())
            .filter(|node| node.subtree().is_some())
            .map(|node| node.id)
            .collect();
        // `..` shares the entries the child tree has too, which this expansion cannot see: the
        // generated code asks the child's blackboard (`codegen::blackboard`).
        let mut shared_with: Vec<Type> = Vec::new();
        for sub in tree.nodes.iter().filter_map(Node::subtree) {
            let text = |ty: &Type| quote::ToTokens::to_token_stream(ty).to_string();
            let same = |ty: &Type| text(ty) == text(&sub.ty);
            if sub.autoremap.is_some() && !shared_with.iter().any(same) {
                shared_with.push((*sub.ty).clone());
            }
        }
        tree.shared_with = shared_with;
        tree
    }

    /// Adds `root` and its descendants, in pre-order (a node's id is its position). Iterative,
    /// one level of children parsed at a time: the depth of a tree costs no stack.
    fn lower(&mut self, cx: &Ctxt, root: NodeSyntax, mentioned: &mut check::Mentions) {
        let mut stack: Vec<(NodeSyntax, Option<usize>, usize)> = vec![(root, None, 0)];
        while let Some((syntax, parent, depth)) = stack.pop() {
            let id = self.nodes.len();
            if let Some(parent) = parent {
                self.nodes[parent].children.push(id);
            }
            // What the nodes mention decides only which entries are unused.
            if self
                .blackboard
                .as_ref()
                .is_some_and(|bb| !bb.entries.is_empty())
            {
                check::mention(&syntax, mentioned);
            }
            if depth == MAX_DEPTH {
                cx.error_spanned_by(
                    &syntax.kind,
                    format!("a tree nests at most {MAX_DEPTH} levels (its root is level 1), and this node is level {}: rustc overflows its stack compiling deeper chains of tick functions; flatten it under a `Sequence`, or move part of it into another tree used as a `SubTree`", depth + 1),
                );
                continue;
            }
            let children = self.lower_node(cx, syntax, parent, depth);
            let children = children
                .into_iter()
                .rev()
                .map(|child| (child, Some(id), depth + 1));
            stack.extend(children);
        }
    }

    /// Adds the node `syntax` (without its children, which it returns).
    fn lower_node(
        &mut self,
        cx: &Ctxt,
        syntax: NodeSyntax,
        parent: Option<usize>,
        depth: usize,
    ) -> Vec<NodeSyntax> {
        let id = self.nodes.len();
        let NodeSyntax {
            case: _,
            attrs,
            kind: kind_ident,
            args,
            arg_tokens,
            children,
            xml,
        } = syntax;
        // The node as written, for the usages in its errors: `Repeat(2)`.
        let shown = if arg_tokens.is_empty() {
            kind_ident.to_string()
        } else {
            format!("{kind_ident}({})", crate::text::source(arg_tokens))
        };
        // A node of an XML tree: its errors say where its element is, and its ID; for a mapped
        // node, the place of each port's attribute.
        let (mut xml_ports, mut xml_binds) = (Vec::new(), Vec::new());
        let xml_origin = xml.map(|origin| {
            let shown = format!("{}: `{}`: ", origin.loc, origin.element);
            (xml_ports, xml_binds) = (origin.ports, origin.binds);
            cx.set_origin(Some(crate::ctxt::Origin {
                loc: origin.loc,
                dsl: kind_ident.to_string(),
                element: origin.element,
                params: origin.params,
            }));
            shown
        });
        let children = self.lower_node_parts(
            cx, id, attrs, kind_ident, args, children, parent, depth, xml_origin, xml_ports,
            xml_binds, &shown,
        );
        cx.set_origin(None);
        children
    }

    /// [`Tree::lower_node`] after the XML origin is read.
    #[allow(clippy::too_many_arguments)]
    fn lower_node_parts(
        &mut self,
        cx: &Ctxt,
        id: usize,
        attrs: Vec<syn::Attribute>,
        kind_ident: Ident,
        args: Args,
        children: Option<ChildNodes>,
        parent: Option<usize>,
        depth: usize,
        xml_origin: Option<String>,
        xml_ports: Vec<(String, String)>,
        xml_binds: Vec<(String, Ident)>,
        shown: &str,
    ) -> Vec<NodeSyntax> {
        let (mut children, children_ok) = match children.map(Children::take) {
            None => (None, true),
            Some(Ok(children)) => (Some(children), true),
            Some(Err(error)) => {
                cx.syn_error(error);
                (None, false)
            }
        };
        // A `Switch` takes its children's case labels; anywhere else they are a mistake.
        let cases = match spec_arity(&kind_ident) {
            Some(Arity::Cases) if children_ok => check::cases(cx, &kind_ident, children.as_mut()),
            _ => {
                check::no_cases(cx, children.as_ref());
                None
            }
        };
        let attr::NodeAttrs {
            name: explicit_name,
            id: xml_id,
            conditions,
        } = attr::node_attributes(cx, &attrs);
        let kind_name = kind_ident.to_string();
        let spec = kinds::lookup(&kind_name);
        let kind = match spec {
            None => {
                check::unknown_kind(cx, &kind_ident);
                Kind::Invalid
            }
            Some(spec) => {
                let child_count = children.as_ref().map_or(0, |children| children.nodes.len());
                let kind = self.build(cx, spec, &kind_ident, args, cases, child_count);
                // A composite given arguments is reported for those only; children that did not
                // parse are not counted.
                let arity_ok = (kind.is_none() && matches!(spec.shape, Shape::Composite(_)))
                    || !children_ok
                    || check::child_count(cx, &kind_ident, shown, children.as_ref(), spec.arity);
                match kind {
                    Some(kind) if arity_ok && children_ok => kind,
                    _ => Kind::Invalid,
                }
            }
        };
        if let Some(lit) = &xml_id {
            let typed = matches!(
                &kind,
                Kind::Leaf(Leaf::Condition(LeafImpl::Type(_)))
                    | Kind::Leaf(Leaf::Action(LeafImpl::Type(_)))
                    | Kind::Leaf(Leaf::Stateful(_))
                    | Kind::Custom(_)
                    | Kind::Invalid
            );
            if !typed {
                cx.error_spanned_by(lit, format!("`{kind_name}` has its own BehaviorTree.CPP ID: `#[id]` gives one to a node of a type of yours (`Action(Type)`, `Condition(Type)`, `StatefulAction(Type)`, `Control(Type)`, `Decorator(Type)`)"));
            }
        }
        let xml_id = xml_id.as_ref().map(LitStr::value);
        let mut kind = kind;
        if let (Some(_), Some(leaf)) = (&xml_origin, leaf_type_mut(&mut kind)) {
            leaf.xml_ports = xml_ports;
            leaf.xml_binds = xml_binds;
        }
        let name = (explicit_name.as_ref().map(LitStr::value))
            .or_else(|| xml_id.clone())
            .unwrap_or_else(|| default_name(&kind, &kind_name));
        self.nodes.push(Node {
            id,
            parent,
            depth,
            kind_ident,
            spec,
            name,
            xml_id,
            xml_origin,
            conditions,
            kind,
            children: Vec::new(),
        });
        children.map_or_else(Vec::new, |children| children.nodes)
    }

    /// The model of a node of a known kind, from its arguments; `None` after an error. Each
    /// family is lowered in its own module.
    fn build(
        &self,
        cx: &Ctxt,
        spec: &KindSpec,
        kind: &Ident,
        args: Args,
        cases: Option<Vec<Expr>>,
        child_count: usize,
    ) -> Option<Kind> {
        let (values, args) = match args {
            Args::Invalid(error) => {
                cx.syn_error(error);
                return None;
            }
            Args::Params(values) => (values, Args::Absent),
            args => (Vec::new(), args),
        };
        let at = Lower {
            cx,
            bb: self.blackboard.as_ref(),
            header: &self.header,
            kind,
        };
        let mut params = Params::new(spec, kind, values);
        let p = &mut params;
        Some(match spec.shape {
            Shape::Leaf(leaf) => Kind::Leaf(leaf::lower(&at, leaf, args, p)?),
            Shape::Composite(composite) => Kind::Composite(composite),
            Shape::Selector(selector) => Kind::Selector(composite::selector(&at, selector, p)?),
            Shape::Flow(flow) => Kind::Flow(composite::flow(&at, flow, p, cases)?),
            Shape::Parallel(parallel) => {
                Kind::Parallel(composite::parallel(&at, parallel, p, child_count)?)
            }
            Shape::Decorator(decorator) => {
                Kind::Decorator(decorator::decorator(&at, decorator, p)?)
            }
            Shape::Time(time) => Kind::Time(decorator::time(&at, time, p)?),
            Shape::Loop(kind) => Kind::Loop(decorator::looping(&at, kind, p)?),
            Shape::Custom(kind) => Kind::Custom(custom::lower(&at, kind, args)?),
        })
    }

    /// The `SubTree` nodes before node `id` in pre-order: (id, subtree).
    pub fn subtrees_before(&self, id: usize) -> impl Iterator<Item = (usize, &SubTree)> {
        (self.subtrees.iter())
            .take_while(move |&&sub| sub < id)
            .filter_map(|&sub| self.nodes[sub].subtree().map(|subtree| (sub, subtree)))
    }
}

/// What lowering one node reads besides its parameters.
struct Lower<'a> {
    cx: &'a Ctxt,
    bb: Option<&'a Blackboard>,
    header: &'a Header,
    /// The node's kind as written, where errors about the node point.
    kind: &'a Ident,
}

impl Lower<'_> {
    /// A count or duration: an entry must be one of the blackboard's.
    fn quantity(&self, quantity: Quantity) -> Option<Quantity> {
        match &quantity {
            Quantity::Entry(entry) if !check::resolve_entry(self.cx, self.bb, entry) => None,
            _ => Some(quantity),
        }
    }

    /// A count (`None`: `forever`), its entry checked.
    fn limit(&self, limit: Limit) -> Option<Limit> {
        match limit {
            Some(limit) => self.quantity(limit).map(Some),
            None => Some(None),
        }
    }

    /// A count that must not be a literal 0, reported at the node's kind with `message`.
    fn positive(&self, limit: Limit, message: impl FnOnce() -> String) -> Option<Limit> {
        let limit = self.limit(limit)?;
        if limit.as_ref().and_then(Quantity::literal) == Some(0) {
            self.cx.error_spanned_by(self.kind, message());
            return None;
        }
        Some(limit)
    }

    /// Entries that must be the blackboard's; all are checked (and reported) before answering.
    fn entries<'e>(&self, entries: impl IntoIterator<Item = &'e Ident>) -> bool {
        let mut ok = true;
        for entry in entries {
            ok &= check::resolve_entry(self.cx, self.bb, entry);
        }
        ok
    }
}

/// The arity of the kind named `kind`, if it is known.
fn spec_arity(kind: &Ident) -> Option<Arity> {
    kinds::lookup(&kind.to_string()).map(|spec| spec.arity)
}

/// A node's default name: its leaf or tree type, else its kind as written.
fn default_name(kind: &Kind, written: &str) -> String {
    let ty = match kind {
        Kind::Leaf(Leaf::Condition(LeafImpl::Type(leaf)))
        | Kind::Leaf(Leaf::Action(LeafImpl::Type(leaf)))
        | Kind::Leaf(Leaf::Stateful(leaf))
        | Kind::Custom(Custom { node: leaf, .. }) => Some(&*leaf.ty),
        Kind::Leaf(Leaf::SubTree(subtree)) => Some(&*subtree.ty),
        _ => None,
    };
    match ty {
        Some(ty) => quote::ToTokens::to_token_stream(ty)
            .to_string()
            .replace(' ', ""),
        None => written.to_owned(),
    }
}
