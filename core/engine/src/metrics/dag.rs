//! A routing's relation towards one destination as a DAG, for the loads' passes
//! ([`super::loads`]): from [`Routing::next_hops`] node by node, or, for a routing that
//! follows distances, from one breadth-first search (over the adjacency arrays when the
//! caller has them, recording each hop's channel index).

use icn_graph::{Node, Routing, Topology, UNREACHABLE};

/// The topology's adjacency as arrays.
pub(super) fn adjacency<T: Topology + ?Sized>(topology: &T) -> (Vec<usize>, Vec<Node>) {
    let n = topology.node_count();
    let mut offsets = Vec::with_capacity(n + 1);
    let mut targets = Vec::new();
    offsets.push(0);
    for u in 0..n {
        topology.neighbours(u, &mut targets);
        offsets.push(targets.len());
    }
    (offsets, targets)
}

/// A routing's relation towards one destination: `hops[span[u].0 .. span[u].1]` are u's
/// next hops, `chans[…]` the same channels' indices in the caller's adjacency arrays
/// ([`NO_CHANNEL`] where the DAG was not built from them), and `order` lists every node
/// that reaches the destination before its next hops.
pub(super) struct Dag {
    pub(super) order: Vec<Node>,
    pub(super) span: Vec<(usize, usize)>,
    pub(super) hops: Vec<Node>,
    pub(super) chans: Vec<usize>,
}

/// A channel whose index in the adjacency arrays is not known.
pub(super) const NO_CHANNEL: usize = usize::MAX;

/// The adjacency arrays of [`adjacency`], `(offsets, targets)`.
pub(super) type Adjacency<'a> = (&'a [usize], &'a [Node]);

/// The relation from [`Routing::next_hops`], node by node, in Kahn's order.
pub(super) fn dag_by_routing<R: Routing + ?Sized>(routing: &R, n: usize, dst: Node) -> Dag {
    let mut span = Vec::with_capacity(n);
    let mut hops = Vec::new();
    for u in 0..n {
        let start = hops.len();
        routing.next_hops(u, dst, &mut hops);
        span.push((start, hops.len()));
    }
    let mut indeg = vec![0u32; n];
    for &v in &hops {
        indeg[v] += 1;
    }
    let mut order: Vec<Node> = (0..n).filter(|&u| indeg[u] == 0).collect();
    let mut head = 0;
    while head < order.len() {
        let u = order[head];
        head += 1;
        for &v in &hops[span[u].0..span[u].1] {
            indeg[v] -= 1;
            if indeg[v] == 0 {
                order.push(v);
            }
        }
    }
    debug_assert_eq!(order.len(), n, "the routing relation must be acyclic");
    let chans = vec![NO_CHANNEL; hops.len()];
    Dag {
        order,
        span,
        hops,
        chans,
    }
}

/// Every shortest path towards `dst` ([`Routing::follows_distances`]), from one
/// breadth-first search: when u leaves the queue, its neighbours one link nearer are
/// already labelled, so each node's neighbours are listed once; the reversed queue is
/// an order by decreasing distance. A directed network is searched backwards along its
/// channels, and u's next hops are then read from the channels leaving it (never through
/// a node that does not forward, [`Graph::forwards`](icn_graph::Graph::forwards)). Given the adjacency arrays
/// (`adj`, of an undirected network), the search reads them instead of asking the
/// topology node by node, and records each hop's channel index.
pub(super) fn dag_by_distance<T: Topology + ?Sized>(
    topology: &T,
    n: usize,
    dst: Node,
    adj: Option<Adjacency<'_>>,
) -> Dag {
    if topology.directed() {
        return directed_dag_by_distance(topology, n, dst);
    }
    let mut dist = vec![UNREACHABLE; n];
    let mut span = vec![(0, 0); n];
    let mut hops = Vec::new();
    let mut chans = Vec::new();
    let mut queue = Vec::with_capacity(n);
    let mut buf = Vec::new();
    dist[dst] = 0;
    queue.push(dst);
    let mut head = 0;
    while head < queue.len() {
        let u = queue[head];
        head += 1;
        let (first, list) = match adj {
            Some((offsets, targets)) => (offsets[u], &targets[offsets[u]..offsets[u + 1]]),
            None => {
                buf.clear();
                topology.neighbours(u, &mut buf);
                (NO_CHANNEL, &buf[..])
            }
        };
        let start = hops.len();
        // A node that does not forward sends (its hops are listed) but is no one's hop.
        let passes = u == dst || topology.forwards(u);
        for (j, &v) in list.iter().enumerate() {
            if dist[v] == UNREACHABLE {
                if passes {
                    dist[v] = dist[u] + 1;
                    queue.push(v);
                }
            } else if dist[v] + 1 == dist[u] && (v == dst || topology.forwards(v)) {
                hops.push(v);
                chans.push(if first == NO_CHANNEL {
                    NO_CHANNEL
                } else {
                    first + j
                });
            }
        }
        span[u] = (start, hops.len());
    }
    queue.reverse();
    Dag {
        order: queue,
        span,
        hops,
        chans,
    }
}

/// [`dag_by_distance`] for a directed network.
fn directed_dag_by_distance<T: Topology + ?Sized>(topology: &T, n: usize, dst: Node) -> Dag {
    let dist = icn_graph::bfs_to(topology, dst);
    let mut queue: Vec<Node> = (0..n).filter(|&u| dist[u] != UNREACHABLE).collect();
    queue.sort_by_key(|&u| std::cmp::Reverse(dist[u]));
    let mut span = vec![(0, 0); n];
    let mut hops = Vec::new();
    let mut buf = Vec::new();
    for &u in &queue {
        buf.clear();
        topology.neighbours(u, &mut buf);
        let start = hops.len();
        hops.extend(buf.iter().filter(|&&v| {
            (v == dst || topology.forwards(v)) && dist[v].wrapping_add(1) == dist[u]
        }));
        span[u] = (start, hops.len());
    }
    let chans = vec![NO_CHANNEL; hops.len()];
    Dag {
        order: queue,
        span,
        hops,
        chans,
    }
}
