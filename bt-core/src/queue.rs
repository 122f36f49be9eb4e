//! Queues for the `Loop` decorator (BehaviorTree.CPP `LoopInt`, `LoopDouble`, ...): a blackboard
//! entry holding the items the loop consumes, one per iteration.
//!
//! * [`Deque`] is a fixed-capacity ring buffer that never allocates (for `no_std` trees);
//! * with the `std` feature, `std::collections::VecDeque` works as well;
//! * any other queue can take part by implementing [`LoopQueue`].
//!
//! ```
//! use bt_core::queue::{Deque, LoopQueue};
//!
//! let mut waypoints: Deque<(i32, i32), 4> = Deque::from_array([(0, 0), (5, 0)]);
//! assert_eq!(waypoints.push_back((5, 5)), Ok(()));
//! assert_eq!(LoopQueue::pop_front(&mut waypoints), Some((0, 0)));
//! assert_eq!(waypoints.len(), 2);
//! ```

use core::fmt;

/// A queue the `Loop` decorator pops its items from: the type of its `queue` blackboard entry.
///
/// Popping consumes the entry's queue in place, as in BehaviorTree.CPP (where a shared deque on
/// the blackboard is consumed by the loop).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a queue that `Loop` can pop items from",
    label = "`Loop` pops its items from this entry",
    note = "declare the entry as a `bt::Deque<T, N>` (fixed capacity, no allocation) or a `std::collections::VecDeque<T>`, or implement `bt::LoopQueue` for your collection"
)]
pub trait LoopQueue {
    /// What the queue holds: the type of the loop's `value` output.
    type Item;

    /// Removes and returns the first item, or `None` when the queue is empty. Must not allocate.
    fn pop_front(&mut self) -> Option<Self::Item>;
}

impl<Q: LoopQueue + ?Sized> LoopQueue for &mut Q {
    type Item = Q::Item;

    #[inline]
    fn pop_front(&mut self) -> Option<Q::Item> {
        (**self).pop_front()
    }
}

#[cfg(feature = "std")]
impl<T> LoopQueue for std::collections::VecDeque<T> {
    type Item = T;

    #[inline]
    fn pop_front(&mut self) -> Option<T> {
        std::collections::VecDeque::pop_front(self)
    }
}

/// A first-in first-out queue of at most `N` items, stored inline (a ring buffer): no heap, no
/// `unsafe`. A `Deque<T, N>` is `N` optional items plus two `usize`s.
///
/// Two deques are equal when they hold equal items in the same order (whatever their positions
/// in the ring).
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(bound(
        serialize = "T: serde::Serialize",
        deserialize = "T: serde::Deserialize<'de>"
    ))
)]
pub struct Deque<T, const N: usize> {
    #[cfg_attr(feature = "serde", serde(with = "crate::snapshot::array"))]
    slots: [Option<T>; N],
    /// The slot of the first item.
    head: usize,
    len: usize,
}

impl<T, const N: usize> Deque<T, N> {
    /// An empty deque.
    pub const fn new() -> Self {
        Deque {
            slots: [const { None }; N],
            head: 0,
            len: 0,
        }
    }

    /// A deque holding `items`, first to last. `M` must not exceed `N` (a compile-time check).
    ///
    /// ```
    /// use bt_core::queue::Deque;
    /// let queue: Deque<u8, 8> = Deque::from_array([1, 2, 3]);
    /// assert!(queue.iter().eq(&[1, 2, 3]));
    /// ```
    pub fn from_array<const M: usize>(items: [T; M]) -> Self {
        const { assert!(M <= N, "Deque::from_array: more items than the capacity") };
        let mut deque = Self::new();
        for (slot, item) in deque.slots.iter_mut().zip(items) {
            *slot = Some(item);
        }
        deque.len = M;
        deque
    }

    /// The capacity, `N`.
    #[inline]
    pub const fn capacity(&self) -> usize {
        N
    }

    /// The number of items.
    #[inline]
    pub const fn len(&self) -> usize {
        self.len
    }

    /// True when the deque holds no item.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// True when the deque holds `N` items.
    #[inline]
    pub const fn is_full(&self) -> bool {
        self.len == N
    }

