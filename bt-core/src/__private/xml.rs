//! Trees from BehaviorTree.CPP XML: text values for ports and entries.

#[allow(unused_imports)]
use super::*;

/// A text value of a BehaviorTree.CPP XML tree (`message="hello"`) for a port, a blackboard
/// entry or a subtree's entry, converted by the target type's `From<&'static str>` (`&str` and
/// `String` have it; a user type may implement it).
#[inline(always)]
pub fn text<T: FromXmlText>(text: &'static str) -> T {
    T::from_xml_text(text)
}

/// What [`text`] needs of its target: `From<&'static str>`, named in the error when a port or
/// entry of another type gets text in the XML.
#[diagnostic::on_unimplemented(
    message = "the XML gives text to a port or entry of type `{Self}`, which has no `From<&'static str>`",
    label = "text in the XML for a `{Self}`",
    note = "in XML a value that is a number, `true`/`false`, a char, a `Path::CONST` or a tuple or array of those is that Rust constant; any other value is text, for a type with `From<&'static str>` (`&str`, `String`, or yours)"
)]
pub trait FromXmlText {
    /// The value of XML text.
    fn from_xml_text(text: &'static str) -> Self;
}

impl<T: From<&'static str>> FromXmlText for T {
    #[inline(always)]
    fn from_xml_text(text: &'static str) -> Self {
        T::from(text)
    }
}
