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

/// The README's compile-error catalogue names every UI case.
#[test]
fn readme_lists_every_ui_case() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let mut missing = Vec::new();
    for entry in std::fs::read_dir("tests/ui").unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|ext| ext == "rs") {
            let case = path.file_stem().unwrap().to_string_lossy().into_owned();
            if !readme.contains(&format!("`{case}`")) {
                missing.push(case);
            }
        }
    }
    assert!(
        missing.is_empty(),
        "README.md does not list these UI cases: {missing:?}"
    );
}
