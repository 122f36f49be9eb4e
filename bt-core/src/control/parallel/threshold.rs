//! **Parallel** and **ParallelAll** (BehaviorTree.CPP): tick every child that has not completed
//! yet, on every tick, and decide from how many succeeded and failed.
//!
//! Both keep the set of completed children in a bitset of `W` words of 64 bits (`W` is
//! [`bitset_words`]`(len)`, chosen by the macro), so any number of children fits without
//! allocating. Their thresholds are resolved against the child count once, at compile time, by
//! [`ParallelConfig::new`] and [`ParallelAllConfig::new`]; the rules only compare counters.

#[cfg(doc)]
use crate::bits::bitset_words;
use crate::bits::Bits;
use crate::step::{Event, Step};
use crate::{Outcome, SmallIndex, Status};

/// The status that ends a halt's steps (the generated code ignores it).
const HALT_DONE: Step = Step::Return(Status::Skipped);

/// Why a Parallel's or ParallelAll's thresholds are rejected for its child count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThresholdError {
    /// The node has no children.
    NoChildren,
    /// Parallel: `success_count` resolves to more successes than there are children.
    SuccessAboveChildren,
    /// Parallel: `failure_count` resolves to more failures than there are children.
    FailureAboveChildren,
    /// ParallelAll: `max_failures` resolves to more failures than there are children.
    MaxFailuresAboveChildren,
}

impl ThresholdError {
    /// A sentence saying what is wrong, for the compile error.
    pub const fn message(self) -> &'static str {
        match self {
            ThresholdError::NoChildren => "a Parallel or ParallelAll node needs at least one child",
            ThresholdError::SuccessAboveChildren => {
                "Parallel: `success_count` asks for more successes than the node has children, so it could never succeed"
            }
            ThresholdError::FailureAboveChildren => {
                "Parallel: `failure_count` asks for more failures than the node has children, so it could never fail"
            }
            ThresholdError::MaxFailuresAboveChildren => {
                "ParallelAll: `max_failures` asks for more failures than the node has children, so it could never fail"
            }
        }
    }
}

impl core::fmt::Display for ThresholdError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.message())
    }
}

/// A threshold as written (`value`), resolved for `len` children: a negative value counts from
/// the end like a Python index, `-1` meaning all `len`, `-2` meaning `len - 1`, and so on, never
/// below 0 (`max(len + value + 1, 0)`).
const fn resolve_threshold(len: usize, value: i32) -> usize {
    if value >= 0 {
        value as usize
    } else {
        let resolved = len as i64 + value as i64 + 1;
        if resolved < 0 {
            0
        } else {
            resolved as usize
        }
    }
}

/// The constant parameters of a [`Parallel`]: the child count and the resolved thresholds.
///
/// The macro builds it in a constant, so that bad thresholds are a compile error:
///
/// ```
/// use bt_core::control::ParallelConfig;
/// const CONFIG: ParallelConfig = ParallelConfig::new(3, -1, 1);
/// assert_eq!((CONFIG.success(), CONFIG.failure()), (3, 1));
/// ```
///
/// ```compile_fail
/// use bt_core::control::ParallelConfig;
/// // 4 successes out of 3 children: "Parallel: `success_count` asks for more successes ..."
/// const CONFIG: ParallelConfig = ParallelConfig::new(3, 4, 1);
/// let _ = CONFIG;
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParallelConfig {
    len: usize,
    success: usize,
    failure: usize,
    skipped_succeed: bool,
}

impl ParallelConfig {
    /// Resolves `success_count` and `failure_count` (BehaviorTree.CPP's ports, defaults `-1` and
    /// `1`) for `len` children. A negative threshold counts from the end: `-1` is `len`, `-2` is
    /// `len - 1`, never below 0. Rejected: no children, or a resolved threshold above `len` (the
    /// node could never succeed, or never fail; BehaviorTree.CPP throws at the first tick).
    ///
    /// Thresholds that resolve to 0 are accepted, as in BehaviorTree.CPP, although they are
    /// degenerate: with 0 successes the node succeeds right after ticking its first child; with 0
    /// failures it fails right after its first child unless that child failed or the node
    /// succeeded (the failure test is an exact `failures == failure_count`).
    pub const fn resolve(
        len: usize,
        success_count: i32,
        failure_count: i32,
    ) -> Result<Self, ThresholdError> {
        if len == 0 {
            return Err(ThresholdError::NoChildren);
        }
        let success = resolve_threshold(len, success_count);
        let failure = resolve_threshold(len, failure_count);
        if success > len {
            return Err(ThresholdError::SuccessAboveChildren);
        }
        if failure > len {
            return Err(ThresholdError::FailureAboveChildren);
        }
        Ok(ParallelConfig {
            len,
            success,
            failure,
            skipped_succeed: success_count < 0,
        })
    }

    /// [`resolve`](Self::resolve), panicking with the error's message: in a constant, a compile
    /// error.
    pub const fn new(len: usize, success_count: i32, failure_count: i32) -> Self {
        match Self::resolve(len, success_count, failure_count) {
            Ok(config) => config,
            Err(error) => panic!("{}", error.message()),
        }
    }

    /// The number of children.
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Always false: a configuration has at least one child.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The resolved success threshold `S`.
    pub const fn success(&self) -> usize {
        self.success
    }

    /// The resolved failure threshold `F`.
    pub const fn failure(&self) -> usize {
        self.failure
    }

    /// Whether skipped children count towards `S` (the declared `success_count` was negative).
    pub const fn skipped_count_as_success(&self) -> bool {
        self.skipped_succeed
    }
}

