//! Hypercycles G(m, ρ) (Dimopoulos et al., "Hypercycles: a status report").
//!
//! A node is a mixed-radix number `a1 a2 … ar` over radices `m = m1 × m2 × … × mr`,
//! most significant digit first, one character per digit (`0-9` then `a-z`):
//!
//! ```text
//!   m   =  5   4   3        node index = a1·(4·3) + a2·3 + a3
//!   addr  "3   1   2"   ->  3·12 + 1·3 + 2 = 41
//! ```
//!
//! Two nodes are linked when they differ in exactly one digit j, by ±ξ (mod m_j) with
//! 1 ≤ ξ ≤ ρ_j: each dimension is a circulant ring, from a ring (ρ = 1) to a complete
//! graph (ρ = m/2). The binary n-cube is m = 2×…×2, ρ = 1×…×1.

mod family;

pub use family::{HYPERCUBE, HYPERCYCLE};

use num_bigint::BigUint;
use num_traits::One;

use icn_graph::error::{AddressError, ParamError};
use icn_graph::math::{bounded_compositions, multinomial};
use icn_graph::spec::{parse_number, parse_vector, Spec};
use icn_graph::RouteSymmetry;
use icn_graph::Split;
use icn_graph::{Addresses, ChannelPhases, Distances, Graph, Symmetry, Translations};
use icn_graph::{Node, Routing, Topology, MAX_NODES};

/// Digits are written with one character each, so a radix is at most 36.
pub const MAX_RADIX: u32 = 36;

const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";

/// A validated Hypercycle. Construct with [`Hypercycle::new`] or [`Hypercycle::hypercube`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hypercycle {
    m: Vec<u32>,
    rho: Vec<u32>,
    /// `weight[i]` = m_{i+1} · … · m_r, the place value of digit i.
    weight: Vec<usize>,
    /// First channel class of each dimension (classes are (dimension, forward offset)).
    class_offset: Vec<usize>,
    nodes: usize,
    /// Printed as `hypercube:n=…` rather than as a Hypercycle.
    cube: bool,
}

impl Hypercycle {
    /// The Hypercycle with radices `m` and connectivity vector `rho`.
    ///
    /// # Errors
    /// Out-of-range radices (2 ..= 36), ρ_i outside 1 ..= ⌊m_i/2⌋, vectors of different
    /// lengths, or more than [`MAX_NODES`] nodes.
    pub fn new(m: &[u64], rho: &[u64]) -> Result<Self, ParamError> {
        if m.is_empty() {
            return Err(ParamError::Malformed {
                key: "m",
                value: String::new(),
                why: "needs at least one radix".into(),
            });
        }
        if m.len() != rho.len() {
            return Err(ParamError::LengthMismatch {
                a: "m",
                len_a: m.len(),
                b: "rho",
                len_b: rho.len(),
            });
        }
        let mut nodes: u128 = 1;
        for (i, (&mi, &ri)) in m.iter().zip(rho).enumerate() {
            if !(2..=u64::from(MAX_RADIX)).contains(&mi) {
                return Err(ParamError::OutOfRange {
                    key: format!("m[{}]", i + 1),
                    value: mi,
                    allowed: format!("a radix is 2 to {MAX_RADIX} (one character per digit)"),
                });
            }
            if ri < 1 || ri > mi / 2 {
                return Err(ParamError::OutOfRange {
                    key: format!("rho[{}]", i + 1),
                    value: ri,
                    allowed: format!("1 ≤ ρ ≤ ⌊m/2⌋ = {} for m = {mi}", mi / 2),
                });
            }
            nodes = nodes.saturating_mul(u128::from(mi));
            if nodes > u128::from(MAX_NODES) {
                let total = m
                    .iter()
                    .try_fold(1u128, |a, &x| a.checked_mul(u128::from(x)));
                return Err(ParamError::TooLarge {
                    nodes: total.unwrap_or(u128::MAX),
                    max: MAX_NODES,
                });
            }
        }
        let m: Vec<u32> = m.iter().map(|&x| x as u32).collect();
        let rho: Vec<u32> = rho.iter().map(|&x| x as u32).collect();
        let mut weight = vec![1usize; m.len()];
        for i in (0..m.len().saturating_sub(1)).rev() {
            weight[i] = weight[i + 1] * m[i + 1] as usize;
        }
        let mut class_offset = Vec::with_capacity(m.len());
        let mut acc = 0;
        for &mi in &m {
            class_offset.push(acc);
            acc += mi as usize - 1;
        }
        Ok(Hypercycle {
            weight,
            class_offset,
            nodes: nodes as usize,
            m,
            rho,
            cube: false,
        })
    }

