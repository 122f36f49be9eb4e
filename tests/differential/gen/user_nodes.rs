//! The control nodes and decorators of the user's own (issue 26; `tree::User`, the types of
//! `tests/differential/user.rs`): a last pass over a generated tree, with a stream of its own,
//! so that the trees it leaves alone are those the same seed gave before it.
//!
//! In 30 % of the trees, one or two times: a user control node takes the place of a composite
//! (`Sequence`, `Fallback`, ..) with its children and attributes (`RecoveryNode` only of one
//! with two children), or, for a third of the control nodes and for every decorator, a user
//! node is put around a random node (the root too; a `RecoveryNode` with a new leaf as its
//! recovery, an action, a stateful action or `AlwaysSuccess`, and the leaves numbered again). The change is kept when the tree stays
//! within 60 nodes and 8 levels, its observer selectors keep their `Observe(abort = lower)`
//! children, and no more of its leaves are statically dead. Then the user nodes that log are
//! numbered from `tree::USER_ID_BASE` in pre-order.
//!
//! Ports: `Sweep`'s input `b0` is bound to a declared entry (tracked or not), to `{=}` when `b0`
//! is declared, or to a value; its output `b1` to an entry, `{=}`, or not at all. `Gate` (only
//! in trees with an `i64` entry) gets `b0` likewise and its in-out `t0` an entry or `{=}`.
//! `RecoveryNode`'s `number_of_retries` is 0 to 3 or not written, `RateController`'s `hz` 20,
//! 25, 50 or 100 (periods of 50, 40, 20 and 10 ms, on the harness's clock steps).

use super::{ints, number_leaves, wrap_nth, Rng, MAX_DEPTH, MAX_SIZE};
use crate::tree::{Bind, Entry, LeafForm, Node, Ports, Tree, User, USER_ID_BASE};

/// The pass (see the module docs).
pub fn add_user_nodes(rng: &mut Rng, tree: &mut Tree) {
    if !rng.percent(30) {
        return;
    }
    let declared = tree.entries();
    let ints = ints(&declared);
    let count = if rng.percent(60) { 1 } else { 2 };
    for _ in 0..count {
        for _attempt in 0..6 {
            let user = draw(rng, &declared, &ints);
            let mut root = tree.root.clone();
            let size = root.size();
            let composites: Vec<usize> = (root.preorder().iter().enumerate())
                .filter(|(_, (node, _))| match node.bare() {
                    Node::Composite(_, children) => {
                        user.arity().map_or(true, |n| n == children.len())
                    }
                    _ => false,
                })
                .map(|(at, _)| at)
                .collect();
            let replace = user.arity() != Some(1) && !composites.is_empty() && rng.percent(67);
            if replace {
                let at = rng.pick(&composites);
                wrap_nth(&mut root, at, &mut 0, &mut |node| take_place(user, node));
            } else if user.arity() == Some(2) {
                // A recovery of a random node: a new leaf (the leaves are numbered again).
                let at = rng.below(size);
                let recovery = match rng.below(3) {
                    0 => Node::Action(0, LeafForm::Type),
                    1 => Node::Stateful(0, LeafForm::Type),
                    _ => Node::AlwaysSuccess,
                };
                wrap_nth(&mut root, at, &mut 0, &mut |node| {
                    Node::User(user, vec![node, recovery.clone()])
                });
                number_leaves(&mut root, &mut 0);
            } else {
                let at = rng.below(size);
                wrap_nth(&mut root, at, &mut 0, &mut |node| {
                    Node::User(user, vec![node])
                });
            }
            if root.size() <= MAX_SIZE
                && root.depth() <= MAX_DEPTH
                && root.observers_placed()
                && root.dead_leaves() <= tree.root.dead_leaves()
            {
                tree.root = root;
                break;
            }
        }
    }
    let mut next = USER_ID_BASE;
    number(&mut tree.root, &mut next);
}

/// `user` in the place of the composite `node`, with its children (and its attributes).
fn take_place(user: User, node: Node) -> Node {
    match node {
        Node::Attr(attrs, inner) => Node::Attr(attrs, Box::new(take_place(user, *inner))),
        Node::Composite(_, children) => Node::User(user, children),
        other => unreachable!("not a composite: {other:?}"),
    }
}

