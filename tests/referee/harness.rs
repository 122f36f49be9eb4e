//! Runs each generated tree against its golden trace (BehaviorTree.CPP's run of the same XML
//! file, recorded by `referee.py`) and reports the first step that differs.

use std::fmt::Write as _;
use std::path::PathBuf;

use bt::{BehaviorTree, NodeInfo, Observer, Status};

use crate::leaves::Ctx;
use crate::rules::{self, Rule, Tracker};

/// One generated tree: its name, its nodes' metadata (for the rules) and a constructor.
pub struct Case {
    pub name: &'static str,
    pub nodes: &'static [NodeInfo],
    pub make: fn() -> Box<dyn DynTree>,
}

/// A row of a generated part's `CASES`: `case!(t0007::T0007)`.
macro_rules! case {
    ($module:ident :: $tree:ident) => {
        crate::harness::Case {
            name: stringify!($tree),
            nodes: <$module::$tree as bt::BehaviorTree>::NODES,
            make: || Box::new($module::$tree::new()),
        }
    };
}

/// The root blackboard's entries of one generated tree, in the golden file's order:
/// `entries!(T0007, T0007Blackboard { a c });` (`entries!(T0007, () {});` without entries).
macro_rules! entries {
    ($tree:ident, () {}) => {};
    ($tree:ident, $board:ident { $($entry:ident)* }) => {
        impl crate::harness::Entries for $board {
            fn entries(&self) -> Vec<(&'static str, i64)> {
                vec![$((stringify!($entry), self.$entry)),*]
            }
            fn set(&mut self, entry: &str, value: i64) {
                match entry {
                    $(stringify!($entry) => self.$entry = value,)*
                    other => panic!("no entry {other}"),
                }
            }
        }
    };
}

/// A tree's root entries, read after every step.
pub trait Entries {
    fn entries(&self) -> Vec<(&'static str, i64)>;
    fn set(&mut self, entry: &str, value: i64);
}

impl Entries for () {
    fn entries(&self) -> Vec<(&'static str, i64)> {
        Vec::new()
    }
    fn set(&mut self, entry: &str, _: i64) {
        panic!("no entry {entry}")
    }
}

/// What the harness needs of a generated tree (so that the run loop is compiled once, not once
/// per tree).
pub trait DynTree {
    fn tick(&mut self, ctx: &mut Ctx, events: &mut Events) -> Status;
    fn halt(&mut self, ctx: &mut Ctx, events: &mut Events);
    fn entries(&self) -> Vec<(&'static str, i64)>;
    fn set_entry(&mut self, entry: &str, value: i64);
}

impl<T> DynTree for T
where
    T: BehaviorTree<Context = Ctx>,
    T::Blackboard: Entries,
{
    fn tick(&mut self, ctx: &mut Ctx, events: &mut Events) -> Status {
        self.tick_with(ctx, events)
    }
    fn halt(&mut self, ctx: &mut Ctx, events: &mut Events) {
        self.halt_with(ctx, events)
    }
    fn entries(&self) -> Vec<(&'static str, i64)> {
        self.blackboard().entries()
    }
    fn set_entry(&mut self, entry: &str, value: i64) {
        self.blackboard_mut().set(entry, value)
    }
}

/// What a node did in a step, in the order the tree reported it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// The node answered this status.
    Status(usize, Status),
    /// The node, which was running, was halted.
    Halted(usize),
}

/// The observer of a step: every node's answer and every halt.
#[derive(Default)]
pub struct Events(pub Vec<Event>);

impl Observer for Events {
    fn on_status(&mut self, node: usize, status: Status) {
        self.0.push(Event::Status(node, status));
    }
    fn on_halted(&mut self, node: usize) {
        self.0.push(Event::Halted(node));
    }
}

/// One tree's golden block.
#[derive(Clone)]
pub struct Golden {
    pub name: String,
    pub entries: Vec<(String, i64)>,
    pub leaves: Vec<String>,
    pub steps: Vec<String>,
}

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("golden")
}

