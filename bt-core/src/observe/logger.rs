//! [`TransitionLogger`]: every change of a node's status, with a time stamp.

use core::fmt;
use core::time::Duration;

use super::{check_room, check_room_for, out_of_range, StatusSnapshot, TraceEvent};
use crate::{BehaviorTree, Clock, ManualClock, NodeInfo, Observer, Status};

/// The name of a node's state as BehaviorTree.CPP prints it: `IDLE` for `None` (not ticked yet,
/// or halted), else the status's name (`RUNNING`, `SUCCESS`, ...).
pub const fn state_name(state: Option<Status>) -> &'static str {
    match state {
        None => "IDLE",
        Some(status) => status.name(),
    }
}

/// One change of a node's state, reported by a [`TransitionLogger`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Transition {
    /// The node's id.
    pub node: usize,
    /// The node's name.
    pub name: &'static str,
    /// Its state before: `None` is idle (never ticked, or halted).
    pub from: Option<Status>,
    /// Its state now: `None` after a halt.
    pub to: Option<Status>,
    /// The logger's time when the change was seen.
    pub time: Duration,
}

/// One line, as BehaviorTree.CPP's `StdCoutLogger` prints it: the time in seconds, the name
/// padded to 25 columns, and the two states (`[1.250]: MoveTo                    IDLE -> RUNNING`).
impl fmt::Display for Transition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "[{:.3}]: {:<25} {} -> {}",
            self.time.as_secs_f64(),
            self.name,
            state_name(self.from),
            state_name(self.to)
        )
    }
}

/// Where a [`TransitionLogger`] sends each [`Transition`].
///
/// Implemented by every closure `FnMut(&Transition)`, by [`Lines`] (lines into any
/// `core::fmt::Write`) and, with the `std` feature, by `StdoutSink`.
pub trait TransitionSink {
    /// Receives one transition.
    fn transition(&mut self, transition: &Transition);
}

impl<F: FnMut(&Transition)> TransitionSink for F {
    #[inline]
    fn transition(&mut self, transition: &Transition) {
        self(transition)
    }
}

/// A sink that writes each transition as a line (its `Display`) into a `core::fmt::Write`: a
/// `String`, or in `no_std` a fixed buffer. A line the writer refuses is dropped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lines<W>(pub W);

impl<W: fmt::Write> TransitionSink for Lines<W> {
    fn transition(&mut self, transition: &Transition) {
        let _ = writeln!(self.0, "{transition}");
    }
}

/// A sink that prints each transition as a line on standard output.
#[cfg(feature = "std")]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StdoutSink;

#[cfg(feature = "std")]
impl TransitionSink for StdoutSink {
    fn transition(&mut self, transition: &Transition) {
        std::println!("{transition}");
    }
}

