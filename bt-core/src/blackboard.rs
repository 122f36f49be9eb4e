//! The blackboard of a tree is a plain struct the macro generates from the tree's
//! `blackboard { name: Type = initial, .. }` section: one public field per entry, so reading an
//! entry is a field access and every entry always has a value.
//!
//! This module holds what the blackboard nodes need beyond field access.

/// An entry that `UnsetBlackboard(entry)` can clear: an optional value.
#[diagnostic::on_unimplemented(
    message = "`UnsetBlackboard` needs an optional entry, but this entry is a `{Self}`",
    label = "not an `Option`",
    note = "declare the entry as `name: Option<T>` (it starts as `None` unless you give a value)"
)]
pub trait Unset {
    /// Clears the entry.
    fn unset(&mut self);
}

impl<T> Unset for Option<T> {
    #[inline]
    fn unset(&mut self) {
        *self = None;
    }
}

/// `SetBlackboard(entry = {other})` copies `other` into `entry`: both must have the same type.
#[diagnostic::on_unimplemented(
    message = "cannot copy a blackboard entry of type `{Self}` into an entry of type `{Entry}`",
    label = "this entry is a `{Self}`",
    note = "`SetBlackboard(entry = {{other}})` needs two entries of the same type that is `Clone`; convert with `SetBlackboard(entry = expression)` or a `Script`"
)]
pub trait CopyInto<Entry> {
    /// Writes a copy of `self` into `entry`.
    fn copy_into(&self, entry: &mut Entry);
}

impl<T: Clone> CopyInto<T> for T {
    #[inline]
    fn copy_into(&self, entry: &mut T) {
        entry.clone_from(self);
    }
}

#[cfg(test)]
mod tests {
    use super::Unset;

    #[test]
    fn copy_into_clones() {
        use super::CopyInto;
        let mut entry = 1;
        7.copy_into(&mut entry);
        assert_eq!(entry, 7);
    }

    #[test]
    fn unset_clears_an_option() {
        let mut entry = Some(3);
        entry.unset();
        assert_eq!(entry, None);
    }
}
