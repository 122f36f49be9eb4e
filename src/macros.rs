//! `behavior_tree!`, which passes the macro `$crate`, this crate's path under any name
//! ([Under another name](crate#under-another-name)). Its docs are
//! `behavior_tree.md`. It is alone in this file so that its line, which rustc names in some
//! errors (and so `tests/ui/subtree-cycle.stderr` does), moves only when it changes.

#[doc = include_str!("behavior_tree.md")]
#[macro_export]
macro_rules! behavior_tree {
    ($($tree:tt)*) => {
        $crate::__macros::behavior_tree_at! { ($crate) $($tree)* }
    };
}
