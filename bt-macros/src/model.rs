//! The typed model of a tree, built from the syntax and validated on the way: node kinds are
//! resolved, parameters parsed, arity and names checked. Every problem is reported to the `Ctxt`
//! at the user's token; building goes on after an error so that all of them are found at once.

use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::parse::discouraged::Speculative;
use syn::parse::{ParseStream, Parser};
use syn::{Attribute, Expr, ExprClosure, Ident, LitBool, LitInt, LitStr, Token, Type};

use crate::ctxt::Ctxt;
use crate::kw;
use crate::parse::{BlackboardSyntax, Body, EntrySyntax, Header, NodeSyntax};

/// A whole tree. `nodes` is in pre-order: a node's id is its index, the root is node 0.
pub struct Tree {
    pub header: Header,
    pub blackboard: Option<Blackboard>,
    pub nodes: Vec<Node>,
    /// Entries no node mentions (warned about, see [`unused_entries`]).
    pub unused_entries: Vec<Ident>,
    /// Ids of the `SubTree` nodes, in pre-order.
    pub subtrees: Vec<usize>,
    /// The leaves a tick can resume directly (see [`Tree::decide_resume`]), in pre-order; leaf
    /// `resume[k]` is resumed under the code `k + 1`.
    pub resume: Vec<usize>,
}

/// The tree's `blackboard { .. }` section.
pub struct Blackboard {
    pub entries: Vec<EntrySyntax>,
}

impl Blackboard {
    fn entry(&self, name: &Ident) -> Option<&EntrySyntax> {
        self.entries.iter().find(|entry| entry.name == *name)
    }

    /// True for an entry declared `#[tracked]`: it is a `bt::Tracked<T>` that counts updates.
    pub fn is_tracked(&self, name: &Ident) -> bool {
        self.entry(name).is_some_and(is_tracked)
    }
}

/// True for an entry declared `#[tracked]`.
pub fn is_tracked(entry: &EntrySyntax) -> bool {
    entry
        .attrs
        .iter()
        .any(|attr| attr.path().is_ident(kw::TRACKED))
}

/// Pre- and post-conditions of one node: closures over the blackboard.
#[derive(Default)]
pub struct Conditions {
    pub failure_if: Option<Box<ExprClosure>>,
    pub success_if: Option<Box<ExprClosure>>,
    pub skip_if: Option<Box<ExprClosure>>,
    pub run_while: Option<Box<ExprClosure>>,
    pub on_success: Option<Box<ExprClosure>>,
    pub on_failure: Option<Box<ExprClosure>>,
    pub on_halted: Option<Box<ExprClosure>>,
    pub post: Option<Box<ExprClosure>>,
}

impl Conditions {
    pub fn is_empty(&self) -> bool {
        self.failure_if.is_none()
            && self.success_if.is_none()
            && self.skip_if.is_none()
            && self.run_while.is_none()
            && self.on_success.is_none()
            && self.on_failure.is_none()
            && self.on_halted.is_none()
            && self.post.is_none()
    }

    /// Each attribute with its slot; the pre-conditions test, the others act.
    fn slot(&mut self, name: &str) -> Option<(&mut Option<Box<ExprClosure>>, bool)> {
        Some(match name {
            kw::FAILURE_IF => (&mut self.failure_if, true),
            kw::SUCCESS_IF => (&mut self.success_if, true),
            kw::SKIP_IF => (&mut self.skip_if, true),
            kw::RUN_WHILE => (&mut self.run_while, true),
            kw::ON_SUCCESS => (&mut self.on_success, false),
            kw::ON_FAILURE => (&mut self.on_failure, false),
            kw::ON_HALTED => (&mut self.on_halted, false),
            kw::POST => (&mut self.post, false),
            _ => return None,
        })
    }
}

/// The value of `SetBlackboard(entry = value)`: another entry (copied) or an expression.
pub enum Value {
    Entry(Ident),
    Expr(Box<Expr>),
}

pub struct Node {
    pub id: usize,
    pub parent: Option<usize>,
    pub depth: usize,
    /// The kind as written, for spans and metadata.
    pub kind_ident: Ident,
    /// Display name: `#[name]`, else the leaf type, else the kind.
    pub name: String,
    /// The `#[name = ".."]` literal, if the user gave one.
    pub explicit_name: Option<LitStr>,
    /// `#[skip_if(..)]`, `#[on_success(..)]`, ...
    pub conditions: Conditions,
    pub kind: Kind,
    pub children: Vec<usize>,
    /// Whether this node can answer `Running` (then it can be running between ticks and must
    /// be halted when pre-empted). Decided from the kinds below it.
    pub may_run: bool,
    /// Index of this node's "running" flag, for nodes that may run.
    pub active_slot: Option<usize>,
    /// The node's tick function is kept out of its parent's (`#[inline(never)]`), so that no
    /// function holds more than [`INLINE_BUDGET`] nodes' code.
    pub outlined: bool,
}

/// How many nodes' tick code one function may hold once LLVM has inlined the node functions into
/// each other. Without a bound a wide tree whose nodes all inline becomes one function of
/// hundreds of kilobytes, which some LLVM passes compile in super-linear time; with it, release
/// build time stays linear in the tree's size. Trees below the budget are not affected.
pub const INLINE_BUDGET: usize = 1024;

/// At most this many leaves are resumed directly ([`Tree::decide_resume`]): the direct resume is
/// one `match` over them in the tree's tick function, which should stay small.
pub const RESUME_MAX: usize = 64;

#[derive(Clone, Copy, PartialEq, Eq)]
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
    pub autoremap: Option<proc_macro2::Span>,
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

/// `port = {entry}`, `port = {=}` or `port = expression`.
pub struct PortBinding {
    pub port: Ident,
    pub value: Value,
}

pub enum Kind {
    Composite(Composite),
    Decorator(Decorator),
    Leaf(Leaf),
    /// A node that failed validation (an error was reported); only in trees that are not emitted.
    Invalid,
}

/// What a kind name means, before its arguments are read.
#[derive(Clone, Copy)]
enum KindName {
    Composite(Composite),
    Decorator(fn(&Ctxt, &NodeSyntax, Option<&Blackboard>) -> Option<Decorator>),
    Leaf(fn(&Ctxt, &NodeSyntax, Option<&Blackboard>) -> Option<Leaf>),
}

