//! The nodes of one child, by family: decorators, time, loops. Their model, and their lowering
//! from the parameters.

use syn::{ExprClosure, Ident};

use super::{check, Limit, Lower, Params, Quantity};
use crate::kinds::{
    Abort, CountWhen, DecoratorKind, Else, Filtered, IfGuarded, LoopKind, Outcome, Status,
    TimeKind, Until, Word,
};

/// The decorators that are neither time nor loops.
pub enum Decorator {
    Inverter,
    ForceSuccess,
    ForceFailure,
    KeepRunningUntilFailure,
    RunOnce {
        then_skip: bool,
    },
    /// `SkipUnlessUpdated(entry)`: the entry is `#[tracked]`.
    SkipUnlessUpdated(Ident),
    /// `WaitValueUpdate(entry)`: the entry is `#[tracked]`.
    WaitValueUpdate(Ident),
    /// `Precondition(|bb| condition, else = Status)`.
    Precondition {
        condition: Box<ExprClosure>,
        otherwise: Word<Status>,
    },
    /// `Interrupt(|bb| condition)`.
    Interrupt(Box<ExprClosure>),
    /// `Conditional(|bb| condition, dynamic = bool, else = Failure | Success)`.
    Conditional {
        condition: Box<ExprClosure>,
        dynamic: bool,
        otherwise: Word<Else>,
    },
    /// `WaitUntil(|bb| condition)`.
    WaitUntil(Box<ExprClosure>),
    /// `Filter(times, count = Completed | Success | Failure, filtered = Skipped | Failure)`.
    Filter {
        times: Limit,
        count: Word<CountWhen>,
        filtered: Word<Filtered>,
    },
    /// behavior3's `Limiter(max_loop)`.
    Limiter(Limit),
    Optional,
    /// `Guard(|ctx| &mut ctx.token, if_guarded = Failure | Running)`.
    Guard {
        token: Box<ExprClosure>,
        if_guarded: Word<IfGuarded>,
    },
    /// `Remap(success = .., failure = ..)`.
    Remap {
        success: Word<Outcome>,
        failure: Word<Outcome>,
    },
    /// `Observe(|bb| condition, abort = none | self | lower | both)`. `guarded`: a child of an
    /// observer selector, which evaluates the condition; the node itself passes its child's status
    /// through.
    Observe {
        condition: Box<ExprClosure>,
        abort: Word<Abort>,
        guarded: bool,
    },
}

/// The decorators that read the clock; each duration as written.
// The variants are the kinds as users write them (`RandomSelector`, `MaxTime`).
#[allow(clippy::enum_variant_names)]
pub enum Time {
    Delay(Quantity),
    Timeout(Quantity),
    /// behavior3's `MaxTime(duration)`.
    MaxTime(Quantity),
    /// `Deadline(ms)`: NodeCanvas's `Timeout`.
    Deadline(Quantity),
    /// `Cooldown(ms, filtered = Skipped | Failure)`.
    Cooldown {
        ms: Quantity,
        filtered: Word<Filtered>,
    },
}

/// The decorators that tick their child again.
// The variants are the kinds as users write them (`RandomSelector`, `MaxTime`).
#[allow(clippy::enum_variant_names)]
pub enum Loop {
    Repeat(Limit),
    RetryUntilSuccessful(Limit),
    /// behavior3's `Repeater(max_loop)`.
    Repeater(Limit),
    /// NodeCanvas's `RepeatTimes(n)`.
    RepeatTimes(Limit),
    /// `RepeatUntil(Success | Failure)`.
    RepeatUntil(Word<Outcome>),
    /// `Loop(queue, value = {entry}, if_empty = Status)`.
    Loop {
        queue: Ident,
        value: Option<Ident>,
        if_empty: Word<Status>,
    },
    /// `Iterate(list, element = {entry}, index = {entry}, until = .., max = n, reset_index = ..)`.
    Iterate {
        list: Ident,
        element: Ident,
        index: Option<Ident>,
        until: Word<Until>,
        /// `None`: no limit.
        max: Limit,
        reset_index: bool,
    },
}

impl Loop {
    /// The limit of a loop that counts its child's completions (`Running::Loop`).
    pub fn limit(&self) -> Option<&Limit> {
        match self {
            Loop::Repeat(limit)
            | Loop::RetryUntilSuccessful(limit)
            | Loop::Repeater(limit)
            | Loop::RepeatTimes(limit) => Some(limit),
            Loop::RepeatUntil(_) | Loop::Loop { .. } | Loop::Iterate { .. } => None,
        }
    }
}

