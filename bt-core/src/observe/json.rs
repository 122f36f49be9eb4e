//! JSON-lines traces (feature `json`): [`JsonTrace`] writes one line per event to any
//! [`std::io::Write`], and [`read_trace`] reads such a file back.
//!
//! Each line is an object with the fields, in this order:
//!
//! * `tick`: the number of the tick (the root's reports before this event, see
//!   [Ticks](super#ticks));
//! * `node`: the node's id;
//! * `name`: the node's name;
//! * `status`: what happened: `RUNNING`, `SUCCESS`, `FAILURE`, `SKIPPED` (the node answered
//!   that status), `HALTED` (it was halted) or `ABORTED` (an error aborted the tick while it was
//!   being ticked).
//!
//! ```text
//! {"tick":0,"node":1,"name":"IsVisible","status":"FAILURE"}
//! {"tick":0,"node":2,"name":"Patrol","status":"RUNNING"}
//! {"tick":0,"node":0,"name":"Fallback","status":"RUNNING"}
//! {"tick":1,"node":2,"name":"Patrol","status":"HALTED"}
//! ```
//!
//! Every event is a line, not only changes: the file replays exactly what an in-memory observer
//! such as [`TickTrace`](crate::TickTrace) sees. Every tick ends with a line of the root (node
//! 0): its status, or `ABORTED` for a tick an error aborted, after the halts that followed the
//! error ([Aborted ticks](super#aborted-ticks)):
//!
//! ```text
//! {"tick":1,"node":1,"name":"IsVisible","status":"ABORTED"}
//! {"tick":1,"node":2,"name":"Patrol","status":"HALTED"}
//! {"tick":1,"node":0,"name":"Fallback","status":"HALTED"}
//! {"tick":1,"node":0,"name":"Fallback","status":"ABORTED"}
//! ```

use std::io::{self, BufRead, Write};
use std::string::String;
use std::vec::Vec;

use serde::{Deserialize, Serialize};

use super::{out_of_range, TickCounter, TraceEvent};
use crate::{BehaviorTree, NodeInfo, Observer, Status};

/// One line of a JSON-lines trace, as [`read_trace`] returns it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TraceRecord {
    /// The tick the event belongs to.
    pub tick: u64,
    /// The node's id.
    pub node: usize,
    /// The node's name.
    pub name: String,
    /// What happened to the node.
    #[serde(rename = "status", with = "event_name")]
    pub event: TraceEvent,
}

/// The line a [`JsonTrace`] writes, borrowing the name.
#[derive(Serialize)]
struct Line<'a> {
    tick: u64,
    node: usize,
    name: &'a str,
    status: &'static str,
}

mod event_name {
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::TraceEvent;

