//! The model of NodeCanvas's nodes and of Unreal Engine's observer aborts: their parameters, read
//! from the arguments (`control`, `decorator`), the utility attributes of their children
//! (`#[weight(..)]`, `#[score(..)]`), and the pass over the whole tree (`resolve`) that checks
//! what one node cannot see alone: every child of a `ProbabilitySelector` has a weight, every
//! child of a `PrioritySelector` a score, and an `Observe(.., abort = lower)` (or `both`) is a
//! child of a `Fallback`, which then becomes an observer selector that owns its `Observe`
//! children's conditions.

use syn::{Attribute, Expr, ExprClosure, Ident};

use super::{check, Blackboard, Composite, Control, Decorator, Kind, Limit, Params, Tree};
use crate::args::{closure_arity, Args};
use crate::ctxt::Ctxt;
use crate::kinds::{self, ControlKind, DecoratorKind, Shape};

/// NodeCanvas's composites (`bt_core::control::nodecanvas`), and the observer selector.
pub enum NcControl {
    RandomSequence,
    RandomSelector,
    /// `ProbabilitySelector(fail = w)`: the children's weights are their `#[weight(..)]`.
    ProbabilitySelector {
        fail: Option<UtilityValue>,
    },
    /// The children's scores are their `#[score(..)]`.
    PrioritySelector,
    FlipSelector,
    StepSequencer,
    /// `BinarySelector(|bb| condition, dynamic = bool) { then, otherwise }`.
    BinarySelector {
        condition: Box<ExprClosure>,
        dynamic: bool,
    },
    /// `IndexSwitch(|bb| index, out_of_range = Fail | Loop, dynamic = bool)`.
    IndexSwitch {
        index: Box<ExprClosure>,
        out_of_range: Ident,
        dynamic: bool,
    },
    /// `PolicyParallel(policy = FirstFailure | FirstSuccess | FirstSuccessOrFailure, repeat = ..)`.
    PolicyParallel {
        policy: Ident,
        repeat: bool,
    },
    DynamicSequence,
    DynamicSelector,
    /// A `Fallback` with an `Observe(.., abort = lower | both)` child: the guards are its
    /// `Observe` children's conditions (`NcDecorator::Observe` with `guarded`).
    ObserverSelector,
}

/// NodeCanvas's decorators (`bt_core::decorator::nodecanvas`) and Unreal Engine's `Observe`.
pub enum NcDecorator {
    /// `Interrupt(|bb| condition)`.
    Interrupt(Box<ExprClosure>),
    /// `Conditional(|bb| condition, dynamic = bool, else = Failure | Success)`.
    Conditional {
        condition: Box<ExprClosure>,
        dynamic: bool,
        otherwise: Ident,
    },
    /// `RepeatTimes(n)` / `RepeatTimes(forever)`.
    RepeatTimes(Limit),
    /// `RepeatUntil(Success | Failure)`.
    RepeatUntil(Ident),
    /// `Filter(times = n, count = Completed | Success | Failure, filtered = Skipped | Failure)`.
    Filter {
        times: u64,
        count: Ident,
        filtered: Ident,
    },
    /// `Cooldown(ms, filtered = Skipped | Failure)`.
    Cooldown {
        ms: super::Quantity,
        filtered: Ident,
    },
    /// `Iterate(list, element = {entry}, index = {entry}, until = .., max = n, reset_index = ..)`.
    Iterate {
        list: Ident,
        element: Ident,
        index: Option<Ident>,
        until: Ident,
        max: Option<u64>,
        reset_index: bool,
    },
    /// `WaitUntil(|bb| condition)`.
    WaitUntil(Box<ExprClosure>),
    Optional,
    /// `Guard(|ctx| &mut ctx.token, if_guarded = Failure | Running)`.
    Guard {
        token: Box<ExprClosure>,
        if_guarded: Ident,
    },
    /// `Deadline(ms)`: NodeCanvas's `Timeout`.
    Deadline(super::Quantity),
    /// `Remap(success = .., failure = ..)`.
    Remap {
        success: Ident,
        failure: Ident,
    },
    /// `Observe(|bb| condition, abort = none | self | lower | both)`. `guarded`: a child of an
    /// observer selector, which evaluates the condition; the node itself passes its child's status
    /// through.
    Observe {
        condition: Box<ExprClosure>,
        abort: Ident,
        guarded: bool,
    },
}

