//! Reading the invocation: its items (`xml = ".."` or `xml_text = ".."`, `tree = ".."`,
//! `nodes { .. }`, `blackboard { .. }`), the XML text they name, and the XML document, with the
//! depth limit checked before roxmltree parses it.

use proc_macro2::{Ident, Span, TokenStream};
use quote::quote_spanned;
use roxmltree::Document;
use syn::parse::{ParseStream, Parser};
use syn::{braced, parenthesized, LitStr, Token};

use crate::parse::EntrySyntax;

/// Where the XML comes from.
pub(super) enum Source {
    /// `xml = "path"`, relative to the crate's root (`CARGO_MANIFEST_DIR`).
    File(LitStr),
    /// `xml_text = "<root ..>"`.
    Text(LitStr),
}

impl Source {
    pub(super) fn lit(&self) -> &LitStr {
        match self {
            Source::File(lit) | Source::Text(lit) => lit,
        }
    }
}

/// `ID = Kind(args)` in `nodes { .. }`: the leaf (or tree) a BehaviorTree.CPP ID stands for.
pub(super) struct Mapping {
    pub(super) id: String,
    pub(super) kind: Ident,
    /// The tokens between the parentheses, as written.
    pub(super) args: TokenStream,
}

/// The invocation's items.
pub(super) struct XmlInput {
    pub(super) source: Source,
    pub(super) tree: Option<LitStr>,
    pub(super) nodes: Vec<Mapping>,
    pub(super) blackboard: Vec<EntrySyntax>,
}

const XML_USAGE: &str = "an XML tree takes `xml = \"path/relative/to/the/crate.xml\"` (or `xml_text = \"<root ..>\"`), then optionally `tree = \"TreeID\"`, `nodes { ID = Action(Type), .. }` and `blackboard { entry: Type, .. }`";

/// The kinds a BehaviorTree.CPP ID can be mapped to: the leaves of a type, a tree, and the
/// user's own control nodes and decorators.
pub(super) const MAPPED_KINDS: &[&str] = &[
    "Condition",
    "Action",
    "StatefulAction",
    "SubTree",
    "Control",
    "Decorator",
];

/// The items read so far.
#[derive(Default)]
struct Items {
    source: Option<Source>,
    tree: Option<LitStr>,
    nodes: Option<Vec<Mapping>>,
    blackboard: Option<Vec<EntrySyntax>>,
}

pub(super) fn parse_input(body: TokenStream, body_span: Span) -> syn::Result<XmlInput> {
    let parser = |input: ParseStream| {
        let mut items = Items::default();
        while !input.is_empty() {
            items.item(input)?;
            if input.peek(Token![,]) {
                input.parse::<Token![,]>()?;
            }
        }
        let source = items.source.ok_or_else(|| {
            syn::Error::new(body_span, format!("the XML is missing; {XML_USAGE}"))
        })?;
        Ok(XmlInput {
            source,
            tree: items.tree,
            nodes: items.nodes.unwrap_or_default(),
            blackboard: items.blackboard.unwrap_or_default(),
        })
    };
    parser.parse2(body)
}

impl Items {
    /// One item, without the comma after it.
    fn item(&mut self, input: ParseStream) -> syn::Result<()> {
        let key: Ident = input.parse().map_err(|error| {
            syn::Error::new(error.span(), format!("expected an item: {XML_USAGE}"))
        })?;
        let name = key.to_string();
        let twice = || syn::Error::new(key.span(), format!("`{name}` is given twice"));
        match name.as_str() {
            "xml" | "xml_text" | "tree" => self.string_item(input, &key)?,
            "nodes" => {
                if self.nodes.is_some() {
                    return Err(twice());
                }
                let content;
                braced!(content in input);
                self.nodes = Some(mappings(&content)?);
            }
            "blackboard" => {
                if self.blackboard.is_some() {
                    return Err(twice());
                }
                let content;
                braced!(content in input);
                let mut entries = Vec::new();
                while !content.is_empty() {
                    entries.push(content.parse::<EntrySyntax>()?);
                    if !content.is_empty() {
                        content.parse::<Token![,]>()?;
                    }
                }
                self.blackboard = Some(entries);
            }
            _ => {
                return Err(syn::Error::new(
                    key.span(),
                    format!("unknown item `{name}`; {XML_USAGE}"),
                ))
            }
        }
        Ok(())
    }

