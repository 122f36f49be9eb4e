//! The composites chosen by a rule of the `Step` protocol (`bt_core::step`), by family:
//! selectors (NodeCanvas's, the observer selector), conditional flow, parallels. Their model, and
//! their lowering from the parameters; the composites that walk in order (`kinds::Composite`)
//! have none to read.

use syn::{Expr, ExprClosure, Ident};

use super::attr::UtilityValue;
use super::{check, Lower, Params};
use crate::kinds::{FlowKind, OutOfRange, ParallelKind, Policy, SelectorKind, Word};

/// The selectors: NodeCanvas's composites, and the observer selector.
// The variants are the kinds as users write them (`RandomSelector`, `MaxTime`).
#[allow(clippy::enum_variant_names)]
pub enum Selector {
    RandomSequence,
    RandomSelector,
    /// `ProbabilitySelector(fail = w)`: the children's weights are their `#[weight(..)]`.
    ProbabilitySelector {
        fail: Option<UtilityValue>,
    },
    /// `PrioritySelector(dynamic = bool)`: the children's weights are their `#[score(..)]`; a
    /// selector over the children ordered by them when it starts, or (`dynamic`) the best child
    /// of every tick.
    PrioritySelector {
        dynamic: bool,
    },
    FlipSelector,
    StepSequencer,
    DynamicSequence,
    DynamicSelector,
    /// A `Fallback` with an `Observe(.., abort = lower | both)` child: the guards are its
    /// `Observe` children's conditions (`Decorator::Observe` with `guarded`).
    ObserverSelector,
}

/// Conditional flow.
// The variants are the kinds as users write them (`RandomSelector`, `MaxTime`).
#[allow(clippy::enum_variant_names)]
pub enum Flow {
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
    /// `BinarySelector(|bb| condition, dynamic = bool) { then, otherwise }`.
    BinarySelector {
        condition: Box<ExprClosure>,
        dynamic: bool,
    },
    /// `IndexSwitch(|bb| index, out_of_range = Fail | Loop, dynamic = bool)`.
    IndexSwitch {
        index: Box<ExprClosure>,
        out_of_range: Word<OutOfRange>,
        dynamic: bool,
    },
}

/// The parallels.
// The variants are the kinds as users write them (`RandomSelector`, `MaxTime`).
#[allow(clippy::enum_variant_names)]
pub enum Parallel {
    /// Thresholds as written (negative ones count from the end).
    Parallel {
        success: i64,
        failure: i64,
    },
    ParallelAll {
        max_failures: i64,
    },
    /// `PolicyParallel(policy = FirstFailure | FirstSuccess | FirstSuccessOrFailure, repeat = ..)`.
    PolicyParallel {
        policy: Word<Policy>,
        repeat: bool,
    },
}

/// A selector from its parameters; `None` after an error.
pub(super) fn selector(at: &Lower, kind: SelectorKind, p: &mut Params) -> Option<Selector> {
    Some(match kind {
        SelectorKind::RandomSequence => Selector::RandomSequence,
        SelectorKind::RandomSelector => Selector::RandomSelector,
        SelectorKind::ProbabilitySelector => Selector::ProbabilitySelector {
            fail: match p.expr("fail") {
                Some(expr) => {
                    let kind = at.kind;
                    let usage = format!(
                        "`{kind}(fail = |bb| bb.entry)` or a constant, `{kind}(fail = 1.0)`"
                    );
                    Some(UtilityValue::of(at.cx, *expr, &usage)?)
                }
                None => None,
            },
        },
        SelectorKind::PrioritySelector => Selector::PrioritySelector {
            dynamic: p.bool("dynamic")?,
        },
        SelectorKind::FlipSelector => Selector::FlipSelector,
        SelectorKind::StepSequencer => Selector::StepSequencer,
        SelectorKind::DynamicSequence => Selector::DynamicSequence,
        SelectorKind::DynamicSelector => Selector::DynamicSelector,
        SelectorKind::ObserverSelector => Selector::ObserverSelector,
    })
}

/// A node of conditional flow from its parameters (and a `Switch`'s case labels); `None` after
/// an error.
pub(super) fn flow(
    at: &Lower,
    kind: FlowKind,
    p: &mut Params,
    cases: Option<Vec<Expr>>,
) -> Option<Flow> {
    Some(match kind {
        FlowKind::IfThenElse => Flow::IfThenElse,
        FlowKind::WhileDoElse => Flow::WhileDoElse,
        FlowKind::Switch => {
            let entry = p.entry("entry")?;
            if !at.entries([&entry]) {
                return None;
            }
            Flow::Switch {
                entry,
                cases: cases?,
            }
        }
        FlowKind::TryCatch => Flow::TryCatch {
            catch_on_halt: p.bool("catch_on_halt")?,
        },
        FlowKind::BinarySelector => Flow::BinarySelector {
            condition: p.closure("condition")?,
            dynamic: p.bool("dynamic")?,
        },
        FlowKind::IndexSwitch => Flow::IndexSwitch {
            index: p.closure("index")?,
            out_of_range: p.word("out_of_range")?,
            dynamic: p.bool("dynamic")?,
        },
    })
}

