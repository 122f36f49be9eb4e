//! Items used by the code `behavior_tree!` generates. Not a public API: names and signatures
//! change without notice. Generated code reaches them as `::bt::__private::...`.

pub use crate::control::{
    Fallback, Flow, NoSkips, ReactiveFallback, ReactiveSequence, ReactiveTick, Sequence,
    SequenceWithMemory,
};
pub use crate::decorator::{
    force_failure, force_success, inverter, keep_running_until_failure, EntryUpdated, Repeat,
    RetryUntilSuccessful, RunOnce,
};
pub use crate::export;
pub use crate::subtree::{
    splice, AutoRemap, AutoRemapChunk, EntryKey, HasEntry, HasNamedEntry, InitialValue,
    NotSharedWithSubtree, Offset, SameEntry, SharedEntryProbe, SharedWithSubtree, Subtree,
    Unmatched, C, NO_NODE,
};
// NodeCanvas composites and Unreal Engine observer aborts (Step rules).
pub use crate::abort::{AbortMode, ConditionalAbort, ObserverSelector};
pub use crate::control::{
    BinarySelector, DynamicSelector, DynamicSequence, FlipSelector, IndexSwitch, OutOfRange,
    ParallelPolicy, PolicyParallel, PrioritySelector, ProbabilitySelector, RandomSelector,
    RandomSequence, StepSequencer,
};
pub use crate::{
    BehaviorTree, Condition, NodeCategory, NodeInfo, Observer, Outcome, SmallIndex, StatefulAction,
    Status, SyncAction,
};

/// Ticks a `Condition(Type)` leaf.
#[inline(always)]
pub fn check<Ctx: ?Sized, L: Condition<Ctx>>(leaf: &mut L, ctx: &Ctx) -> Status {
    Status::from_bool(leaf.check(ctx))
}

/// Ticks an inline `Condition(|ctx| ..)` leaf; the closure's argument type comes from `Ctx`.
#[inline(always)]
pub fn check_inline<Ctx: ?Sized>(ctx: &Ctx, condition: impl FnOnce(&Ctx) -> bool) -> Status {
    Status::from_bool(condition(ctx))
}

/// Ticks an `Action(Type)` leaf.
#[inline(always)]
pub fn execute<Ctx: ?Sized, L: SyncAction<Ctx>>(leaf: &mut L, ctx: &mut Ctx) -> Status {
    leaf.execute(ctx).into()
}

/// Ticks an inline `Action(|ctx| ..)` leaf, which may return `bool` or `Outcome`.
#[inline(always)]
pub fn execute_inline<Ctx: ?Sized, R: InlineAnswer>(
    ctx: &mut Ctx,
    action: impl FnOnce(&mut Ctx) -> R,
) -> Status {
    action(ctx).into_status()
}

/// What an inline `Action(|ctx| ..)` may return: `bool` or [`Outcome`]. A closure is called
/// afresh on every tick, so it cannot be `Running` (it has nowhere to keep its progress).
#[diagnostic::on_unimplemented(
    message = "an inline `Action` returns `bool` or `bt::Outcome`, not `{Self}`",
    label = "this action returns `{Self}`",
    note = "an action that answers `Running` keeps state between ticks: implement `bt::StatefulAction` for a type and write `StatefulAction(Type)`"
)]
pub trait InlineAnswer {
    /// The answer as a status.
    fn into_status(self) -> Status;
}

impl InlineAnswer for bool {
    #[inline(always)]
    fn into_status(self) -> Status {
        Status::from_bool(self)
    }
}

impl InlineAnswer for Outcome {
    #[inline(always)]
    fn into_status(self) -> Status {
        self.into()
    }
}

/// What the generated code asks of a `StatefulAction(Type)` leaf.
#[derive(Clone, Copy)]
pub enum StatefulCall {
    /// Tick it; `running` says whether its last answer was `Running`.
    Tick {
        /// Whether the action is running (then `on_running`, else `on_start`).
        running: bool,
    },
    /// It was running and is halted.
    Halt,
}

