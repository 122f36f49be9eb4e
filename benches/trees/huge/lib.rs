//! The benchmark trees of `bt-bench-trees` and the 10,000-node memory tree, which is a package of
//! its own so that `cargo test --workspace` does not build it (see `Cargo.toml`).

pub use bt_bench_trees::*;

#[cfg(not(clippy))]
#[path = "../memory_10000.rs"]
pub mod memory_10000;

/// What `cargo clippy --all-targets` (which sets `--cfg clippy`) sees instead of the 10,000-node
/// tree: a 10-node tree of the same generator under its names (`benches/gen/regen.sh`). Generated
/// code is linted once, in the small trees (CONTRIBUTING.md, "How long the tests take"):
/// type-checking the big tree again took 15 s of CPU in CI's clippy step. The benches build the
/// real tree.
#[cfg(clippy)]
#[path = "../memory_10000_clippy.rs"]
pub mod memory_10000;
