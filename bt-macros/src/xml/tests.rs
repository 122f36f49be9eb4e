//! The translation to the DSL, its errors (with the XML's line and column), and a fuzz test of the
//! XML text.

use proc_macro2::{Span, TokenStream, TokenTree};
use quote::{quote, ToTokens};

use super::emit::{self, is_rust_constant, DslTree};
use super::entries::{rust_ident, rust_type};
use super::input::{lenient, load, parse_document, parse_input, row_col, too_deep};
use super::translate::{translate, tree_ident};
use crate::args::{Args, Grammar, LeafArgs, ParamKind, ParamValue, Quantity, Value as ArgValue};
use crate::parse::{Body, Case, ChildNodes, NodeSyntax, TreeInput};

/// The DSL of each tree of an invocation, or its errors.
fn dsl(invocation: &str) -> Result<Vec<String>, Vec<String>> {
    let input: TreeInput = syn::parse_str(invocation).map_err(|e| vec![e.to_string()])?;
    let xml =
        parse_input(input.body, input.header.body_span, None).map_err(|e| vec![e.to_string()])?;
    let files = load(&xml.source).map_err(|e| vec![e.to_string()])?;
    let docs = (files.iter())
        .map(|file| parse_document(file, Span::call_site()))
        .collect::<syn::Result<Vec<_>>>()
        .map_err(|e| vec![e.to_string()])?;
    translate(&input.header, &xml, &docs, &files)
        .and_then(|tr| emit::trees(&tr))
        .map(|(trees, _)| trees.iter().map(written).collect())
        .map_err(|error| error.into_iter().map(|e| e.to_string()).collect())
}

