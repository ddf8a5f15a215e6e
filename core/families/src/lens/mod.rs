//! The Lens (Finkel & Solomon, "The Lens Interconnection Strategy", UW–Madison CS TR 387,
//! 1980): processors and busses, at most p processors per bus and q busses per processor.
//!
//! # Nodes
//!
//! Processors **and** busses are nodes of one bipartite graph. A processor's address is
//! the paper's `w.v`: `w` in base p − 1 before the dot, `v` in base q − 1 after it, n
//! digits in all, `w` never empty. A bus carries the label of the proof of Theorem 2,
//! printed with a leading `B`: bus `Bw.av` joins the p − 1 processors `wi.v` (the dot one
//! place further right, any digit i) and the processor `w.av` of the same label.
//!
//! ```text
//!   processor  0 2 1 . 0 2 1 2 0 1 2     n = 10 digits, dot after digit 3
//!              └w: base p−1┘ └v: base q−1┘
//!   bus       B0 2 . 1 0 2 1 2 0 1 2     dot after digit 2 (0 ≤ dot ≤ n − 1)
//! ```
//!
//! Both kinds sit on one line of *half positions* h = 1 … 2n: a processor with its dot
//! after digit k is at h = 2k, a bus with its dot after digit k at h = 2k + 1. A link
//! joins neighbouring half positions; crossing from h = 2j − 1 to 2j (or back) may
//! rewrite digit j, crossing from 2j to 2j + 1 changes nothing. In the **completed**
//! lens (p = q) the line closes into a cycle: processor `w.` (h = 2n) meets bus `B.w`
//! (h = 1), and `w.` and `.w` name the same processor. The canonical forms keep the
//! construction's ranges: processors print with their dot after digit 1 … n (so `w.`,
//! never `.w`), busses with their dot after digit 0 … n − 1 (so `B.w`, never `Bw.`);
//! both spellings parse.
//!
//! Node indices: processors first (dot after digit 1, then 2, …, n; digits as a mixed
//! radix number, digit 1 most significant), then busses (dot after digit 0 … n − 1).
//!
//! # Distances
//!
//! [`Distances::distance`](icn_graph::Distances::distance) and breadth-first search count links of the bipartite graph,
//! so a processor-to-processor distance there is twice the number of busses traversed;
//! [`Lens::processor_distance`] counts busses (the paper's distance).

mod address;
mod analysis;
mod family;
mod layout;
mod loads;
mod symmetry;
mod walk;

pub use address::LensAddressError;
pub use analysis::{
    figure2, CompletedRouting, Figure2, PathClass, RegionChoice, RegionOfDifference, Run,
    SECTION4_EXAMPLE,
};
pub use family::LENS;
pub use layout::{StageLayout, StageLink, StageLinkKind, StagePlace};
pub use loads::ProcessorGraph;
pub use symmetry::{LensDigitOrbits, LensOrbits};
pub use walk::{DigitState, Direction, PathChoice, Pattern, Step, UnknownPathChoice, WalkError};

use icn_graph::error::ParamError;
use icn_graph::spec::{parse_number, Spec};
use icn_graph::RouteSymmetry;
use icn_graph::{Addresses, Distances, Graph, Symmetry};
use icn_graph::{Node, Orbits, Routing, Topology, MAX_NODES};

/// Digits are written with one character each (`0-9`, then `a-z`), so p − 1 ≤ 36.
pub const MAX_PQ: u64 = 37;

/// A validated Lens. Construct with [`Lens::new`] or from a spec.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lens {
    p: u32,
    q: u32,
    n: usize,
    completed: bool,
    /// `start[h - 1]` is the index of the first node at half position h.
    start: Vec<usize>,
    /// (first index, h) in index order, for decoding.
    order: Vec<(usize, usize)>,
    /// `low[j - 1]` = (q − 1)^(n − j): the place value of digit j on both sides of the
    /// link that rewrites it (the digits after j are base q − 1 there).
    low: Vec<usize>,
    processors: usize,
    busses: usize,
}

/// A decoded node: its half position and digits (digit j at `d[j - 1]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Addr {
    pub(crate) h: usize,
    pub(crate) d: Vec<u32>,
}

/// Whether a node is a processor or a bus.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum NodeKind {
    /// A processor, `w.v`.
    Processor,
    /// A bus, `Bw.v`.
    Bus,
}

fn pow(base: u128, exp: usize) -> Option<u128> {
    base.checked_pow(u32::try_from(exp).ok()?)
}

