//! Checks that look beyond one node's syntax: blackboard entries, bindings, names, arity,
//! subtrees; and the suggestions that come with their errors.

use std::collections::HashSet;

use bt_core::control::{ParallelAllConfig, ParallelConfig, ThresholdError};
use proc_macro2::{Span, TokenStream, TokenTree};
use quote::ToTokens;
use syn::{Ident, Type};

use super::{attr, Blackboard, PortBinding, SubTree, Value};
use crate::args::Target;
use crate::ctxt::Ctxt;
use crate::kinds::{self, Arity, Shape};
use crate::parse::{Case, Children, NodeSyntax};

/// Resolves `{entry}` against the blackboard, reporting unknown entries.
pub fn resolve_entry(cx: &Ctxt, blackboard: Option<&Blackboard>, name: &Ident) -> bool {
    match blackboard {
        Some(blackboard) if blackboard.entry(name).is_some() => true,
        Some(blackboard) => {
            let known: Vec<String> = blackboard
                .entries
                .iter()
                .map(|entry| format!("`{}`", entry.name))
                .collect();
            let known = if known.is_empty() {
                "none".to_owned()
            } else {
                known.join(", ")
            };
            cx.error_spanned_by(
                name,
                format!(
                    "unknown blackboard entry `{name}`; declared entries: {known}{}",
                    constant_hint(name)
                ),
            );
            false
        }
        None => {
            cx.error_spanned_by(
                name,
                format!(
                    "unknown blackboard entry `{name}`: this tree declares no blackboard; add `blackboard {{ {name}: Type = initial_value }}` before the root node{}",
                    constant_hint(name)
                ),
            );
            false
        }
    }
}

pub fn unknown_kind(cx: &Ctxt, kind: &Ident) {
    let written = kind.to_string();
    if let Some((_, instead)) = kinds::UNSUPPORTED.iter().find(|(name, _)| *name == written) {
        cx.error_spanned_by(
            kind,
            format!("`{written}` is not a node kind of this library: {instead}"),
        );
        return;
    }
    let message = match closest(&written, kinds::all_names()) {
        Some(known) => format!("unknown node kind `{written}`; did you mean `{known}`?"),
        None => format!(
            "unknown node kind `{written}`; a leaf type is written `Condition({written})`, `Action({written})` or `StatefulAction({written})`, and the built-in kinds are listed in the `bt` docs"
        ),
    };
    cx.error_spanned_by(kind, message);
}

/// The macro's one suggestion rule ("did you mean"), for every name it does not know: the known
/// name closest to `written` by edit distance, if it is within 2 edits or differs only in case;
/// the first of the closest, in `known`'s order. `written` itself is never suggested.
pub(crate) fn closest<'k>(
    written: &str,
    known: impl IntoIterator<Item = &'k str>,
) -> Option<&'k str> {
    known
        .into_iter()
        .filter(|known| *known != written)
        .filter(|known| known.eq_ignore_ascii_case(written) || edit_distance(known, written) <= 2)
        .min_by_key(|known| edit_distance(known, written))
}

/// Levenshtein distance, for suggestions.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = if ca == *cb {
                diagonal
            } else {
                1 + diagonal.min(above).min(row[j])
            };
            diagonal = above;
        }
    }
    row[b.len()]
}

