//! Ports: how a leaf exchanges data with the tree's blackboard.
//!
//! A port is a field of the leaf type, of one of three types:
//!
//! * [`Input<T>`]: the tree writes the bound value into it before every call of the leaf;
//! * [`Output<T>`]: the leaf [`set`](Output::set)s it; after the call the tree moves the value into
//!   the bound blackboard entry (an output that was not set leaves the entry untouched);
//! * [`InOut<T>`]: both: loaded from the entry before the call, written back if the leaf changed it.
//!
//! `#[derive(bt::Ports)]` on the leaf type declares its ports once: every `Input`/`InOut` field is
//! a **required** input unless marked `#[port(default)]` (then, when unbound, it keeps the value the
//! leaf was built with). In a tree, ports are bound by name after the leaf type:
//!
//! ```text
//! StatefulAction(MoveTo, goal = {target}, speed = 2.0, reached = {arrived})
//! ```
//!
//! `{entry}` binds a blackboard entry, `{=}` the entry with the port's own name, and anything else
//! is a Rust expression evaluated on every tick (inputs only). Every check is a compile error at the
//! binding: an unknown port (rustc lists the fields), a type mismatch between port and entry, an
//! output bound to an expression, a required input left unbound, a port bound twice.
//!
//! # Port frames
//!
//! When every field of a `#[derive(bt::Ports)]` type is `Copy` (its ports' values and its other
//! fields), the type is at most [`FRAME_BYTES`] bytes and has at most 64 ports, the tree calls the
//! leaf on a *frame*: a copy of the leaf made for the call, a local of the tick. The bound inputs
//! are written into the frame, the leaf runs on it, and the written outputs go from the frame to
//! their entries, so a port's value passes through registers rather than through the tree's
//! memory, as in hand-written code. After the call everything but the bound ports is copied back
//! into the leaf (its own fields, an unbound `#[port(default)]` input or in-out, an unbound
//! output's pending value); the bound ones are not: the tree writes them again before every call.
//! Every call of a leaf with bindings (tick, resume, halt) goes through a frame, and a leaf bound
//! to nothing is called in place, which comes to the same; so what a leaf observes is the same
//! either way. Other leaf types are called in place: a field that is not
//! `Copy` (a `String` port, whose copy would allocate), or a larger type, whose copy could cost
//! more than the ports save when the call is not inlined.

use core::ops::Deref;

use crate::blackboard::Tracked;

/// An input port: a value the tree provides before every call of the leaf.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Input<T> {
    value: T,
}

impl<T> Input<T> {
    /// An input holding `value` until the tree writes a bound value (the default of a
    /// `#[port(default)]` input).
    pub const fn new(value: T) -> Self {
        Input { value }
    }

    /// The current value.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn get(&self) -> &T {
        &self.value
    }
}

impl<T> Deref for Input<T> {
    type Target = T;

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn deref(&self) -> &T {
        &self.value
    }
}

/// An output port: the leaf sets a value, the tree moves it into the bound entry after the call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Output<T> {
    pending: Option<T>,
}

impl<T> Default for Output<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T> Output<T> {
    /// An output with nothing written.
    pub const fn new() -> Self {
        Output { pending: None }
    }

    /// Writes `value`; it reaches the bound entry when the leaf's call returns.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn set(&mut self, value: T) {
        self.pending = Some(value);
    }

    /// The value written in this call and not yet delivered, if any.
    pub fn pending(&self) -> Option<&T> {
        self.pending.as_ref()
    }
}

/// An input-output port: loaded from the bound entry before every call, written back when the
/// leaf changed it (through [`set`](InOut::set) or [`get_mut`](InOut::get_mut)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct InOut<T> {
    value: T,
    written: bool,
}

impl<T> InOut<T> {
    /// A port holding `value` until the tree loads the bound entry.
    pub const fn new(value: T) -> Self {
        InOut {
            value,
            written: false,
        }
    }

    /// The current value.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn get(&self) -> &T {
        &self.value
    }

    /// The value, to change in place; the change is written back to the entry.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn get_mut(&mut self) -> &mut T {
        self.written = true;
        &mut self.value
    }

    /// Replaces the value; it is written back to the entry.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub fn set(&mut self, value: T) {
        self.value = value;
        self.written = true;
    }
}

impl<T> Deref for InOut<T> {
    type Target = T;

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn deref(&self) -> &T {
        &self.value
    }
}

