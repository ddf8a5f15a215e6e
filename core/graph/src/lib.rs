//! icn-graph, the bottom layer of icnplay's engine: node indices, the capability traits
//! every family implements ([`Topology`], [`Routing`], [`Orbits`]), the [`Split`] of a
//! unit of traffic, breadth-first search (one source, or many at once bit-parallel over
//! a compact adjacency: [`msbfs`], [`Csr`]), path enumeration over a routing relation,
//! [`MinimalRouting`] (every shortest path of any topology, the relation BFS defines) and
//! [`UpDownRouting`] (up*/down* on any connected topology); beside them the spec grammar
//! ([`spec`]), the small error types ([`error`]) and exact combinatorics ([`math`]).
//!
//! May import: std and its external crates only. Every other crate of the engine builds on
//! this one.

pub mod error;
pub mod math;
pub mod spec;

mod bfs;
mod csr;
mod minimal;
pub mod msbfs;
mod paths;
mod split;
mod updown;

pub use bfs::{bfs, bfs_to, UNREACHABLE};
pub use csr::{Csr, Direction};
pub use minimal::MinimalRouting;
pub use paths::{
    count_paths, count_phase_paths, count_phase_paths_within, enumerate_paths,
    enumerate_phase_paths, enumerate_routes, path_edges,
};
pub use split::Split;
pub use updown::UpDownRouting;

pub use error::{
    AddressError, FamilyMismatch, GraphError, GraphSyntax, ParamError, SpecError, StrategyError,
    UnknownStrategy,
};
pub use spec::Spec;

/// Appends the neighbours `v` of `at` that a route towards `dst` may step to and `take`
/// accepts: `dst` itself or a node that forwards ([`Topology::forwards`]).
pub fn next_hops_where<T: Topology + ?Sized>(
    topology: &T,
    at: Node,
    dst: Node,
    out: &mut Vec<Node>,
    mut take: impl FnMut(Node) -> bool,
) {
    let start = out.len();
    topology.neighbours(at, out);
    let mut keep = start;
    for i in start..out.len() {
        let v = out[i];
        if (v == dst || topology.forwards(v)) && take(v) {
            out[keep] = v;
            keep += 1;
        }
    }
    out.truncate(keep);
}

/// A node's dense index, `0 .. node_count()`.
pub type Node = usize;

/// The largest network the engine addresses (node indices fit `u32` on wasm32).
pub const MAX_NODES: u64 = 1 << 31;

/// A connected interconnection network with dense node indices.
///
/// Most networks are undirected: every link carries traffic both ways, as two channels.
/// A [`Topology::directed`] one (a butterfly) lists its one-way channels instead: `v`'s
/// [`Topology::neighbours`] are the nodes it sends to, its [`Topology::in_neighbours`]
/// those it receives from, and every terminal reaches every other.
///
/// Implementors validate their parameters once at construction, so every method here
/// may assume a well-formed network.
pub trait Topology {
    /// The number of nodes, N.
    fn node_count(&self) -> usize;

    /// Appends the neighbours of `v` to `out`: no duplicates, never `v` itself. In a
    /// directed network, the heads of the channels leaving `v`.
    fn neighbours(&self, v: Node, out: &mut Vec<Node>);

    /// Whether links are one-way channels (see the trait's documentation).
    fn directed(&self) -> bool {
        false
    }

    /// Appends the nodes with a channel into `v`: its neighbours unless
    /// [`Topology::directed`].
    fn in_neighbours(&self, v: Node, out: &mut Vec<Node>) {
        self.neighbours(v, out);
    }

    /// The dimension of channel u → v and whether it crosses that dimension's dateline
    /// (a ring's wrap-around link), where the network is made of rings (tori); `None`
    /// elsewhere. Deadlock analysis switches virtual channel there.
    fn dateline(&self, _u: Node, _v: Node) -> Option<(usize, bool)> {
        None
    }

    /// Whether crossing channel u → v starts a new phase of a route (a Dragonfly's global
    /// links: l-g-l routes are in phase 0, 0, then 1). Deadlock analysis may give each
    /// phase its own virtual channel.
    fn phase_boundary(&self, _u: Node, _v: Node) -> bool {
        false
    }

    /// Whether `v` passes traffic on. A node that does not (a butterfly's processor, whose
    /// one channel out is its injection and one channel in its ejection) starts and ends
    /// paths but is never inside one; searches do not expand it.
    fn forwards(&self, _v: Node) -> bool {
        true
    }

