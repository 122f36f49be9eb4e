//! Metadata: node ids as the tree reports them (counting the nodes of the subtrees before them),
//! and the `NODES` table.

use proc_macro2::{Ident, Span, TokenStream};
use quote::{quote, quote_spanned, ToTokens};
use syn::ext::IdentExt;
use syn::spanned::Spanned;

use super::{leaf, Gen};
use crate::model::{Category, Control, Decorator, Kind, Leaf, Limit, Node, Quantity, Tree, Value};
use crate::text;

/// Node `id`'s id as the tree reports it (to observers, in `NODES`): its pre-order position,
/// counting the nodes of the subtrees before it. A constant expression when subtrees come first
/// (`(7 + <Patrol>::NODE_COUNT)`), else a literal.
pub(super) fn public_id(tree: &Tree, id: usize) -> TokenStream {
    let before = (tree.subtrees_before(id)).map(|(_, subtree)| {
        let (ty, context) = (&subtree.ty, super::subtree::child_context(tree, subtree));
        quote_spanned!(ty.span()=> <#ty as ::bt::__private::Subtree<#context>>::__NODE_COUNT)
    });
    let before: Vec<TokenStream> = before.collect();
    if before.is_empty() {
        quote!(#id)
    } else {
        quote!((#id #(+ #before)*))
    }
}

fn node_info(tree: &Tree, node: &Node) -> TokenStream {
    let name = &node.name;
    let kind = node.kind_ident.to_string();
    let category = match node.category() {
        Category::Control => quote!(Control),
        Category::Decorator => quote!(Decorator),
        Category::Condition => quote!(Condition),
        Category::Action => quote!(Action),
        Category::SubTree => quote!(SubTree),
    };
    let parent = match node.parent {
        Some(parent) => {
            let parent = public_id(tree, parent);
            quote!(::core::option::Option::Some(#parent))
        }
        None => quote!(::core::option::Option::None),
    };
    let depth = node.depth;
    let ports = match node.leaf_type() {
        Some(leaf) => leaf::ports_of(&leaf.ty),
        None => quote!(&[]),
    };
    let leaf_type = match node
        .leaf_type()
        .map(|leaf| &leaf.ty)
        .or(node.subtree().map(|sub| &sub.ty))
    {
        Some(ty) => {
            let ty = ty.to_token_stream().to_string().replace(' ', "");
            quote!(::core::option::Option::Some(#ty))
        }
        None => quote!(::core::option::Option::None),
    };
    let params = params(node)
        .into_iter()
        .map(|(name, value)| quote!((#name, #value)));
    quote! {
        ::bt::__private::NodeInfo {
            name: #name,
            kind: #kind,
            category: ::bt::__private::NodeCategory::#category,
            parent: #parent,
            depth: #depth,
            ports: #ports,
            leaf_type: #leaf_type,
            params: &[#(#params),*],
        }
    }
}

/// The tree's `NODES`: a literal table, or, with subtrees, a table built at compile time with
/// each subtree's `NODES` spliced in after its `SubTree` node.
pub(super) fn nodes_table(g: &Gen) -> TokenStream {
    let tree = g.tree;
    let infos = tree.nodes.iter().map(|node| node_info(tree, node));
    if tree.subtrees.is_empty() {
        return quote!(&[#(#infos),*]);
    }
    let ids = tree.nodes.iter().map(|node| public_id(tree, node.id));
    let table = Ident::new("__bt_nodes", Span::mixed_site());
    let len = public_id(tree, tree.nodes.len());
    let splices = tree.subtrees_before(tree.nodes.len()).map(|(id, subtree)| {
        let (ty, at, depth) = (&subtree.ty, public_id(tree, id), tree.nodes[id].depth);
        let context = super::subtree::child_context(tree, subtree);
        let nodes =
            quote_spanned!(ty.span()=> <#ty as ::bt::__private::Subtree<#context>>::__NODES);
        quote!(#table = ::bt::__private::splice(#table, #nodes, #at, #depth);)
    });
    quote!(&{
        let mut #table = [::bt::__private::NO_NODE; #len];
        #(#table[#ids] = #infos;)*
        #(#splices)*
        #table
    })
}

/// The text of a value the XML front end made `::bt::__private::text("..")` (a BehaviorTree.CPP
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
    match (&segments[..], call.args.first(), call.args.len()) {
        ([bt, private, text], Some(syn::Expr::Lit(lit)), 1)
            if bt == "bt" && private == "__private" && text == "text" =>
        {
            match &lit.lit {
                syn::Lit::Str(text) => Some(text.value()),
                _ => None,
            }
        }
        _ => None,
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

/// A node's parameters as BehaviorTree.CPP XML attributes, with their values as source text
/// (`bt_core::NodeInfo::params`).
fn params(node: &Node) -> Vec<(String, String)> {
    // Raw identifiers are written without their `r#`.
    let name = |ident: &Ident| ident.unraw().to_string();
    let entry = |entry: &Ident| format!("{{{}}}", name(entry));
    let value = |value: &Value| match value {
        Value::Entry(name) => entry(name),
        Value::Expr(expr) => xml_text(expr).unwrap_or_else(|| text::source(expr.to_token_stream())),
    };
    let limit = |limit: &Limit| limit.as_ref().map_or("-1".to_owned(), quantity_text);
    let closure_body = |closure: &syn::ExprClosure| text::source(closure.body.to_token_stream());
    let mut params: Vec<(String, String)> = match &node.kind {
        Kind::Control(Control::NodeCanvas(_)) | Kind::Decorator(Decorator::NodeCanvas(_)) => {
            super::nodecanvas::params(node).unwrap_or_default()
        }
        Kind::Decorator(Decorator::Repeat(n)) => vec![("num_cycles".into(), limit(n))],
        Kind::Decorator(Decorator::RetryUntilSuccessful(n)) => {
            vec![("num_attempts".into(), limit(n))]
        }
        Kind::Decorator(Decorator::RunOnce { then_skip }) => {
            vec![("then_skip".into(), then_skip.to_string())]
        }
        Kind::Decorator(
            Decorator::SkipUnlessUpdated(entry_name) | Decorator::WaitValueUpdate(entry_name),
        )
        | Kind::Leaf(Leaf::WasEntryUpdated(entry_name)) => vec![("entry".into(), name(entry_name))],
        Kind::Leaf(Leaf::SetBlackboard {
            entry: target,
            value: v,
        }) => vec![
            ("output_key".into(), name(target)),
            ("value".into(), value(v)),
        ],
        Kind::Leaf(Leaf::UnsetBlackboard { entry }) => vec![("key".into(), name(entry))],
        Kind::Control(Control::Parallel { success, failure }) => vec![
            ("success_count".into(), success.to_string()),
            ("failure_count".into(), failure.to_string()),
        ],
        Kind::Control(Control::ParallelAll { max_failures }) => {
            vec![("max_failures".into(), max_failures.to_string())]
        }
        Kind::Control(Control::TryCatch { catch_on_halt }) => {
            vec![("catch_on_halt".into(), catch_on_halt.to_string())]
        }
        Kind::Control(Control::Switch {
            entry: variable,
            cases,
        }) => {
            let mut params = vec![("variable".to_owned(), entry(variable))];
            for (index, case) in cases.iter().enumerate() {
                params.push((
                    format!("case_{}", index + 1),
                    text::source(case.to_token_stream()),
                ));
            }
            params
        }
        Kind::Decorator(Decorator::Delay(ms)) => vec![("delay_msec".into(), quantity_text(ms))],
        Kind::Decorator(Decorator::MaxTime(ms)) => vec![("maxTime".into(), quantity_text(ms))],
        Kind::Leaf(Leaf::Wait(ms)) => vec![("milliseconds".into(), quantity_text(ms))],
        Kind::Decorator(Decorator::Limiter(max)) => vec![("maxLoop".into(), max.to_string())],
        Kind::Decorator(Decorator::Repeater(n)) => vec![("maxLoop".into(), limit(n))],
        Kind::Leaf(Leaf::Error(value)) => {
            vec![("error".into(), text::source(value.to_token_stream()))]
        }
        Kind::Decorator(Decorator::Timeout(ms)) | Kind::Leaf(Leaf::Sleep(ms)) => {
            vec![("msec".into(), quantity_text(ms))]
        }
        Kind::Decorator(Decorator::Precondition {
            condition,
            otherwise,
        }) => vec![
            ("if".into(), closure_body(condition)),
            ("else".into(), otherwise.to_string().to_uppercase()),
        ],
        Kind::Decorator(Decorator::Loop {
            queue,
            value: item,
            if_empty,
        }) => {
            let mut params = vec![("queue".to_owned(), entry(queue))];
            if let Some(item) = item {
                params.push(("value".into(), entry(item)));
            }
            params.push(("if_empty".into(), if_empty.to_string().to_uppercase()));
            params
        }
        Kind::Leaf(Leaf::Script(closure) | Leaf::ScriptCondition(closure)) => {
            vec![("code".into(), closure_body(closure))]
        }
        Kind::Leaf(Leaf::SubTree(subtree)) => {
            let mut params: Vec<(String, String)> = (subtree.bindings.iter())
                .map(|binding| (name(&binding.port), value(&binding.value)))
                .collect();
            if subtree.autoremap.is_some() {
                params.push(("_autoremap".into(), "true".into()));
            }
            if let Some(agent) = &subtree.agent {
                params.push(("agent".into(), closure_body(agent)));
            }
            params
        }
        _ => match node.leaf_type() {
            Some(leaf) => (leaf.bindings.iter())
                .map(|binding| (name(&binding.port), value(&binding.value)))
                .collect(),
            None => Vec::new(),
        },
    };
    params.extend(super::nodecanvas::utility_param(node));
    let conditions = &node.conditions;
    for (name, closure) in [
        ("_failureIf", &conditions.failure_if),
        ("_successIf", &conditions.success_if),
        ("_skipIf", &conditions.skip_if),
        ("_while", &conditions.run_while),
        ("_onSuccess", &conditions.on_success),
        ("_onFailure", &conditions.on_failure),
        ("_onHalted", &conditions.on_halted),
        ("_post", &conditions.post),
    ] {
        if let Some(closure) = closure {
            params.push((name.into(), closure_body(closure)));
        }
    }
    params
}