/// **Parallel** (BehaviorTree.CPP `Parallel`, ports `success_count` default `-1` and
/// `failure_count` default `1`): tick, on every tick, each child that has not completed in this
/// activation, in order; succeed once `S` children succeeded, fail once `F` failed or success has
/// become impossible. `S` and `F` are the thresholds resolved by [`ParallelConfig`] (`-1` = all
/// children). The only composite that keeps several children running at once.
///
/// `I` holds the counters (it must hold `len`); `W` is [`bitset_words`]`(len)`.
///
/// Each child ticked this tick updates the counts, and **the decision is taken right after it**:
///
/// | child answers | then |
/// |---|---|
/// | `Success` | marked completed (not ticked again in this activation); `successes += 1` |
/// | `Failure` | marked completed; `failures += 1` |
/// | `Running` | nothing (ticked again next tick) |
/// | `Skipped` | `skipped += 1` for this tick only (not completed: ticked again next tick) |
///
/// | after the child, in this order | Parallel |
/// |---|---|
/// | `successes >= S`, or `success_count < 0` and `successes + skipped >= S` | `Success`: every still-running child is halted, later children are not ticked |
/// | `len - failures < S` (success has become impossible), or `failures == F` (exact) | `Failure`, halting likewise |
/// | neither, and children remain | the next child that has not completed is ticked |
/// | neither, after the last child | `Skipped` if every child was skipped this tick, else `Running` |
///
/// Completed children keep their result until the node completes or is halted. With a
/// non-negative `success_count`, skipped children never count, so `Parallel(2, 1)[skip, S]`
/// answers `Running` forever (as in BehaviorTree.CPP): the node may answer `Running` whenever a
/// child may answer `Running` or `Skipped`, even if no child is running.
///
/// Halting the node halts every running child and clears all memory. No memory survives a halt,
/// and an idle node's state is always [`new`](Self::new) (nothing for the tree's `halt` to clear).
///
/// Differences from BehaviorTree.CPP: none in the rule (`spec/decisions.md`, decision 8). The
/// thresholds are constants checked at compile time instead of ports read and checked at every
/// tick.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Parallel<I = u8, const W: usize = 1> {
    completed: Bits<W, u64>,
    successes: I,
    failures: I,
    /// Children skipped in this tick.
    skipped: I,
    /// While halting the children after a decision: the decision.
    verdict: Option<Outcome>,
}

impl<I: SmallIndex, const W: usize> Parallel<I, W> {
    /// An idle Parallel.
    pub const fn new() -> Self {
        Parallel {
            completed: Bits::new(),
            successes: I::ZERO,
            failures: I::ZERO,
            skipped: I::ZERO,
            verdict: None,
        }
    }

    /// The first step of a tick: the first child that has not completed in this activation.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(&mut self, config: ParallelConfig) -> Step {
        debug_assert!(
            W * 64 >= config.len,
            "Parallel: W too small for the children"
        );
        self.skipped = I::ZERO;
        self.walk(0, config)
    }

    /// The next step after `event`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn next(&mut self, event: Event, config: ParallelConfig) -> Step {
        match event {
            Event::Child(child, status) => {
                if let Some(verdict) = self.count(child, status, config) {
                    self.verdict = Some(verdict);
                    return self.halt_from(0, config);
                }
                self.walk(child + 1, config)
            }
            Event::Halted(child) => self.halt_from(child + 1, config),
        }
    }

    /// Counts child `child`'s answer and decides.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn count(&mut self, child: usize, status: Status, config: ParallelConfig) -> Option<Outcome> {
        match status {
            Status::Success => {
                self.completed.set(child);
                self.successes = I::set(self.successes.get() + 1);
            }
            Status::Failure => {
                self.completed.set(child);
                self.failures = I::set(self.failures.get() + 1);
            }
            Status::Skipped => self.skipped = I::set(self.skipped.get() + 1),
            // Nothing was counted: with thresholds of at least 1 the node had not decided (no
            // count decides it, and it decides as soon as a count does), so it still has not.
            Status::Running if config.success > 0 && config.failure > 0 => return None,
            Status::Running => {}
        }
        self.decide(config)
    }

    /// The straight-line form of a tick, which the generated code uses (the `Step` methods are
    /// the same rule, one step at a time): `begin`, then for each child in order that
    /// [`is_completed`](Self::is_completed) does not name, its tick and
    /// [`on_child`](Self::on_child); when that answers a verdict, the caller halts every child
    /// that has not completed, calls [`finish`](Self::finish) and answers the verdict; after the
    /// last child without a verdict, [`end`](Self::end) answers.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn begin(&mut self) {
        self.skipped = I::ZERO;
    }

    /// Whether child `child` has completed in this activation (it is not ticked again).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn is_completed(&self, child: usize) -> bool {
        self.completed.get(child)
    }

    /// Child `child` answered `status`: counts it; `Some(verdict)` when the node decides.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn on_child(
        &mut self,
        child: usize,
        status: Status,
        config: ParallelConfig,
    ) -> Option<Status> {
        self.count(child, status, config).map(Status::from)
    }

    /// After a verdict, once the children that had not completed are halted (and in the halt of
    /// the node, likewise): the activation is forgotten.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn finish(&mut self) {
        *self = Self::new();
    }

    /// After the last child, without a verdict: `Skipped` if every child was skipped in this
    /// tick, else `Running`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn end(&mut self, config: ParallelConfig) -> Status {
        let all_skipped = self.skipped.get() == config.len;
        self.skipped = I::ZERO;
        if all_skipped {
            Status::Skipped
        } else {
            Status::Running
        }
    }

    /// The node is halted: the first step halts its running children; then the memory is
    /// cleared.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt(&mut self, config: ParallelConfig) -> Step {
        self.verdict = None;
        self.halt_from(0, config)
    }

    /// Children that succeeded in this activation.
    pub fn successes(&self) -> usize {
        self.successes.get()
    }

    /// Children that failed in this activation.
    pub fn failures(&self) -> usize {
        self.failures.get()
    }

    /// Ticks the next child that has not completed, or ends the tick.
    ///
    /// The decision is only re-checked after a child that was ticked: after an already completed
    /// child the counts are those of the previous check, which did not decide (the previous
    /// tick's check also counted that tick's skipped children, which can only have helped).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn walk(&mut self, from: usize, config: ParallelConfig) -> Step {
        match self.completed.next_absent(from, config.len) {
            Some(child) => Step::Tick(child),
            None => Step::Return(self.end(config)),
        }
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn decide(&self, config: ParallelConfig) -> Option<Outcome> {
        let successes = self.successes.get();
        let failures = self.failures.get();
        if successes >= config.success
            || (config.skipped_succeed && successes + self.skipped.get() >= config.success)
        {
            Some(Outcome::Success)
        } else if config.len - failures < config.success || failures == config.failure {
            Some(Outcome::Failure)
        } else {
            None
        }
    }

    /// Halts the next child from `from` that has not completed (completed children are not
    /// running), then ends with the verdict and a cleared memory.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn halt_from(&mut self, from: usize, config: ParallelConfig) -> Step {
        match self.completed.next_absent(from, config.len) {
            Some(child) => Step::Halt(child),
            None => {
                let verdict = self.verdict;
                *self = Self::new();
                match verdict {
                    Some(outcome) => Step::Return(outcome.into()),
                    None => HALT_DONE,
                }
            }
        }
    }
}

