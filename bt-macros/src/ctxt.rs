//! Collects every error found while building the model, so that the user sees all of them at once.

use std::cell::RefCell;
use std::fmt::Display;

use quote::ToTokens;

/// An error collector. Every error is spanned at the user's token. It must be consumed with
/// [`Ctxt::check`]; dropping it unchecked is a bug in the macro (caught in debug builds). It has
/// no `Default`: one built empty would drop what it is given, so [`Ctxt::new`] is the only way.
pub struct Ctxt {
    errors: RefCell<Option<Vec<syn::Error>>>,
    /// While the model reads a node of an XML tree: where the element is and the words to put in
    /// place of the DSL's ([`Ctxt::set_origin`]).
    origin: RefCell<Option<Origin>>,
}

/// Where a node came from in XML, for its errors.
pub struct Origin {
    /// `file.xml:12:7`, which starts each message.
    pub loc: String,
    /// The DSL's word for the node (`Decorator`) and the XML's (`RateController`).
    pub dsl: String,
    pub element: String,
    /// A built-in node's parameters as the XML writes them ([`Ctxt::param`]).
    pub params: Vec<XmlParam>,
}

/// A parameter of a built-in node of an XML tree: the DSL's name for it (`success`), the
/// attribute as the XML writes it (`success_count="5"`) and where its value is
/// (`file.xml:4:29`).
pub struct XmlParam {
    pub dsl: String,
    pub written: String,
    pub loc: String,
}

impl Ctxt {
    pub fn new() -> Self {
        Ctxt {
            errors: RefCell::new(Some(Vec::new())),
            origin: RefCell::new(None),
        }
    }

    /// A collector already checked, to leave in place of one taken out of a struct for its
    /// [`check`](Ctxt::check): recording into it is a bug in the macro (caught in debug builds).
    pub fn spent() -> Self {
        Ctxt {
            errors: RefCell::new(None),
            origin: RefCell::new(None),
        }
    }

    /// Until it is set again: every error recorded starts with `origin.loc`, and names the node
    /// by its XML element instead of its DSL kind.
    pub fn set_origin(&self, origin: Option<Origin>) {
        *self.origin.borrow_mut() = origin;
    }

    /// Whether the node being read is a node of an XML tree ([`Ctxt::set_origin`]): its errors
    /// speak of its element, not of the DSL.
    pub fn in_xml(&self) -> bool {
        self.origin.borrow().is_some()
    }

    /// The parameter `name` of value `value` as an error names it, and the place that starts the
    /// error: `("", "`success = 5`")` in the DSL; for a node of an XML tree, the attribute as
    /// the XML writes it and where its value is, `("file.xml:4:29: ", "`success_count=\"5\"`")`
    /// (when the XML gives it; a default is named as the DSL writes it, at the element).
    pub fn param(&self, name: &str, value: impl Display) -> (String, String) {
        let origin = self.origin.borrow();
        let given = (origin.as_ref())
            .and_then(|origin| origin.params.iter().find(|param| param.dsl == name));
        match given {
            Some(param) => (format!("{}: ", param.loc), format!("`{}`", param.written)),
            None => (String::new(), format!("`{name} = {value}`")),
        }
    }

    /// Records an error spanned at `tokens`.
    pub fn error_spanned_by<T: ToTokens, M: Display>(&self, tokens: T, message: M) {
        self.syn_error(syn::Error::new_spanned(tokens.into_token_stream(), message));
    }

    /// Records an error that is already a `syn::Error`.
    pub fn syn_error(&self, error: syn::Error) {
        let error = match self.origin.borrow().as_ref() {
            Some(origin) => located(error, origin),
            None => error,
        };
        match self.errors.borrow_mut().as_mut() {
            Some(errors) => errors.push(error),
            // `check` takes the collector by value, so nothing can record after it: unreachable
            // unless a future change breaks that.
            None => debug_assert!(false, "an error recorded after Ctxt::check: {error}"),
        }
    }

    /// Ends collection: `Err` with the errors combined, if any: the first [`MAX_ERRORS`], then,
    /// if there were more, one error saying how many more (spanned at the first not shown).
    pub fn check(self) -> Result<(), syn::Error> {
        let errors = self.errors.borrow_mut().take().unwrap_or_default();
        combine(errors)
    }
}

