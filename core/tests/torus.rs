//! Tori and meshes against breadth-first search, brute force and the Hypercycle with
//! ρ = 1; the helpers here serve `hyperx.rs` too.
use icn_graph::{closed_distance, closed_distance_counts};

use icn_core::graph::Split;
use icn_core::metrics::{bfs, channel_loads, distance_distribution, UNREACHABLE};
use icn_core::routing::{count_paths, enumerate_paths};
use icn_core::topology::hypercycle::Hypercycle;
use icn_core::topology::torus::{GridRouting, Product, Torus};
use icn_core::{
    AddressError, BigUint, Network, Node, ParamError, Routing, SpecError, Structure, Topology,
};

use crate::support::{assert_loads_equal_every_destination, assert_orbit_sizes, neighbours};
use icn_core::graph::route_orbits;
use icn_graph::{Distances, Graph};

/// Every radix vector over 2 ..= 6 with 1 to 3 entries (155 of them).
pub fn radix_vectors() -> Vec<Vec<u64>> {
    let mut out: Vec<Vec<u64>> = (2..=6).map(|a| vec![a]).collect();
    for a in 2..=6 {
        for b in 2..=6 {
            out.push(vec![a, b]);
            for c in 2..=6 {
                out.push(vec![a, b, c]);
            }
        }
    }
    out
}

/// The number of shortest paths from `s` to every node, by one breadth-first search.
pub fn bfs_path_counts(t: &dyn Topology, s: Node) -> (Vec<u32>, Vec<u128>) {
    let dist = bfs(t, s);
    let mut order: Vec<Node> = (0..t.node_count()).collect();
    order.sort_by_key(|&v| dist[v]);
    let mut count = vec![0u128; t.node_count()];
    count[s] = 1;
    for &u in &order {
        for v in neighbours(t, u) {
            if dist[v] == dist[u] + 1 {
                count[v] += count[u];
            }
        }
    }
    (dist, count)
}

/// The fewest links between two halves (⌊N/2⌋ and ⌈N/2⌉ nodes), over every half that
/// holds node 0, for N ≤ 24.
pub fn brute_bisection(t: &dyn Topology) -> u64 {
    let n = t.node_count();
    assert!(n <= 24);
    let adj: Vec<u32> = (0..n)
        .map(|v| neighbours(t, v).iter().fold(0u32, |m, &u| m | 1 << u))
        .collect();
    // Every set of ⌊N/2⌋ − 1 nodes among 1 … N − 1 (Gosper's hack), with node 0 added.
    let pick = (n / 2 - 1) as u32;
    let mut best = u64::MAX;
    let mut rest: u32 = (1 << pick) - 1;
    while rest < 1 << (n - 1) {
        let set = rest << 1 | 1;
        let cut = (0..n)
            .filter(|&v| set >> v & 1 == 1)
            .map(|v| u64::from((adj[v] & !set).count_ones()))
            .sum();
        best = best.min(cut);
        if rest == 0 {
            break;
        }
        let low = rest & rest.wrapping_neg();
        let ripple = rest + low;
        rest = (((ripple ^ rest) >> 2) / low) | ripple;
    }
    best
}

