use crate::bits::Bits;
use crate::control::HALTED;
use crate::step::{Event, Step};
use crate::{Rng, SmallIndex, Status};

/// **ProbabilitySelector** (NodeCanvas `ProbabilitySelector`): picks one child at random by
/// weight and answers its status; when the picked child fails, picks again among the others,
/// until one succeeds, the failure chance comes up, or no child is left.
///
/// Per-tick inputs (the macro evaluates them every tick; the rule reads them only when it picks):
/// `weights`, one weight per child (`[f32; N]` passed as a slice; its length is the child count),
/// `fail_weight`, NodeCanvas's "direct failure chance" (a weight like the others, not a
/// probability), and `rng` (to `start`; **one** draw, `rng.unit()`, per activation). `W` is the
/// number of bytes of the memory: the macro writes `W = ceil(N / 8)`. `I` is the index
/// type (`u8` up to 255 children).
///
/// At the start of an activation the node draws one number `d` in `[0, 1)` and keeps it for the
/// whole activation. A **pick** lays the fail weight and the weights of the children still in the
/// draw end to end, in that order, over `total = fail_weight + sum of those weights`, and takes
/// the interval `d * total` falls in:
///
/// | when | ProbabilitySelector |
/// |---|---|
/// | tick, not running | draws `d`, then picks |
/// | tick, child `c` running | ticks `c` (no draw, weights not read) |
/// | pick lands in the fail weight | `Failure`, no child ticked |
/// | pick lands in child `c`'s weight | ticks `c` |
/// | pick with `total = 0` (no weight left) | `Skipped` if every child was skipped in this activation, else `Failure` |
/// | child `Running` | `Running`; the next tick resumes at this child |
/// | child `Success` | `Success` |
/// | child `Failure` | the child leaves the draw; picks again **in the same tick**, with the same `d` and the current weights |
/// | child `Skipped` | the child leaves the draw (as if it were not there); picks again in the same tick |
///
/// A child whose weight is zero, negative, `NaN` or infinite is never picked (it counts as 0);
/// so is a fail weight of that kind. Because the fail weight stays while children leave the
/// draw, each failure raises the chance that the next pick lands in it.
///
/// Example, weights `[1, 1, 2]`, fail weight 0, `d = 0.6`: total 4, `d * total = 2.4` lands in
/// child 2 (`[2, 4)`). If child 2 fails: total 2, `1.2` lands in child 1 (`[1, 2)`); if child 1
/// fails too: total 1, `0.6` lands in child 0, whose answer is the node's. All in one tick unless
/// a child answers `Running`.
///
/// The node answers `Running` only when a child does.
///
/// **Halt** while running: the running child is halted. **Memory**: `d` and the set of children
/// out of the draw, for one activation: forgotten when the node completes or is halted (the next
/// activation draws a new `d`), so a tree halt has nothing to clear.
///
/// **Size**: `W` bytes of flags, the `f32` draw, an `Option<I>` and a flag, padded to a
/// multiple of 4: 8 bytes up to 8 children with `u8`.
///
/// **Differences from NodeCanvas**:
/// * After a child fails, NodeCanvas answers `Running` and picks again on the next tick; our
///   tick is synchronous (`spec/decisions.md`, "the tick model") and picks again at once.
/// * NodeCanvas snapshots the weights at the start of an activation; we read the weights
///   passed on the tick of each pick (the same unless the blackboard changed mid-activation),
///   which spares storing `N` floats.
/// * NodeCanvas walks on past an `Optional` child to the next child in order; a skipped child
///   leaves the draw here and the node picks again.
/// * Zero-weight children cannot be picked (in NodeCanvas a draw of exactly 0 could pick one);
///   a pick that misses every interval through rounding takes the last child with a weight
///   (NodeCanvas fails). All weights zero: `Failure` in both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ProbabilitySelector<const W: usize = 1, I = u8> {
    /// This activation's draw, in `[0, 1)`.
    dice: Dice,
    /// Children out of the draw (they failed or were skipped in this activation).
    out: Bits<W>,
    /// The running child.
    chosen: Option<I>,
    /// Some child failed in this activation.
    failed: bool,
}