/// Numbers the user nodes that log, in pre-order.
fn number(node: &mut Node, next: &mut usize) {
    if let Node::User(user, _) = node {
        if let Some(id) = user.id_mut() {
            *id = *next;
            *next += 1;
        }
    }
    if let Node::Attr(_, inner) = node {
        return number(inner, next);
    }
    for child in node.children_mut() {
        number(child, next);
    }
}

/// A user node (its id 0 until [`number`]) with its parameters and ports.
fn draw(rng: &mut Rng, declared: &[Entry], ints: &[Entry]) -> User {
    let gate = if ints.is_empty() { 0 } else { 18 };
    // PipelineSequence, RecoveryNode, RateController, RoundRobin, Sweep, Twice, Rotate, Gate.
    match rng.weighted(&[12, 16, 12, 12, 14, 12, 12, gate]) {
        0 => User::Pipeline,
        1 => User::Recovery(if rng.percent(45) {
            None
        } else {
            Some(rng.below(4) as u32)
        }),
        2 => User::Rate(rng.pick(&[20u32, 25, 50, 100])),
        3 => User::RoundRobin,
        4 => {
            let b0 = Some(input(rng, Entry::b0, declared, ints, &[0, 1, 2, 3, 4]));
            let b1 = if ints.is_empty() || rng.percent(35) {
                None
            } else {
                Some(bind(rng, Entry::b1, declared, ints))
            };
            User::Sweep(0, Ports { b0, b1, t0: None })
        }
        5 => User::Twice(0),
        6 => User::Rotate(0),
        _ => {
            // A value that is 3 modulo 4 would keep the child from ever being ticked.
            let b0 = Some(input(rng, Entry::b0, declared, ints, &[0, 1, 2, 4, 5, 6]));
            let t0 = Some(bind(rng, Entry::t0, declared, ints));
            User::Gate(0, Ports { b0, b1: None, t0 })
        }
    }
}

/// An input's binding: a value (always without `i64` entries), or an entry.
fn input(rng: &mut Rng, port: Entry, declared: &[Entry], ints: &[Entry], values: &[i64]) -> Bind {
    if ints.is_empty() || rng.percent(30) {
        Bind::Value(rng.pick(values))
    } else {
        bind(rng, port, declared, ints)
    }
}

/// A binding to an entry: `{=}` now and then when the port's namesake is declared, else one of
/// the `i64` entries.
fn bind(rng: &mut Rng, port: Entry, declared: &[Entry], ints: &[Entry]) -> Bind {
    if declared.contains(&port) && rng.percent(35) {
        Bind::Same
    } else {
        Bind::Entry(rng.pick(ints))
    }
}

/// In 60 % of the trees with an error type (a stream of its own: the other trees are unchanged),
/// once or twice, a `Fuse` around a random node outside child trees (the root too): a decorator
/// of the user's whose child's second failure in an activation ends the tick with an error of
/// its own. Kept within 60 nodes and 8 levels, and the observer selectors' `Observe` children
/// in place; the user nodes that log are numbered again.
pub fn add_fuses(rng: &mut Rng, tree: &mut Tree) {
    if !tree.root.fallible() || !rng.percent(60) {
        return;
    }
    let count = if rng.percent(70) { 1 } else { 2 };
    for _ in 0..count {
        for _attempt in 0..6 {
            let mut root = tree.root.clone();
            // The nodes not below a `SubTree` node (a child tree has no error type).
            let nodes = root.preorder();
            let mut inside = vec![false; nodes.len()];
            for (at, (_, parent)) in nodes.iter().enumerate() {
                inside[at] = parent.is_some_and(|parent| {
                    inside[parent] || matches!(nodes[parent].0, Node::Sub(..))
                });
            }
            let outside: Vec<usize> = (0..nodes.len()).filter(|&at| !inside[at]).collect();
            let at = rng.pick(&outside);
            wrap_nth(&mut root, at, &mut 0, &mut |node| {
                Node::User(User::Fuse(0), vec![node])
            });
            if root.size() <= MAX_SIZE && root.depth() <= MAX_DEPTH && root.observers_placed() {
                tree.root = root;
                break;
            }
        }
    }
    let mut next = USER_ID_BASE;
    number(&mut tree.root, &mut next);
}
