use bt::{Input, Ports};

#[derive(Default, Ports)]
pub struct Report {
    #[port(optional)]
    pub level: Input<u8>,
}

fn main() {}
