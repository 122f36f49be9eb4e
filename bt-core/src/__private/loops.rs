//! Loops and counts: a limit written as an expression or an entry, and `Loop`'s queue.

#[allow(unused_imports)]
use super::*;

pub use crate::decorator::AsLimit;

/// A loop's limit written as an expression or an entry; `as_limit` is [`AsLimit::as_limit`].
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn limit<T: ?Sized>(value: &T, as_limit: fn(&T) -> Option<usize>) -> Option<usize> {
    as_limit(value)
}
