//! Link traffic of a strategy over all N² ordered pairs of L-nodes (TR-88-27 Table 3).
//!
//! Counting convention (the one that reproduces Table 3): every ordered pair (i, j) of
//! L-nodes sends one unit along the strategy's routes, split equally among them
//! ([`Kyklos::plans`]); the traffic of a link is the sum over both directions (a link is
//! undirected). This is twice Appendix C's T(v, n), which counts one direction. The
//! IB-node load here is the traffic *passing through* the node, not the partial-join
//! assignment of Table 3's second half (§VII).

use icn_graph::math::{Ratio, ShareSums};
use icn_graph::Node;

use super::{Kyklos, KyklosRouting, Unavailable};

/// The traffic on the links between level v − 1 and level v of one tree.
#[derive(Debug, Clone, PartialEq)]
pub struct LevelTraffic {
    /// The tree.
    pub tree: usize,
    /// The upper level v (1 ..= n).
    pub level: usize,
    /// Links at this level: m^(n−v+1).
    pub links: usize,
    /// Their total traffic.
    pub total: f64,
    /// The busiest one's traffic.
    pub max: f64,
}

/// Link and node traffic of one strategy.
#[derive(Debug, Clone, PartialEq)]
pub struct Traffic {
    /// Per link, indexed by [`Kyklos::link_index`].
    pub links: Vec<f64>,
    /// Per tree and level, tree-major.
    pub levels: Vec<LevelTraffic>,
    /// The busiest link (Table 3's "maximum link traffic density").
    pub max_link: f64,
    /// Total hops of all pairs.
    pub total: f64,
    /// The most traffic passing through one IB-node.
    pub max_ib_node: f64,
    /// The most traffic passing through one L-node (pass-throughs).
    pub max_pass_through: f64,
}

impl Kyklos {
    /// The dense index of the link between x and y (adjacent nodes), keyed by its lower
    /// end: L-node x in tree t is x·r + t; an IB-node below the root is N·r + (x − N).
    pub fn link_index(&self, x: Node, y: Node) -> usize {
        let (lo, hi) = if self.level(x) < self.level(y) {
            (x, y)
        } else {
            (y, x)
        };
        match self.tree(hi) {
            Some(t) if self.is_leaf(lo) => lo * self.r + t,
            _ => self.leaves * self.r + (lo - self.leaves),
        }
    }

    /// Per tree and level (tree-major, levels bottom up), the links between level v − 1
    /// and level v and their total and largest traffic, from per-link traffic indexed by
    /// [`Kyklos::link_index`] (as [`Kyklos::traffic`] or
    /// [`Kyklos::link_traffic_by_symmetry`] return it).
    pub fn level_traffic(&self, links: &[f64]) -> Vec<LevelTraffic> {
        let mut levels = Vec::new();
        for t in 0..self.r {
            for v in 1..=self.n {
                let lower = self.level_links(t, v);
                levels.push(LevelTraffic {
                    tree: t,
                    level: v,
                    links: lower.len(),
                    total: lower.iter().map(|&k| links[k]).sum(),
                    max: lower.iter().map(|&k| links[k]).fold(0.0, f64::max),
                });
            }
        }
        levels
    }

    /// The indices ([`Kyklos::link_index`]) of tree t's links between level v − 1 and
    /// level v (v = 1 ..= n).
    pub fn level_links(&self, t: usize, v: usize) -> Vec<usize> {
        let (n_leaves, r) = (self.leaves, self.r);
        (0..self.pow[self.n - v + 1])
            .map(|o| {
                let x = self.index(t, v - 1, o);
                if v == 1 {
                    x * r + t
                } else {
                    n_leaves * r + (x - n_leaves)
                }
            })
            .collect()
    }

