//! The compact code of an imported graph, the `g` of its `graph:g=…` spec, so a graph
//! travels in a URL: varints, base64url without padding (the characters a spec value
//! allows). Layout, every number a LEB128 varint:
//!
//! ```text
//! version (1) · nodes · terminals · concentration · names? (0 or 1)
//! for each node u: the count of its neighbours v > u, then their gaps (v − previous − 1,
//!                  previous starting at u)
//! if names: for each node, its name's byte length and its UTF-8 bytes
//! ```
//!
//! Names are stored only when they are not `0, 1, …, N−1`.

use icn_graph::error::GraphError;

use super::parse::Parsed;

const VERSION: u64 = 1;
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

fn push_varint(out: &mut Vec<u8>, mut x: u64) {
    loop {
        let low = (x & 0x7f) as u8;
        x >>= 7;
        if x == 0 {
            out.push(low);
            return;
        }
        out.push(low | 0x80);
    }
}

/// Whether the names are the plain indices.
fn plain(names: &[String]) -> bool {
    names.iter().enumerate().all(|(i, s)| *s == i.to_string())
}

/// The code of `g` (its neighbour lists taken from `links`).
pub fn encode(g: &Parsed) -> String {
    let n = g.names.len();
    let mut bytes = Vec::new();
    let named = !plain(&g.names);
    for x in [
        VERSION,
        n as u64,
        g.terminals as u64,
        u64::from(g.concentration),
        u64::from(named),
    ] {
        push_varint(&mut bytes, x);
    }
    let mut higher = vec![Vec::new(); n];
    for &(a, b) in &g.links {
        higher[a].push(b);
    }
    for (u, vs) in higher.iter_mut().enumerate() {
        vs.sort_unstable();
        push_varint(&mut bytes, vs.len() as u64);
        let mut prev = u;
        for &v in vs.iter() {
            push_varint(&mut bytes, (v - prev - 1) as u64);
            prev = v;
        }
    }
    if named {
        for name in &g.names {
            push_varint(&mut bytes, name.len() as u64);
            bytes.extend_from_slice(name.as_bytes());
        }
    }
    base64url(&bytes)
}

fn base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for k in 0..=chunk.len() {
            out.push(char::from(ALPHABET[((n >> (18 - 6 * k)) & 63) as usize]));
        }
    }
    out
}

fn unbase64url(text: &str) -> Result<Vec<u8>, GraphError> {
    let damaged = |why| GraphError::Code { why };
    if text.len() % 4 == 1 {
        return Err(damaged("its length is not that of a code"));
    }
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for c in text.bytes() {
        let v = ALPHABET
            .iter()
            .position(|&a| a == c)
            .ok_or(damaged("a character outside the code's alphabet"))?;
        acc = (acc << 6) | v as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Ok(out)
}

/// Reads varints from a byte string.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn varint(&mut self) -> Result<u64, GraphError> {
        let mut x = 0u64;
        for shift in (0..64).step_by(7) {
            let b = *self.bytes.get(self.at).ok_or(GraphError::Code {
                why: "it ends too early",
            })?;
            self.at += 1;
            x |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(x);
            }
        }
        Err(GraphError::Code {
            why: "a number is too long",
        })
    }

    /// A count or index no larger than `max`.
    fn bounded(&mut self, max: u64) -> Result<usize, GraphError> {
        let x = self.varint()?;
        if x > max {
            return Err(GraphError::Code {
                why: "a number is out of range",
            });
        }
        Ok(x as usize)
    }
}

/// The graph of a code; `max_nodes` and `max_links` bound what is allocated.
///
/// # Errors
/// [`GraphError::Code`] for a code that does not decode, [`GraphError::TooLarge`].
pub fn decode(code: &str, max_nodes: u64, max_links: u64) -> Result<Parsed, GraphError> {
    let bytes = unbase64url(code)?;
    let mut r = Reader {
        bytes: &bytes,
        at: 0,
    };
    if r.varint()? != VERSION {
        return Err(GraphError::Code {
            why: "an unknown version",
        });
    }
    let n = r.varint()?;
    if n > max_nodes {
        return Err(GraphError::TooLarge {
            nodes: n,
            links: 0,
            max_nodes,
            max_links,
        });
    }
    let n = n as usize;
    let terminals = r.bounded(n as u64)?;
    if terminals == 0 {
        return Err(GraphError::Code {
            why: "a graph without terminals",
        });
    }
    let concentration = u32::try_from(r.bounded(u64::from(u32::MAX))?).unwrap_or(1);
    let named = r.bounded(1)? == 1;
    let mut links = std::collections::BTreeSet::new();
    for u in 0..n {
        let count = r.bounded(n as u64)?;
        let mut prev = u;
        for _ in 0..count {
            let v = prev + 1 + r.bounded(n as u64)?;
            if v >= n {
                return Err(GraphError::Code {
                    why: "a link to a node that does not exist",
                });
            }
            links.insert((u, v));
            prev = v;
            if links.len() as u64 > max_links {
                return Err(GraphError::TooLarge {
                    nodes: n as u64,
                    links: links.len() as u64,
                    max_nodes,
                    max_links,
                });
            }
        }
    }
    let names = if named {
        (0..n)
            .map(|_| {
                let len = r.bounded(r.bytes.len() as u64)?;
                let end = r.at + len;
                let text = r.bytes.get(r.at..end).ok_or(GraphError::Code {
                    why: "it ends too early",
                })?;
                r.at = end;
                let name = String::from_utf8(text.to_vec()).map_err(|_| GraphError::Code {
                    why: "a name is not UTF-8",
                })?;
                // Names are what the edge list reader makes: words without separators.
                let word = |c: char| !(c.is_whitespace() || c == ',' || c == '#');
                if name.is_empty() || !name.chars().all(word) {
                    return Err(GraphError::Code {
                        why: "a name that is no word",
                    });
                }
                Ok(name)
            })
            .collect::<Result<Vec<_>, _>>()?
    } else {
        (0..n).map(|i| i.to_string()).collect()
    };
    if r.at != bytes.len() {
        return Err(GraphError::Code {
            why: "bytes after its end",
        });
    }
    Ok(Parsed {
        names,
        terminals,
        concentration: concentration.max(1),
        links,
    })
}
