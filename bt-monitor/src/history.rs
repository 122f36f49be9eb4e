//! The last ticks of a watched agent: a bounded ring of [`TickRecord`]s, and what each node did
//! last before the oldest of them (so that any kept tick can be shown whole).

use std::collections::VecDeque;
use std::fmt::Write;
use std::sync::Arc;

use bt_core::Status;

/// What a node did, as the page reads it (0 is "nothing yet").
pub(crate) const RUNNING: u8 = 1;
pub(crate) const SUCCESS: u8 = 2;
pub(crate) const FAILURE: u8 = 3;
pub(crate) const SKIPPED: u8 = 4;
pub(crate) const HALTED: u8 = 5;
pub(crate) const ABORTED: u8 = 6;

pub(crate) fn code(status: Status) -> u8 {
    match status {
        Status::Running => RUNNING,
        Status::Success => SUCCESS,
        Status::Failure => FAILURE,
        Status::Skipped => SKIPPED,
    }
}

/// One tick (or one halt between ticks) of one agent.
#[derive(Debug, Default)]
pub(crate) struct TickRecord {
    /// The agent's tick count at this tick (a halt has the number of the tick before it).
    pub number: u64,
    /// Milliseconds since the monitor started.
    pub millis: u64,
    /// A halt between ticks rather than a tick.
    pub halt: bool,
    /// The root's event that ended the tick (0 for a halt of a tree at rest).
    pub root: u8,
    /// Every report, in order: `node << 3 | event`.
    pub events: Vec<u32>,
    /// Reports left out because the tick had more than the limit.
    pub truncated: u32,
    /// The blackboard after the tick, as a JSON object; shared with the ticks before it while
    /// it does not change.
    pub blackboard: Option<Arc<str>>,
    /// The error that aborted the tick, as text.
    pub error: Option<Arc<str>>,
    /// Bumped when a blackboard or an error comes for the record after it was handed over
    /// (a page that already has it gets it again).
    pub revision: u32,
}

impl TickRecord {
    /// Approximate bytes held (the blackboard counted whole, also when shared).
    pub fn bytes(&self) -> usize {
        std::mem::size_of::<Self>()
            + self.events.capacity() * 4
            + self.blackboard.as_ref().map_or(0, |b| b.len())
            + self.error.as_ref().map_or(0, |e| e.len())
    }

    /// The tick as the page reads it. `blackboard` says whether to include the blackboard
    /// (the page keeps the last one it got).
    pub fn write_json(&self, out: &mut String, blackboard: bool) {
        let _ = write!(
            out,
            "{{\"n\":{},\"t\":{},\"root\":{},\"ev\":[",
            self.number, self.millis, self.root
        );
        for (index, event) in self.events.iter().enumerate() {
            if index > 0 {
                out.push(',');
            }
            let _ = write!(out, "{}", event);
        }
        out.push(']');
        if self.halt {
            out.push_str(",\"halt\":true");
        }
        if self.truncated > 0 {
            let _ = write!(out, ",\"truncated\":{}", self.truncated);
        }
        if let (true, Some(board)) = (blackboard, &self.blackboard) {
            out.push_str(",\"bb\":");
            out.push_str(board);
        }
        if let Some(error) = &self.error {
            out.push_str(",\"err\":");
            crate::json::string(out, error);
        }
        out.push('}');
    }
}

/// The ring of the last `capacity` records of one agent.
#[derive(Debug)]
pub(crate) struct History {
    capacity: usize,
    pub ticks: VecDeque<TickRecord>,
    /// Each node's last event before the oldest kept record (0: none seen).
    pub base: Vec<u8>,
    /// Records dropped from the front so far.
    pub evicted: u64,
    /// Event buffers of dropped records, for the agent to reuse.
    pub spare: Vec<Vec<u32>>,
}

impl History {
    pub fn new(capacity: usize, nodes: usize) -> History {
        History {
            capacity: capacity.max(1),
            ticks: VecDeque::with_capacity(capacity.clamp(1, 4096)),
            base: vec![0; nodes],
            evicted: 0,
            spare: Vec::new(),
        }
    }

    pub fn push(&mut self, record: TickRecord) {
        if self.ticks.len() == self.capacity {
            if let Some(mut old) = self.ticks.pop_front() {
                for &event in &old.events {
                    if let Some(slot) = self.base.get_mut((event >> 3) as usize) {
                        *slot = (event & 7) as u8;
                    }
                }
                self.evicted += 1;
                if self.spare.len() < 8 {
                    old.events.clear();
                    self.spare.push(std::mem::take(&mut old.events));
                }
            }
        }
        self.ticks.push_back(record);
    }

    /// The record of tick `number` that is not a halt (searched from the newest).
    pub fn find_mut(&mut self, number: u64) -> Option<&mut TickRecord> {
        self.ticks
            .iter_mut()
            .rev()
            .take(4)
            .find(|record| record.number == number && !record.halt)
    }

    /// Sequence number of the record at index `index` (counting every record ever pushed).
    pub fn sequence(&self, index: usize) -> u64 {
        self.evicted + index as u64
    }

    /// Approximate bytes held: the records, with each distinct blackboard once.
    pub fn bytes(&self) -> usize {
        let mut total = self.base.len();
        let mut last: Option<*const u8> = None;
        for record in &self.ticks {
            total += record.bytes();
            if let Some(board) = &record.blackboard {
                let ptr = board.as_ptr();
                if last == Some(ptr) {
                    total -= board.len();
                }
                last = Some(ptr);
            }
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(number: u64, events: &[(usize, u8)]) -> TickRecord {
        TickRecord {
            number,
            root: events.last().map_or(0, |e| e.1),
            events: events
                .iter()
                .map(|&(n, e)| (n as u32) << 3 | e as u32)
                .collect(),
            ..TickRecord::default()
        }
    }

    #[test]
    fn the_ring_keeps_the_last_ticks_and_folds_the_rest_into_the_base() {
        let mut history = History::new(2, 3);
        history.push(record(1, &[(1, FAILURE), (0, FAILURE)]));
        history.push(record(2, &[(2, RUNNING), (0, RUNNING)]));
        history.push(record(3, &[(2, SUCCESS), (0, SUCCESS)]));
        assert_eq!(history.ticks.len(), 2);
        assert_eq!(history.ticks[0].number, 2);
        assert_eq!(history.base, [FAILURE, FAILURE, 0]);
        assert_eq!(history.evicted, 1);
        assert_eq!(history.sequence(1), 2);
        assert_eq!(history.spare.len(), 1);
        assert!(history.find_mut(3).is_some());
        assert!(history.find_mut(1).is_none());
    }

    #[test]
    fn json_of_a_tick() {
        let mut tick = record(7, &[(1, FAILURE), (0, ABORTED)]);
        tick.blackboard = Some(Arc::from("{\"a\":1}"));
        tick.error = Some(Arc::from("no path"));
        let mut out = String::new();
        tick.write_json(&mut out, true);
        assert_eq!(
            out,
            r#"{"n":7,"t":0,"root":6,"ev":[11,6],"bb":{"a":1},"err":"no path"}"#
        );
        out.clear();
        tick.write_json(&mut out, false);
        assert!(!out.contains("bb"));
    }

    #[test]
    fn shared_blackboards_count_once() {
        let board: Arc<str> = Arc::from("x".repeat(1000));
        let mut history = History::new(10, 1);
        for n in 0..3 {
            let mut tick = record(n, &[(0, SUCCESS)]);
            tick.blackboard = Some(board.clone());
            history.push(tick);
        }
        let bytes = history.bytes();
        assert!((1000..2000).contains(&bytes), "{bytes}");
    }
}
