//! Each fact of the table, checked against the bt-core rule it restates.

use super::{all_names, Composite as Co, DecoratorKind as D, Memory, Running as Runs};
use super::{Arity, Shape, TimeKind as T, KINDS};
use super::{FlowKind as F, LoopKind as Lp, ParallelKind as P, SelectorKind as S};
use bt_core::__private as rules;
use bt_core::Outcome;
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
    let first = s.rule.start(now, rules::ms(25));
    step_tick(first, |event| s.rule.next(event, now, rules::ms(25)), child)
});
rule!(Repeater, rules::Repeater<u8>, |s, child| s
    .start(Some(3))
    .unwrap_or_else(|| s.on_child(child(), Some(3))));

// NodeCanvas's decorators and Unreal's Observe (`rules::Interrupt`, .., `rules::ConditionalAbort`).
rule!(Interrupt, Ticking<rules::Interrupt>, |s, child| {
    let fire = s.now().as_millis() % 30 == 0;
    let first = s.rule.start(|| fire);
    step_tick(first, |event| s.rule.next(event), child)
});
rule!(
    Conditional,
    Ticking<rules::Conditional>,
    |s, running, child| {
        let holds = s.now().as_millis() % 30 != 0;
        let first = s.rule.start(running, || holds, true, Outcome::Failure);
        step_tick(first, |event| s.rule.next(event, Outcome::Failure), child)
    }
);
rule!(RepeatTimes3, rules::Rerun<u8>, |s, child| s
    .on_child(child(), rules::RepeatMode::Times(3)));
rule!(RepeatUntil, rules::Rerun<u8>, |s, child| s
    .on_child(child(), rules::RepeatMode::Until(Outcome::Success)));
rule!(Filter, rules::Filter<u8>, |s, child| s
    .start(3, Skipped)
    .unwrap_or_else(
        || s.on_child(child(), rules::CountWhen::Completed)
    ));
rule!(Cooldown, Ticking<rules::Cooldown>, |s, child| {
    let now = s.now();
    s.rule
        .start(now, rules::ms(25), Skipped)
        .unwrap_or_else(|| s.rule.on_child(child(), now))
});
// Without `reset_index`: the index outlives activations.
rule!(Iterate, rules::Iterate<u8>, |s, child| s
    .start(3, |_| {})
    .unwrap_or_else(|| s.on_child(
        child(),
        3,
        rules::Termination::Never,
        None,
        false
    )));
rule!(WaitUntil, Ticking<rules::WaitUntil>, |s, running, child| {
    let holds = s.now().as_millis() % 30 != 0;
    s.rule.start(running, || holds).unwrap_or_else(child)
});
rule!(Optional, (), |_s, child| rules::optional(child()));
rule!(Remap, (), |_s, child| rules::remap(
    child(),
    Outcome::Failure,
    Outcome::Success
));
rule!(Deadline, Ticking<rules::Deadline>, |s, child| {
    let now = s.now();
    let first = s.rule.start(now, rules::ms(25));
    step_tick(first, |event| s.rule.next(event, now, rules::ms(25)), child)
});
/// A Guard whose token another Guard takes now and then while this one does not hold it;
/// blocked ticks wait (`if_guarded = Running`). Its state is the rule's alone.
#[derive(Default)]
struct Guarded {
    rule: rules::Guard,
    token: rules::GuardToken,
    ticks: u64,
}
impl std::fmt::Debug for Guarded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.rule.fmt(f)
    }
}
rule!(Guard, Guarded, |s, child| {
    s.ticks += 1;
    if !s.rule.is_holding() {
        match s.ticks % 4 {
            0 => drop(s.token.try_acquire()),
            1 => s.token.release(),
            _ => {}
        }
    }
    match s.rule.start(&mut s.token, Running) {
        Some(status) => status,
        None => {
            let status = child();
            s.rule.on_child(status, &mut s.token)
        }
    }
});
rule!(Observe, Ticking<rules::ConditionalAbort>, |s, child| {
    let holds = s.now().as_millis() % 30 != 0;
    let mode = rules::AbortMode::SelfBranch;
    let mut step = s.rule.start(mode);
    loop {
        let event = match step {
            rules::Step::Tick(rules::ConditionalAbort::CONDITION) => {
                rules::Event::Child(rules::ConditionalAbort::CONDITION, Status::from_bool(holds))
            }
            rules::Step::Tick(i) => rules::Event::Child(i, child()),
            rules::Step::Halt(i) => rules::Event::Halted(i),
            rules::Step::Return(status) => break status,
        };
        step = s.rule.next(event, mode);
    }
});

