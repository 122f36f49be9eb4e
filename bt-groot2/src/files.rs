//! Files for after the run: BehaviorTree.CPP's `.btlog` ([`BtLog`], which Groot2 replays) and
//! a Chrome trace-event timeline ([`ChromeTrace`], which Perfetto and `chrome://tracing` open).
//!
//! Both are observers that write to any `std::io::Write` (give them a `BufWriter<File>`) as the
//! tree runs, on the ticking thread; an error of the writer is kept and returned by `finish`,
//! and the observer stops writing after it. Both see the node states of the Groot2 publisher
//! (BehaviorTree.CPP's resets to IDLE included: see the crate documentation).

use std::io::{self, Write};
use std::sync::atomic::AtomicU8;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use bt_core::{BehaviorTree, NodeInfo, Observer, Status};

use crate::json::write_string;
use crate::status::{Board, IDLE};

/// The tree's name for `T`: its type's name without the module path.
fn tree_name<T: BehaviorTree>() -> &'static str {
    let full = std::any::type_name::<T>();
    full.rsplit("::").next().unwrap_or(full)
}

/// The node states an observer keeps, and the writer it reports changes to.
struct States {
    board: Board,
    states: Box<[AtomicU8]>,
}

impl States {
    fn new(nodes: &[NodeInfo]) -> States {
        States {
            board: Board::new(nodes),
            states: (0..nodes.len()).map(|_| AtomicU8::new(0)).collect(),
        }
    }

    fn report(&self, node: usize, status: Option<Status>, changed: &mut impl FnMut(usize, u8)) {
        match status {
            Some(status) => self.board.on_status(&self.states, node, status, changed),
            None => self.board.on_halted(&self.states, node, changed),
        }
    }
}

/// The magic at the start of a `.btlog` file, and the format version after it.
pub const BTLOG_MAGIC: &[u8; 18] = b"BTCPP4-FileLogger2";
const BTLOG_VERSION: u8 = 1;

/// BehaviorTree.CPP 4's `FileLogger2`: a `.btlog` file, which Groot2 opens to replay a run.
///
/// The file (all integers little-endian): `BTCPP4-FileLogger2`, the version byte 1, the length
/// of the tree's XML (`i32`) and the XML (the one the Groot2 publisher serves: `_uid`s,
/// `_fullpath`s), the start time (`i64`, microseconds since the Unix epoch), then 9 bytes per
/// change of a node's state: microseconds since the start (6 bytes), the node's uid (`u16`)
/// and its new status (`u8`: 0 IDLE, 1 RUNNING, 2 SUCCESS, 3 FAILURE, 4 SKIPPED).
/// `tests/groot2/check.py` compares it with the file BehaviorTree.CPP 4.8.2 writes for the
/// same tree and ticks.
///
/// The times are read from the system's monotonic clock (`Instant`) at each report that
/// changes something.
pub struct BtLog<W: Write> {
    states: States,
    out: W,
    start: Instant,
    error: Option<io::Error>,
    record: Vec<u8>,
}

impl<W: Write> BtLog<W> {
    /// Writes the header of the tree `name` with `nodes` to `out`.
    pub fn new(name: &str, nodes: &'static [NodeInfo], mut out: W) -> io::Result<Self> {
        let xml = crate::xml::tree_xml(name, nodes).unwrap_or_else(|| {
            bt_core::export::xml(name, nodes)
                .one_element_per_node()
                .to_string()
        });
        let length = i32::try_from(xml.len())
            .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "tree XML too long"))?;
        out.write_all(BTLOG_MAGIC)?;
        out.write_all(&[BTLOG_VERSION])?;
        out.write_all(&length.to_le_bytes())?;
        out.write_all(xml.as_bytes())?;
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |since| since.as_micros() as i64);
        out.write_all(&now.to_le_bytes())?;
        Ok(BtLog {
            states: States::new(nodes),
            out,
            start: Instant::now(),
            error: None,
            record: Vec::with_capacity(9 * 16),
        })
    }

    /// [`new`](Self::new) for the tree type `T`, named after the type.
    pub fn for_tree<T: BehaviorTree>(out: W) -> io::Result<Self> {
        Self::new(tree_name::<T>(), T::NODES, out)
    }

    /// Flushes the writer and gives it back, or the first error it returned.
    pub fn finish(mut self) -> io::Result<W> {
        if let Some(error) = self.error.take() {
            return Err(error);
        }
        self.out.flush()?;
        Ok(self.out)
    }

    fn report(&mut self, node: usize, status: Option<Status>) {
        if self.error.is_some() {
            return;
        }
        let mut micros = None;
        let start = self.start;
        let record = &mut self.record;
        record.clear();
        self.states.report(node, status, &mut |id, state| {
            let at = *micros.get_or_insert_with(|| start.elapsed().as_micros() as u64);
            record.extend_from_slice(&at.to_le_bytes()[..6]);
            record.extend_from_slice(&((id + 1) as u16).to_le_bytes());
            record.push(state);
        });
        if !self.record.is_empty() {
            if let Err(error) = self.out.write_all(&self.record) {
                self.error = Some(error);
            }
        }
    }
}

