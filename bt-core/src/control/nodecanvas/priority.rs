use super::HALTED;
use crate::step::{Event, Step};
use crate::{SmallIndex, Status};

/// **PrioritySelector** (NodeCanvas `PrioritySelector` with *Dynamic* on, a utility selector):
/// every tick, ticks the child with the highest score and answers its status.
///
/// Per-tick input: `scores`, one score per child (the macro evaluates each child's *desire*, a
/// blackboard expression, into an array `[f32; N]`; its length is the child count, at least 1).
/// No parameters. `I` is the index type (`u8` up to 255 children).
///
/// | when | PrioritySelector |
/// |---|---|
/// | tick, not running | ticks the child with the highest score |
/// | tick, child `r` running, no child scores strictly higher than `r` | ticks `r` |
/// | tick, child `r` running, child `c` scores strictly higher than `r` | halts `r`, then ticks `c` (the best) |
/// | chosen child `Running` | `Running` |
/// | chosen child `Success` / `Failure` / `Skipped` | that status (a failure does **not** fall back to the next-best child) |
///
/// **Ties**: among children with the same best score, the earliest declared wins, except that
/// a running child keeps running while no other child scores *strictly* higher (so two equal
/// scores do not make the node flip between children every tick). A `NaN` score is lower than
/// every number; if every score is `NaN`, the running child keeps running, or child 0 starts.
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
/// one; we keep the running child (a deliberate choice, see above). The static mode (sort once
/// per activation, then a selector over that order) is not offered. Zero children: NodeCanvas
/// throws; the macro rejects it. Completed children are not latched across activations: the
/// node completes with its child (`spec/decisions.md` decision 9).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PrioritySelector<I = u8> {
    /// The running child, or (within a tick, while the old child is being halted) the child
    /// about to be ticked.
    running: Option<I>,
}

/// The score as a totally ordered key: `NaN` below every number.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn key(score: f32) -> f32 {
    if score.is_nan() {
        f32::NEG_INFINITY
    } else {
        score
    }
}

impl<I: SmallIndex> PrioritySelector<I> {
    /// An idle priority selector.
    pub const fn new() -> Self {
        PrioritySelector { running: None }
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
            if key(score) > key(scores[best]) {
                best = i;
            }
        }
        match self.running {
            Some(running) => {
                let running = running.get();
                if running == best || key(scores[best]) <= key(scores[running]) {
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
    use Status::*;

    fn tick(
        h: &mut Harness,
        node: &mut PrioritySelector,
        scores: &[f32],
        answer: &[Status],
    ) -> Log {
        let first = node.start(scores);
        h.tick(first, |e| node.next(e), answers(answer))
    }

    #[test]
    fn the_best_child_is_ticked_and_its_status_returned() {
        let mut h = Harness::new(3);
        let mut node = PrioritySelector::new();
        for status in [Success, Failure, Skipped] {
            let log = tick(
                &mut h,
                &mut node,
                &[0.1, 0.9, 0.5],
                &[Success, status, Success],
            );
            assert_eq!(
                log,
                Log {
                    status: Some(status),
                    ticked: vec![1],
                    halted: vec![]
                }
            );
        }
        // A failure does not fall back to the next best.
        let log = tick(
            &mut h,
            &mut node,
            &[0.1, 0.9, 0.5],
            &[Success, Failure, Success],
        );
        assert_eq!((log.status, log.ticked), (Some(Failure), vec![1]));
    }

    #[test]
    fn ties_go_to_the_earliest_unless_a_child_runs() {
        let mut h = Harness::new(3);
        let mut node = PrioritySelector::new();
        let log = tick(&mut h, &mut node, &[0.5, 0.7, 0.7], &[Success; 3]);
        assert_eq!(log.ticked, [1]);
        let log = tick(&mut h, &mut node, &[0.2, 0.1, 0.7], &[Running; 3]);
        assert_eq!(log.ticked, [2]);
        let log = tick(&mut h, &mut node, &[0.7, 0.1, 0.7], &[Running; 3]);
        assert_eq!(
            (log.ticked, log.halted),
            (vec![2], vec![]),
            "a tie keeps the running child"
        );
        let log = tick(&mut h, &mut node, &[0.7, 0.1, 0.6], &[Running; 3]);
        assert_eq!(
            log,
            Log {
                status: Some(Running),
                ticked: vec![0],
                halted: vec![2]
            }
        );
        // The new child's answer is the node's.
        let log = tick(
            &mut h,
            &mut node,
            &[0.1, 0.8, 0.6],
            &[Running, Success, Running],
        );
        assert_eq!(
            log,
            Log {
                status: Some(Success),
                ticked: vec![1],
                halted: vec![0]
            }
        );
        assert_eq!(node.running(), None);
    }

    #[test]
    fn nan_is_lowest() {
        let mut h = Harness::new(3);
        let mut node = PrioritySelector::new();
        let log = tick(
            &mut h,
            &mut node,
            &[f32::NAN, -5.0, f32::NAN],
            &[Success; 3],
        );
        assert_eq!(log.ticked, [1]);
        let log = tick(&mut h, &mut node, &[f32::NAN; 3], &[Success; 3]);
        assert_eq!(log.ticked, [0]);
        tick(&mut h, &mut node, &[0.0, 0.0, 1.0], &[Running; 3]);
        let log = tick(&mut h, &mut node, &[f32::NAN; 3], &[Running; 3]);
        assert_eq!((log.ticked, log.halted), (vec![2], vec![]));
        let log = tick(
            &mut h,
            &mut node,
            &[f32::NEG_INFINITY, 0.0, f32::NAN],
            &[Running; 3],
        );
        assert_eq!((log.ticked, log.halted), (vec![1], vec![2]));
    }

    #[test]
    fn halt_and_one_child() {
        let mut h = Harness::new(1);
        let mut node = PrioritySelector::new();
        tick(&mut h, &mut node, &[0.0], &[Running]);
        let log = tick(&mut h, &mut node, &[3.0], &[Running]);
        assert_eq!((log.ticked, log.halted), (vec![0], vec![]));
        let log = h.halt(node.halt(), |e| node.next(e), answers(&[]));
        assert_eq!(log.halted, [0]);
        assert_eq!(node.running(), None);
    }
}
