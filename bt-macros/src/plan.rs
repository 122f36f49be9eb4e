//! Planning: what the generated code needs to know about a valid tree beyond what the user wrote.
//! Which nodes can be running between ticks (they get a running flag and a halt function), which
//! node functions stay out of line (so that no function grows without bound), and which leaves a
//! tick may resume directly. Decided from the model, the facts of the kinds table, and the facts
//! that depend on the model's kinds and parameters ([`facts`], one exhaustive match).

use crate::kinds::{Running, Status};
use crate::model::{
    Composite, Decorator, Flow, Kind, Leaf, Loop, Node, Parallel, Quantity, Selector, Time, Tree,
    UtilityValue,
};

/// How many nodes' tick code one function may hold once LLVM has inlined the node functions into
/// each other. Without a bound a wide tree whose nodes all inline becomes one function of
/// hundreds of kilobytes, which some LLVM passes compile in super-linear time; with it, release
/// build time stays linear in the tree's size. Trees below the budget are not affected.
pub const INLINE_BUDGET: usize = 1024;

/// The plan of one tree, indexed by node id.
pub struct Plan {
    /// Whether each node can answer `Running` (then it can be running between ticks and must
    /// be halted when pre-empted).
    pub may_run: Vec<bool>,
    /// Index of each running-capable node's "running" flag, except the root's when
    /// [`Plan::root_flag_is_status`], the nodes of [`Plan::flag_in_state`] and
    /// [`Plan::flag_from_parent`], and the leaves of [`Plan::resume`] (whose flag is the resume
    /// code).
    pub active_slot: Vec<Option<usize>>,
    /// Whether the root's "running" flag is the tree's status (`status() == Some(Running)`)
    /// rather than a flag of its own: the root is running exactly when the tree's last tick
    /// answered `Running` and no halt followed, and the tree stores that status anyway, so a flag
    /// would be a second store of the same fact on every tick. Not in a tree with an error type,
    /// where an error halts the tree without storing a status.
    pub root_flag_is_status: bool,
    /// Nodes whose "running" flag is their rule's state (`is_running()`), with no flag of their
    /// own: the reactive composites, `Switch`, `IndexSwitch`, `BinarySelector`,
    /// `ProbabilitySelector` and the observer selector, whose remembered running child is set
    /// exactly when they answer `Running` and cleared when they finish or are halted,
    /// `Timeout`, `Delay`, `MaxTime` and `Deadline`, whose deadline is set exactly while they
    /// run, and a standalone `Observe`, which remembers whether its child runs. Not for nodes
    /// with pre- or
    /// post-conditions (their gate answers for them) nor in a tree with an error type (an error
    /// marks the parents of the failing leaf running by their flags).
    pub flag_in_state: Vec<bool>,
    /// Nodes whose "running" flag their parent knows: the running-capable children of a Sequence,
    /// Fallback or SequenceWithMemory (`bt_core::control`'s walk from a cursor), and of the other
    /// parents of [`Facts::knows_running_child`] (ProbabilitySelector, Switch, IndexSwitch,
    /// BinarySelector, TryCatch, IfThenElse, the observer selector, Timeout, MaxTime, Deadline,
    /// Cooldown, and the decorators that pass their child's status through). Such a parent answers `Running` exactly when the child at its cursor does, and
    /// keeps the cursor there, so between ticks its child `i` is running exactly when the parent is
    /// running and its cursor is `i` (for the others: the child they remember; a decorator's child,
    /// when the decorator is running). The parent reads both when its tick starts (before its rule
    /// moves the cursor) and passes the child's flag to the child's tick function as an argument
    /// (`__bt_resumed`); a halt reaches the child only from the parent's own halt, which halts the
    /// child at its cursor while the parent is running, so the child's halt function needs no
    /// check. The parent's own flag may be of any kind but a constant: the tree's status, a flag of
    /// its own, or one passed by its own parent. Not for nodes resumed directly (their flag is the
    /// resume code) nor for those of [`Plan::flag_in_state`], not where the parent or the child has
    /// pre- or post-conditions (a gate answers for them), and not in a tree with an error type (an
    /// error marks the parents of the failing leaf running by their flags).
    pub flag_from_parent: Vec<bool>,
    /// Whether each node may answer `Skipped`, as far as the tree shows: `false` is a proof,
    /// `true` is conservative. These never do: a leaf that answers a `bool` or an `Outcome`, a
    /// built-in leaf, a Sequence, Fallback or SequenceWithMemory with a child that never skips
    /// (they answer `Skipped` only when every child did), and an Inverter, ForceSuccess or
    /// ForceFailure whose child never skips. A node with pre- or post-conditions, a stateful
    /// action, a subtree and every other kind may. A Sequence, Fallback or SequenceWithMemory
    /// with a child that never skips counts no skips (`bt_core::control::NoSkips`: a byte less
    /// per node).
    pub may_skip: Vec<bool>,
    /// Nodes whose tick function is kept out of its parent's (`#[inline(never)]`), so that no
    /// function holds more than [`INLINE_BUDGET`] nodes' code; and the root's in a tree with
    /// leaves of [`Plan::resume`], so that the direct resume's function saves only the registers
    /// it uses, not those of the whole walk (the deep tree of `benches/` resumed in 41
    /// instructions with the walk inlined, 35 without).
    pub outlined: Vec<bool>,
    /// The leaves a tick can resume directly, in pre-order; leaf `resume[k]` is resumed under the
    /// code `k + 1`. Any number: the code is as wide as the count needs ([`Plan::resume_code_type`]).
    ///
    /// Such a leaf has no running flag of its own: it is running exactly when the resume code is
    /// its code. A walk remembers it when it answers `Running` (every ancestor passes that up to
    /// the root, so the leaf stays the one to resume), a direct resume that finishes forgets it,
    /// and so do its halt and the tree's; and no other leaf of the list can be running meanwhile,
    /// because every ancestor of a listed leaf runs one child at a time.
    pub resume: Vec<usize>,
    /// Each node's resume code ([`Plan::resume_code`]), so that a look-up costs no search.
    resume_codes: Vec<Option<usize>>,
}

