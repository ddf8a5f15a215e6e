//! The packet simulator on every family: each family's routings run, and at a low load
//! the latency is the zero-load latency the pipeline and the route lengths give (route
//! lengths walked on the routing's own relation, averaged over its next hops, independent
//! of the simulator); a deadlock-prone choice is reported, never hangs; a saturated point
//! of a routing shown deadlock-free stops at the latency test, and a 1,040-router
//! Dragonfly's scheme is chosen by the deadlock analysis; Valiant and UGAL
//! pick intermediates as the routing lists them, and their virtual-channel classes are
//! checked by the deadlock module.

use icn_core::analysis::deadlock::{deadlock_of_classed_routes, Scheme};
use icn_core::graph::intermediates;
use icn_core::sim::packet::{SimSetup, Simulator, Status};
use icn_core::{Network, Node, Routing, Spec};

fn network(spec: &str) -> Network {
    Network::from_spec(&spec.parse::<Spec>().expect("a spec")).expect("a network")
}

/// A short protocol, 1-cycle channels everywhere, `vcs` VCs.
fn setup(routing: &str, vcs: u32) -> SimSetup {
    let mut s = SimSetup::new(routing);
    s.router.num_vcs = vcs;
    s.router.channel_latency = 1;
    s.router.global_latency = None;
    s.protocol.sample_period = 400;
    s
}

/// The expected number of routers a packet visits from router node `at` to the endpoint
/// node `dst` whose router is `last`: the relation's next hops, each equally likely.
fn routers_on_way(
    routing: &dyn Routing,
    is_router: &dyn Fn(Node) -> bool,
    at: Node,
    dst: Node,
    last: Node,
) -> f64 {
    if at == last {
        return 1.0;
    }
    let mut next = Vec::new();
    routing.next_hops(at, dst, &mut next);
    assert!(!next.is_empty(), "no next hop from {at} towards {dst}");
    let here = if is_router(at) { 1.0 } else { 0.0 };
    here + next
        .iter()
        .map(|&v| routers_on_way(routing, is_router, v, dst, last))
        .sum::<f64>()
        / next.len() as f64
}

/// The zero-load latency of uniform traffic with BookSim2's default pipeline and 1-cycle
/// channels: 5 cycles a router (routing, VC allocation, switch allocation, traversal, the
/// channel out) plus 2 (the injection channel and the source's cycle).
fn zero_load(net: &Network, routing: &str) -> f64 {
    let sim = Simulator::new(net, &setup(routing, 8)).expect("a simulator");
    let f = sim.fabric();
    let rel = net.routing(routing).expect("a routing");
    let is_router = |v: Node| f.node_router[v] != u32::MAX;
    let n = f.endpoints();
    let mut sum = 0.0;
    for s in 0..n {
        let from = f.router_node[f.endpoint_router[s] as usize];
        for d in 0..n {
            let last = f.router_node[f.eject_router[d] as usize];
            sum += routers_on_way(rel.as_ref(), &is_router, from, f.endpoint_node[d], last);
        }
    }
    5.0 * sum / (n * n) as f64 + 2.0
}