/// Checks the number of children of a node of `arity`.
/// `shown` is the node as written, with its arguments (`Repeat(2)`), for the usages.
pub fn child_count(
    cx: &Ctxt,
    kind: &Ident,
    shown: &str,
    children: Option<&Children>,
    arity: Arity,
) -> bool {
    let count = children.map_or(0, |children| children.nodes.len());
    if children_fit(arity, count) {
        return true;
    }
    let message = match arity {
        // A node of an XML tree: its element has the children, and no DSL is shown.
        _ if cx.in_xml() => xml_child_count(&kind.to_string(), count, arity),
        Arity::None => format!("`{kind}` is a leaf and has no children; remove the `{{ .. }}`"),
        Arity::One if count == 0 => {
            format!("`{kind}` is a decorator and needs exactly one child: `{shown} {{ child }}`")
        }
        Arity::One => format!("`{kind}` is a decorator and takes exactly one child, found {count}; put the children under a `Sequence {{ .. }}` or `Fallback {{ .. }}`"),
        Arity::AtLeastOne => format!("`{kind}` needs at least one child: `{shown} {{ child, .. }}`"),
        Arity::TwoOrThree => format!("`{kind}` takes a condition and one or two branches, found {}: `{kind} {{ condition, then, otherwise }}`", count_children(count)),
        Arity::AtLeastTwo => format!("`{kind}` takes the children of its try block and, last, its catch child, found {}: `{kind} {{ try_child, .., catch_child }}`", count_children(count)),
        Arity::Cases | Arity::ByType => unreachable!("checked elsewhere"),
        Arity::Two => format!("`{kind}` takes exactly two children, the one for a true condition and the one for a false condition, found {count}: `{kind}(|bb| condition) {{ then, otherwise }}`"),
    };
    match (children, arity) {
        // Point at the first extra child when there are too many, else at the kind.
        (Some(children), Arity::One) if count > 1 => {
            cx.error_spanned_by(&children.nodes[1].kind, message)
        }
        (Some(children), Arity::TwoOrThree) if count > 3 => {
            cx.error_spanned_by(&children.nodes[3].kind, message)
        }
        (Some(children), Arity::Two) if count > 2 => {
            cx.error_spanned_by(&children.nodes[2].kind, message)
        }
        (Some(children), Arity::None) => {
            cx.syn_error(syn::Error::new(children.brace.span.join(), message))
        }
        _ => cx.error_spanned_by(kind, message),
    }
    false
}

/// Whether `count` children fit `arity`: the rule of [`child_count`], which the XML front end
/// applies to an element's children too (`crate::xml`), so that its errors come with the others
/// of the XML.
pub fn children_fit(arity: Arity, count: usize) -> bool {
    match arity {
        Arity::None => count == 0,
        Arity::One => count == 1,
        Arity::AtLeastOne => count >= 1,
        Arity::TwoOrThree => (2..=3).contains(&count),
        Arity::AtLeastTwo => count >= 2,
        // Checked with the labels (`cases`); or by the type, where rustc reads its bounds.
        Arity::Cases | Arity::ByType => true,
        Arity::Two => count == 2,
    }
}

/// [`child_count`]'s message for a node of an XML tree, in the XML's words: `kind` is its
/// element's name. The XML front end reports it for a built-in node, the model for a node of the
/// user's (`Decorator(Type)`).
pub fn xml_child_count(kind: &str, count: usize, arity: Arity) -> String {
    match arity {
        Arity::None => format!("`{kind}` is a leaf and has no children, found {count}"),
        Arity::One if count > 1 => format!("`{kind}` is a decorator and takes exactly one child, found {count}; put the children under a `<Sequence>` or `<Fallback>`"),
        Arity::One => format!("`{kind}` is a decorator and takes exactly one child, found {count}"),
        Arity::AtLeastOne => format!("`{kind}` needs at least one child"),
        Arity::TwoOrThree => format!(
            "`{kind}` takes a condition and one or two branches, found {}",
            count_children(count)
        ),
        Arity::AtLeastTwo => format!(
            "`{kind}` takes the children of its try block and, last, its catch child, found {}",
            count_children(count)
        ),
        Arity::Two => format!("`{kind}` takes exactly two children, found {count}"),
        // Not reached: `children_fit` accepts any count for these.
        Arity::Cases | Arity::ByType => format!("`{kind}` cannot have {}", count_children(count)),
    }
}

/// The case labels of a `Switch`'s children: a value before each child but the last, `_` before
/// the last. Takes the values out of the children.
pub fn cases(cx: &Ctxt, kind: &Ident, children: Option<&mut Children>) -> Option<Vec<syn::Expr>> {
    let usage = format!("`{kind}(entry) {{ case value => child, .., _ => default }}`");
    let Some(children) = children.filter(|children| children.nodes.len() >= 2) else {
        cx.error_spanned_by(
            kind,
            format!("`{kind}` needs at least one case and a default: {usage}"),
        );
        return None;
    };
    let last = children.nodes.len() - 1;
    let mut values = Vec::new();
    let mut ok = true;
    let mut misplaced_default = false;
    for (index, child) in children.nodes.iter_mut().enumerate() {
        match (child.case.take(), index == last) {
            (Some(Case::Value(value, _)), false) => values.push(*value),
            (Some(Case::Default(_)), true) => {}
            (Some(Case::Default(span)), false) => {
                cx.syn_error(syn::Error::new(
                    span,
                    format!("the default `_ =>` comes last: {usage}"),
                ));
                misplaced_default = true;
                ok = false;
            }
            // Reported once, at the misplaced `_`.
            (Some(Case::Value(_, _)), true) if misplaced_default => ok = false,
            (Some(Case::Value(value, _)), true) => {
                cx.error_spanned_by(&value, format!("the last child of `{kind}` is the default: write `_ => child` after the cases: {usage}"));
                ok = false;
            }
            (None, _) => {
                cx.error_spanned_by(&child.kind, format!("each child of `{kind}` needs a label: `case value =>`, or `_ =>` for the default: {usage}"));
                ok = false;
            }
        }
    }
    ok.then_some(values)
}