/// The direction of a port.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PortDirection {
    /// [`Input<T>`].
    Input,
    /// [`Output<T>`].
    Output,
    /// [`InOut<T>`].
    InOut,
}

/// Static description of one port, generated by `#[derive(bt::Ports)]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PortInfo {
    /// The field's name, which is the port's name in a tree.
    pub name: &'static str,
    /// Input, output or both.
    pub direction: PortDirection,
    /// The value type `T`, as written.
    pub type_name: &'static str,
    /// True for an input that must be bound.
    pub required: bool,
    /// The compile error shown when a required input is not bound.
    pub missing_message: &'static str,
}

/// Implemented by `#[derive(bt::Ports)]`: the ports a leaf type declares.
pub trait Ports {
    /// Every port, in field order.
    const PORTS: &'static [PortInfo];
}

/// Binding a port to a blackboard entry of type `Entry` (`port = {entry}`).
#[diagnostic::on_unimplemented(
    message = "port of type `{Self}` cannot be bound to a blackboard entry of type `{Entry}`",
    label = "this entry is a `{Entry}`",
    note = "a port is a field of type `bt::Input<T>`, `bt::Output<T>` or `bt::InOut<T>`, and the entry bound to it must be a `T` (inputs and in-outs also need `T: Clone`)"
)]
pub trait BindEntry<Entry> {
    /// Before the leaf's call: inputs take the entry's value.
    fn load(&mut self, entry: &Entry);
    /// After the leaf's call: written outputs go to the entry.
    fn store(&mut self, entry: &mut Entry);
}

impl<T: Clone> BindEntry<T> for Input<T> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn load(&mut self, entry: &T) {
        self.value.clone_from(entry);
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn store(&mut self, _: &mut T) {}
}

impl<T> BindEntry<T> for Output<T> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn load(&mut self, _: &T) {}

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn store(&mut self, entry: &mut T) {
        if let Some(value) = self.pending.take() {
            *entry = value;
        }
    }
}

impl<T: Clone> BindEntry<T> for InOut<T> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn load(&mut self, entry: &T) {
        self.value.clone_from(entry);
        self.written = false;
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn store(&mut self, entry: &mut T) {
        if self.written {
            entry.clone_from(&self.value);
            self.written = false;
        }
    }
}

impl<T: Clone> BindEntry<Tracked<T>> for Input<T> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn load(&mut self, entry: &Tracked<T>) {
        self.value.clone_from(entry.get());
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn store(&mut self, _: &mut Tracked<T>) {}
}

impl<T> BindEntry<Tracked<T>> for Output<T> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn load(&mut self, _: &Tracked<T>) {}

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn store(&mut self, entry: &mut Tracked<T>) {
        if let Some(value) = self.pending.take() {
            entry.set(value);
        }
    }
}

impl<T: Clone> BindEntry<Tracked<T>> for InOut<T> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn load(&mut self, entry: &Tracked<T>) {
        self.value.clone_from(entry.get());
        self.written = false;
    }

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn store(&mut self, entry: &mut Tracked<T>) {
        if self.written {
            entry.set(self.value.clone());
            self.written = false;
        }
    }
}

/// Binding an input port to a Rust expression (`port = expression`), evaluated on every tick.
#[diagnostic::on_unimplemented(
    message = "port of type `{Self}` cannot be bound to an expression of type `{Value}`",
    label = "this expression is a `{Value}`",
    note = "an input port `bt::Input<T>` takes an expression of type `T`; an output or in-out port must be bound to a blackboard entry: `port = {{entry}}`"
)]
pub trait BindValue<Value> {
    /// Before the leaf's call: the input takes the expression's value.
    fn load_value(&mut self, value: Value);
}

impl<T> BindValue<T> for Input<T> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn load_value(&mut self, value: T) {
        self.value = value;
    }
}

/// Binding an input port to a string literal (`msg = "lap"`), for the ports that take text.
///
/// A separate trait from [`BindValue`] so that an `Input<String>` can take the literal without a
/// new `String` on every tick, while every other expression keeps its type from the port.
#[diagnostic::on_unimplemented(
    message = "port of type `{Self}` cannot be bound to a string literal",
    label = "a string literal binds an `Input<&'static str>` or an `Input<String>`",
    note = "for another type, write the value as an expression of the port's type: `port = Type::from(\"text\")`"
)]
pub trait BindText {
    /// Before the leaf's call: the input takes the text.
    fn load_text(&mut self, text: &'static str);
}

impl BindText for Input<&'static str> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn load_text(&mut self, text: &'static str) {
        self.value = text;
    }
}

