//! Generates the random trees of the differential test (`tests/differential.rs`).
//!
//! ```text
//! cargo run --release --manifest-path tests/differential/gen/Cargo.toml -- \
//!     [--seed N] [--count N] [--per-file N] [--out DIR] [--prefix NAME] [--seen FILE]
//! ```
//!
//! Writes `DIR/mod.rs` (one `#[test]` per part) and `DIR/part_NN.rs` (`--per-file` trees each,
//! as `behavior_tree!` invocations and a `cases! { Name "description", .. }` table). Defaults: seed 1, 1200 trees, 100 per file,
//! `tests/differential/trees` (the checked-in set). The same seed and count always give the same
//! files. See CONTRIBUTING.md for adding a node kind.

#[path = "../tree.rs"]
mod tree;

use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::PathBuf;

use tree::{Composite, Count, LeafForm, Node, Outcomes, Rule, RunOnceForm};

/// Deepest tree (levels, the root is level 1).
const MAX_DEPTH: usize = 8;
/// Largest tree (nodes).
const MAX_SIZE: usize = 60;

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
}

fn parse_args() -> Args {
    let mut args = Args {
        seed: 1,
        count: 1200,
        per_file: 100,
        out: PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../trees"),
        prefix: "Tree".to_string(),
        seen: None,
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
            "--help" | "-h" => {
                println!(
                    "bt-diff-gen [--seed N] [--count N] [--per-file N] [--out DIR] [--prefix NAME] [--seen FILE]"
                );
                std::process::exit(0);
            }
            other => panic!("unknown argument {other:?} (try --help)"),
        }
    }
    assert!(args.per_file > 0 && args.count > 0);
    args
}

