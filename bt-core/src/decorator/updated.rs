/// The memory of `WasEntryUpdated`, `SkipUnlessUpdated` and `WaitValueUpdate`: the version of a
/// `#[tracked]` entry that the node saw last (0 at first, so an entry never written is "not
/// updated", `spec/decisions.md` decision 12).
///
/// * **WasEntryUpdated(entry)** (a leaf): `Success` if the entry's version differs from the one
///   this node saw last (and remembers it), else `Failure` ([`EntryUpdated::was_updated`]).
/// * **SkipUnlessUpdated(entry) { child }**: if the child is running from an earlier tick, tick
///   it without looking; else, if the entry was not updated since the last look, answer
///   `Skipped` without ticking the child; else remember the version and tick the child.
/// * **WaitValueUpdate(entry) { child }**: the same, but answers `Running` while waiting.
///
/// The child's status passes through. Halting halts the child and keeps the memory.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct EntryUpdated {
    seen: u64,
}

impl EntryUpdated {
    /// A node that has seen version 0.
    pub const fn new() -> Self {
        EntryUpdated { seen: 0 }
    }

    /// The `WasEntryUpdated` rule: true (and remembered) if `version` is new to this node.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn was_updated(&mut self, version: u64) -> bool {
        if version == self.seen {
            false
        } else {
            self.seen = version;
            true
        }
    }

    /// The decorators' rule before ticking the child: `None` ticks the child, `Some(status)`
    /// answers without it. `waiting` is `Skipped` for SkipUnlessUpdated and `Running` for
    /// WaitValueUpdate.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(
        &mut self,
        child_running: bool,
        version: u64,
        waiting: crate::Status,
    ) -> Option<crate::Status> {
        if child_running || self.was_updated(version) {
            None
        } else {
            Some(waiting)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::EntryUpdated;
    use crate::Status::*;

    #[test]
    fn was_updated_sees_each_version_once() {
        let mut node = EntryUpdated::new();
        assert!(!node.was_updated(0), "never written");
        assert!(node.was_updated(1));
        assert!(!node.was_updated(1));
        assert!(node.was_updated(3));
    }

    #[test]
    fn decorators_wait_or_skip_until_an_update() {
        let mut node = EntryUpdated::new();
        assert_eq!(node.start(false, 0, Skipped), Some(Skipped));
        assert_eq!(node.start(false, 0, Running), Some(Running));
        assert_eq!(node.start(false, 1, Skipped), None);
        assert_eq!(
            node.start(true, 1, Skipped),
            None,
            "a running child is ticked without looking"
        );
        assert_eq!(node.start(false, 1, Skipped), Some(Skipped));
    }
}