/// For a name written like a constant (`{LIMIT}`): braces name an entry, a constant goes bare.
fn constant_hint(name: &Ident) -> String {
    let text = name.to_string();
    let constant = text.chars().any(|c| c.is_ascii_uppercase())
        && !text.chars().any(|c| c.is_ascii_lowercase());
    if constant {
        format!("; if `{name}` is a constant, write it without braces: `= {name}`")
    } else {
        String::new()
    }
}

/// `Parallel`'s thresholds against its child count, by bt-core's own rule
/// (`bt_core::control::ParallelConfig::resolve`): each must resolve to 1 ..= the child count. An
/// error points at the threshold at fault and says the valid range for these children.
/// BehaviorTree.CPP 4.8.2 rejects a threshold above the count when it builds the tree, and accepts
/// one that resolves to 0, which decides without waiting for any child (`success_count="0"`
/// succeeds at once, even when every child fails): a compile error here.
pub fn parallel(
    cx: &Ctxt,
    kind: &Ident,
    children: usize,
    (success, at_success): (i64, Span),
    (failure, at_failure): (i64, Span),
) -> Option<()> {
    if children == 0 {
        // Reported by the arity check.
        return None;
    }
    let (Ok(success32), Ok(failure32)) = (i32::try_from(success), i32::try_from(failure)) else {
        cx.error_spanned_by(
            kind,
            format!("`{kind}`'s thresholds are counts of children"),
        );
        return None;
    };
    match ParallelConfig::resolve(children, success32, failure32) {
        Ok(config) if config.success() == 0 => threshold_is_zero(
            cx,
            kind,
            children,
            ("success", success, at_success),
            "succeed before any child succeeds",
        ),
        Ok(config) if config.failure() == 0 => threshold_is_zero(
            cx,
            kind,
            children,
            ("failure", failure, at_failure),
            "fail before any child fails",
        ),
        Ok(_) => Some(()),
        Err(error) => {
            let (at, name, value, what) = match error {
                ThresholdError::FailureAboveChildren => (at_failure, "failure", failure, "fail"),
                _ => (at_success, "success", success, "succeed"),
            };
            let (place, shown) = cx.param(name, value);
            cx.syn_error(syn::Error::new(
                at,
                format!(
                    "{place}`{kind}` has {} but {shown} asks for more, so it could never {what}; {}",
                    count_children(children),
                    valid_thresholds(children)
                ),
            ));
            None
        }
    }
}

/// The error for a threshold that resolves to 0.
fn threshold_is_zero(
    cx: &Ctxt,
    kind: &Ident,
    children: usize,
    (name, value, at): (&str, i64, Span),
    what: &str,
) -> Option<()> {
    let resolves = if value == 0 {
        ",".to_owned()
    } else {
        " counts back past the first child to 0,".to_owned()
    };
    let (place, shown) = cx.param(name, value);
    cx.syn_error(syn::Error::new(
        at,
        format!(
            "{place}`{kind}` has {}: {shown}{resolves} so it would {what}; {}",
            count_children(children),
            valid_thresholds(children)
        ),
    ));
    None
}

/// The thresholds that `children` children accept.
fn valid_thresholds(children: usize) -> String {
    if children == 1 {
        "give 1 (or -1, all of them)".to_owned()
    } else {
        format!(
            "give 1 to {children}, or -1 to -{children} counting from the end (-1 is all of them)"
        )
    }
}

/// "1 child", "3 children".
pub fn count_children(count: usize) -> String {
    if count == 1 {
        "1 child".to_owned()
    } else {
        format!("{count} children")
    }
}

