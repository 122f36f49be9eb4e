//! Syntax of `behavior_tree!`, parsed with syn. This stage only recognises shapes; what a node
//! kind means, and whether its arguments and children fit it, is decided in `model`.
//!
//! ```text
//! input    := outer-attribute* visibility "tree" IDENT generics? "for" TYPE ( "," option )*
//!             where-clause? "{" body "}"   (the where-clause may also come before the options)
//! generics := "<" ( LIFETIME-PARAM | TYPE-PARAM ),* ">"   (Rust's, without defaults or consts)
//! option   := "error" TYPE | "rng" "=" "context"   (each at most once)
//! body     := blackboard? ( node ","? )*  (the model requires exactly one root)
//! blackboard := "blackboard" "{" ( outer-attribute* IDENT ":" TYPE ( "=" EXPR )? ),* "}"
//! node     := case? outer-attribute* IDENT ( "(" arguments ")" )? ( "{" ( node ","? )* "}" )? ","?
//! case     := "case" EXPR "=>" | "_" "=>"                 (children of `Switch`)
//! ```
//!
//! The arguments follow the grammar of the node's kind (`crate::args`), read here from the
//! parenthesised group itself.

use proc_macro2::{Delimiter, Span, TokenStream, TokenTree};
use syn::parse::{Parse, ParseStream, Parser};
use syn::token::{Brace, Paren};
use syn::{braced, parenthesized, Attribute, Ident, Token, Type, Visibility};

use crate::args::{self, Args};
use crate::{kinds, kw};

mod keyword {
    syn::custom_keyword!(tree);
    syn::custom_keyword!(case);
    syn::custom_keyword!(error);
    syn::custom_keyword!(rng);
    syn::custom_keyword!(context);
}

/// The tree's header: everything but its body. Parsed first, so that a tree whose body has errors
/// can still be emitted as a stub and the user's other code sees no follow-on errors.
pub struct Header {
    pub attrs: Vec<Attribute>,
    pub vis: Visibility,
    pub name: Ident,
    /// `<'a, W: Senses>` after the name, with the `where` clause before the body: the tree's
    /// struct, its blackboard and every impl carry them (empty for most trees).
    pub generics: syn::Generics,
    pub context: Type,
    /// The lifetimes in the context type (`World<'a>`) that the tree does not declare: every
    /// function that takes the context is generic over them. An anonymous `'_` is named
    /// `'__bt_ctx`.
    pub context_lifetimes: Vec<syn::Lifetime>,
    /// `error E` after the context: leaves may fail with an `E`, and `tick` returns
    /// `Result<Status, E>`.
    pub error: Option<Type>,
    /// `rng = context` after the context: the random nodes draw from the context (which must
    /// implement `bt::Rng`) instead of a generator the tree holds. The span of `context`.
    pub rng_context: Option<Span>,
    /// Span of the braces around the body, for "no root" errors.
    pub body_span: Span,
}

