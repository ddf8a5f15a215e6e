//! A group of automorphisms of the MMS graph, by its orbits, for loads.
//!
//! For t, u, a in GF(q), the map g(t, u, a)
//!
//! ```text
//!   (0, x, y) -> (0, x + u, y + a·(x + u) + t)
//!   (1, m, c) -> (1, m + a, c − m·u + t)
//! ```
//!
//! keeps every link: differences inside a group are unchanged, and y = m·x + c gives
//! y + a(x + u) + t = (m + a)(x + u) + (c − m·u + t). These q³ maps form a group G that
//! is transitive on each subgraph (u, then a·x + t, move (x, y) anywhere; a, then t, move
//! (m, c) anywhere). Its orbits:
//!
//! - nodes: subgraph 0 and subgraph 1 (q² each);
//! - channels inside subgraph s: one orbit per difference d ∈ X (or X'), q² channels
//!   each (G keeps d and reaches every start);
//! - channels 0 → 1: one orbit of q³ (the stabiliser of (0, x, y), t = −a·x, moves
//!   (1, m, y − m·x) to (1, m + a, y − (m + a)·x), so it reaches all q neighbours); the
//!   same for 1 → 0.
//!
//! Minimal routing commutes with every automorphism, so loads need two destinations,
//! `(0,0,0)` and `(1,0,0)`, instead of 2q². Tests compare them with every destination.

use icn_graph::{Node, Orbits};

use super::SlimFly;

/// The orbits of the group G above.
#[derive(Debug, Clone, Copy)]
pub struct SlimFlyOrbits<'a> {
    net: &'a SlimFly,
}

impl<'a> SlimFlyOrbits<'a> {
    /// The orbits of G on `net`.
    pub fn new(net: &'a SlimFly) -> Self {
        SlimFlyOrbits { net }
    }

    fn set_sizes(&self) -> (usize, usize) {
        let (x, x2) = self.net.generator_sets();
        (x.len(), x2.len())
    }
}

impl Orbits for SlimFlyOrbits<'_> {
    fn destinations(&self) -> Vec<(Node, u64)> {
        let q = u64::from(self.net.q());
        vec![
            (self.net.node(0, 0, 0), q * q),
            (self.net.node(1, 0, 0), q * q),
        ]
    }

    fn channel_orbit(&self, u: Node, v: Node) -> usize {
        let (x, x2) = self.set_sizes();
        let ((su, _, yu), (sv, _, yv)) = (self.net.coords(u), self.net.coords(v));
        let d = self.net.field().sub(yu, yv);
        match (su, sv) {
            (0, 0) => self.net.rank_of(0, d).map_or(0, |r| r as usize),
            (1, 1) => x + self.net.rank_of(1, d).map_or(0, |r| r as usize),
            (0, _) => x + x2,
            _ => x + x2 + 1,
        }
    }

    fn channel_orbit_count(&self) -> usize {
        let (x, x2) = self.set_sizes();
        x + x2 + 2
    }

    fn node_orbit(&self, u: Node) -> usize {
        self.net.coords(u).0 as usize
    }

    fn node_orbit_count(&self) -> usize {
        2
    }

    fn channel_orbit_sizes(&self) -> Option<Vec<u64>> {
        let (x, x2) = self.set_sizes();
        let q = u64::from(self.net.q());
        let mut sizes = vec![q * q; x + x2];
        sizes.extend([q * q * q, q * q * q]);
        Some(sizes)
    }

    fn node_orbit_sizes(&self) -> Option<Vec<u64>> {
        let q = u64::from(self.net.q());
        Some(vec![q * q, q * q])
    }
}
