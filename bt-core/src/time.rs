//! Time, injected: the nodes that wait or time out (Delay, Timeout, Sleep, behavior3's Wait and
//! MaxTime, NodeCanvas's Cooldown, ...) never read the system clock themselves. Their rules take
//! the current time as an argument, and the generated tree reads it from the context, which
//! implements [`Clock`]. A tree that uses no time node never asks for it and pays nothing.
//!
//! * [`StdClock`] (with the `std` feature, on by default in `bt`) reads the monotonic system clock;
//! * [`ManualClock`] is moved by hand, for deterministic tests and simulations.
//!
//! Times are [`Duration`]s since an origin of the clock's choosing; only differences matter.
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
    note = "implement `bt::Clock` for `{Self}`: `fn now(&self) -> Duration`, e.g. forwarding to a `bt::StdClock` (real time) or a `bt::ManualClock` (tests) kept in a field"
)]
pub trait Clock {
    /// The time now, since the clock's origin. Never decreases.
    fn now(&self) -> Duration;

    /// The time now in whole nanoseconds since the clock's origin, saturating at `u64::MAX`
    /// (584 years): what the time nodes read (`Delay`, `Timeout`, `Sleep`, behavior3's `Wait` and
    /// `MaxTime`, NodeCanvas's `Cooldown` and `Deadline`), as they keep their times in 8 bytes
    /// ([`Nanos`]).
    ///
    /// Provided: [`now`](Clock::now) converted, which costs a division and a few saturating
    /// operations on every read. A clock that counts whole units in an integer may override it
    /// to skip the conversion; it must answer what the default would, `Nanos::from(self.now())`:
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
    ///         self.now_ms.saturating_mul(1_000_000)
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

/// A time on a [`Clock`] in whole nanoseconds since its origin, saturating at `u64::MAX`: what
/// the rules of the time nodes take as `now`
/// (`now: impl Into<Nanos>`, so a [`Duration`] does as well). The generated code reads it with
/// [`Clock::now_nanos`].
///
/// ```
/// use bt_core::time::Nanos;
/// use core::time::Duration;
///
/// assert_eq!(Nanos::from(Duration::from_millis(3)).get(), 3_000_000);
/// assert_eq!(Nanos::from(Duration::MAX).get(), u64::MAX);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
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

    /// `span` later, saturating.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn after(self, span: Duration) -> Nanos {
        Nanos(self.0.saturating_add(nanos(span)))
    }
}

impl From<Duration> for Nanos {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn from(t: Duration) -> Self {
        Nanos(nanos(t))
    }
}

/// A clock that only moves when told to: for tests and for simulations with their own time step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
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

/// A time as the time nodes keep it: nanoseconds since the clock's origin, plus one, in a `u64`,
/// so that `0` can mean "no time" and a node's state takes 8 bytes (an `Option<Duration>` takes
/// 16). Exact and order-preserving up to 584 years after the origin, where it saturates (at
/// `u64::MAX - 1`, so that `u64::MAX` stays free for "never").
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn stamp(t: Nanos) -> u64 {
    t.0.saturating_add(1).min(u64::MAX - 1)
}

/// The time a [`stamp`] holds (`None` for `0`, no time), for the accessors of the rules that keep
/// stamps.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn unstamp(stamp: u64) -> Option<Duration> {
    stamp.checked_sub(1).map(Duration::from_nanos)
}

/// A duration in nanoseconds, saturating (the span between two [`stamp`]s).
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

    /// `now_nanos` by default is `now` in saturating nanoseconds; an override is what the
    /// references forward, and the rules take either form of the time.
    #[test]
    fn now_nanos_defaults_to_now_and_forwards_an_override() {
        let mut clock = ManualClock::new();
        assert_eq!(clock.now_nanos(), 0);
        clock.advance_ms(1_500);
        assert_eq!(clock.now_nanos(), 1_500_000_000);
        let far = ManualClock::at(Duration::MAX);
        assert_eq!(far.now_nanos(), u64::MAX);
        assert_eq!(
            Nanos::from(Duration::from_secs(2))
                .after(Duration::from_nanos(7))
                .get(),
            2_000_000_007
        );
        assert_eq!(
            Nanos::new(u64::MAX - 1).after(Duration::from_secs(1)).get(),
            u64::MAX
        );

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
        // The stamp a Timeout keeps is the same from a `Duration` and from its nanoseconds.
        let (mut a, mut b) = (
            crate::decorator::Timeout::new(),
            crate::decorator::Timeout::new(),
        );
        assert!(!a.expired(ms(10), ms(5)));
        assert!(!b.expired(Nanos::new(10_000_000), ms(5)));
        assert_eq!(a, b);
        assert!(a.expired(ms(15), ms(5)) && b.expired(Nanos::new(15_000_000), ms(5)));
    }

    /// Delay and Timeout compare `now >= stamp - 1` instead of `stamp(now) >= stamp`: the same
    /// for every armed stamp (`1..=u64::MAX - 1`), at the edges too.
    #[test]
    fn comparing_with_a_stamp_minus_one_is_comparing_stamps() {
        let edges = [
            0,
            1,
            2,
            3,
            1_000,
            u64::MAX - 3,
            u64::MAX - 2,
            u64::MAX - 1,
            u64::MAX,
        ];
        for now in edges {
            for stamped in edges.iter().map(|&t| stamp(Nanos::new(t))) {
                assert!(stamped >= 1);
                assert_eq!(
                    now >= stamped - 1,
                    stamp(Nanos::new(now)) >= stamped,
                    "now {now}, stamp {stamped}"
                );
            }
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
    }
}
