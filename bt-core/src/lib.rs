//! Runtime of the `bt` behavior-tree library.
//!
//! The `behavior_tree!` macro (crate `bt-macros`, re-exported with this crate by the `bt` facade)
//! compiles a tree into a plain struct. Everything that tree does at run time is defined here, as
//! small, documented and unit-tested pieces of plain Rust:
//!
//! * [`Status`] and [`Outcome`]: what a node returns;
//! * [`Tree<Ctx>`](Tree) and [`TreeBase`]: the traits every generated tree implements, for code
//!   that takes any tree (whatever its error type and its context's lifetimes; a generic tree
//!   for every context its bounds allow), and [`BehaviorTree`], the older trait of the trees with
//!   one context type and no error type ([`Tree`]'s docs compare them);
//! * the leaf traits [`Condition`], [`SyncAction`] and [`StatefulAction`], implemented by user types;
//! * [`control`]: the rule of every composite, by family as the macro's kinds are (in order,
//!   selectors, conditional flow, parallels); the in-order ones (Sequence, Fallback, their reactive
//!   and memory forms) are each a small state type that is told what its current child returned
//!   and answers with a [`Flow`](control::Flow): tick that child next, or finish with this status
//!   (halting that child);
//! * [`custom`]: control nodes and decorators of your own ([`ControlNode`], [`DecoratorNode`]),
//!   which reach their children through a generated handle ([`Children`], [`Child`]);
//! * [`step`]: the general protocol of the nodes that do not walk their children in order
//!   (Parallel, IfThenElse, Switch, TryCatch, Timeout, ...);
//! * [`decorator`]: the rule of every decorator (Inverter, Repeat, RetryUntilSuccessful, ...),
//!   the time decorators (Delay, Timeout, Deadline, MaxTime, Cooldown) and the loops among them;
//! * [`leaves`]: the built-in leaves with a rule (Sleep, AlwaysRunning, Wait, ...);
//! * [`origins`]: the systems the nodes come from (BehaviorTree.CPP, behavior3, NodeCanvas,
//!   Unreal Engine), which rule runs each of their nodes, and what the tree does on behavior3's
//!   `Error`;
//! * [`queue`]: [`Deque`] and [`LoopQueue`], the queues the `Loop` decorator consumes;
//! * [`abort`]: Unreal Engine's observer aborts (guards on a selector's children that interrupt
//!   a running branch when they change);
//! * [`conditions`]: pre- and post-conditions on any node (`skip_if`, `run_while`, `on_success`, ...);
//! * [`blackboard`]: helpers behind the blackboard nodes;
//! * [`script`]: the arithmetic of scripts translated from XML, which never panics;
//! * [`ports`]: [`Input`], [`Output`], [`InOut`]: how leaves exchange data with the blackboard;
//! * [`subtree`]: a generated tree used as a node of another, with entry remapping;
//! * [`time`] and [`random`]: the clock and the generator that time-based and random nodes read,
//!   injected through the context;
//! * [`observe`]: the [`Observer`] hook every status change passes through, node metadata
//!   ([`NodeInfo`]), and observers: [`TickTrace`] (a readable per-tick trace),
//!   [`TransitionLogger`] (every status change, time-stamped), [`Statistics`] (per-node counts),
//!   a `tracing` observer (feature `tracing`) and a JSON-lines trace writer and reader (feature
//!   `json`); a tuple of observers is an observer;
//! * `snapshot` (feature `serde`): saving a running tree and restoring it later, through serde;
//! * [`xml`]: how the literals of a BehaviorTree.CPP XML tree become values of ports and
//!   entries (what a type of yours implements to be written in XML), and its ports' bindings;
//! * [`export`]: a tree as Graphviz DOT, Mermaid or BehaviorTree.CPP v4 XML (Groot2), from its
//!   `const` metadata, optionally coloured by the nodes' last statuses.
//!
//! The generated code only wires these pieces together: it stores one state value per stateful
//! node, calls children in the order a rule asks for, and reports every result to the observer.
//!
//! This crate is `no_std` and never allocates (only `observe::json::read_trace`, a reader of
//! trace files with the `json` feature, builds a `Vec`).
//!
//! Cargo features: `std` (`StdClock`, a stdout sink for the [`TransitionLogger`]),
//! `tracing` (`observe::tracing`), `json` (`observe::json`, implies `std`), `serde` (`snapshot`:
//! the rules' state types implement serde's traits, so that generated trees save and restore).
#![cfg_attr(not(any(test, feature = "std")), no_std)]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod abort;
mod bits;
pub mod blackboard;
pub mod conditions;
pub mod control;
pub mod custom;
pub mod decorator;
pub mod export;
mod index;
mod leaf;
pub mod leaves;
pub mod observe;
pub mod origins;
pub mod ports;
pub mod queue;
pub mod random;
pub mod resume;
pub mod running;
pub mod script;
#[cfg(feature = "serde")]
pub mod snapshot;
mod status;
pub mod step;
pub mod subtree;
#[cfg(test)]
mod testing;
pub mod time;
mod tree;
pub mod xml;

