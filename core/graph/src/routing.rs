//! What a routing is, in small traits: the next-hop relation itself ([`Routing`]), and the
//! capabilities a routing offers only when it has them, discovered through it: a second
//! phase via intermediates ([`TwoPhase`]), the symmetry it commutes with
//! ([`RouteSymmetry`]), and the cost hints size guards read ([`CostHints`]).

use crate::{Node, Orbits, Split};

/// A routing: a memoryless next-hop relation, optionally used in two phases.
///
/// Every relation here is loop-free and always progresses, so the relation for a fixed
/// destination is a DAG in which every node reaches the destination. A unit sent along
/// it is split equally among its paths.
///
/// **Two phases** (Valiant's routing, [`Routing::two_phase`]): where
/// [`TwoPhase::intermediates`] names nodes for a pair, a unit from `src` to `dst` goes via
/// one of them, each equally likely, following the relation towards it (phase one) and
/// then the relation towards `dst` (phase two). Its routes are the triples (intermediate,
/// phase-one path, phase-two path): they are counted, listed and loaded as a packet takes
/// them, so a walk that revisits a node counts each visit, and a walk that two
/// intermediates both produce is counted (and listed) once per intermediate. Pairs without
/// intermediates use the relation alone.
pub trait Routing {
    /// Appends the allowed next hops at `at` towards `dst` (empty when `at == dst`). For
    /// a two-phase routing this is the relation each phase follows.
    fn next_hops(&self, at: Node, dst: Node, out: &mut Vec<Node>);

    /// Every node's next hops towards `dst` at once, as adjacency arrays: those of node
    /// `u < nodes` are `out[start[u] .. start[u + 1]]` (both vectors are cleared first;
    /// `start` gets `nodes + 1` entries). The same as [`Routing::next_hops`] for each node in
    /// turn, which is the default; a relation that walks the nodes cheaper than one call
    /// each (a product's digits counted up instead of divided out) overrides it. The
    /// deadlock analysis asks it once per destination.
    fn next_hops_to(&self, dst: Node, nodes: usize, start: &mut Vec<usize>, out: &mut Vec<Node>) {
        start.clear();
        out.clear();
        for u in 0..nodes {
            start.push(out.len());
            self.next_hops(u, dst, out);
        }
        start.push(out.len());
    }

    /// Whether every path it offers is a shortest path of the graph (false for a
    /// two-phase routing).
    fn is_minimal(&self) -> bool {
        true
    }

    /// Whether the next hops are exactly the neighbours one link nearer the destination
    /// (every shortest path). Loads then take the relation towards a destination from one
    /// breadth-first search instead of asking [`Routing::next_hops`] node by node. For a
    /// two-phase routing it describes the relation of each phase, not its routes.
    fn follows_distances(&self) -> bool {
        false
    }

    /// The number of paths (for a two-phase routing, of routes: Σ over the
    /// intermediates i of paths(src, i) · paths(i, dst)) from `src` to `dst`, where a
    /// closed form is known.
    fn path_count(&self, _src: Node, _dst: Node) -> Option<num_bigint::BigUint> {
        None
    }

    /// The second phase, for a two-phase routing; `None` (the default) for a memoryless
    /// one. Consumers that need a memoryless relation (symmetry shortcuts,
    /// per-destination loads) test this once instead of asking every pair.
    fn two_phase(&self) -> Option<&dyn TwoPhase> {
        None
    }

    /// The symmetry the relation commutes with, where it declares one.
    fn symmetry(&self) -> Option<&dyn RouteSymmetry> {
        None
    }

    /// What one call costs, where the relation knows better than the default (a scan of
    /// the node's neighbours). Size guards read it (`Network::route_cost`).
    fn cost_hints(&self) -> CostHints {
        CostHints::default()
    }
}

/// The intermediates of a two-phase routing (see [`Routing`]).
pub trait TwoPhase {
    /// The nodes a unit from `src` to `dst` may be sent via, each equally likely; `None`
    /// where the pair is routed by the relation alone. When `Some`, the list is non-empty,
    /// has no repeats and holds neither `src` nor `dst`; it is `None` when `src == dst`.
    fn intermediates(&self, src: Node, dst: Node) -> Option<Vec<Node>>;

