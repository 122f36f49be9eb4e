use crate::{SmallIndex, Status, Tracked};

/// When [`Iterate`] stops before the end of the list (NodeCanvas's "Termination Policy").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Termination {
    /// Run the child for every element (NodeCanvas `None`, the default).
    #[default]
    Never,
    /// Stop at the first element for which the child succeeds, with `Success`.
    FirstSuccess,
    /// Stop at the first element for which the child fails, with `Failure`.
    FirstFailure,
}

/// **Iterate** (NodeCanvas `Iterate`, class `Iterator`: a target list, the variables receiving the
/// current element and index, a termination policy, `maxIteration`, `resetIndex`): runs its child
/// once for each element of a list from the blackboard, one element per tick.
///
/// Simple decorator shape (it never halts its child on its own):
///
/// ```text
/// if let Some(status) = state.start(len, |i| { bb.item = bb.list[i].clone(); bb.index = i }) {
///     return status                     // empty list
/// }
/// let child_status = tick(child);
/// state.on_child(child_status, len, until, max_iterations, reset_index)
/// ```
///
/// Per-tick inputs: `len`, the list's length now (read again for `on_child`, in case the child
/// changed the list), and `write`, a closure the rule calls with the current index, which copies
/// that element (and the index, if the tree asks for it) into the outputs; nothing is allocated.
/// Parameters: `until` ([`Termination`]); `max_iterations`, `None` for the whole list (NodeCanvas
/// `-1`) or `Some(m)`: stop after the element at index `m - 1`; `reset_index` (NodeCanvas's
/// default `true`).
///
/// | state | child answers for element `i` | Iterate |
/// |---|---|---|
/// | the list is empty | not ticked (halted if it was running: the list was emptied meanwhile) | `Failure` |
/// | | `Running` | `Running`; the next tick resumes the child on the same element (written again) |
/// | | `Success` with `FirstSuccess`, `Failure` with `FirstFailure` | that status; the iteration ends |
/// | `i` is the last element (`i + 1 == len`, or `i + 1 == m`) | `Success` / `Failure` / `Skipped` | that status; the iteration ends |
/// | otherwise | `Success` / `Failure` / `Skipped` | `Running`; the next tick writes element `i + 1` and ticks the child afresh |
///
/// Where an iteration ends: with `reset_index`, the index goes back to 0, so each activation walks
/// the list from the start. Without it, the index stays on the element the iteration ended at
/// (the one that met the termination policy, or the last one), and the next activation starts
/// *at* that element (NodeCanvas's code; its documentation says "after").
///
/// If the stored index is past the end (the list shrank), the iteration goes on from element 0.
///
/// **Halting** halts the child (generated code) and, with `reset_index`, sets the index back to 0
/// ([`halt`](Iterate::halt)); without it, the next activation resumes at the element whose run
/// was halted. **Memory**: the index. With `reset_index` it is only held while running; without
/// it, it lasts for the tree's life (a tree halt keeps it, as NodeCanvas's reset does);
/// [`reset`](Iterate::reset) clears it.
///
/// The index is kept in `I`: the macro may choose a small type only if it knows a bound on the
/// index (it stays below `m`, and below the list's length); otherwise `usize`.
///
/// Differences from NodeCanvas: it processes elements within one tick until one answers `Running`
/// or the iteration ends; here one element completes per tick (the tick is bounded, decision 1),
/// so a list of `n` elements whose child completes at once takes `n` ticks. When the stored index
/// is past the end NodeCanvas answers `Running` without ticking anything, for as long as the list
/// stays short (forever, without `resetIndex`); we restart at 0. `max_iterations = Some(0)` should
/// be rejected by the macro (NodeCanvas's `index == max - 1` test then never fires and it walks the
/// whole list; given `Some(0)`, the rule stops after the first element).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Iterate<I = usize> {
    index: I,
}

impl<I: SmallIndex> Iterate<I> {
    /// An Iterate at the first element.
    pub const fn new() -> Self {
        Iterate { index: I::ZERO }
    }