    /// The binary n-cube: the Hypercycle with every m_i = 2 and ρ_i = 1.
    ///
    /// # Errors
    /// n outside 1 ..= 31.
    pub fn hypercube(n: u64) -> Result<Self, ParamError> {
        if !(1..=31).contains(&n) {
            return Err(ParamError::OutOfRange {
                key: "n".into(),
                value: n,
                allowed: "the dimension n is 1 to 31".into(),
            });
        }
        let mut h = Self::new(&vec![2; n as usize], &vec![1; n as usize])?;
        h.cube = true;
        Ok(h)
    }

    /// Reads `hypercycle:m=…,rho=…` (ρ defaults to all ones) or `hypercube:n=…`.
    pub fn from_spec(spec: &Spec) -> Result<Self, ParamError> {
        if spec.family == "hypercube" {
            spec.check_keys("hypercube", &["n"], &[], "n (the dimension)")?;
            let n = spec.value("n").ok_or(ParamError::Missing {
                family: "hypercube",
                key: "n",
                help: "the dimension, e.g. n=6",
            })?;
            return Self::hypercube(parse_number("n", n)?);
        }
        spec.check_keys(
            "hypercycle",
            &["m", "rho"],
            &[],
            "m (radices, e.g. 5x4x3) and rho (connectivity, e.g. 2x1x1)",
        )?;
        let m = spec.value("m").ok_or(ParamError::Missing {
            family: "hypercycle",
            key: "m",
            help: "the radices, e.g. m=5x4x3",
        })?;
        let m = parse_vector("m", m)?;
        let rho = match spec.value("rho") {
            Some(r) => parse_vector("rho", r)?,
            None => vec![1; m.len()],
        };
        Self::new(&m, &rho)
    }

    /// The canonical spec of this network.
    pub fn spec_string(&self) -> String {
        if self.cube {
            return format!("hypercube:n={}", self.m.len());
        }
        let join = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join("x");
        format!("hypercycle:m={},rho={}", join(&self.m), join(&self.rho))
    }

    /// Whether this is the binary n-cube written as `hypercube:`.
    pub fn is_hypercube(&self) -> bool {
        self.cube
    }

    /// The radices m_1 … m_r.
    pub fn radices(&self) -> &[u32] {
        &self.m
    }

    /// The connectivity vector ρ_1 … ρ_r.
    pub fn rho(&self) -> &[u32] {
        &self.rho
    }

    /// The number of dimensions r.
    pub fn dimensions(&self) -> usize {
        self.m.len()
    }

    /// Digit i (0-based, most significant first) of node v.
    pub fn digit(&self, v: Node, i: usize) -> u32 {
        ((v / self.weight[i]) % self.m[i] as usize) as u32
    }

    /// All digits of v, most significant first.
    pub fn digits(&self, v: Node) -> Vec<u32> {
        (0..self.m.len()).map(|i| self.digit(v, i)).collect()
    }

    fn with_digit(&self, v: Node, i: usize, d: u32) -> Node {
        v - self.digit(v, i) as usize * self.weight[i] + d as usize * self.weight[i]
    }

