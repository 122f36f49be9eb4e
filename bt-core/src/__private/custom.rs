//! Control nodes and decorators of the user's (`Control(Type)`, `Decorator(Type)`): the node's
//! place in the tree, the handle over its children, and the calls of its traits.

pub use crate::custom::{
    check_children, control, decorator, Child, ChildSlots, Children, Kids, Taken, UserCall,
    UserNode,
};
