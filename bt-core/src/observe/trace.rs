//! [`Trace`]: the last event of every node, printed as an indented tree.

use super::{check_room_for, out_of_range, StatusSnapshot, TraceEvent};
use crate::{BehaviorTree, NodeInfo, Observer, Status};

/// A [`Trace`] in an array of `N` entries, `N` being the tree's `NODE_COUNT`:
/// `TickTrace::<{ Tree::NODE_COUNT }>::new()`.
pub type TickTrace<const N: usize> = Trace<[Option<TraceEvent>; N]>;

/// An observer that records what happened to each node since the last [`clear`](Self::clear),
/// and prints it as an indented tree.
///
/// It keeps the last event of each node, but for the halt that follows a node's abort in a tick
/// aborted by an error: the node stays [`Aborted`](TraceEvent::Aborted)
/// ([Aborted ticks](crate::observe#aborted-ticks)).
///
/// The events live in `B`: an array (the [`TickTrace`] alias, the usual form) or, in code that
/// is generic over trees, any buffer of `Option<TraceEvent>` such as `&mut [Option<TraceEvent>]`
/// or a `Vec` ([`Trace::for_tree`] checks its length against the tree's).
///
/// Used by the examples to print a tick-by-tick trace, and by tests to assert which nodes were
/// ticked and which were halted.
///
/// ```
/// use bt_core::{BehaviorTree, Observer, Trace, TraceEvent};
///
/// /// Ticks any tree once and returns what its root did.
/// fn root_event<T: BehaviorTree>(tree: &mut T, ctx: &mut T::Context) -> Option<TraceEvent> {
///     let mut buffer = [None; 64]; // any length >= T::NODES.len(); a Vec works too
///     let mut trace = Trace::for_tree::<T>(&mut buffer[..]);
///     tree.tick_with(ctx, &mut trace);
///     trace.event(0)
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trace<B> {
    events: B,
}

impl<const N: usize> Trace<[Option<TraceEvent>; N]> {
    /// An empty trace of `N` nodes.
    pub const fn new() -> Self {
        Trace { events: [None; N] }
    }
}

impl<const N: usize> Default for Trace<[Option<TraceEvent>; N]> {
    fn default() -> Self {
        Self::new()
    }
}

impl<B: AsRef<[Option<TraceEvent>]> + AsMut<[Option<TraceEvent>]>> Trace<B> {
    /// A trace recording into `buffer` (which it clears): one entry per node.
    pub fn over(mut buffer: B) -> Self {
        buffer.as_mut().fill(None);
        Trace { events: buffer }
    }

    /// A trace recording into `buffer`, for the tree `T`.
    ///
    /// # Panics
    ///
    /// Here, naming both lengths, if `buffer` has fewer entries than `T` has nodes.
    #[track_caller]
    pub fn for_tree<T: BehaviorTree + ?Sized>(buffer: B) -> Self {
        check_room_for::<T>("Trace", buffer.as_ref().len());
        Self::over(buffer)
    }

    /// Forgets everything recorded.
    pub fn clear(&mut self) {
        self.events.as_mut().fill(None);
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn record(&mut self, node: usize, event: TraceEvent) {
        let events = self.events.as_mut();
        let room = events.len();
        match events.get_mut(node) {
            Some(slot) => *slot = Some(slot.map_or(event, |last| last.then(event))),
            None => out_of_range("Trace", node, room),
        }
    }
}

impl<B: AsRef<[Option<TraceEvent>]>> Trace<B> {
    /// The number of nodes it has room for.
    pub fn capacity(&self) -> usize {
        self.events.as_ref().len()
    }

    /// The last thing that happened to `node`, if anything (its abort, if it was aborted and then
    /// halted).
    pub fn event(&self, node: usize) -> Option<TraceEvent> {
        self.events.as_ref().get(node).copied().flatten()
    }

    /// The status `node` answered, if it was ticked (and not halted afterwards).
    pub fn status(&self, node: usize) -> Option<Status> {
        match self.event(node) {
            Some(TraceEvent::Ticked(status)) => Some(status),
            _ => None,
        }
    }

    /// True if `node` was halted.
    pub fn halted(&self, node: usize) -> bool {
        self.event(node) == Some(TraceEvent::Halted)
    }

    /// The recorded events, indexed by node id.
    pub fn events(&self) -> &[Option<TraceEvent>] {
        self.events.as_ref()
    }

    /// Something that prints the recorded events as an indented tree, naming nodes from `nodes`
    /// (the tree's `NODES`); nodes with no event are left out.
    pub fn display<'a>(&'a self, nodes: &'a [NodeInfo]) -> TraceDisplay<'a> {
        TraceDisplay {
            events: self.events.as_ref(),
            nodes,
        }
    }
}

impl<B: AsRef<[Option<TraceEvent>]> + AsMut<[Option<TraceEvent>]>> Observer for Trace<B> {
    #[inline]
    fn on_status(&mut self, node: usize, status: Status) {
        self.record(node, TraceEvent::Ticked(status));
    }

    #[inline]
    fn on_halted(&mut self, node: usize) {
        self.record(node, TraceEvent::Halted);
    }