/// An observer that remembers each node's state and reports every change to a sink, with the
/// time it happened (BehaviorTree.CPP's `StdCoutLogger`).
///
/// A node is idle (`None`) until it is first ticked and after it is halted. Each status a node
/// answers that differs from its state is a transition (`IDLE -> RUNNING`, `RUNNING ->
/// SUCCESS`, ...); an unchanged status (a condition that succeeds tick after tick, an action
/// still running) is not. A halt is a transition to idle (`RUNNING -> IDLE`), reported unless
/// [`transitions_to_idle(false)`](Self::transitions_to_idle). So is an abort (an error aborted
/// the tick while the node was being ticked: [`Observer::on_aborted`]): the next tick starts
/// afresh.
///
/// Unlike BehaviorTree.CPP, a completed node does not go back to idle when its parent completes
/// (BehaviorTree.CPP resets every child then, and logs `SUCCESS -> IDLE`): its state stays the
/// status it last answered until it answers another.
///
/// **Time.** The logger never reads the system clock on its own. A logger built by
/// [`new`](Self::new) stamps the transitions with the time of the tree's context when the context
/// implements [`Clock`]: the tree hands its context to the logger at the start of each tick and
/// each halt ([`Observer::on_time`]), and the logger reads the time there, once. For a context
/// without a clock, the time is the one given by [`set_time`](Self::set_time) before each tick
/// (for example the time the caller's loop already has); it is zero until then.
/// [`with_clock`](Self::with_clock) gives the logger a clock of its own instead, read at each
/// transition, and the tree's is then not read: a copy of a `StdClock` (feature `std`), or a
/// reference to a clock that is not borrowed by the tick.
///
/// The states live in `B`: an array `[Option<Status>; N]` (`N` = the tree's `NODE_COUNT`), or
/// any buffer of them in code generic over trees.
///
/// ```
/// use bt_core::{Lines, Observer, Status, TransitionLogger};
/// use core::time::Duration;
/// # use bt_core::{NodeCategory, NodeInfo};
/// # const NODES: &[NodeInfo] = &[NodeInfo { name: "MoveTo", kind: "StatefulAction",
/// #     category: NodeCategory::Action, parent: None, depth: 0, ports: &[],
/// #     leaf_type: Some("MoveTo"), params: &[] }];
/// # struct Tree;
/// # impl Tree { const NODES: &'static [NodeInfo] = NODES; const NODE_COUNT: usize = 1; }
///
/// let states = [None; Tree::NODE_COUNT];
/// let mut logger = TransitionLogger::new(Tree::NODES, states, Lines(String::new()));
/// logger.set_time(Duration::from_millis(1250));
/// logger.on_status(0, Status::Running); // tree.tick_with(&mut ctx, &mut logger) reports these
/// logger.on_status(0, Status::Running);
/// logger.set_time(Duration::from_millis(1500));
/// logger.on_halted(0);
/// assert_eq!(
///     logger.sink().0,
///     "[1.250]: MoveTo                    IDLE -> RUNNING\n\
///      [1.500]: MoveTo                    RUNNING -> IDLE\n",
/// );
/// ```
#[derive(Clone, Copy, Debug)]
pub struct TransitionLogger<B, S, C = ManualClock> {
    nodes: &'static [NodeInfo],
    states: B,
    sink: S,
    clock: C,
    /// The time of the tree's context, read at the start of the current tick or halt; `None`
    /// when the context has no clock, after `set_time`, or with a clock of the logger's own.
    tree_time: Option<Duration>,
    /// False once the logger has a clock of its own (`with_clock`).
    follows_tree: bool,
    to_idle: bool,
}

impl<B, S> TransitionLogger<B, S>
where
    B: AsRef<[Option<Status>]> + AsMut<[Option<Status>]>,
    S: TransitionSink,
{
    /// A logger of the tree whose `NODES` are `nodes`, keeping states in `storage` (which it
    /// resets to idle) and reporting to `sink`. Its time is the tree's context's when the context
    /// implements [`Clock`], else zero until [`set_time`](Self::set_time).
    ///
    /// # Panics
    ///
    /// Here, naming both lengths, if `storage` has fewer entries than `nodes`.
    #[track_caller]
    pub fn new(nodes: &'static [NodeInfo], mut storage: B, sink: S) -> Self {
        let room = storage.as_ref().len();
        check_room(
            "TransitionLogger",
            room,
            nodes.len(),
            format_args!("the given NODES"),
        );
        storage.as_mut().fill(None);
        TransitionLogger {
            nodes,
            states: storage,
            sink,
            clock: ManualClock::new(),
            tree_time: None,
            follows_tree: true,
            to_idle: true,
        }
    }

    /// A logger of the tree `T`.
    ///
    /// # Panics
    ///
    /// Here, naming both lengths, if `storage` has fewer entries than `T` has nodes.
    #[track_caller]
    pub fn for_tree<T: BehaviorTree + ?Sized>(storage: B, sink: S) -> Self {
        check_room_for::<T>("TransitionLogger", storage.as_ref().len());
        Self::new(T::NODES, storage, sink)
    }
}

#[cfg(feature = "std")]
impl<B> TransitionLogger<B, StdoutSink>
where
    B: AsRef<[Option<Status>]> + AsMut<[Option<Status>]>,
{
    /// A logger that prints every transition on standard output:
    /// `TransitionLogger::stdout(Tree::NODES, [None; Tree::NODE_COUNT])`.
    ///
    /// # Panics
    ///
    /// Here, naming both lengths, if `storage` has fewer entries than `nodes`.
    #[track_caller]
    pub fn stdout(nodes: &'static [NodeInfo], storage: B) -> Self {
        Self::new(nodes, storage, StdoutSink)
    }
}