    /// Appends `item` at the back; when the deque is full, gives it back as `Err(item)`.
    #[inline]
    pub fn push_back(&mut self, item: T) -> Result<(), T> {
        if self.len == N {
            return Err(item);
        }
        let slot = (self.head + self.len) % N;
        self.slots[slot] = Some(item);
        self.len += 1;
        Ok(())
    }

    /// Removes and returns the first item, or `None` when the deque is empty.
    #[inline]
    pub fn pop_front(&mut self) -> Option<T> {
        if self.len == 0 {
            return None;
        }
        let item = self.slots[self.head].take();
        self.head = (self.head + 1) % N;
        self.len -= 1;
        item
    }

    /// The first item.
    #[inline]
    pub fn front(&self) -> Option<&T> {
        if self.len == 0 {
            None
        } else {
            self.slots[self.head].as_ref()
        }
    }

    /// Removes every item.
    pub fn clear(&mut self) {
        while self.pop_front().is_some() {}
        self.head = 0;
    }

    /// The items, first to last.
    pub fn iter(&self) -> Iter<'_, T> {
        // The items occupy `head..head + len`, wrapping around at `N`.
        let end = self.head + self.len;
        let (first, wrapped) = if end <= N {
            (&self.slots[self.head..end], &self.slots[..0])
        } else {
            (&self.slots[self.head..], &self.slots[..end - N])
        };
        Iter {
            first: first.iter(),
            wrapped: wrapped.iter(),
        }
    }
}

impl<T, const N: usize> LoopQueue for Deque<T, N> {
    type Item = T;

    #[inline]
    fn pop_front(&mut self) -> Option<T> {
        Deque::pop_front(self)
    }
}

impl<T, const N: usize> Default for Deque<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Clone, const N: usize> Clone for Deque<T, N> {
    fn clone(&self) -> Self {
        Deque {
            slots: self.slots.clone(),
            head: self.head,
            len: self.len,
        }
    }
}

impl<T: Copy, const N: usize> Copy for Deque<T, N> {}

impl<T: fmt::Debug, const N: usize> fmt::Debug for Deque<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: PartialEq, const N: usize> PartialEq for Deque<T, N> {
    fn eq(&self, other: &Self) -> bool {
        self.len == other.len && self.iter().eq(other.iter())
    }
}

impl<T: Eq, const N: usize> Eq for Deque<T, N> {}

impl<T, const N: usize> From<[T; N]> for Deque<T, N> {
    fn from(items: [T; N]) -> Self {
        Self::from_array(items)
    }
}

impl<'a, T, const N: usize> IntoIterator for &'a Deque<T, N> {
    type Item = &'a T;
    type IntoIter = Iter<'a, T>;

    fn into_iter(self) -> Iter<'a, T> {
        self.iter()
    }
}

/// The items of a [`Deque`], first to last ([`Deque::iter`]).
#[derive(Clone, Debug)]
pub struct Iter<'a, T> {
    first: core::slice::Iter<'a, Option<T>>,
    wrapped: core::slice::Iter<'a, Option<T>>,
}

impl<'a, T> Iterator for Iter<'a, T> {
    type Item = &'a T;

    fn next(&mut self) -> Option<&'a T> {
        match self.first.next() {
            Some(slot) => slot.as_ref(),
            None => self.wrapped.next().and_then(Option::as_ref),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.first.len() + self.wrapped.len();
        (len, Some(len))
    }
}

impl<T> DoubleEndedIterator for Iter<'_, T> {
    fn next_back(&mut self) -> Option<Self::Item> {
        match self.wrapped.next_back() {
            Some(slot) => slot.as_ref(),
            None => self.first.next_back().and_then(Option::as_ref),
        }
    }
}

impl<T> ExactSizeIterator for Iter<'_, T> {}

impl<T> core::iter::FusedIterator for Iter<'_, T> {}

#[cfg(test)]
mod tests {
    use super::*;
    use std::format;
    use std::vec::Vec;

