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

impl Mapping {
    /// The node's type: the type its arguments start with (`Action(Plan, ..)`,
    /// `Action(Plan = Plan::new())`), for the leaves, control nodes and decorators.
    pub(super) fn node_type(&self) -> Option<syn::Type> {
        if self.kind == "SubTree" {
            return None;
        }
        leading_type(self.args.clone())
    }
}

/// The invocation's items.
pub(super) struct XmlInput {
    pub(super) source: Source,
    pub(super) tree: Option<LitStr>,
    pub(super) nodes: Vec<Mapping>,
    pub(super) blackboard: Vec<EntrySyntax>,
    /// The scripting enums: each name the scripts (and `Switch` cases) may use, and its value.
    pub(super) enums: Vec<(String, syn::Expr)>,
}

const XML_USAGE: &str = "an XML tree takes `xml = \"path/relative/to/the/crate.xml\"` (or `xml_text = \"<root ..>\"`), then optionally `tree = \"TreeID\"`, `nodes = registry` (a `bt::nodes!`), `nodes { ID = Action(Type), .. }`, `blackboard { entry: Type, .. }` and `enums { NAME = Type::Variant, .. }`";

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
    /// `nodes = path`: the project's node registry.
    registry: Option<syn::Path>,
    blackboard: Option<Vec<EntrySyntax>>,
    enums: Option<Vec<(String, syn::Expr)>>,
}

