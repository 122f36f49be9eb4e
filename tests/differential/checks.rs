//! Checks of the generated set itself: enough distinct trees, well-formed descriptions, every
//! node kind and parameter covered.

use std::collections::{BTreeMap, HashSet};

use crate::tree::{
    self, Atom, Attr, Bind, Count, Ext, Node, PortLeaf, RunOnceForm, SetValue, Spelling,
    StatusName, Stmt, SubForm, Tree,
};
use crate::trees::PARTS;

/// What the set must hold at least.
const MIN_TREES: usize = 1000;
/// (50 before issues 11 and 12: their 30-odd kinds and parameter forms share the same 1,200
/// trees, which keeps the build of the test binary near 2.5 minutes.)
const MIN_PER_KIND: usize = 25;

fn all_trees() -> Vec<(&'static str, Tree)> {
    PARTS
        .iter()
        .flat_map(|part| part.iter())
        .map(|case| {
            let node = tree::parse(case.desc).unwrap_or_else(|e| panic!("{}: {e}", case.name));
            assert_eq!(
                node.to_desc(),
                case.desc,
                "{}: description round trip",
                case.name
            );
            (case.name, node)
        })
        .collect()
}

#[test]
fn the_set_holds_enough_distinct_well_formed_trees() {
    let trees = all_trees();
    assert!(trees.len() >= MIN_TREES, "only {} trees", trees.len());
    let mut descs = HashSet::new();
    let mut names = HashSet::new();
    for (name, tree) in &trees {
        let node = &tree.root;
        assert!(descs.insert(tree.to_desc()), "{name}: duplicate tree");
        assert!(names.insert(*name), "{name}: duplicate name");
        assert!(node.size() <= 60, "{name}: {} nodes", node.size());
        assert!(node.depth() <= 8, "{name}: depth {}", node.depth());
    }
}