    /// Traffic of `kind` over all ordered pairs of L-nodes.
    ///
    /// # Errors
    /// The reason, when the strategy is not defined here.
    ///
    /// # Complexity
    /// O(N² · paths per pair · n); meant for N up to a few thousand.
    pub fn traffic(&self, kind: KyklosRouting) -> Result<Traffic, Unavailable> {
        let (n_leaves, r) = (self.leaves, self.r);
        let mut links = vec![0f64; n_leaves * r + r * self.per_tree];
        let mut nodes = vec![0f64; n_leaves + r * self.per_tree];
        let mut total = 0.0;
        let router = self.routing(kind)?;
        for dst in 0..n_leaves {
            for src in 0..n_leaves {
                if src == dst {
                    continue;
                }
                let plans = self.plans_with(kind, src, dst, Some(&router))?;
                let share = 1.0 / plans.len() as f64;
                for plan in &plans {
                    let path = self.plan_nodes(src, plan);
                    total += share * (path.len() - 1) as f64;
                    for w in path.windows(2) {
                        links[self.link_index(w[0], w[1])] += share;
                    }
                    for &x in &path[1..path.len() - 1] {
                        nodes[x] += share;
                    }
                }
            }
        }
        let levels = self.level_traffic(&links);
        let tidy = icn_graph::math::tidy;
        Ok(Traffic {
            max_link: tidy(links.iter().copied().fold(0.0, f64::max)),
            total: tidy(total),
            max_ib_node: tidy(nodes[n_leaves..].iter().copied().fold(0.0, f64::max)),
            max_pass_through: tidy(nodes[..n_leaves].iter().copied().fold(0.0, f64::max)),
            links,
            levels,
        })
    }
}

impl Kyklos {
    /// The dense link index of the link above the level-v node ⟨t, v, o⟩ (v = 0: leaf o),
    /// the same numbering as [`Kyklos::link_index`].
    fn link_above(&self, t: usize, v: usize, o: usize) -> usize {
        if v == 0 {
            o * self.r + t
        } else {
            self.leaves * self.r + t * self.per_tree + self.level_offset[v] + o
        }
    }

    /// Counts one share on every link of `plan`.
    fn add_plan(&self, links: &mut [u64], plan: &super::PathPlan) {
        for leg in &plan.legs {
            for end in [leg.from, leg.to] {
                let mut o = end;
                for v in 0..leg.levels {
                    links[self.link_above(leg.tree, v, o)] += 1;
                    o = self.parent_spec(leg.tree, v, o);
                }
            }
        }
    }

    /// The per-link traffic of [`Kyklos::traffic`] (same numbering, same convention),
    /// computed from the routes towards L-node 0 only and the translation symmetry.
    ///
    /// Adding a leaf c digit-wise (mod m) to every leaf is an automorphism of the network
    /// that keeps every tree and level and moves the level-v node o to o + c's fixed
    /// digits. M-r, H-r, P-r and D2 route (i, j) along the translate by j of the route
    /// (i − j, 0); Y-2 does too once its start tree s(j) is fixed. So the traffic of the
    /// link above node o is Σ_j R_s(j)(o − spec(j)), with R_s the traffic of all routes
    /// towards 0 under start tree s. Cost: N routes per start tree, plus
    /// O(r · Σ_v (m^(n−v))²) additions (≈ 10⁸ for N = 4096). The tests check it against
    /// [`Kyklos::traffic`] on every small network.
    ///
    /// # Errors
    /// The reason, when the strategy is not defined here.
    pub fn link_traffic_by_symmetry(&self, kind: KyklosRouting) -> Result<Vec<f64>, Unavailable> {
        let exact = self.link_traffic_exact(kind)?;
        let scale = exact.scale as f64;
        Ok(exact.links.iter().map(|&x| x as f64 / scale).collect())
    }

