//! The server side: accepting connections, answering requests, publishing notifications.
//!
//! Each connection has a thread of its own: the one that accepted it (a blocking `accept`, so
//! a client is taken as soon as it connects), which does the handshake and serves it, after
//! making sure that another thread waits in `accept` ([`Port`]): a slow handshake holds up only
//! itself. Each port has its own budget of connections (a [`Table`] of the shared state): when
//! it is full, a new connection takes the place of the one that has been idle longest, so idle
//! and slow clients cannot lock a real one out.
//! A housekeeping thread keeps the heartbeat and the blackboard interest up to date. A
//! connection thread reads the shared state through atomics and short critical sections the
//! ticking thread never waits for.

use std::io::{Read, Write};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use crate::blackboard::{write_map_len, write_str, NIL};
use crate::protocol::{
    parse_header, reply_header, request_header, RequestError, RequestType, PROTOCOL_ID,
};
use crate::shared::{lock, Activity, Shared, Table};
use crate::zmtp::{Connection, Incoming, SocketType};

/// Groot2's heartbeat: with no request for this long, every hook is disabled.
const HEARTBEAT: Duration = Duration::from_secs(5);

/// A client asking for blackboards keeps the tree publishing them this long after its last
/// request.
const BLACKBOARD_INTEREST: Duration = Duration::from_secs(5);

/// How long a blackboard request waits for a fresh snapshot from a ticking tree.
const BLACKBOARD_WAIT: Duration = Duration::from_millis(200);

/// Messages (requests and commands) a connection may send per [`RATE_WINDOW`] before its thread
/// pauses until the window is over: 5000 a second.
const RATE_LIMIT: u32 = 500;
const RATE_WINDOW: Duration = Duration::from_millis(100);

/// The most subscriptions a SUB peer may hold, and the longest.
const MAX_SUBSCRIPTIONS: usize = 32;
const MAX_SUBSCRIPTION_LEN: usize = 64;

/// How often the housekeeping thread wakes up (and how long stopping may wait for it).
const HOUSEKEEPING: Duration = Duration::from_millis(20);

/// How many threads of a port may wait in `accept` at once: a thread whose connection ended
/// goes back to accepting while fewer wait, and ends otherwise.
const SPARE_THREADS: usize = 2;

/// One port: its listener, and the threads waiting for its next connection.
///
/// The thread that accepts a connection also does its handshake and serves it (one thread
/// wakes up per client, as in an event loop), and first makes sure another thread is waiting
/// in `accept`: a slow handshake never holds up the next client's. When the connection ends,
/// the thread goes back to accepting, or ends if [`SPARE_THREADS`] already wait.
pub(crate) struct Port {
    shared: Arc<Shared>,
    listener: TcpListener,
    kind: SocketType,
    /// The address that reaches the listener (to wake a waiting thread when stopping).
    wake: SocketAddr,
    /// Threads blocked in `accept`.
    waiting: AtomicUsize,
}

/// The server: both ports and the housekeeping thread.
pub(crate) struct Server {
    ports: [Arc<Port>; 2],
    housekeeper: JoinHandle<()>,
}

/// Starts a thread waiting for connections on each port, and the housekeeping thread.
pub(crate) fn start(
    shared: &Arc<Shared>,
    rep: TcpListener,
    publisher: TcpListener,
) -> std::io::Result<Server> {
    let port = |listener: TcpListener, kind| -> std::io::Result<Arc<Port>> {
        Ok(Arc::new(Port {
            shared: shared.clone(),
            wake: wake_address(listener.local_addr()?),
            listener,
            kind,
            waiting: AtomicUsize::new(0),
        }))
    };
    let ports = [
        port(rep, SocketType::Rep)?,
        port(publisher, SocketType::Pub)?,
    ];
    let started = (|| {
        for port in &ports {
            spawn_thread(port)?;
        }
        let shared = shared.clone();
        let watched = ports.clone();
        std::thread::Builder::new()
            .name("groot2-server".into())
            .spawn(move || housekeeping(&shared, &watched))
    })();
    match started {
        Ok(housekeeper) => Ok(Server { ports, housekeeper }),
        Err(error) => {
            shared.stop.store(true, Ordering::Relaxed);
            for port in &ports {
                port.stop();
            }
            Err(error)
        }
    }
}

