//! The XML front end: a tree drawn in Groot2 (BehaviorTree.CPP 4 XML) compiled like a tree written
//! in the DSL.
//!
//! ```text
//! behavior_tree! {
//!     pub tree Patrol for World {
//!         xml = "trees/patrol.xml",          // or xml_text = r#"<root ..>"#
//!         tree = "MainTree",                 // optional
//!         nodes { MoveTo = StatefulAction(MoveTo), Condition(BatteryOk), .. }
//!         blackboard { target: (i32, i32) }  // optional
//!     }
//! }
//! ```
//!
//! The front end only translates: it reads the XML with roxmltree, builds the DSL's own token
//! stream for each tree (`tree Name for Ctx { blackboard { .. } Root { .. } }`) and runs the
//! usual pipeline (`crate::expand::behavior_tree`) on it. BehaviorTree.CPP's node names and
//! attributes map to DSL kinds and arguments through one table ([`table`]); scripts translate
//! through [`script`]. Errors found here name the XML file, line and column and are spanned at
//! the `xml = ".."` literal; so is every token generated from the XML, so that rustc's errors on
//! the generated code (a port's type, a missing trait) point there too.

mod script;
mod table;

use std::collections::{HashMap, HashSet, VecDeque};

use proc_macro2::{Delimiter, Group, Ident, Literal, Span, TokenStream, TokenTree};
use quote::{quote, quote_spanned, ToTokens};
use roxmltree::{Document, Node as XNode};
use syn::parse::{ParseStream, Parser};
use syn::{braced, parenthesized, LitStr, Token};

use crate::codegen;
use crate::kinds::{self, Arity};
use crate::model::edit_distance;
use crate::parse::{BlackboardSyntax, EntrySyntax, Header};
use script::{Expr, Stmt};
use table::{Form, Row};

/// True when a tree's body is the XML form: it has `xml = ..`, `xml_text = ..` or `tree = ..` at
/// its top level (no DSL body has an identifier followed by `=` there), or `nodes { .. }` (not a
/// DSL kind).
pub fn is_xml_body(body: &TokenStream) -> bool {
    let tokens: Vec<TokenTree> = body.clone().into_iter().collect();
    tokens.windows(2).any(|pair| match (&pair[0], &pair[1]) {
        (TokenTree::Ident(key), TokenTree::Punct(eq)) => {
            eq.as_char() == '=' && (key == "xml" || key == "xml_text" || key == "tree")
        }
        (TokenTree::Ident(key), TokenTree::Group(group)) => {
            key == "nodes" && group.delimiter() == Delimiter::Brace
        }
        _ => false,
    })
}

/// Expands a tree whose body is the XML form: every tree it uses, each through the DSL pipeline.
pub fn expand(header: Header, body: TokenStream) -> TokenStream {
    let input = match parse_input(body, header.body_span) {
        Ok(input) => input,
        Err(error) => return with_stub(error, &header),
    };
    let source = match read(&input.source) {
        Ok(source) => source,
        Err(error) => return with_blackboard_stub(error, header, input.blackboard),
    };
    let doc = match parse_document(&source, input.source.lit().span()) {
        Ok(doc) => doc,
        Err(error) => return with_blackboard_stub(error, header, input.blackboard),
    };
    let mut out = source.tracking.clone();
    let translated = translate(&header, &input, &doc, &source.display);
    match translated {
        Ok(trees) => {
            for tree in trees {
                // Generated tokens: the header always parses.
                match syn::parse2::<crate::parse::TreeInput>(tree) {
                    Ok(tree) => out.extend(crate::pipeline::tree(tree.header, tree.body)),
                    Err(error) => out.extend(error.to_compile_error()),
                }
            }
            out
        }
        Err(error) => {
            drop(doc);
            out.extend(with_blackboard_stub(error, header, input.blackboard));
            out
        }
    }
}

/// The error, then a stub of the tree with the entries the invocation declares (`blackboard {
/// attempts: u32 }`), as a DSL tree's stub keeps its blackboard: code that reads them
/// (`tree.blackboard().attempts`) sees no follow-on errors. Entries known only from the XML have
/// no type until it translates, so the stub lacks them.
fn with_blackboard_stub(
    error: syn::Error,
    header: Header,
    entries: Vec<EntrySyntax>,
) -> TokenStream {
    if entries.is_empty() {
        return with_stub(error, &header);
    }
    let mut out = error.to_compile_error();
    let tree = crate::model::Tree::without_nodes(header, BlackboardSyntax { entries });
    out.extend(codegen::stub(&tree.header, Some(&tree)));
    out
}

