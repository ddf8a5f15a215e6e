//! The aggregates opened in a drawing of a network too large to draw node by node
//! (`open=3,3.5`: a D3's cabinet 3 and its drawer 5; a Hypercycle's blocks by the values of
//! their levels), beside the views that draw aggregates, so that an embed and a shared link
//! show what was open.
//!
//! ```text
//!   open=3,3.5,12      items separated by ',', an item's levels by '.', most significant
//!        │ │   └ cabinet 12          first; the drawing keeps the items that exist in the
//!        │ └ drawer (3,5,*)          network shown and whose parents are open
//!        └ cabinet 3
//! ```
//!
//! Read defensively: at most [`MAX_OPEN`] items, each of at most [`MAX_DEPTH`] levels of at
//! most [`MAX_DIGITS`] digits; an item written any other way is left out, the others kept.

use std::collections::BTreeSet;

use super::View;

/// The aggregates opened: each a list of level values (the type of the drawing's `Open`).
pub type OpenItems = BTreeSet<Vec<u32>>;

/// Most items kept (a drawing shows at most 64 aggregates, each opened at most once).
pub const MAX_OPEN: usize = 64;
/// Most levels of one item.
pub const MAX_DEPTH: usize = 32;
/// Most digits of one level's value (`u32::MAX` has 10; a larger value is left out).
pub const MAX_DIGITS: usize = 10;
/// Longest value of `open=` read (longer ones are cut at an item boundary).
const MAX_CHARS: usize = 4096;

impl View {
    /// Whether the view draws a network's aggregates past what it draws node by node (and
    /// so keeps `open=`; [`ViewDef::DRAWS_AGGREGATES`](super::ViewDef::DRAWS_AGGREGATES)).
    pub fn draws_aggregates(self) -> bool {
        self.facts().draws_aggregates
    }
}

/// One level value: ASCII digits only, 1 to [`MAX_DIGITS`] of them.
fn level(text: &str) -> Option<u32> {
    if text.is_empty() || text.len() > MAX_DIGITS || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// One item: 1 to [`MAX_DEPTH`] level values separated by `.`.
fn item(text: &str) -> Option<Vec<u32>> {
    let parts: Vec<&str> = text.split('.').collect();
    if parts.len() > MAX_DEPTH {
        return None;
    }
    parts.into_iter().map(level).collect()
}

/// Reads `open=`: the items written well, at most [`MAX_OPEN`] of them; nothing for an
/// absent or empty value.
pub fn read_open(value: Option<&str>) -> OpenItems {
    let Some(value) = value else {
        return OpenItems::new();
    };
    let mut out = OpenItems::new();
    let mut read = 0;
    for text in value.split(',') {
        read += text.len() + 1;
        if read > MAX_CHARS + 1 || out.len() == MAX_OPEN {
            break;
        }
        if let Some(it) = item(text) {
            out.insert(it);
        }
    }
    out
}

/// The value of `open=` for `open` (`None` when nothing is open), read back by
/// [`read_open`] as the same items.
pub fn write_open(open: &OpenItems) -> Option<String> {
    let items: Vec<String> = open
        .iter()
        .filter(|it| !it.is_empty())
        .take(MAX_OPEN)
        .map(|it| {
            it.iter()
                .take(MAX_DEPTH)
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(".")
        })
        .collect();
    (!items.is_empty()).then(|| items.join(","))
}