/// The invocation's items; `registry` is the mappings of the registry the invocation names
/// (`nodes = name`), which come after its own `nodes { .. }`, so that a tree's own mapping of an
/// ID takes the place of the registry's.
pub(super) fn parse_input(
    body: TokenStream,
    body_span: Span,
    registry: Option<TokenStream>,
) -> syn::Result<XmlInput> {
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
        let mut nodes = items.nodes.unwrap_or_default();
        match (&items.registry, &registry) {
            (Some(_), Some(registry)) => {
                let shared = mappings.parse2(registry.clone())?;
                let own: Vec<String> = nodes.iter().map(|mapping| mapping.id.clone()).collect();
                nodes.extend(shared.into_iter().filter(|mapping| !own.contains(&mapping.id)));
            }
            (Some(path), None) => {
                return Err(syn::Error::new_spanned(
                    path,
                    "the node registry named here was not read: `behavior_tree!` reads it through its macro (`bt::nodes!`), which this invocation bypassed",
                ))
            }
            (None, _) => {}
        }
        Ok(XmlInput {
            source,
            tree: items.tree,
            nodes,
            blackboard: items.blackboard.unwrap_or_default(),
            enums: items.enums.unwrap_or_default(),
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
            "nodes" if input.peek(Token![=]) => {
                if self.registry.is_some() {
                    return Err(twice());
                }
                input.parse::<Token![=]>()?;
                let path: syn::Path = input.parse().map_err(|error| {
                    syn::Error::new(
                        error.span(),
                        "expected the path of a node registry (`bt::nodes!`): `nodes = name`",
                    )
                })?;
                self.registry = Some(path);
            }
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
            "enums" => {
                if self.enums.is_some() {
                    return Err(twice());
                }
                let content;
                braced!(content in input);
                self.enums = Some(enums(&content)?);
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

/// `NAME = value` or `Type::Variant` (the name is the variant's), comma-separated: the names a
/// script may use for values, as BehaviorTree.CPP's `registerScriptingEnum(s)` gives them.
fn enums(input: ParseStream) -> syn::Result<Vec<(String, syn::Expr)>> {
    let mut out: Vec<(String, syn::Expr)> = Vec::new();
    while !input.is_empty() {
        let (name, span, value) = if input.peek(syn::Ident) && input.peek2(Token![=]) {
            let name: Ident = input.parse()?;
            input.parse::<Token![=]>()?;
            let value: syn::Expr = input.parse()?;
            (
                syn::ext::IdentExt::unraw(&name).to_string(),
                name.span(),
                value,
            )
        } else {
            let path: syn::Path = input.parse().map_err(|error| {
                syn::Error::new(error.span(), "expected a scripting enum: `NAME = Type::Variant` (or any constant), or `Type::Variant` for the name `Variant`")
            })?;
            let Some(last) = path.segments.last() else {
                return Err(syn::Error::new(input.span(), "expected `Type::Variant`"));
            };
            let name = syn::ext::IdentExt::unraw(&last.ident).to_string();
            let span = last.ident.span();
            let value = syn::Expr::Path(syn::ExprPath {
                attrs: Vec::new(),
                qself: None,
                path,
            });
            (name, span, value)
        };
        if out.iter().any(|(earlier, _)| *earlier == name) {
            return Err(syn::Error::new(
                span,
                format!("the scripting enum `{name}` is given twice"),
            ));
        }
        out.push((name, value));
        if !input.is_empty() {
            input.parse::<Token![,]>()?;
        }
    }
    Ok(out)
}

/// `ID = Kind(args)` or `Kind(Type, ..)` (the ID is the type's name), comma-separated.
pub(super) fn mappings(input: ParseStream) -> syn::Result<Vec<Mapping>> {
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
            format!("an ID cannot map to `{kind}`: a BehaviorTree.CPP ID maps to `Condition(Type)`, `Action(Type)`, `StatefulAction(Type)`, `SubTree(Tree)`, or a control node or decorator of yours, `Control(Type)` or `Decorator(Type)`"),
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

/// The path type at the start of a leaf's arguments (`Plan` of `Plan = Plan::new(), goal = ..`).
fn leading_type(args: TokenStream) -> Option<syn::Type> {
    let parser = |input: ParseStream| {
        let ty: syn::Type = input.parse()?;
        input.parse::<TokenStream>()?;
        Ok(ty)
    };
    match parser.parse2(args).ok()? {
        ty @ syn::Type::Path(_) => Some(ty),
        _ => None,
    }
}

/// The name of the type at the start of a leaf's arguments (its last path segment).
fn type_name(args: TokenStream) -> Option<String> {
    match leading_type(args)? {
        syn::Type::Path(path) => path
            .path
            .segments
            .last()
            .map(|segment| syn::ext::IdentExt::unraw(&segment.ident).to_string()),
        _ => None,
    }
}

/// One XML file (or the `xml_text`): its text as roxmltree reads it, the name errors give it,
/// the item that makes cargo rebuild when it changes, and the files it includes.
pub(super) struct Loaded {
    /// The text, with what tinyxml2 accepts and roxmltree does not escaped ([`lenient`]).
    pub(super) text: String,
    /// The text as written, for lines and columns.
    pub(super) original: String,
    /// Where [`lenient`] lengthened the text: (the offset after the insertion, the bytes added
    /// by it and every insertion before it), in order.
    shifts: Vec<(usize, usize)>,
    /// Where each line of [`Loaded::original`] starts, and whether the line is ASCII (its
    /// columns are then its bytes): [`Loaded::loc`] in time logarithmic in the text, so that
    /// locating every value of a large file stays linear.
    lines: Vec<(usize, bool)>,
    pub(super) display: String,
    pub(super) tracking: TokenStream,
    /// The directory its `<include path="..">`s are relative to.
    dir: std::path::PathBuf,
    /// Its `<include>` elements (their offsets in [`Loaded::text`]) and the file each one reads
    /// (an index into the list [`load`] returns).
    pub(super) includes: Vec<(usize, usize)>,
}

impl Loaded {
    pub(super) fn new(
        original: String,
        display: String,
        tracking: TokenStream,
        dir: std::path::PathBuf,
    ) -> Self {
        let (text, shifts) = lenient(&original);
        let shifts = (shifts.into_iter())
            .scan(0, |total, (after, added)| {
                *total += added;
                Some((after, *total))
            })
            .collect();
        let mut lines = Vec::new();
        let mut start = 0;
        for line in original.split_inclusive('\n') {
            lines.push((start, line.is_ascii()));
            start += line.len();
        }
        if original.is_empty() || original.ends_with('\n') {
            lines.push((start, true));
        }
        Loaded {
            text,
            original,
            shifts,
            lines,
            display,
            tracking,
            dir,
            includes: Vec::new(),
        }
    }

    /// `file:line:column` of byte `pos` of [`Loaded::text`], counted in the text as written.
    pub(super) fn loc(&self, pos: usize) -> String {
        let before = self.shifts.partition_point(|&(after, _)| after <= pos);
        let added = before.checked_sub(1).map_or(0, |last| self.shifts[last].1);
        let pos = pos.saturating_sub(added).min(self.original.len());
        let line = self
            .lines
            .partition_point(|&(start, _)| start <= pos)
            .max(1)
            - 1;
        let (start, ascii) = self.lines.get(line).copied().unwrap_or((0, true));
        let col = if ascii {
            pos - start + 1
        } else {
            let line = &self.original[start..];
            (line.char_indices())
                .take_while(|&(at, _)| at < pos - start)
                .count()
                + 1
        };
        format!("{}:{}:{col}", self.display, line + 1)
    }
}

/// The crate's root, which `xml = ".."` (and `xml_text`'s includes) are relative to.
fn crate_root() -> std::path::PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_default()
}

pub(super) fn read(source: &Source) -> syn::Result<Loaded> {
    match source {
        Source::Text(lit) => Ok(Loaded::new(
            lit.value(),
            "xml_text".to_owned(),
            TokenStream::new(),
            crate_root(),
        )),
        Source::File(lit) => read_file(lit),
    }
}

/// The largest XML file read (the `xml = ".."` file, and each `<include>`): BehaviorTree.CPP's
/// files are a few kilobytes, a tree of 10,000 nodes about a megabyte.
pub(super) const MAX_FILE_BYTES: u64 = 16 << 20;

/// The text of the XML file at `path`, read only if it is a regular file of at most `limit`
/// bytes: a device (`/dev/zero`), a pipe or a huge file would be read until memory or time runs
/// out (and rustc, which reads it again to track it, would do the same). The error says why.
pub(super) fn read_bounded(path: &std::path::Path, limit: u64) -> Result<String, String> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(|error| error.to_string())?;
    let metadata = file.metadata().map_err(|error| error.to_string())?;
    if !metadata.is_file() {
        return Err(
            "it is not a regular file (an XML file is read whole, before the build)".into(),
        );
    }
    let too_big = || {
        format!(
            "it is larger than {} MiB, the most an XML file may hold",
            limit >> 20
        )
    };
    if metadata.len() > limit {
        return Err(too_big());
    }
    // The length can change under us: read one byte past the limit to know.
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|error| error.to_string())?;
    if bytes.len() as u64 > limit {
        return Err(too_big());
    }
    String::from_utf8(bytes).map_err(|_| "it is not UTF-8 text".to_owned())
}

fn read_file(lit: &LitStr) -> syn::Result<Loaded> {
    let written = lit.value();
    let path = crate_root().join(&written);
    let text = read_bounded(&path, MAX_FILE_BYTES).map_err(|error| {
        syn::Error::new(
            lit.span(),
            format!(
                "cannot read the XML file `{written}` (a path relative to the crate's root, the directory of its Cargo.toml): {error}"
            ),
        )
    })?;
    let dir = path
        .parent()
        .map(std::path::Path::to_path_buf)
        .unwrap_or_default();
    Ok(Loaded::new(text, written, tracking(&path, lit.span()), dir))
}

/// Rebuild when the file changes: the compiler tracks files that `include_bytes!` reads.
fn tracking(path: &std::path::Path, span: Span) -> TokenStream {
    match path.to_str() {
        Some(absolute) => {
            let absolute = LitStr::new(absolute, span);
            quote_spanned!(span=> const _: &[u8] = ::core::include_bytes!(#absolute);)
        }
        None => TokenStream::new(),
    }
}

/// The XML and every file its `<include path="..">`s read, transitively: the first is the
/// invocation's. A path is relative to the directory of the file that includes it (of the
/// crate's root for `xml_text`), as BehaviorTree.CPP reads it; a file included again (by
/// another path, or in a cycle) is read once.
pub(super) fn load(source: &Source) -> syn::Result<Vec<Loaded>> {
    let span = source.lit().span();
    let mut files = vec![read(source)?];
    let mut seen: Vec<std::path::PathBuf> = Vec::new();
    if let Source::File(lit) = source {
        let path = crate_root().join(lit.value());
        seen.push(path.canonicalize().unwrap_or(path));
    }
    let mut next = 0;
    while next < files.len() {
        let found = {
            let file = &files[next];
            let doc = parse_document(file, span)?;
            let root = doc.root_element();
            let mut found = Vec::new();
            for include in (root.children())
                .filter(|child| child.is_element() && child.tag_name().name() == "include")
            {
                let pos = include.range().start;
                if let Some(pkg) = include.attribute("ros_pkg") {
                    let message = format!("{}: `<include ros_pkg=\"{pkg}\">` needs ROS to find the package; write the `path` relative to this file", file.loc(pos));
                    return Err(syn::Error::new(span, message));
                }
                let Some(written) = include.attribute("path") else {
                    let message = format!("{}: `<include>` needs a `path`, relative to this file: `<include path=\"trees/other.xml\"/>`", file.loc(pos));
                    return Err(syn::Error::new(span, message));
                };
                let path = file.dir.join(written);
                let text = read_bounded(&path, MAX_FILE_BYTES).map_err(|error| {
                    let base = if file.display == "xml_text" {
                        "`xml_text`'s includes are relative to the crate's root"
                    } else {
                        "a path relative to the directory of the file that includes it"
                    };
                    let message = format!(
                        "{}: cannot read the included file `{written}` ({base}): {error}",
                        file.loc(pos)
                    );
                    syn::Error::new(span, message)
                })?;
                let display = std::path::Path::new(&file.display)
                    .parent()
                    .filter(|_| file.display != "xml_text")
                    .map_or_else(
                        || written.to_owned(),
                        |dir| dir.join(written).display().to_string(),
                    );
                found.push((pos, path, text, display));
            }
            found
        };
        for (pos, path, text, display) in found {
            let canonical = path.canonicalize().unwrap_or_else(|_| path.clone());
            let index = match seen.iter().position(|known| *known == canonical) {
                Some(known) => known,
                None => {
                    seen.push(canonical);
                    let dir = path
                        .parent()
                        .map(std::path::Path::to_path_buf)
                        .unwrap_or_default();
                    files.push(Loaded::new(text, display, tracking(&path, span), dir));
                    files.len() - 1
                }
            };
            files[next].includes.push((pos, index));
        }
        next += 1;
    }
    Ok(files)
}

/// The text with what tinyxml2 (BehaviorTree.CPP's parser) accepts and roxmltree rejects made
/// well-formed: a `&` that starts no character or entity reference (`a && b` in a script) becomes
/// `&amp;`, and a `<` in an attribute's value (`a < b`) becomes `&lt;`. Also where the text was
/// lengthened, for [`Loaded::loc`]. Comments, CDATA sections and processing instructions are left
/// alone.
pub(super) fn lenient(text: &str) -> (String, Vec<(usize, usize)>) {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut shifts = Vec::new();
    let mut at = 0;
    let mut copied = 0;
    // The quote of the attribute value we are in, if any; and whether we are in a start tag.
    let (mut in_tag, mut quote) = (false, None::<u8>);
    let add = |out: &mut String,
               shifts: &mut Vec<(usize, usize)>,
               copied: &mut usize,
               at: usize,
               with: &str| {
        out.push_str(&text[*copied..at]);
        out.push_str(with);
        shifts.push((out.len(), with.len() - 1));
        *copied = at + 1;
    };
    while at < bytes.len() {
        let rest = &bytes[at..];
        match (in_tag, quote, bytes[at]) {
            (false, _, b'<') => {
                let skip = [
                    ("<!--", "-->"),
                    ("<![CDATA[", "]]>"),
                    ("<?", "?>"),
                    ("<!", ">"),
                ]
                .iter()
                .find(|(open, _)| rest.starts_with(open.as_bytes()))
                .map(|(_, close)| {
                    (rest.windows(close.len()))
                        .position(|window| window == close.as_bytes())
                        .map_or(bytes.len(), |end| at + end + close.len())
                });
                match skip {
                    Some(end) => {
                        at = end;
                        continue;
                    }
                    None => in_tag = !rest.starts_with(b"</"),
                }
            }
            (true, None, b'"' | b'\'') => quote = Some(bytes[at]),
            (true, Some(q), c) if c == q => quote = None,
            (true, None, b'>') => in_tag = false,
            (true, Some(_), b'<') => add(&mut out, &mut shifts, &mut copied, at, "&lt;"),
            (_, _, b'&') if !is_reference(rest) => {
                add(&mut out, &mut shifts, &mut copied, at, "&amp;")
            }
            _ => {}
        }
        at += 1;
    }
    out.push_str(&text[copied..]);
    (out, shifts)
}

/// Whether `text` starts with a character or entity reference XML knows (`&amp;`, `&#65;`, ..).
fn is_reference(text: &[u8]) -> bool {
    let Some(end) = text.iter().take(12).position(|&c| c == b';') else {
        return false;
    };
    let name = &text[1..end];
    match name.strip_prefix(b"#") {
        Some([b'x', hex @ ..]) => !hex.is_empty() && hex.iter().all(u8::is_ascii_hexdigit),
        Some(digits) => !digits.is_empty() && digits.iter().all(u8::is_ascii_digit),
        None => matches!(name, b"amp" | b"lt" | b"gt" | b"quot" | b"apos"),
    }
}

/// How many levels an XML tree may nest below its `<BehaviorTree>` (its root node is level 1):
/// the model's limit, [`crate::model::MAX_DEPTH`] (3,000), what rustc can build.
///
/// roxmltree's parser recurses once per element (`parse_element` → `parse_content` →
/// `parse_element`), and overflowed the stack rustc runs the macro on (8 MiB) at 2,000 levels:
/// it runs on a thread of its own with a larger stack ([`parse_on_a_large_stack`]). The
/// translation and the emission recurse once per level too, on rustc's thread (they make spans),
/// each with one small frame per level (`Tr::node`, `Tr::emit_node`): 3,000 levels need less than
/// 3 MiB in a debug build of the macro. A deeper document is rejected before it is parsed, by a
/// linear scan of the text ([`too_deep`]), at any depth.
pub(super) const XML_MAX_DEPTH: usize = crate::model::MAX_DEPTH;

const _: () = assert!(XML_MAX_DEPTH <= crate::model::MAX_DEPTH);

/// The levels of a document above a tree's root: `<root>` and `<BehaviorTree>`.
const DOCUMENT_LEVELS: usize = 2;

/// The XML document, or its first well-formedness error at its line and column. A document
/// nested deeper than [`XML_MAX_DEPTH`] is rejected before it is parsed.
pub(super) fn parse_document(source: &Loaded, span: Span) -> syn::Result<Document<'_>> {
    if let Some((pos, count)) = too_many_attributes(&source.text) {
        return Err(syn::Error::new(
            span,
            format!(
                "{}: this element has {count} attributes; an element has at most {MAX_ATTRIBUTES} (BehaviorTree.CPP's nodes have a few ports each)",
                source.loc(pos)
            ),
        ));
    }
    if let Some((pos, depth)) = too_deep(&source.text, XML_MAX_DEPTH + DOCUMENT_LEVELS) {
        return Err(syn::Error::new(
            span,
            format!(
                "{}: this element is nested {depth} levels deep; a tree nests at most {XML_MAX_DEPTH} levels below its `<BehaviorTree>`: flatten it under a `Sequence`, or move part of it into another `<BehaviorTree>` used as a `<SubTree>`",
                source.loc(pos)
            ),
        ));
    }
    parse_on_a_large_stack(&source.text).map_err(|error| {
        let pos = error.pos();
        let message = error.to_string();
        let suffix = format!(" at {}:{}", pos.row, pos.col);
        let message = message.strip_suffix(&suffix).unwrap_or(&message);
        // roxmltree's line and column are in the text it read; count them in the text as written.
        let offset = offset_of(&source.text, pos.row as usize, pos.col as usize);
        syn::Error::new(
            span,
            format!("{}: not well-formed XML: {message}", source.loc(offset)),
        )
    })
}

/// roxmltree's parse, which recurses once per element: on a thread of its own, with a stack
/// for [`XML_MAX_DEPTH`] levels and more (rustc runs the macro on a thread of 8 MiB, which
/// roxmltree overflowed at 2,000 levels). The document holds no token or span, so it may cross
/// threads; the translation, which makes spans, stays on rustc's thread.
fn parse_on_a_large_stack(text: &str) -> Result<Document<'_>, roxmltree::Error> {
    const STACK: usize = 256 << 20;
    std::thread::scope(|scope| {
        match std::thread::Builder::new()
            .stack_size(STACK)
            .spawn_scoped(scope, || Document::parse(text))
        {
            Ok(parsing) => parsing.join().unwrap_or_else(|_| Document::parse("")),
            // No thread to be had: parse here (the depth limit still holds).
            Err(_) => Document::parse(text),
        }
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
    start_tag(bytes, start).0
}

/// The offset of the `>` that ends the start tag at `start`, past quoted values (the text's end
/// if there is none), and the number of quoted values in it (its attributes).
fn start_tag(bytes: &[u8], start: usize) -> (usize, usize) {
    let mut i = start + 1;
    let mut quote = None;
    let mut values = 0;
    while i < bytes.len() {
        match (quote, bytes[i]) {
            (None, b'"' | b'\'') => {
                quote = Some(bytes[i]);
                values += 1;
            }
            (Some(q), c) if c == q => quote = None,
            (None, b'>') => break,
            _ => {}
        }
        i += 1;
    }
    (i, values)
}

/// How many attributes an element may have. roxmltree checks each attribute against the
/// element's others, in time quadratic in their number (1,000 attributes on one element took
/// most of a second); no BehaviorTree.CPP node has more than a few dozen ports.
pub(super) const MAX_ATTRIBUTES: usize = 256;

/// The first start tag with more than [`MAX_ATTRIBUTES`] attributes (its byte offset, and its
/// count), found by a linear scan of the text that skips comments, CDATA sections, processing
/// instructions and declarations.
pub(super) fn too_many_attributes(text: &str) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let skip_to = |from: usize, end: &str| {
        text[from..]
            .find(end)
            .map_or(bytes.len(), |at| from + at + end.len())
    };
    let mut at = 0;
    while let Some(offset) = text[at..].find('<') {
        let start = at + offset;
        let rest = &text[start..];
        at = if rest.starts_with("<!--") {
            skip_to(start, "-->")
        } else if rest.starts_with("<![CDATA[") {
            skip_to(start, "]]>")
        } else if rest.starts_with("<?") {
            skip_to(start, "?>")
        } else if rest.starts_with("<!") || rest.starts_with("</") {
            skip_to(start, ">")
        } else {
            let (end, count) = start_tag(bytes, start);
            if count > MAX_ATTRIBUTES {
                return Some((start, count));
            }
            (end + 1).min(bytes.len())
        };
    }
    None
}

/// The byte offset of line `row`, column `col` (from 1, in characters) of `text`.
fn offset_of(text: &str, row: usize, col: usize) -> usize {
    let line_start = (text.match_indices('\n').nth(row.saturating_sub(2)))
        .filter(|_| row > 1)
        .map_or(0, |(at, _)| at + 1);
    let line = &text[line_start..];
    line_start
        + line
            .char_indices()
            .nth(col.saturating_sub(1))
            .map_or(line.len(), |(at, _)| at)
}

/// The line and column (from 1, in characters) of byte `pos` of `text`, counted from the start:
/// what [`Loaded::loc`] answers, for its test.
#[cfg(test)]
pub(super) fn row_col(text: &str, pos: usize) -> (usize, usize) {
    let before = &text[..pos];
    let row = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |at| at + 1);
    (row, before[line_start..].chars().count() + 1)
}