    /// One of [`TwoPhase::intermediates`] for the pair, chosen by `r` (a uniform random
    /// number: the list's entry `r mod len`), or `None` as there. A simulator asks this
    /// for every packet: a routing whose intermediates follow a rule answers without
    /// building the list.
    fn pick_intermediate(&self, src: Node, dst: Node, r: u64) -> Option<Node> {
        let list = self.intermediates(src, dst)?;
        (!list.is_empty()).then(|| list[(r % list.len() as u64) as usize])
    }

    /// The nodes of BookSim2's draw (its `valiant_mesh` and `romm_mesh`), each equally
    /// likely: [`TwoPhase::intermediates`] and the pair's own two nodes, which BookSim2
    /// draws as well (via the source a packet takes the second leg at once, via the
    /// destination it ends in the first). The default lists those; a routing whose draw
    /// covers more (Valiant's, every router even for a packet to its own router)
    /// overrides it. Never empty.
    fn intermediates_with_ends(&self, src: Node, dst: Node) -> Vec<Node> {
        let mut list = self.intermediates(src, dst).unwrap_or_default();
        list.push(src);
        if dst != src {
            list.push(dst);
        }
        list
    }

    /// One of [`TwoPhase::intermediates_with_ends`], chosen by `r` (its entry `r mod
    /// len`); a routing whose draw follows a rule answers without the list.
    fn pick_with_ends(&self, src: Node, dst: Node, r: u64) -> Node {
        let list = self.intermediates_with_ends(src, dst);
        list[(r % list.len() as u64) as usize]
    }
}

/// The symmetry a routing commutes with, for loads and the worst-case permutation.
pub trait RouteSymmetry {
    /// Whether the relation commutes with the topology's translations, so loads can
    /// be computed from a single destination. For a two-phase routing the translations
    /// must also map each pair's intermediates onto the image pair's; loads ignore it
    /// there (their per-destination passes need a memoryless relation), the worst-case
    /// permutation uses it to solve one channel per class.
    fn translation_invariant(&self) -> bool {
        false
    }

    /// A group of automorphisms this relation commutes with, by its orbits (see
    /// [`Orbits`]), for topologies that are not vertex-transitive: loads then take one
    /// destination per orbit of terminals instead of every terminal. For a two-phase
    /// routing the group must also map each pair's intermediates onto the image pair's;
    /// loads ignore it there, the worst-case permutation uses it to solve one channel per
    /// orbit.
    fn orbits(&self) -> Option<Box<dyn Orbits + '_>> {
        None
    }

    /// On a vertex-transitive topology with a translation-invariant relation: the load of
    /// each channel class (as [`crate::Translations::channel_class`] numbers them) due to
    /// the traffic of every source bound to node 0, where the relation knows a faster way
    /// to it than the pass over its DAG (a product of per-dimension relations). `None`
    /// otherwise.
    fn class_loads_to_zero(&self, _split: Split) -> Option<Vec<f64>> {
        None
    }
}

/// What a routing's calls cost, where it knows (see [`Routing::cost_hints`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CostHints {
    /// The work of one [`Routing::next_hops`] call, where the relation computes its hops
    /// in closed form without scanning the node's neighbours (D3's one-hop relations: 1);
    /// `None` for a relation that scans them, whose call costs the degree.
    pub next_hops_work: Option<u64>,
    /// The one-time work of the first [`Routing::next_hops`] call, as (steps, bytes), where
    /// the relation builds a table over the whole network on first use (KYKLOS's Y-2: its
    /// next-hop sets towards L-node 0 for every node). `None`: no such table. Size guards
    /// add it to a route's cost and never probe past it.
    pub first_use_work: Option<(u64, u64)>,
}

/// The intermediates of `routing` for the pair, where it is two-phase and names some.
pub fn intermediates<R: Routing + ?Sized>(routing: &R, src: Node, dst: Node) -> Option<Vec<Node>> {
    routing.two_phase()?.intermediates(src, dst)
}

/// Whether `routing` commutes with the topology's translations
/// ([`RouteSymmetry::translation_invariant`]).
pub fn translation_invariant<R: Routing + ?Sized>(routing: &R) -> bool {
    routing
        .symmetry()
        .is_some_and(RouteSymmetry::translation_invariant)
}

/// The automorphisms `routing` commutes with, where it declares some
/// ([`RouteSymmetry::orbits`]).
pub fn route_orbits<R: Routing + ?Sized>(routing: &R) -> Option<Box<dyn Orbits + '_>> {
    routing.symmetry()?.orbits()
}
