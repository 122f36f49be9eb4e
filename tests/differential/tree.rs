//! The tree description shared by the generator (`gen/`) and the differential test.
//!
//! A tree is written twice in the generated files: as `behavior_tree!` DSL (compiled by the
//! library) and as a compact *description* string that [`parse`] turns back into a [`Tree`]
//! (interpreted by `reference.rs`). Both are printed from the same [`Tree`] by this module, so
//! they cannot disagree.
//!
//! Description grammar (no spaces):
//!
//! ```text
//! tree     := ( "B{" decl ( ";" decl )* "}" )? node            blackboard section, root
//! decl     := entry ( "=" ( number | "_" ) )?                   b0=3 -> `b0: i64 = 3`, o0=_ -> `= None`
//! node     := attr* name ( "{" payload "}" )? ( "(" node ( "," node )* ")" )?
//! attr     := "@" ( fi | si | ki | rw ) "{" cond "}"            failure_if, success_if, skip_if, run_while
//!           | "@" ( os | of | oh | po ) "{" script "}"          on_success, on_failure, on_halted, post
//! name     := Seq | MSeq | Swm | Star | RSeq | Fb | MPri | RFb      composites (1+ children)
//!           | Sel | RSel | ASeq | AFb                               Selector, ReactiveSelector, Async..
//!           | Par{opt;opt} | PAll{opt}                             Parallel(success, failure), ParallelAll
//!           | Ite | Wde                                           IfThenElse, WhileDoElse (2-3 children)
//!           | Sw{v;v..}                                           Switch(b1): one child per case + default
//!           | Try | TryT | TryF                                   TryCatch (catch_on_halt: -, true, false)
//!           | Inv | Invt | FS | FF | Keep | Once | OnceT | OnceK     decorators (1 child); Invt: Invert
//!           | Rep<n> | RepF | Ret<n> | RetF | Rty<n> | RtyF          counted decorators; Rty: Retry
//!           | Su{entry} | Wv{entry}                                 SkipUnlessUpdated, WaitValueUpdate
//!           | Dl{ms} | To{ms}                                      Delay, Timeout
//!           | Pre{cond} | Pre{cond;st}                            Precondition(|bb| cond, else = st)
//!           | Lp{entry-or-_;st-or-_}                              Loop(q0, value = {entry}, if_empty = st)
//!           | Sub | SubA | SubR                                     SubTree (1 child: the child tree's root)
//!           | Pri                                                 Priority (behavior3's ReactiveFallback)
//!           | Lim{n} | Mt{ms} | Rpt{n} | Ruf{n} | Rus{n} | Wt{ms}    Limiter, MaxTime, Repeater, RepeatUntilFailure,
//!           | Suc | Fai | Run                                       RepeatUntilSuccess, Wait; Succeeder, Failer, Runner
//!           | Opt | Rmp{st;st} | RT{n} | RU{st} | Dd{ms}           Optional, Remap, RepeatTimes, RepeatUntil, Deadline
//!           | Intr{cond} | Cnd{cond;T-N-_;st-or-_} | WU{cond}       Interrupt, Conditional(dynamic, else), WaitUntil
//!           | Flip | Step                                          FlipSelector, StepSequencer (1+ children)
//!           | Bin{cond;T-N-_}                                      BinarySelector(dynamic) (2 children)
//!           | Flt{n;S-F-R-_;K-F-_} | Cd{ms;K-F-_}                  Filter(times, count: R = Completed, filtered), Cooldown
//!           | Isw{int;T-N-_;T-N-_} | PPar{0-1-2;T-N-_}             IndexSwitch(loop, dynamic), PolicyParallel(policy, repeat)
//!           | DySeq | DySel | PrSel{flag;int;int..}               DynamicSequence, DynamicSelector, PrioritySelector (`dynamic`, one score per child)
//!           | Obs{cond;N-S-L-B-_}                                 Observe(abort = none, self, lower, both, not written)
//!           | Itr{b0-b1;0-1-2-_;m-_;T-N-_}                        Iterate(l0, element, until, max, reset_index)
//!           | Grd{F-R-_}                                          Guard(|ctx| &mut ctx.token, if_guarded)
//!           | RndSeq | RndSel                                     RandomSequence, RandomSelector (1+ children)
//!           | PbSel{int-or-_;int;int..}                           ProbabilitySelector(fail = ..), one weight per child
//!           | c<id> | a<id> | t<id> | S | F | R | Sl{ms}            leaves; R: AlwaysRunning, Sl: Sleep
//!           | c<id>b{int} | a<id>b{int;entry}                       inline leaves over the blackboard
//!           | pc<id>{ports} | pa<id>{ports} | pi<id>{ports} | pt<id>{ports}   leaves with ports
//!           | Sb{entry=number} | Sb{entry=entry} | Ub{entry}       SetBlackboard, UnsetBlackboard
//!           | Sc{script} | Scc{cond} | Wu{entry}                    Script, ScriptCondition, WasEntryUpdated
//!           | Err{n}                                              Error(DiffError(n)) (error type)
//!           | UPipe | URec{n-or-_} | URate{hz} | URr                 the user's PipelineSequence, RecoveryNode,
//!           | USw<id>{ports} | UTw<id> | URot<id> | UGate<id>{ports}  RateController, RoundRobin, Sweep, Twice,
//!           | UFuse<id>                                           Rotate, Gate, Fuse (`User`, `user.rs`)
//! id       := digits ( "e" | "l" | "t" | "r" )?                       leaf form (t, r: fallible)
//! ports    := port ":" ( entry | "=" | number ) ( ";" ... )*       b0:t1 -> `b0 = {t1}`, b1:= -> `b1 = {=}`
//! script   := stmt ( ";" stmt )*
//! stmt     := entry "+=" number | entry ":=" int | "o0:=_" | cond "?" stmt
//!           | "a0=" op "(" atom "," atom ")" | "a0=neg(" atom ")"  `bt::script`'s arithmetic
//! op       := "add" | "sub" | "mul" | "div";  atom := number | entry (`a0` too)
//! cond     := int ( "<" | ">" | "=" | "!" ) int | "some" | "none"  (`!` is `!=`; some/none: o0)
//! int      := ( number | entry | "o0|" number ) ( "+" number )? ( "%" number )?
//! opt      := number | "_"                                      `_`: the parameter is not written
//! st       := S | F | R | K                                     Success, Failure, Running, Skipped
//! ```
//!
//! `c<id>` is `Condition(Cond<id>)`, `a<id>` `Action(Act<id>)`, `t<id>` `StatefulAction(Task<id>)`,
//! `S`/`F` `AlwaysSuccess`/`AlwaysFailure`; a leaf id may end in `e` (`Cond<id> = Cond::<id>`)
//! or, for conditions and actions, `l` (an inline closure `|ctx| ctx.check(id)`), see [`LeafForm`].
//! A tree with a fallible leaf (`t`: `TCond<id>`, `TAct<id>`, `TTask<id>`; `r`:
//! `|ctx| ctx.try_check(id)`) or an `Err{n}` is printed with an error type,
//! `tree Name for Ctx, error DiffError` (`fallible.rs`).
//! `Rep3` is `Repeat(3)`, `RetF` is `RetryUntilSuccessful(forever)`. `Once` is `RunOnce`, `OnceT`
//! `RunOnce(then_skip = true)`, `OnceK` `RunOnce(then_skip = false)`.
//!
//! `Sub(node)` is a `SubTree` node whose child tree has `node` as its root: printed as a
//! separate `behavior_tree!` (`Tree0042Sub0`, `Tree0042Sub1`, .. in pre-order) and
//! `SubTree(Tree0042Sub0)` in its place ([`SubForm`]). The child tree declares the same entries
//! as its parent (with other initial values), all shared: `SubA` remaps them with `..`, `SubR`
//! one by one (`b0 = {=}, t0 = {t0}`), `Sub` (a tree without blackboard) not at all. So
//! the tree behaves as its inline version, with one more node around the moved one.
//!
//! The blackboard entries are a fixed set ([`Entry`]): `b0`, `b1` (`i64`), `t0`, `t1`
//! (`#[tracked] i64`), `o0` (`Option<i64>`), `q0` (`bt::Deque<i64, 4>`, the `Loop` queue;
//! `q0=2` declares it holding `[1, 2]`), `l0` (`Vec<i64>`, the `Iterate` list, declared and
//! kept like `q0`) and `a0` (`i64`, read and written only by the scripts' arithmetic of
//! `bt::script`, [`Stmt::Arith`]); a tree declares the ones it uses. Scripts,
//! conditions and values are small expression trees ([`Int`], [`Cond`], [`Stmt`]) printed as Rust
//! closures over `bb` in the DSL and evaluated by the interpreter.
//!
//! Adding a node kind: add a variant, its description in [`Node::to_desc`] / [`parse`], its DSL in
//! [`Node::write_dsl`], and its `kind` string in [`Node::dsl_kind`].
//!
//! The time nodes (`Delay`, `Timeout`, `Sleep`) read the context's clock (`bt::Clock`), which the
//! harness moves by a random amount before every tick, the same on both sides.

#![allow(dead_code)]

use std::collections::BTreeSet;
use std::fmt::Write as _;

/// A composite, as spelled in the DSL (aliases are kept so the generator exercises them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Composite {
    Sequence,
    MemSequence,
    SequenceWithMemory,
    SequenceStar,
    ReactiveSequence,
    Fallback,
    MemPriority,
    ReactiveFallback,
    /// `Selector`: an alias of `Fallback`.
    Selector,
    /// `ReactiveSelector`: an alias of `ReactiveFallback`.
    ReactiveSelector,
    AsyncSequence,
    AsyncFallback,
    /// `Priority`: behavior3's name of `ReactiveFallback`.
    Priority,
}

/// The rule a composite follows (aliases share a rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    Sequence,
    SequenceWithMemory,
    ReactiveSequence,
    Fallback,
    ReactiveFallback,
    /// Sequence that yields after a child that completed at once (decisions, "The tick model").
    AsyncSequence,
    /// Fallback that yields likewise.
    AsyncFallback,
}

impl Rule {
    /// Goes on while its children succeed (a sequence), rather than while they fail.
    pub fn is_sequence(self) -> bool {
        matches!(
            self,
            Rule::Sequence
                | Rule::SequenceWithMemory
                | Rule::ReactiveSequence
                | Rule::AsyncSequence
        )
    }

    /// The child status that lets the composite go on to the next child.
    pub fn go(self) -> Outcomes {
        if self.is_sequence() {
            Outcomes::SUCCESS
        } else {
            Outcomes::FAILURE
        }
    }
}

impl Composite {
    pub const ALL: [Composite; 13] = [
        Composite::Sequence,
        Composite::MemSequence,
        Composite::SequenceWithMemory,
        Composite::SequenceStar,
        Composite::ReactiveSequence,
        Composite::Fallback,
        Composite::MemPriority,
        Composite::ReactiveFallback,
        Composite::Selector,
        Composite::ReactiveSelector,
        Composite::AsyncSequence,
        Composite::AsyncFallback,
        Composite::Priority,
    ];

    pub fn rule(self) -> Rule {
        match self {
            Composite::Sequence | Composite::MemSequence => Rule::Sequence,
            Composite::SequenceWithMemory | Composite::SequenceStar => Rule::SequenceWithMemory,
            Composite::ReactiveSequence => Rule::ReactiveSequence,
            Composite::Fallback | Composite::MemPriority | Composite::Selector => Rule::Fallback,
            Composite::ReactiveFallback | Composite::ReactiveSelector | Composite::Priority => {
                Rule::ReactiveFallback
            }
            Composite::AsyncSequence => Rule::AsyncSequence,
            Composite::AsyncFallback => Rule::AsyncFallback,
        }
    }

    pub fn dsl(self) -> &'static str {
        match self {
            Composite::Sequence => "Sequence",
            Composite::MemSequence => "MemSequence",
            Composite::SequenceWithMemory => "SequenceWithMemory",
            Composite::SequenceStar => "SequenceStar",
            Composite::ReactiveSequence => "ReactiveSequence",
            Composite::Fallback => "Fallback",
            Composite::MemPriority => "MemPriority",
            Composite::ReactiveFallback => "ReactiveFallback",
            Composite::Selector => "Selector",
            Composite::ReactiveSelector => "ReactiveSelector",
            Composite::AsyncSequence => "AsyncSequence",
            Composite::AsyncFallback => "AsyncFallback",
            Composite::Priority => "Priority",
        }
    }

    pub fn desc(self) -> &'static str {
        match self {
            Composite::Sequence => "Seq",
            Composite::MemSequence => "MSeq",
            Composite::SequenceWithMemory => "Swm",
            Composite::SequenceStar => "Star",
            Composite::ReactiveSequence => "RSeq",
            Composite::Fallback => "Fb",
            Composite::MemPriority => "MPri",
            Composite::ReactiveFallback => "RFb",
            Composite::Selector => "Sel",
            Composite::ReactiveSelector => "RSel",
            Composite::AsyncSequence => "ASeq",
            Composite::AsyncFallback => "AFb",
            Composite::Priority => "Pri",
        }
    }
}

/// A set of statuses (see [`Node::outcomes`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcomes(u8);

impl Outcomes {
    pub const NONE: Outcomes = Outcomes(0);
    pub const RUNNING: Outcomes = Outcomes(1);
    pub const SUCCESS: Outcomes = Outcomes(2);
    pub const FAILURE: Outcomes = Outcomes(4);
    pub const SKIPPED: Outcomes = Outcomes(8);

    pub fn has(self, other: Outcomes) -> bool {
        self.0 & other.0 == other.0
    }
}

impl std::ops::BitOr for Outcomes {
    type Output = Outcomes;
    fn bitor(self, other: Outcomes) -> Outcomes {
        Outcomes(self.0 | other.0)
    }
}

impl std::ops::BitAnd for Outcomes {
    type Output = Outcomes;
    fn bitand(self, other: Outcomes) -> Outcomes {
        Outcomes(self.0 & other.0)
    }
}

/// `Repeat` / `RetryUntilSuccessful` bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Count {
    Times(u32),
    Forever,
}

/// How a `RunOnce` is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RunOnceForm {
    /// `RunOnce` (then_skip = true by default).
    Default,
    /// `RunOnce(then_skip = true)`.
    ThenSkip,
    /// `RunOnce(then_skip = false)`.
    KeepStatus,
}

impl RunOnceForm {
    pub fn then_skip(self) -> bool {
        !matches!(self, RunOnceForm::KeepStatus)
    }
}

/// Which of a kind's names a node is written with (an alias has the same rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Spelling {
    /// The primary name: `Inverter`, `RetryUntilSuccessful`.
    Name,
    /// The alias: `Invert`, `Retry`.
    Alias,
}

/// A status written as a parameter (`Precondition`'s `else`, `Loop`'s `if_empty`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StatusName {
    Success,
    Failure,
    Running,
    Skipped,
}

impl StatusName {
    pub const ALL: [StatusName; 4] = [
        StatusName::Success,
        StatusName::Failure,
        StatusName::Running,
        StatusName::Skipped,
    ];

    pub fn dsl(self) -> &'static str {
        match self {
            StatusName::Success => "Success",
            StatusName::Failure => "Failure",
            StatusName::Running => "Running",
            StatusName::Skipped => "Skipped",
        }
    }

    /// One letter in a description: `S`, `F`, `R`, `K`.
    pub fn desc(self) -> &'static str {
        match self {
            StatusName::Success => "S",
            StatusName::Failure => "F",
            StatusName::Running => "R",
            StatusName::Skipped => "K",
        }
    }

    pub fn outcomes(self) -> Outcomes {
        match self {
            StatusName::Success => Outcomes::SUCCESS,
            StatusName::Failure => Outcomes::FAILURE,
            StatusName::Running => Outcomes::RUNNING,
            StatusName::Skipped => Outcomes::SKIPPED,
        }
    }

    /// `_` (not given) or one status letter.
    fn parse_opt(text: &str) -> Result<Option<StatusName>, String> {
        if text == "_" {
            return Ok(None);
        }
        StatusName::ALL
            .into_iter()
            .find(|s| s.desc() == text)
            .map(Some)
            .ok_or_else(|| format!("bad status {text:?}"))
    }

    fn desc_opt(status: Option<StatusName>) -> &'static str {
        status.map_or("_", StatusName::desc)
    }
}

/// The capacity of the queue entry `q0` (`bt::Deque<i64, QUEUE_CAP>`).
pub const QUEUE_CAP: usize = 4;

/// How a leaf is written; the leaf behaves the same in every form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LeafForm {
    /// `Condition(Cond<3>)`; description `c3`.
    Type,
    /// `Condition(Cond<3> = Cond::<3>)`, built with an expression; description `c3e`.
    Init,
    /// `Condition(|ctx| ctx.check(3))`, `Action(|ctx| ctx.exec(3))`: an inline closure;
    /// description `c3l`. Not for stateful actions.
    Inline,
    /// A fallible leaf type (`leaves.rs`, in a tree with an error type): `Condition(TCond<3>)`,
    /// `Action(TAct<3>)`, `StatefulAction(TTask<3>)`; description `c3t`.
    Try,
    /// A fallible inline closure: `Condition(|ctx| ctx.try_check(3))`,
    /// `Action(|ctx| ctx.try_exec(3))`; description `c3r`. Not for stateful actions.
    TryInline,
}

