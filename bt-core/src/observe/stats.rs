//! [`Statistics`]: per-node counts of ticks, results and halts.

use core::fmt;

use super::{check_room, check_room_for, out_of_range, StatusSnapshot, TraceEvent};
use crate::{BehaviorTree, NodeInfo, Observer, Status};

/// What [`Statistics`] counts for one node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NodeStats {
    /// Times the node was ticked (it answered a status).
    pub ticks: u64,
    /// Times it answered `Success`.
    pub successes: u64,
    /// Times it answered `Failure`.
    pub failures: u64,
    /// Times it answered `Skipped`.
    pub skips: u64,
    /// Times it answered `Running`.
    pub running: u64,
    /// Times it was halted while running.
    pub halts: u64,
    /// Times an error aborted the tick while it was being ticked (it answered no status).
    pub aborts: u64,
    /// The last thing that happened to it: its last status, or a halt or an abort after it (the
    /// abort, if it was aborted and then halted in the same tick).
    pub last: Option<TraceEvent>,
}

impl NodeStats {
    /// Nothing counted yet (`[NodeStats::ZERO; N]` is the storage of a tree of `N` nodes).
    pub const ZERO: NodeStats = NodeStats {
        ticks: 0,
        successes: 0,
        failures: 0,
        skips: 0,
        running: 0,
        halts: 0,
        aborts: 0,
        last: None,
    };

    /// The node's last status, if it was ticked and not halted since.
    pub fn last_status(&self) -> Option<Status> {
        match self.last {
            Some(TraceEvent::Ticked(status)) => Some(status),
            _ => None,
        }
    }
}

/// An observer that counts, for every node, its ticks, each status it answered, its halts and its
/// aborts (BehaviorTree.CPP's `TreeObserver`), and prints them as a table.
///
/// The counts live in `B`: an array `[NodeStats; N]` (`N` = the tree's `NODE_COUNT`), or in
/// code generic over trees any buffer of [`NodeStats`] (`&mut [NodeStats]`, a `Vec`).
///
/// ```
/// use bt_core::{NodeStats, Observer, Statistics, Status};
/// # use bt_core::{NodeCategory, NodeInfo};
/// # const fn node(name: &'static str, parent: Option<usize>, depth: usize) -> NodeInfo {
/// #     NodeInfo { name, kind: name, category: NodeCategory::Control, parent, depth, ports: &[],
/// #                leaf_type: None, params: &[] }
/// # }
/// # const NODES: &[NodeInfo] = &[node("Inverter", None, 0), node("AlwaysFailure", Some(0), 1)];
/// # struct Tree;
/// # impl Tree { const NODES: &'static [NodeInfo] = NODES; const NODE_COUNT: usize = 2; }
/// let mut stats = Statistics::new(Tree::NODES, [NodeStats::ZERO; Tree::NODE_COUNT]);
/// // tree.tick_with(&mut ctx, &mut stats), or by hand:
/// stats.on_status(1, Status::Failure);
/// stats.on_status(0, Status::Success);
/// assert_eq!(stats[1].failures, 1);
/// assert_eq!(stats.get(0).unwrap().last_status(), Some(Status::Success));
/// print!("{stats}");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Statistics<B> {
    nodes: &'static [NodeInfo],
    stats: B,
}

impl<B: AsRef<[NodeStats]> + AsMut<[NodeStats]>> Statistics<B> {
    /// Statistics of the tree whose `NODES` are `nodes`, counted in `storage` (which it zeroes).
    ///
    /// # Panics
    ///
    /// Here, naming both lengths, if `storage` has fewer entries than `nodes`.
    #[track_caller]
    pub fn new(nodes: &'static [NodeInfo], mut storage: B) -> Self {
        let room = storage.as_ref().len();
        check_room(
            "Statistics",
            room,
            nodes.len(),
            format_args!("the given NODES"),
        );
        storage.as_mut().fill(NodeStats::ZERO);
        Statistics {
            nodes,
            stats: storage,
        }
    }

    /// Statistics of the tree `T`, counted in `storage`.
    ///
    /// # Panics
    ///
    /// Here, naming both lengths, if `storage` has fewer entries than `T` has nodes.
    #[track_caller]
    pub fn for_tree<T: BehaviorTree + ?Sized>(storage: B) -> Self {
        check_room_for::<T>("Statistics", storage.as_ref().len());
        Self::new(T::NODES, storage)
    }

    /// Forgets every count.
    pub fn reset(&mut self) {
        self.stats.as_mut().fill(NodeStats::ZERO);
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn entry(&mut self, node: usize) -> &mut NodeStats {
        let room = self.nodes.len();
        if node >= room {
            out_of_range("Statistics", node, room)
        }
        match self.stats.as_mut().get_mut(node) {
            Some(entry) => entry,
            None => out_of_range("Statistics", node, room),
        }
    }
}

impl<B: AsRef<[NodeStats]>> Statistics<B> {
    /// The counts of node `node`; `None` for an id the tree does not have.
    pub fn get(&self, node: usize) -> Option<&NodeStats> {
        self.all().get(node)
    }

