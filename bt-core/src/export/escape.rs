//! Escaping text for each output format, and turning type names into XML element names.

use core::fmt;

/// Where a piece of text goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Syntax {
    /// Inside a DOT double-quoted string.
    Dot,
    /// Inside a Mermaid double-quoted label.
    Mermaid,
    /// Inside an XML attribute value in double quotes.
    Xml,
}

/// `text`, escaped for `syntax`.
pub(crate) struct Escaped<'a>(pub &'a str, pub Syntax);

impl Escaped<'_> {
    fn replacement(syntax: Syntax, c: char) -> Option<&'static str> {
        match syntax {
            Syntax::Dot => match c {
                '"' => Some("\\\""),
                '\\' => Some("\\\\"),
                '\n' => Some("\\n"),
                '\r' => Some(""),
                _ => None,
            },
            // Mermaid's entity codes are `#name;` or `#decimal;`.
            Syntax::Mermaid => match c {
                '"' => Some("#quot;"),
                '#' => Some("#35;"),
                '&' => Some("#38;"),
                '<' => Some("#60;"),
                '>' => Some("#62;"),
                '`' => Some("#96;"),
                '\n' => Some("<br/>"),
                '\r' => Some(""),
                _ => None,
            },
            Syntax::Xml => match c {
                '&' => Some("&amp;"),
                '<' => Some("&lt;"),
                '>' => Some("&gt;"),
                '"' => Some("&quot;"),
                '\'' => Some("&apos;"),
                '\n' => Some("&#10;"),
                '\r' => Some("&#13;"),
                '\t' => Some("&#9;"),
                // Other control characters cannot appear in XML 1.0, not even as references.
                c if (c as u32) < 0x20 => Some("\u{FFFD}"),
                _ => None,
            },
        }
    }
}

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Escaped(text, syntax) = *self;
        let mut start = 0;
        for (at, c) in text.char_indices() {
            if let Some(replacement) = Self::replacement(syntax, c) {
                f.write_str(&text[start..at])?;
                f.write_str(replacement)?;
                start = at + c.len_utf8();
            }
        }
        f.write_str(&text[start..])
    }
}

/// A Rust type or kind name as an XML element name: generic arguments dropped, the last path
/// segment kept (`game::MoveTo<u8>` is `MoveTo`), any character XML does not allow in a name
/// replaced by `_`, and `_` put first if the name would not start with a letter or `_`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct XmlName<'a>(pub &'a str);

impl<'a> XmlName<'a> {
    fn base(self) -> &'a str {
        let text = self.0.trim();
        let text = match text.find('<') {
            Some(at) => &text[..at],
            None => text,
        };
        match text.rfind("::") {
            Some(at) => &text[at + 2..],
            None => text,
        }
    }

    /// The characters of the name.
    pub(crate) fn chars(self) -> impl Iterator<Item = char> + 'a {
        let base = self.base();
        let prefix = match base.chars().next() {
            Some(c) if c.is_alphabetic() || c == '_' => None,
            _ => Some('_'),
        };
        prefix.into_iter().chain(base.chars().map(|c| {
            if c.is_alphanumeric() || matches!(c, '_' | '-' | '.') {
                c
            } else {
                '_'
            }
        }))
    }

    /// True if the two names are written the same.
    pub(crate) fn same(self, other: XmlName<'_>) -> bool {
        self.chars().eq(other.chars())
    }
}

impl fmt::Display for XmlName<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write as _;
        for c in self.chars() {
            f.write_char(c)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn esc(text: &str, syntax: Syntax) -> String {
        Escaped(text, syntax).to_string()
    }

    #[test]
    fn escapes_each_syntax() {
        let text = "a<b & \"c\" 'd' #1\\n\n\tü`";
        assert_eq!(esc(text, Syntax::Dot), "a<b & \\\"c\\\" 'd' #1\\\\n\\n\tü`");
        assert_eq!(
            esc(text, Syntax::Mermaid),
            "a#60;b #38; #quot;c#quot; 'd' #35;1\\n<br/>\tü#96;"
        );
        assert_eq!(
            esc(text, Syntax::Xml),
            "a&lt;b &amp; &quot;c&quot; &apos;d&apos; #1\\n&#10;&#9;ü`"
        );
        assert_eq!(esc("\u{1}\r", Syntax::Xml), "\u{FFFD}&#13;");
        assert_eq!(esc("plain", Syntax::Xml), "plain");
        assert_eq!(esc("", Syntax::Dot), "");
    }

    #[test]
    fn type_names_become_xml_names() {
        let name = |text| XmlName(text).to_string();
        assert_eq!(name("MoveTo"), "MoveTo");
        assert_eq!(name("game::MoveTo"), "MoveTo");
        assert_eq!(name("crate::a::Gen<u8,Vec<u8>>"), "Gen");
        assert_eq!(name("9lives"), "_9lives");
        assert_eq!(name("r#type"), "r_type");
        assert_eq!(name("Größe"), "Größe");
        assert_eq!(name(""), "_");
        assert!(XmlName("a::X").same(XmlName("X")));
        assert!(!XmlName("X").same(XmlName("Y")));
    }
}