/// `error` (each of its messages) said in the XML's words: `file.xml:12:7: ` first (unless it
/// starts with a place of its own, an attribute's: [`Ctxt::param`]), the XML element's name for
/// the DSL's word.
fn located(error: syn::Error, origin: &Origin) -> syn::Error {
    map_messages(error, |mut message| {
        if origin.dsl != origin.element {
            message = message.replace(
                &format!("`{}`", origin.dsl),
                &format!("`{}`", origin.element),
            );
        }
        let placed = message.starts_with(&origin.loc)
            || (origin.params.iter()).any(|param| message.starts_with(&format!("{}: ", param.loc)));
        if !placed {
            message = format!("{}: {message}", origin.loc);
        }
        message
    })
}

/// `error` with each of its messages rewritten by `f`, at the same spans.
fn map_messages(error: syn::Error, f: impl Fn(String) -> String) -> syn::Error {
    let mut out: Option<syn::Error> = None;
    for part in error {
        let mapped = syn::Error::new(part.span(), f(part.to_string()));
        match &mut out {
            Some(out) => out.combine(mapped),
            None => out = Some(mapped),
        }
    }
    out.unwrap_or_else(|| syn::Error::new(proc_macro2::Span::call_site(), "an empty error"))
}

/// The longest first line of a message, in characters. A longer message keeps its first clause
/// there and the rest on a `note:` line below it: rustc prints a message's next lines under its
/// first (`proc_macro`'s own notes are unstable).
pub const FIRST_LINE: usize = 120;

/// `error` as the `compile_error!`s the macro emits, each message longer than [`FIRST_LINE`]
/// split by [`with_note`]: what every error of the macro goes through.
pub fn compile_error(error: syn::Error) -> proc_macro2::TokenStream {
    map_messages(error, |message| with_note(&message)).to_compile_error()
}

/// `message` split after its first clauses, when it is longer than [`FIRST_LINE`]: at the last
/// `: ` or `; ` outside backticks and brackets before which the message fits the line (and says
/// a few words). An XML tree's `file:line:col: ` before the message is not counted. A message
/// without such a place stays whole.
pub fn with_note(message: &str) -> String {
    with_note_within(message, FIRST_LINE)
}

/// [`with_note`] for a message that rustc prints after words of its own (`use of deprecated
/// constant `..`: `, `evaluation panicked: `): its first line holds at most `limit` characters.
pub fn with_note_within(message: &str, limit: usize) -> String {
    let start = location_prefix(message);
    let text = &message[start..];
    if message.contains('\n') || text.chars().count() <= limit {
        return message.to_owned();
    }
    let (mut quoted, mut depth, mut split) = (false, 0usize, None);
    for (at, c) in text.char_indices() {
        match c {
            '`' => quoted = !quoted,
            '(' | '[' | '{' if !quoted => depth += 1,
            ')' | ']' | '}' if !quoted => depth = depth.saturating_sub(1),
            ':' | ';' if !quoted && depth == 0 && text[at + 1..].starts_with(' ') => {
                let words = text[..at].chars().count();
                if words > limit {
                    break;
                }
                if words >= 12 {
                    split = Some(at);
                }
            }
            _ => {}
        }
    }
    match split {
        Some(at) => format!(
            "{}{}\nnote: {}",
            &message[..start],
            &text[..at],
            &text[at + 2..]
        ),
        None => message.to_owned(),
    }
}

/// The length of the `file.xml:12:7: ` that starts an XML tree's message, or 0.
fn location_prefix(message: &str) -> usize {
    let Some(end) = message.find(": ") else {
        return 0;
    };
    let mut parts = message[..end].rsplitn(3, ':');
    let numbers = (parts.next(), parts.next(), parts.next());
    match numbers {
        (Some(column), Some(line), Some(file))
            if !file.is_empty()
                && !file.contains([' ', '`'])
                && [column, line]
                    .iter()
                    .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())) =>
        {
            end + 2
        }
        _ => 0,
    }
}

/// How many errors one invocation reports; a last one says how many more there were. rustc
/// prints each `compile_error!`, and a file with thousands of mistakes (a generated one) would
/// bury the first ones, which are usually the cause of the rest.
pub const MAX_ERRORS: usize = 100;