fn lookup(name: &str) -> Option<KindName> {
    use KindName::*;
    Some(match name {
        kw::SEQUENCE | kw::MEM_SEQUENCE => Composite(self::Composite::Sequence),
        kw::SEQUENCE_WITH_MEMORY | kw::SEQUENCE_STAR => {
            Composite(self::Composite::SequenceWithMemory)
        }
        kw::REACTIVE_SEQUENCE => Composite(self::Composite::ReactiveSequence),
        kw::FALLBACK | kw::MEM_PRIORITY => Composite(self::Composite::Fallback),
        kw::REACTIVE_FALLBACK => Composite(self::Composite::ReactiveFallback),
        kw::INVERTER => {
            Decorator(|cx, node, _| no_args(cx, node).then_some(self::Decorator::Inverter))
        }
        kw::FORCE_SUCCESS => {
            Decorator(|cx, node, _| no_args(cx, node).then_some(self::Decorator::ForceSuccess))
        }
        kw::FORCE_FAILURE => {
            Decorator(|cx, node, _| no_args(cx, node).then_some(self::Decorator::ForceFailure))
        }
        kw::KEEP_RUNNING_UNTIL_FAILURE => Decorator(|cx, node, _| {
            no_args(cx, node).then_some(self::Decorator::KeepRunningUntilFailure)
        }),
        kw::REPEAT => Decorator(|cx, node, _| limit(cx, node).map(self::Decorator::Repeat)),
        kw::RETRY_UNTIL_SUCCESSFUL => {
            Decorator(|cx, node, _| limit(cx, node).map(self::Decorator::RetryUntilSuccessful))
        }
        kw::RUN_ONCE => Decorator(|cx, node, _| run_once(cx, node)),
        kw::SKIP_UNLESS_UPDATED => Decorator(|cx, node, bb| {
            tracked_entry(cx, node, bb).map(self::Decorator::SkipUnlessUpdated)
        }),
        kw::WAIT_VALUE_UPDATE => Decorator(|cx, node, bb| {
            tracked_entry(cx, node, bb).map(self::Decorator::WaitValueUpdate)
        }),
        kw::CONDITION => Leaf(|cx, node, bb| leaf_impl(cx, node, bb).map(self::Leaf::Condition)),
        kw::ACTION => Leaf(|cx, node, bb| leaf_impl(cx, node, bb).map(self::Leaf::Action)),
        kw::STATEFUL_ACTION => Leaf(stateful),
        kw::ALWAYS_SUCCESS => {
            Leaf(|cx, node, _| no_args(cx, node).then_some(self::Leaf::AlwaysSuccess))
        }
        kw::ALWAYS_FAILURE => {
            Leaf(|cx, node, _| no_args(cx, node).then_some(self::Leaf::AlwaysFailure))
        }
        kw::SET_BLACKBOARD => Leaf(set_blackboard),
        kw::WAS_ENTRY_UPDATED => {
            Leaf(|cx, node, bb| tracked_entry(cx, node, bb).map(self::Leaf::WasEntryUpdated))
        }
        kw::UNSET_BLACKBOARD => Leaf(unset_blackboard),
        kw::SCRIPT => Leaf(|cx, node, _| script(cx, node).map(self::Leaf::Script)),
        kw::SCRIPT_CONDITION => {
            Leaf(|cx, node, _| script(cx, node).map(self::Leaf::ScriptCondition))
        }
        kw::SUB_TREE => Leaf(|cx, node, bb| subtree(cx, node, bb).map(self::Leaf::SubTree)),
        _ => return None,
    })
}

impl Tree {
    pub fn from_syntax(cx: &Ctxt, header: Header, body: Body) -> Tree {
        let body_span = header.body_span;
        let mut tree = Tree {
            header,
            blackboard: body.blackboard.map(|syntax| blackboard(cx, syntax)),
            nodes: Vec::new(),
            subtrees: Vec::new(),
            resume: Vec::new(),
            unused_entries: Vec::new(),
        };
        tree.unused_entries = unused_entries(tree.blackboard.as_ref(), &body.roots);
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
        check_unique_names(cx, &tree.nodes);
        tree.subtrees = (tree.nodes.iter())
            .filter(|node| matches!(node.kind, Kind::Leaf(Leaf::SubTree(_))))
            .map(|node| node.id)
            .collect();
        tree.decide_running();
        tree.decide_outlining();
        tree.decide_resume();
        let autoremap = (tree.nodes.iter()).any(
            |node| matches!(&node.kind, Kind::Leaf(Leaf::SubTree(sub)) if sub.autoremap.is_some()),
        );
        if autoremap {
            // `..` may share any entry with the subtree, which this expansion cannot see.
            tree.unused_entries.clear();
        }
        tree
    }

    /// Marks the nodes whose tick functions stay out of line: bottom-up, a node's weight is
    /// itself plus its inlined children's weights; while that exceeds [`INLINE_BUDGET`], its
    /// heaviest inlined child is outlined.
    fn decide_outlining(&mut self) {
        let mut weight = vec![1usize; self.nodes.len()];
        for id in (0..self.nodes.len()).rev() {
            let mut children: Vec<usize> = self.nodes[id].children.clone();
            let mut total = 1 + children.iter().map(|&child| weight[child]).sum::<usize>();
            children.sort_by_key(|&child| std::cmp::Reverse(weight[child]));
            for child in children {
                if total <= INLINE_BUDGET {
                    break;
                }
                self.nodes[child].outlined = true;
                total -= weight[child];
            }
            weight[id] = total;
        }
    }

