//! Every minimal path, for any topology.

use std::cell::RefCell;

use crate::graph::bfs_to;
use crate::graph::{next_hops_where, Node, Orbits, Routing, Topology};

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
        if let Some(d) = self.topology.distance(v, dst) {
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

    fn translation_invariant(&self) -> bool {
        true
    }

    fn follows_distances(&self) -> bool {
        true
    }

    /// Minimal paths depend on distances only, so every automorphism commutes with them.
    fn orbits(&self) -> Option<Box<dyn Orbits + '_>> {
        self.topology.automorphisms()
    }
}
