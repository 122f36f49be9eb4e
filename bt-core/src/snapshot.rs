//! Saving a running tree and restoring it later (feature `serde`).
//!
//! With the `bt` facade's feature `serde`, a tree declared with serde's derives implements
//! `Serialize` and `Deserialize`, and so does its blackboard:
//!
//! ```text
//! bt::behavior_tree! {
//!     #[derive(serde::Serialize, serde::Deserialize)]
//!     tree Guard for World { .. }
//! }
//! ```
//!
//! The macro writes the impls (the struct's fields are its own): a save holds the tree's state
//! (every node's rule state: running flags, cursors, counters, timers' start times, the random
//! generator, the observer aborts' memory, the direct resume), its blackboard, its leaves and user
//! nodes, and its subtrees. A saved tree is a value like any other: `serde_json::to_string(&tree)`,
//! `postcard::to_allocvec(&tree)`, or a field of the user's own `#[derive(Serialize,
//! Deserialize)] struct Agent { tree: Guard, .. }`. Restoring is deserializing: the restored tree
//! goes on exactly as the saved one would have, tick for tick: a running stateful action is still
//! running (its next tick is `on_running`, not `on_start`, and a halt calls its `on_halted`), a
//! Timeout still times out at the same time, a Repeat has the same count left. The restored tree
//! is built with its `new()` and every field is then read in place.
//!
//! ```
//! # #[cfg(feature = "json")] {
//! # // The doctest shows a state type: this crate's tests do not run the macro (the guide's
//! # // "Saving and restoring a tree" has a whole tree).
//! use bt_core::Status;
//! let saved = serde_json::to_string(&Some(Status::Running)).unwrap();
//! assert_eq!(serde_json::from_str::<Option<Status>>(&saved).unwrap(), Some(Status::Running));
//! # }
//! ```
//!
//! **What must implement serde's traits.** Every leaf type, user node type, subtree and
//! blackboard entry type of a tree that derives them (derive them too: `#[derive(serde::Serialize,
//! serde::Deserialize)]`, also on a leaf without fields); one that does not is a compile error at
//! its token in the tree, as serde's derive reports a field. Inline leaves (closures) hold no
//! state and need nothing. The rules' state types of this crate implement the traits under the
//! feature `serde`; without it, a tree's derive is one error that says to turn it on. A tree
//! that does not derive them gets none of this, with or without the feature.
//!
//! **A snapshot restores only into the tree it was saved from.** The first value of a saved tree
//! is its shape: a 64-bit fingerprint, computed by the macro, of the tree's nodes (kinds, names,
//! parameters, in order), of the types of its state and of its blackboard entries. Deserializing a
//! snapshot of another tree (or of an earlier definition of this one) fails with an error that
//! says so ([`ShapeMismatch`]'s message), instead of reading one tree's counters as another's.
//! The leaves' own data is theirs to version: the fingerprint names their types, not their fields.
//! (A format whose errors keep no message, such as postcard, reports its own generic error.)
//!
//! **Time.** A time-based node keeps the time at which its wait started (or ends) as read from the
//! context's clock ([`crate::Clock`], in nanoseconds since the clock's origin), and saves that.
//! The clock is the user's: a restored tree measures its durations on the clock it is ticked with
//! from then on, against the saved times. To continue a wait where it stopped, restore the clock
//! too (a [`ManualClock`](crate::ManualClock) is serialisable) or give the restored tree a clock
//! that reads on from the saved time; a `StdClock` starts again at zero in a new process, so a
//! wait saved at 5 s of one process is measured from 5 s of the next one's clock.
//!
//! **A snapshot is trusted data.** The shape check refuses another tree's snapshot; it does not
//! validate a snapshot edited by hand, which could hold a state no tick reaches (a cursor beyond
//! the children). Restore what a tree saved.
//!
//! **Cost.** None for a tree that does not derive the traits (the macro then generates none of
//! this). For one that does, ticking is unchanged; saving writes each field once, in order, and
//! restoring reads them in the same order. The generated code does not allocate; the format may
//! (`serde_json` builds a `String`).