/// `ParallelAll`'s `max_failures` against its child count (`bt_core`'s rule): it must resolve to
/// 1 ..= the child count (0 fails whatever the children answer).
pub fn parallel_all(
    cx: &Ctxt,
    kind: &Ident,
    children: usize,
    (max, at): (i64, Span),
) -> Option<()> {
    if children == 0 {
        return None;
    }
    let Ok(max32) = i32::try_from(max) else {
        cx.syn_error(syn::Error::new(at, "`max_failures` is a count of children"));
        return None;
    };
    match ParallelAllConfig::resolve(children, max32) {
        Ok(config) if config.max_failures() == 0 => threshold_is_zero(
            cx,
            kind,
            children,
            ("max_failures", max, at),
            "fail whatever its children answer",
        ),
        Ok(_) => Some(()),
        Err(_) => {
            let (place, shown) = cx.param("max_failures", max);
            cx.syn_error(syn::Error::new(
                at,
                format!(
                    "{place}`{kind}` has {} but {shown} asks for more, so it could never fail; {}",
                    count_children(children),
                    valid_thresholds(children)
                ),
            ));
            None
        }
    }
}

/// Case labels outside a `Switch`.
pub fn no_cases(cx: &Ctxt, children: Option<&Children>) {
    for child in children.iter().flat_map(|children| &children.nodes) {
        if let Some(case) = &child.case {
            cx.syn_error(syn::Error::new(
                case.span(),
                "`case ... =>` and `_ =>` label the children of a `Switch` only; remove the label",
            ));
        }
    }
}

/// The `(entry)` of the update nodes: a declared, `#[tracked]` entry.
pub fn tracked_entry(
    cx: &Ctxt,
    kind: &Ident,
    blackboard: Option<&Blackboard>,
    entry: Ident,
) -> Option<Ident> {
    if !resolve_entry(cx, blackboard, &entry) {
        return None;
    }
    if !blackboard.is_some_and(|bb| bb.is_tracked(&entry)) {
        cx.error_spanned_by(
            &entry,
            format!(
                "`{kind}` needs an entry that counts its updates: declare it `#[tracked] {entry}: Type` in the blackboard"
            ),
        );
        return None;
    }
    Some(entry)
}

/// Checks a leaf's port bindings or a subtree's entry bindings (`noun`): each bound once, each
/// `{entry}` declared.
pub fn bindings(
    cx: &Ctxt,
    bindings: &[PortBinding],
    noun: &str,
    blackboard: Option<&Blackboard>,
) -> bool {
    let mut ok = true;
    // A set, not a look at the earlier bindings: a leaf may have hundreds (from XML).
    let mut seen = std::collections::HashSet::new();
    for binding in bindings {
        let port = &binding.port;
        if !seen.insert(port.to_string()) {
            cx.error_spanned_by(
                port,
                format!("{noun} `{port}` is bound twice; bind each {noun} once"),
            );
            ok = false;
        }
        if let Value::Entry(entry) = &binding.value {
            ok &= resolve_entry(cx, blackboard, entry);
        }
    }
    ok
}

/// A `SubTree` node's arguments: `..` alone or explicit bindings, each parent entry remapped
/// once.
pub fn subtree(cx: &Ctxt, target: Target, blackboard: Option<&Blackboard>) -> Option<SubTree> {
    let mut ok = true;
    if let (Some(_), Some(first)) = (target.rest, target.bindings.first()) {
        cx.error_spanned_by(
            &first.port,
            "`..` already shares every entry of the subtree with the parent's entry of the same name; remove this binding, or remove `..` and remap each entry",
        );
        ok = false;
    }
    ok &= bindings(cx, &target.bindings, "subtree entry", blackboard);
    // The first binding of each parent entry, by name.
    let mut first = std::collections::HashMap::new();
    for binding in &target.bindings {
        let Value::Entry(entry) = &binding.value else {
            continue;
        };
        let aliased = match first.entry(entry.to_string()) {
            std::collections::hash_map::Entry::Occupied(earlier) => Some(*earlier.get()),
            std::collections::hash_map::Entry::Vacant(vacant) => {
                vacant.insert(binding);
                None
            }
        };
        let known = blackboard.is_some_and(|bb| bb.entry(entry).is_some());
        if let (true, Some(aliased)) = (known, aliased) {
            cx.error_spanned_by(
                entry,
                format!(
                    "entry `{entry}` is already remapped to subtree entry `{}`; a parent entry can be one subtree entry only (copy it with `SetBlackboard` first if the subtree needs it twice)",
                    aliased.port
                ),
            );
            ok = false;
        }
    }
    ok.then_some(SubTree {
        ty: target.ty,
        init: target.init,
        bindings: target.bindings,
        autoremap: target.rest,
        agent: None,
    })
}

