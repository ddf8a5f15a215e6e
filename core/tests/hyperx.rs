//! HyperX and the flattened butterfly against breadth-first search, brute force, the
//! Hypercycle with ρᵢ = ⌊Sᵢ/2⌋ and the papers' counts.

use icn_core::topology::hypercycle::Hypercycle;
use icn_core::topology::hyperx::HyperX;
use icn_core::topology::torus::GridRouting;
use icn_core::{AddressError, BigUint, Network, ParamError, Routing, SpecError, Structure};

use crate::support::neighbours;
use crate::torus::{
    check_closed_forms, check_dor, check_loads, check_minimal_listing, radix_vectors,
};
use icn_graph::{Distances, Graph};

fn hyperxes() -> Vec<HyperX> {
    radix_vectors()
        .iter()
        .map(|s| HyperX::new(s, 1).expect("valid"))
        .collect()
}

fn flatflies() -> Vec<HyperX> {
    let mut out = Vec::new();
    for k in 2..=6u64 {
        for n in 2..=4u64 {
            out.push(HyperX::flattened_butterfly(k, n).expect("valid"));
        }
    }
    out
}

#[test]
fn closed_forms_match_bfs() {
    let bisections = hyperxes()
        .iter()
        .chain(&flatflies())
        .filter(|h| check_closed_forms(*h, h.grid(), &h.spec_string()))
        .count();
    // Every HyperX of ≤ 24 switches with an even smallest S, and the flattened
    // butterflies 2-ary 2-, 3-, 4-flat, 4-ary 2-, 3-flat and 6-ary 2-flat.
    assert_eq!(bisections, 39 + 6);
}

#[test]
fn dimension_order_is_one_shortest_path_in_order() {
    for h in hyperxes() {
        check_dor(&h, h.grid(), &h.spec_string());
    }
}

/// h differing coordinates: h! minimal paths, listed and counted.
#[test]
fn minimal_paths_are_h_factorial() {
    for h in hyperxes() {
        check_minimal_listing(&h, h.grid(), &h.spec_string());
        let routing = h.routing(GridRouting::Minimal);
        for a in (0..h.node_count()).step_by(5) {
            for b in 0..h.node_count() {
                let differing = (0..h.grid().dimensions())
                    .filter(|&i| h.grid().digit(a, i) != h.grid().digit(b, i))
                    .count() as u64;
                let factorial: u64 = (1..=differing).product();
                assert_eq!(routing.path_count(a, b), Some(BigUint::from(factorial)));
            }
        }
    }
}

#[test]
fn loads_with_symmetry_equal_every_destination() {
    for s in [
        vec![2],
        vec![5],
        vec![3, 4],
        vec![2, 2, 2],
        vec![4, 3, 2],
        vec![5, 3],
    ] {
        let h = HyperX::new(&s, 2).expect("valid");
        check_loads(&h, h.grid(), &h.spec_string());
    }
    let f = HyperX::flattened_butterfly(3, 3).expect("valid");
    check_loads(&f, f.grid(), &f.spec_string());
}

/// HyperX is the Hypercycle with every ρᵢ = ⌊Sᵢ/2⌋: the same neighbours and distances.
#[test]
fn hyperx_is_the_complete_hypercycle() {
    for s in radix_vectors() {
        let h = HyperX::new(&s, 1).expect("valid");
        let rho: Vec<u64> = s.iter().map(|&x| x / 2).collect();
        let c = Hypercycle::new(&s, &rho).expect("valid");
        for a in 0..h.node_count() {
            let (mut x, mut y) = (neighbours(&h, a), neighbours(&c, a));
            x.sort_unstable();
            y.sort_unstable();
            assert_eq!(x, y, "{}: {a}", h.spec_string());
            for b in (0..h.node_count()).step_by(3) {
                assert_eq!(h.distance(a, b), c.distance(a, b));
            }
        }
    }
}

/// The k-ary n-flat is the HyperX with n − 1 dimensions of k and T = k: k^(n−1)
/// routers of radix n(k − 1) + 1 serving k^n terminals, diameter n − 1 (Kim, Dally and
/// Abts, §2).
#[test]
fn flattened_butterfly_is_a_hyperx() {
    for f in flatflies() {
        let n = f.flattened().expect("flat");
        let k = f.sizes()[0];
        let h = HyperX::new(&vec![u64::from(k); n as usize - 1], u64::from(k)).expect("valid");
        assert_eq!(f.node_count(), h.node_count());
        for v in 0..f.node_count() {
            assert_eq!(neighbours(&f, v), neighbours(&h, v));
        }
        let (k, n) = (u64::from(k), u64::from(n));
        assert_eq!(f.node_count() as u64, k.pow(n as u32 - 1));
        assert_eq!(f.terminal_total(), k.pow(n as u32));
        assert_eq!(f.radix(), n * (k - 1) + 1);
        assert_eq!(f.grid().diameter(), n - 1);
        assert_eq!(f.spec_string(), format!("flatfly:k={k},n={n}"));
    }
}

