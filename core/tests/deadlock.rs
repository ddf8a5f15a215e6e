//! Channel dependency graphs against what is known (Dally and Seitz 1987; Dally and Towles
//! ch. 14; Kim et al. 2008 for the Dragonfly), and every reported cycle checked hop by hop
//! against the routing that creates it.

use crate::support::net;
use icn_core::analysis::deadlock::{deadlock, min_vcs, DeadlockError, DeadlockReport, Scheme};
use icn_core::Network;

fn report(spec: &str, routing: &str, scheme: Scheme, vcs: u32) -> DeadlockReport {
    let n = net(spec);
    let r = n
        .routing(routing)
        .unwrap_or_else(|e| panic!("{spec} {routing}: {e}"));
    deadlock(n.topology(), r.as_ref(), scheme, vcs).unwrap_or_else(|e| panic!("{spec}: {e}"))
}

fn least(spec: &str, routing: &str, scheme: Scheme) -> Option<u32> {
    let n = net(spec);
    let r = n
        .routing(routing)
        .unwrap_or_else(|e| panic!("{spec} {routing}: {e}"));
    min_vcs(n.topology(), r.as_ref(), scheme, 8).unwrap_or_else(|e| panic!("{spec}: {e}"))
}

/// Every step of the cycle is a real dependency: the channels meet, the held channel's
/// head is the requested one's tail, both are next hops of the named route, and the last
/// step leads back to the first.
fn assert_real_cycle(spec: &str, routing: &str, r: &DeadlockReport) {
    let n = net(spec);
    let relation = n.routing(routing).unwrap_or_else(|e| panic!("{e}"));
    assert!(!r.cycle.is_empty(), "{spec}: no cycle");
    for (i, d) in r.cycle.iter().enumerate() {
        let next = &r.cycle[(i + 1) % r.cycle.len()];
        assert_eq!(d.to, next.from, "{spec}: the cycle is closed, step {i}");
        assert_eq!(d.from.1, d.to.0, "{spec}: channels meet");
        let mut hops = Vec::new();
        relation.next_hops(d.from.0, d.dst, &mut hops);
        assert!(
            hops.contains(&d.from.1),
            "{spec}: {:?} towards {}",
            d.from,
            d.dst
        );
        hops.clear();
        relation.next_hops(d.to.0, d.dst, &mut hops);
        assert!(
            hops.contains(&d.to.1),
            "{spec}: {:?} towards {}",
            d.to,
            d.dst
        );
    }
}

#[test]
fn a_mesh_with_dimension_order_is_acyclic_with_one_vc() {
    for spec in ["mesh:k=4x4", "mesh:k=3x4x3"] {
        let r = report(spec, "dor", Scheme::One, 1);
        assert!(r.acyclic, "{spec}");
        assert!(r.cycle.is_empty());
        assert!(r.graph_edges > 0);
    }
    // Fully adaptive minimal routing on the same mesh has cycles (turns both ways).
    let r = report("mesh:k=4x4", "minimal", Scheme::One, 1);
    assert!(!r.acyclic);
    assert_real_cycle("mesh:k=4x4", "minimal", &r);
}

#[test]
fn a_ring_and_a_torus_need_a_dateline() {
    // A ring of 4 under minimal routing: the cycle runs once round, 4 dependencies.
    let r = report("torus:k=4", "minimal", Scheme::One, 1);
    assert!(!r.acyclic);
    assert!(r.shortest);
    assert_eq!(r.cycle.len(), 4);
    assert_real_cycle("torus:k=4", "minimal", &r);
    for spec in ["torus:k=5", "torus:k=4x4", "torus:k=5x3x4"] {
        let one = report(spec, "dor", Scheme::One, 1);
        assert!(!one.acyclic, "{spec}: one VC");
        assert_real_cycle(spec, "dor", &one);
        let dateline = report(spec, "dor", Scheme::Dateline, 2);
        assert!(dateline.acyclic, "{spec}: two VCs under a dateline");
        assert_eq!(least(spec, "dor", Scheme::Dateline), Some(2), "{spec}");
    }
}