/// Σ_{k ∈ ks} r1^k · r2^(n−k), checked.
fn group_sum(r1: u128, r2: u128, n: usize, ks: std::ops::Range<usize>) -> Option<u128> {
    ks.into_iter().try_fold(0u128, |acc, k| {
        acc.checked_add(pow(r1, k)?.checked_mul(pow(r2, n - k)?)?)
    })
}

impl Lens {
    /// The level-n lens with at most p processors per bus and q busses per processor,
    /// completed (the edge processors joined to the central busses) when `completed`.
    ///
    /// # Errors
    /// p or q outside 3 ..= 37 (digits are base p − 1 and q − 1, one character each),
    /// n = 0, `completed` with p ≠ q or with n = 1 (there the completing links would
    /// repeat existing ones), or more than [`MAX_NODES`] processors and busses together.
    pub fn new(p: u64, q: u64, n: u64, completed: bool) -> Result<Self, ParamError> {
        for (key, v, what) in [
            ("p", p, "processors per bus"),
            ("q", q, "busses per processor"),
        ] {
            if !(3..=MAX_PQ).contains(&v) {
                return Err(ParamError::OutOfRange {
                    key: key.into(),
                    value: v,
                    allowed: format!(
                        "{what}: 3 to {MAX_PQ} (digits are base {key} − 1, one character each)"
                    ),
                });
            }
        }
        if n == 0 {
            return Err(ParamError::OutOfRange {
                key: "n".into(),
                value: n,
                allowed: "the level n is at least 1".into(),
            });
        }
        if completed && p != q {
            return Err(ParamError::OutOfRange {
                key: "q".into(),
                value: q,
                allowed: format!(
                    "a completed lens needs q = p = {p} (the (p−1)ⁿ edge processors are \
                     joined one-to-one to the (q−1)ⁿ central busses)"
                ),
            });
        }
        if completed && n == 1 {
            return Err(ParamError::OutOfRange {
                key: "n".into(),
                value: n,
                allowed: "a completed lens needs n ≥ 2 (at n = 1 processor a. is already on \
                          bus B.a, so completing would double a link)"
                    .into(),
            });
        }
        let (r1, r2) = (u128::from(p - 1), u128::from(q - 1));
        let too_large = |nodes: Option<u128>| ParamError::TooLarge {
            nodes: nodes.unwrap_or(u128::MAX),
            max: MAX_NODES,
        };
        let nu = usize::try_from(n).map_err(|_| too_large(None))?;
        if nu > 64 {
            return Err(too_large(None));
        }
        let procs = group_sum(r1, r2, nu, 1..nu + 1);
        let buses = group_sum(r1, r2, nu, 0..nu);
        let total = procs.zip(buses).and_then(|(a, b)| a.checked_add(b));
        match total {
            Some(t) if t <= u128::from(MAX_NODES) => {}
            other => return Err(too_large(other)),
        }
        let (processors, busses) = match (procs, buses) {
            (Some(a), Some(b)) => (a as usize, b as usize),
            _ => return Err(too_large(None)),
        };
        let mut lens = Lens {
            p: p as u32,
            q: q as u32,
            n: nu,
            completed,
            start: vec![0; 2 * nu],
            order: Vec::with_capacity(2 * nu),
            low: (1..=nu)
                .map(|j| (q as usize - 1).pow((nu - j) as u32))
                .collect(),
            processors,
            busses,
        };
        let mut acc = 0usize;
        let halves: Vec<usize> = (1..=nu)
            .map(|k| 2 * k)
            .chain((0..nu).map(|k| 2 * k + 1))
            .collect();
        for h in halves {
            lens.start[h - 1] = acc;
            lens.order.push((acc, h));
            acc += lens.group_size(h);
        }
        Ok(lens)
    }

    /// Reads `lens:p=4,q=4,n=10` or `lens:p=4,q=4,n=10,completed` (q defaults to p).
    ///
    /// # Errors
    /// Unknown or missing keys, and everything [`Lens::new`] rejects.
    pub fn from_spec(spec: &Spec) -> Result<Self, ParamError> {
        spec.check_keys(
            "lens",
            &["p", "q", "n"],
            &["completed"],
            "p (processors per bus), q (busses per processor), n (level) and the flag completed",
        )?;
        let p = spec.value("p").ok_or(ParamError::Missing {
            family: "lens",
            key: "p",
            help: "processors per bus, e.g. p=4",
        })?;
        let p = parse_number("p", p)?;
        let q = match spec.value("q") {
            Some(q) => parse_number("q", q)?,
            None => p,
        };
        let n = spec.value("n").ok_or(ParamError::Missing {
            family: "lens",
            key: "n",
            help: "the level, the number of address digits, e.g. n=3",
        })?;
        let n = parse_number("n", n)?;
        Self::new(p, q, n, spec.has("completed"))
    }

