//! Emission: each translated tree as the syntax of a tree (a header, and its body: blackboard
//! entries and nodes), built here and handed to the stages every tree goes through
//! (`crate::pipeline::syntax`); after an error, the error and a stub of the tree type.
//!
//! Each node is built as the model reads it (`crate::parse::NodeSyntax`): its kind, its
//! arguments, its attributes, its XML origin and its children, already built, so nothing is
//! written as the DSL's text and read again. The model still takes one level at a time.

use proc_macro2::{Ident, Literal, Span, TokenStream, TokenTree};
use quote::{quote, quote_spanned, ToTokens};
use syn::LitStr;

use super::entries::{is_tracked_attr, rust_ident, TreeEntries};
use super::ir::{Arg, KindIr, Mapped, NodeIr, Score, Script, Target, Tr, Value};
use super::script;
use super::table::Row;
use crate::args::{
    self, Args, Grammar, LeafArgs, ParamKind, ParamValue, PortBinding, Quantity, Value as ArgValue,
};
use crate::codegen;
use crate::kinds;
use crate::model::Tree;
use crate::parse::{
    BlackboardSyntax, Body, Case, ChildNodes, EntrySyntax, Header, NodeSyntax, XmlOrigin,
};
use crate::pipeline;
use crate::tokens::respan;

/// One tree of the document as syntax: the header made for it, and its body.
pub(super) struct DslTree {
    pub(super) header: Header,
    pub(super) body: Body,
}

/// Every tree of a finished translation, as syntax, and the located conversions of the XML's
/// values that they use ([`Tr::located`]); or the failures of the emission itself
/// ([`Tr::internal`]).
pub(super) fn trees(tr: &Tr) -> syn::Result<(Vec<DslTree>, TokenStream)> {
    let trees = (0..tr.trees.len())
        .map(|index| tr.emit_tree(index))
        .collect();
    crate::ctxt::combine(tr.internal.take())?;
    Ok((trees, tr.checks.take().into_iter().collect()))
}

/// Every translated tree through the stages after the front ends, after the located conversions
/// of its values.
pub(super) fn hand_over((trees, checks): (Vec<DslTree>, TokenStream)) -> TokenStream {
    let mut out = checks;
    out.extend((trees.into_iter()).map(|tree| pipeline::syntax(tree.header, tree.body)));
    out
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
    let mut out = crate::ctxt::compile_error(error);
    if entries.is_empty() {
        out.extend(codegen::stub(&header, None));
    } else {
        let tree = Tree::without_nodes(header, BlackboardSyntax { entries });
        out.extend(codegen::stub(&tree.header, Some(&tree)));
    }
    out
}

/// What an attribute built here holds.
enum Meta {
    /// `#[word]`.
    Word,
    /// `#[word = "text"]`.
    Text(String),
    /// `#[word(tokens)]`.
    List(TokenStream),
}

