use crate::Status;

/// A token that [`Guard`] nodes take while their child runs: a flag owned by the context, shared
/// by every tree ticked with that context (NodeCanvas shares its guards among all behaviour trees
/// of one agent).
///
/// One token is one flag; NodeCanvas's token strings become one `GuardToken` per name, e.g. fields
/// of the agent's context, or an array indexed by an enum:
///
/// ```
/// use bt_core::GuardToken;
///
/// struct Agent {
///     door: GuardToken,
///     arms: [GuardToken; 2],
/// }
///
/// let mut agent = Agent { door: GuardToken::new(), arms: [GuardToken::new(); 2] };
/// assert!(agent.door.try_acquire());
/// assert!(!agent.door.try_acquire(), "taken");
/// agent.door.release();
/// assert!(!agent.arms[1].is_taken());
/// ```
///
/// A tree reaches its token through a closure written in the tree (`Guard(|ctx| &mut ctx.door)`).
/// The Guard nodes release what they take when their child completes or is halted, so a tree
/// must be halted before it is dropped while a Guard in it runs; otherwise the token stays taken.
/// Only call [`release`](GuardToken::release) yourself for a token you took yourself.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GuardToken {
    taken: bool,
}

impl GuardToken {
    /// A free token.
    pub const fn new() -> Self {
        GuardToken { taken: false }
    }

    /// Whether someone holds the token.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub const fn is_taken(&self) -> bool {
        self.taken
    }

    /// Takes the token if it is free: `true` if it was taken now, `false` if someone holds it.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn try_acquire(&mut self) -> bool {
        !core::mem::replace(&mut self.taken, true)
    }

    /// Frees the token.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn release(&mut self) {
        self.taken = false;
    }
}

/// **Guard** (NodeCanvas `Guard`: a token, and "If Guarded": `ReturnFailure` or
/// `WaitUntilReleased`): runs its child only if no other Guard holds the same [`GuardToken`], and
/// holds the token while its child runs.
///
/// Simple decorator shape (it never halts its child on its own), with a halt. Per-tick input: the
/// token, `&mut GuardToken`, reached through the context on each call. Parameter: `if_guarded`,
/// what a blocked tick answers: `Failure` (`ReturnFailure`, the default) or `Running`
/// (`WaitUntilReleased`).
///
/// | token | child answers | Guard |
/// |---|---|---|
/// | held by another Guard | not ticked | `if_guarded` |
/// | free, or held by this Guard | `Running` | `Running`; this Guard holds the token |
/// | free, or held by this Guard | `Success` / `Failure` / `Skipped` | the same; the token is free |
///
/// The token is taken just before the child's tick and kept only if the child answers `Running`,
/// so a nested or concurrent Guard with the same token, ticked during the child's tick, is
/// blocked too. A Guard that waits (`if_guarded = Running`) runs without its child and without the
/// token, and checks again on its next tick.
///
/// **Halting** releases the token if this Guard holds it ([`halt`](Guard::halt)); the generated
/// code halts the child. **Memory**: whether this Guard holds the token, only while running; a
/// tree halt must call [`halt`](Guard::halt) on a running Guard (with the token) so that the token
/// is freed.
///
/// Differences from NodeCanvas: its registry of guards is per agent object and found by token
/// string, built when graphs start and dropped when the agent's last graph stops; here the token
/// is a flag the user's context owns. NodeCanvas marks the holder only after the child answered
/// `Running`, so a Guard nested inside a Guard of the same token is blocked only from the second
/// tick; here it is blocked from the first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Guard {
    holding: bool,
}

impl Guard {
    /// A Guard that holds nothing.
    pub const fn new() -> Self {
        Guard { holding: false }
    }

