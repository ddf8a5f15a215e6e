//! The Lens against the paper (Finkel & Solomon 1980) and breadth-first search.

use icn_core::analysis::LensLoads;
use icn_core::metrics::{bfs, count_minimal_paths, UNREACHABLE};
use icn_core::routing::count_paths;
use icn_core::topology::lens::{
    figure2, Direction, Lens, LensAddressError, PathChoice, PathClass, Pattern, SECTION4_EXAMPLE,
};
use icn_core::{AddressError, BigUint, ParamError, Spec, Topology, MAX_NODES};
use icn_graph::{Addresses, Distances, Graph, Symmetry};

/// (p, q, n, completed): every kind of small lens the checks below sweep.
const SMALL: &[(u64, u64, u64, bool)] = &[
    (3, 3, 1, false),
    (3, 3, 2, false),
    (3, 3, 3, false),
    (3, 3, 4, false),
    (4, 3, 2, false),
    (3, 4, 3, false),
    (4, 4, 2, false),
    (5, 3, 2, false),
    (3, 5, 2, false),
    (3, 3, 2, true),
    (3, 3, 3, true),
    (3, 3, 4, true),
    (3, 3, 5, true),
    (4, 4, 2, true),
    (4, 4, 3, true),
    (5, 5, 2, true),
];

fn lenses() -> Vec<Lens> {
    SMALL
        .iter()
        .map(|&(p, q, n, c)| Lens::new(p, q, n, c).expect("a valid lens"))
        .collect()
}

fn nb(t: &dyn Topology, v: usize) -> Vec<usize> {
    let mut out = Vec::new();
    t.neighbours(v, &mut out);
    out
}

#[test]
fn counts_degrees_and_closed_forms() {
    for l in lenses() {
        let (p, q, n) = (u64::from(l.p()), u64::from(l.q()), l.n() as u32);
        let (r1, r2) = (p - 1, q - 1);
        let procs: u64 = (1..=n).map(|k| r1.pow(k) * r2.pow(n - k)).sum();
        let busses: u64 = (0..n).map(|k| r1.pow(k) * r2.pow(n - k)).sum();
        assert_eq!(l.processor_count() as u64, procs);
        assert_eq!(l.bus_count() as u64, busses);
        if p == q {
            assert_eq!(procs, u64::from(n) * r1.pow(n));
            assert_eq!(busses, procs, "as many busses as processors");
        }
        let mut degree_sum = 0u64;
        let (mut short_procs, mut short_busses) = (0u64, 0u64);
        for v in 0..l.node_count() {
            let d = nb(&l, v).len() as u64;
            degree_sum += d;
            if l.is_processor(v) {
                assert!(
                    d == q || (d == q - 1 && !l.is_completed()),
                    "{}",
                    l.spec_string()
                );
                short_procs += u64::from(d < q);
            } else {
                assert!(d == p || (d == p - 1 && !l.is_completed()));
                short_busses += u64::from(d < p);
            }
        }
        let edge = if l.is_completed() { 0 } else { 1 };
        // The (p−1)ⁿ edge processors lack a bus, the (q−1)ⁿ central busses a processor.
        assert_eq!(short_procs, edge * r1.pow(n));
        assert_eq!(short_busses, edge * r2.pow(n));
        assert_eq!(l.link_count(), degree_sum / 2);
        assert_eq!(l.link_formula(), degree_sum / 2);
    }
}

/// Adjacency is symmetric, simple and bipartite (processors only meet busses).
#[test]
fn adjacency_is_symmetric_simple_and_bipartite() {
    for l in lenses() {
        for u in 0..l.node_count() {
            let a = nb(&l, u);
            let mut s = a.clone();
            s.sort_unstable();
            s.dedup();
            assert_eq!(s.len(), a.len(), "duplicate neighbour, {}", l.spec_string());
            for &v in &a {
                assert_ne!(l.is_processor(u), l.is_processor(v));
                assert!(nb(&l, v).contains(&u), "one-way link {u}-{v}");
            }
        }
    }
}

/// The paper's recursive construction (§3), built independently with address strings:
/// each bus is compared as the set of processors on it.
#[test]
fn recursive_construction_gives_the_same_busses() {
    fn digit(x: u64) -> char {
        char::from_digit(x as u32, 36).unwrap()
    }
    for l in lenses() {
        let (p, q, n) = (u64::from(l.p()), u64::from(l.q()), l.n());
        // Level 1: q − 1 busses, each on all p − 1 processors "b.".
        let level1: Vec<String> = (0..p - 1).map(|b| format!("{}.", digit(b))).collect();
        let mut busses: Vec<Vec<String>> = (0..q - 1).map(|_| level1.clone()).collect();
        let mut procs = level1;
        for _ in 2..=n {
            let mut next_busses = Vec::new();
            let mut next_procs = Vec::new();
            for i in 0..q - 1 {
                let ext = |a: &String| format!("{a}{}", digit(i));
                next_procs.extend(procs.iter().map(ext));
                next_busses.extend(busses.iter().map(|b| b.iter().map(ext).collect::<Vec<_>>()));
            }
            // Each deficient processor wb. gets a new bus in every copy i; the q − 1 new
            // busses of wb share the p − 1 new processors wbc.
            for w in procs.iter().filter(|a| a.ends_with('.')) {
                let stem = &w[..w.len() - 1];
                let new: Vec<String> = (0..p - 1).map(|c| format!("{stem}{}.", digit(c))).collect();
                for i in 0..q - 1 {
                    let mut bus = new.clone();
                    bus.push(format!("{w}{}", digit(i)));
                    next_busses.push(bus);
                }
                next_procs.extend(new);
            }
            busses = next_busses;
            procs = next_procs;
        }
        if l.is_completed() {
            // "A processor with address aw. is connected to any deficient bus adjacent to
            // processor 0.w": one each, the q − 1 such busses being interchangeable.
            let mut next_a = std::collections::HashMap::new();
            for bus in busses.iter_mut().filter(|b| b.len() as u64 == p - 1) {
                let w = bus[0][2..].to_string();
                let a = next_a.entry(w.clone()).or_insert(0u64);
                bus.push(format!("{}{w}.", digit(*a)));
                *a += 1;
            }
        }
        let mut want: Vec<Vec<String>> = busses
            .into_iter()
            .map(|mut b| {
                b.sort();
                b
            })
            .collect();
        want.sort();
        let mut got: Vec<Vec<String>> = (l.processor_count()..l.node_count())
            .map(|b| {
                let mut s: Vec<String> = nb(&l, b).into_iter().map(|v| l.format_node(v)).collect();
                s.sort();
                s
            })
            .collect();
        got.sort();
        let mut want_procs = procs;
        want_procs.sort();
        let mut got_procs: Vec<String> =
            (0..l.processor_count()).map(|v| l.format_node(v)).collect();
        got_procs.sort();
        assert_eq!(got_procs, want_procs, "{}", l.spec_string());
        assert_eq!(got, want, "{}", l.spec_string());
    }
}

