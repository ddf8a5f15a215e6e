//! The bit-parallel multi-source search (`graph::msbfs`) against one plain breadth-first
//! search per terminal: on every family's example, on the networks without symmetry the
//! planner sends to it (one-way channels, nodes that do not forward, random graphs,
//! imported graphs), and on random directed graphs with unreachable pairs.
use icn_graph::{closed_distance_counts, terminal_transitive};

use icn_core::graph::msbfs::{self, Lanes, MultiSourceBfs, LANES};
use icn_core::graph::{bfs, Csr, Direction, UNREACHABLE};
use icn_core::metrics::{
    distance_distribution, distance_distribution_per_source, distance_method, DistanceMethod,
};
use icn_core::topology::imported::Imported;
use icn_core::{Node, Topology, FAMILIES};
use proptest::prelude::*;

use crate::support::{digraph, net, Digraph};
use icn_graph::Graph;

/// The engine's counts and the per-source searches' agree, and so does the planner's
/// distribution; returns the planner's method.
fn assert_agrees(what: &str, t: &dyn Topology) -> DistanceMethod {
    let every = distance_distribution_per_source(t);
    let (counts, unreachable) = msbfs::terminal_distances(t);
    assert_eq!(counts, every.counts, "{what}: counts");
    assert_eq!(unreachable, every.unreachable, "{what}: unreachable pairs");
    let planned = distance_distribution(t);
    assert_eq!(planned, every, "{what}: the planner's distribution");
    distance_method(t)
}

#[test]
fn every_family_example_agrees() {
    for f in FAMILIES {
        assert_agrees(f.example, net(f.example).topology());
    }
}

#[test]
fn the_networks_without_symmetry_take_the_bit_parallel_engine() {
    for spec in [
        // One-way channels; processors that do not forward.
        "butterfly:k=2,n=3",
        "butterfly:k=3,n=4",
        "fattree:k=4,n=3",
        "fattree:k=2,n=5",
        // More terminals than one pass has lanes.
        "jellyfish:n=300,r=5,seed=7",
        "mdf:k=3,m=9",
        "mdf:k=1,m=8",
        // Fewer processors than 64 per dot position: no search per orbit.
        "lens:p=4,q=4,n=3",
        "kyklos2:m=2,r=3,n=6,shuffle=proposed",
    ] {
        let n = net(spec);
        let t = n.topology();
        let method = assert_agrees(spec, t);
        if !terminal_transitive(t) && closed_distance_counts(t, 0).is_none() {
            assert_eq!(method, DistanceMethod::BitParallel, "{spec}");
        }
    }
}

#[test]
fn imported_graphs_agree() {
    // A path, a star and two triangles joined by a bridge, as edge lists.
    for text in [
        "0 1\n1 2\n2 3\n3 4\n",
        "c a\nc b\nc d\nc e\n",
        "a b\nb c\nc a\nc d\nd e\ne f\nf d\n",
    ] {
        let g = Imported::from_text(text).expect("a connected graph");
        assert_eq!(
            assert_agrees(text, &g),
            DistanceMethod::BitParallel,
            "{text}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Any graph, directed or not, connected or not, with nodes that do not forward.
    #[test]
    fn random_graphs_agree(g in digraph()) {
        let every = distance_distribution_per_source(&g);
        let (counts, unreachable) = msbfs::terminal_distances(&g);
        prop_assert_eq!(counts, every.counts);
        prop_assert_eq!(unreachable, every.unreachable);
    }

    /// Every width and any set of sources: each node is reported once per lane, at the
    /// source's breadth-first distance, and `seen` holds exactly the lanes that reach it.
    #[test]
    fn every_lane_is_its_sources_search(g in digraph(), pick in prop::collection::vec(any::<prop::sample::Index>(), 1..70)) {
        let n = g.node_count();
        let mut sources: Vec<Node> = pick.iter().map(|i| i.index(n)).collect();
        sources.sort_unstable();
        sources.dedup();
        check_lanes::<1>(&g, &sources[..sources.len().min(64)])?;
        check_lanes::<2>(&g, &sources)?;
        check_lanes::<4>(&g, &sources)?;
    }
}

/// One pass of width `W` from `sources` against a plain search from each.
fn check_lanes<const W: usize>(g: &Digraph, sources: &[Node]) -> Result<(), TestCaseError> {
    let incoming = Csr::new(g, Direction::In);
    let outgoing = Csr::new(g, Direction::Out);
    let mut search = MultiSourceBfs::<W>::new(&incoming, &outgoing);
    let n = g.node_count();
    let mut found = vec![vec![UNREACHABLE; n]; sources.len()];
    for (i, &s) in sources.iter().enumerate() {
        found[i][s] = 0;
    }
    let last = search.run(sources, |d, v, lanes: Lanes<W>| {
        for i in lanes.iter() {
            assert_eq!(found[i][v], UNREACHABLE, "lane {i} reached {v} twice");
            found[i][v] = d;
        }
    });
    let mut far = 0;
    for (i, &s) in sources.iter().enumerate() {
        let want = bfs(g, s);
        far = far.max(
            want.iter()
                .copied()
                .filter(|&d| d != UNREACHABLE)
                .max()
                .unwrap_or(0),
        );
        prop_assert_eq!(&found[i], &want, "source {}", s);
        for (v, &d) in want.iter().enumerate() {
            prop_assert_eq!(search.seen()[v].contains(i), d != UNREACHABLE);
        }
    }
    prop_assert_eq!(last, far);
    Ok(())
}

#[test]
fn lanes_count_and_list_their_bits() {
    let all = Lanes::<4>::first(256);
    assert_eq!(all.count(), 256);
    assert_eq!(
        Lanes::<{ msbfs::WORDS }>::first(LANES).count(),
        LANES as u64
    );
    assert_eq!(Lanes::<4>::first(70).count(), 70);
    assert_eq!(Lanes::<4>::first(64).iter().last(), Some(63));
    assert!(Lanes::<4>::first(0).is_empty());
    let some = Lanes::<2>::lane(3) | Lanes::lane(64) | Lanes::lane(127);
    assert_eq!(some.iter().collect::<Vec<_>>(), vec![3, 64, 127]);
    assert!(some.contains(64) && !some.contains(65));
    assert_eq!((some & !Lanes::lane(64)).count(), 2);
}
