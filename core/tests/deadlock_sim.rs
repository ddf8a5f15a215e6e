//! The deadlock analysis against the packet simulator (issue 21): every configuration whose
//! channel dependency graph has a cycle deadlocks in a seeded simulation under load (the
//! seed and the load are recorded here), and no configuration the analysis finds acyclic
//! deadlocks anywhere on the standard sweep of loads, up to where it saturates.
//!
//! The simulator and the analysis share nothing but the routing's next-hop relation and the
//! scheme's name: the analysis builds the graph over every destination's flow; the
//! simulator moves flits through buffers and credits and calls a run deadlocked when flits
//! wait and none moves for its window.

use icn_core::analysis::deadlock::{deadlock, Scheme};
use icn_core::sim::packet::{SimSetup, Simulator, Status};
use icn_core::Network;

/// The seed of every run.
const SEED: u64 = 1;

/// A setup that makes a cycle bite: wormhole packets of 4 flits over buffers of 2 flits
/// a virtual channel (a blocked packet holds channels in several routers), 1-cycle
/// channels, a short protocol.
fn setup(routing: &str, scheme: Scheme, vcs: u32) -> SimSetup {
    let mut s = SimSetup::new(routing);
    s.scheme = Some(scheme);
    s.router.num_vcs = vcs;
    s.router.vc_buf_size = 2;
    s.router.packet_size = 4;
    s.router.channel_latency = 1;
    s.router.global_latency = None;
    s.protocol.sample_period = 400;
    s.seed = SEED;
    s
}

/// The analysis' verdict: whether the graph is acyclic.
fn acyclic(net: &Network, routing: &str, scheme: Scheme, vcs: u32) -> bool {
    let r = net.routing(routing).expect("a routing");
    deadlock(net.topology(), r.as_ref(), scheme, vcs)
        .expect("an analysis")
        .acyclic
}

/// A ring, tori, a hypercube, a Dragonfly, a Swapped Dragonfly, a Hypercycle and KYKLOS-II,
/// each on one virtual channel, where the analysis finds a cycle: each deadlocks at the
/// recorded load with [`SEED`].
#[test]
fn every_cyclic_configuration_deadlocks_under_load() {
    let cases: &[(&str, &str, f64)] = &[
        ("torus:k=8", "dor", 0.5),
        ("torus:k=4x4", "dor", 0.5),
        ("hypercube:n=4", "greedy", 0.5),
        ("dragonfly:a=4,p=2,h=2", "minimal", 0.5),
        ("d3:k=3,m=4", "lgl", 0.5),
        ("hypercycle:m=5x4x3,rho=2x1x1", "ecube", 0.5),
        ("kyklos2:m=2,r=2,n=4", "hr", 0.5),
    ];
    for &(spec, routing, load) in cases {
        let net: Network = spec.parse().expect("a spec");
        assert!(
            !acyclic(&net, routing, Scheme::One, 1),
            "{spec} {routing}: the analysis finds a cycle"
        );
        let sim = Simulator::new(&net, &setup(routing, Scheme::One, 1)).expect("a simulator");
        let p = sim.point(load, false, &mut |_, _| true).expect("a point");
        assert_eq!(
            p.status,
            Status::Deadlocked,
            "{spec} {routing} at {load}, seed {SEED}"
        );
    }
}

/// Meshes, the dateline torus, e-cube, the Dragonfly's and D3's l-g-l on phase classes,
/// up*/down* on a fat tree, KYKLOS's M-r and hop classes on a hypercube: acyclic by the
/// analysis, and never deadlocked from load 0.1 up in steps of 0.1 until the network
/// saturates. (The same runs on one VC, or the cyclic cases above, deadlock from 0.3 on.)
#[test]
fn no_acyclic_configuration_deadlocks_on_the_sweep() {
    let cases: &[(&str, &str, Scheme, u32)] = &[
        ("mesh:k=4x4", "dor", Scheme::One, 1),
        ("torus:k=4x4", "dor", Scheme::Dateline, 2),
        ("hypercube:n=4", "ecube", Scheme::One, 1),
        ("hypercube:n=4", "greedy", Scheme::Hops, 4),
        ("dragonfly:a=4,p=2,h=2", "lgl", Scheme::Phases, 2),
        ("d3:k=3,m=4", "lgl", Scheme::Phases, 2),
        ("fattree:k=2,n=3", "updown", Scheme::One, 1),
        ("kyklos2:m=2,r=2,n=4", "mr", Scheme::One, 1),
    ];
    for &(spec, routing, scheme, vcs) in cases {
        let net: Network = spec.parse().expect("a spec");
        assert!(
            acyclic(&net, routing, scheme, vcs),
            "{spec} {routing} {scheme} {vcs}: the analysis finds no cycle"
        );
        let sim = Simulator::new(&net, &setup(routing, scheme, vcs)).expect("a simulator");
        for step in 1..=9 {
            let load = f64::from(step) / 10.0;
            let p = sim.point(load, false, &mut |_, _| true).expect("a point");
            assert_ne!(
                p.status,
                Status::Deadlocked,
                "{spec} {routing} {scheme} {vcs} at {load}"
            );
            if p.status == Status::Saturated {
                break;
            }
        }
    }
}

