//! Each pair's share of every channel under an oblivious routing that splits a pair's
//! traffic equally over its paths: the share of channel u → v in the traffic from a to b
//! is P(a → u) · τ(v) / τ(a), with τ(x) the routing's paths from x to b and P(a → u) those
//! from a that reach u. For a two-phase routing a pair's unit goes via each intermediate
//! with equal weight, both legs split so.

use std::collections::BTreeMap;

use icn_graph::intermediates;
use icn_graph::{Node, Routing};

/// The directed channels of a topology in the order of its neighbour lists (the order of
/// [`icn_engine::metrics::ChannelLoads`]): channel k runs from `from[k]` to `targets[k]`.
#[derive(Debug, Clone)]
pub struct Channels {
    /// `targets[offsets[u] .. offsets[u + 1]]` are the neighbours of u.
    pub offsets: Vec<usize>,
    /// Channel heads.
    pub targets: Vec<Node>,
}

impl Channels {
    /// The channels of `t`.
    pub fn of(t: &dyn icn_graph::Topology) -> Channels {
        let n = t.node_count();
        let mut offsets = Vec::with_capacity(n + 1);
        let mut targets = Vec::new();
        let mut buf = Vec::new();
        offsets.push(0);
        for u in 0..n {
            buf.clear();
            t.neighbours(u, &mut buf);
            targets.extend_from_slice(&buf);
            offsets.push(targets.len());
        }
        Channels { offsets, targets }
    }

    /// How many channels.
    pub fn len(&self) -> usize {
        self.targets.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.targets.is_empty()
    }

    /// The index of channel u → v.
    pub fn index(&self, u: Node, v: Node) -> Option<usize> {
        (self.offsets[u]..self.offsets[u + 1]).find(|&k| self.targets[k] == v)
    }

    /// The tail of channel `k`.
    pub fn tail(&self, k: usize) -> Node {
        self.offsets.partition_point(|&o| o <= k) - 1
    }
}

/// The routing's DAG towards one destination: every node's next hops, a topological
/// order (each node after all its next hops) and τ, each node's paths to the destination.
#[derive(Debug, Clone)]
pub struct Towards {
    /// The destination.
    pub dst: Node,
    /// `hops[start[x] .. start[x + 1]]` are x's next hops.
    start: Vec<usize>,
    hops: Vec<Node>,
    /// The nodes, every node after its next hops (the destination first).
    pub order: Vec<Node>,
    /// Paths from each node to the destination (0 where none).
    pub tau: Vec<f64>,
}

impl Towards {
    /// The DAG of `routing` towards `dst` over `n` nodes.
    pub fn new(routing: &dyn Routing, n: usize, dst: Node) -> Towards {
        let mut start = Vec::with_capacity(n + 1);
        let mut hops = Vec::new();
        start.push(0);
        for x in 0..n {
            routing.next_hops(x, dst, &mut hops);
            start.push(hops.len());
        }
        // Depth-first post-order from every node: a node is placed after its next hops.
        let mut order = Vec::with_capacity(n);
        let mut state = vec![0u8; n];
        let mut stack: Vec<(Node, usize)> = Vec::new();
        for root in 0..n {
            if state[root] != 0 {
                continue;
            }
            state[root] = 1;
            stack.push((root, start[root]));
            while let Some(top) = stack.last_mut() {
                let (x, i) = *top;
                if i < start[x + 1] {
                    top.1 += 1;
                    let y = hops[i];
                    if state[y] == 0 {
                        state[y] = 1;
                        stack.push((y, start[y]));
                    }
                } else {
                    state[x] = 2;
                    order.push(x);
                    stack.pop();
                }
            }
        }
        let mut tau = vec![0.0; n];
        tau[dst] = 1.0;
        for &x in &order {
            if x != dst {
                tau[x] = hops[start[x]..start[x + 1]].iter().map(|&y| tau[y]).sum();
            }
        }
        Towards {
            dst,
            start,
            hops,
            order,
            tau,
        }
    }

    /// x's next hops.
    pub fn next(&self, x: Node) -> &[Node] {
        &self.hops[self.start[x]..self.start[x + 1]]
    }

    /// Adds `weight` × the share of every channel in the traffic from `src` to the
    /// destination, calling `add(u, v, share)`; `reach` is scratch of the node count.
    pub fn shares_from(
        &self,
        src: Node,
        weight: f64,
        reach: &mut [f64],
        add: &mut dyn FnMut(Node, Node, f64),
    ) {
        self.shares_from_many(&[(src, weight)], reach, add);
    }

