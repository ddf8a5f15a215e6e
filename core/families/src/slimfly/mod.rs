//! Slim Fly (Besta and Hoefler, "Slim Fly: A Cost Effective Low-Diameter Network
//! Topology", SC 2014): the McKay–Miller–Širáň (MMS) graphs, diameter 2.
//!
//! For a prime power q = 4w + δ (δ ∈ {−1, 0, 1}) and a primitive element ξ of GF(q)
//! ([`GaloisField`]), two generator sets X and X' split the powers of ξ (see
//! [`SlimFly::generator_sets`]). The 2q² routers are `(s, x, y)`: subgraph s ∈ {0, 1},
//! group x and router y in GF(q) (numbered `0 .. q` as the field numbers its elements).
//!
//! ```text
//!   (0,x,y) ~ (0,x,y')   when y − y' ∈ X     subgraph 0: q groups (0,x,·)
//!   (1,m,c) ~ (1,m,c')   when c − c' ∈ X'    subgraph 1: q groups (1,m,·)
//!   (0,x,y) ~ (1,m,c)    when y = m·x + c    between them: every (0,x,·) meets every
//!                                            (1,m,·) in exactly one link
//! ```
//!
//! Node index `s·q² + x·q + y`, printed `(s,x,y)`. Every router is a terminal with p
//! endpoints (the concentration). Distances and minimal path counts have closed forms
//! (the graph has diameter 2; see [`SlimFly::minimal_path_count`]).

mod family;
mod routing;
mod symmetry;

pub use family::SLIMFLY;
pub use routing::SlimFlyMinimal;
pub use symmetry::SlimFlyOrbits;

use crate::d3::parse_tuple;
use icn_graph::error::{AddressError, ParamError};
use icn_graph::math::GaloisField;
use icn_graph::spec::{parse_number, Spec};
use icn_graph::{Addresses, Distances, Graph, Symmetry};
use icn_graph::{Node, Orbits, Topology, MAX_NODES};

/// The largest concentration p accepted (endpoints per router).
pub const MAX_CONCENTRATION: u64 = 1 << 16;

/// A validated Slim Fly MMS network.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlimFly {
    field: GaloisField,
    q: u32,
    delta: i32,
    p: u32,
    /// X (subgraph 0) and X' (subgraph 1), ascending.
    sets: [Vec<u32>; 2],
    /// The position of each field element in X and X' (`u32::MAX` when absent).
    rank: [Vec<u32>; 2],
}

/// GF(q) for a family's q: a prime power, else an error naming q.
pub(crate) fn field_for(q: u64, allowed: &str) -> Result<GaloisField, ParamError> {
    let field = u32::try_from(q).ok().and_then(GaloisField::new);
    field.ok_or_else(|| ParamError::OutOfRange {
        key: "q".into(),
        value: q,
        allowed: format!("q is a prime power ({allowed}); {q} is not"),
    })
}

/// Reads the q and p of `slimfly` and `polarfly`.
pub(crate) fn read_qp(
    spec: &Spec,
    family: &'static str,
    allowed: &'static str,
) -> Result<(u64, Option<u64>), ParamError> {
    spec.check_keys(family, &["q", "p"], &[], allowed)?;
    let q = spec.value("q").ok_or(ParamError::Missing {
        family,
        key: "q",
        help: "a prime power, e.g. q=5",
    })?;
    let q = parse_number("q", q)?;
    let p = spec.value("p").map(|p| parse_number("p", p)).transpose()?;
    Ok((q, p))
}

/// Checks a concentration p, given or the default.
pub(crate) fn check_concentration(p: Option<u64>, default: u32) -> Result<u32, ParamError> {
    match p {
        None => Ok(default),
        Some(p) if (1..=MAX_CONCENTRATION).contains(&p) => Ok(p as u32),
        Some(p) => Err(ParamError::OutOfRange {
            key: "p".into(),
            value: p,
            allowed: format!(
                "p (endpoints per router) is 1 to {MAX_CONCENTRATION}; by default half the network radix"
            ),
        }),
    }
}