impl Header {
    /// The tree's type as code names it: `Guard`, or `Guard<'a, W>` for a generic tree.
    pub fn self_type(&self) -> TokenStream {
        let name = &self.name;
        let (_, args, _) = self.generics.split_for_impl();
        quote::quote!(#name #args)
    }

    /// Whether `tokens` name one of the tree's type parameters (then they cannot appear in a
    /// module-level item, nor in an array length).
    pub fn names_type_param(&self, tokens: TokenStream) -> bool {
        let params: Vec<&Ident> = self
            .generics
            .type_params()
            .map(|param| &param.ident)
            .collect();
        !params.is_empty() && names_any(tokens, &params)
    }

    /// Whether `tokens` name any of the tree's generic parameters (types, lifetimes, constants):
    /// then they cannot appear in a module-level type alias.
    pub fn names_generic_param(&self, tokens: TokenStream) -> bool {
        let params: Vec<&Ident> = (self.generics.params.iter())
            .map(|param| match param {
                syn::GenericParam::Type(param) => &param.ident,
                syn::GenericParam::Lifetime(param) => &param.lifetime.ident,
                syn::GenericParam::Const(param) => &param.ident,
            })
            .collect();
        !params.is_empty() && names_any(tokens, &params)
    }
}

fn names_any(tokens: TokenStream, idents: &[&Ident]) -> bool {
    tokens.into_iter().any(|token| match token {
        TokenTree::Ident(ident) => idents.iter().any(|param| **param == ident),
        TokenTree::Group(group) => names_any(group.stream(), idents),
        _ => false,
    })
}

/// The invocation: the header, and the body's tokens (parsed by [`parse_body`]).
pub struct TreeInput {
    pub header: Header,
    pub body: TokenStream,
}

/// One node as written: `#[attrs] Kind(args) { children }`, a child of `Switch` with its case
/// label first.
pub struct NodeSyntax {
    /// `case value =>` or `_ =>`: which value of a `Switch`'s entry selects this child.
    pub case: Option<Case>,
    pub attrs: Vec<Attribute>,
    pub kind: Ident,
    /// The arguments, read by the kind's grammar (`Args::Unread` for an unknown kind).
    pub args: Args,
    /// The arguments' tokens as written (empty without parentheses), for the unused-entry check;
    /// for a node built from XML, as the DSL would write them (no stage parses them).
    pub arg_tokens: TokenStream,
    /// The children: braced tokens, parsed when the model reaches them (`Children::parse`), so
    /// that no stage recurses once per level of the tree; or, from the XML front end, built.
    pub children: Option<ChildNodes>,
    /// For a node of an XML tree: where its element is, which the model's errors on the node
    /// say, in the XML's words.
    pub xml: Option<XmlOrigin>,
}

/// A node's children as a front end gives them.
pub enum ChildNodes {
    /// The DSL's `{ .. }`, parsed one level at a time (`Children::parse`).
    Written(proc_macro2::Group),
    /// Built by the XML front end, spanned at `span`.
    Built(Span, Vec<NodeSyntax>),
}

/// Where a node of an XML tree comes from.
pub struct XmlOrigin {
    /// `file.xml:12:7`.
    pub loc: String,
    /// Its ID: its element's tag, or its `ID` attribute (`<Action ID="MoveTo">`).
    pub element: String,
    /// For a node mapped to a type of the user's: each port's attribute and where it is
    /// (`file.xml:12:20`), which the checks of its ports name.
    pub ports: Vec<(String, String)>,
    /// For such a node: each port bound to an entry, and the trait the XML front end wrote for
    /// the binding, whose error says where the attribute is and names the element, the port and
    /// the entry (`codegen::leaf::port_steps`).
    pub binds: Vec<(String, proc_macro2::Ident)>,
    /// For a built-in node: its parameters as the XML writes them, for the model's errors.
    pub params: Vec<crate::ctxt::XmlParam>,
}

/// A `Switch` child's label.
pub enum Case {
    /// `case value =>`, spanned at `case`.
    Value(Box<syn::Expr>, Span),
    /// `_ =>`, spanned at `_`.
    Default(Span),
}

impl Case {
    pub fn span(&self) -> Span {
        match self {
            Case::Value(_, span) | Case::Default(span) => *span,
        }
    }
}

impl Children {
    /// One level: the nodes built, or those inside the written group, each keeping its own
    /// children unparsed.
    pub fn take(children: ChildNodes) -> syn::Result<Children> {
        match children {
            ChildNodes::Written(group) => Children::parse(&group),
            ChildNodes::Built(span, nodes) => Ok(Children {
                brace: Brace(span),
                nodes,
            }),
        }
    }

