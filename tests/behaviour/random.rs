//! The random nodes through the macro: RandomSequence, RandomSelector, ProbabilitySelector.
//!
//! A tree with a random node holds a `bt::SmallRng` seeded with `SmallRng::DEFAULT_SEED`
//! (`Tree::seeded(seed)`, `tree.reseed(seed)`); a tree declared `rng = context` draws from its
//! context instead. Either way a run is deterministic: these tests compute every expected choice
//! from a generator with the same seed, by the algorithms bt-core documents (an inside-out
//! Fisher-Yates shuffle of `N - 1` draws per activation; one `unit()` draw per activation of a
//! ProbabilitySelector, laid over the fail weight and the weights).
//!
//! Rules: bt-core `control/selector/random.rs`, `probability.rs`, `random.rs`.

use crate::agent;

use agent::{expect_halt, expect_tick, Act, Agent, Call, Task, *};
use bt::Status::*;
use bt::{behavior_tree, Rng, SmallRng};

/// The order a random composite of `n` children draws from `rng`, as bt-core documents it.
fn shuffled(rng: &mut impl Rng, n: usize) -> Vec<usize> {
    let mut order = vec![0; n];
    for i in 1..n {
        let j = rng.below((i + 1) as u32) as usize;
        if j != i {
            order[i] = order[j];
        }
        order[j] = i;
    }
    order
}

behavior_tree! {
    tree Shuffle for Agent {
        RandomSequence { Action(Act<0>), Action(Act<1>), Action(Act<2>), Action(Act<3>) }
    }
}

behavior_tree! {
    tree Pick for Agent {
        RandomSelector {
            StatefulAction(Task<0>),
            StatefulAction(Task<1>),
            StatefulAction(Task<2>),
        }
    }
}

behavior_tree! {
    tree FromContext for Agent, rng = context {
        RandomSelector {
            StatefulAction(Task<0>),
            StatefulAction(Task<1>),
            StatefulAction(Task<2>),
        }
    }
}

/// Ticks a `Shuffle` whose children all succeed: the order of its calls.
fn run_shuffle(tree: &mut Shuffle, agent: &mut Agent) -> Vec<Call> {
    for leaf in 0..4 {
        agent.script(leaf, &[Success]);
    }
    assert_eq!(tree.tick(agent), Success);
    agent.take_log()
}

#[test]
fn random_sequence_walks_a_new_order_each_activation_drawn_from_its_seed() {
    let (mut tree, mut agent) = (Shuffle::seeded(42), Agent::new());
    let mut shadow = SmallRng::seed(42);
    let mut orders = Vec::new();
    for _ in 0..20 {
        let order = shuffled(&mut shadow, 4);
        let calls: Vec<Call> = order.iter().map(|&child| Exec(child)).collect();
        assert_eq!(run_shuffle(&mut tree, &mut agent), calls);
        orders.push(order);
    }
    orders.sort();
    orders.dedup();
    assert!(
        orders.len() > 5,
        "20 activations drew {} orders",
        orders.len()
    );
    // A failure ends the walk.
    let order = shuffled(&mut shadow, 4);
    agent.script(order[0], &[Success]);
    agent.script(order[1], &[Failure]);
    expect_tick(
        &mut tree,
        &mut agent,
        Failure,
        &[Exec(order[0]), Exec(order[1])],
    );
}

#[test]
fn the_same_seed_gives_the_same_run_and_reseed_starts_it_again() {
    let mut agent = Agent::new();
    let (mut a, mut b) = (Shuffle::seeded(7), Shuffle::seeded(7));
    let first: Vec<Vec<Call>> = (0..5).map(|_| run_shuffle(&mut a, &mut agent)).collect();
    let second: Vec<Vec<Call>> = (0..5).map(|_| run_shuffle(&mut b, &mut agent)).collect();
    assert_eq!(first, second);
    a.reseed(7);
    let again: Vec<Vec<Call>> = (0..5).map(|_| run_shuffle(&mut a, &mut agent)).collect();
    assert_eq!(first, again);
    // `new()` is seeded with the default seed.
    let (mut fresh, mut default) = (Shuffle::new(), Shuffle::seeded(SmallRng::DEFAULT_SEED));
    for _ in 0..5 {
        assert_eq!(
            run_shuffle(&mut fresh, &mut agent),
            run_shuffle(&mut default, &mut agent)
        );
    }
    let mut other = Shuffle::seeded(8);
    let different: Vec<Vec<Call>> = (0..5)
        .map(|_| run_shuffle(&mut other, &mut agent))
        .collect();
    assert_ne!(first, different);
}