/// A product's closed forms against its built graph: adjacency (simple, symmetric),
/// degrees, links, distance (every pair), distance counts per source, diameter, the
/// distance sum, shortest-path counts (every pair, by a BFS DAG) and the bisection
/// (exhaustive search up to 24 nodes; returns whether it was checked).
pub fn check_closed_forms(t: &dyn Topology, g: &Product, what: &str) -> bool {
    let n = t.node_count();
    assert_eq!(n, g.nodes(), "{what}");
    let (mut min, mut max, mut degrees) = (u64::MAX, 0, 0);
    for v in 0..n {
        let nb = neighbours(t, v);
        let mut sorted = nb.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), nb.len(), "{what}: duplicate neighbour of {v}");
        assert!(!nb.contains(&v), "{what}: self-loop at {v}");
        for &u in &nb {
            assert!(neighbours(t, u).contains(&v), "{what}: {v}-{u} one-way");
        }
        min = min.min(nb.len() as u64);
        max = max.max(nb.len() as u64);
        degrees += nb.len() as u64;
    }
    assert_eq!(g.degree_range(), (min, max), "{what}: degrees");
    assert_eq!(t.link_count(), degrees / 2, "{what}: links");
    let (mut diameter, mut sum) = (0u32, 0u128);
    let routing = g.routing(GridRouting::Minimal);
    for s in 0..n {
        let (dist, count) = bfs_path_counts(t, s);
        let mut hist = vec![0u64; *dist.iter().max().unwrap_or(&0) as usize + 1];
        for (v, &d) in dist.iter().enumerate() {
            assert_ne!(d, UNREACHABLE, "{what}: disconnected");
            assert_eq!(closed_distance(t, s, v), Some(d), "{what}: {s}->{v}");
            assert_eq!(
                routing.path_count(s, v),
                Some(BigUint::from(count[v])),
                "{what}: paths {s}->{v}"
            );
            hist[d as usize] += 1;
            sum += u128::from(d);
        }
        diameter = diameter.max(hist.len() as u32 - 1);
        assert_eq!(g.distance_counts(s), hist, "{what}: counts from {s}");
        if let Some(counts) = closed_distance_counts(t, s) {
            assert_eq!(counts, hist, "{what}: counts from {s}");
        }
    }
    assert_eq!(g.diameter(), u64::from(diameter), "{what}: diameter");
    assert_eq!(g.distance_sum(), sum, "{what}: distance sum");
    assert_eq!(
        distance_distribution(t).total_distance(),
        sum,
        "{what}: distribution"
    );
    match g.bisection() {
        Some(b) if n <= 24 => {
            assert_eq!(b, brute_bisection(t), "{what}: bisection");
            true
        }
        _ => false,
    }
}

/// Dimension order: one path, counted 1 by the closed form and by the routing's DAG, a
/// walk of shortest length whose coordinates are corrected most significant first (least
/// significant first with the flag `lowfirst`).
pub fn check_dor(t: &dyn Topology, g: &Product, what: &str) {
    let low = g.low_first();
    let dor = g.routing(GridRouting::Dor);
    let n = t.node_count();
    let step = n.div_ceil(40).max(1);
    for s in (0..n).step_by(step) {
        for d in 0..n {
            let paths = enumerate_paths(&dor, s, d, 4);
            assert_eq!(paths.len(), 1, "{what}: {s}->{d}");
            assert_eq!(dor.path_count(s, d), Some(BigUint::from(1u32)));
            assert_eq!(count_paths(&dor, s, d), BigUint::from(1u32));
            let p = &paths[0];
            assert_eq!(p.len() as u32 - 1, g.distance(s, d), "{what}: {s}->{d}");
            let mut last_dim = if low { g.dimensions() - 1 } else { 0 };
            for w in p.windows(2) {
                assert!(neighbours(t, w[0]).contains(&w[1]), "{what}: not a walk");
                let dims: Vec<usize> = (0..g.dimensions())
                    .filter(|&i| g.digit(w[0], i) != g.digit(w[1], i))
                    .collect();
                assert_eq!(dims.len(), 1);
                let in_order = if low {
                    dims[0] <= last_dim
                } else {
                    dims[0] >= last_dim
                };
                assert!(in_order, "{what}: {s}->{d} out of order");
                last_dim = dims[0];
            }
        }
    }
}

/// The minimal routing's paths: as many as the closed form, all distinct shortest walks.
pub fn check_minimal_listing(t: &dyn Topology, g: &Product, what: &str) {
    let minimal = g.routing(GridRouting::Minimal);
    let n = t.node_count();
    let step = n.div_ceil(12).max(1);
    for s in (0..n).step_by(step) {
        for d in (0..n).step_by(step.div_ceil(2)) {
            let count = count_paths(&minimal, s, d);
            assert_eq!(Some(count.clone()), minimal.path_count(s, d), "{what}");
            let mut paths = enumerate_paths(&minimal, s, d, 1 << 14);
            if BigUint::from(paths.len()) == count {
                paths.sort();
                paths.dedup();
                assert_eq!(BigUint::from(paths.len()), count, "{what}: repeated path");
            }
            for p in &paths {
                assert_eq!(p.len() as u32 - 1, g.distance(s, d));
            }
        }
    }
}