    /// The canonical address of `v`, as [`Topology::parse_node`] reads it.
    fn format_node(&self, v: Node) -> String;

    /// Reads an address; the error names the offending character and why.
    ///
    /// # Errors
    /// [`AddressError`] when the text is not an address of this network.
    fn parse_node(&self, text: &str) -> Result<Node, AddressError>;

    /// Nodes `0 .. terminal_count()` are terminals: the processors or leaves that send
    /// and receive traffic. The others (busses, switches, tree nodes) only forward it.
    /// Distance distributions and loads are over ordered pairs of terminals.
    fn terminal_count(&self) -> usize {
        self.node_count()
    }

    /// The number of links: undirected ones, or the one-way channels of a
    /// [`Topology::directed`] network. The default sums degrees: O(N·degree).
    fn link_count(&self) -> u64 {
        let mut buf = Vec::new();
        let mut sum = 0u64;
        for v in 0..self.node_count() {
            buf.clear();
            self.neighbours(v, &mut buf);
            sum += buf.len() as u64;
        }
        if self.directed() {
            sum
        } else {
            sum / 2
        }
    }

    /// The smallest and largest degree of a terminal, where a closed form gives them
    /// (`None`, the default: [`icn_engine::Network::info`] counts them node by node, or from
    /// terminal 0 alone on a terminal-transitive network).
    fn terminal_degree_range(&self) -> Option<(u64, u64)> {
        None
    }

    /// The number of channels: two per undirected link, one per directed one.
    fn channel_count(&self) -> u64 {
        if self.directed() {
            self.link_count()
        } else {
            2 * self.link_count()
        }
    }

    /// The exact distance in O(1)-ish time, where a closed form is known.
    fn distance(&self, _a: Node, _b: Node) -> Option<u32> {
        None
    }

    /// How many nodes lie at each distance from `src` (index = distance), where a
    /// closed form is known; lets metrics skip the breadth-first search.
    fn distance_counts_from(&self, _src: Node) -> Option<Vec<u64>> {
        None
    }

    /// Whether a group of translations acts transitively on the nodes and maps
    /// channels to channels; metrics then need a single source (or destination).
    ///
    /// When true, [`Topology::channel_class`] must return `Some` for every channel, and
    /// every node must be a terminal.
    fn vertex_transitive(&self) -> bool {
        false
    }

    /// Whether automorphisms act transitively on the terminals (every terminal sees the same
    /// distances to the terminals, as processor 0 does). Distance distributions then need
    /// the breadth-first search from terminal 0 only. Implied by
    /// [`Topology::vertex_transitive`]; meant for networks whose forwarding nodes break
    /// vertex transitivity (KYKLOS's IB-nodes).
    fn terminal_transitive(&self) -> bool {
        self.vertex_transitive()
    }

    /// The orbit of the directed channel `u -> v` under the translation group:
    /// a dense index below [`Topology::channel_class_count`]. Every orbit has exactly
    /// N channels.
    fn channel_class(&self, _u: Node, _v: Node) -> Option<usize> {
        None
    }

    /// The number of channel orbits under the translation group.
    fn channel_class_count(&self) -> usize {
        0
    }

    /// A group of automorphisms that maps terminals to terminals, by its orbits, for
    /// networks that are not vertex-transitive but have few orbits of terminals (the
    /// Swapped Dragonfly's diagonal and other routers). Every routing that only follows
    /// the graph's distances (minimal routing) commutes with it, and returns it from
    /// [`Routing::orbits`]; loads then need one destination per orbit of terminals.
    fn automorphisms(&self) -> Option<Box<dyn Orbits + '_>> {
        None
    }
}

/// A group G of automorphisms of a network, described by its orbits.
///
/// G maps terminals to terminals and channels to channels. Loads under a routing that
/// commutes with G (next hops of g·u towards g·t are the images of those of u towards t)
/// follow from one destination per orbit of terminals: the load of channel e is
/// Σ_j |O_j| / |orbit(e)| · Σ_{e' ∈ orbit(e)} L_j(e'), with L_j the loads of the traffic
/// bound to O_j's representative (as the loads of the algorithms layer compute them). The orbits must
/// be exactly G's: a union of two orbits would average loads that differ.
pub trait Orbits {
    /// One representative per orbit of terminals, with the orbit's size (the sizes sum
    /// to the terminal count).
    fn destinations(&self) -> Vec<(Node, u64)>;
    /// The orbit of the directed channel `u -> v`, below [`Orbits::channel_orbit_count`].
    fn channel_orbit(&self, u: Node, v: Node) -> usize;
    /// The number of channel orbits.
    fn channel_orbit_count(&self) -> usize;
    /// The orbit of node `u`, below [`Orbits::node_orbit_count`].
    fn node_orbit(&self, u: Node) -> usize;
    /// The number of node orbits.
    fn node_orbit_count(&self) -> usize;
    /// Each channel orbit's size, where a closed form is known (else loads count them,
    /// O(E)).
    fn channel_orbit_sizes(&self) -> Option<Vec<u64>> {
        None
    }
    /// Each node orbit's size, where a closed form is known (else loads count them).
    fn node_orbit_sizes(&self) -> Option<Vec<u64>> {
        None
    }
}

