//! `icn sim` end to end: the JSON and CSV shapes, rates syntax, one-line errors naming
//! the parameter, determinism (the same seed gives the same numbers) and parallel points
//! equal to serial ones.

mod support;

use serde_json::Value;
use support::icn;

/// `icn sim` on a 4×4 mesh with a short protocol and `extra` arguments: its stdout.
fn sim(extra: &[&str]) -> String {
    let mut args = vec![
        "sim",
        "mesh:k=4x4",
        "-r",
        "dor",
        "--num-vcs",
        "2",
        "--sample-period",
        "200",
    ];
    args.extend_from_slice(extra);
    let (code, out, err) = icn(&args);
    assert_eq!(code, 0, "icn {args:?} failed: {err}");
    out
}

fn json(extra: &[&str]) -> Value {
    serde_json::from_str(&sim(extra)).expect("valid JSON")
}

fn offered(v: &Value) -> Vec<f64> {
    v["points"]
        .as_array()
        .expect("points")
        .iter()
        .map(|p| p["offered"].as_f64().expect("offered"))
        .collect()
}

#[test]
fn json_names_the_run_and_every_point() {
    let v = json(&["--rates", "0.1,0.95", "--threads", "1"]);
    assert_eq!(v["spec"], "mesh:k=4x4");
    assert_eq!(v["routing"], "dor");
    assert_eq!(v["routers"], 16);
    assert_eq!(v["endpoints"], 16);
    assert_eq!(v["router"]["num_vcs"], 2);
    assert_eq!(v["router"]["vc_buf_size"], 8);
    assert_eq!(v["protocol"]["sample_period"], 200);
    assert_eq!(v["deadlock_free"], true);
    assert_eq!(offered(&v), [0.1, 0.95]);
    let points = v["points"].as_array().expect("points");
    let low = &points[0];
    assert_eq!(low["status"], "stable");
    for key in [
        "packet_latency",
        "packet_latency_p99",
        "network_latency",
        "accepted",
        "injected",
        "hops",
        "max_channel_utilisation",
    ] {
        assert!(low[key].as_f64().is_some_and(f64::is_finite), "{key}");
    }
    // A 4×4 mesh under uniform traffic cannot take 0.95 flits a node a cycle (its
    // bisection allows 0.5): saturated, and the saturation throughput is the low point's.
    assert_eq!(points[1]["status"], "saturated");
    assert!(points[1]["note"].as_str().is_some_and(|n| !n.is_empty()));
    assert_eq!(v["saturation_throughput"], low["accepted"]);
}

