//! Loop, tick by tick.
//!
//! Rules (bt-core `decorator/loops/queue.rs`; spec §3 LoopInt/…/LoopString; decision 6):
//! `Loop(queue, value = {entry}, if_empty = S) { child }` runs the child once per item of the
//! `queue` entry (a `bt::LoopQueue`: `bt::Deque<T, N>` or `VecDeque<T>`), one item per tick. When
//! the child is not running it pops the next item into `value` and ticks the child; an empty
//! queue answers `if_empty` (default `Success`) without ticking it. The child's `Success` or
//! `Skipped` is `Running` (the next item on the next tick), `Failure` stops the loop with
//! `Failure` (the other items stay queued), `Running` is `Running` (no item popped while the
//! child runs). N items take N + 1 ticks.

use crate::common;

use std::collections::VecDeque;

use bt::Status::*;
use bt::{behavior_tree, Deque, Input, Outcome, Ports, SyncAction};
use common::Call::*;
use common::{expect_halt, expect_tick, Act, Ctx, Task};

behavior_tree! {
    tree Each for Ctx {
        blackboard {
            queue: Deque<u32, 4> = Deque::from_array([1, 2, 3]),
            value: u32,
            seen: Vec<u32>,
        }
        Loop(queue, value = {value}) {
            Sequence { Script(|bb| bb.seen.push(bb.value)), StatefulAction(Task<0>) }
        }
    }
}

/// The items the child saw since the last call, and what is left in the queue.
fn seen(tree: &mut Each) -> (Vec<u32>, Vec<u32>) {
    let bb = tree.blackboard_mut();
    let left = bb.queue.iter().copied().collect();
    (std::mem::take(&mut bb.seen), left)
}