/// A decorator from its parameters; `None` after an error.
pub(super) fn decorator(at: &Lower, kind: DecoratorKind, p: &mut Params) -> Option<Decorator> {
    let (cx, bb, name) = (at.cx, at.bb, at.kind);
    Some(match kind {
        DecoratorKind::Inverter => Decorator::Inverter,
        DecoratorKind::ForceSuccess => Decorator::ForceSuccess,
        DecoratorKind::ForceFailure => Decorator::ForceFailure,
        DecoratorKind::KeepRunningUntilFailure => Decorator::KeepRunningUntilFailure,
        DecoratorKind::RunOnce => Decorator::RunOnce {
            then_skip: p.bool("then_skip")?,
        },
        DecoratorKind::SkipUnlessUpdated => {
            Decorator::SkipUnlessUpdated(check::tracked_entry(cx, name, bb, p.entry("entry")?)?)
        }
        DecoratorKind::WaitValueUpdate => {
            Decorator::WaitValueUpdate(check::tracked_entry(cx, name, bb, p.entry("entry")?)?)
        }
        DecoratorKind::Precondition => Decorator::Precondition {
            condition: p.closure("condition")?,
            otherwise: p.word("else")?,
        },
        DecoratorKind::Interrupt => Decorator::Interrupt(p.closure("condition")?),
        DecoratorKind::Conditional => Decorator::Conditional {
            condition: p.closure("condition")?,
            dynamic: p.bool("dynamic")?,
            otherwise: p.word("else")?,
        },
        DecoratorKind::WaitUntil => Decorator::WaitUntil(p.closure("condition")?),
        DecoratorKind::Filter => Decorator::Filter {
            times: at.positive(p.count("times")?, || never_ticks(name, "times"))?,
            count: p.word("count")?,
            filtered: p.word("filtered")?,
        },
        DecoratorKind::Limiter => Decorator::Limiter(at.positive(p.count("max_loop")?, || {
            format!("`{name}(0)` would never tick its child (behavior3go rejects it too); give a positive count")
        })?),
        DecoratorKind::Optional => Decorator::Optional,
        DecoratorKind::Guard => Decorator::Guard {
            token: p.context_closure("token")?,
            if_guarded: p.word("if_guarded")?,
        },
        DecoratorKind::Remap => Decorator::Remap {
            success: p.word("success")?,
            failure: p.word("failure")?,
        },
        DecoratorKind::Observe => Decorator::Observe {
            condition: p.closure("condition")?,
            abort: p.word("abort")?,
            guarded: false,
        },
    })
}

/// "`times = 0` would never let `Filter` tick its child ..".
fn never_ticks(kind: &Ident, param: &str) -> String {
    format!("`{param} = 0` would never let `{kind}` tick its child; give a positive count")
}

/// A time decorator from its parameters; `None` after an error.
pub(super) fn time(at: &Lower, kind: TimeKind, p: &mut Params) -> Option<Time> {
    let mut duration = || at.quantity(p.duration("ms")?);
    Some(match kind {
        TimeKind::Delay => Time::Delay(duration()?),
        TimeKind::Timeout => Time::Timeout(duration()?),
        TimeKind::MaxTime => Time::MaxTime(duration()?),
        TimeKind::Deadline => Time::Deadline(duration()?),
        TimeKind::Cooldown => Time::Cooldown {
            ms: duration()?,
            filtered: p.word("filtered")?,
        },
    })
}

/// A loop from its parameters; `None` after an error.
pub(super) fn looping(at: &Lower, kind: LoopKind, p: &mut Params) -> Option<Loop> {
    let name = at.kind;
    // behavior3's and NodeCanvas's loops reject 0 (behavior3go refuses the tree, behavior3js
    // answers ERROR on every tick); BehaviorTree.CPP's succeed or fail at once.
    let never = || {
        format!(
            "`{name}(0)` would never tick its child; give a positive count, or `{name}(forever)`"
        )
    };
    Some(match kind {
        LoopKind::Repeat => Loop::Repeat(at.limit(p.count("count")?)?),
        LoopKind::RetryUntilSuccessful => Loop::RetryUntilSuccessful(at.limit(p.count("count")?)?),
        LoopKind::Repeater => Loop::Repeater(at.limit(p.count("count")?)?),
        LoopKind::RepeatUntilFailure => Loop::Repeat(at.positive(p.count("count")?, never)?),
        LoopKind::RepeatUntilSuccess => {
            Loop::RetryUntilSuccessful(at.positive(p.count("count")?, never)?)
        }
        LoopKind::RepeatTimes => Loop::RepeatTimes(at.positive(p.count("count")?, never)?),
        LoopKind::RepeatUntil => Loop::RepeatUntil(p.word("status")?),
        LoopKind::Loop => {
            let queue = p.entry("queue")?;
            let value = p.entry("value");
            if !at.entries([&queue].into_iter().chain(&value)) {
                return None;
            }
            Loop::Loop {
                queue,
                value,
                if_empty: p.word("if_empty")?,
            }
        }
        LoopKind::Iterate => {
            let list = p.entry("list")?;
            let element = p.entry("element")?;
            let index = p.entry("index");
            let until = p.word("until")?;
            let max = match p.count("max") {
                Some(max) => at.positive(max, || never_ticks(name, "max"))?,
                None => None,
            };
            let reset_index = p.bool("reset_index")?;
            if !at.entries([&list, &element].into_iter().chain(&index)) {
                return None;
            }
            Loop::Iterate {
                list,
                element,
                index,
                until,
                max,
                reset_index,
            }
        }
    })
}