/// A random tree of at most `budget` nodes whose root is at level `level`.
fn gen_node(rng: &mut Rng, level: usize, budget: usize) -> Node {
    let leaf_percent = match (level, budget) {
        (_, 1) => 100,
        (l, _) if l >= MAX_DEPTH => 100,
        (1, _) => 0,
        (_, 2) => 60,
        _ => 12,
    };
    if rng.percent(leaf_percent) {
        return gen_leaf(rng);
    }
    // Decorators are cheap; composites spend the budget.
    let decorator = budget < 3 || rng.percent(if budget > 20 { 20 } else { 35 });
    if decorator {
        let count = |rng: &mut Rng| match rng.below(6) {
            5 => Count::Forever,
            n => Count::Times(n as u32),
        };
        let kind = rng.weighted(&[10, 8, 8, 14, 14, 9, 5, 4, 5]);
        let count = if kind == 3 || kind == 4 {
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
        let child = Box::new(gen_node(rng, level + 1, child_budget));
        return match kind {
            0 => Node::Inverter(child),
            1 => Node::ForceSuccess(child),
            2 => Node::ForceFailure(child),
            3 => Node::Repeat(count, child),
            4 => Node::Retry(count, child),
            5 => Node::KeepRunningUntilFailure(child),
            6 => Node::RunOnce(RunOnceForm::Default, child),
            7 => Node::RunOnce(RunOnceForm::ThenSkip, child),
            _ => Node::RunOnce(RunOnceForm::KeepStatus, child),
        };
    }
    let kind = Composite::ALL[rng.weighted(&[10, 4, 8, 4, 12, 10, 4, 12])];
    let max_children = (budget - 1).min(5);
    let n = if max_children == 1 {
        1
    } else {
        // One child now and then; mostly 2 to 4.
        [1, 2, 2, 3, 3, 4, 5][rng.below(7)].min(max_children)
    };
    // Split the remaining budget: every child gets at least one node.
    let spare = budget - 1 - n;
    let mut shares = vec![1; n];
    for _ in 0..spare {
        shares[rng.below(n)] += 1;
    }
    // A child that can never let the composite go on (a Sequence child that never succeeds nor
    // skips, e.g. `ForceFailure`, `KeepRunningUntilFailure`) would make its later siblings dead
    // code: draw such a child again, a few times.
    let go = match kind.rule() {
        Rule::Fallback | Rule::ReactiveFallback => Outcomes::FAILURE,
        _ => Outcomes::SUCCESS,
    };
    let children = shares
        .iter()
        .enumerate()
        .map(|(i, &share)| {
            let mut child = gen_node(rng, level + 1, share);
            for _ in 0..8 {
                let o = child.outcomes();
                if i + 1 == n || o.has(go) || o.has(Outcomes::SKIPPED) {
                    break;
                }
                child = gen_node(rng, level + 1, share);
            }
            child
        })
        .collect();
    Node::Composite(kind, children)
}

fn gen_leaf(rng: &mut Rng) -> Node {
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
    match rng.weighted(&[30, 20, 40, 5, 5]) {
        0 => Node::Condition(0, form(rng, true)),
        1 => Node::Action(0, form(rng, true)),
        2 => Node::Stateful(0, form(rng, false)),
        3 => Node::AlwaysSuccess,
        _ => Node::AlwaysFailure,
    }
}

/// Numbers the leaves `0, 1, 2, ..` in pre-order.
fn number_leaves(node: &mut Node, next: &mut usize) {
    match node {
        Node::Condition(id, _) | Node::Action(id, _) | Node::Stateful(id, _) => {
            *id = *next;
            *next += 1;
        }
        Node::Composite(_, children) => {
            for child in children {
                number_leaves(child, next);
            }
        }
        Node::Inverter(c)
        | Node::ForceSuccess(c)
        | Node::ForceFailure(c)
        | Node::Repeat(_, c)
        | Node::Retry(_, c)
        | Node::KeepRunningUntilFailure(c)
        | Node::RunOnce(_, c) => number_leaves(c, next),
        Node::AlwaysSuccess | Node::AlwaysFailure => {}
    }
}

fn gen_tree(rng: &mut Rng) -> Node {
    // Mostly small and medium trees (cheaper to compile, and most bugs are small), some large.
    let size = match rng.weighted(&[40, 40, 20]) {
        0 => rng.range(3, 12),
        1 => rng.range(13, 30),
        _ => rng.range(31, MAX_SIZE),
    };
    let mut node = gen_node(rng, 1, size);
    number_leaves(&mut node, &mut 0);
    assert!(node.size() <= MAX_SIZE && node.depth() <= MAX_DEPTH);
    node
}

fn main() {
    let args = parse_args();
    let mut rng = Rng(args.seed);
    let mut seen = HashSet::new();
    if let Some(path) = &args.seen {
        if let Ok(text) = std::fs::read_to_string(path) {
            seen.extend(text.lines().map(str::to_string));
        }
    }
    let mut trees = Vec::new();
    while trees.len() < args.count {
        let tree = gen_tree(&mut rng);
        let desc = tree.to_desc();
        assert_eq!(tree::parse(&desc).as_ref(), Ok(&tree), "{desc}");
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
             use crate::leaves::{{Act, Cond, Ctx, Task}};\n\n"
        );
        let mut table = String::from("cases! {\n");
        for (i, tree) in part.iter().enumerate() {
            let index = p * args.per_file + i;
            let name = format!("{}{index:0name_width$}", args.prefix);
            nodes += tree.size();
            let dsl = tree.to_dsl(2);
            let dsl = dsl.trim_end().trim_end_matches(',');
            let _ = write!(
                text,
                "bt::behavior_tree! {{\n    pub tree {name} for Ctx {{\n{dsl}\n    }}\n}}\n\n"
            );
            let _ = writeln!(table, "    {name} \"{}\",", tree.to_desc());
        }
        table.push_str("}\n");
        text.push_str(&table);
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
    let leaves: u64 = trees.iter().map(Node::leaf_ids).sum();
    let dead: u64 = trees.iter().map(Node::dead_leaves).sum();
    eprintln!(
        "wrote {} trees ({} nodes, {:.1} per tree; {} of {} leaves statically dead) in {} parts to {}",
        trees.len(),
        nodes,
        nodes as f64 / trees.len() as f64,
        dead,
        leaves,
        parts.len(),
        args.out.display()
    );
}
