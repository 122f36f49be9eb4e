//! Every word of the DSL, defined once.

// Tree body.
pub const BLACKBOARD: &str = "blackboard";
pub const TRACKED: &str = "tracked";

// Node attributes.
pub const NAME: &str = "name";
pub const FAILURE_IF: &str = "failure_if";
pub const SUCCESS_IF: &str = "success_if";
pub const SKIP_IF: &str = "skip_if";
pub const RUN_WHILE: &str = "run_while";
pub const ON_SUCCESS: &str = "on_success";
pub const ON_FAILURE: &str = "on_failure";
pub const ON_HALTED: &str = "on_halted";
pub const POST: &str = "post";

// Parameters.
pub const FOREVER: &str = "forever";
pub const THEN_SKIP: &str = "then_skip";

// Leaves.
pub const CONDITION: &str = "Condition";
pub const ACTION: &str = "Action";
pub const STATEFUL_ACTION: &str = "StatefulAction";
pub const ALWAYS_SUCCESS: &str = "AlwaysSuccess";
pub const ALWAYS_FAILURE: &str = "AlwaysFailure";
pub const SET_BLACKBOARD: &str = "SetBlackboard";
pub const UNSET_BLACKBOARD: &str = "UnsetBlackboard";
pub const SCRIPT: &str = "Script";
pub const SCRIPT_CONDITION: &str = "ScriptCondition";
pub const WAS_ENTRY_UPDATED: &str = "WasEntryUpdated";
pub const SUB_TREE: &str = "SubTree";

// Composites.
pub const SEQUENCE: &str = "Sequence";
pub const MEM_SEQUENCE: &str = "MemSequence";
pub const SEQUENCE_WITH_MEMORY: &str = "SequenceWithMemory";
pub const SEQUENCE_STAR: &str = "SequenceStar";
pub const REACTIVE_SEQUENCE: &str = "ReactiveSequence";
pub const FALLBACK: &str = "Fallback";
pub const MEM_PRIORITY: &str = "MemPriority";
pub const REACTIVE_FALLBACK: &str = "ReactiveFallback";

// Decorators.
pub const INVERTER: &str = "Inverter";
pub const FORCE_SUCCESS: &str = "ForceSuccess";
pub const FORCE_FAILURE: &str = "ForceFailure";
pub const REPEAT: &str = "Repeat";
pub const RETRY_UNTIL_SUCCESSFUL: &str = "RetryUntilSuccessful";
pub const KEEP_RUNNING_UNTIL_FAILURE: &str = "KeepRunningUntilFailure";
pub const RUN_ONCE: &str = "RunOnce";
pub const SKIP_UNLESS_UPDATED: &str = "SkipUnlessUpdated";
pub const WAIT_VALUE_UPDATE: &str = "WaitValueUpdate";

/// Every node kind the macro knows, for "did you mean" suggestions.
pub const ALL_KINDS: &[&str] = &[
    CONDITION,
    ACTION,
    STATEFUL_ACTION,
    ALWAYS_SUCCESS,
    ALWAYS_FAILURE,
    SET_BLACKBOARD,
    UNSET_BLACKBOARD,
    SCRIPT,
    SCRIPT_CONDITION,
    WAS_ENTRY_UPDATED,
    SUB_TREE,
    SEQUENCE,
    MEM_SEQUENCE,
    SEQUENCE_WITH_MEMORY,
    SEQUENCE_STAR,
    REACTIVE_SEQUENCE,
    FALLBACK,
    MEM_PRIORITY,
    REACTIVE_FALLBACK,
    INVERTER,
    FORCE_SUCCESS,
    FORCE_FAILURE,
    REPEAT,
    RETRY_UNTIL_SUCCESSFUL,
    KEEP_RUNNING_UNTIL_FAILURE,
    RUN_ONCE,
    SKIP_UNLESS_UPDATED,
    WAIT_VALUE_UPDATE,
];
