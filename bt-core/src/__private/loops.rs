//! Loops and counts: a limit written as an expression or an entry, and `Loop`'s queue.

#[allow(unused_imports)]
use super::*;

/// A loop's limit written as an expression or an entry (`bt::decorator::AsLimit`).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn limit<T: crate::decorator::AsLimit + ?Sized>(value: &T) -> Option<usize> {
    value.as_limit()
}

/// `Loop`'s pop: the next item of the queue entry `queue` picks from the blackboard.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn pop_front<B, Q: LoopQueue + ?Sized>(
    bb: &mut B,
    queue: impl FnOnce(&mut B) -> &mut Q,
) -> Option<Q::Item> {
    queue(bb).pop_front()
}
