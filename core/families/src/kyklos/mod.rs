//! KYKLOS multiple-tree networks (Haddix, Dale, Jenevein, Walton, "The KYKLOS
//! (n mod r = 0) Routing Algorithm", UT Austin TR-88-27; Du, Hwang, Odlyzko, Zhang,
//! "Minimal-distance routing for KYKLOS II").
//!
//! KYKLOS-x⟨m, r, n⟩ has N = mⁿ leaf processors (L-nodes) shared by r complete m-ary
//! trees of n levels each. The trees differ only in which base-m digit of a leaf number
//! each level changes: level v of tree t changes digit z_tv (place value m^z_tv, digits
//! numbered from the right, 0-based). An IB-node at level v of tree t is the set of
//! leaves that agree on every digit except z_t1 … z_tv.
//!
//! ```text
//!   proposed KYKLOS-II⟨2,2,6⟩ (TR-88-27 Table 1)       leaf 37 = 100101 (base 2)
//!   level v     1  2  3  4  5  6                        digits  5 4 3 2 1 0
//!   z_0v        0  1  2  5  4  3
//!   z_1v        3  4  5  2  1  0
//! ```
//!
//! * `kyklos1:m=2,r=2,n=6` — KYKLOS-I: every tree has z_tv = v − 1.
//! * `kyklos2:m=2,r=2,n=6,shuffle=proposed` — TR-88-27 §IV: z_tv from h = n / r
//!   (needs n mod r = 0).
//! * `kyklos2:m=2,r=2,n=6,shuffle=original` — the Du et al. KYKLOS II: tree 0 is the
//!   identity, tree 1 the digit reversal z_1v = n − v (r = 2 only).
//!
//! Nodes: L-nodes are `0 … N−1` (printed in decimal; [`Kyklos::leaf_digits`] gives the
//! base-m string), then the IB-nodes `<t,v,o>` (tree t, level 1 ≤ v ≤ n, specifier
//! 0 ≤ o < m^(n−v)), numbered as in TR-88-27 Appendix B: o ranks the node's lowest
//! leaf, so o is the node's fixed digits read as a base-m number.

mod address;
mod density;
mod error;
mod family;
mod joins;
mod load;
mod routing;
mod strings;
mod symmetry;
mod traffic;

pub use density::{density, Density, DensityRule, LevelDensity, Ratio, MAX_DENSITY_N};
pub use error::{JoinError, NotD2Network, Unavailable};
pub use family::{KYKLOS1, KYKLOS2};
pub use joins::{join_level, GridSite, Join, JoinCell, JoinGrid, JoinLevelRow, JoinLoads};
pub use load::ProcessingLoad;
pub use routing::{KyklosRouter, KyklosRouting, Leg, PathPlan};
pub use strings::{RoutingStrings, TreeDepths};
pub use symmetry::KyklosOrbits;
pub use traffic::{ExactLinks, LevelTraffic, Traffic};

use icn_graph::error::ParamError;
use icn_graph::spec::{parse_number, Spec};
use icn_graph::{Addresses, Graph, Symmetry};
use icn_graph::{Node, Topology, MAX_NODES};

/// Digits are shown one character each, so the branching factor is at most 36.
pub const MAX_M: u64 = 36;

/// At most this many trees (tree sets are kept in 64-bit masks).
pub const MAX_R: u64 = 64;

/// Which leaf labelling the trees use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Shuffle {
    /// KYKLOS-I: every tree is the identity, z_tv = v − 1.
    Identity,
    /// KYKLOS-II as proposed in TR-88-27 §IV (n mod r = 0).
    Proposed,
    /// KYKLOS-II of Du et al.: tree 0 identity, tree 1 digit reversal (r = 2).
    Original,
}

impl Shuffle {
    /// The spec's `shuffle=` value (`identity` is written as the family `kyklos1`).
    pub fn name(self) -> &'static str {
        match self {
            Shuffle::Identity => "identity",
            Shuffle::Proposed => "proposed",
            Shuffle::Original => "original",
        }
    }
}

