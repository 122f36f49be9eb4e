//! Ports: a leaf's port list, and the bindings of its ports to entries and expressions.

#[allow(unused_imports)]
use super::*;

pub use crate::ports::{
    bound_ports, check_required, check_required_at, port_key, port_key_of, BindEntry, BindText,
    BindValue, NoSuchPort, PortDirection, PortInfo, PortValue, FRAME_BYTES, UNKNOWN_PORT,
};
pub use crate::xml::PortStep;

/// Gives every type an empty port list, so that `<T>::__BT_PORTS` names the list of
/// `#[derive(bt::Ports)]` (an inherent constant, which takes precedence) or else this one; and
/// likewise a call in place where `#[derive(bt::Ports)]` gives the type a
/// [port frame](crate::ports#port-frames) (an inherent method, which takes precedence when the
/// type has one).
pub trait NoPorts {
    /// No ports.
    const __BT_PORTS: &'static [PortInfo] = &[];

    /// Calls the leaf in place: `call(self, bb)`. `bound` (the bound ports, [`bound_ports`]) is
    /// for the frames only.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn __bt_frame<B, R>(
        &mut self,
        bound: u64,
        bb: &mut B,
        call: impl FnOnce(&mut Self, &mut B) -> R,
    ) -> R {
        let _ = bound;
        call(self, bb)
    }
}

impl<T: ?Sized> NoPorts for T {}

/// A node type whose attributes an XML element names, checked: `<T as PortsChecked<{ check }>>`
/// is `T` once `check` (a [`check_required_at`] of the type's ports and the element's
/// attributes, then `true`) has passed. The generated code reaches such a node's ports through
/// `&mut` this type, written once per type and set of attributes as a type alias beside the
/// tree, so that when the check fails (an attribute that names no port of the type) the accesses
/// have no type and rustc reports the check's error alone, which says where the element is,
/// rather than its own error for the field (E0609), which can only point at the whole XML text.
/// The same type when the check passes: no code, no function.
pub trait PortsChecked<const CHECKED: bool> {
    /// `Self`.
    type Type: ?Sized;
}

impl<T: ?Sized> PortsChecked<true> for T {
    type Type = T;
}

/// `port = {entry}`, before and after the leaf's call. One function for both steps, so that a
/// type mismatch is reported once, naming both types. The generated code writes the entry and
/// the port as places at the user's tokens (`&mut bb.target`, `&mut leaf.goal`), so that rustc
/// reports a mismatch or an unknown port there; one instance serves every binding of the same
/// two types (closures reaching them were two functions and an instance per binding: 8 % of
/// the functions of the differential test's binary).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn bind_entry<E, P>(
    entry: &mut E,
    port: &mut P,
    step: PortStep,
    load: fn(&mut P, &E),
    store: fn(&mut P, &mut E),
) {
    match step {
        PortStep::Load => load(port, entry),
        PortStep::Store => store(port, entry),
    }
}

/// [`bind_entry`] for a port of a node of an XML tree, through the trait the macro writes for
/// its attribute: `bind` is that trait's constant, [`bind_step`] for every port type that
/// [`BindEntry`] binds to the entry's type (the trait's error says where the attribute is and
/// names the element, the port and the entry); no function per attribute.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn bind_entry_with<E, P>(
    entry: &mut E,
    port: &mut P,
    step: PortStep,
    bind: fn(&mut P, &mut E, PortStep),
) {
    bind(port, entry, step)
}

/// [`bind_entry`] with [`BindEntry::load`] and [`BindEntry::store`]: the constant of the trait the
/// macro writes for an XML attribute that binds a port to an entry ([`bind_entry_with`]).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn bind_step<E, P: BindEntry<E>>(port: &mut P, entry: &mut E, step: PortStep) {
    bind_entry(entry, port, step, P::load, P::store)
}

/// `port = expression`, before the leaf's call (the value first, so that its type is known).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn bind_value<L, V, P>(
    value: V,
    leaf: &mut L,
    port: impl FnOnce(&mut L) -> &mut P,
    load_value: fn(&mut P, V),
) {
    load_value(port(leaf), value)
}

/// `port = "text"`, before the leaf's call.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn bind_text<L, P>(
    text: &'static str,
    leaf: &mut L,
    port: impl FnOnce(&mut L) -> &mut P,
    load_text: fn(&mut P, &'static str),
) {
    load_text(port(leaf), text)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GO: &[PortInfo] = &[PortInfo {
        name: "goal",
        direction: PortDirection::Input,
        type_name: "f64",
        required: true,
        missing_message: "input port `goal` of `Go` is required",
    }];

    /// What the generated code writes for an XML element `<Go goal=".."/>`: the check, then
    /// `true`, as the argument of `PortsChecked`.
    type CheckedGo = <(u8, f64) as PortsChecked<
        {
            check_required_at(
                "nav.xml:3:5: `Go`: ",
                GO,
                &["goal"],
                &["nav.xml:3:9: `Go`: "],
            );
            true
        },
    >>::Type;

    #[test]
    fn a_checked_type_is_the_type_itself() {
        fn goal(leaf: &mut CheckedGo) -> &mut f64 {
            &mut leaf.1
        }
        let mut leaf = (1u8, 2.0);
        *goal(&mut leaf) = 5.0;
        assert_eq!(leaf, (1, 5.0));
        assert_eq!(
            core::any::TypeId::of::<CheckedGo>(),
            core::any::TypeId::of::<(u8, f64)>()
        );
    }
}