    /// The counts of every node, indexed by id.
    pub fn all(&self) -> &[NodeStats] {
        &self.stats.as_ref()[..self.nodes.len()]
    }

    /// The tree's nodes.
    pub fn nodes(&self) -> &'static [NodeInfo] {
        self.nodes
    }
}

impl<B: AsRef<[NodeStats]> + AsMut<[NodeStats]>> Observer for Statistics<B> {
    #[inline]
    fn on_status(&mut self, node: usize, status: Status) {
        let entry = self.entry(node);
        entry.ticks += 1;
        match status {
            Status::Running => entry.running += 1,
            Status::Success => entry.successes += 1,
            Status::Failure => entry.failures += 1,
            Status::Skipped => entry.skips += 1,
        }
        entry.last = Some(TraceEvent::Ticked(status));
    }

    #[inline]
    fn on_halted(&mut self, node: usize) {
        let entry = self.entry(node);
        entry.halts += 1;
        entry.last = Some(
            entry
                .last
                .map_or(TraceEvent::Halted, |last| last.then(TraceEvent::Halted)),
        );
    }

    #[inline]
    fn on_aborted(&mut self, node: usize) {
        let entry = self.entry(node);
        entry.aborts += 1;
        entry.last = Some(TraceEvent::Aborted);
    }
}

impl<B: AsRef<[NodeStats]>> core::ops::Index<usize> for Statistics<B> {
    type Output = NodeStats;

    /// The counts of node `node`.
    ///
    /// # Panics
    ///
    /// If the tree has no node `node`.
    fn index(&self, node: usize) -> &NodeStats {
        match self.get(node) {
            Some(stats) => stats,
            None => out_of_range("Statistics", node, self.nodes.len()),
        }
    }
}

impl<B: AsRef<[NodeStats]>> StatusSnapshot for Statistics<B> {
    fn node_event(&self, node: usize) -> Option<TraceEvent> {
        if node >= self.nodes.len() {
            return None;
        }
        self.stats.as_ref().get(node).and_then(|stats| stats.last)
    }
}

/// A table, one line per node, names indented by depth:
///
/// ```text
/// id  node          ticks  success  failure  skipped  running  halted  aborted  last
///  0  Fallback          3        1        0        0        2       0        0  SUCCESS
///  1    IsVisible       3        1        2        0        0       0        0  SUCCESS
///  2    Patrol          2        0        0        0        2       1        0  HALTED
/// ```
impl<B: AsRef<[NodeStats]>> fmt::Display for Statistics<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let id_width = digits(self.nodes.len().saturating_sub(1)).max(2);
        let name_width = self
            .nodes
            .iter()
            .map(|node| 2 * node.depth + node.name.chars().count())
            .max()
            .unwrap_or(0)
            .max("node".len());
        writeln!(
            f,
            "{:>id_width$}  {:<name_width$}  {:>5}  {:>7}  {:>7}  {:>7}  {:>7}  {:>6}  {:>7}  last",
            "id", "node", "ticks", "success", "failure", "skipped", "running", "halted", "aborted"
        )?;
        for (id, (node, stats)) in self.nodes.iter().zip(self.all()).enumerate() {
            let indent = 2 * node.depth;
            let last = stats.last.map_or("-", TraceEvent::name);
            writeln!(
                f,
                "{id:>id_width$}  {:indent$}{:<pad$}  {:>5}  {:>7}  {:>7}  {:>7}  {:>7}  {:>6}  {:>7}  {last}",
                "",
                node.name,
                stats.ticks,
                stats.successes,
                stats.failures,
                stats.skips,
                stats.running,
                stats.halts,
                stats.aborts,
                pad = name_width - indent,
            )?;
        }
        Ok(())
    }
}