/// A routing: a memoryless next-hop relation, optionally used in two phases.
///
/// Every relation here is loop-free and always progresses, so the relation for a fixed
/// destination is a DAG in which every node reaches the destination. A unit sent along
/// it is split equally among its paths.
///
/// **Two phases** (Valiant's routing): where [`Routing::intermediates`] names nodes for a
/// pair, a unit from `src` to `dst` goes via one of them, each equally likely, following
/// the relation towards it (phase one) and then the relation towards `dst` (phase two).
/// Its routes are the triples (intermediate, phase-one path, phase-two path): they are
/// counted, listed and loaded as a packet takes them, so a walk that revisits a node
/// counts each visit, and a walk that two intermediates both produce is counted (and
/// listed) once per intermediate. Pairs without intermediates use the relation alone.
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

    /// The nodes a unit from `src` to `dst` may be sent via, each equally likely, for a
    /// two-phase routing; `None` where the pair is routed by the relation alone (always,
    /// for a memoryless routing). When `Some`, the list is non-empty, has no repeats and
    /// holds neither `src` nor `dst`; it is `None` when `src == dst`.
    fn intermediates(&self, _src: Node, _dst: Node) -> Option<Vec<Node>> {
        None
    }

    /// Whether [`Routing::intermediates`] answers `Some` for any pair. Consumers that
    /// need a memoryless relation (symmetry shortcuts, per-destination loads) test this
    /// once instead of asking every pair.
    fn two_phase(&self) -> bool {
        false
    }

    /// One of [`Routing::intermediates`] for the pair, chosen by `r` (a uniform random
    /// number: the list's entry `r mod len`), or `None` as there. A simulator asks this
    /// for every packet: a routing whose intermediates follow a rule answers without
    /// building the list.
    fn pick_intermediate(&self, src: Node, dst: Node, r: u64) -> Option<Node> {
        let list = self.intermediates(src, dst)?;
        (!list.is_empty()).then(|| list[(r % list.len() as u64) as usize])
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

    /// Whether the relation commutes with the topology's translations, so loads can
    /// be computed from a single destination. For a two-phase routing the translations
    /// must also map each pair's intermediates onto the image pair's; loads ignore it
    /// there (their per-destination passes need a memoryless relation), the worst-case
    /// permutation uses it to solve one channel per class.
    fn translation_invariant(&self) -> bool {
        false
    }

    /// The number of paths (for a two-phase routing, of routes: Σ over the
    /// intermediates i of paths(src, i) · paths(i, dst)) from `src` to `dst`, where a
    /// closed form is known.
    fn path_count(&self, _src: Node, _dst: Node) -> Option<num_bigint::BigUint> {
        None
    }

    /// The work of one [`Routing::next_hops`] call, where the relation computes its hops
    /// in closed form without scanning the node's neighbours (D3's one-hop relations: 1);
    /// `None`, the default, for a relation that scans them, whose call costs the degree.
    /// Size guards read it ([`icn_engine::Network::route_cost`]).
    fn next_hops_work(&self) -> Option<u64> {
        None
    }

    /// The one-time work of the first [`Routing::next_hops`] call, as (steps, bytes), where
    /// the relation builds a table over the whole network on first use (KYKLOS's Y-2: its
    /// next-hop sets towards L-node 0 for every node). `None`, the default: no such table.
    /// Size guards add it to a route's cost and never probe past it
    /// ([`icn_engine::Network::route_cost`]).
    fn first_use_work(&self) -> Option<(u64, u64)> {
        None
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
    /// each channel class (as [`Topology::channel_class`] numbers them) due to the traffic
    /// of every source bound to node 0, where the relation knows a faster way to it than
    /// the pass over its DAG (a product of per-dimension relations). `None` otherwise.
    fn class_loads_to_zero(&self, _split: Split) -> Option<Vec<f64>> {
        None
    }
}