/// Loads by symmetry (translations with per-dimension class loads, or the mesh's
/// reflections) against the sum over every destination, for both strategies and splits.
pub fn check_loads(t: &dyn Topology, g: &Product, what: &str) {
    for kind in GridRouting::ALL {
        let routing = g.routing(kind);
        if g.vertex_transitive() {
            assert!(routing
                .symmetry()
                .and_then(|s| s.class_loads_to_zero(Split::PerPath))
                .is_some());
        } else {
            let orbits = route_orbits(&routing).expect("reflections");
            assert_orbit_sizes(t, orbits.as_ref(), what);
        }
        assert_loads_equal_every_destination(&format!("{what} {kind:?}"), t, &routing);
    }
}

fn tori() -> Vec<Torus> {
    radix_vectors()
        .iter()
        .map(|k| Torus::new(k).expect("valid"))
        .collect()
}

fn meshes() -> Vec<Torus> {
    radix_vectors()
        .iter()
        .map(|k| Torus::mesh(k).expect("valid"))
        .collect()
}

#[test]
fn torus_closed_forms_match_bfs() {
    let bisections = tori()
        .iter()
        .filter(|t| check_closed_forms(*t, t.grid(), &t.spec_string()))
        .count();
    assert_eq!(
        bisections, 28,
        "every network of ≤ 24 nodes with an even largest radix"
    );
}

#[test]
fn mesh_closed_forms_match_bfs() {
    let bisections = meshes()
        .iter()
        .filter(|t| check_closed_forms(*t, t.grid(), &t.spec_string()))
        .count();
    assert_eq!(
        bisections, 28,
        "every network of ≤ 24 nodes with an even largest radix"
    );
}

#[test]
fn dimension_order_is_one_shortest_path_in_order() {
    for t in tori().into_iter().chain(meshes()) {
        check_dor(&t, t.grid(), &t.spec_string());
        let t = t.with_low_first(true);
        check_dor(&t, t.grid(), &t.spec_string());
    }
}

/// `lowfirst` routes as BookSim2's `dor_next_mesh` and `dor_next_torus`: node v is
/// x + k·y, and x is corrected first. On the 8 × 8 mesh 0 → 9 goes through 1 (x first),
/// plain `dor` through 8; on the 8 × 8 torus 0 → 7 · 8 + 3 takes x the increasing way
/// (+3 of 8) then y the wrapping way (0 → 7). The flag round-trips through the spec.
#[test]
fn low_first_is_booksims_dimension_order() {
    let route = |spec: &str, s: Node, d: Node| -> Vec<Node> {
        let net: Network = spec.parse().expect("spec");
        let r = net.routing("dor").expect("dor");
        let mut paths = enumerate_paths(r.as_ref(), s, d, 2);
        assert_eq!(paths.len(), 1, "{spec}");
        paths.remove(0)
    };
    assert_eq!(route("mesh:k=8x8,lowfirst", 0, 9), vec![0, 1, 9]);
    assert_eq!(route("mesh:k=8x8", 0, 9), vec![0, 8, 9]);
    assert_eq!(route("torus:k=8x8,lowfirst", 0, 59), vec![0, 1, 2, 3, 59]);
    assert_eq!(route("torus:k=8x8", 0, 59), vec![0, 56, 57, 58, 59]);
    let net: Network = "mesh:k=8x8,lowfirst".parse().expect("spec");
    assert_eq!(net.spec(), "mesh:k=8x8,lowfirst");
    let net: Network = "torus:k=4x3x5,lowfirst".parse().expect("spec");
    assert_eq!(net.spec(), "torus:k=4x3x5,lowfirst");
}

#[test]
fn minimal_paths_are_listed_and_counted() {
    for t in tori().into_iter().chain(meshes()) {
        check_minimal_listing(&t, t.grid(), &t.spec_string());
    }
}

#[test]
fn loads_with_symmetry_equal_every_destination() {
    for k in [
        vec![2],
        vec![5],
        vec![6],
        vec![2, 3],
        vec![4, 4],
        vec![5, 2],
        vec![6, 3],
        vec![3, 4, 2],
        vec![4, 3, 5],
    ] {
        for t in [Torus::new(&k), Torus::mesh(&k)] {
            let t = t.expect("valid");
            check_loads(&t, t.grid(), &t.spec_string());
            let t = t.with_low_first(true);
            check_loads(&t, t.grid(), &t.spec_string());
        }
    }
}

