//! Throughput against independent computations: Dally and Towles's closed forms for rings,
//! tori and meshes under uniform traffic, a brute force over every permutation for the
//! worst case on tiny networks (one-phase and two-phase routings), and the Dragonfly's
//! 1/(a·p) under its worst case.

use icn_core::analysis::throughput::{fraction, routed, worst, Demand};
use icn_core::routing::registry;

use crate::support::net;
use icn_core::graph::{route_orbits, translation_invariant};

/// Every permutation of 0..n, by Heap's algorithm.
fn permutations(n: usize) -> Vec<Vec<u32>> {
    let mut a: Vec<u32> = (0..n as u32).collect();
    let mut out = vec![a.clone()];
    let mut c = vec![0usize; n];
    let mut i = 0;
    while i < n {
        if c[i] < i {
            let j = if i % 2 == 0 { 0 } else { c[i] };
            a.swap(j, i);
            out.push(a.clone());
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
    out
}

fn uniform(spec: &str, routing: &str) -> f64 {
    let n = net(spec);
    let r = registry::build(&n, routing).expect("routing");
    routed(&n, r.as_ref(), &Demand::Uniform)
        .expect("throughput")
        .channel_bound
}

/// Dally and Towles (§3.3): with uniform traffic over all N nodes at λ per node, a k-ary
/// n-cube's busiest channel carries kλ/8 (k even, ties split) and a k-ary n-mesh's kλ/4.
/// Here an endpoint sends r/(N − 1) to each other endpoint, λ = r·N/(N − 1), so the bound
/// is 8/k · (N − 1)/N and 4/k · (N − 1)/N. Dimension order on an even torus sends every
/// antipodal packet one way: its ring carries (1 + 2 + … + k/2)·λ/k.
#[test]
fn uniform_bounds_are_the_closed_forms() {
    let close = |got: f64, want: f64, what: &str| {
        assert!((got - want).abs() < 1e-9, "{what}: {got} against {want}");
    };
    close(
        uniform("torus:k=8", "minimal"),
        8.0 / 8.0 * 7.0 / 8.0,
        "ring of 8",
    );
    close(
        uniform("torus:k=8x8", "minimal"),
        1.0 * 63.0 / 64.0,
        "8-ary 2-cube",
    );
    close(
        uniform("mesh:k=8x8", "dor"),
        4.0 / 8.0 * 63.0 / 64.0,
        "8-ary 2-mesh",
    );
    close(
        uniform("mesh:k=6x6x6", "dor"),
        4.0 / 6.0 * 215.0 / 216.0,
        "6-ary 3-mesh",
    );
    // Dimension order, antipodal one way: (1 + 2 + 3 + 4)/8 = 5/4 per λ.
    close(
        uniform("torus:k=8x8", "dor"),
        63.0 / 64.0 / 1.25,
        "8-ary 2-cube, dor",
    );
    assert_eq!(fraction(uniform("torus:k=8x8", "dor")), Some((63, 80)));
}

/// The worst case found by assignment is the largest busiest-channel load over every
/// permutation of the endpoints.
#[test]
fn worst_case_is_the_brute_force_maximum() {
    for (spec, routing) in [
        ("torus:k=5", "minimal"),
        ("torus:k=6", "minimal"),
        ("mesh:k=2x3", "dor"),
        ("torus:k=2x3", "dor"),
        ("hypercube:n=3", "ecube"),
        ("torus:k=4", "valiant"),
        ("mesh:k=2x3", "valiant"),
        ("dragonfly:a=2,p=1,h=1", "lgl"),
        ("dragonfly:a=2,p=1,h=1", "valiant"),
        ("dragonfly:a=2,p=1,h=1", "valiant-min"),
    ] {
        let n = net(spec);
        let r = registry::build(&n, routing).expect("routing");
        let found = worst(&n, r.as_ref(), &mut |_, _| {}).expect("worst");
        let e = n.topology().node_count();
        let brute = permutations(e)
            .into_iter()
            .map(|p| {
                routed(&n, r.as_ref(), &Demand::Permutation(p))
                    .expect("a permutation")
                    .max_load
            })
            .fold(0.0, f64::max);
        assert!(
            (found.max_load - brute).abs() < 1e-9,
            "{spec} {routing}: assignment {} against brute force {brute}",
            found.max_load
        );
        // The permutation it names loads its bottleneck that much.
        let again = routed(
            &n,
            r.as_ref(),
            &Demand::Permutation(found.permutation.clone().expect("perm")),
        )
        .expect("again");
        assert!((again.max_load - found.max_load).abs() < 1e-9, "{spec}");
    }
}

/// A routing with its symmetry hidden: the same relation and intermediates, no orbits and
/// no translations, so the worst case solves every channel.
struct Plain<'a>(&'a dyn icn_core::graph::Routing);

impl icn_core::graph::Routing for Plain<'_> {
    fn next_hops(&self, at: usize, dst: usize, out: &mut Vec<usize>) {
        self.0.next_hops(at, dst, out);
    }

    fn two_phase(&self) -> Option<&dyn icn_core::graph::TwoPhase> {
        self.0.two_phase()
    }
}

