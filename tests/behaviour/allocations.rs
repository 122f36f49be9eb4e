//! A generated tree never allocates: not in `new()`, not in `tick()`, not in `halt()`.
//!
//! A counting global allocator counts the allocations made by the test's own thread while the
//! tree is built, ticked and halted. The tree uses every node kind and every leaf form, on a
//! context that does not allocate, and runs through thousands of pseudo-random ticks with
//! halts in between. A second tree adds blackboards, ports, conditions, tracked entries and
//! subtrees (remapped, with initial values, and with `..`); a third has every node kind of issue
//! 10 (Parallel, ParallelAll, IfThenElse, WhileDoElse, Switch, TryCatch, AsyncSequence,
//! AsyncFallback, Delay, Timeout, Precondition, Loop, Sleep, AlwaysRunning and the aliases) on a
//! context that is a `ManualClock`; a fourth has an error type: its leaves fail now and then (typed
//! `Try*` leaves, inline `Result`s, `Error(..)`), among behavior3's nodes, so that ticks that abort
//! and halt are measured too. The first two are also ticked with the library's observers
//! attached (statistics, a transition logger, a trace, a JSON-lines writer), which must not
//! allocate either; a fifth uses every NodeCanvas kind, the random nodes (with the tree's own
//! generator) and observer aborts; a sixth is made of the user's own control nodes and decorators
//! (`Control(Type)`, `Decorator(Type)`). The counter counts only on the thread that measures, so the other tests of the binary (`tests/behaviour`) do not disturb it.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::hint::black_box;
use std::mem::{align_of, size_of};
use std::time::Duration;

use bt::control::{
    AsyncFallback, AsyncSequence, Fallback, IfThenElse, Parallel, ParallelAll, ReactiveFallback,
    ReactiveSequence, Sequence, SequenceWithMemory, Switch, TryCatch,
};
use bt::decorator::{Delay, Repeat, RetryUntilSuccessful, RunOnce, Timeout};
use bt::leaves::Sleep;
use bt::observe::json::JsonTrace;
use bt::{
    behavior_tree, BehaviorTree, Clock, Condition, Deque, GuardToken, InOut, Input, ManualClock,
    NodeStats, Observer, Outcome, Output, Ports, StatefulAction, Statistics, Status, SyncAction,
    TickTrace, Transition, TransitionLogger, TryCondition, TryStatefulAction, TrySyncAction,
};

// ---------------------------------------------------------------------------------------------
// The counting allocator.

struct Counting;