/// `#[weight(..)]` or `#[score(..)]` on a child.
pub struct Utility {
    /// `weight` or `score`, as written.
    pub attr: Ident,
    pub value: UtilityValue,
}

/// A weight or a score: a closure over the blackboard, or a constant expression.
pub enum UtilityValue {
    Closure(Box<ExprClosure>),
    Constant(Box<Expr>),
}

impl UtilityValue {
    fn of(cx: &Ctxt, expr: Expr, usage: &str) -> Option<UtilityValue> {
        match expr {
            Expr::Closure(closure) => match closure_arity(&closure, &[1], usage) {
                Ok(()) => Some(UtilityValue::Closure(Box::new(closure))),
                Err(error) => {
                    cx.syn_error(error);
                    None
                }
            },
            constant => Some(UtilityValue::Constant(Box::new(constant))),
        }
    }
}

/// Reads `#[weight(..)]` or `#[score(..)]` into `slot`.
pub(super) fn utility_attribute(cx: &Ctxt, attr: &Attribute, slot: &mut Option<Utility>) {
    let Some(name) = attr.path().get_ident().cloned() else {
        return;
    };
    let usage = format!("`#[{name}(|bb| bb.entry)]` or a constant, `#[{name}(2.0)]`");
    let expr = match &attr.meta {
        syn::Meta::List(_) => attr.parse_args::<Expr>(),
        _ => Err(syn::Error::new_spanned(attr, "")),
    };
    // After an error the slot is filled all the same, so that the parent's check does not
    // report the child as lacking one.
    let placeholder = || Utility {
        attr: name.clone(),
        value: UtilityValue::Constant(Box::new(syn::parse_quote!(0.0))),
    };
    let Ok(expr) = expr else {
        cx.error_spanned_by(
            attr,
            format!("expected a closure over the blackboard or a constant: {usage}"),
        );
        slot.get_or_insert_with(placeholder);
        return;
    };
    if let Some(earlier) = slot {
        let message = if earlier.attr == name {
            format!("this node already has a `#[{name}]`")
        } else {
            format!(
                "this node already has a `#[{}]`; a child has a weight (under a `ProbabilitySelector`) or a score (under a `PrioritySelector`), not both",
                earlier.attr
            )
        };
        cx.error_spanned_by(attr, message);
        return;
    }
    *slot = Some(match UtilityValue::of(cx, expr, &usage) {
        Some(value) => Utility { attr: name, value },
        None => placeholder(),
    });
}

/// A word parameter, or `default` (spanned at the node's kind).
fn word(params: &mut Params, index: usize, kind: &Ident, default: &str) -> Ident {
    match params.take(index) {
        Some(crate::args::ParamValue::Word(word)) => word,
        _ => Ident::new(default, kind.span()),
    }
}

fn context_closure(params: &mut Params, index: usize) -> Option<Box<ExprClosure>> {
    match params.take(index)? {
        crate::args::ParamValue::ContextClosure(closure) => Some(closure),
        _ => None,
    }
}

