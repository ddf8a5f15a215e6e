//! The Dragonfly of Kim, Dally, Scott and Abts (ISCA 2008): parameters, the three global
//! arrangements, closed forms and path counts against breadth-first search, Valiant's
//! two-phase routing against brute-force enumeration of every (s, i, d) walk, and the
//! maximal absolute Dragonfly against the repo's MDF.
use icn_graph::closed_distance;

use std::collections::{HashMap, VecDeque};

use icn_core::graph::{bfs, count_phase_paths, enumerate_phase_paths, enumerate_routes, Split};
use icn_core::metrics::{
    channel_loads_every_destination, channel_loads_split, count_minimal_paths, load_estimate,
    load_passes, ChannelLoads,
};
use icn_core::routing::count_paths;
use icn_core::topology::dragonfly::{Arrangement, Dragonfly};
use icn_core::{BigUint, Family, Network, Node, ParamError, SpecError, Structure, Topology};

use crate::support::{neighbours, net};
use icn_core::graph::intermediates;
use icn_graph::{Distances, Graph, Symmetry};

/// Every Dragonfly with a = 1..=6, h = 1..=3, each arrangement and every allowed g (the
/// largest, a·h + 1, and each smaller one whose g − 1 divides a·h and is at least h).
fn sweep() -> Vec<Dragonfly> {
    let mut out = Vec::new();
    for a in 1..=6u64 {
        for h in 1..=3u64 {
            for arr in Arrangement::ALL {
                for g in 2..=a * h + 1 {
                    if let Ok(d) = Dragonfly::new(a, 2, h, Some(g), arr) {
                        out.push(d);
                    }
                }
            }
        }
    }
    out
}

/// Shortest-path counts from `src` to every node, by breadth-first search (independent
/// of the family's closed forms).
fn bfs_counts(t: &dyn Topology, src: Node) -> (Vec<u32>, Vec<u64>) {
    let n = t.node_count();
    let (mut dist, mut count) = (vec![u32::MAX; n], vec![0u64; n]);
    dist[src] = 0;
    count[src] = 1;
    let mut queue = VecDeque::from([src]);
    while let Some(u) = queue.pop_front() {
        for v in neighbours(t, u) {
            if dist[v] == u32::MAX {
                dist[v] = dist[u] + 1;
                queue.push_back(v);
            }
            if dist[v] == dist[u] + 1 {
                count[v] += count[u];
            }
        }
    }
    (dist, count)
}

fn formula(d: &Dragonfly, name: &str) -> u64 {
    d.formulas()
        .iter()
        .find(|f| f.name == name)
        .unwrap_or_else(|| panic!("formula {name}"))
        .value
}

#[test]
fn the_sweep_covers_every_arrangement_and_group_count() {
    let all = sweep();
    assert_eq!(all.len(), 141);
    assert!(all
        .iter()
        .any(|d| !d.is_maximal() && d.arrangement() == Arrangement::Circulant));
    // a = 4, h = 2: g − 1 ∈ {2, 4, 8}.
    let g: Vec<u32> = all
        .iter()
        .filter(|d| (d.a(), d.h(), d.arrangement()) == (4, 2, Arrangement::Absolute))
        .map(Dragonfly::groups)
        .collect();
    assert_eq!(g, vec![3, 5, 9]);
}

/// The wiring is a perfect matching of the global ports: port j of group G leads to a
/// port of another group that leads back to (G, j); every two groups get a·h/(g − 1)
/// links; a router's links reach distinct groups; the graph is simple and connected.
#[test]
fn arrangements_are_matchings_joining_every_two_groups_evenly() {
    for d in sweep() {
        let spec = d.spec_string();
        let (a, h, g) = (d.a(), d.h(), d.groups());
        let mut between = HashMap::new();
        for group in 0..g {
            for j in 0..a * h {
                let (t, back) = d.global_peer(group, j);
                assert_ne!(t, group, "{spec}: ({group}, {j}) loops");
                assert!(back < a * h, "{spec}");
                assert_eq!(d.global_peer(t, back), (group, j), "{spec}: ({group}, {j})");
                *between.entry((group.min(t), group.max(t))).or_insert(0u32) += 1;
                assert_eq!(d.port_towards(group, j / h, t), Some(j), "{spec}");
            }
        }
        // Each link was seen from both ends.
        assert_eq!(between.len() as u32, g * (g - 1) / 2, "{spec}");
        assert!(
            between.values().all(|&c| c == 2 * d.links_per_pair()),
            "{spec}"
        );
        for v in 0..d.node_count() {
            let nb = neighbours(&d, v);
            let mut sorted = nb.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len(), nb.len(), "{spec}: parallel links at {v}");
            assert_eq!(nb.len() as u32, a - 1 + h, "{spec}");
        }
        assert!(bfs(&d, 0).iter().all(|&x| x != u32::MAX), "{spec}");
    }
}

