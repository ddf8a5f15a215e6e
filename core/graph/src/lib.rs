//! icn-graph, the bottom layer of icnplay's engine: node indices, the capability traits
//! every family implements ([`Graph`] and [`Topology`] with its capabilities, [`Routing`], [`Orbits`]), the [`Split`] of a
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
mod routing;
mod split;
mod topology;
mod updown;

pub use bfs::{bfs, bfs_to, UNREACHABLE};
pub use csr::{Csr, Direction};
pub use minimal::MinimalRouting;
pub use paths::{
    count_paths, count_phase_paths, count_phase_paths_within, enumerate_paths,
    enumerate_phase_paths, enumerate_routes, path_edges,
};
pub use routing::{
    intermediates, route_orbits, translation_invariant, CostHints, RouteSymmetry, Routing, TwoPhase,
};
pub use split::Split;
pub use topology::{
    automorphisms, channel_phases, closed_distance, closed_distance_counts, terminal_transitive,
    translations, Addresses, ChannelPhases, Distances, Graph, Orbits, Symmetry, Topology,
    Translations,
};
pub use updown::UpDownRouting;

pub use error::{
    AddressError, FamilyMismatch, GraphError, GraphSyntax, ParamError, SpecError, StrategyError,
    UnknownStrategy,
};
pub use spec::Spec;

/// Appends the neighbours `v` of `at` that a route towards `dst` may step to and `take`
/// accepts: `dst` itself or a node that forwards ([`Graph::forwards`]).
pub fn next_hops_where<T: Graph + ?Sized>(
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