impl LeafForm {
    fn suffix(self) -> &'static str {
        match self {
            LeafForm::Type => "",
            LeafForm::Init => "e",
            LeafForm::Inline => "l",
            LeafForm::Try => "t",
            LeafForm::TryInline => "r",
        }
    }

    /// A fallible form (the leaf may fail with an error).
    pub fn fallible(self) -> bool {
        matches!(self, LeafForm::Try | LeafForm::TryInline)
    }
}

/// The blackboard entries a generated tree may declare (a fixed set, so that the harness and
/// the interpreter can name them). Lower-case so that they read as in the DSL.
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Entry {
    /// `b0: i64`.
    b0,
    /// `b1: i64`.
    b1,
    /// `#[tracked] t0: i64`.
    t0,
    /// `#[tracked] t1: i64`.
    t1,
    /// `o0: Option<i64>`.
    o0,
    /// `q0: bt::Deque<i64, 4>`: the queue of the `Loop` nodes.
    q0,
    /// `l0: Vec<i64>`: the list of the `Iterate` nodes (at most 4 items, like `q0`).
    l0,
    /// `a0: i64`, written only by the scripts' arithmetic of `bt::script` ([`Stmt::Arith`],
    /// [`Stmt::Neg`]), which clamps instead of panicking (decision 16): it holds values at the
    /// bounds of `i64`, which no plain Rust expression of the other scripts reads.
    a0,
}

impl Entry {
    pub const ALL: [Entry; 8] = [
        Entry::b0,
        Entry::b1,
        Entry::t0,
        Entry::t1,
        Entry::o0,
        Entry::q0,
        Entry::l0,
        Entry::a0,
    ];
    /// The entries holding an `i64` (plain or tracked).
    pub const INTS: [Entry; 4] = [Entry::b0, Entry::b1, Entry::t0, Entry::t1];
    pub const TRACKED: [Entry; 2] = [Entry::t0, Entry::t1];

    pub fn name(self) -> &'static str {
        match self {
            Entry::b0 => "b0",
            Entry::b1 => "b1",
            Entry::t0 => "t0",
            Entry::t1 => "t1",
            Entry::o0 => "o0",
            Entry::q0 => "q0",
            Entry::l0 => "l0",
            Entry::a0 => "a0",
        }
    }

    pub fn parse(name: &str) -> Option<Entry> {
        Entry::ALL.into_iter().find(|e| e.name() == name)
    }

    pub fn index(self) -> usize {
        self as usize
    }

    /// `#[tracked]`: a `bt::Tracked<i64>` that counts its updates.
    pub fn tracked(self) -> bool {
        matches!(self, Entry::t0 | Entry::t1)
    }

    /// `Option<i64>`.
    pub fn optional(self) -> bool {
        self == Entry::o0
    }

    /// Holds items: `bt::Deque<i64, 4>` (`q0`), or the list `Vec<i64>` (`l0`), which the
    /// harness and the interpreter keep as a queue too.
    pub fn queue(self) -> bool {
        matches!(self, Entry::q0 | Entry::l0)
    }

    /// Holds an `i64` (plain or tracked) that the usual expressions may read: not `a0`, which
    /// only the scripts' arithmetic reads and writes.
    pub fn is_int(self) -> bool {
        !self.optional() && !self.queue() && self != Entry::a0
    }

    /// The value of an `i64` entry in a closure over `bb`.
    fn rust(self) -> String {
        if self.tracked() {
            format!("*bb.{}", self.name())
        } else {
            format!("bb.{}", self.name())
        }
    }
}

/// The base of an [`Int`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Atom {
    /// A literal.
    Lit(i64),
    /// An `i64` entry.
    Get(Entry),
    /// `bb.o0.unwrap_or(n)`.
    OrElse(i64),
}

/// An `i64` expression over the blackboard: `atom`, `atom + add`, `atom % modulo` or
/// `(atom + add) % modulo` (`add`/`modulo` 0: absent).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Int {
    pub atom: Atom,
    pub add: i64,
    pub modulo: i64,
}

impl Int {
    pub fn lit(n: i64) -> Int {
        Int {
            atom: Atom::Lit(n),
            add: 0,
            modulo: 0,
        }
    }

    pub fn get(entry: Entry) -> Int {
        Int {
            atom: Atom::Get(entry),
            add: 0,
            modulo: 0,
        }
    }

    /// The entry it reads, if any.
    pub fn reads(&self) -> Option<Entry> {
        match self.atom {
            Atom::Lit(_) => None,
            Atom::Get(e) => Some(e),
            Atom::OrElse(_) => Some(Entry::o0),
        }
    }

    pub fn rust(&self) -> String {
        let mut out = match self.atom {
            Atom::Lit(n) => n.to_string(),
            Atom::Get(e) => e.rust(),
            Atom::OrElse(n) => format!("bb.o0.unwrap_or({n})"),
        };
        if self.add != 0 {
            out = format!("{out} + {}", self.add);
            if self.modulo != 0 {
                out = format!("({out})");
            }
        }
        if self.modulo != 0 {
            out = format!("{out} % {}", self.modulo);
        }
        out
    }

    pub fn desc(&self) -> String {
        let mut out = match self.atom {
            Atom::Lit(n) => n.to_string(),
            Atom::Get(e) => e.name().to_string(),
            Atom::OrElse(n) => format!("o0|{n}"),
        };
        if self.add != 0 {
            let _ = write!(out, "+{}", self.add);
        }
        if self.modulo != 0 {
            let _ = write!(out, "%{}", self.modulo);
        }
        out
    }

    fn parse(text: &str) -> Result<Int, String> {
        let bad = || format!("bad expression {text:?}");
        let (rest, modulo) = match text.split_once('%') {
            Some((rest, m)) => (rest, m.parse().map_err(|_| bad())?),
            None => (text, 0),
        };
        let (atom, add) = match rest.split_once('+') {
            Some((atom, add)) => (atom, add.parse().map_err(|_| bad())?),
            None => (rest, 0),
        };
        let atom = if let Some(n) = atom.strip_prefix("o0|") {
            Atom::OrElse(n.parse().map_err(|_| bad())?)
        } else if let Some(e) = Entry::parse(atom) {
            if !e.is_int() {
                return Err(bad());
            }
            Atom::Get(e)
        } else {
            Atom::Lit(atom.parse().map_err(|_| bad())?)
        };
        Ok(Int { atom, add, modulo })
    }
}

/// A comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    Lt,
    Gt,
    Eq,
    Ne,
}

impl Op {
    pub const ALL: [Op; 4] = [Op::Lt, Op::Gt, Op::Eq, Op::Ne];

    fn desc(self) -> char {
        match self {
            Op::Lt => '<',
            Op::Gt => '>',
            Op::Eq => '=',
            Op::Ne => '!',
        }
    }

    fn rust(self) -> &'static str {
        match self {
            Op::Lt => "<",
            Op::Gt => ">",
            Op::Eq => "==",
            Op::Ne => "!=",
        }
    }
}

/// A `bool` expression over the blackboard (pre-conditions, `ScriptCondition`, `if`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cond {
    Cmp(Int, Op, Int),
    /// `bb.o0.is_some()`.
    IsSome,
    /// `bb.o0.is_none()`.
    IsNone,
}

impl Cond {
    pub fn reads(&self, out: &mut BTreeSet<Entry>) {
        match self {
            Cond::Cmp(a, _, b) => out.extend(a.reads().into_iter().chain(b.reads())),
            Cond::IsSome | Cond::IsNone => {
                out.insert(Entry::o0);
            }
        }
    }

    pub fn rust(&self) -> String {
        match self {
            Cond::Cmp(a, op, b) => format!("{} {} {}", a.rust(), op.rust(), b.rust()),
            Cond::IsSome => "bb.o0.is_some()".into(),
            Cond::IsNone => "bb.o0.is_none()".into(),
        }
    }

    pub fn desc(&self) -> String {
        match self {
            Cond::Cmp(a, op, b) => format!("{}{}{}", a.desc(), op.desc(), b.desc()),
            Cond::IsSome => "some".into(),
            Cond::IsNone => "none".into(),
        }
    }

    fn parse(text: &str) -> Result<Cond, String> {
        match text {
            "some" => return Ok(Cond::IsSome),
            "none" => return Ok(Cond::IsNone),
            _ => {}
        }
        for op in Op::ALL {
            if let Some((a, b)) = text.split_once(op.desc()) {
                return Ok(Cond::Cmp(Int::parse(a)?, op, Int::parse(b)?));
            }
        }
        Err(format!("bad condition {text:?}"))
    }
}

/// An integer operation of `bt::script` (`docs/decisions.md`, decision 16: the exact result,
/// clamped to the type's range; division by zero follows the dividend's sign).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArithOp {
    Add,
    Sub,
    Mul,
    Div,
}

impl ArithOp {
    pub const ALL: [ArithOp; 4] = [ArithOp::Add, ArithOp::Sub, ArithOp::Mul, ArithOp::Div];

    /// The function's name in `bt::script`, and in the description.
    pub fn name(self) -> &'static str {
        match self {
            ArithOp::Add => "add",
            ArithOp::Sub => "sub",
            ArithOp::Mul => "mul",
            ArithOp::Div => "div",
        }
    }
}

/// An operand of `bt::script`'s arithmetic: an `i64` literal (`i64::MIN` and `i64::MAX` written
/// as such) or an entry.
fn atom_rust(atom: Atom) -> String {
    match atom {
        Atom::Lit(i64::MAX) => "i64::MAX".into(),
        Atom::Lit(i64::MIN) => "i64::MIN".into(),
        Atom::Lit(n) => n.to_string(),
        Atom::Get(e) => e.rust(),
        Atom::OrElse(n) => format!("bb.o0.unwrap_or({n})"),
    }
}

fn atom_desc(atom: Atom) -> String {
    match atom {
        Atom::Lit(n) => n.to_string(),
        Atom::Get(e) => e.name().to_string(),
        Atom::OrElse(n) => format!("o0|{n}"),
    }
}

/// An operand of [`Stmt::Arith`]: an entry holding an `i64` (`a0` too) or a literal.
fn atom_parse(text: &str) -> Result<Atom, String> {
    match Entry::parse(text) {
        Some(e) if e.is_int() || e == Entry::a0 => Ok(Atom::Get(e)),
        Some(_) => Err(format!("bad operand {text:?}")),
        None => text
            .parse()
            .map(Atom::Lit)
            .map_err(|_| format!("bad operand {text:?}")),
    }
}

/// A statement of a script over the blackboard (`Script`, `on_success`, ..).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Stmt {
    /// `bb.b0 += n` (`*bb.t0 += n` for a tracked entry).
    Inc(Entry, i64),
    /// `bb.b0 = int` (`bb.t0.set(int)`, `bb.o0 = Some(int)`).
    Set(Entry, Int),
    /// `bb.o0 = None`.
    Clear,
    /// `if cond { stmt }`.
    If(Cond, Box<Stmt>),
    /// `bb.a0 = bt::script::div(x, y)`: integer arithmetic that clamps (description
    /// `a0=div(x,y)`).
    Arith(Entry, ArithOp, Atom, Atom),
    /// `bb.a0 = bt::script::neg(x)` (description `a0=neg(x)`).
    Neg(Entry, Atom),
}

impl Stmt {
    /// The entries it reads or writes.
    pub fn entries(&self, out: &mut BTreeSet<Entry>) {
        match self {
            Stmt::Inc(e, _) => {
                out.insert(*e);
            }
            Stmt::Set(e, value) => {
                out.insert(*e);
                out.extend(value.reads());
            }
            Stmt::Clear => {
                out.insert(Entry::o0);
            }
            Stmt::If(cond, stmt) => {
                cond.reads(out);
                stmt.entries(out);
            }
            Stmt::Arith(e, _, a, b) => {
                out.insert(*e);
                for atom in [a, b] {
                    if let Atom::Get(read) = atom {
                        out.insert(*read);
                    }
                }
            }
            Stmt::Neg(e, a) => {
                out.insert(*e);
                if let Atom::Get(read) = a {
                    out.insert(*read);
                }
            }
        }
    }

    pub fn rust(&self) -> String {
        match self {
            Stmt::Inc(e, n) => format!("{} += {n}", e.rust()),
            Stmt::Set(e, value) if e.tracked() => format!("bb.{}.set({})", e.name(), value.rust()),
            Stmt::Set(Entry::o0, value) => format!("bb.o0 = Some({})", value.rust()),
            Stmt::Set(e, value) => format!("{} = {}", e.rust(), value.rust()),
            Stmt::Clear => "bb.o0 = None".into(),
            Stmt::If(cond, stmt) => format!("if {} {{ {} }}", cond.rust(), stmt.rust()),
            Stmt::Arith(e, op, a, b) => format!(
                "{} = bt::script::{}({}, {})",
                e.rust(),
                op.name(),
                atom_rust(*a),
                atom_rust(*b)
            ),
            Stmt::Neg(e, a) => format!("{} = bt::script::neg({})", e.rust(), atom_rust(*a)),
        }
    }

    pub fn desc(&self) -> String {
        match self {
            Stmt::Inc(e, n) => format!("{}+={n}", e.name()),
            Stmt::Set(e, value) => format!("{}:={}", e.name(), value.desc()),
            Stmt::Clear => "o0:=_".into(),
            Stmt::If(cond, stmt) => format!("{}?{}", cond.desc(), stmt.desc()),
            Stmt::Arith(e, op, a, b) => format!(
                "{}={}({},{})",
                e.name(),
                op.name(),
                atom_desc(*a),
                atom_desc(*b)
            ),
            Stmt::Neg(e, a) => format!("{}=neg({})", e.name(), atom_desc(*a)),
        }
    }

    fn parse(text: &str) -> Result<Stmt, String> {
        let bad = || format!("bad statement {text:?}");
        if let Some((cond, stmt)) = text.split_once('?') {
            return Ok(Stmt::If(Cond::parse(cond)?, Box::new(Stmt::parse(stmt)?)));
        }
        if text == "o0:=_" {
            return Ok(Stmt::Clear);
        }
        if let Some((e, value)) = text.split_once(":=") {
            let e = Entry::parse(e).filter(|e| !e.queue()).ok_or_else(bad)?;
            return Ok(Stmt::Set(e, Int::parse(value)?));
        }
        if let Some((e, n)) = text.split_once("+=") {
            let e = Entry::parse(e).filter(|e| e.is_int()).ok_or_else(bad)?;
            return Ok(Stmt::Inc(e, n.parse().map_err(|_| bad())?));
        }
        if let Some((e, call)) = text.split_once('=') {
            let e = Entry::parse(e)
                .filter(|e| *e == Entry::a0)
                .ok_or_else(bad)?;
            let (name, args) = call
                .strip_suffix(')')
                .and_then(|call| call.split_once('('))
                .ok_or_else(bad)?;
            if name == "neg" {
                return Ok(Stmt::Neg(e, atom_parse(args)?));
            }
            let op = (ArithOp::ALL.into_iter())
                .find(|op| op.name() == name)
                .ok_or_else(bad)?;
            let (a, b) = args.split_once(',').ok_or_else(bad)?;
            return Ok(Stmt::Arith(e, op, atom_parse(a)?, atom_parse(b)?));
        }
        Err(bad())
    }
}

/// A script: statements run in order. Never empty.
pub type Script = Vec<Stmt>;

fn script_rust(script: &Script) -> String {
    match script.as_slice() {
        [one] => one.rust(),
        many => {
            let body: Vec<String> = many.iter().map(Stmt::rust).collect();
            format!("{{ {} }}", body.join("; "))
        }
    }
}

fn script_desc(script: &Script) -> String {
    script.iter().map(Stmt::desc).collect::<Vec<_>>().join(";")
}

fn script_parse(text: &str) -> Result<Script, String> {
    text.split(';').map(Stmt::parse).collect()
}

/// A pre-condition attribute (evaluated before the node's tick, spec 6.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pre {
    FailureIf,
    SuccessIf,
    SkipIf,
    RunWhile,
}

/// A post-condition attribute (a script run after the node's result or halt, spec 6.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Hook {
    OnSuccess,
    OnFailure,
    OnHalted,
    Post,
}

impl Pre {
    pub const ALL: [Pre; 4] = [Pre::FailureIf, Pre::SuccessIf, Pre::SkipIf, Pre::RunWhile];

    pub fn dsl(self) -> &'static str {
        match self {
            Pre::FailureIf => "failure_if",
            Pre::SuccessIf => "success_if",
            Pre::SkipIf => "skip_if",
            Pre::RunWhile => "run_while",
        }
    }

    fn desc(self) -> &'static str {
        match self {
            Pre::FailureIf => "fi",
            Pre::SuccessIf => "si",
            Pre::SkipIf => "ki",
            Pre::RunWhile => "rw",
        }
    }
}

impl Hook {
    pub const ALL: [Hook; 4] = [Hook::OnSuccess, Hook::OnFailure, Hook::OnHalted, Hook::Post];

