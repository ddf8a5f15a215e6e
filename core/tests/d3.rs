//! The Swapped Dragonfly D3(K, M) and the maximal Dragonfly MDF(K, M) against the paper
//! (Draper, "The Swapped Dragonfly"), breadth-first search and brute force.
use icn_graph::closed_distance_counts;

use icn_core::metrics::{bfs, count_minimal_paths, distance_distribution};
use icn_core::routing::enumerate_paths;
use icn_core::topology::d3::{PortKind, Router, D3};
use icn_core::topology::mdf::Mdf;
use icn_core::{BigUint, Network, Node, ParamError, SpecError};

use crate::support::neighbours;
use icn_graph::{Addresses, Distances, Graph};

fn d3(k: u64, m: u64) -> D3 {
    D3::new(k, m).expect("valid D3")
}

fn r(c: u32, d: u32, p: u32) -> Router {
    Router { c, d, p }
}

/// Small instances swept by the checks below.
const SWEEP: &[(u64, u64)] = &[
    (1, 2),
    (1, 3),
    (2, 2),
    (2, 3),
    (3, 2),
    (3, 3),
    (3, 4),
    (4, 3),
];

/// §3: with K = 6, (4,5,3,(4)) connects to (2,3,5,(2)).
#[test]
fn paper_example_global_port() {
    let net = d3(6, 6);
    let from = r(4, 5, 3);
    let to = net.global_peer(from, 4);
    assert_eq!(to, r(2, 3, 5));
    assert_eq!(
        net.global_port(to, from.c),
        2,
        "arrives on port −4 = 2 mod 6"
    );
    assert_eq!(net.global_peer(to, 2), from);
    assert!(neighbours(&net, net.node(from)).contains(&net.node(to)));
    // The ribbon rule: (c,d,*,(γ)) connects in order to (c+γ,*,d,(−γ)).
    for p in 0..6 {
        assert_eq!(net.global_peer(r(4, 5, p), 4), r(2, p, 5));
    }
}

/// Degrees: K + M − 1 ports; the diagonal routers lose the global self-loop.
#[test]
fn degrees_and_links() {
    for &(k, m) in SWEEP {
        let net = d3(k, m);
        let mut sum = 0u64;
        for v in 0..net.node_count() {
            let x = net.router(v);
            let deg = neighbours(&net, v).len() as u64;
            let want = k + m - 1 - u64::from(x.d == x.p);
            assert_eq!(deg, want, "D3({k},{m}) {x}");
            sum += deg;
        }
        assert_eq!(net.link_count() * 2, sum);
        // Local links K·M·C(M,2), global links KM(KM−1)/2.
        assert_eq!(
            net.link_count(),
            k * m * m * (m - 1) / 2 + k * m * (k * m - 1) / 2
        );
    }
}

/// Diameter three (BFS), and the closed-form distance equals BFS for every pair.
#[test]
fn diameter_three_and_closed_form_distance() {
    for &(k, m) in SWEEP {
        let net = d3(k, m);
        let mut diameter = 0;
        for s in 0..net.node_count() {
            let dist = bfs(&net, s);
            for (t, &d) in dist.iter().enumerate() {
                assert_eq!(net.distance(s, t), Some(d));
                diameter = diameter.max(d);
            }
        }
        assert_eq!(diameter, 3, "D3({k},{m})");
    }
}

/// The number of minimal paths between routers three hops apart, derived by hand
/// (see docs/topologies/dragonfly.md) and checked against the BFS path-count DAG:
/// 1 (l-g-l) + K − [d = p] g-l-g paths when p' = p, and 1 + 2K when d' = d
/// (K g-g-l and K l-g-g paths). The paper's "(2.2) is the shortest path and it is
/// unique" holds exactly when p' ≠ p and d' ≠ d.
#[test]
fn minimal_path_counts_at_distance_three() {
    for &(k, m) in SWEEP {
        let net = d3(k, m);
        let n = net.node_count();
        for s in 0..n {
            for t in 0..n {
                if net.distance(s, t) != Some(3) {
                    continue;
                }
                let (a, b) = (net.router(s), net.router(t));
                let want = if b.d == a.d {
                    1 + 2 * k
                } else if b.p == a.p {
                    1 + k - u64::from(a.d == a.p)
                } else {
                    1
                };
                assert_eq!(
                    count_minimal_paths(&net, s, t),
                    BigUint::from(want),
                    "D3({k},{m}) {a} -> {b}"
                );
            }
        }
    }
}

/// The lgl relation follows (2.2) and the header path, holds left out, except inside
/// one drawer (direct hop).
#[test]
fn lgl_route_is_the_header_path_without_holds() {
    for &(k, m) in SWEEP {
        let spec = format!("d3:k={k},m={m}");
        let net: Network = spec.parse().expect("spec");
        let Ok(d) = net.d3() else {
            panic!("d3");
        };
        let routing = net.routing("lgl").expect("lgl");
        for s in 0..d.node_count() {
            for t in 0..d.node_count() {
                let paths = enumerate_paths(routing.as_ref(), s, t, 4);
                assert_eq!(paths.len(), 1);
                let (a, b) = (d.router(s), d.router(t));
                let mut want: Vec<Node> = Vec::new();
                if (a.c, a.d) == (b.c, b.d) {
                    want.push(s);
                    if s != t {
                        want.push(t);
                    }
                } else {
                    for x in d.apply_vector(a, d.source_vector(a, b)) {
                        let v = d.node(x);
                        if want.last() != Some(&v) {
                            want.push(v);
                        }
                    }
                }
                assert_eq!(paths[0], want, "{spec} {a} -> {b}");
                assert!(paths[0].len() - 1 <= 3);
            }
        }
    }
}

