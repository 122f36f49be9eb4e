use crate::queue::LoopQueue;
use crate::Status;

/// **Loop** (BehaviorTree.CPP `LoopInt`, `LoopBool`, `LoopDouble`, `LoopString`, i.e. `LoopNode<T>`;
/// ports `queue`, `value`, `if_empty` default `Success`): run the child once per item of a
/// blackboard queue, one item per tick, writing the item to the `value` entry before each run.
///
/// The rule is split in two calls around the child's tick, like the other decorators:
///
/// * `loop_start(child_running, next_item, if_empty)` before: `None` ticks the child,
///   `Some(status)` answers without it;
/// * [`loop_on_child`]`(child)` after: the node's answer.
///
/// Arguments of `loop_start`, per tick:
/// * `child_running`: whether the child answered `Running` on its last tick (the generated
///   tree's running flag of the child; `false` for a child that can never run). While it runs,
///   no item is popped;
/// * `next_item`: pops the next item from the `queue` entry and writes it to the `value` entry,
///   and says whether there was one. The generated code writes it as a closure over the
///   blackboard's two fields, usually through [`pop_into`]: `|| pop_into(&mut bb.queue, &mut
///   bb.value)`. It is called only when the child is not running;
/// * `if_empty`: the answer when the queue is empty (`Success`, `Failure` or `Skipped`; any status
///   works).
///
/// | child running? | queue | Loop |
/// |---|---|---|
/// | no | has an item | pops it into `value`, ticks the child (next rows) |
/// | no | empty | `if_empty`, child not ticked |
/// | yes | not looked at | ticks the child (next rows) |
/// | child answers `Success` | | `Running`: the next item on the next tick |
/// | child answers `Skipped` | | `Running`, as for `Success` (kept from BehaviorTree.CPP, `spec/decisions.md` decision 6) |
/// | child answers `Running` | | `Running` |
/// | child answers `Failure` | | `Failure`: the loop stops (remaining items stay in the queue) |
///
/// So N items take N + 1 ticks: `Running` N times, then `if_empty`. The node may answer `Running`
/// whenever its child may answer `Success`, `Skipped` or `Running`.
///
/// The rule keeps no state (the queue lives in the blackboard), so nothing survives a halt;
/// halting the node halts the child, and the next activation pops a new item. Items already
/// popped are consumed, as in BehaviorTree.CPP with a shared queue.
///
/// Differences from BehaviorTree.CPP: the queue is a typed blackboard entry implementing
/// [`LoopQueue`] (a [`Deque`](crate::queue::Deque), or a `VecDeque` with `std`); BehaviorTree.CPP
/// also accepts a literal `"1;2;3"` or a vector, copied into a private queue at each activation.
/// To loop over a constant list, initialise the entry with it and refill it where needed.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn loop_start(
    child_running: bool,
    next_item: impl FnOnce() -> bool,
    if_empty: Status,
) -> Option<Status> {
    if child_running || next_item() {
        None
    } else {
        Some(if_empty)
    }
}

/// The second half of the **Loop** rule (see [`loop_start`]): the child answered `child`.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub const fn loop_on_child(child: Status) -> Status {
    match child {
        Status::Failure => Status::Failure,
        Status::Success | Status::Skipped | Status::Running => Status::Running,
    }
}

/// Pops the next item of `queue` into `value`; false if the queue was empty (then `value` is
/// left as it was). `value` may be the item's type or any type built from it (`Option<T>` for an
/// entry that starts empty).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn pop_into<Q: LoopQueue + ?Sized, V: From<Q::Item>>(queue: &mut Q, value: &mut V) -> bool {
    match queue.pop_front() {
        Some(item) => {
            *value = V::from(item);
            true
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::queue::Deque;
    use std::vec::Vec;
    use Status::*;

    /// A model of the generated Loop: a blackboard with a queue and a value, the child's running
    /// flag. `child(value)` is what the child answers for the current value.
    struct World {
        queue: Deque<i32, 8>,
        value: Option<i32>,
        child_running: bool,
        seen: Vec<i32>,
    }

    impl World {
        fn new(items: &[i32]) -> Self {
            let mut queue = Deque::new();
            for item in items {
                queue.push_back(*item).unwrap();
            }
            World {
                queue,
                value: None,
                child_running: false,
                seen: Vec::new(),
            }
        }

        fn tick(&mut self, if_empty: Status, child: impl FnOnce(i32) -> Status) -> Status {
            let (queue, value) = (&mut self.queue, &mut self.value);
            match loop_start(self.child_running, || pop_into(queue, value), if_empty) {
                Some(status) => status,
                None => {
                    let value = self.value.expect("a value was written");
                    self.seen.push(value);
                    let answer = child(value);
                    self.child_running = answer == Running;
                    loop_on_child(answer)
                }
            }
        }
    }

    #[test]
    fn n_items_take_n_plus_one_ticks() {
        let mut w = World::new(&[1, 2, 3]);
        assert_eq!(w.tick(Success, |_| Success), Running);
        assert_eq!(w.tick(Success, |_| Success), Running);
        assert_eq!(w.tick(Success, |_| Success), Running);
        assert_eq!(w.tick(Success, |_| Success), Success);
        assert_eq!(w.seen, [1, 2, 3]);
        assert!(w.queue.is_empty(), "the queue is consumed in place");
        assert_eq!(w.value, Some(3));
        // Still empty: `if_empty` again, the child is not ticked.
        assert_eq!(w.tick(Failure, |_| Success), Failure);
        assert_eq!(w.tick(Skipped, |_| Success), Skipped);
        assert_eq!(w.seen.len(), 3);
    }

    #[test]
    fn a_running_child_keeps_its_item() {
        let mut w = World::new(&[10, 20]);
        assert_eq!(w.tick(Success, |_| Running), Running);
        assert_eq!(w.tick(Success, |_| Running), Running);
        assert_eq!(w.tick(Success, |_| Success), Running);
        assert_eq!(w.tick(Success, |_| Success), Running);
        assert_eq!(w.tick(Success, |_| Success), Success);
        assert_eq!(w.seen, [10, 10, 10, 20]);
    }

    #[test]
    fn failure_stops_and_skipped_goes_on() {
        let mut w = World::new(&[1, 2, 3, 4]);
        assert_eq!(w.tick(Success, |_| Skipped), Running);
        assert_eq!(w.tick(Success, |_| Failure), Failure);
        assert_eq!(w.queue.len(), 2, "the remaining items stay");
        // The next activation goes on with the next item.
        assert_eq!(w.tick(Success, |_| Success), Running);
        assert_eq!(w.seen, [1, 2, 3]);
    }

    #[test]
    fn halt_drops_the_item_in_progress() {
        let mut w = World::new(&[1, 2]);
        assert_eq!(w.tick(Success, |_| Running), Running);
        w.child_running = false; // the node (and so its child) is halted
        assert_eq!(w.tick(Success, |_| Success), Running);
        assert_eq!(w.tick(Success, |_| Success), Success);
        assert_eq!(w.seen, [1, 2]);
    }

    #[test]
    fn the_child_status_table() {
        for (child, node) in [
            (Success, Running),
            (Skipped, Running),
            (Running, Running),
            (Failure, Failure),
        ] {
            assert_eq!(loop_on_child(child), node, "child {child:?}");
        }
        let mut plain = 0;
        let mut queue: Deque<u8, 2> = Deque::from_array([5]);
        assert!(pop_into(&mut queue, &mut plain));
        assert_eq!(plain, 5);
        assert!(!pop_into(&mut queue, &mut plain));
        assert_eq!(plain, 5, "left as it was");
    }
}
