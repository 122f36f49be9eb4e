//! Blackboard entries: the `{key}` references of ports, remappings and scripts, the entries each
//! tree gets (joined across subtrees by remapping and `_autoremap`), and their types (the
//! invocation's `blackboard { .. }`, else a `<TreeNodesModel>` port type).

use std::collections::{HashMap, HashSet};

use proc_macro2::{Ident, Span, TokenStream};
use quote::{quote, ToTokens};

use crate::tokens::respan;

use super::input::XmlInput;
use super::ir::{Reads, Tr, Value};
use super::script;
use crate::parse::EntrySyntax;

/// Splits `{key}`-style text: `Some(Ok(key))` for `{key}`, `Some(Err(()))` for `{=}`, `None` for a
/// literal.
pub(super) fn entry_ref(text: &str) -> Option<Result<&str, ()>> {
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
pub(super) fn rust_ident(name: &str, span: Span) -> Option<Ident> {
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
pub(super) fn rust_type(text: &str) -> Option<String> {
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

/// Whether a type, written `ty`, is one known to be read as `reads` asks: a primitive integer for
/// a count, a primitive number for a duration (rustc checks any other).
fn has_trait(reads: Reads, ty: &str) -> bool {
    const INTEGERS: [&str; 10] = [
        "i8", "i16", "i32", "i64", "isize", "u8", "u16", "u32", "u64", "usize",
    ];
    match reads {
        Reads::Count => INTEGERS.contains(&ty),
        Reads::Duration => INTEGERS.contains(&ty) || ty == "f32" || ty == "f64",
        Reads::Queue => false,
    }
}

/// A type of [`super::ir::ParamType`] as an error shows it: `VecDeque<f64>`, not its whole path.
fn shown_type(ty: &str) -> &str {
    ty.trim_start_matches("::std::collections::")
}

/// Whether `attr`, on an entry of the invocation's `blackboard { .. }`, is `#[tracked]`.
pub(super) fn is_tracked_attr(attr: &syn::Attribute) -> bool {
    attr.path().is_ident(crate::kw::TRACKED)
}

impl<'a> Tr<'a> {
    /// An entry of `tree` named in the XML at `pos`: registered, `None` (reported) if its name is
    /// not a Rust identifier.
    pub(super) fn entry(
        &mut self,
        tree: usize,
        name: &str,
        pos: usize,
        used: bool,
    ) -> Option<usize> {
        if name.starts_with('@') {
            self.err(pos, format!("`{name}`: `@` (the root blackboard) is not supported; remap the entry through the subtrees"));
            return None;
        }
        if rust_ident(name, self.span).is_none() {
            self.err(pos, format!("the blackboard entry `{name}` is not a Rust identifier: use letters, digits and `_`"));
            return None;
        }
        let index = self.entries.get(tree, name);
        let info = &mut self.entries.infos[index];
        info.used |= used;
        info.pos.get_or_insert(pos);
        Some(index)
    }

    /// A port, remapping or `value` attribute: `{key}` (`{=}` is the entry named `port`) or a
    /// literal.
    pub(super) fn value(
        &mut self,
        tree: usize,
        port: &str,
        text: &str,
        pos: usize,
    ) -> Option<Value> {
        match entry_ref(text) {
            Some(Ok(key)) => self
                .entry(tree, key, pos, true)
                .map(|_| Value::Entry(key.to_owned())),
            Some(Err(())) => self
                .entry(tree, port, pos, true)
                .map(|_| Value::Entry(port.to_owned())),
            None => match crate::nesting::text_too_deep(text) {
                Some((_, depth)) => {
                    let what = format!("the value of `{port}`");
                    self.err(pos, crate::nesting::message(&what, depth));
                    None
                }
                None => Some(Value::Literal(text.to_owned(), pos)),
            },
        }
    }

    /// A port or remapped entry's name as a Rust identifier.
    pub(super) fn port_name(&mut self, name: &str, pos: usize) -> bool {
        if rust_ident(name, self.span).is_some() {
            return true;
        }
        self.err(
            pos,
            format!("`{name}` is not a Rust identifier, so it cannot name a port or an entry"),
        );
        false
    }

    /// The ports a `<TreeNodesModel>` declares for the subtree `id` (generated as tree `index`):
    /// entries of the child, typed.
    pub(super) fn subtree_ports(&mut self, id: &str, index: usize) {
        let Some(model) = self.models.get(id) else {
            return;
        };
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

    /// `_autoremap="true"`: every entry of the child is the parent's entry of the same name
    /// (repeated until nothing changes: a child's own autoremapped children add entries).
    pub(super) fn autoremap(&mut self) {
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
    pub(super) fn declared(&self, name: &str) -> Option<&'a EntrySyntax> {
        let input: &'a XmlInput = self.input;
        input
            .blackboard
            .iter()
            .find(|entry| syn::ext::IdentExt::unraw(&entry.name) == name)
    }

    /// Every entry's type and whether its class is tracked. The type is the user's, else the
    /// first of its class's that it finds in this order: a declaration; a `<TreeNodesModel>`
    /// port type; a `Loop`'s `value` item type; the type of a mapped node's port bound to it;
    /// the type BehaviorTree.CPP gives another parameter of a built-in node bound to it (a count,
    /// a duration, a `Loop`'s queue, a `Switch`'s text variable: [`Tr::param_types`]); the type
    /// of the entry a `<SetBlackboard>` copies it from or to; a `String` for one a
    /// `<SetBlackboard>` sets to text. The built-in parameters must agree when they type it
    /// ([`Tr::param_conflicts`]).
    pub(super) fn resolve(&mut self) {
        let count = self.entries.infos.len();
        let roots: Vec<usize> = (0..count).map(|index| self.entries.find(index)).collect();
        let mut class_user: HashMap<usize, TokenStream> = HashMap::new();
        let mut class_model: HashMap<usize, String> = HashMap::new();
        let mut class_strong: HashMap<usize, (String, String)> = HashMap::new();
        let mut class_port: HashMap<usize, (TokenStream, String)> = HashMap::new();
        let mut class_param: HashMap<usize, String> = HashMap::new();
        let mut class_text: HashSet<usize> = HashSet::new();
        let mut class_tracked: HashSet<usize> = HashSet::new();
        for (info, &root) in self.entries.infos.iter().zip(&roots) {
            if let Some(declared) = self.declared(&info.name) {
                let ty = &declared.ty;
                class_user.entry(root).or_insert_with(|| quote!(#ty));
                if declared.attrs.iter().any(is_tracked_attr) {
                    class_tracked.insert(root);
                }
            }
            if let Some(ty) = info.model_types.first() {
                class_model.entry(root).or_insert_with(|| ty.clone());
            }
            if let Some(param) = info.param_types.iter().find(|param| param.strong) {
                (class_strong.entry(root))
                    .or_insert_with(|| (param.ty.clone(), param.what.clone()));
            }
            if let std::collections::hash_map::Entry::Vacant(vacant) = class_port.entry(root) {
                if let Some(typed) = (info.port_types.iter()).find_map(|(mapping, port)| {
                    let ty = self.port_value(*mapping, port)?;
                    Some((
                        ty,
                        format!("`{}`'s port `{port}`", self.input.nodes[*mapping].id),
                    ))
                }) {
                    vacant.insert(typed);
                }
            }
            if let Some(param) = info.param_types.first() {
                class_param.entry(root).or_insert_with(|| param.ty.clone());
            }
            if info.set_to_text {
                class_text.insert(root);
            }
            if info.updates {
                class_tracked.insert(root);
            }
        }
        // A primitive's name parses to the identifier a `<TreeNodesModel>` type gives, so that a
        // script knows the entry is numeric (`script::Entries::numeric_type`).
        let parsed = |ty: &String| {
            ty.parse::<TokenStream>()
                .ok()
                .map(|ty| respan(ty, self.span))
        };
        let mut class_type: HashMap<usize, TokenStream> = HashMap::new();
        let mut from_params = HashSet::new();
        // What gave each class its type, for the errors of the nodes that read it as another
        // (`Tr::check_reads`).
        let mut typed_by: HashMap<usize, String> = HashMap::new();
        for &root in &roots {
            if class_type.contains_key(&root) {
                continue;
            }
            let ty = (class_user.get(&root).cloned())
                .map(|ty| {
                    (
                        ty,
                        "the invocation's `blackboard { .. }` declares it".to_owned(),
                    )
                })
                .or_else(|| {
                    let ty = class_model.get(&root).and_then(parsed)?;
                    Some((ty, "a `<TreeNodesModel>` port type makes it".to_owned()))
                })
                .or_else(|| {
                    let (ty, what) = class_strong.get(&root)?;
                    let strong = parsed(ty);
                    from_params.extend(strong.is_some().then_some(root));
                    Some((strong?, format!("{what} makes it")))
                })
                .or_else(|| {
                    let (ty, port) = class_port.get(&root)?;
                    Some((ty.clone(), format!("{port} makes it")))
                })
                .or_else(|| {
                    let param = class_param.get(&root).and_then(parsed);
                    from_params.extend(param.is_some().then_some(root));
                    Some((param?, String::new()))
                });
            if let Some((ty, by)) = ty {
                class_type.insert(root, ty);
                typed_by.insert(root, by);
            }
        }
        // A copy's two entries have one type: either gives it to the other, until none is left
        // to give (each round types at least one class, or ends).
        loop {
            let mut changed = false;
            for &(target, source) in &self.entries.copies {
                let (target, source) = (roots[target], roots[source]);
                match (class_type.get(&target), class_type.get(&source)) {
                    (None, Some(ty)) => {
                        let ty = ty.clone();
                        class_type.insert(target, ty);
                        changed = true;
                    }
                    (Some(ty), None) => {
                        let ty = ty.clone();
                        class_type.insert(source, ty);
                        changed = true;
                    }
                    _ => {}
                }
            }
            if !changed {
                break;
            }
        }
        for root in class_text {
            class_type
                .entry(root)
                .or_insert_with(|| quote::quote_spanned!(self.span=> String));
        }
        let mut types = Vec::with_capacity(count);
        let mut missing = Vec::new();
        for (index, (info, &root)) in self.entries.infos.iter().zip(&roots).enumerate() {
            let ty = match self.declared(&info.name) {
                Some(declared) => {
                    let ty = &declared.ty;
                    Some(quote!(#ty))
                }
                None => class_type.get(&root).cloned(),
            };
            if ty.is_none() {
                missing.push(index);
            }
            // The model's syntax holds the type as a `syn::Type`: read here, once per entry.
            let ty = ty.and_then(|ty| match syn::parse2::<syn::Type>(ty) {
                Ok(ty) => Some(ty),
                Err(_) => {
                    let loc = self.loc(info.pos.unwrap_or_default());
                    let what = format!("the type of the entry `{}` is no type", info.name);
                    self.internal(&loc, &what);
                    None
                }
            });
            types.push(ty);
        }
        self.tracked = roots
            .iter()
            .map(|root| class_tracked.contains(root))
            .collect();
        self.types = types;
        self.typed_by = (self.entries.infos.iter().zip(&roots))
            .map(|(info, root)| match self.declared(&info.name) {
                Some(_) => "the invocation's `blackboard { .. }` declares it".to_owned(),
                None => typed_by.get(root).cloned().unwrap_or_default(),
            })
            .collect();
        self.param_conflicts(&roots, &from_params);
        self.check_reads(&roots, &from_params, &typed_by);
        for index in missing {
            self.untyped(index);
        }
    }

    /// An entry typed by built-in parameters alone (no declaration, no `<TreeNodesModel>` type,
    /// no mapped node's port before them) takes the first of their types, and each parameter
    /// that gives it another is an error there, as BehaviorTree.CPP refuses a tree whose ports
    /// of two types share an entry. (Where something else types the entry, each node's own
    /// check decides whether it takes that type.)
    fn param_conflicts(&mut self, roots: &[usize], from_params: &HashSet<usize>) {
        let mut first: HashMap<usize, (String, String, usize)> = HashMap::new();
        let mut conflicts = Vec::new();
        // The strong ones first: the type comes from the first of them if there is one.
        for strong in [true, false] {
            for (info, &root) in self.entries.infos.iter().zip(roots) {
                if !from_params.contains(&root) {
                    continue;
                }
                for param in info.param_types.iter().filter(|p| p.strong == strong) {
                    match first.get(&root) {
                        None => {
                            first.insert(root, (param.ty.clone(), param.what.clone(), param.pos));
                        }
                        Some((ty, _, _)) if *ty == param.ty => {}
                        Some((ty, what, pos)) => conflicts.push((
                            param.pos,
                            format!(
                                "{} reads the entry `{}` as a `{}`, but {what} (at {}) makes it a `{}`; BehaviorTree.CPP refuses ports of two types on one entry: declare the entry in the invocation, `blackboard {{ {}: Type }}`, with a type both nodes take",
                                param.what,
                                info.name,
                                shown_type(&param.ty),
                                self.loc(*pos),
                                shown_type(ty),
                                info.name,
                            ),
                        )),
                    }
                }
            }
        }
        for (pos, message) in conflicts {
            self.err(pos, message);
        }
    }

    /// An entry that a built-in node reads through a trait (a count, a duration, a queue: its
    /// [`ParamType::reads`]) and that something else types (a mapped node's port, a
    /// declaration, a `<TreeNodesModel>`): the node reads it through a trait of its own, written
    /// here, that has the same method and is implemented for every type with that trait, and
    /// whose error says where the attribute that reads the entry is, the element, the entry and
    /// both types; the generated code takes it from the entry's `#[__bt_read(count, ..)]`
    /// (`crate::model::Entry::read_through`). The first attribute that reads an entry one way
    /// gives the message; a type known to have the trait (a primitive integer for a count) needs
    /// none.
    ///
    /// An entry typed by built-in parameters alone is [`Tr::param_conflicts`]'s.
    fn check_reads(
        &mut self,
        roots: &[usize],
        from_params: &HashSet<usize>,
        typed_by: &HashMap<usize, String>,
    ) {
        let span = self.span;
        let braces = super::emit::braces;
        for (index, &root) in roots.iter().enumerate() {
            if from_params.contains(&root) {
                continue;
            }
            let Some(ty) = (self.types[index].as_ref()).map(|ty| ty.to_token_stream().to_string())
            else {
                continue;
            };
            let info = &self.entries.infos[index];
            let by = match self.declared(&info.name) {
                Some(_) => "the invocation's `blackboard { .. }` declares it",
                None => typed_by.get(&root).map_or("", String::as_str),
            };
            let by = match by {
                "" => "it is".to_owned(),
                by => braces(by),
            };
            let mut through = Vec::new();
            for param in &info.param_types {
                let Some(reads) = param.reads else {
                    continue;
                };
                if has_trait(reads, &ty) || through.iter().any(|(word, _)| *word == reads.word()) {
                    continue;
                }
                let (needs, note, item) = match reads {
                    Reads::Count => (
                        "a count, an integer",
                        "a count read from an entry is an integer (`-1` is no limit): bind the attribute to an entry of an integer type, or write the number in it",
                        quote::quote_spanned! {span=>
                            fn as_limit(&self) -> ::core::option::Option<::core::primitive::usize>;
                        },
                    ),
                    Reads::Duration => (
                        "a duration, a number of milliseconds",
                        "a duration read from an entry is a number of milliseconds (an integer, `f32` or `f64`) or a `core::time::Duration`: bind the attribute to an entry of such a type, or write the number in it",
                        quote::quote_spanned! {span=>
                            fn as_duration(&self) -> ::core::time::Duration;
                        },
                    ),
                    Reads::Queue => (
                        "the queue it pops its items from",
                        "a `Loop`'s queue is a `bt::Deque<T, N>`, a `VecDeque<T>` or a type of yours that implements `bt::LoopQueue`: bind the attribute to an entry of such a type",
                        quote::quote_spanned! {span=>
                            type Item;
                            fn pop_front(&mut self) -> ::core::option::Option<Self::Item>;
                        },
                    ),
                };
                let body = match reads {
                    Reads::Count => quote::quote_spanned! {span=>
                        #[inline(always)]
                        fn as_limit(&self) -> ::core::option::Option<::core::primitive::usize> {
                            __bt::AsLimit::as_limit(self)
                        }
                    },
                    Reads::Duration => quote::quote_spanned! {span=>
                        #[inline(always)]
                        fn as_duration(&self) -> ::core::time::Duration {
                            __bt::AsDuration::as_duration(self)
                        }
                    },
                    Reads::Queue => quote::quote_spanned! {span=>
                        type Item = <__BtT as __bt::LoopQueue>::Item;
                        #[inline(always)]
                        fn pop_front(&mut self) -> ::core::option::Option<Self::Item> {
                            __bt::LoopQueue::pop_front(self)
                        }
                    },
                };
                let bound = match reads {
                    Reads::Count => quote::quote_spanned!(span=> __bt::AsLimit),
                    Reads::Duration => quote::quote_spanned!(span=> __bt::AsDuration),
                    Reads::Queue => quote::quote_spanned!(span=> __bt::LoopQueue),
                };
                let loc = braces(&self.loc(param.pos));
                let message = format!(
                    "{loc}: {} reads the entry `{}` as {needs}, but {by} a `{{Self}}`",
                    braces(&param.what),
                    info.name,
                );
                let label = format!("{loc}: the entry `{}` is a `{{Self}}`", info.name);
                let name = self.push_check(|name| {
                    quote::quote_spanned! {span=>
                        #[doc(hidden)]
                        #[allow(non_camel_case_types)]
                        #[diagnostic::on_unimplemented(message = #message, label = #label, note = #note)]
                        trait #name {
                            #item
                        }
                        impl<__BtT: #bound + ?::core::marker::Sized> #name for __BtT {
                            #body
                        }
                    }
                });
                through.push((reads.word(), name));
            }
            self.entries.infos[index].read_through = through;
        }
    }

    /// The type of port `port` of the node mapping `mapping` maps to, as `#[derive(bt::Ports)]`
    /// states it: `<Type as bt::__private::PortValue<{ port_key_of(<Type>::__BT_PORTS, "port")
    /// }>>::Value`, a placeholder for an attribute that names no port of the type, which the check
    /// of the element reports (`bt::__private::port_key_of`). The key of a type that names the
    /// tree's generic parameters is the name's alone (`port_key`): a constant cannot read their
    /// port list.
    fn port_value(&self, mapping: usize, port: &str) -> Option<TokenStream> {
        let ty = self.input.nodes.get(mapping)?.node_type()?;
        let span = self.span;
        let key = match self.header.names_generic_param(ty.to_token_stream()) {
            true => quote::quote_spanned!(span=> __bt::port_key(#port)),
            false => quote::quote_spanned!(span=> __bt::port_key_of(<#ty>::__BT_PORTS, #port)),
        };
        Some(quote::quote_spanned! {span=>
            <#ty as __bt::PortValue<{ #key }>>::Value
        })
    }

    /// Reports entry `index`, which has no type, where the XML first names it; with the name it
    /// may be a typo of (a declared entry, a typed entry of its tree, a scripting enum).
    fn untyped(&mut self, index: usize) {
        let (tree, name, first, switch) = {
            let info = &self.entries.infos[index];
            (
                info.tree,
                info.name.clone(),
                info.pos,
                info.switch_by_number,
            )
        };
        let tree_id = self.trees[tree].id.clone();
        let declared = self
            .input
            .blackboard
            .iter()
            .map(|entry| syn::ext::IdentExt::unraw(&entry.name).to_string());
        let typed = (self.entries.infos.iter().enumerate())
            .filter(|(other, info)| {
                info.tree == tree && self.types.get(*other).is_some_and(Option::is_some)
            })
            .map(|(_, info)| info.name.clone());
        let enums = self.input.enums.iter().map(|(known, _)| known.clone());
        let candidates: Vec<String> = declared.chain(typed).chain(enums).collect();
        let hint = crate::model::closest(&name, candidates.iter().map(String::as_str))
            .map_or_else(String::new, |known| format!("; did you mean `{known}`?"));
        // A number or an enum as a case could be of any integer type (BehaviorTree.CPP compares
        // the variable as text and as a number): the user says which.
        let switch = if switch {
            " (a `Switch`'s cases that are numbers or scripting enums do not say which type its `variable` has)"
        } else {
            ""
        };
        let message = format!(
            "the blackboard entry `{name}` (of tree `{tree_id}`) has no type: declare it in the invocation, `blackboard {{ {name}: Type }}`, bind it to a port of a node of yours, or give the port bound to it a `type` in `<TreeNodesModel>`{switch}{hint}"
        );
        let pos = first.unwrap_or_else(|| {
            self.tree_elems
                .get(tree_id.as_str())
                .map_or(0, |elem| self.at(*elem))
        });
        self.err(pos, message);
    }
}

/// The entries of one tree, for the script translation.
pub(super) struct TreeEntries<'t, 'a> {
    pub(super) tr: &'t Tr<'a>,
    pub(super) tree: usize,
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

    fn numeric_type(&self, name: &str) -> Option<&'static str> {
        let ty = self
            .index(name)
            .and_then(|index| self.tr.types[index].as_ref())?;
        let ty = ty.to_token_stream().to_string();
        script::NUMERIC_TYPES
            .iter()
            .copied()
            .find(|numeric| *numeric == ty)
    }

    fn constant(&self, name: &str) -> Option<TokenStream> {
        self.tr.enum_value(name)
    }

    fn is_tracked(&self, name: &str) -> bool {
        self.index(name).is_some_and(|index| self.tr.tracked[index])
    }
}