/// The torus is the Hypercycle with every ρᵢ = 1: the same neighbours, distances and
/// minimal path counts, and the same loads under minimal routing.
#[test]
fn torus_is_the_hypercycle_with_rho_one() {
    for k in radix_vectors() {
        let t = Torus::new(&k).expect("valid");
        let h = Hypercycle::new(&k, &vec![1; k.len()]).expect("valid");
        let what = t.spec_string();
        for a in 0..t.node_count() {
            let (mut x, mut y) = (neighbours(&t, a), neighbours(&h, a));
            x.sort_unstable();
            y.sort_unstable();
            assert_eq!(x, y, "{what}: {a}");
            for b in (0..t.node_count()).step_by(7) {
                assert_eq!(t.distance(a, b), h.distance(a, b));
                assert_eq!(
                    t.grid().minimal_paths(a, b),
                    h.path_counts(a, b).minimal,
                    "{what}"
                );
            }
        }
        if t.node_count() <= 64 {
            let mine = channel_loads(&t, &t.routing(GridRouting::Minimal));
            let theirs = channel_loads(
                &h,
                &h.routing(icn_core::topology::hypercycle::HypercycleRouting::Minimal),
            );
            for (u, v, l) in mine.iter() {
                let other = theirs.load(u, v).expect("same channel");
                assert!((l - other).abs() < 1e-9, "{what} {u}->{v}: {l} vs {other}");
            }
        }
    }
}

/// Node numbering is the mixed radix `Structure::Grid` describes: v = Σ dᵢ·Πⱼ₍>ᵢ₎ kⱼ,
/// the last digit fastest; addresses print those digits.
#[test]
fn numbering_matches_the_grid_structure() {
    for spec in ["torus:k=8x8x4", "mesh:k=3x5", "torus:k=7"] {
        let net: Network = spec.parse().expect("spec");
        let Structure::Grid { radices } = net.structure() else {
            panic!("{spec}: a grid")
        };
        let t = net.topology();
        assert_eq!(radices.iter().product::<u32>() as usize, t.node_count());
        for v in 0..t.node_count() {
            let mut rest = v;
            let mut digits = vec![0; radices.len()];
            for i in (0..radices.len()).rev() {
                digits[i] = rest % radices[i] as usize;
                rest /= radices[i] as usize;
            }
            let text: Vec<String> = digits.iter().map(usize::to_string).collect();
            assert_eq!(net.format_node(v), format!("({})", text.join(",")));
            assert_eq!(net.parse_node(&net.format_node(v)), Ok(v));
        }
        assert_eq!(net.concentration(), 1);
    }
}

/// The examples the docs and the web use: 8×8×4 from (0,0,0) to (4,5,3) is 4 + 3 + 1
/// hops, 8!/(4!·3!·1!) = 280 interleavings, times 2 for the tie in dimension 1 (4 = 8/2).
#[test]
fn docs_examples() {
    let net: Network = "torus:k=8x8x4".parse().expect("spec");
    let (a, b) = net.default_route();
    assert_eq!(
        (net.format_node(a), net.format_node(b)),
        ("(0,0,0)".into(), "(4,5,3)".into())
    );
    let route = net.route("minimal", a, b, 1000).expect("route");
    assert_eq!(route.length, 8);
    assert_eq!(route.path_count, BigUint::from(560u32));
    assert_eq!(route.paths.len(), 560);
    let dor = net.route("dor", a, b, 10).expect("route");
    let printed: Vec<String> = dor.paths[0].iter().map(|&v| net.format_node(v)).collect();
    assert_eq!(
        printed,
        [
            "(0,0,0)", "(1,0,0)", "(2,0,0)", "(3,0,0)", "(4,0,0)", "(4,7,0)", "(4,6,0)", "(4,5,0)",
            "(4,5,3)"
        ]
    );
    let info = net.info();
    assert_eq!((info.nodes, info.links, info.diameter), (256, 768, 10));
    let formula = |name: &str| {
        net.formulas()
            .iter()
            .find(|f| f.name == name)
            .map(|f| f.value)
    };
    assert_eq!(formula("bisection width"), Some(64));
    assert_eq!(formula("distance sum from a node"), Some(1280));

    let mesh: Network = "mesh:k=16x16".parse().expect("spec");
    let (a, b) = mesh.default_route();
    let route = mesh.route("minimal", a, b, 0).expect("route");
    assert_eq!(route.path_count, BigUint::from(56u32)); // C(8, 3)
    let info = mesh.info();
    assert_eq!(
        (info.links, info.min_degree, info.max_degree, info.diameter),
        (480, 2, 4, 30)
    );
    assert!(!info.vertex_transitive);
    let formula = |name: &str| {
        mesh.formulas()
            .iter()
            .find(|f| f.name == name)
            .map(|f| f.value)
    };
    assert_eq!(formula("bisection width"), Some(16));
    // Σ over ordered pairs: 2 · 16² · (16³ − 16)/3 = 696320; average 696320 / (256·255).
    assert_eq!(formula("distance sum (ordered pairs)"), Some(696_320));
    assert!((info.average_distance - 696_320.0 / (256.0 * 255.0)).abs() < 1e-12);
}