    /// The canonical spec, e.g. `lens:p=4,q=4,n=10,completed`.
    pub fn spec_string(&self) -> String {
        format!(
            "lens:p={},q={},n={}{}",
            self.p,
            self.q,
            self.n,
            if self.completed { ",completed" } else { "" }
        )
    }

    /// Processors per bus, p.
    pub fn p(&self) -> u32 {
        self.p
    }

    /// Busses per processor, q.
    pub fn q(&self) -> u32 {
        self.q
    }

    /// The level n (digits per address).
    pub fn n(&self) -> usize {
        self.n
    }

    /// Whether the lens is completed.
    pub fn is_completed(&self) -> bool {
        self.completed
    }

    /// The number of processors: Σ_{k=1}^{n} (p−1)^k (q−1)^(n−k), which is n(p−1)ⁿ when
    /// p = q. Processors have indices `0 .. processor_count()`.
    pub fn processor_count(&self) -> usize {
        self.processors
    }

    /// The number of busses: Σ_{k=0}^{n−1} (p−1)^k (q−1)^(n−k) (n(p−1)ⁿ when p = q).
    /// Busses have indices `processor_count() .. node_count()`.
    pub fn bus_count(&self) -> usize {
        self.busses
    }

    /// Processor-bus links: q·P − (p−1)ⁿ (the edge processors lack one bus), or q·P
    /// when completed.
    pub fn link_formula(&self) -> u64 {
        let edge = u64::from(self.p - 1).pow(self.n as u32);
        let full = u64::from(self.q) * self.processors as u64;
        if self.completed {
            full
        } else {
            full - edge
        }
    }

    /// The paper's processor diameter in busses (§4 and §8): 2n uncompleted, ⌊3n/2⌋
    /// completed. These are the pattern-A values; see [`Lens::processor_diameter`].
    pub fn paper_diameter(&self) -> u32 {
        let n = self.n as u32;
        if self.completed {
            3 * n / 2
        } else {
            2 * n
        }
    }

    /// The real processor diameter in busses, pattern B allowed: 2n − 1 uncompleted,
    /// ⌊3n/2⌋ − 1 completed, one less than the paper's (breadth-first search on every
    /// swept lens agrees; docs/paper-notes.md).
    pub fn processor_diameter(&self) -> u32 {
        self.paper_diameter() - 1
    }

    /// Whether `v` is a processor or a bus.
    pub fn kind(&self, v: Node) -> NodeKind {
        if v < self.processors {
            NodeKind::Processor
        } else {
            NodeKind::Bus
        }
    }

    /// Whether `v` is a processor.
    pub fn is_processor(&self, v: Node) -> bool {
        v < self.processors
    }

    /// The dot position of a node: the number of digits before the dot (1 … n for a
    /// processor, 0 … n − 1 for a bus).
    pub fn dot(&self, v: Node) -> usize {
        self.decode(v).h / 2
    }

    /// The digits of a node, digit 1 first.
    pub fn digits(&self, v: Node) -> Vec<u32> {
        self.decode(v).d
    }

    /// The processor with these digits and its dot after digit `dot` (1 ..= n; 0 is
    /// accepted as n in a completed lens). `None` if out of range.
    pub fn processor(&self, digits: &[u32], dot: usize) -> Option<Node> {
        let dot = if dot == 0 && self.completed {
            self.n
        } else {
            dot
        };
        (1..=self.n)
            .contains(&dot)
            .then(|| self.encode_checked(2 * dot, digits))
            .flatten()
    }

    /// The bus with this label and its dot after digit `dot` (0 ..= n − 1; n is accepted
    /// as 0 in a completed lens). `None` if out of range.
    pub fn bus(&self, digits: &[u32], dot: usize) -> Option<Node> {
        let dot = if dot == self.n && self.completed {
            0
        } else {
            dot
        };
        (dot < self.n)
            .then(|| self.encode_checked(2 * dot + 1, digits))
            .flatten()
    }

