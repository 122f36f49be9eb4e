//! Values of BehaviorTree.CPP XML trees (`behavior_tree! { tree T for Ctx { xml = ".." } }`): the
//! traits through which an attribute's literal becomes the value of a port or an entry. The
//! macro's code calls them; a type of yours implements them to be written in XML as text, a
//! whole number or a real number (the guide's "Trees from BehaviorTree.CPP XML", **Values**, says
//! which literal is which).
//!
//! * [`FromXmlText`]: text (`message="hello"`), for every type with `From<&'static str>`;
//! * [`FromXmlInt`]: a whole number (`retries="3"`), with the range the macro checks;
//! * [`FromXmlReal`]: a real number (`speed="2.5"`).
//!
//! A port bound to an entry (`goal="{target}"`) is bound by [`BindEntry`](crate::ports::BindEntry),
//! as in the DSL, through a trait the macro writes for the attribute, whose error says where the
//! attribute is and names the element, the port and the entry; [`PortStep`] says on which side of
//! the leaf's call.

/// What a port or entry takes text of the XML as (`message="hello"`): any type with
/// `From<&'static str>` (`&str`, `String`), through the implementation below.
///
/// **A type of yours** takes text by implementing `From<&'static str>`: an enum read from its
/// name, a newtype over a `String`. The conversion runs each time the value is given (on every
/// tick for a port), so it should be cheap and must not panic on text it does not expect: map
/// such text to a value of yours. The trait is named in the error when text goes to a type
/// without it.
///
/// ```
/// use bt_core::xml::FromXmlText;
///
/// #[derive(Debug, PartialEq)]
/// enum Gait { Walk, Run }
///
/// impl From<&'static str> for Gait {
///     fn from(text: &'static str) -> Self {
///         if text == "run" { Gait::Run } else { Gait::Walk }
///     }
/// }
///
/// assert_eq!(Gait::from_xml_text("run"), Gait::Run);
/// ```
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
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn from_xml_text(text: &'static str) -> Self {
        T::from(text)
    }
}

/// What a whole number in the XML (`time_allowance="12"`) becomes, for a port or entry of this
/// type: any integer type that holds it, `f32` or `f64` (BehaviorTree.CPP converts the text
/// `"12"` to a `double` port as `12.0`), or the text itself for `&'static str` and `String`
/// (what BehaviorTree.CPP's string port gets). The macro checks the range when it compiles
/// ([`Self::MIN`], [`Self::MAX`], in a `const` block at the value).
///
/// **A type of yours** takes whole numbers by implementing this trait: `MIN` and `MAX` bound the
/// numbers it accepts (a number outside is a compile error at the value), and `from_xml_int`
/// gets a number within them, with its text as written.
///
/// ```
/// use bt_core::xml::FromXmlInt;
///
/// /// A distance in whole centimetres, at most 10 m.
/// #[derive(Debug, PartialEq)]
/// struct Centimetres(u16);
///
/// impl FromXmlInt for Centimetres {
///     const MIN: i128 = 0;
///     const MAX: i128 = 1_000;
///     fn from_xml_int(value: i128, _text: &'static str) -> Self {
///         // Within MIN..=MAX, which the macro checked.
///         Centimetres(value as u16)
///     }
/// }
///
/// assert_eq!(Centimetres::from_xml_int(250, "250"), Centimetres(250));
/// ```
#[diagnostic::on_unimplemented(
    message = "the XML gives a whole number to a port or entry of type `{Self}`",
    label = "a whole number in the XML for a `{Self}`"
)]
pub trait FromXmlInt: Sized {
    /// The least value the type holds.
    const MIN: i128;
    /// The greatest value the type holds.
    const MAX: i128;
    /// The number, written `text` in the XML; within [`Self::MIN`]..=[`Self::MAX`].
    fn from_xml_int(value: i128, text: &'static str) -> Self;
}

macro_rules! from_xml_int {
    ($($int:ty),*) => {$(
        impl FromXmlInt for $int {
            const MIN: i128 = <$int>::MIN as i128;
            const MAX: i128 = <$int>::MAX as i128;
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn from_xml_int(value: i128, _: &'static str) -> Self {
                // In range: the macro asserted it when it compiled.
                value as $int
            }
        }
    )*};
}

from_xml_int!(i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, usize);

/// `u128` holds more than `i128` can carry; the XML's numbers that fit an `i128` are enough.
impl FromXmlInt for u128 {
    const MIN: i128 = 0;
    const MAX: i128 = i128::MAX;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn from_xml_int(value: i128, _: &'static str) -> Self {
        value as u128
    }
}

macro_rules! from_xml_int_as_real {
    ($($real:ty),*) => {$(
        impl FromXmlInt for $real {
            const MIN: i128 = i128::MIN;
            const MAX: i128 = i128::MAX;
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn from_xml_int(value: i128, _: &'static str) -> Self {
                // The nearest real, as BehaviorTree.CPP's conversion of the text gives it.
                value as $real
            }
        }
    )*};
}

from_xml_int_as_real!(f32, f64);

impl FromXmlInt for &'static str {
    const MIN: i128 = i128::MIN;
    const MAX: i128 = i128::MAX;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn from_xml_int(_: i128, text: &'static str) -> Self {
        text
    }
}

