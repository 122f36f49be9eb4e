//! NodeCanvas's `PrioritySelector` in its two modes: [`PrioritySelector`], a selector over the
//! children ordered by weight when it starts (*Dynamic* off, the default; the seed document's
//! "权重选择执行器"), and [`DynamicPrioritySelector`], a utility selector that runs the best child
//! of every tick (*Dynamic* on). The macro picks one by `dynamic = ..`.

use super::permutation::{ranks_above, Permutation};
use crate::control::HALTED;
use crate::step::{Event, Step};
use crate::{SmallIndex, Status};

/// **PrioritySelector** (NodeCanvas `PrioritySelector` with *Dynamic* off; the seed document's
/// weighted selector): when it starts, orders its children from the highest weight to the
/// lowest, then is a selector (a fallback with memory) over that order.
///
/// `N` is the number of children (the macro writes it); `I` the index type, `u8` up to 255
/// children, `u16` beyond. Input: `weights`, one per child (the macro evaluates each child's
/// `#[score(..)]`, a constant or an expression over the blackboard, into an array `[f32; N]`),
/// read on the **first tick of an activation only**: the straight-line form
/// ([`begin`](Self::begin)) takes them only then, and the generated code evaluates them only
/// then. No parameters.
///
/// | when | PrioritySelector |
/// |---|---|
/// | tick, not running (a new activation) | reads the weights, orders the children by them (highest first; equal weights in declaration order; `NaN` after every number), ticks the first child of the order |
/// | tick, running | ticks the running child; the weights are not read, the order is kept |
/// | child `Failure` | ticks the next child of the order in the same tick; after the last: `Failure` |
/// | child `Skipped` | moves on as well; if every child was skipped: `Skipped` |
/// | child `Running` | `Running`; the next tick resumes at this child |
/// | child `Success` | `Success` (the children after it in the order are not ticked) |
/// | halted while running | halts the running child; the activation ends |
///
/// Every child is tried in its turn, whatever its weight (zero, negative, `-inf` or `NaN`
/// included): the weights only order the children. The node answers `Running` only when a child
/// does.
///
/// Example, weights `[1, 3, 2]` (children a, b, c): the order is b, c, a. Tick 1: b fails, c
/// answers `Running` → `Running`. Tick 2 (the weights are now `[9, 0, 0]`, not read): c is
/// ticked again and fails, a succeeds → `Success`. Tick 3 starts a new activation: the order is
/// a, b, c.
///
/// **Halt** while running: the running child is halted. **Memory**: the order and the position
/// in it, for one activation: forgotten when the node completes or is halted (the next
/// activation reads the weights again), so a tree halt has nothing to clear.
///
/// **Size**: the order, `N` indices of type `I` (one byte per child with `u8`), plus three bytes
/// (position, a failure seen, activity): `N + 3` bytes with `u8`; no allocation. **Cost**: the
/// order is an insertion sort, at most `N * (N - 1) / 2` comparisons when an activation starts,
/// `N - 1` when the weights are already in declaration order; nothing on the other ticks.
///
/// **Differences from NodeCanvas** (`spec/other-systems.md` §2.9):
/// * Equal weights: declaration order (NodeCanvas's ascending stable sort, read from the end,
///   tries the later child first). `NaN`: last, as in NodeCanvas (in .NET's order `NaN` is the
///   lowest); several `NaN` in declaration order.
/// * The node resumes at the running child. NodeCanvas walks its order from the top on every
///   tick, answering completed action children from their latched results but checking
///   condition children again, so that a condition earlier in the order that turns true
///   interrupts a later child; here it does not (a memory selector, as the seed document
///   describes it). For a node that re-reads the weights every tick, write `dynamic = true`
///   ([`DynamicPrioritySelector`]).
/// * A child's weight is one expression; NodeCanvas averages considerations, each an input
///   optionally mapped through a curve: write the average (and the curves) in the expression.
/// * Every child skipped: `Skipped` (NodeCanvas: `Failure`; our house rule for every composite).
///   Zero children: NodeCanvas answers `Failure`; the macro rejects it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(bound(deserialize = "I: serde::Deserialize<'de> + Default"))
)]
pub struct PrioritySelector<const N: usize, I = u8> {
    /// This activation's order.
    order: Permutation<N, I>,
    /// Position in `order` of the child ticked next (or running).
    pos: I,
    /// A child failed in this activation (else every child so far was skipped).
    failed: bool,
    /// An activation is under way: the order is in use.
    active: bool,
}