#[test]
fn random_selector_resumes_its_running_child_and_draws_again_after_a_halt() {
    let (mut tree, mut agent) = (Pick::seeded(3), Agent::new());
    let mut shadow = SmallRng::seed(3);
    let order = shuffled(&mut shadow, 3);
    agent.script(order[0], &[Failure]);
    agent.script(order[1], &[Running, Running]);
    expect_tick(
        &mut tree,
        &mut agent,
        Running,
        &[OnStart(order[0]), OnStart(order[1])],
    );
    // Resumed without a new draw.
    expect_tick(&mut tree, &mut agent, Running, &[OnRunning(order[1])]);
    expect_halt(&mut tree, &mut agent, &[OnHalted(order[1])]);
    // A new activation draws a new order.
    let order = shuffled(&mut shadow, 3);
    agent.script(order[0], &[Success]);
    expect_tick(&mut tree, &mut agent, Success, &[OnStart(order[0])]);
    let order = shuffled(&mut shadow, 3);
    for child in &order {
        agent.script(*child, &[Skipped]);
    }
    let calls: Vec<Call> = order.iter().map(|&child| OnStart(child)).collect();
    expect_tick(&mut tree, &mut agent, Skipped, &calls);
}

#[test]
fn a_tree_declared_rng_context_draws_from_its_context() {
    let (mut tree, mut agent) = (FromContext::new(), Agent::new());
    agent.rng = SmallRng::seed(99);
    let mut shadow = SmallRng::seed(99);
    for _ in 0..10 {
        let order = shuffled(&mut shadow, 3);
        agent.script(order[0], &[Failure]);
        agent.script(order[1], &[Running, Success]);
        let draws = agent.draws;
        expect_tick(
            &mut tree,
            &mut agent,
            Running,
            &[OnStart(order[0]), OnStart(order[1])],
        );
        // Two children after the first: two draws (the rejection of `below` is rarer than
        // one in a billion here).
        assert_eq!(agent.draws - draws, 2);
        expect_tick(&mut tree, &mut agent, Success, &[OnRunning(order[1])]);
        assert_eq!(agent.draws - draws, 2, "a running node draws nothing");
    }
    assert_eq!(agent.rng, shadow);
}

// ---------------------------------------------------------------------------------------------
// ProbabilitySelector: weights and a fail weight from the blackboard.

behavior_tree! {
    tree Chance for Agent {
        blackboard { w0: f32 = 1.0, w1: f32 = 1.0, w2: f32 = 2.0, fail: f32 }
        ProbabilitySelector(fail = |bb| bb.fail) {
            #[weight(|bb| bb.w0)] StatefulAction(Task<0>),
            #[weight(|bb| bb.w1)] StatefulAction(Task<1>),
            #[weight(|bb| bb.w2)] StatefulAction(Task<2>),
        }
    }
}

behavior_tree! {
    tree Constant for Agent {
        ProbabilitySelector(fail = 1) {
            #[weight(2)] Action(Act<0>),
            #[weight(0.0)] Action(Act<1>),
        }
    }
}

/// The child a pick lands on (`None`: the fail weight), for a draw `d` over `weights` (those
/// of children out of the draw set to 0).
fn pick(d: f32, fail: f32, weights: &[f32]) -> Option<usize> {
    let total = fail + weights.iter().sum::<f32>();
    let x = d * total;
    if x < fail {
        return None;
    }
    let mut end = fail;
    for (child, &w) in weights.iter().enumerate() {
        if w > 0.0 {
            end += w;
            if x < end {
                return Some(child);
            }
        }
    }
    weights.iter().rposition(|&w| w > 0.0)
}

