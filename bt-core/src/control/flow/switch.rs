use crate::step::{Event, Step};
use crate::{SmallIndex, Status};

/// **Switch** (BehaviorTree.CPP `Switch2` ... `Switch6`, any number of cases here): on every tick,
/// tick the child of the case that matches (the first match; the last child is the default), and
/// halt a different child that was running first.
///
/// The macro compares the `variable` with the cases (with `==`, `spec/decisions.md` decision 12)
/// and passes the index of the selected child to [`start`](Self::start): the first matching case,
/// else the default, which is the last child. The node has `cases + 1` children.
///
/// | state | selected child answers | Switch |
/// |---|---|---|
/// | no child running, or the selected one | `Running` | `Running`; the child is remembered |
/// | another child running | (that child is halted first, then the selected one is ticked) | as in the other rows |
/// | any | `Success` / `Failure` | that status; nothing is remembered |
/// | any | `Skipped` | `Skipped`; nothing is remembered (the default child is **not** tried instead) |
///
/// The node answers `Running` only when a child does. Halting the node halts the running child
/// and forgets it; no memory survives a halt, and an idle node's state is always
/// [`new`](Self::new).
///
/// Differences from BehaviorTree.CPP: the cases are compared as Rust values (there: strings,
/// integers, reals or scripting enums parsed from the blackboard), and the number of cases is not
/// limited to 2..=6.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Switch<I = u8> {
    /// The running child; while a previously running child is being halted within a tick, the
    /// selected child that will be ticked next.
    running: Option<I>,
}

impl<I: SmallIndex> Switch<I> {
    /// An idle Switch.
    pub const fn new() -> Self {
        Switch { running: None }
    }