/// The XML document, or its first well-formedness error at its line and column. A document
/// nested deeper than the trees may be is rejected before it is parsed: roxmltree's parser
/// recurses once per level, and overflowed the stack rustc runs the macro on at 2,000 levels.
fn parse_document(source: &Loaded, span: Span) -> syn::Result<Document<'_>> {
    if let Some((pos, depth)) = too_deep(&source.text, MAX_DEPTH + DOCUMENT_LEVELS) {
        let (row, col) = row_col(&source.text, pos);
        return Err(syn::Error::new(
            span,
            format!(
                "{}:{row}:{col}: this element is nested {depth} levels deep; a tree nests at most {MAX_DEPTH} levels below its `<BehaviorTree>`: flatten it under a `Sequence`, or move part of it into another `<BehaviorTree>` used as a `<SubTree>`",
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

fn with_stub(error: syn::Error, header: &Header) -> TokenStream {
    let mut out = error.to_compile_error();
    out.extend(codegen::stub(header, None));
    out
}

// ---------------------------------------------------------------------------------------------
// The invocation.

/// Where the XML comes from.
enum Source {
    /// `xml = "path"`, relative to the crate's root (`CARGO_MANIFEST_DIR`).
    File(LitStr),
    /// `xml_text = "<root ..>"`.
    Text(LitStr),
}

impl Source {
    fn lit(&self) -> &LitStr {
        match self {
            Source::File(lit) | Source::Text(lit) => lit,
        }
    }
}

/// `ID = Kind(args)` in `nodes { .. }`: the leaf (or tree) a BehaviorTree.CPP ID stands for.
struct Mapping {
    id: String,
    kind: Ident,
    /// The tokens between the parentheses, as written.
    args: TokenStream,
}

struct XmlInput {
    source: Source,
    tree: Option<LitStr>,
    nodes: Vec<Mapping>,
    blackboard: Vec<EntrySyntax>,
}

const XML_USAGE: &str = "an XML tree takes `xml = \"path/relative/to/the/crate.xml\"` (or `xml_text = \"<root ..>\"`), then optionally `tree = \"TreeID\"`, `nodes { ID = Action(Type), .. }` and `blackboard { entry: Type, .. }`";

/// The leaf kinds a BehaviorTree.CPP ID can be mapped to.
const MAPPED_KINDS: &[&str] = &["Condition", "Action", "StatefulAction", "SubTree"];

fn parse_input(body: TokenStream, body_span: Span) -> syn::Result<XmlInput> {
    let parser = |input: ParseStream| {
        let mut source = None;
        let mut tree = None;
        let mut nodes: Option<Vec<Mapping>> = None;
        let mut blackboard: Option<Vec<EntrySyntax>> = None;
        while !input.is_empty() {
            let key: Ident = input.parse().map_err(|error| {
                syn::Error::new(error.span(), format!("expected an item: {XML_USAGE}"))
            })?;
            let name = key.to_string();
            let twice = || syn::Error::new(key.span(), format!("`{name}` is given twice"));
            match name.as_str() {
                "xml" | "xml_text" | "tree" => {
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
                        if tree.is_some() {
                            return Err(twice());
                        }
                        tree = Some(lit);
                    } else {
                        if source.is_some() {
                            return Err(syn::Error::new(
                                key.span(),
                                "the XML is given twice: write either `xml = \"path\"` or `xml_text = \"..\"`",
                            ));
                        }
                        source = Some(if name == "xml" {
                            Source::File(lit)
                        } else {
                            Source::Text(lit)
                        });
                    }
                }
                "nodes" => {
                    if nodes.is_some() {
                        return Err(twice());
                    }
                    let content;
                    braced!(content in input);
                    nodes = Some(mappings(&content)?);
                }
                "blackboard" => {
                    if blackboard.is_some() {
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
                    blackboard = Some(entries);
                }
                _ => {
                    return Err(syn::Error::new(
                        key.span(),
                        format!("unknown item `{name}`; {XML_USAGE}"),
                    ))
                }
            }
            if input.peek(Token![,]) {
                input.parse::<Token![,]>()?;
            }
        }
        let source = source.ok_or_else(|| {
            syn::Error::new(body_span, format!("the XML is missing; {XML_USAGE}"))
        })?;
        Ok(XmlInput {
            source,
            tree,
            nodes: nodes.unwrap_or_default(),
            blackboard: blackboard.unwrap_or_default(),
        })
    };
    parser.parse2(body)
}

/// `ID = Kind(args)` or `Kind(Type, ..)` (the ID is the type's name), comma-separated.
fn mappings(input: ParseStream) -> syn::Result<Vec<Mapping>> {
    let mut out: Vec<Mapping> = Vec::new();
    while !input.is_empty() {
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
                "expected a node mapping: `ID = Action(Type)` (or `Condition`, `StatefulAction`, `SubTree`), or `Action(Type)` for an ID named like the type",
            )
        })?;
        if !MAPPED_KINDS.iter().any(|known| kind == known) {
            return Err(syn::Error::new(
                kind.span(),
                format!("a BehaviorTree.CPP ID maps to `Condition(Type)`, `Action(Type)`, `StatefulAction(Type)` or `SubTree(Tree)`, not `{kind}`"),
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
                        format!("expected a type, whose name is the XML ID; or write the ID: `ID = {kind}(..)`"),
                    ))
                }
            },
        };
        if out.iter().any(|earlier| earlier.id == id) {
            return Err(syn::Error::new(id_span, format!("`{id}` is mapped twice")));
        }
        out.push(Mapping { id, kind, args });
        if !input.is_empty() {
            input.parse::<Token![,]>()?;
        }
    }
    Ok(out)
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
struct Loaded {
    text: String,
    display: String,
    tracking: TokenStream,
}

fn read(source: &Source) -> syn::Result<Loaded> {
    let lit = source.lit();
    match source {
        Source::Text(_) => Ok(Loaded {
            text: lit.value(),
            display: "xml_text".to_owned(),
            tracking: TokenStream::new(),
        }),
        Source::File(_) => {
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
            // Rebuild when the file changes: the compiler tracks files that `include_bytes!`
            // reads.
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
    }
}

// ---------------------------------------------------------------------------------------------
// The translation: XML → one intermediate tree per BehaviorTree used → the DSL.

/// A node of a `<TreeNodesModel>`.
struct Model<'a> {
    category: &'a str,
    ports: Vec<ModelPort<'a>>,
}

struct ModelPort<'a> {
    name: &'a str,
    ty: Option<&'a str>,
    pos: usize,
}

/// A tree to generate: the main tree (index 0) and each `<BehaviorTree>` a `SubTree` runs.
struct TreeIr {
    id: String,
    ident: Ident,
    root: Option<NodeIr>,
}

struct NodeIr {
    name: Option<String>,
    /// The DSL attribute and its script.
    conditions: Vec<(&'static str, Script)>,
    kind: KindIr,
    children: Vec<NodeIr>,
}

enum Script {
    Test(Expr),
    Act(Vec<(String, &'static str, Expr)>),
}

enum KindIr {
    BuiltIn {
        row: &'static Row,
        args: Vec<(&'static str, Arg)>,
    },
    Leaf {
        mapping: usize,
        ports: Vec<(String, Value)>,
    },
    SubTree {
        target: Target,
        remaps: Vec<(String, Value)>,
        autoremap: bool,
    },
    /// After an error.
    Invalid,
}

enum Arg {
    /// Already DSL text (a count, a flag, an entry's name).
    Text(String),
    Value(Value),
    Script(Script),
}

#[derive(Clone)]
enum Value {
    Entry(String),
    Literal(String),
}

#[derive(Clone, Copy)]
enum Target {
    /// A tree generated from this file (its index).
    Generated(usize),
    /// `nodes { ID = SubTree(Type) }` (the mapping's index).
    Mapped(usize),
}

/// A blackboard entry of one tree; entries joined by remapping are one class (union-find).
struct EntryInfo {
    tree: usize,
    name: String,
    /// Used by a node of its own tree (else only there for a remapping).
    used: bool,
    /// Types from `<TreeNodesModel>` ports bound to it.
    model_types: Vec<String>,
    /// Used by an update node (`WasEntryUpdated`, ..): tracked.
    updates: bool,
}

/// Every entry of every tree, by (tree, name), in first-use order.
#[derive(Default)]
struct EntryTable {
    index: HashMap<(usize, String), usize>,
    infos: Vec<EntryInfo>,
    parent: Vec<usize>,
}

impl EntryTable {
    fn get(&mut self, tree: usize, name: &str) -> usize {
        if let Some(&index) = self.index.get(&(tree, name.to_owned())) {
            return index;
        }
        let index = self.infos.len();
        self.index.insert((tree, name.to_owned()), index);
        self.infos.push(EntryInfo {
            tree,
            name: name.to_owned(),
            used: false,
            model_types: Vec::new(),
            updates: false,
        });
        self.parent.push(index);
        index
    }

    fn find(&mut self, mut index: usize) -> usize {
        while self.parent[index] != index {
            self.parent[index] = self.parent[self.parent[index]];
            index = self.parent[index];
        }
        index
    }

    fn union(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            self.parent[b.max(a)] = a.min(b);
        }
    }
}

/// A `SubTree` node running a tree of this file: for `_autoremap` and the cycle check.
struct SubUse {
    parent: usize,
    child: usize,
    autoremap: bool,
    pos: usize,
}

/// The deepest nesting accepted (the DSL pipeline is tested to 1,000 levels).
const MAX_DEPTH: usize = 1_000;

/// The levels of a document above a tree's root: `<root>` and `<BehaviorTree>`.
const DOCUMENT_LEVELS: usize = 2;

/// The first element nested deeper than `limit` elements (its byte offset, and its depth below
/// the [`DOCUMENT_LEVELS`]), found by
/// a linear scan of the text that needs no stack: comments, CDATA sections, processing
/// instructions and declarations are skipped, quoted attribute values may hold `>`, and
/// `<a/>` opens no level. Malformed text is left to the parser, which reports it.
fn too_deep(text: &str, limit: usize) -> Option<(usize, usize)> {
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
            // A start tag: to its `>`, past quoted values.
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
            if depth + 1 > limit {
                return Some((start, depth + 1 - DOCUMENT_LEVELS));
            }
            // `<a/>` is an element at this depth that opens no level.
            let empty = i > start + 1 && bytes[i - 1] == b'/';
            if !empty {
                depth += 1;
            }
            at = (i + 1).min(bytes.len());
        }
    }
    None
}

/// The line and column (from 1, in characters) of byte `pos` of `text`.
fn row_col(text: &str, pos: usize) -> (usize, usize) {
    let before = &text[..pos];
    let row = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |at| at + 1);
    (row, before[line_start..].chars().count() + 1)
}

