//! [`Agent`]: one running tree as the monitor sees it, owned by the thread that ticks it, and
//! [`Recorder`], the observer it ticks the tree with while someone watches.

use std::collections::VecDeque;
use std::fmt;
use std::sync::atomic::Ordering;
use std::sync::Arc;

use bt_core::{BehaviorTree, Observer, Status};

use crate::entries::Entries;
use crate::history::{self, History, TickRecord, ABORTED, HALTED, RUNNING};
use crate::hub::{AgentShared, Hub, Summary, SUMMARY_LEAVES, WANT_RECORD, WANT_SUMMARY};

/// What the agent hands to its history: a record, or what came for a record after it.
#[derive(Debug)]
enum Out {
    Record(TickRecord),
    Attach {
        number: u64,
        blackboard: Option<Arc<str>>,
        error: Option<Arc<str>>,
    },
}

/// One tree of the program as the monitor shows it: made by [`Monitor::agent`](crate::Monitor::agent),
/// owned by the thread that ticks the tree.
///
/// Tick the tree through it: [`tick`](Self::tick) ticks with a [`Recorder`] while a page is
/// open or watches this agent, and with no observer at all otherwise.
///
/// **Cost.** While no page is connected, [`tick`](Self::tick) is the tree's own `tick` plus one
/// relaxed atomic load, a branch and a counter: the generated code and its instructions per
/// node are those of a tree ticked without observer. While a page is connected, each agent
/// keeps a summary of its ticks (its root status and up to three running leaves, one atomic
/// store a tick) for the agent list and the node counts. While a page watches this agent, every
/// report is recorded (4 bytes each) and each tick is handed to the server's ring with a
/// `try_lock` that never waits (if the server holds the lock, the record waits for the next
/// tick). Nothing here ever waits on the network.
///
/// Dropping the agent removes it from the page.
pub struct Agent {
    shared: Arc<AgentShared>,
    hub: Arc<Hub>,
    /// Ticks so far.
    ticks: u64,
    /// The tick being recorded.
    current: TickRecord,
    max_events: usize,
    /// The summary being built.
    summary: Summary,
    /// Records and attachments not yet in the history.
    outbox: VecDeque<Out>,
    /// The number of the last tick recorded whole.
    last_recorded: Option<u64>,
    last_board: Option<Arc<str>>,
    entries: Entries,
    spare: Vec<Vec<u32>>,
    /// How many reports the last recorded tick had.
    last_events: usize,
}

impl Agent {
    pub(crate) fn new(shared: Arc<AgentShared>, hub: Arc<Hub>) -> Agent {
        let nodes = shared.tree.nodes.len();
        let max_blackboard = hub.settings.max_blackboard_bytes;
        Agent {
            shared,
            hub,
            ticks: 0,
            current: TickRecord::default(),
            max_events: 4 * nodes + 16,
            summary: Summary::default(),
            outbox: VecDeque::new(),
            last_recorded: None,
            last_board: None,
            entries: Entries::new(max_blackboard),
            spare: Vec::new(),
            last_events: 0,
        }
    }

    /// What the server threads see of this agent.
    #[cfg(test)]
    pub(crate) fn shared(&self) -> &AgentShared {
        &self.shared
    }

    /// The agent's id, unique in its monitor (the page finds an agent by it, `#12`).
    pub fn id(&self) -> u64 {
        self.shared.id
    }

    /// The agent's name.
    pub fn name(&self) -> &str {
        &self.shared.name
    }

    /// How many ticks the agent has made.
    pub fn ticks(&self) -> u64 {
        self.ticks
    }

    /// True while a page watches this agent (its ticks are recorded whole).
    pub fn watched(&self) -> bool {
        self.shared.watchers.load(Ordering::Relaxed) != 0
    }

    /// Records every tick whole, watched or not, so that the last ticks are there when a page
    /// opens (to see why the root failed before anyone looked). Off by default: it costs the
    /// recording on every tick.
    pub fn keep_history(&mut self, on: bool) {
        self.hub.keep_history(&self.shared, on);
    }

