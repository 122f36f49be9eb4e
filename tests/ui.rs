//! Compile-time diagnostics: every error the macro (or rustc, on the macro's spanned code) reports
//! for a user mistake has a case in `tests/ui/*.rs` with the expected `.stderr`. Accepted edge
//! cases are in `tests/ui/pass/`. Regenerate the expectations with `TRYBUILD=overwrite`.
//!
//! All cases compile as one trybuild batch, in this one test.

#[test]
fn ui() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("tests/ui/*.rs");
    cases.pass("tests/ui/pass/*.rs");
}
