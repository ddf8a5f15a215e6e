//! The next hops of a routing relation, remembered per (node, destination): a head flit
//! asks for them at every router it passes, and the relations that compute them from
//! distances (every minimal routing: a distance per neighbour) cost a microsecond or more
//! a call. The table asks each pair once, on first use, and answers with one look-up
//! after. A relation that follows distances ([`Routing::follows_distances`]) is not even
//! asked: its hops come from one breadth-first search per destination (the search the
//! loads take), the neighbours one link nearer the destination that pass traffic on (or
//! are it), in neighbour order, exactly as the relation lists them.
//!
//! Both hold N² entries, so they serve networks of at most [`MAX_TABLE_NODES`] nodes.
//! Past it, a relation that follows distances on a network without a closed-form distance
//! (an imported graph, a Jellyfish: its every call would search the network from the
//! destination again, 21,000 steps a hop on a random graph of 3,000 nodes) keeps the
//! distances alone, to [`MAX_DISTANCE_NODES`] nodes; the simulator asks any other relation
//! itself ([`relation_searches`] says which calls search the network, which the estimate
//! charges).

use icn_graph::{closed_distance, Csr, Direction, Node, Routing, Topology};

/// The most nodes a [`HopTable`] serves with its entries (N² entries of 4 bytes, and of 2
/// for distances).
pub const MAX_TABLE_NODES: usize = 2048;

/// The most nodes a [`HopTable`] serves with distances alone (N² of 2 bytes: 512 MiB at
/// the limit, within `icn`'s memory for a few threads).
pub const MAX_DISTANCE_NODES: usize = 1 << 14;

/// Which table `routing` on `t` gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum TableKind {
    /// Entries, and distances for a relation that follows them.
    Entries {
        /// Whether distances are kept too.
        distances: bool,
    },
    /// Distances alone.
    Distances,
    /// None: the relation is asked at every hop.
    None,
}

/// The table [`HopTable::of`] builds for `routing` on `t`.
pub(super) fn table_kind(t: &dyn Topology, routing: &dyn Routing) -> TableKind {
    let n = t.node_count();
    let follows = routing.follows_distances() && !t.directed();
    if n <= MAX_TABLE_NODES {
        TableKind::Entries { distances: follows }
    } else if follows && n <= MAX_DISTANCE_NODES && closed_distance(t, 0, 0).is_none() {
        TableKind::Distances
    } else {
        TableKind::None
    }
}

/// Whether a call of `routing` on `t` with no table may search the whole network: the
/// network has no closed-form distance, so its relations (minimal, up*/down*, KYKLOS's)
/// compute each destination's distances or labels and keep one destination's at a time.
pub(super) fn relation_searches(t: &dyn Topology, routing: &dyn Routing) -> bool {
    table_kind(t, routing) == TableKind::None
        && t.node_count() > 0
        && closed_distance(t, 0, 0).is_none()
        && routing.cost_hints().next_hops_work.is_none()
}

/// A pair not asked yet.
const UNKNOWN: u32 = u32::MAX;
/// A pair with no next hop.
const NO_HOP: u32 = u32::MAX - 1;
/// The flag of an entry that indexes a list of several hops in `lists`.
const LIST: u32 = 1 << 31;

/// The next hops of a routing relation, per (node, destination), filled on first use.
#[derive(Debug, Clone)]
pub(super) struct HopTable {
    n: usize,
    /// Entry at·N + dst: [`UNKNOWN`], [`NO_HOP`], the one next hop, or [`LIST`] | the
    /// index in `lists` of a count followed by the hops.
    entry: Vec<u32>,
    lists: Vec<u32>,
    /// Distances, for a relation that follows them.
    dist: Option<DistanceTable>,
}

impl HopTable {
    /// The table of `routing` on `topology` ([`table_kind`]), if it has one.
    pub fn of(t: &dyn Topology, routing: &dyn Routing) -> Option<HopTable> {
        let n = t.node_count();
        let (entries, dist) = match table_kind(t, routing) {
            TableKind::Entries { distances } => (true, distances.then(|| DistanceTable::of(t))),
            TableKind::Distances => (false, Some(DistanceTable::of(t))),
            TableKind::None => return None,
        };
        Some(HopTable {
            n,
            entry: if entries {
                vec![UNKNOWN; n * n]
            } else {
                Vec::new()
            },
            lists: Vec::new(),
            dist,
        })
    }

    /// Appends `routing`'s next hops from `at` towards `dst` (the relation this table was
    /// made for).
    #[inline]
    pub fn next_hops(&mut self, routing: &dyn Routing, at: Node, dst: Node, out: &mut Vec<Node>) {
        if self.entry.is_empty() {
            // Distances alone: the neighbours one link nearer, as the relation lists them.
            if let Some(d) = &mut self.dist {
                d.next_hops(at, dst, out);
            }
            return;
        }
        let k = at * self.n + dst;
        let e = self.entry[k];
        if e == UNKNOWN {
            return self.learn(routing, at, dst, out);
        }
        if e == NO_HOP {
            return;
        }
        if e & LIST == 0 {
            out.push(e as usize);
            return;
        }
        let i = (e & !LIST) as usize;
        let len = self.lists[i] as usize;
        out.extend(self.lists[i + 1..=i + len].iter().map(|&v| v as usize));
    }