/// The text is copied into the port's string, which keeps its buffer: only a tick on which the
/// text outgrows the buffer allocates (the first, unless the node moved the string out).
#[cfg(feature = "std")]
impl BindText for Input<std::string::String> {
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn load_text(&mut self, text: &'static str) {
        self.value.clear();
        self.value.push_str(text);
    }
}

/// The value type of a leaf's port named by `KEY` ([`port_key`] of the port's name):
/// `#[derive(bt::Ports)]` implements it once per port, so that an XML tree gives a blackboard
/// entry bound to the port the port's type without the user writing it
/// (`<ComputePathToPose as PortValue<{ port_key("path") }>>::Value` is a `Path`).
#[diagnostic::on_unimplemented(
    message = "the blackboard entry bound to a port of `{Self}` has no type: `{Self}` has no `#[derive(bt::Ports)]` port of that name",
    label = "the entry's type would come from this node's port",
    note = "give the entry a type in the invocation, `blackboard {{ entry: Type }}`, or derive `bt::Ports` on the node's type (a hand-written `impl Ports` does not say the port's type)"
)]
pub trait PortValue<const KEY: u64> {
    /// The port's `T` (of `Input<T>`, `Output<T>` or `InOut<T>`).
    type Value;
}

/// The key [`port_key_of`] gives a name that is no port of a type's (non-empty) port list:
/// every type has this [`PortValue`], of type [`NoSuchPort`]. No name's [`port_key`] is 0 but
/// with a chance of about 2^-64.
pub const UNKNOWN_PORT: u64 = 0;

/// The type of a blackboard entry of an XML tree typed by nothing but an attribute that names no
/// port of its element's type ([`port_key_of`]). Such an attribute is an error of its own, which
/// says where the element is (`check_required_at`); typing the entry with this placeholder
/// rather than leaving it without a type keeps rustc from reporting the untyped entry again at
/// every use of the blackboard. It has the traits a blackboard's entries may need.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct NoSuchPort;

impl<T: ?Sized> PortValue<UNKNOWN_PORT> for T {
    type Value = NoSuchPort;
}

// What the built-in nodes read from an entry as a count or a duration, for an entry typed by no
// port: the attribute's error is the only one, not a second where the XML reads the entry. Never
// called (the tree does not compile), and not offered in rustc's lists of the types that have
// these traits. (A `Loop`'s queue is not: its items must convert to the loop's type.)

#[diagnostic::do_not_recommend]
impl crate::decorator::AsLimit for NoSuchPort {
    fn as_limit(&self) -> Option<usize> {
        None
    }
}

#[diagnostic::do_not_recommend]
impl crate::time::AsDuration for NoSuchPort {
    fn as_duration(&self) -> core::time::Duration {
        core::time::Duration::ZERO
    }
}

/// The key of port `name` of a type whose port list is `ports`, for the [`PortValue`] that types
/// an XML tree's entry bound to it: [`port_key`] of the name, or [`UNKNOWN_PORT`] when the list
/// has ports and `name` is none of them. (A type without `#[derive(bt::Ports)]` has an empty
/// list and no `PortValue`: rustc says that the entry has no type.)
///
/// `name` is the attribute's: a port whose field is a raw identifier (`r#type`) is the attribute
/// `type`, as in [`port_key`].
pub const fn port_key_of(ports: &[PortInfo], name: &str) -> u64 {
    if ports.is_empty() || has_port(ports, name) {
        return port_key(name);
    }
    let mut port = 0;
    while port < ports.len() {
        let field = ports[port].name.as_bytes();
        if field.len() > 2 && field[0] == b'r' && field[1] == b'#' {
            let (_, unraw) = field.split_at(2);
            if bytes_eq(unraw, name.as_bytes()) {
                return port_key(name);
            }
        }
        port += 1;
    }
    UNKNOWN_PORT
}

/// A port name as the key of [`PortValue`]: its FNV-1a hash (64 bits). Two ports of one type
/// whose names have the same key would be two impls of one trait, which rustc refuses: two
/// names share a key with a chance of about 2^-64 per pair.
pub const fn port_key(name: &str) -> u64 {
    let bytes = name.as_bytes();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut index = 0;
    while index < bytes.len() {
        hash ^= bytes[index] as u64;
        hash = hash.wrapping_mul(0x0100_0000_01b3);
        index += 1;
    }
    hash
}