impl Plan {
    pub fn new(tree: &Tree) -> Plan {
        let may_run = may_run(tree);
        let root_flag_is_status = may_run[0] && tree.header.error.is_none();
        let flag_in_state: Vec<bool> = (tree.nodes.iter())
            .map(|node| {
                may_run[node.id]
                    && node.id != 0
                    && tree.header.error.is_none()
                    && node.conditions.is_empty()
                    && facts(&node.kind).state_holds_running
            })
            .collect();
        let resume = resume(tree);
        let mut resume_codes = vec![None; tree.nodes.len()];
        for (index, &leaf) in resume.iter().enumerate() {
            resume_codes[leaf] = Some(index + 1);
        }
        let knows_running =
            |node: &Node| node.conditions.is_empty() && facts(&node.kind).knows_running_child;
        let flag_from_parent: Vec<bool> = (tree.nodes.iter())
            .map(|node| {
                may_run[node.id]
                    && tree.header.error.is_none()
                    && node.conditions.is_empty()
                    && resume_codes[node.id].is_none()
                    && !flag_in_state[node.id]
                    && node
                        .parent
                        .is_some_and(|parent| knows_running(&tree.nodes[parent]))
            })
            .collect();
        let mut slots = 0;
        let active_slot = (may_run.iter().enumerate())
            .map(|(id, &runs)| {
                // A flag of its own unless the node's running is already stored elsewhere.
                let derived = (id == 0 && root_flag_is_status)
                    || flag_in_state[id]
                    || flag_from_parent[id]
                    || resume_codes[id].is_some();
                (runs && !derived).then(|| {
                    slots += 1;
                    slots - 1
                })
            })
            .collect();
        let mut outlined = outlining(tree);
        // The walk from the root stays out of the direct resume's function, so that a resume
        // saves only the registers it uses, not those of the whole walk.
        outlined[0] |= !resume.is_empty();
        Plan {
            may_skip: may_skip(tree),
            outlined,
            resume,
            resume_codes,
            may_run,
            active_slot,
            root_flag_is_status,
            flag_in_state,
            flag_from_parent,
        }
    }

    /// How many nodes have a running flag of their own.
    pub fn active_slots(&self) -> usize {
        self.active_slot.iter().flatten().count()
    }

    /// The code under which leaf `id` is resumed directly, if it is.
    pub fn resume_code(&self, id: usize) -> Option<usize> {
        self.resume_codes[id]
    }

    /// The integer type of the resume codes (`bt_core::resume::ResumeCode`): the narrowest that
    /// numbers every resumed leaf, with `0` for none.
    pub fn resume_code_type(&self) -> &'static str {
        match self.resume.len() {
            n if n <= u8::MAX as usize => "u8",
            n if n <= u16::MAX as usize => "u16",
            _ => "u32",
        }
    }
}

