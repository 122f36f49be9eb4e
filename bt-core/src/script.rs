//! The arithmetic of scripts: what `x := 10 / y` computes in a tree translated from
//! BehaviorTree.CPP XML. It never panics, whatever the values (`docs/decisions.md`, decision 16).
//!
//! BehaviorTree.CPP computes a script's numbers as `double`s and refuses to store a result that
//! the entry's type cannot hold (the script throws). Our entries keep their types, so integer
//! arithmetic gives the exact result **clamped to the type's range** (saturating):
//!
//! | operation | result |
//! |---|---|
//! | [`add`], [`sub`], [`mul`], [`neg`] (`+ - *`, a `-` before a value) | the exact result, clamped: `i32::MAX + 1` is `i32::MAX`, `-i32::MIN` is `i32::MAX`, `0u8 - 1` is `0` |
//! | [`div`] (`/`) | the quotient truncated toward zero (as Rust's `/`), clamped: `i32::MIN / -1` is `i32::MAX` |
//! | [`div`] by zero | the type's maximum for a positive dividend, its minimum for a negative one, `0` for `0`: the quotient in reals (+inf, -inf, NaN) as Rust's `as` turns it into an integer |
//! | [`add_to`], [`sub_from`], [`mul_by`], [`div_by`] (`+= -= *= /=`) | the same, stored in place |
//! | [`to`] (a number of another integer type) | the value, clamped to the target's range |
//!
//! A real converted to an integer type is truncated toward zero and clamped (NaN is `0`): Rust's
//! `as`, which the translation writes for it. Real arithmetic is IEEE 754's (`10.0 / 0.0` is
//! infinite), which never panics either.
//!
//! Every function here is written with explicit saturating or checked operations, never with an
//! operator whose overflow check depends on the build: debug and release builds compute the same,
//! by construction. The boundary cases are asserted in `const` items, which the compiler
//! evaluates (and checks) in every build, whatever its profile.
//!
//! A closure written in the DSL is plain Rust: its `+` panics on overflow in a debug build. Call
//! these functions to give it the scripts' semantics:
//!
//! ```
//! use bt_core::script;
//!
//! assert_eq!(script::add(i32::MAX, 1), i32::MAX);
//! assert_eq!(script::div(10, 0), i32::MAX);
//! assert_eq!(script::div(-10, 0), i32::MIN);
//! assert_eq!(script::div(0, 0), 0);
//! assert_eq!(script::div(i32::MIN, -1), i32::MAX);
//! assert_eq!(script::to::<u8, i64>(-5), 0);
//! let mut x = 250u8;
//! script::add_to(&mut x, 10);
//! assert_eq!(x, u8::MAX);
//! ```

/// An integer type of the scripts' arithmetic: every primitive integer type. Sealed.
pub trait Integer: Copy + sealed::Sealed {
    /// `self + rhs`, clamped.
    fn add(self, rhs: Self) -> Self;
    /// `self - rhs`, clamped.
    fn sub(self, rhs: Self) -> Self;
    /// `self * rhs`, clamped.
    fn mul(self, rhs: Self) -> Self;
    /// `self / rhs` truncated toward zero, clamped; by zero, the quotient's sign's bound (0 for 0).
    fn div(self, rhs: Self) -> Self;
    /// `-self`, clamped.
    fn neg(self) -> Self;
    /// `self` as a `T`, clamped to `T`'s range.
    fn convert<T: Integer>(self) -> T;
    /// `value` clamped to the type's range.
    fn from_i128(value: i128) -> Self;
    /// `value` clamped to the type's range.
    fn from_u128(value: u128) -> Self;
}

mod sealed {
    pub trait Sealed {}
}

/// `a + b`, clamped to the type's range.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn add<T: Integer>(a: T, b: T) -> T {
    a.add(b)
}

/// `a - b`, clamped to the type's range.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn sub<T: Integer>(a: T, b: T) -> T {
    a.sub(b)
}

/// `a * b`, clamped to the type's range.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn mul<T: Integer>(a: T, b: T) -> T {
    a.mul(b)
}

/// `a / b` truncated toward zero, clamped to the type's range; by zero, the type's maximum for a
/// positive `a`, its minimum for a negative one, `0` for `0`.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn div<T: Integer>(a: T, b: T) -> T {
    a.div(b)
}

/// `-a`, clamped to the type's range (`0` for any unsigned `a`).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn neg<T: Integer>(a: T) -> T {
    a.neg()
}

/// `*place += b` ([`add`]).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn add_to<T: Integer>(place: &mut T, b: T) {
    *place = place.add(b);
}

/// `*place -= b` ([`sub`]).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn sub_from<T: Integer>(place: &mut T, b: T) {
    *place = place.sub(b);
}