#[test]
fn e_cube_on_a_hypercube_and_up_down_on_a_fat_tree_are_acyclic() {
    assert!(report("hypercube:n=4", "ecube", Scheme::One, 1).acyclic);
    assert!(!report("hypercube:n=4", "minimal", Scheme::One, 1).acyclic);
    assert!(report("fattree:k=2,n=3", "updown", Scheme::One, 1).acyclic);
    assert!(report("fattree:k=3,n=2", "dmodk", Scheme::One, 1).acyclic);
    assert!(report("butterfly:k=2,n=3", "desttag", Scheme::One, 1).acyclic);
}

#[test]
fn minimal_dragonfly_routing_needs_two_classes_and_every_shortest_path_three() {
    let spec = "dragonfly:a=4,p=2,h=2";
    let one = report(spec, "minimal", Scheme::One, 1);
    assert!(!one.acyclic);
    assert_real_cycle(spec, "minimal", &one);
    // Kim et al.'s MIN (l-g-l): the class changes after the global hop, two classes
    // (Kim et al. 2008, section 4.2), by phase or by hop number alike.
    assert!(!report(spec, "lgl", Scheme::One, 1).acyclic);
    assert_eq!(least(spec, "lgl", Scheme::Phases), Some(2));
    assert_eq!(least(spec, "lgl", Scheme::Hops), Some(2));
    // Every shortest path includes, besides l-g-l, the paths through a third group
    // (g-g, g-l-g) where they are as short: two global hops, so three classes.
    assert_eq!(least(spec, "minimal", Scheme::Phases), Some(3));
    assert_eq!(least(spec, "minimal", Scheme::Hops), Some(3));
}

#[test]
fn valiant_with_min_halves_needs_three_phase_classes_with_two_routers_a_group() {
    // Kim et al.'s VAL (MIN halves): two global hops, so three classes when they change
    // after each global hop, their three virtual channels for Valiant's routing.
    let spec = "dragonfly:a=2,p=1,h=1";
    let one = report(spec, "valiant-min", Scheme::One, 1);
    assert!(!one.acyclic);
    assert_eq!(least(spec, "valiant-min", Scheme::Phases), Some(3));
    // Kim et al. route via an intermediate group; here the intermediate is a router, so a
    // packet may take a local hop into it and another out of it, both in the middle class:
    // with a ≥ 3 routers per group those chain into cycles however many phase classes
    // there are, and hop classes take five (hops 0-3 their own, the rest shared).
    let big = "dragonfly:a=4,p=2,h=2";
    assert_eq!(least(big, "valiant-min", Scheme::Phases), None);
    assert_eq!(least(big, "valiant-min", Scheme::Hops), Some(5));
    // With every shortest path in each half, a half may take two global hops: four
    // classes here.
    assert_eq!(least(spec, "valiant", Scheme::Phases), Some(4));
    let two = report(spec, "valiant-min", Scheme::Phases, 2);
    assert!(!two.acyclic);
    // A cycle's dependencies are real, one of them possibly at the intermediate (where
    // the next hop is towards the destination, not the intermediate): each step meets.
    for (i, d) in two.cycle.iter().enumerate() {
        assert_eq!(d.to, two.cycle[(i + 1) % two.cycle.len()].from);
        assert_eq!(d.from.1, d.to.0);
    }
}

#[test]
fn schemes_that_do_not_apply_say_why() {
    let mesh = net("mesh:k=4x4");
    let dor = mesh.routing("dor").expect("dor");
    let err = deadlock(mesh.topology(), dor.as_ref(), Scheme::Dateline, 2).unwrap_err();
    assert!(matches!(err, DeadlockError::Unavailable { .. }));
    assert!(err.to_string().contains("rings and tori"));
    let err = deadlock(mesh.topology(), dor.as_ref(), Scheme::Phases, 2).unwrap_err();
    assert!(err.to_string().contains("phase boundaries"));
    assert_eq!(
        deadlock(mesh.topology(), dor.as_ref(), Scheme::Hops, 0).unwrap_err(),
        DeadlockError::Vcs(0)
    );
    assert_eq!("hops".parse::<Scheme>(), Ok(Scheme::Hops));
    assert!("vc".parse::<Scheme>().is_err());
}

