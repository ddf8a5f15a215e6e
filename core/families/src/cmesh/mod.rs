//! The concentrated mesh as BookSim2 builds it (`topology = cmesh`, its
//! `src/networks/cmesh.cpp`; Balfour and Dally, "Design tradeoffs for tiled CMP on-chip
//! networks", ICS 2006).
//!
//! A k × k grid of routers, router `(y,x)` numbered `y·k + x` (BookSim2's `router_y_x`),
//! each serving a 2 × 2 block of terminal tiles: the chip is a 2k × 2k grid of tiles,
//! numbered row by row, and router `(y,x)` serves tiles `(2y + i, 2x + j)` for
//! i, j ∈ {0, 1}, slot `2i + j` of the router ([`CMesh::endpoint`]). Each router has four
//! network ports, +x, −x, +y, −y in that order: inside the grid they lead to the mesh
//! neighbour; at the edge, where a mesh has none, they are **express channels** joining
//! the edge's routers k/2 apart (router `(y,0)`'s −x port to `(y ± k/2, 0)`, `(y,k−1)`'s
//! +x port to `(y ± k/2, k−1)`, `(0,x)`'s −y port to `(0, x ± k/2)`, `(k−1,x)`'s +y
//! port to `(k−1, x ± k/2)`). So every router has degree 4 and the network 2k² links.
//!
//! BookSim2 asserts c = 4 and n = 2 (its port and endpoint arithmetic holds for nothing
//! else), so the one parameter is k, even (k/2 apart must pair the edge's routers) and
//! at least 4 (at k = 2 an express channel would double a mesh link).
//!
//! Under `use_noc_latency` (BookSim2's default) a mesh channel takes 2 cycles (a
//! router's block is 2 tiles wide) and an express channel k (half the chip's 2k tiles):
//! [`CMesh::tiles`].

mod family;
mod routing;

pub use family::CMESH;
pub use routing::{CMeshRouter, CMeshRouting};

use icn_graph::error::{AddressError, ParamError};
use icn_graph::spec::{parse_number, Spec};
use icn_graph::{Addresses, Graph};
use icn_graph::{Node, Topology};

use crate::torus::address::{format_tuple, parse_tuple};

/// The largest k: 4096² routers, 4·4096² terminals.
pub const MAX_K: u32 = 4096;

/// Terminals per router (BookSim2's c, which it fixes at 4).
pub const CONCENTRATION: u32 = 4;

/// A network port's direction, in BookSim2's port order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Port {
    /// +x (towards larger x).
    PlusX,
    /// −x.
    MinusX,
    /// +y.
    PlusY,
    /// −y.
    MinusY,
}

impl Port {
    /// The four, in BookSim2's port order.
    pub const ALL: [Port; 4] = [Port::PlusX, Port::MinusX, Port::PlusY, Port::MinusY];
}

/// A validated concentrated mesh: k × k routers, 4 terminals each. Construct with
/// [`CMesh::new`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CMesh {
    k: u32,
}

impl CMesh {
    /// The k × k concentrated mesh.
    ///
    /// # Errors
    /// k odd, below 4 or above [`MAX_K`].
    pub fn new(k: u64) -> Result<Self, ParamError> {
        if !(4..=u64::from(MAX_K)).contains(&k) || k % 2 == 1 {
            return Err(ParamError::OutOfRange {
                key: "k".into(),
                value: k,
                allowed: format!(
                    "k (routers per row) is even, 4 to {MAX_K}: express channels join the \
                     edge's routers k/2 apart"
                ),
            });
        }
        Ok(CMesh { k: k as u32 })
    }

    /// Reads `cmesh:k=…`.
    ///
    /// # Errors
    /// A key other than k, k missing, or k out of range.
    pub fn from_spec(spec: &Spec) -> Result<Self, ParamError> {
        spec.check_keys("cmesh", &["k"], &[], "k (routers per row, even, e.g. k=4)")?;
        let k = spec.value("k").ok_or(ParamError::Missing {
            family: "cmesh",
            key: "k",
            help: "routers per row, even, e.g. k=4",
        })?;
        Self::new(parse_number("k", k)?)
    }

