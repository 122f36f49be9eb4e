use crate::control::HALTED;
use crate::step::{Event, Step};
use crate::{SmallIndex, Status};

/// What [`IndexSwitch`] does with an index outside `0..len`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum OutOfRange {
    /// Answer `Failure` without ticking a child (NodeCanvas `ReturnFailure`, the default).
    #[default]
    Fail,
    /// Use `|index| % len` (NodeCanvas `LoopIndex`): `-1` and `1` both choose child `1 % len`.
    Loop,
}

impl OutOfRange {
    /// The child chosen by `index` among `len`, or `None` to fail.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn resolve(self, index: i64, len: usize) -> Option<usize> {
        match usize::try_from(index) {
            Ok(i) if i < len => Some(i),
            _ => match self {
                OutOfRange::Fail => None,
                // `unsigned_abs` has no overflow at `i64::MIN`; the remainder is below `len`.
                OutOfRange::Loop => Some((index.unsigned_abs() % len as u64) as usize),
            },
        }
    }
}

/// **IndexSwitch** (NodeCanvas `Switch`, *Index Based* or *Enum Based*): ticks the child whose
/// position is the case index, and answers its status. Not BehaviorTree.CPP's `Switch`, which
/// compares a value with case strings and has a default child.
///
/// Per-tick input: `index`, the case this tick (the macro evaluates it; for an enum, its
/// declaration position, as NodeCanvas maps enum values). Parameters: `len` (the number of
/// children, at least 1), `out_of_range` ([`OutOfRange`]) and `dynamic` (NodeCanvas's *Dynamic*
/// flag). `I` is the index type (`u8` up to 255 children).
///
/// | when | `dynamic = false` | `dynamic = true` |
/// |---|---|---|
/// | tick, not running, index resolves to child `c` | ticks `c` | ticks `c` |
/// | tick, not running, index out of range with [`OutOfRange::Fail`] | `Failure`, no child ticked | same |
/// | tick, child `r` running | ticks `r`; `index` is ignored | index resolves to `r`: ticks `r`; to another child `c`: halts `r`, then ticks `c`; out of range with `Fail`: halts `r`, `Failure` |
/// | chosen child `Running` | `Running` | `Running` |
/// | chosen child `Success` / `Failure` / `Skipped` | that status | that status |
///
/// Out of range with [`OutOfRange::Loop`]: `|index| % len` (so `len = 3`: `3 → 0`, `-1 → 1`,
/// `-4 → 1`). With `dynamic = false` the macro need not evaluate the index while the node is
/// running ([`running`](Self::running) is `Some`).
///
/// Example, `dynamic = true`, three children: tick 1, index 2, child 2 `Running` → `Running`;
/// tick 2, index 0 → child 2 halted, child 0 ticked, its answer is the node's; tick 3, index 7
/// with `Fail` while child 0 runs → child 0 halted, `Failure`.
///
/// The node answers `Running` only when a child does.
///
/// **Halt** while running: the running child is halted. **Memory**: which child runs, for one
/// activation; nothing survives completion or a halt, so a tree halt has nothing to clear.
///
/// **Size**: an `Option<I>` (two bytes with `u8`).
///
/// **Differences from NodeCanvas**: zero children is rejected by the macro (NodeCanvas answers
/// `Optional`). A change of case halts the old child before ticking the new one, as NodeCanvas
/// resets it before executing the other.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct IndexSwitch<I = u8> {
    /// The running child, or (within a tick, while the old child is being halted) the child
    /// about to be ticked (`None`: fail after the halt).
    running: Option<I>,
}

impl<I: SmallIndex> IndexSwitch<I> {
    /// An idle switch.
    pub const fn new() -> Self {
        IndexSwitch { running: None }
    }

