//! The macro on `proc_macro2` token streams: the header, then the body through its front end (the
//! DSL's own, or `xml` for a tree given as BehaviorTree.CPP XML) into `pipeline`'s stages:
//! parse → model → plan → codegen.

use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};

use crate::parse::TreeInput;
use crate::{ctxt, nesting, pipeline, xml};

/// Expands one `behavior_tree!` invocation. Never panics on bad input: every problem becomes a
/// `compile_error!` at the user's token, followed (when the header could be read) by a stub of the
/// tree type so that code using the tree does not pile up further errors.
///
/// Code nested deeper than syn and rustc can take is found first, without parsing
/// ([`nesting`]), and the body is kept out of syn's reach until it is parsed one level at a time,
/// so that no input overflows the stack.
pub fn behavior_tree(input: TokenStream) -> TokenStream {
    if let Some(call) = xml::registry_call(&quote::quote!(::bt), &input) {
        return call;
    }
    let (registry, input) = xml::take_given(input);
    let (head, body) = split_body(input);
    if let Some(error) = nesting::header_too_deep(head.clone()) {
        return crate::ctxt::compile_error(error);
    }
    let mut input: TreeInput = match syn::parse2(head) {
        Ok(input) => input,
        Err(error) => return crate::ctxt::compile_error(error),
    };
    if let Some(body) = body {
        input.body = body;
    }
    let too_deep = nesting::body_too_deep(input.body.clone(), xml::is_xml_body(&input.body));
    if let Err(error) = ctxt::combine(too_deep) {
        return pipeline::rejected(input.header, error);
    }
    if xml::is_xml_body(&input.body) {
        // A tree from BehaviorTree.CPP XML: translated to this DSL, then through the same stages.
        return xml::expand(input.header, input.body, registry);
    }
    pipeline::tree(input.header, input.body)
}

/// The invocation with its body's braces emptied, and the body: syn reads a stream into a buffer
/// of every token at every depth, recursively, so the header is read without the body, which is
/// parsed a level at a time (`parse::Children`).
fn split_body(input: TokenStream) -> (TokenStream, Option<TokenStream>) {
    let mut tokens: Vec<TokenTree> = input.into_iter().collect();
    let body = match tokens.last_mut() {
        Some(TokenTree::Group(group)) if group.delimiter() == Delimiter::Brace => {
            let mut empty = Group::new(Delimiter::Brace, TokenStream::new());
            empty.set_span(group.span());
            Some(std::mem::replace(group, empty).stream())
        }
        _ => None,
    };
    (tokens.into_iter().collect(), body)
}

#[cfg(test)]
mod tests {
    use super::behavior_tree;
    use crate::fuzz;
    use proc_macro2::TokenStream;
    use quote::quote;

    fn expand(input: TokenStream) -> String {
        behavior_tree(input).to_string()
    }

    const SNIPER: &str = r#"
        /// The sniper.
        pub tree Sniper for World {
            Fallback {
                #[name = "attack"]
                Sequence {
                    Condition(IsEnemyVisible),
                    Condition(|world| world.in_range),
                    Action(Aim = Aim::steady()),
                    Action(|world| { world.ammo -= 1; true }),
                },
                ReactiveSequence { Inverter { AlwaysFailure }, StatefulAction(Patrol) },
                SequenceWithMemory { Repeat(3) { AlwaysSuccess }, RetryUntilSuccessful(forever) { AlwaysFailure } },
                ReactiveFallback { KeepRunningUntilFailure { AlwaysSuccess }, RunOnce(then_skip = false) { AlwaysSuccess } },
                MemSequence { ForceSuccess { AlwaysFailure }, ForceFailure { AlwaysSuccess } },
                MemPriority { SequenceStar { AlwaysSuccess } },
            }
        }
    "#;

