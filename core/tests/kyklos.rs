//! KYKLOS against the papers and BFS.
#![allow(clippy::unwrap_used, clippy::needless_range_loop)]

use std::collections::{BTreeSet, HashMap};

use icn_core::metrics::{bfs, count_minimal_paths};
use icn_core::routing::{count_paths, enumerate_paths};
use icn_core::topology::kyklos::{proposed_z, Kyklos, KyklosRouting, Shuffle};
use icn_core::{AddressError, BigUint, ParamError, Spec, Topology};
use icn_graph::{Addresses, Graph, Symmetry};

fn k(spec: &str) -> Kyklos {
    Kyklos::from_spec(&spec.parse::<Spec>().unwrap()).unwrap()
}

/// Small networks of every kind.
fn small() -> Vec<Kyklos> {
    let mut out = Vec::new();
    for (m, n) in [(2, 1), (2, 2), (2, 3), (2, 4), (3, 2), (3, 3), (2, 6)] {
        for r in 1..=3u64 {
            out.push(Kyklos::new(Shuffle::Identity, m, r, n).unwrap());
            if n % r == 0 {
                out.push(Kyklos::new(Shuffle::Proposed, m, r, n).unwrap());
            }
        }
        out.push(Kyklos::new(Shuffle::Original, m, 2, n).unwrap());
    }
    out.push(k("kyklos2:m=2,r=3,n=6"));
    out.push(k("kyklos2:m=2,r=2,n=4,shuffle=original"));
    out
}

fn nb(t: &dyn Topology, v: usize) -> Vec<usize> {
    let mut out = Vec::new();
    t.neighbours(v, &mut out);
    out
}

#[test]
fn construction_and_counts() {
    let net = k("kyklos2:m=2,r=2,n=6");
    assert_eq!(net.leaf_count(), 64);
    assert_eq!(net.ib_count(), 2 * 63);
    assert_eq!(net.node_count(), 64 + 126);
    assert_eq!(net.spec_string(), "kyklos2:m=2,r=2,n=6,shuffle=proposed");
    let net = k("kyklos1:m=3,r=4,n=3");
    assert_eq!(net.node_count(), 27 + 4 * 13);
    assert_eq!(net.spec_string(), "kyklos1:m=3,r=4,n=3");
    for net in small() {
        let again = k(&net.spec_string());
        assert_eq!(again, net);
        // B = r(mⁿ − 1)/(m − 1) (TR-88-27 §I).
        let (m, r, n) = (net.m(), net.r(), net.n());
        assert_eq!(net.ib_count(), r * (m.pow(n as u32) - 1) / (m - 1));
    }
}

#[test]
fn parameter_errors() {
    let err = |s: &str| Kyklos::from_spec(&s.parse::<Spec>().unwrap()).unwrap_err();
    assert!(
        matches!(err("kyklos2:m=2,r=4,n=6"), ParamError::OutOfRange { key, value: 4, .. } if key == "r")
    );
    assert!(
        matches!(err("kyklos2:m=2,r=3,n=6,shuffle=original"), ParamError::OutOfRange { key, .. } if key == "r")
    );
    assert!(matches!(
        err("kyklos2:m=2,r=2,n=6,shuffle=twisted"),
        ParamError::Malformed { key: "shuffle", .. }
    ));
    assert!(matches!(err("kyklos1:m=1,r=2,n=6"), ParamError::OutOfRange { key, .. } if key == "m"));
    assert!(matches!(err("kyklos1:m=2,r=0,n=6"), ParamError::OutOfRange { key, .. } if key == "r"));
    assert!(matches!(err("kyklos1:m=2,r=2,n=0"), ParamError::OutOfRange { key, .. } if key == "n"));
    assert!(matches!(
        err("kyklos1:m=2,r=2"),
        ParamError::Missing { key: "n", .. }
    ));
    assert!(matches!(
        err("kyklos1:m=2,r=2,n=6,shuffle=proposed"),
        ParamError::UnknownKey { .. }
    ));
    assert!(matches!(
        err("kyklos1:m=2,r=2,n=x"),
        ParamError::Malformed { key: "n", .. }
    ));
    assert!(matches!(
        err("kyklos1:m=2,r=2,n=31"),
        ParamError::TooLarge { .. }
    ));
    assert!(matches!(
        err("kyklos1:m=36,r=64,n=99"),
        ParamError::TooLarge { .. }
    ));
    // 2^30 leaves + 2^30 − 1 IB-nodes fit; two trees do not.
    assert!(Kyklos::new(Shuffle::Identity, 2, 1, 30).is_ok());
    assert!(Kyklos::new(Shuffle::Identity, 2, 2, 30).is_err());
}

/// TR-88-27 Table 1 (z_tv and spans) and the §IV worked examples.
#[test]
fn table_1_spans() {
    let net = k("kyklos2:m=2,r=2,n=6");
    let z: Vec<Vec<usize>> = (0..2)
        .map(|t| (1..=6).map(|v| net.dimension(t, v)).collect())
        .collect();
    assert_eq!(z, vec![vec![0, 1, 2, 5, 4, 3], vec![3, 4, 5, 2, 1, 0]]);
    let spans: Vec<usize> = (1..=6).map(|v| net.span(1, v)).collect();
    assert_eq!(spans, vec![8, 16, 32, 4, 2, 1]);
    let net = k("kyklos2:m=2,r=3,n=6");
    let z: Vec<Vec<usize>> = (0..3)
        .map(|t| (1..=6).map(|v| net.dimension(t, v)).collect())
        .collect();
    assert_eq!(
        z,
        vec![
            vec![0, 1, 3, 2, 5, 4],
            vec![2, 3, 5, 4, 1, 0],
            vec![4, 5, 1, 0, 3, 2]
        ]
    );
    assert_eq!(
        (
            net.span(0, 2),
            net.span(0, 3),
            net.span(1, 3),
            net.span(2, 6)
        ),
        (2, 8, 32, 4)
    );
    // Every tree of the proposed shuffle changes every dimension exactly once.
    for n in 1..=16 {
        for r in (1..=n).filter(|r| n % r == 0) {
            for t in 0..r {
                let dims: BTreeSet<usize> = (1..=n).map(|v| proposed_z(r, n, t, v)).collect();
                assert_eq!(dims.len(), n, "n {n} r {r} t {t}");
            }
        }
    }
}

/// Appendix B, Table B-1: d_tv (so r-span = 2^d_tv) for three ⟨2, r, 6⟩ networks.
#[test]
fn table_b1_real_spans() {
    let d = |net: &Kyklos, t: usize| -> Vec<usize> { (1..=6).rev().map(|v| net.d(t, v)).collect() };
    let orig = k("kyklos2:m=2,r=2,n=6,shuffle=original");
    assert_eq!(d(&orig, 0), vec![0; 6]);
    assert_eq!(d(&orig, 1), vec![0, 1, 2, 3, 4, 5]);
    let p2 = k("kyklos2:m=2,r=2,n=6");
    assert_eq!(d(&p2, 0), vec![0, 1, 2, 0, 0, 0]);
    assert_eq!(d(&p2, 1), vec![0, 1, 2, 3, 3, 3]);
    let p3 = k("kyklos2:m=2,r=3,n=6");
    assert_eq!(d(&p3, 0), vec![0, 1, 0, 1, 0, 0]);
    assert_eq!(d(&p3, 1), vec![0, 1, 2, 3, 2, 2]);
    assert_eq!(d(&p3, 2), vec![0, 1, 0, 1, 4, 4]);
    assert_eq!(p2.real_span(1, 1), 8);
}

