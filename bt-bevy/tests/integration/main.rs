//! The integration's tests, one binary: the plugin (`plugin.rs`), contexts built from
//! components for every tree over them (`agent.rs`), and the chase example's two implementations
//! compared frame by frame (`chase.rs`), and the guards' (`guards.rs`).

mod agent;
#[path = "../../examples/chase/behave.rs"]
mod behave;
mod chase;
mod guards;
#[path = "../../examples/chase/ours.rs"]
mod ours;
mod plugin;
// A saved world's agents restore mid-action (feature `serde`).
#[cfg(feature = "serde")]
mod saved;
#[path = "../../examples/chase/world.rs"]
mod world;