use core::fmt;
use core::marker::PhantomData;

use serde::de::{self, DeserializeSeed, Deserializer, SeqAccess, Visitor};
use serde::ser::{SerializeTuple, Serializer};
use serde::{Deserialize, Serialize};

/// The error a snapshot of another tree gives, as text: what a deserializer's error says (through
/// `serde::de::Error::custom`) when a saved tree is restored into a tree of another shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShapeMismatch {
    /// The tree it was restored into.
    pub tree: &'static str,
    /// That tree's shape.
    pub expected: u64,
    /// The snapshot's shape.
    pub found: u64,
}

impl fmt::Display for ShapeMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "this snapshot is of another tree than `{}` (shape {:#018x}, `{}` has {:#018x}): a saved tree restores only into the tree type it was saved from, with the same definition",
            self.tree, self.found, self.tree, self.expected
        )
    }
}

/// Arrays of any length as tuples (serde's own impls stop at 32 elements): `serde(with)` for the
/// state types that hold `[T; N]`.
pub(crate) mod array {
    use super::*;

    pub fn serialize<S: Serializer, T: Serialize, const N: usize>(
        array: &[T; N],
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        let mut tuple = serializer.serialize_tuple(N)?;
        for item in array {
            tuple.serialize_element(item)?;
        }
        tuple.end()
    }

    pub fn deserialize<'de, D: Deserializer<'de>, T: Deserialize<'de> + Default, const N: usize>(
        deserializer: D,
    ) -> Result<[T; N], D::Error> {
        struct Items<T, const N: usize>(PhantomData<T>);
        impl<'de, T: Deserialize<'de> + Default, const N: usize> Visitor<'de> for Items<T, N> {
            type Value = [T; N];

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{N} items")
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<[T; N], A::Error> {
                let mut items: [T; N] = core::array::from_fn(|_| T::default());
                for (index, item) in items.iter_mut().enumerate() {
                    *item = seq
                        .next_element()?
                        .ok_or_else(|| de::Error::invalid_length(index, &self))?;
                }
                Ok(items)
            }
        }
        deserializer.deserialize_tuple(N, Items::<T, N>(PhantomData))
    }
}

/// An array field of a generated tree (a user node's children's last statuses), saved as a tuple
/// of any length. Not a public API.
#[doc(hidden)]
pub struct Array<A>(pub A);

impl<T: Serialize, const N: usize> Serialize for Array<&[T; N]> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        array::serialize(self.0, serializer)
    }
}

impl<'de, T: Deserialize<'de> + Default, const N: usize> Deserialize<'de> for Array<[T; N]> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        array::deserialize(deserializer).map(Array)
    }
}

/// What the generated `Deserialize` of a tree or a blackboard fills in, field by field: the tree
/// after its shape (which [`restore`] checks first), a blackboard's entries in order or by name.
/// Not a public API.
#[doc(hidden)]
pub trait Fields<'de>: Sized {
    /// The type's name (the tree's, or its blackboard's).
    const NAME: &'static str;
    /// How many values the sequence holds (for a tree, with its shape).
    const LEN: usize;
    /// The tree's shape ([`ShapeMismatch`]); unused for a blackboard.
    const SHAPE: u64;
    /// Reads the fields in order into a new value, with a [`Read`].
    fn from_seq<A: SeqAccess<'de>>(seq: &mut A) -> Result<Self, A::Error>;
    /// Reads named fields in any order (a blackboard in a self-describing format), with a
    /// [`ReadMap`]; the default, for a tree, is never called.
    fn from_map<A: de::MapAccess<'de>>(map: &mut A) -> Result<Self, A::Error> {
        let _ = map;
        Err(de::Error::custom("a saved tree is a sequence, not a map"))
    }
}

// The generated impls are straight lines of calls, one per field, to the methods below, without
// a `?` or a branch of their own: their type checking and borrow checking, paid for every tree
// whether it is ever saved or not, is then linear and small (with a `?` per field, the
// differential test's 1,470 trees took half again as long to build), and each method has one
// instance per field type and format, shared by every tree.