/// A validated KYKLOS network. Construct with [`Kyklos::new`] or [`Kyklos::from_spec`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kyklos {
    shuffle: Shuffle,
    m: usize,
    r: usize,
    n: usize,
    /// N = mⁿ.
    leaves: usize,
    /// IB-nodes per tree: (mⁿ − 1)/(m − 1).
    per_tree: usize,
    /// `pow[k]` = m^k, k = 0 ..= n.
    pow: Vec<usize>,
    /// `z[t][v-1]`: the dimension changed at level v of tree t.
    z: Vec<Vec<usize>>,
    /// `level_of[t][d]`: the level of tree t that changes dimension d.
    level_of: Vec<Vec<usize>>,
    /// `fixed[t][v]` (v = 0 ..= n): the dimensions fixed at level v, ascending; digit k
    /// of a level-v specifier o is the leaf digit at `fixed[t][v][k]`.
    fixed: Vec<Vec<Vec<usize>>>,
    /// `d[t][v]` (v = 1 ..= n; `d[t][0]` unused): Appendix B's d_tv, so r-span = m^d_tv.
    d: Vec<Vec<usize>>,
    /// First index of level v (1 ..= n) inside a tree's block.
    level_offset: Vec<usize>,
    /// Routing data cached on first use ([`symmetry`]), shared by clones.
    memo: std::sync::Arc<symmetry::Memo>,
}

/// An IB-node's name ⟨t, v, o⟩.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct IbNode {
    /// Tree, 0 ≤ t < r.
    pub tree: usize,
    /// Level, 1 ≤ v ≤ n.
    pub level: usize,
    /// Node specifier, 0 ≤ o < m^(n−v).
    pub spec: usize,
}

