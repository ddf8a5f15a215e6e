//! The k-ary n-tree fat tree (Petrini and Vanneschi, "k-ary n-trees: high performance
//! networks for massively parallel architectures", IPPS 1997).
//!
//! kⁿ processing nodes and n levels of kⁿ⁻¹ switches. A processor is a word of n base-k
//! digits `p₀ p₁ … pₙ₋₁`; a switch is a pair ⟨w, l⟩ of a word of n − 1 digits
//! `w₀ … wₙ₋₂` and a level l, 0 (the roots) to n − 1 (the leaves). The wiring, in the
//! paper's terms:
//!
//! - ⟨w, l⟩ and ⟨w', l + 1⟩ are linked when w and w' agree in every digit but digit l
//!   (which may be anything, equal included): going down from level l, or up to it,
//!   rewrites digit l, so a switch has k children and (below the roots) k parents;
//! - leaf ⟨w, n − 1⟩ is linked to the k processors `w x` (x = 0 … k − 1).
//!
//! Digit positions thus name link layers: layer i joins level i to level i + 1 and is
//! the only place digit i changes (layer n − 1 joins the leaves to the processors). That
//! one fact gives the closed-form distance between any two nodes ([`FatTree::span`]).
//!
//! ```text
//!   k = 2, n = 3          ⟨w, 0⟩:  s0:00  s0:01  s0:10  s0:11     (roots)
//!   node indices:         ⟨w, 1⟩:  s1:00  s1:01  s1:10  s1:11
//!   processors 0 … kⁿ−1   ⟨w, 2⟩:  s2:00  s2:01  s2:10  s2:11     (leaves)
//!   then level by level   p:000 p:001  p:010 p:011  …
//! ```
//!
//! Node indices: processor `p₀…pₙ₋₁` is the base-k number it spells (p₀ most
//! significant), so the k processors of a leaf are consecutive; switch ⟨w, l⟩ is
//! kⁿ + l·kⁿ⁻¹ + (the number w spells). Processors are the terminals.

mod family;
mod routing;
mod symmetry;

pub use family::FATTREE;
pub use routing::{FatTreeRouter, FatTreeRouting};
pub use symmetry::FatTreeOrbits;

use icn_graph::error::{AddressError, ParamError};
use icn_graph::spec::Spec;
use icn_graph::{Addresses, Distances, Graph, Symmetry};
use icn_graph::{Node, Orbits, Topology};

use super::staged::{self, RowNames, Staged};
pub use super::staged::{Place, MAX_ARITY};

/// The fat tree's rows, for address messages.
const ROWS: RowNames = RowNames {
    row: "level",
    first: "the roots",
    last: "the leaves",
};

/// A validated k-ary n-tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FatTree {
    k: u32,
    n: u32,
    /// `pow[j]` = kʲ for j = 0 … n.
    pow: Vec<usize>,
}

impl FatTree {
    /// The k-ary n-tree.
    ///
    /// # Errors
    /// k outside 2 ..= 36, n zero, or more than [`icn_graph::MAX_NODES`] nodes
    /// (kⁿ + n·kⁿ⁻¹).
    pub fn new(k: u64, n: u64) -> Result<Self, ParamError> {
        let pow = staged::powers(k, n, "levels")?;
        Ok(FatTree {
            k: k as u32,
            n: n as u32,
            pow,
        })
    }

    /// Reads `fattree:k=…,n=…`.
    pub fn from_spec(spec: &Spec) -> Result<Self, ParamError> {
        spec.check_keys(
            "fattree",
            &["k", "n"],
            &[],
            "k (the arity, e.g. 4) and n (the levels, e.g. 3)",
        )?;
        let read = |key, help| spec.number("fattree", key, help);
        let k = read(
            "k",
            "the arity: switches have k up- and k down-links, e.g. k=4",
        )?;
        let n = read("n", "the number of switch levels, e.g. n=3")?;
        Self::new(k, n)
    }

    /// The canonical spec.
    pub fn spec_string(&self) -> String {
        format!("fattree:k={},n={}", self.k, self.n)
    }

    /// The arity k.
    pub fn k(&self) -> u32 {
        self.k
    }

    /// The number of switch levels n.
    pub fn n(&self) -> u32 {
        self.n
    }

    /// The processors, kⁿ.
    pub fn processors(&self) -> usize {
        self.pow[self.n as usize]
    }

    /// The switches on each level, kⁿ⁻¹.
    pub fn per_level(&self) -> usize {
        self.pow[self.n as usize - 1]
    }

    /// Where node `v` sits.
    pub fn place(&self, v: Node) -> Place {
        self.staged().place(v)
    }

    /// The node at `place`.
    pub fn node(&self, place: Place) -> Node {
        self.staged().node(place)
    }

