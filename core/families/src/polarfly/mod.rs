//! PolarFly (Lakhotia, Besta, Monroe, Isham, Iff, Hoefler and Petrini, "PolarFly: a
//! cost-effective and flexible low-diameter topology", SC 2022): the Erdős–Rényi
//! polarity graph ER_q, diameter 2.
//!
//! The routers are the q² + q + 1 points of the projective plane PG(2, q) over GF(q)
//! ([`GaloisField`]), each written as its left-normalised vector (first nonzero
//! coordinate 1). Two points are linked when they are orthogonal, x·y = x₀y₀ + x₁y₁ + x₂y₂
//! = 0, and distinct. A point orthogonal to itself is a *quadric* (absolute) point; there
//! are q + 1 of them. The graph has no self-loops: a quadric's own point is not its
//! neighbour, so quadrics have degree q and the others q + 1.
//!
//! ```text
//!   node index            point
//!   a·q + b               (1,a,b)     a, b in GF(q)
//!   q² + b                (0,1,b)
//!   q² + q                (0,0,1)
//! ```
//!
//! Field elements are numbered `0 .. q` as [`GaloisField`] numbers them (the residues
//! for a prime q). Every router is a terminal with p endpoints.

mod family;
mod layout;
mod symmetry;

pub use family::POLARFLY;
pub use symmetry::PolarFlyOrbits;

use num_bigint::BigUint;

use crate::d3::parse_tuple;
use crate::slimfly::{check_concentration, field_for, read_qp};
use icn_graph::error::{AddressError, ParamError};
use icn_graph::math::GaloisField;
use icn_graph::spec::Spec;
use icn_graph::RouteSymmetry;
use icn_graph::{Addresses, Distances, Graph, Symmetry};
use icn_graph::{Node, Orbits, Routing, Topology, MAX_NODES};

/// A point of PG(2, q): a left-normalised vector.
pub type Point = [u32; 3];

/// A validated PolarFly ER_q.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PolarFly {
    field: GaloisField,
    q: u32,
    p: u32,
}

impl PolarFly {
    /// ER_q for the prime power q, with p endpoints per router (default ⌊(q + 1)/2⌋).
    ///
    /// # Errors
    /// q below 2 or not a prime power, more than [`MAX_NODES`] routers (q > 46340), or p
    /// outside 1 ..= 65536.
    pub fn new(q: u64, p: Option<u64>) -> Result<Self, ParamError> {
        if q < 2 {
            return Err(ParamError::OutOfRange {
                key: "q".into(),
                value: q,
                allowed: "q ≥ 2, a prime power".into(),
            });
        }
        let nodes = u128::from(q)
            .checked_mul(u128::from(q))
            .and_then(|s| s.checked_add(u128::from(q) + 1))
            .unwrap_or(u128::MAX);
        if nodes > u128::from(MAX_NODES) {
            return Err(ParamError::TooLarge {
                nodes,
                max: MAX_NODES,
            });
        }
        let field = field_for(q, "2, 3, 4, 5, 7, 8, 9, 11, 13, 16, …")?;
        let q = q as u32;
        // ⌊(q + 1)/2⌋ = ⌈q/2⌉.
        let p = check_concentration(p, q.div_ceil(2))?;
        Ok(PolarFly { field, q, p })
    }

    /// Reads `polarfly:q=…[,p=…]`.
    pub fn from_spec(spec: &Spec) -> Result<Self, ParamError> {
        let (q, p) = read_qp(
            spec,
            "polarfly",
            "q (a prime power, e.g. 7) and p (endpoints per router)",
        )?;
        Self::new(q, p)
    }

    /// The canonical spec (p always written).
    pub fn spec_string(&self) -> String {
        format!("polarfly:q={},p={}", self.q, self.p)
    }

    /// The prime power q.
    pub fn q(&self) -> u32 {
        self.q
    }

    /// Endpoints per router, p.
    pub fn endpoints_per_router(&self) -> u32 {
        self.p
    }

    /// The point of node v.
    pub fn point(&self, v: Node) -> Point {
        let q = self.q as usize;
        if v < q * q {
            [1, (v / q) as u32, (v % q) as u32]
        } else if v < q * q + q {
            [0, 1, (v - q * q) as u32]
        } else {
            [0, 0, 1]
        }
    }

    /// The node of a left-normalised point.
    pub fn node(&self, x: Point) -> Node {
        let q = self.q as usize;
        match x {
            [0, 0, _] => q * q + q,
            [0, _, b] => q * q + b as usize,
            [_, a, b] => a as usize * q + b as usize,
        }
    }