struct Tr<'a> {
    header: &'a Header,
    input: &'a XmlInput,
    doc: &'a Document<'a>,
    display: &'a str,
    span: Span,
    errors: Vec<String>,
    /// `<BehaviorTree>` elements by ID.
    tree_elems: HashMap<&'a str, XNode<'a, 'a>>,
    models: HashMap<&'a str, Model<'a>>,
    trees: Vec<TreeIr>,
    /// Generated trees by ID.
    tree_index: HashMap<String, usize>,
    queue: VecDeque<(usize, XNode<'a, 'a>)>,
    entries: EntryTable,
    uses: Vec<SubUse>,
    /// Resolved entry types (by entry index) and tracked classes, after `resolve`.
    types: Vec<Option<TokenStream>>,
    tracked: Vec<bool>,
}

fn translate(
    header: &Header,
    input: &XmlInput,
    doc: &Document,
    display: &str,
) -> syn::Result<Vec<TokenStream>> {
    // Every generated token sits at the literal, with mixed-site hygiene: rustc reports there,
    // and offers no edit of the literal as a fix (its suggestions skip macro-made code).
    let span = Span::mixed_site().located_at(input.source.lit().span());
    let mut tr = Tr {
        header,
        input,
        doc,
        display,
        span,
        errors: Vec::new(),
        tree_elems: HashMap::new(),
        models: HashMap::new(),
        trees: Vec::new(),
        tree_index: HashMap::new(),
        queue: VecDeque::new(),
        entries: EntryTable::default(),
        uses: Vec::new(),
        types: Vec::new(),
        tracked: Vec::new(),
    };
    let main = tr.document()?;
    tr.trees.push(TreeIr {
        id: main.attribute("ID").unwrap_or_default().to_owned(),
        ident: header.name.clone(),
        root: None,
    });
    tr.tree_index.insert(tr.trees[0].id.clone(), 0);
    tr.queue.push_back((0, main));
    while let Some((index, elem)) = tr.queue.pop_front() {
        tr.trees[index].root = tr.tree_root(index, elem);
    }
    tr.check_cycles();
    if tr.errors.is_empty() {
        tr.autoremap();
        tr.resolve();
    }
    if !tr.errors.is_empty() {
        return Err(tr.error());
    }
    Ok((0..tr.trees.len())
        .map(|index| tr.emit_tree(index))
        .collect())
}

/// Splits `{key}`-style text: `Some(Ok(key))` for `{key}`, `Some(Err(()))` for `{=}`, `None` for a
/// literal.
fn entry_ref(text: &str) -> Option<Result<&str, ()>> {
    let trimmed = text.trim();
    if trimmed == "=" {
        return Some(Err(()));
    }
    let inner = trimmed.strip_prefix('{')?.strip_suffix('}')?.trim();
    if inner == "=" {
        Some(Err(()))
    } else {
        Some(Ok(inner))
    }
}

/// A BehaviorTree.CPP key or port name as a Rust identifier (raw for a keyword).
fn rust_ident(name: &str, span: Span) -> Option<Ident> {
    let mut chars = name.chars();
    let first = chars.next()?;
    if !(first.is_ascii_alphabetic() || first == '_')
        || !chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        || name == "_"
    {
        return None;
    }
    if syn::parse_str::<syn::Ident>(name).is_ok() {
        return Some(Ident::new(name, span));
    }
    if matches!(name, "self" | "Self" | "super" | "crate") {
        return None;
    }
    Some(Ident::new_raw(name, span))
}

/// The Rust type of a `<TreeNodesModel>` port's `type`: BehaviorTree.CPP's C++ names of the
/// primitive types, or the text as a Rust type (what `Tree::to_xml()` writes).
fn rust_type(text: &str) -> Option<String> {
    let text = text.trim();
    let known = match text {
        "std::string"
        | "string"
        | "std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >" => {
            "String"
        }
        "double" => "f64",
        "float" => "f32",
        "int" | "int32_t" => "i32",
        "unsigned" | "unsigned int" | "uint32_t" => "u32",
        "long" | "long long" | "int64_t" => "i64",
        "unsigned long" | "unsigned long long" | "uint64_t" => "u64",
        "short" | "int16_t" => "i16",
        "unsigned short" | "uint16_t" => "u16",
        "int8_t" | "signed char" => "i8",
        "uint8_t" | "unsigned char" => "u8",
        "size_t" | "std::size_t" => "usize",
        "char" => "char",
        "bool" => "bool",
        _ => {
            return syn::parse_str::<syn::Type>(text)
                .ok()
                .map(|ty| ty.to_token_stream().to_string())
        }
    };
    Some(known.to_owned())
}

/// Whether literal text is a Rust constant: a number, `true`/`false`, a char, a `Path::CONST`,
/// or a tuple or array of those. Other text is a string for the target's `From<&str>`.
fn is_rust_constant(text: &str) -> bool {
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

/// Gives every token of `tokens` the span `span`.
fn respan(tokens: TokenStream, span: Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|token| match token {
            TokenTree::Group(group) => {
                let mut new = Group::new(group.delimiter(), respan(group.stream(), span));
                new.set_span(span);
                TokenTree::Group(new)
            }
            mut other => {
                other.set_span(span);
                other
            }
        })
        .collect()
}

impl<'a> Tr<'a> {
    /// `file:line:column` of byte `pos`.
    fn loc(&self, pos: usize) -> String {
        let at = self.doc.text_pos_at(pos);
        format!("{}:{}:{}", self.display, at.row, at.col)
    }

    fn err(&mut self, pos: usize, message: impl AsRef<str>) {
        let message = format!("{}: {}", self.loc(pos), message.as_ref());
        self.errors.push(message);
    }

    fn error(&self) -> syn::Error {
        let mut errors = self
            .errors
            .iter()
            .map(|message| syn::Error::new(self.span, message));
        let mut combined = errors
            .next()
            .unwrap_or_else(|| syn::Error::new(self.span, "?"));
        for error in errors {
            combined.combine(error);
        }
        combined
    }

    fn fatal(&mut self, pos: usize, message: impl AsRef<str>) -> syn::Error {
        self.err(pos, message);
        self.error()
    }