/// Checks at compile time (in a `const`) that every required input of `ports` is in `bound`;
/// otherwise stops compilation with that port's `missing_message`.
pub const fn check_required(ports: &[PortInfo], bound: &[&str]) {
    if let Some(port) = first_missing(ports, bound) {
        panic!("{}", ports[port].missing_message);
    }
}

/// The first required input of `ports` that is not in `bound`.
const fn first_missing(ports: &[PortInfo], bound: &[&str]) -> Option<usize> {
    let mut port = 0;
    while port < ports.len() {
        if ports[port].required && !contains(bound, ports[port].name) {
            return Some(port);
        }
        port += 1;
    }
    None
}

/// Panics with the first `$length` bytes of `$buffer` (cut at a character's boundary), or with
/// `$fallback` if they are not text. A macro, not a function, so that rustc's note on the failed
/// `const` names the check, not a helper.
macro_rules! fail_with {
    ($buffer:expr, $length:expr, $fallback:expr) => {{
        let (text, _) = $buffer.split_at($length);
        match core::str::from_utf8(text) {
            Ok(message) => panic!("{}", message),
            Err(error) => {
                // Cut within a character: up to the last whole one.
                let (valid, _) = text.split_at(error.valid_up_to());
                match core::str::from_utf8(valid) {
                    Ok(message) => panic!("{}", message),
                    Err(_) => panic!("{}", $fallback),
                }
            }
        }
    }};
}

/// [`check_required`] for a node of an XML file: the message starts with `at`, where the node
/// is (`nav.xml:12:7: `FollowPath`: `), so that the error says which of a file's elements lacks
/// the port, and says what to add in the XML's words. The message is put together in a buffer of [`MESSAGE_BYTES`] (a longer one is cut at
/// a character's boundary), as a `const` panic takes one string.
///
/// An attribute that names no port of the type fails first, with the ports the type has; its
/// message starts with `bound_at`'s text for it (where the attribute is: `nav.xml:12:19:
/// `FollowPath`: `), or `at` if `bound_at` has none. The generated code reaches the element's ports through the type this check gives
/// (`bt::__private::PortsChecked`), so that rustc's own error for such an attribute (E0609, "no
/// field", which can only point at the whole XML text) does not follow this one, which says
/// where the element is. A type without `#[derive(bt::Ports)]` has no port list to check
/// against: its attributes are rustc's to check, as fields.
pub const fn check_required_at(at: &str, ports: &[PortInfo], bound: &[&str], bound_at: &[&str]) {
    check_known_at(at, ports, bound, bound_at);
    let Some(port) = first_missing(ports, bound) else {
        return;
    };
    let (name, ty) = (ports[port].name, ports[port].type_name);
    let parts = [
        at,
        "the required input port `",
        name,
        "` (a `",
        ty,
        "`) is not given\nnote: add the attribute `",
        name,
        "=\"..\"` (a value, or `{entry}`) to the element, or mark the field `#[port(default)]`",
    ];
    let mut buffer = [0u8; MESSAGE_BYTES];
    let mut length = 0;
    let mut part = 0;
    while part < parts.len() {
        length = append(&mut buffer, length, parts[part]);
        part += 1;
    }
    fail_with!(buffer, length, ports[port].missing_message)
}

/// Fails if an attribute in `bound` names no port of `ports`, with where the attribute is (its
/// `bound_at`, else `at`) and the ports the type has.
const fn check_known_at(at: &str, ports: &[PortInfo], bound: &[&str], bound_at: &[&str]) {
    // No ports known: a type without `#[derive(bt::Ports)]` (a hand-written `impl Ports` has no
    // list to check against); rustc checks each attribute's field.
    if ports.is_empty() {
        return;
    }
    let mut index = 0;
    while index < bound.len() {
        if !has_port(ports, bound[index]) {
            let at = if index < bound_at.len() {
                bound_at[index]
            } else {
                at
            };
            let mut buffer = [0u8; MESSAGE_BYTES];
            let mut length = append(&mut buffer, 0, at);
            length = append(&mut buffer, length, "the attribute `");
            length = append(&mut buffer, length, bound[index]);
            length = append(
                &mut buffer,
                length,
                "` names no port of the node\nnote: check its spelling; the node's ports are ",
            );
            let mut port = 0;
            while port < ports.len() {
                if port > 0 {
                    length = append(&mut buffer, length, ", ");
                }
                length = append(&mut buffer, length, "`");
                length = append(&mut buffer, length, ports[port].name);
                length = append(&mut buffer, length, "`");
                port += 1;
            }
            fail_with!(
                buffer,
                length,
                "an attribute of the element names no port of its type"
            );
        }
        index += 1;
    }
}

