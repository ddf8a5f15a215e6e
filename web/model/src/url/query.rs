//! A query string as ordered, percent-decoded pairs, and its encoding: only what would
//! change the meaning is escaped, so specs stay readable in the address bar.

/// A query string as ordered `key=value` pairs, percent-decoded.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Query(pub Vec<(String, String)>);

impl Query {
    /// Reads `a=1&b=2` (a leading `?` is skipped), as `application/x-www-form-urlencoded`:
    /// `+` is a space, `%XX` a byte; a malformed escape is kept literally.
    pub fn parse(query: &str) -> Query {
        let query = query.strip_prefix('?').unwrap_or(query);
        Query(
            query
                .split('&')
                .filter(|p| !p.is_empty())
                .map(|pair| match pair.split_once('=') {
                    Some((k, v)) => (decode(k), decode(v)),
                    None => (decode(pair), String::new()),
                })
                .collect(),
        )
    }

    /// The first value of `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// `a=1&b=2`, escaping only what would change the meaning, so specs stay readable.
    pub fn encode(&self) -> String {
        self.0
            .iter()
            .map(|(k, v)| format!("{}={}", encode(k), encode(v)))
            .collect::<Vec<_>>()
            .join("&")
    }
}

/// Characters written as they are: unreserved ones plus the spec's `:`, `,` and `=`
/// (a reader splits each pair at its first `=`, so `=` in a value is safe).
fn is_plain(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~' | b':' | b',' | b'=' | b'/')
}

fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for &b in text.as_bytes() {
        if is_plain(b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escaped = match bytes.get(i..i + 3) {
            Some([b'%', hi, lo]) => hex_pair(*hi, *lo),
            _ => None,
        };
        match (escaped, bytes[i]) {
            (Some(b), _) => {
                out.push(b);
                i += 3;
                continue;
            }
            (None, b'+') => out.push(b' '),
            (None, b) => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn hex_pair(hi: u8, lo: u8) -> Option<u8> {
    let h = (hi as char).to_digit(16)?;
    let l = (lo as char).to_digit(16)?;
    Some((h * 16 + l) as u8)
}