    /// The distance between two processors in busses traversed (the paper's distance):
    /// half of [`Distances::distance`](icn_graph::Distances::distance).
    ///
    /// # Complexity
    /// O(n).
    pub fn processor_distance(&self, a: Node, b: Node) -> u32 {
        walk::half_distance(self, &self.decode(a), &self.decode(b)) / 2
    }

    /// Every minimal path of the bipartite graph, as a [`Routing`].
    pub fn routing(&self) -> LensRouting<'_> {
        LensRouting { lens: self }
    }

    /// The radix of digit j (1-based) at half position h: p − 1 before the dot, q − 1
    /// after it.
    pub(crate) fn base(&self, h: usize, j: usize) -> u32 {
        if j <= h / 2 {
            self.p - 1
        } else {
            self.q - 1
        }
    }

    fn group_size(&self, h: usize) -> usize {
        (1..=self.n).map(|j| self.base(h, j) as usize).product()
    }

    /// The half position of `v` and its offset in that position's group, without the
    /// digits.
    pub(crate) fn locate(&self, v: Node) -> (usize, usize) {
        let i = self.order.partition_point(|&(s, _)| s <= v) - 1;
        let (first, h) = self.order[i];
        (h, v - first)
    }

    /// Digit j of the node at offset `rest` of half position h, for a digit whose later
    /// digits are all base q − 1 (j ≥ h/2: every digit a link at h can rewrite).
    pub(crate) fn digit_after(&self, h: usize, rest: usize, j: usize) -> u32 {
        ((rest / self.low[j - 1]) % self.base(h, j) as usize) as u32
    }

    pub(crate) fn decode(&self, v: Node) -> Addr {
        let i = self.order.partition_point(|&(s, _)| s <= v) - 1;
        let (s, h) = self.order[i];
        let mut rest = v - s;
        let mut d = vec![0u32; self.n];
        for j in (1..=self.n).rev() {
            let b = self.base(h, j) as usize;
            d[j - 1] = (rest % b) as u32;
            rest /= b;
        }
        Addr { h, d }
    }

    /// The node at half position h (1 ..= 2n) with digits `d` (each below its radix).
    pub(crate) fn encode(&self, h: usize, d: &[u32]) -> Node {
        let mut idx = 0usize;
        for (j, &x) in (1..=self.n).zip(d) {
            idx = idx * self.base(h, j) as usize + x as usize;
        }
        self.start[h - 1] + idx
    }

    fn encode_checked(&self, h: usize, d: &[u32]) -> Option<Node> {
        (d.len() == self.n && (1..=self.n).all(|j| d[j - 1] < self.base(h, j)))
            .then(|| self.encode(h, d))
    }

    /// The half position one step right of h, if any.
    pub(crate) fn right(&self, h: usize) -> Option<usize> {
        if h < 2 * self.n {
            Some(h + 1)
        } else {
            self.completed.then_some(1)
        }
    }

    /// The half position one step left of h, if any.
    pub(crate) fn left(&self, h: usize) -> Option<usize> {
        if h > 1 {
            Some(h - 1)
        } else {
            self.completed.then_some(2 * self.n)
        }
    }
}

impl Graph for Lens {
    fn node_count(&self) -> usize {
        self.processors + self.busses
    }

    /// Processors are the terminals; busses only carry traffic between them.
    fn terminal_count(&self) -> usize {
        self.processors
    }

    /// Index arithmetic, no decoding: the link between h and h ± 1 keeps the label (the
    /// same offset in the next group) or rewrites one digit j, whose place value `low` is
    /// the same on both sides while its radix may change (p − 1 on the processor's side,
    /// q − 1 on the bus's). The order: left, then right,
    /// digit values ascending.
    fn neighbours(&self, v: Node, out: &mut Vec<Node>) {
        let (h, rest) = self.locate(v);
        for (to, rightwards) in [(self.left(h), false), (self.right(h), true)] {
            let Some(to) = to else { continue };
            let (lo, hi) = if rightwards { (h, to) } else { (to, h) };
            if lo % 2 == 1 {
                let j = hi / 2;
                let low = self.low[j - 1];
                let (from_base, to_base) = (self.base(h, j) as usize, self.base(to, j) as usize);
                let high = rest / (low * from_base);
                let below = rest % low;
                let base = self.start[to - 1] + high * to_base * low + below;
                out.extend((0..to_base).map(|x| base + x * low));
            } else {
                out.push(self.start[to - 1] + rest);
            }
        }
    }

