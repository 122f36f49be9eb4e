use super::Flow;
use crate::{SmallIndex, Status};

/// What a reactive composite counts within one tick: the children skipped so far. It lives in the
/// tick (a local of the generated code, made by [`ReactiveTick::new`] before the first child and
/// passed to every `on_child` of that tick), not in the node: a reactive composite starts every
/// tick at its first child, so nothing of it outlives the tick.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ReactiveTick {
    skipped: usize,
}

impl ReactiveTick {
    /// The start of a tick: no child skipped yet.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub const fn new() -> Self {
        ReactiveTick { skipped: 0 }
    }
}

/// The shared mechanism of the reactive composites: every tick walks from the first child, and
/// remembers which child is running so that it can be pre-empted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
struct Reactive<I> {
    /// The child that answered `Running` on the last tick, if any.
    running: Option<I>,
}

impl<I: SmallIndex> Reactive<I> {
    const fn new() -> Self {
        Reactive { running: None }
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn on_child(
        &mut self,
        child: usize,
        status: Status,
        len: usize,
        keep_going: Status,
        tick: &mut ReactiveTick,
    ) -> Flow {
        match status {
            Status::Running => {
                let previous = self.running.replace(I::set(child));
                Self::pre_empt(previous, child, Status::Running)
            }
            Status::Skipped => {
                tick.skipped += 1;
                self.advance(child, len, keep_going, tick)
            }
            done if done == keep_going => self.advance(child, len, keep_going, tick),
            stop => {
                let previous = self.running.take();
                Self::pre_empt(previous, child, stop)
            }
        }
    }

    /// A child other than `child` that was running is pre-empted: it is halted after `child`
    /// answered (the answer of `child` is what decided it).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn pre_empt(previous: Option<I>, child: usize, status: Status) -> Flow {
        match previous {
            Some(other) if other.get() != child => Flow::HaltAndReturn {
                halt: other.get(),
                status,
            },
            _ => Flow::Return(status),
        }
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn advance(
        &mut self,
        child: usize,
        len: usize,
        keep_going: Status,
        tick: &ReactiveTick,
    ) -> Flow {
        let next = child + 1;
        if next < len {
            Flow::Tick(next)
        } else {
            // Every child answered this tick, so the one that was running has finished too.
            self.running = None;
            Flow::Return(if tick.skipped == len {
                Status::Skipped
            } else {
                keep_going
            })
        }
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn halt(&mut self) -> Option<usize> {
        self.running.take().map(SmallIndex::get)
    }
}

/// **ReactiveSequence** (BehaviorTree.CPP; behavior3's `Sequence` is close): every tick starts at
/// the first child, so the conditions in front of a running action are re-checked on every tick.
///
/// | child returns | ReactiveSequence |
/// |---|---|
/// | `Success` | moves on to the next child; after the last: `Success` |
/// | `Skipped` | moves on; if every child was skipped in this tick: `Skipped` |
/// | `Running` | returns `Running`; if another (later) child was running, that child is halted |
/// | `Failure` | returns `Failure`; a later child that was running is halted |
///
/// Completed children are ticked again on every tick (an action before the running one runs again).
/// When an earlier child becomes the running one, it has already been ticked when the later child is
/// halted, within the same tick (as in BehaviorTree.CPP; only one action is ever observed running
/// between ticks).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ReactiveSequence<I = u8> {
    walk: Reactive<I>,
}

impl<I: SmallIndex> ReactiveSequence<I> {
    /// An idle reactive sequence.
    pub const fn new() -> Self {
        ReactiveSequence {
            walk: Reactive::new(),
        }
    }

    /// The child to tick first: always the first one.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(&mut self) -> usize {
        0
    }

    /// Child `child` of `len` returned `status`; `tick` is this tick's count
    /// ([`ReactiveTick::new`] before the first child).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn on_child(
        &mut self,
        child: usize,
        status: Status,
        len: usize,
        tick: &mut ReactiveTick,
    ) -> Flow {
        self.walk
            .on_child(child, status, len, Status::Success, tick)
    }

    /// Halted while running: returns the running child.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt(&mut self) -> Option<usize> {
        self.walk.halt()
    }

    /// Whether it is running: it answered `Running` on its last tick and was not halted since
    /// (it remembers a running child exactly then).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn is_running(&self) -> bool {
        self.walk.running.is_some()
    }
}

