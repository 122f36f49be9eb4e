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
    note = "implement `bt::Condition<{Ctx}>` for `{Self}`, or wrap it as `Action(..)` / `StatefulAction(..)` if it is an action"
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
    note = "implement `bt::SyncAction<{Ctx}>` for `{Self}`, or use `StatefulAction(..)` / `Condition(..)` for the trait it does implement"
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
    note = "implement `bt::StatefulAction<{Ctx}>` for `{Self}`, or use `Action(..)` / `Condition(..)` for the trait it does implement"
)]
pub trait StatefulAction<Ctx: ?Sized> {
    /// Starts an activation.
    fn on_start(&mut self, ctx: &mut Ctx) -> Status;
    /// Continues an activation whose last answer was `Running`.
    fn on_running(&mut self, ctx: &mut Ctx) -> Status;
    /// The activation was interrupted while `Running`. Release whatever `on_start` acquired.
    fn on_halted(&mut self, ctx: &mut Ctx) {
        let _ = ctx;
    }
}

/// Ticks a stateful action: `on_start` when it is not running, `on_running` when it is.
#[inline(always)]
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
