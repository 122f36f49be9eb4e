//! Control nodes and decorators of the user's (`Control(Type)`, `Decorator(Type)`): the node's
//! bookkeeping in the tree, the handle over its children, and the traits the calls go through.

pub use crate::custom::{
    check_children, no_such_child, Aborted, Child, ChildSlots, Children, ControlNode,
    DecoratorNode, Kids, Lasts, NodeSlots, TryControlNode, TryDecoratorNode,
};
