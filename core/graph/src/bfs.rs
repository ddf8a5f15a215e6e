//! Breadth-first search.

use std::collections::VecDeque;

use super::{Graph, Node};

/// Marks an unreachable node in a distance vector.
pub const UNREACHABLE: u32 = u32::MAX;

/// Breadth-first distances from `src` to every node, along paths whose inner nodes
/// forward ([`Graph::forwards`]).
///
/// # Complexity
/// O(N + E) time, O(N) memory.
pub fn bfs<T: Graph + ?Sized>(topology: &T, src: Node) -> Vec<u32> {
    search(topology, src, T::neighbours)
}

/// Breadth-first distances from every node to `dst`: [`bfs`] from `dst` in an undirected
/// network, a search along channels backwards in a directed one.
///
/// # Complexity
/// O(N + E) time, O(N) memory.
pub fn bfs_to<T: Graph + ?Sized>(topology: &T, dst: Node) -> Vec<u32> {
    search(topology, dst, T::in_neighbours)
}

/// Breadth-first search from `src` over the links `next` lists.
fn search<T: Graph + ?Sized>(
    topology: &T,
    src: Node,
    next: fn(&T, Node, &mut Vec<Node>),
) -> Vec<u32> {
    let n = topology.node_count();
    let mut dist = vec![UNREACHABLE; n];
    let mut queue = VecDeque::with_capacity(n.min(1 << 20));
    let mut buf = Vec::new();
    dist[src] = 0;
    queue.push_back(src);
    while let Some(u) = queue.pop_front() {
        if u != src && !topology.forwards(u) {
            continue;
        }
        buf.clear();
        next(topology, u, &mut buf);
        let du = dist[u] + 1;
        for &v in &buf {
            if dist[v] == UNREACHABLE {
                dist[v] = du;
                queue.push_back(v);
            }
        }
    }
    dist
}
