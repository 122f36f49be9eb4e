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
//!     pub tree Name for ContextType {
//!         RootNode
//!     }
//! }
//!
//! node := #[name = "..."]?  Kind ( (arguments) )? ( { node, node, .. } )?
//! child of a Switch := ( case VALUE => | _ => ) node
//! arguments of the kinds with parameters := value, .., name = value, ..   e.g. Parallel(success = 2)
//! ```
//!
//! One invocation defines one struct, `Name`, with:
//!
//! | item | what it does |
//! |---|---|
//! | `Name::new()`, `Default` | a tree at rest; leaves built with `Default` or their initialiser |
//! | `tick(&mut self, ctx: &mut ContextType) -> Status` | ticks the root once |
//! | `halt(&mut self, ctx)` | halts every running node (`on_halted` once per running stateful action) |
//! | `tick_with(ctx, &mut observer)`, `halt_with(..)` | the same, reporting every node's result to an [`Observer`] |
//! | `status() -> Option<Status>` | the root's last status (`None` before the first tick and after a halt) |
//! | `NODE_COUNT`, `NODES: &[NodeInfo]` | `const` metadata: each node's name, kind, parent, depth; ids are pre-order positions |
//!
//! The struct also implements [`BehaviorTree`] for generic code. It holds all of its state inline
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
//! | `AlwaysSuccess`, `AlwaysFailure` | constant leaves |
//! | `AlwaysRunning` | `Running` on every tick; a placeholder, or a body to be pre-empted ([`leaves::always_running`]) |
//! | `Sleep(ms)` | `Running` until `ms` milliseconds have passed since its first tick, then `Success`; `Sleep(0)` succeeds at once (decision 7; see [Time](#time)) ([`leaves::Sleep`]) |
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
//! # Nodes
//!
//! Each node's rule is a small documented type or function in [`control`], [`decorator`] or
//! [`leaves`], with its truth table; the macro only wires them. Names are BehaviorTree.CPP's;
//! behavior3's `MemSequence` and `MemPriority`, and the common `Selector`, `ReactiveSelector`,
//! `Retry` and `Invert`, are aliases of the nodes with the same rule. "Decision n" refers to
//! `spec/decisions.md`, where the rules that differ from BehaviorTree.CPP (or choose between the
//! sources) are listed.
//!
//! | node | rule |
//! |---|---|
//! | `Sequence { .. }` (alias `MemSequence`) | children in order while they succeed; resumes at the running child; a failure restarts from the first ([`control::Sequence`]) |
//! | `SequenceWithMemory { .. }` (alias `SequenceStar`) | like `Sequence`, but a failure or a halt keeps the position: the next activation re-ticks the failed/halted child, not the earlier ones; no yield between children (decision 2) ([`control::SequenceWithMemory`]) |
//! | `ReactiveSequence { .. }` | restarts from the first child every tick; a failure or an earlier running child halts the later running one ([`control::ReactiveSequence`]) |
//! | `AsyncSequence { .. }` | a `Sequence` that yields: after a child that succeeds at once, `Running` with no child running, and the next child on the next tick ([`control::AsyncSequence`]) |
//! | `Fallback { .. }` (aliases `Selector`, `MemPriority`) | children in order until one succeeds; resumes at the running child ([`control::Fallback`]) |
//! | `ReactiveFallback { .. }` (alias `ReactiveSelector`) | restarts from the first child every tick; a higher-priority success or running child halts the lower one ([`control::ReactiveFallback`]) |
//! | `AsyncFallback { .. }` | a `Fallback` that yields after a child that fails at once ([`control::AsyncFallback`]) |
//! | `Parallel(success = S, failure = F) { .. }` | ticks every child not yet completed, on every tick; `Success` once `S` succeeded, `Failure` once `F` failed (exactly) or `S` became impossible, deciding after each child and halting the running ones; defaults `-1` (all) and `1`; negative counts from the end; with a negative `S` skipped children count (decision 8) ([`control::Parallel`]) |
//! | `ParallelAll(max_failures = N) { .. }`, `ParallelAll(N)` | ticks every child not yet completed until all have completed; then `Failure` if at least `N` failed (default 1), else `Success` (decision 8) ([`control::ParallelAll`]) |
//! | `IfThenElse { cond, then, else? }` | ticks the condition until it completes, then the branch it chose, in the same tick; the running branch is remembered, the condition not re-checked; no else: `Failure`; a skipped condition skips the node (BehaviorTree.CPP: an error) ([`control::IfThenElse`]) |
//! | `WhileDoElse { cond, then, else? }` | re-ticks the condition every tick; switching branch halts the running one first; a running condition leaves the branches alone; a skipped condition halts them and skips ([`control::WhileDoElse`]) |
//! | `Switch(entry) { case v => c, .., _ => default }` | every tick, the first case `==` the entry's value, else the default (decision 12); a different child that was running is halted first; any number of cases, any `PartialEq` entry ([`control::Switch`]) |
//! | `TryCatch { try_child, .., catch }`, `TryCatch(catch_on_halt = true)` | the try children run as a `Sequence`; when one fails, the catch child runs (same tick) and the node fails whatever it answers; with `catch_on_halt`, a halt in the try block ticks the catch child once ([`control::TryCatch`]) |
//! | `Inverter { c }` (alias `Invert`) | swaps Success and Failure ([`decorator::inverter`]) |
//! | `ForceSuccess { c }`, `ForceFailure { c }` | a completed child counts as Success / Failure |
//! | `Repeat(n) { c }`, `Repeat(forever) { c }` | runs the child until it succeeded `n` times, one completion per tick; fails on the first failure (decision 1) ([`decorator::Repeat`]) |
//! | `RetryUntilSuccessful(n) { c }`, `(forever)` (alias `Retry`) | retries a failing child, one attempt per tick, at most `n` attempts (decision 1) ([`decorator::RetryUntilSuccessful`]) |
//! | `KeepRunningUntilFailure { c }` | Running until the child fails ([`decorator::keep_running_until_failure`]) |
//! | `RunOnce { c }`, `RunOnce(then_skip = false) { c }` | ticks the child until it completes once; then Skipped (or its remembered status) forever ([`decorator::RunOnce`]) |
//! | `Delay(ms) { c }` | `Running` from the first tick of an activation (even for 0 ms) until `ms` have passed, then ticks the child and passes its status through (decision 7) ([`decorator::Delay`]) |
//! | `Timeout(ms) { c }` | ticks the child; still running when `ms` have passed since the first tick: halts it without ticking it, `Failure`; `Timeout(0)` never times out (decision 7) ([`decorator::Timeout`]) |
//! | `Precondition(\|bb\| cond, else = Failure) { c }` | checks `cond` when the child is not running: false answers `else` (any status, default `Failure`) without the child; a running child is ticked without checking; a halt clears that latch (decision 5) ([`decorator::precondition`]) |
//! | `Loop(queue, value = {e}, if_empty = Success) { c }` | one item of the `queue` entry (a [`LoopQueue`]: [`Deque`] or `VecDeque`) per tick, popped into `e` before the child; `Running` while items remain; the child's failure fails; empty: `if_empty`; a skipped child counts as done (decision 6) ([`decorator::loop_start`]) |
//! | `SubTree(Child, x = {a}, ..)` | another generated tree as a node; its root's status passes through ([`subtree`]) |
//!
//! Known names that are not offered (`ManualSelector`, `Switch2` .. `Switch6`, `LoopInt` ..
//! `LoopString`, `ConsumeQueue`, ...) are compile errors that say what to write instead.
//!
//! ## Switch
//!
//! The entry may be of any type with `==`: an enum, a number, a `String` (compared with `&str`
//! cases). Cases are Rust expressions, checked against the entry's type by rustc at the case.
//!
//! ```
//! use bt::{behavior_tree, Status};
//!
//! #[derive(Clone, Copy, Debug, Default, PartialEq)]
//! pub enum Alert {
//!     #[default]
//!     Calm,
//!     Suspicious,
//!     Alarmed,
//! }
//!
//! #[derive(Default)]
//! pub struct Guard {
//!     log: Vec<&'static str>,
//! }
//!
//! behavior_tree! {
//!     tree Guarding for Guard {
//!         blackboard { alert: Alert }
//!         Switch(alert) {
//!             case Alert::Suspicious => Action(|guard| { guard.log.push("investigate"); true }),
//!             case Alert::Alarmed => Action(|guard| { guard.log.push("raise the alarm"); true }),
//!             _ => Action(|guard| { guard.log.push("patrol"); true }),
//!         }
//!     }
//! }
//!
//! let (mut tree, mut guard) = (Guarding::new(), Guard::default());
//! tree.tick(&mut guard);
//! tree.blackboard_mut().alert = Alert::Alarmed;
//! tree.tick(&mut guard);
//! tree.blackboard_mut().alert = Alert::Calm;
//! assert_eq!(tree.tick(&mut guard), Status::Success);
//! assert_eq!(guard.log, ["patrol", "raise the alarm", "patrol"]);
//! ```
//!
//! # Time
//!
//! `Delay`, `Timeout` and `Sleep` never read the system clock: a tree that uses one requires its
//! context to implement [`Clock`] (`fn now(&self) -> Duration`), and each time node reads it once
//! per tick. Keep a [`StdClock`] in the context for real time, or a [`ManualClock`] that only
//! moves when told to, for tests and simulations; a tree without time nodes asks for nothing.
//! Durations are whole milliseconds, compared inclusively (`now - start >= ms`), so with a
//! `ManualClock` every tick is exact.
//!
//! ```
//! use bt::{behavior_tree, Clock, ManualClock, Status};
//! use core::time::Duration;
//!
//! pub struct Robot {
//!     clock: ManualClock, // real time: a `bt::StdClock`
//! }
//!
//! impl Clock for Robot {
//!     fn now(&self) -> Duration {
//!         self.clock.now()
//!     }
//! }
//!
//! behavior_tree! {
//!     /// Pause 200 ms, then wait for the door to open, one second at most.
//!     tree Door for Robot {
//!         blackboard { door_open: bool }
//!         Sequence {
//!             Sleep(200),
//!             Timeout(1_000) {
//!                 Precondition(|bb| bb.door_open, else = Running) { AlwaysSuccess }
//!             },
//!         }
//!     }
//! }
//!
//! let mut robot = Robot { clock: ManualClock::new() };
//! let mut door = Door::new();
//! assert_eq!(door.tick(&mut robot), Status::Running); // the pause starts at 0 ms
//! robot.clock.advance_ms(200);
//! assert_eq!(door.tick(&mut robot), Status::Running); // paused; the timeout starts at 200 ms
//! robot.clock.advance_ms(999);
//! assert_eq!(door.tick(&mut robot), Status::Running); // still closed
//! robot.clock.advance_ms(1);
//! assert_eq!(door.tick(&mut robot), Status::Failure); // 1,000 ms of waiting: timed out
//!
//! door.blackboard_mut().door_open = true;
//! assert_eq!(door.tick(&mut robot), Status::Running); // a new pause
//! robot.clock.advance_ms(200);
//! assert_eq!(door.tick(&mut robot), Status::Success);
//! ```
//!
//! A context without a clock is a compile error naming the trait to implement.
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
//! * [`Status::Skipped`] (from `RunOnce`, a `#[skip_if]`, a `Precondition` or `Loop` told so) is
//!   passed over by composites; a composite whose children were all skipped is skipped.
//! * The exception to the synchronous tick: `AsyncSequence` and `AsyncFallback` yield after a child
//!   that completed at once, as in BehaviorTree.CPP.
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
//! leaf type that does not implement the trait its kind needs, a `Parallel` threshold above its
//! number of children, a `Switch` without its default last, an unknown, repeated or missing
//! parameter, a case value of the wrong type. `tests/ui/` holds one case per diagnostic.
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
