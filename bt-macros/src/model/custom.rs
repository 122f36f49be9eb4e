//! The user's own control nodes and decorators (`Control(Type)`, `Decorator(Type)`): a type and
//! its port bindings, like a leaf of a type.

use super::leaf::leaf_type;
use super::{LeafType, Lower};
use crate::args::{Args, LeafArgs};
use crate::kinds::CustomKind;

/// `Control(Type) { .. }` or `Decorator(Type) { child }`.
pub struct Custom {
    pub kind: CustomKind,
    /// The user's type, how to build it, and its port bindings.
    pub node: LeafType,
}

/// A user node from its arguments (the grammar `Leaf`, which refuses a closure for these kinds);
/// `None` after an error.
pub(super) fn lower(at: &Lower, kind: CustomKind, args: Args) -> Option<Custom> {
    let Args::Leaf(LeafArgs::Target(target)) = args else {
        return None;
    };
    Some(Custom {
        kind,
        node: leaf_type(at, target)?,
    })
}
