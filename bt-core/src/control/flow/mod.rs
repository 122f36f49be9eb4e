//! Conditional flow: composites that pick a branch from a child's answer or a value.
//! [`IfThenElse`], [`WhileDoElse`], [`Switch`] and [`TryCatch`] are BehaviorTree.CPP's (`TryCatch`
//! is this crate's); [`BinarySelector`] and [`IndexSwitch`] are NodeCanvas's. All follow the
//! [`Step`](crate::step::Step) protocol.

mod binary_selector;
mod if_then_else;
mod index_switch;
mod switch;
mod try_catch;

pub use binary_selector::BinarySelector;
pub use if_then_else::{IfThenElse, WhileDoElse};
pub use index_switch::{CaseIndex, IndexSwitch, OutOfRange};
pub use switch::Switch;
pub use try_catch::TryCatch;
