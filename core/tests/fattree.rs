//! The k-ary n-tree (Petrini and Vanneschi, IPPS 1997) against its definition, breadth-first
//! search, path counting over the routing DAGs and a max-flow bisection.

use std::collections::{BTreeSet, VecDeque};

use icn_core::metrics::{bfs, channel_loads, count_minimal_paths, distance_distribution};
use icn_core::routing::{count_paths, enumerate_paths};
use icn_core::topology::fattree::{FatTree, FatTreeRouting, Place};
use icn_core::{
    AddressError, BigUint, Family, Network, Node, ParamError, Routing, SpecError, Structure,
};

use crate::support::{
    assert_loads_equal_every_destination, assert_orbit_sizes, formula, neighbours,
};
use icn_graph::{Addresses, Distances, Graph};

/// k = 2 … 4, n = 1 … 4.
fn sweep() -> Vec<FatTree> {
    let mut out = Vec::new();
    for k in 2..=4 {
        for n in 1..=4 {
            out.push(FatTree::new(k, n).expect("valid"));
        }
    }
    out
}

/// The trees small enough for checks over every pair of nodes.
fn small() -> Vec<FatTree> {
    sweep()
        .into_iter()
        .filter(|t| t.node_count() <= 200)
        .collect()
}

/// The digits of `x` in base k, `len` of them, most significant first.
fn digits(x: usize, k: usize, len: u32) -> Vec<usize> {
    let mut d = vec![0; len as usize];
    let mut x = x;
    for slot in d.iter_mut().rev() {
        *slot = x % k;
        x /= k;
    }
    d
}

/// The links of the k-ary n-tree written out from the paper's definition, by brute force
/// over every pair of switches on adjacent levels and every processor–leaf pair.
fn definition_links(t: &FatTree) -> BTreeSet<(Node, Node)> {
    let (k, n) = (t.k() as usize, t.n());
    let per = t.per_level();
    let mut links = BTreeSet::new();
    let mut add = |a: Node, b: Node| {
        links.insert((a.min(b), a.max(b)));
    };
    for l in 0..n.saturating_sub(1) {
        for w in 0..per {
            for w2 in 0..per {
                let (a, b) = (digits(w, k, n - 1), digits(w2, k, n - 1));
                let agree = (0..n as usize - 1).all(|i| i == l as usize || a[i] == b[i]);
                if agree {
                    add(
                        t.node(Place { level: l, word: w }),
                        t.node(Place {
                            level: l + 1,
                            word: w2,
                        }),
                    );
                }
            }
        }
    }
    for p in 0..t.processors() {
        for w in 0..per {
            let (pd, wd) = (digits(p, k, n), digits(w, k, n - 1));
            if (0..n as usize - 1).all(|i| pd[i] == wd[i]) {
                add(
                    p,
                    t.node(Place {
                        level: n - 1,
                        word: w,
                    }),
                );
            }
        }
    }
    links
}

#[test]
fn the_graph_is_the_paper_k_ary_n_tree() {
    for t in sweep().into_iter().filter(|t| t.node_count() <= 600) {
        let (k, n) = (t.k() as usize, t.n());
        let mut built = BTreeSet::new();
        for v in 0..t.node_count() {
            let nb = neighbours(&t, v);
            let unique: BTreeSet<_> = nb.iter().copied().collect();
            assert_eq!(unique.len(), nb.len(), "{} {v}: duplicate", t.spec_string());
            assert!(!nb.contains(&v));
            let place = t.place(v);
            let up = nb
                .iter()
                .filter(|&&u| t.place(u).level < place.level)
                .count();
            let down = nb.len() - up;
            // Processors: one up-link. Switches: k down-links, k up-links below the roots.
            let (want_up, want_down) = match place.level {
                l if l == n => (1, 0),
                0 => (0, k),
                _ => (k, k),
            };
            assert_eq!((up, down), (want_up, want_down), "{} {v}", t.spec_string());
            for &u in &nb {
                built.insert((u.min(v), u.max(v)));
            }
        }
        assert_eq!(built, definition_links(&t), "{}", t.spec_string());
        assert_eq!(t.link_count(), built.len() as u64);
        assert!(!bfs(&t, 0).contains(&icn_core::metrics::UNREACHABLE));
    }
}

