//! The UI cases that need a full build (see `Cargo.toml`): accepted edge cases in `pass/`, which
//! must compile and run, and in `fail/` the errors that rustc reports only while generating code.
//! `tests/ui/README.md` lists the `fail/` cases with the others. Regenerate the expectations with
//! `TRYBUILD=overwrite cargo test -p bt-ui-build`.

#[test]
fn ui_build() {
    let cases = trybuild::TestCases::new();
    cases.pass("pass/*.rs");
    cases.compile_fail("fail/*.rs");
}