impl Server {
    /// Stops every thread, closes every connection and both ports (the stop flag is already
    /// set).
    pub(crate) fn stop(self) {
        self.housekeeper.thread().unpark();
        let _ = self.housekeeper.join();
        for port in &self.ports {
            port.stop();
        }
    }
}

impl Port {
    /// Closes the port's connections and wakes its waiting threads until none holds the port
    /// (2 s at most: a thread still there is then left to end by itself). The listener
    /// closes with the last holder.
    fn stop(self: &Arc<Port>) {
        let deadline = Instant::now() + Duration::from_secs(2);
        while Arc::strong_count(self) > 1 && Instant::now() < deadline {
            // Again each time: a thread may have admitted a connection since the last pass.
            self.shared.ports[port_index(self.kind)].close_all();
            if self.waiting.load(Ordering::Relaxed) > 0 {
                // A connection of our own returns one `accept`; its thread sees the stop flag.
                let _ = TcpStream::connect_timeout(&self.wake, Duration::from_millis(100));
            }
            // The time for the thread to wake up (not a connection per turn of this loop).
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

/// The address to connect to for reaching a listener bound to `address`.
fn wake_address(address: SocketAddr) -> SocketAddr {
    let ip = match address.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
        IpAddr::V6(ip) if ip.is_unspecified() => IpAddr::V6(Ipv6Addr::LOCALHOST),
        ip => ip,
    };
    SocketAddr::new(ip, address.port())
}

fn spawn_thread(port: &Arc<Port>) -> std::io::Result<()> {
    let port = port.clone();
    std::thread::Builder::new()
        .name("groot2-connection".into())
        .spawn(move || connection_thread(&port))
        .map(drop)
}

/// Accepts a connection and serves it, again and again while the port needs the thread.
fn connection_thread(port: &Arc<Port>) {
    let shared = &*port.shared;
    loop {
        if shared.stop.load(Ordering::Relaxed) {
            return;
        }
        port.waiting.fetch_add(1, Ordering::Relaxed);
        let accepted = port.listener.accept();
        let others = port.waiting.fetch_sub(1, Ordering::Relaxed) - 1;
        if shared.stop.load(Ordering::Relaxed) {
            return;
        }
        let Ok((stream, _)) = accepted else {
            // Out of file descriptors, or a connection reset before it was taken: try again
            // a little later rather than spin.
            std::thread::sleep(Duration::from_millis(10));
            continue;
        };
        if others == 0 {
            // If no thread can be made now, housekeeping tries again.
            let _ = spawn_thread(port);
        }
        serve_connection(shared, stream, port.kind);
        if port.waiting.load(Ordering::Relaxed) >= SPARE_THREADS {
            return;
        }
    }
}

fn housekeeping(shared: &Shared, ports: &[Arc<Port>; 2]) {
    let mut had_heartbeat = true;
    while !shared.stop.load(Ordering::Relaxed) {
        let now = shared.millis();
        let asked = shared.blackboard_asked.load(Ordering::Relaxed);
        if now.saturating_sub(asked) > BLACKBOARD_INTEREST.as_millis() as u64 {
            shared.blackboard_wanted.store(false, Ordering::Relaxed);
        }
        if let Some(hooks) = &shared.hooks {
            let last = shared.last_request.load(Ordering::Relaxed);
            let heartbeat = now.saturating_sub(last) < HEARTBEAT.as_millis() as u64;
            if heartbeat != had_heartbeat {
                hooks.enable_all(heartbeat);
                had_heartbeat = heartbeat;
            }
        }
        // A port with no thread waiting (none could be made when it was needed) gets one.
        for port in ports {
            if port.waiting.load(Ordering::Relaxed) == 0 {
                let _ = spawn_thread(port);
            }
        }
        // Woken early when the publisher stops.
        std::thread::park_timeout(HOUSEKEEPING);
    }
}

/// The index of a port's [`Table`] in [`Shared::ports`].
pub(crate) fn port_index(kind: SocketType) -> usize {
    usize::from(kind != SocketType::Rep)
}

/// Takes a connection's entry out of its table when it ends.
struct Registered<'a> {
    table: &'a Table,
    id: u64,
}

impl Drop for Registered<'_> {
    fn drop(&mut self) {
        self.table.remove(self.id);
    }
}