/// Every closed form against the built graph and breadth-first search.
#[test]
fn closed_forms_match_bfs() {
    for t in sweep() {
        let net: Network = t.spec_string().parse().expect("spec");
        let (k, n) = (u64::from(t.k()), u64::from(t.n()));
        let procs = t.processors();
        assert_eq!(formula(&net, "processors"), procs as u64);
        assert_eq!(t.terminal_count(), procs);
        assert_eq!(formula(&net, "switches"), (t.node_count() - procs) as u64);
        let mut degrees = BTreeSet::new();
        let mut degree_sum = 0;
        for v in procs..t.node_count() {
            let d = neighbours(&t, v).len() as u64;
            degree_sum += d;
            degrees.insert((t.place(v).level == 0, d));
        }
        degree_sum += procs as u64;
        assert_eq!(formula(&net, "links"), degree_sum / 2);
        let root = formula(&net, "root switch radix");
        let mut want = BTreeSet::from([(true, root)]);
        if n > 1 {
            want.insert((false, formula(&net, "switch radix below the roots")));
        }
        assert_eq!(degrees, want, "{}", net.spec());
        // The diameter over every node, and between processors.
        let mut diameter = 0;
        let mut processor_diameter = 0;
        for s in 0..t.node_count() {
            let dist = bfs(&t, s);
            diameter = diameter.max(*dist.iter().max().expect("nodes"));
            if s < procs {
                processor_diameter =
                    processor_diameter.max(*dist[..procs].iter().max().expect("p"));
                let sum: u64 = dist[..procs].iter().map(|&d| u64::from(d)).sum();
                assert_eq!(
                    sum,
                    formula(&net, "distances from a processor, summed"),
                    "{} from {s}",
                    net.spec()
                );
            }
        }
        assert_eq!(u64::from(diameter), formula(&net, "diameter"));
        assert_eq!(u64::from(processor_diameter), 2 * n);
        assert_eq!(
            formula(
                &net,
                "shortest paths between processors in different root sub-trees"
            ),
            k.pow(t.n() - 1)
        );
        // Processor 0 and the last processor differ in digit 0: their NCAs are the roots.
        assert_eq!(
            count_minimal_paths(&t, 0, procs - 1),
            BigUint::from(k.pow(t.n() - 1))
        );
        // The average distance is the sum over kⁿ − 1 partners: processor-pair distances.
        let dd = distance_distribution(&t);
        let total = formula(&net, "distances from a processor, summed") as u128 * procs as u128;
        assert_eq!(dd.total_distance(), total, "{}", net.spec());
    }
}

/// The closed-form distance equals breadth-first search between every two nodes.
#[test]
fn closed_form_distance_matches_bfs_everywhere() {
    for t in sweep().into_iter().filter(|t| t.node_count() <= 600) {
        for s in 0..t.node_count() {
            let dist = bfs(&t, s);
            for (v, &d) in dist.iter().enumerate() {
                assert_eq!(t.distance(s, v), Some(d), "{} {s}->{v}", t.spec_string());
            }
        }
    }
}

/// Between processors whose first difference is digit m (their nearest common ancestors
/// at level m, or h = n − 1 − m levels above the leaves) there are k^h shortest paths, of
/// length 2(n − m): one per nearest common ancestor.
#[test]
fn shortest_paths_between_processors_by_ancestor_level() {
    for t in small() {
        let (k, n) = (t.k() as usize, t.n());
        for a in 0..t.processors() {
            let dist = bfs(&t, a);
            for (b, &d) in dist.iter().enumerate().take(t.processors()) {
                if a == b {
                    continue;
                }
                let (da, db) = (digits(a, k, n), digits(b, k, n));
                let m = (0..n as usize).find(|&i| da[i] != db[i]).expect("differ");
                let m = m.min(n as usize - 1) as u32;
                assert_eq!(d, 2 * (n - m));
                let want = BigUint::from(k).pow(n - 1 - m);
                assert_eq!(
                    count_minimal_paths(&t, a, b),
                    want,
                    "{} {a}->{b}",
                    t.spec_string()
                );
                for kind in [FatTreeRouting::UpDown, FatTreeRouting::Minimal] {
                    let r = t.routing(kind);
                    assert_eq!(r.path_count(a, b), Some(want.clone()));
                }
            }
        }
    }
}

