//! The NodeCanvas kinds added after issue 12's first part: `DynamicSequence`,
//! `DynamicSelector`, `PrioritySelector` (`#[score]` on each child), `Observe(abort = ..)` on
//! its own and under a `Fallback`/`Selector` (an observer selector when one of its `Observe`
//! children has `abort = lower | both`), `Iterate`, `Guard`, and the random composites
//! (`RandomSequence`, `RandomSelector`, `ProbabilitySelector(fail = ..) { #[weight(..)] .. }`,
//! in trees declared `rng = context`). Drawn in [`super::gen_bare`] before its own kinds.
//! Two last passes, each with a stream of its own: [`busy_observers`] and [`priority_modes`]
//! (which draws each `PrioritySelector`'s `dynamic` and makes some `Fallback`s ordered
//! `PrioritySelector`s).

use std::collections::BTreeSet;

use super::{
    gen_children, gen_cond, gen_node, gen_value, gen_width, ints, Avail, Rng, MAX_DEPTH, MAX_SIZE,
};
use crate::tree::{
    Abort, Atom, Attr, Composite, Cond, Entry, Ext, Int, LeafForm, Node, Op, Outcomes, Pre,
    StatusName, Stmt, Tree,
};

/// Now and then (11 % of the inner nodes) one of this module's kinds; `None`: the caller draws
/// as before.
pub fn gen(rng: &mut Rng, level: usize, budget: usize, avail: &Avail) -> Option<Node> {
    if budget < 2 || !rng.percent(11) {
        return None;
    }
    let entries = avail.as_deref().unwrap_or(&[]);
    let board = avail.is_some();
    let max_children = (budget - 1).min(5);
    // DynamicSequence, DynamicSelector, PrioritySelector, Observe on its own, a Fallback with
    // observers, Iterate (over the list `l0`), Guard, RandomSequence, RandomSelector,
    // ProbabilitySelector.
    let kind = rng.weighted(&[
        5,
        5,
        5,
        if board { 8 } else { 0 },
        if board && level + 2 <= MAX_DEPTH && budget >= 5 {
            11
        } else {
            0
        },
        if entries.contains(&Entry::l0) { 45 } else { 0 },
        10,
        5,
        5,
        6,
    ]);
    let keep = |_: usize, _: &Node| false;
    Some(match kind {
        0 | 1 => {
            let n = gen_width(rng, max_children);
            let go = if kind == 0 {
                Outcomes::SUCCESS
            } else {
                Outcomes::FAILURE
            };
            let mut children = gen_children(
                rng,
                level,
                budget - 1,
                n,
                avail,
                &|i| (i + 1 < n).then_some(go),
                &keep,
            );
            // Conditions (re-checked every tick) among the other children (latched).
            for child in &mut children {
                if rng.percent(20) {
                    *child = match avail {
                        Some(_) if rng.percent(50) => Node::ScriptCondition(gen_cond(rng, entries)),
                        _ => Node::Condition(0, LeafForm::Type),
                    };
                }
            }
            let ext = if kind == 0 {
                Ext::DynamicSequence
            } else {
                Ext::DynamicSelector
            };
            Node::Ext(ext, children)
        }
        2 => {
            let n = gen_width(rng, max_children);
            let scores = (0..n)
                .map(|_| {
                    if board {
                        gen_value(rng, entries)
                    } else {
                        Int::lit(rng.below(4) as i64)
                    }
                })
                .collect();
            let no_go = |_: usize| None;
            let children = gen_children(rng, level, budget - 1, n, avail, &no_go, &keep);
            // Drawn as the utility selector, whose outcomes the tree was drawn with before
            // the ordered mode existed; `priority_modes` draws the mode.
            Node::Ext(Ext::PrioritySelector(scores, Some(true)), children)
        }
        3 => {
            let abort = match rng.below(3) {
                0 => None,
                1 => Some(Abort::None),
                _ => Some(Abort::SelfBranch),
            };
            let cond = gen_cond(rng, entries);
            Node::Ext(
                Ext::Observe(cond, abort),
                vec![gen_node(rng, level + 1, budget - 1, avail)],
            )
        }
        4 => observer_fallback(rng, level, budget, avail),
        7 | 8 => {
            let n = gen_width(rng, max_children);
            // Any child may come last: none is drawn again.
            let no_go = |_: usize| None;
            let children = gen_children(rng, level, budget - 1, n, avail, &no_go, &keep);
            let ext = if kind == 7 {
                Ext::RandomSequence
            } else {
                Ext::RandomSelector
            };
            Node::Ext(ext, children)
        }
        9 => {
            let n = gen_width(rng, max_children);
            // A weight: a literal (now and then 0: never picked), or over the blackboard
            // (`% 4`, or an entry as it is, which may be 0 or negative).
            let weight = |rng: &mut Rng| {
                if board && rng.percent(45) {
                    let mut w = gen_value(rng, entries);
                    if w.reads().is_some() && w.modulo == 0 && rng.percent(50) {
                        w.modulo = 4;
                    }
                    w
                } else if rng.percent(15) {
                    Int::lit(0)
                } else {
                    Int::lit(1 + rng.below(3) as i64)
                }
            };
            let fail = match rng.below(3) {
                0 => None,
                1 => Some(Int::lit(rng.below(3) as i64)),
                _ => Some(weight(rng)),
            };
            let weights = (0..n).map(|_| weight(rng)).collect();
            let no_go = |_: usize| None;
            let children = gen_children(rng, level, budget - 1, n, avail, &no_go, &keep);
            Node::Ext(Ext::ProbabilitySelector(fail, weights), children)
        }
        6 => {
            let guard = |rng: &mut Rng, level: usize, budget: usize| {
                let if_guarded = match rng.below(3) {
                    0 => None,
                    1 => Some(StatusName::Failure),
                    _ => Some(StatusName::Running),
                };
                Node::Ext(
                    Ext::Guard(if_guarded),
                    vec![gen_node(rng, level + 1, budget - 1, avail)],
                )
            };
            // Now and then two Guards side by side, contending for the one token.
            if budget >= 5 && level + 2 <= MAX_DEPTH && rng.percent(45) {
                let first = rng.range(2, budget - 3);
                let a = guard(rng, level + 1, first);
                let b = guard(rng, level + 1, budget - 1 - first);
                Node::Parallel(None, None, vec![a, b])
            } else {
                guard(rng, level, budget)
            }
        }
        _ => {
            let element = if entries.contains(&Entry::b1) && rng.percent(50) {
                Entry::b1
            } else {
                Entry::b0
            };
            let until = match rng.below(4) {
                0 => None,
                u => Some(u as u8 - 1),
            };
            let max = if rng.percent(50) {
                None
            } else {
                Some(rng.range(1, 3) as u32)
            };
            let reset = match rng.below(3) {
                0 => None,
                1 => Some(true),
                _ => Some(false),
            };
            Node::Ext(
                Ext::Iterate(element, until, max, reset),
                vec![gen_node(rng, level + 1, budget - 1, avail)],
            )
        }
    })
}