#[test]
fn spec_parses_and_prints_back() {
    for (text, canon) in [
        ("lens:p=4,q=4,n=10", "lens:p=4,q=4,n=10"),
        ("lens:p=4,q=4,n=10,completed", "lens:p=4,q=4,n=10,completed"),
        ("lens:n=3,p=5,completed", "lens:p=5,q=5,n=3,completed"),
        ("lens:p=3,q=5,n=2", "lens:p=3,q=5,n=2"),
    ] {
        let l = Lens::from_spec(&text.parse::<Spec>().unwrap()).unwrap();
        assert_eq!(l.spec_string(), canon);
        let again = Lens::from_spec(&canon.parse::<Spec>().unwrap()).unwrap();
        assert_eq!(again, l);
    }
}

#[test]
fn parameter_errors() {
    let spec = |s: &str| Lens::from_spec(&s.parse::<Spec>().unwrap());
    assert!(matches!(
        spec("lens:p=4,q=3,n=3,completed"),
        Err(ParamError::OutOfRange { ref key, value: 3, .. }) if key == "q"
    ));
    assert!(matches!(
        spec("lens:p=4,n=1,completed"),
        Err(ParamError::OutOfRange { ref key, value: 1, .. }) if key == "n"
    ));
    assert!(
        matches!(spec("lens:p=2,n=3"), Err(ParamError::OutOfRange { ref key, .. }) if key == "p")
    );
    assert!(
        matches!(spec("lens:p=3,q=38,n=3"), Err(ParamError::OutOfRange { ref key, .. }) if key == "q")
    );
    assert!(
        matches!(spec("lens:p=3,n=0"), Err(ParamError::OutOfRange { ref key, .. }) if key == "n")
    );
    assert!(matches!(
        spec("lens:q=3,n=2"),
        Err(ParamError::Missing { key: "p", .. })
    ));
    assert!(matches!(
        spec("lens:p=3"),
        Err(ParamError::Missing { key: "n", .. })
    ));
    assert!(matches!(
        spec("lens:p=3,n=2,m=4"),
        Err(ParamError::UnknownKey { .. })
    ));
    assert!(matches!(
        spec("lens:p=x,n=2"),
        Err(ParamError::Malformed { key: "p", .. })
    ));
    assert!(matches!(
        spec("lens:p=3,n=30"),
        Err(ParamError::TooLarge { max: MAX_NODES, .. })
    ));
    assert!(matches!(
        spec("lens:p=37,n=99999999999"),
        Err(ParamError::TooLarge { .. })
    ));
    // The largest binary lens that fits: 2·25·2^25 ≤ 2^31 < 2·26·2^26 nodes.
    assert!(spec("lens:p=3,n=25,completed").is_ok());
    assert!(spec("lens:p=3,n=26,completed").is_err());
}

#[test]
fn every_address_round_trips() {
    for l in lenses() {
        for v in 0..l.node_count() {
            let text = l.format_node(v);
            assert_eq!(l.parse_node(&text), Ok(v), "{} {text}", l.spec_string());
            assert_eq!(text.starts_with('B'), !l.is_processor(v));
            if l.is_processor(v) {
                assert_eq!(l.parse_node(&format!("P{text}")), Ok(v));
                assert!(
                    !text.starts_with('.'),
                    "canonical processors are w.v, w non-empty"
                );
            } else {
                assert!(
                    !text.ends_with('.'),
                    "canonical busses have a digit after the dot"
                );
            }
        }
    }
}

#[test]
fn address_errors_name_the_character() {
    let l = Lens::new(4, 3, 4, false).unwrap();
    // w is base p − 1 = 3, v base q − 1 = 2.
    assert_eq!(l.format_node(l.parse_node("21.01").unwrap()), "21.01");
    assert!(matches!(
        l.parse_address("21.21"),
        Err(LensAddressError::BadDigit {
            ch: '2',
            position: 4,
            radix: 2,
            side: "after",
            ..
        })
    ));
    assert!(matches!(
        l.parse_address("31.01"),
        Err(LensAddressError::BadDigit {
            ch: '3',
            position: 1,
            radix: 3,
            side: "before",
            ..
        })
    ));
    assert_eq!(
        l.parse_address("2.1.01"),
        Err(LensAddressError::TwoDots {
            first: 2,
            second: 4
        })
    );
    assert!(matches!(
        l.parse_address("2101"),
        Err(LensAddressError::NoDot { .. })
    ));
    assert!(matches!(
        l.parse_address("21.0"),
        Err(LensAddressError::WrongLength {
            got: 3,
            want: 4,
            ..
        })
    ));
    assert!(matches!(
        l.parse_address("  "),
        Err(LensAddressError::Empty { .. })
    ));
    assert!(matches!(
        l.parse_address(".0101"),
        Err(LensAddressError::DotOutOfRange { position: 1, .. })
    ));
    assert!(matches!(
        l.parse_address("B2101."),
        Err(LensAddressError::DotOutOfRange { position: 6, .. })
    ));
    // Through Addresses::parse_node the shape errors keep the Lens's own words.
    assert!(matches!(
        l.parse_node("21.21"),
        Err(AddressError::Malformed { ref why, .. }) if why.contains("'2' at position 4")
    ));
    assert!(matches!(
        l.parse_node("21.0"),
        Err(AddressError::WrongLength {
            got: 3,
            want: 4,
            ..
        })
    ));
    let msg = l.parse_node("2.1.01").unwrap_err().to_string();
    assert!(msg.contains("second dot"), "{msg}");
    let msg = l.parse_node("2101").unwrap_err().to_string();
    assert!(msg.contains("no dot"), "{msg}");
    // The completed lens: w. and .w are one processor, Bw. and B.w one bus.
    let c = Lens::new(3, 3, 3, true).unwrap();
    assert_eq!(c.parse_node(".101"), c.parse_node("101."));
    assert_eq!(c.format_node(c.parse_node(".101").unwrap()), "101.");
    assert_eq!(c.parse_node("B101."), c.parse_node("B.101"));
    assert_eq!(c.format_node(c.parse_node("B101.").unwrap()), "B.101");
}