/// The examples the docs and the web use.
#[test]
fn docs_examples() {
    let net: Network = "hyperx:s=4x4x3,t=2".parse().expect("spec");
    assert_eq!(net.concentration(), 2);
    assert_eq!(
        net.structure(),
        Structure::Grid {
            radices: vec![4, 4, 3]
        }
    );
    let (a, b) = net.default_route();
    let route = net.route("minimal", a, b, 100).expect("route");
    assert_eq!((route.length, route.paths.len()), (3, 6));
    let dor = net.route("dor", a, b, 10).expect("route");
    let printed: Vec<String> = dor.paths[0].iter().map(|&v| net.format_node(v)).collect();
    assert_eq!(printed, ["(0,0,0)", "(3,0,0)", "(3,2,0)", "(3,2,1)"]);
    let formula = |name: &str| {
        net.formulas()
            .iter()
            .find(|f| f.name == name)
            .map(|f| f.value)
    };
    assert_eq!(formula("switches"), Some(48));
    assert_eq!(formula("terminals"), Some(96));
    assert_eq!(formula("links"), Some(48 * 8 / 2));
    assert_eq!(formula("degree"), Some(8));
    assert_eq!(formula("radix"), Some(10));
    assert_eq!(formula("diameter"), Some(3));
    assert_eq!(formula("bisection width"), None, "S_min = 3 is odd");
    // Σ N(Sᵢ − 1)/Sᵢ = 36 + 36 + 32.
    assert_eq!(formula("distance sum from a switch"), Some(104));
    let info = net.info();
    assert_eq!((info.links, info.max_degree, info.diameter), (192, 8, 3));
    assert!((info.average_distance - 104.0 / 47.0).abs() < 1e-12);

    let flat: Network = "flatfly:k=4,n=3".parse().expect("spec");
    assert_eq!(flat.concentration(), 4);
    let (a, b) = flat.default_route();
    assert_eq!(
        flat.route("minimal", a, b, 0).expect("r").path_count,
        BigUint::from(2u32)
    );
    let formula = |name: &str| {
        flat.formulas()
            .iter()
            .find(|f| f.name == name)
            .map(|f| f.value)
    };
    assert_eq!(formula("routers"), Some(16));
    assert_eq!(formula("terminals"), Some(64));
    assert_eq!(formula("radix"), Some(10));
    assert_eq!(formula("bisection width"), Some(16));
}

#[test]
fn bad_parameters_say_what_and_why() {
    let err = |s: &str| s.parse::<Network>().expect_err(s);
    assert_eq!(
        err("hyperx:s=4x257"),
        SpecError::Param(ParamError::OutOfRange {
            key: "s[2]".into(),
            value: 257,
            allowed: "a radix is 2 to 256".into()
        })
    );
    assert_eq!(err("hyperx:s=4x1").param_key(), Some("s"));
    assert_eq!(err("hyperx:s=4x4,t=0").param_key(), Some("t"));
    assert_eq!(err("hyperx:s=4x4,t=999").param_key(), Some("t"));
    assert!(matches!(
        err("hyperx:s=256x256x256x256"),
        SpecError::Param(ParamError::TooLarge { .. })
    ));
    assert!(matches!(
        err("hyperx:t=2"),
        SpecError::Param(ParamError::Missing { key: "s", .. })
    ));
    assert_eq!(err("flatfly:k=1,n=3").param_key(), Some("k"));
    assert_eq!(err("flatfly:k=4,n=1").param_key(), Some("n"));
    assert!(matches!(
        err("flatfly:k=4,n=18"),
        SpecError::Param(ParamError::TooLarge {
            nodes: 17_179_869_184,
            ..
        })
    ));
    assert!(matches!(
        err("flatfly:k=2,n=999999"),
        SpecError::Param(ParamError::TooLarge { .. })
    ));
    assert!(matches!(
        err("flatfly:k=4"),
        SpecError::Param(ParamError::Missing { key: "n", .. })
    ));
    let default_t: Network = "hyperx:s=3x3".parse().expect("t defaults to 1");
    assert_eq!(default_t.spec(), "hyperx:s=3x3,t=1");
    let biggest: Network = "flatfly:k=2,n=32".parse().expect("2³¹ routers");
    assert_eq!(biggest.topology().node_count(), 1 << 31);
}

#[test]
fn addresses() {
    let net: Network = "hyperx:s=4x4x3,t=2".parse().expect("spec");
    assert_eq!(net.parse_node("3,2,1"), Ok(3 * 12 + 2 * 3 + 1));
    assert_eq!(net.format_node(3 * 12 + 2 * 3 + 1), "(3,2,1)");
    assert!(net
        .parse_node("(3,2,3)")
        .expect_err("x3 < 3")
        .to_string()
        .contains("x3 = 3 is out of range"));
    assert!(matches!(
        net.parse_node(" "),
        Err(AddressError::Empty { .. })
    ));
}
