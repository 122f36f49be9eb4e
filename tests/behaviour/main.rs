//! The behaviour tests: generated trees ticked with scripted leaves, one module per node family
//! or feature. One test binary for all of them (CONTRIBUTING.md, "How long the tests take"): add
//! a module here rather than a new file directly under `tests/`, which would be a binary of its
//! own.
//!
//! `common` (the scripted `Ctx`) and `agent` (the scripted `Agent` of the NodeCanvas, abort and
//! randomness tests) are the shared harnesses. `allocations` installs a counting global allocator
//! for the whole binary; it counts only on the thread that measures, so the other tests are not
//! affected.

#[path = "../agent/mod.rs"]
mod agent;
#[path = "../common/mod.rs"]
mod common;

mod aborts;
mod aliases;
mod allocations;
mod async_nodes;
mod behavior3;
mod btcpp_differences;
mod conditional;
mod conditions;
mod counts;
mod custom;
mod decorators;
mod errors;
mod fallback;
mod generic;
mod halting;
mod loop_node;
mod macro_doc;
mod nodecanvas;
mod parallel;
mod ports;
mod random;
mod reactive;
mod resume;
mod send_sync;
mod sequence;
mod snapshot;
mod subtrees;
mod time;
mod try_catch;
mod updates;
mod wide;
mod wide_parts;
