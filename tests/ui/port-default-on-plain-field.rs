use bt::Ports;

#[derive(Default, Ports)]
pub struct Report {
    #[port(default)]
    pub level: u8,
}

fn main() {}
