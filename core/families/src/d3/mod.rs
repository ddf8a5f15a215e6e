//! The Swapped Dragonfly D3(K, M) (Draper, "The Swapped Dragonfly").
//!
//! K cabinets of M drawers of M routers. A router is `(c, d, p)`: cabinet `c` mod K,
//! drawer `d` mod M, router `p` mod M. Node index:
//!
//! ```text
//!   (c, d, p)  ->  (c·M + d)·M + p          printed "(c,d,p)", e.g. (2,0,3)
//! ```
//!
//! Two kinds of link (paper eq. 2.1):
//!
//! - **local**: the M routers of a drawer form a complete graph; local port π
//!   (1 ≤ π < M) of router p leads to local port −π of router p + π (mod M);
//! - **global**: global port a (0 ≤ a < K) of `(c, d, p)` leads to global port −a of
//!   `(c + a, p, d)` (mod K): the cabinet moves by a and drawer and router swap.
//!
//! Global port 0 of a *diagonal* router `(c, p, p)` would lead to itself. This crate
//! treats it as **no link**: the graph is simple, a diagonal router has K − 1 global
//! neighbours (degree K + M − 2) and every other router K (degree K + M − 1). In a
//! source-vector header the port still exists: using it means the packet holds for one
//! step (like local port 0), see [`header`]. Every router is a terminal.

pub mod conflict;
mod family;
pub mod header;
pub mod layout;
pub mod routing;
pub mod schedule;
pub mod subnet;
pub mod symmetry;

use icn_graph::error::{AddressError, ParamError};
use icn_graph::spec::{parse_number, Spec};
use icn_graph::{Addresses, ChannelPhases, Distances, Graph, Symmetry};
use icn_graph::{Node, Orbits, Topology, MAX_NODES};

pub use conflict::LinkConflict;
pub use family::{D3_FAMILY, DRAGONFLY_PARAMS, SWAPPED_DRAGONFLY_PAPER};
pub use header::{DestinationStep, HeaderTrace, Hop, PortKind, SourceVector};
pub use layout::{Link, Port, Wiring};
pub use routing::{D3Routing, GlglCase, GlglComparison};

/// A router's coordinates `(c, d, p)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct Router {
    /// Cabinet, mod K.
    pub c: u32,
    /// Drawer, mod M.
    pub d: u32,
    /// Router within the drawer, mod M.
    pub p: u32,
}

impl std::fmt::Display for Router {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({},{},{})", self.c, self.d, self.p)
    }
}

/// A validated D3(K, M).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct D3 {
    k: u32,
    m: u32,
}

impl D3 {
    /// D3(K, M).
    ///
    /// # Errors
    /// K or M zero, D3(1, 1) (a single router), or more than [`MAX_NODES`] routers
    /// (K·M² is computed with checked arithmetic).
    pub fn new(k: u64, m: u64) -> Result<Self, ParamError> {
        if k == 1 && m == 1 {
            return Err(ParamError::OutOfRange {
                key: "m".into(),
                value: m,
                allowed: "m ≥ 2 when k = 1 (D3(1,1) is a single router)".into(),
            });
        }
        check_km(k, m, |k, m| k.checked_mul(m)?.checked_mul(m))?;
        Ok(D3 {
            k: k as u32,
            m: m as u32,
        })
    }

    /// Reads `d3:k=…,m=…`.
    pub fn from_spec(spec: &Spec) -> Result<Self, ParamError> {
        let (k, m) = read_km(spec, "d3")?;
        Self::new(k, m)
    }

    /// The canonical spec.
    pub fn spec_string(&self) -> String {
        format!("d3:k={},m={}", self.k, self.m)
    }

    /// Cabinets K (global ports per router).
    pub fn k(&self) -> u32 {
        self.k
    }

    /// Drawers per cabinet and routers per drawer, M.
    pub fn m(&self) -> u32 {
        self.m
    }

    /// The coordinates of node `v`.
    pub fn router(&self, v: Node) -> Router {
        let m = self.m as usize;
        Router {
            c: (v / (m * m)) as u32,
            d: ((v / m) % m) as u32,
            p: (v % m) as u32,
        }
    }

    /// The node at `(c, d, p)`, each coordinate reduced mod K or M.
    pub fn node(&self, r: Router) -> Node {
        let m = self.m as usize;
        ((r.c % self.k) as usize * m + (r.d % self.m) as usize) * m + (r.p % self.m) as usize
    }

    /// `(a - b) mod n` for `a, b < n`.
    pub(crate) fn sub(a: u32, b: u32, n: u32) -> u32 {
        (a + n - b) % n
    }

    /// `(a + b) mod n` for `a, b < n`, without overflow.
    pub(crate) fn add(a: u32, b: u32, n: u32) -> u32 {
        ((u64::from(a) + u64::from(b)) % u64::from(n)) as u32
    }

    /// Where local port `pi` (mod M; 0 = stay) of `r` leads.
    pub fn local_peer(&self, r: Router, pi: u32) -> Router {
        Router {
            p: Self::add(r.p, pi % self.m, self.m),
            ..r
        }
    }