/// Every family's routings at a low load: stable, and within 3 % of the zero-load latency.
#[test]
fn every_family_routing_runs_at_its_zero_load_latency() {
    let cases: &[(&str, &[&str])] = &[
        ("mesh:k=4x4", &["dor", "minimal"]),
        ("torus:k=4x4", &["dor", "minimal"]),
        ("hypercube:n=4", &["ecube", "minimal", "greedy"]),
        ("hypercycle:m=5x4x3,rho=2x1x1", &["ecube", "greedy"]),
        ("hyperx:s=3x3,t=1", &["dor", "minimal"]),
        ("flatfly:k=3,n=2", &["dor", "minimal"]),
        ("dragonfly:a=4,p=2,h=2", &["lgl", "minimal"]),
        ("d3:k=3,m=4", &["lgl", "minimal", "glgl-direct"]),
        ("mdf:k=3,m=4", &["minimal"]),
        ("fattree:k=4,n=3", &["updown", "dmodk"]),
        ("butterfly:k=2,n=3", &["desttag"]),
        ("butterfly:k=4,n=1", &["desttag"]),
        ("slimfly:q=5,p=2", &["minimal"]),
        ("polarfly:q=5,p=2", &["minimal"]),
        ("jellyfish:n=32,r=4,p=2,seed=1", &["minimal", "updown"]),
        ("kyklos1:m=2,r=2,n=4", &["pr", "d2", "mr"]),
        (
            "kyklos2:m=2,r=2,n=4,shuffle=proposed",
            &["y2", "hr", "pr", "d2", "mr"],
        ),
        ("lens:p=3,q=3,n=2", &["minimal"]),
    ];
    for &(spec, routings) in cases {
        let net = network(spec);
        for &routing in routings {
            let want = zero_load(&net, routing);
            let sim = Simulator::new(&net, &setup(routing, 8)).expect("a simulator");
            let got = sim.point(0.02, false, &mut |_, _| true).expect("a point");
            assert_eq!(got.status, Status::Stable, "{spec} {routing}");
            let err = (got.packet_latency.expect("measured") - want).abs() / want;
            assert!(
                err <= 0.03,
                "{spec} {routing}: latency {} against zero-load {want} ({:.1} %)",
                got.packet_latency.expect("measured"),
                err * 100.0
            );
        }
    }
}

/// Dimension order on a torus with one VC under load deadlocks: the run says so and ends.
#[test]
fn a_deadlock_is_reported_not_waited_for() {
    let net = network("torus:k=8x8");
    let mut s = setup("dor", 1);
    s.scheme = Some(Scheme::One);
    s.router.vc_buf_size = 2;
    let sim = Simulator::new(&net, &s).expect("a simulator");
    assert_eq!(sim.deadlock_free(), Some(false));
    let got = sim.point(0.9, false, &mut |_, _| true).expect("a point");
    assert_eq!(got.status, Status::Deadlocked);
    assert!(got.note.is_some_and(|n| n.contains("deadlock")));
}

/// A saturated point of a routing the deadlock analysis shows deadlock-free ends at the end
/// of the sample period whose average latency passed `latency_thres`, as BookSim2's
/// `_SingleSim` gives up ("Simulation unstable"), without emptying its network: nothing
/// there can be a deadlock to tell apart.
#[test]
fn a_saturated_point_shown_deadlock_free_ends_at_the_latency_test() {
    let net = network("mesh:k=4x4");
    let s = setup("dor", 2);
    let sim = Simulator::new(&net, &s).expect("a simulator");
    assert_eq!(sim.deadlock_free(), Some(true));
    let got = sim.point(0.9, false, &mut |_, _| true).expect("a point");
    assert_eq!(got.status, Status::Saturated);
    let period = s.protocol.sample_period;
    assert_eq!(got.cycles % period, 0, "{} cycles", got.cycles);
    let most = u64::from(s.protocol.max_samples) * period;
    assert!(got.cycles <= most, "{} cycles", got.cycles);
}

/// The 1,040-router Dragonfly under `minimal` with 4 VCs is analysed when its scheme is
/// chosen: `phases`' 2 classes are cyclic (minimal's g-l-g shortcuts), `hops` is not. The
/// latter needs no analysis to believe: every route is a shortest path, at most the
/// diameter, 3 hops (breadth-first search here), so with 4 classes each hop takes a class
/// above the last one's and no dependency leads back.
#[test]
fn a_large_dragonflys_minimal_routing_gets_a_scheme_shown_deadlock_free() {
    let net = network("dragonfly:a=16,p=8,h=4");
    let t = net.topology();
    let diameter = (0..t.node_count())
        .step_by(97)
        .flat_map(|u| icn_core::graph::bfs(t, u))
        .max()
        .expect("nodes");
    assert_eq!(diameter, 3);
    let sim = Simulator::new(&net, &setup("minimal", 4)).expect("a simulator");
    assert_eq!((sim.scheme(), sim.classes()), (Scheme::Hops, 4));
    assert_eq!(sim.deadlock_free(), Some(true));
    let mut s = setup("minimal", 4);
    s.scheme = Some(Scheme::Phases);
    let phases = Simulator::new(&net, &s).expect("a simulator");
    assert_eq!(phases.deadlock_free(), Some(false));
}