    /// Every issue-3 form: blackboard, tracked entries, ports, conditions, blackboard nodes,
    /// update nodes, subtrees.
    const ROBOT: &str = r#"
        pub tree Robot for World {
            blackboard {
                /// Where to go.
                goal: (i32, i32) = (0, 0),
                #[tracked] seen: u32,
                #[allow(unused)] report: Option<String>,
            }
            ReactiveSequence {
                #[skip_if(|bb| bb.goal.0 > 3)]
                #[on_success(|bb| bb.seen.set(1))]
                Action(Plan, goal = {goal}, speed = 2, seen = {=}),
                SkipUnlessUpdated(seen) { WaitValueUpdate(seen) { WasEntryUpdated(seen) } },
                #[run_while(|bb| *bb.seen < 10)]
                #[post(|bb| bb.goal = (1, 1))]
                SubTree(Drive, target = {goal}, count = {seen}, speed = 3),
                SubTree(Other, ..),
                SetBlackboard(goal = (2, 2)),
                SetBlackboard(seen = {seen}),
                UnsetBlackboard(report),
                Script(|bb| bb.goal.1 += 1),
                ScriptCondition(|bb| bb.goal.0 == 2),
                Condition(|w, bb| w.ok && bb.goal.0 > 0),
            }
        }
    "#;