/// A NodeCanvas composite from its parameters; `None` after an error.
pub(super) fn control(
    cx: &Ctxt,
    kind: &Ident,
    control: ControlKind,
    params: &mut Params,
) -> Option<NcControl> {
    Some(match control {
        ControlKind::RandomSequence => NcControl::RandomSequence,
        ControlKind::RandomSelector => NcControl::RandomSelector,
        ControlKind::ProbabilitySelector => NcControl::ProbabilitySelector {
            fail: match params.expr(0) {
                Some(expr) => Some(UtilityValue::of(
                    cx,
                    *expr,
                    &format!("`{kind}(fail = |bb| bb.entry)` or a constant, `{kind}(fail = 1.0)`"),
                )?),
                None => None,
            },
        },
        ControlKind::PrioritySelector => NcControl::PrioritySelector,
        ControlKind::FlipSelector => NcControl::FlipSelector,
        ControlKind::StepSequencer => NcControl::StepSequencer,
        ControlKind::BinarySelector => NcControl::BinarySelector {
            condition: params.closure(0)?,
            dynamic: params.bool(1).unwrap_or(false),
        },
        ControlKind::IndexSwitch => NcControl::IndexSwitch {
            index: params.closure(0)?,
            out_of_range: word(params, 1, kind, "Fail"),
            dynamic: params.bool(2).unwrap_or(false),
        },
        ControlKind::PolicyParallel => NcControl::PolicyParallel {
            policy: word(params, 0, kind, "FirstFailure"),
            repeat: params.bool(1).unwrap_or(false),
        },
        ControlKind::DynamicSequence => NcControl::DynamicSequence,
        ControlKind::DynamicSelector => NcControl::DynamicSelector,
        _ => return None,
    })
}

/// A count parameter that must not be 0, reported at the node's kind.
fn positive(cx: &Ctxt, kind: &Ident, param: &str, value: u64) -> Option<u64> {
    if value == 0 {
        cx.error_spanned_by(
            kind,
            format!("`{param} = 0` would never let `{kind}` tick its child; give a positive count"),
        );
        return None;
    }
    Some(value)
}

/// A NodeCanvas decorator (or `Observe`) from its arguments; `None` after an error.
pub(super) fn decorator(
    cx: &Ctxt,
    blackboard: Option<&Blackboard>,
    kind: &Ident,
    decorator: DecoratorKind,
    args: Args,
    params: &mut Params,
) -> Option<NcDecorator> {
    Some(match (decorator, args) {
        (DecoratorKind::Interrupt, _) => NcDecorator::Interrupt(params.closure(0)?),
        (DecoratorKind::Conditional, _) => NcDecorator::Conditional {
            condition: params.closure(0)?,
            dynamic: params.bool(1).unwrap_or(false),
            otherwise: word(params, 2, kind, "Failure"),
        },
        (DecoratorKind::RepeatTimes, Args::Count(limit)) => {
            let limit = super::loop_limit(cx, blackboard, limit)?;
            if limit.as_ref().and_then(super::Quantity::literal) == Some(0) {
                cx.error_spanned_by(
                    kind,
                    format!("`{kind}(0)` would never tick its child; give a positive count, or `{kind}(forever)`"),
                );
                return None;
            }
            NcDecorator::RepeatTimes(limit)
        }
        (DecoratorKind::RepeatUntil, _) => {
            NcDecorator::RepeatUntil(word(params, 0, kind, "Success"))
        }
        (DecoratorKind::Filter, _) => NcDecorator::Filter {
            times: positive(cx, kind, "times", params.count(0)?)?,
            count: word(params, 1, kind, "Completed"),
            filtered: word(params, 2, kind, "Skipped"),
        },
        (DecoratorKind::Cooldown, _) => NcDecorator::Cooldown {
            ms: super::quantity(cx, blackboard, params.duration(0)?)?,
            filtered: word(params, 1, kind, "Skipped"),
        },
        (DecoratorKind::Iterate, _) => {
            let list = params.entry(0)?;
            let element = params.entry(1)?;
            let index = params.entry(2);
            let until = word(params, 3, kind, "Never");
            let max = match params.count(4) {
                Some(max) => Some(positive(cx, kind, "max", max)?),
                None => None,
            };
            let reset_index = params.bool(5).unwrap_or(true);
            let mut ok = check::resolve_entry(cx, blackboard, &list);
            ok &= check::resolve_entry(cx, blackboard, &element);
            if let Some(index) = &index {
                ok &= check::resolve_entry(cx, blackboard, index);
            }
            if !ok {
                return None;
            }
            NcDecorator::Iterate {
                list,
                element,
                index,
                until,
                max,
                reset_index,
            }
        }
        (DecoratorKind::WaitUntil, _) => NcDecorator::WaitUntil(params.closure(0)?),
        (DecoratorKind::Optional, _) => NcDecorator::Optional,
        (DecoratorKind::Guard, _) => NcDecorator::Guard {
            token: context_closure(params, 0)?,
            if_guarded: word(params, 1, kind, "Failure"),
        },
        (DecoratorKind::Deadline, _) => {
            NcDecorator::Deadline(super::quantity(cx, blackboard, params.duration(0)?)?)
        }
        (DecoratorKind::Remap, _) => NcDecorator::Remap {
            success: word(params, 0, kind, "Success"),
            failure: word(params, 1, kind, "Failure"),
        },
        (DecoratorKind::Observe, _) => NcDecorator::Observe {
            condition: params.closure(0)?,
            abort: word(params, 1, kind, "none"),
            guarded: false,
        },
        _ => return None,
    })
}