    /// Before ticking the child: `Some(if_guarded)` answers without it (another Guard holds the
    /// token); `None` took the token (or already held it): tick the child.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(&mut self, token: &mut GuardToken, if_guarded: Status) -> Option<Status> {
        if self.holding || token.try_acquire() {
            self.holding = true;
            None
        } else {
            Some(if_guarded)
        }
    }

    /// The child answered `child`: the token is kept only while it runs; the answer passes through.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn on_child(&mut self, child: Status, token: &mut GuardToken) -> Status {
        if child != Status::Running {
            self.release(token);
        }
        child
    }

    /// Halted (or the tree is halted): releases the token if this Guard holds it.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt(&mut self, token: &mut GuardToken) {
        self.release(token);
    }

    /// Whether this Guard holds its token.
    pub fn is_holding(&self) -> bool {
        self.holding
    }

    fn release(&mut self, token: &mut GuardToken) {
        if core::mem::take(&mut self.holding) {
            token.release();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Status::*;

    /// One tick; `false` in second place when the child was not ticked.
    fn tick(
        guard: &mut Guard,
        token: &mut GuardToken,
        if_guarded: Status,
        child: Status,
    ) -> (Status, bool) {
        match guard.start(token, if_guarded) {
            Some(status) => (status, false),
            None => (guard.on_child(child, token), true),
        }
    }

    #[test]
    fn token() {
        let mut token = GuardToken::new();
        assert!(!token.is_taken());
        assert!(token.try_acquire());
        assert!(token.is_taken());
        assert!(!token.try_acquire());
        token.release();
        assert!(token.try_acquire());
    }

    #[test]
    fn holds_the_token_while_the_child_runs() {
        let mut token = GuardToken::new();
        let (mut a, mut b) = (Guard::new(), Guard::new());
        assert_eq!(tick(&mut a, &mut token, Failure, Running), (Running, true));
        assert!(a.is_holding() && token.is_taken());
        assert_eq!(tick(&mut b, &mut token, Failure, Success), (Failure, false));
        assert_eq!(
            tick(&mut b, &mut token, Running, Success),
            (Running, false),
            "waits"
        );
        assert_eq!(
            tick(&mut a, &mut token, Failure, Running),
            (Running, true),
            "its own"
        );
        assert_eq!(tick(&mut a, &mut token, Failure, Success), (Success, true));
        assert!(!a.is_holding() && !token.is_taken());
        assert_eq!(tick(&mut b, &mut token, Running, Running), (Running, true));
        assert!(b.is_holding());
        assert_eq!(tick(&mut a, &mut token, Failure, Success), (Failure, false));
        assert_eq!(tick(&mut b, &mut token, Running, Skipped), (Skipped, true));
        assert!(!token.is_taken());
    }

    #[test]
    fn completed_children_never_keep_the_token() {
        let mut token = GuardToken::new();
        let (mut a, mut b) = (Guard::new(), Guard::new());
        for child in [Success, Failure, Skipped] {
            assert_eq!(tick(&mut a, &mut token, Failure, child), (child, true));
            assert_eq!(tick(&mut b, &mut token, Failure, child), (child, true));
            assert!(!token.is_taken());
        }
    }

    #[test]
    fn taken_during_the_child_tick() {
        let mut token = GuardToken::new();
        let (mut outer, mut inner) = (Guard::new(), Guard::new());
        assert_eq!(outer.start(&mut token, Failure), None);
        // The outer child's tick reaches the inner Guard of the same token.
        assert_eq!(inner.start(&mut token, Failure), Some(Failure));
        assert_eq!(outer.on_child(Failure, &mut token), Failure);
        assert!(!token.is_taken());
    }

    #[test]
    fn halt_releases() {
        let mut token = GuardToken::new();
        let (mut a, mut b) = (Guard::new(), Guard::new());
        assert_eq!(tick(&mut a, &mut token, Failure, Running), (Running, true));
        assert_eq!(tick(&mut b, &mut token, Running, Running), (Running, false));
        b.halt(&mut token);
        assert!(token.is_taken(), "a waiting Guard held nothing");
        a.halt(&mut token);
        assert!(!token.is_taken() && !a.is_holding());
        a.halt(&mut token);
        assert!(!token.is_taken());
        assert_eq!(tick(&mut b, &mut token, Running, Running), (Running, true));
    }
}