/// Closed-form distances against BFS for every pair; processor distances against BFS
/// on the processor graph.
#[test]
fn distances_match_bfs_for_all_pairs() {
    for l in lenses() {
        let pg = l.processor_graph(true);
        for s in 0..l.node_count() {
            let dist = bfs(&l, s);
            assert!(dist.iter().all(|&d| d != UNREACHABLE), "connected");
            for (t, &d) in dist.iter().enumerate() {
                assert_eq!(l.distance(s, t), Some(d), "{} {s}->{t}", l.spec_string());
            }
            if l.is_processor(s) {
                let pd = bfs(&pg, s);
                for (t, &d) in pd.iter().enumerate() {
                    assert_eq!(dist[t], 2 * d);
                    assert_eq!(l.processor_distance(s, t), d);
                }
            }
        }
    }
}

/// The minimal routing's paths are exactly BFS's minimal paths (counted on the DAG).
#[test]
fn minimal_routing_counts_equal_bfs_counts() {
    for l in lenses().into_iter().filter(|l| l.node_count() <= 200) {
        let r = l.routing();
        for s in 0..l.node_count() {
            for t in 0..l.node_count() {
                assert_eq!(
                    count_paths(&r, s, t),
                    count_minimal_paths(&l, s, t),
                    "{} {s}->{t}",
                    l.spec_string()
                );
            }
        }
    }
}

/// §4 (uncompleted): the region of difference, the four-step lengths and direction rule
/// against BFS on the pattern-A graph, and the true distance against BFS.
#[test]
fn four_step_algorithm_against_bfs() {
    for l in lenses().into_iter().filter(|l| !l.is_completed()) {
        let pa = l.processor_graph(false);
        for s in 0..l.processor_count() {
            let da = bfs(&pa, s);
            for (t, &dat) in da.iter().enumerate() {
                let r = l.region_of_difference(s, t);
                assert_eq!(r.paper_length, (2 * r.k - r.i.abs_diff(r.j)) as u32);
                assert_eq!(r.distance, l.processor_distance(s, t));
                if r.needs_dot_zero {
                    // Digit 1 differs: pattern A never changes it.
                    assert_eq!(dat, UNREACHABLE);
                } else {
                    assert_eq!(r.paper_length, dat, "{} {s}->{t}", l.spec_string());
                }
                // Pattern B saves one step exactly when the walk turns at a digit on the
                // left, i.e. the region's left end is a digit, not a dot.
                let turn_at_digit = r.k > 0 && r.first <= l.dot(s).min(l.dot(t));
                assert_eq!(r.distance, r.paper_length - u32::from(turn_at_digit));
                // The rule picks a direction of paper length.
                if let Some(dir) = r.first_move {
                    let len = match dir {
                        Direction::Right => r.length_right_first,
                        Direction::Left => r.length_left_first,
                    };
                    assert_eq!(len, r.paper_length);
                }
            }
        }
    }
}

/// §5 (completed): the four class lengths against BFS on the pattern-A graph, and the
/// true distance against BFS on the real graph.
#[test]
fn path_classes_against_bfs() {
    for l in lenses().into_iter().filter(|l| l.is_completed()) {
        let pa = l.processor_graph(false);
        let n = l.n();
        for s in 0..l.processor_count() {
            let da = bfs(&pa, s);
            for (t, &dat) in da.iter().enumerate() {
                let c = l.completed_routing(s, t);
                assert_eq!(c.pattern_a_distance, dat, "{} {s}->{t}", l.spec_string());
                assert_eq!(c.distance, l.processor_distance(s, t));
                assert!(2 * c.a >= n, "A is the longer arc");
                let rule = c.class_lengths[usize::from(c.rule_choice.number() - 1)];
                assert_eq!(rule, c.pattern_a_distance, "the class 1/3 rule is minimal");
                assert!(c.distance + 1 >= c.pattern_a_distance);
            }
        }
    }
}

