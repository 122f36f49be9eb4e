//! Every node kind of the DSL, once: its name (and aliases), the grammar of its arguments, how
//! many children it takes, and the facts the later stages need (can it answer `Running`, may a
//! tick resume straight through it, does its state outlive an activation). The parser, the model
//! and the planner all read this table; nothing else lists kinds.
//!
//! The facts restate bt-core's rules for the planner. The tests at the bottom drive each rule
//! with random child answers and check that the facts written here hold for it.

use crate::args::{Grammar, Param, ParamKind};
use crate::model::{Category, Composite};

/// One node kind.
pub struct KindSpec {
    /// The name as written in a tree; the first is the primary name, the others are aliases
    /// with the same rule.
    pub names: &'static [&'static str],
    /// What the model builds.
    pub shape: Shape,
    /// The grammar of the parenthesised arguments.
    pub grammar: Grammar,
    /// How many children.
    pub arity: Arity,
    /// When the node can answer `Running`.
    pub running: Running,
    /// Whether, when its running child answers `Running`, the node answers `Running` too without
    /// changing its state or doing anything else: then a tick may resume a running leaf below it
    /// directly (`bt_core::resume`). A list of what may pass: a new kind is walked until its rule
    /// has been checked. The rule must also not look at its child's running flag before ticking
    /// the child: when a directly resumed leaf finishes, the walk that follows finds the flags on
    /// the path already down, and only the tick of the child takes the handed-over status
    /// (`Precondition`, `Conditional` and `WaitUntil` look, so they are walked).
    pub passes_running: bool,
    /// Whether the node's state must outlive an activation, so that it is a field of the tree even
    /// when the node cannot be running between ticks.
    pub memory: Memory,
    /// Its category in the tree's metadata.
    pub category: Category,
}

/// Which model node a kind builds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Shape {
    /// Walks its children in order (`bt_core::control::Flow`).
    Composite(Composite),
    /// Chooses its children otherwise (`bt_core::step`).
    Control(ControlKind),
    Decorator(DecoratorKind),
    Leaf(LeafKind),
}

/// The composites of the `Step` protocol, before their arguments are read.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ControlKind {
    Parallel,
    ParallelAll,
    IfThenElse,
    WhileDoElse,
    Switch,
    TryCatch,
    // NodeCanvas.
    RandomSequence,
    RandomSelector,
    ProbabilitySelector,
    PrioritySelector,
    FlipSelector,
    StepSequencer,
    BinarySelector,
    IndexSwitch,
    PolicyParallel,
    DynamicSequence,
    DynamicSelector,
    /// Not written by users: a `Fallback` whose children include an `Observe(.., abort = lower)`
    /// or `abort = both` ([`OBSERVER_SELECTOR`]).
    ObserverSelector,
}

/// The decorators, before their arguments are read.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DecoratorKind {
    Inverter,
    ForceSuccess,
    ForceFailure,
    Repeat,
    RetryUntilSuccessful,
    KeepRunningUntilFailure,
    RunOnce,
    SkipUnlessUpdated,
    WaitValueUpdate,
    Delay,
    Timeout,
    Precondition,
    Loop,
    // behavior3.
    Limiter,
    MaxTime,
    Repeater,
    RepeatUntilFailure,
    RepeatUntilSuccess,
    // NodeCanvas.
    Interrupt,
    Conditional,
    RepeatTimes,
    RepeatUntil,
    Filter,
    Cooldown,
    Iterate,
    WaitUntil,
    Optional,
    Guard,
    Deadline,
    Remap,
    // Unreal Engine's observer aborts.
    Observe,
}

/// The leaves, before their arguments are read.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LeafKind {
    Condition,
    Action,
    StatefulAction,
    AlwaysSuccess,
    AlwaysFailure,
    SetBlackboard,
    UnsetBlackboard,
    Script,
    ScriptCondition,
    WasEntryUpdated,
    SubTree,
    Sleep,
    AlwaysRunning,
    // behavior3.
    Error,
    Wait,
}