    /// Reads `<root>`: the trees and the model; returns the main tree's element.
    fn document(&mut self) -> syn::Result<XNode<'a, 'a>> {
        let root = self.doc.root_element();
        if root.tag_name().name() != "root" {
            let name = root.tag_name().name().to_owned();
            return Err(self.fatal(
                root.range().start,
                format!("expected BehaviorTree.CPP's `<root>` element, found `<{name}>`"),
            ));
        }
        if let Some(format) = root.attribute("BTCPP_format") {
            if format.trim() != "4" {
                return Err(self.fatal(
                    root.range().start,
                    format!("this is BehaviorTree.CPP {format} XML; only format 4 (`BTCPP_format=\"4\"`) is supported"),
                ));
            }
        }
        let mut order = Vec::new();
        for child in root.children().filter(XNode::is_element) {
            let pos = child.range().start;
            match child.tag_name().name() {
                "BehaviorTree" => match child.attribute("ID") {
                    None => self.err(pos, "a `<BehaviorTree>` needs an `ID`"),
                    Some(id) if self.tree_elems.contains_key(id) => {
                        self.err(pos, format!("two `<BehaviorTree>`s have the ID `{id}`"))
                    }
                    Some(id) => {
                        order.push(id);
                        self.tree_elems.insert(id, child);
                    }
                },
                "TreeNodesModel" => self.model(child),
                "include" => self.err(
                    pos,
                    "`<include>` is not supported: put the trees in one file",
                ),
                other => {
                    let other = other.to_owned();
                    self.err(
                        pos,
                        format!("unexpected `<{other}>`: `<root>` holds `<BehaviorTree>`s and a `<TreeNodesModel>`"),
                    )
                }
            }
        }
        if !self.errors.is_empty() {
            return Err(self.error());
        }
        let known = || format_list(order.iter().copied());
        let main = match &self.input.tree {
            Some(lit) => {
                let id = lit.value();
                return match self.tree_elems.get(id.as_str()) {
                    Some(elem) => Ok(*elem),
                    None => Err(syn::Error::new(
                        lit.span(),
                        format!(
                            "{} has no `<BehaviorTree ID=\"{id}\">`; its trees: {}",
                            self.display,
                            known()
                        ),
                    )),
                };
            }
            None => match root.attribute("main_tree_to_execute") {
                Some(id) => self.tree_elems.get(id).copied().ok_or(id),
                None if order.len() == 1 => Ok(self.tree_elems[order[0]]),
                None => Err(""),
            },
        };
        main.map_err(|id| {
            let message = if id.is_empty() && order.is_empty() {
                "there is no `<BehaviorTree>`".to_owned()
            } else if id.is_empty() {
                format!("there are {} trees ({}) and no `main_tree_to_execute`: choose one with `tree = \"ID\"`", order.len(), known())
            } else {
                format!("`main_tree_to_execute` names `{id}`, but there is no such `<BehaviorTree>`; its trees: {}", known())
            };
            self.fatal(root.range().start, message)
        })
    }

    /// `<TreeNodesModel>`: the declared categories and port types.
    fn model(&mut self, elem: XNode<'a, 'a>) {
        for node in elem.children().filter(XNode::is_element) {
            let Some(id) = node.attribute("ID") else {
                self.err(
                    node.range().start,
                    "a `<TreeNodesModel>` entry needs an `ID`",
                );
                continue;
            };
            let ports = (node.children().filter(XNode::is_element))
                .filter(|port| port.tag_name().name().ends_with("_port"))
                .filter_map(|port| {
                    Some(ModelPort {
                        name: port.attribute("name")?,
                        ty: port.attribute("type").filter(|ty| !ty.trim().is_empty()),
                        pos: port.range().start,
                    })
                })
                .collect();
            self.models.insert(
                id,
                Model {
                    category: node.tag_name().name(),
                    ports,
                },
            );
        }
    }

    /// The one node under `<BehaviorTree>`.
    fn tree_root(&mut self, tree: usize, elem: XNode<'a, 'a>) -> Option<NodeIr> {
        let nodes: Vec<XNode> = elem.children().filter(XNode::is_element).collect();
        let id = self.trees[tree].id.clone();
        match nodes[..] {
            [root] => {
                let mut names = HashMap::new();
                Some(self.node(tree, root, 0, &mut names))
            }
            [] => {
                self.err(
                    elem.range().start,
                    format!("`<BehaviorTree ID=\"{id}\">` is empty: it needs one root node"),
                );
                None
            }
            [_, second, ..] => {
                self.err(
                    second.range().start,
                    format!("`<BehaviorTree ID=\"{id}\">` has {} root nodes; a tree has exactly one: put them under a `<Sequence>` or `<Fallback>`", nodes.len()),
                );
                None
            }
        }
    }

    fn mapping(&self, id: &str) -> Option<usize> {
        self.input.nodes.iter().position(|mapping| mapping.id == id)
    }

    /// An entry of `tree` named in the XML at `pos`: registered, `None` (reported) if its name is
    /// not a Rust identifier.
    fn entry(&mut self, tree: usize, name: &str, pos: usize, used: bool) -> Option<usize> {
        if name.starts_with('@') {
            self.err(pos, format!("`{name}`: `@` (the root blackboard) is not supported; remap the entry through the subtrees"));
            return None;
        }
        if rust_ident(name, self.span).is_none() {
            self.err(pos, format!("the blackboard entry `{name}` is not a Rust identifier: use letters, digits and `_`"));
            return None;
        }
        let index = self.entries.get(tree, name);
        self.entries.infos[index].used |= used;
        Some(index)
    }

    /// A port, remapping or `value` attribute: `{key}` (`{=}` is the entry named `port`) or a
    /// literal.
    fn value(&mut self, tree: usize, port: &str, text: &str, pos: usize) -> Option<Value> {
        match entry_ref(text) {
            Some(Ok(key)) => self
                .entry(tree, key, pos, true)
                .map(|_| Value::Entry(key.to_owned())),
            Some(Err(())) => self
                .entry(tree, port, pos, true)
                .map(|_| Value::Entry(port.to_owned())),
            None => Some(Value::Literal(text.to_owned())),
        }
    }

    /// A port or remapped entry's name as a Rust identifier.
    fn port_name(&mut self, name: &str, pos: usize) -> bool {
        if rust_ident(name, self.span).is_some() {
            return true;
        }
        self.err(
            pos,
            format!("`{name}` is not a Rust identifier, so it cannot name a port or an entry"),
        );
        false
    }