/// Saving a tree: a tuple struct, one field after the other; after an error the other fields are
/// skipped and [`Save::end`] answers it. Not a public API.
#[doc(hidden)]
pub struct Save<S: Serializer> {
    state: Result<S::SerializeTupleStruct, S::Error>,
}

impl<S: Serializer> Save<S> {
    /// Starts saving `len` fields of the tree `name`.
    pub fn new(serializer: S, name: &'static str, len: usize) -> Self {
        Save {
            state: serializer.serialize_tuple_struct(name, len),
        }
    }

    /// The next field.
    pub fn field<T: Serialize + ?Sized>(&mut self, value: &T) {
        use serde::ser::SerializeTupleStruct;
        if let Ok(tuple) = &mut self.state {
            if let Err(error) = tuple.serialize_field(value) {
                self.state = Err(error);
            }
        }
    }

    /// The next field, an array of any length ([`Array`]).
    pub fn array<T: Serialize, const N: usize>(&mut self, value: &[T; N]) {
        self.field(&Array(value));
    }

    /// Done: the serializer's answer, or the first error.
    pub fn end(self) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeTupleStruct;
        self.state?.end()
    }
}

/// Saving a blackboard: a struct, one entry after the other by name. Not a public API.
#[doc(hidden)]
pub struct SaveStruct<S: Serializer> {
    state: Result<S::SerializeStruct, S::Error>,
}

impl<S: Serializer> SaveStruct<S> {
    /// Starts saving `len` entries of the blackboard `name`.
    pub fn new(serializer: S, name: &'static str, len: usize) -> Self {
        SaveStruct {
            state: serializer.serialize_struct(name, len),
        }
    }

    /// The next entry.
    pub fn entry<T: Serialize + ?Sized>(&mut self, name: &'static str, value: &T) {
        use serde::ser::SerializeStruct;
        if let Ok(fields) = &mut self.state {
            if let Err(error) = fields.serialize_field(name, value) {
                self.state = Err(error);
            }
        }
    }

    /// Done: the serializer's answer, or the first error.
    pub fn end(self) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        self.state?.end()
    }
}

/// Restoring a tree or a blackboard from a sequence: each field read in place, over the value
/// `new()` built; after an error the other fields are skipped and [`Read::end`] answers it. Too
/// short a sequence is an error that says how many values it needs. Not a public API.
#[doc(hidden)]
pub struct Read<'s, 'de, A: SeqAccess<'de>> {
    seq: &'s mut A,
    name: &'static str,
    len: usize,
    index: usize,
    error: Option<A::Error>,
}

impl<'s, 'de, A: SeqAccess<'de>> Read<'s, 'de, A> {
    /// Reads `len` values of `name`, the first `first` of them already read.
    pub fn new(seq: &'s mut A, name: &'static str, len: usize, first: usize) -> Self {
        Read {
            seq,
            name,
            len,
            index: first,
            error: None,
        }
    }

    /// The next field, into `place`.
    pub fn field<T: Deserialize<'de>>(&mut self, place: &mut T) {
        if self.error.is_none() {
            match self.seq.next_element() {
                Ok(Some(value)) => *place = value,
                Ok(None) => {
                    let saved = Saved {
                        name: self.name,
                        len: self.len,
                    };
                    self.error = Some(de::Error::invalid_length(self.index, &saved));
                }
                Err(error) => self.error = Some(error),
            }
            self.index += 1;
        }
    }

    /// The next field, an array of any length ([`Array`]).
    pub fn array<T: Deserialize<'de> + Default, const N: usize>(&mut self, place: &mut [T; N]) {
        let mut array = Array(core::array::from_fn(|_| T::default()));
        self.field(&mut array);
        if self.error.is_none() {
            *place = array.0;
        }
    }

    /// Done: the value read, or the first error.
    pub fn end<T>(self, value: T) -> Result<T, A::Error> {
        match self.error {
            None => Ok(value),
            Some(error) => Err(error),
        }
    }
}