/// Every walkthrough is a walk processor → bus → processor that ends at the destination
/// after as many steps as its length formula says.
#[test]
fn walkthroughs_reach_the_destination_in_the_stated_number_of_steps() {
    for l in lenses() {
        for s in 0..l.processor_count() {
            for t in 0..l.processor_count() {
                let check = |choice: PathChoice, want: u32| {
                    let steps = l.walkthrough(s, t, choice).unwrap();
                    assert_eq!(
                        steps.len() as u32,
                        want,
                        "{} {s}->{t} {choice:?}",
                        l.spec_string()
                    );
                    let mut at = s;
                    for st in &steps {
                        assert!(nb(&l, at).contains(&st.bus), "{choice:?}");
                        assert!(nb(&l, st.bus).contains(&st.node));
                        assert_eq!(l.dot(st.node), st.dot);
                        assert_eq!(st.pattern == Pattern::B, l.dot(at) == st.dot);
                        assert!((1..=4).contains(&st.phase));
                        at = st.node;
                    }
                    assert_eq!(at, t);
                    if let Some(last) = steps.last() {
                        assert_eq!(last.address, l.format_node(t));
                    }
                };
                check(PathChoice::Shortest, l.processor_distance(s, t));
                if l.is_completed() {
                    let c = l.completed_routing(s, t);
                    check(PathChoice::PaperRule, c.pattern_a_distance);
                    let (n, a) = (l.n() as u32, c.a as u32);
                    check(
                        PathChoice::Class {
                            class: PathClass::Two,
                            run: None,
                        },
                        n + a,
                    );
                    check(
                        PathChoice::Class {
                            class: PathClass::Four,
                            run: None,
                        },
                        2 * n - a,
                    );
                    for (i, r) in c.b_runs.iter().enumerate() {
                        let class = PathClass::One;
                        check(
                            PathChoice::Class {
                                class,
                                run: Some(i),
                            },
                            n + a - 2 * r.len as u32,
                        );
                    }
                    for (i, r) in c.c_runs.iter().enumerate() {
                        let class = PathClass::Three;
                        check(
                            PathChoice::Class {
                                class,
                                run: Some(i),
                            },
                            2 * n - a - 2 * r.len as u32,
                        );
                    }
                } else {
                    let r = l.region_of_difference(s, t);
                    let saved = u32::from(r.needs_dot_zero);
                    check(PathChoice::PaperRule, r.paper_length - saved);
                    check(
                        PathChoice::FourStep(Direction::Left),
                        r.length_left_first - saved,
                    );
                    check(
                        PathChoice::FourStep(Direction::Right),
                        r.length_right_first - saved,
                    );
                }
            }
        }
    }
}

/// Figure 2, digit by digit.
#[test]
fn figure_2() {
    let f = figure2().unwrap();
    assert_eq!(f.spec, "lens:p=4,q=4,n=10,completed");
    let c = &f.routing;
    assert_eq!(c.differences, "010.0101.100");
    assert_eq!(c.a_direction, Direction::Left);
    assert_eq!(c.a_digits, vec![3, 2, 1, 10, 9, 8]);
    assert_eq!((c.a, c.b, c.c), (6, 3, 1));
    assert_eq!(c.class_lengths, [10, 16, 12, 14]);
    assert_eq!(c.pattern_a_distance, 10);
    assert_eq!(c.minimal_classes, vec![PathClass::One]);
    assert_eq!(c.rule_choice, PathClass::One);
    // Figure 2g as transcribed (once) in the papers registry.
    assert_eq!(f.class1_path, icn_core::papers::lens::LENS_FIGURE_2G);
    // The real graph (pattern B allowed) is one bus shorter; BFS on both graphs agrees.
    assert_eq!(c.distance, 9);
    let l = Lens::new(4, 4, 10, true).unwrap();
    let (s, t) = (
        l.parse_node(&f.source).unwrap(),
        l.parse_node(&f.destination).unwrap(),
    );
    assert_eq!(bfs(&l, s)[t], 2 * 9);
    assert_eq!(bfs(&l.processor_graph(false), s)[t], 10);
    // 27 pattern-A paths (three `?` digits, three values each), 9 real minimal paths.
    assert_eq!(
        count_minimal_paths(&l.processor_graph(false), s, t),
        BigUint::from(27u32)
    );
    assert_eq!(
        count_minimal_paths(&l.processor_graph(true), s, t),
        BigUint::from(9u32)
    );
    let fast = l.walkthrough(s, t, PathChoice::Shortest).unwrap();
    assert_eq!(fast.len(), 9);
    assert_eq!(fast.iter().filter(|st| st.pattern == Pattern::B).count(), 1);
}

/// §4's example path: 021.10 → 00.220 with n = 5. The paper says p = 3, but the digit 2
/// needs base p − 1 ≥ 3 (and q − 1 ≥ 3 for v = 220): the example lives in p = q = 4.
#[test]
fn section_4_example() {
    assert!(Lens::new(3, 3, 5, false)
        .unwrap()
        .parse_node("021.10")
        .is_err());
    let l = Lens::new(4, 4, 5, false).unwrap();
    let path: Vec<usize> = SECTION4_EXAMPLE
        .iter()
        .map(|a| l.parse_node(a).unwrap())
        .collect();
    for w in path.windows(2) {
        assert_eq!(
            l.processor_distance(w[0], w[1]),
            1,
            "consecutive processors share a bus"
        );
    }
    let (s, t) = (path[0], path[4]);
    let r = l.region_of_difference(s, t);
    assert_eq!(r.mask, "01110");
    assert_eq!((r.k, r.i, r.j), (3, 2, 1));
    assert_eq!(r.first_move, Some(Direction::Right));
    assert_eq!((r.length_right_first, r.length_left_first), (5, 7));
    // "If we restrict ourselves to pattern A alone, that last step requires two": 5.
    assert_eq!(r.paper_length, 5);
    assert_eq!(bfs(&l.processor_graph(false), s)[t], 5);
    assert_eq!(r.distance, 4);
    assert_eq!(bfs(&l, s)[t], 8);
    let steps = l.walkthrough(s, t, PathChoice::PaperRule).unwrap();
    let got: Vec<&str> = steps.iter().map(|s| s.address.as_str()).collect();
    assert_eq!(got, ["021?.0", "021.20", "02.220", "0.?220", "00.220"]);
    let steps = l.walkthrough(s, t, PathChoice::Shortest).unwrap();
    let got: Vec<&str> = steps.iter().map(|s| s.address.as_str()).collect();
    assert_eq!(got, ["021?.0", "021.20", "02.220", "00.220"]);
}

/// Theorem 2: reversing labels and swapping processors with busses is an automorphism
/// of the completed lens.
#[test]
fn theorem_2_duality() {
    for l in lenses().into_iter().filter(|l| l.is_completed()) {
        let n = l.n();
        let f = |v: usize| {
            let mut d = l.digits(v);
            d.reverse();
            let k = l.dot(v);
            if l.is_processor(v) {
                l.bus(&d, n - k).unwrap()
            } else {
                l.processor(&d, n - k).unwrap()
            }
        };
        assert_maps_neighbours_to_neighbours(&l, &f);
    }
}