/// An `f32` compared bit for bit, so that the state can derive `Eq` (the draw is never `NaN`).
#[derive(Clone, Copy, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
struct Dice(f32);

impl PartialEq for Dice {
    fn eq(&self, other: &Self) -> bool {
        self.0.to_bits() == other.0.to_bits()
    }
}

impl Eq for Dice {}

/// A usable weight: positive and finite, else 0.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn weight(w: f32) -> f32 {
    if w > 0.0 && w.is_finite() {
        w
    } else {
        0.0
    }
}

impl<const W: usize, I: SmallIndex> ProbabilitySelector<W, I> {
    /// An idle probability selector.
    pub const fn new() -> Self {
        ProbabilitySelector {
            dice: Dice(0.0),
            out: Bits::new(),
            chosen: None,
            failed: false,
        }
    }

    /// The first step of a tick. A new activation draws once from `rng`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(&mut self, weights: &[f32], fail_weight: f32, rng: &mut impl Rng) -> Step {
        into_step(self.first(weights, fail_weight, rng))
    }

    /// The step after `event`; `weights` and `fail_weight` are this tick's, as given to `start`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn next(&mut self, event: Event, weights: &[f32], fail_weight: f32) -> Step {
        match event {
            Event::Child(child, status) => {
                into_step(self.on_child(child, status, weights, fail_weight))
            }
            Event::Halted(_) => Step::Return(HALTED),
        }
    }

    /// The node is halted while running: halts the running child; the next tick draws again.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt(&mut self) -> Step {
        match self.take_running() {
            Some(chosen) => Step::Halt(chosen),
            None => Step::Return(HALTED),
        }
    }

    /// The straight-line form of a tick, which the generated code uses (the `Step` methods above
    /// are the same rule, one step at a time): the child to tick first, `Ok(child)`, or the
    /// node's answer without a child, `Err(status)`. The running child is resumed without a
    /// draw; a new activation draws once from `rng` and picks. Each answer of the child goes to
    /// [`on_child`](Self::on_child).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn first(
        &mut self,
        weights: &[f32],
        fail_weight: f32,
        rng: &mut impl Rng,
    ) -> Result<usize, Status> {
        debug_assert!(
            !weights.is_empty(),
            "the macro rejects a composite without children"
        );
        debug_assert!(
            weights.len() <= Bits::<W>::CAPACITY,
            "W = ceil(N / 8) bytes are needed"
        );
        if let Some(chosen) = self.chosen {
            return Ok(chosen.get());
        }
        self.dice = Dice(rng.unit());
        self.pick(weights, fail_weight)
    }

    /// Straight-line form: `child` answered `status`. `Err(answer)` ends the tick with the
    /// node's answer (`Running` remembers the child, `Success` ends the activation); after a
    /// failure or a skip the child leaves the draw and the node picks again with this tick's
    /// weights: `Ok(next)` is the child to tick next.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn on_child(
        &mut self,
        child: usize,
        status: Status,
        weights: &[f32],
        fail_weight: f32,
    ) -> Result<usize, Status> {
        match status {
            Status::Running => {
                self.chosen = Some(I::set(child));
                Err(Status::Running)
            }
            Status::Success => {
                *self = Self::new();
                Err(Status::Success)
            }
            _ => {
                self.chosen = None;
                self.out.set(child);
                self.failed |= status == Status::Failure;
                self.pick(weights, fail_weight)
            }
        }
    }

    /// The halt in straight-line form: forgets the activation and gives the running child, which
    /// the caller halts.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn take_running(&mut self) -> Option<usize> {
        let chosen = self.chosen;
        *self = Self::new();
        chosen.map(SmallIndex::get)
    }

    /// The running child, if any.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn running(&self) -> Option<usize> {
        self.chosen.map(SmallIndex::get)
    }

    /// Whether the node is running (between ticks: a child it picked runs). The generated code
    /// reads it as the node's running flag.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn is_running(&self) -> bool {
        self.chosen.is_some()
    }

    /// Picks a child among those still in the draw (`Ok`), or ends the activation (`Err`).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn pick(&mut self, weights: &[f32], fail_weight: f32) -> Result<usize, Status> {
        let len = weights.len();
        let in_draw = |i: &usize| !self.out.get(*i);
        let fail = weight(fail_weight);
        let total = fail
            + (0..len)
                .filter(in_draw)
                .map(|i| weight(weights[i]))
                .sum::<f32>();
        if total > 0.0 {
            let x = self.dice.0 * total;
            if x < fail {
                return Err(self.end(Status::Failure));
            }
            let mut end = fail;
            let mut last = None;
            for i in (0..len).filter(in_draw) {
                let w = weight(weights[i]);
                if w > 0.0 {
                    end += w;
                    last = Some(i);
                    if x < end {
                        return Ok(i);
                    }
                }
            }
            if let Some(i) = last {
                // `x` missed the last interval through rounding.
                return Ok(i);
            }
        }
        let all_skipped = !self.failed && self.out.all(len);
        Err(self.end(if all_skipped {
            Status::Skipped
        } else {
            Status::Failure
        }))
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn end(&mut self, status: Status) -> Status {
        *self = Self::new();
        status
    }
}

