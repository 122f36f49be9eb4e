use bt::Ports;

#[derive(Ports)]
pub enum Mode {
    Walk,
    Run,
}

fn main() {}