/// Every call to a `StatefulAction(Type)` leaf goes through this one function, so that a type
/// that does not implement the trait is reported once, at the user's token.
#[inline(always)]
pub fn stateful<Ctx: ?Sized, L: StatefulAction<Ctx>>(
    leaf: &mut L,
    ctx: &mut Ctx,
    call: StatefulCall,
) -> Status {
    match call {
        StatefulCall::Tick { running } => crate::leaf::tick_stateful(leaf, running, ctx),
        StatefulCall::Halt => {
            leaf.on_halted(ctx);
            Status::Running
        }
    }
}

/// The one place every node's result passes through: records whether a node that can run is
/// running (`active`) and tells the observer.
#[inline(always)]
pub fn finish<O: Observer>(
    active: Option<&mut bool>,
    node: usize,
    status: Status,
    observer: &mut O,
) -> Status {
    if let Some(active) = active {
        *active = status == Status::Running;
    }
    observer.on_status(node, status);
    status
}

/// An ancestor of a leaf resumed directly (`crate::resume`) that answers `Running` again: it
/// was running and stays running (its flag is already set), so only the observer is told.
#[inline(always)]
pub fn still_running<O: Observer>(node: usize, observer: &mut O) {
    observer.on_status(node, Status::Running);
}

pub use crate::resume::Resume;
pub use crate::running::BoolFlags;

/// The one place every halt passes through: the node is no longer running; tell the observer.
#[inline(always)]
pub fn halted<O: Observer>(active: &mut bool, node: usize, observer: &mut O) {
    *active = false;
    observer.on_halted(node);
}

/// The root's running flag, read from the tree's status (`status()`): the root is running exactly
/// when the last tick answered `Running` and no halt followed.
#[inline(always)]
pub fn root_running(status: Option<Status>) -> bool {
    status == Some(Status::Running)
}

/// The halt of a node without a flag of its own: the root, whose running flag is the tree's
/// status, which the tree's halt clears. Tells the observer.
#[inline(always)]
pub fn halted_unflagged<O: Observer>(node: usize, observer: &mut O) {
    observer.on_halted(node);
}

pub use crate::NoObserver;

pub use crate::blackboard::{CopyInto, Tracked, Unset};
pub use crate::conditions::{after_halt, postconditions, preconditions, Gate};

/// Ticks an inline `Condition(|ctx, bb| ..)` leaf.
#[inline(always)]
pub fn check_inline_bb<Ctx: ?Sized, Bb>(
    ctx: &Ctx,
    bb: &Bb,
    condition: impl FnOnce(&Ctx, &Bb) -> bool,
) -> Status {
    Status::from_bool(condition(ctx, bb))
}

/// Ticks an inline `Action(|ctx, bb| ..)` leaf.
#[inline(always)]
pub fn execute_inline_bb<Ctx: ?Sized, Bb, R: InlineAnswer>(
    ctx: &mut Ctx,
    bb: &mut Bb,
    action: impl FnOnce(&mut Ctx, &mut Bb) -> R,
) -> Status {
    action(ctx, bb).into_status()
}

/// Evaluates a condition over the blackboard (`ScriptCondition`, pre-conditions).
#[inline(always)]
pub fn test<Bb>(bb: &Bb, condition: impl FnOnce(&Bb) -> bool) -> bool {
    condition(bb)
}

/// Runs statements over the blackboard (`Script`, post-conditions).
#[inline(always)]
pub fn run<Bb>(bb: &mut Bb, script: impl FnOnce(&mut Bb)) {
    script(bb)
}

/// `SetBlackboard(entry = value)`: the value must have the entry's type.
#[inline(always)]
pub fn set<B, T>(bb: &mut B, entry: impl FnOnce(&mut B) -> &mut T, value: T) -> Status {
    // The entry comes first: its type is the one expected, and a value of another type is the
    // mistake rustc reports.
    *entry(bb) = value;
    Status::Success
}

/// `SetBlackboard(entry = {other})`: `entries` returns both fields of the blackboard.
#[inline(always)]
pub fn copy_entry<B, Entry, Other: CopyInto<Entry>>(
    bb: &mut B,
    entries: impl FnOnce(&mut B) -> (&mut Entry, &Other),
) -> Status {
    let (entry, other) = entries(bb);
    other.copy_into(entry);
    Status::Success
}

/// `UnsetBlackboard(entry)`.
#[inline(always)]
pub fn unset<B, T: Unset>(bb: &mut B, entry: impl FnOnce(&mut B) -> &mut T) -> Status {
    entry(bb).unset();
    Status::Success
}