/// Every shortest path from `x` to `y` of `t`, by breadth-first distances from `y` (not the
/// routing's relation).
fn shortest_paths(t: &dyn icn_core::Topology, x: usize, y: usize) -> Vec<Vec<usize>> {
    let n = t.node_count();
    let mut dist = vec![u32::MAX; n];
    dist[y] = 0;
    let mut queue = std::collections::VecDeque::from([y]);
    let mut buf = Vec::new();
    while let Some(u) = queue.pop_front() {
        buf.clear();
        t.neighbours(u, &mut buf);
        for &v in &buf {
            if dist[v] == u32::MAX {
                dist[v] = dist[u] + 1;
                queue.push_back(v);
            }
        }
    }
    let mut out = Vec::new();
    let mut stack = vec![vec![x]];
    while let Some(walk) = stack.pop() {
        let u = *walk.last().expect("a node");
        if u == y {
            out.push(walk);
            continue;
        }
        buf.clear();
        t.neighbours(u, &mut buf);
        for &v in &buf {
            if dist[v] != u32::MAX && dist[v] + 1 == dist[u] {
                let mut w = walk.clone();
                w.push(v);
                stack.push(w);
            }
        }
    }
    out
}

/// The Dragonfly's minimal routing (every shortest path) on two phase classes: the
/// analysis' shortest cycle is six channels on class 1, local and global in turn (after a
/// packet's first global link, a second one is a shortest path too when a third group
/// lies between: g-l-g and g-g-l both tie with l-g-l at three hops). Each dependency is a
/// real shortest path of its route, found here by breadth-first search, with the classes
/// the scheme gives: the number of global links before the hop, the last class shared.
#[test]
fn the_dragonflys_minimal_cycle_is_made_of_shortest_paths() {
    let net: Network = "dragonfly:a=4,p=2,h=2".parse().expect("a spec");
    let t = net.topology();
    let r = net.routing("minimal").expect("minimal");
    let report = deadlock(t, r.as_ref(), Scheme::Phases, 2).expect("an analysis");
    assert!(!report.acyclic && report.shortest);
    assert_eq!(report.cycle.len(), 6);
    let group = |v: usize| net.format_node(v).split(',').next().map(str::to_string);
    for (i, d) in report.cycle.iter().enumerate() {
        let next = &report.cycle[(i + 1) % report.cycle.len()];
        assert_eq!(d.to, next.from, "the cycle closes");
        assert_eq!((d.from.2, d.to.2), (1, 1), "class 1 throughout");
        assert_eq!(d.from.1, d.to.0, "consecutive channels");
        let realised = shortest_paths(t, d.src, d.dst).iter().any(|w| {
            w.windows(3).enumerate().any(|(k, h)| {
                let globals = w[..=k]
                    .windows(2)
                    .filter(|e| group(e[0]) != group(e[1]))
                    .count();
                let class = |g: usize| u32::try_from(g.min(1)).expect("small");
                let crosses = u32::from(group(h[0]) != group(h[1]));
                (h[0], h[1], h[2]) == (d.from.0, d.from.1, d.to.1)
                    && class(globals) == d.from.2
                    && class(globals + crosses as usize) == d.to.2
            })
        });
        assert!(
            realised,
            "{} → {}: no shortest path takes {:?} then {:?}",
            net.format_node(d.src),
            net.format_node(d.dst),
            d.from,
            d.to
        );
    }
}

