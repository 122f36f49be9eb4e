//! The reference rules of the NodeCanvas kinds added after issue 12's first part:
//! `DynamicSequence`/`DynamicSelector` (decision 9), `PrioritySelector` (ordered, and with
//! `dynamic = true`), Unreal Engine's
//! `Observe` with its observer selector, `Iterate`, `Guard` and the random composites
//! (`RandomSequence`, `RandomSelector`, `ProbabilitySelector`, drawing from the context's
//! `bt::SmallRng`, `Ctx::rng`). A submodule of `reference.rs` (it uses its helpers),
//! written from the guide tables (`src/lib.rs`: "NodeCanvas", "Utility attributes",
//! "Observer aborts", "Randomness") and the truth tables in the public docs of
//! `bt_core::control::DynamicSequence`, `DynamicSelector`, `PrioritySelector`,
//! `DynamicPrioritySelector`,
//! `RandomSequence`, `RandomSelector`, `ProbabilitySelector`, `Permutation::shuffle`,
//! `bt_core::abort` (module docs, `ConditionalAbort`, `ObserverSelector`), never from their
//! implementation.

use super::*;
use crate::tree::Abort;
use bt::Rng as _;

/// One tick of `DynamicSequence`, `DynamicSelector`, `PrioritySelector` or `Observe` (a
/// [`RefNode::Ext`]): `pos` is the running child, `latched` the latches of the dynamic
/// composites.
#[allow(clippy::too_many_arguments)]
pub(super) fn tick(
    ext: &Ext,
    children: &mut [RefNode],
    pos: &mut usize,
    latched: &mut [Option<Status>],
    was_running: bool,
    ctx: &mut Ctx,
    bb: &mut Bb,
) -> Status {
    match ext {
        Ext::DynamicSequence => dynamic(Success, children, pos, latched, was_running, ctx, bb),
        Ext::DynamicSelector => dynamic(Failure, children, pos, latched, was_running, ctx, bb),
        Ext::PrioritySelector(scores, _) => priority(scores, children, pos, was_running, ctx, bb),
        Ext::Observe(cond, abort) => observe(cond, *abort, children, was_running, ctx, bb),
        Ext::Iterate(element, until, max, reset) => iterate(
            *element,
            until.unwrap_or(0),
            *max,
            reset.unwrap_or(true),
            children,
            pos,
            ctx,
            bb,
        ),
        _ => unreachable!("not a kind of this module"),
    }
}

/// A `Condition` or `ScriptCondition` leaf, with attributes or not: re-checked every tick by
/// the dynamic composites (decision 9; the docs' `conditions` flags).
fn is_condition(node: &RefNode) -> bool {
    match node {
        RefNode::Guarded { child, .. } => is_condition(child),
        RefNode::Condition(_)
        | RefNode::BbCondition(..)
        | RefNode::ScriptCondition(_)
        | RefNode::Ported {
            leaf: PortLeaf::Cond,
            ..
        } => true,
        // A fallible `Condition` (`TCond<ID>` or a closure returning `Result<bool, E>`).
        RefNode::TryLeaf { kind: 'c', .. } => true,
        _ => false,
    }
}

/// DynamicSequence (`keep` = Success) / DynamicSelector (`keep` = Failure), from the truth
/// tables of their docs: every tick walks from child 0; a latched child is not ticked and
/// counts as `keep`; a non-condition child that answers `keep` is latched for the activation;
/// `Skipped` moves on (all skipped in this tick: `Skipped`); `Running` halts a later running
/// child (after this child answered) and clears the latches after this child; the other
/// status ends the activation (a later running child halted); the walk passing every child
/// ends it with `keep`.
#[allow(clippy::too_many_arguments)]
fn dynamic(
    keep: Status,
    children: &mut [RefNode],
    pos: &mut usize,
    latched: &mut [Option<Status>],
    was_running: bool,
    ctx: &mut Ctx,
    bb: &mut Bb,
) -> Status {
    let n = children.len();
    if !was_running {
        latched.iter_mut().for_each(|l| *l = None);
    }
    let before = was_running.then_some(*pos);
    let mut all_skipped = true;
    for i in 0..n {
        if latched[i].is_some() && !mutant(Mutation::DynamicRerunsActions) {
            all_skipped = false;
            continue;
        }
        let status = children[i].tick(ctx, bb);
        if status == Skipped {
            continue;
        }
        if status == keep {
            all_skipped = false;
            if !is_condition(&children[i]) || mutant(Mutation::DynamicLatchesConditions) {
                latched[i] = Some(status);
            }
            continue;
        }
        // Running or the other status: a later running child is halted.
        if let Some(r) = before.filter(|&r| r > i) {
            children[r].halt(ctx, bb);
        }
        if status == Running {
            latched[i + 1..].iter_mut().for_each(|l| *l = None);
            *pos = i;
            return Running;
        }
        latched.iter_mut().for_each(|l| *l = None);
        *pos = 0;
        return status;
    }
    latched.iter_mut().for_each(|l| *l = None);
    *pos = 0;
    if all_skipped {
        Skipped
    } else {
        keep
    }
}