/// Theorem 1 and its corollaries: under regular routing of uniform processor traffic
/// the completed lens loads every processor alike and every bus alike; the uncompleted
/// lens does not.
#[test]
fn loads_uniform_only_when_completed() {
    for l in lenses().into_iter().filter(|l| l.n() >= 2) {
        let loads = LensLoads::of(&l);
        let (plo, phi) = loads.processor_range();
        let (blo, bhi) = loads.bus_range();
        // Total traffic through busses = Σ over pairs of busses traversed.
        let p = l.processor_count();
        let total: u64 = (0..p)
            .flat_map(|s| (0..p).map(move |t| (s, t)))
            .map(|(s, t)| u64::from(l.processor_distance(s, t)))
            .sum();
        let bus_sum: f64 = loads.bus.iter().sum();
        assert!((bus_sum - total as f64).abs() < 1e-6 * total as f64);
        match l.spec_string().as_str() {
            "lens:p=3,q=3,n=3" => assert_eq!((plo, phi, blo, bhi), (16.0, 61.0, 36.0, 84.0)),
            "lens:p=3,q=3,n=3,completed" => {
                assert_eq!((plo, phi, blo, bhi), (27.0, 27.0, 50.0, 50.0))
            }
            _ => {}
        }
        if l.is_completed() {
            assert!(
                phi - plo < 1e-9 * phi.max(1.0),
                "{}: {plo} {phi}",
                l.spec_string()
            );
            assert!(bhi - blo < 1e-9 * bhi, "{}: {blo} {bhi}", l.spec_string());
        } else {
            assert!(
                phi - plo > 1e-3,
                "{}: processors {plo} {phi}",
                l.spec_string()
            );
            assert!(bhi - blo > 1e-3, "{}: busses {blo} {bhi}", l.spec_string());
        }
    }
}

/// Minimal path counts between processors: the routing's DAG equals BFS's, and a few
/// values are pinned.
#[test]
fn minimal_path_counts_pinned() {
    let l = Lens::new(4, 4, 5, false).unwrap();
    let (s, t) = (
        l.parse_node("021.10").unwrap(),
        l.parse_node("00.220").unwrap(),
    );
    let n = count_minimal_paths(&l, s, t);
    assert_eq!(count_paths(&l.routing(), s, t), n);
    assert!(n >= BigUint::from(1u32));
}

/// Diameters in busses: the paper's 2n (uncompleted) and ⌊3n/2⌋ (completed) are the
/// pattern-A values; with pattern B the real graph is one bus shorter in both.
#[test]
fn diameters_against_the_paper() {
    for &(p, n, completed) in &[
        (3, 1, false),
        (3, 2, false),
        (3, 4, false),
        (4, 3, false),
        (3, 2, true),
        (3, 3, true),
        (3, 4, true),
        (3, 5, true),
        (4, 3, true),
    ] {
        let l = Lens::new(p, p, n, completed).unwrap();
        let (pa, pb) = (l.processor_graph(false), l.processor_graph(true));
        let (mut da, mut db) = (0u32, 0u32);
        let mut disconnected = false;
        for s in 0..l.processor_count() {
            let a = bfs(&pa, s);
            disconnected |= a.contains(&UNREACHABLE);
            da = da.max(a.into_iter().filter(|&x| x != UNREACHABLE).max().unwrap());
            db = db.max(bfs(&pb, s).into_iter().max().unwrap());
        }
        assert_eq!(db, l.processor_diameter(), "{}", l.spec_string());
        let n = n as u32;
        if completed {
            assert_eq!(da, l.paper_diameter());
            assert_eq!(da, 3 * n / 2, "{}", l.spec_string());
            assert_eq!(db, 3 * n / 2 - 1, "{}", l.spec_string());
            assert!(!disconnected);
        } else {
            // Pattern A alone never changes digit 1: the graph falls apart.
            assert!(disconnected);
            assert_eq!(db, 2 * n - 1, "{}", l.spec_string());
        }
    }
}

/// Theorem 1: H (rotate the circular address, dot included, one place right) and G
/// (add 1 to the rightmost digit) are automorphisms of the completed lens, busses
/// included.
#[test]
fn theorem_1_automorphisms() {
    for l in lenses().into_iter().filter(|l| l.is_completed()) {
        let (n, r) = (l.n(), l.p() - 1);
        let place = |v: usize, d: &[u32], dot: usize| {
            if l.is_processor(v) {
                l.processor(d, dot % n).unwrap()
            } else {
                l.bus(d, dot % n).unwrap()
            }
        };
        let h = |v: usize| {
            let mut d = l.digits(v);
            d.rotate_right(1);
            place(v, &d, l.dot(v) + 1)
        };
        let g = |v: usize| {
            let mut d = l.digits(v);
            d[n - 1] = (d[n - 1] + 1) % r;
            place(v, &d, l.dot(v))
        };
        for f in [&h as &dyn Fn(usize) -> usize, &g] {
            for u in 0..l.node_count() {
                assert_eq!(l.is_processor(f(u)), l.is_processor(u));
            }
            assert_maps_neighbours_to_neighbours(&l, f);
        }
    }
}

/// The path-choice names shared by `choice=` URLs and `icn walkthrough --choice`.
#[test]
fn path_choice_names() {
    use icn_core::topology::lens::{Direction, PathChoice, PathClass};
    let class = |class| PathChoice::Class { class, run: None };
    for (name, want) in [
        ("shortest", PathChoice::Shortest),
        ("paper", PathChoice::PaperRule),
        ("left", PathChoice::FourStep(Direction::Left)),
        ("right", PathChoice::FourStep(Direction::Right)),
        ("class1", class(PathClass::One)),
        ("class4", class(PathClass::Four)),
    ] {
        assert_eq!(name.parse::<PathChoice>(), Ok(want));
    }
    let err = "class5".parse::<PathChoice>().unwrap_err().to_string();
    assert!(err.contains("unknown path 'class5'"), "{err}");
}

