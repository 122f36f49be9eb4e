//! The translation: the XML document → one intermediate tree per `<BehaviorTree>` used (the main
//! one, then each one a `<SubTree>` runs; `ir`), which `emit` builds as the DSL's syntax. This file reads
//! the document and its elements; `params` turns a node's attributes into arguments, `entries`
//! gathers and types the blackboard entries.
//!
//! Every error goes to the `Ctxt`, at the `xml = ".."` literal, with the XML's file, line and
//! column in its message; translation goes on after an error, so that all of them are found.

use std::collections::{HashMap, VecDeque};

use proc_macro2::{Ident, Span};
use roxmltree::{Document, Node as XNode};

use super::input::{Loaded, XmlInput};
use super::ir::{format_list, EntryTable, KindIr, Model, ModelPort, NodeIr, Param, Tr, TreeIr};
use super::table::Row;
use super::table::{self, attr};
use crate::ctxt::Ctxt;
use crate::kinds;
use crate::model::closest;
use crate::parse::Header;

/// Translates the document: every tree the invocation compiles, or every error found.
pub(super) fn translate<'a>(
    header: &'a Header,
    input: &'a XmlInput,
    docs: &'a [Document<'a>],
    files: &'a [Loaded],
) -> syn::Result<Tr<'a>> {
    // Every generated token sits at the literal, with mixed-site hygiene: rustc reports there,
    // and offers no edit of the literal as a fix (its suggestions skip macro-made code).
    let span = Span::mixed_site().located_at(input.source.lit().span());
    let mut tr = Tr {
        header,
        input,
        docs,
        files,
        span,
        cx: Ctxt::new(),
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
        typed_by: Vec::new(),
        checks: std::cell::RefCell::default(),
        internal: std::cell::RefCell::default(),
        mapped: std::cell::RefCell::default(),
    };
    tr.run();
    tr.finish()
}