    fn lower(
        &mut self,
        cx: &Ctxt,
        syntax: NodeSyntax,
        parent: Option<usize>,
        depth: usize,
    ) -> usize {
        let id = self.nodes.len();
        let (explicit_name, conditions) = node_attributes(cx, &syntax.attrs);
        let kind_name = syntax.kind.to_string();
        let kind = match lookup(&kind_name) {
            None => {
                unknown_kind(cx, &syntax.kind);
                Kind::Invalid
            }
            Some(KindName::Composite(composite)) => {
                if no_args(cx, &syntax) && child_count(cx, &syntax, 1..) {
                    Kind::Composite(composite)
                } else {
                    Kind::Invalid
                }
            }
            Some(KindName::Decorator(read)) => {
                let decorator = read(cx, &syntax, self.blackboard.as_ref());
                match (decorator, child_count(cx, &syntax, 1..=1)) {
                    (Some(decorator), true) => Kind::Decorator(decorator),
                    _ => Kind::Invalid,
                }
            }
            Some(KindName::Leaf(read)) => {
                let leaf = read(cx, &syntax, self.blackboard.as_ref())
                    .filter(|leaf| !self.contains_itself(cx, leaf));
                match (leaf, child_count(cx, &syntax, 0..=0)) {
                    (Some(leaf), true) => Kind::Leaf(leaf),
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
            kind_ident: syntax.kind,
            name,
            explicit_name,
            conditions,
            kind,
            children: Vec::new(),
            may_run: false,
            active_slot: None,
            outlined: false,
        });
        if let Some(children) = syntax.children {
            for child in children.nodes {
                let child_id = self.lower(cx, child, Some(id), depth + 1);
                self.nodes[id].children.push(child_id);
            }
        }
        id
    }

    /// Decides which nodes can answer `Running`, bottom-up (children have larger ids), and gives
    /// each of them a slot for its "running" flag.
    fn decide_running(&mut self) {
        for id in (0..self.nodes.len()).rev() {
            let any_child_runs = self.nodes[id]
                .children
                .iter()
                .any(|&child| self.nodes[child].may_run);
            self.nodes[id].may_run = match &self.nodes[id].kind {
                // Whether the child tree can run is not known here: assume it can.
                Kind::Leaf(Leaf::Stateful(_) | Leaf::SubTree(_)) => true,
                Kind::Leaf(_) | Kind::Invalid => false,
                Kind::Composite(_) => any_child_runs,
                Kind::Decorator(decorator) => match decorator {
                    Decorator::Inverter
                    | Decorator::ForceSuccess
                    | Decorator::ForceFailure
                    | Decorator::RunOnce { .. }
                    | Decorator::SkipUnlessUpdated(_) => any_child_runs,
                    Decorator::WaitValueUpdate(_) => true,
                    Decorator::Repeat(limit) | Decorator::RetryUntilSuccessful(limit) => {
                        match limit {
                            Some(0) => false,
                            Some(1) => any_child_runs,
                            _ => true,
                        }
                    }
                    Decorator::KeepRunningUntilFailure => true,
                },
            };
        }
        let mut slots = 0;
        for node in &mut self.nodes {
            if node.may_run {
                node.active_slot = Some(slots);
                slots += 1;
            }
        }
    }

    /// `SubTree(Name)` inside `tree Name`: a tree cannot be a node of itself (its struct would
    /// contain itself). A cycle through other trees is left to rustc, whose "recursive type has
    /// infinite size" error points at the `SubTree` argument.
    fn contains_itself(&self, cx: &Ctxt, leaf: &Leaf) -> bool {
        let Leaf::SubTree(subtree) = leaf else {
            return false;
        };
        let name = &self.header.name;
        let is_self = match &*subtree.ty {
            Type::Path(path) if path.qself.is_none() => {
                path.path.is_ident(name) || path.path.is_ident("Self")
            }
            _ => false,
        };
        if is_self {
            cx.error_spanned_by(
                &subtree.ty,
                format!(
                    "tree `{name}` cannot contain itself as a subtree: its struct would contain itself; use another tree, or repeat this part of the tree with a loop decorator such as `Repeat` or `RetryUntilSuccessful`"
                ),
            );
        }
        is_self
    }

    /// The `SubTree` nodes before node `id` in pre-order: (id, subtree).
    pub fn subtrees_before(&self, id: usize) -> impl Iterator<Item = (usize, &SubTree)> {
        (self.subtrees.iter())
            .take_while(move |&&sub| sub < id)
            .filter_map(|&sub| match &self.nodes[sub].kind {
                Kind::Leaf(Leaf::SubTree(subtree)) => Some((sub, subtree)),
                _ => None,
            })
    }

    /// Picks the leaves that a tick may resume directly, skipping the walk from the root: the
    /// stateful leaves whose every ancestor, when its running child answers `Running`, answers
    /// `Running` too without changing its state or doing anything else. That holds for the
    /// memory composites (`Sequence`, `SequenceWithMemory`, `Fallback`: they resume at the
    /// running child) and the decorators that pass `Running` through (`Inverter`,
    /// `ForceSuccess`, `ForceFailure`, `KeepRunningUntilFailure`, `Repeat`,
    /// `RetryUntilSuccessful`, `RunOnce`), with no pre- or post-condition on the leaf or on any
    /// ancestor. Reactive composites re-check earlier children on every tick, and
    /// `SkipUnlessUpdated` / `WaitValueUpdate` look at the blackboard, so a leaf below one of
    /// them is not resumed directly.
    ///
    /// Only leaves at depth 2 or more: the direct resume costs a check on every tick, and for a
    /// child of the root it would skip a single dispatch (measured on the sniper: the ticks
    /// that resume were 0.5 ns faster, those that walk 1.4 ns slower). At most [`RESUME_MAX`]
    /// leaves, so that the dispatch stays small; a tree with more resumes all of them by the
    /// walk.
    fn decide_resume(&mut self) {
        let passes_running = |node: &Node| {
            node.conditions.is_empty()
                && match &node.kind {
                    Kind::Composite(composite) => matches!(
                        composite,
                        Composite::Sequence | Composite::SequenceWithMemory | Composite::Fallback
                    ),
                    // A list of what may pass, not of what may not: a decorator added later
                    // is walked until someone checks its rule.
                    Kind::Decorator(decorator) => matches!(
                        decorator,
                        Decorator::Inverter
                            | Decorator::ForceSuccess
                            | Decorator::ForceFailure
                            | Decorator::KeepRunningUntilFailure
                            | Decorator::Repeat(_)
                            | Decorator::RetryUntilSuccessful(_)
                            | Decorator::RunOnce { .. }
                    ),
                    Kind::Leaf(_) | Kind::Invalid => false,
                }
        };
        let resume: Vec<usize> = (self.nodes.iter())
            .filter(|node| {
                matches!(node.kind, Kind::Leaf(Leaf::Stateful(_)))
                    && node.conditions.is_empty()
                    && node.depth >= 2
            })
            .filter(|node| self.ancestors(node.id).all(passes_running))
            .map(|node| node.id)
            .collect();
        if resume.len() <= RESUME_MAX {
            self.resume = resume;
        }
    }

    /// The ancestors of node `id`, from its parent up to the root.
    pub fn ancestors(&self, id: usize) -> impl Iterator<Item = &Node> {
        std::iter::successors(self.nodes[id].parent, |&id| self.nodes[id].parent)
            .map(|id| &self.nodes[id])
    }

    pub fn active_slots(&self) -> usize {
        self.nodes.iter().filter(|node| node.may_run).count()
    }
}

fn default_name(kind: &Kind, written: &str) -> String {
    let leaf_type = match kind {
        Kind::Leaf(Leaf::Condition(LeafImpl::Type(leaf)))
        | Kind::Leaf(Leaf::Action(LeafImpl::Type(leaf)))
        | Kind::Leaf(Leaf::Stateful(leaf)) => Some(&*leaf.ty),
        Kind::Leaf(Leaf::SubTree(subtree)) => Some(&*subtree.ty),
        _ => None,
    };
    match leaf_type {
        Some(ty) => ty.to_token_stream().to_string().replace(' ', ""),
        None => written.to_owned(),
    }
}

/// Reads a node's attributes: `#[name = ".."]` and the pre/post-conditions.
fn node_attributes(cx: &Ctxt, attrs: &[Attribute]) -> (Option<LitStr>, Conditions) {
    let mut name = None;
    let mut conditions = Conditions::default();
    for attr in attrs {
        let path = attr.path();
        let written = path.to_token_stream().to_string().replace(' ', "");
        if path.is_ident(kw::NAME) {
            match &attr.meta {
                syn::Meta::NameValue(syn::MetaNameValue {
                    value:
                        Expr::Lit(syn::ExprLit {
                            lit: syn::Lit::Str(lit),
                            ..
                        }),
                    ..
                }) => {
                    if lit.value().is_empty() {
                        cx.error_spanned_by(lit, "a node name cannot be empty");
                    } else if name.is_some() {
                        cx.error_spanned_by(attr, "this node already has a `#[name]`");
                    } else {
                        name = Some(lit.clone());
                    }
                }
                _ => cx.error_spanned_by(attr, "expected `#[name = \"...\"]`"),
            }
        } else if let Some((slot, is_test)) = conditions.slot(&written) {
            let usage = if is_test {
                format!("`#[{written}(|bb| condition)]`")
            } else {
                format!("`#[{written}(|bb| statement)]`")
            };
            match attr.parse_args::<ExprClosure>() {
                Ok(closure) => {
                    if slot.is_some() {
                        cx.error_spanned_by(
                            attr,
                            format!("this node already has a `#[{written}]`"),
                        );
                    } else if closure_arity(cx, &closure, &[1], &usage) {
                        *slot = Some(Box::new(closure));
                    }
                }
                Err(_) => cx.error_spanned_by(
                    attr,
                    format!("expected a closure over the blackboard: {usage}"),
                ),
            }
        } else {
            cx.error_spanned_by(
                path,
                format!(
                    "unknown node attribute `{written}`; a node accepts `#[name = \"...\"]` and the conditions `failure_if`, `success_if`, `skip_if`, `run_while`, `on_success`, `on_failure`, `on_halted`, `post`"
                ),
            );
        }
    }
    (name, conditions)
}

/// Checks a closure's parameter count; reports at the closure otherwise.
fn closure_arity(cx: &Ctxt, closure: &ExprClosure, allowed: &[usize], usage: &str) -> bool {
    if allowed.contains(&closure.inputs.len()) {
        return true;
    }
    cx.error_spanned_by(
        &closure.inputs,
        format!(
            "this closure takes {} parameter(s); write {usage}",
            closure.inputs.len()
        ),
    );
    false
}

/// Checks the blackboard section: no entry declared twice.
fn blackboard(cx: &Ctxt, syntax: BlackboardSyntax) -> Blackboard {
    let mut entries: Vec<EntrySyntax> = Vec::new();
    for entry in syntax.entries {
        for attr in &entry.attrs {
            let path = attr.path();
            if path.is_ident(kw::TRACKED) {
                if !matches!(attr.meta, syn::Meta::Path(_)) {
                    cx.error_spanned_by(attr, "write `#[tracked]` alone");
                }
            } else if !path.is_ident("doc") && !path.is_ident("allow") && !path.is_ident("cfg_attr")
            {
                cx.error_spanned_by(
                    path,
                    "unknown entry attribute; an entry accepts doc comments and `#[tracked]` (count its updates)",
                );
            }
        }
        if entries.iter().any(|earlier| earlier.name == entry.name) {
            cx.error_spanned_by(
                &entry.name,
                format!(
                    "blackboard entry `{}` is declared twice; give each entry its own name",
                    entry.name
                ),
            );
        } else {
            entries.push(entry);
        }
    }
    Blackboard { entries }
}

/// Entries that no node mentions: their name appears nowhere in the nodes' arguments (bindings,
/// closures, scripts) or attributes (conditions). The test is by name, so it never reports an entry
/// that is used; it may miss one mentioned only as another thing's name. Entries marked
/// `#[allow(..)]` are left out: the way to say "only code outside the tree uses this entry".
fn unused_entries(blackboard: Option<&Blackboard>, roots: &[NodeSyntax]) -> Vec<Ident> {
    fn idents(tokens: TokenStream, out: &mut std::collections::HashSet<String>) {
        for token in tokens {
            match token {
                proc_macro2::TokenTree::Ident(ident) => {
                    out.insert(ident.to_string());
                }
                proc_macro2::TokenTree::Group(group) => idents(group.stream(), out),
                _ => {}
            }
        }
    }
    fn visit(node: &NodeSyntax, out: &mut std::collections::HashSet<String>) {
        for attr in &node.attrs {
            idents(attr.to_token_stream(), out);
        }
        if let Some(args) = &node.args {
            idents(args.tokens.clone(), out);
        }
        for child in node.children.iter().flat_map(|children| &children.nodes) {
            visit(child, out);
        }
    }
    let Some(blackboard) = blackboard else {
        return Vec::new();
    };
    let mut used = std::collections::HashSet::new();
    for root in roots {
        visit(root, &mut used);
    }
    (blackboard.entries.iter())
        .filter(|entry| !entry.attrs.iter().any(|attr| attr.path().is_ident("allow")))
        .filter(|entry| !used.contains(&entry.name.to_string()))
        .map(|entry| entry.name.clone())
        .collect()
}

/// Resolves `{entry}` against the blackboard, reporting unknown entries.
fn resolve_entry(cx: &Ctxt, blackboard: Option<&Blackboard>, name: &Ident) -> bool {
    match blackboard {
        Some(blackboard) if blackboard.entry(name).is_some() => true,
        Some(blackboard) => {
            let known: Vec<String> = blackboard
                .entries
                .iter()
                .map(|entry| format!("`{}`", entry.name))
                .collect();
            let known = if known.is_empty() {
                "none".to_owned()
            } else {
                known.join(", ")
            };
            cx.error_spanned_by(
                name,
                format!("unknown blackboard entry `{name}`; declared entries: {known}"),
            );
            false
        }
        None => {
            cx.error_spanned_by(
                name,
                format!(
                    "unknown blackboard entry `{name}`: this tree declares no blackboard; add `blackboard {{ {name}: Type = initial_value }}` before the root node"
                ),
            );
            false
        }
    }
}

/// Explicit names identify nodes (in traces, `NodeInfo::find`), so two nodes cannot share one.
/// Default names (a kind, a leaf type) may repeat.
fn check_unique_names(cx: &Ctxt, nodes: &[Node]) {
    let mut seen: Vec<&LitStr> = Vec::new();
    for lit in nodes.iter().filter_map(|node| node.explicit_name.as_ref()) {
        if seen.iter().any(|earlier| earlier.value() == lit.value()) {
            cx.error_spanned_by(
                lit,
                format!(
                    "two nodes are named \"{}\"; node names must be unique within a tree",
                    lit.value()
                ),
            );
        } else {
            seen.push(lit);
        }
    }
}

fn unknown_kind(cx: &Ctxt, kind: &Ident) {
    let written = kind.to_string();
    let suggestion = kw::ALL_KINDS
        .iter()
        .filter(|known| known.eq_ignore_ascii_case(&written) || edit_distance(known, &written) <= 2)
        .min_by_key(|known| edit_distance(known, &written));
    let message = match suggestion {
        Some(known) => format!("unknown node kind `{written}`; did you mean `{known}`?"),
        None => format!(
            "unknown node kind `{written}`; a leaf type is written `Condition({written})`, `Action({written})` or `StatefulAction({written})`, and the built-in kinds are listed in the `bt` docs"
        ),
    };
    cx.error_spanned_by(kind, message);
}

/// Levenshtein distance, for suggestions.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = if ca == *cb {
                diagonal
            } else {
                1 + diagonal.min(above).min(row[j])
            };
            diagonal = above;
        }
    }
    row[b.len()]
}

