//! What the simulation view offers and keeps: the routings a form lists are exactly the ones
//! the simulator builds (the routing registry's list against `Simulator::new`), and the BookSim2 keys kept
//! beside the fields (`booksim::extra_text`, `apply_extra`) rebuild a pasted configuration's
//! router and protocol exactly.

use icn_core::routing::registry::{find, routings};
use icn_core::sim::packet::booksim::{apply_extra, experiment, extra_text, EXTRA_KEYS};
use icn_core::sim::packet::{booksim_latencies, SimError, SimSetup, Simulator};

use crate::support::net;

/// Networks of several families, with and without two-phase routings of their own.
const NETWORKS: &[&str] = &[
    "mesh:k=4x4",
    "torus:k=4x4",
    "hypercube:n=4",
    "dragonfly:a=4,p=2,h=2",
    "hyperx:s=4x4",
    "d3:k=2,m=2",
    "kyklos2:m=2,r=2,n=4,shuffle=proposed",
    "lens:p=3,q=3,n=2",
    "graph:g=",
];

/// The routings `Simulator::new` builds on `spec`, among the network's strategies and
/// Valiant's, UGAL's and the anynet table's names.
fn built(spec: &str) -> (Vec<String>, Vec<String>) {
    let n = net(spec);
    let mut candidates: Vec<String> = n.strategies().iter().map(|s| s.name.to_string()).collect();
    candidates.extend(["valiant", "ugal", "table", "nonsense"].map(String::from));
    candidates.dedup();
    let mut ok = Vec::new();
    for name in &candidates {
        let mut setup = SimSetup::new(name);
        setup.router.num_vcs = 16;
        match Simulator::new(&n, &setup) {
            Ok(_) => ok.push(name.clone()),
            Err(SimError::Routing(_)) => {}
            Err(e) => panic!("{spec} {name}: {e}"),
        }
    }
    (candidates, ok)
}

#[test]
fn the_routings_offered_are_the_ones_the_simulator_builds() {
    for &spec in NETWORKS {
        let spec = if spec == "graph:g=" {
            // A ring of six with a chord, as an imported graph.
            let g: icn_core::Network = icn_core::topology::imported::Imported::from_text(
                "a b\nb c\nc d\nd e\ne f\nf a\na d\n",
            )
            .expect("a graph")
            .into();
            g.spec()
        } else {
            spec.to_string()
        };
        let offered: Vec<String> = routings(&net(&spec)).into_iter().map(|r| r.name).collect();
        let (candidates, ok) = built(&spec);
        for name in &offered {
            assert!(
                ok.contains(name),
                "{spec}: offers {name}, which the simulator refuses"
            );
            assert!(find(&net(&spec), name).is_ok());
        }
        for name in ok.iter().filter(|n| n.as_str() != "table") {
            assert!(
                offered.contains(name),
                "{spec}: the simulator builds {name}, not offered"
            );
        }
        assert!(candidates.contains(&"nonsense".to_string()) && !ok.contains(&"nonsense".into()));
        let e = find(&net(&spec), "nonsense")
            .expect_err("not a routing")
            .to_string();
        assert!(e.contains("nonsense") && e.contains(&offered[0]), "{e}");
        // UGAL wherever Valiant's routing can be built; the table only on imported graphs.
        assert!(offered.iter().any(|n| n == "ugal"), "{spec}: {offered:?}");
        assert_eq!(
            offered.iter().any(|n| n == "table"),
            spec.starts_with("graph:")
        );
    }
}

/// A configuration with every kept key away from BookSim2's default.
const DELAYED: &str = "topology = torus; k = 4; n = 2; routing_function = dim_order;
num_vcs = 4; vc_buf_size = 3; packet_size = 5; seed = 9;
vc_allocator = islip(2); sw_allocator = wavefront; alloc_iters = 3;
routing_delay = 0; vc_alloc_delay = 2; sw_alloc_delay = 3; st_final_delay = 2;
credit_delay = 4; wait_for_tail_credit = 1; hold_switch_for_packet = 1;
input_speedup = 2; output_speedup = 3; use_noc_latency = 0;
sample_period = 500; warmup_periods = 2; max_samples = 7; latency_thres = 300.5;
warmup_thres = 0.1; acc_warmup_thres = 0.2; stopping_thres = 0.03; acc_stopping_thres = 0.04;";

