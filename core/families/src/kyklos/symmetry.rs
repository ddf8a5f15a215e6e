//! Translation symmetry of KYKLOS for routing and loads.
//!
//! Adding a leaf c digit-wise (mod m) to every L-node label is an automorphism: it keeps
//! every tree and level and moves the IB-node ⟨t, v, o⟩ to ⟨t, v, o + c's level-v fixed
//! digits⟩ ([`Kyklos::translate`]). M-r, H-r, P-r and D2 only compare digits for equality
//! or follow distances, so they commute with every translation: the next hops of u + c
//! towards j + c are those of u towards j, moved by c. Hence:
//!
//! - one breadth-first search from L-node 0 (and P-r's pass-through labels) serves every
//!   L-node destination, cached per network ([`Memo`]);
//! - loads need one destination ([`KyklosOrbits`], [`icn_graph::RouteSymmetry::orbits`]).
//!
//! Y-2 fixes its start tree s(j) from the destination (Appendix A), so it commutes with
//! the translations c that keep s(j + c) = s(j) for every j: a subgroup H
//! ([`Kyklos::y2_group`]; for r = 2 the c with popcount(c) + c₁ even, index 2; for
//! r ≥ 3 only the identity on the networks checked). Its
//! relation towards j is the translate by j of the union of the plans towards L-node 0
//! under start tree s(j), built once per start tree and cached. Loads take one
//! destination per coset of H.
//!
//! Orbits of a translation group G: the L-nodes, split into cosets of G; the level-v
//! IB-nodes of tree t, split into cosets of G's image on their fixed digits; a channel's
//! orbit is that of its lower end with the tree and direction (a node has one parent per
//! tree, so the channel to it moves with the node). With every translation (any m) each
//! of these is a single orbit: one per (tree, level) of nodes and per (tree, level,
//! up/down) of channels. For m = 2 a subgroup is a subspace of GF(2)ⁿ, kept as a reduced
//! echelon basis so each coset has a canonical representative.

use std::sync::OnceLock;

use super::{IbNode, Kyklos, KyklosRouting};
use icn_graph::Graph;
use icn_graph::{bfs, Node, Orbits, UNREACHABLE};

/// Per-network caches of the symmetric routing data, filled on first use. Equal networks
/// compare equal whatever their caches hold.
#[derive(Default)]
pub(super) struct Memo {
    /// BFS distances to L-node 0.
    dist: OnceLock<Vec<u32>>,
    /// Fewest pass-throughs to L-node 0 on minimal paths (P-r).
    pass: OnceLock<Vec<u32>>,
    /// Per start tree s, per node: the neighbours (as bits of their position in
    /// [`Graph::neighbours`]) that some plan towards L-node 0 under s takes next.
    y2_tables: OnceLock<Vec<OnceLock<Vec<u64>>>>,
}

impl PartialEq for Memo {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for Memo {}

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Memo")
    }
}

/// A subspace of GF(2)^bits as a reduced echelon basis: each vector's highest bit (its
/// pivot) is clear in every other vector.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Subspace {
    bits: usize,
    basis: Vec<u64>,
}

impl Subspace {
    fn new(bits: usize) -> Self {
        Subspace {
            bits,
            basis: Vec::new(),
        }
    }

    fn pivot(b: u64) -> u64 {
        1 << (63 - b.leading_zeros())
    }

    /// x reduced modulo the subspace: the canonical representative of its coset.
    fn reduce(&self, mut x: u64) -> u64 {
        for &b in &self.basis {
            if x & Self::pivot(b) != 0 {
                x ^= b;
            }
        }
        x
    }

    fn insert(&mut self, x: u64) {
        let x = self.reduce(x);
        if x == 0 {
            return;
        }
        let p = Self::pivot(x);
        for b in &mut self.basis {
            if *b & p != 0 {
                *b ^= x;
            }
        }
        self.basis.push(x);
    }

    fn pivots(&self) -> u64 {
        self.basis.iter().fold(0, |a, &b| a | Self::pivot(b))
    }

    /// The bit positions that are not pivots, ascending.
    fn free(&self) -> Vec<usize> {
        let pivots = self.pivots();
        (0..self.bits).filter(|&k| pivots >> k & 1 == 0).collect()
    }
}

/// The cosets of a translation group on one (tree, level) of nodes.
#[derive(Debug, Clone)]
struct Cosets {
    /// The group's image on the level's fixed digits; `None`: every translation.
    image: Option<Subspace>,
    /// Non-pivot bit positions: a coset's index is its representative's bits there.
    free: Vec<usize>,
}

