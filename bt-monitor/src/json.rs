//! The little JSON the monitor writes: strings escaped, and the trees' metadata as the page reads
//! it. Messages are written straight into a `String`, with no serializer.

use std::fmt::{self, Write};

use bt_core::{NodeInfo, PortDirection};

/// Appends `text` as a JSON string (quoted and escaped).
pub(crate) fn string(out: &mut String, text: &str) {
    out.push('"');
    let _ = Escaper(out).write_str(text);
    out.push('"');
}

/// A `fmt::Write` that escapes what it is given for the inside of a JSON string.
pub(crate) struct Escaper<'a>(pub &'a mut String);

impl Write for Escaper<'_> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        for c in text.chars() {
            match c {
                '"' => self.0.push_str("\\\""),
                '\\' => self.0.push_str("\\\\"),
                '\n' => self.0.push_str("\\n"),
                '\r' => self.0.push_str("\\r"),
                '\t' => self.0.push_str("\\t"),
                // `<` too, so that no text can close a `<script>` the page might put it in.
                c if (c as u32) < 0x20 || c == '<' || c == '\u{2028}' || c == '\u{2029}' => {
                    let _ = write!(self.0, "\\u{:04x}", c as u32);
                }
                c => self.0.push(c),
            }
        }
        Ok(())
    }
}

/// Appends `value` as a JSON number; a value JSON has no number for (NaN, infinities) as a
/// string.
pub(crate) fn float(out: &mut String, value: f64) {
    if value.is_finite() {
        let _ = write!(out, "{value}");
    } else {
        let _ = write!(out, "\"{value}\"");
    }
}

/// The tree's description as the page reads it: its name and, per node in id order, its name,
/// kind, category, parent, leaf or tree type, parameters and ports.
pub(crate) fn tree(id: usize, name: &str, nodes: &[NodeInfo]) -> String {
    let mut out = String::with_capacity(64 + nodes.len() * 96);
    let _ = write!(out, "{{\"type\":\"tree\",\"id\":{id},\"name\":");
    string(&mut out, name);
    out.push_str(",\"nodes\":[");
    for (index, node) in nodes.iter().enumerate() {
        if index > 0 {
            out.push(',');
        }
        out.push_str("{\"name\":");
        string(&mut out, node.name);
        out.push_str(",\"kind\":");
        string(&mut out, node.kind);
        out.push_str(",\"category\":");
        string(&mut out, node.category.name());
        match node.parent {
            Some(parent) => {
                let _ = write!(out, ",\"parent\":{parent}");
            }
            None => out.push_str(",\"parent\":null"),
        }
        if let Some(ty) = node.leaf_type {
            out.push_str(",\"leaf_type\":");
            string(&mut out, ty);
        }
        out.push_str(",\"params\":[");
        for (k, (param, value)) in node.params.iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            out.push('[');
            string(&mut out, param);
            out.push(',');
            string(&mut out, value);
            out.push(']');
        }
        out.push_str("],\"ports\":[");
        for (k, port) in node.ports.iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            out.push('[');
            string(&mut out, port.name);
            out.push(',');
            string(
                &mut out,
                match port.direction {
                    PortDirection::Input => "in",
                    PortDirection::Output => "out",
                    PortDirection::InOut => "inout",
                },
            );
            out.push(',');
            string(&mut out, port.type_name);
            let _ = write!(out, ",{}]", port.required);
        }
        out.push_str("]}");
    }
    out.push_str("]}");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped() {
        let mut out = String::new();
        string(&mut out, "a\"b\\c\nd\u{1}</script>");
        assert_eq!(out, r#""a\"b\\c\nd\u0001\u003c/script>""#);
        out.clear();
        float(&mut out, f64::NAN);
        float(&mut out, 1.5);
        assert_eq!(out, "\"NaN\"1.5");
    }
}