/// **ReactiveFallback** (BehaviorTree.CPP; behavior3's `Priority` is close): every tick starts at
/// the first child, so a higher-priority child that starts to succeed pre-empts a running
/// lower-priority one.
///
/// | child returns | ReactiveFallback |
/// |---|---|
/// | `Failure` | moves on to the next child; after the last: `Failure` |
/// | `Skipped` | moves on; if every child was skipped in this tick: `Skipped` |
/// | `Running` | returns `Running`; if another (later) child was running, that child is halted |
/// | `Success` | returns `Success`; a later child that was running is halted |
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ReactiveFallback<I = u8> {
    walk: Reactive<I>,
}

impl<I: SmallIndex> ReactiveFallback<I> {
    /// An idle reactive fallback.
    pub const fn new() -> Self {
        ReactiveFallback {
            walk: Reactive::new(),
        }
    }

    /// The child to tick first: always the first one.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(&mut self) -> usize {
        0
    }

    /// Child `child` of `len` returned `status`; `tick` is this tick's count
    /// ([`ReactiveTick::new`] before the first child).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn on_child(
        &mut self,
        child: usize,
        status: Status,
        len: usize,
        tick: &mut ReactiveTick,
    ) -> Flow {
        self.walk
            .on_child(child, status, len, Status::Failure, tick)
    }

    /// Halted while running: returns the running child.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt(&mut self) -> Option<usize> {
        self.walk.halt()
    }

    /// Whether it is running: it answered `Running` on its last tick and was not halted since
    /// (it remembers a running child exactly then).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn is_running(&self) -> bool {
        self.walk.running.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::super::script::{order, run_tick};
    use super::*;
    use Status::*;

    type Tick = (Status, [Option<usize>; 8], Option<usize>);

    fn seq(node: &mut ReactiveSequence, results: &[Status]) -> Tick {
        let (start, mut tick) = (node.start(), ReactiveTick::new());
        run_tick(
            start,
            |c, s| node.on_child(c, s, results.len(), &mut tick),
            results,
        )
    }

    fn fb(node: &mut ReactiveFallback, results: &[Status]) -> Tick {
        let (start, mut tick) = (node.start(), ReactiveTick::new());
        run_tick(
            start,
            |c, s| node.on_child(c, s, results.len(), &mut tick),
            results,
        )
    }

    #[test]
    fn sequence_re_checks_from_the_start_every_tick() {
        let mut node = ReactiveSequence::<u8>::new();
        assert_eq!(
            seq(&mut node, &[Success, Running]),
            (Running, order(&[0, 1]), None)
        );
        assert_eq!(
            seq(&mut node, &[Success, Running]),
            (Running, order(&[0, 1]), None)
        );
        assert_eq!(
            seq(&mut node, &[Success, Success]),
            (Success, order(&[0, 1]), None)
        );
    }

    #[test]
    fn sequence_failure_before_the_running_child_halts_it() {
        let mut node = ReactiveSequence::<u8>::new();
        assert_eq!(
            seq(&mut node, &[Success, Success, Running]),
            (Running, order(&[0, 1, 2]), None)
        );
        assert_eq!(
            seq(&mut node, &[Success, Failure, Running]),
            (Failure, order(&[0, 1]), Some(2))
        );
        // Nothing runs any more: the next failure halts nothing.
        assert_eq!(
            seq(&mut node, &[Failure, Running]),
            (Failure, order(&[0]), None)
        );
    }

    #[test]
    fn sequence_earlier_running_child_pre_empts_the_later_one() {
        let mut node = ReactiveSequence::<u8>::new();
        assert_eq!(
            seq(&mut node, &[Success, Running]),
            (Running, order(&[0, 1]), None)
        );
        assert_eq!(
            seq(&mut node, &[Running, Running]),
            (Running, order(&[0]), Some(1))
        );
        assert_eq!(node.halt(), Some(0));
        assert_eq!(node.halt(), None);
    }

    #[test]
    fn sequence_failure_of_the_running_child_itself_halts_nothing() {
        let mut node = ReactiveSequence::<u8>::new();
        assert_eq!(
            seq(&mut node, &[Success, Running]),
            (Running, order(&[0, 1]), None)
        );
        assert_eq!(
            seq(&mut node, &[Success, Failure]),
            (Failure, order(&[0, 1]), None)
        );
    }

    #[test]
    fn sequence_skips() {
        let mut node = ReactiveSequence::<u8>::new();
        assert_eq!(
            seq(&mut node, &[Skipped, Skipped]),
            (Skipped, order(&[0, 1]), None)
        );
        assert_eq!(
            seq(&mut node, &[Skipped, Running]),
            (Running, order(&[0, 1]), None)
        );
        // Skip counting restarts every tick.
        assert_eq!(
            seq(&mut node, &[Skipped, Success]),
            (Success, order(&[0, 1]), None)
        );
    }

    #[test]
    fn fallback_higher_priority_success_pre_empts() {
        let mut node = ReactiveFallback::<u8>::new();
        assert_eq!(
            fb(&mut node, &[Failure, Running]),
            (Running, order(&[0, 1]), None)
        );
        assert_eq!(
            fb(&mut node, &[Failure, Running]),
            (Running, order(&[0, 1]), None)
        );
        assert_eq!(
            fb(&mut node, &[Success, Running]),
            (Success, order(&[0]), Some(1))
        );
        assert_eq!(
            fb(&mut node, &[Failure, Failure]),
            (Failure, order(&[0, 1]), None)
        );
    }

    #[test]
    fn fallback_running_and_skips() {
        let mut node = ReactiveFallback::<u8>::new();
        assert_eq!(
            fb(&mut node, &[Failure, Running]),
            (Running, order(&[0, 1]), None)
        );
        assert_eq!(
            fb(&mut node, &[Running, Running]),
            (Running, order(&[0]), Some(1))
        );
        // The running child answering `Skipped` stopped itself; nothing is left to halt.
        assert_eq!(
            fb(&mut node, &[Skipped, Skipped]),
            (Skipped, order(&[0, 1]), None)
        );
        assert_eq!(node.halt(), None);
    }

    #[test]
    fn the_node_keeps_only_its_running_child_and_the_skip_count_is_the_ticks() {
        // The skipped count is a local of the tick: the node is its running child, nothing more.
        assert_eq!(core::mem::size_of::<ReactiveSequence<u8>>(), 2);
        assert_eq!(core::mem::size_of::<ReactiveFallback<u8>>(), 2);
        // Skips of one tick do not count in the next: a child skipped in one tick and the other
        // skipped in the next is not "every child skipped".
        let mut node = ReactiveSequence::<u8>::new();
        assert_eq!(
            seq(&mut node, &[Skipped, Running]),
            (Running, order(&[0, 1]), None)
        );
        assert_eq!(
            seq(&mut node, &[Success, Skipped]),
            (Success, order(&[0, 1]), None)
        );
        assert_eq!(
            seq(&mut node, &[Skipped, Skipped]),
            (Skipped, order(&[0, 1]), None)
        );
    }

    #[test]
    fn it_is_running_exactly_while_it_remembers_a_running_child() {
        let mut node = ReactiveFallback::<u8>::new();
        assert!(!node.is_running());
        fb(&mut node, &[Failure, Running]);
        assert!(node.is_running(), "answered Running");
        fb(&mut node, &[Failure, Failure]);
        assert!(!node.is_running(), "answered Failure");
        fb(&mut node, &[Running, Running]);
        assert!(node.is_running());
        assert_eq!(node.halt(), Some(0));
        assert!(!node.is_running(), "halted");
        let mut node = ReactiveSequence::<u8>::new();
        seq(&mut node, &[Success, Running]);
        assert!(node.is_running());
        seq(&mut node, &[Success, Success]);
        assert!(!node.is_running(), "answered Success");
    }
}
