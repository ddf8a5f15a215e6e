//! Hypercycles against the paper's formulas and against breadth-first search.

use icn_core::metrics::{bfs, channel_loads, count_minimal_paths, distance_distribution};
use icn_core::topology::hypercycle::Hypercycle;
use icn_core::{AddressError, BigUint, Network, ParamError, SpecError};
use icn_graph::Graph;

fn all_small_hypercycles() -> Vec<Hypercycle> {
    let mut out = Vec::new();
    for m in 2..=14u64 {
        for rho in 1..=m / 2 {
            out.push(Hypercycle::new(&[m], &[rho]).expect("valid"));
        }
    }
    for (m, rho) in [
        (vec![5, 4, 3], vec![2, 1, 1]),
        (vec![6, 6], vec![3, 2]),
        (vec![7, 2, 5], vec![3, 1, 1]),
        (vec![9, 4], vec![2, 2]),
        (vec![2, 2, 2, 2], vec![1, 1, 1, 1]),
    ] {
        out.push(Hypercycle::new(&m, &rho).expect("valid"));
    }
    out
}

/// Degree and diameter: the paper's closed forms against the built graph.
#[test]
fn degree_and_diameter_formulas_match_bfs() {
    for h in all_small_hypercycles() {
        let mut nb = Vec::new();
        for v in 0..h.node_count() {
            nb.clear();
            h.neighbours(v, &mut nb);
            assert_eq!(nb.len() as u64, h.degree_formula(), "{}", h.spec_string());
        }
        let diameter = bfs(&h, 0).into_iter().max().unwrap_or(0);
        assert_eq!(
            u64::from(diameter),
            h.diameter_formula(),
            "{}",
            h.spec_string()
        );
    }
}

/// All minimal paths, eq. 3.1.1's paths and the greedy multinomial, in every pair of
/// every small Hypercycle, against a path-count DAG built by breadth-first search.
#[test]
fn three_path_counts_against_bfs() {
    for h in all_small_hypercycles() {
        for a in 0..h.node_count() {
            for b in 0..h.node_count() {
                let c = h.path_counts(a, b);
                assert_eq!(
                    c.minimal,
                    count_minimal_paths(&h, a, b),
                    "{} {a}->{b}",
                    h.spec_string()
                );
                assert!(c.greedy <= c.equation && c.equation <= c.minimal);
            }
        }
    }
}

/// The worked example the docs use: 000 -> 421 in G(5x4x3, 2x1x1).
#[test]
fn docs_example_5x4x3() {
    let net: Network = "hypercycle:m=5x4x3,rho=2x1x1".parse().expect("spec");
    let Ok(h) = net.hypercycle() else {
        panic!("a hypercycle")
    };
    let (a, b) = (
        net.parse_node("000").expect("a"),
        net.parse_node("421").expect("b"),
    );
    assert_eq!(h.dim_distances(a, b), vec![1, 2, 1]);
    let c = h.path_counts(a, b);
    // 4!/(1!2!1!) = 12 interleavings; dimension 2 (m = 4, 0 -> 2) ties both ways.
    assert_eq!(c.greedy, BigUint::from(12u32));
    assert_eq!(c.equation, BigUint::from(24u32));
    assert_eq!(c.minimal, BigUint::from(24u32));
    let route = net.route("minimal", a, b, 100).expect("route");
    assert_eq!(route.length, 4);
    assert_eq!(route.paths.len(), 24);
    let ecube = net.route("ecube", a, b, 10).expect("route");
    let printed: Vec<String> = ecube.paths[0].iter().map(|&v| net.format_node(v)).collect();
    assert_eq!(printed, ["000", "001", "011", "021", "421"]);
}

/// Where eq. 3.1.1 misses minimal paths: m = 11, ρ = 4, 0 -> 5. Two steps reach 5
/// forwards (1+4, 2+3, 3+2, 4+1) and also backwards through 6 = 2+4, 3+3, 4+2; the
/// equation takes only the shorter direction and only 4+1, 1+4.
#[test]
fn equation_misses_paths_in_m11_rho4() {
    let h = Hypercycle::new(&[11], &[4]).expect("valid");
    let c = h.path_counts(0, 5);
    assert_eq!(c.minimal, BigUint::from(7u32));
    assert_eq!(c.minimal, count_minimal_paths(&h, 0, 5));
    assert_eq!(c.equation, BigUint::from(2u32));
    assert_eq!(c.greedy, BigUint::from(1u32));
}

