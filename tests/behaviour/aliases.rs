//! The aliases of issue 10: `Selector` (= `Fallback`), `ReactiveSelector` (= `ReactiveFallback`),
//! `Retry` (= `RetryUntilSuccessful`), `Invert` (= `Inverter`).
//!
//! Each alias is played against its primary kind on the same pseudo-random script (leaf answers
//! drawn per tick, random halts): the statuses and leaf calls must be identical, and the pairs
//! must differ from each other (so the comparison can tell kinds apart). The metadata keeps the
//! kind as written.

use crate::common;

use bt::behavior_tree;
use bt::Status::{self, *};
use common::{Call, Cond, Ctx, Task, TestTree};

/// Declares `Name { Kind { Condition(Cond<0>), StatefulAction(Task<1>), StatefulAction(Task<2>) } }`.
macro_rules! composites {
    ($($name:ident = $kind:ident;)*) => {$(
        behavior_tree! {
            tree $name for Ctx {
                $kind { Condition(Cond<0>), StatefulAction(Task<1>), StatefulAction(Task<2>) }
            }
        }
    )*};
}

/// Declares `Name { Kind(args) { StatefulAction(Task<1>) } }`.
macro_rules! decorators {
    ($($name:ident = $kind:ident $(($($args:tt)*))?;)*) => {$(
        behavior_tree! {
            tree $name for Ctx { $kind $(($($args)*))? { StatefulAction(Task<1>) } }
        }
    )*};
}

composites! {
    Fb = Fallback;
    Sel = Selector;
    RFb = ReactiveFallback;
    RSel = ReactiveSelector;
}

decorators! {
    RetryLong = RetryUntilSuccessful(3);
    RetryShort = Retry(3);
    RetryLongForever = RetryUntilSuccessful(forever);
    RetryShortForever = Retry(forever);
    Inv = Inverter;
    Invt = Invert;
}

/// One step: the root status (`None` for a halt) and the calls.
type Step = (Option<Status>, Vec<Call>);

/// Plays 400 steps with answers drawn from `seed`.
fn play<T: TestTree>(seed: u32) -> Vec<Step> {
    let (mut tree, mut ctx) = (T::default(), Ctx::new());
    let mut x = seed;
    let mut draw = move |n: u32| {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        x % n
    };
    let mut steps = Vec::new();
    for _ in 0..400 {
        if draw(10) == 0 {
            tree.halt(&mut ctx);
            steps.push((None, ctx.take_log()));
            continue;
        }
        ctx.always(0, [Success, Failure][draw(2) as usize]);
        for task in [1, 2] {
            ctx.always(
                task,
                [Running, Running, Success, Failure, Skipped][draw(5) as usize],
            );
        }
        let status = tree.tick(&mut ctx);
        steps.push((Some(status), ctx.take_log()));
    }
    steps
}

#[test]
fn aliases_behave_like_their_kinds() {
    for seed in [1, 0x5eed, 0xdead_beef] {
        let fallback = play::<Fb>(seed);
        assert_eq!(play::<Sel>(seed), fallback, "Selector");
        let reactive = play::<RFb>(seed);
        assert_eq!(play::<RSel>(seed), reactive, "ReactiveSelector");
        assert_ne!(fallback, reactive);
        let retry = play::<RetryLong>(seed);
        assert_eq!(play::<RetryShort>(seed), retry, "Retry(3)");
        let forever = play::<RetryLongForever>(seed);
        assert_eq!(play::<RetryShortForever>(seed), forever, "Retry(forever)");
        assert_ne!(retry, forever);
        let inverter = play::<Inv>(seed);
        assert_eq!(play::<Invt>(seed), inverter, "Invert");
        assert_ne!(inverter, retry);
    }
}

#[test]
fn aliases_keep_the_kind_as_written() {
    assert_eq!(Sel::NODES[0].kind, "Selector");
    assert_eq!(RSel::NODES[0].kind, "ReactiveSelector");
    assert_eq!(RetryShort::NODES[0].kind, "Retry");
    assert_eq!(Invt::NODES[0].kind, "Invert");
    assert_eq!(Sel::NODES[0].category, Fb::NODES[0].category);
    assert_eq!(Invt::NODES[0].category, Inv::NODES[0].category);
}
