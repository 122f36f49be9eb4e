//! Behavior trees of `bt` (`behavior_tree!`) in [Bevy](https://bevyengine.org) 0.18: a tree is a
//! component of the entity it drives, and one system ticks every such entity's tree each frame,
//! in parallel over the entities, with a context built from that entity's components.
//!
//! * [`Tree<T>`] is the component: a generated tree, held inline (no boxing, no entity per
//!   node or per task: an agent is one entity);
//! * [`Agent`] says, once per context type, which components the context borrows (a query),
//!   which shared data it reads (resources), and how it is built from them: every tree over that
//!   context is then an [`AgentTree`], the trait the plugin ticks, with no glue of its own
//!   (a tree can also implement [`AgentTree`] itself, for a context built otherwise);
//! * [`TreePlugin<T>`] adds the system that ticks every `Tree<T>`, in the [`TickTrees`] set of
//!   `Update` (or any schedule), with `par_iter_mut`;
//! * [`BevyClock`] is the trees' clock: Bevy's `Time`, which in `Update` is virtual time, so
//!   pausing the game (`Time<Virtual>::pause`) or slowing it down pauses or slows every
//!   `Delay`, `Timeout`, `Sleep`, `Wait` and `Cooldown` with it;
//! * when asked for ([`TreePlugin::with_messages`], [`TreePlugin::with_observers`]), the changes
//!   of a tree's status ([`TreeStatusChanged`]) and the errors of a tree with an error type
//!   ([`TreeFailed`]) become Bevy messages or entity events; when not, the system writes nothing
//!   and pays nothing for them.
//!
//! Bevy's default features are off: the crate depends on `bevy_ecs` (with `multi_threaded`, for
//! the parallel iteration), `bevy_app` and `bevy_time`, so it works with any selection of Bevy's
//! features, headless servers included.
//!
//! # A tree per entity
//!
//! The context of a tree is the world its leaves act on (see `bt`'s guide). In Bevy it is built
//! for each entity from a query item that borrows the entity's components, so its type has
//! lifetimes: `tree Guard for Npc<'a>` makes every generated function generic over `'a`.
//!
//! ```
//! use bevy_app::{App, Update};
//! use bevy_ecs::prelude::*;
//! use bevy_ecs::query::QueryItem;
//! use bevy_ecs::system::SystemParamItem;
//! use bt::{behavior_tree, Clock, Status};
//! use bt_bevy::{Agent, BevyClock, Tree, TreePlugin};
//! use core::time::Duration;
//!
//! #[derive(Component)]
//! pub struct Health(pub u32);
//! #[derive(Component, Default)]
//! pub struct Shots(pub u32);
//! #[derive(Resource)]
//! pub struct Alarm(pub bool);
//!
//! /// What the guard's leaves see: its own components, borrowed, the alarm, and the clock.
//! pub struct Npc<'a> {
//!     health: &'a Health,
//!     shots: Mut<'a, Shots>,
//!     alarm: &'a Alarm,
//!     clock: BevyClock,
//! }
//!
//! impl Clock for Npc<'_> {
//!     fn now(&self) -> Duration {
//!         self.clock.now()
//!     }
//! }
//!
//! behavior_tree! {
//!     /// Shoot once a second while the alarm rings and it is healthy.
//!     pub tree Guard for Npc<'a> {
//!         Sequence {
//!             Condition(|npc| npc.alarm.0 && npc.health.0 > 10),
//!             Action(|npc| { npc.shots.0 += 1; true }),
//!             Sleep(1_000),
//!         }
//!     }
//! }
//!
//! /// How an NPC's context is built from its entity, once for every tree over `Npc<'a>`.
//! impl Agent for Npc<'_> {
//!     type Query = (&'static Health, &'static mut Shots);
//!     type Filter = ();
//!     type Shared = Res<'static, Alarm>;
//!     type Context<'w> = Npc<'w>;
//!
//!     #[inline]
//!     fn context<'w>(
//!         (health, shots): QueryItem<'w, '_, Self::Query>,
//!         alarm: &'w SystemParamItem<'_, '_, Self::Shared>,
//!         clock: BevyClock,
//!     ) -> Npc<'w> {
//!         Npc { health, shots, alarm, clock }
//!     }
//! }
//!
//! let mut app = App::new();
//! app.add_plugins((bevy_time::TimePlugin, TreePlugin::<Guard>::new()))
//!     .insert_resource(Alarm(true))
//!     .insert_resource(bevy_time::TimeUpdateStrategy::ManualDuration(Duration::from_millis(250)));
//! let guard = app.world_mut().spawn((Health(50), Shots::default(), Tree::new(Guard::new()))).id();
//! for _ in 0..9 {
//!     app.update(); // 2 s of game time, a frame every 250 ms
//! }
//! assert_eq!(app.world().get::<Shots>(guard).unwrap().0, 2);
//! assert_eq!(app.world().get::<Tree<Guard>>(guard).unwrap().status(), Some(Status::Running));
//! ```
//!
//! The `Agent` impl is the one piece of glue, per context type, not per tree: `Guard`, and any
//! other tree over `Npc<'a>` (with an error type or without), is an [`AgentTree`] through it.
//! Every generated tree implements [`bt::Tree<Ctx>`](bt::Tree) for every lifetime of its context
//! (`impl<'a> bt::Tree<Npc<'a>> for Guard`) and names the family with
//! [`bt::TreeBase::Context`] (`Npc<'static>`): the plugin finds the `Agent` impl from it, builds
//! the context for each entity and ticks the tree through `bt::Tree::try_tick`, all inlined into
//! its loop.
//!
//! A generic tree (`tree Guard<W: Senses> for W`) is an [`AgentTree`] when its parameter is a
//! context without lifetimes that implements `Agent` (`Guard<Beacon>`, for a `Beacon` that
//! copies what it needs from the components: `type Context<'w> = Beacon`): a component cannot
//! hold a type with the lifetimes of one frame's borrows.
//!
//! When the context is not built from one entity's query item and shared data alone, implement
//! [`AgentTree`] for the tree type instead: its `tick_agent` builds the context and ticks the
//! tree.
//!
//! # Halting
//!
//! The plugin only ticks. A tree is halted by the code that knows a context for it: a system of
//! yours can build one as [`Agent::context`] does and call the tree's `halt` through
//! [`Tree::tree_mut`]. A despawned entity's tree, or a removed `Tree<T>`, is dropped without a
//! halt (the components its context would borrow may be gone with it), so no `on_halted` runs.
//!
//! # Time
//!
//! [`BevyClock`] is [`Time::elapsed`](bevy_time::Time::elapsed) of the schedule the trees are
//! ticked in, read once per frame: in `Update`, Bevy's virtual time (paused with the game, scaled
//! by its relative speed); in `FixedUpdate` ([`TreePlugin::in_schedule`]), the fixed clock. A
//! time node's deadline is measured in that time, so a `Timeout(3s)` of a paused game never
//! fires.
//!
//! # Events
//!
//! | asked for with | what a tree of type `T` produces |
//! |---|---|
//! | nothing (the default) | nothing: the tick system has no message or command parameter |
//! | [`TreePlugin::with_messages`] | a [`TreeStatusChanged<T>`] message when the root's answer differs from its last one (first tick included), a [`TreeFailed<T>`] message when a tick fails with an error; read them with `MessageReader` |
//! | [`TreePlugin::with_observers`] | the same values as entity events, triggered on the entity: `app.add_observer(\|ev: On<TreeFailed<T>>\| ..)` or `entity.observe(..)` |
//!
//! Each frame's events are sent after every tree has ticked, in the order of the entities'
//! indices.
//!
//! # Threads
//!
//! The trees are ticked with `par_iter_mut`, on Bevy's compute task pool. Bevy's default pools
//! give a quarter of the cores (at least one) to I/O, a quarter (at least one) to async compute
//! and the rest (at least one) to compute: **on a machine with two cores the compute pool has one
//! thread, and `par_iter_mut` ticks every tree on it, one after the other**; on four cores, two
//! threads. To tick on every core, give the compute pool a thread per core with
//! [`task_pool_on_every_core`]:
//!
//! ```no_run
//! # use bevy_app::App;
//! let mut app = App::new();
//! app.add_plugins(bt_bevy::task_pool_on_every_core()); // before anything that uses the pools
//! // with Bevy's plugin groups: DefaultPlugins.set(bt_bevy::task_pool_on_every_core())
//! ```
//!
//! The pools are global: the first `TaskPoolPlugin` of a process makes them, later ones change
//! nothing. [`task_pool_with_compute_threads`] sets an exact number (the benchmarks measure one
//! thread with it).
//!
//! # Cost
//!
//! A tree lives inline in its component: no allocation when it is built, ticked or halted, and
//! no entity per task. The tick system makes one pass over the matching entities with
//! `par_iter_mut` and allocates nothing per frame unless events are asked for; it does not mark
//! [`Tree<T>`] changed. The context is built for each entity and handed to the tree by
//! reference, so its size is paid per entity and frame: a `Mut<'a, T>` field is five words (the
//! value, two change ticks' addresses, the system's two ticks) and each write through it checks
//! and stores a change tick; a `&'a T`, or a `&'a mut T` from `Mut::into_inner` (which marks the
//! component changed once, when the context is built, whether a leaf writes it or not), is one
//! word. For a component the leaves write on most frames, `&'a mut T` is the cheaper: in the
//! guards example, whose context has four written components, 107 instructions per guard and
//! frame instead of 146 (callgrind). See the README, the guards and chase examples and their
//! benchmarks (`examples/guards/`, `benches/guards.rs`, `examples/chase/`, `benches/chase.rs`)
//! for side-by-side measurements with `bevy_behave`.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use bevy_app::{
    App, Plugin, TaskPoolOptions, TaskPoolPlugin, TaskPoolThreadAssignmentPolicy, Update,
};
use bevy_ecs::batching::BatchingStrategy;
use bevy_ecs::intern::Interned;
use bevy_ecs::prelude::*;
use bevy_ecs::query::{QueryData, QueryFilter, QueryItem};
use bevy_ecs::schedule::ScheduleLabel;
use bevy_ecs::system::{ReadOnlySystemParam, StaticSystemParam, SystemParamItem};
use bevy_time::Time;
use bevy_utils::Parallel;
use bt::{Clock, Status};
use core::fmt;
use core::marker::PhantomData;
use core::time::Duration;