impl SlimFly {
    /// The MMS graph of the prime power q with p endpoints per router (default ⌈k'/2⌉).
    ///
    /// # Errors
    /// q below 3 or not a prime power, more than [`MAX_NODES`] routers (q > 32768), or p
    /// outside 1 ..= [`MAX_CONCENTRATION`].
    pub fn new(q: u64, p: Option<u64>) -> Result<Self, ParamError> {
        if q < 3 {
            return Err(ParamError::OutOfRange {
                key: "q".into(),
                value: q,
                allowed: "q ≥ 3: a prime power 4w + δ with δ ∈ {−1, 0, 1} and w ≥ 1".into(),
            });
        }
        let nodes = u128::from(q)
            .checked_mul(u128::from(q))
            .and_then(|s| s.checked_mul(2))
            .unwrap_or(u128::MAX);
        if nodes > u128::from(MAX_NODES) {
            return Err(ParamError::TooLarge {
                nodes,
                max: MAX_NODES,
            });
        }
        let field = field_for(q, "3, 4, 5, 7, 8, 9, 11, 13, 16, …")?;
        let q = q as u32;
        let delta = match q % 4 {
            1 => 1,
            3 => -1,
            _ => 0,
        };
        let sets = generator_sets(&field, delta);
        let k_net = (3 * q as i64 - i64::from(delta)) as u32 / 2;
        let p = check_concentration(p, k_net.div_ceil(2))?;
        let rank = sets.clone().map(|set| {
            let mut rank = vec![u32::MAX; q as usize];
            for (i, &a) in set.iter().enumerate() {
                rank[a as usize] = i as u32;
            }
            rank
        });
        Ok(SlimFly {
            field,
            q,
            delta,
            p,
            sets,
            rank,
        })
    }

    /// Reads `slimfly:q=…[,p=…]`.
    pub fn from_spec(spec: &Spec) -> Result<Self, ParamError> {
        let (q, p) = read_qp(
            spec,
            "slimfly",
            "q (a prime power, e.g. 5) and p (endpoints per router)",
        )?;
        Self::new(q, p)
    }

    /// The canonical spec (p always written).
    pub fn spec_string(&self) -> String {
        format!("slimfly:q={},p={}", self.q, self.p)
    }

    /// The prime power q.
    pub fn q(&self) -> u32 {
        self.q
    }

    /// δ ∈ {−1, 0, 1} with q = 4w + δ.
    pub fn delta(&self) -> i32 {
        self.delta
    }

    /// w = (q − δ)/4.
    pub fn w(&self) -> u32 {
        (i64::from(self.q) - i64::from(self.delta)) as u32 / 4
    }

    /// The network radix k' = (3q − δ)/2: router-to-router links per router.
    pub fn network_radix(&self) -> u32 {
        (3 * i64::from(self.q) - i64::from(self.delta)) as u32 / 2
    }

    /// Endpoints per router, p.
    pub fn endpoints_per_router(&self) -> u32 {
        self.p
    }

    /// The field GF(q) the coordinates live in.
    pub(crate) fn field(&self) -> &GaloisField {
        &self.field
    }

    /// The generator sets X (subgraph 0) and X' (subgraph 1), ascending, as the paper
    /// builds them from the primitive element ξ:
    ///
    /// - δ = 1: X = {1, ξ², …, ξ^(q−3)}, X' = {ξ, ξ³, …, ξ^(q−2)};
    /// - δ = −1: X = {1, ξ², …, ξ^(2w−2)} ∪ {ξ^(2w−1), ξ^(2w+1), …, ξ^(4w−3)},
    ///   X' = {ξ, ξ³, …, ξ^(2w−1)} ∪ {ξ^(2w), ξ^(2w+2), …, ξ^(4w−2)};
    /// - δ = 0: X = {1, ξ², …, ξ^(q−2)}, X' = {ξ, ξ³, …, ξ^(q−1)}.
    pub fn generator_sets(&self) -> (&[u32], &[u32]) {
        (&self.sets[0], &self.sets[1])
    }

    /// `(s, x, y)` of node v.
    pub fn coords(&self, v: Node) -> (u32, u32, u32) {
        let q = self.q as usize;
        ((v / (q * q)) as u32, ((v / q) % q) as u32, (v % q) as u32)
    }