impl Kyklos {
    /// KYKLOS-I (`Shuffle::Identity`) or KYKLOS-II ⟨m, r, n⟩.
    ///
    /// # Errors
    /// m outside 2 ..= 36, r outside 1 ..= 64, n = 0, the proposed shuffle with
    /// n mod r ≠ 0, the original shuffle with r ≠ 2, or more than [`MAX_NODES`] nodes.
    pub fn new(shuffle: Shuffle, m: u64, r: u64, n: u64) -> Result<Self, ParamError> {
        if !(2..=MAX_M).contains(&m) {
            return Err(ParamError::OutOfRange {
                key: "m".into(),
                value: m,
                allowed: format!(
                    "the branching factor m is 2 to {MAX_M} (one character per digit)"
                ),
            });
        }
        if !(1..=MAX_R).contains(&r) {
            return Err(ParamError::OutOfRange {
                key: "r".into(),
                value: r,
                allowed: format!("the number of trees r is 1 to {MAX_R}"),
            });
        }
        if n == 0 {
            return Err(ParamError::OutOfRange {
                key: "n".into(),
                value: n,
                allowed: "the number of levels n is at least 1".into(),
            });
        }
        match shuffle {
            Shuffle::Proposed if n % r != 0 => {
                return Err(ParamError::OutOfRange {
                    key: "r".into(),
                    value: r,
                    allowed: format!(
                        "the proposed shuffle needs n mod r = 0 (h = n/r levels per equi-slice); the divisors of n = {n} up to {MAX_R} are {}",
                        // Only r's range: listing every divisor of a huge n would hang.
                        (1..=n.min(MAX_R)).filter(|d| n % d == 0).map(|d| d.to_string()).collect::<Vec<_>>().join(", ")
                    ),
                });
            }
            Shuffle::Original if r != 2 => {
                return Err(ParamError::OutOfRange {
                    key: "r".into(),
                    value: r,
                    allowed: "the original KYKLOS II (Du et al.) has exactly r = 2 trees; use shuffle=proposed for more".into(),
                });
            }
            _ => {}
        }
        // Node count, checked: N + r·(N − 1)/(m − 1).
        let too_large = |nodes: Option<u128>| ParamError::TooLarge {
            nodes: nodes.unwrap_or(u128::MAX),
            max: MAX_NODES,
        };
        let leaves = u32::try_from(n)
            .ok()
            .and_then(|e| u128::from(m).checked_pow(e));
        let total = leaves.and_then(|l| {
            ((l - 1) / u128::from(m - 1))
                .checked_mul(u128::from(r))
                .and_then(|b| b.checked_add(l))
        });
        match total {
            Some(t) if t <= u128::from(MAX_NODES) => {}
            other => return Err(too_large(other)),
        }
        let (m, r, n) = (m as usize, r as usize, n as usize);
        let mut pow = vec![1usize; n + 1];
        for k in 1..=n {
            pow[k] = pow[k - 1] * m;
        }
        let leaves = pow[n];
        let z: Vec<Vec<usize>> = (0..r).map(|t| dims_of_tree(shuffle, r, n, t)).collect();
        let mut level_of = vec![vec![0usize; n]; r];
        for (t, zt) in z.iter().enumerate() {
            for (i, &dim) in zt.iter().enumerate() {
                level_of[t][dim] = i + 1;
            }
        }
        let fixed: Vec<Vec<Vec<usize>>> = z
            .iter()
            .map(|zt| {
                (0..=n)
                    .map(|v| {
                        let mut f: Vec<usize> = zt[v..].to_vec();
                        f.sort_unstable();
                        f
                    })
                    .collect()
            })
            .collect();
        let d: Vec<Vec<usize>> = z
            .iter()
            .map(|zt| {
                let mut dt = vec![0usize; n + 1];
                for v in 1..=n {
                    dt[v] = zt[v..].iter().filter(|&&g| g < zt[v - 1]).count();
                }
                dt
            })
            .collect();
        let mut level_offset = vec![0usize; n + 2];
        for v in 1..=n {
            level_offset[v + 1] = level_offset[v] + pow[n - v];
        }
        Ok(Kyklos {
            shuffle,
            m,
            r,
            n,
            leaves,
            per_tree: level_offset[n + 1],
            pow,
            z,
            level_of,
            fixed,
            d,
            level_offset,
            memo: std::sync::Arc::default(),
        })
    }