    #[test]
    fn fifo_with_wrap_around() {
        let mut q: Deque<u32, 3> = Deque::new();
        assert!(q.is_empty() && !q.is_full());
        assert_eq!(q.capacity(), 3);
        assert_eq!(q.pop_front(), None);
        assert_eq!(q.front(), None);
        for round in 0..5 {
            let base = round * 10;
            assert_eq!(q.push_back(base), Ok(()));
            assert_eq!(q.push_back(base + 1), Ok(()));
            assert_eq!(q.push_back(base + 2), Ok(()));
            assert!(q.is_full() && !q.is_empty());
            assert_eq!(q.push_back(99), Err(99), "full: the item comes back");
            assert_eq!(q.front(), Some(&base));
            assert_eq!(q.pop_front(), Some(base));
            assert_eq!(q.push_back(base + 3), Ok(()));
            let items: Vec<u32> = q.iter().copied().collect();
            assert_eq!(items, [base + 1, base + 2, base + 3]);
            let back: Vec<u32> = q.iter().rev().copied().collect();
            assert_eq!(back, [base + 3, base + 2, base + 1]);
            assert_eq!(q.iter().len(), 3);
            assert_eq!(q.pop_front(), Some(base + 1));
            assert_eq!(q.pop_front(), Some(base + 2));
            assert!(!q.is_empty() && !q.is_full());
            assert_eq!(q.pop_front(), Some(base + 3));
            assert!(q.is_empty());
            assert_eq!(q.pop_front(), None);
        }
    }

    #[test]
    fn constructors_and_traits() {
        let q: Deque<&str, 4> = Deque::from_array(["a", "b"]);
        assert_eq!(q.len(), 2);
        assert_eq!(format!("{q:?}"), r#"["a", "b"]"#);
        let full: Deque<u8, 2> = [7, 8].into();
        assert!(full.is_full());
        assert_eq!(Deque::<u8, 2>::default(), Deque::new());
        let strings: Deque<String, 2> = Deque::from_array(["x".into()]);
        assert_eq!(strings.clone(), strings);
        let mut moved = q;
        moved.pop_front();
        assert_eq!(q.len(), 2, "a deque of Copy items is Copy");
        let items: Vec<&&str> = (&q).into_iter().collect();
        assert_eq!(items, [&"a", &"b"]);
        let empty: Deque<u8, 0> = Deque::from_array([]);
        assert!(empty.is_empty() && empty.is_full());
    }

    #[test]
    fn equality_ignores_the_position_in_the_ring() {
        let mut a: Deque<i32, 3> = Deque::from_array([0, 1, 2]);
        a.pop_front();
        a.pop_front();
        a.push_back(3).unwrap();
        let b: Deque<i32, 3> = Deque::from_array([2, 3]);
        assert_eq!(a, b);
        a.push_back(4).unwrap();
        assert_ne!(a, b);
        // The same length, another item.
        assert_ne!(a, Deque::from_array([2, 3, 5]));
        assert_eq!(a, Deque::from_array([2, 3, 4]));
        a.clear();
        assert_eq!(a, Deque::new());
        assert!(a.iter().next().is_none());
    }

    #[test]
    fn zero_capacity_refuses_every_item() {
        let mut q: Deque<String, 0> = Deque::new();
        assert_eq!(q.push_back("x".into()), Err("x".into()));
        assert_eq!(q.pop_front(), None);
        assert_eq!(q.iter().count(), 0);
    }

    #[test]
    fn non_copy_items_move_in_and_out() {
        let mut q: Deque<String, 2> = Deque::new();
        q.push_back("one".into()).unwrap();
        q.push_back("two".into()).unwrap();
        assert_eq!(q.pop_front().as_deref(), Some("one"));
        q.push_back("three".into()).unwrap();
        assert_eq!(format!("{q:?}"), r#"["two", "three"]"#);
    }

    #[test]
    fn loop_queue_for_every_queue() {
        fn drain<Q: LoopQueue>(mut queue: Q) -> Vec<Q::Item> {
            let mut out = Vec::new();
            while let Some(item) = queue.pop_front() {
                out.push(item);
            }
            out
        }
        let mut q: Deque<u8, 4> = Deque::from_array([1, 2, 3]);
        assert_eq!(drain(&mut q), [1, 2, 3]);
        assert!(q.is_empty(), "consumed in place");
        #[cfg(feature = "std")]
        {
            let mut v: std::collections::VecDeque<u8> = [4, 5].into();
            assert_eq!(drain(&mut v), [4, 5]);
            assert!(v.is_empty());
        }
    }
}
