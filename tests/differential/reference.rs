//! The reference interpreter: a deliberately simple, dynamic implementation of every node kind
//! the macro supports, written from `/work/shared/spec/behaviortree-cpp.md` (sections 1-3 for the
//! nodes, 4.1, 5 and 6 for the blackboard, ports and pre/post-conditions), `decisions.md` and the
//! user guide (`src/lib.rs`, docs/tour.md), sharing no code with `bt-core`.
//!
//! Each node is a [`RefNode`] holding its own memory; `tick` and `halt` recurse. The model:
//!
//! * A node is *running* when its last tick answered `Running` and it has not been halted since.
//!   Every other node is idle; ticking an idle node starts a new activation.
//! * `halt` only touches running nodes: a running node halts its running children (in child
//!   order), clears its memory (except where the spec keeps it) and becomes idle. A running
//!   stateful leaf gets `on_halted`. A halt of the whole tree ([`Reference::halt`]) also clears
//!   the count an idle Repeat/RetryUntilSuccessful keeps after a skipped child.
//! * A composite resets its children (halts the running ones) whenever it completes.
//! * No node is ticked twice in one tick: looping decorators answer `Running` after a child
//!   completion that does not end the loop, and tick the child again on the next tick.
//! * The blackboard ([`Bb`]) holds one value per declared entry; every write of a tracked entry
//!   counts one update (spec 5.5: "+1 per write"), whoever writes it.
//! * Pre- and post-conditions ([`RefNode::Guarded`]) wrap the node they are written on: the
//!   pipeline of spec 1.2 and 6.1 around the node's own tick and halt.
//! * A node that answers `Skipped` is idle afterwards (decision 3): the nodes with per-activation
//!   state (Parallel, IfThenElse, TryCatch, Delay, Timeout, ..) clear it whenever they answer
//!   anything but `Running`, so their next tick starts a new activation.
//! * Time is the context's clock ([`Ctx::now`]), read when a time node is ticked; the harness
//!   moves it between ticks.
//! * Where BehaviorTree.CPP throws, the interpreter answers `Skipped`: a skipped condition of
//!   IfThenElse/WhileDoElse (spec 2.8, 2.9: LogicError) skips the node (halting a running
//!   branch). The thresholds the spec rejects at tick time are rejected by the macro.
//!
//! Adding a node kind: add a [`RefNode`] variant, build it in [`RefNode::build`], write its rule
//! in [`RefNode::tick`], its halt in [`RefNode::halt`], and — if it has memory that survives a
//! halt — say so in [`RefNode::forget_all_but_halt_memory`].

#![allow(dead_code)]

use std::time::Duration;

use bt::Status::{self, Failure, Running, Skipped, Success};

use crate::leaves::{Bb, Ctx, Queue, Slot};
#[path = "reference_nc.rs"]
mod nc;
#[path = "reference_user.rs"]
mod user;

use crate::tree::{
    ArithOp, Atom, Attr, Bind, Composite, Cond, Count, Entry, Ext, Hook, Init, Int, Node, Op,
    PortLeaf, Ports, Pre, Rule, SetValue, StatusName, Stmt, Tree, User,
};

/// Deliberate errors the interpreter can be switched to, one at a time, to check that the
/// differential test notices them (`checks.rs`). Each is one `mutant(..)` test below; with no
/// mutation set (always, outside that check) they change nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mutation {
    /// SequenceWithMemory restarts at its first child after a halt.
    SwmForgetsIndexOnHalt,
    /// SequenceWithMemory restarts at its first child after a failure.
    SwmForgetsIndexOnFailure,
    /// A tree halt lets every RunOnce run again.
    RunOnceForgetsOnTreeHalt,
    /// A halt does not clear a running Repeat/Retry count.
    LoopKeepsCountOnHalt,
    /// `Repeat(0)` / `RetryUntilSuccessful(0)` run their child once.
    ZeroCountRunsOnce,
    /// Sequence/Fallback count skipped children per tick, not per activation.
    SkipCountPerTick,
    /// KeepRunningUntilFailure passes a skipped child's Skipped on.
    KeepRunningPassesSkipped,
    /// A reactive composite does not halt the other running child.
    ReactiveLeavesOtherRunning,
    /// A tree halt keeps the count of an idle Repeat/Retry whose child was skipped (a library
    /// bug found by this test, fixed).
    IdleLoopKeepsCountOnTreeHalt,
    /// KeepRunningUntilFailure ticks its child again in the same tick after a success (the
    /// BT.CPP loop that decision 1 rules out).
    LoopRestartsInSameTick,
    /// A reactive composite halts the later running child before ticking an earlier one (the
    /// spec halts it after, 2.3 note a).
    ReactiveHaltsBeforeTicking,
    /// `post` does not run after a halt (BehaviorTree.CPP 4.10; decision 4 runs it after
    /// `on_halted`).
    PostNotRunAfterHalt,
    /// `failure_if`/`success_if`/`skip_if` are re-evaluated while the node runs (BT.CPP's
    /// closed PR #1101; spec 6.1 evaluates them only when the node is idle); one that fires
    /// halts the node.
    PreconditionsCheckedWhileRunning,
    /// `run_while` is only checked when the node starts (spec 6.1 re-checks it every tick
    /// while running).
    RunWhileOnlyAtStart,
    /// `on_success`/`on_failure`/`post` do not run when a pre-condition decided the result
    /// (spec 1.2 step 4 runs them).
    NoHooksAfterShortCircuit,
    /// `skip_if` is checked before `success_if` (spec 6.1: failure_if, success_if, skip_if,
    /// run_while).
    SkipIfBeforeSuccessIf,
    /// The update nodes count the initial version (0) as an update (decision 12).
    UpdateNodesSeeVersionZero,
    /// SkipUnlessUpdated/WaitValueUpdate look at the entry again while their child runs (spec
    /// 3: "tick it, no check").
    UpdateCheckedWhileChildRuns,
    /// A stateful action's `on_halted` receives the input loaded for its last call, not the
    /// entry's current value (inputs are loaded before every call, `ports` docs).
    StaleInputOnHalted,
    /// An in-out port is written back after every call, also when the leaf did not change it
    /// (the entry is written back only when the leaf changed it, `ports` docs).
    InOutAlwaysWrittenBack,
    /// SetBlackboard into a tracked entry is not an update (spec 5.5: every write is).
    SetBlackboardIsNoUpdate,
    /// The output a stateful action sets in `on_halted` is dropped (outputs reach their entry
    /// after every call, `ports` docs).
    HaltedOutputDropped,
    /// A halted node with conditions runs `on_halted` and `post` before its own halt (spec 1.3:
    /// `halt()`, then the `_onHalted` script).
    HooksBeforeHalt,
    /// A halted SubTree node does not halt its child tree (docs/tour.md "Subtrees": pre-empting the
    /// `SubTree` node halts the child's running actions).
    SubTreeDoesNotHaltChild,
    /// AsyncSequence/AsyncFallback also yield after a child that was already running before the
    /// tick (decisions, "The tick model": only after a child that was not).
    AsyncYieldsAfterRunningChild,
    /// AsyncFallback never yields (it is a Fallback; decisions, "The tick model").
    AsyncFallbackDoesNotYield,
    /// Parallel ticks every child before it looks at its thresholds (spec 2.6, decision 8:
    /// after each child, later children are not ticked).
    ParallelDecidesAfterAllChildren,
    /// Parallel counts skipped children toward a positive success count too (decision 8: toward
    /// a negative one only).
    ParallelSkippedCountsForPositive,
    /// ParallelAll fails only when the failures exceed `max_failures` (its BT.CPP port
    /// description; spec 2.7 and decision 8: `>=`).
    ParallelAllFailsAboveMax,
    /// IfThenElse ticks its condition again on every tick while a branch runs (spec 2.8: the
    /// condition is not re-evaluated; that is WhileDoElse).
    IfThenElseReevaluatesCondition,
    /// WhileDoElse does not halt the other branch when its condition changes (spec 2.9).
    WhileDoElseKeepsOtherBranch,
    /// Switch keeps ticking its running case without reading the entry again (spec 2.10: it
    /// reads it every tick and halts the running case when another one is selected).
    SwitchLatchesRunningCase,
    /// TryCatch answers the catch child's status (spec 2.11: always Failure).
    TryCatchReturnsCatchStatus,
    /// TryCatch ignores `catch_on_halt = true` (spec 2.11: a halt in the try block ticks the
    /// catch child once).
    TryCatchIgnoresCatchOnHalt,
    /// Delay waits until more than its delay has passed (decision 7: `now - start >= delay`).
    DelayStrictDeadline,
    /// Delay(0) ticks its child on its first tick (decision 7: Running first, even for 0 ms).
    DelayZeroTicksAtOnce,
    /// Timeout fires only when more than its time has passed (decision 7: `>=`).
    TimeoutStrictDeadline,
    /// Sleep ends only when more than its time has passed (spec 4.1: when the timer fires, at
    /// `ms`; the `>=` of decision 7).
    SleepStrictDeadline,
    /// Precondition evaluates its condition again while its child runs (spec 3: only when no
    /// child activation is in progress; BT.CPP's docs before PR #1204).
    PreconditionRecheckedWhileRunning,
    /// A halt leaves Precondition's "child running" latch set (BT.CPP 4.10; decision 5 clears it).
    PreconditionLatchSurvivesHalt,
    /// Loop answers Skipped when its child is skipped (decision 6: like a success, Running).
    LoopPassesSkipped,
    /// Loop pops an item on every tick, also while its child runs (spec 3: only when the child
    /// is not running).
    LoopPopsWhileChildRuns,
    /// Limiter counts from zero in each activation (behavior3js/py's reset in `open`; behavior3go and decision 10 keep the count for the tree's life).
    LimiterResetsOnActivation,
    /// MaxTime fails when `now - start >= max` (its docs: strictly more than `max`, decision 7).
    MaxTimeInclusiveDeadline,
    /// Wait succeeds when `now - start >= ms` (its docs: strictly more than `ms`, decision 7).
    WaitInclusiveDeadline,
    /// Repeater stops at a failure like Repeat (its docs: successes and failures alike count).
    RepeaterStopsOnFailure,
    /// RepeatUntilFailure follows RetryUntilSuccessful's rule and RepeatUntilSuccess Repeat's (behavior3: loop while the child succeeds / fails).
    RepeatUntilNamesSwapped,
    /// Priority resumes at its running child like MemPriority (docs/tour.md: Priority is ReactiveFallback).
    PriorityIsMemPriority,
    /// Succeeder fails and Failer succeeds.
    Behavior3ConstantsSwapped,
    /// Optional turns a completion into Success (its docs: Skipped, so that the parent moves on).
    OptionalIsForceSuccess,
    /// Remap applies `failure` to a success and `success` to a failure.
    RemapSwapped,
    /// RepeatTimes passes a skipped child on without counting it, as Repeater does (its docs: every completion counts, Skipped too).
    RepeatTimesPassesSkipped,
    /// RepeatUntil ends with Skipped when its child is skipped (its docs: Skipped is Running).
    RepeatUntilEndsOnSkipped,
    /// Interrupt looks at its condition only when its child is not running (its docs: every tick).
    InterruptOnlyBeforeStart,
    /// A static Conditional re-checks its condition while its child runs, halting it (its docs: only the dynamic mode does).
    ConditionalStaticRechecks,
    /// WaitUntil halts its running child when the condition turns false (its docs: it is not stopped).
    WaitUntilRechecksWhileRunning,
    /// Deadline fires when `now - start > ms` (its docs: `>=`).
    DeadlineStrictDeadline,
    /// FlipSelector does not move a child that succeeded to the end (a plain Fallback).
    FlipSelectorKeepsOrder,
    /// DynamicSequence/DynamicSelector latch nothing: completed actions run again every tick
    /// (BehaviorTree.CPP's reactive rule, not decision 9).
    DynamicRerunsActions,
    /// DynamicSequence/DynamicSelector latch their conditions too (decision 9: re-checked).
    DynamicLatchesConditions,
    /// PrioritySelector switches from the running child to an earlier one with an equal score
    /// (NodeCanvas; its docs: only a strictly higher score pre-empts).
    PriorityTieSwitches,
    /// The ordered PrioritySelector tries the later of two children with equal scores first
    /// (NodeCanvas's ascending sort read from the end; the guide: declaration order).
    PriorityTiesLaterFirst,
    /// The ordered PrioritySelector reads the scores again on every tick and walks its new order
    /// from the top, as NodeCanvas does (the guide: read when it starts; the running child is
    /// resumed).
    PriorityReordersEveryTick,
    /// `Observe(abort = self)` does not watch its condition while its child runs.
    ObserveSelfNotWatched,
    /// An observer selector's `lower` guard fires whenever it holds, not when it starts to.
    ObserverFiresWhileTrue,
    /// An observer selector counts `Skipped` answers, not skipped children: a child skipped
    /// again after a `lower` abort counts twice (its docs: every child's latest answer; the
    /// library bug of issue 25).
    ObserverCountsSkipAnswers,
    /// Iterate without `reset_index` starts its next activation *after* the element its
    /// iteration ended at (NodeCanvas's documentation; its code and our docs: *at* it).
    IterateResumesAfterEnd,
    /// A Guard keeps its token after its child completed.
    GuardKeepsTokenAfterChild,
    /// StepSequencer does not advance when halted (its docs and decision 13: the interrupted child is skipped this round).
    StepSequencerStaysOnHalt,
    /// A static BinarySelector re-reads its condition while a branch runs (its docs: only `dynamic = true` does).
    BinarySelectorStaticRechecks,
    /// Filter counts every completion whatever its `count` says.
    FilterIgnoresCountWhen,
    /// Cooldown still filters when exactly `ms` have passed (its docs: `now - t >= cooldown` is over).
    CooldownEndsLate,
    /// A static IndexSwitch re-reads its index while a child runs (its docs: only `dynamic = true` does).
    IndexSwitchStaticRechecks,
    /// PolicyParallel does not tick the children after the one that decided (its docs: they are still ticked in that tick).
    PolicyParallelStopsAtDecision,
    /// After an error only the nodes that were running before the tick are halted (guide
    /// "Errors": the nodes on the failing leaf's path that can run count as running too).
    ErrorHaltsOnlyRunningNodes,
    /// The stateful action that failed with an error gets `on_halted` (guide "Errors": it has
    /// finished).
    ErrorHaltsFailingAction,
    /// After an error every node on the failing leaf's path is halted, also those that cannot
    /// run, running their `on_halted`/`post` hooks (guide "Errors": only those that can run).
    ErrorHaltsEveryPathNode,
    /// After an error the nodes on the failing leaf's path that cannot run keep the state of the
    /// aborted activation (decision 11: the next tick starts afresh; the library bug fixed in
    /// `tests/regression/error_in_flip_selector_and_halt_order.rs`).
    ErrorKeepsActivationState,
    /// RandomSequence draws `n` numbers for its order, `rng.below(1)` first (its docs:
    /// `n - 1` draws, from `rng.below(2)`).
    RandomShuffleDrawsN,
    /// RandomSelector shuffles from the end (Durstenfeld: `below(n)`, .., `below(2)`, swaps);
    /// its docs: inside-out, `below(2)` first.
    RandomShuffleOutsideIn,
    /// ProbabilitySelector draws a new number after a child fails (its docs: one per
    /// activation, the same `d` for every pick).
    ProbabilityRedrawsAfterFailure,
    /// ProbabilitySelector lays the fail weight after the children's weights (its docs: first).
    ProbabilityFailWeightLast,
    /// ProbabilitySelector draws on every tick, also while a child runs (its docs: only when
    /// it starts).
    ProbabilityDrawsEveryTick,
    /// A user node (`Control(Type)`/`Decorator(Type)`) that completes leaves the children it
    /// left running running (`bt::custom`: the tree halts them, once, in child order).
    UserLeavesChildrenRunning,
    /// A user node's children's last statuses outlive its activation (`bt::custom`: forgotten
    /// when it completes).
    UserKeepsLastStatuses,
    /// A halted user node gets `on_halted` before its running children are halted
    /// (`bt::custom`: the children first).
    UserHaltedBeforeChildren,
    /// A child's error stops the user node's rule at once (`bt::custom`: the handle answers
    /// `Failure` from then on and the rule runs to its end, its outputs stored).
    UserStopsAtChildError,
    /// A user node under a built-in parent (or at the root) is not reset when it completes: its
    /// next tick continues the activation (`bt::custom`, "Activations": reset at once).
    UserNotResetOnCompletion,
    /// A user node under a user node is reset when it completes (`bt::custom`: it stays
    /// completed until its parent halts it or ends its own activation).
    UserChildResetOnCompletion,
    /// A user node's outputs reach their entries only when its call returns (`bt::custom`,
    /// "Ports are live": before each child it ticks).
    UserOutputsAfterCall,
    /// A user node's inputs are read once, before its call (`bt::custom`: read again after
    /// each child).
    UserInputsReadOnce,
    /// A user node that ended the tick with its own error gets `on_halted` in the halt after
    /// the error (`bt::custom`: it has finished, like a leaf that fails with an error).
    UserOwnErrorHalted,
    /// A script's integer arithmetic wraps around instead of clamping (decision 16).
    ArithWraps,
}