/// PrioritySelector with `dynamic = true` (the guide's table, `DynamicPrioritySelector`'s docs'
/// table): every tick, the scores (read every tick) choose the child: the earliest with the
/// highest score; a running child keeps running unless another scores strictly higher (then it
/// is halted first). The chosen child's status is the node's (no fallback to the next best).
fn priority(
    scores: &[Int],
    children: &mut [RefNode],
    pos: &mut usize,
    was_running: bool,
    ctx: &mut Ctx,
    bb: &mut Bb,
) -> Status {
    let values: Vec<f32> = scores.iter().map(|s| eval_int(s, bb) as f32).collect();
    let mut best = 0;
    for i in 1..values.len() {
        if values[i] > values[best] {
            best = i;
        }
    }
    let chosen = if was_running {
        let r = *pos;
        let higher = values[best] > values[r]
            || (mutant(Mutation::PriorityTieSwitches) && values[best] == values[r]);
        if higher && best != r {
            children[r].halt(ctx, bb);
            best
        } else {
            r
        }
    } else {
        best
    };
    let status = children[chosen].tick(ctx, bb);
    *pos = if status == Running { chosen } else { 0 };
    status
}

/// PrioritySelector without `dynamic = true` (the guide's table, `PrioritySelector`'s docs'
/// table): the first tick of an activation reads the scores and orders the children by them,
/// the highest first, equal scores in declaration order; then a Fallback over that order,
/// resuming at the running child on later ticks (the scores are not read again): `Failure` or
/// `Skipped` moves on to the next child of the order in the same tick, `Success` is the node's,
/// `Running` too (the next tick resumes there); past the last child: `Skipped` if every child
/// was skipped, else `Failure`. Completion and halt end the activation.
#[allow(clippy::too_many_arguments)]
pub(super) fn priority_ordered(
    scores: &[Int],
    children: &mut [RefNode],
    order: &mut Vec<usize>,
    pos: &mut usize,
    skipped: &mut usize,
    was_running: bool,
    ctx: &mut Ctx,
    bb: &mut Bb,
) -> Status {
    let n = children.len();
    if !was_running || mutant(Mutation::PriorityReordersEveryTick) {
        let values: Vec<f32> = scores.iter().map(|s| eval_int(s, bb) as f32).collect();
        // Highest first; `sort_by` is stable, so equal scores keep declaration order.
        let mut sorted: Vec<usize> = (0..n).collect();
        if mutant(Mutation::PriorityTiesLaterFirst) {
            sorted.reverse();
        }
        sorted.sort_by(|&a, &b| values[b].partial_cmp(&values[a]).expect("no NaN"));
        *order = sorted;
        *pos = 0;
        *skipped = 0;
    }
    let end = |order: &mut Vec<usize>, pos: &mut usize, skipped: &mut usize| {
        *order = (0..n).collect();
        *pos = 0;
        *skipped = 0;
    };
    while *pos < n {
        match children[order[*pos]].tick(ctx, bb) {
            Running => return Running,
            Success => {
                end(order, pos, skipped);
                return Success;
            }
            Skipped => {
                *skipped += 1;
                *pos += 1;
            }
            _ => *pos += 1,
        }
    }
    let all_skipped = *skipped == n;
    end(order, pos, skipped);
    if all_skipped {
        Skipped
    } else {
        Failure
    }
}

/// `Observe` on its own (`ConditionalAbort`'s table; abort `none` or `self`): idle, the
/// condition false: `Failure` without the child; running: `self` re-checks it first (false:
/// the child halted, `Failure`), `none` does not. With `lower` or `both` the condition belongs
/// to the parent observer selector ([`tick_observer_selector`]), and the node passes its
/// child's status on.
fn observe(
    cond: &Cond,
    abort: Option<Abort>,
    children: &mut [RefNode],
    was_running: bool,
    ctx: &mut Ctx,
    bb: &mut Bb,
) -> Status {
    let abort = abort.unwrap_or(Abort::None);
    if !abort.watches_lower() {
        let watched = abort.watches_self() && !mutant(Mutation::ObserveSelfNotWatched);
        if (!was_running || watched) && !eval_cond(cond, bb) {
            children[0].halt(ctx, bb);
            return Failure;
        }
    }
    children[0].tick(ctx, bb)
}

