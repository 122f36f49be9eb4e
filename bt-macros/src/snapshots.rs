//! Expansion snapshots: what the macro writes for a few canonical trees, pretty-printed and
//! checked in, so that a reader can see the generated code and a reviewer can see how a change
//! alters it.
//!
//! * `bt-macros/snapshots/NAME.tree`: a tree as written inside `behavior_tree! { .. }`;
//! * `bt-macros/snapshots/NAME.expanded.rs`: its expansion, formatted by `prettyplease`;
//! * `examples/sniper-expanded.rs`: the main demo with its tree replaced by the expansion (a
//!   runnable example, compared token by token).
//!
//! After a deliberate change to the generated code, rewrite them with
//! `BT_BLESS=1 cargo test -p bt-macros snapshots` and review the diff.
#![cfg(test)]

use std::path::{Path, PathBuf};

use proc_macro2::TokenStream;

use crate::expand::behavior_tree;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

fn bless() -> bool {
    std::env::var_os("BT_BLESS").is_some()
}

/// The expansion of `input`, formatted.
fn expand(input: &str) -> String {
    prettyplease::unparse(&expansion(input))
}

/// The expansion of `input`, parsed.
fn expansion(input: &str) -> syn::File {
    let tokens: TokenStream = input.parse().expect("the tree tokenizes");
    let output = behavior_tree(tokens);
    let text = output.to_string();
    assert!(
        !text.contains("compile_error"),
        "the snapshot tree is invalid: {text}"
    );
    syn::parse2(output).unwrap_or_else(|error| panic!("the expansion does not parse: {error}"))
}

/// `actual` equals the file at `path`, or (with `BT_BLESS`) is written there.
fn check(path: &Path, actual: &str) {
    if bless() {
        std::fs::write(path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(path)
        .unwrap_or_else(|_| panic!("{} is missing: run with BT_BLESS=1", path.display()));
    if expected != actual {
        let line = (expected.lines().zip(actual.lines()))
            .position(|(a, b)| a != b)
            .map_or(expected.lines().count().min(actual.lines().count()), |at| {
                at
            });
        panic!(
            "{} differs from the expansion (first difference at line {}); review the change and \
             rewrite the snapshots with BT_BLESS=1 cargo test -p bt-macros snapshots",
            path.display(),
            line + 1
        );
    }
}

#[test]
fn canonical_trees_expand_as_recorded() {
    let dir = root().join("snapshots");
    let mut trees: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "tree"))
        .collect();
    trees.sort();
    assert!(
        trees.len() >= 4,
        "the canonical trees are in {}",
        dir.display()
    );
    for tree in trees {
        let input = std::fs::read_to_string(&tree).unwrap();
        let expanded = format!(
            "// The expansion of `{}`: `BT_BLESS=1 cargo test -p bt-macros snapshots` rewrites it.\n{}",
            tree.file_name().unwrap().to_string_lossy(),
            expand(&input)
        );
        check(&tree.with_extension("expanded.rs"), &expanded);
    }
}

/// The text between `behavior_tree! {` and its closing brace in `source`, and the span of the
/// whole invocation (start, end) in bytes.
fn invocation(source: &str) -> (&str, usize, usize) {
    let start = source
        .find("behavior_tree! {")
        .expect("a behavior_tree! invocation");
    let open = start + "behavior_tree! ".len();
    let mut depth = 0;
    for (offset, c) in source[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    let close = open + offset;
                    return (&source[open + 1..close], start, close + 1);
                }
            }
            _ => {}
        }
    }
    panic!("unbalanced braces in the invocation");
}

const BEGIN: &str = "// ---- what `behavior_tree! { .. }` expands to: begin ----";
const END: &str = "// ---- end of the expansion ----";

/// `examples/sniper-expanded.rs` is `examples/sniper.rs` with the tree replaced by its expansion,
/// so that `cargo run --example sniper-expanded` prints the same story from the generated code.
/// The expanded items are marked `#[rustfmt::skip]`, so that they keep prettyplease's layout
/// under `cargo fmt` and compare as text.
#[test]
fn the_sniper_example_expands_as_recorded() {
    let examples = root().join("../examples");
    let source = std::fs::read_to_string(examples.join("sniper.rs")).unwrap();
    let (tree, start, end) = invocation(&source);
    let mut file = expansion(tree);
    for item in &mut file.items {
        if let Some(attrs) = item_attrs(item) {
            attrs.insert(0, syn::parse_quote!(#[rustfmt::skip]));
        }
    }
    let expansion = prettyplease::unparse(&file);
    let path = examples.join("sniper-expanded.rs");
    if bless() {
        let header = "//! # The sniper, expanded\n//!\n//! `sniper.rs` with its `behavior_tree! { .. }` replaced by what the macro writes for it\n//! (`cargo run --example sniper-expanded` prints the same story). Generated: a test in\n//! `bt-macros/src/snapshots.rs` checks that it is current; `BT_BLESS=1 cargo test -p bt-macros\n//! snapshots` rewrites it.\n//!\n//! The tree as written:\n//!\n//! ```text\n";
        let written: String = tree
            .trim_matches('\n')
            .lines()
            .map(|line| {
                format!("//! {}\n", line.strip_prefix("    ").unwrap_or(line))
                    .replace("//! \n", "//!\n")
            })
            .collect();
        // The original's module docs are kept after the header, as plain comments.
        let body = &source[..start];
        let docs_end = body
            .lines()
            .take_while(|line| line.starts_with("//!"))
            .map(|line| line.len() + 1)
            .sum::<usize>();
        // The macro is no longer used.
        let before = source[docs_end..start].replacen("behavior_tree, ", "", 1);
        let text = format!(
            "{header}{written}//! ```\n\n{}\n\n{BEGIN}\n{expansion}{END}\n{}",
            before.trim_matches('\n'),
            &source[end..]
        );
        std::fs::write(&path, text).unwrap();
        let status = std::process::Command::new("rustfmt")
            .args(["--edition", "2021"])
            .arg(&path)
            .status();
        assert!(
            status.is_ok_and(|status| status.success()),
            "rustfmt failed"
        );
        return;
    }
    let recorded = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("{} is missing: run with BT_BLESS=1", path.display()));
    let begin = recorded.find(BEGIN).expect("the begin marker") + BEGIN.len() + 1;
    let end = recorded.find(END).expect("the end marker");
    assert!(
        recorded[begin..end] == expansion,
        "{} is not the current expansion of the sniper tree: rewrite it with BT_BLESS=1 cargo test -p bt-macros snapshots",
        path.display()
    );
}

/// The attributes of an item of the expansion.
fn item_attrs(item: &mut syn::Item) -> Option<&mut Vec<syn::Attribute>> {
    Some(match item {
        syn::Item::Struct(item) => &mut item.attrs,
        syn::Item::Impl(item) => &mut item.attrs,
        syn::Item::Const(item) => &mut item.attrs,
        syn::Item::Fn(item) => &mut item.attrs,
        syn::Item::Enum(item) => &mut item.attrs,
        syn::Item::Mod(item) => &mut item.attrs,
        syn::Item::Static(item) => &mut item.attrs,
        syn::Item::Trait(item) => &mut item.attrs,
        syn::Item::Type(item) => &mut item.attrs,
        _ => return None,
    })
}
