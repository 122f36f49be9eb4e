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
//! header := tree Name for ContextType ( , error ErrorType )? ( , rng = context )?
//! node   := #[name = "..."]?  Kind ( (arguments) )? ( { node, node, .. } )?
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
//! `SubTree(Child, agent = |ctx| &mut ctx.pet, ..)` (NodeCanvas's Override Agent) runs the child on
//! a part of the context: `Child` is a tree over the type of `ctx.pet`, and every tick and halt of
//! the child receives that part (rustc checks the closure's type against the child's context).
//!
//! # Nodes
//!
//! Each node's rule is a small documented type or function in [`control`] or [`decorator`]; the
//! macro only wires them. Names are BehaviorTree.CPP's; behavior3's `MemSequence` and
//! `MemPriority` are aliases of the nodes with the same rule; NodeCanvas's nodes and Unreal
//! Engine's observer aborts follow the table.
//!
//! | node | rule |
//! |---|---|
//! | `Sequence { .. }` (alias `MemSequence`) | children in order while they succeed; resumes at the running child; a failure restarts from the first ([`control::Sequence`]) |
//! | `SequenceWithMemory { .. }` (alias `SequenceStar`) | like `Sequence`, but a failure or a halt keeps the position: the next activation re-ticks the failed/halted child, not the earlier ones ([`control::SequenceWithMemory`]) |
//! | `ReactiveSequence { .. }` | restarts from the first child every tick; a failure or an earlier running child halts the later running one ([`control::ReactiveSequence`]) |
//! | `Fallback { .. }` (alias `MemPriority`) | children in order until one succeeds; resumes at the running child ([`control::Fallback`]) |
//! | `ReactiveFallback { .. }` | restarts from the first child every tick; a higher-priority success or running child halts the lower one ([`control::ReactiveFallback`]) |
//! | `Inverter { c }` | swaps Success and Failure ([`decorator::inverter`]) |
//! | `ForceSuccess { c }`, `ForceFailure { c }` | a completed child counts as Success / Failure |
//! | `Repeat(n) { c }`, `Repeat(forever) { c }` | runs the child until it succeeded `n` times, one completion per tick; fails on the first failure ([`decorator::Repeat`]) |
//! | `RetryUntilSuccessful(n) { c }`, `(forever)` | retries a failing child, one attempt per tick, at most `n` attempts ([`decorator::RetryUntilSuccessful`]) |
//! | `KeepRunningUntilFailure { c }` | Running until the child fails ([`decorator::keep_running_until_failure`]) |
//! | `RunOnce { c }`, `RunOnce(then_skip = false) { c }` | ticks the child until it completes once; then Skipped (or its remembered status) forever ([`decorator::RunOnce`]) |
//! | `SubTree(Child, x = {a}, ..)` | another generated tree as a node; its root's status passes through ([`subtree`]) |
//!
//! ## NodeCanvas's nodes
//!
//! NodeCanvas's node catalogue, with its rules ([`control::nodecanvas`], [`decorator::nodecanvas`]).
//! Where a NodeCanvas node has the name of a BehaviorTree.CPP node with another rule, it has a name
//! of its own: NodeCanvas's `Parallel` is `PolicyParallel`, `Switch` is `IndexSwitch`, `Timeout` is
//! `Deadline`, `Repeat` is `RepeatTimes` / `RepeatUntil`; its `Sequencer` and `Selector` are
//! `Sequence` and `Fallback`, or, with *Dynamic* or *Random* on, the nodes below. NodeCanvas's
//! `Optional` status is our `Skipped` (a composite moves past it).
//!
//! | node | rule |
//! |---|---|
//! | `RandomSequence { .. }`, `RandomSelector { .. }` | a sequence / selector over an order of the children drawn at random when it starts; resumes at the running child ([`control::RandomSequence`], [`control::RandomSelector`]) |
//! | `ProbabilitySelector(fail = w) { #[weight(w)] child, .. }` | picks one child at random by weight; a child that fails leaves the draw and another is picked in the same tick; `fail` (default 0) is a weight for failing without a child ([`control::ProbabilitySelector`]) |
//! | `PrioritySelector { #[score(s)] child, .. }` | a utility selector: every tick the child with the highest score runs, and its status is the node's; a strictly higher score halts the running child ([`control::PrioritySelector`]) |
//! | `FlipSelector { .. }` | a selector with memory that moves a child that succeeds to the end of its order, for good ([`control::FlipSelector`]) |
//! | `StepSequencer { .. }` | ticks one child per activation, the next one each time ([`control::StepSequencer`]) |
//! | `BinarySelector(\|bb\| c, dynamic = false) { then, otherwise }` | child 0 if the condition holds, else child 1; `dynamic` re-reads it every tick and switches branch ([`control::BinarySelector`]) |
//! | `IndexSwitch(\|bb\| i, out_of_range = Fail, dynamic = false) { .. }` | the child at an integer index; out of range: `Failure`, or `Loop` (`\|i\| % len`) ([`control::IndexSwitch`]) |
//! | `PolicyParallel(FirstFailure, repeat = false) { .. }` | ticks every unfinished child each tick; the first failure (`FirstFailure`), success (`FirstSuccess`) or either (`FirstSuccessOrFailure`) decides, after the other children were ticked; `repeat` re-ticks finished children ([`control::PolicyParallel`]) |
//! | `DynamicSequence { .. }`, `DynamicSelector { .. }` | re-check their `Condition` and `ScriptCondition` children every tick, but latch the results of other completed children until the node completes ([`control::DynamicSequence`], [`control::DynamicSelector`]; decision 9) |
//! | `Interrupt(\|bb\| c) { child }` | when the condition holds: halts a running child, `Failure` ([`decorator::nodecanvas::Interrupt`]) |
//! | `Conditional(\|bb\| c, dynamic = false, else = Failure) { child }` | ticks the child if the condition holds when it starts (every tick with `dynamic`, halting the child when it stops holding); else answers `else` ([`decorator::nodecanvas::Conditional`]) |
//! | `WaitUntil(\|bb\| c) { child }` | `Running` until the condition holds, then runs the child to its end ([`decorator::nodecanvas::WaitUntil`]) |
//! | `RepeatTimes(n) { child }`, `RepeatTimes(forever)`, `RepeatUntil(Success \| Failure)` | NodeCanvas's Repeat: reruns the child, one completion per tick; every completion counts, the `n`-th is the node's answer ([`decorator::nodecanvas::Repeat`]) |
//! | `Filter(times = n, count = Completed, filtered = Skipped) { child }` | lets the child complete `n` times (counting `Completed`, `Success` or `Failure` answers) in the tree's life, then answers `filtered` ([`decorator::nodecanvas::Filter`]) |
//! | `Cooldown(ms, filtered = Skipped) { child }` | after the child completes, answers `filtered` without it until `ms` have passed ([`decorator::nodecanvas::Cooldown`]) |
//! | `Iterate(list, element = {e}, index = {i}, until = Never, max = n, reset_index = true) { child }` | runs the child once per element of a list entry, one element per tick, each element cloned into `e` (and its index into `i`); `until = FirstSuccess` / `FirstFailure` stops early ([`decorator::nodecanvas::Iterate`]) |
//! | `Optional { child }` | the child's result does not matter: `Skipped` unless it runs ([`decorator::nodecanvas::optional`]) |
//! | `Remap(success = Success, failure = Failure) { child }` | replaces the child's `Success` and `Failure` ([`decorator::nodecanvas::remap`]) |
//! | `Guard(\|ctx\| &mut ctx.token, if_guarded = Failure) { child }` | runs the child only while no other Guard holds the [`GuardToken`]; holds it while the child runs ([`decorator::nodecanvas::Guard`]) |
//! | `Deadline(ms) { child }` | NodeCanvas's Timeout: ticks the child first; still running `ms` after it started: halted, `Failure` (a completion on the deadline tick wins) ([`decorator::nodecanvas::Timeout`]) |
//! | `Observe(\|bb\| c, abort = none) { child }` | Unreal Engine's condition decorator with an observer abort: see [Observer aborts](#observer-aborts) ([`abort`]) |
//!
//! Closures over the blackboard (`|bb| ..`) are read where the rule says: a static
//! `BinarySelector`, `IndexSwitch` or `Conditional` reads its condition only when it starts,
//! `Interrupt` on every tick before its child. The time nodes read the context's [`Clock`].
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
//! a score elsewhere is an error. A weight that is not positive and finite counts as 0; a `NaN`
//! score is lower than any other. Both are read on every tick of their parent.
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
//! own condition ([`abort::ConditionalAbort`]), and `lower` or `both` is a compile error.
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
