//! Trees from BehaviorTree.CPP XML: text values for ports and entries (the conversions' traits
//! are public, in [`crate::xml`]).

#[allow(unused_imports)]
use super::*;

pub use crate::xml::{FromXmlInt, FromXmlReal, FromXmlText};

/// A text value of a BehaviorTree.CPP XML tree (`message="hello"`) for a port, a blackboard
/// entry or a subtree's entry, converted by the target type's `From<&'static str>` (`&str` and
/// `String` have it; a user type may implement it).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn text<T: FromXmlText>(text: &'static str) -> T {
    T::from_xml_text(text)
}

/// A scripting enum of a BehaviorTree.CPP script (`color := RED`), the value the invocation
/// gives it (`enums { RED = Color::Red }`); its name is there for `to_xml()`, which writes the
/// script back.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub const fn scripting_enum<T>(name: &'static str, value: T) -> T {
    let _ = name;
    value
}