    fn node(
        &mut self,
        tree: usize,
        elem: XNode<'a, 'a>,
        depth: usize,
        names: &mut HashMap<String, usize>,
    ) -> NodeIr {
        let pos = elem.range().start;
        let tag = elem.tag_name().name();
        let mut ir = NodeIr {
            name: None,
            conditions: Vec::new(),
            kind: KindIr::Invalid,
            children: Vec::new(),
        };
        if depth >= MAX_DEPTH {
            // Found by `too_deep` before parsing; kept for a tree reached another way.
            self.err(
                pos,
                format!("this element is nested {} levels deep; a tree nests at most {MAX_DEPTH} levels below its `<BehaviorTree>`", depth + 1),
            );
            return ir;
        }
        let (id, category) = match tag {
            "Action" | "Condition" | "Decorator" | "Control" | "SubTree" => {
                match elem.attribute("ID") {
                    Some(id) => (id, Some(tag)),
                    None => {
                        self.err(
                            pos,
                            format!("`<{tag}>` needs an `ID`: `<{tag} ID=\"..\"/>`"),
                        );
                        return ir;
                    }
                }
            }
            _ => (tag, None),
        };
        // The attributes every node takes; the others are its ports or parameters.
        let mut params: Vec<(&'a str, &'a str, usize, usize)> = Vec::new();
        let mut autoremap = None;
        for attr in elem.attributes() {
            let (name, value, at) = (attr.name(), attr.value(), attr.range_value().start);
            match name {
                "ID" => {}
                "name" => {
                    if value != id && !value.is_empty() {
                        if let Some(&earlier) = names.get(value) {
                            let earlier = self.loc(earlier);
                            self.err(at, format!("two nodes of this tree are named \"{value}\" (the other at {earlier}); names must be unique within a tree"));
                        } else {
                            names.insert(value.to_owned(), at);
                            ir.name = Some(value.to_owned());
                        }
                    }
                }
                "_autoremap" => autoremap = Some((value, at)),
                "__shared_blackboard" => self.err(
                    at,
                    "`__shared_blackboard` is BehaviorTree.CPP 3's; write `_autoremap=\"true\"`",
                ),
                _ => match table::CONDITIONS.iter().find(|(xml, ..)| *xml == name) {
                    Some(&(_, dsl, test)) => {
                        if let Some(script) = self.script(tree, name, value, at, test) {
                            ir.conditions.push((dsl, script));
                        }
                    }
                    // BehaviorTree.CPP keeps other `_` attributes (`_description`) without effect.
                    None if name.starts_with('_') => {}
                    None => params.push((name, value, at, attr.range().start)),
                },
            }
        }
        let children: Vec<XNode> = elem.children().filter(XNode::is_element).collect();
        let mapping = self.mapping(id);
        let mapped_subtree = mapping.is_some_and(|m| self.input.nodes[m].kind == "SubTree");
        if tag == "SubTree" || mapped_subtree {
            ir.kind = self.subtree(tree, id, pos, mapping, &params, autoremap, &children);
            return ir;
        }
        if let Some((_, at)) = autoremap {
            self.err(at, "`_autoremap` is for `<SubTree>`");
        }
        if let Some(index) = mapping {
            ir.kind = self.leaf(tree, id, pos, index, category, &params, &children);
            return ir;
        }
        let row = table::row(id).filter(|row| kinds::lookup(row.dsl).is_some());
        let Some(row) = row else {
            self.unknown(id, pos, category, children.is_empty());
            return ir;
        };
        ir.kind = self.built_in(tree, row, pos, &params, children.len());
        for child in children {
            let child = self.node(tree, child, depth + 1, names);
            ir.children.push(child);
        }
        ir
    }

    fn unknown(&mut self, id: &str, pos: usize, category: Option<&str>, leaf: bool) {
        if table::NOT_YET.contains(&id) {
            let instead = if leaf {
                format!("map it to a leaf of yours in `nodes {{ {id} = StatefulAction(Type) }}`, or use another node")
            } else {
                "use another node".to_owned()
            };
            self.err(
                pos,
                format!("`{id}` is a BehaviorTree.CPP node the DSL does not have yet; {instead}"),
            );
            return;
        }
        if matches!(id, "InlineCondition" | "InlineAction") {
            self.err(pos, format!("`{id}` is a closure of a tree exported by `to_xml()`; map it to a leaf type: `nodes {{ {id} = Action(Type) }}`"));
            return;
        }
        let kind = match category.or(self.models.get(id).map(|model| model.category)) {
            Some("Condition") => "Condition",
            _ => "Action",
        };
        let known = (table::ROWS.iter().map(|row| row.xml))
            .chain(self.input.nodes.iter().map(|m| m.id.as_str()))
            .filter(|known| known.eq_ignore_ascii_case(id) || edit_distance(known, id) <= 2)
            .min_by_key(|known| edit_distance(known, id));
        let hint = match known {
            Some(known) => format!("; did you mean `{known}`?"),
            None => String::new(),
        };
        self.err(pos, format!("unknown node `{id}`: map its ID to a leaf type in the invocation, `nodes {{ {id} = {kind}(Type) }}` (or `Condition`, `Action`, `StatefulAction`){hint}"));
    }

    /// A node of `row`.
    fn built_in(
        &mut self,
        tree: usize,
        row: &'static Row,
        pos: usize,
        params: &[(&'a str, &'a str, usize, usize)],
        children: usize,
    ) -> KindIr {
        let name = row.xml;
        if let Some(spec) = kinds::lookup(row.dsl) {
            let problem = match (spec.arity, children) {
                (Arity::None, 0) | (Arity::One, 1) => None,
                (Arity::AtLeastOne, n) if n > 0 => None,
                (Arity::None, n) => {
                    Some(format!("`{name}` is a leaf and has no children, found {n}"))
                }
                (Arity::One, n) => Some(format!(
                    "`{name}` is a decorator and takes exactly one child, found {n}"
                )),
                (Arity::AtLeastOne, _) => Some(format!("`{name}` needs at least one child")),
                (Arity::TwoOrThree, 2 | 3) | (Arity::Two, 2) => None,
                (Arity::Two, n) => Some(format!("`{name}` takes exactly two children, found {n}")),
                (Arity::TwoOrThree, n) => Some(format!(
                    "`{name}` takes a condition and one or two branches, found {n} children"
                )),
                (Arity::AtLeastTwo, n) if n >= 2 => None,
                (Arity::AtLeastTwo, n) => Some(format!(
                    "`{name}` takes a try block and a catch child, found {n} children"
                )),
                // Switch's children are checked with its cases.
                (Arity::Cases, _) => None,
            };
            if let Some(problem) = problem {
                self.err(pos, problem);
            }
        }
        for &(attribute, _, _, at) in params {
            if !row.params.iter().any(|param| param.attribute == attribute) {
                let takes = if row.params.is_empty() {
                    "it takes no parameters".to_owned()
                } else {
                    format!(
                        "it takes {}",
                        format_list(row.params.iter().map(|p| p.attribute))
                    )
                };
                self.err(
                    at,
                    format!("unknown attribute `{attribute}` on `{name}`; {takes}"),
                );
            }
        }
        let mut args = Vec::new();
        for param in row.params {
            let given = params
                .iter()
                .find(|(attribute, ..)| *attribute == param.attribute);
            let (text, at) = match (given, param.default) {
                (Some(&(_, text, at, _)), _) => (text, at),
                (None, Some(default)) => (default, pos),
                (None, None) => {
                    self.err(pos, format!("`{name}` needs `{}`", param.attribute));
                    continue;
                }
            };
            if let Some(arg) = self.arg(tree, row, param.attribute, param.form, text, at) {
                args.push((param.attribute, arg));
            }
        }
        if args.len() == row.params.len() {
            KindIr::BuiltIn { row, args }
        } else {
            KindIr::Invalid
        }
    }