/// Reads `golden/<part>.txt`.
pub fn read_golden(part: &str) -> Vec<Golden> {
    let path = golden_dir().join(format!("{part}.txt"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut out = Vec::new();
    let mut current: Option<Golden> = None;
    for line in text.lines() {
        if let Some(name) = line.strip_prefix("tree ") {
            current = Some(Golden {
                name: name.to_string(),
                entries: Vec::new(),
                leaves: Vec::new(),
                steps: Vec::new(),
            });
            continue;
        }
        let Some(golden) = current.as_mut() else {
            continue;
        };
        if let Some(rest) = line.strip_prefix("bb") {
            for pair in rest.split_whitespace() {
                let (entry, value) = pair.split_once('=').expect("entry=value");
                golden
                    .entries
                    .push((entry.to_string(), value.parse().expect("an integer")));
            }
        } else if let Some(rest) = line.strip_prefix("leaf ") {
            let (name, script) = rest.split_once(' ').expect("leaf NAME SCRIPT");
            assert_eq!(
                name[1..].parse::<usize>().ok(),
                Some(golden.leaves.len()),
                "leaf {name}"
            );
            golden.leaves.push(script.to_string());
        } else if line.starts_with("step ") {
            golden.steps.push(line.to_string());
        } else if line == "end" {
            out.push(current.take().expect("a tree"));
        }
    }
    out
}

fn status_name(status: Status) -> &'static str {
    match status {
        Status::Success => "SUCCESS",
        Status::Failure => "FAILURE",
        Status::Running => "RUNNING",
        Status::Skipped => "SKIPPED",
    }
}

/// How one tree's run went, when it did not fail.
pub struct Verdict {
    /// The steps compared (all of them, unless `cut`).
    pub steps: usize,
    /// The rule whose step parted the two runs: the steps after it are not compared.
    pub cut: Option<Rule>,
    /// The rules of the steps that differed in the entries only: the run went on from
    /// BehaviorTree.CPP's entries.
    pub resynced: Vec<Rule>,
}

/// Runs one tree against its golden trace.
pub fn run_tree(case: &Case, golden: &Golden, verbose: bool) -> Result<Verdict, String> {
    let scripts: Vec<&str> = golden.leaves.iter().map(|s| s.as_str()).collect();
    let mut ctx = Ctx::new(&scripts);
    let mut tree = (case.make)();
    let mut tracker = Tracker::new(case.nodes);
    let mut ours: Vec<String> = Vec::new();
    let mut resynced = Vec::new();
    let initial: Vec<(String, i64)> = tree
        .entries()
        .into_iter()
        .map(|(e, v)| (e.to_string(), v))
        .collect();
    if initial != golden.entries {
        return Err(format!(
            "initial entries {initial:?}, golden {:?}",
            golden.entries
        ));
    }
    for (index, want) in golden.steps.iter().enumerate() {
        let halt = want.starts_with("step halt");
        let mut events = Events::default();
        let result = if halt {
            tree.halt(&mut ctx, &mut events);
            "-"
        } else {
            status_name(tree.tick(&mut ctx, &mut events))
        };
        let board: Vec<String> = tree
            .entries()
            .iter()
            .map(|(e, v)| format!("{e}={v}"))
            .collect();
        let line = format!(
            "step {} {result} | {} | {}",
            if halt { "halt" } else { "tick" },
            ctx.take_log(),
            board.join(" ")
        );
        if verbose {
            println!(
                "{} step {index}:\n  golden {want}\n  ours   {line}",
                case.name
            );
        }
        let mut problem = None;
        let violations = ctx.violations();
        if !violations.is_empty() {
            problem = Some(format!("the stateful contract is broken: {violations:?}"));
        } else if (halt || result != "RUNNING") && !ctx.started().is_empty() {
            problem = Some(format!("leaves left started: {:?}", ctx.started()));
        }
        ours.push(line.clone());
        let differs = &line != want;
        let step = rules::Step {
            events: &events.0,
            halt,
            golden: want,
            ours: &line,
        };
        let situations = tracker.situations(&step, differs);
        if problem.is_none() && differs {
            match situations.first() {
                // The step differs in the entries only, by a rule that parts nothing else: go on
                // from BehaviorTree.CPP's entries.
                Some(&rule) if !rule.parts_the_runs() => {
                    for pair in want.rsplit(" | ").next().unwrap_or("").split_whitespace() {
                        let (entry, value) = pair.split_once('=').expect("entry=value");
                        tree.set_entry(entry, value.parse().expect("an integer"));
                    }
                    resynced.push(rule);
                }
                Some(&rule) => {
                    return Ok(Verdict {
                        steps: index,
                        cut: Some(rule),
                        resynced,
                    })
                }
                None => problem = Some("differs from BehaviorTree.CPP".to_string()),
            }
        }
        if let Some(problem) = problem {
            return Err(report(case, golden, &ours, index, &problem));
        }
        if let Some(&rule) = situations.iter().find(|rule| rule.parts_the_runs()) {
            // The same step on both sides, but their states have parted.
            return Ok(Verdict {
                steps: index + 1,
                cut: Some(rule),
                resynced,
            });
        }
        tracker.after_step(&events.0, halt);
    }
    Ok(Verdict {
        steps: golden.steps.len(),
        cut: None,
        resynced,
    })
}

fn report(case: &Case, golden: &Golden, ours: &[String], index: usize, problem: &str) -> String {
    let xml_file = format!("xml/{}.xml", case.name);
    let xml = std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(&xml_file))
        .unwrap_or_default();
    let xml_path = format!("tests/referee/{xml_file}");
    let mut out = String::new();
    let _ = writeln!(
        out,
        "tree {} ({xml_path}), step {index}: {problem}",
        case.name
    );
    let _ = writeln!(
        out,
        "scripts: {:?}, entries: {:?}",
        golden.leaves, golden.entries
    );
    for (i, line) in ours.iter().enumerate() {
        let want = &golden.steps[i];
        let mark = if line == want { " " } else { "*" };
        let _ = writeln!(out, "{mark} {i:2} btcpp {want}\n{mark}    ours  {line}");
    }
    let _ = writeln!(out, "{}", xml.trim_end());
    let _ = writeln!(
        out,
        "replay: BT_REFEREE_TREE={} BT_REFEREE_VERBOSE=1 cargo test --test referee -- --nocapture",
        case.name
    );
    out
}

