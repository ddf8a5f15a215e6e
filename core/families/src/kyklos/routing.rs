//! Routing strategies of TR-88-27 §VI and of Du et al.: M-r, H-r, P-r, D2 and Y-2.
//!
//! A route between two L-nodes is a sequence of *legs*: up `levels` levels of one tree
//! and back down to an L-node (TR-88-27 §III). [`Kyklos::plans`] builds those legs
//! explicitly for every strategy; [`KyklosRouter`] offers each strategy as a memoryless
//! [`Routing`] relation. M-r, H-r, P-r and D2 are exactly memoryless (their next hop is a
//! function of the current node and the destination; the tests compare the relation's
//! paths with the plans for every pair). Y-2 is not memoryless by construction: its plan
//! is fixed at the source (start tree, multi-slice legs), so its relation is the union of
//! every source's plan towards the destination: the translate by the destination of the
//! union towards L-node 0 under its start tree, built once per start tree and network
//! ([`super::symmetry`]). On every
//! network tested (all small m = 2 proposed networks, ⟨2,2,6⟩, ⟨2,3,6⟩, ⟨2,4,4⟩) that
//! union offers exactly one path per pair, the plan; this is checked, not proven, so
//! [`Kyklos::plans`] remains the authoritative Y-2 route.

use std::cell::RefCell;

use icn_graph::{bfs, enumerate_paths, Node, Orbits, Routing, UNREACHABLE};

use super::{Kyklos, Shuffle, Unavailable};
use icn_graph::Graph;
use icn_graph::{CostHints, RouteSymmetry};

/// The routing strategies of a KYKLOS network.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KyklosRouting {
    /// M-r: the shortest path inside a single tree; ties split among the best trees.
    Mr,
    /// H-r: the equi-slice routing: tree t changes only the dimensions of its lowest
    /// h levels (its slice); all g! orders of the g trees needed.
    Hr,
    /// P-r: minimal paths with the fewest pass-throughs (intermediate L-nodes).
    Pr,
    /// D2: every minimal path (the longest-run rule of Du et al. for r = 2).
    D2,
    /// Y-2: TR-88-27 §VI steps 1-9 (m = 2, proposed shuffle), start tree from Appendix A.
    Y2,
}

impl KyklosRouting {
    /// Every strategy, in menu order.
    pub const ALL: [KyklosRouting; 5] = [
        KyklosRouting::Y2,
        KyklosRouting::Hr,
        KyklosRouting::Pr,
        KyklosRouting::D2,
        KyklosRouting::Mr,
    ];

    /// The name used in URLs and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            KyklosRouting::Mr => "mr",
            KyklosRouting::Hr => "hr",
            KyklosRouting::Pr => "pr",
            KyklosRouting::D2 => "d2",
            KyklosRouting::Y2 => "y2",
        }
    }

    /// Whether every path has the breadth-first distance.
    pub fn is_minimal(self) -> bool {
        matches!(self, KyklosRouting::Pr | KyklosRouting::D2)
    }

    /// Whether the relation is defined between any two nodes (else L-node pairs only).
    pub fn all_pairs(self) -> bool {
        self.is_minimal()
    }
}

/// One tree traversal: from L-node `from` up `levels` levels of `tree` and down to `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Leg {
    /// The tree.
    pub tree: usize,
    /// How many levels up (and down).
    pub levels: usize,
    /// The L-node it starts from.
    pub from: Node,
    /// The L-node it ends at.
    pub to: Node,
}

/// A route between two L-nodes as tree traversals.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct PathPlan {
    /// The legs in order; empty when source = destination.
    pub legs: Vec<Leg>,
}

impl PathPlan {
    /// Hops: two per level of every leg.
    pub fn length(&self) -> usize {
        self.legs.iter().map(|l| 2 * l.levels).sum()
    }

    /// Intermediate L-nodes.
    pub fn pass_throughs(&self) -> usize {
        self.legs.len().saturating_sub(1)
    }
}

