//! Loops and counts: a limit written as an expression or an entry, and `Loop`'s queue.

#[allow(unused_imports)]
use super::*;

pub use crate::decorator::AsLimit;

/// A loop's limit written as an expression or an entry; `as_limit` is [`AsLimit::as_limit`].
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn limit<T: ?Sized>(value: &T, as_limit: impl FnOnce(&T) -> Option<usize>) -> Option<usize> {
    as_limit(value)
}

/// `Loop`'s pop: the next item of the queue entry `queue` picks from the blackboard. (A bound,
/// not the method as an argument: the method's type names `Q::Item`, which a type that is not a
/// queue cannot give, and rustc would report the argument's type as well.)
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn pop_front<B, Q: LoopQueue + ?Sized>(
    bb: &mut B,
    queue: impl FnOnce(&mut B) -> &mut Q,
) -> Option<Q::Item> {
    queue(bb).pop_front()
}
