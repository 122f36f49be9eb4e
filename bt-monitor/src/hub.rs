//! What the ticking threads, the agents and the server threads share: the [`Hub`] (the
//! settings, the registry of trees and agents, the counters), each agent's [`AgentShared`] and
//! the summary of its last tick. [`Monitor`](crate::Monitor) builds the hub, an
//! [`Agent`](crate::Agent) writes its part, and the server reads it; none of those modules
//! imports another for it.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use bt_core::NodeInfo;

use crate::history::History;

/// The limits and sizes a monitor runs with ([`MonitorBuilder`]).
#[derive(Clone, Debug)]
pub(crate) struct Settings {
    pub max_connections: usize,
    pub max_message_bytes: usize,
    pub history: usize,
    pub max_blackboard_bytes: usize,
    pub update_interval: Duration,
    pub handshake_timeout: Duration,
    pub write_timeout: Duration,
    pub max_commands_per_second: u32,
}

/// One tree type: its name and nodes, shared by the agents that run it.
#[derive(Debug)]
pub(crate) struct TreeEntry {
    pub id: usize,
    pub name: String,
    pub nodes: &'static [NodeInfo],
    /// Whether each node is a leaf (has no children).
    pub leaf: Box<[bool]>,
    /// The tree as the page reads it (`json::tree`).
    pub json: String,
}

/// The registry of agents: id to agent, and a count of changes (the page's list refreshes on
/// one).
#[derive(Default)]
pub(crate) struct Agents {
    pub by_id: BTreeMap<u64, Arc<AgentShared>>,
    pub next_id: u64,
}

/// What the ticking threads, the agents and the server threads share.
pub(crate) struct Hub {
    pub stop: AtomicBool,
    pub epoch: Instant,
    pub settings: Settings,
    /// Pages connected (WebSocket sessions): while there is one, every agent keeps a summary
    /// of its tick (root status, running leaves) for the list and the counts.
    pub pages: AtomicUsize,
    /// Connections open (pages, and requests still being read or answered).
    pub connections: AtomicUsize,
    pub trees: Mutex<Vec<Arc<TreeEntry>>>,
    pub agents: Mutex<Agents>,
    /// Bumped whenever an agent comes or goes.
    pub generation: AtomicU64,
    pub counters: Counters,
}

/// Locks `mutex`, also after a panic of another holder (every critical section here leaves the
/// data consistent: pushes, copies and swaps).
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Hub {
    pub fn millis(&self) -> u64 {
        self.epoch.elapsed().as_millis() as u64
    }

    /// The entry of the tree `name` with `nodes`, made on first use.
    pub(crate) fn tree(&self, name: &str, nodes: &'static [NodeInfo]) -> Arc<TreeEntry> {
        let mut trees = lock(&self.trees);
        if let Some(tree) = trees
            .iter()
            .find(|tree| tree.name == name && std::ptr::eq(tree.nodes, nodes))
        {
            return tree.clone();
        }
        let id = trees.len();
        let mut leaf = vec![true; nodes.len()].into_boxed_slice();
        for node in nodes {
            if let Some(parent) = node.parent {
                if let Some(slot) = leaf.get_mut(parent) {
                    *slot = false;
                }
            }
        }
        let tree = Arc::new(TreeEntry {
            id,
            name: name.to_string(),
            nodes,
            leaf,
            json: crate::json::tree(id, name, nodes),
        });
        trees.push(tree.clone());
        tree
    }

    /// Counts a page in (`+1`) or out (`-1`) and tells every agent whether to keep summaries.
    pub(crate) fn page(&self, opened: bool) {
        let agents = lock(&self.agents);
        if opened {
            self.pages.fetch_add(1, Ordering::Relaxed);
        } else {
            self.pages.fetch_sub(1, Ordering::Relaxed);
        }
        for agent in agents.by_id.values() {
            self.refresh(agent);
        }
    }

    /// Counts a page watching `agent` in or out, and tells the agent whether to record.
    pub(crate) fn watch(&self, agent: &AgentShared, watching: bool) {
        let _agents = lock(&self.agents);
        if watching {
            agent.watchers.fetch_add(1, Ordering::Relaxed);
        } else {
            agent.watchers.fetch_sub(1, Ordering::Relaxed);
        }
        self.refresh(agent);
    }

    /// Sets whether `agent` records every tick, watched or not.
    pub(crate) fn keep_history(&self, agent: &AgentShared, on: bool) {
        let _agents = lock(&self.agents);
        agent.keep_history.store(on, Ordering::Relaxed);
        self.refresh(agent);
    }

    /// Recomputes `agent.wanted` from the counts. Called with the `agents` lock held, after
    /// every change of a count it reads: the refreshes are serialised by the lock, so the last
    /// one reads the last counts, and the word never stays behind them.
    pub(crate) fn refresh(&self, agent: &AgentShared) {
        let mut wanted = 0;
        if agent.watchers.load(Ordering::Relaxed) != 0 || agent.keep_history.load(Ordering::Relaxed)
        {
            wanted |= WANT_RECORD;
        }
        if self.pages.load(Ordering::Relaxed) != 0 {
            wanted |= WANT_SUMMARY;
        }
        agent.wanted.store(wanted, Ordering::Relaxed);
    }

    pub(crate) fn remove_agent(&self, id: u64) {
        lock(&self.agents).by_id.remove(&id);
        self.generation.fetch_add(1, Ordering::Relaxed);
    }
}

