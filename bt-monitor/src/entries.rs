//! [`Entries`]: a blackboard snapshot, written by the program after a tick
//! ([`Agent::blackboard`](crate::Agent::blackboard)) and kept as the JSON object the page shows.

use std::fmt::{self, Write};

use crate::json::{self, Escaper};

/// The value of one entry: a number, a `bool` or text. Anything else goes in as text
/// ([`Entries::display`], [`Entries::debug`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value<'a> {
    /// An integer.
    Int(i64),
    /// An unsigned integer (kept whole above `i64::MAX`).
    UInt(u64),
    /// A floating-point number (NaN and the infinities are shown as text).
    Float(f64),
    /// A boolean.
    Bool(bool),
    /// Text.
    Str(&'a str),
}

macro_rules! from_number {
    ($($t:ty => $variant:ident as $as:ty),*) => {
        $(impl From<$t> for Value<'_> {
            fn from(value: $t) -> Self {
                Value::$variant(value as $as)
            }
        })*
    };
}

from_number!(i8 => Int as i64, i16 => Int as i64, i32 => Int as i64, i64 => Int as i64,
    isize => Int as i64, u8 => UInt as u64, u16 => UInt as u64, u32 => UInt as u64,
    u64 => UInt as u64, usize => UInt as u64, f32 => Float as f64, f64 => Float as f64);

impl From<bool> for Value<'_> {
    fn from(value: bool) -> Self {
        Value::Bool(value)
    }
}

impl<'a> From<&'a str> for Value<'a> {
    fn from(value: &'a str) -> Self {
        Value::Str(value)
    }
}

impl<'a> From<&'a String> for Value<'a> {
    fn from(value: &'a String) -> Self {
        Value::Str(value)
    }
}

/// The entries of one blackboard snapshot, in the order given (a name given twice shows its
/// last value).
///
/// ```
/// # let monitor = bt_monitor::Monitor::builder().port(0).start()?;
/// # let mut agent = monitor.agent("rover", "Rover", &[]);
/// # struct World { battery: u32, goal: (i32, i32) }
/// # let world = World { battery: 87, goal: (3, 4) };
/// agent.blackboard(|entries| {
///     entries
///         .entry("battery", world.battery)
///         .entry("mode", "patrol")
///         .debug("goal", &world.goal);
/// });
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// A snapshot holds at most [`max_blackboard_bytes`](crate::MonitorBuilder::max_blackboard_bytes)
/// of JSON; the entries that do not fit are dropped and counted, and the page says how many.
#[derive(Debug)]
pub struct Entries {
    /// `"name":value` pairs, comma-separated, without the braces.
    text: String,
    count: usize,
    dropped: usize,
    max_bytes: usize,
    /// `{:?}` of a value given to [`fields`](Self::fields), reused.
    scratch: String,
}

impl Entries {
    pub(crate) fn new(max_bytes: usize) -> Entries {
        Entries {
            text: String::new(),
            count: 0,
            dropped: 0,
            max_bytes,
            scratch: String::new(),
        }
    }

    pub(crate) fn clear(&mut self) {
        self.text.clear();
        self.count = 0;
        self.dropped = 0;
    }

    /// Writes one pair with `value`, or drops it if the snapshot would grow past its limit.
    fn pair(&mut self, name: &str, value: impl FnOnce(&mut String)) -> &mut Self {
        let start = self.text.len();
        if self.count > 0 {
            self.text.push(',');
        }
        json::string(&mut self.text, name);
        self.text.push(':');
        value(&mut self.text);
        if self.text.len() + 2 > self.max_bytes {
            self.text.truncate(start);
            self.dropped += 1;
        } else {
            self.count += 1;
        }
        self
    }