thread_local! {
    /// Only a measuring thread counts (libtest's own threads, and the other test, may allocate
    /// at any time), each in its own counter.
    static MEASURING: Cell<bool> = const { Cell::new(false) };
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn note_allocation() {
    if MEASURING.try_with(Cell::get).unwrap_or(false) {
        let _ = ALLOCATIONS.try_with(|count| count.set(count.get() + 1));
    }
}

// SAFETY: every call is forwarded unchanged to the system allocator.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note_allocation();
        System.alloc(layout)
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note_allocation();
        System.alloc_zeroed(layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note_allocation();
        System.realloc(ptr, layout, new_size)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Runs `f` and returns its result with the number of allocations it made on this thread.
fn allocations_in<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let before = ALLOCATIONS.with(Cell::get);
    MEASURING.with(|m| m.set(true));
    let result = f();
    MEASURING.with(|m| m.set(false));
    (result, ALLOCATIONS.with(Cell::get) - before)
}

// ---------------------------------------------------------------------------------------------
// A world that does not allocate, and leaves that answer pseudo-randomly.

const LEAVES: usize = 48;

pub struct World {
    seed: Cell<u32>,
    /// Calls per leaf id.
    calls: [Cell<u32>; LEAVES],
    halts: Cell<u32>,
    /// The time nodes' clock, moved between ticks.
    clock: ManualClock,
    /// The token of the `Guard` nodes.
    door: GuardToken,
}

impl Clock for World {
    fn now(&self) -> Duration {
        self.clock.now()
    }
}

impl World {
    fn new() -> Self {
        World {
            seed: Cell::new(0x2545_f491),
            calls: [const { Cell::new(0) }; LEAVES],
            halts: Cell::new(0),
            clock: ManualClock::new(),
            door: GuardToken::new(),
        }
    }

    /// Counts a call of leaf `id` and returns a pseudo-random number in `0..100` (xorshift).
    fn roll(&self, id: usize) -> u32 {
        self.calls[id].set(self.calls[id].get() + 1);
        let mut x = self.seed.get();
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.seed.set(x);
        x % 100
    }

    /// True with probability `percent`%.
    fn coin(&self, id: usize, percent: u32) -> bool {
        self.roll(id) < percent
    }

    /// A stateful action's answer: Running 50%, Success 20%, Failure 25%, Skipped 5%.
    fn progress(&self, id: usize) -> Status {
        match self.roll(id) {
            0..=49 => Status::Running,
            50..=69 => Status::Success,
            70..=94 => Status::Failure,
            _ => Status::Skipped,
        }
    }
}

/// Every typed leaf of the tree: a condition, a synchronous action and a stateful action at once.
/// `percent` is its chance of success as a condition or synchronous action.
pub struct Coin<const ID: usize> {
    percent: u32,
}

impl<const ID: usize> Coin<ID> {
    fn biased(percent: u32) -> Self {
        Coin { percent }
    }
}

impl<const ID: usize> Default for Coin<ID> {
    fn default() -> Self {
        Coin { percent: 50 }
    }
}

impl<const ID: usize> Condition<World> for Coin<ID> {
    fn check(&mut self, w: &World) -> bool {
        w.coin(ID, self.percent)
    }
}

impl<const ID: usize> SyncAction<World> for Coin<ID> {
    fn execute(&mut self, w: &mut World) -> Outcome {
        w.coin(ID, self.percent).into()
    }
}

impl<const ID: usize> StatefulAction<World> for Coin<ID> {
    fn on_start(&mut self, w: &mut World) -> Status {
        w.progress(ID)
    }

    fn on_running(&mut self, w: &mut World) -> Status {
        w.progress(ID)
    }

    fn on_halted(&mut self, w: &mut World) {
        w.halts.set(w.halts.get() + 1);
    }
}

// ---------------------------------------------------------------------------------------------
// Every node kind.

behavior_tree! {
    tree Everything for World {
        ReactiveFallback {
            #[name = "engage"]
            ReactiveSequence {
                Condition(Coin<0> = Coin::biased(30))
                Condition(|w| w.coin(20, 70))
                Sequence {
                    Action(Coin<1>)
                    MemSequence { Action(|w| w.coin(21, 80)), StatefulAction(Coin<2>) }
                }
            }
            Fallback {
                SequenceWithMemory { Condition(Coin<3> = Coin::biased(30)), StatefulAction(Coin<4>) }
                SequenceStar {
                    AlwaysSuccess
                    ForceSuccess { Action(Coin<11>) }
                    Inverter { StatefulAction(Coin<5>) }
                }
                Repeat(3) { Action(Coin<6>) }
                Repeat(forever) { Action(Coin<10> = Coin::biased(70)) }
                RetryUntilSuccessful(3) { StatefulAction(Coin<7>) }
                KeepRunningUntilFailure { StatefulAction(Coin<9>) }
                MemPriority {
                    ForceFailure { RunOnce { Action(|w| Outcome::from(w.coin(22, 50))) } }
                    RunOnce(then_skip = false) { AlwaysFailure }
                }
                Inverter { RetryUntilSuccessful(forever) { Condition(Coin<8>) } }
            }
        }
    }
}

/// Ids of the leaves above that must all have been called.
const CALLED: [usize; 15] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 20, 21, 22];