/// The constant parameters of a [`ParallelAll`]: the child count and the resolved
/// `max_failures`.
///
/// ```
/// use bt_core::control::ParallelAllConfig;
/// const CONFIG: ParallelAllConfig = ParallelAllConfig::new(4, -1);
/// assert_eq!(CONFIG.max_failures(), 4);
/// ```
///
/// ```compile_fail
/// use bt_core::control::ParallelAllConfig;
/// const CONFIG: ParallelAllConfig = ParallelAllConfig::new(2, 3);
/// let _ = CONFIG;
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParallelAllConfig {
    len: usize,
    max_failures: usize,
}

impl ParallelAllConfig {
    /// Resolves `max_failures` (default `1`) for `len` children: a negative value counts from the
    /// end (`-1` = `len`), never below 0. Rejected: no children, or a threshold above `len`.
    /// A threshold of 0 is accepted (BehaviorTree.CPP does): the node then fails whenever its
    /// children complete, unless all were skipped.
    pub const fn resolve(len: usize, max_failures: i32) -> Result<Self, ThresholdError> {
        if len == 0 {
            return Err(ThresholdError::NoChildren);
        }
        let max_failures = resolve_threshold(len, max_failures);
        if max_failures > len {
            return Err(ThresholdError::MaxFailuresAboveChildren);
        }
        Ok(ParallelAllConfig { len, max_failures })
    }

    /// [`resolve`](Self::resolve), panicking with the error's message: in a constant, a compile
    /// error.
    pub const fn new(len: usize, max_failures: i32) -> Self {
        match Self::resolve(len, max_failures) {
            Ok(config) => config,
            Err(error) => panic!("{}", error.message()),
        }
    }

    /// The number of children.
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Always false: a configuration has at least one child.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The resolved failure threshold.
    pub const fn max_failures(&self) -> usize {
        self.max_failures
    }
}

/// **ParallelAll** (BehaviorTree.CPP `ParallelAll`, port `max_failures` default `1`): tick, on
/// every tick, each child that has not completed in this activation, and wait until every child
/// has completed (or was skipped in this tick); then fail if at least `max_failures` children
/// failed (resolved by [`ParallelAllConfig`]: `-1` = all children), else succeed. It never stops
/// early.
///
/// `I` holds the counters (it must hold `len`); `W` is [`bitset_words`]`(len)`.
///
/// | child answers | then |
/// |---|---|
/// | `Success` | marked completed (not ticked again in this activation) |
/// | `Failure` | marked completed; `failures += 1` |
/// | `Running` | ticked again next tick |
/// | `Skipped` | counted for this tick only (ticked again next tick) |
///
/// | after the last child | ParallelAll |
/// |---|---|
/// | every child was skipped this tick | `Skipped` |
/// | every child has completed or was skipped this tick, `failures >= max_failures` | `Failure` |
/// | the same, `failures < max_failures` | `Success` |
/// | a child is still running | `Running` |
///
/// The node completes only when no child is running, so it never halts a child on its own; it
/// answers `Running` only if a child does. Halting the node halts its running children and clears
/// all memory; an idle node's state is always [`new`](Self::new).
///
/// Differences from BehaviorTree.CPP: none (`failures >= max_failures`, as its code does although
/// its port description says "exceeds"; `spec/decisions.md`, decision 8).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ParallelAll<I = u8, const W: usize = 1> {
    completed: Bits<W, u64>,
    /// Children completed in this activation.
    done: I,
    failures: I,
    /// Children skipped in this tick.
    skipped: I,
}

impl<I: SmallIndex, const W: usize> ParallelAll<I, W> {
    /// An idle ParallelAll.
    pub const fn new() -> Self {
        ParallelAll {
            completed: Bits::new(),
            done: I::ZERO,
            failures: I::ZERO,
            skipped: I::ZERO,
        }
    }

