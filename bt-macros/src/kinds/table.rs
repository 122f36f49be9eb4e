//! The table of kinds, and the parameters of each: named, typed and defaulted here, read by name
//! in the model (`model::Params`).

use super::words::{
    Abort, CountWhen, Else, Filtered, IfGuarded, OutOfRange, Outcome, Policy, Status, Until,
    WordSet,
};
use super::{
    Arity, Category, Composite, CustomKind, DecoratorKind, FlowKind, KindSpec, LeafKind, LoopKind,
    Memory, ParallelKind, Running, SelectorKind, Shape, TimeKind,
};
use crate::args::{Default, Grammar, Param, ParamKind};

use Arity::*;
use Category as C;
use Composite as Co;
use Memory::{Activation, Kept};
use Running as R;

const fn leaf(
    names: &'static [&'static str],
    kind: LeafKind,
    grammar: Grammar,
    running: Running,
    category: Category,
) -> KindSpec {
    KindSpec {
        names,
        shape: Shape::Leaf(kind),
        grammar,
        arity: None,
        running,
        passes_running: false,
        memory: Activation,
        category,
        random: false,
    }
}

const fn composite(
    names: &'static [&'static str],
    rule: Composite,
    passes_running: bool,
    memory: Memory,
) -> KindSpec {
    KindSpec {
        names,
        shape: Shape::Composite(rule),
        grammar: Grammar::None,
        arity: AtLeastOne,
        running: R::IfChildCan,
        passes_running,
        memory,
        category: C::Control,
        random: false,
    }
}

/// A composite that yields after a child that completed at once (AsyncSequence, AsyncFallback):
/// it can answer `Running` with no child running.
const fn yielding(names: &'static [&'static str], rule: Composite) -> KindSpec {
    KindSpec {
        running: R::Always,
        ..composite(names, rule, true, Activation)
    }
}

/// A composite of the `Step` protocol (selectors, conditional flow, parallels). None passes
/// `Running` unless its row says [`passes`].
const fn control(
    names: &'static [&'static str],
    shape: Shape,
    grammar: Grammar,
    arity: Arity,
    running: Running,
    memory: Memory,
) -> KindSpec {
    KindSpec {
        names,
        shape,
        grammar,
        arity,
        running,
        passes_running: false,
        memory,
        category: C::Control,
        random: false,
    }
}

/// A node of one child (decorators, time, loops).
const fn decorator(
    names: &'static [&'static str],
    shape: Shape,
    grammar: Grammar,
    running: Running,
    passes_running: bool,
    memory: Memory,
) -> KindSpec {
    KindSpec {
        names,
        shape,
        grammar,
        arity: One,
        running,
        passes_running,
        memory,
        category: C::Decorator,
        random: false,
    }
}

/// A row whose rule has been checked for the direct resume (`KindSpec::passes_running`).
const fn passes(spec: KindSpec) -> KindSpec {
    KindSpec {
        passes_running: true,
        ..spec
    }
}

/// A row whose rule draws random numbers (`KindSpec::random`).
const fn draws(spec: KindSpec) -> KindSpec {
    KindSpec {
        random: true,
        ..spec
    }
}

/// A parameter that may be written at its position.
const fn positional(name: &'static str, value: ParamKind, default: Default) -> Param {
    Param {
        name,
        value,
        positional: true,
        default,
    }
}

/// A parameter written `name = value`.
const fn named(name: &'static str, value: ParamKind, default: Default) -> Param {
    Param {
        name,
        value,
        positional: false,
        default,
    }
}

const fn params(params: &'static [Param]) -> Grammar {
    Grammar::Params(params)
}

use Default::{Absent, Required};
use ParamKind as P;

const STATUS: ParamKind = P::Status(Status::WORDS);
const OUTCOME: ParamKind = P::Word(Outcome::WORDS);
const FILTERED: ParamKind = P::Word(Filtered::WORDS);

// One count, duration, entry or closure: the parameters of many kinds.
const COUNT: &[Param] = &[positional("count", P::Count, Required)];
const DURATION: &[Param] = &[positional("ms", P::Duration, Required)];
const ENTRY: &[Param] = &[positional("entry", P::Entry, Required)];
const SCRIPT: &[Param] = &[positional("script", P::Closure, Required)];
const CONDITION: &[Param] = &[positional("condition", P::Closure, Required)];

