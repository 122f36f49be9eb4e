use crate::control::Flow;
use crate::step::{Event, Step};
use crate::{SmallIndex, Status};

/// What [`TryCatch`] is doing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
enum Phase {
    /// Walking the try block (children `0..len - 1`), at `cursor`.
    #[default]
    Try,
    /// A try child failed: the catch child (the last) runs.
    Catch,
    /// Halting the node: the running child is being halted; then the node is idle.
    Halting,
    /// Halting the node with `catch_on_halt`: the try child is being halted; then the catch
    /// child is ticked once.
    HaltingThenCatch,
    /// Halting the node with `catch_on_halt`: the catch child was ticked once.
    CatchOnHalt,
}

/// **TryCatch** (BehaviorTree.CPP 4.x `TryCatch`, port `catch_on_halt` default `false`): children
/// `0..len - 1` form the *try* block, run like a [`Sequence`](crate::control::Sequence); when one
/// of them fails, the last child, the *catch* block, runs, and the node fails whatever the catch
/// block answers.
///
/// Parameters (the same on every call): `len`, the number of children (at least 2, checked by the
/// macro at compile time), and `catch_on_halt`.
///
/// | state | child answers | TryCatch |
/// |---|---|---|
/// | try, child `i` | `Running` | `Running`; the next tick resumes at child `i` |
/// | try, child `i` | `Success` / `Skipped` | moves on to child `i + 1` in the same tick |
/// | try, last try child | `Success` / `Skipped` | `Success`, or `Skipped` if every try child was skipped in this activation; the catch child is not ticked |
/// | try, child `i` | `Failure` | enters catch and ticks the catch child in the same tick (next row) |
/// | catch | `Running` | `Running`; the next tick ticks the catch child again |
/// | catch | `Success` / `Failure` / `Skipped` | `Failure`; the next activation starts at child 0 |
///
/// Halting the node while running:
///
/// * in try mode with `catch_on_halt`: halts the running try child, then ticks the catch child
///   **once** (within the halt), and halts it if it answers `Running`;
/// * otherwise: halts the running child (try or catch).
///
/// Either way the memory is cleared: no memory survives a halt, and an idle node's state is
/// always [`new`](Self::new). The node answers `Running` only when a child does.
///
/// Differences from BehaviorTree.CPP: none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TryCatch<I = u8> {
    /// The try child ticked next (or running).
    cursor: I,
    /// Try children skipped in this activation.
    skipped: I,
    phase: Phase,
}

impl<I: SmallIndex> TryCatch<I> {
    /// An idle TryCatch.
    pub const fn new() -> Self {
        TryCatch {
            cursor: I::ZERO,
            skipped: I::ZERO,
            phase: Phase::Try,
        }
    }

