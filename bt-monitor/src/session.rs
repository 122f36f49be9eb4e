//! One page's WebSocket session: its commands in, and what is new out, every update interval.
//!
//! Commands (text messages): `watch ID` (an agent: its tree, then its history and each new
//! tick), `unwatch`, `find TEXT` (the agent list: name or tree name containing the text, or
//! `#ID`), `running NODE` (the agents of the watched agent's tree running that node or a leaf
//! under it), `tree ID` (a tree's nodes). Replies are JSON objects with a `type`: `hello`,
//! `agents`, `tree`, `history`, `ticks`, `counts`, `error` (the page's script reads them).

use std::collections::HashSet;
use std::fmt::Write as _;
use std::io;
use std::net::TcpStream;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use bt_core::NodeInfo;
use tungstenite::protocol::{Role, WebSocketConfig};
use tungstenite::{Message, WebSocket};

use crate::hub::{lock, AgentShared, Hub};
use crate::json;

/// The most agents listed at once (the page says how many matched).
const MAX_LISTED: usize = 200;
/// The most bytes of ticks in one message (a history goes in several).
const MAX_TICKS_BYTES: usize = 1 << 20;
/// How often the agent list and the node counts are refreshed.
const LIST_INTERVAL: Duration = Duration::from_secs(1);

/// The agent a page watches, and how far it has been sent.
struct Watch {
    agent: Arc<AgentShared>,
    /// The sequence number of the next record to send (`History::sequence`).
    next: u64,
    /// The last record sent: its sequence number and revision.
    last: Option<(u64, u32)>,
    /// The blackboard the page has last (the same one is not sent again).
    board: Option<Arc<str>>,
    /// Nothing sent yet: the first message is a `history` with the base.
    fresh: bool,
}

enum Query {
    Find(String),
    Running(usize),
}

struct Session<'h> {
    hub: &'h Hub,
    socket: WebSocket<TcpStream>,
    watch: Option<Watch>,
    query: Query,
    trees_sent: HashSet<usize>,
    commands: u32,
    second: Instant,
}

/// The reasons a session ends.
enum End {
    Closed,
    Slow,
    Oversized,
    Flooding,
}

pub(crate) fn run(hub: &Hub, stream: TcpStream, rest: Vec<u8>) {
    let settings = &hub.settings;
    let _ = stream.set_read_timeout(Some(
        settings.update_interval.min(Duration::from_millis(50)),
    ));
    let config = WebSocketConfig::default()
        .max_message_size(Some(settings.max_message_bytes))
        .max_frame_size(Some(settings.max_message_bytes))
        .max_write_buffer_size(MAX_TICKS_BYTES * 4);
    let socket = WebSocket::from_partially_read(stream, rest, Role::Server, Some(config));
    hub.page(true);
    let mut session = Session {
        hub,
        socket,
        watch: None,
        query: Query::Find(String::new()),
        trees_sent: HashSet::new(),
        commands: 0,
        second: Instant::now(),
    };
    let end = session.serve();
    session.unwatch();
    hub.page(false);
    let counter = match end {
        End::Closed => None,
        End::Slow => Some(&hub.counters.slow),
        End::Oversized => Some(&hub.counters.oversized),
        End::Flooding => Some(&hub.counters.flooding),
    };
    if let Some(counter) = counter {
        counter.fetch_add(1, Ordering::Relaxed);
    }
    let _ = session.socket.get_mut().shutdown(std::net::Shutdown::Both);
}