/// The guards of an observer selector: for each child, its condition and mode if it is an
/// `Observe(.., abort = lower | both)` (the other `Observe` children check their own).
pub(super) fn observer_guards(children: &[Node]) -> Vec<Option<(Cond, Abort)>> {
    children
        .iter()
        .map(|c| c.observe_lower().map(|(cond, abort)| (*cond, abort)))
        .collect()
}

/// A `Fallback`/`Selector` with `Observe(.., abort = lower | both)` children (the guide's
/// "Observer aborts", `ObserverSelector`'s table): a Fallback whose running child `r` is
/// preceded, each tick, by the checks of the `lower`/`both` guards of children `0..r` in
/// order (the first that is true and was false when last seen fires: `r` halted, that child
/// ticked at once) and then `r`'s own `both` guard (false: `r` halted, counts as failed).
/// Entering a guarded child checks its guard (false: blocked, counts as failed). "Last seen":
/// false when it blocked or aborted its child, true when its child ended by itself, then as
/// checked while a later child runs. `answers`: every answer a child gave in this activation,
/// in order (a block and an abort by its own guard as `Failure`); after the last child, the
/// selector is `Skipped` if every child's latest answer is `Skipped` (a child walked again
/// after a `lower` abort answers anew; issue 25), else `Failure`.
#[allow(clippy::too_many_arguments)]
pub(super) fn tick_observer_selector(
    guards: &[Option<(Cond, Abort)>],
    children: &mut [RefNode],
    pos: &mut usize,
    seen: &mut [bool],
    answers: &mut Vec<(usize, Status)>,
    was_running: bool,
    ctx: &mut Ctx,
    bb: &mut Bb,
) -> Status {
    let n = children.len();
    // The child to enter, and whether its guard already passed in this tick.
    let (mut at, mut passed) = (0, false);
    if !was_running {
        seen.iter_mut().for_each(|s| *s = false);
        answers.clear();
    } else {
        let r = *pos;
        let mut fired = None;
        for i in 0..r {
            if let Some((cond, _)) = &guards[i] {
                let now = eval_cond(cond, bb);
                let before = seen[i];
                seen[i] = now;
                let fires = if mutant(Mutation::ObserverFiresWhileTrue) {
                    now
                } else {
                    now && !before
                };
                if fires {
                    fired = Some(i);
                    break;
                }
            }
        }
        if let Some(i) = fired {
            children[r].halt(ctx, bb);
            (at, passed) = (i, true);
        } else {
            let holds = match &guards[r] {
                Some((cond, abort)) if abort.watches_self() => eval_cond(cond, bb),
                _ => true,
            };
            if holds {
                (at, passed) = (r, true);
            } else {
                children[r].halt(ctx, bb);
                seen[r] = false;
                answers.push((r, Failure));
                at = r + 1;
            }
        }
    }
    while at < n {
        if !passed {
            if let Some((cond, _)) = &guards[at] {
                if !eval_cond(cond, bb) {
                    seen[at] = false;
                    answers.push((at, Failure));
                    at += 1;
                    continue;
                }
            }
        }
        passed = false;
        match children[at].tick(ctx, bb) {
            Running => {
                *pos = at;
                return Running;
            }
            Success => {
                *pos = 0;
                answers.clear();
                seen.iter_mut().for_each(|s| *s = false);
                return Success;
            }
            status @ (Failure | Skipped) => {
                seen[at] = true;
                answers.push((at, status));
            }
        }
        at += 1;
    }
    let all_skipped = if mutant(Mutation::ObserverCountsSkipAnswers) {
        answers.iter().filter(|(_, a)| *a == Skipped).count() == n
    } else {
        (0..n).all(|child| {
            let latest = answers.iter().rev().find(|(c, _)| *c == child);
            latest.is_some_and(|(_, a)| *a == Skipped)
        })
    };
    *pos = 0;
    answers.clear();
    seen.iter_mut().for_each(|s| *s = false);
    if all_skipped {
        Skipped
    } else {
        Failure
    }
}

