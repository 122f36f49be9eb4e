//! [`TracingObserver`] (feature `tracing`): the tree's status changes and halts as
//! [`tracing`](https://docs.rs/tracing/0.1) events.
//!
//! Every event has the target `bt` and the level `DEBUG`, and the fields `tick` (see
//! [Ticks](super#ticks)), `node` (the id), `name`, `kind`, `from` and `status` (the node's state
//! before and after, named as BehaviorTree.CPP names them: `IDLE`, `RUNNING`, `SUCCESS`,
//! `FAILURE`, `SKIPPED`). A status change has the message `status`; a halt has the message
//! `halted` and the status `IDLE`; an abort (an error aborted the tick while the node was being
//! ticked, see [Aborted ticks](super#aborted-ticks)) has the message `aborted` and the status
//! `IDLE`: the next tick starts afresh. A status that does not change the node's state (an action
//! still running) is no event; every halt and every abort is one.
//!
//! Spans are the caller's: [`TracingObserver::tick_span`] gives a `tick` span to enter around
//! each tick, so that the events of a tick are inside it:
//!
//! ```
//! # #[cfg(feature = "tracing")] {
//! use bt_core::observe::tracing::TracingObserver;
//! # use bt_core::{NodeCategory, NodeInfo, Observer, Status};
//! # const NODES: &[NodeInfo] = &[NodeInfo { name: "Patrol", kind: "StatefulAction",
//! #     category: NodeCategory::Action, parent: None, depth: 0, ports: &[],
//! #     leaf_type: Some("Patrol"), params: &[] }];
//! # struct Tree;
//! # impl Tree { const NODES: &'static [NodeInfo] = NODES; const NODE_COUNT: usize = 1; }
//!
//! let mut observer = TracingObserver::new(Tree::NODES, [None; Tree::NODE_COUNT]);
//! for _ in 0..3 {
//!     let span = observer.tick_span();
//!     let _entered = span.enter();
//!     // tree.tick_with(&mut ctx, &mut observer);
//!     observer.on_status(0, Status::Running);
//! }
//! assert_eq!(observer.tick(), 3);
//! # }
//! ```
//!
//! Without the `std` feature `tracing` is built `no_std`; it still needs `alloc` on the target.
//! The observer itself never allocates; what a subscriber does with an event is its own affair.

use ::tracing::{debug_span, event, Level, Span};

use super::{check_room, check_room_for, out_of_range, state_name, TickCounter};
use crate::{BehaviorTree, NodeInfo, Observer, Status};

/// An observer that emits a [`tracing`](https://docs.rs/tracing/0.1) event for every status
/// change, every halt and every abort of a node (see the [module documentation](self) for the fields).
///
/// The states live in `B`: an array `[Option<Status>; N]` (`N` = the tree's `NODE_COUNT`), or
/// any buffer of them in code generic over trees.
#[derive(Clone, Copy, Debug)]
pub struct TracingObserver<B> {
    nodes: &'static [NodeInfo],
    states: B,
    ticks: TickCounter,
}

impl<B: AsRef<[Option<Status>]> + AsMut<[Option<Status>]>> TracingObserver<B> {
    /// An observer of the tree whose `NODES` are `nodes`, keeping states in `storage` (which it
    /// resets to idle).
    ///
    /// # Panics
    ///
    /// Here, naming both lengths, if `storage` has fewer entries than `nodes`.
    #[track_caller]
    pub fn new(nodes: &'static [NodeInfo], mut storage: B) -> Self {
        let room = storage.as_ref().len();
        check_room(
            "TracingObserver",
            room,
            nodes.len(),
            format_args!("the given NODES"),
        );
        storage.as_mut().fill(None);
        TracingObserver {
            nodes,
            states: storage,
            ticks: TickCounter::default(),
        }
    }

    /// An observer of the tree `T`.
    ///
    /// # Panics
    ///
    /// Here, naming both lengths, if `storage` has fewer entries than `T` has nodes.
    #[track_caller]
    pub fn for_tree<T: BehaviorTree + ?Sized>(storage: B) -> Self {
        check_room_for::<T>("TracingObserver", storage.as_ref().len());
        Self::new(T::NODES, storage)
    }

    /// The number of the current tick (the root's reports so far).
    pub fn tick(&self) -> u64 {
        self.ticks.tick
    }