/// A context built from one entity's components: which components it borrows (a query), which
/// shared data it reads (resources), and how it is built from them.
///
/// Implement it once per context type, for every lifetime of it (`impl Agent for Npc<'_>`), and
/// every tree over that context is an [`AgentTree`] with no glue of its own: the plugin builds the
/// context with [`context`](Agent::context) for each entity and ticks the tree through
/// [`bt::Tree`], whatever the tree's error type. A tree whose context needs more (a context that
/// is not built from one entity) implements [`AgentTree`] itself instead.
#[diagnostic::on_unimplemented(
    message = "the context `{Self}` is not built from an entity's components",
    label = "no `bt_bevy::Agent` impl for this context",
    note = "implement `bt_bevy::Agent` for the context type, for every lifetime of it: `impl Agent for Npc<'_> {{ type Query = ..; type Filter = (); type Shared = (); type Context<'w> = Npc<'w>; fn context<'w>(..) -> Npc<'w> {{ .. }} }}`"
)]
pub trait Agent {
    /// The components of the entity that the context borrows: any Bevy query data, such as
    /// `(&'static Position, &'static mut Velocity)`, `Entity`, or a `#[derive(QueryData)]` struct.
    /// It must not ask for the tree's [`Tree<T>`] component, which the tick system borrows.
    type Query: QueryData + 'static;