/// The rule of a node of one child (decorators, time, loops); `None` for the update nodes, whose
/// rule reads an entry's version, and for the other families.
fn decorator_rule(shape: Shape) -> Option<Box<dyn Rule>> {
    Some(match shape {
        Shape::Decorator(D::Inverter) => Box::new(Inverter(())),
        Shape::Decorator(D::ForceSuccess) => Box::new(ForceSuccess(())),
        Shape::Decorator(D::ForceFailure) => Box::new(ForceFailure(())),
        Shape::Decorator(D::KeepRunningUntilFailure) => Box::new(KeepRunning(())),
        Shape::Loop(Lp::Repeat) => Box::new(Repeat3(rules::Repeat::new())),
        Shape::Loop(Lp::RetryUntilSuccessful) => {
            Box::new(Retry3(rules::RetryUntilSuccessful::new()))
        }
        Shape::Decorator(D::RunOnce) => Box::new(RunOnce(rules::RunOnce::new())),
        Shape::Time(T::Delay) => Box::new(Delay(Ticking::default())),
        Shape::Time(T::Timeout) => Box::new(Timeout(Ticking::default())),
        Shape::Decorator(D::Precondition) => Box::new(Precondition(Ticking::default())),
        Shape::Loop(Lp::Loop) => Box::new(Loop(Ticking::default())),
        Shape::Decorator(D::Limiter) => Box::new(Limiter(rules::Limiter::new())),
        Shape::Time(T::MaxTime) => Box::new(MaxTime(Ticking::default())),
        Shape::Loop(Lp::Repeater) => Box::new(Repeater(rules::Repeater::new())),
        Shape::Loop(Lp::RepeatUntilFailure) => Box::new(Repeat3(rules::Repeat::new())),
        Shape::Loop(Lp::RepeatUntilSuccess) => Box::new(Retry3(rules::RetryUntilSuccessful::new())),
        // Their gate reads the blackboard before the child: checked in bt-core.
        Shape::Decorator(D::Interrupt) => Box::new(Interrupt(Ticking::default())),
        Shape::Decorator(D::Conditional) => Box::new(Conditional(Ticking::default())),
        Shape::Loop(Lp::RepeatTimes) => Box::new(RepeatTimes3(rules::Rerun::new())),
        Shape::Loop(Lp::RepeatUntil) => Box::new(RepeatUntil(rules::Rerun::new())),
        Shape::Decorator(D::Filter) => Box::new(Filter(rules::Filter::new())),
        Shape::Time(T::Cooldown) => Box::new(Cooldown(Ticking::default())),
        Shape::Loop(Lp::Iterate) => Box::new(Iterate(rules::Iterate::new())),
        Shape::Decorator(D::WaitUntil) => Box::new(WaitUntil(Ticking::default())),
        Shape::Decorator(D::Optional) => Box::new(Optional(())),
        Shape::Decorator(D::Guard) => Box::new(Guard(Guarded::default())),
        Shape::Time(T::Deadline) => Box::new(Deadline(Ticking::default())),
        Shape::Decorator(D::Remap) => Box::new(Remap(())),
        Shape::Decorator(D::Observe) => Box::new(Observe(Ticking::default())),
        Shape::Decorator(D::SkipUnlessUpdated | D::WaitValueUpdate) => return None,
        Shape::Leaf(_)
        | Shape::Composite(_)
        | Shape::Selector(_)
        | Shape::Flow(_)
        | Shape::Parallel(_)
        | Shape::Custom(_) => return None,
    })
}

