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
    /// has been checked.
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
const MILLIS: &[Param] = &[param("ms", P::Millis, true, true)];
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
mod tests {
    //! Each fact of the table, checked against the bt-core rule it restates.

    use super::{all_names, Composite as Co, DecoratorKind as D, Memory, Running as Runs};
    use super::{DecoratorKind, Shape, KINDS};
    use bt_core::__private as rules;
    use bt_core::Status::{self, *};

    /// A tiny deterministic generator.
    struct Draw(u64);

    impl Draw {
        fn status(&mut self, allow_running: bool) -> Status {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            let all = [Success, Failure, Skipped, Running];
            all[(self.0 % if allow_running { 4 } else { 3 }) as usize]
        }
    }

    /// One decorator's rule, ticking its child through `child` when it decides to;
    /// `child_running` says whether the child answered `Running` when it was last ticked.
    trait Rule {
        fn tick(&mut self, child_running: bool, child: &mut dyn FnMut() -> Status) -> Status;
        fn state(&self) -> String;
    }

    macro_rules! rule {
        ($name:ident, $state:ty, |$s:ident, $child:ident| $body:expr) => {
            rule!($name, $state, |$s, _running, $child| $body);
        };
        ($name:ident, $state:ty, |$s:ident, $running:ident, $child:ident| $body:expr) => {
            struct $name($state);
            impl Rule for $name {
                fn tick(&mut self, $running: bool, $child: &mut dyn FnMut() -> Status) -> Status {
                    let $s = &mut self.0;
                    $body
                }
                fn state(&self) -> String {
                    format!("{:?}", self.0)
                }
            }
        };
    }

    rule!(Inverter, (), |_s, child| rules::inverter(child()));
    // `state` of a unit rule is always "()".
    rule!(ForceSuccess, (), |_s, child| rules::force_success(child()));
    rule!(ForceFailure, (), |_s, child| rules::force_failure(child()));
    rule!(KeepRunning, (), |_s, child| {
        rules::keep_running_until_failure(child())
    });
    rule!(Repeat3, rules::Repeat<u8>, |s, child| s
        .start(Some(3))
        .unwrap_or_else(|| s.on_child(child(), Some(3))));
    rule!(Retry3, rules::RetryUntilSuccessful<u8>, |s, child| s
        .start(Some(3))
        .unwrap_or_else(|| s.on_child(child(), Some(3))));
    rule!(RunOnce, rules::RunOnce, |s, child| s
        .start(true)
        .unwrap_or_else(|| s.on_child(child())));

    /// A `Step` rule's tick with one child.
    fn step_tick(
        first: rules::Step,
        mut next: impl FnMut(rules::Event) -> rules::Step,
        child: &mut dyn FnMut() -> Status,
    ) -> Status {
        let mut step = first;
        loop {
            let event = match step {
                rules::Step::Tick(i) => rules::Event::Child(i, child()),
                rules::Step::Halt(i) => rules::Event::Halted(i),
                rules::Step::Return(status) => return status,
            };
            step = next(event);
        }
    }

    /// A clock that moves 10 ms per tick, and a counter for conditions and queues; its state is
    /// the rule's alone.
    #[derive(Default)]
    struct Ticking<R> {
        rule: R,
        ticks: u64,
    }