    /// The node of the point a nonzero vector spans (`None` for the zero vector).
    pub fn node_of_vector(&self, x: Point) -> Option<Node> {
        let lead = x.iter().copied().find(|&c| c != 0)?;
        Some(self.node(x.map(|c| self.field.div(c, lead))))
    }

    /// x·y over GF(q).
    pub fn dot(&self, x: Point, y: Point) -> u32 {
        let f = &self.field;
        f.add(
            f.add(f.mul(x[0], y[0]), f.mul(x[1], y[1])),
            f.mul(x[2], y[2]),
        )
    }

    /// The cross product x × y: orthogonal to both, nonzero when x and y are distinct
    /// points.
    pub fn cross(&self, x: Point, y: Point) -> Point {
        let f = &self.field;
        let det = |i: usize, j: usize| f.sub(f.mul(x[i], y[j]), f.mul(x[j], y[i]));
        [det(1, 2), det(2, 0), det(0, 1)]
    }

    /// Whether v is a quadric (absolute, self-orthogonal) point.
    pub fn is_quadric(&self, v: Node) -> bool {
        let x = self.point(v);
        self.dot(x, x) == 0
    }

    /// The q + 1 quadric points, by node index.
    pub fn quadrics(&self) -> Vec<Node> {
        (0..self.node_count())
            .filter(|&v| self.is_quadric(v))
            .collect()
    }

    /// The quadric with the smallest node index: a point (1, a, b) of one of the first
    /// rows a (the q − 1 or q quadrics with x₀ = 1 are at most two per row).
    pub fn first_quadric(&self) -> Node {
        (0..self.node_count())
            .find(|&v| self.is_quadric(v))
            .unwrap_or(0)
    }

    /// Whether a and b are linked: distinct and orthogonal.
    pub fn adjacent(&self, a: Node, b: Node) -> bool {
        a != b && self.dot(self.point(a), self.point(b)) == 0
    }

    /// The q + 1 points of the line x^⊥ (those orthogonal to x), x itself included
    /// when it is a quadric.
    pub fn polar_line(&self, x: Point, out: &mut Vec<Node>) {
        let f = &self.field;
        let q = self.q;
        let [x0, x1, x2] = x;
        if x2 != 0 {
            // (1, a, b): x0 + x1·a + x2·b = 0 for every a; and (0, 1, −x1/x2).
            for a in 0..q {
                let b = f.div(f.neg(f.add(x0, f.mul(x1, a))), x2);
                out.push(self.node([1, a, b]));
            }
            out.push(self.node([0, 1, f.div(f.neg(x1), x2)]));
        } else if x1 != 0 {
            // (1, −x0/x1, b) for every b; and (0, 0, 1).
            let a = f.div(f.neg(x0), x1);
            for b in 0..q {
                out.push(self.node([1, a, b]));
            }
            out.push(self.node([0, 0, 1]));
        } else {
            // x = (1, 0, 0): the line at infinity (0, 1, b) and (0, 0, 1).
            for b in 0..q {
                out.push(self.node([0, 1, b]));
            }
            out.push(self.node([0, 0, 1]));
        }
    }

    /// The position of v on the polar line of u, as [`PolarFly::polar_line`] lists it
    /// (0 ..= q).
    pub fn line_position(&self, u: Node, v: Node) -> usize {
        let [_, x1, x2] = self.point(u);
        let y = self.point(v);
        let last = self.q as usize;
        if x2 != 0 {
            if y[0] == 1 {
                y[1] as usize
            } else {
                last
            }
        } else if x1 != 0 {
            if y[0] == 1 {
                y[2] as usize
            } else {
                last
            }
        } else if y[0] == 0 && y[1] == 1 {
            y[2] as usize
        } else {
            last
        }
    }

    /// The number of routers ER_q has, q² + q + 1.
    pub fn routers(&self) -> u64 {
        let q = u64::from(self.q);
        q * q + q + 1
    }

    /// The minimal routing: the one shortest path of every pair ([`PolarFlyMinimal`]).
    pub fn minimal(&self) -> PolarFlyMinimal<'_> {
        PolarFlyMinimal { net: self }
    }

    pub(crate) fn field(&self) -> &GaloisField {
        &self.field
    }
}

impl Graph for PolarFly {
    fn node_count(&self) -> usize {
        self.routers() as usize
    }

