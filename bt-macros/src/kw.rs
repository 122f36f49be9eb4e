//! Every word of the DSL, defined once (node kinds are named in the kinds table, `crate::kinds`).

// Tree body.
pub const BLACKBOARD: &str = "blackboard";
pub const TRACKED: &str = "tracked";

// Node attributes.
pub const NAME: &str = "name";
pub const ID: &str = "id";
/// On a blackboard entry the XML front end wrote: `#[__bt_read(count, __bt_xml_Tree_3)]`, the
/// trait through which the nodes read it that way (`READ_COUNT`, `READ_DURATION`, `READ_QUEUE`),
/// whose error says where the XML reads it.
pub const XML_READ: &str = "__bt_read";
pub const READ_COUNT: &str = "count";
pub const READ_DURATION: &str = "duration";
pub const READ_QUEUE: &str = "queue";
pub const FAILURE_IF: &str = "failure_if";
pub const SUCCESS_IF: &str = "success_if";
pub const SKIP_IF: &str = "skip_if";
pub const RUN_WHILE: &str = "run_while";
pub const ON_SUCCESS: &str = "on_success";
pub const ON_FAILURE: &str = "on_failure";
pub const ON_HALTED: &str = "on_halted";
pub const POST: &str = "post";
pub const WEIGHT: &str = "weight";
pub const SCORE: &str = "score";

// Parameters.
pub const FOREVER: &str = "forever";