/// §8: the header (3; c'−c, p'−d, d'−p) reaches the destination in three steps for
/// every pair; §10's destination-header lookups give the same three ports.
#[test]
fn source_vector_headers_reach_the_destination() {
    for &(k, m) in SWEEP {
        let net = d3(k, m);
        for s in 0..net.node_count() {
            for t in 0..net.node_count() {
                let trace = net.header_trace(s, t);
                let (a, b) = (net.router(s), net.router(t));
                assert_eq!(trace.routers.len(), 4);
                assert_eq!(trace.routers[0], a.to_string());
                assert_eq!(trace.routers[3], b.to_string());
                let v = trace.vector;
                let ports: Vec<(PortKind, u32)> =
                    trace.hops.iter().map(|h| (h.kind, h.port)).collect();
                assert_eq!(
                    ports,
                    vec![
                        (PortKind::Local, v.delta),
                        (PortKind::Global, v.gamma),
                        (PortKind::Local, v.pi)
                    ]
                );
                let looked_up: Vec<(PortKind, u32)> = trace
                    .destination_header
                    .iter()
                    .map(|st| (st.table, st.port))
                    .collect();
                assert_eq!(looked_up, ports, "destination header {a} -> {b}");
                // Moving steps are real links; holds are local port 0 or the diagonal's
                // global port 0.
                for h in &trace.hops {
                    let (x, y) = (
                        net.parse_node(&h.from).expect("from"),
                        net.parse_node(&h.to).expect("to"),
                    );
                    if h.moves {
                        assert!(neighbours(&net, x).contains(&y));
                    } else {
                        assert_eq!(x, y);
                        assert_eq!(h.port, 0);
                    }
                }
                assert!(trace.moving_hops >= net.distance(s, t).expect("closed form"));
                // Distinct sources with one vector reach distinct destinations
                // (a permutation: the paper's "parallel" paths).
            }
        }
    }
}

/// §8: sending to oneself is (3; 0, p − d, d − p); each vector permutes the routers.
#[test]
fn self_header_and_vectors_are_permutations() {
    let net = d3(3, 4);
    let s = r(1, 2, 3);
    let v = net.source_vector(s, s);
    // π = p − d = 1, δ = d − p = −1 ≡ 3 (mod 4).
    assert_eq!((v.gamma, v.pi, v.delta), (0, 1, 3));
    let trace = net.header_trace(net.node(s), net.node(s));
    assert_eq!(trace.header, "(3; 0, 1, 3)");
    // Three steps; the global one is port 0 of the diagonal router (1,2,2): a hold.
    assert_eq!(trace.hops.len(), 3);
    assert_eq!(trace.routers, ["(1,2,3)", "(1,2,2)", "(1,2,2)", "(1,2,3)"]);
    assert_eq!(trace.moving_hops, 2);
    for gamma in 0..3 {
        for pi in 0..4 {
            for delta in 0..4 {
                let vec = icn_core::topology::d3::SourceVector { gamma, pi, delta };
                let mut seen = vec![false; net.node_count()];
                for x in 0..net.node_count() {
                    let end = net.apply_vector(net.router(x), vec)[3];
                    assert!(!std::mem::replace(&mut seen[net.node(end)], true));
                }
            }
        }
    }
}

/// `glgl-direct` where it is §10's glgl path (cabinets differ, p ≠ d'), with the local hop
/// written as the graph has it: (c,d,p) → (c',p,d) → (c',p,d') → (c',d',p) → (c',d',p').
#[test]
fn glgl_direct_jumps_to_the_destination_cabinet() {
    let net: Network = "d3:k=3,m=4".parse().expect("spec");
    let Ok(d) = net.d3() else { panic!("d3") };
    let routing = net.routing("glgl-direct").expect("glgl-direct");
    let (a, b) = (r(0, 1, 2), r(2, 3, 0));
    let paths = enumerate_paths(routing.as_ref(), d.node(a), d.node(b), 4);
    let want: Vec<Node> = [a, r(2, 2, 1), r(2, 2, 3), r(2, 3, 2), b]
        .iter()
        .map(|&x| d.node(x))
        .collect();
    assert_eq!(paths, vec![want]);
    // Every glgl-direct path reaches the destination cabinet on its first hop when the
    // cabinets differ, and has at most four hops.
    for s in 0..d.node_count() {
        for t in 0..d.node_count() {
            let p = &enumerate_paths(routing.as_ref(), s, t, 2)[0];
            assert!(p.len() <= 5);
            if d.router(s).c != d.router(t).c {
                assert_eq!(d.router(p[1]).c, d.router(t).c);
            }
        }
    }
}

/// `D3::glgl_path` is §10's glgl path: its first hop is the global one even inside one
/// cabinet, and it is the `glgl-direct` relation's path exactly when the cabinets
/// differ and the first hop does not land in the destination drawer.
#[test]
fn glgl_path_is_section_10s_and_glgl_direct_differs_only_where_documented() {
    let net: Network = "d3:k=3,m=4".parse().expect("spec");
    let Ok(d) = net.d3() else { panic!("d3") };
    let direct = net.routing("glgl-direct").expect("glgl-direct");
    // The outside audit's pair: c' = c, §10 swaps to (0,1,0) first.
    let (s, t) = (d.node(r(0, 0, 1)), d.node(r(0, 2, 1)));
    assert_eq!(
        d.glgl_path(s, t),
        [r(0, 0, 1), r(0, 1, 0), r(0, 1, 2), r(0, 2, 1)].map(|x| d.node(x))
    );
    assert_eq!(
        enumerate_paths(direct.as_ref(), s, t, 1)[0],
        [r(0, 0, 1), r(0, 0, 2), r(0, 2, 0), r(0, 2, 1)].map(|x| d.node(x))
    );
    let mut differ = 0;
    for s in 0..d.node_count() {
        for t in (0..d.node_count()).filter(|&t| t != s) {
            let (a, b) = (d.router(s), d.router(t));
            let path = d.glgl_path(s, t);
            assert_eq!((path[0], path[path.len() - 1]), (s, t));
            assert!(path.len() <= 5, "{a} -> {b}: {path:?}");
            for w in path.windows(2) {
                assert!(neighbours(d, w[0]).contains(&w[1]), "{a} -> {b}: {path:?}");
            }
            // The first hop: global port c' − c, unless it is a hold (a diagonal, c' = c).
            let first = d.router(path[1]);
            if a.c != b.c || a.d != a.p {
                assert_eq!(first, d.global_peer(a, d.global_port(a, b.c)), "{a} -> {b}");
            }
            // It is the paper's other reading: --deflect c' with D = p.
            assert_eq!(path, d.deflection_paths(s, t, Some(b.c))[a.p as usize]);
            let relation = &enumerate_paths(direct.as_ref(), s, t, 1)[0];
            if a.c != b.c && a.p != b.d {
                assert_eq!(&path, relation, "{a} -> {b}");
            } else if &path != relation {
                differ += 1;
            }
        }
    }
    assert!(differ > 0);
}

