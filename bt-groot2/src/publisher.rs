//! [`Groot2Publisher`]: the observer the ticking thread owns, which builds the state it shares
//! with the server threads ([`Shared`]) and starts them.

use std::collections::VecDeque;
use std::io;
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use bt_core::{BehaviorTree, NodeInfo, Observer, Status};

use crate::blackboard::Entries;
use crate::hooks::Hooks;
use crate::server::Server;
use crate::shared::{Notices, Record, Shared, Snapshot, Table};
use crate::status::{buffer_order, Board};
use crate::zmtp::Limits;

/// The port BehaviorTree.CPP's `Groot2Publisher` and Groot2 use by default; the PUB socket is
/// on the next one.
pub const DEFAULT_PORT: u16 = 1667;

/// The most transitions kept while recording (BehaviorTree.CPP keeps the last 1000).
pub const MAX_TRANSITIONS: usize = 1000;

/// How to build a [`Groot2Publisher`]: made by [`Groot2Publisher::builder`] or
/// [`Groot2Publisher::for_tree`].
#[derive(Clone, Debug)]
pub struct Groot2Builder {
    name: String,
    nodes: &'static [NodeInfo],
    address: IpAddr,
    port: u16,
    breakpoints: bool,
    max_connections: usize,
    max_request_bytes: usize,
}

impl Groot2Builder {
    /// The address to listen on: `127.0.0.1` unless given. Anything else (`0.0.0.0`, a
    /// network card's address) lets other machines watch the tree, and pause it if breakpoints
    /// are on: the protocol has no authentication, so choose it deliberately.
    pub fn address(mut self, address: IpAddr) -> Self {
        self.address = address;
        self
    }

    /// The request port (the PUB socket takes the next one): [`DEFAULT_PORT`] unless given.
    /// `0` picks a free pair of consecutive ports (tests; read them back with
    /// [`Groot2Publisher::port`]).
    pub fn port(mut self, port: u16) -> Self {
        self.port = port;
        self
    }

    /// Lets Groot2 set breakpoints, which pause the ticking thread (off by default: a robot
    /// should not stop because a monitor asked). A breakpoint pauses after its node has
    /// answered, until Groot2 unlocks it, removes it, disables all hooks, or sends no request
    /// for 5 s; it cannot replace the node's result (see the crate documentation).
    pub fn breakpoints(mut self, enabled: bool) -> Self {
        self.breakpoints = enabled;
        self
    }

    /// The most clients connected at once on each port (default 16 on the request port and
    /// 16 on the PUB port), handshakes in progress included. When a port's connections are all
    /// taken, a new client takes the place of the idlest one: first one that has not made a
    /// request (or, on the PUB port, a subscription) since it connected, the oldest of those;
    /// then the one whose last request (or subscription) is the oldest. A client sending only
    /// ZeroMQ `PING`s is idle: holding connections cannot lock a monitor out.
    pub fn max_connections(mut self, count: usize) -> Self {
        self.max_connections = count.max(1);
        self
    }

    /// The largest request accepted, in bytes (default 64 KiB); a client sending a larger one
    /// is disconnected.
    pub fn max_request_bytes(mut self, bytes: usize) -> Self {
        self.max_request_bytes = bytes.max(64);
        self
    }

    /// Binds both sockets and starts the server's threads.
    pub fn start(self) -> io::Result<Groot2Publisher> {
        let (rep, publisher) = bind_pair(self.address, self.port)?;
        let port = rep.local_addr()?.port();
        let address = self.address;
        let nodes = self.nodes;
        let shared = Arc::new(self.shared());
        let server = crate::server::start(&shared, rep, publisher)?;
        Ok(Groot2Publisher {
            board: Board::new(nodes),
            shared,
            server: Some(server),
            port,
            address,
            pending: Vec::new(),
            pending_generation: 0,
            entries: Entries::default(),
        })
    }