    pub fn dsl(self) -> &'static str {
        match self {
            Hook::OnSuccess => "on_success",
            Hook::OnFailure => "on_failure",
            Hook::OnHalted => "on_halted",
            Hook::Post => "post",
        }
    }

    fn desc(self) -> &'static str {
        match self {
            Hook::OnSuccess => "os",
            Hook::OnFailure => "of",
            Hook::OnHalted => "oh",
            Hook::Post => "po",
        }
    }
}

/// A node attribute: `#[failure_if(|bb| cond)]`, `#[on_success(|bb| script)]`, ..
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Attr {
    Pre(Pre, Cond),
    Post(Hook, Script),
}

impl Attr {
    pub fn dsl_name(&self) -> &'static str {
        match self {
            Attr::Pre(p, _) => p.dsl(),
            Attr::Post(p, _) => p.dsl(),
        }
    }

    fn rust(&self) -> String {
        match self {
            Attr::Pre(p, cond) => format!("#[{}(|bb| {})]", p.dsl(), cond.rust()),
            Attr::Post(p, script) => format!("#[{}(|bb| {})]", p.dsl(), script_rust(script)),
        }
    }

    fn desc(&self) -> String {
        match self {
            Attr::Pre(p, cond) => format!("@{}{{{}}}", p.desc(), cond.desc()),
            Attr::Post(p, script) => format!("@{}{{{}}}", p.desc(), script_desc(script)),
        }
    }

    fn entries(&self, out: &mut BTreeSet<Entry>) {
        match self {
            Attr::Pre(_, cond) => cond.reads(out),
            Attr::Post(_, script) => script.iter().for_each(|s| s.entries(out)),
        }
    }
}

/// How a port is bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bind {
    /// `port = {entry}`.
    Entry(Entry),
    /// `port = {=}`: the entry named like the port.
    Same,
    /// `port = 3`: an expression (inputs only).
    Value(i64),
}

impl Bind {
    /// The entry it binds, for a port named `port`.
    pub fn entry(self, port: Entry) -> Option<Entry> {
        match self {
            Bind::Entry(e) => Some(e),
            Bind::Same => Some(port),
            Bind::Value(_) => None,
        }
    }

    fn rust(self) -> String {
        match self {
            Bind::Entry(e) => format!("{{{}}}", e.name()),
            Bind::Same => "{=}".into(),
            Bind::Value(n) => n.to_string(),
        }
    }

    fn desc(self) -> String {
        match self {
            Bind::Entry(e) => e.name().into(),
            Bind::Same => "=".into(),
            Bind::Value(n) => n.to_string(),
        }
    }
}

/// A leaf type with ports (`leaves.rs`). The port fields are named like entries, so that `{=}`
/// has an entry to bind: `b0: Input<i64>`, `b1: Output<i64>`, `t0: InOut<i64>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PortLeaf {
    /// `Condition(PCond<id>, b0 = ..)`.
    Cond,
    /// `Action(PAct<id>, b0 = .., b1 = ..)` (`b1` may be unbound).
    Act,
    /// `Action(PIo<id>, t0 = ..)`.
    Io,
    /// `StatefulAction(PTask<id>, b0 = .., b1 = ..)` (`b1` may be unbound).
    Task,
}

impl PortLeaf {
    pub const ALL: [PortLeaf; 4] = [PortLeaf::Cond, PortLeaf::Act, PortLeaf::Io, PortLeaf::Task];

    pub fn type_name(self) -> &'static str {
        match self {
            PortLeaf::Cond => "PCond",
            PortLeaf::Act => "PAct",
            PortLeaf::Io => "PIo",
            PortLeaf::Task => "PTask",
        }
    }

    fn desc(self) -> &'static str {
        match self {
            PortLeaf::Cond => "pc",
            PortLeaf::Act => "pa",
            PortLeaf::Io => "pi",
            PortLeaf::Task => "pt",
        }
    }
}

/// The bindings of a [`PortLeaf`]'s ports (`None`: the port is unbound; only outputs may be).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Ports {
    /// The input `b0` (Cond, Act, Task).
    pub b0: Option<Bind>,
    /// The output `b1` (Act, Task).
    pub b1: Option<Bind>,
    /// The in-out `t0` (Io).
    pub t0: Option<Bind>,
}

impl Ports {
    /// `(port, binding)` of every bound port, in field order.
    pub fn bound(&self) -> Vec<(Entry, Bind)> {
        [
            (Entry::b0, self.b0),
            (Entry::b1, self.b1),
            (Entry::t0, self.t0),
        ]
        .into_iter()
        .filter_map(|(port, bind)| bind.map(|b| (port, b)))
        .collect()
    }

    fn parse(text: &str) -> Result<Ports, String> {
        let mut ports = Ports::default();
        for item in text.split(';') {
            let bad = || format!("bad port binding {item:?}");
            let (port, bind) = item.split_once(':').ok_or_else(bad)?;
            let bind = if bind == "=" {
                Bind::Same
            } else if let Some(e) = Entry::parse(bind) {
                Bind::Entry(e)
            } else {
                Bind::Value(bind.parse().map_err(|_| bad())?)
            };
            match port {
                "b0" => ports.b0 = Some(bind),
                "b1" => ports.b1 = Some(bind),
                "t0" => ports.t0 = Some(bind),
                _ => return Err(bad()),
            }
        }
        Ok(ports)
    }

    fn desc(&self) -> String {
        self.bound()
            .iter()
            .map(|(port, bind)| format!("{}:{}", port.name(), bind.desc()))
            .collect::<Vec<_>>()
            .join(";")
    }
}

/// `SetBlackboard(entry = value)`'s value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SetValue {
    /// A literal (`Some(n)` for `o0`).
    Lit(i64),
    /// `{other}`.
    Copy(Entry),
}

/// An entry's initial value in the `blackboard { .. }` section.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Init {
    /// No initial value: `Default` (0, `None`).
    Default,
    /// `= n` (`= Some(n)` for `o0`; for `q0`, `n` items: `= bt::Deque::from_array([1, .., n])`).
    Value(i64),
    /// `= None` (`o0` only).
    Nothing,
}

/// One entry of the `blackboard { .. }` section.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Decl {
    pub entry: Entry,
    pub init: Init,
}

impl Decl {
    fn desc(&self) -> String {
        match self.init {
            Init::Default => self.entry.name().to_string(),
            Init::Value(n) => format!("{}={n}", self.entry.name()),
            Init::Nothing => format!("{}=_", self.entry.name()),
        }
    }

    fn parse(text: &str) -> Result<Decl, String> {
        let bad = || format!("bad blackboard entry {text:?}");
        let (name, init) = match text.split_once('=') {
            None => (text, Init::Default),
            Some((name, "_")) => (name, Init::Nothing),
            Some((name, n)) => (name, Init::Value(n.parse().map_err(|_| bad())?)),
        };
        let entry = Entry::parse(name).ok_or_else(bad)?;
        if init == Init::Nothing && !entry.optional() {
            return Err(bad());
        }
        if let (true, Init::Value(n)) = (entry.queue(), init) {
            if !(0..=QUEUE_CAP as i64).contains(&n) {
                return Err(bad());
            }
        }
        Ok(Decl { entry, init })
    }

    fn rust(&self) -> String {
        let name = self.entry.name();
        if self.entry == Entry::l0 {
            return match self.init {
                Init::Value(n) => {
                    let items: Vec<String> = (1..=n).map(|i| i.to_string()).collect();
                    format!("{name}: Vec<i64> = vec![{}],", items.join(", "))
                }
                _ => format!("{name}: Vec<i64>,"),
            };
        }
        if self.entry.queue() {
            let ty = format!("bt::Deque<i64, {QUEUE_CAP}>");
            return match self.init {
                Init::Value(n) => {
                    let items: Vec<String> = (1..=n).map(|i| i.to_string()).collect();
                    format!(
                        "{name}: {ty} = bt::Deque::from_array([{}]),",
                        items.join(", ")
                    )
                }
                _ => format!("{name}: {ty},"),
            };
        }
        let ty = if self.entry.optional() {
            "Option<i64>"
        } else {
            "i64"
        };
        let tracked = if self.entry.tracked() {
            "#[tracked] "
        } else {
            ""
        };
        match self.init {
            Init::Default => format!("{tracked}{name}: {ty},"),
            Init::Value(n) if self.entry.optional() => format!("{name}: {ty} = Some({n}),"),
            Init::Value(n) => format!("{tracked}{name}: {ty} = {n},"),
            Init::Nothing => format!("{name}: {ty} = None,"),
        }
    }
}

/// How a `SubTree` node shares its child tree's entries (the child declares the parent's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SubForm {
    /// `SubTree(Child)`: no remaps (trees without blackboard); description `Sub`.
    Plain,
    /// `SubTree(Child, ..)`: every entry shared by name; description `SubA`.
    Auto,
    /// `SubTree(Child, b0 = {=}, t0 = {t0})`: every entry remapped explicitly (`{=}` and
    /// `{name}` alternate); description `SubR`.
    Remap,
}

impl SubForm {
    pub const ALL: [SubForm; 3] = [SubForm::Plain, SubForm::Auto, SubForm::Remap];

    pub fn desc(self) -> &'static str {
        match self {
            SubForm::Plain => "Sub",
            SubForm::Auto => "SubA",
            SubForm::Remap => "SubR",
        }
    }
}

/// The nodes of issues 11 and 12 (behavior3's and NodeCanvas's), one family so that each needs
/// one line in the generic code: [`Node::Ext`] holds the kind with its parameters and the
/// children (none for a leaf, one for a decorator, 1+ for a composite).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ext {
    /// `Limiter(n) { c }` (behavior3): `n` completions of the child over the tree's life.
    Limiter(u32),
    /// `MaxTime(ms) { c }` (behavior3).
    MaxTime(u64),
    /// `Repeater(n | forever) { c }` (behavior3).
    Repeater(Count),
    /// `RepeatUntilFailure(n | forever) { c }` (behavior3; `Repeat`'s rule, `n >= 1`).
    RepeatUntilFailure(Count),
    /// `RepeatUntilSuccess(n | forever) { c }` (behavior3; `RetryUntilSuccessful`'s rule).
    RepeatUntilSuccess(Count),
    /// `Wait(ms)` (behavior3 leaf).
    Wait(u64),
    /// `Succeeder`, `Failer`, `Runner`: behavior3's names of the constant leaves.
    Succeeder,
    Failer,
    Runner,
    /// `Optional { c }` (NodeCanvas).
    Optional,
    /// `Remap(success = s, failure = f) { c }` (NodeCanvas; `s`, `f`: Success or Failure).
    Remap(StatusName, StatusName),
    /// `RepeatTimes(n | forever) { c }` (NodeCanvas's Repeat, `n >= 1`).
    RepeatTimes(Count),
    /// `RepeatUntil(Success | Failure) { c }` (NodeCanvas's Repeat).
    RepeatUntil(StatusName),
    /// `Interrupt(|bb| cond) { c }` (NodeCanvas).
    Interrupt(Cond),
    /// `Conditional(|bb| cond, dynamic = .., else = ..) { c }` (NodeCanvas; `None`: not written).
    Conditional(Cond, Option<bool>, Option<StatusName>),
    /// `WaitUntil(|bb| cond) { c }` (NodeCanvas).
    WaitUntil(Cond),
    /// `Deadline(ms) { c }` (NodeCanvas's Timeout).
    Deadline(u64),
    /// `FlipSelector { .. }` (NodeCanvas).
    FlipSelector,
    /// `StepSequencer { .. }` (NodeCanvas).
    StepSequencer,
    /// `BinarySelector(|bb| cond, dynamic = ..) { then, otherwise }` (NodeCanvas; `None`: not
    /// written).
    BinarySelector(Cond, Option<bool>),
    /// `Filter(times = n, count = .., filtered = ..) { c }` (NodeCanvas; `count`: Completed,
    /// Success or Failure as a status name, `Running` standing for Completed; `None`: not written).
    Filter(u32, Option<StatusName>, Option<StatusName>),
    /// `Cooldown(ms, filtered = ..) { c }` (NodeCanvas).
    Cooldown(u64, Option<StatusName>),
    /// `IndexSwitch(|bb| int, out_of_range = Fail | Loop, dynamic = ..) { .. }` (NodeCanvas;
    /// `Some(true)`: Loop).
    IndexSwitch(Int, Option<bool>, Option<bool>),
    /// `PolicyParallel(policy = .., repeat = ..) { .. }` (NodeCanvas; policy 0: FirstFailure,
    /// 1: FirstSuccess, 2: FirstSuccessOrFailure).
    PolicyParallel(u8, Option<bool>),
    /// `DynamicSequence { .. }` (NodeCanvas's dynamic Sequencer, decision 9).
    DynamicSequence,
    /// `DynamicSelector { .. }` (NodeCanvas's dynamic Selector, decision 9).
    DynamicSelector,
    /// `PrioritySelector(dynamic = ..) { #[score(|bb| s as f32)] child, .. }` (NodeCanvas): one
    /// score per child; `dynamic` (`None`: not written, the ordered selector).
    PrioritySelector(Vec<Int>, Option<bool>),
    /// `Observe(|bb| cond, abort = ..) { c }` (Unreal Engine; `None`: `abort` not written).
    /// `Lower`/`Both` only on a child of a `Fallback`/`Selector` (which becomes an observer
    /// selector).
    Observe(Cond, Option<Abort>),
    /// `Iterate(l0, element = {e}, until = .., max = m, reset_index = ..) { c }` (NodeCanvas;
    /// `e`: `b0` or `b1`; `until`: 0 Never, 1 FirstSuccess, 2 FirstFailure; `None`: not
    /// written).
    Iterate(Entry, Option<u8>, Option<u32>, Option<bool>),
    /// `Guard(|ctx| &mut ctx.token, if_guarded = ..) { c }` (NodeCanvas; every Guard of a tree
    /// shares the context's one token; `if_guarded`: Failure or Running, `None`: not written).
    Guard(Option<StatusName>),
    /// `RandomSequence { .. }` (NodeCanvas's Sequencer with *Random* on; the tree is declared
    /// `rng = context`).
    RandomSequence,
    /// `RandomSelector { .. }` (NodeCanvas's Selector with *Random* on).
    RandomSelector,
    /// `ProbabilitySelector(fail = w) { #[weight(w)] child, .. }` (NodeCanvas): the fail weight
    /// (`None`: not written) and one weight per child, each a literal or `|bb| (int) as f32`.
    ProbabilitySelector(Option<Int>, Vec<Int>),
}

impl Ext {
    /// A random node: the tree that holds it is declared `rng = context`.
    pub fn is_random(&self) -> bool {
        matches!(
            self,
            Ext::RandomSequence | Ext::RandomSelector | Ext::ProbabilitySelector(..)
        )
    }
}

/// `Iterate`'s termination policies, by number.
pub const UNTIL: [&str; 3] = ["Never", "FirstSuccess", "FirstFailure"];

/// A `PrioritySelector` child's score: a literal, or a closure over the blackboard.
fn score_rust(score: &Int) -> String {
    match score.atom {
        Atom::Lit(_) if score.add == 0 && score.modulo == 0 => score.rust(),
        _ => format!("|bb| ({}) as f32", score.rust()),
    }
}

/// `Observe`'s abort modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Abort {
    None,
    SelfBranch,
    Lower,
    Both,
}

impl Abort {
    pub const ALL: [Abort; 4] = [Abort::None, Abort::SelfBranch, Abort::Lower, Abort::Both];

    pub fn dsl(self) -> &'static str {
        match self {
            Abort::None => "none",
            Abort::SelfBranch => "self",
            Abort::Lower => "lower",
            Abort::Both => "both",
        }
    }

    pub fn desc(self) -> &'static str {
        match self {
            Abort::None => "N",
            Abort::SelfBranch => "S",
            Abort::Lower => "L",
            Abort::Both => "B",
        }
    }

    /// Watched while a later sibling runs (owned by the parent selector).
    pub fn watches_lower(self) -> bool {
        matches!(self, Abort::Lower | Abort::Both)
    }

    /// Watched while its own child runs.
    pub fn watches_self(self) -> bool {
        matches!(self, Abort::SelfBranch | Abort::Both)
    }
}

impl Node {
    /// An `Observe(.., abort = lower | both)` node: its condition belongs to its parent, a
    /// `Fallback`/`Selector` that becomes an observer selector.
    pub fn observe_lower(&self) -> Option<(&Cond, Abort)> {
        match self {
            Node::Ext(Ext::Observe(cond, Some(abort)), _) if abort.watches_lower() => {
                Some((cond, *abort))
            }
            _ => None,
        }
    }

    /// Every `Observe(.., abort = lower | both)` is a direct child of a `Fallback`/`Selector`
    /// (without attributes: the macro would not see the `Observe` as the selector's child).
    pub fn observers_placed(&self) -> bool {
        fn walk(node: &Node, under_fallback: bool) -> bool {
            if node.observe_lower().is_some() && !under_fallback {
                return false;
            }
            let fallback = matches!(
                node,
                Node::Composite(Composite::Fallback | Composite::Selector, _)
            );
            node.children().into_iter().all(|c| walk(c, fallback))
        }
        walk(self, false)
    }

    /// A `Condition` or `ScriptCondition` leaf (attributes or not): a child that a
    /// `DynamicSequence`/`DynamicSelector` re-checks every tick.
    pub fn is_condition_leaf(&self) -> bool {
        matches!(self.dsl_kind(), "Condition" | "ScriptCondition")
    }
}

