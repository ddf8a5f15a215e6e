//! Routes: explicit paths and their counts for any [`Routing`] on any [`Topology`];
//! [`registry`], every routing a network offers, by name; the generic routings it adds,
//! [`valiant`] and [`table`].

pub mod registry;
pub mod table;
pub mod valiant;

use num_bigint::BigUint;

pub use icn_graph::{
    count_paths, count_phase_paths, enumerate_paths, enumerate_phase_paths, enumerate_routes,
    path_edges, MinimalRouting,
};

use icn_graph::{Node, Routing, Topology};

/// The paths a routing offers from one node to another.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Route {
    /// Source node.
    pub src: Node,
    /// Destination node.
    pub dst: Node,
    /// Hops on the (first) path.
    pub length: u32,
    /// How many paths the routing offers in all (for a two-phase routing, routes: Σ over
    /// the intermediates i of paths(src, i) · paths(i, dst)).
    pub path_count: BigUint,
    /// The first paths in the routing's order, each from `src` to `dst` inclusive (a
    /// two-phase route's walk may visit a node twice, and two intermediates may give the
    /// same walk: it is listed once per intermediate, as `via` tells them apart).
    pub paths: Vec<Vec<Node>>,
    /// For a two-phase pair ([`icn_graph::TwoPhase::intermediates`]), the intermediate each
    /// listed path goes via, one per path; empty when the pair is routed in one phase.
    pub via: Vec<Node>,
    /// Whether `paths` stops short of `path_count`.
    pub truncated: bool,
}

/// Lists up to `limit` paths of `routing` from `src` to `dst` and counts them all, going
/// via the intermediates of a two-phase routing (see [`icn_graph::Routing`]).
///
/// # Complexity
/// O(limit · length · degree) for the listing; the count is the routing's closed form
/// where it has one, otherwise a memoised walk over the paths' DAG (O(nodes it covers)),
/// two per intermediate for a two-phase pair.
pub fn route<T, R>(topology: &T, routing: &R, src: Node, dst: Node, limit: usize) -> Route
where
    T: Topology + ?Sized,
    R: Routing + ?Sized,
{
    let _ = topology;
    let routes = enumerate_routes(routing, src, dst, limit);
    let via: Vec<Node> = routes.iter().filter_map(|r| r.0).collect();
    let paths: Vec<Vec<Node>> = routes.into_iter().map(|r| r.1).collect();
    let path_count = routing
        .path_count(src, dst)
        .unwrap_or_else(|| count_paths(routing, src, dst));
    // The length of the first path, listed or not: with `limit` 0 one path is walked for it
    // (a route asked for its count alone still has its distance).
    let first = match paths.first() {
        Some(p) => Some(p.len()),
        None => enumerate_paths(routing, src, dst, 1).first().map(Vec::len),
    };
    let length = first.map_or(0, |len| len as u32 - 1);
    let truncated = BigUint::from(paths.len()) < path_count;
    Route {
        src,
        dst,
        length,
        path_count,
        paths,
        via,
        truncated,
    }
}