fn permutations(items: &[usize]) -> Vec<Vec<usize>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut out = Vec::new();
    for i in 0..items.len() {
        let mut rest = items.to_vec();
        let first = rest.remove(i);
        for mut p in permutations(&rest) {
            p.insert(0, first);
            out.push(p);
        }
    }
    out
}

impl Kyklos {
    /// Why `kind` is not offered on this network, or `None` when it is.
    pub fn unsupported(&self, kind: KyklosRouting) -> Option<String> {
        self.unavailable(kind).map(|why| why.to_string())
    }

    /// Why `kind` is not offered on this network, as a value, or `None` when it is.
    pub fn unavailable(&self, kind: KyklosRouting) -> Option<Unavailable> {
        match kind {
            KyklosRouting::Hr if self.slice_heights().is_none() => Some(Unavailable::HrNeedsSlice),
            KyklosRouting::Y2 if self.shuffle != Shuffle::Proposed || self.m != 2 => {
                Some(Unavailable::Y2NeedsProposedBinary)
            }
            _ => None,
        }
    }

    /// The slice of H-r: how many levels s_t of each tree it uses (Σ s_t = n). The
    /// proposed shuffle: s_t = h; the original: ⌊n/2⌋ in tree 0, ⌈n/2⌉ in tree 1
    /// (Du et al.'s H2 with i = ⌊n/2⌋); KYKLOS-I only with r = 1.
    pub fn slice_heights(&self) -> Option<Vec<usize>> {
        match self.shuffle {
            Shuffle::Proposed => Some(vec![self.n / self.r; self.r]),
            Shuffle::Original => Some(vec![self.n / 2, self.n - self.n / 2]),
            Shuffle::Identity if self.r == 1 => Some(vec![self.n]),
            Shuffle::Identity => None,
        }
    }