/// `PolicyParallel`'s policies, by number.
pub const POLICIES: [&str; 3] = ["FirstFailure", "FirstSuccess", "FirstSuccessOrFailure"];

impl Ext {
    /// The kind as written in the DSL.
    pub fn dsl_kind(&self) -> &'static str {
        match self {
            Ext::Limiter(_) => "Limiter",
            Ext::MaxTime(_) => "MaxTime",
            Ext::Repeater(_) => "Repeater",
            Ext::RepeatUntilFailure(_) => "RepeatUntilFailure",
            Ext::RepeatUntilSuccess(_) => "RepeatUntilSuccess",
            Ext::Wait(_) => "Wait",
            Ext::Succeeder => "Succeeder",
            Ext::Failer => "Failer",
            Ext::Runner => "Runner",
            Ext::Optional => "Optional",
            Ext::Remap(..) => "Remap",
            Ext::RepeatTimes(_) => "RepeatTimes",
            Ext::RepeatUntil(_) => "RepeatUntil",
            Ext::Interrupt(_) => "Interrupt",
            Ext::Conditional(..) => "Conditional",
            Ext::WaitUntil(_) => "WaitUntil",
            Ext::Deadline(_) => "Deadline",
            Ext::FlipSelector => "FlipSelector",
            Ext::StepSequencer => "StepSequencer",
            Ext::BinarySelector(..) => "BinarySelector",
            Ext::Filter(..) => "Filter",
            Ext::Cooldown(..) => "Cooldown",
            Ext::IndexSwitch(..) => "IndexSwitch",
            Ext::PolicyParallel(..) => "PolicyParallel",
            Ext::DynamicSequence => "DynamicSequence",
            Ext::DynamicSelector => "DynamicSelector",
            Ext::PrioritySelector(..) => "PrioritySelector",
            Ext::Observe(..) => "Observe",
            Ext::Iterate(..) => "Iterate",
            Ext::Guard(_) => "Guard",
            Ext::RandomSequence => "RandomSequence",
            Ext::RandomSelector => "RandomSelector",
            Ext::ProbabilitySelector(..) => "ProbabilitySelector",
        }
    }

    /// The DSL head (kind and parameters).
    fn dsl_head(&self) -> String {
        let count = |n: &Count| match n {
            Count::Times(n) => n.to_string(),
            Count::Forever => "forever".to_string(),
        };
        let kind = self.dsl_kind();
        match self {
            Ext::Limiter(n) => format!("{kind}({n})"),
            Ext::MaxTime(ms) | Ext::Wait(ms) | Ext::Deadline(ms) => format!("{kind}({ms})"),
            Ext::Repeater(n)
            | Ext::RepeatUntilFailure(n)
            | Ext::RepeatUntilSuccess(n)
            | Ext::RepeatTimes(n) => format!("{kind}({})", count(n)),
            Ext::Remap(s, f) => format!("{kind}(success = {}, failure = {})", s.dsl(), f.dsl()),
            Ext::RepeatUntil(s) => format!("{kind}({})", s.dsl()),
            Ext::Interrupt(c) | Ext::WaitUntil(c) => format!("{kind}(|bb| {})", c.rust()),
            Ext::Conditional(c, dynamic, otherwise) => {
                let mut text = format!("{kind}(|bb| {}", c.rust());
                if let Some(d) = dynamic {
                    let _ = write!(text, ", dynamic = {d}");
                }
                if let Some(s) = otherwise {
                    let _ = write!(text, ", else = {}", s.dsl());
                }
                text.push(')');
                text
            }
            Ext::BinarySelector(c, dynamic) => match dynamic {
                None => format!("{kind}(|bb| {})", c.rust()),
                Some(d) => format!("{kind}(|bb| {}, dynamic = {d})", c.rust()),
            },
            Ext::Filter(n, count, filtered) => {
                let mut text = format!("{kind}(times = {n}");
                if let Some(c) = count {
                    let word = match c {
                        StatusName::Success => "Success",
                        StatusName::Failure => "Failure",
                        _ => "Completed",
                    };
                    let _ = write!(text, ", count = {word}");
                }
                if let Some(f) = filtered {
                    let _ = write!(text, ", filtered = {}", f.dsl());
                }
                text.push(')');
                text
            }
            Ext::Cooldown(ms, filtered) => match filtered {
                None => format!("{kind}({ms})"),
                Some(f) => format!("{kind}({ms}, filtered = {})", f.dsl()),
            },
            Ext::IndexSwitch(index, looping, dynamic) => {
                let mut text = format!("{kind}(|bb| {}", index.rust());
                if let Some(l) = looping {
                    let word = if *l { "Loop" } else { "Fail" };
                    let _ = write!(text, ", out_of_range = {word}");
                }
                if let Some(d) = dynamic {
                    let _ = write!(text, ", dynamic = {d}");
                }
                text.push(')');
                text
            }
            Ext::PolicyParallel(policy, repeat) => match repeat {
                None => format!("{kind}(policy = {})", POLICIES[*policy as usize]),
                Some(r) => format!(
                    "{kind}(policy = {}, repeat = {r})",
                    POLICIES[*policy as usize]
                ),
            },
            Ext::Guard(if_guarded) => match if_guarded {
                None => format!("{kind}(|ctx| &mut ctx.token)"),
                Some(s) => format!("{kind}(|ctx| &mut ctx.token, if_guarded = {})", s.dsl()),
            },
            Ext::Iterate(element, until, max, reset) => {
                let mut text = format!("{kind}(l0, element = {{{}}}", element.name());
                if let Some(u) = until {
                    let _ = write!(text, ", until = {}", UNTIL[*u as usize]);
                }
                if let Some(m) = max {
                    let _ = write!(text, ", max = {m}");
                }
                if let Some(r) = reset {
                    let _ = write!(text, ", reset_index = {r}");
                }
                text.push(')');
                text
            }
            Ext::Observe(c, abort) => match abort {
                None => format!("{kind}(|bb| {})", c.rust()),
                Some(a) => format!("{kind}(|bb| {}, abort = {})", c.rust(), a.dsl()),
            },
            Ext::ProbabilitySelector(Some(fail), _) => {
                format!("{kind}(fail = {})", score_rust(fail))
            }
            Ext::PrioritySelector(_, Some(dynamic)) => format!("{kind}(dynamic = {dynamic})"),
            _ => kind.to_string(),
        }
    }

    /// The name in a description (with its payload).
    fn desc(&self) -> String {
        let count = |n: &Count| match n {
            Count::Times(n) => n.to_string(),
            Count::Forever => "F".to_string(),
        };
        let flag = |d: &Option<bool>| match d {
            None => "_",
            Some(true) => "T",
            Some(false) => "N",
        };
        match self {
            Ext::Limiter(n) => format!("Lim{{{n}}}"),
            Ext::MaxTime(ms) => format!("Mt{{{ms}}}"),
            Ext::Repeater(n) => format!("Rpt{{{}}}", count(n)),
            Ext::RepeatUntilFailure(n) => format!("Ruf{{{}}}", count(n)),
            Ext::RepeatUntilSuccess(n) => format!("Rus{{{}}}", count(n)),
            Ext::Wait(ms) => format!("Wt{{{ms}}}"),
            Ext::Succeeder => "Suc".into(),
            Ext::Failer => "Fai".into(),
            Ext::Runner => "Run".into(),
            Ext::Optional => "Opt".into(),
            Ext::Remap(s, f) => format!("Rmp{{{};{}}}", s.desc(), f.desc()),
            Ext::RepeatTimes(n) => format!("RT{{{}}}", count(n)),
            Ext::RepeatUntil(s) => format!("RU{{{}}}", s.desc()),
            Ext::Interrupt(c) => format!("Intr{{{}}}", c.desc()),
            Ext::Conditional(c, d, s) => format!(
                "Cnd{{{};{};{}}}",
                c.desc(),
                flag(d),
                StatusName::desc_opt(*s)
            ),
            Ext::WaitUntil(c) => format!("WU{{{}}}", c.desc()),
            Ext::Deadline(ms) => format!("Dd{{{ms}}}"),
            Ext::FlipSelector => "Flip".into(),
            Ext::StepSequencer => "Step".into(),
            Ext::BinarySelector(c, d) => format!("Bin{{{};{}}}", c.desc(), flag(d)),
            Ext::Filter(n, count, filtered) => format!(
                "Flt{{{n};{};{}}}",
                StatusName::desc_opt(*count),
                StatusName::desc_opt(*filtered)
            ),
            Ext::Cooldown(ms, filtered) => {
                format!("Cd{{{ms};{}}}", StatusName::desc_opt(*filtered))
            }
            Ext::IndexSwitch(index, looping, dynamic) => {
                format!(
                    "Isw{{{};{};{}}}",
                    index.desc(),
                    flag(looping),
                    flag(dynamic)
                )
            }
            Ext::PolicyParallel(policy, repeat) => format!("PPar{{{policy};{}}}", flag(repeat)),
            Ext::DynamicSequence => "DySeq".into(),
            Ext::DynamicSelector => "DySel".into(),
            Ext::PrioritySelector(scores, dynamic) => {
                let mut parts = vec![flag(dynamic).to_string()];
                parts.extend(scores.iter().map(Int::desc));
                format!("PrSel{{{}}}", parts.join(";"))
            }
            Ext::Observe(c, abort) => {
                format!("Obs{{{};{}}}", c.desc(), abort.map_or("_", Abort::desc))
            }
            Ext::Guard(if_guarded) => format!("Grd{{{}}}", StatusName::desc_opt(*if_guarded)),
            Ext::RandomSequence => "RndSeq".into(),
            Ext::RandomSelector => "RndSel".into(),
            Ext::ProbabilitySelector(fail, weights) => {
                let mut parts = vec![fail.as_ref().map_or("_".to_string(), Int::desc)];
                parts.extend(weights.iter().map(Int::desc));
                format!("PbSel{{{}}}", parts.join(";"))
            }
            Ext::Iterate(element, until, max, reset) => format!(
                "Itr{{{};{};{};{}}}",
                element.name(),
                until.map_or("_".to_string(), |u| u.to_string()),
                max.map_or("_".to_string(), |m| m.to_string()),
                flag(reset)
            ),
        }
    }

    /// Reads a description name and payload; `None`: not an `Ext` name.
    fn parse(name: &str, payload: Option<&str>) -> Option<Result<Ext, String>> {
        let text = || payload.ok_or_else(|| format!("{name} needs a {{..}} payload"));
        let count = |t: &str| -> Result<Count, String> {
            if t == "F" {
                Ok(Count::Forever)
            } else {
                t.parse()
                    .map(Count::Times)
                    .map_err(|_| format!("{name}: bad count {t:?}"))
            }
        };
        let num = |t: &str| -> Result<u64, String> {
            t.parse().map_err(|_| format!("{name}: bad number {t:?}"))
        };
        let status = |t: &str| -> Result<StatusName, String> {
            StatusName::parse_opt(t)?.ok_or_else(|| format!("{name}: status needed"))
        };
        let flag_parse = |t: &str| -> Result<Option<bool>, String> {
            match t {
                "_" => Ok(None),
                "T" => Ok(Some(true)),
                "N" => Ok(Some(false)),
                _ => Err(format!("{name}: bad flag {t:?}")),
            }
        };
        let no_payload = |ext: Ext| match payload {
            None => Ok(ext),
            Some(_) => Err(format!("{name} takes no payload")),
        };
        Some(match name {
            "Lim" => text().and_then(num).map(|n| Ext::Limiter(n as u32)),
            "Mt" => text().and_then(num).map(Ext::MaxTime),
            "Rpt" => text().and_then(count).map(Ext::Repeater),
            "Ruf" => text().and_then(count).map(Ext::RepeatUntilFailure),
            "Rus" => text().and_then(count).map(Ext::RepeatUntilSuccess),
            "Wt" => text().and_then(num).map(Ext::Wait),
            "Suc" => no_payload(Ext::Succeeder),
            "Fai" => no_payload(Ext::Failer),
            "Run" => no_payload(Ext::Runner),
            "Opt" => no_payload(Ext::Optional),
            "Rmp" => text().and_then(|t| {
                let (s, f) = t.split_once(';').ok_or("Remap: s;f")?;
                Ok(Ext::Remap(status(s)?, status(f)?))
            }),
            "RT" => text().and_then(count).map(Ext::RepeatTimes),
            "RU" => text().and_then(status).map(Ext::RepeatUntil),
            "Intr" => text().and_then(Cond::parse).map(Ext::Interrupt),
            "Cnd" => text().and_then(|t| {
                let parts: Vec<&str> = t.split(';').collect();
                let [c, d, s] = parts[..] else {
                    return Err(format!("bad Conditional {t:?}"));
                };
                let d = match d {
                    "_" => None,
                    "T" => Some(true),
                    "N" => Some(false),
                    _ => return Err(format!("bad Conditional {t:?}")),
                };
                Ok(Ext::Conditional(
                    Cond::parse(c)?,
                    d,
                    StatusName::parse_opt(s)?,
                ))
            }),
            "WU" => text().and_then(Cond::parse).map(Ext::WaitUntil),
            "Dd" => text().and_then(num).map(Ext::Deadline),
            "Flip" => no_payload(Ext::FlipSelector),
            "Step" => no_payload(Ext::StepSequencer),
            "Bin" => text().and_then(|t| {
                let (c, d) = t.split_once(';').ok_or("BinarySelector: cond;flag")?;
                let d = match d {
                    "_" => None,
                    "T" => Some(true),
                    "N" => Some(false),
                    _ => return Err(format!("bad BinarySelector {t:?}")),
                };
                Ok(Ext::BinarySelector(Cond::parse(c)?, d))
            }),
            "Flt" => text().and_then(|t| {
                let parts: Vec<&str> = t.split(';').collect();
                let [n, c, f] = parts[..] else {
                    return Err(format!("bad Filter {t:?}"));
                };
                Ok(Ext::Filter(
                    num(n)? as u32,
                    StatusName::parse_opt(c)?,
                    StatusName::parse_opt(f)?,
                ))
            }),
            "Isw" => text().and_then(|t| {
                let parts: Vec<&str> = t.split(';').collect();
                let [i, l, d] = parts[..] else {
                    return Err(format!("bad IndexSwitch {t:?}"));
                };
                Ok(Ext::IndexSwitch(
                    Int::parse(i)?,
                    flag_parse(l)?,
                    flag_parse(d)?,
                ))
            }),
            "PPar" => text().and_then(|t| {
                let (p, r) = t.split_once(';').ok_or("PolicyParallel: p;r")?;
                let p = num(p)?;
                if p > 2 {
                    return Err(format!("bad policy {p}"));
                }
                Ok(Ext::PolicyParallel(p as u8, flag_parse(r)?))
            }),
            "Cd" => text().and_then(|t| {
                let (ms, f) = t.split_once(';').ok_or("Cooldown: ms;filtered")?;
                Ok(Ext::Cooldown(num(ms)?, StatusName::parse_opt(f)?))
            }),
            "Itr" => text().and_then(|t| {
                let parts: Vec<&str> = t.split(';').collect();
                let [e, u, m, r] = parts[..] else {
                    return Err(format!("bad Iterate {t:?}"));
                };
                let element = Entry::parse(e)
                    .filter(|e| e.is_int())
                    .ok_or_else(|| format!("bad Iterate element {e:?}"))?;
                let until = match u {
                    "_" => None,
                    u => Some(num(u)? as u8)
                        .filter(|u| *u < 3)
                        .map(Some)
                        .ok_or("bad until")?,
                };
                let max = match m {
                    "_" => None,
                    m => Some(num(m)? as u32),
                };
                Ok(Ext::Iterate(element, until, max, flag_parse(r)?))
            }),
            "Grd" => text().and_then(|t| Ok(Ext::Guard(StatusName::parse_opt(t)?))),
            "DySeq" => no_payload(Ext::DynamicSequence),
            "RndSeq" => no_payload(Ext::RandomSequence),
            "RndSel" => no_payload(Ext::RandomSelector),
            "PbSel" => text().and_then(|t| {
                let mut parts = t.split(';');
                let fail = match parts.next() {
                    Some("_") => None,
                    Some(f) => Some(Int::parse(f)?),
                    None => return Err("ProbabilitySelector: fail;weights".into()),
                };
                let weights: Result<Vec<Int>, String> = parts.map(Int::parse).collect();
                Ok(Ext::ProbabilitySelector(fail, weights?))
            }),
            "DySel" => no_payload(Ext::DynamicSelector),
            "PrSel" => text().and_then(|t| {
                let mut parts = t.split(';');
                let dynamic = match parts.next() {
                    Some("_") => None,
                    Some("T") => Some(true),
                    Some("N") => Some(false),
                    _ => return Err(format!("bad PrioritySelector {t:?}")),
                };
                let scores: Result<Vec<Int>, String> = parts.map(Int::parse).collect();
                Ok(Ext::PrioritySelector(scores?, dynamic))
            }),
            "Obs" => text().and_then(|t| {
                let (c, a) = t.split_once(';').ok_or("Observe: cond;abort")?;
                let abort = match a {
                    "_" => None,
                    a => Some(
                        (Abort::ALL.into_iter().find(|m| m.desc() == a))
                            .ok_or_else(|| format!("bad abort {a:?}"))?,
                    ),
                };
                Ok(Ext::Observe(Cond::parse(c)?, abort))
            }),
            _ => return None,
        })
    }

    /// How many children it takes: 0 (a leaf), 1 (a decorator) or `None` (1 or more).
    pub fn arity(&self) -> Option<usize> {
        match self {
            Ext::Wait(_) | Ext::Succeeder | Ext::Failer | Ext::Runner => Some(0),
            Ext::FlipSelector
            | Ext::StepSequencer
            | Ext::IndexSwitch(..)
            | Ext::PolicyParallel(..)
            | Ext::DynamicSequence
            | Ext::DynamicSelector
            | Ext::RandomSequence
            | Ext::RandomSelector => None,
            Ext::PrioritySelector(scores, _) => Some(scores.len()),
            Ext::ProbabilitySelector(_, weights) => Some(weights.len()),
            Ext::BinarySelector(..) => Some(2),
            _ => Some(1),
        }
    }

    /// The condition it reads, if any.
    pub fn cond(&self) -> Option<&Cond> {
        match self {
            Ext::Interrupt(c)
            | Ext::WaitUntil(c)
            | Ext::Conditional(c, ..)
            | Ext::BinarySelector(c, _)
            | Ext::Observe(c, _) => Some(c),
            _ => None,
        }
    }
}