/// Admits a connection to its port's table, does the handshake and serves the connection.
fn serve_connection(shared: &Shared, stream: TcpStream, kind: SocketType) {
    let table = &shared.ports[port_index(kind)];
    let Some((id, activity)) = table.admit(shared, &stream) else {
        return; // dropping the stream closes it
    };
    let _registered = Registered { table, id };
    let Ok(connection) = Connection::handshake(stream, kind, shared.limits, &shared.stop) else {
        return;
    };
    serve(shared, connection, kind, &activity);
}

/// Serves a connection after its handshake until it closes, breaks the protocol or the
/// publisher stops.
pub(crate) fn serve<S: Read + Write>(
    shared: &Shared,
    connection: Connection<S>,
    kind: SocketType,
    activity: &Activity,
) {
    match kind {
        SocketType::Rep => serve_requests(shared, connection, activity),
        _ => serve_subscriber(shared, connection, activity),
    }
}

/// Slows a connection down to [`RATE_LIMIT`] messages per [`RATE_WINDOW`].
struct Throttle {
    window: Instant,
    count: u32,
}

impl Throttle {
    fn new() -> Throttle {
        Throttle {
            window: Instant::now(),
            count: 0,
        }
    }

    fn count(&mut self, shared: &Shared) {
        self.count += 1;
        if self.count > RATE_LIMIT {
            let elapsed = self.window.elapsed();
            if elapsed < RATE_WINDOW {
                shared.throttled.fetch_add(1, Ordering::Relaxed);
                std::thread::sleep(RATE_WINDOW - elapsed);
            }
            self.window = Instant::now();
            self.count = 1;
        }
    }
}

fn serve_requests<S: Read + Write>(
    shared: &Shared,
    mut connection: Connection<S>,
    activity: &Activity,
) {
    let mut throttle = Throttle::new();
    while !shared.stop.load(Ordering::Relaxed) {
        let incoming = connection.read(&shared.stop);
        throttle.count(shared);
        let frames = match incoming {
            Ok(Incoming::Message(frames)) => frames,
            Ok(_) => continue,
            Err(_) => return,
        };
        // A REQ peer's envelope: an empty delimiter frame before the request.
        let Some((delimiter, request)) = frames.split_first() else {
            return;
        };
        if !delimiter.is_empty() {
            return;
        }
        let reply = answer(shared, request);
        if reply[0] != b"error" {
            activity.touch(shared);
        }
        let mut parts: Vec<&[u8]> = Vec::with_capacity(reply.len() + 1);
        parts.push(&[]);
        parts.extend(reply.iter().map(Vec::as_slice));
        if connection.write(&parts).is_err() {
            return;
        }
    }
}

fn error_reply(error: RequestError) -> Vec<Vec<u8>> {
    vec![b"error".to_vec(), error.message().as_bytes().to_vec()]
}

