//! Control nodes and decorators of the user's (`Control(Type)`, `Decorator(Type)`): the node's
//! bookkeeping in the tree, the handle over its children, and the traits the calls go through.

pub use crate::custom::{
    check_children, no_such_child, Aborted, Child, ChildSlots, Children, ControlNode,
    DecoratorNode, Kids, Lasts, NodeSlots, TryControlNode, TryDecoratorNode,
};

use crate::Status;
use core::convert::Infallible;

/// One call of a user node's tick in a tree without an error type: the node's `on_start` when the
/// call starts an activation, its `tick` over the handle (`ControlNode::tick` or
/// `DecoratorNode::tick`), then the handle's [`Kids::finish`]. The generated code passes the
/// node's two methods through the node's trait spanned at the user's type, so that a type without
/// the trait is reported there, once; this function is compiled once per handle type (per group
/// of nodes in a debug build), where the same statements written in every node's tick were
/// compiled once per node.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn tick_custom<Ctx: ?Sized, S, const K: usize>(
    mut kids: Kids<S, Infallible, K>,
    start: bool,
    ctx: &mut Ctx,
    on_start: fn(&mut S::Node, &mut Ctx),
    tick: fn(&mut Kids<S, Infallible, K>, &mut Ctx) -> Status,
) -> Status
where
    S: ChildSlots<Ctx, K, Error = Infallible> + NodeSlots<K>,
{
    if start {
        on_start(&mut kids, ctx);
    }
    let said = Ok(tick(&mut kids, ctx));
    match kids.finish(ctx, said) {
        Ok(status) => status,
        Err(Aborted::Child(never) | Aborted::Own(never)) => match never {},
    }
}

/// The halt of a running user node without inputs bound to expressions: its running children
/// halted and its activation ended ([`Kids::end_activation`]), its inputs bound to entries
/// loaded, its `on_halted` (passed through the node's trait, as in [`tick_custom`]), its written
/// outputs stored. Compiled once per handle type.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn halt_custom<Ctx: ?Sized, S, E, const K: usize>(
    mut kids: Kids<S, E, K>,
    ctx: &mut Ctx,
    on_halted: fn(&mut S::Node, &mut Ctx),
) where
    S: ChildSlots<Ctx, K, Error = E> + NodeSlots<K>,
{
    kids.end_activation(ctx);
    kids.load_ports();
    on_halted(&mut kids, ctx);
    kids.store_ports();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Status::{Running, Success};
    use std::vec::Vec;

    #[derive(Default)]
    struct Node {
        log: Vec<&'static str>,
    }

    /// A tree of one user node over two children whose statuses are scripted, tick by tick.
    struct Tree {
        node: Node,
        script: [Vec<Status>; 2],
        lasts: [Option<Status>; 2],
    }

    struct Slots<'t>(&'t mut Tree);

    impl NodeSlots<2> for Slots<'_> {
        type Node = Node;
        type Lasts = [Option<Status>; 2];
        fn parts(&self) -> (&Node, &[Option<Status>; 2]) {
            (&self.0.node, &self.0.lasts)
        }
        fn parts_mut(&mut self) -> (&mut Node, &mut [Option<Status>; 2]) {
            (&mut self.0.node, &mut self.0.lasts)
        }
    }

    impl ChildSlots<(), 2> for Slots<'_> {
        type Error = Infallible;
        fn tick(&mut self, _: &mut (), index: usize, _: bool) -> Result<Status, Infallible> {
            self.0.node.log.push(["tick 0", "tick 1"][index]);
            Ok(self.0.script[index].remove(0))
        }
        fn halt(&mut self, _: &mut (), index: usize) {
            self.0.node.log.push(["halt 0", "halt 1"][index]);
        }
    }

    fn on_start(node: &mut Node, _: &mut ()) {
        node.log.push("on_start");
    }

    fn on_halted(node: &mut Node, _: &mut ()) {
        node.log.push("on_halted");
    }

    /// The node's rule: its children in order, each tick from the first.
    fn sequence(kids: &mut Kids<Slots<'_>, Infallible, 2>, ctx: &mut ()) -> Status {
        for index in 0..2 {
            match kids.tick_child(ctx, index) {
                Success => {}
                other => return other,
            }
        }
        Success
    }

    fn tree(script: [Vec<Status>; 2]) -> Tree {
        Tree {
            node: Node::default(),
            script,
            lasts: [None; 2],
        }
    }

    fn tick(tree: &mut Tree, start: bool) -> Status {
        let kids = Kids::new(Slots(tree));
        tick_custom(kids, start, &mut (), on_start, sequence)
    }

    /// `on_start` only on the call that starts an activation; the node's answer is the tick's;
    /// a completed activation forgets its children's statuses.
    #[test]
    fn tick_custom_starts_ticks_and_finishes() {
        let mut tree = tree([vec![Running, Success], vec![Success]]);
        assert_eq!(tick(&mut tree, true), Running);
        assert_eq!(tree.lasts, [Some(Running), None]);
        assert_eq!(tick(&mut tree, false), Success);
        assert_eq!(tree.node.log, ["on_start", "tick 0", "tick 0", "tick 1"]);
        assert_eq!(tree.lasts, [None, None], "the activation ended");
    }

    /// The halt of a running node: its running child first, then its `on_halted`.
    #[test]
    fn halt_custom_halts_the_running_children_then_the_node() {
        let mut tree = tree([vec![Success], vec![Running]]);
        assert_eq!(tick(&mut tree, true), Running);
        halt_custom(Kids::new(Slots(&mut tree)), &mut (), on_halted);
        assert_eq!(
            tree.node.log,
            ["on_start", "tick 0", "tick 1", "halt 1", "on_halted"]
        );
        assert_eq!(tree.lasts, [None, None]);
    }
}
