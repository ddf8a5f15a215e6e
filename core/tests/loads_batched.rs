//! The batched loads engine (`metrics::channel_loads_by_sources`: bit-parallel searches
//! from 64 sources at a time with Brandes's accumulation) against one pass per
//! destination over the routing's DAG (`channel_loads_every_destination` under every
//! shortest path): channel by channel and node by node, within 1e-9 relative (the two
//! sum the same rationals in different orders), on every family's example, the networks
//! without symmetry, and random graphs directed or not, with nodes that do not forward
//! and unreachable pairs.

use icn_core::graph::MinimalRouting;
use icn_core::metrics::{
    channel_loads, channel_loads_by_sources, channel_loads_every_destination, load_method,
    load_summary, ChannelLoads, LoadMethod, Split,
};
use icn_core::{Topology, FAMILIES};
use proptest::prelude::*;

use crate::support::{digraph, net};

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * b.abs().max(1.0)
}

/// The first loads that differ from the second's, as a message.
fn differs(fast: &ChannelLoads, every: &ChannelLoads) -> Option<String> {
    if fast.targets != every.targets || fast.offsets != every.offsets {
        return Some("different channel lists".into());
    }
    for ((u, v, a), (_, _, b)) in fast.iter().zip(every.iter()) {
        if !close(a, b) {
            return Some(format!("channel {u}->{v}: {a} vs {b}"));
        }
    }
    for (u, (&a, &b)) in fast.node_loads.iter().zip(&every.node_loads).enumerate() {
        if !close(a, b) {
            return Some(format!("node {u}: {a} vs {b}"));
        }
    }
    None
}

fn assert_batched_agrees(what: &str, t: &dyn Topology) {
    let every = channel_loads_every_destination(t, &MinimalRouting::new(t), Split::PerPath);
    let fast = channel_loads_by_sources(t);
    if let Some(e) = differs(&fast, &every) {
        panic!("{what}: {e}");
    }
}

#[test]
fn every_family_example_agrees() {
    for f in FAMILIES {
        assert_batched_agrees(f.example, net(f.example).topology());
    }
}

#[test]
fn the_networks_without_symmetry_take_the_batched_engine() {
    for spec in [
        "butterfly:k=2,n=3",
        "fattree:k=4,n=3",
        // More terminals than one batch has lanes.
        "jellyfish:n=300,r=5,seed=7",
        "mdf:k=3,m=9",
        "mdf:k=1,m=8",
        // Fewer processors than 64 per dot position: no search per orbit.
        "lens:p=4,q=4,n=3",
        "kyklos2:m=2,r=3,n=6,shuffle=proposed",
    ] {
        let n = net(spec);
        let t = n.topology();
        assert_batched_agrees(spec, t);
        // Every strategy that follows distances (the planner's choice for it, whichever).
        for s in n.strategies() {
            let r = n.routing(s.name).expect("a listed strategy");
            if !r.follows_distances() || r.two_phase().is_some() {
                continue;
            }
            let every = channel_loads_every_destination(t, r.as_ref(), Split::PerPath);
            if let Some(e) = differs(&channel_loads(t, r.as_ref()), &every) {
                panic!("{spec} {}: {e}", s.name);
            }
        }
    }
    // Where no symmetry applies, the planner takes the engine.
    for spec in [
        "mdf:k=3,m=9",
        "jellyfish:n=300,r=5,seed=7",
        "butterfly:k=2,n=3",
    ] {
        let n = net(spec);
        let r = MinimalRouting::new(n.topology());
        assert_eq!(
            load_method(n.topology(), &r),
            LoadMethod::BitParallel,
            "{spec}"
        );
        let s = load_summary(n.topology(), &r);
        let every = channel_loads_every_destination(n.topology(), &r, Split::PerPath);
        let max = every.loads.iter().copied().fold(0.0, f64::max);
        assert!(close(s.max_channel_load, max), "{spec}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Any graph, directed or not, connected or not, with nodes that do not forward.
    #[test]
    fn random_graphs_agree(g in digraph()) {
        let every = channel_loads_every_destination(&g, &MinimalRouting::new(&g), Split::PerPath);
        let fast = channel_loads_by_sources(&g);
        prop_assert_eq!(differs(&fast, &every), None);
    }
}