    /// Parses one level: the nodes inside `group`, each keeping its own children unparsed.
    pub fn parse(group: &proc_macro2::Group) -> syn::Result<Children> {
        let (shallow, mut nested) = shallow(group.stream());
        let mut children = (|input: ParseStream| {
            Ok(Children {
                brace: Brace(group.delim_span()),
                nodes: parse_nodes(input)?,
            })
        })
        .parse2(shallow)?;
        restore(&mut children.nodes, &mut nested);
        Ok(children)
    }
}

/// A list of nodes with their children's groups (a `{ .. }` right after a kind or its
/// arguments, but not a `blackboard { .. }` section) replaced by placeholders `{ index }`, and
/// those groups.
///
/// syn reads a token stream into a buffer of every token at every depth, recursively, so parsing
/// a level's whole group would cost the size of the subtree at each level (quadratic in the depth:
/// a 3,000-level tree took seconds before its depth error) and a stack frame per level below it
/// (100,000 levels overflowed). So each level is parsed on its own tokens, and the children's
/// groups are put back after ([`restore`]).
fn shallow(stream: TokenStream) -> (TokenStream, Vec<Option<proc_macro2::Group>>) {
    let mut nested = Vec::new();
    let mut shallow = TokenStream::new();
    let mut after_node_head = false;
    let mut after_blackboard = false;
    for token in stream {
        let token = match token {
            TokenTree::Group(inner)
                if after_node_head
                    && !after_blackboard
                    && inner.delimiter() == Delimiter::Brace =>
            {
                let index = proc_macro2::Literal::usize_unsuffixed(nested.len());
                let mut placeholder =
                    proc_macro2::Group::new(Delimiter::Brace, TokenTree::Literal(index).into());
                placeholder.set_span(inner.span());
                nested.push(Some(inner));
                TokenTree::Group(placeholder)
            }
            token => token,
        };
        after_node_head = matches!(&token, TokenTree::Ident(_))
            || matches!(&token, TokenTree::Group(inner) if inner.delimiter() == Delimiter::Parenthesis);
        after_blackboard = matches!(&token, TokenTree::Ident(word) if word == kw::BLACKBOARD);
        shallow.extend(std::iter::once(token));
    }
    (shallow, nested)
}

/// The children's groups [`shallow`] took out, put back into the nodes parsed from its tokens.
fn restore(nodes: &mut [NodeSyntax], nested: &mut [Option<proc_macro2::Group>]) {
    for node in nodes {
        let index = node.children.as_ref().and_then(|placeholder| {
            let ChildNodes::Written(placeholder) = placeholder else {
                return None;
            };
            syn::parse2::<syn::LitInt>(placeholder.stream())
                .ok()
                .and_then(|index| index.base10_parse::<usize>().ok())
        });
        if let Some(original) = index.and_then(|index| nested.get_mut(index)?.take()) {
            node.children = Some(ChildNodes::Written(original));
        }
    }
}

/// The braced children of a node.
pub struct Children {
    pub brace: Brace,
    pub nodes: Vec<NodeSyntax>,
}

impl Parse for TreeInput {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let attrs = input.call(Attribute::parse_outer)?;
        let vis: Visibility = input.parse()?;
        if !input.peek(keyword::tree) {
            return Err(input.error(
                "expected `tree`: a behavior tree starts with `[pub] tree Name for ContextType { .. }`",
            ));
        }
        input.parse::<keyword::tree>()?;
        let name: Ident = input.parse()?;
        let mut generics = if input.peek(Token![<]) {
            input.parse::<syn::Generics>()?
        } else {
            syn::Generics::default()
        };
        check_generics(&generics)?;
        if !input.peek(Token![for]) {
            return Err(input.error(
                "expected `for` and the context type: `tree Name for ContextType { .. }`, or `tree Name<W: Trait> for W { .. }` for a generic tree",
            ));
        }
        input.parse::<Token![for]>()?;
        let (context, mut context_lifetimes) = context_type(input.parse()?)?;
        // A lifetime the tree declares is the struct's; the others are the functions'.
        context_lifetimes.retain(|lifetime| {
            !(generics.lifetimes()).any(|declared| declared.lifetime == *lifetime)
        });
        let mut error = None;
        let mut rng_context = None;
        loop {
            if input.peek(Token![where]) && generics.where_clause.is_none() {
                generics.where_clause = Some(where_clause(input)?);
                continue;
            }
            if !input.peek(Token![,]) {
                break;
            }
            input.parse::<Token![,]>()?;
            if input.peek(keyword::error) && error.is_none() {
                input.parse::<keyword::error>()?;
                error = Some(input.parse::<Type>()?);
            } else if input.peek(keyword::rng) && rng_context.is_none() {
                input.parse::<keyword::rng>()?;
                if !input.peek(Token![=]) || !input.peek2(keyword::context) {
                    return Err(input.error(
                        "expected `rng = context`: the random nodes draw from the context, which implements `bt::Rng` (without this option the tree holds its own `bt::SmallRng`)",
                    ));
                }
                input.parse::<Token![=]>()?;
                rng_context = Some(input.parse::<keyword::context>()?.span);
            } else {
                return Err(input.error(
                    "expected `error ErrorType` or `rng = context` after the context: `tree Name for ContextType, error ErrorType { .. }`, each option once",
                ));
            }
        }
        if !input.peek(Brace) {
            return Err(input.error("expected the tree's body: `{ RootNode { .. } }`"));
        }
        let content;
        let brace = braced!(content in input);
        let body: TokenStream = content.parse()?;
        if !input.is_empty() {
            return Err(
                input.error("unexpected tokens after the tree; one invocation defines one tree")
            );
        }
        Ok(TreeInput {
            header: Header {
                attrs,
                vis,
                name,
                generics,
                context,
                context_lifetimes,
                error,
                rng_context,
                body_span: brace.span.join(),
            },
            body,
        })
    }
}