/// Counts of what the server refused or cut off ([`Monitor::stats`](crate::Monitor::stats)).
#[derive(Debug, Default)]
pub(crate) struct Counters {
    pub accepted: AtomicU64,
    pub refused: AtomicU64,
    pub evicted: AtomicU64,
    pub slow: AtomicU64,
    pub oversized: AtomicU64,
    pub rejected: AtomicU64,
    pub flooding: AtomicU64,
}

/// How many running leaves an agent's summary names (more are counted, not named).
pub(crate) const SUMMARY_LEAVES: usize = 3;

/// [`AgentShared::wanted`]: record every tick whole (a page watches the agent, or it keeps its
/// history).
pub(crate) const WANT_RECORD: u8 = 1;
/// [`AgentShared::wanted`]: keep the summary of each tick (a page is open).
pub(crate) const WANT_SUMMARY: u8 = 2;

/// What the server threads see of an agent.
#[derive(Debug)]
pub(crate) struct AgentShared {
    pub id: u64,
    pub name: String,
    pub tree: Arc<TreeEntry>,
    /// Pages watching this agent: while there is one, every tick is recorded whole.
    pub watchers: AtomicUsize,
    /// Record every tick whole, watched or not ([`Agent::keep_history`](crate::Agent::keep_history)).
    pub keep_history: AtomicBool,
    /// What the ticking thread must do, in one word read once a tick: [`WANT_RECORD`] and
    /// [`WANT_SUMMARY`], or 0 while nobody looks. [`Hub::refresh`] keeps it in step with the
    /// counts above and the hub's `pages`.
    pub wanted: AtomicU8,
    /// The last tick's summary, while a page is open: [`Summary::pack`].
    pub summary: AtomicU64,
    /// The agent's tick count when the summary was written.
    pub ticks: AtomicU64,
    /// The last ticks recorded whole (made at the first one).
    pub history: Mutex<Option<History>>,
}

impl AgentShared {
    pub fn new(id: u64, name: String, tree: Arc<TreeEntry>) -> AgentShared {
        AgentShared {
            id,
            name,
            tree,
            watchers: AtomicUsize::new(0),
            keep_history: AtomicBool::new(false),
            wanted: AtomicU8::new(0),
            summary: AtomicU64::new(0),
            ticks: AtomicU64::new(0),
            history: Mutex::new(None),
        }
    }

    pub fn summary(&self) -> Summary {
        Summary::unpack(self.summary.load(Ordering::Relaxed))
    }

    pub fn history_bytes(&self) -> usize {
        lock(&self.history).as_ref().map_or(0, History::bytes)
    }
}

/// An agent's root status and running leaves after its last tick, packed in a `u64` so that
/// the ticking thread hands it over with one store: the root's event (8 bits), how many leaves
/// run (8 bits, saturating), and up to three of them (16 bits each, node id + 1, 0 for none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Summary {
    pub root: u8,
    pub running: u8,
    pub leaves: [u16; SUMMARY_LEAVES],
}

impl Summary {
    pub fn pack(self) -> u64 {
        u64::from(self.root)
            | u64::from(self.running) << 8
            | u64::from(self.leaves[0]) << 16
            | u64::from(self.leaves[1]) << 32
            | u64::from(self.leaves[2]) << 48
    }

    pub fn unpack(bits: u64) -> Summary {
        Summary {
            root: bits as u8,
            running: (bits >> 8) as u8,
            leaves: [
                (bits >> 16) as u16,
                (bits >> 32) as u16,
                (bits >> 48) as u16,
            ],
        }
    }

    /// The running leaves it names, as node ids.
    pub fn leaf_ids(self) -> impl Iterator<Item = usize> {
        self.leaves
            .into_iter()
            .filter(|&leaf| leaf != 0)
            .map(|leaf| usize::from(leaf) - 1)
    }

    pub(crate) fn add(&mut self, node: usize) {
        let Ok(id) = u16::try_from(node + 1) else {
            self.running = self.running.saturating_add(1);
            return;
        };
        if self.leaves.contains(&id) {
            return;
        }
        self.running = self.running.saturating_add(1);
        if let Some(slot) = self.leaves.iter_mut().find(|slot| **slot == 0) {
            *slot = id;
        }
    }

    pub(crate) fn remove(&mut self, node: usize) {
        let Ok(id) = u16::try_from(node + 1) else {
            return;
        };
        if let Some(slot) = self.leaves.iter_mut().find(|slot| **slot == id) {
            *slot = 0;
            self.running = self.running.saturating_sub(1);
        }
    }
}
