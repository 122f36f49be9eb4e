//! Behavior trees compiled by a macro into plain structs with a statically dispatched `tick`:
//! no boxing, no `dyn`, no heap, no string look-ups.
//!
//! `bt` is the crate to depend on: it re-exports the runtime (`bt-core`: statuses, leaf traits,
//! node rules, observers) and the [`behavior_tree!`] macro (`bt-macros`).
//!
//! # A first tree
//!
//! ```
//! use bt::{behavior_tree, Condition, Outcome, StatefulAction, Status, SyncAction};
//!
//! /// The world the leaves act on; the tree does not own it, `tick` borrows it.
//! #[derive(Default)]
//! pub struct World {
//!     enemy_visible: bool,
//!     ammo: u32,
//!     patrol_steps: u32,
//! }
//!
//! #[derive(Default)]
//! pub struct HasAmmo;
//! impl Condition<World> for HasAmmo {
//!     fn check(&mut self, world: &World) -> bool {
//!         world.ammo > 0
//!     }
//! }
//!
//! #[derive(Default)]
//! pub struct Shoot;
//! impl SyncAction<World> for Shoot {
//!     fn execute(&mut self, world: &mut World) -> Outcome {
//!         world.ammo -= 1;
//!         Outcome::Success
//!     }
//! }
//!
//! #[derive(Default)]
//! pub struct Patrol;
//! impl StatefulAction<World> for Patrol {
//!     fn on_start(&mut self, world: &mut World) -> Status {
//!         world.patrol_steps = 0;
//!         Status::Running
//!     }
//!     fn on_running(&mut self, world: &mut World) -> Status {
//!         world.patrol_steps += 1;
//!         Status::Running
//!     }
//!     fn on_halted(&mut self, _: &mut World) {
//!         // Pre-empted while running: called exactly once.
//!     }
//! }
//!
//! behavior_tree! {
//!     /// Shoot when an enemy is in sight, patrol otherwise.
//!     pub tree Sniper for World {
//!         ReactiveFallback {
//!             Sequence {
//!                 Condition(|world| world.enemy_visible),
//!                 Condition(HasAmmo),
//!                 Action(Shoot),
//!             },
//!             StatefulAction(Patrol),
//!         }
//!     }
//! }
//!
//! let mut world = World { ammo: 2, ..World::default() };
//! let mut sniper = Sniper::new();
//! assert_eq!(sniper.tick(&mut world), Status::Running); // patrolling
//! world.enemy_visible = true;
//! assert_eq!(sniper.tick(&mut world), Status::Success); // patrol pre-empted, one shot
//! assert_eq!(world.ammo, 1);
//! ```
//!
//! # The syntax
//!
//! ```text
//! behavior_tree! {
//!     /// docs and attributes pass through to the struct
//!     pub tree Name for ContextType {           // or `for ContextType, error ErrorType`
//!         RootNode
//!     }
//! }
//!
//! node := #[name = "..."]?  Kind ( (arguments) )? ( { node, node, .. } )?
//! ```
//!
//! One invocation defines one struct, `Name`, with:
//!
//! | item | what it does |
//! |---|---|
//! | `Name::new()`, `Default` | a tree at rest; leaves built with `Default` or their initialiser |
//! | `tick(&mut self, ctx: &mut ContextType) -> Status` | ticks the root once (`-> Result<Status, ErrorType>` in a tree with an error type: [Errors](#errors)) |
//! | `halt(&mut self, ctx)` | halts every running node (`on_halted` once per running stateful action) |
//! | `tick_with(ctx, &mut observer)`, `halt_with(..)` | the same, reporting every node's result to an [`Observer`] |
//! | `status() -> Option<Status>` | the root's last status (`None` before the first tick and after a halt) |
//! | `NODE_COUNT`, `NODES: &[NodeInfo]` | `const` metadata: each node's name, kind, parent, depth; ids are pre-order positions |
//!
//! The struct also implements [`BehaviorTree`] for generic code (a tree without an error type). It holds all of its state inline
//! (`new`, `tick` and `halt` never allocate) and is `Send`/`Sync` when its leaves are.
//!
//! Commas between children are optional. `#[name = "..."]` names a node for traces and
//! [`NodeInfo::find`]; names must be unique in a tree.
//!
//! # Leaves
//!
//! | written | the leaf |
//! |---|---|
//! | `Condition(Type)` | `Type: Condition<Ctx>`, built with `Default`; `check(&mut self, &Ctx) -> bool` |
//! | `Condition(Type = expr)` | the same, built with `expr` |
//! | `Condition(\|ctx\| expr)` | an inline condition; `expr` is a `bool` |
//! | `Action(Type)` / `Action(Type = expr)` | `Type: SyncAction<Ctx>`; `execute(&mut self, &mut Ctx) -> Outcome` |
//! | `Action(\|ctx\| expr)` | an inline action; `expr` is a `bool` or an [`Outcome`] |
//! | `StatefulAction(Type)` / `(Type = expr)` | `Type: StatefulAction<Ctx>`: `on_start`, `on_running`, `on_halted` |
//! | `AlwaysSuccess`, `AlwaysFailure`, `AlwaysRunning` (behavior3: `Succeeder`, `Failer`, `Runner`) | constant leaves |
//! | `Wait(ms)` | behavior3's Wait: `Running` until *more than* `ms` milliseconds have passed since its first tick, then `Success` (the context implements [`Clock`]) |
//! | `Error(value)` | fails the tick with `value.into()`, in a tree with an error type ([Errors](#errors)) |
//!
//! In a tree with an error type, the same kinds also take fallible leaf types
//! ([`TryCondition`], [`TrySyncAction`], [`TryStatefulAction`]) and inline closures that return a
//! `Result`.
//!
//! # Blackboard, ports and conditions
//!
//! ```
//! use bt::{behavior_tree, Input, Outcome, Output, Ports, SyncAction};
//!
//! pub struct World;
//!
//! /// Ports are fields of type `Input<T>`, `Output<T>` or `InOut<T>`.
//! #[derive(Default, Ports)]
//! pub struct Add {
//!     pub a: Input<i32>,
//!     #[port(default)] // not required: unbound, it keeps the value it was built with
//!     pub b: Input<i32>,
//!     pub sum: Output<i32>,
//! }
//!
//! impl SyncAction<World> for Add {
//!     fn execute(&mut self, _: &mut World) -> Outcome {
//!         self.sum.set(*self.a + *self.b);
//!         Outcome::Success
//!     }
//! }
//!
//! behavior_tree! {
//!     tree Calc for World {
//!         blackboard {
//!             x: i32 = 2,
//!             total: i32,
//!             runs: u32,
//!         }
//!         Sequence {
//!             #[on_success(|bb| bb.runs += 1)]
//!             Action(Add, a = {x}, b = 40, sum = {total}),
//!             #[skip_if(|bb| bb.runs > 1)]
//!             Script(|bb| bb.x += 1),
//!         }
//!     }
//! }
//!
//! let mut calc = Calc::new();
//! calc.tick(&mut World);
//! assert_eq!((calc.blackboard().total, calc.blackboard().x), (42, 3));
//! ```
//!
//! * The `blackboard { name: Type = initial, .. }` section compiles to a struct
//!   `{Tree}Blackboard` with one public field per entry (`Default` when no initial value);
//!   `tree.blackboard()` / `blackboard_mut()` reach it.
//! * A port is bound by name after the leaf type: `port = {entry}`, `port = {=}` (the entry named
//!   like the port) or `port = expression` (inputs only, evaluated on every tick). See [`ports`].
//! * Blackboard leaves: `SetBlackboard(entry = value)`, `SetBlackboard(entry = {other})`,
//!   `UnsetBlackboard(entry)` (an `Option` entry), `Script(|bb| ..)`, `ScriptCondition(|bb| ..)`;
//!   inline leaves may take the blackboard: `Condition(|ctx, bb| ..)`, `Action(|ctx, bb| ..)`.
//! * Conditions on any node: `#[failure_if(|bb| ..)]`, `#[success_if]`, `#[skip_if]`,
//!   `#[run_while]`, `#[on_success(|bb| ..)]`, `#[on_failure]`, `#[on_halted]`, `#[post]`; the rule
//!   is in [`conditions`].
//!
//! # Subtrees
//!
//! `SubTree(Child)` uses a tree generated by another `behavior_tree!` as a node: a field of the
//! parent, with its own blackboard. After the child's type, remap its entries to the parent's:
//! `x = {a}` (one entry under two names, both ways), `x = {=}`, `x = expression` (the child's
//! initial value), or `..` (every entry to the parent's namesake, BehaviorTree.CPP's
//! `_autoremap`). Node ids continue through the boundary, and halting reaches the child's running
//! actions. The rules and their reasons are in [`subtree`]; README.md has an example.
//!
//! # Errors
//!
//! A leaf may fail with an error instead of answering a status (behavior3's `ERROR`, for a
//! sensor offline or a lost connection: something the tree cannot decide about). Declare the
//! error type after the context: `tree Name for Ctx, error E { .. }`. Then:
//!
//! * `tick` / `tick_with` return `Result<Status, E>`;
//! * `Condition(Type)`, `Action(Type)` and `StatefulAction(Type)` take types implementing
//!   [`TryCondition<Ctx, E>`](TryCondition) (`try_check -> Result<bool, E>`),
//!   [`TrySyncAction<Ctx, E>`](TrySyncAction) (`try_execute -> Result<Outcome, E>`) or
//!   [`TryStatefulAction<Ctx, E>`](TryStatefulAction) (`try_on_start` / `try_on_running ->
//!   Result<Status, E>`, `on_halted`). Every infallible leaf type is one of them too, so both kinds
//!   mix freely. A typed leaf's error type is exactly `E`: convert its own errors inside it (`?`
//!   with a `From` impl);
//! * an inline leaf may return `Result<bool, F>` or `Result<Outcome, F>` for any `F: Into<E>`, as
//!   well as `bool` or `Outcome`;
//! * `Error(value)` is a leaf that fails with `value.into()` every time it is ticked.
//!
//! An error **aborts the tick** (`spec/decisions.md` decision 11, [`behavior3#error`]):
//!
//! 1. nothing more is ticked; no ancestor of the failing leaf answers, and none of its own
//!    post-conditions (`on_success`, `on_failure`, `post`) runs;
//! 2. every running node is **halted**, exactly as by [`halt`](BehaviorTree::halt): each started,
//!    unfinished stateful action gets `on_halted` once, the `on_halted` and `post` hooks of halted
//!    nodes run, and an observer sees every halt. The leaf that failed has finished: it gets no
//!    `on_halted`. The nodes on its path that can run count as running and are halted too;
//! 3. `tick` returns `Err(e)`, and `status()` is `None`;
//! 4. the **next tick starts afresh**, with what a halt keeps: `SequenceWithMemory`'s position
//!    (at the child that failed), `RunOnce`'s memory, `Limiter`'s count. Writes made before the
//!    error stay, including the outputs the failing leaf set before it failed.
//!
//! ```
//! use bt::{behavior_tree, Status, TryCondition, TryStatefulAction};
//!
//! #[derive(Debug, PartialEq)]
//! pub enum RoverError {
//!     SensorOffline,
//!     BadMap(std::num::ParseIntError),
//!     Lost,
//! }
//!
//! impl From<std::num::ParseIntError> for RoverError {
//!     fn from(error: std::num::ParseIntError) -> Self {
//!         RoverError::BadMap(error)
//!     }
//! }
//!
//! pub struct World {
//!     sensor_online: bool,
//!     position: u32,
//!     map: &'static str,
//!     halts: u32,
//! }
//!
//! /// A condition that can fail.
//! #[derive(Default)]
//! pub struct PathClear;
//! impl TryCondition<World, RoverError> for PathClear {
//!     fn try_check(&mut self, world: &World) -> Result<bool, RoverError> {
//!         if !world.sensor_online {
//!             return Err(RoverError::SensorOffline);
//!         }
//!         Ok(true)
//!     }
//! }
//!
//! /// A stateful action that cannot fail: every `StatefulAction` is a `TryStatefulAction`.
//! #[derive(Default)]
//! pub struct Drive;
//! impl bt::StatefulAction<World> for Drive {
//!     fn on_start(&mut self, _: &mut World) -> Status {
//!         Status::Running
//!     }
//!     fn on_running(&mut self, world: &mut World) -> Status {
//!         world.position += 1;
//!         Status::Running
//!     }
//!     fn on_halted(&mut self, world: &mut World) {
//!         world.halts += 1;
//!     }
//! }
//!
//! behavior_tree! {
//!     pub tree Rover for World, error RoverError {
//!         ReactiveSequence {
//!             Condition(PathClear),
//!             // An inline leaf returning a `Result` whose error converts into `RoverError`.
//!             Condition(|world| world.map.parse::<u32>().map(|end| world.position < end)),
//!             Fallback {
//!                 Condition(|world| world.position < 100),
//!                 Error(RoverError::Lost),
//!             },
//!             StatefulAction(Drive),
//!         }
//!     }
//! }
//!
//! let mut world = World { sensor_online: true, position: 0, map: "50", halts: 0 };
//! let mut rover = Rover::new();
//! assert_eq!(rover.tick(&mut world), Ok(Status::Running));
//! assert_eq!(rover.tick(&mut world), Ok(Status::Running));
//! assert_eq!(world.position, 1);
//!
//! // The sensor goes offline: the tick is aborted, `Drive` is halted, the error comes out.
//! world.sensor_online = false;
//! assert_eq!(rover.tick(&mut world), Err(RoverError::SensorOffline));
//! assert_eq!((world.halts, rover.status()), (1, None));
//!
//! // The next tick starts afresh: `Drive` starts again (on_start).
//! world.sensor_online = true;
//! assert_eq!(rover.tick(&mut world), Ok(Status::Running));
//! assert_eq!(world.position, 1);
//!
//! // An error converted with `From`, from the inline leaf.
//! world.map = "fifty";
//! assert!(matches!(rover.tick(&mut world), Err(RoverError::BadMap(_))));
//! assert_eq!(world.halts, 2);
//! ```
//!
//! Limits:
//!
//! * A tree with an error type does not implement [`BehaviorTree`] (whose `tick` cannot fail),
//!   and cannot be the child of a `SubTree` node. An infallible tree can be a `SubTree` of a
//!   fallible one: its running actions are halted when the parent's tick fails.
//! * A halt cannot fail: a leaf ticked during a halt (the catch child of
//!   `TryCatch(catch_on_halt = true)`) that fails with an error counts as failed, and the error
//!   is dropped.
//! * Such a tree never resumes a running action directly ([`resume`]): every tick walks from
//!   the root, which is what lets an error reach the caller through every node.
//! * `Error(..)` in a tree without an error type is a compile error that says to declare one.
//!
//! # Nodes
//!
//! Each node's rule is a small documented type or function in [`control`] or [`decorator`]; the
//! macro only wires them. Names are BehaviorTree.CPP's; behavior3's names are aliases of the
//! nodes with the same rule, and its other nodes have their own kinds ([Coming from
//! behavior3](#coming-from-behavior3)).
//!
//! | node | rule |
//! |---|---|
//! | `Sequence { .. }` (alias `MemSequence`) | children in order while they succeed; resumes at the running child; a failure restarts from the first ([`control::Sequence`]) |
//! | `SequenceWithMemory { .. }` (alias `SequenceStar`) | like `Sequence`, but a failure or a halt keeps the position: the next activation re-ticks the failed/halted child, not the earlier ones ([`control::SequenceWithMemory`]) |
//! | `ReactiveSequence { .. }` | restarts from the first child every tick; a failure or an earlier running child halts the later running one ([`control::ReactiveSequence`]) |
//! | `Fallback { .. }` (alias `MemPriority`) | children in order until one succeeds; resumes at the running child ([`control::Fallback`]) |
//! | `ReactiveFallback { .. }` (alias `Priority`) | restarts from the first child every tick; a higher-priority success or running child halts the lower one ([`control::ReactiveFallback`]) |
//! | `Inverter { c }` | swaps Success and Failure ([`decorator::inverter`]) |
//! | `ForceSuccess { c }`, `ForceFailure { c }` | a completed child counts as Success / Failure |
//! | `Repeat(n) { c }`, `Repeat(forever) { c }` | runs the child until it succeeded `n` times, one completion per tick; fails on the first failure ([`decorator::Repeat`]) |
//! | `RetryUntilSuccessful(n) { c }`, `(forever)` | retries a failing child, one attempt per tick, at most `n` attempts ([`decorator::RetryUntilSuccessful`]) |
//! | `KeepRunningUntilFailure { c }` | Running until the child fails ([`decorator::keep_running_until_failure`]) |
//! | `RunOnce { c }`, `RunOnce(then_skip = false) { c }` | ticks the child until it completes once; then Skipped (or its remembered status) forever ([`decorator::RunOnce`]) |
//! | `SubTree(Child, x = {a}, ..)` | another generated tree as a node; its root's status passes through ([`subtree`]) |
//! | `Limiter(n) { c }` | ticks the child until it has completed `n` times over the tree's life, then fails ([`behavior3::Limiter`]) |
//! | `MaxTime(ms) { c }` | fails when more than `ms` passed since the activation began, whatever the child answers, halting it if it runs ([`behavior3::MaxTime`]) |
//! | `Repeater(n) { c }`, `Repeater(forever) { c }` | runs the child `n` times, successes and failures alike, one completion per tick; answers the last ([`behavior3::Repeater`]) |
//! | `RepeatUntilFailure(n) { c }`, `RepeatUntilSuccess(n) { c }`, `(forever)` | behavior3's names for `Repeat` and `RetryUntilSuccessful` (`n` > 0) |
//!
//! # Coming from behavior3
//!
//! behavior3 (behavior3js, behavior3py, behavior3go) runs every node through one wrapper:
//! `enter`, then `open` if the node is not open, `tick`, `close` if the answer is not `RUNNING`,
//! `exit`. Its nodes keep their memory in the blackboard, per tree and node, and reset it in
//! `open`. Here each node's memory is a field of the generated struct (one tree value per agent,
//! as one blackboard per agent there), and the lifecycle maps onto the leaf traits and the
//! observer:
//!
//! | behavior3 | here |
//! |---|---|
//! | `open` (the first tick after the node was closed) | [`StatefulAction::on_start`]: the first tick of an *activation* (the action never ran, finished, or was halted) |
//! | `tick` while open | [`StatefulAction::on_running`] (the last answer was `Running`) |
//! | `close` after `SUCCESS` / `FAILURE` | the action answers `Success` or `Failure`; the next tick calls `on_start` again |
//! | the tree-level pass that closes nodes left open when another branch runs | the parent **halts** the pre-empted child at once: `on_halted`, exactly once (never for an action that finished), on every running descendant |
//! | `enter` / `exit` (every execution) | no hook: the tick function of a leaf is called once per tick of the leaf; an [`Observer`] sees every node's answer ([`Observer::on_status`]) and every halt ([`Observer::on_halted`]) |
//! | the `ERROR` status, the `Error` node | an `Err` from a fallible leaf or `Error(value)`: the tick is aborted, every running node halted, and `tick` returns `Err` ([Errors](#errors)) |
//! | `Condition`, `Action` nodes | `Condition(Type)` ([`Condition`]); `Action(Type)` ([`SyncAction`]) when it finishes within the tick, `StatefulAction(Type)` when it can run |
//! | `tick.blackboard` / node properties | the context the tree borrows, the tree's typed `blackboard { .. }`, the leaf's fields and ports |
//!
//! behavior3 has no idle or skipped status: a node here is idle when it is not running, and
//! `Skipped` only comes from our `RunOnce` and pre-conditions. The defects of behavior3's
//! closing pass (`other-systems.md` §1.2: a pre-empted node never closed, nodes closed twice) are
//! not reproduced.
//!
//! The nodes, by behavior3 name ([`behavior3`] has each rule):
//!
//! | behavior3 | write | notes |
//! |---|---|---|
//! | `Sequence` | `ReactiveSequence { .. }` | **not our `Sequence`**: behavior3's Sequence starts from its first child on every tick |
//! | `MemSequence` | `MemSequence { .. }` = `Sequence { .. }` | resumes at the running child |
//! | `Priority` | `Priority { .. }` = `ReactiveFallback { .. }` | a pre-empted lower-priority child is halted (decision 10) |
//! | `MemPriority` | `MemPriority { .. }` = `Fallback { .. }` | resumes at the running child |
//! | `Inverter` | `Inverter { c }` | |
//! | `Limiter(maxLoop)` | `Limiter(3) { c }` | counts the child's completions for the tree's life (behavior3go; decision 10); then `Failure` |
//! | `MaxTime(maxTime)` | `MaxTime(500) { c }` | the clock is read before the child's tick; over the limit (strictly) it fails, halting a child still running (decision 7) |
//! | `Repeater(maxLoop)` | `Repeater(3) { c }`, `Repeater(forever)` for a negative `maxLoop` | counts every completion, one per tick (decision 1); answers the last |
//! | `RepeatUntilFailure(maxLoop)` | `RepeatUntilFailure(3)` / `(forever)` = `Repeat` | `0` is a compile error |
//! | `RepeatUntilSuccess(maxLoop)` | `RepeatUntilSuccess(3)` / `(forever)` = `RetryUntilSuccessful` | `0` is a compile error |
//! | `Succeeder`, `Failer`, `Runner` | the same names (= `AlwaysSuccess`, `AlwaysFailure`, `AlwaysRunning`) | |
//! | `Error` | `Error(value)` | needs an error type ([Errors](#errors)) |
//! | `Wait(milliseconds)` | `Wait(500)` | `Running` until *more than* 500 ms have passed (decision 7) |
//! | `Log` (behavior3go) | `Action(\|ctx\| { log(ctx); true })` | |
//!
//! behavior3's in-tick loops become one child completion per tick (`Repeater(3)` over a child
//! that succeeds at once answers `Running`, `Running`, `Success`), and time comes from the
//! context ([`Clock`]; [`ManualClock`] in tests) instead of the wall clock.
//!
//! ```
//! use bt::{behavior_tree, Clock, ManualClock, Status};
//! use std::time::Duration;
//!
//! pub struct Npc {
//!     clock: ManualClock,
//!     enemy_near: bool,
//!     shots: u32,
//! }
//!
//! impl Clock for Npc {
//!     fn now(&self) -> Duration {
//!         self.clock.now()
//!     }
//! }
//!
//! behavior_tree! {
//!     /// behavior3's Priority / MemSequence / Limiter / Wait.
//!     tree Guard for Npc {
//!         Priority {
//!             MemSequence {
//!                 Condition(|npc| npc.enemy_near),
//!                 Limiter(2) { Action(|npc| { npc.shots += 1; true }) },
//!             },
//!             Wait(1000),
//!         }
//!     }
//! }
//!
//! let mut npc = Npc { clock: ManualClock::new(), enemy_near: false, shots: 0 };
//! let mut guard = Guard::new();
//! assert_eq!(guard.tick(&mut npc), Status::Running); // waiting
//! npc.enemy_near = true;
//! assert_eq!(guard.tick(&mut npc), Status::Success); // the Wait is halted, one shot
//! assert_eq!(guard.tick(&mut npc), Status::Success);
//! // Two shots for the tree's life: the Limiter fails, and the Wait starts again.
//! assert_eq!(guard.tick(&mut npc), Status::Running);
//! assert_eq!(npc.shots, 2);
//! npc.clock.advance_ms(1000);
//! assert_eq!(guard.tick(&mut npc), Status::Running); // exactly 1000 ms: not more
//! npc.clock.advance_ms(1);
//! assert_eq!(guard.tick(&mut npc), Status::Success);
//! ```
//!
//! # The tick model
//!
//! * A tick is synchronous: a composite moves on through children that complete at once, so
//!   `Sequence { AlwaysSuccess, AlwaysSuccess }` succeeds in one tick (also `SequenceWithMemory`,
//!   which in BehaviorTree.CPP yields between children).
//! * A tick is bounded: a looping decorator never restarts a child that completed in the same
//!   tick; it answers `Running` and restarts the child on the next tick.
//! * Halting is exact: a node that is pre-empted or halted while running halts its running
//!   descendants, and every started, unfinished [`StatefulAction`] gets `on_halted` exactly once;
//!   an action that finished never does.
//! * [`Status::Skipped`] (from `RunOnce`) is passed over by composites; a composite whose children
//!   were all skipped is skipped.
//! * Resuming costs the same at any depth: when a stateful action answered `Running` under
//!   memory composites (`Sequence`, `SequenceWithMemory`, `Fallback`) and decorators that pass
//!   `Running` through, with no pre- or post-condition on the way, the next tick goes straight to
//!   it instead of walking down from the root; the nodes above it are still reported to the
//!   observer, in the walk's order. Nothing else changes: see [`resume`].
//!
//! # Observing a tree
//!
//! Every node's result passes through one place in the generated code, which calls an
//! [`Observer`]. [`TickTrace`] records one tick and prints it as an indented tree:
//!
//! ```
//! # use bt::{behavior_tree, Status, TickTrace};
//! # pub struct World { door_open: bool }
//! behavior_tree! {
//!     tree Door for World {
//!         Fallback {
//!             #[name = "door open?"]
//!             Condition(|world| world.door_open),
//!             #[name = "open door"]
//!             Action(|world| { world.door_open = true; true }),
//!         }
//!     }
//! }
//! let mut tree = Door::new();
//! let mut trace = TickTrace::<{ Door::NODE_COUNT }>::new();
//! tree.tick_with(&mut World { door_open: false }, &mut trace);
//! assert_eq!(
//!     trace.display(Door::NODES).to_string(),
//!     "Fallback      SUCCESS\n  door open?  FAILURE\n  open door   SUCCESS\n",
//! );
//! ```
//!
//! # Compile-time errors
//!
//! Mistakes in a tree are compile errors at the offending token, with a message that says what to
//! do: an unknown node kind (with a suggestion), a decorator without exactly one child, an empty
//! composite, a leaf with children, a bad or negative count, two roots, duplicate node names, a
//! leaf type that does not implement the trait its kind needs. `tests/ui/` holds one case per
//! diagnostic.
//!
//! ```compile_fail
//! # use bt::behavior_tree;
//! # pub struct World;
//! behavior_tree! {
//!     tree Broken for World {
//!         Inverter { AlwaysSuccess, AlwaysFailure }   // a decorator takes exactly one child
//!     }
//! }
//! ```
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub use bt_core::*;
pub use bt_macros::{behavior_tree, Ports};

/// The README's code blocks, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
