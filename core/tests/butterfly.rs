//! The k-ary n-fly butterfly (Dally and Towles, chapter 4) against its definition, a
//! breadth-first search of its own (channels one way, processors never passing packets
//! on), path enumeration and a count of every pair's path over every channel.
use icn_graph::closed_distance;

use std::collections::{HashMap, VecDeque};

use icn_core::io::{anynet, booksim_config, edge_list};
use icn_core::metrics::{channel_loads, count_minimal_paths, distance_distribution, load_summary};
use icn_core::routing::enumerate_paths;
use icn_core::topology::butterfly::Butterfly;
use icn_core::{AddressError, BigUint, Family, Network, Node, Structure, Topology};

use crate::support::{formula, neighbours};
use icn_graph::{Addresses, Distances, Graph};

/// k = 2 … 4, n = 1 … 4, at most 400 nodes.
fn sweep() -> Vec<Butterfly> {
    let mut out = Vec::new();
    for k in 2..=4 {
        for n in 1..=4 {
            let b = Butterfly::new(k, n).expect("valid");
            if b.node_count() <= 400 {
                out.push(b);
            }
        }
    }
    out
}

fn in_neighbours(t: &dyn Topology, v: Node) -> Vec<Node> {
    let mut out = Vec::new();
    t.in_neighbours(v, &mut out);
    out
}

/// Hop counts from `src` along channels, entering but never leaving a processor other
/// than `src`: written here from the definition, not with the library's search.
fn reach(b: &Butterfly, src: Node) -> Vec<Option<u32>> {
    let procs = b.processors();
    let mut dist = vec![None; b.node_count()];
    dist[src] = Some(0);
    let mut queue = VecDeque::from([src]);
    while let Some(u) = queue.pop_front() {
        if u != src && u < procs {
            continue;
        }
        let du = dist[u].map(|d| d + 1);
        for v in neighbours(b, u) {
            if dist[v].is_none() {
                dist[v] = du;
                queue.push_back(v);
            }
        }
    }
    dist
}

/// The base-k digits of `x`, `len` of them, most significant first.
fn digits(x: usize, k: usize, len: u32) -> Vec<usize> {
    let mut d = vec![0; len as usize];
    let mut x = x;
    for slot in d.iter_mut().rev() {
        *slot = x % k;
        x /= k;
    }
    d
}

#[test]
fn channels_follow_the_definition_and_agree_both_ways() {
    for b in sweep() {
        let (k, n) = (b.k() as usize, b.n());
        let procs = b.processors();
        let per = b.per_stage();
        assert_eq!(b.node_count(), procs + n as usize * per);
        let mut channels = 0u64;
        for v in 0..b.node_count() {
            let out = neighbours(&b, v);
            channels += out.len() as u64;
            let mut sorted = out.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(
                sorted.len(),
                out.len(),
                "{} duplicate channels at {v}",
                b.spec()
            );
            assert!(!out.contains(&v));
            for &w in &out {
                assert!(in_neighbours(&b, w).contains(&v), "{}: {v}→{w}", b.spec());
            }
            let ins = in_neighbours(&b, v);
            for &u in &ins {
                assert!(neighbours(&b, u).contains(&v));
            }
            // Processors: one channel out, one in; switches: k and k.
            let want = if v < procs { 1 } else { k };
            assert_eq!(
                (out.len(), ins.len()),
                (want, want),
                "{} node {v}",
                b.spec()
            );
        }
        assert_eq!(channels, b.link_count(), "{}", b.spec());
        assert_eq!(channels, formula(&Network::from(b.clone()), "links"));
        // Between stages s and s + 1 only digit s of the switch word changes.
        for s in 0..n.saturating_sub(1) {
            for w in 0..per {
                let v = procs + s as usize * per + w;
                for x in neighbours(&b, v) {
                    let w2 = x - procs - (s as usize + 1) * per;
                    let (a, c) = (digits(w, k, n - 1), digits(w2, k, n - 1));
                    let changed: Vec<usize> = (0..a.len()).filter(|&i| a[i] != c[i]).collect();
                    assert!(changed.is_empty() || changed == [s as usize]);
                }
            }
        }
    }
}