    pub fn serialize<S: Serializer>(event: &TraceEvent, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(event.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<TraceEvent, D::Error> {
        let name = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        TraceEvent::from_name(&name).ok_or_else(|| {
            D::Error::custom(format_args!(
                "unknown status `{name}`: expected RUNNING, SUCCESS, FAILURE, SKIPPED, HALTED \
                 or ABORTED"
            ))
        })
    }
}

/// An observer that writes every event as a JSON line to `W` (see the
/// [module documentation](self) for the format).
///
/// Writing never allocates (the line is serialized straight into `W`); give it a buffered
/// writer (`std::io::BufWriter`) for a file. An observer cannot return an error, so the first
/// write error is kept, and stops the writing: [`error`](Self::error) shows it,
/// [`finish`](Self::finish) returns it.
///
/// ```
/// use bt_core::observe::json::{read_trace, JsonTrace};
/// use bt_core::{Observer, Status, TraceEvent};
/// # use bt_core::{NodeCategory, NodeInfo};
/// # const NODES: &[NodeInfo] = &[NodeInfo { name: "Patrol", kind: "StatefulAction",
/// #     category: NodeCategory::Action, parent: None, depth: 0, ports: &[],
/// #     leaf_type: Some("Patrol"), params: &[] }];
/// # struct Tree;
/// # impl Tree { const NODES: &'static [NodeInfo] = NODES; }
///
/// let mut trace = JsonTrace::new(Tree::NODES, Vec::new());
/// trace.on_status(0, Status::Running); // tree.tick_with(&mut ctx, &mut trace) reports these
/// trace.on_halted(0);
/// let bytes = trace.finish().unwrap();
/// assert_eq!(
///     String::from_utf8_lossy(&bytes),
///     "{\"tick\":0,\"node\":0,\"name\":\"Patrol\",\"status\":\"RUNNING\"}\n\
///      {\"tick\":1,\"node\":0,\"name\":\"Patrol\",\"status\":\"HALTED\"}\n",
/// );
/// let records = read_trace(&bytes[..]).unwrap();
/// assert_eq!(records[1].event, TraceEvent::Halted);
/// ```
#[derive(Debug)]
pub struct JsonTrace<W> {
    nodes: &'static [NodeInfo],
    out: W,
    ticks: TickCounter,
    error: Option<io::Error>,
}

impl<W: Write> JsonTrace<W> {
    /// A trace of the tree whose `NODES` are `nodes`, written to `out`.
    pub fn new(nodes: &'static [NodeInfo], out: W) -> Self {
        JsonTrace {
            nodes,
            out,
            ticks: TickCounter::default(),
            error: None,
        }
    }

    /// A trace of the tree `T`, written to `out`.
    pub fn for_tree<T: BehaviorTree + ?Sized>(out: W) -> Self {
        Self::new(T::NODES, out)
    }

    /// The number of the current tick.
    pub fn tick(&self) -> u64 {
        self.ticks.tick
    }

    /// Numbers the coming events with `tick` (and the ticks after it from there).
    pub fn set_tick(&mut self, tick: u64) {
        self.ticks.tick = tick;
    }

    /// The first write error, if there was one (nothing is written after it).
    pub fn error(&self) -> Option<&io::Error> {
        self.error.as_ref()
    }

    /// The writer.
    pub fn get_ref(&self) -> &W {
        &self.out
    }

    /// The writer, mutably.
    pub fn get_mut(&mut self) -> &mut W {
        &mut self.out
    }

    /// Flushes the writer and returns it, or the first error.
    pub fn finish(mut self) -> io::Result<W> {
        if let Some(error) = self.error.take() {
            return Err(error);
        }
        self.out.flush()?;
        Ok(self.out)
    }

    #[inline]
    fn write(&mut self, node: usize, event: TraceEvent) {
        let room = self.nodes.len();
        let Some(info) = self.nodes.get(node) else {
            out_of_range("JsonTrace", node, room)
        };
        if self.error.is_some() {
            return;
        }
        let line = Line {
            tick: self.ticks.tick,
            node,
            name: info.name,
            status: event.name(),
        };
        let result = serde_json::to_writer(&mut self.out, &line)
            .map_err(io::Error::from)
            .and_then(|()| self.out.write_all(b"\n"));
        if let Err(error) = result {
            self.error = Some(error);
        }
    }
}

impl<W: Write> Observer for JsonTrace<W> {
    #[inline]
    fn on_status(&mut self, node: usize, status: Status) {
        self.write(node, TraceEvent::Ticked(status));
        self.ticks.reported(node);
    }

    #[inline]
    fn on_halted(&mut self, node: usize) {
        self.write(node, TraceEvent::Halted);
    }

    #[inline]
    fn on_aborted(&mut self, node: usize) {
        self.write(node, TraceEvent::Aborted);
        self.ticks.reported(node);
    }
}

/// Why [`read_trace`] failed: the line, and what was wrong with it.
#[derive(Debug)]
pub struct ReadTraceError {
    /// The line's number, from 1.
    pub line: usize,
    /// The reader's error, or the line's JSON error.
    pub error: io::Error,
}

impl core::fmt::Display for ReadTraceError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "trace line {}: {}", self.line, self.error)
    }
}

