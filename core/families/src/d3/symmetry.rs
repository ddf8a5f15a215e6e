//! D3(K, M)'s symmetry for loads: the cabinet translations `c -> c + x` (mod K) together
//! with one permutation σ of 0 … M−1 applied to drawer and router alike,
//! `(c, d, p) -> (c + x, σd, σp)`.
//!
//! Both kinds of link are preserved: a drawer's complete graph maps onto a drawer's, and
//! the global link `(c, d, p) — (c + a, p, d)` onto `(c + x, σd, σp) — (c + x + a, σp, σd)`.
//! The l-g-l and glgl-direct relations only compare coordinates for equality and copy
//! them, and minimal routing only follows distances, so all three commute with the group.
//!
//! The orbits (exactly, since σ ranges over all of S_M, which is transitive on ordered
//! pairs and triples of distinct values, and the translations on cabinets):
//! - routers: the diagonal ones `(c, p, p)` (K·M) and the others (K·M·(M−1));
//! - local channels `(c, d, p) -> (c, d, p')`: from a diagonal router (d = p), into one
//!   (d = p'), neither;
//! - global channels `(c, d, p) -> (c + a, p, d)`: by the cabinet offset a, and whether
//!   the router is diagonal (then a ≠ 0).

use super::D3;
use icn_graph::{Node, Orbits};

/// [`D3`]'s automorphism group as [`Orbits`].
#[derive(Debug, Clone, Copy)]
pub struct D3Orbits<'a> {
    net: &'a D3,
}

impl D3 {
    /// The group of cabinet translations and drawer/router relabellings, by its orbits.
    pub fn orbits(&self) -> D3Orbits<'_> {
        D3Orbits { net: self }
    }
}

/// Node orbits.
const DIAGONAL: usize = 0;
const OTHER: usize = 1;
/// Local channel orbits; the global ones follow, two per cabinet offset.
const FROM_DIAGONAL: usize = 0;
const INTO_DIAGONAL: usize = 1;
const LOCAL_OTHER: usize = 2;
const GLOBAL: usize = 3;

impl Orbits for D3Orbits<'_> {
    fn destinations(&self) -> Vec<(Node, u64)> {
        let (k, m) = (u64::from(self.net.k), u64::from(self.net.m));
        let mut reps = vec![(0, k * m)];
        if m > 1 {
            // (0, 0, 1).
            reps.push((1, k * m * (m - 1)));
        }
        reps
    }

    fn channel_orbit(&self, u: Node, v: Node) -> usize {
        let (a, b) = (self.net.router(u), self.net.router(v));
        if (a.c, a.d) == (b.c, b.d) {
            if a.d == a.p {
                FROM_DIAGONAL
            } else if a.d == b.p {
                INTO_DIAGONAL
            } else {
                LOCAL_OTHER
            }
        } else {
            let offset = D3::sub(b.c, a.c, self.net.k) as usize;
            GLOBAL + 2 * offset + usize::from(a.d == a.p)
        }
    }

    fn channel_orbit_count(&self) -> usize {
        GLOBAL + 2 * self.net.k as usize
    }

    fn node_orbit(&self, u: Node) -> usize {
        if self.net.is_diagonal(self.net.router(u)) {
            DIAGONAL
        } else {
            OTHER
        }
    }

    fn node_orbit_count(&self) -> usize {
        2
    }

    /// K·M diagonal routers, each with M − 1 local channels and K − 1 global ones (one per
    /// offset a ≠ 0); K·M·(M − 1) others, each with one local channel into the diagonal
    /// router of its drawer, M − 2 other local ones and one global per offset.
    fn channel_orbit_sizes(&self) -> Option<Vec<u64>> {
        let (k, m) = (u64::from(self.net.k), u64::from(self.net.m));
        let (diagonal, other) = (k * m, k * m * (m - 1));
        let mut sizes = vec![diagonal * (m - 1), other, other * m.saturating_sub(2)];
        for a in 0..k {
            sizes.push(other);
            sizes.push(if a == 0 { 0 } else { diagonal });
        }
        Some(sizes)
    }

    fn node_orbit_sizes(&self) -> Option<Vec<u64>> {
        let (k, m) = (u64::from(self.net.k), u64::from(self.net.m));
        Some(vec![k * m, k * m * (m - 1)])
    }
}
