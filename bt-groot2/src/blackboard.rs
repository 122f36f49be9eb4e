//! Blackboards as BehaviorTree.CPP sends them: a MessagePack map from blackboard name to a map
//! from entry name to value (`nlohmann::json::to_msgpack` of `ExportBlackboardToJSON`).
//!
//! The bytes follow nlohmann's choices, so that a reply is the same as BehaviorTree.CPP's for the
//! same entries: the smallest integer form, a `f64` that a `f32` holds exactly as a float 32,
//! keys in byte order, `nil` for an empty blackboard or none found.

/// The value of one blackboard entry, as Groot2 shows it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value<'a> {
    /// An integer.
    Int(i64),
    /// An unsigned integer (kept whole above `i64::MAX`).
    UInt(u64),
    /// A floating-point number.
    Float(f64),
    /// A boolean.
    Bool(bool),
    /// Text.
    Str(&'a str),
}

macro_rules! from_int {
    ($($t:ty => $variant:ident as $as:ty),*) => {
        $(impl From<$t> for Value<'_> {
            fn from(value: $t) -> Self {
                Value::$variant(value as $as)
            }
        })*
    };
}

from_int!(i8 => Int as i64, i16 => Int as i64, i32 => Int as i64, i64 => Int as i64,
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

/// Writes MessagePack.
pub(crate) fn write_uint(out: &mut Vec<u8>, value: u64) {
    if value < 0x80 {
        out.push(value as u8);
    } else if value <= u64::from(u8::MAX) {
        out.extend_from_slice(&[0xcc, value as u8]);
    } else if value <= u64::from(u16::MAX) {
        out.push(0xcd);
        out.extend_from_slice(&(value as u16).to_be_bytes());
    } else if value <= u64::from(u32::MAX) {
        out.push(0xce);
        out.extend_from_slice(&(value as u32).to_be_bytes());
    } else {
        out.push(0xcf);
        out.extend_from_slice(&value.to_be_bytes());
    }
}

pub(crate) fn write_int(out: &mut Vec<u8>, value: i64) {
    if value >= 0 {
        return write_uint(out, value as u64);
    }
    if value >= -32 {
        out.push(value as i8 as u8);
    } else if value >= i64::from(i8::MIN) {
        out.extend_from_slice(&[0xd0, value as i8 as u8]);
    } else if value >= i64::from(i16::MIN) {
        out.push(0xd1);
        out.extend_from_slice(&(value as i16).to_be_bytes());
    } else if value >= i64::from(i32::MIN) {
        out.push(0xd2);
        out.extend_from_slice(&(value as i32).to_be_bytes());
    } else {
        out.push(0xd3);
        out.extend_from_slice(&value.to_be_bytes());
    }
}

pub(crate) fn write_str(out: &mut Vec<u8>, text: &str) {
    let len = text.len();
    if len < 32 {
        out.push(0xa0 | len as u8);
    } else if len <= usize::from(u8::MAX) {
        out.extend_from_slice(&[0xd9, len as u8]);
    } else if len <= usize::from(u16::MAX) {
        out.push(0xda);
        out.extend_from_slice(&(len as u16).to_be_bytes());
    } else {
        out.push(0xdb);
        out.extend_from_slice(&(len as u32).to_be_bytes());
    }
    out.extend_from_slice(text.as_bytes());
}

pub(crate) fn write_map_len(out: &mut Vec<u8>, len: usize) {
    if len < 16 {
        out.push(0x80 | len as u8);
    } else if len <= usize::from(u16::MAX) {
        out.push(0xde);
        out.extend_from_slice(&(len as u16).to_be_bytes());
    } else {
        out.push(0xdf);
        out.extend_from_slice(&(len as u32).to_be_bytes());
    }
}

pub(crate) const NIL: u8 = 0xc0;

pub(crate) fn write_value(out: &mut Vec<u8>, value: Value<'_>) {
    match value {
        Value::Int(v) => write_int(out, v),
        Value::UInt(v) => write_uint(out, v),
        Value::Float(v) => {
            let narrow = v as f32;
            if f64::from(narrow) == v {
                out.push(0xca);
                out.extend_from_slice(&narrow.to_be_bytes());
            } else {
                out.push(0xcb);
                out.extend_from_slice(&v.to_be_bytes());
            }
        }
        Value::Bool(v) => out.push(if v { 0xc3 } else { 0xc2 }),
        Value::Str(v) => write_str(out, v),
    }
}

/// The entries of a blackboard, written by the closure given to
/// [`Groot2Publisher::publish_blackboard`](crate::Groot2Publisher::publish_blackboard).
///
/// It keeps each entry's name and encoded value in one byte buffer, reused from one snapshot to
/// the next; at most [`MAX_BYTES`](Entries::MAX_BYTES) bytes of entries are kept (later ones
/// are dropped and counted).
#[derive(Debug, Default)]
pub struct Entries {
    bytes: Vec<u8>,
    /// `(key start, key end, value end)` of each entry in `bytes`.
    index: Vec<(u32, u32, u32)>,
    dropped: usize,
}

impl Entries {
    /// The most bytes of names and values one snapshot keeps.
    pub const MAX_BYTES: usize = 1 << 20;

    /// Adds entry `name` with `value`: a number, a `bool`, a `&str` or `&String`.
    pub fn entry<'v>(&mut self, name: &str, value: impl Into<Value<'v>>) -> &mut Self {
        let value = value.into();
        let start = self.bytes.len();
        let text = match value {
            Value::Str(text) => text.len(),
            _ => 0,
        };
        if start + name.len() + text + 16 > Self::MAX_BYTES {
            self.dropped += 1;
            return self;
        }
        self.bytes.extend_from_slice(name.as_bytes());
        let key_end = self.bytes.len();
        write_value(&mut self.bytes, value);
        self.index
            .push((start as u32, key_end as u32, self.bytes.len() as u32));
        self
    }

    /// Adds entry `name` as the text of `value`'s `Display` (for types Groot2 cannot show
    /// otherwise: enums, positions, ...).
    pub fn display(&mut self, name: &str, value: &dyn std::fmt::Display) -> &mut Self {
        use std::fmt::Write;
        let mut text = String::new();
        let _ = write!(text, "{value}");
        self.entry(name, text.as_str())
    }

    /// How many entries have been given.
    pub fn len(&self) -> usize {
        self.index.len()
    }

    /// True if no entry has been given.
    pub fn is_empty(&self) -> bool {
        self.index.is_empty()
    }

    /// How many entries were dropped because the snapshot was full.
    pub fn dropped(&self) -> usize {
        self.dropped
    }

    pub(crate) fn clear(&mut self) {
        self.bytes.clear();
        self.index.clear();
        self.dropped = 0;
    }

    /// The MessagePack map of the entries: keys in byte order, the last value of a key given
    /// twice; `nil` if there is none (as BehaviorTree.CPP writes an empty blackboard).
    pub(crate) fn write_map(&self, out: &mut Vec<u8>) {
        let key = |&(start, end, _): &(u32, u32, u32)| &self.bytes[start as usize..end as usize];
        let mut order: Vec<usize> = (0..self.index.len()).collect();
        // Stable: equal keys keep their order, and the last one wins below.
        order.sort_by(|&a, &b| key(&self.index[a]).cmp(key(&self.index[b])));
        let mut unique: Vec<usize> = Vec::with_capacity(order.len());
        for id in order {
            match unique.last_mut() {
                Some(last) if key(&self.index[*last]) == key(&self.index[id]) => *last = id,
                _ => unique.push(id),
            }
        }
        if unique.is_empty() {
            out.push(NIL);
            return;
        }
        write_map_len(out, unique.len());
        for id in unique {
            let (start, key_end, end) = self.index[id];
            let name = &self.bytes[start as usize..key_end as usize];
            // The bytes came from a `&str`.
            write_str(out, std::str::from_utf8(name).unwrap_or_default());
            out.extend_from_slice(&self.bytes[key_end as usize..end as usize]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_bytes_as_btcpp_4_8_2() {
        // BehaviorTree.CPP 4.8.2 answered a `B` request for "Main" with these bytes for the
        // entries count = 7, flag = 1, name = "bot", speed = 1.5 (tests/groot2/check.py).
        let mut entries = Entries::default();
        entries
            .entry("speed", 1.5)
            .entry("name", "bot")
            .entry("count", 7)
            .entry("flag", 1);
        let mut out = Vec::new();
        write_map_len(&mut out, 1);
        write_str(&mut out, "Main");
        entries.write_map(&mut out);
        assert_eq!(
            out,
            b"\x81\xa4Main\x84\xa5count\x07\xa4flag\x01\xa4name\xa3bot\xa5speed\xca?\xc0\x00\x00"
        );
    }

    #[test]
    fn integer_float_and_string_forms() {
        let encode = |value: Value<'_>| {
            let mut out = Vec::new();
            write_value(&mut out, value);
            out
        };
        assert_eq!(encode(Value::Int(-1)), [0xff]);
        assert_eq!(encode(Value::Int(-33)), [0xd0, 0xdf]);
        assert_eq!(encode(Value::Int(-200)), [0xd1, 0xff, 0x38]);
        assert_eq!(encode(Value::Int(200)), [0xcc, 200]);
        assert_eq!(encode(Value::Int(70000)), [0xce, 0, 1, 0x11, 0x70]);
        assert_eq!(encode(Value::UInt(u64::MAX))[0], 0xcf);
        assert_eq!(encode(Value::Int(i64::MIN))[0], 0xd3);
        assert_eq!(encode(Value::Float(0.1))[0], 0xcb);
        assert_eq!(encode(Value::Float(f64::NAN))[0], 0xcb);
        assert_eq!(encode(Value::Bool(true)), [0xc3]);
        assert_eq!(encode(Value::Str(&"x".repeat(40)))[..2], [0xd9, 40]);
        assert_eq!(encode(Value::Str(&"x".repeat(300)))[..3], [0xda, 1, 44]);
    }

    #[test]
    fn duplicate_keys_keep_the_last_and_empty_is_nil() {
        let mut entries = Entries::default();
        let mut out = Vec::new();
        entries.write_map(&mut out);
        assert_eq!(out, [NIL]);
        entries.entry("a", 1).entry("a", 2);
        out.clear();
        entries.write_map(&mut out);
        assert_eq!(out, [0x81, 0xa1, b'a', 2]);
        entries.display("b", &"x y");
        assert_eq!(entries.len(), 3);
    }

    #[test]
    fn a_full_snapshot_drops_entries() {
        let mut entries = Entries::default();
        let big = "x".repeat(Entries::MAX_BYTES / 2);
        entries.entry("a", big.as_str()).entry("b", big.as_str());
        assert_eq!((entries.len(), entries.dropped()), (1, 1));
    }
}