const ERROR: &[Param] = &[positional("error", P::Expr, Required)];
const PARALLEL: &[Param] = &[
    named("success", P::Int, Default::Int(-1)),
    named("failure", P::Int, Default::Int(1)),
];
const PARALLEL_ALL: &[Param] = &[positional("max_failures", P::Int, Default::Int(1))];
const POLICY_PARALLEL: &[Param] = &[
    positional(
        "policy",
        P::Word(Policy::WORDS),
        Policy::FirstFailure.by_default(),
    ),
    named("repeat", P::Bool, Default::Bool(false)),
];
const TRY_CATCH: &[Param] = &[named("catch_on_halt", P::Bool, Default::Bool(false))];
const SWITCH: &[Param] = ENTRY;
const BINARY: &[Param] = &[
    positional("condition", P::Closure, Required),
    named("dynamic", P::Bool, Default::Bool(false)),
];
const INDEX_SWITCH: &[Param] = &[
    positional("index", P::Closure, Required),
    named(
        "out_of_range",
        P::Word(OutOfRange::WORDS),
        OutOfRange::Fail.by_default(),
    ),
    named("dynamic", P::Bool, Default::Bool(false)),
];
const PROBABILITY: &[Param] = &[named("fail", P::Expr, Absent)];
const PRIORITY: &[Param] = &[named("dynamic", P::Bool, Default::Bool(false))];
const RUN_ONCE: &[Param] = &[named("then_skip", P::Bool, Default::Bool(true))];
const PRECONDITION: &[Param] = &[
    positional("condition", P::Closure, Required),
    named("else", STATUS, Status::Failure.by_default()),
];
const CONDITIONAL: &[Param] = &[
    positional("condition", P::Closure, Required),
    named("dynamic", P::Bool, Default::Bool(false)),
    named("else", P::Word(Else::WORDS), Else::Failure.by_default()),
];
const FILTER: &[Param] = &[
    positional("times", P::Count, Required),
    named(
        "count",
        P::Word(CountWhen::WORDS),
        CountWhen::Completed.by_default(),
    ),
    named("filtered", FILTERED, Filtered::Skipped.by_default()),
];
const GUARD: &[Param] = &[
    positional("token", P::ContextClosure, Required),
    named(
        "if_guarded",
        P::Word(IfGuarded::WORDS),
        IfGuarded::Failure.by_default(),
    ),
];
const REMAP: &[Param] = &[
    named("success", OUTCOME, Outcome::Success.by_default()),
    named("failure", OUTCOME, Outcome::Failure.by_default()),
];
const OBSERVE: &[Param] = &[
    positional("condition", P::Closure, Required),
    named("abort", P::Word(Abort::WORDS), Abort::None.by_default()),
];
const COOLDOWN: &[Param] = &[
    positional("ms", P::Duration, Required),
    named("filtered", FILTERED, Filtered::Skipped.by_default()),
];
const MAX_LOOP: &[Param] = &[positional("max_loop", P::Count, Required)];
const REPEAT_UNTIL: &[Param] = &[positional("status", OUTCOME, Required)];
const LOOP: &[Param] = &[
    positional("queue", P::Entry, Required),
    named("value", P::Entry, Absent),
    named("if_empty", STATUS, Status::Success.by_default()),
];
const ITERATE: &[Param] = &[
    positional("list", P::Entry, Required),
    named("element", P::Entry, Required),
    named("index", P::Entry, Absent),
    named("until", P::Word(Until::WORDS), Until::Never.by_default()),
    named("max", P::Count, Absent),
    named("reset_index", P::Bool, Default::Bool(true)),
];

/// The composite a `Fallback` (or `Selector`, `MemPriority`) becomes when one of its children is
/// an `Observe(.., abort = lower)` or `abort = both`: Unreal Engine's selector with observer
/// aborts (`bt_core::abort::ObserverSelector`), which owns its `Observe` children's conditions.
/// Not in [`KINDS`], since no one writes it: the model puts it in place of the `Fallback`'s row
/// (`model::observers`). It checks guards before ticking its running child, so it does not pass
/// `Running`.
pub const OBSERVER_SELECTOR: KindSpec = control(
    &["Fallback"],
    Shape::Selector(SelectorKind::ObserverSelector),
    Grammar::None,
    AtLeastOne,
    R::IfChildCan,
    Activation,
);