/// `f` maps each node's neighbourhood onto its image's neighbourhood (with `f` a
/// bijection, that makes it an automorphism).
fn assert_maps_neighbours_to_neighbours(l: &Lens, f: &dyn Fn(usize) -> usize) {
    for u in 0..l.node_count() {
        let mut image: Vec<usize> = nb(l, u).into_iter().map(f).collect();
        image.sort_unstable();
        let mut want = nb(l, f(u));
        want.sort_unstable();
        assert_eq!(image, want, "{}", l.spec_string());
    }
}

/// §7, Figures 3 and 4: the multistage picture. Every link of the graph appears once; row
/// j holds (p−1)^(j−1)(q−1)^(n−j) exchange groups, each a complete bipartite graph of q − 1
/// busses and p − 1 processors; the links between rows are the perfect shuffle (cut the
/// row into q − 1 piles and interleave them), and the completion links are the same
/// shuffle from the last row back to the first.
#[test]
fn stage_layout_is_rows_of_exchange_groups_joined_by_perfect_shuffles() {
    use icn_core::topology::lens::{NodeKind, StageLinkKind};
    use std::collections::{BTreeMap, BTreeSet};
    for l in lenses() {
        let spec = l.spec_string();
        let layout = l.stage_layout();
        let (n, p1, q1) = (l.n(), l.p() as usize - 1, l.q() as usize - 1);
        assert_eq!(layout.rows, n);
        assert_eq!((layout.group_processors, layout.group_busses), (p1, q1));
        assert_eq!(layout.links.len() as u64, l.link_count(), "{spec}");
        // Every link of the graph exactly once.
        let mut seen = BTreeSet::new();
        for link in &layout.links {
            assert!(l.is_processor(link.processor) && !l.is_processor(link.bus));
            assert!(nb(&l, link.processor).contains(&link.bus), "{spec}");
            assert!(seen.insert((link.processor, link.bus)), "{spec}: twice");
        }
        // Rows: processors at their dot, busses one below theirs; columns fill each row.
        let mut columns: BTreeMap<(usize, bool), BTreeSet<usize>> = BTreeMap::new();
        for v in 0..l.node_count() {
            let place = layout.places[v];
            let proc = place.kind == NodeKind::Processor;
            assert_eq!(proc, l.is_processor(v));
            assert_eq!(place.row, if proc { l.dot(v) } else { l.dot(v) + 1 });
            let size = if proc { p1 } else { q1 };
            assert_eq!(place.column, place.group * size + place.slot);
            assert!(place.slot < size);
            assert!(columns
                .entry((place.row, proc))
                .or_default()
                .insert(place.column));
        }
        for j in 1..=n {
            let groups = p1.pow(j as u32 - 1) * q1.pow((n - j) as u32);
            assert_eq!(layout.groups[j - 1], groups, "{spec} row {j}");
            for (proc, size) in [(true, p1), (false, q1)] {
                let want: BTreeSet<usize> = (0..groups * size).collect();
                assert_eq!(columns[&(j, proc)], want, "{spec} row {j}");
            }
        }
        // Exchange links join a row's busses and processors of the same group, all of them.
        let mut per_group: BTreeMap<(usize, usize), usize> = BTreeMap::new();
        for link in &layout.links {
            let (a, b) = (layout.places[link.processor], layout.places[link.bus]);
            match link.kind {
                StageLinkKind::Exchange => {
                    assert_eq!((a.row, a.group), (b.row, b.group), "{spec}");
                    *per_group.entry((a.row, a.group)).or_default() += 1;
                }
                StageLinkKind::Shuffle => {
                    assert_eq!(b.row, a.row + 1, "{spec}");
                    assert_eq!(l.digits(link.processor), l.digits(link.bus));
                }
                StageLinkKind::Completion => {
                    assert!(l.is_completed());
                    assert_eq!((a.row, b.row), (n, 1), "{spec}");
                }
            }
            if link.kind != StageLinkKind::Exchange {
                // The generalised perfect shuffle: a row of m cards cut into q − 1 piles
                // of m / (q − 1), the piles interleaved.
                let m = layout.groups[a.row - 1] * p1;
                let pile = m / q1;
                let shuffled = (a.column % pile) * q1 + a.column / pile;
                assert_eq!(
                    b.column,
                    shuffled,
                    "{spec}: {}",
                    l.format_node(link.processor)
                );
                if p1 == q1 && m > 1 {
                    // p = q, r = p − 1: Stone's shuffle c ↦ c·r mod (rⁿ − 1).
                    let stone = if a.column == m - 1 {
                        m - 1
                    } else {
                        a.column * p1 % (m - 1)
                    };
                    assert_eq!(b.column, stone, "{spec}");
                }
            }
        }
        assert_eq!(
            per_group.len(),
            layout.groups.iter().sum::<usize>(),
            "{spec}"
        );
        assert!(per_group.values().all(|&c| c == p1 * q1), "{spec}");
        let between = |k: StageLinkKind| layout.links.iter().filter(|x| x.kind == k).count();
        let shuffles: usize = (1..n).map(|j| layout.groups[j - 1] * p1).sum();
        assert_eq!(between(StageLinkKind::Shuffle), shuffles, "{spec}");
        let edge = p1.pow(n as u32);
        let completion = if l.is_completed() { edge } else { 0 };
        assert_eq!(between(StageLinkKind::Completion), completion, "{spec}");
    }
    // Figure 3c / Figure 4: the completed level-3 lens with p = q = 3 is 3 rows of 4 boxes;
    // each box has q − 1 = 2 links up and p − 1 = 2 down, to 2 different boxes each way
    // (the flip / Omega network's 2×2 switches).
    let l = Lens::new(3, 3, 3, true).unwrap();
    let layout = l.stage_layout();
    assert_eq!(layout.groups, vec![4, 4, 4]);
    let mut down: BTreeMap<(usize, usize), BTreeSet<(usize, usize)>> = BTreeMap::new();
    for link in layout
        .links
        .iter()
        .filter(|x| x.kind != StageLinkKind::Exchange)
    {
        let (a, b) = (layout.places[link.processor], layout.places[link.bus]);
        down.entry((a.row, a.group))
            .or_default()
            .insert((b.row, b.group));
    }
    assert_eq!(down.len(), 12);
    assert!(down.values().all(|boxes| boxes.len() == 2));
}