/// The route view's comparison: §10's glgl path beside glgl-direct's, the same path or
/// one of the two documented cases, checked over every pair of D3(3,4) and D3(2,3).
#[test]
fn glgl_comparison_names_the_documented_case_where_the_paths_differ() {
    use icn_core::topology::d3::GlglCase;
    for spec in ["d3:k=3,m=4", "d3:k=2,m=3"] {
        let net: Network = spec.parse().expect("spec");
        let Ok(d) = net.d3() else { panic!("d3") };
        let direct = net.routing("glgl-direct").expect("glgl-direct");
        let mut seen = [0u32; 3];
        for s in 0..d.node_count() {
            for t in (0..d.node_count()).filter(|&t| t != s) {
                let (a, b) = (d.router(s), d.router(t));
                let c = d.glgl_comparison(s, t);
                assert_eq!(c.path, d.glgl_path(s, t));
                assert_eq!(c.direct, enumerate_paths(direct.as_ref(), s, t, 1)[0]);
                match c.case {
                    None => {
                        assert_eq!(c.path, c.direct, "{a} -> {b}");
                        seen[0] += 1;
                    }
                    Some(GlglCase::SameCabinet) => {
                        assert!(a.c == b.c && c.path != c.direct, "{a} -> {b}");
                        seen[1] += 1;
                    }
                    Some(GlglCase::LandsInDestinationDrawer) => {
                        assert!(a.c != b.c && a.p == b.d && c.path != c.direct, "{a} -> {b}");
                        // Two local hops in the destination drawer where glgl-direct takes one.
                        assert_eq!(c.path.len(), c.direct.len() + 1, "{a} -> {b}");
                        seen[2] += 1;
                    }
                }
            }
        }
        assert!(seen.iter().all(|&n| n > 0), "{spec}: {seen:?}");
    }
    let d = d3(3, 4);
    let c = d.glgl_comparison(d.node(r(0, 0, 1)), d.node(r(0, 2, 1)));
    assert_eq!(c.case, Some(GlglCase::SameCabinet));
    assert!(c.case.expect("differs").text().starts_with("c′ = c"));
}

/// §10's deflection paths: M per cabinet C, K·M in all; each is a walk of at most five
/// hops ending at the destination; D = p with C = c' is the glgl-direct path.
#[test]
fn deflection_paths_are_walks() {
    let d = d3(3, 4);
    let (s, t) = (d.node(r(0, 0, 1)), d.node(r(1, 1, 2)));
    let via = d.deflection_paths(s, t, Some(1));
    // D = p = 1: jump to (1,1,0) in the destination drawer, then (3; …) goes through
    // the diagonal router (1,1,1), holds on its global port 0, and ends at (1,1,2).
    assert_eq!(
        via[1],
        [r(0, 0, 1), r(1, 1, 0), r(1, 1, 1), r(1, 1, 2)].map(|x| d.node(x))
    );
    let net: Network = "d3:k=3,m=4".parse().expect("spec");
    let Ok(d) = net.d3() else { panic!("d3") };
    let direct = net.routing("glgl-direct").expect("glgl-direct");
    for s in 0..d.node_count() {
        for t in 0..d.node_count() {
            let (a, b) = (d.router(s), d.router(t));
            let all = d.deflection_paths(s, t, None);
            assert_eq!(all.len(), 12);
            for p in &all {
                assert_eq!((p[0], p[p.len() - 1]), (s, t));
                assert!(p.len() <= 6);
                for w in p.windows(2) {
                    assert!(neighbours(d, w[0]).contains(&w[1]), "{a} -> {b}: {p:?}");
                }
            }
            let via = d.deflection_paths(s, t, Some(b.c));
            assert_eq!(via.len(), 4);
            // Unless the jump lands in the destination drawer (p = d'), where the header
            // detours through the diagonal router and the memoryless relation does not.
            if a.c != b.c && a.p != b.d {
                let expected = &enumerate_paths(direct.as_ref(), s, t, 1)[0];
                assert_eq!(&via[a.p as usize], expected, "{a} -> {b}");
            }
        }
    }
}

#[test]
fn addresses_parse_and_errors_are_precise() {
    let net = d3(3, 4);
    assert_eq!(net.parse_node("(2,0,3)"), Ok(net.node(r(2, 0, 3))));
    assert_eq!(net.parse_node("2,0,3"), Ok(net.node(r(2, 0, 3))));
    assert_eq!(net.parse_node(" ( 2, 0 ,3 ) "), Ok(net.node(r(2, 0, 3))));
    assert_eq!(net.format_node(net.node(r(2, 0, 3))), "(2,0,3)");
    let err = |t: &str| net.parse_node(t).expect_err(t).to_string();
    assert!(err("(1,2)").contains("2 coordinates"), "{}", err("(1,2)"));
    assert!(err("(1,4,0)").contains("d = 4 is out of range: 0 ≤ d < M = 4"));
    assert!(err("(3,0,0)").contains("c = 3 is out of range: 0 ≤ c < K = 3"));
    assert!(
        err("(1,x,0)").contains("'x' at position 4"),
        "{}",
        err("(1,x,0)")
    );
    assert!(err("(1,2,3").contains("parentheses"));
    assert!(err("").contains("(c,d,p)"));
    assert!(err("(1,,2)").contains("coordinate d is empty"));
}

