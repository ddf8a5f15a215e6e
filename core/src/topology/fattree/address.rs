//! Fat-tree addresses: a processor is `p:` and its n base-k digits (`p:0123`), a switch
//! ⟨w, l⟩ is `s`, its level, `:` and the n − 1 digits of w (`s2:013`). Digits are `0-9`
//! then `a-z`. A processor may also be typed as its bare digits (`0123`); it is printed
//! with `p:`. With n = 1 the one switch is `s0:` (an empty word).

use crate::error::AddressError;

use super::{FatTree, Place};

const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";

/// The canonical address of a place.
pub(super) fn format(t: &FatTree, place: Place) -> String {
    if place.level == t.n {
        format!("p:{}", word(t, place.word, t.n))
    } else {
        format!("s{}:{}", place.level, word(t, place.word, t.n - 1))
    }
}

fn word(t: &FatTree, w: usize, len: u32) -> String {
    (0..len)
        .map(|i| DIGITS[t.digit_of(w, len, i) as usize] as char)
        .collect()
}

/// What an address looks like in this tree.
fn expected(t: &FatTree) -> String {
    let top = t.n - 1;
    format!(
        "a processor is p: and {n} digits (e.g. {p}), a switch s, its level 0–{top}, ':' and \
         {top} digits (e.g. {s})",
        n = t.n,
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
pub(super) fn parse(t: &FatTree, text: &str) -> Result<Place, AddressError> {
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
fn parse_switch(t: &FatTree, text: &str, chars: &[char]) -> Result<Place, AddressError> {
    let colon = chars.iter().position(|&c| c == ':');
    let end = colon.unwrap_or(chars.len());
    let malformed = |why: String| AddressError::Malformed {
        address: text.to_string(),
        why,
    };
    if end == 1 {
        return Err(malformed(format!(
            "a switch address gives its level after 's' (0 = roots, {} = leaves), e.g. {}",
            t.n - 1,
            format(t, Place { level: 0, word: 0 })
        )));
    }
    let mut level: u64 = 0;
    for (i, &c) in chars[1..end].iter().enumerate() {
        let Some(d) = c.to_digit(10) else {
            return Err(malformed(format!(
                "character {c:?} at position {} is not part of a level: a switch is s, its \
                 level (a decimal number), ':' and its word",
                i + 2
            )));
        };
        level = (level * 10 + u64::from(d)).min(u64::from(u32::MAX));
    }
    if level >= u64::from(t.n) {
        return Err(malformed(format!(
            "level {level} is out of range: switch levels are 0 (the roots) to {} (the leaves)",
            t.n - 1
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
fn expect_colon(t: &FatTree, text: &str, chars: &[char], at: usize) -> Result<(), AddressError> {
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
    t: &FatTree,
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