/// `SubTree(Name)` inside `tree Name`: a tree cannot be a node of itself (its struct would
/// contain itself). A cycle through other trees is left to rustc, whose "recursive type has
/// infinite size" error points at the `SubTree` argument.
pub fn contains_itself(cx: &Ctxt, tree: &Ident, subtree: &SubTree) -> bool {
    let is_self = match &*subtree.ty {
        Type::Path(path) if path.qself.is_none() => {
            path.path.is_ident(tree) || path.path.is_ident("Self")
        }
        _ => false,
    };
    if is_self {
        cx.error_spanned_by(
            &subtree.ty,
            format!(
                "tree `{tree}` cannot contain itself as a subtree: its struct would contain itself; use another tree, or repeat this part of the tree with a loop decorator such as `Repeat` or `RetryUntilSuccessful`"
            ),
        );
    }
    is_self
}

/// What the nodes of a tree say about its blackboard entries, for [`unused_entries`].
#[derive(Default)]
pub struct Mentions {
    /// Every identifier in the nodes' arguments and attributes.
    names: HashSet<String>,
    /// A closure hands its blackboard parameter to other code (`helper(bb)`, `bb.method()`,
    /// `let b = bb;`), which may read any entry: then no entry is reported unused.
    escaped: bool,
}

/// Records what node `node` says about the blackboard in its arguments (bindings, closures,
/// scripts) and attributes (conditions), for [`unused_entries`].
pub fn mention(node: &NodeSyntax, out: &mut Mentions) {
    fn idents(tokens: TokenStream, out: &mut HashSet<String>) {
        for token in tokens {
            match token {
                TokenTree::Ident(ident) => {
                    out.insert(ident.to_string());
                }
                TokenTree::Group(group) => idents(group.stream(), out),
                _ => {}
            }
        }
    }
    for attr in &node.attrs {
        idents(attr.to_token_stream(), &mut out.names);
        if let syn::Meta::List(list) = &attr.meta {
            out.escaped = out.escaped || escapes(list.tokens.clone(), false);
        }
    }
    idents(node.arg_tokens.clone(), &mut out.names);
    if out.escaped {
        return; // (nothing is reported unused: no need to parse the arguments)
    }
    // An inline leaf's closure takes the context first (and only, with one parameter).
    let leaf = kinds::lookup(&node.kind.to_string())
        .is_some_and(|spec| matches!(spec.shape, Shape::Leaf(leaf) if leaf.is_users()));
    out.escaped = escapes(node.arg_tokens.clone(), leaf);
}

/// Whether a closure among the comma-separated `arguments` passes a parameter that may be the
/// blackboard to other code. Only closures written as an argument (`|bb| ..`, `name = |bb| ..`)
/// take the blackboard; a closure nested in one can reach it only through the outer parameter.
/// With `context_first`, a closure's first parameter is the context, not the blackboard.
/// Arguments that do not parse as expressions count as escaping (no warning is better than a
/// wrong one).
fn escapes(arguments: TokenStream, context_first: bool) -> bool {
    use syn::parse::Parser;
    let parser = syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated;
    let Ok(arguments) = parser.parse2(arguments) else {
        return true;
    };
    arguments.iter().any(|argument| {
        let closure = match argument {
            syn::Expr::Closure(closure) => closure,
            syn::Expr::Assign(assign) => match &*assign.right {
                syn::Expr::Closure(closure) => closure,
                _ => return false,
            },
            _ => return false,
        };
        let skip = usize::from(context_first);
        closure.inputs.iter().skip(skip).any(|input| match input {
            syn::Pat::Ident(param) => param_escapes(&param.ident, closure.body.to_token_stream()),
            syn::Pat::Type(typed) => match &*typed.pat {
                syn::Pat::Ident(param) => {
                    param_escapes(&param.ident, closure.body.to_token_stream())
                }
                _ => false,
            },
            // `_` reads nothing; a destructuring pattern names the entries it reads.
            _ => false,
        })
    })
}