/// Every choice of region B and C: `classN:K` names round-trip, each region's path has
/// the class's length with that region, and different regions give different paths
/// (Figure 2: B = {3} or {9, 10, 1}, C = {4} or {6}).
#[test]
fn every_choice_of_region_b_and_c() {
    let class = |class, run| PathChoice::Class { class, run };
    for (name, want) in [
        ("class1:1", class(PathClass::One, Some(0))),
        ("class3:2", class(PathClass::Three, Some(1))),
        ("class2", class(PathClass::Two, None)),
        ("paper", PathChoice::PaperRule),
    ] {
        assert_eq!(name.parse::<PathChoice>(), Ok(want));
        assert_eq!(want.to_string(), name);
    }
    for bad in [
        "class2:1",
        "class1:0",
        "class1:",
        "class1:+1",
        "class1:x",
        "paper:1",
    ] {
        let err = bad.parse::<PathChoice>().unwrap_err().to_string();
        assert!(err.contains(&format!("unknown path '{bad}'")), "{err}");
    }
    let l = Lens::new(4, 4, 10, true).unwrap();
    let (s, t) = (
        l.parse_node("021.0212012").unwrap(),
        l.parse_node("0110010.212").unwrap(),
    );
    let c = l.completed_routing(s, t);
    let b = c.region_choices(PathClass::One);
    let summary = |r: &[icn_core::topology::lens::RegionChoice]| {
        r.iter()
            .map(|r| (r.number, r.digits.clone(), r.length, r.minimal, r.default))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        summary(&b),
        vec![
            (1, vec![3], 14, false, false),
            (2, vec![9, 10, 1], 10, true, true)
        ]
    );
    let cc = c.region_choices(PathClass::Three);
    assert_eq!(
        summary(&cc),
        vec![
            (1, vec![4], 12, false, true),
            (2, vec![6], 12, false, false)
        ]
    );
    assert!(c.region_choices(PathClass::Two).is_empty());
    let path = |choice: &str| {
        let steps = l.walkthrough(s, t, choice.parse().unwrap()).unwrap();
        assert_eq!(steps.last().map(|st| st.node), Some(t), "{choice}");
        steps.iter().map(|st| st.node).collect::<Vec<_>>()
    };
    assert_eq!(path("class1:1").len(), 14);
    assert_eq!(
        path("class1:2"),
        path("class1"),
        "the longest B is the default"
    );
    assert_eq!(path("class3:1").len(), 12);
    assert_eq!(path("class3:2").len(), 12);
    assert_ne!(path("class3:1"), path("class3:2"));
    let err = l
        .walkthrough(s, t, "class1:3".parse().unwrap())
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("2 regions here (class1:1 to class1:2)"),
        "{err}"
    );
    assert!(err.contains("no region number 3"), "{err}");
    // Every region of every small completed lens: the length its RegionChoice states.
    for l in lenses().into_iter().filter(|l| l.is_completed()) {
        for s in 0..l.processor_count() {
            for t in 0..l.processor_count() {
                let c = l.completed_routing(s, t);
                for class in [PathClass::One, PathClass::Three] {
                    for r in c.region_choices(class) {
                        let choice = format!("class{}:{}", class.number(), r.number);
                        let steps = l.walkthrough(s, t, choice.parse().unwrap()).unwrap();
                        assert_eq!(steps.len() as u32, r.length, "{choice}");
                        assert_eq!(r.minimal, r.length == c.pattern_a_distance);
                        if r.default {
                            let plain = format!("class{}", class.number());
                            let default = l.walkthrough(s, t, plain.parse().unwrap()).unwrap();
                            assert_eq!(default, steps, "{choice} is what {plain} takes");
                        }
                    }
                }
            }
        }
    }
}

/// The load summary the web shows: per kind min/mean/max and uniformity, consistent with
/// the all-node summary of `icn metrics` (metrics::load_summary, computed separately).
#[test]
fn load_stats_agree_with_the_metrics_summary() {
    use icn_core::metrics::load_summary;
    for (spec, want) in [
        ("lens:p=3,q=3,n=3", (16.0, 61.0, false, 36.0, 84.0, false)),
        (
            "lens:p=3,q=3,n=3,completed",
            (27.0, 27.0, true, 50.0, 50.0, true),
        ),
        (
            "lens:p=4,q=4,n=3",
            (72.0, 244.0, false, 162.0, 324.0, false),
        ),
        (
            "lens:p=4,q=4,n=3,completed",
            (118.0, 118.0, true, 198.0, 198.0, true),
        ),
    ] {
        let l = Lens::from_spec(&spec.parse::<Spec>().unwrap()).unwrap();
        let loads = LensLoads::of(&l);
        let (ps, bs) = (loads.processor_stats(), loads.bus_stats());
        assert_eq!(
            (ps.min, ps.max, ps.uniform, bs.min, bs.max, bs.uniform),
            want,
            "{spec}"
        );
        let summary = load_summary(&l, &l.routing());
        let (np, nb) = (l.processor_count() as f64, l.bus_count() as f64);
        let mean = (np * ps.mean + nb * bs.mean) / (np + nb);
        assert!((summary.mean_node_load - mean).abs() < 1e-6, "{spec}");
        assert_eq!(summary.max_node_load, ps.max.max(bs.max), "{spec}");
        // Levels: the least loaded node in band 0, the most in the top band.
        if !ps.uniform {
            assert_eq!(ps.level(ps.min, 5), 0);
            assert_eq!(ps.level(ps.max, 5), 4);
        } else {
            assert_eq!(ps.level(ps.min, 5), 2);
        }
        assert!(l.loads_cost() < 1 << 24, "{spec} fits the page's budget");
    }
    // Figure 2's lens is far beyond it.
    assert!(Lens::new(4, 4, 10, true).unwrap().loads_cost() > 1 << 24);
}

