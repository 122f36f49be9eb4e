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
//! * The follower (workload d) uses the crate's ports and blackboard: see its section below.

use std::any::Any;
use std::cell::Cell;

use std::collections::HashMap;
use std::rc::Rc;

use behavior_tree_lite::{
    BehaviorCallback, BehaviorNode, BehaviorNodeContainer, BehaviorResult, Blackboard,
    BlackboardValue, Context, FallbackNode, Lazy, NumChildren, PortSpec, PortType, Registry,
    SequenceNode, Symbol,
};
use bt::{Condition, StatefulAction, Status, SyncAction};

use super::shape::{BigAct, BigCond, Spec};
use crate::trees::ports::{self, Command, Goal, RobotWorld, MAX_SPEED, RANGE};
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
    Task(u32),
    Work(u32),
}

fn container(spec: &Spec, registry: &Registry) -> BehaviorNodeContainer {
    let all = |c: &[Spec]| c.iter().map(|s| container(s, registry)).collect::<Vec<_>>();
    let build = |name: &str| registry.build(name).expect("registered");
    match spec {
        Spec::Sequence(c) => composite(Box::new(SequenceNode::default()), all(c)),
        Spec::Fallback(c) => composite(Box::new(FallbackNode::default()), all(c)),
        Spec::ReactiveSequence(c) => composite(build("ReactiveSequence"), all(c)),
        Spec::ReactiveFallback(c) => composite(build("ReactiveFallback"), all(c)),
        Spec::Inverter(c) => composite(build("Inverter"), vec![container(c, registry)]),
        Spec::Condition(id) => leaf(BigLeaf::Cond(*id)),
        Spec::Action(id) => leaf(BigLeaf::Act(*id)),
        Spec::Task(id) => leaf(BigLeaf::Task(*id)),
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
        BigLeaf::Task(id) => w.task(id),
        BigLeaf::Work(id) => Work::new(id).on_running(w),
    })
}

// --- the follower (ports, workload d) ------------------------------------------------------
//
// behavior-tree-lite has ports: a node reads `ctx.get::<T>(port)` and writes `ctx.set(port, v)`;
// the container's port map (`BehaviorNodeContainer::new(node, map)`) remaps each port to a
// blackboard entry (`BlackboardValue::Ref(entry, direction)`) or to a literal string
// (`BlackboardValue::Literal`, read with `get_parse`), as its text format does. The blackboard is a
// `HashMap<Symbol, Rc<dyn Any>>`; `set` stores a new `Rc` (one allocation per write). Port names
// are `Lazy<Symbol>` statics, as in the crate's own nodes. `SkipUnlessUpdated` is a custom
// decorator: the entry was written iff its `Rc` changed (the node keeps the one it saw, so the
// address cannot be reused). behavior-tree-lite has no `Skipped`: the decorator answers Success,
// which a sequence treats the same way.

static TARGET: Lazy<Symbol> = Lazy::new(|| "target".into());
static RANGE_PORT: Lazy<Symbol> = Lazy::new(|| "range".into());
static GOAL: Lazy<Symbol> = Lazy::new(|| "goal".into());
static SEQ: Lazy<Symbol> = Lazy::new(|| "seq".into());
static MAX_SPEED_PORT: Lazy<Symbol> = Lazy::new(|| "max_speed".into());
static COMMAND: Lazy<Symbol> = Lazy::new(|| "command".into());
static STEPS: Lazy<Symbol> = Lazy::new(|| "steps".into());
static ENTRY: Lazy<Symbol> = Lazy::new(|| "entry".into());
static TRIP_STEPS: Lazy<Symbol> = Lazy::new(|| "trip_steps".into());

/// A follower leaf's call, with its inputs, sent through the callback to the world.
#[derive(Clone, Copy)]
enum FollowerCall {
    Sense,
    InRange { target: (f32, f32), range: f32 },
    Plan { target: (f32, f32), goal: Goal },
    Publish { goal: Goal, seq: u32 },
    Steer { goal: Goal, max_speed: f32 },
    Drive { command: Command, steps: u32 },
}

/// The leaf's answer, written back into the message by the callback.
#[derive(Clone, Copy)]
enum Reply {
    None,
    Target((f32, f32)),
    Bool(bool),
    Goal(Option<Goal>),
    Seq(u32),
    Command(Command),
    Drive(Status, u32),
}

struct FollowerMsg {
    call: FollowerCall,
    reply: Cell<Reply>,
}