    /// The points of its polar line, itself left out.
    fn neighbours(&self, v: Node, out: &mut Vec<Node>) {
        let start = out.len();
        self.polar_line(self.point(v), out);
        if let Some(i) = out[start..].iter().position(|&w| w == v) {
            out.remove(start + i);
        }
    }

    /// q(q + 1)²/2: q² + q + 1 points on q + 1 points each, less the q + 1 quadrics'
    /// own points, halved.
    fn link_count(&self) -> u64 {
        let q = u64::from(self.q);
        q * (q + 1) * (q + 1) / 2
    }
}

impl Addresses for PolarFly {
    fn format_node(&self, v: Node) -> String {
        let [a, b, c] = self.point(v);
        format!("({a},{b},{c})")
    }

    fn parse_node(&self, text: &str) -> Result<Node, AddressError> {
        let q = self.q;
        let v = parse_tuple(
            text,
            &[("x", q, "q"), ("y", q, "q"), ("z", q, "q")],
            "(1,2,3)",
        )?;
        let x = [v[0], v[1], v[2]];
        let Some(lead) = x.iter().position(|&c| c != 0) else {
            return Err(AddressError::Malformed {
                address: text.to_string(),
                why: format!(
                    "'{text}' is the zero vector, which is no point of the projective plane: \
                     write a point with its first nonzero coordinate 1, e.g. (1,2,3) or (0,1,0)"
                ),
            });
        };
        let node = self.node_of_vector(x).unwrap_or(0);
        if x[lead] != 1 {
            return Err(AddressError::Malformed {
                address: text.to_string(),
                why: format!(
                    "'{text}' is not left-normalised: its first nonzero coordinate, {} = {}, \
                     must be 1; the same point is {}",
                    ["x", "y", "z"][lead],
                    x[lead],
                    self.format_node(node)
                ),
            });
        }
        Ok(node)
    }
}

impl Topology for PolarFly {
    fn distances(&self) -> Option<&dyn Distances> {
        Some(self)
    }

    fn symmetry(&self) -> Option<&dyn Symmetry> {
        Some(self)
    }
}

impl Distances for PolarFly {
    fn distance(&self, a: Node, b: Node) -> Option<u32> {
        Some(if a == b {
            0
        } else if self.adjacent(a, b) {
            1
        } else {
            2
        })
    }

    /// 1 at distance 0, its degree (q, or q + 1) at 1, the rest at 2.
    fn distance_counts_from(&self, src: Node) -> Option<Vec<u64>> {
        let degree = u64::from(self.q) + u64::from(!self.is_quadric(src));
        Some(vec![1, degree, self.routers() - 1 - degree])
    }
}

impl Symmetry for PolarFly {
    /// Below [`symmetry::ORBIT_SLOT_LIMIT`] channel slots: the group generated by a few
    /// orthogonal maps ([`PolarFlyOrbits`]).
    fn automorphisms(&self) -> Option<Box<dyn Orbits + '_>> {
        let slots = self.routers() * (u64::from(self.q) + 1);
        (slots <= symmetry::ORBIT_SLOT_LIMIT)
            .then(|| Box::new(PolarFlyOrbits::new(self)) as Box<dyn Orbits + '_>)
    }
}

/// Every minimal path of ER_q. Two distinct unlinked points x, y have exactly one common
/// neighbour, the point x × y (it is orthogonal to both, and differs from both since
/// x·y ≠ 0), so every pair has exactly one minimal path: the link, or the two hops
/// through x × y.
#[derive(Debug, Clone, Copy)]
pub struct PolarFlyMinimal<'a> {
    net: &'a PolarFly,
}

impl Routing for PolarFlyMinimal<'_> {
    fn next_hops(&self, at: Node, dst: Node, out: &mut Vec<Node>) {
        if at == dst {
            return;
        }
        let net = self.net;
        if net.adjacent(at, dst) {
            out.push(dst);
        } else {
            let middle = net.cross(net.point(at), net.point(dst));
            out.push(net.node_of_vector(middle).unwrap_or(dst));
        }
    }

    fn follows_distances(&self) -> bool {
        true
    }

    fn path_count(&self, _src: Node, _dst: Node) -> Option<BigUint> {
        Some(BigUint::from(1u32))
    }

    fn symmetry(&self) -> Option<&dyn RouteSymmetry> {
        Some(self)
    }
}

impl RouteSymmetry for PolarFlyMinimal<'_> {
    fn orbits(&self) -> Option<Box<dyn Orbits + '_>> {
        self.net.automorphisms()
    }
}