    /// [`Towards::shares_from`] for several sources at once, each with its weight, in one
    /// pass over the DAG (a channel's share is linear in the weights sent from each node).
    pub fn shares_from_many(
        &self,
        sources: &[(Node, f64)],
        reach: &mut [f64],
        add: &mut dyn FnMut(Node, Node, f64),
    ) {
        reach.iter_mut().for_each(|r| *r = 0.0);
        let mut any = false;
        for &(src, weight) in sources {
            if src != self.dst && self.tau[src] > 0.0 && weight != 0.0 {
                reach[src] += weight / self.tau[src];
                any = true;
            }
        }
        if !any {
            return;
        }
        // Reverse topological order: sources before their next hops.
        for &x in self.order.iter().rev() {
            let p = reach[x];
            if p == 0.0 || x == self.dst {
                continue;
            }
            for &y in self.next(x) {
                if self.tau[y] > 0.0 {
                    add(x, y, p * self.tau[y]);
                    reach[y] += p;
                }
            }
        }
    }

    /// σ(x) for every x: the DAG's paths from x to `u` (u's own is 1).
    pub fn paths_to(&self, u: Node, sigma: &mut [f64]) {
        sigma.iter_mut().for_each(|s| *s = 0.0);
        sigma[u] = 1.0;
        // Topological order: next hops before a node, so σ of the next hops is final.
        for &x in &self.order {
            if x != u {
                sigma[x] = self.next(x).iter().map(|&y| sigma[y]).sum();
            }
        }
    }
}

/// Adds `weight` × every channel's share of the traffic from `a` to `b` under `routing`
/// (via each intermediate with equal weight for a two-phase pair), calling `add`.
pub fn pair_shares(
    routing: &dyn Routing,
    n: usize,
    (a, b): (Node, Node),
    weight: f64,
    add: &mut dyn FnMut(Node, Node, f64),
) {
    if a == b {
        return;
    }
    let mut reach = vec![0.0; n];
    match intermediates(routing, a, b) {
        Some(via) if routing.two_phase().is_some() && !via.is_empty() => {
            let w = weight / via.len() as f64;
            let to_b = Towards::new(routing, n, b);
            for i in via {
                Towards::new(routing, n, i).shares_from(a, w, &mut reach, add);
                to_b.shares_from(i, w, &mut reach, add);
            }
        }
        _ => Towards::new(routing, n, b).shares_from(a, weight, &mut reach, add),
    }
}

/// Adds every channel's load under a traffic matrix: `rows[s]` lists endpoint s's
/// destinations and the fraction of its traffic each receives, `ends[e]` is endpoint e's
/// node. The same shares as [`pair_shares`] pair by pair, grouped by destination node (a
/// two-phase pair's legs by intermediate and by destination, merged per pair of nodes so
/// that they take at most a node pair each) so that each destination's DAG is built and
/// passed once for all the nodes sending to it.
pub fn matrix_shares(
    routing: &dyn Routing,
    n: usize,
    ends: &[Node],
    rows: &[Vec<(u32, f64)>],
    add: &mut dyn FnMut(Node, Node, f64),
) {
    // What each destination node receives from each source node (a source may repeat).
    let mut towards: Vec<Vec<(Node, f64)>> = vec![Vec::new(); n];
    if routing.two_phase().is_some() {
        let mut legs: BTreeMap<(Node, Node), f64> = BTreeMap::new();
        for (s, row) in rows.iter().enumerate() {
            let a = ends[s];
            for &(d, f) in row {
                let b = ends[d as usize];
                if a == b || f == 0.0 {
                    continue;
                }
                match intermediates(routing, a, b) {
                    Some(via) if !via.is_empty() => {
                        let w = f / via.len() as f64;
                        for i in via {
                            *legs.entry((i, a)).or_default() += w;
                            *legs.entry((b, i)).or_default() += w;
                        }
                    }
                    _ => *legs.entry((b, a)).or_default() += f,
                }
            }
        }
        for ((to, from), w) in legs {
            towards[to].push((from, w));
        }
    } else {
        for (s, row) in rows.iter().enumerate() {
            let a = ends[s];
            for &(d, f) in row {
                let b = ends[d as usize];
                if a != b && f != 0.0 {
                    towards[b].push((a, f));
                }
            }
        }
    }
    let mut reach = vec![0.0; n];
    for (b, from) in towards.iter().enumerate() {
        if !from.is_empty() {
            Towards::new(routing, n, b).shares_from_many(from, &mut reach, add);
        }
    }
}
