//! Emission: each translated tree as the DSL (a header, and its body's tokens), handed to the
//! stages every tree goes through (`crate::pipeline`); after an error, the error and a stub of the
//! tree type.
//!
//! The hand-over is tokens, not a parsed `crate::parse::Body`, because tokens are what the DSL's
//! syntax holds below the root: a node keeps its children as their braced group and the model
//! parses one level at a time (`crate::parse::Children`), so that no stage recurses per level.
//! The header is built here, not parsed again.

use proc_macro2::{Delimiter, Group, Ident, Literal, TokenStream, TokenTree};
use quote::{quote, quote_spanned, ToTokens};
use syn::LitStr;

use super::entries::{is_tracked_attr, respan, rust_ident, TreeEntries};
use super::ir::{Arg, KindIr, NodeIr, Script, Target, Tr, Value};
use super::script;
use crate::codegen;
use crate::model::Tree;
use crate::parse::{BlackboardSyntax, EntrySyntax, Header};
use crate::pipeline;

/// One tree of the document in the DSL: the header made for it, and its body's tokens
/// (`blackboard { .. } Root { .. }`).
pub(super) struct DslTree {
    pub(super) header: Header,
    pub(super) body: TokenStream,
}

/// Every tree of a finished translation, in the DSL.
pub(super) fn trees(tr: &Tr) -> Vec<DslTree> {
    (0..tr.trees.len())
        .map(|index| tr.emit_tree(index))
        .collect()
}

/// Every translated tree through the DSL's stages.
pub(super) fn hand_over(trees: Vec<DslTree>) -> TokenStream {
    (trees.into_iter())
        .map(|tree| pipeline::tree(tree.header, tree.body))
        .collect()
}

/// The error, then a stub of the tree with the entries the invocation declares (`blackboard {
/// attempts: u32 }`), as a DSL tree's stub keeps its blackboard: code that reads them
/// (`tree.blackboard().attempts`) sees no follow-on errors. Entries known only from the XML have
/// no type until it translates, so the stub lacks them.
pub(super) fn with_stub(
    error: syn::Error,
    header: Header,
    entries: Vec<EntrySyntax>,
) -> TokenStream {
    let mut out = error.to_compile_error();
    if entries.is_empty() {
        out.extend(codegen::stub(&header, None));
    } else {
        let tree = Tree::without_nodes(header, BlackboardSyntax { entries });
        out.extend(codegen::stub(&tree.header, Some(&tree)));
    }
    out
}

