//! Slim Fly (Besta and Hoefler, SC 2014), the MMS graphs, against breadth-first search,
//! brute-force common neighbours and the known invariants (Hoffman–Singleton at q = 5).

use icn_core::metrics::{bfs, count_minimal_paths, distance_distribution};
use icn_core::routing::count_paths;
use icn_core::topology::slimfly::{SlimFly, SlimFlyMinimal, SlimFlyOrbits};
use icn_core::{
    AddressError, BigUint, Family, Network, Node, ParamError, Routing, SpecError, Structure,
    Topology,
};

use crate::support::{
    assert_loads_equal_every_destination, assert_orbit_sizes, neighbours, prime_powers,
};
use icn_core::graph::route_orbits;
use icn_graph::{Distances, Graph};

fn slimfly(q: u64) -> SlimFly {
    SlimFly::new(q, None).expect("valid Slim Fly")
}

/// The adjacency as sets, for brute force.
fn adjacency(t: &dyn Topology) -> Vec<Vec<bool>> {
    let n = t.node_count();
    let mut adj = vec![vec![false; n]; n];
    for (u, row) in adj.iter_mut().enumerate() {
        for v in neighbours(t, u) {
            row[v] = true;
        }
    }
    adj
}

/// q = 5 is the Hoffman–Singleton graph: 50 routers, 7-regular, 175 links, diameter 2,
/// girth 5 (no triangle, no 4-cycle: linked routers share no neighbour, unlinked ones
/// exactly one), meeting the Moore bound k'² + 1 = 50.
#[test]
fn q5_is_the_hoffman_singleton_graph() {
    let sf = slimfly(5);
    let adj = adjacency(&sf);
    assert_eq!(sf.node_count(), 50);
    assert_eq!(sf.link_count(), 175);
    assert_eq!((sf.network_radix(), sf.delta(), sf.w()), (7, 1, 1));
    for u in 0..50 {
        assert_eq!(neighbours(&sf, u).len(), 7);
        for v in (0..50).filter(|&v| v != u) {
            let common = (0..50).filter(|&w| adj[u][w] && adj[v][w]).count();
            assert_eq!(common, usize::from(!adj[u][v]), "{u} {v}");
        }
    }
    let dd = distance_distribution(&sf);
    assert_eq!(dd.counts, vec![0, 50 * 7, 50 * 42]);
    let formulas = sf.formulas();
    let moore = formulas
        .iter()
        .find(|f| f.name == "Moore bound")
        .expect("Moore");
    assert_eq!(moore.value, 50);
    // p = ⌈7/2⌉ = 4 endpoints per router by default: 200 endpoints, router radix 11.
    assert_eq!(sf.concentration(), 4);
    assert_eq!(sf.spec(), "slimfly:q=5,p=4");
}

/// Every prime power up to 32: 2q² routers, k' = (3q − δ)/2-regular, q²·k' links, X and
/// X' symmetric of size (q − δ)/2 without 0, diameter 2 by breadth-first search (from
/// every router up to q = 17, from a sample beyond), and the formulas agree.
#[test]
fn closed_forms_match_bfs() {
    for q in prime_powers(3, 32) {
        let sf = slimfly(q);
        let n = sf.node_count();
        assert_eq!(n as u64, 2 * q * q);
        let delta = i64::from(sf.delta());
        assert_eq!((q as i64 - delta) % 4, 0, "q = 4w + δ");
        let k = (3 * q as i64 - delta) as usize / 2;
        assert_eq!(sf.network_radix() as usize, k);
        let (x, x2) = sf.generator_sets();
        for set in [x, x2] {
            assert_eq!(set.len() as i64, (q as i64 - delta) / 2, "q = {q}");
            assert!(!set.contains(&0));
        }
        // Together they cover every nonzero element; they share {1, −1} (δ = −1), {1}
        // (δ = 0) or nothing (δ = 1).
        let both: Vec<u32> = x.iter().copied().filter(|a| x2.contains(a)).collect();
        let covered = (1..q as u32)
            .filter(|a| x.contains(a) || x2.contains(a))
            .count();
        assert_eq!(covered as u64, q - 1, "q = {q}");
        assert_eq!(both.len() as i64, 1 - delta, "q = {q}");
        assert!(delta == 1 || both.contains(&1));
        let mut degree_sum = 0;
        for v in 0..n {
            let nb = neighbours(&sf, v);
            let mut sorted = nb.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!((sorted.len(), nb.len()), (k, k), "q = {q} node {v}");
            assert!(!nb.contains(&v));
            degree_sum += nb.len() as u64;
        }
        assert_eq!(sf.link_count(), degree_sum / 2);
        let step = if q <= 17 { 1 } else { 37 };
        for s in (0..n).step_by(step) {
            let dist = bfs(&sf, s);
            assert_eq!(dist.iter().copied().max(), Some(2), "q = {q}");
            for (v, &d) in dist.iter().enumerate() {
                assert_eq!(sf.distance(s, v), Some(d), "q = {q} {s}->{v}");
            }
            assert_eq!(
                sf.distance_counts_from(s),
                Some(vec![1, k as u64, n as u64 - 1 - k as u64])
            );
        }
        let formulas = sf.formulas();
        let value = |name: &str| formulas.iter().find(|f| f.name == name).map(|f| f.value);
        assert_eq!(value("routers"), Some(n as u64));
        assert_eq!(value("links"), Some(sf.link_count()));
        assert_eq!(value("network radix k′"), Some(k as u64));
        assert_eq!(value("diameter"), Some(2));
    }
}