#[test]
fn new_tick_and_halt_never_allocate() {
    // The counter works: an allocation on this thread is seen.
    let (boxed, count) = allocations_in(|| black_box(Box::new(7u64)));
    assert!(count >= 1, "the counting allocator missed an allocation");
    drop(boxed);

    let (mut tree, count) = allocations_in(Everything::new);
    assert_eq!(count, 0, "Everything::new() allocated");
    let mut world = World::new();
    let mut trace = TickTrace::<{ Everything::NODE_COUNT }>::new();
    let mut results = [0u32; 4];
    let (mut tick_allocations, mut halt_allocations) = (0, 0);
    for round in 0..20_000u32 {
        let (status, count) = allocations_in(|| {
            if round % 2 == 0 {
                tree.tick(&mut world)
            } else {
                tree.tick_with(&mut world, &mut trace)
            }
        });
        tick_allocations += count;
        results[status as usize] += 1;
        if round % 13 == 12 {
            let ((), count) = allocations_in(|| {
                if round % 2 == 0 {
                    tree.halt(&mut world)
                } else {
                    tree.halt_with(&mut world, &mut trace)
                }
            });
            halt_allocations += count;
        }
    }
    assert_eq!(tick_allocations, 0, "tick() allocated");
    assert_eq!(halt_allocations, 0, "halt() allocated");

    // The run did exercise the tree: every leaf was called, the root answered every completed
    // status and Running, and running actions were halted.
    for id in CALLED {
        assert!(world.calls[id].get() > 0, "leaf {id} was never called");
    }
    let [running, success, failure, _skipped] = results;
    assert!(
        running > 0 && success > 0 && failure > 0,
        "root results {results:?}"
    );
    assert!(world.halts.get() > 0, "no stateful action was ever halted");

    // Size: the tree is its leaves plus a few bytes per stateful node; no pointer, no heap.
    // Upper bound, from the tree as written:
    // * 12 typed leaves (Coin<0..=11>), each stored by value;
    // * one state per composite, sized for its child count (u8 cursors): 1 ReactiveFallback,
    //   1 ReactiveSequence, 3 sequence-like (Sequence, MemSequence) and fallback-like (Fallback,
    //   MemPriority) counted with the larger of the two, 2 SequenceWithMemory (incl. SequenceStar);
    // * one state per counting decorator: 2 Repeat, 2 RetryUntilSuccessful (u8 counters), 2 RunOnce;
    //   Inverter (2), ForceSuccess, ForceFailure and KeepRunningUntilFailure are stateless;
    // * at most one "running" flag (bool) per node;
    // * the root's last status (Option<Status>);
    // rounded up to the alignment of the leaves. Nodes that cannot run keep their state in
    // locals of the tick, so the real size may be below the bound.
    let leaves = 12 * size_of::<Coin<0>>();
    let linear = size_of::<Sequence<u8>>().max(size_of::<Fallback<u8>>());
    let composites = size_of::<ReactiveFallback<u8>>()
        + size_of::<ReactiveSequence<u8>>()
        + 4 * linear
        + 2 * size_of::<SequenceWithMemory<u8>>();
    let decorators = 2 * size_of::<Repeat<u8>>()
        + 2 * size_of::<RetryUntilSuccessful<u8>>()
        + 2 * size_of::<RunOnce>();
    let flags = Everything::NODE_COUNT * size_of::<bool>();
    let status = size_of::<Option<Status>>();
    let align = align_of::<Coin<0>>();
    let bound = (leaves + composites + decorators + flags + status).div_ceil(align) * align;
    let size = size_of::<Everything>();
    assert!(
        size <= bound,
        "size_of::<Everything>() = {size}, above the computed bound {bound}"
    );
    assert!(size >= leaves, "the leaves are stored in the tree");
    // With 4-byte leaves and byte-sized node state the bound is small: no boxing, no vectors.
    assert!(bound <= 128, "bound {bound}");
}

// ---------------------------------------------------------------------------------------------
// Blackboards, ports, conditions and subtrees.

/// Reads `gain`, adds it to `total` (in-out), reports whether it passed `limit`.
#[derive(Default, Ports)]
pub struct Accumulate {
    pub gain: Input<u32>,
    pub total: InOut<u32>,
    pub passed: Output<bool>,
    #[port(default)]
    pub limit: Input<u32>,
}

impl SyncAction<World> for Accumulate {
    fn execute(&mut self, w: &mut World) -> Outcome {
        let total = self.total.get().wrapping_add(*self.gain + w.roll(23) % 3);
        self.total.set(total);
        self.passed.set(total > *self.limit);
        Outcome::Success
    }
}

behavior_tree! {
    tree Counter for World {
        blackboard {
            gain: u32 = 1,
            total: u32,
            #[tracked] passed: bool,
            limit: u32 = 50,
        }
        ReactiveSequence {
            #[skip_if(|bb| bb.total % 7 == 3)]
            Action(Accumulate, gain = {gain}, total = {total}, passed = {passed}, limit = {limit}),
            Fallback {
                #[on_success(|bb| bb.total = 0)]
                Sequence { WasEntryUpdated(passed), ScriptCondition(|bb| *bb.passed) },
                StatefulAction(Coin<12>),
            },
        }
    }
}

behavior_tree! {
    tree Owner for World {
        blackboard {
            step: u32 = 2,
            sum: u32,
            #[tracked] passed: bool,
            gain: u32 = 3,
            total: u32,
            limit: u32 = 10,
        }
        ReactiveFallback {
            #[run_while(|bb| bb.sum < 1_000)]
            #[post(|bb| bb.sum %= 500)]
            SubTree(Counter, gain = {step}, total = {sum}, passed = {=}, limit = 20),
            WaitValueUpdate(passed) { SubTree(Counter, ..) },
            Script(|bb| bb.sum += 1),
        }
    }
}