impl<W: Write> Observer for BtLog<W> {
    fn on_status(&mut self, node: usize, status: Status) {
        self.report(node, Some(status));
    }

    fn on_halted(&mut self, node: usize) {
        self.report(node, None);
    }

    fn on_aborted(&mut self, node: usize) {
        self.report(node, None);
    }
}

/// A timeline in the Chrome trace-event format (JSON), which Perfetto (ui.perfetto.dev) and
/// `chrome://tracing` open: one track (thread) per node, named `uid name`, with a span (a
/// complete event, `"ph":"X"`) for each time the node was running, its `args.status` the
/// status it ended with, and an instant event (`"ph":"i"`) for each result of a node that
/// completed without running (a condition, a sync action).
///
/// Times are microseconds since the trace started, read from the system's monotonic clock.
/// [`finish`](Self::finish) closes the spans still open and the JSON document.
pub struct ChromeTrace<W: Write> {
    states: States,
    nodes: &'static [NodeInfo],
    out: W,
    start: Instant,
    /// When each running node started, in microseconds.
    running_since: Vec<Option<u64>>,
    error: Option<io::Error>,
    text: String,
}

impl<W: Write> ChromeTrace<W> {
    /// Starts the document for the tree `name` with `nodes`: its metadata events (the process
    /// name, each node's track name and order).
    pub fn new(name: &str, nodes: &'static [NodeInfo], mut out: W) -> io::Result<Self> {
        let mut text = String::from("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n");
        text.push_str(
            "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":1,\"tid\":0,\"args\":{\"name\":",
        );
        write_string(&mut text, name);
        text.push_str("}}");
        for (id, node) in nodes.iter().enumerate() {
            let uid = id + 1;
            text.push_str(&format!(
                ",\n{{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":{uid},\"args\":{{\"name\":"
            ));
            write_string(
                &mut text,
                &format!("{uid} {}{}", "  ".repeat(node.depth), node.name),
            );
            text.push_str(&format!(
                "}}}},\n{{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":1,\"tid\":{uid},\"args\":{{\"sort_index\":{uid}}}}}"
            ));
        }
        out.write_all(text.as_bytes())?;
        text.clear();
        Ok(ChromeTrace {
            states: States::new(nodes),
            nodes,
            out,
            start: Instant::now(),
            running_since: vec![None; nodes.len()],
            error: None,
            text,
        })
    }

    /// [`new`](Self::new) for the tree type `T`, named after the type.
    pub fn for_tree<T: BehaviorTree>(out: W) -> io::Result<Self> {
        Self::new(tree_name::<T>(), T::NODES, out)
    }

    fn span(text: &mut String, node: &NodeInfo, uid: usize, start: u64, end: u64, status: &str) {
        text.push_str(",\n{\"ph\":\"X\",\"name\":");
        write_string(text, node.name);
        text.push_str(",\"cat\":");
        write_string(text, node.category.name());
        text.push_str(&format!(
            ",\"pid\":1,\"tid\":{uid},\"ts\":{start},\"dur\":{},\"args\":{{\"status\":\"{status}\"}}}}",
            end.saturating_sub(start)
        ));
    }