#[test]
fn csv_has_a_header_and_a_row_per_rate() {
    let out = sim(&["--rates", "0.05:0.15:0.05", "--format", "csv"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "offered,status,packet_latency,network_latency,accepted,p50,p90,p99,hops,max_channel_utilisation,cycles,error"
    );
    assert_eq!(lines.len(), 4);
    for (line, rate) in lines[1..].iter().zip(["0.05", "0.1", "0.15"]) {
        let f: Vec<&str> = line.split(',').collect();
        assert_eq!(f.len(), 12, "{line}");
        assert_eq!(f[0], rate);
        assert_eq!(f[1], "stable");
        assert!(f[2].parse::<f64>().is_ok_and(|x| x > 10.0), "{line}");
    }
}

#[test]
fn rates_take_ranges_and_lists() {
    let range = json(&["--rates", "0.1:0.3:0.1"]);
    assert_eq!(offered(&range), [0.1, 0.2, 0.3]);
    let list = json(&["--rates", "0.3, 0.05"]);
    assert_eq!(offered(&list), [0.3, 0.05]);
}

#[test]
fn a_bad_parameter_is_named() {
    // One grammar for the loads (core's parse_rates): a comma list is held to the same
    // 1,000 points as a range.
    let many_loads = vec!["0.1"; 1001].join(",");
    let cases: &[(&[&str], &str)] = &[
        (&["--num-vcs", "0"], "num_vcs = 0: give 1 to 64"),
        // Every field out of range at once.
        (
            &["--num-vcs", "0", "--packet-size", "0"],
            "num_vcs = 0: give 1 to 64; packet_size = 0: give 1 to",
        ),
        (&["--vc-buf-size", "0"], "vc_buf_size = 0: give 1 to 65536"),
        (&["--rates", "0.5:0.1:0.1"], "--rates: '0.5:0.1:0.1'"),
        (
            &["--rates", "1.5"],
            "--rates: load 1.5 in '1.5' is out of range",
        ),
        (&["--rates", "0.1:0.9:0"], "FROM:TO:STEP"),
        (&["--rates", &many_loads], "gives 1001 loads; at most 1000"),
        (&["--rates", "0.1:0.9:0.0001"], "more than 1000 loads"),
        (&["-t", "hotspot()"], "'hotspot()' names no endpoint"),
        // A number past u32 is said as typed, not clamped to 4294967295 and then called
        // an endpoint beyond the network.
        (
            &["-t", "hotspot(99999999999)"],
            "99999999999 is too large (at most 4294967295)",
        ),
        (
            &["--global-latency", "50"],
            "mesh:k=3x3 has no global channels",
        ),
        (&["-t", "bitrev", "--rates", "0.1"], "power-of-two"),
        (&["-r", "nosuch"], "'nosuch' is not a routing of mesh:k=3x3"),
    ];
    for &(extra, want) in cases {
        let mut args = vec!["sim", "mesh:k=3x3"];
        args.extend_from_slice(extra);
        let (code, out, err) = icn(&args);
        assert_ne!(code, 0, "{args:?}");
        assert!(out.is_empty(), "{args:?}");
        assert!(err.contains(want), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    }
}

#[test]
fn the_same_seed_gives_the_same_numbers() {
    let args = ["--rates", "0.2,0.3", "--seed", "7", "--threads", "1"];
    assert_eq!(sim(&args), sim(&args));
    let other = json(&["--rates", "0.2,0.3", "--seed", "8", "--threads", "1"]);
    let first = json(&args);
    assert_ne!(
        first["points"][0]["packet_latency"],
        other["points"][0]["packet_latency"]
    );
}

#[test]
fn parallel_points_equal_serial_ones() {
    let rates = ["--rates", "0.1:0.4:0.1", "--format", "csv"];
    let serial = sim(&[&rates[..], &["--threads", "1"]].concat());
    let parallel = sim(&[&rates[..], &["--threads", "3"]].concat());
    assert_eq!(serial, parallel);
}

/// BookSim2's own src/examples/torus88 runs unchanged with BookSim2's default allocators
/// (islip, written in the report's router); `--keys` chooses them for a run without a file.
#[test]
fn booksim2s_torus88_example_runs_with_its_islip_allocators() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/booksim/configs");
    let cfg = format!("{dir}/torus88_example.cfg");
    let (code, out, err) = icn(&["sim", "--config", &cfg, "--threads", "1"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).expect("valid JSON");
    assert_eq!(v["router"]["vc_allocator"]["kind"], "islip");
    assert_eq!(v["router"]["sw_allocator"]["kind"], "islip");
    // Its one injection_rate, 0.15, is swept up to in five loads.
    assert_eq!(v["points"].as_array().map(Vec::len), Some(5));
    let keys = "vc_allocator = pim(2); sw_allocator = wavefront";
    let args = ["sim", "mesh:k=4x4", "--rates", "0.1", "--keys", keys];
    let (code, out, err) = icn(&args);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).expect("valid JSON");
    assert_eq!(v["router"]["vc_allocator"]["kind"], "pim");
    assert_eq!(v["router"]["vc_allocator"]["iters"], 2);
    assert_eq!(v["router"]["sw_allocator"]["kind"], "wavefront");
    // Without them, the report names no allocator: separable input-first.
    let (_, out, _) = icn(&["sim", "mesh:k=4x4", "--rates", "0.1"]);
    assert!(!out.contains("vc_allocator"));
}

/// Issue 37: BookSim2's own src/examples/singleconfig (`topology = fly; k = 10; n = 1;`, a
/// 10×10 crossbar) runs unchanged: its one rate, 1.0, swept up to in five loads, the last
/// past saturation; the fastest packet takes 6 cycles, BookSim2's minimum (4 a router with
/// routing_delay = 0, and 2 for the injection channel and the source's cycle).
#[test]
fn booksim2s_singleconfig_example_runs_unchanged() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/booksim/configs");
    let cfg = format!("{dir}/fly_example.cfg");
    let (code, out, err) = icn(&["sim", "--config", &cfg, "--threads", "1"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).expect("valid JSON");
    assert_eq!(v["spec"], "butterfly:k=10,n=1");
    assert_eq!(v["routing"], "desttag");
    assert_eq!(
        (v["routers"].as_u64(), v["endpoints"].as_u64()),
        (Some(1), Some(10))
    );
    let points = v["points"].as_array().expect("points");
    let rates: Vec<f64> = points
        .iter()
        .map(|p| p["rate"].as_f64().unwrap_or(0.0))
        .collect();
    assert_eq!(rates, [0.2, 0.4, 0.6, 0.8, 1.0]);
    assert_eq!(points[0]["status"], "stable");
    assert_eq!(points[0]["packet_latency_min"], 6.0);
    assert_eq!(points[4]["status"], "saturated");
}

/// `--config FILE`: a BookSim2 configuration (its anynet network file read beside it) runs
/// as the matching `icn sim` command does.
#[test]
fn a_booksim_configuration_runs_as_its_icn_command() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/booksim/configs");
    let cfg = format!("{dir}/slimfly5.cfg");
    let (code, out, err) = icn(&["sim", "--config", &cfg, "--rates", "0.1", "--threads", "1"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).expect("valid JSON");
    assert_eq!(v["routing"], "table");
    assert_eq!(v["scheme"], "one");
    assert_eq!(
        (v["routers"].as_u64(), v["endpoints"].as_u64()),
        (Some(50), Some(100))
    );
    assert_eq!(v["router"]["num_vcs"], 2);
    assert_eq!(v["seed"], 0);
    let same = icn(&[
        "sim",
        "slimfly:q=5,p=2",
        "-r",
        "table",
        "--scheme",
        "one",
        "--num-vcs",
        "2",
        "--seed",
        "0",
        "--rates",
        "0.1",
    ]);
    let w: Value = serde_json::from_str(&same.1).expect("valid JSON");
    let lat = |x: &Value| x["points"][0]["packet_latency"].as_f64().expect("latency");
    assert!(
        (lat(&v) - lat(&w)).abs() / lat(&w) < 0.03,
        "{} {}",
        lat(&v),
        lat(&w)
    );
    // An unmodelled key is named with its line.
    let bad = std::env::temp_dir().join(format!("icn-sim-{}.cfg", std::process::id()));
    std::fs::write(&bad, "topology = mesh;\nk = 4;\nspeculative = 1;\n").expect("written");
    let (code, out, err) = icn(&["sim", "--config", &bad.to_string_lossy()]);
    let _ = std::fs::remove_file(&bad);
    assert_ne!(code, 0);
    assert!(out.is_empty());
    assert!(
        err.contains("line 3: speculative = 1: not modelled"),
        "{err}"
    );
}

/// `--keys`: the other BookSim2 keys (the simulation view's field) set what the flags set,
/// and win over them; a flag beside `--config` is refused rather than ignored.
#[test]
fn other_keys_are_the_flags_in_booksim_syntax() {
    let rates = ["--rates", "0.2", "--threads", "1", "--format", "csv"];
    let by_flags = sim(&[
        &[
            "--routing-delay",
            "0",
            "--credit-delay",
            "2",
            "--max-samples",
            "8",
        ][..],
        &rates[..],
    ]
    .concat());
    let by_keys = sim(&[
        &[
            "--keys",
            "routing_delay = 0; credit_delay = 2; max_samples = 8",
        ][..],
        &rates[..],
    ]
    .concat());
    assert_eq!(by_flags, by_keys);
    // The keys win over a flag; the defaults give other numbers.
    let over = sim(&[
        &[
            "--credit-delay",
            "5",
            "--keys",
            "credit_delay=2;routing_delay=0;max_samples=8",
        ][..],
        &rates[..],
    ]
    .concat());
    assert_eq!(over, by_keys);
    assert_ne!(sim(&rates), by_keys);
    for (keys, want) in [
        ("num_vcs = 4", "num_vcs: not one of the other keys"),
        (
            "credit_delay = soon",
            "credit_delay = soon: give a whole number",
        ),
    ] {
        let (code, out, err) = icn(&["sim", "mesh:k=3x3", "--keys", keys]);
        assert_ne!(code, 0);
        assert!(out.is_empty());
        assert!(err.contains(want), "{keys}: {err}");
    }
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/booksim/configs");
    let cfg = format!("{dir}/mesh88.cfg");
    let (code, _, err) = icn(&["sim", "--config", &cfg, "--num-vcs", "4"]);
    assert_ne!(code, 0);
    assert!(err.contains("--num-vcs"), "{err}");
}

/// `perm:D0,D1,…` from the `permutation` of an `icn throughput` document.
fn perm_arg(doc: &Value) -> String {
    let list: Vec<String> = doc["permutation"]
        .as_array()
        .expect("a permutation")
        .iter()
        .map(|d| d.to_string())
        .collect();
    format!("perm:{}", list.join(","))
}

/// A permutation given in full (`perm:…`) is the traffic a named one is: transpose written
/// out gives the same numbers. The worst case `icn throughput` finds is simulated as it is
/// written: at low load each channel carries its exact load times the rate, and past the
/// bound the point saturates (no network carries more than its busiest channel allows).
#[test]
fn a_given_permutation_is_simulated_as_written() {
    let (code, out, _) = icn(&["throughput", "mesh:k=4x4", "-r", "dor", "-t", "transpose"]);
    assert_eq!(code, 0);
    let t: Value = serde_json::from_str(&out).expect("json");
    let given = perm_arg(&t);
    let named = json(&["--traffic", "transpose", "--rates", "0.2"]);
    let written = json(&["--traffic", &given, "--rates", "0.2"]);
    assert_eq!(named["points"], written["points"]);

    let (code, out, _) = icn(&[
        "throughput",
        "mesh:k=4x4",
        "-r",
        "dor",
        "-t",
        "worst",
        "--channels",
    ]);
    assert_eq!(code, 0);
    let w: Value = serde_json::from_str(&out).expect("json");
    let bound = w["throughput"].as_f64().expect("bound");
    // Four flows merge on one channel of a 4×4 mesh under dimension order at most: 1/3.
    assert_eq!(w["throughput_fraction"], "1/3");
    let given = perm_arg(&w);
    let low = json(&["--traffic", &given, "--rates", "0.1", "--channels"]);
    let busiest = low["points"][0]["max_channel_utilisation"]
        .as_f64()
        .expect("use");
    let exact = w["max_channel_load"].as_f64().expect("load") * 0.1;
    // A sampled utilisation over short samples (200 cycles here): within 15 %.
    assert!(
        (busiest - exact).abs() < 0.15 * exact,
        "{busiest} against {exact}"
    );
    let past = format!("{:.4}", bound * 1.25);
    // BookSim2's own protocol (its sample period): latency grows past the bound.
    let (code, out, err) = icn(&[
        "sim",
        "mesh:k=4x4",
        "-r",
        "dor",
        "--num-vcs",
        "2",
        "--traffic",
        &given,
        "--rates",
        &past,
    ]);
    assert_eq!(code, 0, "{err}");
    let high: Value = serde_json::from_str(&out).expect("json");
    assert_eq!(high["points"][0]["status"], "saturated");
    let (code, _, err) = icn(&["sim", "mesh:k=4x4", "--traffic", "perm:0,0"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("not a permutation of the 16 endpoints"),
        "{err}"
    );
}

/// Issue 37: a file in BookSim2's batch mode runs once (the injection rate is not read,
/// so `--rates` is refused): mesh88_batch5's five deterministic batches take BookSim2's
/// 2,154 cycles each, in the JSON and in the CSV's batch columns.
#[test]
fn a_batch_mode_file_runs_once_and_reports_its_batches() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/booksim/configs");
    let cfg = format!("{dir}/mesh88_batch5.cfg");
    let (code, out, err) = icn(&["sim", "--config", &cfg]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("sim_type = batch: 5 batches of 200 packets per endpoint, one run"));
    let v: Value = serde_json::from_str(&out).expect("valid JSON");
    assert_eq!(v["protocol"]["batch"]["size"], 200);
    assert!(v["saturation_throughput"].is_null());
    let points = v["points"].as_array().expect("points");
    assert_eq!(points.len(), 1);
    let batch = &points[0]["batch"];
    assert_eq!(
        batch["durations"],
        serde_json::json!([2154, 2154, 2154, 2154, 2154])
    );
    assert_eq!(batch["average_duration"], 2154.0);
    let (code, out, err) = icn(&["sim", "--config", &cfg, "--format", "csv"]);
    assert_eq!(code, 0, "{err}");
    let mut lines = out.lines();
    let header = lines.next().expect("a header");
    assert!(header.ends_with(
        ",cycles,batches,batch_duration_min,batch_duration_average,batch_duration_max,error"
    ));
    let row = lines.next().expect("a row");
    assert!(row.ends_with(",10770,5,2154,2154.0000,2154,"), "{row}");
    let (code, _, err) = icn(&["sim", "--config", &cfg, "--rates", "0.1,0.2"]);
    assert_eq!(code, 2);
    assert!(err.contains("does not read the injection rate"), "{err}");
}