/// The Dragonfly's Valiant picks its intermediate as its list has it, without the list.
#[test]
fn valiant_picks_an_intermediate_of_its_list() {
    for spec in ["dragonfly:a=4,p=2,h=2", "dragonfly:a=2,p=1,h=2"] {
        let net = network(spec);
        for name in ["valiant", "valiant-min"] {
            let r = net.routing(name).expect("a routing");
            let n = net.topology().node_count();
            for s in 0..n {
                for d in 0..n {
                    let list = intermediates(r.as_ref(), s, d);
                    for k in [0u64, 1, 7, 1 << 40, u64::MAX] {
                        let want = list.as_ref().map(|l| l[(k % l.len() as u64) as usize]);
                        assert_eq!(
                            r.two_phase().and_then(|p| p.pick_intermediate(s, d, k)),
                            want,
                            "{spec} {s}→{d}"
                        );
                    }
                }
            }
        }
    }
}

/// Two-phase routes' classes, checked by the deadlock module: four classes make Valiant
/// with l-g-l halves and UGAL deadlock-free; BookSim2's three do not.
#[test]
fn two_phase_classes_are_checked_by_the_deadlock_module() {
    let net = network("dragonfly:a=4,p=2,h=2");
    for routing in ["valiant-min", "ugal"] {
        for (vcs, free) in [(4, true), (3, false)] {
            let mut s = setup(routing, vcs);
            s.scheme = Some(Scheme::Phases);
            let sim = Simulator::new(&net, &s).expect("a simulator");
            assert_eq!(sim.classes(), vcs, "{routing}");
            assert_eq!(sim.deadlock_free(), Some(free), "{routing} on {vcs} VCs");
        }
    }
    // The classed-routes check itself: a ring's routes all the way round on one class
    // close a cycle; switching class at a dateline does not.
    let ring = network("torus:k=4");
    let t = ring.topology();
    let walks: Vec<Vec<Node>> = (0..4)
        .map(|s| (0..4).map(|i| (s + i) % 4).collect())
        .collect();
    let one: Vec<_> = walks.iter().map(|w| (w.clone(), vec![0; 3])).collect();
    let split: Vec<_> = walks
        .iter()
        .map(|w| {
            let mut class = 0;
            let vcs = w
                .windows(2)
                .map(|h| {
                    class |= u32::from(h == [3, 0]);
                    class
                })
                .collect();
            (w.clone(), vcs)
        })
        .collect();
    let cyc = deadlock_of_classed_routes(t, &one, Scheme::One, 1).expect("a report");
    assert!(!cyc.acyclic);
    let dateline = deadlock_of_classed_routes(t, &split, Scheme::Dateline, 2).expect("a report");
    assert!(dateline.acyclic);
}

/// UGAL at a low load takes the minimal route (l-g-l): the same latency and routers per
/// packet as `lgl`.
#[test]
fn ugal_is_minimal_at_low_load() {
    let net = network("dragonfly:a=4,p=2,h=2");
    let mut s = setup("ugal", 4);
    s.scheme = Some(Scheme::Phases);
    let ugal = Simulator::new(&net, &s).expect("a simulator");
    let lgl = Simulator::new(&net, &setup("lgl", 4)).expect("a simulator");
    let a = ugal.point(0.02, false, &mut |_, _| true).expect("a point");
    let b = lgl.point(0.02, false, &mut |_, _| true).expect("a point");
    assert!(
        (a.hops.expect("measured") - b.hops.expect("measured")).abs() < 1e-9,
        "{} {}",
        a.hops.expect("measured"),
        b.hops.expect("measured")
    );
    assert!(
        (a.packet_latency.expect("measured") - b.packet_latency.expect("measured")).abs()
            / b.packet_latency.expect("measured")
            < 0.01
    );
}