#[test]
fn parameters_are_validated() {
    let e = |s: &str| s.parse::<Network>().expect_err(s);
    assert!(
        matches!(e("d3:k=0,m=4"), SpecError::Param(ParamError::OutOfRange { ref key, .. }) if key == "k")
    );
    assert!(
        matches!(e("d3:k=3,m=0"), SpecError::Param(ParamError::OutOfRange { ref key, .. }) if key == "m")
    );
    assert!(
        matches!(e("d3:k=1,m=1"), SpecError::Param(ParamError::OutOfRange { ref key, .. }) if key == "m")
    );
    assert!(matches!(
        e("d3:k=3"),
        SpecError::Param(ParamError::Missing { key: "m", .. })
    ));
    assert!(matches!(
        e("d3:k=3,m=4,n=2"),
        SpecError::Param(ParamError::UnknownKey { .. })
    ));
    assert!(matches!(
        e("d3:k=100000,m=100000"),
        SpecError::Param(ParamError::TooLarge {
            nodes: 1_000_000_000_000_000,
            ..
        })
    ));
    assert!(matches!(
        e("d3:k=18446744073709551615,m=18446744073709551615"),
        SpecError::Param(ParamError::TooLarge {
            nodes: u128::MAX,
            ..
        })
    ));
    assert!(matches!(
        e("mdf:k=65536,m=65536"),
        SpecError::Param(ParamError::TooLarge { .. })
    ));
    assert!(matches!(
        e("mdf:k=18446744073709551615,m=18446744073709551615"),
        SpecError::Param(ParamError::TooLarge { .. })
    ));
    assert!(matches!(
        e("mdf:k=3,m=0"),
        SpecError::Param(ParamError::OutOfRange { ref key, .. }) if key == "m"
    ));
    // The largest allowed: K·M² = 2³¹.
    assert!("d3:k=2,m=32768".parse::<Network>().is_ok());
    assert!("d3:k=3,m=32768".parse::<Network>().is_err());
}

/// MDF(K, M): KM + 1 groups, one global link between every two groups, slot j maps
/// every group to group j or j + 1 (§11: "each global port maps all groups to only two
/// groups"), diameter 3 when M ≥ 2.
#[test]
fn maximal_dragonfly_structure() {
    for &(k, m) in SWEEP {
        let net = Mdf::new(k, m).expect("mdf");
        let groups = net.groups();
        assert_eq!(u64::from(groups), k * m + 1);
        assert_eq!(net.node_count() as u64, (k * m + 1) * m);
        let mut between = vec![vec![0u32; groups as usize]; groups as usize];
        for v in 0..net.node_count() {
            let (g, _) = net.coords(v);
            for w in neighbours(&net, v) {
                let (h, _) = net.coords(w);
                if h != g {
                    between[g as usize][h as usize] += 1;
                }
            }
        }
        for (g, row) in between.iter().enumerate() {
            for (h, &links) in row.iter().enumerate() {
                assert_eq!(links, u32::from(g != h), "MDF({k},{m}) {g}-{h}");
            }
        }
        for rr in 0..m as u32 {
            for gamma in 0..k as u32 {
                let j = rr * k as u32 + gamma;
                for g in 0..groups {
                    let (h, _, _) = net.global_peer(g, rr, gamma);
                    assert!(h == j || h == j + 1);
                }
            }
        }
        let dd = distance_distribution(&net);
        assert_eq!(dd.diameter(), 3, "MDF({k},{m})");
        // Pairs at distance 1 are the directed links.
        assert_eq!(dd.counts[1], 2 * net.link_count());
    }
}

/// The distance distribution per source, in closed form (derived from the distance
/// rule; see docs/topologies/dragonfly.md), against all-sources BFS:
/// d ≠ p: M−1+K at 1, 2KM−K−2 at 2; d = p: M+K−2 at 1, 2KM−2K−M+1 at 2; the rest at 3.
#[test]
fn d3_distance_distribution_closed_form() {
    for &(k, m) in SWEEP {
        let net: Network = format!("d3:k={k},m={m}").parse().expect("spec");
        let n = k * m * m;
        let (off, diag) = (k * m * (m - 1), k * m);
        let off1 = m - 1 + k;
        let off2 = 2 * k * m - k - 2;
        let diag1 = m + k - 2;
        let diag2 = 2 * k * m - 2 * k - m + 1;
        let want = [
            0,
            off * off1 + diag * diag1,
            off * off2 + diag * diag2,
            off * (n - 1 - off1 - off2) + diag * (n - 1 - diag1 - diag2),
        ];
        let dd = net.distance_distribution();
        let got: Vec<u64> = dd
            .counts
            .iter()
            .copied()
            .chain(std::iter::repeat(0))
            .take(4)
            .collect();
        assert_eq!(&got[1..], &want[1..], "D3({k},{m})");
    }
    // D3(3,4) beside MDF(3,4): 48 routers in 12 drawers against 52 in 13 groups.
    let d: Network = "d3:k=3,m=4".parse().expect("spec");
    let mdf: Network = "mdf:k=3,m=4".parse().expect("spec");
    assert_eq!(d.distance_distribution().counts, [0, 276, 864, 1116]);
    assert_eq!(mdf.topology().node_count(), 52);
    assert_eq!(mdf.distance_distribution().diameter(), 3);
}

