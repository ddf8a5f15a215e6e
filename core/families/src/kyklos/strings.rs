//! The routing strings of TR-88-27 §V: X = XOR_m(S, D), its slices X_t, the Y-2 strings
//! Y_t and the branch strings D_t.
//!
//! Every string is printed most significant (highest index) first, as in the paper.
//! Y_t is X read in tree t's level order: bit v − 1 of Y_t is X at dimension z_tv. For
//! the proposed shuffle this equals the paper's concatenation
//! Y_t = X(t−1)' cnc … cnc X(t+1)' cnc X_t (checked in the tests), and it extends to
//! every shuffle. D_t is the destination's digits in the same order: the branch taken
//! when descending level v of tree t is digit v − 1 of D_t.

use icn_graph::Node;

use super::Kyklos;

/// X, X_t, Y_t and D_t for one ordered pair of L-nodes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoutingStrings {
    /// S in base m, n digits.
    pub s: String,
    /// D in base m, n digits.
    pub d: String,
    /// X = XOR_m(S, D): 1 where the digits differ.
    pub x: String,
    /// X_0 … X_(r−1), h bits each (proposed shuffle only; empty otherwise).
    pub slices: Vec<String>,
    /// The inverted slices X_t' (proposed shuffle only).
    pub slices_inverted: Vec<String>,
    /// Y_0 … Y_(r−1).
    pub y: Vec<String>,
    /// D_0 … D_(r−1).
    pub d_strings: Vec<String>,
}

impl Kyklos {
    /// X = XOR_m(a, b) as a bit mask: bit g set when digit g of a and b differ.
    pub fn xor_mask(&self, a: Node, b: Node) -> u64 {
        (0..self.n)
            .filter(|&g| self.digit(a, g) != self.digit(b, g))
            .fold(0, |acc, g| acc | 1 << g)
    }

    /// Y_t as a bit mask: bit v − 1 is X at dimension z_tv.
    pub fn y_mask(&self, t: usize, a: Node, b: Node) -> u64 {
        let x = self.xor_mask(a, b);
        (1..=self.n)
            .filter(|&v| x >> self.dimension(t, v) & 1 == 1)
            .fold(0, |acc, v| acc | 1 << (v - 1))
    }

    /// The slice X_t of the proposed shuffle as a mask of h bits: X_t,g = X_(th+g).
    pub fn slice_mask(&self, t: usize, a: Node, b: Node) -> Option<u64> {
        let h = self.h()?;
        Some(self.xor_mask(a, b) >> (h * (t % self.r)) & ((1 << h) - 1))
    }

    /// The §V strings for source `s` and destination `d` (both L-nodes).
    pub fn routing_strings(&self, s: Node, d: Node) -> RoutingStrings {
        let n = self.n;
        let ch = |x: usize| char::from_digit(x as u32, 36).unwrap_or('?');
        let bits = |mask: u64, len: usize| -> String {
            (0..len)
                .rev()
                .map(|g| if mask >> g & 1 == 1 { '1' } else { '0' })
                .collect()
        };
        let x = self.xor_mask(s, d);
        let (slices, slices_inverted) = match self.h() {
            Some(h) => (0..self.r)
                .map(|t| {
                    let sl = x >> (h * t) & ((1 << h) - 1);
                    let text = bits(sl, h);
                    let inv: String = text.chars().rev().collect();
                    (text, inv)
                })
                .unzip(),
            None => (Vec::new(), Vec::new()),
        };
        RoutingStrings {
            s: self.leaf_digits(s),
            d: self.leaf_digits(d),
            x: bits(x, n),
            slices,
            slices_inverted,
            y: (0..self.r).map(|t| bits(self.y_mask(t, s, d), n)).collect(),
            d_strings: (0..self.r)
                .map(|t| {
                    (1..=n)
                        .rev()
                        .map(|v| ch(self.digit(d, self.dimension(t, v))))
                        .collect()
                })
                .collect(),
        }
    }
}

/// How far up each tree a pair's routes go, read off the §V strings (the bits that decide
/// each traversal, for displays that mark them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeDepths {
    /// Per tree t: the levels tree t alone must climb, the highest 1 of Y_t plus one
    /// (0 when S = D); the single-tree route has twice as many hops (§V, M-r).
    pub single_tree: Vec<usize>,
    /// Per tree t: H-r's levels, the highest 1 of the slice X_t plus one (proposed
    /// shuffle only; empty otherwise).
    pub slice: Vec<usize>,
    /// Y-2's start tree (Appendix A, from the destination) and levels(t) per tree
    /// (§VI steps 1-7); `None` where Y-2 is not defined.
    pub y2: Option<(usize, Vec<usize>)>,
}

impl Kyklos {
    /// The traversal depths of the pair `s` → `d` (L-nodes) per tree and strategy.
    pub fn tree_depths(&self, s: Node, d: Node) -> TreeDepths {
        let bitlen = |v: u64| (64 - v.leading_zeros()) as usize;
        TreeDepths {
            single_tree: (0..self.r).map(|t| bitlen(self.y_mask(t, s, d))).collect(),
            slice: (0..self.r)
                .filter_map(|t| self.slice_mask(t, s, d).map(bitlen))
                .collect(),
            y2: self
                .unsupported(super::KyklosRouting::Y2)
                .is_none()
                .then(|| (self.y2_start_tree(d), self.y2_levels(s, d))),
        }
    }
}