    fn report(&mut self, node: usize, status: Option<Status>) {
        if self.error.is_some() {
            return;
        }
        let mut now = None;
        let start = self.start;
        let nodes = self.nodes;
        let running_since = &mut self.running_since;
        let text = &mut self.text;
        text.clear();
        self.states.report(node, status, &mut |id, state| {
            let at = *now.get_or_insert_with(|| start.elapsed().as_micros() as u64);
            let uid = id + 1;
            let ran = running_since[id].take();
            if let Some(since) = ran {
                let ended = if state == IDLE {
                    "HALTED"
                } else {
                    status_name(state)
                };
                ChromeTrace::<W>::span(text, &nodes[id], uid, since, at, ended);
            }
            match state {
                1 => running_since[id] = Some(at),
                IDLE => {}
                done if ran.is_none() => {
                    text.push_str(",\n{\"ph\":\"i\",\"s\":\"t\",\"name\":");
                    write_string(text, nodes[id].name);
                    text.push_str(&format!(
                        ",\"pid\":1,\"tid\":{uid},\"ts\":{at},\"args\":{{\"status\":\"{}\"}}}}",
                        status_name(done)
                    ));
                }
                _ => {}
            }
        });
        if !self.text.is_empty() {
            if let Err(error) = self.out.write_all(self.text.as_bytes()) {
                self.error = Some(error);
            }
        }
    }

    /// Closes the spans still open (as running at the end) and the document; flushes and gives
    /// the writer back, or the first error it returned.
    pub fn finish(mut self) -> io::Result<W> {
        if let Some(error) = self.error.take() {
            return Err(error);
        }
        let end = self.start.elapsed().as_micros() as u64;
        let mut text = std::mem::take(&mut self.text);
        text.clear();
        for (id, since) in self.running_since.iter().enumerate() {
            if let Some(since) = since {
                ChromeTrace::<W>::span(&mut text, &self.nodes[id], id + 1, *since, end, "RUNNING");
            }
        }
        text.push_str("\n]}\n");
        self.out.write_all(text.as_bytes())?;
        self.out.flush()?;
        Ok(self.out)
    }
}

fn status_name(state: u8) -> &'static str {
    match state {
        1 => "RUNNING",
        2 => "SUCCESS",
        3 => "FAILURE",
        4 => "SKIPPED",
        _ => "IDLE",
    }
}

impl<W: Write> Observer for ChromeTrace<W> {
    fn on_status(&mut self, node: usize, status: Status) {
        self.report(node, Some(status));
    }

    fn on_halted(&mut self, node: usize) {
        self.report(node, None);
    }