/// The keys of one node: its kind and parameters, its attributes, its port bindings, the
/// statements of its scripts.
fn features(node: &Node) -> Vec<String> {
    let mut out = vec![match node.bare() {
        Node::Composite(kind, _) => kind.dsl().to_string(),
        Node::Repeat(Count::Times(n), _) => format!("Repeat({n})"),
        Node::Repeat(Count::Forever, _) => "Repeat(forever)".into(),
        // Both spellings (`Retry` also gets a key of its own, below).
        Node::Retry(Count::Times(n), ..) => format!("RetryUntilSuccessful({n})"),
        Node::Retry(Count::Forever, ..) => "RetryUntilSuccessful(forever)".into(),
        Node::Delay(0, _) => "Delay(0)".into(),
        Node::Delay(..) => "Delay(ms)".into(),
        Node::Timeout(0, _) => "Timeout(0)".into(),
        Node::Timeout(..) => "Timeout(ms)".into(),
        Node::Sleep(0) => "Sleep(0)".into(),
        Node::Sleep(_) => "Sleep(ms)".into(),
        Node::RunOnce(RunOnceForm::Default, _) => "RunOnce".into(),
        Node::RunOnce(RunOnceForm::ThenSkip, _) => "RunOnce(then_skip = true)".into(),
        Node::RunOnce(RunOnceForm::KeepStatus, _) => "RunOnce(then_skip = false)".into(),
        Node::Condition(_, form) | Node::Action(_, form) | Node::Stateful(_, form) => {
            format!("{} {form:?}", node.dsl_kind())
        }
        Node::BbCondition(..) | Node::BbAction(..) => format!("{} |ctx, bb|", node.dsl_kind()),
        Node::Ported(leaf, ..) => format!("{} {}", node.dsl_kind(), leaf.type_name()),
        Node::SetBlackboard(e, SetValue::Lit(_)) if e.optional() => "SetBlackboard Some".into(),
        Node::SetBlackboard(e, SetValue::Lit(_)) if e.tracked() => {
            "SetBlackboard tracked = value".into()
        }
        Node::SetBlackboard(_, SetValue::Lit(_)) => "SetBlackboard = value".into(),
        Node::SetBlackboard(..) => "SetBlackboard = {entry}".into(),
        Node::Sub(SubForm::Plain, _) => "SubTree(Child)".into(),
        Node::Sub(SubForm::Auto, _) => "SubTree(Child, ..)".into(),
        Node::Sub(SubForm::Remap, _) => "SubTree(Child, x = {x})".into(),
        Node::User(user, _) => format!("{}({})", user.dsl_kind(), user.type_name()),
        other => other.dsl_kind().to_string(),
    }];
    for attr in node.attrs() {
        out.push(format!("#[{}]", attr.dsl_name()));
        if let Attr::Post(_, script) = attr {
            script.iter().for_each(|s| statement(s, &mut out));
        }
    }
    match node.bare() {
        Node::Ported(leaf, _, ports) => {
            for (port, bind) in ports.bound() {
                let how = match bind {
                    Bind::Entry(e) if e.tracked() => "{tracked}",
                    Bind::Entry(_) => "{entry}",
                    Bind::Same => "{=}",
                    Bind::Value(_) => "value",
                };
                out.push(format!("port {} = {how}", port.name()));
            }
            if matches!(leaf, PortLeaf::Act | PortLeaf::Task) && ports.b1.is_none() {
                out.push("output unbound".into());
            }
        }
        Node::Script(script) => script.iter().for_each(|s| statement(s, &mut out)),
        Node::User(user, _) => {
            for (port, bind) in user.ports().map(tree::Ports::bound).unwrap_or_default() {
                let how = match bind {
                    Bind::Entry(e) if e.tracked() => "{tracked}",
                    Bind::Entry(_) => "{entry}",
                    Bind::Same => "{=}",
                    Bind::Value(_) => "value",
                };
                out.push(format!("user port {} = {how}", port.name()));
            }
            match user {
                tree::User::Sweep(_, ports) => out.push(match ports.b1 {
                    None => "user output unbound".into(),
                    Some(_) => "user output bound".into(),
                }),
                tree::User::Recovery(None) => {
                    out.push("RecoveryNode(number_of_retries not written)".into())
                }
                tree::User::Recovery(Some(_)) => {
                    out.push("RecoveryNode(number_of_retries = n)".into())
                }
                _ => {}
            }
            if !node.attrs().is_empty() {
                out.push("user node with attributes".into());
            }
        }
        Node::Retry(_, Spelling::Alias, _) => out.push("Retry".into()),
        Node::Parallel(success, failure, _) => {
            out.push(format!("Parallel(success {})", threshold(*success)));
            out.push(format!("Parallel(failure {})", threshold(*failure)));
        }
        Node::ParallelAll(max, _) => {
            out.push(format!("ParallelAll(max_failures {})", threshold(*max)))
        }
        Node::IfThenElse(children) | Node::WhileDoElse(children) => {
            out.push(format!("{} {} children", node.dsl_kind(), children.len()))
        }
        Node::Switch(cases, _) => out.push(if cases.len() == 1 {
            "Switch 1 case".into()
        } else {
            "Switch 2+ cases".into()
        }),
        Node::TryCatch(on, _) => out.push(match on {
            None => "TryCatch(catch_on_halt not written)".into(),
            Some(on) => format!("TryCatch(catch_on_halt = {on})"),
        }),
        Node::Precondition(_, otherwise, _) => {
            out.push(format!("Precondition(else {})", status_form(*otherwise)))
        }
        Node::Loop(value, if_empty, _) => {
            out.push(match value {
                None => "Loop(value not written)".into(),
                Some(_) => "Loop(value = {entry})".into(),
            });
            out.push(format!("Loop(if_empty {})", status_form(*if_empty)));
        }
        Node::Ext(ext, _) => {
            let count = |n: &Count| match n {
                Count::Times(0) => "0",
                Count::Times(_) => "n",
                Count::Forever => "forever",
            };
            let ms = |ms: u64| if ms == 0 { "0" } else { "ms" };
            match ext {
                Ext::Repeater(n)
                | Ext::RepeatUntilFailure(n)
                | Ext::RepeatUntilSuccess(n)
                | Ext::RepeatTimes(n) => out.push(format!("{}({})", ext.dsl_kind(), count(n))),
                Ext::MaxTime(t) | Ext::Wait(t) | Ext::Deadline(t) => {
                    out.push(format!("{}({})", ext.dsl_kind(), ms(*t)))
                }
                Ext::RepeatUntil(s) => out.push(format!("RepeatUntil({})", s.dsl())),
                Ext::BinarySelector(_, dynamic) => {
                    out.push(format!("BinarySelector(dynamic {dynamic:?})"))
                }
                Ext::Filter(_, count, filtered) => {
                    out.push(format!("Filter(count {count:?})"));
                    out.push(format!("Filter(filtered {})", status_form(*filtered)));
                }
                Ext::IndexSwitch(_, looping, dynamic) => {
                    out.push(format!("IndexSwitch(loop {looping:?})"));
                    out.push(format!("IndexSwitch(dynamic {dynamic:?})"));
                }
                Ext::PolicyParallel(policy, repeat) => {
                    out.push(format!(
                        "PolicyParallel({})",
                        tree::POLICIES[*policy as usize]
                    ));
                    out.push(format!("PolicyParallel(repeat {repeat:?})"));
                }
                Ext::Cooldown(ms, filtered) => {
                    out.push(format!("Cooldown({})", if *ms == 0 { "0" } else { "ms" }));
                    out.push(format!("Cooldown(filtered {})", status_form(*filtered)));
                }
                Ext::Conditional(_, dynamic, otherwise) => {
                    out.push(format!("Conditional(dynamic {dynamic:?})"));
                    out.push(format!("Conditional(else {})", status_form(*otherwise)));
                }
                _ => {}
            }
        }
        _ => {}
    }
    out.extend(nc_more_features(node));
    out
}