    fn arg(
        &mut self,
        tree: usize,
        row: &Row,
        attribute: &str,
        form: Form,
        text: &str,
        at: usize,
    ) -> Option<Arg> {
        let name = row.xml;
        let trimmed = text.trim();
        match form {
            Form::Count | Form::Millis if entry_ref(text).is_some() => {
                // Read by the node when it runs (the guide's "Counts and durations").
                let Some(Ok(key)) = entry_ref(text) else {
                    self.err(
                        at,
                        format!("`{name}`'s `{attribute}` names a blackboard entry: `{{key}}`"),
                    );
                    return None;
                };
                self.entry(tree, key, at, true)?;
                Some(Arg::Text(format!("{{{}}}", rust_ident(key, self.span)?)))
            }
            Form::Count => {
                if trimmed == "-1" {
                    return Some(Arg::Text("forever".into()));
                }
                match trimmed.parse::<u64>() {
                    Ok(count) => Some(Arg::Text(count.to_string())),
                    Err(_) => {
                        self.err(at, format!("`{name}`'s `{attribute}` must be a whole number, or -1 for no limit, not `{text}`"));
                        None
                    }
                }
            }
            Form::Bool => match trimmed {
                "true" | "True" | "TRUE" | "1" => Some(Arg::Text("true".into())),
                "false" | "False" | "FALSE" | "0" => Some(Arg::Text("false".into())),
                _ => {
                    self.err(
                        at,
                        format!("`{name}`'s `{attribute}` must be `true` or `false`, not `{text}`"),
                    );
                    None
                }
            },
            Form::Key | Form::TrackedKey => {
                let key = match entry_ref(text) {
                    Some(Ok(key)) => key,
                    None => trimmed,
                    Some(Err(())) => {
                        self.err(at, format!("`{name}`'s `{attribute}` names a blackboard entry: `{{key}}` or `key`"));
                        return None;
                    }
                };
                let index = self.entry(tree, key, at, true)?;
                if form == Form::TrackedKey {
                    self.entries.infos[index].updates = true;
                }
                Some(Arg::Text(rust_ident(key, self.span)?.to_string()))
            }
            Form::Int | Form::Millis => {
                if entry_ref(text).is_some() {
                    self.err(at, format!("`{name}`'s `{attribute}` must be a number here: the DSL's `{}` takes a constant, not a blackboard entry", row.dsl));
                    return None;
                }
                let ok = if form == Form::Int {
                    trimmed.parse::<i64>().is_ok()
                } else {
                    trimmed.parse::<u64>().is_ok()
                };
                if ok {
                    Some(Arg::Text(trimmed.to_owned()))
                } else {
                    let what = if form == Form::Int {
                        "a whole number"
                    } else {
                        "a number of milliseconds (a whole number, not negative)"
                    };
                    self.err(
                        at,
                        format!("`{name}`'s `{attribute}` must be {what}, not `{text}`"),
                    );
                    None
                }
            }
            Form::Status => match trimmed.to_ascii_uppercase().as_str() {
                "SUCCESS" => Some(Arg::Text("Success".into())),
                "FAILURE" => Some(Arg::Text("Failure".into())),
                "RUNNING" => Some(Arg::Text("Running".into())),
                "SKIPPED" => Some(Arg::Text("Skipped".into())),
                _ => {
                    self.err(at, format!("`{name}`'s `{attribute}` must be a status: `SUCCESS`, `FAILURE`, `RUNNING` or `SKIPPED`, not `{text}`"));
                    None
                }
            },
            Form::Value => self.value(tree, attribute, text, at).map(Arg::Value),
            Form::Script => self
                .script(tree, attribute, text, at, false)
                .map(Arg::Script),
            Form::Condition => self
                .script(tree, attribute, text, at, true)
                .map(Arg::Script),
        }
    }

    /// A script attribute: one boolean expression (`test`), or assignments.
    fn script(
        &mut self,
        tree: usize,
        attribute: &str,
        text: &str,
        at: usize,
        test: bool,
    ) -> Option<Script> {
        let statements = match script::parse(text) {
            Ok(statements) => statements,
            Err(error) => {
                self.err(at + error.offset, format!("`{attribute}=\"{text}\"`: {} (the XML front end translates a subset of BehaviorTree.CPP's scripts: see the `bt` docs)", error.message));
                return None;
            }
        };
        let mut names = Vec::new();
        for statement in &statements {
            script::entries(statement, &mut names);
        }
        let mut ok = true;
        for name in names {
            ok &= self.entry(tree, &name, at, true).is_some();
        }
        let script = if test {
            match &statements[..] {
                [Stmt::Expr(expr)] => Script::Test(expr.clone()),
                _ => {
                    self.err(at, format!("`{attribute}=\"{text}\"` must be one boolean expression, such as `battery < 20`: it only reads the blackboard"));
                    return None;
                }
            }
        } else {
            let mut assignments = Vec::new();
            for statement in statements {
                match statement {
                    Stmt::Assign { target, op, value } => assignments.push((target, op, value)),
                    Stmt::Expr(_) => {
                        self.err(at, format!("`{attribute}=\"{text}\"` must be assignments, such as `count += 1; done := true`: a value alone has no effect"));
                        return None;
                    }
                }
            }
            Script::Act(assignments)
        };
        ok.then_some(script)
    }

    /// A node the user mapped to a leaf type.
    #[allow(clippy::too_many_arguments)]
    fn leaf(
        &mut self,
        tree: usize,
        id: &str,
        pos: usize,
        index: usize,
        category: Option<&str>,
        params: &[(&'a str, &'a str, usize, usize)],
        children: &[XNode],
    ) -> KindIr {
        let kind = self.input.nodes[index].kind.to_string();
        let declared = category.or(self.models.get(id).map(|model| model.category));
        let fits = match declared {
            Some("Condition") => kind == "Condition",
            Some("Action") => kind == "Action" || kind == "StatefulAction",
            Some(other) => {
                self.err(pos, format!("`{id}` is declared a `{other}`, but `nodes` maps it to the leaf `{kind}(..)`; only leaves can be mapped"));
                return KindIr::Invalid;
            }
            None => true,
        };
        if !fits {
            let declared = declared.unwrap_or_default();
            self.err(pos, format!("`{id}` is declared a `{declared}` in the XML, but `nodes` maps it to `{kind}(..)`"));
        }
        if let Some(child) = children.first() {
            self.err(
                child.range().start,
                format!("`{id}` is a leaf (`{kind}(..)`) and has no children"),
            );
        }
        let mut ports = Vec::new();
        for &(port, text, at, _) in params {
            if !self.port_name(port, at) {
                continue;
            }
            let Some(value) = self.value(tree, port, text, at) else {
                continue;
            };
            if let Value::Entry(key) = &value {
                let ty = (self.models.get(id))
                    .and_then(|model| model.ports.iter().find(|p| p.name == port))
                    .and_then(|p| p.ty.map(|ty| (ty, p.pos)));
                if let Some((ty, at)) = ty {
                    match rust_type(ty) {
                        Some(ty) => {
                            let entry = self.entries.get(tree, key);
                            self.entries.infos[entry].model_types.push(ty);
                        }
                        None => self.err(at, format!("the port type `{ty}` is not a Rust type")),
                    }
                }
            }
            ports.push((port.to_owned(), value));
        }
        KindIr::Leaf {
            mapping: index,
            ports,
        }
    }

