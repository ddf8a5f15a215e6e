//! Up*/down* routing on any connected topology (Autonet: Schroeder et al., "Autonet: a
//! high-speed, self-configuring local area network using point-to-point links", IEEE JSAC
//! 1991).
//!
//! A breadth-first spanning tree from a root orders the nodes by (level, index); a link
//! points *up* towards the smaller end. A legal route takes up links only, then down links
//! only, so no cycle of channels can form with one virtual channel. As a memoryless
//! relation: a node with a down-only path to the destination takes the shortest such
//! paths; any other node climbs, along up links, towards the nearest node that has one.
//! A packet that has taken a down link is on a down-only path, so it never climbs again.

use std::cell::RefCell;
use std::collections::VecDeque;

use crate::{bfs, next_hops_where, Node, Routing, Topology, UNREACHABLE};

/// One destination's lengths: the destination, each node's down-only distance to it and
/// the length of the route taken.
type Lengths = (Node, Vec<u32>, Vec<u32>);

/// Up*/down* routes towards each destination, computed once per destination and cached
/// for the next call with the same one.
#[derive(Debug)]
pub struct UpDownRouting<'a, T: Topology + ?Sized> {
    topology: &'a T,
    /// Each node's place in the up/down order (its breadth-first level from the root,
    /// then its index).
    rank: Vec<(u32, Node)>,
    /// (destination, per node: the down-only distance and the route's length).
    cache: RefCell<Option<Lengths>>,
}

impl<'a, T: Topology + ?Sized> UpDownRouting<'a, T> {
    /// Up*/down* on `topology`, rooted at node 0.
    pub fn new(topology: &'a T) -> Self {
        let level = bfs(topology, 0);
        let rank = level.iter().enumerate().map(|(v, &l)| (l, v)).collect();
        UpDownRouting {
            topology,
            rank,
            cache: RefCell::new(None),
        }
    }

    /// Whether the link u → v points up (towards the root).
    pub fn is_up(&self, u: Node, v: Node) -> bool {
        self.rank[v] < self.rank[u]
    }

    /// Per node: the shortest down-only distance to `dst`, and the length of the route
    /// this relation takes (climb to the nearest node with a down-only path, then down).
    fn lengths(&self, dst: Node) -> (Vec<u32>, Vec<u32>) {
        let t = self.topology;
        let n = t.node_count();
        // Down-only distances: backwards from dst over links that point down into it.
        let mut down = vec![UNREACHABLE; n];
        down[dst] = 0;
        let mut queue = VecDeque::from([dst]);
        let mut buf = Vec::new();
        while let Some(v) = queue.pop_front() {
            buf.clear();
            t.in_neighbours(v, &mut buf);
            for &u in &buf {
                if down[u] == UNREACHABLE && !self.is_up(u, v) {
                    down[u] = down[v] + 1;
                    queue.push_back(u);
                }
            }
        }
        // Route lengths in up/down order: a node's up neighbours come before it.
        let mut order: Vec<Node> = (0..n).collect();
        order.sort_by_key(|&v| self.rank[v]);
        let mut route = vec![UNREACHABLE; n];
        for v in order {
            if down[v] != UNREACHABLE {
                route[v] = down[v];
                continue;
            }
            buf.clear();
            t.neighbours(v, &mut buf);
            let best = buf
                .iter()
                .filter(|&&w| self.is_up(v, w))
                .map(|&w| route[w])
                .min()
                .unwrap_or(UNREACHABLE);
            route[v] = best.saturating_add(1);
        }
        (down, route)
    }
}

impl<T: Topology + ?Sized> Routing for UpDownRouting<'_, T> {
    fn next_hops(&self, at: Node, dst: Node, out: &mut Vec<Node>) {
        if at == dst {
            return;
        }
        let mut cache = self.cache.borrow_mut();
        if cache.as_ref().is_none_or(|(d, _, _)| *d != dst) {
            let (down, route) = self.lengths(dst);
            *cache = Some((dst, down, route));
        }
        let Some((_, down, route)) = cache.as_ref() else {
            return;
        };
        next_hops_where(self.topology, at, dst, out, |v| {
            if down[at] != UNREACHABLE {
                !self.is_up(at, v) && down[v].wrapping_add(1) == down[at]
            } else {
                self.is_up(at, v) && route[v].wrapping_add(1) == route[at]
            }
        });
    }

    fn is_minimal(&self) -> bool {
        false
    }
}