/// The graph built directly (IB-node = leaves agreeing outside z_t1 … z_tv, ranked by
/// lowest leaf) equals the one from Appendix B's parent/child formulas.
#[test]
fn formulas_match_the_graph_built_directly() {
    for net in small() {
        let (n, r, nl) = (net.n(), net.r(), net.leaf_count());
        let mut edges: BTreeSet<(usize, usize)> = BTreeSet::new();
        for t in 0..r {
            // Level v classes keyed by the leaf with the free digits zeroed.
            let key = |x: usize, v: usize| -> usize {
                (1..=v).fold(x, |acc, g| {
                    let dim = net.dimension(t, g);
                    acc - net.digit(acc, dim) * net.m().pow(dim as u32)
                })
            };
            let mut rank: Vec<HashMap<usize, usize>> = vec![HashMap::new(); n + 1];
            for (v, rank_v) in rank.iter_mut().enumerate().skip(1) {
                let keys: BTreeSet<usize> = (0..nl).map(|x| key(x, v)).collect();
                for (i, kk) in keys.into_iter().enumerate() {
                    rank_v.insert(kk, i);
                }
            }
            for x in 0..nl {
                let mut below = x;
                for v in 1..=n {
                    let here = net.index(t, v, rank[v][&key(x, v)]);
                    edges.insert((below.min(here), below.max(here)));
                    below = here;
                }
            }
        }
        let mut built: BTreeSet<(usize, usize)> = BTreeSet::new();
        for u in 0..net.node_count() {
            let nbs = nb(&net, u);
            let uniq: BTreeSet<usize> = nbs.iter().copied().collect();
            assert_eq!(uniq.len(), nbs.len(), "duplicate neighbour");
            assert!(!uniq.contains(&u), "self-loop");
            for &v in &nbs {
                assert!(nb(&net, v).contains(&u), "one-way link");
                built.insert((u.min(v), u.max(v)));
            }
        }
        assert_eq!(built, edges, "{}", net.spec_string());
        assert_eq!(net.link_count() as usize, edges.len());
        // Parent and child formulas are inverse; lowest leaf and ancestor agree.
        for t in 0..r {
            for v in 1..=n {
                for o in 0..net.m().pow((n - v) as u32) {
                    assert_eq!(net.ancestor_spec(t, v, net.lowest_leaf(t, v, o)), o);
                    for c in 0..net.m() {
                        let w = net.child_spec(t, v, o, c);
                        assert_eq!(net.parent_spec(t, v - 1, w), o);
                    }
                }
            }
        }
        // Connected: BFS reaches everything.
        assert!(bfs(&net, 0).iter().all(|&d| d != u32::MAX));
    }
}

#[test]
fn addresses_round_trip_and_errors_are_precise() {
    for net in small() {
        for v in 0..net.node_count() {
            let text = net.format_node(v);
            assert_eq!(net.parse_node(&text), Ok(v), "{text}");
        }
    }
    let net = k("kyklos2:m=2,r=2,n=6");
    assert_eq!(net.format_node(37), "37");
    assert_eq!(net.leaf_digits(37), "100101");
    assert_eq!(net.format_node(64), "<0,1,0>");
    assert_eq!(net.parse_node(" <1,6,0> "), Ok(net.node_count() - 1));
    assert!(matches!(
        net.parse_node(""),
        Err(AddressError::Empty { .. })
    ));
    let bad = |s: &str| match net.parse_node(s) {
        Err(AddressError::BadDigit {
            ch,
            position,
            allowed,
            ..
        }) => (ch, position, allowed),
        other => panic!("{s}: {other:?}"),
    };
    // A number beyond its range says so and names the range (it was once "character
    // '6' … is not a digit of radix 10").
    let range = |s: &str| net.parse_node(s).expect_err(s).to_string();
    assert_eq!(range("64"), "L-node 64 is out of range: 0-63");
    assert_eq!(range("<2,1,0>"), "tree t 2 is out of range: 0-1");
    assert_eq!(range("<0,7,0>"), "level v 7 is out of range: 1-6");
    assert_eq!(
        range("<0,5,2>"),
        "at level 5 the specifier o 2 is out of range: 0-1"
    );
    assert_eq!(bad("3x").0..='x', 'x'..='x');
    assert_eq!(bad("3x").1, 2);
    // A leading zero, a missing '>' and a missing number are no "bad digit" (a '0' is
    // a digit): each says what is wrong.
    assert_eq!(
        range("007"),
        "'007' has a leading zero at position 1: write the number without leading zeros (L-node 0-63)"
    );
    assert!(bad("<0,0,0>").2.contains("level 0 holds the L-nodes"));
    assert_eq!(
        range("<0,1,0"),
        "an IB-node ends with '>', as in <0,1,0>; '<0,1,0' has no '>' after position 6"
    );
    assert_eq!(bad("<0,a,0>").0, 'a');
    assert_eq!(
        range("<0,1>"),
        "an IB-node <t,v,o> has three numbers; '<0,1>' has 2"
    );
}

/// TR-88-27 §V Examples 1 and 2, as printed (Example 2's source is 20, not 60).
#[test]
fn examples_1_and_2() {
    let net = k("kyklos2:m=2,r=2,n=6");
    let s = net.routing_strings(24, 62);
    assert_eq!(
        (s.s.as_str(), s.d.as_str(), s.x.as_str()),
        ("011000", "111110", "100110")
    );
    assert_eq!(s.slices, vec!["110", "100"]);
    assert_eq!(s.slices_inverted, vec!["011", "001"]);
    assert_eq!(s.y, vec!["001110", "011100"]);
    assert_eq!(s.d_strings, vec!["111110", "011111"]);
    // Tree 0: up 4 levels, down right, right, right, left; tree 1: up 5, all right.
    let p0 = net.leg_nodes(0, 4, 24, 62);
    assert_eq!((p0.len(), p0[8]), (9, 62));
    let p1 = net.leg_nodes(1, 5, 24, 62);
    assert_eq!((p1.len(), p1[10]), (11, 62));
    assert_eq!(net.tree_levels(0, 24, 62), 4);
    assert_eq!(net.tree_levels(1, 24, 62), 5);
    // BFS: 8 is the distance, so tree 0 alone is minimal ("not amenable to pass-through").
    assert_eq!(bfs(&net, 24)[62], 8);

    let s = net.routing_strings(20, 14);
    assert_eq!(
        (s.s.as_str(), s.d.as_str(), s.x.as_str()),
        ("010100", "001110", "011010")
    );
    assert_eq!(s.slices, vec!["010", "011"]);
    assert_eq!(s.slices_inverted, vec!["010", "110"]);
    assert_eq!(s.y, vec!["110010", "010011"]);
    assert_eq!(s.d_strings, vec!["100110", "011001"]);
    assert_eq!(
        (net.tree_levels(0, 20, 14), net.tree_levels(1, 20, 14)),
        (6, 5)
    );
    assert_eq!(bfs(&net, 20)[14], 8);
    // The two two-level routings are exactly the minimal paths (BFS count), and the
    // branches are right-left in tree 0, left-right in tree 1.
    assert_eq!(count_minimal_paths(&net, 20, 14), BigUint::from(2u32));
    let plans = net.plans(KyklosRouting::D2, 20, 14).unwrap();
    let legs: BTreeSet<Vec<(usize, usize)>> = plans
        .iter()
        .map(|p| p.legs.iter().map(|l| (l.tree, l.levels)).collect())
        .collect();
    assert_eq!(
        legs,
        BTreeSet::from([vec![(0, 2), (1, 2)], vec![(1, 2), (0, 2)]])
    );
    let first = plans.iter().find(|p| p.legs[0].tree == 0).unwrap();
    // Tree 0 changes bits 1, 0 to D's 1, 0 (right, left): 20 -> 22.
    assert_eq!(first.legs[0].to, 22);
}