impl<const N: usize, I: SmallIndex> Default for PrioritySelector<N, I> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize, I: SmallIndex> PrioritySelector<N, I> {
    /// An idle priority selector.
    pub const fn new() -> Self {
        PrioritySelector {
            order: Permutation::identity(),
            pos: I::ZERO,
            failed: false,
            active: false,
        }
    }

    /// The first step of a tick. A new activation orders the children by `weights`; a running
    /// node does not read them (pass anything, `&[]` included).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(&mut self, weights: &[f32]) -> Step {
        Step::Tick(match self.running() {
            Some(child) => child,
            None => self.begin(weights),
        })
    }

    /// The step after `event`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn next(&mut self, event: Event) -> Step {
        match event {
            Event::Child(child, status) => match self.on_child(child, status) {
                Ok(next) => Step::Tick(next),
                Err(status) => Step::Return(status),
            },
            Event::Halted(_) => Step::Return(HALTED),
        }
    }

    /// The node is halted while running: halts the running child; the next tick starts a new
    /// activation.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt(&mut self) -> Step {
        match self.take_running() {
            Some(child) => Step::Halt(child),
            None => Step::Return(HALTED),
        }
    }

    /// The straight-line form of a tick, which the generated code uses (the `Step` methods above
    /// are the same rule, one step at a time): if [`running`](Self::running) gives a child, the
    /// tick resumes it; otherwise `begin` starts an activation with this tick's `weights` and
    /// gives the first child of the order. Each answer goes to [`on_child`](Self::on_child).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn begin(&mut self, weights: &[f32]) -> usize {
        debug_assert!(N > 0, "the macro rejects a composite without children");
        debug_assert!(!self.active, "an activation is under way");
        self.order.sort_by_weight(weights);
        self.pos = I::ZERO;
        self.failed = false;
        self.active = true;
        self.order.get(0)
    }

    /// Straight-line form: `child` answered `status`. `Ok(next)` is the child to tick next (after
    /// a failure or a skip); `Err(answer)` ends the tick with the node's answer (`Running` keeps
    /// the position, anything else ends the activation).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn on_child(&mut self, child: usize, status: Status) -> Result<usize, Status> {
        debug_assert!(self.active, "a child answered outside an activation");
        debug_assert_eq!(child, self.order.get(self.pos.get()), "ticked out of order");
        match status {
            Status::Running => Err(Status::Running),
            Status::Success => {
                self.active = false;
                Err(Status::Success)
            }
            Status::Failure | Status::Skipped => {
                self.failed |= status == Status::Failure;
                let pos = self.pos.get() + 1;
                if pos < N {
                    self.pos = I::set(pos);
                    Ok(self.order.get(pos))
                } else {
                    self.active = false;
                    Err(if self.failed {
                        Status::Failure
                    } else {
                        Status::Skipped
                    })
                }
            }
        }
    }

    /// The halt in straight-line form: ends the activation and gives the running child, which the
    /// caller halts.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn take_running(&mut self) -> Option<usize> {
        let running = self.running();
        self.active = false;
        running
    }

    /// The running child, if any (between ticks: the node runs exactly when it has one).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn running(&self) -> Option<usize> {
        self.active.then(|| self.order.get(self.pos.get()))
    }

    /// Whether the node is running (between ticks).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn is_running(&self) -> bool {
        self.active
    }

    /// The order of the current activation, first child first (meaningful while the node is
    /// running; for traces and tests).
    pub fn order(&self) -> impl Iterator<Item = usize> + '_ {
        (0..N).map(|pos| self.order.get(pos))
    }
}

