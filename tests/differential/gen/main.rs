//! Generates the random trees of the differential test (`tests/differential/main.rs`).
//!
//! ```text
//! cargo run --release --manifest-path tests/differential/gen/Cargo.toml -- \
//!     [--seed N] [--count N] [--per-file N] [--out DIR] [--prefix NAME] [--seen FILE] \
//!     [--shape mission|any]
//! ```
//!
//! Writes `DIR/mod.rs` (one `#[test]` per part) and `DIR/part_NN.rs` (`--per-file` trees each,
//! as `behavior_tree!` invocations and a `cases! { Name "description", .. }` table). Defaults: seed 1, 1200 trees, 100 per file,
//! `tests/differential/trees` (the checked-in set). The same seed and count always give the same
//! files. See ../README.md for adding a node kind.

#[path = "../tree.rs"]
mod tree;

mod nc_more;
mod user_nodes;

use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::PathBuf;

use tree::{
    ArithOp, Atom, Attr, Bind, Composite, Cond, Count, Decl, Entry, Ext, Hook, Init, Int, LeafForm, Node,
    Op, Outcomes, PortLeaf, Ports, Pre, RunOnceForm, Script, SetValue, Spelling, StatusName, Stmt,
    SubForm, Tree,
};

/// Deepest tree (levels, the root is level 1).
const MAX_DEPTH: usize = 8;
/// Largest tree (nodes).
const MAX_SIZE: usize = 60;
/// The first parts, whose trees derive serde's traits and are also saved and restored mid-run
/// (`tests/differential/snapshot.rs`): one, so that the build compiles the serde impls of 100
/// trees (and their child trees), not 1,200.
const SAVED_PARTS: usize = 1;

/// splitmix64: small, seedable, good enough for test generation.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n`.
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// Uniform in `lo..=hi`.
    fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }

    /// True with probability `percent` / 100.
    fn percent(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    /// Picks one of `items`.
    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }

    /// Index chosen with the given weights.
    fn weighted(&mut self, weights: &[usize]) -> usize {
        let mut pick = self.below(weights.iter().sum());
        for (i, w) in weights.iter().enumerate() {
            if pick < *w {
                return i;
            }
            pick -= w;
        }
        unreachable!()
    }
}

struct Args {
    seed: u64,
    count: usize,
    per_file: usize,
    out: PathBuf,
    prefix: String,
    /// Descriptions to skip, one per line; the new ones are appended.
    seen: Option<PathBuf>,
    /// `--shape mission`: keep only the trees that mix the families of issue 27's mission
    /// workload (see [`mission_shape`]).
    mission: bool,
}

fn parse_args() -> Args {
    let mut args = Args {
        seed: 1,
        count: 1200,
        per_file: 100,
        out: PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../trees"),
        prefix: "Tree".to_string(),
        seen: None,
        mission: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().unwrap_or_else(|| panic!("{flag} needs a value"));
        match flag.as_str() {
            "--seed" => args.seed = value().parse().expect("--seed: a number"),
            "--count" => args.count = value().parse().expect("--count: a number"),
            "--per-file" => args.per_file = value().parse().expect("--per-file: a number"),
            "--out" => args.out = PathBuf::from(value()),
            "--prefix" => args.prefix = value(),
            "--seen" => args.seen = Some(PathBuf::from(value())),
            "--shape" => match value().as_str() {
                "mission" => args.mission = true,
                "any" => args.mission = false,
                other => panic!("--shape: `mission` or `any`, not {other:?}"),
            },
            "--help" | "-h" => {
                println!(
                    "bt-diff-gen [--seed N] [--count N] [--per-file N] [--out DIR] [--prefix NAME] [--seen FILE] [--shape mission|any]"
                );
                std::process::exit(0);
            }
            other => panic!("unknown argument {other:?} (try --help)"),
        }
    }
    assert!(args.per_file > 0 && args.count > 0);
    args
}

/// The blackboard entries a tree may use (`None`: a tree without blackboard features).
type Avail = Option<Vec<Entry>>;

fn ints(avail: &[Entry]) -> Vec<Entry> {
    avail.iter().copied().filter(|e| e.is_int()).collect()
}

fn tracked(avail: &[Entry]) -> Vec<Entry> {
    avail.iter().copied().filter(|e| e.tracked()).collect()
}

/// A random tree of at most `budget` nodes whose root is at level `level`; in a tree with a
/// blackboard, now and then with attributes.
fn gen_node(rng: &mut Rng, level: usize, budget: usize, avail: &Avail) -> Node {
    let node = gen_bare(rng, level, budget, avail);
    match avail {
        Some(avail) if rng.percent(10) => {
            let attrs = gen_attrs(rng, avail);
            Node::Attr(attrs, Box::new(node))
        }
        _ => node,
    }
}

/// One to three attributes of different kinds, in random order.
fn gen_attrs(rng: &mut Rng, avail: &[Entry]) -> Vec<Attr> {
    let n = [1, 1, 1, 2, 2, 3][rng.below(6)];
    let mut kinds: Vec<usize> = Vec::new();
    while kinds.len() < n {
        let k = rng.below(8);
        if !kinds.contains(&k) {
            kinds.push(k);
        }
    }
    kinds
        .into_iter()
        .map(|k| {
            if k < 4 {
                Attr::Pre(Pre::ALL[k], gen_cond(rng, avail))
            } else {
                Attr::Post(Hook::ALL[k - 4], gen_script(rng, avail))
            }
        })
        .collect()
}

/// An `i64` expression reading an entry.
fn gen_int(rng: &mut Rng, avail: &[Entry]) -> Int {
    let ints = ints(avail);
    let has_o0 = avail.contains(&Entry::o0);
    let atom = if has_o0 && rng.percent(15) {
        Atom::OrElse(rng.below(6) as i64)
    } else {
        Atom::Get(rng.pick(&ints))
    };
    let (add, modulo) = match rng.below(10) {
        0..=4 => (0, 0),
        5 | 6 => (1 + rng.below(4) as i64, 0),
        7 | 8 => (0, 2 + rng.below(3) as i64),
        _ => (1 + rng.below(4) as i64, 2 + rng.below(3) as i64),
    };
    Int { atom, add, modulo }
}