/// Routers, links, degree and diameter against counting and breadth-first search.
#[test]
fn closed_forms_match_bfs() {
    let mut below = Vec::new();
    for d in sweep() {
        let spec = d.spec_string();
        let (a, p, h, g) = (
            u64::from(d.a()),
            u64::from(d.p()),
            u64::from(d.h()),
            u64::from(d.groups()),
        );
        let n = d.node_count();
        assert_eq!(formula(&d, "routers"), n as u64, "{spec}");
        assert_eq!(formula(&d, "terminals"), a * p * g);
        assert_eq!(
            formula(&d, "router radix"),
            p + neighbours(&d, 0).len() as u64
        );
        let mut local = 0;
        let mut global = 0;
        for v in 0..n {
            for u in neighbours(&d, v) {
                if d.coords(u).0 == d.coords(v).0 {
                    local += 1;
                } else {
                    global += 1;
                }
            }
        }
        assert_eq!(formula(&d, "local links"), local / 2, "{spec}");
        assert_eq!(formula(&d, "global links"), global / 2, "{spec}");
        assert_eq!(global / 2, g * a * h / 2, "{spec}");
        assert_eq!(
            formula(&d, "global links between two groups"),
            a * h / (g - 1)
        );
        assert_eq!(d.link_count(), (local + global) / 2, "{spec}");
        let diameter = (0..n)
            .map(|s| bfs(&d, s).into_iter().max().unwrap_or(0))
            .max()
            .unwrap_or(0);
        let bound = formula(&d, "diameter bound");
        if u64::from(diameter) < bound {
            below.push(spec);
        } else {
            assert_eq!(bound, u64::from(diameter), "{spec}");
        }
    }
    // The bound is the diameter everywhere in the sweep but for three circulant networks,
    // whose third groups cover every far pair with a two-hop global path.
    assert_eq!(
        below,
        [
            "dragonfly:a=2,p=2,h=2,g=5,arr=circulant",
            "dragonfly:a=3,p=2,h=2,g=4,arr=circulant",
            "dragonfly:a=4,p=2,h=3,g=5,arr=circulant",
        ]
    );
}

/// The closed-form distance and minimal path count equal breadth-first search for every
/// ordered pair of every network of the sweep, and the family's minimal routing lists
/// exactly the counted paths.
#[test]
fn distances_and_minimal_path_counts_match_bfs() {
    for d in sweep() {
        let spec = d.spec_string();
        let routing = d.routing("minimal").expect("minimal");
        for s in 0..d.node_count() {
            let (dist, count) = bfs_counts(&d, s);
            for t in 0..d.node_count() {
                assert_eq!(d.distance(s, t), Some(dist[t]), "{spec} {s}->{t}");
                assert_eq!(d.min_path_count(s, t), count[t], "{spec} {s}->{t}");
                assert_eq!(
                    routing.path_count(s, t),
                    Some(BigUint::from(count[t])),
                    "{spec}"
                );
            }
        }
        // The routing's DAG count and listing, on a few pairs.
        let n = d.node_count();
        for s in (0..n).step_by(n.div_ceil(5)) {
            for t in 0..n {
                let listed = enumerate_phase_paths(routing.as_ref(), s, t, 1 << 16);
                assert_eq!(BigUint::from(listed.len()), count_minimal_paths(&d, s, t));
                assert_eq!(
                    count_paths(routing.as_ref(), s, t),
                    count_minimal_paths(&d, s, t)
                );
            }
        }
    }
}

fn param_error(spec: &str) -> ParamError {
    match spec.parse::<Network>() {
        Err(SpecError::Param(e)) => e,
        other => panic!("{spec}: {other:?}"),
    }
}

