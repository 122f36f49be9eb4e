//! Time, injected: the nodes that wait or time out (Delay, Timeout, Sleep, behavior3's Wait and
//! MaxTime, NodeCanvas's Cooldown, ...) never read the system clock themselves. Their rules take
//! the current time as an argument, and the generated tree reads it from the context, which
//! implements [`Clock`]. A tree that uses no time node never asks for it and pays nothing.
//!
//! * [`StdClock`] (with the `std` feature, on by default in `bt`) reads the monotonic system clock;
//! * [`ManualClock`] is moved by hand, for deterministic tests and simulations.
//!
//! Times are [`Duration`]s since an origin of the clock's choosing; only differences matter. The
//! time nodes keep them in 8 bytes, as nanoseconds modulo 2^64 ([`Nanos`]), and measure spans
//! by the difference: they are exact for any time a `Duration` can hold, the first tick of a node
//! 600 years after the origin or at `Duration::MAX` as at zero. What they cannot measure is a span
//! of 2^62 nanoseconds (146 years) or more: a longer duration is 146 years, and a node that waits
//! must be ticked at least once in that long.
//!
//! ```
//! use bt_core::time::{Clock, ManualClock};
//! use core::time::Duration;
//!
//! let mut clock = ManualClock::new();
//! clock.advance_ms(250);
//! assert_eq!(clock.now(), Duration::from_millis(250));
//! ```

use core::time::Duration;

/// A monotonic source of time: what time-based nodes read, once per tick of the node.
///
/// A tree that uses a time node requires its context to implement `Clock`. The usual context
/// keeps a clock in a field and forwards to it:
///
/// ```
/// use bt_core::time::{Clock, ManualClock};
/// use core::time::Duration;
///
/// struct World {
///     clock: ManualClock,
/// }
///
/// impl Clock for World {
///     fn now(&self) -> Duration {
///         self.clock.now()
///     }
/// }
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no clock, and this tree has a node that measures time",
    label = "the tree's context must implement `bt::Clock`",
    note = "implement `bt::Clock` for `{Self}`: `fn now(&self) -> Duration`, e.g. forwarding to a `bt::StdClock` (real time) or a `bt::ManualClock` (tests) kept in a field; in Bevy, a `bt_bevy::BevyClock` (the game's time)"
)]
pub trait Clock {
    /// The time now, since the clock's origin. Never decreases.
    fn now(&self) -> Duration;

    /// The time now in whole nanoseconds since the clock's origin, modulo 2^64 (it wraps every
    /// 584 years): what the time nodes read (`Delay`, `Timeout`, `Sleep`, behavior3's `Wait` and
    /// `MaxTime`, NodeCanvas's `Cooldown` and `Deadline`), as they keep their times in 8 bytes
    /// ([`Nanos`]) and measure spans by differences.
    ///
    /// Provided: [`now`](Clock::now) converted, which costs a multiplication and an addition on
    /// every read. A clock that counts whole units in an integer may override it to skip the
    /// conversion; it must answer what the default would, `Nanos::from(self.now())`:
    ///
    /// ```
    /// use bt_core::time::{Clock, Nanos};
    /// use core::time::Duration;
    ///
    /// /// A simulation's clock: milliseconds since the start, in an integer.
    /// struct Sim {
    ///     now_ms: u64,
    /// }
    ///
    /// impl Clock for Sim {
    ///     fn now(&self) -> Duration {
    ///         Duration::from_millis(self.now_ms)
    ///     }
    ///
    ///     fn now_nanos(&self) -> u64 {
    ///         self.now_ms.wrapping_mul(1_000_000)
    ///     }
    /// }
    ///
    /// let sim = Sim { now_ms: 1_500 };
    /// assert_eq!(sim.now_nanos(), Nanos::from(sim.now()).get());
    /// ```
    #[inline]
    fn now_nanos(&self) -> u64 {
        Nanos::from(self.now()).get()
    }
}

impl<C: Clock + ?Sized> Clock for &C {
    #[inline]
    fn now(&self) -> Duration {
        (**self).now()
    }

    #[inline]
    fn now_nanos(&self) -> u64 {
        (**self).now_nanos()
    }
}

impl<C: Clock + ?Sized> Clock for &mut C {
    #[inline]
    fn now(&self) -> Duration {
        (**self).now()
    }

    #[inline]
    fn now_nanos(&self) -> u64 {
        (**self).now_nanos()
    }
}