#[test]
fn closed_form_distances_match_a_search_between_every_two_nodes() {
    for b in sweep().into_iter().filter(|b| b.node_count() <= 200) {
        for a in 0..b.node_count() {
            let dist = reach(&b, a);
            for (c, &d) in dist.iter().enumerate() {
                assert_eq!(b.distance(a, c), d, "{} {a} → {c}", b.spec());
                let library = icn_core::graph::bfs(&b, a)[c];
                assert_eq!(d.unwrap_or(u32::MAX), library, "{} {a} → {c}", b.spec());
            }
        }
    }
}

#[test]
fn one_path_per_pair_and_destination_tag_finds_it() {
    for b in sweep().into_iter().filter(|b| b.node_count() <= 200) {
        let net = Network::from(b.clone());
        let routing = net.routing("desttag").expect("the one strategy");
        let (k, n) = (b.k() as usize, b.n());
        let procs = b.processors();
        for a in 0..procs {
            for c in 0..procs {
                let paths = enumerate_paths(routing.as_ref(), a, c, 8);
                assert_eq!(paths.len(), 1, "{} {a} → {c}", b.spec());
                if a == c {
                    continue;
                }
                let path = &paths[0];
                assert_eq!(path.len() as u32, n + 2);
                assert_eq!(count_minimal_paths(&b, a, c), BigUint::from(1u32));
                // After stage s the word holds the destination's first s + 1 digits.
                let dst = digits(c, k, n);
                for s in 0..n as usize - 1 {
                    let w = path[s + 2] - procs - (s + 1) * b.per_stage();
                    assert_eq!(digits(w, k, n - 1)[..=s], dst[..=s], "{} {a}→{c}", b.spec());
                }
                assert_eq!(
                    routing.path_count(a, c),
                    Some(BigUint::from(1u32)),
                    "{}",
                    b.spec()
                );
            }
        }
    }
}

#[test]
fn formulas_match_the_computed_network() {
    for b in sweep() {
        let net = Network::from(b.clone());
        let (k, n) = (u64::from(b.k()), u64::from(b.n()));
        let procs = k.pow(b.n());
        assert_eq!(formula(&net, "processors"), procs);
        assert_eq!(b.terminal_count() as u64, procs);
        assert_eq!(
            formula(&net, "switches"),
            (b.node_count() - b.processors()) as u64
        );
        assert_eq!(formula(&net, "switch radix"), k);
        let dd = distance_distribution(&b);
        assert_eq!(u64::from(dd.diameter()), formula(&net, "diameter"));
        assert_eq!(
            dd.total_distance() / procs as u128,
            u128::from(formula(&net, "distances from a processor, summed"))
        );
        assert_eq!(formula(&net, "diameter"), n + 1);
        let info = net.info();
        assert!(info.terminal_transitive);
        assert_eq!(u128::from(info.distance_sum), dd.total_distance());
    }
}

#[test]
fn loads_match_a_count_of_every_pair_over_its_path() {
    for b in sweep().into_iter().filter(|b| b.node_count() <= 200) {
        let net = Network::from(b.clone());
        let routing = net.routing("desttag").expect("strategy");
        let procs = b.processors();
        let mut count: HashMap<(Node, Node), f64> = HashMap::new();
        for a in 0..procs {
            for c in (0..procs).filter(|&c| c != a) {
                let path = &enumerate_paths(routing.as_ref(), a, c, 2)[0];
                for w in path.windows(2) {
                    *count.entry((w[0], w[1])).or_default() += 1.0;
                }
            }
        }
        let loads = channel_loads(&b, routing.as_ref());
        let mut max: f64 = 0.0;
        for (u, v, load) in loads.iter() {
            let want = count.get(&(u, v)).copied().unwrap_or(0.0);
            assert!(
                (load - want).abs() < 1e-9,
                "{} {u}→{v}: {load} vs {want}",
                b.spec()
            );
            max = max.max(load);
        }
        assert_eq!(
            max,
            formula(&net, "busiest channel's load, uniform traffic") as f64
        );
        let summary = load_summary(&b, routing.as_ref());
        assert_eq!(summary.channels, b.link_count());
        assert_eq!(summary.max_channel_load, max);
    }
}

