//! Addresses of the networks built from kⁿ processors and n rows of kⁿ⁻¹ switches (the
//! fat tree's levels, the butterfly's stages): a processor is `p:` and its n base-k
//! digits (`p:0123`), a switch is `s`, its row, `:` and the n − 1 digits of its word
//! (`s2:013`). Digits are `0-9` then `a-z`. A processor may also be typed as its bare
//! digits (`0123`); it is printed with `p:`. With n = 1 the one switch is `s0:` (an
//! empty word).

use icn_graph::error::{AddressError, ParamError};
use icn_graph::{Node, MAX_NODES};

const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";

/// Digits are written one character each, so k is at most 36.
pub const MAX_ARITY: u32 = 36;

/// Where a node sits: its row of switches (0 … n − 1; n for a processor) and its word
/// (n − 1 digits for a switch, n for a processor), as the number it spells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    /// The switch row (a fat tree's level, a butterfly's stage); n for a processor.
    pub level: u32,
    /// The word as a base-k number, most significant digit first.
    pub word: usize,
}

/// What a family calls its rows, for messages: `level`, `the roots`, `the leaves`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct RowNames {
    /// One row (`level`, `stage`).
    pub row: &'static str,
    /// Row 0 (`the roots`).
    pub first: &'static str,
    /// Row n − 1 (`the leaves`).
    pub last: &'static str,
}

/// The address book of one network: its arity k and its n rows.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Staged<'a> {
    /// The arity.
    pub k: u32,
    /// Rows of switches.
    pub n: u32,
    /// `pow[j]` = kʲ for j = 0 … n.
    pub pow: &'a [usize],
    /// The rows' names.
    pub names: RowNames,
}

/// kʲ for j = 0 … n, after checking k (2 … 36), n (≥ 1, named `rows` in messages) and
/// the node count kⁿ + n·kⁿ⁻¹ (at most [`MAX_NODES`]).
pub(crate) fn powers(k: u64, n: u64, rows: &str) -> Result<Vec<usize>, ParamError> {
    if !(2..=u64::from(MAX_ARITY)).contains(&k) {
        return Err(ParamError::OutOfRange {
            key: "k".into(),
            value: k,
            allowed: format!("the arity k is 2 to {MAX_ARITY} (one character per digit)"),
        });
    }
    if n == 0 {
        return Err(ParamError::OutOfRange {
            key: "n".into(),
            value: n,
            allowed: format!("the number of {rows} n is at least 1"),
        });
    }
    let nodes = node_total(k, n);
    if nodes > u128::from(MAX_NODES) {
        return Err(ParamError::TooLarge {
            nodes,
            max: MAX_NODES,
        });
    }
    Ok((0..=n as u32).map(|j| (k as usize).pow(j)).collect())
}

/// kⁿ + n·kⁿ⁻¹, saturated at `u128::MAX` (k ≥ 2, so n ≤ 128 decides it).
fn node_total(k: u64, n: u64) -> u128 {
    if n > 128 {
        return u128::MAX;
    }
    let k = u128::from(k);
    let below = (1..n).try_fold(1u128, |acc, _| acc.checked_mul(k));
    below
        .and_then(|b| {
            let procs = b.checked_mul(k)?;
            procs.checked_add(b.checked_mul(u128::from(n))?)
        })
        .unwrap_or(u128::MAX)
}

impl Staged<'_> {
    /// The processors, kⁿ: nodes 0 … kⁿ − 1, each the number its digits spell.
    pub fn processors(&self) -> usize {
        self.pow[self.n as usize]
    }

    /// The switches of each row, kⁿ⁻¹.
    pub fn per_row(&self) -> usize {
        self.pow[self.n as usize - 1]
    }

    /// Where node `v` sits: processors first, then the rows of switches in order.
    pub fn place(&self, v: Node) -> Place {
        let procs = self.processors();
        if v < procs {
            return Place {
                level: self.n,
                word: v,
            };
        }
        let s = v - procs;
        Place {
            level: (s / self.per_row()) as u32,
            word: s % self.per_row(),
        }
    }

    /// The node at `place`.
    pub fn node(&self, place: Place) -> Node {
        if place.level == self.n {
            place.word
        } else {
            self.processors() + place.level as usize * self.per_row() + place.word
        }
    }

    /// Digit i (0 = most significant) of a word of `len` digits.
    pub fn digit_of(&self, word: usize, len: u32, i: u32) -> u32 {
        ((word / self.pow[(len - 1 - i) as usize]) % self.k as usize) as u32
    }

    /// `word` (of `len` digits) with digit i set to `d`.
    pub fn with_digit(&self, word: usize, len: u32, i: u32, d: u32) -> usize {
        let w = self.pow[(len - 1 - i) as usize];
        word - self.digit_of(word, len, i) as usize * w + d as usize * w
    }
}

/// The canonical address of a place.
pub(crate) fn format(t: &Staged, place: Place) -> String {
    if place.level == t.n {
        format!("p:{}", word(t, place.word, t.n))
    } else {
        format!("s{}:{}", place.level, word(t, place.word, t.n - 1))
    }
}