/// The first id of the user nodes that log their calls ([`User::id`]): leaf ids are below it
/// (a tree has at most 60 nodes), so a call names a leaf or a user node, never both.
pub const USER_ID_BASE: usize = 100;

/// A control node or decorator of the user's own (`Control(Type) { .. }`, `Decorator(Type) {
/// c }`; issue 26), as `user.rs` defines them: the four navigation nodes of
/// `examples/nav_recovery/nodes.rs`, and four nodes written to stress the contract the tree
/// enforces (`bt::custom`). The nodes with an id log their calls (`u<id>t` tick, `u<id>x`
/// `on_halted`) and the values their ports received and wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum User {
    /// `Control(PipelineSequence) { .. }`; description `UPipe`.
    Pipeline,
    /// `Control(RecoveryNode, number_of_retries = n) { action, recovery }` (`None`: the port is
    /// not written, 1); description `URec{n-or-_}`.
    Recovery(Option<u32>),
    /// `Decorator(RateController, hz = h.0) { c }` (`h` in 20, 25, 50, 100: periods of 50, 40,
    /// 20 and 10 ms); description `URate{h}`.
    Rate(u32),
    /// `Control(RoundRobin) { .. }`; description `URr`.
    RoundRobin,
    /// `Control(Sweep<id>, b0 = .., b1 = ..) { .. }` (`b1` may be unbound): ticks every child
    /// not completed in the activation, succeeds at `1 + b0 mod n` successes leaving the others
    /// running; description `USw<id>{ports}`.
    Sweep(usize, Ports),
    /// `Decorator(Twice<id>) { c }`: ticks its child a second time in the same tick when the
    /// first answer is not `Running`; description `UTw<id>`.
    Twice(usize),
    /// `Control(Rotate<id>) { .. }`: one child per tick in turn, halting the others itself,
    /// `Running` between turns with no child running; description `URot<id>`.
    Rotate(usize),
    /// `Decorator(Gate<id>, b0 = .., t0 = {..}) { c }`: `Running` without ticking (its running
    /// child halted) while `b0 mod 4 == 3`, else adds 1 to the in-out `t0` and ticks the child;
    /// description `UGate<id>{ports}`.
    Gate(usize, Ports),
    /// `Decorator(Fuse<id>) { c }`, only in trees with an error type: passes its child's status
    /// through, but its child's second failure in an activation ends the tick with the error
    /// `DiffError(id)`, an error of its own; description `UFuse<id>`.
    Fuse(usize),
}