/// X = −X and X' = −X', so the links are symmetric (the graph is undirected), for
/// every prime power up to 64 (a sample of routers beyond 32).
#[test]
fn links_are_symmetric() {
    for q in prime_powers(3, 64) {
        let sf = slimfly(q);
        let step = if q <= 32 { 1 } else { 7 };
        for v in (0..sf.node_count()).step_by(step) {
            for w in neighbours(&sf, v) {
                assert!(neighbours(&sf, w).contains(&v), "q = {q} {v}-{w}");
                assert!(sf.adjacent(v, w) && sf.adjacent(w, v));
            }
        }
    }
}

/// Minimal path counts: the closed form equals the common neighbours by brute force (up
/// to q = 13), and the BFS path-count DAG and the routing's DAG walk (up to q = 7);
/// δ = 1 groups are Paley graphs, (q − 1)/4 paths between unlinked routers of a group.
#[test]
fn path_counts_match_bfs() {
    for q in prime_powers(3, 13) {
        let sf = slimfly(q);
        let adj = adjacency(&sf);
        let n = sf.node_count();
        let routing = SlimFlyMinimal::new(&sf);
        for a in 0..n {
            for b in 0..n {
                let count = routing.path_count(a, b).expect("closed form");
                let expected = if a == b || adj[a][b] {
                    1
                } else {
                    (0..n).filter(|&w| adj[a][w] && adj[b][w]).count()
                };
                assert_eq!(count, BigUint::from(expected), "q = {q} {a}->{b}");
                let ((sa, xa, _), (sb, xb, _)) = (sf.coords(a), sf.coords(b));
                if sf.delta() == 1 && sa == sb && xa == xb && a != b && !adj[a][b] {
                    assert_eq!(expected as u64, (q - 1) / 4, "Paley μ");
                }
                if q <= 7 && (a * 31 + b) % 5 == 0 {
                    assert_eq!(count, count_minimal_paths(&sf, a, b), "q = {q} {a}->{b}");
                    assert_eq!(count, count_paths(&routing, a, b));
                }
            }
        }
    }
}

/// The maps g(t, u, a) of `symmetry.rs` keep every link, for every t, u, a at q = 5, 7, 8.
#[test]
fn translations_are_automorphisms() {
    for q in [4u32, 5, 7, 8] {
        let sf = slimfly(u64::from(q));
        let net: Network = sf.spec().parse().expect("spec");
        // Field arithmetic as the network does it, read back from the wiring: (1,m,c) meets
        // group (0,x,·) at y = m·x + c, so mul and add come from the neighbours.
        let meet = |m: u32, c: u32, x: u32| -> u32 {
            let v = sf.node(1, m, c);
            let found = neighbours(&sf, v)
                .into_iter()
                .map(|w| sf.coords(w))
                .find(|&(s, gx, _)| s == 0 && gx == x);
            found.map_or(u32::MAX, |(_, _, y)| y)
        };
        let mul = |a: u32, b: u32| meet(a, 0, b);
        let add = |a: u32, b: u32| meet(1, b, a);
        let neg = |a: u32| (0..q).find(|&b| add(a, b) == 0).unwrap_or(0);
        for t in 0..q {
            for u in [0, 1, q - 1] {
                for a in [0, 1, q / 2] {
                    let g = |v: Node| -> Node {
                        let (s, x, y) = sf.coords(v);
                        if s == 0 {
                            let x2 = add(x, u);
                            sf.node(0, x2, add(add(y, mul(a, x2)), t))
                        } else {
                            sf.node(1, add(x, a), add(add(y, neg(mul(x, u))), t))
                        }
                    };
                    for v in 0..net.topology().node_count() {
                        let images: Vec<Node> = neighbours(&sf, v).into_iter().map(g).collect();
                        let gv = g(v);
                        for w in images {
                            assert!(sf.adjacent(gv, w), "q = {q} g({t},{u},{a})");
                        }
                    }
                }
            }
        }
    }
}

