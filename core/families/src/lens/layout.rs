//! §7 of the paper (Figures 3 and 4): the Lens as a multistage network. Row j (j = 1 … n)
//! holds the *exchange groups* that rewrite digit j: each group is the q − 1 busses with
//! their dot after digit j − 1 and the p − 1 processors with their dot after digit j that
//! agree on every digit but j, joined as a complete bipartite graph. A processor of row j
//! also meets the bus of the same label in row j + 1; in a completed lens the processors
//! `w.` of row n meet the central busses `B.w` of row 1 (the paper's dotted lines).
//!
//! Within row j the groups are ordered by their other digits read cyclically from digit
//! j + 1 (j + 1, …, n, 1, …, j − 1, digit j + 1 most significant), and a group's members
//! by digit j. A node's column is then its digits rotated so that digit j comes last, as
//! one mixed-radix number. Going down one row rotates the digits by one more place, so
//! the links between rows are exactly a perfect shuffle [Stone 71]: with p = q and
//! r = p − 1, column c of a row's processors meets column (c · r) mod (rⁿ − 1) of the next
//! row's busses (rⁿ − 1 stays put), and the completion links are the same shuffle from
//! the last row back to the first.
//!
//! ```text
//!   row 1   ▭ ▭   ▭ ▭   ▭ ▭   ▭ ▭        busses B.v   (dot 0)
//!           |X|   |X|   |X|   |X|        exchange groups: digit 1
//!           ○ ○   ○ ○   ○ ○   ○ ○        processors a.v (dot 1)
//!            perfect shuffle
//!   row 2   ▭ ▭   ▭ ▭   ▭ ▭   ▭ ▭        busses Ba.v  (dot 1)
//!   …
//!   row n   ○ ○   ○ ○   ○ ○   ○ ○        processors w. (dot n) ⋯ completion ⋯> row 1
//! ```

use serde::Serialize;

use super::{Lens, NodeKind};
use icn_graph::Graph;
use icn_graph::Node;

/// Where one processor or bus sits in the multistage picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct StagePlace {
    /// The row, 1 ..= n: the digit its exchange group rewrites (a processor's dot
    /// position, a bus's dot position plus one).
    pub row: usize,
    /// Processor (the lower half of the row) or bus (the upper half).
    pub kind: NodeKind,
    /// The exchange group, 0-based from the left of the row.
    pub group: usize,
    /// The place in the group: the value of digit `row`.
    pub slot: usize,
    /// Left to right among the row's nodes of the same kind: group · size + slot.
    pub column: usize,
}

/// What a link of the picture is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum StageLinkKind {
    /// Inside an exchange group (a bus and a processor of the same row).
    Exchange,
    /// A processor of row j and the bus of the same label in row j + 1.
    Shuffle,
    /// Completed lens: processor `w.` of row n and bus `B.w` of row 1 (dotted).
    Completion,
}

/// One processor-bus link of the picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct StageLink {
    /// The processor.
    pub processor: Node,
    /// The bus.
    pub bus: Node,
    /// Its role.
    pub kind: StageLinkKind,
}

/// The multistage picture of a Lens: every node's place and every link's role.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StageLayout {
    /// The number of rows, n.
    pub rows: usize,
    /// Processors per exchange group, p − 1.
    pub group_processors: usize,
    /// Busses per exchange group, q − 1.
    pub group_busses: usize,
    /// Exchange groups in row j at index j − 1: (p − 1)^(j−1) · (q − 1)^(n−j).
    pub groups: Vec<usize>,
    /// Every node's place, by node index.
    pub places: Vec<StagePlace>,
    /// Every link once, processors in index order.
    pub links: Vec<StageLink>,
}

impl Lens {
    /// Where node `v` sits in the multistage picture (see [`Lens::stage_layout`]).
    ///
    /// # Complexity
    /// O(n).
    pub fn stage_place(&self, v: Node) -> StagePlace {
        let n = self.n;
        let kind = self.kind(v);
        let row = match kind {
            NodeKind::Processor => self.dot(v),
            NodeKind::Bus => self.dot(v) + 1,
        };
        let d = self.digits(v);
        // Digits left of `row` are base p − 1 (before the dot of both the row's busses
        // and processors), digits right of it base q − 1.
        let radix = |i: usize| if i < row { self.p - 1 } else { self.q - 1 } as usize;
        let group = (row + 1..=n)
            .chain(1..row)
            .fold(0, |acc, i| acc * radix(i) + d[i - 1] as usize);
        let slot = d[row - 1] as usize;
        let size = match kind {
            NodeKind::Processor => self.p - 1,
            NodeKind::Bus => self.q - 1,
        } as usize;
        StagePlace {
            row,
            kind,
            group,
            slot,
            column: group * size + slot,
        }
    }

    /// The paper's §7 picture as data: rows of exchange groups joined by perfect
    /// shuffles, the completion links of a completed lens, and every node's place.
    ///
    /// # Complexity
    /// O((N + E) · n).
    pub fn stage_layout(&self) -> StageLayout {
        let (n, p1, q1) = (self.n, self.p as usize - 1, self.q as usize - 1);
        let places = (0..self.node_count())
            .map(|v| self.stage_place(v))
            .collect();
        let mut links = Vec::with_capacity(self.link_formula() as usize);
        let mut busses = Vec::new();
        for v in 0..self.processors {
            let dot = self.dot(v);
            busses.clear();
            self.neighbours(v, &mut busses);
            for &b in &busses {
                let kind = match self.dot(b) {
                    d if d + 1 == dot => StageLinkKind::Exchange,
                    d if d == dot => StageLinkKind::Shuffle,
                    _ => StageLinkKind::Completion,
                };
                links.push(StageLink {
                    processor: v,
                    bus: b,
                    kind,
                });
            }
        }
        StageLayout {
            rows: n,
            group_processors: p1,
            group_busses: q1,
            groups: (1..=n)
                .map(|j| p1.pow(j as u32 - 1) * q1.pow((n - j) as u32))
                .collect(),
            places,
            links,
        }
    }
}