/// Nodes reachable from `v` by up-links only (itself included).
fn ancestors(t: &FatTree, v: Node) -> BTreeSet<Node> {
    let mut seen = BTreeSet::from([v]);
    let mut queue = VecDeque::from([v]);
    while let Some(u) = queue.pop_front() {
        for w in neighbours(t, u) {
            if t.place(w).level < t.place(u).level && seen.insert(w) {
                queue.push_back(w);
            }
        }
    }
    seen
}

fn sorted_paths(r: &dyn Routing, a: Node, b: Node) -> Vec<Vec<Node>> {
    let mut p = enumerate_paths(r, a, b, 1 << 16);
    p.sort();
    p
}

/// Up*/down* offers a path exactly when the two nodes have a common ancestor, and then the
/// same paths as minimal routing; d-mod-k one of them. Every closed-form count equals the
/// count over the routing's DAG.
#[test]
fn updown_minimal_and_dmodk_between_every_two_nodes() {
    for t in small().into_iter().filter(|t| t.node_count() <= 120) {
        let updown = t.routing(FatTreeRouting::UpDown);
        let minimal = t.routing(FatTreeRouting::Minimal);
        let dmodk = t.routing(FatTreeRouting::DModK);
        let ups: Vec<_> = (0..t.node_count()).map(|v| ancestors(&t, v)).collect();
        for a in 0..t.node_count() {
            let dist = bfs(&t, a);
            for b in 0..t.node_count() {
                let common = !ups[a].is_disjoint(&ups[b]);
                let ud = sorted_paths(&updown, a, b);
                assert_eq!(!ud.is_empty(), common, "{} {a}->{b}", t.spec_string());
                let min = sorted_paths(&minimal, a, b);
                assert_eq!(BigUint::from(min.len()), count_minimal_paths(&t, a, b));
                assert!(min.iter().all(|p| p.len() as u32 == dist[b] + 1));
                if common {
                    assert_eq!(ud, min, "{} {a}->{b}", t.spec_string());
                }
                let dm = sorted_paths(&dmodk, a, b);
                assert_eq!(dm.len(), usize::from(common));
                assert!(dm.iter().all(|p| ud.contains(p)));
                for r in [&updown, &minimal, &dmodk] {
                    if let Some(c) = r.path_count(a, b) {
                        assert_eq!(c, count_paths(r, a, b), "{} {a}->{b}", t.spec_string());
                    }
                }
            }
        }
    }
}

/// D-mod-k sends everything bound to processor q = q₀…qₙ₋₁ from another root sub-tree
/// through the one root whose word is q₁…qₙ₋₁: each destination owns a root.
#[test]
fn dmodk_gives_each_destination_its_root() {
    for t in sweep()
        .into_iter()
        .filter(|t| t.n() >= 2 && t.node_count() <= 600)
    {
        let (k, n) = (t.k() as usize, t.n());
        let dmodk = t.routing(FatTreeRouting::DModK);
        for q in 0..t.processors() {
            let root = t.node(Place {
                level: 0,
                word: q % t.per_level(),
            });
            for a in (0..t.processors()).filter(|&a| digits(a, k, n)[0] != digits(q, k, n)[0]) {
                let paths = enumerate_paths(&dmodk, a, q, 2);
                assert_eq!(paths.len(), 1);
                assert!(paths[0].contains(&root), "{} {a}->{q}", t.spec_string());
            }
        }
    }
}

/// Loads by the translation group equal the loads over every destination.
#[test]
fn loads_with_and_without_symmetry() {
    for t in sweep().into_iter().filter(|t| t.node_count() <= 200) {
        assert_orbit_sizes(&t, &t.orbits(), &t.spec_string());
        for kind in FatTreeRouting::ALL {
            let r = t.routing(kind);
            assert_loads_equal_every_destination(&format!("{} {kind:?}", t.spec_string()), &t, &r);
        }
    }
}

/// Uniform traffic (every ordered pair of processors, one unit split over its paths): a
/// channel between levels j − 1 and j (level n the processors) carries kⁿ − kⁿ⁻ʲ in either
/// direction, under each strategy: what leaves a sub-tree of kⁿ⁻ʲ processors, spread
/// over its kⁿ⁻ʲ up-links.
#[test]
fn uniform_loads_per_layer() {
    for t in sweep().into_iter().filter(|t| t.node_count() <= 200) {
        let (k, n) = (t.k() as u64, t.n());
        for kind in FatTreeRouting::ALL {
            let loads = channel_loads(&t, &t.routing(kind));
            for (u, v, load) in loads.iter() {
                let j = t.place(u).level.max(t.place(v).level);
                let want = (k.pow(n) - k.pow(n - j)) as f64;
                assert!(
                    (load - want).abs() < 1e-9,
                    "{} {kind:?} {u}->{v}: {load}",
                    t.spec_string()
                );
            }
        }
    }
}

