//! HyperX (Ahn, Binkert, Davis, McLaren and Schreiber, "HyperX: topology, routing, and
//! packaging of efficient large-scale networks", SC 2009) and the flattened butterfly
//! (Kim, Dally and Abts, "Flattened butterfly: a cost-efficient topology for high-radix
//! networks", ISCA 2007).
//!
//! A switch is a tuple `(x₁,…,x_L)` over S₁ × … × S_L, most significant first (numbered
//! as the torus's [`Product`]); two switches are linked when they differ in exactly one
//! coordinate, whatever the two values: every dimension is a complete graph. Each switch
//! also serves T terminals ([`Family::concentration`](crate::family::Family)); the graph
//! here is the switches'. Trunking is K = 1 (one link per pair of switches).
//!
//! The k-ary n-flat is the HyperX with L = n − 1 dimensions of S = k switches and T = k
//! terminals per switch; it has its own spec (`flatfly:k=…,n=…`) and prints as such.
//!
//! With the flag `onchip` (n = 3, k = r² a square) it is BookSim2's on-chip flattened
//! butterfly (`topology = flatfly`, its `flatfly_onchip.cpp`): the k × k routers on a chip
//! of kr × kr terminal tiles, each router serving an r × r block of them. Router `(x,y)`
//! (node x·k + y: the first digit is BookSim2's x, so `dor` corrects x first, as its
//! `ran_min`) is BookSim2's router y·k + x, and its slot s = i·r + j is BookSim2's
//! terminal (r·y + i)·kr + r·x + j ([`HyperX::chip_endpoint`]); a channel's length is its
//! span in tiles, r·(|Δx| + |Δy|) ([`HyperX::chip_tiles`]), BookSim2's cycles under
//! `use_noc_latency`.
//! HyperX is the Hypercycle with every ρᵢ = ⌊Sᵢ/2⌋ (every pair of a dimension linked).

mod family;

pub use family::{FLATFLY, HYPERX};

use crate::torus::product::{product_topology, Factor, GridRouting, Product};
use crate::torus::GridRouter;
use icn_graph::error::ParamError;
use icn_graph::spec::{parse_number, parse_vector, Spec};
use icn_graph::{Node, MAX_NODES};

/// The largest number of switches in one HyperX dimension (a switch has Σ (Sᵢ − 1)
/// network ports).
pub const MAX_SIZE: u32 = 256;

/// The largest number of terminals per switch.
pub const MAX_TERMINALS: u32 = 256;

/// A validated HyperX (or flattened butterfly). Construct with [`HyperX::new`] or
/// [`HyperX::flattened_butterfly`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HyperX {
    grid: Product,
    /// Terminals per switch, T.
    terminals: u32,
    /// Printed as `flatfly:k=…,n=…` with this n.
    flat: Option<u32>,
    /// BookSim2's on-chip layout (`onchip`): the side r of each router's block of tiles.
    chip: Option<u32>,
}

product_topology!(HyperX);

impl HyperX {
    /// The HyperX with S = `s` switches per dimension (most significant first) and `t`
    /// terminals per switch.
    ///
    /// # Errors
    /// No dimension, an Sᵢ outside 2 ..= [`MAX_SIZE`], T outside 1 ..= [`MAX_TERMINALS`],
    /// or more than [`MAX_NODES`] switches.
    pub fn new(s: &[u64], t: u64) -> Result<Self, ParamError> {
        let grid = Product::new(Factor::Complete, s, "s", MAX_SIZE)?;
        if !(1..=u64::from(MAX_TERMINALS)).contains(&t) {
            return Err(ParamError::OutOfRange {
                key: "t".into(),
                value: t,
                allowed: format!("1 to {MAX_TERMINALS} terminals per switch"),
            });
        }
        Ok(HyperX {
            grid,
            terminals: t as u32,
            flat: None,
            chip: None,
        })
    }

    /// The k-ary n-flat: k^(n−1) routers, all-to-all in each of n − 1 dimensions of k,
    /// k terminals each.
    ///
    /// # Errors
    /// k outside 2 ..= [`MAX_SIZE`], n < 2, or more than [`MAX_NODES`] routers.
    pub fn flattened_butterfly(k: u64, n: u64) -> Result<Self, ParamError> {
        if !(2..=u64::from(MAX_SIZE)).contains(&k) {
            return Err(ParamError::OutOfRange {
                key: "k".into(),
                value: k,
                allowed: format!("k (the radix of the butterfly) is 2 to {MAX_SIZE}"),
            });
        }
        if n < 2 {
            return Err(ParamError::OutOfRange {
                key: "n".into(),
                value: n,
                allowed: "n (the stages of the butterfly) is at least 2".into(),
            });
        }
        // k ≥ 2, so more than 31 dimensions exceed MAX_NODES whatever k is.
        let dims = n - 1;
        let routers = if dims > 31 {
            None
        } else {
            u128::from(k).checked_pow(dims as u32)
        };
        match routers {
            Some(r) if r <= u128::from(MAX_NODES) => {}
            other => {
                return Err(ParamError::TooLarge {
                    nodes: other.unwrap_or(u128::MAX),
                    max: MAX_NODES,
                })
            }
        }
        let mut net = Self::new(&vec![k; dims as usize], k)?;
        net.flat = Some(n as u32);
        Ok(net)
    }