    /// The canonical spec.
    pub fn spec_string(&self) -> String {
        format!("cmesh:k={}", self.k)
    }

    /// Routers per row (and per column), k.
    pub fn k(&self) -> u32 {
        self.k
    }

    /// Router `(y, x)`'s coordinates.
    pub fn coords(&self, v: Node) -> (u32, u32) {
        let k = self.k as usize;
        ((v / k) as u32, (v % k) as u32)
    }

    fn node(&self, y: u32, x: u32) -> Node {
        y as usize * self.k as usize + x as usize
    }

    /// The edge partner k/2 along the edge: `i + k/2` in the first half, `i − k/2` in
    /// the second.
    fn across(&self, i: u32) -> u32 {
        let h = self.k / 2;
        if i < h {
            i + h
        } else {
            i - h
        }
    }

    /// The router port `p` of `v` leads to, and whether that channel is an express one.
    pub fn through(&self, v: Node, p: Port) -> (Node, bool) {
        let (y, x) = self.coords(v);
        let last = self.k - 1;
        match p {
            Port::PlusX if x == last => (self.node(self.across(y), x), true),
            Port::PlusX => (self.node(y, x + 1), false),
            Port::MinusX if x == 0 => (self.node(self.across(y), x), true),
            Port::MinusX => (self.node(y, x - 1), false),
            Port::PlusY if y == last => (self.node(y, self.across(x)), true),
            Port::PlusY => (self.node(y + 1, x), false),
            Port::MinusY if y == 0 => (self.node(y, self.across(x)), true),
            Port::MinusY => (self.node(y - 1, x), false),
        }
    }

    /// Whether u → v is an express channel (u and v linked, on one edge, k/2 apart).
    pub fn express(&self, u: Node, v: Node) -> bool {
        Port::ALL.iter().any(|&p| self.through(u, p) == (v, true))
    }

    /// The length of channel u → v in terminal tiles, BookSim2's cycles under
    /// `use_noc_latency`: 2 along the mesh, k on an express channel.
    pub fn tiles(&self, u: Node, v: Node) -> u32 {
        if self.express(u, v) {
            self.k
        } else {
            2
        }
    }

    /// BookSim2's number of the terminal in `slot` (`2i + j`) of router `(y, x)`: tile
    /// `(2y + i, 2x + j)` of the 2k × 2k chip, row by row.
    pub fn endpoint(&self, v: Node, slot: u32) -> u32 {
        let (y, x) = self.coords(v);
        let (i, j) = (slot / 2, slot % 2);
        (2 * y + i) * 2 * self.k + 2 * x + j
    }

    /// The router serving BookSim2's terminal `e`, and its slot there.
    pub fn router_of(&self, e: u32) -> (Node, u32) {
        let (row, col) = (e / (2 * self.k), e % (2 * self.k));
        (self.node(row / 2, col / 2), 2 * (row % 2) + col % 2)
    }
}

impl Graph for CMesh {
    fn node_count(&self) -> usize {
        self.k as usize * self.k as usize
    }

    fn neighbours(&self, v: Node, out: &mut Vec<Node>) {
        out.extend(Port::ALL.iter().map(|&p| self.through(v, p).0));
    }

    /// 2k²: four ports a router, each link two of them.
    fn link_count(&self) -> u64 {
        2 * u64::from(self.k) * u64::from(self.k)
    }
}

impl Addresses for CMesh {
    fn format_node(&self, v: Node) -> String {
        let (y, x) = self.coords(v);
        format_tuple(&[y, x])
    }

    fn parse_node(&self, text: &str) -> Result<Node, AddressError> {
        let d = parse_tuple(text, &[self.k, self.k])?;
        Ok(self.node(d[0], d[1]))
    }
}

impl Topology for CMesh {
    fn terminal_degree_range(&self) -> Option<(u64, u64)> {
        Some((4, 4))
    }
}
