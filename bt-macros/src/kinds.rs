//! Every node kind of the DSL, once: its name (and aliases), the grammar of its arguments, how
//! many children it takes, and the facts the later stages need (can it answer `Running`, may a
//! tick resume straight through it, does its state outlive an activation). The parser, the model
//! and the planner all read this table; nothing else lists kinds.
//!
//! The facts restate bt-core's rules for the planner. The tests at the bottom drive each rule
//! with random child answers and check that the facts written here hold for it.

use crate::args::Grammar;
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
    Composite(Composite),
    Decorator(DecoratorKind),
    Leaf(LeafKind),
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

/// The table. Columns: names (aliases after the first), rule, grammar of the arguments; for
/// decorators, when it can run, whether it passes `Running`, its memory; for leaves, when it can
/// run and its category.
#[rustfmt::skip]
pub const KINDS: &[KindSpec] = &[
    // Leaves.
    leaf(&["Condition"],       L::Condition,       Grammar::Leaf,   Running::Never,  C::Condition),
    leaf(&["Action"],          L::Action,          Grammar::Leaf,   Running::Never,  C::Action),
    leaf(&["StatefulAction"],  L::StatefulAction,  Grammar::Leaf,   Running::Always, C::Action),
    leaf(&["AlwaysSuccess"],   L::AlwaysSuccess,   Grammar::None,   Running::Never,  C::Action),
    leaf(&["AlwaysFailure"],   L::AlwaysFailure,   Grammar::None,   Running::Never,  C::Action),
    leaf(&["SetBlackboard"],   L::SetBlackboard,   Grammar::Assign, Running::Never,  C::Action),
    leaf(&["UnsetBlackboard"], L::UnsetBlackboard, Grammar::Entry,  Running::Never,  C::Action),
    leaf(&["Script"],          L::Script,          Grammar::Script, Running::Never,  C::Action),
    leaf(&["ScriptCondition"], L::ScriptCondition, Grammar::Script, Running::Never,  C::Condition),
    leaf(&["WasEntryUpdated"], L::WasEntryUpdated, Grammar::Entry,  Running::Never,  C::Condition),
    // Whether the child tree can run is not known to this expansion: assume it can.
    leaf(&["SubTree"],         L::SubTree,         Grammar::Leaf,   Running::Always, C::SubTree),
    // Composites: they can run when a child can. Columns: passes `Running`, memory.
    composite(&["Sequence", "MemSequence"],             Co::Sequence,           true,  Activation),
    // SequenceWithMemory remembers a failed child across activations.
    composite(&["SequenceWithMemory", "SequenceStar"],  Co::SequenceWithMemory, true,  Kept),
    composite(&["ReactiveSequence"],                    Co::ReactiveSequence,   false, Activation),
    composite(&["Fallback", "MemPriority"],             Co::Fallback,           true,  Activation),
    composite(&["ReactiveFallback"],                    Co::ReactiveFallback,   false, Activation),
    // Decorators.
    decorator(&["Inverter"],                D::Inverter,                Grammar::None,    Running::IfChildCan, true, Activation),
    decorator(&["ForceSuccess"],            D::ForceSuccess,            Grammar::None,    Running::IfChildCan, true, Activation),
    decorator(&["ForceFailure"],            D::ForceFailure,            Grammar::None,    Running::IfChildCan, true, Activation),
    decorator(&["Repeat"],                  D::Repeat,                  Grammar::Count,   Running::Loop,       true, Activation),
    decorator(&["RetryUntilSuccessful"],    D::RetryUntilSuccessful,    Grammar::Count,   Running::Loop,       true, Activation),
    decorator(&["KeepRunningUntilFailure"], D::KeepRunningUntilFailure, Grammar::None,    Running::Always,     true, Activation),
    decorator(&["RunOnce"],                 D::RunOnce,                 Grammar::RunOnce, Running::IfChildCan, true, Kept),
    // The update nodes look at the blackboard before their child: not passed by a resume.
    decorator(&["SkipUnlessUpdated"],       D::SkipUnlessUpdated,       Grammar::Entry,   Running::IfChildCan, false, Kept),
    decorator(&["WaitValueUpdate"],         D::WaitValueUpdate,         Grammar::Entry,   Running::Always,     false, Kept),
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

    /// One decorator's rule, ticking its child through `child` when it decides to.
    trait Rule {
        fn tick(&mut self, child: &mut dyn FnMut() -> Status) -> Status;
        fn state(&self) -> String;
    }

    macro_rules! rule {
        ($name:ident, $state:ty, |$s:ident, $child:ident| $body:expr) => {
            struct $name($state);
            impl Rule for $name {
                fn tick(&mut self, $child: &mut dyn FnMut() -> Status) -> Status {
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

    fn decorator_rule(kind: DecoratorKind) -> Option<Box<dyn Rule>> {
        Some(match kind {
            D::Inverter => Box::new(Inverter(())),
            D::ForceSuccess => Box::new(ForceSuccess(())),
            D::ForceFailure => Box::new(ForceFailure(())),
            D::KeepRunningUntilFailure => Box::new(KeepRunning(())),
            D::Repeat => Box::new(Repeat3(rules::Repeat::new())),
            D::RetryUntilSuccessful => Box::new(Retry3(rules::RetryUntilSuccessful::new())),
            D::RunOnce => Box::new(RunOnce(rules::RunOnce::new())),
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
                let status = rule.tick(&mut || {
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

    /// A composite rule driven as the generated code drives it.
    fn composite_tick(
        state: &mut dyn FnMut(usize, Status) -> rules::Flow,
        start: usize,
        answers: &[Status],
    ) -> Status {
        let mut child = start;
        loop {
            match state(child, answers[child]) {
                rules::Flow::Tick(next) => child = next,
                rules::Flow::Return(status) | rules::Flow::HaltAndReturn { status, .. } => {
                    return status
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
                for _ in 0..5_000 {
                    let answers: Vec<Status> = (0..3).map(|_| draw.status(true)).collect();
                    let start = state.start();
                    let status = composite_tick(
                        &mut |child, status| state.on_child(child, status, 3),
                        start,
                        &answers,
                    );
                    if status != Running && state.start() != 0 {
                        kept_memory = true;
                    }
                    if status == Running {
                        // Resuming: the running child answers Running again.
                        let resumed = state.start();
                        let before = format!("{state:?}");
                        let mut again = answers.clone();
                        again[resumed] = Running;
                        let start = state.start();
                        let status = composite_tick(
                            &mut |child, status| state.on_child(child, status, 3),
                            start,
                            &again,
                        );
                        if spec.passes_running {
                            assert_eq!(status, Running, "{name} passes Running");
                            assert_eq!(format!("{state:?}"), before, "{name} kept its state");
                        }
                    }
                    // Never running without a running child.
                    let calm: Vec<Status> = (0..3).map(|_| draw.status(false)).collect();
                    let start = state.start();
                    let status = composite_tick(
                        &mut |child, status| state.on_child(child, status, 3),
                        start,
                        &calm,
                    );
                    assert_ne!(status, Running, "{name} ran without a running child");
                }
                assert_eq!(kept_memory, spec.memory == Memory::Kept, "{name}'s memory");
            }};
        }
        check!(rules::Sequence<u8>, Co::Sequence);
        check!(rules::SequenceWithMemory<u8>, Co::SequenceWithMemory);
        check!(rules::ReactiveSequence<u8>, Co::ReactiveSequence);
        check!(rules::Fallback<u8>, Co::Fallback);
        check!(rules::ReactiveFallback<u8>, Co::ReactiveFallback);
    }

    #[test]
    fn names_are_unique() {
        let names: Vec<&str> = all_names().collect();
        for (index, name) in names.iter().enumerate() {
            assert!(!names[..index].contains(name), "{name} listed twice");
        }
    }
}
