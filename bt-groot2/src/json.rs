//! The JSON of hook requests: a small reader with a nesting limit (its input is already bounded
//! by the message size limit), and the hook objects BehaviorTree.CPP reads and writes.

/// A JSON value.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Number(f64),
    String(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

const MAX_DEPTH: usize = 16;

impl Json {
    /// Parses a whole document; `None` if it is not one JSON value.
    pub fn parse(text: &[u8]) -> Option<Json> {
        let mut reader = Reader { text, at: 0 };
        let value = reader.value(0)?;
        reader.space();
        (reader.at == text.len()).then_some(value)
    }

    /// The member `key` of an object.
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(members) => members.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Json::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// An integer in `min..=max` (a number with no fraction).
    pub fn as_int(&self, min: i64, max: i64) -> Option<i64> {
        match self {
            Json::Number(n) if n.fract() == 0.0 && *n >= min as f64 && *n <= max as f64 => {
                Some(*n as i64)
            }
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::String(s) => Some(s),
            _ => None,
        }
    }
}

struct Reader<'a> {
    text: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn space(&mut self) {
        while matches!(self.text.get(self.at), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    fn eat(&mut self, byte: u8) -> bool {
        self.space();
        if self.text.get(self.at) == Some(&byte) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn literal(&mut self, word: &[u8], value: Json) -> Option<Json> {
        if self.text[self.at..].starts_with(word) {
            self.at += word.len();
            Some(value)
        } else {
            None
        }
    }

    fn value(&mut self, depth: usize) -> Option<Json> {
        if depth > MAX_DEPTH {
            return None;
        }
        self.space();
        match *self.text.get(self.at)? {
            b'n' => self.literal(b"null", Json::Null),
            b't' => self.literal(b"true", Json::Bool(true)),
            b'f' => self.literal(b"false", Json::Bool(false)),
            b'"' => self.string().map(Json::String),
            b'[' => {
                self.at += 1;
                let mut items = Vec::new();
                if self.eat(b']') {
                    return Some(Json::Array(items));
                }
                loop {
                    items.push(self.value(depth + 1)?);
                    if self.eat(b']') {
                        return Some(Json::Array(items));
                    }
                    if !self.eat(b',') {
                        return None;
                    }
                }
            }
            b'{' => {
                self.at += 1;
                let mut members = Vec::new();
                if self.eat(b'}') {
                    return Some(Json::Object(members));
                }
                loop {
                    self.space();
                    let key = self.string()?;
                    if !self.eat(b':') {
                        return None;
                    }
                    members.push((key, self.value(depth + 1)?));
                    if self.eat(b'}') {
                        return Some(Json::Object(members));
                    }
                    if !self.eat(b',') {
                        return None;
                    }
                }
            }
            b'-' | b'0'..=b'9' => self.number(),
            _ => None,
        }
    }

    fn number(&mut self) -> Option<Json> {
        let start = self.at;
        while matches!(
            self.text.get(self.at),
            Some(b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
        ) {
            self.at += 1;
        }
        let text = std::str::from_utf8(&self.text[start..self.at]).ok()?;
        text.parse::<f64>()
            .ok()
            .filter(|n| n.is_finite())
            .map(Json::Number)
    }

    fn string(&mut self) -> Option<String> {
        if self.text.get(self.at) != Some(&b'"') {
            return None;
        }
        self.at += 1;
        let mut out = Vec::new();
        loop {
            let byte = *self.text.get(self.at)?;
            self.at += 1;
            match byte {
                b'"' => return String::from_utf8(out).ok(),
                b'\\' => {
                    let escape = *self.text.get(self.at)?;
                    self.at += 1;
                    let plain = match escape {
                        b'"' => b'"',
                        b'\\' => b'\\',
                        b'/' => b'/',
                        b'b' => 8,
                        b'f' => 12,
                        b'n' => b'\n',
                        b'r' => b'\r',
                        b't' => b'\t',
                        b'u' => {
                            let hex = self.text.get(self.at..self.at + 4)?;
                            self.at += 4;
                            let code =
                                u32::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()?;
                            // Surrogates are not needed by hook requests: written as U+FFFD.
                            let c = char::from_u32(code).unwrap_or('\u{FFFD}');
                            let mut utf8 = [0u8; 4];
                            out.extend_from_slice(c.encode_utf8(&mut utf8).as_bytes());
                            continue;
                        }
                        _ => return None,
                    };
                    out.push(plain);
                }
                0..=0x1f => return None,
                _ => out.push(byte),
            }
        }
    }
}

/// Writes `text` as a JSON string.
pub fn write_string(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hook_objects() {
        let json = Json::parse(
            br#"{"enabled":true,"uid":3,"mode":0,"once":false,"desired_status":"SUCCESS","position":0}"#,
        )
        .unwrap();
        assert_eq!(json.get("uid").unwrap().as_int(0, 65535), Some(3));
        assert_eq!(json.get("enabled").unwrap().as_bool(), Some(true));
        assert_eq!(
            json.get("desired_status").unwrap().as_str(),
            Some("SUCCESS")
        );
        let array = Json::parse(b" [ {\"a\": [1, 2.5, -3e2, null]} , \"x\\u0041\\n\" ] ").unwrap();
        assert_eq!(
            array,
            Json::Array(vec![
                Json::Object(vec![(
                    "a".into(),
                    Json::Array(vec![
                        Json::Number(1.0),
                        Json::Number(2.5),
                        Json::Number(-300.0),
                        Json::Null
                    ])
                )]),
                Json::String("xA\n".into())
            ])
        );
    }

    #[test]
    fn bad_documents_are_refused_without_panicking() {
        for bad in [
            &b""[..],
            b"{bad",
            b"{\"a\" 1}",
            b"[1,]",
            b"[1 2]",
            b"\"open",
            b"\"\\u12\"",
            b"\"\\q\"",
            b"1 2",
            b"tru",
            b"{\"a\":1e999}",
            b"\xff",
        ] {
            assert_eq!(Json::parse(bad), None, "{:?}", String::from_utf8_lossy(bad));
        }
        let deep = "[".repeat(100) + &"]".repeat(100);
        assert_eq!(Json::parse(deep.as_bytes()), None);
        let fine = "[".repeat(10) + &"]".repeat(10);
        assert!(Json::parse(fine.as_bytes()).is_some());
        assert_eq!(Json::Number(3.5).as_int(0, 10), None);
        assert_eq!(Json::Number(70000.0).as_int(0, 65535), None);
    }

    #[test]
    fn strings_are_escaped() {
        let mut out = String::new();
        write_string(&mut out, "a\"b\\c\n\u{1}");
        assert_eq!(out, r#""a\"b\\c\n\u0001""#);
    }
}
