//! placeholder
#![no_std]
pub use bt_core::*;
pub use bt_macros::behavior_tree;
