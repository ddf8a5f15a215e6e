//! A BookSim2 configuration pasted into the simulation view, as the view's fields: the
//! network (an anynet file becomes an imported graph, whose spec is the graph), the
//! routing, VC scheme, traffic, virtual channels, buffer, packet size and seed, the
//! injection rates as the loads (one rate: a sweep up to it; in batch mode, which does not
//! read the rate, one load), and every other modelled key kept beside them
//! ([`booksim::extra_text`], `keys=` in the URL). The experiment is read by the same
//! [`booksim::experiment`] as `icn sim --config`.

use icn_core::sim::packet::{booksim, sweep_up_to, SWEEP_POINTS};

use crate::url::SimForm;

/// The fields of the configuration `text` (with its anynet network file's text, if any)
/// over `form` (whose comparison and chosen load are cleared, and whose loads are kept when
/// the file gives no `injection_rate`; `text` becomes its pasted configuration), and a
/// sentence saying what was read.
///
/// # Errors
/// [`booksim::ConfigError`]'s message, naming the key and its line; or the injection rates
/// when one is not a load in (0, 1].
pub fn form_of_config(
    text: &str,
    network_file: Option<&str>,
    form: &SimForm,
) -> Result<(SimForm, String), String> {
    let x = booksim::experiment(text, network_file).map_err(|e| e.to_string())?;
    let given = booksim::statements(text).map_err(|e| e.to_string())?;
    let batch = x.setup.protocol.batch;
    let rates = if let Some(&r) = x.rates.first().filter(|_| batch.is_some()) {
        // Batch mode does not read the rate: one run, at the file's rate (or the loads
        // field's first).
        if given.contains_key("injection_rate") {
            format!("{r}")
        } else {
            form.rates
                .split([',', ':'])
                .next()
                .unwrap_or("0.1")
                .trim()
                .to_string()
        }
    } else if given.contains_key("injection_rate") {
        if let Some(r) = x.rates.iter().find(|&&r| !(r > 0.0 && r <= 1.0)) {
            return Err(format!(
                "injection_rate: {r} flits per node per cycle is not a load in (0, 1]"
            ));
        }
        // One rate (a BookSim2 run's): a sweep up to it, as `icn sim --config` runs it.
        let loads = match x.rates[..] {
            [one] => sweep_up_to(one),
            _ => x.rates.clone(),
        };
        let list: Vec<String> = loads.iter().map(|r| format!("{r}")).collect();
        list.join(",")
    } else {
        form.rates.clone()
    };
    let s = &x.setup;
    let r = &s.router;
    let extra = booksim::extra_text(&x.network, s);
    let out = SimForm {
        spec: x.network.spec(),
        routing: s.routing.clone(),
        traffic: s.traffic.to_string(),
        scheme: s
            .scheme
            .map_or_else(|| "auto".to_string(), |k| k.to_string()),
        vcs: r.num_vcs.to_string(),
        buf: r.vc_buf_size.to_string(),
        size: r.packet_size.to_string(),
        rates,
        seed: s.seed.to_string(),
        extra: extra.clone(),
        spec2: String::new(),
        routing2: String::new(),
        at: String::new(),
        pasted: text.to_string(),
    };
    let topology = given.get("topology").map_or("torus", |(v, _)| v.as_str());
    let network = if out.spec.starts_with("graph:") {
        format!(
            "an imported graph of {} nodes",
            x.network.topology().node_count()
        )
    } else {
        out.spec.clone()
    };
    let single = given.contains_key("injection_rate") && x.rates.len() == 1;
    let loads = if let Some(b) = batch {
        format!(
            "batch mode: {} batch{} of {} packets per endpoint, one run at load {} (BookSim2's \
             batch mode does not read the injection rate)",
            b.count,
            if b.count == 1 { "" } else { "es" },
            b.size,
            out.rates
        )
    } else if single {
        format!(
            "one injection_rate, {}: a sweep of {SWEEP_POINTS} loads up to it, {}",
            x.rates[0],
            out.rates.replace(',', ", ")
        )
    } else if given.contains_key("injection_rate") {
        format!("loads {}", out.rates)
    } else {
        "no injection_rate, so the loads field's sweep is kept".to_string()
    };
    let others = if extra.is_empty() {
        "every other key at BookSim2's default".to_string()
    } else {
        format!("other keys {}", extra.replace(';', ", "))
    };
    let permutation = if out.traffic.starts_with("randperm") {
        " Its randperm is BookSim2's own permutation for that seed: the same sources send to \
         the same destinations."
    } else {
        ""
    };
    let summary = format!(
        "Read topology = {topology} as {network}, routing {}, {} traffic, {} VCs of {} flits, \
         {}-flit packets, seed {}; {loads}; {others}. The fields below hold it.{permutation}",
        out.routing, out.traffic, out.vcs, out.buf, out.size, out.seed
    );
    Ok((out, summary))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The form a fresh simulation view opens with.
    fn fresh() -> SimForm {
        crate::url::AppState::from_query("view=sim", &crate::defaults::FromNetwork)
            .sim()
            .clone()
    }

    const MESH: &str = include_str!("../../../scripts/booksim/configs/mesh88.cfg");
    const TORUS: &str = include_str!("../../../scripts/booksim/configs/torus88.cfg");
    const SLIMFLY: &str = include_str!("../../../scripts/booksim/configs/slimfly5.cfg");
    const SLIMFLY_NET: &str = include_str!("../../../scripts/booksim/configs/slimfly5.anynet");

    const RANDPERM: &str = include_str!("../../../scripts/booksim/configs/mesh88_randperm.cfg");

    /// BookSim2's randperm reference (traffic = randperm, perm_seed = 7) reads as
    /// randperm(7), said to be BookSim2's permutation for that seed (core/tests holds it to
    /// BookSim2's printed permutations and this file's curve).
    #[test]
    fn a_random_permutation_is_said_to_be_booksims() {
        let (form, summary) = form_of_config(RANDPERM, None, &fresh()).expect("randperm");
        assert_eq!(form.traffic, "randperm(7)");
        assert!(
            summary.contains("randperm(7) traffic")
                && summary.contains("Its randperm is BookSim2's own permutation for that seed"),
            "{summary}"
        );
        let (_, plain) = form_of_config(MESH, None, &fresh()).expect("the mesh");
        assert!(!plain.contains("permutation"), "{plain}");
    }

    #[test]
    fn the_reference_mesh_fills_the_fields_and_keeps_the_sweep() {
        let mut form = fresh();
        form.spec2 = "torus:k=8x8".into();
        let (f, summary) = form_of_config(MESH, None, &form).expect("the mesh");
        // mesh88.cfg: k = 8, n = 2, dor, 2 VCs of 8 flits, 1-flit packets, BookSim2's seed 0.
        assert_eq!(
            (f.spec.as_str(), f.routing.as_str(), f.traffic.as_str()),
            ("mesh:k=8x8,lowfirst", "dor", "uniform")
        );
        assert_eq!(
            (
                f.vcs.as_str(),
                f.buf.as_str(),
                f.size.as_str(),
                f.seed.as_str()
            ),
            ("2", "8", "1", "0")
        );
        assert_eq!(
            (f.rates.as_str(), f.extra.as_str()),
            (form.rates.as_str(), "")
        );
        assert!(f.spec2.is_empty(), "the comparison is cleared");
        assert!(summary.contains("loads field's sweep is kept"), "{summary}");
    }

    /// A file's one injection_rate (a BookSim2 run's) becomes a sweep of five loads ending
    /// at it, and the sentence says so.
    #[test]
    fn one_injection_rate_sweeps_up_to_it() {
        let text = format!("{TORUS}\ninjection_rate = 0.3;");
        let (f, summary) = form_of_config(&text, None, &fresh()).expect("the torus");
        assert_eq!(f.rates, "0.06,0.12,0.18,0.24,0.3");
        assert!(
            summary.contains("one injection_rate, 0.3: a sweep of 5 loads up to it"),
            "{summary}"
        );
    }

    #[test]
    fn keys_beside_the_fields_and_rates_travel() {
        let text = format!(
            "{TORUS}\nuse_noc_latency = 0;\ncredit_delay = 2;\ninjection_rate = {{0.1, 0.2}};"
        );
        let (f, summary) = form_of_config(&text, None, &fresh()).expect("the torus");
        assert_eq!(f.spec, "torus:k=8x8,lowfirst");
        // torus88.cfg gives 1-flit packets and injection_rate_uses_flits = 1: the loads as written.
        assert_eq!(f.rates, "0.1,0.2");
        assert_eq!(f.extra, "credit_delay=2;use_noc_latency=0");
        assert!(
            summary.contains("credit_delay=2, use_noc_latency=0"),
            "{summary}"
        );
    }

    /// BookSim2's own src/examples/torus88, pasted unchanged: its allocators, BookSim2's
    /// default islip, travel with the other keys, and the simulator reads them back.
    #[test]
    fn booksim2s_torus88_example_keeps_its_islip_allocators() {
        let text = include_str!("../../../scripts/booksim/configs/torus88_example.cfg");
        let (f, summary) = form_of_config(text, None, &fresh()).expect("the torus example");
        assert_eq!(
            (f.spec.as_str(), f.vcs.as_str()),
            ("torus:k=8x8,lowfirst", "2")
        );
        assert_eq!(f.extra, "vc_allocator=islip;sw_allocator=islip");
        assert!(summary.contains("vc_allocator=islip"), "{summary}");
        let net: icn_core::Network = f.spec.parse().expect("a network");
        let mut setup = icn_core::sim::packet::SimSetup::new("dor");
        booksim::apply_extra(&f.extra, &net, &mut setup).expect("the keys");
        let islip = icn_core::sim::packet::AllocatorChoice {
            kind: icn_core::sim::packet::AllocatorKind::Islip,
            iters: 1,
        };
        assert_eq!(setup.router.vc_allocator, islip);
        assert_eq!(setup.router.sw_allocator, islip);
    }

    /// BookSim2's own src/examples/fattree_config, pasted unchanged: its
    /// `hold_switch_for_packet = 1` travels with the other keys and is read back.
    #[test]
    fn booksim2s_fattree_example_keeps_its_switch_hold() {
        let text = include_str!("../../../scripts/booksim/configs/fattree_example.cfg");
        let (f, _) = form_of_config(text, None, &fresh()).expect("the fat tree example");
        assert_eq!(f.spec, "fattree:k=4,n=3");
        assert!(f.extra.contains("hold_switch_for_packet=1"), "{}", f.extra);
        let net: icn_core::Network = f.spec.parse().expect("a network");
        let mut setup = icn_core::sim::packet::SimSetup::new("updown");
        booksim::apply_extra(&f.extra, &net, &mut setup).expect("the keys");
        assert!(setup.router.hold_switch_for_packet);
    }

    /// Issue 37: BookSim2's own src/examples/singleconfig (`topology = fly`, a 10×10
    /// crossbar), pasted unchanged: the butterfly under destination tags on every VC, its
    /// one rate swept up to, its zero routing delay and long samples beside the fields; the
    /// page's simulator builds from them.
    #[test]
    fn booksim2s_singleconfig_example_is_a_butterfly() {
        let text = include_str!("../../../scripts/booksim/configs/fly_example.cfg");
        let (f, _) = form_of_config(text, None, &fresh()).expect("the crossbar example");
        assert_eq!(
            (f.spec.as_str(), f.routing.as_str(), f.scheme.as_str()),
            ("butterfly:k=10,n=1", "desttag", "one")
        );
        assert_eq!((f.vcs.as_str(), f.buf.as_str()), ("8", "8"));
        assert_eq!(f.rates, "0.2,0.4,0.6,0.8,1");
        assert_eq!(f.extra, "routing_delay=0;sample_period=100000");
        let net: icn_core::Network = f.spec.parse().expect("a network");
        let mut setup = icn_core::sim::packet::SimSetup::new(&f.routing);
        setup.scheme = Some(f.scheme.parse().expect("a scheme"));
        booksim::apply_extra(&f.extra, &net, &mut setup).expect("the keys");
        let sim = icn_core::sim::packet::Simulator::new(&net, &setup).expect("a simulator");
        assert_eq!((sim.fabric().routers(), sim.fabric().endpoints()), (1, 10));
    }

    /// BookSim2's `fattree_anca`: the routing function travels beside the fields (the
    /// routing, `updown`, is `nca`'s) and the setup read back from them adapts as the
    /// file's.
    #[test]
    fn fattree_anca_keeps_its_name() {
        let text = include_str!("../../../scripts/booksim/configs/fattree_anca.cfg");
        let (f, _) = form_of_config(text, None, &fresh()).expect("the fat tree");
        assert_eq!(f.routing, "updown");
        assert!(f.extra.contains("routing_function=anca"), "{}", f.extra);
        let net: icn_core::Network = f.spec.parse().expect("a network");
        let mut setup = icn_core::sim::packet::SimSetup::new(&f.routing);
        booksim::apply_extra(&f.extra, &net, &mut setup).expect("the keys");
        let x = booksim::experiment(text, None).expect("the file");
        assert_eq!(setup.adapt, x.setup.adapt);
        assert_eq!(setup.router.routing_delay, 1);
        let mut dor = icn_core::sim::packet::SimSetup::new("dmodk");
        assert!(booksim::apply_extra(&f.extra, &net, &mut dor).is_err());
    }

    /// BookSim2's `valiant_mesh`, `xy_yx_mesh` and `adaptive_xy_yx_mesh`, and the
    /// flattened butterfly's `xyyx`, `adaptive_xyyx`, `valiant` and `ugal`, and the cmesh's
    /// `xy_yx_no_express` and `xy_yx`: the routing
    /// function travels beside the fields (the routing and scheme alone do not say how their routes take the VCs) and
    /// the setup read back from them is the file's.
    #[test]
    fn mesh_routing_functions_keep_their_name() {
        let valiant = include_str!("../../../scripts/booksim/configs/mesh88_valiant.cfg");
        let xy_yx = include_str!("../../../scripts/booksim/configs/mesh88_xyyx.cfg");
        let adaptive = include_str!("../../../scripts/booksim/configs/mesh88_adaptive_xyyx.cfg");
        let flat_xyyx = include_str!("../../../scripts/booksim/configs/flatfly_xyyx.cfg");
        let flat_adaptive =
            include_str!("../../../scripts/booksim/configs/flatfly_adaptive_xyyx.cfg");
        let flat_valiant = include_str!("../../../scripts/booksim/configs/flatfly_valiant.cfg");
        let flat_ugal = include_str!("../../../scripts/booksim/configs/flatfly_ugal.cfg");
        let cmesh_xyyx = include_str!("../../../scripts/booksim/configs/cmesh_xyyx.cfg");
        let cmesh_express = include_str!("../../../scripts/booksim/configs/cmesh_xyyx_express.cfg");
        for (text, routing, kept) in [
            (valiant, "valiant", "routing_function=valiant"),
            (xy_yx, "xyyx", "routing_function=xy_yx"),
            (adaptive, "xyyx", "routing_function=adaptive_xy_yx"),
            (flat_xyyx, "xyyx", "routing_function=xyyx"),
            (flat_adaptive, "xyyx", "routing_function=adaptive_xyyx"),
            (flat_valiant, "valiant", "routing_function=valiant"),
            (flat_ugal, "valiant-dims", "routing_function=ugal"),
            (cmesh_xyyx, "xyyx", "routing_function=xy_yx_no_express"),
            (cmesh_express, "xyyx-express", "routing_function=xy_yx"),
        ] {
            let (f, _) = form_of_config(text, None, &fresh()).expect("the network");
            assert_eq!((f.routing.as_str(), f.scheme.as_str()), (routing, "phases"));
            assert!(f.extra.contains(kept), "{}", f.extra);
            let (net, setup) = read_back(&f);
            let x = booksim::experiment(text, None).expect("the file");
            assert_eq!(setup.legs, x.setup.legs);
            let sim = icn_core::sim::packet::Simulator::new(&net, &setup).expect("a simulator");
            assert_eq!(sim.classes(), 2);
            // Beside another routing it is refused.
            let mut dor = icn_core::sim::packet::SimSetup::new("dor");
            assert!(booksim::apply_extra(&f.extra, &net, &mut dor).is_err());
        }
    }

    /// The network and setup the page runs from the fields `f`, as the simulation view
    /// reads them.
    fn read_back(f: &SimForm) -> (icn_core::Network, icn_core::sim::packet::SimSetup) {
        let net: icn_core::Network = f.spec.parse().expect("a network");
        let mut setup = icn_core::sim::packet::SimSetup::new(&f.routing);
        setup.scheme = Some(f.scheme.parse().expect("a scheme"));
        setup.router.num_vcs = f.vcs.parse().expect("a count");
        booksim::apply_extra(&f.extra, &net, &mut setup).expect("the keys");
        (net, setup)
    }

    /// BookSim2's `ugal_dragonflynew`: its draw travels beside the fields as
    /// `routing_function=ugal`, read back as the file's (three classes, not halves).
    #[test]
    fn the_dragonflys_ugal_keeps_booksim2s_draw() {
        let text = include_str!("../../../scripts/booksim/configs/dragonfly2ugal.cfg");
        let (f, _) = form_of_config(text, None, &fresh()).expect("the dragonfly");
        assert_eq!((f.routing.as_str(), f.scheme.as_str()), ("ugal", "phases"));
        assert!(f.extra.contains("routing_function=ugal"), "{}", f.extra);
        let (net, setup) = read_back(&f);
        let x = booksim::experiment(text, None).expect("the file");
        assert_eq!(setup.legs, x.setup.legs);
        assert_ne!(
            setup.legs,
            icn_core::sim::packet::SimSetup::new("ugal").legs
        );
        let sim = icn_core::sim::packet::Simulator::new(&net, &setup).expect("a simulator");
        assert_eq!(sim.classes(), 3);
    }

    /// BookSim2's own src/examples/mesh88_lat, pasted unchanged: its `input_speedup = 2`
    /// travels with the other keys and is read back.
    #[test]
    fn booksim2s_mesh88_lat_example_keeps_its_speedup() {
        let text = include_str!("../../../scripts/booksim/configs/mesh88_lat_example.cfg");
        let (f, _) = form_of_config(text, None, &fresh()).expect("the mesh example");
        assert!(f.extra.contains("input_speedup=2"), "{}", f.extra);
        let net: icn_core::Network = f.spec.parse().expect("a network");
        let mut setup = icn_core::sim::packet::SimSetup::new("dor");
        booksim::apply_extra(&f.extra, &net, &mut setup).expect("the keys");
        assert_eq!(
            (setup.router.input_speedup, setup.router.output_speedup),
            (2, 1)
        );
    }

    /// BookSim2's own src/examples/dragonflyconfig, pasted unchanged: its
    /// `internal_speedup = 2.0` travels with the other keys and is read back.
    #[test]
    fn booksim2s_dragonflyconfig_keeps_its_internal_speedup() {
        let text = include_str!("../../../scripts/booksim/configs/dragonfly_example.cfg");
        let (f, _) = form_of_config(text, None, &fresh()).expect("the Dragonfly example");
        assert!(f.extra.contains("internal_speedup=2.0"), "{}", f.extra);
        let net: icn_core::Network = f.spec.parse().expect("a network");
        let mut setup = icn_core::sim::packet::SimSetup::new("lgl");
        booksim::apply_extra(&f.extra, &net, &mut setup).expect("the keys");
        assert_eq!(setup.router.internal_speedup.0, 2.0);
    }

    #[test]
    fn an_anynet_file_becomes_an_imported_graph_with_the_table_routing() {
        let (f, summary) =
            form_of_config(SLIMFLY, Some(SLIMFLY_NET), &fresh()).expect("the Slim Fly");
        assert!(f.spec.starts_with("graph:g="), "{}", f.spec);
        assert_eq!((f.routing.as_str(), f.scheme.as_str()), ("table", "one"));
        let net: icn_core::Network = f.spec.parse().expect("the spec is the graph");
        // slimfly5.anynet: the 50 routers of the Slim Fly with q = 5 (2q² routers).
        assert_eq!(net.topology().node_count(), 50);
        assert!(summary.contains("imported graph of 50 nodes"), "{summary}");
        let e = form_of_config(SLIMFLY, None, &fresh()).expect_err("no network file");
        assert!(e.contains("network_file"), "{e}");
    }

    #[test]
    fn what_cannot_run_is_named_with_its_line() {
        let e = form_of_config(
            "topology = mesh;\nk = 4;\nspeculative = 1;\n",
            None,
            &fresh(),
        )
        .expect_err("speculative");
        assert!(e.starts_with("line 3: speculative = 1"), "{e}");
        let text = format!("{MESH}\ninjection_rate = 1.5;");
        let e = form_of_config(&text, None, &fresh()).expect_err("a load over 1");
        assert!(e.contains("injection_rate"), "{e}");
    }

    /// A file in BookSim2's throughput mode keeps its loads and carries the mode among the
    /// other keys, so that the page runs it as `icn sim --config` does.
    #[test]
    fn a_throughput_mode_file_keeps_its_mode_beside() {
        let text = include_str!("../../../scripts/booksim/configs/mesh88_throughput.cfg");
        let (f, _) = form_of_config(&format!("{text}\ninjection_rate = 0.4;"), None, &fresh())
            .expect("the throughput-mode file");
        // Five loads up to the file's, as `icn sim --config` sweeps one rate.
        assert_eq!(
            (f.spec.as_str(), f.rates.as_str()),
            ("mesh:k=8x8,lowfirst", "0.08,0.16,0.24,0.32,0.4")
        );
        assert!(f.extra.contains("sim_type=throughput"), "{}", f.extra);
    }

    #[test]
    fn a_batch_file_is_one_load_with_its_batch_keys_beside() {
        let text = include_str!("../../../scripts/booksim/configs/mesh88_batch5.cfg");
        let (f, summary) = form_of_config(text, None, &fresh()).expect("the batch file");
        // mesh88_batch5.cfg: five batches of 200 under transpose; no injection_rate, so the
        // loads field's first load, once.
        assert_eq!(f.traffic, "transpose");
        assert_eq!(
            f.rates,
            fresh().rates.split([',', ':']).next().unwrap_or("").trim()
        );
        assert!(
            f.extra
                .contains("sim_type=batch;batch_size=200;batch_count=5"),
            "{}",
            f.extra
        );
        assert!(
            summary.contains("batch mode: 5 batches of 200 packets per endpoint, one run"),
            "{summary}"
        );
        let (f, _) = form_of_config(&format!("{text}\ninjection_rate = 0.3;"), None, &fresh())
            .expect("with a rate");
        assert_eq!(f.rates, "0.3");
        let net: icn_core::Network = f.spec.parse().expect("the mesh");
        let mut setup = icn_core::sim::packet::SimSetup::new(&f.routing);
        booksim::apply_extra(&f.extra, &net, &mut setup).expect("the keys");
        assert_eq!(
            setup.protocol.batch.map(|b| (b.size, b.count)),
            Some((200, 5))
        );
    }

    #[test]
    fn a_read_write_file_keeps_its_request_keys_beside() {
        let text = include_str!("../../../scripts/booksim/configs/mesh88_rw.cfg");
        let (f, _) = form_of_config(text, None, &fresh()).expect("the read/write file");
        // mesh88_rw.cfg: sizes 1, 5, 5, 1 (BookSim2's packet size (1 + 5 + 5 + 1) / 2), 16
        // VCs with BookSim2's default ranges, 30 % writes.
        assert_eq!((f.size.as_str(), f.vcs.as_str()), ("6", "16"));
        assert!(f.extra.contains("use_read_write=1;read_request_size=1;read_request_begin_vc=0;read_request_end_vc=5"), "{}", f.extra);
        assert!(f.extra.ends_with("write_fraction=0.3"), "{}", f.extra);
        let net: icn_core::Network = f.spec.parse().expect("the mesh");
        let mut setup = icn_core::sim::packet::SimSetup::new(&f.routing);
        setup.router.num_vcs = 16;
        booksim::apply_extra(&f.extra, &net, &mut setup).expect("the keys");
        let rw = setup.protocol.read_write.expect("read and write requests");
        assert_eq!((rw.sizes, rw.write_fraction), ([1, 5, 5, 1], 0.3));
        assert_eq!(setup.router.packet_size, 6);
    }
}
