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

#[cfg(test)]
mod tests {
    use super::Unset;

    #[test]
    fn unset_clears_an_option() {
        let mut entry = Some(3);
        entry.unset();
        assert_eq!(entry, None);
    }
}