    /// The node `(s, x, y)`.
    pub fn node(&self, s: u32, x: u32, y: u32) -> Node {
        let q = self.q as usize;
        s as usize * q * q + x as usize * q + y as usize
    }

    /// The 2q groups `(s, x)` in order, each with its q routers by y.
    pub fn groups(&self) -> Vec<Vec<Node>> {
        let q = self.q as usize;
        (0..2 * q).map(|g| (g * q..(g + 1) * q).collect()).collect()
    }

    /// Whether a and b are linked.
    pub fn adjacent(&self, a: Node, b: Node) -> bool {
        let ((sa, xa, ya), (sb, xb, yb)) = (self.coords(a), self.coords(b));
        let f = &self.field;
        match (sa, sb) {
            (0, 0) | (1, 1) => {
                xa == xb && ya != yb && self.rank[sa as usize][f.sub(ya, yb) as usize] != u32::MAX
            }
            (0, _) => ya == f.add(f.mul(xb, xa), yb),
            _ => yb == f.add(f.mul(xa, xb), ya),
        }
    }

    /// The number of minimal paths from a to b: 1 at distance 0 or 1; at distance 2 the
    /// number of common neighbours, in closed form:
    ///
    /// - two routers of one group, difference d = y − y': #{(a, b) ∈ X² : a − b = d}
    ///   (X' in subgraph 1), counted in O(q); for δ = 1 the group is a Paley graph and this
    ///   is (q − 1)/4;
    /// - two routers of different groups of one subgraph: exactly 1 (the router of the
    ///   other subgraph whose line passes through both);
    /// - `(0,x,y)` and `(1,m,c)`, not linked: [y − (m·x + c) ∈ X] + [c − (y − m·x) ∈ X'],
    ///   which is 1 + [m·x + c − y ∈ X ∩ X'] (X ∪ X' is every nonzero element): always 1
    ///   for δ = 1, 2 for two values of the difference (±1) for δ = −1, one (1) for δ = 0.
    pub fn minimal_path_count(&self, a: Node, b: Node) -> u32 {
        if a == b || self.adjacent(a, b) {
            return 1;
        }
        let ((sa, xa, ya), (sb, xb, yb)) = (self.coords(a), self.coords(b));
        let f = &self.field;
        match (sa, sb) {
            (0, 0) | (1, 1) if xa == xb => self.in_group_common(sa, f.sub(ya, yb)),
            (0, 0) | (1, 1) => 1,
            _ => {
                let ((x, y), (m, c)) = if sa == 0 {
                    ((xa, ya), (xb, yb))
                } else {
                    ((xb, yb), (xa, ya))
                };
                let in_group = f.sub(y, f.add(f.mul(m, x), c));
                let other = f.sub(c, f.sub(y, f.mul(m, x)));
                u32::from(self.rank[0][in_group as usize] != u32::MAX)
                    + u32::from(self.rank[1][other as usize] != u32::MAX)
            }
        }
    }

    /// #{(a, b) ∈ X_s² : a − b = d}, X₀ = X and X₁ = X': the common neighbours of two
    /// routers of a group of subgraph s whose positions differ by d ∉ X_s. For δ = 1 the
    /// group is a Paley graph, and this is (q − 1)/4; otherwise O(|X|) lookups.
    fn in_group_common(&self, s: u32, d: u32) -> u32 {
        if self.delta == 1 {
            return (self.q - 1) / 4;
        }
        let f = &self.field;
        let set = &self.sets[s as usize];
        set.iter()
            .filter(|&&a| self.rank[s as usize][f.sub(a, d) as usize] != u32::MAX)
            .count() as u32
    }

    /// The position of d in X (s = 0) or X' (s = 1), if it is there.
    pub(crate) fn rank_of(&self, s: u32, d: u32) -> Option<u32> {
        let r = self.rank[s as usize][d as usize];
        (r != u32::MAX).then_some(r)
    }
}