/// A `Fallback`/`Selector` whose children are now and then `Observe` nodes, at least one with
/// `abort = lower` or `both` (not on the last child).
fn observer_fallback(rng: &mut Rng, level: usize, budget: usize, avail: &Avail) -> Node {
    let entries = avail.as_deref().unwrap_or(&[]);
    // Each child takes a node of the budget, an observed one two.
    let n = gen_width(rng, (budget - 1) / 2).max(2);
    let lower = rng.below(n - 1);
    let observed: Vec<Option<Option<Abort>>> = (0..n)
        .map(|i| {
            if i == lower {
                Some(Some(if rng.percent(40) {
                    Abort::Lower
                } else {
                    Abort::Both
                }))
            } else if rng.percent(55) {
                Some(match rng.below(5) {
                    0 => None,
                    1 => Some(Abort::None),
                    2 => Some(Abort::SelfBranch),
                    3 => Some(Abort::Both),
                    _ => Some(Abort::Lower),
                })
            } else {
                None
            }
        })
        .collect();
    let spare = budget - 1 - n - observed.iter().filter(|o| o.is_some()).count();
    let mut shares = vec![1; n];
    for _ in 0..spare {
        shares[rng.below(n)] += 1;
    }
    let children = (0..n)
        .map(|i| match observed[i] {
            Some(abort) => {
                let cond = gen_cond(rng, entries);
                let child = gen_node(rng, level + 2, shares[i], avail);
                Node::Ext(Ext::Observe(cond, abort), vec![child])
            }
            None => {
                // A child that can neither fail nor be skipped would leave the later ones dead.
                let mut child = gen_node(rng, level + 1, shares[i], avail);
                for _ in 0..8 {
                    let o = child.outcomes();
                    if i + 1 == n || o.has(Outcomes::FAILURE) || o.has(Outcomes::SKIPPED) {
                        break;
                    }
                    child = gen_node(rng, level + 1, shares[i], avail);
                }
                child
            }
        })
        .collect();
    let kind = if rng.percent(50) {
        Composite::Fallback
    } else {
        Composite::Selector
    };
    Node::Composite(kind, children)
}