    /// The state the server threads share, without any socket (the fuzz test's too).
    pub(crate) fn shared(self) -> Shared {
        let xml = crate::xml::tree_xml(&self.name, self.nodes).unwrap_or_else(|| {
            bt_core::export::xml(&self.name, self.nodes)
                .one_element_per_node()
                .to_string()
        });
        Shared {
            stop: AtomicBool::new(false),
            uuid: crate::protocol::new_uuid(),
            tree_name: self.name,
            xml,
            order: buffer_order(self.nodes),
            states: (0..self.nodes.len()).map(|_| AtomicU8::new(0)).collect(),
            limits: Limits {
                max_frame: self.max_request_bytes,
                max_message: self.max_request_bytes,
                max_frames: 8,
                handshake_timeout: Duration::from_secs(2),
                message_timeout: Duration::from_secs(2),
                write_timeout: Duration::from_secs(1),
            },
            ports: [
                Table::new(self.max_connections),
                Table::new(self.max_connections),
            ],
            throttled: AtomicU64::new(0),
            evicted: AtomicU64::new(0),
            acts: AtomicU64::new(0),
            epoch: Instant::now(),
            recording: AtomicBool::new(false),
            recording_start: AtomicU64::new(0),
            recording_generation: AtomicU64::new(0),
            transitions: Mutex::new(VecDeque::with_capacity(MAX_TRANSITIONS)),
            blackboard_wanted: AtomicBool::new(false),
            blackboard_asked: AtomicU64::new(0),
            blackboard: Mutex::new(Snapshot::default()),
            blackboard_ready: Condvar::new(),
            hooks: self.breakpoints.then(|| Hooks::new(self.nodes.len())),
            last_request: AtomicU64::new(0),
            notices: Mutex::new(Notices::default()),
        }
    }
}

/// Binds the request port and the next one; with port 0, any free pair.
fn bind_pair(address: IpAddr, port: u16) -> io::Result<(TcpListener, TcpListener)> {
    if port != 0 {
        let next = port.checked_add(1).ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::InvalidInput,
                "the port after 65535 does not exist",
            )
        })?;
        let rep = TcpListener::bind(SocketAddr::new(address, port))?;
        let publisher = TcpListener::bind(SocketAddr::new(address, next))?;
        return Ok((rep, publisher));
    }
    let mut last = None;
    for _ in 0..64 {
        let rep = TcpListener::bind(SocketAddr::new(address, 0))?;
        let Some(next) = rep.local_addr()?.port().checked_add(1) else {
            continue;
        };
        match TcpListener::bind(SocketAddr::new(address, next)) {
            Ok(publisher) => return Ok((rep, publisher)),
            Err(error) => last = Some(error),
        }
    }
    Err(last.unwrap_or_else(|| io::Error::new(io::ErrorKind::AddrInUse, "no free port pair")))
}

/// Publishes a tree to Groot2 (and to any client of BehaviorTree.CPP 4's Groot2 protocol):
/// an [`Observer`] to tick the tree with, serving requests from its own thread.
///
/// ```no_run
/// # use bt_core::{BehaviorTree, NodeInfo, Observer, Status};
/// # struct Patrol;
/// # impl Patrol {
/// #     const NODES: &'static [NodeInfo] = &[];
/// #     fn new() -> Self { Patrol }
/// #     fn tick_with(&mut self, _: &mut (), _: &mut impl Observer) -> Status { Status::Running }
/// # }
/// use bt_groot2::Groot2Publisher;
///
/// let mut tree = Patrol::new();
/// // Listens on 127.0.0.1:1667 (requests) and :1668 (notifications).
/// let mut groot = Groot2Publisher::builder("Patrol", Patrol::NODES).start()?;
/// loop {
///     tree.tick_with(&mut (), &mut groot);
///     groot.publish_blackboard(|entries| {
///         entries.entry("battery", 87).entry("goal", "kitchen");
///     });
///     std::thread::sleep(std::time::Duration::from_millis(100));
/// }
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// **Cost on the ticking thread.** Each report updates the node's state (an atomic byte) and,
/// when a node completes, resets the states of the nodes under it, as BehaviorTree.CPP does;
/// nothing else unless a client asked for it: while transitions are recorded, each change is
/// time-stamped (`Instant::now`) and handed over with a `try_lock` that never waits (if the
/// server holds the lock, it is handed over at a later report); while a client asks for
/// blackboards, [`publish_blackboard`](Self::publish_blackboard) runs its closure and swaps the
/// snapshot in the same way. No report allocates once the buffers have grown, and none waits
/// on the network. Breakpoints, when enabled, are the one deliberate wait.
///
/// Dropping the publisher stops its threads and closes its ports.
pub struct Groot2Publisher {
    pub(crate) shared: Arc<Shared>,
    board: Board,
    server: Option<Server>,
    port: u16,
    address: IpAddr,
    /// Transitions recorded but not yet handed to the server.
    pending: Vec<Record>,
    pending_generation: u64,
    /// The blackboard snapshot being written.
    entries: Entries,
}

impl Groot2Publisher {
    /// A publisher of the tree `name` whose nodes are `nodes` (a generated tree's `NODES`),
    /// on `127.0.0.1`, port [`DEFAULT_PORT`], breakpoints off.
    pub fn builder(name: impl Into<String>, nodes: &'static [NodeInfo]) -> Groot2Builder {
        Groot2Builder {
            name: name.into(),
            nodes,
            address: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: DEFAULT_PORT,
            breakpoints: false,
            max_connections: 16,
            max_request_bytes: 64 * 1024,
        }
    }

