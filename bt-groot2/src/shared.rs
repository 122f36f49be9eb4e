//! What the ticking thread ([`Groot2Publisher`](crate::Groot2Publisher)) and the server
//! threads share: the tree's description and node states, the recording, the blackboard
//! snapshot, the breakpoint notices, and each port's table of connections. The publisher
//! builds it and the server reads it; neither module imports the other for it.

use std::collections::VecDeque;
use std::net::{Shutdown, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Instant;

use crate::blackboard;
use crate::hooks::Hooks;
use crate::zmtp::Limits;

/// One recorded transition: microseconds since recording started, node uid, new status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Record {
    pub micros: u64,
    pub uid: u16,
    pub status: u8,
}

/// The blackboard snapshot the server sends.
#[derive(Default)]
pub(crate) struct Snapshot {
    pub entries: blackboard::Entries,
    /// Bumped by each new snapshot.
    pub sequence: u64,
    /// True once the tree has published one.
    pub published: bool,
}

/// Breakpoint notifications for the PUB connections: `(sequence, message frames)`.
#[derive(Default)]
pub(crate) struct Notices {
    pub next: u64,
    pub queue: VecDeque<(u64, Vec<Vec<u8>>)>,
}

/// What the ticking thread and the server threads share.
pub(crate) struct Shared {
    pub stop: AtomicBool,
    pub uuid: [u8; 16],
    pub tree_name: String,
    pub xml: String,
    pub order: Vec<u16>,
    pub states: Box<[AtomicU8]>,
    pub limits: Limits,
    /// The connections of each port: the request port's, then the PUB port's.
    pub ports: [Table; 2],
    /// How many times a connection was made to wait by the request throttle.
    pub throttled: AtomicU64,
    /// How many connections were closed to make room for new ones.
    pub evicted: AtomicU64,
    /// Counts the useful acts of every connection (their order decides which is idlest).
    pub acts: AtomicU64,
    /// The start of the publisher's clock (recording times count from it).
    pub epoch: Instant,
    pub recording: AtomicBool,
    /// Microseconds since `epoch` when recording started.
    pub recording_start: AtomicU64,
    /// Bumped by each start of a recording: older pending transitions are dropped.
    pub recording_generation: AtomicU64,
    pub transitions: Mutex<VecDeque<Record>>,
    /// True while a client asks for blackboards: the tree then publishes snapshots.
    pub blackboard_wanted: AtomicBool,
    /// Milliseconds since `epoch` of the last blackboard request.
    pub blackboard_asked: AtomicU64,
    pub blackboard: Mutex<Snapshot>,
    pub blackboard_ready: Condvar,
    pub hooks: Option<Hooks>,
    /// Milliseconds since `epoch` of the last request (Groot2's heartbeat).
    pub last_request: AtomicU64,
    pub notices: Mutex<Notices>,
}

/// Locks `mutex`, also after a panic of another holder (the data stays consistent: every
/// critical section here is a copy or a swap).
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Shared {
    pub fn millis(&self) -> u64 {
        self.epoch.elapsed().as_millis() as u64
    }
}

/// One port's connections: at most `limit`, handshaking or served.
///
/// When a connection arrives and the table is full, the idlest connection is closed to make
/// room: first those that have done nothing useful yet (still in the handshake, or handshaken
/// and silent, or sending only ZMTP commands such as `PING`), oldest first; then the one whose
/// last useful act is the oldest. A useful act is a request answered without an error on the
/// request port, and a subscription or its cancelling on the PUB port. A client polling the
/// tree is then never the one closed while a client that only holds its connection is there.
pub(crate) struct Table {
    limit: usize,
    entries: Mutex<Entries>,
}

#[derive(Default)]
struct Entries {
    next_id: u64,
    list: Vec<Entry>,
}

struct Entry {
    id: u64,
    /// A handle on the connection's socket, to close it from here.
    stream: TcpStream,
    activity: Arc<Activity>,
}

/// When a connection last did something useful: 0 if never, else the number the publisher's
/// [`Shared::acts`] counter gave that act (a strict order, where two clock readings can tie).
#[derive(Default)]
pub(crate) struct Activity(AtomicU64);

impl Activity {
    pub(crate) fn touch(&self, shared: &Shared) {
        let act = shared.acts.fetch_add(1, Ordering::Relaxed) + 1;
        self.0.store(act, Ordering::Relaxed);
    }

    /// The eviction order, lowest first: connections that have done nothing useful, by their
    /// id (the order they came in), then the others by their last useful act.
    fn rank(&self, id: u64) -> (bool, u64) {
        match self.0.load(Ordering::Relaxed) {
            0 => (false, id),
            last => (true, last),
        }
    }
}

impl Table {
    pub(crate) fn new(limit: usize) -> Table {
        Table {
            limit: limit.max(1),
            entries: Mutex::default(),
        }
    }

    /// Makes room for a new connection and registers it: its id and activity, or `None` if
    /// its socket cannot be shared with the table (the caller then drops it).
    pub(crate) fn admit(
        &self,
        shared: &Shared,
        stream: &TcpStream,
    ) -> Option<(u64, Arc<Activity>)> {
        let handle = stream.try_clone().ok()?;
        let mut entries = lock(&self.entries);
        while entries.list.len() >= self.limit {
            let victim = entries
                .list
                .iter()
                .enumerate()
                .min_by_key(|(_, e)| e.activity.rank(e.id))
                .map(|(index, _)| index)?;
            let victim = entries.list.swap_remove(victim);
            // Its thread wakes up with an error at once and ends.
            let _ = victim.stream.shutdown(Shutdown::Both);
            shared.evicted.fetch_add(1, Ordering::Relaxed);
        }
        let id = entries.next_id;
        entries.next_id += 1;
        let activity = Arc::new(Activity::default());
        entries.list.push(Entry {
            id,
            stream: handle,
            activity: activity.clone(),
        });
        Some((id, activity))
    }

    pub(crate) fn remove(&self, id: u64) {
        let mut entries = lock(&self.entries);
        if let Some(index) = entries.list.iter().position(|e| e.id == id) {
            entries.list.swap_remove(index);
        }
    }

    /// Closes every connection (when the publisher stops).
    pub(crate) fn close_all(&self) {
        for entry in lock(&self.entries).list.drain(..) {
            let _ = entry.stream.shutdown(Shutdown::Both);
        }
    }

    /// How many connections the table holds now.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        lock(&self.entries).list.len()
    }
}