    /// Ticks `tree` once: with a [`Recorder`] while it is watched or a page is open, without
    /// any observer otherwise.
    #[inline]
    pub fn tick<T: BehaviorTree>(&mut self, tree: &mut T, ctx: &mut T::Context) -> Status {
        match self.recorder() {
            Some(mut recorder) => tree.tick_with(ctx, &mut recorder),
            None => tree.tick(ctx),
        }
    }

    /// [`tick`](Self::tick) with another observer as well (a Groot2 publisher, a `.btlog`
    /// file): `other` sees every report, watched or not.
    #[inline]
    pub fn tick_with<T: BehaviorTree, O: Observer>(
        &mut self,
        tree: &mut T,
        ctx: &mut T::Context,
        other: &mut O,
    ) -> Status {
        match self.recorder() {
            Some(mut recorder) => tree.tick_with(ctx, &mut (other, &mut recorder)),
            None => tree.tick_with(ctx, other),
        }
    }

    /// Halts `tree` (every running node), recording the halts while watched.
    pub fn halt<T: BehaviorTree>(&mut self, tree: &mut T, ctx: &mut T::Context) {
        match self.halt_recorder() {
            Some(mut recorder) => tree.halt_with(ctx, &mut recorder),
            None => tree.halt(ctx),
        }
    }