/// A parallel from its parameters, its thresholds checked against its `children`; `None` after
/// an error.
pub(super) fn parallel(
    at: &Lower,
    kind: ParallelKind,
    p: &mut Params,
    children: usize,
) -> Option<Parallel> {
    Some(match kind {
        ParallelKind::Parallel => {
            let (success, at_success) = p.int("success")?;
            let (failure, at_failure) = p.int("failure")?;
            check::parallel(
                at.cx,
                at.kind,
                children,
                (success, at_success),
                (failure, at_failure),
            )?;
            Parallel::Parallel { success, failure }
        }
        ParallelKind::ParallelAll => {
            let (max_failures, at_max) = p.int("max_failures")?;
            check::parallel_all(at.cx, at.kind, children, (max_failures, at_max))?;
            Parallel::ParallelAll { max_failures }
        }
        ParallelKind::PolicyParallel => Parallel::PolicyParallel {
            policy: p.word("policy")?,
            repeat: p.bool("repeat")?,
        },
    })
}

/// A range's bound: a value, or none; a range is no bound.
fn bound(alternative: Option<Alternative<'_>>) -> Result<Option<&syn::Expr>, ()> {
    match alternative {
        Some(Alternative::Value(expr)) => Ok(Some(expr)),
        None => Ok(None),
        Some(Alternative::Range(..)) => Err(()),
    }
}

/// One alternative of a case.
pub enum Alternative<'a> {
    Value(&'a syn::Expr),
    Range(
        Option<&'a syn::Expr>,
        &'a syn::RangeLimits,
        Option<&'a syn::Expr>,
    ),
}

/// A whole-number literal of a `Switch` case, negative or not.
pub fn case_number(expr: &syn::Expr) -> Option<i128> {
    match expr {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(int),
            ..
        }) => int.base10_parse().ok(),
        syn::Expr::Unary(syn::ExprUnary {
            op: syn::UnOp::Neg(_),
            expr,
            ..
        }) => case_number(expr).map(|value| -value),
        syn::Expr::Group(group) => case_number(&group.expr),
        syn::Expr::Paren(paren) => case_number(&paren.expr),
        _ => None,
    }
}

/// The lowest and highest whole numbers of a range alternative whose bounds are both whole-number
/// literals (`3..=5` and `3..6` are `(3, 5)`); `None` for any other alternative, or an empty range.
pub fn range_numbers(alternative: &Alternative<'_>) -> Option<(i128, i128)> {
    let Alternative::Range(Some(start), limits, Some(end)) = alternative else {
        return None;
    };
    let (low, high) = (case_number(start)?, case_number(end)?);
    let high = match limits {
        syn::RangeLimits::Closed(_) => high,
        syn::RangeLimits::HalfOpen(_) => high.checked_sub(1)?,
    };
    (low <= high).then_some((low, high))
}

/// A `Switch` case's alternatives, as a pattern reads them (the code generator tests each, the
/// export writes each value as a case of its own, the warnings compare them). An expression binds `|` tighter than `..`, so
/// `10..=12 | 20` parses as `10..=(12 | 20)`: the `|`s inside a range's bounds are taken out, and
/// the bound is the alternative next to the range (`10..=12`, then `20`).
pub fn case_alternatives(case: &syn::Expr) -> Vec<Alternative<'_>> {
    match case {
        syn::Expr::Binary(binary) if matches!(binary.op, syn::BinOp::BitOr(_)) => {
            let mut all = case_alternatives(&binary.left);
            all.extend(case_alternatives(&binary.right));
            all
        }
        syn::Expr::Range(range) => {
            let mut before = range
                .start
                .as_deref()
                .map(case_alternatives)
                .unwrap_or_default();
            let mut after = range
                .end
                .as_deref()
                .map(case_alternatives)
                .unwrap_or_default();
            let start = bound(before.pop());
            let end = bound((!after.is_empty()).then(|| after.remove(0)));
            match (start, end) {
                (Ok(start), Ok(end)) => {
                    before.push(Alternative::Range(start, &range.limits, end));
                    before.extend(after);
                    before
                }
                // A range of ranges: left to rustc, which reports it at the case.
                _ => vec![Alternative::Value(case)],
            }
        }
        _ => vec![Alternative::Value(case)],
    }
}