/// The same configuration deadlocks in the simulator once the traffic repeats the cycle's
/// pairs. Under uniform traffic it was never seen to (seeds 1–4, buffers 1–4, packets 8–16,
/// loads 0.2–0.8), nor under a hotspot on the cycle's six destinations: each of the cycle's six
/// dependencies is made by one pair of routers taking one of its few shortest paths, and
/// under uniform traffic the class-1 channels are mostly held by packets one hop from their
/// destinations, which drain. A random permutation repeats its pairs: `randperm(99067)`
/// (BookSim2's permutation for perm_seed 99067) is the first of the three seeds up to 300,000
/// whose own pairs' shortest paths close such a cycle (found by running the first half of
/// this test, the permutation's shortest paths through `deadlock_of_routes`, over seeds 0 to
/// 300,000; the others are 119956 and 214989). With it the simulator deadlocks at load 0.6,
/// seeds 1–4, on 2-flit buffers and 4-flit packets, given long enough sample periods (2,000
/// cycles, never stopped early for latency).
#[test]
fn the_dragonflys_minimal_routing_on_two_phase_classes_deadlocks_under_a_permutation() {
    use icn_core::analysis::deadlock::deadlock_of_routes;
    use icn_core::sim::packet::{Fabric, Pattern, Traffic};
    let spec = "dragonfly:a=4,p=2,h=2";
    let net: Network = spec.parse().expect("a spec");
    let t = net.topology();
    let pattern = Pattern::Permutation(99067);
    // The permutation's own shortest paths close a cycle on class 1.
    let fabric = Fabric::of(&net, 1, 1).expect("a fabric");
    let n = u32::try_from(fabric.endpoints()).expect("few endpoints");
    let traffic = Traffic::new(&pattern, n, Default::default()).expect("a permutation");
    let mut rng = icn_core::sim::SplitMix64::new(0);
    let mut routes = Vec::new();
    for s in 0..n {
        let d = traffic.dest(s, &mut rng);
        let (x, y) = (
            fabric.endpoint_node[s as usize],
            fabric.endpoint_node[d as usize],
        );
        if x != y {
            routes.extend(shortest_paths(t, x, y));
        }
    }
    let own = deadlock_of_routes(t, &routes, Scheme::Phases, 2).expect("an analysis");
    assert!(!own.acyclic);
    assert_eq!(own.cycle.len(), 6);
    for seed in 1..=4 {
        let mut s = setup("minimal", Scheme::Phases, 2);
        s.traffic = pattern.clone();
        s.seed = seed;
        s.protocol.sample_period = 2000;
        s.protocol.latency_thres = 1e9;
        let sim = Simulator::new(&net, &s).expect("a simulator");
        let p = sim.point(0.6, false, &mut |_, _| true).expect("a point");
        assert_eq!(p.status, Status::Deadlocked, "{spec} at 0.6, seed {seed}");
    }
}

/// A point that deadlocks before it measures a packet (the 4-ary 2-cube on one VC: its
/// flits stop before cycle 2,000, where the warm-up clears the statistics, and the window
/// ends after it) has no latency: the latencies and hops are absent, written as JSON
/// `null` and read back as absent (the worker's message to the page), never NaN that does
/// not read back.
#[test]
fn a_deadlock_before_any_measured_packet_has_no_latency_and_reads_back() {
    use icn_core::sim::packet::PointResult;
    let net: Network = "torus:k=4x4".parse().expect("a torus");
    let mut s = SimSetup::new("dor");
    s.scheme = Some(Scheme::One);
    s.router.num_vcs = 1;
    s.router.vc_buf_size = 2;
    s.router.packet_size = 2;
    s.router.channel_latency = 2;
    let sim = Simulator::new(&net, &s).expect("a simulator");
    let p = sim.point(0.5, false, &mut |_, _| true).expect("a point");
    assert_eq!((p.status, p.packets), (Status::Deadlocked, 0), "{p:?}");
    let absent = [
        p.packet_latency,
        p.packet_latency_min,
        p.packet_latency_max,
        p.packet_latency_p50,
        p.packet_latency_p90,
        p.packet_latency_p99,
        p.network_latency,
        p.hops,
    ];
    assert!(absent.iter().all(Option::is_none), "{p:?}");
    let text = serde_json::to_string(&p).expect("JSON");
    assert!(text.contains(r#""packet_latency":null"#), "{text}");
    let back: PointResult = serde_json::from_str(&text).expect("read back");
    assert_eq!(back, p);
    assert!(
        p.csv_row(0.5).starts_with("0.5,deadlocked,,,"),
        "{}",
        p.csv_row(0.5)
    );
}
