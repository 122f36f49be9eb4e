/// What a node answers when it is ticked.
///
/// There is no `Idle`: a tick never returns "idle". A node that is not running is idle, and the
/// generated tree knows which nodes are running without storing a status per node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Status {
    /// The node has not finished: tick it again.
    Running,
    /// The node finished and achieved its goal.
    Success,
    /// The node finished and did not achieve its goal.
    Failure,
    /// The node chose not to run (a pre-condition, or a `RunOnce` that already ran).
    ///
    /// Composites move past a skipped child as if it were not there; a composite whose children
    /// were all skipped is itself skipped.
    Skipped,
}

impl Status {
    /// `Success` for `true`, `Failure` for `false`: how a condition's answer becomes a status.
    #[inline]
    pub const fn from_bool(ok: bool) -> Status {
        if ok {
            Status::Success
        } else {
            Status::Failure
        }
    }

    /// True for `Success` and `Failure`.
    #[inline]
    pub const fn is_completed(self) -> bool {
        matches!(self, Status::Success | Status::Failure)
    }

    /// True for `Running`.
    #[inline]
    pub const fn is_running(self) -> bool {
        matches!(self, Status::Running)
    }

    /// The upper-case name BehaviorTree.CPP prints (`RUNNING`, `SUCCESS`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            Status::Running => "RUNNING",
            Status::Success => "SUCCESS",
            Status::Failure => "FAILURE",
            Status::Skipped => "SKIPPED",
        }
    }
}

impl core::fmt::Display for Status {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.pad(self.name())
    }
}

/// The result of a node that always finishes within one tick: a [`SyncAction`](crate::SyncAction)
/// cannot say `Running`, and the type makes that a compile-time fact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// Finished and achieved its goal.
    Success,
    /// Finished and did not achieve its goal.
    Failure,
}

impl From<bool> for Outcome {
    #[inline]
    fn from(ok: bool) -> Outcome {
        if ok {
            Outcome::Success
        } else {
            Outcome::Failure
        }
    }
}

impl From<Outcome> for Status {
    #[inline]
    fn from(outcome: Outcome) -> Status {
        match outcome {
            Outcome::Success => Status::Success,
            Outcome::Failure => Status::Failure,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bool_maps_to_success_or_failure() {
        assert_eq!(Status::from_bool(true), Status::Success);
        assert_eq!(Status::from_bool(false), Status::Failure);
        assert_eq!(Status::from(Outcome::from(true)), Status::Success);
        assert_eq!(Status::from(Outcome::from(false)), Status::Failure);
    }

    #[test]
    fn completed_and_running() {
        assert!(Status::Success.is_completed());
        assert!(Status::Failure.is_completed());
        assert!(!Status::Running.is_completed());
        assert!(!Status::Skipped.is_completed());
        assert!(Status::Running.is_running());
        assert!(!Status::Skipped.is_running());
    }
}