#[test]
fn subtrees_and_blackboards_never_allocate() {
    let (mut tree, count) = allocations_in(Owner::new);
    assert_eq!(count, 0, "Owner::new() allocated");
    let mut world = World::new();
    let mut trace = TickTrace::<{ Owner::NODE_COUNT }>::new();
    let (mut tick_allocations, mut halt_allocations) = (0, 0);
    for round in 0..20_000u32 {
        let (_, count) = allocations_in(|| {
            if round % 2 == 0 {
                tree.tick(&mut world)
            } else {
                tree.tick_with(&mut world, &mut trace)
            }
        });
        tick_allocations += count;
        if round % 11 == 10 {
            let ((), count) = allocations_in(|| tree.halt_with(&mut world, &mut trace));
            halt_allocations += count;
        }
    }
    assert_eq!(tick_allocations, 0, "tick() allocated");
    assert_eq!(halt_allocations, 0, "halt() allocated");
    assert!(
        world.calls[12].get() > 0,
        "the subtrees' stateful action never ran"
    );
    assert!(world.calls[23].get() > 0, "the port leaf never ran");
    assert!(
        tree.blackboard().passed.version() > 0,
        "the remapped output never landed"
    );

    // The subtrees are stored by value: two `Counter`s plus the parent's own few bytes.
    let size = size_of::<Owner>();
    let own = size_of::<OwnerBlackboard>() + Owner::NODE_COUNT + size_of::<Option<Status>>();
    assert!(size >= 2 * size_of::<Counter>(), "size {size}");
    assert!(
        size <= 2 * size_of::<Counter>() + own.next_multiple_of(8),
        "size {size}"
    );
}

// ---------------------------------------------------------------------------------------------
// The observers.

/// Ticks `tree` `rounds` times with `observer`, halting it now and then, and returns the
/// allocations of the ticks and of the halts (on this thread).
fn observed_run<T: BehaviorTree<Context = World>>(
    tree: &mut T,
    observer: &mut impl Observer,
    rounds: u32,
) -> (usize, usize) {
    let mut world = World::new();
    let (mut ticks, mut halts) = (0, 0);
    for round in 0..rounds {
        ticks += allocations_in(|| tree.tick_with(&mut world, observer)).1;
        if round % 17 == 16 {
            halts += allocations_in(|| tree.halt_with(&mut world, observer)).1;
        }
    }
    (ticks, halts)
}

/// `(Statistics, TransitionLogger, Trace)` over arrays, the logger reporting to a closure: built,
/// ticked and halted without an allocation, and they did see the run.
fn in_memory_observers_never_allocate<
    T: BehaviorTree<Context = World> + Default,
    const N: usize,
>() {
    let rounds = 5_000;
    let mut transitions = 0u64;
    let (observers, count) = allocations_in(|| {
        (
            Statistics::for_tree::<T>([NodeStats::ZERO; N]),
            TransitionLogger::for_tree::<T>([None; N], |_: &Transition| transitions += 1),
            TickTrace::<N>::new(),
        )
    });
    assert_eq!(count, 0, "building the observers allocated");
    let mut observers = observers;
    let mut tree = T::default();
    let (ticks, halts) = observed_run(&mut tree, &mut observers, rounds);
    assert_eq!(ticks, 0, "a tick with the observers allocated");
    assert_eq!(halts, 0, "a halt with the observers allocated");
    let (stats, _, trace) = observers;
    assert_eq!(stats[0].ticks, u64::from(rounds), "the root's ticks");
    assert!(
        stats[0].halts > 0,
        "the tree was never halted while running"
    );
    assert!(trace.event(0).is_some());
    assert!(transitions > u64::from(rounds), "{transitions} transitions");
}

#[test]
fn ticks_with_statistics_a_logger_and_a_trace_never_allocate() {
    in_memory_observers_never_allocate::<Everything, { Everything::NODE_COUNT }>();
    in_memory_observers_never_allocate::<Owner, { Owner::NODE_COUNT }>();
}

/// `io::sink()`, counting what it is given.
struct CountedSink {
    sink: std::io::Sink,
    bytes: usize,
}

impl std::io::Write for CountedSink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.bytes += buf.len();
        self.sink.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.sink.flush()
    }
}

fn json_trace_never_allocates<T: BehaviorTree<Context = World> + Default>() {
    let rounds = 5_000;
    let out = CountedSink {
        sink: std::io::sink(),
        bytes: 0,
    };
    let (mut trace, count) = allocations_in(|| JsonTrace::for_tree::<T>(out));
    assert_eq!(count, 0, "building the JSON trace allocated");
    let mut tree = T::default();
    let (ticks, halts) = observed_run(&mut tree, &mut trace, rounds);
    assert_eq!(ticks, 0, "a tick with the JSON trace allocated");
    assert_eq!(halts, 0, "a halt with the JSON trace allocated");
    assert!(trace.error().is_none(), "{:?}", trace.error());
    assert_eq!(trace.tick(), u64::from(rounds), "one root report per tick");
    // At least one line of at least `{"tick":0,"node":0,"name":"","status":"RUNNING"}` per tick.
    let bytes = trace.finish().unwrap().bytes;
    assert!(bytes > 50 * rounds as usize, "only {bytes} bytes written");
}

