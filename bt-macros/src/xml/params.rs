//! A node's XML attributes as the DSL's arguments: a built-in node's by its row of the table
//! (`table`), a mapped leaf's as its ports, a `<SubTree>`'s as its remappings, and the scripts.

use proc_macro2::{Ident, Literal, Punct, Spacing, Span, TokenStream};
use quote::{quote, ToTokens};
use roxmltree::Node as XNode;
use syn::ext::IdentExt;

use super::entries::{entry_ref, rust_ident, rust_type};
use super::ir::{
    format_list, shown, Arg, KindIr, Param, ParamType, Reads, Score, Script, SubUse, Target, Tr,
    Value,
};
use super::script::{self, Stmt};
use super::table::{Form, Row};
use crate::{kinds, model};

impl<'a> Tr<'a> {
    /// A node of `row`.
    pub(super) fn built_in(
        &mut self,
        tree: usize,
        row: &'static Row,
        pos: usize,
        params: &[Param<'a>],
        children: usize,
    ) -> KindIr {
        let name = row.xml;
        // The model's rule and message for the number of children (`model::check::child_count`),
        // applied here so that the error comes with the XML's others; a `Switch`'s count depends
        // on its attributes.
        if let Some(spec) = kinds::lookup(row.dsl) {
            if !model::children_fit(spec.arity, children) {
                self.err(pos, model::xml_child_count(name, children, spec.arity));
            }
        }
        let cases = row.params.iter().filter(|p| p.form == Form::Case).count();
        if cases > 0 && children != cases + 1 {
            self.err(pos, format!("`{name}` takes {} children, one per case and the default last, found {children}", cases + 1));
        }
        // A required parameter not given, next to an attribute it takes none of (most likely that
        // parameter misspelt): one error, at the attribute, which says both.
        let missing: Vec<&str> = (row.params.iter())
            .filter(|param| param.default.is_none())
            .filter(|param| !params.iter().any(|(given, ..)| *given == param.attribute))
            .map(|param| param.attribute)
            .collect();
        let mut unknown = false;
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
                let needs = match (unknown, missing.is_empty()) {
                    (false, false) => {
                        format!(", and needs {}", format_list(missing.iter().copied()))
                    }
                    _ => String::new(),
                };
                self.err(
                    at,
                    format!("unknown attribute `{attribute}` on `{name}`; {takes}{needs}"),
                );
                unknown = true;
            }
        }
        let (mut args, mut written) = (Vec::new(), Vec::new());
        let mut ok = true;
        for param in row.params {
            let given = params
                .iter()
                .find(|(attribute, ..)| *attribute == param.attribute);
            let (text, at) = match (given, param.default) {
                (Some(&(_, text, at, _)), _) => (text, at),
                // Left out of the DSL: the kind's default is the model's (`crate::kinds`; the
                // table's tests check that it is BehaviorTree.CPP's).
                (None, Some(_)) => continue,
                (None, None) => {
                    if !unknown {
                        self.err(pos, format!("`{name}` needs `{}`", param.attribute));
                    }
                    ok = false;
                    continue;
                }
            };
            match self.arg(tree, row, param.attribute, param.form, text, at) {
                Some(arg) => {
                    args.push((param.attribute, arg));
                    written.push((text.to_owned(), at));
                }
                None => ok = false,
            }
        }
        self.param_types(tree, row, params, &args);
        if ok {
            KindIr::BuiltIn { row, args, written }
        } else {
            KindIr::Invalid
        }
    }

    /// One attribute of a built-in node as its argument.
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
        let result = match form {
            Form::Count | Form::Millis if entry_ref(text).is_some() => {
                // Read by the node when it runs (the guide's "Counts and durations").
                let Some(Ok(key)) = entry_ref(text) else {
                    self.err(
                        at,
                        format!("`{name}`'s `{attribute}` names a blackboard entry: `{{key}}`"),
                    );
                    return None;
                };
                let entry = self.entry(tree, key, at, true)?;
                // BehaviorTree.CPP's port types: `num_cycles` and `num_attempts` are `int`, a
                // time in milliseconds `unsigned`.
                let (ty, reads) = match form {
                    Form::Count => ("i32", Reads::Count),
                    _ => ("u32", Reads::Duration),
                };
                self.entries.infos[entry].param_types.push(ParamType {
                    ty: ty.to_owned(),
                    strong: false,
                    what: format!("`{name}`'s `{attribute}`"),
                    pos: at,
                    reads: Some(reads),
                });
                return Some(Arg::Entry(rust_ident(key, self.span)?));
            }
            Form::Key | Form::TrackedKey => {
                return self.key_arg(tree, name, attribute, form, text, at)
            }
            Form::Queue => match entry_ref(text) {
                Some(Ok(_)) => return self.key_arg(tree, name, attribute, Form::Key, text, at),
                _ => Err("must name a queue entry, `{key}`: a `VecDeque<T>` of the node's items unless the invocation declares it (a `bt::Deque<T, N>` does not allocate); BehaviorTree.CPP's literal queue (`\"1;2;3\"`) is not translated: give the entry that list as its initial value".to_owned()),
            },
            Form::Case if crate::nesting::text_too_deep(text).is_some() => {
                let depth = crate::nesting::text_too_deep(text).map(|(_, depth)| depth);
                Err(crate::nesting::message("", depth.unwrap_or_default())
                    .trim_start()
                    .to_owned())
            }
            Form::Case => return Some(Arg::Case(text.trim().to_owned(), at)),
            Form::Int | Form::Millis if entry_ref(text).is_some() => Err(format!(
                "must be a number here: the DSL's `{}` takes a constant, not a blackboard entry",
                row.dsl
            )),
            Form::Count | Form::Bool | Form::Int | Form::Millis | Form::Status => {
                constant(form, text).map_err(|what| format!("must be {what}, not `{}`", shown(text)))
            }
            Form::Value => return self.value(tree, attribute, text, at).map(Arg::Value),
            Form::Script => {
                return self
                    .script(tree, attribute, text, at, false)
                    .map(Arg::Script)
            }
            Form::Condition => {
                return self
                    .script(tree, attribute, text, at, true)
                    .map(Arg::Script)
            }
        };
        match result {
            Ok(constant) => Some(Arg::Constant(constant)),
            Err(problem) => {
                self.err(at, format!("`{name}`'s `{attribute}` {problem}"));
                None
            }
        }
    }

    /// The types a built-in node's parameters give the entries bound to them, where
    /// BehaviorTree.CPP's port has one type whatever the tree (its counts and durations are
    /// typed as the attribute is read, in [`Self::arg`]):
    /// * `Loop<T>`'s `value` (`LoopInt`: `i32`, ..) and its `queue`, a `VecDeque<T>`
    ///   (BehaviorTree.CPP's `std::deque<T>`);
    /// * a `Switch<n>`'s `variable` when every case is text (not a number, not a scripting enum):
    ///   a `String`, BehaviorTree.CPP's `std::string` port, compared as text (a number or an enum
    ///   it also compares as a number, which no one Rust type does: such a variable is declared);
    /// * `<SetBlackboard output_key="a" value="{b}"/>`: `a` and `b` have one type (either gives
    ///   it to the other); `value="text"` (not a number): `a` is a `String` if nothing else types
    ///   it, as BehaviorTree.CPP stores the text.
    fn param_types(
        &mut self,
        tree: usize,
        row: &Row,
        params: &[Param<'a>],
        args: &[(&'static str, Arg)],
    ) {
        use super::table::attr::{OUTPUT_KEY, QUEUE, VALUE, VARIABLE};
        let name = row.xml;
        let key = |attribute: &str| {
            args.iter().find_map(|(given, arg)| match arg {
                Arg::Entry(key) if *given == attribute => Some(key.unraw().to_string()),
                _ => None,
            })
        };
        let at = |attribute: &str| {
            (params.iter())
                .find(|(given, ..)| *given == attribute)
                .map(|&(_, _, at, _)| at)
        };
        let mut typed = Vec::new();
        if let Some(item) = super::table::loop_item_type(name) {
            if let (Some(value), Some(pos)) = (key(VALUE), at(VALUE)) {
                typed.push((value.to_owned(), item.to_owned(), true, VALUE, pos, None));
            }
            if let (Some(queue), Some(pos)) = (key(QUEUE), at(QUEUE)) {
                let ty = format!("::std::collections::VecDeque<{item}>");
                typed.push((queue.to_owned(), ty, false, QUEUE, pos, Some(Reads::Queue)));
            }
        }
        if row.dsl == "Switch" {
            let text_only = (args.iter())
                .filter_map(|(_, arg)| match arg {
                    Arg::Case(text, _) => Some(text),
                    _ => None,
                })
                .all(|text| {
                    // Not a number to BehaviorTree.CPP either (Rust's `f64` reads `inf`, `nan`
                    // and `+5` too), nor an enum: compared as text alone.
                    matches!(
                        super::emit::literal_form(text),
                        super::emit::LiteralForm::Text
                    ) && text.trim().parse::<f64>().is_err()
                        && self.enum_value(text).is_none()
                });
            match (text_only, key(VARIABLE), at(VARIABLE)) {
                (true, Some(variable), Some(pos)) => {
                    typed.push((
                        variable.to_owned(),
                        "String".to_owned(),
                        false,
                        VARIABLE,
                        pos,
                        None,
                    ));
                }
                (false, Some(variable), _) => {
                    let entry = self.entries.get(tree, &variable);
                    self.entries.infos[entry].switch_by_number = true;
                }
                _ => {}
            }
        }
        for (key, ty, strong, attribute, pos, reads) in typed {
            let entry = self.entries.get(tree, &key);
            self.entries.infos[entry].param_types.push(ParamType {
                ty,
                strong,
                what: format!("`{name}`'s `{attribute}`"),
                pos,
                reads,
            });
        }
        if name == "SetBlackboard" {
            let value = args.iter().find_map(|(given, arg)| match arg {
                Arg::Value(value) if *given == VALUE => Some(value),
                _ => None,
            });
            if let (Some(target), Some(value)) = (key(OUTPUT_KEY), value) {
                let target = self.entries.get(tree, &target);
                match value {
                    Value::Entry(source) => {
                        let source = self.entries.get(tree, source);
                        self.entries.copies.push((target, source));
                    }
                    // Text that is no number to a script either: a number's entry is declared
                    // (a script would compare a `String` with it).
                    Value::Literal(text, _)
                        if matches!(
                            super::emit::literal_form(text),
                            super::emit::LiteralForm::Text
                        ) && text.trim().parse::<f64>().is_err() =>
                    {
                        self.entries.infos[target].set_to_text = true;
                    }
                    Value::Literal(..) => {}
                }
            }
        }
    }

    /// A blackboard entry's name, `{key}` or `key`; a tracked one for an update node.
    fn key_arg(
        &mut self,
        tree: usize,
        name: &str,
        attribute: &str,
        form: Form,
        text: &str,
        at: usize,
    ) -> Option<Arg> {
        let key = match entry_ref(text) {
            Some(Ok(key)) => key,
            None => text.trim(),
            Some(Err(())) => {
                self.err(
                    at,
                    format!(
                        "`{name}`'s `{attribute}` names a blackboard entry: `{{key}}` or `key`"
                    ),
                );
                return None;
            }
        };
        let index = self.entry(tree, key, at, true)?;
        if form == Form::TrackedKey {
            self.entries.infos[index].updates = true;
        }
        Some(Arg::Entry(rust_ident(key, self.span)?))
    }

    /// A script attribute: one boolean expression (`test`), or assignments.
    pub(super) fn script(
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
                let subset = if error.too_deep {
                    ""
                } else {
                    " (the XML front end translates a subset of BehaviorTree.CPP's scripts: see the `bt` docs)"
                };
                self.err(
                    at + error.offset,
                    format!(
                        "`{attribute}=\"{}\"`: {}{subset}",
                        shown(text),
                        error.message
                    ),
                );
                return None;
            }
        };
        let mut names = Vec::new();
        for statement in &statements {
            script::entries(statement, &mut names);
        }
        let mut ok = true;
        for name in names {
            // A scripting enum is a value, not an entry.
            if self.input.enums.iter().any(|(known, _)| *known == name) {
                continue;
            }
            ok &= self.entry(tree, &name, at, true).is_some();
        }
        let script = if test {
            match &statements[..] {
                [Stmt::Expr(expr)] => Script::Test(expr.clone()),
                _ => {
                    self.err(at, format!("`{attribute}=\"{}\"` must be one boolean expression, such as `battery < 20`: it only reads the blackboard", shown(text)));
                    return None;
                }
            }
        } else {
            let mut assignments = Vec::new();
            for statement in statements {
                match statement {
                    Stmt::Assign { target, op, value } => assignments.push((target, op, value)),
                    Stmt::Expr(_) => {
                        self.err(at, format!("`{attribute}=\"{}\"` must be assignments, such as `count += 1; done := true`: a value alone has no effect", shown(text)));
                        return None;
                    }
                }
            }
            Script::Act(assignments)
        };
        ok.then_some(script)
    }

    /// A child's `score` under a `PrioritySelector`: an entry (`{hunger}`), or one script
    /// expression of numbers, a constant (`2`) or arithmetic over entries (`hunger * 2`), read as
    /// an `f32`.
    pub(super) fn score(&mut self, tree: usize, text: &str, at: usize) -> Option<Score> {
        if let Some(key) = entry_ref(text) {
            let Ok(key) = key else {
                self.err(
                    at,
                    format!("`score=\"{text}\"` names the entry to read: `{{key}}`"),
                );
                return None;
            };
            let entry = self.entry(tree, key, at, true)?;
            // Read as an `f32`: its type when nothing else gives one.
            self.entries.infos[entry].param_types.push(ParamType {
                ty: "f32".to_owned(),
                strong: false,
                what: "a `PrioritySelector` child's `score`".to_owned(),
                pos: at,
                reads: None,
            });
            return Some(Score::Expr(script::Expr::Entry(key.to_owned())));
        }
        let statements = match script::parse(text) {
            Ok(statements) => statements,
            Err(error) => {
                self.err(at + error.offset, format!("`score=\"{text}\"`: {} (the XML front end translates a subset of BehaviorTree.CPP's scripts: see the `bt` docs)", error.message));
                return None;
            }
        };
        let expr = match &statements[..] {
            [Stmt::Expr(expr)] if script::is_arithmetic(expr) => expr.clone(),
            _ => {
                self.err(at, format!("`score=\"{text}\"` must be a number: a constant, an entry (`{{hunger}}`) or arithmetic over entries (`hunger * 2`)"));
                return None;
            }
        };
        if script::is_number(&expr) {
            return Some(Score::Number(expr));
        }
        let mut names = Vec::new();
        script::entries(&statements[0], &mut names);
        let mut ok = true;
        for name in names {
            // A scripting enum is a value, not an entry.
            if !self.input.enums.iter().any(|(known, _)| *known == name) {
                ok &= self.entry(tree, &name, at, true).is_some();
            }
        }
        ok.then_some(Score::Expr(expr))
    }

    /// A node the user mapped to a leaf type.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn leaf(
        &mut self,
        tree: usize,
        id: &str,
        pos: usize,
        index: usize,
        category: Option<&str>,
        params: &[Param<'a>],
        children: &[XNode],
    ) -> KindIr {
        let kind = self.input.nodes[index].kind.to_string();
        let declared = category.or(self.models.get(id).map(|model| model.category));
        let fits = match declared {
            Some("Condition") => kind == "Condition",
            Some("Action") => kind == "Action" || kind == "StatefulAction",
            Some("Control") => kind == "Control",
            Some("Decorator") => kind == "Decorator",
            Some(other) => {
                self.err(pos, format!("`{id}` is declared as `{other}`, but `nodes` maps it to `{kind}(..)`; map it to a leaf (`Action(Type)`, ..), `Control(Type)` or `Decorator(Type)`"));
                return KindIr::Invalid;
            }
            None => true,
        };
        if !fits {
            let declared = declared.unwrap_or_default();
            self.err(pos, format!("`{id}` is declared as `{declared}` in the XML, but `nodes` maps it to `{kind}(..)`"));
            return KindIr::Invalid;
        }
        let leaf = !matches!(kind.as_str(), "Control" | "Decorator");
        if let (true, Some(child)) = (leaf, children.first()) {
            self.err(
                self.at(*child),
                format!("`{id}` is a leaf (`{kind}(..)`) and has no children; a control node or decorator of yours is mapped `{id} = Control(Type)` or `{id} = Decorator(Type)`"),
            );
        }
        let mut ports = Vec::new();
        let mut places = Vec::new();
        for &(port, text, at, place) in params {
            if !self.port_name(port, at) {
                continue;
            }
            let Some(value) = self.value(tree, port, text, at) else {
                continue;
            };
            if let Value::Entry(key) = &value {
                self.port_type(tree, id, port, key);
                let entry = self.entries.get(tree, key);
                self.entries.infos[entry]
                    .port_types
                    .push((index, port.to_owned()));
            }
            ports.push((port.to_owned(), value));
            places.push(place);
        }
        KindIr::Leaf {
            mapping: index,
            ports,
            places,
        }
    }

    /// The `<TreeNodesModel>` type of leaf `id`'s `port`, if any, for the entry `key` bound to it.
    fn port_type(&mut self, tree: usize, id: &str, port: &str, key: &str) {
        let ty = (self.models.get(id))
            .and_then(|model| model.ports.iter().find(|p| p.name == port))
            .and_then(|p| p.ty.map(|ty| (ty, p.pos)));
        if let Some((ty, at)) = ty {
            if let Some((_, depth)) = crate::nesting::text_too_deep(ty) {
                self.err(at, crate::nesting::message("the port type", depth));
                return;
            }
            match rust_type(ty) {
                Some(ty) => {
                    let entry = self.entries.get(tree, key);
                    self.entries.infos[entry].model_types.push(ty);
                }
                None => self.err(at, format!("the port type `{ty}` is not a Rust type")),
            }
        }
    }

    /// `<SubTree ID=".." remaps.. _autoremap=".."/>`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn subtree(
        &mut self,
        tree: usize,
        id: &str,
        pos: usize,
        mapping: Option<usize>,
        params: &[Param<'a>],
        autoremap: Option<(&str, usize)>,
        children: &[XNode],
    ) -> KindIr {
        if let Some(child) = children.first() {
            self.err(
                self.at(*child),
                "a `<SubTree>` has no children: its nodes are in its own `<BehaviorTree>`",
            );
        }
        let autoremap = match autoremap.map(|(text, at)| (text.trim(), at)) {
            None | Some(("false" | "0", _)) => false,
            Some(("true" | "1", _)) => true,
            Some((text, at)) => {
                self.err(
                    at,
                    format!(
                        "`_autoremap` must be `true` or `false`, not `{}`",
                        shown(text)
                    ),
                );
                false
            }
        };
        let Some(target) = self.subtree_target(id, pos, mapping) else {
            return KindIr::Invalid;
        };
        let remaps = self.remaps(tree, target, autoremap, params);
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

    /// The tree a `<SubTree ID="id">` runs: mapped, or one of the file's.
    fn subtree_target(&mut self, id: &str, pos: usize, mapping: Option<usize>) -> Option<Target> {
        match mapping {
            Some(index) if self.input.nodes[index].kind == "SubTree" => Some(Target::Mapped(index)),
            Some(index) => {
                let kind = self.input.nodes[index].kind.to_string();
                self.err(
                    pos,
                    format!("`{id}` is a subtree here, but `nodes` maps it to `{kind}(..)`"),
                );
                None
            }
            None => match self.tree_elems.get(id).copied() {
                Some(elem) => Some(Target::Generated(self.generated(id, elem))),
                None => {
                    let trees = format_list(self.tree_elems.keys().copied());
                    self.err(pos, format!("no `<BehaviorTree ID=\"{id}\">` for this `<SubTree>` (the file's trees: {trees}); or map `{id}` to a tree type in `nodes {{ {id} = SubTree(Type) }}`"));
                    None
                }
            },
        }
    }

    /// A `<SubTree>`'s remappings; each one joins the child's entry to the parent's.
    fn remaps(
        &mut self,
        tree: usize,
        target: Target,
        autoremap: bool,
        params: &[Param<'a>],
    ) -> Vec<(String, Value)> {
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
                self.err(at, format!("`{port}=\"{}\"` next to `_autoremap=\"true\"`: the DSL's `..` shares every entry by name and takes no other remapping; remove `_autoremap` and remap each entry", shown(text)));
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
        remaps
    }
}

/// A constant attribute of a built-in node, read from the XML's text.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Constant {
    /// A count: `None` for no limit (BehaviorTree.CPP's `-1`).
    Count(Option<u64>),
    Bool(bool),
    Int(i64),
    /// Milliseconds.
    Millis(u64),
    /// A status, as the DSL's word: `Success`, `Failure`, `Running` or `Skipped`.
    Status(&'static str),
}

impl Constant {
    /// The constant as the DSL writes it (`forever`, `3`, `- 1`, `Failure`), at `span`: what the
    /// arguments of a node built from XML show (`NodeSyntax::arg_tokens`).
    pub(super) fn tokens(self, span: Span) -> TokenStream {
        let word = |word: &str| Ident::new(word, span).into_token_stream();
        let whole = |value: u64| {
            let mut literal = Literal::u64_unsuffixed(value);
            literal.set_span(span);
            literal.into_token_stream()
        };
        match self {
            Constant::Count(None) => word("forever"),
            Constant::Count(Some(count)) => whole(count),
            Constant::Bool(true) => word("true"),
            Constant::Bool(false) => word("false"),
            Constant::Int(value) if value < 0 => {
                let mut minus = Punct::new('-', Spacing::Alone);
                minus.set_span(span);
                let value = whole(value.unsigned_abs());
                quote!(#minus #value)
            }
            Constant::Int(value) => whole(value.unsigned_abs()),
            Constant::Millis(value) => whole(value),
            Constant::Status(status) => word(status),
        }
    }
}

/// A constant attribute of `form` (a count, a flag, a number, a status), or what it must be.
pub(super) fn constant(form: Form, text: &str) -> Result<Constant, &'static str> {
    let trimmed = text.trim();
    let unsigned = |text: &str| text.parse::<u64>().ok().filter(|_| !text.starts_with('+'));
    match form {
        Form::Count if trimmed == "-1" => Ok(Constant::Count(None)),
        Form::Count => (trimmed.parse::<u64>())
            .map(|count| Constant::Count(Some(count)))
            .map_err(|_| "a whole number, or -1 for no limit"),
        Form::Bool => match trimmed {
            "true" | "True" | "TRUE" | "1" => Ok(Constant::Bool(true)),
            "false" | "False" | "FALSE" | "0" => Ok(Constant::Bool(false)),
            _ => Err("`true` or `false`"),
        },
        Form::Int => match trimmed.strip_prefix('-') {
            Some(magnitude) => unsigned(magnitude)
                .and_then(|value| i64::try_from(-i128::from(value)).ok())
                .map(Constant::Int),
            None => unsigned(trimmed)
                .and_then(|value| i64::try_from(value).ok())
                .map(Constant::Int),
        }
        .ok_or("a whole number"),
        Form::Millis => unsigned(trimmed)
            .map(Constant::Millis)
            .ok_or("a number of milliseconds (a whole number, not negative)"),
        Form::Status => match trimmed.to_ascii_uppercase().as_str() {
            "SUCCESS" => Ok(Constant::Status("Success")),
            "FAILURE" => Ok(Constant::Status("Failure")),
            "RUNNING" => Ok(Constant::Status("Running")),
            "SKIPPED" => Ok(Constant::Status("Skipped")),
            _ => Err("a status: `SUCCESS`, `FAILURE`, `RUNNING` or `SKIPPED`"),
        },
        _ => Err("a constant"),
    }
}