    /// The strategy's routing relation on this network.
    ///
    /// # Errors
    /// The reason, when the strategy is not defined here (see [`Kyklos::unavailable`]).
    pub fn routing(&self, kind: KyklosRouting) -> Result<KyklosRouter<'_>, Unavailable> {
        match self.unavailable(kind) {
            Some(why) => Err(why),
            None => Ok(KyklosRouter {
                net: self,
                kind,
                slices: self.slice_heights().unwrap_or_default(),
                cache: RefCell::new(None),
            }),
        }
    }

    /// Appendix A's start tree for destination j: s = (n·N − bitcount(j) − j div r) mod r.
    pub fn y2_start_tree(&self, j: Node) -> usize {
        let (n, big_n, r) = (self.n as i128, self.leaves as i128, self.r as i128);
        let j = j as i128;
        (n * big_n - i128::from(j.count_ones()) - j / r).rem_euclid(r) as usize
    }

    /// Y-2 levels(t) for every tree (TR-88-27 §VI, steps 1-7), for X = `x` and start
    /// tree `s`. Reading of the ambiguous text (see docs/paper-notes.md):
    /// `X(t+k)_h` is the top bit X(t+k)_(h−1) (the first bit of X(t+k)'); when the last
    /// tree still qualifies for step 4 (lcv + 1 = r) the loop ends with k = 1 and
    /// step 7 decides; r = 1 is plain H-1.
    pub fn y2_levels_for(&self, x: u64, s: usize) -> Vec<usize> {
        let (r, n) = (self.r, self.n);
        let h = n / r;
        let mask = (1u64 << h) - 1;
        let slice = |t: usize| x >> (h * (t % r)) & mask;
        let top = |t: usize| slice(t) >> (h - 1) & 1;
        let bitlen = |v: u64| (64 - v.leading_zeros()) as usize;
        // (g, f): leading ones from the top, then the zeros that follow.
        let run = |v: u64| {
            let g = (0..h).take_while(|&i| v >> (h - 1 - i) & 1 == 1).count();
            let f = (g..h).take_while(|&i| v >> (h - 1 - i) & 1 == 0).count();
            (g, f)
        };
        let mut levels = vec![0usize; r];
        if x == 0 {
            return levels;
        }
        if r == 1 {
            levels[0] = bitlen(x);
            return levels;
        }
        let (mut t, mut k, mut lcv) = (s, 0usize, 0usize);
        while lcv < r {
            levels[t % r] = bitlen(slice(t)); // step 2
            if levels[t % r] < h || top(t + 1) == 0 {
                t += 1; // step 3
                lcv += 1;
            } else if lcv + 1 < r {
                k = 1; // step 4
                lcv += 1;
                while slice(t + k) == mask && lcv + 1 < r {
                    k += 1;
                    lcv += 1;
                }
                if top(t + k) == 1 {
                    let (g, f) = run(slice(t + k)); // step 5
                    levels[t % r] = k * h + g;
                    levels[(t + k) % r] = h - g - f;
                    t += k + 1;
                    lcv += 1;
                    k = 0;
                } else {
                    levels[t % r] = h * k; // step 6
                    t += k;
                    k = 0;
                }
            } else {
                k = 1;
                lcv += 1;
            }
        }
        if k > 0 && top(t + k) == 1 && levels[s] == h {
            let (g, f) = run(slice(s)); // step 7
            levels[t % r] = k * h + g;
            levels[s] = h - g - f;
        }
        levels
    }

    /// The Y-2 levels for a pair: X = XOR(src, dst), start tree from `dst`.
    pub fn y2_levels(&self, src: Node, dst: Node) -> Vec<usize> {
        self.y2_levels_for(self.xor_mask(src, dst), self.y2_start_tree(dst))
    }

    pub(super) fn chain(&self, src: Node, dst: Node, order: &[(usize, usize)]) -> PathPlan {
        let mut at = src;
        let mut legs = Vec::new();
        for &(tree, levels) in order {
            if levels == 0 {
                continue;
            }
            let to = self.leg_target(tree, levels, at, dst);
            legs.push(Leg {
                tree,
                levels,
                from: at,
                to,
            });
            at = to;
        }
        PathPlan { legs }
    }

    /// Splits a node path between two L-nodes into legs.
    pub fn plan_of_path(&self, path: &[Node]) -> PathPlan {
        let mut legs = Vec::new();
        let mut start = 0;
        for i in 1..path.len() {
            if self.is_leaf(path[i]) {
                let inner = &path[start + 1..i];
                legs.push(Leg {
                    tree: inner.first().and_then(|&x| self.tree(x)).unwrap_or(0),
                    levels: inner.iter().map(|&x| self.level(x)).max().unwrap_or(0),
                    from: path[start],
                    to: path[i],
                });
                start = i;
            }
        }
        PathPlan { legs }
    }

    /// The node sequence of a plan, from its source to its destination.
    pub fn plan_nodes(&self, src: Node, plan: &PathPlan) -> Vec<Node> {
        let mut nodes = vec![src];
        for leg in &plan.legs {
            let part = self.leg_nodes(leg.tree, leg.levels, leg.from, leg.to);
            nodes.extend_from_slice(&part[1..]);
        }
        nodes
    }

    /// Every route the strategy offers between L-nodes `src` and `dst`, as legs. The
    /// traffic of a pair is split equally among them.
    ///
    /// # Errors
    /// The reason, when the strategy is not defined here.
    pub fn plans(
        &self,
        kind: KyklosRouting,
        src: Node,
        dst: Node,
    ) -> Result<Vec<PathPlan>, Unavailable> {
        self.plans_with(kind, src, dst, None)
    }

    /// As [`Kyklos::plans`], reusing `router` (of the same strategy) for P-r and D2 so
    /// that consecutive calls with one destination share its breadth-first search.
    pub(crate) fn plans_with(
        &self,
        kind: KyklosRouting,
        src: Node,
        dst: Node,
        router: Option<&KyklosRouter<'_>>,
    ) -> Result<Vec<PathPlan>, Unavailable> {
        if let Some(why) = self.unavailable(kind) {
            return Err(why);
        }
        if src == dst {
            return Ok(vec![PathPlan::default()]);
        }
        Ok(match kind {
            KyklosRouting::Mr => {
                let lv: Vec<usize> = (0..self.r).map(|t| self.tree_levels(t, src, dst)).collect();
                let best = lv.iter().copied().min().unwrap_or(0);
                (0..self.r)
                    .filter(|&t| lv[t] == best)
                    .map(|t| self.chain(src, dst, &[(t, best)]))
                    .collect()
            }
            KyklosRouting::Hr => {
                let slices = self.slice_heights().unwrap_or_default();
                let x = self.xor_mask(src, dst);
                let need: Vec<(usize, usize)> = (0..self.r)
                    .map(|t| {
                        let top = (1..=slices[t])
                            .filter(|&v| x >> self.dimension(t, v) & 1 == 1)
                            .max()
                            .unwrap_or(0);
                        (t, top)
                    })
                    .filter(|&(_, l)| l > 0)
                    .collect();
                let trees: Vec<usize> = (0..need.len()).collect();
                permutations(&trees)
                    .into_iter()
                    .map(|p| {
                        let order: Vec<(usize, usize)> = p.iter().map(|&i| need[i]).collect();
                        self.chain(src, dst, &order)
                    })
                    .collect()
            }
            KyklosRouting::Y2 => {
                let levels = self.y2_levels(src, dst);
                let s = self.y2_start_tree(dst);
                let order: Vec<(usize, usize)> = (0..self.r)
                    .map(|k| ((s + k) % self.r, levels[(s + k) % self.r]))
                    .collect();
                vec![self.chain(src, dst, &order)]
            }
            KyklosRouting::Pr | KyklosRouting::D2 => {
                let own;
                let router = match router {
                    Some(r) if r.kind == kind => r,
                    _ => {
                        own = self.routing(kind)?;
                        &own
                    }
                };
                enumerate_paths(router, src, dst, 1 << 16)
                    .iter()
                    .map(|p| self.plan_of_path(p))
                    .collect()
            }
        })
    }

    /// The explicit Y-2 route (the plan fixed at the source), as nodes.
    ///
    /// # Errors
    /// When Y-2 is not defined here.
    pub fn y2_path(&self, src: Node, dst: Node) -> Result<Vec<Node>, Unavailable> {
        let plans = self.plans(KyklosRouting::Y2, src, dst)?;
        Ok(plans
            .first()
            .map_or_else(|| vec![src], |p| self.plan_nodes(src, p)))
    }

    /// The maximal runs (i, k) of equal digits a_(i+1) … a_(i+k) of leaves a and b, with
    /// digits indexed 1 … n from the most significant (digit i is dimension n − i).
    pub(super) fn equal_runs(&self, a: Node, b: Node) -> Vec<(usize, usize)> {
        let n = self.n;
        let eq = |i: usize| self.digit(a, n - i) == self.digit(b, n - i);
        let mut runs = Vec::new();
        let mut i = 0;
        while i < n {
            if eq(i + 1) {
                let mut k = 0;
                while i + k < n && eq(i + k + 1) {
                    k += 1;
                }
                runs.push((i, k));
                i += k;
            } else {
                i += 1;
            }
        }
        runs
    }

    /// Du et al.'s D2 rule for r = 2 (original shuffle): for every longest run of equal
    /// digits a_(i+1) … a_(i+k) (indices from the most significant digit), route through
    /// s₁ = (a₁ … a_(i+k), b_(i+k+1) … b_n) via tree 0 then tree 1, and through
    /// s₂ = (b₁ … b_(i+k), a_(i+k+1) … a_n) via tree 1 then tree 0. Distinct plans only.
    pub fn d2_rule_plans(&self, a: Node, b: Node) -> Vec<PathPlan> {
        let n = self.n;
        if a == b {
            return vec![PathPlan::default()];
        }
        let runs = self.equal_runs(a, b);
        let longest = runs.iter().map(|&(_, k)| k).max().unwrap_or(0);
        let mut out: Vec<PathPlan> = Vec::new();
        let mut push = |p: PathPlan| {
            if !out.contains(&p) {
                out.push(p);
            }
        };
        for &(i, k) in runs.iter().filter(|&&(_, k)| k == longest) {
            // Tree 0 (identity) changes the n − i − k low digits; tree 1 the i high ones.
            push(self.chain(a, b, &[(0, n - i - k), (1, i)]));
            push(self.chain(a, b, &[(1, i), (0, n - i - k)]));
        }
        if longest == 0 {
            // No equal digit: the empty run may sit at any of the n + 1 gaps.
            for i in 0..=n {
                push(self.chain(a, b, &[(0, n - i), (1, i)]));
                push(self.chain(a, b, &[(1, i), (0, n - i)]));
            }
        }
        out
    }
}

