//! Slim Fly's one strategy, `minimal`: every shortest path, with the closed-form path
//! count and the orbits of [`super::SlimFlyOrbits`] for loads.

use num_bigint::BigUint;

use icn_graph::{MinimalRouting, Node, Orbits, Routing};

use super::SlimFly;
use icn_graph::RouteSymmetry;
use icn_graph::Symmetry;

/// Every minimal path of a Slim Fly: the neighbours one step nearer (closed-form
/// distance), counted by [`SlimFly::minimal_path_count`].
#[derive(Debug)]
pub struct SlimFlyMinimal<'a> {
    net: &'a SlimFly,
    inner: MinimalRouting<'a, SlimFly>,
}

impl<'a> SlimFlyMinimal<'a> {
    /// Minimal routing on `net`.
    pub fn new(net: &'a SlimFly) -> Self {
        SlimFlyMinimal {
            net,
            inner: MinimalRouting::new(net),
        }
    }
}

impl Routing for SlimFlyMinimal<'_> {
    fn next_hops(&self, at: Node, dst: Node, out: &mut Vec<Node>) {
        self.inner.next_hops(at, dst, out);
    }

    fn next_hops_to(&self, dst: Node, nodes: usize, start: &mut Vec<usize>, out: &mut Vec<Node>) {
        self.inner.next_hops_to(dst, nodes, start, out);
    }

    fn follows_distances(&self) -> bool {
        true
    }

    fn path_count(&self, src: Node, dst: Node) -> Option<BigUint> {
        Some(BigUint::from(self.net.minimal_path_count(src, dst)))
    }

    fn symmetry(&self) -> Option<&dyn RouteSymmetry> {
        Some(self)
    }
}

impl RouteSymmetry for SlimFlyMinimal<'_> {
    fn orbits(&self) -> Option<Box<dyn Orbits + '_>> {
        self.net.automorphisms()
    }
}