#[test]
fn parameters_default_and_print_canonically() {
    let n = net("dragonfly:a=4,p=2,h=2");
    assert_eq!(n.spec(), "dragonfly:a=4,p=2,h=2,g=9,arr=absolute");
    assert_eq!(net(&n.spec()), n);
    let d: &Dragonfly = n.as_family().as_any().downcast_ref().expect("a Dragonfly");
    assert!(d.is_maximal());
    assert_eq!((d.a(), d.p(), d.h(), d.groups()), (4, 2, 2, 9));
    let r = net("dragonfly:arr=circulant,g=5,h=2,p=1,a=4");
    assert_eq!(r.spec(), "dragonfly:a=4,p=1,h=2,g=5,arr=circulant");
    assert_eq!(n.concentration(), 2);
    assert_eq!(r.concentration(), 1);
}

#[test]
fn bad_parameters_name_the_parameter_and_why() {
    for (spec, key, needle) in [
        ("dragonfly:a=0,p=2,h=2", "a", "1 ≤ a ≤ 1024"),
        ("dragonfly:a=4,p=2,h=300", "h", "1 ≤ h ≤ 256"),
        ("dragonfly:a=4,p=0,h=2", "p", "1 ≤ p ≤ 1024"),
        ("dragonfly:a=4,p=2,h=2,g=10", "g", "a·h + 1 = 9"),
        ("dragonfly:a=4,p=2,h=2,g=1", "g", "2 ≤ g"),
        ("dragonfly:a=4,p=2,h=2,g=4", "g", "g = 3, 5 or 9"),
        ("dragonfly:a=4,p=2,h=3,g=3", "g", "g = 4, 5, 7 or 13"),
        (
            "dragonfly:a=4,p=2,h=2,arr=palmtree",
            "arr",
            "absolute, relative or circulant",
        ),
        ("dragonfly:a=4,p=2,h=x", "h", "not a digit"),
    ] {
        let e = param_error(spec);
        assert_eq!(e.param_key(), Some(key), "{spec}: {e}");
        assert!(e.to_string().contains(needle), "{spec}: {e}");
    }
    assert!(matches!(
        param_error("dragonfly:a=4,h=2"),
        ParamError::Missing { key: "p", .. }
    ));
    assert!(matches!(
        param_error("dragonfly:a=4,p=2,h=2,k=3"),
        ParamError::UnknownKey { .. }
    ));
    // Many allowed group counts are cut short.
    let e = param_error("dragonfly:a=1024,p=1,h=256,g=7");
    assert!(e.to_string().contains(", … or 262145"), "{e}");
}

#[test]
fn addresses_are_group_and_router() {
    let n = net("dragonfly:a=4,p=2,h=2");
    let v = n.parse_node("(8,3)").expect("address");
    assert_eq!(v, 35);
    assert_eq!(n.format_node(v), "(8,3)");
    assert_eq!(n.parse_node(" 8, 3 "), Ok(35));
    for (text, needle) in [
        ("(9,0)", "0 ≤ g < g = 9"),
        ("(0,4)", "0 ≤ r < a = 4"),
        ("(a,1)", "character 'a' at position 2"),
        ("(1,2,3)", "3 coordinates"),
        ("", "empty"),
    ] {
        let e = n.parse_node(text).expect_err(text);
        assert!(e.to_string().contains(needle), "{text}: {e}");
    }
    for v in 0..n.topology().node_count() {
        assert_eq!(n.parse_node(&n.format_node(v)), Ok(v));
    }
}

#[test]
fn groups_are_the_structure() {
    let n = net("dragonfly:a=3,p=1,h=1");
    let Structure::Groups { name, groups } = n.structure() else {
        panic!("groups expected");
    };
    assert_eq!(name, "group");
    assert_eq!(
        groups,
        vec![vec![0, 1, 2], vec![3, 4, 5], vec![6, 7, 8], vec![9, 10, 11]]
    );
}