use DecoratorKind as D;
use FlowKind as F;
use LeafKind as L;
use LoopKind as Lp;
use ParallelKind as P2;
use SelectorKind as S;
use Shape::{Decorator as Dec, Flow, Loop, Parallel as Par, Selector as Sel, Time};
use TimeKind as T;

/// The table, by family. Columns: names (aliases after the first), kind, arguments; then, for
/// leaves, when it can run and its category; for composites, whether it passes `Running` and its
/// memory; for the `Step` composites, arity, when it runs and memory; for nodes of one child,
/// when it runs, whether it passes `Running`, its memory. A row in [`passes`] passes `Running`
/// (for the `Step` composites), one in [`draws`] draws random numbers.
#[rustfmt::skip]
pub const KINDS: &[KindSpec] = &[
    // Leaves.
    leaf(&["Condition"],       L::Condition,       Grammar::Leaf,    R::Never,  C::Condition),
    leaf(&["Action"],          L::Action,          Grammar::Leaf,    R::Never,  C::Action),
    leaf(&["StatefulAction"],  L::StatefulAction,  Grammar::Leaf,    R::Always, C::Action),
    leaf(&["AlwaysSuccess", "Succeeder"], L::AlwaysSuccess, Grammar::None, R::Never, C::Action),
    leaf(&["AlwaysFailure", "Failer"],    L::AlwaysFailure, Grammar::None, R::Never, C::Action),
    leaf(&["SetBlackboard"],   L::SetBlackboard,   Grammar::Assign,  R::Never,  C::Action),
    leaf(&["UnsetBlackboard"], L::UnsetBlackboard, params(ENTRY),    R::Never,  C::Action),
    leaf(&["Script"],          L::Script,          params(SCRIPT),   R::Never,  C::Action),
    leaf(&["ScriptCondition"], L::ScriptCondition, params(SCRIPT),   R::Never,  C::Condition),
    leaf(&["WasEntryUpdated"], L::WasEntryUpdated, params(ENTRY),    R::Never,  C::Condition),
    // Whether the child tree can run is not known to this expansion: assume it can.
    leaf(&["SubTree"],         L::SubTree,         Grammar::Leaf,    R::Always, C::SubTree),
    leaf(&["Sleep"],           L::Sleep,           params(DURATION), R::Always, C::Action),
    leaf(&["AlwaysRunning", "Runner"], L::AlwaysRunning, Grammar::None, R::Always, C::Action),
    // behavior3's ERROR: fails the tick with the tree's error (decision 11).
    leaf(&["Error"],           L::Error,           params(ERROR),    R::Never,  C::Action),
    // behavior3's Wait: strictly more than the duration (decision 7).
    leaf(&["Wait"],            L::Wait,            params(DURATION), R::Always, C::Action),

    // Composites that walk in order: they can run when a child can.
    composite(&["Sequence", "MemSequence"],             Co::Sequence,           true,  Activation),
    // SequenceWithMemory remembers a failed child across activations.
    composite(&["SequenceWithMemory", "SequenceStar"],  Co::SequenceWithMemory, true,  Kept),
    composite(&["ReactiveSequence"],                    Co::ReactiveSequence,   false, Activation),
    composite(&["Fallback", "Selector", "MemPriority"], Co::Fallback,           true,  Activation),
    composite(&["ReactiveFallback", "ReactiveSelector", "Priority"], Co::ReactiveFallback, false, Activation),
    // They yield after a child that completes at once: they can run on their own.
    yielding(&["AsyncSequence"],                        Co::AsyncSequence),
    yielding(&["AsyncFallback"],                        Co::AsyncFallback),

    // Selectors (NodeCanvas's). The memory walks (random orders, the flip order, the step, the
    // probability selector's pick, whose weights are only read when it picks) pass `Running`
    // (checked in the tests); the others re-read their inputs or re-check children first
    // (PrioritySelector with `dynamic = true`; without it, it resumes its running child).
    // FlipSelector's order and StepSequencer's position outlive activations (decision 13).
    passes(draws(control(&["RandomSequence"],      Sel(S::RandomSequence),      Grammar::None,       AtLeastOne, R::IfChildCan, Activation))),
    passes(draws(control(&["RandomSelector"],      Sel(S::RandomSelector),      Grammar::None,       AtLeastOne, R::IfChildCan, Activation))),
    passes(draws(control(&["ProbabilitySelector"], Sel(S::ProbabilitySelector), params(PROBABILITY), AtLeastOne, R::IfChildCan, Activation))),
    control(&["PrioritySelector"],           Sel(S::PrioritySelector),    params(PRIORITY),    AtLeastOne, R::IfChildCan, Activation),
    passes(control(&["FlipSelector"],        Sel(S::FlipSelector),        Grammar::None,       AtLeastOne, R::IfChildCan, Kept)),
    passes(control(&["StepSequencer"],       Sel(S::StepSequencer),       Grammar::None,       AtLeastOne, R::IfChildCan, Kept)),
    control(&["DynamicSequence"],            Sel(S::DynamicSequence),     Grammar::None,       AtLeastOne, R::IfChildCan, Activation),
    control(&["DynamicSelector"],            Sel(S::DynamicSelector),     Grammar::None,       AtLeastOne, R::IfChildCan, Activation),

    // Conditional flow.
    control(&["IfThenElse"],     Flow(F::IfThenElse),     Grammar::None,        TwoOrThree, R::IfChildCan, Activation),
    control(&["WhileDoElse"],    Flow(F::WhileDoElse),    Grammar::None,        TwoOrThree, R::IfChildCan, Activation),
    control(&["Switch"],         Flow(F::Switch),         params(SWITCH),       Cases,      R::IfChildCan, Activation),
    control(&["TryCatch"],       Flow(F::TryCatch),       params(TRY_CATCH),    AtLeastTwo, R::IfChildCan, Activation),
    control(&["BinarySelector"], Flow(F::BinarySelector), params(BINARY),       Two,        R::IfChildCan, Activation),
    control(&["IndexSwitch"],    Flow(F::IndexSwitch),    params(INDEX_SWITCH), AtLeastOne, R::IfChildCan, Activation),

    // Parallels. Parallel runs on its own when skipped children keep a positive success count
    // unmet.
    control(&["Parallel"],       Par(P2::Parallel),       params(PARALLEL),        AtLeastOne, R::Always,     Activation),
    control(&["ParallelAll"],    Par(P2::ParallelAll),    params(PARALLEL_ALL),    AtLeastOne, R::IfChildCan, Activation),
    control(&["PolicyParallel"], Par(P2::PolicyParallel), params(POLICY_PARALLEL), AtLeastOne, R::IfChildCan, Activation),

    // Decorators.
    decorator(&["Inverter", "Invert"],      Dec(D::Inverter),                Grammar::None,    R::IfChildCan, true, Activation),
    decorator(&["ForceSuccess"],            Dec(D::ForceSuccess),            Grammar::None,    R::IfChildCan, true, Activation),
    decorator(&["ForceFailure"],            Dec(D::ForceFailure),            Grammar::None,    R::IfChildCan, true, Activation),
    decorator(&["KeepRunningUntilFailure"], Dec(D::KeepRunningUntilFailure), Grammar::None,    R::Always,     true, Activation),
    decorator(&["RunOnce"],                 Dec(D::RunOnce),                 params(RUN_ONCE), R::IfChildCan, true, Kept),
    // The update nodes look at the blackboard before their child: not passed by a resume.
    decorator(&["SkipUnlessUpdated"],       Dec(D::SkipUnlessUpdated),       params(ENTRY),    R::IfChildCan, false, Kept),
    decorator(&["WaitValueUpdate"],         Dec(D::WaitValueUpdate),         params(ENTRY),    R::Always,     false, Kept),
    // Precondition's latch is its child's running flag, which a leaf resumed directly clears when
    // it completes: the walk would then re-check the condition. Not passed by a resume.
    decorator(&["Precondition"],            Dec(D::Precondition),            params(PRECONDITION), R::IfChildCanOrElseRuns, false, Activation),
    // NodeCanvas's. Interrupt and Conditional look at the blackboard before their child.
    // Filter's count outlives activations (decision 13). A Guard that waits
    // (`if_guarded = Running`) runs without its child.
    decorator(&["Interrupt"],               Dec(D::Interrupt),               params(CONDITION),   R::IfChildCan, false, Activation),
    decorator(&["Conditional"],             Dec(D::Conditional),             params(CONDITIONAL), R::IfChildCan, false, Activation),
    decorator(&["WaitUntil"],               Dec(D::WaitUntil),               params(CONDITION),   R::Always,     false, Activation),
    decorator(&["Filter"],                  Dec(D::Filter),                  params(FILTER),      R::IfChildCan, true,  Kept),
    // behavior3's Limiter, a Filter: its count lasts for the tree's life (decision 10).
    decorator(&["Limiter"],                 Dec(D::Limiter),                 params(MAX_LOOP),    R::IfChildCan, true,  Kept),
    decorator(&["Optional"],                Dec(D::Optional),                Grammar::None,       R::IfChildCan, true,  Activation),
    decorator(&["Guard"],                   Dec(D::Guard),                   params(GUARD),       R::Always,     true,  Activation),
    decorator(&["Remap"],                   Dec(D::Remap),                   params(REMAP),       R::IfChildCan, true,  Activation),
    // Unreal Engine's condition decorator with an abort mode: under an observer selector it
    // passes its child's status through; elsewhere it re-checks its condition (`abort = self`).
    decorator(&["Observe"],                 Dec(D::Observe),                 params(OBSERVE),     R::IfChildCan, false, Activation),

    // Time: they read the clock before their child. Cooldown's last completion outlives
    // activations (decision 13).
    decorator(&["Delay"],    Time(T::Delay),    params(DURATION), R::Always,     false, Activation),
    decorator(&["Timeout"],  Time(T::Timeout),  params(DURATION), R::IfChildCan, false, Activation),
    decorator(&["MaxTime"],  Time(T::MaxTime),  params(DURATION), R::IfChildCan, false, Activation),
    decorator(&["Deadline"], Time(T::Deadline), params(DURATION), R::IfChildCan, false, Activation),
    decorator(&["Cooldown"], Time(T::Cooldown), params(COOLDOWN), R::IfChildCan, false, Kept),

    // Loops.
    decorator(&["Repeat"],                        Loop(Lp::Repeat),               params(COUNT), R::Loop, true, Activation),
    decorator(&["RetryUntilSuccessful", "Retry"], Loop(Lp::RetryUntilSuccessful), params(COUNT), R::Loop, true, Activation),
    decorator(&["Repeater"],                      Loop(Lp::Repeater),             params(COUNT), R::Loop, true, Activation),
    // The rules of Repeat and RetryUntilSuccessful, under behavior3's names (which reject 0).
    decorator(&["RepeatUntilFailure"],            Loop(Lp::RepeatUntilFailure),   params(COUNT), R::Loop, true, Activation),
    decorator(&["RepeatUntilSuccess"],            Loop(Lp::RepeatUntilSuccess),   params(COUNT), R::Loop, true, Activation),
    decorator(&["RepeatTimes"],                   Loop(Lp::RepeatTimes),          params(COUNT), R::Loop, true, Activation),
    decorator(&["RepeatUntil"],                   Loop(Lp::RepeatUntil),          params(REPEAT_UNTIL), R::Always, true, Activation),
    decorator(&["Loop"],                          Loop(Lp::Loop),                 params(LOOP),     R::Always,     false, Activation),
    // Iterate writes the element before its child; its index outlives activations.
    decorator(&["Iterate"],                       Loop(Lp::Iterate),              params(ITERATE),  R::Always,     false, Kept),

    // The user's own (`bt_core::custom`): a type and its port bindings, like a leaf's. They may
    // answer `Running` with no child running, and keep their state for the tree's life.
    control(&["Control"],     Shape::Custom(CustomKind::Control),   Grammar::Leaf, ByType, R::Always, Kept),
    decorator(&["Decorator"], Shape::Custom(CustomKind::Decorator), Grammar::Leaf, R::Always, false, Kept),
];