/// A straight-line answer as a [`Step`].
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn into_step(next: Result<usize, Status>) -> Step {
    match next {
        Ok(child) => Step::Tick(child),
        Err(status) => Step::Return(status),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::control::tests::script_rng::Scripted;
    use crate::step::script::{answers, Harness, Log};
    use crate::SmallRng;
    use Status::*;

    fn tick<const W: usize>(
        h: &mut Harness,
        node: &mut ProbabilitySelector<W>,
        weights: &[f32],
        fail: f32,
        rng: &mut impl Rng,
        answer: &[Status],
    ) -> Log {
        let first = node.start(weights, fail, rng);
        h.tick(first, |e| node.next(e, weights, fail), answers(answer))
    }

    fn log(status: Status, ticked: &[usize]) -> Log {
        Log {
            status: Some(status),
            ticked: ticked.to_vec(),
            halted: vec![],
        }
    }

    /// `is_running` is the running flag: after each tick, whether the node answered `Running`;
    /// after a halt, false.
    #[test]
    fn it_is_running_exactly_when_it_answered_running() {
        let mut roll = crate::testing::Roll::new(11);
        let (mut h, mut node) = (Harness::new(3), ProbabilitySelector::<1>::new());
        let mut rng = SmallRng::seed(5);
        for _ in 0..2_000 {
            if roll.below(10) == 0 {
                let first = node.halt();
                h.halt(first, |e| node.next(e, &[], 0.0), answers(&[]));
                assert!(!node.is_running());
                continue;
            }
            let answer = [roll.status(), roll.status(), roll.status()];
            let log = tick(&mut h, &mut node, &[1.0, 2.0, 0.5], 0.25, &mut rng, &answer);
            assert_eq!(node.is_running(), log.status == Some(Running));
        }
    }

    /// The straight-line form (`first`, `on_child`, `take_running`), driven as the generated
    /// code drives it, does what the `Step` form does: the same children ticked and halted, the
    /// same answers and the same state, over random weights, answers and halts, two generators
    /// seeded alike.
    #[test]
    fn straight_line_form_is_the_step_form() {
        let mut roll = crate::testing::Roll::new(23);
        let (mut h, mut stepped) = (Harness::new(4), ProbabilitySelector::<1>::new());
        let mut node = ProbabilitySelector::<1>::new();
        let (mut rng_a, mut rng_b) = (SmallRng::seed(3), SmallRng::seed(3));
        let choices = [0.0, 1.0, 2.5, -1.0, f32::NAN];
        for round in 0..5_000 {
            if roll.below(10) == 0 {
                let log = h.halt(stepped.halt(), |e| stepped.next(e, &[], 0.0), answers(&[]));
                let halted: Vec<usize> = node.take_running().into_iter().collect();
                assert_eq!(log.halted, halted, "round {round}");
                assert_eq!(node, stepped);
                continue;
            }
            let weights: Vec<f32> = (0..4).map(|_| choices[roll.below(5)]).collect();
            let fail = choices[roll.below(4)] * 0.5;
            let answer: Vec<Status> = (0..4).map(|_| roll.status()).collect();
            let log = tick(&mut h, &mut stepped, &weights, fail, &mut rng_a, &answer);
            let mut ticked = Vec::new();
            let mut next = node.first(&weights, fail, &mut rng_b);
            let status = loop {
                match next {
                    Ok(child) => {
                        ticked.push(child);
                        next = node.on_child(child, answer[child], &weights, fail);
                    }
                    Err(status) => break status,
                }
            };
            assert_eq!(log, self::log(status, &ticked), "round {round}");
            assert_eq!(node, stepped, "round {round}");
        }
    }

    #[test]
    fn the_draw_picks_by_weight() {
        let mut h = Harness::new(3);
        let mut node = ProbabilitySelector::<1>::new();
        let w = [1.0, 1.0, 2.0];
        for (d, child) in [
            (0.0, 0),
            (0.1, 0),
            (0.26, 1),
            (0.49, 1),
            (0.5, 2),
            (0.99, 2),
        ] {
            let mut rng = Scripted::unit(&[d]);
            let log = tick(&mut h, &mut node, &w, 0.0, &mut rng, &[Success; 3]);
            assert_eq!(log, self::log(Success, &[child]), "d = {d}");
            assert!(rng.is_spent());
        }
    }

    #[test]
    fn a_failure_picks_again_in_the_same_tick_with_the_same_draw() {
        let mut h = Harness::new(3);
        let mut node = ProbabilitySelector::<1>::new();
        let w = [1.0, 1.0, 2.0];
        let mut rng = Scripted::unit(&[0.6]);
        let log = tick(
            &mut h,
            &mut node,
            &w,
            0.0,
            &mut rng,
            &[Success, Failure, Failure],
        );
        assert_eq!(log, self::log(Success, &[2, 1, 0]));
        let mut rng = Scripted::unit(&[0.6]);
        let log = tick(&mut h, &mut node, &w, 0.0, &mut rng, &[Failure; 3]);
        assert_eq!(log, self::log(Failure, &[2, 1, 0]));
        let mut rng = Scripted::unit(&[0.6]);
        let log = tick(
            &mut h,
            &mut node,
            &w,
            0.0,
            &mut rng,
            &[Success, Running, Failure],
        );
        assert_eq!(log, self::log(Running, &[2, 1]));
    }

    #[test]
    fn the_fail_weight_comes_first_and_grows_with_each_failure() {
        let mut h = Harness::new(2);
        let mut node = ProbabilitySelector::<1>::new();
        let w = [1.0, 1.0];
        // total 4: [0, 2) fails, [2, 3) child 0, [3, 4) child 1.
        let mut rng = Scripted::unit(&[0.4]);
        let log = tick(&mut h, &mut node, &w, 2.0, &mut rng, &[Success; 2]);
        assert_eq!(log, self::log(Failure, &[]));
        let mut rng = Scripted::unit(&[0.6]);
        // 2.4 -> child 0 fails; total 3: 1.8 < 2 -> Failure.
        let log = tick(&mut h, &mut node, &w, 2.0, &mut rng, &[Failure, Success]);
        assert_eq!(log, self::log(Failure, &[0]));
        let mut rng = Scripted::unit(&[0.8]);
        // 3.2 -> child 1 fails; total 3: 2.4 -> child 0.
        let log = tick(&mut h, &mut node, &w, 2.0, &mut rng, &[Success, Failure]);
        assert_eq!(log, self::log(Success, &[1, 0]));
    }

    #[test]
    fn a_running_child_is_resumed_without_drawing_and_later_failures_use_the_current_weights() {
        let mut h = Harness::new(3);
        let mut node = ProbabilitySelector::<1>::new();
        let mut rng = Scripted::unit(&[0.5]);
        let log = tick(
            &mut h,
            &mut node,
            &[1.0, 1.0, 2.0],
            0.0,
            &mut rng,
            &[Running; 3],
        );
        assert_eq!(log, self::log(Running, &[2]));
        assert_eq!(node.running(), Some(2));
        // No draw (an empty script panics on one); the weights are not read while it runs.
        let mut none = Scripted::default();
        let log = tick(
            &mut h,
            &mut node,
            &[0.0, 0.0, 0.0],
            0.0,
            &mut none,
            &[Running; 3],
        );
        assert_eq!(log, self::log(Running, &[2]));
        // It fails: this tick's weights [3, 1, _] without child 2, total 4, 0.5 * 4 = 2 -> child 0.
        let log = tick(
            &mut h,
            &mut node,
            &[3.0, 1.0, 9.0],
            0.0,
            &mut none,
            &[Success, Success, Failure],
        );
        assert_eq!(log, self::log(Success, &[2, 0]));
    }

    #[test]
    fn zero_weights_are_never_picked() {
        let mut h = Harness::new(3);
        let mut node = ProbabilitySelector::<1>::new();
        let w = [0.0, -1.0, 1.0];
        let mut rng = Scripted::unit(&[0.0]);
        let log = tick(&mut h, &mut node, &w, 0.0, &mut rng, &[Success; 3]);
        assert_eq!(log, self::log(Success, &[2]));
        // Once child 2 failed, nothing is left: Failure.
        let mut rng = Scripted::unit(&[0.0]);
        let log = tick(
            &mut h,
            &mut node,
            &w,
            f32::NAN,
            &mut rng,
            &[Success, Success, Failure],
        );
        assert_eq!(log, self::log(Failure, &[2]));
        // All weights zero (NaN and infinity count as zero): Failure without a tick.
        let mut rng = Scripted::unit(&[0.3]);
        let log = tick(
            &mut h,
            &mut node,
            &[0.0, f32::NAN, f32::INFINITY],
            0.0,
            &mut rng,
            &[Success; 3],
        );
        assert_eq!(log, self::log(Failure, &[]));
    }

    #[test]
    fn skipped_children_leave_the_draw() {
        let mut h = Harness::new(2);
        let mut node = ProbabilitySelector::<1>::new();
        let mut rng = Scripted::unit(&[0.0]);
        let log = tick(
            &mut h,
            &mut node,
            &[1.0, 1.0],
            0.0,
            &mut rng,
            &[Skipped, Success],
        );
        assert_eq!(log, self::log(Success, &[0, 1]));
        let mut rng = Scripted::unit(&[0.0]);
        let log = tick(
            &mut h,
            &mut node,
            &[1.0, 1.0],
            0.0,
            &mut rng,
            &[Skipped, Skipped],
        );
        assert_eq!(log, self::log(Skipped, &[0, 1]));
        let mut rng = Scripted::unit(&[0.0]);
        let log = tick(
            &mut h,
            &mut node,
            &[1.0, 1.0],
            0.0,
            &mut rng,
            &[Failure, Skipped],
        );
        assert_eq!(log, self::log(Failure, &[0, 1]));
        // Skipped children and a zero-weight child never tried: Failure, not Skipped.
        let mut rng = Scripted::unit(&[0.0]);
        let log = tick(
            &mut h,
            &mut node,
            &[1.0, 0.0],
            0.0,
            &mut rng,
            &[Skipped, Success],
        );
        assert_eq!(log, self::log(Failure, &[0]));
    }

    #[test]
    fn halt_forgets_the_draw() {
        let mut h = Harness::new(2);
        let mut node = ProbabilitySelector::<1>::new();
        let mut rng = Scripted::unit(&[0.9]);
        tick(&mut h, &mut node, &[1.0, 1.0], 0.0, &mut rng, &[Running; 2]);
        let log = h.halt(
            node.halt(),
            |e| node.next(e, &[1.0, 1.0], 0.0),
            answers(&[]),
        );
        assert_eq!(log.halted, [1]);
        assert_eq!(node, ProbabilitySelector::new());
        let mut rng = Scripted::unit(&[0.1]);
        let log = tick(&mut h, &mut node, &[1.0, 1.0], 0.0, &mut rng, &[Running; 2]);
        assert_eq!(log.ticked, [0]);
    }

    /// A draw that falls past every interval through rounding takes the last child with a
    /// weight, never a zero-weight child after it.
    #[test]
    fn a_draw_missing_every_interval_takes_the_last_child_with_a_weight() {
        let mut h = Harness::new(3);
        let mut node = ProbabilitySelector::<1>::new();
        let tiny = 1.0 / 16_777_216.0; // 2^-24
                                       // total = 1 + (2^-24 + 2^-24) = 1 + 2^-23; the running end 1 + 2^-24 rounds to 1, twice.
                                       // The draw 1 - 2^-24 gives x = 1 (rounded): not below the fail weight, nor below any
                                       // end: child 1 is the last child with a weight; child 2 (weight 0) is not picked.
        let mut rng = Scripted::unit(&[1.0 - tiny]);
        let log = tick(
            &mut h,
            &mut node,
            &[tiny, tiny, 0.0],
            1.0,
            &mut rng,
            &[Success; 3],
        );
        assert_eq!(log, self::log(Success, &[1]));
    }

    /// The draw is part of the state: two selectors running the same child with different
    /// draws are not equal, and pick differently once that child fails.
    #[test]
    fn the_draw_is_kept_while_a_child_runs() {
        let mut h = Harness::new(3);
        let w = [1.0, 2.0, 1.0];
        // Child 1 holds [0.25, 0.75) of the draw.
        let (mut a, mut b) = (
            ProbabilitySelector::<1>::new(),
            ProbabilitySelector::<1>::new(),
        );
        let mut rng = Scripted::unit(&[0.3, 0.7]);
        assert_eq!(
            tick(&mut h, &mut a, &w, 0.0, &mut rng, &[Running; 3]),
            self::log(Running, &[1])
        );
        assert_eq!(
            tick(&mut h, &mut b, &w, 0.0, &mut rng, &[Running; 3]),
            self::log(Running, &[1])
        );
        assert_ne!(a, b);
        // Child 1 fails: children 0 and 2 share the draw, [0, 0.5) and [0.5, 1).
        let answer = [Success, Failure, Success];
        let mut none = Scripted::default();
        assert_eq!(
            tick(&mut h, &mut a, &w, 0.0, &mut none, &answer),
            self::log(Success, &[1, 0])
        );
        assert_eq!(
            tick(&mut h, &mut b, &w, 0.0, &mut none, &answer),
            self::log(Success, &[1, 2])
        );
    }

    #[test]
    fn one_child() {
        let mut h = Harness::new(1);
        let mut node = ProbabilitySelector::<1>::new();
        let mut rng = Scripted::unit(&[0.99]);
        let log = tick(&mut h, &mut node, &[0.5], 0.0, &mut rng, &[Failure]);
        assert_eq!(log, self::log(Failure, &[0]));
    }

    #[test]
    fn seeded_distribution_follows_the_weights() {
        let run = |seed| {
            let mut rng = SmallRng::seed(seed);
            let mut h = Harness::new(2);
            let mut node = ProbabilitySelector::<1>::new();
            let mut counts = [0u32; 3];
            for _ in 0..8_000 {
                let log = tick(&mut h, &mut node, &[1.0, 3.0], 1.0, &mut rng, &[Success; 2]);
                match log.ticked.first() {
                    Some(&child) => counts[child] += 1,
                    None => counts[2] += 1,
                }
            }
            counts
        };
        let counts = run(9);
        assert_eq!(counts, run(9));
        // Expected 1,600 / 4,800 / 1,600.
        assert!((1_400..1_800).contains(&counts[0]), "{counts:?}");
        assert!((4_500..5_100).contains(&counts[1]), "{counts:?}");
        assert!((1_400..1_800).contains(&counts[2]), "{counts:?}");
    }

    #[test]
    fn wide() {
        let mut h = Harness::new(70);
        let mut node = ProbabilitySelector::<9>::new();
        let mut w = [0.0f32; 70];
        w[69] = 1.0;
        w[3] = 1.0;
        let mut rng = Scripted::unit(&[0.75]);
        let log = tick(&mut h, &mut node, &w, 0.0, &mut rng, &[Failure; 70]);
        assert_eq!(log, self::log(Failure, &[69, 3]));
    }
}