/// The numbers of the paper's balanced configurations (a = 2p = 2h): its example
/// a = 4, p = h = 2 (9 groups, 72 terminals, radix-7 routers) and p = h = 16, a = 32
/// (radix-63 routers, 513 groups).
#[test]
fn balanced_configurations() {
    let small = net("dragonfly:a=4,p=2,h=2");
    let value = |n: &Network, name: &str| {
        n.formulas()
            .iter()
            .find(|f| f.name == name)
            .map(|f| f.value)
            .expect(name)
    };
    assert_eq!(value(&small, "terminals"), 72);
    assert_eq!(value(&small, "router radix"), 7);
    assert_eq!(value(&small, "global links"), 36);
    assert_eq!(value(&small, "global links between two groups"), 1);
    let big = net("dragonfly:a=32,p=16,h=16");
    assert_eq!(big.spec(), "dragonfly:a=32,p=16,h=16,g=513,arr=absolute");
    assert_eq!(value(&big, "router radix"), 63);
    assert_eq!(value(&big, "terminals"), 262_656);
    assert_eq!(value(&big, "routers"), 16_416);
    assert_eq!(
        big.topology().link_count(),
        513 * 32 * 31 / 2 + 513 * 32 * 16 / 2
    );
    // The closed forms answer at once at this size: l-g-l between far routers.
    let (a, b) = (
        big.parse_node("(0,0)").expect("a"),
        big.parse_node("(512,31)").expect("b"),
    );
    assert_eq!(closed_distance(big.topology(), a, b), Some(3));
    assert!(big
        .route_cost("minimal", a, b, 64)
        .within(icn_core::PAGE_BUDGET));
}

/// `dragonfly:a=M,h=K,arr=absolute` is MDF(K, M) (the Swapped Dragonfly paper's §11):
/// the same edge set under (g, r) ↦ (g, r).
#[test]
fn maximal_absolute_dragonfly_is_mdf() {
    for k in 1..=3 {
        for m in 1..=4 {
            let d = net(&format!("dragonfly:a={m},p=1,h={k},arr=absolute"));
            let mdf = net(&format!("mdf:k={k},m={m}"));
            let (t, u) = (d.topology(), mdf.topology());
            assert_eq!(t.node_count(), u.node_count());
            for v in 0..t.node_count() {
                assert_eq!(d.format_node(v), mdf.format_node(v));
                let (mut a, mut b) = (neighbours(t, v), neighbours(u, v));
                a.sort_unstable();
                b.sort_unstable();
                assert_eq!(a, b, "k={k} m={m} at {v}");
            }
        }
        // Relative and circulant are other graphs (not merely renumbered here).
        let rel = net(&format!("dragonfly:a=4,p=1,h={k},arr=relative"));
        let abs = net(&format!("dragonfly:a=4,p=1,h={k},arr=absolute"));
        let differs = (0..rel.topology().node_count())
            .any(|v| neighbours(rel.topology(), v) != neighbours(abs.topology(), v));
        assert!(differs, "h={k}");
    }
}

/// The group rotation of the relative and circulant arrangements maps links to links,
/// its orbit sizes are right, and loads by orbits equal loads over every destination.
#[test]
fn group_rotation_is_an_automorphism_and_its_loads_agree() {
    for d in sweep().into_iter().filter(|d| d.node_count() <= 60) {
        let spec = d.spec_string();
        let Some(orbits) = d.automorphisms() else {
            assert_eq!(d.arrangement(), Arrangement::Absolute);
            continue;
        };
        let g = d.groups();
        let rotate = |v: Node| {
            let (group, r) = d.coords(v);
            d.node((group + 1) % g, r)
        };
        for v in 0..d.node_count() {
            let mut image: Vec<Node> = neighbours(&d, v).into_iter().map(rotate).collect();
            let mut there = neighbours(&d, rotate(v));
            image.sort_unstable();
            there.sort_unstable();
            assert_eq!(image, there, "{spec} at {v}");
        }
        crate::support::assert_orbit_sizes(&d, orbits.as_ref(), &spec);
        let minimal = d.routing("minimal").expect("minimal");
        assert_eq!(
            load_passes(&d, minimal.as_ref()),
            u64::from(d.a()),
            "{spec}"
        );
        crate::support::assert_loads_equal_every_destination(&spec, &d, minimal.as_ref());
    }
}

/// Small Dragonflies for Valiant's routing: maximal and below, each arrangement.
const VALIANT: &[&str] = &[
    "dragonfly:a=2,p=1,h=1",
    "dragonfly:a=3,p=1,h=1,arr=relative",
    "dragonfly:a=2,p=1,h=2,arr=circulant",
    "dragonfly:a=4,p=1,h=2,g=5,arr=absolute",
    "dragonfly:a=3,p=1,h=2,g=4,arr=circulant",
    "dragonfly:a=4,p=2,h=2",
];