/// The worst case by one channel per orbit (translations, the Dragonfly's group rotation,
/// a mesh's reflections) equals the worst case over every channel, for two-phase
/// routings, whose intermediates the symmetry must map too, and one-phase ones.
#[test]
fn worst_case_by_orbits_is_the_worst_over_every_channel() {
    for (spec, routing) in [
        ("torus:k=6x6", "valiant"),
        ("mesh:k=4x4", "valiant"),
        ("hypercube:n=4", "valiant"),
        ("dragonfly:a=4,p=2,h=2,arr=relative", "valiant"),
        ("dragonfly:a=4,p=2,h=2,arr=circulant", "valiant-min"),
        ("dragonfly:a=4,p=2,h=2,arr=relative", "lgl"),
    ] {
        let n = net(spec);
        let r = registry::build(&n, routing).expect("routing");
        assert!(
            route_orbits(r.as_ref()).is_some() || translation_invariant(r.as_ref()),
            "{spec} {routing}: no symmetry declared"
        );
        let by_orbits = worst(&n, r.as_ref(), &mut |_, _| {}).expect("worst");
        let every = worst(&n, &Plain(r.as_ref()), &mut |_, _| {}).expect("worst");
        assert!(
            (by_orbits.max_load - every.max_load).abs() < 1e-9,
            "{spec} {routing}: {} by orbits, {} over every channel",
            by_orbits.max_load,
            every.max_load
        );
    }
}

/// A balanced Dragonfly (a = 2p = 2h) under minimal routing: the worst case sends a whole
/// group's a·p endpoints over one global channel, 1/(a·p); Valiant's spreads it.
#[test]
fn the_dragonflys_worst_case_is_one_over_a_p() {
    let n = net("dragonfly:a=4,p=2,h=2");
    let minimal = registry::build(&n, "minimal").expect("minimal");
    let w = worst(&n, minimal.as_ref(), &mut |_, _| {}).expect("worst");
    assert_eq!(w.throughput, 1.0 / 8.0);
    assert_eq!(fraction(w.throughput), Some((1, 8)));
    // Every source in one group sends to the group its bottleneck's global channel leads to.
    let ends = icn_core::analysis::throughput::endpoint_nodes(&n);
    assert_eq!(ends.len(), 72);
}