pub use crate::ports::{
    bound_ports, check_required, BindEntry, BindValue, PortDirection, PortInfo, FRAME_BYTES,
};

/// Gives every type an empty port list, so that `<T>::__BT_PORTS` names the list of
/// `#[derive(bt::Ports)]` (an inherent constant, which takes precedence) or else this one; and
/// likewise a call in place where `#[derive(bt::Ports)]` gives the type a
/// [port frame](crate::ports#port-frames) (an inherent method, which takes precedence when the
/// type has one).
pub trait NoPorts {
    /// No ports.
    const __BT_PORTS: &'static [PortInfo] = &[];

    /// Calls the leaf in place: `call(self, bb)`. `bound` (the bound ports, [`bound_ports`]) is
    /// for the frames only.
    #[inline(always)]
    fn __bt_frame<B, R>(
        &mut self,
        bound: u64,
        bb: &mut B,
        call: impl FnOnce(&mut Self, &mut B) -> R,
    ) -> R {
        let _ = bound;
        call(self, bb)
    }
}

impl<T: ?Sized> NoPorts for T {}

/// Which side of the leaf's call a port binding is handled on.
#[derive(Clone, Copy)]
pub enum PortStep {
    /// Before the call: inputs take their values.
    Load,
    /// After the call: written outputs reach their entries.
    Store,
}

/// `port = {entry}`, before and after the leaf's call. One function for both steps, so that a
/// type mismatch is reported once, naming both types. The entry and the port are reached through
/// closures written at the user's tokens (`|bb| &mut bb.target`, `|leaf| &mut leaf.goal`), so that
/// rustc reports a mismatch or an unknown port there.
#[inline(always)]
pub fn bind_entry<B, L, E, P: BindEntry<E>>(
    bb: &mut B,
    leaf: &mut L,
    entry: impl FnOnce(&mut B) -> &mut E,
    port: impl FnOnce(&mut L) -> &mut P,
    step: PortStep,
) {
    let (entry, port) = (entry(bb), port(leaf));
    match step {
        PortStep::Load => port.load(entry),
        PortStep::Store => port.store(entry),
    }
}

/// `port = expression`, before the leaf's call (the value first, so that its type is known).
#[inline(always)]
pub fn bind_value<L, V, P: BindValue<V>>(
    value: V,
    leaf: &mut L,
    port: impl FnOnce(&mut L) -> &mut P,
) {
    port(leaf).load_value(value)
}

/// `SetBlackboard(entry = value)` into a `#[tracked]` entry: one update.
#[inline(always)]
pub fn set_tracked<B, T>(
    bb: &mut B,
    entry: impl FnOnce(&mut B) -> &mut Tracked<T>,
    value: T,
) -> Status {
    entry(bb).set(value);
    Status::Success
}

/// What the parent does to a `SubTree` node's child tree.
#[derive(Clone, Copy)]
pub enum SubtreeCall {
    /// Tick it.
    Tick,
    /// Halt its running nodes (the `SubTree` node is halted).
    Halt,
    /// Halt the whole child tree, which also restarts its idle loop counts (the parent tree is
    /// halted).
    Reset,
}

/// Every call the parent makes on a `SubTree` node's child: one function, so that a type that is
/// not a tree over the parent's context is reported once. The child's node `n` is reported to
/// the observer as node `n + offset`.
#[inline(always)]
pub fn subtree<Ctx: ?Sized, T: Subtree<Ctx>, O: Observer>(
    tree: &mut T,
    ctx: &mut Ctx,
    observer: &mut O,
    offset: usize,
    call: SubtreeCall,
) -> Status {
    let mut observer = Offset::new(observer, offset);
    match call {
        SubtreeCall::Tick => return tree.tick_with(ctx, &mut observer),
        SubtreeCall::Halt => tree.halt_root_with(ctx, &mut observer),
        SubtreeCall::Reset => tree.halt_with(ctx, &mut observer),
    }
    Status::Skipped
}

