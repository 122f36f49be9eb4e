//! The `behavior_tree!` macro of the `bt` library. Users depend on `bt`, which re-exports it;
//! the guide is the `bt` crate's documentation.
//!
//! The pipeline is one module per stage: `parse` (syntax; node arguments by the grammars of
//! `args`) → `model` (kinds, parameters, arity, names; every error collected in a
//! `ctxt::Ctxt`) → `plan` (running flags, outlining, direct resume) → `codegen`. `kinds`
//! is the one table of node kinds they all read. `expand` is the entry on `proc_macro2` token
//! streams (tests call it directly); `pipeline` runs the stages on one tree's body. `xml` is a
//! second front end: a tree given as BehaviorTree.CPP XML (`xml = "file.xml"`) is translated into
//! the DSL's tokens and handed to `pipeline` like any other.
#![forbid(unsafe_code)]

mod args;
mod codegen;
mod ctxt;
mod expand;
mod fuzz;
mod guide_tables;
mod kinds;
mod kw;
mod model;
mod parse;
mod pipeline;
mod plan;
mod ports;
mod snapshots;
mod text;
mod xml;

/// Compiles a behavior tree into a struct with a statically dispatched `tick`: no boxing, no
/// `dyn`, no allocation.
///
/// ```text
/// behavior_tree! {
///     /// doc comments and #[derive(..)] pass to the struct
///     pub tree Name for Context [, error ErrorType] [, rng = context] {
///         blackboard { entry: Type = initial, #[tracked] other: Type, .. }   // optional
///         RootNode
///     }
///     tree Other for Context { .. }                                   // more trees, if any
/// }
/// ```
///
/// A node is a kind with its arguments and children: `Sequence { a, b }`, `Repeat(3) { c }`,
/// `Parallel(success = 2) { .. }`, `Switch(entry) { case V => a, _ => b }`. Leaves: your types,
/// `Condition(IsVisible)`, `Action(MoveTo, goal = {target}, speed = 2.0)` (ports bound to
/// `{entries}` or values), `StatefulAction(Patrol)`, or closures, `Condition(|ctx, bb| ..)`;
/// blackboard leaves, `SetBlackboard(entry = value)`, `Script(|bb| ..)`; `SubTree(Other, x =
/// {y})`. Attributes on a node: `#[name = ".."]`, `#[skip_if(|bb| ..)]`, `#[on_success(..)]` and
/// the other pre/post-conditions. The generated struct has `new()`, `tick(&mut ctx) -> Status`
/// (`Result<Status, E>` with an error type), `tick_with(&mut ctx, &mut observer)`, `halt`,
/// `blackboard()`, `blackboard_mut()` and the const metadata `NODES`.
///
/// ```ignore
/// use bt::{behavior_tree, Status};
///
/// pub struct World {
///     enemy: bool,
///     shots: u32,
/// }
///
/// behavior_tree! {
///     pub tree Guard for World {
///         Fallback {
///             Sequence {
///                 Condition(|world| world.enemy),
///                 Action(|world| { world.shots += 1; true }),
///             },
///             AlwaysRunning,
///         }
///     }
/// }
///
/// let mut guard = Guard::new();
/// let mut world = World { enemy: true, shots: 0 };
/// assert_eq!(guard.tick(&mut world), Status::Success);
/// ```
///
/// The `bt` crate's documentation is the guide: every node kind with its rule, ports and the
/// blackboard, subtrees, errors, time, observers and XML trees (`xml = "file.xml"`). The
/// generated code names the runtime `::bt`; under another name (`behave = { package = "bt" }`),
/// write `extern crate behave as bt;` at the crate's root.
#[proc_macro]
pub fn behavior_tree(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    expand::behavior_tree(input.into()).into()
}

/// Declares a leaf type's ports: its fields of type `bt::Input<T>`, `bt::Output<T>` and
/// `bt::InOut<T>`. Inputs are required unless marked `#[port(default)]`.
#[proc_macro_derive(Ports, attributes(port))]
pub fn derive_ports(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    ports::derive(input.into()).into()
}