#[test]
fn probability_selector_picks_by_weight_and_picks_again_after_a_failure() {
    let (mut tree, mut agent) = (Chance::seeded(5), Agent::new());
    let mut shadow = SmallRng::seed(5);
    for _ in 0..30 {
        let d = shadow.unit();
        let first = pick(d, 0.0, &[1.0, 1.0, 2.0]).unwrap();
        let mut weights = [1.0, 1.0, 2.0];
        weights[first] = 0.0;
        let second = pick(d, 0.0, &weights).unwrap();
        agent.script(first, &[Failure]);
        agent.script(second, &[Running, Success]);
        // The failed child leaves the draw; the same `d` picks again in the same tick.
        expect_tick(
            &mut tree,
            &mut agent,
            Running,
            &[OnStart(first), OnStart(second)],
        );
        expect_tick(&mut tree, &mut agent, Success, &[OnRunning(second)]);
    }
}

#[test]
fn probability_selector_weights_and_fail_weight_are_read_from_the_blackboard() {
    let (mut tree, mut agent) = (Chance::new(), Agent::new());
    // Only child 1 can be picked.
    let bb = tree.blackboard_mut();
    bb.w0 = 0.0;
    bb.w2 = 0.0;
    agent.script(1, &[Success]);
    expect_tick(&mut tree, &mut agent, Success, &[OnStart(1)]);
    // A negative or NaN weight counts as 0; after child 2 fails, nothing is left: Failure.
    let bb = tree.blackboard_mut();
    bb.w0 = -1.0;
    bb.w1 = f32::NAN;
    bb.w2 = 1.0;
    agent.script(2, &[Failure]);
    expect_tick(&mut tree, &mut agent, Failure, &[OnStart(2)]);
    // Only the fail weight: Failure, no child ticked.
    tree.blackboard_mut().w2 = 0.0;
    tree.blackboard_mut().fail = 0.5;
    expect_tick(&mut tree, &mut agent, Failure, &[]);
    // No weight at all: Failure.
    tree.blackboard_mut().fail = 0.0;
    expect_tick(&mut tree, &mut agent, Failure, &[]);
    assert_eq!(Chance::NODES[0].params, &[("failChance", "bb.fail")]);
    assert_eq!(Chance::NODES[3].params, &[("weight", "w2")]);
}

#[test]
fn constant_weights_and_fail_weight() {
    let (mut tree, mut agent) = (Constant::seeded(1), Agent::new());
    let mut shadow = SmallRng::seed(1);
    for _ in 0..20 {
        let d = shadow.unit();
        match pick(d, 1.0, &[2.0, 0.0]) {
            Some(child) => {
                agent.script(child, &[Success]);
                expect_tick(&mut tree, &mut agent, Success, &[Exec(child)]);
            }
            None => expect_tick(&mut tree, &mut agent, Failure, &[]),
        }
    }
    assert_eq!(Constant::NODES[0].params, &[("failChance", "1")]);
    assert_eq!(Constant::NODES[1].params, &[("weight", "2")]);
}

#[test]
fn probability_selector_picks_in_proportion_to_the_weights() {
    let (mut tree, mut agent) = (Chance::seeded(11), Agent::new());
    let bb = tree.blackboard_mut();
    bb.w0 = 1.0;
    bb.w1 = 3.0;
    bb.fail = 0.0;
    let mut counts = [0u32; 3];
    for _ in 0..6_000 {
        for leaf in 0..3 {
            agent.always(leaf, Success);
        }
        assert_eq!(tree.tick(&mut agent), Success);
        match agent.take_log().as_slice() {
            [OnStart(child)] => counts[*child] += 1,
            other => panic!("{other:?}"),
        }
    }
    // Weights 1 : 3 : 2 of 6,000.
    for (count, expected) in counts.iter().zip([1_000, 3_000, 2_000]) {
        assert!(
            (expected * 9 / 10..expected * 11 / 10).contains(count),
            "{counts:?}"
        );
    }
}