    /// The first step of a tick: the try child at the cursor, or the catch child.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(&mut self, len: usize, _catch_on_halt: bool) -> Step {
        debug_assert!(len >= 2, "TryCatch has at least 2 children");
        Step::Tick(self.first(len))
    }

    /// The next step after `event`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn next(&mut self, event: Event, len: usize, _catch_on_halt: bool) -> Step {
        let catch = len - 1;
        match (self.phase, event) {
            (Phase::Try | Phase::Catch, Event::Child(child, status)) => {
                match self.on_child(child, status, len) {
                    Flow::Tick(next) => Step::Tick(next),
                    Flow::Return(status) | Flow::HaltAndReturn { status, .. } => {
                        Step::Return(status)
                    }
                }
            }
            (Phase::HaltingThenCatch, Event::Halted(_)) => {
                self.phase = Phase::CatchOnHalt;
                Step::Tick(catch)
            }
            (Phase::CatchOnHalt, Event::Child(_, Status::Running)) => {
                self.phase = Phase::Halting;
                Step::Halt(catch)
            }
            _ => {
                // The end of a halt.
                *self = Self::new();
                Step::Return(Status::Skipped)
            }
        }
    }

    /// The node is halted while running: the first step of the halt (see the type's docs).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt(&mut self, len: usize, catch_on_halt: bool) -> Step {
        match self.phase {
            Phase::Try if catch_on_halt => {
                self.phase = Phase::HaltingThenCatch;
                Step::Halt(self.cursor.get())
            }
            Phase::Catch => {
                self.phase = Phase::Halting;
                Step::Halt(len - 1)
            }
            _ => {
                self.phase = Phase::Halting;
                Step::Halt(self.cursor.get())
            }
        }
    }

    /// The straight-line form of a tick, which the generated code uses (the `Step` methods are
    /// the same rule, one step at a time): the child a tick starts at, the try child at the
    /// cursor or, while the catch block runs, the catch child (`len - 1`); then each child's
    /// answer goes to [`on_child`](Self::on_child), until it answers `Flow::Return`. A halt keeps
    /// the `Step` form ([`halt`](Self::halt)): with `catch_on_halt` it ticks the catch child.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn first(&self, len: usize) -> usize {
        match self.phase {
            Phase::Catch => len - 1,
            _ => self.cursor.get(),
        }
    }

    /// Child `child` answered `status`, in a tick: the next child, or the node's answer.
    /// `Flow::Tick` is the next try child, or, after a try child failed, the catch child (the
    /// last, which may be further on than the next child); never `HaltAndReturn`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn on_child(&mut self, child: usize, status: Status, len: usize) -> Flow {
        let catch = len - 1;
        match (self.phase, status) {
            (_, Status::Running) => Flow::Return(Status::Running),
            (Phase::Try, Status::Failure) => {
                debug_assert_eq!(child, self.cursor.get());
                self.phase = Phase::Catch;
                self.cursor = I::ZERO;
                self.skipped = I::ZERO;
                Flow::Tick(catch)
            }
            (Phase::Try, status) => {
                debug_assert_eq!(child, self.cursor.get());
                if status == Status::Skipped {
                    self.skipped = I::set(self.skipped.get() + 1);
                }
                if child + 1 < catch {
                    self.cursor = I::set(child + 1);
                    Flow::Tick(child + 1)
                } else {
                    let all_skipped = self.skipped.get() == catch;
                    *self = Self::new();
                    Flow::Return(if all_skipped {
                        Status::Skipped
                    } else {
                        Status::Success
                    })
                }
            }
            // The catch child completed: the node fails whatever it answered.
            _ => {
                *self = Self::new();
                Flow::Return(Status::Failure)
            }
        }
    }

    /// True while the catch child runs.
    pub fn in_catch(&self) -> bool {
        self.phase == Phase::Catch
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::script::{answers, Harness, Log};
    use crate::testing::{halted, log};
    use Status::*;

    const X: Status = Skipped; // never read

    fn tick(node: &mut TryCatch, h: &mut Harness, r: &[Status]) -> Log {
        let len = r.len();
        let first = node.start(len, false);
        h.tick(first, |e| node.next(e, len, false), answers(r))
    }

    fn halt(node: &mut TryCatch, h: &mut Harness, catch_on_halt: bool, r: &[Status]) -> Log {
        let len = h.running.len();
        let first = node.halt(len, catch_on_halt);
        h.halt(first, |e| node.next(e, len, catch_on_halt), answers(r))
    }

    #[test]
    fn try_block_succeeds_without_the_catch() {
        let (mut node, mut h) = (TryCatch::<u8>::new(), Harness::new(3));
        assert_eq!(
            tick(&mut node, &mut h, &[Success, Success, X]),
            log(Success, &[0, 1], &[])
        );
        assert_eq!(
            tick(&mut node, &mut h, &[Skipped, Success, X]),
            log(Success, &[0, 1], &[])
        );
        assert_eq!(
            tick(&mut node, &mut h, &[Skipped, Skipped, X]),
            log(Skipped, &[0, 1], &[])
        );
        assert_eq!(node, TryCatch::new());
    }

    #[test]
    fn try_block_resumes_at_the_running_child() {
        let (mut node, mut h) = (TryCatch::<u8>::new(), Harness::new(3));
        assert_eq!(
            tick(&mut node, &mut h, &[Success, Running, X]),
            log(Running, &[0, 1], &[])
        );
        assert_eq!(
            tick(&mut node, &mut h, &[X, Running, X]),
            log(Running, &[1], &[])
        );
        assert_eq!(
            tick(&mut node, &mut h, &[X, Success, X]),
            log(Success, &[1], &[])
        );
        // Skip count belongs to one activation: child 0 skipped then child 1 running, then
        // child 1 skipped: both skipped, `Skipped`.
        tick(&mut node, &mut h, &[Skipped, Running, X]);
        assert_eq!(
            tick(&mut node, &mut h, &[X, Skipped, X]),
            log(Skipped, &[1], &[])
        );
    }

    #[test]
    fn a_failure_runs_the_catch_in_the_same_tick_and_fails() {
        for catch in [Success, Failure, Skipped] {
            let (mut node, mut h) = (TryCatch::<u8>::new(), Harness::new(3));
            assert_eq!(
                tick(&mut node, &mut h, &[Success, Failure, catch]),
                log(Failure, &[0, 1, 2], &[]),
                "catch answers {catch:?}"
            );
            assert_eq!(node, TryCatch::new());
        }
        let (mut node, mut h) = (TryCatch::<u8>::new(), Harness::new(3));
        assert_eq!(
            tick(&mut node, &mut h, &[Failure, X, Success]),
            log(Failure, &[0, 2], &[])
        );
    }

    #[test]
    fn a_running_catch_is_ticked_until_it_completes() {
        let (mut node, mut h) = (TryCatch::<u8>::new(), Harness::new(3));
        assert!(!node.in_catch());
        assert_eq!(
            tick(&mut node, &mut h, &[Running, X, X]),
            log(Running, &[0], &[])
        );
        assert!(!node.in_catch(), "a running try child is not the catch");
        assert_eq!(
            tick(&mut node, &mut h, &[Failure, X, Running]),
            log(Running, &[0, 2], &[])
        );
        assert!(node.in_catch());
        assert_eq!(
            tick(&mut node, &mut h, &[X, X, Running]),
            log(Running, &[2], &[])
        );
        assert_eq!(
            tick(&mut node, &mut h, &[X, X, Success]),
            log(Failure, &[2], &[])
        );
        assert!(!node.in_catch());
        assert_eq!(
            tick(&mut node, &mut h, &[Success, Success, X]),
            log(Success, &[0, 1], &[])
        );
    }

    #[test]
    fn two_children() {
        let (mut node, mut h) = (TryCatch::<u8>::new(), Harness::new(2));
        assert_eq!(
            tick(&mut node, &mut h, &[Success, X]),
            log(Success, &[0], &[])
        );
        assert_eq!(
            tick(&mut node, &mut h, &[Skipped, X]),
            log(Skipped, &[0], &[])
        );
        assert_eq!(
            tick(&mut node, &mut h, &[Failure, Failure]),
            log(Failure, &[0, 1], &[])
        );
    }

    #[test]
    fn halt_without_catch_on_halt() {
        let (mut node, mut h) = (TryCatch::<u8>::new(), Harness::new(3));
        tick(&mut node, &mut h, &[Success, Running, X]);
        assert_eq!(halt(&mut node, &mut h, false, &[]), halted(&[], &[1]));
        assert_eq!(node, TryCatch::new());
        // The next activation starts at child 0.
        assert_eq!(
            tick(&mut node, &mut h, &[Running, X, X]),
            log(Running, &[0], &[])
        );
        halt(&mut node, &mut h, false, &[]);
        tick(&mut node, &mut h, &[Failure, X, Running]);
        assert_eq!(halt(&mut node, &mut h, false, &[]), halted(&[], &[2]));
        assert_eq!(node, TryCatch::new());
    }

    #[test]
    fn catch_on_halt_ticks_the_catch_once() {
        let (mut node, mut h) = (TryCatch::<u8>::new(), Harness::new(3));
        tick(&mut node, &mut h, &[Success, Running, X]);
        assert_eq!(
            halt(&mut node, &mut h, true, &[X, X, Success]),
            halted(&[2], &[1])
        );
        assert_eq!(node, TryCatch::new());
        // A catch that answers Running is halted at once.
        tick(&mut node, &mut h, &[Running, X, X]);
        assert_eq!(
            halt(&mut node, &mut h, true, &[X, X, Running]),
            halted(&[2], &[0, 2])
        );
        assert_eq!(node, TryCatch::new());
        assert_eq!(
            tick(&mut node, &mut h, &[Success, Success, X]),
            log(Success, &[0, 1], &[])
        );
    }

    #[test]
    fn catch_on_halt_in_catch_mode_only_halts_the_catch() {
        let (mut node, mut h) = (TryCatch::<u8>::new(), Harness::new(3));
        tick(&mut node, &mut h, &[Failure, X, Running]);
        assert_eq!(
            halt(&mut node, &mut h, true, &[X, X, Success]),
            halted(&[], &[2])
        );
        assert_eq!(node, TryCatch::new());
    }

    /// The straight-line form (`first`, then each child and `on_child` until a return) does
    /// what the `Step` form does, over random answers and halts, widths 2 to 5.
    #[test]
    fn straight_line_form_is_the_step_form() {
        let mut rng = crate::testing::Roll::new(5);
        for len in 2..=5 {
            let (mut stepped, mut h) = (TryCatch::<u8>::new(), Harness::new(len));
            let mut straight = TryCatch::<u8>::new();
            for _ in 0..500 {
                if rng.below(8) == 0 {
                    let first = stepped.halt(len, false);
                    h.halt(first, |e| stepped.next(e, len, false), answers(&[]));
                    let mut step = straight.halt(len, false);
                    while let Step::Halt(child) = step {
                        step = straight.next(Event::Halted(child), len, false);
                    }
                    assert_eq!(straight, stepped);
                    continue;
                }
                let answers_now: Vec<Status> = (0..len).map(|_| rng.status()).collect();
                let first = stepped.start(len, false);
                let log = h.tick(
                    first,
                    |e| stepped.next(e, len, false),
                    answers(&answers_now),
                );
                let mut ticked = Vec::new();
                let mut child = straight.first(len);
                let status = loop {
                    ticked.push(child);
                    match straight.on_child(child, answers_now[child], len) {
                        Flow::Tick(next) => {
                            assert!(next == child + 1 || next == len - 1, "{child} -> {next}");
                            child = next;
                        }
                        Flow::Return(status) => break status,
                        Flow::HaltAndReturn { .. } => unreachable!("never asked"),
                    }
                };
                assert_eq!(log, crate::testing::log(status, &ticked, &[]));
                assert_eq!(straight, stepped);
            }
        }
    }
}
