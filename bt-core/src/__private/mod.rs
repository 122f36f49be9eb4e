//! Items used by the code `behavior_tree!` generates. Not a public API: names and signatures
//! change without notice. Generated code reaches every item as `::bt::__private::NAME`: the
//! modules below are private, and each is re-exported here whole, so that where an item is
//! written does not change its path.
//!
//! | module | what it serves |
//! |---|---|
//! | `status` | status and halt plumbing: every node's result and every halt, the running flags, the observer |
//! | `leaf` | calls on the user's leaves, typed and inline |
//! | `fallible` | trees with an error type: fallible leaf calls, `Error(value)`, the abort |
//! | `entries` | the blackboard: entry types, pre- and post-conditions, the blackboard nodes |
//! | `binding` | ports: port lists and the bindings of ports to entries and expressions |
//! | `child_tree` | `SubTree` nodes: calls on the child, remapped entries, the agent |
//! | `custom` | `Control(Type)` and `Decorator(Type)`: the node's place, the handle over its children, its calls |
//! | `clock` | time: the time nodes' clock, durations, the context's time for observers |
//! | `loops` | counts written as entries, `Loop`'s queue |
//! | `node_canvas` | NodeCanvas's and Unreal Engine's nodes: utilities, `IndexSwitch`, the context's generator, `Guard`, `Iterate`, observer-abort guards |
//! | `nodes` | the `NODES` table, one short call per node (the one module reached by its path, `::bt::__private::nodes::*`, which the table imports) |
//! | `xml` | trees from BehaviorTree.CPP XML: text values |
//!
//! A function here that needs a trait of the user's type (`Condition`, `BindEntry`, `Unset`, ..)
//! takes the trait's method as an argument, which the generated code writes as a path at the
//! user's token (`<Type as Condition<Ctx>>::check`, `BindEntry::load`), rather than bounding a
//! generic parameter by the trait: rustc reports an unmet bound of a function with a note
//! "required by a bound in `bt::__private::..`" that points into this module, and an unmet
//! bound of a path with none. The argument is a `fn` pointer, not an `impl FnOnce`: a debug
//! build then compiles the method alone, as before, rather than a call shim per method too, and
//! a release build inlines the method through the pointer, a constant once the function is
//! inlined (`benches/icount.sh` counts the same instructions). The functions that need several
//! methods of the trait (`stateful`, `subtree`, `context_rng`) keep the bound, and the generated
//! code names one of the trait's methods first, at the same token: rustc then reports that path
//! alone.
//!
//! The node rules themselves (bt-core's plain-Rust decision rules) are re-exported below, by
//! family.

mod binding;
mod child_tree;
mod clock;
mod custom;
mod entries;
mod fallible;
mod leaf;
mod loops;
mod node_canvas;
pub mod nodes;
mod status;
mod xml;

pub use self::binding::*;
pub use self::child_tree::*;
pub use self::clock::*;
pub use self::custom::*;
pub use self::entries::*;
pub use self::fallible::*;
pub use self::leaf::*;
pub use self::loops::*;
pub use self::node_canvas::*;
pub use self::status::*;
pub use self::xml::*;

// The types every tree names.
pub use crate::export;
pub use crate::{
    BehaviorTree, Condition, NodeCategory, NodeInfo, Observer, Outcome, SmallIndex, StatefulAction,
    Status, SyncAction, Tree, TreeBase,
};

// The rules, by family: composites, decorators (with the time nodes and the loops), leaves, Unreal
// Engine's observer aborts.
pub use crate::abort::{AbortMode, ConditionalAbort, ObserverSelector};
pub use crate::control::SkipCount;
pub use crate::control::{
    bitset_bytes, bitset_words, AsyncFallback, AsyncSequence, BinarySelector,
    DynamicPrioritySelector, DynamicSelector, DynamicSequence, Fallback, FlipSelector, Flow,
    IfThenElse, IndexSwitch, NoSkips, OutOfRange, Parallel, ParallelAll, ParallelAllConfig,
    ParallelConfig, ParallelPolicy, PolicyParallel, PrioritySelector, ProbabilitySelector,
    RandomSelector, RandomSequence, ReactiveFallback, ReactiveSequence, ReactiveTick, Sequence,
    SequenceWithMemory, StepSequencer, Switch, TryCatch, WhileDoElse,
};
pub use crate::decorator::{
    force_failure, force_success, inverter, keep_running_until_failure, loop_on_child, loop_start,
    optional, pop_into, precondition, remap, Conditional, Cooldown, CountWhen, Deadline, Delay,
    EntryUpdated, Filter, Guard, GuardToken, Interrupt, Iterate, Limiter, MaxTime, Repeat,
    RepeatMode, Repeater, Rerun, RetryUntilSuccessful, RunOnce, Termination, Timeout, WaitUntil,
};
pub use crate::leaves::{always_running, failer, runner, succeeder, Sleep, Wait};
pub use crate::queue::LoopQueue;
pub use crate::random::{Rng, SmallRng};
pub use crate::step::{Event, Step};

// Saving and restoring a tree (`#[derive(Serialize, Deserialize)]` on the tree, with the feature
// `serde`): serde itself, for the generated impls, and the helpers they call. The impls go
// through `snapshot_impls!`, which emits them with the feature and is one error without it.
#[cfg(feature = "serde")]
pub use crate::snapshot;
#[cfg(feature = "serde")]
pub use serde;

/// The serde impls of a tree that derives `Serialize` or `Deserialize`: emitted as they are.
#[cfg(feature = "serde")]
#[doc(hidden)]
#[macro_export]
macro_rules! __bt_snapshot_impls {
    ($($impls:tt)*) => {
        $($impls)*
    };
}

/// The serde impls of a tree that derives `Serialize` or `Deserialize`, without the feature:
/// one error, at the derive.
#[cfg(not(feature = "serde"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __bt_snapshot_impls {
    ($($impls:tt)*) => {
        ::core::compile_error!(
            "saving a tree needs the feature `serde` of `bt`: `features = [\"serde\"]` on `bt-compiled` in Cargo.toml"
        );
    };
}

pub use crate::__bt_snapshot_impls as snapshot_impls;