impl Session<'_> {
    fn serve(&mut self) -> End {
        let interval = self.hub.settings.update_interval;
        let hello = format!(
            "{{\"type\":\"hello\",\"version\":1,\"history\":{},\"interval\":{}}}",
            self.hub.settings.history,
            interval.as_millis()
        );
        if let Err(end) = self.send(hello) {
            return end;
        }
        if let Err(end) = self.send_list() {
            return end;
        }
        let mut next_update = Instant::now() + interval;
        let mut next_list = Instant::now() + LIST_INTERVAL;
        loop {
            if self.hub.stop.load(Ordering::Relaxed) {
                let _ = self.socket.close(None);
                let _ = self.socket.flush();
                return End::Closed;
            }
            match self.socket.read() {
                Ok(Message::Text(text)) => {
                    if let Err(end) = self.command(text.as_str()) {
                        return end;
                    }
                }
                Ok(Message::Close(_)) => return End::Closed,
                Ok(_) => {}
                Err(tungstenite::Error::Io(error))
                    if matches!(
                        error.kind(),
                        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                    ) => {}
                Err(tungstenite::Error::Capacity(_)) => return End::Oversized,
                Err(_) => return End::Closed,
            }
            let now = Instant::now();
            if now >= next_update {
                next_update = now + interval;
                if let Err(end) = self.send_ticks() {
                    return end;
                }
            }
            if now >= next_list {
                next_list = now + LIST_INTERVAL;
                if let Err(end) = self.send_list().and_then(|()| self.send_counts()) {
                    return end;
                }
            }
        }
    }

    fn send(&mut self, text: String) -> Result<(), End> {
        match self.socket.send(Message::text(text)) {
            Ok(()) => Ok(()),
            Err(tungstenite::Error::Io(error))
                if matches!(
                    error.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) =>
            {
                Err(End::Slow)
            }
            Err(tungstenite::Error::WriteBufferFull(_)) => Err(End::Slow),
            Err(_) => Err(End::Closed),
        }
    }

    fn command(&mut self, text: &str) -> Result<(), End> {
        let now = Instant::now();
        if now.duration_since(self.second) >= Duration::from_secs(1) {
            self.second = now;
            self.commands = 0;
        }
        self.commands += 1;
        if self.commands > self.hub.settings.max_commands_per_second {
            return Err(End::Flooding);
        }
        let (verb, argument) = text.split_once(' ').unwrap_or((text, ""));
        match verb {
            "watch" => match argument.trim().parse::<u64>() {
                Ok(id) => self.watch(id),
                Err(_) => self.error("watch: expected an agent id"),
            },
            "unwatch" => {
                self.unwatch();
                Ok(())
            }
            "find" => {
                self.query = Query::Find(argument.trim().chars().take(200).collect());
                self.send_list()
            }
            "running" => match argument.trim().parse::<usize>() {
                Ok(node) => {
                    self.query = Query::Running(node);
                    self.send_list()
                }
                Err(_) => self.error("running: expected a node id"),
            },
            "tree" => match argument.trim().parse::<usize>() {
                Ok(id) => {
                    let tree = lock(&self.hub.trees).get(id).cloned();
                    match tree {
                        Some(tree) => {
                            self.trees_sent.insert(id);
                            self.send(tree.json.clone())
                        }
                        None => self.error("tree: no such tree"),
                    }
                }
                Err(_) => self.error("tree: expected a tree id"),
            },
            _ => self.error("unknown command"),
        }
    }

    fn error(&mut self, message: &str) -> Result<(), End> {
        let mut out = String::from("{\"type\":\"error\",\"message\":");
        json::string(&mut out, message);
        out.push('}');
        self.send(out)
    }

    fn watch(&mut self, id: u64) -> Result<(), End> {
        let agent = lock(&self.hub.agents).by_id.get(&id).cloned();
        let Some(agent) = agent else {
            return self.error("no such agent");
        };
        self.unwatch();
        self.hub.watch(&agent, true);
        let tree = agent.tree.clone();
        self.watch = Some(Watch {
            agent,
            next: 0,
            last: None,
            board: None,
            fresh: true,
        });
        if self.trees_sent.insert(tree.id) {
            self.send(tree.json.clone())?;
        }
        self.send_ticks()?;
        self.send_counts()
    }

    fn unwatch(&mut self) {
        if let Some(watch) = self.watch.take() {
            self.hub.watch(&watch.agent, false);
        }
    }

    /// Sends the watched agent's records not sent yet (its whole history first).
    fn send_ticks(&mut self) -> Result<(), End> {
        for _ in 0..16 {
            let Some(message) = self.next_ticks() else {
                return Ok(());
            };
            self.send(message)?;
        }
        Ok(())
    }

    /// The next message of records for the page, if there is anything new.
    fn next_ticks(&mut self) -> Option<String> {
        let watch = self.watch.as_mut()?;
        let guard = lock(&watch.agent.history);
        let Some(history) = guard.as_ref() else {
            // Nothing recorded yet: the page gets the tree at rest, and the ticks as they come.
            if !watch.fresh {
                return None;
            }
            watch.fresh = false;
            let nodes = watch.agent.tree.nodes.len();
            return Some(format!(
                "{{\"type\":\"history\",\"agent\":{},\"tree\":{},\"base\":[{}],\"ticks\":[]}}",
                watch.agent.id,
                watch.agent.tree.id,
                vec!["0"; nodes].join(",")
            ));
        };
        let first = history.sequence(0);
        let end = history.sequence(history.ticks.len());
        let record = |sequence: u64| &history.ticks[(sequence - first) as usize];
        // A blackboard or error that came for the last record sent after it was sent.
        let again = watch.last.filter(|&(sequence, revision)| {
            (first..end).contains(&sequence) && record(sequence).revision != revision
        });
        if watch.next < first {
            // Records were dropped before the page got them: start afresh.
            watch.fresh = true;
        }
        if watch.fresh {
            watch.next = first;
        } else if let Some((sequence, _)) = again {
            watch.next = sequence;
        }
        if watch.next >= end {
            return None;
        }
        let mut out = String::with_capacity(4096);
        let _ = write!(
            out,
            "{{\"type\":\"{}\",\"agent\":{},\"tree\":{}",
            if watch.fresh { "history" } else { "ticks" },
            watch.agent.id,
            watch.agent.tree.id
        );
        if watch.fresh {
            out.push_str(",\"base\":[");
            for (index, event) in history.base.iter().enumerate() {
                if index > 0 {
                    out.push(',');
                }
                let _ = write!(out, "{event}");
            }
            out.push(']');
            watch.board = None;
        }
        out.push_str(",\"ticks\":[");
        let mut sequence = watch.next;
        while sequence < end && out.len() < MAX_TICKS_BYTES {
            let tick = record(sequence);
            if sequence > watch.next {
                out.push(',');
            }
            let new_board = match (&tick.blackboard, &watch.board) {
                (Some(board), Some(last)) => !Arc::ptr_eq(board, last),
                (Some(_), None) => true,
                (None, _) => false,
            };
            // A record sent again carries its blackboard whatever the page had.
            let resend = again.is_some_and(|(s, _)| s == sequence);
            tick.write_json(&mut out, new_board || resend);
            if new_board {
                watch.board = tick.blackboard.clone();
            }
            watch.last = Some((sequence, tick.revision));
            sequence += 1;
        }
        out.push_str("]}");
        watch.next = sequence;
        watch.fresh = false;
        Some(out)
    }

    /// The agent list for the page's query, with each agent's last summary.
    fn send_list(&mut self) -> Result<(), End> {
        let trees = lock(&self.hub.trees).clone();
        let watched_tree = self.watch.as_ref().map(|watch| watch.agent.tree.clone());
        let mut out = String::with_capacity(8192);
        out.push_str("{\"type\":\"agents\",\"trees\":[");
        for (index, tree) in trees.iter().enumerate() {
            if index > 0 {
                out.push(',');
            }
            let _ = write!(out, "{{\"id\":{},\"name\":", tree.id);
            json::string(&mut out, &tree.name);
            let _ = write!(out, ",\"nodes\":{}}}", tree.nodes.len());
        }
        out.push_str("],\"list\":[");
        let (mut matched, mut total) = (0usize, 0usize);
        {
            let agents = lock(&self.hub.agents);
            total = total.max(agents.by_id.len());
            let find = match &self.query {
                Query::Find(text) => Some(text.to_lowercase()),
                Query::Running(_) => None,
            };
            let by_id = find
                .as_deref()
                .and_then(|text| text.strip_prefix('#'))
                .and_then(|id| id.parse::<u64>().ok());
            for agent in agents.by_id.values() {
                let keep = match (&self.query, &find) {
                    (_, Some(_)) if by_id.is_some() => Some(agent.id) == by_id,
                    (_, Some(text)) => {
                        text.is_empty()
                            || agent.name.to_lowercase().contains(text.as_str())
                            || agent.tree.name.to_lowercase().contains(text.as_str())
                    }
                    (Query::Running(node), None) => match &watched_tree {
                        Some(tree) if Arc::ptr_eq(tree, &agent.tree) => {
                            let end = subtree_end(tree.nodes, *node);
                            agent
                                .summary()
                                .leaf_ids()
                                .any(|leaf| (*node..end).contains(&leaf))
                        }
                        _ => false,
                    },
                    (Query::Find(_), None) => false,
                };
                if !keep {
                    continue;
                }
                matched += 1;
                if matched > MAX_LISTED {
                    continue;
                }
                if matched > 1 {
                    out.push(',');
                }
                let summary = agent.summary();
                let _ = write!(out, "{{\"id\":{},\"name\":", agent.id);
                json::string(&mut out, &agent.name);
                let _ = write!(
                    out,
                    ",\"tree\":{},\"root\":{},\"running\":{},\"ticks\":{},\"watched\":{},\"leaves\":[",
                    agent.tree.id,
                    summary.root,
                    summary.running,
                    agent.ticks.load(Ordering::Relaxed),
                    agent.watchers.load(Ordering::Relaxed)
                );
                for (index, leaf) in summary.leaf_ids().enumerate() {
                    if index > 0 {
                        out.push(',');
                    }
                    let _ = write!(out, "{leaf}");
                }
                out.push_str("]}");
            }
        }
        let _ = write!(out, "],\"matched\":{matched},\"total\":{total},\"query\":");
        match &self.query {
            Query::Find(text) => json::string(&mut out, text),
            Query::Running(node) => {
                let _ = write!(out, "{{\"running\":{node}}}");
            }
        }
        out.push('}');
        self.send(out)
    }

    /// For the watched agent's tree: how many of its agents run each node (a node runs when a
    /// running leaf is under it or is it).
    fn send_counts(&mut self) -> Result<(), End> {
        let Some(tree) = self.watch.as_ref().map(|watch| watch.agent.tree.clone()) else {
            return Ok(());
        };
        let nodes = tree.nodes;
        let mut counts = vec![0u32; nodes.len()];
        // The last agent counted at each node, so that an agent counts once per node.
        let mut stamp = vec![u64::MAX; nodes.len()];
        let mut agents_of_tree = 0u32;
        {
            let agents = lock(&self.hub.agents);
            for agent in agents.by_id.values() {
                if !Arc::ptr_eq(&agent.tree, &tree) {
                    continue;
                }
                agents_of_tree += 1;
                for leaf in agent.summary().leaf_ids() {
                    let mut node = Some(leaf);
                    while let Some(id) = node {
                        if id >= nodes.len() || stamp[id] == agent.id {
                            break;
                        }
                        stamp[id] = agent.id;
                        counts[id] += 1;
                        node = nodes[id].parent;
                    }
                }
            }
        }
        let mut out = String::with_capacity(64 + nodes.len() * 3);
        let _ = write!(
            out,
            "{{\"type\":\"counts\",\"tree\":{},\"agents\":{agents_of_tree},\"running\":[",
            tree.id
        );
        for (index, count) in counts.iter().enumerate() {
            if index > 0 {
                out.push(',');
            }
            let _ = write!(out, "{count}");
        }
        out.push_str("]}");
        self.send(out)
    }
}

/// One past the last node under `id` (`NodeInfo::subtree_end`, which panics on an unknown id).
fn subtree_end(nodes: &[NodeInfo], id: usize) -> usize {
    if id >= nodes.len() {
        return id;
    }
    NodeInfo::subtree_end(nodes, id)
}