#[test]
fn addresses_round_trip_and_errors_name_the_stage() {
    let b = Butterfly::new(3, 3).expect("valid");
    for v in 0..b.node_count() {
        let text = b.format_node(v);
        assert_eq!(b.parse_node(&text), Ok(v), "{text}");
    }
    assert_eq!(b.format_node(0), "p:000");
    assert_eq!(b.format_node(b.processors()), "s0:00");
    assert_eq!(b.parse_node("012"), b.parse_node("p:012"));
    let Err(AddressError::Malformed { why, .. }) = b.parse_node("s3:00") else {
        panic!("stage 3 of 3 should be refused");
    };
    assert!(why.contains("stage 3 is out of range"), "{why}");
    assert!(why.contains("the output stage"), "{why}");
    assert!(matches!(
        b.parse_node("p:013"),
        Err(AddressError::BadDigit { ch: '3', .. })
    ));
}

#[test]
fn parameters_out_of_range_are_refused() {
    for spec in [
        "butterfly:k=1,n=3",
        "butterfly:k=37,n=2",
        "butterfly:k=2,n=0",
        "butterfly:k=2,n=40",
        "butterfly:k=2",
    ] {
        assert!(spec.parse::<Network>().is_err(), "{spec}");
    }
    let net: Network = "butterfly:k=2,n=3".parse().expect("valid");
    assert_eq!(net.spec(), "butterfly:k=2,n=3");
    assert!(net.routing("minimal").is_err());
}

#[test]
fn unreachable_pairs_are_explained() {
    let net: Network = "butterfly:k=2,n=3".parse().expect("valid");
    let (a, c) = (
        net.parse_node("s1:01").expect("switch"),
        net.parse_node("p:110").expect("processor"),
    );
    let route = net.route("desttag", a, c, 4).expect("routes");
    assert_eq!(route.path_count, BigUint::from(0u32));
    assert!(net.no_path("desttag", a, c).contains("cannot be reached"));
    // Reachable: the processors whose first digit is the switch word's first digit.
    let d = net.parse_node("p:011").expect("processor");
    assert_eq!(closed_distance(net.topology(), a, d), Some(2));
}

#[test]
fn exports_write_every_channel_and_name_booksims_fly() {
    let net: Network = "butterfly:k=2,n=3".parse().expect("valid");
    let mut out = Vec::new();
    edge_list(net.topology(), &mut out).expect("in memory");
    let text = String::from_utf8(out).expect("utf-8");
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines.len() as u64, net.topology().link_count());
    assert!(text.starts_with("# one-way channels"));
    assert!(
        lines.contains(&"16 0"),
        "a last-stage switch sends to a processor"
    );
    let mut out = Vec::new();
    assert!(anynet(&net, &mut out).is_err(), "anynet links are two-way");
    let mut out = Vec::new();
    booksim_config(&net, "unused", &mut out).expect("in memory");
    let text = String::from_utf8(out).expect("utf-8");
    for line in [
        "topology = fly;",
        "k = 2;",
        "n = 3;",
        "routing_function = dest_tag;",
    ] {
        assert!(text.contains(line), "{text}");
    }
}

#[test]
fn stages_are_drawn_with_the_processors_on_both_sides() {
    let b = Butterfly::new(2, 3).expect("valid");
    let Structure::Stages {
        names,
        stages,
        terminals,
    } = b.structure()
    else {
        panic!("a butterfly is drawn in stages");
    };
    assert_eq!(names, ["stage 0", "stage 1", "stage 2"]);
    assert_eq!(terminals, (0..8).collect::<Vec<_>>());
    assert!(stages.iter().all(|s| s.len() == 4));
}