    /// `xml = ".."`, `xml_text = ".."` or `tree = ".."`, after its key.
    fn string_item(&mut self, input: ParseStream, key: &Ident) -> syn::Result<()> {
        let name = key.to_string();
        if !input.peek(Token![=]) {
            return Err(input.error(format!("expected `=` after `{name}`")));
        }
        input.parse::<Token![=]>()?;
        let lit: LitStr = input.parse().map_err(|error| {
            let what = match name.as_str() {
                "xml" => "the XML file's path, relative to the crate's root",
                "xml_text" => "the XML text",
                _ => "the ID of the tree to compile",
            };
            syn::Error::new(error.span(), format!("expected a string literal: {what}"))
        })?;
        if name == "tree" {
            if self.tree.is_some() {
                return Err(syn::Error::new(
                    key.span(),
                    format!("`{name}` is given twice"),
                ));
            }
            self.tree = Some(lit);
            return Ok(());
        }
        if self.source.is_some() {
            return Err(syn::Error::new(
                key.span(),
                "the XML is given twice: write either `xml = \"path\"` or `xml_text = \"..\"`",
            ));
        }
        self.source = Some(if name == "xml" {
            Source::File(lit)
        } else {
            Source::Text(lit)
        });
        Ok(())
    }
}

/// `ID = Kind(args)` or `Kind(Type, ..)` (the ID is the type's name), comma-separated.
fn mappings(input: ParseStream) -> syn::Result<Vec<Mapping>> {
    let mut out: Vec<Mapping> = Vec::new();
    while !input.is_empty() {
        let (mapping, id_span) = mapping(input)?;
        if out.iter().any(|earlier| earlier.id == mapping.id) {
            let message = format!("`{}` is mapped twice", mapping.id);
            return Err(syn::Error::new(id_span, message));
        }
        out.push(mapping);
        if !input.is_empty() {
            input.parse::<Token![,]>()?;
        }
    }
    Ok(out)
}

/// One mapping, and the span of its ID (the kind's when the ID is the type's name).
fn mapping(input: ParseStream) -> syn::Result<(Mapping, Span)> {
    let id = if input.peek(LitStr) && input.peek2(Token![=]) {
        let lit: LitStr = input.parse()?;
        input.parse::<Token![=]>()?;
        Some((lit.value(), lit.span()))
    } else if input.peek(syn::Ident) && input.peek2(Token![=]) {
        let ident: Ident = input.parse()?;
        input.parse::<Token![=]>()?;
        Some((syn::ext::IdentExt::unraw(&ident).to_string(), ident.span()))
    } else {
        None
    };
    let kind: Ident = input.parse().map_err(|error| {
        syn::Error::new(
            error.span(),
            "expected a node mapping: `ID = Action(Type)` (or `Condition`, `StatefulAction`, `SubTree`, `Control`, `Decorator`), or `Action(Type)` for an ID named like the type",
        )
    })?;
    if !MAPPED_KINDS.iter().any(|known| kind == known) {
        return Err(syn::Error::new(
            kind.span(),
            format!("a BehaviorTree.CPP ID maps to `Condition(Type)`, `Action(Type)`, `StatefulAction(Type)`, `SubTree(Tree)`, or a control node or decorator of yours, `Control(Type)` or `Decorator(Type)`; not `{kind}`"),
        ));
    }
    if !input.peek(syn::token::Paren) {
        return Err(input.error(format!("expected `{kind}(Type)`")));
    }
    let content;
    let paren = parenthesized!(content in input);
    let args: TokenStream = content.parse()?;
    let (id, id_span) = match id {
        Some(id) => id,
        None => match type_name(args.clone()) {
            Some(name) => (name, kind.span()),
            None => {
                return Err(syn::Error::new(
                    paren.span.join(),
                    format!(
                    "expected a type, whose name is the XML ID; or write the ID: `ID = {kind}(..)`"
                ),
                ))
            }
        },
    };
    Ok((Mapping { id, kind, args }, id_span))
}

/// The name of the type at the start of a leaf's arguments (its last path segment).
fn type_name(args: TokenStream) -> Option<String> {
    let parser = |input: ParseStream| {
        let ty: syn::Type = input.parse()?;
        input.parse::<TokenStream>()?;
        Ok(ty)
    };
    match parser.parse2(args).ok()? {
        syn::Type::Path(path) => path
            .path
            .segments
            .last()
            .map(|segment| syn::ext::IdentExt::unraw(&segment.ident).to_string()),
        _ => None,
    }
}

/// The XML text, the name errors give it, and the item that makes cargo rebuild when it changes.
pub(super) struct Loaded {
    pub(super) text: String,
    pub(super) display: String,
    pub(super) tracking: TokenStream,
}

pub(super) fn read(source: &Source) -> syn::Result<Loaded> {
    match source {
        Source::Text(lit) => Ok(Loaded {
            text: lit.value(),
            display: "xml_text".to_owned(),
            tracking: TokenStream::new(),
        }),
        Source::File(lit) => read_file(lit),
    }
}

