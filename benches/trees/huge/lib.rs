//! The benchmark trees of `bt-bench-trees` and the 10,000-node memory tree, which is a package of
//! its own so that `cargo test --workspace` does not build it (see `Cargo.toml`).

pub use bt_bench_trees::*;

#[path = "../memory_10000.rs"]
pub mod memory_10000;
