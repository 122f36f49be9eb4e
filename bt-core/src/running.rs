//! The running flags of a generated tree: one bit per node that can answer `Running`, set while
//! the node is running between ticks. A node's halt looks at its flag (a node that is not
//! running has nothing to stop), and the pre-conditions of a running node are checked
//! differently from those of an idle one.
//!
//! Bits rather than `bool`s: a tree of 600 running-capable nodes keeps 75 bytes of flags, not
//! 600, and a small agent's tree keeps one byte. The macro numbers the flags at compile time, so
//! every access is a constant byte offset and mask.

/// `BYTES` bytes of flags; flag `i` is bit `i % 8` of byte `i / 8`. The macro sizes it:
/// `BYTES = ceil(flags / 8)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RunningFlags<const BYTES: usize>([u8; BYTES]);

impl<const BYTES: usize> Default for RunningFlags<BYTES> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const BYTES: usize> RunningFlags<BYTES> {
    /// No node running.
    pub const fn new() -> Self {
        RunningFlags([0; BYTES])
    }

    /// Whether node flag `i` is set (the node is running).
    #[inline(always)]
    pub fn get(&self, i: usize) -> bool {
        self.0[i / 8] & (1 << (i % 8)) != 0
    }

    /// Sets flag `i` (`true`: the node is running) or clears it.
    #[inline(always)]
    pub fn set(&mut self, i: usize, running: bool) {
        let mask = 1 << (i % 8);
        let byte = &mut self.0[i / 8];
        *byte = (*byte & !mask) | (u8::from(running) << (i % 8));
    }

    /// Flag `i`, to be set once the node has answered ([`crate::__private::finish`]).
    #[inline(always)]
    pub fn flag(&mut self, i: usize) -> Flag<'_> {
        Flag {
            byte: &mut self.0[i / 8],
            bit: (i % 8) as u8,
        }
    }

    /// Whether any node is running.
    pub fn any(&self) -> bool {
        self.0.iter().any(|&byte| byte != 0)
    }
}

/// One running flag, borrowed from [`RunningFlags`].
#[derive(Debug)]
pub struct Flag<'a> {
    byte: &'a mut u8,
    bit: u8,
}

impl Flag<'_> {
    /// Sets the flag (`true`: running) or clears it.
    #[inline(always)]
    pub fn set(self, running: bool) {
        *self.byte = (*self.byte & !(1 << self.bit)) | (u8::from(running) << self.bit);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_are_independent_bits() {
        let mut flags = RunningFlags::<2>::new();
        assert!(!flags.any());
        flags.set(0, true);
        flags.set(7, true);
        flags.set(9, true);
        assert!(flags.get(0) && flags.get(7) && flags.get(9));
        assert!(!flags.get(1) && !flags.get(8) && !flags.get(15));
        flags.set(7, false);
        assert!(!flags.get(7) && flags.get(0) && flags.get(9));
        flags.flag(15).set(true);
        assert!(flags.get(15));
        flags.flag(0).set(false);
        flags.flag(9).set(false);
        flags.flag(15).set(false);
        assert!(!flags.any());
        assert_eq!(flags, RunningFlags::default());
    }

    #[test]
    fn setting_a_set_flag_or_clearing_a_clear_one_changes_nothing() {
        let mut flags = RunningFlags::<1>::new();
        flags.set(3, true);
        flags.set(3, true);
        flags.flag(3).set(true);
        assert!(flags.get(3));
        flags.set(4, false);
        flags.flag(4).set(false);
        assert!(flags.get(3) && !flags.get(4));
    }

    #[test]
    fn one_bit_per_flag() {
        assert_eq!(core::mem::size_of::<RunningFlags<0>>(), 0);
        assert_eq!(core::mem::size_of::<RunningFlags<1>>(), 1);
        assert_eq!(core::mem::size_of::<RunningFlags<79>>(), 79);
    }
}