/// Distances and fewest pass-throughs towards one IB-node destination.
type Labels = (Node, Vec<u32>, Vec<u32>);

/// A [`KyklosRouting`] bound to its network. Cheap to build: the per-destination data of
/// L-node destinations comes from the network's cache of the routes towards L-node 0 and
/// the translation symmetry ([`super::symmetry`]); only an IB-node destination (P-r and
/// D2 route between any two nodes) gets its own breadth-first search, cached here.
#[derive(Debug)]
pub struct KyklosRouter<'a> {
    net: &'a Kyklos,
    kind: KyklosRouting,
    slices: Vec<usize>,
    cache: RefCell<Option<Labels>>,
}

impl KyklosRouter<'_> {
    /// The strategy.
    pub fn kind(&self) -> KyklosRouting {
        self.kind
    }

    /// Calls `f` with the distance to `dst` and (P-r) the fewest pass-throughs to it, as
    /// functions of the node.
    fn with_labels<R>(
        &self,
        dst: Node,
        f: impl FnOnce(&dyn Fn(Node) -> u32, &dyn Fn(Node) -> u32) -> R,
    ) -> R {
        let net = self.net;
        let pr = self.kind == KyklosRouting::Pr;
        if net.is_leaf(dst) {
            let dist = net.dist_to_zero();
            let pass = if pr { net.pass_to_zero() } else { &[] };
            let base = |x: Node| {
                if dst == 0 {
                    x
                } else {
                    net.translate(x, dst, true)
                }
            };
            return f(&|x| dist[base(x)], &|x| pass[base(x)]);
        }
        let mut cache = self.cache.borrow_mut();
        if !matches!(&*cache, Some((d, _, _)) if *d == dst) {
            let dist = bfs(net, dst);
            let pass = if pr {
                net.pass_throughs(dst, &dist)
            } else {
                Vec::new()
            };
            *cache = Some((dst, dist, pass));
        }
        match &*cache {
            Some((_, dist, pass)) => f(&|x| dist[x], &|x| pass[x]),
            None => f(&|_| UNREACHABLE, &|_| u32::MAX),
        }
    }
}