impl User {
    /// `Control` or `Decorator` (what `NodeInfo::kind` reports).
    pub fn dsl_kind(&self) -> &'static str {
        match self {
            User::Rate(_) | User::Twice(_) | User::Gate(..) | User::Fuse(_) => "Decorator",
            _ => "Control",
        }
    }

    /// The type's name in the DSL.
    pub fn type_name(&self) -> &'static str {
        match self {
            User::Pipeline => "PipelineSequence",
            User::Recovery(_) => "RecoveryNode",
            User::Rate(_) => "RateController",
            User::RoundRobin => "RoundRobin",
            User::Sweep(..) => "Sweep",
            User::Twice(_) => "Twice",
            User::Rotate(_) => "Rotate",
            User::Gate(..) => "Gate",
            User::Fuse(_) => "Fuse",
        }
    }

    /// The id of a node that logs its calls.
    pub fn id(&self) -> Option<usize> {
        match self {
            User::Sweep(id, _)
            | User::Twice(id)
            | User::Rotate(id)
            | User::Gate(id, _)
            | User::Fuse(id) => Some(*id),
            _ => None,
        }
    }

    pub fn id_mut(&mut self) -> Option<&mut usize> {
        match self {
            User::Sweep(id, _)
            | User::Twice(id)
            | User::Rotate(id)
            | User::Gate(id, _)
            | User::Fuse(id) => Some(id),
            _ => None,
        }
    }

    /// The port bindings of `Sweep` and `Gate`.
    pub fn ports(&self) -> Option<&Ports> {
        match self {
            User::Sweep(_, ports) | User::Gate(_, ports) => Some(ports),
            _ => None,
        }
    }

    /// How many children it takes (`None`: one or more).
    pub fn arity(&self) -> Option<usize> {
        match self {
            User::Recovery(_) => Some(2),
            User::Rate(_) | User::Twice(_) | User::Gate(..) | User::Fuse(_) => Some(1),
            _ => None,
        }
    }

    /// The DSL head: `Control(Type<id>, port = ..)`.
    fn dsl_head(&self) -> String {
        let mut text = format!("{}({}", self.dsl_kind(), self.type_name());
        if let Some(id) = self.id() {
            let _ = write!(text, "<{id}>");
        }
        match self {
            User::Recovery(Some(n)) => {
                let _ = write!(text, ", number_of_retries = {n}");
            }
            User::Rate(hz) => {
                let _ = write!(text, ", hz = {hz}.0");
            }
            _ => {}
        }
        for (port, bind) in self.ports().map(Ports::bound).unwrap_or_default() {
            let _ = write!(text, ", {} = {}", port.name(), bind.rust());
        }
        text.push(')');
        text
    }

    fn desc(&self) -> String {
        match self {
            User::Pipeline => "UPipe".into(),
            User::Recovery(n) => format!("URec{{{}}}", n.map_or("_".into(), |n| n.to_string())),
            User::Rate(hz) => format!("URate{{{hz}}}"),
            User::RoundRobin => "URr".into(),
            User::Sweep(id, ports) => format!("USw{id}{{{}}}", ports.desc()),
            User::Twice(id) => format!("UTw{id}"),
            User::Rotate(id) => format!("URot{id}"),
            User::Gate(id, ports) => format!("UGate{id}{{{}}}", ports.desc()),
            User::Fuse(id) => format!("UFuse{id}"),
        }
    }

    /// The user node named `name` (with its payload), if `name` is one.
    fn parse(name: &str, payload: Option<&str>) -> Option<Result<User, String>> {
        let text = || payload.ok_or_else(|| format!("{name} needs a {{..}} payload"));
        let id = |rest: &str| -> Result<usize, String> {
            rest.parse().map_err(|_| format!("bad user node {name:?}"))
        };
        let no_payload = |user: User| match payload {
            None => Ok(user),
            Some(_) => Err(format!("{name} takes no payload")),
        };
        Some(match name {
            "UPipe" => no_payload(User::Pipeline),
            "URr" => no_payload(User::RoundRobin),
            "URec" => text().and_then(|t| match t {
                "_" => Ok(User::Recovery(None)),
                n => n
                    .parse()
                    .map(|n| User::Recovery(Some(n)))
                    .map_err(|_| format!("bad URec {t:?}")),
            }),
            "URate" => text().and_then(|t| {
                t.parse()
                    .map(User::Rate)
                    .map_err(|_| format!("bad URate {t:?}"))
            }),
            _ if name.starts_with("USw") => {
                (|| Ok(User::Sweep(id(&name[3..])?, Ports::parse(text()?)?)))()
            }
            _ if name.starts_with("UGate") => {
                (|| Ok(User::Gate(id(&name[5..])?, Ports::parse(text()?)?)))()
            }
            _ if name.starts_with("UTw") => {
                id(&name[3..]).and_then(|id| no_payload(User::Twice(id)))
            }
            _ if name.starts_with("UFuse") => {
                id(&name[5..]).and_then(|id| no_payload(User::Fuse(id)))
            }
            _ if name.starts_with("URot") => {
                id(&name[4..]).and_then(|id| no_payload(User::Rotate(id)))
            }
            _ => return None,
        })
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Node {
    Composite(Composite, Vec<Node>),
    /// `Parallel(success = s, failure = f) { .. }` (`None`: the parameter is not written).
    Parallel(Option<i64>, Option<i64>, Vec<Node>),
    /// `ParallelAll(max_failures = m) { .. }` (`None`: not written).
    ParallelAll(Option<i64>, Vec<Node>),
    /// `IfThenElse { condition, then, else? }` (2 or 3 children).
    IfThenElse(Vec<Node>),
    /// `WhileDoElse { condition, then, else? }` (2 or 3 children).
    WhileDoElse(Vec<Node>),
    /// `Switch(b1) { case v0 => .., case v1 => .., _ => default }`: `cases[i]` selects child
    /// `i`, the last child is the default (one more child than cases).
    Switch(Vec<i64>, Vec<Node>),
    /// `TryCatch(catch_on_halt = ..) { try.., catch }` (`None`: not written).
    TryCatch(Option<bool>, Vec<Node>),
    Inverter(Spelling, Box<Node>),
    ForceSuccess(Box<Node>),
    ForceFailure(Box<Node>),
    Repeat(Count, Box<Node>),
    Retry(Count, Spelling, Box<Node>),
    KeepRunningUntilFailure(Box<Node>),
    RunOnce(RunOnceForm, Box<Node>),
    /// `SkipUnlessUpdated(entry) { child }` (a tracked entry).
    SkipUnlessUpdated(Entry, Box<Node>),
    /// `WaitValueUpdate(entry) { child }` (a tracked entry).
    WaitValueUpdate(Entry, Box<Node>),
    /// `Delay(ms) { child }`.
    Delay(u64, Box<Node>),
    /// `Timeout(ms) { child }`.
    Timeout(u64, Box<Node>),
    /// `Precondition(|bb| cond, else = ..) { child }` (`None`: `else` not written).
    Precondition(Cond, Option<StatusName>, Box<Node>),
    /// `Loop(q0, value = {entry}, if_empty = ..) { child }` (`None`: not written).
    Loop(Option<Entry>, Option<StatusName>, Box<Node>),
    /// `Condition(Cond<id>)` (or another [`LeafForm`]).
    Condition(usize, LeafForm),
    /// `Action(Act<id>)` (or another [`LeafForm`]).
    Action(usize, LeafForm),
    /// `StatefulAction(Task<id>)` (or `Task<id> = Task::<id>`; never a closure).
    Stateful(usize, LeafForm),
    /// `Condition(|ctx, bb| ctx.check_in(id, int))`: an inline condition over the blackboard.
    BbCondition(usize, Int),
    /// `Action(|ctx, bb| ctx.exec_in(id, int, &mut bb.entry))`: an inline action over the
    /// blackboard (`entry` is `b0` or `b1`).
    BbAction(usize, Int, Entry),
    /// A leaf type with ports.
    Ported(PortLeaf, usize, Ports),
    AlwaysSuccess,
    AlwaysFailure,
    AlwaysRunning,
    /// `Sleep(ms)`.
    Sleep(u64),
    /// `SetBlackboard(entry = value)`.
    SetBlackboard(Entry, SetValue),
    /// `UnsetBlackboard(entry)` (`o0`).
    UnsetBlackboard(Entry),
    /// `Script(|bb| ..)`.
    Script(Script),
    /// `ScriptCondition(|bb| ..)`.
    ScriptCondition(Cond),
    /// `WasEntryUpdated(entry)` (a tracked entry).
    WasEntryUpdated(Entry),
    /// `SubTree(..)`: a child tree whose root is the node (see [`SubForm`]).
    Sub(SubForm, Box<Node>),
    /// A node of issues 11/12 ([`Ext`]) with its children.
    Ext(Ext, Vec<Node>),
    /// A control node or decorator of the user's own ([`User`], issue 26) with its children.
    User(User, Vec<Node>),
    /// `Error(DiffError(n))` (behavior3's ERROR leaf, in a tree with an error type); description
    /// `Err{n}`.
    Error(u32),
    /// A node with pre-/post-condition attributes (in the order written; each kind at most
    /// once). Not a node of its own: it is the inner node with attributes, which is never
    /// another `Attr`.
    Attr(Vec<Attr>, Box<Node>),
}

impl Node {
    /// The node without its attributes.
    pub fn bare(&self) -> &Node {
        match self {
            Node::Attr(_, inner) => inner,
            other => other,
        }
    }

    /// The node's attributes (empty for most nodes).
    pub fn attrs(&self) -> &[Attr] {
        match self {
            Node::Attr(attrs, _) => attrs,
            _ => &[],
        }
    }

    /// The node's children (empty for a leaf).
    pub fn children(&self) -> Vec<&Node> {
        match self.bare() {
            Node::Composite(_, children)
            | Node::Parallel(_, _, children)
            | Node::ParallelAll(_, children)
            | Node::IfThenElse(children)
            | Node::WhileDoElse(children)
            | Node::Switch(_, children)
            | Node::TryCatch(_, children)
            | Node::Ext(_, children)
            | Node::User(_, children) => children.iter().collect(),
            Node::Inverter(_, c)
            | Node::ForceSuccess(c)
            | Node::ForceFailure(c)
            | Node::Repeat(_, c)
            | Node::Retry(_, _, c)
            | Node::KeepRunningUntilFailure(c)
            | Node::RunOnce(_, c)
            | Node::SkipUnlessUpdated(_, c)
            | Node::WaitValueUpdate(_, c)
            | Node::Delay(_, c)
            | Node::Timeout(_, c)
            | Node::Precondition(_, _, c)
            | Node::Loop(_, _, c)
            | Node::Sub(_, c) => vec![&**c],
            _ => Vec::new(),
        }
    }

    /// The node's children, to change (the inner node's, for a node with attributes).
    pub fn children_mut(&mut self) -> Vec<&mut Node> {
        match self {
            Node::Attr(_, inner) => inner.children_mut(),
            Node::Composite(_, children)
            | Node::Parallel(_, _, children)
            | Node::ParallelAll(_, children)
            | Node::IfThenElse(children)
            | Node::WhileDoElse(children)
            | Node::Switch(_, children)
            | Node::TryCatch(_, children)
            | Node::Ext(_, children)
            | Node::User(_, children) => children.iter_mut().collect(),
            Node::Inverter(_, c)
            | Node::ForceSuccess(c)
            | Node::ForceFailure(c)
            | Node::Repeat(_, c)
            | Node::Retry(_, _, c)
            | Node::KeepRunningUntilFailure(c)
            | Node::RunOnce(_, c)
            | Node::SkipUnlessUpdated(_, c)
            | Node::WaitValueUpdate(_, c)
            | Node::Delay(_, c)
            | Node::Timeout(_, c)
            | Node::Precondition(_, _, c)
            | Node::Loop(_, _, c)
            | Node::Sub(_, c) => vec![&mut **c],
            _ => Vec::new(),
        }
    }

    /// The leaf id, for the leaves that call the context (and so log calls).
    pub fn leaf_id(&self) -> Option<usize> {
        match self.bare() {
            Node::Condition(id, _)
            | Node::Action(id, _)
            | Node::Stateful(id, _)
            | Node::BbCondition(id, _)
            | Node::BbAction(id, ..)
            | Node::Ported(_, id, _) => Some(*id),
            _ => None,
        }
    }

    /// The leaf id, to change.
    pub fn leaf_id_mut(&mut self) -> Option<&mut usize> {
        match self {
            Node::Attr(_, inner) => inner.leaf_id_mut(),
            Node::Condition(id, _)
            | Node::Action(id, _)
            | Node::Stateful(id, _)
            | Node::BbCondition(id, _)
            | Node::BbAction(id, ..)
            | Node::Ported(_, id, _) => Some(id),
            _ => None,
        }
    }

    /// Number of nodes in the tree.
    pub fn size(&self) -> usize {
        1 + self.children().iter().map(|c| c.size()).sum::<usize>()
    }

    /// Depth of the tree (a leaf has depth 1).
    pub fn depth(&self) -> usize {
        1 + self.children().iter().map(|c| c.depth()).max().unwrap_or(0)
    }

    /// The node kind as written in the DSL (what `NodeInfo::kind` reports).
    pub fn dsl_kind(&self) -> &'static str {
        match self.bare() {
            Node::Composite(kind, _) => kind.dsl(),
            Node::Parallel(..) => "Parallel",
            Node::ParallelAll(..) => "ParallelAll",
            Node::IfThenElse(_) => "IfThenElse",
            Node::WhileDoElse(_) => "WhileDoElse",
            Node::Switch(..) => "Switch",
            Node::TryCatch(..) => "TryCatch",
            Node::Inverter(Spelling::Name, _) => "Inverter",
            Node::Inverter(Spelling::Alias, _) => "Invert",
            Node::ForceSuccess(_) => "ForceSuccess",
            Node::ForceFailure(_) => "ForceFailure",
            Node::Repeat(..) => "Repeat",
            Node::Retry(_, Spelling::Name, _) => "RetryUntilSuccessful",
            Node::Retry(_, Spelling::Alias, _) => "Retry",
            Node::Delay(..) => "Delay",
            Node::Timeout(..) => "Timeout",
            Node::Precondition(..) => "Precondition",
            Node::Loop(..) => "Loop",
            Node::AlwaysRunning => "AlwaysRunning",
            Node::Sleep(_) => "Sleep",
            Node::KeepRunningUntilFailure(_) => "KeepRunningUntilFailure",
            Node::RunOnce(..) => "RunOnce",
            Node::SkipUnlessUpdated(..) => "SkipUnlessUpdated",
            Node::WaitValueUpdate(..) => "WaitValueUpdate",
            Node::Sub(..) => "SubTree",
            Node::Condition(..) | Node::BbCondition(..) | Node::Ported(PortLeaf::Cond, ..) => {
                "Condition"
            }
            Node::Action(..)
            | Node::BbAction(..)
            | Node::Ported(PortLeaf::Act | PortLeaf::Io, ..) => "Action",
            Node::Stateful(..) | Node::Ported(PortLeaf::Task, ..) => "StatefulAction",
            Node::AlwaysSuccess => "AlwaysSuccess",
            Node::AlwaysFailure => "AlwaysFailure",
            Node::SetBlackboard(..) => "SetBlackboard",
            Node::UnsetBlackboard(..) => "UnsetBlackboard",
            Node::Script(..) => "Script",
            Node::ScriptCondition(..) => "ScriptCondition",
            Node::WasEntryUpdated(..) => "WasEntryUpdated",
            Node::Ext(ext, _) => ext.dsl_kind(),
            Node::User(user, _) => user.dsl_kind(),
            Node::Error(_) => "Error",
            Node::Attr(..) => unreachable!("bare"),
        }
    }

    /// The nodes in pre-order with their parent's pre-order index (ids as in `NodeInfo`).
    pub fn preorder(&self) -> Vec<(&Node, Option<usize>)> {
        fn walk<'a>(
            node: &'a Node,
            parent: Option<usize>,
            out: &mut Vec<(&'a Node, Option<usize>)>,
        ) {
            let me = out.len();
            out.push((node, parent));
            for child in node.children() {
                walk(child, Some(me), out);
            }
        }
        let mut out = Vec::new();
        walk(self, None, &mut out);
        out
    }

    /// The blackboard entries the node and its subtree use.
    pub fn entries(&self, out: &mut BTreeSet<Entry>) {
        for attr in self.attrs() {
            attr.entries(out);
        }
        match self.bare() {
            Node::SkipUnlessUpdated(e, _)
            | Node::WaitValueUpdate(e, _)
            | Node::UnsetBlackboard(e)
            | Node::WasEntryUpdated(e) => {
                out.insert(*e);
            }
            Node::BbCondition(_, value) => out.extend(value.reads()),
            Node::BbAction(_, value, e) => {
                out.extend(value.reads());
                out.insert(*e);
            }
            Node::Ported(_, _, ports) => {
                for (port, bind) in ports.bound() {
                    out.extend(bind.entry(port));
                }
            }
            Node::User(user, _) => {
                for (port, bind) in user.ports().map(Ports::bound).unwrap_or_default() {
                    out.extend(bind.entry(port));
                }
            }
            Node::SetBlackboard(e, value) => {
                out.insert(*e);
                if let SetValue::Copy(from) = value {
                    out.insert(*from);
                }
            }
            Node::Script(script) => script.iter().for_each(|s| s.entries(out)),
            Node::ScriptCondition(cond) | Node::Precondition(cond, ..) => cond.reads(out),
            Node::Switch(..) => {
                out.insert(Entry::b1);
            }
            Node::Loop(value, ..) => {
                out.insert(Entry::q0);
                out.extend(*value);
            }
            Node::Ext(ext, _) => {
                if let Some(cond) = ext.cond() {
                    cond.reads(out);
                }
                if let Ext::IndexSwitch(index, ..) = ext {
                    out.extend(index.reads());
                }
                if let Ext::PrioritySelector(scores, _) = ext {
                    out.extend(scores.iter().filter_map(Int::reads));
                }
                if let Ext::ProbabilitySelector(fail, weights) = ext {
                    out.extend(fail.iter().chain(weights).filter_map(Int::reads));
                }
                if let Ext::Iterate(element, ..) = ext {
                    out.insert(Entry::l0);
                    out.insert(*element);
                }
            }
            _ => {}
        }
        for child in self.children() {
            child.entries(out);
        }
    }

    /// The statuses this node can possibly answer, as a set over
    /// `[Running, Success, Failure, Skipped]` (a static over-approximation, used by the generator
    /// to avoid dead branches and by the checks to measure them).
    pub fn outcomes(&self) -> Outcomes {
        const R: Outcomes = Outcomes::RUNNING;
        const S: Outcomes = Outcomes::SUCCESS;
        const F: Outcomes = Outcomes::FAILURE;
        const K: Outcomes = Outcomes::SKIPPED;
        if let Node::Attr(attrs, inner) = self {
            let mut out = inner.outcomes();
            for attr in attrs {
                out = out
                    | match attr {
                        Attr::Pre(Pre::FailureIf, _) => F,
                        Attr::Pre(Pre::SuccessIf, _) => S,
                        Attr::Pre(Pre::SkipIf | Pre::RunWhile, _) => K,
                        Attr::Post(..) => Outcomes::NONE,
                    };
            }
            return out;
        }
        let child = || self.children()[0].outcomes();
        let swap = |c: Outcomes, on_s: Outcomes, on_f: Outcomes| {
            let mut out = c & (R | K);
            if c.has(S) {
                out = out | on_s;
            }
            if c.has(F) {
                out = out | on_f;
            }
            out
        };
        match self {
            Node::Composite(kind, children) => {
                let (go, stop) = if kind.rule().is_sequence() {
                    (S, F)
                } else {
                    (F, S)
                };
                let mut out = Outcomes::NONE;
                // The async composites yield (Running) after a child that completed at once.
                if matches!(kind.rule(), Rule::AsyncSequence | Rule::AsyncFallback)
                    && children.len() > 1
                {
                    out = R;
                }
                for c in children {
                    let o = c.outcomes();
                    out = out | (o & (stop | R));
                    if !o.has(go) && !o.has(K) {
                        return out;
                    }
                }
                out = out | go;
                if children.iter().all(|c| c.outcomes().has(K)) {
                    out = out | K;
                }
                out
            }
            Node::Parallel(_, _, children) | Node::ParallelAll(_, children) => {
                let any = children
                    .iter()
                    .fold(Outcomes::NONE, |acc, c| acc | c.outcomes());
                let mut out = S | F;
                // Parallel waits Running on skipped children too (a positive success count
                // they cannot meet); ParallelAll only on running ones.
                if any.has(R) || (matches!(self, Node::Parallel(..)) && any.has(K)) {
                    out = out | R;
                }
                if children.iter().all(|c| c.outcomes().has(K)) {
                    out = out | K;
                }
                out
            }
            Node::IfThenElse(children) | Node::WhileDoElse(children) => {
                let cond = children[0].outcomes();
                let mut out = cond & (R | K);
                if cond.has(S) {
                    out = out | children[1].outcomes();
                }
                if cond.has(F) {
                    out = out | children.get(2).map_or(F, |c| c.outcomes());
                }
                out
            }
            Node::Switch(_, children) => children
                .iter()
                .fold(Outcomes::NONE, |acc, c| acc | c.outcomes()),
            Node::TryCatch(_, children) => {
                let (catch, tries) = children.split_last().unwrap();
                let mut out = Outcomes::NONE;
                let mut caught = false;
                let mut through = true;
                for c in tries {
                    let o = c.outcomes();
                    out = out | (o & R);
                    caught |= o.has(F);
                    if !o.has(S) && !o.has(K) {
                        through = false;
                        break;
                    }
                }
                if through {
                    out = out | S;
                    if tries.iter().all(|c| c.outcomes().has(K)) {
                        out = out | K;
                    }
                }
                if caught {
                    // Whatever the catch child answers, the node fails (or runs with it).
                    out = out | F | (catch.outcomes() & R);
                }
                out
            }
            Node::Delay(..) => child() | R,
            Node::Timeout(ms, _) => {
                let c = child();
                if *ms > 0 && c.has(R) {
                    c | F
                } else {
                    c
                }
            }
            Node::Precondition(_, otherwise, _) => {
                child() | otherwise.map_or(F, StatusName::outcomes)
            }
            Node::Loop(_, if_empty, _) => {
                R | if_empty.map_or(S, StatusName::outcomes) | (child() & F)
            }
            Node::Sleep(0) => S,
            Node::Sleep(_) => R | S,
            Node::AlwaysRunning => R,
            Node::Inverter(..) => swap(child(), F, S),
            Node::ForceSuccess(_) => swap(child(), S, S),
            Node::ForceFailure(_) => swap(child(), F, F),
            Node::Repeat(Count::Times(0), _) => S,
            Node::Retry(Count::Times(0), ..) => F,
            Node::Repeat(n, _) => {
                let c = child();
                let mut out = c & (F | K | R);
                if c.has(S) {
                    out = out | R;
                    if *n != Count::Forever {
                        out = out | S;
                    }
                }
                out
            }
            Node::Retry(n, ..) => {
                let c = child();
                let mut out = c & (S | K | R);
                if c.has(F) {
                    out = out | R;
                    if *n != Count::Forever {
                        out = out | F;
                    }
                }
                out
            }
            Node::KeepRunningUntilFailure(_) => {
                let c = child();
                let mut out = c & F;
                if c.has(S) || c.has(K) || c.has(R) {
                    out = out | R;
                }
                out
            }
            Node::RunOnce(form, _) => {
                if form.then_skip() {
                    child() | K
                } else {
                    child()
                }
            }
            Node::SkipUnlessUpdated(..) => child() | K,
            Node::WaitValueUpdate(..) => child() | R,
            Node::Sub(..) => child(),
            Node::Condition(..)
            | Node::Action(..)
            | Node::BbCondition(..)
            | Node::BbAction(..)
            | Node::Ported(PortLeaf::Cond | PortLeaf::Act | PortLeaf::Io, ..)
            | Node::ScriptCondition(..)
            | Node::WasEntryUpdated(..) => S | F,
            Node::Stateful(..) | Node::Ported(PortLeaf::Task, ..) => R | S | F | K,
            Node::AlwaysSuccess
            | Node::SetBlackboard(..)
            | Node::UnsetBlackboard(..)
            | Node::Script(..) => S,
            Node::AlwaysFailure => F,
            // It never answers: every tick fails with its error.
            Node::Error(_) => Outcomes::NONE,
            Node::User(user, children) => {
                let all = children
                    .iter()
                    .fold(Outcomes::NONE, |acc, c| acc | c.outcomes());
                let any = |o: Outcomes, then: Outcomes| {
                    if all.has(o) {
                        then
                    } else {
                        Outcomes::NONE
                    }
                };
                match user {
                    User::Pipeline => S | any(F, F) | any(R, R),
                    User::Recovery(_) => S | F | any(R, R),
                    User::Rate(_) | User::Gate(..) => all | R,
                    User::RoundRobin => any(S, S) | any(F, F) | any(K, F) | any(R, R),
                    User::Sweep(..) | User::Twice(_) | User::Fuse(_) => all,
                    User::Rotate(_) => {
                        let turns = if children.len() > 1 {
                            R
                        } else {
                            Outcomes::NONE
                        };
                        any(S, S) | any(K, S) | any(F, F) | any(R, R) | turns
                    }
                }
            }
            Node::Ext(ext, children) => {
                let c = || children[0].outcomes();
                let all = || {
                    children
                        .iter()
                        .fold(Outcomes::NONE, |acc, c| acc | c.outcomes())
                };
                let completes = |c: Outcomes| c.has(S) || c.has(F) || c.has(K);
                match ext {
                    Ext::Wait(_) => R | S,
                    Ext::Succeeder => S,
                    Ext::Failer => F,
                    Ext::Runner => R,
                    Ext::Limiter(_) | Ext::MaxTime(_) | Ext::Interrupt(_) => c() | F,
                    Ext::Deadline(_) => {
                        if c().has(R) {
                            c() | F
                        } else {
                            c()
                        }
                    }
                    Ext::Repeater(Count::Times(0)) => S,
                    Ext::Repeater(Count::Times(1)) | Ext::RepeatTimes(Count::Times(1)) => c(),
                    Ext::Repeater(Count::Times(_)) | Ext::RepeatTimes(Count::Times(_)) => {
                        let c = c();
                        if completes(c) {
                            c | R
                        } else {
                            c
                        }
                    }
                    Ext::Repeater(Count::Forever) => {
                        let c = c();
                        let mut out = c & (R | K);
                        if c.has(S) || c.has(F) {
                            out = out | R;
                        }
                        out
                    }
                    Ext::RepeatTimes(Count::Forever) => R,
                    Ext::RepeatUntilFailure(n) => {
                        Node::Repeat(*n, Box::new(children[0].clone())).outcomes()
                    }
                    Ext::RepeatUntilSuccess(n) => {
                        Node::Retry(*n, Spelling::Name, Box::new(children[0].clone())).outcomes()
                    }
                    Ext::RepeatUntil(target) => {
                        let c = c();
                        let mut out = R;
                        if c.has(target.outcomes()) {
                            out = out | target.outcomes();
                        }
                        out
                    }
                    Ext::Optional => {
                        let c = c();
                        let mut out = c & R;
                        if completes(c) {
                            out = out | K;
                        }
                        out
                    }
                    Ext::Remap(s, f) => swap(c(), s.outcomes(), f.outcomes()),
                    Ext::Conditional(_, _, otherwise) => {
                        c() | otherwise.map_or(F, StatusName::outcomes)
                    }
                    Ext::WaitUntil(_) => c() | R,
                    Ext::FlipSelector => {
                        // A Fallback whose order changes: any child may come last.
                        let mut out = all() & (S | R);
                        if children.iter().any(|c| c.outcomes().has(F)) || out == Outcomes::NONE {
                            out = out | F;
                        }
                        if children.iter().all(|c| c.outcomes().has(K)) {
                            out = out | K;
                        }
                        out
                    }
                    Ext::StepSequencer | Ext::BinarySelector(..) => all(),
                    Ext::IndexSwitch(..) => all() | F,
                    Ext::PolicyParallel(..) => {
                        let mut out = S | F;
                        if all().has(R) {
                            out = out | R;
                        }
                        if children.iter().all(|c| c.outcomes().has(K)) {
                            out = out | K;
                        }
                        out
                    }
                    Ext::Filter(_, _, filtered) | Ext::Cooldown(_, filtered) => {
                        c() | filtered.map_or(K, StatusName::outcomes)
                    }
                    // As the Sequence/Fallback over the same children (latching only skips
                    // ticks).
                    Ext::DynamicSequence => {
                        Node::Composite(Composite::Sequence, children.clone()).outcomes()
                    }
                    Ext::DynamicSelector => {
                        Node::Composite(Composite::Fallback, children.clone()).outcomes()
                    }
                    // Dynamic: the chosen child's status. Ordered: a Fallback over the same
                    // children, in any order.
                    Ext::PrioritySelector(_, Some(true)) => all(),
                    Ext::PrioritySelector(..) => {
                        Node::Composite(Composite::Fallback, children.clone()).outcomes()
                    }
                    // In any order: as the Sequence/Fallback over the same children.
                    Ext::RandomSequence => {
                        Node::Composite(Composite::Sequence, children.clone()).outcomes()
                    }
                    Ext::RandomSelector => {
                        Node::Composite(Composite::Fallback, children.clone()).outcomes()
                    }
                    // The fail weight, or no weight left: Failure.
                    Ext::ProbabilitySelector(..) => all() | F,
                    Ext::Observe(..) => c() | F,
                    Ext::Iterate(..) => c() | R | F,
                    Ext::Guard(if_guarded) => c() | if_guarded.map_or(F, StatusName::outcomes),
                }
            }
            Node::Attr(..) => unreachable!(),
        }
    }

    /// Leaves (with an id) that no tick can reach, whatever the leaves answer: behind a
    /// `Repeat(0)`/`RetryUntilSuccessful(0)`, or behind a sibling that can never let its
    /// composite go on.
    pub fn dead_leaves(&self) -> u64 {
        fn walk(node: &Node, live: bool, dead: &mut u64) {
            if node.leaf_id().is_some() {
                *dead += u64::from(!live);
                return;
            }
            match node.bare() {
                Node::Repeat(Count::Times(0), c) | Node::Retry(Count::Times(0), _, c) => {
                    walk(c, false, dead)
                }
                Node::Ext(Ext::Repeater(Count::Times(0)), c) => walk(&c[0], false, dead),
                Node::Composite(kind, children) => {
                    let go = kind.rule().go();
                    let mut live = live;
                    for c in children {
                        walk(c, live, dead);
                        let o = c.outcomes();
                        live &= o.has(go) || o.has(Outcomes::SKIPPED);
                    }
                }
                Node::TryCatch(_, children) => {
                    // The try block is a sequence; the catch child runs after a failure in it.
                    let (catch, tries) = children.split_last().unwrap();
                    let mut on = live;
                    let mut caught = false;
                    for c in tries {
                        walk(c, on, dead);
                        let o = c.outcomes();
                        caught |= on && o.has(Outcomes::FAILURE);
                        on &= o.has(Outcomes::SUCCESS) || o.has(Outcomes::SKIPPED);
                    }
                    walk(catch, live && caught, dead);
                }
                Node::IfThenElse(children) | Node::WhileDoElse(children) => {
                    let cond = children[0].outcomes();
                    walk(&children[0], live, dead);
                    walk(&children[1], live && cond.has(Outcomes::SUCCESS), dead);
                    if let Some(c) = children.get(2) {
                        walk(c, live && cond.has(Outcomes::FAILURE), dead);
                    }
                }
                other => {
                    for c in other.children() {
                        walk(c, live, dead);
                    }
                }
            }
        }
        let mut dead = 0;
        walk(self, true, &mut dead);
        dead
    }

    /// True if this tree (not counting its child trees, which are trees of their own) holds a
    /// random node: it is declared `rng = context` and draws from `leaves::Ctx`'s generator.
    pub fn random_here(&self) -> bool {
        match self.bare() {
            Node::Sub(..) => false,
            Node::Ext(ext, _) if ext.is_random() => true,
            bare => bare.children().iter().any(|c| c.random_here()),
        }
    }

    /// True if the tree holds a fallible leaf or an `Error` node (it is printed with an error
    /// type, `tree T for Ctx, error DiffError`; `fallible.rs`).
    pub fn fallible(&self) -> bool {
        match self.bare() {
            Node::Error(_) | Node::User(User::Fuse(_), _) => true,
            Node::Condition(_, form) | Node::Action(_, form) | Node::Stateful(_, form) => {
                form.fallible()
            }
            _ => self.children().iter().any(|c| c.fallible()),
        }
    }

    /// Number of leaves with an id (the leaves that call the context).
    pub fn leaf_ids(&self) -> u64 {
        u64::from(self.leaf_id().is_some())
            + self.children().iter().map(|c| c.leaf_ids()).sum::<u64>()
    }

    /// True if the tree holds a node whose memory survives a halt (SequenceWithMemory, RunOnce,
    /// and the update nodes, which remember the last version they saw).
    pub fn has_halt_memory(&self) -> bool {
        matches!(
            self.bare(),
            Node::Composite(Composite::SequenceWithMemory | Composite::SequenceStar, _)
                | Node::RunOnce(..)
                | Node::WasEntryUpdated(..)
                | Node::SkipUnlessUpdated(..)
                | Node::WaitValueUpdate(..)
                // RateController keeps the time of its child's last success, and RoundRobin
                // its turn, from one activation to the next; a halt of the tree does not reach
                // them when they are idle.
                | Node::User(User::Rate(_) | User::RoundRobin, _)
                | Node::Ext(
                    Ext::Limiter(_)
                        | Ext::FlipSelector
                        | Ext::StepSequencer
                        | Ext::Filter(..)
                        | Ext::Cooldown(..)
                        | Ext::Iterate(_, _, _, Some(false)),
                    _
                )
        ) || self.children().iter().any(|c| c.has_halt_memory())
    }

    fn desc_name(&self) -> String {
        let count = |prefix: &str, count: &Count| match count {
            Count::Times(n) => format!("{prefix}{n}"),
            Count::Forever => format!("{prefix}F"),
        };
        let opt = |n: &Option<i64>| n.map_or("_".to_string(), |n| n.to_string());
        match self {
            Node::Composite(kind, _) => kind.desc().to_string(),
            Node::Parallel(s, f, _) => format!("Par{{{};{}}}", opt(s), opt(f)),
            Node::ParallelAll(m, _) => format!("PAll{{{}}}", opt(m)),
            Node::IfThenElse(_) => "Ite".into(),
            Node::WhileDoElse(_) => "Wde".into(),
            Node::Switch(cases, _) => {
                let cases: Vec<String> = cases.iter().map(i64::to_string).collect();
                format!("Sw{{{}}}", cases.join(";"))
            }
            Node::TryCatch(None, _) => "Try".into(),
            Node::TryCatch(Some(true), _) => "TryT".into(),
            Node::TryCatch(Some(false), _) => "TryF".into(),
            Node::Delay(ms, _) => format!("Dl{{{ms}}}"),
            Node::Timeout(ms, _) => format!("To{{{ms}}}"),
            Node::Sleep(ms) => format!("Sl{{{ms}}}"),
            Node::AlwaysRunning => "R".into(),
            Node::Precondition(cond, None, _) => format!("Pre{{{}}}", cond.desc()),
            Node::Precondition(cond, Some(otherwise), _) => {
                format!("Pre{{{};{}}}", cond.desc(), otherwise.desc())
            }
            Node::Loop(value, if_empty, _) => format!(
                "Lp{{{};{}}}",
                value.map_or("_", Entry::name),
                StatusName::desc_opt(*if_empty)
            ),
            Node::Inverter(Spelling::Name, _) => "Inv".into(),
            Node::Inverter(Spelling::Alias, _) => "Invt".into(),
            Node::ForceSuccess(_) => "FS".into(),
            Node::ForceFailure(_) => "FF".into(),
            Node::Repeat(n, _) => count("Rep", n),
            Node::Retry(n, Spelling::Name, _) => count("Ret", n),
            Node::Retry(n, Spelling::Alias, _) => count("Rty", n),
            Node::KeepRunningUntilFailure(_) => "Keep".into(),
            Node::RunOnce(RunOnceForm::Default, _) => "Once".into(),
            Node::RunOnce(RunOnceForm::ThenSkip, _) => "OnceT".into(),
            Node::RunOnce(RunOnceForm::KeepStatus, _) => "OnceK".into(),
            Node::SkipUnlessUpdated(e, _) => format!("Su{{{}}}", e.name()),
            Node::WaitValueUpdate(e, _) => format!("Wv{{{}}}", e.name()),
            Node::Condition(id, form) => format!("c{id}{}", form.suffix()),
            Node::Action(id, form) => format!("a{id}{}", form.suffix()),
            Node::Stateful(id, form) => format!("t{id}{}", form.suffix()),
            Node::BbCondition(id, value) => format!("c{id}b{{{}}}", value.desc()),
            Node::BbAction(id, value, e) => format!("a{id}b{{{};{}}}", value.desc(), e.name()),
            Node::Ported(leaf, id, ports) => format!("{}{id}{{{}}}", leaf.desc(), ports.desc()),
            Node::AlwaysSuccess => "S".into(),
            Node::AlwaysFailure => "F".into(),
            Node::SetBlackboard(e, SetValue::Lit(n)) => format!("Sb{{{}={n}}}", e.name()),
            Node::SetBlackboard(e, SetValue::Copy(from)) => {
                format!("Sb{{{}={}}}", e.name(), from.name())
            }
            Node::UnsetBlackboard(e) => format!("Ub{{{}}}", e.name()),
            Node::Script(script) => format!("Sc{{{}}}", script_desc(script)),
            Node::ScriptCondition(cond) => format!("Scc{{{}}}", cond.desc()),
            Node::WasEntryUpdated(e) => format!("Wu{{{}}}", e.name()),
            Node::Sub(form, _) => form.desc().into(),
            Node::Ext(ext, _) => ext.desc(),
            Node::User(user, _) => user.desc(),
            Node::Error(n) => format!("Err{{{n}}}"),
            Node::Attr(attrs, inner) => {
                let mut out: String = attrs.iter().map(Attr::desc).collect();
                out.push_str(&inner.desc_name());
                out
            }
        }
    }

    /// The compact description ([`parse_node`] reads it back).
    pub fn to_desc(&self) -> String {
        let mut out = self.desc_name();
        let children = self.children();
        if !children.is_empty() {
            out.push('(');
            for (i, child) in children.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&child.to_desc());
            }
            out.push(')');
        }
        out
    }

    /// The DSL of this node, indented by `indent` levels of four spaces; the trees of its
    /// `SubTree` nodes go to `subs`.
    fn write_dsl(&self, indent: usize, subs: &mut Subs, out: &mut String) {
        let pad = "    ".repeat(indent);
        let count = |n: &Count| match n {
            Count::Times(n) => n.to_string(),
            Count::Forever => "forever".to_string(),
        };
        let head = match self {
            Node::Attr(attrs, inner) => {
                for attr in attrs {
                    let _ = writeln!(out, "{pad}{}", attr.rust());
                }
                return inner.write_dsl(indent, subs, out);
            }
            Node::Composite(kind, _) => kind.dsl().to_string(),
            Node::Parallel(s, f, _) => {
                let params: Vec<String> = [("success", s), ("failure", f)]
                    .iter()
                    .filter_map(|(name, n)| n.map(|n| format!("{name} = {n}")))
                    .collect();
                if params.is_empty() {
                    "Parallel".into()
                } else {
                    format!("Parallel({})", params.join(", "))
                }
            }
            // `max_failures` by position when it is not negative, by name when it is.
            Node::ParallelAll(None, _) => "ParallelAll".into(),
            Node::ParallelAll(Some(m), _) if *m >= 0 => format!("ParallelAll({m})"),
            Node::ParallelAll(Some(m), _) => format!("ParallelAll(max_failures = {m})"),
            Node::Switch(..) => "Switch(b1)".into(),
            Node::TryCatch(None, _) => "TryCatch".into(),
            Node::TryCatch(Some(on), _) => format!("TryCatch(catch_on_halt = {on})"),
            Node::Delay(ms, _) => format!("Delay({ms})"),
            Node::Timeout(ms, _) => format!("Timeout({ms})"),
            Node::Sleep(ms) => format!("Sleep({ms})"),
            Node::Precondition(cond, otherwise, _) => match otherwise {
                None => format!("Precondition(|bb| {})", cond.rust()),
                Some(s) => format!("Precondition(|bb| {}, else = {})", cond.rust(), s.dsl()),
            },
            Node::Loop(value, if_empty, _) => {
                let mut text = "Loop(q0".to_string();
                if let Some(e) = value {
                    let _ = write!(text, ", value = {{{}}}", e.name());
                }
                if let Some(s) = if_empty {
                    let _ = write!(text, ", if_empty = {}", s.dsl());
                }
                text.push(')');
                text
            }
            Node::Repeat(n, _) => format!("Repeat({})", count(n)),
            Node::Retry(n, ..) => format!("{}({})", self.dsl_kind(), count(n)),
            Node::RunOnce(RunOnceForm::Default, _) => "RunOnce".into(),
            Node::RunOnce(RunOnceForm::ThenSkip, _) => "RunOnce(then_skip = true)".into(),
            Node::RunOnce(RunOnceForm::KeepStatus, _) => "RunOnce(then_skip = false)".into(),
            Node::SkipUnlessUpdated(e, _) => format!("SkipUnlessUpdated({})", e.name()),
            Node::WaitValueUpdate(e, _) => format!("WaitValueUpdate({})", e.name()),
            Node::Condition(id, LeafForm::Type) => format!("Condition(Cond<{id}>)"),
            Node::Condition(id, LeafForm::Init) => format!("Condition(Cond<{id}> = Cond::<{id}>)"),
            Node::Condition(id, LeafForm::Inline) => format!("Condition(|ctx| ctx.check({id}))"),
            Node::Condition(id, LeafForm::Try) => format!("Condition(TCond<{id}>)"),
            Node::Condition(id, LeafForm::TryInline) => {
                format!("Condition(|ctx| ctx.try_check({id}))")
            }
            Node::Action(id, LeafForm::Type) => format!("Action(Act<{id}>)"),
            Node::Action(id, LeafForm::Init) => format!("Action(Act<{id}> = Act::<{id}>)"),
            Node::Action(id, LeafForm::Inline) => format!("Action(|ctx| ctx.exec({id}))"),
            Node::Action(id, LeafForm::Try) => format!("Action(TAct<{id}>)"),
            Node::Action(id, LeafForm::TryInline) => format!("Action(|ctx| ctx.try_exec({id}))"),
            Node::Stateful(id, LeafForm::Try) => format!("StatefulAction(TTask<{id}>)"),
            Node::Stateful(id, LeafForm::Init) => {
                format!("StatefulAction(Task<{id}> = Task::<{id}>)")
            }
            Node::Stateful(id, _) => format!("StatefulAction(Task<{id}>)"),
            Node::BbCondition(id, value) => {
                format!("Condition(|ctx, bb| ctx.check_in({id}, {}))", value.rust())
            }
            Node::BbAction(id, value, e) => format!(
                "Action(|ctx, bb| ctx.exec_in({id}, {}, &mut bb.{}))",
                value.rust(),
                e.name()
            ),
            Node::Ported(leaf, id, ports) => {
                let kind = self.dsl_kind();
                let mut text = format!("{kind}({}<{id}>", leaf.type_name());
                for (port, bind) in ports.bound() {
                    let _ = write!(text, ", {} = {}", port.name(), bind.rust());
                }
                text.push(')');
                text
            }
            Node::SetBlackboard(e, value) => {
                let value = match value {
                    SetValue::Lit(n) if e.optional() => format!("Some({n})"),
                    SetValue::Lit(n) => n.to_string(),
                    SetValue::Copy(from) => format!("{{{}}}", from.name()),
                };
                format!("SetBlackboard({} = {value})", e.name())
            }
            Node::UnsetBlackboard(e) => format!("UnsetBlackboard({})", e.name()),
            Node::Script(script) => format!("Script(|bb| {})", script_rust(script)),
            Node::ScriptCondition(cond) => format!("ScriptCondition(|bb| {})", cond.rust()),
            Node::WasEntryUpdated(e) => format!("WasEntryUpdated({})", e.name()),
            Node::Ext(ext, _) => ext.dsl_head(),
            Node::User(user, _) => user.dsl_head(),
            Node::Error(n) => format!("Error(DiffError({n}))"),
            Node::Sub(form, root) => {
                let name = subs.write_tree(root);
                let remaps: Vec<String> = match form {
                    SubForm::Plain => Vec::new(),
                    SubForm::Auto => vec!["..".into()],
                    SubForm::Remap => (subs.board.unwrap_or(&[]).iter().enumerate())
                        .map(|(i, decl)| {
                            let e = decl.entry.name();
                            if i % 2 == 0 {
                                format!("{e} = {{=}}")
                            } else {
                                format!("{e} = {{{e}}}")
                            }
                        })
                        .collect(),
                };
                let _ = writeln!(
                    out,
                    "{pad}SubTree({name}{}),",
                    remaps.iter().map(|r| format!(", {r}")).collect::<String>()
                );
                return;
            }
            other => other.dsl_kind().to_string(),
        };
        let children = self.children();
        if children.is_empty() {
            let _ = writeln!(out, "{pad}{head},");
        } else {
            let _ = writeln!(out, "{pad}{head} {{");
            // A `Switch`'s children are labelled `case v =>`, the last one `_ =>`.
            let labels: Vec<String> = match self {
                Node::Switch(cases, _) => cases
                    .iter()
                    .map(|v| format!("case {v} => "))
                    .chain(["_ => ".to_string()])
                    .collect(),
                _ => Vec::new(),
            };
            for (i, child) in children.into_iter().enumerate() {
                let mut text = String::new();
                if let Node::Ext(Ext::PrioritySelector(scores, _), _) = self {
                    let _ = writeln!(text, "{pad}    #[score({})]", score_rust(&scores[i]));
                }
                if let Node::Ext(Ext::ProbabilitySelector(_, weights), _) = self {
                    let _ = writeln!(text, "{pad}    #[weight({})]", score_rust(&weights[i]));
                }
                child.write_dsl(indent + 1, subs, &mut text);
                if let Some(label) = labels.get(i) {
                    text.insert_str(pad.len() + 4, label);
                }
                out.push_str(&text);
            }
            let _ = writeln!(out, "{pad}}},");
        }
    }
}