    /// The degree by the paper's formula: Σ f(m_i, ρ_i), f = 2ρ if 2ρ < m, else m − 1.
    pub fn degree_formula(&self) -> u64 {
        self.m
            .iter()
            .zip(&self.rho)
            .map(|(&m, &r)| {
                if 2 * r < m {
                    2 * u64::from(r)
                } else {
                    u64::from(m) - 1
                }
            })
            .sum()
    }

    /// The diameter by the paper's formula: Σ ⌈⌊m_i/2⌋ / ρ_i⌉.
    pub fn diameter_formula(&self) -> u64 {
        self.m
            .iter()
            .zip(&self.rho)
            .map(|(&m, &r)| u64::from((m / 2).div_ceil(r)))
            .sum()
    }

    /// Forward offset (y − x) mod m_i.
    fn forward(&self, i: usize, x: u32, y: u32) -> u32 {
        (y + self.m[i] - x) % self.m[i]
    }

    /// The distance inside dimension i: ⌈⌊x, y⌋ / ρ_i⌉ with ⌊x, y⌋ the ring distance.
    pub fn dim_distance(&self, i: usize, x: u32, y: u32) -> u32 {
        let f = self.forward(i, x, y);
        f.min(self.m[i] - f).div_ceil(self.rho[i])
    }

    /// Per-dimension distances q_i from a to b.
    pub fn dim_distances(&self, a: Node, b: Node) -> Vec<u64> {
        (0..self.m.len())
            .map(|i| u64::from(self.dim_distance(i, self.digit(a, i), self.digit(b, i))))
            .collect()
    }

    /// Minimal walks inside dimension i from digit x to digit y.
    ///
    /// With 2ρ < m, a minimal walk never mixes directions (q−1 maximal steps cannot
    /// cover the ring distance), so it is a composition of the forward offset, or of
    /// the backward one, into q parts of at most ρ; both directions count whenever
    /// either fits in q steps. With 2ρ = m the ring is complete: one walk.
    fn dim_minimal_walks(&self, i: usize, x: u32, y: u32) -> BigUint {
        let (m, r) = (u64::from(self.m[i]), u64::from(self.rho[i]));
        let q = u64::from(self.dim_distance(i, x, y));
        if q == 0 || 2 * r == m {
            return BigUint::one();
        }
        let f = u64::from(self.forward(i, x, y));
        bounded_compositions(f, q, r) + bounded_compositions(m - f, q, r)
    }

    /// Walks inside dimension i allowed by eq. 3.1.1: maximal steps, plus the one short
    /// step of ⌊x,y⌋ mod ρ taken at any of the q positions, in the shorter direction
    /// (both when the two directions tie and differ).
    fn dim_equation_walks(&self, i: usize, x: u32, y: u32) -> BigUint {
        let (m, r) = (self.m[i], self.rho[i]);
        let f = self.forward(i, x, y);
        let d = f.min(m - f);
        if d == 0 {
            return BigUint::one();
        }
        let q = d.div_ceil(r);
        let per_direction = if d > r && d % r != 0 { q } else { 1 };
        let directions = if f == m - f && 2 * r < m { 2 } else { 1 };
        BigUint::from(per_direction * directions)
    }

    /// The three path counts between a and b that the paper's routing discussion
    /// distinguishes: all minimal paths (the truth), those eq. 3.1.1 generates, and the
    /// greedy ones only (the multinomial I).
    pub fn path_counts(&self, a: Node, b: Node) -> PathCounts {
        let q = self.dim_distances(a, b);
        let inter = multinomial(&q);
        let mut minimal = inter.clone();
        let mut equation = inter.clone();
        for i in 0..self.m.len() {
            let (x, y) = (self.digit(a, i), self.digit(b, i));
            minimal *= self.dim_minimal_walks(i, x, y);
            equation *= self.dim_equation_walks(i, x, y);
        }
        PathCounts {
            minimal,
            equation,
            greedy: inter,
        }
    }

