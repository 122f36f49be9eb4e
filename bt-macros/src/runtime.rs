//! The name the generated code reaches the runtime by. Code generation writes `__bt::..`
//! everywhere (`__bt::finish`, `__bt::Status`), and the output starts with a glob
//! import that brings `__bt`, the facade's `__private` module (bt-core's, re-exported), into
//! scope:
//!
//! ```text
//! #[doc(hidden)]
//! #[allow(unused_imports)]
//! use $crate::__root::*;
//! ```
//!
//! `behavior_tree!` is a `macro_rules!` macro of the facade that calls
//! [`behavior_tree_at`](crate::behavior_tree_at) with `$crate`, which names the facade under any
//! name, so a tree compiles also where the facade is a dependency under another name
//! (`behave = { package = "bt-compiled", .. }`).
//!
//! Why not `$crate::..` in every path: `$crate`'s span belongs to the facade's macro, and an
//! expression that started with it (`$crate::__private::check(..)`, spanned at the user's token)
//! would lose its span, so that rustc's errors would point at the whole invocation instead of the
//! offending token. `__bt` is written by the macro with the user's spans, as any other token.
//!
//! Why a glob: a module may hold several trees, each importing the name. Two named imports of
//! one name are an error (E0252); two glob imports of the same item are not. The glob brings in
//! `__bt` and, unnamed, the trait `NoPorts`, whose empty port list any type has unless
//! `#[derive(Ports)]` gave it its own (`<T>::__BT_PORTS`); the facade's `__root` module holds
//! nothing else. `__bt` is the private module rather than the crate's root so that each path is
//! three tokens shorter (`__bt::done`, not `__bt::__private::done`). A module the output opens
//! would need the import again; the output opens none that names the runtime (the blackboard's
//! entry-name markers are plain structs, their impls outside the module).
//!
//! Earlier the macro wrote `::bt` and rewrote every such path afterwards, a pass over every token
//! of the output (a tenth of a wide XML tree's whole build, by instruction count).

use proc_macro2::TokenStream;
use quote::quote;

/// The name the generated code's paths start with.
pub const NAME: &str = "__bt";

/// `tokens` (the output for one invocation) after the import of the runtime under [`NAME`],
/// from `krate`: `$crate`, or a path such as `::bt`.
pub fn with_import(krate: &TokenStream, tokens: TokenStream) -> TokenStream {
    quote! {
        #[doc(hidden)]
        #[allow(unused_imports)]
        use #krate::__root::*;
        #tokens
    }
}