/// The keys of the NodeCanvas kinds added after issue 12's first part (`gen/nc_more.rs`).
const NC_MORE_KEYS: [&str; 39] = [
    "Parallel of two Guards",
    "Guard",
    "Guard(if_guarded not written)",
    "Guard(if_guarded = Failure)",
    "Guard(if_guarded = Running)",
    "entry l0",
    "Iterate",
    "Iterate(until not written)",
    "Iterate(until = Never)",
    "Iterate(until = FirstSuccess)",
    "Iterate(until = FirstFailure)",
    "Iterate(max not written)",
    "Iterate(max = n)",
    "Iterate(reset_index not written)",
    "Iterate(reset_index = true)",
    "Iterate(reset_index = false)",
    "DynamicSequence",
    "DynamicSequence with a condition child",
    "DynamicSelector",
    "DynamicSelector with a condition child",
    "PrioritySelector",
    "PrioritySelector score |bb|",
    "PrioritySelector score literal",
    "PrioritySelector(dynamic None)",
    "PrioritySelector(dynamic Some(false))",
    "PrioritySelector(dynamic Some(true))",
    "Observe(abort not written)",
    "Observe(abort = none)",
    "Observe(abort = self)",
    "Observe(abort = lower)",
    "Observe(abort = both)",
    "observer selector",
    "RandomSequence",
    "RandomSelector",
    "ProbabilitySelector",
    "ProbabilitySelector(fail not written)",
    "ProbabilitySelector(fail = w)",
    "ProbabilitySelector weight |bb|",
    "ProbabilitySelector weight literal",
];

/// The keys of [`NC_MORE_KEYS`] that `node` has (its kind's key comes from [`features`]).
fn nc_more_features(node: &Node) -> Vec<String> {
    let mut out = Vec::new();
    match node.bare() {
        Node::Ext(ext @ (Ext::DynamicSequence | Ext::DynamicSelector), children)
            if children.iter().any(Node::is_condition_leaf) =>
        {
            out.push(format!("{} with a condition child", ext.dsl_kind()));
        }
        Node::Ext(Ext::PrioritySelector(scores, dynamic), _) => {
            out.push(format!("PrioritySelector(dynamic {dynamic:?})"));
            for score in scores {
                out.push(match score.reads() {
                    Some(_) => "PrioritySelector score |bb|".into(),
                    None => "PrioritySelector score literal".into(),
                });
            }
        }
        Node::Ext(Ext::ProbabilitySelector(fail, weights), _) => {
            out.push(match fail {
                None => "ProbabilitySelector(fail not written)".into(),
                Some(_) => "ProbabilitySelector(fail = w)".into(),
            });
            for weight in weights {
                out.push(match weight.reads() {
                    Some(_) => "ProbabilitySelector weight |bb|".into(),
                    None => "ProbabilitySelector weight literal".into(),
                });
                // Not required: a count to watch.
                if *weight == tree::Int::lit(0) {
                    out.push("ProbabilitySelector weight 0".into());
                }
            }
        }
        Node::Ext(Ext::Iterate(_, until, max, reset), _) => {
            out.push(match until {
                None => "Iterate(until not written)".into(),
                Some(u) => format!("Iterate(until = {})", tree::UNTIL[*u as usize]),
            });
            out.push(match max {
                None => "Iterate(max not written)".into(),
                Some(_) => "Iterate(max = n)".into(),
            });
            out.push(match reset {
                None => "Iterate(reset_index not written)".into(),
                Some(r) => format!("Iterate(reset_index = {r})"),
            });
        }
        Node::Ext(Ext::Guard(if_guarded), children) => {
            out.push(format!("Guard(if_guarded {})", status_form(*if_guarded)));
            // Another Guard with the same token below (not required: a count to watch).
            fn guards(node: &Node) -> bool {
                matches!(node.bare(), Node::Ext(Ext::Guard(_), _))
                    || node.children().into_iter().any(guards)
            }
            if children.iter().any(guards) {
                out.push("Guard with a Guard below".into());
            }
        }
        Node::Ext(Ext::Observe(_, abort), _) => out.push(match abort {
            None => "Observe(abort not written)".into(),
            Some(a) => format!("Observe(abort = {})", a.dsl()),
        }),
        Node::Parallel(_, _, children)
            if children.len() == 2
                && children
                    .iter()
                    .all(|c| matches!(c.bare(), Node::Ext(Ext::Guard(_), _))) =>
        {
            out.push("Parallel of two Guards".into())
        }
        Node::Composite(_, children) if children.iter().any(|c| c.observe_lower().is_some()) => {
            out.push("observer selector".into())
        }
        _ => {}
    }
    out
}