/// An `i64` expression: mostly one reading an entry, sometimes a literal.
fn gen_value(rng: &mut Rng, avail: &[Entry]) -> Int {
    if rng.percent(15) {
        Int::lit(rng.below(10) as i64)
    } else {
        gen_int(rng, avail)
    }
}

fn gen_cond(rng: &mut Rng, avail: &[Entry]) -> Cond {
    if avail.contains(&Entry::o0) && rng.percent(15) {
        return if rng.percent(50) {
            Cond::IsSome
        } else {
            Cond::IsNone
        };
    }
    let a = gen_int(rng, avail);
    let op = Op::ALL[rng.weighted(&[3, 3, 2, 2])];
    let b = if a.modulo != 0 {
        // `x % m` is in 0..m (the entries are mostly not negative): no always-false `> m - 1`.
        let top = if op == Op::Gt { a.modulo - 1 } else { a.modulo };
        Int::lit(rng.below(top as usize) as i64)
    } else if rng.percent(60) {
        Int::lit(rng.below(8) as i64)
    } else {
        gen_int(rng, avail)
    };
    if a == b {
        return Cond::Cmp(a, op, Int::lit(3));
    }
    Cond::Cmp(a, op, b)
}

/// A statement (no `if` when `simple`).
fn gen_stmt(rng: &mut Rng, avail: &[Entry], simple: bool) -> Stmt {
    let ints = ints(avail);
    let has_o0 = avail.contains(&Entry::o0);
    let kind = rng.weighted(&[
        30,
        40,
        if has_o0 { 10 } else { 0 },
        if has_o0 { 8 } else { 0 },
        if simple { 0 } else { 15 },
    ]);
    match kind {
        0 => Stmt::Inc(rng.pick(&ints), 1 + rng.below(3) as i64),
        1 => {
            let to = rng.pick(&ints);
            let value = gen_value(rng, avail);
            // `bb.b0 = bb.b0 + 2` is `bb.b0 += 2` (and clippy says so).
            match value.atom {
                Atom::Get(e) if e == to && value.modulo == 0 => Stmt::Inc(to, value.add.max(1)),
                _ => Stmt::Set(to, value),
            }
        }
        2 => Stmt::Set(Entry::o0, gen_value(rng, avail)),
        3 => Stmt::Clear,
        _ => Stmt::If(gen_cond(rng, avail), Box::new(gen_stmt(rng, avail, true))),
    }
}

fn gen_script(rng: &mut Rng, avail: &[Entry]) -> Vec<Stmt> {
    let n = if rng.percent(75) { 1 } else { 2 };
    (0..n).map(|_| gen_stmt(rng, avail, false)).collect()
}

/// A duration in milliseconds for the time nodes: 0 now and then (its own rule), else a few
/// multiples of 10 ms, so that the harness's clock steps (0, 5, 10, 20, 30, 50 ms) land exactly on
/// the deadlines as well as before and after them.
fn gen_ms(rng: &mut Rng) -> u64 {
    [0, 10, 20, 30, 50, 100][rng.weighted(&[5, 3, 3, 2, 2, 1])]
}

/// A status parameter: not written (`None`) or one of the four, equally likely.
fn gen_status(rng: &mut Rng) -> Option<StatusName> {
    match rng.below(5) {
        4 => None,
        i => Some(StatusName::ALL[i]),
    }
}

/// A `Parallel`/`ParallelAll` threshold for `n` children: not written, a count `1..=n`, or a
/// negative one `-n..=-1` (counting from the end); now and then `n` (all of them), where a 0 was
/// drawn before the macro rejected thresholds that come to 0.
fn gen_threshold(rng: &mut Rng, n: usize) -> Option<i64> {
    match rng.below(13) {
        0..=3 => None,
        4..=7 => Some(1 + rng.below(n) as i64),
        8..=11 => Some(-1 - rng.below(n) as i64),
        // Was 0, which the macro now rejects (a threshold that decides before any child does):
        // all of them, written as the count, in the same draw.
        _ => Some(n as i64),
    }
}

/// The child counts of a composite: one now and then, mostly 2 to 4, at most `max`.
fn gen_width(rng: &mut Rng, max: usize) -> usize {
    [1, 2, 2, 3, 3, 4, 5][rng.below(7)].min(max)
}

/// `n` children splitting `budget` nodes (at least one each). A child that could never let its
/// parent go on to the next one (`go(i)`: the status that does, if it matters for child `i`) would
/// make its later siblings dead code: it is drawn again, a few times. `fix(i, child)` may ask for
/// another draw too (a condition that cannot both succeed and fail).
fn gen_children(
    rng: &mut Rng,
    level: usize,
    budget: usize,
    n: usize,
    avail: &Avail,
    go: &dyn Fn(usize) -> Option<Outcomes>,
    redraw: &dyn Fn(usize, &Node) -> bool,
) -> Vec<Node> {
    let spare = budget - n;
    let mut shares = vec![1; n];
    for _ in 0..spare {
        shares[rng.below(n)] += 1;
    }
    shares
        .iter()
        .enumerate()
        .map(|(i, &share)| {
            let mut child = gen_node(rng, level + 1, share, avail);
            for _ in 0..8 {
                let o = child.outcomes();
                let stuck = go(i).is_some_and(|go| !o.has(go) && !o.has(Outcomes::SKIPPED));
                if !stuck && !redraw(i, &child) {
                    break;
                }
                child = gen_node(rng, level + 1, share, avail);
            }
            child
        })
        .collect()
}