/// Every router outside the groups of `s` and `d`, computed here from the coordinates.
fn third_group_routers(d: &Dragonfly, s: Node, t: Node) -> Vec<Node> {
    let (gs, gt) = (d.coords(s).0, d.coords(t).0);
    (0..d.node_count())
        .filter(|&v| d.coords(v).0 != gs && d.coords(v).0 != gt)
        .collect()
}

/// The walks of Valiant's routing from `s` to `t`, each with its intermediate (`None`
/// within a group) and its probability under each split: 1/|I| · 1/paths for each phase
/// (per path), or 1/|I| · Π 1/(next hops) along each phase (per hop). Built from the
/// minimal routing's phases (checked against BFS above), not from the two-phase code.
fn valiant_walks(d: &Dragonfly, s: Node, t: Node) -> Vec<(Option<Node>, Vec<Node>, f64, f64)> {
    let minimal = d.routing("minimal").expect("minimal");
    let m = minimal.as_ref();
    let per_hop = |p: &[Node]| -> f64 {
        p.windows(2)
            .map(|w| {
                let mut hops = Vec::new();
                m.next_hops(w[0], p[p.len() - 1], &mut hops);
                1.0 / hops.len() as f64
            })
            .product()
    };
    let phase = |a: Node, b: Node| enumerate_phase_paths(m, a, b, 1 << 20);
    if d.coords(s).0 == d.coords(t).0 {
        let paths = phase(s, t);
        let share = 1.0 / paths.len() as f64;
        return paths
            .into_iter()
            .map(|p| {
                let hop = per_hop(&p);
                (None, p, share, hop)
            })
            .collect();
    }
    let via = third_group_routers(d, s, t);
    let mut out = Vec::new();
    for &i in &via {
        let (first, second) = (phase(s, i), phase(i, t));
        let w = 1.0 / via.len() as f64 / (first.len() * second.len()) as f64;
        for p in &first {
            for q in &second {
                let mut walk = p.clone();
                walk.extend_from_slice(&q[1..]);
                let hop = per_hop(p) * per_hop(q) / via.len() as f64;
                out.push((Some(i), walk, w, hop));
            }
        }
    }
    out
}

/// Valiant's routes, listed and counted: every (intermediate, walk) once, the count
/// Σ paths(s, i) · paths(i, d) in closed form equal to the generic count and to the
/// enumeration; the walks are two shortest paths joined at a router of a third group.
#[test]
fn valiant_routes_match_enumeration() {
    for spec in VALIANT {
        let n = net(spec);
        let d: &Dragonfly = n.as_family().as_any().downcast_ref().expect("a Dragonfly");
        let valiant = n.routing("valiant").expect("valiant");
        let r = valiant.as_ref();
        assert!(r.two_phase().is_some() && !r.is_minimal());
        for s in 0..d.node_count() {
            for t in 0..d.node_count() {
                let expected = if s == t {
                    vec![(None, vec![s], 1.0, 1.0)]
                } else {
                    valiant_walks(d, s, t)
                };
                let route = n.route("valiant", s, t, 1 << 20).expect("route");
                let listed: Vec<(Option<Node>, Vec<Node>)> = if route.via.is_empty() {
                    route.paths.iter().map(|p| (None, p.clone())).collect()
                } else {
                    route
                        .via
                        .iter()
                        .copied()
                        .map(Some)
                        .zip(route.paths.clone())
                        .collect()
                };
                let want: Vec<(Option<Node>, Vec<Node>)> =
                    expected.iter().map(|w| (w.0, w.1.clone())).collect();
                assert_eq!(listed, want, "{spec} {s}->{t}");
                assert_eq!(
                    route.path_count,
                    BigUint::from(want.len()),
                    "{spec} {s}->{t}"
                );
                assert_eq!(count_paths(r, s, t), route.path_count, "{spec}");
                assert!(!route.truncated);
                let via = intermediates(r, s, t);
                let same_group = d.coords(s).0 == d.coords(t).0;
                assert_eq!(via.is_none(), same_group, "{spec} {s}->{t}");
                if let Some(via) = via {
                    assert_eq!(via, third_group_routers(d, s, t));
                    // Σ over intermediates of the phases' counts, from the closed forms.
                    let sum: u64 = via
                        .iter()
                        .map(|&i| d.min_path_count(s, i) * d.min_path_count(i, t))
                        .sum();
                    assert_eq!(route.path_count, BigUint::from(sum));
                    assert_eq!(
                        count_phase_paths(r, s, t),
                        BigUint::from(d.min_path_count(s, t))
                    );
                    // The first listed walk's hops are the route's length.
                    assert_eq!(route.length as usize, route.paths[0].len() - 1);
                }
            }
        }
    }
}

