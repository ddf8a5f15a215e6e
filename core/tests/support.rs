//! Checks shared by the families' tests: symmetric computations against the generic ones.

use icn_core::graph::Orbits;
use icn_core::metrics::{
    channel_loads_every_destination, channel_loads_split, load_summary_split, Split,
};
use icn_core::{AddressError, Network, Node, Routing, Topology};
use icn_graph::{Addresses, Graph};
use proptest::prelude::*;

/// An [`Orbits`]' closed-form orbit sizes equal the counts over every node and channel,
/// and its destination orbits cover the terminals.
pub fn assert_orbit_sizes(t: &dyn Topology, orbits: &dyn Orbits, what: &str) {
    let mut channels = vec![0u64; orbits.channel_orbit_count()];
    let mut nodes = vec![0u64; orbits.node_orbit_count()];
    let mut out = Vec::new();
    for u in 0..t.node_count() {
        nodes[orbits.node_orbit(u)] += 1;
        out.clear();
        t.neighbours(u, &mut out);
        for &v in &out {
            channels[orbits.channel_orbit(u, v)] += 1;
        }
    }
    if let Some(sizes) = orbits.channel_orbit_sizes() {
        assert_eq!(sizes, channels, "{what}: channel orbit sizes");
    }
    if let Some(sizes) = orbits.node_orbit_sizes() {
        assert_eq!(sizes, nodes, "{what}: node orbit sizes");
    }
    let destinations = orbits.destinations();
    assert_eq!(
        orbits.destination_count(),
        destinations.len(),
        "{what}: destination count"
    );
    let covered: u64 = destinations.iter().map(|&(_, size)| size).sum();
    assert_eq!(
        covered,
        t.terminal_count() as u64,
        "{what}: destination orbits"
    );
}

/// [`channel_loads_split`] equals [`channel_loads_every_destination`] channel by channel
/// and node by node (relative tolerance 1e-9), and [`load_summary_split`] equals the
/// summary of the every-destination loads, for both splits; `label` names the case.
pub fn assert_loads_equal_every_destination(
    label: &str,
    topology: &dyn Topology,
    routing: &dyn Routing,
) {
    let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * b.abs().max(1.0);
    for split in [Split::PerPath, Split::PerHop] {
        let fast = channel_loads_split(topology, routing, split);
        let every = channel_loads_every_destination(topology, routing, split);
        assert_eq!(fast.loads.len(), every.loads.len(), "{label}");
        for ((u, v, a), (_, _, b)) in fast.iter().zip(every.iter()) {
            assert!(close(a, b), "{label} {split:?} {u}->{v}: {a} vs {b}");
        }
        for (u, (&a, &b)) in fast.node_loads.iter().zip(&every.node_loads).enumerate() {
            assert!(close(a, b), "{label} {split:?} node {u}: {a} vs {b}");
        }
        let s = load_summary_split(topology, routing, split);
        let max = every.loads.iter().copied().fold(0.0, f64::max);
        let min = every.loads.iter().copied().fold(f64::INFINITY, f64::min);
        let mean = every.loads.iter().sum::<f64>() / every.loads.len() as f64;
        let node_max = every.node_loads.iter().copied().fold(0.0, f64::max);
        let node_mean = every.node_loads.iter().sum::<f64>() / every.node_loads.len() as f64;
        assert_eq!(s.channels, every.loads.len() as u64, "{label}");
        for (a, b) in [
            (s.max_channel_load, max),
            (s.min_channel_load, min),
            (s.mean_channel_load, mean),
            (s.max_node_load, node_max),
            (s.mean_node_load, node_mean),
        ] {
            assert!(close(a, b), "{label} {split:?} summary: {a} vs {b}");
        }
    }
}

/// The neighbours of `v`, as a vector.
/// The network of a spec the test writes (a bad one is a bug in the test: it panics naming it).
pub fn net(spec: &str) -> Network {
    spec.parse()
        .unwrap_or_else(|e| panic!("test spec {spec}: {e}"))
}

pub fn neighbours(t: &dyn Topology, v: Node) -> Vec<Node> {
    let mut out = Vec::new();
    t.neighbours(v, &mut out);
    out
}

/// The prime powers `min ≤ q ≤ max`.
pub fn prime_powers(min: u64, max: u64) -> Vec<u64> {
    (min..=max)
        .filter(|&q| {
            let p = (2..=q).find(|d| q % d == 0).unwrap_or(q);
            let mut r = q;
            while r % p == 0 {
                r /= p;
            }
            r == 1
        })
        .collect()
}

/// The value of `net`'s formula called `name` (the test fails when it has none).
pub fn formula(net: &Network, name: &str) -> u64 {
    net.formulas()
        .iter()
        .find(|f| f.name == name)
        .unwrap_or_else(|| panic!("{}: no formula {name}", net.spec()))
        .value
}

/// A directed graph on `n` nodes from an edge list, with its first `terminals` nodes as
/// terminals and the nodes of `stops` not forwarding: not necessarily strongly connected.
#[derive(Debug, Clone)]
pub struct Digraph {
    out: Vec<Vec<Node>>,
    inc: Vec<Vec<Node>>,
    terminals: usize,
    stops: Vec<bool>,
    directed: bool,
}

impl Digraph {
    /// The graph; `stops[v]` says that v does not forward.
    pub fn new(
        n: usize,
        edges: &[(usize, usize)],
        terminals: usize,
        stops: Vec<bool>,
        directed: bool,
    ) -> Self {
        let mut out = vec![Vec::new(); n];
        let mut inc = vec![Vec::new(); n];
        let mut add = |u: usize, v: usize| {
            if u != v && !out[u].contains(&v) {
                out[u].push(v);
                inc[v].push(u);
            }
        };
        for &(u, v) in edges {
            let (u, v) = (u % n, v % n);
            add(u, v);
            if !directed {
                add(v, u);
            }
        }
        Digraph {
            out,
            inc,
            terminals: terminals.clamp(1, n),
            stops,
            directed,
        }
    }
}

impl Graph for Digraph {
    fn node_count(&self) -> usize {
        self.out.len()
    }

    fn neighbours(&self, v: Node, out: &mut Vec<Node>) {
        out.extend(&self.out[v]);
    }

    fn in_neighbours(&self, v: Node, out: &mut Vec<Node>) {
        out.extend(&self.inc[v]);
    }

    fn directed(&self) -> bool {
        self.directed
    }

    fn forwards(&self, v: Node) -> bool {
        !self.stops.get(v).copied().unwrap_or(false)
    }

    fn terminal_count(&self) -> usize {
        self.terminals
    }
}

impl Addresses for Digraph {
    fn format_node(&self, v: Node) -> String {
        v.to_string()
    }

    fn parse_node(&self, text: &str) -> Result<Node, AddressError> {
        Err(AddressError::Empty {
            expected: text.to_string(),
        })
    }
}

impl Topology for Digraph {}

/// Random graphs of up to 600 nodes, directed or not, not necessarily connected, with
/// about 15 % of the nodes not forwarding.
pub fn digraph() -> impl Strategy<Value = Digraph> {
    (1usize..600, any::<bool>()).prop_flat_map(|(n, directed)| {
        (
            Just(n),
            prop::collection::vec((0..n, 0..n), 0..3 * n),
            1..=n,
            prop::collection::vec(prop::bool::weighted(0.15), n),
            Just(directed),
        )
            .prop_map(|(n, edges, terminals, stops, directed)| {
                Digraph::new(n, &edges, terminals, stops, directed)
            })
    })
}
