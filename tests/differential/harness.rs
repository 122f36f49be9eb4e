//! Runs each generated tree side by side with the reference interpreter and checks the halt
//! invariants. See `tests/differential/main.rs` for the environment variables.

#![allow(dead_code)]

use std::collections::VecDeque;
use std::fmt::Write as _;

use bt::{BehaviorTree, Deque, NodeInfo, Status, Tracked};

use crate::leaves::{mix, Bb, Call, Ctx, DiffError, Queue, Rng, Slot};
use crate::reference::Reference;
use crate::tree::{self, Entry, Node, Tree, QUEUE_CAP};

/// Trees with an error type: their `DynTree` (`fallible!`) and the checks after an error.
#[macro_use]
#[path = "fallible.rs"]
pub mod fallible;

/// The `CASES` table of one generated part (the trees themselves are plain `behavior_tree!`
/// invocations next to it):
///
/// ```text
/// cases! {
///     Tree0001 "Seq(c0,t1)",
/// }
/// ```
///
/// (The DSL is not passed through this macro: `behavior_tree!` with leaf types that come from a
/// `macro_rules!` fragment does not compile, see `tests/regression/`.)
macro_rules! cases {
    ($($name:ident $desc:literal),* $(,)?) => {
        pub const CASES: &[crate::harness::Case] = &[$(
            crate::harness::Case {
                name: stringify!($name),
                desc: $desc,
                nodes: $name::NODES,
                make: || Box::new($name::new()),
            },
        )*];
    };
}

/// The snapshot and outside writes of one tree's blackboard type, for the entries it declares
/// (the generator writes one line per tree with a blackboard section):
///
/// ```text
/// board!(Tree0001Blackboard { b0 t0 o0 });
/// ```
macro_rules! board {
    ($ty:ident { $($entry:ident)* }) => {
        impl crate::harness::Board for $ty {
            fn snapshot(&self) -> crate::leaves::Bb {
                let mut bb = crate::leaves::Bb::default();
                $(
                    bb.slots[crate::tree::Entry::$entry.index()] =
                        Some(crate::harness::EntryValue::slot(&self.$entry));
                )*
                bb
            }

            fn poke(&mut self, entry: crate::tree::Entry, value: Option<i64>) {
                match entry {
                    $(crate::tree::Entry::$entry => {
                        crate::harness::EntryValue::poke(&mut self.$entry, value)
                    })*
                    #[allow(unreachable_patterns)]
                    _ => panic!("{entry:?} is not declared"),
                }
            }
        }
    };
}

/// A compiled tree's blackboard, seen by the harness.
pub trait Board {
    /// Every declared entry's value (and version, for a tracked entry).
    fn snapshot(&self) -> Bb;
    /// Writes an entry from outside, between ticks (`set` for a tracked entry: an update).
    fn poke(&mut self, entry: Entry, value: Option<i64>);
}

impl Board for () {
    fn snapshot(&self) -> Bb {
        Bb::default()
    }

    fn poke(&mut self, entry: Entry, _: Option<i64>) {
        panic!("{entry:?}: the tree has no blackboard")
    }
}

/// The types of the entries ([`Entry`]): `i64`, `bt::Tracked<i64>`, `Option<i64>`,
/// `bt::Deque<i64, 4>`.
pub trait EntryValue {
    fn slot(&self) -> Slot;
    fn poke(&mut self, value: Option<i64>);
}

impl EntryValue for i64 {
    fn slot(&self) -> Slot {
        Slot::value(Some(*self), 0)
    }

    fn poke(&mut self, value: Option<i64>) {
        *self = value.expect("an i64 entry");
    }
}

impl EntryValue for Tracked<i64> {
    fn slot(&self) -> Slot {
        Slot::value(Some(**self), self.version())
    }

    fn poke(&mut self, value: Option<i64>) {
        self.set(value.expect("an i64 entry"));
    }
}

impl EntryValue for Option<i64> {
    fn slot(&self) -> Slot {
        Slot::value(*self, 0)
    }

