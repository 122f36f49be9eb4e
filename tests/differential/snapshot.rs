//! Saving and restoring running trees (the facade's feature `serde`, issue 40): the trees of
//! `part_00` run again as in their part's test, but at random steps (`SAVE_PERCENT` of the ticks,
//! from a stream of their own, so that the rest of each run is the same) the library's tree is
//! saved, dropped, and replaced by a new tree restored from the save: through serde_json's data
//! model (`serde_json::Value`) for half of the trees, through postcard's bytes for the other half. The
//! interpreter goes on uninterrupted, and every step after a restore is compared with it as
//! usual (root status, every leaf call with its answer and port values, every `on_halted`, the
//! blackboard and its versions, the halt invariants): the restored tree must go on exactly as
//! the saved one would have, with running leaves, timers on the manual clock, loop counts,
//! random nodes' orders and observer aborts. A save restored and saved again gives the same
//! bytes. And a save restored as another tree of the part is refused, with the shape error's
//! message through JSON (postcard's errors keep no message).
//!
//! Only `part_00`'s trees (100 trees and their 29 child trees) derive serde's traits (every leaf
//! and user node of the set does): the impls cost build time for each tree that has them; the
//! part covers every family of node kinds (`checks.rs` counts the kinds of the set). The
//! generator writes the derives of `part_00.rs`, the `snapshots!` list at its end, and its test in
//! `trees/mod.rs`.

use crate::harness::{run_cases, Case, DynTree, Totals};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// The share of the ticks before which the tree is saved and restored.
pub const SAVE_PERCENT: u64 = 10;

/// A save, in one of the two formats.
#[derive(Clone, PartialEq)]
pub enum Saved {
    /// serde_json's data model.
    Json(serde_json::Value),
    /// postcard's bytes.
    Bytes(Vec<u8>),
}

/// One tree type's save and restore, in the format it is tested with (one format per tree, the
/// trees of the part alternating between them: each format a tree is saved in instantiates its
/// impls, which the build pays for).
pub struct Snap {
    pub name: &'static str,
    pub save: fn(&dyn DynTree) -> Result<Saved, String>,
    pub restore: fn(&Saved) -> Result<Box<dyn DynTree>, String>,
}

/// The `Snap` of each tree of a part (at the end of `part_00.rs`, written by the generator):
/// each tree with its format, `json` or `postcard`.
macro_rules! snapshots {
    ($($name:ident $format:ident),* $(,)?) => {
        pub const SNAPSHOTS: &[crate::snapshot::Snap] = &[$(
            crate::snapshot::Snap {
                name: stringify!($name),
                save: crate::snapshot::$format::save::<$name>,
                restore: crate::snapshot::$format::restore::<$name>,
            },
        )*];
    };
}

fn own<T: 'static>(tree: &dyn DynTree) -> Result<&T, String> {
    (tree.as_any().downcast_ref::<T>())
        .ok_or_else(|| "the tree is not of its snapshot's type".into())
}

/// Saves through serde_json's data model.
pub mod json {
    use super::*;

    pub fn save<T: Serialize + 'static>(tree: &dyn DynTree) -> Result<Saved, String> {
        match serde_json::to_value(own::<T>(tree)?) {
            Ok(value) => Ok(Saved::Json(value)),
            Err(e) => Err(format!("saving as JSON: {e}")),
        }
    }

    pub fn restore<T: DeserializeOwned + DynTree + 'static>(
        saved: &Saved,
    ) -> Result<Box<dyn DynTree>, String> {
        let Saved::Json(value) = saved else {
            return Err("not a JSON value".into());
        };
        match T::deserialize(value) {
            Ok(tree) => Ok(Box::new(tree)),
            Err(e) => Err(format!("restoring from JSON: {e}")),
        }
    }
}

/// Saves through postcard's bytes.
pub mod postcard {
    use super::*;

    pub fn save<T: Serialize + 'static>(tree: &dyn DynTree) -> Result<Saved, String> {
        match ::postcard::to_allocvec(own::<T>(tree)?) {
            Ok(bytes) => Ok(Saved::Bytes(bytes)),
            Err(e) => Err(format!("saving with postcard: {e}")),
        }
    }

    pub fn restore<T: DeserializeOwned + DynTree + 'static>(
        saved: &Saved,
    ) -> Result<Box<dyn DynTree>, String> {
        let Saved::Bytes(bytes) = saved else {
            return Err("not postcard's bytes".into());
        };
        match ::postcard::from_bytes::<T>(bytes) {
            Ok(tree) => Ok(Box::new(tree)),
            Err(e) => Err(format!("restoring with postcard: {e}")),
        }
    }
}

impl Snap {
    /// `tree` saved and restored into a new tree, in the tree's format; the restored tree saves
    /// the same value (bytes) again.
    pub fn round_trip(
        &self,
        tree: &dyn DynTree,
        totals: &mut Totals,
    ) -> Result<Box<dyn DynTree>, String> {
        let saved = (self.save)(tree)?;
        match &saved {
            Saved::Json(_) => totals.saves_json += 1,
            Saved::Bytes(bytes) => {
                totals.saves_bytes += 1;
                totals.saved_bytes += bytes.len() as u64;
            }
        }
        let restored = (self.restore)(&saved)?;
        if (self.save)(&*restored)? != saved {
            return Err(format!(
                "{}: the restored tree saves another value",
                self.name
            ));
        }
        Ok(restored)
    }
}

/// The test of a part's saves (`trees/mod.rs`): its runs with saves and restores, then each
/// tree's save restored as the next tree of the list saved in the same format, which must refuse
/// it.
pub fn run_part(part: &str, cases: &[Case], snaps: &[Snap]) {
    run_cases(part, cases, Some(snaps));
    let mut refused = 0;
    for (index, snap) in snaps.iter().enumerate() {
        let case = cases.iter().find(|case| case.name == snap.name).unwrap();
        let saved = (snap.save)(&*(case.make)()).unwrap();
        let other = (1..snaps.len())
            .map(|step| &snaps[(index + step) % snaps.len()])
            .find(|other| (other.restore)(&saved).is_err_and(|e| !e.starts_with("not ")));
        let Some(other) = other else { continue };
        let error = (other.restore)(&saved).err().unwrap();
        // postcard's errors keep no message (any custom error is "Serde Deserialization
        // Error"): there, only that it is refused.
        let expected = format!("this snapshot is of another tree than `{}`", other.name);
        assert!(
            matches!(saved, Saved::Bytes(_)) || error.contains(&expected),
            "{}'s save restored as {}: {error}",
            snap.name,
            other.name
        );
        refused += 1;
    }
    assert_eq!(
        refused,
        snaps.len(),
        "every save is refused by another tree of its format"
    );
    println!("{part}: {refused} saves of one tree restored as another were refused");
}