impl Routing for KyklosRouter<'_> {
    fn is_minimal(&self) -> bool {
        self.kind.is_minimal()
    }

    /// D2 is every shortest path (P-r keeps only those with the fewest pass-throughs).
    fn follows_distances(&self) -> bool {
        self.kind == KyklosRouting::D2
    }

    fn next_hops(&self, at: Node, dst: Node, out: &mut Vec<Node>) {
        let net = self.net;
        if at == dst || (!self.kind.all_pairs() && !net.is_leaf(dst)) {
            return;
        }
        match self.kind {
            KyklosRouting::D2 | KyklosRouting::Pr => {
                let start = out.len();
                net.neighbours(at, out);
                let pr = self.kind == KyklosRouting::Pr;
                self.with_labels(dst, |dist, pass| {
                    let (d, p) = (dist(at), if pr { pass(at) } else { 0 });
                    let mut keep = start;
                    for i in start..out.len() {
                        let y = out[i];
                        let extra = u32::from(net.is_leaf(y) && y != dst);
                        if dist(y).wrapping_add(1) == d && (!pr || pass(y) + extra == p) {
                            out[keep] = y;
                            keep += 1;
                        }
                    }
                    out.truncate(keep);
                });
            }
            KyklosRouting::Mr => match net.ib(at) {
                None => {
                    let lv: Vec<usize> = (0..net.r).map(|t| net.tree_levels(t, at, dst)).collect();
                    let best = lv.iter().copied().min().unwrap_or(0);
                    for t in (0..net.r).filter(|&t| lv[t] == best) {
                        out.extend(net.parent(t, at));
                    }
                }
                Some(b) => {
                    if net.contains(b.tree, b.level, b.spec, dst) {
                        out.extend(net.child_towards(at, dst));
                    } else {
                        out.extend(net.parent(b.tree, at));
                    }
                }
            },
            KyklosRouting::Hr => match net.ib(at) {
                None => {
                    let x = net.xor_mask(at, dst);
                    for t in 0..net.r {
                        if (1..=self.slices[t]).any(|v| x >> net.dimension(t, v) & 1 == 1) {
                            out.extend(net.parent(t, at));
                        }
                    }
                }
                Some(b) if b.level <= self.slices[b.tree] => {
                    // The leg's target agrees with dst on the slice, with this node elsewhere.
                    let rep = net.lowest_leaf(b.tree, b.level, b.spec);
                    let below = (b.level + 1..=self.slices[b.tree]).all(|v| {
                        let dim = net.dimension(b.tree, v);
                        net.digit(rep, dim) == net.digit(dst, dim)
                    });
                    if below {
                        let c = net.digit(dst, net.dimension(b.tree, b.level));
                        out.push(net.index(
                            b.tree,
                            b.level - 1,
                            net.child_spec(b.tree, b.level, b.spec, c),
                        ));
                    } else {
                        out.extend(net.parent(b.tree, at));
                    }
                }
                Some(_) => {}
            },
            KyklosRouting::Y2 => net.y2_next_hops(at, dst, out),
        }
    }

    fn symmetry(&self) -> Option<&dyn RouteSymmetry> {
        Some(self)
    }

    /// Work done once, on the first call: Y-2 builds its next-hop table towards L-node 0
    /// (every L-node's plan, up to 2n hops in each of the r trees, into one word per node);
    /// D2 and P-r search the whole network for their distance labels (a breadth-first
    /// search, 4 bytes a node; P-r also sorts the nodes by distance for its pass-through
    /// counts). M-r and H-r compute their hops from the addresses.
    fn cost_hints(&self) -> CostHints {
        let net = self.net;
        let nodes = net.node_count() as u64;
        let walk = nodes.saturating_add(net.channel_count());
        let first_use_work = match self.kind {
            KyklosRouting::Y2 => {
                let (leaves, r, n) = (net.leaves as u64, net.r as u64, net.n as u64);
                let steps = leaves.saturating_mul(r).saturating_mul(2 * n + 1);
                Some((steps, nodes.saturating_mul(8)))
            }
            KyklosRouting::D2 => Some((walk, nodes.saturating_mul(4))),
            KyklosRouting::Pr => {
                let sort = nodes.saturating_mul(u64::from(64 - nodes.leading_zeros()));
                Some((
                    walk.saturating_mul(2).saturating_add(sort),
                    nodes.saturating_mul(16),
                ))
            }
            _ => None,
        };
        CostHints {
            next_hops_work: None,
            first_use_work,
        }
    }
}

impl RouteSymmetry for KyklosRouter<'_> {
    /// M-r, H-r, P-r and D2 commute with every digit-wise translation of the L-node
    /// labels, so loads need one destination; Y-2 with the translations that keep the
    /// start tree ([`Kyklos::translation_orbits`]), one destination per coset (two for
    /// r = 2); Y-2 with r ≥ 3 has no useful group and takes every destination.
    fn orbits(&self) -> Option<Box<dyn Orbits + '_>> {
        let orbits = self.net.translation_orbits(self.kind)?;
        Some(Box::new(orbits))
    }
}
