//! Collects every error found while building the model, so that the user sees all of them at once.

use std::cell::RefCell;
use std::fmt::Display;

use quote::ToTokens;

/// An error collector. Every error is spanned at the user's token. It must be consumed with
/// [`Ctxt::check`]; dropping it unchecked is a bug in the macro (caught in debug builds).
#[derive(Default)]
pub struct Ctxt {
    errors: RefCell<Option<Vec<syn::Error>>>,
}

impl Ctxt {
    pub fn new() -> Self {
        Ctxt {
            errors: RefCell::new(Some(Vec::new())),
        }
    }

    /// Records an error spanned at `tokens`.
    pub fn error_spanned_by<T: ToTokens, M: Display>(&self, tokens: T, message: M) {
        self.syn_error(syn::Error::new_spanned(tokens.into_token_stream(), message));
    }

    /// Records an error that is already a `syn::Error`.
    pub fn syn_error(&self, error: syn::Error) {
        if let Some(errors) = self.errors.borrow_mut().as_mut() {
            errors.push(error);
        }
    }

    /// Ends collection: `Err` with all errors combined, if any.
    pub fn check(self) -> Result<(), syn::Error> {
        let errors = self.errors.borrow_mut().take().unwrap_or_default();
        let mut errors = errors.into_iter();
        let Some(mut combined) = errors.next() else {
            return Ok(());
        };
        for error in errors {
            combined.combine(error);
        }
        Err(combined)
    }
}

impl Drop for Ctxt {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            debug_assert!(
                self.errors.borrow().is_none(),
                "Ctxt dropped without check()"
            );
        }
    }
}
