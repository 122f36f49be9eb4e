//! A straightforward `Box<dyn Node>` behavior tree: what a typical run-time library does (one heap
//! object per node, a virtual call per tick of a node, children in a `Vec`). Same rules as `bt`
//! for the nodes the benchmarks use, including halting.

use bt::{Condition, StatefulAction, Status, SyncAction};

/// A node of the run-time tree. `Send` so that the many-agents benchmark can use rayon.
pub trait Node<W>: Send {
    fn tick(&mut self, w: &mut W) -> Status;
    /// Halts the node if it is running (and its running descendants).
    fn halt(&mut self, w: &mut W);
}

pub type BoxNode<W> = Box<dyn Node<W>>;

/// Ticks a run-time tree (never inlined, like every implementation's tick in the benchmarks).
#[inline(never)]
pub fn tick<W>(tree: &mut BoxNode<W>, w: &mut W) -> Status {
    tree.tick(w)
}

/// `Sequence`: resumes at the running child; a failure restarts from the first child.
pub struct Sequence<W> {
    children: Vec<BoxNode<W>>,
    current: usize,
}

/// `Fallback`: resumes at the running child; a success restarts from the first child.
pub struct Fallback<W> {
    children: Vec<BoxNode<W>>,
    current: usize,
}

/// `ReactiveSequence`: from the first child every tick; halts a running child that was pre-empted.
pub struct ReactiveSequence<W> {
    children: Vec<BoxNode<W>>,
    running: Option<usize>,
}

/// `ReactiveFallback`.
pub struct ReactiveFallback<W> {
    children: Vec<BoxNode<W>>,
    running: Option<usize>,
}

pub struct Inverter<W> {
    child: BoxNode<W>,
}

pub fn sequence<W: 'static>(children: Vec<BoxNode<W>>) -> BoxNode<W> {
    Box::new(Sequence {
        children,
        current: 0,
    })
}

pub fn fallback<W: 'static>(children: Vec<BoxNode<W>>) -> BoxNode<W> {
    Box::new(Fallback {
        children,
        current: 0,
    })
}

pub fn reactive_sequence<W: 'static>(children: Vec<BoxNode<W>>) -> BoxNode<W> {
    Box::new(ReactiveSequence {
        children,
        running: None,
    })
}

pub fn reactive_fallback<W: 'static>(children: Vec<BoxNode<W>>) -> BoxNode<W> {
    Box::new(ReactiveFallback {
        children,
        running: None,
    })
}

pub fn inverter<W: 'static>(child: BoxNode<W>) -> BoxNode<W> {
    Box::new(Inverter { child })
}

pub fn condition<W: 'static, C: Condition<W> + Send + 'static>(leaf: C) -> BoxNode<W> {
    Box::new(Cond(leaf))
}

pub fn action<W: 'static, A: SyncAction<W> + Send + 'static>(leaf: A) -> BoxNode<W> {
    Box::new(Act(leaf))
}

pub fn stateful<W: 'static, A: StatefulAction<W> + Send + 'static>(leaf: A) -> BoxNode<W> {
    Box::new(Stateful {
        action: leaf,
        running: false,
    })
}

/// The memory composites: walk from `current` while children answer `keep_going`.
fn walk<W>(
    children: &mut [BoxNode<W>],
    current: &mut usize,
    w: &mut W,
    keep_going: Status,
) -> Status {
    while *current < children.len() {
        match children[*current].tick(w) {
            Status::Running => return Status::Running,
            Status::Skipped => *current += 1,
            done if done == keep_going => *current += 1,
            stop => {
                *current = 0;
                return stop;
            }
        }
    }
    *current = 0;
    keep_going
}

impl<W> Node<W> for Sequence<W> {
    fn tick(&mut self, w: &mut W) -> Status {
        walk(&mut self.children, &mut self.current, w, Status::Success)
    }
    fn halt(&mut self, w: &mut W) {
        if let Some(child) = self.children.get_mut(self.current) {
            child.halt(w);
        }
        self.current = 0;
    }
}

impl<W> Node<W> for Fallback<W> {
    fn tick(&mut self, w: &mut W) -> Status {
        walk(&mut self.children, &mut self.current, w, Status::Failure)
    }
    fn halt(&mut self, w: &mut W) {
        if let Some(child) = self.children.get_mut(self.current) {
            child.halt(w);
        }
        self.current = 0;
    }
}

/// The reactive composites: walk from the first child; pre-empt the child that was running.
fn react<W>(
    children: &mut [BoxNode<W>],
    running: &mut Option<usize>,
    w: &mut W,
    keep_going: Status,
) -> Status {
    for i in 0..children.len() {
        match children[i].tick(w) {
            Status::Skipped => {}
            done if done == keep_going => {}
            status => {
                let previous = if status == Status::Running {
                    running.replace(i)
                } else {
                    running.take()
                };
                if let Some(other) = previous.filter(|&other| other != i) {
                    children[other].halt(w);
                }
                return status;
            }
        }
    }
    *running = None;
    keep_going
}

impl<W> Node<W> for ReactiveSequence<W> {
    fn tick(&mut self, w: &mut W) -> Status {
        react(&mut self.children, &mut self.running, w, Status::Success)
    }
    fn halt(&mut self, w: &mut W) {
        if let Some(i) = self.running.take() {
            self.children[i].halt(w);
        }
    }
}

impl<W> Node<W> for ReactiveFallback<W> {
    fn tick(&mut self, w: &mut W) -> Status {
        react(&mut self.children, &mut self.running, w, Status::Failure)
    }
    fn halt(&mut self, w: &mut W) {
        if let Some(i) = self.running.take() {
            self.children[i].halt(w);
        }
    }
}

impl<W> Node<W> for Inverter<W> {
    fn tick(&mut self, w: &mut W) -> Status {
        match self.child.tick(w) {
            Status::Success => Status::Failure,
            Status::Failure => Status::Success,
            other => other,
        }
    }
    fn halt(&mut self, w: &mut W) {
        self.child.halt(w);
    }
}

struct Cond<C>(C);

impl<W, C: Condition<W> + Send> Node<W> for Cond<C> {
    fn tick(&mut self, w: &mut W) -> Status {
        Status::from_bool(self.0.check(w))
    }
    fn halt(&mut self, _: &mut W) {}
}

struct Act<A>(A);

impl<W, A: SyncAction<W> + Send> Node<W> for Act<A> {
    fn tick(&mut self, w: &mut W) -> Status {
        self.0.execute(w).into()
    }
    fn halt(&mut self, _: &mut W) {}
}

struct Stateful<A> {
    action: A,
    running: bool,
}

impl<W, A: StatefulAction<W> + Send> Node<W> for Stateful<A> {
    fn tick(&mut self, w: &mut W) -> Status {
        let status = if self.running {
            self.action.on_running(w)
        } else {
            self.action.on_start(w)
        };
        self.running = status == Status::Running;
        status
    }
    fn halt(&mut self, w: &mut W) {
        if self.running {
            self.running = false;
            self.action.on_halted(w);
        }
    }
}
