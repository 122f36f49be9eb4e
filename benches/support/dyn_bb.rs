//! A `Box<dyn Node>` behavior tree with a **dynamic blackboard**, for the port-heavy workload (d):
//! what a typical run-time library does with ports (BehaviorTree.CPP's `getInput` / `setOutput`).
//!
//! * The blackboard maps entry names (`String`) to type-erased values (`Box<dyn Any + Send>`), each
//!   with an update counter bumped by every write (BehaviorTree.CPP's sequence id, which
//!   `SkipUnlessUpdated` reads).
//! * Each leaf has a port map (port name → entry name, or a constant for an input bound to a
//!   value), built when the tree is built. Every port access looks the port up in that map, then
//!   the entry in the blackboard (two `HashMap` look-ups with the standard hasher), and downcasts
//!   the value; an input is cloned out, an output is written into the entry's existing box (no
//!   allocation).
//! * Nodes are the straightforward ones of `dyn_tree.rs` (one heap object and one virtual call per
//!   node, children in a `Vec`), with the blackboard passed down with the world. Only the nodes the
//!   port-heavy tree uses are here.

use std::any::Any;
use std::collections::HashMap;

use bt::{Outcome, Status};

/// One entry: a type-erased value and the number of writes it has had.
struct Entry {
    value: Box<dyn Any + Send>,
    version: u64,
}

/// The blackboard: entries by name.
#[derive(Default)]
pub struct Blackboard {
    entries: HashMap<String, Entry>,
}

impl Blackboard {
    /// Declares entry `key` with its initial value (version 0).
    pub fn declare<T: Any + Send>(&mut self, key: &str, value: T) {
        self.entries.insert(
            key.to_owned(),
            Entry {
                value: Box::new(value),
                version: 0,
            },
        );
    }

    /// A copy of entry `key`'s value.
    pub fn get<T: Any + Clone>(&self, key: &str) -> T {
        let entry = self.entries.get(key).expect("declared entry");
        entry
            .value
            .downcast_ref::<T>()
            .expect("entry of the port's type")
            .clone()
    }

    /// Writes entry `key`: one update.
    pub fn set<T: Any + Send>(&mut self, key: &str, value: T) {
        let entry = self.entries.get_mut(key).expect("declared entry");
        *entry
            .value
            .downcast_mut::<T>()
            .expect("entry of the port's type") = value;
        entry.version += 1;
    }

    /// How many writes entry `key` has had.
    pub fn version(&self, key: &str) -> u64 {
        self.entries.get(key).expect("declared entry").version
    }
}

/// What a port is bound to: a blackboard entry, or a constant (inputs only).
pub enum Remap {
    Entry(String),
    Value(Box<dyn Any + Send>),
}

/// `port = {key}`.
pub fn entry(key: &str) -> Remap {
    Remap::Entry(key.to_owned())
}

/// `port = value`.
pub fn value<T: Any + Send>(value: T) -> Remap {
    Remap::Value(Box::new(value))
}

/// A leaf's ports: port name → what it is bound to.
pub struct PortMap {
    ports: HashMap<&'static str, Remap>,
}

impl PortMap {
    pub fn new<const N: usize>(ports: [(&'static str, Remap); N]) -> Self {
        PortMap {
            ports: ports.into_iter().collect(),
        }
    }
}

/// What a leaf sees of the blackboard during its call: its ports.
pub struct Ports<'a> {
    map: &'a PortMap,
    bb: &'a mut Blackboard,
}

impl Ports<'_> {
    /// The value of input port `port` (cloned out of the entry or constant).
    pub fn get<T: Any + Clone>(&self, port: &str) -> T {
        match self.map.ports.get(port).expect("bound port") {
            Remap::Entry(key) => self.bb.get(key),
            Remap::Value(value) => value
                .downcast_ref::<T>()
                .expect("constant of the port's type")
                .clone(),
        }
    }

    /// Writes output port `port`.
    pub fn set<T: Any + Send>(&mut self, port: &str, value: T) {
        match self.map.ports.get(port).expect("bound port") {
            Remap::Entry(key) => self.bb.set(key, value),
            Remap::Value(_) => panic!("output port `{port}` bound to a constant"),
        }
    }
}

/// A node of the run-time tree.
pub trait Node<W>: Send {
    fn tick(&mut self, w: &mut W, bb: &mut Blackboard) -> Status;
    /// Halts the node if it is running (and its running descendants).
    fn halt(&mut self, w: &mut W, bb: &mut Blackboard);
}

pub type BoxNode<W> = Box<dyn Node<W>>;

/// A tree and its blackboard.
pub struct Tree<W> {
    root: BoxNode<W>,
    pub bb: Blackboard,
}

