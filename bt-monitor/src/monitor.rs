//! [`Monitor`]: the server and the registry of trees and agents it serves.

use std::io;
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use bt_core::{BehaviorTree, NodeInfo};

use crate::agent::Agent;
use crate::hub::{lock, AgentShared, Agents, Hub, Settings};

/// The port the monitor listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 1680;

/// How to start a [`Monitor`]: made by [`Monitor::builder`].
#[derive(Clone, Debug)]
pub struct MonitorBuilder {
    address: IpAddr,
    port: u16,
    settings: Settings,
}

impl MonitorBuilder {
    /// The address to listen on: `127.0.0.1` unless given. Anything else (`0.0.0.0`, a network
    /// card's address) lets other machines watch the trees and their blackboards: the monitor
    /// has no authentication, so choose it deliberately.
    pub fn address(mut self, address: IpAddr) -> Self {
        self.address = address;
        self
    }

    /// The port: [`DEFAULT_PORT`] unless given; `0` picks a free one (read it back with
    /// [`Monitor::local_addr`]).
    pub fn port(mut self, port: u16) -> Self {
        self.port = port;
        self
    }

    /// The most connections open at once (default 16), pages and requests together. A new
    /// connection beyond it closes the oldest one that has not finished its request yet, or is
    /// refused (`503`) if every one has.
    pub fn max_connections(mut self, count: usize) -> Self {
        self.settings.max_connections = count.max(1);
        self
    }

    /// The largest message a page may send, and the largest request head, in bytes (default
    /// 4 KiB: the page only sends short commands); a client sending more is disconnected.
    pub fn max_message_bytes(mut self, bytes: usize) -> Self {
        self.settings.max_message_bytes = bytes.clamp(256, 1 << 20);
        self
    }

    /// How many ticks a watched agent keeps (default 1000): the ring the page steps back
    /// through. Its memory is at most `history × (90 + 4 × reports per tick)` bytes plus each
    /// distinct blackboard snapshot (at most [`max_blackboard_bytes`](Self::max_blackboard_bytes)
    /// each; a snapshot equal to the one before is shared, not copied).
    pub fn history(mut self, ticks: usize) -> Self {
        self.settings.history = ticks.clamp(1, 1_000_000);
        self
    }

    /// The largest blackboard snapshot kept per tick, in bytes of JSON (default 4 KiB); entries
    /// beyond it are dropped and counted.
    pub fn max_blackboard_bytes(mut self, bytes: usize) -> Self {
        self.settings.max_blackboard_bytes = bytes.clamp(64, 1 << 20);
        self
    }

    /// How often a page gets what is new (default every 100 ms): the ticks in between arrive
    /// together.
    pub fn update_interval(mut self, interval: Duration) -> Self {
        self.settings.update_interval =
            interval.clamp(Duration::from_millis(10), Duration::from_secs(5));
        self
    }

    /// Binds the port and starts the server thread.
    pub fn start(self) -> io::Result<Monitor> {
        let listener = TcpListener::bind(SocketAddr::new(self.address, self.port))?;
        listener.set_nonblocking(true)?;
        let address = listener.local_addr()?;
        let hub = Arc::new(Hub {
            stop: AtomicBool::new(false),
            epoch: Instant::now(),
            settings: self.settings,
            pages: AtomicUsize::new(0),
            connections: AtomicUsize::new(0),
            trees: Mutex::new(Vec::new()),
            agents: Mutex::new(Agents::default()),
            generation: AtomicU64::new(0),
            counters: Default::default(),
        });
        let server = {
            let hub = hub.clone();
            std::thread::Builder::new()
                .name("bt-monitor".into())
                .spawn(move || crate::server::accept_loop(hub, listener))?
        };
        Ok(Monitor {
            hub,
            server: Some(server),
            address,
        })
    }
}

/// Counts of connections the monitor took, refused or cut off ([`Monitor::stats`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct MonitorStats {
    /// Connections taken (each then served, or closed by a limit below).
    pub accepted: u64,
    /// Connections refused (`503`): every open connection was a page, at the limit.
    pub refused: u64,
    /// Connections closed, still sending their request, to make room for a new one.
    pub evicted: u64,
    /// Pages closed because they did not read what was sent within the write timeout.
    pub slow: u64,
    /// Connections closed for a request head or a message over the size limit.
    pub oversized: u64,
    /// Requests refused: malformed, not `GET`, another origin or host, not a WebSocket.
    pub rejected: u64,
    /// Pages closed for sending more commands a second than allowed.
    pub flooding: u64,
}

/// The web monitor: serves the page and the live state of every [`Agent`] registered with it,
/// from threads of its own, on one port.
///
/// ```no_run
/// # use bt_core::{BehaviorTree, NodeInfo, Observer, Status};
/// # #[derive(Default)] struct Patrol;
/// # impl BehaviorTree for Patrol {
/// #     type Context = (); type Blackboard = ();
/// #     const NODES: &'static [NodeInfo] = &[];
/// #     fn tick_with<O: Observer>(&mut self, _: &mut (), _: &mut O) -> Status { Status::Running }
/// #     fn halt_with<O: Observer>(&mut self, _: &mut (), _: &mut O) {}
/// #     fn status(&self) -> Option<Status> { None }
/// #     fn blackboard(&self) -> &() { &() }
/// #     fn blackboard_mut(&mut self) -> &mut () { unimplemented!() }
/// # }
/// let monitor = bt_monitor::Monitor::builder().start()?; // http://127.0.0.1:1680/
/// let mut tree = Patrol::default();
/// let mut agent = monitor.agent_for::<Patrol>("patrol-1");
/// loop {
///     agent.tick(&mut tree, &mut ());
///     std::thread::sleep(std::time::Duration::from_millis(100));
/// }
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// Dropping the monitor stops its threads and closes its port; its agents then record nothing.
pub struct Monitor {
    hub: Arc<Hub>,
    server: Option<JoinHandle<()>>,
    address: SocketAddr,
}