    /// A `DEBUG` span named `tick` (target `bt`) with the field `tick`, to enter around the
    /// coming tick.
    pub fn tick_span(&self) -> Span {
        debug_span!(target: "bt", "tick", tick = self.ticks.tick)
    }

    /// The state of `node`: `None` if idle (or not a node of the tree).
    pub fn state(&self, node: usize) -> Option<Status> {
        if node >= self.nodes.len() {
            return None;
        }
        self.states.as_ref().get(node).copied().flatten()
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn swap_state(&mut self, node: usize, to: Option<Status>) -> Option<Status> {
        let room = self.nodes.len();
        if node >= room {
            out_of_range("TracingObserver", node, room)
        }
        match self.states.as_mut().get_mut(node) {
            Some(state) => core::mem::replace(state, to),
            None => out_of_range("TracingObserver", node, room),
        }
    }
}

impl<B: AsRef<[Option<Status>]> + AsMut<[Option<Status>]>> Observer for TracingObserver<B> {
    #[inline]
    fn on_status(&mut self, node: usize, status: Status) {
        let from = self.swap_state(node, Some(status));
        if from != Some(status) {
            let info = &self.nodes[node];
            event!(
                target: "bt",
                Level::DEBUG,
                tick = self.ticks.tick,
                node,
                name = info.name,
                kind = info.kind,
                from = state_name(from),
                status = status.name(),
                "status"
            );
        }
        self.ticks.reported(node);
    }

    #[inline]
    fn on_halted(&mut self, node: usize) {
        let from = self.swap_state(node, None);
        let info = &self.nodes[node];
        event!(
            target: "bt",
            Level::DEBUG,
            tick = self.ticks.tick,
            node,
            name = info.name,
            kind = info.kind,
            from = state_name(from),
            status = "IDLE",
            "halted"
        );
    }

    #[inline]
    fn on_aborted(&mut self, node: usize) {
        let from = self.swap_state(node, None);
        let info = &self.nodes[node];
        event!(
            target: "bt",
            Level::DEBUG,
            tick = self.ticks.tick,
            node,
            name = info.name,
            kind = info.kind,
            from = state_name(from),
            status = "IDLE",
            "aborted"
        );
        self.ticks.reported(node);
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use std::fmt::{self, Write as _};
    use std::string::String;
    use std::sync::{Arc, Mutex};
    use std::vec::Vec;

    use ::tracing::field::{Field, Visit};
    use ::tracing::span::{Attributes, Id, Record};
    use ::tracing::{Event, Metadata, Subscriber};

    use super::*;
    use crate::observe::testing::{RobotTree, SMALL};

    /// A subscriber that writes down every span and event as a line.
    #[derive(Clone, Default)]
    struct Recorder {
        lines: Arc<Mutex<Vec<String>>>,
    }

    struct Fields<'a>(&'a mut String);