/// A translated tree as it would be written in the DSL (without the nodes' XML origins, which
/// `origins_locate_every_node` checks).
fn written(tree: &DslTree) -> String {
    let header = &tree.header;
    let (attrs, vis, name, context) = (&header.attrs, &header.vis, &header.name, &header.context);
    let body = body_tokens(&tree.body);
    quote!(#(#attrs)* #vis tree #name for #context { #body }).to_string()
}

/// A tree's body built by the emission, as the DSL's tokens.
fn body_tokens(body: &Body) -> TokenStream {
    let blackboard = body.blackboard.as_ref().map(|blackboard| {
        let entries = blackboard.entries.iter().map(|entry| {
            let (attrs, name, ty) = (&entry.attrs, &entry.name, &entry.ty);
            let init = entry.init.as_ref().map(|init| quote!(= #init));
            quote!(#(#attrs)* #name: #ty #init)
        });
        quote!(blackboard { #(#entries),* })
    });
    let roots = body.roots.iter().map(node_tokens);
    quote!(#blackboard #(#roots),*)
}

/// A node built by the emission, as the DSL's tokens.
fn node_tokens(node: &NodeSyntax) -> TokenStream {
    let case = match &node.case {
        Some(Case::Value(value, _)) => quote!(case #value =>),
        Some(Case::Default(_)) => quote!(_ =>),
        None => TokenStream::new(),
    };
    let (attrs, kind) = (&node.attrs, &node.kind);
    let args = args_tokens(kind, &node.args);
    let args = (!args.is_empty()).then(|| quote!((#args)));
    let children = match &node.children {
        Some(ChildNodes::Built(_, children)) => {
            let children = children.iter().map(node_tokens);
            quote!({ #(#children),* })
        }
        Some(ChildNodes::Written(group)) => group.to_token_stream(),
        None => TokenStream::new(),
    };
    quote!(#case #(#attrs)* #kind #args #children)
}

/// A node's arguments as built (not `NodeSyntax::arg_tokens`, which the emission writes beside
/// them), as the DSL writes them: a parameter by its position while every one before it is given
/// and positional, else by its name.
fn args_tokens(kind: &proc_macro2::Ident, args: &Args) -> TokenStream {
    let value = |value: &ArgValue| match value {
        ArgValue::Entry(entry) => quote!({ #entry }),
        ArgValue::Expr(expr) => quote!(#expr),
    };
    let quantity = |quantity: &Quantity| match quantity {
        Quantity::Literal(n) => proc_macro2::Literal::u64_unsuffixed(*n).into_token_stream(),
        Quantity::Expr(expr) => quote!(#expr),
        Quantity::Entry(entry) => quote!({ #entry }),
    };
    match args {
        Args::Absent | Args::Unread => TokenStream::new(),
        Args::Invalid(error) => error.to_compile_error(),
        Args::Assign(entry, assigned) => {
            let assigned = value(assigned);
            quote!(#entry = #assigned)
        }
        Args::Leaf(LeafArgs::Closure(closure)) => quote!(#closure),
        Args::Leaf(LeafArgs::Target(target)) => {
            let ty = &target.ty;
            let init = target.init.as_ref().map(|init| quote!(= #init));
            let bindings = target.bindings.iter().map(|binding| {
                let (port, bound) = (&binding.port, value(&binding.value));
                quote!(, #port = #bound)
            });
            let rest = target.rest.map(|_| quote!(, ..));
            quote!(#ty #init #(#bindings)* #rest)
        }
        Args::Params(values) => {
            let Some(Grammar::Params(params)) =
                crate::kinds::lookup(&kind.to_string()).map(|spec| spec.grammar)
            else {
                panic!("`{kind}` takes no parameters");
            };
            let mut out = Vec::new();
            let mut positional = true;
            for (param, given) in params.iter().zip(values) {
                let Some(given) = given else {
                    positional = false;
                    continue;
                };
                positional &= param.positional;
                let words = match param.value {
                    ParamKind::Status(words) | ParamKind::Word(words) => words,
                    _ => &[],
                };
                let shown = match given {
                    ParamValue::Int(n, _) if *n < 0 => {
                        let n = proc_macro2::Literal::u64_unsuffixed(n.unsigned_abs());
                        quote!(- #n)
                    }
                    ParamValue::Int(n, _) => {
                        proc_macro2::Literal::u64_unsuffixed(n.unsigned_abs()).into_token_stream()
                    }
                    ParamValue::Duration(q) | ParamValue::Count(Some(q)) => quantity(q),
                    ParamValue::Count(None) => quote!(forever),
                    ParamValue::Expr(expr) => quote!(#expr),
                    ParamValue::Bool(flag) => quote!(#flag),
                    ParamValue::Entry(entry) => quote!(#entry),
                    ParamValue::Closure(closure) | ParamValue::ContextClosure(closure) => {
                        quote!(#closure)
                    }
                    ParamValue::Word(index, _) => {
                        proc_macro2::Ident::new(words[*index], Span::call_site())
                            .into_token_stream()
                    }
                };
                let name = proc_macro2::Ident::new(param.name, Span::call_site());
                out.push(if positional {
                    shown
                } else {
                    quote!(#name = #shown)
                });
            }
            quote!(#(#out),*)
        }
    }
}

/// An invocation of `xml_text`, with `nodes` and `blackboard` items.
fn text(xml: &str, rest: &str) -> String {
    format!("tree T for World {{ xml_text = {xml:?}, {rest} }}")
}

fn only(xml: &str, rest: &str) -> String {
    match dsl(&text(xml, rest)) {
        Ok(trees) => {
            assert_eq!(trees.len(), 1, "{trees:?}");
            trees[0].clone()
        }
        Err(errors) => panic!("{errors:?}"),
    }
}

fn errors(xml: &str, rest: &str) -> Vec<String> {
    match dsl(&text(xml, rest)) {
        Ok(trees) => panic!("expected errors, got {trees:?}"),
        Err(errors) => errors,
    }
}

fn tree(body: &str) -> String {
    format!(r#"<root BTCPP_format="4"><BehaviorTree ID="Main">{body}</BehaviorTree></root>"#)
}

#[test]
fn built_in_nodes_translate_by_the_table() {
    let xml = tree(
        r#"<Sequence>
            <SequenceWithMemory><AlwaysSuccess/></SequenceWithMemory>
            <ReactiveSequence><AlwaysFailure/></ReactiveSequence>
            <Fallback><ReactiveFallback><AlwaysSuccess/></ReactiveFallback></Fallback>
            <Inverter><ForceSuccess><ForceFailure><KeepRunningUntilFailure><AlwaysSuccess/></KeepRunningUntilFailure></ForceFailure></ForceSuccess></Inverter>
            <Repeat num_cycles="3"><RetryUntilSuccessful num_attempts="-1"><AlwaysSuccess/></RetryUntilSuccessful></Repeat>
            <RunOnce><RunOnce then_skip="false"><AlwaysSuccess/></RunOnce></RunOnce>
            <SkipUnlessUpdated entry="{seen}"><WaitValueUpdate entry="seen"><WasEntryUpdated entry="seen"/></WaitValueUpdate></SkipUnlessUpdated>
            <SetBlackboard output_key="count" value="5"/>
            <SetBlackboard output_key="count" value="{other}"/>
            <UnsetBlackboard key="maybe"/>
            <Script code="count += 1"/>
            <ScriptCondition code="count &gt; 2"/>
        </Sequence>"#,
    );
    let dsl = only(
        &xml,
        "blackboard { seen: u8, count: i32, other: i32, maybe: Option<u8> }",
    );
    for expected in [
        "tree T for World",
        "blackboard { # [allow (non_snake_case)] # [tracked] seen : u8 , # [allow (non_snake_case)] count : i32 , # [allow (non_snake_case)] other : i32 , # [allow (non_snake_case)] maybe : Option < u8 > }",
        "Sequence { SequenceWithMemory { AlwaysSuccess } , ReactiveSequence { AlwaysFailure }",
        "Inverter { ForceSuccess { ForceFailure { KeepRunningUntilFailure { AlwaysSuccess } } } }",
        "Repeat (3) { RetryUntilSuccessful (forever) { AlwaysSuccess } }",
        "RunOnce { RunOnce (then_skip = false) { AlwaysSuccess } }",
        "SkipUnlessUpdated (seen) { WaitValueUpdate (seen) { WasEntryUpdated (seen) } }",
        "SetBlackboard (count = < _ as __bt_xml_T_0 > :: __bt_xml (\"5\")) , SetBlackboard (count = { other })",
        "UnsetBlackboard (maybe)",
        // Integer arithmetic through `bt::script`, which clamps (decision 16).
        "Script (| bb | __bt :: script :: add_to (& mut bb . count , 1)) , ScriptCondition (| bb | bb . count > 2)",
    ] {
        assert!(dsl.contains(expected), "{expected}\n in {dsl}");
    }
}

/// NodeCanvas's `PrioritySelector`, as `to_xml()` writes it: its mode, and a `score` on each
/// child, a constant, an entry or arithmetic over entries (an `f32`).
#[test]
fn priority_selector_and_its_scores() {
    let xml = tree(
        r#"<PrioritySelector>
            <AlwaysSuccess score="2"/>
            <Sequence score="{hunger}"><AlwaysFailure/></Sequence>
            <PrioritySelector dynamic="true" score="-1">
                <Eat score="hunger * 2 + fatigue"/>
                <Control ID="PrioritySelector" score="0.5"><AlwaysFailure score="-fatigue"/></Control>
            </PrioritySelector>
        </PrioritySelector>"#,
    );
    let dsl = only(
        &xml,
        "nodes { Action(Eat) } blackboard { hunger: f32, fatigue: u8 }",
    );
    for expected in [
        "PrioritySelector { # [score (2)] AlwaysSuccess , # [score (| bb | bb . hunger)] Sequence { AlwaysFailure } ,",
        "# [score (- 1.0)] PrioritySelector (dynamic = true) { # [score (| bb | bb . hunger * 2.0 + (bb . fatigue as f32))] Action (Eat) ,",
        "# [score (0.5)] PrioritySelector { # [score (| bb | - (bb . fatigue as f32))] AlwaysFailure }",
    ] {
        assert!(dsl.contains(expected), "{expected}\n in {dsl}");
    }
    // `score` elsewhere is what it always was: a port of a leaf.
    let dsl = only(
        &tree(r#"<Sequence><Eat score="3"/></Sequence>"#),
        "nodes { Action(Eat) }",
    );
    assert!(dsl.contains("Action (Eat , score ="), "{dsl}");
}

#[test]
fn leaves_ports_names_and_conditions() {
    let xml = tree(
        r#"<Fallback name="main">
            <Action ID="MoveTo" name="go" goal="{target}" speed="2.5" label="fast" mode="Mode::Fast" same="{=}"
                    _skipIf="battery &lt; 20" _onSuccess="trips += 1; done := true" _description="ignored"/>
            <IsOk name="IsOk"/>
        </Fallback>"#,
    );
    let dsl = only(
        &xml,
        "nodes { StatefulAction(MoveTo = MoveTo::new()), IsOk = Condition(game::Ok) } \
         blackboard { target: (i32, i32), battery: f32, trips: u32, done: bool, same: u8 }",
    );
    for expected in [
        "# [name = \"main\"] Fallback",
        "# [name = \"go\"] # [skip_if (| bb | bb . battery < 20.0)] # [on_success (| bb | { __bt :: script :: add_to (& mut bb . trips , 1) ; bb . done = true ; })] StatefulAction (MoveTo = MoveTo :: new () , goal = { target } , speed = < _ as __bt_xml_T_0 > :: __bt_xml (\"2.5\") , label = < _ as __bt_xml_T_1 > :: __bt_xml (\"fast\") , mode = Mode :: Fast , same = { same })",
        // A name equal to the ID is the default name; the ID, not said by the type, is given.
        ", # [id = \"IsOk\"] Condition (game :: Ok) }",
    ] {
        assert!(dsl.contains(expected), "{expected}\n in {dsl}");
    }
}

#[test]
fn literal_values() {
    for constant in [
        "3",
        "-2",
        "2.5",
        "-1e3",
        "true",
        "'c'",
        "(1, 2)",
        "[1, 2]",
        "(1, (2.0, -3))",
        "Mode::Fast",
        "f32::MAX",
        "0x1F",
        "7u8",
    ] {
        assert!(is_rust_constant(constant), "{constant}");
    }
    for text in [
        "hello",
        "",
        " ",
        "hello world",
        "robot-1",
        "x.y",
        "/cmd_vel",
        "\"quoted\"",
        "it's",
        "a(1)",
        "1;2",
        "{x",
        "Vec::<u8>::new",
        "<>",
    ] {
        assert!(!is_rust_constant(text), "{text}");
    }
}

#[test]
fn subtrees_become_trees_with_remapped_entries() {
    let xml = r#"<root BTCPP_format="4" main_tree_to_execute="Main">
        <BehaviorTree ID="Main">
            <Sequence>
                <SubTree ID="charge-dock" level="{battery}" low="20"/>
                <SubTree ID="Shared" _autoremap="true" flag="{flag}"/>
                <SubTree ID="Shared" name="again" _autoremap="1"/>
                <SubTree ID="Outside" x="{battery}"/>
            </Sequence>
        </BehaviorTree>
        <BehaviorTree ID="charge-dock"><ScriptCondition code="level &lt; low"/></BehaviorTree>
        <BehaviorTree ID="Shared"><Script code="flag := true; hits += 1"/></BehaviorTree>
        <BehaviorTree ID="Unused"><AlwaysSuccess/></BehaviorTree>
        <TreeNodesModel><SubTree ID="charge-dock"><input_port name="low" type="int"/></SubTree></TreeNodesModel>
    </root>"#;
    let trees = dsl(&text(
        xml,
        "nodes { Outside = SubTree(crate::Elsewhere) } blackboard { battery: i32, flag: bool, hits: u32 }",
    ))
    .unwrap();
    assert_eq!(trees.len(), 3, "{trees:#?}");
    let [main, dock, shared] = &trees[..] else {
        unreachable!()
    };
    assert!(
        main.contains("SubTree (ChargeDock , level = { battery } , low = < _ as __bt_xml_T_0 > :: __bt_xml (\"20\"))"),
        "{main}"
    );
    assert!(
        main.contains("SubTree (Shared , ..) , # [name = \"again\"] SubTree (Shared , ..)"),
        "{main}"
    );
    assert!(
        main.contains("SubTree (crate :: Elsewhere , x = { battery })"),
        "{main}"
    );
    // The parent declares the entries the autoremapped subtree uses.
    assert!(
        main.contains(
            "blackboard { # [allow (non_snake_case)] battery : i32 , # [allow (non_snake_case)] flag : bool , # [allow (non_snake_case)] hits : u32 }"
        ),
        "{main}"
    );
    assert!(dock.contains("tree ChargeDock for World"), "{dock}");
    // `level` takes its type from the parent's `battery`; `low` from the model.
    assert!(
        dock.contains("blackboard { # [allow (non_snake_case)] low : i32 , # [allow (non_snake_case)] level : i32 }"),
        "{dock}"
    );
    assert!(
        shared.contains("blackboard { # [allow (non_snake_case)] flag : bool , # [allow (non_snake_case)] hits : u32 }"),
        "{shared}"
    );
}

#[test]
fn tree_names_from_ids() {
    let name = |id: &str| tree_ident(id, Span::call_site()).to_string();
    assert_eq!(name("Recharge"), "Recharge");
    assert_eq!(name("recharge-battery"), "RechargeBattery");
    assert_eq!(name("2 docks"), "Tree2Docks");
    assert_eq!(name("a.b"), "AB");
    assert_eq!(name("self"), "TreeSelf");
    assert_eq!(name("---"), "Tree");
}

#[test]
fn identifiers_and_types() {
    let ident = |name: &str| rust_ident(name, Span::call_site()).map(|i| i.to_string());
    assert_eq!(ident("goal").as_deref(), Some("goal"));
    assert_eq!(ident("type").as_deref(), Some("r#type"));
    assert_eq!(ident("self"), None);
    assert_eq!(ident("a-b"), None);
    assert_eq!(ident("_"), None);
    assert_eq!(ident("é"), None);
    assert_eq!(rust_type("std::string").as_deref(), Some("String"));
    assert_eq!(rust_type("double").as_deref(), Some("f64"));
    assert_eq!(rust_type("(i32, i32)").as_deref(), Some("(i32 , i32)"));
    assert_eq!(rust_type("not a type"), None);
}

/// What tinyxml2 accepts and roxmltree does not (a raw `&&` or `<` in a script) is escaped, and
/// lines and columns are still those of the text as written.
#[test]
fn lenient_text_as_tinyxml2_reads_it() {
    let (text, shifts) =
        lenient(r#"<a code="x && y < 3 &amp; &#65; &#x41;">&b</a><!-- & < --><![CDATA[ & ]]>"#);
    assert_eq!(
        text,
        r#"<a code="x &amp;&amp; y &lt; 3 &amp; &#65; &#x41;">&amp;b</a><!-- & < --><![CDATA[ & ]]>"#
    );
    assert_eq!(shifts.len(), 4);
    assert_eq!(lenient("é & <b c='<é'/>").0, "é &amp; <b c='&lt;é'/>");
    // An error after a raw `&&` is at its column as written.
    let errors = errors(
        &tree("<Sequence>\n<ScriptCondition code=\"a && b\"/> <Nope/></Sequence>"),
        "blackboard { a: bool, b: bool }",
    );
    assert!(
        errors[0].starts_with("xml_text:2:34: unknown node `Nope`"),
        "{errors:?}"
    );
}

/// Every node carries where its element is and its ID, for the model's errors on it.
#[test]
fn origins_locate_every_node() {
    let xml = "<root BTCPP_format=\"4\">\n<BehaviorTree ID=\"Main\">\n  <Sequence>\n    <Action ID=\"Go\"/>\n  </Sequence>\n</BehaviorTree>\n</root>";
    let input: TreeInput = syn::parse_str(&text(xml, "nodes { Go = Action(Walk) }")).unwrap();
    let parsed = parse_input(input.body, input.header.body_span, None).unwrap();
    let files = load(&parsed.source).unwrap();
    let docs: Vec<_> = (files.iter())
        .map(|file| parse_document(file, Span::call_site()).unwrap())
        .collect();
    let tr = translate(&input.header, &parsed, &docs, &files).unwrap_or_else(|_| panic!());
    let trees = emit::trees(&tr).unwrap_or_else(|_| panic!()).0;
    let origin = |node: &NodeSyntax| {
        let origin = node.xml.as_ref().expect("an XML origin");
        (origin.loc.clone(), origin.element.clone())
    };
    let root = &trees[0].body.roots[0];
    assert_eq!(origin(root), ("xml_text:3:3".into(), "Sequence".into()));
    let Some(ChildNodes::Built(_, children)) = &root.children else {
        panic!("the `Sequence` has its child built");
    };
    assert_eq!(origin(&children[0]), ("xml_text:4:5".into(), "Go".into()));
    assert_eq!(
        node_tokens(&children[0]).to_string(),
        "# [id = \"Go\"] Action (Walk)"
    );
}

/// The model's errors on a node of an XML tree say where its element is, and name it by its ID.
#[test]
fn model_errors_on_xml_nodes_are_located() {
    let expand = |body: &str| {
        let xml = tree(body);
        let invocation = text(&xml, "nodes { RateController = Decorator(Rate) }");
        crate::expand::behavior_tree(invocation.parse().unwrap()).to_string()
    };
    let out = expand("<RateController><AlwaysSuccess/><AlwaysSuccess/></RateController>");
    assert!(
        out.contains(
            "xml_text:1:48: `RateController` is a decorator and takes exactly one child, found 2"
        ),
        "{out}"
    );
    // The number of children of a built-in node: the model's rule and message, at the element,
    // once.
    for (body, message) in [
        ("<Inverter/>", "xml_text:1:48: `Inverter` is a decorator and takes exactly one child, found 0"),
        ("<Inverter><AlwaysSuccess/><AlwaysSuccess/></Inverter>", "xml_text:1:48: `Inverter` is a decorator and takes exactly one child, found 2; put the children under a `<Sequence>` or `<Fallback>`"),
        ("<Sequence/>", "xml_text:1:48: `Sequence` needs at least one child"),
        ("<AlwaysSuccess><AlwaysSuccess/></AlwaysSuccess>", "xml_text:1:48: `AlwaysSuccess` is a leaf and has no children, found 1"),
        ("<IfThenElse><AlwaysSuccess/></IfThenElse>", "xml_text:1:48: `IfThenElse` takes a condition and one or two branches, found 1 child"),
        ("<TryCatch><AlwaysSuccess/></TryCatch>", "xml_text:1:48: `TryCatch` takes the children of its try block and, last, its catch child, found 1 child"),
        (r#"<RetryUntilSuccessful num_attempts="2"/>"#, "xml_text:1:48: `RetryUntilSuccessful` is a decorator and takes exactly one child, found 0"),
    ] {
        let out = expand(body);
        assert_eq!(out.matches(message).count(), 1, "{body}: {out}");
        assert_eq!(out.matches("compile_error").count(), 1, "{body}: {out}");
    }
    let out = expand(r#"<Parallel success_count="5"><AlwaysSuccess/><AlwaysSuccess/></Parallel>"#);
    assert!(
        out.contains(
            "xml_text:1:73: `Parallel` has 2 children but `success_count=\\\"5\\\"` asks for more"
        ),
        "{out}"
    );
}

/// Each error names the file, line and column.
#[test]
fn built_in_parameters_type_their_entries() {
    // A Loop's queue and value, a Switch's variable whose cases are text, a SetBlackboard's copy
    // and its text: no declaration.
    let dsl = only(
        &tree(
            r#"<Sequence>
            <LoopDouble queue="{weights}" value="{weight}"><AlwaysSuccess/></LoopDouble>
            <Switch2 variable="{mode}" case_1="fast" case_2="slow">
                <AlwaysSuccess/><AlwaysSuccess/><AlwaysFailure/>
            </Switch2>
            <SetBlackboard output_key="copy" value="{mode}"/>
            <SetBlackboard output_key="greeting" value="hello there"/>
            <PrioritySelector><AlwaysSuccess score="{hunger}"/></PrioritySelector>
        </Sequence>"#,
        ),
        "",
    );
    for expected in [
        "weight : f64",
        "weights : :: std :: collections :: VecDeque < f64 >",
        "mode : String",
        "copy : String",
        "greeting : String",
        "hunger : f32",
    ] {
        assert!(dsl.contains(expected), "{expected}\n in {dsl}");
    }
    // A copy gives its type either way; a declaration comes first.
    let dsl = only(
        &tree(
            r#"<Sequence>
            <SetBlackboard output_key="limit" value="{n}"/>
            <Repeat num_cycles="{limit}"><AlwaysSuccess/></Repeat>
            <LoopInt queue="{ids}" value="{id}"><AlwaysSuccess/></LoopInt>
        </Sequence>"#,
        ),
        "blackboard { ids: bt::Deque<i32, 4> }",
    );
    for expected in ["limit : i32", "n : i32", "ids : bt :: Deque < i32 , 4 >"] {
        assert!(dsl.contains(expected), "{expected}\n in {dsl}");
    }
    // Cases that are numbers or enums leave the variable to a declaration, as does a number
    // that a SetBlackboard writes.
    for body in [
        r#"<Switch2 variable="{m}" case_1="fast" case_2="2"><AlwaysSuccess/><AlwaysSuccess/><AlwaysFailure/></Switch2>"#,
        r#"<Switch2 variable="{m}" case_1="fast" case_2="inf"><AlwaysSuccess/><AlwaysSuccess/><AlwaysFailure/></Switch2>"#,
        r#"<SetBlackboard output_key="m" value="3"/>"#,
    ] {
        let found = errors(&tree(body), "").join("\n");
        assert!(
            found.contains("the blackboard entry `m` (of tree `Main`) has no type"),
            "{found}"
        );
        assert_eq!(
            found.contains("do not say which type its `variable` has"),
            body.contains("Switch2"),
            "{found}"
        );
    }
    let found = errors(
        &tree(
            r#"<Switch2 variable="{m}" case_1="fast" case_2="RED"><AlwaysSuccess/><AlwaysSuccess/><AlwaysFailure/></Switch2>"#,
        ),
        "enums { RED = 1 }",
    );
    assert!(found
        .join("\n")
        .contains("`m` (of tree `Main`) has no type"));
    // Two parameters of two types: an error at the second.
    let found = errors(
        &tree(
            r#"<Sequence>
            <Repeat num_cycles="{n}"><AlwaysSuccess/></Repeat>
            <Timeout msec="{n}"><AlwaysSuccess/></Timeout>
        </Sequence>"#,
        ),
        "",
    );
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("xml_text:3:28: `Timeout`'s `msec` reads the entry `n` as a `u32`, but `Repeat`'s `num_cycles` (at xml_text:2:33) makes it a `i32`"),
        "{found:?}"
    );
    // A Loop's value comes first, whatever the order.
    let found = errors(
        &tree(
            r#"<Sequence>
            <Repeat num_cycles="{x}"><AlwaysSuccess/></Repeat>
            <LoopDouble queue="{q}" value="{x}"><AlwaysSuccess/></LoopDouble>
        </Sequence>"#,
        ),
        "",
    );
    assert!(
        found.join("\n").contains(
            "`Repeat`'s `num_cycles` reads the entry `x` as a `i32`, but `LoopDouble`'s `value`"
        ),
        "{found:?}"
    );
}

#[test]
fn errors_point_into_the_xml() {
    let e = |xml: &str, rest: &str| errors(xml, rest).join("\n");
    let at = |xml: &str, rest: &str, expected: &str| {
        let errors = e(xml, rest);
        assert!(errors.contains(expected), "{expected}\n in {errors}");
    };
    at(
        "<root><BehaviorTree ID=\"A\">",
        "",
        "xml_text:1:1: not well-formed XML: the root node was opened but never closed",
    );
    at(
        "<tree/>",
        "",
        "xml_text:1:1: expected BehaviorTree.CPP's `<root>` element",
    );
    at(r#"<root BTCPP_format="3"/>"#, "", "only format 4");
    at("<root/>", "", "there is no `<BehaviorTree>`");
    at(
        r#"<root><BehaviorTree ID="A"><AlwaysSuccess/></BehaviorTree><BehaviorTree ID="B"><AlwaysSuccess/></BehaviorTree></root>"#,
        "",
        "there are 2 trees (`A`, `B`) and no `main_tree_to_execute`",
    );
    at(
        r#"<root main_tree_to_execute="C"><BehaviorTree ID="A"><AlwaysSuccess/></BehaviorTree></root>"#,
        "",
        "`main_tree_to_execute` names `C`",
    );
    at(
        r#"<root>
  <include path="no/such/file.xml"/></root>"#,
        "",
        "xml_text:2:3: cannot read the included file `no/such/file.xml`",
    );
    at(&tree(""), "", "is empty: it needs one root node");
    at(
        &tree("<PrioritySelector>\n  <AlwaysSuccess score=\"1\"/>\n  <AlwaysFailure/></PrioritySelector>"),
        "",
        "xml_text:3:3: each child of `PrioritySelector` needs a `score`, how much it is wanted (the highest goes first): a number (`score=\"2\"`), an entry (`score=\"{hunger}\"`) or a script expression (`score=\"hunger * 2\"`)",
    );
    at(
        &tree(r#"<PrioritySelector><AlwaysSuccess score="hunger &gt; 2"/></PrioritySelector>"#),
        "blackboard { hunger: f32 }",
        "`score=\"hunger > 2\"` must be a number: a constant, an entry (`{hunger}`) or arithmetic over entries (`hunger * 2`)",
    );
    at(
        &tree(r#"<PrioritySelector dynamic="maybe"><AlwaysSuccess score="1"/></PrioritySelector>"#),
        "",
        "`PrioritySelector`'s `dynamic` must be `true` or `false`, not `maybe`",
    );
    at(
        &tree("<AlwaysSuccess/><AlwaysFailure/>"),
        "",
        "has 2 root nodes",
    );
    at(&tree("\n  <Sequnce/>"), "", "xml_text:2:3: unknown node `Sequnce`: map its ID to a leaf type in the invocation, `nodes { Sequnce = Action(Type) }` (or `Condition`, `Action`, `StatefulAction`); did you mean `Sequence`?");
    at(
        &tree("<LoopInt queue=\"1;2\" value=\"{v}\"><AlwaysSuccess/></LoopInt>"),
        "",
        "`LoopInt`'s `queue` must name a queue entry, `{key}`",
    );
    at(
        &tree("<ManualSelector><AlwaysSuccess/></ManualSelector>"),
        "",
        "`ManualSelector` is a BehaviorTree.CPP node the DSL does not offer: BehaviorTree.CPP's `ManualSelector` asks a person",
    );
    at(
        &tree("<PipelineSequence><AlwaysSuccess/></PipelineSequence>"),
        "",
        "unknown node `PipelineSequence` with children: a control node or decorator of your own? Map its ID to your type in the invocation, `nodes { PipelineSequence = Control(YourType) }` (`Decorator(YourType)` for a decorator, with one child): see the guide's \"Your own control nodes and decorators\"",
    );
    at(
        &tree("<Decorator ID=\"RateController\" hz=\"1.0\"><AlwaysSuccess/></Decorator>"),
        "",
        "nodes { RateController = Decorator(YourType) }`: see",
    );
    at(
        &tree("<Switch2 variable=\"{v}\" case_1=\"1\" case_2=\"2\"><AlwaysSuccess/><AlwaysSuccess/></Switch2>"),
        "blackboard { v: i32 }",
        "`Switch2` takes 3 children, one per case and the default last, found 2",
    );
    at(
        &tree("<Sequence>\n  <ScriptCondition code=\"batery &lt; 20\"/></Sequence>"),
        "blackboard { battery: u32 }",
        "xml_text:2:26: the blackboard entry `batery` (of tree `Main`) has no type: declare it in the invocation, `blackboard { batery: Type }`, bind it to a port of a node of yours, or give the port bound to it a `type` in `<TreeNodesModel>`; did you mean `battery`?",
    );
    at(
        &tree("<Script code=\"color := GREN\"/>"),
        "blackboard { color: u8 } enums { RED = 1, GREEN = 2 }",
        "the blackboard entry `GREN` (of tree `Main`) has no type: declare it in the invocation, `blackboard { GREN: Type }`, bind it to a port of a node of yours, or give the port bound to it a `type` in `<TreeNodesModel>`; did you mean `GREEN`?",
    );
    at(
        &tree(r#"<LoopInt queue="{q}" value="{v}"/>"#),
        "blackboard { q: bt::Deque<i32, 4> }",
        "xml_text:1:48: `LoopInt` is a decorator and takes exactly one child, found 0",
    );
    at(
        &tree(r#"<Repeat><AlwaysSuccess/></Repeat>"#),
        "",
        "`Repeat` needs `num_cycles`",
    );
    at(
        &tree(r#"<Repeat num_cycles="-2"><AlwaysSuccess/></Repeat>"#),
        "",
        "must be a whole number, or -1 for no limit, not `-2`",
    );
    at(
        &tree(r#"<RunOnce then_skip="maybe"><AlwaysSuccess/></RunOnce>"#),
        "",
        "must be `true` or `false`, not `maybe`",
    );
    // A sign of its own is not the DSL's: the value's attribute says so (the model's error on
    // `+ 2` named the element only).
    at(
        &tree(r#"<Parallel success_count="+2"><AlwaysSuccess/></Parallel>"#),
        "",
        "xml_text:1:73: `Parallel`'s `success_count` must be a whole number, not `+2`",
    );
    // Written as it was, `0x` was a Rust token rustc rejects, or a name it cannot find.
    at(
        &tree(r#"<Script code="a := 0x"/>"#),
        "blackboard { a: u32 }",
        "xml_text:1:67: `code=\"a := 0x\"`: `0x` needs hexadecimal digits after it",
    );
    at(
        &tree(r#"<Sleep msec="+20"/>"#),
        "",
        "xml_text:1:61: `Sleep`'s `msec` must be a number of milliseconds (a whole number, not negative), not `+20`",
    );
    at(
        &tree(r#"<Sequence speed="2"><AlwaysSuccess/></Sequence>"#),
        "",
        "xml_text:1:58: unknown attribute `speed` on `Sequence`; it takes no parameters",
    );
    // The required parameter misspelt: one error, at the attribute, which says both mistakes.
    let misspelt = errors(&tree(r#"<Repeat count="2"><AlwaysSuccess/></Repeat>"#), "");
    assert_eq!(
        misspelt,
        ["xml_text:1:56: unknown attribute `count` on `Repeat`; it takes `num_cycles`, and needs `num_cycles`"],
    );
    at(&tree(r#"<Action/>"#), "", "`<Action>` needs an `ID`");
    at(
        &tree(r#"<SetBlackboard output_key="a-b" value="1"/>"#),
        "",
        "the blackboard entry `a-b` is not a Rust identifier",
    );
    at(
        &tree(r#"<SetBlackboard output_key="{@a}" value="1"/>"#),
        "",
        "`@a`: `@` (the root blackboard) is not supported",
    );
    at(
        &tree(r#"<SetBlackboard output_key="a" value="{b}"/>"#),
        "",
        "the blackboard entry `a` (of tree `Main`) has no type",
    );
    at(
        &tree(r#"<ScriptCondition code="a ? 1 : 2"/>"#),
        "blackboard { a: u8 }",
        "xml_text:1:73: `code=\"a ? 1 : 2\"`: the ternary operator `?:` is not supported",
    );
    at(
        &tree(r#"<AlwaysSuccess _skipIf="a := 1"/>"#),
        "blackboard { a: u8 }",
        "`_skipIf=\"a := 1\"` must be one boolean expression",
    );
    at(
        &tree(r#"<AlwaysSuccess _post="a"/>"#),
        "blackboard { a: u8 }",
        "`_post=\"a\"` must be assignments",
    );
    at(
        &tree(r#"<AlwaysSuccess _autoremap="true"/>"#),
        "",
        "`_autoremap` is for `<SubTree>`",
    );
    at(
        &tree(r#"<SubTree ID="X"/>"#),
        "",
        "no `<BehaviorTree ID=\"X\">` for this `<SubTree>`",
    );
    at(
        &tree(r#"<SubTree ID="Main"/>"#),
        "",
        "tree `Main` contains itself (Main → Main)",
    );
    at(
        &tree(r#"<SubTree ID="X" __shared_blackboard="true"/>"#),
        "",
        "`__shared_blackboard` is BehaviorTree.CPP 3's",
    );
    at(
        &tree(r#"<MoveTo><AlwaysSuccess/></MoveTo>"#),
        "nodes { Action(MoveTo) }",
        "`MoveTo` is a leaf (`Action(..)`) and has no children",
    );
    at(
        &tree(r#"<Condition ID="MoveTo"/>"#),
        "nodes { Action(MoveTo) }",
        "`MoveTo` is declared as `Condition` in the XML, but `nodes` maps it to `Action(..)`",
    );
    at(
        &tree(r#"<SubTree ID="MoveTo"/>"#),
        "nodes { Action(MoveTo) }",
        "`MoveTo` is a subtree here, but `nodes` maps it to `Action(..)`",
    );
    at(
        &tree(r#"<MoveTo goal-x="1"/>"#),
        "nodes { Action(MoveTo) }",
        "`goal-x` is not a Rust identifier",
    );
    at(
        &tree(r#"<InlineAction/>"#),
        "",
        "`InlineAction` is a closure of a tree exported by `to_xml()`",
    );
    at(
        &tree(r#"<SubTree ID="Main" _autoremap="yes"/>"#),
        "",
        "`_autoremap` must be `true` or `false`, not `yes`",
    );
    at(
        r#"<root main_tree_to_execute="Main"><BehaviorTree ID="Main"><SubTree ID="A" _autoremap="true" x="{y}"/></BehaviorTree><BehaviorTree ID="A"><AlwaysSuccess/></BehaviorTree></root>"#,
        "",
        "`x=\"{y}\"` next to `_autoremap=\"true\"`",
    );
    at(
        r#"<root main_tree_to_execute="Main"><BehaviorTree ID="Main"><SubTree ID="A"/></BehaviorTree><BehaviorTree ID="A"><SubTree ID="B"/></BehaviorTree><BehaviorTree ID="B"><SubTree ID="A"/></BehaviorTree></root>"#,
        "",
        "tree `A` contains itself (A → B → A)",
    );
    at(
        r#"<root main_tree_to_execute="Main"><BehaviorTree ID="Main"><Sequence><SubTree ID="a-b"/><SubTree ID="AB"/></Sequence></BehaviorTree><BehaviorTree ID="a-b"><AlwaysSuccess/></BehaviorTree><BehaviorTree ID="AB"><AlwaysSuccess/></BehaviorTree></root>"#,
        "",
        "the tree `AB` would be a type named `AB`, like the tree `a-b`",
    );
    at(
        r#"<root main_tree_to_execute="Main"><BehaviorTree ID="Main"><SubTree ID="T"/></BehaviorTree><BehaviorTree ID="T"><AlwaysSuccess/></BehaviorTree></root>"#,
        "",
        "the tree `T` would be a type named `T`, like the tree `Main`",
    );
    let all = errors(
        &tree(
            r#"<Sequence><Sequnce/><Inverter/><Repeat num_cycles="x"><AlwaysSuccess/></Repeat></Sequence>"#,
        ),
        "",
    );
    assert_eq!(all.len(), 3, "every error at once: {all:?}");
}

#[test]
fn invocation_errors() {
    let e = |invocation: &str| match dsl(invocation) {
        Ok(trees) => panic!("{trees:?}"),
        Err(errors) => errors.join("\n"),
    };
    assert!(
        e("tree T for W { xml_text = \"<root/>\", colour = 3 }").contains("unknown item `colour`")
    );
    assert!(
        e("tree T for W { xml = \"a.xml\", xml_text = \"<root/>\" }")
            .contains("the XML is given twice")
    );
    assert!(
        e("tree T for W { xml = 3 }").contains("expected a string literal: the XML file's path")
    );
    assert!(
        e("tree T for W { xml_text = \"<root/>\", tree = \"A\", tree = \"B\" }")
            .contains("`tree` is given twice")
    );
    assert!(
        e("tree T for W { xml_text = \"<root/>\", nodes { A = Sequence(X) } }")
            .contains("an ID cannot map to `Sequence`: a BehaviorTree.CPP ID maps to")
    );
    assert!(
        e("tree T for W { xml_text = \"<root/>\", nodes { Action(|w| true) } }")
            .contains("expected a type, whose name is the XML ID")
    );
    assert!(
        e("tree T for W { xml_text = \"<root/>\", nodes { Action(A), A = Condition(B) } }")
            .contains("`A` is mapped twice")
    );
    assert!(e("tree T for W { xml = \"no/such/file.xml\" }")
        .contains("cannot read the XML file `no/such/file.xml`"));
    let unknown = e(&format!(
        "tree T for W {{ xml_text = {:?}, tree = \"B\" }}",
        tree("<AlwaysSuccess/>")
    ));
    assert!(
        unknown.contains("xml_text has no `<BehaviorTree ID=\"B\">`; its trees: `Main`"),
        "{unknown}"
    );
}

#[test]
fn a_file_is_read_relative_to_the_crate_and_tracked() {
    // Unit tests run with `CARGO_MANIFEST_DIR` set to bt-macros/.
    let out = expand_invocation(
        "tree Gate for Yard { xml = \"../tests/xml/gate.xml\", nodes { Condition(IsGateShut), Action(WalkThrough), Action(TryLatch), Action(PickLock), Action(ForceGate) } blackboard { crossings: u32, picks_used: u32, forced: bool } }",
    );
    assert!(!out.contains("compile_error"), "{out}");
    assert!(out.contains("include_bytes"), "{out}");
    assert!(out.contains("tests/xml/gate.xml"), "{out}");
    assert!(
        out.contains("pub struct OpenGate") || out.contains("struct OpenGate"),
        "{out}"
    );
}

fn expand_invocation(invocation: &str) -> String {
    crate::expand::behavior_tree(invocation.parse::<TokenStream>().unwrap()).to_string()
}

#[test]
fn errors_come_with_a_stub_and_name_the_file() {
    let out = expand_invocation(
        "tree Gate for Yard { xml = \"../tests/xml/gate.xml\", nodes { Action(WalkThrough) } }",
    );
    assert!(out.contains("compile_error"));
    assert!(
        out.contains("../tests/xml/gate.xml:9:11: unknown node `IsGateShut`"),
        "{out}"
    );
    assert!(
        out.contains("struct Gate"),
        "the stub keeps user code compiling: {out}"
    );
}

/// An XML node's ports are reached through its type's checked alias, one per type and set of
/// attributes, written with the check of the attributes; so an attribute that is no port of the
/// type is the check's error alone. A type that names the tree's parameters has none, nor has a
/// node without attributes, nor a DSL tree.
#[test]
fn xml_ports_are_reached_through_the_checked_alias() {
    let xml = r#"<root BTCPP_format="4"><BehaviorTree ID="Yard"><Sequence>
        <Go goal="{a}"/><Go goal="{a}"/><Go goal="1" speed="2"/><Go/><Lift h="{a}"/>
    </Sequence></BehaviorTree></root>"#;
    let out = expand_invocation(&format!(
        "tree Yard<L: Default> for W {{ xml_text = r#\"{xml}\"#, nodes {{ Action(Go), Lift = Action(Lifter<L>) }}, blackboard {{ a: u8 }} }}"
    ));
    assert!(!out.contains("compile_error"), "{out}");
    // The first two `Go`s share one alias, named after the first; the third has its own, the
    // fourth, without attributes, none; nor has `Lift`, of a type that names `L`.
    // Each attribute's place, which an error for an attribute that names no port gives.
    for (alias, bound, places) in [
        (
            "__BtYardPorts1",
            "\"goal\"",
            "\"xml_text:2:13: `Go` (and 1 more element like it): \"",
        ),
        (
            "__BtYardPorts3",
            "\"goal\" , \"speed\"",
            "\"xml_text:2:45: `Go`: \" , \"xml_text:2:54: `Go`: \"",
        ),
    ] {
        let written =
            format!("type {alias} = < Go as __bt :: PortsChecked < {{ __bt :: check_required_at (");
        assert_eq!(out.matches(&written).count(), 1, "{alias} in {out}");
        assert!(
            out.contains(&format!(
                "< Go > :: __BT_PORTS , & [{bound}] , & [{places}]) ; true }} >> :: Type ;"
            )),
            "{out}"
        );
        assert!(
            out.contains(&format!("let __bt_leaf : & mut {alias} = __bt_leaf ;")),
            "{out}"
        );
    }
    assert_eq!(out.matches("PortsChecked").count(), 2, "{out}");
    for none in ["Ports2", "Ports4", "Ports5"] {
        assert!(!out.contains(none), "{none} in {out}");
    }
    // An entry typed by a port: its key is the port list's, a placeholder for a name that is no
    // port (`port_key_of`), but for a type that names the tree's parameters.
    let xml = r#"<root BTCPP_format="4"><BehaviorTree ID="Yard"><Sequence>
        <Go goal="{a}"/><Lift h="{b}"/>
    </Sequence></BehaviorTree></root>"#;
    let out = expand_invocation(&format!(
        "tree Yard<L: Default> for W {{ xml_text = r#\"{xml}\"#, nodes {{ Action(Go), Lift = Action(Lifter<L>) }} }}"
    ));
    assert!(
        out.contains("port_key_of (< Go > :: __BT_PORTS , \"goal\")"),
        "{out}"
    );
    assert!(out.contains("__bt :: port_key (\"h\")"), "{out}");
    // The DSL reaches ports by field, where rustc points at the user's token.
    let out = expand_invocation("tree Yard for W { blackboard { a: u8 } Action(Go, goal = {a}) }");
    assert!(!out.contains("PortsChecked"), "{out}");
}

/// An element written over several lines, as Nav2's files write long ones: the check of its ports
/// gives each attribute's own line and column (a keyword port, `type`, by its XML name), for the
/// error of an attribute that names no port.
#[test]
fn each_attribute_of_an_element_has_its_place_in_the_check() {
    let xml = "<root BTCPP_format=\"4\"><BehaviorTree ID=\"Yard\">\n  <Go\n    goal=\"{a}\"\n      type=\"1\"/>\n</BehaviorTree></root>";
    let out = expand_invocation(&format!(
        "tree Yard for W {{ xml_text = r#\"{xml}\"#, nodes {{ Action(Go) }}, blackboard {{ a: u8 }} }}"
    ));
    assert!(
        out.contains(
            "& [\"goal\" , \"r#type\"] , & [\"xml_text:3:5: `Go`: \" , \"xml_text:4:7: `Go`: \"]"
        ),
        "{out}"
    );
}

/// A count, a duration and a queue read from entries that something else types (a mapped node's
/// port, a declaration) are read through traits of the XML's, whose errors say where the XML reads
/// them; an entry whose type is known to fit (`i32` for a count) is read through `bt`'s.
#[test]
fn entries_read_as_counts_durations_and_queues_are_checked_where_the_xml_reads_them() {
    let xml = r#"<root BTCPP_format="4"><BehaviorTree ID="Yard"><Sequence>
        <Plan laps="{laps}" pause="{pause}" stops="{stops}"/>
        <Repeat num_cycles="{laps}"><AlwaysSuccess/></Repeat>
        <LoopInt queue="{stops}" value="{stop}"><AlwaysSuccess/></LoopInt>
        <Delay delay_msec="{pause}"><AlwaysSuccess/></Delay>
        <RetryUntilSuccessful num_attempts="{name}"><AlwaysSuccess/></RetryUntilSuccessful>
        <Repeat num_cycles="{tries}"><AlwaysSuccess/></Repeat>
    </Sequence></BehaviorTree></root>"#;
    let out = expand_invocation(&format!(
        "tree Yard for W {{ xml_text = r#\"{xml}\"#, nodes {{ Action(Plan) }}, blackboard {{ name: String, tries: i32 }} }}"
    ));
    assert!(!out.contains("compile_error"), "{out}");
    for (at, message, method) in [
        ("xml_text:3:29", "`Repeat`'s `num_cycles` reads the entry `laps` as a count, an integer, but `Plan`'s port `laps` makes it a `{Self}`", "as_limit"),
        ("xml_text:4:25", "`LoopInt`'s `queue` reads the entry `stops` as the queue it pops its items from, but `Plan`'s port `stops` makes it a `{Self}`", "pop_front"),
        ("xml_text:5:28", "`Delay`'s `delay_msec` reads the entry `pause` as a duration, a number of milliseconds, but `Plan`'s port `pause` makes it a `{Self}`", "as_duration"),
        ("xml_text:6:45", "`RetryUntilSuccessful`'s `num_attempts` reads the entry `name` as a count, an integer, but the invocation's `blackboard {{ .. }}` declares it a `{Self}`", "as_limit"),
    ] {
        let message = format!("message = \"{at}: {message}\"");
        let at = out.find(&message).unwrap_or_else(|| panic!("{message} in {out}"));
        // The trait after the message, and the node's call of its method.
        let name = out[at..].split("trait ").nth(1).unwrap().split(' ').next().unwrap();
        assert!(out.contains(&format!("< _ as {name} > :: {method}")), "{name} in {out}");
    }
    assert_eq!(out.matches(" reads the entry ").count(), 4, "{out}");
    assert!(out.contains("__bt :: AsLimit :: as_limit"), "{out}");
}

/// Each attribute that binds a port of a mapped node to an entry is bound through a trait of its
/// own, whose error names the attribute's place, the element, the port, the entry and what typed
/// the entry; the node binds the port through the trait's constant.
#[test]
fn each_entry_binding_has_a_trait_that_names_the_attribute() {
    let xml = r#"<root BTCPP_format="4"><BehaviorTree ID="Yard"><Sequence>
        <Measure distance="{d}"/>
        <Drive metres="{d}" goal="{goal}"/>
    </Sequence></BehaviorTree></root>"#;
    let out = expand_invocation(&format!(
        "tree Yard for W {{ xml_text = r#\"{xml}\"#, nodes {{ Action(Measure), Action(Drive) }}, blackboard {{ goal: (i32, i32) }} }}"
    ));
    assert!(!out.contains("compile_error"), "{out}");
    for (message, note) in [
        (
            "xml_text:2:18: `Measure`'s port `distance` is a `{Self}`, and the XML binds it to the entry `d`, a `{__BtE}`",
            "the entry `d` is a `{__BtE}` because `Measure`'s port `distance` makes it; ",
        ),
        (
            "xml_text:3:16: `Drive`'s port `metres` is a `{Self}`, and the XML binds it to the entry `d`, a `{__BtE}`",
            "the entry `d` is a `{__BtE}` because `Measure`'s port `distance` makes it; ",
        ),
        (
            "xml_text:3:29: `Drive`'s port `goal` is a `{Self}`, and the XML binds it to the entry `goal`, a `{__BtE}`",
            "the entry `goal` is a `{__BtE}` because the invocation's `blackboard {{ .. }}` declares it; ",
        ),
    ] {
        let message = format!("message = \"{message}\"");
        let at = out.find(&message).unwrap_or_else(|| panic!("{message} in {out}"));
        assert!(out[at..].contains(note), "{note} in {out}");
        let name = out[at..].split("trait ").nth(1).unwrap().split(' ').next().unwrap();
        assert_eq!(out.matches(&format!("< _ as {name} < _ >> :: BIND")).count(), 2, "{name} in {out}");
    }
}

/// A small deterministic generator for the fuzz test./// A small deterministic generator for the fuzz test.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The front end answers every XML text with code or errors, never a panic: random edits of the
/// gate sample (characters deleted, duplicated, or fragments of XML inserted). Half the fuzz cases
/// each for the gate and the courier, as two tests so that they run in parallel.
#[test]
fn never_panics_on_mutated_gate_xml() {
    let (cases, seed) = crate::fuzz::settings();
    never_panics_on_mutated(include_str!("../../../tests/xml/gate.xml"), cases / 2, seed);
}

/// As `never_panics_on_mutated_gate_xml`, with the courier sample.
#[test]
fn never_panics_on_mutated_courier_xml() {
    let (cases, seed) = crate::fuzz::settings();
    never_panics_on_mutated(
        include_str!("../../../tests/xml/courier.xml"),
        cases - cases / 2,
        seed,
    );
}

fn never_panics_on_mutated(base: &str, cases: usize, seed: u64) {
    let fragments = [
        "<",
        ">",
        "/>",
        "\"",
        "=",
        "{",
        "}",
        "{=}",
        "<Sequence>",
        "</Sequence>",
        "<SubTree ID=\"OpenGate\"/>",
        "<SubTree ID=\"Drive\" _autoremap=\"true\"/>",
        "<BehaviorTree ID=\"X\">",
        "</BehaviorTree>",
        " num_cycles=\"-1\"",
        " _skipIf=\"x &gt;\"",
        " _onSuccess=\"a := 'b' ; c += 1.5e3\"",
        " code=\"(((\"",
        " name=\"a\"",
        " entry=\"{@x}\"",
        " value=\"(1, [2, 'c'])\"",
        "&amp;",
        "&#0;",
        "é",
        "\u{0}",
        "<Repeat num_cycles=\"99999999999999999999999\">",
        "<RunOnce then_skip=\"0\">",
        "</RunOnce>",
        " type=\"Vec<\"",
        " type=\"(i32,\"",
        "<input_port name=\"type\" type=\"u8\"/>",
    ];
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    for case in 0..cases {
        let mut text: Vec<char> = base.chars().collect();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(text.len().max(1));
            match rng.below(3) {
                0 => {
                    let end = (at + 1 + rng.below(12)).min(text.len());
                    text.drain(at..end);
                }
                1 => {
                    let end = (at + 1 + rng.below(20)).min(text.len());
                    let copy: Vec<char> = text[at..end].to_vec();
                    text.splice(at..at, copy);
                }
                _ => {
                    let fragment = fragments[rng.below(fragments.len())];
                    text.splice(at..at, fragment.chars());
                }
            }
        }
        let xml: String = text.into_iter().collect();
        let invocation = format!(
            "tree T for Ctx {{ xml_text = {xml:?}, nodes {{ Condition(IsGateShut), Action(WalkThrough), Action(TryLatch), Action(PickLock), Action(ForceGate), Action(Announce), Action(PlanRoute), IsPathClear = Condition(PathClear), StatefulAction(GoTo) }} blackboard {{ crossings: u32, picks_used: u32, forced: bool, trips: u32, note: String, quiet: bool, halts: u32 }} }}"
        );
        let result =
            std::panic::catch_unwind(|| crate::expand::behavior_tree(invocation.parse().unwrap()));
        let Ok(out) = result else {
            panic!("case {case} (seed {seed}) panicked on: {xml}");
        };
        // Nor a failure of the front end itself (`Tr::internal`), among the errors (read from
        // the `compile_error!`s at the top, not from the whole expansion, for speed).
        let tokens: Vec<TokenTree> = out.into_iter().collect();
        let internal = tokens.windows(3).any(|window| match window {
            [TokenTree::Ident(name), _, TokenTree::Group(message)] => {
                name == "compile_error" && message.to_string().contains("internal error")
            }
            _ => false,
        });
        assert!(
            !internal,
            "case {case} (seed {seed}): an internal error on: {xml}"
        );
    }
}

/// Token-level edits of an XML invocation (its items, mappings and blackboard): code or errors,
/// never a panic.
#[test]
fn never_panics_on_a_mutated_invocation() {
    let (cases, seed) = crate::fuzz::settings();
    let invocation = format!(
        "pub tree T for Ctx {{ xml_text = {:?}, tree = \"Main\", nodes {{ Action(MoveTo), IsOk = Condition(game::Ok = game::Ok::new()), Outside = SubTree(crate::Other) }} blackboard {{ #[tracked] seen: u8 = 1, goal: (i32, i32) }} }}",
        tree(r#"<Sequence><MoveTo goal="{goal}"/><IsOk/><SubTree ID="Outside" x="{seen}"/><WasEntryUpdated entry="seen"/></Sequence>"#)
    );
    crate::fuzz::never_panics(&invocation, cases, seed, crate::expand::behavior_tree);
}

/// A deep XML tree: one clear error above the depth limit, at once, without overflowing the
/// stack of the thread rustc runs the macro on (8 MiB), at any depth (roxmltree's parser
/// recursed once per level, and overflowed at 2,000).
#[test]
fn deep_xml_is_rejected_without_overflow() {
    // `levels` Inverters and a leaf: `levels + 1` levels.
    for levels in [2_999, 3_000, 5_000, 50_000] {
        let mut body = String::new();
        for _ in 0..levels {
            body.push_str("<Inverter>");
        }
        body.push_str("<AlwaysSuccess/>");
        for _ in 0..levels {
            body.push_str("</Inverter>");
        }
        let xml = tree(&body);
        let out = std::thread::Builder::new()
            .stack_size(8 << 20)
            .spawn(move || {
                let input: proc_macro2::TokenStream =
                    format!("tree T for World {{ xml_text = {xml:?} }}")
                        .parse()
                        .unwrap();
                crate::expand::behavior_tree(input).to_string()
            })
            .unwrap()
            .join()
            .expect("no stack overflow");
        let errors = out.matches("compile_error").count();
        if levels < 3_000 {
            assert_eq!(errors, 0, "{levels} levels: {out}");
        } else {
            assert_eq!(errors, 1, "{levels} levels: one error");
            assert!(
                out.contains("levels deep; a tree nests at most 3000 levels below its"),
                "{out}"
            );
        }
    }
}

#[test]
fn the_depth_scan_skips_what_is_not_an_element() {
    let deep = |text: &str, limit| too_deep(text, limit).map(|(_, depth)| depth + 2);
    assert_eq!(deep("<a><b/></a>", 2), None);
    assert_eq!(deep("<a><b><c/></b></a>", 2), Some(3));
    assert_eq!(deep("<a><b><c></c></b></a>", 2), Some(3));
    assert_eq!(
        deep(
            "<?xml version=\"1.0\"?><!-- <x><y><z> --><a t=\"1 > 0\"><![CDATA[<q><r>]]></a>",
            1
        ),
        None
    );
    assert_eq!(deep("<a t='>'><b>", 1), Some(2));
    assert_eq!(row_col("ab\ncd", 4), (2, 2));
}

/// An XML file is read only if it is a regular file within the size limit: `/dev/zero` (which
/// never ends) and a file one byte over are errors that say why, at once.
#[test]
fn files_are_read_within_bounds() {
    use super::input::{read_bounded, MAX_FILE_BYTES};
    let not_a_file = read_bounded(std::path::Path::new("/dev/zero"), MAX_FILE_BYTES).unwrap_err();
    assert!(not_a_file.contains("not a regular file"), "{not_a_file}");
    let dir = std::env::temp_dir().join(format!("bt-xml-bounds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("big.xml");
    std::fs::write(&path, vec![b' '; 1025]).unwrap();
    assert_eq!(read_bounded(&path, 1025).unwrap().len(), 1025);
    let too_big = read_bounded(&path, 1024).unwrap_err();
    assert!(too_big.contains("larger than"), "{too_big}");
    std::fs::remove_dir_all(&dir).unwrap();
    // Through the front end: the error names the file and its line.
    let errors = errors(
        r#"<root BTCPP_format="4"><include path="/dev/zero"/><BehaviorTree ID="T"><AlwaysSuccess/></BehaviorTree></root>"#,
        "",
    );
    assert!(
        errors[0].contains("xml_text:1:24: cannot read the included file `/dev/zero`")
            && errors[0].contains("not a regular file"),
        "{errors:?}"
    );
}

/// `Loaded::loc` (a binary search in the lines, columns counted only on lines that are not
/// ASCII) says what counting from the start of the text says, escapes added by `lenient` and
/// all.
#[test]
fn locations_are_found_without_counting_from_the_start() {
    use super::input::Loaded;
    let original = "<a x=\"a && b\">\n  <b y='é < 1'/>\n<c/>\n";
    let loaded = Loaded::new(
        original.to_owned(),
        "f.xml".to_owned(),
        TokenStream::new(),
        std::path::PathBuf::new(),
    );
    let (text, shifts) = lenient(original);
    assert_eq!(loaded.text, text);
    for pos in (0..=text.len()).filter(|&pos| text.is_char_boundary(pos)) {
        let added: usize = (shifts.iter())
            .take_while(|&&(after, _)| after <= pos)
            .map(|&(_, added)| added)
            .sum();
        let at = pos.saturating_sub(added).min(original.len());
        let at = (0..=at)
            .rev()
            .find(|&at| original.is_char_boundary(at))
            .unwrap();
        let (row, col) = row_col(original, at);
        assert_eq!(loaded.loc(pos), format!("f.xml:{row}:{col}"), "at {pos}");
    }
}

/// A row whose template does not place an attribute as a parameter of its kind (a bug of the
/// table, which `table`'s tests rule out) is never silently dropped: the emission fails with an
/// internal error at the element.
#[test]
fn a_broken_row_is_an_internal_error_at_the_element() {
    use super::ir::KindIr;
    use super::table::Row;
    static BROKEN: Row = Row {
        xml: "Repeat",
        dsl: "Repeat",
        args: "$cycles",
        params: &[],
    };
    let xml = "<root BTCPP_format=\"4\">\n<BehaviorTree ID=\"Main\">\n  <Repeat num_cycles=\"2\">\n    <AlwaysSuccess/>\n  </Repeat>\n</BehaviorTree>\n</root>";
    let input: TreeInput = syn::parse_str(&text(xml, "")).unwrap();
    let parsed = parse_input(input.body, input.header.body_span, None).unwrap();
    let files = load(&parsed.source).unwrap();
    let docs: Vec<_> = (files.iter())
        .map(|file| parse_document(file, Span::call_site()).unwrap())
        .collect();
    let mut tr = translate(&input.header, &parsed, &docs, &files).unwrap_or_else(|_| panic!());
    let root = tr.trees[0].root.as_mut().unwrap();
    let KindIr::BuiltIn { row, .. } = &mut root.kind else {
        panic!("`Repeat` is built in");
    };
    *row = &BROKEN;
    let Err(error) = emit::trees(&tr) else {
        panic!("a broken row emitted");
    };
    assert_eq!(
        error.to_string(),
        "xml_text:3:3: internal error of the XML front end: `Repeat`'s `num_cycles` is no parameter of `Repeat`; this is a bug of `bt`, not of the XML: please report it, with this XML"
    );
    // A node that did not translate (after an error, which ends the translation) is not
    // written as nothing either.
    tr.trees[0].root.as_mut().unwrap().kind = KindIr::Invalid;
    let Err(error) = emit::trees(&tr) else {
        panic!("a node that did not translate emitted");
    };
    assert!(
        error.to_string().starts_with("xml_text:3:3: internal error of the XML front end: a node that did not translate was written"),
        "{error}"
    );
}

/// An attribute left out is left out of the DSL, where the kind's default applies: the tree
/// expands exactly as with BehaviorTree.CPP's default written out.
#[test]
fn a_left_out_attribute_expands_as_its_default() {
    let expand = |defaults: [&str; 7]| {
        let [success, max_failures, catch, otherwise, if_empty, then_skip, dynamic] = defaults;
        let xml = tree(&format!(
            r#"<Sequence>
              <Parallel {success}><AlwaysSuccess/><AlwaysSuccess/></Parallel>
              <ParallelAll {max_failures}><AlwaysSuccess/></ParallelAll>
              <TryCatch {catch}><AlwaysSuccess/><AlwaysSuccess/></TryCatch>
              <Precondition if="a &gt; 1" {otherwise}><AlwaysSuccess/></Precondition>
              <LoopInt queue="{{q}}" value="{{v}}" {if_empty}><AlwaysSuccess/></LoopInt>
              <RunOnce {then_skip}><AlwaysSuccess/></RunOnce>
              <PrioritySelector {dynamic}><AlwaysSuccess score="1"/></PrioritySelector>
            </Sequence>"#
        ));
        let invocation = text(&xml, "blackboard { a: i32, q: bt::Deque<i32, 4> }");
        crate::expand::behavior_tree(invocation.parse().unwrap()).to_string()
    };
    let left_out = expand([""; 7]);
    let written = expand([
        r#"success_count="-1" failure_count="1""#,
        r#"max_failures="1""#,
        r#"catch_on_halt="false""#,
        r#"else="FAILURE""#,
        r#"if_empty="SUCCESS""#,
        r#"then_skip="true""#,
        r#"dynamic="false""#,
    ]);
    assert!(!left_out.contains("compile_error"), "{left_out}");
    assert_eq!(left_out, written);
}

/// A mapping's arguments are read by their kind's grammar and the XML's bindings added after
/// them, with the DSL's errors for what cannot follow: ports on a closure, remappings after `..`.
/// BehaviorTree.CPP's lowest `success_count` is a whole number the model reads (and refuses as a
/// threshold), not a number the arguments cannot hold.
#[test]
fn mapped_arguments_take_the_xmls_bindings() {
    let errors = |xml: &str, rest: &str| {
        let out = expand_invocation(&text(xml, rest));
        assert!(out.contains("compile_error"), "{out}");
        out
    };
    let closure = errors(
        &tree(r#"<Action ID="Go" speed="2"/>"#),
        "nodes { Go = Action(|_ctx| bt::Status::Success) }",
    );
    assert!(
        closure.contains("an inline leaf (a closure) has no ports"),
        "{closure}"
    );
    let rest = errors(
        r#"<root BTCPP_format="4" main_tree_to_execute="Main"><BehaviorTree ID="Main"><SubTree ID="Child" level="{battery}"/></BehaviorTree></root>"#,
        "nodes { Child = SubTree(ChildTree, ..) }, blackboard { battery: u8 }",
    );
    assert!(rest.contains("`..` comes last"), "{rest}");
    let lowest = errors(
        &tree(
            r#"<Parallel success_count="-9223372036854775808"><AlwaysSuccess/><AlwaysSuccess/></Parallel>"#,
        ),
        "",
    );
    assert!(!lowest.contains("is a whole number"), "{lowest}");
    assert!(lowest.contains("xml_text:1:"), "{lowest}");
}
