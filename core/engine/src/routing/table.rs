//! BookSim2 anynet's `min` routing as a routing relation ([`AnynetTable`]): the table of
//! first hops it builds over the routers of any network, one path per pair.

use icn_graph::{Node, Routing, Topology};
use thiserror::Error;

/// The anynet table holds R² entries: refused beyond [`MAX_TABLE_ROUTERS`] routers.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("the anynet table holds at most {max} routers; this network has {routers}")]
pub struct TableTooLarge {
    /// The network's routers.
    pub routers: usize,
    /// The most the table is built for.
    pub max: usize,
}

/// The most routers BookSim2's anynet table is built for (it holds R² entries).
pub const MAX_TABLE_ROUTERS: usize = 4096;

/// BookSim2 anynet's `min` routing: for every router a table of the first hop towards
/// every other router, along the breadth-first tree in which each router's parent is its
/// lowest-numbered neighbour one hop nearer the source (what BookSim2's Dijkstra over
/// routers in increasing number gives on unit-weight links). Deterministic: one path per
/// pair, as BookSim2 routes.
#[derive(Debug, Clone)]
pub struct AnynetTable {
    routers: usize,
    router_node: Vec<Node>,
    node_router: Vec<u32>,
    /// Each node's router: itself, or the router an endpoint node is linked to.
    home: Vec<u32>,
    first: Vec<u32>,
}

impl AnynetTable {
    /// The table over the routers `router_node` (router r is node `router_node[r]`;
    /// `node_router` the inverse, `u32::MAX` for endpoints) of `t`.
    ///
    /// # Errors
    /// [`TableTooLarge`] beyond [`MAX_TABLE_ROUTERS`] routers.
    pub fn new(
        t: &dyn Topology,
        router_node: &[Node],
        node_router: &[u32],
    ) -> Result<AnynetTable, TableTooLarge> {
        let r = router_node.len();
        if r > MAX_TABLE_ROUTERS {
            return Err(TableTooLarge {
                routers: r,
                max: MAX_TABLE_ROUTERS,
            });
        }
        let mut adj: Vec<Vec<u32>> = vec![Vec::new(); r];
        let mut buf = Vec::new();
        for (i, &u) in router_node.iter().enumerate() {
            buf.clear();
            t.neighbours(u, &mut buf);
            adj[i] = buf
                .iter()
                .map(|&v| node_router[v])
                .filter(|&x| x != u32::MAX)
                .collect();
            adj[i].sort_unstable();
        }
        let mut first = vec![u32::MAX; r * r];
        let mut level: Vec<u32> = Vec::new();
        let mut next: Vec<u32> = Vec::new();
        for s in 0..r {
            let row = &mut first[s * r..(s + 1) * r];
            row[s] = s as u32;
            level.clear();
            level.push(s as u32);
            while !level.is_empty() {
                level.sort_unstable();
                next.clear();
                for &x in &level {
                    for &y in &adj[x as usize] {
                        if row[y as usize] == u32::MAX {
                            row[y as usize] = if x as usize == s { y } else { row[x as usize] };
                            next.push(y);
                        }
                    }
                }
                std::mem::swap(&mut level, &mut next);
            }
        }
        let home = (0..node_router.len())
            .map(|v| {
                if node_router[v] != u32::MAX {
                    return node_router[v];
                }
                buf.clear();
                t.neighbours(v, &mut buf);
                buf.first().map_or(u32::MAX, |&w| node_router[w])
            })
            .collect();
        Ok(AnynetTable {
            routers: r,
            home,
            router_node: router_node.to_vec(),
            node_router: node_router.to_vec(),
            first,
        })
    }
}

impl Routing for AnynetTable {
    fn next_hops(&self, at: Node, dst: Node, out: &mut Vec<Node>) {
        let (ra, rd) = (self.home[at], self.home[dst]);
        if at == dst || ra == u32::MAX || rd == u32::MAX {
            return;
        }
        if self.node_router[at] == u32::MAX {
            // An endpoint's one link leads to its router.
            out.push(self.router_node[ra as usize]);
        } else if ra == rd {
            out.push(dst);
        } else {
            let hop = self.first[ra as usize * self.routers + rd as usize];
            if hop != u32::MAX {
                out.push(self.router_node[hop as usize]);
            }
        }
    }

    fn is_minimal(&self) -> bool {
        true
    }
}