/// X and X' for δ, as the paper lists them by exponents of ξ (see
/// [`SlimFly::generator_sets`]), ascending.
fn generator_sets(field: &GaloisField, delta: i32) -> [Vec<u32>; 2] {
    let q = u64::from(field.order());
    let (even, odd): (Vec<u64>, Vec<u64>) = match delta {
        1 => (
            (0..(q - 1) / 2).map(|i| 2 * i).collect(),
            (0..(q - 1) / 2).map(|i| 2 * i + 1).collect(),
        ),
        -1 => {
            let w = (q + 1) / 4;
            (
                (0..w)
                    .map(|i| 2 * i)
                    .chain((w - 1..2 * w - 1).map(|i| 2 * i + 1))
                    .collect(),
                (0..w)
                    .map(|i| 2 * i + 1)
                    .chain((w..2 * w).map(|i| 2 * i))
                    .collect(),
            )
        }
        _ => (
            (0..q / 2).map(|i| 2 * i).collect(),
            (0..q / 2).map(|i| 2 * i + 1).collect(),
        ),
    };
    [even, odd].map(|exponents| {
        let mut set: Vec<u32> = exponents
            .iter()
            .map(|&e| field.primitive_power(e))
            .collect();
        set.sort_unstable();
        set
    })
}

impl Graph for SlimFly {
    fn node_count(&self) -> usize {
        2 * self.q as usize * self.q as usize
    }

    /// Its group first (by X or X'), then its q neighbours in the other subgraph by group.
    fn neighbours(&self, v: Node, out: &mut Vec<Node>) {
        let (s, x, y) = self.coords(v);
        let f = &self.field;
        for &d in &self.sets[s as usize] {
            out.push(self.node(s, x, f.sub(y, d)));
        }
        for g in 0..self.q {
            // (0,x,y) meets group (1,g,·) at c = y − g·x; (1,m,c) meets (0,g,·) at m·g + c.
            let other = if s == 0 {
                f.sub(y, f.mul(g, x))
            } else {
                f.add(f.mul(x, g), y)
            };
            out.push(self.node(1 - s, g, other));
        }
    }

    /// q²·k': every router has k' links.
    fn link_count(&self) -> u64 {
        u64::from(self.q) * u64::from(self.q) * u64::from(self.network_radix())
    }
}

impl Addresses for SlimFly {
    fn format_node(&self, v: Node) -> String {
        let (s, x, y) = self.coords(v);
        format!("({s},{x},{y})")
    }

    fn parse_node(&self, text: &str) -> Result<Node, AddressError> {
        let v = parse_tuple(
            text,
            &[
                ("s", 2, "subgraphs"),
                ("x", self.q, "q"),
                ("y", self.q, "q"),
            ],
            "(1,2,3)",
        )?;
        Ok(self.node(v[0], v[1], v[2]))
    }
}

impl Topology for SlimFly {
    fn distances(&self) -> Option<&dyn Distances> {
        Some(self)
    }

    fn symmetry(&self) -> Option<&dyn Symmetry> {
        Some(self)
    }
}

impl Distances for SlimFly {
    fn distance(&self, a: Node, b: Node) -> Option<u32> {
        Some(if a == b {
            0
        } else if self.adjacent(a, b) {
            1
        } else {
            2
        })
    }

    /// 1 at distance 0, k' at 1, the other 2q² − 1 − k' at 2.
    fn distance_counts_from(&self, _src: Node) -> Option<Vec<u64>> {
        let n = self.node_count() as u64;
        let k = u64::from(self.network_radix());
        Some(vec![1, k, n - 1 - k])
    }
}

impl Symmetry for SlimFly {
    fn automorphisms(&self) -> Option<Box<dyn Orbits + '_>> {
        Some(Box::new(SlimFlyOrbits::new(self)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generator_sets_of_the_small_cases() {
        // q = 5, ξ = 2: X = {1, 4}, X' = {2, 3} (pentagons and pentagrams).
        let sf = SlimFly::new(5, None).expect("q = 5");
        assert_eq!(sf.generator_sets(), (&[1, 4][..], &[2, 3][..]));
        assert_eq!((sf.network_radix(), sf.endpoints_per_router()), (7, 4));
        // q = 7, ξ = 3, w = 2: X = {1, ξ²} ∪ {ξ³, ξ⁵} = {1, 2, 6, 5}.
        let sf = SlimFly::new(7, None).expect("q = 7");
        assert_eq!(sf.generator_sets(), (&[1, 2, 5, 6][..], &[1, 3, 4, 6][..]));
        assert_eq!(sf.network_radix(), 11);
    }
}
