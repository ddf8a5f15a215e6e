//! Jellyfish (Singla et al., NSDI 2012): the seeded random regular graph is regular, simple,
//! connected and the same for the same seed; its closed forms and Moore bounds against
//! breadth-first search.

use std::collections::BTreeSet;

use icn_core::metrics::{bfs, count_minimal_paths, distance_distribution, UNREACHABLE};
use icn_core::routing::count_paths;
use icn_core::topology::jellyfish::Jellyfish;
use icn_core::{AddressError, Family, Network, ParamError, SpecError, Structure};

use crate::support::{formula, neighbours};
use icn_graph::Graph;

fn jellyfish(n: u64, r: u64, seed: u64) -> Jellyfish {
    Jellyfish::new(n, r, 1, seed).unwrap_or_else(|e| panic!("n={n} r={r} seed={seed}: {e}"))
}

/// (n, r) over small and medium sizes, every r with n·r even.
fn sizes() -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    for n in [3u64, 4, 5, 6, 7, 8, 9, 10, 13, 16, 33, 64, 100] {
        for r in 2..n.min(12) {
            if n * r % 2 == 0 {
                out.push((n, r));
            }
        }
    }
    out.push((2, 1));
    out
}

#[test]
fn regular_simple_and_connected() {
    for (n, r) in sizes() {
        for seed in 0..4 {
            let j = jellyfish(n, r, seed);
            assert_eq!(j.node_count(), n as usize);
            let mut links = BTreeSet::new();
            for v in 0..j.node_count() {
                let nb = neighbours(&j, v);
                assert_eq!(nb.len() as u64, r, "n={n} r={r} seed={seed}: degree of {v}");
                assert!(!nb.contains(&v), "self-loop");
                assert!(nb.windows(2).all(|w| w[0] < w[1]), "sorted, no duplicates");
                for &u in &nb {
                    assert!(neighbours(&j, u).contains(&v), "one-way link");
                    links.insert((u.min(v), u.max(v)));
                }
            }
            assert_eq!(links.len() as u64, n * r / 2);
            assert_eq!(j.link_count(), n * r / 2);
            assert_eq!(
                j.edges(),
                links
                    .iter()
                    .map(|&(a, b)| (a as u32, b as u32))
                    .collect::<Vec<_>>()
            );
            assert!(!bfs(&j, 0).contains(&UNREACHABLE));
            if r >= 3 {
                assert_eq!(j.attempt(), 0, "n={n} r={r} seed={seed}: connected at once");
            }
        }
    }
}

/// The same seed gives the same graph; this one is pinned, so any change to the
/// construction or the generator shows here.
#[test]
fn the_seed_fixes_the_graph() {
    let j = jellyfish(8, 3, 1);
    assert_eq!(j.attempt(), 0);
    assert_eq!(
        j.edges(),
        [
            (0, 4),
            (0, 5),
            (0, 6),
            (1, 3),
            (1, 5),
            (1, 6),
            (2, 5),
            (2, 6),
            (2, 7),
            (3, 4),
            (3, 7),
            (4, 7)
        ]
    );
    let a: Network = "jellyfish:n=64,r=6,p=2,seed=1".parse().expect("spec");
    let b: Network = "jellyfish:n=64,r=6,p=2,seed=1".parse().expect("spec");
    let edges = |net: &Network| {
        let t = net.topology();
        (0..t.node_count())
            .map(|v| neighbours(t, v))
            .collect::<Vec<_>>()
    };
    assert_eq!(edges(&a), edges(&b));
    // The example (its construction needed the paper's repair step), by a checksum:
    // Σ (i + 1)·(64u + v) over its sorted links (u, v).
    let e = jellyfish(64, 6, 1).edges();
    assert_eq!(e[..6], [(0, 6), (0, 7), (0, 25), (0, 31), (0, 39), (0, 58)]);
    let check: u64 = e
        .iter()
        .enumerate()
        .map(|(i, &(u, v))| (i as u64 + 1) * (u64::from(u) * 64 + u64::from(v)))
        .sum();
    assert_eq!(check, 34_721_227);
    // Different seeds, different graphs.
    let graphs: BTreeSet<Vec<(u32, u32)>> = (0..20).map(|s| jellyfish(64, 6, s).edges()).collect();
    assert_eq!(graphs.len(), 20);
}

