//! Direct resume (`bt::resume`): the tick after a leaf answered `Running` goes straight to that
//! leaf when every node above it would only pass `Running` up. It must be invisible: the same
//! statuses, the same leaf calls, the same observer events, in the same order, as the walk from
//! the root; a leaf that finishes hands its status to the walk, which carries on from there; a
//! halt forgets the resumed leaf.

use crate::common;

use std::mem::{align_of, size_of};

use bt::control::{NoSkips, Sequence};
use bt::resume::Resume;
use bt::{behavior_tree, BehaviorTree, Observer, Status};
use common::{expect_halt, expect_tick, Act, Call::*, Cond, Ctx, Task};
use Status::*;

/// `chain!(Name, root attributes)`: one body for `Chain` and its reference, so that they cannot
/// drift apart.
macro_rules! chain {
    ($(#[$doc:meta])* $name:ident, $($root_attr:tt)*) => {
        behavior_tree! {
            $(#[$doc])*
            pub tree $name for Ctx {
                $($root_attr)*
                Sequence {
                    Action(Act<0>),
                    Fallback {
                        Condition(Cond<1>),
                        Repeat(2) {
                            Sequence {
                                StatefulAction(Task<2>),
                                ForceSuccess { StatefulAction(Task<3>) },
                            }
                        }
                    },
                    Action(Act<4>),
                }
            }
        }
    };
}

chain!(
    /// Task<2> and Task<3> sit at depth 4 under memory composites and pass-through decorators:
    /// both are resumed directly.
    Chain,
);

chain!(
    /// The same tree with a (no-op) condition on the root, which rules the direct resume out:
    /// every tick walks from the root. The reference for `Chain`.
    ChainWalked,
    #[on_halted(|_| ())]
);

/// `Chain`'s ids, in pre-order.
const ROOT: usize = 0;
const FALLBACK: usize = 2;
const REPEAT: usize = 4;
const INNER: usize = 5;
const TASK2: usize = 6;
const FORCE: usize = 7;
const TASK3: usize = 8;

/// Every observer event, in order.
#[derive(Debug, Default, PartialEq, Eq)]
struct Events(Vec<(usize, Option<Status>)>);

impl Observer for Events {
    fn on_status(&mut self, node: usize, status: Status) {
        self.0.push((node, Some(status)));
    }

    fn on_halted(&mut self, node: usize) {
        self.0.push((node, None));
    }
}

fn tick_events<T: BehaviorTree<Context = Ctx>>(tree: &mut T, ctx: &mut Ctx) -> (Status, Events) {
    let mut events = Events::default();
    let status = tree.tick_with(ctx, &mut events);
    (status, events)
}

#[test]
fn the_direct_resume_is_generated_where_it_applies() {
    // The two structs differ only by `Chain`'s two-byte resume memory, which is also the running
    // flag of its two resumed tasks (every field is bytes), and by `ChainWalked`'s one running
    // flag, its Fallback's (a child of a root with a condition, which passes no flags; the
    // tasks' flags are their Sequence's cursor and their ForceSuccess's); that both
    // tasks are resumed (without which the tests below would pass vacuously) is pinned by
    // bt-macros' plan test `direct_resume_picks_deep_stateful_leaves_under_memory_nodes` on this
    // shape (a resumed tick and a walked one are alike from outside, by design).
    assert_eq!(size_of::<bt::resume::Resume>(), 2);
    assert_eq!(
        size_of::<Chain>(),
        size_of::<ChainWalked>() + 1,
        "Chain carries bt::resume::Resume where ChainWalked has one byte of running flags"
    );
}

#[test]
fn a_resumed_tick_calls_only_the_running_leaf_and_reports_every_ancestor() {
    let (mut tree, mut ctx) = (Chain::new(), Ctx::new());
    ctx.script(0, &[Success]);
    ctx.script(1, &[Failure]);
    ctx.script(2, &[Running, Running]);
    let (status, events) = tick_events(&mut tree, &mut ctx);
    assert_eq!(status, Running);
    assert_eq!(ctx.take_log(), [Exec(0), Check(1), OnStart(2)]);
    assert_eq!(
        events.0,
        [
            (1, Some(Success)),
            (3, Some(Failure)),
            (TASK2, Some(Running)),
            (INNER, Some(Running)),
            (REPEAT, Some(Running)),
            (FALLBACK, Some(Running)),
            (ROOT, Some(Running)),
        ]
    );
    // Resumed: only Task<2> is called; its ancestors are reported bottom-up, as by the walk.
    let (status, events) = tick_events(&mut tree, &mut ctx);
    assert_eq!(status, Running);
    assert_eq!(ctx.take_log(), [OnRunning(2)]);
    assert_eq!(
        events.0,
        [
            (TASK2, Some(Running)),
            (INNER, Some(Running)),
            (REPEAT, Some(Running)),
            (FALLBACK, Some(Running)),
            (ROOT, Some(Running)),
        ]
    );
    assert_eq!(tree.status(), Some(Running));
    expect_halt(&mut tree, &mut ctx, &[OnHalted(2)]);
}

#[test]
fn a_resumed_leaf_that_finishes_hands_its_status_to_the_walk() {
    let (mut tree, mut ctx) = (Chain::new(), Ctx::new());
    ctx.script(0, &[Success]);
    ctx.script(1, &[Failure]);
    ctx.script(2, &[Running, Success]);
    ctx.script(3, &[Running]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Exec(0), Check(1), OnStart(2)],
    );
    // Task<2> succeeds when resumed: called once, and the walk goes on to Task<3>, which now
    // runs (and is the leaf resumed next).
    let (status, events) = tick_events(&mut tree, &mut ctx);
    assert_eq!(status, Running);
    assert_eq!(ctx.take_log(), [OnRunning(2), OnStart(3)]);
    assert_eq!(
        events.0,
        [
            (TASK2, Some(Success)),
            (TASK3, Some(Running)),
            (FORCE, Some(Running)),
            (INNER, Some(Running)),
            (REPEAT, Some(Running)),
            (FALLBACK, Some(Running)),
            (ROOT, Some(Running)),
        ]
    );
    // Task<3> fails when resumed; ForceSuccess makes it a success, the inner sequence
    // succeeds, and Repeat(2) counts one cycle and answers Running (the next cycle starts on
    // the next tick).
    ctx.script(3, &[Failure]);
    let (status, events) = tick_events(&mut tree, &mut ctx);
    assert_eq!(status, Running);
    assert_eq!(ctx.take_log(), [OnRunning(3)]);
    assert_eq!(
        events.0,
        [
            (TASK3, Some(Failure)),
            (FORCE, Some(Success)),
            (INNER, Some(Success)),
            (REPEAT, Some(Running)),
            (FALLBACK, Some(Running)),
            (ROOT, Some(Running)),
        ]
    );
    // No leaf is running: the next tick walks, to the second cycle's first child.
    ctx.script(2, &[Running, Failure]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(2)]);
    // Resumed, Task<2> fails: the inner sequence and Repeat fail, so do the Fallback (its last
    // child) and the root; Act<4> is not reached.
    expect_tick(&mut tree, &mut ctx, Failure, &[OnRunning(2)]);
    // Everything restarts from the root.
    ctx.script(0, &[Success]);
    ctx.script(1, &[Success]);
    ctx.script(4, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[Exec(0), Check(1), Exec(4)]);
}