/// The binary n-cube: distance distribution C(n, d)·N, minimal paths d!, and every
/// channel carries 2^(n-1) under all-to-all minimal routing (by symmetry, N²·n/2 hops
/// over N·n channels); each node forwards n·2^(n-1) − 2^n + 1 units.
#[test]
fn hypercube_closed_forms() {
    for n in 1..=8u32 {
        let net: Network = format!("hypercube:n={n}").parse().expect("spec");
        let t = net.topology();
        let size = 1u64 << n;
        let dd = distance_distribution(t);
        for (d, &count) in dd.counts.iter().enumerate().skip(1) {
            let binom: u64 = icn_core::binomial(u64::from(n), d as u64)
                .try_into()
                .expect("small");
            assert_eq!(count, binom * size);
        }
        let routing = net.routing("minimal").expect("minimal");
        let loads = channel_loads(t, routing.as_ref());
        for &l in &loads.loads {
            assert!((l - f64::from(1u32 << (n - 1))).abs() < 1e-9);
        }
        let forwarded = f64::from(n) * f64::from(1u32 << (n - 1)) - size as f64 + 1.0;
        for &l in &loads.node_loads {
            assert!((l - forwarded).abs() < 1e-6, "n={n}: {l} vs {forwarded}");
        }
        let all_ones = (1usize << n) - 1;
        let route = net.route("minimal", 0, all_ones, 0).expect("route");
        let factorial: u64 = (1..=u64::from(n)).product();
        assert_eq!(route.path_count, BigUint::from(factorial));
    }
}

/// Under e-cube each pair uses one path, so loads are integers; on the n-cube e-cube
/// also loads every channel with exactly 2^(n-1).
#[test]
fn ecube_loads_on_the_cube() {
    let net: Network = "hypercube:n=4".parse().expect("spec");
    let routing = net.routing("ecube").expect("ecube");
    let loads = channel_loads(net.topology(), routing.as_ref());
    assert!(loads.loads.iter().all(|&l| (l - 8.0).abs() < 1e-12));
}

#[test]
fn bad_parameters_say_what_and_why() {
    let err = |s: &str| s.parse::<Network>().expect_err(s);
    assert_eq!(
        err("hypercycle:m=5x4,rho=3x1"),
        SpecError::Param(ParamError::OutOfRange {
            key: "rho[1]".into(),
            value: 3,
            allowed: "1 ≤ ρ ≤ ⌊m/2⌋ = 2 for m = 5".into()
        })
    );
    assert!(matches!(
        err("hypercycle:m=5x4,rho=1"),
        SpecError::Param(ParamError::LengthMismatch { .. })
    ));
    assert!(matches!(
        err("hypercycle:m=37"),
        SpecError::Param(ParamError::OutOfRange { value: 37, .. })
    ));
    assert!(matches!(
        err("hypercycle:m=1"),
        SpecError::Param(ParamError::OutOfRange { value: 1, .. })
    ));
    assert!(matches!(
        err("hypercycle:m=36x36x36x36x36x36x36"),
        SpecError::Param(ParamError::TooLarge { .. })
    ));
    assert!(matches!(
        err("hypercube:n=40"),
        SpecError::Param(ParamError::OutOfRange { value: 40, .. })
    ));
    assert!(matches!(
        err("hypercube:k=4"),
        SpecError::Param(ParamError::UnknownKey { .. })
    ));
    assert!(matches!(
        err("hypercube"),
        SpecError::Param(ParamError::Missing { key: "n", .. })
    ));
    assert!(matches!(
        err("nosuchfamily:n=4"),
        SpecError::UnknownFamily { .. }
    ));
    assert!(err("hypercycle:m=5xx4").to_string().contains("empty"));
    assert_eq!(err("hypercycle:m=5x4,rho=3x1").param_key(), Some("rho"));
    assert_eq!(err("hypercycle:m=5x1").param_key(), Some("m"));
    assert_eq!(err("hypercycle:m=5x4,rho=1").param_key(), Some("rho"));
    assert_eq!(err("hypercube:k=4").param_key(), None);
    // ρ defaults to all ones.
    let ring: Network = "hypercycle:m=7".parse().expect("ring");
    assert_eq!(ring.spec(), "hypercycle:m=7,rho=1");
}