    fn poke(&mut self, value: Option<i64>) {
        *self = value;
    }
}

/// The queue of the `Loop` nodes: a write from outside appends an item (nothing when the queue
/// is full), or, for `None`, empties it.
impl EntryValue for Deque<i64, QUEUE_CAP> {
    fn slot(&self) -> Slot {
        Slot::queue(Queue::from_items(self.iter().copied()))
    }

    fn poke(&mut self, value: Option<i64>) {
        match value {
            Some(item) => {
                let _ = self.push_back(item);
            }
            None => self.clear(),
        }
    }
}

/// The list of the `Iterate` nodes, kept like the queue: a write from outside appends an item
/// (nothing at 4 items), or, for `None`, empties it.
impl EntryValue for Vec<i64> {
    fn slot(&self) -> Slot {
        Slot::queue(Queue::from_items(self.iter().copied()))
    }

    fn poke(&mut self, value: Option<i64>) {
        match value {
            Some(item) if self.len() < QUEUE_CAP => self.push(item),
            Some(_) => {}
            None => self.clear(),
        }
    }
}

/// Gives a tree the blackboard values of `board` (the queue: its items), through writes from
/// outside.
fn load_board(tree: &mut dyn DynTree, board: &Bb, entries: &[Entry]) {
    for &entry in entries {
        let slot = board.slots[entry.index()].unwrap();
        if entry.queue() {
            tree.poke(entry, None);
            for &item in slot.queue.items() {
                tree.poke(entry, Some(item));
            }
        } else {
            tree.poke(entry, slot.value);
        }
    }
}

/// True if the tree holds a node of this kind.
fn holds(node: &Node, kind: &dyn Fn(&Node) -> bool) -> bool {
    kind(node.bare()) || node.children().iter().any(|c| holds(c, kind))
}

/// One generated tree: its compiled form and its description.
pub struct Case {
    pub name: &'static str,
    /// The description `tree::parse` reads (the interpreter builds from it).
    pub desc: &'static str,
    /// The compiled tree's node metadata (checked against the description).
    pub nodes: &'static [NodeInfo],
    /// A new compiled tree.
    pub make: fn() -> Box<dyn DynTree>,
}

/// The compiled trees behind one non-generic interface (keeps the per-tree generic code, and
/// so the build time, small).
pub trait DynTree {
    /// A tree without error type never fails (`fallible!` implements it for the others).
    fn tick(&mut self, ctx: &mut Ctx) -> Result<Status, DiffError>;
    fn halt(&mut self, ctx: &mut Ctx);
    fn status(&self) -> Option<Status>;
    fn snapshot(&self) -> Bb;
    fn poke(&mut self, entry: Entry, value: Option<i64>);
    /// The tree as its own type, for saving it (`snapshot.rs`).
    fn as_any(&self) -> &dyn std::any::Any;
}