    /// Reads `kyklos1:m=…,r=…,n=…` or `kyklos2:m=…,r=…,n=…[,shuffle=proposed|original]`
    /// (m defaults to 2, r to 2; the shuffle to `proposed`).
    ///
    /// # Errors
    /// Unknown keys, malformed numbers, or parameters [`Kyklos::new`] rejects.
    pub fn from_spec(spec: &Spec) -> Result<Self, ParamError> {
        let (family, shuffle) = if spec.family == "kyklos1" {
            spec.check_keys(
                "kyklos1",
                &["m", "r", "n"],
                &[],
                "m (branching factor), r (trees) and n (levels)",
            )?;
            ("kyklos1", Shuffle::Identity)
        } else {
            spec.check_keys(
                "kyklos2",
                &["m", "r", "n", "shuffle"],
                &[],
                "m (branching factor), r (trees), n (levels) and shuffle (proposed or original)",
            )?;
            let shuffle = match spec.value("shuffle") {
                None | Some("proposed") => Shuffle::Proposed,
                Some("original") => Shuffle::Original,
                Some(other) => {
                    return Err(ParamError::Malformed {
                        key: "shuffle",
                        value: other.to_string(),
                        why: "the shuffle is 'proposed' (TR-88-27, n mod r = 0) or 'original' (Du et al., r = 2)".into(),
                    })
                }
            };
            ("kyklos2", shuffle)
        };
        let number = |key: &'static str, default: Option<u64>| match spec.value(key) {
            Some(v) => parse_number(key, v),
            None => default.ok_or(ParamError::Missing {
                family,
                key,
                help: "the number of levels, e.g. n=6 (N = mⁿ leaves)",
            }),
        };
        let m = number("m", Some(2))?;
        let r = number("r", Some(2))?;
        let n = number("n", None)?;
        Self::new(shuffle, m, r, n)
    }

    /// The canonical spec of this network (every parameter written out).
    pub fn spec_string(&self) -> String {
        let (m, r, n) = (self.m, self.r, self.n);
        match self.shuffle {
            Shuffle::Identity => format!("kyklos1:m={m},r={r},n={n}"),
            s => format!("kyklos2:m={m},r={r},n={n},shuffle={}", s.name()),
        }
    }

    /// The leaf labelling.
    pub fn shuffle(&self) -> Shuffle {
        self.shuffle
    }

    /// The branching factor m.
    pub fn m(&self) -> usize {
        self.m
    }

    /// The number of trees r.
    pub fn r(&self) -> usize {
        self.r
    }

    /// The number of levels n (= digits of a leaf number).
    pub fn n(&self) -> usize {
        self.n
    }

    /// The number of L-nodes, N = mⁿ.
    pub fn leaf_count(&self) -> usize {
        self.leaves
    }

    /// The number of IB-nodes, B = r·(mⁿ − 1)/(m − 1).
    pub fn ib_count(&self) -> usize {
        self.r * self.per_tree
    }

    /// The equi-slice height h = n / r of the proposed shuffle (`None` otherwise).
    pub fn h(&self) -> Option<usize> {
        (self.shuffle == Shuffle::Proposed).then_some(self.n / self.r)
    }

    /// Whether node v is an L-node.
    pub fn is_leaf(&self, v: Node) -> bool {
        v < self.leaves
    }

    /// z_tv: the dimension changed at level v (1 ..= n) of tree t.
    pub fn dimension(&self, t: usize, v: usize) -> usize {
        self.z[t][v - 1]
    }

    /// The level of tree t that changes dimension `dim`.
    pub fn level_of(&self, t: usize, dim: usize) -> usize {
        self.level_of[t][dim]
    }

    /// span_tv = m^z_tv (TR-88-27 §IV, with 0-based z as in its Table 1).
    pub fn span(&self, t: usize, v: usize) -> usize {
        self.pow[self.z[t][v - 1]]
    }

    /// Appendix B's d_tv: levels above v whose dimension is below z_tv.
    pub fn d(&self, t: usize, v: usize) -> usize {
        self.d[t][v]
    }

    /// Appendix B's real span r-span_tv = m^d_tv: the specifier step between the
    /// children of a level-v node.
    pub fn real_span(&self, t: usize, v: usize) -> usize {
        self.pow[self.d[t][v]]
    }

    /// Digit `dim` (place value m^dim) of leaf x.
    pub fn digit(&self, x: Node, dim: usize) -> usize {
        (x / self.pow[dim]) % self.m
    }

    /// The base-m digit string of leaf x, most significant first (`24` → `011000`).
    pub fn leaf_digits(&self, x: Node) -> String {
        (0..self.n)
            .rev()
            .map(|d| char::from_digit(self.digit(x, d) as u32, 36).unwrap_or('?'))
            .collect()
    }

    /// The node index of IB-node ⟨t, v, o⟩ (v ≥ 1), or of leaf o when v = 0.
    pub fn index(&self, t: usize, v: usize, o: usize) -> Node {
        if v == 0 {
            o
        } else {
            self.leaves + t * self.per_tree + self.level_offset[v] + o
        }
    }

    /// The name ⟨t, v, o⟩ of node `x`, or `None` for an L-node.
    pub fn ib(&self, x: Node) -> Option<IbNode> {
        let k = x.checked_sub(self.leaves)?;
        let (tree, rest) = (k / self.per_tree, k % self.per_tree);
        // level_offset[1] = 0 < level_offset[2] < …: the last level starting at or before
        // `rest`, by binary search (this runs for every node of every pass).
        let level = self.level_offset[1..=self.n]
            .partition_point(|&o| o <= rest)
            .max(1);
        Some(IbNode {
            tree,
            level,
            spec: rest - self.level_offset[level],
        })
    }

    /// The level of node x (0 for an L-node).
    pub fn level(&self, x: Node) -> usize {
        self.ib(x).map_or(0, |b| b.level)
    }

    /// The tree of node x (`None` for an L-node, which is in every tree).
    pub fn tree(&self, x: Node) -> Option<usize> {
        self.ib(x).map(|b| b.tree)
    }

    /// Appendix B: the parent specifier of ⟨t, v, o⟩ (v = 0: leaf o), at level v + 1.
    /// u = r-span_t(v+1), w = o mod u + u·(o div (m·u)).
    pub fn parent_spec(&self, t: usize, v: usize, o: usize) -> usize {
        let u = self.real_span(t, v + 1);
        o % u + u * (o / (self.m * u))
    }

    /// Appendix B: child c of ⟨t, v, o⟩, at level v − 1 (a leaf when v = 1).
    /// u = r-span_tv, w_c = o mod u + m·u·(o div u) + c·u.
    pub fn child_spec(&self, t: usize, v: usize, o: usize, c: usize) -> usize {
        let u = self.real_span(t, v);
        o % u + self.m * u * (o / u) + c * u
    }

    /// The level-v ancestor specifier of leaf x in tree t (its fixed digits as a number).
    pub fn ancestor_spec(&self, t: usize, v: usize, x: Node) -> usize {
        self.fixed[t][v]
            .iter()
            .enumerate()
            .map(|(k, &dim)| self.digit(x, dim) * self.pow[k])
            .sum()
    }

    /// The lowest-numbered leaf below ⟨t, v, o⟩ (free digits 0).
    pub fn lowest_leaf(&self, t: usize, v: usize, o: usize) -> Node {
        self.fixed[t][v]
            .iter()
            .enumerate()
            .map(|(k, &dim)| ((o / self.pow[k]) % self.m) * self.pow[dim])
            .sum()
    }

    /// Whether leaf x lies below ⟨t, v, o⟩.
    pub fn contains(&self, t: usize, v: usize, o: usize, x: Node) -> bool {
        self.ancestor_spec(t, v, x) == o
    }

    /// The node one level up from x in tree t (x an L-node or an IB-node of tree t
    /// below the root).
    pub fn parent(&self, t: usize, x: Node) -> Option<Node> {
        let (v, o) = match self.ib(x) {
            None => (0, x),
            Some(b) if b.tree == t && b.level < self.n => (b.level, b.spec),
            Some(_) => return None,
        };
        Some(self.index(t, v + 1, self.parent_spec(t, v, o)))
    }

    /// The child of IB-node x towards leaf `toward` (which must lie below x).
    pub fn child_towards(&self, x: Node, toward: Node) -> Option<Node> {
        let b = self.ib(x)?;
        let c = self.digit(toward, self.dimension(b.tree, b.level));
        Some(self.index(
            b.tree,
            b.level - 1,
            self.child_spec(b.tree, b.level, b.spec, c),
        ))
    }

    /// The single-tree level L_t(a, b): the highest level of tree t whose dimension
    /// differs between leaves a and b (0 when a = b). The tree path has 2·L_t hops.
    pub fn tree_levels(&self, t: usize, a: Node, b: Node) -> usize {
        (0..self.n)
            .filter(|&dim| self.digit(a, dim) != self.digit(b, dim))
            .map(|dim| self.level_of[t][dim])
            .max()
            .unwrap_or(0)
    }

    /// The leaf reached from a by traversing `levels` levels of tree t towards b: a with
    /// the digits z_t1 … z_t,levels replaced by b's.
    pub fn leg_target(&self, t: usize, levels: usize, a: Node, b: Node) -> Node {
        let mut x = a;
        for v in 1..=levels {
            let dim = self.z[t][v - 1];
            x = x - self.digit(x, dim) * self.pow[dim] + self.digit(b, dim) * self.pow[dim];
        }
        x
    }

    /// The node sequence of one leg: up `levels` levels of tree t from leaf a, then down
    /// to the leaf [`Kyklos::leg_target`] (a and the target included).
    pub fn leg_nodes(&self, t: usize, levels: usize, a: Node, b: Node) -> Vec<Node> {
        let target = self.leg_target(t, levels, a, b);
        let mut up = vec![a];
        let mut x = a;
        for _ in 0..levels {
            if let Some(p) = self.parent(t, x) {
                x = p;
                up.push(x);
            }
        }
        while let Some(c) = self.child_towards(x, target) {
            x = c;
            up.push(x);
        }
        up
    }
}