/// Valiant via any router (a torus, a HyperX, a D3 have no two-phase strategy of their
/// own): its picks are its list's, its low-load latency is the zero-load latency of its
/// routes averaged over the intermediates, and UGAL at low load is the base routing.
#[test]
fn valiant_via_any_router_on_tori_hyperx_and_d3() {
    use icn_core::routing::valiant::AnyValiant;
    for (spec, base) in [
        ("torus:k=4x4", "dor"),
        ("hyperx:s=3x3,t=1", "dor"),
        ("d3:k=3,m=4", "lgl"),
    ] {
        let net = network(spec);
        let sim = Simulator::new(&net, &setup("valiant", 8)).expect("a simulator");
        assert_ne!(sim.deadlock_free(), Some(false), "{spec}");
        let f = sim.fabric();
        let v = AnyValiant::new(
            net.routing(base).expect("a routing"),
            f.router_node.clone(),
            net.topology().node_count(),
        );
        let n = net.topology().node_count();
        for s in 0..n {
            for d in 0..n {
                let list = intermediates(&v, s, d);
                for k in [0u64, 3, u64::MAX] {
                    let want = list.as_ref().map(|l| l[(k % l.len() as u64) as usize]);
                    assert_eq!(
                        v.two_phase().and_then(|p| p.pick_intermediate(s, d, k)),
                        want,
                        "{spec} {s}→{d}"
                    );
                }
            }
        }
        // Routers on the way: source to intermediate, then on (the intermediate once).
        let rel = net.routing(base).expect("a routing");
        let is_router = |x: Node| f.node_router[x] != u32::MAX;
        let eps = f.endpoints();
        let mut sum = 0.0;
        for a in 0..eps {
            let from = f.router_node[f.endpoint_router[a] as usize];
            for b in 0..eps {
                let last = f.router_node[f.eject_router[b] as usize];
                let dst = f.endpoint_node[b];
                let Some(vias) = intermediates(&v, f.endpoint_node[a], dst) else {
                    sum += routers_on_way(rel.as_ref(), &is_router, from, dst, last);
                    continue;
                };
                let each = vias.iter().map(|&m| {
                    routers_on_way(rel.as_ref(), &is_router, from, m, m)
                        + routers_on_way(rel.as_ref(), &is_router, m, dst, last)
                        - 1.0
                });
                sum += each.sum::<f64>() / vias.len() as f64;
            }
        }
        let want = 5.0 * sum / (eps * eps) as f64 + 2.0;
        let got = sim.point(0.02, false, &mut |_, _| true).expect("a point");
        assert_eq!(got.status, Status::Stable, "{spec}");
        let err = (got.packet_latency.expect("measured") - want).abs() / want;
        assert!(
            err <= 0.03,
            "{spec}: {} against {want}",
            got.packet_latency.expect("measured")
        );
        let ugal = Simulator::new(&net, &setup("ugal", 8)).expect("a simulator");
        let direct = Simulator::new(&net, &setup(base, 8)).expect("a simulator");
        let (a, b) = (
            ugal.point(0.02, false, &mut |_, _| true).expect("a point"),
            direct
                .point(0.02, false, &mut |_, _| true)
                .expect("a point"),
        );
        assert!(
            (a.hops.expect("measured") - b.hops.expect("measured")).abs() < 0.02,
            "{spec}: {} {}",
            a.hops.expect("measured"),
            b.hops.expect("measured")
        );
    }
}