impl<T: BehaviorTree<Context = Ctx> + 'static> DynTree for T
where
    T::Blackboard: Board,
{
    fn tick(&mut self, ctx: &mut Ctx) -> Result<Status, DiffError> {
        Ok(BehaviorTree::tick(self, ctx))
    }
    fn halt(&mut self, ctx: &mut Ctx) {
        BehaviorTree::halt(self, ctx)
    }
    fn status(&self) -> Option<Status> {
        BehaviorTree::status(self)
    }
    fn snapshot(&self) -> Bb {
        self.blackboard().snapshot()
    }
    fn poke(&mut self, entry: Entry, value: Option<i64>) {
        self.blackboard_mut().poke(entry, value)
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// The settings of a run, from the environment.
#[derive(Clone, Debug)]
pub struct Config {
    /// `BT_DIFF_SEED`: the base of every script seed (default 0x5EED; `random` picks one).
    pub seed: u64,
    /// `BT_DIFF_RUNS`: script seeds per tree (default 8).
    pub runs: u64,
    /// `BT_DIFF_TICKS`: ticks per run (default 250).
    pub ticks: u64,
    /// `BT_DIFF_TREE`: only these trees (comma-separated names), if set.
    pub only: Option<Vec<String>>,
    /// `BT_DIFF_VERBOSE=1`: print every step of every run (use with `BT_DIFF_TREE`).
    pub verbose: bool,
}

const DEFAULT_SEED: u64 = 0x5EED;

impl Config {
    pub fn from_env() -> Config {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
        let number = |name: &str, default: u64| match var(name) {
            None => default,
            Some(text) => {
                parse_number(&text).unwrap_or_else(|| panic!("{name}={text:?} is not a number"))
            }
        };
        let seed = match var("BT_DIFF_SEED").as_deref() {
            Some("random") => {
                let nanos = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .unwrap()
                    .as_nanos() as u64;
                mix(&[nanos, std::process::id() as u64])
            }
            _ => number("BT_DIFF_SEED", DEFAULT_SEED),
        };
        Config {
            seed,
            runs: number("BT_DIFF_RUNS", 8),
            ticks: number("BT_DIFF_TICKS", 250),
            only: var("BT_DIFF_TREE").map(|v| v.split(',').map(|s| s.trim().to_string()).collect()),
            verbose: var("BT_DIFF_VERBOSE").is_some_and(|v| v != "0"),
        }
    }
}

fn parse_number(text: &str) -> Option<u64> {
    let text = text.trim().replace('_', "");
    match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => text.parse().ok(),
    }
}

/// What one part's run covered.
#[derive(Default, Debug)]
pub struct Totals {
    pub trees: u64,
    pub runs: u64,
    pub ticks: u64,
    pub halts: u64,
    pub leaf_calls: u64,
    pub halted_actions: u64,
    pub fresh_checks: u64,
    /// `on_halted` calls inside ticks (pre-emptions by reactive nodes).
    pub preempted: u64,
    /// Root results: Running, Success, Failure, Skipped.
    pub roots: [u64; 4],
    /// Leaves of the runs' trees, how many of them were called at least once in their run, and
    /// per tree, in at least one of its runs.
    pub leaves: u64,
    pub leaves_called: u64,
    pub tree_leaves: u64,
    pub tree_leaves_called: u64,
    /// Trees with a blackboard; steps (ticks and halts) that changed it; writes from outside;
    /// port values received and written (`In`/`Out` calls).
    pub boards: u64,
    pub board_changes: u64,
    pub pokes: u64,
    pub port_values: u64,
    /// Ticks that failed with an error (trees with an error type).
    pub errors: u64,
    /// Saves and restores of the library's tree (`snapshot.rs`), through JSON values and
    /// postcard, and the bytes of the latter.
    pub saves_json: u64,
    pub saves_bytes: u64,
    pub saved_bytes: u64,
}

/// Runs every case of a part; panics with the reports of the trees that failed.
pub fn run_part(part: &str, cases: &[Case]) {
    run_cases(part, cases, None);
}

/// Runs every case of a part, the cases of `saved` saving and restoring the library's tree at
/// random steps (`snapshot.rs`); panics with the reports of the trees that failed.
pub fn run_cases(part: &str, cases: &[Case], saved: Option<&[crate::snapshot::Snap]>) {
    let config = Config::from_env();
    let mut totals = Totals::default();
    let mut failures = Vec::new();
    for case in cases {
        if let Some(only) = &config.only {
            if !only.iter().any(|name| name == case.name) {
                continue;
            }
        }
        let snap = match saved {
            None => None,
            Some(saved) => match saved.iter().find(|snap| snap.name == case.name) {
                None => continue,
                snap => snap,
            },
        };
        totals.trees += 1;
        if let Err(report) = run_case(part, case, snap, &config, &mut totals) {
            failures.push((case.name, report));
        }
    }
    println!(
        "{part}: seed {:#x}: {} trees, {} runs, {} ticks, {} halts, {} leaf calls, \
         {} actions halted by a halt, {} pre-empted in a tick, {} fresh-after-halt ticks; \
         root Running/Success/Failure/Skipped {:?}; leaves called: {} of {} per run, {} of {} per tree; \
         {} trees with a blackboard, {} steps changed it, {} outside writes, {} port values, \
         {} ticks failed with an error{}",
        config.seed,
        totals.trees,
        totals.runs,
        totals.ticks,
        totals.halts,
        totals.leaf_calls,
        totals.halted_actions,
        totals.preempted,
        totals.fresh_checks,
        totals.roots,
        totals.leaves_called,
        totals.leaves,
        totals.tree_leaves_called,
        totals.tree_leaves,
        totals.boards,
        totals.board_changes,
        totals.pokes,
        totals.port_values,
        totals.errors,
        if saved.is_some() {
            format!(
                "; {} saves and restores through JSON values, {} through postcard ({} bytes)",
                totals.saves_json, totals.saves_bytes, totals.saved_bytes
            )
        } else {
            String::new()
        },
    );
    if !failures.is_empty() {
        let names: Vec<_> = failures.iter().map(|(name, _)| *name).collect();
        let mut message = format!(
            "{} of {} trees of {part} failed: {}\n\n",
            failures.len(),
            totals.trees,
            names.join(", ")
        );
        for (_, report) in failures.iter().take(3) {
            message.push_str(report);
            message.push('\n');
        }
        if failures.len() > 3 {
            message.push_str(
                "(reports of the other trees left out; rerun with BT_DIFF_TREE=<name>)\n",
            );
        }
        panic!("{message}");
    }
}

/// Checks one case for every script seed; the report of the first failure.
pub fn run_case(
    part: &str,
    case: &Case,
    snap: Option<&crate::snapshot::Snap>,
    config: &Config,
    totals: &mut Totals,
) -> Result<(), String> {
    let tree =
        tree::parse(case.desc).map_err(|e| format!("{}: bad description: {e}", case.name))?;
    check_structure(case, &tree)?;
    totals.boards += u64::from(tree.board.is_some());
    let mut called = std::collections::HashSet::new();
    for run in 0..config.runs {
        totals.runs += 1;
        let mut one = Run::new(part, case, &tree, config, run);
        one.snap = snap;
        called.extend(one.go(totals)?);
    }
    totals.tree_leaves += tree.root.leaf_ids();
    totals.tree_leaves_called += called.len() as u64;
    Ok(())
}

/// The description and the compiled tree have the same shape: node count, kinds, parents (a
/// `SubTree` node's child tree follows it), and the `SubTree` category.
fn check_structure(case: &Case, tree: &Tree) -> Result<(), String> {
    let expected = tree.root.preorder();
    let same = expected.len() == case.nodes.len()
        && expected.iter().zip(case.nodes).all(|((n, parent), info)| {
            info.kind == n.dsl_kind()
                && info.parent == *parent
                && (info.category == bt::NodeCategory::SubTree) == (n.dsl_kind() == "SubTree")
        });
    if same {
        Ok(())
    } else {
        Err(format!(
            "{}: the compiled tree's NODES do not match its description {}\nexpected (kind, parent): {:?}\ncompiled: {:?}",
            case.name,
            case.desc,
            expected
                .iter()
                .map(|(n, p)| (n.dsl_kind(), *p))
                .collect::<Vec<_>>(),
            case.nodes
                .iter()
                .map(|i| (i.kind, i.parent))
                .collect::<Vec<_>>()
        ))
    }
}

/// Ticks for which a freshly built tree shadows a halted one (trees without halt memory).
const FRESH_TICKS: u64 = 12;

/// How far the clock moves before each tick (ms), one list per run: a clock that stands still,
/// steady ones, and irregular ones; the durations in the trees are 0, 10, 20, 30, 50 and 100 ms,
/// so that deadlines are reached exactly as well as passed.
const PACES: [&[u64]; 6] = [
    &[0],
    &[10],
    &[0, 10],
    &[0, 5, 10, 20],
    &[10, 20, 30],
    &[0, 0, 0, 50],
];

/// One tree, one script seed.
struct Run<'a> {
    part: &'a str,
    case: &'a Case,
    tree: &'a Tree,
    config: &'a Config,
    run: u64,
    seed: u64,
    lib: Box<dyn DynTree>,
    lib_ctx: Ctx,
    reference: Reference,
    ref_ctx: Ctx,
    /// A fresh tree ticked next to the library's after a halt, with what is left to compare.
    shadow: Option<(Box<dyn DynTree>, Ctx, u64)>,
    /// The last steps, for reports.
    history: VecDeque<String>,
    step: u64,
    /// The leaves called so far.
    called: std::collections::HashSet<usize>,
    /// The tree has a WhileDoElse, which leaves a running branch unticked while its condition
    /// runs (spec 2.9): a started action may then be left unticked in a Running tick.
    pauses: bool,
    /// The tree has a `TryCatch(catch_on_halt = true)`, which ticks its catch child in a halt
    /// (spec 2.11): a halt may call leaves (and start and halt actions).
    halt_ticks: bool,
    /// Saves the library's tree at random steps and goes on with a restored copy.
    snap: Option<&'a crate::snapshot::Snap>,
}

