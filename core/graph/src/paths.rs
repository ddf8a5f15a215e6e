//! Paths of a routing: enumeration, counting, and the channels they use.
//!
//! The `_phase_` functions follow the next-hop relation alone; the others give a
//! routing's routes, going via [`TwoPhase::intermediates`] where a two-phase routing names
//! them (each route a phase-one path to the intermediate joined to a phase-two path from
//! it, one route per intermediate and pair of paths).

use std::collections::{HashMap, HashSet};

use num_bigint::BigUint;
use num_traits::{One, Zero};

use super::{Node, Routing};
use crate::intermediates;

/// The first `limit` routes from `src` to `dst`, as walks (see [`enumerate_routes`]).
pub fn enumerate_paths<R: Routing + ?Sized>(
    routing: &R,
    src: Node,
    dst: Node,
    limit: usize,
) -> Vec<Vec<Node>> {
    enumerate_routes(routing, src, dst, limit)
        .into_iter()
        .map(|(_, walk)| walk)
        .collect()
}

/// The first `limit` routes from `src` to `dst`, each with the intermediate it goes via
/// (`None` for a pair the relation routes alone): intermediates in the routing's order,
/// then phase-one paths, then phase-two paths, each phase depth first in next-hop order.
///
/// # Complexity
/// O(limit · length · degree) per intermediate tried.
pub fn enumerate_routes<R: Routing + ?Sized>(
    routing: &R,
    src: Node,
    dst: Node,
    limit: usize,
) -> Vec<(Option<Node>, Vec<Node>)> {
    let via = if src == dst {
        None
    } else {
        intermediates(routing, src, dst)
    };
    let Some(via) = via else {
        return enumerate_phase_paths(routing, src, dst, limit)
            .into_iter()
            .map(|p| (None, p))
            .collect();
    };
    let mut found = Vec::new();
    for i in via {
        let left = limit.saturating_sub(found.len());
        if left == 0 {
            break;
        }
        let first = enumerate_phase_paths(routing, src, i, left);
        if first.is_empty() {
            continue;
        }
        let second = enumerate_phase_paths(routing, i, dst, left);
        for p in &first {
            for q in &second {
                if found.len() >= limit {
                    return found;
                }
                let mut walk = p.clone();
                walk.extend_from_slice(&q[1..]);
                found.push((Some(i), walk));
            }
        }
    }
    found
}

/// The first `limit` paths of the next-hop relation alone (one phase), depth first, in
/// next-hop order.
pub fn enumerate_phase_paths<R: Routing + ?Sized>(
    routing: &R,
    src: Node,
    dst: Node,
    limit: usize,
) -> Vec<Vec<Node>> {
    let mut found = Vec::new();
    if limit == 0 {
        return found;
    }
    // Each frame: the node, its next hops, and which one to try next.
    if src == dst {
        return vec![vec![src]];
    }
    let mut stack: Vec<(Node, Vec<Node>, usize)> = Vec::new();
    let mut hops = Vec::new();
    routing.next_hops(src, dst, &mut hops);
    stack.push((src, hops, 0));
    while let Some(frame) = stack.last_mut() {
        let (_, hops, next) = frame;
        if *next >= hops.len() {
            stack.pop();
            continue;
        }
        let v = hops[*next];
        *next += 1;
        if v == dst {
            let mut path: Vec<Node> = stack.iter().map(|f| f.0).collect();
            path.push(dst);
            found.push(path);
            if found.len() >= limit {
                break;
            }
            continue;
        }
        let mut hv = Vec::new();
        routing.next_hops(v, dst, &mut hv);
        stack.push((v, hv, 0));
    }
    found
}