/// Whether `name` is one of `ports`.
const fn has_port(ports: &[PortInfo], name: &str) -> bool {
    let mut port = 0;
    while port < ports.len() {
        if str_eq(ports[port].name, name) {
            return true;
        }
        port += 1;
    }
    false
}

/// The longest message [`check_required_at`] gives.
pub const MESSAGE_BYTES: usize = 1024;

/// Copies `text` into `buffer` from `at`, as far as it fits; the length written so far.
const fn append(buffer: &mut [u8; MESSAGE_BYTES], at: usize, text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut length = at;
    let mut index = 0;
    while index < bytes.len() && length < MESSAGE_BYTES {
        buffer[length] = bytes[index];
        length += 1;
        index += 1;
    }
    length
}

/// The largest leaf type, in bytes, that the tree calls on a [port frame](self#port-frames).
pub const FRAME_BYTES: usize = 128;

/// The ports of `ports` named in `bound`, as a set of bits: bit `i` for `ports[i]` (the first 64
/// ports). Evaluated in a `const` by the tree for a leaf's [port frame](self#port-frames).
pub const fn bound_ports(ports: &[PortInfo], bound: &[&str]) -> u64 {
    let mut bits = 0;
    let mut port = 0;
    while port < ports.len() && port < 64 {
        if contains(bound, ports[port].name) {
            bits |= 1 << port;
        }
        port += 1;
    }
    bits
}

const fn contains(names: &[&str], name: &str) -> bool {
    let mut index = 0;
    while index < names.len() {
        if str_eq(names[index], name) {
            return true;
        }
        index += 1;
    }
    false
}

const fn str_eq(a: &str, b: &str) -> bool {
    bytes_eq(a.as_bytes(), b.as_bytes())
}

