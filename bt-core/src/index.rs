/// An unsigned integer used for a composite's cursor or a decorator's counter.
///
/// The macro picks the smallest type that fits the node (a `Sequence` of 3 children keeps its
/// cursor in a `u8`), so a tree's size is its leaves' state plus a few bytes per stateful node.
pub trait SmallIndex: Copy + Eq + Default + core::fmt::Debug {
    /// The value 0.
    const ZERO: Self;
    /// Converts to `usize`.
    fn get(self) -> usize;
    /// Converts from `usize`; the macro guarantees the value fits.
    fn set(value: usize) -> Self;
}

macro_rules! small_index {
    ($($t:ty),*) => {$(
        impl SmallIndex for $t {
            const ZERO: Self = 0;
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn get(self) -> usize {
                self as usize
            }
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn set(value: usize) -> Self {
                debug_assert!(value <= <$t>::MAX as usize);
                value as $t
            }
        }
    )*};
}

small_index!(u8, u16, u32, usize);
