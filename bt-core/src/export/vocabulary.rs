//! BehaviorTree.CPP's XML vocabulary, **the one table** that both directions read: the XML export
//! ([`super::xml`], and the parameters the macro writes into every tree's `NODES` for it) and the
//! macro's XML import (`bt-macros/src/xml/`). Hidden: it is the macro's, not an API.
//!
//! * [`BUILT_IN`]: the node IDs BehaviorTree.CPP registers itself, which the export writes without
//!   declaring them in the `TreeNodesModel`;
//! * [`ALIASES`]: the kinds the export writes under another BehaviorTree.CPP name;
//! * [`attr`]: the XML attributes of the built-in nodes (and of the nodes of ours the export
//!   writes), each spelled once;
//! * [`ROWS`]: each built-in node the import translates, the DSL kind it becomes, and how its
//!   attributes become the kind's arguments (and [`OURS`], the nodes of other systems it reads
//!   back as the export writes them); [`NOT_YET`]: the built-ins it cannot;
//! * [`CONDITIONS`]: the pre- and post-condition attributes and the DSL's node attributes.
//!
//! A row's arguments are a template in the DSL's own syntax, where `$attribute` stands for the
//! translated value of that XML attribute, and says which parameter of the kind it is, by name
//! or by position: `Repeat`'s `"$num_cycles"` makes `<Repeat num_cycles="3">` into `Repeat(3)`,
//! `RunOnce`'s `"then_skip = $then_skip"` makes `<RunOnce then_skip="false">` into
//! `RunOnce(then_skip = false)`; an attribute left out leaves its argument out (`<RunOnce>` is
//! `RunOnce`), and a template left empty means no parameters. The import reads the template as
//! that placement only and builds the arguments' values itself (it writes no DSL). The macro's
//! tests check each row against its kinds table: its placeholders, forms and defaults.

/// Every node ID BehaviorTree.CPP 4 registers itself (`BehaviorTreeFactory`'s built-ins).
pub const BUILT_IN: &[&str] = &[
    "Fallback",
    "AsyncFallback",
    "Sequence",
    "AsyncSequence",
    "SequenceWithMemory",
    "Parallel",
    "ParallelAll",
    "ReactiveSequence",
    "ReactiveFallback",
    "IfThenElse",
    "WhileDoElse",
    "TryCatch",
    "Inverter",
    "RetryUntilSuccessful",
    "KeepRunningUntilFailure",
    "Repeat",
    "Timeout",
    "Delay",
    "RunOnce",
    "ForceSuccess",
    "ForceFailure",
    "AlwaysSuccess",
    "AlwaysFailure",
    "Script",
    "ScriptCondition",
    "SetBlackboard",
    "Sleep",
    "UnsetBlackboard",
    "SubTree",
    "Precondition",
    "Switch2",
    "Switch3",
    "Switch4",
    "Switch5",
    "Switch6",
    "LoopInt",
    "LoopBool",
    "LoopDouble",
    "LoopString",
    "WasEntryUpdated",
    "SkipUnlessUpdated",
    "WaitValueUpdate",
];

/// Our kinds written under another BehaviorTree.CPP name: (kind, name).
pub const ALIASES: &[(&str, &str)] = &[
    ("MemSequence", "Sequence"),
    ("SequenceStar", "SequenceWithMemory"),
    ("MemPriority", "Fallback"),
];