/// What the planner (and the code generator) must know of each kind beyond the kinds table's
/// columns, decided in one exhaustive match over the model's kinds ([`facts`]): a new kind is a
/// compile error there until each fact is decided for it. Some depend on the node's parameters
/// (`PolicyParallel`'s `repeat`, whether an `Observe` is owned by its observer selector).
#[derive(Clone, Copy)]
pub struct Facts {
    /// Whether the node knows, when its tick starts, which of its children is running (if any),
    /// and halts only a running child ([`Plan::flag_from_parent`]):
    ///
    /// * the walks from a cursor (Sequence, Fallback, SequenceWithMemory): the child at the
    ///   cursor;
    /// * ProbabilitySelector, Switch, IndexSwitch, BinarySelector and the observer selector: the
    ///   child they remember;
    /// * TryCatch: the try child at its cursor, or the catch child while the catch block runs;
    /// * IfThenElse: the condition, or the branch it chose;
    /// * PolicyParallel without `repeat`: every child that has not finished in the activation (a
    ///   child is finished once it answered anything but `Running`; the node answers `Running`
    ///   only while some child is unfinished, and halts exactly the unfinished ones);
    /// * a control node or decorator of the user's: the children whose last status in its handle
    ///   is `Running` (`bt_core::custom::Kids`), which alone the handle halts;
    /// * the decorators that are running exactly when their child is and tick it first thing:
    ///   `Timeout`, `MaxTime` and `Deadline` (their deadline is set exactly while the child runs;
    ///   a time over halts the child), NodeCanvas's `Cooldown` (it never filters while its child
    ///   runs), `Inverter`, `ForceSuccess`, `ForceFailure` and an `Observe` owned by its observer
    ///   selector (which pass the child's status through).
    pub knows_running_child: bool,
    /// Whether its rule's state holds whether it is running ([`Plan::flag_in_state`]): it
    /// remembers its running child exactly while it answers `Running` (the reactive composites,
    /// `Switch`, `IndexSwitch`, `BinarySelector`, `ProbabilitySelector`, the observer selector),
    /// holds a deadline exactly while it runs (`Timeout`, `Delay`, `MaxTime`, `Deadline`), or
    /// remembers whether its child runs (a standalone `Observe`).
    pub state_holds_running: bool,
    /// When it may answer `Skipped` ([`Plan::may_skip`]).
    pub skips: Skips,
    /// Whether it reads values that may be closures over the blackboard (its own parameters, its
    /// children's weights) before it ticks its running child although its kind passes `Running`
    /// (`KindSpec::passes_running`): a `ProbabilitySelector` (a pick after the running child
    /// fails uses the weights read when the tick started). Its direct resume then depends on
    /// what it reads ([`reads_blackboard_first`]).
    pub reads_utilities_first: bool,
    /// Whether it is a leaf that a tick may resume directly ([`Plan::resume`]): a stateful
    /// action only; the walk reaches the other leaves that can run (a subtree,
    /// `AlwaysRunning`, `Sleep`, `Wait`).
    pub resumable: bool,
    /// Whether a child of a `DynamicSequence` or `DynamicSelector` of this kind is a condition,
    /// which its parent re-checks every tick (decision 9): a `Condition` or a
    /// `ScriptCondition` leaf.
    pub rechecked: bool,
    /// Whether, when it cannot run, an error that leaves its tick rewinds it: it is not halted
    /// after the error, and the only kind whose state outlives the tick and holds a position
    /// within the aborted activation is a `FlipSelector` (its order is its memory), so that the
    /// next tick starts afresh (`SequenceWithMemory` keeps its position on purpose).
    pub rewound_after_error: bool,
}

/// When a node may answer `Skipped` ([`Facts::skips`]).
#[derive(Clone, Copy)]
pub enum Skips {
    /// Never: a leaf that answers a `bool` or an `Outcome`, or a built-in leaf.
    Never,
    /// Only when every child of the activation skipped.
    IfEveryChild,
    /// Only when its child does.
    IfAChild,
    /// Whenever, as far as the planner knows.
    May,
}

/// The answers for a kind that no question singles out.
const PLAIN: Facts = Facts {
    knows_running_child: false,
    state_holds_running: false,
    skips: Skips::May,
    reads_utilities_first: false,
    resumable: false,
    rechecked: false,
    rewound_after_error: false,
};