#[cfg(any(test, feature = "std"))]
impl FromXmlInt for std::string::String {
    const MIN: i128 = i128::MIN;
    const MAX: i128 = i128::MAX;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn from_xml_int(_: i128, text: &'static str) -> Self {
        text.into()
    }
}

/// What a real number in the XML (`speed="2.5"`) becomes: `f32` or `f64`, each from the literal
/// read as its own type (`2.5f32`, not `2.5f64 as f32`), as BehaviorTree.CPP reads the text for
/// a `float` or a `double` port.
///
/// **A type of yours** takes real numbers by implementing this trait, from whichever of the two
/// readings it keeps (a newtype over an `f32` takes `as_f32`).
#[diagnostic::on_unimplemented(
    message = "the XML gives a real number to a port or entry of type `{Self}`",
    label = "a real number in the XML for a `{Self}`"
)]
pub trait FromXmlReal: Sized {
    /// The number, read as an `f64` and as an `f32`.
    fn from_xml_real(as_f64: f64, as_f32: f32) -> Self;
}

impl FromXmlReal for f64 {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn from_xml_real(as_f64: f64, _: f32) -> Self {
        as_f64
    }
}

impl FromXmlReal for f32 {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn from_xml_real(_: f64, as_f32: f32) -> Self {
        as_f32
    }
}

/// Which side of a leaf's call a port binding to an entry is handled on (the generated code's
/// step; a port type of yours implements [`BindEntry`](crate::ports::BindEntry)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PortStep {
    /// Before the call: an input takes the entry's value
    /// ([`BindEntry::load`](crate::ports::BindEntry::load)).
    Load,
    /// After the call: a written output reaches its entry
    /// ([`BindEntry::store`](crate::ports::BindEntry::store)).
    Store,
}

#[cfg(test)]
mod tests {
    use super::{FromXmlInt, FromXmlReal};

    #[test]
    fn whole_numbers_become_integers_reals_or_text() {
        assert_eq!(<u8 as FromXmlInt>::from_xml_int(200, "200"), 200u8);
        assert_eq!((u8::MIN, u8::MAX), (0, 255));
        assert_eq!(
            (<i8 as FromXmlInt>::MIN, <i8 as FromXmlInt>::MAX),
            (-128, 127)
        );
        assert_eq!(<f64 as FromXmlInt>::from_xml_int(12, "12"), 12.0);
        assert_eq!(<f32 as FromXmlInt>::from_xml_int(-3, "-3"), -3.0);
        assert_eq!(<&str as FromXmlInt>::from_xml_int(7, "7"), "7");
        assert_eq!(<u128 as FromXmlInt>::MAX, i128::MAX);
    }

    #[test]
    fn reals_are_read_as_their_own_type() {
        assert_eq!(<f64 as FromXmlReal>::from_xml_real(0.1, 0.1), 0.1f64);
        assert_eq!(<f32 as FromXmlReal>::from_xml_real(0.1, 0.1), 0.1f32);
    }
}