/// Theorem 2 by brute force over every two transmissions with distinct destinations:
/// the exact rule is "same source drawer, same destination drawer, and the two drawers
/// differ" (a step-2 conflict on the global link) or "same source and same d' ≠ p" (a
/// step-1 conflict). So the theorem holds for distinct sources whose drawers differ
/// from their destinations' drawers; its two exceptions are checked to occur.
#[test]
fn theorem2_link_conflicts_by_brute_force() {
    for &(k, m) in &[(1, 2), (1, 3), (2, 2), (2, 3), (3, 2), (3, 3)] {
        let net = d3(k, m);
        let n = net.node_count();
        let (mut same_drawer_exception, mut same_source_exception) = (false, false);
        for s1 in 0..n {
            for t1 in 0..n {
                for s2 in 0..n {
                    for t2 in (0..n).filter(|&t2| t2 != t1) {
                        let conflicts = net.link_conflicts(s1, t1, s2, t2);
                        let (a, b, c, d) = (
                            net.router(s1),
                            net.router(t1),
                            net.router(s2),
                            net.router(t2),
                        );
                        let drawers = (a.c, a.d) == (c.c, c.d) && (b.c, b.d) == (d.c, d.d);
                        let step2 = drawers && (a.c, a.d) != (b.c, b.d);
                        let step1 = s1 == s2 && b.d == d.d && b.d != a.p;
                        assert_eq!(!conflicts.is_empty(), step1 || step2, "{a}->{b}, {c}->{d}");
                        let predicted = net.theorem2_predicts_conflict(s1, t1, s2, t2);
                        if s1 != s2 && (a.c, a.d) != (b.c, b.d) {
                            assert_eq!(predicted, !conflicts.is_empty(), "{a}->{b}, {c}->{d}");
                        }
                        same_drawer_exception |= predicted && conflicts.is_empty();
                        same_source_exception |= !predicted && !conflicts.is_empty();
                        for x in &conflicts {
                            assert!((x.step == 1 && step1) || (x.step == 2 && step2));
                        }
                    }
                }
            }
        }
        assert!(same_drawer_exception, "D3({k},{m})");
        assert_eq!(same_source_exception, k >= 2, "D3({k},{m})");
    }
    // The smallest exception of each kind, in D3(1,2).
    let net = d3(1, 2);
    let x = |c, d, p| net.node(r(c, d, p));
    // Both inside drawer (0,0): the theorem predicts a conflict; the global step holds.
    assert!(net.theorem2_predicts_conflict(x(0, 0, 0), x(0, 0, 1), x(0, 0, 1), x(0, 0, 0)));
    assert!(net
        .link_conflicts(x(0, 0, 0), x(0, 0, 1), x(0, 0, 1), x(0, 0, 0))
        .is_empty());
}

/// Theorem 1: the port table for κ = {1,2,5,8} in D3(9, M), the embedding checked link
/// by link, and the paper's printed tables entry by entry.
#[test]
fn theorem1_subnetworks() {
    use icn_core::papers::dragonfly::table_subnetworks;
    use icn_core::papers::table::Verdict;
    use icn_core::topology::d3::subnet::{check_embedding, subnet_table};
    let t = subnet_table(9, &[8, 1, 5, 2]).expect("κ");
    assert_eq!(t.kappa, [1, 2, 5, 8]);
    let ports: Vec<Vec<u32>> = t.rows.iter().map(|r| r.ports.clone()).collect();
    assert_eq!(
        ports,
        [[0, 1, 4, 7], [8, 0, 3, 6], [5, 6, 0, 3], [2, 3, 6, 0]]
    );
    assert_eq!(t.rows[1].by_gamma, [0, 3, 6, 8]);
    let big = d3(9, 3);
    for kappa in [&[1u32, 2, 5, 8][..], &[0, 3, 4, 6, 7], &[4], &[0, 8]] {
        let small = d3(kappa.len() as u64, 3);
        let map = big.cabinet_embedding(kappa);
        let check = check_embedding(&small, &big, &map);
        assert!(check.isomorphic, "{kappa:?}");
        assert_eq!(check.links, small.link_count());
        assert_eq!(check.induced_links, check.links);
        // Port γ of D3(K,M) at cabinet i is the table's by_gamma[γ] in D3(9,M).
        let table = subnet_table(9, kappa).expect("κ");
        for v in 0..small.node_count() {
            let x = small.router(v);
            for gamma in 0..small.k() {
                let there = big.router(map(small.node(small.global_peer(x, gamma))));
                let port = table.rows[x.c as usize].by_gamma[gamma as usize];
                assert_eq!(big.global_peer(big.router(map(v)), port), there);
            }
        }
    }
    // A map that swaps d and p is not an isomorphism (local links break).
    let small = d3(4, 3);
    let swapped = |v: Node| {
        let x = small.router(v);
        big.node(r([1, 2, 5, 8][x.c as usize], x.p, x.d))
    };
    assert!(!check_embedding(&small, &big, &swapped).isomorphic);
    let paper = table_subnetworks().expect("table");
    assert_eq!(paper.summary.cells, 16 + 25);
    assert_eq!(paper.summary.differs, 7);
    assert_eq!(paper.summary.matches, 34);
    let differing: Vec<(String, String)> = paper
        .cells
        .iter()
        .filter(|c| c.verdict == Verdict::Differs)
        .map(|c| (c.row.clone(), c.column.clone()))
        .collect();
    assert_eq!(
        differing[0],
        ("i = 1, k_i = 2".to_string(), "j = 0".to_string())
    );
    // Errors name the offending entry.
    assert!(subnet_table(9, &[1, 9]).is_err());
    assert!(subnet_table(9, &[1, 1]).is_err());
    assert!(subnet_table(9, &[]).is_err());
}