/// How a `Parallel`/`ParallelAll` threshold is written.
fn threshold(value: Option<i64>) -> &'static str {
    match value {
        None => "not written",
        Some(0) => "= 0",
        Some(n) if n > 0 => "= n",
        Some(_) => "= -n",
    }
}

/// How a status parameter is written.
fn status_form(status: Option<StatusName>) -> String {
    match status {
        None => "not written".into(),
        Some(status) => format!("= {}", status.dsl()),
    }
}

fn statement(stmt: &Stmt, out: &mut Vec<String>) {
    let key = match stmt {
        Stmt::Inc(e, _) if e.tracked() => "stmt *bb.t += n".into(),
        Stmt::Inc(..) => "stmt bb.b += n".into(),
        Stmt::Set(e, _) if e.tracked() => "stmt bb.t.set(..)".into(),
        Stmt::Set(e, _) if e.optional() => "stmt bb.o0 = Some(..)".into(),
        Stmt::Set(..) => "stmt bb.b = ..".into(),
        Stmt::Clear => "stmt bb.o0 = None".into(),
        Stmt::If(_, inner) => {
            statement(inner, out);
            "stmt if".into()
        }
        Stmt::Arith(_, op, a, b) => {
            for atom in [a, b] {
                if matches!(atom, Atom::Lit(i64::MIN | i64::MAX)) {
                    out.push("stmt bt::script operand at a bound".into());
                }
            }
            format!("stmt bt::script::{}", op.name())
        }
        Stmt::Neg(..) => "stmt bt::script::neg".into(),
    };
    out.push(key);
}