/// The smallest number of links whose removal separates the processors in `a` from the
/// others (the switches may fall on either side): a max-flow with unit capacities.
fn min_cut(t: &FatTree, a: &[bool]) -> u32 {
    let nodes = t.node_count();
    let (source, sink) = (nodes, nodes + 1);
    let mut cap = vec![std::collections::HashMap::<usize, i64>::new(); nodes + 2];
    for (u, out) in cap.iter_mut().enumerate().take(nodes) {
        for v in neighbours(t, u) {
            *out.entry(v).or_default() += 1;
        }
    }
    for (p, &side) in a.iter().enumerate() {
        let (x, y) = if side { (source, p) } else { (p, sink) };
        cap[x].insert(y, i64::MAX / 4);
        cap[y].entry(x).or_default();
    }
    let mut flow = 0;
    loop {
        let mut prev = vec![usize::MAX; nodes + 2];
        prev[source] = source;
        let mut queue = VecDeque::from([source]);
        while let Some(u) = queue.pop_front() {
            let next: Vec<usize> = cap[u]
                .iter()
                .filter(|&(_, &c)| c > 0)
                .map(|(&v, _)| v)
                .collect();
            for v in next {
                if prev[v] == usize::MAX {
                    prev[v] = u;
                    queue.push_back(v);
                }
            }
        }
        if prev[sink] == usize::MAX {
            return flow;
        }
        let mut v = sink;
        while v != source {
            let u = prev[v];
            *cap[u].get_mut(&v).expect("edge") -= 1;
            *cap[v].entry(u).or_default() += 1;
            v = u;
        }
        flow += 1;
    }
}

/// Full bisection: every split of the processors into halves (⌊N/2⌋ and ⌈N/2⌉) needs
/// ⌊kⁿ/2⌋ links cut, and cutting the smaller half's processor links achieves it.
#[test]
fn bisection_width_by_max_flow() {
    for (k, n) in [
        (2, 1),
        (2, 2),
        (2, 3),
        (2, 4),
        (3, 1),
        (3, 2),
        (4, 1),
        (4, 2),
    ] {
        let t = FatTree::new(k, n).expect("valid");
        let net: Network = t.spec_string().parse().expect("spec");
        let procs = t.processors();
        let mut best = u32::MAX;
        // Splits up to swapping the halves: processor 0 on side A, A of either size.
        let mut sizes = vec![procs / 2];
        if procs % 2 == 1 {
            sizes.push(procs - procs / 2);
        }
        for size in sizes {
            for rest in 0u64..1 << (procs - 1) {
                if rest.count_ones() as usize + 1 != size {
                    continue;
                }
                let mut side = vec![false; procs];
                side[0] = true;
                for (i, s) in side.iter_mut().enumerate().skip(1) {
                    *s = rest >> (i - 1) & 1 == 1;
                }
                best = best.min(min_cut(&t, &side));
            }
        }
        assert_eq!(
            u64::from(best),
            formula(&net, "bisection width (links)"),
            "{k} {n}"
        );
    }
}