    /// The raw entry of (`at`, `dst`) (a read that brings it into cache).
    #[inline]
    pub fn peek(&self, at: Node, dst: Node) -> u32 {
        self.entry.get(at * self.n + dst).copied().unwrap_or(0)
    }

    /// Asks the pair for the first time and remembers it.
    #[cold]
    fn learn(&mut self, routing: &dyn Routing, at: Node, dst: Node, out: &mut Vec<Node>) {
        let start = out.len();
        match &mut self.dist {
            Some(d) => d.next_hops(at, dst, out),
            None => routing.next_hops(at, dst, out),
        }
        let hops = &out[start..];
        self.entry[at * self.n + dst] = match hops {
            [] => NO_HOP,
            [v] => *v as u32,
            _ => {
                let i = self.lists.len() as u32;
                self.lists.push(hops.len() as u32);
                self.lists.extend(hops.iter().map(|&v| v as u32));
                LIST | i
            }
        };
    }
}

/// Distances of a row not yet searched, and of nodes that cannot reach its destination.
const FAR: u16 = u16::MAX;

/// Every node's distance to each destination searched so far, with the adjacency the
/// searches walk.
#[derive(Debug, Clone)]
struct DistanceTable {
    n: usize,
    /// Each node's neighbours, in the topology's order, and which nodes forward.
    graph: Csr,
    /// Row d: every node's distance to d ([`FAR`]: none), once `searched[d]`.
    dist: Vec<u16>,
    searched: Vec<bool>,
    queue: Vec<u32>,
}

impl DistanceTable {
    /// The (empty) table of undirected `t` of at most [`MAX_DISTANCE_NODES`] nodes.
    fn of(t: &dyn Topology) -> DistanceTable {
        let n = t.node_count();
        DistanceTable {
            n,
            graph: Csr::new(t, Direction::Out),
            dist: vec![0; n * n],
            searched: vec![false; n],
            queue: Vec::with_capacity(n),
        }
    }

    /// Searches every node's distance to `dst` the first time: a node that does not pass
    /// traffic on is reached but not expanded (as the loads' search).
    fn search(&mut self, dst: Node) {
        if self.searched[dst] {
            return;
        }
        self.searched[dst] = true;
        let row = &mut self.dist[dst * self.n..(dst + 1) * self.n];
        row.fill(FAR);
        row[dst] = 0;
        self.queue.clear();
        self.queue.push(dst as u32);
        let mut head = 0;
        while head < self.queue.len() {
            let u = self.queue[head] as usize;
            head += 1;
            if u != dst && !self.graph.forwards(u) {
                continue;
            }
            let du = row[u];
            for &v in self.graph.neighbours(u) {
                if row[v as usize] == FAR {
                    row[v as usize] = du + 1;
                    self.queue.push(v);
                }
            }
        }
    }

    /// Appends the neighbours of `at` one link nearer `dst` that pass traffic on or are
    /// `dst`, in neighbour order.
    fn next_hops(&mut self, at: Node, dst: Node, out: &mut Vec<Node>) {
        if at == dst {
            return;
        }
        self.search(dst);
        let row = &self.dist[dst * self.n..(dst + 1) * self.n];
        let here = row[at];
        if here == FAR {
            return;
        }
        for &v in self.graph.neighbours(at) {
            let v = v as usize;
            if row[v] != FAR && row[v] + 1 == here && (v == dst || self.graph.forwards(v)) {
                out.push(v);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{relation_searches, table_kind, HopTable, TableKind};
    use crate::rng::SplitMix64;
    use icn_families::imported::Imported;
    use icn_graph::{MinimalRouting, Routing, UpDownRouting};

    /// A random graph of 3,000 nodes, past [`super::MAX_TABLE_NODES`]: minimal routing keeps
    /// the distances alone, and they give the relation's own next hops (each of its calls
    /// a breadth-first search from the destination); up*/down*, which does not follow
    /// distances, gets no table and its calls are said to search.
    #[test]
    fn distances_alone_past_the_table_give_the_relations_hops() {
        let mut rng = SplitMix64::new(3);
        let n = 3000u64;
        let mut text = String::new();
        for v in 1..n {
            text.push_str(&format!("{} {v}\n", rng.below(v)));
        }
        for v in 0..n {
            let w = rng.below(n);
            if w != v {
                text.push_str(&format!("{v} {w}\n"));
            }
        }
        let g = Imported::from_text(&text).expect("a connected graph");
        let minimal = MinimalRouting::new(&g);
        assert_eq!(table_kind(&g, &minimal), TableKind::Distances);
        assert!(!relation_searches(&g, &minimal));
        let mut table = HopTable::of(&g, &minimal).expect("a table");
        let (mut from_table, mut asked) = (Vec::new(), Vec::new());
        for _ in 0..2000 {
            let (at, dst) = (rng.below(n) as usize, rng.below(n) as usize);
            from_table.clear();
            asked.clear();
            table.next_hops(&minimal, at, dst, &mut from_table);
            minimal.next_hops(at, dst, &mut asked);
            assert_eq!(from_table, asked, "{at} → {dst}");
        }
        let updown = UpDownRouting::new(&g);
        assert_eq!(table_kind(&g, &updown), TableKind::None);
        assert!(relation_searches(&g, &updown));
    }
}