    /// Which entities are ticked, beyond having a [`Tree<T>`]: `()` for all of them, or a query
    /// filter such as `Without<Dead>`.
    type Filter: QueryFilter + 'static;

    /// Data shared by every entity's context, read-only, such as `Res<'static, Map>`; `()` for
    /// none. Every tree is ticked in parallel, so it cannot be borrowed mutably.
    type Shared: ReadOnlySystemParam + 'static;

    /// The context for one entity in one frame, borrowing for `'w`: `Npc<'w>` for
    /// `impl Agent for Npc<'_>`.
    type Context<'w>;

    /// Builds the context from one entity's query item, the shared data and the clock. Mark it
    /// `#[inline]` (see [`AgentTree::tick_agent`]).
    fn context<'w>(
        agent: QueryItem<'w, '_, Self::Query>,
        shared: &'w SystemParamItem<'_, '_, Self::Shared>,
        clock: BevyClock,
    ) -> Self::Context<'w>;
}

/// Every tree whose context (its [`bt::TreeBase::Context`], the context type with `'static` for
/// its lifetimes) is an [`Agent`]: the context is built by [`Agent::context`] and the tree ticked
/// through [`bt::Tree::try_tick`], both inlined into the plugin's loop.
impl<T> AgentTree for T
where
    T: bt::TreeBase + Send + Sync + 'static,
    <T as bt::TreeBase>::Context: Agent,
    <T as bt::TreeBase>::Error: Send + Sync + 'static,
    T: for<'w> bt::Tree<<<T as bt::TreeBase>::Context as Agent>::Context<'w>>,
{
    type Query = <<T as bt::TreeBase>::Context as Agent>::Query;
    type Filter = <<T as bt::TreeBase>::Context as Agent>::Filter;
    type Shared = <<T as bt::TreeBase>::Context as Agent>::Shared;
    type Error = <T as bt::TreeBase>::Error;

    #[inline(always)]
    fn tick_agent<'w>(
        &mut self,
        agent: QueryItem<'w, '_, Self::Query>,
        shared: &'w SystemParamItem<'_, '_, Self::Shared>,
        clock: BevyClock,
    ) -> Result<Status, Self::Error> {
        let mut context = <<T as bt::TreeBase>::Context as Agent>::context(agent, shared, clock);
        bt::Tree::try_tick(self, &mut context)
    }
}

