//! Checks every network must pass, each against an independent computation:
//! breadth-first search, a path-count DAG, brute-force enumeration.
use icn_graph::closed_distance;

use icn_core::io::AnynetPlan;
use icn_core::metrics::{
    bfs, channel_loads, count_minimal_paths, distance_distribution, load_summary,
};
use icn_core::routing::{count_paths, count_phase_paths, enumerate_paths, enumerate_routes};
use icn_core::{BigUint, Network, Node, Routing, Topology};
use icn_graph::{Addresses, Graph};

use crate::support::neighbours;
use icn_core::graph::intermediates;

/// Small instances of every family, covering the corner cases of each.
pub const SMALL: &[&str] = &[
    "hypercube:n=1",
    "hypercube:n=3",
    "hypercube:n=5",
    "hypercycle:m=5x4x3,rho=2x1x1",
    "hypercycle:m=12,rho=2",
    "hypercycle:m=6x5,rho=1x2",
    "hypercycle:m=11,rho=4",
    "hypercycle:m=8,rho=4",
    "hypercycle:m=7x4,rho=3x2",
    "hypercycle:m=9x3,rho=3x1",
    "hypercycle:m=2x3x4,rho=1x1x2",
    "hypercycle:m=10x2,rho=3x1",
    "kyklos1:m=2,r=2,n=3",
    "kyklos2:m=2,r=2,n=4,shuffle=proposed",
    "kyklos2:m=2,r=2,n=3,shuffle=original",
    "kyklos2:m=3,r=1,n=2,shuffle=proposed",
    "kyklos2:m=2,r=3,n=3,shuffle=proposed",
    "lens:p=3,q=3,n=2",
    "lens:p=3,q=4,n=2",
    "lens:p=4,q=3,n=2",
    "lens:p=3,q=3,n=3,completed",
    "d3:k=1,m=2",
    "d3:k=1,m=4",
    "d3:k=2,m=2",
    "d3:k=2,m=3",
    "d3:k=3,m=4",
    "d3:k=4,m=3",
    "d3:k=3,m=1",
    "mdf:k=1,m=2",
    "mdf:k=2,m=1",
    "mdf:k=2,m=3",
    "mdf:k=3,m=2",
    "dragonfly:a=2,p=1,h=1",
    "dragonfly:a=1,p=2,h=3",
    "dragonfly:a=3,p=1,h=2,arr=relative",
    "dragonfly:a=4,p=2,h=2,g=5,arr=circulant",
    "dragonfly:a=2,p=1,h=2,g=3,arr=absolute",
    "torus:k=4x3",
    "torus:k=2x5",
    "torus:k=6",
    "mesh:k=3x4",
    "mesh:k=2x2x3",
    "hyperx:s=3x4,t=2",
    "hyperx:s=2x2x3,t=1",
    "flatfly:k=3,n=3",
    "flatfly:k=4,n=3,onchip",
    "fattree:k=2,n=1",
    "fattree:k=2,n=3",
    "fattree:k=3,n=2",
    "fattree:k=3,n=3",
    "fattree:k=4,n=2",
    "slimfly:q=3",
    "slimfly:q=4,p=1",
    "slimfly:q=5",
    "cmesh:k=4",
    "cmesh:k=6",
    "polarfly:q=2",
    "polarfly:q=3",
    "polarfly:q=4",
    "polarfly:q=5",
    "jellyfish:n=2,r=1",
    "jellyfish:n=10,r=3,p=2,seed=1",
    "jellyfish:n=16,r=4,seed=9",
    "jellyfish:n=12,r=2,seed=2",
    "graph:g=AQoKAQADAAIAAgADAgADAgADAQQCAQACAQABAQAA",
    "graph:g=AQQEAQECAAEBAAEAAAFhAWIBYwFk",
];

/// The same topology with its symmetry hidden, so metrics take the all-sources path.
struct Plain<'a>(&'a dyn Topology);

impl Graph for Plain<'_> {
    fn node_count(&self) -> usize {
        self.0.node_count()
    }

    fn terminal_count(&self) -> usize {
        self.0.terminal_count()
    }

    fn neighbours(&self, v: Node, out: &mut Vec<Node>) {
        self.0.neighbours(v, out);
    }
}

impl Addresses for Plain<'_> {
    fn format_node(&self, v: Node) -> String {
        self.0.format_node(v)
    }

    fn parse_node(&self, text: &str) -> Result<Node, icn_core::AddressError> {
        self.0.parse_node(text)
    }
}