    #[inline]
    fn on_aborted(&mut self, node: usize) {
        self.record(node, TraceEvent::Aborted);
    }
}

impl<B: AsRef<[Option<TraceEvent>]>> StatusSnapshot for Trace<B> {
    fn node_event(&self, node: usize) -> Option<TraceEvent> {
        self.events.as_ref().get(node).copied().flatten()
    }
}

/// A [`Trace`] printed as an indented tree: made by [`Trace::display`], printed by `Display`.
/// Each node's line ends with the status it answered (`RUNNING`, `SUCCESS`, ...), `halted`, or
/// `aborted`.
///
/// A plain borrowing type (not an `impl Display`), so that `trace.display(T::NODES).to_string()`
/// can end a function that owns `trace`.
#[derive(Clone, Copy, Debug)]
pub struct TraceDisplay<'a> {
    events: &'a [Option<TraceEvent>],
    nodes: &'a [NodeInfo],
}

impl core::fmt::Display for TraceDisplay<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let recorded = || {
            self.events
                .iter()
                .zip(self.nodes)
                .filter_map(|(event, node)| event.map(|event| (event, node)))
        };
        let width = recorded()
            .map(|(_, node)| 2 * node.depth + node.name.len())
            .max()
            .unwrap_or(0);
        for (event, node) in recorded() {
            let indent = 2 * node.depth;
            let label = match event {
                TraceEvent::Ticked(status) => status.name(),
                TraceEvent::Halted => "halted",
                TraceEvent::Aborted => "aborted",
            };
            writeln!(
                f,
                "{:indent$}{:<pad$}  {label}",
                "",
                node.name,
                pad = width - indent
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::observe::testing::{Buf, RobotTree, SMALL};

    #[test]
    fn trace_records_and_prints() {
        let mut trace = TickTrace::<3>::new();
        trace.on_status(1, Status::Failure);
        trace.on_halted(2);
        trace.on_status(0, Status::Failure);
        assert_eq!(trace.status(1), Some(Status::Failure));
        assert!(trace.halted(2));
        assert_eq!(trace.status(2), None);
        let mut buf = Buf::new();
        core::fmt::write(&mut buf, format_args!("{}", trace.display(SMALL))).unwrap();
        assert_eq!(
            buf.as_str(),
            "Fallback     FAILURE\n  IsVisible  FAILURE\n  Patrol     halted\n"
        );
        assert_eq!(trace.node_event(2), Some(TraceEvent::Halted));
        trace.clear();
        assert_eq!(trace.event(0), None);
        assert_eq!(trace.event(99), None);
        assert_eq!(trace, TickTrace::default());
    }

    #[test]
    fn an_aborted_tick_keeps_the_aborts_over_the_halts_after_them() {
        // `Fallback { IsVisible, Patrol }`: Patrol was running; IsVisible fails with an error.
        let mut trace = TickTrace::<3>::new();
        trace.on_aborted(1);
        trace.on_halted(2);
        trace.on_halted(0);
        trace.on_aborted(0);
        assert_eq!(trace.event(1), Some(TraceEvent::Aborted));
        assert!(trace.halted(2));
        assert_eq!(trace.event(0), Some(TraceEvent::Aborted));
        assert_eq!(trace.status(0), None);
        let mut buf = Buf::new();
        core::fmt::write(&mut buf, format_args!("{}", trace.display(SMALL))).unwrap();
        assert_eq!(
            buf.as_str(),
            "Fallback     aborted\n  IsVisible  aborted\n  Patrol     halted\n"
        );
        // A node aborted, then halted (it could run), stays aborted; a later tick replaces it.
        trace.on_aborted(2);
        trace.on_halted(2);
        assert_eq!(trace.event(2), Some(TraceEvent::Aborted));
        trace.on_status(2, Status::Running);
        trace.on_halted(2);
        assert!(trace.halted(2));
    }

    #[test]
    fn a_trace_over_a_buffer_clears_it_and_records() {
        let mut buffer = [Some(TraceEvent::Halted); 5];
        let mut trace = Trace::over(&mut buffer[..]);
        assert_eq!(trace.capacity(), 5);
        assert_eq!(trace.event(0), None, "the buffer starts empty");
        trace.on_status(4, Status::Running);
        assert_eq!(trace.status(4), Some(Status::Running));
        assert_eq!(trace.events().len(), 5);
        let mut vec = Trace::over(vec![None; 2]);
        vec.on_halted(1);
        assert!(vec.halted(1));
    }

    #[test]
    fn for_tree_accepts_a_large_enough_buffer() {
        let mut buffer = [None; 9];
        let mut trace = Trace::for_tree::<RobotTree>(&mut buffer[..]);
        RobotTree::default().tick_with(&mut (), &mut trace);
        assert_eq!(trace.status(8), Some(Status::Success));
        assert_eq!(RobotTree::NODE_COUNT, 9);
    }

    #[test]
    #[should_panic(expected = "Trace: its storage has room for 8 nodes but the tree")]
    fn for_tree_rejects_a_small_buffer_up_front() {
        let mut buffer = [None; 8];
        let _ = Trace::for_tree::<RobotTree>(&mut buffer[..]);
    }

    #[test]
    #[should_panic(expected = "Trace has room for 3 nodes but node 8 was reported")]
    fn an_unknown_node_is_a_clear_panic() {
        let mut trace = TickTrace::<3>::new();
        RobotTree::default().tick_with(&mut (), &mut trace);
    }
}