impl<W> Tree<W> {
    pub fn new(root: BoxNode<W>, bb: Blackboard) -> Self {
        Tree { root, bb }
    }
}

/// Ticks a run-time tree (never inlined, like every implementation's tick in the benchmarks).
#[inline(never)]
pub fn tick<W>(tree: &mut Tree<W>, w: &mut W) -> Status {
    tree.root.tick(w, &mut tree.bb)
}

/// `ReactiveSequence`: from the first child every tick; a failure or an earlier running child
/// halts the child that was running.
pub struct ReactiveSequence<W> {
    children: Vec<BoxNode<W>>,
    running: Option<usize>,
}

pub fn reactive_sequence<W: 'static>(children: Vec<BoxNode<W>>) -> BoxNode<W> {
    Box::new(ReactiveSequence {
        children,
        running: None,
    })
}

impl<W> Node<W> for ReactiveSequence<W> {
    fn tick(&mut self, w: &mut W, bb: &mut Blackboard) -> Status {
        for i in 0..self.children.len() {
            match self.children[i].tick(w, bb) {
                Status::Success | Status::Skipped => {}
                status => {
                    let previous = if status == Status::Running {
                        self.running.replace(i)
                    } else {
                        self.running.take()
                    };
                    if let Some(other) = previous.filter(|&other| other != i) {
                        self.children[other].halt(w, bb);
                    }
                    return status;
                }
            }
        }
        self.running = None;
        Status::Success
    }
    fn halt(&mut self, w: &mut W, bb: &mut Blackboard) {
        if let Some(i) = self.running.take() {
            self.children[i].halt(w, bb);
        }
    }
}

/// `SkipUnlessUpdated(entry) { child }`: ticks the child if it is running or if the entry was
/// written since the last look; otherwise Skipped.
pub struct SkipUnlessUpdated<W> {
    key: String,
    seen: u64,
    child: BoxNode<W>,
    running: bool,
}

pub fn skip_unless_updated<W: 'static>(key: &str, child: BoxNode<W>) -> BoxNode<W> {
    Box::new(SkipUnlessUpdated {
        key: key.to_owned(),
        seen: 0,
        child,
        running: false,
    })
}

impl<W> Node<W> for SkipUnlessUpdated<W> {
    fn tick(&mut self, w: &mut W, bb: &mut Blackboard) -> Status {
        if !self.running {
            let version = bb.version(&self.key);
            if version == self.seen {
                return Status::Skipped;
            }
            self.seen = version;
        }
        let status = self.child.tick(w, bb);
        self.running = status == Status::Running;
        status
    }
    fn halt(&mut self, w: &mut W, bb: &mut Blackboard) {
        if self.running {
            self.running = false;
            self.child.halt(w, bb);
        }
    }
}

/// A condition leaf with ports.
struct Cond<F> {
    ports: PortMap,
    check: F,
}

pub fn condition<W: 'static, F>(ports: PortMap, check: F) -> BoxNode<W>
where
    F: FnMut(&W, &Ports) -> bool + Send + 'static,
{
    Box::new(Cond { ports, check })
}

impl<W, F: FnMut(&W, &Ports) -> bool + Send> Node<W> for Cond<F> {
    fn tick(&mut self, w: &mut W, bb: &mut Blackboard) -> Status {
        let ports = Ports {
            map: &self.ports,
            bb,
        };
        Status::from_bool((self.check)(w, &ports))
    }
    fn halt(&mut self, _: &mut W, _: &mut Blackboard) {}
}

/// A synchronous action leaf with ports.
struct Act<F> {
    ports: PortMap,
    execute: F,
}

pub fn action<W: 'static, F>(ports: PortMap, execute: F) -> BoxNode<W>
where
    F: FnMut(&mut W, &mut Ports) -> Outcome + Send + 'static,
{
    Box::new(Act { ports, execute })
}

impl<W, F: FnMut(&mut W, &mut Ports) -> Outcome + Send> Node<W> for Act<F> {
    fn tick(&mut self, w: &mut W, bb: &mut Blackboard) -> Status {
        let mut ports = Ports {
            map: &self.ports,
            bb,
        };
        (self.execute)(w, &mut ports).into()
    }
    fn halt(&mut self, _: &mut W, _: &mut Blackboard) {}
}

/// A stateful action leaf with ports: `step(world, ports, running)` on every tick (`running`:
/// it answered Running last time), `halted` when pre-empted while running.
struct Stateful<F, H> {
    ports: PortMap,
    step: F,
    halted: H,
    running: bool,
}

