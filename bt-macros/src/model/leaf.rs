//! The leaves: their model, and their lowering from the arguments.

use proc_macro2::{Ident, Span};
use syn::{Expr, ExprClosure, Type};

use super::{check, Lower, Params, Quantity};
use crate::args::{Args, LeafArgs, PortBinding, Target, Value};
use crate::kinds::LeafKind;

pub enum Leaf {
    Condition(LeafImpl),
    Action(LeafImpl),
    Stateful(LeafType),
    AlwaysSuccess,
    AlwaysFailure,
    AlwaysRunning,
    SetBlackboard {
        entry: syn::Ident,
        value: Value,
    },
    UnsetBlackboard {
        entry: syn::Ident,
    },
    /// `Script(|bb| statements)`: always `Success`.
    Script(Box<ExprClosure>),
    /// `ScriptCondition(|bb| condition)`.
    ScriptCondition(Box<ExprClosure>),
    /// `WasEntryUpdated(entry)`: the entry is `#[tracked]`.
    WasEntryUpdated(syn::Ident),
    /// `SubTree(Child, x = {a}, ..)`: another generated tree.
    SubTree(SubTree),
    /// `Sleep(ms)`.
    Sleep(Quantity),
    /// behavior3's `Wait(ms)`.
    Wait(Quantity),
    /// behavior3's `Error(value)`: fails the tick with `value` (into the tree's error type).
    Error(Box<Expr>),
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
    /// For a node of an XML tree: each port bound to an entry, and the trait through which the
    /// binding is made (`crate::parse::XmlOrigin::binds`): its error says where the attribute
    /// is and names the element, the port and the entry.
    pub xml_binds: Vec<(String, Ident)>,
    /// For a node of an XML tree: each port's attribute and where it is (`file.xml:12:19`),
    /// which the error for an attribute that names no port of the type gives.
    pub xml_ports: Vec<(String, String)>,
    /// For a node of an XML tree whose type names none of the tree's type parameters: the type
    /// alias through which its ports are reached, written with the check of its attributes
    /// (`codegen::leaf::required_check`), one per type and set of attributes
    /// ([`LeafType::check_key`]) and named after the tree and the first such node. When the
    /// check fails, the accesses have no type, and the check's error, which says where the
    /// element is, is the only one (`bt::__private::PortsChecked`).
    pub checked: Option<Ident>,
}

impl LeafType {
    /// For a node of an XML tree: where the attribute that binds `port` is (`file.xml:12:19`),
    /// if it has a place ([`LeafType::xml_ports`]).
    pub fn xml_place(&self, port: &syn::Ident) -> Option<&str> {
        let name = syn::ext::IdentExt::unraw(port).to_string();
        (self.xml_ports.iter())
            .find(|(attribute, _)| *attribute == name)
            .map(|(_, place)| place.as_str())
    }

    /// For a node of an XML tree: the trait through which `port` is bound to its entry
    /// ([`LeafType::xml_binds`]).
    pub fn xml_bind(&self, port: &syn::Ident) -> Option<&Ident> {
        let name = syn::ext::IdentExt::unraw(port).to_string();
        (self.xml_binds.iter())
            .find(|(attribute, _)| *attribute == name)
            .map(|(_, bind)| bind)
    }

    /// What the check of the node's ports depends on, the type and the bound ports: the nodes
    /// with the same key pass or fail it together.
    pub fn check_key(&self) -> String {
        let bound: Vec<String> = (self.bindings.iter())
            .map(|binding| binding.port.to_string())
            .collect();
        format!(
            "required {} {bound:?}",
            quote::ToTokens::to_token_stream(&self.ty)
        )
    }
}