/// A Valiant walk revisits a router when the intermediate's group is entered and left
/// through the same router, and two intermediates can give the same walk: both are
/// routes, each counted.
#[test]
fn valiant_walks_may_revisit_and_repeat() {
    let n = net("dragonfly:a=4,p=2,h=2");
    let (s, t) = (
        n.parse_node("(0,0)").expect("s"),
        n.parse_node("(8,3)").expect("t"),
    );
    let valiant = n.routing("valiant").expect("valiant");
    let routes = enumerate_routes(valiant.as_ref(), s, t, 1 << 20);
    let revisits = |walk: &Vec<Node>| {
        let mut seen = walk.clone();
        seen.sort_unstable();
        seen.dedup();
        seen.len() < walk.len()
    };
    assert!(!routes.iter().any(|(_, w)| revisits(w)));
    // (0,0) → (1,0) via (2,1): into group 2 at (2,0), on to (2,1), and back through (2,0),
    // whose link leads to group 1.
    let to_10 = n.parse_node("(1,0)").expect("(1,0)");
    let back: Vec<(String, Vec<String>)> = enumerate_routes(valiant.as_ref(), s, to_10, 1 << 20)
        .into_iter()
        .filter(|(_, w)| revisits(w))
        .map(|(i, w)| {
            let name = |v: Node| n.format_node(v);
            (name(i.expect("via")), w.into_iter().map(name).collect())
        })
        .collect();
    assert_eq!(
        back[0],
        (
            "(2,1)".to_string(),
            ["(0,0)", "(2,0)", "(2,1)", "(2,0)", "(1,0)"]
                .map(String::from)
                .to_vec()
        )
    );
    let mut walks: Vec<&Vec<Node>> = routes.iter().map(|r| &r.1).collect();
    walks.sort();
    walks.dedup();
    assert!(walks.len() < routes.len());
    // 28 intermediates (7 groups of 4); the route count as `icn route` prints it.
    assert_eq!(
        intermediates(valiant.as_ref(), s, t).map(|v| v.len()),
        Some(28)
    );
    assert_eq!(routes.len(), 38);
    // g = 2 has no third group: Valiant is not offered (minimal and lgl are).
    let two = net("dragonfly:a=4,p=1,h=1,g=2");
    assert!(two.routing("valiant").is_err());
    assert!(two.routing("valiant-min").is_err());
    assert_eq!(two.strategies().len(), 2);
}

fn loads_by_brute_force(d: &Dragonfly, split: Split) -> (HashMap<(Node, Node), f64>, Vec<f64>) {
    let mut channels = HashMap::new();
    let mut nodes = vec![0f64; d.node_count()];
    for s in 0..d.node_count() {
        for t in (0..d.node_count()).filter(|&t| t != s) {
            for (_, walk, per_path, per_hop) in valiant_walks(d, s, t) {
                let w = if split == Split::PerPath {
                    per_path
                } else {
                    per_hop
                };
                for e in walk.windows(2) {
                    *channels.entry((e[0], e[1])).or_insert(0.0) += w;
                }
                // Every visit between the ends forwards the unit (the intermediate too).
                for &v in &walk[1..walk.len() - 1] {
                    nodes[v] += w;
                }
            }
        }
    }
    (channels, nodes)
}

fn assert_loads(label: &str, loads: &ChannelLoads, brute: &(HashMap<(Node, Node), f64>, Vec<f64>)) {
    let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * b.abs().max(1.0);
    for (u, v, l) in loads.iter() {
        let b = brute.0.get(&(u, v)).copied().unwrap_or(0.0);
        assert!(close(l, b), "{label}: {u}->{v} {l} vs {b}");
    }
    for (v, (&l, &b)) in loads.node_loads.iter().zip(&brute.1).enumerate() {
        assert!(close(l, b), "{label}: node {v} {l} vs {b}");
    }
}