    /// The first step of a tick: the first child that has not completed in this activation.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn start(&mut self, config: ParallelAllConfig) -> Step {
        debug_assert!(
            W * 64 >= config.len,
            "ParallelAll: W too small for the children"
        );
        self.skipped = I::ZERO;
        self.walk(0, config)
    }

    /// The next step after `event`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn next(&mut self, event: Event, config: ParallelAllConfig) -> Step {
        match event {
            Event::Child(child, status) => {
                self.on_child(child, status);
                self.walk(child + 1, config)
            }
            Event::Halted(child) => self.halt_from(child + 1, config),
        }
    }

    /// The node is halted: the first step halts its running children; then the memory is
    /// cleared.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn halt(&mut self, config: ParallelAllConfig) -> Step {
        self.halt_from(0, config)
    }

    /// Children that failed in this activation.
    pub fn failures(&self) -> usize {
        self.failures.get()
    }

    /// The straight-line form of a tick, which the generated code uses (the `Step` methods are
    /// the same rule, one step at a time): `begin`, then for each child in order that
    /// [`is_completed`](Self::is_completed) does not name, its tick and
    /// [`on_child`](Self::on_child); after the last child, [`end`](Self::end) answers. The node
    /// never halts a child in a tick; its halt halts every child that has not completed, then
    /// calls [`finish`](Self::finish).
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn begin(&mut self) {
        self.skipped = I::ZERO;
    }

    /// Whether child `child` has completed in this activation (it is not ticked again).
    ///
    /// `#[inline]`, not `#[inline(always)]`, as [`on_child`](Self::on_child): the generated code
    /// calls both once per child, and an unoptimised build (the tests') would copy their bodies
    /// into every call; an optimised one inlines them all the same.
    #[inline]
    pub fn is_completed(&self, child: usize) -> bool {
        self.completed.get(child)
    }

    /// Child `child` answered `status`: counts it.
    #[inline]
    pub fn on_child(&mut self, child: usize, status: Status) {
        match status {
            Status::Success | Status::Failure => {
                self.completed.set(child);
                self.done = I::set(self.done.get() + 1);
                if status == Status::Failure {
                    self.failures = I::set(self.failures.get() + 1);
                }
            }
            Status::Skipped => self.skipped = I::set(self.skipped.get() + 1),
            Status::Running => {}
        }
    }

    /// After the last child: `Running` while a child has not completed (nor was skipped in this
    /// tick), else the verdict, and the activation is forgotten.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn end(&mut self, config: ParallelAllConfig) -> Status {
        let (skipped, done) = (self.skipped.get(), self.done.get());
        let status = if skipped == config.len {
            Status::Skipped
        } else if skipped + done >= config.len {
            if self.failures.get() >= config.max_failures {
                Status::Failure
            } else {
                Status::Success
            }
        } else {
            self.skipped = I::ZERO;
            return Status::Running;
        };
        *self = Self::new();
        status
    }

    /// The halt in straight-line form, once the children that had not completed are halted:
    /// the activation is forgotten.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn finish(&mut self) {
        *self = Self::new();
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn walk(&mut self, from: usize, config: ParallelAllConfig) -> Step {
        match self.completed.next_absent(from, config.len) {
            Some(child) => Step::Tick(child),
            None => Step::Return(self.end(config)),
        }
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn halt_from(&mut self, from: usize, config: ParallelAllConfig) -> Step {
        match self.completed.next_absent(from, config.len) {
            Some(child) => Step::Halt(child),
            None => {
                *self = Self::new();
                HALT_DONE
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::bitset_words;
    use crate::step::script::{answers, Harness, Log};
    use crate::testing::{halted, log};
    use Status::*;

    type Par = Parallel<u8, 1>;

    fn tick(node: &mut Par, harness: &mut Harness, config: ParallelConfig, r: &[Status]) -> Log {
        let first = node.start(config);
        harness.tick(first, |event| node.next(event, config), answers(r))
    }

    fn halt(node: &mut Par, harness: &mut Harness, config: ParallelConfig) -> Log {
        let first = node.halt(config);
        harness.halt(first, |event| node.next(event, config), answers(&[]))
    }

    const X: Status = Skipped; // an answer that is never read (the child is not ticked)

    #[test]
    fn thresholds_resolve_like_python_indexes() {
        let c = ParallelConfig::new(3, -1, 1);
        assert_eq!((c.len(), c.success(), c.failure()), (3, 3, 1));
        assert!(c.skipped_count_as_success() && !c.is_empty());
        let c = ParallelConfig::new(3, -2, -1);
        assert_eq!((c.success(), c.failure()), (2, 3));
        let c = ParallelConfig::new(3, 3, 3);
        assert_eq!((c.success(), c.failure()), (3, 3));
        assert!(!c.skipped_count_as_success());
        let c = ParallelConfig::new(3, 0, 1);
        assert_eq!((c.success(), c.failure()), (0, 1));
        assert!(
            !c.skipped_count_as_success(),
            "0 is written, not counted from the end"
        );
        let c = ParallelConfig::new(3, -4, -10);
        assert_eq!((c.success(), c.failure()), (0, 0));
        assert!(c.skipped_count_as_success());
        assert_eq!(
            ParallelConfig::resolve(3, 4, 1),
            Err(ThresholdError::SuccessAboveChildren)
        );
        assert_eq!(
            ParallelConfig::resolve(3, 1, 4),
            Err(ThresholdError::FailureAboveChildren)
        );
        assert_eq!(
            ParallelConfig::resolve(0, -1, 1),
            Err(ThresholdError::NoChildren)
        );
        assert_eq!(ParallelAllConfig::new(4, -1).max_failures(), 4);
        let all = ParallelAllConfig::new(4, 2);
        assert_eq!(
            (all.len(), all.is_empty(), all.max_failures()),
            (4, false, 2)
        );
        assert_eq!(ParallelAllConfig::new(4, -2).max_failures(), 3);
        assert_eq!(ParallelAllConfig::new(4, -9).max_failures(), 0);
        assert_eq!(
            ParallelAllConfig::resolve(2, 3),
            Err(ThresholdError::MaxFailuresAboveChildren)
        );
        assert_eq!(
            ParallelAllConfig::resolve(0, 1),
            Err(ThresholdError::NoChildren)
        );
        assert!(ThresholdError::SuccessAboveChildren
            .message()
            .contains("never succeed"));
        assert_eq!(
            std::format!("{}", ThresholdError::NoChildren),
            ThresholdError::NoChildren.message()
        );
    }

    #[test]
    #[should_panic(expected = "could never fail")]
    fn new_panics_with_the_message() {
        let _ = ParallelConfig::new(2, 1, 3);
    }

    #[test]
    fn all_succeed_in_one_tick() {
        let config = ParallelConfig::new(3, -1, 1);
        let (mut node, mut h) = (Par::new(), Harness::new(3));
        let l = tick(&mut node, &mut h, config, &[Success; 3]);
        assert_eq!(l, log(Success, &[0, 1, 2], &[]));
        assert_eq!(node, Par::new());
    }

    #[test]
    fn completed_children_are_not_ticked_again() {
        let config = ParallelConfig::new(3, -1, 1);
        let (mut node, mut h) = (Par::new(), Harness::new(3));
        let l = tick(&mut node, &mut h, config, &[Success, Running, Running]);
        assert_eq!(l, log(Running, &[0, 1, 2], &[]));
        assert_eq!(node.successes(), 1);
        let l = tick(&mut node, &mut h, config, &[X, Success, Running]);
        assert_eq!(l, log(Running, &[1, 2], &[]));
        let l = tick(&mut node, &mut h, config, &[X, X, Success]);
        assert_eq!(l, log(Success, &[2], &[]));
        assert_eq!(node, Par::new());
        // A new activation ticks every child again.
        let l = tick(&mut node, &mut h, config, &[Running; 3]);
        assert_eq!(l, log(Running, &[0, 1, 2], &[]));
    }

    #[test]
    fn failure_is_decided_mid_tick_and_halts_the_running_children() {
        let config = ParallelConfig::new(3, -1, 1);
        let (mut node, mut h) = (Par::new(), Harness::new(3));
        let l = tick(&mut node, &mut h, config, &[Running; 3]);
        assert_eq!(l, log(Running, &[0, 1, 2], &[]));
        // Child 1 fails: decided at once; child 2 (running since the last tick) is not ticked,
        // but halted with child 0.
        let l = tick(&mut node, &mut h, config, &[Running, Failure, Running]);
        assert_eq!(l, log(Failure, &[0, 1], &[0, 2]));
        assert_eq!(node, Par::new());
    }

    #[test]
    fn success_threshold_halts_the_rest() {
        // success_count -2 of 3 = 2.
        let config = ParallelConfig::new(3, -2, 1);
        let (mut node, mut h) = (Par::new(), Harness::new(3));
        let l = tick(&mut node, &mut h, config, &[Success, Running, Success]);
        assert_eq!(l, log(Success, &[0, 1, 2], &[1]));
        // Reached mid-tick: later children are not ticked.
        let config = ParallelConfig::new(3, 1, 1);
        let l = tick(&mut node, &mut h, config, &[Success, Running, Running]);
        assert_eq!(l, log(Success, &[0], &[]));
        let l = tick(&mut node, &mut h, config, &[Running, Success, Running]);
        assert_eq!(l, log(Success, &[0, 1], &[0]));
    }

    #[test]
    fn impossible_success_fails_at_the_first_failure() {
        // Parallel(3, 2) of [F, S, S]: 3 - 1 < 3 after the first child.
        let config = ParallelConfig::new(3, 3, 2);
        let (mut node, mut h) = (Par::new(), Harness::new(3));
        let l = tick(&mut node, &mut h, config, &[Failure, Success, Success]);
        assert_eq!(l, log(Failure, &[0], &[]));
    }

    #[test]
    fn failure_count_is_an_exact_match() {
        // S = 1, F = 2 of 3: the second failure fails the node.
        let config = ParallelConfig::new(3, 1, 2);
        let (mut node, mut h) = (Par::new(), Harness::new(3));
        let l = tick(&mut node, &mut h, config, &[Failure, Running, Running]);
        assert_eq!(l, log(Running, &[0, 1, 2], &[]));
        assert_eq!(node.failures(), 1);
        let l = tick(&mut node, &mut h, config, &[X, Failure, Running]);
        assert_eq!(l, log(Failure, &[1], &[2]));
        // F = N (-1): only all failures fail (with S = 1, all failures is also "impossible").
        let config = ParallelConfig::new(3, 1, -1);
        let l = tick(&mut node, &mut h, config, &[Failure, Failure, Running]);
        assert_eq!(l, log(Running, &[0, 1, 2], &[]));
        assert_eq!((node.failures(), node.successes()), (2, 0));
        let l = tick(&mut node, &mut h, config, &[X, X, Failure]);
        assert_eq!(l, log(Failure, &[2], &[]));
    }

    /// A tick cut short (a child's error in a tree with an error type: the generated code leaves
    /// the tick without `end`) leaves its skipped children counted; the next tick's `begin`
    /// starts the count again, so that tick answers `Skipped` only if all its children skip.
    #[test]
    fn a_tick_cut_short_leaves_no_skip_counted() {
        // Skipped children do not count towards a written success count.
        let config = ParallelConfig::new(2, 2, 1);
        let mut node = Par::new();
        node.begin();
        assert_eq!(node.on_child(0, Skipped, config), None);
        // Child 1 fails with an error here: the tick ends without `end`.
        node.begin();
        assert_eq!(node.on_child(0, Skipped, config), None);
        assert_eq!(node.on_child(1, Skipped, config), None);
        assert_eq!(node.end(config), Skipped);
        node.begin();
        assert_eq!(node.on_child(0, Running, config), None);
        assert_eq!(node.on_child(1, Skipped, config), None);
        assert_eq!(node.end(config), Running);
    }

    #[test]
    fn skipped_children_count_only_towards_a_negative_success_count() {
        let (mut node, mut h) = (Par::new(), Harness::new(2));
        let negative = ParallelConfig::new(2, -1, 1);
        // [skip, skip] with -1: SUCCESS (the SKIPPED answer is unreachable here).
        let l = tick(&mut node, &mut h, negative, &[Skipped, Skipped]);
        assert_eq!(l, log(Success, &[0, 1], &[]));
        let l = tick(&mut node, &mut h, negative, &[Skipped, Success]);
        assert_eq!(l, log(Success, &[0, 1], &[]));
        // [run, skip] then [success, skip]: the skip of this tick counts.
        let l = tick(&mut node, &mut h, negative, &[Running, Skipped]);
        assert_eq!(l, log(Running, &[0, 1], &[]));
        let l = tick(&mut node, &mut h, negative, &[Success, Skipped]);
        assert_eq!(l, log(Success, &[0, 1], &[]));

        // Positive: skips never count. Parallel(2, 1)[skip, S] is RUNNING forever.
        let positive = ParallelConfig::new(2, 2, 1);
        let l = tick(&mut node, &mut h, positive, &[Skipped, Success]);
        assert_eq!(l, log(Running, &[0, 1], &[]));
        for _ in 0..3 {
            let l = tick(&mut node, &mut h, positive, &[Skipped, X]);
            assert_eq!(l, log(Running, &[0], &[]));
        }
        halt(&mut node, &mut h, positive);
        assert_eq!(node, Par::new());
        // All skipped with a positive threshold: SKIPPED, nothing kept.
        let one = ParallelConfig::new(2, 1, 1);
        let l = tick(&mut node, &mut h, one, &[Skipped, Skipped]);
        assert_eq!(l, log(Skipped, &[0, 1], &[]));
        assert_eq!(node, Par::new());
        // A skip count belongs to one tick.
        let l = tick(&mut node, &mut h, negative, &[Skipped, Running]);
        assert_eq!(l, log(Running, &[0, 1], &[]));
        let l = tick(&mut node, &mut h, negative, &[Running, Success]);
        assert_eq!(l, log(Running, &[0, 1], &[]));
    }

    #[test]
    fn halting_halts_the_running_children_and_forgets() {
        let config = ParallelConfig::new(3, 2, 2);
        let (mut node, mut h) = (Par::new(), Harness::new(3));
        let l = tick(&mut node, &mut h, config, &[Running, Success, Running]);
        assert_eq!(l, log(Running, &[0, 1, 2], &[]));
        assert_eq!(halt(&mut node, &mut h, config), halted(&[], &[0, 2]));
        assert_eq!(node, Par::new());
        // The child that had succeeded is ticked again in the next activation.
        let l = tick(&mut node, &mut h, config, &[Running, Running, Failure]);
        assert_eq!(l, log(Running, &[0, 1, 2], &[]));
        assert_eq!(node.failures(), 1);
        assert_eq!(halt(&mut node, &mut h, config), halted(&[], &[0, 1]));
    }

    #[test]
    fn zero_thresholds_are_degenerate_but_kept() {
        let (mut node, mut h) = (Par::new(), Harness::new(3));
        // S = 0: succeeds right after its first child, halting it if it runs.
        let config = ParallelConfig::new(3, 0, 1);
        let l = tick(&mut node, &mut h, config, &[Running, Running, Running]);
        assert_eq!(l, log(Success, &[0], &[0]));
        // F = 0 (S = 3): fails right after the first child unless that child failed.
        let config = ParallelConfig::new(3, 3, 0);
        let l = tick(&mut node, &mut h, config, &[Success, Running, Running]);
        assert_eq!(l, log(Failure, &[0], &[]));
        let config = ParallelConfig::new(3, 1, 0);
        let l = tick(&mut node, &mut h, config, &[Failure, Running, Success]);
        assert_eq!(l, log(Success, &[0, 1, 2], &[1]));
    }

    #[test]
    fn one_child() {
        let config = ParallelConfig::new(1, -1, 1);
        let (mut node, mut h) = (Par::new(), Harness::new(1));
        for (answer, status) in [
            (Running, Running),
            (Success, Success),
            (Failure, Failure),
            (Skipped, Success),
        ] {
            let l = tick(&mut node, &mut h, config, &[answer]);
            assert_eq!(l, log(status, &[0], &[]), "child {answer:?}");
        }
        let config = ParallelConfig::new(1, 1, 1);
        let l = tick(&mut node, &mut h, config, &[Skipped]);
        assert_eq!(l, log(Skipped, &[0], &[]));
    }

    #[test]
    fn many_children_across_words() {
        const N: usize = 130;
        let config = ParallelConfig::new(N, -1, 1);
        let mut node = Parallel::<u8, { bitset_words(N) }>::new();
        let mut h = Harness::new(N);
        let done = [0, 63, 64, 127, 128, 129];
        let first: Vec<Status> = (0..N)
            .map(|i| if done.contains(&i) { Success } else { Running })
            .collect();
        let start = node.start(config);
        let l = h.tick(start, |e| node.next(e, config), answers(&first));
        assert_eq!(l.status, Some(Running));
        assert_eq!(l.ticked.len(), N);
        assert_eq!(node.successes(), done.len());
        let start = node.start(config);
        let l = h.tick(start, |e| node.next(e, config), |_| Success);
        assert_eq!(l.status, Some(Success));
        let expected: Vec<usize> = (0..N).filter(|i| !done.contains(i)).collect();
        assert_eq!(l.ticked, expected);
        assert_eq!(node, Parallel::new());
    }

    type All = ParallelAll<u8, 1>;

    fn tick_all(
        node: &mut All,
        harness: &mut Harness,
        config: ParallelAllConfig,
        r: &[Status],
    ) -> Log {
        let first = node.start(config);
        harness.tick(first, |event| node.next(event, config), answers(r))
    }

    /// As `a_tick_cut_short_leaves_no_skip_counted`, for `ParallelAll`; and its failures
    /// counted beyond one.
    #[test]
    fn all_a_tick_cut_short_leaves_no_skip_counted() {
        let config = ParallelAllConfig::new(2, 1);
        let mut node = All::new();
        node.begin();
        node.on_child(0, Skipped);
        // Child 1 fails with an error here: the tick ends without `end`.
        node.begin();
        node.on_child(0, Skipped);
        node.on_child(1, Skipped);
        assert_eq!(node.end(config), Skipped);
        let config = ParallelAllConfig::new(3, -1);
        node.begin();
        node.on_child(0, Failure);
        node.on_child(1, Failure);
        node.on_child(2, Running);
        assert_eq!(node.end(config), Running);
        assert_eq!(node.failures(), 2);
    }

    #[test]
    fn all_waits_for_every_child() {
        let config = ParallelAllConfig::new(3, 1);
        let (mut node, mut h) = (All::new(), Harness::new(3));
        let l = tick_all(&mut node, &mut h, config, &[Success, Failure, Running]);
        assert_eq!(l, log(Running, &[0, 1, 2], &[]));
        assert_eq!(node.failures(), 1);
        let l = tick_all(&mut node, &mut h, config, &[X, X, Running]);
        assert_eq!(l, log(Running, &[2], &[]));
        let l = tick_all(&mut node, &mut h, config, &[X, X, Success]);
        assert_eq!(l, log(Failure, &[2], &[]), "1 failure >= max_failures 1");
        assert_eq!(node, All::new());
        let l = tick_all(&mut node, &mut h, config, &[Success; 3]);
        assert_eq!(l, log(Success, &[0, 1, 2], &[]));
    }

    #[test]
    fn all_negative_threshold_needs_that_many_failures() {
        let config = ParallelAllConfig::new(2, -1);
        let (mut node, mut h) = (All::new(), Harness::new(2));
        let l = tick_all(&mut node, &mut h, config, &[Failure, Success]);
        assert_eq!(l, log(Success, &[0, 1], &[]));
        let l = tick_all(&mut node, &mut h, config, &[Failure, Failure]);
        assert_eq!(l, log(Failure, &[0, 1], &[]));
        // 0 (from -3): fails whenever the children complete.
        let config = ParallelAllConfig::new(2, -3);
        let l = tick_all(&mut node, &mut h, config, &[Success, Success]);
        assert_eq!(l, log(Failure, &[0, 1], &[]));
        let l = tick_all(&mut node, &mut h, config, &[Skipped, Skipped]);
        assert_eq!(l, log(Skipped, &[0, 1], &[]));
    }

    #[test]
    fn all_skipped_children() {
        let config = ParallelAllConfig::new(2, 1);
        let (mut node, mut h) = (All::new(), Harness::new(2));
        let l = tick_all(&mut node, &mut h, config, &[Skipped, Skipped]);
        assert_eq!(l, log(Skipped, &[0, 1], &[]));
        assert_eq!(node, All::new());
        let l = tick_all(&mut node, &mut h, config, &[Skipped, Running]);
        assert_eq!(l, log(Running, &[0, 1], &[]));
        // The skipped child is ticked again; skipped + completed covers every child.
        let l = tick_all(&mut node, &mut h, config, &[Skipped, Success]);
        assert_eq!(l, log(Success, &[0, 1], &[]));
        let l = tick_all(&mut node, &mut h, config, &[Failure, Running]);
        assert_eq!(l, log(Running, &[0, 1], &[]));
        let l = tick_all(&mut node, &mut h, config, &[X, Skipped]);
        assert_eq!(l, log(Failure, &[1], &[]));
        assert_eq!(node, All::new());
    }

    #[test]
    fn all_halt_halts_running_children_and_forgets() {
        let config = ParallelAllConfig::new(3, 1);
        let (mut node, mut h) = (All::new(), Harness::new(3));
        let l = tick_all(&mut node, &mut h, config, &[Running, Failure, Running]);
        assert_eq!(l, log(Running, &[0, 1, 2], &[]));
        let first = node.halt(config);
        let l = h.halt(first, |e| node.next(e, config), answers(&[]));
        assert_eq!(l, halted(&[], &[0, 2]));
        assert_eq!(node, All::new());
        let l = tick_all(&mut node, &mut h, config, &[Success; 3]);
        assert_eq!(
            l,
            log(Success, &[0, 1, 2], &[]),
            "the failure was forgotten"
        );
    }

    #[test]
    fn all_one_child() {
        let config = ParallelAllConfig::new(1, 1);
        let (mut node, mut h) = (All::new(), Harness::new(1));
        for (answer, status) in [
            (Running, Running),
            (Success, Success),
            (Failure, Failure),
            (Skipped, Skipped),
        ] {
            let l = tick_all(&mut node, &mut h, config, &[answer]);
            assert_eq!(l, log(status, &[0], &[]), "child {answer:?}");
        }
    }

    /// BehaviorTree.CPP's Parallel written as its loop over the children, played against the
    /// Step rule with random answers and halts: same statuses, same children ticked and halted.
    #[test]
    fn matches_a_direct_model_of_bt_cpp() {
        use crate::testing::Roll;

        struct Model {
            completed: Vec<bool>,
            running: Vec<bool>,
            successes: usize,
            failures: usize,
        }

        impl Model {
            fn new(len: usize) -> Self {
                Model {
                    completed: vec![false; len],
                    running: vec![false; len],
                    successes: 0,
                    failures: 0,
                }
            }

            /// Halts the running children (reset) and forgets the activation.
            fn reset(&mut self) -> Vec<usize> {
                let len = self.completed.len();
                let halted = (0..len).filter(|&i| self.running[i]).collect();
                *self = Model::new(len);
                halted
            }

            fn tick(
                &mut self,
                success_count: i32,
                failure_count: i32,
                mut answer: impl FnMut(usize) -> Status,
            ) -> Log {
                let len = self.completed.len();
                let threshold = |v: i32| {
                    if v < 0 {
                        (len as i64 + v as i64 + 1).max(0) as usize
                    } else {
                        v as usize
                    }
                };
                let (s, f) = (threshold(success_count), threshold(failure_count));
                let (mut skipped, mut ticked) = (0, Vec::new());
                for i in 0..len {
                    if !self.completed[i] {
                        ticked.push(i);
                        let status = answer(i);
                        self.running[i] = status == Running;
                        match status {
                            Success => {
                                self.completed[i] = true;
                                self.successes += 1;
                            }
                            Failure => {
                                self.completed[i] = true;
                                self.failures += 1;
                            }
                            Skipped => skipped += 1,
                            Running => {}
                        }
                    }
                    let decided = if self.successes >= s
                        || (success_count < 0 && self.successes + skipped >= s)
                    {
                        Some(Success)
                    } else if len - self.failures < s || self.failures == f {
                        Some(Failure)
                    } else {
                        None
                    };
                    if let Some(status) = decided {
                        let halted = self.reset();
                        return Log {
                            status: Some(status),
                            ticked,
                            halted,
                        };
                    }
                }
                let status = if skipped == len { Skipped } else { Running };
                Log {
                    status: Some(status),
                    ticked,
                    halted: Vec::new(),
                }
            }
        }

        let mut roll = Roll::new(42);
        let mut games = 0;
        for len in 1..=6usize {
            let range = -(len as i32) - 1..=len as i32;
            for success_count in range.clone() {
                for failure_count in range.clone() {
                    let Ok(config) = ParallelConfig::resolve(len, success_count, failure_count)
                    else {
                        continue;
                    };
                    games += 1;
                    let (mut node, mut h, mut model) =
                        (Par::new(), Harness::new(len), Model::new(len));
                    let mut running = false;
                    for _ in 0..400 {
                        if running && roll.below(6) == 0 {
                            let first = node.halt(config);
                            let l = h.halt(first, |e| node.next(e, config), answers(&[]));
                            assert_eq!(l.halted, model.reset());
                            running = false;
                            continue;
                        }
                        let r: Vec<Status> = (0..len).map(|_| roll.status()).collect();
                        let expected = model.tick(success_count, failure_count, answers(&r));
                        let first = node.start(config);
                        let l = h.tick(first, |e| node.next(e, config), answers(&r));
                        assert_eq!(
                            l, expected,
                            "Parallel({success_count}, {failure_count}) of {len}, answers {r:?}"
                        );
                        running = l.status == Some(Running);
                    }
                }
            }
        }
        assert!(games > 50);
    }

    /// The straight-line form (`begin`, `is_completed`, the child, `on_child`, the halts of the
    /// children not completed and `finish` after a verdict, `end`) does what the `Step` form does,
    /// over random answers, thresholds and halts: the same children ticked and halted, the same
    /// answers, the same state.
    #[test]
    // The loops index several per-child arrays by the child, as the rule does.
    #[allow(clippy::needless_range_loop)]
    fn straight_line_form_is_the_step_form() {
        let mut rng = crate::testing::Roll::new(99);
        for round in 0..300 {
            let len = 1 + rng.below(5);
            let success = rng.below(2 * len + 1) as i32 - len as i32;
            let failure = rng.below(2 * len + 1) as i32 - len as i32;
            let Ok(config) = ParallelConfig::resolve(len, success, failure) else {
                continue;
            };
            let (mut stepped, mut h) = (Par::new(), Harness::new(len));
            let mut straight = Par::new();
            let mut running = vec![false; len];
            for _ in 0..40 {
                if rng.below(8) == 0 {
                    let log = halt(&mut stepped, &mut h, config);
                    let halted: Vec<usize> = (0..len)
                        .filter(|&i| !straight.is_completed(i) && std::mem::take(&mut running[i]))
                        .collect();
                    straight.finish();
                    assert_eq!(log.halted, halted, "round {round}");
                    assert_eq!(straight, stepped);
                    continue;
                }
                let answers: Vec<Status> = (0..len).map(|_| rng.status()).collect();
                let log = tick(&mut stepped, &mut h, config, &answers);
                let (mut ticked, mut halted) = (Vec::new(), Vec::new());
                straight.begin();
                let mut verdict = None;
                for child in 0..len {
                    if straight.is_completed(child) {
                        continue;
                    }
                    ticked.push(child);
                    running[child] = answers[child] == Running;
                    if let Some(v) = straight.on_child(child, answers[child], config) {
                        verdict = Some(v);
                        break;
                    }
                }
                let status = match verdict {
                    Some(v) => {
                        for child in 0..len {
                            if !straight.is_completed(child) && std::mem::take(&mut running[child])
                            {
                                halted.push(child);
                            }
                        }
                        straight.finish();
                        v
                    }
                    None => straight.end(config),
                };
                assert_eq!(
                    log,
                    crate::testing::log(status, &ticked, &halted),
                    "round {round}"
                );
                assert_eq!(straight, stepped, "round {round}");
            }
        }
    }

    /// ParallelAll's straight-line form (`begin`, `is_completed`, the child, `on_child`, `end`;
    /// the halt: the children not completed, then `finish`) does what the `Step` form does, over
    /// random answers, thresholds and halts.
    #[test]
    fn all_straight_line_form_is_the_step_form() {
        let mut rng = crate::testing::Roll::new(41);
        for round in 0..300 {
            let len = 1 + rng.below(5);
            let max_failures = rng.below(2 * len + 1) as i32 - len as i32;
            let Ok(config) = ParallelAllConfig::resolve(len, max_failures) else {
                continue;
            };
            let (mut stepped, mut h) = (All::new(), Harness::new(len));
            let mut straight = All::new();
            let mut running = vec![false; len];
            for _ in 0..40 {
                if rng.below(8) == 0 {
                    let first = stepped.halt(config);
                    let log = h.halt(first, |event| stepped.next(event, config), answers(&[]));
                    let halted: Vec<usize> = (0..len)
                        .filter(|&i| !straight.is_completed(i) && std::mem::take(&mut running[i]))
                        .collect();
                    straight.finish();
                    assert_eq!(log.halted, halted, "round {round}");
                    assert_eq!(straight, stepped);
                    continue;
                }
                let answers: Vec<Status> = (0..len).map(|_| rng.status()).collect();
                let log = tick_all(&mut stepped, &mut h, config, &answers);
                let mut ticked = Vec::new();
                straight.begin();
                for (child, &answer) in answers.iter().enumerate() {
                    if straight.is_completed(child) {
                        continue;
                    }
                    ticked.push(child);
                    running[child] = answer == Running;
                    straight.on_child(child, answer);
                }
                let status = straight.end(config);
                assert_eq!(
                    log,
                    crate::testing::log(status, &ticked, &[]),
                    "round {round}"
                );
                assert_eq!(straight, stepped, "round {round}");
            }
        }
    }
}