/// The maximum concurrent flow of uniform traffic on an edge-transitive network is its
/// capacity over the traffic's total distance: C / (E · d̄), with C directed channels, E
/// endpoints each sending 1 and d̄ the mean distance to the other endpoints (every channel
/// then carries the same load, by symmetry of a minimal routing). Rings of 8 and 10: 7/8
/// and 18/25.
#[test]
fn optimal_uniform_is_capacity_over_total_distance() {
    use icn_core::analysis::throughput::optimal;
    for (spec, want) in [("torus:k=8", 7.0 / 8.0), ("torus:k=10", 18.0 / 25.0)] {
        let n = net(spec);
        let t = n.topology();
        let nodes = t.node_count();
        let total: u64 = (0..nodes)
            .map(|s| {
                icn_core::graph::bfs(t, s)
                    .iter()
                    .map(|&d| u64::from(d))
                    .sum::<u64>()
            })
            .sum();
        let mean = total as f64 / (nodes * (nodes - 1)) as f64;
        let closed = 2.0 * nodes as f64 / (nodes as f64 * mean);
        assert!((closed - want).abs() < 1e-12, "{spec}: {closed}");
        let o = optimal(&n, &Demand::Uniform).expect("optimal");
        assert!(
            (o.lower_bound - want).abs() < 1e-9,
            "{spec}: {}",
            o.lower_bound
        );
        assert_eq!(o.lower_bound, o.upper_bound);
    }
}

/// No routing beats the optimal bound: every routing's channel bound, under uniform
/// traffic and under its own worst case, is at most the maximum concurrent flow of that
/// traffic; and the `longest` permutation's total distance is the brute-force maximum.
#[test]
fn no_routing_beats_the_optimal_bound() {
    use icn_core::analysis::throughput::{longest, optimal};
    for (spec, routings) in [
        ("mesh:k=4x4", &["dor", "minimal", "valiant"][..]),
        ("dragonfly:a=2,p=1,h=1", &["minimal", "valiant"][..]),
    ] {
        let n = net(spec);
        let best = optimal(&n, &Demand::Uniform).expect("optimal").upper_bound;
        for name in routings {
            let r = registry::build(&n, name).expect("routing");
            let got = routed(&n, r.as_ref(), &Demand::Uniform).expect("routed");
            assert!(
                got.throughput <= best + 1e-9,
                "{spec} {name}: {} > {best}",
                got.throughput
            );
            let w = worst(&n, r.as_ref(), &mut |_, _| {}).expect("worst");
            let p = w.permutation.clone().expect("perm");
            let bound = optimal(&n, &Demand::Permutation(p))
                .expect("optimal")
                .upper_bound;
            assert!(w.throughput <= bound + 1e-9, "{spec} {name} worst");
        }
    }
    let n = net("hypercube:n=3");
    let t = n.topology();
    let dist: Vec<Vec<u32>> = (0..8).map(|s| icn_core::graph::bfs(t, s)).collect();
    let total = |p: &[u32]| -> u32 {
        p.iter()
            .enumerate()
            .map(|(s, &d)| dist[s][d as usize])
            .sum()
    };
    let brute = permutations(8)
        .iter()
        .map(|p| total(p))
        .max()
        .expect("some");
    // Every endpoint to its complement: 3 hops each.
    assert_eq!(brute, 24);
    assert_eq!(total(&longest(&n).expect("longest")), brute);
}

/// Checks that `o`'s bounds hold `v` and lie within 1 % of each other; returns them.
fn brackets(what: &str, v: f64, o: icn_core::analysis::throughput::Optimal) -> (f64, f64) {
    let (lo, hi) = (o.lower_bound, o.upper_bound);
    assert!(
        lo <= v + 1e-9 && v <= hi + 1e-9,
        "{what}: {v} outside [{lo}, {hi}]"
    );
    assert!(hi <= 1.01 * lo, "{what}: [{lo}, {hi}]");
    (lo, hi)
}

/// The certified approximation brackets the linear program's exact value on networks the
/// program solves, its two bounds within 1 % of each other.
#[test]
fn the_approximation_brackets_the_linear_program() {
    use icn_core::analysis::throughput::{longest, optimal, optimal_approximate};
    for spec in [
        "torus:k=4x4",
        "mesh:k=3x3",
        "hypercube:n=4",
        "jellyfish:n=16,r=3,p=2,seed=3",
        "dragonfly:a=2,p=2,h=1",
        "fattree:k=2,n=3",
    ] {
        let n = net(spec);
        let p = longest(&n).expect("longest");
        for demand in [Demand::Uniform, Demand::Permutation(p)] {
            let exact = optimal(&n, &demand).expect("optimal");
            assert_eq!(exact.lower_bound, exact.upper_bound, "{spec}: the program");
            let v = exact.lower_bound;
            let a = optimal_approximate(&n, &demand, &mut |_, _| {}).expect("approximate");
            brackets(&format!("{spec} {demand:?}"), v, a);
        }
    }
}