/// Valiant's loads (a unit split equally among the intermediates, each phase per path or
/// per hop) equal the brute-force sum over every (s, i, d) walk, and no symmetry is used.
#[test]
fn valiant_loads_match_every_walk() {
    for spec in VALIANT {
        let n = net(spec);
        let d: &Dragonfly = n.as_family().as_any().downcast_ref().expect("a Dragonfly");
        let valiant = n.routing("valiant").expect("valiant");
        assert_eq!(load_passes(d, valiant.as_ref()), d.node_count() as u64);
        for split in [Split::PerPath, Split::PerHop] {
            let label = format!("{spec} {split:?}");
            let brute = loads_by_brute_force(d, split);
            assert_loads(
                &label,
                &channel_loads_split(d, valiant.as_ref(), split),
                &brute,
            );
            assert_loads(
                &label,
                &channel_loads_every_destination(d, valiant.as_ref(), split),
                &brute,
            );
        }
    }
}

/// The load estimate counts Valiant's (s, d, i) triples and its per-destination weights.
#[test]
fn load_estimate_covers_the_two_phases() {
    let n = net("dragonfly:a=4,p=2,h=2,arr=relative");
    let t = n.topology();
    let walk = 36 + 2 * 90;
    let minimal = n.routing("minimal").expect("minimal");
    let one = load_estimate(t, minimal.as_ref());
    assert_eq!(
        one.steps,
        walk * 4,
        "4 orbits of destinations under the rotation"
    );
    assert_eq!(one.bytes, (36 + 90) * 16);
    let valiant = n.routing("valiant").expect("valiant");
    let two = load_estimate(t, valiant.as_ref());
    assert_eq!(two.steps, walk * 36 + 36 * 36 * 28);
    assert_eq!(two.bytes, (36 + 90) * 16 + 36 * 36 * 8);
}

/// In the maximal Dragonfly a far pair (distance 3) has its one local-global-local path,
/// and more only where a third group offers a three-hop shortcut: the count depends on
/// the arrangement.
#[test]
fn far_pairs_have_one_lgl_path_plus_shortcuts() {
    let mut histograms = Vec::new();
    for arr in ["absolute", "relative", "circulant"] {
        let n = net(&format!("dragonfly:a=4,p=2,h=2,arr={arr}"));
        let d: &Dragonfly = n.as_family().as_any().downcast_ref().expect("a Dragonfly");
        let mut histogram = std::collections::BTreeMap::new();
        for s in 0..d.node_count() {
            for t in 0..d.node_count() {
                if d.min_distance(s, t) == 3 {
                    *histogram.entry(d.min_path_count(s, t)).or_insert(0u32) += 1;
                }
            }
        }
        assert!(histogram.contains_key(&1), "{arr}");
        histograms.push(histogram);
    }
    // Ordered far pairs by path count (the counts equal BFS's: see the sweep above).
    let expected: [&[(u64, u32)]; 3] = [
        &[(1, 336), (2, 112), (3, 144), (5, 32)],
        &[(1, 270), (2, 108), (3, 162), (4, 72)],
        &[(1, 108), (2, 378), (3, 108)],
    ];
    for (got, want) in histograms.iter().zip(expected) {
        assert_eq!(got.iter().map(|(&k, &v)| (k, v)).collect::<Vec<_>>(), want);
    }
    // The example route: one path, local-global-local.
    let n = net("dragonfly:a=4,p=2,h=2");
    let (s, t) = n.default_route();
    let route = n.route("minimal", s, t, 8).expect("route");
    let names: Vec<String> = route.paths[0].iter().map(|&v| n.format_node(v)).collect();
    assert_eq!(names, ["(0,0)", "(0,3)", "(8,0)", "(8,3)"]);
    assert_eq!(route.path_count, BigUint::from(1u32));
    assert!(n
        .route_cost("valiant", s, t, 64)
        .within(icn_core::PAGE_BUDGET));
}