/// `errors` combined into one, capped at [`MAX_ERRORS`] with a last error counting the rest.
pub fn combine(errors: Vec<syn::Error>) -> Result<(), syn::Error> {
    let total = errors.len();
    let mut errors = errors.into_iter();
    let Some(mut combined) = errors.next() else {
        return Ok(());
    };
    for error in errors.by_ref().take(MAX_ERRORS - 1) {
        combined.combine(error);
    }
    if let Some(first_hidden) = errors.next() {
        let more = total - MAX_ERRORS;
        let s = if more == 1 { "" } else { "s" };
        combined.combine(syn::Error::new(
            first_hidden.span(),
            format!("{more} more error{s} not shown: this invocation reports its first {MAX_ERRORS}; fix these and build again"),
        ));
    }
    Err(combined)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A spent collector (left behind by a `check` through `mem::replace`) refuses errors loudly
    /// in debug builds instead of dropping them.
    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "an error recorded after Ctxt::check")]
    fn a_spent_collector_does_not_drop_errors_silently() {
        let spent = Ctxt::spent();
        spent.error_spanned_by(quote::quote!(x), "late");
    }
    use proc_macro2::Span;

    fn messages(count: usize) -> Vec<String> {
        let errors = (0..count)
            .map(|i| syn::Error::new(Span::call_site(), format!("error {i}")))
            .collect();
        match combine(errors) {
            Ok(()) => Vec::new(),
            Err(error) => error.into_iter().map(|e| e.to_string()).collect(),
        }
    }

    #[test]
    fn long_messages_keep_their_first_clause_on_the_first_line() {
        let short = "unknown node kind `Sequnce`; did you mean `Sequence`?";
        assert_eq!(with_note(short), short);
        let long = format!(
            "unknown unit `min`: a duration is written {}",
            "`Timeout(5s)`, ".repeat(8)
        );
        let split = with_note(&long);
        assert_eq!(split.lines().next(), Some("unknown unit `min`"));
        assert!(split.ends_with(&long["unknown unit `min`: ".len()..]));
        // Not inside backticks or brackets, not before a clause of its own.
        let inside = format!("`a: b` (c: d) ab: a count {}", "`Repeat(3)`, ".repeat(10));
        assert!(with_note(&inside).starts_with("`a: b` (c: d) ab\nnote: a count"));
        // The last place that leaves the first line short enough.
        let parallel = "`Parallel` has 2 children: `success = 0`, so it would succeed before any \
            child succeeds; give 1 to 2, or -1 to -2 counting from the end (-1 is all of them)";
        assert_eq!(
            with_note(parallel).lines().collect::<Vec<_>>(),
            [
                "`Parallel` has 2 children: `success = 0`, so it would succeed before any child succeeds",
                "note: give 1 to 2, or -1 to -2 counting from the end (-1 is all of them)"
            ]
        );
        // An XML message keeps its location on the first line, and it is not counted.
        let xml = format!(
            "xml_text:4:5: `Repeat` needs a count: {}",
            "`Repeat(3)`, ".repeat(10)
        );
        assert!(
            with_note(&xml).starts_with("xml_text:4:5: `Repeat` needs a count\nnote: `Repeat(3)`")
        );
        // A first clause longer than the line: the message stays whole.
        let whole = format!("{}: the rest", "a very long clause ".repeat(8));
        assert_eq!(with_note(&whole), whole);
    }

    /// A message printed after rustc's own words (a deprecation's note, a const panic) splits
    /// earlier, at the last clause that fits the room left.
    #[test]
    fn a_message_after_words_of_rustc_splits_within_its_room() {
        let note =
            "this case is unreachable: an earlier case of the `Switch` already matches `1`; \
            remove it or change its value";
        assert_eq!(
            with_note_within(note, 60).lines().collect::<Vec<_>>(),
            [
                "this case is unreachable",
                "note: an earlier case of the `Switch` already matches `1`; remove it or change its value"
            ]
        );
        assert_eq!(with_note_within(note, 200), note);
    }

    #[test]
    fn errors_are_capped_with_a_count_of_the_rest() {
        assert!(messages(0).is_empty());
        assert_eq!(messages(MAX_ERRORS).len(), MAX_ERRORS);
        let many = messages(1_000);
        assert_eq!(many.len(), MAX_ERRORS + 1);
        assert_eq!(many[MAX_ERRORS - 1], "error 99");
        assert!(
            many[MAX_ERRORS].starts_with("900 more errors not shown"),
            "{}",
            many[MAX_ERRORS]
        );
        assert!(messages(MAX_ERRORS + 1)[MAX_ERRORS].starts_with("1 more error not shown"));
        // Through a collector.
        let cx = Ctxt::new();
        for i in 0..150 {
            cx.error_spanned_by(quote::quote!(x), format!("error {i}"));
        }
        assert_eq!(cx.check().unwrap_err().into_iter().count(), MAX_ERRORS + 1);
    }
}