/// How many children a kind takes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Arity {
    /// A leaf.
    None,
    /// A decorator.
    One,
    /// A composite.
    AtLeastOne,
    /// A condition and one or two branches (IfThenElse, WhileDoElse).
    TwoOrThree,
    /// A try block and a catch child (TryCatch).
    AtLeastTwo,
    /// `case value => child`s and a final `_ => child` (Switch).
    Cases,
    /// Exactly two (BinarySelector).
    Two,
}

/// When a node can answer `Running`, and so needs a running flag and a halt function.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Running {
    Never,
    /// When one of its children can.
    IfChildCan,
    Always,
    /// A loop (Repeat, RetryUntilSuccessful): always, except that a limit of 0 never ticks the
    /// child and a limit of 1 is `IfChildCan`.
    Loop,
    /// Precondition: when its child can, or when its `else` status is `Running`.
    IfChildCanOrElseRuns,
}

/// Whether a node's state outlives an activation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Memory {
    /// State only while running (or none): a local of the tick function otherwise.
    Activation,
    /// Memory across activations (a failed child's position, a completed `RunOnce`, the last
    /// version seen), kept for the tree's life or until a halt clears it.
    Kept,
}

use Arity::*;
use Category as C;
use Composite as Co;
use DecoratorKind as D;
use LeafKind as L;

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
        running: Running::IfChildCan,
        passes_running,
        memory,
        category: C::Control,
    }
}

/// A composite that yields after a child that completed at once (AsyncSequence, AsyncFallback):
/// it can answer `Running` with no child running.
const fn yielding(names: &'static [&'static str], rule: Composite) -> KindSpec {
    KindSpec {
        running: Running::Always,
        ..composite(names, rule, true, Activation)
    }
}

const fn control(
    names: &'static [&'static str],
    kind: ControlKind,
    grammar: Grammar,
    arity: Arity,
    running: Running,
    memory: Memory,
) -> KindSpec {
    KindSpec {
        names,
        shape: Shape::Control(kind),
        grammar,
        arity,
        running,
        // None of them is checked for the direct resume yet.
        passes_running: false,
        memory,
        category: C::Control,
    }
}

const fn decorator(
    names: &'static [&'static str],
    kind: DecoratorKind,
    grammar: Grammar,
    running: Running,
    passes_running: bool,
    memory: Memory,
) -> KindSpec {
    KindSpec {
        names,
        shape: Shape::Decorator(kind),
        grammar,
        arity: One,
        running,
        passes_running,
        memory,
        category: C::Decorator,
    }
}

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
        memory: Memory::Activation,
        category,
    }
}

use Memory::{Activation, Kept};

const fn param(name: &'static str, value: ParamKind, positional: bool, required: bool) -> Param {
    Param {
        name,
        value,
        positional,
        required,
    }
}

use ParamKind as P;
const PARALLEL: &[Param] = &[
    param("success", P::Int, false, false),
    param("failure", P::Int, false, false),
];
const PARALLEL_ALL: &[Param] = &[param("max_failures", P::Int, true, false)];
const TRY_CATCH: &[Param] = &[param("catch_on_halt", P::Bool, false, false)];
const SWITCH: &[Param] = &[param("entry", P::Entry, true, true)];
const MILLIS: &[Param] = &[param("ms", P::Duration, true, true)];
const PRECONDITION: &[Param] = &[
    param("condition", P::Closure, true, true),
    param("else", P::Status, false, false),
];
const MAX_LOOP: &[Param] = &[param("max_loop", P::Count, true, true)];
const ERROR: &[Param] = &[param("error", P::Expr, true, true)];
const LOOP: &[Param] = &[
    param("queue", P::Entry, true, true),
    param("value", P::Entry, false, false),
    param("if_empty", P::Status, false, false),
];