#[test]
fn hop_classes_break_every_cycle_of_a_minimal_routing_given_enough() {
    // Every hop on its own class: no dependency leads back, for any minimal routing.
    for spec in ["torus:k=4x4", "hypercube:n=3", "slimfly:q=5"] {
        let n = net(spec);
        let diameter = n.info().diameter;
        let r = report(spec, "minimal", Scheme::Hops, diameter);
        assert!(r.acyclic, "{spec}: {diameter} hop classes");
    }
}

#[test]
fn up_down_on_any_connected_graph_is_legal_and_acyclic() {
    use icn_core::graph::UpDownRouting;
    use icn_core::routing::enumerate_paths;
    // Two random regular graphs (Jellyfish): no structure to route by.
    for spec in ["jellyfish:n=24,r=3,seed=5", "jellyfish:n=40,r=4,seed=2"] {
        let n = net(spec);
        let t = n.topology();
        let updown = UpDownRouting::new(t);
        for a in 0..t.node_count() {
            for b in (0..t.node_count()).filter(|&b| b != a) {
                let paths = enumerate_paths(&updown, a, b, 64);
                assert!(!paths.is_empty(), "{spec}: {a} → {b} has a route");
                for p in &paths {
                    assert_eq!(p.last(), Some(&b));
                    // Up links only, then down links only.
                    let ups: Vec<bool> = p.windows(2).map(|w| updown.is_up(w[0], w[1])).collect();
                    let first_down = ups.iter().position(|&up| !up).unwrap_or(ups.len());
                    assert!(ups[first_down..].iter().all(|&up| !up), "{spec} {p:?}");
                }
            }
        }
        assert!(report(spec, "updown", Scheme::One, 1).acyclic, "{spec}");
        let minimal = report(spec, "minimal", Scheme::One, 1);
        assert!(
            !minimal.acyclic,
            "{spec}: minimal routing on a random graph has cycles"
        );
        assert_real_cycle(spec, "minimal", &minimal);
    }
}

/// On one virtual channel, the dependency graph is exactly the set of consecutive channel
/// pairs of every route the routing can take, enumerated route by route (an independent
/// construction: no flows, no packet state), and its pairs are the channels those pairs use.
#[test]
fn the_one_vc_graph_is_every_consecutive_pair_of_every_route() {
    use icn_core::graph::enumerate_paths;
    use std::collections::HashSet;
    let cases = [
        ("torus:k=4x3", "minimal"),
        ("torus:k=5", "dor"),
        ("mesh:k=3x3", "minimal"),
        ("hypercube:n=4", "minimal"),
        ("dragonfly:a=2,p=1,h=1", "valiant"),
        ("dragonfly:a=2,p=1,h=1", "valiant-min"),
        ("fattree:k=2,n=3", "updown"),
        ("butterfly:k=2,n=3", "desttag"),
        ("jellyfish:n=12,r=3,seed=4", "updown"),
        ("d3:k=2,m=3", "lgl"),
        ("kyklos2:m=2,r=2,n=4", "minimal"),
    ];
    for (spec, routing) in cases {
        let n = net(spec);
        let r = n.routing(routing).unwrap();
        let t = n.topology();
        let mut deps: HashSet<((usize, usize), (usize, usize))> = HashSet::new();
        for s in 0..t.terminal_count() {
            for d in (0..t.terminal_count()).filter(|&d| d != s) {
                for walk in enumerate_paths(r.as_ref(), s, d, usize::MAX) {
                    for w in walk.windows(3) {
                        deps.insert(((w[0], w[1]), (w[1], w[2])));
                    }
                }
            }
        }
        let pairs: HashSet<(usize, usize)> = deps.iter().flat_map(|&(a, b)| [a, b]).collect();
        let got = report(spec, routing, Scheme::One, 1);
        assert_eq!(
            got.graph_edges,
            deps.len() as u64,
            "{spec} {routing}: dependencies"
        );
        assert_eq!(
            got.graph_nodes,
            pairs.len() as u64,
            "{spec} {routing}: pairs"
        );
    }
}