/// A random 2-regular graph is connected only when it is one cycle; the retries find one.
#[test]
fn retries_until_connected() {
    let mut retried = 0;
    for seed in 0..20 {
        let j = jellyfish(32, 2, seed);
        retried += usize::from(j.attempt() > 0);
        // One cycle through every switch: diameter ⌊n/2⌋.
        let far = bfs(&j, 0).into_iter().max().unwrap_or(0);
        assert_eq!(far, 16);
    }
    assert!(retried > 0, "some seed needed a second stream");
}

/// The counts exactly, the Moore bounds as bounds (exact for the complete graph r = n − 1).
#[test]
fn closed_forms_and_moore_bounds_against_bfs() {
    for (n, r) in sizes() {
        for seed in [1, 7] {
            let spec = format!("jellyfish:n={n},r={r},p=3,seed={seed}");
            let net: Network = spec.parse().expect("spec");
            let t = net.topology();
            assert_eq!(formula(&net, "switches"), n);
            assert_eq!(formula(&net, "servers"), 3 * n);
            assert_eq!(formula(&net, "links"), t.link_count());
            assert_eq!(formula(&net, "switch degree (network ports)"), r);
            assert_eq!(formula(&net, "switch ports"), r + 3);
            assert_eq!(net.concentration(), 3);
            let moore_d = formula(&net, "Moore bound on the diameter");
            let moore_sum = formula(&net, "Moore bound on the distances from a switch, summed");
            let mut diameter = 0;
            for s in 0..t.node_count() {
                let dist = bfs(t, s);
                let sum: u64 = dist.iter().map(|&d| u64::from(d)).sum();
                assert!(sum >= moore_sum, "{spec} from {s}: {sum} < {moore_sum}");
                diameter = diameter.max(u64::from(*dist.iter().max().expect("nodes")));
            }
            assert!(diameter >= moore_d, "{spec}");
            if r == n - 1 {
                assert_eq!((diameter, moore_d, moore_sum), (1, 1, n - 1));
            }
            if r == 2 {
                // The cycle meets the bound: ⌈(n − 1)/2⌉.
                assert_eq!(
                    (diameter, moore_d),
                    ((n - 1).div_ceil(2), (n - 1).div_ceil(2))
                );
            }
        }
    }
    // Moore bounds by hand: r = 3, n = 10: 1 + 3 + 6 = 10 within 2 steps (the Petersen
    // graph meets it): diameter ≥ 2, distances from a switch ≥ 3·1 + 6·2 = 15.
    let j = jellyfish(10, 3, 1);
    assert_eq!((j.moore_diameter(), j.moore_distance_sum()), (2, 15));
    // n = 64, r = 6: 1 + 6 + 30 = 37 < 64 ≤ 37 + 150: diameter ≥ 3, sum ≥ 6 + 60 + 81.
    let j = jellyfish(64, 6, 1);
    assert_eq!(
        (j.moore_diameter(), j.moore_distance_sum()),
        (3, 6 + 60 + 81)
    );
}