// NodeCanvas and Unreal Engine.
const OUTCOMES: &[&str] = &["Success", "Failure"];
const FILTERED: &[&str] = &["Skipped", "Failure"];
const PROBABILITY: &[Param] = &[param("fail", P::Expr, false, false)];
const BINARY: &[Param] = &[
    param("condition", P::Closure, true, true),
    param("dynamic", P::Bool, false, false),
];
const INDEX_SWITCH: &[Param] = &[
    param("index", P::Closure, true, true),
    param("out_of_range", P::Word(&["Fail", "Loop"]), false, false),
    param("dynamic", P::Bool, false, false),
];
const POLICY_PARALLEL: &[Param] = &[
    param(
        "policy",
        P::Word(&["FirstFailure", "FirstSuccess", "FirstSuccessOrFailure"]),
        true,
        false,
    ),
    param("repeat", P::Bool, false, false),
];
const CONDITION: &[Param] = &[param("condition", P::Closure, true, true)];
const CONDITIONAL: &[Param] = &[
    param("condition", P::Closure, true, true),
    param("dynamic", P::Bool, false, false),
    param("else", P::Word(&["Failure", "Success"]), false, false),
];
const REPEAT_UNTIL: &[Param] = &[param("status", P::Word(OUTCOMES), true, true)];
const FILTER: &[Param] = &[
    param("times", P::Count, true, true),
    param(
        "count",
        P::Word(&["Completed", "Success", "Failure"]),
        false,
        false,
    ),
    param("filtered", P::Word(FILTERED), false, false),
];
const COOLDOWN: &[Param] = &[
    param("ms", P::Duration, true, true),
    param("filtered", P::Word(FILTERED), false, false),
];
const ITERATE: &[Param] = &[
    param("list", P::Entry, true, true),
    param("element", P::Entry, false, true),
    param("index", P::Entry, false, false),
    param(
        "until",
        P::Word(&["Never", "FirstSuccess", "FirstFailure"]),
        false,
        false,
    ),
    param("max", P::Count, false, false),
    param("reset_index", P::Bool, false, false),
];
const GUARD: &[Param] = &[
    param("token", P::ContextClosure, true, true),
    param("if_guarded", P::Word(&["Failure", "Running"]), false, false),
];
const REMAP: &[Param] = &[
    param("success", P::Word(OUTCOMES), false, false),
    param("failure", P::Word(OUTCOMES), false, false),
];
const OBSERVE: &[Param] = &[
    param("condition", P::Closure, true, true),
    param(
        "abort",
        P::Word(&["none", "self", "lower", "both"]),
        false,
        false,
    ),
];

/// A row whose rule has been checked for the direct resume (`KindSpec::passes_running`).
const fn passes(spec: KindSpec) -> KindSpec {
    KindSpec {
        passes_running: true,
        ..spec
    }
}

/// The composite a `Fallback` (or `Selector`, `MemPriority`) becomes when one of its children is
/// an `Observe(.., abort = lower)` or `abort = both`: Unreal Engine's selector with observer
/// aborts (`bt_core::abort::ObserverSelector`), which owns its `Observe` children's conditions.
/// Not in [`KINDS`], since no one writes it: the model puts it in place of the `Fallback`'s row
/// (`model::nodecanvas`). It checks guards before ticking its running child, so it does not pass
/// `Running`.
pub const OBSERVER_SELECTOR: KindSpec = control(
    &["Fallback"],
    ControlKind::ObserverSelector,
    Grammar::None,
    AtLeastOne,
    Running::IfChildCan,
    Activation,
);