fn gen_bare(rng: &mut Rng, level: usize, budget: usize, avail: &Avail) -> Node {
    let leaf_percent = match (level, budget) {
        (_, 1) => 100,
        (l, _) if l >= MAX_DEPTH => 100,
        (1, _) => 0,
        (_, 2) => 60,
        _ => 12,
    };
    if rng.percent(leaf_percent) {
        return gen_leaf(rng, avail);
    }
    if let Some(node) = nc_more::gen(rng, level, budget, avail) {
        return node;
    }
    let entries = avail.as_deref().unwrap_or(&[]);
    // Decorators are cheap; composites spend the budget.
    let decorator = budget < 3 || rng.percent(if budget > 20 { 24 } else { 40 });
    if decorator {
        let count = |rng: &mut Rng| match rng.below(6) {
            5 => Count::Forever,
            n => Count::Times(n as u32),
        };
        let updates = if avail.is_some() { 4 } else { 0 };
        let precondition = if avail.is_some() { 14 } else { 0 };
        let looping = if entries.contains(&Entry::q0) { 28 } else { 0 };
        // Inverter, ForceSuccess, ForceFailure, Repeat, RetryUntilSuccessful,
        // KeepRunningUntilFailure, the three RunOnce, SkipUnlessUpdated, WaitValueUpdate; Invert,
        // Retry (the aliases), Delay, Timeout, Precondition, Loop.
        let kind = rng.weighted(&[
            6,
            5,
            5,
            16,
            11,
            6,
            5,
            4,
            5,
            updates,
            updates,
            2,
            4,
            7,
            7,
            precondition,
            looping,
            // Issue 11 (behavior3): Limiter, MaxTime, Repeater, RepeatUntilFailure,
            // RepeatUntilSuccess; issue 12 (NodeCanvas): Optional, Remap, RepeatTimes,
            // RepeatUntil, Deadline, and with a condition Interrupt, Conditional, WaitUntil.
            4,
            5,
            10,
            5,
            5,
            3,
            4,
            6,
            6,
            6,
            if avail.is_some() { 4 } else { 0 },
            if avail.is_some() { 8 } else { 0 },
            // WaitUntil (with a blackboard).
            if avail.is_some() { 4 } else { 0 },
            // Filter, Cooldown.
            11,
            8,
        ]);
        let count = if matches!(kind, 3 | 4 | 12) {
            count(rng)
        } else {
            Count::Forever
        };
        // `Repeat(0)` and `RetryUntilSuccessful(0)` never tick their child: give them a leaf.
        let child_budget = if count == Count::Times(0) {
            1
        } else {
            budget - 1
        };
        let ms = if matches!(kind, 13 | 14) {
            gen_ms(rng)
        } else {
            0
        };
        if kind >= 17 {
            return gen_ext_decorator(rng, kind - 17, level, budget, avail);
        }
        let child = Box::new(gen_node(rng, level + 1, child_budget, avail));
        let mut tracked_entry = || rng.pick(&tracked(entries));
        return match kind {
            0 => Node::Inverter(Spelling::Name, child),
            1 => Node::ForceSuccess(child),
            2 => Node::ForceFailure(child),
            3 => Node::Repeat(count, child),
            4 => Node::Retry(count, Spelling::Name, child),
            5 => Node::KeepRunningUntilFailure(child),
            6 => Node::RunOnce(RunOnceForm::Default, child),
            7 => Node::RunOnce(RunOnceForm::ThenSkip, child),
            8 => Node::RunOnce(RunOnceForm::KeepStatus, child),
            9 => Node::SkipUnlessUpdated(tracked_entry(), child),
            10 => Node::WaitValueUpdate(tracked_entry(), child),
            11 => Node::Inverter(Spelling::Alias, child),
            12 => Node::Retry(count, Spelling::Alias, child),
            13 => Node::Delay(ms, child),
            14 => Node::Timeout(ms, child),
            15 => Node::Precondition(gen_cond(rng, entries), gen_status(rng), child),
            _ => {
                let value = if rng.percent(40) {
                    None
                } else {
                    Some(rng.pick(&ints(entries)))
                };
                Node::Loop(value, gen_status(rng), child)
            }
        };
    }
    let max_children = (budget - 1).min(5);
    // The composites (Composite::ALL), then Parallel, ParallelAll, IfThenElse, WhileDoElse,
    // Switch (over `b1`), TryCatch. Every one of them has room for two children.
    let switch = if entries.contains(&Entry::b1) { 7 } else { 0 };
    let binary = if avail.is_some() { 5 } else { 0 };
    let kind = rng.weighted(&[
        8, 3, 6, 3, 10, 8, 3, 10, 2, 2, 3, 3, 3, 5, 6, 4, 4, switch, 5, 4, 4, binary, binary, 5,
    ]);
    let no_go = |_: usize| None;
    let keep = |_: usize, _: &Node| false;
    if kind < Composite::ALL.len() {
        let composite = Composite::ALL[kind];
        let n = gen_width(rng, max_children);
        let go = composite.rule().go();
        let children = gen_children(
            rng,
            level,
            budget - 1,
            n,
            avail,
            &|i| (i + 1 < n).then_some(go),
            &keep,
        );
        return Node::Composite(composite, children);
    }
    match kind - Composite::ALL.len() {
        0 => {
            let n = gen_width(rng, max_children);
            let (success, failure) = (gen_threshold(rng, n), gen_threshold(rng, n));
            let children = gen_children(rng, level, budget - 1, n, avail, &no_go, &keep);
            Node::Parallel(success, failure, children)
        }
        1 => {
            let n = gen_width(rng, max_children);
            let max = gen_threshold(rng, n);
            let children = gen_children(rng, level, budget - 1, n, avail, &no_go, &keep);
            Node::ParallelAll(max, children)
        }
        k @ (2 | 3) => {
            let n = if max_children >= 3 && rng.percent(50) {
                3
            } else {
                2
            };
            // A condition that cannot both succeed and fail leaves a branch dead: draw again.
            let two_ways = |i: usize, child: &Node| {
                let o = child.outcomes();
                i == 0 && !(o.has(Outcomes::SUCCESS) && o.has(Outcomes::FAILURE))
            };
            let children = gen_children(rng, level, budget - 1, n, avail, &no_go, &two_ways);
            if k == 2 {
                Node::IfThenElse(children)
            } else {
                Node::WhileDoElse(children)
            }
        }
        6 | 7 => {
            let n = gen_width(rng, max_children);
            let children = gen_children(rng, level, budget - 1, n, avail, &no_go, &keep);
            let ext = if kind - Composite::ALL.len() == 6 {
                Ext::FlipSelector
            } else {
                Ext::StepSequencer
            };
            Node::Ext(ext, children)
        }
        8 => {
            // BinarySelector: two children, dynamic or not.
            let dynamic = match rng.below(3) {
                0 => None,
                1 => Some(true),
                _ => Some(false),
            };
            let cond = gen_cond(rng, entries);
            let children = gen_children(rng, level, budget - 1, 2, avail, &no_go, &keep);
            Node::Ext(Ext::BinarySelector(cond, dynamic), children)
        }
        9 => {
            // IndexSwitch over an expression, with Fail or Loop, dynamic or not.
            let flag = |rng: &mut Rng| match rng.below(3) {
                0 => None,
                1 => Some(true),
                _ => Some(false),
            };
            let index = gen_value(rng, entries);
            let (looping, dynamic) = (flag(rng), flag(rng));
            let n = gen_width(rng, max_children);
            let children = gen_children(rng, level, budget - 1, n, avail, &no_go, &keep);
            Node::Ext(Ext::IndexSwitch(index, looping, dynamic), children)
        }
        10 => {
            let policy = rng.below(3) as u8;
            let repeat = match rng.below(3) {
                0 => None,
                1 => Some(true),
                _ => Some(false),
            };
            let n = gen_width(rng, max_children);
            let children = gen_children(rng, level, budget - 1, n, avail, &no_go, &keep);
            Node::Ext(Ext::PolicyParallel(policy, repeat), children)
        }
        4 => {
            let cases = rng.range(1, 3).min(max_children - 1);
            let mut values: Vec<i64> = Vec::new();
            while values.len() < cases {
                let v = rng.below(6) as i64;
                if !values.contains(&v) {
                    values.push(v);
                }
            }
            let children = gen_children(rng, level, budget - 1, cases + 1, avail, &no_go, &keep);
            Node::Switch(values, children)
        }
        5 => {
            let n = gen_width(rng, max_children).max(2);
            let on = match rng.below(3) {
                0 => None,
                1 => Some(true),
                _ => Some(false),
            };
            // The try block is a sequence (the catch child, last, is not).
            let children = gen_children(
                rng,
                level,
                budget - 1,
                n,
                avail,
                &|i| (i + 2 < n).then_some(Outcomes::SUCCESS),
                &keep,
            );
            Node::TryCatch(on, children)
        }
        _ => unreachable!(),
    }
}

