//! Relational joins on KYKLOS-II (TR-88-27 §I, §II, §VII and Appendix A).
//!
//! The partial join of the S fragment stored at L-node i with the R fragment stored at
//! L-node j is performed at one join site:
//!
//! * i = j: at the L-node itself (level 0, §II);
//! * otherwise at the IB-node ⟨t, v, o⟩ where the tree t comes from Appendix A (start
//!   tree s = (n·N − bitcount(j) − j div r) mod r; t = s when X_s > 0, else the first
//!   tree after s with X_t > 0), the level v from §VII's level-assignment algorithm applied
//!   to the Y-2 routing string Y_s, and o is the level-v ancestor of i in tree t.
//!
//! The S fragment moves only up tree t from i to the join site (§I, Y-2 step 8). The R
//! fragment follows Y-2 step 9: from j through the trees s + 1, …, s (the join tree
//! last), the way the Y-2 route to i goes, stopping at the join site on the way down.
//!
//! §VII is written for the two-tree case with m = 2 (Table 2 is KYKLOS-II⟨2,2,6⟩), so
//! joins are offered for m = 2, r = 2 and the proposed shuffle only.

use serde::Serialize;

use icn_graph::Node;

use super::{IbNode, JoinError, Kyklos, Shuffle};

/// One partial join: where it happens and how the two fragments get there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Join {
    /// The L-node holding the S (larger) fragment.
    pub s: Node,
    /// The L-node holding the R (smaller) fragment.
    pub r: Node,
    /// Appendix A's start tree s (from the R node j).
    pub start_tree: usize,
    /// X = XOR(i, j) as a bit mask.
    pub x: u64,
    /// The Y-2 routing string Y_s (bit v − 1 is X at the dimension of level v of tree s).
    pub y_s: u64,
    /// The join tree; `None` when the join is at the L-node (i = j).
    pub tree: Option<usize>,
    /// The join level (0: the L-node).
    pub level: usize,
    /// The join IB-node ⟨t, v, o⟩; `None` at level 0.
    pub ib: Option<IbNode>,
    /// The join site's node index (the L-node i at level 0).
    pub site: Node,
    /// The S fragment's route: i up the join tree to the site.
    pub s_route: Vec<Node>,
    /// The R fragment's route: j to the site (Y-2 step 9).
    pub r_route: Vec<Node>,
}

/// §VII's Level Assignment Algorithm (find v), verbatim for base m, n levels.
pub fn join_level(y_s: u64, m: u64, n: usize) -> usize {
    let big_n = m.saturating_pow(u32::try_from(n).unwrap_or(u32::MAX)); // never wraps
    let mut y = y_s;
    let mut v = 1;
    if y == 0 {
        v = 0;
    }
    if y == big_n - 2 {
        y = 0;
    }
    if y == big_n - 1 {
        v = n;
        y = 0;
    }
    y /= m;
    while y > 0 {
        if y % m != 0 {
            v += 1;
        } else {
            y = 0;
        }
        y /= m;
    }
    v
}

/// Join counts of the whole network: every ordered pair (i, j) of L-nodes once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct JoinLoads {
    /// Partial joins at each node (L-nodes first, then IB-nodes, by node index).
    pub per_node: Vec<usize>,
    /// Partial joins at each level v = 0 ..= n (all trees).
    pub per_level: Vec<usize>,
    /// The fewest partial joins at one node of level v (v = 0: an L-node).
    pub min_per_node: Vec<usize>,
    /// The most partial joins at one node of level v.
    pub max_per_node: Vec<usize>,
}

impl Kyklos {
    /// Why joins are not offered on this network, or `None` when they are.
    pub fn joins_unsupported(&self) -> Option<String> {
        self.joins_unavailable().map(|why| why.to_string())
    }

    /// Why joins are not offered on this network, as a value, or `None` when they are.
    pub fn joins_unavailable(&self) -> Option<JoinError> {
        (self.shuffle != Shuffle::Proposed || self.m != 2 || self.r != 2)
            .then_some(JoinError::Unsupported)
    }

