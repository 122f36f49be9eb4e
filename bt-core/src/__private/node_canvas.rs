//! NodeCanvas's and Unreal Engine's nodes: utilities, `IndexSwitch`'s index, the generator of a
//! tree declared `rng = context`, `Guard`'s token, `Iterate`'s list and entries, and the
//! conditions answered as pseudo children (observer aborts).

#[allow(unused_imports)]
use super::*;

/// A utility (a `#[weight(..)]` or `#[score(..)]` on a child of a ProbabilitySelector or a
/// PrioritySelector, or a ProbabilitySelector's `fail`) written as a closure over the blackboard.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn utility<Bb>(bb: &Bb, utility: impl FnOnce(&Bb) -> f32) -> f32 {
    utility(bb)
}

pub use crate::control::CaseIndex;

/// `IndexSwitch(|bb| index)`: the case this tick.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn case_index<Bb, T>(
    bb: &Bb,
    index: impl FnOnce(&Bb) -> T,
    case_index: impl FnOnce(T) -> i64,
) -> i64 {
    case_index(index(bb))
}

/// The context of a tree declared `rng = context`, as the generator its random nodes draw from:
/// the context's own `Rng` methods, taken where the bound is checked ([`context_rng`]), so that a
/// context that is not a generator is reported once, there.
pub struct ContextRng<'a, C: ?Sized> {
    ctx: &'a mut C,
    next_u32: fn(&mut C) -> u32,
    below: fn(&mut C, u32) -> u32,
    unit: fn(&mut C) -> f32,
}

impl<C: ?Sized> Rng for ContextRng<'_, C> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn next_u32(&mut self) -> u32 {
        (self.next_u32)(self.ctx)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn below(&mut self, n: u32) -> u32 {
        (self.below)(self.ctx, n)
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn unit(&mut self) -> f32 {
        (self.unit)(self.ctx)
    }
}

/// The generator of a tree declared `rng = context`: its context, which must implement `Rng`.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn context_rng<C: Rng + ?Sized>(ctx: &mut C) -> ContextRng<'_, C> {
    ContextRng {
        ctx,
        next_u32: C::next_u32,
        below: C::below,
        unit: C::unit,
    }
}

/// `Guard(|ctx| &mut ctx.token)`: the token, reached through the context.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn guard_token<Ctx: ?Sized>(
    ctx: &mut Ctx,
    token: impl FnOnce(&mut Ctx) -> &mut crate::GuardToken,
) -> &mut crate::GuardToken {
    token(ctx)
}

pub use crate::decorator::{IterElement, IterIndex, IterList};

/// `Iterate` writes a copy of the current element (`None` past the end: nothing) into the element
/// entry.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn iterate_element<Bb, T, E: ?Sized>(
    bb: &mut Bb,
    item: Option<T>,
    entry: impl FnOnce(&mut Bb) -> &mut E,
    write: fn(&mut E, T),
) {
    if let Some(item) = item {
        write(entry(bb), item);
    }
}

/// `Iterate`'s `index = {entry}`.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn iterate_index<Bb, E: ?Sized>(
    bb: &mut Bb,
    index: usize,
    entry: impl FnOnce(&mut Bb) -> &mut E,
    write_index: impl FnOnce(&mut E, usize),
) {
    write_index(entry(bb), index)
}

/// A condition that the generated code answers as a pseudo child (a guard of an
/// `ObserverSelector`, the condition of a `ConditionalAbort`).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn guard<Bb>(bb: &Bb, condition: impl FnOnce(&Bb) -> bool) -> Status {
    Status::from_bool(condition(bb))
}