/// The XML attributes of nodes: BehaviorTree.CPP's port names for its built-ins, and the
/// attributes the export gives the parameters of the kinds of ours that it writes.
pub mod attr {
    /// `Repeat`'s count.
    pub const NUM_CYCLES: &str = "num_cycles";
    /// `RetryUntilSuccessful`'s count.
    pub const NUM_ATTEMPTS: &str = "num_attempts";
    /// `RunOnce`'s flag.
    pub const THEN_SKIP: &str = "then_skip";
    /// The entry of the update nodes (`WasEntryUpdated`, `SkipUnlessUpdated`, `WaitValueUpdate`).
    pub const ENTRY: &str = "entry";
    /// `SetBlackboard`'s entry.
    pub const OUTPUT_KEY: &str = "output_key";
    /// `SetBlackboard`'s value; `LoopInt`'s (and our `Loop`'s) element entry.
    pub const VALUE: &str = "value";
    /// `UnsetBlackboard`'s entry.
    pub const KEY: &str = "key";
    /// `Parallel`'s success threshold.
    pub const SUCCESS_COUNT: &str = "success_count";
    /// `Parallel`'s failure threshold.
    pub const FAILURE_COUNT: &str = "failure_count";
    /// `ParallelAll`'s threshold.
    pub const MAX_FAILURES: &str = "max_failures";
    /// `TryCatch`'s flag.
    pub const CATCH_ON_HALT: &str = "catch_on_halt";
    /// `Delay`'s duration.
    pub const DELAY_MSEC: &str = "delay_msec";
    /// `Timeout`'s and `Sleep`'s duration.
    pub const MSEC: &str = "msec";
    /// `Precondition`'s condition.
    pub const IF: &str = "if";
    /// `Precondition`'s status when the condition is false.
    pub const ELSE: &str = "else";
    /// `Script`'s and `ScriptCondition`'s code.
    pub const CODE: &str = "code";
    /// `Switch<n>`'s entry.
    pub const VARIABLE: &str = "variable";
    /// `Switch<n>`'s cases: `case_1`, `case_2`, ...
    pub const CASE_PREFIX: &str = "case_";
    /// `Switch<n>`'s cases, each spelled out: `CASES[i]` is `case_{i + 1}`.
    pub const CASES: [&str; 6] = ["case_1", "case_2", "case_3", "case_4", "case_5", "case_6"];
    /// `LoopInt`'s (and our `Loop`'s) queue.
    pub const QUEUE: &str = "queue";
    /// `LoopInt`'s (and our `Loop`'s) status for an empty queue.
    pub const IF_EMPTY: &str = "if_empty";
    /// `<SubTree>`'s flag that shares every entry by name.
    pub const AUTOREMAP: &str = "_autoremap";
    /// Our `SubTree`'s context of another agent (NodeCanvas's Override Agent).
    pub const AGENT: &str = "agent";
    /// behavior3's `MaxTime` duration.
    pub const MAX_TIME: &str = "maxTime";
    /// behavior3's `Wait` duration.
    pub const MILLISECONDS: &str = "milliseconds";
    /// behavior3's `Limiter` and `Repeater` count.
    pub const MAX_LOOP: &str = "maxLoop";
    /// behavior3's `Error` value.
    pub const ERROR: &str = "error";
    /// NodeCanvas's *Dynamic* flag (`PrioritySelector`'s mode; the export writes it for its other
    /// nodes too).
    pub const DYNAMIC: &str = "dynamic";
    /// The score of a child of a `PrioritySelector`, on the child's element.
    pub const SCORE: &str = "score";
}

/// How an attribute's text becomes a DSL argument.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Form {
    /// A loop count: a whole number, or `-1` for `forever`.
    Count,
    /// `true` or `false` (also `1` and `0`).
    Bool,
    /// A blackboard entry's name, written `{key}` or `key`.
    Key,
    /// The same, for a node that reacts to the entry's updates: the entry becomes `#[tracked]`.
    TrackedKey,
    /// A value: `{key}` (an entry) or a literal.
    Value,
    /// A script of assignments, made a closure over the blackboard: `|bb| { .. }`.
    Script,
    /// A boolean script expression, made a closure over the blackboard: `|bb| ..`.
    Condition,
    /// A whole number, possibly negative (Parallel's thresholds).
    Int,
    /// A duration in milliseconds: a whole number, not negative.
    Millis,
    /// A status name: `SUCCESS`, `FAILURE`, `RUNNING` or `SKIPPED`.
    Status,
    /// A `Switch<n>` case: a value compared with the `variable` entry's (a number, a scripting
    /// enum's name, or text). Not in the row's template: it labels a child, `case value =>`.
    Case,
    /// A `Loop<T>` queue: a blackboard entry, `{key}` (BehaviorTree.CPP's literal `"1;2;3"` is
    /// not translated).
    Queue,
}

/// One attribute of a row.
#[derive(Clone, Copy, Debug)]
pub struct Param {
    /// The attribute's name in the XML.
    pub attribute: &'static str,
    /// How its text becomes an argument.
    pub form: Form,
    /// BehaviorTree.CPP's port default, for an absent attribute: the import then leaves the
    /// argument out, and the DSL kind's default applies, which the macro's tests check is this
    /// one. `None` makes the attribute required.
    pub default: Option<&'static str>,
}

/// One BehaviorTree.CPP node the import translates.
#[derive(Debug)]
pub struct Row {
    /// The element name in the XML (BehaviorTree.CPP's registration ID).
    pub xml: &'static str,
    /// The DSL kind it becomes.
    pub dsl: &'static str,
    /// The DSL arguments, with `$attribute` placeholders; empty for none.
    pub args: &'static str,
    /// Its attributes.
    pub params: &'static [Param],
}

const fn required(attribute: &'static str, form: Form) -> Param {
    Param {
        attribute,
        form,
        default: None,
    }
}