/// Iterate over the list `l0` (its docs' table; `pos` is the index, kept across activations
/// and halts without `reset_index`): an empty list: `Failure`, the child not ticked; a stored
/// index past the end: element 0; the element is written to `element`, then the child ticked:
/// `Running` passes through (the same element next tick); a status that meets `until` (1:
/// FirstSuccess, 2: FirstFailure), or any completion of the last element (`i + 1` is the
/// list's length or `max`), ends the iteration with that status (the index back to 0 with
/// `reset_index`, else left on that element); another completion: `Running`, the next element
/// on the next tick.
#[allow(clippy::too_many_arguments)]
fn iterate(
    element: Entry,
    until: u8,
    max: Option<u32>,
    reset: bool,
    children: &mut [RefNode],
    pos: &mut usize,
    ctx: &mut Ctx,
    bb: &mut Bb,
) -> Status {
    let items = bb_queue(bb, Entry::l0).items().to_vec();
    // A stored index past the end (the list shrank): from element 0.
    if *pos >= items.len() {
        *pos = 0;
    }
    if items.is_empty() {
        // The list was emptied while the child ran: a completion halts it (the interpreter's
        // model; the docs' table since the differential test found it left running).
        children[0].halt(ctx, bb);
        return Failure;
    }
    let i = *pos;
    bb_write(bb, element, Some(items[i]));
    let status = children[0].tick(ctx, bb);
    if status == Running {
        return Running;
    }
    let len = bb_queue(bb, Entry::l0).items().len();
    let met = matches!((until, status), (1, Success) | (2, Failure));
    let last = i + 1 == len || max.is_some_and(|m| i + 1 == m as usize);
    if met || last {
        *pos = if reset {
            0
        } else if mutant(Mutation::IterateResumesAfterEnd) {
            i + 1
        } else {
            i
        };
        return status;
    }
    *pos = i + 1;
    Running
}

/// Guard (its docs' table; `holds`: this Guard holds the context's token, the interpreter's
/// model `Ctx::ref_token_taken`): the token held by another Guard: `if_guarded` (default
/// `Failure`), the child not ticked; else the token is taken just before the child's tick and
/// kept only while the child answers `Running`; the child's status passes through. A halt
/// releases a held token ([`RefNode::halt`]).
pub(super) fn guard(
    if_guarded: Option<StatusName>,
    children: &mut [RefNode],
    holds: &mut u32,
    ctx: &mut Ctx,
    bb: &mut Bb,
) -> Status {
    if ctx.ref_token_taken && *holds == 0 {
        return if_guarded.map_or(Failure, status_of);
    }
    ctx.ref_token_taken = true;
    *holds = 1;
    let status = children[0].tick(ctx, bb);
    if status != Running && !mutant(Mutation::GuardKeepsTokenAfterChild) {
        ctx.ref_token_taken = false;
        *holds = 0;
    }
    status
}

/// The order of a random composite's `n` children for a new activation, drawn from the
/// context's generator as `Permutation::shuffle`'s docs state it: inside-out Fisher-Yates,
/// `n - 1` draws `rng.below(2)`, .., `rng.below(n)`; the draw `j` for position `i` moves the
/// child at position `j` to `i`, and child `i` takes position `j`.
fn shuffle(ctx: &mut Ctx, n: usize, selector: bool) -> Vec<usize> {
    if selector && mutant(Mutation::RandomShuffleOutsideIn) {
        // Durstenfeld's shuffle from the end: as many draws, another order.
        let mut order: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            let j = ctx.rng.below(i as u32 + 1) as usize;
            order.swap(i, j);
        }
        return order;
    }
    let first = if !selector && mutant(Mutation::RandomShuffleDrawsN) {
        0
    } else {
        1
    };
    let mut order = vec![0; n];
    for i in first..n {
        let j = ctx.rng.below(i as u32 + 1) as usize;
        order[i] = order[j];
        order[j] = i;
    }
    order
}