pub fn stateful<W: 'static, F, H>(ports: PortMap, step: F, halted: H) -> BoxNode<W>
where
    F: FnMut(&mut W, &mut Ports, bool) -> Status + Send + 'static,
    H: FnMut(&mut W, &mut Ports) + Send + 'static,
{
    Box::new(Stateful {
        ports,
        step,
        halted,
        running: false,
    })
}

impl<W, F, H> Node<W> for Stateful<F, H>
where
    F: FnMut(&mut W, &mut Ports, bool) -> Status + Send,
    H: FnMut(&mut W, &mut Ports) + Send,
{
    fn tick(&mut self, w: &mut W, bb: &mut Blackboard) -> Status {
        let mut ports = Ports {
            map: &self.ports,
            bb,
        };
        let status = (self.step)(w, &mut ports, self.running);
        self.running = status == Status::Running;
        status
    }
    fn halt(&mut self, w: &mut W, bb: &mut Blackboard) {
        if self.running {
            self.running = false;
            let mut ports = Ports {
                map: &self.ports,
                bb,
            };
            (self.halted)(w, &mut ports);
        }
    }
}

/// A script: a closure over the blackboard (entries by name).
struct Script<F>(F);

pub fn script<W: 'static, F: FnMut(&mut Blackboard) + Send + 'static>(f: F) -> BoxNode<W> {
    Box::new(Script(f))
}

impl<W, F: FnMut(&mut Blackboard) + Send> Node<W> for Script<F> {
    fn tick(&mut self, _: &mut W, bb: &mut Blackboard) -> Status {
        (self.0)(bb);
        Status::Success
    }
    fn halt(&mut self, _: &mut W, _: &mut Blackboard) {}
}

/// `Sequence` (with memory): resumes at the running child; a failure restarts from the first.
pub struct Sequence<W> {
    children: Vec<BoxNode<W>>,
    current: usize,
}

pub fn sequence<W: 'static>(children: Vec<BoxNode<W>>) -> BoxNode<W> {
    Box::new(Sequence {
        children,
        current: 0,
    })
}

impl<W> Node<W> for Sequence<W> {
    fn tick(&mut self, w: &mut W, bb: &mut Blackboard) -> Status {
        while self.current < self.children.len() {
            match self.children[self.current].tick(w, bb) {
                Status::Success | Status::Skipped => self.current += 1,
                Status::Running => return Status::Running,
                Status::Failure => {
                    self.current = 0;
                    return Status::Failure;
                }
            }
        }
        self.current = 0;
        Status::Success
    }
    fn halt(&mut self, w: &mut W, bb: &mut Blackboard) {
        if let Some(child) = self.children.get_mut(self.current) {
            child.halt(w, bb);
        }
        self.current = 0;
    }
}

/// A script condition: a closure over the blackboard that answers Success or Failure.
struct ScriptCondition<F>(F);

pub fn script_condition<W: 'static, F: FnMut(&Blackboard) -> bool + Send + 'static>(
    f: F,
) -> BoxNode<W> {
    Box::new(ScriptCondition(f))
}

impl<W, F: FnMut(&Blackboard) -> bool + Send> Node<W> for ScriptCondition<F> {
    fn tick(&mut self, _: &mut W, bb: &mut Blackboard) -> Status {
        Status::from_bool((self.0)(bb))
    }
    fn halt(&mut self, _: &mut W, _: &mut Blackboard) {}
}

/// A pre-condition over the blackboard (`_skipIf`).
pub type SkipIf = Box<dyn FnMut(&Blackboard) -> bool + Send>;
/// A post-condition over the blackboard (`_onSuccess`).
pub type OnSuccess = Box<dyn FnMut(&mut Blackboard) + Send>;

/// A node with BehaviorTree.CPP's `_skipIf` and `_onSuccess` (for synchronous children: no
/// running state to keep).
struct Guarded<W> {
    skip_if: Option<SkipIf>,
    on_success: Option<OnSuccess>,
    child: BoxNode<W>,
}

pub fn guarded<W: 'static>(
    skip_if: Option<SkipIf>,
    on_success: Option<OnSuccess>,
    child: BoxNode<W>,
) -> BoxNode<W> {
    Box::new(Guarded {
        skip_if,
        on_success,
        child,
    })
}

impl<W> Node<W> for Guarded<W> {
    fn tick(&mut self, w: &mut W, bb: &mut Blackboard) -> Status {
        if let Some(skip_if) = &mut self.skip_if {
            if skip_if(bb) {
                return Status::Skipped;
            }
        }
        let status = self.child.tick(w, bb);
        if status == Status::Success {
            if let Some(on_success) = &mut self.on_success {
                on_success(bb);
            }
        }
        status
    }
    fn halt(&mut self, w: &mut W, bb: &mut Blackboard) {
        self.child.halt(w, bb);
    }
}
