//! Where each node comes from: the systems whose nodes this crate's rules implement, and which
//! rule runs each of their nodes. Documentation only.
//!
//! The rules live by family, as the macro's kinds do: composites in [`control`](crate::control),
//! decorators in [`decorator`](crate::decorator), leaves in [`leaves`](crate::leaves) (and the leaf
//! traits at the crate's root), Unreal Engine's observer aborts in [`abort`](crate::abort). Each
//! rule's docs name the node it implements and how it differs from the original. The former
//! paths by source library (`bt_core::behavior3::*`, `bt_core::control::nodecanvas::*`,
//! `bt_core::decorator::nodecanvas::*`) still name the same rules, for code written against them;
//! they are hidden from these docs so that each rule has one documented name.
//!
//! # BehaviorTree.CPP
//!
//! BehaviorTree.CPP 4.x is the reference for the in-order composites, the conditional flow
//! ([`IfThenElse`](crate::control::IfThenElse), [`Switch`](crate::control::Switch), ...),
//! [`Parallel`](crate::control::Parallel), most decorators and the leaves `Sleep`,
//! `AlwaysRunning`, `AlwaysSuccess`, `AlwaysFailure`. Its names are the rules' names, with one
//! exception: NodeCanvas's `Timeout` is [`Deadline`](crate::decorator::Deadline) here, and
//! BehaviorTree.CPP's is [`Timeout`](crate::decorator::Timeout).
//!
//! # behavior3
//!
//! behavior3js, behavior3py and behavior3go (`spec/other-systems.md` §1.2, §2.16–2.20, §2.30).
//!
//! ## Which rule runs each behavior3 node
//!
//! | behavior3 node | rule | notes |
//! |---|---|---|
//! | `Sequence` | [`ReactiveSequence`](crate::control::ReactiveSequence) | re-runs completed children every tick (decision 9) |
//! | `Priority` | [`ReactiveFallback`](crate::control::ReactiveFallback) | a pre-empted lower-priority child is halted (decision 10) |
//! | `MemSequence` | [`Sequence`](crate::control::Sequence) | |
//! | `MemPriority` | [`Fallback`](crate::control::Fallback) | |
//! | `Inverter` | [`inverter`](crate::decorator::inverter) | |
//! | `Limiter(maxLoop)` | [`Limiter`](crate::decorator::Limiter) | the count lasts for the tree's life (decision 10) |
//! | `MaxTime(maxTime)` | [`MaxTime`](crate::decorator::MaxTime) | halts a child still running when time is over (decision 7) |
//! | `Repeater(maxLoop)` | [`Repeater`](crate::decorator::Repeater) | one child completion per tick (decision 1) |
//! | `RepeatUntilFailure(maxLoop)` | [`RepeatUntilFailure`](crate::decorator::RepeatUntilFailure) = [`Repeat`](crate::decorator::Repeat) | the same rule under another name |
//! | `RepeatUntilSuccess(maxLoop)` | [`RepeatUntilSuccess`](crate::decorator::RepeatUntilSuccess) = [`RetryUntilSuccessful`](crate::decorator::RetryUntilSuccessful) | the same rule under another name |
//! | `Succeeder`, `Failer`, `Runner` | [`succeeder`](crate::leaves::succeeder), [`failer`](crate::leaves::failer), [`runner`](crate::leaves::runner) | constant leaves |
//! | `Wait(milliseconds)` | [`Wait`](crate::leaves::Wait) | strictly more than the duration (decision 7) |
//! | `Error` | none: the tick is aborted | see [Error](#error) below (decision 11) |
//!
//! ## The behavior3 lifecycle in our terms
//!
//! A behavior3 node is *opened* on the first tick after it was closed, and *closed* when it
//! answers anything but `RUNNING`. Every stateful behavior3 node resets its memory in `open`
//! (the counters of `Limiter` and the `Repeat*` family, the start time of `Wait` and `MaxTime`).
//! Here:
//!
//! * `open` is the first tick of an *activation*: a tick of a node that is not running (it never
//!   ran, it completed, or it was halted). The rules in the table restart their memory when they
//!   complete or are halted, which is the same thing seen from the other end.
//! * `close` of a node that completes is the node answering `Success` or `Failure`.
//! * behavior3's tree-level pass, which closes the nodes that were open on the last tick and are
//!   not on this tick's path, is our *halt*: the parent that moves away from a running child
//!   halts it, once. The defects of behavior3's pass (a pre-empted node at the divergence point
//!   never closed, nodes closed twice, §1.2) are not reproduced.
//! * The one deliberate exception is [`Limiter`](crate::decorator::Limiter), whose count is *not*
//!   restarted by an activation: behavior3go's rule (decision 10; in behavior3js and behavior3py
//!   the reset in `open` makes the Limiter limit nothing).
//!
//! behavior3 has no `SKIPPED` status. Where a child of one of these rules answers `Skipped` (a
//! pre-condition of ours), each rule documents what it does; as a rule it passes `Skipped` on
//! without counting it, like the other looping decorators of [`decorator`](crate::decorator).
//!
//! ## Error
//!
//! behavior3 has a fourth status, `ERROR`, answered by the `Error` leaf and by a decorator
//! without a child. Every behavior3 composite and decorator passes it up unchanged (Sequence and
//! Priority stop at it, the `Repeat*` family stops looping, Limiter does not count it, MaxTime
//! answers `FAILURE` instead only when its time is over), so it reaches the caller of the tree's
//! tick.
//!
//! Our [`Status`](crate::Status) has no error: no rule of this crate ever sees or answers one.
//! Decision 11 defines what the generated tree does instead, and it needs no rule type:
//!
//! 1. the tick is **aborted** at the node that raised the error: no further node is ticked in
//!    this tick, and no ancestor of that node sees a status from it;
//! 2. every node still **running** is halted, exactly as by the tree's `halt` (stateful actions get
//!    `on_halted`, each rule's halt runs, idle loop counts restart; memory that survives a tree
//!    halt, such as [`Limiter`](crate::decorator::Limiter)'s count, survives the abort too);
//! 3. the caller of `tick` receives the **error** instead of a status;
//! 4. the **next tick starts afresh** from the root, every node in a new activation.
//!
//! Consequences for the rules above, all consistent with behavior3: the activation that was aborted
//! is a halted one, so [`Limiter`](crate::decorator::Limiter) does not count it,
//! [`Wait`](crate::leaves::Wait) and [`MaxTime`](crate::decorator::MaxTime) start their clocks
//! again, [`Repeater`](crate::decorator::Repeater) and the `RepeatUntil*` rules count from zero.
//! Nodes ticked before the error in the aborted tick keep their effects (an action that ran has
//! run; a `Limiter` whose child completed before the error has counted it). A decorator without a
//! child, behavior3's other source of `ERROR`, cannot be written in the macro at all.
//!
//! # NodeCanvas
//!
//! NodeCanvas (`spec/other-systems.md` §1.3, §2.3–2.27): the selectors of
//! [`control`](crate::control) (random, weighted, utility, flip, step, dynamic),
//! [`BinarySelector`](crate::control::BinarySelector), [`IndexSwitch`](crate::control::IndexSwitch)
//! and [`PolicyParallel`](crate::control::PolicyParallel); and these decorators:
//!
//! | NodeCanvas decorator | rule | shape |
//! |---|---|---|
//! | `Interrupt` | [`Interrupt`](crate::decorator::Interrupt) | [`Step`](crate::step) |
//! | `Conditional` | [`Conditional`](crate::decorator::Conditional) | [`Step`](crate::step) |
//! | `Invert` | [`inverter`](crate::decorator::inverter) | function |
//! | `Remap` | [`remap`](crate::decorator::remap) | function |
//! | `Repeat` (times / until / forever) | [`Rerun`](crate::decorator::Rerun) with [`RepeatMode`](crate::decorator::RepeatMode) | `on_child` |
//! | `Filter`, limit number of times | [`Filter`](crate::decorator::Filter) with [`CountWhen`](crate::decorator::CountWhen) | `start` + `on_child` |
//! | `Filter`, cool down | [`Cooldown`](crate::decorator::Cooldown) | `start` + `on_child` |
//! | `Iterate` | [`Iterate`](crate::decorator::Iterate) with [`Termination`](crate::decorator::Termination) | `start` + `on_child` |
//! | `Timeout` | [`Deadline`](crate::decorator::Deadline) (the DSL's `Deadline`) | [`Step`](crate::step) |
//! | `Wait Until` | [`WaitUntil`](crate::decorator::WaitUntil) (decorator, or [`WaitUntil::leaf`](crate::decorator::WaitUntil::leaf)) | `start` |
//! | `Optional` | [`optional`](crate::decorator::optional) | function |
//! | `Guard` | [`Guard`](crate::decorator::Guard) with a [`GuardToken`](crate::GuardToken) in the context | `start` + `on_child` + `halt` |
//!
//! "Shape" is how the generated code drives the rule: a function of the child's status; the
//! simple decorator shape of [`decorator`](crate::decorator) (`start` may answer without the
//! child, then `on_child` maps its status; these rules never halt their child on their own); or
//! the general [`Step`](crate::step::Step) protocol, for the rules that halt their child.
//!
//! ### NodeCanvas's statuses and resets in our terms
//!
//! * **`Optional`** (and `Error`) is the status a NodeCanvas parent ignores: a Sequencer or a
//!   Selector moves on past it. Ours is **`Skipped`**: a composite moves past a skipped child as if
//!   it were not there. So NodeCanvas's `Optional` answers become `Skipped` here
//!   ([`optional`](crate::decorator::optional), [`Filter`](crate::decorator::Filter)'s and
//!   [`Cooldown`](crate::decorator::Cooldown)'s default answer when filtered). One difference
//!   remains: a NodeCanvas Sequencer whose children all answer `Optional` succeeds (and such a
//!   Selector fails), while our composites whose children are all skipped answer `Skipped`.
//! * **Reset.** NodeCanvas resets a node at the start of each traversal (when the root completed on
//!   the last update) and when a parent interrupts it; a node detects the first tick of an
//!   activation by its status still being `Resting`. Here a node starts a new activation on any
//!   tick where it is not running (it never ran, it completed, or it was halted), and an
//!   interruption is a **halt**. The memory NodeCanvas keeps across resets is kept across halts
//!   here: the counts of [`Filter`](crate::decorator::Filter) (decision 13), the time of
//!   [`Cooldown`](crate::decorator::Cooldown)'s last completion,
//!   [`Iterate`](crate::decorator::Iterate)'s index without `reset_index`.
//! * **Latching.** NodeCanvas's action nodes return their cached result when executed again in
//!   the same traversal; ours do not latch (completed actions are ticked afresh). The rules that
//!   NodeCanvas makes depend on latching say what differs.
//! * **Time** is the injected clock ([`crate::time`]); NodeCanvas's seconds of frame time are
//!   [`Duration`](core::time::Duration)s here, and its blackboard-bound parameters are constants
//!   of the tree.
//! * NodeCanvas's decorators without a child (or without a condition) answer `Optional` or pass
//!   the child's status through; the macro requires the child and the condition instead.
//!
//! ### NodeCanvas's composites in our terms
//!
//! The per-tick inputs that NodeCanvas reads from its blackboard (weights, scores, a case index, a
//! condition) are evaluated by the generated code and passed to the rules; the constant
//! parameters (child count, policies, flags) are passed identically to every call and never
//! stored.
//!
//! * A NodeCanvas *reset* of a node (new traversal, or interruption by a parent) is, for us, the
//!   end of an activation: the node completed (answered anything but `Running`) or was halted.
//!   Memory "until reset" is memory of one activation.
//! * NodeCanvas's `Optional`/`Error` statuses ("the parent moves on as if the child were not
//!   there") are our `Skipped`. Where NodeCanvas answers `Success` or `Failure` for a composite
//!   whose children were all ignored, we answer `Skipped`, the house rule for every composite
//!   ([`Status::Skipped`](crate::Status::Skipped)); a skipped child is not latched
//!   (`spec/decisions.md` decision 3).
//! * A tick is synchronous (`spec/decisions.md`, "the tick model"): where NodeCanvas spends a tick
//!   between two children (ProbabilitySelector after a failure), we move on within the tick.
//! * The macro rejects a composite without children, so every rule assumes at least one.
//!
//! # Unreal Engine
//!
//! Unreal Engine's observer aborts (a condition decorator with an abort mode under a selector):
//! [`abort`](crate::abort), with the selector that honours them,
//! [`ObserverSelector`](crate::abort::ObserverSelector), and the decorator
//! [`ConditionalAbort`](crate::abort::ConditionalAbort) (the DSL's `Observe`).