impl Monitor {
    /// A monitor on `127.0.0.1`, port [`DEFAULT_PORT`], with the default limits.
    pub fn builder() -> MonitorBuilder {
        MonitorBuilder {
            address: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: DEFAULT_PORT,
            settings: Settings {
                max_connections: 16,
                max_message_bytes: 4096,
                history: 1000,
                max_blackboard_bytes: 4096,
                update_interval: Duration::from_millis(100),
                handshake_timeout: Duration::from_secs(2),
                write_timeout: Duration::from_secs(1),
                max_commands_per_second: 50,
            },
        }
    }

    /// The address and port the monitor listens on.
    pub fn local_addr(&self) -> SocketAddr {
        self.address
    }

    /// The page's address, `http://127.0.0.1:1680/`.
    pub fn url(&self) -> String {
        format!("http://{}/", self.address)
    }

    /// Registers an agent called `name` that runs the tree `tree` whose nodes are `nodes` (a
    /// generated tree's `NODES`). Agents of the same tree (same name and `NODES`) are listed
    /// together, and the page counts which of them run which node. Names need not be unique:
    /// each agent also has an id ([`Agent::id`]).
    ///
    /// Dropping the agent removes it from the page.
    pub fn agent(&self, name: impl Into<String>, tree: &str, nodes: &'static [NodeInfo]) -> Agent {
        let tree = self.hub.tree(tree, nodes);
        let shared = {
            let mut agents = lock(&self.hub.agents);
            let id = agents.next_id;
            agents.next_id += 1;
            let shared = Arc::new(AgentShared::new(id, name.into(), tree));
            self.hub.refresh(&shared);
            agents.by_id.insert(id, shared.clone());
            shared
        };
        self.hub.generation.fetch_add(1, Ordering::Relaxed);
        Agent::new(shared, self.hub.clone())
    }

    /// [`agent`](Self::agent) for the tree type `T`, its tree named after the type (without
    /// its module path).
    pub fn agent_for<T: BehaviorTree>(&self, name: impl Into<String>) -> Agent {
        let full = std::any::type_name::<T>();
        let tree = full.rsplit("::").next().unwrap_or(full);
        self.agent(name, tree, T::NODES)
    }

    /// How many agents are registered.
    pub fn agent_count(&self) -> usize {
        lock(&self.hub.agents).by_id.len()
    }

    /// How many pages are connected now.
    pub fn pages(&self) -> usize {
        self.hub.pages.load(Ordering::Relaxed)
    }

    /// How many connections are open now (pages, and requests being read or answered).
    pub fn connections(&self) -> usize {
        self.hub.connections.load(Ordering::Relaxed)
    }

    /// What the server has refused or cut off so far: the limits at work.
    pub fn stats(&self) -> MonitorStats {
        let c = &self.hub.counters;
        let get = |counter: &AtomicU64| counter.load(Ordering::Relaxed);
        MonitorStats {
            accepted: get(&c.accepted),
            refused: get(&c.refused),
            evicted: get(&c.evicted),
            slow: get(&c.slow),
            oversized: get(&c.oversized),
            rejected: get(&c.rejected),
            flooding: get(&c.flooding),
        }
    }

    /// Approximate bytes held by the agents' histories (their rings of past ticks).
    pub fn history_bytes(&self) -> usize {
        let agents: Vec<Arc<AgentShared>> =
            lock(&self.hub.agents).by_id.values().cloned().collect();
        agents.iter().map(|agent| agent.history_bytes()).sum()
    }
}

impl Drop for Monitor {
    fn drop(&mut self) {
        self.hub.stop.store(true, Ordering::Relaxed);
        if let Some(server) = self.server.take() {
            let _ = server.join();
        }
    }
}

impl std::fmt::Debug for Monitor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Monitor")
            .field("address", &self.address)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hub::{WANT_RECORD, WANT_SUMMARY};

    const NODES: &[bt_core::NodeInfo] = &[];

    /// The one word an agent reads a tick follows every count it stands for.
    #[test]
    fn the_wanted_word_follows_pages_watchers_and_history() {
        let monitor = Monitor::builder().port(0).start().expect("a free port");
        let hub = &monitor.hub;
        let mut first = monitor.agent("first", "Empty", NODES);
        let wanted = |agent: &crate::Agent| agent.shared().wanted.load(Ordering::Relaxed);
        assert_eq!(wanted(&first), 0, "nobody looks");
        hub.page(true);
        assert_eq!(wanted(&first), WANT_SUMMARY, "a page is open");
        let second = monitor.agent("second", "Empty", NODES);
        assert_eq!(wanted(&second), WANT_SUMMARY, "made while a page is open");
        hub.watch(first.shared(), true);
        assert_eq!(wanted(&first), WANT_SUMMARY | WANT_RECORD);
        assert_eq!(
            wanted(&second),
            WANT_SUMMARY,
            "the other agent is not watched"
        );
        hub.page(false);
        assert_eq!(wanted(&first), WANT_RECORD, "still counted as watched");
        hub.watch(first.shared(), false);
        assert_eq!(wanted(&first), 0);
        first.keep_history(true);
        assert_eq!(wanted(&first), WANT_RECORD, "keeps its history");
        first.keep_history(false);
        assert_eq!((wanted(&first), wanted(&second)), (0, 0));
    }
}