/// **DynamicPrioritySelector** (NodeCanvas `PrioritySelector` with *Dynamic* on, a utility
/// selector; written `PrioritySelector(dynamic = true)`): every tick, ticks the child with the
/// highest score and answers its status.
///
/// Per-tick input: `scores`, one score per child (the macro evaluates each child's
/// `#[score(..)]`, a constant or an expression over the blackboard, into an array `[f32; N]`
/// on every tick; its length is the child count, at least 1). No parameters. `I` is the index
/// type (`u8` up to 255 children).
///
/// | when | DynamicPrioritySelector |
/// |---|---|
/// | tick, not running | ticks the child with the highest score |
/// | tick, child `r` running, no child scores strictly higher than `r` | ticks `r` |
/// | tick, child `r` running, child `c` scores strictly higher than `r` | halts `r`, then ticks `c` (the best) |
/// | chosen child `Running` | `Running` |
/// | chosen child `Success` / `Failure` / `Skipped` | that status (a failure does **not** fall back to the next-best child) |
/// | halted while running | halts the running child |
///
/// **Ties**: among children with the same best score, the earliest declared wins, except that
/// a running child keeps running while no other child scores *strictly* higher (so two equal
/// scores do not make the node flip between children every tick). A `NaN` score is lower than
/// every number (`-inf` included), as in [`PrioritySelector`]'s order; if every score is `NaN`,
/// the running child keeps running, or child 0 starts.
///
/// Example, scores `[a, b]`: tick 1 `[0.2, 0.5]` → child 1 ticked, `Running`; tick 2
/// `[0.5, 0.5]` → child 1 still ticked (a tie keeps it); tick 3 `[0.6, 0.5]` → child 1 halted,
/// child 0 ticked.
///
/// The node answers `Running` only when a child does.
///
/// **Halt** while running: the running child is halted. **Memory**: which child runs, for one
/// activation; nothing survives completion or a halt, so a tree halt has nothing to clear.
///
/// **Size**: an `Option<I>` (two bytes with `u8`).
///
/// **Differences from NodeCanvas**: NodeCanvas computes a child's utility as the average of its
/// considerations (each an input optionally mapped through a curve); the macro folds that into
/// the score expression. On ties NodeCanvas takes the earliest child even against the running
/// one; we keep the running child (a deliberate choice, see above). Zero children: NodeCanvas
/// throws; the macro rejects it. Completed children are not latched across activations: the
/// node completes with its child (`spec/decisions.md` decision 9).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DynamicPrioritySelector<I = u8> {
    /// The running child, or (within a tick, while the old child is being halted) the child
    /// about to be ticked.
    running: Option<I>,
}

impl<I: SmallIndex> DynamicPrioritySelector<I> {
    /// An idle dynamic priority selector.
    pub const fn new() -> Self {
        DynamicPrioritySelector { running: None }
    }