/// A tree type that [`TreePlugin`] can tick: which components and resources its context borrows,
/// and how the context is built from them.
///
/// A tree over an [`Agent`] context has it already; implement it for a tree type (the struct
/// `behavior_tree!` generates) only when its context is not an [`Agent`]: see the
/// [crate docs](crate).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tree the Bevy plugin can tick",
    label = "no context built from an entity for this tree",
    note = "implement `bt_bevy::Agent` for the tree's context type (`impl Agent for Npc<'_> {{ .. }}`): every tree over it is then an `AgentTree`; or implement `AgentTree` for the tree"
)]
pub trait AgentTree: Send + Sync + Sized + 'static {
    /// The components of the entity that the context borrows: any Bevy query data, such as
    /// `(&'static Position, &'static mut Velocity)`, `Entity`, or a `#[derive(QueryData)]` struct.
    /// It must not ask for [`Tree<Self>`] itself, which the tick system borrows.
    type Query: QueryData + 'static;

    /// Which entities are ticked, beyond having a [`Tree<Self>`]: `()` for all of them, or a
    /// query filter such as `Without<Dead>`.
    type Filter: QueryFilter + 'static;

    /// Data shared by every entity's context, read-only, such as `Res<'static, Map>`; `()` for
    /// none. Every tree is ticked in parallel, so it cannot be borrowed mutably.
    type Shared: ReadOnlySystemParam + 'static;

    /// The tree's error type (`tree T for Ctx, error E`), or [`core::convert::Infallible`].
    type Error: Send + Sync + 'static;

    /// Builds the context from one entity's query item, the shared data and the clock, and ticks
    /// the tree once: `Ok(self.tick(&mut context))`, or `self.tick(&mut context)` for a tree with
    /// an error type.
    ///
    /// Mark it `#[inline]`: it is called once per entity from the system's parallel loop, and
    /// inlined there the query item's fields go straight into the context instead of through a
    /// copy of the item (in the chase example, 158 instructions per agent and frame without it,
    /// 117 with it, callgrind).
    fn tick_agent<'w>(
        &mut self,
        agent: QueryItem<'w, '_, Self::Query>,
        shared: &'w SystemParamItem<'_, '_, Self::Shared>,
        clock: BevyClock,
    ) -> Result<Status, Self::Error>;
}

/// The component that holds an entity's tree, inline, and the status of its last tick.
///
/// The plugin's ticks do not mark it changed (Bevy's change detection would otherwise write the
/// change tick of every entity's tree every frame, a pass over memory that tells nothing):
/// `Changed<Tree<T>>` reports the changes your own systems make, such as a blackboard written
/// through [`tree_mut`](Tree::tree_mut). What a tree decided is in the components its leaves
/// wrote, and its root's answers in [`TreeStatusChanged`] when asked for.
///
/// With the feature `serde`, the component saves and restores with its tree when the tree type
/// derives serde's traits (`#[derive(Serialize, Deserialize)]` on the `tree`, `bt`'s feature
/// `serde`): a saved world's agents restore mid-action. Restore the time with them, as Bevy's
/// virtual time is what their timers read ([`BevyClock`]).
#[derive(Component)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "T: serde::Serialize",
        deserialize = "T: serde::Deserialize<'de>"
    ))
)]
pub struct Tree<T: AgentTree> {
    tree: T,
    status: Option<Status>,
}

