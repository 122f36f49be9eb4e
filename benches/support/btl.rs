//! The benchmark trees in behavior-tree-lite 0.3.
//!
//! * Nodes are `BehaviorNodeContainer`s (a boxed `dyn BehaviorNode`, a `Vec` of children, a port
//!   map); the reactive composites and `Inverter` are not exported and come from the default
//!   `Registry` by name, as when a tree is loaded from its text format.
//! * A leaf reaches the world the way the crate documents it: through the `BehaviorCallback`
//!   passed to `tick` (`&mut dyn FnMut(&dyn Any) -> Option<Box<dyn Any>>`). The leaf sends a
//!   `Call` naming itself; the callback downcasts it, runs the same leaf code as the other
//!   implementations on the world it borrows, and writes the answer into the `Call` (returning
//!   `None`, so no allocation).
//! * No halt, and no start/running distinction (the benchmarks' leaves need neither).
//! * The tree and its `Context` hold `Rc`s: not `Send`, so not in the rayon benchmark.

use std::any::Any;
use std::cell::Cell;

use behavior_tree_lite::{
    BehaviorCallback, BehaviorNode, BehaviorNodeContainer, BehaviorResult, Context, FallbackNode,
    Registry, SequenceNode,
};
use bt::{Condition, StatefulAction, Status, SyncAction};

use super::shape::{BigAct, BigCond, Spec};
use crate::trees::{
    AimAtEnemy, BigWorld, IsEnemyVisible, IsRifleLoaded, Patrol, Shoot, SniperWorld, Work,
};

/// A tree and the context it is ticked with.
pub struct Btl {
    root: BehaviorNodeContainer,
    ctx: Context,
}

/// The message a leaf sends through the callback.
struct Call<L> {
    leaf: L,
    result: Cell<BehaviorResult>,
}

/// A leaf: asks the callback to run leaf `L`.
struct Leaf<L>(L);

impl<L: Copy + 'static> BehaviorNode for Leaf<L> {
    fn tick(&mut self, callback: BehaviorCallback, _: &mut Context) -> BehaviorResult {
        let call = Call {
            leaf: self.0,
            result: Cell::new(BehaviorResult::Fail),
        };
        callback(&call);
        call.result.get()
    }
}

fn result(s: Status) -> BehaviorResult {
    match s {
        Status::Success | Status::Skipped => BehaviorResult::Success,
        Status::Failure => BehaviorResult::Fail,
        Status::Running => BehaviorResult::Running,
    }
}

fn status(r: BehaviorResult) -> Status {
    match r {
        BehaviorResult::Success => Status::Success,
        BehaviorResult::Fail => Status::Failure,
        BehaviorResult::Running => Status::Running,
    }
}

fn composite(
    node: Box<dyn BehaviorNode>,
    children: Vec<BehaviorNodeContainer>,
) -> BehaviorNodeContainer {
    let mut container = BehaviorNodeContainer::new_raw(node);
    for child in children {
        container
            .add_child(child)
            .expect("composite accepts children");
    }
    container
}

fn leaf<L: Copy + 'static>(l: L) -> BehaviorNodeContainer {
    BehaviorNodeContainer::new_node(Leaf(l))
}

#[inline(always)]
fn tick_with<L: Copy + 'static>(tree: &mut Btl, mut run: impl FnMut(L) -> Status) -> Status {
    let mut callback = |message: &dyn Any| -> Option<Box<dyn Any>> {
        if let Some(call) = message.downcast_ref::<Call<L>>() {
            call.result.set(result(run(call.leaf)));
        }
        None
    };
    status(tree.root.tick(&mut callback, &mut tree.ctx))
}

// --- the sniper ----------------------------------------------------------------------------

#[derive(Clone, Copy, Debug)]
enum SniperLeaf {
    Visible,
    Loaded,
    Aim,
    Shoot,
    Patrol,
}

/// The sniper; `reactive` uses a `ReactiveFallback` root.
pub fn sniper(reactive: bool) -> Btl {
    let snipe = composite(
        Box::new(SequenceNode::default()),
        vec![
            leaf(SniperLeaf::Visible),
            leaf(SniperLeaf::Loaded),
            leaf(SniperLeaf::Aim),
            leaf(SniperLeaf::Shoot),
        ],
    );
    let root: Box<dyn BehaviorNode> = if reactive {
        Registry::default()
            .build("ReactiveFallback")
            .expect("registered")
    } else {
        Box::new(FallbackNode::default())
    };
    Btl {
        root: composite(root, vec![snipe, leaf(SniperLeaf::Patrol)]),
        ctx: Context::default(),
    }
}

#[inline(never)]
pub fn tick_sniper(tree: &mut Btl, w: &mut SniperWorld) -> Status {
    tick_with(tree, |leaf: SniperLeaf| match leaf {
        SniperLeaf::Visible => Status::from_bool(IsEnemyVisible.check(w)),
        SniperLeaf::Loaded => Status::from_bool(IsRifleLoaded.check(w)),
        SniperLeaf::Aim => AimAtEnemy.execute(w).into(),
        SniperLeaf::Shoot => Shoot.execute(w).into(),
        SniperLeaf::Patrol => Patrol::step(w),
    })
}

// --- the generated trees -------------------------------------------------------------------

#[derive(Clone, Copy, Debug)]
enum BigLeaf {
    Cond(u32),
    Act(u32),
    Work(u32),
}

fn container(spec: &Spec, registry: &Registry) -> BehaviorNodeContainer {
    let all = |c: &[Spec]| c.iter().map(|s| container(s, registry)).collect::<Vec<_>>();
    let build = |name: &str| registry.build(name).expect("registered");
    match spec {
        Spec::Sequence(c) => composite(Box::new(SequenceNode::default()), all(c)),
        Spec::ReactiveSequence(c) => composite(build("ReactiveSequence"), all(c)),
        Spec::ReactiveFallback(c) => composite(build("ReactiveFallback"), all(c)),
        Spec::Inverter(c) => composite(build("Inverter"), vec![container(c, registry)]),
        Spec::Condition(id) => leaf(BigLeaf::Cond(*id)),
        Spec::Action(id) => leaf(BigLeaf::Act(*id)),
        Spec::Work(id) => leaf(BigLeaf::Work(*id)),
    }
}

pub fn big(spec: &Spec) -> Btl {
    Btl {
        root: container(spec, &Registry::default()),
        ctx: Context::default(),
    }
}

#[inline(never)]
pub fn tick_big(tree: &mut Btl, w: &mut BigWorld) -> Status {
    tick_with(tree, |leaf: BigLeaf| match leaf {
        BigLeaf::Cond(id) => Status::from_bool(BigCond(id).check(w)),
        BigLeaf::Act(id) => BigAct(id).execute(w).into(),
        BigLeaf::Work(id) => Work::new(id).on_running(w),
    })
}