/// The table sets every routing against one VC and each scheme's fewest VCs, as the single
/// analyses give them.
#[test]
fn the_routing_table_agrees_with_each_analysis() {
    use icn_core::analysis::deadlock::{routing_table, Cell};
    use icn_core::PAGE_BUDGET;
    for spec in ["torus:k=4x4", "dragonfly:a=2,p=1,h=1", "mesh:k=3x3"] {
        let n = net(spec);
        let table = routing_table(&n, PAGE_BUDGET, &mut |_, _, _| {});
        assert_eq!(table.len(), n.strategies().len(), "{spec}");
        for row in &table {
            let one = report(spec, &row.routing, Scheme::One, 1).acyclic;
            let want = if one { Cell::Acyclic } else { Cell::Cyclic };
            assert_eq!(row.one_vc, want, "{spec} {}", row.routing);
            for l in &row.least {
                let want = match least(spec, &row.routing, l.scheme) {
                    Some(vcs) => Cell::Least { vcs },
                    None => Cell::NoneUpTo { max: 8 },
                };
                assert_eq!(l.least, want, "{spec} {} {}", row.routing, l.scheme);
            }
        }
    }
    // The torus: dimension order needs a dateline and two VCs, or four hop classes.
    let torus = routing_table(&net("torus:k=4x4"), PAGE_BUDGET, &mut |_, _, _| {});
    let dor = torus.iter().find(|r| r.routing == "dor").unwrap();
    assert_eq!(dor.one_vc, Cell::Cyclic);
    let dateline = dor
        .least
        .iter()
        .find(|l| l.scheme == Scheme::Dateline)
        .unwrap();
    assert_eq!(dateline.least, Cell::Least { vcs: 2 });
    // Nothing is computed over the budget; the estimate says why.
    let tiny = icn_core::Budget {
        steps: 10,
        bytes: 10,
    };
    let over = routing_table(&net("torus:k=4x4"), tiny, &mut |_, _, _| {});
    assert!(over
        .iter()
        .all(|r| matches!(r.one_vc, Cell::OverBudget { .. })));
}

/// The Swapped Dragonfly's and the maximal Dragonfly's global links end a phase: l-g-l on
/// D3 needs two phase classes (one global hop per route, by (2.2)), and `glgl-direct`,
/// which may take two global hops, three.
#[test]
fn d3_lgl_needs_two_phase_classes_and_glgl_three() {
    assert_eq!(least("d3:k=3,m=4", "lgl", Scheme::Phases), Some(2));
    assert_eq!(least("d3:k=3,m=4", "glgl-direct", Scheme::Phases), Some(3));
    assert!(!report("d3:k=3,m=4", "lgl", Scheme::One, 1).acyclic);
    let r = report("d3:k=3,m=4", "lgl", Scheme::Phases, 1);
    assert_real_cycle("d3:k=3,m=4", "lgl", &r);
}

/// The Lens's own routing, every pair of processors routed by the paper's rule (the
/// direction rule's four steps uncompleted, the class rule completed), or by both
/// directions of the four steps.
fn lens_routes(
    spec: &str,
    choices: &[icn_core::topology::lens::PathChoice],
) -> (Network, Vec<Vec<usize>>) {
    let n = net(spec);
    let mut routes = Vec::new();
    {
        let lens = n.lens().expect("a Lens");
        let t = n.topology();
        let procs: Vec<usize> = (0..t.node_count())
            .filter(|&v| lens.is_processor(v))
            .collect();
        for &a in &procs {
            for &b in procs.iter().filter(|&&b| b != a) {
                for &c in choices {
                    let steps = lens
                        .walkthrough(a, b, c)
                        .expect("a walk between processors");
                    let mut walk = vec![a];
                    for s in steps {
                        walk.push(s.bus);
                        walk.push(s.node);
                    }
                    routes.push(walk);
                }
            }
        }
    }
    (n, routes)
}