#[test]
fn decorator_facts_hold_for_their_rules() {
    for spec in KINDS {
        let Some(mut rule) = decorator_rule(spec.shape) else {
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

/// A decorator whose state after completing (with `Success` or `Failure`: a loop may keep its
/// count across a skip, which the tree's halt clears) differs from a new one's keeps memory
/// across activations, and the table must say so (and the other way round).
#[test]
fn decorator_memory_facts_hold_for_their_rules() {
    for spec in KINDS {
        let (Some(mut rule), Some(fresh)) =
            (decorator_rule(spec.shape), decorator_rule(spec.shape))
        else {
            continue;
        };
        let name = spec.names[0];
        let mut draw = Draw(0x2545_F491_4F6C_DD1D);
        let mut child_running = false;
        let mut kept = false;
        for _ in 0..5_000 {
            let answer = draw.status(true);
            let mut ticked = None;
            let status = rule.tick(child_running, &mut || {
                ticked = Some(answer);
                answer
            });
            if ticked.is_some() {
                child_running = ticked == Some(Running);
            }
            if status != Running {
                child_running = false;
            }
            if status == Success || status == Failure {
                kept |= rule.state() != fresh.state();
            }
        }
        assert_eq!(kept, spec.memory == Memory::Kept, "{name}'s memory");
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
        // `$arg = $tick`: what the rule counts within one tick, made afresh before each tick.
        ($ty:ty, $composite:expr $(, $arg:ident = $tick:expr)?) => {{
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
                $(let mut $arg = $tick;)?
                let (status, child_running) = composite_tick(
                    &mut |child, status| state.on_child(child, status, 3 $(, &mut $arg)?),
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
                    $(let mut $arg = $tick;)?
                    let (status, _) = composite_tick(
                        &mut |child, status| state.on_child(child, status, 3 $(, &mut $arg)?),
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
                $(let mut $arg = $tick;)?
                let (status, _) = composite_tick(
                    &mut |child, status| state.on_child(child, status, 3 $(, &mut $arg)?),
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
    check!(
        rules::ReactiveSequence<u8>,
        Co::ReactiveSequence,
        tick = rules::ReactiveTick::new()
    );
    check!(rules::Fallback<u8>, Co::Fallback);
    check!(
        rules::ReactiveFallback<u8>,
        Co::ReactiveFallback,
        tick = rules::ReactiveTick::new()
    );
    check!(rules::AsyncSequence<u8>, Co::AsyncSequence);
    check!(rules::AsyncFallback<u8>, Co::AsyncFallback);
}

/// The `Step` composites with three children that never run: an `IfChildCan` node never
/// answers `Running`; an `Always` one does, now and then.
#[test]
fn control_facts_hold_for_their_rules() {
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
        if !matches!(
            spec.shape,
            Shape::Selector(_) | Shape::Flow(_) | Shape::Parallel(_)
        ) {
            continue;
        }
        let name = spec.names[0];
        let mut parallel = rules::Parallel::<u8, 1>::new();
        let mut all = rules::ParallelAll::<u8, 1>::new();
        let mut ite = rules::IfThenElse::new();
        let mut wde = rules::WhileDoElse::new();
        let mut switch = rules::Switch::<u8>::new();
        let mut try_catch = rules::TryCatch::<u8>::new();
        let config = rules::ParallelConfig::new(3, 2, 1);
        let config_all = rules::ParallelAllConfig::new(3, 1);
        let mut tick: Tick = match spec.shape {
            Shape::Parallel(P::Parallel) => Box::new(|answers, _| {
                let first = parallel.start(config);
                drive(first, &mut |event| parallel.next(event, config), answers)
            }),
            Shape::Parallel(P::ParallelAll) => Box::new(|answers, _| {
                let first = all.start(config_all);
                drive(first, &mut |event| all.next(event, config_all), answers)
            }),
            Shape::Flow(F::IfThenElse) => Box::new(|answers, _| {
                let first = ite.start(3);
                drive(first, &mut |event| ite.next(event, 3), answers)
            }),
            Shape::Flow(F::WhileDoElse) => Box::new(|answers, _| {
                let first = wde.start(3);
                drive(first, &mut |event| wde.next(event, 3), answers)
            }),
            Shape::Flow(F::Switch) => Box::new(|answers, selected| {
                let first = switch.start(selected % 3);
                drive(first, &mut |event| switch.next(event), answers)
            }),
            Shape::Flow(F::TryCatch) => Box::new(|answers, _| {
                let first = try_catch.start(3, false);
                drive(first, &mut |event| try_catch.next(event, 3, false), answers)
            }),
            // NodeCanvas's composites (every mode: `Running` if one runs): their own test below
            // also checks `passes_running` and `memory`.
            shape => {
                let mut modes = nodecanvas_rules(shape);
                assert!(!modes.is_empty(), "{name}: a rule of the Step protocol");
                let mut rng = rules::SmallRng::seed(3);
                Box::new(move |answers, round| {
                    let statuses: Vec<Status> = (modes.iter_mut())
                        .map(|rule| nc_tick(&mut **rule, answers, round as u64, &mut rng).0)
                        .collect();
                    match statuses.contains(&Running) {
                        true => Running,
                        false => statuses[0],
                    }
                })
            }
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

/// A NodeCanvas composite (or the observer selector) with three children (two for
/// BinarySelector), its per-tick inputs derived from one number `x` (weights, scores, a
/// condition, an index, the guards' values).
trait NcRule: std::fmt::Debug {
    fn start(&mut self, x: u64, rng: &mut rules::SmallRng) -> rules::Step;
    fn next(&mut self, event: rules::Event, x: u64) -> rules::Step;
    fn halt(&mut self) -> rules::Step;
    fn boxed(&self) -> Box<dyn NcRule>;
    fn fresh(&self) -> Box<dyn NcRule>;
    fn len(&self) -> usize;
}

macro_rules! nc_rule {
    ($name:ident, $ty:ty, $len:expr,
     |$s:ident, $x:ident, $rng:ident| $start:expr,
     |$n:ident, $e:ident, $y:ident| $next:expr,
     |$h:ident| $halt:expr) => {
        #[derive(Clone, Debug, Default)]
        struct $name($ty);
        impl NcRule for $name {
            fn start(&mut self, $x: u64, $rng: &mut rules::SmallRng) -> rules::Step {
                let _ = (&$x, &$rng);
                let $s = &mut self.0;
                $start
            }
            fn next(&mut self, $e: rules::Event, $y: u64) -> rules::Step {
                let _ = &$y;
                let $n = &mut self.0;
                $next
            }
            fn halt(&mut self) -> rules::Step {
                let $h = &mut self.0;
                $halt
            }
            fn boxed(&self) -> Box<dyn NcRule> {
                Box::new(self.clone())
            }
            fn fresh(&self) -> Box<dyn NcRule> {
                Box::new(Self::default())
            }
            fn len(&self) -> usize {
                $len
            }
        }
    };
}

fn weights(x: u64) -> [f32; 3] {
    [(x % 3) as f32, (x / 3 % 3) as f32, (x / 9 % 2) as f32]
}
fn fail_weight(x: u64) -> f32 {
    (x / 18 % 2) as f32 * 0.5
}
const CONDITIONS: [bool; 3] = [true, false, false];
const GUARDS: [Option<rules::AbortMode>; 3] = [
    Some(rules::AbortMode::LowerPriority),
    Some(rules::AbortMode::Both),
    None,
];
/// The value of the pseudo child `k` (a guard) this tick.
fn guard_value(x: u64, k: usize) -> bool {
    (x >> k) & 1 == 1
}
use rules::{OutOfRange, ParallelPolicy};

nc_rule!(
    NcRandomSequence,
    rules::RandomSequence<3>,
    3,
    |s, x, rng| s.start(rng),
    |s, e, x| s.next(e),
    |s| s.halt()
);
nc_rule!(
    NcRandomSelector,
    rules::RandomSelector<3>,
    3,
    |s, x, rng| s.start(rng),
    |s, e, x| s.next(e),
    |s| s.halt()
);
nc_rule!(
    NcProbability,
    rules::ProbabilitySelector,
    3,
    |s, x, rng| s.start(&weights(x), fail_weight(x), rng),
    |s, e, x| s.next(e, &weights(x), fail_weight(x)),
    |s| s.halt()
);
nc_rule!(
    NcPriority,
    rules::PrioritySelector<3>,
    3,
    |s, x, rng| s.start(&weights(x)),
    |s, e, x| s.next(e),
    |s| s.halt()
);
nc_rule!(
    NcDynamicPriority,
    rules::DynamicPrioritySelector,
    3,
    |s, x, rng| s.start(&weights(x)),
    |s, e, x| s.next(e),
    |s| s.halt()
);
nc_rule!(
    NcFlip,
    rules::FlipSelector<3>,
    3,
    |s, x, rng| s.start(),
    |s, e, x| s.next(e),
    |s| s.halt()
);
nc_rule!(
    NcStep,
    rules::StepSequencer,
    3,
    |s, x, rng| s.start(3),
    |s, e, x| s.next(e, 3),
    |s| s.halt(3)
);
nc_rule!(
    NcBinary,
    rules::BinarySelector,
    2,
    |s, x, rng| s.start(x % 2 == 0, x % 4 < 2),
    |s, e, x| s.next(e, x % 4 < 2),
    |s| s.halt(false)
);
nc_rule!(
    NcIndexSwitch,
    rules::IndexSwitch,
    3,
    |s, x, rng| s.start((x % 5) as i64 - 1, 3, OutOfRange::Fail, x % 7 < 3),
    |s, e, x| s.next(e, 3, OutOfRange::Fail, x % 7 < 3),
    |s| s.halt(3, OutOfRange::Fail, false)
);
nc_rule!(
    NcPolicyParallel,
    rules::PolicyParallel,
    3,
    |s, x, rng| s.start(3, ParallelPolicy::FirstSuccess, false),
    |s, e, x| s.next(e, 3, ParallelPolicy::FirstSuccess, false),
    |s| s.halt(3, ParallelPolicy::FirstSuccess, false)
);
nc_rule!(
    NcDynamicSequence,
    rules::DynamicSequence,
    3,
    |s, x, rng| s.start(&CONDITIONS),
    |s, e, x| s.next(e, &CONDITIONS),
    |s| s.halt(&CONDITIONS)
);
nc_rule!(
    NcDynamicSelector,
    rules::DynamicSelector,
    3,
    |s, x, rng| s.start(&CONDITIONS),
    |s, e, x| s.next(e, &CONDITIONS),
    |s| s.halt(&CONDITIONS)
);
nc_rule!(
    NcObserverSelector,
    rules::ObserverSelector,
    3,
    |s, x, rng| s.start(&GUARDS),
    |s, e, x| s.next(e, &GUARDS),
    |s| s.halt(&GUARDS)
);

/// The rules of a selector, of NodeCanvas's conditional flow or of its parallel: one per mode
/// that is a rule of its own (`PrioritySelector` and `PrioritySelector(dynamic = true)`); none for
/// the other kinds.
fn nodecanvas_rules(shape: Shape) -> Vec<Box<dyn NcRule>> {
    if matches!(shape, Shape::Selector(S::PrioritySelector)) {
        return vec![
            Box::new(NcPriority::default()),
            Box::new(NcDynamicPriority::default()),
        ];
    }
    nodecanvas_rule(shape).into_iter().collect()
}

/// The rule of a kind that has one rule in every mode (see [`nodecanvas_rules`]).
fn nodecanvas_rule(shape: Shape) -> Option<Box<dyn NcRule>> {
    Some(match shape {
        Shape::Selector(S::RandomSequence) => Box::new(NcRandomSequence::default()),
        Shape::Selector(S::RandomSelector) => Box::new(NcRandomSelector::default()),
        Shape::Selector(S::ProbabilitySelector) => Box::new(NcProbability::default()),
        Shape::Selector(S::FlipSelector) => Box::new(NcFlip::default()),
        Shape::Selector(S::StepSequencer) => Box::new(NcStep::default()),
        Shape::Selector(S::DynamicSequence) => Box::new(NcDynamicSequence::default()),
        Shape::Selector(S::DynamicSelector) => Box::new(NcDynamicSelector::default()),
        Shape::Selector(S::ObserverSelector) => Box::new(NcObserverSelector::default()),
        Shape::Flow(F::BinarySelector) => Box::new(NcBinary::default()),
        Shape::Flow(F::IndexSwitch) => Box::new(NcIndexSwitch::default()),
        Shape::Parallel(P::PolicyParallel) => Box::new(NcPolicyParallel::default()),
        _ => return None,
    })
}

/// One tick: the status, and the children ticked (pseudo children answer `guard_value`).
fn nc_tick(
    rule: &mut dyn NcRule,
    answers: &[Status],
    x: u64,
    rng: &mut rules::SmallRng,
) -> (Status, Vec<usize>) {
    let len = rule.len();
    let mut ticked = Vec::new();
    let mut step = rule.start(x, rng);
    loop {
        let event = match step {
            rules::Step::Tick(k) if k >= len => {
                rules::Event::Child(k, Status::from_bool(guard_value(x, k)))
            }
            rules::Step::Tick(i) => {
                ticked.push(i);
                rules::Event::Child(i, answers[i])
            }
            rules::Step::Halt(i) => rules::Event::Halted(i),
            rules::Step::Return(status) => return (status, ticked),
        };
        step = rule.next(event, x);
    }
}

/// Drives each NodeCanvas composite (and the observer selector, `OBSERVER_SELECTOR`) with
/// random answers, inputs and halts. `passes_running`: resuming a running child that answers
/// `Running` again ticks it alone, answers `Running` and changes nothing. `memory`: after the
/// node completed or was halted, it behaves like a new node (same answers, inputs and draws)
/// unless the table says its memory is kept. `running`: with children that never run, it
/// never runs.
#[test]
fn nodecanvas_control_facts_hold_for_their_rules() {
    let specs = KINDS.iter().chain([&super::OBSERVER_SELECTOR]);
    let mut checked = 0;
    for (spec, mut rule) in specs.flat_map(|spec| {
        nodecanvas_rules(spec.shape)
            .into_iter()
            .map(move |rule| (spec, rule))
    }) {
        checked += 1;
        let name = format!("{:?}", spec.shape);
        let len = rule.len();
        let mut draw = Draw(0x9E37_79B9_7F4A_7C15);
        let mut rng = rules::SmallRng::seed(11);
        let (mut kept_memory, mut resumed) = (false, 0);
        let mut running = false;
        for round in 0..20_000u64 {
            let x = draw.0.rotate_left(7);
            if round % 13 == 12 {
                if running {
                    let mut step = rule.halt();
                    while let rules::Step::Halt(i) = step {
                        step = rule.next(rules::Event::Halted(i), x);
                    }
                    running = false;
                }
            } else {
                let answers: Vec<Status> = (0..len).map(|_| draw.status(true)).collect();
                let (status, ticked) = nc_tick(&mut *rule, &answers, x, &mut rng);
                running = status == Running;
                let last = ticked.last().copied();
                if status == Running && last.is_some_and(|last| answers[last] == Running) {
                    let child = last.expect("checked");
                    let before = format!("{rule:?}");
                    let mut again: Vec<Status> = (0..len).map(|_| draw.status(true)).collect();
                    again[child] = Running;
                    let x = draw.0;
                    let mut probe = rule.boxed();
                    let (status, ticked) = nc_tick(&mut *probe, &again, x, &mut rng.clone());
                    let passes =
                        status == Running && ticked == [child] && format!("{probe:?}") == before;
                    if spec.passes_running {
                        assert!(passes, "{name} passes Running: {status:?} {ticked:?}");
                        resumed += 1;
                    }
                }
            }
            if !running {
                // Completed or halted: compare with a new node over the next ticks.
                let (mut old, mut new) = (rule.boxed(), rule.fresh());
                let mut probe = draw.0;
                for _ in 0..6 {
                    let mut roll = Draw(probe | 1);
                    let answers: Vec<Status> = (0..len).map(|_| roll.status(true)).collect();
                    probe = roll.0;
                    let a = nc_tick(&mut *old, &answers, probe, &mut rng.clone());
                    let b = nc_tick(&mut *new, &answers, probe, &mut rng.clone());
                    if a != b {
                        kept_memory = true;
                        break;
                    }
                }
            }
            // Children that never run: the node never runs.
            let mut calm_rule = rule.fresh();
            let calm: Vec<Status> = (0..len).map(|_| draw.status(false)).collect();
            let (status, _) = nc_tick(&mut *calm_rule, &calm, x, &mut rng.clone());
            assert_eq!(spec.running, Runs::IfChildCan, "{name}");
            assert_ne!(status, Running, "{name} ran without a running child");
        }
        assert_eq!(kept_memory, spec.memory == Memory::Kept, "{name}'s memory");
        if spec.passes_running {
            assert!(resumed > 100, "{name} was resumed {resumed} times");
        }
    }
    assert_eq!(checked, 13);
}

/// A kind draws random numbers (`KindSpec::random`) exactly when its rule's choices depend on
/// the generator: ticked with the same answers and inputs but generators seeded apart, it ticks
/// other children or answers otherwise, now and then. Only the `Step` composites' rules take a
/// generator.
#[test]
fn random_facts_hold_for_their_rules() {
    let mut draw = Draw(0x2545_F491_4F6C_DD1D);
    for spec in KINDS.iter().chain([&super::OBSERVER_SELECTOR]) {
        let draws = nodecanvas_rules(spec.shape).into_iter().any(|rule| {
            (0..200).any(|seed| {
                let answers: Vec<Status> = (0..rule.len()).map(|_| draw.status(true)).collect();
                let x = draw.0;
                let tick = |seed| {
                    let mut rng = rules::SmallRng::seed(seed);
                    nc_tick(&mut *rule.fresh(), &answers, x, &mut rng)
                };
                tick(seed) != tick(seed + 1_000)
            })
        });
        assert_eq!(draws, spec.random, "{:?}", spec.shape);
    }
}

/// Whether the NodeCanvas composites that do not pass `Running` indeed could not: each one (in
/// one of its modes at least) changes something, re-reads an input or ticks another child when
/// resumed, now and then.
#[test]
fn nodecanvas_controls_that_do_not_pass_running_need_the_walk() {
    for spec in KINDS.iter().chain([&super::OBSERVER_SELECTOR]) {
        if spec.passes_running {
            continue;
        }
        let differs = (nodecanvas_rules(spec.shape).into_iter()).any(needs_the_walk);
        assert!(
            differs || nodecanvas_rules(spec.shape).is_empty(),
            "{:?} could pass Running: check it and say so in the table",
            spec.shape
        );
    }
}

/// Whether `rule`, resumed at a running child that answers `Running` again, now and then does
/// something else than answer `Running` with nothing changed.
fn needs_the_walk(mut rule: Box<dyn NcRule>) -> bool {
    let len = rule.len();
    let mut draw = Draw(0x5851_F42D_4C95_7F2D);
    let mut rng = rules::SmallRng::seed(5);
    for _ in 0..20_000 {
        let answers: Vec<Status> = (0..len).map(|_| draw.status(true)).collect();
        let (status, ticked) = nc_tick(&mut *rule, &answers, draw.0, &mut rng);
        let Some(&child) = ticked.last() else {
            continue;
        };
        if status != Running || answers[child] != Running {
            continue;
        }
        let before = format!("{rule:?}");
        let mut again: Vec<Status> = (0..len).map(|_| draw.status(true)).collect();
        again[child] = Running;
        let mut probe = rule.boxed();
        let x = draw.0.rotate_left(17);
        let (status, ticked) = nc_tick(&mut *probe, &again, x, &mut rng.clone());
        if status != Running || ticked != [child] || format!("{probe:?}") != before {
            return true;
        }
    }
    false
}

/// The NodeCanvas kinds that pass `Running` let a tick resume the leaves below them directly;
/// the others, and the observer selector, do not.
#[test]
fn direct_resume_passes_the_nodecanvas_kinds_that_say_so() {
    let resumed = |body: &str| {
        let source = format!("tree T for C {{ blackboard {{ go: bool, f: f32 }} {body} }}");
        let input: crate::parse::TreeInput = syn::parse_str(&source).expect("parses");
        let body = crate::parse::parse_body(input.body).expect("parses");
        let cx = crate::ctxt::Ctxt::new();
        let tree = crate::model::Tree::from_syntax(&cx, input.header, body);
        cx.check().expect("valid");
        crate::plan::Plan::new(&tree).resume
    };
    let passing = [
        "RandomSequence { X }",
        "RandomSelector { X }",
        "ProbabilitySelector { #[weight(1)] X }",
        "FlipSelector { X }",
        "StepSequencer { X }",
        "RepeatTimes(3) { X }",
        "RepeatUntil(Success) { X }",
        "Filter(2) { X }",
        "Optional { X }",
        "Guard(|c| &mut c.token) { X }",
        "Remap(success = Failure) { X }",
    ];
    for node in passing {
        let body = format!("Sequence {{ {} }}", node.replace('X', "StatefulAction(A)"));
        assert_eq!(resumed(&body), [2], "{node}");
    }
    let walked = [
        // Reads its child's running flag before ticking it: after a direct resume handed a
        // completion over, the flag is already down and the rule would wait again
        // (tests/regression/wait_until_child_completion.rs).
        "WaitUntil(|bb| bb.go) { X }",
        // Resumes its running child, but `dynamic = true` (the same kind) re-reads the scores.
        "PrioritySelector { #[score(1)] X }",
        "PrioritySelector(dynamic = true) { #[score(1)] X }",
        "BinarySelector(|bb| bb.go) { X, X }",
        "IndexSwitch(|bb| 0) { X }",
        "PolicyParallel { X }",
        "DynamicSequence { X }",
        "DynamicSelector { X }",
        "Interrupt(|bb| bb.go) { X }",
        "Conditional(|bb| bb.go) { X }",
        "Cooldown(5) { X }",
        "Deadline(5) { X }",
        "Observe(|bb| bb.go, abort = self) { X }",
        "Fallback { Observe(|bb| bb.go, abort = lower) { X } }",
    ];
    for node in walked {
        let body = format!("Sequence {{ {} }}", node.replace('X', "StatefulAction(A)"));
        assert!(resumed(&body).is_empty(), "{node}");
    }
}

#[test]
fn unsupported_names_are_not_kinds() {
    for (name, _) in super::UNSUPPORTED {
        assert!(
            super::lookup(name).is_none(),
            "{name} is a kind and unsupported"
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

/// Every kind of parameters lowers from its arguments, all given or only the required ones: the
/// model reads each parameter by a name the table gives it (`model::Params` asserts it in debug
/// builds) and finds a default for every optional one, so no kind becomes an invalid node
/// without an error.
#[test]
fn every_kind_lowers_from_its_parameters() {
    use crate::args::{Grammar, ParamKind};
    let mut lowered = 0;
    for spec in KINDS {
        let Grammar::Params(params) = spec.grammar else {
            continue;
        };
        let name = spec.names[0];
        let value = |kind: ParamKind, param: &str| match kind {
            ParamKind::Int => "1".to_owned(),
            ParamKind::Duration => "5ms".to_owned(),
            ParamKind::Count => "3".to_owned(),
            ParamKind::Expr => "1.0".to_owned(),
            ParamKind::Bool => "true".to_owned(),
            ParamKind::Status(_) => "Failure".to_owned(),
            ParamKind::Entry => format!("{{{param}}}"),
            ParamKind::Closure => "|bb| true".to_owned(),
            ParamKind::Word(words) => words[0].to_owned(),
            ParamKind::ContextClosure => "|ctx| &mut ctx.token".to_owned(),
        };
        let children = match spec.arity {
            Arity::None => "",
            Arity::One => "{ AlwaysSuccess }",
            Arity::Cases => "{ case 1 => AlwaysSuccess, _ => AlwaysFailure }",
            Arity::AtLeastOne
            | Arity::TwoOrThree
            | Arity::AtLeastTwo
            | Arity::Two
            | Arity::ByType => match spec.shape {
                Shape::Selector(S::ProbabilitySelector) => {
                    "{ #[weight(1)] AlwaysSuccess, #[weight(2)] AlwaysFailure }"
                }
                Shape::Selector(S::PrioritySelector) => {
                    "{ #[score(1)] AlwaysSuccess, #[score(2)] AlwaysFailure }"
                }
                _ => "{ AlwaysSuccess, AlwaysFailure }",
            },
        };
        // Every entry a parameter names, tracked (the update nodes need it).
        let entries: Vec<String> = (params.iter())
            .filter(|param| param.value == ParamKind::Entry)
            .map(|param| format!("#[tracked] {}: i32,", param.name))
            .collect();
        let all: Vec<String> = (params.iter())
            .map(|param| format!("{} = {}", param.name, value(param.value, param.name)))
            .collect();
        let required: Vec<String> = (params.iter())
            .filter(|param| param.required())
            .map(|param| format!("{} = {}", param.name, value(param.value, param.name)))
            .collect();
        for args in [all, required] {
            let source = format!(
                "tree T for C, error E {{ blackboard {{ {} }} {name}({}) {children} }}",
                entries.join(" "),
                args.join(", ")
            );
            let input: crate::parse::TreeInput = syn::parse_str(&source).expect("parses");
            let body = crate::parse::parse_body(input.body).expect("parses");
            let cx = crate::ctxt::Ctxt::new();
            let tree = crate::model::Tree::from_syntax(&cx, input.header, body);
            let errors = cx.check().err().map(|error| error.to_string());
            assert_eq!(errors, None, "{source}");
            assert!(
                !matches!(tree.nodes[0].kind, crate::model::Kind::Invalid),
                "{source} lowered to an invalid node"
            );
            lowered += 1;
        }
    }
    assert!(lowered > 60, "{lowered}");
}