#[test]
fn a_halt_forgets_the_resumed_leaf() {
    let (mut tree, mut ctx) = (Chain::new(), Ctx::new());
    ctx.script(0, &[Success, Success]);
    ctx.script(1, &[Failure, Failure]);
    ctx.script(2, &[Running, Running, Running]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Exec(0), Check(1), OnStart(2)],
    );
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(2)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(2)]);
    // After the halt the tick walks from the root and starts Task<2> afresh (`Task` panics on
    // an `on_running` it did not expect).
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Exec(0), Check(1), OnStart(2)],
    );
    expect_halt(&mut tree, &mut ctx, &[OnHalted(2)]);
}

/// What [`lockstep`] saw: ticks that resumed directly (the only call was `on_running`, and the
/// tree stayed `Running`), and ticks where the tree succeeded.
struct Lockstep {
    direct: usize,
    completed: usize,
}

/// `steps` random ticks and halts (one in `halt_one_in`) of `resumed` and `walked` side by side,
/// with the same scripts (`answer(roll, leaf)` for leaves 0..5, drawn afresh each tick): the same
/// statuses, leaf calls and observer events at every step.
fn lockstep<R, W>(
    resumed: &mut R,
    walked: &mut W,
    mut seed: u64,
    steps: usize,
    halt_one_in: u64,
    answer: impl Fn(&mut dyn FnMut(u64) -> u64, usize) -> Status,
) -> Lockstep
where
    R: BehaviorTree<Context = Ctx>,
    W: BehaviorTree<Context = Ctx>,
{
    let mut roll = move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let (mut ctx_a, mut ctx_b) = (Ctx::new(), Ctx::new());
    let mut seen = Lockstep {
        direct: 0,
        completed: 0,
    };
    for step in 0..steps {
        if roll(halt_one_in) == 0 {
            let (mut a, mut b) = (Events::default(), Events::default());
            resumed.halt_with(&mut ctx_a, &mut a);
            walked.halt_with(&mut ctx_b, &mut b);
            assert_eq!(ctx_a.take_log(), ctx_b.take_log(), "halt at step {step}");
            assert_eq!(a, b, "halt events at step {step}");
            continue;
        }
        for leaf in 0..5 {
            let answer = answer(&mut roll, leaf);
            ctx_a.always(leaf, answer);
            ctx_b.always(leaf, answer);
        }
        let (status_a, events_a) = tick_events(resumed, &mut ctx_a);
        let (status_b, events_b) = tick_events(walked, &mut ctx_b);
        let (log_a, log_b) = (ctx_a.take_log(), ctx_b.take_log());
        assert_eq!(status_a, status_b, "status at step {step}");
        assert_eq!(log_a, log_b, "leaf calls at step {step}");
        assert_eq!(events_a, events_b, "observer events at step {step}");
        if matches!(log_a.as_slice(), [OnRunning(_)]) && status_a == Running {
            seen.direct += 1;
        }
        if status_a == Success {
            seen.completed += 1;
        }
    }
    seen
}