/// `where W: Trait, ..`, before or after the options: a comma followed by an option ends it.
fn where_clause(input: ParseStream) -> syn::Result<syn::WhereClause> {
    let mut clause = syn::WhereClause {
        where_token: input.parse()?,
        predicates: syn::punctuated::Punctuated::new(),
    };
    while !input.peek(Brace) && !input.is_empty() {
        // Reported at the predicate's start, not where syn stopped (the body's brace).
        let start = input.span();
        let predicate = input.parse().map_err(|error| {
            syn::Error::new(
                start,
                format!(
                    "{error}: a where-clause bounds the tree's parameters, `where W: Trait, ..`"
                ),
            )
        })?;
        clause.predicates.push_value(predicate);
        let option_next = input.peek2(keyword::error) || input.peek2(keyword::rng);
        if !input.peek(Token![,]) || option_next {
            break;
        }
        clause.predicates.push_punct(input.parse()?);
    }
    Ok(clause)
}

/// A tree's own parameters are lifetimes and types, with bounds: a const parameter or a default
/// is refused at its token (a tree is built with `new()`, whose type names every parameter).
fn check_generics(generics: &syn::Generics) -> syn::Result<()> {
    for param in &generics.params {
        match param {
            syn::GenericParam::Const(param) => {
                return Err(syn::Error::new(
                    param.const_token.span,
                    "a tree cannot have a const parameter: give the value to a node as an expression or a blackboard entry, or make the context carry it",
                ))
            }
            syn::GenericParam::Type(param) => {
                if let Some(default) = &param.default {
                    return Err(syn::Error::new_spanned(
                        default,
                        "a tree's type parameter cannot have a default: remove `= ..` and name the type where the tree is built (`Guard::<Npc>::new()`) or let it be inferred from the context",
                    ));
                }
            }
            syn::GenericParam::Lifetime(_) => {}
        }
    }
    Ok(())
}