/// Restoring a blackboard from a map (a self-describing format): the entries by name, in any
/// order, each read in place over the blackboard `new()` built (an entry the map lacks keeps its
/// initial value); an unknown name is an error. Not a public API.
#[doc(hidden)]
pub struct ReadMap<'m, 'de, A: de::MapAccess<'de>> {
    map: &'m mut A,
    names: &'static [&'static str],
    error: Option<A::Error>,
}

impl<'m, 'de, A: de::MapAccess<'de>> ReadMap<'m, 'de, A> {
    /// Reads the entries `names`.
    pub fn new(map: &'m mut A, names: &'static [&'static str]) -> Self {
        ReadMap {
            map,
            names,
            error: None,
        }
    }

    /// The next entry's index in `names`, if there is one and nothing failed.
    pub fn key(&mut self) -> Option<usize> {
        if self.error.is_some() {
            return None;
        }
        match self.map.next_key_seed(Entry(self.names)) {
            Ok(found) => found,
            Err(error) => {
                self.error = Some(error);
                None
            }
        }
    }

    /// The value of the entry just named, into `place`.
    pub fn value<T: Deserialize<'de>>(&mut self, place: &mut T) {
        match self.map.next_value() {
            Ok(value) => *place = value,
            Err(error) => self.error = Some(error),
        }
    }

    /// The value of an entry this blackboard does not have: refused (the key was).
    pub fn skip(&mut self) {
        if let Err(error) = self.map.next_value::<de::IgnoredAny>() {
            self.error = Some(error);
        }
    }

    /// Done: the value read, or the first error.
    pub fn end<T>(self, value: T) -> Result<T, A::Error> {
        match self.error {
            None => Ok(value),
            Some(error) => Err(error),
        }
    }
}

/// What a tree's or blackboard's sequence holds, for serde's error messages (too short a
/// sequence).
struct Saved {
    name: &'static str,
    len: usize,
}

impl de::Expected for Saved {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a saved `{}` of {} values", self.name, self.len)
    }
}

/// The visitor of a saved tree: its shape first, refused with [`ShapeMismatch`]'s message when it
/// is not the tree's, then the fields.
struct TreeVisitor<F>(PhantomData<F>);

impl<'de, F: Fields<'de>> Visitor<'de> for TreeVisitor<F> {
    type Value = F;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a saved `{}` of {} values", F::NAME, F::LEN)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<F, A::Error> {
        let saved = Saved {
            name: F::NAME,
            len: F::LEN,
        };
        let found: u64 = match seq.next_element()? {
            Some(found) => found,
            None => return Err(de::Error::invalid_length(0, &saved)),
        };
        if found != F::SHAPE {
            return Err(de::Error::custom(ShapeMismatch {
                tree: F::NAME,
                expected: F::SHAPE,
                found,
            }));
        }
        F::from_seq(&mut seq)
    }
}

/// The generated `Deserialize` of a tree: a tuple struct of [`Fields::LEN`] values, the shape
/// first. Not a public API.
pub fn restore<'de, D: Deserializer<'de>, F: Fields<'de>>(deserializer: D) -> Result<F, D::Error> {
    deserializer.deserialize_tuple_struct(F::NAME, F::LEN, TreeVisitor::<F>(PhantomData))
}

/// The visitor of a saved blackboard: a struct, its entries by name in a self-describing format
/// (JSON), in order in the others.
struct BlackboardVisitor<F>(PhantomData<F>);

impl<'de, F: Fields<'de>> Visitor<'de> for BlackboardVisitor<F> {
    type Value = F;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a saved `{}` of {} entries", F::NAME, F::LEN)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<F, A::Error> {
        F::from_seq(&mut seq)
    }

    fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<F, A::Error> {
        F::from_map(&mut map)
    }
}

/// The generated `Deserialize` of a blackboard: a struct with the entries' names as its fields.
/// Not a public API.
pub fn restore_blackboard<'de, D: Deserializer<'de>, F: Fields<'de>>(
    deserializer: D,
    entries: &'static [&'static str],
) -> Result<F, D::Error> {
    deserializer.deserialize_struct(F::NAME, entries, BlackboardVisitor::<F>(PhantomData))
}