/// The depths read off the strings: Example 1 climbs 4 levels of tree 0 or 5 of tree 1
/// (8 or 10 hops, as printed), Example 2 6 or 5 (12 or 10); and in general the single-tree
/// depth is the tree's own route (`tree_levels`), H-r's and Y-2's depths are the plans' legs.
#[test]
fn tree_depths_are_the_strings_deciding_bits() {
    let net = k("kyklos2:m=2,r=2,n=6");
    let d = net.tree_depths(24, 62);
    assert_eq!(d.single_tree, vec![4, 5]);
    // X_0 = 110, X_1 = 100: H-2 climbs 3 levels of each tree.
    assert_eq!(d.slice, vec![3, 3]);
    let d = net.tree_depths(20, 14);
    assert_eq!(d.single_tree, vec![6, 5]);
    // X_0 = 010, X_1 = 011.
    assert_eq!(d.slice, vec![2, 2]);
    for spec in [
        "kyklos2:m=2,r=2,n=4",
        "kyklos2:m=2,r=3,n=6",
        "kyklos1:m=3,r=2,n=3",
    ] {
        let net = k(spec);
        for a in 0..net.leaf_count() {
            for b in 0..net.leaf_count() {
                let d = net.tree_depths(a, b);
                for t in 0..net.r() {
                    assert_eq!(d.single_tree[t], net.tree_levels(t, a, b), "{spec}");
                }
                let legs = |kind| -> Vec<usize> {
                    let mut per = vec![0; net.r()];
                    for leg in &net.plans(kind, a, b).unwrap()[0].legs {
                        per[leg.tree] = leg.levels;
                    }
                    per
                };
                if net.h().is_some() {
                    assert_eq!(d.slice, legs(KyklosRouting::Hr), "{spec} {a}->{b}");
                    let (start, levels) = d.y2.clone().unwrap();
                    assert_eq!(start, net.y2_start_tree(b));
                    assert_eq!(levels, legs(KyklosRouting::Y2), "{spec} {a}->{b}");
                } else {
                    assert!(d.slice.is_empty() && d.y2.is_none());
                }
            }
        }
    }
}

/// Y_t is X in tree t's level order, and equals the paper's concatenation.
#[test]
fn y_strings_equal_the_concatenation() {
    for spec in [
        "kyklos2:m=2,r=2,n=6",
        "kyklos2:m=2,r=3,n=6",
        "kyklos2:m=2,r=2,n=4",
    ] {
        let net = k(spec);
        let r = net.r();
        for a in 0..net.leaf_count() {
            for b in 0..net.leaf_count() {
                let s = net.routing_strings(a, b);
                for t in 0..r {
                    let mut y = String::new();
                    for j in (1..r).rev() {
                        y.push_str(&s.slices_inverted[(t + j) % r]);
                    }
                    y.push_str(&s.slices[t]);
                    assert_eq!(s.y[t], y, "{spec} {a}->{b} t {t}");
                }
            }
        }
    }
}

fn strategies(net: &Kyklos) -> Vec<KyklosRouting> {
    KyklosRouting::ALL
        .into_iter()
        .filter(|&s| net.unsupported(s).is_none())
        .collect()
}

/// Every plan is a walk of adjacent nodes between the two L-nodes; minimal strategies
/// have the BFS length; the memoryless relations offer exactly the plans.
#[test]
fn strategies_are_walks_and_minimal_ones_are_minimal() {
    for net in small() {
        let nl = net.leaf_count();
        for kind in strategies(&net) {
            let router = net.routing(kind).unwrap();
            for b in 0..nl {
                let dist = bfs(&net, b);
                for a in 0..nl {
                    let plans = net.plans(kind, a, b).unwrap();
                    assert!(!plans.is_empty());
                    let mut paths: Vec<Vec<usize>> =
                        plans.iter().map(|p| net.plan_nodes(a, p)).collect();
                    for (p, plan) in paths.iter().zip(&plans) {
                        assert_eq!(
                            (p[0], p[p.len() - 1]),
                            (a, b),
                            "{} {kind:?}",
                            net.spec_string()
                        );
                        assert_eq!(p.len() - 1, plan.length());
                        for w in p.windows(2) {
                            assert!(nb(&net, w[0]).contains(&w[1]), "not a walk");
                        }
                        if kind.is_minimal() {
                            assert_eq!(
                                p.len() as u32 - 1,
                                dist[a],
                                "{} {kind:?} {a}->{b}",
                                net.spec_string()
                            );
                        }
                    }
                    if a == b {
                        continue;
                    }
                    let mut relation = enumerate_paths(&router, a, b, 1 << 16);
                    paths.sort();
                    paths.dedup();
                    relation.sort();
                    assert_eq!(relation, paths, "{} {kind:?} {a}->{b}", net.spec_string());
                }
            }
        }
    }
}

/// D2 offers all minimal paths (the BFS count); for the original r = 2 network the
/// longest-run rule of Du et al. gives the same set and d = 2(n − longest run).
#[test]
fn d2_is_all_minimal_paths_and_the_longest_run_rule() {
    for net in small().into_iter().filter(|n| n.node_count() <= 64) {
        let router = net.routing(KyklosRouting::D2).unwrap();
        for b in 0..net.node_count() {
            for a in 0..net.node_count() {
                assert_eq!(count_paths(&router, a, b), count_minimal_paths(&net, a, b));
            }
        }
    }
    for spec in [
        "kyklos2:m=2,r=2,n=4,shuffle=original",
        "kyklos2:m=2,r=2,n=6,shuffle=original",
        "kyklos2:m=3,r=2,n=3,shuffle=original",
    ] {
        let net = k(spec);
        for a in 0..net.leaf_count() {
            let dist = bfs(&net, a);
            for b in 0..net.leaf_count() {
                let rule: BTreeSet<Vec<usize>> = net
                    .d2_rule_plans(a, b)
                    .iter()
                    .map(|p| net.plan_nodes(a, p))
                    .collect();
                let all: BTreeSet<Vec<usize>> = net
                    .plans(KyklosRouting::D2, a, b)
                    .unwrap()
                    .iter()
                    .map(|p| net.plan_nodes(a, p))
                    .collect();
                assert_eq!(rule, all, "{spec} {a}->{b}");
                let longest = (0..=net.n())
                    .rev()
                    .find(|&len| {
                        (0..=net.n() - len)
                            .any(|lo| (lo..lo + len).all(|g| net.digit(a, g) == net.digit(b, g)))
                    })
                    .unwrap_or(0);
                assert_eq!(dist[b] as usize, 2 * (net.n() - longest));
            }
        }
    }
}

/// M-r takes the best single tree; H-r's length is Σ 2·levels over the slices.
#[test]
fn mr_and_hr_lengths() {
    let net = k("kyklos2:m=2,r=2,n=6");
    for a in 0..64 {
        for b in 0..64 {
            let best = (0..2).map(|t| net.tree_levels(t, a, b)).min().unwrap();
            for p in net.plans(KyklosRouting::Mr, a, b).unwrap() {
                assert_eq!(p.length(), 2 * best);
            }
            let x = net.xor_mask(a, b);
            let h2: usize = [x & 7, x >> 3]
                .iter()
                .map(|s| 2 * (64 - s.leading_zeros()) as usize)
                .sum();
            let plans = net.plans(KyklosRouting::Hr, a, b).unwrap();
            let g = [x & 7, x >> 3].iter().filter(|&&s| s != 0).count();
            assert_eq!(plans.len(), if g == 2 { 2 } else { 1 });
            assert!(plans.iter().all(|p| p.length() == h2));
        }
    }
}