    /// The first step of a tick: the best child by `scores`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(&mut self, scores: &[f32]) -> Step {
        debug_assert!(
            !scores.is_empty(),
            "the macro rejects a composite without children"
        );
        // Earliest strictly greatest (NaN lowest; all NaN: child 0).
        let mut best = 0;
        for (i, &score) in scores.iter().enumerate().skip(1) {
            if ranks_above(score, scores[best]) {
                best = i;
            }
        }
        match self.running {
            Some(running) => {
                let running = running.get();
                if !ranks_above(scores[best], scores[running]) {
                    Step::Tick(running)
                } else {
                    self.running = Some(I::set(best));
                    Step::Halt(running)
                }
            }
            None => Step::Tick(best),
        }
    }

    /// The step after `event`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn next(&mut self, event: Event) -> Step {
        match event {
            Event::Child(child, status) => {
                self.running = (status == Status::Running).then(|| I::set(child));
                Step::Return(status)
            }
            Event::Halted(_) => match self.running {
                Some(chosen) => Step::Tick(chosen.get()),
                None => Step::Return(HALTED),
            },
        }
    }

    /// The node is halted while running: halts the running child.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt(&mut self) -> Step {
        match self.running.take() {
            Some(running) => Step::Halt(running.get()),
            None => Step::Return(HALTED),
        }
    }

    /// The running child, if any.
    pub fn running(&self) -> Option<usize> {
        self.running.map(SmallIndex::get)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::script::{answers, Harness, Log};
    use std::vec::Vec;
    use Status::*;

    fn log(status: Status, ticked: &[usize], halted: &[usize]) -> Log {
        Log {
            status: Some(status),
            ticked: ticked.to_vec(),
            halted: halted.to_vec(),
        }
    }

    mod ordered {
        use super::*;

        fn tick<const N: usize>(
            h: &mut Harness,
            node: &mut PrioritySelector<N>,
            weights: &[f32],
            answer: &[Status],
        ) -> Log {
            let first = node.start(weights);
            h.tick(first, |e| node.next(e), answers(answer))
        }

        #[test]
        fn children_are_tried_from_the_highest_weight() {
            let mut h = Harness::new(3);
            let mut node = PrioritySelector::<3>::new();
            // Order 1, 2, 0: the first success ends the walk.
            let l = tick(&mut h, &mut node, &[0.1, 0.9, 0.5], &[Success; 3]);
            assert_eq!(l, log(Success, &[1], &[]));
            assert!(!node.is_running());
            let l = tick(
                &mut h,
                &mut node,
                &[0.1, 0.9, 0.5],
                &[Success, Failure, Success],
            );
            assert_eq!(l, log(Success, &[1, 2], &[]));
            // Negative and zero weights are tried too, in their turn.
            let l = tick(
                &mut h,
                &mut node,
                &[-3.0, 0.0, -1.0],
                &[Success, Failure, Failure],
            );
            assert_eq!(l, log(Success, &[1, 2, 0], &[]));
        }

        #[test]
        fn failures_fall_through_to_the_next_weight_and_all_failing_fails() {
            let mut h = Harness::new(3);
            let mut node = PrioritySelector::<3>::new();
            let l = tick(&mut h, &mut node, &[2.0, 3.0, 1.0], &[Failure; 3]);
            assert_eq!(l, log(Failure, &[1, 0, 2], &[]));
            // Skipped moves on like a failure; all skipped is Skipped, one failure is Failure.
            let l = tick(&mut h, &mut node, &[2.0, 3.0, 1.0], &[Skipped; 3]);
            assert_eq!(l, log(Skipped, &[1, 0, 2], &[]));
            let l = tick(
                &mut h,
                &mut node,
                &[2.0, 3.0, 1.0],
                &[Skipped, Skipped, Failure],
            );
            assert_eq!(l, log(Failure, &[1, 0, 2], &[]));
            let l = tick(
                &mut h,
                &mut node,
                &[2.0, 3.0, 1.0],
                &[Skipped, Failure, Skipped],
            );
            assert_eq!(l, log(Failure, &[1, 0, 2], &[]));
            let l = tick(
                &mut h,
                &mut node,
                &[2.0, 3.0, 1.0],
                &[Success, Skipped, Failure],
            );
            assert_eq!(l, log(Success, &[1, 0], &[]));
        }

        #[test]
        fn equal_weights_keep_declaration_order() {
            let mut h = Harness::new(4);
            let mut node = PrioritySelector::<4>::new();
            let l = tick(&mut h, &mut node, &[1.0, 2.0, 1.0, 2.0], &[Failure; 4]);
            assert_eq!(l, log(Failure, &[1, 3, 0, 2], &[]));
            let l = tick(&mut h, &mut node, &[0.5; 4], &[Failure; 4]);
            assert_eq!(l, log(Failure, &[0, 1, 2, 3], &[]));
            // -0.0 and 0.0 are equal.
            let l = tick(&mut h, &mut node, &[-0.0, 0.0, -0.0, 0.0], &[Failure; 4]);
            assert_eq!(l, log(Failure, &[0, 1, 2, 3], &[]));
        }

        #[test]
        fn nan_comes_after_every_number() {
            let mut h = Harness::new(4);
            let mut node = PrioritySelector::<4>::new();
            let nan = f32::NAN;
            let l = tick(
                &mut h,
                &mut node,
                &[nan, f32::NEG_INFINITY, nan, -5.0],
                &[Failure; 4],
            );
            assert_eq!(l, log(Failure, &[3, 1, 0, 2], &[]));
            let l = tick(
                &mut h,
                &mut node,
                &[nan; 4],
                &[Failure, Failure, Success, Failure],
            );
            assert_eq!(l, log(Success, &[0, 1, 2], &[]));
        }

        #[test]
        fn a_running_child_is_resumed_without_reading_the_weights() {
            let mut h = Harness::new(3);
            let mut node = PrioritySelector::<3>::new();
            let l = tick(
                &mut h,
                &mut node,
                &[1.0, 3.0, 2.0],
                &[Success, Failure, Running],
            );
            assert_eq!(l, log(Running, &[1, 2], &[]));
            assert_eq!(node.running(), Some(2));
            assert!(node.is_running());
            assert_eq!(node.order().collect::<Vec<_>>(), [1, 2, 0]);
            // Other weights, none at all: the order and the position are kept, child 1 is not
            // tried again.
            let l = tick(
                &mut h,
                &mut node,
                &[9.0, 0.0, 0.0],
                &[Success, Success, Running],
            );
            assert_eq!(l, log(Running, &[2], &[]));
            let l = tick(&mut h, &mut node, &[], &[Success, Success, Failure]);
            assert_eq!(l, log(Success, &[2, 0], &[]));
            assert_eq!(node.running(), None);
            assert!(!node.is_running());
        }

        #[test]
        fn the_next_activation_orders_again() {
            let mut h = Harness::new(3);
            let mut node = PrioritySelector::<3>::new();
            let l = tick(&mut h, &mut node, &[1.0, 3.0, 2.0], &[Running; 3]);
            assert_eq!(l, log(Running, &[1], &[]));
            let l = tick(
                &mut h,
                &mut node,
                &[5.0, 3.0, 2.0],
                &[Failure, Failure, Failure],
            );
            assert_eq!(
                l,
                log(Failure, &[1, 2, 0], &[]),
                "the order of the activation"
            );
            // Completed: the next tick reads the weights again.
            let l = tick(
                &mut h,
                &mut node,
                &[5.0, 3.0, 2.0],
                &[Failure, Running, Failure],
            );
            assert_eq!(l, log(Running, &[0, 1], &[]));
            // A halt ends the activation too.
            let l = h.halt(node.halt(), |e| node.next(e), answers(&[]));
            assert_eq!(l.halted, [1]);
            assert!(!node.is_running());
            let l = tick(
                &mut h,
                &mut node,
                &[1.0, 2.0, 3.0],
                &[Failure, Failure, Running],
            );
            assert_eq!(l, log(Running, &[2], &[]));
        }

        #[test]
        fn halt_while_running_halts_the_running_child_only() {
            let mut h = Harness::new(3);
            let mut node = PrioritySelector::<3>::new();
            tick(
                &mut h,
                &mut node,
                &[0.0, 1.0, 2.0],
                &[Running, Failure, Failure],
            );
            assert_eq!(node.running(), Some(0));
            let l = h.halt(node.halt(), |e| node.next(e), answers(&[]));
            assert_eq!((l.ticked, l.halted), (vec![], vec![0]));
            // Idle: nothing to halt.
            let l = h.halt(node.halt(), |e| node.next(e), answers(&[]));
            assert_eq!((l.ticked, l.halted), (vec![], vec![]));
            assert!(!node.is_running());
        }

        #[test]
        fn one_child() {
            let mut h = Harness::new(1);
            let mut node = PrioritySelector::<1>::new();
            for status in [Success, Failure, Skipped, Running] {
                let l = tick(&mut h, &mut node, &[f32::NAN], &[status]);
                assert_eq!(l, log(status, &[0], &[]));
            }
        }

        #[test]
        fn straight_line_form_is_the_step_form() {
            let mut roll = crate::testing::Roll::new(29);
            let (mut h, mut stepped) = (Harness::new(4), PrioritySelector::<4>::new());
            let mut node = PrioritySelector::<4>::new();
            let choices = [0.0, 1.0, 2.5, -1.0, f32::NAN];
            for round in 0..5_000 {
                if roll.below(10) == 0 {
                    let l = h.halt(stepped.halt(), |e| stepped.next(e), answers(&[]));
                    let halted: Vec<usize> = node.take_running().into_iter().collect();
                    assert_eq!(l.halted, halted, "round {round}");
                    assert_eq!(node, stepped);
                    continue;
                }
                let weights: Vec<f32> = (0..4).map(|_| choices[roll.below(5)]).collect();
                let answer: Vec<Status> = (0..4).map(|_| roll.status()).collect();
                let l = tick(&mut h, &mut stepped, &weights, &answer);
                let mut ticked = Vec::new();
                let mut child = match node.running() {
                    Some(child) => child,
                    None => node.begin(&weights),
                };
                let status = loop {
                    ticked.push(child);
                    match node.on_child(child, answer[child]) {
                        Ok(next) => child = next,
                        Err(status) => break status,
                    }
                };
                assert_eq!(l, log(status, &ticked, &[]), "round {round}");
                assert_eq!(node, stepped, "round {round}");
            }
        }
    }

    mod dynamic {
        use super::*;

        fn tick(
            h: &mut Harness,
            node: &mut DynamicPrioritySelector,
            scores: &[f32],
            answer: &[Status],
        ) -> Log {
            let first = node.start(scores);
            h.tick(first, |e| node.next(e), answers(answer))
        }

        #[test]
        fn the_best_child_is_ticked_and_its_status_returned() {
            let mut h = Harness::new(3);
            let mut node = DynamicPrioritySelector::new();
            for status in [Success, Failure, Skipped] {
                let l = tick(
                    &mut h,
                    &mut node,
                    &[0.1, 0.9, 0.5],
                    &[Success, status, Success],
                );
                assert_eq!(l, log(status, &[1], &[]));
            }
            // A failure does not fall back to the next best.
            let l = tick(
                &mut h,
                &mut node,
                &[0.1, 0.9, 0.5],
                &[Success, Failure, Success],
            );
            assert_eq!((l.status, l.ticked), (Some(Failure), vec![1]));
        }

        #[test]
        fn ties_go_to_the_earliest_unless_a_child_runs() {
            let mut h = Harness::new(3);
            let mut node = DynamicPrioritySelector::new();
            let l = tick(&mut h, &mut node, &[0.5, 0.7, 0.7], &[Success; 3]);
            assert_eq!(l.ticked, [1]);
            let l = tick(&mut h, &mut node, &[0.2, 0.1, 0.7], &[Running; 3]);
            assert_eq!(l.ticked, [2]);
            assert_eq!(node.running(), Some(2));
            let l = tick(&mut h, &mut node, &[0.7, 0.1, 0.7], &[Running; 3]);
            assert_eq!(
                (l.ticked, l.halted),
                (vec![2], vec![]),
                "a tie keeps the running child"
            );
            let l = tick(&mut h, &mut node, &[0.7, 0.1, 0.6], &[Running; 3]);
            assert_eq!(l, log(Running, &[0], &[2]));
            assert_eq!(node.running(), Some(0));
            // The new child's answer is the node's.
            let l = tick(
                &mut h,
                &mut node,
                &[0.1, 0.8, 0.6],
                &[Running, Success, Running],
            );
            assert_eq!(l, log(Success, &[1], &[0]));
            assert_eq!(node.running(), None);
        }

        #[test]
        fn nan_is_lowest() {
            let mut h = Harness::new(3);
            let mut node = DynamicPrioritySelector::new();
            let l = tick(
                &mut h,
                &mut node,
                &[f32::NAN, -5.0, f32::NAN],
                &[Success; 3],
            );
            assert_eq!(l.ticked, [1]);
            let l = tick(&mut h, &mut node, &[f32::NAN; 3], &[Success; 3]);
            assert_eq!(l.ticked, [0]);
            let l = tick(
                &mut h,
                &mut node,
                &[f32::NAN, f32::NEG_INFINITY, f32::NAN],
                &[Success; 3],
            );
            assert_eq!(l.ticked, [1], "-inf is above NaN");
            tick(&mut h, &mut node, &[0.0, 0.0, 1.0], &[Running; 3]);
            let l = tick(&mut h, &mut node, &[f32::NAN; 3], &[Running; 3]);
            assert_eq!((l.ticked, l.halted), (vec![2], vec![]));
            let l = tick(
                &mut h,
                &mut node,
                &[f32::NEG_INFINITY, 0.0, f32::NAN],
                &[Running; 3],
            );
            assert_eq!((l.ticked, l.halted), (vec![1], vec![2]));
        }

        #[test]
        fn halt_and_one_child() {
            let mut h = Harness::new(1);
            let mut node = DynamicPrioritySelector::new();
            tick(&mut h, &mut node, &[0.0], &[Running]);
            let l = tick(&mut h, &mut node, &[3.0], &[Running]);
            assert_eq!((l.ticked, l.halted), (vec![0], vec![]));
            let l = h.halt(node.halt(), |e| node.next(e), answers(&[]));
            assert_eq!(l.halted, [0]);
            assert_eq!(node.running(), None);
        }
    }
}