/// The attribute `#[name ..]`, at `span`.
fn attribute(span: Span, name: &str, meta: Meta) -> syn::Attribute {
    let path = syn::Path::from(Ident::new(name, span));
    let meta = match meta {
        Meta::Word => syn::Meta::Path(path),
        Meta::Text(text) => syn::Meta::NameValue(syn::MetaNameValue {
            path,
            eq_token: syn::Token![=](span),
            value: syn::Expr::Lit(syn::ExprLit {
                attrs: Vec::new(),
                lit: syn::Lit::Str(LitStr::new(&text, span)),
            }),
        }),
        Meta::List(tokens) => syn::Meta::List(syn::MetaList {
            path,
            delimiter: syn::MacroDelimiter::Paren(syn::token::Paren(span)),
            tokens,
        }),
    };
    syn::Attribute {
        pound_token: syn::Token![#](span),
        style: syn::AttrStyle::Outer,
        bracket_token: syn::token::Bracket(span),
        meta,
    }
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
            vec![attribute(self.span, "doc", Meta::Text(doc))]
        };
        let header = Header {
            attrs,
            vis: user.vis.clone(),
            name: tree.ident.clone(),
            // A generic invocation's trees are all generic over its parameters (a subtree is
            // used with them: `Child<W>`).
            generics: user.generics.clone(),
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
        let roots = (tree.root.as_ref())
            .map(|root| self.emit_node(index, root))
            .into_iter()
            .collect();
        DslTree {
            header,
            body: Body { blackboard, roots },
        }
    }

    fn emit_blackboard(&self, tree: usize) -> Option<BlackboardSyntax> {
        let span = self.span;
        let mut entries = Vec::new();
        for (index, info) in self.entries.infos.iter().enumerate() {
            if info.tree != tree {
                continue;
            }
            let Some(ident) = rust_ident(&info.name, span) else {
                continue;
            };
            let declared = self.declared(&info.name);
            let loc = || self.loc(info.pos.unwrap_or_default());
            let Some(ty) = self.types[index].clone() else {
                // An entry without a type fails the translation (`Tr::untyped`).
                self.internal(&loc(), &format!("the entry `{}` has no type", info.name));
                continue;
            };
            let ty = match declared {
                Some(entry) => entry.ty.clone(),
                None => ty,
            };
            let mut attrs: Vec<syn::Attribute> = declared.map_or_else(Vec::new, |entry| {
                let attrs = entry.attrs.iter().filter(|attr| !is_tracked_attr(attr));
                attrs.cloned().collect()
            });
            // An entry only there to be remapped, that no node of this tree uses.
            if !info.used && declared.is_none() {
                let unused = Ident::new("unused", span).into_token_stream();
                attrs.push(attribute(span, "allow", Meta::List(unused)));
            }
            // The XML's names, as BehaviorTree.CPP projects write them (`nav_to_pose__error_code`,
            // `A`): rustc's snake-case suggestion would break the binding.
            let style = Ident::new("non_snake_case", span).into_token_stream();
            attrs.push(attribute(span, "allow", Meta::List(style)));
            if self.tracked[index] {
                attrs.push(attribute(span, crate::kw::TRACKED, Meta::Word));
            }
            let name = match declared {
                Some(entry) => entry.name.clone(),
                None => ident,
            };
            let init = declared.and_then(|entry| entry.init.clone());
            // The traits its nodes read it through (`Tr::check_reads`).
            for (word, through) in &info.read_through {
                let word = Ident::new(word, span);
                let read = quote_spanned!(span=> #word, #through);
                attrs.push(attribute(span, crate::kw::XML_READ, Meta::List(read)));
            }
            entries.push(EntrySyntax {
                attrs,
                name,
                ty,
                init,
            });
        }
        if tree == 0 {
            // Declared entries no tree uses: in the main tree, where the pipeline warns about
            // them (unless `#[allow(unused)]`).
            for entry in &self.input.blackboard {
                let name = syn::ext::IdentExt::unraw(&entry.name).to_string();
                if self.entries.infos.iter().any(|info| info.name == name) {
                    continue;
                }
                entries.push(EntrySyntax {
                    attrs: entry.attrs.clone(),
                    name: entry.name.clone(),
                    ty: entry.ty.clone(),
                    init: entry.init.clone(),
                });
            }
        }
        (!entries.is_empty()).then_some(BlackboardSyntax { entries })
    }

    fn emit_node(&self, tree: usize, node: &NodeIr) -> NodeSyntax {
        // One frame per level: the node's own syntax is made in `emit_tail`.
        let mut children = Vec::with_capacity(node.children.len());
        for child in &node.children {
            children.push(self.emit_node(tree, child));
        }
        self.emit_tail(tree, node, children)
    }

    /// A node's attributes and kind, then its children (already built), labelled with their
    /// cases under a `Switch`.
    #[inline(never)]
    fn emit_tail(&self, tree: usize, node: &NodeIr, mut children: Vec<NodeSyntax>) -> NodeSyntax {
        let span = self.span;
        let mut attrs = Vec::new();
        if let Some(name) = &node.name {
            attrs.push(attribute(span, crate::kw::NAME, Meta::Text(name.clone())));
        }
        if let KindIr::Leaf { mapping, .. } = &node.kind {
            // The XML's ID, where the type does not say it, so that the tree's metadata, its
            // exports and Groot2 show the node as the XML has it.
            if let Some(id) = self.mapped(*mapping, |mapped| mapped.id.clone()) {
                attrs.push(attribute(span, crate::kw::ID, Meta::Text(id)));
            }
        }
        if let Some(score) = &node.score {
            let entries = TreeEntries { tr: self, tree };
            let emit = script::Emit {
                entries: &entries,
                span,
            };
            let value = match score {
                Score::Number(number) => emit.number_constant(number),
                Score::Expr(expr) => emit.score(expr),
            };
            attrs.push(attribute(span, crate::kw::SCORE, Meta::List(value)));
        }
        for (dsl, script) in &node.conditions {
            let closure = self.emit_script(tree, script);
            attrs.push(attribute(span, dsl, Meta::List(closure)));
        }
        if let KindIr::BuiltIn { row, args, .. } = &node.kind {
            self.label_cases(tree, row, args, &mut children);
        }
        let loc = node.origin.as_ref().map_or("", |(loc, _)| loc.as_str());
        let mut syntax = match &node.kind {
            KindIr::BuiltIn { row, args, .. } => self.emit_built_in(tree, row, args, loc),
            KindIr::Leaf { mapping, ports, .. } => self.emit_leaf(*mapping, ports, loc),
            KindIr::SubTree {
                target,
                remaps,
                autoremap,
            } => self.emit_subtree(*target, remaps, *autoremap, loc),
            // Only after an error, which ends the translation before the emission.
            KindIr::Invalid => {
                self.internal(loc, "a node that did not translate was written");
                self.invalid()
            }
        };
        syntax.attrs = attrs;
        syntax.children = (!children.is_empty()).then(|| ChildNodes::Built(span, children));
        syntax.xml = (node.origin.as_ref()).map(|(loc, element)| {
            let (ports, binds) = match &node.kind {
                KindIr::Leaf { ports, places, .. } => (
                    (ports.iter().zip(places))
                        .map(|((port, _), &at)| (port.clone(), self.loc(at)))
                        .collect(),
                    (ports.iter().zip(places))
                        .filter_map(|((port, value), &at)| match value {
                            Value::Entry(entry) => Some((
                                port.clone(),
                                self.bind_check(tree, element, port, entry, at),
                            )),
                            Value::Literal(..) => None,
                        })
                        .collect(),
                ),
                _ => (Vec::new(), Vec::new()),
            };
            // A built-in node's parameters as the XML writes them (`success_count="5"`), by the
            // DSL's name (`success`), with where each value is.
            let params = match &node.kind {
                KindIr::BuiltIn { row, args, written } => (args.iter().zip(written))
                    .filter_map(|((attribute, _), (text, at))| {
                        let (_, param) = super::table::kind_param(row, attribute)?;
                        Some(crate::ctxt::XmlParam {
                            dsl: param.name.to_owned(),
                            written: format!("{attribute}=\"{text}\""),
                            loc: self.loc(*at),
                        })
                    })
                    .collect(),
                _ => Vec::new(),
            };
            XmlOrigin {
                loc: loc.clone(),
                element: element.clone(),
                ports,
                binds,
                params,
            }
        });
        syntax
    }

    /// A node built after an internal error (which fails the emission).
    fn invalid(&self) -> NodeSyntax {
        let kind = Ident::new("__bt_invalid", self.span);
        self.syntax(kind, Args::Unread, TokenStream::new())
    }

    /// A built-in node: its kind, and its arguments as its kind's grammar reads them, each
    /// attribute the parameter the row's template makes it (`table::kind_param`); `loc` is where
    /// its element is.
    fn emit_built_in(
        &self,
        tree: usize,
        row: &Row,
        args: &[(&'static str, Arg)],
        loc: &str,
    ) -> NodeSyntax {
        let mut arg_tokens = TokenStream::new();
        let built = match kinds::lookup(row.dsl).map(|spec| spec.grammar) {
            Some(Grammar::None) if args.iter().all(|(_, arg)| matches!(arg, Arg::Case(..))) => {
                Some(Args::Absent)
            }
            Some(Grammar::Params(params)) => self
                .params(tree, row, params, args, loc, &mut arg_tokens)
                .map(Args::Params),
            Some(Grammar::Assign) => self.assign(row, args, &mut arg_tokens),
            _ => None,
        };
        let Some(args) = built else {
            let message = format!("the arguments of `{}` do not fit `{}`", row.xml, row.dsl);
            self.internal(loc, &message);
            return self.invalid();
        };
        self.syntax(Ident::new(row.dsl, self.span), args, arg_tokens)
    }

    /// The values of a built-in node's parameters (`params`, its kind's), from its attributes;
    /// `written` is set to them as the DSL writes them. `None` after an internal error.
    fn params(
        &self,
        tree: usize,
        row: &Row,
        params: &'static [crate::args::Param],
        args: &[(&'static str, Arg)],
        loc: &str,
        written: &mut TokenStream,
    ) -> Option<Vec<Option<ParamValue>>> {
        let mut values: Vec<Option<ParamValue>> = params.iter().map(|_| None).collect();
        let mut shown: Vec<Option<TokenStream>> = params.iter().map(|_| None).collect();
        for (attribute, arg) in args {
            if let Arg::Case(..) = arg {
                continue;
            }
            let Some((index, param)) = super::table::kind_param(row, attribute) else {
                let message = format!(
                    "`{}`'s `{attribute}` is no parameter of `{}`",
                    row.xml, row.dsl
                );
                self.internal(loc, &message);
                return None;
            };
            let Some((value, tokens)) = self.param_value(tree, arg, param.value) else {
                let message = format!(
                    "`{}`'s `{attribute}` is not the value of `{}`'s `{}`",
                    row.xml, row.dsl, param.name
                );
                self.internal(loc, &message);
                return None;
            };
            values[index] = Some(value);
            shown[index] = Some(tokens);
        }
        let missing = (params.iter().zip(&values)).find(|(p, v)| p.required() && v.is_none());
        if let Some((param, _)) = missing {
            let message = format!("`{}`'s `{}` is not given", row.dsl, param.name);
            self.internal(loc, &message);
            return None;
        }
        // As the DSL writes them: by position while every parameter before is given and
        // positional, else by name.
        let span = self.span;
        let mut positional = true;
        for (param, tokens) in params.iter().zip(shown) {
            let Some(tokens) = tokens else {
                positional = false;
                continue;
            };
            positional &= param.positional;
            if !written.is_empty() {
                written.extend(quote_spanned!(span=> ,));
            }
            if !positional {
                let name = Ident::new(param.name, span);
                written.extend(quote_spanned!(span=> #name =));
            }
            written.extend(tokens);
        }
        Some(values)
    }

    /// One attribute's translation as the value of a parameter of `kind`, and its tokens as the
    /// DSL writes it; `None` if it is not one.
    fn param_value(
        &self,
        tree: usize,
        arg: &Arg,
        kind: ParamKind,
    ) -> Option<(ParamValue, TokenStream)> {
        use super::params::Constant;
        let span = self.span;
        Some(match (arg, kind) {
            (Arg::Entry(key), ParamKind::Count) => (
                ParamValue::Count(Some(Quantity::Entry(key.clone()))),
                quote_spanned!(span=> { #key }),
            ),
            (Arg::Entry(key), ParamKind::Duration) => (
                ParamValue::Duration(Quantity::Entry(key.clone())),
                quote_spanned!(span=> { #key }),
            ),
            (Arg::Entry(key), ParamKind::Entry) => {
                (ParamValue::Entry(key.clone()), key.to_token_stream())
            }
            (Arg::Constant(constant), kind) => {
                let value = match (*constant, kind) {
                    (Constant::Count(count), ParamKind::Count) => {
                        ParamValue::Count(count.map(Quantity::Literal))
                    }
                    (Constant::Millis(millis), ParamKind::Duration) => {
                        ParamValue::Duration(Quantity::Literal(millis))
                    }
                    (Constant::Int(value), ParamKind::Int) => ParamValue::Int(value, span),
                    (Constant::Bool(value), ParamKind::Bool) => ParamValue::Bool(value),
                    (Constant::Status(word), ParamKind::Status(words)) => {
                        ParamValue::Word(words.iter().position(|known| *known == word)?, span)
                    }
                    _ => return None,
                };
                (value, constant.tokens(span))
            }
            (Arg::Script(script), ParamKind::Closure) => {
                let tokens = self.emit_script(tree, script);
                let closure = syn::parse2::<syn::ExprClosure>(tokens.clone()).ok()?;
                (ParamValue::Closure(Box::new(closure)), tokens)
            }
            _ => return None,
        })
    }

    /// `SetBlackboard`'s `entry = value`; `written` is set to it as the DSL writes it.
    fn assign(
        &self,
        row: &Row,
        args: &[(&'static str, Arg)],
        written: &mut TokenStream,
    ) -> Option<Args> {
        use super::table::attr::{OUTPUT_KEY, VALUE};
        let key = args.iter().find_map(|(attribute, arg)| match arg {
            Arg::Entry(key) if *attribute == OUTPUT_KEY => Some(key),
            _ => None,
        })?;
        let value = args.iter().find_map(|(attribute, arg)| match arg {
            Arg::Value(value) if *attribute == VALUE => Some(value),
            _ => None,
        })?;
        let tokens = self.emit_value(value, &format!("`{}`'s `{VALUE}`", row.xml));
        let value = match value {
            Value::Entry(name) => ArgValue::Entry(rust_ident(name, self.span)?),
            Value::Literal(..) => ArgValue::Expr(Box::new(syn::parse2(tokens.clone()).ok()?)),
        };
        *written = quote_spanned!(self.span=> #key = #tokens);
        Some(Args::Assign(key.clone(), value))
    }

    /// A node mapped to a type of the user's: its mapping's kind and arguments (`nodes { Go =
    /// StatefulAction(Walk::new()) }`, read by the kind's grammar), and a binding for each port
    /// the XML gives; `loc` is where its element is.
    fn emit_leaf(&self, mapping_index: usize, ports: &[(String, Value)], loc: &str) -> NodeSyntax {
        let mapping = &self.input.nodes[mapping_index];
        let kind = mapping.kind.clone();
        let what = |port: &str| format!("`{}`'s port `{port}`", mapping.id);
        let Some((bindings, tokens)) = self.port_bindings(ports, &what, loc) else {
            return self.invalid();
        };
        let args = self.mapped_args(mapping_index);
        let args = self.bound(&kind, args, bindings, false);
        let arg_tokens = joined(mapping.args.clone(), tokens, self.span);
        self.syntax(kind, args, arg_tokens)
    }

    /// A `SubTree` node: the tree it runs (generated from the XML, or mapped), its remapped
    /// entries, and `..` for `_autoremap`; `loc` is where its element is.
    fn emit_subtree(
        &self,
        target: Target,
        remaps: &[(String, Value)],
        autoremap: bool,
        loc: &str,
    ) -> NodeSyntax {
        let span = self.span;
        let kind = Ident::new("SubTree", span);
        let (args, written, id) = match target {
            Target::Generated(child) => {
                let child = &self.trees[child];
                let (_, args, _) = self.header.generics.split_for_impl();
                let ident = &child.ident;
                let written = quote!(#ident #args);
                let Ok(ty) = syn::parse2::<syn::Type>(written.clone()) else {
                    self.internal(loc, &format!("the tree type `{written}` is no type"));
                    return self.invalid();
                };
                let target = args::Target {
                    ty: Box::new(ty),
                    init: None,
                    bindings: Vec::new(),
                    rest: None,
                };
                (
                    Args::Leaf(LeafArgs::Target(target)),
                    written,
                    child.id.as_str(),
                )
            }
            Target::Mapped(index) => {
                let mapping = &self.input.nodes[index];
                let args = self.mapped_args(index);
                (args, mapping.args.clone(), mapping.id.as_str())
            }
        };
        let what = |entry: &str| format!("the entry `{entry}` of the subtree `{id}`");
        let Some((bindings, tokens)) = self.port_bindings(remaps, &what, loc) else {
            return self.invalid();
        };
        let args = self.bound(&kind, args, bindings, autoremap);
        let mut arg_tokens = joined(written, tokens, span);
        if autoremap {
            arg_tokens = joined(arg_tokens, quote_spanned!(span=> ..), span);
        }
        self.syntax(kind, args, arg_tokens)
    }

    /// The arguments of the mapping `index` (`nodes { Go = StatefulAction(Walk::new()) }`), read
    /// by its kind's grammar once, for all the nodes that use it.
    fn mapped_args(&self, index: usize) -> Args {
        self.mapped(index, |mapped| match &mapped.args {
            Ok(args) => Args::Leaf(args.clone()),
            Err(error) => Args::Invalid(error.clone()),
        })
    }

    /// `read` of the mapping `index` as the emission reads it ([`Mapped`]), read the first time.
    fn mapped<T>(&self, index: usize, read: impl FnOnce(&Mapped) -> T) -> T {
        let mut cache = self.mapped.borrow_mut();
        if cache.len() < self.input.nodes.len() {
            cache.resize_with(self.input.nodes.len(), || None);
        }
        read(cache[index].get_or_insert_with(|| {
            let mapping = &self.input.nodes[index];
            let kind = &mapping.kind;
            let grammar =
                kinds::lookup(&kind.to_string()).map_or(Grammar::Leaf, |spec| spec.grammar);
            let args = match args::parse_tokens(grammar, kind, mapping.args.clone(), self.span) {
                Args::Leaf(args) => Ok(args),
                Args::Invalid(error) => Err(error),
                _ => Err(syn::Error::new(
                    kind.span(),
                    format!("`{kind}` maps an ID to a type of yours: `{kind}(Type)`"),
                )),
            };
            let written =
                (mapping.node_type()).map(|ty| ty.to_token_stream().to_string().replace(' ', ""));
            let id = written
                .is_some_and(|written| written != mapping.id)
                .then(|| mapping.id.clone());
            Mapped { args, id }
        }))
    }

    /// A node of kind `kind` with its arguments (`arg_tokens` as the DSL writes them), before its
    /// attributes, children and origin.
    fn syntax(&self, kind: Ident, args: Args, arg_tokens: TokenStream) -> NodeSyntax {
        NodeSyntax {
            case: None,
            attrs: Vec::new(),
            kind,
            args,
            arg_tokens,
            children: None,
            xml: None,
        }
    }

    /// A leaf's or subtree's arguments with the XML's `bindings` after those of its mapping,
    /// and, with `rest`, `..` last. A closure takes no bindings, and nothing follows `..`: the
    /// errors the DSL's grammar gives for them written together.
    fn bound(&self, kind: &Ident, args: Args, bindings: Vec<PortBinding>, rest: bool) -> Args {
        let span = self.span;
        match args {
            Args::Leaf(LeafArgs::Target(mut target)) => {
                if target.rest.is_some() && (rest || !bindings.is_empty()) {
                    let message = "`..` comes last: `SubTree(Child, ..)`; write `SubTree(Child)`, with remapped entries after a comma: `SubTree(Child, child_entry = {parent_entry}, other = {=}, speed = 2.0)`, or `SubTree(Child, ..)` to share every entry by name";
                    return Args::Invalid(syn::Error::new(span, message));
                }
                target.bindings.extend(bindings);
                if rest {
                    target.rest = Some(span);
                }
                Args::Leaf(LeafArgs::Target(target))
            }
            Args::Leaf(LeafArgs::Closure(_)) if !bindings.is_empty() => {
                Args::Invalid(syn::Error::new(span, format!("an inline leaf (a closure) has no ports: it reads the context and the blackboard itself, `{kind}(|ctx, bb| ..)`; for ports, write a type with `#[derive(bt::Ports)]`, `{kind}(Type, port = {{entry}})`")))
            }
            args => args,
        }
    }

    /// `port = value` for each binding, and their tokens as the DSL writes them; `what` names a
    /// port in errors. `None` after an internal error at `loc`.
    fn port_bindings(
        &self,
        bindings: &[(String, Value)],
        what: &dyn Fn(&str) -> String,
        loc: &str,
    ) -> Option<(Vec<PortBinding>, TokenStream)> {
        let span = self.span;
        let mut built = Vec::with_capacity(bindings.len());
        let mut tokens = TokenStream::new();
        for (name, value) in bindings {
            let Some(port) = rust_ident(name, span) else {
                self.internal(loc, &format!("the port `{name}` is no identifier"));
                return None;
            };
            let written = self.emit_value(value, &what(name));
            let value = match value {
                Value::Entry(key) => rust_ident(key, span).map(ArgValue::Entry),
                Value::Literal(..) => syn::parse2(written.clone())
                    .ok()
                    .map(|expr| ArgValue::Expr(Box::new(expr))),
            };
            let Some(value) = value else {
                self.internal(loc, &format!("the value of `{name}` is no expression"));
                return None;
            };
            if !tokens.is_empty() {
                tokens.extend(quote_spanned!(span=> ,));
            }
            tokens.extend(quote_spanned!(span=> #port = #written));
            built.push(PortBinding { port, value });
        }
        Some((built, tokens))
    }

    /// `{entry}`, or a literal: a whole or real number or text through a located conversion
    /// ([`Tr::located`]), another Rust constant (`true`, `'c'`, `(1, 2)`, `Mode::Fast`) as it is.
    /// `what` names the port or entry it is for, in errors.
    fn emit_value(&self, value: &Value, what: &str) -> TokenStream {
        let span = self.span;
        match value {
            Value::Entry(key) => {
                let key = rust_ident(key, span);
                quote_spanned!(span=> { #key })
            }
            Value::Literal(text, at) => match literal_form(text) {
                LiteralForm::Constant(tokens) => respan(tokens, span),
                form => self.located(text, *at, what, form, None),
            },
        }
    }

    /// A literal of the XML as a call of a conversion written for it:
    /// `<_ as __bt_xml_Tree_3>::__bt_xml("12")`, where the trait `__bt_xml_Tree_3` (written
    /// once, before the trees) is implemented for every type the literal converts to
    /// (`bt::xml::FromXmlInt`, `FromXmlReal`, `FromXmlText`), with a message that says
    /// where the value is in the XML and what it is for. Every generated token sits at the
    /// `xml = ".."` literal, so that is all a span can say; the message says the rest, and, being
    /// different for each value, is not folded into one by rustc with the others. A whole number
    /// out of the target's range fails the `const` assertion, with the same location.
    fn located(
        &self,
        text: &str,
        at: usize,
        what: &str,
        form: LiteralForm,
        ty: Option<&TokenStream>,
    ) -> TokenStream {
        let span = self.span;
        let quoted = super::ir::shown(text.trim());
        let (loc, what, shown) = (braces(&self.loc(at)), braces(what), braces(&quoted));
        let (bound, body, message, note) = match form {
            LiteralForm::Int(value) => {
                let value = Literal::i128_suffixed(value);
                let overflow = format!("{}: {}: {} does not fit the integer type of the port or entry", self.loc(at), what.replace("{{", "{").replace("}}", "}"), quoted);
                (
                    quote_spanned!(span=> __bt::FromXmlInt),
                    quote_spanned!(span=>
                        const {
                            ::core::assert!(
                                <__BtT as __bt::FromXmlInt>::MIN <= #value
                                    && #value <= <__BtT as __bt::FromXmlInt>::MAX,
                                #overflow
                            )
                        };
                        <__BtT as __bt::FromXmlInt>::from_xml_int(#value, __bt_text)
                    ),
                    format!("{loc}: {what} is a `{{Self}}`, and the XML gives it the whole number {shown}"),
                    "a whole number in XML is the value of a port or entry of an integer type, `f32`, `f64`, `&'static str` or `String`, or of a type of yours that implements `bt::xml::FromXmlInt`",
                )
            }
            LiteralForm::Real(real) => {
                let (as_f64, as_f32) = (Literal::f64_suffixed(real), real_f32(text));
                (
                    quote_spanned!(span=> __bt::FromXmlReal),
                    quote_spanned!(span=>
                        let _ = __bt_text;
                        <__BtT as __bt::FromXmlReal>::from_xml_real(#as_f64, #as_f32)
                    ),
                    format!("{loc}: {what} is a `{{Self}}`, and the XML gives it the real number {shown}"),
                    "a real number in XML is the value of a port or entry of type `f32` or `f64`, or of a type of yours that implements `bt::xml::FromXmlReal`",
                )
            }
            LiteralForm::Text | LiteralForm::Constant(_) => (
                quote_spanned!(span=> __bt::FromXmlText),
                quote_spanned!(span=>
                    <__BtT as __bt::FromXmlText>::from_xml_text(__bt_text)
                ),
                format!("{loc}: {what} is a `{{Self}}`, and the XML gives it the text \"{shown}\""),
                "in XML a value that is a number, `true`/`false`, a char, a `Path::CONST` or a tuple or array of those is that Rust constant; any other value is text, for a type with `From<&'static str>` (`&str`, `String`, or yours)",
            ),
        };
        let label = format!("{loc}: {shown} for a `{{Self}}`");
        let name = self.push_check(|name| {
            quote_spanned! {span=>
                #[doc(hidden)]
                #[allow(non_camel_case_types)]
                #[diagnostic::on_unimplemented(message = #message, label = #label, note = #note)]
                trait #name: ::core::marker::Sized {
                    fn __bt_xml(__bt_text: &'static str) -> Self;
                }
                impl<__BtT: #bound> #name for __BtT {
                    #[inline(always)]
                    fn __bt_xml(__bt_text: &'static str) -> Self {
                        #body
                    }
                }
            }
        });
        let mut lit = TokenTree::Literal(Literal::string(text.trim()));
        lit.set_span(span);
        let ty = ty.cloned().unwrap_or_else(|| quote_spanned!(span=> _));
        quote_spanned!(span=> <#ty as #name>::__bt_xml(#lit))
    }

    /// The trait through which the port `port` of `element` is bound to the entry `entry` of
    /// tree `tree` by the attribute at `at` (written once, before the trees, like the located
    /// conversions of [`Tr::located`]): implemented for every port type that `bt::BindEntry`
    /// binds to the entry's type, and otherwise an error that says where the attribute is and
    /// names the element, the port, the entry, both types and what typed the entry. The
    /// generated code binds the port through its constant, `bt::__private::bind_step` for the
    /// two types (`bt::__private::bind_entry_with`): no function of its own.
    fn bind_check(&self, tree: usize, element: &str, port: &str, entry: &str, at: usize) -> Ident {
        let span = self.span;
        let by = (self.entries.index.get(&(tree, entry.to_owned())))
            .and_then(|&index| self.typed_by.get(index))
            .filter(|by| !by.is_empty())
            .map(|by| braces(by));
        let (loc, element, port, entry) = (
            braces(&self.loc(at)),
            braces(element),
            braces(port),
            braces(entry),
        );
        let message = format!(
            "{loc}: `{element}`'s port `{port}` is a `{{Self}}`, and the XML binds it to the entry `{entry}`, a `{{__BtE}}`"
        );
        let label = format!("{loc}: `{port}=\"{{{{{entry}}}}}\"`: the entry is a `{{__BtE}}`");
        let by = by.map_or(String::new(), |by| {
            format!("the entry `{entry}` is a `{{__BtE}}` because {by}; ")
        });
        let note = format!("{by}an entry's type is its declaration in `blackboard {{{{ .. }}}}`, else the first type the nodes bound to it give it, in the order of the guide's \"The blackboard\"; bind the port to an entry of its type, or declare the entry with the port's type");
        self.push_check(|name| {
            quote_spanned! {span=>
                #[doc(hidden)]
                #[allow(non_camel_case_types)]
                #[diagnostic::on_unimplemented(message = #message, label = #label, note = #note)]
                trait #name<__BtE>: ::core::marker::Sized {
                    const BIND: fn(&mut Self, &mut __BtE, __bt::PortStep);
                }
                impl<__BtE, __BtP: __bt::BindEntry<__BtE>> #name<__BtE> for __BtP {
                    const BIND: fn(&mut Self, &mut __BtE, __bt::PortStep) = __bt::bind_step;
                }
            }
        })
    }

    /// Adds a check written once, before the trees (a trait and its impl, which `item` makes
    /// from the trait's name), under a fresh name of this invocation, `__bt_xml_<tree>_<n>`.
    pub(super) fn push_check(&self, item: impl FnOnce(&Ident) -> TokenStream) -> Ident {
        let mut checks = self.checks.borrow_mut();
        let name = quote::format_ident!(
            "__bt_xml_{}_{}",
            self.header.name,
            checks.len(),
            span = self.span
        );
        checks.push(item(&name));
        name
    }

    /// `Switch<n>`'s children labelled with its cases, `case value =>`, and the last `_ =>`.
    fn label_cases(
        &self,
        tree: usize,
        row: &Row,
        args: &[(&'static str, Arg)],
        children: &mut [NodeSyntax],
    ) {
        let span = self.span;
        // The variable's type, named in each case's conversion: `==` alone would leave it to
        // inference, which another crate's `PartialEq` impls can make ambiguous.
        let variable = args.iter().find_map(|(attribute, arg)| match arg {
            Arg::Entry(key) if *attribute == super::table::attr::VARIABLE => Some(key),
            _ => None,
        });
        let ty = variable
            .and_then(|key| {
                let key = syn::ext::IdentExt::unraw(key).to_string();
                self.entries.index.get(&(tree, key))
            })
            .and_then(|&index| self.types.get(index).cloned().flatten())
            .map(ToTokens::into_token_stream);
        let cases: Vec<(&str, &str, usize)> = (args.iter())
            .filter_map(|(attribute, arg)| match arg {
                Arg::Case(text, at) => Some((*attribute, text.as_str(), *at)),
                _ => None,
            })
            .collect();
        if cases.is_empty() || children.len() != cases.len() + 1 {
            return;
        }
        for (child, (attribute, text, at)) in children.iter_mut().zip(&cases) {
            let what = format!(
                "`{}`'s `{attribute}`, compared with its `variable`,",
                row.xml
            );
            let value = match (self.enum_value(text), literal_form(text)) {
                (Some(value), _) => value,
                // Text compared with a variable of a known type goes through the located
                // conversion: a type that does not take text (an enum of the user's) is an error
                // at the case, not "expected `Color`, found `&str`" at the whole XML.
                (None, LiteralForm::Text) if ty.is_some() => {
                    self.located(text, *at, &what, LiteralForm::Text, ty.as_ref())
                }
                (None, LiteralForm::Text) => {
                    let mut lit = TokenTree::Literal(Literal::string(text));
                    lit.set_span(span);
                    lit.into_token_stream()
                }
                (None, LiteralForm::Constant(tokens)) => respan(tokens, span),
                (None, form) => self.located(text, *at, &what, form, ty.as_ref()),
            };
            match syn::parse::Parser::parse2(syn::Expr::parse_without_eager_brace, value) {
                Ok(value) => child.case = Some(Case::Value(Box::new(value), span)),
                Err(error) => {
                    let loc = self.loc(*at);
                    self.internal(&loc, &format!("the case is no expression: {error}"));
                }
            }
        }
        if let Some(default) = children.last_mut() {
            default.case = Some(Case::Default(span));
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
}

/// How a literal of the XML becomes a value.
pub(super) enum LiteralForm {
    /// A whole number, written in decimal without a suffix: for any integer type, a real, or
    /// text.
    Int(i128),
    /// A real number without a suffix (`2.5`, `-1e3`): for `f32` or `f64`.
    Real(f64),
    /// Another Rust constant (`true`, `'c'`, `0x1F`, `7u8`, `(1, 2)`, `Mode::Fast`), as it is:
    /// its tokens.
    Constant(TokenStream),
    /// Text, through the target's `From<&'static str>`.
    Text,
}

pub(super) fn literal_form(text: &str) -> LiteralForm {
    let trimmed = text.trim();
    let Some(tokens) = rust_constant(text) else {
        return LiteralForm::Text;
    };
    let digits = trimmed.strip_prefix('-').unwrap_or(trimmed);
    if !digits.is_empty() && digits.bytes().all(|c| c.is_ascii_digit()) {
        if let Ok(value) = trimmed.parse::<i128>() {
            return LiteralForm::Int(value);
        }
    }
    let real = digits
        .bytes()
        .all(|c| c.is_ascii_digit() || matches!(c, b'.' | b'e' | b'E' | b'-' | b'+'))
        && digits.starts_with(|c: char| c.is_ascii_digit());
    match trimmed.parse::<f64>() {
        Ok(value) if real && value.is_finite() => LiteralForm::Real(value),
        _ => LiteralForm::Constant(tokens),
    }
}

/// The `f32` literal of a real number's text (`2.5f32`), read by rustc as an `f32`.
fn real_f32(text: &str) -> Literal {
    match text.trim().parse::<f32>() {
        Ok(value) if value.is_finite() => Literal::f32_suffixed(value),
        // Beyond `f32`: rustc's reading, infinite, would be an error; the `f64` is what is meant.
        _ => Literal::f32_suffixed(0.0),
    }
}

/// Whether literal text is a Rust constant: a number, `true`/`false`, a char, a `Path::CONST`,
/// or a tuple or array of those. Other text is a string for the target's `From<&str>`.
#[cfg(test)]
pub(super) fn is_rust_constant(text: &str) -> bool {
    rust_constant(text).is_some()
}

/// The tokens of literal text that is a Rust constant ([`is_rust_constant`]'s rule).
fn rust_constant(text: &str) -> Option<TokenStream> {
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
    // A string literal's contents stay text; so does anything that is not one expression, and a
    // number too long for any number type (BehaviorTree.CPP's string port takes it), which syn
    // would read in time quadratic in its length.
    if text.trim().is_empty()
        || crate::nesting::text_too_deep(text).is_some()
        || crate::nesting::text_has_long_number(text)
    {
        return None;
    }
    let tokens: TokenStream = text.parse().ok()?;
    syn::parse2::<syn::Expr>(tokens.clone())
        .is_ok_and(|expr| constant(&expr))
        .then_some(tokens)
}

/// `first, second` (either may be empty): arguments as the DSL writes them.
fn joined(mut first: TokenStream, second: TokenStream, span: Span) -> TokenStream {
    let ends_with_comma = matches!(
        first.clone().into_iter().last(),
        Some(TokenTree::Punct(punct)) if punct.as_char() == ','
    );
    if !first.is_empty() && !second.is_empty() && !ends_with_comma {
        first.extend(quote_spanned!(span=> ,));
    }
    first.extend(second);
    first
}

/// `text` with its braces doubled, for a message of `#[diagnostic::on_unimplemented]`, which reads
/// `{name}` as a parameter.
pub(super) fn braces(text: &str) -> String {
    text.replace('{', "{{").replace('}', "}}")
}