/// TR-88-27 Table 3, maximum link traffic density, for N = 4, 16, 64 (r = 2, m = 2).
#[test]
fn table_3_link_traffic() {
    let cases = [
        ("kyklos1:m=2,r=2,n=2", 4.0, KyklosRouting::Mr),
        ("kyklos1:m=2,r=2,n=4", 64.0, KyklosRouting::Mr),
        ("kyklos1:m=2,r=2,n=6", 1024.0, KyklosRouting::Mr),
    ];
    for (spec, want, kind) in cases {
        assert_eq!(k(spec).traffic(kind).unwrap().max_link, want, "{spec}");
    }
    let table: [(u32, [f64; 4]); 3] = [
        (2, [3.0, 4.0, 3.0, 3.0]),
        (4, [36.0, 32.0, 26.0, 24.0]),
        (6, [576.0, 256.0, 196.0, 192.0]),
    ];
    for (n, [m2, h2, p2, y2]) in table {
        let net = k(&format!("kyklos2:m=2,r=2,n={n}"));
        let got = |kind| net.traffic(kind).unwrap().max_link;
        assert_eq!(got(KyklosRouting::Mr), m2, "M-2 n={n}");
        assert_eq!(got(KyklosRouting::Hr), h2, "H-2 n={n}");
        // P-2: Table 3 (26, 196 for N = 16, 64) used a tie rule among equal minimal
        // non-pass-through paths that the text does not give; splitting the ties equally
        // gives 24 and 248 (docs/paper-notes.md). Only N = 4 is pinned by the text.
        let p = got(KyklosRouting::Pr);
        if n == 2 {
            assert_eq!(p, p2);
        } else {
            assert_eq!(p, if n == 4 { 24.0 } else { 248.0 });
        }
        assert_eq!(got(KyklosRouting::Y2), y2, "Y-2 n={n}");
    }
}

#[test]
#[ignore = "prints the traffic table; run with --ignored --nocapture"]
fn print_traffic() {
    for n in [2u32, 4, 6, 8] {
        for spec in [
            format!("kyklos1:m=2,r=2,n={n}"),
            format!("kyklos2:m=2,r=2,n={n}"),
            format!("kyklos2:m=2,r=2,n={n},shuffle=original"),
        ] {
            let net = k(&spec);
            for kind in strategies(&net) {
                let t = net.traffic(kind).unwrap();
                println!(
                    "{spec} {kind:?}: max link {} total {} max IB {} max pass {}",
                    t.max_link, t.total, t.max_ib_node, t.max_pass_through
                );
            }
        }
    }
}

/// The Y-2 relation (the union of every source's plan towards a destination) offers
/// exactly the plan on these networks: no pair gets extra paths.
#[test]
fn y2_relation_exactness() {
    for spec in [
        "kyklos2:m=2,r=2,n=4",
        "kyklos2:m=2,r=2,n=6",
        "kyklos2:m=2,r=3,n=6",
        "kyklos2:m=2,r=4,n=4",
    ] {
        let net = k(spec);
        let router = net.routing(KyklosRouting::Y2).unwrap();
        let nl = net.leaf_count();
        let mut extra = 0;
        for b in 0..nl {
            for a in 0..nl {
                if a != b && enumerate_paths(&router, a, b, 64).len() > 1 {
                    extra += 1;
                }
            }
        }
        assert_eq!(extra, 0, "{spec}");
    }
}

/// The symmetry computation of link traffic equals the all-pairs one, link by link,
/// for every strategy on every small network (N ≤ 64; r up to 4; m = 2 and 3).
#[test]
fn link_traffic_by_symmetry_equals_all_pairs() {
    let mut nets = small();
    nets.push(k("kyklos2:m=2,r=4,n=4"));
    for net in nets {
        for kind in strategies(&net) {
            let slow = net.traffic(kind).unwrap().links;
            let fast = net.link_traffic_by_symmetry(kind).unwrap();
            assert_eq!(slow.len(), fast.len());
            for (i, (a, b)) in slow.iter().zip(&fast).enumerate() {
                assert!(
                    (a - b).abs() <= 1e-9 * a.abs().max(1.0),
                    "{} {kind:?} link {i}: {a} vs {b}",
                    net.spec_string()
                );
            }
        }
    }
}

/// The exact link traffic equals an all-pairs sum in integer arithmetic (every route's
/// share 1/d counted as L/d, L the least common multiple of the pairs' route counts),
/// link by link, for every strategy on every small network.
#[test]
fn exact_link_traffic_equals_all_pairs_integer_sum() {
    fn gcd(a: u64, b: u64) -> u64 {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }
    let mut saw_fraction = false;
    for net in small() {
        for kind in strategies(&net) {
            let mut routes = Vec::new();
            for dst in 0..net.leaf_count() {
                for src in (0..net.leaf_count()).filter(|&s| s != dst) {
                    routes.push((src, net.plans(kind, src, dst).unwrap()));
                }
            }
            let l = routes.iter().fold(1u64, |l, (_, p)| {
                l / gcd(l, p.len() as u64) * p.len() as u64
            });
            let mut brute = vec![0u64; net.traffic(kind).unwrap().links.len()];
            for (src, plans) in &routes {
                for plan in plans {
                    for w in net.plan_nodes(*src, plan).windows(2) {
                        brute[net.link_index(w[0], w[1])] += l / plans.len() as u64;
                    }
                }
            }
            let exact = net.link_traffic_exact(kind).unwrap();
            assert_eq!(exact.scale, l, "{} {kind:?}", net.spec_string());
            assert_eq!(exact.links, brute, "{} {kind:?}", net.spec_string());
            saw_fraction |= exact.scale > 1;
        }
    }
    // Some strategy splits its routes, so the fractions are exercised.
    assert!(saw_fraction);
}

/// The mid-point join load by translation symmetry equals the all-pairs count (each
/// pair's joins split equally among its routes, i = j at the L-node), node by node, for
/// every strategy but Y-2 on every small network.
#[test]
fn midpoint_join_load_by_symmetry_equals_all_pairs() {
    for net in small() {
        for kind in strategies(&net)
            .into_iter()
            .filter(|&k| k != KyklosRouting::Y2)
        {
            let fast = net.midpoint_join_load(kind).unwrap();
            let mut slow = vec![0f64; fast.per_node.len()];
            for dst in 0..net.leaf_count() {
                slow[dst] += 1.0;
                for src in (0..net.leaf_count()).filter(|&s| s != dst) {
                    let plans = net.plans(kind, src, dst).unwrap();
                    for plan in &plans {
                        let path = net.plan_nodes(src, plan);
                        slow[path[(path.len() - 1) / 2]] += 1.0 / plans.len() as f64;
                    }
                }
            }
            for (x, (a, b)) in slow.iter().zip(&fast.per_node).enumerate() {
                assert!(
                    (a - b).abs() < 1e-9,
                    "{} {kind:?} node {x}: {a} vs {b}",
                    net.spec_string()
                );
            }
        }
    }
    let k6 = k("kyklos2:m=2,r=2,n=6,shuffle=proposed");
    assert!(k6.midpoint_join_load(KyklosRouting::Y2).is_err());
}