    /// The next digits allowed in dimension i at digit x towards y, for a strategy.
    fn dim_steps(&self, kind: HypercycleRouting, i: usize, x: u32, y: u32, out: &mut Vec<u32>) {
        let (m, r) = (self.m[i], self.rho[i]);
        let f = self.forward(i, x, y);
        if f == 0 {
            return;
        }
        let b = m - f;
        let d = f.min(b);
        let step = |dir_forward: bool, s: u32| {
            if dir_forward {
                (x + s) % m
            } else {
                (x + m - s) % m
            }
        };
        match kind {
            HypercycleRouting::Minimal => {
                let q = d.div_ceil(r);
                for s in 1..=r {
                    for fwd in [true, false] {
                        let t = step(fwd, s);
                        if self.dim_distance(i, t, y) + 1 == q && !out.contains(&t) {
                            out.push(t);
                        }
                    }
                }
            }
            HypercycleRouting::Equation => {
                for fwd in [true, false] {
                    if (fwd && f != d) || (!fwd && b != d) {
                        continue;
                    }
                    let mut push = |t: u32| {
                        if !out.contains(&t) {
                            out.push(t);
                        }
                    };
                    if d <= r {
                        push(y); // (e)
                    } else {
                        push(step(fwd, r)); // (a) / (c)
                        if d % r != 0 {
                            push(step(fwd, d % r)); // (b) / (d)
                        }
                    }
                }
            }
            HypercycleRouting::Greedy | HypercycleRouting::Ecube => {
                let fwd = f <= b;
                out.push(if d <= r { y } else { step(fwd, r) });
            }
        }
    }

    /// A routing relation of this network.
    pub fn routing(&self, kind: HypercycleRouting) -> HypercycleRouter<'_> {
        HypercycleRouter { net: self, kind }
    }
}

/// Path counts between two nodes under the paper's three readings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PathCounts {
    /// All minimal paths (breadth-first search decides; closed form here).
    pub minimal: BigUint,
    /// The paths eq. 3.1.1 generates.
    pub equation: BigUint,
    /// Greedy paths only: the multinomial q! / (q_1! … q_r!).
    pub greedy: BigUint,
}

/// The routing strategies of a Hypercycle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HypercycleRouting {
    /// Every minimal path.
    Minimal,
    /// Eq. 3.1.1: greedy steps plus the single shorter step at any point.
    Equation,
    /// Greedy only: maximal steps, the remainder last; on a tie, the increasing direction.
    Greedy,
    /// Dimension order, last digit (least significant) first, greedy in each.
    Ecube,
}

/// A [`HypercycleRouting`] bound to its network.
#[derive(Debug, Clone, Copy)]
pub struct HypercycleRouter<'a> {
    net: &'a Hypercycle,
    kind: HypercycleRouting,
}

impl Routing for HypercycleRouter<'_> {
    fn next_hops(&self, at: Node, dst: Node, out: &mut Vec<Node>) {
        let net = self.net;
        let mut digits = Vec::new();
        let dims: Box<dyn Iterator<Item = usize>> = match self.kind {
            HypercycleRouting::Ecube => Box::new(
                (0..net.m.len())
                    .rev()
                    .find(|&i| net.digit(at, i) != net.digit(dst, i))
                    .into_iter(),
            ),
            _ => Box::new(0..net.m.len()),
        };
        for i in dims {
            digits.clear();
            net.dim_steps(
                self.kind,
                i,
                net.digit(at, i),
                net.digit(dst, i),
                &mut digits,
            );
            out.extend(digits.iter().map(|&d| net.with_digit(at, i, d)));
        }
    }

    fn path_count(&self, src: Node, dst: Node) -> Option<BigUint> {
        Some(match self.kind {
            HypercycleRouting::Minimal => self.net.path_counts(src, dst).minimal,
            HypercycleRouting::Equation => self.net.path_counts(src, dst).equation,
            HypercycleRouting::Greedy => multinomial(&self.net.dim_distances(src, dst)),
            HypercycleRouting::Ecube => BigUint::one(),
        })
    }

    fn symmetry(&self) -> Option<&dyn RouteSymmetry> {
        Some(self)
    }
}

