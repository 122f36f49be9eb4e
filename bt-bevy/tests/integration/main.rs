//! The integration's tests, one binary: the plugin (`plugin.rs`) and the chase example's two
//! implementations compared frame by frame (`chase.rs`).

#[path = "../../examples/chase/behave.rs"]
mod behave;
mod chase;
#[path = "../../examples/chase/ours.rs"]
mod ours;
mod plugin;
#[path = "../../examples/chase/world.rs"]
mod world;