/// Whether an `Observe`'s abort mode watches lower-priority siblings (`lower`, `both`).
fn watches_lower(abort: &Ident) -> bool {
    abort == "lower" || abort == "both"
}

/// The checks across nodes, after lowering: utility attributes against their parents, and the
/// observer selectors.
pub(super) fn resolve(cx: &Ctxt, tree: &mut Tree) {
    utilities(cx, tree);
    observers(cx, tree);
}

/// Every child of a `ProbabilitySelector` has a `#[weight]`, every child of a `PrioritySelector`
/// a `#[score]`, and no other node has either.
fn utilities(cx: &Ctxt, tree: &Tree) {
    for node in &tree.nodes {
        let parent = node.parent.map(|parent| &tree.nodes[parent]);
        let wanted = parent.and_then(|parent| match parent.spec?.shape {
            Shape::Control(ControlKind::ProbabilitySelector) => Some(kw_weight()),
            Shape::Control(ControlKind::PrioritySelector) => Some(kw_score()),
            _ => None,
        });
        let utility = node.conditions.utility.as_ref();
        match (wanted, utility, parent) {
            (Some(wanted), Some(utility), Some(parent)) if utility.attr != wanted => {
                cx.error_spanned_by(
                    &utility.attr,
                    format!(
                        "a child of `{}` has a `#[{wanted}(..)]`, not a `#[{}(..)]`",
                        parent.kind_ident, utility.attr
                    ),
                );
            }
            (Some(wanted), None, Some(parent)) => {
                let what = if wanted == kw_weight() {
                    "its chance to be picked"
                } else {
                    "how much it is wanted, the highest runs"
                };
                cx.error_spanned_by(
                    &node.kind_ident,
                    format!(
                        "each child of `{}` needs a `#[{wanted}(..)]`, {what}: `#[{wanted}(|bb| bb.entry)]` or a constant, `#[{wanted}(1.0)]`, before the child",
                        parent.kind_ident
                    ),
                );
            }
            (None, Some(utility), _) => {
                let parent = utility_parent(&utility.attr);
                cx.error_spanned_by(
                    &utility.attr,
                    format!(
                        "`#[{}(..)]` is read by a `{parent}` parent, and this node's parent is {}",
                        utility.attr,
                        match node.parent {
                            Some(parent) => format!("a `{}`", tree.nodes[parent].kind_ident),
                            None => "none (it is the root)".to_owned(),
                        }
                    ),
                );
            }
            _ => {}
        }
    }
}

fn kw_weight() -> &'static str {
    crate::kw::WEIGHT
}

