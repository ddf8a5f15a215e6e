//! PolarFly (Lakhotia et al., SC 2022), the Erdős–Rényi polarity graphs ER_q, against
//! breadth-first search, brute force and the projective plane's counts.

use icn_core::graph::Orbits;
use icn_core::metrics::{bfs, count_minimal_paths, distance_distribution};
use icn_core::routing::count_paths;
use icn_core::topology::polarfly::{PolarFly, PolarFlyOrbits};
use icn_core::{
    AddressError, BigUint, Family, Network, Node, ParamError, Routing, SpecError, Structure,
};

use crate::support::{
    assert_loads_equal_every_destination, assert_orbit_sizes, neighbours, prime_powers,
};
use icn_core::graph::route_orbits;
use icn_graph::{Distances, Graph};

fn polarfly(q: u64) -> PolarFly {
    PolarFly::new(q, None).expect("valid PolarFly")
}

fn formula(net: &PolarFly, name: &str) -> Option<u64> {
    net.formulas()
        .iter()
        .find(|f| f.name == name)
        .map(|f| f.value)
}

/// Every prime power up to 32: q² + q + 1 routers, q + 1 quadrics of degree q, the others
/// of degree q + 1, q(q + 1)²/2 links, links symmetric and simple, diameter 2 by
/// breadth-first search (from every router up to q = 19, a sample beyond), and the
/// closed-form distance equal to it.
#[test]
fn closed_forms_match_bfs() {
    for q in prime_powers(2, 32) {
        let pf = polarfly(q);
        let n = pf.node_count();
        assert_eq!(n as u64, q * q + q + 1);
        let mut degree_sum = 0u64;
        let mut quadrics = 0u64;
        for v in 0..n {
            let nb = neighbours(&pf, v);
            let mut sorted = nb.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(
                sorted.len(),
                nb.len(),
                "q = {q}: duplicate neighbour of {v}"
            );
            assert!(!nb.contains(&v), "q = {q}: a self-loop at {v}");
            let quadric = pf.is_quadric(v);
            quadrics += u64::from(quadric);
            assert_eq!(nb.len() as u64, q + u64::from(!quadric), "q = {q} {v}");
            for &w in &nb {
                assert!(pf.adjacent(w, v), "q = {q} {v}-{w}");
            }
            degree_sum += nb.len() as u64;
        }
        assert_eq!(quadrics, q + 1, "q = {q}");
        assert_eq!(pf.quadrics().len() as u64, q + 1);
        assert_eq!(pf.link_count(), degree_sum / 2);
        assert_eq!(pf.link_count(), q * (q + 1) * (q + 1) / 2);
        let step = if q <= 19 { 1 } else { 13 };
        for s in (0..n).step_by(step) {
            let dist = bfs(&pf, s);
            assert_eq!(dist.iter().copied().max(), Some(2), "q = {q}");
            for (v, &d) in dist.iter().enumerate() {
                assert_eq!(pf.distance(s, v), Some(d), "q = {q} {s}->{v}");
            }
            let counts = pf.distance_counts_from(s).expect("closed form");
            let ones = dist.iter().filter(|&&d| d == 1).count() as u64;
            assert_eq!(counts, vec![1, ones, n as u64 - 1 - ones]);
        }
        assert_eq!(formula(&pf, "routers"), Some(n as u64));
        assert_eq!(formula(&pf, "links"), Some(pf.link_count()));
        assert_eq!(formula(&pf, "quadrics (degree q)"), Some(quadrics));
        assert_eq!(formula(&pf, "diameter"), Some(2));
    }
}

/// How the non-quadrics sit beside the quadrics: for odd q, q(q + 1)/2 beside two and
/// q(q − 1)/2 beside none; for q = 2ᵏ, all but the nucleus (1,1,1) beside exactly one,
/// the nucleus beside all q + 1. No two quadrics are linked.
#[test]
fn quadric_neighbourhoods() {
    for q in prime_powers(2, 32) {
        let pf = polarfly(q);
        let mut beside = [0u64; 3];
        let nucleus = pf.node([1, 1, 1]);
        for v in (0..pf.node_count()).filter(|&v| !pf.is_quadric(v)) {
            let k = neighbours(&pf, v)
                .iter()
                .filter(|&&w| pf.is_quadric(w))
                .count();
            if q % 2 == 0 && v == nucleus {
                assert_eq!(k as u64, q + 1);
                continue;
            }
            beside[k.min(2)] += 1;
        }
        for w in pf.quadrics() {
            assert!(neighbours(&pf, w).iter().all(|&v| !pf.is_quadric(v)));
        }
        if q % 2 == 1 {
            assert_eq!(beside, [q * (q - 1) / 2, 0, q * (q + 1) / 2], "q = {q}");
            assert_eq!(formula(&pf, "routers beside two quadrics"), Some(beside[2]));
            assert_eq!(formula(&pf, "routers beside no quadric"), Some(beside[0]));
        } else {
            assert_eq!(beside, [0, q * q - 1, 0], "q = {q}");
            assert_eq!(formula(&pf, "routers beside one quadric"), Some(beside[1]));
        }
    }
}

