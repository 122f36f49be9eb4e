//! **The one table of the XML front end**: each BehaviorTree.CPP node it translates, the DSL kind
//! it becomes, and how the node's XML attributes become the kind's arguments. Everything else in
//! `crate::xml` is generic over these rows, so a DSL kind becomes importable from XML with one row
//! here (its arity and its rule come from `crate::kinds`).
//!
//! The arguments are a template in the DSL's own syntax, where `$attribute` stands for the
//! translated value of that XML attribute: `Repeat`'s `"$num_cycles"` makes
//! `<Repeat num_cycles="3">` into `Repeat(3)`, `RunOnce`'s `"then_skip = $then_skip"` makes
//! `RunOnce(then_skip = true)`. An empty template means no parentheses.

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
    /// A value: `{key}` (an entry) or a literal (see `crate::xml` for the literal rules).
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
}

/// One attribute of a row.
#[derive(Clone, Copy, Debug)]
pub struct Param {
    /// The attribute's name in the XML.
    pub attribute: &'static str,
    pub form: Form,
    /// The text used when the attribute is absent (BehaviorTree.CPP's port default); `None`
    /// makes the attribute required.
    pub default: Option<&'static str>,
}

/// One BehaviorTree.CPP node.
#[derive(Debug)]
pub struct Row {
    /// The element name in the XML (BehaviorTree.CPP's registration ID).
    pub xml: &'static str,
    /// The DSL kind it becomes: a name `crate::kinds::lookup` knows.
    pub dsl: &'static str,
    /// The DSL arguments, with `$attribute` placeholders; empty for none.
    pub args: &'static str,
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

const fn plain(name: &'static str) -> Row {
    Row {
        xml: name,
        dsl: name,
        args: "",
        params: &[],
    }
}

use Form::*;

/// The table. A node not listed here is a leaf the user maps in `nodes { .. }`, a BehaviorTree.CPP
/// built-in the DSL does not have yet ([`NOT_YET`]), or an error.
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
    Row { xml: "Parallel",             dsl: "Parallel",             args: "success = $success_count, failure = $failure_count", params: &[optional("success_count", Int, "-1"), optional("failure_count", Int, "1")] },
    Row { xml: "ParallelAll",          dsl: "ParallelAll",          args: "max_failures = $max_failures", params: &[optional("max_failures", Int, "1")] },
    Row { xml: "TryCatch",             dsl: "TryCatch",             args: "catch_on_halt = $catch_on_halt", params: &[optional("catch_on_halt", Bool, "false")] },
    // Decorators.
    Row { xml: "Delay",                dsl: "Delay",                args: "$delay_msec",           params: &[required("delay_msec", Millis)] },
    Row { xml: "Timeout",              dsl: "Timeout",              args: "$msec",                 params: &[required("msec", Millis)] },
    Row { xml: "Precondition",         dsl: "Precondition",         args: "$if, else = $else",     params: &[required("if", Condition), optional("else", Status, "FAILURE")] },
    plain("Inverter"),
    plain("ForceSuccess"),
    plain("ForceFailure"),
    plain("KeepRunningUntilFailure"),
    Row { xml: "Repeat",               dsl: "Repeat",               args: "$num_cycles",           params: &[required("num_cycles", Count)] },
    Row { xml: "RetryUntilSuccessful", dsl: "RetryUntilSuccessful", args: "$num_attempts",         params: &[required("num_attempts", Count)] },
    Row { xml: "RunOnce",              dsl: "RunOnce",              args: "then_skip = $then_skip", params: &[optional("then_skip", Bool, "true")] },
    Row { xml: "SkipUnlessUpdated",    dsl: "SkipUnlessUpdated",    args: "$entry",                params: &[required("entry", TrackedKey)] },
    Row { xml: "WaitValueUpdate",      dsl: "WaitValueUpdate",      args: "$entry",                params: &[required("entry", TrackedKey)] },
    // Leaves.
    plain("AlwaysSuccess"),
    plain("AlwaysFailure"),
    plain("AlwaysRunning"),
    Row { xml: "Sleep",                dsl: "Sleep",                args: "$msec",                 params: &[required("msec", Millis)] },
    Row { xml: "SetBlackboard",        dsl: "SetBlackboard",        args: "$output_key = $value",  params: &[required("output_key", Key), required("value", Value)] },
    Row { xml: "UnsetBlackboard",      dsl: "UnsetBlackboard",      args: "$key",                  params: &[required("key", Key)] },
    Row { xml: "WasEntryUpdated",      dsl: "WasEntryUpdated",      args: "$entry",                params: &[required("entry", TrackedKey)] },
    Row { xml: "Script",               dsl: "Script",               args: "$code",                 params: &[required("code", Script)] },
    Row { xml: "ScriptCondition",      dsl: "ScriptCondition",      args: "$code",                 params: &[required("code", Condition)] },
];

/// BehaviorTree.CPP 4's built-in nodes the DSL has no kind for yet (named in the error). A row in
/// [`ROWS`] takes precedence, so adding the row is enough when the kind lands; a test reminds
/// that the row is missing once `crate::kinds` knows the name.
pub const NOT_YET: &[&str] = &[
    "Switch2",
    "Switch3",
    "Switch4",
    "Switch5",
    "Switch6",
    "ManualSelector",
    "LoopInt",
    "LoopBool",
    "LoopDouble",
    "LoopString",
];

/// BehaviorTree.CPP's pre- and post-condition attributes and the DSL's node attributes: the
/// attribute, the DSL's name, and whether it tests (an expression) or acts (assignments).
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
    use super::{row, NOT_YET, ROWS};
    use crate::kinds;

    #[test]
    fn every_row_names_a_dsl_kind_and_its_placeholders_are_params() {
        for row in ROWS {
            assert!(kinds::lookup(row.dsl).is_some(), "{}: no DSL kind", row.dsl);
            let placeholders: Vec<&str> = (row.args.split('$').skip(1))
                .map(|rest| {
                    let end = rest
                        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                        .unwrap_or(rest.len());
                    &rest[..end]
                })
                .collect();
            let mut params: Vec<&str> = row.params.iter().map(|p| p.attribute).collect();
            params.sort_unstable();
            let mut sorted = placeholders.clone();
            sorted.sort_unstable();
            assert_eq!(
                sorted, params,
                "{}: placeholders and params differ",
                row.xml
            );
        }
    }

    #[test]
    fn a_built_in_without_a_row_has_no_dsl_kind_yet() {
        for name in NOT_YET {
            assert!(
                row(name).is_some() || kinds::lookup(name).is_none(),
                "the DSL now has `{name}`: add its row to `ROWS` in bt-macros/src/xml/table.rs"
            );
        }
    }
}
