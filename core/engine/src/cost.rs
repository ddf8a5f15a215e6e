//! Size guards: what a computation on a [`Network`] will cost, estimated from its
//! parameters and closed forms before anything is built, and the budgets callers compare
//! it with. docs/limits.md lists every limit and why it was chosen.

use serde::{Deserialize, Serialize};

use crate::metrics::{distance_method, DistanceMethod};
use crate::network::Network;
use icn_families::d3::schedule::Collective;
use icn_families::d3::D3;
use icn_graph::intermediates;
use icn_graph::{
    automorphisms, closed_distance, count_phase_paths_within, msbfs, terminal_transitive, Node,
    Topology,
};

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

/// The most steps a route's estimate spends counting the route's paths itself
/// ([`Network::route_cost`]): a few milliseconds, so a small route is counted exactly.
pub const PROBE_STEPS: u64 = 1 << 20;

/// Bytes per node of an export's anynet plan: the node it is attached to (16), its router
/// number (8), and its router's list of endpoints (24, and the list's first allocation,
/// 32 with the allocator's header); 72 measured on the 16-cube (`cli/tests/allocations.rs`).
const EXPORT_BYTES_PER_NODE: u64 = 80;

/// Bytes per node of a listed path printed as addresses: the node, its address string,
/// its JSON value and its line of pretty-printed JSON (measured: 160 a node listing
/// D3(4096, 181)'s 741,376 deflection paths, 705 MB at the peak).
pub const LISTED_NODE_BYTES: u64 = 192;

/// Bytes per node of a breadth-first search: the distance array and the queue (`u32`s).
const BFS_BYTES_PER_NODE: u64 = 8;
/// Bytes per node of the path-count walk: a hash-map entry holding a big integer.
const COUNT_BYTES_PER_NODE: u64 = 64;

/// A route's paths counted by [`Network::route_cost`] itself.
struct Probe {
    /// The paths (saturated at `u64::MAX`).
    paths: u64,
    /// The next-hop calls the count made.
    calls: u64,
    /// What the count cost.
    estimate: Estimate,
}

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

/// How many nodes' addresses [`Network::export_bytes`] measures for the `nodes` format: all
/// of them up to this many, else this many evenly spaced.
const ADDRESS_SAMPLE: usize = 1 << 16;

impl Network {
    /// A rough count of elementary steps [`Network::info`] takes, as
    /// [`distance_method`] plans it: a closed-form distance distribution costs next to
    /// nothing, one BFS costs N + E, closed forms per source N more; without symmetry, the
    /// bit-parallel engine's word operations ([`msbfs::estimate`]). Callers compare it with
    /// a budget before calling `info`.
    pub fn info_cost(&self) -> u64 {
        self.info_estimate().steps
    }

    /// [`Network::info_cost`] with the bytes the distances need, and the degrees: a
    /// neighbour scan of every terminal (one, on a terminal-transitive network, none with
    /// a closed form) and of every forwarding node.
    fn info_estimate(&self) -> Estimate {
        let t = self.topology();
        let n = t.node_count() as u64;
        let terminals = t.terminal_count() as u64;
        let scanned = match (t.terminal_degree_range(), terminal_transitive(t)) {
            (Some(_), _) => 0,
            (None, true) => terminals.min(1),
            (None, false) => terminals,
        } + (n - terminals);
        let degrees = scanned.saturating_mul(self.degree_estimate() + 1);
        let distances = self.distance_estimate();
        Estimate {
            steps: distances.steps.saturating_add(degrees),
            bytes: distances.bytes,
        }
    }