#[test]
fn kept_keys_rebuild_a_pasted_configuration() {
    let x = experiment(DELAYED, None).expect("an experiment");
    // The file's values, read independently of the round trip.
    let (r, p) = (&x.setup.router, &x.setup.protocol);
    assert_eq!(
        (r.routing_delay, r.vc_alloc_delay, r.sw_alloc_delay),
        (0, 2, 3)
    );
    assert_eq!(
        (r.st_final_delay, r.credit_delay, r.wait_for_tail_credit),
        (2, 4, true)
    );
    assert!(r.hold_switch_for_packet);
    assert_eq!((r.input_speedup, r.output_speedup), (2, 3));
    // use_noc_latency = 0 on a torus: 1-cycle channels instead of BookSim2's 2.
    assert_eq!(r.channel_latency, 1);
    assert_eq!(
        (p.sample_period, p.warmup_periods, p.max_samples),
        (500, 2, 7)
    );
    let text = extra_text(&x.network, &x.setup);
    // Every kept key but routing_function (below), alloc_iters, which changes nothing (BookSim2's iq router does not
    // read it): the allocators carry their iterations, `islip(2)`; internal_speedup, which
    // takes one-cycle allocators (below); and batch mode's and the read and write requests'
    // keys, which a latency-mode file without requests leaves out (booksim_batch.rs
    // rebuilds them).
    let mode = |k: &str| {
        k == "sim_type"
            || k.starts_with("batch_")
            || k == "max_outstanding_requests"
            || k.contains("read")
            || k.starts_with("write_")
    };
    let modes = EXTRA_KEYS.iter().filter(|k| mode(k)).count();
    assert_eq!(modes, 18, "4 of batch mode, 14 of the requests");
    // routing_function is kept only for BookSim2's mesh functions the routing and scheme
    // do not say (its valiant, romm, xy_yx): this is dimension order.
    assert_eq!(
        text.split(';').count(),
        EXTRA_KEYS.len() - 3 - modes,
        "{text}"
    );
    let sped = experiment(
        "topology = mesh; k = 4; n = 2; routing_function = dor; internal_speedup = 1.5;",
        None,
    )
    .expect("an experiment");
    let kept = extra_text(&sped.network, &sped.setup);
    assert!(kept.contains("internal_speedup=1.5"), "{kept}");
    let mut back = SimSetup::new(&sped.setup.routing);
    (back.router.channel_latency, back.router.global_latency) = booksim_latencies(&sped.network);
    apply_extra(&kept, &sped.network, &mut back).expect("the kept keys");
    assert_eq!(
        back.router.internal_speedup,
        sped.setup.router.internal_speedup
    );
    assert!(
        text.starts_with("vc_allocator=islip(2);sw_allocator=wavefront;"),
        "{text}"
    );
    // The fields a form holds, then the kept keys: the same router and protocol.
    let mut form = SimSetup::new(&x.setup.routing);
    (form.router.channel_latency, form.router.global_latency) = booksim_latencies(&x.network);
    form.router.num_vcs = 4;
    form.router.vc_buf_size = 3;
    form.router.packet_size = 5;
    apply_extra(&text, &x.network, &mut form).expect("the kept keys");
    assert_eq!(form.router, x.setup.router);
    assert_eq!(form.protocol, x.setup.protocol);
    // A configuration of defaults keeps nothing; nothing kept is BookSim2's defaults.
    let plain = experiment(
        "topology = mesh; k = 4; n = 2; routing_function = dor; vc_allocator = \
         separable_input_first; sw_allocator = separable_input_first;",
        None,
    )
    .expect("an experiment");
    assert_eq!(extra_text(&plain.network, &plain.setup), "");
    let mut again = SimSetup::new("dor");
    apply_extra("", &plain.network, &mut again).expect("no keys");
    assert_eq!(again.router, plain.setup.router);
    // A key given sets only itself: the others keep what the form holds.
    let mut some = SimSetup::new("dor");
    some.router.credit_delay = 7;
    apply_extra("routing_delay = 0", &plain.network, &mut some).expect("one key");
    assert_eq!(
        (some.router.routing_delay, some.router.credit_delay),
        (0, 7)
    );
    // A field's value out of range is not the kept keys' trouble: the field's own check
    // names it (the page showed "num_vcs = : give …" under the empty keys field).
    let mut zero = SimSetup::new("dor");
    zero.router.num_vcs = 0;
    zero.router.packet_size = 0;
    apply_extra("", &plain.network, &mut zero).expect("no keys given");
    assert_eq!((zero.router.num_vcs, zero.router.packet_size), (0, 0));
    let e = apply_extra("credit_delay = 5000", &plain.network, &mut zero)
        .expect_err("given, out of range");
    assert!(
        e.to_string()
            .contains("credit_delay = 5000: give a whole number from 0 to"),
        "{e}"
    );
    // Only the kept keys: a field's key, or an unknown one, is named.
    let e = apply_extra("routing_delay = 0; num_vcs = 4", &x.network, &mut form)
        .expect_err("num_vcs has its field");
    assert!(e.to_string().contains("num_vcs"), "{e}");
    let e = apply_extra("credit_delay = soon", &x.network, &mut form).expect_err("a number");
    assert!(e.to_string().contains("credit_delay"), "{e}");
}
