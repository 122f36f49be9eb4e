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
mod nodecanvas;

use proc_macro2::Span;
use syn::{Expr, ExprClosure, Ident, LitStr, Type};

use crate::args::ParamValue;
pub use crate::args::Quantity;
use crate::args::{Args, LeafArgs, Target};
use crate::ctxt::Ctxt;
use crate::kinds::{self, Arity, ControlKind, DecoratorKind, KindSpec, LeafKind, Shape};
use crate::parse::{Body, Children, NodeSyntax};

pub use crate::args::{PortBinding, Value};
pub use crate::parse::Header;
pub use attr::Conditions;
pub(crate) use check::edit_distance;

/// How many levels a tree may nest (its root is level 1): a node below the last is an error. The macro itself does not recurse
/// per level; rustc, compiling the chain of one tick function per level, overflowed its stack at
/// 10,000 levels in a debug build (3,000 levels build in 40 s).
pub const MAX_DEPTH: usize = 3_000;
pub use nodecanvas::{NcControl, NcDecorator, UtilityValue};

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

/// The composites that walk their children in order (`bt_core::control::Flow`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Composite {
    Sequence,
    SequenceWithMemory,
    ReactiveSequence,
    Fallback,
    ReactiveFallback,
    AsyncSequence,
    AsyncFallback,
}

impl Composite {
    /// Whether the rule walks from a cursor (`bt_core::control`'s `Linear`): it resumes at the
    /// running child, answers `Running` exactly when the child at its cursor does, and answers
    /// `Skipped` only when every child of the activation skipped.
    pub fn walks_from_cursor(self) -> bool {
        matches!(
            self,
            Composite::Sequence | Composite::Fallback | Composite::SequenceWithMemory
        )
    }
}

/// The composites that choose their children otherwise (`bt_core::step`).
pub enum Control {
    /// Thresholds as written (negative ones count from the end); `span` is the node's kind.
    Parallel {
        success: i64,
        failure: i64,
    },
    ParallelAll {
        max_failures: i64,
    },
    IfThenElse,
    WhileDoElse,
    /// `Switch(entry) { case value => child, .., _ => default }`: one value per child but the
    /// last.
    Switch {
        entry: Ident,
        cases: Vec<Expr>,
    },
    TryCatch {
        catch_on_halt: bool,
    },
    /// NodeCanvas's composites and the observer selector (`nodecanvas`).
    NodeCanvas(NcControl),
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
    /// `Delay(duration)`.
    Delay(Quantity),
    /// `Timeout(duration)`.
    Timeout(Quantity),
    /// `Precondition(|bb| condition, else = Status)`.
    Precondition {
        condition: Box<ExprClosure>,
        otherwise: Ident,
    },
    /// `Loop(queue, value = {entry}, if_empty = Status)`.
    Loop {
        queue: Ident,
        value: Option<Ident>,
        if_empty: Ident,
    },
    /// behavior3's `Limiter(max_loop)`.
    Limiter(u64),
    /// behavior3's `MaxTime(duration)`.
    MaxTime(Quantity),
    /// behavior3's `Repeater(max_loop)`.
    Repeater(Limit),
    /// NodeCanvas's decorators and Unreal Engine's `Observe` (`nodecanvas`).
    NodeCanvas(NcDecorator),
}

impl Decorator {
    /// The limit of a loop that counts its child's completions (`Running::Loop`).
    pub fn loop_limit(&self) -> Option<&Limit> {
        match self {
            Decorator::Repeat(limit)
            | Decorator::RetryUntilSuccessful(limit)
            | Decorator::Repeater(limit) => Some(limit),
            Decorator::NodeCanvas(NcDecorator::RepeatTimes(limit)) => Some(limit),
            _ => None,
        }
    }
}