fn child_count(cx: &Ctxt, node: &NodeSyntax, allowed: impl std::ops::RangeBounds<usize>) -> bool {
    let count = node
        .children
        .as_ref()
        .map_or(0, |children| children.nodes.len());
    if allowed.contains(&count) {
        return true;
    }
    let kind = &node.kind;
    let leaf = matches!(allowed.end_bound(), std::ops::Bound::Included(0));
    let message = if leaf {
        format!("`{kind}` is a leaf and has no children; remove the `{{ .. }}`")
    } else if matches!(allowed.end_bound(), std::ops::Bound::Included(1)) {
        if count == 0 {
            format!("`{kind}` is a decorator and needs exactly one child: `{kind} {{ child }}`")
        } else {
            format!("`{kind}` is a decorator and takes exactly one child, found {count}; put the children under a `Sequence {{ .. }}` or `Fallback {{ .. }}`")
        }
    } else {
        format!("`{kind}` needs at least one child: `{kind} {{ child, .. }}`")
    };
    match (&node.children, count) {
        // Point at the first extra child when there are too many, else at the kind.
        (Some(children), n) if n > 1 && !leaf => {
            cx.error_spanned_by(&children.nodes[1].kind, message)
        }
        (Some(children), _) if leaf => {
            cx.syn_error(syn::Error::new(children.brace.span.join(), message))
        }
        _ => cx.error_spanned_by(kind, message),
    }
    false
}