    /// Adds entry `name` with `value`: a number, a `bool`, a `&str` or a `&String`.
    pub fn entry<'v>(&mut self, name: &str, value: impl Into<Value<'v>>) -> &mut Self {
        let value = value.into();
        self.pair(name, |out| match value {
            Value::Int(v) => {
                let _ = write!(out, "{v}");
            }
            Value::UInt(v) => {
                let _ = write!(out, "{v}");
            }
            Value::Float(v) => json::float(out, v),
            Value::Bool(v) => out.push_str(if v { "true" } else { "false" }),
            Value::Str(v) => json::string(out, v),
        })
    }

    /// Adds entry `name` as the text of `value`'s `Display`.
    pub fn display(&mut self, name: &str, value: &dyn fmt::Display) -> &mut Self {
        self.pair(name, |out| {
            out.push('"');
            let _ = write!(Escaper(out), "{value}");
            out.push('"');
        })
    }

    /// Adds entry `name` as the text of `value`'s `Debug` (enums, positions, lists, ...).
    pub fn debug(&mut self, name: &str, value: &dyn fmt::Debug) -> &mut Self {
        self.pair(name, |out| {
            out.push('"');
            let _ = write!(Escaper(out), "{value:?}");
            out.push('"');
        })
    }

    /// Adds one entry per field of a struct, read from its `Debug` output: each field's name
    /// and the `Debug` text of its value. This shows a whole generated blackboard in one call
    /// (`entries.fields(tree.blackboard())`, for a tree declared with `#[derive(Debug)]`,
    /// which its blackboard struct gets too). A tuple struct's fields are named `0`, `1`, ...;
    /// a value that is not a struct is one entry, `value`; `()` is none.
    pub fn fields(&mut self, value: &dyn fmt::Debug) -> &mut Self {
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.clear();
        let _ = write!(scratch, "{value:?}");
        match split_fields(&scratch) {
            Some(fields) => {
                for (index, (name, text)) in fields.enumerate() {
                    let name = if name.is_empty() {
                        index.to_string()
                    } else {
                        name.to_string()
                    };
                    self.pair(&name, |out| json::string(out, text));
                }
            }
            None if scratch == "()" => {}
            None => {
                let text = scratch.as_str();
                self.pair("value", |out| json::string(out, text));
            }
        }
        self.scratch = scratch;
        self
    }

    /// How many entries have been given (and kept).
    pub fn len(&self) -> usize {
        self.count
    }

    /// True if no entry has been kept.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// How many entries were dropped because the snapshot was full.
    pub fn dropped(&self) -> usize {
        self.dropped
    }

    /// The snapshot as one JSON object (with a `"…"` entry counting the dropped ones).
    pub(crate) fn to_json(&self) -> String {
        let mut out = String::with_capacity(self.text.len() + 24);
        out.push('{');
        out.push_str(&self.text);
        if self.dropped > 0 {
            if self.count > 0 {
                out.push(',');
            }
            let _ = write!(out, "\"…\":\"{} entries dropped\"", self.dropped);
        }
        out.push('}');
        out
    }

    /// True if the snapshot is `json`, as [`to_json`](Self::to_json) writes it.
    pub(crate) fn same_as(&self, json: &str) -> bool {
        self.dropped == 0
            && json.len() == self.text.len() + 2
            && json.strip_prefix('{').and_then(|j| j.strip_suffix('}')) == Some(&self.text)
    }
}