/// A time on a [`Clock`] in whole nanoseconds since its origin, modulo 2^64: what the rules of
/// the time nodes take as `now` (`now: impl Into<Nanos>`, so a [`Duration`] does as well). The
/// generated code reads it with [`Clock::now_nanos`]. The rules measure spans by the difference of
/// two times, which the wrap-around does not change (see the [module docs](self)).
///
/// ```
/// use bt_core::time::Nanos;
/// use core::time::Duration;
///
/// assert_eq!(Nanos::from(Duration::from_millis(3)).get(), 3_000_000);
/// // 2^64 ns (584 years and a half) after the origin, the count starts again.
/// assert_eq!(Nanos::from(Duration::from_nanos(u64::MAX) + Duration::from_nanos(4)).get(), 3);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Nanos(u64);

impl Nanos {
    /// `nanos` nanoseconds since the clock's origin.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub const fn new(nanos: u64) -> Self {
        Nanos(nanos)
    }

    /// The nanoseconds since the clock's origin.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub const fn get(self) -> u64 {
        self.0
    }
}

impl From<Duration> for Nanos {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn from(t: Duration) -> Self {
        // Modulo 2^64: `wrapping_*` is the arithmetic meant, in every build.
        Nanos((t.as_secs().wrapping_mul(1_000_000_000)).wrapping_add(u64::from(t.subsec_nanos())))
    }
}

/// A clock that only moves when told to: for tests and for simulations with their own time step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ManualClock {
    now: Duration,
}

impl ManualClock {
    /// A clock at time zero.
    pub const fn new() -> Self {
        ManualClock {
            now: Duration::ZERO,
        }
    }

    /// A clock at `now`.
    pub const fn at(now: Duration) -> Self {
        ManualClock { now }
    }

    /// Moves the clock forward by `by`.
    pub fn advance(&mut self, by: Duration) {
        self.now += by;
    }

    /// Moves the clock forward by `ms` milliseconds.
    pub fn advance_ms(&mut self, ms: u64) {
        self.advance(Duration::from_millis(ms));
    }

    /// Sets the time. Panics if that would move the clock backwards: a clock is monotonic.
    pub fn set(&mut self, now: Duration) {
        assert!(now >= self.now, "a clock never goes backwards");
        self.now = now;
    }
}

impl Clock for ManualClock {
    #[inline]
    fn now(&self) -> Duration {
        self.now
    }
}

/// The monotonic system clock (`std::time::Instant`), measured from the moment it was created.
#[cfg(feature = "std")]
#[derive(Clone, Copy, Debug)]
pub struct StdClock {
    origin: std::time::Instant,
}

#[cfg(feature = "std")]
impl StdClock {
    /// A clock whose origin is now.
    pub fn new() -> Self {
        StdClock {
            origin: std::time::Instant::now(),
        }
    }
}

#[cfg(feature = "std")]
impl Default for StdClock {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(feature = "std")]
impl Clock for StdClock {
    #[inline]
    fn now(&self) -> Duration {
        self.origin.elapsed()
    }
}

/// A value that a time node takes as its duration when it is written as an expression or an
/// entry (`Timeout(TIMEOUT)`, `Delay({wait})`, `Sleep(Duration::from_secs(2))`): a [`Duration`],
/// or a number of **milliseconds**, as BehaviorTree.CPP's `msec` ports are.
///
/// * `Duration` is taken as it is;
/// * an unsigned integer is milliseconds;
/// * a signed integer is milliseconds, and a negative one is zero (a negative duration means
///   nothing; BehaviorTree.CPP refuses it when it reads the port);
/// * a floating-point number is milliseconds, rounded down to whole milliseconds; a negative or
///   NaN one is zero.
///
/// ```
/// use bt_core::time::AsDuration;
/// use core::time::Duration;
///
/// assert_eq!(1500u64.as_duration(), Duration::from_millis(1500));
/// assert_eq!((-5i32).as_duration(), Duration::ZERO);
/// assert_eq!(Duration::from_secs(2).as_duration(), Duration::from_millis(2000));
/// assert_eq!(2.5f64.as_duration(), Duration::from_millis(2));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a duration",
    label = "a duration here is a `Duration` or a whole number of milliseconds",
    note = "write a literal (`500`, `500ms`, `5s`), a `core::time::Duration`, or a constant or entry of an integer type (milliseconds)"
)]
pub trait AsDuration {
    /// The duration this value stands for.
    fn as_duration(&self) -> Duration;
}

impl AsDuration for Duration {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn as_duration(&self) -> Duration {
        *self
    }
}

