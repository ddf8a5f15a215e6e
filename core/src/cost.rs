//! Size guards: what a computation on a [`Network`] will cost, estimated from its
//! parameters and closed forms before anything is built, and the budgets callers compare
//! it with. docs/limits.md lists every limit and why it was chosen.

use serde::{Deserialize, Serialize};

use crate::graph::{msbfs, Node, Topology};
use crate::metrics::{distance_method, DistanceMethod};
use crate::network::Network;

/// Estimated work and peak memory of one computation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Estimate {
    /// Elementary steps (a node visited, a link followed).
    pub steps: u64,
    /// Peak bytes allocated.
    pub bytes: u64,
}

impl Estimate {
    /// Whether it stays within `budget` in both steps and bytes.
    pub fn within(&self, budget: Budget) -> bool {
        self.steps <= budget.steps && self.bytes <= budget.bytes
    }

    /// The larger of the two in each coordinate.
    pub fn max(self, other: Estimate) -> Estimate {
        Estimate {
            steps: self.steps.max(other.steps),
            bytes: self.bytes.max(other.bytes),
        }
    }
}

/// How much a caller lets a computation take.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Budget {
    /// At most this many steps.
    pub steps: u64,
    /// At most this many bytes.
    pub bytes: u64,
}

/// What a web page computes without asking: a breadth-first search of a few million
/// nodes, well under a second, and a small fraction of a tab's memory.
pub const PAGE_BUDGET: Budget = Budget {
    steps: 1 << 24,
    bytes: 256 << 20,
};

/// What a page computes even when the user confirms: beyond this a wasm32 tab (4 GiB of
/// address space, usually much less granted) would run out of memory, so the page refuses
/// and points to the native CLI.
pub const CONFIRM_LIMIT: Budget = Budget {
    steps: 1 << 36,
    bytes: 1 << 30,
};

/// Bytes per node of a breadth-first search: the distance array and the queue (`u32`s).
const BFS_BYTES_PER_NODE: u64 = 8;
/// Bytes per node of the path-count walk: a hash-map entry holding a big integer.
const COUNT_BYTES_PER_NODE: u64 = 64;

/// The size of a network and what its computations are estimated to cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Cost {
    /// Nodes N (terminals and forwarding nodes).
    pub nodes: u64,
    /// Terminals.
    pub terminals: u64,
    /// Undirected links.
    pub links: u64,
    /// Ordered pairs of distinct terminals (what the distance distribution covers).
    pub pairs: u64,
    /// [`Network::info`]: the distance distribution, degrees and formulas.
    pub info: Estimate,
    /// One route under any strategy between any pair, without closed forms: a
    /// breadth-first search and a path-count walk over (at most) every node.
    pub route: Estimate,
}

impl Network {
    /// A rough count of elementary steps [`Network::info`] takes, as
    /// [`distance_method`] plans it: a closed-form distance distribution costs next to
    /// nothing, one BFS costs N + E, closed forms per source N more; without symmetry, the
    /// bit-parallel engine's word operations ([`msbfs::estimate`]). Callers compare it with
    /// a budget before calling `info`.
    pub fn info_cost(&self) -> u64 {
        self.info_estimate().steps
    }

    /// [`Network::info_cost`] with the bytes the distances need.
    fn info_estimate(&self) -> Estimate {
        let t = self.topology();
        let n = t.node_count() as u64;
        let walk = n.saturating_add(t.link_count().saturating_mul(2));
        let bfs_bytes = n.saturating_mul(BFS_BYTES_PER_NODE);
        match distance_method(t) {
            DistanceMethod::ClosedForm => Estimate {
                steps: 1_000,
                bytes: 0,
            },
            // One breadth-first search from terminal 0 serves every terminal.
            DistanceMethod::OneSearch => Estimate {
                steps: walk,
                bytes: bfs_bytes,
            },
            // Per-source closed forms (the Swapped Dragonfly), summed over every node.
            DistanceMethod::ClosedFormPerSource => Estimate {
                steps: walk.saturating_add(n.saturating_mul(4)),
                bytes: bfs_bytes,
            },
            DistanceMethod::BitParallel => {
                let (steps, bytes) = msbfs::estimate(t);
                Estimate { steps, bytes }
            }
        }
    }

    /// The network's size and estimated costs, from its parameters and closed forms: no
    /// per-node array is built (families give `link_count` in closed form).
    pub fn cost(&self) -> Cost {
        let t = self.topology();
        let nodes = t.node_count() as u64;
        let terminals = t.terminal_count() as u64;
        let links = t.link_count();
        let walk = nodes.saturating_add(links.saturating_mul(2));
        let info = self.info_estimate();
        let route = Estimate {
            steps: walk.saturating_mul(2),
            bytes: nodes.saturating_mul(BFS_BYTES_PER_NODE + COUNT_BYTES_PER_NODE),
        };
        Cost {
            nodes,
            terminals,
            links,
            pairs: terminals.saturating_mul(terminals.saturating_sub(1)),
            info,
            route,
        }
    }

    /// The estimated cost of [`Network::route`] for this pair, strategy and listing limit:
    /// small where the family has closed forms for the distance and the path count (no
    /// walk over the network), else [`Cost::route`]. A two-phase pair
    /// ([`crate::Routing::intermediates`]) adds a step per intermediate and, without a
    /// closed-form count, two walks per intermediate. An unknown strategy costs nothing
    /// (it fails at once).
    pub fn route_cost(&self, strategy: &str, src: Node, dst: Node, limit: usize) -> Estimate {
        let t: &dyn Topology = self.topology();
        let Ok(routing) = self.routing(strategy) else {
            return Estimate { steps: 1, bytes: 0 };
        };
        let via = if src == dst {
            None
        } else {
            routing.intermediates(src, dst)
        };
        // The hops of a listed path: the distance, or through the first intermediate.
        let hops = match &via {
            None => t.distance(src, dst),
            Some(v) => v
                .first()
                .and_then(|&i| Some(t.distance(src, i)? + t.distance(i, dst)?)),
        };
        let closed = hops.filter(|_| routing.path_count(src, dst).is_some());
        let intermediates = via.as_ref().map_or(0, |v| v.len() as u64);
        match closed {
            Some(d) => {
                let mut buf = Vec::new();
                t.neighbours(src, &mut buf);
                let per_path = (u64::from(d) + 1).saturating_mul(buf.len() as u64 + 1);
                Estimate {
                    steps: per_path
                        .saturating_mul(limit as u64)
                        .saturating_add(intermediates),
                    bytes: per_path
                        .saturating_mul(limit as u64)
                        .saturating_mul(std::mem::size_of::<Node>() as u64),
                }
            }
            None => {
                let walk = self.cost().route;
                Estimate {
                    steps: walk
                        .steps
                        .saturating_mul(intermediates.saturating_mul(2).max(1)),
                    bytes: walk.bytes,
                }
            }
        }
    }
}