impl Cosets {
    fn count(&self) -> usize {
        1 << self.free.len()
    }

    fn index(&self, spec: usize) -> usize {
        match &self.image {
            None => 0,
            Some(s) => {
                let x = s.reduce(spec as u64);
                self.free
                    .iter()
                    .enumerate()
                    .map(|(i, &k)| ((x >> k & 1) as usize) << i)
                    .sum()
            }
        }
    }

    /// The canonical representative of coset `index`.
    fn representative(&self, index: usize) -> usize {
        self.free
            .iter()
            .enumerate()
            .map(|(i, &k)| (index >> i & 1) << k)
            .sum()
    }
}

/// A group of translations of a [`Kyklos`] network by its orbits, for loads.
#[derive(Debug, Clone)]
pub struct KyklosOrbits<'a> {
    net: &'a Kyklos,
    /// `levels[t][v]`: the cosets on tree t's level-v nodes (`levels[t][0]`: the L-nodes).
    levels: Vec<Vec<Cosets>>,
    /// First node orbit of tree t's level v (v ≥ 1); the L-nodes' orbits come first.
    node_offset: Vec<Vec<usize>>,
    node_count: usize,
    /// First channel orbit of tree t's channels above level v, upwards (the downward
    /// ones follow).
    channel_offset: Vec<Vec<usize>>,
    channel_count: usize,
}

impl<'a> KyklosOrbits<'a> {
    fn new(net: &'a Kyklos, group: Option<&Subspace>) -> Self {
        let (r, n) = (net.r, net.n);
        let levels: Vec<Vec<Cosets>> = (0..r)
            .map(|t| {
                (0..=n)
                    .map(|v| match group {
                        None => Cosets {
                            image: None,
                            free: Vec::new(),
                        },
                        Some(g) => {
                            let mut image = Subspace::new(n - v);
                            for &b in &g.basis {
                                image.insert(net.ancestor_spec(t, v, b as Node) as u64);
                            }
                            let free = image.free();
                            Cosets {
                                image: Some(image),
                                free,
                            }
                        }
                    })
                    .collect()
            })
            .collect();
        let mut node_offset = vec![vec![0; n + 1]; r];
        let mut next = levels[0][0].count();
        for (t, offsets) in node_offset.iter_mut().enumerate() {
            for v in 1..=n {
                offsets[v] = next;
                next += levels[t][v].count();
            }
        }
        let node_count = next;
        let mut channel_offset = vec![vec![0; n]; r];
        let mut next = 0;
        for (t, offsets) in channel_offset.iter_mut().enumerate() {
            for (v, offset) in offsets.iter_mut().enumerate() {
                *offset = next;
                next += 2 * levels[t][v].count();
            }
        }
        KyklosOrbits {
            net,
            levels,
            node_offset,
            node_count,
            channel_offset,
            channel_count: next,
        }
    }

    /// Node x's coset index within its (tree, level); tree `t` for an L-node.
    fn coset(&self, t: usize, x: Node) -> (usize, usize, usize) {
        match self.net.ib(x) {
            None => (t, 0, self.levels[t][0].index(x)),
            Some(b) => (b.tree, b.level, self.levels[b.tree][b.level].index(b.spec)),
        }
    }
}