/// A leaf from its arguments (`Args::Leaf` for the leaves of a type, `Args::Assign` for
/// `SetBlackboard`) or its parameters; `None` after an error.
pub(super) fn lower(at: &Lower, kind: LeafKind, args: Args, p: &mut Params) -> Option<Leaf> {
    let (cx, bb) = (at.cx, at.bb);
    Some(match kind {
        LeafKind::Condition => Leaf::Condition(leaf_impl(at, leaf_args(args)?)?),
        LeafKind::Action => Leaf::Action(leaf_impl(at, leaf_args(args)?)?),
        // The grammar refuses a closure for a stateful action and a subtree.
        LeafKind::StatefulAction => match leaf_args(args)? {
            LeafArgs::Target(target) => Leaf::Stateful(leaf_type(at, target)?),
            LeafArgs::Closure(_) => return None,
        },
        LeafKind::SubTree => match leaf_args(args)? {
            LeafArgs::Target(target) => Leaf::SubTree(subtree(at, target)?),
            LeafArgs::Closure(_) => return None,
        },
        LeafKind::AlwaysSuccess => Leaf::AlwaysSuccess,
        LeafKind::AlwaysFailure => Leaf::AlwaysFailure,
        LeafKind::AlwaysRunning => Leaf::AlwaysRunning,
        LeafKind::SetBlackboard => {
            let Args::Assign(entry, value) = args else {
                return None;
            };
            let other = match &value {
                Value::Entry(other) => Some(other),
                Value::Expr(_) => None,
            };
            if !at.entries([&entry].into_iter().chain(other)) {
                return None;
            }
            Leaf::SetBlackboard { entry, value }
        }
        LeafKind::UnsetBlackboard => {
            let entry = p.entry("entry")?;
            if !at.entries([&entry]) {
                return None;
            }
            Leaf::UnsetBlackboard { entry }
        }
        LeafKind::WasEntryUpdated => {
            Leaf::WasEntryUpdated(check::tracked_entry(cx, at.kind, bb, p.entry("entry")?)?)
        }
        LeafKind::Script => Leaf::Script(p.closure("script")?),
        LeafKind::ScriptCondition => Leaf::ScriptCondition(p.closure("script")?),
        LeafKind::Sleep => Leaf::Sleep(at.quantity(p.duration("ms")?)?),
        LeafKind::Wait => Leaf::Wait(at.quantity(p.duration("ms")?)?),
        LeafKind::Error => {
            if at.header.error.is_none() {
                let kind = at.kind;
                cx.error_spanned_by(
                    kind,
                    format!(
                        "`{kind}` fails the tick with the tree's error, and this tree has no error type: declare it after the context, `tree {} for {}, error ErrorType {{ .. }}`",
                        at.header.name,
                        crate::text::source(quote::ToTokens::to_token_stream(&at.header.context)),
                    ),
                );
                return None;
            }
            Leaf::Error(p.expr("error")?)
        }
    })
}

/// The arguments of a leaf of a type (the grammar `Leaf` gives them to exactly these kinds).
fn leaf_args(args: Args) -> Option<LeafArgs> {
    match args {
        Args::Leaf(leaf) => Some(leaf),
        _ => None,
    }
}

fn leaf_impl(at: &Lower, leaf: LeafArgs) -> Option<LeafImpl> {
    match leaf {
        LeafArgs::Closure(closure) => Some(LeafImpl::Inline(closure)),
        LeafArgs::Target(target) => leaf_type(at, target).map(LeafImpl::Type),
    }
}

pub(super) fn leaf_type(at: &Lower, target: Target) -> Option<LeafType> {
    let ok = check::bindings(at.cx, &target.bindings, "port", at.bb);
    ok.then_some(LeafType {
        ty: target.ty,
        init: target.init,
        bindings: target.bindings,
        xml_ports: Vec::new(),
        xml_binds: Vec::new(),
        checked: None,
    })
}

fn subtree(at: &Lower, mut target: Target) -> Option<SubTree> {
    let agent = take_agent(at, &mut target);
    let mut subtree = check::subtree(at.cx, target, at.bb)?;
    subtree.agent = agent?;
    if check::contains_itself(at.cx, &at.header.name, &subtree) {
        return None;
    }
    Some(subtree)
}

/// `agent = |ctx| ..` among a `SubTree`'s bindings (NodeCanvas's Override Agent): taken out of the
/// bindings. `Some(None)`: no agent; `None`: an error was reported.
fn take_agent(at: &Lower, target: &mut Target) -> Option<Option<Box<ExprClosure>>> {
    let is_agent = |binding: &PortBinding| {
        binding.port == "agent"
            && matches!(&binding.value, Value::Expr(expr) if matches!(**expr, Expr::Closure(_)))
    };
    let mut agent = None;
    let mut ok = true;
    let bindings = std::mem::take(&mut target.bindings);
    for binding in bindings {
        if !is_agent(&binding) {
            target.bindings.push(binding);
            continue;
        }
        let Value::Expr(expr) = binding.value else {
            continue;
        };
        let Expr::Closure(closure) = *expr else {
            continue;
        };
        if agent.is_some() {
            at.cx.error_spanned_by(
                &binding.port,
                "`agent` is given twice; a subtree runs on one part of the context",
            );
            ok = false;
        } else if let Err(error) = crate::args::closure_arity(
            &closure,
            &[1],
            "`agent = |ctx| &mut ctx.other`: the part of the context the subtree runs on",
        ) {
            at.cx.syn_error(error);
            ok = false;
        } else {
            agent = Some(Box::new(closure));
        }
    }
    ok.then_some(agent)
}
