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