fn word(t: &Staged, w: usize, len: u32) -> String {
    (0..len)
        .map(|i| DIGITS[t.digit_of(w, len, i) as usize] as char)
        .collect()
}

/// What an address looks like in this tree.
fn expected(t: &Staged) -> String {
    let top = t.n - 1;
    format!(
        "a processor is p: and {n} digits (e.g. {p}), a switch s, its {row} 0–{top}, ':' and \
         {top} digits (e.g. {s})",
        n = t.n,
        row = t.names.row,
        p = format(
            t,
            Place {
                level: t.n,
                word: 0
            }
        ),
        s = format(
            t,
            Place {
                level: top,
                word: 0
            }
        ),
    )
}

fn allowed(k: u32) -> String {
    match k {
        2..=10 => format!("0-{}", k - 1),
        11 => "0-9, a".to_string(),
        _ => format!("0-9, a-{}", DIGITS[k as usize - 1] as char),
    }
}

/// Reads an address (see the module documentation); positions count characters of the
/// trimmed text from 1.
pub(crate) fn parse(t: &Staged, text: &str) -> Result<Place, AddressError> {
    let text = text.trim();
    let chars: Vec<char> = text.chars().collect();
    match chars.first() {
        None => Err(AddressError::Empty {
            expected: expected(t),
        }),
        Some('p') => {
            expect_colon(t, text, &chars, 1)?;
            let w = digits(t, text, &chars[2..], 2, t.n)?;
            Ok(Place {
                level: t.n,
                word: w,
            })
        }
        Some('s') => parse_switch(t, text, &chars),
        Some(c) if c.is_ascii_alphanumeric() => {
            let w = digits(t, text, &chars, 0, t.n)?;
            Ok(Place {
                level: t.n,
                word: w,
            })
        }
        Some(&c) => Err(AddressError::Malformed {
            address: text.to_string(),
            why: format!(
                "character {c:?} at position 1 cannot start an address: {}",
                expected(t)
            ),
        }),
    }
}

/// `s<level>:<word>`.
fn parse_switch(t: &Staged, text: &str, chars: &[char]) -> Result<Place, AddressError> {
    let colon = chars.iter().position(|&c| c == ':');
    let end = colon.unwrap_or(chars.len());
    let malformed = |why: String| AddressError::Malformed {
        address: text.to_string(),
        why,
    };
    if end == 1 {
        return Err(malformed(format!(
            "a switch address gives its {} after 's' (0 = {}, {} = {}), e.g. {}",
            t.names.row,
            t.names.first,
            t.n - 1,
            t.names.last,
            format(t, Place { level: 0, word: 0 })
        )));
    }
    let mut level: u64 = 0;
    for (i, &c) in chars[1..end].iter().enumerate() {
        let Some(d) = c.to_digit(10) else {
            return Err(malformed(format!(
                "character {c:?} at position {} is not part of a {row}: a switch is s, its \
                 {row} (a decimal number), ':' and its word",
                i + 2,
                row = t.names.row
            )));
        };
        level = (level * 10 + u64::from(d)).min(u64::from(u32::MAX));
    }
    if level >= u64::from(t.n) {
        return Err(malformed(format!(
            "{row} {level} is out of range: switch {row}s are 0 ({}) to {} ({})",
            t.names.first,
            t.n - 1,
            t.names.last,
            row = t.names.row
        )));
    }
    expect_colon(t, text, chars, end)?;
    let w = digits(t, text, &chars[end + 1..], end + 1, t.n - 1)?;
    Ok(Place {
        level: level as u32,
        word: w,
    })
}

/// A ':' at 0-based index `at`.
fn expect_colon(t: &Staged, text: &str, chars: &[char], at: usize) -> Result<(), AddressError> {
    match chars.get(at) {
        Some(':') => Ok(()),
        Some(&c) => Err(AddressError::Malformed {
            address: text.to_string(),
            why: format!(
                "character {c:?} at position {} should be ':': {}",
                at + 1,
                expected(t)
            ),
        }),
        None => Err(AddressError::Malformed {
            address: text.to_string(),
            why: format!("the address ends before its ':': {}", expected(t)),
        }),
    }
}

/// `len` base-k digits starting at 0-based index `offset` of the text.
fn digits(
    t: &Staged,
    text: &str,
    chars: &[char],
    offset: usize,
    len: u32,
) -> Result<usize, AddressError> {
    let mut w = 0usize;
    for (i, &ch) in chars.iter().enumerate() {
        let d = ch
            .to_digit(36)
            .filter(|&d| d < t.k && !ch.is_ascii_uppercase())
            .ok_or_else(|| AddressError::BadDigit {
                ch,
                position: offset + i + 1,
                radix: t.k,
                allowed: allowed(t.k),
            })?;
        w = w.saturating_mul(t.k as usize).saturating_add(d as usize);
    }
    if chars.len() != len as usize {
        return Err(AddressError::WrongLength {
            address: text.to_string(),
            got: chars.len(),
            want: len as usize,
        });
    }
    Ok(w)
}