/// Counts the routing's routes from `src` to `dst` by walking its DAG (no closed form):
/// for a two-phase pair, Σ over the intermediates i of paths(src, i) · paths(i, dst).
///
/// # Complexity
/// One DAG walk, or two per intermediate.
pub fn count_paths<R: Routing + ?Sized>(routing: &R, src: Node, dst: Node) -> BigUint {
    if src == dst {
        return BigUint::one();
    }
    match intermediates(routing, src, dst) {
        None => count_phase_paths(routing, src, dst),
        Some(via) => via.into_iter().fold(BigUint::zero(), |acc, i| {
            acc + count_phase_paths(routing, src, i) * count_phase_paths(routing, i, dst)
        }),
    }
}

/// Counts the paths of the next-hop relation alone (one phase) from `src` to `dst`.
pub fn count_phase_paths<R: Routing + ?Sized>(routing: &R, src: Node, dst: Node) -> BigUint {
    count_phase_paths_within(routing, src, dst, u64::MAX).map_or_else(BigUint::zero, |c| c.0)
}

/// [`count_phase_paths`] that gives up after `max_calls` calls of
/// [`Routing::next_hops`]: the count and the calls it made, or `None` when it needed more.
/// Size guards count small routes this way ([`icn_engine::Network::route_cost`]).
///
/// # Complexity
/// One call per node of the paths' DAG (at most `max_calls`), each the relation's work.
pub fn count_phase_paths_within<R: Routing + ?Sized>(
    routing: &R,
    src: Node,
    dst: Node,
    max_calls: u64,
) -> Option<(BigUint, u64)> {
    if src == dst {
        return Some((BigUint::one(), 0));
    }
    // Iterative post-order over the DAG reachable from src.
    let mut memo: HashMap<Node, BigUint> = HashMap::new();
    memo.insert(dst, BigUint::one());
    let mut stack: Vec<(Node, Vec<Node>)> = Vec::new();
    let mut hops = Vec::new();
    routing.next_hops(src, dst, &mut hops);
    let mut calls = 1u64;
    stack.push((src, hops));
    while let Some((v, hops)) = stack.last() {
        let v = *v;
        if let Some(&pending) = hops.iter().find(|h| !memo.contains_key(h)) {
            if calls >= max_calls {
                return None;
            }
            let mut hv = Vec::new();
            routing.next_hops(pending, dst, &mut hv);
            calls += 1;
            stack.push((pending, hv));
            continue;
        }
        let total = hops.iter().fold(BigUint::zero(), |acc, h| acc + &memo[h]);
        memo.insert(v, total);
        stack.pop();
    }
    Some((memo.remove(&src).unwrap_or_default(), calls))
}

/// Every channel used by at least one of the routing's routes from `src` to `dst`
/// (the routing's DAG for this pair; for a two-phase pair, the union of both phases'
/// DAGs over every intermediate), each once, in discovery order.
///
/// # Complexity
/// O(nodes on the paths · degree) per phase; meant for drawing, where that is small.
pub fn path_edges<R: Routing + ?Sized>(routing: &R, src: Node, dst: Node) -> Vec<(Node, Node)> {
    let via = if src == dst {
        None
    } else {
        intermediates(routing, src, dst)
    };
    let Some(via) = via else {
        return phase_edges(routing, src, dst);
    };
    let mut seen = HashSet::new();
    let mut edges = Vec::new();
    for i in via {
        for e in phase_edges(routing, src, i)
            .into_iter()
            .chain(phase_edges(routing, i, dst))
        {
            if seen.insert(e) {
                edges.push(e);
            }
        }
    }
    edges
}

/// The channels of the next-hop relation's DAG from `src` towards `dst`.
fn phase_edges<R: Routing + ?Sized>(routing: &R, src: Node, dst: Node) -> Vec<(Node, Node)> {
    let mut edges = Vec::new();
    let mut seen = HashSet::new();
    let mut stack = vec![src];
    seen.insert(src);
    let mut hops = Vec::new();
    while let Some(u) = stack.pop() {
        hops.clear();
        routing.next_hops(u, dst, &mut hops);
        for &v in &hops {
            edges.push((u, v));
            if seen.insert(v) {
                stack.push(v);
            }
        }
    }
    edges
}