    /// Where global port `a` (mod K) of `r` leads: `(c + a, p, d)`, arriving on port −a.
    /// Port 0 of a diagonal router leads back to itself (not a link of the graph).
    pub fn global_peer(&self, r: Router, a: u32) -> Router {
        Router {
            c: Self::add(r.c, a % self.k, self.k),
            d: r.p,
            p: r.d,
        }
    }

    /// The local port of `from` that leads to `to` in the same drawer (0 when equal).
    pub fn local_port(&self, from: Router, to: Router) -> u32 {
        Self::sub(to.p, from.p, self.m)
    }

    /// The global port of `from` that leads to cabinet `c`.
    pub fn global_port(&self, from: Router, c: u32) -> u32 {
        Self::sub(c, from.c, self.k)
    }

    /// Whether global port 0 of `r` is a self-loop (no link): `d = p`.
    pub fn is_diagonal(&self, r: Router) -> bool {
        r.d == r.p
    }

    /// The closed-form distance between two routers (diameter 3):
    /// 0 if equal; 1 in one drawer or when `(d', p') = (p, d)`; 2 when `p' = d`,
    /// `d' = p` or `(d', p') = (d, p)`; otherwise 3.
    pub fn router_distance(&self, s: Router, t: Router) -> u32 {
        if s == t {
            0
        } else if (s.c, s.d) == (t.c, t.d) || (t.d, t.p) == (s.p, s.d) {
            1
        } else if t.p == s.d || t.d == s.p || (t.d, t.p) == (s.d, s.p) {
            2
        } else {
            3
        }
    }
}

/// Validates K and M (both at least 1) and the router count `nodes(K, M)` (checked
/// arithmetic; `None` on overflow) against [`MAX_NODES`].
pub(crate) fn check_km(
    k: u64,
    m: u64,
    nodes: fn(u128, u128) -> Option<u128>,
) -> Result<(), ParamError> {
    for (key, value, what) in [
        ("k", k, "global ports per router"),
        ("m", m, "routers per drawer"),
    ] {
        if value == 0 {
            return Err(ParamError::OutOfRange {
                key: key.into(),
                value,
                allowed: format!("{key} ≥ 1 ({what})"),
            });
        }
    }
    let nodes = nodes(u128::from(k), u128::from(m)).unwrap_or(u128::MAX);
    if nodes > u128::from(MAX_NODES) {
        return Err(ParamError::TooLarge {
            nodes,
            max: MAX_NODES,
        });
    }
    Ok(())
}

/// Reads the `k` and `m` parameters shared by `d3` and `mdf`.
pub(crate) fn read_km(spec: &Spec, family: &'static str) -> Result<(u64, u64), ParamError> {
    spec.check_keys(
        family,
        &["k", "m"],
        &[],
        "k (global ports per router) and m (routers per drawer)",
    )?;
    let k = spec.value("k").ok_or(ParamError::Missing {
        family,
        key: "k",
        help: "global ports per router, e.g. k=3",
    })?;
    let m = spec.value("m").ok_or(ParamError::Missing {
        family,
        key: "m",
        help: "routers per drawer, e.g. m=4",
    })?;
    Ok((parse_number("k", k)?, parse_number("m", m)?))
}

/// Reads a tuple address such as `(2,0,3)` (parentheses optional, spaces allowed
/// around numbers): one coordinate per entry of `bounds` (`name`, exclusive bound,
/// bound's name). The error names the offending character or coordinate.
pub(crate) fn parse_tuple(
    text: &str,
    bounds: &[(&str, u32, &str)],
    example: &str,
) -> Result<Vec<u32>, AddressError> {
    let names: Vec<&str> = bounds.iter().map(|b| b.0).collect();
    let shape = format!("({})", names.join(","));
    let malformed = |why: String| AddressError::Malformed {
        address: text.to_string(),
        why,
    };
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(AddressError::Empty {
            expected: format!("write a router as {shape}, e.g. {example}"),
        });
    }
    let lead = text.len() - text.trim_start().len();
    let opens = trimmed.starts_with('(');
    let closes = trimmed.ends_with(')');
    if opens != closes {
        let (ch, pos) = if opens {
            (
                trimmed.chars().last().unwrap_or(' '),
                text.trim_end().chars().count(),
            )
        } else {
            (')', lead + 1)
        };
        return Err(malformed(format!(
            "character {ch:?} at position {pos}: parentheses must come in a pair, as in {example}"
        )));
    }
    let inner_start = lead + usize::from(opens);
    let inner = &trimmed[usize::from(opens)..trimmed.len() - usize::from(closes)];
    let parts: Vec<&str> = inner.split(',').collect();
    if parts.len() != bounds.len() {
        return Err(malformed(format!(
            "the address '{text}' has {} coordinate{}; this network's routers have {}: {shape}, e.g. {example}",
            parts.len(),
            if parts.len() == 1 { "" } else { "s" },
            bounds.len()
        )));
    }
    let mut values = Vec::with_capacity(bounds.len());
    let mut offset = inner_start;
    for (part, &(name, bound, bound_name)) in parts.iter().zip(bounds) {
        let digits = part.trim();
        if digits.is_empty() {
            return Err(malformed(format!(
                "coordinate {name} is empty (after position {offset}); write {shape}, e.g. {example}"
            )));
        }
        if let Some((i, ch)) = part
            .char_indices()
            .find(|&(_, c)| !c.is_ascii_digit() && c != ' ')
        {
            let pos = offset + part[..i].chars().count() + 1;
            return Err(malformed(format!(
                "character {ch:?} at position {pos} is not a digit; coordinate {name} is a number 0 to {}",
                bound.saturating_sub(1)
            )));
        }
        if digits.contains(' ') {
            return Err(malformed(format!(
                "coordinate {name} = '{digits}' has a space inside; write {shape}, e.g. {example}"
            )));
        }
        let value: u64 = digits.parse().unwrap_or(u64::MAX);
        if value >= u64::from(bound) {
            return Err(malformed(format!(
                "coordinate {name} = {digits} is out of range: 0 ≤ {name} < {bound_name} = {bound}"
            )));
        }
        values.push(value as u32);
        offset += part.chars().count() + 1;
    }
    Ok(values)
}