/// The context type as the generated functions take it, and its lifetimes. A trait object
/// without a lifetime (`dyn Game`) is `dyn Game + 'static`, the type the `BehaviorTree` impl
/// names, so that the inherent methods and the trait's agree; an anonymous lifetime gets a name.
fn context_type(context: Type) -> syn::Result<(Type, Vec<syn::Lifetime>)> {
    use proc_macro2::{Group, Punct, Spacing, TokenTree};
    fn rename(tokens: TokenStream, found: &mut Vec<syn::Lifetime>) -> TokenStream {
        let mut out = Vec::new();
        let mut tokens = tokens.into_iter().peekable();
        while let Some(token) = tokens.next() {
            match token {
                TokenTree::Punct(punct) if punct.as_char() == '\'' => {
                    let Some(TokenTree::Ident(name)) = tokens.next() else {
                        continue;
                    };
                    let name = if name == "_" {
                        Ident::new("__bt_ctx", name.span())
                    } else {
                        name
                    };
                    let lifetime = syn::Lifetime {
                        apostrophe: punct.span(),
                        ident: name.clone(),
                    };
                    if name != "static" && !found.contains(&lifetime) {
                        found.push(lifetime);
                    }
                    let mut apostrophe = Punct::new('\'', Spacing::Joint);
                    apostrophe.set_span(punct.span());
                    out.push(TokenTree::Punct(apostrophe));
                    out.push(TokenTree::Ident(name));
                }
                TokenTree::Group(group) => {
                    let mut inner = Group::new(group.delimiter(), rename(group.stream(), found));
                    inner.set_span(group.span());
                    out.push(TokenTree::Group(inner));
                }
                other => out.push(other),
            }
        }
        out.into_iter().collect()
    }
    let mut lifetimes = Vec::new();
    let tokens = rename(quote::ToTokens::into_token_stream(context), &mut lifetimes);
    let mut context: Type = syn::parse2(tokens)?;
    if let Type::TraitObject(object) = &mut context {
        let has_lifetime =
            (object.bounds.iter()).any(|bound| matches!(bound, syn::TypeParamBound::Lifetime(_)));
        if !has_lifetime {
            object.bounds.push(syn::parse_quote!('static));
        }
    }
    if let Type::TraitObject(_) = context {
        // `&mut dyn A + 'b` does not parse: `&mut (dyn A + 'b)`.
        context = Type::Paren(syn::TypeParen {
            paren_token: Default::default(),
            elem: Box::new(context),
        });
    }
    Ok((context, lifetimes))
}

/// The body of a tree: an optional blackboard section, then the root node (the model checks
/// there is exactly one).
pub struct Body {
    pub blackboard: Option<BlackboardSyntax>,
    pub roots: Vec<NodeSyntax>,
}

/// `blackboard { name: Type = initial, .. }`.
pub struct BlackboardSyntax {
    pub entries: Vec<EntrySyntax>,
}

/// One entry: `#[doc] name: Type` with an optional `= initial` (else `Default`).
pub struct EntrySyntax {
    pub attrs: Vec<Attribute>,
    pub name: Ident,
    pub ty: Type,
    pub init: Option<syn::Expr>,
}

/// Parses the body of a tree: its blackboard section and its root nodes, whose children stay
/// unparsed ([`shallow`]).
pub fn parse_body(body: TokenStream) -> syn::Result<Body> {
    let (body, mut nested) = shallow(body);
    let mut body = (|input: ParseStream| {
        let blackboard = if input.peek(Ident) && input.peek2(Brace) && {
            let fork = input.fork();
            fork.parse::<Ident>()? == kw::BLACKBOARD
        } {
            Some(input.parse()?)
        } else {
            None
        };
        if blackboard.is_some() && starts_blackboard(input) {
            let second: Ident = input.parse()?;
            return Err(syn::Error::new(
                second.span(),
                "a tree has one `blackboard { .. }` section: put these entries in the first one",
            ));
        }
        let roots = parse_nodes(input)?;
        Ok(Body { blackboard, roots })
    })
    .parse2(body)?;
    restore(&mut body.roots, &mut nested);
    Ok(body)
}

impl Parse for BlackboardSyntax {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        input.parse::<Ident>()?;
        let content;
        braced!(content in input);
        let mut entries = Vec::new();
        while !content.is_empty() {
            entries.push(content.parse()?);
            if !content.is_empty() {
                content.parse::<Token![,]>()?;
            }
        }
        Ok(BlackboardSyntax { entries })
    }
}

impl Parse for EntrySyntax {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let attrs = input.call(Attribute::parse_outer)?;
        let name: Ident = input.parse()?;
        if !input.peek(Token![:]) {
            return Err(input.error(format!(
                "expected `: Type` after the entry name: `{name}: Type` or `{name}: Type = initial_value`"
            )));
        }
        input.parse::<Token![:]>()?;
        let ty: Type = input.parse()?;
        let init = if input.peek(Token![=]) {
            input.parse::<Token![=]>()?;
            Some(input.parse()?)
        } else {
            None
        };
        Ok(EntrySyntax {
            attrs,
            name,
            ty,
            init,
        })
    }
}