/// FNV-1a, to turn a tree name into a seed part.
fn hash(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

fn calls(log: &[Call]) -> String {
    format!("{log:?}")
}

/// The blackboard for a step line (nothing for a tree without one).
fn board_text(bb: &Bb) -> String {
    if bb.is_empty() {
        String::new()
    } else {
        format!(" bb {bb:?}")
    }
}

impl<'a> Run<'a> {
    fn new(part: &'a str, case: &'a Case, tree: &'a Tree, config: &'a Config, run: u64) -> Run<'a> {
        let seed = mix(&[config.seed, hash(case.name), run]);
        Run {
            part,
            case,
            tree,
            config,
            run,
            seed,
            lib: (case.make)(),
            lib_ctx: Ctx::new(seed),
            reference: Reference::new(tree),
            ref_ctx: Ctx::new(seed),
            shadow: None,
            history: VecDeque::new(),
            step: 0,
            called: Default::default(),
            pauses: holds(&tree.root, &|n| matches!(n, Node::WhileDoElse(_))),
            halt_ticks: holds(&tree.root, &|n| matches!(n, Node::TryCatch(Some(true), _))),
            snap: None,
        }
    }

    /// Runs; answers the leaves that were called.
    fn go(mut self, totals: &mut Totals) -> Result<std::collections::HashSet<usize>, String> {
        let mut schedule = Rng(mix(&[self.seed, 0x5c4e_d01e]));
        // Some runs halt often, some rarely.
        let halt_percent = schedule.pick(&[1, 3, 6, 12, 25]);
        // Some runs write entries from outside between ticks, some do not.
        let poke_percent = schedule.pick(&[0, 2, 5, 10]);
        let entries = self.tree.entries();
        // The clock and the refills of the queue have streams of their own.
        let mut clock = Rng(mix(&[self.seed, 0xc10c]));
        let pace = clock.pick(&PACES);
        let mut refill = Rng(mix(&[self.seed, 0x0fee_d0e5]));
        let refill_percent = if entries.contains(&Entry::q0) {
            refill.pick(&[0, 5, 15, 30])
        } else {
            0
        };
        // The saves have a stream of their own, so that the run is otherwise the same.
        let mut saves = Rng(mix(&[self.seed, 0x5a7e]));
        for tick in 0..self.config.ticks {
            if tick > 0 && schedule.percent(halt_percent) {
                self.halt(totals)?;
            }
            if let Some(snap) = self.snap {
                if saves.percent(crate::snapshot::SAVE_PERCENT) {
                    self.lib = snap.round_trip(&*self.lib, totals)?;
                    self.remember("saved and restored".into());
                }
            }
            if !entries.is_empty() && schedule.percent(poke_percent) {
                let entry = schedule.pick(&entries);
                let value = if entry.queue() && schedule.percent(25)
                    || entry.optional() && schedule.percent(40)
                {
                    None
                } else {
                    Some(schedule.below(10) as i64)
                };
                self.poke(entry, value, totals);
            }
            if refill.percent(refill_percent) {
                for _ in 0..1 + refill.below(3) {
                    let item = refill.below(10) as i64;
                    self.poke(Entry::q0, Some(item), totals);
                }
            }
            let step = clock.pick(pace);
            self.advance(step);
            self.tick(totals)?;
        }
        // Every run ends with a halt: nothing may be left started.
        self.halt(totals)?;
        totals.leaves += self.tree.root.leaf_ids();
        totals.leaves_called += self.called.len() as u64;
        Ok(self.called)
    }

    fn remember(&mut self, line: String) {
        if self.config.verbose {
            println!("{} run {}: {line}", self.case.name, self.run);
        }
        self.history.push_back(line);
        if self.history.len() > 16 {
            self.history.pop_front();
        }
    }

    /// Writes an entry from outside, on both sides (and in the fresh tree, if any).
    fn poke(&mut self, entry: Entry, value: Option<i64>, totals: &mut Totals) {
        totals.pokes += 1;
        self.lib.poke(entry, value);
        self.reference.poke(entry, value);
        if let Some((fresh, ..)) = &mut self.shadow {
            fresh.poke(entry, value);
        }
        self.remember(match (entry.queue(), value) {
            (true, Some(item)) => format!("outside: {}.push_back({item})", entry.name()),
            (true, None) => format!("outside: {}.clear()", entry.name()),
            _ => format!("outside: {} := {value:?}", entry.name()),
        });
    }

    /// Moves every clock (both sides', the fresh tree's) forward by `ms`.
    fn advance(&mut self, ms: u64) {
        self.lib_ctx.advance(ms);
        self.ref_ctx.advance(ms);
        if let Some((_, ctx, _)) = &mut self.shadow {
            ctx.advance(ms);
        }
        if ms > 0 {
            self.remember(format!("clock: +{ms} ms = {:?}", self.lib_ctx.now()));
        }
    }

    /// The library's blackboard equals the interpreter's, after a step that started from
    /// `before`.
    fn check_board(&mut self, before: Bb, what: &str, totals: &mut Totals) -> Result<Bb, String> {
        let lib = self.lib.snapshot();
        if lib != self.reference.bb {
            return Err(self.report(
                &format!("the blackboard after the {what} differs from the reference"),
                &format!(
                    "before:    {before:?}\nlibrary:   {lib:?}\nreference: {:?}",
                    self.reference.bb
                ),
            ));
        }
        totals.board_changes += u64::from(lib != before);
        Ok(lib)
    }

    fn tick(&mut self, totals: &mut Totals) -> Result<(), String> {
        self.step += 1;
        totals.ticks += 1;
        let before = self.lib.snapshot();
        let lib_status = self.lib.tick(&mut self.lib_ctx);
        let lib_calls = self.lib_ctx.take_log();
        let ref_status =
            self.reference
                .try_tick(self.case.desc, &self.tree.root, &mut self.ref_ctx);
        let ref_calls = self.ref_ctx.take_log();
        totals.leaf_calls += lib_calls.len() as u64;
        if let Ok(status) = lib_status {
            totals.roots[status as usize] += 1;
        }
        for call in &lib_calls {
            match call {
                Call::OnHalted(_) => totals.preempted += 1,
                Call::In(..) | Call::Out(..) => totals.port_values += 1,
                _ => {}
            }
            // (A user node's calls name the node, not a leaf.)
            if call.id() < tree::USER_ID_BASE {
                self.called.insert(call.id());
            }
        }
        if (lib_status, &lib_calls) != (ref_status, &ref_calls) {
            return Err(self.report(
                "the tick differs from the reference",
                &format!(
                    "library:   {lib_status:?} {}\nreference: {ref_status:?} {}",
                    calls(&lib_calls),
                    calls(&ref_calls)
                ),
            ));
        }
        let board = self.check_board(before, "tick", totals)?;
        self.remember(format!(
            "step {}: tick -> {lib_status:?} {}{}",
            self.step,
            calls(&lib_calls),
            board_text(&board)
        ));
        let lib_status = match lib_status {
            Ok(status) => status,
            Err(error) => return self.after_error(error, &lib_calls, board, totals),
        };
        if self.lib.status() != Some(lib_status) {
            return Err(self.report(
                "status() is not the status the tick returned",
                &format!("tick: {lib_status:?}, status(): {:?}", self.lib.status()),
            ));
        }
        self.check_contract()?;
        // A started action was ticked in this tick and answered Running: an action that is
        // left started without being ticked (or halted) leaked.
        for id in self.lib_ctx.started() {
            let last = lib_calls.iter().rev().find(|call| match call {
                Call::OnStart(i, _) | Call::OnRunning(i, _) | Call::OnHalted(i) => *i == id,
                _ => false,
            });
            let ok = self.pauses
                || matches!(
                    last,
                    Some(Call::OnStart(_, Status::Running) | Call::OnRunning(_, Status::Running))
                );
            if !ok || lib_status != Status::Running {
                return Err(self.report(
                    "a stateful action is left started but was not ticked (pre-empted without on_halted)",
                    &format!("t{id} is started after a tick that answered {lib_status:?}"),
                ));
            }
        }
        self.tick_shadow(Ok(lib_status), &lib_calls, totals)
    }

    /// After a halt, a tree without halt memory must behave exactly like a new one.
    fn tick_shadow(
        &mut self,
        lib_status: Result<Status, DiffError>,
        lib_calls: &[Call],
        totals: &mut Totals,
    ) -> Result<(), String> {
        let Some((fresh, ctx, left)) = &mut self.shadow else {
            return Ok(());
        };
        let fresh_status = fresh.tick(ctx);
        let fresh_calls = ctx.take_log();
        let fresh_board = fresh.snapshot().values();
        totals.fresh_checks += 1;
        *left -= 1;
        let done = *left == 0;
        let lib_board = self.lib.snapshot().values();
        if (fresh_status, fresh_calls.as_slice(), fresh_board) != (lib_status, lib_calls, lib_board)
        {
            return Err(self.report(
                "after a halt, the tree does not behave like a new one with the same blackboard values (it has no SequenceWithMemory, RunOnce or update node)",
                &format!("halted tree: {lib_status:?} {} {lib_board:?}\nnew tree:    {fresh_status:?} {} {fresh_board:?}", calls(lib_calls), calls(&fresh_calls)),
            ));
        }
        if done {
            self.shadow = None;
        }
        Ok(())
    }

    fn halt(&mut self, totals: &mut Totals) -> Result<(), String> {
        self.step += 1;
        totals.halts += 1;
        let started = self.lib_ctx.started();
        let before = self.lib.snapshot();
        self.lib.halt(&mut self.lib_ctx);
        let lib_calls = self.lib_ctx.take_log();
        self.reference.halt(&mut self.ref_ctx);
        let ref_calls = self.ref_ctx.take_log();
        totals.halted_actions += lib_calls.len() as u64;
        if lib_calls != ref_calls {
            return Err(self.report(
                "the halt differs from the reference",
                &format!(
                    "library:   {}\nreference: {}",
                    calls(&lib_calls),
                    calls(&ref_calls)
                ),
            ));
        }
        let board = self.check_board(before, "halt", totals)?;
        self.remember(format!(
            "step {}: halt {}{}",
            self.step,
            calls(&lib_calls),
            board_text(&board)
        ));
        self.check_contract()?;
        // on_halted exactly once for each started action, and nothing else (but the port values
        // of those actions' on_halted, and the `on_halted` of user nodes with their inputs).
        // A TryCatch(catch_on_halt = true) may tick its catch child in the halt: those calls are
        // allowed, and an action it starts there is halted there too.
        let mut halted: Vec<usize> = Vec::new();
        let mut expected = started.clone();
        for call in &lib_calls {
            match call {
                Call::OnHalted(id) => halted.push(*id),
                Call::In(id, _) | Call::Out(id, _) if started.contains(id) => {
                    totals.port_values += 1
                }
                Call::OnStart(id, Status::Running) if self.halt_ticks => expected.push(*id),
                // A halted user node's `on_halted`, and the input it loads for it.
                Call::User(_, 'x') => {}
                Call::In(id, _) if *id >= tree::USER_ID_BASE => totals.port_values += 1,
                _ if self.halt_ticks => {}
                other => {
                    return Err(self.report(
                        "a halt called a leaf other than through on_halted",
                        &format!("{other:?}"),
                    ))
                }
            }
        }
        halted.sort_unstable();
        expected.sort_unstable();
        if halted != expected {
            return Err(self.report(
                "on_halted must be called exactly once for each started action",
                &format!("started before the halt: {started:?}; on_halted: {halted:?}"),
            ));
        }
        let left = self.lib_ctx.started();
        if !left.is_empty() {
            return Err(self.report(
                "actions are left started after a halt",
                &format!("{left:?}"),
            ));
        }
        if self.lib.status().is_some() {
            return Err(self.report(
                "status() after a halt",
                &format!("{:?}, expected None", self.lib.status()),
            ));
        }
        // The interpreter's own halt leaves only the memory the spec keeps (a mutated
        // interpreter must be caught by the comparison instead).
        let root = &self.reference.root;
        if crate::reference::active_mutation().is_none()
            && *root != root.forget_all_but_halt_memory()
        {
            return Err(self.report(
                "reference bug: state left after a halt",
                &format!("{root:?}"),
            ));
        }
        self.start_shadow(&board);
        Ok(())
    }

    /// After a halt (or a tick that failed): a tree without halt memory must now behave like a
    /// new one given the blackboard values `board`, which runs next to it for a few ticks.
    fn start_shadow(&mut self, board: &Bb) {
        self.shadow = if self.tree.root.has_halt_memory() {
            None
        } else {
            let mut fresh = (self.case.make)();
            load_board(&mut *fresh, board, &self.tree.entries());
            Some((fresh, self.lib_ctx.clone(), FRESH_TICKS))
        };
    }

    fn check_contract(&mut self) -> Result<(), String> {
        let lib = self.lib_ctx.take_violations();
        if !lib.is_empty() {
            return Err(self.report("the stateful-action contract is broken", &lib.join("\n")));
        }
        let reference = self.ref_ctx.take_violations();
        if !reference.is_empty() {
            return Err(self.report(
                "reference bug: the stateful-action contract is broken",
                &reference.join("\n"),
            ));
        }
        Ok(())
    }

    fn report(&self, what: &str, detail: &str) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "=== {} ({}): {what}", self.case.name, self.part);
        let _ = writeln!(
            out,
            "step {} of run {} (BT_DIFF_SEED={:#x}, script seed {:#x})",
            self.step, self.run, self.config.seed, self.seed
        );
        let _ = writeln!(out, "{detail}");
        let _ = writeln!(out, "tree {}:", self.case.desc);
        out.push_str(&self.tree.to_rust(self.case.name));
        let _ = writeln!(out, "previous steps (library and reference agreed):");
        for line in &self.history {
            let _ = writeln!(out, "  {line}");
        }
        let _ = writeln!(
            out,
            "reproduce: BT_DIFF_SEED={:#x} BT_DIFF_TREE={} BT_DIFF_VERBOSE=1 cargo test --test differential {} -- --nocapture",
            self.config.seed, self.case.name, self.part
        );
        out
    }
}