impl std::error::Error for ReadTraceError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// Reads a JSON-lines trace (as [`JsonTrace`] writes it) into records; blank lines are skipped.
pub fn read_trace(input: impl BufRead) -> Result<Vec<TraceRecord>, ReadTraceError> {
    let mut records = Vec::new();
    for (index, line) in input.lines().enumerate() {
        let fail = |error| ReadTraceError {
            line: index + 1,
            error,
        };
        let line = line.map_err(fail)?;
        if line.trim().is_empty() {
            continue;
        }
        let record = serde_json::from_str(&line).map_err(|error| fail(error.into()))?;
        records.push(record);
    }
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::observe::testing::{RobotTree, SMALL};
    use crate::TickTrace;

    /// Remembers every event, in memory.
    #[derive(Default)]
    struct Recorder {
        events: Vec<(usize, TraceEvent)>,
    }

    impl Observer for Recorder {
        fn on_status(&mut self, node: usize, status: Status) {
            self.events.push((node, TraceEvent::Ticked(status)));
        }
        fn on_halted(&mut self, node: usize) {
            self.events.push((node, TraceEvent::Halted));
        }
        fn on_aborted(&mut self, node: usize) {
            self.events.push((node, TraceEvent::Aborted));
        }
    }

    /// Three ticks of `Fallback { IsVisible, Patrol }`, then a halt of the tree.
    fn run(observer: &mut impl Observer) {
        for tick in 0..3 {
            if tick < 2 {
                observer.on_status(1, Status::Failure);
                observer.on_status(2, Status::Running);
                observer.on_status(0, Status::Running);
            } else {
                observer.on_status(1, Status::Success);
                observer.on_halted(2);
                observer.on_status(0, Status::Success);
            }
        }
        observer.on_halted(0);
    }

    #[test]
    fn writes_one_line_per_event() {
        let mut trace = JsonTrace::new(SMALL, Vec::new());
        run(&mut trace);
        assert_eq!(trace.tick(), 3);
        assert!(trace.error().is_none());
        let text = String::from_utf8(trace.finish().unwrap()).unwrap();
        assert_eq!(
            text,
            r#"{"tick":0,"node":1,"name":"IsVisible","status":"FAILURE"}
{"tick":0,"node":2,"name":"Patrol","status":"RUNNING"}
{"tick":0,"node":0,"name":"Fallback","status":"RUNNING"}
{"tick":1,"node":1,"name":"IsVisible","status":"FAILURE"}
{"tick":1,"node":2,"name":"Patrol","status":"RUNNING"}
{"tick":1,"node":0,"name":"Fallback","status":"RUNNING"}
{"tick":2,"node":1,"name":"IsVisible","status":"SUCCESS"}
{"tick":2,"node":2,"name":"Patrol","status":"HALTED"}
{"tick":2,"node":0,"name":"Fallback","status":"SUCCESS"}
{"tick":3,"node":0,"name":"Fallback","status":"HALTED"}
"#
        );
    }

    #[test]
    fn reads_back_what_an_in_memory_observer_saw() {
        let mut memory = Recorder::default();
        let mut last_tick = TickTrace::<3>::new();
        let mut both = (
            JsonTrace::new(SMALL, Vec::new()),
            (&mut memory, &mut last_tick),
        );
        run(&mut both);
        let bytes = both.0.finish().unwrap();
        let records = read_trace(&bytes[..]).unwrap();
        let seen: Vec<_> = records.iter().map(|r| (r.node, r.event)).collect();
        assert_eq!(seen, memory.events);
        for record in &records {
            assert_eq!(record.name, SMALL[record.node].name);
        }
        // The last record of each node is what the trace kept.
        for node in 0..3 {
            let last = records.iter().rev().find(|r| r.node == node).unwrap();
            assert_eq!(Some(last.event), last_tick.event(node));
        }
        assert_eq!(
            records[0],
            TraceRecord {
                tick: 0,
                node: 1,
                name: "IsVisible".into(),
                event: TraceEvent::Ticked(Status::Failure),
            }
        );
        let ticks: Vec<_> = records.iter().map(|r| r.tick).collect();
        assert_eq!(ticks, [0, 0, 0, 1, 1, 1, 2, 2, 2, 3]);
    }

    /// `Fallback { IsVisible, Patrol }`: Patrol starts; then IsVisible fails with an error,
    /// which aborts the tick; the next tick starts afresh.
    fn run_aborted(observer: &mut impl Observer) {
        observer.on_status(1, Status::Failure);
        observer.on_status(2, Status::Running);
        observer.on_status(0, Status::Running);
        observer.on_aborted(1);
        observer.on_halted(2);
        observer.on_halted(0);
        observer.on_aborted(0);
        observer.on_status(1, Status::Success);
        observer.on_status(0, Status::Success);
    }

    #[test]
    fn an_aborted_tick_ends_with_the_root_and_reads_back() {
        let mut memory = Recorder::default();
        let mut both = (JsonTrace::new(SMALL, Vec::new()), &mut memory);
        run_aborted(&mut both);
        assert_eq!(both.0.tick(), 3, "the root's abort ended tick 1");
        let bytes = both.0.finish().unwrap();
        assert_eq!(
            String::from_utf8_lossy(&bytes),
            r#"{"tick":0,"node":1,"name":"IsVisible","status":"FAILURE"}
{"tick":0,"node":2,"name":"Patrol","status":"RUNNING"}
{"tick":0,"node":0,"name":"Fallback","status":"RUNNING"}
{"tick":1,"node":1,"name":"IsVisible","status":"ABORTED"}
{"tick":1,"node":2,"name":"Patrol","status":"HALTED"}
{"tick":1,"node":0,"name":"Fallback","status":"HALTED"}
{"tick":1,"node":0,"name":"Fallback","status":"ABORTED"}
{"tick":2,"node":1,"name":"IsVisible","status":"SUCCESS"}
{"tick":2,"node":0,"name":"Fallback","status":"SUCCESS"}
"#
        );
        let records = read_trace(&bytes[..]).unwrap();
        let seen: Vec<_> = records.iter().map(|r| (r.node, r.event)).collect();
        assert_eq!(seen, memory.events);
        assert_eq!((records[6].tick, records[6].node), (1, 0));
        assert_eq!(records[6].event, TraceEvent::Aborted);
    }

    #[test]
    fn names_are_escaped_and_round_trip() {
        use crate::{NodeCategory, NodeInfo};
        const ODD: &[NodeInfo] = &[NodeInfo {
            name: "say \"hi\"\n\\ ü",
            kind: "Action",
            category: NodeCategory::Action,
            parent: None,
            depth: 0,
            ports: &[],
            leaf_type: None,
            params: &[],
        }];
        let mut trace = JsonTrace::new(ODD, Vec::new());
        trace.set_tick(41);
        trace.on_status(0, Status::Skipped);
        let bytes = trace.finish().unwrap();
        assert_eq!(
            String::from_utf8_lossy(&bytes),
            "{\"tick\":41,\"node\":0,\"name\":\"say \\\"hi\\\"\\n\\\\ ü\",\"status\":\"SKIPPED\"}\n"
        );
        let records = read_trace(&bytes[..]).unwrap();
        assert_eq!(records[0].name, ODD[0].name);
        assert_eq!(records[0].tick, 41);
    }

    #[test]
    fn bad_lines_are_reported_with_their_number() {
        let text = "{\"tick\":0,\"node\":0,\"name\":\"a\",\"status\":\"RUNNING\"}\n\n{\"tick\":0,\"node\":0,\"name\":\"a\",\"status\":\"IDLE\"}\n";
        let error = read_trace(text.as_bytes()).unwrap_err();
        assert_eq!(error.line, 3);
        let message = error.to_string();
        assert!(
            message.starts_with("trace line 3: unknown status `IDLE`"),
            "{message}"
        );
        assert!(std::error::Error::source(&error).is_some());
        let error = read_trace("not json".as_bytes()).unwrap_err();
        assert_eq!(error.line, 1);
        assert!(read_trace("".as_bytes()).unwrap().is_empty());
    }

    /// A writer that fails after `left` bytes.
    struct Full {
        left: usize,
    }

    impl Write for Full {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            if self.left == 0 {
                return Err(io::Error::new(io::ErrorKind::WriteZero, "full"));
            }
            let n = buf.len().min(self.left);
            self.left -= n;
            Ok(n)
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn the_first_write_error_is_kept() {
        let mut trace = JsonTrace::new(SMALL, Full { left: 10 });
        run(&mut trace);
        assert_eq!(trace.error().unwrap().kind(), io::ErrorKind::WriteZero);
        assert_eq!(trace.get_ref().left, 0);
        let _ = trace.get_mut();
        assert!(trace.finish().is_err());
        let ok = JsonTrace::for_tree::<RobotTree>(Full { left: 0 });
        assert!(ok.finish().is_ok(), "nothing written, nothing failed");
    }

    #[test]
    #[should_panic(expected = "JsonTrace has room for 3 nodes but node 8 was reported")]
    fn an_unknown_node_is_a_clear_panic() {
        let mut trace = JsonTrace::new(SMALL, io::sink());
        RobotTree::default().tick_with(&mut (), &mut trace);
    }
}