/// Runs the leaf on the world: the same leaf functions as the other implementations.
#[inline(always)]
fn run_follower(w: &mut RobotWorld, call: FollowerCall) -> Reply {
    match call {
        FollowerCall::Sense => Reply::Target(ports::sense_target(w)),
        FollowerCall::InRange { target, range } => Reply::Bool(ports::in_range(w, target, range)),
        FollowerCall::Plan { target, goal } => Reply::Goal(ports::plan_goal(w, target, goal)),
        FollowerCall::Publish { goal, seq } => Reply::Seq(ports::publish_goal(w, goal, seq)),
        FollowerCall::Steer { goal, max_speed } => Reply::Command(ports::steer(w, goal, max_speed)),
        FollowerCall::Drive { command, steps } => {
            let (status, steps) = ports::drive(w, command, steps);
            Reply::Drive(status, steps)
        }
    }
}

fn call(callback: BehaviorCallback, call: FollowerCall) -> Reply {
    let message = FollowerMsg {
        call,
        reply: Cell::new(Reply::None),
    };
    callback(&message);
    message.reply.get()
}

fn input<T: Clone + 'static>(ctx: &Context, port: Symbol) -> T {
    ctx.get::<T>(port).expect("input bound to an entry").clone()
}

fn literal(ctx: &Context, port: Symbol) -> f32 {
    ctx.get_parse::<f32>(port).expect("input bound to a number")
}

struct SenseNode;
impl BehaviorNode for SenseNode {
    fn provided_ports(&self) -> Vec<PortSpec> {
        vec![PortSpec::new_out(*TARGET)]
    }
    fn tick(&mut self, callback: BehaviorCallback, ctx: &mut Context) -> BehaviorResult {
        let Reply::Target(target) = call(callback, FollowerCall::Sense) else {
            unreachable!()
        };
        ctx.set(*TARGET, target);
        BehaviorResult::Success
    }
}

struct InRangeNode;
impl BehaviorNode for InRangeNode {
    fn provided_ports(&self) -> Vec<PortSpec> {
        vec![PortSpec::new_in(*TARGET), PortSpec::new_in(*RANGE_PORT)]
    }
    fn tick(&mut self, callback: BehaviorCallback, ctx: &mut Context) -> BehaviorResult {
        let target = input(ctx, *TARGET);
        let range = literal(ctx, *RANGE_PORT);
        let Reply::Bool(ok) = call(callback, FollowerCall::InRange { target, range }) else {
            unreachable!()
        };
        if ok {
            BehaviorResult::Success
        } else {
            BehaviorResult::Fail
        }
    }
}

struct PlanNode;
impl BehaviorNode for PlanNode {
    fn provided_ports(&self) -> Vec<PortSpec> {
        vec![PortSpec::new_in(*TARGET), PortSpec::new_inout(*GOAL)]
    }
    fn tick(&mut self, callback: BehaviorCallback, ctx: &mut Context) -> BehaviorResult {
        let target = input(ctx, *TARGET);
        let goal = input(ctx, *GOAL);
        let Reply::Goal(new) = call(callback, FollowerCall::Plan { target, goal }) else {
            unreachable!()
        };
        if let Some(goal) = new {
            ctx.set(*GOAL, goal);
        }
        BehaviorResult::Success
    }
}

struct PublishNode;
impl BehaviorNode for PublishNode {
    fn provided_ports(&self) -> Vec<PortSpec> {
        vec![PortSpec::new_in(*GOAL), PortSpec::new_inout(*SEQ)]
    }
    fn tick(&mut self, callback: BehaviorCallback, ctx: &mut Context) -> BehaviorResult {
        let goal = input(ctx, *GOAL);
        let seq = input(ctx, *SEQ);
        let Reply::Seq(seq) = call(callback, FollowerCall::Publish { goal, seq }) else {
            unreachable!()
        };
        ctx.set(*SEQ, seq);
        BehaviorResult::Success
    }
}

struct SteerNode;
impl BehaviorNode for SteerNode {
    fn provided_ports(&self) -> Vec<PortSpec> {
        vec![
            PortSpec::new_in(*GOAL),
            PortSpec::new_in(*MAX_SPEED_PORT),
            PortSpec::new_out(*COMMAND),
        ]
    }
    fn tick(&mut self, callback: BehaviorCallback, ctx: &mut Context) -> BehaviorResult {
        let goal = input(ctx, *GOAL);
        let max_speed = literal(ctx, *MAX_SPEED_PORT);
        let Reply::Command(command) = call(callback, FollowerCall::Steer { goal, max_speed })
        else {
            unreachable!()
        };
        ctx.set(*COMMAND, command);
        BehaviorResult::Success
    }
}

struct DriveNode;
impl BehaviorNode for DriveNode {
    fn provided_ports(&self) -> Vec<PortSpec> {
        vec![PortSpec::new_in(*COMMAND), PortSpec::new_inout(*STEPS)]
    }
    fn tick(&mut self, callback: BehaviorCallback, ctx: &mut Context) -> BehaviorResult {
        let command = input(ctx, *COMMAND);
        let steps = input(ctx, *STEPS);
        let Reply::Drive(status, steps) = call(callback, FollowerCall::Drive { command, steps })
        else {
            unreachable!()
        };
        ctx.set(*STEPS, steps);
        result(status)
    }
}