#[test]
fn every_node_kind_and_parameter_is_covered() {
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    let mut nodes = 0;
    let mut depth = BTreeMap::new();
    for (_, tree) in all_trees() {
        let node = &tree.root;
        nodes += node.size();
        *depth.entry(node.depth()).or_insert(0) += 1;
        for (n, _) in node.preorder() {
            for key in features(n) {
                *counts.entry(key).or_default() += 1;
            }
        }
        for decl in tree.board.iter().flatten() {
            *counts
                .entry(format!("entry {}", decl.entry.name()))
                .or_default() += 1;
        }
        if tree.board.is_some() {
            *counts.entry("blackboard".into()).or_default() += 1;
        }
        let users = |node: &Node| {
            node.preorder()
                .iter()
                .filter(|(n, _)| matches!(n.bare(), Node::User(..)))
                .count()
        };
        if node.fallible() {
            *counts
                .entry("user node in a tree with an error type".into())
                .or_default() += users(node);
        }
        for (n, _) in node.preorder() {
            if let Node::Sub(_, child) = n.bare() {
                *counts
                    .entry("user node in a child tree".into())
                    .or_default() += users(child);
            }
        }
        if node.fallible() {
            // Trees with an error type (`fallible.rs`); with subtrees (infallible child trees).
            *counts.entry("error type".into()).or_default() += 1;
            if node
                .preorder()
                .iter()
                .any(|(n, _)| matches!(n, Node::Sub(..)))
            {
                *counts
                    .entry("error type with a SubTree".into())
                    .or_default() += 1;
            }
        }
    }
    println!("{nodes} nodes; trees by depth: {depth:?}");
    for (key, count) in &counts {
        println!("{key:32} {count}");
    }
    let mut expected: Vec<String> = tree::Composite::ALL
        .iter()
        .map(|k| k.dsl().to_string())
        .collect();
    for n in 0..=4 {
        expected.push(format!("Repeat({n})"));
        expected.push(format!("RetryUntilSuccessful({n})"));
    }
    for key in [
        "Repeat(forever)",
        "RetryUntilSuccessful(forever)",
        "Inverter",
        "ForceSuccess",
        "ForceFailure",
        "KeepRunningUntilFailure",
        "RunOnce",
        "RunOnce(then_skip = true)",
        "RunOnce(then_skip = false)",
        "Condition Type",
        "Condition Init",
        "Condition Inline",
        "Action Type",
        "Action Init",
        "Action Inline",
        "StatefulAction Type",
        "StatefulAction Init",
        "AlwaysSuccess",
        "AlwaysFailure",
        // Blackboard, ports, conditions, update nodes.
        "blackboard",
        "entry b0",
        "entry b1",
        "entry t0",
        "entry t1",
        "entry o0",
        "SetBlackboard = value",
        "SetBlackboard tracked = value",
        "SetBlackboard Some",
        "SetBlackboard = {entry}",
        "UnsetBlackboard",
        "Script",
        "ScriptCondition",
        "Condition |ctx, bb|",
        "Action |ctx, bb|",
        "stmt bb.b += n",
        "stmt *bb.t += n",
        "stmt bb.b = ..",
        "stmt bb.t.set(..)",
        "stmt bb.o0 = Some(..)",
        "stmt bb.o0 = None",
        "stmt if",
        // The scripts' arithmetic that clamps (decision 16), in 10 % of the trees.
        "entry a0",
        "stmt bt::script::add",
        "stmt bt::script::sub",
        "stmt bt::script::mul",
        "stmt bt::script::div",
        "stmt bt::script::neg",
        "stmt bt::script operand at a bound",
        "WasEntryUpdated",
        "SkipUnlessUpdated",
        "WaitValueUpdate",
        "port b0 = {entry}",
        "port b0 = {tracked}",
        "port b0 = {=}",
        "port b0 = value",
        "port b1 = {entry}",
        "port b1 = {tracked}",
        "port b1 = {=}",
        "port t0 = {entry}",
        "port t0 = {tracked}",
        "port t0 = {=}",
        "output unbound",
        // Subtrees: without blackboard, every entry shared by `..`, every entry remapped.
        "SubTree(Child)",
        "SubTree(Child, ..)",
        "SubTree(Child, x = {x})",
        // Issue 10: BehaviorTree.CPP's other nodes, the aliases, time, the queue.
        "Invert",
        "Retry",
        "Parallel(success not written)",
        "Parallel(success = n)",
        "Parallel(success = -n)",
        "Parallel(failure not written)",
        "Parallel(failure = n)",
        "Parallel(failure = -n)",
        "ParallelAll(max_failures not written)",
        "ParallelAll(max_failures = n)",
        "ParallelAll(max_failures = -n)",
        "IfThenElse 2 children",
        "IfThenElse 3 children",
        "WhileDoElse 2 children",
        "WhileDoElse 3 children",
        "Switch 1 case",
        "Switch 2+ cases",
        "TryCatch(catch_on_halt not written)",
        "TryCatch(catch_on_halt = true)",
        "TryCatch(catch_on_halt = false)",
        "Delay(0)",
        "Delay(ms)",
        "Timeout(0)",
        "Timeout(ms)",
        "Sleep(0)",
        "Sleep(ms)",
        "AlwaysRunning",
        "Loop(value not written)",
        "Loop(value = {entry})",
        "entry q0",
        // Issue 11: behavior3's nodes and names.
        "Priority",
        "Succeeder",
        "Failer",
        "Runner",
        "Limiter",
        "MaxTime(0)",
        "MaxTime(ms)",
        "Wait(0)",
        "Wait(ms)",
        "Repeater(0)",
        "Repeater(n)",
        "Repeater(forever)",
        "RepeatUntilFailure(n)",
        "RepeatUntilFailure(forever)",
        "RepeatUntilSuccess(n)",
        "RepeatUntilSuccess(forever)",
        // Issue 12: NodeCanvas's deterministic nodes.
        "FlipSelector",
        "StepSequencer",
        "Optional",
        "Remap",
        "RepeatTimes(n)",
        "RepeatTimes(forever)",
        "RepeatUntil(Success)",
        "RepeatUntil(Failure)",
        "Interrupt",
        "Conditional(dynamic None)",
        "Conditional(dynamic Some(true))",
        "Conditional(dynamic Some(false))",
        "Conditional(else not written)",
        "Conditional(else = Success)",
        "Conditional(else = Failure)",
        "WaitUntil",
        "Deadline(0)",
        "Deadline(ms)",
        "BinarySelector(dynamic None)",
        "BinarySelector(dynamic Some(true))",
        "BinarySelector(dynamic Some(false))",
        "Filter(count None)",
        "Filter(count Some(Running))",
        "Filter(count Some(Success))",
        "Filter(count Some(Failure))",
        "Filter(filtered not written)",
        "Filter(filtered = Skipped)",
        "Filter(filtered = Failure)",
        "Cooldown(0)",
        "Cooldown(ms)",
        "Cooldown(filtered not written)",
        "Cooldown(filtered = Skipped)",
        "Cooldown(filtered = Failure)",
        "IndexSwitch(loop None)",
        "IndexSwitch(dynamic None)",
        "PolicyParallel(repeat None)",
        "IndexSwitch(loop Some(true))",
        "IndexSwitch(dynamic Some(true))",
        "PolicyParallel(repeat Some(true))",
        "IndexSwitch(loop Some(false))",
        "IndexSwitch(dynamic Some(false))",
        "PolicyParallel(repeat Some(false))",
        "PolicyParallel(FirstFailure)",
        "PolicyParallel(FirstSuccess)",
        "PolicyParallel(FirstSuccessOrFailure)",
        // Trees with an error type: the fallible leaves and `Error(value)`.
        "error type",
        "error type with a SubTree",
        "Condition Try",
        "Condition TryInline",
        "Action Try",
        "Action TryInline",
        "StatefulAction Try",
        "Error",
        // Control nodes and decorators of the user's own (issue 26, `user.rs`).
        "Control(PipelineSequence)",
        "Control(RecoveryNode)",
        "Decorator(RateController)",
        "Control(RoundRobin)",
        "Control(Sweep)",
        "Decorator(Twice)",
        "Control(Rotate)",
        "Decorator(Gate)",
        "RecoveryNode(number_of_retries not written)",
        "RecoveryNode(number_of_retries = n)",
        "user port b0 = {entry}",
        "user port b0 = {tracked}",
        "user port b0 = {=}",
        "user port b0 = value",
        "user port t0 = {entry}",
        "user output bound",
        "user output unbound",
        "user node in a tree with an error type",
    ] {
        expected.push(key.to_string());
    }
    expected.extend(NC_MORE_KEYS.iter().map(|k| k.to_string()));
    for form in ["not written".to_string()]
        .into_iter()
        .chain(StatusName::ALL.iter().map(|s| format!("= {}", s.dsl())))
    {
        expected.push(format!("Precondition(else {form})"));
        expected.push(format!("Loop(if_empty {form})"));
    }
    for leaf in PortLeaf::ALL {
        let kind = match leaf {
            PortLeaf::Cond => "Condition",
            PortLeaf::Act | PortLeaf::Io => "Action",
            PortLeaf::Task => "StatefulAction",
        };
        expected.push(format!("{kind} {}", leaf.type_name()));
    }
    for attr in [
        "failure_if",
        "success_if",
        "skip_if",
        "run_while",
        "on_success",
        "on_failure",
        "on_halted",
        "post",
    ] {
        expected.push(format!("#[{attr}]"));
    }
    for key in expected {
        let count = counts.get(&key).copied().unwrap_or(0);
        assert!(
            count >= MIN_PER_KIND,
            "{key}: only {count} nodes in the set"
        );
    }
    assert!(
        depth.keys().any(|d| *d >= 8),
        "no tree of depth 8: {depth:?}"
    );
}