macro_rules! unsigned_millis {
    ($($t:ty),*) => {$(
        impl AsDuration for $t {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn as_duration(&self) -> Duration {
                Duration::from_millis(*self as u64)
            }
        }
    )*};
}
unsigned_millis!(u8, u16, u32, u64, usize);

macro_rules! signed_millis {
    ($($t:ty),*) => {$(
        impl AsDuration for $t {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn as_duration(&self) -> Duration {
                Duration::from_millis((*self).max(0) as u64)
            }
        }
    )*};
}
signed_millis!(i8, i16, i32, i64, isize);

macro_rules! float_millis {
    ($($t:ty),*) => {$(
        impl AsDuration for $t {
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn as_duration(&self) -> Duration {
                // `as` saturates and maps NaN to 0.
                Duration::from_millis(*self as u64)
            }
        }
    )*};
}
float_millis!(f32, f64);

/// The mark of a time a node keeps ([`arm`], [`mark`]): its nanoseconds modulo 2^63, with this
/// bit set. A state without it is a rule's own: `0` for idle, and the few others a rule names.
pub(crate) const ARMED: u64 = 1 << 63;

/// The longest span the time nodes measure: 2^62 - 1 nanoseconds, about 146 years. A time node
/// compares times by their difference modulo 2^63 as a signed number, which is exact while the
/// two are less than 2^62 apart; a longer duration is this long.
pub(crate) const LONGEST: u64 = (1 << 62) - 1;

/// `span` after `now`, as a node keeps a time to wait for (8 bytes: the nanoseconds modulo 2^63,
/// and [`ARMED`]); a span longer than [`LONGEST`] is that long.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn arm(now: Nanos, span: Duration) -> u64 {
    ARMED | (now.0.wrapping_add(nanos(span).min(LONGEST)) & !ARMED)
}

/// `now`, as a node keeps a time that happened (Cooldown's last completion).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn mark(now: Nanos) -> u64 {
    ARMED | (now.0 & !ARMED)
}

/// `now - kept` (a time from [`arm`] or [`mark`]) in nanoseconds, twice, as a signed number: the
/// difference modulo 2^63, exact while the two are less than 2^62 apart.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
fn since(now: Nanos, kept: u64) -> i64 {
    // The shift drops the mark and the wrap-around alike.
    (now.0.wrapping_sub(kept) << 1) as i64
}

/// `now` is at or after the kept time (`now - kept >= 0`): a deadline met.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn reached(now: Nanos, kept: u64) -> bool {
    since(now, kept) >= 0
}

/// `now` is strictly after the kept time (`now - kept > 0`).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn passed(now: Nanos, kept: u64) -> bool {
    since(now, kept) > 0
}

/// The nanoseconds from the kept time to `now` (modulo 2^63): exact while less than 2^63.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn elapsed(now: Nanos, kept: u64) -> u64 {
    (now.0.wrapping_sub(kept) << 1) >> 1
}

/// The kept time of a state (`None` if the state holds none), modulo 2^63 nanoseconds (292
/// years): the time itself below that, for the accessors of the rules.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn unstamp(state: u64) -> Option<Duration> {
    (state & ARMED != 0).then(|| Duration::from_nanos(state & !ARMED))
}

/// A duration in nanoseconds, saturating (a span a node measures).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn nanos(d: Duration) -> u64 {
    (d.as_secs().saturating_mul(1_000_000_000)).saturating_add(u64::from(d.subsec_nanos()))
}

