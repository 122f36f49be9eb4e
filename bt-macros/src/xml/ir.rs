//! The translation's intermediate trees (one per `<BehaviorTree>` used) and its state, [`Tr`],
//! which `translate`, `params` and `entries` fill in and `emit` reads.

use std::collections::{HashMap, VecDeque};

use proc_macro2::{Ident, Span, TokenStream};
use roxmltree::{Document, Node as XNode};

use super::input::{Loaded, XmlInput};
use super::script::Expr;
use super::table::Row;
use crate::ctxt::Ctxt;
use crate::parse::Header;

/// A node of a `<TreeNodesModel>`.
pub(super) struct Model<'a> {
    pub(super) category: &'a str,
    pub(super) ports: Vec<ModelPort<'a>>,
}

pub(super) struct ModelPort<'a> {
    pub(super) name: &'a str,
    pub(super) ty: Option<&'a str>,
    pub(super) pos: usize,
}

/// A tree to generate: the main tree (index 0) and each `<BehaviorTree>` a `SubTree` runs.
pub(super) struct TreeIr {
    pub(super) id: String,
    pub(super) ident: Ident,
    pub(super) root: Option<NodeIr>,
}

pub(super) struct NodeIr {
    /// Where the element is (`file:line:col`) and its ID (its tag, or its `ID` attribute): what
    /// the model's errors on the node say instead of the DSL's words (`crate::parse::XmlOrigin`).
    pub(super) origin: Option<(String, String)>,
    pub(super) name: Option<String>,
    /// The DSL attribute and its script.
    pub(super) conditions: Vec<(&'static str, Script)>,
    /// Its `score` under a `PrioritySelector`: `#[score(..)]`.
    pub(super) score: Option<Score>,
    pub(super) kind: KindIr,
    pub(super) children: Vec<NodeIr>,
}

pub(super) enum Script {
    Test(Expr),
    Act(Vec<(String, &'static str, Expr)>),
}

/// A child's `score` under a `PrioritySelector`.
pub(super) enum Score {
    /// A constant number (`2`, `0.5`, `-1`): `#[score(2)]`.
    Number(Expr),
    /// An entry (`{hunger}`) or a script expression (`hunger * 2`): `#[score(|bb| ..)]`, as an
    /// `f32`.
    Expr(Expr),
}

pub(super) enum KindIr {
    BuiltIn {
        row: &'static Row,
        args: Vec<(&'static str, Arg)>,
        /// Each argument's text as the XML writes it and where its value is, by argument: the
        /// model's errors about a parameter name the attribute there (`crate::ctxt::Ctxt::param`).
        written: Vec<(String, usize)>,
    },
    Leaf {
        mapping: usize,
        ports: Vec<(String, Value)>,
        /// Where each port's attribute (its name) is, for the check of the element's ports.
        places: Vec<usize>,
    },
    SubTree {
        target: Target,
        remaps: Vec<(String, Value)>,
        autoremap: bool,
    },
    /// After an error.
    Invalid,
}

pub(super) enum Arg {
    /// A count, a flag, a number or a status.
    Constant(super::params::Constant),
    /// A blackboard entry's name: an entry the node names, or a count or duration it reads
    /// from the entry when it runs (`{key}`).
    Entry(Ident),
    Value(Value),
    Script(Script),
    /// A `Switch<n>` case: its text and position.
    Case(String, usize),
}

#[derive(Clone)]
pub(super) enum Value {
    Entry(String),
    /// The attribute's text, and its position.
    Literal(String, usize),
}

#[derive(Clone, Copy)]
pub(super) enum Target {
    /// A tree generated from this file (its index).
    Generated(usize),
    /// `nodes { ID = SubTree(Type) }` (the mapping's index).
    Mapped(usize),
}

/// A `SubTree` node running a tree of this file: for `_autoremap` and the cycle check.
pub(super) struct SubUse {
    pub(super) parent: usize,
    pub(super) child: usize,
    pub(super) autoremap: bool,
    pub(super) pos: usize,
}

/// An attribute that is a port or parameter: its name, text, the offset of its value and of
/// the attribute.
pub(super) type Param<'a> = (&'a str, &'a str, usize, usize);

/// The translation's state.
pub(super) struct Tr<'a> {
    pub(super) header: &'a Header,
    pub(super) input: &'a XmlInput,
    /// The documents: the invocation's, then the files it includes.
    pub(super) docs: &'a [Document<'a>],
    pub(super) files: &'a [Loaded],
    /// Where every error and every generated token is spanned.
    pub(super) span: Span,
    /// Every error found; checked by [`Tr::finish`].
    pub(super) cx: Ctxt,
    /// Whether an error was reported.
    pub(super) failed: bool,
    /// `<BehaviorTree>` elements by ID.
    pub(super) tree_elems: HashMap<&'a str, XNode<'a, 'a>>,
    pub(super) models: HashMap<&'a str, Model<'a>>,
    pub(super) trees: Vec<TreeIr>,
    /// Generated trees by ID.
    pub(super) tree_index: HashMap<String, usize>,
    pub(super) queue: VecDeque<(usize, XNode<'a, 'a>)>,
    pub(super) entries: EntryTable,
    pub(super) uses: Vec<SubUse>,
    /// Resolved entry types (by entry index) and tracked classes, after `resolve`.
    pub(super) types: Vec<Option<syn::Type>>,
    pub(super) tracked: Vec<bool>,
    /// What gave each entry (by index) its type, after `resolve`, for the error of a port bound
    /// to it that cannot take it: "the invocation's `blackboard { .. }` declares it",
    /// "`Measure`'s port `distance` makes it"; empty when that is not known.
    pub(super) typed_by: Vec<String>,
    /// The located conversions `emit` writes for the values of the XML (`emit::Tr::located`),
    /// handed over with the trees.
    pub(super) checks: std::cell::RefCell<Vec<TokenStream>>,
    /// The failures of the emission itself ([`Tr::internal`]): bugs of the front end, which
    /// `emit::trees` reports instead of the trees.
    pub(super) internal: std::cell::RefCell<Vec<syn::Error>>,
    /// What the emission reads of each `nodes { .. }` mapping (by its index), the first time a
    /// node uses it.
    pub(super) mapped: std::cell::RefCell<Vec<Option<Mapped>>>,
}

/// A `nodes { .. }` mapping as the emission reads it, once for all its nodes.
pub(super) struct Mapped {
    /// Its arguments, read by its kind's grammar, or the error they give.
    pub(super) args: Result<crate::args::LeafArgs, syn::Error>,
    /// The XML's ID where its type does not say it (`nodes { Go = Action(Walk) }`): the nodes'
    /// `#[id = ".."]`.
    pub(super) id: Option<String>,
}

/// A blackboard entry of one tree; entries joined by remapping are one class (union-find).
pub(super) struct EntryInfo {
    pub(super) tree: usize,
    pub(super) name: String,
    /// Used by a node of its own tree (else only there for a remapping).
    pub(super) used: bool,
    /// Types from `<TreeNodesModel>` ports bound to it.
    pub(super) model_types: Vec<String>,
    /// Ports of mapped nodes bound to it (the mapping's index and the port's name), whose
    /// `#[derive(bt::Ports)]` type gives it its type when nothing else does.
    pub(super) port_types: Vec<(usize, String)>,
    /// The types BehaviorTree.CPP gives the parameters of built-in nodes bound to it (a count,
    /// `int`: `i32`; a duration, `unsigned`: `u32`; a `Loop`'s queue and value; a `Switch`'s
    /// variable): its type when nothing else gives one, and they must agree.
    pub(super) param_types: Vec<ParamType>,
    /// Set to the text of a literal by a `<SetBlackboard>` (BehaviorTree.CPP stores the text):
    /// a `String` when nothing else types it.
    pub(super) set_to_text: bool,
    /// The `variable` of a `Switch<n>` with a case that is a number or a scripting enum, which
    /// gives it no type (said in the error when nothing else does).
    pub(super) switch_by_number: bool,
    /// Used by an update node (`WasEntryUpdated`, ..): tracked.
    pub(super) updates: bool,
    /// Where the XML first names it (a script's attribute, a port's), for errors.
    pub(super) pos: Option<usize>,
    /// The traits through which built-in nodes read it, by [`Reads::word`], when something else
    /// types it (`Tr::check_reads`): `#[__bt_read(count, __bt_xml_Tree_3)]` on the entry.
    pub(super) read_through: Vec<(&'static str, Ident)>,
}

/// The type a built-in node's parameter gives the entry bound to it.
pub(super) struct ParamType {
    /// The Rust type, as text (`i32`, `::std::collections::VecDeque<f64>`).
    pub(super) ty: String,
    /// Ranked with a `<TreeNodesModel>` type, before a mapped node's port (a `Loop`'s `value`,
    /// which BehaviorTree.CPP types as strongly as a port); else after it.
    pub(super) strong: bool,
    /// The node's attribute, for errors: "`Repeat`'s `num_cycles`".
    pub(super) what: String,
    /// Where the attribute is.
    pub(super) pos: usize,
    /// How the node reads the entry, when it reads it through a trait (a count, a duration, a
    /// queue) that the type something else gives the entry must have.
    pub(super) reads: Option<Reads>,
}

/// How a built-in node reads an entry of a type it does not choose ([`ParamType::reads`]).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Reads {
    /// `bt::decorator::AsLimit`: `Repeat`'s `num_cycles`, `RetryUntilSuccessful`'s
    /// `num_attempts`, ..
    Count,
    /// `bt::time::AsDuration`: `Delay`'s `delay_msec`, `Timeout`'s `msec`, ..
    Duration,
    /// `bt::LoopQueue`: a `Loop`'s `queue`.
    Queue,
}

impl Reads {
    /// The word that names it in an entry's `#[__bt_read(..)]` (`crate::model::Entry::read_through`).
    pub(super) fn word(self) -> &'static str {
        match self {
            Reads::Count => crate::kw::READ_COUNT,
            Reads::Duration => crate::kw::READ_DURATION,
            Reads::Queue => crate::kw::READ_QUEUE,
        }
    }
}

/// Every entry of every tree, by (tree, name), in first-use order.
#[derive(Default)]
pub(super) struct EntryTable {
    pub(super) index: HashMap<(usize, String), usize>,
    pub(super) infos: Vec<EntryInfo>,
    /// `<SetBlackboard output_key="a" value="{b}"/>`: (a, b), two entries of one type, so either
    /// gives the other its type when nothing else does.
    pub(super) copies: Vec<(usize, usize)>,
    parent: Vec<usize>,
}

impl EntryTable {
    pub(super) fn get(&mut self, tree: usize, name: &str) -> usize {
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
            port_types: Vec::new(),
            param_types: Vec::new(),
            set_to_text: false,
            switch_by_number: false,
            updates: false,
            pos: None,
            read_through: Vec::new(),
        });
        self.parent.push(index);
        index
    }

    pub(super) fn find(&mut self, mut index: usize) -> usize {
        while self.parent[index] != index {
            self.parent[index] = self.parent[self.parent[index]];
            index = self.parent[index];
        }
        index
    }

    pub(super) fn union(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            self.parent[b.max(a)] = a.min(b);
        }
    }
}