#[test]
fn ticks_with_a_json_trace_never_allocate() {
    json_trace_never_allocates::<Everything>();
    json_trace_never_allocates::<Owner>();
}

// ---------------------------------------------------------------------------------------------
// The node kinds of issue 10, on a clock.

behavior_tree! {
    tree Issue10 for World {
        blackboard {
            mode: u8,
            queue: Deque<u32, 4> = Deque::from_array([1, 2, 3, 4]),
            item: u32,
            go: bool = true,
        }
        // Every group is ticked on every tick of an activation; any failure ends it.
        Parallel(success = -1, failure = -1) {
            #[name = "parallel"]
            Parallel(success = -2, failure = 2) {
                Timeout(30) { StatefulAction(Coin<24>) }
                Delay(10) { Action(Coin<25>) }
                ParallelAll(max_failures = 1) { StatefulAction(Coin<26>), Sleep(5) }
            }
            ReactiveSelector {
                IfThenElse { Condition(Coin<27>), StatefulAction(Coin<28>), AlwaysFailure }
                WhileDoElse {
                    Condition(Coin<29> = Coin::biased(30)), Sleep(20), StatefulAction(Coin<30>)
                }
            }
            TryCatch(catch_on_halt = true) {
                StatefulAction(Coin<31>), Action(Coin<32>), StatefulAction(Coin<33>)
            }
            Switch(mode) {
                case 0 => AsyncSequence {
                    Action(Coin<34> = Coin::biased(80)), StatefulAction(Coin<35>)
                },
                case 1 => AsyncFallback {
                    Action(Coin<36> = Coin::biased(20)), StatefulAction(Coin<37>)
                },
                _ => ParallelAll(1) { AlwaysRunning, Action(Coin<38>) },
            }
            Selector {
                Precondition(|bb| bb.go, else = Failure) { StatefulAction(Coin<39>) }
                Retry(2) { Invert { StatefulAction(Coin<40>) } }
                Loop(queue, value = {item}, if_empty = Failure) {
                    Script(|bb| {
                        bb.mode = (bb.item % 3) as u8;
                        if bb.item % 5 != 0 {
                            let _ = bb.queue.push_back(bb.item + 1);
                        }
                    })
                }
                Timeout(0) { Delay(0) { AlwaysRunning } }
            }
        }
    }
}

/// Ids of the leaves of `Issue10` that must all have been called.
const CALLED_10: [usize; 17] = [
    24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40,
];

#[test]
fn issue_10_kinds_never_allocate() {
    let (mut tree, count) = allocations_in(Issue10::new);
    assert_eq!(count, 0, "Issue10::new() allocated");
    let mut world = World::new();
    let mut trace = TickTrace::<{ Issue10::NODE_COUNT }>::new();
    let mut results = [0u32; 4];
    let (mut tick_allocations, mut halt_allocations) = (0, 0);
    for round in 0..20_000u32 {
        // Outside the measured calls: time passes, the blackboard is written from outside.
        world.clock.advance_ms(u64::from(round % 7));
        tree.blackboard_mut().go = round % 3 != 0;
        if tree.blackboard().queue.is_empty() && round % 5 == 0 {
            let _ = tree.blackboard_mut().queue.push_back(round);
        }
        let (status, count) = allocations_in(|| {
            if round % 2 == 0 {
                tree.tick(&mut world)
            } else {
                tree.tick_with(&mut world, &mut trace)
            }
        });
        tick_allocations += count;
        results[status as usize] += 1;
        if round % 13 == 12 {
            let ((), count) = allocations_in(|| {
                if round % 2 == 0 {
                    tree.halt(&mut world)
                } else {
                    tree.halt_with(&mut world, &mut trace)
                }
            });
            halt_allocations += count;
        }
    }
    assert_eq!(tick_allocations, 0, "tick() allocated");
    assert_eq!(halt_allocations, 0, "halt() allocated");
    for id in CALLED_10 {
        assert!(world.calls[id].get() > 0, "leaf {id} was never called");
    }
    let [running, success, failure, _skipped] = results;
    assert!(
        running > 0 && success > 0 && failure > 0,
        "root results {results:?}"
    );
    assert!(world.halts.get() > 0, "no stateful action was ever halted");
    // All state inline. Upper bound, from the tree as written: the 17 leaves and the blackboard
    // (a 4-item deque) by value; the state of each node that keeps one between ticks (2 Parallel
    // and 2 ParallelAll, sized for their children with a one-word bitset; IfThenElse; TryCatch;
    // Switch; AsyncSequence and AsyncFallback; 2 Delay, 2 Timeout and 2 Sleep, a start time each);
    // a running flag per node, the root's status and the direct resume's memory; rounded up to
    // the alignment of a `Duration`.
    let states = 2 * size_of::<Parallel<u8, 1>>()
        + 2 * size_of::<ParallelAll<u8, 1>>()
        + size_of::<IfThenElse>()
        + size_of::<TryCatch<u8>>()
        + size_of::<Switch<u8>>()
        + size_of::<AsyncSequence<u8>>()
        + size_of::<AsyncFallback<u8>>()
        + 2 * size_of::<Delay>()
        + 2 * size_of::<Timeout>()
        + 2 * size_of::<Sleep>();
    let leaves = size_of::<Issue10Blackboard>() + 17 * size_of::<Coin<0>>();
    let flags = Issue10::NODE_COUNT * size_of::<bool>() + size_of::<Option<Status>>();
    let align = align_of::<Duration>();
    let bound = (leaves + states + flags + size_of::<bt::resume::Resume>()).div_ceil(align) * align;
    let size = size_of::<Issue10>();
    assert!(size >= leaves, "size {size}");
    assert!(
        size <= bound,
        "size_of::<Issue10>() = {size}, above the bound {bound}"
    );
}

