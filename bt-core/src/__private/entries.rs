//! The blackboard: the entry types, the pre- and post-conditions, and the blackboard nodes
//! (`Script`, `ScriptCondition`, `SetBlackboard`, `UnsetBlackboard`).

#[allow(unused_imports)]
use super::*;

pub use crate::blackboard::{CopyInto, SetTo, Tracked, Unset};
pub use crate::conditions::{
    after_halt, always, never, nothing, postconditions, preconditions, Gate,
};
/// The arithmetic of scripts translated from XML (`script::add(bb.x, 1)`), which never panics.
pub use crate::script;

/// Evaluates a condition over the blackboard (`ScriptCondition`, pre-conditions).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn test<Bb>(bb: &Bb, condition: impl FnOnce(&Bb) -> bool) -> bool {
    condition(bb)
}

/// Runs statements over the blackboard (`Script`, post-conditions).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn run<Bb>(bb: &mut Bb, script: impl FnOnce(&mut Bb)) {
    script(bb)
}

/// `SetBlackboard(entry = value)`: the value must have the entry's type; `convert` is
/// [`SetTo::value`] (see the module's docs on why the trait's methods are arguments).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn set<B, T, V>(
    bb: &mut B,
    entry: impl FnOnce(&mut B) -> &mut T,
    value: V,
    convert: fn(V) -> T,
) -> Status {
    *entry(bb) = convert(value);
    Status::Success
}

/// `SetBlackboard(entry = {other})`: `entries` returns both fields of the blackboard; `copy` is
/// [`CopyInto::copy_into`].
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn copy_entry<B, Entry, Other>(
    bb: &mut B,
    entries: impl FnOnce(&mut B) -> (&mut Entry, &Other),
    copy: fn(&Other, &mut Entry),
) -> Status {
    let (entry, other) = entries(bb);
    copy(other, entry);
    Status::Success
}

/// `SetBlackboard(entry = {entry})` of a `#[tracked]` entry: the value stays and the write counts
/// one update, as any other write does (BehaviorTree.CPP's copy of an entry onto itself is a
/// write too). The same of an entry that is not tracked changes nothing.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn rewrite_tracked<B, T: Clone>(
    bb: &mut B,
    entry: impl FnOnce(&mut B) -> &mut Tracked<T>,
) -> Status {
    let entry = entry(bb);
    let value = T::clone(entry);
    entry.set(value);
    Status::Success
}

/// `UnsetBlackboard(entry)`; `unset` is [`Unset::unset`].
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn unset<B, T>(bb: &mut B, entry: impl FnOnce(&mut B) -> &mut T, unset: fn(&mut T)) -> Status {
    unset(entry(bb));
    Status::Success
}

/// `SetBlackboard(entry = value)` into a `#[tracked]` entry: one update; `convert` is
/// [`SetTo::value`].
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn set_tracked<B, T, V>(
    bb: &mut B,
    entry: impl FnOnce(&mut B) -> &mut Tracked<T>,
    value: V,
    convert: fn(V) -> T,
) -> Status {
    entry(bb).set(convert(value));
    Status::Success
}
