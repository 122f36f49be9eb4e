//! The typed model of a tree, built from the syntax and validated on the way: every node's kind is
//! resolved in the kinds table, its arguments turned into parameters, its arity, names and
//! blackboard entries checked. Every problem is reported to the `Ctxt` at the user's token, and
//! building goes on after an error so that all of them are found at once.
//!
//! * [`attr`]: node and entry attributes (`#[name]`, the pre/post-conditions, `#[tracked]`);
//! * [`check`]: checks and suggestions that look across nodes (names, entries, arity, cycles).
//!
//! What the generated code needs beyond the model (which nodes can run, which are resumed
//! directly, where functions are split) is decided afterwards, in `crate::plan`.

mod attr;
mod check;

use proc_macro2::Span;
use syn::{Expr, ExprClosure, Ident, LitStr, Type};

use crate::args::{Args, LeafArgs, Target};
use crate::ctxt::Ctxt;
use crate::kinds::{self, DecoratorKind, KindSpec, LeafKind, Shape};
use crate::parse::{Body, NodeSyntax};

pub use crate::args::{PortBinding, Value};
pub use crate::parse::Header;
pub use attr::Conditions;
pub(crate) use check::edit_distance;

/// A whole tree. `nodes` is in pre-order: a node's id is its index, the root is node 0.
pub struct Tree {
    pub header: Header,
    pub blackboard: Option<Blackboard>,
    pub nodes: Vec<Node>,
    /// Entries no node mentions (warned about).
    pub unused_entries: Vec<Ident>,
    /// Ids of the `SubTree` nodes, in pre-order.
    pub subtrees: Vec<usize>,
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
}

impl Blackboard {
    pub fn entry(&self, name: &Ident) -> Option<&Entry> {
        self.entries.iter().find(|entry| entry.name == *name)
    }