/// The reply frames to one request's frames (without the REQ envelope).
pub(crate) fn answer(shared: &Shared, request: &[Vec<u8>]) -> Vec<Vec<u8>> {
    shared
        .last_request
        .store(shared.millis(), Ordering::Relaxed);
    let Some(first) = request.first() else {
        return error_reply(RequestError::WrongHeader);
    };
    let header = match parse_header(first) {
        Ok(header) => header,
        Err(error) => return error_reply(error),
    };
    let Some(kind) = RequestType::from_byte(header.type_byte) else {
        return error_reply(RequestError::Unknown);
    };
    let mut reply = vec![reply_header(header, &shared.uuid).to_vec()];
    let second = request.get(1).map(Vec::as_slice);
    let needs_second = matches!(
        kind,
        RequestType::Blackboard
            | RequestType::HookInsert
            | RequestType::HookRemove
            | RequestType::BreakpointUnlock
            | RequestType::ToggleRecording
    );
    if needs_second && request.len() != 2 {
        return error_reply(RequestError::NeedsTwoParts);
    }
    let hooks = || shared.hooks.as_ref().ok_or(RequestError::HooksDisabled);
    let result: Result<Option<Vec<u8>>, RequestError> = match kind {
        RequestType::FullTree => Ok(Some(shared.xml.as_bytes().to_vec())),
        RequestType::Status => {
            let mut out = Vec::with_capacity(3 * shared.order.len());
            crate::status::write_buffer(&shared.order, &shared.states, &mut out);
            Ok(Some(out))
        }
        RequestType::Blackboard => Ok(Some(blackboards(shared, second.unwrap_or_default()))),
        RequestType::HookInsert => hooks()
            .and_then(|h| h.insert(second.unwrap_or_default()))
            .map(|_| None),
        RequestType::HookRemove => match &shared.hooks {
            Some(h) => h.remove(second.unwrap_or_default()).map(|_| None),
            // No hook can exist: BehaviorTree.CPP's answer for a hook it does not have.
            None => Err(RequestError::NodeNotFound),
        },
        RequestType::BreakpointUnlock => match &shared.hooks {
            Some(h) => h.unlock(second.unwrap_or_default()).map(|_| None),
            None => Err(RequestError::NodeNotFound),
        },
        RequestType::HooksDump => Ok(Some(
            shared
                .hooks
                .as_ref()
                .map_or_else(|| "[]".to_owned(), |h| h.dump())
                .into_bytes(),
        )),
        RequestType::RemoveAllHooks => {
            if let Some(h) = &shared.hooks {
                h.remove_all();
            }
            Ok(None)
        }
        RequestType::DisableAllHooks => {
            if let Some(h) = &shared.hooks {
                h.enable_all(false);
            }
            Ok(None)
        }
        RequestType::ToggleRecording => Ok(toggle_recording(shared, second.unwrap_or_default())),
        RequestType::GetTransitions => Ok(Some(transitions(shared))),
        RequestType::BreakpointReached => Err(RequestError::Unknown),
    };
    match result {
        Ok(Some(body)) => {
            reply.push(body);
            reply
        }
        Ok(None) => reply,
        Err(error) => error_reply(error),
    }
}

/// `B`: the blackboards named in `names` (`;`-separated) that this publisher has: the tree's.
fn blackboards(shared: &Shared, names: &[u8]) -> Vec<u8> {
    let wanted = names
        .split(|&b| b == b';')
        .any(|name| name == shared.tree_name.as_bytes());
    if !wanted {
        return vec![NIL];
    }
    shared
        .blackboard_asked
        .store(shared.millis(), Ordering::Relaxed);
    let was_wanted = shared.blackboard_wanted.swap(true, Ordering::Relaxed);
    let mut snapshot = lock(&shared.blackboard);
    if !was_wanted || !snapshot.published {
        // Give a ticking tree the time of a tick or two to publish a fresh snapshot.
        let seen = snapshot.sequence;
        let deadline = Instant::now() + BLACKBOARD_WAIT;
        while snapshot.sequence == seen {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            snapshot = shared
                .blackboard_ready
                .wait_timeout(snapshot, left)
                .unwrap_or_else(|poisoned| poisoned.into_inner())
                .0;
        }
    }
    let mut out = Vec::with_capacity(64);
    write_map_len(&mut out, 1);
    write_str(&mut out, &shared.tree_name);
    snapshot.entries.write_map(&mut out);
    out
}

/// `r`: `start` answers the system time in microseconds; `stop` and anything else nothing.
fn toggle_recording(shared: &Shared, command: &[u8]) -> Option<Vec<u8>> {
    match command {
        b"start" => {
            let mut transitions = lock(&shared.transitions);
            transitions.clear();
            shared.recording_generation.fetch_add(1, Ordering::Relaxed);
            shared
                .recording_start
                .store(shared.epoch.elapsed().as_micros() as u64, Ordering::Relaxed);
            shared.recording.store(true, Ordering::Relaxed);
            let now = SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_micros());
            Some(now.to_string().into_bytes())
        }
        b"stop" => {
            shared.recording.store(false, Ordering::Relaxed);
            None
        }
        _ => None,
    }
}

