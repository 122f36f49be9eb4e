//! Shorthands for the unit tests of the [`Step`](crate::step::Step) rules.

use crate::step::script::Log;
use crate::Status;

/// The log of a tick that answered `status` after ticking `ticked` and halting `halted`.
pub fn log(status: Status, ticked: &[usize], halted: &[usize]) -> Log {
    Log {
        status: Some(status),
        ticked: ticked.to_vec(),
        halted: halted.to_vec(),
    }
}

/// The log of a halt of the node that ticked `ticked` and halted `halted`.
pub fn halted(ticked: &[usize], halted: &[usize]) -> Log {
    Log {
        status: None,
        ticked: ticked.to_vec(),
        halted: halted.to_vec(),
    }
}