// ---------------------------------------------------------------------------------------------
// A tree with an error type: ticks that fail, and the halts they cause.

/// The error of the fallible tree: the id of the leaf that failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fault(usize);

/// A leaf that fails with `Fault(ID)` 4% of the time, and otherwise answers like a [`Coin`].
#[derive(Default)]
pub struct Flaky<const ID: usize>;

impl<const ID: usize> Flaky<ID> {
    fn answer(w: &World) -> Result<Status, Fault> {
        match w.roll(ID) {
            0..=3 => Err(Fault(ID)),
            4..=49 => Ok(Status::Running),
            50..=74 => Ok(Status::Success),
            _ => Ok(Status::Failure),
        }
    }
}

impl<const ID: usize> TryCondition<World, Fault> for Flaky<ID> {
    fn try_check(&mut self, w: &World) -> Result<bool, Fault> {
        Self::answer(w).map(|status| status != Status::Failure)
    }
}

impl<const ID: usize> TrySyncAction<World, Fault> for Flaky<ID> {
    fn try_execute(&mut self, w: &mut World) -> Result<Outcome, Fault> {
        Self::answer(w).map(|status| (status != Status::Failure).into())
    }
}

impl<const ID: usize> TryStatefulAction<World, Fault> for Flaky<ID> {
    fn try_on_start(&mut self, w: &mut World) -> Result<Status, Fault> {
        Self::answer(w)
    }

    fn try_on_running(&mut self, w: &mut World) -> Result<Status, Fault> {
        Self::answer(w)
    }

    fn on_halted(&mut self, w: &mut World) {
        w.halts.set(w.halts.get() + 1);
    }
}

behavior_tree! {
    tree Fallible for World, error Fault {
        Fallback {
            ReactiveSequence {
                Condition(Flaky<24>),
                Limiter(60_000) { Action(Flaky<25>) },
                Condition(|w| if w.coin(26, 3) { Err(Fault(26)) } else { Ok(w.coin(26, 60)) }),
            },
            Parallel(success = 2, failure = 2) {
                StatefulAction(Flaky<27>),
                MaxTime(30) { StatefulAction(Coin<28>) },
                Repeater(3) { Action(|w| w.coin(29, 50)) },
                Sequence {
                    Wait(20),
                    Fallback { Action(Flaky<30>), Condition(|w| w.coin(31, 50)), Error(Fault(99)) },
                },
            },
            RepeatUntilSuccess(forever) { StatefulAction(Coin<12>) },
        }
    }
}