/// `x = {a}` on a `SubTree` node: trades the parent's entry and the child's (before and after
/// each tick and halt of the child). Both entries are reached through closures written at the
/// user's tokens, so that an unknown entry is reported there.
#[inline(always)]
pub fn trade_entry<Ctx: ?Sized, T: Subtree<Ctx>, P, E: SameEntry<F>, F>(
    parent: &mut P,
    tree: &mut T,
    parent_entry: impl FnOnce(&mut P) -> &mut E,
    child_entry: impl FnOnce(&mut T::Blackboard) -> &mut F,
) {
    parent_entry(parent).trade(child_entry(tree.blackboard_mut()))
}

/// `..` on a `SubTree` node: trades every entry of the child with the parent's namesake.
#[inline(always)]
pub fn trade_all<Ctx: ?Sized, T: Subtree<Ctx>, P>(parent: &mut P, tree: &mut T)
where
    T::Blackboard: AutoRemap<P>,
{
    tree.blackboard_mut().trade_all(parent)
}

/// `x = expression` on a `SubTree` node, when the parent is built: the child's entry starts with
/// the value (the value first, so that its type is known).
#[inline(always)]
pub fn initial_entry<Ctx: ?Sized, T: Subtree<Ctx>, V, E: InitialValue<V>>(
    value: V,
    tree: &mut T,
    entry: impl FnOnce(&mut T::Blackboard) -> &mut E,
) {
    entry(tree.blackboard_mut()).set_initial(value)
}

// The BehaviorTree.CPP node rules beyond Sequence/Fallback (controls, decorators, leaves).
pub use crate::control::{
    bitset_words, AsyncFallback, AsyncSequence, IfThenElse, Parallel, ParallelAll,
    ParallelAllConfig, ParallelConfig, Switch, TryCatch, WhileDoElse,
};
pub use crate::decorator::{loop_on_child, loop_start, pop_into, precondition, Delay, Timeout};
pub use crate::leaves::{always_running, Sleep};
pub use crate::queue::LoopQueue;
pub use crate::step::{Event, Step};

/// The time now, read from the tree's context by the time nodes (`crate::time`).
#[inline(always)]
pub fn now<Ctx: crate::Clock + ?Sized>(ctx: &Ctx) -> core::time::Duration {
    ctx.now()
}

pub use crate::time::ms;

/// A duration written as an expression or an entry (`bt::time::AsDuration`).
#[inline(always)]
pub fn duration<T: crate::time::AsDuration + ?Sized>(value: &T) -> core::time::Duration {
    value.as_duration()
}

/// A loop's limit written as an expression or an entry (`bt::decorator::AsLimit`).
#[inline(always)]
pub fn limit<T: crate::decorator::AsLimit + ?Sized>(value: &T) -> Option<usize> {
    value.as_limit()
}

/// The tree's context, at the start of `tick_with` and `halt_with`: if it implements
/// [`Clock`](crate::Clock) and the observer [`wants_time`](Observer::wants_time), its time goes to
/// [`Observer::on_time`]. The generated code
/// writes `(&ContextClock(&*ctx)).__bt_tell_clock(observer)` with [`TellClock`] and [`NoClock`]
/// in scope: method resolution picks [`TellClock`]'s when the context is a clock (no autoref
/// needed) and [`NoClock`]'s, which does nothing, otherwise. The clock is read only for an
/// observer that asks, so a tree ticked without an observer pays nothing.
pub struct ContextClock<'a, Ctx: ?Sized>(pub &'a Ctx);

/// [`ContextClock`] of a context that implements [`Clock`](crate::Clock).
pub trait TellClock {
    /// Gives the context's time to `observer`, if it wants it.
    fn __bt_tell_clock<O: Observer>(&self, observer: &mut O);
}

impl<Ctx: crate::Clock> TellClock for ContextClock<'_, Ctx> {
    #[inline(always)]
    fn __bt_tell_clock<O: Observer>(&self, observer: &mut O) {
        if observer.wants_time() {
            observer.on_time(crate::Clock::now(self.0));
        }
    }
}

/// [`ContextClock`] of any context: the fallback of [`TellClock`], one autoref away.
pub trait NoClock {
    /// Does nothing: the context is not a clock.
    fn __bt_tell_clock<O: Observer>(&self, observer: &mut O);
}

impl<Ctx: ?Sized> NoClock for &ContextClock<'_, Ctx> {
    #[inline(always)]
    fn __bt_tell_clock<O: Observer>(&self, _: &mut O) {}
}