/// Loads by the two destinations of the orbits equal every destination's, and the orbit
/// sizes are right.
#[test]
fn symmetric_loads_equal_every_destination() {
    for q in [3, 4, 5, 7, 8, 9] {
        let sf = slimfly(q);
        let orbits = SlimFlyOrbits::new(&sf);
        assert_orbit_sizes(&sf, &orbits, &sf.spec());
        let routing = SlimFlyMinimal::new(&sf);
        assert_loads_equal_every_destination(&sf.spec(), &sf, &routing);
        let net: Network = sf.spec().parse().expect("spec");
        let boxed = net.routing("minimal").expect("minimal");
        assert_eq!(
            route_orbits(boxed.as_ref()).map(|o| o.destinations().len()),
            Some(2)
        );
    }
}

/// The diagram's groups: the 2q groups (s, x), q routers each, every router once.
#[test]
fn groups_partition_the_routers() {
    let sf = slimfly(7);
    let Structure::Groups { name, groups } = sf.structure() else {
        panic!("groups expected");
    };
    assert_eq!(name, "group");
    assert_eq!(groups.len(), 14);
    let mut seen = vec![false; sf.node_count()];
    for (g, members) in groups.iter().enumerate() {
        assert_eq!(members.len(), 7);
        for &v in members {
            let (s, x, _) = sf.coords(v);
            assert_eq!((s * 7 + x) as usize, g);
            assert!(!seen[v]);
            seen[v] = true;
        }
    }
    assert!(seen.iter().all(|&s| s));
}

#[test]
fn addresses_round_trip_and_errors_say_why() {
    let net: Network = "slimfly:q=5".parse().expect("spec");
    for v in 0..net.topology().node_count() {
        assert_eq!(net.parse_node(&net.format_node(v)), Ok(v));
    }
    assert_eq!(net.parse_node("(1,2,3)"), Ok(25 + 2 * 5 + 3));
    assert_eq!(net.parse_node(" 1, 2 ,3 "), Ok(38));
    let why = |text: &str| match net.parse_node(text) {
        Err(AddressError::Malformed { why, .. }) => why,
        other => panic!("{text}: {other:?}"),
    };
    assert!(
        why("(2,0,0)").contains("coordinate s = 2 is out of range"),
        "{}",
        why("(2,0,0)")
    );
    assert!(why("(0,5,0)").contains("0 ≤ x < q = 5"));
    assert!(why("(0,1,x)").contains("character 'x' at position 6"));
    assert!(why("(0,1)").contains("has 2 coordinates"));
    assert!(matches!(
        net.parse_node(""),
        Err(AddressError::Empty { .. })
    ));
}

#[test]
fn bad_parameters_say_what_and_why() {
    let err = |spec: &str| spec.parse::<Network>().expect_err(spec);
    let SpecError::Param(ParamError::OutOfRange { key, allowed, .. }) = err("slimfly:q=6") else {
        panic!("q = 6");
    };
    assert_eq!(key, "q");
    assert!(allowed.contains("prime power") && allowed.contains("6 is not"));
    assert!(matches!(
        err("slimfly:q=2"),
        SpecError::Param(ParamError::OutOfRange { .. })
    ));
    assert!(matches!(
        err("slimfly:q=32771"),
        SpecError::Param(ParamError::TooLarge { nodes, .. }) if nodes == 2 * 32771 * 32771
    ));
    assert_eq!(err("slimfly:q=5,p=0").param_key(), Some("p"));
    assert_eq!(err("slimfly:q=5,p=65537").param_key(), Some("p"));
    assert_eq!(err("slimfly:p=3").param_key(), Some("q"));
    assert!(matches!(
        err("slimfly:q=5,k=3"),
        SpecError::Param(ParamError::UnknownKey { .. })
    ));
    // The largest: q = 32768 = 2¹⁵, 2³¹ routers, built without a per-router table.
    let big: Network = "slimfly:q=32768".parse().expect("largest");
    assert_eq!(big.topology().node_count() as u64, 1 << 31);
    assert_eq!(big.spec(), "slimfly:q=32768,p=24576");
    assert_eq!(
        big.spec().parse::<Network>().map(|n| n.concentration()),
        Ok(24576)
    );
    let r = big.route("minimal", 0, (1 << 31) - 1, 4).expect("route");
    assert_eq!((r.length, r.paths.len()), (2, 1));
    // The user's p is kept.
    let three: Network = "slimfly:q=5,p=3".parse().expect("p = 3");
    assert_eq!(
        (three.concentration(), three.spec().as_str()),
        (3, "slimfly:q=5,p=3")
    );
}