fn read_file(lit: &LitStr) -> syn::Result<Loaded> {
    let written = lit.value();
    let base = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_default();
    let path = base.join(&written);
    let text = std::fs::read_to_string(&path).map_err(|error| {
        syn::Error::new(
            lit.span(),
            format!(
                "cannot read the XML file `{written}` (a path relative to the crate's root, the directory of its Cargo.toml): {error}"
            ),
        )
    })?;
    // Rebuild when the file changes: the compiler tracks files that `include_bytes!` reads.
    let tracking = match path.to_str() {
        Some(absolute) => {
            let absolute = LitStr::new(absolute, lit.span());
            quote_spanned!(lit.span()=> const _: &[u8] = ::core::include_bytes!(#absolute);)
        }
        None => TokenStream::new(),
    };
    Ok(Loaded {
        text,
        display: written,
        tracking,
    })
}

/// How many levels an XML tree may nest below its `<BehaviorTree>` (its root node is level 1).
///
/// There are two depth limits, and this is the lower one. The model's,
/// [`crate::model::MAX_DEPTH`] (3,000), is what rustc can build: no stage of the macro recurses
/// per level. The XML front end cannot reach it: roxmltree's parser recurses once per element
/// (`parse_element` → `parse_content` → `parse_element`), and overflowed the stack rustc runs
/// the macro on (8 MiB) at 2,000 levels; the translation to the DSL recurses too. So the document
/// is scanned for its depth before roxmltree sees it ([`too_deep`]), against this limit. A tree
/// translated from the XML is therefore always within the model's limit.
pub(super) const XML_MAX_DEPTH: usize = 1_000;

const _: () = assert!(XML_MAX_DEPTH <= crate::model::MAX_DEPTH);

/// The levels of a document above a tree's root: `<root>` and `<BehaviorTree>`.
const DOCUMENT_LEVELS: usize = 2;

/// The XML document, or its first well-formedness error at its line and column. A document
/// nested deeper than [`XML_MAX_DEPTH`] is rejected before it is parsed.
pub(super) fn parse_document(source: &Loaded, span: Span) -> syn::Result<Document<'_>> {
    if let Some((pos, depth)) = too_deep(&source.text, XML_MAX_DEPTH + DOCUMENT_LEVELS) {
        let (row, col) = row_col(&source.text, pos);
        return Err(syn::Error::new(
            span,
            format!(
                "{}:{row}:{col}: this element is nested {depth} levels deep; a tree nests at most {XML_MAX_DEPTH} levels below its `<BehaviorTree>`: flatten it under a `Sequence`, or move part of it into another `<BehaviorTree>` used as a `<SubTree>`",
                source.display
            ),
        ));
    }
    Document::parse(&source.text).map_err(|error| {
        let pos = error.pos();
        let message = error.to_string();
        let suffix = format!(" at {}:{}", pos.row, pos.col);
        let message = message.strip_suffix(&suffix).unwrap_or(&message);
        syn::Error::new(
            span,
            format!(
                "{}:{}:{}: not well-formed XML: {message}",
                source.display, pos.row, pos.col
            ),
        )
    })
}

/// The first element nested deeper than `limit` elements (its byte offset, and its depth below
/// the [`DOCUMENT_LEVELS`]), found by a linear scan of the text that needs no stack: comments,
/// CDATA sections, processing instructions and declarations are skipped, quoted attribute values
/// may hold `>`, and `<a/>` opens no level. Malformed text is left to the parser, which reports
/// it.
pub(super) fn too_deep(text: &str, limit: usize) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let skip_to = |from: usize, end: &str| {
        text[from..]
            .find(end)
            .map_or(bytes.len(), |at| from + at + end.len())
    };
    let (mut at, mut depth) = (0, 0usize);
    while let Some(offset) = text[at..].find('<') {
        let start = at + offset;
        let rest = &text[start..];
        if rest.starts_with("<!--") {
            at = skip_to(start, "-->");
        } else if rest.starts_with("<![CDATA[") {
            at = skip_to(start, "]]>");
        } else if rest.starts_with("<?") {
            at = skip_to(start, "?>");
        } else if rest.starts_with("<!") {
            at = skip_to(start, ">");
        } else if rest.starts_with("</") {
            depth = depth.saturating_sub(1);
            at = skip_to(start, ">");
        } else {
            let end = start_tag_end(bytes, start);
            if depth + 1 > limit {
                return Some((start, depth + 1 - DOCUMENT_LEVELS));
            }
            // `<a/>` is an element at this depth that opens no level.
            let empty = end > start + 1 && bytes[end - 1] == b'/';
            if !empty {
                depth += 1;
            }
            at = (end + 1).min(bytes.len());
        }
    }
    None
}

/// The offset of the `>` that ends the start tag at `start`, past quoted values (the text's end
/// if there is none).
fn start_tag_end(bytes: &[u8], start: usize) -> usize {
    let mut i = start + 1;
    let mut quote = None;
    while i < bytes.len() {
        match (quote, bytes[i]) {
            (None, b'"' | b'\'') => quote = Some(bytes[i]),
            (Some(q), c) if c == q => quote = None,
            (None, b'>') => break,
            _ => {}
        }
        i += 1;
    }
    i
}

/// The line and column (from 1, in characters) of byte `pos` of `text`.
pub(super) fn row_col(text: &str, pos: usize) -> (usize, usize) {
    let before = &text[..pos];
    let row = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |at| at + 1);
    (row, before[line_start..].chars().count() + 1)
}