/// A whole tree: its blackboard section (if any) and its root.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tree {
    pub board: Option<Vec<Decl>>,
    pub root: Node,
}

impl Tree {
    /// The compact description ([`parse`] reads it back).
    pub fn to_desc(&self) -> String {
        let mut out = String::new();
        if let Some(decls) = &self.board {
            let decls: Vec<String> = decls.iter().map(Decl::desc).collect();
            let _ = write!(out, "B{{{}}}", decls.join(";"));
        }
        out.push_str(&self.root.to_desc());
        out
    }

    /// The Rust items of the tree named `name`: a `behavior_tree!` for each `SubTree` node's
    /// child tree (`{name}Sub0`, `{name}Sub1`, .. in pre-order), then the tree's own.
    pub fn to_rust(&self, name: &str) -> String {
        let mut subs = Subs {
            parent: name,
            board: self.board.as_deref(),
            next: 0,
            trees: String::new(),
        };
        let body = subs.body(&self.root, self.board.as_deref());
        let mut out = subs.trees;
        let mut header = if self.root.fallible() {
            format!("{name} for Ctx, error DiffError")
        } else {
            format!("{name} for Ctx")
        };
        if self.root.random_here() {
            header.push_str(", rng = context");
        }
        out.push_str(&behavior_tree(&header, &body));
        out
    }