/// `blackboard {` next.
fn starts_blackboard(input: ParseStream) -> bool {
    input.peek(Ident) && input.peek2(Brace) && {
        let fork = input.fork();
        fork.parse::<Ident>()
            .is_ok_and(|word| word == kw::BLACKBOARD)
    }
}

/// A list of nodes, each optionally followed by a comma.
fn parse_nodes(input: ParseStream) -> syn::Result<Vec<NodeSyntax>> {
    let mut nodes = Vec::new();
    while !input.is_empty() {
        nodes.push(input.parse()?);
        if input.peek(Token![,]) {
            input.parse::<Token![,]>()?;
        }
    }
    Ok(nodes)
}

impl Parse for NodeSyntax {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let case = if input.peek(keyword::case) {
            let case: keyword::case = input.parse()?;
            let value = syn::Expr::parse_without_eager_brace(input)?;
            input.parse::<Token![=>]>()?;
            Some(Case::Value(Box::new(value), case.span))
        } else if input.peek(Token![_]) && input.peek2(Token![=>]) {
            let default: Token![_] = input.parse()?;
            input.parse::<Token![=>]>()?;
            Some(Case::Default(default.span))
        } else {
            None
        };
        let attrs = input.call(Attribute::parse_outer)?;
        if !input.peek(Ident) {
            return Err(input.error(
                "expected a node: a kind such as `Sequence { .. }`, or a leaf such as `Condition(Type)`",
            ));
        }
        if starts_blackboard(input) {
            let word: Ident = input.parse()?;
            return Err(syn::Error::new(
                word.span(),
                "the `blackboard { .. }` section comes first in the tree's body, before the root node (and there is one section per tree)",
            ));
        }
        let kind: Ident = input.parse()?;
        if input.peek(Token![::]) {
            return Err(syn::Error::new(
                kind.span(),
                format!(
                    "expected a node kind, found a path; a leaf type is written inside a leaf kind: `Condition({kind}::..)`, `Action(..)` or `StatefulAction(..)`"
                ),
            ));
        }
        let grammar = kinds::lookup(&kind.to_string()).map(|spec| spec.grammar);
        let (args, arg_tokens) = if input.peek(Paren) {
            let content;
            let paren = parenthesized!(content in input);
            let arg_tokens: TokenStream = content.fork().parse()?;
            let args = match grammar {
                Some(grammar) => args::parse(grammar, &kind, Some((paren, &content)))?,
                None => {
                    content.parse::<TokenStream>()?;
                    Args::Unread
                }
            };
            (args, arg_tokens)
        } else {
            let args = match grammar {
                Some(grammar) => args::parse(grammar, &kind, None)?,
                None => Args::Unread,
            };
            (args, TokenStream::new())
        };
        let children = if input.peek(Brace) {
            Some(ChildNodes::Written(input.parse::<proc_macro2::Group>()?))
        } else {
            None
        };
        Ok(NodeSyntax {
            case,
            attrs,
            kind,
            args,
            arg_tokens,
            children,
            xml: None,
        })
    }
}
