//! The server side: accepting connections, answering requests, publishing notifications.
//!
//! One thread accepts on both sockets (and keeps the heartbeat and the blackboard interest up
//! to date); each connection gets a thread of its own, at most `max_connections` at once, so a
//! slow or hostile client holds up only itself. A connection thread reads the shared state
//! through atomics and short critical sections the ticking thread never waits for.

use std::net::{TcpListener, TcpStream};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use crate::blackboard::{write_map_len, write_str, NIL};
use crate::protocol::{
    parse_header, reply_header, request_header, RequestError, RequestType, PROTOCOL_ID,
};
use crate::publisher::{lock, Shared};
use crate::zmtp::{Connection, Incoming, SocketType};

/// Groot2's heartbeat: with no request for this long, every hook is disabled.
const HEARTBEAT: Duration = Duration::from_secs(5);

/// A client asking for blackboards keeps the tree publishing them this long after its last
/// request.
const BLACKBOARD_INTEREST: Duration = Duration::from_secs(5);

/// How long a blackboard request waits for a fresh snapshot from a ticking tree.
const BLACKBOARD_WAIT: Duration = Duration::from_millis(200);

/// Requests a connection may make per [`RATE_WINDOW`] before its thread slows down.
const RATE_LIMIT: u32 = 500;
const RATE_WINDOW: Duration = Duration::from_millis(100);

/// The most subscriptions a SUB peer may hold, and the longest.
const MAX_SUBSCRIPTIONS: usize = 32;
const MAX_SUBSCRIPTION_LEN: usize = 64;

/// Decrements the connection count when a connection thread ends.
struct Slot(Arc<Shared>);

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.connections.fetch_sub(1, Ordering::Relaxed);
    }
}

pub(crate) fn accept_loop(shared: Arc<Shared>, rep: TcpListener, publisher: TcpListener) {
    let mut had_heartbeat = true;
    while !shared.stop.load(Ordering::Relaxed) {
        let mut idle = true;
        for (listener, kind) in [(&rep, SocketType::Rep), (&publisher, SocketType::Pub)] {
            if let Ok((stream, _)) = listener.accept() {
                idle = false;
                spawn_connection(&shared, stream, kind);
            }
        }
        // Housekeeping.
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
        if idle {
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

fn spawn_connection(shared: &Arc<Shared>, stream: TcpStream, kind: SocketType) {
    if shared.connections.fetch_add(1, Ordering::Relaxed) >= shared.max_connections {
        shared.connections.fetch_sub(1, Ordering::Relaxed);
        return; // dropping the stream closes it
    }
    let slot = Slot(shared.clone());
    let spawned = std::thread::Builder::new()
        .name("groot2-connection".into())
        .spawn(move || {
            let shared = slot.0.clone();
            if stream.set_nonblocking(false).is_err() {
                return;
            }
            let Ok(connection) = Connection::handshake(stream, kind, shared.limits, &shared.stop)
            else {
                return;
            };
            match kind {
                SocketType::Rep => serve_requests(&shared, connection),
                _ => serve_subscriber(&shared, connection),
            }
            drop(slot);
        });
    // If no thread could be made, the closure (and its slot) is dropped with the error.
    drop(spawned);
}

fn serve_requests(shared: &Shared, mut connection: Connection) {
    let mut window = Instant::now();
    let mut count = 0u32;
    while !shared.stop.load(Ordering::Relaxed) {
        let frames = match connection.read(&shared.stop) {
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
        count += 1;
        if count > RATE_LIMIT {
            let elapsed = window.elapsed();
            if elapsed < RATE_WINDOW {
                std::thread::sleep(RATE_WINDOW - elapsed);
            }
            window = Instant::now();
            count = 0;
        }
        let reply = answer(shared, request);
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

fn serve_subscriber(shared: &Shared, mut connection: Connection) {
    let mut subscriptions: Vec<Vec<u8>> = Vec::new();
    // Only notifications queued after the peer connected are sent to it.
    let mut next = lock(&shared.notices).next;
    while !shared.stop.load(Ordering::Relaxed) {
        match connection.poll(&shared.stop) {
            Ok(Some(Incoming::Subscribe(prefix))) => {
                if subscriptions.len() < MAX_SUBSCRIPTIONS
                    && prefix.len() <= MAX_SUBSCRIPTION_LEN
                    && !subscriptions.contains(&prefix)
                {
                    subscriptions.push(prefix);
                }
            }
            Ok(Some(Incoming::Cancel(prefix))) => subscriptions.retain(|p| *p != prefix),
            // A SUB peer's ZMTP 3.0 form: one frame, 1 (subscribe) or 0 (cancel) + prefix.
            Ok(Some(Incoming::Message(frames))) => match frames.as_slice() {
                [frame] if frame.first() == Some(&1) => {
                    let prefix = frame[1..].to_vec();
                    if subscriptions.len() < MAX_SUBSCRIPTIONS
                        && prefix.len() <= MAX_SUBSCRIPTION_LEN
                        && !subscriptions.contains(&prefix)
                    {
                        subscriptions.push(prefix);
                    }
                }
                [frame] if frame.first() == Some(&0) => {
                    subscriptions.retain(|p| p[..] != frame[1..]);
                }
                _ => {}
            },
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