/// A loop limit: `Some(n)` completions, or `None` for `forever`.
pub type Limit = Option<Quantity>;

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
    /// `Sleep(ms)`.
    Sleep(Quantity),
    AlwaysRunning,
    /// behavior3's `Error(value)`: fails the tick with `value` (into the tree's error type).
    Error(Box<Expr>),
    /// behavior3's `Wait(ms)`.
    Wait(Quantity),
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
    /// `agent = |ctx| &mut ctx.other` (NodeCanvas's Override Agent): the child tree runs on this
    /// part of the context, a context of its own type.
    pub agent: Option<Box<ExprClosure>>,
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
    Control(Control),
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
        }
    }

    pub fn from_syntax(cx: &Ctxt, header: Header, body: Body) -> Tree {
        let body_span = header.body_span;
        let mut tree = Tree {
            header,
            blackboard: body.blackboard.map(|syntax| attr::blackboard(cx, syntax)),
            nodes: Vec::new(),
            subtrees: Vec::new(),
            unused_entries: Vec::new(),
            shared_with: Vec::new(),
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
        tree.unused_entries = check::unused_entries(tree.blackboard.as_ref(), &mentioned);
        check::unique_names(cx, &tree.nodes);
        nodecanvas::resolve(cx, &mut tree);
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
            check::mention(&syntax, mentioned);
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
            arg_tokens: _,
            children,
        } = syntax;
        let (mut children, children_ok) = match children.as_ref().map(Children::parse) {
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
        let (explicit_name, conditions) = attr::node_attributes(cx, &attrs);
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
                    || check::child_count(cx, &kind_ident, children.as_ref(), spec.arity);
                match kind {
                    Some(kind) if arity_ok && children_ok => kind,
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
        children.map_or_else(Vec::new, |children| children.nodes)
    }

    /// The model of a node of a known kind, from its arguments; `None` after an error.
    fn build(
        &self,
        cx: &Ctxt,
        spec: &KindSpec,
        kind: &Ident,
        args: Args,
        cases: Option<Vec<Expr>>,
        child_count: usize,
    ) -> Option<Kind> {
        let bb = self.blackboard.as_ref();
        if let Args::Invalid(error) = args {
            cx.syn_error(error);
            return None;
        }
        let (mut params, args) = match args {
            Args::Params(values) => (Params(values), Args::Absent),
            args => (Params(Vec::new()), args),
        };
        Some(match spec.shape {
            Shape::Composite(composite) => Kind::Composite(composite),
            Shape::Control(control) => Kind::Control(match control {
                ControlKind::Parallel => {
                    let (success, at_success) = params.int(0).unwrap_or((-1, kind.span()));
                    let (failure, at_failure) = params.int(1).unwrap_or((1, kind.span()));
                    check::parallel(
                        cx,
                        kind,
                        child_count,
                        (success, at_success),
                        (failure, at_failure),
                    )?;
                    Control::Parallel { success, failure }
                }
                ControlKind::ParallelAll => {
                    let (max_failures, at) = params.int(0).unwrap_or((1, kind.span()));
                    check::parallel_all(cx, kind, child_count, (max_failures, at))?;
                    Control::ParallelAll { max_failures }
                }
                ControlKind::IfThenElse => Control::IfThenElse,
                ControlKind::WhileDoElse => Control::WhileDoElse,
                ControlKind::Switch => {
                    let entry = params.entry(0)?;
                    if !check::resolve_entry(cx, bb, &entry) {
                        return None;
                    }
                    Control::Switch {
                        entry,
                        cases: cases?,
                    }
                }
                ControlKind::TryCatch => Control::TryCatch {
                    catch_on_halt: params.bool(0).unwrap_or(false),
                },
                ControlKind::RandomSequence
                | ControlKind::RandomSelector
                | ControlKind::ProbabilitySelector
                | ControlKind::PrioritySelector
                | ControlKind::FlipSelector
                | ControlKind::StepSequencer
                | ControlKind::BinarySelector
                | ControlKind::IndexSwitch
                | ControlKind::PolicyParallel
                | ControlKind::DynamicSequence
                | ControlKind::DynamicSelector
                | ControlKind::ObserverSelector => {
                    Control::NodeCanvas(nodecanvas::control(cx, kind, control, &mut params)?)
                }
            }),
            Shape::Decorator(decorator) => Kind::Decorator(match (decorator, args) {
                (DecoratorKind::Inverter, _) => Decorator::Inverter,
                (DecoratorKind::ForceSuccess, _) => Decorator::ForceSuccess,
                (DecoratorKind::ForceFailure, _) => Decorator::ForceFailure,
                (DecoratorKind::KeepRunningUntilFailure, _) => Decorator::KeepRunningUntilFailure,
                (DecoratorKind::Repeat, Args::Count(limit)) => {
                    Decorator::Repeat(loop_limit(cx, bb, limit)?)
                }
                (DecoratorKind::RetryUntilSuccessful, Args::Count(limit)) => {
                    Decorator::RetryUntilSuccessful(loop_limit(cx, bb, limit)?)
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
                (DecoratorKind::Delay, _) => {
                    Decorator::Delay(quantity(cx, bb, params.duration(0)?)?)
                }
                (DecoratorKind::Timeout, _) => {
                    Decorator::Timeout(quantity(cx, bb, params.duration(0)?)?)
                }
                (DecoratorKind::Precondition, _) => Decorator::Precondition {
                    condition: params.closure(0)?,
                    otherwise: params.status(1, kind, "Failure"),
                },
                (DecoratorKind::Limiter, _) => {
                    let max_loop = params.count(0)?;
                    if max_loop == 0 {
                        cx.error_spanned_by(kind, format!("`{kind}(0)` would never tick its child (behavior3go rejects it too); give a positive count"));
                        return None;
                    }
                    Decorator::Limiter(max_loop)
                }
                (DecoratorKind::MaxTime, _) => {
                    Decorator::MaxTime(quantity(cx, bb, params.duration(0)?)?)
                }
                (DecoratorKind::Repeater, Args::Count(limit)) => {
                    Decorator::Repeater(loop_limit(cx, bb, limit)?)
                }
                (DecoratorKind::RepeatUntilFailure, Args::Count(limit)) => {
                    Decorator::Repeat(check::behavior3_loop(cx, kind, loop_limit(cx, bb, limit)?)?)
                }
                (DecoratorKind::RepeatUntilSuccess, Args::Count(limit)) => {
                    Decorator::RetryUntilSuccessful(check::behavior3_loop(
                        cx,
                        kind,
                        loop_limit(cx, bb, limit)?,
                    )?)
                }
                (
                    DecoratorKind::Interrupt
                    | DecoratorKind::Conditional
                    | DecoratorKind::RepeatTimes
                    | DecoratorKind::RepeatUntil
                    | DecoratorKind::Filter
                    | DecoratorKind::Cooldown
                    | DecoratorKind::Iterate
                    | DecoratorKind::WaitUntil
                    | DecoratorKind::Optional
                    | DecoratorKind::Guard
                    | DecoratorKind::Deadline
                    | DecoratorKind::Remap
                    | DecoratorKind::Observe,
                    args,
                ) => Decorator::NodeCanvas(nodecanvas::decorator(
                    cx,
                    bb,
                    kind,
                    decorator,
                    args,
                    &mut params,
                )?),
                (DecoratorKind::Loop, _) => {
                    let queue = params.entry(0)?;
                    let value = params.entry(1);
                    let mut ok = check::resolve_entry(cx, bb, &queue);
                    if let Some(value) = &value {
                        ok &= check::resolve_entry(cx, bb, value);
                    }
                    if !ok {
                        return None;
                    }
                    Decorator::Loop {
                        queue,
                        value,
                        if_empty: params.status(2, kind, "Success"),
                    }
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
                (LeafKind::SubTree, Args::Leaf(LeafArgs::Target(mut target))) => {
                    let agent = nodecanvas::take_agent(cx, &mut target);
                    let mut subtree = check::subtree(cx, target, bb)?;
                    subtree.agent = agent?;
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
                (LeafKind::Sleep, _) => Leaf::Sleep(quantity(cx, bb, params.duration(0)?)?),
                (LeafKind::AlwaysRunning, _) => Leaf::AlwaysRunning,
                (LeafKind::Wait, _) => Leaf::Wait(quantity(cx, bb, params.duration(0)?)?),
                (LeafKind::Error, _) => {
                    if self.header.error.is_none() {
                        cx.error_spanned_by(
                            kind,
                            format!(
                                "`{kind}` fails the tick with the tree's error, and this tree has no error type: declare it after the context, `tree {} for {}, error ErrorType {{ .. }}`",
                                self.header.name,
                                crate::text::source(quote::ToTokens::to_token_stream(&self.header.context)),
                            ),
                        );
                        return None;
                    }
                    Leaf::Error(params.expr(0)?)
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

/// A count or duration: an entry must be one of the blackboard's.
pub(super) fn quantity(
    cx: &Ctxt,
    blackboard: Option<&Blackboard>,
    quantity: Quantity,
) -> Option<Quantity> {
    match &quantity {
        Quantity::Entry(entry) if !check::resolve_entry(cx, blackboard, entry) => None,
        _ => Some(quantity),
    }
}

/// A loop's limit (`None`: `forever`), its entry checked.
pub(super) fn loop_limit(
    cx: &Ctxt,
    blackboard: Option<&Blackboard>,
    limit: Limit,
) -> Option<Limit> {
    match limit {
        Some(limit) => quantity(cx, blackboard, limit).map(Some),
        None => Some(None),
    }
}

/// The arity of the kind named `kind`, if it is known.
fn spec_arity(kind: &Ident) -> Option<Arity> {
    kinds::lookup(&kind.to_string()).map(|spec| spec.arity)
}

/// The values of a kind's `Grammar::Params`, taken by position.
struct Params(Vec<Option<ParamValue>>);

impl Params {
    fn take(&mut self, index: usize) -> Option<ParamValue> {
        self.0.get_mut(index).and_then(Option::take)
    }

    /// A whole number and where it is written.
    fn int(&mut self, index: usize) -> Option<(i64, Span)> {
        match self.take(index)? {
            ParamValue::Int(value, span) => Some((value, span)),
            _ => None,
        }
    }

    fn duration(&mut self, index: usize) -> Option<Quantity> {
        match self.take(index)? {
            ParamValue::Duration(value) => Some(value),
            _ => None,
        }
    }

    fn count(&mut self, index: usize) -> Option<u64> {
        match self.take(index)? {
            ParamValue::Count(value) => Some(value),
            _ => None,
        }
    }

    fn expr(&mut self, index: usize) -> Option<Box<Expr>> {
        match self.take(index)? {
            ParamValue::Expr(expr) => Some(expr),
            _ => None,
        }
    }

    fn bool(&mut self, index: usize) -> Option<bool> {
        match self.take(index)? {
            ParamValue::Bool(value) => Some(value),
            _ => None,
        }
    }

    fn entry(&mut self, index: usize) -> Option<Ident> {
        match self.take(index)? {
            ParamValue::Entry(entry) => Some(entry),
            _ => None,
        }
    }

    fn closure(&mut self, index: usize) -> Option<Box<ExprClosure>> {
        match self.take(index)? {
            ParamValue::Closure(closure) => Some(closure),
            _ => None,
        }
    }

    /// A status parameter, or `default` (spanned at the node's kind).
    fn status(&mut self, index: usize, kind: &Ident, default: &str) -> Ident {
        match self.take(index) {
            Some(ParamValue::Status(status)) => status,
            _ => Ident::new(default, kind.span()),
        }
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