    /// The partial join of the S fragment at L-node `i` with the R fragment at L-node `j`.
    ///
    /// # Errors
    /// When joins are not offered here, when i or j is not an L-node, or (never on the
    /// networks tested) when the assigned site is not on the Y-2 route of R.
    pub fn join(&self, i: Node, j: Node) -> Result<Join, JoinError> {
        if let Some(why) = self.joins_unavailable() {
            return Err(why);
        }
        for (name, x) in [("S", i), ("R", j)] {
            if x >= self.leaves {
                return Err(JoinError::NotLeaf {
                    fragment: name,
                    last: self.leaves - 1,
                    node: x,
                });
            }
        }
        let r = self.r;
        let x = self.xor_mask(i, j);
        let s = self.y2_start_tree(j);
        let y_s = self.y_mask(s, i, j);
        let level = join_level(y_s, self.m as u64, self.n);
        let slice = |t: usize| self.slice_mask(t, i, j).unwrap_or(0);
        let tree = if x == 0 {
            None
        } else {
            (0..r).map(|k| (s + k) % r).find(|&t| slice(t) > 0)
        };
        let Some(t) = tree else {
            return Ok(Join {
                s: i,
                r: j,
                start_tree: s,
                x,
                y_s,
                tree: None,
                level: 0,
                ib: None,
                site: i,
                s_route: vec![i],
                r_route: vec![j],
            });
        };
        let mut s_route = vec![i];
        let mut at = i;
        for _ in 0..level {
            at = self
                .parent(t, at)
                .ok_or(JoinError::NoLevel { level, tree: t })?;
            s_route.push(at);
        }
        let site = at;
        // Y-2 step 9: trees t − 1, t − 2, …, t (the join tree last), Y-2 levels.
        let levels = self.y2_levels_for(x, s);
        let order: Vec<(usize, usize)> = (1..=r)
            .map(|k| {
                let u = (t + r - k % r) % r;
                (u, levels[u])
            })
            .collect();
        let plan = self.chain(j, i, &order);
        let nodes = self.plan_nodes(j, &plan);
        let end = nodes
            .iter()
            .position(|&y| y == site)
            .ok_or(JoinError::SiteOffRoute { s: i, r: j })?;
        Ok(Join {
            s: i,
            r: j,
            start_tree: s,
            x,
            y_s,
            tree: Some(t),
            level,
            ib: self.ib(site),
            site,
            s_route,
            r_route: nodes[..=end].to_vec(),
        })
    }

    /// Partial joins per node and per level over all N² ordered pairs.
    ///
    /// # Errors
    /// As [`Kyklos::join`].
    pub fn join_loads(&self) -> Result<JoinLoads, JoinError> {
        let nodes = self.leaves + self.r * self.per_tree;
        let mut per_node = vec![0usize; nodes];
        for i in 0..self.leaves {
            for j in 0..self.leaves {
                per_node[self.join(i, j)?.site] += 1;
            }
        }
        let n = self.n;
        let mut per_level = vec![0usize; n + 1];
        let mut min_per_node = vec![usize::MAX; n + 1];
        let mut max_per_node = vec![0usize; n + 1];
        for (x, &c) in per_node.iter().enumerate() {
            let v = self.level(x);
            per_level[v] += c;
            min_per_node[v] = min_per_node[v].min(c);
            max_per_node[v] = max_per_node[v].max(c);
        }
        Ok(JoinLoads {
            per_node,
            per_level,
            min_per_node,
            max_per_node,
        })
    }
}

/// Where the pairs of one cell of the join grid are joined, in Table 2's terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GridSite {
    /// ⟨0,0⟩: at the L-node (i = j).
    LNode,
    /// ⟨level, s⟩ (`start`: the start tree of Appendix A) or ⟨level, t⟩ (the other tree).
    Tree {
        /// The join level v ≥ 1.
        level: usize,
        /// Whether the join tree is the start tree s.
        start: bool,
    },
    /// The cell's pairs do not share one ⟨level, tree⟩ (never on the networks tested).
    Mixed,
}