    /// `<SubTree ID=".." remaps.. _autoremap=".."/>`.
    #[allow(clippy::too_many_arguments)]
    fn subtree(
        &mut self,
        tree: usize,
        id: &str,
        pos: usize,
        mapping: Option<usize>,
        params: &[(&'a str, &'a str, usize, usize)],
        autoremap: Option<(&str, usize)>,
        children: &[XNode],
    ) -> KindIr {
        if let Some(child) = children.first() {
            self.err(
                child.range().start,
                "a `<SubTree>` has no children: its nodes are in its own `<BehaviorTree>`",
            );
        }
        let autoremap = match autoremap.map(|(text, at)| (text.trim(), at)) {
            None | Some(("false" | "0", _)) => false,
            Some(("true" | "1", _)) => true,
            Some((text, at)) => {
                self.err(
                    at,
                    format!("`_autoremap` must be `true` or `false`, not `{text}`"),
                );
                false
            }
        };
        let target = match mapping {
            Some(index) if self.input.nodes[index].kind == "SubTree" => Target::Mapped(index),
            Some(index) => {
                let kind = self.input.nodes[index].kind.to_string();
                self.err(
                    pos,
                    format!("`{id}` is a subtree here, but `nodes` maps it to `{kind}(..)`"),
                );
                return KindIr::Invalid;
            }
            None => match self.tree_elems.get(id).copied() {
                Some(elem) => Target::Generated(self.generated(id, elem)),
                None => {
                    let trees = format_list(self.tree_elems.keys().copied());
                    self.err(pos, format!("no `<BehaviorTree ID=\"{id}\">` for this `<SubTree>` (the file's trees: {trees}); or map `{id}` to a tree type in `nodes {{ {id} = SubTree(Type) }}`"));
                    return KindIr::Invalid;
                }
            },
        };
        let mut remaps = Vec::new();
        for &(port, text, at, _) in params {
            if !self.port_name(port, at) {
                continue;
            }
            let Some(value) = self.value(tree, port, text, at) else {
                continue;
            };
            if autoremap {
                if matches!(&value, Value::Entry(key) if key == port) {
                    continue;
                }
                self.err(at, format!("`{port}=\"{text}\"` next to `_autoremap=\"true\"`: the DSL's `..` shares every entry by name and takes no other remapping; remove `_autoremap` and remap each entry"));
                continue;
            }
            if let Target::Generated(child) = target {
                if let Some(child_entry) = self.entry(child, port, at, false) {
                    if let Value::Entry(key) = &value {
                        let parent_entry = self.entries.get(tree, key);
                        self.entries.union(parent_entry, child_entry);
                    }
                }
            }
            remaps.push((port.to_owned(), value));
        }
        if let Target::Generated(child) = target {
            self.uses.push(SubUse {
                parent: tree,
                child,
                autoremap,
                pos,
            });
        }
        KindIr::SubTree {
            target,
            remaps,
            autoremap,
        }
    }

    /// The index of the generated tree `id`, queued for translation the first time.
    fn generated(&mut self, id: &str, elem: XNode<'a, 'a>) -> usize {
        if let Some(&index) = self.tree_index.get(id) {
            return index;
        }
        let index = self.trees.len();
        let ident = tree_ident(id, self.span);
        if let Some(other) = self.trees.iter().find(|tree| tree.ident == ident) {
            let other = other.id.clone();
            let pos = elem.range().start;
            self.err(pos, format!("the tree `{id}` would be a type named `{ident}`, like the tree `{other}`: give one of them another ID, or map one to a tree type of yours in `nodes {{ {id} = SubTree(Type) }}`"));
        }
        self.trees.push(TreeIr {
            id: id.to_owned(),
            ident,
            root: None,
        });
        self.tree_index.insert(id.to_owned(), index);
        self.queue.push_back((index, elem));
        // Declared subtree ports: entries of the child, typed.
        if let Some(model) = self.models.get(id) {
            let ports: Vec<(&str, Option<&str>, usize)> =
                model.ports.iter().map(|p| (p.name, p.ty, p.pos)).collect();
            for (name, ty, at) in ports {
                if let Some(entry) = self.entry(index, name, at, false) {
                    if let Some(ty) = ty.and_then(rust_type) {
                        self.entries.infos[entry].model_types.push(ty);
                    }
                }
            }
        }
        index
    }

    /// A tree that contains itself is an error (BehaviorTree.CPP's too).
    fn check_cycles(&mut self) {
        let count = self.trees.len();
        let mut edges: Vec<Vec<(usize, usize)>> = vec![Vec::new(); count];
        for sub in &self.uses {
            edges[sub.parent].push((sub.child, sub.pos));
        }
        // 0 unvisited, 1 on the path, 2 done; the stack holds (tree, next edge).
        let mut state = vec![0u8; count];
        let mut stack: Vec<(usize, usize)> = vec![(0, 0)];
        state[0] = 1;
        while let Some(&(node, next)) = stack.last() {
            let Some(&(child, pos)) = edges[node].get(next) else {
                state[node] = 2;
                stack.pop();
                continue;
            };
            if let Some(top) = stack.last_mut() {
                top.1 += 1;
            }
            match state[child] {
                0 => {
                    state[child] = 1;
                    stack.push((child, 0));
                }
                1 => {
                    let from = stack.iter().position(|&(t, _)| t == child).unwrap_or(0);
                    let cycle: Vec<&str> = (stack[from..].iter().map(|&(t, _)| t))
                        .chain([child])
                        .map(|t| self.trees[t].id.as_str())
                        .collect();
                    let message = format!(
                        "tree `{}` contains itself ({}): its struct would contain itself",
                        self.trees[child].id,
                        cycle.join(" → ")
                    );
                    self.err(pos, message);
                    return;
                }
                _ => {}
            }
        }
    }

    /// `_autoremap="true"`: every entry of the child is the parent's entry of the same name
    /// (repeated until nothing changes: a child's own autoremapped children add entries).
    fn autoremap(&mut self) {
        loop {
            let mut changed = false;
            for use_index in 0..self.uses.len() {
                let (parent, child, autoremap) = {
                    let sub = &self.uses[use_index];
                    (sub.parent, sub.child, sub.autoremap)
                };
                if !autoremap {
                    continue;
                }
                let names: Vec<String> = (self.entries.infos.iter())
                    .filter(|info| info.tree == child)
                    .map(|info| info.name.clone())
                    .collect();
                for name in names {
                    let known = self.entries.index.contains_key(&(parent, name.clone()));
                    let parent_entry = self.entries.get(parent, &name);
                    let child_entry = self.entries.get(child, &name);
                    changed |=
                        !known || self.entries.find(parent_entry) != self.entries.find(child_entry);
                    self.entries.union(parent_entry, child_entry);
                }
            }
            if !changed {
                break;
            }
        }
    }

