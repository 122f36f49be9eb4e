//! Time: the clock the time nodes read, durations written as expressions or entries, and the
//! context's time for an observer that asks for it.

#[allow(unused_imports)]
use super::*;

pub use crate::Clock;

/// The time now in nanoseconds, read from the tree's context by the time nodes, which keep their
/// times in 8 bytes (`crate::time`); `now_nanos` is [`Clock::now_nanos`].
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn now_nanos<Ctx: ?Sized>(ctx: &Ctx, now_nanos: fn(&Ctx) -> u64) -> crate::time::Nanos {
    crate::time::Nanos::new(now_nanos(ctx))
}

pub use crate::time::ms;

pub use crate::time::AsDuration;

/// A duration written as an expression or an entry; `as_duration` is
/// [`AsDuration::as_duration`].
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn duration<T: ?Sized>(
    value: &T,
    as_duration: fn(&T) -> core::time::Duration,
) -> core::time::Duration {
    as_duration(value)
}

/// The tree's context, at the start of `tick_with` and `halt_with`: if it implements
/// [`Clock`](crate::Clock) and the observer [`wants_time`](Observer::wants_time), its time goes to
/// [`Observer::on_time`]. The generated code
/// writes `(&ContextClock(&*ctx)).__bt_tell_clock(observer)` with [`TellClock`] and [`NoClock`]
/// in scope: method resolution picks [`TellClock`]'s when the context is a clock (no autoref
/// needed) and [`NoClock`]'s, which does nothing, otherwise. The clock is read only for an
/// observer that asks, so a tree ticked without an observer pays nothing.
pub struct ContextClock<'a, Ctx: ?Sized>(pub &'a Ctx);

/// [`ContextClock`] of a context that implements [`Clock`](crate::Clock).
pub trait TellClock {
    /// Gives the context's time to `observer`, if it wants it.
    fn __bt_tell_clock<O: Observer>(&self, observer: &mut O);
}

impl<Ctx: crate::Clock> TellClock for ContextClock<'_, Ctx> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn __bt_tell_clock<O: Observer>(&self, observer: &mut O) {
        if observer.wants_time() {
            observer.on_time(crate::Clock::now(self.0));
        }
    }
}

/// [`ContextClock`] of any context: the fallback of [`TellClock`], one autoref away.
pub trait NoClock {
    /// Does nothing: the context is not a clock.
    fn __bt_tell_clock<O: Observer>(&self, observer: &mut O);
}

impl<Ctx: ?Sized> NoClock for &ContextClock<'_, Ctx> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn __bt_tell_clock<O: Observer>(&self, _: &mut O) {}
}
