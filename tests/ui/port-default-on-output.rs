use bt::{Output, Ports};

#[derive(Default, Ports)]
pub struct Report {
    #[port(default)]
    pub done: Output<bool>,
}

fn main() {}