/// `Script(|bb| bb.trip_steps = 0)`: writes the entry by name (no port map).
struct ResetTripNode;
impl BehaviorNode for ResetTripNode {
    fn tick(&mut self, _: BehaviorCallback, ctx: &mut Context) -> BehaviorResult {
        ctx.set(*TRIP_STEPS, 0u32);
        BehaviorResult::Success
    }
}

/// `SkipUnlessUpdated(entry) { child }`; see the section's comment.
struct SkipUnlessUpdatedNode {
    seen: Rc<dyn Any>,
    child_running: bool,
}
impl BehaviorNode for SkipUnlessUpdatedNode {
    fn provided_ports(&self) -> Vec<PortSpec> {
        vec![PortSpec::new_in(*ENTRY)]
    }
    fn max_children(&self) -> NumChildren {
        NumChildren::Finite(1)
    }
    fn tick(&mut self, callback: BehaviorCallback, ctx: &mut Context) -> BehaviorResult {
        if !self.child_running {
            let current = ctx.get_any(*ENTRY).expect("entry bound");
            if Rc::ptr_eq(&current, &self.seen) {
                return BehaviorResult::Success;
            }
            self.seen = current;
        }
        let status = ctx.tick_child(0, callback).expect("one child");
        self.child_running = status == BehaviorResult::Running;
        status
    }
}

/// A node with its port map: `(port, entry or literal)`.
fn with_ports(
    node: impl BehaviorNode + 'static,
    ports: Vec<(Symbol, BlackboardValue)>,
) -> BehaviorNodeContainer {
    BehaviorNodeContainer::new(Box::new(node), ports.into_iter().collect::<HashMap<_, _>>())
}

fn bind(entry: &str, direction: PortType) -> BlackboardValue {
    BlackboardValue::Ref(entry.into(), direction)
}

/// The follower, with its blackboard.
pub fn follower() -> Btl {
    use PortType::{InOut, Input, Output};
    let mut bb = Blackboard::new();
    let goal: Rc<dyn Any> = Rc::new(Goal::default());
    bb.insert("target".into(), Rc::new((0.0f32, 0.0f32)));
    bb.insert("goal".into(), goal.clone());
    bb.insert("command".into(), Rc::new(Command::default()));
    bb.insert("published".into(), Rc::new(0u32));
    bb.insert(*TRIP_STEPS, Rc::new(0u32));
    // The decorator's own port, `entry`, is bound to the entry it watches.
    let mut publish = with_ports(
        SkipUnlessUpdatedNode {
            seen: goal,
            child_running: false,
        },
        vec![(*ENTRY, bind("goal", Input))],
    );
    publish
        .add_child(with_ports(
            PublishNode,
            vec![
                (*GOAL, bind("goal", Input)),
                (*SEQ, bind("published", InOut)),
            ],
        ))
        .expect("a decorator takes one child");
    let root = Registry::default()
        .build("ReactiveSequence")
        .expect("registered");
    let children = vec![
        with_ports(SenseNode, vec![(*TARGET, bind("target", Output))]),
        with_ports(
            InRangeNode,
            vec![
                (*TARGET, bind("target", Input)),
                (*RANGE_PORT, BlackboardValue::Literal(RANGE.to_string())),
            ],
        ),
        with_ports(
            PlanNode,
            vec![
                (*TARGET, bind("target", Input)),
                (*GOAL, bind("goal", InOut)),
            ],
        ),
        publish,
        with_ports(
            SteerNode,
            vec![
                (*GOAL, bind("goal", Input)),
                (
                    *MAX_SPEED_PORT,
                    BlackboardValue::Literal(MAX_SPEED.to_string()),
                ),
                (*COMMAND, bind("command", Output)),
            ],
        ),
        with_ports(
            DriveNode,
            vec![
                (*COMMAND, bind("command", Input)),
                (*STEPS, bind("trip_steps", InOut)),
            ],
        ),
        BehaviorNodeContainer::new_node(ResetTripNode),
    ];
    Btl {
        root: composite(root, children),
        ctx: Context::new(bb),
    }
}

#[inline(never)]
pub fn tick_follower(tree: &mut Btl, w: &mut RobotWorld) -> Status {
    let mut callback = |message: &dyn Any| -> Option<Box<dyn Any>> {
        if let Some(message) = message.downcast_ref::<FollowerMsg>() {
            message.reply.set(run_follower(w, message.call));
        }
        None
    };
    status(tree.root.tick(&mut callback, &mut tree.ctx))
}