    impl<R: std::fmt::Debug> std::fmt::Debug for Ticking<R> {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            self.rule.fmt(f)
        }
    }

    impl<R> Ticking<R> {
        fn now(&mut self) -> std::time::Duration {
            self.ticks += 1;
            std::time::Duration::from_millis(10 * self.ticks)
        }
    }

    rule!(Delay, Ticking<rules::Delay>, |s, child| {
        let now = s.now();
        s.rule
            .start(now, rules::ms(25))
            .unwrap_or_else(|| s.rule.on_child(child()))
    });
    rule!(Timeout, Ticking<rules::Timeout>, |s, child| {
        let now = s.now();
        let first = s.rule.start(now, rules::ms(25));
        step_tick(first, |event| s.rule.next(event, rules::ms(25)), child)
    });
    rule!(Precondition, Ticking<()>, |s, running, child| {
        let open = s.now().as_millis() % 30 != 0;
        rules::precondition(running, || open, Failure).unwrap_or_else(child)
    });
    rule!(Loop, Ticking<()>, |s, running, child| {
        let has_item = s.now().as_millis() % 50 != 0;
        rules::loop_start(running, || has_item, Success)
            .unwrap_or_else(|| rules::loop_on_child(child()))
    });

    rule!(Limiter, rules::Limiter<u8>, |s, child| s
        .start(3)
        .unwrap_or_else(|| s.on_child(child())));
    rule!(MaxTime, Ticking<rules::MaxTime>, |s, child| {
        let now = s.now();
        let first = s.rule.start(now);
        step_tick(first, |event| s.rule.next(event, now, rules::ms(25)), child)
    });
    rule!(Repeater, rules::Repeater<u8>, |s, child| s
        .start(Some(3))
        .unwrap_or_else(|| s.on_child(child(), Some(3))));

    fn decorator_rule(kind: DecoratorKind) -> Option<Box<dyn Rule>> {
        Some(match kind {
            D::Inverter => Box::new(Inverter(())),
            D::ForceSuccess => Box::new(ForceSuccess(())),
            D::ForceFailure => Box::new(ForceFailure(())),
            D::KeepRunningUntilFailure => Box::new(KeepRunning(())),
            D::Repeat => Box::new(Repeat3(rules::Repeat::new())),
            D::RetryUntilSuccessful => Box::new(Retry3(rules::RetryUntilSuccessful::new())),
            D::RunOnce => Box::new(RunOnce(rules::RunOnce::new())),
            D::Delay => Box::new(Delay(Ticking::default())),
            D::Timeout => Box::new(Timeout(Ticking::default())),
            D::Precondition => Box::new(Precondition(Ticking::default())),
            D::Loop => Box::new(Loop(Ticking::default())),
            D::Limiter => Box::new(Limiter(rules::Limiter::new())),
            D::MaxTime => Box::new(MaxTime(Ticking::default())),
            D::Repeater => Box::new(Repeater(rules::Repeater::new())),
            D::RepeatUntilFailure => Box::new(Repeat3(rules::Repeat::new())),
            D::RepeatUntilSuccess => Box::new(Retry3(rules::RetryUntilSuccessful::new())),
            // Their gate reads the blackboard before the child: checked in bt-core.
            D::SkipUnlessUpdated | D::WaitValueUpdate => return None,
        })
    }

    #[test]
    fn decorator_facts_hold_for_their_rules() {
        for spec in KINDS {
            let Shape::Decorator(kind) = spec.shape else {
                continue;
            };
            let Some(mut rule) = decorator_rule(kind) else {
                continue;
            };
            let name = spec.names[0];
            let mut draw = Draw(0x2545_F491_4F6C_DD1D);
            let mut answered_running_alone = false;
            // Whether the child answered `Running` when it was last ticked.
            let mut child_running = false;
            for _ in 0..5_000 {
                let answer = draw.status(true);
                let mut ticked = None;
                let before = rule.state();
                let status = rule.tick(child_running, &mut || {
                    ticked = Some(answer);
                    answer
                });
                if child_running && answer == Running && spec.passes_running {
                    // The running child answers `Running` again: a node that passes `Running`
                    // answers it and keeps its state.
                    assert_eq!(ticked, Some(Running), "{name} ticks its running child");
                    assert_eq!(status, Running, "{name} passes Running");
                    assert_eq!(rule.state(), before, "{name} changed its state on Running");
                }
                if status == Running && ticked != Some(Running) {
                    answered_running_alone = true;
                    assert_ne!(
                        spec.running,
                        Runs::IfChildCan,
                        "{name} ran without a running child"
                    );
                }
                if ticked.is_some() {
                    child_running = ticked == Some(Running);
                }
                if status != Running {
                    // The node completed: its child was halted or had finished.
                    child_running = false;
                }
            }
            if matches!(spec.running, Runs::Always | Runs::Loop) {
                assert!(answered_running_alone, "{name} can run on its own");
            }
        }
    }

    /// A composite rule driven as the generated code drives it: its status, and whether the last
    /// child it ticked answered `Running` (is running now).
    fn composite_tick(
        state: &mut dyn FnMut(usize, Status) -> rules::Flow,
        start: usize,
        answers: &[Status],
    ) -> (Status, bool) {
        let mut child = start;
        loop {
            match state(child, answers[child]) {
                rules::Flow::Tick(next) => child = next,
                rules::Flow::Return(status) => return (status, answers[child] == Running),
                rules::Flow::HaltAndReturn { status, .. } => {
                    return (status, answers[child] == Running)
                }
            }
        }
    }

    #[test]
    fn composite_facts_hold_for_their_rules() {
        macro_rules! check {
            ($ty:ty, $composite:expr) => {{
                let spec = KINDS
                    .iter()
                    .find(|spec| spec.shape == Shape::Composite($composite))
                    .unwrap();
                let name = spec.names[0];
                let mut state = <$ty>::new();
                let mut draw = Draw(0x9E37_79B9_7F4A_7C15);
                let mut kept_memory = false;
                let mut ran_alone = false;
                for _ in 0..5_000 {
                    let answers: Vec<Status> = (0..3).map(|_| draw.status(true)).collect();
                    let start = state.start();
                    let (status, child_running) = composite_tick(
                        &mut |child, status| state.on_child(child, status, 3),
                        start,
                        &answers,
                    );
                    if status != Running && state.start() != 0 {
                        kept_memory = true;
                    }
                    if status == Running && child_running {
                        // Resuming: the running child answers Running again.
                        let resumed = state.start();
                        let before = format!("{state:?}");
                        let mut again = answers.clone();
                        again[resumed] = Running;
                        let start = state.start();
                        let (status, _) = composite_tick(
                            &mut |child, status| state.on_child(child, status, 3),
                            start,
                            &again,
                        );
                        if spec.passes_running {
                            assert_eq!(status, Running, "{name} passes Running");
                            assert_eq!(format!("{state:?}"), before, "{name} kept its state");
                        }
                    }
                    // Running without a running child only if the table says it can.
                    let calm: Vec<Status> = (0..3).map(|_| draw.status(false)).collect();
                    let start = state.start();
                    let (status, _) = composite_tick(
                        &mut |child, status| state.on_child(child, status, 3),
                        start,
                        &calm,
                    );
                    if status == Running {
                        ran_alone = true;
                        assert_ne!(
                            spec.running,
                            Runs::IfChildCan,
                            "{name} ran without a running child"
                        );
                    }
                }
                assert_eq!(kept_memory, spec.memory == Memory::Kept, "{name}'s memory");
                assert_eq!(
                    ran_alone,
                    spec.running == Runs::Always,
                    "{name} runs on its own"
                );
            }};
        }
        check!(rules::Sequence<u8>, Co::Sequence);
        check!(rules::SequenceWithMemory<u8>, Co::SequenceWithMemory);
        check!(rules::ReactiveSequence<u8>, Co::ReactiveSequence);
        check!(rules::Fallback<u8>, Co::Fallback);
        check!(rules::ReactiveFallback<u8>, Co::ReactiveFallback);
        check!(rules::AsyncSequence<u8>, Co::AsyncSequence);
        check!(rules::AsyncFallback<u8>, Co::AsyncFallback);
    }

    /// The `Step` composites with three children that never run: an `IfChildCan` node never
    /// answers `Running`; an `Always` one does, now and then.
    #[test]
    fn control_facts_hold_for_their_rules() {
        use super::ControlKind as K;
        type Tick<'a> = Box<dyn FnMut(&[Status], usize) -> Status + 'a>;
        let drive = |first: rules::Step,
                     next: &mut dyn FnMut(rules::Event) -> rules::Step,
                     answers: &[Status]| {
            let mut step = first;
            loop {
                let event = match step {
                    rules::Step::Tick(i) => rules::Event::Child(i, answers[i]),
                    rules::Step::Halt(i) => rules::Event::Halted(i),
                    rules::Step::Return(status) => return status,
                };
                step = next(event);
            }
        };
        for spec in KINDS {
            let Shape::Control(kind) = spec.shape else {
                continue;
            };
            let name = spec.names[0];
            let mut parallel = rules::Parallel::<u8, 1>::new();
            let mut all = rules::ParallelAll::<u8, 1>::new();
            let mut ite = rules::IfThenElse::new();
            let mut wde = rules::WhileDoElse::new();
            let mut switch = rules::Switch::<u8>::new();
            let mut try_catch = rules::TryCatch::<u8>::new();
            let config = rules::ParallelConfig::new(3, 2, 1);
            let config_all = rules::ParallelAllConfig::new(3, 1);
            let mut tick: Tick = match kind {
                K::Parallel => Box::new(|answers, _| {
                    let first = parallel.start(config);
                    drive(first, &mut |event| parallel.next(event, config), answers)
                }),
                K::ParallelAll => Box::new(|answers, _| {
                    let first = all.start(config_all);
                    drive(first, &mut |event| all.next(event, config_all), answers)
                }),
                K::IfThenElse => Box::new(|answers, _| {
                    let first = ite.start(3);
                    drive(first, &mut |event| ite.next(event, 3), answers)
                }),
                K::WhileDoElse => Box::new(|answers, _| {
                    let first = wde.start(3);
                    drive(first, &mut |event| wde.next(event, 3), answers)
                }),
                K::Switch => Box::new(|answers, selected| {
                    let first = switch.start(selected % 3);
                    drive(first, &mut |event| switch.next(event), answers)
                }),
                K::TryCatch => Box::new(|answers, _| {
                    let first = try_catch.start(3, false);
                    drive(first, &mut |event| try_catch.next(event, 3, false), answers)
                }),
            };
            let mut draw = Draw(0x5851_F42D_4C95_7F2D);
            let mut ran_alone = false;
            for round in 0..5_000 {
                let answers: Vec<Status> = (0..3).map(|_| draw.status(false)).collect();
                if tick(&answers, round) == Running {
                    ran_alone = true;
                    assert_ne!(
                        spec.running,
                        Runs::IfChildCan,
                        "{name} ran without a running child"
                    );
                }
            }
            assert_eq!(
                ran_alone,
                spec.running == Runs::Always,
                "{name} runs on its own"
            );
        }
    }

    #[test]
    fn names_are_unique() {
        let names: Vec<&str> = all_names().collect();
        for (index, name) in names.iter().enumerate() {
            assert!(!names[..index].contains(name), "{name} listed twice");
        }
    }
}