fn digits(mut n: usize) -> usize {
    let mut digits = 1;
    while n >= 10 {
        n /= 10;
        digits += 1;
    }
    digits
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::observe::testing::{RobotTree, SMALL};

    #[test]
    fn counts_each_status_and_halt() {
        let mut stats = Statistics::new(SMALL, [NodeStats::ZERO; 3]);
        stats.on_status(1, Status::Failure);
        stats.on_status(2, Status::Running);
        stats.on_status(0, Status::Running);
        stats.on_status(1, Status::Success);
        stats.on_halted(2);
        stats.on_status(0, Status::Success);
        stats.on_status(1, Status::Skipped);
        assert_eq!(
            stats[1],
            NodeStats {
                ticks: 3,
                successes: 1,
                failures: 1,
                skips: 1,
                running: 0,
                halts: 0,
                aborts: 0,
                last: Some(TraceEvent::Ticked(Status::Skipped)),
            }
        );
        assert_eq!(stats[2].halts, 1);
        assert_eq!(stats[2].running, 1);
        assert_eq!(stats[2].last_status(), None);
        assert_eq!(stats.node_event(2), Some(TraceEvent::Halted));
        assert_eq!(stats.get(0).unwrap().last_status(), Some(Status::Success));
        assert_eq!(stats.get(3), None);
        assert_eq!(stats.node_event(3), None);
        assert_eq!(stats.all().len(), 3);
        assert_eq!(stats.nodes().len(), 3);
        stats.reset();
        assert_eq!(stats[1], NodeStats::ZERO);
    }

    #[test]
    fn prints_a_table() {
        let mut stats = Statistics::new(SMALL, [NodeStats::ZERO; 3]);
        for _ in 0..2 {
            stats.on_status(1, Status::Failure);
            stats.on_status(2, Status::Running);
            stats.on_status(0, Status::Running);
        }
        stats.on_status(1, Status::Success);
        stats.on_halted(2);
        stats.on_status(0, Status::Success);
        assert_eq!(
            stats.to_string(),
            "\
id  node         ticks  success  failure  skipped  running  halted  aborted  last
 0  Fallback         3        1        0        0        2       0        0  SUCCESS
 1    IsVisible      3        1        2        0        0       0        0  SUCCESS
 2    Patrol         2        0        0        0        2       1        0  HALTED
"
        );
        let mut zero = Statistics::new(&SMALL[..1], [NodeStats::ZERO; 1]);
        zero.on_status(0, Status::Skipped);
        assert_eq!(
            zero.to_string(),
            "\
id  node      ticks  success  failure  skipped  running  halted  aborted  last
 0  Fallback      1        0        0        1        0       0        0  SKIPPED
"
        );
    }

    #[test]
    fn counts_aborts_and_keeps_them_over_the_halts_after_them() {
        // Patrol runs; then IsVisible fails with an error, which aborts the tick.
        let mut stats = Statistics::new(SMALL, [NodeStats::ZERO; 3]);
        stats.on_status(1, Status::Failure);
        stats.on_status(2, Status::Running);
        stats.on_status(0, Status::Running);
        stats.on_aborted(1);
        stats.on_halted(2);
        stats.on_halted(0);
        stats.on_aborted(0);
        assert_eq!((stats[1].aborts, stats[1].ticks), (1, 1));
        assert_eq!(stats[1].last, Some(TraceEvent::Aborted));
        assert_eq!((stats[2].halts, stats[2].aborts), (1, 0));
        assert_eq!(stats.node_event(2), Some(TraceEvent::Halted));
        assert_eq!((stats[0].halts, stats[0].aborts), (1, 1));
        assert_eq!(stats.node_event(0), Some(TraceEvent::Aborted));
        // A path node that can run is aborted, then halted: it stays aborted, both counted.
        stats.on_aborted(2);
        stats.on_halted(2);
        assert_eq!((stats[2].halts, stats[2].aborts), (2, 1));
        assert_eq!(stats[2].last, Some(TraceEvent::Aborted));
        assert!(stats.to_string().contains(
            " 0  Fallback         1        0        0        0        1       1        1  ABORTED\n"
        ));
    }

    #[test]
    fn works_over_a_buffer_for_any_tree() {
        let mut buffer = vec![NodeStats::ZERO; RobotTree::NODE_COUNT];
        let mut stats = Statistics::for_tree::<RobotTree>(&mut buffer[..]);
        RobotTree::default().tick_with(&mut (), &mut stats);
        assert_eq!(stats[8].successes, 1);
        assert_eq!(stats[0].ticks, 1);
        assert_eq!(digits(0), 1);
        assert_eq!(digits(10), 2);
        assert_eq!(digits(999), 3);
    }

    #[test]
    #[should_panic(
        expected = "Statistics: its storage has room for 4 nodes but the tree `bt_core::observe::testing::RobotTree` has 9"
    )]
    fn for_tree_checks_the_storage_up_front() {
        let _ = Statistics::for_tree::<RobotTree>([NodeStats::ZERO; 4]);
    }

    #[test]
    #[should_panic(expected = "Statistics has room for 3 nodes but node 8 was reported")]
    fn an_unknown_node_is_a_clear_panic() {
        // Storage larger than the tree: ids past the tree's nodes are still refused.
        let mut stats = Statistics::new(SMALL, [NodeStats::ZERO; 16]);
        RobotTree::default().tick_with(&mut (), &mut stats);
    }

    #[test]
    #[should_panic(expected = "Statistics has room for 3 nodes but node 5 was reported")]
    fn indexing_an_unknown_node_is_a_clear_panic() {
        let stats = Statistics::new(SMALL, [NodeStats::ZERO; 3]);
        let _ = stats[5];
    }
}