const fn optional(attribute: &'static str, form: Form, default: &'static str) -> Param {
    Param {
        attribute,
        form,
        default: Some(default),
    }
}

/// `Switch<n>`: the `variable` entry and `n` cases, each labelling a child; the last child is the
/// default.
const fn switch(xml: &'static str, cases: usize) -> Row {
    const PARAMS: [Param; 7] = [
        required(VARIABLE, Key),
        required(CASES[0], Case),
        required(CASES[1], Case),
        required(CASES[2], Case),
        required(CASES[3], Case),
        required(CASES[4], Case),
        required(CASES[5], Case),
    ];
    let params: &'static [Param] = match cases {
        2 => PARAMS.split_at(3).0,
        3 => PARAMS.split_at(4).0,
        4 => PARAMS.split_at(5).0,
        5 => PARAMS.split_at(6).0,
        _ => &PARAMS,
    };
    Row {
        xml,
        dsl: "Switch",
        args: "$variable",
        params,
    }
}

/// `Loop<T>` (`LoopInt`, `LoopBool`, `LoopDouble`, `LoopString`): a queue entry, the `value`
/// entry each item is written to, and the status of an empty queue.
const fn loop_row(xml: &'static str) -> Row {
    const PARAMS: &[Param] = &[
        required(QUEUE, Queue),
        required(VALUE, Key),
        optional(IF_EMPTY, Status, "SUCCESS"),
    ];
    Row {
        xml,
        dsl: "Loop",
        args: "$queue, value = $value, if_empty = $if_empty",
        params: PARAMS,
    }
}

/// The Rust type of the items of BehaviorTree.CPP's `Loop<T>` node `name` (`LoopInt`: `i32`), the
/// type its `value` entry gets when the invocation does not declare it.
pub fn loop_item_type(name: &str) -> Option<&'static str> {
    match name {
        "LoopInt" => Some("i32"),
        "LoopBool" => Some("bool"),
        "LoopDouble" => Some("f64"),
        "LoopString" => Some("String"),
        _ => None,
    }
}

/// BehaviorTree.CPP's `Loop<T>` node for items of the Rust type `ty` (as a type prints without
/// spaces): the reverse of [`loop_item_type`].
pub fn loop_name(ty: &str) -> Option<&'static str> {
    ["LoopInt", "LoopBool", "LoopDouble", "LoopString"]
        .into_iter()
        .find(|name| loop_item_type(name) == Some(ty))
}

const fn plain(name: &'static str) -> Row {
    Row {
        xml: name,
        dsl: name,
        args: "",
        params: &[],
    }
}

use attr::*;
use Form::*;

