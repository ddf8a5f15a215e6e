//! IB-node processing load: where the partial joins of all N² ordered pairs are computed
//! (TR-88-27 §II, §VII and the second half of Table 3).
//!
//! Every ordered pair (i, j) of L-nodes is one partial join ⟨R_j, S_i⟩ (the S fragment at
//! i, the R fragment at j); i = j joins at the L-node (§II). The others go to an IB-node
//! by one of three assignments, one per column of Table 3:
//!
//! * **mid-point** (K-1 and P-2): the middle node of the route, the node ½·length hops
//!   from the source; a pair with several routes splits its join equally among their
//!   middles (so loads can be fractional). Routes of even length always have a middle
//!   node; it may be a pass-through L-node.
//! * **H-2 quasi-level**: the join tree t is chosen as Appendix A does for Y-2 (the start
//!   tree s of R's node j, or the next tree with a non-zero slice string); the R fragment
//!   follows the H-2 route from j to i that ends in tree t, and the join happens at the
//!   level v that §VII's algorithm assigns to t's h-bit slice string (Y_t's lowest h bits,
//!   with the special cases at 2^h − 2 and 2^h − 1), at i's level-v ancestor. That is the text's "minor modification" of the
//!   Y-2 assignment for H2, our reading; it gives exactly the loads §VII states,
//!   N/2 + N^½ − 1 at level 1 and N/2 at levels 2 … h, and Table 3's H-2 column.
//! * **Y-2 level loading**: [`Kyklos::join`] (§VII, Appendix A), N/2 at every IB-node.

use serde::Serialize;

use icn_graph::math::{Ratio, ShareSums};
use icn_graph::Node;

use super::{join_level, JoinError, Kyklos, KyklosRouting};
use icn_graph::Graph;

/// Partial joins per node under one assignment.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ProcessingLoad {
    /// Expected partial joins at each node (L-nodes first, then IB-nodes, by index).
    pub per_node: Vec<f64>,
    /// The most partial joins at one IB-node of level v, v = 0 ..= n (v = 0: L-nodes).
    pub max_per_level: Vec<f64>,
    /// The most at any IB-node (Table 3's "maximum IB-node processing load").
    pub max_ib_node: f64,
    /// The same, exactly (routes split among equal alternatives make it a fraction).
    pub max_ib_node_exact: Ratio,
}

impl Kyklos {
    /// The load from every node's count of partial joins times `scale`.
    fn processing_load(&self, scale: u64, scaled: &[u64]) -> ProcessingLoad {
        let mut max_per_level = vec![0u64; self.n + 1];
        for (x, &c) in scaled.iter().enumerate() {
            let v = self.level(x);
            max_per_level[v] = max_per_level[v].max(c);
        }
        let value = |c: u64| c as f64 / scale as f64;
        let max_ib = max_per_level[1..].iter().copied().max().unwrap_or(0);
        ProcessingLoad {
            max_ib_node: value(max_ib),
            max_ib_node_exact: Ratio::new(max_ib.into(), scale.into()),
            max_per_level: max_per_level.into_iter().map(value).collect(),
            per_node: scaled.iter().map(|&c| value(c)).collect(),
        }
    }

    /// Joins at the middle of `kind`'s routes (K-1 with M-r on KYKLOS-I, P-2 with P-r),
    /// over all N² ordered pairs (i = j joins at the L-node).
    ///
    /// By translation symmetry, as [`Kyklos::link_traffic_by_symmetry`]: the route from
    /// i to j is the translate by j of the route from i − j to 0, so its middle node is
    /// the translate of that route's middle node; only the N − 1 routes towards L-node 0
    /// are computed. The tests check it against the all-pairs count on small networks.
    ///
    /// # Errors
    /// The reason, when the strategy is not defined here; Y-2, whose routes depend on
    /// the destination's start tree, places its joins by [`Kyklos::y2_join_load`].
    ///
    /// # Complexity
    /// N routes, plus O(r · Σ_v (m^(n−v))²) additions.
    pub fn midpoint_join_load(&self, kind: KyklosRouting) -> Result<ProcessingLoad, JoinError> {
        if kind == KyklosRouting::Y2 {
            return Err(JoinError::Y2Midpoint);
        }
        let nodes = self.leaves + self.r * self.per_tree;
        let mut shares = ShareSums::new(nodes);
        let router = self.routing(kind)?;
        for src in 1..self.leaves {
            let plans = self.plans_with(kind, src, 0, Some(&router))?;
            let counts = shares.shares_of(plans.len() as u64);
            for plan in &plans {
                let path = self.plan_nodes(src, plan);
                counts[path[(path.len() - 1) / 2]] += 1;
            }
        }
        let (scale, base) = shares.scaled();
        let mut scaled = vec![0u64; nodes];
        // L-nodes are shared by the trees: level 0 once, through tree 0.
        let levels = (0..=self.n).map(|v| (v, if v == 0 { 0..1 } else { 0..self.r }));
        self.translate_sum(
            &[base],
            |_| 0,
            levels,
            |t, v, o| self.index(t, v, o),
            &mut scaled,
        );
        for x in scaled.iter_mut().take(self.leaves) {
            *x += scale; // i = j
        }
        Ok(self.processing_load(scale, &scaled))
    }