    fn link_count(&self) -> u64 {
        self.link_formula()
    }
}

impl Addresses for Lens {
    fn format_node(&self, v: Node) -> String {
        address::format(self, &self.decode(v), None)
    }

    fn parse_node(&self, text: &str) -> Result<Node, icn_graph::AddressError> {
        self.parse_address(text)
            .map_err(|e| e.into_address_error(text))
    }
}

impl Topology for Lens {
    fn distances(&self) -> Option<&dyn Distances> {
        Some(self)
    }

    fn symmetry(&self) -> Option<&dyn Symmetry> {
        Some(self)
    }
}

impl Distances for Lens {
    fn distance(&self, a: Node, b: Node) -> Option<u32> {
        Some(walk::half_distance(self, &self.decode(a), &self.decode(b)))
    }
}

impl Symmetry for Lens {
    /// The completed lens: its rotations and digit relabellings ([`LensOrbits`]) are
    /// transitive on the processors.
    fn terminal_transitive(&self) -> bool {
        self.completed
    }

    /// The completed lens's Theorem 1 group ([`LensOrbits`], one orbit of processors), or
    /// the uncompleted lens's digit relabellings ([`LensDigitOrbits`], one orbit per dot
    /// position).
    fn automorphisms(&self) -> Option<Box<dyn Orbits + '_>> {
        match self.orbits() {
            Some(o) => Some(Box::new(o)),
            None => self
                .digit_orbits()
                .map(|o| Box::new(o) as Box<dyn Orbits + '_>),
        }
    }
}

/// Every minimal path between any two nodes (processors or busses): at each node, the
/// neighbours one link closer by the closed-form distance. Breadth-first search agrees
/// (tests).
#[derive(Debug, Clone, Copy)]
pub struct LensRouting<'a> {
    lens: &'a Lens,
}

impl Routing for LensRouting<'_> {
    fn next_hops(&self, at: Node, dst: Node, out: &mut Vec<Node>) {
        if at == dst {
            return;
        }
        let lens = self.lens;
        let target = lens.decode(dst);
        let here = walk::half_distance(lens, &lens.decode(at), &target);
        let start = out.len();
        lens.neighbours(at, out);
        let mut keep = start;
        for i in start..out.len() {
            let v = out[i];
            if walk::half_distance(lens, &lens.decode(v), &target) + 1 == here {
                out[keep] = v;
                keep += 1;
            }
        }
        out.truncate(keep);
    }

    fn follows_distances(&self) -> bool {
        true
    }

    fn symmetry(&self) -> Option<&dyn RouteSymmetry> {
        Some(self)
    }
}

impl RouteSymmetry for LensRouting<'_> {
    /// Minimal paths follow distances, so the lens's automorphisms commute.
    fn orbits(&self) -> Option<Box<dyn Orbits + '_>> {
        self.lens.automorphisms()
    }
}

#[cfg(test)]
mod tests {
    use super::{Addr, Lens};
    use icn_graph::{Graph, Node};

    /// The neighbours by decoding a node's digits and encoding each neighbour's.
    fn by_digits(lens: &Lens, a: &Addr, out: &mut Vec<Node>) {
        for (to, rightwards) in [(lens.left(a.h), false), (lens.right(a.h), true)] {
            let Some(to) = to else { continue };
            let (lo, hi) = if rightwards { (a.h, to) } else { (to, a.h) };
            if lo % 2 == 1 {
                let j = hi / 2;
                let mut d = a.d.clone();
                for x in 0..lens.base(to, j) {
                    d[j - 1] = x;
                    out.push(lens.encode(to, &d));
                }
            } else {
                out.push(lens.encode(to, &a.d));
            }
        }
    }

    #[test]
    fn index_arithmetic_neighbours_equal_decoded_ones() {
        for (p, q, n, completed) in [
            (3, 3, 3, false),
            (4, 3, 3, false),
            (3, 5, 3, false),
            (6, 4, 2, false),
            (4, 4, 3, true),
            (3, 3, 5, true),
            (5, 3, 1, false),
        ] {
            let lens = Lens::new(p, q, n, completed).expect("valid");
            let (mut fast, mut slow) = (Vec::new(), Vec::new());
            for v in 0..lens.node_count() {
                fast.clear();
                slow.clear();
                lens.neighbours(v, &mut fast);
                by_digits(&lens, &lens.decode(v), &mut slow);
                assert_eq!(fast, slow, "{} node {v}", lens.spec_string());
            }
        }
    }
}