mod paper_tables {
    use icn_core::papers::table::{Num, PaperTable, Verdict};
    use icn_core::papers::{d2, kyklos, kyklos_traffic};

    fn differing(t: &PaperTable) -> Vec<(String, String, String)> {
        t.cells
            .iter()
            .filter(|c| c.verdict == Verdict::Differs)
            .map(|c| (c.group.clone(), c.row.clone(), c.column.clone()))
            .collect()
    }

    /// `icn table kyklos-spans`: every z_tv and span of Table 1 matches.
    #[test]
    fn spans_table_matches_table_1() {
        let t = kyklos::table1_spans().unwrap();
        assert_eq!(t.name, "kyklos-spans");
        // ⟨2,3,6⟩: 6 levels × 3 trees × (z, span); ⟨2,2,6⟩: 6 × 2 × 2.
        assert_eq!((t.summary.cells, t.summary.matches), (36 + 24, 60));
        let c = t
            .cells
            .iter()
            .find(|c| {
                c.group.contains("<2,2,6>") && c.row == "level 2" && c.column == "span tree 1"
            })
            .unwrap();
        assert_eq!(
            (c.printed, c.computed),
            (Some(Num::Int(16)), Some(Num::Int(16)))
        );
    }

    /// `icn table kyklos-real-span`: d_tv, r-span − 1, the level totals (by the table's
    /// rule) and the tree and network totals all match; only the footnote-n13 formula
    /// cells differ, and exactly where r-span > 1 and d_tv ≠ 1.
    #[test]
    fn real_span_table_matches_table_b1() {
        let t = kyklos::table_b1_real_spans().unwrap();
        // 7 trees × 6 levels × 4 cells + 7 tree totals + 3 network totals.
        assert_eq!(t.summary.cells, 7 * 24 + 7 + 3);
        let diff = differing(&t);
        assert_eq!(diff.len(), 15);
        assert!(diff
            .iter()
            .all(|(_, _, col)| col.ends_with("footnote n13 formula")));
        assert_eq!(t.summary.matches, t.summary.cells - 15);
        let total = |group: &str| {
            t.cells
                .iter()
                .find(|c| c.group.contains(group) && c.row == "network total")
                .unwrap()
                .computed
        };
        assert_eq!(total("original"), Some(Num::Int(651)));
        assert_eq!(total("proposed KYKLOS-II<2,2,6>"), Some(Num::Int(210)));
        assert_eq!(total("<2,3,6>"), Some(Num::Int(477)));
    }

    /// `icn table kyklos-density` up to N = 256: K-1, M-2, H-2 and Y-2 match Table 3;
    /// P-2 matches at N = 4 only (24, 248, 2784 for 26, 196, 1616: the tie rule);
    /// larger N are reported as not computed.
    #[test]
    fn density_table_matches_table_3_up_to_256() {
        let t = kyklos_traffic::table3_density(8).unwrap();
        assert_eq!(t.summary.cells, 30);
        assert_eq!(t.summary.not_computed, 10);
        let diff = differing(&t);
        assert_eq!(
            diff.iter()
                .map(|(_, row, col)| format!("{row} {col}"))
                .collect::<Vec<_>>(),
            ["N = 16 P-2", "N = 64 P-2", "N = 256 P-2"]
        );
        let p2: Vec<Option<Num>> = t
            .cells
            .iter()
            .filter(|c| c.column == "P-2")
            .map(|c| c.computed)
            .collect();
        assert_eq!(
            p2[..4],
            [
                Some(Num::Int(3)),
                Some(Num::Int(24)),
                Some(Num::Int(248)),
                Some(Num::Int(2784))
            ]
        );
        assert_eq!(t.summary.matches, 17);
    }

    /// `icn table d2-distances` for n ≤ 8: the paper's P_M2(2d) and P_H2(2d) formulas and
    /// Theorem 1's P_D2 equal the counts; the H2 average and the sum of the paper's
    /// P_M2 match; only the printed closed form of the M2 average differs.
    #[test]
    fn d2_distances_table() {
        let t = d2::d2_distances(8).unwrap();
        let diff = differing(&t);
        assert_eq!(diff.len(), 7, "{diff:?}");
        assert!(diff
            .iter()
            .all(|(_, _, col)| col == "M2 (closed form as printed)"));
        assert_eq!(t.summary.not_printed, 7); // the D2 averages
                                              // 2ⁿ⁻² processors at the maximum distance 2n under M2 (n = 8: 64).
        let c = t
            .cells
            .iter()
            .find(|c| {
                c.group.ends_with("<2,2,8>") && c.row.starts_with("d = 8") && c.column == "P_M2"
            })
            .unwrap();
        assert_eq!(
            (c.printed, c.computed),
            (Some(Num::Int(64)), Some(Num::Int(64)))
        );
        // The corrected closed forms: 2n − 10/3 + (n + 10/3)/2ⁿ (even), (n + 11/3)/2ⁿ (odd).
        for c in t
            .cells
            .iter()
            .filter(|c| c.column == "M2 (sum of the paper's P_M2)")
        {
            let n: f64 = c
                .group
                .trim_end_matches('>')
                .rsplit(',')
                .next()
                .unwrap()
                .parse()
                .unwrap();
            let tail = if n as u32 % 2 == 0 { 10.0 } else { 11.0 } / 3.0;
            let want = 2.0 * n - 10.0 / 3.0 + (n + tail) / 2f64.powf(n);
            assert!((c.computed.unwrap().value() - want).abs() < 1e-9, "n = {n}");
            // Exactly: ((6n − 10)·2ⁿ + 3n + 10 or 11) / (3·2ⁿ), as the fraction shown.
            let (n, pow) = (n as u64, 1u64 << n as u64);
            let (num, den) = ((6 * n - 10) * pow + 3 * n + 10 + n % 2, 3 * pow);
            // No fraction when the average is an integer (n = 2: 2).
            let exact = c
                .exact
                .clone()
                .unwrap_or_else(|| format!("{}/1", num / den));
            let (a, b) = exact.split_once('/').unwrap();
            let (a, b): (u64, u64) = (a.parse().unwrap(), b.parse().unwrap());
            assert_eq!(a * den, b * num, "n = {n}: {exact}");
        }
        let csv = t.csv();
        assert!(csv.starts_with("group,row,column,printed,computed,exact,verdict,note\n"));
        assert_eq!(csv.lines().count(), t.cells.len() + 1);
    }
}

// ---- Relational joins (TR-88-27 §I, §II, §VII, Appendix A) ----

/// Node index of IB-node <t,v,o> in `net`.
fn ibn(net: &Kyklos, t: usize, v: usize, o: usize) -> usize {
    net.index(t, v, o)
}