    /// Every kind of issue 12: NodeCanvas's composites and decorators, observer aborts, the
    /// random nodes with their utility attributes, the header's `rng = context`.
    const CANVAS: &str = r#"
        pub tree Canvas for World, error Oops, rng = context {
            blackboard { hunger: f32, list: Vec<u8>, item: u8, at: usize, case: i32 }
            PolicyParallel(FirstSuccessOrFailure, repeat = true) {
                RandomSequence { AlwaysSuccess, StatefulAction(Walk) },
                RandomSelector { AlwaysFailure },
                ProbabilitySelector(fail = |bb| bb.hunger) {
                    #[weight(|bb| bb.hunger)] AlwaysSuccess,
                    #[weight(2)] Action(Eat),
                },
                PrioritySelector { #[score(1.5)] AlwaysSuccess, #[score(|bb| bb.hunger)] AlwaysFailure },
                PrioritySelector(dynamic = true) { #[score(1)] AlwaysSuccess, #[score(|bb| bb.hunger)] StatefulAction(Walk) },
                FlipSelector { AlwaysFailure, AlwaysSuccess },
                StepSequencer { AlwaysSuccess },
                BinarySelector(|bb| bb.hunger > 0.5, dynamic = true) { AlwaysSuccess, AlwaysFailure },
                IndexSwitch(|bb| bb.case, out_of_range = Loop) { AlwaysSuccess, AlwaysFailure },
                DynamicSequence { Condition(Hungry), ScriptCondition(|bb| bb.at > 0), Action(Eat) },
                DynamicSelector { Condition(|w| w.ok), StatefulAction(Walk) },
                Selector {
                    Observe(|bb| bb.hunger > 0.9, abort = lower) { StatefulAction(Walk) },
                    Observe(|bb| bb.hunger > 0.1, abort = both) { AlwaysRunning },
                    Observe(|bb| bb.at == 0) { AlwaysRunning },
                },
                Sequence { Observe(|bb| bb.at == 0, abort = self) { StatefulAction(Walk) } },
                Interrupt(|bb| bb.at > 3) { AlwaysSuccess },
                Conditional(|bb| bb.at > 3, dynamic = true, else = Success) { AlwaysSuccess },
                RepeatTimes(2) { RepeatTimes(forever) { RepeatUntil(Failure) { AlwaysFailure } } },
                Filter(3, count = Failure, filtered = Failure) { AlwaysSuccess },
                Cooldown(500, filtered = Skipped) { AlwaysSuccess },
                Iterate(list, element = {item}, index = {at}, until = FirstSuccess, max = 2, reset_index = false) { AlwaysSuccess },
                WaitUntil(|bb| bb.at > 0) { Optional { AlwaysFailure } },
                Guard(|w| &mut w.token, if_guarded = Running) { Deadline(100) { Remap(success = Failure) { AlwaysSuccess } } },
            }
        }
    "#;

    #[test]
    fn valid_issue_12_tree_expands_without_errors() {
        let text = expand(CANVAS.parse().unwrap());
        assert!(!text.contains("compile_error"), "{text}");
        // The context is the generator: no generator of the tree's own.
        assert!(!text.contains("__bt_rng"), "{text}");
        let own = CANVAS.replace(", rng = context", "");
        let text = expand(own.parse().unwrap());
        assert!(!text.contains("compile_error"), "{text}");
        assert_eq!(
            text.matches("SmallRng :: DEFAULT_SEED").count(),
            1,
            "one generator field: {text}"
        );
        assert!(text.contains("fn seeded") && text.contains("fn reseed"));
        // A tree without random nodes has neither.
        let text = expand(quote!(tree T for W { Sequence { AlwaysSuccess } }));
        assert!(!text.contains("__bt_rng") && !text.contains("fn seeded"));
    }

    #[test]
    fn valid_issue_3_tree_expands_without_errors() {
        let text = expand(ROBOT.parse().unwrap());
        assert!(!text.contains("compile_error"), "{text}");
    }

    #[test]
    fn valid_tree_expands_to_parseable_items() {
        let out = behavior_tree(SNIPER.parse().unwrap());
        let file: syn::File = syn::parse2(out.clone()).expect("expansion parses as Rust items");
        let text = out.to_string();
        assert!(!text.contains("compile_error"), "{text}");
        assert!(
            file.items.len() >= 4,
            "struct, inherent impl, Default, BehaviorTree"
        );
        assert!(text.contains("pub struct Sniper"));
        assert!(
            text.contains("\"attack\""),
            "explicit names reach the metadata"
        );
        // Every node gets a tick function; ids are pre-order.
        assert!(text.contains("fn __bt_tick_0"));
        assert!(text.contains("fn __bt_tick_1"));
    }

    #[test]
    fn cursor_type_grows_with_the_child_count() {
        let children: Vec<TokenStream> = (0..300).map(|_| quote!(AlwaysSuccess,)).collect();
        let text = expand(quote!(tree Wide for () { Sequence { #(#children)* } }));
        // (`AlwaysSuccess` never skips: nothing to count.)
        assert!(
            text.contains("Sequence < :: core :: primitive :: u16 , __bt :: NoSkips >"),
            "{text}"
        );
        let text = expand(quote!(tree Narrow for () { Sequence { StatefulAction(A) } }));
        assert!(
            text.contains("Sequence < :: core :: primitive :: u8 >"),
            "{text}"
        );
    }

    #[test]
    fn a_type_check_is_written_once_per_type_and_bound_ports() {
        let text = expand(quote!(tree T for W {
            Sequence {
                Condition(IsOk), Condition(IsOk), Condition(IsOk),
                Action(Go, speed = 1.0), Action(Go, speed = 2.0), Action(Go),
                Control(Pipe) { Condition(IsOk) }, Control(Pipe) { Condition(IsOk) },
                Control(Pipe) { Condition(IsOk), Condition(IsOk) },
            }
        }));
        let count = |what: &str| text.matches(what).count();
        // `IsOk` with nothing bound, `Go` with `speed` and without, `Pipe` without.
        assert_eq!(count("check_required ("), 4, "{text}");
        // `Pipe` with one child and with two.
        assert_eq!(count("check_children ("), 2, "{text}");
    }

    #[test]
    fn nodes_that_cannot_run_keep_no_state_between_ticks() {
        let text = expand(quote!(tree T for () { Sequence { AlwaysSuccess, AlwaysFailure } }));
        assert!(!text.contains("__bt_state_0 :"), "{text}");
        assert!(
            text.contains("__bt_active : __bt :: BoolFlags < 0usize >"),
            "{text}"
        );
        let text = expand(quote!(tree T for () { Sequence { StatefulAction(Walk) } }));
        assert!(text.contains("__bt_state_0 :"), "{text}");
    }

    #[test]
    fn errors_come_with_a_stub() {
        let text = expand(quote!(tree Broken for World { Sequnce { AlwaysSuccess } }));
        assert!(text.contains("compile_error"));
        assert!(text.contains("did you mean `Sequence`"));
        assert!(
            text.contains("struct Broken"),
            "the stub keeps user code compiling"
        );
    }

    #[test]
    fn all_errors_are_reported_at_once() {
        let text = expand(quote!(tree Broken for World {
            Sequence {
                Sequnce { AlwaysSuccess },
                Inverter,
                Repeat(-2) { AlwaysSuccess },
                #[colour = "red"] AlwaysFailure,
            }
        }));
        assert_eq!(text.matches("compile_error").count(), 4, "{text}");
    }

    #[test]
    fn a_broken_header_gives_only_the_error() {
        let text = expand(quote!(struct Broken for World { AlwaysSuccess }));
        assert!(text.contains("compile_error"));
        assert!(!text.contains("struct Broken"));
    }

    /// The front end answers every input with code or spanned errors, never a panic. Runs
    /// `BT_FUZZ_CASES` inputs (default 3,000) from `BT_FUZZ_SEED` (default 1).
    #[test]
    fn never_panics_on_mutated_input() {
        let (cases, seed) = fuzz::settings();
        fuzz::never_panics(SNIPER, cases, seed, behavior_tree);
        fuzz::never_panics(ROBOT, cases, seed, behavior_tree);
        fuzz::never_panics(CANVAS, cases, seed, behavior_tree);
    }

    /// How long the expansion of a tree `levels` deep takes (`cargo test -p bt-macros --release
    /// -- --ignored --nocapture depth_timing`): each level is parsed on its own tokens, so the
    /// time grows linearly with the depth. Not a test that can fail: timings are reported, not
    /// asserted.
    #[test]
    #[ignore]
    fn depth_timing() {
        for levels in [1_000, 2_000, 2_999, 3_000] {
            let mut node = "AlwaysSuccess".to_owned();
            for _ in 0..levels {
                node = format!("Inverter {{ {node} }}");
            }
            let input: TokenStream = format!("tree Deep for () {{ {node} }}").parse().unwrap();
            let start = std::time::Instant::now();
            let errors = expand(input).matches("compile_error").count();
            println!("{levels} levels: {:?}, {errors} error(s)", start.elapsed());
        }
    }

    #[test]
    fn loops_that_would_never_tick_their_child_are_errors() {
        for kind in ["RepeatTimes", "RepeatUntilFailure", "RepeatUntilSuccess"] {
            let tree: TokenStream = format!("tree T for World {{ {kind}(0) {{ AlwaysSuccess }} }}")
                .parse()
                .unwrap();
            let out = expand(tree);
            assert!(out.contains("would never tick its child"), "{kind}: {out}");
        }
    }

    #[test]
    fn a_switch_range_of_extreme_bounds_expands_without_overflow() {
        // The export's case per value counts a range's values: from the lowest `i128` literal
        // to the highest, a subtraction that overflows `i128` unless checked.
        let out = expand(
            "tree T for () { blackboard { x: i128 } Switch(x) { \
             case -170141183460469231731687303715884105727..=170141183460469231731687303715884105727 \
             => AlwaysSuccess, _ => AlwaysFailure } }"
                .parse()
                .unwrap(),
        );
        assert!(!out.contains("compile_error"), "{out}");
    }

    #[test]
    fn deep_trees_do_not_overflow() {
        // The default stack of a test thread (2 MiB): no stage recurses per level.
        let deep = |levels: usize| {
            let mut node = "AlwaysSuccess".to_owned();
            for _ in 0..levels {
                node = format!("Inverter {{ {node} }}");
            }
            expand(format!("tree Deep for () {{ {node} }}").parse().unwrap())
        };
        let at_limit = deep(crate::model::MAX_DEPTH - 1);
        assert!(!at_limit.contains("compile_error"));
        let beyond = deep(crate::model::MAX_DEPTH);
        assert_eq!(beyond.matches("compile_error").count(), 1, "one error");
        assert!(beyond.contains(
            "a tree nests at most 3000 levels (its root is level 1), and this node is level 3001"
        ));
    }

    #[test]
    fn wide_trees_are_split_into_bounded_functions() {
        // 40 groups of 51 nodes: 2,041 nodes, over the budget of 1,024 nodes per function.
        let leaves = (0..50).map(|_| quote!(Condition(|w| w.ok)));
        let group = quote!(ReactiveSequence { #(#leaves,)* });
        let groups = (0..40).map(|_| group.clone());
        let wide = expand(quote!(tree Wide for World { ReactiveFallback { #(#groups,)* } }));
        let outlined = wide.matches("inline (never)").count();
        // The root keeps at most 1,024 nodes inline: 20 groups (1 + 20 * 51 = 1,021), so the other
        // 20 are outlined; no group needs splitting.
        assert_eq!(outlined, 20, "{outlined} functions outlined");
        // A small tree is not touched.
        assert!(!expand(SNIPER.parse().unwrap()).contains("inline (never)"));
    }
}