/// Node kinds of other systems that this DSL knows but does not offer, with what to write
/// instead: an error that says so, rather than "unknown kind".
pub const UNSUPPORTED: &[(&str, &str)] = &[
    ("ManualSelector", "BehaviorTree.CPP's `ManualSelector` asks a person at a terminal which child to run; a compiled tree has no such prompt: use `Switch(entry) { .. }` over an entry your program sets"),
    ("Switch2", "write `Switch(entry) { case value => child, .., _ => default }`: any number of cases"),
    ("Switch3", "write `Switch(entry) { case value => child, .., _ => default }`: any number of cases"),
    ("Switch4", "write `Switch(entry) { case value => child, .., _ => default }`: any number of cases"),
    ("Switch5", "write `Switch(entry) { case value => child, .., _ => default }`: any number of cases"),
    ("Switch6", "write `Switch(entry) { case value => child, .., _ => default }`: any number of cases"),
    ("LoopInt", "write `Loop(queue, value = {entry})`: the queue entry's type gives the items' type"),
    ("LoopBool", "write `Loop(queue, value = {entry})`: the queue entry's type gives the items' type"),
    ("LoopDouble", "write `Loop(queue, value = {entry})`: the queue entry's type gives the items' type"),
    ("LoopString", "write `Loop(queue, value = {entry})`: the queue entry's type gives the items' type"),
    ("ConsumeQueue", "BehaviorTree.CPP's deprecated `ConsumeQueue` is not offered: write `Loop(queue, value = {entry})`"),
    ("PopFromQueue", "BehaviorTree.CPP's `PopFromQueue` is not offered: pop in a `Script(|bb| ..)`, or iterate with `Loop(queue, value = {entry})`"),
    ("QueueSize", "BehaviorTree.CPP's `QueueSize` is not offered: read the size in a `Script(|bb| ..)` or a `ScriptCondition(|bb| ..)`"),
    ("SimpleParallel", "Unreal's `SimpleParallel` is not offered: a `Parallel(success = 1, failure = 1) { main, background }` is the nearest"),
    ("Sequencer", "NodeCanvas's `Sequencer` is `Sequence` here; with *Dynamic* on it is `DynamicSequence`, with *Random* on `RandomSequence`"),
    ("StepIterator", "NodeCanvas's `StepIterator` is written `StepSequencer`"),
    ("Interruptor", "NodeCanvas's `Interruptor` is written `Interrupt(|bb| condition) { child }`"),
    ("ConditionalEvaluator", "NodeCanvas's `ConditionalEvaluator` is written `Conditional(|bb| condition, dynamic = false, else = Failure) { child }`"),
    ("Remapper", "NodeCanvas's `Remapper` is written `Remap(success = Failure, failure = Success) { child }`"),
    ("Iterator", "NodeCanvas's `Iterator` is written `Iterate(list, element = {entry}) { child }`"),
    ("Monitor", "NodeCanvas's `Monitor` is not offered: run the action from a post-condition, `#[on_success(|bb| ..)]` or `#[on_failure(|bb| ..)]`, on the child"),
    ("Merge", "NodeCanvas's `Merge` (a node with several parents) has no place in a tree written as nested nodes: repeat the branch, or make it a `SubTree`"),
    ("NestedFSM", "a nested state machine is a leaf here: a `StatefulAction` whose state is a Rust enum (see \"A state machine as a leaf\" in the `bt` docs)"),
    ("SubFSM", "a nested state machine is a leaf here: a `StatefulAction` whose state is a Rust enum (see \"A state machine as a leaf\" in the `bt` docs)"),
    ("OverrideAgent", "NodeCanvas's `Override Agent` is a subtree on another part of the context: `SubTree(Child, agent = |ctx| &mut ctx.other)`, where `Child` is a tree over the type of `ctx.other`"),
    ("Setter", "NodeCanvas's `Setter` (Override Agent) is a subtree on another part of the context: `SubTree(Child, agent = |ctx| &mut ctx.other)`, where `Child` is a tree over the type of `ctx.other`"),
    ("TimeLimit", "Unreal's `TimeLimit` is written `Deadline(ms) { child }` (the child is halted and fails once `ms` have passed)"),
    ("Blackboard", "Unreal's blackboard decorator is written `Observe(|bb| condition, abort = none) { child }`, with `abort = self`, `lower` or `both`"),
];