/// z_t1 … z_tn for tree t.
fn dims_of_tree(shuffle: Shuffle, r: usize, n: usize, t: usize) -> Vec<usize> {
    match shuffle {
        Shuffle::Identity => (0..n).collect(),
        Shuffle::Original => {
            if t == 0 {
                (0..n).collect()
            } else {
                (0..n).rev().collect()
            }
        }
        Shuffle::Proposed => (1..=n).map(|v| proposed_z(r, n, t, v)).collect(),
    }
}

/// TR-88-27 §IV, verbatim: z = h·t + v − 1; if v > h, z += h + 1 − 2·((v − 1) mod h + 1);
/// z mod n.
pub fn proposed_z(r: usize, n: usize, t: usize, v: usize) -> usize {
    let h = (n / r) as i64;
    let (t, v) = (t as i64, v as i64);
    let mut z = h * t + v - 1;
    if v > h {
        z += h + 1 - 2 * ((v - 1) % h + 1);
    }
    z.rem_euclid(n as i64) as usize
}

impl Graph for Kyklos {
    fn node_count(&self) -> usize {
        self.leaves + self.r * self.per_tree
    }

    /// The L-nodes (processors) are the terminals; IB-nodes only forward.
    fn terminal_count(&self) -> usize {
        self.leaves
    }

