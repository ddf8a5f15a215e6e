//! Paths of a routing relation: enumeration, counting, and the channels they use.

use std::collections::HashMap;

use num_bigint::BigUint;
use num_traits::{One, Zero};

use super::{Node, Routing};

/// The first `limit` paths, depth first, in next-hop order.
pub fn enumerate_paths<R: Routing + ?Sized>(
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

/// Counts the routing's paths from `src` to `dst` by walking its DAG (no closed form).
pub fn count_paths<R: Routing + ?Sized>(routing: &R, src: Node, dst: Node) -> BigUint {
    if src == dst {
        return BigUint::one();
    }
    // Iterative post-order over the DAG reachable from src.
    let mut memo: HashMap<Node, BigUint> = HashMap::new();
    memo.insert(dst, BigUint::one());
    let mut stack: Vec<(Node, Vec<Node>)> = Vec::new();
    let mut hops = Vec::new();
    routing.next_hops(src, dst, &mut hops);
    stack.push((src, hops));
    while let Some((v, hops)) = stack.last() {
        let v = *v;
        if let Some(&pending) = hops.iter().find(|h| !memo.contains_key(h)) {
            let mut hv = Vec::new();
            routing.next_hops(pending, dst, &mut hv);
            stack.push((pending, hv));
            continue;
        }
        let total = hops.iter().fold(BigUint::zero(), |acc, h| acc + &memo[h]);
        memo.insert(v, total);
        stack.pop();
    }
    memo.remove(&src).unwrap_or_default()
}

/// Every channel used by at least one of the routing's paths from `src` to `dst`
/// (the routing's DAG for this pair), in discovery order.
///
/// # Complexity
/// O(nodes on the paths · degree); meant for drawing, where that is small.
pub fn path_edges<R: Routing + ?Sized>(routing: &R, src: Node, dst: Node) -> Vec<(Node, Node)> {
    let mut edges = Vec::new();
    let mut seen = std::collections::HashSet::new();
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