/// RandomSequence (`go` = Success) / RandomSelector (`go` = Failure), from their docs' tables:
/// the first tick of an activation (the node not running) draws the order ([`shuffle`]), later
/// ticks draw nothing and resume at the running child; a child answering `go` or `Skipped`
/// lets the walk go on in the same tick (past the last child: `go`, or `Skipped` if every
/// child was skipped in the activation); `Running` is the node's; the other status ends the
/// activation with it. The order, the position and the skip count belong to the activation
/// (forgotten on completion and halt: [`RefNode::halt`]).
#[allow(clippy::too_many_arguments)]
pub(super) fn random(
    go: Status,
    children: &mut [RefNode],
    order: &mut Vec<usize>,
    pos: &mut usize,
    skipped: &mut usize,
    was_running: bool,
    ctx: &mut Ctx,
    bb: &mut Bb,
) -> Status {
    let n = children.len();
    if !was_running {
        *order = shuffle(ctx, n, go == Failure);
        *pos = 0;
        *skipped = 0;
    }
    let end = |order: &mut Vec<usize>, pos: &mut usize, skipped: &mut usize| {
        *order = (0..n).collect();
        *pos = 0;
        *skipped = 0;
    };
    while *pos < n {
        match children[order[*pos]].tick(ctx, bb) {
            Running => return Running,
            Skipped => {
                *skipped += 1;
                *pos += 1;
            }
            status if status == go => *pos += 1,
            status => {
                end(order, pos, skipped);
                return status;
            }
        }
    }
    let all_skipped = *skipped == n;
    end(order, pos, skipped);
    if all_skipped {
        Skipped
    } else {
        go
    }
}

/// A usable weight (the guide's "Utility attributes"): positive and finite, else 0.
fn usable(w: f32) -> f32 {
    if w > 0.0 && w.is_finite() {
        w
    } else {
        0.0
    }
}

/// ProbabilitySelector, from its docs' table: the first tick of an activation draws `d =
/// rng.unit()` (one draw per activation, kept in `draw` as bits), later ticks resume the
/// running child. A pick lays the fail weight and the weights of the children still in the
/// draw end to end (in that order; the weights of the tick, evaluated when the node is ticked)
/// and takes the interval `d *
/// total` falls in (half-open; through rounding past the end: the last child with a weight):
/// the fail weight: `Failure`; `total = 0`: `Skipped` if every child was skipped in the
/// activation, else `Failure`; a child: ticked, its `Running`/`Success` is the node's, its
/// `Failure`/`Skipped` takes it out of the draw and picks again in the same tick.
#[allow(clippy::too_many_arguments)]
pub(super) fn probability(
    fail: Option<&Int>,
    weights: &[Int],
    children: &mut [RefNode],
    pos: &mut usize,
    out: &mut [Option<Status>],
    draw: &mut u32,
    was_running: bool,
    ctx: &mut Ctx,
    bb: &mut Bb,
) -> Status {
    if !was_running || mutant(Mutation::ProbabilityDrawsEveryTick) {
        *draw = ctx.rng.unit().to_bits();
    }
    if !was_running {
        out.iter_mut().for_each(|o| *o = None);
    }
    // The weights of this tick: evaluated once, before any child runs (the docs: "the macro
    // evaluates them every tick", passes them to the rule, and a pick again in the same tick
    // uses the tick's weights, whatever the children wrote since).
    let f = usable(fail.map_or(0.0, |w| eval_int(w, bb) as f32));
    let tick_weights: Vec<f32> = weights
        .iter()
        .map(|w| usable(eval_int(w, bb) as f32))
        .collect();
    let mut next = was_running.then_some(*pos);
    let status = loop {
        let child = match next.take() {
            Some(child) => child,
            None => {
                let d = f32::from_bits(*draw);
                let ws: Vec<f32> = tick_weights
                    .iter()
                    .zip(out.iter())
                    .map(|(&w, o)| if o.is_some() { 0.0 } else { w })
                    .collect();
                let total = f + ws.iter().sum::<f32>();
                if total == 0.0 {
                    let all_skipped = out.iter().all(|o| *o == Some(Skipped));
                    break if all_skipped { Skipped } else { Failure };
                }
                let x = d * total;
                let fail_last = mutant(Mutation::ProbabilityFailWeightLast);
                let mut end = if fail_last { 0.0 } else { f };
                if !fail_last && x < f {
                    break Failure;
                }
                let mut picked = None;
                for (i, &w) in ws.iter().enumerate() {
                    if w > 0.0 {
                        end += w;
                        if x < end {
                            picked = Some(i);
                            break;
                        }
                    }
                }
                if fail_last && picked.is_none() && f > 0.0 {
                    break Failure;
                }
                match picked.or_else(|| ws.iter().rposition(|&w| w > 0.0)) {
                    Some(i) => i,
                    None => break Failure,
                }
            }
        };
        match children[child].tick(ctx, bb) {
            Running => {
                *pos = child;
                return Running;
            }
            Success => break Success,
            status => {
                out[child] = Some(status);
                if status == Failure && mutant(Mutation::ProbabilityRedrawsAfterFailure) {
                    *draw = ctx.rng.unit().to_bits();
                }
            }
        }
    };
    out.iter_mut().for_each(|o| *o = None);
    *pos = 0;
    *draw = 0;
    status
}