/// The decorators of issues 11 and 12 (`kind` in the order of the weights in [`gen_bare`]).
fn gen_ext_decorator(
    rng: &mut Rng,
    kind: usize,
    level: usize,
    budget: usize,
    avail: &Avail,
) -> Node {
    let entries = avail.as_deref().unwrap_or(&[]);
    // 1 to 3 or forever (`with_zero`: 0 as well).
    let count = |rng: &mut Rng, with_zero: bool| match rng.below(if with_zero { 8 } else { 6 }) {
        0..=2 => Count::Times(rng.range(1, 3) as u32),
        3..=5 => Count::Forever,
        _ => Count::Times(0),
    };
    let two = [StatusName::Success, StatusName::Failure];
    // A duration, 0 more often than `gen_ms` draws it (0 is a case of its own for these nodes).
    let ms = |rng: &mut Rng| if rng.percent(25) { 0 } else { gen_ms(rng) };
    let ext = match kind {
        0 => Ext::Limiter(rng.range(1, 3) as u32),
        1 => Ext::MaxTime(ms(rng)),
        2 => Ext::Repeater(count(rng, true)),
        3 => Ext::RepeatUntilFailure(count(rng, false)),
        4 => Ext::RepeatUntilSuccess(count(rng, false)),
        5 => Ext::Optional,
        6 => Ext::Remap(rng.pick(&two), rng.pick(&two)),
        7 => Ext::RepeatTimes(count(rng, false)),
        8 => Ext::RepeatUntil(rng.pick(&two)),
        9 => Ext::Deadline(ms(rng)),
        10 => Ext::Interrupt(gen_cond(rng, entries)),
        11 => {
            let dynamic = match rng.below(3) {
                0 => None,
                1 => Some(true),
                _ => Some(false),
            };
            let otherwise = match rng.below(3) {
                0 => None,
                1 => Some(StatusName::Success),
                _ => Some(StatusName::Failure),
            };
            Ext::Conditional(gen_cond(rng, entries), dynamic, otherwise)
        }
        12 => Ext::WaitUntil(gen_cond(rng, entries)),
        13 => {
            let count = match rng.below(4) {
                0 => None,
                1 => Some(StatusName::Running),
                k => Some(two[k - 2]),
            };
            let filtered = match rng.below(3) {
                0 => None,
                1 => Some(StatusName::Skipped),
                _ => Some(StatusName::Failure),
            };
            Ext::Filter(rng.range(1, 3) as u32, count, filtered)
        }
        _ => {
            let filtered = match rng.below(3) {
                0 => None,
                1 => Some(StatusName::Skipped),
                _ => Some(StatusName::Failure),
            };
            Ext::Cooldown(ms(rng), filtered)
        }
    };
    // `Repeater(0)` never ticks its child: give it a leaf.
    let child_budget = if ext == Ext::Repeater(Count::Times(0)) {
        1
    } else {
        budget - 1
    };
    Node::Ext(ext, vec![gen_node(rng, level + 1, child_budget, avail)])
}

