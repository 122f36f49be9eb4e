use crate::{Outcome, Status};

/// **RunOnce** (`then_skip`, default `true`): tick the child until it completes once; afterwards
/// never tick it again.
///
/// | state | RunOnce |
/// |---|---|
/// | child never completed | ticks it; `Running` and `Skipped` pass through; `Success`/`Failure` are remembered and returned |
/// | child completed, `then_skip` | `Skipped`, child not ticked |
/// | child completed, `!then_skip` | the remembered status, child not ticked |
///
/// The memory lasts for the tree's life: halting does not clear it (BehaviorTree.CPP's rule, kept:
/// `spec/decisions.md` decision 6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RunOnce {
    done: Option<Outcome>,
}

impl RunOnce {
    /// A RunOnce whose child has not run yet.
    pub const fn new() -> Self {
        RunOnce { done: None }
    }

    /// Before ticking the child: `Some(status)` answers without it (the child already completed).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(&self, then_skip: bool) -> Option<Status> {
        match self.done {
            None => None,
            Some(_) if then_skip => Some(Status::Skipped),
            Some(outcome) => Some(outcome.into()),
        }
    }

    /// The child answered `child`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn on_child(&mut self, child: Status) -> Status {
        match child {
            Status::Success => self.done = Some(Outcome::Success),
            Status::Failure => self.done = Some(Outcome::Failure),
            Status::Running | Status::Skipped => {}
        }
        child
    }

    /// True once the child has completed.
    pub fn has_run(&self) -> bool {
        self.done.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Status::*;

    #[test]
    fn then_skip() {
        let mut node = RunOnce::new();
        assert_eq!(node.start(true), None);
        assert_eq!(node.on_child(Running), Running);
        assert_eq!(node.start(true), None);
        assert_eq!(node.on_child(Skipped), Skipped);
        assert!(!node.has_run());
        assert_eq!(node.on_child(Failure), Failure);
        assert!(node.has_run(), "a failure completes it");
        assert_eq!(node.start(true), Some(Skipped));
        assert_eq!(node.start(true), Some(Skipped));
    }

    #[test]
    fn then_repeat_the_outcome() {
        let mut node = RunOnce::new();
        assert_eq!(node.on_child(Failure), Failure);
        assert_eq!(node.start(false), Some(Failure));
        let mut node = RunOnce::new();
        assert_eq!(node.on_child(Success), Success);
        assert!(node.has_run());
        assert_eq!(node.start(false), Some(Success));
    }
}