/// A radix-2 torus dimension is one link per pair, and a tie there is no tie (both ways
/// lead to the same neighbour); a radix-4 tie doubles the paths.
#[test]
fn radix_two_and_ties() {
    let cube: Network = "torus:k=2x2x2".parse().expect("spec");
    assert_eq!(cube.topology().link_count(), 12);
    let all = cube.parse_node("(1,1,1)").expect("node");
    assert_eq!(
        cube.route("minimal", 0, all, 0).expect("r").path_count,
        BigUint::from(6u32)
    );
    let ring: Network = "torus:k=4".parse().expect("spec");
    let r = ring.route("minimal", 0, 2, 10).expect("r");
    assert_eq!(r.path_count, BigUint::from(2u32));
    let dor = ring.route("dor", 0, 2, 10).expect("r");
    assert_eq!(
        dor.paths,
        vec![vec![0, 1, 2]],
        "the increasing direction at a tie"
    );
}

#[test]
fn bad_parameters_say_what_and_why() {
    let err = |s: &str| s.parse::<Network>().expect_err(s);
    assert_eq!(
        err("torus:k=8x1x4"),
        SpecError::Param(ParamError::OutOfRange {
            key: "k[2]".into(),
            value: 1,
            allowed: "a radix is 2 to 65536".into()
        })
    );
    assert_eq!(err("mesh:k=8x1").param_key(), Some("k"));
    assert!(matches!(
        err("torus:k=65537"),
        SpecError::Param(ParamError::OutOfRange { value: 65537, .. })
    ));
    assert!(matches!(
        err("torus:k=65536x65536"),
        SpecError::Param(ParamError::TooLarge {
            nodes: 4_294_967_296,
            ..
        })
    ));
    assert!(matches!(
        err("mesh"),
        SpecError::Param(ParamError::Missing { key: "k", .. })
    ));
    assert!(matches!(
        err("torus:n=4"),
        SpecError::Param(ParamError::UnknownKey { .. })
    ));
    assert!(err("torus:k=4xx4").to_string().contains("empty"));
    let big: Network = "torus:k=65536x32768".parse().expect("2³¹ nodes");
    assert_eq!(big.topology().node_count(), 1 << 31);
    assert!(
        big.info_cost() <= 1_000 + 5,
        "closed-form distances at any size, and one node's degrees"
    );
    assert_eq!(big.info().diameter, 32768 + 16384);
}

#[test]
fn bad_addresses_name_the_character() {
    let net: Network = "torus:k=8x8x4".parse().expect("spec");
    assert_eq!(net.parse_node(" 3, 5 ,1 "), net.parse_node("(3,5,1)"));
    assert_eq!(net.parse_node("(3,5,1)"), Ok(3 * 32 + 5 * 4 + 1));
    let why = |t: &str| net.parse_node(t).expect_err(t).to_string();
    assert_eq!(
        why("(3,a,1)"),
        "character 'a' at position 4 is not a digit; coordinate x2 is a number 0 to 7"
    );
    assert_eq!(
        why("(3,5,4)"),
        "coordinate x3 = 4 is out of range: 0 ≤ x3 < 4"
    );
    assert!(why("(3,5)").contains("has 2 coordinates; this network's nodes have 3: (x1,x2,x3)"));
    assert!(matches!(
        net.parse_node(""),
        Err(AddressError::Empty { .. })
    ));
    let wide: Network = "mesh:k=100x3".parse().expect("spec");
    assert_eq!(wide.parse_node("(99,2)"), Ok(99 * 3 + 2));
    assert_eq!(wide.format_node(99 * 3 + 2), "(99,2)");
}
