//! Printing and reading processor addresses `w.v` and bus labels `Bw.v`.

use thiserror::Error;

use super::{Addr, Lens};
use icn_graph::error::AddressError;
use icn_graph::Node;

const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";

/// The characters allowed for a radix, e.g. `0-2` or `0-9, a-f`.
fn allowed(radix: u32) -> String {
    match radix {
        2..=10 => format!("0-{}", radix - 1),
        11 => "0-9, a".to_string(),
        _ => format!("0-9, a-{}", DIGITS[radix as usize - 1] as char),
    }
}

/// Prints a node: processors `w.v`, busses `Bw.v`; digits flagged in `unknown` print
/// as `?` (the paper's arbitrary digits).
pub(super) fn format(lens: &Lens, a: &Addr, unknown: Option<&[bool]>) -> String {
    let dot = a.h / 2;
    let mut s = String::with_capacity(lens.n + 2);
    if a.h % 2 == 1 {
        s.push('B');
    }
    for (j, &x) in a.d.iter().enumerate() {
        if j == dot {
            s.push('.');
        }
        if unknown.is_some_and(|u| u[j]) {
            s.push('?');
        } else {
            s.push(DIGITS[x as usize] as char);
        }
    }
    if dot == lens.n {
        s.push('.');
    }
    s
}

/// Why a text is not a node of a given Lens. Positions are 1-based characters of the
/// text as typed (after trimming).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LensAddressError {
    /// Nothing typed.
    #[error(
        "the address is empty; type a processor w.v or a bus Bw.v with {n} digits, e.g. {example}"
    )]
    Empty {
        /// Digits per address.
        n: usize,
        /// A valid address.
        example: String,
    },
    /// No dot at all.
    #[error("'{address}' has no dot; a Lens address is w.v (w before the dot in base p − 1, v after it in base q − 1), e.g. {example}")]
    NoDot {
        /// The text.
        address: String,
        /// A valid address.
        example: String,
    },
    /// A second dot.
    #[error("character '.' at position {second} is a second dot; the address already has its dot at position {first}")]
    TwoDots {
        /// Position of the first dot.
        first: usize,
        /// Position of the second.
        second: usize,
    },
    /// A digit too large for its side of the dot.
    #[error("character {ch:?} at position {position} is not a digit of radix {radix} (allowed: {allowed}); digits {side} the dot are base {radix}")]
    BadDigit {
        /// The character.
        ch: char,
        /// Its position.
        position: usize,
        /// The radix there (p − 1 before the dot, q − 1 after).
        radix: u32,
        /// The allowed characters.
        allowed: String,
        /// `before` or `after`.
        side: &'static str,
    },
    /// Not n digits.
    #[error("'{address}' has {got} digits; this lens needs exactly {want} (and one dot)")]
    WrongLength {
        /// The text.
        address: String,
        /// Digits given.
        got: usize,
        /// Digits needed, n.
        want: usize,
    },
    /// A dot at an end that names nothing in the uncompleted lens.
    #[error("the dot at position {position} cannot be there: {why}")]
    DotOutOfRange {
        /// Position of the dot.
        position: usize,
        /// Why.
        why: &'static str,
    },
}

impl LensAddressError {
    /// The closest [`AddressError`]; the text of every variant keeps this error's reason.
    pub(super) fn into_address_error(self, address: &str) -> AddressError {
        let why = self.to_string();
        match self {
            LensAddressError::Empty { .. } => AddressError::Empty { expected: why },
            LensAddressError::WrongLength { address, got, want } => {
                AddressError::WrongLength { address, got, want }
            }
            LensAddressError::NoDot { .. }
            | LensAddressError::TwoDots { .. }
            | LensAddressError::BadDigit { .. }
            | LensAddressError::DotOutOfRange { .. } => AddressError::Malformed {
                address: address.trim().to_string(),
                why,
            },
        }
    }
}

impl Lens {
    /// Reads a processor address `w.v` (optionally written `Pw.v`) or a bus label
    /// `Bw.v`. In a completed lens `.w` and `w.` are the same processor, `B.w` and `Bw.`
    /// the same bus.
    ///
    /// # Errors
    /// [`LensAddressError`]: empty text, no dot or two dots, a digit too large for its
    /// side of the dot, not n digits, or (uncompleted lens) a processor with no digit
    /// before its dot or a bus with none after it.
    pub fn parse_address(&self, text: &str) -> Result<Node, LensAddressError> {
        let text = text.trim();
        let example = || icn_graph::Addresses::format_node(self, 0);
        if text.is_empty() {
            return Err(LensAddressError::Empty {
                n: self.n,
                example: example(),
            });
        }
        let (bus, body, offset) = match text.chars().next() {
            Some('B') => (true, &text[1..], 1),
            Some('P') => (false, &text[1..], 1),
            _ => (false, text, 0),
        };
        let chars: Vec<char> = body.chars().collect();
        let dots: Vec<usize> = (0..chars.len()).filter(|&i| chars[i] == '.').collect();
        let dot_index = match dots.as_slice() {
            [] => {
                return Err(LensAddressError::NoDot {
                    address: text.to_string(),
                    example: example(),
                })
            }
            [d] => *d,
            [first, second, ..] => {
                return Err(LensAddressError::TwoDots {
                    first: first + offset + 1,
                    second: second + offset + 1,
                })
            }
        };
        // Digits before the dot are base p − 1, after it q − 1.
        let mut d = Vec::with_capacity(self.n);
        for (i, &ch) in chars.iter().enumerate() {
            if i == dot_index {
                continue;
            }
            let before = i < dot_index;
            let radix = if before { self.p - 1 } else { self.q - 1 };
            match ch.to_digit(36).filter(|&x| x < radix) {
                Some(x) => d.push(x),
                None => {
                    return Err(LensAddressError::BadDigit {
                        ch,
                        position: i + offset + 1,
                        radix,
                        allowed: allowed(radix),
                        side: if before { "before" } else { "after" },
                    })
                }
            }
        }
        if d.len() != self.n {
            return Err(LensAddressError::WrongLength {
                address: text.to_string(),
                got: d.len(),
                want: self.n,
            });
        }
        let position = dot_index + offset + 1;
        let node = if bus {
            if dot_index == self.n && !self.completed {
                return Err(LensAddressError::DotOutOfRange {
                    position,
                    why: "a bus label has at least one digit after its dot \
                          (in a completed lens Bw. is the bus B.w)",
                });
            }
            self.bus(&d, dot_index)
        } else {
            if dot_index == 0 && !self.completed {
                return Err(LensAddressError::DotOutOfRange {
                    position,
                    why: "a processor address has at least one digit before its dot \
                          (in a completed lens .w is the processor w.)",
                });
            }
            self.processor(&d, dot_index)
        };
        // Every digit was checked against its radix, so the node exists.
        node.ok_or(LensAddressError::WrongLength {
            address: text.to_string(),
            got: d.len(),
            want: self.n,
        })
    }
}