/// The [`Facts`] of a node of `kind`.
pub fn facts(kind: &Kind) -> Facts {
    let knows = Facts {
        knows_running_child: true,
        ..PLAIN
    };
    let in_state = Facts {
        state_holds_running: true,
        ..PLAIN
    };
    let knows_in_state = Facts {
        state_holds_running: true,
        ..knows
    };
    let never_skips = Facts {
        skips: Skips::Never,
        ..PLAIN
    };
    match kind {
        Kind::Leaf(leaf) => match leaf {
            Leaf::Stateful(_) => Facts {
                resumable: true,
                ..PLAIN
            },
            Leaf::SubTree(_) => PLAIN,
            Leaf::Condition(_) | Leaf::ScriptCondition(_) => Facts {
                rechecked: true,
                ..never_skips
            },
            Leaf::Action(_)
            | Leaf::AlwaysSuccess
            | Leaf::AlwaysFailure
            | Leaf::AlwaysRunning
            | Leaf::SetBlackboard { .. }
            | Leaf::UnsetBlackboard { .. }
            | Leaf::Script(_)
            | Leaf::WasEntryUpdated(_)
            | Leaf::Sleep(_)
            | Leaf::Wait(_)
            | Leaf::Error(_) => never_skips,
        },
        Kind::Composite(composite) => match composite {
            // The walks from a cursor (`Composite::walks_from_cursor`).
            Composite::Sequence | Composite::Fallback | Composite::SequenceWithMemory => Facts {
                skips: Skips::IfEveryChild,
                ..knows
            },
            Composite::ReactiveSequence | Composite::ReactiveFallback => in_state,
            Composite::AsyncSequence | Composite::AsyncFallback => PLAIN,
        },
        Kind::Selector(selector) => match selector {
            Selector::ProbabilitySelector { .. } => Facts {
                reads_utilities_first: true,
                ..knows_in_state
            },
            Selector::ObserverSelector => knows_in_state,
            Selector::FlipSelector => Facts {
                rewound_after_error: true,
                ..PLAIN
            },
            Selector::RandomSequence
            | Selector::RandomSelector
            | Selector::PrioritySelector { .. }
            | Selector::StepSequencer
            | Selector::DynamicSequence
            | Selector::DynamicSelector => PLAIN,
        },
        Kind::Flow(flow) => match flow {
            Flow::Switch { .. } | Flow::IndexSwitch { .. } | Flow::BinarySelector { .. } => {
                knows_in_state
            }
            Flow::TryCatch { .. } | Flow::IfThenElse => knows,
            Flow::WhileDoElse => PLAIN,
        },
        Kind::Parallel(parallel) => match parallel {
            Parallel::PolicyParallel { repeat, .. } => Facts {
                knows_running_child: !repeat,
                ..PLAIN
            },
            Parallel::Parallel { .. } | Parallel::ParallelAll { .. } => PLAIN,
        },
        Kind::Decorator(decorator) => match decorator {
            Decorator::Inverter | Decorator::ForceSuccess | Decorator::ForceFailure => Facts {
                skips: Skips::IfAChild,
                ..knows
            },
            Decorator::Observe { guarded, .. } => Facts {
                knows_running_child: *guarded,
                state_holds_running: !guarded,
                ..PLAIN
            },
            Decorator::KeepRunningUntilFailure
            | Decorator::RunOnce { .. }
            | Decorator::SkipUnlessUpdated(_)
            | Decorator::WaitValueUpdate(_)
            | Decorator::Precondition { .. }
            | Decorator::Interrupt(_)
            | Decorator::Conditional { .. }
            | Decorator::WaitUntil(_)
            | Decorator::Filter { .. }
            | Decorator::Limiter(_)
            | Decorator::Optional
            | Decorator::Guard { .. }
            | Decorator::Remap { .. } => PLAIN,
        },
        Kind::Time(time) => match time {
            Time::Timeout(_) | Time::MaxTime(_) | Time::Deadline(_) => knows_in_state,
            Time::Delay(_) => in_state,
            Time::Cooldown { .. } => knows,
        },
        Kind::Loop(
            Loop::Repeat(_)
            | Loop::RetryUntilSuccessful(_)
            | Loop::Repeater(_)
            | Loop::RepeatTimes(_)
            | Loop::RepeatUntil(_)
            | Loop::Loop { .. }
            | Loop::Iterate { .. },
        ) => PLAIN,
        // The handle of a user node keeps its children's last statuses: a child is running
        // exactly when its last status is `Running`, and the handle halts only such a child.
        Kind::Custom(_) => knows,
        Kind::Invalid => PLAIN,
    }
}

/// Whether `node`'s tick reads the blackboard before it ticks its running child although its
/// kind passes `Running`, so that a direct resume, which runs the child first, would let the
/// child's writes change what the node reads ([`Facts::reads_utilities_first`]): when its fail
/// weight or a child's weight is a closure.
fn reads_blackboard_first(tree: &Tree, node: &Node) -> bool {
    let is_closure = |value: Option<&UtilityValue>| matches!(value, Some(UtilityValue::Closure(_)));
    let fail = match &node.kind {
        Kind::Selector(Selector::ProbabilitySelector { fail }) => fail.as_ref(),
        _ => None,
    };
    facts(&node.kind).reads_utilities_first
        && (is_closure(fail)
            || (node.children.iter()).any(|&child| {
                is_closure(
                    tree.nodes[child]
                        .conditions
                        .utility
                        .as_ref()
                        .map(|u| &u.value),
                )
            }))
}

