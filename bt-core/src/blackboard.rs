//! The blackboard of a tree is a plain struct the macro generates from the tree's
//! `blackboard { name: Type = initial, .. }` section: one public field per entry, so reading an
//! entry is a field access and every entry always has a value.
//!
//! This module holds what the blackboard nodes need beyond field access, and [`Tracked`]: an
//! entry declared `#[tracked] name: T` counts its updates, for `WasEntryUpdated`,
//! `SkipUnlessUpdated` and `WaitValueUpdate`. Entries that are not tracked cost nothing.

use core::ops::{Deref, DerefMut};

/// A blackboard entry that counts its updates (BehaviorTree.CPP's per-entry sequence id).
///
/// Every write is an update: [`set`](Tracked::set), or any mutable access through `DerefMut`
/// (`*bb.count += 1` in a script), and every write by a node (an output port, `SetBlackboard`,
/// `UnsetBlackboard`). Reading through `Deref` is free. The version starts at 0, so "never
/// written" is version 0 (`spec/decisions.md`, decision 12).
#[derive(Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Tracked<T> {
    value: T,
    version: u64,
}

impl<T> Tracked<T> {
    /// An entry holding its initial value, at version 0.
    pub const fn new(value: T) -> Self {
        Tracked { value, version: 0 }
    }

    /// Writes `value`: one update.
    #[inline]
    pub fn set(&mut self, value: T) {
        self.value = value;
        self.bump();
    }

    /// How many updates the entry has had.
    #[inline]
    pub fn version(&self) -> u64 {
        self.version
    }

    /// The value.
    #[inline]
    pub fn get(&self) -> &T {
        &self.value
    }

    #[inline]
    fn bump(&mut self) {
        self.version = self.version.wrapping_add(1);
    }
}

/// A `#[tracked]` queue entry: a pop that takes an item is one update (popping an empty queue
/// changes nothing).
impl<Q: crate::LoopQueue> crate::LoopQueue for Tracked<Q> {
    type Item = Q::Item;

    #[inline]
    fn pop_front(&mut self) -> Option<Q::Item> {
        let item = self.value.pop_front();
        if item.is_some() {
            self.bump();
        }
        item
    }
}

impl<T> Deref for Tracked<T> {
    type Target = T;

    #[inline]
    fn deref(&self) -> &T {
        &self.value
    }
}

impl<T> DerefMut for Tracked<T> {
    /// Mutable access counts as an update.
    #[inline]
    fn deref_mut(&mut self) -> &mut T {
        self.bump();
        &mut self.value
    }
}

impl<T: PartialEq> PartialEq<T> for Tracked<T> {
    fn eq(&self, other: &T) -> bool {
        self.value == *other
    }
}

/// An entry that `UnsetBlackboard(entry)` can clear: an optional value.
#[diagnostic::on_unimplemented(
    message = "`UnsetBlackboard` needs an optional entry, but this entry is a `{Self}`",
    label = "not an `Option`",
    note = "declare the entry as `name: Option<T>` (it starts as `None` unless you give a value)"
)]
pub trait Unset {
    /// Clears the entry.
    fn unset(&mut self);
}

impl<T> Unset for Option<T> {
    #[inline]
    fn unset(&mut self) {
        *self = None;
    }
}

impl<T: Unset> Unset for Tracked<T> {
    #[inline]
    fn unset(&mut self) {
        (**self).unset();
    }
}

/// `SetBlackboard(entry = {other})` copies `other` into `entry`: both must have the same type.
#[diagnostic::on_unimplemented(
    message = "cannot copy a blackboard entry of type `{Self}` into an entry of type `{Entry}`",
    label = "this entry is a `{Self}`",
    note = "`SetBlackboard(entry = {{other}})` needs two entries of the same type that is `Clone`; convert with `SetBlackboard(entry = expression)` or a `Script`"
)]
pub trait CopyInto<Entry> {
    /// Writes a copy of `self` into `entry`.
    fn copy_into(&self, entry: &mut Entry);
}

impl<T: Clone> CopyInto<T> for T {
    #[inline]
    fn copy_into(&self, entry: &mut T) {
        entry.clone_from(self);
    }
}

impl<T: Clone> CopyInto<Tracked<T>> for T {
    #[inline]
    fn copy_into(&self, entry: &mut Tracked<T>) {
        entry.set(self.clone());
    }
}

impl<T: Clone> CopyInto<T> for Tracked<T> {
    #[inline]
    fn copy_into(&self, entry: &mut T) {
        entry.clone_from(&self.value);
    }
}

impl<T: Clone> CopyInto<Tracked<T>> for Tracked<T> {
    #[inline]
    fn copy_into(&self, entry: &mut Tracked<T>) {
        entry.set(self.value.clone());
    }
}

/// An entry that `SetBlackboard(entry = value)` can set to a `Value`: a value of its own type.
///
/// rustc types a call's closures after its other arguments. With the value of `set` typed as
/// the entry, the value's type would be taken for the entry's, and a value of another type
/// reported as an entry of the wrong type. As a bound on the entry's type, which is only known
/// once the entry's closure is typed, the check waits for the entry, and a value of another type
/// is the mistake, at the value, with the two types in order.
#[diagnostic::on_unimplemented(
    message = "`SetBlackboard` cannot set an entry of type `{Self}` to a value of type `{Value}`",
    label = "this value is a `{Value}`, the entry a `{Self}`",
    note = "a value must have its entry's type: convert it where it is written, or declare the entry with the value's type"
)]
pub trait SetTo<Value> {
    /// The value.
    fn value(value: Value) -> Self;
}

impl<T> SetTo<T> for T {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn value(value: T) -> T {
        value
    }
}

#[cfg(test)]
mod tests {
    use super::Unset;

    #[test]
    fn popping_a_tracked_queue_is_an_update() {
        use crate::{Deque, LoopQueue};
        let mut queue = super::Tracked::new(Deque::<u8, 2>::from_array([7]));
        assert_eq!(queue.pop_front(), Some(7));
        assert_eq!(queue.version(), 1);
        assert_eq!(queue.pop_front(), None);
        assert_eq!(queue.version(), 1);
    }

    #[test]
    fn copy_into_clones() {
        use super::CopyInto;
        let mut entry = 1;
        7.copy_into(&mut entry);
        assert_eq!(entry, 7);
    }

    #[test]
    fn unset_clears_an_option() {
        let mut entry = Some(3);
        entry.unset();
        assert_eq!(entry, None);
        let mut tracked = super::Tracked::new(Some(1));
        tracked.unset();
        assert_eq!((tracked.version(), *tracked), (1, None));
    }

    #[test]
    fn tracked_counts_writes_not_reads() {
        use super::{CopyInto, Tracked};
        let mut entry = Tracked::new(5);
        assert_eq!((*entry, entry.version()), (5, 0));
        let _ = *entry + 1;
        assert_eq!(entry.version(), 0);
        *entry += 1;
        entry.set(6);
        assert_eq!(
            (*entry, entry.version()),
            (6, 2),
            "the same value written again is an update"
        );
        9.copy_into(&mut entry);
        let mut plain = 0;
        entry.copy_into(&mut plain);
        assert_eq!((plain, entry.version()), (9, 3));
    }
}
