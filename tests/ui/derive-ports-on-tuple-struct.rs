use bt::{Input, Ports};

#[derive(Ports)]
pub struct Pair(pub Input<u8>, pub Input<u8>);

fn main() {}