/// Runs one generated part: every tree against its golden trace.
#[allow(dead_code)]
pub fn run_part(part: &str, cases: &[Case]) {
    let goldens = read_golden(part);
    let names: Vec<&str> = cases.iter().map(|c| c.name).collect();
    let golden_names: Vec<&str> = goldens.iter().map(|g| g.name.as_str()).collect();
    assert_eq!(
        names, golden_names,
        "{part}: the trees and the golden file disagree; run tests/referee/record.sh"
    );
    run_goldens(part, cases, &goldens);
}

/// Runs some trees of a part against their golden traces (`clippy_trees.rs`).
#[allow(dead_code)]
pub fn run_named(part: &str, cases: &[Case]) {
    let goldens: Vec<Golden> = read_golden(part)
        .into_iter()
        .filter(|golden| cases.iter().any(|case| case.name == golden.name))
        .collect();
    assert_eq!(
        goldens.len(),
        cases.len(),
        "{part}: a tree without a golden trace"
    );
    run_goldens(part, cases, &goldens);
}

/// What the runs of some trees came to.
#[derive(Default)]
pub struct Summary {
    pub trees: usize,
    pub steps: usize,
    /// The rule of each run that ended early.
    pub cut: Vec<Rule>,
    /// The rule of each step that differed in the entries only.
    pub resynced: Vec<Rule>,
    /// The reports of the trees that differ.
    pub failures: Vec<String>,
}

/// Runs the trees against their golden traces (`BT_REFEREE_TREE` picks some).
pub fn run_all(cases: &[Case], goldens: &[Golden]) -> Summary {
    let only: Option<Vec<String>> = std::env::var("BT_REFEREE_TREE")
        .ok()
        .map(|v| v.split(',').map(|s| s.trim().to_string()).collect());
    let verbose = std::env::var("BT_REFEREE_VERBOSE").is_ok_and(|v| v == "1");
    let mut summary = Summary::default();
    for (case, golden) in cases.iter().zip(goldens) {
        if only
            .as_ref()
            .is_some_and(|only| !only.iter().any(|n| n == case.name))
        {
            continue;
        }
        summary.trees += 1;
        match run_tree(case, golden, verbose) {
            Ok(verdict) => {
                summary.steps += verdict.steps;
                if let Some(rule) = verdict.cut {
                    summary.cut.push(rule);
                    if verbose {
                        println!(
                            "  {}: ended after step {} by {rule:?}",
                            case.name, verdict.steps
                        );
                    }
                }
                summary.resynced.extend(verdict.resynced);
            }
            Err(report) => summary.failures.push(report),
        }
    }
    summary
}

/// How many times each rule occurs in `rules`, for the rules that do.
pub fn count(rules: &[Rule]) -> Vec<(Rule, usize)> {
    rules::ALL
        .iter()
        .map(|&rule| (rule, rules.iter().filter(|&&r| r == rule).count()))
        .filter(|&(_, n)| n > 0)
        .collect()
}

fn run_goldens(part: &str, cases: &[Case], goldens: &[Golden]) {
    let summary = run_all(cases, goldens);
    let Summary {
        trees,
        steps,
        cut,
        resynced,
        failures,
    } = summary;
    println!(
        "{part}: {trees} trees, {steps} steps compared; {} runs ended early by a rule {:?}; {} steps differed in the entries only, by a rule {:?}; {} trees differ",
        cut.len(),
        count(&cut),
        resynced.len(),
        count(&resynced),
        failures.len()
    );
    if !failures.is_empty() {
        panic!(
            "{} of {trees} trees differ from BehaviorTree.CPP:\n\n{}",
            failures.len(),
            failures.join("\n")
        );
    }
}