impl RouteSymmetry for HypercycleRouter<'_> {
    fn translation_invariant(&self) -> bool {
        true
    }

    /// Per dimension, not per node. Every strategy here is a product: at a node, the
    /// steps allowed in dimension i depend on digit i alone, and each step brings that
    /// digit one nearer (checked below), so a path is an interleaving of one walk per
    /// dimension (in any order, or e-cube's fixed one) and every dimension-i walk from x
    /// to y occurs in the same number of paths. Splitting a unit equally among the paths
    /// therefore splits its dimension-i part equally among the walks from x_i to 0, and a
    /// class (i, offset δ) carries, summed over the N / m_i sources with each digit x,
    /// (N / m_i) · Σ_{x → x' of offset δ} g(x) · τ(x'), τ(x) the walks from x to 0 and
    /// g(x) = Σ_z P(z, x) / τ(z) (as in the loads' pass over a routing's DAG, here on a
    /// ring of at most 36 digits). O(Σ m_i · ρ_i) for any N. The per-hop split is no product (a walk
    /// chooses among all dimensions' steps at once): `None`.
    fn class_loads_to_zero(&self, split: Split) -> Option<Vec<f64>> {
        if split != Split::PerPath {
            return None;
        }
        let net = self.net;
        let nodes = net.nodes as f64;
        let mut class = vec![0f64; net.channel_class_count()];
        let mut steps = Vec::new();
        for i in 0..net.m.len() {
            let m = net.m[i];
            let q = |x: u32| net.dim_distance(i, x, 0);
            let mut hops: Vec<Vec<u32>> = Vec::with_capacity(m as usize);
            for x in 0..m {
                steps.clear();
                net.dim_steps(self.kind, i, x, 0, &mut steps);
                if (x != 0 && steps.is_empty()) || steps.iter().any(|&y| q(y) + 1 != q(x)) {
                    return None;
                }
                hops.push(steps.clone());
            }
            let mut order: Vec<u32> = (0..m).collect();
            order.sort_by_key(|&x| q(x));
            let mut tau = vec![0f64; m as usize];
            tau[0] = 1.0;
            for &x in order.iter().skip(1) {
                tau[x as usize] = hops[x as usize].iter().map(|&y| tau[y as usize]).sum();
            }
            let mut g: Vec<f64> = (0..m as usize)
                .map(|x| if x == 0 { 0.0 } else { 1.0 / tau[x] })
                .collect();
            let sources = nodes / f64::from(m);
            for &x in order.iter().rev() {
                let gx = g[x as usize];
                for &y in &hops[x as usize] {
                    g[y as usize] += gx;
                    let c = net.class_offset[i] + net.forward(i, x, y) as usize - 1;
                    class[c] += sources * tau[y as usize] * gx;
                }
            }
        }
        Some(class)
    }
}

impl Graph for Hypercycle {
    fn node_count(&self) -> usize {
        self.nodes
    }

    fn neighbours(&self, v: Node, out: &mut Vec<Node>) {
        for i in 0..self.m.len() {
            let (m, x) = (self.m[i], self.digit(v, i));
            for s in 1..=self.rho[i] {
                out.push(self.with_digit(v, i, (x + s) % m));
                if 2 * s != m {
                    out.push(self.with_digit(v, i, (x + m - s) % m));
                }
            }
        }
    }

    fn link_count(&self) -> u64 {
        self.nodes as u64 * self.degree_formula() / 2
    }
}

impl Addresses for Hypercycle {
    fn format_node(&self, v: Node) -> String {
        (0..self.m.len())
            .map(|i| DIGITS[self.digit(v, i) as usize] as char)
            .collect()
    }