impl Mutation {
    pub const ALL: [Mutation; 93] = [
        Mutation::SwmForgetsIndexOnHalt,
        Mutation::SwmForgetsIndexOnFailure,
        Mutation::RunOnceForgetsOnTreeHalt,
        Mutation::LoopKeepsCountOnHalt,
        Mutation::ZeroCountRunsOnce,
        Mutation::SkipCountPerTick,
        Mutation::KeepRunningPassesSkipped,
        Mutation::ReactiveLeavesOtherRunning,
        Mutation::IdleLoopKeepsCountOnTreeHalt,
        Mutation::LoopRestartsInSameTick,
        Mutation::ReactiveHaltsBeforeTicking,
        Mutation::PostNotRunAfterHalt,
        Mutation::PreconditionsCheckedWhileRunning,
        Mutation::RunWhileOnlyAtStart,
        Mutation::NoHooksAfterShortCircuit,
        Mutation::SkipIfBeforeSuccessIf,
        Mutation::UpdateNodesSeeVersionZero,
        Mutation::UpdateCheckedWhileChildRuns,
        Mutation::StaleInputOnHalted,
        Mutation::InOutAlwaysWrittenBack,
        Mutation::SetBlackboardIsNoUpdate,
        Mutation::HaltedOutputDropped,
        Mutation::HooksBeforeHalt,
        Mutation::SubTreeDoesNotHaltChild,
        Mutation::AsyncYieldsAfterRunningChild,
        Mutation::AsyncFallbackDoesNotYield,
        Mutation::ParallelDecidesAfterAllChildren,
        Mutation::ParallelSkippedCountsForPositive,
        Mutation::ParallelAllFailsAboveMax,
        Mutation::IfThenElseReevaluatesCondition,
        Mutation::WhileDoElseKeepsOtherBranch,
        Mutation::SwitchLatchesRunningCase,
        Mutation::TryCatchReturnsCatchStatus,
        Mutation::TryCatchIgnoresCatchOnHalt,
        Mutation::DelayStrictDeadline,
        Mutation::DelayZeroTicksAtOnce,
        Mutation::TimeoutStrictDeadline,
        Mutation::SleepStrictDeadline,
        Mutation::PreconditionRecheckedWhileRunning,
        Mutation::PreconditionLatchSurvivesHalt,
        Mutation::LoopPassesSkipped,
        Mutation::LoopPopsWhileChildRuns,
        Mutation::LimiterResetsOnActivation,
        Mutation::MaxTimeInclusiveDeadline,
        Mutation::WaitInclusiveDeadline,
        Mutation::RepeaterStopsOnFailure,
        Mutation::RepeatUntilNamesSwapped,
        Mutation::PriorityIsMemPriority,
        Mutation::Behavior3ConstantsSwapped,
        Mutation::OptionalIsForceSuccess,
        Mutation::RemapSwapped,
        Mutation::RepeatTimesPassesSkipped,
        Mutation::RepeatUntilEndsOnSkipped,
        Mutation::InterruptOnlyBeforeStart,
        Mutation::ConditionalStaticRechecks,
        Mutation::WaitUntilRechecksWhileRunning,
        Mutation::DeadlineStrictDeadline,
        Mutation::FlipSelectorKeepsOrder,
        Mutation::DynamicRerunsActions,
        Mutation::DynamicLatchesConditions,
        Mutation::PriorityTieSwitches,
        Mutation::PriorityTiesLaterFirst,
        Mutation::PriorityReordersEveryTick,
        Mutation::ObserveSelfNotWatched,
        Mutation::ObserverFiresWhileTrue,
        Mutation::ObserverCountsSkipAnswers,
        Mutation::IterateResumesAfterEnd,
        Mutation::GuardKeepsTokenAfterChild,
        Mutation::StepSequencerStaysOnHalt,
        Mutation::BinarySelectorStaticRechecks,
        Mutation::FilterIgnoresCountWhen,
        Mutation::CooldownEndsLate,
        Mutation::IndexSwitchStaticRechecks,
        Mutation::PolicyParallelStopsAtDecision,
        Mutation::ErrorHaltsOnlyRunningNodes,
        Mutation::ErrorHaltsFailingAction,
        Mutation::ErrorHaltsEveryPathNode,
        Mutation::ErrorKeepsActivationState,
        Mutation::RandomShuffleDrawsN,
        Mutation::RandomShuffleOutsideIn,
        Mutation::ProbabilityRedrawsAfterFailure,
        Mutation::ProbabilityFailWeightLast,
        Mutation::ProbabilityDrawsEveryTick,
        Mutation::UserLeavesChildrenRunning,
        Mutation::UserKeepsLastStatuses,
        Mutation::UserHaltedBeforeChildren,
        Mutation::UserStopsAtChildError,
        Mutation::UserNotResetOnCompletion,
        Mutation::UserChildResetOnCompletion,
        Mutation::UserOutputsAfterCall,
        Mutation::UserInputsReadOnce,
        Mutation::UserOwnErrorHalted,
        Mutation::ArithWraps,
    ];
}

thread_local! {
    static MUTATION: std::cell::Cell<Option<Mutation>> = const { std::cell::Cell::new(None) };
}

/// Sets (or clears) this thread's mutation.
pub fn set_mutation(mutation: Option<Mutation>) {
    MUTATION.with(|m| m.set(mutation));
}

/// This thread's mutation, if any.
pub fn active_mutation() -> Option<Mutation> {
    MUTATION.with(|m| m.get())
}