/// Every kind of the macro's kinds table (`kinds.txt`, which bt-macros' snapshot test writes from
/// the table) is in at least `MIN_PER_KIND` nodes of the compiled set, under its name or an alias,
/// except the few listed here with the reason: a kind added to the table without a place in the
/// generator fails here.
#[test]
fn every_kind_of_the_table_is_in_the_set() {
    /// Kinds the differential test leaves to others, and why.
    const ELSEWHERE: &[(&str, &str)] = &[];
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for part in PARTS {
        for case in *part {
            for node in case.nodes {
                *counts.entry(node.kind).or_default() += 1;
            }
        }
    }
    let mut missing = Vec::new();
    for line in include_str!("kinds.txt").lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let names: Vec<&str> = line.split_whitespace().collect();
        let count: usize = names
            .iter()
            .map(|n| counts.get(n).copied().unwrap_or(0))
            .sum();
        let elsewhere = ELSEWHERE.iter().any(|(kind, _)| *kind == names[0]);
        println!(
            "{:28} {count}{}",
            names[0],
            if elsewhere { " (elsewhere)" } else { "" }
        );
        if count < MIN_PER_KIND && !elsewhere {
            missing.push(format!("{} ({count})", names[0]));
        }
    }
    assert!(
        missing.is_empty(),
        "kinds of the table in fewer than {MIN_PER_KIND} nodes of the set: {missing:?}; give the \
         generator (tests/differential/gen/) a place for them, or list them in ELSEWHERE with the reason"
    );
}

/// Few leaves are dead code (no tick can reach them), so that the runs exercise the trees.
#[test]
fn few_leaves_are_statically_dead() {
    let trees = all_trees();
    let leaves: u64 = trees.iter().map(|(_, t)| t.root.leaf_ids()).sum();
    let dead: u64 = trees.iter().map(|(_, t)| t.root.dead_leaves()).sum();
    println!("{dead} of {leaves} leaves are statically dead");
    assert!(dead * 20 < leaves, "{dead} of {leaves} leaves are dead");
}