fn gen_leaf(rng: &mut Rng, avail: &Avail) -> Node {
    // Ids are assigned afterwards, in pre-order.
    // Mostly the plain type form; sometimes an initialiser or an inline closure.
    let form = |rng: &mut Rng, closures: bool| match rng.weighted(&[
        70,
        15,
        if closures { 15 } else { 0 },
    ]) {
        0 => LeafForm::Type,
        1 => LeafForm::Init,
        _ => LeafForm::Inline,
    };
    let Some(avail) = avail else {
        return match rng.weighted(&[30, 20, 40, 5, 5, 5, 3, 4, 2, 2, 1]) {
            0 => Node::Condition(0, form(rng, true)),
            1 => Node::Action(0, form(rng, true)),
            2 => Node::Stateful(0, form(rng, false)),
            3 => Node::AlwaysSuccess,
            4 => Node::AlwaysFailure,
            5 => Node::Sleep(gen_ms(rng)),
            6 => Node::AlwaysRunning,
            k => gen_ext_leaf(rng, k - 7),
        };
    };
    let ints = ints(avail);
    let plain: Vec<Entry> = ints.iter().copied().filter(|e| !e.tracked()).collect();
    let has_o0 = avail.contains(&Entry::o0);
    let unset = if has_o0 { 4 } else { 0 };
    // The core leaves (as above); Script, ScriptCondition, SetBlackboard, UnsetBlackboard;
    // WasEntryUpdated and the inline leaves over the blackboard; the leaves with ports; Sleep,
    // AlwaysRunning.
    let weights = [
        24, 16, 32, 4, 4, 6, 5, 9, unset, 4, 4, 4, 5, 5, 5, 6, 5, 3, 4, 2, 2, 2,
    ];
    match rng.weighted(&weights) {
        k @ 18.. => gen_ext_leaf(rng, k - 18),
        16 => Node::Sleep(gen_ms(rng)),
        17 => Node::AlwaysRunning,
        0 => Node::Condition(0, form(rng, true)),
        1 => Node::Action(0, form(rng, true)),
        2 => Node::Stateful(0, form(rng, false)),
        3 => Node::AlwaysSuccess,
        4 => Node::AlwaysFailure,
        5 => Node::Script(gen_script(rng, avail)),
        6 => Node::ScriptCondition(gen_cond(rng, avail)),
        7 => match rng.weighted(&[25, 25, 35, if has_o0 { 45 } else { 0 }]) {
            0 => Node::SetBlackboard(rng.pick(&plain), SetValue::Lit(rng.below(10) as i64)),
            1 => Node::SetBlackboard(
                rng.pick(&tracked(avail)),
                SetValue::Lit(rng.below(10) as i64),
            ),
            2 => {
                let to = rng.pick(&ints);
                let others: Vec<Entry> = ints.iter().copied().filter(|e| *e != to).collect();
                Node::SetBlackboard(to, SetValue::Copy(rng.pick(&others)))
            }
            _ => Node::SetBlackboard(Entry::o0, SetValue::Lit(rng.below(10) as i64)),
        },
        8 => Node::UnsetBlackboard(Entry::o0),
        9 => Node::WasEntryUpdated(rng.pick(&tracked(avail))),
        10 => Node::BbCondition(0, gen_value(rng, avail)),
        11 => Node::BbAction(0, gen_value(rng, avail), rng.pick(&plain)),
        k => {
            let leaf = PortLeaf::ALL[k - 12];
            let input = |rng: &mut Rng| match rng.weighted(&[30, 40, 30]) {
                0 => Bind::Same,
                1 => Bind::Entry(rng.pick(&ints)),
                _ => Bind::Value(rng.below(10) as i64),
            };
            let has_b1 = avail.contains(&Entry::b1);
            let output = |rng: &mut Rng| match rng.weighted(&[25, if has_b1 { 25 } else { 0 }, 50])
            {
                0 => None,
                1 => Some(Bind::Same),
                _ => Some(Bind::Entry(rng.pick(&ints))),
            };
            let ports = match leaf {
                PortLeaf::Cond => Ports {
                    b0: Some(input(rng)),
                    ..Ports::default()
                },
                PortLeaf::Act | PortLeaf::Task => Ports {
                    b0: Some(input(rng)),
                    b1: output(rng),
                    ..Ports::default()
                },
                PortLeaf::Io => Ports {
                    t0: Some(if rng.percent(40) {
                        Bind::Same
                    } else {
                        Bind::Entry(rng.pick(&ints))
                    }),
                    ..Ports::default()
                },
            };
            Node::Ported(leaf, 0, ports)
        }
    }
}

/// The leaves of issue 11: Wait, Succeeder, Failer, Runner.
fn gen_ext_leaf(rng: &mut Rng, kind: usize) -> Node {
    let ext = match kind {
        0 => Ext::Wait(gen_ms(rng)),
        1 => Ext::Succeeder,
        2 => Ext::Failer,
        _ => Ext::Runner,
    };
    Node::Ext(ext, Vec::new())
}

/// Numbers the leaves `0, 1, 2, ..` in pre-order.
fn number_leaves(node: &mut Node, next: &mut usize) {
    if let Some(id) = node.leaf_id_mut() {
        *id = *next;
        *next += 1;
    }
    for child in node.children_mut() {
        number_leaves(child, next);
    }
}

/// The mission shape (issue 27's `mission` workload, and what `--shape mission` keeps): a tree
/// (with its child trees) that mixes a parallel (`Parallel`, `ParallelAll`, `PolicyParallel`), a
/// time decorator (`Timeout`, `Delay`, `MaxTime`, `Deadline`, `Cooldown`) and a conditional-flow
/// node (`Switch`, `IndexSwitch`, `TryCatch`, `IfThenElse`, `WhileDoElse`, `BinarySelector`).
/// The generator draws trees as usual and skips the others (about 1 in 7 is kept), so that the
/// kept trees have the same distribution of everything else.
fn mission_shape(tree: &Tree) -> bool {
    fn kinds(node: &Node, out: &mut HashSet<&'static str>) {
        out.insert(node.dsl_kind());
        for child in node.children() {
            kinds(child, out);
        }
    }
    let mut seen = HashSet::new();
    kinds(&tree.root, &mut seen);
    let any = |family: &[&str]| family.iter().any(|kind| seen.contains(kind));
    any(&["Parallel", "ParallelAll", "PolicyParallel"])
        && any(&["Timeout", "Delay", "MaxTime", "Deadline", "Cooldown"])
        && any(&[
            "Switch",
            "IndexSwitch",
            "TryCatch",
            "IfThenElse",
            "WhileDoElse",
            "BinarySelector",
        ])
}