    /// The observer for one tick, while it is wanted; `None` otherwise, and the caller ticks
    /// without one. For trees [`tick`](Self::tick) cannot take, such as a tree with an error
    /// type (which has no [`BehaviorTree`] impl): call it once per tick.
    ///
    /// ```no_run
    /// # use bt_core::{NodeInfo, Observer, Status};
    /// # struct Rover;
    /// # #[derive(Debug)] struct RoverError;
    /// # impl std::fmt::Display for RoverError {
    /// #     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { f.write_str("e") }
    /// # }
    /// # impl Rover {
    /// #     const NODES: &'static [NodeInfo] = &[];
    /// #     fn tick(&mut self, _: &mut ()) -> Result<Status, RoverError> { Ok(Status::Running) }
    /// #     fn tick_with(&mut self, _: &mut (), _: &mut impl Observer) -> Result<Status, RoverError> { Ok(Status::Running) }
    /// # }
    /// # let monitor = bt_monitor::Monitor::builder().port(0).start()?;
    /// # let (mut rover, mut world) = (Rover, ());
    /// let mut agent = monitor.agent("rover", "Rover", Rover::NODES);
    /// let result = match agent.recorder() {
    ///     Some(mut recorder) => rover.tick_with(&mut world, &mut recorder),
    ///     None => rover.tick(&mut world),
    /// };
    /// if let Err(error) = &result {
    ///     agent.error(error); // shown on the tick, with the path it aborted
    /// }
    /// # Ok::<(), std::io::Error>(())
    /// ```
    #[inline]
    pub fn recorder(&mut self) -> Option<Recorder<'_>> {
        match self.wanted() {
            None => {
                self.ticks += 1;
                None
            }
            Some((full, summary)) => Some(self.begin(full, summary, false)),
        }
    }

    /// The observer for a halt between ticks (`tree.halt_with(ctx, &mut recorder)`), while it
    /// is wanted.
    pub fn halt_recorder(&mut self) -> Option<Recorder<'_>> {
        let (full, summary) = self.wanted()?;
        Some(self.begin(full, summary, true))
    }

    /// Whether to record whole ticks, and whether to keep the summary; `None` for neither.
    #[inline(always)]
    fn wanted(&self) -> Option<(bool, bool)> {
        // One load of one word the hub keeps up to date: the whole cost while nobody looks.
        let wanted = self.shared.wanted.load(Ordering::Relaxed);
        if wanted == 0 {
            return None;
        }
        Some((wanted & WANT_RECORD != 0, wanted & WANT_SUMMARY != 0))
    }

    #[cold]
    #[inline(never)]
    fn begin(&mut self, full: bool, summary: bool, halt: bool) -> Recorder<'_> {
        if !halt {
            self.summary.running = 0;
            self.summary.leaves = [0; SUMMARY_LEAVES];
        }
        if full && self.current.events.capacity() == 0 {
            // A buffer of a record the ring dropped, else one the size of the last tick's.
            self.current.events =
                (self.spare.pop()).unwrap_or_else(|| Vec::with_capacity(self.last_events.max(8)));
        }
        Recorder {
            agent: self,
            full,
            summary,
            halt,
            ended: false,
        }
    }

    /// Shows a blackboard snapshot with the last tick, written by `write` as entries
    /// (`entries.entry("battery", 87)`, or `entries.fields(tree.blackboard())` for a whole
    /// blackboard that is `Debug`). Call it after the tick; `write` runs only if that tick was
    /// recorded (someone watches), so calling this after every tick costs nothing otherwise.
    pub fn blackboard(&mut self, write: impl FnOnce(&mut Entries)) {
        let Some(number) = self.last_recorded.filter(|&n| n == self.ticks) else {
            return;
        };
        self.entries.clear();
        write(&mut self.entries);
        let board = match &self.last_board {
            Some(last) if self.entries.same_as(last) => last.clone(),
            _ => Arc::from(self.entries.to_json()),
        };
        self.last_board = Some(board.clone());
        self.attach(number, Some(board), None);
    }

    /// Shows `error` (its `Display`) with the last tick: the error that aborted it, for a tree
    /// with an error type. Costs nothing unless that tick was recorded.
    pub fn error(&mut self, error: &dyn fmt::Display) {
        let Some(number) = self.last_recorded.filter(|&n| n == self.ticks) else {
            return;
        };
        self.attach(number, None, Some(Arc::from(error.to_string())));
    }

    fn attach(&mut self, number: u64, blackboard: Option<Arc<str>>, error: Option<Arc<str>>) {
        let pending = self.outbox.iter_mut().rev().find_map(|out| match out {
            Out::Record(record) if record.number == number && !record.halt => Some(record),
            _ => None,
        });
        match pending {
            Some(record) => {
                if blackboard.is_some() {
                    record.blackboard = blackboard;
                }
                if error.is_some() {
                    record.error = error;
                }
            }
            None => self.outbox.push_back(Out::Attach {
                number,
                blackboard,
                error,
            }),
        }
        self.flush();
    }

    /// Ends the record being made and queues it.
    fn close(&mut self, root: u8, halt: bool) {
        self.last_events = self.current.events.len();
        let mut record = std::mem::take(&mut self.current);
        record.number = self.ticks;
        record.millis = self.hub.millis();
        record.root = root;
        record.halt = halt;
        if halt {
            // A halt shows the blackboard as it was.
            record.blackboard = self.last_board.clone();
        } else {
            self.last_recorded = Some(self.ticks);
        }
        // The outbox waits for the server's lock; it never holds more than the ring would.
        if self.outbox.len() >= self.hub.settings.history {
            self.outbox.pop_front();
        }
        self.outbox.push_back(Out::Record(record));
        self.flush();
    }

    /// Hands the outbox to the history, unless the server holds its lock right now.
    fn flush(&mut self) {
        let Ok(mut guard) = self.shared.history.try_lock() else {
            return;
        };
        let history = guard.get_or_insert_with(|| {
            History::new(self.hub.settings.history, self.shared.tree.nodes.len())
        });
        for out in self.outbox.drain(..) {
            match out {
                Out::Record(record) => history.push(record),
                Out::Attach {
                    number,
                    blackboard,
                    error,
                } => {
                    if let Some(record) = history.find_mut(number) {
                        record.revision += 1;
                        if blackboard.is_some() {
                            record.blackboard = blackboard;
                        }
                        if error.is_some() {
                            record.error = error;
                        }
                    }
                }
            }
        }
        if self.spare.len() < 4 {
            self.spare.append(&mut history.spare);
        }
    }
}