/// `*place *= b` ([`mul`]).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn mul_by<T: Integer>(place: &mut T, b: T) {
    *place = place.mul(b);
}

/// `*place /= b` ([`div`]).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn div_by<T: Integer>(place: &mut T, b: T) {
    *place = place.div(b);
}

/// `value` as an integer of type `T`, clamped to its range (`to::<u8, i32>(300)` is 255,
/// `to::<u8, i32>(-1)` is 0), where `as` would wrap.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn to<T: Integer, F: Integer>(value: F) -> T {
    value.convert()
}

/// The rules per type, as `const fn`s, so that the boundary cases can be asserted at compile
/// time (below): [`Integer`]'s methods call these.
macro_rules! integers {
    ($($t:ident: $signed:literal),*) => {
        /// The rules for each integer type, as `const fn`s.
        mod rules {
            $(
                pub mod $t {
                    pub const fn add(a: $t, b: $t) -> $t {
                        a.saturating_add(b)
                    }
                    pub const fn sub(a: $t, b: $t) -> $t {
                        a.saturating_sub(b)
                    }
                    pub const fn mul(a: $t, b: $t) -> $t {
                        a.saturating_mul(b)
                    }
                    #[allow(unused_comparisons)]
                    pub const fn div(a: $t, b: $t) -> $t {
                        if b == 0 {
                            // The quotient in reals: +inf, -inf or NaN, as `as` makes them.
                            if a == 0 {
                                0
                            } else if a < 0 {
                                $t::MIN
                            } else {
                                $t::MAX
                            }
                        } else {
                            // `MIN / -1` is the only quotient that does not fit.
                            match a.checked_div(b) {
                                Some(quotient) => quotient,
                                None => $t::MAX,
                            }
                        }
                    }
                    pub const fn neg(a: $t) -> $t {
                        (0 as $t).saturating_sub(a)
                    }
                    pub const fn from_i128(value: i128) -> $t {
                        if value < ($t::MIN as i128) {
                            $t::MIN
                        } else if value > 0 && (value as u128) > ($t::MAX as u128) {
                            $t::MAX
                        } else {
                            value as $t
                        }
                    }
                    pub const fn from_u128(value: u128) -> $t {
                        if value > ($t::MAX as u128) {
                            $t::MAX
                        } else {
                            value as $t
                        }
                    }
                }
            )*
        }

        $(
            impl sealed::Sealed for $t {}

            impl Integer for $t {
                #[cfg_attr(debug_assertions, inline)]
                #[cfg_attr(not(debug_assertions), inline(always))]
                fn add(self, rhs: Self) -> Self {
                    rules::$t::add(self, rhs)
                }
                #[cfg_attr(debug_assertions, inline)]
                #[cfg_attr(not(debug_assertions), inline(always))]
                fn sub(self, rhs: Self) -> Self {
                    rules::$t::sub(self, rhs)
                }
                #[cfg_attr(debug_assertions, inline)]
                #[cfg_attr(not(debug_assertions), inline(always))]
                fn mul(self, rhs: Self) -> Self {
                    rules::$t::mul(self, rhs)
                }
                #[cfg_attr(debug_assertions, inline)]
                #[cfg_attr(not(debug_assertions), inline(always))]
                fn div(self, rhs: Self) -> Self {
                    rules::$t::div(self, rhs)
                }
                #[cfg_attr(debug_assertions, inline)]
                #[cfg_attr(not(debug_assertions), inline(always))]
                fn neg(self) -> Self {
                    rules::$t::neg(self)
                }
                #[cfg_attr(debug_assertions, inline)]
                #[cfg_attr(not(debug_assertions), inline(always))]
                fn convert<T: Integer>(self) -> T {
                    // A signed value fits an `i128`, an unsigned one a `u128`.
                    if $signed {
                        T::from_i128(self as i128)
                    } else {
                        T::from_u128(self as u128)
                    }
                }
                #[cfg_attr(debug_assertions, inline)]
                #[cfg_attr(not(debug_assertions), inline(always))]
                fn from_i128(value: i128) -> Self {
                    rules::$t::from_i128(value)
                }
                #[cfg_attr(debug_assertions, inline)]
                #[cfg_attr(not(debug_assertions), inline(always))]
                fn from_u128(value: u128) -> Self {
                    rules::$t::from_u128(value)
                }
            }

            // The boundary cases, evaluated by the compiler in every build (debug, release, test,
            // doc), where an overflow is an error whatever the profile.
            const _: () = {
                use rules::$t::*;
                let (min, max) = ($t::MIN, $t::MAX);
                assert!(add(max, 1) == max && add(max, max) == max && add(min, 0) == min);
                assert!(sub(min, 1) == min && sub(0, 0) == 0);
                assert!(mul(max, 2) == max && mul(max, 0) == 0 && mul(min, 1) == min);
                assert!(div(10, 0) == max && div(0, 0) == 0 && div(max, 0) == max);
                assert!(div(7, 2) == 3 && div(max, 1) == max && div(min, 1) == min);
                assert!(neg(0) == 0 && neg(max) == sub(0, max));
                assert!(from_i128(i128::MAX) == from_u128(i128::MAX as u128));
                assert!(from_i128(i128::MIN) == min);
                assert!(from_u128(u128::MAX) == max && from_u128(0) == 0 && from_i128(0) == 0);
                if $signed {
                    let minus_one = sub(0, 1);
                    assert!(div(min, minus_one) == max && div(minus_one, 0) == min);
                    assert!(div(min, 0) == min && div(sub(0, 7), 2) == sub(0, 3));
                    assert!(neg(min) == max && neg(max) == add(min, 1));
                    assert!(add(min, minus_one) == min && mul(min, minus_one) == max);
                    assert!(mul(min, 2) == min && mul(max, minus_one) == add(min, 1));
                    assert!(from_i128(-1) == minus_one);
                } else {
                    assert!(neg(max) == 0 && sub(0, 1) == 0 && from_i128(-1) == 0);
                }
            };
        )*
    };
}