    /// Before ticking the child: `Some(Failure)` for an empty list; otherwise calls `write` with
    /// the current index and answers `None`: tick the child.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(&mut self, len: usize, write: impl FnOnce(usize)) -> Option<Status> {
        if self.index.get() >= len {
            self.index = I::ZERO;
        }
        if len == 0 {
            return Some(Status::Failure);
        }
        write(self.index.get());
        None
    }

    /// The child answered `child` for the current element; `len` is the list's length now.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn on_child(
        &mut self,
        child: Status,
        len: usize,
        until: Termination,
        max_iterations: Option<usize>,
        reset_index: bool,
    ) -> Status {
        let terminate = matches!(
            (child, until),
            (Status::Success, Termination::FirstSuccess)
                | (Status::Failure, Termination::FirstFailure)
        );
        if child == Status::Running {
            return Status::Running;
        }
        let next = self.index.get() + 1;
        let last = next >= len || max_iterations.is_some_and(|max| next >= max);
        if terminate || last {
            if reset_index {
                self.index = I::ZERO;
            }
            child
        } else {
            self.index = I::set(next);
            Status::Running
        }
    }

    /// Halted while running: with `reset_index`, the next activation starts at element 0.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt(&mut self, reset_index: bool) {
        if reset_index {
            self.index = I::ZERO;
        }
    }

    /// The index of the element the next tick writes (before the list's length is checked).
    pub fn index(&self) -> usize {
        self.index.get()
    }

    /// Back to element 0 (a tree halt does not call it: without `reset_index` the index lasts for
    /// the tree's life).
    pub fn reset(&mut self) {
        self.index = I::ZERO;
    }
}

/// The list entry of `Iterate(list, ..)`: a `Vec<T>`, an array `[T; N]` or a `&[T]`.
#[diagnostic::on_unimplemented(
    message = "`Iterate` walks a list entry, but this entry is a `{Self}`",
    label = "not a list",
    note = "declare the entry as a `Vec<T>`, an array `[T; N]` or a `&'static [T]`"
)]
pub trait IterList {
    /// The elements' type.
    type Item;
    /// The elements.
    fn items(&self) -> &[Self::Item];
}

impl<T, const N: usize> IterList for [T; N] {
    type Item = T;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn items(&self) -> &[T] {
        self
    }
}

impl<T> IterList for &[T] {
    type Item = T;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn items(&self) -> &[T] {
        self
    }
}

#[cfg(any(test, feature = "std"))]
impl<T> IterList for std::vec::Vec<T> {
    type Item = T;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn items(&self) -> &[T] {
        self
    }
}

impl<L: IterList> IterList for Tracked<L> {
    type Item = L::Item;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn items(&self) -> &[L::Item] {
        self.get().items()
    }
}

/// The `element = {entry}` of `Iterate`: an entry of the list's element type (tracked or not).
#[diagnostic::on_unimplemented(
    message = "`Iterate` cannot write an element of type `{T}` into an entry of type `{Self}`",
    label = "this entry is a `{Self}`",
    note = "declare the element entry with the list's element type"
)]
pub trait IterElement<T> {
    /// Writes `item`.
    fn write(&mut self, item: T);
}

impl<T> IterElement<T> for T {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write(&mut self, item: T) {
        *self = item;
    }
}

impl<T> IterElement<T> for Tracked<T> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write(&mut self, item: T) {
        self.set(item);
    }
}

/// The `index = {entry}` of `Iterate`: a `usize` entry (tracked or not).
#[diagnostic::on_unimplemented(
    message = "`Iterate` writes the element's index as a `usize`, but this entry is a `{Self}`",
    label = "not a `usize`",
    note = "declare the index entry as `name: usize`"
)]
pub trait IterIndex {
    /// Writes the index.
    fn write_index(&mut self, index: usize);
}

impl IterIndex for usize {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write_index(&mut self, index: usize) {
        *self = index;
    }
}

impl IterIndex for Tracked<usize> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn write_index(&mut self, index: usize) {
        self.set(index);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec::Vec;
    use Status::*;

    /// A list, the outputs the tree writes, and the node's parameters.
    struct Bench {
        list: Vec<char>,
        item: Option<char>,
        at: Option<usize>,
        node: Iterate<usize>,
        until: Termination,
        max: Option<usize>,
        reset: bool,
    }

    impl Bench {
        fn new(list: &str) -> Self {
            Bench {
                list: list.chars().collect(),
                item: None,
                at: None,
                node: Iterate::new(),
                until: Termination::Never,
                max: None,
                reset: true,
            }
        }

        /// One tick; `child` answers for the element written. Returns the answer and the element
        /// the child saw (`None`: not ticked).
        fn tick(&mut self, child: Status) -> (Status, Option<char>) {
            self.item = None;
            let (list, item, at) = (&self.list, &mut self.item, &mut self.at);
            let written = self.node.start(list.len(), |i| {
                *item = Some(list[i]);
                *at = Some(i);
            });
            if let Some(status) = written {
                return (status, None);
            }
            let status =
                self.node
                    .on_child(child, self.list.len(), self.until, self.max, self.reset);
            (status, self.item)
        }
    }