/// The four papers' routings (docs/topologies/): the one-VC verdict and the fewest hop or
/// phase classes, each verdict backed by a cycle checked hop by hop.
#[test]
fn the_papers_routings_have_their_verdicts() {
    use icn_core::analysis::deadlock::{routing_table, Cell};
    let verdicts: &[(&str, &str, bool, Scheme, Option<u32>)] = &[
        // KYKLOS: M-r stays in one tree (up, then down): acyclic. The others cross trees.
        ("kyklos2:m=2,r=2,n=4", "mr", true, Scheme::Hops, Some(1)),
        ("kyklos2:m=2,r=2,n=4", "hr", false, Scheme::Hops, Some(5)),
        ("kyklos2:m=2,r=2,n=4", "pr", false, Scheme::Hops, Some(5)),
        ("kyklos2:m=2,r=2,n=4", "y2", false, Scheme::Hops, Some(5)),
        ("kyklos2:m=2,r=2,n=4", "d2", false, Scheme::Hops, Some(7)),
        ("kyklos1:m=2,r=2,n=4", "d2", true, Scheme::Hops, Some(1)),
        ("kyklos1:m=2,r=2,n=4", "pr", true, Scheme::Hops, Some(1)),
        // The Swapped Dragonfly: l-g-l needs a class per phase; glgl-direct three.
        ("d3:k=3,m=4", "lgl", false, Scheme::Phases, Some(2)),
        ("d3:k=3,m=4", "glgl-direct", false, Scheme::Phases, Some(3)),
        // Hypercycles: e-cube is acyclic on the hypercube only; on rings it cycles.
        (
            "hypercycle:m=5x4x3,rho=2x1x1",
            "ecube",
            false,
            Scheme::Hops,
            Some(3),
        ),
        // Dally and Seitz's dateline (the paper's reference [7]) fixes it with two.
        (
            "hypercycle:m=5x4x3,rho=2x1x1",
            "ecube",
            false,
            Scheme::Dateline,
            Some(2),
        ),
        (
            "hypercycle:m=5x4x3,rho=2x1x1",
            "greedy",
            false,
            Scheme::Dateline,
            None,
        ),
        (
            "hypercycle:m=5x4x3,rho=2x1x1",
            "greedy",
            false,
            Scheme::Hops,
            Some(4),
        ),
        ("hypercube:n=4", "ecube", true, Scheme::Hops, Some(1)),
        ("hypercube:n=4", "greedy", false, Scheme::Hops, Some(4)),
    ];
    for &(spec, routing, acyclic, scheme, fewest) in verdicts {
        let r = report(spec, routing, Scheme::One, 1);
        assert_eq!(r.acyclic, acyclic, "{spec} {routing}");
        if !acyclic {
            assert_real_cycle(spec, routing, &r);
        }
        assert_eq!(
            least(spec, routing, scheme),
            fewest,
            "{spec} {routing} {scheme}"
        );
    }
    // The table says the same.
    let table = routing_table(
        &net("kyklos2:m=2,r=2,n=4"),
        icn_core::PAGE_BUDGET,
        &mut |_, _, _| {},
    );
    let mr = table.iter().find(|r| r.routing == "mr").unwrap();
    assert_eq!(mr.one_vc, Cell::Acyclic);
}

/// The Lens's four-step region-of-difference routing picks its path from both addresses,
/// so its graph is built from the routes themselves: cyclic on one VC, acyclic with as many
/// hop classes as its longest route needs (fewer than a class per link).
#[test]
fn the_lens_region_of_difference_routing_cycles_on_one_vc() {
    use icn_core::analysis::deadlock::deadlock_of_routes;
    use icn_core::topology::lens::PathChoice;
    let cases: &[(&str, &[PathChoice], usize, u32, usize)] = &[
        // spec, choices, one-VC cycle length, fewest hop classes, longest route in links
        ("lens:p=3,q=3,n=2", &[PathChoice::PaperRule], 8, 3, 6),
        ("lens:p=4,q=3,n=3", &[PathChoice::PaperRule], 8, 7, 10),
        (
            "lens:p=3,q=3,n=2,completed",
            &[PathChoice::PaperRule],
            4,
            5,
            6,
        ),
        (
            "lens:p=3,q=3,n=3,completed",
            &[PathChoice::PaperRule],
            6,
            7,
            8,
        ),
    ];
    for &(spec, choices, cycle, fewest, longest) in cases {
        let (n, routes) = lens_routes(spec, choices);
        let t = n.topology();
        assert_eq!(
            routes.iter().map(|r| r.len() - 1).max(),
            Some(longest),
            "{spec}"
        );
        let one = deadlock_of_routes(t, &routes, Scheme::One, 1).unwrap();
        assert!(!one.acyclic, "{spec}");
        assert_eq!(one.cycle.len(), cycle, "{spec}");
        // Every dependency of the cycle is two consecutive channels of its route.
        for d in &one.cycle {
            let walk = routes
                .iter()
                .find(|w| w[0] == d.src && w.windows(3).any(|x| x == [d.from.0, d.from.1, d.to.1]))
                .map(|w| w.last() == Some(&d.dst));
            assert_eq!(walk, Some(true), "{spec}: {d:?}");
        }
        let least = (1..=8).find(|&v| {
            deadlock_of_routes(t, &routes, Scheme::Hops, v)
                .unwrap()
                .acyclic
        });
        assert_eq!(least, Some(fewest), "{spec}");
    }
}