/// The observer selectors made busy. As drawn, their `lower` guards hardly ever changed while a
/// later child ran (9 aborts fired in the runs of the whole set with 4 script seeds: most
/// selectors had no later child that can run, or a guard that never changes) and their
/// children rarely skipped: one abort walked a skipped child again, and no walk then ended with a
/// count of skip answers that differs from the count of skipped children (issue 25: the library
/// counted skip answers). A pass over a generated tree, the last one (after the subtrees and the
/// errors, whose streams it leaves alone), with a stream of its own so that the other trees are
/// those of the same seed. In 90 % of the observer selectors:
///
/// * the node guarded by a `lower`/`both` child becomes `Optional { .. }` (it skips whenever it
///   completes) half of the time; otherwise, and for the other children, the child (of an
///   `Observe` child, the node it guards: the `Observe` itself stays the selector's child) gets
///   a `#[skip_if(c)]` 75 % of the time, unless it has one;
/// * without a child after the first `lower`/`both` one that can run, the last child waits
///   first (`Delay(10 | 20 | 30)`);
/// * 85 % of them become `ReactiveSequence { Script(|bb| bb.e = (bb.e + 1) % 8), selector }`,
///   `e` an entry that the first `lower`/`both` guard reads (or any `i64` entry), and that
///   guard becomes `e < k`, `e > k`, `e == k` or `e != k` (`k` in 1..=6), so that it changes
///   every few ticks (as drawn, guards such as `b1 < b1 + 3` never change).
///
/// A selector whose tree would outgrow 60 nodes or 8 levels gets the largest of these changes
/// that fits: without the `Optional`s or the `ReactiveSequence`, or the attributes only.
pub fn busy_observers(rng: &mut Rng, tree: &mut Tree) {
    fn nth_mut<'a>(node: &'a mut Node, n: usize, seen: &mut usize) -> Option<&'a mut Node> {
        if *seen == n {
            return Some(node);
        }
        *seen += 1;
        for child in node.children_mut() {
            if let Some(found) = nth_mut(child, n, seen) {
                return Some(found);
            }
        }
        None
    }
    fn is_observer_selector(node: &Node) -> bool {
        matches!(node.bare(), Node::Composite(Composite::Fallback | Composite::Selector, children)
            if children.iter().any(|c| c.observe_lower().is_some()))
    }
    /// The node a child stands for: of an `Observe` child, the node it guards.
    fn guarded(child: &mut Node) -> &mut Node {
        match child {
            Node::Ext(Ext::Observe(..), guarded) => &mut guarded[0],
            other => other,
        }
    }
    fn wrap(node: &mut Node, with: impl FnOnce(Node) -> Node) {
        let inner = std::mem::replace(node, Node::AlwaysSuccess);
        *node = with(inner);
    }
    /// `optional`: may wrap guarded nodes in `Optional`; `stir`: may wrap the selector; `grow`:
    /// may add nodes at all (`Delay`).
    fn busy(
        node: &mut Node,
        rng: &mut Rng,
        entries: &[Entry],
        grow: bool,
        optional: bool,
        stir: bool,
    ) {
        let bare = match &mut *node {
            Node::Attr(_, inner) => &mut **inner,
            other => other,
        };
        let Node::Composite(_, children) = bare else {
            unreachable!("an observer selector")
        };
        let first = children
            .iter()
            .position(|c| c.observe_lower().is_some())
            .expect("an observer selector");
        for child in children.iter_mut() {
            let watched = child.observe_lower().is_some();
            let target = guarded(child);
            if optional && watched && rng.percent(50) {
                wrap(target, |inner| Node::Ext(Ext::Optional, vec![inner]));
            } else if rng.percent(75) {
                let skip_if = Attr::Pre(Pre::SkipIf, gen_cond(rng, entries));
                match target {
                    Node::Attr(attrs, _) => {
                        if !attrs.iter().any(|a| matches!(a, Attr::Pre(Pre::SkipIf, _))) {
                            attrs.push(skip_if);
                        }
                    }
                    other => wrap(other, |inner| Node::Attr(vec![skip_if], Box::new(inner))),
                }
            }
        }
        if !grow {
            return;
        }
        let runs = |c: &Node| c.outcomes().has(Outcomes::RUNNING);
        if !children[first + 1..].iter().any(runs) {
            let last = guarded(children.last_mut().expect("a selector has children"));
            let ms = rng.pick(&[10, 20, 30]);
            wrap(last, |inner| Node::Delay(ms, Box::new(inner)));
        }
        if !stir || !rng.percent(85) {
            return;
        }
        let Node::Ext(Ext::Observe(cond, _), _) = &mut children[first] else {
            unreachable!("an Observe")
        };
        let mut reads = BTreeSet::new();
        cond.reads(&mut reads);
        let entry = match reads.into_iter().find(|e| e.is_int()) {
            Some(read) => read,
            None => rng.pick(&ints(entries)),
        };
        let op = Op::ALL[rng.below(4)];
        let k = rng.range(1, 6) as i64;
        *cond = Cond::Cmp(Int::get(entry), op, Int::lit(k));
        let next = Int {
            atom: Atom::Get(entry),
            add: 1,
            modulo: 8,
        };
        wrap(node, |selector| {
            Node::Composite(
                Composite::ReactiveSequence,
                vec![Node::Script(vec![Stmt::Set(entry, next)]), selector],
            )
        });
    }
    let entries = tree.entries();
    if ints(&entries).is_empty() {
        return;
    }
    let selectors: Vec<usize> = (tree.root.preorder().iter().enumerate())
        .filter(|(_, (node, _))| is_observer_selector(node))
        .map(|(at, _)| at)
        .collect();
    // From the last: a change moves only the nodes after it in pre-order.
    for &at in selectors.iter().rev() {
        if !rng.percent(90) {
            continue;
        }
        // The largest change that fits: with `Optional` and the `ReactiveSequence`, without
        // one of them, without both, then the attributes only.
        let mut fits = false;
        for (optional, stir) in [(true, true), (false, true), (true, false), (false, false)] {
            let mut root = tree.root.clone();
            let node = nth_mut(&mut root, at, &mut 0).expect("a node of the tree");
            busy(node, rng, &entries, true, optional, stir);
            if root.size() <= MAX_SIZE && root.depth() <= MAX_DEPTH {
                tree.root = root;
                fits = true;
                break;
            }
        }
        if !fits {
            let node = nth_mut(&mut tree.root, at, &mut 0).expect("a node of the tree");
            busy(node, rng, &entries, false, false, false);
        }
    }
}

