//! Checks of the set and of the harness itself.

use crate::harness::{count, read_golden, run_all, run_tree};
use crate::rules::ALL;
use crate::trees::PARTS;

/// Every named rule explains at least one step of the checked-in set: a rule that nothing
/// needs is one that could hide a bug later (remove it, with its row of the guide's table, if
/// the library changed to agree with BehaviorTree.CPP).
#[test]
fn every_rule_is_met_in_the_set() {
    if std::env::var("BT_REFEREE_TREE").is_ok() {
        return;
    }
    let (mut trees, mut cut, mut resynced) = (0, Vec::new(), Vec::new());
    for (part, cases) in PARTS {
        let summary = run_all(cases, &read_golden(part));
        trees += summary.trees;
        cut.extend(summary.cut);
        resynced.extend(summary.resynced);
    }
    assert!(trees >= 1000, "{trees} trees");
    let mut met = count(&cut);
    met.extend(count(&resynced));
    for rule in ALL {
        assert!(
            met.iter().any(|(r, _)| r == rule),
            "{rule:?} is never met: {met:?}"
        );
    }
}

/// A golden step changed in any of its parts (the root status, a call, an entry) fails the
/// tree: the comparison is not vacuous.
#[test]
fn a_changed_golden_step_fails() {
    let (part, cases) = PARTS.first().expect("a part");
    let goldens = read_golden(part);
    let (case, golden) = cases
        .iter()
        .zip(&goldens)
        .find(|(case, golden)| {
            let plain = case
                .nodes
                .iter()
                .all(|n| n.params.iter().all(|(k, _)| !k.starts_with('_')));
            plain && run_tree(case, golden, false).is_ok_and(|v| v.cut.is_none())
        })
        .expect("a tree without pre- or post-conditions that runs to its end");
    let changes: [fn(&str) -> String; 3] = [
        |line| {
            let mut words: Vec<&str> = line.splitn(4, ' ').collect();
            words[2] = if words[2] == "SUCCESS" {
                "FAILURE"
            } else {
                "SUCCESS"
            };
            words.join(" ")
        },
        |line| line.replacen(" | ", " | L99+S ", 1),
        |line| format!("{line} z=1"),
    ];
    for change in changes {
        let mut changed = golden.clone();
        changed.steps[0] = change(&golden.steps[0]);
        assert_ne!(changed.steps[0], golden.steps[0]);
        assert!(
            run_tree(case, &changed, false).is_err(),
            "{}: {:?}",
            case.name,
            changed.steps[0]
        );
    }
}