impl Topology for Plain<'_> {}

fn networks() -> Vec<Network> {
    SMALL.iter().map(|s| s.parse().expect(s)).collect()
}

/// The endpoints a network's routers carry (`AnynetPlan`, the simulator's and the anynet
/// export's) are numbered 0 … E − 1, each once, E being the terminal routers times the
/// concentration: also where a family numbers them as BookSim2 does
/// (`Family::endpoint_number`, the concentrated mesh and the on-chip flattened butterfly).
#[test]
fn endpoints_are_numbered_once_each() {
    for net in networks() {
        let plan = AnynetPlan::of(&net);
        let mut all: Vec<u32> = plan.endpoints.iter().flatten().copied().collect();
        all.sort_unstable();
        let want: Vec<u32> = (0..all.len() as u32).collect();
        assert_eq!(all, want, "{}", net.spec());
        if plan.router.iter().all(Option::is_some) {
            let t = net.topology();
            let c = net.concentration().max(1) as usize;
            assert_eq!(all.len(), t.terminal_count() * c, "{}", net.spec());
        }
    }
}

#[test]
fn spec_prints_back_to_the_same_network() {
    for net in networks() {
        let again: Network = net.spec().parse().expect("canonical spec parses");
        assert_eq!(again, net);
        assert_eq!(again.spec(), net.spec());
    }
}

#[test]
fn addresses_round_trip() {
    for net in networks() {
        let t = net.topology();
        for v in 0..t.node_count() {
            let text = t.format_node(v);
            assert_eq!(t.parse_node(&text), Ok(v), "{} {text}", net.spec());
        }
    }
}

#[test]
fn adjacency_is_symmetric_simple_and_counted() {
    for net in networks() {
        let t = net.topology();
        let mut degree_sum = 0u64;
        for u in 0..t.node_count() {
            let nb = neighbours(t, u);
            degree_sum += nb.len() as u64;
            let mut sorted = nb.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(
                sorted.len(),
                nb.len(),
                "duplicate neighbour in {}",
                net.spec()
            );
            assert!(!nb.contains(&u), "self-loop in {}", net.spec());
            for &v in &nb {
                assert!(
                    neighbours(t, v).contains(&u),
                    "{u}-{v} one-way in {}",
                    net.spec()
                );
            }
        }
        assert_eq!(t.link_count(), degree_sum / 2, "{}", net.spec());
    }
}

#[test]
fn distances_match_bfs_and_sum_to_n_minus_1() {
    for net in networks() {
        let t = net.topology();
        let n = t.node_count();
        for s in 0..n {
            let dist = bfs(t, s);
            for (v, &d) in dist.iter().enumerate() {
                assert_eq!(
                    closed_distance(t, s, v).unwrap_or(d),
                    d,
                    "{} {s}->{v}",
                    net.spec()
                );
            }
            assert_eq!(dist.iter().filter(|&&d| d > 0).count(), n - 1);
        }
        // The symmetric single-source distribution equals the all-sources one.
        assert_eq!(
            distance_distribution(t),
            distance_distribution(&Plain(t)),
            "{}",
            net.spec()
        );
        let terminals = t.terminal_count();
        assert_eq!(
            distance_distribution(t).pairs(),
            (terminals * (terminals - 1)) as u64
        );
    }
}