/// The abort of node `node`, by an error in its tick ([`Observer::on_aborted`]).
#[inline(always)]
pub fn aborted<O: Observer>(node: usize, observer: &mut O) {
    observer.on_aborted(node);
}

// Trees with an error type (`tree T for Ctx, error E`): every leaf call may fail.
pub use crate::{TryAnswer, TryCondition, TryStatefulAction, TrySyncAction};

/// Ticks a `Condition(Type)` leaf of a tree with an error type.
#[inline(always)]
pub fn try_check<Ctx: ?Sized, E, L: TryCondition<Ctx, E>>(
    leaf: &mut L,
    ctx: &Ctx,
) -> Result<Status, E> {
    leaf.try_check(ctx).map(Status::from_bool)
}

/// Ticks an `Action(Type)` leaf of a tree with an error type.
#[inline(always)]
pub fn try_execute<Ctx: ?Sized, E, L: TrySyncAction<Ctx, E>>(
    leaf: &mut L,
    ctx: &mut Ctx,
) -> Result<Status, E> {
    leaf.try_execute(ctx).map(Status::from)
}

/// Every call to a `StatefulAction(Type)` leaf of a tree with an error type.
#[inline(always)]
pub fn try_stateful<Ctx: ?Sized, E, L: TryStatefulAction<Ctx, E>>(
    leaf: &mut L,
    ctx: &mut Ctx,
    call: StatefulCall,
) -> Result<Status, E> {
    match call {
        StatefulCall::Tick { running: true } => leaf.try_on_running(ctx),
        StatefulCall::Tick { running: false } => leaf.try_on_start(ctx),
        StatefulCall::Halt => {
            leaf.on_halted(ctx);
            Ok(Status::Running)
        }
    }
}

/// Ticks an inline `Condition(|ctx| ..)` of a tree with an error type.
#[inline(always)]
pub fn try_check_inline<Ctx: ?Sized, E, R: TryAnswer<E>>(
    ctx: &Ctx,
    condition: impl FnOnce(&Ctx) -> R,
) -> Result<Status, E> {
    condition(ctx).into_status()
}

/// Ticks an inline `Condition(|ctx, bb| ..)` of a tree with an error type.
#[inline(always)]
pub fn try_check_inline_bb<Ctx: ?Sized, Bb, E, R: TryAnswer<E>>(
    ctx: &Ctx,
    bb: &Bb,
    condition: impl FnOnce(&Ctx, &Bb) -> R,
) -> Result<Status, E> {
    condition(ctx, bb).into_status()
}

/// Ticks an inline `Action(|ctx| ..)` of a tree with an error type.
#[inline(always)]
pub fn try_execute_inline<Ctx: ?Sized, E, R: TryAnswer<E>>(
    ctx: &mut Ctx,
    action: impl FnOnce(&mut Ctx) -> R,
) -> Result<Status, E> {
    action(ctx).into_status()
}

/// Ticks an inline `Action(|ctx, bb| ..)` of a tree with an error type.
#[inline(always)]
pub fn try_execute_inline_bb<Ctx: ?Sized, Bb, E, R: TryAnswer<E>>(
    ctx: &mut Ctx,
    bb: &mut Bb,
    action: impl FnOnce(&mut Ctx, &mut Bb) -> R,
) -> Result<Status, E> {
    action(ctx, bb).into_status()
}

/// behavior3's `Error(value)` leaf: fails the tick with the tree's error.
#[inline(always)]
pub fn raise<E>(error: impl Into<E>) -> Result<Status, E> {
    Err(error.into())
}

pub use crate::behavior3::{failer, runner, succeeder, Limiter, MaxTime, Repeater, Wait};
/// A text value of a BehaviorTree.CPP XML tree (`message="hello"`) for a port, a blackboard
/// entry or a subtree's entry, converted by the target type's `From<&'static str>` (`&str` and
/// `String` have it; a user type may implement it).
#[inline(always)]
pub fn text<T: FromXmlText>(text: &'static str) -> T {
    T::from_xml_text(text)
}