/// §4's maintenance sub-networks: dropping a drawer index leaves D3(K, M−1) (K(2M−1)
/// routers off line), dropping a cabinet leaves D3(K−1, M) (M² off line).
#[test]
fn maintenance_subnetworks() {
    use icn_core::topology::d3::subnet::check_embedding;
    for &(k, m) in &[(2u64, 3u64), (3, 3), (3, 4), (4, 2)] {
        let big = d3(k, m);
        for x in 0..m as u32 {
            let lambda: Vec<u32> = (0..m as u32).filter(|&y| y != x).collect();
            let small = d3(k, m - 1);
            let check = check_embedding(&small, &big, &big.drawer_embedding(&lambda));
            assert!(check.isomorphic, "D3({k},{m}) without {x}");
            assert_eq!(
                big.node_count() - small.node_count(),
                (k * (2 * m - 1)) as usize
            );
        }
        if k >= 2 {
            for x in 0..k as u32 {
                let kappa: Vec<u32> = (0..k as u32).filter(|&y| y != x).collect();
                let small = d3(k - 1, m);
                let check = check_embedding(&small, &big, &big.cabinet_embedding(&kappa));
                assert!(check.isomorphic);
                assert_eq!(big.node_count() - small.node_count(), (m * m) as usize);
            }
        }
    }
}

/// Corollary 1: the cabinet partition cuts K²M²/2 channels; the exact minimum
/// bisection (exhaustive search) is smaller.
#[test]
fn corollary1_cutset() {
    use icn_core::papers::dragonfly::table_cutsets;
    use icn_core::topology::d3::subnet::min_bisection_links;
    let t = table_cutsets(&[(2, 2), (2, 3), (4, 2), (1, 4)]).expect("table");
    let computed: Vec<Option<f64>> = t
        .cells
        .iter()
        .map(|c| c.computed.map(|x| x.value()))
        .collect();
    let printed: Vec<Option<f64>> = t
        .cells
        .iter()
        .map(|c| c.printed.map(|x| x.value()))
        .collect();
    // Per instance: cabinet partition (printed K²M²/2, computed cut), then the
    // Corollary's minimum beside twice the exact minimum bisection.
    assert_eq!(
        printed,
        [8.0, 8.0, 18.0, 18.0, 32.0, 16.0, 8.0, 8.0].map(Some)
    );
    assert_eq!(
        computed,
        [
            Some(8.0),
            Some(8.0),
            Some(18.0),
            Some(16.0),
            Some(32.0),
            Some(16.0),
            None,
            Some(8.0)
        ]
    );
    // D3(2,3): 8 links split it, fewer than the Corollary's 18 channels = 9 links.
    assert_eq!(min_bisection_links(&d3(2, 3)), Some(8));
    assert_eq!(min_bisection_links(&d3(2, 2)), Some(4));
}

/// Instances the schedule checks sweep (the paper assumes M even, M ≥ 4; smaller and
/// odd M are swept too).
const SCHEDULES: &[(u64, u64)] = &[
    (1, 2),
    (2, 2),
    (1, 3),
    (2, 3),
    (3, 2),
    (1, 4),
    (2, 4),
    (3, 4),
    (2, 6),
];

/// Theorem 7: KM² rounds, KM delays (the paper's test π(i) − 2 = δ(i)), no conflicts,
/// every ordered pair delivered once, in KM² + KM + 2 steps. Greedy placement needs
/// at most as many delays.
#[test]
fn theorem7_all_to_all() {
    use icn_core::topology::d3::schedule::{Collective, DelayRule};
    for &(k, m) in SCHEDULES {
        let net = d3(k, m);
        let s = net.schedule(Collective::AllToAll, DelayRule::Paper, false);
        assert_eq!(
            (s.rounds, s.delays, s.conflicts),
            ((k * m * m) as u32, (k * m) as u32, 0),
            "D3({k},{m})"
        );
        assert!(s.complete);
        assert_eq!(s.deliveries, (k * m * m).pow(2));
        assert_eq!(u64::from(s.steps), k * m * m + k * m + 2);
        assert_eq!((s.claim.rounds, s.claim.delays), (k * m * m, k * m));
        let g = net.schedule(Collective::AllToAll, DelayRule::Greedy, false);
        assert_eq!(g.conflicts, 0);
        assert!(g.delays <= s.delays);
    }
    // D3(3,4): greedy needs K(M − 2) = 6 of the paper's 12 delays (rounds whose δ or
    // the earlier round's π is the hold port 0 cannot conflict).
    let g = d3(3, 4).schedule(Collective::AllToAll, DelayRule::Greedy, false);
    assert_eq!((g.rounds, g.delays, g.steps), (48, 6, 56));
}

/// Theorem 5: from (c,d,p) with d ≠ p, KM rounds, no delays, no conflicts. From a
/// diagonal router the paper's M one-step delays leave conflicts (smallest: D3(2,2)
/// from (0,0,0): delayed round 2 now meets round 1's last local step on (0,0,0) →
/// (0,0,1)); greedy placement is conflict-free with at most M delays.
#[test]
fn theorem5_one_to_all() {
    use icn_core::topology::d3::schedule::{Collective, DelayRule};
    for &(k, m) in SCHEDULES {
        let net = d3(k, m);
        for v in 0..net.node_count() {
            let x = net.router(v);
            let s = net.schedule(Collective::OneToAll { source: v }, DelayRule::Paper, false);
            assert!(s.complete, "D3({k},{m}) {x}");
            assert_eq!(u64::from(s.rounds), k * m);
            if x.d != x.p {
                assert_eq!((s.delays, s.conflicts), (0, 0), "D3({k},{m}) {x}");
                continue;
            }
            let g = net.schedule(Collective::OneToAll { source: v }, DelayRule::Greedy, false);
            assert_eq!(g.conflicts, 0);
            assert!(u64::from(g.delays) <= m, "D3({k},{m}) {x}: {}", g.delays);
        }
    }
    let net = d3(2, 2);
    let s = net.schedule(
        Collective::OneToAll {
            source: net.node(r(0, 0, 0)),
        },
        DelayRule::Paper,
        true,
    );
    assert_eq!((s.rounds, s.delays, s.conflicts), (4, 2, 1));
    assert_eq!(s.launches, [1, 2, 4, 6]);
    let clash: Vec<_> = s.occupancy[3]
        .channels
        .iter()
        .filter(|c| c.rounds.len() > 1)
        .collect();
    assert_eq!(clash.len(), 1);
    assert_eq!(
        (clash[0].from.as_str(), clash[0].to.as_str()),
        ("(0,0,0)", "(0,0,1)")
    );
    assert_eq!(clash[0].rounds, [1, 2]);
}

