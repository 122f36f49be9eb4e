use crate::{Outcome, Status};

/// A leaf that answers a question about the world: `true` is `Success`, `false` is `Failure`.
///
/// A condition never returns `Running` and cannot change the world: it receives `&Ctx`. It may keep
/// private state in `self` (a cache, a counter).
///
/// In a tree: `Condition(IsEnemyVisible)` (the type is built with `Default`),
/// `Condition(IsInRange = IsInRange::new(5.0))`, or inline: `Condition(|world| world.enemy_visible)`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a condition over `{Ctx}`",
    label = "used as `Condition(..)` here",
    note = "implement `bt::Condition<{Ctx}>` for `{Self}`, or wrap it as `Action(..)` / `StatefulAction(..)` if it is an action",
    note = "a tree of yours (made by `behavior_tree!`) is run as a subtree, `SubTree({Self}, ..)`, not as a leaf"
)]
pub trait Condition<Ctx: ?Sized> {
    /// Answers the question. Called once per tick of this leaf.
    fn check(&mut self, ctx: &Ctx) -> bool;
}

/// A leaf that acts on the world and finishes within the call: it returns an [`Outcome`], so it
/// cannot say `Running`.
///
/// In a tree: `Action(Shoot)`, `Action(Shoot = Shoot::with_rounds(3))`, or inline:
/// `Action(|world| { world.ammo -= 1; true })` (an inline action may return `bool` or `Outcome`).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a synchronous action over `{Ctx}`",
    label = "used as `Action(..)` here",
    note = "implement `bt::SyncAction<{Ctx}>` for `{Self}`, or use `StatefulAction(..)` / `Condition(..)` for the trait it does implement",
    note = "a tree of yours (made by `behavior_tree!`) is run as a subtree, `SubTree({Self}, ..)`, not as a leaf"
)]
pub trait SyncAction<Ctx: ?Sized> {
    /// Does the work. Called once per tick of this leaf.
    fn execute(&mut self, ctx: &mut Ctx) -> Outcome;
}

/// A leaf that may take several ticks (BehaviorTree.CPP's `StatefulActionNode`; behavior3's
/// open/tick/close map onto it).
///
/// * [`on_start`](Self::on_start) is called on the first tick of an activation;
/// * [`on_running`](Self::on_running) on every later tick while the action is `Running`;
/// * [`on_halted`](Self::on_halted) exactly once when a started, unfinished action is pre-empted or
///   the tree is halted — and never for an action that finished.
///
/// Returning `Success`, `Failure` or `Skipped` ends the activation; the next tick calls `on_start`
/// again.
///
/// In a tree: `StatefulAction(ApproachEnemy)` or `StatefulAction(Sleep = Sleep::hours(8))`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a stateful action over `{Ctx}`",
    label = "used as `StatefulAction(..)` here",
    note = "implement `bt::StatefulAction<{Ctx}>` for `{Self}`, or use `Action(..)` / `Condition(..)` for the trait it does implement",
    note = "a tree of yours (made by `behavior_tree!`) is run as a subtree, `SubTree({Self}, ..)`, not as a leaf"
)]
pub trait StatefulAction<Ctx: ?Sized> {
    /// Starts an activation.
    fn on_start(&mut self, ctx: &mut Ctx) -> Status;
    /// Continues an activation whose last answer was `Running`.
    fn on_running(&mut self, ctx: &mut Ctx) -> Status;
    /// The activation was interrupted while `Running`. Release whatever `on_start` acquired.
    fn on_halted(&mut self, _ctx: &mut Ctx) {}
}

/// A condition that can fail with an error of the tree's error type `E` (a tree declared
/// `tree T for Ctx, error E`): the error aborts the tick and reaches the caller of `tick`
/// (behavior3's `ERROR`, `spec/decisions.md` decision 11).
///
/// Every [`Condition`] is a `TryCondition` that never fails, so a tree with an error type takes
/// both kinds of leaf types under the same `Condition(Type)` kind.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a condition over `{Ctx}` with the error type `{E}`",
    label = "used as `Condition(..)` here",
    note = "implement `bt::Condition<{Ctx}>`, or `bt::TryCondition<{Ctx}, {E}>` for a condition that can fail with the tree's error"
)]
pub trait TryCondition<Ctx: ?Sized, E> {
    /// Answers the question, or fails.
    fn try_check(&mut self, ctx: &Ctx) -> Result<bool, E>;
}

