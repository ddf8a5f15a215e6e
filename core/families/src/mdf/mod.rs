//! The maximal Dragonfly MDF(K, M) (Draper, "The Swapped Dragonfly", §11; Kim et al.).
//!
//! KM + 1 groups (drawers) of M routers; the routers of a group form a complete graph
//! and each router has K global ports, so a group has KM global ports: exactly one
//! link to every other group. A router is `(g, r)`, node index `g·M + r`, printed
//! `(g,r)`.
//!
//! Global ports are assigned consecutively (the arrangement §11 says machines are
//! built with): global port γ of router r of group g is the group's slot
//! j = r·K + γ, and slot j leads to group j if j < g, else to group j + 1 (the groups
//! in order, skipping g). So each slot j maps every group to one of only two groups,
//! j and j + 1 — which is why, as §11 notes, global ports do not permute the groups
//! and source-vector routing is not possible here.

mod family;

pub use family::MDF;

use crate::d3::{check_km, parse_tuple, read_km};
use icn_graph::error::{AddressError, ParamError};
use icn_graph::spec::Spec;
use icn_graph::{Addresses, ChannelPhases, Distances, Graph};
use icn_graph::{Node, Topology};

/// A validated MDF(K, M).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mdf {
    k: u32,
    m: u32,
}

impl Mdf {
    /// MDF(K, M): (KM + 1)·M routers.
    ///
    /// # Errors
    /// K or M zero, or more than [`MAX_NODES`](icn_graph::MAX_NODES) routers.
    pub fn new(k: u64, m: u64) -> Result<Self, ParamError> {
        check_km(k, m, |k, m| {
            k.checked_mul(m)?.checked_add(1)?.checked_mul(m)
        })?;
        Ok(Mdf {
            k: k as u32,
            m: m as u32,
        })
    }

    /// Reads `mdf:k=…,m=…`.
    pub fn from_spec(spec: &Spec) -> Result<Self, ParamError> {
        let (k, m) = read_km(spec, "mdf")?;
        Self::new(k, m)
    }

    /// The canonical spec.
    pub fn spec_string(&self) -> String {
        format!("mdf:k={},m={}", self.k, self.m)
    }

    /// Global ports per router, K.
    pub fn k(&self) -> u32 {
        self.k
    }

    /// Routers per group, M.
    pub fn m(&self) -> u32 {
        self.m
    }

    /// The number of groups, KM + 1.
    pub fn groups(&self) -> u32 {
        self.k * self.m + 1
    }

    /// `(group, router)` of node `v`.
    pub fn coords(&self, v: Node) -> (u32, u32) {
        ((v / self.m as usize) as u32, (v % self.m as usize) as u32)
    }

    /// The node `(g, r)`.
    pub fn node(&self, g: u32, r: u32) -> Node {
        g as usize * self.m as usize + r as usize
    }

    /// The router of group `x` whose global port leads to group `y` (y ≠ x).
    fn router_towards(&self, x: u32, y: u32) -> u32 {
        let slot = if y < x { y } else { y - 1 };
        slot / self.k
    }

    /// The groups router `(g, r)`'s global ports lead to, as two half-open ranges (its
    /// slots rK … rK + K − 1, the groups below g and those above it shifted by one).
    fn peer_groups(&self, g: u32, r: u32) -> [(u32, u32); 2] {
        let (lo, hi) = (r * self.k, (r + 1) * self.k);
        [(lo, hi.min(g)), (lo.max(g) + 1, hi + 1)]
    }