    /// [`builder`](Self::builder) for the tree type `T`, named after the type (without its
    /// module path).
    pub fn for_tree<T: BehaviorTree>() -> Groot2Builder {
        let full = std::any::type_name::<T>();
        let name = full.rsplit("::").next().unwrap_or(full);
        Self::builder(name, T::NODES)
    }

    /// The request port (the PUB socket is on the next one).
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The address both sockets listen on.
    pub fn address(&self) -> IpAddr {
        self.address
    }

    /// The full-tree reply's XML (with `_uid`s).
    pub fn tree_xml(&self) -> &str {
        &self.shared.xml
    }

    /// The status buffer as a client would receive it now.
    pub fn status_buffer(&self) -> Vec<u8> {
        let mut out = Vec::new();
        crate::status::write_buffer(&self.shared.order, &self.shared.states, &mut out);
        out
    }

    /// Gives the server a snapshot of the tree's blackboard, written by `write` as entries
    /// (`entries.entry("battery", 87)`). `write` runs only while a client asks for blackboards
    /// (it is not called otherwise), so calling this after every tick costs nothing when no one
    /// looks. The blackboard is the one Groot2 asks for under the tree's name.
    pub fn publish_blackboard(&mut self, write: impl FnOnce(&mut Entries)) {
        if !self.shared.blackboard_wanted.load(Ordering::Relaxed) {
            return;
        }
        self.entries.clear();
        write(&mut self.entries);
        if let Ok(mut snapshot) = self.shared.blackboard.try_lock() {
            std::mem::swap(&mut snapshot.entries, &mut self.entries);
            snapshot.sequence += 1;
            snapshot.published = true;
            drop(snapshot);
            self.shared.blackboard_ready.notify_all();
        }
    }

    /// Hands recorded transitions to the server, if it is not reading them right now.
    fn hand_over(&mut self) {
        if let Ok(mut transitions) = self.shared.transitions.try_lock() {
            for record in self.pending.drain(..) {
                if transitions.len() == MAX_TRANSITIONS {
                    transitions.pop_front();
                }
                transitions.push_back(record);
            }
        }
    }

    #[inline]
    fn report(&mut self, node: usize, status: Option<Status>) {
        let recording = self.shared.recording.load(Ordering::Relaxed);
        let shared = &*self.shared;
        let states = &shared.states;
        if recording {
            let generation = shared.recording_generation.load(Ordering::Relaxed);
            if generation != self.pending_generation {
                // A new recording: what is pending belongs to the last one.
                self.pending.clear();
                self.pending_generation = generation;
            }
            let pending = &mut self.pending;
            let now = shared.epoch.elapsed().as_micros() as u64;
            let micros = now.saturating_sub(shared.recording_start.load(Ordering::Relaxed));
            let mut changed = |id: usize, status: u8| {
                if pending.len() == MAX_TRANSITIONS {
                    pending.remove(0);
                }
                pending.push(Record {
                    micros,
                    uid: (id + 1) as u16,
                    status,
                });
            };
            match status {
                Some(status) => self.board.on_status(states, node, status, &mut changed),
                None => self.board.on_halted(states, node, &mut changed),
            }
            if node == 0 || self.pending.len() >= 64 {
                self.hand_over();
            }
        } else {
            let mut changed = |_: usize, _: u8| {};
            match status {
                Some(status) => self.board.on_status(states, node, status, &mut changed),
                None => self.board.on_halted(states, node, &mut changed),
            }
        }
        if let Some(hooks) = &self.shared.hooks {
            if hooks.armed(node) {
                let shared = &*self.shared;
                hooks.pause(node, &shared.stop, || crate::server::announce(shared, node));
            }
        }
    }
}

impl Observer for Groot2Publisher {
    #[inline]
    fn on_status(&mut self, node: usize, status: Status) {
        self.report(node, Some(status));
    }

    #[inline]
    fn on_halted(&mut self, node: usize) {
        self.report(node, None);
    }

    #[inline]
    fn on_aborted(&mut self, node: usize) {
        self.report(node, None);
    }
}

impl Drop for Groot2Publisher {
    fn drop(&mut self) {
        self.shared.stop.store(true, Ordering::Relaxed);
        if let Some(hooks) = &self.shared.hooks {
            hooks.remove_all();
        }
        if let Some(server) = self.server.take() {
            server.stop();
        }
    }
}

impl std::fmt::Debug for Groot2Publisher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Groot2Publisher")
            .field("tree", &self.shared.tree_name)
            .field("address", &self.address)
            .field("port", &self.port)
            .field("breakpoints", &self.shared.hooks.is_some())
            .finish_non_exhaustive()
    }
}