/// The fields of a struct's `Debug` text, `Name { a: 1, b: [2, 3] }` (names) or `Name(1, 2)`
/// (empty names): splits at the commas outside brackets, strings and characters.
fn split_fields(text: &str) -> Option<impl Iterator<Item = (&str, &str)>> {
    let text = text.trim();
    let open = text.find(['{', '('])?;
    let head = text[..open].trim();
    if head.is_empty()
        || !head
            .chars()
            .all(|c| c.is_alphanumeric() || "_:<>, ".contains(c))
    {
        return None;
    }
    let named = text[open..].starts_with('{');
    let close = if named { '}' } else { ')' };
    let body = text[open + 1..].strip_suffix(close)?.trim();
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0usize, 0usize);
    let mut chars = body.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth = depth.checked_sub(1)?,
            '"' => {
                // To the closing quote, over escapes.
                while let Some((_, c)) = chars.next() {
                    match c {
                        '\\' => {
                            chars.next();
                        }
                        '"' => break,
                        _ => {}
                    }
                }
            }
            '\'' => {
                // A char literal: '\'', 'x', '\u{..}'; a lifetime-like quote is left alone.
                let rest = &body[at + 1..];
                if let Some(end) = rest.get(1..).and_then(|r| r.find('\'')) {
                    if end <= 10 {
                        for _ in 0..=end {
                            chars.next();
                        }
                    }
                }
            }
            ',' if depth == 0 => {
                parts.push(&body[start..at]);
                start = at + 1;
            }
            _ => {}
        }
    }
    if depth != 0 {
        return None;
    }
    if !body[start..].trim().is_empty() {
        parts.push(&body[start..]);
    }
    let mut fields = Vec::with_capacity(parts.len());
    for part in parts {
        let part = part.trim();
        if named {
            let (name, value) = part.split_once(':')?;
            fields.push((name.trim(), value.trim()));
        } else {
            fields.push(("", part));
        }
    }
    Some(fields.into_iter())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug)]
    #[allow(dead_code)]
    struct Board {
        battery: u32,
        goal: (i32, i32),
        name: &'static str,
        path: Vec<char>,
        mode: Mode,
    }

    #[derive(Debug)]
    #[allow(dead_code)]
    enum Mode {
        Drive { speed: f32 },
    }

    #[test]
    fn values_are_json() {
        let mut entries = Entries::new(1024);
        entries
            .entry("a", 1u8)
            .entry("b", -2)
            .entry("c", 1.5)
            .entry("d", f64::INFINITY)
            .entry("e", true)
            .entry("f", "x\"y")
            .display("g", &3)
            .debug("h", &Some("z"));
        assert_eq!(
            entries.to_json(),
            r#"{"a":1,"b":-2,"c":1.5,"d":"inf","e":true,"f":"x\"y","g":"3","h":"Some(\"z\")"}"#
        );
        assert!(entries.same_as(&entries.to_json()));
        assert_eq!(entries.len(), 8);
    }

    #[test]
    fn fields_of_a_debug_struct() {
        let mut entries = Entries::new(1024);
        entries.fields(&Board {
            battery: 87,
            goal: (3, -4),
            name: "a, b",
            path: vec![',', '\''],
            mode: Mode::Drive { speed: 1.5 },
        });
        assert_eq!(
            entries.to_json(),
            r#"{"battery":"87","goal":"(3, -4)","name":"\"a, b\"","path":"[',', '\\'']","mode":"Drive { speed: 1.5 }"}"#
        );
        entries.clear();
        entries.fields(&(1, "two")).fields(&()).fields(&5);
        assert_eq!(entries.to_json(), r#"{"value":"(1, \"two\")","value":"5"}"#);
    }

    #[test]
    fn tuple_structs_are_numbered() {
        #[derive(Debug)]
        #[allow(dead_code)]
        struct Pair(u8, &'static str);
        let mut entries = Entries::new(1024);
        entries.fields(&Pair(1, "x"));
        assert_eq!(entries.to_json(), r#"{"0":"1","1":"\"x\""}"#);
    }

    #[test]
    fn a_full_snapshot_drops_and_counts() {
        let mut entries = Entries::new(24);
        entries
            .entry("a", 1)
            .entry("long", "x".repeat(40).as_str())
            .entry("b", 2);
        assert_eq!((entries.len(), entries.dropped()), (2, 1));
        assert_eq!(
            entries.to_json(),
            r#"{"a":1,"b":2,"…":"1 entries dropped"}"#
        );
        assert!(!entries.same_as(&entries.to_json()));
    }
}