/// One minimal path between any two routers: unlinked routers share exactly one
/// neighbour (brute force up to q = 13), the routing's next hop is it, and the closed-form
/// count equals the BFS path-count DAG (a sample up to q = 7).
#[test]
fn one_path_per_pair() {
    for q in prime_powers(2, 13) {
        let pf = polarfly(q);
        let n = pf.node_count();
        let nbs: Vec<Vec<Node>> = (0..n).map(|v| neighbours(&pf, v)).collect();
        let routing = pf.minimal();
        let mut hops = Vec::new();
        for a in 0..n {
            for b in (0..n).filter(|&b| b != a) {
                let common: Vec<Node> = nbs[a]
                    .iter()
                    .copied()
                    .filter(|w| nbs[b].contains(w))
                    .collect();
                hops.clear();
                routing.next_hops(a, b, &mut hops);
                if pf.adjacent(a, b) {
                    assert_eq!(hops, vec![b]);
                } else {
                    assert_eq!(common.len(), 1, "q = {q} {a} {b}");
                    assert_eq!(hops, common, "q = {q} {a}->{b}");
                }
                assert_eq!(routing.path_count(a, b), Some(BigUint::from(1u32)));
                if q <= 7 && (a * 17 + b) % 3 == 0 {
                    assert_eq!(count_minimal_paths(&pf, a, b), BigUint::from(1u32));
                    assert_eq!(count_paths(&routing, a, b), BigUint::from(1u32));
                }
            }
        }
    }
}

/// The clusters: W (the quadrics) and the fans, every router once. Odd q: q fans of q, the
/// centre linked to every member, the members in linked pairs (triangles with the
/// centre). q = 2ᵏ: the nucleus alone, q − 1 fans of q + 1.
#[test]
fn clusters_are_the_papers_fans() {
    for q in prime_powers(2, 32) {
        let pf = polarfly(q);
        let Structure::Groups { name, groups } = pf.structure() else {
            panic!("groups expected");
        };
        assert_eq!(name, "cluster");
        assert_eq!(groups.len() as u64, q + 1);
        assert_eq!(groups[0], pf.quadrics());
        let mut seen = vec![false; pf.node_count()];
        for g in &groups {
            for &v in g {
                assert!(!seen[v], "q = {q}: {v} twice");
                seen[v] = true;
            }
        }
        assert!(seen.iter().all(|&s| s), "q = {q}: a router in no cluster");
        for fan in &groups[1..] {
            let centre = fan[0];
            if q % 2 == 0 && centre == pf.node([1, 1, 1]) {
                assert_eq!(fan.len(), 1);
                continue;
            }
            let size = if q % 2 == 1 { q } else { q + 1 };
            assert_eq!(fan.len() as u64, size, "q = {q}");
            for pair in fan[1..].chunks(2) {
                assert!(pf.adjacent(pair[0], pair[1]), "q = {q}: pair not linked");
                for &v in pair {
                    assert!(pf.adjacent(centre, v));
                    assert_eq!(pf.cluster_centre(v), centre);
                }
            }
            assert_eq!(pf.cluster_centre(centre), centre);
        }
    }
}

