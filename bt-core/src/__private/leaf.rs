//! Leaf calls: every leaf of the user's, typed or inline, is ticked through one of these, so that
//! a type that lacks the trait its kind needs is reported once, at the user's token.

#[allow(unused_imports)]
use super::*;

/// Ticks a `Condition(Type)` leaf; `check` is [`Condition::check`].
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn check<Ctx: ?Sized, L>(leaf: &mut L, ctx: &Ctx, check: fn(&mut L, &Ctx) -> bool) -> Status {
    Status::from_bool(check(leaf, ctx))
}

/// Ticks an inline `Condition(|ctx| ..)` leaf; the closure's argument type comes from `Ctx`.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn check_inline<Ctx: ?Sized>(ctx: &Ctx, condition: impl FnOnce(&Ctx) -> bool) -> Status {
    Status::from_bool(condition(ctx))
}

/// Ticks an `Action(Type)` leaf; `execute` is [`SyncAction::execute`].
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn execute<Ctx: ?Sized, L>(
    leaf: &mut L,
    ctx: &mut Ctx,
    execute: fn(&mut L, &mut Ctx) -> Outcome,
) -> Status {
    execute(leaf, ctx).into()
}

/// Ticks an inline `Action(|ctx| ..)` leaf, which may return `bool` or `Outcome`.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn execute_inline<Ctx: ?Sized, R: InlineAnswer>(
    ctx: &mut Ctx,
    action: impl FnOnce(&mut Ctx) -> R,
) -> Status {
    action(ctx).into_status()
}

/// The answer of an inline `Action(|ctx| ..)` leaf whose closure the generated code writes in
/// place (its body, with its parameters bound): `bool` or `Outcome`.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn answer<R: InlineAnswer>(answer: R) -> Status {
    answer.into_status()
}

/// What an inline `Action(|ctx| ..)` may return: `bool` or [`Outcome`]. A closure is called
/// afresh on every tick, so it cannot be `Running` (it has nowhere to keep its progress).
#[diagnostic::on_unimplemented(
    message = "an inline `Action` returns `bool` or `bt::Outcome`, not `{Self}`",
    label = "this action returns `{Self}`",
    note = "an action that answers `Running` keeps state between ticks: implement `bt::StatefulAction` for a type and write `StatefulAction(Type)`"
)]
pub trait InlineAnswer {
    /// The answer as a status.
    fn into_status(self) -> Status;
}

impl InlineAnswer for bool {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn into_status(self) -> Status {
        Status::from_bool(self)
    }
}

impl InlineAnswer for Outcome {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn into_status(self) -> Status {
        self.into()
    }
}

/// What the generated code asks of a `StatefulAction(Type)` leaf.
#[derive(Clone, Copy)]
pub enum StatefulCall {
    /// Tick it; `running` says whether its last answer was `Running`.
    Tick {
        /// Whether the action is running (then `on_running`, else `on_start`).
        running: bool,
    },
    /// It was running and is halted.
    Halt,
}

/// Every call to a `StatefulAction(Type)` leaf goes through this one function, so that a type
/// that does not implement the trait is reported once, at the user's token. (The generated code
/// names `<Type as StatefulAction<Ctx>>::on_halted` first, at the same token: rustc reports that
/// path without a note into this module and leaves out the same error of this bound.)
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn stateful<Ctx: ?Sized, L: StatefulAction<Ctx>>(
    leaf: &mut L,
    ctx: &mut Ctx,
    call: StatefulCall,
) -> Status {
    match call {
        StatefulCall::Tick { running } => crate::leaf::tick_stateful(leaf, running, ctx),
        StatefulCall::Halt => {
            leaf.on_halted(ctx);
            Status::Running
        }
    }
}

/// Ticks an inline `Condition(|ctx, bb| ..)` leaf.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn check_inline_bb<Ctx: ?Sized, Bb>(
    ctx: &Ctx,
    bb: &Bb,
    condition: impl FnOnce(&Ctx, &Bb) -> bool,
) -> Status {
    Status::from_bool(condition(ctx, bb))
}

/// Ticks an inline `Action(|ctx, bb| ..)` leaf.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn execute_inline_bb<Ctx: ?Sized, Bb, R: InlineAnswer>(
    ctx: &mut Ctx,
    bb: &mut Bb,
    action: impl FnOnce(&mut Ctx, &mut Bb) -> R,
) -> Status {
    action(ctx, bb).into_status()
}
