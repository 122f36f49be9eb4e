//! Trees with an error type (`tree T for Ctx, error E`): every leaf call may fail, and an error
//! aborts the tick.

#[allow(unused_imports)]
use super::*;

/// The abort of node `node`, by an error in its tick ([`Observer::on_aborted`]).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn aborted<O: Observer>(node: usize, observer: &mut O) {
    observer.on_aborted(node);
}

// Trees with an error type (`tree T for Ctx, error E`): every leaf call may fail.
pub use crate::{TryAnswer, TryCondition, TryStatefulAction, TrySyncAction};

/// Ticks a `Condition(Type)` leaf of a tree with an error type; `check` is
/// [`TryCondition::try_check`].
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn try_check<Ctx: ?Sized, E, L>(
    leaf: &mut L,
    ctx: &Ctx,
    check: fn(&mut L, &Ctx) -> Result<bool, E>,
) -> Result<Status, E> {
    check(leaf, ctx).map(Status::from_bool)
}

/// Ticks an `Action(Type)` leaf of a tree with an error type; `execute` is
/// [`TrySyncAction::try_execute`].
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn try_execute<Ctx: ?Sized, E, L>(
    leaf: &mut L,
    ctx: &mut Ctx,
    execute: fn(&mut L, &mut Ctx) -> Result<Outcome, E>,
) -> Result<Status, E> {
    execute(leaf, ctx).map(Status::from)
}

/// Every call to a `StatefulAction(Type)` leaf of a tree with an error type.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn try_stateful<Ctx: ?Sized, E, L: TryStatefulAction<Ctx, E>>(
    leaf: &mut L,
    ctx: &mut Ctx,
    call: StatefulCall,
) -> Result<Status, E> {
    match call {
        StatefulCall::Tick { running: true } => leaf.try_on_running(ctx),
        StatefulCall::Tick { running: false } => leaf.try_on_start(ctx),
        StatefulCall::Halt => {
            leaf.on_halted(ctx);
            Ok(Status::Running)
        }
    }
}

/// Ticks an inline `Condition(|ctx| ..)` of a tree with an error type.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn try_check_inline<Ctx: ?Sized, E, R>(
    ctx: &Ctx,
    condition: impl FnOnce(&Ctx) -> R,
    answer: fn(R) -> Result<Status, E>,
) -> Result<Status, E> {
    answer(condition(ctx))
}

/// Ticks an inline `Condition(|ctx, bb| ..)` of a tree with an error type.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn try_check_inline_bb<Ctx: ?Sized, Bb, E, R>(
    ctx: &Ctx,
    bb: &Bb,
    condition: impl FnOnce(&Ctx, &Bb) -> R,
    answer: fn(R) -> Result<Status, E>,
) -> Result<Status, E> {
    answer(condition(ctx, bb))
}

/// Ticks an inline `Action(|ctx| ..)` of a tree with an error type.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn try_execute_inline<Ctx: ?Sized, E, R>(
    ctx: &mut Ctx,
    action: impl FnOnce(&mut Ctx) -> R,
    answer: fn(R) -> Result<Status, E>,
) -> Result<Status, E> {
    answer(action(ctx))
}

/// Ticks an inline `Action(|ctx, bb| ..)` of a tree with an error type.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn try_execute_inline_bb<Ctx: ?Sized, Bb, E, R>(
    ctx: &mut Ctx,
    bb: &mut Bb,
    action: impl FnOnce(&mut Ctx, &mut Bb) -> R,
    answer: fn(R) -> Result<Status, E>,
) -> Result<Status, E> {
    answer(action(ctx, bb))
}

/// behavior3's `Error(value)` leaf: fails the tick with the tree's error.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn raise<E>(error: impl Into<E>) -> Result<Status, E> {
    Err(error.into())
}