/// Theorem 6: the sink (c,d,p), d ≠ p, collects from every router in KM rounds
/// (request broadcast L G L, delay D, l-g-l answers), in KM + 6 steps, without
/// conflicts — as long as KM ≤ 4. From KM ≥ 5 the request broadcast of round i + 4
/// meets round i's answers (the proof checks rounds i, i+1, i+2 only); smallest
/// counter-example D3(3,2) with sink (0,0,1). Greedy placement is conflict-free with
/// 4 idle steps after every 4 rounds.
#[test]
fn theorem6_all_to_one() {
    use icn_core::topology::d3::schedule::{Collective, DelayRule};
    for &(k, m) in SCHEDULES {
        let net = d3(k, m);
        for v in 0..net.node_count() {
            let x = net.router(v);
            if x.d == x.p {
                continue;
            }
            let c = Collective::AllToOne { sink: v };
            let s = net.schedule(c, DelayRule::Paper, false);
            assert_eq!(
                (u64::from(s.rounds), s.delays),
                (k * m, 0),
                "D3({k},{m}) {x}"
            );
            assert!(s.complete);
            assert_eq!(u64::from(s.steps), k * m + 6);
            assert_eq!(s.conflicts == 0, k * m <= 4, "D3({k},{m}) {x}");
            let g = net.schedule(c, DelayRule::Greedy, false);
            assert_eq!(g.conflicts, 0);
            assert_eq!(
                u64::from(g.delays),
                4 * ((k * m).div_ceil(4) - 1),
                "D3({k},{m}) {x}"
            );
        }
    }
    let net = d3(3, 2);
    let s = net.schedule(
        Collective::AllToOne {
            sink: net.node(r(0, 0, 1)),
        },
        DelayRule::Paper,
        true,
    );
    assert_eq!(s.conflicts, 3);
    let first = s
        .occupancy
        .iter()
        .flat_map(|st| st.channels.iter().map(move |c| (st.step, c)))
        .find(|(_, c)| c.rounds.len() > 1)
        .expect("a conflict");
    assert_eq!(first.0, 6);
    assert_eq!(
        (first.1.from.as_str(), first.1.to.as_str()),
        ("(0,0,1)", "(0,0,0)")
    );
    assert_eq!(first.1.rounds, [1, 5]);
}

/// Theorem 4: N broadcasts from (c,d,p), d ≠ p, in N rounds without delays (N + 2
/// steps); from (c,p,p) Protocol 3 (two messages, two idle steps) is conflict-free,
/// and greedy placement needs exactly its delays.
#[test]
fn theorem4_broadcasts() {
    use icn_core::topology::d3::schedule::{Collective, DelayRule};
    for &(k, m) in SCHEDULES {
        let net = d3(k, m);
        for (source, diagonal) in [(r(0, 0, 1), false), (r(0, 1, 1), true)] {
            let source = net.node(source);
            for count in [1u32, 2, 5, 6] {
                let c = Collective::Broadcast { source, count };
                let s = net.schedule(c, DelayRule::Paper, false);
                assert!(s.complete);
                assert_eq!(s.conflicts, 0, "D3({k},{m}) {count}");
                assert_eq!(s.deliveries, u64::from(count) * k * m * m);
                if diagonal {
                    let pairs = count.div_ceil(2);
                    assert_eq!(s.delays, 2 * (pairs - 1));
                    let g = net.schedule(c, DelayRule::Greedy, false);
                    assert_eq!(g.delays, s.delays);
                } else {
                    assert_eq!((s.delays, s.steps), (0, count + 2));
                }
            }
        }
    }
}

/// Deterministic pseudo-random permutations (a fixed LCG and Fisher–Yates).
fn permutations(n: usize, count: usize, seed: u64) -> Vec<Vec<Node>> {
    let mut state = seed;
    let mut next = move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize
    };
    (0..count)
        .map(|_| {
            let mut p: Vec<Node> = (0..n).collect();
            for i in (1..n).rev() {
                p.swap(i, next() % (i + 1));
            }
            p
        })
        .collect()
}