    /// The declared entries.
    pub fn entries(&self) -> Vec<Entry> {
        self.board.iter().flatten().map(|decl| decl.entry).collect()
    }
}

/// A `behavior_tree!` invocation named `name` with `body` (the blackboard section and the
/// root, indented by two levels).
fn behavior_tree(header: &str, body: &str) -> String {
    let body = body.trim_end().trim_end_matches(',');
    format!("bt::behavior_tree! {{\n    pub tree {header} {{\n{body}\n    }}\n}}\n\n")
}

/// The child trees of a tree's `SubTree` nodes, as they are printed.
struct Subs<'a> {
    /// The tree's name.
    parent: &'a str,
    /// The tree's blackboard section: every child tree declares the same entries.
    board: Option<&'a [Decl]>,
    /// The number of the next child tree.
    next: usize,
    /// The child trees printed so far.
    trees: String,
}

impl Subs<'_> {
    /// The body of a `behavior_tree!` with this root and blackboard section (entries no node
    /// uses are marked `#[allow(unused)]`).
    fn body(&mut self, root: &Node, board: Option<&[Decl]>) -> String {
        let mut out = String::new();
        if let Some(decls) = board {
            let mut used = BTreeSet::new();
            root.entries(&mut used);
            let _ = writeln!(out, "        blackboard {{");
            for decl in decls {
                // An entry no node uses (the generator adds one now and then) is allowed.
                let allow = if used.contains(&decl.entry) {
                    ""
                } else {
                    "#[allow(unused)] "
                };
                let _ = writeln!(out, "            {allow}{}", decl.rust());
            }
            let _ = writeln!(out, "        }}");
        }
        root.write_dsl(2, self, &mut out);
        out
    }

    /// Prints the child tree with this root; its name.
    fn write_tree(&mut self, root: &Node) -> String {
        let name = format!("{}Sub{}", self.parent, self.next);
        self.next += 1;
        // The same entries as the parent, with other initial values (never seen: every entry
        // is the parent's while the child runs).
        let board: Option<Vec<Decl>> = self.board.map(|decls| {
            decls
                .iter()
                .map(|decl| Decl {
                    entry: decl.entry,
                    init: match (decl.entry.queue(), decl.init) {
                        (true, Init::Value(n)) => Init::Value((n + 1) % (QUEUE_CAP as i64 + 1)),
                        (true, _) => Init::Value(1),
                        (false, Init::Value(n)) => Init::Value(n + 10),
                        (false, _) => Init::Value(9),
                    },
                })
                .collect()
        });
        let body = self.body(root, board.as_deref());
        let rng = if root.random_here() {
            ", rng = context"
        } else {
            ""
        };
        self.trees
            .push_str(&behavior_tree(&format!("{name} for Ctx{rng}"), &body));
        name
    }
}

/// Reads a description written by [`Tree::to_desc`].
pub fn parse(desc: &str) -> Result<Tree, String> {
    let mut parser = Parser {
        text: desc.as_bytes(),
        pos: 0,
    };
    let board = if desc.starts_with("B{") {
        parser.pos = 1;
        let text = parser.payload()?;
        Some(
            text.split(';')
                .map(Decl::parse)
                .collect::<Result<Vec<_>, _>>()?,
        )
    } else {
        None
    };
    let root = parser.node()?;
    if parser.pos != desc.len() {
        return Err(format!("trailing text at {} in {desc:?}", parser.pos));
    }
    let tree = Tree { board, root };
    let mut used = BTreeSet::new();
    tree.root.entries(&mut used);
    let declared: BTreeSet<Entry> = tree.entries().into_iter().collect();
    if !used.is_subset(&declared) {
        return Err(format!("undeclared entries in {desc:?}"));
    }
    Ok(tree)
}

struct Parser<'a> {
    text: &'a [u8],
    pos: usize,
}

impl Parser<'_> {
    /// `{text}` at the current position: the text.
    fn payload(&mut self) -> Result<String, String> {
        if self.text.get(self.pos) != Some(&b'{') {
            return Err(format!("expected '{{' at {}", self.pos));
        }
        let start = self.pos + 1;
        let len = self.text[start..]
            .iter()
            .position(|&b| b == b'}')
            .ok_or_else(|| format!("unclosed '{{' at {}", self.pos))?;
        self.pos = start + len + 1;
        Ok(String::from_utf8(self.text[start..start + len].to_vec()).unwrap())
    }

    fn name(&mut self) -> Result<String, String> {
        let start = self.pos;
        while self.pos < self.text.len() && self.text[self.pos].is_ascii_alphanumeric() {
            self.pos += 1;
        }
        if start == self.pos {
            return Err(format!("expected a name at {start}"));
        }
        Ok(String::from_utf8(self.text[start..self.pos].to_vec()).unwrap())
    }

    fn node(&mut self) -> Result<Node, String> {
        let mut attrs = Vec::new();
        while self.text.get(self.pos) == Some(&b'@') {
            self.pos += 1;
            let name = self.name()?;
            let payload = self.payload()?;
            let pre = Pre::ALL.into_iter().find(|p| p.desc() == name);
            let post = Hook::ALL.into_iter().find(|p| p.desc() == name);
            attrs.push(match (pre, post) {
                (Some(pre), _) => Attr::Pre(pre, Cond::parse(&payload)?),
                (_, Some(post)) => Attr::Post(post, script_parse(&payload)?),
                _ => return Err(format!("unknown attribute {name:?}")),
            });
        }
        let name = self.name()?;
        let payload = if self.text.get(self.pos) == Some(&b'{') {
            Some(self.payload()?)
        } else {
            None
        };
        let mut children = Vec::new();
        if self.text.get(self.pos) == Some(&b'(') {
            self.pos += 1;
            loop {
                children.push(self.node()?);
                match self.text.get(self.pos) {
                    Some(b',') => self.pos += 1,
                    Some(b')') => {
                        self.pos += 1;
                        break;
                    }
                    _ => return Err(format!("expected ',' or ')' at {}", self.pos)),
                }
            }
        }
        let node = build(&name, payload.as_deref(), children)?;
        Ok(if attrs.is_empty() {
            node
        } else {
            Node::Attr(attrs, Box::new(node))
        })
    }
}

fn build(name: &str, payload: Option<&str>, mut children: Vec<Node>) -> Result<Node, String> {
    let leaf = |node: Node, children: &Vec<Node>| {
        if children.is_empty() {
            Ok(node)
        } else {
            Err(format!("leaf {name} has children"))
        }
    };
    let one = |children: &mut Vec<Node>| {
        if children.len() == 1 {
            Ok(Box::new(children.pop().unwrap()))
        } else {
            Err(format!("decorator {name} needs exactly one child"))
        }
    };
    let number = |rest: &str| -> Result<usize, String> {
        rest.parse().map_err(|_| format!("bad node name {name:?}"))
    };
    let leaf_id = |rest: &str| -> Result<(usize, LeafForm), String> {
        if let Some(id) = rest.strip_suffix('e') {
            Ok((number(id)?, LeafForm::Init))
        } else if let Some(id) = rest.strip_suffix('l') {
            Ok((number(id)?, LeafForm::Inline))
        } else if let Some(id) = rest.strip_suffix('t') {
            Ok((number(id)?, LeafForm::Try))
        } else if let Some(id) = rest.strip_suffix('r') {
            Ok((number(id)?, LeafForm::TryInline))
        } else {
            Ok((number(rest)?, LeafForm::Type))
        }
    };
    let count = |rest: &str| -> Result<Count, String> {
        if rest == "F" {
            Ok(Count::Forever)
        } else {
            Ok(Count::Times(number(rest)? as u32))
        }
    };
    let text = || payload.ok_or_else(|| format!("{name} needs a {{..}} payload"));
    let entry = |tracked: bool| -> Result<Entry, String> {
        let e = Entry::parse(text()?).ok_or_else(|| format!("{name}: bad entry"))?;
        if tracked && !e.tracked() {
            return Err(format!("{name}: {} is not tracked", e.name()));
        }
        Ok(e)
    };
    if let Some(user) = User::parse(name, payload) {
        let user = user?;
        match user.arity() {
            Some(n) if children.len() != n => {
                return Err(format!("{name} needs {n} children"));
            }
            None if children.is_empty() => return Err(format!("{name} needs children")),
            _ => {}
        }
        return Ok(Node::User(user, children));
    }
    if let Some(ext) = Ext::parse(name, payload) {
        let ext = ext?;
        match ext.arity() {
            Some(n) if children.len() != n => {
                return Err(format!("{name} needs {n} children"));
            }
            None if children.is_empty() => return Err(format!("{name} needs children")),
            _ => {}
        }
        return Ok(Node::Ext(ext, children));
    }
    if let Some(kind) = Composite::ALL.iter().find(|k| k.desc() == name) {
        if children.is_empty() {
            return Err(format!("composite {name} needs children"));
        }
        return Ok(Node::Composite(*kind, children));
    }
    if payload.is_some()
        && !matches!(
            name,
            "Su" | "Wv"
                | "Sb"
                | "Ub"
                | "Sc"
                | "Scc"
                | "Wu"
                | "Par"
                | "PAll"
                | "Sw"
                | "Dl"
                | "To"
                | "Sl"
                | "Pre"
                | "Lp"
                | "Err"
        )
        && !name.starts_with('p')
        && !name.ends_with('b')
    {
        return Err(format!("{name} takes no payload"));
    }
    let opt_int = |text: &str| -> Result<Option<i64>, String> {
        if text == "_" {
            Ok(None)
        } else {
            text.parse()
                .map(Some)
                .map_err(|_| format!("{name}: bad number {text:?}"))
        }
    };
    let millis = || -> Result<u64, String> {
        text()?
            .parse()
            .map_err(|_| format!("{name}: bad duration {payload:?}"))
    };
    let at_least = |children: &Vec<Node>, n: usize| {
        if children.len() >= n {
            Ok(())
        } else {
            Err(format!("{name} needs at least {n} children"))
        }
    };
    Ok(match name {
        "Par" => {
            let (s, f) = text()?
                .split_once(';')
                .ok_or_else(|| format!("bad Parallel {payload:?}"))?;
            at_least(&children, 1)?;
            Node::Parallel(opt_int(s)?, opt_int(f)?, children)
        }
        "PAll" => {
            at_least(&children, 1)?;
            Node::ParallelAll(opt_int(text()?)?, children)
        }
        "Ite" | "Wde" => {
            if !(2..=3).contains(&children.len()) {
                return Err(format!("{name} needs 2 or 3 children"));
            }
            if name == "Ite" {
                Node::IfThenElse(children)
            } else {
                Node::WhileDoElse(children)
            }
        }
        "Sw" => {
            let cases = text()?
                .split(';')
                .map(|v| v.parse().map_err(|_| format!("bad Switch case {v:?}")))
                .collect::<Result<Vec<i64>, String>>()?;
            if children.len() != cases.len() + 1 {
                return Err(format!(
                    "Switch with {} cases needs {} children",
                    cases.len(),
                    cases.len() + 1
                ));
            }
            Node::Switch(cases, children)
        }
        "Try" | "TryT" | "TryF" => {
            at_least(&children, 2)?;
            let on = match name {
                "Try" => None,
                "TryT" => Some(true),
                _ => Some(false),
            };
            Node::TryCatch(on, children)
        }
        "Dl" => Node::Delay(millis()?, one(&mut children)?),
        "To" => Node::Timeout(millis()?, one(&mut children)?),
        "Sl" => leaf(Node::Sleep(millis()?), &children)?,
        "R" => leaf(Node::AlwaysRunning, &children)?,
        "Err" => leaf(
            Node::Error(
                text()?
                    .parse()
                    .map_err(|_| format!("bad Error {payload:?}"))?,
            ),
            &children,
        )?,
        "Pre" => {
            let text = text()?;
            let (cond, otherwise) = match text.split_once(';') {
                Some((cond, s)) => (cond, StatusName::parse_opt(s)?),
                None => (text, None),
            };
            if text.ends_with(";_") {
                return Err(format!("bad Precondition {payload:?}"));
            }
            Node::Precondition(Cond::parse(cond)?, otherwise, one(&mut children)?)
        }
        "Lp" => {
            let (value, if_empty) = text()?
                .split_once(';')
                .ok_or_else(|| format!("bad Loop {payload:?}"))?;
            let value = match value {
                "_" => None,
                e => Some(
                    Entry::parse(e)
                        .filter(|e| e.is_int())
                        .ok_or_else(|| format!("bad Loop value {e:?}"))?,
                ),
            };
            Node::Loop(value, StatusName::parse_opt(if_empty)?, one(&mut children)?)
        }
        "Inv" => Node::Inverter(Spelling::Name, one(&mut children)?),
        "Invt" => Node::Inverter(Spelling::Alias, one(&mut children)?),
        "FS" => Node::ForceSuccess(one(&mut children)?),
        "FF" => Node::ForceFailure(one(&mut children)?),
        "Keep" => Node::KeepRunningUntilFailure(one(&mut children)?),
        "Once" => Node::RunOnce(RunOnceForm::Default, one(&mut children)?),
        "OnceT" => Node::RunOnce(RunOnceForm::ThenSkip, one(&mut children)?),
        "OnceK" => Node::RunOnce(RunOnceForm::KeepStatus, one(&mut children)?),
        "Su" => Node::SkipUnlessUpdated(entry(true)?, one(&mut children)?),
        "Wv" => Node::WaitValueUpdate(entry(true)?, one(&mut children)?),
        "Sub" => Node::Sub(SubForm::Plain, one(&mut children)?),
        "SubA" => Node::Sub(SubForm::Auto, one(&mut children)?),
        "SubR" => Node::Sub(SubForm::Remap, one(&mut children)?),
        "S" => leaf(Node::AlwaysSuccess, &children)?,
        "F" => leaf(Node::AlwaysFailure, &children)?,
        "Sb" => {
            let (to, value) = text()?
                .split_once('=')
                .ok_or_else(|| format!("bad SetBlackboard {payload:?}"))?;
            let to = Entry::parse(to).ok_or_else(|| format!("bad SetBlackboard {payload:?}"))?;
            let value = match Entry::parse(value) {
                Some(from) => SetValue::Copy(from),
                None => SetValue::Lit(
                    value
                        .parse()
                        .map_err(|_| format!("bad SetBlackboard {payload:?}"))?,
                ),
            };
            leaf(Node::SetBlackboard(to, value), &children)?
        }
        "Ub" => {
            let e = entry(false)?;
            if !e.optional() {
                return Err(format!("UnsetBlackboard of {}", e.name()));
            }
            leaf(Node::UnsetBlackboard(e), &children)?
        }
        "Sc" => leaf(Node::Script(script_parse(text()?)?), &children)?,
        "Scc" => leaf(Node::ScriptCondition(Cond::parse(text()?)?), &children)?,
        "Wu" => leaf(Node::WasEntryUpdated(entry(true)?), &children)?,
        _ if name.starts_with("Rep") => Node::Repeat(count(&name[3..])?, one(&mut children)?),
        _ if name.starts_with("Ret") => {
            Node::Retry(count(&name[3..])?, Spelling::Name, one(&mut children)?)
        }
        _ if name.starts_with("Rty") => {
            Node::Retry(count(&name[3..])?, Spelling::Alias, one(&mut children)?)
        }
        _ if name.starts_with('p') && name.len() > 2 => {
            let kind = PortLeaf::ALL
                .into_iter()
                .find(|k| k.desc() == &name[..2])
                .ok_or_else(|| format!("unknown node name {name:?}"))?;
            let ports = Ports::parse(text()?)?;
            leaf(Node::Ported(kind, number(&name[2..])?, ports), &children)?
        }
        _ if name.starts_with('c') && name.ends_with('b') => {
            let id = number(&name[1..name.len() - 1])?;
            leaf(Node::BbCondition(id, Int::parse(text()?)?), &children)?
        }
        _ if name.starts_with('a') && name.ends_with('b') => {
            let id = number(&name[1..name.len() - 1])?;
            let (value, to) = text()?
                .split_once(';')
                .ok_or_else(|| format!("bad inline action {payload:?}"))?;
            let to = Entry::parse(to).ok_or_else(|| format!("bad inline action {payload:?}"))?;
            leaf(Node::BbAction(id, Int::parse(value)?, to), &children)?
        }
        _ if name.starts_with('c') => {
            let (id, form) = leaf_id(&name[1..])?;
            leaf(Node::Condition(id, form), &children)?
        }
        _ if name.starts_with('a') => {
            let (id, form) = leaf_id(&name[1..])?;
            leaf(Node::Action(id, form), &children)?
        }
        _ if name.starts_with('t') => match leaf_id(&name[1..])? {
            (_, LeafForm::Inline | LeafForm::TryInline) => {
                return Err(format!("{name}: a stateful action is no closure"))
            }
            (id, form) => leaf(Node::Stateful(id, form), &children)?,
        },
        _ => return Err(format!("unknown node name {name:?}")),
    })
}