const fn bytes_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut index = 0;
    while index < a.len() {
        if a[index] != b[index] {
            return false;
        }
        index += 1;
    }
    true
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

    #[test]
    #[should_panic(
        expected = "nav.xml:3:5: `Go`: the required input port `goal` (a `f64`) is not given\nnote: add the attribute `goal=\"..\"`"
    )]
    fn a_missing_port_is_located() {
        check_required_at("nav.xml:3:5: `Go`: ", GO, &[], &[]);
    }

    #[test]
    fn a_bound_port_passes_and_a_long_message_is_cut_at_a_character() {
        check_required_at("nav.xml:3:5: ", GO, &["goal"], &["nav.xml:3:9: "]);
        // One byte, then characters of two: the buffer's last byte is half a character.
        let at = format!("x{}", "é".repeat(MESSAGE_BYTES));
        let cut = std::panic::catch_unwind(|| check_required_at(&at, GO, &[], &[]));
        let message = *cut.unwrap_err().downcast::<String>().unwrap();
        assert_eq!(message.len(), MESSAGE_BYTES - 1);
        assert!(message[1..].chars().all(|c| c == 'é'), "{message}");
    }

    #[test]
    #[should_panic(
        expected = "nav.xml:3:21: `Go`: the attribute `gaol` names no port of the node\nnote: check its spelling; the node's ports are `goal`"
    )]
    fn an_unknown_port_is_located_at_its_attribute_and_the_ports_named() {
        check_required_at(
            "nav.xml:3:5: `Go`: ",
            GO,
            &["goal", "gaol"],
            &["nav.xml:3:9: `Go`: ", "nav.xml:3:21: `Go`: "],
        );
    }

    #[test]
    #[should_panic(
        expected = "nav.xml:3:5: `Go`: the attribute `gaol` names no port of the node\nnote: check its spelling; the node's ports are `goal`"
    )]
    fn an_unknown_port_without_its_place_is_located_at_the_element() {
        check_required_at("nav.xml:3:5: `Go`: ", GO, &["gaol"], &[]);
    }

    #[test]
    fn a_type_without_a_port_list_is_left_to_rustc() {
        // A hand-written `impl Ports` lists no ports: its fields are rustc's to check.
        check_required_at("nav.xml:3:5: ", &[], &["goal"], &["nav.xml:3:9: "]);
    }

    #[test]
    fn a_port_key_of_a_type_is_its_name_s_unless_the_type_lacks_the_port() {
        assert_eq!(port_key_of(GO, "goal"), port_key("goal"));
        assert_eq!(port_key_of(GO, "gaol"), UNKNOWN_PORT);
        // The port of a field `r#type` is the attribute `type`.
        let raw = [PortInfo {
            name: "r#type",
            ..GO[0]
        }];
        assert_eq!(port_key_of(&raw, "type"), port_key("type"));
        assert_eq!(port_key_of(&raw, "typo"), UNKNOWN_PORT);
        // No port list: a type without `#[derive(bt::Ports)]`, whose ports are not known.
        assert_eq!(port_key_of(&[], "goal"), port_key("goal"));
        // The placeholder that every type has for an unknown port.
        let value: <GoNode as PortValue<UNKNOWN_PORT>>::Value = NoSuchPort;
        assert_eq!(value, NoSuchPort);
    }

    /// A node type, for its `PortValue`s.
    struct GoNode;

    #[test]
    fn port_keys_are_fnv_1a() {
        // The published FNV-1a 64-bit values.
        assert_eq!(port_key(""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(port_key("a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(port_key("foobar"), 0x8594_4171_f739_67e8);
        assert_ne!(port_key("goal"), port_key("path"));
    }

    #[test]
    fn input_loads_entries_and_values() {
        let mut port = Input::new(1);
        port.load(&5);
        assert_eq!(*port, 5);
        port.load_value(7);
        assert_eq!(*port.get(), 7);
        let mut entry = 3;
        port.store(&mut entry);
        assert_eq!(entry, 3, "an input never writes");
    }

    #[test]
    fn output_delivers_only_what_was_set() {
        let mut port = Output::new();
        let mut entry = 1;
        port.store(&mut entry);
        assert_eq!(entry, 1);
        port.set(9);
        assert_eq!(port.pending(), Some(&9));
        port.store(&mut entry);
        assert_eq!(entry, 9);
        assert_eq!(port.pending(), None, "delivered once");
    }

    #[test]
    fn tracked_entries_count_only_delivered_writes() {
        let mut entry = Tracked::new(0);
        let mut output = Output::new();
        output.store(&mut entry);
        assert_eq!(entry.version(), 0);
        output.set(3);
        output.store(&mut entry);
        assert_eq!((*entry, entry.version()), (3, 1));
        let mut input = Input::new(0);
        input.load(&entry);
        assert_eq!((*input, entry.version()), (3, 1));
        let mut both = InOut::new(0);
        both.load(&entry);
        both.store(&mut entry);
        assert_eq!(entry.version(), 1);
        both.set(4);
        both.store(&mut entry);
        assert_eq!((*entry, entry.version()), (4, 2));
    }

    #[test]
    fn in_out_writes_back_changes_only() {
        let mut port = InOut::new(0);
        let mut entry = 4;
        port.load(&entry);
        assert_eq!(*port, 4);
        port.store(&mut entry);
        assert_eq!(entry, 4);
        port.load(&entry);
        *port.get_mut() += 1;
        entry = 40; // a change by someone else between load and store is overwritten by the port
        port.store(&mut entry);
        assert_eq!(entry, 5);
    }

    const PORTS: &[PortInfo] = &[PortInfo {
        name: "goal",
        direction: PortDirection::Input,
        type_name: "u32",
        required: true,
        missing_message: "goal missing",
    }];

    #[test]
    fn bound_ports_are_bits_by_port_index() {
        let two = [
            PORTS[0],
            PortInfo {
                name: "speed",
                ..PORTS[0]
            },
        ];
        assert_eq!(bound_ports(&two, &["speed"]), 0b10);
        assert_eq!(bound_ports(&two, &["goal", "speed"]), 0b11);
        assert_eq!(bound_ports(&two, &["goals", "other"]), 0);
        assert_eq!(bound_ports(&[], &["goal"]), 0);
        let many = [PORTS[0]; 70];
        assert_eq!(bound_ports(&many, &["goal"]), u64::MAX, "the first 64 only");
    }

    #[test]
    fn required_ports_must_be_bound() {
        check_required(PORTS, &["goal", "other"]);
        check_required(&[], &[]);
        let result = std::panic::catch_unwind(|| check_required(PORTS, &["gol"]));
        assert!(result.is_err());
    }
}