/// Joins worked by hand on proposed KYKLOS-II<2,2,6> (tree 0: z = 0,1,2,5,4,3; tree 1:
/// z = 3,4,5,2,1,0). Start tree (Appendix A, j the R node): s = (384 − bitcount(j) −
/// j div 2) mod 2. Y_s = X_t' cnc X_s; level by §VII's algorithm (1 + the run of ones
/// from bit 1; 111110 → 1, 111111 → n); o = the ancestor of the S node i.
#[test]
fn joins_worked_by_hand() {
    use icn_core::topology::kyklos::join_level;
    let net = k("kyklos2:m=2,r=2,n=6");
    // §VII's special cases and the general rule.
    assert_eq!(join_level(0, 2, 6), 0);
    assert_eq!(join_level(0b111110, 2, 6), 1);
    assert_eq!(join_level(0b111111, 2, 6), 6);
    assert_eq!(join_level(0b001110, 2, 6), 4);
    assert_eq!(join_level(0b101010, 2, 6), 2);
    assert_eq!(join_level(0b100000, 2, 6), 1);

    // S at 24 (011000), R at 62 (111110): s = (5 + 31) mod 2 = 0; X = 100110,
    // X_0 = 110, X_1' = 001, Y_0 = 001110 → v = 4 in tree 0 (X_0 > 0); the level-4
    // ancestor of 24 keeps dims 3, 4 → o = 3. Y-2: levels(0) = 3 + 1 (step 5), so R goes
    // up tree 0 only.
    let j = net.join(24, 62).unwrap();
    assert_eq!((j.start_tree, j.tree, j.level), (0, Some(0), 4));
    assert_eq!(j.site, ibn(&net, 0, 4, 3));
    let up = |x: usize| {
        vec![
            x,
            ibn(&net, 0, 1, x >> 1),
            ibn(&net, 0, 2, x >> 2),
            ibn(&net, 0, 3, x >> 3),
            ibn(&net, 0, 4, 3),
        ]
    };
    assert_eq!(j.s_route, up(24));
    assert_eq!(j.r_route, up(62));

    // S at 8, R at 0: s = 0, X = 001000, X_0 = 0 → tree 1 (Appendix A 4c), Y_0 = 100000
    // → v = 1; tree 1's level 1 changes dim 3, so 8's ancestor is <1,1,0>.
    let j = net.join(8, 0).unwrap();
    assert_eq!((j.start_tree, j.tree, j.level), (0, Some(1), 1));
    assert_eq!(j.s_route, vec![8, ibn(&net, 1, 1, 0)]);
    assert_eq!(j.r_route, vec![0, ibn(&net, 1, 1, 0)]);

    // S at 42 (101010), R at 0: s = 0, X_0 = 010, X_1 = 101, Y_0 = 101010 → v = 2 in
    // tree 0, <0,2,10>. Y-2 levels (2, 3); step 9 runs tree 1 first (0 → 40, passing
    // through L-node 40 = 101000), then up tree 0 from 40 to the site.
    let j = net.join(42, 0).unwrap();
    assert_eq!((j.start_tree, j.tree, j.level), (0, Some(0), 2));
    assert_eq!(
        j.s_route,
        vec![42, ibn(&net, 0, 1, 21), ibn(&net, 0, 2, 10)]
    );
    assert_eq!(
        j.r_route,
        vec![
            0,
            ibn(&net, 1, 1, 0),
            ibn(&net, 1, 2, 0),
            ibn(&net, 1, 3, 0),
            ibn(&net, 1, 2, 8),
            ibn(&net, 1, 1, 16),
            40,
            ibn(&net, 0, 1, 20),
            ibn(&net, 0, 2, 10),
        ]
    );

    // S at 0, R at 63: s = (6 + 31) mod 2 = 1, Y_1 = 111111 → level n = 6, the root of
    // tree 1; both fragments climb tree 1 all the way.
    let j = net.join(0, 63).unwrap();
    assert_eq!((j.start_tree, j.tree, j.level), (1, Some(1), 6));
    assert_eq!(j.site, ibn(&net, 1, 6, 0));
    assert_eq!((j.s_route.len(), j.r_route.len()), (7, 7));

    // i = j: at the L-node (§II).
    let j = net.join(5, 5).unwrap();
    assert_eq!((j.tree, j.level, j.site), (None, 0, 5));
    assert_eq!((j.s_route.clone(), j.r_route.clone()), (vec![5], vec![5]));

    // Errors.
    assert!(net
        .join(64, 0)
        .unwrap_err()
        .to_string()
        .contains("L-node 0-63"));
    assert!(net.join(0, 64).is_err());
    assert!(k("kyklos2:m=2,r=3,n=6").join(0, 1).is_err());
    assert!(k("kyklos2:m=2,r=2,n=6,shuffle=original")
        .join(0, 1)
        .is_err());
}

/// Every join: S goes only up its join tree, both routes are walks of adjacent nodes
/// ending at the join site, the site is the level-v ancestor of i in tree t and lies on
/// the Y-2 route between i and j.
#[test]
fn join_routes_are_walks_to_the_site() {
    for spec in [
        "kyklos2:m=2,r=2,n=2",
        "kyklos2:m=2,r=2,n=4",
        "kyklos2:m=2,r=2,n=6",
    ] {
        let net = k(spec);
        for i in 0..net.leaf_count() {
            for jj in 0..net.leaf_count() {
                let j = net.join(i, jj).unwrap();
                assert_eq!(j.s_route.first(), Some(&i));
                assert_eq!(j.r_route.first(), Some(&jj));
                assert_eq!(j.s_route.last(), Some(&j.site));
                assert_eq!(j.r_route.last(), Some(&j.site));
                for route in [&j.s_route, &j.r_route] {
                    for w in route.windows(2) {
                        assert!(nb(&net, w[0]).contains(&w[1]), "{spec} {i} {jj}");
                    }
                }
                // S: strictly up one tree, one level per hop.
                assert_eq!(j.s_route.len(), j.level + 1);
                for (v, &x) in j.s_route.iter().enumerate() {
                    assert_eq!(net.level(x), v);
                    if v > 0 {
                        assert_eq!(net.tree(x), j.tree);
                    }
                }
                if i == jj {
                    assert_eq!((j.level, j.site), (0, i));
                    continue;
                }
                let b = net.ib(j.site).unwrap();
                assert_eq!((Some(b.tree), b.level), (j.tree, j.level));
                assert!(net.contains(b.tree, b.level, b.spec, i));
                // The site lies on the Y-2 route between the two L-nodes.
                let y2 = net.y2_path(i, jj).unwrap();
                assert!(y2.contains(&j.site), "{spec} {i} {jj}");
                // Step 9 is that route walked from j, cut at the site.
                let back: Vec<usize> = y2.iter().rev().copied().collect();
                assert_eq!(j.r_route[..], back[..j.r_route.len()], "{spec} {i} {jj}");
            }
        }
    }
}

/// TR-88-27 Table 2, every cell: the printed grid against all 4096 ordered pairs of
/// proposed KYKLOS-II<2,2,6> (rows X_s, columns X_t', Y_s = X_t' cnc X_s).
#[test]
fn table_2_join_grid() {
    use icn_core::papers::kyklos::table2_joins;
    use icn_core::papers::table::Verdict;
    let t = table2_joins().unwrap();
    let grid: Vec<_> = t
        .cells
        .iter()
        .filter(|c| c.group.starts_with("Table 2"))
        .collect();
    assert_eq!(grid.len(), 128);
    for c in &grid {
        assert_eq!(c.verdict, Verdict::Match, "{c:?}");
    }
    assert_eq!(t.summary.differs, 0);
    assert_eq!(t.summary.matches, t.summary.cells);
    // A few cells read directly: row 110 is <3,s> <4,s> <3,s> <5,s> <3,s> <4,s> <3,s> <1,s>.
    let level = |row: &str, col: &str| {
        grid.iter()
            .find(|c| c.group == "Table 2 level" && c.row == row && c.column == col)
            .and_then(|c| c.computed)
            .map(|n| n.value() as usize)
    };
    let row110: Vec<_> = (0..8)
        .map(|c| level("110", &format!("{c:03b}")).unwrap())
        .collect();
    assert_eq!(row110, vec![3, 4, 3, 5, 3, 4, 3, 1]);
    assert_eq!(level("111", "111"), Some(6));
    assert_eq!(level("000", "000"), Some(0));
}

