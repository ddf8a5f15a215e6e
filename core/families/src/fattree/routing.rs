//! The fat tree's routing relations: up*/down* through the nearest common ancestors,
//! every shortest path, and d-mod-k (one up-port per destination).
//!
//! Up*/down*: a path climbs, then descends. From `a` to `b` it climbs to a common ancestor
//! at the deepest level possible, lo of [`FatTree::span`], then descends along the one
//! path to `b`. Each step up from level j + 1 to j rewrites digit j; it is free while
//! j < b.level (the descent rewrites it again) and must take b's digit j otherwise. So
//! the number of paths is k^(min(a.level, b.level, n − 1) − lo): between two processors
//! whose first difference is digit m, k^(n − 1 − m), one per nearest common ancestor.
//! Between two switches that have no common ancestor (they differ in a digit below both)
//! there is no up*/down* path, and the relation offers none.
//!
//! An up*/down* path is a shortest path, and when one exists every shortest path is one
//! (the walk must reach level lo and return, monotone both ways to be that short); so
//! `updown` and `minimal` offer the same paths wherever `updown` offers any, which
//! core/tests/fattree.rs checks against breadth-first search.

use num_bigint::BigUint;

use icn_graph::{Node, Orbits, Routing};

use super::{FatTree, Place};
use icn_graph::Graph;
use icn_graph::RouteSymmetry;

/// The routing strategies of a fat tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FatTreeRouting {
    /// Up*/down*: up to any nearest common ancestor, then the one way down.
    UpDown,
    /// Every shortest path (the closed-form distance decides).
    Minimal,
    /// D-mod-k: going up from level j + 1, the parent whose digit j is the
    /// destination's digit j + 1 (d mod k at the leaf, ⌊d/k⌋ mod k above, …): one path.
    DModK,
}

/// A [`FatTreeRouting`] bound to its tree.
#[derive(Debug, Clone, Copy)]
pub struct FatTreeRouter<'a> {
    tree: &'a FatTree,
    kind: FatTreeRouting,
}

impl FatTree {
    /// A routing relation of this tree.
    pub fn routing(&self, kind: FatTreeRouting) -> FatTreeRouter<'_> {
        FatTreeRouter { tree: self, kind }
    }

    /// The number of up*/down* paths from `a` to `b` (0 when there is none).
    pub fn up_down_paths(&self, a: Place, b: Place) -> BigUint {
        if a == b {
            return BigUint::from(1u32);
        }
        if !self.has_up_down(a, b) {
            return BigUint::default();
        }
        let (lo, _) = self.span(a, b);
        let free = a.level.min(b.level).min(self.n - 1) - lo;
        BigUint::from(self.k).pow(free)
    }

    /// The digit d-mod-k climbs with from level `level`: the destination's digit
    /// `level` (a switch destination has no digit n − 1: 0 there).
    fn dmodk_digit(&self, dst: Place, level: u32) -> u32 {
        if dst.level == self.n {
            self.digit_of(dst.word, self.n, level)
        } else if level + 1 < self.n {
            self.digit_of(dst.word, self.n - 1, level)
        } else {
            0
        }
    }
}

impl FatTreeRouter<'_> {
    /// The strategy.
    pub fn kind(&self) -> FatTreeRouting {
        self.kind
    }

    /// Up*/down* and d-mod-k next hops.
    fn up_down_hops(&self, at: Place, dst: Place, out: &mut Vec<Node>) {
        let t = self.tree;
        if !t.has_up_down(at, dst) {
            return;
        }
        let (lo, _) = t.span(at, dst);
        if lo == at.level {
            // `at` is an ancestor of dst: the one child towards it.
            if at.level + 1 == t.n {
                out.push(t.node(dst));
            } else {
                let d = t.switch_digit(dst, at.level);
                let word = t.with_digit(at.word, t.n - 1, at.level, d);
                out.push(t.node(Place {
                    level: at.level + 1,
                    word,
                }));
            }
            return;
        }
        if at.level == t.n {
            t.parents(at, out);
            return;
        }
        // Climbing from level j + 1 rewrites digit j.
        let j = at.level - 1;
        let digit = if j >= dst.level {
            Some(t.switch_digit(dst, j))
        } else if self.kind == FatTreeRouting::DModK {
            Some(t.dmodk_digit(dst, at.level))
        } else {
            None
        };
        match digit {
            Some(d) => out.push(t.node(Place {
                level: j,
                word: t.with_digit(at.word, t.n - 1, j, d),
            })),
            None => t.parents(at, out),
        }
    }
}

impl Routing for FatTreeRouter<'_> {
    fn next_hops(&self, at: Node, dst: Node, out: &mut Vec<Node>) {
        if at == dst {
            return;
        }
        let t = self.tree;
        let (a, b) = (t.place(at), t.place(dst));
        match self.kind {
            FatTreeRouting::Minimal => {
                let here = t.place_distance(a, b);
                let start = out.len();
                t.neighbours(at, out);
                let mut keep = start;
                for i in start..out.len() {
                    let v = out[i];
                    if t.place_distance(t.place(v), b) + 1 == here {
                        out[keep] = v;
                        keep += 1;
                    }
                }
                out.truncate(keep);
            }
            FatTreeRouting::UpDown | FatTreeRouting::DModK => self.up_down_hops(a, b, out),
        }
    }

    fn follows_distances(&self) -> bool {
        self.kind == FatTreeRouting::Minimal
    }

    /// Up*/down* paths: k^(min(levels, n − 1) − lo), or none; d-mod-k: one, or none;
    /// minimal: as up*/down* where that has a path (the same paths), else unknown.
    fn path_count(&self, src: Node, dst: Node) -> Option<BigUint> {
        let t = self.tree;
        let (a, b) = (t.place(src), t.place(dst));
        match self.kind {
            FatTreeRouting::UpDown => Some(t.up_down_paths(a, b)),
            FatTreeRouting::DModK => Some(BigUint::from(u32::from(a == b || t.has_up_down(a, b)))),
            FatTreeRouting::Minimal => {
                (a == b || t.has_up_down(a, b)).then(|| t.up_down_paths(a, b))
            }
        }
    }

    fn symmetry(&self) -> Option<&dyn RouteSymmetry> {
        Some(self)
    }
}

impl RouteSymmetry for FatTreeRouter<'_> {
    /// Up*/down* and minimal routing commute with the digit-wise translations (they
    /// compare digits for equality and copy them); d-mod-k does not (it copies the
    /// destination's digit j + 1 into digit j).
    fn orbits(&self) -> Option<Box<dyn Orbits + '_>> {
        match self.kind {
            FatTreeRouting::UpDown | FatTreeRouting::Minimal => Some(Box::new(self.tree.orbits())),
            FatTreeRouting::DModK => None,
        }
    }
}
