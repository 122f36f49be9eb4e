//! The status buffer: each node's state as BehaviorTree.CPP's Groot2 publisher keeps it, and the
//! order in which it sends them.
//!
//! BehaviorTree.CPP stores a status per node and resets nodes to IDLE as it goes: a composite
//! resets its children when it completes, a decorator resets its child as soon as the child
//! completes, a halted node becomes IDLE, and the tree resets its root after a tick that
//! completed it. Groot2's buffer shows a reset node as `10 + the status it had` (so that the
//! last result stays visible, faded). A compiled tree stores no status per node; the publisher
//! rebuilds these states from the observer's reports with the same rules ([`Board`]).
//!
//! The buffer lists `(uid, state)` per node, 3 bytes each, grouped by tree instance as
//! BehaviorTree.CPP's `tree.subtrees` are: the main tree's nodes first (the `SubTree` nodes
//! included), then each subtree instance's nodes, instances in the pre-order of their
//! `SubTree` nodes. Uids are pre-order positions from 1: node id + 1.

use std::sync::atomic::{AtomicU8, Ordering};

use bt_core::{NodeCategory, NodeInfo, Status};

/// `NodeStatus::IDLE`.
pub const IDLE: u8 = 0;

/// BehaviorTree.CPP's `NodeStatus` byte of a status.
pub fn status_byte(status: Status) -> u8 {
    match status {
        Status::Running => 1,
        Status::Success => 2,
        Status::Failure => 3,
        Status::Skipped => 4,
    }
}

/// The status a state shows to BehaviorTree.CPP's transition log: IDLE for the reset forms.
pub fn effective(state: u8) -> u8 {
    if state >= 10 {
        IDLE
    } else {
        state
    }
}

/// True if a node with state `s` has a result that a reset turns into `10 + s`.
fn resettable(state: u8) -> bool {
    (1..=4).contains(&state)
}

/// A tree instance: the main tree, or a `SubTree` node whose tree's nodes follow it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    /// The `SubTree` node's id; `None` for the main tree.
    pub node: Option<usize>,
    /// BehaviorTree.CPP's `_fullpath`: `""` for the main tree, the instance's name (its
    /// `#[name]`, else `ID::uid`), after its parent instance's path and a `/`.
    pub path: String,
}

/// True if node `id` is a `SubTree` node whose tree's nodes follow it.
pub fn is_instance(nodes: &[NodeInfo], id: usize) -> bool {
    nodes[id].category == NodeCategory::SubTree
        && nodes
            .get(id + 1)
            .is_some_and(|next| next.parent == Some(id))
}

/// The tree id a `SubTree` node runs.
pub fn subtree_id(node: &NodeInfo) -> &'static str {
    node.leaf_type.unwrap_or(node.name)
}

/// The instances of a tree, in BehaviorTree.CPP's order, and the instance of every node (the
/// innermost instance whose nodes it is one of; a `SubTree` node belongs to its parent's).
pub fn instances(nodes: &[NodeInfo]) -> (Vec<Instance>, Vec<usize>) {
    let mut list = vec![Instance {
        node: None,
        path: String::new(),
    }];
    let mut owner = vec![0usize; nodes.len()];
    // The instance each node's children belong to.
    let mut inner = vec![0usize; nodes.len()];
    for id in 0..nodes.len() {
        let mine = nodes[id].parent.map_or(0, |parent| inner[parent]);
        owner[id] = mine;
        inner[id] = mine;
        if is_instance(nodes, id) {
            let node = &nodes[id];
            let segment = if node.name != subtree_id(node) {
                node.name.to_owned()
            } else {
                format!("{}::{}", subtree_id(node), id + 1)
            };
            let parent_path = &list[mine].path;
            let path = if parent_path.is_empty() {
                segment
            } else {
                format!("{parent_path}/{segment}")
            };
            inner[id] = list.len();
            list.push(Instance {
                node: Some(id),
                path,
            });
        }
    }
    (list, owner)
}

/// The node ids in the order of the status buffer.
pub fn buffer_order(nodes: &[NodeInfo]) -> Vec<u16> {
    let (_, owner) = instances(nodes);
    let mut order: Vec<usize> = (0..nodes.len()).collect();
    order.sort_by_key(|&id| owner[id]);
    order.into_iter().map(|id| id as u16).collect()
}

/// The status buffer of `states` (indexed by node id), in `order`.
pub fn write_buffer(order: &[u16], states: &[AtomicU8], out: &mut Vec<u8>) {
    out.clear();
    for &id in order {
        let uid = id + 1;
        out.extend_from_slice(&uid.to_le_bytes());
        out.push(states[usize::from(id)].load(Ordering::Relaxed));
    }
}