fn no_args(cx: &Ctxt, node: &NodeSyntax) -> bool {
    match &node.args {
        None => true,
        Some(args) => {
            cx.syn_error(syn::Error::new(
                args.paren.span.join(),
                format!("`{}` takes no arguments; remove the `( .. )`", node.kind),
            ));
            false
        }
    }
}

/// `Repeat(3)`, `Repeat(forever)`.
fn limit(cx: &Ctxt, node: &NodeSyntax) -> Option<Limit> {
    let kind = &node.kind;
    let usage = format!("`{kind}(3) {{ .. }}`, or `{kind}(forever) {{ .. }}` for no limit");
    let Some(args) = &node.args else {
        cx.error_spanned_by(kind, format!("`{kind}` needs a count: {usage}"));
        return None;
    };
    let parser = |input: ParseStream| -> syn::Result<Limit> {
        if input.peek(Token![-]) {
            let minus: Token![-] = input.parse()?;
            let number: TokenStream = input.parse()?;
            return Err(syn::Error::new_spanned(
                quote::quote!(#minus #number),
                format!("a negative count is meaningless; write {usage}"),
            ));
        }
        if input.peek(Ident) {
            let word: Ident = input.parse()?;
            if word == kw::FOREVER && input.is_empty() {
                return Ok(None);
            }
            return Err(syn::Error::new(
                word.span(),
                format!("expected a count: {usage}"),
            ));
        }
        let count: LitInt = input
            .parse()
            .map_err(|error| syn::Error::new(error.span(), format!("expected a count: {usage}")))?;
        let value = count.base10_parse::<u64>().map_err(|_| {
            syn::Error::new(count.span(), format!("expected a whole number: {usage}"))
        })?;
        if !input.is_empty() {
            return Err(input.error(format!("expected only a count: {usage}")));
        }
        Ok(Some(value))
    };
    if args.tokens.is_empty() {
        cx.syn_error(syn::Error::new(
            args.paren.span.join(),
            format!("`{kind}` needs a count: {usage}"),
        ));
        return None;
    }
    parser
        .parse2(args.tokens.clone())
        .map_err(|error| cx.syn_error(at_args(error, node)))
        .ok()
}

/// `RunOnce` or `RunOnce(then_skip = false)`.
fn run_once(cx: &Ctxt, node: &NodeSyntax) -> Option<Decorator> {
    let Some(args) = &node.args else {
        return Some(Decorator::RunOnce { then_skip: true });
    };
    let parser = |input: ParseStream| -> syn::Result<bool> {
        let key: Ident = input.parse()?;
        if key != kw::THEN_SKIP {
            return Err(syn::Error::new(
                key.span(),
                format!("unknown parameter `{key}`; `RunOnce` takes `then_skip = true` (the default) or `then_skip = false`"),
            ));
        }
        input.parse::<Token![=]>()?;
        let value: LitBool = input.parse()?;
        if !input.is_empty() {
            return Err(input.error("expected only `then_skip = true` or `then_skip = false`"));
        }
        Ok(value.value)
    };
    match parser
        .parse2(args.tokens.clone())
        .map_err(|error| at_args(error, node))
    {
        Ok(then_skip) => Some(Decorator::RunOnce { then_skip }),
        Err(error) => {
            let span = if args.tokens.is_empty() {
                args.paren.span.join()
            } else {
                error.span()
            };
            cx.syn_error(syn::Error::new(
                span,
                "expected `RunOnce(then_skip = true)` or `RunOnce(then_skip = false)`",
            ));
            None
        }
    }
}

/// `Condition(Type)`, `Condition(Type = expr)` or `Condition(|ctx| expr)` (same for `Action`).
fn leaf_impl(cx: &Ctxt, node: &NodeSyntax, blackboard: Option<&Blackboard>) -> Option<LeafImpl> {
    let tokens = leaf_args(cx, node)?;
    let is_closure = starts_closure(&tokens);
    if is_closure {
        let kind = &node.kind;
        let usage = format!("`{kind}(|ctx| ..)` or `{kind}(|ctx, bb| ..)`");
        return match syn::parse2::<ExprClosure>(tokens).map_err(|error| at_args(error, node)) {
            Ok(closure) => closure_arity(cx, &closure, &[1, 2], &usage)
                .then(|| LeafImpl::Inline(Box::new(closure))),
            Err(error) => {
                cx.syn_error(syn::Error::new(
                    error.span(),
                    format!("expected a closure `|ctx| ..`: {error}"),
                ));
                None
            }
        };
    }
    leaf_type(cx, node, tokens, blackboard).map(LeafImpl::Type)
}

/// `StatefulAction(Type)` or `StatefulAction(Type = expr)`.
fn stateful(cx: &Ctxt, node: &NodeSyntax, blackboard: Option<&Blackboard>) -> Option<Leaf> {
    let tokens = leaf_args(cx, node)?;
    let is_closure = starts_closure(&tokens);
    if is_closure {
        cx.error_spanned_by(
            &tokens,
            "a stateful action keeps state between ticks, so it cannot be a closure: implement `bt::StatefulAction` for a type and write `StatefulAction(Type)`",
        );
        return None;
    }
    leaf_type(cx, node, tokens, blackboard).map(Leaf::Stateful)
}

fn starts_closure(tokens: &TokenStream) -> bool {
    (|input: ParseStream| {
        let closure = input.peek(Token![|]) || input.peek(Token![||]) || input.peek(Token![move]);
        input.parse::<TokenStream>()?;
        Ok(closure)
    })
    .parse2(tokens.clone())
    .unwrap_or(false)
}

fn leaf_args(cx: &Ctxt, node: &NodeSyntax) -> Option<TokenStream> {
    let kind = &node.kind;
    let usage = if kind == kw::STATEFUL_ACTION {
        format!("`{kind}(Type)` or `{kind}(Type = expression)`")
    } else {
        format!("`{kind}(Type)`, `{kind}(Type = expression)` or `{kind}(|ctx| ..)`")
    };
    match &node.args {
        None => {
            cx.error_spanned_by(kind, format!("`{kind}` needs its leaf: {usage}"));
            None
        }
        Some(args) if args.tokens.is_empty() => {
            cx.syn_error(syn::Error::new(
                args.paren.span.join(),
                format!("`{kind}` needs its leaf: {usage}"),
            ));
            None
        }
        Some(args) => Some(args.tokens.clone()),
    }
}

fn leaf_type(
    cx: &Ctxt,
    node: &NodeSyntax,
    tokens: TokenStream,
    blackboard: Option<&Blackboard>,
) -> Option<LeafType> {
    let kind = &node.kind;
    let parser = |input: ParseStream| -> syn::Result<LeafType> {
        let ty = Box::new(input.parse::<Type>()?);
        let init = if input.peek(Token![=]) {
            input.parse::<Token![=]>()?;
            Some(Box::new(input.parse::<Expr>()?))
        } else {
            None
        };
        let mut bindings = Vec::new();
        while !input.is_empty() {
            input.parse::<Token![,]>()?;
            if input.is_empty() {
                break;
            }
            bindings.push(port_binding(input)?);
        }
        Ok(LeafType { ty, init, bindings })
    };
    let leaf = match parser.parse2(tokens).map_err(|error| at_args(error, node)) {
        Ok(leaf) => leaf,
        Err(error) => {
            cx.syn_error(syn::Error::new(
                error.span(),
                format!(
                    "{error}; write `{kind}(Type)`, `{kind}(Type = expression)`, and port bindings after a comma: `{kind}(Type, port = {{entry}}, other = value)`"
                ),
            ));
            return None;
        }
    };
    let ok = bindings_ok(cx, &leaf.bindings, "port", blackboard);
    ok.then_some(leaf)
}

/// Checks a leaf's port bindings or a subtree's entry bindings (`noun`): each bound once, each
/// `{entry}` declared.
fn bindings_ok(
    cx: &Ctxt,
    bindings: &[PortBinding],
    noun: &str,
    blackboard: Option<&Blackboard>,
) -> bool {
    let mut ok = true;
    for (index, binding) in bindings.iter().enumerate() {
        let port = &binding.port;
        if bindings[..index]
            .iter()
            .any(|earlier| earlier.port == *port)
        {
            cx.error_spanned_by(
                port,
                format!("{noun} `{port}` is bound twice; bind each {noun} once"),
            );
            ok = false;
        }
        if let Value::Entry(entry) = &binding.value {
            ok &= resolve_entry(cx, blackboard, entry);
        }
    }
    ok
}

/// `port = {entry}`, `port = {=}` (the entry named like the port) or `port = expression`.
fn port_binding(input: ParseStream) -> syn::Result<PortBinding> {
    let port: Ident = input.parse()?;
    if !input.peek(Token![=]) {
        return Err(input.error(format!(
            "expected `=` after the port name: `{port} = {{entry}}` or `{port} = value`"
        )));
    }
    input.parse::<Token![=]>()?;
    if input.peek(syn::token::Brace) {
        let fork = input.fork();
        let content;
        syn::braced!(content in fork);
        if content.peek(Token![=]) {
            let same: Token![=] = content.parse()?;
            if content.is_empty() {
                input.advance_to(&fork);
                let entry = Ident::new(&port.to_string(), same.span);
                return Ok(PortBinding {
                    port,
                    value: Value::Entry(entry),
                });
            }
        }
    }
    let value = match entry_ref(input)? {
        Some(entry) => Value::Entry(entry),
        None => Value::Expr(Box::new(input.parse()?)),
    };
    Ok(PortBinding { port, value })
}

/// `SubTree(Child)`, `SubTree(Child = expression)`, then after commas: remaps `x = {a}` /
/// `x = {=}`, initial values `x = expression`, or a final `..` (every entry by name).
fn subtree(cx: &Ctxt, node: &NodeSyntax, blackboard: Option<&Blackboard>) -> Option<SubTree> {
    let usage = "`SubTree(Child)`, with remapped entries after a comma: `SubTree(Child, child_entry = {parent_entry}, other = {=}, speed = 2.0)`, or `SubTree(Child, ..)` to share every entry by name";
    let tokens = required_args(cx, node, usage)?;
    if starts_closure(&tokens) {
        cx.error_spanned_by(
            &tokens,
            format!("`SubTree` takes a tree type, not a closure: {usage}"),
        );
        return None;
    }
    let parser = |input: ParseStream| -> syn::Result<(SubTree, Option<Token![..]>)> {
        let ty = Box::new(input.parse::<Type>()?);
        let init = if input.peek(Token![=]) {
            input.parse::<Token![=]>()?;
            Some(Box::new(input.parse::<Expr>()?))
        } else {
            None
        };
        let mut bindings = Vec::new();
        let mut rest = None;
        while !input.is_empty() {
            input.parse::<Token![,]>()?;
            if input.is_empty() {
                break;
            }
            if input.peek(Token![..]) {
                rest = Some(input.parse::<Token![..]>()?);
                if !input.is_empty() {
                    input.parse::<Token![,]>()?;
                }
                if !input.is_empty() {
                    return Err(input.error("`..` comes last: `SubTree(Child, ..)`"));
                }
                break;
            }
            bindings.push(port_binding(input)?);
        }
        let autoremap = rest.map(|rest| rest.spans[0].join(rest.spans[1]).unwrap_or(rest.spans[0]));
        Ok((
            SubTree {
                ty,
                init,
                bindings,
                autoremap,
            },
            rest,
        ))
    };
    let (subtree, rest) = match parser.parse2(tokens).map_err(|error| at_args(error, node)) {
        Ok(parsed) => parsed,
        Err(error) => {
            cx.syn_error(syn::Error::new(
                error.span(),
                format!("{error}; write {usage}"),
            ));
            return None;
        }
    };
    let mut ok = true;
    if let (Some(_), Some(first)) = (rest, subtree.bindings.first()) {
        cx.error_spanned_by(
            &first.port,
            "`..` already shares every entry of the subtree with the parent's entry of the same name; remove this binding, or remove `..` and remap each entry",
        );
        ok = false;
    }
    ok &= bindings_ok(cx, &subtree.bindings, "subtree entry", blackboard);
    for (index, binding) in subtree.bindings.iter().enumerate() {
        let Value::Entry(entry) = &binding.value else {
            continue;
        };
        let aliased = subtree.bindings[..index]
            .iter()
            .find(|earlier| matches!(&earlier.value, Value::Entry(other) if other == entry));
        let known = blackboard.is_some_and(|bb| bb.entry(entry).is_some());
        if let (true, Some(aliased)) = (known, aliased) {
            cx.error_spanned_by(
                entry,
                format!(
                    "entry `{entry}` is already remapped to subtree entry `{}`; a parent entry can be one subtree entry only (copy it with `SetBlackboard` first if the subtree needs it twice)",
                    aliased.port
                ),
            );
            ok = false;
        }
    }
    ok.then_some(subtree)
}

/// `SetBlackboard(entry = value)`: `value` is `{other_entry}` (copied) or an expression.
fn set_blackboard(cx: &Ctxt, node: &NodeSyntax, blackboard: Option<&Blackboard>) -> Option<Leaf> {
    let usage = "`SetBlackboard(entry = value)` or `SetBlackboard(entry = {other_entry})`";
    let tokens = required_args(cx, node, usage)?;
    let parser = |input: ParseStream| -> syn::Result<(Ident, Value)> {
        let entry: Ident = input.parse()?;
        input.parse::<Token![=]>()?;
        let value = match entry_ref(input)? {
            Some(other) => Value::Entry(other),
            None => Value::Expr(Box::new(input.parse()?)),
        };
        Ok((entry, value))
    };
    match parser.parse2(tokens).map_err(|error| at_args(error, node)) {
        Ok((entry, value)) => {
            let mut ok = resolve_entry(cx, blackboard, &entry);
            if let Value::Entry(other) = &value {
                ok &= resolve_entry(cx, blackboard, other);
            }
            ok.then_some(Leaf::SetBlackboard { entry, value })
        }
        Err(error) => {
            cx.syn_error(syn::Error::new(error.span(), format!("expected {usage}")));
            None
        }
    }
}

/// `UnsetBlackboard(entry)` for an optional entry.
fn unset_blackboard(cx: &Ctxt, node: &NodeSyntax, blackboard: Option<&Blackboard>) -> Option<Leaf> {
    let usage = "`UnsetBlackboard(entry)`";
    let tokens = required_args(cx, node, usage)?;
    let parser = |input: ParseStream| -> syn::Result<Ident> {
        match entry_ref(input)? {
            Some(entry) => Ok(entry),
            None => input.parse(),
        }
    };
    match parser.parse2(tokens).map_err(|error| at_args(error, node)) {
        Ok(entry) => {
            resolve_entry(cx, blackboard, &entry).then_some(Leaf::UnsetBlackboard { entry })
        }
        Err(error) => {
            cx.syn_error(syn::Error::new(error.span(), format!("expected {usage}")));
            None
        }
    }
}

/// `Script(|bb| ..)` and `ScriptCondition(|bb| ..)`.
fn script(cx: &Ctxt, node: &NodeSyntax) -> Option<Box<ExprClosure>> {
    let kind = &node.kind;
    let usage = format!("`{kind}(|bb| ..)`");
    let tokens = required_args(cx, node, &usage)?;
    match syn::parse2::<ExprClosure>(tokens).map_err(|error| at_args(error, node)) {
        Ok(closure) => closure_arity(cx, &closure, &[1], &usage).then(|| Box::new(closure)),
        Err(error) => {
            cx.syn_error(syn::Error::new(
                error.span(),
                format!("expected a closure over the blackboard: {usage}"),
            ));
            None
        }
    }
}

/// The `(entry)` of the update nodes: a declared, `#[tracked]` entry.
fn tracked_entry(cx: &Ctxt, node: &NodeSyntax, blackboard: Option<&Blackboard>) -> Option<Ident> {
    let kind = &node.kind;
    let usage = format!("`{kind}(entry)`");
    let tokens = required_args(cx, node, &usage)?;
    let parser = |input: ParseStream| -> syn::Result<Ident> {
        match entry_ref(input)? {
            Some(entry) => Ok(entry),
            None => input.parse(),
        }
    };
    let entry = match parser.parse2(tokens).map_err(|error| at_args(error, node)) {
        Ok(entry) => entry,
        Err(error) => {
            cx.syn_error(syn::Error::new(error.span(), format!("expected {usage}")));
            return None;
        }
    };
    if !resolve_entry(cx, blackboard, &entry) {
        return None;
    }
    if !blackboard.is_some_and(|bb| bb.is_tracked(&entry)) {
        cx.error_spanned_by(
            &entry,
            format!(
                "`{kind}` needs an entry that counts its updates: declare it `#[tracked] {entry}: Type` in the blackboard"
            ),
        );
        return None;
    }
    Some(entry)
}

/// `{name}`: a blackboard entry reference, as BehaviorTree.CPP writes it.
fn entry_ref(input: ParseStream) -> syn::Result<Option<Ident>> {
    if !input.peek(syn::token::Brace) {
        return Ok(None);
    }
    let content;
    syn::braced!(content in input);
    let name: Ident = content.parse()?;
    if !content.is_empty() {
        return Err(content.error("expected a blackboard entry name: `{entry}`"));
    }
    Ok(Some(name))
}

/// Arguments are re-parsed from detached tokens, where syn reports "unexpected end of input" at
/// the macro call site; point such errors at the closing parenthesis of the node's arguments.
fn at_args(error: syn::Error, node: &NodeSyntax) -> syn::Error {
    match &node.args {
        Some(args) if error.to_string().starts_with("unexpected end of input") => {
            syn::Error::new(args.paren.span.close(), error.to_string())
        }
        _ => error,
    }
}

fn required_args(cx: &Ctxt, node: &NodeSyntax, usage: &str) -> Option<TokenStream> {
    let kind = &node.kind;
    match &node.args {
        Some(args) if !args.tokens.is_empty() => Some(args.tokens.clone()),
        Some(args) => {
            cx.syn_error(syn::Error::new(
                args.paren.span.join(),
                format!("`{kind}` needs arguments: {usage}"),
            ));
            None
        }
        None => {
            cx.error_spanned_by(kind, format!("`{kind}` needs arguments: {usage}"));
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{edit_distance, Tree, RESUME_MAX};
    use crate::ctxt::Ctxt;
    use crate::parse::{parse_body, TreeInput};

    /// The model of `tree T for C { <body> }`, which must be valid.
    fn model(body: &str) -> Tree {
        let source = format!("tree T for C {{ {body} }}");
        let input: TreeInput = syn::parse_str(&source).expect("parses");
        let body = parse_body(input.body).expect("parses");
        let cx = Ctxt::new();
        let tree = Tree::from_syntax(&cx, input.header, body);
        cx.check().expect("valid");
        tree
    }

    /// Which leaves are resumed directly, by id.
    fn resumed(body: &str) -> Vec<usize> {
        model(body).resume
    }

    #[test]
    fn direct_resume_picks_deep_stateful_leaves_under_memory_nodes() {
        // Ids: 0 Sequence, 1 Fallback, 2 A, 3 Inverter, 4 B, 5 C, 6 Condition.
        let body = "Sequence { Fallback { StatefulAction(A), Inverter { StatefulAction(B) } }, \
                    StatefulAction(C), Condition(D) }";
        // A (depth 2) and B (depth 3); C is a child of the root (one dispatch: not worth it);
        // conditions never run.
        assert_eq!(resumed(body), [2, 4]);
        let every = "SequenceWithMemory { Repeat(3) { RetryUntilSuccessful(forever) { \
                     RunOnce { KeepRunningUntilFailure { ForceSuccess { ForceFailure { \
                     StatefulAction(A) } } } } } } }";
        assert_eq!(resumed(every), [7]);
    }

    #[test]
    fn direct_resume_skips_leaves_below_nodes_that_do_more_than_pass_running() {
        // Reactive composites re-check earlier children.
        assert!(
            resumed("ReactiveSequence { Sequence { StatefulAction(A), StatefulAction(B) } }")
                .is_empty()
        );
        assert!(
            resumed("Sequence { ReactiveFallback { Sequence { StatefulAction(A) } } }").is_empty()
        );
        // Conditions on the leaf or on any ancestor.
        assert!(
            resumed("Sequence { Sequence { #[run_while(|bb| true)] StatefulAction(A) } }")
                .is_empty()
        );
        assert!(resumed("#[post(|bb| ())] Sequence { Sequence { StatefulAction(A) } }").is_empty());
        // Decorators that look at the blackboard.
        let updated = "blackboard { #[tracked] x: u32 } Sequence { SkipUnlessUpdated(x) { \
                       Sequence { StatefulAction(A) } } }";
        assert!(resumed(updated).is_empty());
        // Leaves that are not stateful actions.
        assert!(resumed("Sequence { Sequence { Action(A), AlwaysSuccess } }").is_empty());
    }

    #[test]
    fn direct_resume_is_bounded() {
        let leaves = |n: usize| vec!["StatefulAction(A)"; n].join(", ");
        let at_max = format!("Sequence {{ Sequence {{ {} }} }}", leaves(RESUME_MAX));
        assert_eq!(resumed(&at_max).len(), RESUME_MAX);
        let above = format!("Sequence {{ Sequence {{ {} }} }}", leaves(RESUME_MAX + 1));
        assert!(resumed(&above).is_empty(), "every leaf walks");
    }

    #[test]
    fn distances() {
        assert_eq!(edit_distance("Sequence", "Sequence"), 0);
        assert_eq!(edit_distance("Sequence", "Sequnce"), 1);
        assert_eq!(edit_distance("Fallback", "Fallbak"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
    }
}
