//! The macro on `proc_macro2` token streams: parse → model → codegen.

use proc_macro2::TokenStream;

use crate::codegen;
use crate::ctxt::Ctxt;
use crate::model::Tree;
use crate::parse::{parse_body, TreeInput};

/// Expands one `behavior_tree!` invocation. Never panics on bad input: every problem becomes a
/// `compile_error!` at the user's token, followed (when the header could be read) by a stub of the
/// tree type so that code using the tree does not pile up further errors.
pub fn behavior_tree(input: TokenStream) -> TokenStream {
    let input: TreeInput = match syn::parse2(input) {
        Ok(input) => input,
        Err(error) => return error.to_compile_error(),
    };
    let roots = match parse_body(input.body) {
        Ok(roots) => roots,
        Err(error) => {
            let mut out = error.to_compile_error();
            out.extend(codegen::stub(&input.header));
            return out;
        }
    };
    let cx = Ctxt::new();
    let tree = Tree::from_syntax(&cx, input.header, roots);
    match cx.check() {
        Ok(()) => codegen::tree(&tree),
        Err(error) => {
            let mut out = error.to_compile_error();
            out.extend(codegen::stub(&tree.header));
            out
        }
    }
}
