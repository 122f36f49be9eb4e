//! What a tree shows of itself and what it reads: the exports (`to_dot`, `to_mermaid`, `to_xml`)
//! and the pictures in `docs/trees/` (`export`), the observers (`observe`), and trees compiled
//! from BehaviorTree.CPP XML (`xml`). One test binary (CONTRIBUTING.md, "How long the tests
//! take").

#[path = "../common/mod.rs"]
mod common;

mod btcpp_files;
mod export;
mod observe;
mod registry;
mod round_trip;
mod xml;