/// The tree that caught each mutation when the whole set was last searched (the test prints
/// `Mutation: caught by TreeNNNN`). The search tries this tree first: without it, a mutation that
/// only a late tree shows costs a walk over every tree before it (80 s of the test's CPU, most of
/// the differential binary's run, against about 2 s with the hints). A hint only orders the
/// search: a mutation that its tree no longer shows (after the set is regenerated, or for a new
/// mutation without a row) falls back to the walk over the whole set, and the test prints the
/// row to write here.
const CAUGHT_BY: &[(&str, &str)] = &[
    ("SwmForgetsIndexOnHalt", "Tree0009"),
    ("SwmForgetsIndexOnFailure", "Tree0009"),
    ("RunOnceForgetsOnTreeHalt", "Tree0009"),
    ("LoopKeepsCountOnHalt", "Tree0029"),
    ("ZeroCountRunsOnce", "Tree0040"),
    ("SkipCountPerTick", "Tree0170"),
    ("KeepRunningPassesSkipped", "Tree0236"),
    ("ReactiveLeavesOtherRunning", "Tree0004"),
    ("IdleLoopKeepsCountOnTreeHalt", "Tree0492"),
    ("LoopRestartsInSameTick", "Tree0011"),
    ("ReactiveHaltsBeforeTicking", "Tree0004"),
    ("PostNotRunAfterHalt", "Tree0029"),
    ("PreconditionsCheckedWhileRunning", "Tree0013"),
    ("RunWhileOnlyAtStart", "Tree0036"),
    ("NoHooksAfterShortCircuit", "Tree0014"),
    ("SkipIfBeforeSuccessIf", "Tree0014"),
    ("UpdateNodesSeeVersionZero", "Tree0004"),
    ("UpdateCheckedWhileChildRuns", "Tree0061"),
    ("StaleInputOnHalted", "Tree0004"),
    ("InOutAlwaysWrittenBack", "Tree0009"),
    ("SetBlackboardIsNoUpdate", "Tree0009"),
    ("HaltedOutputDropped", "Tree0004"),
    ("HooksBeforeHalt", "Tree0036"),
    ("SubTreeDoesNotHaltChild", "Tree0011"),
    ("AsyncYieldsAfterRunningChild", "Tree0012"),
    ("AsyncFallbackDoesNotYield", "Tree0051"),
    ("ParallelDecidesAfterAllChildren", "Tree0006"),
    ("ParallelSkippedCountsForPositive", "Tree0092"),
    ("ParallelAllFailsAboveMax", "Tree0012"),
    ("IfThenElseReevaluatesCondition", "Tree0058"),
    ("WhileDoElseKeepsOtherBranch", "Tree0323"),
    ("SwitchLatchesRunningCase", "Tree0001"),
    ("TryCatchReturnsCatchStatus", "Tree0029"),
    ("TryCatchIgnoresCatchOnHalt", "Tree0131"),
    ("DelayStrictDeadline", "Tree0051"),
    ("DelayZeroTicksAtOnce", "Tree0080"),
    ("TimeoutStrictDeadline", "Tree0080"),
    ("SleepStrictDeadline", "Tree0029"),
    ("PreconditionRecheckedWhileRunning", "Tree0139"),
    ("PreconditionLatchSurvivesHalt", "Tree0336"),
    ("LoopPassesSkipped", "Tree0122"),
    ("LoopPopsWhileChildRuns", "Tree0014"),
    ("LimiterResetsOnActivation", "Tree0012"),
    ("MaxTimeInclusiveDeadline", "Tree0008"),
    ("WaitInclusiveDeadline", "Tree0013"),
    ("RepeaterStopsOnFailure", "Tree0005"),
    ("RepeatUntilNamesSwapped", "Tree0010"),
    ("PriorityIsMemPriority", "Tree0004"),
    ("Behavior3ConstantsSwapped", "Tree0012"),
    ("OptionalIsForceSuccess", "Tree0011"),
    ("RemapSwapped", "Tree0008"),
    ("RepeatTimesPassesSkipped", "Tree0035"),
    ("RepeatUntilEndsOnSkipped", "Tree0058"),
    ("InterruptOnlyBeforeStart", "Tree0270"),
    ("ConditionalStaticRechecks", "Tree0296"),
    ("WaitUntilRechecksWhileRunning", "Tree0391"),
    ("DeadlineStrictDeadline", "Tree0011"),
    ("FlipSelectorKeepsOrder", "Tree0014"),
    ("DynamicRerunsActions", "Tree0071"),
    ("DynamicLatchesConditions", "Tree0071"),
    ("PriorityTieSwitches", "Tree0008"),
    ("PriorityTiesLaterFirst", "Tree0027"),
    ("PriorityReordersEveryTick", "Tree0024"),
    ("ObserveSelfNotWatched", "Tree0234"),
    ("ObserverFiresWhileTrue", "Tree0013"),
    ("ObserverCountsSkipAnswers", "Tree0013"),
    ("IterateResumesAfterEnd", "Tree0029"),
    ("GuardKeepsTokenAfterChild", "Tree0050"),
    ("StepSequencerStaysOnHalt", "Tree0011"),
    ("BinarySelectorStaticRechecks", "Tree0014"),
    ("FilterIgnoresCountWhen", "Tree0050"),
    ("CooldownEndsLate", "Tree0010"),
    ("IndexSwitchStaticRechecks", "Tree0010"),
    ("PolicyParallelStopsAtDecision", "Tree0000"),
    ("ErrorHaltsOnlyRunningNodes", "Tree0023"),
    ("ErrorHaltsFailingAction", "Tree0033"),
    ("ErrorHaltsEveryPathNode", "Tree0211"),
    ("ErrorKeepsActivationState", "Tree0148"),
    ("RandomShuffleDrawsN", "Tree0058"),
    ("RandomShuffleOutsideIn", "Tree0068"),
    ("ProbabilityRedrawsAfterFailure", "Tree0044"),
    ("ProbabilityFailWeightLast", "Tree0087"),
    ("ProbabilityDrawsEveryTick", "Tree0072"),
    ("UserLeavesChildrenRunning", "Tree0035"),
    ("UserKeepsLastStatuses", "Tree0014"),
    ("UserHaltedBeforeChildren", "Tree0008"),
    ("UserStopsAtChildError", "Tree0113"),
    ("UserNotResetOnCompletion", "Tree0008"),
    ("UserChildResetOnCompletion", "Tree0020"),
    ("UserOutputsAfterCall", "Tree0043"),
    ("UserInputsReadOnce", "Tree0100"),
    ("UserOwnErrorHalted", "Tree0707"),
    ("ArithWraps", "Tree0056"),
];

