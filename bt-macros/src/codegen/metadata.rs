//! Metadata: node ids as the tree reports them (counting the nodes of the subtrees before them),
//! and the `NODES` table.

use proc_macro2::{Ident, Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use super::{leaf, Gen};
use crate::model::{Category, Node, Tree};

/// Node `id`'s id as the tree reports it (to observers, in `NODES`): its pre-order position,
/// counting the nodes of the subtrees before it. A constant expression when subtrees come first
/// (`(7 + <Patrol>::NODE_COUNT)`), else a literal.
pub(super) fn public_id(tree: &Tree, id: usize) -> TokenStream {
    let context = &tree.header.context;
    let before = (tree.subtrees_before(id)).map(|(_, subtree)| {
        let ty = &subtree.ty;
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
    quote! {
        ::bt::__private::NodeInfo {
            name: #name,
            kind: #kind,
            category: ::bt::__private::NodeCategory::#category,
            parent: #parent,
            depth: #depth,
            ports: #ports,
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
        let context = &tree.header.context;
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