impl Orbits for KyklosOrbits<'_> {
    fn destinations(&self) -> Vec<(Node, u64)> {
        let leaves = &self.levels[0][0];
        let size = (self.net.leaves / leaves.count()) as u64;
        (0..leaves.count())
            .map(|i| (leaves.representative(i), size))
            .collect()
    }

    fn destination_count(&self) -> usize {
        self.levels[0][0].count()
    }

    fn channel_orbit(&self, u: Node, v: Node) -> usize {
        let (a, b) = (self.net.ib(u), self.net.ib(v));
        let level = |x: &Option<IbNode>| x.as_ref().map_or(0, |x| x.level);
        let (up, lower, lower_ib, upper_ib) = if level(&a) < level(&b) {
            (true, u, a, b)
        } else {
            (false, v, b, a)
        };
        let tree = upper_ib.map_or(0, |x| x.tree);
        let (t, level, index) = match lower_ib {
            None => (tree, 0, self.levels[tree][0].index(lower)),
            Some(x) => (x.tree, x.level, self.levels[x.tree][x.level].index(x.spec)),
        };
        let count = self.levels[t][level].count();
        self.channel_offset[t][level] + if up { 0 } else { count } + index
    }

    fn channel_orbit_count(&self) -> usize {
        self.channel_count
    }

    fn node_orbit(&self, u: Node) -> usize {
        match self.coset(0, u) {
            (_, 0, index) => index,
            (t, level, index) => self.node_offset[t][level] + index,
        }
    }

    fn node_orbit_count(&self) -> usize {
        self.node_count
    }

    /// Cosets of one subgroup have equal sizes: a (tree, level v) class of m^(n−v) nodes
    /// (v = 0: the L-nodes) splits into `count` orbits of m^(n−v) / count nodes, and each
    /// node below the root has one channel up in its tree (an L-node one per tree) and the
    /// channel back down.
    fn channel_orbit_sizes(&self) -> Option<Vec<u64>> {
        let mut sizes = vec![0; self.channel_count];
        for (t, offsets) in self.channel_offset.iter().enumerate() {
            for (v, &offset) in offsets.iter().enumerate() {
                let count = self.levels[t][v].count();
                let size = (self.net.pow[self.net.n - v] / count) as u64;
                sizes[offset..offset + 2 * count].fill(size);
            }
        }
        Some(sizes)
    }

    fn node_orbit_sizes(&self) -> Option<Vec<u64>> {
        let n = self.net.n;
        let mut sizes = vec![0; self.node_count];
        let leaves = self.levels[0][0].count();
        sizes[..leaves].fill((self.net.pow[n] / leaves) as u64);
        for (t, offsets) in self.node_offset.iter().enumerate() {
            for v in 1..=n {
                let count = self.levels[t][v].count();
                let size = (self.net.pow[n - v] / count) as u64;
                sizes[offsets[v]..offsets[v] + count].fill(size);
            }
        }
        Some(sizes)
    }
}

impl Kyklos {
    fn memo_y2_tables(&self) -> &[OnceLock<Vec<u64>>] {
        self.memo
            .y2_tables
            .get_or_init(|| (0..self.r).map(|_| OnceLock::new()).collect())
    }

    /// a ± b digit-wise mod m on numbers of `digits` base-m digits.
    pub(super) fn digit_add(&self, a: usize, b: usize, digits: usize, minus: bool) -> usize {
        let m = self.m;
        if m == 2 {
            return a ^ b;
        }
        (0..digits)
            .map(|k| {
                let (x, y) = ((a / self.pow[k]) % m, (b / self.pow[k]) % m);
                let z = if minus { x + m - y } else { x + y } % m;
                z * self.pow[k]
            })
            .sum()
    }

    /// The image of node x under the translation by L-node c (by −c when `minus`):
    /// L-node x + c digit-wise mod m, or ⟨t, v, o + c's level-v fixed digits⟩.
    pub fn translate(&self, x: Node, c: Node, minus: bool) -> Node {
        match self.ib(x) {
            None => self.digit_add(x, c, self.n, minus),
            Some(b) => {
                let shift = self.ancestor_spec(b.tree, b.level, c);
                self.index(
                    b.tree,
                    b.level,
                    self.digit_add(b.spec, shift, self.n - b.level, minus),
                )
            }
        }
    }

    /// BFS distances to L-node 0, cached.
    pub(super) fn dist_to_zero(&self) -> &[u32] {
        self.memo.dist.get_or_init(|| bfs(self, 0))
    }

    /// Per node, the fewest pass-throughs (intermediate L-nodes) on a minimal path to
    /// L-node 0 (P-r's second label), cached.
    pub(super) fn pass_to_zero(&self) -> &[u32] {
        self.memo
            .pass
            .get_or_init(|| self.pass_throughs(0, self.dist_to_zero()))
    }

    /// Fewest pass-throughs to `dst` on minimal paths, from the distances `dist` to it.
    pub(super) fn pass_throughs(&self, dst: Node, dist: &[u32]) -> Vec<u32> {
        let mut order: Vec<Node> = (0..self.node_count()).collect();
        order.sort_by_key(|&v| dist[v]);
        let mut pt = vec![u32::MAX; self.node_count()];
        pt[dst] = 0;
        let mut buf = Vec::new();
        for &x in &order {
            if x == dst || dist[x] == UNREACHABLE {
                continue;
            }
            buf.clear();
            self.neighbours(x, &mut buf);
            pt[x] = buf
                .iter()
                .filter(|&&y| dist[y].wrapping_add(1) == dist[x])
                .map(|&y| pt[y] + u32::from(self.is_leaf(y) && y != dst))
                .min()
                .unwrap_or(u32::MAX);
        }
        pt
    }

