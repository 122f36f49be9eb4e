//! Checks of the generated set itself: enough distinct trees, well-formed descriptions, every
//! node kind and parameter covered.

use std::collections::{BTreeMap, HashSet};

use crate::tree::{self, Count, Node, RunOnceForm};
use crate::trees::PARTS;

/// What the set must hold at least.
const MIN_TREES: usize = 1000;
const MIN_PER_KIND: usize = 50;

fn all_trees() -> Vec<(&'static str, Node)> {
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
    for (name, node) in &trees {
        assert!(descs.insert(node.to_desc()), "{name}: duplicate tree");
        assert!(names.insert(*name), "{name}: duplicate name");
        assert!(node.size() <= 60, "{name}: {} nodes", node.size());
        assert!(node.depth() <= 8, "{name}: depth {}", node.depth());
    }
}

/// A key per node kind and parameter the generator must cover.
fn feature(node: &Node) -> String {
    match node {
        Node::Composite(kind, _) => kind.dsl().to_string(),
        Node::Repeat(Count::Times(n), _) => format!("Repeat({n})"),
        Node::Repeat(Count::Forever, _) => "Repeat(forever)".into(),
        Node::Retry(Count::Times(n), _) => format!("RetryUntilSuccessful({n})"),
        Node::Retry(Count::Forever, _) => "RetryUntilSuccessful(forever)".into(),
        Node::RunOnce(RunOnceForm::Default, _) => "RunOnce".into(),
        Node::RunOnce(RunOnceForm::ThenSkip, _) => "RunOnce(then_skip = true)".into(),
        Node::RunOnce(RunOnceForm::KeepStatus, _) => "RunOnce(then_skip = false)".into(),
        Node::Condition(_, form) | Node::Action(_, form) | Node::Stateful(_, form) => {
            format!("{} {form:?}", node.dsl_kind())
        }
        other => other.dsl_kind().to_string(),
    }
}

#[test]
fn every_node_kind_and_parameter_is_covered() {
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    let mut nodes = 0;
    let mut depth = BTreeMap::new();
    for (_, node) in all_trees() {
        nodes += node.size();
        *depth.entry(node.depth()).or_insert(0) += 1;
        for (n, _) in node.preorder() {
            *counts.entry(feature(n)).or_default() += 1;
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
    ] {
        expected.push(key.to_string());
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

/// Few leaves are dead code (no tick can reach them), so that the runs exercise the trees.
#[test]
fn few_leaves_are_statically_dead() {
    let trees = all_trees();
    let leaves: u64 = trees.iter().map(|(_, n)| n.leaf_ids()).sum();
    let dead: u64 = trees.iter().map(|(_, n)| n.dead_leaves()).sum();
    println!("{dead} of {leaves} leaves are statically dead");
    assert!(dead * 20 < leaves, "{dead} of {leaves} leaves are dead");
}

/// The differential test is sharp enough: each deliberate error in the interpreter
/// (`reference::Mutation`) makes some tree differ from the library.
#[test]
fn every_mutation_of_the_interpreter_is_caught() {
    use crate::harness::{run_case, Config, Totals};
    use crate::reference::{set_mutation, Mutation};

    let config = Config {
        seed: 0x5EED,
        runs: 2,
        ticks: 250,
        only: None,
        verbose: false,
    };
    let mut missed = Vec::new();
    for mutation in Mutation::ALL {
        set_mutation(Some(mutation));
        let mut caught = None;
        'search: for part in PARTS {
            for case in part.iter() {
                if let Err(report) = run_case("mutation", case, &config, &mut Totals::default()) {
                    caught = Some((case.name, report));
                    break 'search;
                }
            }
        }
        set_mutation(None);
        match caught {
            Some((name, report)) => {
                let first = report.lines().next().unwrap_or_default().to_string();
                println!("{mutation:?}: caught by {name}: {first}");
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