impl Drop for Agent {
    fn drop(&mut self) {
        self.hub.remove_agent(self.shared.id);
    }
}

impl fmt::Debug for Agent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Agent")
            .field("id", &self.shared.id)
            .field("name", &self.shared.name)
            .field("tree", &self.shared.tree.name)
            .field("ticks", &self.ticks)
            .finish_non_exhaustive()
    }
}

/// The observer of one watched tick (or halt) of an [`Agent`]: from [`Agent::recorder`], or
/// used inside [`Agent::tick`]. The root's report ends the tick and hands it over; a halt's
/// record is handed over when the recorder is dropped.
pub struct Recorder<'a> {
    agent: &'a mut Agent,
    full: bool,
    summary: bool,
    halt: bool,
    ended: bool,
}

impl Recorder<'_> {
    #[inline]
    fn event(&mut self, node: usize, event: u8) {
        let agent = &mut *self.agent;
        if self.full {
            if agent.current.events.len() < agent.max_events {
                agent
                    .current
                    .events
                    .push((node as u32) << 3 | u32::from(event));
            } else {
                agent.current.truncated += 1;
            }
        }
        if self.summary && agent.shared.tree.leaf.get(node) == Some(&true) {
            if event == RUNNING {
                agent.summary.add(node);
            } else {
                agent.summary.remove(node);
            }
        }
    }

    fn end(&mut self, root: u8) {
        if self.ended {
            return;
        }
        self.ended = true;
        let agent = &mut *self.agent;
        if !self.halt {
            agent.ticks += 1;
        }
        if self.summary {
            if root != 0 {
                agent.summary.root = root;
            }
            agent
                .shared
                .summary
                .store(agent.summary.pack(), Ordering::Relaxed);
            agent.shared.ticks.store(agent.ticks, Ordering::Relaxed);
        }
        if self.full && (!self.halt || !agent.current.events.is_empty()) {
            agent.close(root, self.halt);
        } else {
            agent.current.events.clear();
            agent.current.truncated = 0;
        }
    }
}

impl Observer for Recorder<'_> {
    #[inline]
    fn on_status(&mut self, node: usize, status: Status) {
        self.event(node, history::code(status));
        if node == 0 && !self.halt {
            self.end(history::code(status));
        }
    }

    #[inline]
    fn on_halted(&mut self, node: usize) {
        self.event(node, HALTED);
    }

    #[inline]
    fn on_aborted(&mut self, node: usize) {
        self.event(node, ABORTED);
        if node == 0 && !self.halt {
            self.end(ABORTED);
        }
    }
}

impl Drop for Recorder<'_> {
    fn drop(&mut self) {
        if !self.ended {
            // A halt, or a tick that never reported its root (an observer used by hand).
            let root = self
                .agent
                .current
                .events
                .iter()
                .rev()
                .find(|&&event| event >> 3 == 0)
                .map_or(0, |&event| (event & 7) as u8);
            self.halt = true;
            self.end(root);
        }
    }
}

impl fmt::Debug for Recorder<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Recorder")
            .field("agent", &self.agent.shared.id)
            .field("full", &self.full)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summaries_pack_and_unpack() {
        let mut summary = Summary::default();
        summary.add(4);
        summary.add(9);
        summary.add(4);
        summary.add(12);
        summary.add(70);
        summary.root = RUNNING;
        assert_eq!(summary.running, 4);
        let back = Summary::unpack(summary.pack());
        assert_eq!(back, summary);
        assert_eq!(back.leaf_ids().collect::<Vec<_>>(), [4, 9, 12]);
        summary.remove(9);
        assert_eq!(summary.leaf_ids().collect::<Vec<_>>(), [4, 12]);
        assert_eq!(summary.running, 3);
    }
}