/// The differential test is sharp enough: each deliberate error in the interpreter
/// (`reference::Mutation`) makes some tree differ from the library.
#[test]
fn every_mutation_of_the_interpreter_is_caught() {
    use crate::harness::{run_case, Config, Totals};
    use crate::reference::{set_mutation, Mutation};

    // The hinted tree (`CAUGHT_BY`) with 16 script seeds first; then, if it does not show the
    // mutation, every tree with 4 seeds, and every tree again with 16 (so that a rule exercised by
    // few trees is still checked, at a cost only for those).
    let config = |runs| Config {
        seed: 0x5EED,
        runs,
        ticks: 250,
        only: None,
        verbose: false,
    };
    let mut missed = Vec::new();
    // `BT_DIFF_MUTATION=SkipCountPerTick,..`: only these mutations (by name).
    let only = std::env::var("BT_DIFF_MUTATION").ok();
    for mutation in Mutation::ALL {
        if let Some(only) = &only {
            if !only
                .split(',')
                .any(|name| name.trim() == format!("{mutation:?}"))
            {
                continue;
            }
        }
        set_mutation(Some(mutation));
        let name = format!("{mutation:?}");
        let hinted = (CAUGHT_BY.iter()).find_map(|&(m, tree)| (m == name).then_some(tree));
        let hint = (PARTS.iter().flat_map(|part| part.iter()))
            .filter(|case| Some(case.name) == hinted)
            .map(|case| (16, case));
        let walk = [4, 16].into_iter().flat_map(|runs| {
            (PARTS.iter().flat_map(|part| part.iter())).map(move |case| (runs, case))
        });
        let mut caught = None;
        let mut walked = false;
        for (runs, case) in hint.chain(walk.inspect(|_| walked = true)) {
            if crate::harness::fallible::on_error_path(mutation)
                && !tree::parse(case.desc).is_ok_and(|t| t.root.fallible())
            {
                continue;
            }
            let run = run_case(
                "mutation",
                case,
                None,
                &config(runs),
                &mut Totals::default(),
            );
            if let Err(report) = run {
                caught = Some((case.name, report));
                break;
            }
        }
        set_mutation(None);
        match caught {
            Some((tree, report)) => {
                let first = report.lines().next().unwrap_or_default().to_string();
                println!("{mutation:?}: caught by {tree}: {first}");
                if walked {
                    println!("  (not by its hint: write (\"{name}\", \"{tree}\") in CAUGHT_BY)");
                }
                assert!(
                    !report.contains("reference bug"),
                    "{mutation:?} was caught by the interpreter's self-check, not by the comparison:\n{report}"
                );
            }
            None => missed.push(mutation),
        }
    }
    assert!(missed.is_empty(), "mutations not caught: {missed:?}");
}