/// Column generation over paths brackets the linear program's exact value on networks the
/// program solves, under permutations (the near-worst `longest`, a routing's worst case
/// and a shift), and where it finishes both its bounds are that value.
#[test]
fn column_generation_brackets_the_linear_program() {
    use icn_core::analysis::throughput::{longest, optimal, optimal_paths};
    for (spec, routing) in [
        ("torus:k=4x4", "dor"),
        ("mesh:k=3x3", "dor"),
        ("hypercube:n=4", "ecube"),
        ("jellyfish:n=16,r=3,p=2,seed=3", "minimal"),
        ("dragonfly:a=2,p=2,h=1", "minimal"),
        ("fattree:k=2,n=3", "minimal"),
    ] {
        let n = net(spec);
        let r = registry::build(&n, routing).expect("routing");
        let e = icn_core::analysis::throughput::endpoint_nodes(&n).len() as u32;
        let shift: Vec<u32> = (0..e).map(|s| (s + e / 2 + 1) % e).collect();
        let w = worst(&n, r.as_ref(), &mut |_, _| {}).expect("worst");
        for p in [
            longest(&n).expect("longest"),
            w.permutation.expect("perm"),
            shift,
        ] {
            let demand = Demand::Permutation(p);
            let exact = optimal(&n, &demand).expect("optimal");
            assert_eq!(exact.lower_bound, exact.upper_bound, "{spec}: the program");
            let v = exact.lower_bound;
            let c = optimal_paths(&n, &demand, &mut |_, _| {}).expect("paths");
            let (lo, hi) = brackets(&format!("{spec} {demand:?}"), v, c);
            if lo == hi {
                assert!((lo - v).abs() < 1e-9, "{spec} {demand:?}: {lo} against {v}");
            }
        }
    }
}

/// Beyond the flow program, a permutation's optimal bound is certified within 1 % (exact
/// where column generation finishes), inside the multiplicative weights' own bracket: a
/// Dragonfly of 72 endpoints under the near-worst permutation and a shift of its groups.
#[test]
fn a_permutation_beyond_the_program_is_certified_within_one_percent() {
    use icn_core::analysis::throughput::{longest, optimal, optimal_approximate};
    let n = net("dragonfly:a=4,p=2,h=2");
    let e = icn_core::analysis::throughput::endpoint_nodes(&n).len() as u32;
    let shift: Vec<u32> = (0..e).map(|s| (s + 8) % e).collect();
    for p in [longest(&n).expect("longest"), shift] {
        let demand = Demand::Permutation(p);
        let o = optimal(&n, &demand).expect("optimal");
        let (lo, hi) = (o.lower_bound, o.upper_bound);
        assert!(hi <= 1.01 * lo, "{demand:?}: [{lo}, {hi}]");
        let a = optimal_approximate(&n, &demand, &mut |_, _| {}).expect("approximate");
        assert!(
            a.lower_bound <= hi + 1e-9 && lo <= a.upper_bound + 1e-9,
            "{demand:?}: [{lo}, {hi}] against the approximation's [{}, {}]",
            a.lower_bound,
            a.upper_bound
        );
    }
}

/// A permutation's text (`perm:@FILE`, the page's file picker): numbers separated by commas,
/// spaces or lines; the first word that is not one is named with its line.
#[test]
fn a_permutation_text_is_read_word_by_word() {
    use icn_core::sim::packet::permutation_text;
    assert_eq!(permutation_text("1, 0\n3 2\n\n"), Ok(vec![1, 0, 3, 2]));
    assert_eq!(permutation_text(""), Ok(vec![]));
    let e = permutation_text("1 0\n3 x 2").expect_err("x");
    assert_eq!((e.line, e.word.as_str()), (2, "x"));
    assert_eq!(e.to_string(), "line 2: 'x' is not an endpoint number");
    assert!(permutation_text("-1").is_err());
}

