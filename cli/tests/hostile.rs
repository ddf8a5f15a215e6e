//! Issue 18's reproductions, one test each, named after it: hostile or careless input
//! gets a correct result or a clean refusal (exit 2, one line, the estimate), never an
//! abort, a stall, a silent omission or lost output. Every run is under a 4 GB address
//! space cap, so a regression aborts here instead of eating the machine.

mod support;

use std::io::Read;
use std::process::{Command, Stdio};

use serde_json::Value;
use support::outcome;

/// The address space `icn` gets in these tests (KiB, as `ulimit -v` reads it).
const CAP_KIB: &str = "4000000";

/// `icn` under the memory cap.
fn capped(args: &[&str]) -> Command {
    let mut c = Command::new("sh");
    c.arg("-c")
        .arg(format!("ulimit -v {CAP_KIB}; exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_icn"))
        .args(args);
    c
}

/// Exit status, stdout, stderr.
fn icn(args: &[&str]) -> (i32, String, String) {
    outcome(capped(args).output().expect("icn runs"))
}

fn json(args: &[&str]) -> Value {
    let (code, out, err) = icn(args);
    assert_eq!(code, 0, "icn {args:?} failed: {err}");
    serde_json::from_str(&out).expect("valid JSON")
}

/// A clean refusal: exit 2, nothing on stdout, one line on stderr; the line.
fn refused(args: &[&str]) -> String {
    let (code, out, err) = icn(args);
    assert_eq!(code, 2, "icn {args:?}: {out} {err}");
    assert!(out.is_empty(), "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("icn: error: "), "{err}");
    err
}

/// A refusal by the cost guard: the estimate, and the ways further.
fn refused_with_estimate(args: &[&str]) -> String {
    let err = refused(args);
    assert!(err.contains("would take about"), "{err}");
    assert!(err.contains("MiB"), "{err}");
    assert!(err.contains("--force"), "{err}");
    err
}

// 1. Out-of-memory paths refused before allocation.

/// The route guard built D3(300000000, 1)'s 3·10⁸-entry neighbour list first: now the
/// one-hop l-g-l route is answered, and `minimal` (a neighbour scan per hop) refused.
#[test]
fn route_d3_k300000000_m1() {
    let spec = "d3:k=300000000,m=1";
    let v = json(&["route", spec, "(0,0,0)", "(1,0,0)"]);
    assert_eq!(
        (v["distance"].as_u64(), v["path_count"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(v["paths"][0], serde_json::json!(["(0,0,0)", "(1,0,0)"]));
    let err = refused_with_estimate(&["route", spec, "(0,0,0)", "(1,0,0)", "-s", "minimal"]);
    assert!(err.contains("smaller network"), "{err}");
}

#[test]
fn route_d3_k300000000_m1_glgl_direct() {
    let v = json(&[
        "route",
        "d3:k=300000000,m=1",
        "(0,0,0)",
        "(1,0,0)",
        "--strategy",
        "glgl-direct",
    ]);
    assert_eq!(v["paths"][0], serde_json::json!(["(0,0,0)", "(1,0,0)"]));
}

#[test]
fn export_d3_k300000000_m1() {
    refused_with_estimate(&["export", "d3:k=300000000,m=1"]);
}

#[test]
fn export_mdf_k2147483647_m1() {
    refused_with_estimate(&["export", "mdf:k=2147483647,m=1"]);
    refused_with_estimate(&["export", "mdf:k=2147483647,m=1", "--format", "anynet"]);
}

/// Any network over 2^30 nodes: its edge list alone is hundreds of gigabytes.
#[test]
fn export_over_2_30_nodes() {
    for spec in ["hypercube:n=31", "hypercube:n=30"] {
        for format in ["edgelist", "nodes", "anynet"] {
            // By its steps, or (each format estimated on its own) by the text it writes.
            let err = refused(&["export", spec, "--format", format]);
            assert!(
                err.contains("would take about") || err.contains("would write about"),
                "{err}"
            );
            assert!(err.contains("--force"), "{err}");
        }
    }
    // Within the step budget, but 2^32 links of 22 bytes: 88 GiB of edge list.
    for spec in ["torus:k=65536x32768", "mesh:k=65536x32768"] {
        let err = refused(&["export", spec]);
        assert!(err.contains("would write about 8"), "{err}");
        assert!(err.contains("GiB"), "{err}");
        assert!(err.contains("--force"), "{err}");
    }
}

/// 65536 · 181 = 11.9 M deflection paths: refused before they are listed.
#[test]
fn route_deflect_all_d3_k65536_m181() {
    let err = refused_with_estimate(&[
        "route",
        "d3:k=65536,m=181",
        "(0,0,0)",
        "(65535,180,179)",
        "--deflect",
        "all",
    ]);
    assert!(err.contains("deflection paths"), "{err}");
    // One cabinet's 181 paths are listed.
    let v = json(&[
        "route",
        "d3:k=65536,m=181",
        "(0,0,0)",
        "(65535,180,179)",
        "--deflect",
        "7",
    ]);
    assert_eq!(v["deflection"]["paths"].as_array().map(Vec::len), Some(181));
}

/// The K×K port table of 20,000 cabinets was built before its guard.
#[test]
fn table_d3_subnetwork_20000_cabinets() {
    let kappa: Vec<String> = (0..20_000).map(|c| c.to_string()).collect();
    let err = refused(&[
        "table",
        "d3-subnetwork",
        "--n",
        "20000",
        "--kappa",
        &kappa.join(","),
    ]);
    assert!(err.contains("20000 cabinets"), "{err}");
    assert!(err.contains("fewer cabinets"), "{err}");
}

// 2. Guards that use what they know.

/// A one-path route with --limit 10^9 was refused at "213623 MiB".
#[test]
fn route_d3_k3_m4_limit_1000000000_is_one_path() {
    let v = json(&[
        "route",
        "d3:k=3,m=4",
        "(0,1,2)",
        "(2,3,0)",
        "--limit",
        "1000000000",
    ]);
    assert_eq!(v["path_count"], 1);
    assert_eq!(v["listed"], 1);
    assert_eq!(v["truncated"], false);
}

/// A one-hop route took 2 s and 765 MB to be refused.
#[test]
fn route_one_hop_d3_k100000000_m1() {
    let v = json(&["route", "d3:k=100000000,m=1", "(0,0,0)", "(1,0,0)"]);
    assert_eq!(v["distance"], 1);
}

/// D3's `minimal` at 2^31 routers: the few minimal paths are counted, not refused at
/// the whole network's estimate.
#[test]
fn route_d3_minimal_at_2_31_routers() {
    let v = json(&[
        "route",
        "d3:k=2,m=32768",
        "(0,1,2)",
        "(1,3,0)",
        "--strategy",
        "minimal",
    ]);
    assert_eq!(v["distance"], 3);
    assert_eq!(v["path_count"], 1);
}

// 3. Unbounded runs: an estimate, a refusal past the budget, progress when long.

#[test]
fn simulate_max_events_past_the_budget() {
    let err = refused_with_estimate(&[
        "simulate",
        "hypercycle:m=5x4x3,rho=2x1x1",
        "--max-events",
        "100000000000000",
    ]);
    assert!(err.contains("--max-events"), "{err}");
}

/// A transmission of one tick: every point runs to its event cap, flagged saturated.
#[test]
fn simulate_transmission_1() {
    let v = json(&[
        "simulate",
        "hypercube:n=4",
        "--transmission",
        "1",
        "--loads",
        "0.5",
        "--policies",
        "backtrack",
        "--max-events",
        "200000",
    ]);
    let p = &v["points"][0];
    assert!(p["events"].as_u64() <= Some(200_000), "{p}");
}

/// A hop of 10^12 ticks: no circuit is set up in the window; the point ends at its cap
/// and says so (censored requests, saturated), with finite numbers.
#[test]
fn simulate_hop_1000000000000() {
    let (code, out, _) = icn(&[
        "simulate",
        "hypercube:n=4",
        "--hop",
        "1000000000000",
        "--warmup",
        "0",
        "--loads",
        "0.5",
        "--policies",
        "backtrack",
        "--max-events",
        "200000",
    ]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).expect("JSON");
    let p = &v["points"][0];
    assert_eq!(p["saturated"], true, "{p}");
    assert_eq!(p["established"], 0, "{p}");
    assert!(p["censored"].as_u64() > Some(0), "{p}");
    assert!(p["mean_delay"].as_f64().is_some_and(f64::is_finite), "{p}");
}

/// docs/cli.md called D3(9,16)'s all-to-all allowed; listed step by step it is 1.6·10⁷
/// channel uses (5 GB of JSON in memory): refused with the estimate and --summary.
#[test]
fn schedule_d3_k9_m16_all_to_all() {
    let err = refused(&["schedule", "d3:k=9,m=16", "all-to-all"]);
    assert!(err.contains("15925248 channel uses"), "{err}");
    assert!(err.contains("--summary"), "{err}");
    assert!(err.contains("MiB"), "{err}");
}

/// info was slow where metrics was fast: D3's degrees are a closed form, not a scan of
/// 4.2 M routers' neighbours (checked against a scan in core's tests).
#[test]
fn info_d3_k16_m512() {
    let v = json(&["info", "d3:k=16,m=512"]);
    assert_eq!(
        (v["min_degree"].as_u64(), v["max_degree"].as_u64()),
        (Some(526), Some(527))
    );
}

#[test]
fn info_lens_p31_q4_n3() {
    // 32,967 nodes: the bit-parallel search, well under a second in a release build.
    let v = json(&["info", "lens:p=31,q=4,n=3"]);
    assert_eq!(
        (v["nodes"].as_u64(), v["terminals"].as_u64()),
        (Some(32_967), Some(29_970))
    );
    // Every ordered pair of processors counted once.
    let pairs: u64 = v["hops"]["distance_distribution"]
        .as_array()
        .expect("counts")
        .iter()
        .filter_map(Value::as_u64)
        .sum();
    assert_eq!(pairs, 29_970 * 29_969);
}

// 4. Wrong results.

/// `--limit 0` lists nothing but still reports the distance, in every family.
#[test]
fn route_limit_0_reports_the_distance() {
    let families = json(&["families"]);
    for f in families.as_array().expect("a list") {
        let spec = f["example"].as_str().expect("spec");
        let (a, b) = (
            f["example_route"][0].as_str().expect("from"),
            f["example_route"][1].as_str().expect("to"),
        );
        let none = json(&["route", spec, a, b, "--limit", "0"]);
        let all = json(&["route", spec, a, b]);
        assert_eq!(none["distance"], all["distance"], "{spec}");
        assert!(none["distance"].as_u64() > Some(0), "{spec}");
        assert_eq!(none["listed"], 0, "{spec}");
    }
}

/// `completed=0` built the completed lens: a flag given a value is an error.
#[test]
fn lens_completed_flag_with_a_value() {
    for value in ["0", "false", "no", "1"] {
        let spec = format!("lens:p=4,q=4,n=3,completed={value}");
        let err = refused(&["info", &spec]);
        assert!(err.contains("is a flag and takes no value"), "{err}");
    }
    let v = json(&["info", "lens:p=4,q=4,n=3,completed"]);
    assert_eq!(v["spec"], "lens:p=4,q=4,n=3,completed");
}

/// The first arrival was simulated even beyond a one-tick window (carried load 3.125).
#[test]
fn simulate_arrival_outside_the_window() {
    let (code, out, err) = icn(&[
        "simulate",
        "hypercube:n=4",
        "--policies",
        "backtrack",
        "--loads",
        "0.1",
        "--warmup",
        "0",
        "--ticks",
        "1",
        "--seed",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).expect("JSON");
    let p = &v["points"][0];
    assert_eq!(p["measured"], 0, "{p}");
    assert_eq!(p["carried_load"], 0.0, "{p}");
    assert_eq!(p["mean_delay"], Value::Null, "{p}");
    assert!(err.contains("no request was measured"), "{err}");
}

/// `--loads 1e-308` gave a NaN mean delay.
#[test]
fn simulate_loads_1e_308() {
    let (code, out, err) = icn(&["simulate", "hypercube:n=4", "--loads", "1e-308"]);
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("NaN"), "{out}");
    let v: Value = serde_json::from_str(&out).expect("JSON");
    for p in v["points"].as_array().expect("points") {
        assert_eq!(p["measured"], 0, "{p}");
        assert_eq!(p["mean_delay_ticks"], Value::Null, "{p}");
    }
    assert!(
        err.contains("at load 1e-308: no request was measured"),
        "{err}"
    );
}

/// `--max-events 1` reported a mean delay of 0.0 from zero requests.
#[test]
fn simulate_max_events_1() {
    let (code, out, err) = icn(&["simulate", "hypercube:n=4", "--max-events", "1"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).expect("JSON");
    for p in v["points"].as_array().expect("points") {
        assert_eq!(p["saturated"], true, "{p}");
        assert_eq!(p["mean_delay"], Value::Null, "{p}");
        assert_eq!(p["mean_attempts"], Value::Null, "{p}");
    }
    assert!(err.contains("hit --max-events"), "{err}");
    let (_, csv, _) = icn(&[
        "simulate",
        "hypercube:n=4",
        "--max-events",
        "1",
        "--format",
        "csv",
    ]);
    assert!(
        csv.lines().nth(1).is_some_and(|l| l.contains(",,")),
        "{csv}"
    );
}

/// `--transmission 4611686018427387904` gave a carried load of 7.2·10¹³: a channel
/// carries at most the whole window.
#[test]
fn simulate_transmission_4611686018427387904() {
    let v = json(&[
        "simulate",
        "hypercube:n=4",
        "--transmission",
        "4611686018427387904",
        "--loads",
        "2",
    ]);
    for p in v["points"].as_array().expect("points") {
        let carried = p["carried_load"].as_f64().expect("a number");
        assert!((0.0..=1.0).contains(&carried), "{p}");
    }
}

// 5. Lost output.

#[test]
fn papers_record_to_dev_full() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let out = capped(&["papers", "--record"])
        .stdout(full)
        .output()
        .expect("icn runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("No space left"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// `icn export hypercube:n=16 | head -c 10`: the reader leaves; icn ends quietly with
/// a shell's SIGPIPE status (141), stdout and stderr on the same closed pipe too.
#[test]
fn export_into_a_closed_pipe() {
    for shared in [false, true] {
        let mut c = capped(&["export", "hypercube:n=16"]);
        c.stdout(Stdio::piped());
        c.stderr(if shared {
            Stdio::null()
        } else {
            Stdio::piped()
        });
        let mut child = c.spawn().expect("icn runs");
        let mut stdout = child.stdout.take().expect("stdout");
        let mut head = [0u8; 10];
        stdout.read_exact(&mut head).expect("10 bytes");
        drop(stdout);
        let mut err = String::new();
        if let Some(mut e) = child.stderr.take() {
            e.read_to_string(&mut err).expect("stderr");
        }
        let status = child.wait().expect("icn ends");
        assert_eq!(status.code(), Some(141), "{err}");
        assert!(err.is_empty(), "{err}");
        assert_eq!(&head, b"0 1\n0 2\n0 ");
    }
}

// 6. Silently ignored input is an error.

#[test]
fn chart_density_t_foo_s_foo() {
    let err = refused(&["chart", "density", "-t", "foo", "-s", "foo"]);
    assert!(err.contains("chart 'density' takes no -t"), "{err}");
    let err = refused(&["chart", "density", "-s", "foo"]);
    assert!(err.contains("takes no --strategy"), "{err}");
    let err = refused(&["chart", "hc-loads", "--seed", "3"]);
    assert!(err.contains("takes no --seed"), "{err}");
}

#[test]
fn chart_levels_n_18446744073709551615() {
    let err = refused(&["chart", "levels", "-n", "18446744073709551615"]);
    assert!(err.contains("chart 'levels' takes no -n"), "{err}");
}

#[test]
fn route_header_format_csv() {
    for extra in [["--header", ""], ["--glgl", ""], ["--deflect", "1"]] {
        let mut args = vec![
            "route",
            "d3:k=3,m=4",
            "(0,1,2)",
            "(2,3,0)",
            "--format",
            "csv",
        ];
        args.extend(extra.iter().filter(|a| !a.is_empty()));
        let err = refused(&args);
        assert!(err.contains("the CSV lists the paths only"), "{err}");
    }
}

#[test]
fn papers_item_kyklos_spans_paper_d2() {
    let err = refused(&["papers", "--item", "kyklos-spans", "--paper", "d2"]);
    assert!(
        err.contains("item 'kyklos-spans' is not of paper 'd2'"),
        "{err}"
    );
}

/// `--routing minimal,minimal,…` computed the same loads 1000 times.
#[test]
fn loads_routing_repeated() {
    let many = vec!["minimal"; 1000].join(",");
    let err = refused(&["loads", "hypercube:n=4", "--routing", &many]);
    assert!(err.contains("names 'minimal' twice"), "{err}");
}

/// docs/specs.md says parsing is strict, but specs were trimmed.
#[test]
fn spec_with_surrounding_whitespace() {
    for spec in [
        " hypercube:n=3",
        "hypercube:n=3 ",
        "hypercube:n=3\n",
        "\thypercube:n=3",
    ] {
        let err = refused(&["info", spec]);
        assert!(err.contains("a spec has no spaces"), "{err}");
    }
}

// 7. Misleading messages.

#[test]
fn spec_hypercube_colon() {
    let err = refused(&["info", "hypercube:"]);
    assert!(
        err.contains("unexpected character ':' at position 10"),
        "{err}"
    );
    assert!(err.contains("nothing follows ':'"), "{err}");
    assert!(!err.contains("','"), "{err}");
}

#[test]
fn spec_hypercube_equals_3() {
    let err = refused(&["info", "hypercube:=3"]);
    assert!(
        err.contains("unexpected character '=' at position 11"),
        "{err}"
    );
    assert!(!err.contains("' '"), "{err}");
    let err = refused(&["info", "hypercube:n="]);
    assert!(err.contains("a value follows '='"), "{err}");
    assert!(!err.contains("has no '='"), "{err}");
}

/// KYKLOS addresses: a number out of range says so; a leading zero or a missing '>'
/// is no "bad digit".
#[test]
fn kyklos_address_64_and_friends() {
    let spec = "kyklos2:m=2,r=2,n=6,shuffle=proposed";
    let err = refused(&["route", spec, "64", "0"]);
    assert!(err.contains("L-node 64 is out of range: 0-63"), "{err}");
    let err = refused(&["route", spec, "064", "0"]);
    assert!(err.contains("leading zero"), "{err}");
    let err = refused(&["route", spec, "<0,1,0", "0"]);
    assert!(err.contains("ends with '>'"), "{err}");
    for err in [
        refused(&["route", spec, "064", "0"]),
        refused(&["route", spec, "<0,1,0", "0"]),
    ] {
        assert!(!err.contains("is not a digit"), "{err}");
    }
}

/// `--choice class1:99` said "region number 98".
#[test]
fn walkthrough_choice_class1_99() {
    let err = refused(&[
        "walkthrough",
        "lens:p=4,q=4,n=10,completed",
        "021.0212012",
        "0110010.212",
        "--choice",
        "class1:99",
    ]);
    assert!(err.contains("no region number 99"), "{err}");
    assert!(err.contains("class1:1 to class1:"), "{err}");
}

/// "choose FourStep" named an internal type.
#[test]
fn walkthrough_class_on_the_uncompleted_lens() {
    let err = refused(&[
        "walkthrough",
        "lens:p=4,q=4,n=3",
        "02.1",
        "1.20",
        "--choice",
        "class2",
    ]);
    assert!(!err.contains("FourStep"), "{err}");
    assert!(
        err.contains("choose shortest, paper, left or right"),
        "{err}"
    );
}

/// The u128 maximum was shown as if it were the node count.
#[test]
fn lens_p3_n65_node_count() {
    let err = refused(&["info", "lens:p=3,n=65"]);
    assert!(err.contains("more than 2^128 nodes"), "{err}");
    assert!(
        !err.contains("340282366920938463463374607431768211455"),
        "{err}"
    );
}

/// Raw newlines and escape sequences from the input reached the terminal.
#[test]
fn control_characters_are_escaped() {
    let err = refused(&["info", "hyper\u{1b}[31mcube\n:n=3"]);
    assert!(err.contains("hyper\\u{1b}[31mcube\\n:n=3"), "{err}");
    let err = refused(&["route", "hypercube:n=3", "0\n00", "111"]);
    assert!(err.contains("0\\n00"), "{err}");
    // clap's own messages too.
    let (code, _, err) = icn(&["fo\u{1b}o\nx"]);
    assert_eq!(code, 2);
    assert!(err.contains("fo\\u{1b}o\\nx"), "{err}");
    assert!(!err.contains('\u{1b}'), "{err}");
}

/// Found by the property tests: a measurement window of 1 + (2⁶⁴ − 1) ticks overflowed
/// its end (a panic in a debug build, a wrapped window in a release one). It ends where
/// u64 ends, and the point is computed.
#[test]
fn simulate_window_at_the_end_of_u64() {
    let (code, out, err) = icn(&[
        "simulate",
        "hypercube:n=1",
        "--loads",
        "1e-308",
        "--policies",
        "backtrack",
        "--ticks",
        "18446744073709551615",
        "--warmup",
        "1",
        "--transmission",
        "1",
        "--hop",
        "1",
        "--max-events",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["points"].as_array().map(Vec::len), Some(1));
}

/// Long loads report progress on stderr as their passes end (issue 18), in the style of
/// `icn export`: the estimate once, then percentages. `ICN_PROGRESS_AFTER=0` makes every
/// pass due, so a small network shows it: Jellyfish(300, 5) has no symmetry, so its
/// minimal loads take ⌈300 / 64⌉ = 5 batches of the bit-parallel engine; the KYKLOS
/// network under Y-2 with r = 3 keeps every destination (one pass per L-node).
#[test]
fn metrics_loads_report_progress() {
    for (spec, strategy, passes) in [
        ("jellyfish:n=300,r=5,seed=7", "minimal", 5),
        ("kyklos2:m=2,r=3,n=6,shuffle=proposed", "y2", 64),
    ] {
        let (code, out, err) = outcome(
            std::process::Command::new(env!("CARGO_BIN_EXE_icn"))
                .args(["--force", "metrics", spec, "--strategy", strategy])
                .env("ICN_PROGRESS_AFTER", "0")
                .output()
                .expect("icn runs"),
        );
        assert_eq!(code, 0, "{spec}: {err}");
        assert!(
            err.contains("icn: metrics: loads: estimated at most"),
            "{spec}: {err}"
        );
        let last = format!("icn: metrics: loads: 100%: {passes} of {passes} passes");
        assert!(err.contains(&last), "{spec}: {err}");
        let v: Value = serde_json::from_str(&out).expect("JSON");
        assert!(v["loads"]["max_channel_load"].as_f64() > Some(0.0), "{v}");
    }
    // Without the variable, a short run stays quiet.
    let (_, _, err) = icn(&["metrics", "jellyfish:n=300,r=5,seed=7", "-s", "minimal"]);
    assert!(!err.contains("icn: metrics: loads:"), "{err}");
}

// Issue 36: `icn sim` estimates before it allocates.

/// A refusal by the simulator's guard: the estimate in router-cycles and memory, and the
/// ways further.
fn sim_refused(args: &[&str]) -> String {
    let err = refused(args);
    assert!(err.contains("would take about"), "{err}");
    assert!(err.contains("router-cycles"), "{err}");
    assert!(err.contains("GiB") || err.contains("MiB"), "{err}");
    assert!(err.contains("--force"), "{err}");
    err
}

/// Aborted in 1.8 s allocating 4,023,386,112 bytes (the input VCs) on one thread: now
/// refused by its estimate, numbers written for people.
#[test]
fn sim_mesh_k1024x1024_threads_1() {
    let err = sim_refused(&[
        "sim",
        "mesh:k=1024x1024",
        "--rates",
        "0.1",
        "--threads",
        "1",
    ]);
    assert!(err.contains("1.0·10⁶ routers"), "{err}");
    assert!(err.contains("smaller network"), "{err}");
}

/// Asked for 32 GB: refused by its memory estimate (hundreds of GiB at capacity).
#[test]
fn sim_torus_k2048x1024_num_vcs_64() {
    let err = sim_refused(&[
        "sim",
        "torus:k=2048x1024",
        "--num-vcs",
        "64",
        "--rates",
        "0.1",
    ]);
    assert!(err.contains("GiB per thread"), "{err}");
}

/// Ran for days and printed nothing: its cycle bound (3·10¹⁰ cycles on 256 routers) is
/// refused at once.
#[test]
fn sim_mesh_k16x16_sample_period_10000000_max_samples_1000() {
    let err = sim_refused(&[
        "sim",
        "mesh:k=16x16",
        "--rates",
        "0.9",
        "--sample-period",
        "10000000",
        "--max-samples",
        "1000",
    ]);
    assert!(err.contains("at most 3.0·10¹⁰ cycles"), "{err}");
    assert!(err.contains("--sample-period"), "{err}");
}

/// Every thread holds its own simulator: threads asked for beyond the memory budget are
/// refused with the number that fits (each about 2 GiB: 64 VCs of 32 flits on a 64 × 64
/// mesh's 20,224 ports).
#[test]
fn sim_threads_beyond_the_memory_budget() {
    let err = refused(&[
        "sim",
        "mesh:k=64x64",
        "--num-vcs",
        "64",
        "--vc-buf-size",
        "32",
        "--rates",
        "0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8",
        "--threads",
        "8",
    ]);
    assert!(
        err.contains("--threads 8: each thread holds its own simulator"),
        "{err}"
    );
    assert!(err.contains("give --threads 3 or fewer"), "{err}");
}

/// mesh:k=512x512 took 1.4 GB a thread, every thread building its own simulator, and its
/// memory grew with `--threads`: refused by its estimate, which states what one thread
/// holds at buffer capacity (16 VCs of 8 flits on 1.3·10⁶ ports: 13 GiB).
#[test]
fn sim_mesh_k512x512_threads_8() {
    let err = sim_refused(&[
        "sim",
        "mesh:k=512x512",
        "--rates",
        "0.1,0.2",
        "--threads",
        "8",
    ]);
    assert!(err.contains("and 13 GiB per thread"), "{err}");
}

/// The deadlock analysis before the first point and every long point report progress on
/// stderr (`ICN_PROGRESS_AFTER=0`: at once), the estimate first; a random 3-regular graph
/// of 30 nodes under minimal routing on 2 VCs (issue 35's deadlocking page).
#[test]
fn sim_reports_the_analysis_and_each_point() {
    let (code, out, err) = outcome(
        capped(&[
            "sim",
            "jellyfish:n=30,r=3,seed=1",
            "-r",
            "minimal",
            "--num-vcs",
            "2",
            "--rates",
            "0.05",
            "--threads",
            "1",
        ])
        .env("ICN_PROGRESS_AFTER", "0")
        .output()
        .expect("icn runs"),
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("icn: sim: choosing the VC scheme: estimated at most"),
        "{err}"
    );
    assert!(
        err.contains(
            "deadlock analysis 1 of at most 2: the one scheme, 1 VC class, 0 of 30 destinations"
        ),
        "{err}"
    );
    assert!(
        err.contains("icn: sim: load 0.05: estimated at most"),
        "{err}"
    );
    assert!(err.contains("cycle 1,024 of at most"), "{err}");
    let v: Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["points"].as_array().map(Vec::len), Some(1), "{v}");
}

/// Buffers shorter than the credit round trip are flagged with the depth that covers it:
/// BookSim2's 8 flits on a Dragonfly's 100-cycle global channels (2·100 + 2 + 1 = 203).
#[test]
fn sim_short_buffers_are_flagged_with_the_fix() {
    let (code, _, err) = icn(&[
        "sim",
        "dragonfly:a=4,p=2,h=2",
        "-r",
        "minimal",
        "--num-vcs",
        "2",
        "--rates",
        "0.05",
        "--threads",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("vc_buf_size = 8 flits is shorter than the credit round trip of the 100-cycle channels (203 cycles)"),
        "{err}"
    );
    assert!(err.contains("--vc-buf-size 203"), "{err}");
    let (_, _, err) = icn(&[
        "sim",
        "mesh:k=4x4",
        "--num-vcs",
        "2",
        "--rates",
        "0.05",
        "--threads",
        "1",
    ]);
    assert!(
        !err.contains("warning"),
        "8 flits cover a mesh's 1-cycle channels: {err}"
    );
}

/// `--latency-thres` and `--keys`' thresholds take any number, as a BookSim2 file does (a
/// negative one turns its test off), but not a NaN, which turned the test off unseen.
#[test]
fn sim_thresholds_refuse_nan() {
    for args in [
        &["--latency-thres=nan"][..],
        &["--keys", "stopping_thres = nan"][..],
    ] {
        let mut all = vec!["sim", "torus:k=4x4", "--rates", "0.1"];
        all.extend(args);
        let err = refused(&all);
        assert!(
            err.to_lowercase()
                .contains("_thres = nan: give a number (a negative one turns its test off"),
            "{args:?}: {err}"
        );
    }
}

/// `--threads 0` ran on one thread unsaid: refused, with what to give.
#[test]
fn threads_zero_is_refused() {
    for command in ["sim", "deadlock"] {
        let err = refused(&[command, "torus:k=4x4", "--threads", "0"]);
        assert!(
            err.contains("give 1 or more threads (leave --threads out for every core)"),
            "{command}: {err}"
        );
    }
}