impl<'a> Tr<'a> {
    /// `file:line:column` of position `pos` ([`Tr::at`]).
    pub(super) fn loc(&self, pos: usize) -> String {
        let file = pos >> FILE_SHIFT;
        self.files[file].loc(pos & ((1 << FILE_SHIFT) - 1))
    }

    /// The position of `node` (an element, or the attribute at `offset` of its document when
    /// given): its byte offset, with the index of its document in the high bits, so that one
    /// `usize` says where in which file.
    pub(super) fn at(&self, node: XNode<'a, 'a>) -> usize {
        self.at_offset(node, node.range().start)
    }

    /// The position of byte `offset` of `node`'s document.
    pub(super) fn at_offset(&self, node: XNode<'a, 'a>, offset: usize) -> usize {
        let file = (self.docs.iter())
            .position(|doc| std::ptr::eq(doc, node.document()))
            .unwrap_or(0);
        (file << FILE_SHIFT) | offset
    }

    /// Reports an error at byte `pos` of the XML.
    pub(super) fn err(&mut self, pos: usize, message: impl AsRef<str>) {
        let message = format!("{}: {}", self.loc(pos), message.as_ref());
        self.error(syn::Error::new(self.span, message));
    }

    /// Reports a failure of the front end itself (the emission of a translation that succeeded),
    /// where the XML says `loc`: a bug of the macro, never silent, which asks to be reported.
    pub(super) fn internal(&self, loc: &str, what: &str) {
        let message = format!(
            "{loc}: internal error of the XML front end: {what}; this is a bug of `bt`, not of the XML: please report it, with this XML"
        );
        self.internal
            .borrow_mut()
            .push(syn::Error::new(self.span, message));
    }