/// Every strategy, between every two terminals: paths are walks of adjacent nodes from
/// src to dst; the counted total equals the enumerated total and a DAG walk; a minimal
/// strategy's paths have BFS length, any other's are at least that long.
#[test]
fn routes_are_walks_with_consistent_counts() {
    for net in networks() {
        let t = net.topology();
        let n = t.terminal_count();
        for info in net.strategies() {
            let routing = net.routing(info.name).expect("offered strategy");
            for s in 0..n {
                let dist = bfs(t, s);
                for (d, &dist_d) in dist.iter().enumerate().take(n) {
                    let route = net.route(info.name, s, d, 1 << 16).expect("route");
                    assert!(!route.truncated);
                    assert!(
                        !route.paths.is_empty(),
                        "{} {} {s}->{d}: no path",
                        net.spec(),
                        info.name
                    );
                    assert_eq!(BigUint::from(route.paths.len()), route.path_count);
                    assert_eq!(count_paths(routing.as_ref(), s, d), route.path_count);
                    // A two-phase routing's walks are told apart by their intermediate.
                    let via: Vec<Option<Node>> = if route.via.is_empty() {
                        vec![None; route.paths.len()]
                    } else {
                        route.via.iter().copied().map(Some).collect()
                    };
                    assert_eq!(via.len(), route.paths.len());
                    let mut unique: Vec<_> = via.iter().zip(&route.paths).collect();
                    unique.sort();
                    unique.dedup();
                    assert_eq!(unique.len(), route.paths.len(), "repeated path");
                    for p in &route.paths {
                        assert_eq!((p[0], p[p.len() - 1]), (s, d));
                        if routing.is_minimal() {
                            assert_eq!(
                                p.len() as u32 - 1,
                                dist_d,
                                "{} {} {s}->{d}",
                                net.spec(),
                                info.name
                            );
                        } else {
                            assert!(p.len() as u32 > dist_d, "shorter than the distance");
                        }
                        for w in p.windows(2) {
                            assert!(neighbours(t, w[0]).contains(&w[1]), "not a walk");
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn minimal_count_equals_bfs_dag_count() {
    for net in networks() {
        let t = net.topology();
        let minimal = net.minimal_routing();
        for s in 0..t.node_count() {
            for d in 0..t.node_count() {
                let bfs_count = count_minimal_paths(t, s, d);
                let route = net.route("minimal", s, d, 0).expect("route");
                assert_eq!(route.path_count, bfs_count, "{} {s}->{d}", net.spec());
                assert_eq!(count_paths(&minimal, s, d), bfs_count);
                let listed = enumerate_paths(&minimal, s, d, 1 << 16);
                let family = enumerate_paths(
                    net.routing("minimal").expect("minimal").as_ref(),
                    s,
                    d,
                    1 << 16,
                );
                let (mut a, mut b) = (listed, family);
                a.sort();
                b.sort();
                assert_eq!(a, b, "the family's minimal paths differ from BFS's");
            }
        }
    }
}

/// Loads: the symmetric shortcut equals the all-destinations computation, and under a
/// minimal routing the total load equals the total hop count of all terminal pairs.
#[test]
fn loads_agree_with_and_without_symmetry() {
    for net in networks() {
        let t = net.topology();
        let total = distance_distribution(t).total_distance() as f64;
        for info in net.strategies() {
            let routing = net.routing(info.name).expect("strategy");
            let fast = channel_loads(t, routing.as_ref());
            let slow = channel_loads(&Plain(t), routing.as_ref());
            for ((a, b), (c, d)) in fast
                .loads
                .iter()
                .zip(&slow.loads)
                .zip(fast.node_loads.iter().zip(&slow.node_loads))
            {
                assert!(
                    (a - b).abs() < 1e-6 * b.max(1.0),
                    "{} {}: channel {a} vs {b}",
                    net.spec(),
                    info.name
                );
                assert!((c - d).abs() < 1e-6 * d.max(1.0), "node {c} vs {d}");
            }
            let sum: f64 = slow.loads.iter().sum();
            if routing.is_minimal() {
                assert!(
                    (sum - total).abs() < 1e-6 * total.max(1.0),
                    "{} {}: {sum} vs {total}",
                    net.spec(),
                    info.name
                );
            } else {
                assert!(
                    sum >= total * (1.0 - 1e-9),
                    "{}: {sum} < {total}",
                    net.spec()
                );
            }
            let summary = load_summary(t, routing.as_ref());
            let max = slow.loads.iter().copied().fold(0.0, f64::max);
            assert!((summary.max_channel_load - max).abs() < 1e-6 * max.max(1.0));
            assert!(
                (summary.mean_channel_load - sum / slow.loads.len() as f64).abs()
                    < 1e-6 * max.max(1.0)
            );
        }
    }
}

/// Route and count a routing directly, to keep the trait object path honest too.
#[test]
fn boxed_routing_matches_route() {
    let net: Network = "hypercycle:m=5x4x3,rho=2x1x1".parse().expect("spec");
    let routing: Box<dyn Routing + '_> = net.routing("eq311").expect("eq311");
    let (a, b) = (
        net.parse_node("000").expect("a"),
        net.parse_node("421").expect("b"),
    );
    assert_eq!(
        count_paths(routing.as_ref(), a, b),
        net.route("eq311", a, b, 0).expect("r").path_count
    );
}

/// Every route of a pair with its share of the unit: 1/(number of paths), or for a
/// two-phase pair 1/|I| · 1/paths(s, i) · 1/paths(i, d) for a route via i.
fn shares(routing: &dyn Routing, s: Node, d: Node) -> Vec<(f64, Vec<Node>)> {
    let routes = enumerate_routes(routing, s, d, 1 << 20);
    match intermediates(routing, s, d) {
        None => {
            let share = 1.0 / routes.len() as f64;
            routes.into_iter().map(|(_, p)| (share, p)).collect()
        }
        Some(via) => routes
            .into_iter()
            .map(|(i, p)| {
                let i = i.expect("a two-phase route names its intermediate");
                let phases = count_phase_paths(routing, s, i) * count_phase_paths(routing, i, d);
                let phases: f64 = phases.to_string().parse().expect("a count");
                (1.0 / via.len() as f64 / phases, p)
            })
            .collect(),
    }
}

/// Loads against brute force: enumerate every path (route) of every terminal pair and give
/// each its share on each of its channels and at each node it passes (every visit).
#[test]
fn loads_match_path_enumeration() {
    for net in networks() {
        let t = net.topology();
        let terminals = t.terminal_count();
        if terminals > 64 {
            continue;
        }
        for info in net.strategies() {
            let routing = net.routing(info.name).expect("strategy");
            let mut brute: std::collections::HashMap<(Node, Node), f64> = Default::default();
            let mut forwarded = vec![0f64; t.node_count()];
            for s in 0..terminals {
                for d in (0..terminals).filter(|&d| d != s) {
                    for (share, p) in &shares(routing.as_ref(), s, d) {
                        let share = *share;
                        for w in p.windows(2) {
                            *brute.entry((w[0], w[1])).or_default() += share;
                        }
                        for &v in &p[1..p.len() - 1] {
                            forwarded[v] += share;
                        }
                    }
                }
            }
            let loads = channel_loads(t, routing.as_ref());
            for (u, v, l) in loads.iter() {
                let b = brute.get(&(u, v)).copied().unwrap_or(0.0);
                assert!(
                    (l - b).abs() < 1e-6,
                    "{} {}: {u}->{v} {l} vs {b}",
                    net.spec(),
                    info.name
                );
            }
            for (v, (&l, &b)) in loads.node_loads.iter().zip(&forwarded).enumerate() {
                assert!(
                    (l - b).abs() < 1e-6,
                    "{} {}: node {v} {l} vs {b}",
                    net.spec(),
                    info.name
                );
            }
        }
    }
}

/// A route asked for its count alone (`limit` 0, as `icn route --limit 0` and the page's
/// deferred routes do) still has the distance: the length of the first path, which for a
/// minimal routing is the breadth-first distance. It once reported 0.
#[test]
fn a_route_without_listed_paths_keeps_its_length() {
    for net in networks() {
        let t = net.topology();
        let n = t.terminal_count();
        for info in net.strategies() {
            let minimal = net.routing(info.name).expect("offered").is_minimal();
            for s in (0..n).step_by(n.div_ceil(6)) {
                let dist = bfs(t, s);
                for d in (0..n).step_by(n.div_ceil(5)) {
                    let bare = net.route(info.name, s, d, 0).expect("route");
                    let listed = net.route(info.name, s, d, 1).expect("route");
                    assert!(bare.paths.is_empty());
                    assert_eq!(bare.path_count, listed.path_count);
                    assert_eq!(
                        bare.length,
                        listed.length,
                        "{} {} {s}->{d}",
                        net.spec(),
                        info.name
                    );
                    if minimal {
                        assert_eq!(bare.length, dist[d], "{} {}", net.spec(), info.name);
                    }
                }
            }
        }
    }
}

/// The relation towards one destination, asked for all nodes at once, is the relation
/// asked node by node (a product counts its digits up instead of dividing them out).
#[test]
fn next_hops_to_is_next_hops_node_by_node() {
    for net in networks() {
        let t = net.topology();
        let n = t.node_count();
        for info in net.strategies() {
            let routing = net.routing(info.name).expect("offered strategy");
            let (mut start, mut out) = (vec![7], vec![7]);
            for dst in (0..t.terminal_count()).step_by(1 + n / 7) {
                routing.next_hops_to(dst, n, &mut start, &mut out);
                assert_eq!(start.len(), n + 1, "{} {}", net.spec(), info.name);
                let mut one = Vec::new();
                for u in 0..n {
                    one.clear();
                    routing.next_hops(u, dst, &mut one);
                    assert_eq!(
                        out[start[u]..start[u + 1]],
                        one[..],
                        "{} {} at {u} towards {dst}",
                        net.spec(),
                        info.name
                    );
                }
            }
        }
    }
}