impl Graph for D3 {
    fn node_count(&self) -> usize {
        self.k as usize * self.m as usize * self.m as usize
    }

    /// Local neighbours by port π = 1 … M−1, then global ones by port a = 0 … K−1
    /// (without the diagonal router's self-loop on port 0).
    fn neighbours(&self, v: Node, out: &mut Vec<Node>) {
        let r = self.router(v);
        for pi in 1..self.m {
            out.push(self.node(self.local_peer(r, pi)));
        }
        for a in 0..self.k {
            if a == 0 && self.is_diagonal(r) {
                continue;
            }
            out.push(self.node(self.global_peer(r, a)));
        }
    }

    /// K·M·M(M−1)/2 local links and KM(KM−1)/2 global ones (K² M² ports, minus the KM
    /// diagonal self-loops, halved).
    fn link_count(&self) -> u64 {
        let (k, m) = (u64::from(self.k), u64::from(self.m));
        k * m * m * (m - 1) / 2 + k * m * (k * m - 1) / 2
    }
}

impl Addresses for D3 {
    fn format_node(&self, v: Node) -> String {
        self.router(v).to_string()
    }

    fn parse_node(&self, text: &str) -> Result<Node, AddressError> {
        let v = parse_tuple(
            text,
            &[("c", self.k, "K"), ("d", self.m, "M"), ("p", self.m, "M")],
            "(0,1,2)",
        )?;
        Ok(self.node(Router {
            c: v[0],
            d: v[1],
            p: v[2],
        }))
    }
}

impl Topology for D3 {
    fn distances(&self) -> Option<&dyn Distances> {
        Some(self)
    }

    fn symmetry(&self) -> Option<&dyn Symmetry> {
        Some(self)
    }

    fn channel_phases(&self) -> Option<&dyn ChannelPhases> {
        Some(self)
    }

    /// M − 1 local neighbours and K global ones, less the self-loop of a diagonal router
    /// (c, p, p); with M = 1 every router is diagonal.
    fn terminal_degree_range(&self) -> Option<(u64, u64)> {
        let (k, m) = (u64::from(self.k), u64::from(self.m));
        let diagonal = m - 1 + k - 1;
        Some((diagonal, if m >= 2 { diagonal + 1 } else { diagonal }))
    }
}

impl Distances for D3 {
    fn distance(&self, a: Node, b: Node) -> Option<u32> {
        Some(self.router_distance(self.router(a), self.router(b)))
    }

    /// From [`D3::router_distance`]: a router with d ≠ p has M − 1 + K routers at
    /// distance 1 and 2KM − K − 2 at distance 2; a diagonal one (d = p) M + K − 2 and
    /// 2KM − 2K − M + 1; the rest are at distance 3 (checked against BFS in the tests).
    fn distance_counts_from(&self, src: Node) -> Option<Vec<u64>> {
        let (k, m) = (i128::from(self.k), i128::from(self.m));
        let n = k * m * m;
        let (one, two) = if self.is_diagonal(self.router(src)) {
            (m + k - 2, 2 * k * m - 2 * k - m + 1)
        } else {
            (m - 1 + k, 2 * k * m - k - 2)
        };
        let three = n - 1 - one - two;
        if [one, two, three].iter().any(|&c| c < 0) {
            return None;
        }
        let mut counts = vec![1, one as u64, two as u64, three as u64];
        // As long as the eccentricity: no trailing zeros (D3(K, 1) has diameter 1).
        while counts.len() > 1 && counts[counts.len() - 1] == 0 {
            counts.pop();
        }
        Some(counts)
    }
}

impl Symmetry for D3 {
    fn automorphisms(&self) -> Option<Box<dyn Orbits + '_>> {
        Some(Box::new(self.orbits()))
    }
}

impl ChannelPhases for D3 {
    /// Global links (between drawers) end a phase of l-g-l routing.
    fn phase_boundary(&self, u: Node, v: Node) -> bool {
        let (a, b) = (self.router(u), self.router(v));
        a.c != b.c || a.d != b.d
    }
}