/// A blackboard entry's name in a saved map, as its index in `entries`; an unknown name is an
/// error.
struct Entry(&'static [&'static str]);

impl<'de> DeserializeSeed<'de> for Entry {
    type Value = usize;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<usize, D::Error> {
        deserializer.deserialize_identifier(self)
    }
}

impl<'de> Visitor<'de> for Entry {
    type Value = usize;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a blackboard entry's name")
    }

    fn visit_str<E: de::Error>(self, name: &str) -> Result<usize, E> {
        (self.0.iter().position(|entry| *entry == name))
            .ok_or_else(|| E::unknown_field(name, self.0))
    }

    fn visit_u64<E: de::Error>(self, index: u64) -> Result<usize, E> {
        match usize::try_from(index) {
            Ok(index) if index < self.0.len() => Ok(index),
            _ => Err(E::invalid_value(de::Unexpected::Unsigned(index), &self)),
        }
    }
}

#[cfg(all(test, feature = "json"))]
mod tests {
    use super::*;
    use crate::running::BoolFlags;
    use crate::Status;

    #[test]
    fn arrays_of_any_length_round_trip() {
        let mut flags = BoolFlags::<40>::new();
        flags.set(0, true);
        flags.set(39, true);
        let text = serde_json::to_string(&flags).unwrap();
        assert_eq!(text.matches("true").count(), 2);
        assert_eq!(serde_json::from_str::<BoolFlags<40>>(&text).unwrap(), flags);
        // Too short a sequence is an error, not a default.
        assert!(serde_json::from_str::<BoolFlags<3>>("[true, false]").is_err());
    }

    #[test]
    fn the_mismatch_names_both_shapes() {
        let text = ShapeMismatch {
            tree: "Guard",
            expected: 1,
            found: 2,
        }
        .to_string();
        assert!(
            text.contains("`Guard`") && text.contains("0x0000000000000001"),
            "{text}"
        );
        assert!(text.contains("0x0000000000000002"), "{text}");
    }

    /// A tree of two fields as the macro writes it (by hand here), with shape 7.
    #[derive(Debug, PartialEq)]
    struct Two {
        status: Option<Status>,
        lasts: [Option<Status>; 2],
    }

    impl Serialize for Two {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            let mut save = Save::new(serializer, "Two", 3);
            save.field(&7u64);
            save.field(&self.status);
            save.array(&self.lasts);
            save.end()
        }
    }

    impl<'de> Fields<'de> for Two {
        const NAME: &'static str = "Two";
        const LEN: usize = 3;
        const SHAPE: u64 = 7;
        fn from_seq<A: SeqAccess<'de>>(seq: &mut A) -> Result<Self, A::Error> {
            let mut two = Two {
                status: None,
                lasts: [None; 2],
            };
            let mut read = Read::new(seq, Self::NAME, Self::LEN, 1);
            read.field(&mut two.status);
            read.array(&mut two.lasts);
            read.end(two)
        }
    }

    impl<'de> Deserialize<'de> for Two {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            restore(deserializer)
        }
    }

    #[test]
    fn a_tree_round_trips_and_refuses_another_shape() {
        let two = Two {
            status: Some(Status::Running),
            lasts: [None, Some(Status::Failure)],
        };
        let text = serde_json::to_string(&two).unwrap();
        assert_eq!(text, r#"[7,"Running",[null,"Failure"]]"#);
        assert_eq!(serde_json::from_str::<Two>(&text).unwrap(), two);
        let error = serde_json::from_str::<Two>(r#"[8,"Running",[null,"Failure"]]"#).unwrap_err();
        assert!(
            error.to_string().contains("another tree than `Two`"),
            "{error}"
        );
        let error = serde_json::from_str::<Two>(r#"[7,"Running"]"#).unwrap_err();
        assert!(
            error.to_string().contains("a saved `Two` of 3 values"),
            "{error}"
        );
    }
}