impl Tr<'_> {
    /// Tree `index`: the invocation's header for the main tree (index 0), a header of the same
    /// visibility and context, documented, for a subtree.
    fn emit_tree(&self, index: usize) -> DslTree {
        let tree = &self.trees[index];
        let user = self.header;
        let attrs = if index == 0 {
            user.attrs.clone()
        } else {
            let doc = format!(
                " The BehaviorTree.CPP tree `{}` of `{}`, a subtree of [`{}`].",
                tree.id, self.files[0].display, user.name
            );
            vec![syn::parse_quote_spanned!(self.span=> #[doc = #doc])]
        };
        let header = Header {
            attrs,
            vis: user.vis.clone(),
            name: tree.ident.clone(),
            context: user.context.clone(),
            context_lifetimes: user.context_lifetimes.clone(),
            // The invocation's `error E` and `rng = context` are read and not passed on, as
            // before the XML made its own headers: kept, so that this front end's structure
            // changes no behaviour.
            error: None,
            rng_context: None,
            body_span: self.span,
        };
        let blackboard = self.emit_blackboard(index);
        let root = tree.root.as_ref().map(|root| self.emit_node(index, root));
        DslTree {
            header,
            body: quote!(#blackboard #root),
        }
    }

    fn emit_blackboard(&self, tree: usize) -> TokenStream {
        let mut entries = Vec::new();
        for (index, info) in self.entries.infos.iter().enumerate() {
            if info.tree != tree {
                continue;
            }
            let Some(ident) = rust_ident(&info.name, self.span) else {
                continue;
            };
            let declared = self.declared(&info.name);
            let ty = self.types[index].clone().unwrap_or_default();
            let tracked = self.tracked[index].then(|| quote_spanned!(self.span=> #[tracked]));
            let attrs = declared.map(|entry| {
                let attrs = entry.attrs.iter().filter(|attr| !is_tracked_attr(attr));
                quote!(#(#attrs)*)
            });
            // An entry only there to be remapped, that no node of this tree uses.
            let allow = (!info.used && declared.is_none())
                .then(|| quote_spanned!(self.span=> #[allow(unused)]));
            let ident = match declared {
                Some(entry) => entry.name.clone(),
                None => ident,
            };
            let init = declared
                .and_then(|entry| entry.init.as_ref())
                .map(|init| quote!(= #init));
            entries.push(quote!(#attrs #allow #tracked #ident: #ty #init));
        }
        if tree == 0 {
            // Declared entries no tree uses: in the main tree, where the pipeline warns about
            // them (unless `#[allow(unused)]`).
            for entry in &self.input.blackboard {
                let name = syn::ext::IdentExt::unraw(&entry.name).to_string();
                if self.entries.infos.iter().any(|info| info.name == name) {
                    continue;
                }
                entries.push(entry_tokens(entry));
            }
        }
        if entries.is_empty() {
            return TokenStream::new();
        }
        let keyword = Ident::new(crate::kw::BLACKBOARD, self.span);
        quote!(#keyword { #(#entries),* })
    }

    fn emit_node(&self, tree: usize, node: &NodeIr) -> TokenStream {
        let span = self.span;
        let mut attrs = TokenStream::new();
        if let Some(name) = &node.name {
            let lit = LitStr::new(name, span);
            attrs.extend(quote_spanned!(span=> #[name = #lit]));
        }
        for (dsl, script) in &node.conditions {
            let attr = Ident::new(dsl, span);
            let closure = self.emit_script(tree, script);
            attrs.extend(quote_spanned!(span=> #[#attr(#closure)]));
        }
        let children: Vec<TokenStream> = (node.children.iter())
            .map(|child| self.emit_node(tree, child))
            .collect();
        let children = (!children.is_empty()).then(|| quote!({ #(#children),* }));
        let kind = self.emit_kind(tree, &node.kind);
        quote!(#attrs #kind #children)
    }

    /// A node's kind and arguments.
    fn emit_kind(&self, tree: usize, kind: &KindIr) -> TokenStream {
        let span = self.span;
        match kind {
            KindIr::BuiltIn { row, args } => {
                let kind = Ident::new(row.dsl, span);
                if row.args.is_empty() {
                    return quote!(#kind);
                }
                let args = self.render(tree, row.args, args);
                let mut group = TokenTree::Group(Group::new(Delimiter::Parenthesis, args));
                group.set_span(span);
                quote!(#kind #group)
            }
            KindIr::Leaf { mapping, ports } => {
                let mapping = &self.input.nodes[*mapping];
                let kind = &mapping.kind;
                let args = self.bindings(mapping.args.clone(), ports);
                quote!(#kind(#args))
            }
            KindIr::SubTree {
                target,
                remaps,
                autoremap,
            } => {
                let tree_type = match target {
                    Target::Generated(child) => self.trees[*child].ident.to_token_stream(),
                    Target::Mapped(mapping) => self.input.nodes[*mapping].args.clone(),
                };
                let mut args = self.bindings(tree_type, remaps);
                if *autoremap {
                    args.extend(self.comma_if_needed(&args));
                    args.extend(quote_spanned!(span=> ..));
                }
                let kind = Ident::new("SubTree", span);
                quote!(#kind(#args))
            }
            KindIr::Invalid => TokenStream::new(),
        }
    }

    /// `args` followed by `port = value` for each binding.
    fn bindings(&self, mut args: TokenStream, bindings: &[(String, Value)]) -> TokenStream {
        for (port, value) in bindings {
            args.extend(self.comma_if_needed(&args));
            let port = rust_ident(port, self.span);
            let value = self.emit_value(value);
            args.extend(quote_spanned!(self.span=> #port = #value));
        }
        args
    }

    fn comma_if_needed(&self, args: &TokenStream) -> Option<TokenStream> {
        let last = args.clone().into_iter().last();
        match last {
            None => None,
            Some(TokenTree::Punct(punct)) if punct.as_char() == ',' => None,
            Some(_) => Some(quote_spanned!(self.span=> ,)),
        }
    }

    /// `{entry}`, a Rust constant, or text converted by the target's `From<&str>`.
    fn emit_value(&self, value: &Value) -> TokenStream {
        let span = self.span;
        match value {
            Value::Entry(key) => {
                let key = rust_ident(key, span);
                quote_spanned!(span=> { #key })
            }
            Value::Literal(text) if is_rust_constant(text) => match text.trim().parse() {
                Ok(tokens) => respan(tokens, span),
                Err(_) => TokenStream::new(),
            },
            Value::Literal(text) => {
                let mut lit = TokenTree::Literal(Literal::string(text));
                lit.set_span(span);
                quote_spanned!(span=> ::bt::__private::text(#lit))
            }
        }
    }

    fn emit_script(&self, tree: usize, script: &Script) -> TokenStream {
        let entries = TreeEntries { tr: self, tree };
        let emit = script::Emit {
            entries: &entries,
            span: self.span,
        };
        match script {
            Script::Test(expr) => emit.condition(expr),
            Script::Act(statements) => emit.statements(statements),
        }
    }

    /// A row's argument template with each `$attribute` replaced by its translation.
    fn render(&self, tree: usize, template: &str, args: &[(&'static str, Arg)]) -> TokenStream {
        let mut text = String::new();
        let mut rest = template;
        while let Some(at) = rest.find('$') {
            text.push_str(&rest[..at]);
            let after = &rest[at + 1..];
            let end = after
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(after.len());
            let name = &after[..end];
            if let Some((_, arg)) = args.iter().find(|(attribute, _)| *attribute == name) {
                let tokens = match arg {
                    Arg::Text(text) => text.clone(),
                    Arg::Value(value) => self.emit_value(value).to_string(),
                    Arg::Script(script) => self.emit_script(tree, script).to_string(),
                };
                text.push(' ');
                text.push_str(&tokens);
                text.push(' ');
            }
            rest = &after[end..];
        }
        text.push_str(rest);
        match text.parse::<TokenStream>() {
            Ok(tokens) => respan(tokens, self.span),
            Err(_) => TokenStream::new(),
        }
    }
}

/// Whether literal text is a Rust constant: a number, `true`/`false`, a char, a `Path::CONST`,
/// or a tuple or array of those. Other text is a string for the target's `From<&str>`.
pub(super) fn is_rust_constant(text: &str) -> bool {
    fn constant(expr: &syn::Expr) -> bool {
        match expr {
            syn::Expr::Lit(lit) => matches!(
                lit.lit,
                syn::Lit::Int(_) | syn::Lit::Float(_) | syn::Lit::Bool(_) | syn::Lit::Char(_)
            ),
            syn::Expr::Unary(unary) => {
                matches!(unary.op, syn::UnOp::Neg(_))
                    && matches!(&*unary.expr, syn::Expr::Lit(lit) if matches!(lit.lit, syn::Lit::Int(_) | syn::Lit::Float(_)))
            }
            syn::Expr::Tuple(tuple) => tuple.elems.iter().all(constant),
            syn::Expr::Array(array) => array.elems.iter().all(constant),
            syn::Expr::Paren(paren) => constant(&paren.expr),
            syn::Expr::Path(path) => {
                path.qself.is_none()
                    && path.path.segments.len() >= 2
                    && path.path.segments.iter().all(|s| s.arguments.is_none())
            }
            _ => false,
        }
    }
    // A string literal's contents stay text; so does anything that is not one expression.
    !text.trim().is_empty() && syn::parse_str::<syn::Expr>(text).is_ok_and(|expr| constant(&expr))
}

/// A declared entry as written.
fn entry_tokens(entry: &EntrySyntax) -> TokenStream {
    let (attrs, name, ty) = (&entry.attrs, &entry.name, &entry.ty);
    let init = entry.init.as_ref().map(|init| quote!(= #init));
    quote!(#(#attrs)* #name: #ty #init)
}