pub use blackboard::Tracked;
pub use custom::{Child, Children, ControlNode, DecoratorNode, TryControlNode, TryDecoratorNode};
pub use decorator::GuardToken;
pub use index::SmallIndex;
pub use leaf::{
    Condition, StatefulAction, SyncAction, TryAnswer, TryCondition, TryStatefulAction,
    TrySyncAction,
};
#[cfg(feature = "std")]
pub use observe::StdoutSink;
pub use observe::{
    Lines, NoObserver, NodeCategory, NodeInfo, NodeStats, Observer, Statistics, StatusSnapshot,
    TickTrace, Trace, TraceEvent, Transition, TransitionLogger, TransitionSink,
};
pub use ports::{InOut, Input, Output, PortDirection, PortInfo, Ports};
pub use queue::{Deque, LoopQueue};
pub use random::{Rng, SmallRng};
pub use status::{Outcome, Status};
pub use subtree::Subtree;
#[cfg(feature = "std")]
pub use time::StdClock;
pub use time::{Clock, ManualClock};
pub use tree::{BehaviorTree, Tree, TreeBase};

/// behavior3's nodes under their former path (`bt_core::behavior3`), kept so that code naming
/// them still compiles. Hidden: each has one documented name, by family ([`origins`] maps
/// behavior3's names to them).
#[doc(hidden)]
pub mod behavior3 {
    pub use crate::decorator::{
        Limiter, MaxTime, RepeatUntilFailure, RepeatUntilSuccess, Repeater,
    };
    pub use crate::leaves::{failer, runner, succeeder, Wait};
}

#[doc(hidden)]
pub mod __private;

#[cfg(test)]
mod former_paths {
    use core::any::TypeId;

    fn same<A: 'static, B: 'static>() -> bool {
        TypeId::of::<A>() == TypeId::of::<B>()
    }

    /// The hidden paths by source library name the rules of the family modules.
    #[test]
    fn name_the_rules_by_family() {
        use crate::{behavior3 as b3, control as c, decorator as d, leaves as l};
        assert!(same::<d::nodecanvas::Timeout, d::Deadline>());
        assert!(same::<d::nodecanvas::Repeat<u8>, d::Rerun<u8>>());
        assert!(same::<d::nodecanvas::Cooldown, d::Cooldown>());
        assert!(same::<d::nodecanvas::GuardToken, crate::GuardToken>());
        assert!(same::<c::nodecanvas::PolicyParallel, c::PolicyParallel>());
        assert!(same::<c::nodecanvas::IndexSwitch, c::IndexSwitch>());
        assert!(same::<b3::Wait, l::Wait>());
        assert!(same::<b3::MaxTime, d::MaxTime>());
        assert!(same::<b3::RepeatUntilFailure<u8>, d::Repeat<u8>>());
        let leaves: [fn() -> crate::Status; 3] = [b3::succeeder, b3::failer, b3::runner];
        assert_eq!(
            leaves.map(|leaf| leaf()),
            [l::succeeder(), l::failer(), l::runner()]
        );
        assert_eq!(
            d::nodecanvas::optional(crate::Status::Success),
            crate::Status::Skipped
        );
    }
}

#[cfg(doctest)]
mod alloc_free;