fn gen_tree(rng: &mut Rng) -> Tree {
    // Mostly small and medium trees (cheaper to compile, and most bugs are small), some large.
    let size = match rng.weighted(&[40, 40, 20]) {
        0 => rng.range(3, 12),
        1 => rng.range(13, 30),
        _ => rng.range(31, MAX_SIZE),
    };
    // Most trees have a blackboard: always `b0` and `t0` (the entries the ports' `{=}` need),
    // sometimes `b1`, `t1`, `o0`, and `q0` (the queue of the `Loop` nodes).
    let avail: Avail = if rng.percent(85) {
        let mut avail = vec![Entry::b0, Entry::t0];
        for (entry, percent) in [
            (Entry::b1, 60),
            (Entry::t1, 35),
            (Entry::o0, 55),
            (Entry::q0, 60),
            (Entry::l0, 60),
        ] {
            if rng.percent(percent) {
                avail.push(entry);
            }
        }
        avail.sort();
        Some(avail)
    } else {
        None
    };
    let mut root = gen_node(rng, 1, size, &avail);
    number_leaves(&mut root, &mut 0);
    assert!(root.size() <= MAX_SIZE && root.depth() <= MAX_DEPTH);
    // Declare the entries the tree uses (and now and then one more), in random order.
    let mut used = std::collections::BTreeSet::new();
    root.entries(&mut used);
    if let Some(avail) = &avail {
        if !used.is_empty() && rng.percent(15) {
            used.insert(rng.pick(avail));
        }
    }
    let board = if used.is_empty() {
        None
    } else {
        let mut decls: Vec<Decl> = used
            .into_iter()
            .map(|entry| {
                let init = match (entry.optional(), rng.below(3)) {
                    (_, 0) => Init::Default,
                    (true, 1) => Init::Nothing,
                    // A queue holding 0 to 4 items.
                    _ if entry.queue() => Init::Value(rng.below(5) as i64),
                    _ => Init::Value(rng.below(6) as i64),
                };
                Decl { entry, init }
            })
            .collect();
        for i in (1..decls.len()).rev() {
            decls.swap(i, rng.below(i + 1));
        }
        Some(decls)
    };
    Tree { board, root }
}

/// In some trees (17 %, 25 % of those without blackboard), moves one or two random non-root nodes into child trees: `Sub(node)`
/// in their place, now and then with attributes of its own. Draws from its own stream, so that
/// the trees themselves are those of the same seed without subtrees.
fn add_subtrees(rng: &mut Rng, tree: &mut Tree) {
    // A little more often in the (fewer) trees without blackboard, so that their form
    // (`SubTree(Child)`) is as well covered as the others.
    let percent = if tree.board.is_some() { 17 } else { 25 };
    if !rng.percent(percent) || tree.root.size() < 2 {
        return;
    }
    let avail = tree.entries();
    let count = if rng.percent(70) { 1 } else { 2 };
    for _ in 0..count {
        for _attempt in 0..4 {
            let mut root = tree.root.clone();
            let size = root.size();
            let at = 1 + rng.below(size - 1);
            let form = match tree.board {
                None => SubForm::Plain,
                Some(_) if rng.percent(50) => SubForm::Auto,
                Some(_) => SubForm::Remap,
            };
            let attrs = if !ints(&avail).is_empty() && rng.percent(15) {
                Some(gen_attrs(rng, &avail))
            } else {
                None
            };
            wrap_nth(&mut root, at, &mut 0, &mut |node| {
                let sub = Node::Sub(form, Box::new(node));
                match attrs.clone() {
                    Some(attrs) => Node::Attr(attrs, Box::new(sub)),
                    None => sub,
                }
            });
            // (`observers_placed`: an `Observe(abort = lower)` stays a `Fallback`'s child.)
            if root.size() <= MAX_SIZE && root.depth() <= MAX_DEPTH && root.observers_placed() {
                tree.root = root;
                break;
            }
        }
    }
}

/// In some trees with a blackboard (12 %), one to three statements of the scripts' arithmetic
/// (`bt::script`, `spec/decisions.md` decision 16: clamped, never a panic) on the entry `a0`,
/// appended to the tree's scripts (a `Script` leaf or a post-condition; the root gets a `post`
/// hook when the tree has none): operands at the bounds of `i64`, 0, -1, `a0` itself and the
/// tree's other integer entries, so that sums and products overflow, divisions by zero and
/// `i64::MIN / -1` happen. `a0` is read and written by these statements only: no plain Rust `+`
/// of the other scripts meets its extreme values. Draws from its own stream, so that the trees
/// are otherwise those of the same seed.
fn add_arithmetic(rng: &mut Rng, tree: &mut Tree) {
    let Some(decls) = &mut tree.board else {
        return;
    };
    if !rng.percent(12) {
        return;
    }
    let ints: Vec<Entry> = (decls.iter().map(|decl| decl.entry))
        .filter(|entry| entry.is_int())
        .collect();
    let init = [0, 0, 1, -1, 7, i64::MAX, i64::MIN][rng.below(7)];
    decls.push(Decl {
        entry: Entry::a0,
        init: if init == 0 {
            Init::Default
        } else {
            Init::Value(init)
        },
    });
    let operand = |rng: &mut Rng, literals: &[i64]| match rng.below(10) {
        0..=3 => Atom::Get(Entry::a0),
        4..=5 if !ints.is_empty() => Atom::Get(rng.pick(&ints)),
        _ => Atom::Lit(rng.pick(literals)),
    };
    let bounds = [i64::MAX, i64::MIN, 0, -1, 1, 3];
    let divisors = [i64::MAX, i64::MIN, 0, 0, -1, 2, 9];
    let count = [1, 1, 2, 3][rng.below(4)];
    let statements: Script = (0..count)
        .map(|_| match rng.weighted(&[3, 3, 3, 4, 3]) {
            4 => Stmt::Neg(Entry::a0, operand(rng, &bounds)),
            op => {
                let a = operand(rng, &bounds);
                let b = operand(rng, if op == 3 { &divisors } else { &bounds });
                Stmt::Arith(Entry::a0, ArithOp::ALL[op], a, b)
            }
        })
        .collect();
    let mut scripts = Vec::new();
    scripts_mut(&mut tree.root, &mut scripts);
    if scripts.is_empty() {
        match &mut tree.root {
            Node::Attr(attrs, _) => attrs.push(Attr::Post(Hook::Post, statements)),
            root => {
                let inner = std::mem::replace(root, Node::AlwaysSuccess);
                *root = Node::Attr(vec![Attr::Post(Hook::Post, statements)], Box::new(inner));
            }
        }
    } else {
        let at = rng.below(scripts.len());
        scripts[at].extend(statements);
    }
}