/// One cell of the join grid: the ordered pairs (i, j) whose Y_s has this X_s (row) and
/// X_t' (column).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JoinCell {
    /// The join site shared by the cell's pairs.
    pub site: GridSite,
    /// How many ordered pairs fall in the cell.
    pub pairs: usize,
    /// The first pair (S node, R node) found in the cell, if any.
    pub example: Option<(Node, Node)>,
}

/// TR-88-27 Table 2 for any KYKLOS-II⟨2,2,n⟩: rows X_s = 0 … 2^h − 1, columns
/// X_t' = 0 … 2^h − 1 (h = n/2), built from every ordered pair's [`Join`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JoinGrid {
    /// The slice height h: rows and columns are h-bit strings.
    pub h: usize,
    /// `cells[X_s][X_t']`.
    pub cells: Vec<Vec<JoinCell>>,
}

/// One level's partial joins beside §VII's targets (Y-2 loading, m = 2, r = 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JoinLevelRow {
    /// The level v (0: the L-nodes).
    pub level: usize,
    /// Nodes at level v (N L-nodes at v = 0, r·N/2^v IB-nodes above).
    pub nodes: usize,
    /// Partial joins at level v over all N² ordered pairs.
    pub joins: usize,
    /// §VII's figure: N·1 at v = 0, N·N/2^v above (one per source at the L-node, N/2 at
    /// level 1, half as many each level up).
    pub paper_joins: usize,
    /// The fewest partial joins at one node of level v.
    pub min_per_node: usize,
    /// The most.
    pub max_per_node: usize,
    /// §VII's Y-2 target per node: 1 at an L-node, N/2 (= N/r) at an IB-node.
    pub paper_per_node: usize,
}

impl Kyklos {
    /// Table 2's row X_s and column X_t' of a join: Y_s = X_t' cnc X_s split at h.
    pub fn grid_position(&self, join: &Join) -> (usize, usize) {
        let h = self.n / self.r;
        let y = join.y_s as usize;
        (y & ((1 << h) - 1), y >> h)
    }

    /// The join grid of the whole network (N² joins).
    ///
    /// # Errors
    /// As [`Kyklos::join`].
    pub fn join_grid(&self) -> Result<JoinGrid, JoinError> {
        if let Some(why) = self.joins_unavailable() {
            return Err(why);
        }
        let h = self.n / self.r;
        let side = 1usize << h;
        let empty = JoinCell {
            site: GridSite::Mixed,
            pairs: 0,
            example: None,
        };
        let mut cells = vec![vec![empty; side]; side];
        for i in 0..self.leaves {
            for j in 0..self.leaves {
                let join = self.join(i, j)?;
                let (row, col) = self.grid_position(&join);
                let site = match join.tree {
                    None => GridSite::LNode,
                    Some(t) => GridSite::Tree {
                        level: join.level,
                        start: t == join.start_tree,
                    },
                };
                let cell = &mut cells[row][col];
                cell.site = if cell.pairs == 0 || cell.site == site {
                    site
                } else {
                    GridSite::Mixed
                };
                cell.pairs += 1;
                cell.example.get_or_insert((i, j));
            }
        }
        Ok(JoinGrid { h, cells })
    }

    /// An R node j such that the pair (i, j) lies in cell (row X_s, column X_t'), if any.
    pub fn partner_in_cell(&self, i: Node, row: usize, col: usize) -> Option<Node> {
        (0..self.leaves).find(|&j| {
            self.join(i, j)
                .is_ok_and(|join| self.grid_position(&join) == (row, col))
        })
    }

    /// The per-level counts of `loads` beside §VII's targets.
    pub fn join_level_rows(&self, loads: &JoinLoads) -> Vec<JoinLevelRow> {
        let big_n = self.leaves;
        (0..=self.n)
            .map(|v| JoinLevelRow {
                level: v,
                nodes: if v == 0 {
                    big_n
                } else {
                    self.r * self.pow[self.n - v]
                },
                joins: loads.per_level[v],
                paper_joins: if v == 0 { big_n } else { big_n * (big_n >> v) },
                min_per_node: loads.min_per_node[v],
                max_per_node: loads.max_per_node[v],
                paper_per_node: if v == 0 { 1 } else { big_n / self.r },
            })
            .collect()
    }
}