impl<Ctx: ?Sized, E, T: Condition<Ctx>> TryCondition<Ctx, E> for T {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn try_check(&mut self, ctx: &Ctx) -> Result<bool, E> {
        Ok(self.check(ctx))
    }
}

/// A synchronous action that can fail with an error of the tree's error type `E` (see
/// [`TryCondition`]). Every [`SyncAction`] is one that never fails.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a synchronous action over `{Ctx}` with the error type `{E}`",
    label = "used as `Action(..)` here",
    note = "implement `bt::SyncAction<{Ctx}>`, or `bt::TrySyncAction<{Ctx}, {E}>` for an action that can fail with the tree's error"
)]
pub trait TrySyncAction<Ctx: ?Sized, E> {
    /// Does the work, or fails.
    fn try_execute(&mut self, ctx: &mut Ctx) -> Result<Outcome, E>;
}

impl<Ctx: ?Sized, E, T: SyncAction<Ctx>> TrySyncAction<Ctx, E> for T {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn try_execute(&mut self, ctx: &mut Ctx) -> Result<Outcome, E> {
        Ok(self.execute(ctx))
    }
}

/// A stateful action whose `on_start` and `on_running` can fail with an error of the tree's error
/// type `E` (see [`TryCondition`]). Every [`StatefulAction`] is one that never fails.
///
/// An action that fails has finished: it is not running any more, and it does not get
/// [`on_halted`](Self::on_halted). Every *other* running node of the tree is halted.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a stateful action over `{Ctx}` with the error type `{E}`",
    label = "used as `StatefulAction(..)` here",
    note = "implement `bt::StatefulAction<{Ctx}>`, or `bt::TryStatefulAction<{Ctx}, {E}>` for an action that can fail with the tree's error"
)]
pub trait TryStatefulAction<Ctx: ?Sized, E> {
    /// Starts an activation, or fails.
    fn try_on_start(&mut self, ctx: &mut Ctx) -> Result<Status, E>;
    /// Continues an activation whose last answer was `Running`, or fails.
    fn try_on_running(&mut self, ctx: &mut Ctx) -> Result<Status, E>;
    /// The activation was interrupted while `Running`.
    fn on_halted(&mut self, _ctx: &mut Ctx) {}
}

impl<Ctx: ?Sized, E, T: StatefulAction<Ctx>> TryStatefulAction<Ctx, E> for T {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn try_on_start(&mut self, ctx: &mut Ctx) -> Result<Status, E> {
        Ok(StatefulAction::on_start(self, ctx))
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn try_on_running(&mut self, ctx: &mut Ctx) -> Result<Status, E> {
        Ok(StatefulAction::on_running(self, ctx))
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn on_halted(&mut self, ctx: &mut Ctx) {
        StatefulAction::on_halted(self, ctx)
    }
}

/// What an inline leaf of a tree with an error type may return: `bool` or [`Outcome`] (never
/// fails), or a `Result` of either whose error converts into the tree's error.
#[diagnostic::on_unimplemented(
    message = "an inline leaf of a tree with the error type `{E}` cannot return `{Self}`",
    label = "this leaf returns `{Self}`",
    note = "it may return `bool`, `bt::Outcome`, or a `Result` of either whose error converts into `{E}`: implement `From<TheLeafsError> for {E}`, or convert with `.map_err(..)`"
)]
pub trait TryAnswer<E> {
    /// The answer as a status, or the error.
    fn into_status(self) -> Result<Status, E>;
}

impl<E> TryAnswer<E> for bool {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn into_status(self) -> Result<Status, E> {
        Ok(Status::from_bool(self))
    }
}

impl<E> TryAnswer<E> for Outcome {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn into_status(self) -> Result<Status, E> {
        Ok(self.into())
    }
}

impl<E, F: Into<E>> TryAnswer<E> for Result<bool, F> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn into_status(self) -> Result<Status, E> {
        self.map(Status::from_bool).map_err(Into::into)
    }
}