/// The table. Columns: names (aliases after the first), rule, grammar of the arguments; for
/// decorators, when it can run, whether it passes `Running`, its memory; for leaves, when it can
/// run and its category.
#[rustfmt::skip]
pub const KINDS: &[KindSpec] = &[
    // Leaves.
    leaf(&["Condition"],       L::Condition,       Grammar::Leaf,   Running::Never,  C::Condition),
    leaf(&["Action"],          L::Action,          Grammar::Leaf,   Running::Never,  C::Action),
    leaf(&["StatefulAction"],  L::StatefulAction,  Grammar::Leaf,   Running::Always, C::Action),
    leaf(&["AlwaysSuccess", "Succeeder"], L::AlwaysSuccess, Grammar::None, Running::Never, C::Action),
    leaf(&["AlwaysFailure", "Failer"],    L::AlwaysFailure, Grammar::None, Running::Never, C::Action),
    leaf(&["SetBlackboard"],   L::SetBlackboard,   Grammar::Assign, Running::Never,  C::Action),
    leaf(&["UnsetBlackboard"], L::UnsetBlackboard, Grammar::Entry,  Running::Never,  C::Action),
    leaf(&["Script"],          L::Script,          Grammar::Script, Running::Never,  C::Action),
    leaf(&["ScriptCondition"], L::ScriptCondition, Grammar::Script, Running::Never,  C::Condition),
    leaf(&["WasEntryUpdated"], L::WasEntryUpdated, Grammar::Entry,  Running::Never,  C::Condition),
    // Whether the child tree can run is not known to this expansion: assume it can.
    leaf(&["SubTree"],         L::SubTree,         Grammar::Leaf,   Running::Always, C::SubTree),
    leaf(&["Sleep"],           L::Sleep,           Grammar::Params(MILLIS), Running::Always, C::Action),
    leaf(&["AlwaysRunning", "Runner"], L::AlwaysRunning, Grammar::None, Running::Always, C::Action),
    // behavior3's ERROR: fails the tick with the tree's error (decision 11).
    leaf(&["Error"],           L::Error,           Grammar::Params(ERROR),  Running::Never,  C::Action),
    // behavior3's Wait: strictly more than the duration (decision 7).
    leaf(&["Wait"],            L::Wait,            Grammar::Params(MILLIS), Running::Always, C::Action),
    // Composites: they can run when a child can. Columns: passes `Running`, memory.
    composite(&["Sequence", "MemSequence"],             Co::Sequence,           true,  Activation),
    // SequenceWithMemory remembers a failed child across activations.
    composite(&["SequenceWithMemory", "SequenceStar"],  Co::SequenceWithMemory, true,  Kept),
    composite(&["ReactiveSequence"],                    Co::ReactiveSequence,   false, Activation),
    composite(&["Fallback", "Selector", "MemPriority"], Co::Fallback,           true,  Activation),
    composite(&["ReactiveFallback", "ReactiveSelector", "Priority"], Co::ReactiveFallback, false, Activation),
    // They yield after a child that completes at once: they can run on their own.
    yielding(&["AsyncSequence"],                        Co::AsyncSequence),
    yielding(&["AsyncFallback"],                        Co::AsyncFallback),
    // Composites of the `Step` protocol. Columns: grammar, arity, when it runs, memory.
    // Parallel runs on its own when skipped children keep a positive success count unmet.
    control(&["Parallel"],    ControlKind::Parallel,    Grammar::Params(PARALLEL),     AtLeastOne, Running::Always,     Activation),
    control(&["ParallelAll"], ControlKind::ParallelAll, Grammar::Params(PARALLEL_ALL), AtLeastOne, Running::IfChildCan, Activation),
    control(&["IfThenElse"],  ControlKind::IfThenElse,  Grammar::None,                 TwoOrThree, Running::IfChildCan, Activation),
    control(&["WhileDoElse"], ControlKind::WhileDoElse, Grammar::None,                 TwoOrThree, Running::IfChildCan, Activation),
    control(&["Switch"],      ControlKind::Switch,      Grammar::Params(SWITCH),       Cases,      Running::IfChildCan, Activation),
    control(&["TryCatch"],    ControlKind::TryCatch,    Grammar::Params(TRY_CATCH),    AtLeastTwo, Running::IfChildCan, Activation),
    // NodeCanvas's composites. The memory walks (random orders, the flip order, the step, the
    // probability selector's pick, whose weights are only read when it picks) pass `Running`
    // (checked in the tests below); the others may re-read their inputs or re-check children
    // first. FlipSelector's order and StepSequencer's position outlive activations
    // (decision 13).
    passes(control(&["RandomSequence"],      ControlKind::RandomSequence,      Grammar::None,                      AtLeastOne, Running::IfChildCan, Activation)),
    passes(control(&["RandomSelector"],      ControlKind::RandomSelector,      Grammar::None,                      AtLeastOne, Running::IfChildCan, Activation)),
    passes(control(&["ProbabilitySelector"], ControlKind::ProbabilitySelector, Grammar::Params(PROBABILITY),       AtLeastOne, Running::IfChildCan, Activation)),
    control(&["PrioritySelector"],           ControlKind::PrioritySelector,    Grammar::None,                      AtLeastOne, Running::IfChildCan, Activation),
    passes(control(&["FlipSelector"],        ControlKind::FlipSelector,        Grammar::None,                      AtLeastOne, Running::IfChildCan, Kept)),
    passes(control(&["StepSequencer"],       ControlKind::StepSequencer,       Grammar::None,                      AtLeastOne, Running::IfChildCan, Kept)),
    control(&["BinarySelector"],             ControlKind::BinarySelector,      Grammar::Params(BINARY),            Two,        Running::IfChildCan, Activation),
    control(&["IndexSwitch"],                ControlKind::IndexSwitch,         Grammar::Params(INDEX_SWITCH),      AtLeastOne, Running::IfChildCan, Activation),
    control(&["PolicyParallel"],             ControlKind::PolicyParallel,      Grammar::Params(POLICY_PARALLEL),   AtLeastOne, Running::IfChildCan, Activation),
    control(&["DynamicSequence"],            ControlKind::DynamicSequence,     Grammar::None,                      AtLeastOne, Running::IfChildCan, Activation),
    control(&["DynamicSelector"],            ControlKind::DynamicSelector,     Grammar::None,                      AtLeastOne, Running::IfChildCan, Activation),
    // Decorators.
    decorator(&["Inverter", "Invert"],      D::Inverter,                Grammar::None,    Running::IfChildCan, true, Activation),
    decorator(&["ForceSuccess"],            D::ForceSuccess,            Grammar::None,    Running::IfChildCan, true, Activation),
    decorator(&["ForceFailure"],            D::ForceFailure,            Grammar::None,    Running::IfChildCan, true, Activation),
    decorator(&["Repeat"],                  D::Repeat,                  Grammar::Count,   Running::Loop,       true, Activation),
    decorator(&["RetryUntilSuccessful", "Retry"], D::RetryUntilSuccessful,    Grammar::Count,   Running::Loop,       true, Activation),
    decorator(&["KeepRunningUntilFailure"], D::KeepRunningUntilFailure, Grammar::None,    Running::Always,     true, Activation),
    decorator(&["RunOnce"],                 D::RunOnce,                 Grammar::RunOnce, Running::IfChildCan, true, Kept),
    // The update nodes look at the blackboard before their child: not passed by a resume.
    decorator(&["SkipUnlessUpdated"],       D::SkipUnlessUpdated,       Grammar::Entry,   Running::IfChildCan, false, Kept),
    decorator(&["WaitValueUpdate"],         D::WaitValueUpdate,         Grammar::Entry,   Running::Always,     false, Kept),
    // Time: they read the clock before their child.
    decorator(&["Delay"],                   D::Delay,                   Grammar::Params(MILLIS), Running::Always,     false, Activation),
    decorator(&["Timeout"],                 D::Timeout,                 Grammar::Params(MILLIS), Running::IfChildCan, false, Activation),
    // Precondition's latch is its child's running flag, which a leaf resumed directly clears when
    // it completes: the walk would then re-check the condition. Not passed by a resume.
    decorator(&["Precondition"],            D::Precondition,            Grammar::Params(PRECONDITION), Running::IfChildCanOrElseRuns, false, Activation),
    decorator(&["Loop"],                    D::Loop,                    Grammar::Params(LOOP),   Running::Always,     false, Activation),
    // behavior3. Limiter's count lasts for the tree's life (decision 10).
    decorator(&["Limiter"],                 D::Limiter,                 Grammar::Params(MAX_LOOP), Running::IfChildCan, true, Kept),
    decorator(&["MaxTime"],                 D::MaxTime,                 Grammar::Params(MILLIS),   Running::IfChildCan, false, Activation),
    decorator(&["Repeater"],                D::Repeater,                Grammar::Count,   Running::Loop,       true, Activation),
    // The rules of Repeat and RetryUntilSuccessful, under behavior3's names (which reject 0).
    decorator(&["RepeatUntilFailure"],      D::RepeatUntilFailure,      Grammar::Count,   Running::Loop,       true, Activation),
    decorator(&["RepeatUntilSuccess"],      D::RepeatUntilSuccess,      Grammar::Count,   Running::Loop,       true, Activation),
    // NodeCanvas. Interrupt, Conditional, Cooldown and Deadline look at the blackboard or the
    // clock before their child; Iterate writes the element before it. Filter's count, Cooldown's
    // last completion and Iterate's index outlive activations (decision 13). A Guard that waits
    // (`if_guarded = Running`) runs without its child.
    decorator(&["Interrupt"],               D::Interrupt,               Grammar::Params(CONDITION),    Running::IfChildCan, false, Activation),
    decorator(&["Conditional"],             D::Conditional,             Grammar::Params(CONDITIONAL),  Running::IfChildCan, false, Activation),
    decorator(&["RepeatTimes"],             D::RepeatTimes,             Grammar::Count,                Running::Loop,       true,  Activation),
    decorator(&["RepeatUntil"],             D::RepeatUntil,             Grammar::Params(REPEAT_UNTIL), Running::Always,     true,  Activation),
    decorator(&["Filter"],                  D::Filter,                  Grammar::Params(FILTER),       Running::IfChildCan, true,  Kept),
    decorator(&["Cooldown"],                D::Cooldown,                Grammar::Params(COOLDOWN),     Running::IfChildCan, false, Kept),
    decorator(&["Iterate"],                 D::Iterate,                 Grammar::Params(ITERATE),      Running::Always,     false, Kept),
    decorator(&["WaitUntil"],               D::WaitUntil,               Grammar::Params(CONDITION),    Running::Always,     false, Activation),
    decorator(&["Optional"],                D::Optional,                Grammar::None,                 Running::IfChildCan, true,  Activation),
    decorator(&["Guard"],                   D::Guard,                   Grammar::Params(GUARD),        Running::Always,     true,  Activation),
    decorator(&["Deadline"],                D::Deadline,                Grammar::Params(MILLIS),       Running::IfChildCan, false, Activation),
    decorator(&["Remap"],                   D::Remap,                   Grammar::Params(REMAP),        Running::IfChildCan, true,  Activation),
    // Unreal Engine's condition decorator with an abort mode: under an observer selector it
    // passes its child's status through; elsewhere it re-checks its condition (`abort = self`).
    decorator(&["Observe"],                 D::Observe,                 Grammar::Params(OBSERVE),      Running::IfChildCan, false, Activation),
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

/// The kind named `name`.
pub fn lookup(name: &str) -> Option<&'static KindSpec> {
    KINDS.iter().find(|spec| spec.names.contains(&name))
}

/// Every name the DSL knows, for "did you mean" suggestions.
pub fn all_names() -> impl Iterator<Item = &'static str> {
    KINDS.iter().flat_map(|spec| spec.names.iter().copied())
}

#[cfg(test)]
mod tests;