/// A few thousand random ticks and halts of `Chain` and `ChainWalked` side by side, with the
/// same scripts: the same statuses, leaf calls and observer events at every step.
#[test]
fn resuming_directly_is_the_same_as_walking() {
    let Lockstep { direct, .. } = lockstep(
        &mut Chain::new(),
        &mut ChainWalked::new(),
        0x2545_F491_4F6C_DD1D,
        5_000,
        20,
        |roll, leaf| match leaf {
            2 | 3 => [Running, Running, Running, Success, Failure][roll(5) as usize],
            _ => [Success, Failure][roll(2) as usize],
        },
    );
    assert!(
        direct > 500,
        "only {direct} resumed ticks: the test lost its point"
    );
}

// ---------------------------------------------------------------------------------------------
// Through a subtree boundary: the parent halts the `SubTree` node, the child forgets.

behavior_tree! {
    /// Task<2> at depth 2 of the child: resumed directly inside the child's tick.
    pub tree Errand for Ctx {
        Sequence {
            Action(Act<1>),
            Inverter { StatefulAction(Task<2>) },
        }
    }
}

behavior_tree! {
    pub tree Supervised for Ctx {
        ReactiveSequence {
            Condition(Cond<0>),
            SubTree(Errand),
        }
    }
}

#[test]
fn a_subtree_halted_by_its_parent_forgets_its_resumed_leaf() {
    let (mut tree, mut ctx) = (Supervised::new(), Ctx::new());
    ctx.script(0, &[Success, Success, Failure, Success]);
    ctx.script(1, &[Success, Success]);
    ctx.script(2, &[Running, Running, Running]);
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Check(0), Exec(1), OnStart(2)],
    );
    expect_tick(&mut tree, &mut ctx, Running, &[Check(0), OnRunning(2)]);
    // The guard fails: the parent halts the subtree.
    expect_tick(&mut tree, &mut ctx, Failure, &[Check(0), OnHalted(2)]);
    // The child starts again from its root: Act<1>, then a fresh Task<2>.
    expect_tick(
        &mut tree,
        &mut ctx,
        Running,
        &[Check(0), Exec(1), OnStart(2)],
    );
    expect_halt(&mut tree, &mut ctx, &[OnHalted(2)]);
}

// ---------------------------------------------------------------------------------------------
// The root reports last. Observers that number ticks (`JsonTrace`, `TracingObserver`) count the
// root's reports, so every tick must report the root exactly once, after every other node, also
// when the tick resumed a leaf directly.