impl<T: AgentTree> Tree<T> {
    /// The component holding `tree`, which has not ticked yet.
    pub fn new(tree: T) -> Self {
        Tree { tree, status: None }
    }

    /// The status the root answered on the last frame; `None` before the first tick and after a
    /// tick that failed with an error.
    pub fn status(&self) -> Option<Status> {
        self.status
    }

    /// The tree, for its blackboard and its `status()`.
    pub fn tree(&self) -> &T {
        &self.tree
    }

    /// The tree, to change its blackboard between frames, or to halt it.
    pub fn tree_mut(&mut self) -> &mut T {
        &mut self.tree
    }

    /// Ticks the tree once: what the plugin's system does for each entity. Returns the tree's
    /// answer and the status it answered before, for [`TreeStatusChanged`].
    #[inline(always)]
    fn tick<'w>(
        &mut self,
        agent: QueryItem<'w, '_, T::Query>,
        shared: &'w SystemParamItem<'_, '_, T::Shared>,
        clock: BevyClock,
    ) -> (Option<Status>, Result<Status, T::Error>) {
        let before = self.status;
        let answer = self.tree.tick_agent(agent, shared, clock);
        self.status = answer.as_ref().ok().copied();
        (before, answer)
    }
}

impl<T: AgentTree + fmt::Debug> fmt::Debug for Tree<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Tree")
            .field("tree", &self.tree)
            .field("status", &self.status)
            .finish()
    }
}

/// The trees' clock: the elapsed time of the schedule's `Time`, read once per frame. Keep it in
/// the context and forward [`Clock::now`] to it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BevyClock {
    now: Duration,
}

impl BevyClock {
    /// A clock at `now`, for tests and for ticking a tree outside the plugin.
    pub const fn at(now: Duration) -> Self {
        BevyClock { now }
    }

    /// The clock of `time`: its elapsed time. For `Time` in `Update` that is virtual time.
    pub fn of<C: Default>(time: &Time<C>) -> Self {
        BevyClock {
            now: time.elapsed(),
        }
    }
}

impl Clock for BevyClock {
    #[inline]
    fn now(&self) -> Duration {
        self.now
    }
}

/// Bevy's task pools with a compute thread for every core, for the parallel pass over the trees:
/// `DefaultPlugins.set(bt_bevy::task_pool_on_every_core())`, or
/// `app.add_plugins(bt_bevy::task_pool_on_every_core())` with Bevy's crates alone.
///
/// Bevy's default [`TaskPoolOptions`] give a quarter of the cores (at least one) to the I/O pool,
/// a quarter (at least one) to the async compute pool and the rest (at least one) to the compute
/// pool, in which systems and `par_iter_mut` run: on a machine with two cores that is one compute
/// thread, and the trees are ticked one entity after the other, on one core. This gives the
/// compute pool as many threads as there are cores (the other pools keep theirs, idle when no
/// I/O or async task runs). See the [crate docs](crate#threads).
pub fn task_pool_on_every_core() -> TaskPoolPlugin {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    task_pool_with_compute_threads(cores)
}

/// Bevy's task pools with exactly `threads` compute threads (at least one): `1` to tick every
/// tree on one thread, as a measurement of one core does.
pub fn task_pool_with_compute_threads(threads: usize) -> TaskPoolPlugin {
    let threads = threads.max(1);
    let defaults = TaskPoolOptions::default();
    TaskPoolPlugin {
        task_pool_options: TaskPoolOptions {
            compute: TaskPoolThreadAssignmentPolicy {
                min_threads: threads,
                max_threads: threads,
                ..defaults.compute.clone()
            },
            ..defaults
        },
    }
}

/// The system set in which every [`TreePlugin`] ticks its trees. Order the systems that read
/// what the trees decided `.after(TickTrees)`, those that prepare their world `.before(TickTrees)`.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TickTrees;

