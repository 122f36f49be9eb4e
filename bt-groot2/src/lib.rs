//! Watch a compiled behavior tree live in Groot2, or in any monitor speaking BehaviorTree.CPP
//! 4's Groot2 protocol (such as `btview`).
//!
//! [`Groot2Publisher`] is an [`Observer`](bt_core::Observer): tick the tree with it
//! (`tree.tick_with(&mut ctx, &mut groot)`) and it keeps each node's state; its server thread
//! answers Groot2's requests from that state. A tree ticked without it (`tree.tick(&mut ctx)`)
//! is the same code as before: nothing in the generated tree changes, so a tree pays nothing
//! for a monitor it is not attached to (`benches/icount.sh` shows the instruction counts).
//!
//! In the `bt` facade this crate is `bt::groot2`, behind the cargo feature `groot2`.
//!
//! ```no_run
//! # use bt_core::{NodeInfo, Observer, Status};
//! # struct Patrol;
//! # impl Patrol {
//! #     const NODES: &'static [NodeInfo] = &[];
//! #     fn new() -> Self { Patrol }
//! #     fn tick_with(&mut self, _: &mut (), _: &mut impl Observer) -> Status { Status::Running }
//! # }
//! let mut tree = Patrol::new();
//! let mut groot = bt_groot2::Groot2Publisher::builder("Patrol", Patrol::NODES).start()?;
//! loop {
//!     tree.tick_with(&mut (), &mut groot);
//!     std::thread::sleep(std::time::Duration::from_millis(100));
//! }
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! In Groot2, open the monitor, connect to `localhost` on port 1667 (the publisher's
//! [`port`](Groot2Publisher::port)), and the tree appears with its nodes coloured as it runs.
//!
//! # What is served
//!
//! Every request of BehaviorTree.CPP 4.8.2's `Groot2Publisher`, with its reply bytes (checked
//! against the real one by `tests/groot2/check.py`):
//!
//! | request | reply |
//! |---|---|
//! | `T` full tree | the tree's XML (`Tree::to_xml()`) with `_uid`s and `_fullpath`s, one `BehaviorTree` per subtree instance |
//! | `S` status | 3 bytes per node: uid (`u16`, little-endian) and state, in BehaviorTree.CPP's order |
//! | `B` blackboard | MessagePack `{tree name: {entry: value}}` of what [`Groot2Publisher::publish_blackboard`] gave |
//! | `r` / `t` recording | start/stop recording transitions; the transitions since the last `t`, 9 bytes each |
//! | `I` `R` `U` `D` `A` `X` hooks | breakpoints, when [enabled](Groot2Builder::breakpoints) |
//!
//! A node's state is what BehaviorTree.CPP's would be: its last status (1 running, 2 success,
//! 3 failure, 4 skipped) until the node is reset to IDLE, which shows as 10 + that status. The
//! rules of those resets (a composite resets its children when it completes, a decorator its
//! child as soon as the child completes, a halt resets the halted node, the tree resets its
//! root after a tick that completed it) are rebuilt from the observer's reports; a reset that
//! BehaviorTree.CPP makes without a status change the observer can see (such as a reactive
//! sequence resetting completed children after the running one) is not shown.
//!
//! Only the tree's own blackboard is served (under the tree's name); the blackboards of subtree
//! instances, which BehaviorTree.CPP names by their `_fullpath`, are not.
//!
//! # Files for after the run
//!
//! Two more observers write files as the tree runs: [`BtLog`], BehaviorTree.CPP 4's
//! `FileLogger2` format (`.btlog`), which Groot2 opens to replay a run (compared with the file
//! BehaviorTree.CPP 4.8.2 writes for the same tree and ticks by `tests/groot2/check.py`), and
//! [`ChromeTrace`], a Chrome trace-event JSON timeline with one track per node and a span while
//! it runs, which ui.perfetto.dev and `chrome://tracing` open. Combine them with the publisher
//! in a tuple: `tree.tick_with(&mut ctx, &mut (&mut groot, &mut log))`.
//!
//! # Safety by default
//!
//! * It listens on `127.0.0.1` unless [`Groot2Builder::address`] names another address: the
//!   protocol has no authentication, and watching a robot from another machine is a deliberate
//!   choice.
//! * Breakpoints are off unless [`Groot2Builder::breakpoints`] turns them on. Hook requests are
//!   then refused with an error reply.
//! * No request can block or slow the ticking thread beyond a bounded cost: the server threads
//!   read node states from atomics, and the ticking thread hands over recorded transitions and
//!   blackboard snapshots with a `try_lock` that never waits. Requests are bounded
//!   ([`Groot2Builder::max_request_bytes`], 8 frames), a handshake and a started message must
//!   complete within 2 s, and a reply the client does not read within 1 s closes the
//!   connection. A malformed request gets an error reply (`error`, message) and the connection
//!   stays usable; a client that breaks the ZeroMQ framing is disconnected.
//!
//! # Connections and their limits
//!
//! Idle, slow or hostile clients cannot lock a monitor out:
//!
//! * **A budget per port.** Each port serves at most [`Groot2Builder::max_connections`]
//!   connections at once (16 by default: 16 on the request port and 16 on the PUB port), one
//!   thread each, handshakes in progress included. Subscribers never take a place on the
//!   request port.
//! * **The idlest connection makes room.** A connection that arrives when its port is full
//!   takes the place of the idlest one, which is closed: first the connections that have done
//!   nothing useful since they connected (still in their handshake, silent, or sending only
//!   ZeroMQ `PING`s), the oldest first; then the one whose last useful act is the oldest. A
//!   useful act is a request answered without an error on the request port, and a subscription
//!   (or its cancelling) on the PUB port. A monitor polling the tree is therefore never closed
//!   while a client that only holds a connection is there, and clients that hold connections
//!   with a `PING` every second hold nothing. (A client that floods the port with new
//!   connections, or makes real requests more often than the monitor, can still push it out;
//!   libzmq's clients, Groot2's among them, reconnect by themselves.)
//! * **Accepting never waits for a client.** A thread of the port waits in `accept` at all
//!   times and takes a client as soon as it connects; it does the handshake and serves the
//!   connection after making sure another thread waits for the next client (a thread whose
//!   connection ended goes back to waiting, two at most): a slow handshake holds up only
//!   itself.
//! * **A throttle per connection.** A connection may send 500 messages (requests or commands)
//!   per 100 ms; past that its thread waits for the rest of the 100 ms before reading more:
//!   5000 a second at most for a connection, so 80,000 for a port full of flooding clients,
//!   whose threads the ticking thread never waits for.
//!
//! # Differences from BehaviorTree.CPP 4.8.2
//!
//! * A request with a protocol id other than 2 gets an error reply (BehaviorTree.CPP ignores
//!   the id and answers).
//! * Malformed hook JSON gets an error reply (it ends BehaviorTree.CPP's process).
//! * Connections are limited per port and requests per connection (above); BehaviorTree.CPP's
//!   libzmq takes connections until the process runs out of file descriptors and answers
//!   requests as fast as they come.
//! * The tree's UUID in reply headers is random per publisher (BehaviorTree.CPP's generator is
//!   never seeded, so every process sends the same one).
//! * Breakpoints pause *after* their node has answered (a compiled tree reports each node's
//!   result to its observer, and has no call before a node's tick to hook into without a cost
//!   for every tree); they cannot replace the node's result, so a hook in `REPLACE` mode is
//!   refused and an unlock's `desired_status` is kept but not applied.
//!
//! # Why a ZeroMQ of its own
//!
//! The protocol runs over ZeroMQ. The crate binding libzmq (`zmq`) needs the C library
//! installed or a C++ toolchain and CMake to build it, which `cargo test` on a fresh machine
//! does not have; the pure-Rust `zeromq` crate brings an async runtime (tokio or async-std)
//! into a library whose trees must never wait. A monitor needs two socket types (REP and PUB),
//! the NULL mechanism and ZMTP 3.x framing (RFC 23/37): a few hundred lines on std's TCP and
//! threads, with every size bounded in one place (the `zmtp` module). It is checked
//! against libzmq (pyzmq's REQ and SUB sockets, and `btview`) by `tests/groot2/check.py`.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod blackboard;
mod files;
mod hooks;
mod json;
mod protocol;
mod publisher;
mod server;
mod shared;
mod status;
mod xml;
mod zmtp;

pub use blackboard::{Entries, Value};
pub use files::{BtLog, ChromeTrace, BTLOG_MAGIC};
pub use protocol::{RequestError, RequestType, PROTOCOL_ID};
pub use publisher::{Groot2Builder, Groot2Publisher, DEFAULT_PORT, MAX_TRANSITIONS};

#[cfg(test)]
mod fuzz;
#[cfg(test)]
mod tests;
