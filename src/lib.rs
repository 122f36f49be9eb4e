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
//! header := tree Name ( <'a, W: Bound, ..> )? for ContextType ( , error ErrorType )? ( , rng = context )?
//!           ( where W: Bound, .. )?
//! node := #[name = "..."]? #[id = "..."]?  Kind ( (arguments) )? ( { node, node, .. } )?
//! child of a Switch := ( case VALUE => | _ => ) node
//! arguments of the kinds with parameters := value, .., name = value, ..   e.g. Parallel(success = 2)
//! ```
//!
//! `error ErrorType` lets leaves fail with an error ([`TryCondition`] and its kin); `rng = context`
//! makes the random nodes draw from the context (see [Randomness](#randomness)).
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
//! For generic code, every tree implements [`Tree<ContextType>`](Tree) (with
//! [`TreeBase`]: `try_tick`, `halt`, `status`, `blackboard`, `NODES`, `new`, and the `Error`
//! type, `Infallible` without `error`), whatever its error type and its context's lifetimes; a
//! tree without an error type and without context lifetimes also implements the older
//! [`BehaviorTree`] (see [Generic trees and the tree trait](#generic-trees-and-the-tree-trait)).
//! It holds all of its state inline (`new`, `tick` and `halt` never allocate) and is
//! `Send`/`Sync` when its leaves are.
//!
//! Commas between children are optional. `#[name = "..."]` names a node for traces, exports and
//! [`NodeInfo::find`]. A name is a label, as in BehaviorTree.CPP: several nodes may share one
//! (`find` gives the first, [`NodeInfo::find_all`] every one); a node's id identifies it.
//! `#[id = "..."]` gives a node of a type of yours (`Action(Type)`, `Condition(Type)`,
//! `StatefulAction(Type)`, `Control(Type)`, `Decorator(Type)`) its BehaviorTree.CPP ID, which the
//! metadata ([`NodeInfo::leaf_type`]), the exports and Groot2 show in place of the type's name,
//! and which names the node when it has no `#[name]`: a node of an XML tree keeps the ID its file
//! gives it (`ComputePathToPose = Action(nav::ComputePath)` exports `<ComputePathToPose>`).
//!
//! **Warnings.** What compiles and runs but is most likely not meant is a warning at the node
//! (the use of a deprecated item, the one way a macro warns on stable Rust; `#[allow(deprecated)]`
//! on the module silences it): `Repeat(0)` and `RetryUntilSuccessful(0)`, which never tick their
//! child (they answer `Success` and `Failure` at once, as in BehaviorTree.CPP); the children after
//! an `AlwaysSuccess` in a fallback or an `AlwaysFailure` in a sequence (without a condition
//! attribute), never ticked; a `Switch` case that an earlier case already matches (the same
//! value, or a whole number in an earlier range); an `#[on_halted]` on a node that never answers
//! `Running` (only a running node is halted); a blackboard entry no node uses.
//!
//! ## Under another name
//!
//! The package is `bt-compiled` and its library `bt`, so a dependency written
//! `bt-compiled = "0.1"` is `bt` in code. A crate may give it another name
//! (`behave = { package = "bt-compiled", .. }` in Cargo.toml): `behave::behavior_tree!` works
//! as it is, because the code it generates reaches this crate through the macro's `$crate`, not
//! through a name. `#[derive(Ports)]` cannot see that path, so such a crate tells it once per
//! type:
//!
//! ```text
//! #[derive(Default, behave::Ports)]
//! #[port(crate = behave)]
//! pub struct MoveTo { pub goal: behave::Input<(i32, i32)> }
//! ```
//!
//! (`extern crate behave as bt;` at the crate's root does it for every type: it makes `bt` a
//! name in every module.) `tests/renamed/` is such a crate, built by `cargo test --workspace`.
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
//! | `AlwaysSuccess`, `AlwaysFailure` (behavior3: `Succeeder`, `Failer`) | constant leaves |
//! | `AlwaysRunning` (behavior3: `Runner`) | `Running` on every tick; a placeholder, or a body to be pre-empted ([`leaves::always_running`]) |
//! | `Sleep(ms)` | `Running` until `ms` milliseconds have passed since its first tick, then `Success`; `Sleep(0)` succeeds at once (decision 7; see [Time](#time)) ([`leaves::Sleep`]) |
//! | `Wait(ms)` | behavior3's Wait: `Running` until *more than* `ms` milliseconds have passed since its first tick, then `Success` (the context implements [`Clock`]) |
//! | `Error(value)` | fails the tick with `value.into()`, in a tree with an error type ([Errors](#errors)) |
//! | `SetBlackboard(entry = value)`, `SetBlackboard(entry = {other})` | writes the value (or copies the entry `other`) into the blackboard entry; `Success` |
//! | `UnsetBlackboard(entry)` | clears an `Option` entry; `Success` |
//! | `Script(\|bb\| statements)` | runs the statements over the blackboard; `Success` |
//! | `ScriptCondition(\|bb\| condition)` | `Success` if the condition over the blackboard holds, else `Failure` |
//! | `WasEntryUpdated(entry)` | `Success` once per new version of a `#[tracked]` entry, else `Failure` ([`decorator::EntryUpdated`]) |
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
//!   A closure of a tree cannot capture a local variable of the function that declares the tree
//!   (rustc's E0434: the tree is a type, its nodes are its methods): give the value through the
//!   context or a blackboard entry, or make it a `const`.
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
//! actions. The rules and their reasons are in [`subtree`]; `docs/tour.md` in the repository has an example.
//!
//! `SubTree(Child, agent = |ctx| &mut ctx.pet, ..)` (NodeCanvas's Override Agent) runs the child on
//! a part of the context: `Child` is a tree over the type of `ctx.pet`, and every tick and halt of
//! the child receives that part (rustc checks the closure's type against the child's context).
//!
//! # Generic trees and the tree trait
//!
//! A tree may have type parameters, with bounds and a `where` clause, and lifetimes: one
//! behaviour for every context that implements a trait, as a library of reusable behaviours
//! needs. The struct, its blackboard (whose entries may name the parameters) and every impl carry
//! them; the parameters cost no byte (a zero-sized `PhantomData<fn() -> W>`, which keeps the tree
//! `Send`, `Sync` and covariant). A generic tree is a subtree like any other, given its
//! parameters: concrete (`SubTree(Guard<Soldier>)`) or forwarded (`SubTree(Guard<W>)` in a tree
//! generic over `W`). An XML invocation's parameters are those of every tree of its document.
//!
//! ```
//! use bt::{behavior_tree, Status};
//!
//! pub trait Senses {
//!     fn enemy(&self) -> Option<u32>;
//!     fn attack(&mut self, enemy: u32) -> bool;
//! }
//!
//! behavior_tree! {
//!     /// Attack what is seen, for any world that senses.
//!     pub tree Guard<W: Senses> for W {
//!         blackboard { last: Option<u32> = None }
//!         Sequence {
//!             Condition(|world| world.enemy().is_some()),
//!             Action(|world, bb| { bb.last = world.enemy(); world.attack(bb.last.unwrap()) }),
//!         }
//!     }
//! }
//!
//! pub struct Turret { target: Option<u32>, ammo: u32 }
//! impl Senses for Turret {
//!     fn enemy(&self) -> Option<u32> { self.target }
//!     fn attack(&mut self, _: u32) -> bool { self.ammo = self.ammo.saturating_sub(1); self.ammo > 0 }
//! }
//!
//! let mut guard = Guard::new(); // `Guard<Turret>`, inferred from the context
//! let mut turret = Turret { target: Some(7), ammo: 3 };
//! assert_eq!(guard.tick(&mut turret), Status::Success);
//! assert_eq!(guard.blackboard().last, Some(7));
//! ```
//!
//! A lifetime in the context that the tree does not declare (`tree Guard for Npc<'a>`) is the
//! functions': `tick` is generic over it, and the tree borrows nothing. A lifetime the tree
//! declares (`tree Greeter<'s> for Npc<'a>`) is the struct's, for a blackboard that borrows.
//! Not supported, each a compile error that says so: const parameters, and defaults of type
//! parameters.
//!
//! Code that takes any tree names [`Tree<Ctx>`](Tree), which every tree implements for its
//! context type, for every lifetime of it (`impl<'a> Tree<Npc<'a>> for Guard`), whatever its
//! error type ([`TreeBase::Error`], [`Infallible`](core::convert::Infallible) without `error`):
//!
//! ```
//! use bt::{behavior_tree, Status, Tree};
//!
//! pub struct Npc<'a> { hp: &'a mut u32 }
//!
//! behavior_tree! {
//!     pub tree Medic for Npc<'a> {
//!         Fallback { Condition(|npc| *npc.hp >= 10), Action(|npc| { *npc.hp += 5; true }) }
//!     }
//! }
//!
//! #[derive(Debug, PartialEq)]
//! pub struct Hurt;
//!
//! behavior_tree! {
//!     pub tree Fragile for Npc<'a>, error Hurt {
//!         Condition(|npc| if *npc.hp == 0 { Err(Hurt) } else { Ok(true) })
//!     }
//! }
//!
//! /// Any tree over `Npc<'a>`, whatever `'a` and whatever its error type.
//! fn tick_npc<T: for<'a> Tree<Npc<'a>>>(tree: &mut T, hp: &mut u32) -> Result<Status, T::Error> {
//!     tree.try_tick(&mut Npc { hp })
//! }
//!
//! let mut hp = 3;
//! assert_eq!(tick_npc(&mut Medic::new(), &mut hp), Ok(Status::Success));
//! assert_eq!(hp, 8);
//! hp = 0;
//! assert_eq!(tick_npc(&mut Fragile::new(), &mut hp), Err(Hurt));
//! ```
//!
//! [`TreeBase`], its supertrait, holds what does not depend on the context, among it `Context`,
//! the context type with `'static` for the lifetimes `tick` is generic over (`Npc<'static>`):
//! the name of the family of contexts, for a scheduler that builds the context itself (the Bevy
//! plugin does). [`BehaviorTree`], one context type and a `tick` that cannot fail, is
//! implemented by bt-core for every tree without an error type, over that `Context`; [`Tree`]'s
//! docs compare the two.
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
//!    nodes run, and an observer sees every halt; a node is halted after its running children, in
//!    child order, also a child that started running in the aborted tick. The leaf that failed
//!    has finished: it gets no `on_halted`, and none of its hooks runs. The nodes on its path that
//!    *can run* count as running and are halted too (with their `on_halted` and `post` hooks);
//!    those that cannot run are not halted (no hook runs) and start afresh like the others. A
//!    node can run when it can answer `Running`: `StatefulAction`, `SubTree`, `Sleep`, `Wait`,
//!    `AlwaysRunning`; `AsyncSequence`, `AsyncFallback`, `Parallel`, `KeepRunningUntilFailure`,
//!    `WaitValueUpdate`, `Delay`, `Loop`, `Iterate`, `Guard`, `WaitUntil`, `RepeatUntil`,
//!    `RepeatUntilFailure` and `RepeatUntilSuccess` whatever their children; `Repeat`,
//!    `RetryUntilSuccessful`, `Repeater` and `RepeatTimes` unless their count is 0 (never) or 1
//!    (when their child can); `Precondition` when its child can or its `else` is `Running`; any
//!    other composite or decorator when one of its children can;
//! 3. `tick` returns `Err(e)`, and `status()` is `None`; an observer sees the abort of the failing
//!    leaf and of each of its ancestors ([`Observer::on_aborted`]) as the error leaves them, then
//!    the halts, then the root's abort, which ends the tick: a [`TickTrace`] shows the tree with
//!    its root and the failing leaf's path marked `aborted`, and `JsonTrace` ends the tick with
//!    the root's `ABORTED` line ([Observers](#observers));
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
//! * A tree with an error type does not implement [`BehaviorTree`] (whose `tick` cannot fail;
//!   it implements [`Tree`], whose `try_tick` returns its error), and cannot be the child of a
//!   `SubTree` node. An infallible tree can be a `SubTree` of a
//!   fallible one: its running actions are halted when the parent's tick fails.
//! * A halt cannot fail: when the catch child of `TryCatch(catch_on_halt = true)`, ticked during
//!   a halt, fails with an error, its tick stops there as any tick does, the child counts as
//!   failed, what its tick left running is halted (as after any error), and the error is
//!   dropped.
//! * Such a tree never resumes a running action directly ([`resume`]): every tick walks from
//!   the root, which is what lets an error reach the caller through every node.
//! * `Error(..)` in a tree without an error type is a compile error that says to declare one.
//!
//! # Nodes
//!
//! Each node's rule is a small documented type or function in [`control`], [`decorator`] or
//! [`leaves`], with its truth table; the macro only wires them. Names are BehaviorTree.CPP's;
//! behavior3's `MemSequence` and `MemPriority`, and the common `Selector`, `ReactiveSelector`,
//! `Retry` and `Invert`, are aliases of the nodes with the same rule; behavior3's other nodes have
//! their own kinds ([Coming from behavior3](#coming-from-behavior3)). "Decision n" refers to
//! `spec/decisions.md`, where the rules that differ from BehaviorTree.CPP (or choose between the
//! sources) are listed. NodeCanvas's nodes and Unreal Engine's observer aborts follow the table.
//!
//! | node | rule |
//! |---|---|
//! | `Sequence { .. }` (alias `MemSequence`) | children in order while they succeed; resumes at the running child; a failure restarts from the first ([`control::Sequence`]) |
//! | `SequenceWithMemory { .. }` (alias `SequenceStar`) | like `Sequence`, but a failure or a halt keeps the position: the next activation re-ticks the failed/halted child, not the earlier ones; no yield between children (decision 2) ([`control::SequenceWithMemory`]) |
//! | `ReactiveSequence { .. }` | restarts from the first child every tick; a failure or an earlier running child halts the later running one ([`control::ReactiveSequence`]) |
//! | `AsyncSequence { .. }` | a `Sequence` that yields: after a child that succeeds at once, `Running` with no child running, and the next child on the next tick ([`control::AsyncSequence`]) |
//! | `Fallback { .. }` (aliases `Selector`, `MemPriority`) | children in order until one succeeds; resumes at the running child ([`control::Fallback`]) |
//! | `ReactiveFallback { .. }` (aliases `ReactiveSelector`, `Priority`) | restarts from the first child every tick; a higher-priority success or running child halts the lower one ([`control::ReactiveFallback`]) |
//! | `AsyncFallback { .. }` | a `Fallback` that yields after a child that fails at once ([`control::AsyncFallback`]) |
//! | `Parallel(success = S, failure = F) { .. }` | ticks every child not yet completed, on every tick; `Success` once `S` succeeded, `Failure` once `F` failed (exactly) or `S` became impossible, deciding after each child and halting the running ones; defaults `-1` (all) and `1`; negative counts from the end; with a negative `S` skipped children count (decision 8); each must come to 1 ..= the number of children, checked at compile time (BehaviorTree.CPP 4.8.2 accepts one that comes to 0, which decides before any child does) ([`control::Parallel`]) |
//! | `ParallelAll(max_failures = N) { .. }`, `ParallelAll(N)` | ticks every child not yet completed until all have completed; then `Failure` if at least `N` failed (default 1), else `Success` (decision 8); `N` comes to 1 ..= the number of children (0 would fail whatever the children answer: a compile error) ([`control::ParallelAll`]) |
//! | `IfThenElse { cond, then, else? }` | ticks the condition until it completes, then the branch it chose, in the same tick; the running branch is remembered, the condition not re-checked; no else: `Failure`; a skipped condition skips the node (BehaviorTree.CPP: an error) ([`control::IfThenElse`]) |
//! | `WhileDoElse { cond, then, else? }` | re-ticks the condition every tick; switching branch halts the running one first; a running condition leaves the branches alone; a skipped condition halts them and skips ([`control::WhileDoElse`]) |
//! | `Switch(entry) { case v => c, .., _ => default }` | every tick, the first case `==` the entry's value, else the default (decision 12); a different child that was running is halted first; any number of cases, any `PartialEq` entry ([`control::Switch`]) |
//! | `TryCatch { try_child, .., catch }`, `TryCatch(catch_on_halt = true)` | the try children run as a `Sequence`; when one fails, the catch child runs (same tick) and the node fails whatever it answers; with `catch_on_halt`, a halt in the try block ticks the catch child once ([`control::TryCatch`]) |
//! | `Inverter { c }` (alias `Invert`) | swaps Success and Failure ([`decorator::inverter`]) |
//! | `ForceSuccess { c }`, `ForceFailure { c }` | a completed child counts as Success / Failure |
//! | `Repeat(n) { c }`, `Repeat(forever) { c }` | runs the child until it succeeded `n` times, one completion per tick; fails on the first failure (decision 1) ([`decorator::Repeat`]) |
//! | `RetryUntilSuccessful(n) { c }`, `(forever)` (alias `Retry`) | retries a failing child, one attempt per tick, at most `n` attempts (decision 1) ([`decorator::RetryUntilSuccessful`]) |
//! | `KeepRunningUntilFailure { c }` | Running until the child fails ([`decorator::keep_running_until_failure`]) |
//! | `SkipUnlessUpdated(entry) { c }` | ticks the child when the `#[tracked]` entry was written since the node last looked (a running child without looking), else `Skipped` ([`decorator::EntryUpdated`]) |
//! | `WaitValueUpdate(entry) { c }` | the same, but `Running` while it waits ([`decorator::EntryUpdated`]) |
//! | `RunOnce { c }`, `RunOnce(then_skip = false) { c }` | ticks the child until it completes once; then Skipped (or its remembered status) forever ([`decorator::RunOnce`]) |
//! | `Delay(ms) { c }` | `Running` from the first tick of an activation (even for 0 ms) until `ms` have passed, then ticks the child and passes its status through (decision 7) ([`decorator::Delay`]) |
//! | `Timeout(ms) { c }` | ticks the child; still running when `ms` have passed since the first tick: halts it without ticking it, `Failure`; `Timeout(0)` never times out (decision 7) ([`decorator::Timeout`]) |
//! | `Precondition(\|bb\| cond, else = Failure) { c }` | checks `cond` when the child is not running: false answers `else` (any status, default `Failure`) without the child; a running child is ticked without checking; a halt clears that latch (decision 5) ([`decorator::precondition`]) |
//! | `Loop(queue, value = {e}, if_empty = Success) { c }` | one item of the `queue` entry (a [`LoopQueue`]: [`Deque`] or `VecDeque`) per tick, popped into `e` before the child; `Running` while items remain; the child's failure fails; empty: `if_empty`; a skipped child counts as done (decision 6) ([`decorator::loop_start`]) |
//! | `SubTree(Child, x = {a}, ..)` | another generated tree as a node; its root's status passes through ([`subtree`]) |
//! | `Control(Type) { .. }`, `Decorator(Type) { c }` | a control node or decorator of yours: a type implementing [`ControlNode`] or [`DecoratorNode`] that ticks its children through a generated handle ([Your own control nodes and decorators](#your-own-control-nodes-and-decorators)) |
//! | `Limiter(n) { c }` | ticks the child until it has completed `n` times over the tree's life, then fails ([`decorator::Limiter`]) |
//! | `MaxTime(ms) { c }` | fails when more than `ms` passed since the activation began, whatever the child answers, halting it if it runs ([`decorator::MaxTime`]) |
//! | `Repeater(n) { c }`, `Repeater(forever) { c }` | runs the child `n` times, successes and failures alike, one completion per tick; answers the last ([`decorator::Repeater`]) |
//! | `RepeatUntilFailure(n) { c }`, `RepeatUntilSuccess(n) { c }`, `(forever)` | behavior3's names for `Repeat` and `RetryUntilSuccessful` (`n` > 0) |
//!
//! Known names that are not offered (`ManualSelector`, `Switch2` .. `Switch6`, `LoopInt` ..
//! `LoopString`, `ConsumeQueue`, ...) are compile errors that say what to write instead.
//!
//! ## Switch
//!
//! The entry may be of any type with `==`: an enum, a number, a `String` (compared with `&str`
//! cases). A case is a value (a Rust expression, checked against the entry's type by rustc at the
//! case), or a pattern of values as in a `match`: `case 1 | 2 =>` is either value (never the
//! bitwise or of 1 and 2: write `case (FLAG_A | FLAG_B) =>` for that value), and a range
//! (`case 3..=5`, `case 10..`, `case ..0`) holds the values it contains (the entry's type needs
//! `PartialOrd` then). The first case that holds selects its child.
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
//! # Your own control nodes and decorators
//!
//! A node the catalogue does not have (a pipeline sequence, a recovery node, a rate
//! controller: what most BehaviorTree.CPP projects write for themselves) is a type of yours
//! implementing [`ControlNode`] (any number of children) or [`DecoratorNode`] (one child), used
//! as `Control(Type) { .. }` or `Decorator(Type) { child }`. Like a leaf's, the type is built
//! with `Default` or written `Control(Type = expression)`, and its ports (`#[derive(Ports)]`)
//! are bound after a comma: `Decorator(RateController, hz = 10.0)`. From XML, an ID is mapped
//! to one in `nodes { PipelineSequence = Control(Pipeline) }`.
//!
//! The node's `tick` receives a handle the tree generates for it ([`Children`], or [`Child`]
//! for a decorator), conventionally named `node`: it dereferences to the node itself
//! (`node.failures += 1` reads and writes the node's fields, `node.helper()` calls its methods)
//! and ticks its children: `tick_child(ctx, i)`, `halt_child(ctx, i)`, `halt_children(ctx)`,
//! `child_count()`, `child_status(i)` (what child `i` answered last in this activation) and
//! `child_running(i)`. `on_start` runs before the first tick of each activation (where
//! BehaviorTree.CPP's nodes test for `IDLE`), `on_halted` when a running node is halted. The
//! handle is a small struct of the tree's with a `match` over the children; the node stays in
//! its field of the tree and its `tick` is monomorphised for the handle: nothing is moved, boxed
//! or allocated, and a node of yours costs what the same rule written as a built-in costs.
//!
//! ```
//! use bt::{behavior_tree, Child, Children, ControlNode, DecoratorNode, Status};
//!
//! pub struct World { calls: u32 }
//!
//! /// Gives its child three attempts per activation, one per tick.
//! #[derive(Default)]
//! pub struct ThreeTries { failures: u8 }
//!
//! impl<Ctx: ?Sized> DecoratorNode<Ctx> for ThreeTries {
//!     fn on_start(&mut self, _: &mut Ctx) {
//!         self.failures = 0;
//!     }
//!
//!     fn tick(node: &mut impl Child<Ctx, Self>, ctx: &mut Ctx) -> Status {
//!         match node.tick_child(ctx) {
//!             Status::Failure if node.failures < 2 => {
//!                 node.failures += 1;
//!                 Status::Running
//!             }
//!             status => status,
//!         }
//!     }
//! }
//!
//! /// Ticks its children in turn, one per activation.
//! #[derive(Default)]
//! pub struct Turns { next: usize }
//!
//! impl<Ctx: ?Sized> ControlNode<Ctx> for Turns {
//!     fn tick(node: &mut impl Children<Ctx, Self>, ctx: &mut Ctx) -> Status {
//!         let next = node.next;
//!         let status = node.tick_child(ctx, next);
//!         if status != Status::Running {
//!             node.next = (next + 1) % node.child_count();
//!         }
//!         status
//!     }
//! }
//!
//! behavior_tree! {
//!     tree Turnstile for World {
//!         Control(Turns) {
//!             Decorator(ThreeTries) { Action(|w| { w.calls += 1; false }) },
//!             AlwaysSuccess,
//!         }
//!     }
//! }
//!
//! let (mut tree, mut world) = (Turnstile::new(), World { calls: 0 });
//! assert_eq!(tree.tick(&mut world), Status::Running);
//! assert_eq!(tree.tick(&mut world), Status::Running);
//! assert_eq!(tree.tick(&mut world), Status::Failure); // the third failure
//! assert_eq!(tree.tick(&mut world), Status::Success); // the second child's turn
//! assert_eq!(world.calls, 3);
//! ```
//!
//! **The contract** (BehaviorTree.CPP's `ControlNode`/`DecoratorNode`, with what the tree
//! enforces; [`custom`] has it in full):
//!
//! * the node ticks whichever children it chooses, in any order, as often as it chooses within a
//!   tick (its loops are its own to bound), and may answer `Running` with no child running;
//! * activations: `on_start` runs on the first tick after the node was built, halted or reset.
//!   Under a built-in parent (and at the root) a node is reset as soon as it completes; under a
//!   node of yours it stays completed, and its next tick continues its activation, until that
//!   parent halts it (`halt_child`, which resets a completed child) or completes itself (Nav2's
//!   `PipelineSequence` re-ticks a `RateController` that succeeded, whose period goes on);
//! * when it answers anything but `Running`, the tree halts every child it left running, once,
//!   in child order, and resets them all: a node cannot leak a running child;
//! * when it is halted while running, the tree halts its running children in child order, then
//!   calls its `on_halted` once; a node that is not running is never halted;
//! * ports are live, as BehaviorTree.CPP's `setOutput` and `getInput`: an output the node sets
//!   reaches its entry before any child it ticks afterwards, and the node's inputs bound to
//!   entries are read again after each child (Nav2's `GoalUpdater` sets the new goal, then ticks
//!   the planner, which plans to it);
//! * `MIN_CHILDREN`/`MAX_CHILDREN` bound the number of children, checked when the tree
//!   compiles, the error giving both counts (a `Decorator` has exactly one; `MIN_CHILDREN = 0`
//!   allows `Control(Type)` with none);
//! * in a tree with an error type, a child's error ends the tick: the handle answers `Failure`
//!   without ticking from then on, the node's answer is ignored, the error reaches the caller,
//!   and the tree halts every running node, this one included. A node of [`TryControlNode`] or
//!   [`TryDecoratorNode`] (implemented for your context type) can end the tick with an error of
//!   its own, and then gets no `on_halted`, like a leaf that fails with an error.
//!
//! Observers, `NODES` and the exports see such a node like any other: its kind is `Control` or
//! `Decorator`, its type its name, and `to_xml()` writes it under its type's name with its
//! ports in the `TreeNodesModel`. `cargo run --example nav_recovery` runs a navigation tree in
//! the style of ROS 2 Nav2 from an XML file, with five such nodes (`PipelineSequence`,
//! `RecoveryNode`, `RateController`, `RoundRobin`, `GoalUpdater`).
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
//! # Time
//!
//! The nodes that measure time, `Delay`, `Timeout` and `Sleep`, behavior3's `Wait` and `MaxTime`,
//! and NodeCanvas's `Cooldown` and `Deadline`, never read the system clock: a tree that uses one
//! requires its context to implement [`Clock`] (`fn now(&self) -> Duration`), and each time node
//! reads it once per tick. Keep a [`StdClock`] in the context for real time, or a
//! [`ManualClock`] that only moves when told to, for tests and simulations; a tree without time
//! nodes asks for nothing. Durations are whole milliseconds, compared inclusively
//! (`now - start >= ms`; behavior3's `Wait` and `MaxTime` wait for *more than* `ms`, as behavior3
//! does), so with a `ManualClock` every tick is exact.
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
//! The time nodes keep their times as whole nanoseconds modulo 2^64 in 8 bytes
//! ([`time::Nanos`]) and measure spans by the difference of two times, so they are exact at any
//! time a `Duration` holds: a clock 600 years after its origin, or seconds before
//! `Duration::MAX`, times a `Timeout(1000)` as one at zero does. A duration of 146 years (2^62 ns)
//! or more is 146 years, and a node that waits must be ticked at least once in that long. They read
//! the clock through [`Clock::now_nanos`], which by default converts `now()`. A context that
//! counts time in an integer may override it to skip that conversion (a multiplication and an
//! addition on every read); it must answer what the default would (wrapping, not saturating):
//!
//! ```
//! use bt::{behavior_tree, Clock, Status};
//! use core::time::Duration;
//!
//! /// A simulation stepped in whole milliseconds.
//! pub struct Sim {
//!     now_ms: u64,
//! }
//!
//! impl Clock for Sim {
//!     fn now(&self) -> Duration {
//!         Duration::from_millis(self.now_ms)
//!     }
//!     // The same time, without the conversion.
//!     fn now_nanos(&self) -> u64 {
//!         self.now_ms.wrapping_mul(1_000_000)
//!     }
//! }
//!
//! behavior_tree! {
//!     tree Wait for Sim {
//!         Delay(30) { AlwaysSuccess }
//!     }
//! }
//!
//! let (mut sim, mut wait) = (Sim { now_ms: 0 }, Wait::new());
//! assert_eq!(wait.tick(&mut sim), Status::Running);
//! sim.now_ms = 30;
//! assert_eq!(wait.tick(&mut sim), Status::Success);
//! ```
//!
//! ## Counts and durations
//!
//! Every time parameter (`Delay`, `Timeout`, `Sleep`, `Wait`, `MaxTime`, `Cooldown`, `Deadline`)
//! takes a duration, and every count a count: the loops (`Repeat`, `RetryUntilSuccessful`,
//! `Repeater`, `RepeatUntilFailure`, `RepeatUntilSuccess`, `RepeatTimes`), `Limiter`, `Filter`'s
//! `times` and `Iterate`'s `max`. Either is written:
//!
//! | form | meaning |
//! |---|---|
//! | `500` | a bare integer is **milliseconds**, as in BehaviorTree.CPP's `msec` ports |
//! | `500ms`, `5s`, `1.5s` | with its unit: `ms` or `s` (a whole number of milliseconds); any other suffix is an error |
//! | `TIMEOUT`, `Duration::from_secs(5)`, `2 * RETRIES` | a Rust expression: a [`core::time::Duration`], or an integer of milliseconds ([`time::AsDuration`]); for a count, an integer ([`decorator::AsLimit`]: `-1` is `forever`) |
//! | `{timeout}` | a blackboard entry of such a type, read when the tree runs |
//! | `forever` | no limit (a `Limiter` or a `Filter` that never closes, an `Iterate` over the whole list) |
//!
//! A literal is a constant of the generated code. An expression or an entry is read when the node
//! needs it: `Delay`, `Timeout`, `Sleep`, `Wait`, `MaxTime` and `Deadline` read their duration
//! when they start (the first tick of an activation), as BehaviorTree.CPP reads `msec` when its
//! timer starts, so changing the entry moves the next activation's deadline, not the running
//! one's; `Cooldown` reads it each time it checks whether it is cooling down (before it ticks its
//! child). A loop reads its count on every tick, as BehaviorTree.CPP's `Repeat` reads
//! `num_cycles`, and so do `Limiter`, `Filter` and `Iterate` (raising the entry reopens a
//! `Limiter` that had closed; the count so far is kept).
//! In XML, `msec="{timeout}"` and `num_cycles="{laps}"` are such entries.
//!
//! # Trees from Groot2 / BehaviorTree.CPP XML
//!
//! A tree drawn in Groot2, or written for BehaviorTree.CPP 4, compiles to the same static code:
//! `behavior_tree!` reads the XML file at compile time (a change to the file rebuilds the crate),
//! translates it into the DSL above and compiles that. Its body names the file, maps the XML's
//! node IDs to your leaf types and declares the blackboard's types:
//!
//! ```
//! use bt::{behavior_tree, Condition, Input, Ports, StatefulAction, Status};
//!
//! pub struct World { battery: u32 }
//!
//! #[derive(Default, Ports)]
//! pub struct BatteryOk { min_level: Input<u32> }
//! impl Condition<World> for BatteryOk {
//!     fn check(&mut self, world: &World) -> bool { world.battery >= *self.min_level }
//! }
//!
//! #[derive(Default, Ports)]
//! pub struct MoveTo { goal: Input<&'static str> }
//! impl StatefulAction<World> for MoveTo {
//!     fn on_start(&mut self, world: &mut World) -> Status { self.on_running(world) }
//!     fn on_running(&mut self, world: &mut World) -> Status {
//!         world.battery -= 10;
//!         Status::Success
//!     }
//! }
//!
//! #[derive(Default, Ports)]
//! pub struct Charge { until: Input<u32> }
//! impl StatefulAction<World> for Charge {
//!     fn on_start(&mut self, world: &mut World) -> Status { self.on_running(world) }
//!     fn on_running(&mut self, world: &mut World) -> Status {
//!         world.battery = *self.until;
//!         Status::Success
//!     }
//! }
//!
//! behavior_tree! {
//!     /// `MainTree` of the file; its subtree `Recharge` becomes the type `Recharge`.
//!     pub tree Patrol for World {
//!         xml = "examples/trees/patrol.xml",      // relative to the crate's root
//!         nodes {
//!             IsBatteryOk = Condition(BatteryOk), // the XML's ID = a leaf kind and type
//!             StatefulAction(MoveTo),             // ID `MoveTo`, the type's name
//!             StatefulAction(Charge),
//!         }
//!         blackboard {
//!             low_battery: u32 = 30,
//!             dock: &'static str = "dock",
//!             charges: u32,
//!             laps: u32,
//!         }
//!     }
//! }
//!
//! let mut patrol = Patrol::new();
//! let mut world = World { battery: 100 };
//! assert_eq!(patrol.tick(&mut world), Status::Success); // A, B, C: one lap
//! assert_eq!((patrol.blackboard().laps, world.battery), (1, 70));
//! assert!(Patrol::to_xml().to_string().contains(r#"<SubTree ID="Recharge" station="{dock}""#));
//! ```
//!
//! The items of the body, separated by commas or not:
//!
//! | item | meaning |
//! |---|---|
//! | `xml = "path.xml"` | the file, relative to the crate's root (the directory of its `Cargo.toml`); its `<include path="..">`s are read too, each relative to the file that includes it (for `xml_text`, to the crate's root) |
//! | `xml_text = r#"<root ..>"#` | or the XML itself (BehaviorTree.CPP's `createTreeFromText`) |
//! | `tree = "ID"` | the `<BehaviorTree>` to compile; by default the `main_tree_to_execute`, else the only one |
//! | `nodes { ID = Kind(..), .. }` | each ID of your own nodes: `Condition(Type)`, `Action(Type)`, `StatefulAction(Type)` (also `Type = init` and fixed ports: `Action(Beep, volume = 3)`), or `SubTree(TreeType)` for a tree of yours; `Kind(Type)` alone maps the ID named like the type |
//! | `nodes = registry` | the project's node registry, [`nodes!`]: its mappings, for every tree that names it; a tree may also have `nodes { .. }`, whose mapping of an ID takes the place of the registry's |
//! | `blackboard { name: Type = init, .. }` | the entries' types, initial values and attributes (`#[tracked]`, docs), as in the DSL; needed only for an entry no port types, or for an initial value |
//! | `enums { RED = Color::Red, THE_ANSWER = 42, Color::Blue, .. }` | the scripting enums (BehaviorTree.CPP's `registerScriptingEnum(s)`): each name a script or a `Switch` case may use, and its Rust value; `Type::Variant` alone is named `Variant` |
//!
//! A file whose `<root>` holds a single `<BehaviorTree>` may leave out its `ID`, as
//! BehaviorTree.CPP allows (next to anything else, such as a `<TreeNodesModel>`, it needs one).
//! What becomes what (the table is `bt-core/src/export/vocabulary.rs`, which the export reads too):
//!
//! | XML | DSL |
//! |---|---|
//! | `<Sequence>`, `<SequenceWithMemory>`, `<ReactiveSequence>`, `<Fallback>`, `<ReactiveFallback>`, `<AsyncSequence>`, `<AsyncFallback>`, `<IfThenElse>`, `<WhileDoElse>`, `<Inverter>`, `<ForceSuccess>`, `<ForceFailure>`, `<KeepRunningUntilFailure>`, `<AlwaysSuccess/>`, `<AlwaysFailure/>`, `<AlwaysRunning/>` | the node of the same name |
//! | `<Parallel success_count="2" failure_count="1">` (defaults `-1` and `1`), `<ParallelAll max_failures="1">` (default `1`) | `Parallel(success = 2, failure = 1)`, `ParallelAll(max_failures = 1)` |
//! | `<TryCatch catch_on_halt="true">` (default `false`) | `TryCatch(catch_on_halt = true)` |
//! | `<Switch3 variable="{mode}" case_1="1" case_2="fast" case_3="RED">` and 4 children (`Switch2` .. `Switch6`) | `Switch(mode) { case 1 => .., case "fast" => .., case Color::Red => .., _ => .. }`: a number is converted to the entry's type, a scripting enum is its value, other text a `&str` (for a `String` or `&str` entry); a variable whose cases are all text is a `String` unless declared |
//! | `<LoopInt queue="{q}" value="{v}" if_empty="FAILURE">` (`LoopBool`, `LoopDouble`, `LoopString`; default `SUCCESS`) | `Loop(q, value = {v}, if_empty = Failure)`; `v` is an `i32`, `bool`, `f64` or `String` unless declared, `q` a `VecDeque` of that type unless declared (a [`Deque`] for no allocation) |
//! | `<Delay delay_msec="500">`, `<Timeout msec="1000">`, `<Sleep msec="200"/>` | `Delay(500)`, `Timeout(1000)`, `Sleep(200)` (the context needs a clock: [Time](#time)) |
//! | `<Precondition if="door_open" else="RUNNING">` (default `FAILURE`) | `Precondition(\|bb\| bb.door_open, else = Running)` (`if` is a script condition, below) |
//! | `<Repeat num_cycles="3">`, `<RetryUntilSuccessful num_attempts="-1">` | `Repeat(3)`, `RetryUntilSuccessful(forever)` |
//! | `<RunOnce then_skip="false">` (default `true`) | `RunOnce(then_skip = false)` |
//! | `<SkipUnlessUpdated entry="k">`, `<WaitValueUpdate entry="{k}">`, `<WasEntryUpdated entry="k"/>` | the same node; the entry `k` becomes `#[tracked]` |
//! | `<SetBlackboard output_key="k" value="v"/>`, `<UnsetBlackboard key="k"/>` | `SetBlackboard(k = v)`, `UnsetBlackboard(k)` |
//! | `<Script code=".."/>`, `<ScriptCondition code=".."/>` | `Script(\|bb\| ..)`, `ScriptCondition(\|bb\| ..)` (scripts below) |
//! | `<MoveTo goal="{g}"/>`, `<Action ID="MoveTo" ../>`, `<Condition ID=".." ../>` | the leaf `nodes` maps `MoveTo` to, with each attribute a port: `StatefulAction(MoveTo, goal = {g})` |
//! | `<SubTree ID="Recharge" station="{dock}" level="20"/>` | `SubTree(Recharge, station = {dock}, level = 20)` |
//! | `<SubTree ID="Recharge" _autoremap="true"/>` | `SubTree(Recharge, ..)` |
//! | `<PrioritySelector dynamic="true">` (default `false`; NodeCanvas's, not BehaviorTree.CPP's: as `to_xml()` writes it), each child with a `score`: `score="2"`, `score="{hunger}"`, `score="hunger * 2"` | `PrioritySelector(dynamic = true) { #[score(2)] .., #[score(\|bb\| bb.hunger)] .., #[score(\|bb\| bb.hunger * 2.0)] .. }`: a number, an entry, or a script expression of numbers, read as an `f32` (an entry of another numeric type converted with `as`) |
//! | `name="go home"` | `#[name = "go home"]` (left out when it is the ID) |
//! | `_failureIf`, `_successIf`, `_skipIf`, `_while`, `_onSuccess`, `_onFailure`, `_onHalted`, `_post` | `#[failure_if(\|bb\| ..)]`, `#[success_if]`, `#[skip_if]`, `#[run_while]`, `#[on_success]`, `#[on_failure]`, `#[on_halted]`, `#[post]` |
//! | `_description` and other `_` attributes | nothing (BehaviorTree.CPP keeps them without effect) |
//!
//! **One registry per project.** A project of many trees maps its IDs once, in a registry,
//! `bt::nodes! { pub(crate) nav2 { ComputePathToPose = Action(ComputePath), .. } }` ([`nodes!`]),
//! and each tree names it, `nodes = nav2` (or a path, `nodes = crate::robot::nav2`); with the
//! entries typed by their ports (below), a tree's body is then its file, its registry and its
//! initial values. `cargo run --example nav_recovery` runs two trees of one registry. A
//! workspace whose node types are one crate and its trees another declares the registry `pub`
//! in the first, `bt::nodes! { pub nav2 { .. } }`, with its types named from that crate's root
//! (`crate::nodes::ComputePath`), and the trees of the second name it at that crate's root,
//! `nodes = nav_nodes::nav2` ([`nodes!`] says how its own crate names it; `tests/registry/` and
//! `tests/renamed/` are such a pair).
//!
//! **Values.** An attribute's value is `{key}` (the entry `key`), `{=}` (the entry named like the
//! port), a Rust constant, or text:
//!
//! * a whole number (`12`) is a value of any integer type that holds it (checked when the tree
//!   is built), of `f32` or `f64` (`time_allowance="12"` for an `f64` port is `12.0`, as
//!   BehaviorTree.CPP converts it), or the text itself for a `&str` or `String` port; a real
//!   number (`2.5`) is an `f32` or an `f64` (read as the port's type);
//! * `true`/`false`, a char (`'x'`), a path such as `Mode::Fast` or `f32::MAX`, or a tuple or
//!   array of constants is that Rust constant, checked by rustc against the port's type;
//! * anything else is text, converted by the port's (or entry's) `From<&'static str>`: `&str`
//!   and `String` have it, and a type of yours may implement it. Like every value bound to a port
//!   it is converted on every tick: prefer `Input<&'static str>` to `Input<String>`, which
//!   allocates.
//!
//! The traits behind these rules, [`xml::FromXmlText`], [`xml::FromXmlInt`] and
//! [`xml::FromXmlReal`], say what a type of yours implements to take text, whole numbers or
//! real numbers from the XML.
//!
//! **The blackboard.** Each tree's entries are the keys its nodes use. An entry's type is, in
//! order: its declaration in `blackboard { .. }` (by name, in every tree of the file); the type of
//! an entry it is remapped to (a `SubTree` remapping or `_autoremap` joins entries of two trees);
//! the `type` of a `<TreeNodesModel>` port bound to it (a Rust type, as `to_xml()` writes, or a C++
//! primitive: `int`, `unsigned int`, `double`, `float`, `bool`, `std::string`, ...); the item type
//! of a `Loop` node whose `value` it is (`LoopInt`: `i32`, `LoopBool`: `bool`, `LoopDouble`: `f64`,
//! `LoopString`: `String`); the type of the port of a mapped node bound to it, as its
//! `#[derive(Ports)]` says (`path="{path}"` on a node whose `path` is an `Output<Path>` makes the
//! entry a `Path`; the first such port in the file's order, and every other port bound to the entry
//! must take the same type); the type BehaviorTree.CPP gives another parameter of a built-in node
//! bound to it: a count (`num_cycles="{n}"`, `num_attempts="{n}"`: `i32`, its `int`), a duration
//! (`msec="{t}"`, `delay_msec="{t}"`: `u32`, its `unsigned`), a `Loop`'s queue
//! (`std::collections::VecDeque<T>` of its item type, its `std::deque<T>`: declare a [`Deque`] for
//! no allocation or no `std`), a `Switch`'s `variable` whose cases are all text, neither numbers
//! nor scripting enums (`String`, its `std::string`, compared as text: BehaviorTree.CPP compares a
//! number case as a number too, which no one Rust type does, so such a variable is declared), a
//! `PrioritySelector` child's `score="{e}"` (`f32`, as it is read). These built-in parameters must
//! agree: two that give an entry two types are an error at the second, as BehaviorTree.CPP refuses
//! ports of two types on one entry (declare the entry with a type both nodes take). Last, a
//! `<SetBlackboard output_key="a" value="{b}"/>` gives `a` the type of `b` or `b` that of `a`, and
//! `value="text"` (not a number) makes `a` a `String`, the text BehaviorTree.CPP stores. A
//! `String` or `VecDeque` entry allocates when it is written, as BehaviorTree.CPP's do; declare it
//! `&'static str` (text the XML gives) or a [`Deque`] to keep the tree free of allocation. An entry
//! of none of these is an error that names it. A declared entry no node uses is the main tree's
//! (and warned about unless `#[allow(unused)]`).
//!
//! **Subtrees.** Every `<BehaviorTree>` that a `<SubTree>` runs becomes its own tree type in the
//! same expansion, with the main tree's visibility, named by its ID (an ID that is not a Rust
//! identifier is made one: `recharge-battery` becomes `RechargeBattery`), and used as
//! `SubTree(Type, ..)`: its own blackboard, its remapped entries shared both ways. Two
//! invocations that generate a tree of the same name need their own modules; or map the ID to one
//! tree type with `nodes { Recharge = SubTree(Recharge) }` (a tree of yours, not generated).
//!
//! **Scripts.** `Script`, `ScriptCondition` and the condition attributes take a subset of
//! BehaviorTree.CPP's script language, made a closure over the blackboard:
//!
//! ```text
//! script     := statement ( ";" statement )*
//! statement  := key ( ":=" | "=" | "+=" | "-=" | "*=" | "/=" ) expression | expression
//! expression := or;  or := and ("||" and)*;  and := cmp ("&&" cmp)*
//! cmp        := sum ( ("==" | "!=" | "<" | "<=" | ">" | ">=") sum )?
//! sum        := product (("+" | "-") product)*;  product := unary (("*" | "/") unary)*
//! unary      := ("-" | "!") unary | "(" expression ")" | key | number | 'text' | true | false
//! ```
//!
//! Every identifier is a blackboard entry, or a scripting enum of `enums { .. }`:
//! `battery < 20` is `|bb| bb.battery < 20`, `laps += 1; done := true` is
//! `|bb| { bb.laps += 1; bb.done = true; }` (a `#[tracked]` entry is written with `set`, one
//! update), `color := RED` is `bb.color = Color::Red`. Numbers meet as numbers, as in
//! BehaviorTree.CPP: a whole number next to an `f32`/`f64` entry becomes a real (`speed > 0` is
//! `bb.speed > 0.0`), and an entry of another primitive numeric type than the expression's is
//! converted (`A > B` with `A: i32`, `B: f64` is `(bb.A as f64) > bb.B`; two integer types meet
//! at the one that holds the other's values, `i32` and `i64` at `i64`); `'text'` is a `&str`,
//! assigned through `Into`. **Arithmetic never panics**: on integers, `+ - * /`, a `-` before a
//! value, `+= -= *= /=` and a conversion to an integer type that may not hold the value give the
//! exact result clamped to the type's range (`x += 1` at `i32::MAX` stays `i32::MAX`,
//! `i32::MIN / -1` is `i32::MAX`, an `i64` of 2^40 into an `i32` entry is `i32::MAX`); `/`
//! truncates toward zero, and a division by zero gives the type's maximum for a positive
//! dividend, its minimum for a negative one and 0 for 0 (the translation calls [`script`]'s
//! functions, the same in debug and release builds). Real arithmetic is IEEE's (`x / 0.0` is
//! infinite). BehaviorTree.CPP computes in `double`, and its script throws when the entry's type
//! cannot hold the result; a closure you write in the DSL is Rust, whose `+` panics on overflow
//! in a debug build (call [`script`]'s functions there for these semantics). The pre-conditions (`_failureIf`, `_successIf`, `_skipIf`,
//! `_while`) and `ScriptCondition` take one boolean expression; the post-conditions and `Script`
//! take assignments. A raw `&&` or `<` in an attribute is read as tinyxml2 (BehaviorTree.CPP's
//! parser) reads it, as `&amp;&amp;` and `&lt;`. Outside the subset, with an error naming the
//! attribute: the ternary `?:`, `..` concatenation, the bitwise operators, chained comparisons,
//! `@key` (the root blackboard) and function calls. An identifier that is neither an entry with
//! a type nor a scripting enum is an error at its attribute, with the nearest known name
//! ("did you mean `battery`?").
//!
//! A tree as BehaviorTree.CPP's tutorials write one: no `ID` on its only `<BehaviorTree>`, a
//! scripting enum, a raw `&&`, a `Switch2`, a whole number for a real-valued port:
//!
//! ```
//! use bt::{behavior_tree, Input, Outcome, Ports, Status, SyncAction};
//!
//! #[derive(Clone, Copy, Debug, Default, PartialEq)]
//! pub enum Color { #[default] Red, Blue }
//!
//! #[derive(Default)]
//! pub struct Robot { turned: f64 }
//!
//! #[derive(Default, Ports)]
//! pub struct Spin { spin_dist: Input<f64> }
//! impl SyncAction<Robot> for Spin {
//!     fn execute(&mut self, robot: &mut Robot) -> Outcome {
//!         robot.turned += *self.spin_dist;
//!         Outcome::Success
//!     }
//! }
//!
//! behavior_tree! {
//!     pub tree Tutorial for Robot {
//!         xml_text = r#"
//!             <root BTCPP_format="4">
//!               <BehaviorTree>
//!                 <Sequence>
//!                   <Script code="color := BLUE; laps := 2"/>
//!                   <Switch2 variable="{color}" case_1="RED" case_2="BLUE">
//!                     <AlwaysFailure/>
//!                     <Spin spin_dist="3" _skipIf="laps < 1 && color == RED"/>
//!                     <AlwaysFailure/>
//!                   </Switch2>
//!                 </Sequence>
//!               </BehaviorTree>
//!             </root>"#,
//!         nodes { Action(Spin) }
//!         enums { RED = Color::Red, BLUE = Color::Blue }
//!         blackboard { color: Color, laps: u32 }
//!     }
//! }
//!
//! let mut robot = Robot::default();
//! assert_eq!(Tutorial::new().tick(&mut robot), Status::Success);
//! assert_eq!(robot.turned, 3.0);
//! assert!(Tutorial::to_xml().to_string().contains(r#"<Switch2 variable="{color}" case_1="RED" case_2="BLUE">"#));
//! ```
//!
//! **Not translated** (each a compile error that names it): `ManualSelector` (it asks a person
//! at a terminal), a `Loop` node's literal queue (`queue="1;2;3"`: declare the queue entry with
//! those items), `<include ros_pkg="..">`, BehaviorTree.CPP 3 files, a `Parallel` or
//! `ParallelAll` threshold read from an entry (the DSL checks thresholds against the child count
//! when it compiles), and `_autoremap` together with other remappings of the same `<SubTree>`.
//! A control node or decorator of your own (an unknown element with children) is mapped in
//! `nodes { PipelineSequence = Control(YourType) }` (see "Your own control nodes and
//! decorators"); the error says so. Counts and durations may be entries
//! (`num_attempts="{retries}"`, `msec="{timeout}"`), read when BehaviorTree.CPP reads them: a
//! loop's count on every tick, a duration when its timer starts (see [Counts and
//! durations](#counts-and-durations)); the entry is an `i32` for a count and a `u32` for a duration
//! unless something before types it ("The blackboard", above). A tree nests at most 3,000 levels
//! below its `<BehaviorTree>`, as in the DSL; a deeper file is one error, before it is parsed (the
//! other bounds on an XML file, its size, its elements' attributes, its scripts' nesting, are in
//! [Limits](#limits)).
//!
//! **Errors** found in the XML say where, `path.xml:12:7: unknown node `MoveTo`: ..` (an
//! included file by its own path), and are reported at the `xml = ".."` literal;
//! `tests/ui/xml-*` shows each. What rustc finds in the generated code is reported at the literal
//! too: a value of the XML that its port or entry cannot take says where it is, the node and the
//! port (`path.xml:5:24: `Spin`'s port `spin_dist` is a `f64`, and the XML gives it the text
//! "fast"`), one error per value; so does a required port an element leaves out
//! (`path.xml:6:7: `MoveTo`: the required input port `speed` (a `f32`) is not given: add the
//! attribute `speed=".."` ..`), and every error of the checks the DSL's nodes go through, which
//! names the element (`path.xml:4:5: `RateController` is a decorator and takes exactly one
//! child, found 2`); an entry bound to a port of another type names the attribute's place, the
//! element, the port, the entry, both types and what typed the entry (`path.xml:6:14: `Drive`'s
//! port `metres` is a .., and the XML binds it to the entry `d`, a `f64``, note: `the entry `d`
//! is a `f64` because `Measure`'s port `distance` makes it; ..`); an attribute
//! that is no port of the node's type is one error that says where the attribute is and lists
//! the type's ports (`path.xml:4:13: `MoveTo`: the attribute `sped` names no port of the node`,
//! note: `.. the node's ports are `goal`, `speed``), for a leaf and for a control node or
//! decorator of yours alike; a leaf type that is not a condition names the types, without the
//! element's place. The ports are checked
//! against the list `#[derive(bt::Ports)]` writes: a type without the derive (also one with a
//! hand-written `impl Ports`) works from XML as from the DSL, each attribute a field, but a
//! misspelled attribute is then rustc's "no field `sped` on type `&mut MoveTo`", at the
//! `xml = ".."` literal without the element's place; derive `bt::Ports` on the types your XML
//! uses.
//!
//! **Back to XML.** `Tree::to_xml()` of such a tree gives the trees back: the same elements and
//! attributes, in BehaviorTree.CPP's form, with a leaf's ID being the ID the file gave it, the main
//! tree's ID the Rust tree's name, and scripts in BehaviorTree.CPP's script language
//! (`_onSuccess="laps += 1"`; `:=` for every assignment, a whole number next to a real as
//! `0.0`, a scripting enum by its name). Imported again, that XML gives the same tree (the
//! same `NODES`: `tests/exports/round_trip.rs` checks it for every XML test file and example),
//! and real BehaviorTree.CPP 4.8.2 loads and ticks it (`tests/xml/btcpp/check.sh`). The same
//! holds for a tree written in the DSL with BehaviorTree.CPP's nodes, with two limits: a closure
//! that is not a script of the subset above (it calls a function, reads the context, ..) is
//! written as its Rust source, which BehaviorTree.CPP rejects when it loads the file; a node
//! BehaviorTree.CPP does not have (behavior3's, NodeCanvas's, a `Switch` of more than 6 cases, a
//! `Loop` over items of another type than `i32`, `bool`, `f64` or `String`) is written under its
//! own name, declared in the `<TreeNodesModel>` (Groot2 draws it; neither BehaviorTree.CPP nor
//! the import reads it, but for NodeCanvas's `PrioritySelector`, which the import reads back
//! with its children's scores). A `Switch` case of several values (`1 | 2`) is written as a case
//! per value, each with a copy of the case's child, so that BehaviorTree.CPP runs that child for
//! each value (`Switch(m) { case 1 | 2 => A, _ => B }` is `<Switch2 variable="{m}" case_1="1"
//! case_2="2">` over `A`, `A`, `B`; within 6 cases in all), and so is a range of at most 6 whole
//! numbers between literal bounds (`3..=5` is the cases `3`, `4` and `5`). A range of more values,
//! or with a bound that is not a literal (`3..=MAX`, `10..`), has no such form and is written as
//! its source, which BehaviorTree.CPP compares as text, so it runs the default branch there. A
//! string literal is written as its text (`msg = "lap"` is `msg="lap"`).
//!
//! ## NodeCanvas's nodes
//!
//! NodeCanvas's node catalogue, with its rules (in [`control`] and [`decorator`], by family;
//! [`origins`](origins#nodecanvas) maps NodeCanvas's names to them). Where a NodeCanvas node has
//! the name of a BehaviorTree.CPP node with another rule, it has a name of its own: NodeCanvas's
//! `Parallel` is `PolicyParallel`, `Switch` is `IndexSwitch`, `Timeout` is `Deadline`, `Repeat` is
//! `RepeatTimes` / `RepeatUntil`; its `Sequencer` and `Selector` are `Sequence` and `Fallback`, or,
//! with *Dynamic* or *Random* on, the nodes below. NodeCanvas's `Optional` status is our `Skipped`
//! (a composite moves past it).
//!
//! | node | rule |
//! |---|---|
//! | `RandomSequence { .. }`, `RandomSelector { .. }` | a sequence / selector over an order of the children drawn at random when it starts; resumes at the running child ([`control::RandomSequence`], [`control::RandomSelector`]) |
//! | `ProbabilitySelector(fail = w) { #[weight(w)] child, .. }` | picks one child at random by weight; a child that fails leaves the draw and another is picked in the same tick; `fail` (default 0) is a weight for failing without a child ([`control::ProbabilitySelector`]) |
//! | `PrioritySelector(dynamic = false) { #[score(s)] child, .. }` | the seed's weighted selector: when it starts, orders its children by their scores (the highest first; equal scores in declaration order; `NaN` after every number), then is a selector over that order: a failure or a skip moves on to the next child in the same tick, the first success is the node's, all failed is `Failure`; a running child is resumed on the next tick without reading the scores again. Halted while running: the running child is halted and the order forgotten, as when the node completes ([`control::PrioritySelector`]) |
//! | `PrioritySelector(dynamic = true) { #[score(s)] child, .. }` | NodeCanvas's *Dynamic* mode, a utility selector: every tick the child with the highest score runs and its status is the node's (a failure does not fall back to the next score); a running child keeps running unless another scores strictly higher, which halts it first. Halted while running: the running child is halted ([`control::DynamicPrioritySelector`]) |
//! | `FlipSelector { .. }` | a selector with memory that moves a child that succeeds to the end of its order, for good ([`control::FlipSelector`]) |
//! | `StepSequencer { .. }` | ticks one child per activation, the next one each time ([`control::StepSequencer`]) |
//! | `BinarySelector(\|bb\| c, dynamic = false) { then, otherwise }` | child 0 if the condition holds, else child 1; `dynamic` re-reads it every tick and switches branch ([`control::BinarySelector`]) |
//! | `IndexSwitch(\|bb\| i, out_of_range = Fail, dynamic = false) { .. }` | the child at an integer index; out of range: `Failure`, or `Loop` (`\|i\| % len`) ([`control::IndexSwitch`]) |
//! | `PolicyParallel(FirstFailure, repeat = false) { .. }` | ticks every unfinished child each tick; the first failure (`FirstFailure`), success (`FirstSuccess`) or either (`FirstSuccessOrFailure`) decides, after the other children were ticked; `repeat` re-ticks finished children ([`control::PolicyParallel`]) |
//! | `DynamicSequence { .. }`, `DynamicSelector { .. }` | re-check their `Condition` and `ScriptCondition` children every tick, but latch the results of other completed children until the node completes ([`control::DynamicSequence`], [`control::DynamicSelector`]; decision 9) |
//! | `Interrupt(\|bb\| c) { child }` | when the condition holds: halts a running child, `Failure` ([`decorator::Interrupt`]) |
//! | `Conditional(\|bb\| c, dynamic = false, else = Failure) { child }` | ticks the child if the condition holds when it starts (every tick with `dynamic`, halting the child when it stops holding); else answers `else` ([`decorator::Conditional`]) |
//! | `WaitUntil(\|bb\| c) { child }` | `Running` until the condition holds, then runs the child to its end ([`decorator::WaitUntil`]) |
//! | `RepeatTimes(n) { child }`, `RepeatTimes(forever)`, `RepeatUntil(Success \| Failure)` | NodeCanvas's Repeat: reruns the child, one completion per tick; every completion counts, the `n`-th is the node's answer ([`decorator::Rerun`]) |
//! | `Filter(times = n, count = Completed, filtered = Skipped) { child }` | lets the child complete `n` times (counting `Completed`, `Success` or `Failure` answers) in the tree's life, then answers `filtered` ([`decorator::Filter`]) |
//! | `Cooldown(ms, filtered = Skipped) { child }` | after the child completes, answers `filtered` without it until `ms` have passed ([`decorator::Cooldown`]) |
//! | `Iterate(list, element = {e}, index = {i}, until = Never, max = n, reset_index = true) { child }` | runs the child once per element of a list entry, one element per tick, each element cloned into `e` (and its index into `i`); `until = FirstSuccess` / `FirstFailure` stops early ([`decorator::Iterate`]) |
//! | `Optional { child }` | the child's result does not matter: `Skipped` unless it runs ([`decorator::optional`]) |
//! | `Remap(success = Success, failure = Failure) { child }` | replaces the child's `Success` and `Failure` ([`decorator::remap`]) |
//! | `Guard(\|ctx\| &mut ctx.token, if_guarded = Failure) { child }` | runs the child only while no other Guard holds the [`GuardToken`]; holds it while the child runs ([`decorator::Guard`]) |
//! | `Deadline(ms) { child }` | NodeCanvas's Timeout: ticks the child first; still running `ms` after it started: halted, `Failure` (a completion on the deadline tick wins) ([`decorator::Deadline`]) |
//! | `Observe(\|bb\| c, abort = none) { child }` | Unreal Engine's condition decorator with an observer abort: see [Observer aborts](#observer-aborts) ([`abort`]) |
//!
//! Closures over the blackboard (`|bb| ..`) are read where the rule says: a static
//! `BinarySelector`, `IndexSwitch` or `Conditional` reads its condition only when it starts, and
//! a `PrioritySelector` its children's scores; `Interrupt` on every tick before its child. The
//! time nodes read the context's [`Clock`].
//!
//! **Memory across halts** (decision 13). Some of these nodes remember across activations, also
//! when they or the whole tree are halted, as NodeCanvas keeps them across resets:
//! `FlipSelector`'s order, `StepSequencer`'s position (a halt while running moves on to the next
//! child), `Filter`'s count, `Cooldown`'s last completion and, without `reset_index`, `Iterate`'s
//! position. The other nodes forget everything when they complete or are halted.
//!
//! **Utility attributes.** The children of a `ProbabilitySelector` carry `#[weight(..)]`, those of
//! a `PrioritySelector` `#[score(..)]`: a closure over the blackboard (`#[score(|bb| bb.hunger)]`)
//! or a constant (`#[weight(2)]`, `#[weight(0.5)]`), an `f32`. Every child needs one; a weight or
//! a score elsewhere is an error. In XML, a score is the child's `score` attribute (the XML table
//! above); `to_xml()` writes weights and scores as scripts where they are ones. A weight that is
//! not positive and finite counts as 0; a `NaN` score is lower than any other (`-inf` included).
//! Weights are read on every tick of their parent; scores when the `PrioritySelector` starts, or
//! on every tick with `dynamic = true`.
//!
//! **Guards.** A [`GuardToken`] is a flag the context owns, so every tree ticked with that context
//! (every tree of one agent) shares it: a Guard in one tree blocks a Guard with the same token in
//! another. Tokens are reached through a closure over the context, `Guard(|ctx| &mut ctx.door)`;
//! one token per NodeCanvas token string (fields, or an array indexed by an enum). A Guard releases
//! its token when its child completes or is halted, and the tree's `halt` halts every running
//! Guard: halt a tree before dropping it while a Guard in it runs.
//!
//! ## Observer aborts
//!
//! `Observe(|bb| condition, abort = ..) { child }` is Unreal Engine's blackboard decorator: the
//! condition guards its child, which does not start (and counts as failed) while the condition
//! does not hold; the abort mode says when it is watched afterwards ([`abort`]):
//!
//! * `abort = none` (the default): checked when the child starts, never again;
//! * `abort = self`: also checked on every tick while the child runs; when it stops holding, the
//!   child is halted and the branch fails;
//! * `abort = lower`: on a child of a `Fallback` (alias `Selector`) only. While a later,
//!   lower-priority child of that selector runs, the condition is checked on every tick; when it
//!   starts to hold (it was false when last seen), the running child is halted and the selector
//!   restarts at the guarded child, in the same tick;
//! * `abort = both`: `self` and `lower`.
//!
//! A `Fallback` with an `Observe(.., abort = lower)` (or `both`) child becomes an observer
//! selector ([`abort::ObserverSelector`]): a `Fallback` that owns the conditions of its `Observe`
//! children and watches them before it ticks its running child. Elsewhere an `Observe` checks its
//! own condition ([`abort::ConditionalAbort`]), and `lower` or `both` is a compile error. An
//! observer selector is skipped when every child's latest answer in the activation was
//! `Skipped`: a child walked again after a `lower` abort answers anew (skipped twice, it is one
//! skipped child), and a child blocked or halted by its own condition counts as failed.
//!
//! ```
//! use bt::{behavior_tree, Status};
//! # pub struct World;
//! behavior_tree! {
//!     tree Guardian for World {
//!         blackboard { enemy: bool, patrols: u32 }
//!         Selector {
//!             Observe(|bb| bb.enemy, abort = lower) { AlwaysRunning },    // attack
//!             ReactiveSequence { Script(|bb| bb.patrols += 1), AlwaysRunning }, // patrol
//!         }
//!     }
//! }
//! let mut tree = Guardian::new();
//! assert_eq!(tree.tick(&mut World), Status::Running);  // no enemy: patrols
//! tree.blackboard_mut().enemy = true;
//! assert_eq!(tree.tick(&mut World), Status::Running);  // the patrol is halted: attacks
//! assert_eq!(tree.blackboard().patrols, 1);            // (patrolling counts every tick)
//! ```
//!
//! ## Randomness
//!
//! `RandomSequence`, `RandomSelector` and `ProbabilitySelector` draw from a generator, never from a
//! global one, so a run is deterministic for a given seed:
//!
//! * by default the tree holds its own [`SmallRng`] (8 bytes), seeded with
//!   [`SmallRng::DEFAULT_SEED`] by `new()`; `Tree::seeded(seed)` builds a tree with another seed, and
//!   `tree.reseed(seed)` seeds it again. All random nodes of the tree share it;
//! * `tree T for World, rng = context { .. }` makes the random nodes draw from the context, which
//!   implements [`Rng`] (rustc says so otherwise): one generator for a whole game, or for all trees
//!   of an agent. Such a tree has no generator of its own, and no `seeded`/`reseed`.
//!
//! A tree without random nodes has neither a generator nor these functions. A random composite
//! draws its order when it starts (`N - 1` draws for `N` children), a `ProbabilitySelector` one
//! number when it starts; nothing while it runs. A subtree with random nodes holds its own
//! generator.
//!
//! ```
//! use bt::{behavior_tree, Status};
//! # pub struct World;
//! behavior_tree! {
//!     tree Dice for World {
//!         blackboard { rolls: u32 }
//!         RandomSelector { AlwaysFailure, Script(|bb| bb.rolls += 1) }
//!     }
//! }
//! let (mut a, mut b) = (Dice::seeded(7), Dice::seeded(7));
//! for _ in 0..10 {
//!     assert_eq!(a.tick(&mut World), b.tick(&mut World));  // the same choices
//! }
//! ```
//!
//! ## A state machine as a leaf
//!
//! A tree decides *what* to do; some activities are best written as a state machine of their own
//! (NodeCanvas's nested FSM, a cooking or a reloading sequence with states). Here such a machine is
//! one leaf: a [`StatefulAction`] whose state is a Rust enum.
//!
//! * `on_start` enters the initial state and makes the first transition; `on_running` makes one
//!   transition per tick. A state that is still busy answers `Running`; a final state answers
//!   `Success` or `Failure` (NodeCanvas's success and failure states).
//! * `on_halted` is the exit of whatever state the machine is in (put the fire out, drop the
//!   item), and returns it to rest; it runs exactly once when the tree pre-empts the machine.
//! * The machine's state is a field of the leaf, so of the tree: no allocation, and resuming a
//!   running machine costs what resuming any action costs. Its transitions are ordinary Rust,
//!   checked by the compiler (`match` on the enum is exhaustive), and a state may hold data
//!   (`Stew(minutes_left)`). A state may even tick a generated tree kept in a field, for a tree
//!   inside a state inside a tree.
//!
//! ```
//! use bt::{behavior_tree, StatefulAction, Status};
//!
//! pub struct World { ammo: u32 }
//!
//! /// Reloading: eject the magazine, insert a new one, chamber a round.
//! #[derive(Default)]
//! pub struct Reload { state: Reloading }
//!
//! #[derive(Default, Clone, Copy)]
//! enum Reloading { #[default] Idle, Eject, Insert, Chamber }
//!
//! impl Reload {
//!     fn step(&mut self, world: &mut World) -> Status {
//!         self.state = match self.state {
//!             Reloading::Idle | Reloading::Eject => Reloading::Insert,
//!             Reloading::Insert => Reloading::Chamber,
//!             Reloading::Chamber => {
//!                 world.ammo = 30;
//!                 self.state = Reloading::Idle;
//!                 return Status::Success;
//!             }
//!         };
//!         Status::Running
//!     }
//! }
//!
//! impl StatefulAction<World> for Reload {
//!     fn on_start(&mut self, world: &mut World) -> Status {
//!         self.state = Reloading::Eject;
//!         self.step(world)
//!     }
//!     fn on_running(&mut self, world: &mut World) -> Status {
//!         self.step(world)
//!     }
//!     fn on_halted(&mut self, _: &mut World) {
//!         // The exit of the current state: here, nothing to undo but the state itself.
//!         self.state = Reloading::Idle;
//!     }
//! }
//!
//! behavior_tree! {
//!     tree Soldier for World {
//!         Sequence { Condition(|w| w.ammo == 0), StatefulAction(Reload) }
//!     }
//! }
//!
//! let (mut tree, mut world) = (Soldier::new(), World { ammo: 0 });
//! assert_eq!(tree.tick(&mut world), Status::Running); // Eject -> Insert
//! assert_eq!(tree.tick(&mut world), Status::Running); // Insert -> Chamber
//! assert_eq!(tree.tick(&mut world), Status::Success); // Chamber: loaded
//! assert_eq!(world.ammo, 30);
//! ```
//!
//! `examples/village_npc.rs` cooks this way (`GatherWood → LightFire → Stew(n) → Serve`), under a
//! utility selector that halts the machine when another need wins or a wolf comes by.
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
//! # Where we differ from BehaviorTree.CPP, and why
//!
//! The referee (`tests/referee/` in the repository) compiles a thousand random XML trees and
//! compares every tick with what real BehaviorTree.CPP 4.8.2 does with the same file (ticked with
//! `tick_exactly_once`, halted with `haltTree`): the root status, each leaf call in order, each
//! halt, the blackboard. They agree but for these rows, each a choice of ours (the decision
//! numbers are those of the project's `spec/decisions.md`, continued in `docs/decisions.md`);
//! each is pinned by a test in `tests/behaviour/btcpp_differences.rs`, and the referee ends (or, where only the blackboard
//! differs, resumes from BehaviorTree.CPP's entries) a tree's run at a step that differs only by
//! the rule of the same name.
//!
//! | rule | BehaviorTree.CPP 4.8.2 | we | why |
//! |---|---|---|---|
//! | `SequenceWithMemoryDoesNotYield` | `SequenceWithMemory` returns `RUNNING` after a child that completed at once, and goes on at the next tick: `[S, S, S]` is RUNNING, RUNNING, SUCCESS | goes on in the same tick: `Success` at once | decision 2: a tick is synchronous; only `AsyncSequence`/`AsyncFallback`, whose names say so, yield |
//! | `LoopRestartsAtTheNextTick` | `Repeat` whose child was running and then succeeds (`RetryUntilSuccessful`: fails) restarts it in the same tick | answers `Running` and restarts it at the next tick (a child that completed at once: both wait for the next tick) | decision 1: a tick is bounded; a loop never restarts, in one tick, a child that completed in it |
//! | `SkippedNodeIsIdle` | a decorator or control node whose child was skipped keeps the `RUNNING` it set, so a later reset halts it and runs its `_onHalted` | a node that answered `Skipped` is idle: not halted, no `#[on_halted]` | decision 3: `Skipped` is stored as inactive |
//! | `PreconditionTestsAgainAfterHalt` | a `Precondition` halted while its child ran ticks the child at its next activation without testing `if` | a halt clears that latch: the next activation tests `if` | decision 5 |
//! | `PostRunsAfterHalt` | `_post` runs after `SUCCESS` or `FAILURE` only | `#[post]` runs after a halt too, after `#[on_halted]` | decision 4: `_post` is "after any completion" in BehaviorTree.CPP's own documentation |
//! | `HaltRunsOnHaltedOfRunningNodesOnce` | `haltTree` halts the root and then every node again: every node's `_onHalted` runs, an idle one's once, a running one's twice | `halt` runs `#[on_halted]` of the running nodes it halts, once each | the rule of `#[on_halted]` (the [`conditions`] module): a node that was not running is not halted; not yet a numbered decision |
//!
//! Where BehaviorTree.CPP throws or rejects the file, there is nothing to compare: a skipped
//! condition of `IfThenElse`/`WhileDoElse` (we skip the node), thresholds of a `Parallel` that
//! can never be met (a compile error here), `Switch` on an integer entry.
//!
//! # Seeing a tree
//!
//! A generated tree knows its own shape as `const` data, `Tree::NODES` (each node's name, kind,
//! parent, leaf type, ports and parameters, see [`NodeInfo`]), and every node's result passes
//! through one hook, [`Observer`]. From these come pictures of the tree and records of what it
//! did; none of them allocates, and a tree ticked without an observer pays nothing for them.
//!
//! ## Pictures and files
//!
//! | call | what it gives | open it with |
//! |---|---|---|
//! | `Tree::to_dot()` | a Graphviz graph | `dot -Tsvg tree.dot -o tree.svg`, or any Graphviz viewer |
//! | `Tree::to_mermaid()` | a Mermaid flowchart | GitHub and most Markdown viewers, in a `mermaid` code block |
//! | `Tree::to_xml()` | BehaviorTree.CPP v4 XML, with a `TreeNodesModel` of the leaf types and their ports | Groot2 (*Load tree*), BehaviorTree.CPP |
//!
//! Each is a value that implements `Display`: print it, `format!` it, `write!` it to a file.
//!
//! ```
//! use bt::{behavior_tree, Input, Outcome, Ports, SyncAction};
//!
//! pub struct World;
//!
//! #[derive(Default, Ports)]
//! pub struct Say {
//!     pub volume: Input<u8>,
//! }
//!
//! impl SyncAction<World> for Say {
//!     fn execute(&mut self, _: &mut World) -> Outcome {
//!         Outcome::Success
//!     }
//! }
//!
//! behavior_tree! {
//!     tree Greeter for World {
//!         Repeat(2) {
//!             #[name = "hello"]
//!             Action(Say, volume = 3),
//!         }
//!     }
//! }
//!
//! assert_eq!(
//!     Greeter::to_dot().to_string(),
//!     "digraph {
//!   graph [ordering=out, fontname=\"Helvetica\"];
//!   node [fontname=\"Helvetica\"];
//!   n0 [label=\"Repeat\\nnum_cycles=2\", shape=hexagon];
//!   n1 [label=\"hello\\nSay\\nvolume=3\", shape=box, style=rounded];
//!   n0 -> n1;
//! }
//! ",
//! );
//! assert!(Greeter::to_mermaid().to_string().contains("n0 --> n1"));
//! let xml = Greeter::to_xml().to_string();
//! assert!(xml.contains(r#"<Say name="hello" volume="3"/>"#));
//! assert!(xml.contains(r#"<input_port name="volume" type="u8"/>"#));
//! // std::fs::write("greeter.xml", xml)?;   then open greeter.xml in Groot2
//! ```
//!
//! A label is the node's name, its type when it has a name of its own (`#[name]`), then one
//! `attribute=value` line per parameter (the values as written in the tree); shapes follow
//! the node's category; a subtree's nodes are drawn in a dashed cluster under its `SubTree`
//! node. The functions of [`export`] do the same from any `NODES` slice (`export::dot(NODES)`,
//! `export::mermaid`, `export::xml(name, NODES)`), `.without_params()` leaves out the parameter
//! lines, and `export::dot_with_status` / `export::mermaid_with_status` fill each node with the
//! colour of what last happened to it (running amber, success green, failure red, skipped grey,
//! halted blue, aborted by an error violet, untouched white), read from a [`TickTrace`], a [`Statistics`] or a
//! [`TransitionLogger`]:
//!
//! ```
//! # use bt::{behavior_tree, StatefulAction, Status};
//! # pub struct World;
//! # #[derive(Default)]
//! # pub struct Patrol;
//! # impl StatefulAction<World> for Patrol {
//! #     fn on_start(&mut self, _: &mut World) -> Status { Status::Running }
//! #     fn on_running(&mut self, _: &mut World) -> Status { Status::Running }
//! #     fn on_halted(&mut self, _: &mut World) {}
//! # }
//! use bt::{export, TickTrace};
//!
//! behavior_tree! {
//!     tree Guard for World {
//!         Fallback { AlwaysFailure, StatefulAction(Patrol) }
//!     }
//! }
//!
//! let mut tree = Guard::new();
//! let mut trace = TickTrace::<{ Guard::NODE_COUNT }>::new();
//! tree.tick_with(&mut World, &mut trace);
//! let picture = export::dot_with_status(Guard::NODES, &trace).to_string();
//! assert!(picture.contains(r##"n1 [label="AlwaysFailure", shape=box, style="rounded,filled", fillcolor="#f08080"];"##));
//! assert!(picture.contains(r##"n2 [label="Patrol", shape=box, style="rounded,filled", fillcolor="#f6c453"];"##));
//! ```
//!
//! **Groot2** opens the XML as a tree to look at (the nodes, their parameters, the leaf types'
//! ports, each subtree as its own tree). The Rust tree stays the source: what is edited in Groot2
//! does not come back, and Groot2's live monitoring of a running tree is not provided.
//!
//! **The examples' trees**, drawn: `cargo run --example draw -- --all` writes
//! `target/trees/NAME.dot`, `NAME.mmd` and `NAME.xml` for every example, and `NAME.svg` when
//! Graphviz's `dot` is installed (without it, it says so and writes the rest); `cargo run
//! --example draw -- sniper --after 3` also writes the sniper coloured by tick 3 of its story.
//! The pictures are in the repository's `docs/trees/`.
//!
//! ## Observers
//!
//! `tick_with(ctx, &mut observer)` and `halt_with(ctx, &mut observer)` report to an
//! [`Observer`] every node's status, as it is decided (a node after its children, so the root's
//! report is the last of every tick), and every halt of a running node. In a tick aborted by an
//! error ([Errors](#errors)) the failing leaf and its ancestors answer no status: each reports its
//! abort ([`Observer::on_aborted`]) instead, and the root's abort, after the halts that follow
//! the error, ends the tick ([aborted ticks](observe#aborted-ticks)). Node ids are pre-order
//! positions in `Tree::NODES`. The library's observers (see [`observe`]):
//!
//! | observer | what it does |
//! |---|---|
//! | [`TickTrace`] / [`Trace`] | what each node did (a status, `halted` or `aborted`), printed as an indented tree |
//! | [`TransitionLogger`] | each change of a node's state, time-stamped (by the context's clock when it is a [`Clock`], which the tree reads for it at each tick and halt: [`Observer::on_time`]), to a closure, a `String` ([`Lines`]) or stdout (BehaviorTree.CPP's `StdCoutLogger`) |
//! | [`Statistics`] | per-node counts of ticks, each status, halts and aborts, printed as a table (BehaviorTree.CPP's `TreeObserver`) |
//! | `observe::tracing::TracingObserver` (feature `tracing`) | a `tracing` event per state change, halt and abort, in the caller's tick spans |
//! | `observe::json::JsonTrace` (feature `json`) | one JSON line per event, to any `std::io::Write`; `observe::json::read_trace` reads a file back |
//!
//! They keep what they need per node in storage given when they are built, sized for the tree
//! (an array of `Tree::NODE_COUNT`), and never allocate. A tuple of observers (up to four) is
//! an observer that reports to each in turn:
//!
//! ```
//! # use bt::{behavior_tree, Status};
//! # pub struct World { door_open: bool }
//! use bt::{Lines, NodeStats, Statistics, TickTrace, TransitionLogger};
//! use std::time::Duration;
//!
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
//!
//! let mut tree = Door::new();
//! let mut world = World { door_open: false };
//! let mut observers = (
//!     TickTrace::<{ Door::NODE_COUNT }>::new(),
//!     Statistics::new(Door::NODES, [NodeStats::ZERO; Door::NODE_COUNT]),
//!     TransitionLogger::new(Door::NODES, [None; Door::NODE_COUNT], Lines(String::new())),
//! );
//! for second in 0..2 {
//!     observers.0.clear();
//!     // `World` is no `bt::Clock`: the logger's time is yours to give. A context that is a
//!     // clock gives the logger its time at every tick and halt, and this line goes.
//!     observers.2.set_time(Duration::from_secs(second));
//!     tree.tick_with(&mut world, &mut observers);
//! }
//! let (trace, stats, logger) = observers;
//! // The last tick: the door was open.
//! assert_eq!(
//!     trace.display(Door::NODES).to_string(),
//!     "Fallback      SUCCESS\n  door open?  SUCCESS\n",
//! );
//! // Both ticks.
//! assert_eq!((stats[1].failures, stats[1].successes, stats[2].ticks), (1, 1, 1));
//! assert_eq!(
//!     logger.sink().0,
//!     "[0.000]: door open?                IDLE -> FAILURE\n\
//!      [0.000]: open door                 IDLE -> SUCCESS\n\
//!      [0.000]: Fallback                  IDLE -> SUCCESS\n\
//!      [1.000]: door open?                FAILURE -> SUCCESS\n",
//! );
//! print!("{stats}"); // id, node, ticks, success, failure, skipped, running, halted, aborted, last
//! ```
//!
//! ### `tracing` and JSON lines
//!
//! Two observers come with Cargo features of `bt`, off by default:
//!
//! ```toml
//! [dependencies]
//! bt-compiled = { version = "0.1", features = ["tracing", "json"] }
//! ```
//!
//! * `tracing`: `bt::observe::tracing::TracingObserver` emits a `tracing` event (target `bt`,
//!   level `DEBUG`, fields `tick`, `node`, `name`, `kind`, `from`, `status`) for every change of a
//!   node's state, every halt and every abort; `tick_span()` gives a `tick` span to enter around
//!   each tick.
//!   Any subscriber (`tracing-subscriber`'s `fmt`, a file, OpenTelemetry) receives them. It also
//!   works without `std` (with `alloc` on the target).
//! * `json` (needs `std`): `bt::observe::json::JsonTrace` writes every event as one line
//!   `{"tick":0,"node":2,"name":"Patrol","status":"RUNNING"}` to any `std::io::Write` (a
//!   `BufWriter<File>`, a socket), without allocating; `read_trace` reads such a file back into
//!   `TraceRecord`s, to replay, diff or test a run. Every tick ends with a line of the root: its
//!   status, or `"ABORTED"` in a tick aborted by an error.
//!
//! ```
//! # use bt::{behavior_tree, Status};
//! # pub struct World { door_open: bool }
//! # behavior_tree! {
//! #     tree Door for World {
//! #         Fallback { Condition(|world| world.door_open), Action(|world| { world.door_open = true; true }) }
//! #     }
//! # }
//! use bt::observe::json::{read_trace, JsonTrace};
//! use bt::observe::tracing::TracingObserver;
//! use bt::TraceEvent;
//!
//! let mut tree = Door::new();
//! let mut events = TracingObserver::new(Door::NODES, [None; Door::NODE_COUNT]);
//! let mut lines = JsonTrace::new(Door::NODES, Vec::new()); // or a BufWriter<File>
//! for _ in 0..2 {
//!     let span = events.tick_span();
//!     let _inside = span.enter();
//!     tree.tick_with(&mut World { door_open: false }, &mut (&mut events, &mut lines));
//! }
//! let bytes = lines.finish()?;
//! let records = read_trace(&bytes[..])?;
//! assert_eq!(records.len(), 6); // three nodes, two ticks
//! assert_eq!((records[5].tick, records[5].node), (1, 0)); // each tick ends with the root
//! assert_eq!(records[5].event, TraceEvent::Ticked(Status::Success));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ### In generic code
//!
//! Over any `T: BehaviorTree`, `T::NODE_COUNT` cannot size an array, so an observer's storage
//! is a buffer, built once (a `Vec`) or borrowed (`&mut buffer[..]`), and given to the
//! observer's `for_tree::<T>(..)`, which checks it against the tree:
//!
//! ```
//! use bt::{BehaviorTree, NodeStats, Statistics, Trace, TraceEvent};
//!
//! /// Ticks `tree` `ticks` times; returns what its nodes did in the last tick, as text, and how
//! /// many times each node answered Running.
//! fn watch<T: BehaviorTree>(tree: &mut T, ctx: &mut T::Context, ticks: usize) -> (String, Vec<u64>) {
//!     let mut trace = Trace::for_tree::<T>(vec![None; T::NODE_COUNT]);
//!     let mut stats = Statistics::for_tree::<T>(vec![NodeStats::ZERO; T::NODE_COUNT]);
//!     for _ in 0..ticks {
//!         trace.clear();
//!         tree.tick_with(ctx, &mut (&mut trace, &mut stats));
//!     }
//!     let running = stats.all().iter().map(|node| node.running).collect();
//!     (trace.display(T::NODES).to_string(), running)
//! }
//!
//! # use bt::{behavior_tree, Status};
//! # pub struct World;
//! behavior_tree! {
//!     tree Wait for World {
//!         KeepRunningUntilFailure { AlwaysSuccess }
//!     }
//! }
//! let (last, running) = watch(&mut Wait::new(), &mut World, 3);
//! assert_eq!(last, "KeepRunningUntilFailure  RUNNING\n  AlwaysSuccess          SUCCESS\n");
//! assert_eq!(running, [3, 0]);
//!
//! /// The same with a buffer on the stack, large enough for the trees it will see.
//! fn root_event<T: BehaviorTree>(tree: &mut T, ctx: &mut T::Context) -> Option<TraceEvent> {
//!     let mut buffer = [None; 64];
//!     let mut trace = Trace::for_tree::<T>(&mut buffer[..]);
//!     tree.tick_with(ctx, &mut trace);
//!     trace.event(0)
//! }
//! assert_eq!(root_event(&mut Wait::new(), &mut World), Some(TraceEvent::Ticked(Status::Running)));
//! ```
//!
//! A buffer too small for the tree is a panic where the observer is built, naming both sizes,
//! never an index out of bounds in the middle of a tick:
//!
//! ```should_panic
//! # use bt::{behavior_tree, Trace};
//! # pub struct World;
//! # behavior_tree! { tree Wait for World { KeepRunningUntilFailure { AlwaysSuccess } } }
//! let mut buffer = [None; 1];
//! // Panics: "Trace: its storage has room for 1 nodes but the tree `..::Wait` has 2: give it at
//! // least 2 entries (the tree's `NODE_COUNT`)"
//! let trace = Trace::for_tree::<Wait>(&mut buffer[..]);
//! ```
//!
//! ### The cost
//!
//! `tree.tick(ctx)` is `tree.tick_with(ctx, &mut NoObserver)`, whose methods are empty and
//! inlined: a tree ticked without an observer compiles to the code it would be without observers
//! at all. An observer costs what it does per report; the library's do not allocate (checked by
//! `tests/behaviour/allocations.rs`, the JSON writer included).
//!
//! # Saving and restoring a tree
//!
//! With the feature `serde`, a tree declared with serde's `#[derive(Serialize, Deserialize)]`
//! implements them, and so does its blackboard: the macro writes the impls (the struct's fields
//! are its own). Derive the two traits on your leaves, your own control nodes and decorators,
//! the trees you use as subtrees, and the types of your blackboard entries (also on a leaf
//! without fields), and the tree saves and restores with any serde format, alone or as a field of
//! your own `#[derive(Serialize, Deserialize)]` types. A save holds everything the tree
//! runs on: which nodes are running, every node's cursor, count, timer and random order, the
//! observer aborts' memory, the direct resume, the blackboard (tracked entries with their
//! versions), its leaves and subtrees. A restored tree goes on exactly as the saved one would
//! have: a stateful action running when it was saved gets `on_running` on the next tick (or
//! `on_halted` on a halt), not `on_start`.
//!
//! ```toml
//! [dependencies]
//! bt-compiled = { version = "0.1", features = ["serde"] }
//! serde = { version = "1", features = ["derive"] }
//! ```
//!
//! ```
//! use bt::{behavior_tree, StatefulAction, Status};
//! use serde::{Deserialize, Serialize};
//!
//! pub struct World;
//!
//! /// Walks three steps; the steps taken are its state.
//! #[derive(Default, Serialize, Deserialize)]
//! pub struct Walk {
//!     steps: u32,
//! }
//!
//! impl StatefulAction<World> for Walk {
//!     fn on_start(&mut self, _: &mut World) -> Status {
//!         self.steps = 0;
//!         Status::Running
//!     }
//!     fn on_running(&mut self, _: &mut World) -> Status {
//!         self.steps += 1;
//!         if self.steps == 3 { Status::Success } else { Status::Running }
//!     }
//! }
//!
//! behavior_tree! {
//!     #[derive(Serialize, Deserialize)]
//!     pub tree Patrol for World {
//!         blackboard { rounds: u32 }
//!         Sequence { StatefulAction(Walk), Script(|bb| bb.rounds += 1) }
//!     }
//! }
//!
//! let mut tree = Patrol::new();
//! tree.tick(&mut World); // Walk starts
//! tree.tick(&mut World); // step 1
//! let saved: String = serde_json::to_string(&tree)?; // or postcard, bincode, RON, ..
//!
//! let mut tree: Patrol = serde_json::from_str(&saved)?;
//! assert_eq!(tree.tick(&mut World), Status::Running); // step 2: Walk goes on
//! assert_eq!(tree.tick(&mut World), Status::Success); // step 3
//! assert_eq!(tree.blackboard().rounds, 1);
//! # Ok::<(), serde_json::Error>(())
//! ```
//!
//! * **Only into the same tree.** A save starts with the tree's shape, a fingerprint of its
//!   definition (nodes, their kinds and parameters, the types of its state and its entries);
//!   restoring it into another tree, or into a changed definition of this one, fails with
//!   "this snapshot is of another tree than `Patrol` (shape 0x.., `Patrol` has 0x..): a saved
//!   tree restores only into the tree type it was saved from, with the same definition". Your
//!   leaves' own fields are theirs to version, as with any serde type. (A format whose errors
//!   keep no message, such as postcard, refuses it with its own generic error.)
//! * **Parts without serde.** A leaf (or node, subtree, entry type) of a tree that derives the
//!   traits must implement them too, or the derive is a compile error at that type's token in
//!   the tree: "the trait bound `Walk: Serialize` is not satisfied", with serde's "consider
//!   adding `#[derive(serde::Serialize)]` to your `Walk` type". Inline leaves (closures) hold no
//!   state and need nothing. Without the feature `serde`, the derive is one error that says to
//!   turn it on.
//! * **Time is the clock's.** A timer (`Delay`, `Timeout`, `Sleep`, `Cooldown`, ..) keeps the time
//!   its wait started, read from the context's clock, and a restored tree measures on from that
//!   time against the clock it is ticked with. Restore the clock with the tree (a
//!   `ManualClock` is serialisable; a simulation's own clock is its own), or a wait saved at
//!   5 s of one clock is measured from 5 s of the next one's (decision 18 in
//!   `docs/decisions.md`).
//! * **Trusted data.** The shape check refuses another tree's save; it does not validate a
//!   save edited by hand, which could put a node in a state no tick reaches. Restore what a tree
//!   saved.
//! * **Cost.** A tree that derives neither trait gets none of this, with or without the
//!   feature: its code is what it was. A tree that derives them ticks as before (`benches/icount.sh` counts the same instructions);
//!   saving writes each field once, in order, without allocating (the format may: `serde_json`
//!   builds a `String`). The saved form is a sequence: the shape, the root's status, the
//!   running flags, the blackboard (a struct of its entries by name), then each node's state in
//!   the tree's order. `bt_core`'s `snapshot` module has the details.
//!
//! # Watching a tree
//!
//! With the feature `groot2`, `bt::groot2::Groot2Publisher` serves a running tree to Groot2 (and
//! to any client of BehaviorTree.CPP 4's Groot2 protocol, such as the terminal monitor
//! `btview`): the tree with its node uids, every node's status as it runs, the blackboard,
//! recorded transitions and, if enabled, breakpoints. It is an observer: tick the tree with it.
//!
//! ```toml
//! [dependencies]
//! bt-compiled = { version = "0.1", features = ["groot2"] }
//! ```
//!
//! ```text
//! let mut groot = bt::groot2::Groot2Publisher::builder("Rover", Rover::NODES).start()?;
//! loop {
//!     rover.tick_with(&mut world, &mut groot);
//!     groot.publish_blackboard(|entries| { entries.entry("battery", world.battery); });
//!     sleep(period);
//! }
//! ```
//!
//! It listens on `127.0.0.1:1667` (and a PUB socket on 1668) unless told otherwise; in Groot2,
//! connect the monitor to `localhost`, port 1667. `cargo run --example monitor` runs a rover
//! forever and publishes it. The server has its own threads; the ticking thread only updates
//! atomics, and hands over blackboard snapshots and recorded transitions with a `try_lock` that
//! never waits, so a slow, malformed or hostile client cannot stall the tick. Breakpoints pause
//! the ticking thread and are off unless `breakpoints(true)`. A tree ticked without the publisher
//! is unchanged (`benches/icount.sh` counts the same instructions with and without the
//! feature). Each port serves 16 clients at once (`max_connections`); when a port is full, a
//! new client takes the place of the idlest one (one that has made no request, or only sent
//! `PING`s, first), so clients that hold connections cannot lock a monitor out, and each
//! client is held to 5000 requests a second. `bt::groot2::BtLog` writes BehaviorTree.CPP's
//! `.btlog` files, which Groot2 replays, and `bt::groot2::ChromeTrace` a trace-event timeline
//! for Perfetto (the example's `--btlog FILE` and `--trace FILE`). The crate `bt-groot2`'s
//! documentation has the protocol details, the limits ("Connections and their limits"), and what
//! differs from BehaviorTree.CPP's publisher; `tests/groot2/check.sh` compares the two reply by
//! reply.
//!
//! # Compile-time errors
//!
//! Mistakes in a tree are compile errors at the offending token, with a message that says what to
//! do: an unknown node kind (with a suggestion), a decorator without exactly one child, an empty
//! composite, a leaf with children, a bad or negative count, two roots, duplicate node names, a
//! leaf type that does not implement the trait its kind needs, a `Parallel` threshold above its
//! number of children or that comes to 0, a duration with an unknown unit, a count or duration
//! of a type that is not one, an input past one of the limits below, a `Switch` without its
//! default last, an unknown, repeated or missing parameter, a case value of the wrong type.
//! `tests/ui/` holds one case per diagnostic.
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
//!
//! ## Limits
//!
//! Every input is bounded, each bound with one error at the place that crosses it, so that no
//! input makes the macro or rustc overflow its stack, run out of memory or take long:
//!
//! | what | at most | why |
//! |---|---|---|
//! | a tree's nesting, in the DSL and below an XML file's `<BehaviorTree>` (the root is level 1) | 3,000 levels | rustc overflows its stack compiling deeper chains of tick functions |
//! | Rust code in a tree (a node's arguments, an attribute, a `case` value, a blackboard entry, the header's types), a value or port type given in XML | 64 levels, and chains of 1,024 operators | syn and rustc read code recursively; in the macro's unoptimised build, syn overflowed its stack at about 230 levels of `Vec<..>`, rustc at a sum of about 5,000 terms |
//! | an XML script | 64 levels | as Rust code: the translation writes integer arithmetic as nested calls |
//! | a number literal | 256 characters | syn reads one in time quadratic in its length; no number type needs more |
//! | the attributes of an XML element | 256 | the XML parser checks each attribute against the others |
//! | an XML file (`xml = ".."`, each `<include>`) | 16 MiB, and a regular file | it is read whole when the tree builds (`/dev/zero` is refused) |
//! | the errors one invocation reports | 100, then one that says how many more | a file with a mistake in every node would bury the first |
//!
//! A level of code is a bracket (`( )`, `[ ]`, `{ }`) around a token, or, before it within its
//! bracket since the last `,` or `;` there, a prefix operator (`-x`, `!x`, `&x`, a closure's
//! `|`), a `<` (generic arguments nest), an assignment or a keyword that nests what follows
//! (`return`, `move`, `dyn`, `impl`, `fn`, `if`, `else`, ..). A chain counts the infix operators
//! (`+`, `&&`, `.`, `as`, a call, an index) before a token, in its bracket and those around it.
//! `|w| w.a && (w.b || !w.c)` is 3 levels deep at `c`, at the end of a chain of 6. A node's own
//! parentheses, an attribute's `#[ ]` and the braces of `blackboard { .. }` are the tree's, not
//! the code's. A script's levels are its parentheses, its `-` and `!` before a value, and the
//! operators of a chain (`a + b + c` is 2 levels). Code that deep is rare in a tree; give part of
//! it a name (a `const`, a function, a type alias) and use that.
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub use bt_core::*;
/// Watching a tree live in Groot2 (feature `groot2`): the crate `bt-groot2`.
#[cfg(feature = "groot2")]
pub use bt_groot2 as groot2;
pub use bt_macros::Ports;

mod macros;

/// The macros behind [`behavior_tree!`], which passes them `$crate`.
#[doc(hidden)]
pub mod __macros {
    pub use bt_macros::{behavior_tree_at, nodes_at};
}

/// What a tree's generated code has in scope: every tree's code starts with
/// `use $crate::__root::*;` (a glob, so that trees of one module may each import it), and
/// writes its paths as `__bt::..`, this crate's private API for it. `NoPorts` gives every type an
/// empty port list, which `#[derive(Ports)]`'s inherent items take the place of.
#[doc(hidden)]
pub mod __root {
    pub use crate::__private as __bt;
    pub use crate::__private::NoPorts as _;
}

/// The README's code blocks, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// The code blocks of `docs/tour.md`, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../docs/tour.md")]
pub struct TourDoctests;