/// Minimal routing: every shortest path, counted on the routing's DAG as by BFS.
#[test]
fn minimal_routes_are_the_shortest_paths() {
    let net: Network = "jellyfish:n=16,r=3,p=1,seed=5".parse().expect("spec");
    let t = net.topology();
    let routing = net.routing("minimal").expect("minimal");
    for a in 0..t.node_count() {
        let dist = bfs(t, a);
        for (b, &d) in dist.iter().enumerate() {
            let route = net.route("minimal", a, b, 1 << 10).expect("route");
            assert_eq!(route.length, d);
            assert_eq!(route.path_count, count_minimal_paths(t, a, b));
            assert_eq!(count_paths(routing.as_ref(), a, b), route.path_count);
        }
    }
    assert_eq!(distance_distribution(t).pairs(), 16 * 15);
    assert_eq!(net.structure(), Structure::Free);
    assert_eq!(net.default_strategy(), "minimal");
}

#[test]
fn parameters_are_checked() {
    for (spec, key) in [
        ("jellyfish:n=1,r=1", "n"),
        ("jellyfish:n=65537,r=2", "n"),
        ("jellyfish:n=8,r=0", "r"),
        ("jellyfish:n=8,r=8", "r"),
        ("jellyfish:n=8,r=1", "r"),
        ("jellyfish:n=9,r=3", "r"),
        ("jellyfish:n=65536,r=33", "r"),
        ("jellyfish:n=8,r=3,p=0", "p"),
        ("jellyfish:n=8,r=3,p=4097", "p"),
        ("jellyfish:n=8,r=3,seed=-1", "seed"),
        ("jellyfish:r=3", "n"),
        ("jellyfish:n=8", "r"),
    ] {
        let e = spec.parse::<Network>().expect_err(spec);
        assert_eq!(e.param_key(), Some(key), "{spec}: {e}");
        assert!(e.to_string().contains(key), "{e}");
    }
    let e = "jellyfish:n=9,r=3".parse::<Network>().expect_err("odd");
    assert!(e.to_string().contains("n·r must be even"), "{e}");
    assert!(matches!(
        "jellyfish:n=8,r=3,q=1".parse::<Network>(),
        Err(SpecError::Param(ParamError::UnknownKey { .. }))
    ));
    // Defaults: p = 1, seed = 1; the canonical spec names all four.
    let net: Network = "jellyfish:n=8,r=3".parse().expect("spec");
    assert_eq!(net.spec(), "jellyfish:n=8,r=3,p=1,seed=1");
    let two: Network = "jellyfish:n=2,r=1".parse().expect("one link");
    assert_eq!(two.topology().link_count(), 1);
}

#[test]
fn addresses_are_switch_numbers() {
    let net: Network = "jellyfish:n=64,r=6,p=2,seed=1".parse().expect("spec");
    for v in 0..64 {
        assert_eq!(net.parse_node(&net.format_node(v)), Ok(v));
    }
    assert_eq!(net.format_node(63), "63");
    assert_eq!(net.parse_node(" 07 "), Ok(7));
    assert_eq!(
        net.parse_node("6x"),
        Err(AddressError::BadDigit {
            ch: 'x',
            position: 2,
            radix: 10,
            allowed: "0-9".into()
        })
    );
    let e = net.parse_node("64").expect_err("out of range");
    assert!(e.to_string().contains("0 to 63"), "{e}");
    assert!(net.parse_node("99999999999999999999999").is_err());
    assert!(matches!(
        net.parse_node(""),
        Err(AddressError::Empty { .. })
    ));
    let (a, b) = net.default_route();
    assert_eq!((a, b), (0, 63));
}

/// Loads under minimal routing (no symmetry: every destination) add up to the total
/// distance, as on any network.
#[test]
fn loads_sum_to_the_total_distance() {
    let net: Network = "jellyfish:n=20,r=4,p=1,seed=3".parse().expect("spec");
    let t = net.topology();
    let routing = net.routing("minimal").expect("minimal");
    let loads = icn_core::metrics::channel_loads(t, routing.as_ref());
    let sum: f64 = loads.loads.iter().sum();
    let total = distance_distribution(t).total_distance() as f64;
    assert!((sum - total).abs() < 1e-6 * total);
    assert_eq!(Family::formulas(&jellyfish(20, 4, 3)), net.formulas());
}