    /// The address book.
    fn staged(&self) -> Staged<'_> {
        Staged {
            k: self.k,
            n: self.n,
            pow: &self.pow,
            names: ROWS,
        }
    }

    /// Digit i (0 = most significant) of a word of `len` digits.
    pub(crate) fn digit_of(&self, word: usize, len: u32, i: u32) -> u32 {
        self.staged().digit_of(word, len, i)
    }

    /// `word` (of `len` digits) with digit i set to `d`.
    pub(crate) fn with_digit(&self, word: usize, len: u32, i: u32, d: u32) -> usize {
        self.staged().with_digit(word, len, i, d)
    }

    /// Digit i (i ≤ n − 2) of the switch word of `place`: a processor's is its leaf's.
    pub(crate) fn switch_digit(&self, place: Place, i: u32) -> u32 {
        self.digit_of(self.switch_word(place), self.n - 1, i)
    }

    /// The switch word of a switch, or of a processor's leaf (its first n − 1 digits).
    pub(crate) fn switch_word(&self, place: Place) -> usize {
        if place.level == self.n {
            place.word / self.k as usize
        } else {
            place.word
        }
    }

    /// The interval of levels `[lo, hi]` every walk from `a` to `b` must cover: it runs
    /// from level `a.level` to `b.level`, and for every digit i in which they differ it
    /// crosses link layer i (levels i and i + 1), the only place digit i changes. Any walk
    /// covering it can set every digit, so the distance is the shortest walk on the
    /// line of levels that starts at `a.level`, ends at `b.level` and visits lo and hi.
    pub fn span(&self, a: Place, b: Place) -> (u32, u32) {
        let mut lo = a.level.min(b.level);
        let mut hi = a.level.max(b.level);
        let (wa, wb) = (self.switch_word(a), self.switch_word(b));
        if wa != wb {
            let differs =
                |i: &u32| self.digit_of(wa, self.n - 1, *i) != self.digit_of(wb, self.n - 1, *i);
            let first = (0..self.n - 1).find(differs).unwrap_or(0);
            let last = (0..self.n - 1).rev().find(differs).unwrap_or(0);
            lo = lo.min(first);
            hi = hi.max(last + 1);
        }
        let k = self.k as usize;
        if a.level == self.n && b.level == self.n && a.word % k != b.word % k {
            lo = lo.min(self.n - 1);
        }
        (lo, hi)
    }

    /// Whether an up*/down* path (up links only, then down links only) joins `a` and
    /// `b`: they have a common ancestor. Always between a processor and any node.
    pub fn has_up_down(&self, a: Place, b: Place) -> bool {
        self.span(a, b).1 == a.level.max(b.level)
    }

    /// The distance between two places (see [`FatTree::span`]).
    pub fn place_distance(&self, a: Place, b: Place) -> u32 {
        if a == b {
            return 0;
        }
        let (lo, hi) = self.span(a, b);
        let (x, y) = (a.level, b.level);
        let up_first = (x - lo) + (hi - lo) + (hi - y);
        let down_first = (hi - x) + (hi - lo) + (y - lo);
        up_first.min(down_first)
    }

    /// The links of the tree: kⁿ processor links and (n − 1)·kⁿ between switches.
    pub fn link_formula(&self) -> u64 {
        u64::from(self.n) * self.processors() as u64
    }

    /// The distances from one processor to all the others, summed:
    /// Σⱼ₌₁ⁿ 2j·(k − 1)·kʲ⁻¹ = 2(n·kⁿ⁺¹ − (n + 1)·kⁿ + 1)/(k − 1) (the processors whose
    /// first difference is digit n − j are (k − 1)·kʲ⁻¹, each 2j links away).
    pub fn distance_sum_formula(&self) -> u64 {
        let (k, n) = (self.k as u64, u64::from(self.n));
        let kn = self.processors() as u64;
        2 * (n * kn * k + 1 - (n + 1) * kn) / (k - 1)
    }

    /// The parents of a switch at level ≥ 1, the leaf of a processor (none at the roots).
    pub(crate) fn parents(&self, at: Place, out: &mut Vec<Node>) {
        if at.level == self.n {
            out.push(self.node(Place {
                level: self.n - 1,
                word: at.word / self.k as usize,
            }));
        } else if at.level > 0 {
            for x in 0..self.k {
                let word = self.with_digit(at.word, self.n - 1, at.level - 1, x);
                out.push(self.node(Place {
                    level: at.level - 1,
                    word,
                }));
            }
        }
    }

    /// The children of a switch (processors below a leaf; none below a processor).
    pub(crate) fn children(&self, at: Place, out: &mut Vec<Node>) {
        let k = self.k as usize;
        if at.level + 1 == self.n {
            out.extend((0..k).map(|x| at.word * k + x));
        } else if at.level < self.n {
            for x in 0..self.k {
                let word = self.with_digit(at.word, self.n - 1, at.level, x);
                out.push(self.node(Place {
                    level: at.level + 1,
                    word,
                }));
            }
        }
    }

    /// The group of digit-wise translations, by its orbits.
    pub fn orbits(&self) -> FatTreeOrbits<'_> {
        FatTreeOrbits::new(self)
    }
}

impl Graph for FatTree {
    fn node_count(&self) -> usize {
        self.processors() + self.n as usize * self.per_level()
    }

    fn terminal_count(&self) -> usize {
        self.processors()
    }

    /// Parents first (digit 0 … k − 1), then children.
    fn neighbours(&self, v: Node, out: &mut Vec<Node>) {
        let at = self.place(v);
        self.parents(at, out);
        self.children(at, out);
    }

    fn link_count(&self) -> u64 {
        self.link_formula()
    }
}

impl Addresses for FatTree {
    fn format_node(&self, v: Node) -> String {
        staged::format(&self.staged(), self.place(v))
    }

    fn parse_node(&self, text: &str) -> Result<Node, AddressError> {
        staged::parse(&self.staged(), text).map(|p| self.node(p))
    }
}

impl Topology for FatTree {
    fn distances(&self) -> Option<&dyn Distances> {
        Some(self)
    }

    fn symmetry(&self) -> Option<&dyn Symmetry> {
        Some(self)
    }
}

impl Distances for FatTree {
    fn distance(&self, a: Node, b: Node) -> Option<u32> {
        Some(self.place_distance(self.place(a), self.place(b)))
    }
}

impl Symmetry for FatTree {
    /// Digit-wise translations act transitively on the processors.
    fn terminal_transitive(&self) -> bool {
        true
    }

    fn automorphisms(&self) -> Option<Box<dyn Orbits + '_>> {
        Some(Box::new(self.orbits()))
    }
}
