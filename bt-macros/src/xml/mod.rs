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
//! The front end only translates, one job per file:
//!
//! * [`input`]: the invocation's items, the XML text, and the document (roxmltree), with the
//!   depth limit checked first;
//! * [`translate`]: the document's elements into one intermediate tree per `<BehaviorTree>`
//!   used ([`ir`]: those trees and the translation's state); [`params`] a node's attributes into
//!   arguments, by the table ([`table`]: BehaviorTree.CPP's node names and attributes, DSL kinds
//!   and arguments); [`script`] the script subset;
//! * [`entries`]: the blackboard entries of each tree, joined across subtrees, and their types;
//! * [`emit`]: each tree as the syntax of a DSL tree (a header and its body, `crate::parse`),
//!   built directly, handed to the stages every tree goes through (`crate::pipeline`), or the
//!   errors and a stub.
//!
//! Errors found here go to a `Ctxt`; they name the XML file, line and column and are spanned at
//! the `xml = ".."` literal; so is every token generated from the XML, so that rustc's errors on
//! the generated code (a port's type, a missing trait) point there too.

mod emit;
mod entries;
mod input;
mod ir;
mod params;
mod registry;
mod script;
mod table;
mod translate;

use proc_macro2::{Delimiter, TokenStream, TokenTree};

use crate::parse::Header;

pub use registry::{call as registry_call, registry, take_given, Given};

/// True when a tree's body is the XML form: it has `xml = ..`, `xml_text = ..`, `tree = ..` or
/// `nodes = ..` at its top level (no DSL body has an identifier followed by `=` there), or
/// `nodes { .. }` (not a DSL kind).
pub fn is_xml_body(body: &TokenStream) -> bool {
    let tokens: Vec<TokenTree> = body.clone().into_iter().collect();
    tokens.windows(2).any(|pair| match (&pair[0], &pair[1]) {
        (TokenTree::Ident(key), TokenTree::Punct(eq)) => {
            eq.as_char() == '='
                && (key == "xml" || key == "xml_text" || key == "tree" || key == "nodes")
        }
        (TokenTree::Ident(key), TokenTree::Group(group)) => {
            key == "nodes" && group.delimiter() == Delimiter::Brace
        }
        _ => false,
    })
}

/// Expands a tree whose body is the XML form: every tree it uses, each through the DSL's stages.
/// `registry` is what the registry it names (`nodes = name`) gave.
pub fn expand(header: Header, body: TokenStream, registry: Given) -> TokenStream {
    let registry = match registry {
        Given::Failed => return crate::codegen::stub(&header, None),
        Given::Mappings(mappings) => Some(mappings),
        Given::Nothing => None,
    };
    let input = match input::parse_input(body, header.body_span, registry) {
        Ok(input) => input,
        Err(error) => return emit::with_stub(error, header, Vec::new()),
    };
    let files = match input::load(&input.source) {
        Ok(files) => files,
        Err(error) => return emit::with_stub(error, header, input.blackboard),
    };
    let span = input.source.lit().span();
    let docs = match files
        .iter()
        .map(|file| input::parse_document(file, span))
        .collect()
    {
        Ok(docs) => docs,
        Err(error) => return emit::with_stub(error, header, input.blackboard),
    };
    let docs: Vec<_> = docs;
    let translated =
        translate::translate(&header, &input, &docs, &files).and_then(|tr| emit::trees(&tr));
    drop(docs);
    let mut out: TokenStream = files.into_iter().flat_map(|file| file.tracking).collect();
    match translated {
        Ok(trees) => out.extend(emit::hand_over(trees)),
        Err(error) => out.extend(emit::with_stub(error, header, input.blackboard)),
    }
    out
}

#[cfg(test)]
mod tests;