integers!(
    i8: true, i16: true, i32: true, i64: true, i128: true, isize: true,
    u8: false, u16: false, u32: false, u64: false, u128: false, usize: false
);

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference: the exact result in `i128` (wide enough for every operand of `i64` and
    /// below), clamped.
    fn clamp<T: Integer>(exact: Option<i128>) -> T {
        T::from_i128(exact.expect("an exact result"))
    }

    /// Every operation on `i8`, `u8`, `i64` and `u64` operands at and around their bounds agrees
    /// with the exact result clamped; division by zero follows the sign of the dividend.
    #[test]
    fn arithmetic_is_the_exact_result_clamped() {
        fn check<T: Integer + PartialEq + core::fmt::Debug + Into<i128>>(edges: &[T]) {
            for &a in edges {
                for &b in edges {
                    let (x, y): (i128, i128) = (a.into(), b.into());
                    assert_eq!(add(a, b), clamp::<T>(x.checked_add(y)), "{a:?} + {b:?}");
                    assert_eq!(sub(a, b), clamp::<T>(x.checked_sub(y)), "{a:?} - {b:?}");
                    // Only `u64::MAX * u64::MAX` leaves `i128`: it is above every bound.
                    let product = x.checked_mul(y).or(Some(i128::MAX));
                    assert_eq!(mul(a, b), clamp::<T>(product), "{a:?} * {b:?}");
                    let quotient = match y {
                        0 => x.signum() * i128::MAX,
                        _ => x / y,
                    };
                    assert_eq!(div(a, b), clamp::<T>(Some(quotient)), "{a:?} / {b:?}");
                    let mut place = a;
                    add_to(&mut place, b);
                    assert_eq!(place, add(a, b));
                    let mut place = a;
                    sub_from(&mut place, b);
                    assert_eq!(place, sub(a, b));
                    let mut place = a;
                    mul_by(&mut place, b);
                    assert_eq!(place, mul(a, b));
                    let mut place = a;
                    div_by(&mut place, b);
                    assert_eq!(place, div(a, b));
                }
                assert_eq!(neg(a), clamp::<T>(Some(-Into::<i128>::into(a))), "-{a:?}");
            }
        }
        check::<i8>(&[
            i8::MIN,
            i8::MIN + 1,
            -7,
            -1,
            0,
            1,
            2,
            7,
            i8::MAX - 1,
            i8::MAX,
        ]);
        check::<u8>(&[0, 1, 2, 7, u8::MAX - 1, u8::MAX]);
        check::<i64>(&[
            i64::MIN,
            i64::MIN + 1,
            -7,
            -1,
            0,
            1,
            2,
            7,
            i64::MAX - 1,
            i64::MAX,
        ]);
        check::<u64>(&[0, 1, 2, 7, u64::MAX - 1, u64::MAX]);
    }

    #[test]
    fn conversions_clamp_where_as_would_wrap() {
        assert_eq!(to::<u8, i32>(300), u8::MAX);
        assert_eq!(to::<u8, i32>(-1), 0);
        assert_eq!(to::<i32, i64>(1 << 40), i32::MAX);
        assert_eq!(to::<i32, i64>(-(1 << 40)), i32::MIN);
        assert_eq!(to::<i64, u128>(u128::MAX), i64::MAX);
        assert_eq!(to::<u128, u128>(u128::MAX), u128::MAX);
        assert_eq!(to::<i128, u128>(u128::MAX), i128::MAX);
        assert_eq!(to::<u128, i8>(-1), 0);
        assert_eq!(to::<i64, i32>(-5), -5);
        assert_eq!(to::<usize, isize>(isize::MIN), 0);
    }
}