    /// What the distance distribution of [`Network::info`] costs.
    fn distance_estimate(&self) -> Estimate {
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
            // One breadth-first search per orbit of terminals.
            DistanceMethod::Orbits => Estimate {
                steps: walk
                    .saturating_mul(automorphisms(t).map_or(1, |o| o.destination_count() as u64)),
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

    /// A node's out-degree as the guards count it, from the closed-form channel count
    /// (no neighbour list is built): the average, rounded up. Exact on regular networks.
    pub fn degree_estimate(&self) -> u64 {
        let t = self.topology();
        t.channel_count().div_ceil((t.node_count() as u64).max(1))
    }

    /// The estimated cost of [`Network::route`] for this pair, strategy and listing limit,
    /// counted in calls of the routing's next-hop relation, each costing its
    /// [`icn_graph::CostHints::next_hops_work`] or else the degree plus one (a neighbour scan):
    ///
    /// - the listing: min(limit, path count) paths (at least one: a route's length is
    ///   walked even with limit 0) of `distance` calls each, the path count where the
    ///   routing knows it in closed form;
    /// - the count, where the routing has no closed form: counted here by the walk itself
    ///   when it takes at most [`PROBE_STEPS`] (so the estimate is the work), else a
    ///   breadth-first search and a count walk over every node.
    ///
    /// A two-phase pair ([`icn_graph::TwoPhase::intermediates`]) walks at most four times the
    /// routes it keeps to list them (each of the first intermediate's length: its legs'
    /// closed-form distances, else the relation's first hops walked) and, without a
    /// closed-form count, counts by two walks per intermediate. An unknown strategy costs
    /// nothing (it fails at once).
    /// `core/tests/estimates.rs` holds the estimate to within 0.5–16 times the work.
    pub fn route_cost(&self, strategy: &str, src: Node, dst: Node, limit: usize) -> Estimate {
        let Ok(routing) = self.routing(strategy) else {
            return Estimate { steps: 1, bytes: 0 };
        };
        let routing = routing.as_ref();
        let t: &dyn Topology = self.topology();
        // A call: one step, and its closed-form work or a scan of the neighbours.
        let call = routing
            .cost_hints()
            .next_hops_work
            .unwrap_or_else(|| self.degree_estimate())
            .saturating_add(1);
        let via = if src == dst {
            None
        } else {
            intermediates(routing, src, dst)
        };
        let count = routing
            .path_count(src, dst)
            .map(|c| u64::try_from(&c).unwrap_or(u64::MAX));
        let walk = self.cost().route;
        let none = Estimate { steps: 0, bytes: 0 };
        // (paths there are, if known; hops of a path, if known; the count's cost)
        let (paths, hops, counting) = match &via {
            None => {
                let d = closed_distance(t, src, dst).map(u64::from);
                match (count, self.probe_count(routing, src, dst, call, count)) {
                    (Some(c), _) => (Some(c), d, none),
                    // A DAG's nodes include a path's: the calls bound its hops.
                    (None, Some(p)) => (Some(p.paths), d.or(Some(p.calls)), p.estimate),
                    (None, None) => (None, d, walk),
                }
            }
            Some(v) => {
                // Each leg's closed-form distance, else the relation's first hops walked
                // (at most the hop bound: fewer calls than the listing makes).
                let leg = |a: Node, b: Node| {
                    closed_distance(t, a, b).or_else(|| self.walk_hops(routing, a, b))
                };
                let hops = v.first().and_then(|&i| Some(leg(src, i)? + leg(i, dst)?));
                let n = v.len() as u64;
                let counting = match count {
                    Some(_) => Estimate { steps: n, bytes: 0 },
                    None => Estimate {
                        steps: walk.steps.saturating_mul(n.saturating_mul(2)),
                        bytes: walk.bytes,
                    },
                };
                (count, hops.map(u64::from), counting)
            }
        };
        let listed = paths.map_or(limit as u64, |p| p.min(limit as u64));
        let hops = hops.unwrap_or_else(|| self.hops_bound());
        // Two phases: each intermediate tried lists at most as many paths per phase as
        // it gives routes, so the listing walks at most twice the routes kept and once
        // more the last intermediate's.
        let routes = if via.is_some() { 4 } else { 1 };
        let calls = listed.max(1).saturating_mul(hops).saturating_mul(routes);
        let node = std::mem::size_of::<Node>() as u64;
        let (setup_steps, setup_bytes) = routing.cost_hints().first_use_work.unwrap_or((0, 0));
        Estimate {
            steps: calls
                .saturating_mul(call)
                .saturating_add(counting.steps)
                .saturating_add(setup_steps),
            bytes: listed
                .saturating_mul(hops + 1)
                .saturating_mul(LISTED_NODE_BYTES)
                .saturating_add(hops.saturating_mul(call).saturating_mul(node))
                .saturating_add(counting.bytes)
                .saturating_add(setup_bytes),
        }
    }

    /// The count walk of a one-phase route without a closed-form count, done here when
    /// it takes at most [`PROBE_STEPS`]: the paths it counts, its calls, and their cost
    /// (`call` each) with the memo's bytes. `None` with a closed-form count, when it
    /// would take more, or when a single call would allocate more than [`PAGE_BUDGET`]'s
    /// bytes.
    fn probe_count(
        &self,
        routing: &dyn icn_graph::Routing,
        src: Node,
        dst: Node,
        call: u64,
        count: Option<u64>,
    ) -> Option<Probe> {
        let t = self.topology();
        let node = std::mem::size_of::<Node>() as u64;
        if count.is_some() || call.saturating_mul(node) > PAGE_BUDGET.bytes {
            return None;
        }
        // A relation that builds a table over the whole network on first use is probed only
        // when that table is small: the probe would build it.
        if routing
            .cost_hints()
            .first_use_work
            .is_some_and(|(steps, bytes)| steps > PROBE_STEPS || bytes > PAGE_BUDGET.bytes)
        {
            return None;
        }
        // Without a closed-form distance a minimal relation searches the whole network
        // first: probe only when that search is itself small.
        let search = routing.follows_distances() && closed_distance(t, src, dst).is_none();
        let walk = self.cost().route;
        if search && walk.steps > PROBE_STEPS {
            return None;
        }
        let (paths, calls) =
            count_phase_paths_within(routing, src, dst, PROBE_STEPS / call.max(1))?;
        Some(Probe {
            paths: u64::try_from(&paths).unwrap_or(u64::MAX),
            calls,
            estimate: Estimate {
                steps: calls.saturating_mul(call).saturating_add(if search {
                    walk.steps / 2
                } else {
                    0
                }),
                bytes: calls
                    .saturating_mul(COUNT_BYTES_PER_NODE)
                    .saturating_add(call.saturating_mul(node))
                    .saturating_add(if search { walk.bytes } else { 0 }),
            },
        })
    }

    /// The hops of a path where no closed-form distance says: the families without one
    /// (KYKLOS, MDF, Jellyfish, imported graphs) are charged 4·⌈log₂ N⌉, at most N − 1.
    /// The hops of the relation's first next hops from `a` to `b`, walked; `None` past
    /// [`Network::hops_bound`] hops or where it has none.
    fn walk_hops(&self, routing: &dyn icn_graph::Routing, a: Node, b: Node) -> Option<u32> {
        let (mut at, mut hops, mut next) = (a, 0u32, Vec::new());
        while at != b {
            if u64::from(hops) >= self.hops_bound() {
                return None;
            }
            next.clear();
            routing.next_hops(at, b, &mut next);
            at = *next.first()?;
            hops += 1;
        }
        Some(hops)
    }

    fn hops_bound(&self) -> u64 {
        let n = self.topology().node_count() as u64;
        (4 * u64::from(64 - n.leading_zeros()))
            .min(n.saturating_sub(1))
            .max(1)
    }

    /// The bytes `icn export` writes at most (the largest format's
    /// [`Network::export_bytes`]).
    pub fn export_size(&self) -> u64 {
        [
            ExportFormat::EdgeList,
            ExportFormat::Nodes,
            ExportFormat::Anynet,
        ]
        .into_iter()
        .map(|f| self.export_bytes(f))
        .max()
        .unwrap_or(0)
    }

    /// The routers, endpoints and router-to-router links of the network's anynet file
    /// ([`crate::io::AnynetPlan`]), from closed forms and one neighbour scan of terminal 0:
    /// when it has one link, to a node that only forwards (a fat tree's processor), every
    /// terminal is an endpoint of a switch; else every node is a router and each terminal
    /// carries the concentration's endpoints.
    pub fn anynet_counts(&self) -> (u64, u64, u64) {
        let t = self.topology();
        let (n, terminals) = (t.node_count() as u64, t.terminal_count() as u64);
        let mut buf = Vec::new();
        if terminals > 0 && terminals < n {
            t.neighbours(0, &mut buf);
        }
        let attached = matches!(buf.as_slice(), [w] if *w as u64 >= terminals);
        if attached {
            (
                n - terminals,
                terminals,
                t.link_count().saturating_sub(terminals),
            )
        } else {
            let c = u64::from(self.concentration().max(1));
            (n, terminals.saturating_mul(c), t.link_count())
        }
    }

    /// The bytes `icn export` writes in `format`, endpoints included: per line its words
    /// and numbers at their largest width. `core/tests/estimates.rs` holds it within a
    /// factor of 2 of the bytes written.
    pub fn export_bytes(&self, format: ExportFormat) -> u64 {
        let t = self.topology();
        let nodes = t.node_count() as u64;
        let width = |x: u64| u64::from(x.max(1).ilog10() + 1);
        match format {
            ExportFormat::EdgeList => {
                let lines = if t.directed() {
                    t.channel_count()
                } else {
                    t.link_count()
                };
                lines
                    .saturating_mul(2 * width(nodes.saturating_sub(1)) + 2)
                    .saturating_add(64)
            }
            ExportFormat::Nodes => {
                // Addresses differ in length inside a network (a PolarFly's field
                // elements): every one is measured up to ADDRESS_SAMPLE nodes, else that
                // many evenly spaced, the longest standing for all.
                let n = t.node_count();
                let stride = n.div_ceil(ADDRESS_SAMPLE).max(1);
                let address = (0..n)
                    .step_by(stride)
                    .chain(n.checked_sub(1))
                    .map(|v| t.format_node(v).len() as u64)
                    .max()
                    .unwrap_or(1);
                nodes.saturating_mul(width(nodes.saturating_sub(1)) + address + 2)
            }
            ExportFormat::Anynet => {
                let (routers, endpoints, links) = self.anynet_counts();
                let r = width(routers.saturating_sub(1));
                routers
                    .saturating_mul(r + 8)
                    .saturating_add(endpoints.saturating_mul(width(endpoints) + 6))
                    .saturating_add(links.saturating_mul(r + 8))
            }
            ExportFormat::Booksim => 512,
        }
    }

    /// The estimated cost of writing the network out in `format` (`icn export`): a step
    /// per node, per channel, per endpoint and per byte written; in memory one node's
    /// neighbour list twice, and for the anynet file its plan ([`crate::io::AnynetPlan`]:
    /// per node its router and attachment, per router its list of endpoints, 8 bytes an
    /// endpoint as a growing list holds them) and its longest line.
    pub fn export_estimate(&self, format: ExportFormat) -> Estimate {
        let t = self.topology();
        let nodes = t.node_count() as u64;
        let node = std::mem::size_of::<Node>() as u64;
        let text = self.export_bytes(format);
        let neighbours = self.degree_estimate().saturating_mul(2 * node);
        if format != ExportFormat::Anynet {
            return Estimate {
                steps: nodes.saturating_add(t.channel_count()).saturating_add(text),
                bytes: neighbours,
            };
        }
        let (routers, endpoints, _) = self.anynet_counts();
        let line = text / routers.max(1) * 2 + endpoints / routers.max(1) * 16;
        Estimate {
            steps: nodes
                .saturating_add(t.channel_count())
                .saturating_add(endpoints)
                .saturating_add(text),
            bytes: nodes
                .saturating_mul(EXPORT_BYTES_PER_NODE)
                .saturating_add(endpoints.saturating_mul(8))
                .saturating_add(neighbours)
                .saturating_add(line),
        }
    }

    /// [`Network::export_estimate`] of the anynet file (`plan`) or else the edge list.
    pub fn export_cost(&self, plan: bool) -> Estimate {
        self.export_estimate(if plan {
            ExportFormat::Anynet
        } else {
            ExportFormat::EdgeList
        })
    }
}

/// What `icn export` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportFormat {
    /// `u v` per link.
    EdgeList,
    /// `index,address` per node.
    Nodes,
    /// BookSim2's anynet network file, endpoints included.
    Anynet,
    /// BookSim2's topology settings: a few lines.
    Booksim,
}

/// The cost of listing `paths` paths of at most `nodes` nodes each as addresses (D3's
/// `--deflect all`: K·M paths of up to six routers).
pub fn listing_cost(paths: u64, nodes: u64) -> Estimate {
    let listed = paths.saturating_mul(nodes);
    Estimate {
        steps: listed,
        bytes: listed.saturating_mul(LISTED_NODE_BYTES),
    }
}

/// The cost of Theorem 1's port table of `k` cabinets of D3(`n`, `m`) and the link by
/// link check that they form a D3(k, m): the table's 2k² ports, and per router of the
/// small network its neighbours in both networks.
pub fn d3_subnetwork_cost(k: u64, n: u64, m: u64) -> Estimate {
    let table = k.saturating_mul(k).saturating_mul(2);
    Estimate {
        steps: k
            .saturating_mul(m)
            .saturating_mul(m)
            .saturating_mul(n.saturating_add(m))
            .saturating_mul(k.saturating_add(m))
            .saturating_add(table),
        bytes: table.saturating_mul(4 + 12),
    }
}

/// Bytes per simulated channel use of a D3 collective: the round's list and the sorted
/// list of uses by step, channel and round (docs/limits.md has the measurements).
const SCHEDULE_USE_BYTES: u64 = 80;

/// Bytes per listed channel use of a schedule's `occupancy` (two addresses, the rounds).
const SCHEDULE_LISTED_BYTES: u64 = 176;

/// Steps per simulated channel use (its measured cost at the steps a second docs/limits.md
/// assumes).
const SCHEDULE_USE_STEPS: u64 = 8;

/// Steps per listed channel use: the addresses printed and the JSON written.
const SCHEDULE_LISTED_STEPS: u64 = 45;

/// What simulating `collective` on `d3` costs at most ([`D3::schedule_size`] channel
/// uses), with `occupancy` the per-step lists besides.
pub fn schedule_estimate(d3: &D3, collective: Collective, occupancy: bool) -> Estimate {
    let uses = d3.schedule_size(collective);
    let (bytes, steps) = if occupancy {
        (
            SCHEDULE_USE_BYTES + SCHEDULE_LISTED_BYTES,
            SCHEDULE_USE_STEPS + SCHEDULE_LISTED_STEPS,
        )
    } else {
        (SCHEDULE_USE_BYTES, SCHEDULE_USE_STEPS)
    };
    Estimate {
        steps: uses.saturating_mul(steps),
        bytes: uses.saturating_mul(bytes),
    }
}

/// A count for people, in messages: grouped digits below a million ("61,000"), else two
/// significant digits times a power of ten ("7.2·10¹⁰").
pub fn amount(n: u64) -> String {
    if n < 1_000_000 {
        let digits = n.to_string();
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i) % 3 == 0 {
                out.push(',');
            }
            out.push(c);
        }
        return out;
    }
    let mut exponent = n.ilog10();
    let mut tenths = (n as f64 / 10f64.powi(exponent as i32) * 10.0).round() as u64;
    if tenths >= 100 {
        tenths /= 10;
        exponent += 1;
    }
    const SUP: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let power: String = exponent
        .to_string()
        .chars()
        .map(|c| c.to_digit(10).map_or(c, |d| SUP[d as usize]))
        .collect();
    format!("{}.{}·10{power}", tenths / 10, tenths % 10)
}