/// What [`text`] needs of its target: `From<&'static str>`, named in the error when a port or
/// entry of another type gets text in the XML.
#[diagnostic::on_unimplemented(
    message = "the XML gives text to a port or entry of type `{Self}`, which has no `From<&'static str>`",
    label = "text in the XML for a `{Self}`",
    note = "in XML a value that is a number, `true`/`false`, a char, a `Path::CONST` or a tuple or array of those is that Rust constant; any other value is text, for a type with `From<&'static str>` (`&str`, `String`, or yours)"
)]
pub trait FromXmlText {
    /// The value of XML text.
    fn from_xml_text(text: &'static str) -> Self;
}

impl<T: From<&'static str>> FromXmlText for T {
    #[inline(always)]
    fn from_xml_text(text: &'static str) -> Self {
        T::from(text)
    }
}

// NodeCanvas's nodes, Unreal Engine's observer aborts and the random nodes in the DSL (issue 12).
pub use crate::decorator::nodecanvas;
pub use crate::random::{Rng, SmallRng};

/// A utility (a `#[weight(..)]` or `#[score(..)]` on a child of a ProbabilitySelector or a
/// PrioritySelector, or a ProbabilitySelector's `fail`) written as a closure over the blackboard.
#[inline(always)]
pub fn utility<Bb>(bb: &Bb, utility: impl FnOnce(&Bb) -> f32) -> f32 {
    utility(bb)
}

/// A case index of `IndexSwitch(|bb| index)`: any integer.
#[diagnostic::on_unimplemented(
    message = "`IndexSwitch` chooses its child by an integer, but this closure returns a `{Self}`",
    label = "not an integer",
    note = "return the child's position as an integer (`|bb| bb.mode as i64` for a field-less enum, in declaration order)"
)]
pub trait CaseIndex {
    /// The index; a value beyond `i64` saturates (and is out of range).
    fn case_index(self) -> i64;
}

macro_rules! case_index {
    ($($t:ty),*) => {$(
        impl CaseIndex for $t {
            #[inline(always)]
            fn case_index(self) -> i64 {
                i64::try_from(self).unwrap_or(i64::MAX)
            }
        }
    )*};
}

case_index!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

/// `IndexSwitch(|bb| index)`: the case this tick.
#[inline(always)]
pub fn case_index<Bb, T: CaseIndex>(bb: &Bb, index: impl FnOnce(&Bb) -> T) -> i64 {
    index(bb).case_index()
}

/// The context of a tree declared `rng = context`, as the generator its random nodes draw from:
/// the context's own `Rng` methods, taken where the bound is checked ([`context_rng`]), so that a
/// context that is not a generator is reported once, there.
pub struct ContextRng<'a, C: ?Sized> {
    ctx: &'a mut C,
    next_u32: fn(&mut C) -> u32,
    below: fn(&mut C, u32) -> u32,
    unit: fn(&mut C) -> f32,
}

impl<C: ?Sized> Rng for ContextRng<'_, C> {
    #[inline(always)]
    fn next_u32(&mut self) -> u32 {
        (self.next_u32)(self.ctx)
    }

    #[inline(always)]
    fn below(&mut self, n: u32) -> u32 {
        (self.below)(self.ctx, n)
    }

    #[inline(always)]
    fn unit(&mut self) -> f32 {
        (self.unit)(self.ctx)
    }
}

/// The generator of a tree declared `rng = context`: its context, which must implement `Rng`.
#[inline(always)]
pub fn context_rng<C: Rng + ?Sized>(ctx: &mut C) -> ContextRng<'_, C> {
    ContextRng {
        ctx,
        next_u32: C::next_u32,
        below: C::below,
        unit: C::unit,
    }
}

/// `Guard(|ctx| &mut ctx.token)`: the token, reached through the context.
#[inline(always)]
pub fn guard_token<Ctx: ?Sized>(
    ctx: &mut Ctx,
    token: impl FnOnce(&mut Ctx) -> &mut nodecanvas::GuardToken,
) -> &mut nodecanvas::GuardToken {
    token(ctx)
}

/// The list entry of `Iterate(list, ..)`: a `Vec<T>`, an array `[T; N]` or a `&[T]`.
#[diagnostic::on_unimplemented(
    message = "`Iterate` walks a list entry, but this entry is a `{Self}`",
    label = "not a list",
    note = "declare the entry as a `Vec<T>`, an array `[T; N]` or a `&'static [T]`"
)]
pub trait IterList {
    /// The elements' type.
    type Item;
    /// The elements.
    fn items(&self) -> &[Self::Item];
}