/// The join grid of the join view: TR-88-27 Table 2 transcribed here on its own, cell by
/// cell, against `join_grid` (all 4096 pairs of ⟨2,2,6⟩); every cell holds N pairs.
#[test]
fn join_grid_is_table_2() {
    use icn_core::topology::kyklos::GridSite;
    const PRINTED: [&str; 8] = [
        "<0,0> <1,t> <1,t> <1,t> <1,t> <1,t> <1,t> <1,t>",
        "<1,s> <1,s> <1,s> <1,s> <1,s> <1,s> <1,s> <1,s>",
        "<2,s> <2,s> <2,s> <2,s> <2,s> <2,s> <2,s> <2,s>",
        "<2,s> <2,s> <2,s> <2,s> <2,s> <2,s> <2,s> <2,s>",
        "<1,s> <1,s> <1,s> <1,s> <1,s> <1,s> <1,s> <1,s>",
        "<1,s> <1,s> <1,s> <1,s> <1,s> <1,s> <1,s> <1,s>",
        "<3,s> <4,s> <3,s> <5,s> <3,s> <4,s> <3,s> <1,s>",
        "<3,s> <4,s> <3,s> <5,s> <3,s> <4,s> <3,s> <6,s>",
    ];
    let net = k("kyklos2:m=2,r=2,n=6");
    let grid = net.join_grid().unwrap();
    assert_eq!((grid.h, grid.cells.len()), (3, 8));
    for (row, line) in PRINTED.iter().enumerate() {
        let got: Vec<String> = grid.cells[row]
            .iter()
            .map(|c| match c.site {
                GridSite::LNode => "<0,0>".to_string(),
                GridSite::Tree { level, start } => {
                    format!("<{level},{}>", if start { 's' } else { 't' })
                }
                GridSite::Mixed => "mixed".to_string(),
            })
            .collect();
        assert_eq!(got.join(" "), *line, "row {row:03b}");
        for (col, c) in grid.cells[row].iter().enumerate() {
            assert_eq!(c.pairs, 64, "cell {row:03b} {col:03b}");
            let (i, j) = c.example.unwrap();
            assert_eq!(net.grid_position(&net.join(i, j).unwrap()), (row, col));
            // The example's S node has a partner in the cell (perhaps another R node).
            let p = net.partner_in_cell(i, row, col).unwrap();
            assert!(p <= j);
            assert_eq!(net.grid_position(&net.join(i, p).unwrap()), (row, col));
        }
    }
    // The level rows: computed counts equal §VII's targets at every level.
    let rows = net.join_level_rows(&net.join_loads().unwrap());
    let nodes: Vec<usize> = rows.iter().map(|r| r.nodes).collect();
    assert_eq!(nodes, vec![64, 64, 32, 16, 8, 4, 2]);
    let joins: Vec<usize> = rows.iter().map(|r| r.joins).collect();
    assert_eq!(joins, vec![64, 2048, 1024, 512, 256, 128, 64]);
    for r in &rows {
        assert_eq!(r.joins, r.paper_joins, "v = {}", r.level);
        assert_eq!(
            (r.min_per_node, r.max_per_node),
            (r.paper_per_node, r.paper_per_node)
        );
    }
    assert_eq!(rows[3].paper_per_node, 32);
    // S at 0 cannot reach the <0,0> cell with another R node.
    assert_eq!(net.partner_in_cell(0, 0, 0), Some(0));
    assert_eq!(net.partner_in_cell(5, 0, 0), Some(5));
    // Only m = 2, r = 2, the proposed shuffle.
    for spec in [
        "kyklos2:m=2,r=3,n=6",
        "kyklos2:m=2,r=2,n=4,shuffle=original",
        "kyklos1:m=2,r=2,n=4",
    ] {
        assert!(k(spec).join_grid().is_err(), "{spec}");
    }
}

/// §VII: Y-2 loading is one partial join per L-node and N/2 per IB-node at every level;
/// every S source has 1 join at its L-node, N/2 at level 1 and half as many each level up
/// (1 at level n), so level totals are N·(1, N/2, N/4, …, 1).
#[test]
fn join_loads_are_level() {
    for (spec, n) in [
        ("kyklos2:m=2,r=2,n=2", 2),
        ("kyklos2:m=2,r=2,n=4", 4),
        ("kyklos2:m=2,r=2,n=6", 6),
    ] {
        let net = k(spec);
        let big_n = net.leaf_count();
        let loads = net.join_loads().unwrap();
        assert_eq!(loads.per_node.iter().sum::<usize>(), big_n * big_n);
        assert_eq!((loads.min_per_node[0], loads.max_per_node[0]), (1, 1));
        for v in 1..=n {
            assert_eq!(loads.min_per_node[v], big_n / 2, "{spec} v = {v}");
            assert_eq!(loads.max_per_node[v], big_n / 2, "{spec} v = {v}");
            assert_eq!(
                loads.per_level[v],
                big_n * (big_n >> v).max(1),
                "{spec} v = {v}"
            );
        }
        // Per S source: 1 at the L-node, N/2 at level 1, halving upwards, 1 at level n.
        let want: Vec<usize> = (0..=n)
            .map(|v| if v == 0 { 1 } else { (big_n >> v).max(1) })
            .collect();
        for i in 0..big_n {
            let mut got = vec![0usize; n + 1];
            for j in 0..big_n {
                got[net.join(i, j).unwrap().level] += 1;
            }
            assert_eq!(got, want, "{spec} S at {i}");
        }
    }
}

/// Processor symmetry (digit-wise translation is an automorphism): the distance
/// distribution from processor 0 alone, times N, equals the sum over every processor's
/// breadth-first search, for every kind of network.
#[test]
fn processor_symmetry_gives_the_all_sources_distribution() {
    for net in small() {
        let leaves = net.terminal_count();
        let mut counts = vec![0u64; 1];
        for s in 0..leaves {
            for &d in &bfs(&net, s)[..leaves] {
                let d = d as usize;
                if counts.len() <= d {
                    counts.resize(d + 1, 0);
                }
                counts[d] += u64::from(d > 0);
            }
        }
        let dd = icn_core::metrics::distance_distribution(&net);
        assert!(net.terminal_transitive());
        assert_eq!(
            dd.counts,
            counts,
            "m={} r={} n={}",
            net.m(),
            net.r(),
            net.n()
        );
        assert_eq!(dd.unreachable, 0);
    }
}

/// Networks for the symmetry checks: both KYKLOS-II shuffles and KYKLOS-I, m = 2 and 3,
/// r = 1 to 5, n up to 5, and every proposed m = 2 network with n ≤ 5 (Y-2's domain).
fn symmetry_nets() -> Vec<Kyklos> {
    let mut nets = Vec::new();
    for (m, n) in [(2, 2), (2, 3), (2, 4), (2, 5), (3, 2), (3, 3)] {
        for r in 1..=n.min(5) {
            if n % r == 0 && (m == 2 || r <= 2) {
                nets.push(Kyklos::new(Shuffle::Proposed, m, r, n).unwrap());
            }
        }
        nets.push(Kyklos::new(Shuffle::Original, m, 2, n).unwrap());
    }
    nets.push(k("kyklos1:m=2,r=2,n=4"));
    nets.push(k("kyklos1:m=3,r=3,n=2"));
    nets
}

/// Y-2's symmetry group by brute force: the XOR translations c with s(j ⊕ c) = s(j) for
/// every destination j (Appendix A's start tree).
fn y2_group_size(net: &Kyklos) -> usize {
    let n = net.leaf_count();
    (0..n)
        .filter(|&c| (0..n).all(|j| net.y2_start_tree(j ^ c) == net.y2_start_tree(j)))
        .count()
}

