//! The word-valued parameters (`abort = lower`, `policy = FirstSuccess`, `else = Running`): one
//! enum per set of words. The table names each parameter's set by its enum
//! (`P::Word(Abort::WORDS)`), the grammar accepts only those words (its error lists them) and
//! hands over the word's position in the set, and the model reads the enum (`model::Params::word`):
//! the later stages match on it, and none compares a parameter's text.

use std::fmt;

use proc_macro2::{Ident, Span};

use crate::args::Default;

/// A set of words, as an enum whose variants are in the order of the words.
pub trait WordSet: Copy + 'static {
    /// The words as written in a tree.
    const WORDS: &'static [&'static str];
    /// The variants, in the order of [`WordSet::WORDS`].
    const ALL: &'static [Self];
    /// The word as written.
    fn word(self) -> &'static str;
}

/// A word parameter's value, and where it is written (a default: at the node's kind).
#[derive(Clone, Copy)]
pub struct Word<W> {
    pub value: W,
    pub span: Span,
}

impl<W: WordSet> Word<W> {
    /// The word as an identifier at its token: bt-core names the variants that a word selects by
    /// the word (`Status::Running`, `ParallelPolicy::FirstSuccess`, `Termination::Never`).
    pub fn ident(&self) -> Ident {
        Ident::new(self.value.word(), self.span)
    }
}

impl<W: WordSet> fmt::Display for Word<W> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.value.word())
    }
}

/// An enum of words: each variant's word is its name, or the literal after it.
macro_rules! words {
    ($(#[$attr:meta])* $name:ident { $($variant:ident $(= $word:literal)?),+ $(,)? }) => {
        $(#[$attr])*
        #[derive(Clone, Copy, PartialEq, Eq, Debug)]
        pub enum $name {
            $($variant),+
        }

        impl WordSet for $name {
            const WORDS: &'static [&'static str] = &[$(words!(@word $variant $($word)?)),+];
            const ALL: &'static [Self] = &[$($name::$variant),+];
            fn word(self) -> &'static str {
                Self::WORDS[self as usize]
            }
        }

        impl $name {
            /// This word as a parameter's default in the table.
            pub const fn by_default(self) -> Default {
                Default::Word(<Self as WordSet>::WORDS, self as usize)
            }
        }
    };
    (@word $variant:ident $word:literal) => { $word };
    (@word $variant:ident) => { stringify!($variant) };
}

words! {
    /// A status (`Precondition`'s `else`, `Loop`'s `if_empty`), also written as a path
    /// (`Status::Running`).
    Status { Success, Failure, Running, Skipped }
}

words! {
    /// A completion: `Remap`'s two, `RepeatUntil`'s target.
    Outcome { Success, Failure }
}

words! {
    /// What a `Conditional` answers when its condition is false.
    Else { Failure, Success }
}

words! {
    /// What `Filter` and `Cooldown` answer when they do not tick their child.
    Filtered { Skipped, Failure }
}

words! {
    /// What a `Guard` answers while another holds its token.
    IfGuarded { Failure, Running }
}

words! {
    /// Which completions of its child a `Filter` counts.
    CountWhen { Completed, Success, Failure }
}

words! {
    /// An `Observe`'s abort mode: which branch its condition watches.
    Abort { None = "none", SelfBranch = "self", LowerPriority = "lower", Both = "both" }
}

impl Abort {
    /// Whether the condition is watched while this branch runs (`self`, `both`).
    pub fn watches_self(self) -> bool {
        match self {
            Abort::SelfBranch | Abort::Both => true,
            Abort::None | Abort::LowerPriority => false,
        }
    }

    /// Whether the condition is watched while a lower-priority sibling runs (`lower`, `both`).
    pub fn watches_lower(self) -> bool {
        match self {
            Abort::LowerPriority | Abort::Both => true,
            Abort::None | Abort::SelfBranch => false,
        }
    }
}

words! {
    /// When a `PolicyParallel` completes. (The variants are the words.)
    #[allow(clippy::enum_variant_names)]
    Policy { FirstFailure, FirstSuccess, FirstSuccessOrFailure }
}

words! {
    /// What an `IndexSwitch` does with an index past its children.
    OutOfRange { Fail, Loop }
}

words! {
    /// When an `Iterate` stops before the end of its list.
    Until { Never, FirstSuccess, FirstFailure }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip<W: WordSet + PartialEq + fmt::Debug>() {
        assert_eq!(W::WORDS.len(), W::ALL.len());
        for (word, value) in W::WORDS.iter().zip(W::ALL) {
            assert_eq!(value.word(), *word);
        }
    }

    #[test]
    fn each_variant_has_its_word() {
        round_trip::<Status>();
        round_trip::<Outcome>();
        round_trip::<Else>();
        round_trip::<Filtered>();
        round_trip::<IfGuarded>();
        round_trip::<CountWhen>();
        round_trip::<Abort>();
        round_trip::<Policy>();
        round_trip::<OutOfRange>();
        round_trip::<Until>();
        assert_eq!(Abort::WORDS, ["none", "self", "lower", "both"]);
    }
}