/// Theorem 8: a permutation in at most M + 4 steps. Packets are grouped by (source
/// drawer, destination drawer), the only pairs that conflict (Theorem 2); group member j
/// goes in round j (≤ M rounds). Launched one round per step, a later round can meet an
/// earlier one's last local hop (the proof does not say how to avoid it); with greedy
/// delays every permutation swept is conflict-free within M + 4 steps. All 40320
/// permutations of D3(2,2), 300 pseudo-random ones of each other instance.
#[test]
fn theorem8_permutations() {
    use icn_core::topology::d3::schedule::DelayRule;
    let check = |net: &D3, p: &[Node], m: u64| -> (u32, u32) {
        let s = net
            .permutation_schedule(p, DelayRule::Paper, false)
            .expect("perm");
        assert!(s.complete);
        assert!(u64::from(s.rounds) <= m);
        assert_eq!(s.delays, 0);
        let g = net
            .permutation_schedule(p, DelayRule::Greedy, false)
            .expect("perm");
        assert_eq!(g.conflicts, 0);
        assert!(u64::from(g.steps) <= m + 4, "{p:?}");
        (s.conflicts, g.steps)
    };
    let mut some_conflict = false;
    for &(k, m) in SCHEDULES {
        let net = d3(k, m);
        for p in permutations(net.node_count(), 300, k * 100 + m) {
            some_conflict |= check(&net, &p, m).0 > 0;
        }
    }
    assert!(
        some_conflict,
        "Protocol 1 without delays conflicts for some permutation"
    );
    // Every permutation of D3(2,2), by Heap's algorithm.
    let net = d3(2, 2);
    let mut p: Vec<Node> = (0..8).collect();
    let mut c = [0usize; 8];
    let (mut count, mut worst) = (1, check(&net, &p, 2).1);
    let mut i = 0;
    while i < 8 {
        if c[i] < i {
            let j = if i % 2 == 0 { 0 } else { c[i] };
            p.swap(j, i);
            worst = worst.max(check(&net, &p, 2).1);
            count += 1;
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
    assert_eq!((count, worst), (40320, 4));
    // Drawer to drawer: every router of drawer (c,d) to drawer (c+1,d): M rounds.
    let net = d3(3, 4);
    let shift: Vec<Node> = (0..net.node_count())
        .map(|v| {
            let x = net.router(v);
            net.node(r((x.c + 1) % 3, x.d, x.p))
        })
        .collect();
    let s = net
        .permutation_schedule(&shift, DelayRule::Greedy, false)
        .expect("perm");
    assert_eq!((s.rounds, s.conflicts), (4, 0));
    assert!(net
        .permutation_schedule(&shift[1..], DelayRule::Paper, false)
        .is_err());
    let mut twice = shift.clone();
    twice[0] = twice[1];
    assert!(net
        .permutation_schedule(&twice, DelayRule::Paper, false)
        .is_err());
}

/// The per-source closed form behind `distance_distribution` equals a breadth-first
/// search from every router (diagonal and not) of every instance of the sweep.
#[test]
fn d3_distance_counts_from_every_source_equal_bfs() {
    for &(k, m) in SWEEP {
        let net: Network = format!("d3:k={k},m={m}").parse().expect("spec");
        let t = net.topology();
        for s in 0..t.node_count() {
            let mut want = vec![0u64; 4];
            for d in icn_core::metrics::bfs(t, s) {
                want[d as usize] += 1;
            }
            while want.len() > 1 && want[want.len() - 1] == 0 {
                want.pop();
            }
            let mut got = closed_distance_counts(t, s).expect("closed form");
            while got.len() > 1 && got[got.len() - 1] == 0 {
                got.pop();
            }
            assert_eq!(got, want, "D3({k},{m}) from {}", t.format_node(s));
        }
    }
}

/// Loads by the symmetry group (one destination per orbit of routers) equal the sum over
/// every destination, channel by channel and node by node, for each relation and split.
#[test]
fn loads_by_symmetry_equal_every_destination() {
    use icn_core::metrics::load_passes;
    for (k, m) in [(3, 4), (4, 3), (2, 5), (1, 3), (3, 1), (5, 2)] {
        let net: Network = format!("d3:k={k},m={m}").parse().expect("spec");
        let d = d3(k, m);
        crate::support::assert_orbit_sizes(&d, &d.orbits(), &d.spec_string());
        for strategy in ["lgl", "glgl-direct", "minimal"] {
            let routing = net.routing(strategy).expect("strategy");
            let (t, r) = (net.topology(), routing.as_ref());
            assert_eq!(load_passes(t, r), if m > 1 { 2 } else { 1 });
            crate::support::assert_loads_equal_every_destination(
                &format!("D3({k},{m}) {strategy}"),
                t,
                r,
            );
        }
    }
}

#[test]
fn collective_names_are_parsed_once_in_core() {
    use icn_core::topology::d3::schedule::{Collective, CollectiveName};
    for c in CollectiveName::ALL {
        assert_eq!(c.name().parse::<CollectiveName>(), Ok(c));
        assert_eq!(c.to_string(), c.name());
    }
    let err = "gather".parse::<CollectiveName>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown collective 'gather'; choose broadcast, one-to-all, all-to-one, all-to-all or permutation"
    );
    // The rooted ones carry their root into the Collective; the others have none.
    assert_eq!(
        CollectiveName::AllToOne.at(7, 4),
        Collective::AllToOne { sink: 7 }
    );
    assert_eq!(
        CollectiveName::Broadcast.at(3, 4),
        Collective::Broadcast {
            source: 3,
            count: 4
        }
    );
    let rooted: Vec<_> = CollectiveName::ALL
        .into_iter()
        .filter(|c| c.has_root())
        .map(CollectiveName::name)
        .collect();
    assert_eq!(rooted, ["broadcast", "one-to-all", "all-to-one"]);
}

/// MDF's closed-form distance equals breadth-first search on every pair (diameter 3:
/// one global link with local hops at its ends, or two global links through a third
/// group), and the `minimal` route it serves lists exactly the BFS shortest paths.
#[test]
fn maximal_dragonfly_distance_is_bfs() {
    for &(k, m) in SWEEP
        .iter()
        .chain(&[(1, 1), (1, 7), (7, 1), (2, 9), (5, 3)])
    {
        let net = Mdf::new(k, m).expect("mdf");
        let mut twos = 0;
        for a in 0..net.node_count() {
            let dist = bfs(&net, a);
            for (b, &d) in dist.iter().enumerate() {
                assert_eq!(net.distance(a, b), Some(d), "MDF({k},{m}) {a}->{b}");
                twos += u64::from(d == 2);
            }
        }
        assert!(twos > 0 || m == 1, "MDF({k},{m}) has pairs at distance 2");
    }
    let n: Network = "mdf:k=4,m=5".parse().expect("spec");
    let last = n.topology().node_count() - 1;
    let paths = enumerate_paths(
        n.routing("minimal").expect("minimal").as_ref(),
        3,
        last,
        1000,
    );
    assert_eq!(paths.len() as u64, {
        let c = count_minimal_paths(n.topology(), 3, last);
        u64::try_from(&c).expect("small")
    });
}