/// Whether `param` appears in `body` other than as `param.entry` (a field read or write): a
/// method call on it, or the parameter itself passed or bound elsewhere.
fn param_escapes(param: &Ident, body: TokenStream) -> bool {
    let tokens: Vec<TokenTree> = body.into_iter().collect();
    tokens.iter().enumerate().any(|(i, token)| match token {
        TokenTree::Group(group) => param_escapes(param, group.stream()),
        TokenTree::Ident(ident) if ident == param => {
            let after_dot =
                i > 0 && matches!(&tokens[i - 1], TokenTree::Punct(p) if p.as_char() == '.');
            if after_dot {
                return false; // `other.bb`: a field of something else
            }
            let dot = matches!(tokens.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == '.');
            let field = matches!(tokens.get(i + 2), Some(TokenTree::Ident(_)));
            let call = match tokens.get(i + 3) {
                Some(TokenTree::Group(group)) => {
                    group.delimiter() == proc_macro2::Delimiter::Parenthesis
                }
                Some(TokenTree::Punct(p)) => p.as_char() == ':',
                _ => false,
            };
            !(dot && field && !call)
        }
        _ => false,
    })
}

/// Entries that no node mentions: their name appears nowhere in the nodes' arguments or
/// attributes ([`mention`]), and no closure passes its blackboard to other code. The test never
/// reports an entry that a node uses (a closure can reach the blackboard only through its
/// parameter, and a parameter used other than as `bb.entry` turns the report off); it may miss
/// an entry whose name is mentioned as another thing's name. Entries marked `#[allow(..)]` are
/// left out: the way to say "only code outside the tree uses this entry".
pub fn unused_entries(blackboard: Option<&Blackboard>, mentioned: &Mentions) -> Vec<Ident> {
    let Some(blackboard) = blackboard else {
        return Vec::new();
    };
    if mentioned.escaped {
        return Vec::new();
    }
    (blackboard.entries.iter())
        .filter(|entry| !attr::allows_unused(entry))
        .filter(|entry| !mentioned.names.contains(&entry.name.to_string()))
        .map(|entry| entry.name.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{closest, edit_distance, escapes};
    use quote::quote;

    #[test]
    fn a_blackboard_read_through_its_fields_stays_in_view() {
        assert!(!escapes(quote!(|bb| bb.speed > 1.0 && bb.ready), false));
        assert!(!escapes(
            quote!(|bb| {
                bb.count += 1;
                helper(&bb.pos)
            }),
            false
        ));
        assert!(!escapes(
            quote!(|bb| bb.items.iter().any(|item| item.ready())),
            false
        ));
        assert!(!escapes(
            quote!(value = { item }, if_empty = Failure),
            false
        ));
        assert!(!escapes(quote!(|_| true), false));
        assert!(!escapes(quote!(|bb: &Board| bb.speed), false));
        // An inline leaf's context may do anything; its blackboard is the second parameter.
        assert!(!escapes(quote!(|world| world.is_ready()), true));
        assert!(!escapes(quote!(|world, bb| world.go(bb.target)), true));
    }

    #[test]
    fn a_blackboard_handed_to_other_code_escapes() {
        assert!(escapes(quote!(|bb| helper(bb)), false));
        assert!(escapes(quote!(|bb| bb.total()), false));
        assert!(escapes(quote!(|bb| bb.get::<u32>()), false));
        assert!(escapes(
            quote!(|bb| {
                let board = bb;
                board.speed
            }),
            false
        ));
        assert!(escapes(quote!(abort = both, |bb| check(&*bb)), false));
        assert!(escapes(quote!(|world, bb| world.plan(bb)), true));
        assert!(escapes(quote!(|world| world.is_ready()), false));
        // Arguments that are not expressions: no warning rather than a wrong one.
        assert!(escapes(quote!(case 1 =>), false));
    }

    #[test]
    fn distances() {
        assert_eq!(edit_distance("Sequence", "Sequence"), 0);
        assert_eq!(edit_distance("Sequence", "Sequnce"), 1);
        assert_eq!(edit_distance("Fallback", "Fallbak"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
    }

    /// The one suggestion rule: within 2 edits or only the case differs, the first closest, never
    /// the name itself.
    #[test]
    fn suggestions() {
        let known = ["Sequence", "Fallback", "SEQUENCE_LONG", "Seq"];
        assert_eq!(closest("Sequnce", known), Some("Sequence"));
        assert_eq!(closest("sequence_long", known), Some("SEQUENCE_LONG"));
        assert_eq!(closest("Parallel", known), None);
        assert_eq!(closest("Seq", known), None);
        assert_eq!(closest("Seqq", ["Seqa", "Seqb"]), Some("Seqa"));
    }
}