    /// Reads `hyperx:s=…,t=…` (T defaults to 1) or `flatfly:k=…,n=…`.
    pub fn from_spec(spec: &Spec) -> Result<Self, ParamError> {
        if spec.family == "flatfly" {
            spec.check_keys(
                "flatfly",
                &["k", "n"],
                &["onchip"],
                "k (the radix) and n (the stages), e.g. k=4,n=3, and the flag onchip",
            )?;
            let get = |key: &'static str, help: &'static str| {
                let v = spec.value(key).ok_or(ParamError::Missing {
                    family: "flatfly",
                    key,
                    help,
                })?;
                parse_number(key, v)
            };
            let k = get("k", "the radix, e.g. k=4")?;
            let n = get("n", "the stages of the butterfly, e.g. n=3")?;
            let net = Self::flattened_butterfly(k, n)?;
            return if spec.has("onchip") {
                net.on_chip()
            } else {
                Ok(net)
            };
        }
        spec.check_keys(
            "hyperx",
            &["s", "t"],
            &[],
            "s (switches per dimension, e.g. 4x4x3) and t (terminals per switch)",
        )?;
        let s = spec.value("s").ok_or(ParamError::Missing {
            family: "hyperx",
            key: "s",
            help: "the switches per dimension, e.g. s=4x4x3",
        })?;
        let s = parse_vector("s", s)?;
        let t = match spec.value("t") {
            Some(t) => parse_number("t", t)?,
            None => 1,
        };
        Self::new(&s, t)
    }

    /// The canonical spec.
    pub fn spec_string(&self) -> String {
        match self.flat {
            Some(n) if self.chip.is_some() => {
                format!("flatfly:k={},n={n},onchip", self.grid.radices()[0])
            }
            Some(n) => format!("flatfly:k={},n={n}", self.grid.radices()[0]),
            None => {
                let s: Vec<String> = self.grid.radices().iter().map(u32::to_string).collect();
                format!("hyperx:s={},t={}", s.join("x"), self.terminals)
            }
        }
    }

    /// This flattened butterfly laid out on a chip as BookSim2's `flatfly` (the module
    /// documentation).
    ///
    /// # Errors
    /// n other than 3 (a 2-D grid of routers), or k not a square.
    pub fn on_chip(mut self) -> Result<Self, ParamError> {
        let k = self.grid.radices()[0];
        if self.flat != Some(3) {
            return Err(ParamError::OutOfRange {
                key: "n".into(),
                value: u64::from(self.flat.unwrap_or(0)),
                allowed: "n = 3 with onchip (a 2-D grid of routers on the chip)".into(),
            });
        }
        let r = (1..=k).find(|r| r * r >= k).unwrap_or(k);
        if r * r != k {
            return Err(ParamError::OutOfRange {
                key: "k".into(),
                value: u64::from(k),
                allowed: "a square with onchip (each router an r × r block of tiles): 4, 9, 16, …"
                    .into(),
            });
        }
        self.chip = Some(r);
        Ok(self)
    }

    /// The side r of each router's block of tiles, for a flattened butterfly on a chip.
    pub fn chip_block(&self) -> Option<u32> {
        self.chip
    }

    /// BookSim2's number of the terminal in `slot` (i·r + j) of router `v` on the chip:
    /// tile (r·y + i, r·x + j) of the kr × kr chip, row by row, with v = x·k + y.
    pub fn chip_endpoint(&self, v: Node, slot: u32) -> Option<u32> {
        let r = self.chip?;
        let k = self.grid.radices()[0];
        let (x, y) = ((v / k as usize) as u32, (v % k as usize) as u32);
        Some((k * r) * (r * y + slot / r) + r * x + slot % r)
    }

    /// The span of channel u → v in tiles on the chip, r·(|Δx| + |Δy|).
    pub fn chip_tiles(&self, u: Node, v: Node) -> Option<u32> {
        let r = self.chip?;
        let k = self.grid.radices()[0] as usize;
        Some(r * ((u / k).abs_diff(v / k) + (u % k).abs_diff(v % k)) as u32)
    }

    /// Whether this is a flattened butterfly written as `flatfly:`, and its n.
    pub fn flattened(&self) -> Option<u32> {
        self.flat
    }

    /// The product graph: digits, distances, closed forms.
    pub fn grid(&self) -> &Product {
        &self.grid
    }

    /// Switches per dimension S₁ … S_L, most significant first.
    pub fn sizes(&self) -> &[u32] {
        self.grid.radices()
    }

    /// Terminals per switch, T.
    pub fn terminals_per_switch(&self) -> u32 {
        self.terminals
    }

    /// Terminals in all: T · Π Sᵢ.
    pub fn terminal_total(&self) -> u64 {
        self.grid.nodes() as u64 * u64::from(self.terminals)
    }

    /// Network ports per switch: Σ (Sᵢ − 1).
    pub fn network_degree(&self) -> u64 {
        self.grid.degree_range().1
    }

    /// The switch radix: T + Σ (Sᵢ − 1).
    pub fn radix(&self) -> u64 {
        u64::from(self.terminals) + self.network_degree()
    }

    /// A routing relation of this network.
    pub fn routing(&self, kind: GridRouting) -> GridRouter<'_> {
        self.grid.routing(kind)
    }
}