    /// [`Kyklos::link_traffic_by_symmetry`] in exact arithmetic: every link's traffic as
    /// an integer multiple of 1/`scale` (the least common denominator of the routes'
    /// splits), so Table 3's densities can be shown as fractions.
    ///
    /// # Errors
    /// The reason, when the strategy is not defined here.
    pub fn link_traffic_exact(&self, kind: KyklosRouting) -> Result<ExactLinks, Unavailable> {
        let router = self.routing(kind)?;
        let (nl, r, n) = (self.leaves, self.r, self.n);
        let y2 = kind == KyklosRouting::Y2;
        let classes = if y2 { r } else { 1 };
        let class_of = |j: Node| if y2 { self.y2_start_tree(j) } else { 0 };
        let nlinks = nl * r + r * self.per_tree;
        let mut shares = vec![ShareSums::new(nlinks); classes];
        for (s, load) in shares.iter_mut().enumerate() {
            for src in 1..nl {
                let plans = if y2 {
                    let levels = self.y2_levels_for(self.xor_mask(src, 0), s);
                    let order: Vec<(usize, usize)> =
                        (0..r).map(|k| ((s + k) % r, levels[(s + k) % r])).collect();
                    vec![self.chain(src, 0, &order)]
                } else {
                    self.plans_with(kind, src, 0, Some(&router))?
                };
                let counts = load.shares_of(plans.len() as u64);
                for plan in &plans {
                    self.add_plan(counts, plan);
                }
            }
        }
        // Every class over one common denominator.
        let scaled: Vec<(u64, Vec<u64>)> = shares.iter().map(ShareSums::scaled).collect();
        let scale = scaled.iter().fold(1u64, |l, &(d, _)| {
            l / icn_graph::math::gcd(u128::from(l), u128::from(d)) as u64 * d
        });
        let base: Vec<Vec<u64>> = scaled
            .into_iter()
            .map(|(d, v)| v.into_iter().map(|x| x * (scale / d)).collect())
            .collect();
        let mut links = vec![0u64; nlinks];
        let levels = (0..n).map(|v| (v, 0..r));
        self.translate_sum(
            &base,
            class_of,
            levels,
            |t, v, o| self.link_above(t, v, o),
            &mut links,
        );
        Ok(ExactLinks { scale, links })
    }

    /// The translation step of the symmetry method: from per-slot values of the routes
    /// towards L-node 0 (`base[s]` for the destinations of class s), the values over all
    /// destinations, out[slot(t, v, o)] += Σ_j base[class_of(j)][slot(t, v, o − spec(j))],
    /// for each level v and each tree t that `levels` lists (spec(j): j's level-v
    /// ancestor specifier in tree t). Cost: Σ (m^(n−v))² per listed (v, t) and class.
    pub(crate) fn translate_sum(
        &self,
        base: &[Vec<u64>],
        class_of: impl Fn(Node) -> usize,
        levels: impl Iterator<Item = (usize, std::ops::Range<usize>)>,
        slot: impl Fn(usize, usize, usize) -> usize,
        out: &mut [u64],
    ) {
        let n = self.n;
        for (v, trees) in levels {
            let size = self.pow[n - v];
            for t in trees {
                for (s, load) in base.iter().enumerate() {
                    let mut count = vec![0u64; size];
                    for j in (0..self.leaves).filter(|&j| class_of(j) == s) {
                        count[self.ancestor_spec(t, v, j)] += 1;
                    }
                    for (p, &c) in count.iter().enumerate().filter(|(_, &c)| c > 0) {
                        for o in 0..size {
                            out[slot(t, v, o)] +=
                                c * load[slot(t, v, self.digit_add(o, p, n - v, true))];
                        }
                    }
                }
            }
        }
    }

    /// The busiest link's traffic (Table 3's maximum link traffic density), by
    /// [`Kyklos::link_traffic_by_symmetry`].
    ///
    /// # Errors
    /// The reason, when the strategy is not defined here.
    pub fn max_link_traffic(&self, kind: KyklosRouting) -> Result<f64, Unavailable> {
        Ok(self.max_link_traffic_exact(kind)?.value())
    }

    /// [`Kyklos::max_link_traffic`] as an exact fraction.
    ///
    /// # Errors
    /// The reason, when the strategy is not defined here.
    pub fn max_link_traffic_exact(&self, kind: KyklosRouting) -> Result<Ratio, Unavailable> {
        let exact = self.link_traffic_exact(kind)?;
        let max = exact.links.iter().copied().max().unwrap_or(0);
        Ok(Ratio::new(max.into(), exact.scale.into()))
    }
}

/// Per-link traffic in exact arithmetic ([`Kyklos::link_traffic_exact`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExactLinks {
    /// The common denominator.
    pub scale: u64,
    /// Each link's traffic times `scale`, indexed as [`Kyklos::link_index`].
    pub links: Vec<u64>,
}

impl ExactLinks {
    /// Link `k`'s traffic, exactly.
    pub fn ratio(&self, k: usize) -> Ratio {
        Ratio::new(self.links[k].into(), self.scale.into())
    }
}
