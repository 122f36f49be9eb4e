//! Watch `bt` behavior trees in a browser, live and back in time: every tree and agent of a
//! program on one loopback port, with no limit on the nodes.
//!
//! ```no_run
//! # use bt_core::{BehaviorTree, NodeInfo, Observer, Status};
//! # #[derive(Default)] struct Rover;
//! # impl BehaviorTree for Rover {
//! #     type Context = World; type Blackboard = ();
//! #     const NODES: &'static [NodeInfo] = &[];
//! #     fn tick_with<O: Observer>(&mut self, _: &mut World, _: &mut O) -> Status { Status::Running }
//! #     fn halt_with<O: Observer>(&mut self, _: &mut World, _: &mut O) {}
//! #     fn status(&self) -> Option<Status> { None }
//! #     fn blackboard(&self) -> &() { &() }
//! #     fn blackboard_mut(&mut self) -> &mut () { unimplemented!() }
//! # }
//! # struct World { battery: u32 }
//! let monitor = bt_monitor::Monitor::builder().start()?;
//! println!("open {}", monitor.url()); // http://127.0.0.1:1680/
//!
//! let mut world = World { battery: 100 };
//! let mut rover = Rover::default();
//! let mut agent = monitor.agent_for::<Rover>("rover-1");
//! loop {
//!     agent.tick(&mut rover, &mut world);
//!     agent.blackboard(|entries| {
//!         entries.entry("battery", world.battery);
//!     });
//!     std::thread::sleep(std::time::Duration::from_millis(100));
//! }
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! [`Monitor`] serves a page (plain HTML, JavaScript and CSS held in the library: nothing to
//! build, nothing fetched from elsewhere) and a WebSocket that the page reads. A program
//! registers each running tree as an [`Agent`], one per tree instance (a robot's navigator, or
//! each of a game's NPCs), and ticks the tree through it.
//!
//! # What the page shows
//!
//! * **The agents**: every registered agent, found by name, tree or `#id`, with its root status
//!   and the leaves it runs. Agents of the same tree are counted per node: each node shows how
//!   many agents run it, and a click lists them.
//! * **The tree** of the agent picked, at any size (a tidy layout, left to right; subtrees
//!   fold and unfold), each node coloured by what it did in the tick shown, its last status kept
//!   (faded) while it is not ticked; a node's name, kind, type, parameters and ports.
//! * **The blackboard** as the program shows it after each tick ([`Agent::blackboard`]), the
//!   entries that changed marked.
//! * **A timeline**: one mark per tick coloured by the root's status, the transitions of the
//!   tick shown, and a lane for the selected node.
//! * **Back in time**: the last ticks of the watched agent ([`MonitorBuilder::history`], 1000
//!   by default) are kept in a ring; the page steps backwards and forwards through them (the
//!   arrow keys, or the timeline), each node's status and the blackboard as they were. In a
//!   tick where the root failed, the path that made it fail is drawn in red down to the
//!   failing leaf; in a tick aborted by an error, the aborted path down to the leaf that
//!   failed, and the error ([`Agent::error`]).
//! * **Replays**: a `.btlog` file (BehaviorTree.CPP's `FileLogger2` format, which
//!   `bt_groot2::BtLog` writes) or a JSON-lines trace (`bt::observe::json::JsonTrace`), opened in
//!   the page from disk. A `.btlog` holds its tree; a JSON-lines trace holds node ids and names
//!   only, so the page draws it on the registered tree whose node names it matches (or, failing
//!   that, as a flat list of nodes). A `.btlog` has no ticks, only times: its changes less than
//!   a millisecond apart make one step.
//!
//! # What it costs
//!
//! Nothing changes in the generated trees: an [`Agent`] ticks its tree with no observer at all
//! while no page is connected ([`Agent`]'s cost section gives the three levels). The instruction
//! counts per tick with no page connected are measured by `examples/icount.rs`
//! (`bash tests/icount.sh`, valgrind): the tree's own tick plus a few instructions per tick,
//! none per node.
//!
//! History memory: a watched agent keeps at most [`history`](MonitorBuilder::history) records,
//! each about 90 bytes plus 4 bytes per report of its tick (at most `4 × nodes + 16` reports are
//! kept per tick) plus its blackboard snapshot when it changed (at most
//! [`max_blackboard_bytes`](MonitorBuilder::max_blackboard_bytes), 4 KiB by default; an
//! unchanged snapshot is shared). A 50-node tree reporting 12 nodes a tick with a blackboard of
//! 200 bytes that changes every tick holds about 370 KB for 1000 ticks.
//!
//! # Safety by default
//!
//! * It listens on `127.0.0.1` unless [`MonitorBuilder::address`] names another address: there
//!   is no authentication, and the page shows blackboards. On loopback, a request whose `Host`
//!   is not an address or `localhost` is refused (DNS rebinding), and a WebSocket from a page of
//!   another origin is refused (another site open in the same browser).
//! * The page can only read: nothing it sends changes a tree.
//! * The ticking thread never waits for the server: it reads three atomics a tick, and hands
//!   records over with a `try_lock` that never waits.
//! * At most [`max_connections`](MonitorBuilder::max_connections) connections are open at once
//!   (16 by default, one thread each). A connection that has not sent its request within 2 s is
//!   closed, and when the limit is reached a new connection closes the oldest one still sending
//!   its request; only when every open connection is a page is a new one refused (`503`). A
//!   request head over 8 KiB, or a message from the page over
//!   [`max_message_bytes`](MonitorBuilder::max_message_bytes) (4 KiB), closes the connection;
//!   so does a page sending more than 50 commands a second, or not reading what is sent to it
//!   within 1 s. [`Monitor::stats`] counts each.
//!
//! # With Groot2
//!
//! `bt_groot2::Groot2Publisher` serves BehaviorTree.CPP's Groot2 protocol for one tree; both can
//! watch the same tree: [`Agent::tick_with`] takes the publisher as a second observer
//! (`examples/monitor.rs` of this crate serves the rover to both).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod agent;
mod entries;
mod history;
mod hub;
mod json;
mod monitor;
mod server;
mod session;

pub use agent::{Agent, Recorder};
pub use entries::{Entries, Value};
pub use monitor::{Monitor, MonitorBuilder, MonitorStats, DEFAULT_PORT};