/// Which nodes can answer `Running`, bottom-up (children have larger ids).
fn may_run(tree: &Tree) -> Vec<bool> {
    let mut may_run = vec![false; tree.nodes.len()];
    for node in tree.nodes.iter().rev() {
        let child_can = node.children.iter().any(|&child| may_run[child]);
        let Some(spec) = node.spec else {
            continue;
        };
        may_run[node.id] = match spec.running {
            Running::Never => false,
            Running::IfChildCan => child_can,
            Running::Always => true,
            Running::IfChildCanOrElseRuns => {
                child_can
                    || matches!(&node.kind, Kind::Decorator(Decorator::Precondition { otherwise, .. }) if otherwise.value == Status::Running)
            }
            Running::Loop => match &node.kind {
                Kind::Loop(looping) => match looping
                    .limit()
                    .map(|limit| limit.as_ref().map(Quantity::literal))
                {
                    // A limit read at run time may be anything: the loop may run.
                    Some(Some(Some(0))) => false,
                    Some(Some(Some(1))) => child_can,
                    _ => true,
                },
                _ => true,
            },
        };
    }
    may_run
}

/// Which nodes may answer `Skipped` ([`Plan::may_skip`]), bottom-up.
fn may_skip(tree: &Tree) -> Vec<bool> {
    let mut may_skip = vec![true; tree.nodes.len()];
    for node in tree.nodes.iter().rev() {
        let a_child_may = node.children.iter().any(|&child| may_skip[child]);
        may_skip[node.id] = !node.conditions.is_empty()
            || match facts(&node.kind).skips {
                Skips::Never => false,
                Skips::IfEveryChild => node.children.iter().all(|&child| may_skip[child]),
                Skips::IfAChild => a_child_may,
                Skips::May => true,
            };
    }
    may_skip
}

/// Bottom-up, a node's weight is itself plus its inlined children's weights; while that exceeds
/// [`INLINE_BUDGET`], its heaviest inlined child is outlined.
fn outlining(tree: &Tree) -> Vec<bool> {
    let mut outlined = vec![false; tree.nodes.len()];
    let mut weight = vec![1usize; tree.nodes.len()];
    for id in (0..tree.nodes.len()).rev() {
        let mut children: Vec<usize> = tree.nodes[id].children.clone();
        let mut total = 1 + children.iter().map(|&child| weight[child]).sum::<usize>();
        children.sort_by_key(|&child| std::cmp::Reverse(weight[child]));
        for child in children {
            if total <= INLINE_BUDGET {
                break;
            }
            outlined[child] = true;
            total -= weight[child];
        }
        weight[id] = total;
    }
    outlined
}