/// Bytes for people: "512 KiB", "3.7 GiB" (binary units, two significant digits from 1
/// GiB on).
pub fn bytes_text(b: u64) -> String {
    const KIB: u64 = 1 << 10;
    const MIB: u64 = 1 << 20;
    const GIB: u64 = 1 << 30;
    match b {
        _ if b >= 10 * GIB => format!("{} GiB", amount(b.div_ceil(GIB))),
        _ if b >= GIB => format!("{:.1} GiB", b as f64 / GIB as f64),
        _ if b >= MIB => format!("{} MiB", b.div_ceil(MIB)),
        _ if b >= KIB => format!("{} KiB", b.div_ceil(KIB)),
        _ => format!("{b} bytes"),
    }
}

#[cfg(test)]
mod text_tests {
    use super::{amount, bytes_text};

    #[test]
    fn amounts_and_bytes_read_as_people_write_them() {
        assert_eq!(amount(0), "0");
        assert_eq!(amount(61_000), "61,000");
        assert_eq!(amount(999_999), "999,999");
        assert_eq!(amount(72_039_780_000), "7.2·10¹⁰");
        assert_eq!(amount(268_435_456), "2.7·10⁸");
        assert_eq!(amount(9_960_000), "1.0·10⁷");
        assert_eq!(amount(u64::MAX), "1.8·10¹⁹");
        assert_eq!(bytes_text(4_023_386_112), "3.7 GiB");
        assert_eq!(bytes_text(256 << 20), "256 MiB");
        assert_eq!(bytes_text(32 << 30), "32 GiB");
        assert_eq!(bytes_text(1000), "1000 bytes");
    }
}
