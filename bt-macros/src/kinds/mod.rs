//! Every node kind of the DSL, once: its name (and aliases), the grammar of its arguments, how
//! many children it takes, and the facts the later stages need (can it answer `Running`, may a
//! tick resume straight through it, does its state outlive an activation, does it draw random
//! numbers), and the words its word-valued parameters take (`words`). The parser, the model
//! and the planner all read this table; nothing else lists kinds.
//!
//! The facts restate bt-core's rules for the planner. The tests at the bottom drive each rule
//! with random child answers and check that the facts written here hold for it.

use crate::args::Grammar;

mod table;
mod words;

pub use table::{KINDS, OBSERVER_SELECTOR, UNSUPPORTED};
pub use words::{
    Abort, CountWhen, Else, Filtered, IfGuarded, OutOfRange, Outcome, Policy, Status, Until, Word,
    WordSet,
};

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
    /// Whether its rule draws random numbers: the tree then holds a generator, or draws from
    /// its context's (`rng = context`).
    pub random: bool,
}

/// Which model node a kind builds: its family, and the kind within it. The model lowers each
/// family in its own function (`model::family`), and the code generator has a file per family
/// (`codegen/`): every `match` over these enums is exhaustive, so a kind added here is a compile
/// error of the macro crate until it is lowered and generated.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Shape {
    Leaf(LeafKind),
    /// Composites that walk their children in order (`bt_core::control::Flow`).
    Composite(Composite),
    /// Composites that choose the order or the one child to run (NodeCanvas's, the observer
    /// selector), by the `Step` protocol (`bt_core::step`).
    Selector(SelectorKind),
    /// Conditional flow: a condition or a value picks the branch.
    Flow(FlowKind),
    /// Composites that tick all their children.
    Parallel(ParallelKind),
    /// One child, its status transformed or gated.
    Decorator(DecoratorKind),
    /// One child, gated or cut off by the clock.
    Time(TimeKind),
    /// One child, ticked again and again.
    Loop(LoopKind),
    /// The user's own control nodes and decorators (`bt_core::custom`): a type of theirs ticks
    /// the children through a generated handle.
    Custom(CustomKind),
}

/// The user's own nodes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CustomKind {
    /// `Control(Type) { children.. }`: a `bt::ControlNode`.
    Control,
    /// `Decorator(Type) { child }`: a `bt::DecoratorNode`.
    Decorator,
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
        match self {
            Composite::Sequence | Composite::Fallback | Composite::SequenceWithMemory => true,
            Composite::ReactiveSequence
            | Composite::ReactiveFallback
            | Composite::AsyncSequence
            | Composite::AsyncFallback => false,
        }
    }

    /// Whether the rule counts something within one tick, in a local of the tick passed to every
    /// `on_child` (the reactive composites' skipped children: `bt_core::control::ReactiveTick`),
    /// and starts every tick at its first child.
    pub fn is_reactive(self) -> bool {
        match self {
            Composite::ReactiveSequence | Composite::ReactiveFallback => true,
            Composite::Sequence
            | Composite::SequenceWithMemory
            | Composite::Fallback
            | Composite::AsyncSequence
            | Composite::AsyncFallback => false,
        }
    }
}

/// The composites that choose their children's order, or one child (`SelectorKind`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SelectorKind {
    RandomSequence,
    RandomSelector,
    ProbabilitySelector,
    PrioritySelector,
    FlipSelector,
    StepSequencer,
    DynamicSequence,
    DynamicSelector,
    /// Not written by users: a `Fallback` whose children include an `Observe(.., abort = lower)`
    /// or `abort = both` ([`OBSERVER_SELECTOR`]).
    ObserverSelector,
}

/// Conditional flow.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FlowKind {
    IfThenElse,
    WhileDoElse,
    Switch,
    TryCatch,
    BinarySelector,
    IndexSwitch,
}

/// The parallels.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ParallelKind {
    Parallel,
    ParallelAll,
    PolicyParallel,
}

/// The decorators that are neither time nor loops.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DecoratorKind {
    Inverter,
    ForceSuccess,
    ForceFailure,
    KeepRunningUntilFailure,
    RunOnce,
    SkipUnlessUpdated,
    WaitValueUpdate,
    Precondition,
    Interrupt,
    Conditional,
    WaitUntil,
    Filter,
    /// behavior3's.
    Limiter,
    Optional,
    Guard,
    Remap,
    /// Unreal Engine's observer aborts.
    Observe,
}

/// The decorators that read the clock.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TimeKind {
    Delay,
    Timeout,
    MaxTime,
    Deadline,
    Cooldown,
}

/// The decorators that tick their child again.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LoopKind {
    Repeat,
    RetryUntilSuccessful,
    Repeater,
    RepeatUntilFailure,
    RepeatUntilSuccess,
    RepeatTimes,
    RepeatUntil,
    Loop,
    Iterate,
}

/// The leaves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LeafKind {
    Condition,
    Action,
    StatefulAction,
    AlwaysSuccess,
    AlwaysFailure,
    AlwaysRunning,
    SetBlackboard,
    UnsetBlackboard,
    Script,
    ScriptCondition,
    WasEntryUpdated,
    SubTree,
    Sleep,
    Wait,
    /// behavior3's `ERROR`.
    Error,
}

impl LeafKind {
    /// Whether the leaf is the user's own: a type with ports, or a closure over the context
    /// (whose first parameter is then the context, not the blackboard).
    pub fn is_users(self) -> bool {
        match self {
            LeafKind::Condition | LeafKind::Action | LeafKind::StatefulAction => true,
            LeafKind::AlwaysSuccess
            | LeafKind::AlwaysFailure
            | LeafKind::AlwaysRunning
            | LeafKind::SetBlackboard
            | LeafKind::UnsetBlackboard
            | LeafKind::Script
            | LeafKind::ScriptCondition
            | LeafKind::WasEntryUpdated
            | LeafKind::SubTree
            | LeafKind::Sleep
            | LeafKind::Wait
            | LeafKind::Error => false,
        }
    }
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
    /// As many as the node's type allows (a control node of the user's: its `MIN_CHILDREN` and
    /// `MAX_CHILDREN`, which the generated code checks when rustc evaluates them), none included.
    ByType,
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

/// A node's category in the tree's metadata (`bt::NodeCategory`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Category {
    Control,
    Decorator,
    Condition,
    Action,
    SubTree,
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