impl<B, S> TransitionLogger<B, S, ManualClock> {
    /// Sets the time stamped on the transitions seen from now on (the time of the coming tick),
    /// for a tree whose context has no clock. With a context that implements [`Clock`], the next
    /// tick or halt sets the time again, from the context.
    pub fn set_time(&mut self, now: Duration) {
        self.clock = ManualClock::at(now);
        self.tree_time = None;
    }
}

impl<B, S, C> TransitionLogger<B, S, C> {
    /// The same logger, reading the time from `clock` at each transition (and not from the
    /// tree's context).
    pub fn with_clock<K: Clock>(self, clock: K) -> TransitionLogger<B, S, K> {
        TransitionLogger {
            nodes: self.nodes,
            states: self.states,
            sink: self.sink,
            clock,
            tree_time: None,
            follows_tree: false,
            to_idle: self.to_idle,
        }
    }

    /// Whether halts are reported as transitions to idle (they are by default, as in
    /// BehaviorTree.CPP). Either way a halted node's state becomes idle.
    pub fn transitions_to_idle(mut self, report: bool) -> Self {
        self.to_idle = report;
        self
    }

    /// The sink.
    pub fn sink(&self) -> &S {
        &self.sink
    }

    /// The sink, mutably.
    pub fn sink_mut(&mut self) -> &mut S {
        &mut self.sink
    }

    /// The sink, giving up the logger.
    pub fn into_sink(self) -> S {
        self.sink
    }

    /// The logger's own clock: the one given to [`with_clock`](Self::with_clock), or the
    /// [`ManualClock`] that [`set_time`](Self::set_time) sets.
    pub fn clock(&self) -> &C {
        &self.clock
    }

    /// The tree's nodes.
    pub fn nodes(&self) -> &'static [NodeInfo] {
        self.nodes
    }
}

impl<B: AsRef<[Option<Status>]>, S, C> TransitionLogger<B, S, C> {
    /// The state of `node`: `None` if idle (or not a node of the tree).
    pub fn state(&self, node: usize) -> Option<Status> {
        if node >= self.nodes.len() {
            return None;
        }
        self.states.as_ref().get(node).copied().flatten()
    }
}