    impl Visit for Fields<'_> {
        fn record_str(&mut self, field: &Field, value: &str) {
            let _ = write!(self.0, " {}={}", field.name(), value);
        }
        fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
            let _ = write!(self.0, " {}={:?}", field.name(), value);
        }
    }

    impl Subscriber for Recorder {
        fn enabled(&self, _: &Metadata<'_>) -> bool {
            true
        }
        fn new_span(&self, span: &Attributes<'_>) -> Id {
            let mut line = format!(
                "span {}:{}",
                span.metadata().target(),
                span.metadata().name()
            );
            span.record(&mut Fields(&mut line));
            self.lines.lock().unwrap().push(line);
            Id::from_u64(1)
        }
        fn record(&self, _: &Id, _: &Record<'_>) {}
        fn record_follows_from(&self, _: &Id, _: &Id) {}
        fn event(&self, event: &Event<'_>) {
            let meta = event.metadata();
            let mut line = format!("{} {}:", meta.level(), meta.target());
            event.record(&mut Fields(&mut line));
            self.lines.lock().unwrap().push(line);
        }
        fn enter(&self, _: &Id) {
            self.lines.lock().unwrap().push("enter".into());
        }
        fn exit(&self, _: &Id) {
            self.lines.lock().unwrap().push("exit".into());
        }
    }

    /// `tracing` caches each call site's interest globally: a call site first reached by
    /// another test's thread, while no subscriber was set, can miss the recorder. The tests that
    /// reach the observer's call sites take turns, and the recorder's test rebuilds the cache.
    static TURNS: Mutex<()> = Mutex::new(());

    fn turn() -> std::sync::MutexGuard<'static, ()> {
        TURNS
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    #[test]
    fn emits_status_changes_and_halts_inside_tick_spans() {
        let _turn = turn();
        let recorder = Recorder::default();
        let lines = recorder.lines.clone();
        let mut observer = TracingObserver::new(SMALL, [None; 3]);
        ::tracing::subscriber::with_default(recorder, || {
            ::tracing::callsite::rebuild_interest_cache();
            for tick in 0..3 {
                let span = observer.tick_span();
                let _entered = span.enter();
                if tick < 2 {
                    observer.on_status(1, Status::Failure);
                    observer.on_status(2, Status::Running);
                    observer.on_status(0, Status::Running);
                } else {
                    observer.on_status(1, Status::Success);
                    observer.on_halted(2);
                    observer.on_status(0, Status::Success);
                }
            }
        });
        let lines = lines.lock().unwrap();
        let expected = [
            "span bt:tick tick=0",
            "enter",
            "DEBUG bt: message=status tick=0 node=1 name=IsVisible kind=Condition from=IDLE status=FAILURE",
            "DEBUG bt: message=status tick=0 node=2 name=Patrol kind=StatefulAction from=IDLE status=RUNNING",
            "DEBUG bt: message=status tick=0 node=0 name=Fallback kind=Fallback from=IDLE status=RUNNING",
            "exit",
            "span bt:tick tick=1",
            "enter",
            "exit",
            "span bt:tick tick=2",
            "enter",
            "DEBUG bt: message=status tick=2 node=1 name=IsVisible kind=Condition from=FAILURE status=SUCCESS",
            "DEBUG bt: message=halted tick=2 node=2 name=Patrol kind=StatefulAction from=RUNNING status=IDLE",
            "DEBUG bt: message=status tick=2 node=0 name=Fallback kind=Fallback from=RUNNING status=SUCCESS",
            "exit",
        ];
        assert_eq!(*lines, expected);
        assert_eq!(observer.tick(), 3);
        assert_eq!(observer.state(2), None);
        assert_eq!(observer.state(0), Some(Status::Success));
        assert_eq!(observer.state(9), None);
    }

    #[test]
    fn emits_aborts_and_counts_the_root_s_as_the_end_of_a_tick() {
        let _turn = turn();
        let recorder = Recorder::default();
        let lines = recorder.lines.clone();
        let mut observer = TracingObserver::new(SMALL, [None; 3]);
        ::tracing::subscriber::with_default(recorder, || {
            ::tracing::callsite::rebuild_interest_cache();
            // Patrol runs; then IsVisible fails with an error, which aborts the tick.
            observer.on_status(2, Status::Running);
            observer.on_status(0, Status::Running);
            observer.on_aborted(1);
            observer.on_halted(2);
            observer.on_halted(0);
            observer.on_aborted(0);
        });
        let lines = lines.lock().unwrap();
        assert_eq!(
            lines[2..],
            [
                "DEBUG bt: message=aborted tick=1 node=1 name=IsVisible kind=Condition from=IDLE status=IDLE",
                "DEBUG bt: message=halted tick=1 node=2 name=Patrol kind=StatefulAction from=RUNNING status=IDLE",
                "DEBUG bt: message=halted tick=1 node=0 name=Fallback kind=Fallback from=RUNNING status=IDLE",
                "DEBUG bt: message=aborted tick=1 node=0 name=Fallback kind=Fallback from=IDLE status=IDLE",
            ]
        );
        assert_eq!(observer.tick(), 2);
        assert_eq!(observer.state(0), None);
    }

    #[test]
    fn works_over_a_buffer_for_any_tree() {
        let _turn = turn();
        let mut buffer = [None; RobotTree::NODE_COUNT];
        let mut observer = TracingObserver::for_tree::<RobotTree>(&mut buffer[..]);
        RobotTree::default().tick_with(&mut (), &mut observer);
        assert_eq!(observer.tick(), 1);
        assert_eq!(observer.state(8), Some(Status::Success));
    }

    #[test]
    #[should_panic(expected = "TracingObserver has room for 3 nodes but node 8 was reported")]
    fn an_unknown_node_is_a_clear_panic() {
        let _turn = turn();
        let mut observer = TracingObserver::new(SMALL, [None; 3]);
        RobotTree::default().tick_with(&mut (), &mut observer);
    }
}