/// A last pass with a stream of its own (so that the trees are otherwise those of the same
/// seed): each `PrioritySelector`, drawn as a utility selector (`dynamic = true`), gets its mode:
/// `dynamic` not written (the ordered selector, 25 %), `dynamic = false` (20 %) or
/// `dynamic = true` (55 %); and 15 % of the `Fallback`s (`Selector`, `MemPriority`) that are not
/// observer selectors become ordered `PrioritySelector`s (`dynamic` not written or `false`) over
/// the same children, with a score each: a literal `0..4` (ties are common), or, in a tree with
/// integer entries, now and then a value over them. An ordered `PrioritySelector` is a
/// `Fallback` over its children in another order, so the trees' outcomes are unchanged.
pub fn priority_modes(rng: &mut Rng, tree: &mut Tree) {
    fn walk(node: &mut Node, rng: &mut Rng, ints: &[Entry]) {
        let bare = match node {
            Node::Attr(_, inner) => &mut **inner,
            other => other,
        };
        match bare {
            Node::Ext(Ext::PrioritySelector(_, mode), _) => {
                *mode = match rng.weighted(&[25, 20, 55]) {
                    0 => None,
                    1 => Some(false),
                    _ => Some(true),
                };
            }
            Node::Composite(
                Composite::Fallback | Composite::Selector | Composite::MemPriority,
                children,
            ) if !children.iter().any(|c| c.observe_lower().is_some()) && rng.percent(15) => {
                let children = std::mem::take(children);
                let scores = (children.iter())
                    .map(|_| {
                        if !ints.is_empty() && rng.percent(40) {
                            gen_value(rng, ints)
                        } else {
                            Int::lit(rng.below(4) as i64)
                        }
                    })
                    .collect();
                let mode = if rng.percent(55) { None } else { Some(false) };
                *bare = Node::Ext(Ext::PrioritySelector(scores, mode), children);
            }
            _ => {}
        }
        for child in bare.children_mut() {
            walk(child, rng, ints);
        }
    }
    let ints = ints(&tree.entries());
    walk(&mut tree.root, rng, &ints);
}