    /// The first step of a tick.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(
        &mut self,
        index: i64,
        len: usize,
        out_of_range: OutOfRange,
        dynamic: bool,
    ) -> Step {
        debug_assert!(len > 0, "the macro rejects a composite without children");
        match self.select(index, len, out_of_range, dynamic) {
            (Some(previous), _) => Step::Halt(previous),
            (None, Ok(chosen)) => Step::Tick(chosen),
            (None, Err(status)) => Step::Return(status),
        }
    }

    /// The step after `event`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn next(
        &mut self,
        event: Event,
        len: usize,
        out_of_range: OutOfRange,
        dynamic: bool,
    ) -> Step {
        let _ = (len, out_of_range, dynamic);
        match event {
            Event::Child(_, status) => Step::Return(self.on_child(status)),
            // After a change of case: tick the new child, or fail (also the end of a node halt).
            Event::Halted(_) => match self.running {
                Some(chosen) => Step::Tick(chosen.get()),
                None => Step::Return(HALTED),
            },
        }
    }

    /// The node is halted while running: halts the running child.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt(&mut self, len: usize, out_of_range: OutOfRange, dynamic: bool) -> Step {
        let _ = (len, out_of_range, dynamic);
        match self.take_running() {
            Some(running) => Step::Halt(running),
            None => Step::Return(HALTED),
        }
    }

    /// The straight-line form of a tick, which the generated code uses (the `Step` methods above
    /// are the same rule, one step at a time): `select`, the halt it asks for, the chosen child's
    /// tick, then [`on_child`](Self::on_child).
    ///
    /// Answers the running child to halt first, if the tick moves away from it (`dynamic` only),
    /// and the child to tick, `Ok(child)`, which is remembered, or `Err(answer)`, the node's
    /// answer without a child (an index out of range with [`OutOfRange::Fail`]). `index` is not
    /// read while a static switch runs.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn select(
        &mut self,
        index: i64,
        len: usize,
        out_of_range: OutOfRange,
        dynamic: bool,
    ) -> (Option<usize>, Result<usize, Status>) {
        let running = self.running.map(SmallIndex::get);
        let chosen = match running {
            Some(running) if !dynamic => return (None, Ok(running)),
            _ => out_of_range.resolve(index, len),
        };
        self.running = chosen.map(I::set);
        let previous = running.filter(|&running| Some(running) != chosen);
        (previous, chosen.ok_or(Status::Failure))
    }

    /// The chosen child answered `child`: the node's answer; anything but `Running` forgets it.
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

    /// The running child, if any.
    pub fn running(&self) -> Option<usize> {
        self.running.map(SmallIndex::get)
    }
}

/// A case index of `IndexSwitch(|bb| index)`: any integer (the closure's answer, which the
/// generated code turns into the child's position).
#[diagnostic::on_unimplemented(
    message = "`IndexSwitch` chooses its child by an integer, but this closure returns a `{Self}`",
    label = "not an integer",
    note = "return the child's position as an integer (`|bb| bb.mode as i64` for a field-less enum, in declaration order)"
)]
pub trait CaseIndex {
    /// The index; a value beyond `i64` saturates (and is out of range).
    fn case_index(self) -> i64;
}

macro_rules! case_index {
    ($($t:ty),*) => {$(
        impl CaseIndex for $t {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn case_index(self) -> i64 {
                i64::try_from(self).unwrap_or(i64::MAX)
            }
        }
    )*};
}