/// Ticks `tree` `steps` times (halting it now and then) with random answers for `leaves`, checks
/// that each tick's last event is the root's status and that the root reports nothing else in
/// it, and returns how many ticks only resumed a running leaf (`on_running`, after at most the
/// leaves that guard it).
fn check_root_reported_last<T: BehaviorTree<Context = Ctx>>(
    tree: &mut T,
    leaves: &[(usize, bool)],
    mut seed: u64,
    steps: usize,
) -> usize {
    let mut roll = move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let mut ctx = Ctx::new();
    let mut resumed = 0;
    for step in 0..steps {
        if roll(15) == 0 {
            tree.halt(&mut ctx);
            ctx.take_log();
            continue;
        }
        for &(leaf, stateful) in leaves {
            let answer = if stateful {
                [Running, Running, Running, Success, Failure][roll(5) as usize]
            } else {
                [Success, Success, Failure][roll(3) as usize]
            };
            ctx.always(leaf, answer);
        }
        let (status, events) = tick_events(tree, &mut ctx);
        assert_eq!(
            events.0.last(),
            Some(&(ROOT, Some(status))),
            "step {step}: the tick's last event is not the root's status: {events:?}"
        );
        let root_reports = events.0.iter().filter(|(node, _)| *node == ROOT).count();
        assert_eq!(root_reports, 1, "step {step}: {events:?}");
        if matches!(ctx.take_log().last(), Some(OnRunning(_))) {
            resumed += 1;
        }
    }
    resumed
}

#[test]
fn the_root_is_reported_once_and_last_in_every_tick() {
    let chain = [(0, false), (1, false), (2, true), (3, true), (4, false)];
    let direct = check_root_reported_last(&mut Chain::new(), &chain, 0x9E37_79B9_7F4A_7C15, 3_000);
    assert!(direct > 300, "only {direct} resumed ticks of Chain");
    let walked = check_root_reported_last(&mut ChainWalked::new(), &chain, 0x9E37, 1_000);
    assert!(walked > 100, "only {walked} resumed ticks of ChainWalked");
    // Through a subtree: the child tree's root (node 3) reports in every tick too, before the root.
    let supervised = [(0, false), (1, false), (2, true)];
    let through = check_root_reported_last(&mut Supervised::new(), &supervised, 0x5EED, 3_000);
    assert!(through > 300, "only {through} resumed ticks of Supervised");
}

// ---------------------------------------------------------------------------------------------
// A big tree: 300 stateful leaves that can be resumed directly (codes wider than a byte).

/// `big!(Name, root attributes)`: 300 stateful leaves under memory composites.
macro_rules! big {
    ($(#[$doc:meta])* $name:ident, $($root_attr:tt)*) => {
        behavior_tree! {
            $(#[$doc])*
            pub tree $name for Ctx {
                $($root_attr)*
                Sequence {
                    Action(Act<0>),
                    Sequence {
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    ForceSuccess { StatefulAction(Task<2>) }, StatefulAction(Task<3>),
                    ForceSuccess { StatefulAction(Task<3>) }, StatefulAction(Task<4>),
                    ForceSuccess { StatefulAction(Task<4>) }, StatefulAction(Task<2>),
                    },
                    Action(Act<1>),
                }
            }
        }
    };
}

big!(
    /// Every `Task` is resumed directly.
    Big,
);

big!(
    /// The same tree walked from the root on every tick (a condition on the root).
    BigWalked,
    #[on_halted(|_| ())]
);

#[test]
fn a_tree_of_300_resumable_leaves_resumes_them_all_directly() {
    // Its state, field by field: the 300 tasks' own, the resume code (two bytes, and a status
    // handed over), the two sequences (the root's counts no skipped children: its first child,
    // an action, never skips) and the tree's status. No running flag for the 300 resumed leaves
    // (the code is their flag), nor for the inner sequence and the `ForceSuccess`es (their
    // parent's cursor is).
    let parts = 300 * size_of::<Task<2>>()
        + size_of::<Resume<u16>>()
        + size_of::<Sequence<u8, NoSkips>>()
        + size_of::<Sequence<u16>>()
        + size_of::<Option<Status>>();
    assert_eq!(size_of::<Big>(), parts.next_multiple_of(align_of::<Big>()));
    // Walked from the root: no resume code, and a flag for the inner sequence (a child of a root
    // with a condition); none for the 150 tasks under a `ForceSuccess`, whose flag is the
    // `ForceSuccess`'s, itself its sequence's cursor.
    assert_eq!(
        size_of::<BigWalked>(),
        (parts - size_of::<Resume<u16>>() + 1).next_multiple_of(align_of::<BigWalked>())
    );
    let Lockstep { direct, completed } = lockstep(
        &mut Big::new(),
        &mut BigWalked::new(),
        0x9E37_79B9_7F4A_7C15,
        20_000,
        200,
        |roll, leaf| match leaf {
            2..=4 => [Running, Success, Success, Success, Failure][roll(5) as usize],
            _ => [Success, Success, Success, Failure][roll(4) as usize],
        },
    );
    assert!(
        direct > 1_000,
        "only {direct} resumed ticks: the test lost its point"
    );
    assert!(
        completed > 0,
        "the tree never got to its end: the test lost its point"
    );
}