/// Every script of `node` and its descendants: `Script` leaves and post-conditions.
fn scripts_mut<'a>(node: &'a mut Node, out: &mut Vec<&'a mut Script>) {
    match node {
        Node::Script(script) => out.push(script),
        Node::Attr(attrs, inner) => {
            for attr in attrs.iter_mut() {
                if let Attr::Post(_, script) = attr {
                    out.push(script);
                }
            }
            scripts_mut(inner, out);
        }
        node => {
            for child in node.children_mut() {
                scripts_mut(child, out);
            }
        }
    }
}

/// Replaces the `n`-th node in pre-order (counting from `*seen`) by `wrap(node)`.
fn wrap_nth(
    node: &mut Node,
    n: usize,
    seen: &mut usize,
    wrap: &mut dyn FnMut(Node) -> Node,
) -> bool {
    if *seen == n {
        let inner = std::mem::replace(node, Node::AlwaysSuccess);
        *node = wrap(inner);
        return true;
    }
    *seen += 1;
    node.children_mut()
        .into_iter()
        .any(|child| wrap_nth(child, n, seen, wrap))
}

fn main() {
    let args = parse_args();
    let mut rng = Rng(args.seed);
    let mut sub_rng = Rng(args.seed ^ 0x5AB7_7EE5_0000_0000);
    let mut error_rng = Rng(args.seed ^ 0xE770_0000_0000_0000);
    let mut busy_rng = Rng(args.seed ^ 0xB057_0000_0000_0000);
    let mut user_rng = Rng(args.seed ^ 0x05E2_0000_0000_0000);
    let mut priority_rng = Rng(args.seed ^ 0x9210_0000_0000_0000);
    let mut fuse_rng = Rng(args.seed ^ 0xF05E_0000_0000_0000);
    let mut arith_rng = Rng(args.seed ^ 0xA417_0000_0000_0000);
    let mut seen = HashSet::new();
    if let Some(path) = &args.seen {
        if let Ok(text) = std::fs::read_to_string(path) {
            seen.extend(text.lines().map(str::to_string));
        }
    }
    let mut trees = Vec::new();
    while trees.len() < args.count {
        let mut tree = gen_tree(&mut rng);
        add_subtrees(&mut sub_rng, &mut tree);
        add_errors(&mut error_rng, &mut tree);
        nc_more::busy_observers(&mut busy_rng, &mut tree);
        user_nodes::add_user_nodes(&mut user_rng, &mut tree);
        nc_more::priority_modes(&mut priority_rng, &mut tree);
        user_nodes::add_fuses(&mut fuse_rng, &mut tree);
        add_arithmetic(&mut arith_rng, &mut tree);
        if args.mission && !mission_shape(&tree) {
            continue;
        }
        let desc = tree.to_desc();
        assert_eq!(tree::parse(&desc).as_ref(), Ok(&tree), "{desc}");
        assert!(!desc.contains('"') && !desc.contains('\\'), "{desc}");
        if seen.insert(desc) {
            trees.push(tree);
        }
    }

    if let Some(path) = &args.seen {
        let mut text: String = trees.iter().map(|t| t.to_desc() + "\n").collect();
        if let Ok(old) = std::fs::read_to_string(path) {
            text.insert_str(0, &old);
        }
        std::fs::write(path, text).expect("write the --seen file");
    }
    std::fs::create_dir_all(&args.out).expect("create the output directory");
    // Remove parts left from an earlier, larger run.
    for entry in std::fs::read_dir(&args.out).expect("read the output directory") {
        let path = entry.expect("directory entry").path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if name.starts_with("part_") && name.ends_with(".rs") {
            std::fs::remove_file(&path).expect("remove an old part");
        }
    }
    let command = format!(
        "bt-diff-gen --seed {} --count {} --per-file {} --prefix {}",
        args.seed, args.count, args.per_file, args.prefix
    );
    let parts: Vec<_> = trees.chunks(args.per_file).collect();
    let width = parts.len().saturating_sub(1).to_string().len().max(2);
    let name_width = (args.count - 1).to_string().len().max(4);
    let mut module = format!(
        "// @generated by `{command}`. Do not edit: see CONTRIBUTING.md.\n\
         //! {} random trees in {} parts; each part is one `#[test]`.\n\n",
        trees.len(),
        parts.len()
    );
    let mut nodes = 0;
    for (p, part) in parts.iter().enumerate() {
        let part_name = format!("part_{p:0width$}");
        let mut text = format!(
            "// @generated by `{command}`. Do not edit: see CONTRIBUTING.md.\n\n\
             #[allow(unused_imports)]\n\
             use crate::leaves::{{Act, Cond, Ctx, PAct, PCond, PIo, PTask, Task}};\n\
             #[allow(unused_imports)]\n\
             use crate::leaves::{{DiffError, TAct, TCond, TTask}};\n\
             #[allow(unused_imports)]\n\
             use crate::user::{{\n    Fuse, Gate, PipelineSequence, RateController, RecoveryNode, Rotate, RoundRobin, Sweep, Twice,\n}};\n\n"
        );
        let mut table = String::from("cases! {\n");
        for (i, tree) in part.iter().enumerate() {
            let index = p * args.per_file + i;
            let name = format!("{}{index:0name_width$}", args.prefix);
            nodes += tree.root.size();
            if p < SAVED_PARTS {
                // Saved and restored mid-run (`snapshot.rs`): the tree and its child trees derive
                // serde's traits.
                text.push_str(&tree.to_rust(&name).replace(
                    "bt::behavior_tree! {\n    pub tree ",
                    "bt::behavior_tree! {\n    #[derive(serde::Serialize, serde::Deserialize)]\n    pub tree ",
                ));
            } else {
                text.push_str(&tree.to_rust(&name));
            }
            if tree.board.is_some() {
                let entries: Vec<&str> = tree.entries().iter().map(|e| e.name()).collect();
                let _ = write!(
                    text,
                    "board!({name}Blackboard {{ {} }});\n\n",
                    entries.join(" ")
                );
            }
            if tree.root.fallible() {
                let _ = write!(text, "fallible!({name});\n\n");
            }
            let _ = writeln!(table, "    {name} \"{}\",", tree.to_desc());
        }
        table.push_str("}\n");
        text.push_str(&table);
        if p < SAVED_PARTS {
            // The trees of this part are also saved and restored mid-run (`snapshot.rs`).
            // Each tree in one format, alternating (`json`, `postcard`).
            let names: Vec<String> = (0..part.len())
                .map(|i| {
                    let format = ["json", "postcard"][i % 2];
                    format!("{}{:0name_width$} {format}", args.prefix, p * args.per_file + i)
                })
                .collect();
            let _ = write!(text, "\nsnapshots! {{\n    {},\n}}\n", names.join(",\n    "));
        }
        std::fs::write(args.out.join(format!("{part_name}.rs")), text).expect("write a part");
        let _ = writeln!(module, "mod {part_name};");
    }
    module.push('\n');
    for p in 0..parts.len() {
        let part_name = format!("part_{p:0width$}");
        let _ = write!(
            module,
            "#[test]\nfn {part_name}() {{\n    crate::harness::run_part(\"{part_name}\", {part_name}::CASES);\n}}\n\n"
        );
    }
    for p in 0..parts.len().min(SAVED_PARTS) {
        let part_name = format!("part_{p:0width$}");
        let _ = write!(
            module,
            "#[test]\nfn snapshot_{part_name}() {{\n    crate::snapshot::run_part(\"{part_name}\", {part_name}::CASES, {part_name}::SNAPSHOTS);\n}}\n\n"
        );
    }
    let _ = write!(
        module,
        "/// Every case, for the whole-suite checks.\n\
         pub const PARTS: &[&[crate::harness::Case]] = &[\n"
    );
    for p in 0..parts.len() {
        let _ = writeln!(module, "    part_{p:0width$}::CASES,");
    }
    module.push_str("];\n");
    std::fs::write(args.out.join("mod.rs"), module).expect("write mod.rs");
    let leaves: u64 = trees.iter().map(|t| t.root.leaf_ids()).sum();
    let dead: u64 = trees.iter().map(|t| t.root.dead_leaves()).sum();
    let boards = trees.iter().filter(|t| t.board.is_some()).count();
    eprintln!(
        "wrote {} trees ({} with a blackboard; {} nodes, {:.1} per tree; {} of {} leaves statically dead) in {} parts to {}",
        trees.len(),
        boards,
        nodes,
        nodes as f64 / trees.len() as f64,
        dead,
        leaves,
        parts.len(),
        args.out.display()
    );
}