    fn on_aborted(&mut self, node: usize) {
        self.report(node, None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::Json;
    use bt_core::NodeCategory::{Action, Condition, Control};

    const fn node(
        name: &'static str,
        kind: &'static str,
        category: bt_core::NodeCategory,
        parent: Option<usize>,
        depth: usize,
    ) -> NodeInfo {
        NodeInfo {
            name,
            kind,
            category,
            parent,
            depth,
            ports: &[],
            leaf_type: Some(name),
            params: &[],
        }
    }

    /// `Sequence { IsReady, Work }`
    const TREE: &[NodeInfo] = &[
        NodeInfo {
            leaf_type: None,
            ..node("Sequence", "Sequence", Control, None, 0)
        },
        node("IsReady", "Condition", Condition, Some(0), 1),
        node("Work", "StatefulAction", Action, Some(0), 1),
    ];

    fn run(observer: &mut impl Observer) {
        // Tick 1: IsReady succeeds, Work starts; tick 2: Work succeeds; then a third tick
        // that is halted.
        observer.on_status(1, Status::Success);
        observer.on_status(2, Status::Running);
        observer.on_status(0, Status::Running);
        observer.on_status(2, Status::Success);
        observer.on_status(0, Status::Success);
        observer.on_status(1, Status::Success);
        observer.on_status(2, Status::Running);
        observer.on_status(0, Status::Running);
        observer.on_halted(2);
        observer.on_halted(0);
    }

    #[test]
    fn btlog_layout() {
        let mut log = BtLog::new("Main", TREE, Vec::new()).unwrap();
        run(&mut log);
        let bytes = log.finish().unwrap();
        assert_eq!(&bytes[..18], BTLOG_MAGIC);
        assert_eq!(bytes[18], 1);
        let length = i32::from_le_bytes(bytes[19..23].try_into().unwrap()) as usize;
        let xml = std::str::from_utf8(&bytes[23..23 + length]).unwrap();
        assert!(xml.contains("<Work name=\"Work\" _uid=\"3\"/>"), "{xml}");
        let start = i64::from_le_bytes(bytes[23 + length..31 + length].try_into().unwrap());
        assert!(
            start > 1_600_000_000_000_000,
            "microseconds since the epoch: {start}"
        );
        let records = &bytes[31 + length..];
        assert_eq!(records.len() % 9, 0);
        let transitions: Vec<(u16, u8)> = records
            .chunks(9)
            .map(|r| (u16::from_le_bytes([r[6], r[7]]), r[8]))
            .collect();
        assert_eq!(
            transitions,
            [
                (1, 1),
                (2, 2),
                (3, 1),
                (3, 2),
                (2, 0),
                (3, 0),
                (1, 2),
                (1, 0),
                (1, 1),
                (2, 2),
                (3, 1),
                // The halts: Work's, then the sequence's (BehaviorTree.CPP's halt resets the
                // sequence's children in order, IsReady before Work).
                (3, 0),
                (2, 0),
                (1, 0)
            ]
        );
        let times: Vec<u64> = records
            .chunks(9)
            .map(|r| u64::from_le_bytes([r[0], r[1], r[2], r[3], r[4], r[5], 0, 0]))
            .collect();
        assert!(times.windows(2).all(|w| w[0] <= w[1]));
    }

    #[test]
    fn chrome_trace_is_trace_event_json() {
        let mut trace = ChromeTrace::new("Main \"1\"", TREE, Vec::new()).unwrap();
        run(&mut trace);
        trace.on_status(2, Status::Running);
        trace.on_status(0, Status::Running);
        let bytes = trace.finish().unwrap();
        let json = Json::parse(&bytes).expect("valid JSON");
        let Some(Json::Array(events)) = json.get("traceEvents") else {
            panic!("no traceEvents");
        };
        let field = |event: &Json, key: &str| event.get(key).cloned();
        let mut spans = Vec::new();
        for event in events {
            let phase = field(event, "ph").unwrap();
            let phase = phase.as_str().unwrap();
            assert!(["M", "X", "i"].contains(&phase));
            assert_eq!(event.get("pid").unwrap().as_int(1, 1), Some(1));
            assert!(event.get("tid").unwrap().as_int(0, 3).is_some());
            if phase == "X" {
                assert!(event.get("ts").unwrap().as_int(0, i64::MAX).is_some());
                assert!(event.get("dur").unwrap().as_int(0, i64::MAX).is_some());
                spans.push((
                    event.get("name").unwrap().as_str().unwrap().to_owned(),
                    event
                        .get("args")
                        .unwrap()
                        .get("status")
                        .unwrap()
                        .as_str()
                        .unwrap()
                        .to_owned(),
                ));
            }
        }
        let spans: Vec<(&str, &str)> = spans
            .iter()
            .map(|(a, b)| (a.as_str(), b.as_str()))
            .collect();
        assert_eq!(
            spans,
            [
                ("Work", "SUCCESS"),
                ("Sequence", "SUCCESS"),
                ("Work", "HALTED"),
                ("Sequence", "HALTED"),
                // Still running at the end.
                ("Sequence", "RUNNING"),
                ("Work", "RUNNING")
            ]
        );
        let text = String::from_utf8(bytes).unwrap();
        assert!(text.contains(r#""args":{"name":"Main \"1\""}"#));
        assert!(text.contains(r#""args":{"name":"3   Work"}"#));
    }

    #[test]
    fn writer_errors_are_kept() {
        /// Takes `room` bytes, then fails.
        #[derive(Debug)]
        struct Limited(usize);
        impl Write for Limited {
            fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
                if bytes.len() > self.0 {
                    return Err(io::Error::other("full"));
                }
                self.0 -= bytes.len();
                Ok(bytes.len())
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        assert!(BtLog::new("Main", TREE, Limited(10)).is_err());
        let header = BtLog::new("Main", TREE, Vec::new())
            .unwrap()
            .finish()
            .unwrap()
            .len();
        let mut log = BtLog::new("Main", TREE, Limited(header + 20)).unwrap();
        run(&mut log);
        assert_eq!(log.finish().unwrap_err().to_string(), "full");
        let mut trace = ChromeTrace::new("Main", TREE, Limited(600)).unwrap();
        run(&mut trace);
        assert!(trace.finish().is_err());
    }
}
