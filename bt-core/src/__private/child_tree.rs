//! `SubTree` nodes: the calls on the child tree, its entries remapped to the parent's, and the
//! part of the context it runs on.

#[allow(unused_imports)]
use super::*;

pub use crate::subtree::{
    splice, AutoRemap, AutoRemapChunk, EntryKey, HasEntry, HasNamedEntry, InitialValue,
    NotSharedWithSubtree, Offset, SameEntry, SharedEntryProbe, SharedWithSubtree, Subtree,
    Unmatched, C, NO_NODE,
};

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
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn subtree<Ctx: ?Sized, T: Subtree<Ctx>, O: Observer>(
    tree: &mut T,
    ctx: &mut Ctx,
    observer: &mut O,
    offset: usize,
    call: SubtreeCall,
) -> Status {
    let mut observer = Offset::new(observer, offset);
    match call {
        SubtreeCall::Tick => match tree.try_tick_with(ctx, &mut observer) {
            Ok(status) => return status,
            Err(never) => match never {},
        },
        SubtreeCall::Halt => tree.halt_root_with(ctx, &mut observer),
        SubtreeCall::Reset => tree.halt_with(ctx, &mut observer),
    }
    Status::Skipped
}

/// `x = {a}` on a `SubTree` node: trades the parent's entry and the child's (before and after
/// each tick and halt of the child). Both entries are reached through closures written at the
/// user's tokens, so that an unknown entry is reported there.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn trade_entry<Ctx: ?Sized, T: Subtree<Ctx>, P, E, F>(
    parent: &mut P,
    tree: &mut T,
    parent_entry: impl FnOnce(&mut P) -> &mut E,
    child_entry: impl FnOnce(&mut T::Blackboard) -> &mut F,
    trade: fn(&mut E, &mut F),
) {
    trade(parent_entry(parent), child_entry(tree.blackboard_mut()))
}

/// `..` on a `SubTree` node: trades every entry of the child with the parent's namesake.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn trade_all<Ctx: ?Sized, T: Subtree<Ctx>, P>(
    parent: &mut P,
    tree: &mut T,
    trade_all: fn(&mut T::Blackboard, &mut P),
) {
    trade_all(tree.blackboard_mut(), parent)
}

/// `x = expression` on a `SubTree` node, when the parent is built: the child's entry starts with
/// the value (the value first, so that its type is known).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn initial_entry<Ctx: ?Sized, T: Subtree<Ctx>, V, E>(
    value: V,
    tree: &mut T,
    entry: impl FnOnce(&mut T::Blackboard) -> &mut E,
    set_initial: fn(&mut E, V),
) {
    set_initial(entry(tree.blackboard_mut()), value)
}

/// `SubTree(Child, agent = |ctx| &mut ctx.other)`: the part of the context the child tree runs on
/// (NodeCanvas's Override Agent).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn agent<Ctx: ?Sized, A: ?Sized>(
    ctx: &mut Ctx,
    agent: impl FnOnce(&mut Ctx) -> &mut A,
) -> &mut A {
    agent(ctx)
}