/// Milliseconds as a [`Duration`], in constant expressions (the generated code's parameters).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub const fn ms(ms: u64) -> Duration {
    Duration::from_millis(ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `now_nanos` by default is `now` in nanoseconds modulo 2^64; an override is what the
    /// references forward, and the rules take either form of the time.
    #[test]
    fn now_nanos_defaults_to_now_and_forwards_an_override() {
        let mut clock = ManualClock::new();
        assert_eq!(clock.now_nanos(), 0);
        clock.advance_ms(1_500);
        assert_eq!(clock.now_nanos(), 1_500_000_000);
        let far = ManualClock::at(Duration::MAX);
        let max = Duration::MAX;
        let expected =
            (max.as_secs().wrapping_mul(1_000_000_000)).wrapping_add(u64::from(max.subsec_nanos()));
        assert_eq!(far.now_nanos(), expected);
        let wrapped = ManualClock::at(Duration::from_nanos(u64::MAX) + Duration::from_nanos(1));
        assert_eq!(wrapped.now_nanos(), 0);

        struct Ticks(u64);
        impl Clock for Ticks {
            fn now(&self) -> Duration {
                Duration::from_millis(self.0)
            }
            fn now_nanos(&self) -> u64 {
                // Deliberately off by one, to see which one is called.
                self.0 * 1_000_000 + 1
            }
        }
        let mut ticks = Ticks(3);
        let shared: &Ticks = &ticks;
        assert_eq!(<&Ticks as Clock>::now_nanos(&shared), 3_000_001);
        let exclusive: &mut Ticks = &mut ticks;
        assert_eq!(<&mut Ticks as Clock>::now_nanos(&exclusive), 3_000_001);
        // The time a Timeout keeps is the same from a `Duration` and from its nanoseconds.
        let (mut a, mut b) = (
            crate::decorator::Timeout::new(),
            crate::decorator::Timeout::new(),
        );
        assert!(!a.expired(ms(10), ms(5)));
        assert!(!b.expired(Nanos::new(10_000_000), ms(5)));
        assert_eq!(a, b);
        assert!(a.expired(ms(15), ms(5)) && b.expired(Nanos::new(15_000_000), ms(5)));
    }

    /// A kept time compares with `now` by their difference: for every start at the edges of
    /// `u64` (where `now` wraps around) and every span up to the longest, the deadline is met
    /// exactly `span` later, not a nanosecond before; a longer span never ends.
    #[test]
    fn kept_times_compare_by_difference_across_the_wrap() {
        let starts = [
            0,
            1,
            1_000,
            (1 << 62) - 1,
            1 << 62,
            (1 << 63) - 1,
            1 << 63,
            u64::MAX - 1_000,
            u64::MAX - 1,
            u64::MAX,
        ];
        let spans = [0, 1, 2, 1_000_000_000, LONGEST / 2, LONGEST];
        for start in starts {
            for span in spans {
                let end = arm(Nanos::new(start), Duration::from_nanos(span));
                assert_ne!(end, 0, "an armed time is never idle");
                let at = |offset: u64| Nanos::new(start.wrapping_add(offset));
                assert!(reached(at(span), end), "start {start}, span {span}");
                assert!(!passed(at(span), end), "start {start}, span {span}");
                assert!(passed(at(span + 1), end) && reached(at(span + 1), end));
                if span > 0 {
                    assert!(!reached(at(span - 1), end), "start {start}, span {span}");
                    assert!(!reached(at(0), end), "start {start}, span {span}");
                }
                // Ticked long after the end (less than the longest span), it is still met.
                assert!(reached(at(span + LONGEST), end));
                let done = mark(at(span));
                assert_eq!(elapsed(at(span), done), 0);
                assert_eq!(elapsed(at(span + 77), done), 77);
            }
            // A longer span is the longest.
            let end = arm(Nanos::new(start), Duration::MAX);
            assert_eq!(end, arm(Nanos::new(start), Duration::from_nanos(LONGEST)));
            assert!(!reached(Nanos::new(start.wrapping_add(LONGEST - 1)), end));
        }
        assert_eq!(unstamp(0), None);
        let end = arm(Nanos::new(5), Duration::from_nanos(7));
        assert_eq!(unstamp(end), Some(Duration::from_nanos(12)));
    }

    /// Every time node, started at the edges of what a clock can read (just before 2^64 ns,
    /// across it, 600 years in, the last seconds before `Duration::MAX`), ends its span exactly
    /// as it does when started at zero: before this, the times saturated at 584 years and every
    /// node fired on its first or second tick there. A span of 146 years or more is 146 years.
    #[test]
    fn time_nodes_are_exact_at_any_clock_value() {
        use crate::decorator::{Cooldown, Deadline, Delay, MaxTime, Timeout};
        use crate::leaves::{Sleep, Wait};
        use crate::Status::*;

        let wrap = Duration::from_nanos(u64::MAX) + Duration::from_nanos(1);
        let origins = [
            Duration::ZERO,
            wrap - ms(500),
            wrap,
            Duration::from_secs(600 * 365 * 24 * 3600),
            Duration::MAX - Duration::from_secs(10),
            Duration::MAX - ms(2000),
        ];
        let span = ms(1000);
        let nano = Duration::from_nanos(1);
        for t0 in origins {
            let at = |offset: Duration| t0 + offset;
            // Timeout: fails at `t0 + 1000 ms`, not before.
            let mut timeout = Timeout::new();
            assert!(!timeout.expired(at(ms(0)), span), "{t0:?}");
            assert!(!timeout.expired(at(ms(500)), span), "{t0:?}");
            assert!(!timeout.expired(at(span - nano), span), "{t0:?}");
            assert!(timeout.expired(at(span), span), "{t0:?}");
            // Delay: ticks its child from `t0 + 1000 ms` on, for as long as it runs.
            let mut delay = Delay::new();
            assert_eq!(delay.start(at(ms(0)), span), Some(Running), "{t0:?}");
            assert_eq!(delay.start(at(span - nano), span), Some(Running), "{t0:?}");
            assert_eq!(delay.start(at(span), span), None, "{t0:?}");
            assert_eq!(delay.on_child(Running), Running);
            assert_eq!(delay.start(at(span + ms(1)), span), None, "{t0:?}");
            // Sleep: `Success` at `t0 + 1000 ms`.
            let mut sleep = Sleep::new();
            assert_eq!(sleep.tick(at(ms(0)), span), Running, "{t0:?}");
            assert_eq!(sleep.tick(at(span - nano), span), Running, "{t0:?}");
            assert_eq!(sleep.tick(at(span), span), Success, "{t0:?}");
            // behavior3's Wait: strictly after `t0 + 1000 ms`.
            let mut wait = Wait::new();
            assert_eq!(wait.tick(at(ms(0)), span), Running, "{t0:?}");
            assert_eq!(wait.tick(at(span), span), Running, "{t0:?}");
            assert_eq!(wait.tick(at(span + nano), span), Success, "{t0:?}");
            // behavior3's MaxTime: over strictly after `t0 + 1000 ms`.
            let mut max_time = MaxTime::new();
            assert!(!max_time.begin(at(ms(0)), span), "{t0:?}");
            assert!(!max_time.begin(at(span), span), "{t0:?}");
            assert!(max_time.begin(at(span + nano), span), "{t0:?}");
            // NodeCanvas's Timeout: a running child is cut off at `t0 + 1000 ms`.
            let mut nc = Deadline::new();
            nc.begin(at(ms(0)), span);
            assert_eq!(nc.on_child(Running, at(span - nano)), Ok(Running), "{t0:?}");
            assert_eq!(nc.on_child(Running, at(span)), Err(Failure), "{t0:?}");
            // NodeCanvas's Cooldown: cooling for 1000 ms after the completion.
            let mut cooldown = Cooldown::new();
            assert_eq!(cooldown.on_child(Success, at(ms(0))), Success);
            assert!(cooldown.is_cooling(at(span - nano), span), "{t0:?}");
            assert!(!cooldown.is_cooling(at(span), span), "{t0:?}");
            // A span of 146 years or more is 146 years: it does not end in any test's time.
            let mut timeout = Timeout::new();
            assert!(!timeout.expired(at(ms(0)), Duration::MAX));
            assert!(!timeout.expired(at(ms(1500)), Duration::MAX));
            let mut sleep = Sleep::new();
            assert_eq!(sleep.tick(at(ms(0)), Duration::MAX), Running);
            assert_eq!(sleep.tick(at(ms(1500)), Duration::MAX), Running);
        }
    }

    #[test]
    fn manual_clock_moves_only_when_told() {
        let mut clock = ManualClock::new();
        assert_eq!(clock.now(), Duration::ZERO);
        clock.advance_ms(10);
        clock.advance(Duration::from_micros(500));
        assert_eq!(clock.now(), Duration::from_micros(10_500));
        clock.set(Duration::from_secs(1));
        fn read(clock: impl Clock) -> Duration {
            clock.now()
        }
        let by_ref: &ManualClock = &clock;
        assert_eq!(read(by_ref), Duration::from_secs(1));
        let by_mut: &mut ManualClock = &mut clock;
        assert_eq!(read(by_mut), Duration::from_secs(1));
    }

    #[test]
    #[should_panic(expected = "never goes backwards")]
    fn manual_clock_is_monotonic() {
        let mut clock = ManualClock::at(Duration::from_secs(2));
        clock.set(Duration::from_secs(1));
    }

    #[cfg(feature = "std")]
    #[test]
    fn std_clock_never_decreases() {
        let clock = StdClock::new();
        let (a, b) = (clock.now(), clock.now());
        assert!(b >= a);
        // It counts from its creation: after a sleep of 2 ms, at least 2 ms.
        let clock = StdClock::default();
        std::thread::sleep(Duration::from_millis(2));
        assert!(clock.now() >= Duration::from_millis(2));
        assert!(clock.now_nanos() >= 2_000_000);
    }
}