#[test]
fn ticks_that_fail_never_allocate() {
    let (mut tree, count) = allocations_in(Fallible::new);
    assert_eq!(count, 0, "Fallible::new() allocated");
    let mut world = World::new();
    let mut trace = TickTrace::<{ Fallible::NODE_COUNT }>::new();
    let (mut tick_allocations, mut halt_allocations) = (0, 0);
    let (mut statuses, mut errors) = ([0u32; 4], [0u32; 100]);
    for round in 0..20_000u32 {
        world.clock.advance_ms(7);
        let (answer, count) = allocations_in(|| {
            if round % 2 == 0 {
                tree.tick(&mut world)
            } else {
                tree.tick_with(&mut world, &mut trace)
            }
        });
        tick_allocations += count;
        match answer {
            Ok(status) => statuses[status as usize] += 1,
            Err(Fault(id)) => errors[id] += 1,
        }
        if round % 17 == 16 {
            let ((), count) = allocations_in(|| tree.halt_with(&mut world, &mut trace));
            halt_allocations += count;
        }
    }
    assert_eq!(tick_allocations, 0, "tick() allocated");
    assert_eq!(halt_allocations, 0, "halt() allocated");

    // Every kind of answer happened: each error source failed, the root answered Running,
    // Success and Failure, and running actions were halted (by halts and by errors).
    for id in [24, 25, 26, 27, 30, 99] {
        assert!(errors[id] > 0, "leaf {id} never failed");
    }
    for id in [12, 24, 25, 26, 27, 28, 29, 30, 31] {
        assert!(world.calls[id].get() > 0, "leaf {id} was never called");
    }
    let [running, success, failure, _skipped] = statuses;
    assert!(
        running > 0 && success > 0 && failure > 0,
        "root results {statuses:?}"
    );
    assert!(world.halts.get() > 0, "no stateful action was ever halted");
    // All of its state inline, no pointer: two `Coin`s (4 bytes each), the start times of the
    // Wait and the MaxTime (`Option<Duration>`, 16 bytes each), and a few bytes of counters,
    // cursors and flags.
    let size = size_of::<Fallible>();
    assert!(size <= 96, "size_of::<Fallible>() = {size}");
}

// ---------------------------------------------------------------------------------------------
// NodeCanvas, observer aborts, random nodes.

behavior_tree! {
    tree Canvas for World {
        blackboard {
            hunger: f32 = 0.5,
            alarm: bool,
            case: u8,
            list: [u8; 4] = [1, 2, 3, 4],
            item: u8,
            at: usize,
        }
        PolicyParallel(repeat = true) {
            Action(|w, bb| {
                bb.alarm = w.coin(40, 30);
                bb.hunger = w.roll(41) as f32 / 100.0;
                bb.case = (w.roll(42) % 4) as u8;
                true
            }),
            RandomSequence { StatefulAction(Coin<0>), Action(Coin<1> = Coin::biased(80)) },
            RandomSelector { StatefulAction(Coin<2>), Condition(Coin<3>) },
            ProbabilitySelector(fail = 0.2) {
                #[weight(|bb| bb.hunger)] StatefulAction(Coin<4>),
                #[weight(1)] Action(Coin<5>),
            },
            PrioritySelector {
                #[score(|bb| bb.hunger)] StatefulAction(Coin<6>),
                #[score(0.5)] StatefulAction(Coin<7>),
            },
            PrioritySelector(dynamic = true) {
                #[score(0.5)] StatefulAction(Coin<37>),
                #[score(|bb| bb.hunger)] StatefulAction(Coin<38>),
            },
            FlipSelector { Action(Coin<8>), StatefulAction(Coin<9>) },
            StepSequencer { StatefulAction(Coin<10>), AlwaysSuccess },
            BinarySelector(|bb| bb.alarm, dynamic = true) {
                StatefulAction(Coin<11>),
                Condition(Coin<12>),
            },
            IndexSwitch(|bb| bb.case, out_of_range = Loop, dynamic = true) {
                StatefulAction(Coin<13>),
                Action(Coin<14>),
                AlwaysFailure,
            },
            DynamicSequence { Condition(Coin<15> = Coin::biased(80)), Action(Coin<16>), StatefulAction(Coin<17>) },
            DynamicSelector { Condition(Coin<18>), StatefulAction(Coin<19>) },
            Fallback {
                Observe(|bb| bb.alarm, abort = both) { StatefulAction(Coin<20>) },
                StatefulAction(Coin<21>),
            },
            Interrupt(|bb| bb.alarm) { StatefulAction(Coin<22>) },
            Conditional(|bb| !bb.alarm, dynamic = true) { StatefulAction(Coin<23>) },
            RepeatTimes(3) { Action(Coin<24>) },
            RepeatUntil(Success) { StatefulAction(Coin<25>) },
            Filter(1000) { StatefulAction(Coin<26>) },
            Cooldown(30) { StatefulAction(Coin<27>) },
            Iterate(list, element = {item}, index = {at}) { StatefulAction(Coin<28>) },
            WaitUntil(|bb| bb.alarm) { StatefulAction(Coin<29>) },
            Optional { StatefulAction(Coin<30>) },
            Guard(|w| &mut w.door, if_guarded = Running) { StatefulAction(Coin<31>) },
            Deadline(40) { StatefulAction(Coin<32>) },
            Remap(failure = Success) { StatefulAction(Coin<33>) },
            Observe(|bb| bb.hunger > 0.3, abort = self) { StatefulAction(Coin<34>) },
            PolicyParallel(FirstSuccess) { StatefulAction(Coin<35>), StatefulAction(Coin<36>) },
        }
    }
}