    /// Y-2's symmetry group H: the translations (m = 2: XOR by c) that keep every
    /// destination's start tree s(j) = (n·N − popcount(j) − j div r) mod r, as a reduced
    /// basis; `None` when only the identity is known to. r = 1: every translation. r = 2:
    /// n·N is even and j div 2 ≡ j₁, so s(j) is the parity of j's bits other than bit 1 and
    /// H is the kernel of that parity, index 2. r ≥ 3: s mixes popcount(j) mod r with
    /// j div r, and no translation but 0 keeps it for every j on the networks checked
    /// (brute force in the tests for r = 3, 4, 5): no useful group, loads take every
    /// destination.
    pub(super) fn y2_group(&self) -> Option<Subspace> {
        let n = self.n;
        let mut group = Subspace::new(n);
        match self.r {
            1 => (0..n).for_each(|k| group.insert(1 << k)),
            2 => {
                if n > 1 {
                    group.insert(1 << 1);
                }
                let others: Vec<usize> = (0..n).filter(|&k| k != 1).collect();
                for w in others.windows(2) {
                    group.insert(1 << w[0] | 1 << w[1]);
                }
            }
            _ => return None,
        }
        Some(group)
    }

    /// The group of translations `kind` commutes with, by its orbits: every translation,
    /// or Y-2's subgroup H ([`Kyklos::y2_group`]); `None` for Y-2 with r ≥ 3 (no useful
    /// group).
    pub fn translation_orbits(&self, kind: KyklosRouting) -> Option<KyklosOrbits<'_>> {
        if kind == KyklosRouting::Y2 && self.m == 2 {
            self.y2_group().map(|g| KyklosOrbits::new(self, Some(&g)))
        } else {
            Some(KyklosOrbits::new(self, None))
        }
    }

    /// Y-2's next-hop sets towards L-node 0 under start tree s: the union of the plans of
    /// every source, each hop as the bit of its position in [`Graph::neighbours`].
    /// Cached per start tree. Y-2 is defined for m = 2 only, which this relies on.
    pub(super) fn y2_table(&self, s: usize) -> &[u64] {
        self.memo_y2_tables()[s].get_or_init(|| {
            let (r, n) = (self.r, self.n);
            let mut table = vec![0u64; self.node_count()];
            let mut specs = vec![0usize; n + 1];
            // `clear[t][v]`: the digits levels 1 ..= v of tree t change, which a leg of
            // v levels towards L-node 0 clears (Y-2 has m = 2: a digit is a bit).
            let clear: Vec<Vec<usize>> = (0..r)
                .map(|t| {
                    (0..=n)
                        .scan(0, |acc, v| {
                            if v > 0 {
                                *acc |= 1 << self.dimension(t, v);
                            }
                            Some(*acc)
                        })
                        .collect()
                })
                .collect();
            for src in 1..self.leaves {
                // X = src XOR 0.
                let levels = self.y2_levels_for(src as u64, s);
                let mut at = src;
                for t in (0..r).map(|k| (s + k) % r) {
                    let top = levels[t];
                    if top == 0 {
                        continue;
                    }
                    // The leg of [`Kyklos::leg_nodes`]: up from `at` (each hop to the parent,
                    // neighbour 0 of an IB-node, neighbour t of an L-node) to level `top`,
                    // then down the target's ancestors (child c is neighbour c, after the
                    // parent when there is one).
                    let target = at & !clear[t][top];
                    table[at] |= 1 << t;
                    let mut o = at;
                    for v in 1..top {
                        o = self.parent_spec(t, v - 1, o);
                        table[self.index(t, v, o)] |= 1;
                    }
                    specs[0] = target;
                    for v in 1..=top {
                        specs[v] = self.parent_spec(t, v - 1, specs[v - 1]);
                    }
                    // The target's digits there are 0's: always child 0.
                    for v in 1..=top {
                        table[self.index(t, v, specs[v])] |= 1 << usize::from(v < n);
                    }
                    at = target;
                }
            }
            table
        })
    }

    /// Y-2's next hops at `at` towards L-node `dst`: the translate by dst of the union of
    /// the plans towards L-node 0 under dst's start tree.
    pub(super) fn y2_next_hops(&self, at: Node, dst: Node, out: &mut Vec<Node>) {
        let table = self.y2_table(self.y2_start_tree(dst));
        let base = self.translate(at, dst, true);
        let mask = table[base];
        if mask == 0 {
            return;
        }
        let start = out.len();
        self.neighbours(base, out);
        let mut keep = start;
        for k in 0..out.len() - start {
            if mask >> k & 1 == 1 {
                out[keep] = self.translate(out[start + k], dst, false);
                keep += 1;
            }
        }
        out.truncate(keep);
    }
}