/// The generators are automorphisms (AᵀA = λI keeps every link), the orbits found cover
/// the terminals with the right sizes, they are the three classes of routers, and loads by
/// one destination per orbit equal every destination's (up to q = 9).
#[test]
fn symmetric_loads_equal_every_destination() {
    for q in prime_powers(2, 27) {
        let pf = polarfly(q);
        let orbits = PolarFlyOrbits::new(&pf);
        // Three orbits, the classes: quadrics; beside two quadrics and beside none (odd
        // q), or the nucleus and the rest (q = 2ᵏ). Channels: one orbit per pair of classes
        // that are linked, 6 (odd q) or 5.
        assert_eq!(orbits.node_orbit_count(), 3, "q = {q}");
        assert_eq!(
            orbits.channel_orbit_count(),
            if q % 2 == 1 { 6 } else { 5 },
            "q = {q}"
        );
        let class = |v: Node| {
            let k = neighbours(&pf, v)
                .iter()
                .filter(|&&w| pf.is_quadric(w))
                .count();
            (pf.is_quadric(v), k)
        };
        for v in 0..pf.node_count() {
            let rep = orbits.destinations()[orbits.node_orbit(v)].0;
            assert_eq!(class(v), class(rep), "q = {q} {v}");
        }
        for g in 0..orbits.generators().len() {
            let mut hit = vec![false; pf.node_count()];
            for v in 0..pf.node_count() {
                let gv = orbits.apply(g, v);
                assert!(!hit[gv], "q = {q}: generator {g} is not one-to-one");
                hit[gv] = true;
                for w in neighbours(&pf, v) {
                    assert!(
                        pf.adjacent(gv, orbits.apply(g, w)),
                        "q = {q}: {g} breaks {v}-{w}"
                    );
                }
            }
        }
        if q > 9 {
            continue;
        }
        assert_orbit_sizes(&pf, &orbits, &pf.spec());
        assert_loads_equal_every_destination(&pf.spec(), &pf, &pf.minimal());
    }
    let big = polarfly(31);
    let net: Network = big.spec().parse().expect("spec");
    let routing = net.routing("minimal").expect("minimal");
    assert_eq!(
        route_orbits(routing.as_ref()).map(|o| o.destinations().len()),
        Some(3)
    );
}

/// q = 2: the Fano plane's polarity graph, 7 routers, 9 links, 3 quadrics of degree 2.
#[test]
fn the_smallest() {
    let pf = polarfly(2);
    assert_eq!((pf.node_count(), pf.link_count()), (7, 9));
    assert_eq!(pf.quadrics().len(), 3);
    let dd = distance_distribution(&pf);
    assert_eq!(dd.counts, vec![0, 18, 24]);
    assert_eq!(pf.concentration(), 1);
}

/// The authors' README: q = 23 gives 553 routers of network radix 24.
#[test]
fn the_authors_example() {
    let pf = polarfly(23);
    assert_eq!(pf.node_count(), 553);
    assert_eq!(formula(&pf, "network radix"), Some(24));
    assert_eq!(pf.concentration(), 12);
}

#[test]
fn addresses_round_trip_and_errors_say_why() {
    let net: Network = "polarfly:q=7".parse().expect("spec");
    assert_eq!(net.spec(), "polarfly:q=7,p=4");
    for v in 0..net.topology().node_count() {
        assert_eq!(net.parse_node(&net.format_node(v)), Ok(v));
    }
    assert_eq!(net.parse_node("(1,2,3)"), Ok(2 * 7 + 3));
    assert_eq!(net.parse_node("(0,1,3)"), Ok(49 + 3));
    assert_eq!(net.parse_node("(0,0,1)"), Ok(56));
    let why = |text: &str| match net.parse_node(text) {
        Err(AddressError::Malformed { why, .. }) => why,
        other => panic!("{text}: {other:?}"),
    };
    let w = why("(2,4,6)");
    assert!(
        w.contains("not left-normalised") && w.contains("x = 2") && w.contains("(1,2,3)"),
        "{w}"
    );
    assert!(
        why("(0,3,1)").contains("the same point is (0,1,5)"),
        "{}",
        why("(0,3,1)")
    );
    assert!(why("(0,0,0)").contains("zero vector"));
    assert!(why("(1,7,0)").contains("0 ≤ y < q = 7"));
    assert!(why("(1,;,0)").contains("';'"), "{}", why("(1,;,0)"));
}

#[test]
fn bad_parameters_say_what_and_why() {
    let err = |spec: &str| spec.parse::<Network>().expect_err(spec);
    let SpecError::Param(ParamError::OutOfRange { key, allowed, .. }) = err("polarfly:q=10") else {
        panic!("q = 10");
    };
    assert_eq!(key, "q");
    assert!(allowed.contains("10 is not"), "{allowed}");
    assert_eq!(err("polarfly:q=1").param_key(), Some("q"));
    assert!(matches!(
        err("polarfly:q=46341"),
        SpecError::Param(ParamError::TooLarge { nodes, .. }) if nodes == 46341 * 46341 + 46342
    ));
    assert_eq!(err("polarfly:q=7,p=0").param_key(), Some("p"));
    assert_eq!(err("polarfly:q=x").param_key(), Some("q"));
    // GF(9), GF(16), GF(27) are real fields here, not ℤ_q.
    for (q, p) in [(9, 5), (16, 8), (27, 14)] {
        let net: Network = format!("polarfly:q={q}").parse().expect("prime power");
        assert_eq!(net.concentration(), p);
    }
    // The largest prime below the limit builds without per-router tables.
    let big: Network = "polarfly:q=46337".parse().expect("largest");
    let r = big.route("minimal", 0, 12345, 4).expect("route");
    assert_eq!(r.path_count, BigUint::from(1u32));
}