#[test]
fn one_item_per_tick_then_if_empty() {
    let (mut tree, mut ctx) = (Each::new(), Ctx::new());
    ctx.script(0, &[Success, Success, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    assert_eq!(seen(&mut tree), (vec![1], vec![2, 3]));
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    assert_eq!(seen(&mut tree), (vec![2, 3], vec![]));
    assert_eq!(tree.blackboard().value, 3);
    // 3 items, 4 ticks: the fourth finds the queue empty and answers `if_empty`.
    expect_tick(&mut tree, &mut ctx, Success, &[]);
    expect_tick(&mut tree, &mut ctx, Success, &[]);
    // Refilled from outside: it loops again.
    tree.blackboard_mut().queue.push_back(7).unwrap();
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[]);
    assert_eq!(seen(&mut tree), (vec![7], vec![]));
}

#[test]
fn no_item_is_popped_while_the_child_runs() {
    let (mut tree, mut ctx) = (Each::new(), Ctx::new());
    ctx.script(0, &[Running, Running, Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
    assert_eq!(seen(&mut tree), (vec![1], vec![2, 3]));
    // The child succeeds on item 1: Running; item 2 comes on the next tick.
    expect_tick(&mut tree, &mut ctx, Running, &[OnRunning(0)]);
    assert_eq!(seen(&mut tree), (vec![], vec![2, 3]));
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    assert_eq!(seen(&mut tree), (vec![2], vec![3]));
}

#[test]
fn child_failure_stops_the_loop_and_keeps_the_rest() {
    let (mut tree, mut ctx) = (Each::new(), Ctx::new());
    ctx.script(0, &[Success, Failure]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnStart(0)]);
    assert_eq!(seen(&mut tree), (vec![1, 2], vec![3]));
    // The next activation goes on with the items left.
    ctx.script(0, &[Running, Failure]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[OnRunning(0)]);
    assert_eq!(seen(&mut tree), (vec![3], vec![]));
    expect_tick(&mut tree, &mut ctx, Success, &[]);
}

#[test]
fn skipped_child_is_like_a_success() {
    let (mut tree, mut ctx) = (Each::new(), Ctx::new());
    ctx.script(0, &[Skipped, Success, Skipped]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_tick(&mut tree, &mut ctx, Success, &[]);
    assert_eq!(seen(&mut tree), (vec![1, 2, 3], vec![]));
}

#[test]
fn halted_while_the_child_runs_consumes_the_item() {
    let (mut tree, mut ctx) = (Each::new(), Ctx::new());
    ctx.script(0, &[Running]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    expect_halt(&mut tree, &mut ctx, &[OnHalted(0)]);
    expect_halt(&mut tree, &mut ctx, &[]);
    // The interrupted item was consumed: the next activation pops item 2.
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    assert_eq!(seen(&mut tree), (vec![1, 2], vec![3]));
    // Halted between items (Running, nothing running below): the queue is untouched.
    expect_halt(&mut tree, &mut ctx, &[]);
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[OnStart(0)]);
    assert_eq!(seen(&mut tree), (vec![3], vec![]));
}

#[test]
fn if_empty_status() {
    behavior_tree! {
        tree EmptyFails for Ctx {
            blackboard { queue: Deque<u8, 2>, item: u8 }
            Loop(queue, value = {item}, if_empty = Failure) { Action(Act<0>) }
        }
    }
    behavior_tree! {
        tree EmptySkips for Ctx {
            blackboard { queue: Deque<u8, 2> }
            Sequence {
                Loop({queue}, if_empty = Skipped) { Action(Act<0>) }
                Action(Act<1>)
            }
        }
    }
    let (mut tree, mut ctx) = (EmptyFails::new(), Ctx::new());
    expect_tick(&mut tree, &mut ctx, Failure, &[]);
    tree.blackboard_mut().queue.push_back(9).unwrap();
    ctx.script(0, &[Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[Exec(0)]);
    assert_eq!(tree.blackboard().item, 9);
    expect_tick(&mut tree, &mut ctx, Failure, &[]);

    let (mut tree, mut ctx) = (EmptySkips::new(), Ctx::new());
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Success, &[Exec(1)]);
    tree.blackboard_mut().queue.push_back(1).unwrap();
    ctx.script(0, &[Success]);
    ctx.script(1, &[Failure]);
    expect_tick(&mut tree, &mut ctx, Running, &[Exec(0)]);
    expect_tick(&mut tree, &mut ctx, Failure, &[Exec(1)]);
}

#[test]
fn loop_without_value_and_in_a_sequence() {
    behavior_tree! {
        tree Count for Ctx {
            blackboard { jobs: Deque<(), 8> = Deque::from_array([(), ()]) }
            Sequence { Loop(jobs) { Action(Act<0>) }, Action(Act<1>) }
        }
    }
    let (mut tree, mut ctx) = (Count::new(), Ctx::new());
    ctx.script(0, &[Success, Success]);
    ctx.script(1, &[Success]);
    expect_tick(&mut tree, &mut ctx, Running, &[Exec(0)]);
    expect_tick(&mut tree, &mut ctx, Running, &[Exec(0)]);
    // The loop ends with SUCCESS and the sequence goes on in the same tick.
    expect_tick(&mut tree, &mut ctx, Success, &[Exec(1)]);
}

#[test]
fn vec_deque_of_strings_into_an_option() {
    behavior_tree! {
        tree Names for Ctx {
            blackboard {
                names: VecDeque<String> = VecDeque::from(["ann".to_owned(), "bob".to_owned()]),
                current: Option<String>,
                greeted: Vec<String>,
            }
            Loop(names, value = {current}) {
                Script(|bb| bb.greeted.push(bb.current.clone().unwrap()))
            }
        }
    }
    let (mut tree, mut ctx) = (Names::new(), Ctx::new());
    assert_eq!(tree.blackboard().current, None);
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    assert_eq!(tree.blackboard().current.as_deref(), Some("ann"));
    expect_tick(&mut tree, &mut ctx, Running, &[]);
    expect_tick(&mut tree, &mut ctx, Success, &[]);
    assert_eq!(tree.blackboard().greeted, ["ann", "bob"]);
    // An empty queue leaves the value as it was.
    assert_eq!(tree.blackboard().current.as_deref(), Some("bob"));
}

#[test]
fn every_pop_is_an_update_of_a_tracked_value() {
    behavior_tree! {
        tree Fresh for Ctx {
            blackboard {
                queue: Deque<i32, 4> = Deque::from_array([5, 5, 6]),
                #[tracked] value: i32 = 5,
            }
            Loop(queue, value = {value}) {
                Sequence { WasEntryUpdated(value), Action(Act<0>) }
            }
        }
    }
    let (mut tree, mut ctx) = (Fresh::new(), Ctx::new());
    ctx.script(0, &[Success, Success, Success]);
    // The same value twice is still two writes: WasEntryUpdated succeeds each time.
    for version in 1..=3 {
        expect_tick(&mut tree, &mut ctx, Running, &[Exec(0)]);
        assert_eq!(tree.blackboard().value.version(), version);
    }
    assert_eq!(*tree.blackboard().value, 6);
    expect_tick(&mut tree, &mut ctx, Success, &[]);
}

/// Adds its input to `total`.
#[derive(Default, Ports)]
pub struct Visit {
    pub item: Input<u32>,
    pub total: bt::InOut<u32>,
}

impl SyncAction<Ctx> for Visit {
    fn execute(&mut self, _: &mut Ctx) -> Outcome {
        let total = self.total.get() + *self.item;
        self.total.set(total);
        Outcome::Success
    }
}

#[test]
fn the_value_reaches_the_child_through_a_port() {
    behavior_tree! {
        tree Sum for Ctx {
            blackboard {
                queue: Deque<u32, 4> = Deque::from_array([10, 20, 30, 40]),
                item: u32,
                total: u32,
            }
            Loop(queue, value = {item}) { Action(Visit, item = {item}, total = {total}) }
        }
    }
    let (mut tree, mut ctx) = (Sum::new(), Ctx::new());
    for _ in 0..4 {
        expect_tick(&mut tree, &mut ctx, Running, &[]);
    }
    expect_tick(&mut tree, &mut ctx, Success, &[]);
    assert_eq!(tree.blackboard().total, 100);
}
