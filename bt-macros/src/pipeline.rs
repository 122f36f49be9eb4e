//! The stages after the front ends: a tree's body, given as the DSL's tokens and parsed here or
//! as its syntax built by the XML front end, is lowered into the model (every error collected in
//! a `Ctxt`), planned and generated. Both front ends end here: `expand` for a tree written in the
//! DSL ([`tree`]), `xml` for each tree a BehaviorTree.CPP document yields ([`syntax`]). Neither
//! calls the other, so the front ends do not import each other.

use proc_macro2::TokenStream;

use crate::codegen;
use crate::ctxt::Ctxt;
use crate::model::Tree;
use crate::parse::{parse_body, Body, Header};
use crate::plan::Plan;

/// The code of the tree `header` with the body `body`; on errors, the errors followed by a stub
/// of the tree type (with its blackboard when the body got that far), so that code using the tree
/// does not pile up further errors.
pub fn tree(header: Header, body: TokenStream) -> TokenStream {
    match parse_body(body) {
        Ok(body) => syntax(header, body),
        Err(error) => {
            let mut out = crate::ctxt::compile_error(error);
            out.extend(codegen::stub(&header, None));
            out
        }
    }
}

/// The code of the tree `header` with the body `body`, as [`tree`] for a body already parsed or
/// built.
pub fn syntax(header: Header, body: Body) -> TokenStream {
    let cx = Ctxt::new();
    let tree = Tree::from_syntax(&cx, header, body);
    match cx.check() {
        Ok(()) => codegen::tree(&tree, &Plan::new(&tree)),
        Err(error) => {
            let mut out = crate::ctxt::compile_error(error);
            out.extend(codegen::stub(&tree.header, Some(&tree)));
            out
        }
    }
}

/// The error, then a stub of the tree `header` names: for a body that cannot be read.
pub fn rejected(header: Header, error: syn::Error) -> TokenStream {
    let mut out = crate::ctxt::compile_error(error);
    out.extend(codegen::stub(&header, None));
    out
}