fn kw_score() -> &'static str {
    crate::kw::SCORE
}

fn utility_parent(attr: &Ident) -> &'static str {
    if attr == kw_weight() {
        "ProbabilitySelector"
    } else {
        "PrioritySelector"
    }
}

/// `Observe(.., abort = lower | both)` only under a `Fallback`, which becomes an observer
/// selector (bt-core's `ObserverSelector`) owning the conditions of its `Observe` children.
fn observers(cx: &Ctxt, tree: &mut Tree) {
    let mut selectors = Vec::new();
    for node in &tree.nodes {
        let Kind::Decorator(Decorator::NodeCanvas(NcDecorator::Observe { abort, .. })) = &node.kind
        else {
            continue;
        };
        if !watches_lower(abort) {
            continue;
        }
        let parent = node.parent.map(|parent| &tree.nodes[parent]);
        let under_fallback = parent.is_some_and(|parent| {
            parent.spec.is_some_and(|spec| {
                spec.shape == Shape::Composite(Composite::Fallback)
                    || spec.shape == Shape::Control(ControlKind::ObserverSelector)
            })
        });
        if under_fallback {
            let parent = node.parent.expect("checked");
            if !selectors.contains(&parent) {
                selectors.push(parent);
            }
            continue;
        }
        let here = match parent {
            Some(parent) => format!("this `Observe` is a child of a `{}`", parent.kind_ident),
            None => "this `Observe` is the root".to_owned(),
        };
        cx.error_spanned_by(
            abort,
            format!(
                "`abort = {abort}` watches this branch while a lower-priority sibling runs, so it only fits a direct child of a `Fallback` (alias `Selector`), and {here}; use `abort = self` or `abort = none` here"
            ),
        );
    }
    for selector in selectors {
        if !matches!(
            tree.nodes[selector].kind,
            Kind::Composite(Composite::Fallback)
        ) {
            // The Fallback had an error; it is not emitted.
            continue;
        }
        tree.nodes[selector].kind = Kind::Control(Control::NodeCanvas(NcControl::ObserverSelector));
        tree.nodes[selector].spec = Some(&kinds::OBSERVER_SELECTOR);
        let children = tree.nodes[selector].children.clone();
        for child in children {
            if let Kind::Decorator(Decorator::NodeCanvas(NcDecorator::Observe {
                guarded, ..
            })) = &mut tree.nodes[child].kind
            {
                *guarded = true;
            }
        }
    }
}

/// `agent = |ctx| ..` among a `SubTree`'s bindings (NodeCanvas's Override Agent): taken out of the
/// bindings. `Some(None)`: no agent; `None`: an error was reported.
pub(super) fn take_agent(
    cx: &Ctxt,
    target: &mut crate::args::Target,
) -> Option<Option<Box<ExprClosure>>> {
    let is_agent = |binding: &super::PortBinding| {
        binding.port == "agent"
            && matches!(&binding.value, super::Value::Expr(expr) if matches!(**expr, Expr::Closure(_)))
    };
    let mut agent = None;
    let mut ok = true;
    let bindings = std::mem::take(&mut target.bindings);
    for binding in bindings {
        if !is_agent(&binding) {
            target.bindings.push(binding);
            continue;
        }
        let super::Value::Expr(expr) = binding.value else {
            continue;
        };
        let Expr::Closure(closure) = *expr else {
            continue;
        };
        if agent.is_some() {
            cx.error_spanned_by(
                &binding.port,
                "`agent` is given twice; a subtree runs on one part of the context",
            );
            ok = false;
        } else if let Err(error) = closure_arity(
            &closure,
            &[1],
            "`agent = |ctx| &mut ctx.other`: the part of the context the subtree runs on",
        ) {
            cx.syn_error(error);
            ok = false;
        } else {
            agent = Some(Box::new(closure));
        }
    }
    ok.then_some(agent)
}