    /// The first step of a tick; `selected` is the index of the child whose case matches.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(&mut self, selected: usize) -> Step {
        match self.select(selected) {
            Some(previous) => Step::Halt(previous),
            None => Step::Tick(selected),
        }
    }

    /// The next step after `event`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn next(&mut self, event: Event) -> Step {
        match event {
            Event::Halted(_) => match self.running {
                // The previously running child was halted: tick the selected one.
                Some(selected) => Step::Tick(selected.get()),
                // The end of a halt of the node.
                None => Step::Return(Status::Skipped),
            },
            Event::Child(_, status) => Step::Return(self.on_child(status)),
        }
    }

    /// The node is halted: halts the running child and forgets it.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt(&mut self) -> Step {
        match self.take_running() {
            Some(running) => Step::Halt(running),
            None => Step::Return(Status::Skipped),
        }
    }

    /// The straight-line form of a tick, which the generated code uses (the `Step` methods above
    /// are the same rule, one step at a time): `select`, then the selected child's tick, then
    /// [`on_child`](Self::on_child).
    ///
    /// Remembers `selected` and answers the child that was running before this tick if it is
    /// another one: the caller halts it, then ticks `selected`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn select(&mut self, selected: usize) -> Option<usize> {
        match self.running.replace(I::set(selected)) {
            Some(previous) if previous.get() != selected => Some(previous.get()),
            _ => None,
        }
    }

    /// The selected child answered `child`: the node's answer; anything but `Running` forgets it.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn on_child(&mut self, child: Status) -> Status {
        if child != Status::Running {
            self.running = None;
        }
        child
    }

    /// The halt in straight-line form: the running child, which the caller halts, forgotten.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn take_running(&mut self) -> Option<usize> {
        self.running.take().map(SmallIndex::get)
    }

    /// Whether the node is running (between ticks: it answered `Running` and was not halted).
    /// The generated code reads it as the node's running flag.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// The child that was running after the last tick.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn running(&self) -> Option<usize> {
        self.running.map(SmallIndex::get)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::script::{answers, Harness, Log};
    use crate::testing::{halted, log};
    use Status::*;

    const X: Status = Skipped; // never read

    fn tick(node: &mut Switch, h: &mut Harness, selected: usize, r: &[Status]) -> Log {
        let first = node.start(selected);
        h.tick(first, |e| node.next(e), answers(r))
    }

    #[test]
    fn ticks_the_selected_child_and_answers_its_status() {
        let (mut node, mut h) = (Switch::<u8>::new(), Harness::new(3));
        for (selected, answer) in [(0, Success), (1, Failure), (2, Success), (2, Skipped)] {
            let mut r = [X; 3];
            r[selected] = answer;
            assert_eq!(
                tick(&mut node, &mut h, selected, &r),
                log(answer, &[selected], &[])
            );
            assert_eq!(node, Switch::new());
        }
    }

    #[test]
    fn a_running_child_is_ticked_again_while_selected() {
        let (mut node, mut h) = (Switch::<u8>::new(), Harness::new(3));
        assert_eq!(
            tick(&mut node, &mut h, 1, &[X, Running, X]),
            log(Running, &[1], &[])
        );
        assert_eq!(node.running(), Some(1));
        assert_eq!(
            tick(&mut node, &mut h, 1, &[X, Running, X]),
            log(Running, &[1], &[])
        );
        assert_eq!(
            tick(&mut node, &mut h, 1, &[X, Success, X]),
            log(Success, &[1], &[])
        );
        assert_eq!(node.running(), None);
    }

    #[test]
    fn switching_case_halts_the_running_child_first() {
        let (mut node, mut h) = (Switch::<u8>::new(), Harness::new(3));
        tick(&mut node, &mut h, 0, &[Running, X, X]);
        assert_eq!(
            tick(&mut node, &mut h, 2, &[X, X, Running]),
            log(Running, &[2], &[0])
        );
        assert_eq!(node.running(), Some(2));
        assert_eq!(
            tick(&mut node, &mut h, 1, &[X, Failure, X]),
            log(Failure, &[1], &[2])
        );
        // Skipped: forgotten, no fallback to the default.
        tick(&mut node, &mut h, 0, &[Running, X, X]);
        assert_eq!(
            tick(&mut node, &mut h, 1, &[X, Skipped, X]),
            log(Skipped, &[1], &[0])
        );
        assert_eq!(node, Switch::new());
    }

    #[test]
    fn halt_halts_the_running_child() {
        let (mut node, mut h) = (Switch::<u8>::new(), Harness::new(2));
        tick(&mut node, &mut h, 1, &[X, Running]);
        let first = node.halt();
        assert_eq!(
            h.halt(first, |e| node.next(e), answers(&[])),
            halted(&[], &[1])
        );
        assert_eq!(node, Switch::new());
        // Nothing running: a halt does nothing.
        let first = node.halt();
        assert_eq!(
            h.halt(first, |e| node.next(e), answers(&[])),
            halted(&[], &[])
        );
        assert_eq!(
            tick(&mut node, &mut h, 1, &[X, Running]),
            log(Running, &[1], &[])
        );
    }

    #[test]
    fn one_child_is_the_default() {
        let (mut node, mut h) = (Switch::<u8>::new(), Harness::new(1));
        assert_eq!(
            tick(&mut node, &mut h, 0, &[Running]),
            log(Running, &[0], &[])
        );
        assert_eq!(
            tick(&mut node, &mut h, 0, &[Success]),
            log(Success, &[0], &[])
        );
    }

    /// The straight-line form (`select`, the child, `on_child`; `take_running`) does what the
    /// `Step` form does, over random selections, answers and halts.
    #[test]
    fn straight_line_form_is_the_step_form() {
        let mut rng = crate::testing::Roll::new(27);
        let (mut stepped, mut h) = (Switch::<u8>::new(), Harness::new(4));
        let mut straight = Switch::<u8>::new();
        for _ in 0..2_000 {
            if rng.below(10) == 0 {
                let first = stepped.halt();
                let log = h.halt(first, |e| stepped.next(e), answers(&[]));
                let halted: Vec<usize> = straight.take_running().into_iter().collect();
                assert_eq!(log.halted, halted);
                assert!(!straight.is_running());
                continue;
            }
            let selected = rng.below(4);
            let answer = rng.status();
            let mut r = [X; 4];
            r[selected] = answer;
            let log = tick(&mut stepped, &mut h, selected, &r);
            let halted: Vec<usize> = straight.select(selected).into_iter().collect();
            let status = straight.on_child(answer);
            assert_eq!(log, crate::testing::log(status, &[selected], &halted));
            assert_eq!(straight, stepped);
            assert_eq!(straight.is_running(), status == Running);
        }
    }
}