impl<'a> Tr<'a> {
    /// Reads every tree used into [`Tr::trees`], its entries into [`Tr::entries`], with their
    /// types; stops early after an error that leaves nothing to translate.
    fn run(&mut self) {
        let Some(main) = self.document() else {
            return;
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
    }

    /// Reads `<root>`: the trees and the model; returns the main tree's element, or `None` after
    /// an error that leaves nothing to translate.
    fn document(&mut self) -> Option<XNode<'a, 'a>> {
        let root = self.docs[0].root_element();
        if root.tag_name().name() != "root" {
            let name = root.tag_name().name().to_owned();
            let message = format!("expected BehaviorTree.CPP's `<root>` element, found `<{name}>`");
            self.err(self.at(root), message);
            return None;
        }
        if let Some(format) = root.attribute("BTCPP_format") {
            if format.trim() != "4" {
                self.err(
                    self.at(root),
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

    /// The `<BehaviorTree>`s (their IDs in order) and the `<TreeNodesModel>` of `<root>`, and
    /// those of the files it includes.
    fn root_children(&mut self, root: XNode<'a, 'a>) -> Vec<&'a str> {
        let mut order = Vec::new();
        // BehaviorTree.CPP 4.8.2 lets the ID out when the tree is all that `<root>` holds.
        let alone = root.children().filter(XNode::is_element).count() == 1;
        // The documents to read, each once: the invocation's, then those it includes.
        let mut read = vec![false; self.docs.len()];
        let mut pending = vec![0];
        while let Some(file) = pending.pop() {
            if std::mem::replace(&mut read[file], true) {
                continue;
            }
            let root = self.docs[file].root_element();
            if file > 0 && root.tag_name().name() != "root" {
                let name = root.tag_name().name().to_owned();
                let message =
                    format!("expected BehaviorTree.CPP's `<root>` element, found `<{name}>`");
                self.err(self.at(root), message);
                continue;
            }
            for child in root.children().filter(XNode::is_element) {
                let pos = self.at(child);
                match child.tag_name().name() {
                    "BehaviorTree" => match child.attribute("ID") {
                        None if alone && file == 0 => {
                            order.push("");
                            self.tree_elems.insert("", child);
                        }
                        None => self.err(pos, "a `<BehaviorTree>` needs an `ID` when `<root>` holds anything else: BehaviorTree.CPP lets it out only for a file with one `<BehaviorTree>` and nothing more"),
                        Some(id) if self.tree_elems.contains_key(id) => {
                            self.err(pos, format!("two `<BehaviorTree>`s have the ID `{id}`"))
                        }
                        Some(id) => {
                            order.push(id);
                            self.tree_elems.insert(id, child);
                        }
                    },
                    "TreeNodesModel" => self.model(child),
                    "include" => {
                        let offset = child.range().start;
                        let included = self.files[file].includes.iter().find(|(at, _)| *at == offset);
                        if let Some(&(_, index)) = included {
                            pending.push(index);
                        }
                    }
                    other => {
                        let other = other.to_owned();
                        self.err(
                            pos,
                            format!("unexpected `<{other}>`: `<root>` holds `<BehaviorTree>`s, a `<TreeNodesModel>` and `<include>`s"),
                        )
                    }
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
                    self.files[0].display,
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
            self.err(self.at(root), message);
        })
        .ok()
    }

    /// `<TreeNodesModel>`: the declared categories and port types.
    fn model(&mut self, elem: XNode<'a, 'a>) {
        for node in elem.children().filter(XNode::is_element) {
            let Some(id) = node.attribute("ID") else {
                self.err(self.at(node), "a `<TreeNodesModel>` entry needs an `ID`");
                continue;
            };
            let ports = (node.children().filter(XNode::is_element))
                .filter(|port| port.tag_name().name().ends_with("_port"))
                .filter_map(|port| {
                    Some(ModelPort {
                        name: port.attribute("name")?,
                        ty: port.attribute("type").filter(|ty| !ty.trim().is_empty()),
                        pos: self.at(port),
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
            [root] => Some(self.node(tree, root)),
            [] => {
                self.err(
                    self.at(elem),
                    format!("`<BehaviorTree ID=\"{id}\">` is empty: it needs one root node"),
                );
                None
            }
            [_, second, ..] => {
                self.err(
                    self.at(second),
                    format!("`<BehaviorTree ID=\"{id}\">` has {} root nodes; a tree has exactly one: put them under a `<Sequence>` or `<Fallback>`", nodes.len()),
                );
                None
            }
        }
    }

    /// An element and its descendants. Recursive: [`super::input::XML_MAX_DEPTH`] bounds the
    /// depth before the document is parsed.
    fn node(&mut self, tree: usize, elem: XNode<'a, 'a>) -> NodeIr {
        // The work of one element is in `head`, so that this frame, one per level, stays small.
        let (mut ir, children) = self.head(tree, elem);
        for child in children {
            let child = self.node(tree, child);
            ir.children.push(child);
        }
        ir
    }

    /// One element without its children: its translation, and the children to translate (none
    /// for a leaf, a subtree or after an error).
    #[inline(never)]
    fn head(&mut self, tree: usize, elem: XNode<'a, 'a>) -> (NodeIr, Vec<XNode<'a, 'a>>) {
        let pos = self.at(elem);
        let tag = elem.tag_name().name();
        let mut ir = NodeIr {
            origin: None,
            name: None,
            conditions: Vec::new(),
            score: None,
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
                        return (ir, Vec::new());
                    }
                }
            }
            _ => (tag, None),
        };
        ir.origin = Some((self.loc(pos), id.to_owned()));
        let (params, autoremap) = self.attributes(tree, elem, id, &mut ir);
        let children: Vec<XNode> = elem.children().filter(XNode::is_element).collect();
        let mapping = self.mapping(id);
        let mapped_subtree = mapping.is_some_and(|m| self.input.nodes[m].kind == "SubTree");
        if tag == "SubTree" || mapped_subtree {
            ir.kind = self.subtree(tree, id, pos, mapping, &params, autoremap, &children);
            return (ir, Vec::new());
        }
        if let Some((_, at)) = autoremap {
            self.err(at, "`_autoremap` is for `<SubTree>`");
        }
        if let Some(index) = mapping {
            ir.kind = self.leaf(tree, id, pos, index, category, &params, &children);
            // A control node or decorator of the user's (`Control(Type)`) has children.
            let custom = matches!(
                self.input.nodes[index].kind.to_string().as_str(),
                "Control" | "Decorator"
            );
            return (ir, if custom { children } else { Vec::new() });
        }
        let row = table::row(id).filter(|row| kinds::lookup(row.dsl).is_some());
        let Some(row) = row else {
            self.unknown(id, pos, category, children.is_empty());
            return (ir, Vec::new());
        };
        ir.kind = self.built_in(tree, row, pos, &params, children.len());
        self.check_scores(row, &children);
        (ir, children)
    }

    /// Each child of a `PrioritySelector` has a `score` (which [`Tr::attributes`] reads).
    fn check_scores(&mut self, row: &Row, children: &[XNode<'a, 'a>]) {
        if row.dsl != "PrioritySelector" {
            return;
        }
        for &child in children {
            if child.attribute(attr::SCORE).is_none() {
                let pos = self.at(child);
                self.err(pos, format!("each child of `{}` needs a `{}`, how much it is wanted (the highest goes first): a number (`{1}=\"2\"`), an entry (`{1}=\"{{hunger}}\"`) or a script expression (`{1}=\"hunger * 2\"`)", row.xml, attr::SCORE));
            }
        }
    }

    /// Whether `elem` is a child of a `PrioritySelector` (whose children have a `score`).
    fn scored(elem: XNode<'a, 'a>) -> bool {
        elem.parent_element().is_some_and(|parent| {
            let id = match parent.tag_name().name() {
                "Control" => parent.attribute("ID").unwrap_or_default(),
                tag => tag,
            };
            table::row(id).is_some_and(|row| row.dsl == "PrioritySelector")
        })
    }

    /// Reads the attributes every node takes into `ir` (its name, its pre- and
    /// post-conditions); returns the others, its ports or parameters, and `_autoremap`.
    fn attributes(
        &mut self,
        tree: usize,
        elem: XNode<'a, 'a>,
        id: &str,
        ir: &mut NodeIr,
    ) -> (Vec<Param<'a>>, Option<(&'a str, usize)>) {
        let mut params = Vec::new();
        let mut autoremap = None;
        for attr in elem.attributes() {
            let (name, value) = (attr.name(), attr.value());
            let at = self.at_offset(elem, attr.range_value().start);
            match name {
                "ID" => {}
                // A label, as in BehaviorTree.CPP: several nodes may share one.
                "name" => {
                    if value != id && !value.is_empty() {
                        ir.name = Some(value.to_owned());
                    }
                }
                attr::AUTOREMAP => autoremap = Some((value, at)),
                attr::SCORE if Self::scored(elem) => ir.score = self.score(tree, value, at),
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
                    None => {
                        params.push((name, value, at, self.at_offset(elem, attr.range().start)))
                    }
                },
            }
        }
        (params, autoremap)
    }

    /// A node that is neither built in nor mapped.
    fn unknown(&mut self, id: &str, pos: usize, category: Option<&str>, leaf: bool) {
        if table::NOT_YET.contains(&id) {
            // What the DSL's own error says about the name, when it has something to say.
            let instead = (kinds::UNSUPPORTED.iter())
                .find(|(name, _)| *name == id)
                .map_or("use another node", |(_, instead)| instead);
            self.err(
                pos,
                format!("`{id}` is a BehaviorTree.CPP node the DSL does not offer: {instead}"),
            );
            return;
        }
        if matches!(id, "InlineCondition" | "InlineAction") {
            self.err(pos, format!("`{id}` is a closure of a tree exported by `to_xml()`; map it to a leaf type: `nodes {{ {id} = Action(Type) }}`"));
            return;
        }
        // The macro's suggestion rule, over the names an XML node may have: the table's and the
        // mapped IDs.
        let names = (table::ROWS.iter().map(|row| row.xml))
            .chain(self.input.nodes.iter().map(|m| m.id.as_str()));
        let hint = match closest(id, names) {
            Some(known) => format!("; did you mean `{known}`?"),
            None => String::new(),
        };
        let declared = category.or(self.models.get(id).map(|model| model.category));
        if !leaf || matches!(declared, Some("Control" | "Decorator")) {
            // A control node or decorator of the user's own, as navigation stacks write them.
            let (kind, other) = match declared {
                Some("Decorator") => ("Decorator", ""),
                _ => (
                    "Control",
                    " (`Decorator(YourType)` for a decorator, with one child)",
                ),
            };
            let what = if leaf {
                "declared a".to_owned()
            } else {
                "with children:".to_owned()
            };
            let what = match declared {
                Some(category) if leaf => format!("{what} `{category}`:"),
                _ => what,
            };
            self.err(pos, format!("unknown node `{id}` {what} a control node or decorator of your own? Map its ID to your type in the invocation, `nodes {{ {id} = {kind}(YourType) }}`{other}: see the guide's \"Your own control nodes and decorators\"{hint}"));
            return;
        }
        let kind = match declared {
            Some("Condition") => "Condition",
            _ => "Action",
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
            let pos = self.at(elem);
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
    // Only a word is read as tokens: any text could be (rustc's lexer recurses per bracket).
    let word = id.chars().all(|c| c.is_alphanumeric() || c == '_');
    if let Some(Ok(ident)) = word.then(|| syn::parse_str::<syn::Ident>(id)) {
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