    fn neighbours(&self, x: Node, out: &mut Vec<Node>) {
        match self.ib(x) {
            None => {
                for t in 0..self.r {
                    out.push(self.index(t, 1, self.parent_spec(t, 0, x)));
                }
            }
            Some(b) => {
                if b.level < self.n {
                    out.push(self.index(
                        b.tree,
                        b.level + 1,
                        self.parent_spec(b.tree, b.level, b.spec),
                    ));
                }
                for c in 0..self.m {
                    out.push(self.index(
                        b.tree,
                        b.level - 1,
                        self.child_spec(b.tree, b.level, b.spec, c),
                    ));
                }
            }
        }
    }

    fn link_count(&self) -> u64 {
        // Every node but a root has one parent link per tree it belongs to.
        (self.r * (self.per_tree - 1) + self.r * self.leaves) as u64
    }
}

impl Addresses for Kyklos {
    fn format_node(&self, x: Node) -> String {
        match self.ib(x) {
            None => x.to_string(),
            Some(b) => format!("<{},{},{}>", b.tree, b.level, b.spec),
        }
    }

    fn parse_node(&self, text: &str) -> Result<Node, icn_graph::error::AddressError> {
        address::parse(self, text)
    }
}

impl Topology for Kyklos {
    fn symmetry(&self) -> Option<&dyn Symmetry> {
        Some(self)
    }
}

impl Symmetry for Kyklos {
    /// Digit-wise translation x ↦ x + c (each base-m digit mod m) is an automorphism: an
    /// IB-node at level v of tree t is a class of leaves that agree on every digit but
    /// z_t1 … z_tv, and translation maps such classes onto such classes, in every tree and
    /// for every shuffle. It moves L-node 0 to any L-node c, so processor 0's distances
    /// serve for all (the D2 paper's processor symmetry).
    fn terminal_transitive(&self) -> bool {
        true
    }
}