/// In about 15 % of the trees (14 %, 25 % of those with a `SubTree` node; a stream of their
/// own, so that the other trees are those of the same seed without errors): an error type. Half
/// of the condition and stateful leaves and two thirds of the actions outside child trees (a
/// tree with an error type cannot be a `SubTree`) become fallible (`LeafForm::Try`, or for
/// conditions and actions now and then `TryInline`), and in about half of those trees (and in
/// every one without such a leaf) an `Error(DiffError(n))` leaf is added as the last child of a
/// composite outside child trees (or replaces a leaf).
fn add_errors(rng: &mut Rng, tree: &mut Tree) {
    // More often in the trees with a `SubTree` node, so that the infallible child tree of a
    // fallible one is covered too.
    let has_sub = tree.root.preorder().iter().any(|(n, _)| matches!(n, Node::Sub(..)));
    if !rng.percent(if has_sub { 25 } else { 14 }) {
        return;
    }
    fn convert(node: &mut Node, rng: &mut Rng) {
        match node {
            Node::Sub(..) => {}
            Node::Attr(_, inner) => convert(inner, rng),
            Node::Condition(_, form) => {
                if rng.percent(50) {
                    *form = if rng.percent(40) {
                        LeafForm::TryInline
                    } else {
                        LeafForm::Try
                    };
                }
            }
            // Actions are fewer: more of them become fallible, half of those inline.
            Node::Action(_, form) => {
                if rng.percent(65) {
                    *form = if rng.percent(50) {
                        LeafForm::TryInline
                    } else {
                        LeafForm::Try
                    };
                }
            }
            Node::Stateful(_, form) => {
                if rng.percent(50) {
                    *form = LeafForm::Try;
                }
            }
            other => {
                for child in other.children_mut() {
                    convert(child, rng);
                }
            }
        }
    }
    /// The composites (`composites`) and leaves (`leaves`) outside child trees, by pre-order
    /// index.
    fn places(node: &Node, seen: &mut usize, composites: &mut Vec<usize>, leaves: &mut Vec<usize>) {
        let me = *seen;
        *seen += 1;
        match node.bare() {
            Node::Sub(..) => {
                *seen += node.size() - 1;
                return;
            }
            Node::Composite(..) => composites.push(me),
            n if n.children().is_empty() => leaves.push(me),
            _ => {}
        }
        for child in node.children() {
            places(child, seen, composites, leaves);
        }
    }
    convert(&mut tree.root, rng);
    let n = 1000 + rng.below(100) as u32;
    if !tree.root.fallible() || rng.percent(50) {
        let (mut composites, mut leaves) = (Vec::new(), Vec::new());
        places(&tree.root, &mut 0, &mut composites, &mut leaves);
        if !composites.is_empty() && tree.root.size() < MAX_SIZE && rng.percent(75) {
            let at = rng.pick(&composites);
            let mut root = tree.root.clone();
            wrap_nth(&mut root, at, &mut 0, &mut |mut node| {
                if let Node::Composite(_, children) = &mut node {
                    children.push(Node::Error(n));
                } else if let Node::Attr(_, inner) = &mut node {
                    if let Node::Composite(_, children) = &mut **inner {
                        children.push(Node::Error(n));
                    }
                }
                node
            });
            if root.depth() <= MAX_DEPTH {
                tree.root = root;
            }
        } else if !leaves.is_empty() {
            let at = rng.pick(&leaves);
            wrap_nth(&mut tree.root, at, &mut 0, &mut |node| match node {
                Node::Attr(attrs, _) => Node::Attr(attrs, Box::new(Node::Error(n))),
                _ => Node::Error(n),
            });
        }
    }
}
