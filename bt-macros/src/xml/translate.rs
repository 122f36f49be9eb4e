//! The translation: the XML document → one intermediate tree per `<BehaviorTree>` used (the main
//! one, then each one a `<SubTree>` runs) → the DSL (`emit`). This file reads the document and
//! its elements; `params` turns a node's attributes into arguments, `entries` gathers and types
//! the blackboard entries.
//!
//! Every error goes to the `Ctxt`, at the `xml = ".."` literal, with the XML's file, line and
//! column in its message; translation goes on after an error, so that all of them are found.

use std::collections::{HashMap, VecDeque};

use proc_macro2::{Ident, Span, TokenStream};
use roxmltree::{Document, Node as XNode};

use super::emit::DslTree;
use super::entries::EntryTable;
use super::input::XmlInput;
use super::script::Expr;
use super::table::{self, Row};
use crate::ctxt::Ctxt;
use crate::kinds;
use crate::model::edit_distance;
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
    pub(super) name: Option<String>,
    /// The DSL attribute and its script.
    pub(super) conditions: Vec<(&'static str, Script)>,
    pub(super) kind: KindIr,
    pub(super) children: Vec<NodeIr>,
}

pub(super) enum Script {
    Test(Expr),
    Act(Vec<(String, &'static str, Expr)>),
}

pub(super) enum KindIr {
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

pub(super) enum Arg {
    /// Already DSL text (a count, a flag, an entry's name).
    Text(String),
    Value(Value),
    Script(Script),
}

#[derive(Clone)]
pub(super) enum Value {
    Entry(String),
    Literal(String),
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
    doc: &'a Document<'a>,
    pub(super) display: &'a str,
    /// Where every error and every generated token is spanned.
    pub(super) span: Span,
    cx: &'a Ctxt,
    /// Whether an error was reported.
    pub(super) failed: bool,
    /// `<BehaviorTree>` elements by ID.
    pub(super) tree_elems: HashMap<&'a str, XNode<'a, 'a>>,
    pub(super) models: HashMap<&'a str, Model<'a>>,
    pub(super) trees: Vec<TreeIr>,
    /// Generated trees by ID.
    tree_index: HashMap<String, usize>,
    queue: VecDeque<(usize, XNode<'a, 'a>)>,
    pub(super) entries: EntryTable,
    pub(super) uses: Vec<SubUse>,
    /// Resolved entry types (by entry index) and tracked classes, after `resolve`.
    pub(super) types: Vec<Option<TokenStream>>,
    pub(super) tracked: Vec<bool>,
}

/// Every tree the invocation compiles, in the DSL, or every error found.
pub(super) fn translate(
    header: &Header,
    input: &XmlInput,
    doc: &Document,
    display: &str,
) -> syn::Result<Vec<DslTree>> {
    let cx = Ctxt::new();
    // Every generated token sits at the literal, with mixed-site hygiene: rustc reports there,
    // and offers no edit of the literal as a fix (its suggestions skip macro-made code).
    let span = Span::mixed_site().located_at(input.source.lit().span());
    let tr = Tr {
        header,
        input,
        doc,
        display,
        span,
        cx: &cx,
        failed: false,
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
    let trees = tr.run();
    // `run` yields no tree exactly when it reported an error.
    cx.check()?;
    Ok(trees)
}

impl<'a> Tr<'a> {
    /// The trees in the DSL; none after an error.
    fn run(mut self) -> Vec<DslTree> {
        let Some(main) = self.document() else {
            return Vec::new();
        };
        self.trees.push(TreeIr {
            id: main.attribute("ID").unwrap_or_default().to_owned(),
            ident: self.header.name.clone(),
            root: None,
        });
        self.tree_index.insert(self.trees[0].id.clone(), 0);
        self.queue.push_back((0, main));
        while let Some((index, elem)) = self.queue.pop_front() {
            self.trees[index].root = self.tree_root(index, elem);
        }
        self.check_cycles();
        if !self.failed {
            self.autoremap();
            self.resolve();
        }
        if self.failed {
            return Vec::new();
        }
        (0..self.trees.len())
            .map(|index| self.emit_tree(index))
            .collect()
    }

    /// `file:line:column` of byte `pos`.
    pub(super) fn loc(&self, pos: usize) -> String {
        let at = self.doc.text_pos_at(pos);
        format!("{}:{}:{}", self.display, at.row, at.col)
    }

    /// Reports an error at byte `pos` of the XML.
    pub(super) fn err(&mut self, pos: usize, message: impl AsRef<str>) {
        let message = format!("{}: {}", self.loc(pos), message.as_ref());
        self.error(syn::Error::new(self.span, message));
    }

    /// Reports an error spanned elsewhere.
    fn error(&mut self, error: syn::Error) {
        self.failed = true;
        self.cx.syn_error(error);
    }

    /// Reads `<root>`: the trees and the model; returns the main tree's element, or `None` after
    /// an error that leaves nothing to translate.
    fn document(&mut self) -> Option<XNode<'a, 'a>> {
        let root = self.doc.root_element();
        if root.tag_name().name() != "root" {
            let name = root.tag_name().name().to_owned();
            let message = format!("expected BehaviorTree.CPP's `<root>` element, found `<{name}>`");
            self.err(root.range().start, message);
            return None;
        }
        if let Some(format) = root.attribute("BTCPP_format") {
            if format.trim() != "4" {
                self.err(
                    root.range().start,
                    format!("this is BehaviorTree.CPP {format} XML; only format 4 (`BTCPP_format=\"4\"`) is supported"),
                );
                return None;
            }
        }
        let order = self.root_children(root);
        if self.failed {
            return None;
        }
        self.main_tree(root, &order)
    }

    /// The `<BehaviorTree>`s (their IDs in order) and the `<TreeNodesModel>` of `<root>`.
    fn root_children(&mut self, root: XNode<'a, 'a>) -> Vec<&'a str> {
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
        order
    }

    /// The tree to compile: `tree = ".."`, else `main_tree_to_execute`, else the only one.
    fn main_tree(&mut self, root: XNode<'a, 'a>, order: &[&str]) -> Option<XNode<'a, 'a>> {
        let known = || format_list(order.iter().copied());
        let main = match &self.input.tree {
            Some(lit) => {
                let id = lit.value();
                if let Some(elem) = self.tree_elems.get(id.as_str()) {
                    return Some(*elem);
                }
                let message = format!(
                    "{} has no `<BehaviorTree ID=\"{id}\">`; its trees: {}",
                    self.display,
                    known()
                );
                self.error(syn::Error::new(lit.span(), message));
                return None;
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
            self.err(root.range().start, message);
        })
        .ok()
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
                Some(self.node(tree, root, &mut names))
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

    /// The index of the `nodes { .. }` mapping of `id`.
    pub(super) fn mapping(&self, id: &str) -> Option<usize> {
        self.input.nodes.iter().position(|mapping| mapping.id == id)
    }

    /// An element and its descendants. Recursive: [`super::input::XML_MAX_DEPTH`] bounds the
    /// depth before the document is parsed.
    fn node(
        &mut self,
        tree: usize,
        elem: XNode<'a, 'a>,
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
        let (params, autoremap) = self.attributes(tree, elem, id, names, &mut ir);
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
            let child = self.node(tree, child, names);
            ir.children.push(child);
        }
        ir
    }

    /// Reads the attributes every node takes into `ir` (its name, its pre- and
    /// post-conditions); returns the others, its ports or parameters, and `_autoremap`.
    fn attributes(
        &mut self,
        tree: usize,
        elem: XNode<'a, 'a>,
        id: &str,
        names: &mut HashMap<String, usize>,
        ir: &mut NodeIr,
    ) -> (Vec<Param<'a>>, Option<(&'a str, usize)>) {
        let mut params = Vec::new();
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
                table::attr::AUTOREMAP => autoremap = Some((value, at)),
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
        (params, autoremap)
    }

    /// A node that is neither built in nor mapped.
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
        // The model's suggestion rule (`check::unknown_kind`), over the names an XML node may
        // have: the table's and the mapped IDs.
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

    /// The index of the generated tree `id`, queued for translation the first time.
    pub(super) fn generated(&mut self, id: &str, elem: XNode<'a, 'a>) -> usize {
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
        self.subtree_ports(id, index);
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
}

/// A generated tree's type name: its ID when that is a Rust identifier, else the ID's letters and
/// digits in UpperCamelCase (`recharge-battery` → `RechargeBattery`).
pub(super) fn tree_ident(id: &str, span: Span) -> Ident {
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

/// `` `a`, `b` `` (or `none`).
pub(super) fn format_list<'s>(items: impl Iterator<Item = &'s str>) -> String {
    let items: Vec<String> = items.map(|item| format!("`{item}`")).collect();
    if items.is_empty() {
        "none".to_owned()
    } else {
        items.join(", ")
    }
}
