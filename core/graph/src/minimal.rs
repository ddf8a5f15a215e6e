//! Every minimal path, for any topology.

use std::cell::RefCell;

use crate::RouteSymmetry;
use crate::{bfs_to, UNREACHABLE};
use crate::{next_hops_where, Node, Orbits, Routing, Topology};

/// All minimal paths: at each node, every neighbour one step closer to the destination.
///
/// Uses the topology's closed-form distance where it has one; otherwise one breadth-first
/// search from the destination, cached for the next call with the same destination.
#[derive(Debug)]
pub struct MinimalRouting<'a, T: Topology + ?Sized> {
    topology: &'a T,
    cache: RefCell<Option<(Node, Vec<u32>)>>,
}

impl<'a, T: Topology + ?Sized> MinimalRouting<'a, T> {
    /// Minimal routing on `topology`.
    pub fn new(topology: &'a T) -> Self {
        MinimalRouting {
            topology,
            cache: RefCell::new(None),
        }
    }

    fn distance_to(&self, v: Node, dst: Node) -> u32 {
        if let Some(d) = crate::closed_distance(self.topology, v, dst) {
            return d;
        }
        let mut cache = self.cache.borrow_mut();
        if cache.as_ref().is_none_or(|(d, _)| *d != dst) {
            *cache = Some((dst, bfs_to(self.topology, dst)));
        }
        cache.as_ref().map_or(u32::MAX, |(_, dist)| dist[v])
    }
}

impl<T: Topology + ?Sized> Routing for MinimalRouting<'_, T> {
    fn next_hops(&self, at: Node, dst: Node, out: &mut Vec<Node>) {
        if at == dst {
            return;
        }
        let here = self.distance_to(at, dst);
        next_hops_where(self.topology, at, dst, out, |v| {
            self.distance_to(v, dst).wrapping_add(1) == here
        });
    }

    /// One breadth-first search from `dst` gives every node's distance, and each node's
    /// next hops are its neighbours one link nearer: the hops of [`Routing::next_hops`]
    /// node by node (a closed-form distance is the graph's), without a closed-form
    /// distance per neighbour (O(N + E) per destination instead of E closed-form calls:
    /// what the deadlock analysis asks once per destination).
    fn next_hops_to(&self, dst: Node, nodes: usize, start: &mut Vec<usize>, out: &mut Vec<Node>) {
        start.clear();
        out.clear();
        let dist = bfs_to(self.topology, dst);
        for u in 0..nodes {
            start.push(out.len());
            let here = dist.get(u).copied().unwrap_or(UNREACHABLE);
            if u == dst || here == UNREACHABLE {
                continue;
            }
            next_hops_where(self.topology, u, dst, out, |v| {
                dist[v].wrapping_add(1) == here
            });
        }
        start.push(out.len());
    }

    fn follows_distances(&self) -> bool {
        true
    }

    fn symmetry(&self) -> Option<&dyn RouteSymmetry> {
        Some(self)
    }
}

impl<T: Topology + ?Sized> RouteSymmetry for MinimalRouting<'_, T> {
    fn translation_invariant(&self) -> bool {
        true
    }

    /// Minimal paths depend on distances only, so every automorphism commutes with them.
    fn orbits(&self) -> Option<Box<dyn Orbits + '_>> {
        crate::automorphisms(self.topology)
    }
}