/// The root of the tree on `entity` answered `to` after answering `from` on its last tick (`None`
/// before its first tick and after an error). A message, or an entity event triggered on
/// `entity`, when asked for ([`TreePlugin::with_messages`], [`TreePlugin::with_observers`]).
#[derive(Message, EntityEvent)]
pub struct TreeStatusChanged<T: AgentTree> {
    /// The entity whose tree ticked.
    pub entity: Entity,
    /// What the root answered before.
    pub from: Option<Status>,
    /// What it answered now.
    pub to: Status,
    tree: PhantomData<fn() -> T>,
}

impl<T: AgentTree> TreeStatusChanged<T> {
    fn new(entity: Entity, from: Option<Status>, to: Status) -> Self {
        TreeStatusChanged {
            entity,
            from,
            to,
            tree: PhantomData,
        }
    }
}

impl<T: AgentTree> fmt::Debug for TreeStatusChanged<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TreeStatusChanged")
            .field("entity", &self.entity)
            .field("from", &self.from)
            .field("to", &self.to)
            .finish()
    }
}

/// The tick of the tree on `entity` failed with `error` (a tree with an error type: the tick was
/// aborted and the running nodes halted; the next tick starts afresh). A message, or an entity
/// event triggered on `entity`, when asked for.
#[derive(Message, EntityEvent)]
pub struct TreeFailed<T: AgentTree> {
    /// The entity whose tree failed.
    pub entity: Entity,
    /// The error its tick returned.
    pub error: T::Error,
}

impl<T: AgentTree> fmt::Debug for TreeFailed<T>
where
    T::Error: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TreeFailed")
            .field("entity", &self.entity)
            .field("error", &self.error)
            .finish()
    }
}

/// How the trees' events are reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reporting {
    Nothing,
    Messages,
    Observers,
}

/// Ticks every entity's [`Tree<T>`] once per run of its schedule (`Update` by default), in the
/// [`TickTrees`] set, in parallel over the entities.
pub struct TreePlugin<T> {
    schedule: Interned<dyn ScheduleLabel>,
    reporting: Reporting,
    tree: PhantomData<fn() -> T>,
}

impl<T: AgentTree> TreePlugin<T> {
    /// Ticks in `Update`, reporting nothing.
    pub fn new() -> Self {
        TreePlugin {
            schedule: Update.intern(),
            reporting: Reporting::Nothing,
            tree: PhantomData,
        }
    }

    /// Ticks in `schedule` instead of `Update` (`FixedUpdate`: the trees' clock is then the fixed
    /// clock).
    pub fn in_schedule(mut self, schedule: impl ScheduleLabel) -> Self {
        self.schedule = schedule.intern();
        self
    }

    /// Sends [`TreeStatusChanged<T>`] and [`TreeFailed<T>`] as messages (`MessageReader`).
    pub fn with_messages(mut self) -> Self {
        self.reporting = Reporting::Messages;
        self
    }

    /// Triggers [`TreeStatusChanged<T>`] and [`TreeFailed<T>`] as entity events, for observers.
    pub fn with_observers(mut self) -> Self {
        self.reporting = Reporting::Observers;
        self
    }
}

impl<T: AgentTree> Default for TreePlugin<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: AgentTree> Plugin for TreePlugin<T>
where
    for<'w, 's> SystemParamItem<'w, 's, T::Shared>: Sync,
{
    fn build(&self, app: &mut App) {
        app.configure_sets(self.schedule, TickTrees);
        match self.reporting {
            Reporting::Nothing => {
                app.add_systems(self.schedule, tick_trees::<T>.in_set(TickTrees));
            }
            Reporting::Messages => {
                app.add_message::<TreeStatusChanged<T>>()
                    .add_message::<TreeFailed<T>>()
                    .add_systems(self.schedule, tick_trees_to_messages::<T>.in_set(TickTrees));
            }
            Reporting::Observers => {
                app.add_systems(
                    self.schedule,
                    tick_trees_to_observers::<T>.in_set(TickTrees),
                );
            }
        }
    }
}

/// How the parallel pass splits the entities: four batches per compute thread, so that a thread
/// slowed down (by another process on its core) holds up the frame by a quarter of its share, not
/// all of it; batches of 1,024 entities at least, as a task costs about as much as ticking a few
/// dozen trees.
fn batching() -> BatchingStrategy {
    BatchingStrategy::new()
        .batches_per_thread(4)
        .min_batch_size(1_024)
}