/// Duato's condition against what is known (Duato 1993; Dally and Towles ch. 14): fully
/// adaptive minimal routing is deadlock-free over a dimension-order escape on one virtual
/// channel of a mesh or a hypercube, and on a torus over a dimension-order escape with a
/// dateline (three virtual channels in all), although its own dependency graph is cyclic.
#[test]
fn duato_makes_fully_adaptive_routing_safe_over_an_escape() {
    use icn_core::analysis::deadlock::duato;
    let case = |spec: &str, escape: &str, scheme: Scheme, vcs: u32| {
        let n = net(spec);
        let a = n.routing("minimal").expect("minimal routing");
        let e = n.routing(escape).expect("the escape routing");
        duato(n.topology(), a.as_ref(), e.as_ref(), scheme, vcs)
            .unwrap_or_else(|err| panic!("{spec}: {err}"))
    };
    for (spec, escape) in [
        ("mesh:k=4x4", "dor"),
        ("mesh:k=3x3x3", "dor"),
        ("hypercube:n=4", "ecube"),
    ] {
        let r = case(spec, escape, Scheme::One, 2);
        assert!(r.acyclic, "{spec}");
        assert!(
            r.indirect_edges > 0,
            "{spec}: adaptive hops add indirect dependencies"
        );
        // The direct dependencies are the escape routing's own graph, built by the flows.
        let own = report(spec, escape, Scheme::One, 1);
        assert_eq!(r.graph_edges - r.indirect_edges, own.graph_edges, "{spec}");
        // The adaptive routing alone, on one class, is cyclic.
        assert!(!report(spec, "minimal", Scheme::One, 1).acyclic, "{spec}");
    }
    for spec in ["torus:k=4x4", "torus:k=5x3", "torus:k=6"] {
        let r = case(spec, "dor", Scheme::Dateline, 3);
        assert!(r.acyclic, "{spec}");
        assert_eq!((r.escape_vcs, r.adaptive_vcs), (2, 1));
        // Without the dateline the escape's own ring closes a cycle.
        let r = case(spec, "dor", Scheme::One, 2);
        assert!(!r.acyclic, "{spec}");
        for (i, d) in r.cycle.iter().enumerate() {
            let next = &r.cycle[(i + 1) % r.cycle.len()];
            assert_eq!(d.to, next.from, "{spec}: the cycle is closed");
            assert_eq!((d.from.2, d.to.2), (0, 0), "{spec}: escape channels only");
        }
    }
    // Hop classes on the same three virtual channels leave the torus's minimal routing cyclic:
    // Duato's escape does with three what hop classes need four for.
    assert!(!report("torus:k=4x4", "minimal", Scheme::Hops, 3).acyclic);
    assert!(report("torus:k=4x4", "minimal", Scheme::Hops, 4).acyclic);
    // What cannot be analysed says why.
    let n = net("torus:k=4x4");
    let (a, e) = (
        n.routing("minimal").expect("minimal"),
        n.routing("dor").expect("dor"),
    );
    for (scheme, vcs, says) in [
        (Scheme::Hops, 3, "use one or dateline"),
        (Scheme::Dateline, 2, "give 3 to 64"),
        (Scheme::One, 1, "give 2 to 64"),
    ] {
        let err =
            icn_core::analysis::deadlock::duato(n.topology(), a.as_ref(), e.as_ref(), scheme, vcs)
                .expect_err("refused");
        assert!(err.to_string().contains(says), "{err}");
    }
}