    #[test]
    fn one_element_per_tick_and_the_last_status() {
        let mut b = Bench::new("abc");
        assert_eq!(b.tick(Success), (Running, Some('a')));
        assert_eq!(b.tick(Running), (Running, Some('b')));
        assert_eq!(
            b.tick(Running),
            (Running, Some('b')),
            "resumes the same element"
        );
        assert_eq!(b.at, Some(1));
        assert_eq!(b.node.index(), 1, "the element the next tick writes");
        assert_eq!(b.tick(Failure), (Running, Some('b')));
        assert_eq!(b.node.index(), 2);
        assert_eq!(b.tick(Skipped), (Skipped, Some('c')), "the last answer");
        assert_eq!(b.node.index(), 0);
        assert_eq!(b.tick(Failure), (Running, Some('a')), "a new activation");
    }

    #[test]
    fn empty_list_fails() {
        let mut b = Bench::new("");
        assert_eq!(b.tick(Success), (Failure, None));
        assert_eq!(b.item, None);
    }

    #[test]
    fn termination_policies() {
        let mut b = Bench::new("abcd");
        b.until = Termination::FirstSuccess;
        assert_eq!(b.tick(Failure), (Running, Some('a')));
        assert_eq!(b.tick(Success), (Success, Some('b')));
        assert_eq!(b.tick(Failure), (Running, Some('a')), "reset_index");

        let mut b = Bench::new("abcd");
        b.until = Termination::FirstFailure;
        assert_eq!(b.tick(Success), (Running, Some('a')));
        assert_eq!(b.tick(Skipped), (Running, Some('b')));
        assert_eq!(b.tick(Failure), (Failure, Some('c')));

        let mut b = Bench::new("ab");
        b.until = Termination::FirstSuccess;
        assert_eq!(b.tick(Failure), (Running, Some('a')));
        assert_eq!(
            b.tick(Failure),
            (Failure, Some('b')),
            "never met: the last status"
        );
    }

    #[test]
    fn max_iterations() {
        let mut b = Bench::new("abcd");
        b.max = Some(2);
        assert_eq!(b.tick(Success), (Running, Some('a')));
        assert_eq!(b.tick(Failure), (Failure, Some('b')));
        b.max = Some(1);
        assert_eq!(b.tick(Success), (Success, Some('a')));
        b.max = Some(9);
        for item in "abc".chars() {
            assert_eq!(b.tick(Success), (Running, Some(item)));
        }
        assert_eq!(b.tick(Success), (Success, Some('d')));
    }

    #[test]
    fn without_reset_index_the_index_stays_where_it_ended() {
        let mut b = Bench::new("abc");
        b.reset = false;
        b.until = Termination::FirstSuccess;
        assert_eq!(b.tick(Failure), (Running, Some('a')));
        assert_eq!(b.tick(Success), (Success, Some('b')));
        assert_eq!(
            b.tick(Failure),
            (Running, Some('b')),
            "starts at the element it ended at"
        );
        assert_eq!(b.tick(Failure), (Failure, Some('c')));
        assert_eq!(
            b.tick(Failure),
            (Failure, Some('c')),
            "at the end: the last element only"
        );
        b.node.reset();
        assert_eq!(b.tick(Failure), (Running, Some('a')));
    }

    #[test]
    fn halt() {
        let mut b = Bench::new("abc");
        assert_eq!(b.tick(Success), (Running, Some('a')));
        assert_eq!(b.tick(Running), (Running, Some('b')));
        b.node.halt(true);
        assert_eq!(b.tick(Success), (Running, Some('a')));

        let mut b = Bench::new("abc");
        b.reset = false;
        assert_eq!(b.tick(Success), (Running, Some('a')));
        assert_eq!(b.tick(Running), (Running, Some('b')));
        b.node.halt(false);
        assert_eq!(
            b.tick(Success),
            (Running, Some('b')),
            "resumes the halted element"
        );
    }

    #[test]
    fn a_shrunk_list_restarts_at_the_first_element() {
        let mut b = Bench::new("abc");
        assert_eq!(b.tick(Success), (Running, Some('a')));
        assert_eq!(b.tick(Success), (Running, Some('b')));
        b.list.truncate(2);
        assert_eq!(b.tick(Success), (Running, Some('a')));
        assert_eq!(b.tick(Success), (Success, Some('b')));
        b.list.clear();
        assert_eq!(b.tick(Success), (Failure, None));
        assert_eq!(b.node.index(), 0);
    }

    #[test]
    fn a_single_element() {
        let mut b = Bench::new("z");
        assert_eq!(b.tick(Running), (Running, Some('z')));
        assert_eq!(b.tick(Failure), (Failure, Some('z')));
        assert_eq!(b.at, Some(0));
    }
}