    fn parse_node(&self, text: &str) -> Result<Node, AddressError> {
        let text = text.trim();
        let r = self.m.len();
        if text.is_empty() {
            return Err(AddressError::Empty {
                expected: format!(
                    "type {r} digits, one per dimension, e.g. {}",
                    self.format_node(0)
                ),
            });
        }
        let got = text.chars().count();
        if got != r {
            return Err(AddressError::WrongLength {
                address: text.to_string(),
                got,
                want: r,
            });
        }
        let mut v = 0usize;
        for (i, ch) in text.chars().enumerate() {
            let radix = self.m[i];
            let d =
                ch.to_digit(36)
                    .filter(|&d| d < radix)
                    .ok_or_else(|| AddressError::BadDigit {
                        ch,
                        position: i + 1,
                        radix,
                        allowed: match radix {
                            2..=10 => format!("0-{}", radix - 1),
                            11 => "0-9, a".to_string(),
                            _ => format!("0-9, a-{}", DIGITS[radix as usize - 1] as char),
                        },
                    })?;
            v += d as usize * self.weight[i];
        }
        Ok(v)
    }
}

impl Topology for Hypercycle {
    fn distances(&self) -> Option<&dyn Distances> {
        Some(self)
    }

    fn symmetry(&self) -> Option<&dyn Symmetry> {
        Some(self)
    }

    fn channel_phases(&self) -> Option<&dyn ChannelPhases> {
        Some(self)
    }
}

impl Distances for Hypercycle {
    fn distance(&self, a: Node, b: Node) -> Option<u32> {
        Some(
            (0..self.m.len())
                .map(|i| self.dim_distance(i, self.digit(a, i), self.digit(b, i)))
                .sum(),
        )
    }

    /// The product of the per-ring distance counts (a convolution): O(r · diameter²).
    fn distance_counts_from(&self, _src: Node) -> Option<Vec<u64>> {
        let mut acc = vec![1u64];
        for (&m, &r) in self.m.iter().zip(&self.rho) {
            // Digits y of a ring of m at ring distance k from 0 sit at ⌈k/ρ⌉ steps.
            let mut ring = vec![0u64; (m / 2).div_ceil(r) as usize + 1];
            for y in 0..m {
                ring[y.min(m - y).div_ceil(r) as usize] += 1;
            }
            let mut next = vec![0u64; acc.len() + ring.len() - 1];
            for (i, &a) in acc.iter().enumerate() {
                for (j, &b) in ring.iter().enumerate() {
                    next[i + j] += a * b;
                }
            }
            acc = next;
        }
        Some(acc)
    }
}

/// Digit-wise rotations act transitively on the nodes.
impl Symmetry for Hypercycle {
    fn translations(&self) -> Option<&dyn Translations> {
        Some(self)
    }
}

impl Translations for Hypercycle {
    fn channel_class(&self, u: Node, v: Node) -> Option<usize> {
        let i = (0..self.m.len()).find(|&i| self.digit(u, i) != self.digit(v, i))?;
        let f = self.forward(i, self.digit(u, i), self.digit(v, i));
        Some(self.class_offset[i] + f as usize - 1)
    }

    fn channel_class_count(&self) -> usize {
        self.m.iter().map(|&m| m as usize - 1).sum()
    }
}

impl ChannelPhases for Hypercycle {
    /// Each dimension is a ring with chords (moves of up to ±ρᵢ): a hop crosses the
    /// dateline when it passes over the step from mᵢ − 1 to 0, either way (a move of
    /// exactly mᵢ/2 counts as forward).
    fn dateline(&self, u: Node, v: Node) -> Option<(usize, bool)> {
        let i = (0..self.m.len()).find(|&i| self.digit(u, i) != self.digit(v, i))?;
        let (m, x, y) = (self.m[i], self.digit(u, i), self.digit(v, i));
        let forward = (y + m - x) % m <= self.rho[i];
        Some((i, if forward { y < x } else { y > x }))
    }
}
