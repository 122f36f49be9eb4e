//! Metadata: node ids as the tree reports them (counting the nodes of the subtrees before them),
//! and the `NODES` table.

use bt_core::export::vocabulary::{attr, CONDITIONS};
use proc_macro2::{Ident, Span, TokenStream};
use quote::{quote, quote_spanned, ToTokens};
use syn::ext::IdentExt;
use syn::spanned::Spanned;

use super::{leaf, Gen};
use crate::model::{
    Category, Conditions, Control, Decorator, Kind, Leaf, Limit, Node, Quantity, Tree, Value,
};
use crate::{kw, text};

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
        Kind::Decorator(Decorator::Repeat(n)) => vec![(attr::NUM_CYCLES.into(), limit(n))],
        Kind::Decorator(Decorator::RetryUntilSuccessful(n)) => {
            vec![(attr::NUM_ATTEMPTS.into(), limit(n))]
        }
        Kind::Decorator(Decorator::RunOnce { then_skip }) => {
            vec![(attr::THEN_SKIP.into(), then_skip.to_string())]
        }
        Kind::Decorator(
            Decorator::SkipUnlessUpdated(entry_name) | Decorator::WaitValueUpdate(entry_name),
        )
        | Kind::Leaf(Leaf::WasEntryUpdated(entry_name)) => {
            vec![(attr::ENTRY.into(), name(entry_name))]
        }
        Kind::Leaf(Leaf::SetBlackboard {
            entry: target,
            value: v,
        }) => vec![
            (attr::OUTPUT_KEY.into(), name(target)),
            (attr::VALUE.into(), value(v)),
        ],
        Kind::Leaf(Leaf::UnsetBlackboard { entry }) => vec![(attr::KEY.into(), name(entry))],
        Kind::Control(Control::Parallel { success, failure }) => vec![
            (attr::SUCCESS_COUNT.into(), success.to_string()),
            (attr::FAILURE_COUNT.into(), failure.to_string()),
        ],
        Kind::Control(Control::ParallelAll { max_failures }) => {
            vec![(attr::MAX_FAILURES.into(), max_failures.to_string())]
        }
        Kind::Control(Control::TryCatch { catch_on_halt }) => {
            vec![(attr::CATCH_ON_HALT.into(), catch_on_halt.to_string())]
        }
        Kind::Control(Control::Switch {
            entry: variable,
            cases,
        }) => {
            let mut params = vec![(attr::VARIABLE.to_owned(), entry(variable))];
            for (index, case) in cases.iter().enumerate() {
                params.push((
                    format!("{}{}", attr::CASE_PREFIX, index + 1),
                    text::source(case.to_token_stream()),
                ));
            }
            params
        }
        Kind::Decorator(Decorator::Delay(ms)) => vec![(attr::DELAY_MSEC.into(), quantity_text(ms))],
        Kind::Decorator(Decorator::MaxTime(ms)) => vec![(attr::MAX_TIME.into(), quantity_text(ms))],
        Kind::Leaf(Leaf::Wait(ms)) => vec![(attr::MILLISECONDS.into(), quantity_text(ms))],
        Kind::Decorator(Decorator::Limiter(max)) => vec![(attr::MAX_LOOP.into(), max.to_string())],
        Kind::Decorator(Decorator::Repeater(n)) => vec![(attr::MAX_LOOP.into(), limit(n))],
        Kind::Leaf(Leaf::Error(value)) => {
            vec![(attr::ERROR.into(), text::source(value.to_token_stream()))]
        }
        Kind::Decorator(Decorator::Timeout(ms)) | Kind::Leaf(Leaf::Sleep(ms)) => {
            vec![(attr::MSEC.into(), quantity_text(ms))]
        }
        Kind::Decorator(Decorator::Precondition {
            condition,
            otherwise,
        }) => vec![
            (attr::IF.into(), closure_body(condition)),
            (attr::ELSE.into(), otherwise.to_string().to_uppercase()),
        ],
        Kind::Decorator(Decorator::Loop {
            queue,
            value: item,
            if_empty,
        }) => {
            let mut params = vec![(attr::QUEUE.to_owned(), entry(queue))];
            if let Some(item) = item {
                params.push((attr::VALUE.into(), entry(item)));
            }
            params.push((attr::IF_EMPTY.into(), if_empty.to_string().to_uppercase()));
            params
        }
        Kind::Leaf(Leaf::Script(closure) | Leaf::ScriptCondition(closure)) => {
            vec![(attr::CODE.into(), closure_body(closure))]
        }
        Kind::Leaf(Leaf::SubTree(subtree)) => {
            let mut params: Vec<(String, String)> = (subtree.bindings.iter())
                .map(|binding| (name(&binding.port), value(&binding.value)))
                .collect();
            if subtree.autoremap.is_some() {
                params.push((attr::AUTOREMAP.into(), "true".into()));
            }
            if let Some(agent) = &subtree.agent {
                params.push((attr::AGENT.into(), closure_body(agent)));
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
    for &(attribute, dsl, _) in CONDITIONS {
        if let Some(closure) = condition(&node.conditions, dsl) {
            params.push((attribute.into(), closure_body(closure)));
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