    /// Reports an error spanned elsewhere.
    pub(super) fn error(&mut self, error: syn::Error) {
        self.failed = true;
        self.cx.syn_error(error);
    }

    /// The value of the scripting enum `name` (`enums { RED = Color::Red }`), at the literal.
    pub(super) fn enum_value(&self, name: &str) -> Option<TokenStream> {
        let (_, value) = self.input.enums.iter().find(|(known, _)| known == name)?;
        // Through `scripting_enum`, which keeps the name for `to_xml()`.
        let name = proc_macro2::Literal::string(name);
        Some(crate::tokens::respan(
            quote::quote!(__bt::scripting_enum(#name, #value)),
            self.span,
        ))
    }

    /// The index of the `nodes { .. }` mapping of `id`.
    pub(super) fn mapping(&self, id: &str) -> Option<usize> {
        self.input.nodes.iter().position(|mapping| mapping.id == id)
    }

    /// Ends the translation: the translated trees, or every error found.
    pub(super) fn finish(mut self) -> syn::Result<Self> {
        // What stays behind is a spent collector: the translation records nothing after this.
        std::mem::replace(&mut self.cx, Ctxt::spent()).check()?;
        Ok(self)
    }
}

/// The bits of a position ([`Tr::at`]) that hold the byte offset in its document.
const FILE_SHIFT: u32 = 40;

/// Text of the XML as an error quotes it: whole when short, else its start and its length (a
/// script of 100,000 characters is not repeated in full).
pub(super) fn shown(text: &str) -> std::borrow::Cow<'_, str> {
    const MAX: usize = 60;
    match text.char_indices().nth(MAX) {
        None => text.into(),
        Some(_) => {
            let start: String = text.chars().take(MAX - 12).collect();
            format!("{start}.. ({} characters)", text.chars().count()).into()
        }
    }
}

/// `` `a`, `b` `` (or `none`).
pub(super) fn format_list<'s>(items: impl Iterator<Item = &'s str>) -> String {
    let items: Vec<String> = items.map(|item| format!("`{item}`")).collect();
    if items.is_empty() {
        "none".to_owned()
    } else {
        items.join(", ")
    }
}