/// The import's table. A node not listed here is a leaf the user maps in `nodes { .. }`, a
/// BehaviorTree.CPP built-in the DSL does not have yet ([`NOT_YET`]), or an error.
/// (`AlwaysRunning`, which [`BUILT_IN`] lacks, is read as the DSL's kind of that name; so is
/// `PrioritySelector`: [`OURS`].)
#[rustfmt::skip]
pub const ROWS: &[Row] = &[
    // Controls.
    plain("Sequence"),
    plain("SequenceWithMemory"),
    plain("ReactiveSequence"),
    plain("Fallback"),
    plain("ReactiveFallback"),
    plain("AsyncSequence"),
    plain("AsyncFallback"),
    plain("IfThenElse"),
    plain("WhileDoElse"),
    Row { xml: "Parallel",             dsl: "Parallel",             args: "success = $success_count, failure = $failure_count", params: &[optional(SUCCESS_COUNT, Int, "-1"), optional(FAILURE_COUNT, Int, "1")] },
    Row { xml: "ParallelAll",          dsl: "ParallelAll",          args: "max_failures = $max_failures", params: &[optional(MAX_FAILURES, Int, "1")] },
    Row { xml: "TryCatch",             dsl: "TryCatch",             args: "catch_on_halt = $catch_on_halt", params: &[optional(CATCH_ON_HALT, Bool, "false")] },
    switch("Switch2", 2),
    switch("Switch3", 3),
    switch("Switch4", 4),
    switch("Switch5", 5),
    switch("Switch6", 6),
    // Decorators.
    Row { xml: "Delay",                dsl: "Delay",                args: "$delay_msec",           params: &[required(DELAY_MSEC, Millis)] },
    Row { xml: "Timeout",              dsl: "Timeout",              args: "$msec",                 params: &[required(MSEC, Millis)] },
    Row { xml: "Precondition",         dsl: "Precondition",         args: "$if, else = $else",     params: &[required(IF, Condition), optional(ELSE, Status, "FAILURE")] },
    plain("Inverter"),
    plain("ForceSuccess"),
    plain("ForceFailure"),
    plain("KeepRunningUntilFailure"),
    loop_row("LoopInt"),
    loop_row("LoopBool"),
    loop_row("LoopDouble"),
    loop_row("LoopString"),
    Row { xml: "Repeat",               dsl: "Repeat",               args: "$num_cycles",           params: &[required(NUM_CYCLES, Count)] },
    Row { xml: "RetryUntilSuccessful", dsl: "RetryUntilSuccessful", args: "$num_attempts",         params: &[required(NUM_ATTEMPTS, Count)] },
    Row { xml: "RunOnce",              dsl: "RunOnce",              args: "then_skip = $then_skip", params: &[optional(THEN_SKIP, Bool, "true")] },
    Row { xml: "SkipUnlessUpdated",    dsl: "SkipUnlessUpdated",    args: "$entry",                params: &[required(ENTRY, TrackedKey)] },
    Row { xml: "WaitValueUpdate",      dsl: "WaitValueUpdate",      args: "$entry",                params: &[required(ENTRY, TrackedKey)] },
    // Leaves.
    plain("AlwaysSuccess"),
    plain("AlwaysFailure"),
    plain("AlwaysRunning"),
    Row { xml: "Sleep",                dsl: "Sleep",                args: "$msec",                 params: &[required(MSEC, Millis)] },
    Row { xml: "SetBlackboard",        dsl: "SetBlackboard",        args: "$output_key = $value",  params: &[required(OUTPUT_KEY, Key), required(VALUE, Value)] },
    Row { xml: "UnsetBlackboard",      dsl: "UnsetBlackboard",      args: "$key",                  params: &[required(KEY, Key)] },
    Row { xml: "WasEntryUpdated",      dsl: "WasEntryUpdated",      args: "$entry",                params: &[required(ENTRY, TrackedKey)] },
    Row { xml: "Script",               dsl: "Script",               args: "$code",                 params: &[required(CODE, Script)] },
    Row { xml: "ScriptCondition",      dsl: "ScriptCondition",      args: "$code",                 params: &[required(CODE, Condition)] },
    // Not BehaviorTree.CPP's ([`OURS`]): NodeCanvas's, read back as the export writes it, each
    // child with its `score` (a number, `{entry}` or a script expression).
    Row { xml: "PrioritySelector",     dsl: "PrioritySelector",     args: "dynamic = $dynamic",    params: &[optional(DYNAMIC, Bool, "false")] },
];

/// The rows of [`ROWS`] for nodes that BehaviorTree.CPP does not register: `AlwaysRunning` (ours,
/// which [`BUILT_IN`] lacks) and NodeCanvas's `PrioritySelector`, which the import reads back as
/// `to_xml()` writes it (BehaviorTree.CPP cannot load such a file).
pub const OURS: &[&str] = &["AlwaysRunning", "PrioritySelector"];

/// BehaviorTree.CPP 4's built-in nodes the DSL has no kind for yet (named in the import's error).
/// A row in [`ROWS`] takes precedence, so adding the row is enough when the kind lands; a test of
/// the macro reminds that the row is missing once its kinds table knows the name.
pub const NOT_YET: &[&str] = &["ManualSelector"];

/// BehaviorTree.CPP's pre- and post-condition attributes and the DSL's node attributes: the
/// attribute, the DSL's name, and whether it tests (an expression) or acts (assignments). The
/// export writes them in this order.
pub const CONDITIONS: &[(&str, &str, bool)] = &[
    ("_failureIf", "failure_if", true),
    ("_successIf", "success_if", true),
    ("_skipIf", "skip_if", true),
    ("_while", "run_while", true),
    ("_onSuccess", "on_success", false),
    ("_onFailure", "on_failure", false),
    ("_onHalted", "on_halted", false),
    ("_post", "post", false),
];

/// The row of BehaviorTree.CPP node `name`.
pub fn row(name: &str) -> Option<&'static Row> {
    ROWS.iter().find(|row| row.xml == name)
}

#[cfg(test)]
mod tests {
    use super::{ALIASES, BUILT_IN, NOT_YET, OURS, ROWS};

    #[test]
    fn the_lists_agree() {
        for row in ROWS {
            assert!(
                BUILT_IN.contains(&row.xml) != OURS.contains(&row.xml),
                "{}: a row for a node BehaviorTree.CPP does not register",
                row.xml
            );
        }
        for name in NOT_YET {
            assert!(
                BUILT_IN.contains(name) || *name == "ManualSelector",
                "{name}"
            );
            assert!(ROWS.iter().all(|row| row.xml != *name), "{name}");
        }
        for (_, name) in ALIASES {
            assert!(BUILT_IN.contains(name), "{name}");
        }
    }
}