    /// Whether some group x ∉ {g, h} joins `(g, r)` and `(h, s)` through one router of
    /// its own: x is a peer group of both, and x's ports towards g and h are on the same
    /// router. With g < h, which of x's slots lead to g and h depends only on whether x
    /// is below g, between them or above h, so each of the three ranges either has that
    /// router in common for every x or for none; the peers are two ranges each.
    fn two_globals(&self, (g, r): (u32, u32), (h, s): (u32, u32)) -> bool {
        let k = self.k;
        let ranges = [
            (0, g, g > 0 && (g - 1) / k == (h - 1) / k),
            (g + 1, h, g / k == (h - 1) / k),
            (h + 1, self.groups(), g / k == h / k),
        ];
        let (a, b) = (self.peer_groups(g, r), self.peer_groups(h, s));
        ranges.iter().filter(|c| c.2).any(|&(lo, hi, _)| {
            a.iter().any(|&(alo, ahi)| {
                b.iter()
                    .any(|&(blo, bhi)| lo.max(alo).max(blo) < hi.min(ahi).min(bhi))
            })
        })
    }

    /// Where global port `gamma` of router `(g, r)` leads: `(group, router, port)`.
    pub fn global_peer(&self, g: u32, r: u32, gamma: u32) -> (u32, u32, u32) {
        let j = r * self.k + gamma;
        let h = if j < g { j } else { j + 1 };
        let back = if g < h { g } else { g - 1 };
        (h, back / self.k, back % self.k)
    }
}

impl Graph for Mdf {
    fn node_count(&self) -> usize {
        self.groups() as usize * self.m as usize
    }

    /// Local neighbours by router 0 … M−1 (skipping itself), then global ones by port.
    fn neighbours(&self, v: Node, out: &mut Vec<Node>) {
        let (g, r) = self.coords(v);
        for x in (0..self.m).filter(|&x| x != r) {
            out.push(self.node(g, x));
        }
        for gamma in 0..self.k {
            let (h, x, _) = self.global_peer(g, r, gamma);
            out.push(self.node(h, x));
        }
    }

    /// (KM + 1)·M(M−1)/2 local links and (KM + 1)·KM/2 global ones.
    fn link_count(&self) -> u64 {
        let (k, m) = (u64::from(self.k), u64::from(self.m));
        let groups = k * m + 1;
        groups * m * (m - 1) / 2 + groups * k * m / 2
    }
}

impl Addresses for Mdf {
    fn format_node(&self, v: Node) -> String {
        let (g, r) = self.coords(v);
        format!("({g},{r})")
    }

    fn parse_node(&self, text: &str) -> Result<Node, AddressError> {
        let v = parse_tuple(
            text,
            &[("g", self.groups(), "KM+1"), ("r", self.m, "M")],
            "(0,1)",
        )?;
        Ok(self.node(v[0], v[1]))
    }
}

impl Topology for Mdf {
    fn distances(&self) -> Option<&dyn Distances> {
        Some(self)
    }

    fn channel_phases(&self) -> Option<&dyn ChannelPhases> {
        Some(self)
    }
}

impl Distances for Mdf {
    /// In closed form (diameter 3): one link within a group; between groups g and h,
    /// the one global link g–h with a local hop at either end where needed (1, 2 or 3),
    /// or 2 through a third group whose one router has links to both ends
    /// ([`Mdf::two_globals`]). O(1), where a breadth-first search visits every link.
    /// Checked against breadth-first search on every pair of a sweep of small MDFs
    /// (core/tests/d3.rs).
    fn distance(&self, a: Node, b: Node) -> Option<u32> {
        if a == b {
            return Some(0);
        }
        let (mut u, mut v) = (self.coords(a), self.coords(b));
        if u.0 == v.0 {
            return Some(1);
        }
        if u.0 > v.0 {
            std::mem::swap(&mut u, &mut v);
        }
        let near_u = u.1 == self.router_towards(u.0, v.0);
        let near_v = v.1 == self.router_towards(v.0, u.0);
        Some(if near_u && near_v {
            1
        } else if near_u || near_v || self.two_globals(u, v) {
            2
        } else {
            3
        })
    }
}

impl ChannelPhases for Mdf {
    /// Global links (between groups) end a phase of l-g-l routing.
    fn phase_boundary(&self, u: Node, v: Node) -> bool {
        self.coords(u).0 != self.coords(v).0
    }
}