/// A deterministic traffic matrix on `e` endpoints: each row a few destinations (the
/// source among them at times), fractions summing to at most 1.
fn some_matrix(e: usize, seed: u64) -> Vec<Vec<(u32, f64)>> {
    let mut x = seed;
    let mut next = move || {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (x >> 33) as usize
    };
    (0..e)
        .map(|_| {
            let k = 1 + next() % 4;
            (0..k)
                .map(|_| {
                    (
                        (next() % e) as u32,
                        (1 + next() % 7) as f64 / (8.0 * k as f64),
                    )
                })
                .collect()
        })
        .collect()
}

/// A traffic matrix's loads, grouped by destination node in one pass per DAG, are each
/// pair's shares added pair by pair; uniform traffic written as a matrix loads every
/// channel as `channel_loads` does by symmetry; a permutation written as a matrix is that
/// permutation. One-phase and two-phase routings, one endpoint a node and several.
#[test]
fn a_traffic_matrix_loads_as_its_pairs_one_by_one() {
    use icn_core::analysis::throughput::{endpoint_nodes, pair_shares, Channels};
    for (spec, routing) in [
        ("torus:k=6x4", "minimal"),
        ("mesh:k=4x4", "dor"),
        ("hypercube:n=4", "ecube"),
        ("dragonfly:a=2,p=2,h=1", "minimal"),
        ("dragonfly:a=2,p=2,h=1", "valiant"),
        ("torus:k=5x3", "valiant"),
    ] {
        let n = net(spec);
        let r = registry::build(&n, routing).expect("routing");
        let ends = endpoint_nodes(&n);
        let e = ends.len();
        let t = n.topology();
        let channels = Channels::of(t);
        let close = |a: &[f64], b: &[f64], what: &str| {
            for (k, (x, y)) in a.iter().zip(b).enumerate() {
                assert!(
                    (x - y).abs() < 1e-9,
                    "{spec} {routing} {what}: channel {k}: {x} against {y}"
                );
            }
        };
        // Pair by pair.
        let rows = some_matrix(e, 7);
        let mut want = vec![0.0; channels.len()];
        for (s, row) in rows.iter().enumerate() {
            for &(d, f) in row {
                pair_shares(
                    r.as_ref(),
                    t.node_count(),
                    (ends[s], ends[d as usize]),
                    f,
                    &mut |u, v, x| {
                        want[channels.index(u, v).expect("a channel")] += x;
                    },
                );
            }
        }
        let got = routed(&n, r.as_ref(), &Demand::Matrix(rows)).expect("matrix");
        close(&got.loads, &want, "pair by pair");
        // Uniform traffic as a matrix, against the loads by symmetry.
        let per = 1.0 / (e as f64 - 1.0);
        let rows = (0..e)
            .map(|s| {
                (0..e as u32)
                    .filter(|&d| d as usize != s)
                    .map(|d| (d, per))
                    .collect()
            })
            .collect();
        let by_matrix = routed(&n, r.as_ref(), &Demand::Matrix(rows)).expect("matrix");
        let by_symmetry = routed(&n, r.as_ref(), &Demand::Uniform).expect("uniform");
        close(&by_matrix.loads, &by_symmetry.loads, "uniform");
        assert!((by_matrix.throughput - by_symmetry.throughput).abs() < 1e-9);
        // A shift as a matrix and as a permutation.
        let p: Vec<u32> = (0..e as u32).map(|s| (s + 3) % e as u32).collect();
        let rows = p.iter().map(|&d| vec![(d, 1.0)]).collect();
        let as_matrix = routed(&n, r.as_ref(), &Demand::Matrix(rows)).expect("matrix");
        let as_perm = routed(&n, r.as_ref(), &Demand::Permutation(p)).expect("perm");
        close(&as_matrix.loads, &as_perm.loads, "shift");
        assert_eq!(as_matrix.throughput, as_perm.throughput);
    }
}