/// Picks the leaves that a tick may resume directly, skipping the walk from the root: the
/// stateful leaves whose every ancestor passes `Running` up unchanged (`KindSpec::passes_running`),
/// with no pre- or post-condition on the leaf or on any ancestor.
///
/// Only leaves at depth 2 or more: the direct resume costs a check on every tick, and for a
/// child of the root it would skip a single dispatch (measured on the sniper: the ticks that
/// resume were 0.5 ns faster, those that walk 1.4 ns slower). Any number of leaves: the dispatch
/// is one `match` on an integer, which compiles to a jump table, so the resume costs the same in a
/// tree of 5 stateful leaves as in one of 500. Not in a tree with an error type.
fn resume(tree: &Tree) -> Vec<usize> {
    let passes_running = |node: &Node| {
        node.conditions.is_empty()
            && node.spec.is_some_and(|spec| spec.passes_running)
            && !reads_blackboard_first(tree, node)
    };
    if tree.header.error.is_some() {
        // A tree with an error type walks every tick (its error path is the walk's).
        return Vec::new();
    }
    // Whether every ancestor of each node passes `Running`, from the root down (a parent's id is
    // smaller than its children's), so that the plan is linear in the tree's size at any depth.
    let mut ancestors_pass = vec![true; tree.nodes.len()];
    for node in &tree.nodes {
        if let Some(parent) = node.parent {
            ancestors_pass[node.id] = ancestors_pass[parent] && passes_running(&tree.nodes[parent]);
        }
    }
    (tree.nodes.iter())
        .filter(|node| {
            facts(&node.kind).resumable
                && node.conditions.is_empty()
                && node.depth >= 2
                && ancestors_pass[node.id]
        })
        .map(|node| node.id)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::Plan;
    use crate::ctxt::Ctxt;
    use crate::model::Tree;
    use crate::parse::{parse_body, TreeInput};

    /// The plan of `tree T for C { <body> }`, which must be valid.
    fn plan(body: &str) -> Plan {
        let source = format!("tree T for C {{ {body} }}");
        let input: TreeInput = syn::parse_str(&source).expect("parses");
        let body = parse_body(input.body).expect("parses");
        let cx = Ctxt::new();
        let tree = Tree::from_syntax(&cx, input.header, body);
        cx.check().expect("valid");
        Plan::new(&tree)
    }

    /// Which leaves are resumed directly, by id.
    fn resumed(body: &str) -> Vec<usize> {
        plan(body).resume
    }

    #[test]
    fn direct_resume_picks_deep_stateful_leaves_under_memory_nodes() {
        // Ids: 0 Sequence, 1 Fallback, 2 A, 3 Inverter, 4 B, 5 C, 6 Condition.
        let body = "Sequence { Fallback { StatefulAction(A), Inverter { StatefulAction(B) } }, \
                    StatefulAction(C), Condition(D) }";
        // A (depth 2) and B (depth 3); C is a child of the root (one dispatch: not worth it);
        // conditions never run.
        assert_eq!(resumed(body), [2, 4]);
        let every = "SequenceWithMemory { Repeat(3) { RetryUntilSuccessful(forever) { \
                     RunOnce { KeepRunningUntilFailure { ForceSuccess { ForceFailure { \
                     StatefulAction(A) } } } } } } }";
        assert_eq!(resumed(every), [7]);
        // `tests/behaviour/resume.rs`'s `Chain`: both tasks, under Fallback, Repeat, Sequence and
        // ForceSuccess. (Its size no longer shows it: the code replaces their two flags.)
        let chain = "Sequence { Action(A), Fallback { Condition(B), Repeat(2) { Sequence { \
                     StatefulAction(C), ForceSuccess { StatefulAction(D) } } } }, Action(E) }";
        assert_eq!(resumed(chain), [6, 8]);
        let plan = plan(chain);
        assert_eq!(
            (plan.resume_code(6), plan.resume_code(8)),
            (Some(1), Some(2))
        );
        assert_eq!(plan.resume_code(7), None);
    }

    #[test]
    fn direct_resume_skips_leaves_below_nodes_that_do_more_than_pass_running() {
        // Reactive composites re-check earlier children.
        assert!(
            resumed("ReactiveSequence { Sequence { StatefulAction(A), StatefulAction(B) } }")
                .is_empty()
        );
        assert!(
            resumed("Sequence { ReactiveFallback { Sequence { StatefulAction(A) } } }").is_empty()
        );
        // Conditions on the leaf or on any ancestor.
        assert!(
            resumed("Sequence { Sequence { #[run_while(|bb| true)] StatefulAction(A) } }")
                .is_empty()
        );
        assert!(resumed("#[post(|bb| ())] Sequence { Sequence { StatefulAction(A) } }").is_empty());
        // Decorators that look at the blackboard.
        let updated = "blackboard { #[tracked] x: u32 } Sequence { SkipUnlessUpdated(x) { \
                       Sequence { StatefulAction(A) } } }";
        assert!(resumed(updated).is_empty());
        // Leaves that are not stateful actions.
        assert!(resumed("Sequence { Sequence { Action(A), AlwaysSuccess } }").is_empty());
    }

    #[test]
    fn no_direct_resume_below_a_probability_selector_whose_weights_read_the_blackboard() {
        // The weights are read when the selector's tick starts, before the running child; a
        // direct resume would run the child first (and its writes would change the weights of a
        // pick after it fails). Constant weights read nothing.
        let weighted = |weight: &str| {
            format!(
                "blackboard {{ w: i64 }} Sequence {{ ProbabilitySelector {{ #[weight({weight})] \
                 StatefulAction(A), #[weight(1)] StatefulAction(B) }} }}"
            )
        };
        assert_eq!(resumed(&weighted("2")), [2, 3]);
        assert!(resumed(&weighted("|bb| bb.w as f32")).is_empty());
        let fail = "blackboard { w: i64 } Sequence { ProbabilitySelector(fail = |bb| bb.w as f32) \
                    { #[weight(1)] StatefulAction(A) } }";
        assert!(resumed(fail).is_empty());
    }

    #[test]
    fn direct_resume_takes_any_number_of_leaves_with_a_code_wide_enough() {
        let leaves = |n: usize| vec!["StatefulAction(A)"; n].join(", ");
        let tree = |n: usize| format!("Sequence {{ Sequence {{ {} }} }}", leaves(n));
        for (count, code) in [(1, "u8"), (255, "u8"), (256, "u16"), (1_000, "u16")] {
            let plan = plan(&tree(count));
            assert_eq!(plan.resume.len(), count);
            assert_eq!(plan.resume_code_type(), code, "{count} leaves");
            let last = *plan.resume.last().expect("resumed");
            assert_eq!(plan.resume_code(last), Some(count));
        }
    }

    #[test]
    fn running_flags_follow_the_kinds() {
        // Ids: 0 Sequence, 1 Repeat(0), 2 A, 3 Repeat(1), 4 Condition, 5 Repeat(2), 6 Condition.
        let plan = plan(
            "Sequence { Repeat(0) { StatefulAction(A) }, Repeat(1) { Condition(B) }, \
             Repeat(2) { Condition(B) } }",
        );
        assert_eq!(plan.may_run, [true, false, true, false, false, true, false]);
        // The root's flag is the tree's status; A, resumed directly, is running when the resume
        // code names it; the others are numbered in pre-order.
        assert!(plan.root_flag_is_status);
        assert_eq!(plan.active_slot[0], None);
        assert_eq!(plan.resume, [2]);
        assert_eq!(plan.active_slot[2], None);
        // Repeat(2), a child of the root Sequence, is running when the root is and its cursor is
        // there; under a decorator, a node has a flag of its own.
        assert_eq!(
            plan.flag_from_parent,
            [false, false, false, false, false, true, false]
        );
        assert_eq!(plan.active_slots(), 0);
        // Under an Inverter, which is running exactly when its child is, the child's flag is the
        // Inverter's; under a decorator that is not (KeepRunningUntilFailure), a flag of its own.
        let plan = self::plan("Inverter { Sequence { Repeat(2) { StatefulAction(A) } } }");
        assert_eq!(plan.may_run, [true, true, true, true]);
        assert_eq!(plan.flag_from_parent, [false, true, true, false]);
        assert_eq!(plan.resume, [3]);
        assert_eq!(plan.active_slot, [None, None, None, None]);
        let plan = self::plan("KeepRunningUntilFailure { Sequence { StatefulAction(A) } }");
        assert_eq!(plan.flag_from_parent, [false, false, false]);
        assert_eq!(plan.active_slot[1], Some(0));
    }

    #[test]
    fn parents_that_know_their_running_child_pass_its_flag() {
        // Ids: 0 Sequence, 1 Switch, 2 Timeout, 3 A, 4 TryCatch, 5 B, 6 Cooldown, 7 C, 8 Parallel,
        // 9 D, 10 E, 11 Delay, 12 F.
        let plan = plan(
            "blackboard { k: u8 } Sequence { Switch(k) { case 1 => Timeout(5) { \
             StatefulAction(A) }, _ => TryCatch { StatefulAction(B), Cooldown(5) { \
             StatefulAction(C) } } }, Parallel(success = 1, failure = 1) { StatefulAction(D), \
             StatefulAction(E) }, Delay(5) { StatefulAction(F) } }",
        );
        let passed: Vec<usize> = (0..13).filter(|&id| plan.flag_from_parent[id]).collect();
        // The Timeout's, TryCatch's and Cooldown's children, the Switch's TryCatch, and the
        // Parallel, a child of the root Sequence (the Switch, the Timeout and the Delay are
        // running by their own state); not the children of a Parallel (a child that skipped is
        // not completed, yet not running) nor of a Delay (it runs while its child does not).
        assert_eq!(passed, [3, 4, 5, 6, 7, 8]);
        assert_eq!(plan.active_slots(), 3);
        for id in [9, 10, 12] {
            assert!(plan.active_slot[id].is_some(), "node {id}");
        }
        // The probability selector's and the observer selector's children.
        let plan = self::plan(
            "blackboard { a: bool } Selector { Observe(|bb| bb.a, abort = lower) { \
             StatefulAction(A) }, ProbabilitySelector { #[weight(1)] StatefulAction(B), \
             #[weight(2)] StatefulAction(C) } }",
        );
        // (The probability selector is running by its own state.)
        assert_eq!(
            plan.flag_from_parent,
            [false, true, true, false, true, true]
        );
        assert_eq!(plan.active_slots(), 0);
        // NodeCanvas's switches and the time decorators that halt their child: running by their
        // own state, passing their child's flag. Ids: 0 Sequence, 1 IndexSwitch, 2 MaxTime, 3 A,
        // 4 BinarySelector, 5 Deadline, 6 B, 7 C, 8 WhileDoElse, 9 Condition, 10 D.
        let plan = self::plan(
            "blackboard { i: u8, c: bool } Sequence { IndexSwitch(|bb| bb.i) { MaxTime(5) { \
             StatefulAction(A) }, BinarySelector(|bb| bb.c, dynamic = true) { Deadline(5) { \
             StatefulAction(B) }, StatefulAction(C) } }, WhileDoElse { Condition(X), \
             StatefulAction(D) } }",
        );
        let in_state: Vec<usize> = (0..11).filter(|&id| plan.flag_in_state[id]).collect();
        assert_eq!(in_state, [1, 2, 4, 5]);
        let passed: Vec<usize> = (0..11).filter(|&id| plan.flag_from_parent[id]).collect();
        // The WhileDoElse, a child of the root Sequence; not D (its condition may run while it
        // does, so the WhileDoElse does not know it).
        assert_eq!(passed, [3, 6, 7, 8]);
        assert_eq!(plan.active_slots(), 1);
        assert!(plan.active_slot[10].is_some());
        // A PolicyParallel runs exactly its unfinished children, unless it re-ticks finished ones
        // (`repeat`). Ids: 0 Sequence, 1 PolicyParallel, 2 A, 3 B.
        for (repeat, passed) in [("false", vec![1, 2, 3]), ("true", vec![1])] {
            let plan = self::plan(&format!(
                "Sequence {{ PolicyParallel(FirstFailure, repeat = {repeat}) {{ \
                 StatefulAction(A), StatefulAction(B) }}, Action(C) }}"
            ));
            let flagged: Vec<usize> = (0..4).filter(|&id| plan.flag_from_parent[id]).collect();
            assert_eq!(flagged, passed, "repeat = {repeat}");
        }
    }

    #[test]
    fn a_child_of_a_walk_from_a_cursor_takes_its_flag_from_its_parent() {
        // Ids: 0 Fallback, 1 Sequence, 2 Condition, 3 A, 4 SequenceWithMemory, 5 B, 6 Inverter,
        // 7 C, 8 ReactiveSequence, 9 D.
        let plan = plan(
            "Fallback { Sequence { Condition(X), StatefulAction(A) }, SequenceWithMemory { \
             StatefulAction(B), Inverter { StatefulAction(C) } }, ReactiveSequence { \
             StatefulAction(D) } }",
        );
        // The children of the root (a Fallback) and of the SequenceWithMemory, but A, B and C,
        // which are resumed directly; D's parent is reactive, and the reactive composite's flag
        // is its rule's.
        assert_eq!(plan.resume, [3, 5, 7]);
        let passed: Vec<usize> = (0..10).filter(|&id| plan.flag_from_parent[id]).collect();
        assert_eq!(passed, [1, 4, 6]);
        assert!(plan.flag_in_state[8]);
        assert_eq!(plan.active_slot[9], Some(0));
        assert_eq!(plan.active_slots(), 1);
        // Conditions on the child or on the parent: a gate answers for them.
        let plan =
            self::plan("Sequence { #[skip_if(|bb| false)] StatefulAction(A), StatefulAction(B) }");
        assert_eq!(plan.flag_from_parent, [false, false, true]);
        assert_eq!(plan.active_slot[1], Some(0));
        let plan = self::plan("#[post(|bb| ())] Sequence { StatefulAction(A) }");
        assert_eq!(plan.flag_from_parent, [false, false]);
        assert_eq!(plan.active_slot, [None, Some(0)]);
    }

    #[test]
    fn a_reactive_composite_is_running_when_its_rule_remembers_a_running_child() {
        // Ids: 0 Sequence, 1 ReactiveSequence, 2 A, 3 StatefulAction, 4 ReactiveFallback (with a
        // condition), 5 StatefulAction.
        let plan = plan(
            "Sequence { ReactiveSequence { Condition(A), StatefulAction(B) }, \
             #[skip_if(|bb| false)] ReactiveFallback { StatefulAction(C) } }",
        );
        assert_eq!(
            plan.flag_in_state,
            [false, true, false, false, false, false]
        );
        assert_eq!(plan.active_slot[1], None);
        assert_eq!(plan.active_slot[4], Some(1), "a gated node keeps its flag");
        assert_eq!(plan.active_slots(), 3);
    }

    #[test]
    fn a_node_may_skip_only_where_a_skipping_node_can_reach_it() {
        // Ids: 0 Fallback, 1 Sequence, 2 Condition, 3 Action, 4 A, 5 Inverter, 6 B, 7 Sequence,
        // 8 C, 9 D (with a condition), 10 AlwaysSuccess.
        let plan = plan(
            "Fallback { Sequence { Condition(X), Action(Y) }, StatefulAction(A), \
             Inverter { StatefulAction(B) }, Sequence { StatefulAction(C), \
             #[skip_if(|bb| false)] Action(D) }, AlwaysSuccess }",
        );
        assert_eq!(
            plan.may_skip,
            [false, false, false, false, true, true, true, true, true, true, false]
        );
        // Every child of the second Sequence may skip, so it may (and counts skips); the root
        // has children that never skip.
        let plan = self::plan("Sequence { StatefulAction(A), ForceFailure { StatefulAction(B) } }");
        assert_eq!(plan.may_skip, [true, true, true, true]);
        let plan = self::plan("ReactiveSequence { Condition(A) }");
        assert_eq!(
            plan.may_skip,
            [true, false],
            "other kinds: conservatively yes"
        );
    }

    #[test]
    fn a_root_that_never_runs_or_a_fallible_tree_keeps_the_usual_flags() {
        let plan = plan("Sequence { Condition(A), Action(B) }");
        assert!(!plan.root_flag_is_status);
        assert_eq!(plan.active_slots(), 0);
        let source = "tree T for C, error E { Sequence { StatefulAction(A) } }";
        let input: TreeInput = syn::parse_str(source).expect("parses");
        let body = parse_body(input.body).expect("parses");
        let cx = Ctxt::new();
        let tree = Tree::from_syntax(&cx, input.header, body);
        cx.check().expect("valid");
        let plan = Plan::new(&tree);
        assert!(!plan.root_flag_is_status);
        assert_eq!(plan.flag_from_parent, [false, false]);
        assert_eq!(plan.active_slot[..2], [Some(0), Some(1)]);
    }
}