impl<B, S, C> TransitionLogger<B, S, C>
where
    B: AsRef<[Option<Status>]> + AsMut<[Option<Status>]>,
    S: TransitionSink,
    C: Clock,
{
    /// Makes every node idle again, reporting nothing (for a tree that was rebuilt).
    pub fn reset(&mut self) {
        self.states.as_mut().fill(None);
    }

    /// The time stamped on a transition seen now: the time of the tree's context at the start of
    /// the current (or last) tick or halt if the context has a clock, else the logger's own
    /// clock's.
    pub fn time(&self) -> Duration {
        match self.tree_time {
            Some(time) => time,
            None => self.clock.now(),
        }
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn change(&mut self, node: usize, to: Option<Status>) {
        let room = self.nodes.len();
        if node >= room {
            out_of_range("TransitionLogger", node, room)
        }
        let state = match self.states.as_mut().get_mut(node) {
            Some(state) => state,
            None => out_of_range("TransitionLogger", node, room),
        };
        let from = *state;
        if from == to {
            return;
        }
        *state = to;
        if to.is_none() && !self.to_idle {
            return;
        }
        self.report(node, from, to);
    }

    #[inline(never)]
    fn report(&mut self, node: usize, from: Option<Status>, to: Option<Status>) {
        let transition = Transition {
            node,
            name: self.nodes[node].name,
            from,
            to,
            time: self.time(),
        };
        self.sink.transition(&transition);
    }
}

impl<B, S, C> Observer for TransitionLogger<B, S, C>
where
    B: AsRef<[Option<Status>]> + AsMut<[Option<Status>]>,
    S: TransitionSink,
    C: Clock,
{
    #[inline]
    fn on_status(&mut self, node: usize, status: Status) {
        self.change(node, Some(status));
    }

    #[inline]
    fn on_halted(&mut self, node: usize) {
        self.change(node, None);
    }

    #[inline]
    fn on_aborted(&mut self, node: usize) {
        self.change(node, None);
    }

    #[inline]
    fn wants_time(&self) -> bool {
        self.follows_tree
    }

    #[inline]
    fn on_time(&mut self, now: Duration) {
        if self.follows_tree {
            self.tree_time = Some(now);
        }
    }
}

impl<B: AsRef<[Option<Status>]>, S, C> StatusSnapshot for TransitionLogger<B, S, C> {
    /// The node's current status; nothing for an idle node.
    fn node_event(&self, node: usize) -> Option<TraceEvent> {
        self.state(node).map(TraceEvent::Ticked)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::observe::testing::{Buf, RobotTree, SMALL};

    #[test]
    fn reports_changes_only_with_the_time_set() {
        let mut logger = TransitionLogger::new(SMALL, [None; 3], Lines(Buf::new()));
        // Tick 1: not visible, patrol starts.
        logger.set_time(Duration::from_millis(10));
        logger.on_status(1, Status::Failure);
        logger.on_status(2, Status::Running);
        logger.on_status(0, Status::Running);
        // Tick 2: nothing changes.
        logger.set_time(Duration::from_millis(20));
        logger.on_status(1, Status::Failure);
        logger.on_status(2, Status::Running);
        logger.on_status(0, Status::Running);
        // Tick 3: visible; patrol is halted.
        logger.set_time(Duration::from_millis(1030));
        logger.on_status(1, Status::Success);
        logger.on_halted(2);
        logger.on_status(0, Status::Success);
        assert_eq!(
            logger.sink().0.as_str(),
            "\
[0.010]: IsVisible                 IDLE -> FAILURE
[0.010]: Patrol                    IDLE -> RUNNING
[0.010]: Fallback                  IDLE -> RUNNING
[1.030]: IsVisible                 FAILURE -> SUCCESS
[1.030]: Patrol                    RUNNING -> IDLE
[1.030]: Fallback                  RUNNING -> SUCCESS
"
        );
        assert_eq!(logger.state(1), Some(Status::Success));
        assert_eq!(logger.state(2), None);
        assert_eq!(logger.state(99), None);
        assert_eq!(
            logger.node_event(0),
            Some(TraceEvent::Ticked(Status::Success))
        );
        assert_eq!(logger.node_event(2), None);
        logger.reset();
        assert_eq!(logger.state(1), None);
    }

    #[test]
    fn a_closure_sink_sees_each_transition() {
        let mut seen = [None; 4];
        let mut count = 0;
        let mut logger = TransitionLogger::new(SMALL, [None; 3], |t: &Transition| {
            seen[count] = Some((t.node, t.from, t.to, t.time));
            count += 1;
        })
        .transitions_to_idle(false);
        logger.set_time(Duration::from_secs(2));
        logger.on_status(2, Status::Running);
        logger.on_halted(2); // becomes idle, not reported
        logger.on_halted(2); // already idle
        logger.on_status(2, Status::Running); // IDLE -> RUNNING again
        assert_eq!(logger.state(2), Some(Status::Running));
        let _ = logger.into_sink();
        let two = Duration::from_secs(2);
        assert_eq!(
            seen,
            [
                Some((2, None, Some(Status::Running), two)),
                Some((2, None, Some(Status::Running), two)),
                None,
                None
            ]
        );
        assert_eq!(count, 2);
    }

    #[test]
    fn reads_a_clock_when_given_one() {
        let clock = ManualClock::at(Duration::from_millis(1500));
        let mut times = [Duration::ZERO; 1];
        let mut logger = TransitionLogger::new(SMALL, [None; 3], |t: &Transition| {
            times[0] = t.time;
        })
        .with_clock(&clock);
        assert_eq!(logger.clock().now(), Duration::from_millis(1500));
        assert_eq!(logger.nodes().len(), 3);
        logger.on_status(0, Status::Skipped);
        let _ = logger.sink_mut();
        let _ = logger.into_sink();
        assert_eq!(times[0], Duration::from_millis(1500));
    }

    #[test]
    fn takes_the_time_from_the_tree_s_context_when_it_has_a_clock() {
        let mut times = [Duration::MAX; 4];
        let mut count = 0;
        let mut logger = TransitionLogger::new(SMALL, [None; 3], |t: &Transition| {
            times[count] = t.time;
            count += 1;
        });
        // A context with a clock: the tree tells the logger at the start of the tick.
        let mut context = ManualClock::at(Duration::from_millis(700));
        logger.on_time(context.now());
        logger.on_status(2, Status::Running);
        assert_eq!(logger.time(), Duration::from_millis(700));
        context.advance_ms(300);
        logger.on_time(context.now()); // a halt
        logger.on_halted(2);
        // `set_time` stamps what follows, until the next tick reads the context again.
        logger.set_time(Duration::from_secs(5));
        logger.on_status(0, Status::Failure);
        logger.on_time(context.now());
        logger.on_status(0, Status::Success);
        let _ = logger.into_sink();
        assert_eq!(count, 4);
        assert_eq!(times.map(|time| time.as_millis()), [700, 1000, 5000, 1000]);
        // A logger with a clock of its own does not read the tree's.
        let own = ManualClock::at(Duration::from_millis(20));
        let mut logger =
            TransitionLogger::new(SMALL, [None; 3], |_: &Transition| {}).with_clock(&own);
        logger.on_time(context.now());
        assert_eq!(logger.time(), Duration::from_millis(20));
    }

    #[test]
    fn an_abort_makes_the_node_idle() {
        let mut logger = TransitionLogger::new(SMALL, [None; 3], Lines(Buf::new()));
        logger.on_status(1, Status::Failure);
        logger.on_status(2, Status::Running);
        logger.on_status(0, Status::Running);
        // IsVisible fails with an error: aborted; Patrol and the root are halted; the root's
        // abort changes nothing more.
        logger.on_aborted(1);
        logger.on_halted(2);
        logger.on_halted(0);
        logger.on_aborted(0);
        assert_eq!(logger.state(1), None);
        assert_eq!(
            logger.sink().0.as_str(),
            "\
[0.000]: IsVisible                 IDLE -> FAILURE
[0.000]: Patrol                    IDLE -> RUNNING
[0.000]: Fallback                  IDLE -> RUNNING
[0.000]: IsVisible                 FAILURE -> IDLE
[0.000]: Patrol                    RUNNING -> IDLE
[0.000]: Fallback                  RUNNING -> IDLE
"
        );
    }

    #[test]
    fn transitions_print_as_btcpp_does() {
        let transition = Transition {
            node: 3,
            name: "a_node_with_a_very_long_name",
            from: Some(Status::Running),
            to: Some(Status::Skipped),
            time: Duration::from_micros(12_345_678),
        };
        assert_eq!(
            transition.to_string(),
            "[12.346]: a_node_with_a_very_long_name RUNNING -> SKIPPED"
        );
        assert_eq!(state_name(None), "IDLE");
    }

    #[test]
    fn works_over_a_buffer_for_any_tree() {
        let mut buffer = [None; 12];
        let mut text = String::new();
        let mut logger = TransitionLogger::for_tree::<RobotTree>(&mut buffer[..], Lines(&mut text));
        RobotTree::default().tick_with(&mut (), &mut logger);
        let _ = logger.into_sink();
        assert_eq!(
            text,
            "[0.000]: AlwaysSuccess             IDLE -> SUCCESS\n\
             [0.000]: Sequence                  IDLE -> SUCCESS\n"
        );
    }

    #[test]
    #[should_panic(
        expected = "TransitionLogger: its storage has room for 2 nodes but the given NODES has 3"
    )]
    fn new_checks_the_storage_up_front() {
        let _ = TransitionLogger::new(SMALL, [None; 2], Lines(Buf::new()));
    }

    #[test]
    #[should_panic(expected = "TransitionLogger has room for 3 nodes but node 8 was reported")]
    fn an_unknown_node_is_a_clear_panic() {
        let mut logger = TransitionLogger::new(SMALL, [None; 3], Lines(Buf::new()));
        RobotTree::default().tick_with(&mut (), &mut logger);
    }
}