    /// The user's declaration of entry `name`.
    fn declared(&self, name: &str) -> Option<&'a EntrySyntax> {
        let input: &'a XmlInput = self.input;
        input
            .blackboard
            .iter()
            .find(|entry| syn::ext::IdentExt::unraw(&entry.name) == name)
    }

    fn is_tracked_attr(attr: &syn::Attribute) -> bool {
        attr.path().is_ident(crate::kw::TRACKED)
    }

    /// Every entry's type (the user's, else one of its class's, else a `<TreeNodesModel>` port
    /// type of its class) and whether its class is tracked.
    fn resolve(&mut self) {
        let count = self.entries.infos.len();
        let roots: Vec<usize> = (0..count).map(|index| self.entries.find(index)).collect();
        let mut class_user: HashMap<usize, TokenStream> = HashMap::new();
        let mut class_model: HashMap<usize, String> = HashMap::new();
        let mut class_tracked: HashSet<usize> = HashSet::new();
        for (info, &root) in self.entries.infos.iter().zip(&roots) {
            if let Some(declared) = self.declared(&info.name) {
                let ty = &declared.ty;
                class_user.entry(root).or_insert_with(|| quote!(#ty));
                if declared.attrs.iter().any(Self::is_tracked_attr) {
                    class_tracked.insert(root);
                }
            }
            if let Some(ty) = info.model_types.first() {
                class_model.entry(root).or_insert_with(|| ty.clone());
            }
            if info.updates {
                class_tracked.insert(root);
            }
        }
        let mut types = Vec::with_capacity(count);
        let mut missing = Vec::new();
        for (index, (info, &root)) in self.entries.infos.iter().zip(&roots).enumerate() {
            let ty = match self.declared(&info.name) {
                Some(declared) => {
                    let ty = &declared.ty;
                    Some(quote!(#ty))
                }
                None => class_user.get(&root).cloned().or_else(|| {
                    class_model.get(&root).and_then(|ty| {
                        ty.parse::<TokenStream>()
                            .ok()
                            .map(|ty| respan(ty, self.span))
                    })
                }),
            };
            if ty.is_none() {
                missing.push(index);
            }
            types.push(ty);
        }
        for index in missing {
            let (tree, name) = {
                let info = &self.entries.infos[index];
                (info.tree, info.name.clone())
            };
            let tree_id = self.trees[tree].id.clone();
            let message = format!(
                "the blackboard entry `{name}` (of tree `{tree_id}`) has no type: declare it in the invocation, `blackboard {{ {name}: Type }}`, or give the port bound to it a `type` in `<TreeNodesModel>`"
            );
            // The tree's own position: entries have no element of their own.
            let pos = self
                .tree_elems
                .get(tree_id.as_str())
                .map_or(0, |elem| elem.range().start);
            self.err(pos, message);
        }
        self.tracked = roots
            .iter()
            .map(|root| class_tracked.contains(root))
            .collect();
        self.types = types;
    }

    // -----------------------------------------------------------------------------------------
    // Emission: the DSL.

    fn emit_tree(&self, index: usize) -> TokenStream {
        let tree = &self.trees[index];
        let header = self.header;
        let (vis, context) = (&header.vis, &header.context);
        let name = &tree.ident;
        let attrs = if index == 0 {
            let attrs = &header.attrs;
            quote!(#(#attrs)*)
        } else {
            let doc = format!(
                " The BehaviorTree.CPP tree `{}` of `{}`, a subtree of [`{}`].",
                tree.id, self.display, header.name
            );
            quote_spanned!(self.span=> #[doc = #doc])
        };
        let blackboard = self.emit_blackboard(index);
        let root = tree.root.as_ref().map(|root| self.emit_node(index, root));
        let tree_kw = Ident::new("tree", self.span);
        quote!(#attrs #vis #tree_kw #name for #context { #blackboard #root })
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
                let attrs = entry
                    .attrs
                    .iter()
                    .filter(|attr| !Self::is_tracked_attr(attr));
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
        let kind = match &node.kind {
            KindIr::BuiltIn { row, args } => {
                let kind = Ident::new(row.dsl, span);
                if row.args.is_empty() {
                    quote!(#kind)
                } else {
                    let args = self.render(tree, row.args, args);
                    let group = Group::new(Delimiter::Parenthesis, args);
                    let mut group = TokenTree::Group(group);
                    group.set_span(span);
                    quote!(#kind #group)
                }
            }
            KindIr::Leaf { mapping, ports } => {
                let mapping = &self.input.nodes[*mapping];
                let kind = &mapping.kind;
                let mut args = mapping.args.clone();
                for (port, value) in ports {
                    args.extend(self.comma_if_needed(&args));
                    let port = rust_ident(port, span);
                    let value = self.emit_value(value);
                    args.extend(quote_spanned!(span=> #port = #value));
                }
                quote!(#kind(#args))
            }
            KindIr::SubTree {
                target,
                remaps,
                autoremap,
            } => {
                let mut args = match target {
                    Target::Generated(child) => self.trees[*child].ident.to_token_stream(),
                    Target::Mapped(mapping) => self.input.nodes[*mapping].args.clone(),
                };
                for (port, value) in remaps {
                    args.extend(self.comma_if_needed(&args));
                    let port = rust_ident(port, span);
                    let value = self.emit_value(value);
                    args.extend(quote_spanned!(span=> #port = #value));
                }
                if *autoremap {
                    args.extend(self.comma_if_needed(&args));
                    args.extend(quote_spanned!(span=> ..));
                }
                let kind = Ident::new("SubTree", span);
                quote!(#kind(#args))
            }
            KindIr::Invalid => TokenStream::new(),
        };
        quote!(#attrs #kind #children)
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
                let lit = Literal::string(text);
                let mut lit = TokenTree::Literal(lit);
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

/// The entries of one tree, for the script translation.
struct TreeEntries<'t, 'a> {
    tr: &'t Tr<'a>,
    tree: usize,
}

impl TreeEntries<'_, '_> {
    fn index(&self, name: &str) -> Option<usize> {
        self.tr
            .entries
            .index
            .get(&(self.tree, name.to_owned()))
            .copied()
    }
}

impl script::Entries for TreeEntries<'_, '_> {
    fn ident(&self, name: &str) -> Ident {
        rust_ident(name, self.tr.span).unwrap_or_else(|| Ident::new("__bt_invalid", self.tr.span))
    }

    fn is_float(&self, name: &str) -> bool {
        self.index(name)
            .and_then(|index| self.tr.types[index].as_ref())
            .is_some_and(|ty| matches!(ty.to_string().as_str(), "f32" | "f64"))
    }

    fn is_tracked(&self, name: &str) -> bool {
        self.index(name).is_some_and(|index| self.tr.tracked[index])
    }
}

/// A declared entry as written.
fn entry_tokens(entry: &EntrySyntax) -> TokenStream {
    let (attrs, name, ty) = (&entry.attrs, &entry.name, &entry.ty);
    let init = entry.init.as_ref().map(|init| quote!(= #init));
    quote!(#(#attrs)* #name: #ty #init)
}

/// A generated tree's type name: its ID when that is a Rust identifier, else the ID's letters and
/// digits in UpperCamelCase (`recharge-battery` → `RechargeBattery`).
fn tree_ident(id: &str, span: Span) -> Ident {
    if let Ok(ident) = syn::parse_str::<syn::Ident>(id) {
        let mut ident = ident;
        ident.set_span(span);
        return ident;
    }
    let mut name = String::new();
    for word in id.split(|c: char| !c.is_ascii_alphanumeric()) {
        let mut chars = word.chars();
        if let Some(first) = chars.next() {
            name.push(first.to_ascii_uppercase());
            name.extend(chars);
        }
    }
    if !name.starts_with(|c: char| c.is_ascii_alphabetic()) || name == "Self" {
        name.insert_str(0, "Tree");
    }
    Ident::new(&name, span)
}

fn format_list<'s>(items: impl Iterator<Item = &'s str>) -> String {
    let items: Vec<String> = items.map(|item| format!("`{item}`")).collect();
    if items.is_empty() {
        "none".to_owned()
    } else {
        items.join(", ")
    }
}

#[cfg(test)]
mod tests;