#[test]
fn default_route_and_cheap_info() {
    let net: Network = "hypercycle:m=5x4x3,rho=2x1x1".parse().expect("spec");
    assert_eq!(net.default_route(), (0, 4 * 12 + 2 * 3 + 1));
    let other: Network = "hypercycle:m=3x3".parse().expect("spec");
    assert_eq!(other.default_route(), (0, 8)); // the example 000 -> 421 does not fit
    let cube: Network = "hypercube:n=31".parse().expect("spec");
    assert!(
        cube.info_cost() < 1_000_000,
        "closed form, whatever the size"
    );
    assert_eq!(cube.info().diameter, 31);
}

#[test]
fn bad_addresses_name_the_character() {
    let net: Network = "hypercycle:m=5x4x3,rho=2x1x1".parse().expect("spec");
    assert_eq!(
        net.parse_node("0z9"),
        Err(AddressError::BadDigit {
            ch: 'z',
            position: 2,
            radix: 4,
            allowed: "0-3".into()
        })
    );
    assert!(matches!(
        net.parse_node("01"),
        Err(AddressError::WrongLength {
            got: 2,
            want: 3,
            ..
        })
    ));
    assert!(matches!(
        net.parse_node(""),
        Err(AddressError::Empty { .. })
    ));
    assert_eq!(net.parse_node(" 421 "), Ok(4 * 12 + 2 * 3 + 1));
    let wide: Network = "hypercycle:m=16x36".parse().expect("spec");
    assert_eq!(wide.parse_node("fz"), Ok(15 * 36 + 35));
    assert!(wide
        .parse_node("gz")
        .expect_err("g > f")
        .to_string()
        .contains("0-9, a-f"));
}

/// Loads by the per-dimension product (`class_loads_to_zero`) equal the sum over every
/// destination of the passes over the whole routing DAG, channel by channel and node by
/// node, for every strategy; the per-hop split (no product) is checked too.
#[test]
fn product_loads_equal_every_destination() {
    use icn_core::metrics::{
        channel_loads_every_destination, channel_loads_split, load_summary_split, Split,
    };
    use icn_core::topology::hypercycle::HypercycleRouting as K;
    use icn_core::Routing;
    let mut nets = all_small_hypercycles();
    nets.push(Hypercycle::new(&[8, 5, 4], &[3, 2, 1]).expect("valid"));
    for net in &nets {
        for kind in [K::Minimal, K::Equation, K::Greedy, K::Ecube] {
            let routing = net.routing(kind);
            assert!(routing
                .symmetry()
                .and_then(|s| s.class_loads_to_zero(Split::PerPath))
                .is_some());
            for split in [Split::PerPath, Split::PerHop] {
                let fast = channel_loads_split(net, &routing, split);
                let every = channel_loads_every_destination(net, &routing, split);
                let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * b.abs().max(1.0);
                let what = format!("{} {kind:?} {split:?}", net.spec_string());
                for ((u, v, a), (_, _, b)) in fast.iter().zip(every.iter()) {
                    assert!(close(a, b), "{what} {u}->{v}: {a} vs {b}");
                }
                for (&a, &b) in fast.node_loads.iter().zip(&every.node_loads) {
                    assert!(close(a, b), "{what} node: {a} vs {b}");
                }
                let s = load_summary_split(net, &routing, split);
                let max = every.loads.iter().copied().fold(0.0, f64::max);
                let min = every.loads.iter().copied().fold(f64::INFINITY, f64::min);
                let node = every.node_loads[0];
                assert!(close(s.max_channel_load, max), "{what} max");
                assert!(close(s.min_channel_load, min), "{what} min");
                assert!(close(s.max_node_load, node), "{what} node load");
            }
        }
    }
}