/// A hotspot's throughput is its receiving endpoint's own link: on a ring of 8 under
/// `hotspot(0)` endpoint 0 receives 8 times the rate (its own traffic included), 1/8,
/// below the channels' 2/7 (channel 1 → 0 carries the three nearer sources and half the
/// antipode's: 3.5); the optimal bound is the same 1/8. Endpoints 0 and 4 at rates 3 : 1
/// receive 6 and 2: 1/6.
#[test]
fn a_hotspot_is_bounded_by_its_own_link() {
    use icn_core::analysis::throughput::optimal;
    use icn_core::sim::packet::{pattern_demand, Pattern};
    let n = net("torus:k=8");
    let r = registry::build(&n, "minimal").expect("routing");
    let demand =
        pattern_demand(&n, &"hotspot(0)".parse::<Pattern>().expect("pattern")).expect("demand");
    let got = routed(&n, r.as_ref(), &demand).expect("hotspot");
    assert_eq!(fraction(got.throughput), Some((1, 8)));
    assert_eq!(fraction(got.channel_bound), Some((2, 7)));
    assert_eq!(got.busiest_endpoints, [0]);
    let o = optimal(&n, &demand).expect("optimal");
    assert_eq!((o.lower_bound, o.upper_bound), (0.125, 0.125));
    let demand = pattern_demand(
        &n,
        &"hotspot({0,4},{3,1})".parse::<Pattern>().expect("pattern"),
    )
    .expect("demand");
    let got = routed(&n, r.as_ref(), &demand).expect("hotspot");
    assert_eq!(fraction(got.throughput), Some((1, 6)));
    // A matrix that is not one of the endpoints is refused with the reason.
    let short = routed(&n, r.as_ref(), &Demand::Matrix(vec![vec![(1, 1.0)]; 7]));
    assert!(short.is_err_and(|e| e.to_string().contains("7 rows for 8 endpoints")));
    let over = routed(
        &n,
        r.as_ref(),
        &Demand::Matrix(vec![vec![(1, 0.7), (2, 0.7)]; 8]),
    );
    assert!(over.is_err_and(|e| e.to_string().contains("more than all its traffic")));
}

/// Under the simulator's random patterns as matrices, the linear program's exact optimum
/// is bracketed by the certified approximation, and no routing's bound exceeds it.
#[test]
fn a_matrixs_optimal_bound_brackets_and_bounds_the_routings() {
    use icn_core::analysis::throughput::{optimal, optimal_approximate};
    use icn_core::sim::packet::{pattern_demand, Pattern};
    for (spec, traffic, routings) in [
        ("mesh:k=4x4", "background({0,5})", &["dor", "minimal"][..]),
        ("torus:k=4x4", "asymmetric", &["dor", "valiant"][..]),
        ("torus:k=4x4", "diagonal", &["minimal"][..]),
        (
            "dragonfly:a=2,p=2,h=1",
            "bad_dragon",
            &["minimal", "valiant"][..],
        ),
        ("mesh:k=4x4", "badperm_yarc", &["dor"][..]),
    ] {
        let n = net(spec);
        let demand =
            pattern_demand(&n, &traffic.parse::<Pattern>().expect("pattern")).expect("demand");
        assert!(matches!(demand, Demand::Matrix(_)), "{traffic}");
        let exact = optimal(&n, &demand).expect("optimal");
        assert_eq!(exact.lower_bound, exact.upper_bound, "{spec} {traffic}");
        let a = optimal_approximate(&n, &demand, &mut |_, _| {}).expect("approximate");
        brackets(&format!("{spec} {traffic}"), exact.lower_bound, a);
        for name in routings {
            let r = registry::build(&n, name).expect("routing");
            let got = routed(&n, r.as_ref(), &demand).expect("routed");
            assert!(
                got.throughput <= exact.upper_bound + 1e-9,
                "{spec} {traffic} {name}: {} > {}",
                got.throughput,
                exact.upper_bound
            );
        }
    }
}
