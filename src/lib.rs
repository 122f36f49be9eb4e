//! placeholder
pub use bt_core::*;