/// `t`: the transitions recorded since the last request, 9 bytes each: the time in
/// microseconds since the recording started (6 bytes, little-endian), the uid (2) and the new
/// status (1, IDLE for a reset).
fn transitions(shared: &Shared) -> Vec<u8> {
    let mut transitions = lock(&shared.transitions);
    let mut out = Vec::with_capacity(9 * transitions.len());
    for record in transitions.drain(..) {
        out.extend_from_slice(&record.micros.to_le_bytes()[..6]);
        out.extend_from_slice(&record.uid.to_le_bytes());
        out.push(record.status);
    }
    out
}

/// On the ticking thread, at a breakpoint: queues the `BREAKPOINT_REACHED` notification (its
/// header, then the node's uid in decimal), which the PUB connections send.
pub(crate) fn announce(shared: &Shared, node: usize) {
    let mut notices = lock(&shared.notices);
    let sequence = notices.next;
    notices.next += 1;
    let id = (sequence as u32).wrapping_mul(2_654_435_761);
    let header = request_header(RequestType::BreakpointReached.byte(), id);
    debug_assert_eq!(header[0], PROTOCOL_ID);
    let message = vec![header.to_vec(), (node + 1).to_string().into_bytes()];
    if notices.queue.len() == 16 {
        notices.queue.pop_front();
    }
    notices.queue.push_back((sequence, message));
}

/// Applies what a SUB peer sent to its subscriptions; true if it was a subscription or its
/// cancelling.
pub(crate) fn subscription(subscriptions: &mut Vec<Vec<u8>>, incoming: Incoming) -> bool {
    let subscribe = |subscriptions: &mut Vec<Vec<u8>>, prefix: &[u8]| {
        if subscriptions.len() < MAX_SUBSCRIPTIONS
            && prefix.len() <= MAX_SUBSCRIPTION_LEN
            && !subscriptions.iter().any(|p| p == prefix)
        {
            subscriptions.push(prefix.to_vec());
        }
    };
    match incoming {
        Incoming::Subscribe(prefix) => subscribe(subscriptions, &prefix),
        Incoming::Cancel(prefix) => subscriptions.retain(|p| *p != prefix),
        // A SUB peer's ZMTP 3.0 form: one frame, 1 (subscribe) or 0 (cancel) + prefix.
        Incoming::Message(frames) => match frames.as_slice() {
            [frame] if frame.first() == Some(&1) => subscribe(subscriptions, &frame[1..]),
            [frame] if frame.first() == Some(&0) => subscriptions.retain(|p| p[..] != frame[1..]),
            _ => return false,
        },
        Incoming::Command => return false,
    }
    true
}

fn serve_subscriber<S: Read + Write>(
    shared: &Shared,
    mut connection: Connection<S>,
    activity: &Activity,
) {
    let mut subscriptions: Vec<Vec<u8>> = Vec::new();
    let mut throttle = Throttle::new();
    // Only notifications queued after the peer connected are sent to it.
    let mut next = lock(&shared.notices).next;
    while !shared.stop.load(Ordering::Relaxed) {
        match connection.poll(&shared.stop) {
            Ok(Some(incoming)) => {
                throttle.count(shared);
                if subscription(&mut subscriptions, incoming) {
                    activity.touch(shared);
                }
            }
            Ok(None) => {}
            Err(_) => return,
        }
        let due: Vec<Vec<Vec<u8>>> = {
            let notices = lock(&shared.notices);
            let due = notices
                .queue
                .iter()
                .filter(|(sequence, _)| *sequence >= next)
                .map(|(_, message)| message.clone())
                .collect();
            next = notices.next;
            due
        };
        for message in due {
            if subscriptions.iter().any(|p| message[0].starts_with(p)) {
                let parts: Vec<&[u8]> = message.iter().map(Vec::as_slice).collect();
                if connection.write(&parts).is_err() {
                    return;
                }
            }
        }
    }
}
