use crate::bits::Bits;
use crate::control::HALTED;
use crate::step::{Event, Step};
use crate::{SmallIndex, Status};

/// The shared mechanism of [`DynamicSequence`] and [`DynamicSelector`]: every tick walks from
/// child 0, ticking every child except the latched ones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
struct Latching<const W: usize, I> {
    /// Non-condition children that completed with the keep-going status in this activation.
    latched: Bits<W>,
    /// The child that answered `Running` on the last tick (within a tick: the one that answered
    /// `Running` in this tick, while the pre-empted one is halted).
    running: Option<I>,
    /// Children that answered `Skipped` in this tick.
    skipped: I,
}

impl<const W: usize, I: SmallIndex> Latching<W, I> {
    const fn new() -> Self {
        Latching {
            latched: Bits::new(),
            running: None,
            skipped: I::ZERO,
        }
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn start(&mut self, conditions: &[bool], keep_going: Status) -> Step {
        debug_assert!(
            !conditions.is_empty(),
            "the macro rejects a composite without children"
        );
        debug_assert!(
            conditions.len() <= Bits::<W>::CAPACITY,
            "W = ceil(N / 8) bytes are needed"
        );
        self.skipped = I::ZERO;
        self.walk_from(0, conditions.len(), keep_going)
    }

    /// Ticks the first child at or after `from` that is not latched; after the last child, the
    /// walk passed every child: the activation ends with `keep_going` (or `Skipped`).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn walk_from(&mut self, from: usize, len: usize, keep_going: Status) -> Step {
        match self.latched.find(from, len, false) {
            Some(child) => Step::Tick(child),
            None => {
                debug_assert!(self.running.is_none(), "the running child was passed");
                let all_skipped = self.skipped.get() == len;
                *self = Self::new();
                Step::Return(if all_skipped {
                    Status::Skipped
                } else {
                    keep_going
                })
            }
        }
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn next(&mut self, event: Event, conditions: &[bool], keep_going: Status) -> Step {
        let len = conditions.len();
        let (child, status) = match event {
            Event::Child(child, status) => (child, status),
            // After a pre-emption: `Running`; after a stop (or a node halt): the stop status.
            Event::Halted(_) => {
                return Step::Return(match self.running {
                    Some(_) => Status::Running,
                    None => stop_of(keep_going),
                })
            }
        };
        if status != Status::Running && self.running.map(SmallIndex::get) == Some(child) {
            self.running = None;
        }
        match status {
            Status::Running => match self.running.replace(I::set(child)) {
                Some(previous) if previous.get() != child => {
                    // A child before the running one started to run: the branch after it
                    // starts over (its latches go) and the pre-empted child is halted.
                    for later in child + 1..len {
                        self.latched.put(later, false);
                    }
                    Step::Halt(previous.get())
                }
                _ => Step::Return(Status::Running),
            },
            Status::Skipped => {
                self.skipped = I::set(self.skipped.get() + 1);
                self.walk_from(child + 1, len, keep_going)
            }
            done if done == keep_going => {
                if !conditions[child] {
                    self.latched.set(child);
                }
                self.walk_from(child + 1, len, keep_going)
            }
            stop => {
                let previous = self.running.take();
                *self = Self::new();
                match previous {
                    Some(previous) => Step::Halt(previous.get()),
                    None => Step::Return(stop),
                }
            }
        }
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn halt(&mut self) -> Step {
        let running = self.running.take();
        *self = Self::new();
        match running {
            Some(running) => Step::Halt(running.get()),
            None => Step::Return(HALTED),
        }
    }
}

/// The status that ends a walk early.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
const fn stop_of(keep_going: Status) -> Status {
    match keep_going {
        Status::Success => Status::Failure,
        _ => Status::Success,
    }
}

macro_rules! dynamic_composite {
    ($(#[$doc:meta])* $name:ident, $keep_going:expr, $what:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        pub struct $name<const W: usize = 1, I = u8> {
            walk: Latching<W, I>,
        }

        impl<const W: usize, I: SmallIndex> $name<W, I> {
            #[doc = concat!("An idle ", $what, ".")]
            pub const fn new() -> Self {
                $name {
                    walk: Latching::new(),
                }
            }

            /// The first step of a tick. `conditions[i]` says whether child `i` is a condition
            /// (re-checked every tick); its length is the child count.
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            pub fn start(&mut self, conditions: &[bool]) -> Step {
                self.walk.start(conditions, $keep_going)
            }

            /// The step after `event`.
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            pub fn next(&mut self, event: Event, conditions: &[bool]) -> Step {
                self.walk.next(event, conditions, $keep_going)
            }

            /// The node is halted while running: halts the running child, forgets the latches.
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            pub fn halt(&mut self, conditions: &[bool]) -> Step {
                let _ = conditions;
                self.walk.halt()
            }

            /// Whether child `child`'s result is latched (it is not ticked until the node's
            /// activation ends).
            pub fn is_latched(&self, child: usize) -> bool {
                self.walk.latched.get(child)
            }

            /// The running child, if any.
            pub fn running(&self) -> Option<usize> {
                self.walk.running.map(SmallIndex::get)
            }
        }
    };
}

dynamic_composite!(
    /// **DynamicSequence** (NodeCanvas `Sequencer` with *Dynamic* on): a sequence that re-checks
    /// its **conditions** every tick but does not re-run its completed actions: their results are
    /// latched until the node's activation ends (`spec/decisions.md` decision 9). Not
    /// BehaviorTree.CPP's `ReactiveSequence`, which re-runs every child each tick.
    ///
    /// Parameter: `conditions`, one flag per child (the macro writes a constant `[bool; N]`):
    /// `true` for a child that is a `Condition` leaf (or a script condition), `false` for any
    /// other child (actions, composites, decorators). Its length is the child count, at least 1.
    /// `W` is the number of bytes of the latch memory: the macro writes
    /// `W = ceil(N / 8)` ([`bitset_bytes`](crate::control::bitset_bytes)). `I` is the index type (`u8` up to 255 children). No per-tick input.
    ///
    /// **Which child is ticked when.** Every tick walks from child 0. A *latched* child is not
    /// ticked and counts as a success. Every other child met by the walk is ticked: condition
    /// children (always), the running child, children that answered `Skipped` (never latched:
    /// decision 3), and children the activation has not reached yet.
    ///
    /// | ticked child answers | DynamicSequence |
    /// |---|---|
    /// | `Success`, condition child | moves on in the same tick (the condition is checked again next tick) |
    /// | `Success`, other child | **latched**; moves on in the same tick; not ticked again in this activation |
    /// | `Skipped` | moves on; if every child was skipped in this tick: `Skipped` |
    /// | `Running`, no child was running or it is the running child | `Running` |
    /// | `Running`, while a later child was running | that later child is halted (after this child answered), the latches after this child are cleared; `Running` |
    /// | `Failure` | `Failure`; a later running child is halted; the activation ends |
    /// | (walk passed every child) | `Success`; the activation ends |
    ///
    /// Example, children `[C0 condition, A1, C2 condition, A3]`: tick 1: C0 ✓, A1 ✓ (latched),
    /// C2 ✓, A3 `Running` → `Running`. Tick 2: C0 ✓, A1 not ticked, C2 ✓, A3 `Running` →
    /// `Running`. Tick 3: C0 ✓, C2 ✗ → A3 halted, `Failure`. Tick 4: a new activation ticks A1
    /// again.
    ///
    /// The node answers `Running` only when a child does.
    ///
    /// **Halt** while running: the running child is halted. **Memory**: the latches and the
    /// running child, for one activation: cleared when the node completes or is halted, so a
    /// tree halt has nothing to clear.
    ///
    /// **Size**: `W` bytes of latches, an `Option<I>` and an `I`: 4 bytes up to 8 children with
    /// `u8`.
    ///
    /// **Differences from NodeCanvas**: NodeCanvas latches inside the action nodes (an action
    /// that completed answers its cached result until the whole traversal is reset); here the
    /// composite latches its own non-condition children, and only for its activation (decision
    /// 9). A composite child is latched like an action (NodeCanvas would re-enter it). All
    /// children skipped is `Skipped` (NodeCanvas: `Success`).
    DynamicSequence,
    Status::Success,
    "dynamic sequence"
);

dynamic_composite!(
    /// **DynamicSelector** (NodeCanvas `Selector` with *Dynamic* on): a selector that re-checks
    /// its **conditions** every tick, so a higher-priority branch guarded by a condition can
    /// pre-empt a running lower one, but does not re-run completed actions: their failures are
    /// latched until the node's activation ends (`spec/decisions.md` decision 9). Not
    /// BehaviorTree.CPP's `ReactiveFallback`, which re-runs every child each tick.
    ///
    /// Parameter: `conditions`, one flag per child (the macro writes a constant `[bool; N]`):
    /// `true` for a child that is a `Condition` leaf (or a script condition), `false` for any
    /// other child. Its length is the child count, at least 1. `W` is the number of bytes of the
    /// latch memory: `W = ceil(N / 8)`. `I` is the index type. No per-tick input.
    ///
    /// **Which child is ticked when.** Every tick walks from child 0. A *latched* child is not
    /// ticked and counts as a failure. Every other child met by the walk is ticked: condition
    /// children (always), the running child, children that answered `Skipped`, and children the
    /// activation has not reached yet.
    ///
    /// | ticked child answers | DynamicSelector |
    /// |---|---|
    /// | `Failure`, condition child | moves on in the same tick (the condition is checked again next tick) |
    /// | `Failure`, other child | **latched**; moves on in the same tick; not ticked again in this activation |
    /// | `Skipped` | moves on; if every child was skipped in this tick: `Skipped` |
    /// | `Running`, no child was running or it is the running child | `Running` |
    /// | `Running`, while a later child was running | that later child is halted (after this child answered), the latches after this child are cleared; `Running` |
    /// | `Success` | `Success`; a later running child is halted; the activation ends |
    /// | (walk passed every child) | `Failure`; the activation ends |
    ///
    /// A condition is usually the first child of a branch (a sequence): then the branch is not a
    /// condition child, and it is latched once it fails. To make a guard pre-empt, put the
    /// condition directly under the selector, or use a [`DynamicSequence`] as the branch.
    ///
    /// Example, children `[C0 condition, A1, A2]`: tick 1: C0 ✗, A1 ✗ (latched), A2 `Running` →
    /// `Running`. Tick 2: C0 ✗, A2 `Running` → `Running` (A1 not ticked). Tick 3: C0 ✓ → A2
    /// halted, `Success`.
    ///
    /// The node answers `Running` only when a child does.
    ///
    /// **Halt** while running: the running child is halted. **Memory**: the latches and the
    /// running child, for one activation: cleared when the node completes or is halted, so a
    /// tree halt has nothing to clear.
    ///
    /// **Size**: `8 * W` bytes of latches, an `Option<I>` and an `I`, padded to a multiple of 8:
    /// 16 bytes up to 64 children with `u8`.
    ///
    /// **Differences from NodeCanvas**: as for [`DynamicSequence`]; all children skipped is
    /// `Skipped` (NodeCanvas: `Failure`).
    DynamicSelector,
    Status::Failure,
    "dynamic selector"
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::script::{answers, Harness, Log};
    use Status::*;

    fn log(status: Status, ticked: &[usize], halted: &[usize]) -> Log {
        Log {
            status: Some(status),
            ticked: ticked.to_vec(),
            halted: halted.to_vec(),
        }
    }

    /// One tick of `$node` (with conditions `$c`) whose children answer `$answer`.
    macro_rules! tick {
        ($node:ident, $h:ident, $c:expr, $answer:expr) => {{
            let first = $node.start($c);
            $h.tick(first, |e| $node.next(e, $c), answers($answer))
        }};
    }

    const C: bool = true;
    const A: bool = false;

    #[test]
    fn sequence_rechecks_conditions_and_latches_actions() {
        let conditions = &[C, A, C, A];
        let (mut h, mut node) = (Harness::new(4), DynamicSequence::<1>::new());
        assert_eq!(
            tick!(node, h, conditions, &[Success, Success, Success, Running]),
            log(Running, &[0, 1, 2, 3], &[])
        );
        assert_eq!(
            tick!(node, h, conditions, &[Success, Failure, Success, Running]),
            log(Running, &[0, 2, 3], &[])
        );
        assert_eq!(
            tick!(node, h, conditions, &[Success, Failure, Failure, Running]),
            log(Failure, &[0, 2], &[3])
        );
        // A new activation: A1 runs again.
        assert_eq!(
            tick!(node, h, conditions, &[Success, Success, Success, Success]),
            log(Success, &[0, 1, 2, 3], &[])
        );
        assert_eq!(
            tick!(node, h, conditions, &[Success, Running, Success, Success]),
            log(Running, &[0, 1], &[])
        );
        assert_eq!(
            tick!(node, h, conditions, &[Success, Success, Success, Success]),
            log(Success, &[0, 1, 2, 3], &[])
        );
        assert!(!node.is_latched(1));
    }

    #[test]
    fn sequence_failure_of_the_running_child_and_of_conditions() {
        let conditions = &[C, A];
        let (mut h, mut node) = (Harness::new(2), DynamicSequence::<1>::new());
        assert_eq!(
            tick!(node, h, conditions, &[Success, Running]),
            log(Running, &[0, 1], &[])
        );
        assert_eq!(
            tick!(node, h, conditions, &[Success, Failure]),
            log(Failure, &[0, 1], &[])
        );
        assert_eq!(
            tick!(node, h, conditions, &[Failure, Running]),
            log(Failure, &[0], &[])
        );
    }

    #[test]
    fn skipped_children_are_not_latched_and_can_pre_empt() {
        // Child 1 is an action guarded by a skip condition; it was skipped, then starts to run.
        let conditions = &[C, A, A, A];
        let (mut h, mut node) = (Harness::new(4), DynamicSequence::<1>::new());
        assert_eq!(
            tick!(node, h, conditions, &[Success, Skipped, Success, Running]),
            log(Running, &[0, 1, 2, 3], &[])
        );
        assert!(node.is_latched(2));
        // Child 1 runs: child 3 is halted and child 2's latch goes.
        assert_eq!(
            tick!(node, h, conditions, &[Success, Running, Success, Running]),
            log(Running, &[0, 1], &[3])
        );
        assert!(!node.is_latched(2));
        assert_eq!(node.running(), Some(1));
        assert_eq!(
            tick!(node, h, conditions, &[Success, Success, Success, Running]),
            log(Running, &[0, 1, 2, 3], &[])
        );
        assert_eq!(
            tick!(node, h, conditions, &[Success, Failure, Failure, Success]),
            log(Success, &[0, 3], &[])
        );
        // All skipped in one tick: Skipped.
        assert_eq!(
            tick!(node, h, conditions, &[Skipped; 4]),
            log(Skipped, &[0, 1, 2, 3], &[])
        );
    }

    #[test]
    fn selector_guard_pre_empts_a_lower_branch() {
        let conditions = &[C, A, A];
        let (mut h, mut node) = (Harness::new(3), DynamicSelector::<1>::new());
        assert_eq!(
            tick!(node, h, conditions, &[Failure, Failure, Running]),
            log(Running, &[0, 1, 2], &[])
        );
        assert!(node.is_latched(1));
        assert_eq!(
            tick!(node, h, conditions, &[Failure, Success, Running]),
            log(Running, &[0, 2], &[])
        );
        assert_eq!(
            tick!(node, h, conditions, &[Success, Success, Running]),
            log(Success, &[0], &[2])
        );
        // New activation.
        assert_eq!(
            tick!(node, h, conditions, &[Failure, Failure, Failure]),
            log(Failure, &[0, 1, 2], &[])
        );
        assert_eq!(
            tick!(node, h, conditions, &[Failure, Success, Failure]),
            log(Success, &[0, 1], &[])
        );
        assert_eq!(
            tick!(node, h, conditions, &[Skipped, Skipped, Skipped]),
            log(Skipped, &[0, 1, 2], &[])
        );
    }

    #[test]
    fn halt_forgets_latches() {
        let conditions = &[A, A];
        let (mut h, mut node) = (Harness::new(2), DynamicSelector::<1>::new());
        let first = node.start(conditions);
        h.tick(
            first,
            |e| node.next(e, conditions),
            answers(&[Failure, Running]),
        );
        assert!(node.is_latched(0));
        let first = node.halt(conditions);
        let halted = h.halt(first, |e| node.next(e, conditions), answers(&[]));
        assert_eq!(halted.halted, [1]);
        assert_eq!(node, DynamicSelector::new());
        let first = node.start(conditions);
        let again = h.tick(
            first,
            |e| node.next(e, conditions),
            answers(&[Running, Running]),
        );
        assert_eq!(again.ticked, [0]);
    }

    #[test]
    fn one_child_and_wide() {
        let (mut h, mut node) = (Harness::new(1), DynamicSequence::<1>::new());
        assert_eq!(tick!(node, h, &[A], &[Running]), log(Running, &[0], &[]));
        assert_eq!(tick!(node, h, &[A], &[Success]), log(Success, &[0], &[]));
        let mut conditions = [A; 130];
        conditions[0] = C;
        let (mut h, mut node) = (Harness::new(130), DynamicSequence::<17>::new());
        let mut answer = [Success; 130];
        answer[129] = Running;
        let first = node.start(&conditions);
        let log = h.tick(first, |e| node.next(e, &conditions), answers(&answer));
        assert_eq!(log.ticked.len(), 130);
        let first = node.start(&conditions);
        let log = h.tick(first, |e| node.next(e, &conditions), answers(&answer));
        assert_eq!(log.ticked, [0, 129]);
    }
}