case_index!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::script::{answers, Harness, Log};
    use Status::*;

    fn tick(
        h: &mut Harness,
        node: &mut IndexSwitch,
        index: i64,
        mode: OutOfRange,
        dynamic: bool,
        answer: &[Status],
    ) -> Log {
        let len = answer.len();
        let first = node.start(index, len, mode, dynamic);
        h.tick(first, |e| node.next(e, len, mode, dynamic), answers(answer))
    }

    /// The straight-line form (`select`, `on_child`, `take_running`), driven as the generated
    /// code drives it, does what the `Step` form does, over random indexes, answers and halts.
    #[test]
    fn straight_line_form_is_the_step_form() {
        let mut roll = crate::testing::Roll::new(5);
        for (mode, dynamic) in [
            (OutOfRange::Fail, false),
            (OutOfRange::Fail, true),
            (OutOfRange::Loop, false),
            (OutOfRange::Loop, true),
        ] {
            let len = 3;
            let (mut h, mut stepped, mut node) = (
                Harness::new(len),
                IndexSwitch::new(),
                IndexSwitch::<u8>::new(),
            );
            for round in 0..3_000 {
                if roll.below(8) == 0 {
                    let first = stepped.halt(len, mode, dynamic);
                    let log = h.halt(first, |e| stepped.next(e, len, mode, dynamic), answers(&[]));
                    let running = node.take_running();
                    assert_eq!(log.halted, Vec::from_iter(running), "round {round}");
                    assert_eq!(node, stepped);
                    continue;
                }
                let index = roll.below(5) as i64 - 1;
                let answer: Vec<Status> = (0..len).map(|_| roll.status()).collect();
                let log = tick(&mut h, &mut stepped, index, mode, dynamic, &answer);
                let (previous, chosen) = node.select(index, len, mode, dynamic);
                let status = match chosen {
                    Ok(chosen) => {
                        assert_eq!(log.ticked, [chosen], "round {round}");
                        node.on_child(answer[chosen])
                    }
                    Err(status) => {
                        assert!(log.ticked.is_empty(), "round {round}");
                        status
                    }
                };
                assert_eq!(log.halted, Vec::from_iter(previous), "round {round}");
                assert_eq!(log.status, Some(status), "round {round}");
                assert_eq!(node, stepped, "round {round}");
                assert_eq!(node.is_running(), status == Running);
            }
        }
    }

    #[test]
    fn resolve() {
        use OutOfRange::*;
        assert_eq!(Fail.resolve(2, 3), Some(2));
        assert_eq!(Fail.resolve(3, 3), None);
        assert_eq!(Fail.resolve(-1, 3), None);
        assert_eq!(Loop.resolve(3, 3), Some(0));
        assert_eq!(Loop.resolve(-1, 3), Some(1));
        assert_eq!(Loop.resolve(-4, 3), Some(1));
        assert_eq!(
            Loop.resolve(i64::MIN, 3),
            Some((i64::MIN.unsigned_abs() % 3) as usize)
        );
        assert_eq!(Loop.resolve(i64::MAX, 1), Some(0));
    }

    #[test]
    fn the_index_chooses_the_child_and_its_status_is_returned() {
        let mut h = Harness::new(3);
        let mut node = IndexSwitch::new();
        for dynamic in [false, true] {
            for status in [Success, Failure, Skipped] {
                for index in 0..3 {
                    let mut answer = [Success; 3];
                    answer[index as usize] = status;
                    let log = tick(&mut h, &mut node, index, OutOfRange::Fail, dynamic, &answer);
                    assert_eq!(
                        log,
                        Log {
                            status: Some(status),
                            ticked: vec![index as usize],
                            halted: vec![]
                        }
                    );
                }
            }
        }
    }

    #[test]
    fn out_of_range_fails_or_loops() {
        let mut h = Harness::new(3);
        let mut node = IndexSwitch::new();
        let log = tick(&mut h, &mut node, 3, OutOfRange::Fail, false, &[Success; 3]);
        assert_eq!(
            log,
            Log {
                status: Some(Failure),
                ticked: vec![],
                halted: vec![]
            }
        );
        let log = tick(&mut h, &mut node, -1, OutOfRange::Fail, true, &[Success; 3]);
        assert_eq!(log.status, Some(Failure));
        let log = tick(
            &mut h,
            &mut node,
            -1,
            OutOfRange::Loop,
            false,
            &[Success, Running, Success],
        );
        assert_eq!((log.status, log.ticked), (Some(Running), vec![1]));
        let log = tick(
            &mut h,
            &mut node,
            4,
            OutOfRange::Loop,
            true,
            &[Success, Failure, Success],
        );
        assert_eq!(
            (log.status, log.ticked, log.halted),
            (Some(Failure), vec![1], vec![])
        );
    }

    #[test]
    fn static_keeps_the_child_while_running() {
        let mut h = Harness::new(3);
        let mut node = IndexSwitch::new();
        tick(&mut h, &mut node, 2, OutOfRange::Fail, false, &[Running; 3]);
        assert_eq!(node.running(), Some(2));
        let log = tick(&mut h, &mut node, 0, OutOfRange::Fail, false, &[Running; 3]);
        assert_eq!((log.ticked, log.halted), (vec![2], vec![]));
        let log = tick(&mut h, &mut node, 9, OutOfRange::Fail, false, &[Success; 3]);
        assert_eq!((log.status, log.ticked), (Some(Success), vec![2]));
        let log = tick(&mut h, &mut node, 0, OutOfRange::Fail, false, &[Success; 3]);
        assert_eq!(log.ticked, [0]);
    }

    #[test]
    fn dynamic_change_halts_the_running_child() {
        let mut h = Harness::new(3);
        let mut node = IndexSwitch::new();
        tick(&mut h, &mut node, 2, OutOfRange::Fail, true, &[Running; 3]);
        let log = tick(&mut h, &mut node, 2, OutOfRange::Fail, true, &[Running; 3]);
        assert_eq!((log.ticked, log.halted), (vec![2], vec![]));
        let log = tick(&mut h, &mut node, 0, OutOfRange::Fail, true, &[Running; 3]);
        assert_eq!(
            log,
            Log {
                status: Some(Running),
                ticked: vec![0],
                halted: vec![2]
            }
        );
        // Out of range while running: halt, fail.
        let log = tick(&mut h, &mut node, 7, OutOfRange::Fail, true, &[Running; 3]);
        assert_eq!(
            log,
            Log {
                status: Some(Failure),
                ticked: vec![],
                halted: vec![0]
            }
        );
        assert_eq!(node.running(), None);
        // Looping onto the running child is no change.
        tick(&mut h, &mut node, 1, OutOfRange::Loop, true, &[Running; 3]);
        let log = tick(&mut h, &mut node, -4, OutOfRange::Loop, true, &[Running; 3]);
        assert_eq!((log.ticked, log.halted), (vec![1], vec![]));
    }

    #[test]
    fn halt_and_one_child() {
        let mut h = Harness::new(1);
        let mut node = IndexSwitch::new();
        tick(&mut h, &mut node, 5, OutOfRange::Loop, true, &[Running]);
        let log = h.halt(
            node.halt(1, OutOfRange::Loop, true),
            |e| node.next(e, 1, OutOfRange::Loop, true),
            answers(&[]),
        );
        assert_eq!(log.halted, [0]);
        let log = tick(&mut h, &mut node, 1, OutOfRange::Fail, true, &[Running]);
        assert_eq!((log.status, log.ticked), (Some(Failure), vec![]));
    }
}
