//! Checks that look beyond one node's syntax: blackboard entries, bindings, names, arity,
//! subtrees; and the suggestions that come with their errors.

use std::collections::HashSet;

use proc_macro2::{TokenStream, TokenTree};
use quote::ToTokens;
use syn::{Ident, LitStr, Type};

use super::{attr, Blackboard, Node, PortBinding, SubTree, Value};
use crate::args::Target;
use crate::ctxt::Ctxt;
use crate::kinds::{self, Arity};
use crate::parse::{Children, NodeSyntax};

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
                format!("unknown blackboard entry `{name}`; declared entries: {known}"),
            );
            false
        }
        None => {
            cx.error_spanned_by(
                name,
                format!(
                    "unknown blackboard entry `{name}`: this tree declares no blackboard; add `blackboard {{ {name}: Type = initial_value }}` before the root node"
                ),
            );
            false
        }
    }
}

/// Explicit names identify nodes (in traces, `NodeInfo::find`), so two nodes cannot share one.
/// Default names (a kind, a leaf type) may repeat.
pub fn unique_names(cx: &Ctxt, nodes: &[Node]) {
    let mut seen: Vec<&LitStr> = Vec::new();
    for lit in nodes.iter().filter_map(|node| node.explicit_name.as_ref()) {
        if seen.iter().any(|earlier| earlier.value() == lit.value()) {
            cx.error_spanned_by(
                lit,
                format!(
                    "two nodes are named \"{}\"; node names must be unique within a tree",
                    lit.value()
                ),
            );
        } else {
            seen.push(lit);
        }
    }
}

pub fn unknown_kind(cx: &Ctxt, kind: &Ident) {
    let written = kind.to_string();
    let suggestion = kinds::all_names()
        .filter(|known| known.eq_ignore_ascii_case(&written) || edit_distance(known, &written) <= 2)
        .min_by_key(|known| edit_distance(known, &written));
    let message = match suggestion {
        Some(known) => format!("unknown node kind `{written}`; did you mean `{known}`?"),
        None => format!(
            "unknown node kind `{written}`; a leaf type is written `Condition({written})`, `Action({written})` or `StatefulAction({written})`, and the built-in kinds are listed in the `bt` docs"
        ),
    };
    cx.error_spanned_by(kind, message);
}

/// Levenshtein distance, for suggestions.
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
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
pub fn child_count(cx: &Ctxt, kind: &Ident, children: Option<&Children>, arity: Arity) -> bool {
    let count = children.map_or(0, |children| children.nodes.len());
    let ok = match arity {
        Arity::None => count == 0,
        Arity::One => count == 1,
        Arity::AtLeastOne => count >= 1,
    };
    if ok {
        return true;
    }
    let message = match arity {
        Arity::None => format!("`{kind}` is a leaf and has no children; remove the `{{ .. }}`"),
        Arity::One if count == 0 => {
            format!("`{kind}` is a decorator and needs exactly one child: `{kind} {{ child }}`")
        }
        Arity::One => format!("`{kind}` is a decorator and takes exactly one child, found {count}; put the children under a `Sequence {{ .. }}` or `Fallback {{ .. }}`"),
        Arity::AtLeastOne => format!("`{kind}` needs at least one child: `{kind} {{ child, .. }}`"),
    };
    match (children, arity) {
        // Point at the first extra child when there are too many, else at the kind.
        (Some(children), Arity::One) if count > 1 => {
            cx.error_spanned_by(&children.nodes[1].kind, message)
        }
        (Some(children), Arity::None) => {
            cx.syn_error(syn::Error::new(children.brace.span.join(), message))
        }
        _ => cx.error_spanned_by(kind, message),
    }
    false
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
    for (index, binding) in bindings.iter().enumerate() {
        let port = &binding.port;
        if bindings[..index]
            .iter()
            .any(|earlier| earlier.port == *port)
        {
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
    for (index, binding) in target.bindings.iter().enumerate() {
        let Value::Entry(entry) = &binding.value else {
            continue;
        };
        let aliased = target.bindings[..index]
            .iter()
            .find(|earlier| matches!(&earlier.value, Value::Entry(other) if other == entry));
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

/// Entries that no node mentions: their name appears nowhere in the nodes' arguments (bindings,
/// closures, scripts) or attributes (conditions). The test is by name, so it never reports an entry
/// that is used; it may miss one mentioned only as another thing's name. Entries marked
/// `#[allow(..)]` are left out: the way to say "only code outside the tree uses this entry".
pub fn unused_entries(blackboard: Option<&Blackboard>, roots: &[NodeSyntax]) -> Vec<Ident> {
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
    fn visit(node: &NodeSyntax, out: &mut HashSet<String>) {
        for attr in &node.attrs {
            idents(attr.to_token_stream(), out);
        }
        idents(node.arg_tokens.clone(), out);
        for child in node.children.iter().flat_map(|children| &children.nodes) {
            visit(child, out);
        }
    }
    let Some(blackboard) = blackboard else {
        return Vec::new();
    };
    let mut used = HashSet::new();
    for root in roots {
        visit(root, &mut used);
    }
    (blackboard.entries.iter())
        .filter(|entry| !attr::allows_unused(entry))
        .filter(|entry| !used.contains(&entry.name.to_string()))
        .map(|entry| entry.name.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::edit_distance;

    #[test]
    fn distances() {
        assert_eq!(edit_distance("Sequence", "Sequence"), 0);
        assert_eq!(edit_distance("Sequence", "Sequnce"), 1);
        assert_eq!(edit_distance("Fallback", "Fallbak"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
    }
}