    /// The H-2 quasi-level assignment (module docs): the join site for S at i and R at j.
    ///
    /// # Errors
    /// When H-r is not defined here, or the network has no slice height h (not the
    /// proposed shuffle with n mod r = 0).
    pub fn h2_join_site(&self, i: Node, j: Node) -> Result<Node, JoinError> {
        let h = self.h().ok_or(JoinError::H2NeedsSlices)?;
        if i == j {
            return Ok(i);
        }
        // The join tree as Appendix A chooses it: the start tree s of R's node j, or the
        // next tree whose slice string is not zero.
        let s = self.y2_start_tree(j);
        let slice = |t: usize| self.y_mask(t, i, j) & ((1 << h) - 1);
        let t = (0..self.r)
            .map(|k| (s + k) % self.r)
            .find(|&t| slice(t) > 0)
            .ok_or(JoinError::EqualSlices)?;
        // R follows the H-2 route that ends in tree t.
        let plans = self.plans(KyklosRouting::Hr, j, i)?;
        let last = plans
            .iter()
            .filter_map(|p| p.legs.last())
            .find(|leg| leg.tree == t)
            .ok_or(JoinError::NoH2Route {
                r: j,
                s: i,
                tree: t,
            })?;
        // §VII's level from the whole Y-2 string Y_s; H-2 never climbs above level h, so
        // the joins that would go higher are brought down to level 1.
        let v = match join_level(self.y_mask(s, i, j), self.m as u64, self.n) {
            v if v > h => 1,
            v => v,
        };
        if v == 0 || v > last.levels {
            return Err(JoinError::LevelOffH2Route {
                level: v,
                tree: t,
                r: j,
                s: i,
            });
        }
        let mut at = i;
        for _ in 0..v {
            at = self.parent(t, at).ok_or(JoinError::NoSuchLevel)?;
        }
        Ok(at)
    }

    /// The H-2 quasi-level assignment over all N² ordered pairs.
    ///
    /// # Errors
    /// As [`Kyklos::h2_join_site`].
    ///
    /// # Complexity
    /// N sites per coset of Y-2's symmetry group (two cosets for r = 2), see
    /// [`Kyklos::join_counts`].
    pub fn h2_join_load(&self) -> Result<ProcessingLoad, JoinError> {
        let per_node = self.join_counts(|i, j| self.h2_join_site(i, j))?;
        Ok(self.processing_load(1, &per_node))
    }

    /// The Y-2 level loading ([`Kyklos::join`]) over all N² ordered pairs.
    ///
    /// # Errors
    /// As [`Kyklos::join`].
    ///
    /// # Complexity
    /// As [`Kyklos::h2_join_load`].
    pub fn y2_join_load(&self) -> Result<ProcessingLoad, JoinError> {
        let per_node = self.join_counts(|i, j| Ok(self.join(i, j)?.site))?;
        Ok(self.processing_load(1, &per_node))
    }

    /// Per node, how many of the N² ordered pairs (i, j) `site` places there, for an
    /// assignment that depends on j only through XOR differences and j's start tree (H-2's
    /// and Y-2's): it commutes with Y-2's symmetry group H (the translations that keep
    /// every start tree, [`Kyklos::translation_orbits`]), so a node's count is its orbit's
    /// total over the pairs towards one destination per coset of H, weighted by the coset's
    /// size, shared equally by the orbit's nodes. Where H is not known beyond the identity
    /// (r ≥ 3, [`Kyklos::y2_group`]; m > 2) every pair is counted. The tests check it against the
    /// all-pairs count.
    ///
    /// # Errors
    /// The first error of `site`.
    fn join_counts(
        &self,
        site: impl Fn(Node, Node) -> Result<Node, JoinError>,
    ) -> Result<Vec<u64>, JoinError> {
        use icn_graph::Orbits;
        let nodes = self.node_count();
        let group = (self.m == 2).then(|| self.translation_orbits(KyklosRouting::Y2));
        let Some(orbits) = group.flatten() else {
            let mut per_node = vec![0u64; nodes];
            for i in 0..self.leaves {
                for j in 0..self.leaves {
                    per_node[site(i, j)?] += 1;
                }
            }
            return Ok(per_node);
        };
        let mut total = vec![0u64; orbits.node_orbit_count()];
        let mut size = vec![0u64; orbits.node_orbit_count()];
        for (j, weight) in orbits.destinations() {
            for i in 0..self.leaves {
                total[orbits.node_orbit(site(i, j)?)] += weight;
            }
        }
        for x in 0..nodes {
            size[orbits.node_orbit(x)] += 1;
        }
        Ok((0..nodes)
            .map(|x| {
                let o = orbits.node_orbit(x);
                total[o] / size[o]
            })
            .collect())
    }
}