/// The node states of one tree, kept by the ticking thread with BehaviorTree.CPP's reset rules.
/// The states are atomics so that the server thread reads them at any time without a lock.
pub struct Board {
    /// One past the last descendant of each node.
    ends: Box<[u32]>,
    /// True for the nodes that reset their only child when it completes (decorators and
    /// `SubTree` nodes).
    resets_child: Box<[bool]>,
    /// Each node's parent (`u32::MAX` for the root).
    parents: Box<[u32]>,
}

impl Board {
    /// The board of a tree with `nodes`.
    pub fn new(nodes: &[NodeInfo]) -> Board {
        let ends = (0..nodes.len())
            .map(|id| NodeInfo::subtree_end(nodes, id) as u32)
            .collect();
        let resets_child = (0..nodes.len())
            .map(|id| {
                matches!(
                    nodes[id].category,
                    NodeCategory::Decorator | NodeCategory::SubTree
                ) && NodeInfo::subtree_end(nodes, id) > id + 1
            })
            .collect();
        let parents = nodes
            .iter()
            .map(|node| node.parent.map_or(u32::MAX, |parent| parent as u32))
            .collect();
        Board {
            ends,
            resets_child,
            parents,
        }
    }

    /// BehaviorTree.CPP's composites and decorators become RUNNING when their tick starts,
    /// before their children's: a report from below means each ancestor that is not running
    /// has started, from the top down.
    fn start_ancestors(&self, states: &[AtomicU8], id: usize, changed: &mut impl FnMut(usize, u8)) {
        let parent = self.parents[id];
        if parent == u32::MAX {
            return;
        }
        let parent = parent as usize;
        if states[parent].load(Ordering::Relaxed) != 1 {
            self.start_ancestors(states, parent, changed);
            Board::set(states, parent, 1, changed);
        }
    }

    fn set(states: &[AtomicU8], id: usize, state: u8, changed: &mut impl FnMut(usize, u8)) {
        let old = states[id].load(Ordering::Relaxed);
        if old != state {
            states[id].store(state, Ordering::Relaxed);
            if effective(old) != effective(state) {
                changed(id, effective(state));
            }
        }
    }

    /// Resets nodes `from..to` that have a result, in pre-order.
    fn reset(states: &[AtomicU8], from: usize, to: usize, changed: &mut impl FnMut(usize, u8)) {
        for id in from..to {
            let state = states[id].load(Ordering::Relaxed);
            if resettable(state) {
                Board::set(states, id, 10 + state, changed);
            }
        }
    }

    /// Node `id` answered `status`; `changed(node, status)` hears every transition
    /// BehaviorTree.CPP's loggers would (IDLE for a reset).
    pub fn on_status(
        &self,
        states: &[AtomicU8],
        id: usize,
        status: Status,
        changed: &mut impl FnMut(usize, u8),
    ) {
        let Some(&end) = self.ends.get(id) else {
            return;
        };
        let end = end as usize;
        self.start_ancestors(states, id, changed);
        // A node resets its children inside its tick, before its status is set.
        if status != Status::Running {
            Board::reset(states, id + 1, end, changed);
        } else if self.resets_child[id] {
            let child = id + 1;
            let state = states[child].load(Ordering::Relaxed);
            if resettable(state) && state != 1 {
                Board::reset(states, child, self.ends[child] as usize, changed);
            }
        }
        Board::set(states, id, status_byte(status), changed);
        if id == 0 && status != Status::Running {
            Board::reset(states, 0, 1, changed);
        }
    }

