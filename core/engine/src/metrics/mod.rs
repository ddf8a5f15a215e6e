//! Exact metrics over any [`Topology`]: distances, path counts, loads.
//!
//! Every function here is exact (loads are sums of rationals kept as `f64`). A family
//! that declares itself vertex-transitive is measured from one source (or destination)
//! and the result multiplied out by symmetry; otherwise every source is visited.

mod brandes;
mod channels;
mod dag;
mod loads;

pub use brandes::channel_loads_by_sources;
pub use channels::ChannelLoads;
pub use loads::{
    channel_loads, channel_loads_every_destination, channel_loads_split, load_estimate,
    load_method, load_passes, load_summary, load_summary_progress, load_summary_split, LoadMethod,
    LoadSummary,
};

use num_bigint::BigUint;
use num_traits::{One, Zero};
use serde::{Deserialize, Serialize};

pub use icn_graph::math::tidy;
pub use icn_graph::{bfs, Split, UNREACHABLE};

use icn_graph::{
    automorphisms, closed_distance_counts, msbfs, terminal_transitive, translations, Node, Orbits,
    Topology,
};

/// Above this many nodes, loads (O(N + E) memory even with symmetry) are not computed
/// by the CLI and the web app.
pub const LOAD_NODE_LIMIT: usize = 1 << 22;

/// How many ordered pairs of distinct nodes lie at each distance.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DistanceDistribution {
    /// `counts[d]` = ordered pairs (s, t), s ≠ t, at distance d (so `counts[0] = 0`).
    pub counts: Vec<u64>,
    /// Ordered pairs with no path.
    pub unreachable: u64,
}

impl DistanceDistribution {
    /// Ordered pairs of distinct, mutually reachable nodes.
    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The largest distance (0 for a single node).
    pub fn diameter(&self) -> u32 {
        self.counts.iter().rposition(|&c| c > 0).unwrap_or(0) as u32
    }

    /// The mean distance over ordered pairs of distinct nodes.
    pub fn average(&self) -> f64 {
        let pairs = self.pairs();
        if pairs == 0 {
            return 0.0;
        }
        let total: u128 = self
            .counts
            .iter()
            .enumerate()
            .map(|(d, &c)| d as u128 * u128::from(c))
            .sum();
        total as f64 / pairs as f64
    }

    /// The sum of all pair distances.
    pub fn total_distance(&self) -> u128 {
        self.counts
            .iter()
            .enumerate()
            .map(|(d, &c)| d as u128 * u128::from(c))
            .sum()
    }

    /// The same pairs counted in hops of `links` links each (the Lens's busses: 2):
    /// `counts[d]` of the result is `counts[d·links]` here.
    ///
    /// # Panics
    /// When `links` is 0, or (debug builds) when a distance is no multiple of `links`.
    pub fn in_hops(&self, links: u32) -> DistanceDistribution {
        let links = links as usize;
        debug_assert!(self
            .counts
            .iter()
            .enumerate()
            .all(|(d, &c)| c == 0 || d % links == 0));
        DistanceDistribution {
            counts: self.counts.iter().step_by(links).copied().collect(),
            unreachable: self.unreachable,
        }
    }

    fn add_counts(&mut self, counts: &[u64], times: u64) {
        if self.counts.len() < counts.len() {
            self.counts.resize(counts.len(), 0);
        }
        for (d, &c) in counts.iter().enumerate().skip(1) {
            self.counts[d] += c * times;
        }
    }

    fn add_source(&mut self, dist: &[u32], times: u64) {
        for &d in dist {
            if d == UNREACHABLE {
                self.unreachable += times;
            } else if d > 0 {
                let d = d as usize;
                if self.counts.len() <= d {
                    self.counts.resize(d + 1, 0);
                }
                self.counts[d] += times;
            }
        }
    }
}

/// How [`distance_distribution`] computes a topology's distances: the planner's choice,
/// most symmetric first, as `icn info` and the explorer's facts report it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DistanceMethod {
    /// Vertex-transitive with a closed form of the distances from a node: no search.
    ClosedForm,
    /// Vertex- or terminal-transitive: one breadth-first search, from terminal 0, stands
    /// for every terminal.
    OneSearch,
    /// Every node a terminal, with a closed form of the distances from each: summed.
    ClosedFormPerSource,
    /// One breadth-first search per orbit of terminals under the topology's
    /// [`Symmetry::automorphisms`](icn_graph::Symmetry::automorphisms), times the orbit's size (the uncompleted Lens: one per
    /// dot position), where the orbits are few (at most one per 64 terminals).
    Orbits,
    /// No usable symmetry: every terminal's search, [`msbfs::LANES`] at a time in
    /// bit-parallel passes ([`msbfs`]).
    BitParallel,
}

impl DistanceMethod {
    /// A short description, as the explorer shows it.
    pub fn describe(self) -> &'static str {
        match self {
            DistanceMethod::ClosedForm => "closed form",
            DistanceMethod::OneSearch => "one search, by symmetry",
            DistanceMethod::ClosedFormPerSource => "closed form per source",
            DistanceMethod::Orbits => "one search per orbit of terminals, by symmetry",
            DistanceMethod::BitParallel => "bit-parallel search from every terminal",
        }
    }
}