fn mutant(mutation: Mutation) -> bool {
    MUTATION.with(|m| m.get()) == Some(mutation)
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RefNode {
    /// Sequence, MemSequence, SequenceWithMemory, SequenceStar, Fallback, MemPriority, Selector,
    /// AsyncSequence, AsyncFallback (spec 2.1, 2.2, 2.4): resume at `index`; `skipped` counts the
    /// activation's skipped children.
    Linear {
        rule: Rule,
        children: Vec<RefNode>,
        index: usize,
        skipped: usize,
        running: bool,
    },
    /// Parallel (spec 2.6, decision 8). `success`/`failure` are the thresholds resolved against
    /// the child count (a negative one counts from the end); `count_skipped`: the declared success
    /// count is negative, so skipped children count toward it. `done[i]`: child `i` completed in
    /// this activation (not ticked again).
    Parallel {
        success: i64,
        failure: i64,
        count_skipped: bool,
        children: Vec<RefNode>,
        done: Vec<bool>,
        successes: i64,
        failures: i64,
        running: bool,
    },
    /// ParallelAll (spec 2.7, decision 8): `max` is `max_failures` resolved.
    ParallelAll {
        max: i64,
        children: Vec<RefNode>,
        done: Vec<bool>,
        failures: i64,
        running: bool,
    },
    /// IfThenElse (spec 2.8): `branch` 0 while the condition is looked at, then the branch
    /// chosen (1: then, 2: else).
    IfThenElse {
        children: Vec<RefNode>,
        branch: usize,
        running: bool,
    },
    /// WhileDoElse (spec 2.9): the condition every tick.
    WhileDoElse {
        children: Vec<RefNode>,
        running: bool,
    },
    /// Switch over `b1` (spec 2.10, decision 12): `cases[i]` selects child `i`, the last child is
    /// the default; `running_child` is the case that answered Running.
    Switch {
        cases: Vec<i64>,
        children: Vec<RefNode>,
        running_child: Option<usize>,
        running: bool,
    },
    /// TryCatch (spec 2.11): the try block (every child but the last) is walked like a
    /// Sequence from `index` (`skipped` counts its skipped children); `catching`: the catch child
    /// (the last) runs.
    TryCatch {
        catch_on_halt: bool,
        children: Vec<RefNode>,
        index: usize,
        skipped: usize,
        catching: bool,
        running: bool,
    },
    /// Delay (spec 3, decision 7): `start` is the time of the activation's first tick.
    Delay {
        ms: Duration,
        start: Option<Duration>,
        child: Box<RefNode>,
        running: bool,
    },
    /// Timeout (spec 3, decision 7): `start` is the time of the activation's first tick.
    Timeout {
        ms: Duration,
        start: Option<Duration>,
        child: Box<RefNode>,
        running: bool,
    },
    /// Precondition (spec 3, decision 5): `latched` while the child activation the condition let
    /// in is in progress.
    Precondition {
        cond: Cond,
        otherwise: Status,
        latched: bool,
        child: Box<RefNode>,
        running: bool,
    },
    /// Loop over the queue `q0` (spec 3 "LoopInt/..", decision 6): each item popped is written
    /// to `value` (if given) and the child ticked with it.
    Loop {
        value: Option<Entry>,
        if_empty: Status,
        child: Box<RefNode>,
        running: bool,
    },
    /// Sleep (spec 4.1, decision 7): `start` is the time of the activation's first tick.
    Sleep {
        ms: Duration,
        start: Option<Duration>,
        running: bool,
    },
    /// AlwaysRunning: Running, every tick (so it is running, and can be halted).
    AlwaysRunning {
        running: bool,
    },
    /// ReactiveSequence, ReactiveFallback (spec 2.3, 2.5): every tick from the first child.
    Reactive {
        rule: Rule,
        children: Vec<RefNode>,
        running: bool,
    },
    /// Inverter, ForceSuccess, ForceFailure (spec 3): map the child's completed status.
    Map {
        on_success: Status,
        on_failure: Status,
        child: Box<RefNode>,
        running: bool,
    },
    /// Repeat (spec 3 + decision 1): `count` successes so far.
    Repeat {
        times: Count,
        count: u32,
        child: Box<RefNode>,
        running: bool,
    },
    /// RetryUntilSuccessful (spec 3 + decision 1): `count` failures so far.
    Retry {
        times: Count,
        count: u32,
        child: Box<RefNode>,
        running: bool,
    },
    /// KeepRunningUntilFailure (spec 3 + decision 6).
    KeepRunning {
        child: Box<RefNode>,
        running: bool,
    },
    /// RunOnce (spec 3 + decision 6): `done` is the child's completed status, kept forever.
    RunOnce {
        then_skip: bool,
        done: Option<Status>,
        child: Box<RefNode>,
        running: bool,
    },
    /// SkipUnlessUpdated (`wait` false) and WaitValueUpdate (`wait` true), spec 3 + decision
    /// 12: `seen` is the last version looked at (0 at first: "never written" is no update).
    UpdateGate {
        wait: bool,
        entry: Entry,
        seen: u64,
        child: Box<RefNode>,
        running: bool,
    },
    /// A node with pre-/post-conditions (spec 1.2, 6.1, decisions 3-5). Not a node of its own:
    /// it runs when `child` is ticked or halted; it is running when `child` is.
    Guarded {
        pre: Box<[Option<Cond>; 4]>,
        post: Box<[Option<Vec<Stmt>>; 4]>,
        child: Box<RefNode>,
    },
    /// SubTree (spec 3, docs/tour.md "Subtrees"): the child tree's root, wrapped; its status is the
    /// child's, it is running when the child is, its halt halts the child. Every entry is the
    /// parent's (the generated trees share them all), so it uses the parent's blackboard.
    Sub {
        child: Box<RefNode>,
    },
    /// The nodes of issues 11 and 12 (`tree::Ext`; RepeatUntilFailure/Success are built as
    /// Repeat/Retry, Succeeder/Failer/Runner as constants): each rule in [`tick_ext`], from the
    /// README/guide tables and the truth tables of their `bt-core` docs.
    Ext {
        ext: Ext,
        children: Vec<RefNode>,
        /// Limiter: completions over the tree's life; Repeater/RepeatTimes: completions in this
        /// activation (Repeater: also kept while idle after a skip).
        count: u32,
        /// Wait, MaxTime, Deadline: the time of the activation's first tick.
        start: Option<Duration>,
        /// FlipSelector: position in `order` of the current child; StepSequencer: the current
        /// child (kept for the tree's life).
        pos: usize,
        /// FlipSelector: children skipped in this activation.
        skipped: usize,
        /// FlipSelector: the order of its children, first tried first (kept for the tree's life).
        order: Vec<usize>,
        /// Cooldown: the time of the child's last completion (kept for the tree's life).
        last: Option<Duration>,
        /// PolicyParallel: each child's last completed status in this activation.
        finished: Vec<Option<Status>>,
        running: bool,
    },
    /// A `Fallback`/`Selector` with `Observe(.., abort = lower | both)` children (Unreal
    /// Engine's observer selector): `guards` are those children's conditions, `seen` their
    /// last seen values, `answers` the children's answers in this activation; rule in
    /// `reference_nc.rs`.
    ObserverSelector {
        guards: Vec<Option<(Cond, crate::tree::Abort)>>,
        children: Vec<RefNode>,
        pos: usize,
        seen: Vec<bool>,
        answers: Vec<(usize, Status)>,
        running: bool,
    },
    /// A control node or decorator of the user's own (`tree::User`, issue 26): its children,
    /// their last statuses in the activation (the handle's), its own state; rules and the
    /// contract around them in `reference_user.rs`.
    User {
        user: User,
        children: Vec<RefNode>,
        last: Vec<Option<Status>>,
        state: user::UserState,
        running: bool,
        /// Whether its activation has started (and not been ended by a halt or a reset).
        started: bool,
        /// Whether its parent is a user node (which resets it), not a built-in one.
        under_user: bool,
    },
    Condition(usize),
    Action(usize),
    /// A fallible leaf (`LeafForm::Try`/`TryInline`; `kind`: `'c'` condition, `'a'` action,
    /// `'t'` stateful action): ticked by `fallible::tick_try`, which aborts the tick on an error.
    TryLeaf {
        kind: char,
        id: usize,
        running: bool,
    },
    /// `Error(DiffError(n))`: aborts the tick with its error (`fallible::raise`).
    Error(u32),
    Stateful {
        id: usize,
        running: bool,
    },
    /// A leaf with ports (`tree::PortLeaf`); `last_input` is the input of its last call (only
    /// for [`Mutation::StaleInputOnHalted`]).
    Ported {
        leaf: PortLeaf,
        id: usize,
        ports: Ports,
        running: bool,
        last_input: i64,
    },
    /// `Condition(|ctx, bb| ctx.check_in(id, int))`.
    BbCondition(usize, Int),
    /// `Action(|ctx, bb| ctx.exec_in(id, int, &mut bb.entry))`.
    BbAction(usize, Int, Entry),
    Constant(Status),
    /// SetBlackboard (spec 4.1): writes, succeeds.
    SetBlackboard(Entry, SetValue),
    /// UnsetBlackboard (spec 4.1): empties the entry (`None`), succeeds.
    UnsetBlackboard(Entry),
    /// Script (spec 4.1): runs, succeeds.
    Script(Vec<Stmt>),
    /// ScriptCondition (spec 4.1): Success if the condition holds, else Failure.
    ScriptCondition(Cond),
    /// WasEntryUpdated (spec 4.1 + decision 12): `seen` is the last version looked at.
    WasEntryUpdated {
        entry: Entry,
        seen: u64,
    },
}

impl RefNode {
    pub fn build(node: &Node) -> RefNode {
        let child = |c: &Node| Box::new(RefNode::build(c));
        // The version an update node has "seen" before its first look.
        let unseen = if mutant(Mutation::UpdateNodesSeeVersionZero) {
            u64::MAX
        } else {
            0
        };
        match node {
            Node::Composite(Composite::Fallback | Composite::Selector, children)
                if children.iter().any(|c| c.observe_lower().is_some()) =>
            {
                RefNode::ObserverSelector {
                    guards: nc::observer_guards(children),
                    children: children.iter().map(RefNode::build).collect(),
                    pos: 0,
                    seen: vec![false; children.len()],
                    answers: Vec::new(),
                    running: false,
                }
            }
            Node::Attr(attrs, inner) => {
                let mut pre: [Option<Cond>; 4] = Default::default();
                let mut post: [Option<Vec<Stmt>>; 4] = Default::default();
                for attr in attrs {
                    match attr {
                        Attr::Pre(kind, cond) => pre[*kind as usize] = Some(*cond),
                        Attr::Post(kind, script) => post[*kind as usize] = Some(script.clone()),
                    }
                }
                RefNode::Guarded {
                    pre: Box::new(pre),
                    post: Box::new(post),
                    child: child(inner),
                }
            }
            Node::SkipUnlessUpdated(entry, c) | Node::WaitValueUpdate(entry, c) => {
                RefNode::UpdateGate {
                    wait: matches!(node, Node::WaitValueUpdate(..)),
                    entry: *entry,
                    seen: unseen,
                    child: child(c),
                    running: false,
                }
            }
            Node::Sub(_, c) => RefNode::Sub { child: child(c) },
            Node::Parallel(s, f, children) => {
                // Negative thresholds count from the end: -1 is every child (spec 2.6).
                let declared = s.unwrap_or(-1);
                RefNode::Parallel {
                    success: resolve(declared, children.len()),
                    failure: resolve(f.unwrap_or(1), children.len()),
                    count_skipped: declared < 0,
                    children: children.iter().map(RefNode::build).collect(),
                    done: vec![false; children.len()],
                    successes: 0,
                    failures: 0,
                    running: false,
                }
            }
            Node::ParallelAll(m, children) => RefNode::ParallelAll {
                max: resolve(m.unwrap_or(1), children.len()),
                children: children.iter().map(RefNode::build).collect(),
                done: vec![false; children.len()],
                failures: 0,
                running: false,
            },
            Node::IfThenElse(children) => RefNode::IfThenElse {
                children: children.iter().map(RefNode::build).collect(),
                branch: 0,
                running: false,
            },
            Node::WhileDoElse(children) => RefNode::WhileDoElse {
                children: children.iter().map(RefNode::build).collect(),
                running: false,
            },
            Node::Switch(cases, children) => RefNode::Switch {
                cases: cases.clone(),
                children: children.iter().map(RefNode::build).collect(),
                running_child: None,
                running: false,
            },
            Node::TryCatch(on, children) => RefNode::TryCatch {
                catch_on_halt: on.unwrap_or(false),
                children: children.iter().map(RefNode::build).collect(),
                index: 0,
                skipped: 0,
                catching: false,
                running: false,
            },
            Node::Delay(ms, c) => RefNode::Delay {
                ms: Duration::from_millis(*ms),
                start: None,
                child: child(c),
                running: false,
            },
            Node::Timeout(ms, c) => RefNode::Timeout {
                ms: Duration::from_millis(*ms),
                start: None,
                child: child(c),
                running: false,
            },
            Node::Precondition(cond, otherwise, c) => RefNode::Precondition {
                cond: *cond,
                otherwise: status_of(otherwise.unwrap_or(StatusName::Failure)),
                latched: false,
                child: child(c),
                running: false,
            },
            Node::Loop(value, if_empty, c) => RefNode::Loop {
                value: *value,
                if_empty: status_of(if_empty.unwrap_or(StatusName::Success)),
                child: child(c),
                running: false,
            },
            Node::Sleep(ms) => RefNode::Sleep {
                ms: Duration::from_millis(*ms),
                start: None,
                running: false,
            },
            Node::AlwaysRunning => RefNode::AlwaysRunning { running: false },
            Node::BbCondition(id, value) => RefNode::BbCondition(*id, *value),
            Node::BbAction(id, value, entry) => RefNode::BbAction(*id, *value, *entry),
            Node::Ported(leaf, id, ports) => RefNode::Ported {
                leaf: *leaf,
                id: *id,
                ports: *ports,
                running: false,
                last_input: 0,
            },
            Node::SetBlackboard(entry, value) => RefNode::SetBlackboard(*entry, *value),
            Node::UnsetBlackboard(entry) => RefNode::UnsetBlackboard(*entry),
            Node::Script(script) => RefNode::Script(script.clone()),
            Node::ScriptCondition(cond) => RefNode::ScriptCondition(*cond),
            Node::WasEntryUpdated(entry) => RefNode::WasEntryUpdated {
                entry: *entry,
                seen: unseen,
            },
            Node::Composite(kind, children) => {
                let children = children.iter().map(RefNode::build).collect();
                match kind.rule() {
                    _ if *kind == Composite::Priority
                        && mutant(Mutation::PriorityIsMemPriority) =>
                    {
                        RefNode::Linear {
                            rule: Rule::Fallback,
                            children,
                            index: 0,
                            skipped: 0,
                            running: false,
                        }
                    }
                    rule @ (Rule::ReactiveSequence | Rule::ReactiveFallback) => RefNode::Reactive {
                        rule,
                        children,
                        running: false,
                    },
                    rule => RefNode::Linear {
                        rule,
                        children,
                        index: 0,
                        skipped: 0,
                        running: false,
                    },
                }
            }
            Node::Inverter(_, c) => RefNode::Map {
                on_success: Failure,
                on_failure: Success,
                child: child(c),
                running: false,
            },
            Node::ForceSuccess(c) => RefNode::Map {
                on_success: Success,
                on_failure: Success,
                child: child(c),
                running: false,
            },
            Node::ForceFailure(c) => RefNode::Map {
                on_success: Failure,
                on_failure: Failure,
                child: child(c),
                running: false,
            },
            Node::Repeat(times, c) => RefNode::Repeat {
                times: *times,
                count: 0,
                child: child(c),
                running: false,
            },
            Node::Retry(times, _, c) => RefNode::Retry {
                times: *times,
                count: 0,
                child: child(c),
                running: false,
            },
            Node::KeepRunningUntilFailure(c) => RefNode::KeepRunning {
                child: child(c),
                running: false,
            },
            Node::RunOnce(form, c) => RefNode::RunOnce {
                then_skip: form.then_skip(),
                done: None,
                child: child(c),
                running: false,
            },
            Node::Condition(id, form) | Node::Action(id, form) | Node::Stateful(id, form)
                if form.fallible() =>
            {
                RefNode::TryLeaf {
                    kind: match node {
                        Node::Condition(..) => 'c',
                        Node::Action(..) => 'a',
                        _ => 't',
                    },
                    id: *id,
                    running: false,
                }
            }
            Node::Error(n) => RefNode::Error(*n),
            Node::User(user, children) => RefNode::User {
                user: *user,
                children: (children.iter().map(RefNode::build))
                    .map(|mut child| {
                        user::mark_under_user(&mut child);
                        child
                    })
                    .collect(),
                last: vec![None; children.len()],
                state: user::UserState::default(),
                running: false,
                started: false,
                under_user: false,
            },
            Node::Condition(id, _) => RefNode::Condition(*id),
            Node::Action(id, _) => RefNode::Action(*id),
            Node::Stateful(id, _) => RefNode::Stateful {
                id: *id,
                running: false,
            },
            Node::AlwaysSuccess => RefNode::Constant(Success),
            Node::AlwaysFailure => RefNode::Constant(Failure),
            Node::Ext(ext, children) => {
                let swap = mutant(Mutation::RepeatUntilNamesSwapped);
                let constants = mutant(Mutation::Behavior3ConstantsSwapped);
                match ext {
                    Ext::RepeatUntilFailure(n) | Ext::RepeatUntilSuccess(n) => {
                        let repeat = matches!(ext, Ext::RepeatUntilFailure(_)) != swap;
                        let child = child(&children[0]);
                        if repeat {
                            RefNode::Repeat {
                                times: *n,
                                count: 0,
                                child,
                                running: false,
                            }
                        } else {
                            RefNode::Retry {
                                times: *n,
                                count: 0,
                                child,
                                running: false,
                            }
                        }
                    }
                    Ext::Succeeder => RefNode::Constant(if constants { Failure } else { Success }),
                    Ext::Failer => RefNode::Constant(if constants { Success } else { Failure }),
                    Ext::Runner => RefNode::AlwaysRunning { running: false },
                    _ => RefNode::Ext {
                        ext: ext.clone(),
                        children: children.iter().map(RefNode::build).collect(),
                        count: 0,
                        start: None,
                        pos: 0,
                        skipped: 0,
                        order: (0..children.len()).collect(),
                        last: None,
                        finished: vec![None; children.len()],
                        running: false,
                    },
                }
            }
        }
    }

    pub fn is_running(&self) -> bool {
        match self {
            RefNode::Linear { running, .. }
            | RefNode::Reactive { running, .. }
            | RefNode::Map { running, .. }
            | RefNode::Repeat { running, .. }
            | RefNode::Retry { running, .. }
            | RefNode::KeepRunning { running, .. }
            | RefNode::RunOnce { running, .. }
            | RefNode::UpdateGate { running, .. }
            | RefNode::Ported { running, .. }
            | RefNode::Stateful { running, .. }
            | RefNode::TryLeaf { running, .. }
            | RefNode::Parallel { running, .. }
            | RefNode::ParallelAll { running, .. }
            | RefNode::IfThenElse { running, .. }
            | RefNode::WhileDoElse { running, .. }
            | RefNode::Switch { running, .. }
            | RefNode::TryCatch { running, .. }
            | RefNode::Delay { running, .. }
            | RefNode::Timeout { running, .. }
            | RefNode::Precondition { running, .. }
            | RefNode::Loop { running, .. }
            | RefNode::Sleep { running, .. }
            | RefNode::Ext { running, .. }
            | RefNode::ObserverSelector { running, .. }
            | RefNode::User { running, .. }
            | RefNode::AlwaysRunning { running } => *running,
            RefNode::Guarded { child, .. } | RefNode::Sub { child } => child.is_running(),
            _ => false,
        }
    }

    pub(crate) fn set_running(&mut self, value: bool) {
        match self {
            RefNode::Linear { running, .. }
            | RefNode::Reactive { running, .. }
            | RefNode::Map { running, .. }
            | RefNode::Repeat { running, .. }
            | RefNode::Retry { running, .. }
            | RefNode::KeepRunning { running, .. }
            | RefNode::RunOnce { running, .. }
            | RefNode::UpdateGate { running, .. }
            | RefNode::Ported { running, .. }
            | RefNode::Stateful { running, .. }
            | RefNode::TryLeaf { running, .. }
            | RefNode::Parallel { running, .. }
            | RefNode::ParallelAll { running, .. }
            | RefNode::IfThenElse { running, .. }
            | RefNode::WhileDoElse { running, .. }
            | RefNode::Switch { running, .. }
            | RefNode::TryCatch { running, .. }
            | RefNode::Delay { running, .. }
            | RefNode::Timeout { running, .. }
            | RefNode::Precondition { running, .. }
            | RefNode::Loop { running, .. }
            | RefNode::Sleep { running, .. }
            | RefNode::Ext { running, .. }
            | RefNode::ObserverSelector { running, .. }
            | RefNode::User { running, .. }
            | RefNode::AlwaysRunning { running } => *running = value,
            // Running exactly when its node (its child tree's root) is.
            RefNode::Guarded { .. } | RefNode::Sub { .. } => {}
            _ => {}
        }
    }

    /// Ticks this node once.
    pub fn tick(&mut self, ctx: &mut Ctx, bb: &mut Bb) -> Status {
        // The path to the node ticked, for an error that aborts the tick (`fallible.rs`).
        let depth = crate::harness::fallible::enter(self);
        let was_running = self.is_running();
        let status = match self {
            RefNode::Linear {
                rule,
                children,
                index,
                skipped,
                ..
            } => {
                // A new activation starts with no skipped children; the index is 0 except
                // for a SequenceWithMemory that failed or was halted.
                if !was_running || mutant(Mutation::SkipCountPerTick) {
                    *skipped = 0;
                }
                let is_sequence = rule.is_sequence();
                // The child status that ends the composite early.
                let stop = if is_sequence { Failure } else { Success };
                // Decisions, "The tick model": AsyncSequence/AsyncFallback yield (answer
                // Running) after a child that was not running before the tick completes with
                // the keep-going status, when children remain (spec 1.4's yield rule).
                let yields = match rule {
                    Rule::AsyncSequence => true,
                    Rule::AsyncFallback => !mutant(Mutation::AsyncFallbackDoesNotYield),
                    _ => false,
                };
                let mut result = None;
                while *index < children.len() {
                    let child_was_running = children[*index].is_running();
                    let child_status = children[*index].tick(ctx, bb);
                    match child_status {
                        Running => {
                            result = Some(Running);
                            break;
                        }
                        Skipped => {
                            *skipped += 1;
                            *index += 1;
                        }
                        s if s == stop => {
                            if *rule == Rule::SequenceWithMemory
                                && !mutant(Mutation::SwmForgetsIndexOnFailure)
                            {
                                // Keep the position: the next activation re-ticks this child.
                                halt_all(&mut children[*index..], ctx, bb);
                            } else {
                                halt_all(children, ctx, bb);
                                *index = 0;
                            }
                            result = Some(stop);
                            break;
                        }
                        _ => {
                            *index += 1;
                            let fresh = !child_was_running
                                || mutant(Mutation::AsyncYieldsAfterRunningChild);
                            if yields && fresh && *index < children.len() {
                                result = Some(Running);
                                break;
                            }
                        }
                    }
                }
                match result {
                    Some(Running) => Running,
                    Some(status) => {
                        *skipped = 0;
                        status
                    }
                    None => {
                        // Every child passed (or was skipped).
                        halt_all(children, ctx, bb);
                        *index = 0;
                        let all_skipped = *skipped == children.len();
                        *skipped = 0;
                        if all_skipped {
                            Skipped
                        } else if is_sequence {
                            Success
                        } else {
                            Failure
                        }
                    }
                }
            }
            RefNode::Parallel {
                success,
                failure,
                count_skipped,
                children,
                done,
                successes,
                failures,
                ..
            } => {
                // Spec 2.6 and decision 8: tick the children not yet completed in this
                // activation; after each child (completed or not), Success when the successes
                // (plus, for a negative declared count, this tick's skipped children) reach
                // the success count; Failure when it can no longer be reached or when the
                // failures equal the failure count. Later children are then not ticked.
                let n = children.len();
                let mut skipped = 0;
                let mut result = None;
                for i in 0..n {
                    if !done[i] {
                        match children[i].tick(ctx, bb) {
                            Success => {
                                done[i] = true;
                                *successes += 1;
                            }
                            Failure => {
                                done[i] = true;
                                *failures += 1;
                            }
                            Skipped => skipped += 1,
                            Running => {}
                        }
                    }
                    if mutant(Mutation::ParallelDecidesAfterAllChildren) && i + 1 < n {
                        continue;
                    }
                    let counted =
                        if *count_skipped || mutant(Mutation::ParallelSkippedCountsForPositive) {
                            skipped
                        } else {
                            0
                        };
                    if *successes + counted >= *success {
                        result = Some(Success);
                        break;
                    }
                    if (n as i64) - *failures < *success || *failures == *failure {
                        result = Some(Failure);
                        break;
                    }
                }
                let status = match result {
                    Some(status) => status,
                    // Every child skipped in this tick (so none had completed).
                    None if skipped == n as i64 => Skipped,
                    None => Running,
                };
                if status != Running {
                    // "Clear state, reset all children (halting runners)".
                    halt_all(children, ctx, bb);
                    done.iter_mut().for_each(|d| *d = false);
                    *successes = 0;
                    *failures = 0;
                }
                status
            }
            RefNode::ParallelAll {
                max,
                children,
                done,
                failures,
                ..
            } => {
                // Spec 2.7 and decision 8: tick every child not yet completed; done when every
                // child completed or was skipped in this tick; Failure when the failures reach
                // `max_failures`.
                let n = children.len();
                let mut skipped = 0;
                for (child, done) in children.iter_mut().zip(done.iter_mut()) {
                    if !*done {
                        match child.tick(ctx, bb) {
                            Success => *done = true,
                            Failure => {
                                *done = true;
                                *failures += 1;
                            }
                            Skipped => skipped += 1,
                            Running => {}
                        }
                    }
                }
                let completed = done.iter().filter(|d| **d).count();
                if skipped == n {
                    Skipped
                } else if skipped + completed >= n {
                    halt_all(children, ctx, bb);
                    let failed = if mutant(Mutation::ParallelAllFailsAboveMax) {
                        *failures > *max
                    } else {
                        *failures >= *max
                    };
                    done.iter_mut().for_each(|d| *d = false);
                    *failures = 0;
                    if failed {
                        Failure
                    } else {
                        Success
                    }
                } else {
                    Running
                }
            }
            RefNode::IfThenElse {
                children, branch, ..
            } => {
                // Spec 2.8: the condition while no branch is chosen (Running: ask again next
                // tick); then the branch, in the same tick, until it completes (the condition
                // is not looked at again meanwhile).
                let again = *branch != 0 && mutant(Mutation::IfThenElseReevaluatesCondition);
                let chosen = if *branch == 0 || again {
                    match children[0].tick(ctx, bb) {
                        Success => Ok(1),
                        Failure if children.len() == 3 => Ok(2),
                        // No else branch: the node fails.
                        Failure => Err(Failure),
                        Running => Err(Running),
                        // BT.CPP throws (spec 2.8); the spec's SKIPPED is "this node chose not
                        // to run": the node is skipped.
                        Skipped => Err(Skipped),
                    }
                } else {
                    Ok(*branch)
                };
                match chosen {
                    Ok(chosen) => {
                        *branch = chosen;
                        let status = children[chosen].tick(ctx, bb);
                        if status != Running {
                            halt_all(children, ctx, bb);
                            *branch = 0;
                        }
                        status
                    }
                    Err(status) => {
                        if again && status != Running {
                            halt_all(children, ctx, bb);
                            *branch = 0;
                        }
                        status
                    }
                }
            }
            RefNode::WhileDoElse { children, .. } => {
                // Spec 2.9: the condition every tick. Running: answer Running, the branches
                // untouched. Success: halt the else branch, tick the then branch; Failure: halt
                // the then branch, tick the else branch (no else branch: Failure). A branch
                // that completes resets every child.
                let keep = mutant(Mutation::WhileDoElseKeepsOtherBranch);
                let status = match children[0].tick(ctx, bb) {
                    Running => Running,
                    Success => {
                        if children.len() == 3 && !keep {
                            children[2].halt(ctx, bb);
                        }
                        children[1].tick(ctx, bb)
                    }
                    Failure if children.len() == 3 => {
                        if !keep {
                            children[1].halt(ctx, bb);
                        }
                        children[2].tick(ctx, bb)
                    }
                    Failure => Failure,
                    // BT.CPP throws (spec 2.9); here the node is skipped, as for IfThenElse.
                    Skipped => Skipped,
                };
                if status != Running {
                    halt_all(children, ctx, bb);
                }
                status
            }
            RefNode::Switch {
                cases,
                children,
                running_child,
                ..
            } => {
                // Spec 2.10 and decision 12: every tick, the first case equal (`==`) to the
                // entry's value selects its child, no match the default (the last child); a
                // different child that was running is halted first.
                let value = bb_slot(bb, Entry::b1).value.expect("an i64 entry");
                let selected = match *running_child {
                    Some(r) if mutant(Mutation::SwitchLatchesRunningCase) => r,
                    _ => cases
                        .iter()
                        .position(|case| *case == value)
                        .unwrap_or(cases.len()),
                };
                if let Some(r) = *running_child {
                    if r != selected {
                        children[r].halt(ctx, bb);
                    }
                }
                let status = children[selected].tick(ctx, bb);
                match status {
                    Running => *running_child = Some(selected),
                    Skipped => *running_child = None,
                    _ => {
                        halt_all(children, ctx, bb);
                        *running_child = None;
                    }
                }
                status
            }
            RefNode::TryCatch {
                children,
                index,
                skipped,
                catching,
                ..
            } => {
                // Spec 2.11: the try block (all children but the last) like a Sequence with its
                // index; a failure in it resets the children and ticks the catch child (the
                // last) in the same tick; once the catch child completes, Failure whatever it
                // answered.
                let catch = children.len() - 1;
                let mut result = None;
                if !*catching {
                    while *index < catch {
                        match children[*index].tick(ctx, bb) {
                            Running => {
                                result = Some(Running);
                                break;
                            }
                            Success => *index += 1,
                            Skipped => {
                                *index += 1;
                                *skipped += 1;
                            }
                            Failure => {
                                halt_all(children, ctx, bb);
                                *index = 0;
                                *skipped = 0;
                                *catching = true;
                                break;
                            }
                        }
                    }
                    if result.is_none() && !*catching {
                        // The whole try block passed.
                        halt_all(children, ctx, bb);
                        let all_skipped = *skipped == catch;
                        *index = 0;
                        *skipped = 0;
                        result = Some(if all_skipped { Skipped } else { Success });
                    }
                }
                match result {
                    Some(status) => status,
                    None => match children[catch].tick(ctx, bb) {
                        Running => Running,
                        status => {
                            halt_all(children, ctx, bb);
                            *catching = false;
                            if mutant(Mutation::TryCatchReturnsCatchStatus) {
                                status
                            } else {
                                Failure
                            }
                        }
                    },
                }
            }
            RefNode::Delay {
                ms, start, child, ..
            } => {
                // Decision 7: Running on the activation's first tick (even for 0 ms); the
                // child from the first tick at which `now - start >= ms` on; when the child
                // is done, the next tick starts a new activation.
                let now = ctx.now();
                let due = match *start {
                    None => {
                        *start = Some(now);
                        ms.is_zero() && mutant(Mutation::DelayZeroTicksAtOnce)
                    }
                    Some(at) if mutant(Mutation::DelayStrictDeadline) => now - at > *ms,
                    Some(at) => now - at >= *ms,
                };
                if due || child.is_running() {
                    let status = child.tick(ctx, bb);
                    if status != Running {
                        *start = None;
                    }
                    status
                } else {
                    Running
                }
            }
            RefNode::Timeout {
                ms, start, child, ..
            } => {
                // Decision 7: Failure, the child halted, on the first tick at which
                // `now - start >= ms` while the child runs; 0 ms never times out.
                let now = ctx.now();
                let at = *start.get_or_insert(now);
                let late = if mutant(Mutation::TimeoutStrictDeadline) {
                    now - at > *ms
                } else {
                    now - at >= *ms
                };
                if !ms.is_zero() && child.is_running() && late {
                    child.halt(ctx, bb);
                    *start = None;
                    Failure
                } else {
                    let status = child.tick(ctx, bb);
                    if status != Running {
                        *start = None;
                    }
                    status
                }
            }
            RefNode::Sleep { ms, start, .. } => {
                // Spec 4.1 and decision 7: Sleep(0) succeeds at once; else Running until
                // `now - start >= ms`, then Success.
                let now = ctx.now();
                match *start {
                    None if ms.is_zero() => Success,
                    None => {
                        *start = Some(now);
                        Running
                    }
                    Some(at) => {
                        let done = if mutant(Mutation::SleepStrictDeadline) {
                            now - at > *ms
                        } else {
                            now - at >= *ms
                        };
                        if done {
                            *start = None;
                            Success
                        } else {
                            Running
                        }
                    }
                }
            }
            RefNode::AlwaysRunning { .. } => Running,
            RefNode::Precondition {
                cond,
                otherwise,
                latched,
                child,
                ..
            } => {
                // Spec 3: with no child activation in progress, the condition decides: false
                // answers `else` without ticking the child; true ticks the child, and the
                // child is then ticked without looking at the condition until it completes.
                let look = !*latched || mutant(Mutation::PreconditionRecheckedWhileRunning);
                if look && !eval_cond(cond, bb) {
                    child.halt(ctx, bb);
                    *latched = false;
                    *otherwise
                } else {
                    let status = child.tick(ctx, bb);
                    *latched = status == Running;
                    status
                }
            }
            RefNode::Loop {
                value,
                if_empty,
                child,
                ..
            } => {
                // Spec 3 (LoopInt..) and decision 6: when the child is not running, pop the
                // queue's first item (in place) and write it to `value`; an empty queue answers
                // `if_empty`. Then tick the child: Success or Skipped, Running (the next item
                // on the next tick); Failure ends the loop.
                let mut empty = false;
                if !child.is_running() || mutant(Mutation::LoopPopsWhileChildRuns) {
                    match bb_queue(bb, Entry::q0).pop_front() {
                        Some(item) => {
                            if let Some(entry) = value {
                                bb_write(bb, *entry, Some(item));
                            }
                        }
                        None => empty = !child.is_running(),
                    }
                }
                if empty {
                    *if_empty
                } else {
                    match child.tick(ctx, bb) {
                        Skipped if mutant(Mutation::LoopPassesSkipped) => Skipped,
                        Success | Skipped => Running,
                        status => status,
                    }
                }
            }
            RefNode::Reactive { rule, children, .. } => {
                let stop = if *rule == Rule::ReactiveSequence {
                    Failure
                } else {
                    Success
                };
                let mut all_skipped = true;
                let mut result = None;
                for i in 0..children.len() {
                    if mutant(Mutation::ReactiveHaltsBeforeTicking) {
                        children[i + 1..].iter_mut().for_each(|c| c.halt(ctx, bb));
                    }
                    let child_status = children[i].tick(ctx, bb);
                    if child_status != Skipped {
                        all_skipped = false;
                    }
                    if child_status == Running {
                        // The running child wins; any other running child is halted, after
                        // this one was ticked.
                        for (j, other) in children.iter_mut().enumerate() {
                            if j != i && !mutant(Mutation::ReactiveLeavesOtherRunning) {
                                other.halt(ctx, bb);
                            }
                        }
                        result = Some(Running);
                        break;
                    }
                    if child_status == stop {
                        halt_all(children, ctx, bb);
                        result = Some(stop);
                        break;
                    }
                }
                match result {
                    Some(status) => status,
                    None => {
                        halt_all(children, ctx, bb);
                        if all_skipped {
                            Skipped
                        } else if stop == Failure {
                            Success
                        } else {
                            Failure
                        }
                    }
                }
            }
            RefNode::Map {
                on_success,
                on_failure,
                child,
                ..
            } => match child.tick(ctx, bb) {
                Success => *on_success,
                Failure => *on_failure,
                other => other,
            },
            RefNode::Repeat {
                times,
                count,
                child,
                ..
            } => {
                if *times == Count::Times(0) && !mutant(Mutation::ZeroCountRunsOnce) {
                    Success
                } else {
                    match child.tick(ctx, bb) {
                        Running => Running,
                        Skipped => Skipped,
                        Failure => {
                            *count = 0;
                            Failure
                        }
                        Success => {
                            *count += 1;
                            if reached(*times, *count) {
                                *count = 0;
                                Success
                            } else {
                                // Restart the child on the next tick, not in this one.
                                Running
                            }
                        }
                    }
                }
            }
            RefNode::Retry {
                times,
                count,
                child,
                ..
            } => {
                if *times == Count::Times(0) && !mutant(Mutation::ZeroCountRunsOnce) {
                    Failure
                } else {
                    match child.tick(ctx, bb) {
                        Running => Running,
                        Skipped => Skipped,
                        Success => {
                            *count = 0;
                            Success
                        }
                        Failure => {
                            *count += 1;
                            if reached(*times, *count) {
                                *count = 0;
                                Failure
                            } else {
                                Running
                            }
                        }
                    }
                }
            }
            RefNode::KeepRunning { child, .. } => match child.tick(ctx, bb) {
                Failure => Failure,
                Skipped if mutant(Mutation::KeepRunningPassesSkipped) => Skipped,
                Success if mutant(Mutation::LoopRestartsInSameTick) => match child.tick(ctx, bb) {
                    Failure => Failure,
                    _ => Running,
                },
                _ => Running,
            },
            RefNode::RunOnce {
                then_skip,
                done,
                child,
                ..
            } => match *done {
                Some(status) => {
                    if *then_skip {
                        Skipped
                    } else {
                        status
                    }
                }
                None => {
                    let status = child.tick(ctx, bb);
                    if status.is_completed() {
                        *done = Some(status);
                    }
                    status
                }
            },
            RefNode::Condition(id) => Status::from_bool(ctx.check(*id)),
            RefNode::Action(id) => ctx.exec(*id).into(),
            RefNode::Stateful { id, running } => {
                if *running {
                    ctx.on_running(*id)
                } else {
                    ctx.on_start(*id)
                }
            }
            RefNode::Constant(status) => *status,
            RefNode::Guarded { pre, post, child } => tick_guarded(pre, post, child, ctx, bb),
            RefNode::Sub { child } => child.tick(ctx, bb),
            RefNode::UpdateGate {
                wait,
                entry,
                seen,
                child,
                ..
            } => {
                // Spec 3: a child still running from a previous tick is ticked without looking
                // at the entry; else an unchanged version skips (SkipUnlessUpdated) or waits
                // (WaitValueUpdate), and a new one is remembered and ticks the child.
                if child.is_running() && !mutant(Mutation::UpdateCheckedWhileChildRuns) {
                    child.tick(ctx, bb)
                } else {
                    let version = bb_version(bb, *entry);
                    if version == *seen {
                        if *wait {
                            Running
                        } else {
                            Skipped
                        }
                    } else {
                        *seen = version;
                        child.tick(ctx, bb)
                    }
                }
            }
            RefNode::WasEntryUpdated { entry, seen } => {
                // Spec 4.1: Success if the version differs from the last one this node saw.
                let version = bb_version(bb, *entry);
                if version != *seen {
                    *seen = version;
                    Success
                } else {
                    Failure
                }
            }
            RefNode::SetBlackboard(entry, value) => {
                let value = match value {
                    SetValue::Lit(n) => Some(*n),
                    SetValue::Copy(from) => bb_slot(bb, *from).value,
                };
                if entry.tracked() && mutant(Mutation::SetBlackboardIsNoUpdate) {
                    bb.slots[entry.index()].as_mut().unwrap().value = value;
                } else {
                    bb_write(bb, *entry, value);
                }
                Success
            }
            RefNode::UnsetBlackboard(entry) => {
                bb_write(bb, *entry, None);
                Success
            }
            RefNode::Script(script) => {
                run_script(script, bb);
                Success
            }
            RefNode::ScriptCondition(cond) => Status::from_bool(eval_cond(cond, bb)),
            RefNode::BbCondition(id, value) => {
                let input = eval_int(value, bb);
                Status::from_bool(ctx.check_in(*id, input))
            }
            RefNode::BbAction(id, value, entry) => {
                let input = eval_int(value, bb);
                let (outcome, written) = ctx.exec_out(*id, input);
                if let Some(value) = written {
                    bb_write(bb, *entry, Some(value));
                }
                outcome.into()
            }
            RefNode::Ported {
                leaf,
                id,
                ports,
                running,
                last_input,
            } => tick_ported(*leaf, *id, ports, *running, last_input, ctx, bb),
            RefNode::Ext { .. } => tick_ext(self, was_running, ctx, bb),
            RefNode::TryLeaf { kind, id, running } => {
                crate::harness::fallible::tick_try(*kind, *id, *running, ctx)
            }
            RefNode::Error(n) => crate::harness::fallible::raise(crate::leaves::DiffError(*n)),
            RefNode::User {
                user,
                children,
                last,
                state,
                started,
                under_user,
                ..
            } => user::tick_user(user, children, last, state, started, *under_user, ctx, bb),
            RefNode::ObserverSelector {
                guards,
                children,
                pos,
                seen,
                answers,
                ..
            } => nc::tick_observer_selector(
                guards,
                children,
                pos,
                seen,
                answers,
                was_running,
                ctx,
                bb,
            ),
        };
        self.set_running(status == Running);
        crate::harness::fallible::leave(depth);
        status
    }

    /// Halts this node if it is running (and its running descendants); an idle node is left as
    /// it is.
    pub fn halt(&mut self, ctx: &mut Ctx, bb: &mut Bb) {
        if !self.is_running() {
            return;
        }
        match self {
            RefNode::Linear {
                rule,
                children,
                index,
                skipped,
                ..
            } => {
                halt_all(children, ctx, bb);
                // SequenceWithMemory resumes at the halted child (spec 2.2, decision 2).
                if *rule != Rule::SequenceWithMemory || mutant(Mutation::SwmForgetsIndexOnHalt) {
                    *index = 0;
                }
                *skipped = 0;
            }
            RefNode::Reactive { children, .. } | RefNode::WhileDoElse { children, .. } => {
                halt_all(children, ctx, bb)
            }
            RefNode::Parallel {
                children,
                done,
                successes,
                failures,
                ..
            } => {
                halt_all(children, ctx, bb);
                done.iter_mut().for_each(|d| *d = false);
                *successes = 0;
                *failures = 0;
            }
            RefNode::ParallelAll {
                children,
                done,
                failures,
                ..
            } => {
                halt_all(children, ctx, bb);
                done.iter_mut().for_each(|d| *d = false);
                *failures = 0;
            }
            RefNode::IfThenElse {
                children, branch, ..
            } => {
                halt_all(children, ctx, bb);
                *branch = 0;
            }
            RefNode::Switch {
                children,
                running_child,
                ..
            } => {
                halt_all(children, ctx, bb);
                *running_child = None;
            }
            RefNode::TryCatch {
                catch_on_halt,
                children,
                index,
                skipped,
                catching,
                ..
            } => {
                // Spec 2.11: halted in the try block with `catch_on_halt`, the node halts the try
                // children and ticks the catch child once (halting it if it runs).
                if *catch_on_halt && !*catching && !mutant(Mutation::TryCatchIgnoresCatchOnHalt) {
                    let (catch, tries) = children.split_last_mut().unwrap();
                    halt_all(tries, ctx, bb);
                    // A halt cannot fail: an error in the catch child counts as a failure
                    // (docs/tour.md "Errors"; `fallible::tick_in_halt`).
                    if crate::harness::fallible::tick_in_halt(catch, ctx, bb) == Running {
                        catch.halt(ctx, bb);
                    }
                }
                halt_all(children, ctx, bb);
                *index = 0;
                *skipped = 0;
                *catching = false;
            }
            RefNode::Delay { start, child, .. } | RefNode::Timeout { start, child, .. } => {
                child.halt(ctx, bb);
                *start = None;
            }
            RefNode::Sleep { start, .. } => *start = None,
            // Decision 5: the halt clears the "child running" latch.
            RefNode::Precondition { latched, child, .. } => {
                child.halt(ctx, bb);
                if !mutant(Mutation::PreconditionLatchSurvivesHalt) {
                    *latched = false;
                }
            }
            RefNode::Map { child, .. }
            | RefNode::KeepRunning { child, .. }
            | RefNode::Loop { child, .. } => child.halt(ctx, bb),
            RefNode::Repeat { count, child, .. } | RefNode::Retry { count, child, .. } => {
                child.halt(ctx, bb);
                if !mutant(Mutation::LoopKeepsCountOnHalt) {
                    *count = 0;
                }
            }
            // The "already ran" memory is never cleared (decision 6).
            RefNode::RunOnce { child, .. } => child.halt(ctx, bb),
            RefNode::Stateful { id, .. } | RefNode::TryLeaf { id, .. } => ctx.on_halted(*id),
            // The last version seen is kept (spec 3: the halt clears the running flag and
            // resets the child).
            RefNode::UpdateGate { child, .. } => child.halt(ctx, bb),
            // Spec 1.3: the node's halt, then its on_halted; then post (decision 4).
            RefNode::Guarded { post, child, .. } => halt_guarded(post, child, ctx, bb),
            // The child tree's running nodes, as halting its root would (docs/tour.md "Subtrees").
            RefNode::Sub { child } if !mutant(Mutation::SubTreeDoesNotHaltChild) => {
                child.halt(ctx, bb)
            }
            RefNode::Ext {
                ext,
                children,
                count,
                start,
                pos,
                skipped,
                order,
                finished,
                ..
            } => {
                halt_all(children, ctx, bb);
                *start = None;
                match ext {
                    // The count lasts for the tree's life (decisions 10, 13), and so does
                    // Cooldown's last completion.
                    Ext::Limiter(_) | Ext::Filter(..) | Ext::Cooldown(..) => {}
                    Ext::FlipSelector => {
                        let _ = order;
                        *pos = 0;
                        *skipped = 0;
                    }
                    // A Guard that holds the token releases it (its docs).
                    Ext::Guard(_) => {
                        if *count == 1 {
                            ctx.ref_token_taken = false;
                        }
                        *count = 0;
                    }
                    // Iterate's index: back to 0 with `reset_index` (the default), else kept.
                    Ext::Iterate(_, _, _, reset) => {
                        if reset.unwrap_or(true) {
                            *pos = 0;
                        }
                    }
                    // The order, the draw and the children out of the draw belong to the
                    // activation (their docs): the next tick draws (or orders) again.
                    Ext::RandomSequence
                    | Ext::RandomSelector
                    | Ext::ProbabilitySelector(..)
                    | Ext::PrioritySelector(..) => {
                        *count = 0;
                        *pos = 0;
                        *skipped = 0;
                        *order = (0..children.len()).collect();
                        finished.iter_mut().for_each(|f| *f = None);
                    }
                    // The interrupted child is skipped this round (decision 13).
                    Ext::StepSequencer => {
                        if !mutant(Mutation::StepSequencerStaysOnHalt) {
                            *pos = (*pos + 1) % children.len();
                        }
                    }
                    _ => {
                        *count = 0;
                        *pos = 0;
                        finished.iter_mut().for_each(|f| *f = None);
                    }
                }
            }
            RefNode::User {
                user,
                children,
                last,
                state,
                started,
                ..
            } => user::halt_user(user, children, last, state, started, ctx, bb),
            // The running child; the observers' memory ends (its docs).
            RefNode::ObserverSelector {
                children,
                pos,
                seen,
                answers,
                ..
            } => {
                halt_all(children, ctx, bb);
                *pos = 0;
                answers.clear();
                seen.iter_mut().for_each(|s| *s = false);
            }
            RefNode::Ported {
                id,
                ports,
                last_input,
                ..
            } => {
                // The input is loaded before every call, on_halted included.
                let input = if mutant(Mutation::StaleInputOnHalted) {
                    *last_input
                } else {
                    port_input(ports.b0, Entry::b0, bb)
                };
                let written = ctx.on_halted_in(*id, input);
                if !mutant(Mutation::HaltedOutputDropped) {
                    deliver(ports.b1, Entry::b1, written, bb);
                }
            }
            _ => {}
        }
        self.set_running(false);
    }

    /// The node's children.
    pub(crate) fn children_mut(&mut self) -> &mut [RefNode] {
        match self {
            RefNode::Linear { children, .. }
            | RefNode::Reactive { children, .. }
            | RefNode::Parallel { children, .. }
            | RefNode::ParallelAll { children, .. }
            | RefNode::IfThenElse { children, .. }
            | RefNode::WhileDoElse { children, .. }
            | RefNode::Switch { children, .. }
            | RefNode::TryCatch { children, .. }
            | RefNode::ObserverSelector { children, .. }
            | RefNode::User { children, .. }
            | RefNode::Ext { children, .. } => children,
            RefNode::Delay { child, .. }
            | RefNode::Timeout { child, .. }
            | RefNode::Precondition { child, .. }
            | RefNode::Loop { child, .. }
            | RefNode::Map { child, .. }
            | RefNode::Repeat { child, .. }
            | RefNode::Retry { child, .. }
            | RefNode::KeepRunning { child, .. }
            | RefNode::RunOnce { child, .. }
            | RefNode::UpdateGate { child, .. }
            | RefNode::Guarded { child, .. }
            | RefNode::Sub { child } => std::slice::from_mut(&mut **child),
            _ => &mut [],
        }
    }

    /// Calls `f` on this node and every descendant.
    fn for_each_mut(&mut self, f: &mut dyn FnMut(&mut RefNode)) {
        f(self);
        for child in self.children_mut() {
            child.for_each_mut(f);
        }
    }

    /// Sets the count of every Repeat/RetryUntilSuccessful in this subtree to 0.
    pub fn clear_loop_counts(&mut self) {
        self.for_each_mut(&mut |node| {
            if let RefNode::Repeat { count, .. }
            | RefNode::Retry { count, .. }
            | RefNode::Ext {
                ext: Ext::Repeater(_),
                count,
                ..
            } = node
            {
                *count = 0;
            }
        });
    }

    /// This node as a freshly built one with only the memory that survives a halt kept:
    /// SequenceWithMemory's index, RunOnce's result and the versions the update nodes saw (no
    /// node of issue 10 keeps anything: decision 5 clears Precondition's latch). Used to check that the interpreter's
    /// own `halt` leaves exactly that.
    pub fn forget_all_but_halt_memory(&self) -> RefNode {
        let mut copy = self.clone();
        copy.forget_in_place();
        copy
    }

    /// [`forget_all_but_halt_memory`](Self::forget_all_but_halt_memory) in place (the nodes
    /// keep their addresses).
    pub(crate) fn forget_in_place(&mut self) {
        let copy = self;
        copy.for_each_mut(&mut |node| match node {
            RefNode::Linear {
                rule,
                index,
                skipped,
                ..
            } => {
                if *rule != Rule::SequenceWithMemory {
                    *index = 0;
                }
                *skipped = 0;
            }
            RefNode::Repeat { count, .. } | RefNode::Retry { count, .. } => *count = 0,
            RefNode::Parallel {
                done,
                successes,
                failures,
                ..
            } => {
                done.iter_mut().for_each(|d| *d = false);
                *successes = 0;
                *failures = 0;
            }
            RefNode::ParallelAll { done, failures, .. } => {
                done.iter_mut().for_each(|d| *d = false);
                *failures = 0;
            }
            RefNode::IfThenElse { branch, .. } => *branch = 0,
            RefNode::Switch { running_child, .. } => *running_child = None,
            RefNode::TryCatch {
                index,
                skipped,
                catching,
                ..
            } => {
                *index = 0;
                *skipped = 0;
                *catching = false;
            }
            RefNode::Delay { start, .. }
            | RefNode::Timeout { start, .. }
            | RefNode::Sleep { start, .. } => *start = None,
            RefNode::Precondition { latched, .. } => *latched = false,
            RefNode::User {
                user,
                last,
                state,
                started,
                ..
            } => {
                last.iter_mut().for_each(|l| *l = None);
                *state = state.halt_memory(user);
                *started = false;
            }
            RefNode::ObserverSelector {
                pos, seen, answers, ..
            } => {
                *pos = 0;
                answers.clear();
                seen.iter_mut().for_each(|s| *s = false);
            }
            // Limiter's count, FlipSelector's order and StepSequencer's child are kept.
            RefNode::Ext {
                ext,
                count,
                start,
                pos,
                skipped,
                order,
                finished,
                ..
            } => {
                finished.iter_mut().for_each(|f| *f = None);
                // A random composite's order belongs to its activation, and so does a
                // PrioritySelector's (FlipSelector's is kept).
                if ext.is_random() || matches!(ext, Ext::PrioritySelector(..)) {
                    *order = (0..order.len()).collect();
                }
                if !matches!(ext, Ext::Limiter(_) | Ext::Filter(..)) {
                    *count = 0;
                }
                if !matches!(ext, Ext::StepSequencer | Ext::Iterate(_, _, _, Some(false))) {
                    *pos = 0;
                }
                *start = None;
                *skipped = 0;
            }
            _ => {}
        });
        copy.for_each_mut(&mut |node| node.set_running(false));
    }
}

/// A Parallel/ParallelAll threshold against `n` children: a negative one counts from the end
/// (`max(n + value + 1, 0)`: -1 is all of them), spec 2.6.
fn resolve(value: i64, n: usize) -> i64 {
    if value < 0 {
        (n as i64 + value + 1).max(0)
    } else {
        value
    }
}

fn status_of(status: StatusName) -> Status {
    match status {
        StatusName::Success => Success,
        StatusName::Failure => Failure,
        StatusName::Running => Running,
        StatusName::Skipped => Skipped,
    }
}

/// True when a loop bounded by `times` has counted `count` completions.
fn reached(times: Count, count: u32) -> bool {
    match times {
        Count::Times(n) => count >= n,
        Count::Forever => false,
    }
}

/// One tick of a [`RefNode::Ext`] (`was_running`: it answered `Running` last and was not halted
/// since). The rules, from the guide tables (and docs/tour.md) and the truth tables in the docs of
/// `bt-core`'s types of behavior3's and NodeCanvas's nodes (`bt_core::origins` lists them):
fn tick_ext(node: &mut RefNode, was_running: bool, ctx: &mut Ctx, bb: &mut Bb) -> Status {
    let RefNode::Ext {
        ext,
        children,
        count,
        start,
        pos,
        skipped,
        order,
        last,
        finished,
        ..
    } = node
    else {
        unreachable!()
    };
    let n = children.len();
    match ext {
        // Limiter: Failure without the child once it completed `max` times (tree's life);
        // Success/Failure counted, Running/Skipped not.
        Ext::Limiter(max) => {
            if !was_running && mutant(Mutation::LimiterResetsOnActivation) {
                *count = 0;
            }
            if *count >= *max {
                return Failure;
            }
            let status = children[0].tick(ctx, bb);
            if matches!(status, Success | Failure) {
                *count += 1;
            }
            status
        }
        // MaxTime: the clock before the child; the child always ticked; over time (strictly):
        // Failure whatever it answered, a running child halted.
        Ext::MaxTime(ms) => {
            let now = ctx.now();
            let at = *start.get_or_insert(now);
            let status = children[0].tick(ctx, bb);
            let max = Duration::from_millis(*ms);
            let over = if mutant(Mutation::MaxTimeInclusiveDeadline) {
                now - at >= max
            } else {
                now - at > max
            };
            if over {
                if status == Running {
                    children[0].halt(ctx, bb);
                }
                *start = None;
                Failure
            } else {
                if status != Running {
                    *start = None;
                }
                status
            }
        }
        // Wait: Running on the first tick (even for 0), Success once strictly more than `ms`
        // passed.
        Ext::Wait(ms) => {
            let now = ctx.now();
            let wait = Duration::from_millis(*ms);
            match *start {
                None => {
                    *start = Some(now);
                    Running
                }
                Some(at) => {
                    let done = if mutant(Mutation::WaitInclusiveDeadline) {
                        now - at >= wait
                    } else {
                        now - at > wait
                    };
                    if done {
                        *start = None;
                        Success
                    } else {
                        Running
                    }
                }
            }
        }
        // Repeater: every completion counts, one per tick; the n-th is the answer; Skipped
        // passes with the count kept; 0: Success without the child.
        Ext::Repeater(times) => {
            if *times == Count::Times(0) {
                return Success;
            }
            match children[0].tick(ctx, bb) {
                Running => Running,
                Skipped => Skipped,
                Failure if mutant(Mutation::RepeaterStopsOnFailure) => {
                    *count = 0;
                    Failure
                }
                status => {
                    *count += 1;
                    if reached(*times, *count) {
                        *count = 0;
                        status
                    } else {
                        Running
                    }
                }
            }
        }
        // Optional: Running passes, anything else is Skipped.
        Ext::Optional => match children[0].tick(ctx, bb) {
            Running => Running,
            _ if mutant(Mutation::OptionalIsForceSuccess) => Success,
            _ => Skipped,
        },
        // Remap: Success -> success, Failure -> failure, the rest passes.
        Ext::Remap(on_success, on_failure) => {
            let (mut s, mut f) = (status_of(*on_success), status_of(*on_failure));
            if mutant(Mutation::RemapSwapped) {
                std::mem::swap(&mut s, &mut f);
            }
            match children[0].tick(ctx, bb) {
                Success => s,
                Failure => f,
                other => other,
            }
        }
        // NodeCanvas's Repeat, times: every completion counts (Skipped too), the n-th is the
        // answer; forever never completes.
        Ext::RepeatTimes(times) => match children[0].tick(ctx, bb) {
            Running => Running,
            Skipped if mutant(Mutation::RepeatTimesPassesSkipped) => Skipped,
            status => {
                *count += 1;
                if reached(*times, *count) {
                    *count = 0;
                    status
                } else {
                    Running
                }
            }
        },
        // NodeCanvas's Repeat, until: the target ends it, anything else is Running.
        Ext::RepeatUntil(target) => {
            let target = status_of(*target);
            match children[0].tick(ctx, bb) {
                status if status == target => status,
                Skipped if mutant(Mutation::RepeatUntilEndsOnSkipped) => Skipped,
                _ => Running,
            }
        }
        // Interrupt: the condition every tick before the child; true: halt a running child,
        // Failure.
        Ext::Interrupt(cond) => {
            let look = !children[0].is_running() || !mutant(Mutation::InterruptOnlyBeforeStart);
            if look && eval_cond(cond, bb) {
                children[0].halt(ctx, bb);
                Failure
            } else {
                children[0].tick(ctx, bb)
            }
        }
        // Conditional: a new activation ticks the child if the condition holds, else answers
        // `else`; while the child runs, only the dynamic mode re-checks (false: halt, `else`).
        Ext::Conditional(cond, dynamic, otherwise) => {
            let otherwise = status_of(otherwise.unwrap_or(StatusName::Failure));
            let dynamic = dynamic.unwrap_or(false) || mutant(Mutation::ConditionalStaticRechecks);
            if children[0].is_running() {
                if dynamic && !eval_cond(cond, bb) {
                    children[0].halt(ctx, bb);
                    otherwise
                } else {
                    children[0].tick(ctx, bb)
                }
            } else if eval_cond(cond, bb) {
                children[0].tick(ctx, bb)
            } else {
                otherwise
            }
        }
        // WaitUntil: Running until the condition holds, then the child to its end.
        Ext::WaitUntil(cond) => {
            if children[0].is_running() {
                if mutant(Mutation::WaitUntilRechecksWhileRunning) && !eval_cond(cond, bb) {
                    children[0].halt(ctx, bb);
                    return Running;
                }
                children[0].tick(ctx, bb)
            } else if eval_cond(cond, bb) {
                children[0].tick(ctx, bb)
            } else {
                Running
            }
        }
        // Deadline (NodeCanvas's Timeout): the child first; still Running once `ms` passed
        // (`>=`): halted, Failure.
        Ext::Deadline(ms) => {
            let now = ctx.now();
            let at = *start.get_or_insert(now);
            let status = children[0].tick(ctx, bb);
            let limit = Duration::from_millis(*ms);
            let late = if mutant(Mutation::DeadlineStrictDeadline) {
                now - at > limit
            } else {
                now - at >= limit
            };
            if status == Running && late {
                children[0].halt(ctx, bb);
                *start = None;
                Failure
            } else {
                if status != Running {
                    *start = None;
                }
                status
            }
        }
        // FlipSelector: a Fallback over `order`; a child that succeeds moves to the end, for good.
        Ext::FlipSelector => {
            if !was_running {
                *pos = 0;
                *skipped = 0;
            }
            while *pos < n {
                let i = order[*pos];
                match children[i].tick(ctx, bb) {
                    Running => return Running,
                    Success => {
                        if !mutant(Mutation::FlipSelectorKeepsOrder) {
                            order.remove(*pos);
                            order.push(i);
                        }
                        *pos = 0;
                        *skipped = 0;
                        return Success;
                    }
                    Failure => *pos += 1,
                    Skipped => {
                        *skipped += 1;
                        *pos += 1;
                    }
                }
            }
            let all_skipped = *skipped == n;
            *pos = 0;
            *skipped = 0;
            if all_skipped {
                Skipped
            } else {
                Failure
            }
        }
        // StepSequencer: one child per activation, its status; the next activation ticks the
        // next child (wrapping).
        Ext::StepSequencer => {
            let status = children[*pos].tick(ctx, bb);
            if status != Running {
                *pos = (*pos + 1) % n;
            }
            status
        }
        // BinarySelector: child 0 if the condition holds, else child 1; while a branch runs,
        // only `dynamic` re-reads it (another branch: the running one halted first).
        Ext::BinarySelector(cond, dynamic) => {
            let look = !was_running
                || dynamic.unwrap_or(false)
                || mutant(Mutation::BinarySelectorStaticRechecks);
            let want = if look {
                usize::from(!eval_cond(cond, bb))
            } else {
                *pos
            };
            if was_running && want != *pos {
                children[*pos].halt(ctx, bb);
            }
            let status = children[want].tick(ctx, bb);
            *pos = if status == Running { want } else { 0 };
            status
        }
        // Filter: the child until it answered a counted status `times` times (tree's life),
        // then `filtered` (default Skipped) without it.
        Ext::Filter(times, count_when, filtered) => {
            if *count >= *times {
                return filtered.map_or(Skipped, status_of);
            }
            let status = children[0].tick(ctx, bb);
            let counted = match (count_when, status) {
                (_, Running | Skipped) => false,
                _ if mutant(Mutation::FilterIgnoresCountWhen) => true,
                (Some(StatusName::Success), s) => s == Success,
                (Some(StatusName::Failure), s) => s == Failure,
                _ => true,
            };
            if counted {
                *count += 1;
            }
            status
        }
        // Cooldown: after a completion at `t`, `filtered` (default Skipped) without the child
        // while `now - t < ms`.
        Ext::Cooldown(ms, filtered) => {
            let now = ctx.now();
            let cd = Duration::from_millis(*ms);
            if let Some(t) = *last {
                let cooling = if mutant(Mutation::CooldownEndsLate) {
                    now - t <= cd && !cd.is_zero()
                } else {
                    now - t < cd
                };
                if cooling {
                    return filtered.map_or(Skipped, status_of);
                }
            }
            let status = children[0].tick(ctx, bb);
            if matches!(status, Success | Failure) {
                *last = Some(now);
            }
            status
        }
        // IndexSwitch: the child at the index (out of range: Failure, or `|index| % n` with
        // Loop); while a child runs, only `dynamic` re-reads it (another child: the running one
        // halted first).
        Ext::IndexSwitch(index, looping, dynamic) => {
            let look = !was_running
                || dynamic.unwrap_or(false)
                || mutant(Mutation::IndexSwitchStaticRechecks);
            let want = if look {
                let i = eval_int(index, bb);
                if looping.unwrap_or(false) {
                    Some((i.unsigned_abs() % n as u64) as usize)
                } else {
                    usize::try_from(i).ok().filter(|i| *i < n)
                }
            } else {
                Some(*pos)
            };
            if was_running && want != Some(*pos) {
                children[*pos].halt(ctx, bb);
            }
            let Some(want) = want else {
                *pos = 0;
                return Failure;
            };
            let status = children[want].tick(ctx, bb);
            *pos = if status == Running { want } else { 0 };
            status
        }
        // PolicyParallel: every unfinished child (every child with `repeat`) each tick, in
        // order; the first answer the policy decides on is the result, the later children
        // still ticked; then every child halted.
        Ext::PolicyParallel(policy, repeat) => {
            if !was_running {
                finished.iter_mut().for_each(|f| *f = None);
            }
            let repeat = repeat.unwrap_or(false);
            let decides = |s: Status| match policy {
                0 => s == Failure,
                1 => s == Success,
                _ => s == Success || s == Failure,
            };
            let mut result = None;
            for i in 0..n {
                if !repeat && finished[i].is_some() {
                    continue;
                }
                if result.is_some() && mutant(Mutation::PolicyParallelStopsAtDecision) {
                    break;
                }
                let status = children[i].tick(ctx, bb);
                if status != Running {
                    finished[i] = Some(status);
                    if result.is_none() && decides(status) {
                        result = Some(status);
                    }
                }
            }
            let all_done = finished.iter().all(Option::is_some);
            let status = match result {
                Some(r) => r,
                None if all_done => {
                    if finished.iter().all(|f| *f == Some(Skipped)) {
                        Skipped
                    } else if *policy == 1 {
                        Failure
                    } else {
                        Success
                    }
                }
                None => return Running,
            };
            halt_all(children, ctx, bb);
            finished.iter_mut().for_each(|f| *f = None);
            status
        }
        Ext::DynamicSequence
        | Ext::DynamicSelector
        | Ext::PrioritySelector(_, Some(true))
        | Ext::Observe(..)
        | Ext::Iterate(..) => nc::tick(ext, children, pos, finished, was_running, ctx, bb),
        Ext::PrioritySelector(scores, _) => {
            nc::priority_ordered(scores, children, order, pos, skipped, was_running, ctx, bb)
        }
        Ext::Guard(if_guarded) => nc::guard(*if_guarded, children, count, ctx, bb),
        Ext::RandomSequence | Ext::RandomSelector => {
            let go = if matches!(ext, Ext::RandomSequence) {
                Success
            } else {
                Failure
            };
            nc::random(go, children, order, pos, skipped, was_running, ctx, bb)
        }
        // `count` holds the activation's draw (as `f32` bits), `finished` the children out of
        // the draw.
        Ext::ProbabilitySelector(fail, weights) => nc::probability(
            fail.as_ref(),
            weights,
            children,
            pos,
            finished,
            count,
            was_running,
            ctx,
            bb,
        ),
        Ext::RepeatUntilFailure(_)
        | Ext::RepeatUntilSuccess(_)
        | Ext::Succeeder
        | Ext::Failer
        | Ext::Runner => unreachable!("built as another node"),
    }
}

/// Halts every running child, in child order (spec 1.3 "reset all children").
fn halt_all(children: &mut [RefNode], ctx: &mut Ctx, bb: &mut Bb) {
    for child in children {
        child.halt(ctx, bb);
    }
}

/// A node with pre-/post-conditions (spec 1.2 and 6.1; decisions 3 to 5):
///
/// * idle (a skipped node is idle too, decision 3): `failure_if`, `success_if`, `skip_if`,
///   `run_while` in this order, the first that fires decides (Failure, Success, Skipped,
///   Skipped) and the node is not ticked; else the node is ticked;
/// * running: only `run_while` is looked at again; false halts the node (its halt, then
///   `on_halted`, then `post`) and answers Skipped;
/// * a Success or Failure, also one a pre-condition decided, runs `on_success` / `on_failure`,
///   then `post`.
fn tick_guarded(
    pre: &[Option<Cond>; 4],
    post: &[Option<Vec<Stmt>>; 4],
    child: &mut RefNode,
    ctx: &mut Ctx,
    bb: &mut Bb,
) -> Status {
    let holds = |kind: Pre, bb: &Bb| pre[kind as usize].as_ref().map(|c| eval_cond(c, bb));
    let mut decided = true;
    let status = if !child.is_running() {
        let mut order = [
            (Pre::FailureIf, Failure),
            (Pre::SuccessIf, Success),
            (Pre::SkipIf, Skipped),
        ];
        if mutant(Mutation::SkipIfBeforeSuccessIf) {
            order.swap(1, 2);
        }
        let fired = order
            .iter()
            .find(|(kind, _)| holds(*kind, bb) == Some(true))
            .map(|(_, status)| *status);
        match fired {
            Some(status) => status,
            None if holds(Pre::RunWhile, bb) == Some(false) => Skipped,
            None => {
                decided = false;
                child.tick(ctx, bb)
            }
        }
    } else if holds(Pre::RunWhile, bb) == Some(false) && !mutant(Mutation::RunWhileOnlyAtStart) {
        halt_guarded(post, child, ctx, bb);
        return Skipped;
    } else {
        let fired = if mutant(Mutation::PreconditionsCheckedWhileRunning) {
            [
                (Pre::FailureIf, Failure),
                (Pre::SuccessIf, Success),
                (Pre::SkipIf, Skipped),
            ]
            .iter()
            .find(|(kind, _)| holds(*kind, bb) == Some(true))
            .map(|(_, status)| *status)
        } else {
            None
        };
        match fired {
            Some(status) => {
                halt_guarded(post, child, ctx, bb);
                status
            }
            None => {
                decided = false;
                child.tick(ctx, bb)
            }
        }
    };
    if decided && mutant(Mutation::NoHooksAfterShortCircuit) {
        return status;
    }
    match status {
        Success => {
            run_hook(post, Hook::OnSuccess, bb);
            run_hook(post, Hook::Post, bb);
        }
        Failure => {
            run_hook(post, Hook::OnFailure, bb);
            run_hook(post, Hook::Post, bb);
        }
        Running | Skipped => {}
    }
    status
}

/// Halts a guarded node that is running: its halt, `on_halted`, `post` (decision 4).
fn halt_guarded(post: &[Option<Vec<Stmt>>; 4], child: &mut RefNode, ctx: &mut Ctx, bb: &mut Bb) {
    let hooks_first = mutant(Mutation::HooksBeforeHalt);
    if !hooks_first {
        child.halt(ctx, bb);
    }
    run_hook(post, Hook::OnHalted, bb);
    if !mutant(Mutation::PostNotRunAfterHalt) {
        run_hook(post, Hook::Post, bb);
    }
    if hooks_first {
        child.halt(ctx, bb);
    }
}

fn run_hook(post: &[Option<Vec<Stmt>>; 4], kind: Hook, bb: &mut Bb) {
    if let Some(script) = &post[kind as usize] {
        run_script(script, bb);
    }
}

/// One tick of a leaf with ports: inputs (and in-outs) are loaded from their entries (or
/// expressions) before the call; after it, an output the leaf set is written to its entry, an
/// in-out the leaf changed is written back (the `ports` docs, spec 5.2).
fn tick_ported(
    leaf: PortLeaf,
    id: usize,
    ports: &Ports,
    running: bool,
    last_input: &mut i64,
    ctx: &mut Ctx,
    bb: &mut Bb,
) -> Status {
    match leaf {
        PortLeaf::Cond => {
            let input = port_input(ports.b0, Entry::b0, bb);
            Status::from_bool(ctx.check_in(id, input))
        }
        PortLeaf::Act => {
            let input = port_input(ports.b0, Entry::b0, bb);
            let (outcome, written) = ctx.exec_out(id, input);
            deliver(ports.b1, Entry::b1, written, bb);
            outcome.into()
        }
        PortLeaf::Io => {
            let entry = ports.t0.and_then(|b| b.entry(Entry::t0)).expect("bound");
            let value = bb_slot(bb, entry).value.expect("an i64 entry");
            let (outcome, written) = ctx.exec_out(id, value);
            let written = if mutant(Mutation::InOutAlwaysWrittenBack) {
                Some(written.unwrap_or(value))
            } else {
                written
            };
            deliver(ports.t0, Entry::t0, written, bb);
            outcome.into()
        }
        PortLeaf::Task => {
            let input = port_input(ports.b0, Entry::b0, bb);
            *last_input = input;
            let (status, written) = if running {
                ctx.on_running_in(id, input)
            } else {
                ctx.on_start_in(id, input)
            };
            deliver(ports.b1, Entry::b1, written, bb);
            status
        }
    }
}

/// The value an input port named `port` receives.
fn port_input(bind: Option<Bind>, port: Entry, bb: &Bb) -> i64 {
    match bind.expect("inputs are bound") {
        Bind::Value(n) => n,
        bind => bb_slot(bb, bind.entry(port).unwrap())
            .value
            .expect("an i64 entry"),
    }
}

/// Writes what a leaf wrote to its port named `port` to the bound entry (an unbound output
/// drops it).
fn deliver(bind: Option<Bind>, port: Entry, written: Option<i64>, bb: &mut Bb) {
    if let (Some(value), Some(entry)) = (written, bind.and_then(|b| b.entry(port))) {
        bb_write(bb, entry, Some(value));
    }
}

fn bb_slot(bb: &Bb, entry: Entry) -> Slot {
    bb.slots[entry.index()].unwrap_or_else(|| panic!("{entry:?} is not declared"))
}

/// The queue entry's items, to change (a pop consumes the entry's queue in place, spec 3).
fn bb_queue(bb: &mut Bb, entry: Entry) -> &mut Queue {
    &mut bb.slots[entry.index()]
        .as_mut()
        .unwrap_or_else(|| panic!("{entry:?} is not declared"))
        .queue
}

fn bb_version(bb: &Bb, entry: Entry) -> u64 {
    bb_slot(bb, entry).version
}

/// Writes an entry: a tracked entry counts the update (spec 5.5).
fn bb_write(bb: &mut Bb, entry: Entry, value: Option<i64>) {
    let slot = bb.slots[entry.index()]
        .as_mut()
        .unwrap_or_else(|| panic!("{entry:?} is not declared"));
    slot.value = value;
    if entry.tracked() {
        slot.version += 1;
    }
}

/// The blackboard as the `blackboard { .. }` section declares it (no initial value: `Default`).
pub fn initial_board(tree: &Tree) -> Bb {
    let mut bb = Bb::default();
    for decl in tree.board.iter().flatten() {
        if decl.entry.queue() {
            // `q0=n` holds `[1, .., n]`.
            let n = match decl.init {
                Init::Value(n) => n,
                _ => 0,
            };
            bb.slots[decl.entry.index()] = Some(Slot::queue(Queue::from_items(1..=n)));
            continue;
        }
        let value = match (decl.init, decl.entry.optional()) {
            (Init::Value(n), _) => Some(n),
            (Init::Default, false) => Some(0),
            (Init::Default | Init::Nothing, true) => None,
            (Init::Nothing, false) => unreachable!("`= None` for an i64"),
        };
        bb.slots[decl.entry.index()] = Some(Slot::value(value, 0));
    }
    bb
}

/// The Rust meaning of an [`Int`] (i64 `+` and `%`).
fn eval_int(int: &Int, bb: &Bb) -> i64 {
    let mut value = match int.atom {
        Atom::Lit(n) => n,
        Atom::Get(entry) => bb_slot(bb, entry).value.expect("an i64 entry"),
        Atom::OrElse(n) => bb_slot(bb, Entry::o0).value.unwrap_or(n),
    };
    if int.add != 0 {
        value += int.add;
    }
    if int.modulo != 0 {
        value %= int.modulo;
    }
    value
}

fn eval_cond(cond: &Cond, bb: &Bb) -> bool {
    match cond {
        Cond::Cmp(a, op, b) => {
            let (a, b) = (eval_int(a, bb), eval_int(b, bb));
            match op {
                Op::Lt => a < b,
                Op::Gt => a > b,
                Op::Eq => a == b,
                Op::Ne => a != b,
            }
        }
        Cond::IsSome => bb_slot(bb, Entry::o0).value.is_some(),
        Cond::IsNone => bb_slot(bb, Entry::o0).value.is_none(),
    }
}

/// Runs statements in order; each assignment is one write.
fn run_script(script: &[Stmt], bb: &mut Bb) {
    for stmt in script {
        match stmt {
            Stmt::Inc(entry, n) => {
                let value = bb_slot(bb, *entry).value.expect("an i64 entry");
                bb_write(bb, *entry, Some(value + n));
            }
            Stmt::Set(entry, value) => {
                let value = eval_int(value, bb);
                bb_write(bb, *entry, Some(value));
            }
            Stmt::Clear => bb_write(bb, Entry::o0, None),
            Stmt::If(cond, stmt) => {
                if eval_cond(cond, bb) {
                    run_script(std::slice::from_ref(&**stmt), bb);
                }
            }
            Stmt::Arith(entry, op, a, b) => {
                let value = arith(*op, eval_atom(*a, bb), eval_atom(*b, bb));
                bb_write(bb, *entry, Some(value));
            }
            Stmt::Neg(entry, a) => {
                let value = clamp(-i128::from(eval_atom(*a, bb)));
                bb_write(bb, *entry, Some(value));
            }
        }
    }
}

fn eval_atom(atom: Atom, bb: &Bb) -> i64 {
    eval_int(
        &Int {
            atom,
            add: 0,
            modulo: 0,
        },
        bb,
    )
}

/// A result in `i128` (which holds every sum, difference and product of two `i64`s), clamped
/// to `i64` (decision 16).
fn clamp(exact: i128) -> i64 {
    if mutant(Mutation::ArithWraps) {
        return exact as i64;
    }
    exact.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64
}

/// `bt::script`'s arithmetic, from decision 16: the exact result clamped; `/` truncates toward
/// zero; by zero, the dividend's sign's bound (0 for 0).
fn arith(op: ArithOp, a: i64, b: i64) -> i64 {
    let (x, y) = (i128::from(a), i128::from(b));
    match op {
        ArithOp::Add => clamp(x + y),
        ArithOp::Sub => clamp(x - y),
        ArithOp::Mul => clamp(x * y),
        ArithOp::Div if b == 0 => match a.signum() {
            1 => i64::MAX,
            -1 => i64::MIN,
            _ => 0,
        },
        ArithOp::Div => clamp(x / y),
    }
}

/// A whole tree: the root, its blackboard and what `status()` reports.
pub struct Reference {
    pub root: RefNode,
    pub bb: Bb,
    status: Option<Status>,
}

impl Reference {
    pub fn new(tree: &Tree) -> Reference {
        Reference {
            root: RefNode::build(&tree.root),
            bb: initial_board(tree),
            status: None,
        }
    }

    pub fn tick(&mut self, ctx: &mut Ctx) -> Status {
        let status = self.root.tick(ctx, &mut self.bb);
        self.status = Some(status);
        status
    }

    /// A write from outside, between ticks (`blackboard_mut()`: an assignment, `set` for a
    /// tracked entry; for the queue, `push_back` of the value (nothing when full) or, for
    /// `None`, `clear`).
    pub fn poke(&mut self, entry: Entry, value: Option<i64>) {
        if entry.queue() {
            let queue = bb_queue(&mut self.bb, entry);
            match value {
                Some(item) => {
                    queue.push_back(item);
                }
                None => queue.clear(),
            }
            return;
        }
        bb_write(&mut self.bb, entry, value);
    }

    /// Halts the tree: every running node (spec 1.3), then, like BT.CPP's `haltTree` safety
    /// net that halts every node, the counters of idle Repeat/RetryUntilSuccessful nodes (only
    /// an idle loop whose child was skipped still holds a count, spec 3 "count kept"), so that
    /// the next tick starts afresh except for SequenceWithMemory's index, RunOnce and the
    /// versions the update nodes saw. Only running nodes run `on_halted`/`post` (the library's
    /// documented rule: "halts every running node").
    pub fn halt(&mut self, ctx: &mut Ctx) {
        self.root.halt(ctx, &mut self.bb);
        self.status = None;
        if mutant(Mutation::RunOnceForgetsOnTreeHalt) {
            self.root.for_each_mut(&mut |node| {
                if let RefNode::RunOnce { done, .. } = node {
                    *done = None;
                }
            });
        }
        if !mutant(Mutation::IdleLoopKeepsCountOnTreeHalt) {
            self.root.clear_loop_counts();
        }
    }

    pub fn status(&self) -> Option<Status> {
        self.status
    }
}