/// The uncompleted lens loads every node of a row (dot position) alike, and the central
/// busses `B.v` (dot 0) are the least loaded busses: §3's "thickening at the center ... to
/// share the greater message traffic" does not show under regular routing on the real
/// graph (docs/paper-notes.md).
#[test]
fn uncompleted_loads_by_row() {
    for (p, n, want) in [
        (3, 3, vec![36.0, 51.0, 84.0, 61.0, 77.0, 16.0]),
        (4, 3, vec![162.0, 232.0, 324.0, 244.0, 302.0, 72.0]),
    ] {
        let l = Lens::new(p, p, n, false).unwrap();
        let loads = LensLoads::of(&l);
        let procs = l.processor_count();
        // Half positions 1 … 2n: bus dot 0, processor dot 1, bus dot 1, …, processor dot n.
        let mut rows: Vec<Vec<f64>> = vec![Vec::new(); 2 * n as usize];
        for v in 0..l.node_count() {
            let (h, x) = if v < procs {
                (2 * l.dot(v), loads.processor[v])
            } else {
                (2 * l.dot(v) + 1, loads.bus[v - procs])
            };
            rows[h - 1].push(x);
        }
        let per_row: Vec<f64> = rows
            .iter()
            .map(|r| {
                assert!(r.iter().all(|&x| x == r[0]), "one load per row");
                r[0]
            })
            .collect();
        assert_eq!(per_row, want, "p = q = {p}, n = {n}");
        assert_eq!(
            loads.bus_range().0,
            per_row[0],
            "the central busses are the least loaded"
        );
    }
}

/// The completed lens is processor-transitive: loads by its symmetry (one destination)
/// equal the sum over every destination processor, channel by channel and node by node,
/// and the distance distribution from processor 0 alone equals the all-sources one.
#[test]
fn completed_lens_by_symmetry_equals_every_destination() {
    use icn_core::metrics::{
        channel_loads_every_destination, channel_loads_split, distance_distribution, load_passes,
        Split,
    };
    let mut checked = 0;
    for &(p, n) in &[
        (2, 3),
        (3, 2),
        (3, 3),
        (3, 4),
        (4, 2),
        (4, 3),
        (5, 2),
        (6, 2),
    ] {
        let Ok(l) = Lens::new(p, p, n, true) else {
            continue;
        };
        checked += 1;
        let orbits = l.orbits().expect("completed");
        crate::support::assert_orbit_sizes(&l, &orbits, &l.spec_string());
        let routing = l.routing();
        assert!(l.terminal_transitive());
        assert_eq!(load_passes(&l, &routing), 1);
        for split in [Split::PerPath, Split::PerHop] {
            let fast = channel_loads_split(&l, &routing, split);
            let every = channel_loads_every_destination(&l, &routing, split);
            let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * b.abs().max(1.0);
            for ((u, v, a), (_, _, b)) in fast.iter().zip(every.iter()) {
                assert!(close(a, b), "{} {u}->{v}: {a} vs {b}", l.spec_string());
            }
            for (u, (&a, &b)) in fast.node_loads.iter().zip(&every.node_loads).enumerate() {
                assert!(close(a, b), "{} node {u}: {a} vs {b}", l.spec_string());
            }
        }
        let procs = l.processor_count();
        let mut counts = vec![0u64; 1];
        for s in 0..procs {
            for &d in &bfs(&l, s)[..procs] {
                let d = d as usize;
                if d > 0 {
                    if counts.len() <= d {
                        counts.resize(d + 1, 0);
                    }
                    counts[d] += 1;
                }
            }
        }
        assert_eq!(
            distance_distribution(&l).counts,
            counts,
            "{}",
            l.spec_string()
        );
    }
    assert!(checked >= 7);
}

/// The mirror of a completed lens: the address read backwards, processors and busses
/// exchanged (`w.v` ↔ `Bv′.w′`, primes for reversed digit strings).
fn mirror(address: &str) -> String {
    let (bus, body) = match address.strip_prefix('B') {
        Some(b) => (true, b),
        None => (false, address),
    };
    let reversed: String = body.chars().rev().collect();
    if bus {
        reversed
    } else {
        format!("B{reversed}")
    }
}

/// `icn info`'s `vertex_transitive` holds for a completed lens: the mirror is an
/// automorphism that maps processors onto busses (and Theorem 1's group is transitive on
/// the processors); the uncompleted lens has none (its ends differ).
#[test]
fn completed_lenses_are_vertex_transitive_by_the_mirror() {
    for spec in [
        "lens:p=3,q=3,n=2,completed",
        "lens:p=3,q=3,n=4,completed",
        "lens:p=4,q=4,n=3,completed",
        "lens:p=5,q=5,n=2,completed",
    ] {
        let net: icn_core::Network = spec.parse().expect("spec");
        let t = net.topology();
        let image = |v| {
            let a = mirror(&t.format_node(v));
            t.parse_node(&a)
                .unwrap_or_else(|e| panic!("{spec}: {a}: {e}"))
        };
        let mut buf = Vec::new();
        for u in 0..t.node_count() {
            assert_eq!((u < t.terminal_count()), (image(u) >= t.terminal_count()));
            buf.clear();
            t.neighbours(u, &mut buf);
            let mut mapped = Vec::new();
            t.neighbours(image(u), &mut mapped);
            for &v in &buf {
                assert!(mapped.contains(&image(v)), "{spec}: {u} - {v}");
            }
        }
        assert!(net.info().vertex_transitive, "{spec}");
    }
    let open: icn_core::Network = "lens:p=3,q=3,n=3".parse().expect("spec");
    assert!(!open.info().vertex_transitive);
}
