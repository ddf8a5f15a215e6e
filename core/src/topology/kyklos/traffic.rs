//! Link traffic of a strategy over all N² ordered pairs of L-nodes (TR-88-27 Table 3).
//!
//! Counting convention (the one that reproduces Table 3): every ordered pair (i, j) of
//! L-nodes sends one unit along the strategy's routes, split equally among them
//! ([`Kyklos::plans`]); the traffic of a link is the sum over both directions (a link is
//! undirected). This is twice Appendix C's T(v, n), which counts one direction. The
//! IB-node load here is the traffic *passing through* the node, not the partial-join
//! assignment of Table 3's second half (§VII).

use crate::topology::Node;

use super::{Kyklos, KyklosRouting};

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

    /// Traffic of `kind` over all ordered pairs of L-nodes.
    ///
    /// # Errors
    /// The reason, when the strategy is not defined here.
    ///
    /// # Complexity
    /// O(N² · paths per pair · n); meant for N up to a few thousand.
    pub fn traffic(&self, kind: KyklosRouting) -> Result<Traffic, String> {
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
        let mut levels = Vec::new();
        for t in 0..r {
            for v in 1..=self.n {
                let lower: Vec<usize> = (0..self.pow[self.n - v + 1])
                    .map(|o| {
                        let x = self.index(t, v - 1, o);
                        if v == 1 {
                            x * r + t
                        } else {
                            n_leaves * r + (x - n_leaves)
                        }
                    })
                    .collect();
                levels.push(LevelTraffic {
                    tree: t,
                    level: v,
                    links: lower.len(),
                    total: lower.iter().map(|&k| links[k]).sum(),
                    max: lower.iter().map(|&k| links[k]).fold(0.0, f64::max),
                });
            }
        }
        let tidy = crate::metrics::tidy;
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