#[test]
fn addresses_round_trip_and_errors_name_the_character() {
    for t in sweep() {
        for v in 0..t.node_count() {
            let text = t.format_node(v);
            assert_eq!(t.parse_node(&text), Ok(v), "{} {text}", t.spec_string());
        }
    }
    let t = FatTree::new(4, 3).expect("valid");
    assert_eq!(t.format_node(0), "p:000");
    assert_eq!(t.format_node(27), "p:123");
    assert_eq!(t.parse_node("123"), Ok(27), "bare digits are a processor");
    // ⟨13, 2⟩: 64 + 2·16 + 7.
    assert_eq!(t.format_node(64 + 32 + 7), "s2:13");
    assert_eq!(t.parse_node(" s2:13 "), Ok(64 + 32 + 7));
    assert_eq!(
        t.parse_node("p:1x3"),
        Err(AddressError::BadDigit {
            ch: 'x',
            position: 4,
            radix: 4,
            allowed: "0-3".into()
        })
    );
    assert!(matches!(
        t.parse_node("p:12"),
        Err(AddressError::WrongLength {
            got: 2,
            want: 3,
            ..
        })
    ));
    assert!(matches!(
        t.parse_node("s1:123"),
        Err(AddressError::WrongLength {
            got: 3,
            want: 2,
            ..
        })
    ));
    let e = t.parse_node("s3:00").expect_err("no level 3");
    assert!(e.to_string().contains("level 3 is out of range"), "{e}");
    let e = t.parse_node("s2-00").expect_err("no colon");
    assert!(e.to_string().contains("'-' at position 3"), "{e}");
    let e = t.parse_node("q:000").expect_err("q");
    assert!(e.to_string().contains("'q'"), "{e}");
    let e = t.parse_node("#").expect_err("#");
    assert!(e.to_string().contains("'#' at position 1"), "{e}");
    assert!(matches!(t.parse_node(""), Err(AddressError::Empty { .. })));
    // n = 1: the one switch has an empty word.
    let star = FatTree::new(3, 1).expect("valid");
    assert_eq!(star.format_node(3), "s0:");
    assert_eq!(star.parse_node("s0:"), Ok(3));
    assert_eq!(star.parse_node("p:2"), Ok(2));
}

#[test]
fn parameters_are_checked() {
    for (spec, key) in [
        ("fattree:k=1,n=3", "k"),
        ("fattree:k=37,n=2", "k"),
        ("fattree:k=4,n=0", "n"),
        ("fattree:k=4", "n"),
        ("fattree:k=x,n=2", "k"),
    ] {
        let e = spec.parse::<Network>().expect_err(spec);
        assert_eq!(e.param_key(), Some(key), "{spec}: {e}");
    }
    // 2³¹ nodes at most: k = 2, n = 27 has 2²⁷ + 27·2²⁶ = 29·2²⁶ nodes, n = 28 too many.
    assert!("fattree:k=2,n=27".parse::<Network>().is_ok());
    assert!(matches!(
        "fattree:k=2,n=28".parse::<Network>(),
        Err(SpecError::Param(ParamError::TooLarge { nodes, .. })) if nodes == (1 << 28) + 28 * (1 << 27)
    ));
    assert!(matches!(
        "fattree:k=36,n=18446744073709551615".parse::<Network>(),
        Err(SpecError::Param(ParamError::TooLarge { .. }))
    ));
    let net: Network = "fattree:k=4,n=3".parse().expect("spec");
    assert_eq!(net.spec(), "fattree:k=4,n=3");
    assert_eq!(net.default_strategy(), "updown");
    assert!(net.routing("ecube").is_err());
    let (a, b) = net.default_route();
    let route = net.route("updown", a, b, 100).expect("route");
    assert_eq!((route.length, route.path_count), (6, BigUint::from(16u32)));
}

/// The diagram's rows: roots on top, processors at the bottom, every node once, a
/// leaf's processors side by side, every sub-tree contiguous.
#[test]
fn levels_for_the_diagram() {
    for t in sweep() {
        let Structure::Levels { names, rows } = t.structure() else {
            panic!("levels");
        };
        let n = t.n() as usize;
        assert_eq!((names.len(), rows.len()), (n + 1, n + 1));
        assert_eq!(names[n], "processors");
        assert!(rows[..n].iter().all(|r| r.len() == t.per_level()));
        let all: BTreeSet<_> = rows.iter().flatten().copied().collect();
        assert_eq!(all.len(), t.node_count());
        for (l, row) in rows[..n].iter().enumerate() {
            assert!(row.iter().all(|&v| t.place(v).level == l as u32));
        }
        // Leaf i's processors are positions k·i … k·i + k − 1 of the bottom row.
        let k = t.k() as usize;
        for (i, &leaf) in rows[n - 1].iter().enumerate() {
            let below: Vec<Node> = neighbours(&t, leaf)
                .into_iter()
                .filter(|&v| v < t.processors())
                .collect();
            let at: Vec<usize> = below
                .iter()
                .map(|v| rows[n].iter().position(|x| x == v).expect("in row"))
                .collect();
            assert_eq!(at, (k * i..k * i + k).collect::<Vec<_>>());
        }
    }
}