    /// Node `id` was halted, or aborted by an error: everything under it, then it, is idle.
    pub fn on_halted(&self, states: &[AtomicU8], id: usize, changed: &mut impl FnMut(usize, u8)) {
        let Some(&end) = self.ends.get(id) else {
            return;
        };
        Board::reset(states, id + 1, end as usize, changed);
        Board::reset(states, id, id + 1, changed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn node(
        name: &'static str,
        kind: &'static str,
        category: NodeCategory,
        parent: Option<usize>,
        depth: usize,
        leaf_type: Option<&'static str>,
    ) -> NodeInfo {
        NodeInfo {
            name,
            kind,
            category,
            parent,
            depth,
            ports: &[],
            leaf_type,
            params: &[],
        }
    }

    use NodeCategory::{Action, Condition, Control, Decorator, SubTree};

    /// BehaviorTree.CPP's probe tree (ids = uid - 1):
    /// Sequence { SubTree(Outer) { Fallback { SubTree(Inner){AlwaysFailure},
    /// #[name="named"] SubTree(Inner){AlwaysFailure} } }, AlwaysSuccess,
    /// #[name="solo"] SubTree(Inner){AlwaysFailure} }
    const NESTED: &[NodeInfo] = &[
        node("Sequence", "Sequence", Control, None, 0, None),
        node("Outer", "SubTree", SubTree, Some(0), 1, Some("Outer")),
        node("Fallback", "Fallback", Control, Some(1), 2, None),
        node("Inner", "SubTree", SubTree, Some(2), 3, Some("Inner")),
        node("AlwaysFailure", "AlwaysFailure", Action, Some(3), 4, None),
        node("named", "SubTree", SubTree, Some(2), 3, Some("Inner")),
        node("AlwaysFailure", "AlwaysFailure", Action, Some(5), 4, None),
        node("AlwaysSuccess", "AlwaysSuccess", Action, Some(0), 1, None),
        node("solo", "SubTree", SubTree, Some(0), 1, Some("Inner")),
        node("AlwaysFailure", "AlwaysFailure", Action, Some(8), 2, None),
    ];

    #[test]
    fn instances_and_order_follow_btcpp() {
        let (list, _) = instances(NESTED);
        let paths: Vec<&str> = list.iter().map(|i| i.path.as_str()).collect();
        // As BehaviorTree.CPP 4.8.2 wrote them for the same tree.
        assert_eq!(
            paths,
            [
                "",
                "Outer::2",
                "Outer::2/Inner::4",
                "Outer::2/named",
                "solo"
            ]
        );
        let uids: Vec<u16> = buffer_order(NESTED).iter().map(|id| id + 1).collect();
        assert_eq!(uids, [1, 2, 8, 9, 3, 4, 6, 5, 7, 10]);
    }

    /// Sequence { Repeat(3) { IsReady }, Work }
    const REPEAT: &[NodeInfo] = &[
        node("Sequence", "Sequence", Control, None, 0, None),
        node("Repeat", "Repeat", Decorator, Some(0), 1, None),
        node(
            "IsReady",
            "Condition",
            Condition,
            Some(1),
            2,
            Some("IsReady"),
        ),
        node("Work", "StatefulAction", Action, Some(0), 1, Some("Work")),
    ];

    fn states(n: usize) -> Vec<AtomicU8> {
        (0..n).map(|_| AtomicU8::new(0)).collect()
    }

    fn bytes(states: &[AtomicU8]) -> Vec<u8> {
        states.iter().map(|s| s.load(Ordering::Relaxed)).collect()
    }

    #[test]
    fn decorators_reset_their_completed_child_and_roots_reset_after_completing() {
        let board = Board::new(REPEAT);
        let states = states(REPEAT.len());
        let mut log = Vec::new();
        let mut changed = |id: usize, s: u8| log.push((id + 1, s));
        // Tick 1: IsReady succeeds, Repeat yields (RUNNING), the sequence runs.
        board.on_status(&states, 2, Status::Success, &mut changed);
        board.on_status(&states, 1, Status::Running, &mut changed);
        board.on_status(&states, 0, Status::Running, &mut changed);
        assert_eq!(bytes(&states), [1, 1, 12, 0]);
        // ... Repeat done, Work runs, then succeeds: the sequence completes, all reset.
        board.on_status(&states, 2, Status::Success, &mut changed);
        board.on_status(&states, 1, Status::Success, &mut changed);
        board.on_status(&states, 3, Status::Running, &mut changed);
        board.on_status(&states, 0, Status::Running, &mut changed);
        assert_eq!(bytes(&states), [1, 2, 12, 1]);
        board.on_status(&states, 3, Status::Success, &mut changed);
        board.on_status(&states, 0, Status::Success, &mut changed);
        assert_eq!(bytes(&states), [12, 12, 12, 12]);
        assert_eq!(
            log,
            [
                // Tick 1: the sequence and Repeat start, IsReady succeeds, Repeat yields and
                // resets it.
                (1, 1),
                (2, 1),
                (3, 2),
                (3, 0),
                // Tick 2: IsReady again, Repeat resets it and is done, Work starts.
                (3, 2),
                (3, 0),
                (2, 2),
                (4, 1),
                // Tick 3: Work succeeds, the sequence resets its children and succeeds, the
                // tree resets it.
                (4, 2),
                (2, 0),
                (4, 0),
                (1, 2),
                (1, 0)
            ]
        );
    }

    #[test]
    fn halts_idle_the_subtree() {
        let board = Board::new(REPEAT);
        let states = states(REPEAT.len());
        let mut changed = |_: usize, _: u8| {};
        board.on_status(&states, 3, Status::Running, &mut changed);
        board.on_status(&states, 0, Status::Running, &mut changed);
        board.on_halted(&states, 3, &mut changed);
        board.on_halted(&states, 0, &mut changed);
        assert_eq!(bytes(&states), [11, 0, 0, 11]);
        // Unknown ids are ignored.
        board.on_status(&states, 99, Status::Running, &mut changed);
        board.on_halted(&states, 99, &mut changed);
    }

    #[test]
    fn buffer_layout() {
        let order = buffer_order(NESTED);
        let states = states(NESTED.len());
        states[0].store(1, Ordering::Relaxed);
        let mut out = Vec::new();
        write_buffer(&order, &states, &mut out);
        assert_eq!(out.len(), 3 * NESTED.len());
        assert_eq!(&out[..6], &[1, 0, 1, 2, 0, 0]);
    }
}