impl<T, const N: usize> IterList for [T; N] {
    type Item = T;
    #[inline(always)]
    fn items(&self) -> &[T] {
        self
    }
}

impl<T> IterList for &[T] {
    type Item = T;
    #[inline(always)]
    fn items(&self) -> &[T] {
        self
    }
}

#[cfg(any(test, feature = "std"))]
impl<T> IterList for std::vec::Vec<T> {
    type Item = T;
    #[inline(always)]
    fn items(&self) -> &[T] {
        self
    }
}

impl<L: IterList> IterList for Tracked<L> {
    type Item = L::Item;
    #[inline(always)]
    fn items(&self) -> &[L::Item] {
        self.get().items()
    }
}

/// The `element = {entry}` of `Iterate`: an entry of the list's element type (tracked or not).
#[diagnostic::on_unimplemented(
    message = "`Iterate` cannot write an element of type `{T}` into an entry of type `{Self}`",
    label = "this entry is a `{Self}`",
    note = "declare the element entry with the list's element type"
)]
pub trait IterElement<T> {
    /// Writes `item`.
    fn write(&mut self, item: T);
}

impl<T> IterElement<T> for T {
    #[inline(always)]
    fn write(&mut self, item: T) {
        *self = item;
    }
}

impl<T> IterElement<T> for Tracked<T> {
    #[inline(always)]
    fn write(&mut self, item: T) {
        self.set(item);
    }
}

/// The `index = {entry}` of `Iterate`: a `usize` entry (tracked or not).
#[diagnostic::on_unimplemented(
    message = "`Iterate` writes the element's index as a `usize`, but this entry is a `{Self}`",
    label = "not a `usize`",
    note = "declare the index entry as `name: usize`"
)]
pub trait IterIndex {
    /// Writes the index.
    fn write_index(&mut self, index: usize);
}

impl IterIndex for usize {
    #[inline(always)]
    fn write_index(&mut self, index: usize) {
        *self = index;
    }
}

impl IterIndex for Tracked<usize> {
    #[inline(always)]
    fn write_index(&mut self, index: usize) {
        self.set(index);
    }
}

/// The elements of `Iterate`'s list entry, reached through a closure written at the user's
/// token: the one place that asks for [`IterList`], always with the same closure, so that an
/// entry that is not a list is reported once.
#[inline(always)]
pub fn iterate_items<'a, Bb, L: IterList + ?Sized + 'a>(
    bb: &'a Bb,
    list: impl FnOnce(&'a Bb) -> &'a L,
) -> &'a [L::Item] {
    list(bb).items()
}

/// `Iterate` writes a copy of the current element (`None` past the end: nothing) into the element
/// entry.
#[inline(always)]
pub fn iterate_element<Bb, T, E: IterElement<T> + ?Sized>(
    bb: &mut Bb,
    item: Option<T>,
    entry: impl FnOnce(&mut Bb) -> &mut E,
) {
    if let Some(item) = item {
        entry(bb).write(item);
    }
}

/// `Iterate`'s `index = {entry}`.
#[inline(always)]
pub fn iterate_index<Bb, E: IterIndex + ?Sized>(
    bb: &mut Bb,
    index: usize,
    entry: impl FnOnce(&mut Bb) -> &mut E,
) {
    entry(bb).write_index(index)
}

/// A condition that the generated code answers as a pseudo child (a guard of an
/// `ObserverSelector`, the condition of a `ConditionalAbort`).
#[inline(always)]
pub fn guard<Bb>(bb: &Bb, condition: impl FnOnce(&Bb) -> bool) -> Status {
    Status::from_bool(condition(bb))
}

/// `SubTree(Child, agent = |ctx| &mut ctx.other)`: the part of the context the child tree runs on
/// (NodeCanvas's Override Agent).
#[inline(always)]
pub fn agent<Ctx: ?Sized, A: ?Sized>(
    ctx: &mut Ctx,
    agent: impl FnOnce(&mut Ctx) -> &mut A,
) -> &mut A {
    agent(ctx)
}

/// `Loop`'s pop: the next item of the queue entry `queue` picks from the blackboard.
#[inline(always)]
pub fn pop_front<B, Q: LoopQueue + ?Sized>(
    bb: &mut B,
    queue: impl FnOnce(&mut B) -> &mut Q,
) -> Option<Q::Item> {
    queue(bb).pop_front()
}
