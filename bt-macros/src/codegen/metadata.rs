//! Metadata: node ids as the tree reports them (counting the nodes of the subtrees before them),
//! and the `NODES` table.

use bt_core::export::vocabulary::{attr, CONDITIONS};
use proc_macro2::{Ident, Span, TokenStream};
use quote::{quote, quote_spanned, ToTokens};
use syn::ext::IdentExt;
use syn::spanned::Spanned;

use super::{leaf, public_id, Gen};
use crate::kinds::{Abort, CountWhen, Filtered, IfGuarded, OutOfRange, Until, Word};
use crate::model::{
    Alternative, Category, Conditions, Decorator, Flow, Kind, Leaf, Limit, Loop, Node, Parallel,
    Quantity, Selector, Time, Tree, UtilityValue, Value,
};
use crate::{kw, text};

/// A `Loop`'s `value` port, with the type of the entry it writes: what tells the XML export which
/// of BehaviorTree.CPP's `LoopInt`, `LoopBool`, `LoopDouble`, `LoopString` it is.
fn loop_value_port(tree: &Tree, node: &Node) -> Option<TokenStream> {
    let Kind::Loop(Loop::Loop {
        value: Some(item), ..
    }) = &node.kind
    else {
        return None;
    };
    let entry = tree.blackboard.as_ref().and_then(|bb| bb.entry(item))?;
    let ty = entry.ty.to_token_stream().to_string().replace(' ', "");
    let name = attr::VALUE;
    Some(quote! {
        &[__bt::PortInfo {
            name: #name,
            direction: __bt::PortDirection::Output,
            type_name: #ty,
            required: false,
            missing_message: "",
        }]
    })
}