/// The system without events: one parallel pass, nothing else.
fn tick_trees<T: AgentTree>(
    time: Res<Time>,
    shared: StaticSystemParam<T::Shared>,
    mut agents: Query<(&mut Tree<T>, T::Query), T::Filter>,
) where
    for<'w, 's> SystemParamItem<'w, 's, T::Shared>: Sync,
{
    let clock = BevyClock::of(&time);
    let shared = &*shared;
    agents
        .par_iter_mut()
        .batching_strategy(batching())
        .for_each(|(mut tree, agent)| {
            let _ = tree.bypass_change_detection().tick(agent, shared, clock);
        });
}

/// The entities a reporting tick system ticks: their ids, trees and query items.
type Agents<'w, 's, T> = Query<
    'w,
    's,
    (Entity, &'static mut Tree<T>, <T as AgentTree>::Query),
    <T as AgentTree>::Filter,
>;

/// One event of a tree, collected during the parallel pass.
enum Event<T: AgentTree> {
    Changed(TreeStatusChanged<T>),
    Failed(TreeFailed<T>),
}

impl<T: AgentTree> Event<T> {
    fn entity(&self) -> Entity {
        match self {
            Event::Changed(event) => event.entity,
            Event::Failed(event) => event.entity,
        }
    }
}

/// The parallel pass with events: each thread queues its entities' events; they are returned
/// ordered by entity.
fn tick_and_collect<T: AgentTree>(
    clock: BevyClock,
    shared: &SystemParamItem<'_, '_, T::Shared>,
    agents: &mut Agents<'_, '_, T>,
    queues: &mut Parallel<Vec<Event<T>>>,
    events: &mut Vec<Event<T>>,
) where
    for<'w, 's> SystemParamItem<'w, 's, T::Shared>: Sync,
{
    let queues_ref = &*queues;
    agents
        .par_iter_mut()
        .batching_strategy(batching())
        .for_each(|(entity, mut tree, agent)| {
            match tree.bypass_change_detection().tick(agent, shared, clock) {
                (before, Ok(now)) if before != Some(now) => queues_ref.scope(|queue| {
                    queue.push(Event::Changed(TreeStatusChanged::new(entity, before, now)))
                }),
                (_, Ok(_)) => {}
                (_, Err(error)) => queues_ref
                    .scope(|queue| queue.push(Event::Failed(TreeFailed { entity, error }))),
            }
        });
    queues.drain_into(events);
    // Entity's own order is not the order of its index (the index is stored inverted).
    events.sort_by_key(|event| event.entity().index_u32());
}

fn tick_trees_to_messages<T: AgentTree>(
    time: Res<Time>,
    shared: StaticSystemParam<T::Shared>,
    mut agents: Agents<'_, '_, T>,
    mut queues: Local<Parallel<Vec<Event<T>>>>,
    mut events: Local<Vec<Event<T>>>,
    mut changed: MessageWriter<TreeStatusChanged<T>>,
    mut failed: MessageWriter<TreeFailed<T>>,
) where
    for<'w, 's> SystemParamItem<'w, 's, T::Shared>: Sync,
{
    let clock = BevyClock::of(&time);
    tick_and_collect(clock, &*shared, &mut agents, &mut queues, &mut events);
    for event in events.drain(..) {
        match event {
            Event::Changed(event) => {
                changed.write(event);
            }
            Event::Failed(event) => {
                failed.write(event);
            }
        }
    }
}

fn tick_trees_to_observers<T: AgentTree>(
    time: Res<Time>,
    shared: StaticSystemParam<T::Shared>,
    mut agents: Agents<'_, '_, T>,
    mut queues: Local<Parallel<Vec<Event<T>>>>,
    mut events: Local<Vec<Event<T>>>,
    mut commands: Commands,
) where
    for<'w, 's> SystemParamItem<'w, 's, T::Shared>: Sync,
{
    let clock = BevyClock::of(&time);
    tick_and_collect(clock, &*shared, &mut agents, &mut queues, &mut events);
    for event in events.drain(..) {
        match event {
            Event::Changed(event) => commands.trigger(event),
            Event::Failed(event) => commands.trigger(event),
        }
    }
}