#[test]
fn nodecanvas_aborts_and_random_nodes_never_allocate() {
    let (mut tree, count) = allocations_in(|| Canvas::seeded(9));
    assert_eq!(count, 0, "Canvas::seeded() allocated");
    let mut world = World::new();
    let mut trace = TickTrace::<{ Canvas::NODE_COUNT }>::new();
    let (mut tick_allocations, mut halt_allocations) = (0, 0);
    for round in 0..20_000u32 {
        world.clock.advance_ms(10);
        let (_, count) = allocations_in(|| {
            if round % 2 == 0 {
                tree.tick(&mut world)
            } else {
                tree.tick_with(&mut world, &mut trace)
            }
        });
        tick_allocations += count;
        if round % 17 == 16 {
            let ((), count) = allocations_in(|| tree.halt_with(&mut world, &mut trace));
            halt_allocations += count;
        }
        if round % 1_000 == 999 {
            let ((), count) = allocations_in(|| tree.reseed(u64::from(round)));
            halt_allocations += count;
        }
    }
    let ((), count) = allocations_in(|| tree.halt(&mut world));
    assert_eq!(tick_allocations, 0, "tick() allocated");
    assert_eq!(halt_allocations + count, 0, "halt() or reseed() allocated");
    for id in 0..=38 {
        assert!(world.calls[id].get() > 0, "leaf {id} was never called");
    }
    assert!(world.halts.get() > 0, "no stateful action was ever halted");
    assert!(!world.door.is_taken(), "the halted tree released its token");
}

// ---------------------------------------------------------------------------------------------
// Control nodes and decorators of the user's own (`Control(Type)`, `Decorator(Type)`).

use crate::custom::nodes::{PipelineSequence, RateController, RecoveryNode, RoundRobin};

behavior_tree! {
    tree OwnNodes for World {
        Control(RoundRobin) {
            Control(RecoveryNode, number_of_retries = 2) {
                Control(PipelineSequence) {
                    StatefulAction(Coin<0>),
                    Decorator(RateController, hz = 20.0) { StatefulAction(Coin<1>) },
                    StatefulAction(Coin<2>),
                },
                StatefulAction(Coin<3>),
            },
            Control(PipelineSequence) { StatefulAction(Coin<4>), Action(Coin<5>) },
        }
    }
}

/// The user's nodes are stored in the tree (each in its place with its children's last
/// statuses), ticked through a generated handle, and never allocate, halts included, with or
/// without an observer.
#[test]
fn own_control_nodes_never_allocate() {
    let (mut tree, count) = allocations_in(OwnNodes::new);
    assert_eq!(count, 0, "OwnNodes::new() allocated");
    let mut world = World::new();
    let mut trace = TickTrace::<{ OwnNodes::NODE_COUNT }>::new();
    let mut results = [0u32; 4];
    let (mut tick_allocations, mut halt_allocations) = (0, 0);
    for round in 0..20_000u32 {
        world.clock.advance(Duration::from_millis(10));
        let (status, count) = allocations_in(|| {
            if round % 2 == 0 {
                tree.tick(&mut world)
            } else {
                tree.tick_with(&mut world, &mut trace)
            }
        });
        tick_allocations += count;
        results[status as usize] += 1;
        if round % 7 == 6 {
            let ((), count) = allocations_in(|| tree.halt_with(&mut world, &mut trace));
            halt_allocations += count;
        }
    }
    assert_eq!(tick_allocations, 0, "tick() allocated");
    assert_eq!(halt_allocations, 0, "halt() allocated");
    for id in 0..6 {
        assert!(world.calls[id].get() > 0, "leaf {id} was never called");
    }
    let [running, success, failure, _skipped] = results;
    assert!(
        running > 0 && success > 0 && failure > 0,
        "root results {results:?}"
    );
    assert!(world.halts.get() > 0, "no stateful action was ever halted");

    // Size: the leaves, each user node with one byte per child (its last status; its place has
    // no tag), padded to the node's alignment (8 here), a flag per node and the root's status,
    // rounded up to the alignment.
    let leaves = 6 * size_of::<Coin<0>>();
    let own = size_of::<RoundRobin>()
        + size_of::<RecoveryNode>()
        + 2 * size_of::<PipelineSequence>()
        + size_of::<RateController>();
    let places = 5 * align_of::<u64>();
    let flags = OwnNodes::NODE_COUNT * size_of::<bool>();
    let status = size_of::<Option<Status>>();
    let bound = (leaves + own + places + flags + status).div_ceil(8) * 8;
    let size = size_of::<OwnNodes>();
    assert!(
        size <= bound,
        "size_of::<OwnNodes>() = {size}, above the computed bound {bound}"
    );
    assert!(
        size >= leaves + own,
        "the user's nodes are stored in the tree"
    );
}