/// One entry of `NODES`: a call of `bt_core::__private::nodes`, which the table imports, by
/// category (`control("Snipe", "Sequence", parent, depth)`), with the leaf's type and ports
/// (`typed(..)`) and parameters (`with_params(..)`) when it has them.
fn node_info(tree: &Tree, node: &Node) -> TokenStream {
    let name = &node.name;
    let kind = node.kind_ident.to_string();
    let category = match node.category() {
        Category::Control => quote!(control),
        Category::Decorator => quote!(decorator),
        Category::Condition => quote!(condition),
        Category::Action => quote!(action),
        Category::SubTree => quote!(subtree),
    };
    // The root's parent is not read (depth 0).
    let parent = match node.parent {
        Some(parent) => public_id(tree, parent),
        None => quote!(0),
    };
    let depth = proc_macro2::Literal::usize_unsuffixed(node.depth);
    let mut info = quote!(#category(#name, #kind, #parent, #depth));
    let leaf_type = node
        .leaf_type()
        .map(|leaf| &leaf.ty)
        .or(node.subtree().map(|sub| &sub.ty));
    if let Some(ty) = leaf_type {
        let ports = match node.leaf_type() {
            Some(leaf) => leaf::ports_of(&leaf.ty),
            None => quote!(&[]),
        };
        // A node's `#[id]` (the ID an XML tree mapped it from) stands for its type.
        let ty = match &node.xml_id {
            Some(id) => id.clone(),
            None => ty.to_token_stream().to_string().replace(' ', ""),
        };
        info = quote!(typed(#info, #ty, #ports));
    } else if let Some(ports) = loop_value_port(tree, node) {
        info = quote!(with_ports(#info, #ports));
    }
    let params: Vec<TokenStream> = (params(node).into_iter())
        .map(|(name, value)| quote!((#name, #value)))
        .collect();
    if !params.is_empty() {
        info = quote!(with_params(#info, &[#(#params),*]));
    }
    info
}

/// The tree's `NODES`: a literal table, or, with subtrees, a table built at compile time with
/// each subtree's `NODES` spliced in after its `SubTree` node.
pub(super) fn nodes_table(g: &Gen) -> TokenStream {
    let tree = g.tree;
    let infos = tree.nodes.iter().map(|node| node_info(tree, node));
    let short_forms = quote!(
        use __bt::nodes::*;
    );
    if tree.subtrees.is_empty() {
        if !tree.header.generics.params.is_empty() {
            return quote!({
                #short_forms
                &[#(#infos),*]
            });
        }
        // A constant of its own and a reference to it: cheaper to compile than a reference to
        // the array written in place (which rustc promotes to a constant of the table's), by
        // about 3 % of a wide tree's build. (An item cannot name the tree's parameters.)
        let len = tree.nodes.len();
        return quote!({
            #short_forms
            const __BT_TABLE: [__bt::NodeInfo; #len] = [#(#infos),*];
            &__BT_TABLE
        });
    }
    let ids = tree.nodes.iter().map(|node| public_id(tree, node.id));
    let table = Ident::new("__bt_nodes", Span::mixed_site());
    let len = public_id(tree, tree.nodes.len());
    let splices = tree.subtrees_before(tree.nodes.len()).map(|(id, subtree)| {
        let (ty, at, depth) = (&subtree.ty, public_id(tree, id), tree.nodes[id].depth);
        // `NODES` is a constant of the tree's impl, where the lifetimes of `tick` are not.
        let every = |_: &Ident| true;
        let context = crate::tokens::static_lifetimes(super::child_context(tree, subtree), &every);
        let ty_static = crate::tokens::static_lifetimes(ty.to_token_stream(), &every);
        let nodes = quote_spanned!(ty.span()=> <#ty_static as __bt::Subtree<#context>>::__NODES);
        quote!(#table = __bt::splice(#table, #nodes, #at, #depth);)
    });
    quote!(&{
        #short_forms
        let mut #table = [__bt::NO_NODE; #len];
        #(#table[#ids] = #infos;)*
        #(#splices)*
        #table
    })
}

/// The text of a value the XML front end made `__bt::text("..")` (a BehaviorTree.CPP
/// literal converted by the target's `From<&str>`): written back as it was in the XML.
fn xml_text(expr: &syn::Expr) -> Option<String> {
    let syn::Expr::Call(call) = expr else {
        return None;
    };
    let syn::Expr::Path(path) = &*call.func else {
        return None;
    };
    let segments: Vec<String> = (path.path.segments.iter())
        .map(|segment| segment.ident.to_string())
        .collect();
    // `__bt::text("..")`, or the XML front end's located conversion of a literal,
    // `<_ as __bt_xml_Tree_3>::__bt_xml("..")`: the text as the XML had it.
    let located = path.qself.is_some() && segments.last().is_some_and(|last| last == "__bt_xml");
    match (&segments[..], call.args.first(), call.args.len()) {
        (_, Some(syn::Expr::Lit(lit)), 1) if located => match &lit.lit {
            syn::Lit::Str(text) => Some(text.value()),
            _ => None,
        },
        ([bt, text], Some(syn::Expr::Lit(lit)), 1)
            if bt == crate::runtime::NAME && text == "text" =>
        {
            match &lit.lit {
                syn::Lit::Str(text) => Some(text.value()),
                _ => None,
            }
        }
        _ => None,
    }
}

/// A `Switch` case as BehaviorTree.CPP's `case_<n>` text: a string literal's text, a literal the
/// XML front end converted as the XML wrote it, else the Rust source.
fn case_text(case: &syn::Expr) -> String {
    match case {
        // A scripting enum keeps its name (`scripting_enum("RED", Color::Red)`).
        syn::Expr::Call(call)
            if call.args.len() == 2
                && matches!(&*call.func, syn::Expr::Path(path) if path.path.segments.last().is_some_and(|s| s.ident == "scripting_enum")) =>
        {
            match &call.args[0] {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(name),
                    ..
                }) => name.value(),
                _ => text::source(case.to_token_stream()),
            }
        }
        _ => expr_text(case),
    }
}

/// An expression as an XML attribute's text: a string literal's text, as BehaviorTree.CPP reads
/// an attribute (`"lap"` is `lap`, not `&quot;lap&quot;`); a literal of the XML as the XML wrote
/// it; else the Rust source.
fn expr_text(expr: &syn::Expr) -> String {
    match text::string_literal(expr) {
        Some(text) => text.value(),
        None => xml_text(expr).unwrap_or_else(|| text::source(expr.to_token_stream())),
    }
}

/// A count or a duration as an XML attribute's text: the number (milliseconds for a duration),
/// `{entry}`, or the Rust expression's source.
pub(super) fn quantity_text(quantity: &Quantity) -> String {
    match quantity {
        Quantity::Literal(value) => value.to_string(),
        Quantity::Entry(entry) => format!("{{{}}}", entry.unraw()),
        Quantity::Expr(expr) => text::source(expr.to_token_stream()),
    }
}

/// A node's parameters as BehaviorTree.CPP XML attributes (NodeCanvas's names for its kinds,
/// Unreal's for `Observe`), with their values as source text (`bt_core::NodeInfo::params`).
fn params(node: &Node) -> Vec<(String, String)> {
    let mut params: Vec<(String, String)> = match &node.kind {
        Kind::Leaf(leaf) => leaf_params(node, leaf),
        Kind::Composite(_) | Kind::Invalid => Vec::new(),
        Kind::Selector(selector) => selector_params(selector),
        Kind::Flow(flow) => flow_params(flow),
        Kind::Parallel(parallel) => parallel_params(parallel),
        Kind::Decorator(decorator) => decorator_params(decorator),
        Kind::Time(time) => time_params(time),
        Kind::Loop(looping) => loop_params(looping),
        Kind::Custom(custom) => bindings_params(&custom.node.bindings),
    };
    params.extend(super::selector::utility_param(node));
    for &(attribute, dsl, _) in CONDITIONS {
        if let Some(closure) = condition(&node.conditions, dsl) {
            params.push((attribute.into(), script(closure)));
        }
    }
    params
}

/// The pre- or post-condition the DSL calls `dsl` (`skip_if`), if the node has it.
fn condition<'c>(conditions: &'c Conditions, dsl: &str) -> Option<&'c syn::ExprClosure> {
    let closure = match dsl {
        kw::FAILURE_IF => &conditions.failure_if,
        kw::SUCCESS_IF => &conditions.success_if,
        kw::SKIP_IF => &conditions.skip_if,
        kw::RUN_WHILE => &conditions.run_while,
        kw::ON_SUCCESS => &conditions.on_success,
        kw::ON_FAILURE => &conditions.on_failure,
        kw::ON_HALTED => &conditions.on_halted,
        kw::POST => &conditions.post,
        _ => return None,
    };
    closure.as_deref()
}

fn pair(name: &str, value: String) -> (String, String) {
    (name.to_owned(), value)
}

/// An entry as BehaviorTree.CPP writes a reference, `{name}` (raw identifiers without `r#`).
fn entry(entry: &Ident) -> String {
    format!("{{{}}}", entry.unraw())
}

/// A closure's body as source text.
fn body(closure: &syn::ExprClosure) -> String {
    text::source(closure.body.to_token_stream())
}

/// A closure over the blackboard as BehaviorTree.CPP's script (`battery < 20`, `laps += 1`) when
/// it is one (`crate::text::closure_script`), else its body's Rust source, which BehaviorTree.CPP
/// cannot read (the guide's "Back to XML").
fn script(closure: &syn::ExprClosure) -> String {
    crate::text::closure_script(closure).unwrap_or_else(|| body(closure))
}

/// A count: `-1` for `forever`, as BehaviorTree.CPP writes it.
fn limit(limit: &Limit) -> String {
    limit.as_ref().map_or("-1".to_owned(), quantity_text)
}

/// A duration in seconds, as NodeCanvas writes it.
fn seconds(ms: &Quantity) -> String {
    match ms.literal() {
        Some(ms) => format!("{}", ms as f64 / 1000.0),
        None => quantity_text(ms),
    }
}

/// A bound value as an XML attribute's text: `{entry}`, or the expression's ([`expr_text`]).
fn value(value: &Value) -> String {
    match value {
        Value::Entry(name) => entry(name),
        Value::Expr(expr) => expr_text(expr),
    }
}

/// A user type's port bindings, as attributes named after the ports.
fn bindings_params(bindings: &[crate::model::PortBinding]) -> Vec<(String, String)> {
    (bindings.iter())
        .map(|binding| (binding.port.unraw().to_string(), value(&binding.value)))
        .collect()
}

fn leaf_params(node: &Node, leaf: &Leaf) -> Vec<(String, String)> {
    let name = |ident: &Ident| ident.unraw().to_string();
    match leaf {
        Leaf::Condition(_) | Leaf::Action(_) | Leaf::Stateful(_) => node
            .leaf_type()
            .map_or_else(Vec::new, |leaf| bindings_params(&leaf.bindings)),
        Leaf::AlwaysSuccess | Leaf::AlwaysFailure | Leaf::AlwaysRunning => Vec::new(),
        Leaf::WasEntryUpdated(entry) => vec![pair(attr::ENTRY, name(entry))],
        Leaf::SetBlackboard { entry, value: v } => {
            vec![
                pair(attr::OUTPUT_KEY, name(entry)),
                pair(attr::VALUE, value(v)),
            ]
        }
        Leaf::UnsetBlackboard { entry } => vec![pair(attr::KEY, name(entry))],
        Leaf::Script(closure) | Leaf::ScriptCondition(closure) => {
            vec![pair(attr::CODE, script(closure))]
        }
        Leaf::Sleep(ms) => vec![pair(attr::MSEC, quantity_text(ms))],
        Leaf::Wait(ms) => vec![pair(attr::MILLISECONDS, quantity_text(ms))],
        Leaf::Error(error) => vec![pair(attr::ERROR, text::source(error.to_token_stream()))],
        Leaf::SubTree(subtree) => {
            let mut params = bindings_params(&subtree.bindings);
            if subtree.autoremap.is_some() {
                params.push(pair(attr::AUTOREMAP, "true".into()));
            }
            if let Some(agent) = &subtree.agent {
                params.push(pair(attr::AGENT, body(agent)));
            }
            params
        }
    }
}

fn selector_params(selector: &Selector) -> Vec<(String, String)> {
    match selector {
        Selector::RandomSequence | Selector::RandomSelector => vec![pair("random", "true".into())],
        Selector::DynamicSequence | Selector::DynamicSelector => {
            vec![pair("dynamic", "true".into())]
        }
        Selector::PrioritySelector { dynamic } => vec![pair(attr::DYNAMIC, dynamic.to_string())],
        Selector::ProbabilitySelector { fail } => match fail {
            Some(UtilityValue::Closure(closure)) => vec![pair("failChance", body(closure))],
            Some(UtilityValue::Constant(expr)) => {
                vec![pair("failChance", text::source(expr.to_token_stream()))]
            }
            None => Vec::new(),
        },
        Selector::FlipSelector | Selector::StepSequencer | Selector::ObserverSelector => Vec::new(),
    }
}

fn flow_params(flow: &Flow) -> Vec<(String, String)> {
    match flow {
        Flow::IfThenElse | Flow::WhileDoElse => Vec::new(),
        Flow::TryCatch { catch_on_halt } => {
            vec![pair(attr::CATCH_ON_HALT, catch_on_halt.to_string())]
        }
        Flow::Switch {
            entry: variable,
            cases,
        } => {
            let mut params = vec![pair(attr::VARIABLE, entry(variable))];
            for (index, case) in cases.iter().enumerate() {
                let name = format!("{}{}", attr::CASE_PREFIX, index + 1);
                // A case of several values (`1 | 2`, `3..=5`): a parameter per value, so that
                // the XML export gives BehaviorTree.CPP, which compares one value per case, a
                // case per value. A range of more values than a `Switch6` has cases, or of bounds
                // that are not whole-number literals, has no such form: its Rust text.
                let alternatives = crate::model::case_alternatives(case);
                let values: Option<Vec<String>> = (alternatives.iter())
                    .map(|alternative| match alternative {
                        Alternative::Value(value) => Some(vec![case_text(value)]),
                        Alternative::Range(..) => {
                            let (low, high) = crate::model::range_numbers(alternative)?;
                            // Checked: the two literals may be `i128`'s ends.
                            let small = high.checked_sub(low).is_some_and(|span| span < 6);
                            small.then(|| (low..=high).map(|n| n.to_string()).collect())
                        }
                    })
                    .collect::<Option<Vec<Vec<String>>>>()
                    .map(|values| values.concat());
                match values {
                    Some(values) => {
                        params.extend((values.into_iter()).map(|value| (name.clone(), value)))
                    }
                    None => params.push((name, case_text(case))),
                }
            }
            params
        }
        Flow::BinarySelector { condition, dynamic } => vec![
            pair("condition", body(condition)),
            pair("dynamic", dynamic.to_string()),
        ],
        Flow::IndexSwitch {
            index,
            out_of_range,
            dynamic,
        } => vec![
            pair("intCase", body(index)),
            pair(
                "outOfRangeMode",
                match out_of_range.value {
                    OutOfRange::Loop => "LoopIndex".into(),
                    OutOfRange::Fail => "ReturnFailure".into(),
                },
            ),
            pair("dynamic", dynamic.to_string()),
        ],
    }
}

fn parallel_params(parallel: &Parallel) -> Vec<(String, String)> {
    match parallel {
        Parallel::Parallel { success, failure } => vec![
            pair(attr::SUCCESS_COUNT, success.to_string()),
            pair(attr::FAILURE_COUNT, failure.to_string()),
        ],
        Parallel::ParallelAll { max_failures } => {
            vec![pair(attr::MAX_FAILURES, max_failures.to_string())]
        }
        Parallel::PolicyParallel { policy, repeat } => vec![
            pair("policy", policy.to_string()),
            pair("dynamic", repeat.to_string()),
        ],
    }
}

fn decorator_params(decorator: &Decorator) -> Vec<(String, String)> {
    match decorator {
        Decorator::Inverter
        | Decorator::ForceSuccess
        | Decorator::ForceFailure
        | Decorator::KeepRunningUntilFailure
        | Decorator::Optional => Vec::new(),
        Decorator::RunOnce { then_skip } => vec![pair(attr::THEN_SKIP, then_skip.to_string())],
        Decorator::SkipUnlessUpdated(entry) | Decorator::WaitValueUpdate(entry) => {
            vec![pair(attr::ENTRY, entry.unraw().to_string())]
        }
        Decorator::Precondition {
            condition,
            otherwise,
        } => vec![
            pair(attr::IF, script(condition)),
            pair(attr::ELSE, otherwise.to_string().to_uppercase()),
        ],
        Decorator::Interrupt(condition) | Decorator::WaitUntil(condition) => {
            vec![pair("condition", body(condition))]
        }
        Decorator::Conditional {
            condition,
            dynamic,
            otherwise,
        } => vec![
            pair("condition", body(condition)),
            pair("isDynamic", dynamic.to_string()),
            pair("conditionFailReturn", otherwise.to_string()),
        ],
        Decorator::Filter {
            times,
            count,
            filtered,
        } => vec![
            pair("filterMode", "LimitNumberOfTimes".into()),
            pair("maxCount", limit(times)),
            pair(
                "policy",
                match count.value {
                    CountWhen::Success => "SuccessOnly".into(),
                    CountWhen::Failure => "FailureOnly".into(),
                    CountWhen::Completed => "SuccessOrFailure".into(),
                },
            ),
            inactive_when_limited(filtered),
        ],
        Decorator::Limiter(max) => vec![pair(attr::MAX_LOOP, limit(max))],
        Decorator::Guard { token, if_guarded } => vec![
            pair("token", body(token)),
            pair(
                "ifGuarded",
                match if_guarded.value {
                    IfGuarded::Running => "WaitUntilReleased".into(),
                    IfGuarded::Failure => "ReturnFailure".into(),
                },
            ),
        ],
        Decorator::Remap { success, failure } => vec![
            pair("successRemap", success.to_string()),
            pair("failureRemap", failure.to_string()),
        ],
        Decorator::Observe {
            condition, abort, ..
        } => vec![
            pair("condition", body(condition)),
            pair(
                "flowAbortMode",
                match abort.value {
                    Abort::SelfBranch => "Self".into(),
                    Abort::LowerPriority => "LowerPriority".into(),
                    Abort::Both => "Both".into(),
                    Abort::None => "None".into(),
                },
            ),
        ],
    }
}

fn time_params(time: &Time) -> Vec<(String, String)> {
    match time {
        Time::Delay(ms) => vec![pair(attr::DELAY_MSEC, quantity_text(ms))],
        Time::Timeout(ms) => vec![pair(attr::MSEC, quantity_text(ms))],
        Time::MaxTime(ms) => vec![pair(attr::MAX_TIME, quantity_text(ms))],
        Time::Deadline(ms) => vec![pair("timeout", seconds(ms))],
        Time::Cooldown { ms, filtered } => vec![
            pair("filterMode", "CoolDown".into()),
            pair("coolDownTime", seconds(ms)),
            inactive_when_limited(filtered),
        ],
    }
}

/// NodeCanvas's filter `inactiveWhenLimited`: a filtered tick answers `Skipped` (else `Failure`).
fn inactive_when_limited(filtered: &Word<Filtered>) -> (String, String) {
    let skipped = match filtered.value {
        Filtered::Skipped => true,
        Filtered::Failure => false,
    };
    pair("inactiveWhenLimited", skipped.to_string())
}

fn loop_params(looping: &Loop) -> Vec<(String, String)> {
    match looping {
        Loop::Repeat(n) => vec![pair(attr::NUM_CYCLES, limit(n))],
        Loop::RetryUntilSuccessful(n) => vec![pair(attr::NUM_ATTEMPTS, limit(n))],
        Loop::Repeater(n) => vec![pair(attr::MAX_LOOP, limit(n))],
        Loop::RepeatTimes(n) => match n {
            Some(n) => vec![
                pair("repeaterMode", "RepeatTimes".into()),
                pair("repeatTimes", quantity_text(n)),
            ],
            None => vec![pair("repeaterMode", "RepeatForever".into())],
        },
        Loop::RepeatUntil(target) => vec![
            pair("repeaterMode", "RepeatUntil".into()),
            pair("repeatUntilStatus", target.to_string()),
        ],
        Loop::Loop {
            queue,
            value: item,
            if_empty,
        } => {
            let mut params = vec![pair(attr::QUEUE, entry(queue))];
            if let Some(item) = item {
                params.push(pair(attr::VALUE, entry(item)));
            }
            params.push(pair(attr::IF_EMPTY, if_empty.to_string().to_uppercase()));
            params
        }
        Loop::Iterate {
            list,
            element,
            index,
            until,
            max,
            reset_index,
        } => {
            let mut params = vec![
                pair("targetList", entry(list)),
                pair("current", entry(element)),
            ];
            if let Some(index) = index {
                params.push(pair("storeIndex", entry(index)));
            }
            params.push(pair(
                "terminationCondition",
                match until.value {
                    Until::Never => "None".into(),
                    Until::FirstSuccess | Until::FirstFailure => until.to_string(),
                },
            ));
            params.push(pair("maxIteration", limit(max)));
            params.push(pair("resetIndex", reset_index.to_string()));
            params
        }
    }
}
