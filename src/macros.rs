//! `behavior_tree!`, which passes the macro `$crate`, this crate's path under any name
//! ([Under another name](crate#under-another-name)). Its docs are
//! `behavior_tree.md`. It is alone in this file so that its line, which rustc names in some
//! errors (and so `tests/ui/subtree-cycle.stderr` does), moves only when it changes.

#[doc = include_str!("behavior_tree.md")]
#[macro_export]
macro_rules! behavior_tree {
    ($($tree:tt)*) => {
        $crate::__macros::behavior_tree_at! { ($crate) $($tree)* }
    };
}

/// A project's node registry: BehaviorTree.CPP IDs mapped to the project's node types once,
/// for every XML tree, as a BehaviorTree.CPP project registers its node types once
/// (`registerNodeType<T>("ID")`).
///
/// ```
/// # use bt::{behavior_tree, Input, Output, Ports, SyncAction, Outcome};
/// # #[derive(Default, Ports)] struct Plan { goal: Input<f64>, path: Output<Vec<f64>> }
/// # impl SyncAction<()> for Plan { fn execute(&mut self, _: &mut ()) -> Outcome {
/// #     self.path.set(vec![*self.goal]); Outcome::Success } }
/// # #[derive(Default, Ports)] struct Follow { path: Input<Vec<f64>> }
/// # impl SyncAction<()> for Follow { fn execute(&mut self, _: &mut ()) -> Outcome {
/// #     Outcome::from(!self.path.is_empty()) } }
/// bt::nodes! {
///     /// The navigation nodes.
///     pub(crate) navigation {
///         ComputePath = Action(Plan),
///         Action(Follow),
///     }
/// }
///
/// behavior_tree! {
///     tree Go for () {
///         xml_text = r#"<root BTCPP_format="4"><BehaviorTree ID="Go"><Sequence>
///             <ComputePath goal="{goal}" path="{path}"/>
///             <Follow path="{path}"/>
///         </Sequence></BehaviorTree></root>"#,
///         nodes = navigation,
///         // Only what no port types, or an initial value: `path` is a `Vec<f64>`, as
///         // `Plan`'s output and `Follow`'s input say.
///         blackboard { goal: f64 = 2.5 }
///     }
/// }
/// # let mut tree = Go::new();
/// # assert_eq!(tree.tick(&mut ()), bt::Status::Success);
/// ```
///
/// The registry is a name in the macro namespace, visible as an item of its visibility
/// (private: its module and the modules inside it; `pub(crate)`: the crate, by path, e.g.
/// `nodes = crate::robot::navigation`). Its mappings are those of a tree's `nodes { .. }`; a tree
/// may have both, and its own mapping of an ID takes the place of the registry's. The types are
/// pasted into each tree that names the registry, so they are resolved where the tree is: write
/// paths that resolve there (`crate::nodes::Plan`) when trees live in other modules.
///
/// A `pub` registry is for the trees of other crates, a workspace's `nodes` crate serving its
/// `trees` crate: it is exported as a `#[macro_export]` macro is, at the crate's root
/// (`nodes = nav_nodes::navigation` in another crate), and in its own crate it is named by its
/// name below it, as a `macro_rules!` macro is (`#[macro_use]` on its module for the modules
/// after it; rustc refuses a path to a macro a macro made, `crate::navigation`, within its crate).
/// Its types are named from its crate's root, whatever crate expands it: `Plan` for a type at the
/// root (or `pub use`d there), `crate::nodes::Plan` for another; the tokens after a type (an
/// initial value, port values) are resolved where the tree is.
#[macro_export]
macro_rules! nodes {
    ($($registry:tt)*) => {
        $crate::__macros::nodes_at! { $($registry)* }
    };
}