/// Which way [`distance_distribution`] takes on `topology`.
///
/// # Complexity
/// One call of the topology's per-source closed form, when it is asked.
pub fn distance_method<T: Topology + ?Sized>(topology: &T) -> DistanceMethod {
    if translations(topology).is_some() {
        if closed_distance_counts(topology, 0).is_some() {
            DistanceMethod::ClosedForm
        } else {
            DistanceMethod::OneSearch
        }
    } else if terminal_transitive(topology) {
        DistanceMethod::OneSearch
    } else if topology.terminal_count() == topology.node_count()
        && closed_distance_counts(topology, 0).is_some()
    {
        // Per-source closed forms count every node, so they serve when all are terminals.
        DistanceMethod::ClosedFormPerSource
    } else if few_orbits(topology).is_some() {
        DistanceMethod::Orbits
    } else {
        DistanceMethod::BitParallel
    }
}

/// The topology's automorphisms, when their terminal orbits are at most one per
/// [`ORBIT_SHARE`] terminals: each orbit takes one breadth-first search, where the
/// bit-parallel engine takes about three sweeps per 256 terminals. Counts the orbits without
/// listing them: the plan and the estimates ask this of networks whose orbits are too many
/// to list in the time an estimate may take.
fn few_orbits<T: Topology + ?Sized>(topology: &T) -> Option<Box<dyn Orbits + '_>> {
    let orbits = automorphisms(topology)?;
    (orbits.destination_count().saturating_mul(ORBIT_SHARE) <= topology.terminal_count())
        .then_some(orbits)
}

/// See [`few_orbits`].
const ORBIT_SHARE: usize = 64;

/// The distance distribution over all ordered pairs of terminals.
///
/// # Complexity
/// As [`distance_method`] plans: the family's closed form (times N by symmetry, or
/// summed over the sources when every node is a terminal); O(N + E) for a
/// vertex-transitive or terminal-transitive topology (one source, times the terminal
/// count); else ⌈T / [`msbfs::LANES`]⌉ bit-parallel passes of O(diameter · (N + E)) word
/// operations each ([`msbfs::terminal_distances`]).
pub fn distance_distribution<T: Topology + ?Sized>(topology: &T) -> DistanceDistribution {
    distance_distribution_with(topology, &mut |_, _| {})
}

/// [`distance_distribution`], calling `progress(done, passes)` between the bit-parallel
/// engine's passes (the other plans are a few searches and say nothing).
pub fn distance_distribution_with<T: Topology + ?Sized>(
    topology: &T,
    progress: &mut dyn FnMut(usize, usize),
) -> DistanceDistribution {
    let mut dd = DistanceDistribution {
        counts: vec![0],
        unreachable: 0,
    };
    let n = topology.node_count();
    let terminals = topology.terminal_count();
    match distance_method(topology) {
        DistanceMethod::ClosedForm => {
            if let Some(counts) = closed_distance_counts(topology, 0) {
                dd.add_counts(&counts, n as u64);
            }
        }
        DistanceMethod::OneSearch => {
            dd.add_source(&bfs(topology, 0)[..terminals], terminals as u64);
        }
        DistanceMethod::ClosedFormPerSource => {
            for s in 0..terminals {
                match closed_distance_counts(topology, s) {
                    Some(counts) => dd.add_counts(&counts, 1),
                    None => dd.add_source(&bfs(topology, s)[..terminals], 1),
                }
            }
        }
        DistanceMethod::Orbits => {
            let destinations = few_orbits(topology).map(|o| o.destinations());
            for (s, size) in destinations.unwrap_or_default() {
                dd.add_source(&bfs(topology, s)[..terminals], size);
            }
        }
        DistanceMethod::BitParallel => {
            let (counts, unreachable, _) = msbfs::terminal_distances_with(topology, progress);
            dd.add_counts(&counts, 1);
            dd.unreachable = unreachable;
        }
    }
    dd
}

/// The distance distribution over all ordered pairs of terminals by one plain
/// breadth-first search per terminal, ignoring symmetry and closed forms: what the
/// tests compare [`distance_distribution`]'s plans with.
///
/// # Complexity
/// O(T · (N + E)).
pub fn distance_distribution_per_source<T: Topology + ?Sized>(
    topology: &T,
) -> DistanceDistribution {
    let mut dd = DistanceDistribution {
        counts: vec![0],
        unreachable: 0,
    };
    let terminals = topology.terminal_count();
    for s in 0..terminals {
        dd.add_source(&bfs(topology, s)[..terminals], 1);
    }
    dd
}

/// The number of minimal paths from `a` to `b`, counted on the breadth-first DAG.
///
/// # Complexity
/// O(N + E) plus big-integer additions.
pub fn count_minimal_paths<T: Topology + ?Sized>(topology: &T, a: Node, b: Node) -> BigUint {
    let dist = bfs(topology, a);
    if dist[b] == UNREACHABLE {
        return BigUint::zero();
    }
    let mut order: Vec<Node> = (0..topology.node_count())
        .filter(|&v| dist[v] <= dist[b])
        .collect();
    order.sort_by_key(|&v| dist[v]);
    let mut count: Vec<BigUint> = vec![BigUint::zero(); topology.node_count()];
    count[a] = BigUint::one();
    let mut buf = Vec::new();
    for &u in &order {
        if dist[u] == dist[b] || (u != a && !topology.forwards(u)) {
            continue;
        }
        buf.clear();
        topology.neighbours(u, &mut buf);
        let cu = count[u].clone();
        for &v in &buf {
            if dist[v] == dist[u] + 1 {
                count[v] += &cu;
            }
        }
    }
    std::mem::take(&mut count[b])
}