#[test]
fn lgl_offers_one_path_per_global_link_between_the_groups() {
    use icn_core::routing::enumerate_paths;
    for spec in [
        "dragonfly:a=4,p=2,h=2",
        "dragonfly:a=2,p=1,h=2,g=3",
        "dragonfly:a=3,p=1,h=2,g=4,arr=circulant",
    ] {
        let net: Network = spec.parse().expect("valid");
        let t = net.topology();
        let lgl = net.routing("lgl").expect("lgl");
        let fly: &Dragonfly = net
            .as_family()
            .as_any()
            .downcast_ref()
            .expect("a Dragonfly");
        for a in 0..t.node_count() {
            for b in 0..t.node_count() {
                let paths = enumerate_paths(lgl.as_ref(), a, b, 64);
                let count = lgl.path_count(a, b).expect("closed form");
                assert_eq!(BigUint::from(paths.len()), count, "{spec} {a} → {b}");
                for p in &paths {
                    let globals = p
                        .windows(2)
                        .filter(|w| fly.coords(w[0]).0 != fly.coords(w[1]).0)
                        .count();
                    let same = fly.coords(a).0 == fly.coords(b).0;
                    assert_eq!(globals, usize::from(!same), "{spec} {p:?}");
                    assert!(p.len() <= 4, "{spec} {p:?}");
                }
            }
        }
    }
}

#[test]
fn valiant_with_min_halves_counts_every_walk_via_every_intermediate() {
    for spec in ["dragonfly:a=2,p=1,h=1", "dragonfly:a=2,p=1,h=2,g=3"] {
        let net: Network = spec.parse().expect("valid");
        let t = net.topology();
        let fly: &Dragonfly = net
            .as_family()
            .as_any()
            .downcast_ref()
            .expect("a Dragonfly");
        let val = net.routing("valiant-min").expect("offered");
        for a in 0..t.node_count() {
            for b in (0..t.node_count()).filter(|&b| b != a) {
                let count = val.path_count(a, b).expect("closed form");
                let routes = enumerate_routes(val.as_ref(), a, b, 1 << 16);
                assert_eq!(count, BigUint::from(routes.len()), "{spec} {a} → {b}");
                for (_, walk) in routes {
                    let globals = walk
                        .windows(2)
                        .filter(|w| fly.coords(w[0]).0 != fly.coords(w[1]).0)
                        .count();
                    let same = fly.coords(a).0 == fly.coords(b).0;
                    assert_eq!(globals, if same { 0 } else { 2 }, "{spec} {walk:?}");
                }
            }
        }
    }
}

/// BookSim2's `ugal_dragonflynew` draws an endpoint among all, so a router among all: one
/// of the source's group stands for the minimal route (the source), any other router for
/// itself, the destination's group included; within a group there is no draw.
#[test]
fn booksims_ugal_draw_is_every_router_with_the_sources_group_as_the_minimal_route() {
    let net: Network = "dragonfly:a=4,p=2,h=2".parse().expect("valid");
    let val = net.routing("valiant-min").expect("offered");
    let two = val.two_phase().expect("two-phase");
    let n = net.topology().node_count();
    // Groups of a = 4 routers, numbered in order (addresses_are_group_and_router).
    let group = |v: Node| v / 4;
    let (src, dst) = (5, 30);
    assert_ne!(group(src), group(dst));
    // Over one round of draws every router comes once: the source's group's four as the
    // source, each other router as itself.
    let mut drawn: HashMap<Node, usize> = HashMap::new();
    for r in 0..n as u64 {
        *drawn.entry(two.pick_with_ends(src, dst, r)).or_default() += 1;
    }
    assert_eq!(drawn[&src], 4, "the source's group: 1/g of the draws");
    assert_eq!(drawn.len(), 1 + n - 4);
    assert!((0..n)
        .filter(|&v| group(v) != group(src))
        .all(|v| drawn[&v] == 1));
    assert!(
        drawn.contains_key(&dst),
        "the destination's group is drawn too"
    );
    // The listed draw: the source first, then every router outside its group.
    let listed = two.intermediates_with_ends(src, dst);
    assert_eq!(listed[0], src);
    assert_eq!(listed.len(), 1 + n - 4);
    // Within a group: the source alone, the minimal route.
    let same = (0..n)
        .find(|&v| v != src && group(v) == group(src))
        .expect("a neighbour");
    assert_eq!(two.intermediates_with_ends(src, same), vec![src]);
    assert!((0..50).all(|r| two.pick_with_ends(src, same, r) == src));
}