impl<E, F: Into<E>> TryAnswer<E> for Result<Outcome, F> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn into_status(self) -> Result<Status, E> {
        self.map(Into::into).map_err(Into::into)
    }
}

/// Ticks a stateful action: `on_start` when it is not running, `on_running` when it is.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn tick_stateful<Ctx: ?Sized, A: StatefulAction<Ctx> + ?Sized>(
    action: &mut A,
    running: bool,
    ctx: &mut Ctx,
) -> Status {
    if running {
        action.on_running(ctx)
    } else {
        action.on_start(ctx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default)]
    struct Steps {
        starts: u32,
        runs: u32,
    }

    impl StatefulAction<u32> for Steps {
        fn on_start(&mut self, _: &mut u32) -> Status {
            self.starts += 1;
            Status::Running
        }
        fn on_running(&mut self, left: &mut u32) -> Status {
            self.runs += 1;
            *left -= 1;
            if *left == 0 {
                Status::Success
            } else {
                Status::Running
            }
        }
    }

    #[derive(Debug, PartialEq)]
    struct Broken;

    struct Fetch {
        fail: bool,
    }

    impl TrySyncAction<u32, Broken> for Fetch {
        fn try_execute(&mut self, count: &mut u32) -> Result<Outcome, Broken> {
            *count += 1;
            if self.fail {
                Err(Broken)
            } else {
                Ok(Outcome::Success)
            }
        }
    }

    #[test]
    fn infallible_leaves_are_fallible_leaves_that_never_fail() {
        let mut count = 2;
        let mut steps = Steps::default();
        assert_eq!(
            TryStatefulAction::<u32, Broken>::try_on_start(&mut steps, &mut count),
            Ok(Status::Running)
        );
        assert_eq!(steps.starts, 1);
        assert_eq!(Fetch { fail: true }.try_execute(&mut count), Err(Broken));
        assert_eq!(
            Fetch { fail: false }.try_execute(&mut count),
            Ok(Outcome::Success)
        );
        assert_eq!(TryAnswer::<Broken>::into_status(true), Ok(Status::Success));
        assert_eq!(
            TryAnswer::<Broken>::into_status(Err::<Outcome, _>(Broken)),
            Err(Broken)
        );
    }

    /// A stateful action that counts its halts.
    #[derive(Default)]
    struct Halts(u32);

    impl StatefulAction<u32> for Halts {
        fn on_start(&mut self, _: &mut u32) -> Status {
            Status::Running
        }
        fn on_running(&mut self, _: &mut u32) -> Status {
            Status::Running
        }
        fn on_halted(&mut self, halted: &mut u32) {
            self.0 += 1;
            *halted += 1;
        }
    }

    /// A condition: whether the context is even.
    struct Even;

    impl Condition<u32> for Even {
        fn check(&mut self, n: &u32) -> bool {
            n % 2 == 0
        }
    }

    /// The infallible leaves seen as fallible ones answer what they answer (both ways) and
    /// forward the halt.
    #[test]
    fn infallible_leaves_forward_their_answers_and_halts() {
        assert_eq!(
            TryCondition::<u32, Broken>::try_check(&mut Even, &4),
            Ok(true)
        );
        assert_eq!(
            TryCondition::<u32, Broken>::try_check(&mut Even, &3),
            Ok(false)
        );
        let (mut action, mut halted) = (Halts::default(), 0);
        TryStatefulAction::<u32, Broken>::on_halted(&mut action, &mut halted);
        assert_eq!((action.0, halted), (1, 1));
        assert_eq!(
            TryStatefulAction::<u32, Broken>::try_on_running(&mut action, &mut halted),
            Ok(Status::Running)
        );
    }

    #[test]
    fn stateful_dispatch_follows_the_running_flag() {
        let mut action = Steps::default();
        let mut left = 2;
        assert_eq!(
            tick_stateful(&mut action, false, &mut left),
            Status::Running
        );
        assert_eq!(tick_stateful(&mut action, true, &mut left), Status::Running);
        assert_eq!(tick_stateful(&mut action, true, &mut left), Status::Success);
        assert_eq!((action.starts, action.runs), (1, 2));
    }
}
