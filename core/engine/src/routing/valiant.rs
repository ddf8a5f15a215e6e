//! Valiant's routing over any one-phase routing ([`AnyValiant`]): each packet via a router
//! drawn uniformly, both legs on the base routing; for networks whose family has no
//! two-phase strategy of its own.

use icn_graph::route_orbits;
use icn_graph::translation_invariant;
use icn_graph::{Node, Orbits, Routing};
use icn_graph::{RouteSymmetry, TwoPhase};

/// Valiant's routing over any routing of a network without a two-phase strategy of its
/// own (a torus, a HyperX, a D3): each packet goes via a router drawn uniformly among the
/// routers other than its source's and destination's, both legs on the base routing
/// (BookSim2's `valiant_torus` and `valiant_mesh` use dimension order the same way).
#[allow(missing_debug_implementations)]
pub struct AnyValiant<'a> {
    base: Box<dyn Routing + 'a>,
    /// The router nodes, in increasing order.
    routers: Vec<Node>,
    /// The network's node count (the routers may be fewer).
    nodes: usize,
}

impl<'a> AnyValiant<'a> {
    /// Valiant over `base`, via the nodes `routers` (any order) of a network of `nodes`
    /// nodes.
    pub fn new(
        base: Box<dyn Routing + 'a>,
        mut routers: Vec<Node>,
        nodes: usize,
    ) -> AnyValiant<'a> {
        routers.sort_unstable();
        routers.dedup();
        AnyValiant {
            base,
            routers,
            nodes,
        }
    }

    fn is_router(&self, x: Node) -> bool {
        self.routers.binary_search(&x).is_ok()
    }

    /// The routers excluding `a` and `b` (by position in the sorted list).
    fn excluded(&self, a: Node, b: Node) -> [Option<usize>; 2] {
        let at = |x: Node| self.routers.binary_search(&x).ok();
        let (i, j) = (at(a), at(b));
        let mut ex = [i, if j == i { None } else { j }];
        ex.sort_unstable_by_key(|x| x.unwrap_or(usize::MAX));
        ex
    }
}

impl Routing for AnyValiant<'_> {
    fn next_hops(&self, at: Node, dst: Node, out: &mut Vec<Node>) {
        self.base.next_hops(at, dst, out);
    }

    fn is_minimal(&self) -> bool {
        false
    }

    fn follows_distances(&self) -> bool {
        false
    }

    fn two_phase(&self) -> Option<&dyn TwoPhase> {
        Some(self)
    }

    fn symmetry(&self) -> Option<&dyn RouteSymmetry> {
        Some(self)
    }
}

impl TwoPhase for AnyValiant<'_> {
    /// Every router but `src` and `dst`, in node order.
    fn intermediates(&self, src: Node, dst: Node) -> Option<Vec<Node>> {
        if src == dst {
            return None;
        }
        let list: Vec<Node> = self
            .routers
            .iter()
            .copied()
            .filter(|&v| v != src && v != dst)
            .collect();
        (!list.is_empty()).then_some(list)
    }

    /// The `r mod len`-th of [`TwoPhase::intermediates`], without the list.
    fn pick_intermediate(&self, src: Node, dst: Node, r: u64) -> Option<Node> {
        if src == dst {
            return None;
        }
        let ex = self.excluded(src, dst);
        let len = self.routers.len() - ex.iter().flatten().count();
        if len == 0 {
            return None;
        }
        let mut k = (r % len as u64) as usize;
        for e in ex.into_iter().flatten() {
            if k >= e {
                k += 1;
            }
        }
        self.routers.get(k).copied()
    }

    /// Every router, the pair's own among them, for a packet to its own router too
    /// (BookSim2's `valiant_mesh` draws any router for every packet).
    fn intermediates_with_ends(&self, src: Node, _dst: Node) -> Vec<Node> {
        if self.routers.is_empty() {
            return vec![src];
        }
        self.routers.clone()
    }

    /// The `r mod len`-th router, without the list.
    fn pick_with_ends(&self, src: Node, _dst: Node, r: u64) -> Node {
        if self.routers.is_empty() {
            return src;
        }
        self.routers[(r % self.routers.len() as u64) as usize]
    }
}

impl RouteSymmetry for AnyValiant<'_> {
    /// The base's, where every node is a router: a translation then maps the routers
    /// other than `s` and `d` onto those other than their images.
    fn translation_invariant(&self) -> bool {
        self.routers.len() == self.nodes && translation_invariant(self.base.as_ref())
    }

    /// The base's group, where it maps routers to routers (each node orbit all routers or
    /// none): it then maps the intermediates of `s` and `d` onto those of their images.
    fn orbits(&self) -> Option<Box<dyn Orbits + '_>> {
        let orbits = route_orbits(self.base.as_ref())?;
        let mut kind: Vec<Option<bool>> = vec![None; orbits.node_orbit_count()];
        for x in 0..self.nodes {
            let seen = kind.get_mut(orbits.node_orbit(x))?;
            if *seen.get_or_insert(self.is_router(x)) != self.is_router(x) {
                return None;
            }
        }
        Some(orbits)
    }
}