    /// True for an entry declared `#[tracked]`.
    pub fn is_tracked(&self, name: &Ident) -> bool {
        self.entry(name).is_some_and(|entry| entry.tracked)
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
    /// Display name: `#[name]`, else the leaf type, else the kind.
    pub name: String,
    /// The `#[name = ".."]` literal, if the user gave one.
    pub explicit_name: Option<LitStr>,
    /// `#[skip_if(..)]`, `#[on_success(..)]`, ...
    pub conditions: Conditions,
    pub kind: Kind,
    pub children: Vec<usize>,
}

/// A node's category in the tree's metadata (`bt::NodeCategory`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Category {
    Control,
    Decorator,
    Condition,
    Action,
    SubTree,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Composite {
    Sequence,
    SequenceWithMemory,
    ReactiveSequence,
    Fallback,
    ReactiveFallback,
}

pub enum Decorator {
    Inverter,
    ForceSuccess,
    ForceFailure,
    Repeat(Limit),
    RetryUntilSuccessful(Limit),
    KeepRunningUntilFailure,
    RunOnce {
        then_skip: bool,
    },
    /// `SkipUnlessUpdated(entry)`: the entry is `#[tracked]`.
    SkipUnlessUpdated(Ident),
    /// `WaitValueUpdate(entry)`: the entry is `#[tracked]`.
    WaitValueUpdate(Ident),
}

/// A loop limit: `Some(n)` completions, or `None` for `forever`.
pub type Limit = Option<u64>;

pub enum Leaf {
    Condition(LeafImpl),
    Action(LeafImpl),
    Stateful(LeafType),
    AlwaysSuccess,
    AlwaysFailure,
    SetBlackboard {
        entry: Ident,
        value: Value,
    },
    UnsetBlackboard {
        entry: Ident,
    },
    /// `Script(|bb| statements)`: always `Success`.
    Script(Box<ExprClosure>),
    /// `ScriptCondition(|bb| condition)`.
    ScriptCondition(Box<ExprClosure>),
    /// `WasEntryUpdated(entry)`: the entry is `#[tracked]`.
    WasEntryUpdated(Ident),
    /// `SubTree(Child, x = {a}, ..)`: another generated tree.
    SubTree(SubTree),
}

/// A `SubTree` node: the child tree's type (built with `init`, else `Child::new()`), and how its
/// entries meet the parent's: `bindings` (`x = {a}` remaps, `x = value` initial values), or every
/// entry by name (`..`, `autoremap`).
pub struct SubTree {
    pub ty: Box<Type>,
    pub init: Option<Box<Expr>>,
    pub bindings: Vec<PortBinding>,
    /// The span of `..`, if given.
    pub autoremap: Option<Span>,
}

pub enum LeafImpl {
    Type(LeafType),
    /// `|ctx| ..` or `|ctx, bb| ..`.
    Inline(Box<ExprClosure>),
}

/// A user leaf type, how to build it (`Default` when `init` is `None`), and its port bindings.
pub struct LeafType {
    pub ty: Box<Type>,
    pub init: Option<Box<Expr>>,
    pub bindings: Vec<PortBinding>,
}

pub enum Kind {
    Composite(Composite),
    Decorator(Decorator),
    Leaf(Leaf),
    /// A node that failed validation (an error was reported); only in trees that are not emitted.
    Invalid,
}

impl Node {
    /// The leaf type of a `Condition(Type)`, `Action(Type)` or `StatefulAction(Type)`.
    pub fn leaf_type(&self) -> Option<&LeafType> {
        match &self.kind {
            Kind::Leaf(Leaf::Condition(LeafImpl::Type(leaf)))
            | Kind::Leaf(Leaf::Action(LeafImpl::Type(leaf)))
            | Kind::Leaf(Leaf::Stateful(leaf)) => Some(leaf),
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
    pub fn from_syntax(cx: &Ctxt, header: Header, body: Body) -> Tree {
        let body_span = header.body_span;
        let mut tree = Tree {
            header,
            blackboard: body.blackboard.map(|syntax| attr::blackboard(cx, syntax)),
            nodes: Vec::new(),
            subtrees: Vec::new(),
            unused_entries: Vec::new(),
        };
        tree.unused_entries = check::unused_entries(tree.blackboard.as_ref(), &body.roots);
        let mut roots = body.roots.into_iter();
        match roots.next() {
            None => cx.syn_error(syn::Error::new(
                body_span,
                "a tree needs a root node, e.g. `Sequence { Condition(..), Action(..) }`",
            )),
            Some(root) => {
                tree.lower(cx, root, None, 0);
                for extra in roots {
                    cx.error_spanned_by(
                        &extra.kind,
                        "a tree has exactly one root node; put these nodes under a composite such as `Sequence { .. }` or `Fallback { .. }`",
                    );
                }
            }
        }
        check::unique_names(cx, &tree.nodes);
        tree.subtrees = (tree.nodes.iter())
            .filter(|node| node.subtree().is_some())
            .map(|node| node.id)
            .collect();
        let autoremap = (tree.nodes.iter())
            .any(|node| node.subtree().is_some_and(|sub| sub.autoremap.is_some()));
        if autoremap {
            // `..` may share any entry with the subtree, which this expansion cannot see.
            tree.unused_entries.clear();
        }
        tree
    }

    /// Adds `syntax` and its descendants in pre-order; returns its id.
    fn lower(
        &mut self,
        cx: &Ctxt,
        syntax: NodeSyntax,
        parent: Option<usize>,
        depth: usize,
    ) -> usize {
        let id = self.nodes.len();
        let NodeSyntax {
            attrs,
            kind: kind_ident,
            args,
            arg_tokens: _,
            children,
        } = syntax;
        let (explicit_name, conditions) = attr::node_attributes(cx, &attrs);
        let kind_name = kind_ident.to_string();
        let spec = kinds::lookup(&kind_name);
        let kind = match spec {
            None => {
                check::unknown_kind(cx, &kind_ident);
                Kind::Invalid
            }
            Some(spec) => {
                let kind = self.build(cx, spec, &kind_ident, args);
                // A composite given arguments is reported for those only.
                let arity_ok = (kind.is_none() && matches!(spec.shape, Shape::Composite(_)))
                    || check::child_count(cx, &kind_ident, children.as_ref(), spec.arity);
                match kind {
                    Some(kind) if arity_ok => kind,
                    _ => Kind::Invalid,
                }
            }
        };
        let name = explicit_name
            .as_ref()
            .map(LitStr::value)
            .unwrap_or_else(|| default_name(&kind, &kind_name));
        self.nodes.push(Node {
            id,
            parent,
            depth,
            kind_ident,
            spec,
            name,
            explicit_name,
            conditions,
            kind,
            children: Vec::new(),
        });
        if let Some(children) = children {
            for child in children.nodes {
                let child_id = self.lower(cx, child, Some(id), depth + 1);
                self.nodes[id].children.push(child_id);
            }
        }
        id
    }

    /// The model of a node of a known kind, from its arguments; `None` after an error.
    fn build(&self, cx: &Ctxt, spec: &KindSpec, kind: &Ident, args: Args) -> Option<Kind> {
        let bb = self.blackboard.as_ref();
        if let Args::Invalid(error) = args {
            cx.syn_error(error);
            return None;
        }
        Some(match spec.shape {
            Shape::Composite(composite) => Kind::Composite(composite),
            Shape::Decorator(decorator) => Kind::Decorator(match (decorator, args) {
                (DecoratorKind::Inverter, _) => Decorator::Inverter,
                (DecoratorKind::ForceSuccess, _) => Decorator::ForceSuccess,
                (DecoratorKind::ForceFailure, _) => Decorator::ForceFailure,
                (DecoratorKind::KeepRunningUntilFailure, _) => Decorator::KeepRunningUntilFailure,
                (DecoratorKind::Repeat, Args::Count(limit)) => Decorator::Repeat(limit),
                (DecoratorKind::RetryUntilSuccessful, Args::Count(limit)) => {
                    Decorator::RetryUntilSuccessful(limit)
                }
                (DecoratorKind::RunOnce, Args::RunOnce { then_skip }) => {
                    Decorator::RunOnce { then_skip }
                }
                (DecoratorKind::SkipUnlessUpdated, Args::Entry(entry)) => {
                    Decorator::SkipUnlessUpdated(check::tracked_entry(cx, kind, bb, entry)?)
                }
                (DecoratorKind::WaitValueUpdate, Args::Entry(entry)) => {
                    Decorator::WaitValueUpdate(check::tracked_entry(cx, kind, bb, entry)?)
                }
                _ => return None,
            }),
            Shape::Leaf(leaf) => Kind::Leaf(match (leaf, args) {
                (LeafKind::AlwaysSuccess, _) => Leaf::AlwaysSuccess,
                (LeafKind::AlwaysFailure, _) => Leaf::AlwaysFailure,
                (LeafKind::Condition, Args::Leaf(leaf)) => {
                    Leaf::Condition(self.leaf_impl(cx, leaf)?)
                }
                (LeafKind::Action, Args::Leaf(leaf)) => Leaf::Action(self.leaf_impl(cx, leaf)?),
                (LeafKind::StatefulAction, Args::Leaf(LeafArgs::Target(target))) => {
                    Leaf::Stateful(self.leaf_type(cx, target)?)
                }
                (LeafKind::SubTree, Args::Leaf(LeafArgs::Target(target))) => {
                    let subtree = check::subtree(cx, target, bb)?;
                    if check::contains_itself(cx, &self.header.name, &subtree) {
                        return None;
                    }
                    Leaf::SubTree(subtree)
                }
                (LeafKind::SetBlackboard, Args::Assign(entry, value)) => {
                    let mut ok = check::resolve_entry(cx, bb, &entry);
                    if let Value::Entry(other) = &value {
                        ok &= check::resolve_entry(cx, bb, other);
                    }
                    if !ok {
                        return None;
                    }
                    Leaf::SetBlackboard { entry, value }
                }
                (LeafKind::UnsetBlackboard, Args::Entry(entry)) => {
                    if !check::resolve_entry(cx, bb, &entry) {
                        return None;
                    }
                    Leaf::UnsetBlackboard { entry }
                }
                (LeafKind::WasEntryUpdated, Args::Entry(entry)) => {
                    Leaf::WasEntryUpdated(check::tracked_entry(cx, kind, bb, entry)?)
                }
                (LeafKind::Script, Args::Script(closure)) => Leaf::Script(closure),
                (LeafKind::ScriptCondition, Args::Script(closure)) => {
                    Leaf::ScriptCondition(closure)
                }
                _ => return None,
            }),
        })
    }

    fn leaf_impl(&self, cx: &Ctxt, leaf: LeafArgs) -> Option<LeafImpl> {
        match leaf {
            LeafArgs::Closure(closure) => Some(LeafImpl::Inline(closure)),
            LeafArgs::Target(target) => self.leaf_type(cx, target).map(LeafImpl::Type),
        }
    }

    fn leaf_type(&self, cx: &Ctxt, target: Target) -> Option<LeafType> {
        let ok = check::bindings(cx, &target.bindings, "port", self.blackboard.as_ref());
        ok.then_some(LeafType {
            ty: target.ty,
            init: target.init,
            bindings: target.bindings,
        })
    }

    /// The `SubTree` nodes before node `id` in pre-order: (id, subtree).
    pub fn subtrees_before(&self, id: usize) -> impl Iterator<Item = (usize, &SubTree)> {
        (self.subtrees.iter())
            .take_while(move |&&sub| sub < id)
            .filter_map(|&sub| self.nodes[sub].subtree().map(|subtree| (sub, subtree)))
    }

    /// The ancestors of node `id`, from its parent up to the root.
    pub fn ancestors(&self, id: usize) -> impl Iterator<Item = &Node> {
        std::iter::successors(self.nodes[id].parent, |&id| self.nodes[id].parent)
            .map(|id| &self.nodes[id])
    }
}

/// A node's default name: its leaf or tree type, else its kind as written.
fn default_name(kind: &Kind, written: &str) -> String {
    let ty = match kind {
        Kind::Leaf(Leaf::Condition(LeafImpl::Type(leaf)))
        | Kind::Leaf(Leaf::Action(LeafImpl::Type(leaf)))
        | Kind::Leaf(Leaf::Stateful(leaf)) => Some(&*leaf.ty),
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