/// Loads by translation orbits (one destination per orbit of L-nodes) equal the sum over
/// every destination, channel by channel and node by node, for every strategy and split;
/// one pass except for Y-2, which takes one per coset of its start-tree-keeping group
/// (two for r = 2).
#[test]
fn loads_by_translation_orbits_equal_every_destination() {
    use icn_core::metrics::load_passes;
    for net in symmetry_nets() {
        let spec = net.spec_string();
        for kind in strategies(&net) {
            let router = net.routing(kind).unwrap();
            let passes = load_passes(&net, &router);
            if kind == KyklosRouting::Y2 {
                assert_eq!(passes as usize, net.leaf_count() / y2_group_size(&net));
                if net.r() == 2 {
                    assert_eq!(passes, 2, "{spec}");
                }
                if net.r() == 1 {
                    assert_eq!(passes, 1, "{spec}");
                }
            } else {
                assert_eq!(passes, 1, "{spec} {kind:?}");
            }
            if let Some(orbits) = icn_core::graph::route_orbits(&router) {
                crate::support::assert_orbit_sizes(&net, orbits.as_ref(), &spec);
            }
            crate::support::assert_loads_equal_every_destination(
                &format!("{spec} {kind:?}"),
                &net,
                &router,
            );
        }
    }
}

/// The next hops the router reads from the network's cache (the routes towards L-node 0,
/// moved by translation) equal those computed per destination the direct way: Y-2's union
/// of every source's plan, D2's neighbours one step closer (BFS from the destination),
/// P-r's with the fewest pass-throughs too; for every node and destination, L-nodes and
/// (P-r, D2) IB-nodes alike.
#[test]
fn cached_next_hops_equal_the_per_destination_tables() {
    use icn_core::Routing;
    for net in symmetry_nets() {
        let spec = net.spec_string();
        let nodes = net.node_count();
        for kind in strategies(&net) {
            if !matches!(
                kind,
                KyklosRouting::Y2 | KyklosRouting::D2 | KyklosRouting::Pr
            ) {
                continue;
            }
            let router = net.routing(kind).unwrap();
            let dsts = if kind == KyklosRouting::Y2 {
                net.leaf_count()
            } else {
                nodes
            };
            for dst in 0..dsts {
                let mut want: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); nodes];
                if kind == KyklosRouting::Y2 {
                    for src in 0..net.leaf_count() {
                        for plan in net.plans(kind, src, dst).unwrap() {
                            for w in net.plan_nodes(src, &plan).windows(2) {
                                want[w[0]].insert(w[1]);
                            }
                        }
                    }
                } else {
                    let dist = bfs(&net, dst);
                    let mut order: Vec<usize> = (0..nodes).collect();
                    order.sort_by_key(|&v| dist[v]);
                    // Fewest pass-throughs on minimal paths, by dynamic programming.
                    let mut pt = vec![u32::MAX; nodes];
                    pt[dst] = 0;
                    let cost = |y: usize| u32::from(net.is_leaf(y) && y != dst);
                    for &x in &order[1..] {
                        let closer = nb(&net, x).into_iter().filter(|&y| dist[y] + 1 == dist[x]);
                        pt[x] = closer.map(|y| pt[y] + cost(y)).min().unwrap();
                    }
                    for x in 0..nodes {
                        for y in nb(&net, x) {
                            let on = dist[y] + 1 == dist[x];
                            if on && (kind == KyklosRouting::D2 || pt[y] + cost(y) == pt[x]) {
                                want[x].insert(y);
                            }
                        }
                    }
                }
                for at in 0..nodes {
                    let mut got = Vec::new();
                    router.next_hops(at, dst, &mut got);
                    let set: BTreeSet<usize> = got.iter().copied().collect();
                    assert_eq!(set.len(), got.len(), "{spec} {kind:?} repeated hop");
                    assert_eq!(set, want[at], "{spec} {kind:?} at {at} towards {dst}");
                }
            }
        }
    }
}

/// The translation [`Kyklos::translate`] is an automorphism: it maps every link onto a
/// link, and a network whose caches are filled still equals a fresh one.
#[test]
fn translations_are_automorphisms() {
    for net in symmetry_nets() {
        let nodes = net.node_count();
        for c in 0..net.leaf_count() {
            let mut image = BTreeSet::new();
            for x in 0..nodes {
                let y = net.translate(x, c, false);
                assert_eq!(net.translate(y, c, true), x);
                image.insert(y);
                let mut want: Vec<usize> = nb(&net, x)
                    .iter()
                    .map(|&z| net.translate(z, c, false))
                    .collect();
                let mut got = nb(&net, y);
                want.sort_unstable();
                got.sort_unstable();
                assert_eq!(got, want, "{} +{c} at {x}", net.spec_string());
            }
            assert_eq!(image.len(), nodes);
        }
        let fresh = net.clone();
        for kind in strategies(&net) {
            let router = net.routing(kind).unwrap();
            let _ = enumerate_paths(&router, 0, net.leaf_count() - 1, 4);
        }
        assert_eq!(net, fresh);
    }
}

/// H-2's and Y-2's join loads by symmetry (one destination per coset of Y-2's group)
/// equal the count over all N² ordered pairs, node by node.
#[test]
fn join_loads_by_symmetry_equal_all_pairs() {
    for spec in [
        "kyklos2:m=2,r=2,n=2",
        "kyklos2:m=2,r=2,n=4",
        "kyklos2:m=2,r=2,n=6",
        "kyklos2:m=2,r=3,n=3",
        "kyklos2:m=2,r=3,n=6",
        "kyklos2:m=2,r=4,n=4",
        "kyklos2:m=2,r=1,n=4",
        "kyklos2:m=3,r=2,n=2",
    ] {
        let net = k(spec);
        let leaves = net.leaf_count();
        let mut h2 = Ok(vec![0f64; net.node_count()]);
        'pairs: for i in 0..leaves {
            for j in 0..leaves {
                match (&mut h2, net.h2_join_site(i, j)) {
                    (Ok(counts), Ok(x)) => counts[x] += 1.0,
                    (_, Err(e)) => {
                        h2 = Err(e);
                        break 'pairs;
                    }
                    _ => {}
                }
            }
        }
        assert_eq!(net.h2_join_load().map(|l| l.per_node), h2, "{spec} H-2");
        let y2 = net
            .join_loads()
            .map(|l| l.per_node.iter().map(|&c| c as f64).collect::<Vec<_>>());
        assert_eq!(net.y2_join_load().map(|l| l.per_node), y2, "{spec} Y-2");
    }
}

/// Y-2's symmetry group by brute force, beside what the loads assume: index 2 for r = 2,
/// every translation for r = 1, only the identity for r ≥ 3 (so Y-2's loads take every
/// destination there), on networks larger than the load checks'.
#[test]
fn y2_start_tree_group_by_brute_force() {
    use icn_core::metrics::load_passes;
    for (r, n) in [(1, 6), (2, 6), (2, 8), (3, 6), (4, 8), (3, 9)] {
        let net = Kyklos::new(Shuffle::Proposed, 2, r, n).unwrap();
        let want = match r {
            1 => net.leaf_count(),
            2 => net.leaf_count() / 2,
            _ => 1,
        };
        assert_eq!(y2_group_size(&net), want, "r={r} n={n}");
        let router = net.routing(KyklosRouting::Y2).unwrap();
        assert_eq!(load_passes(&net, &router) as usize, net.leaf_count() / want);
    }
}
