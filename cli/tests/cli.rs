//! The `icn` binary end to end: JSON shapes, values against core, one-line errors.

mod support;

use serde_json::Value;
use support::{icn, json};

#[test]
fn route_reports_distance_count_and_paths() {
    let v = json(&["route", "hypercycle:m=5x4x3,rho=2x1x1", "000", "421"]);
    assert_eq!(v["distance"], 4);
    assert_eq!(v["path_count"], 24);
    assert_eq!(v["paths"].as_array().map(Vec::len), Some(24));
    assert_eq!(v["truncated"], false);
    // --limit 0 lists no path but keeps the distance (the 4-cube's antipodes: 4 hops, 4!
    // paths); it once reported distance 0.
    let bare = json(&["route", "hypercube:n=4", "0000", "1111", "--limit", "0"]);
    assert_eq!(
        (
            &bare["distance"],
            &bare["path_count"],
            bare["paths"].as_array().map(Vec::len)
        ),
        (&4.into(), &24.into(), Some(0))
    );
    assert_eq!(v["hypercycle"]["greedy_paths"], 12);
    let first = &v["paths"][0];
    assert_eq!(first[0], "000");
    assert_eq!(first[4], "421");
}

#[test]
fn route_limit_strategy_and_csv() {
    let v = json(&["route", "hypercube:n=6", "000000", "101101", "--limit", "5"]);
    assert_eq!(v["path_count"], 24); // 4! orders of the four differing bits
    assert_eq!(v["listed"], 5);
    assert_eq!(v["truncated"], true);
    let e = json(&["route", "hypercube:n=6", "000000", "101101", "-s", "ecube"]);
    assert_eq!(e["path_count"], 1);
    assert_eq!(e["paths"][0][1], "000001"); // e-cube fixes the last digit first
    let (code, csv, _) = icn(&["route", "hypercube:n=3", "000", "011", "--format", "csv"]);
    assert_eq!(code, 0);
    assert_eq!(csv, "path,hops,nodes\n1,2,000 010 011\n2,2,000 001 011\n");
}

#[test]
fn huge_path_counts_stay_exact() {
    // 30 differing bits: 30! minimal paths, beyond 2^64 and f64's exact range.
    let (code, out, _) = icn(&[
        "route",
        "hypercube:n=30",
        &"0".repeat(30),
        &"1".repeat(30),
        "--limit",
        "1",
    ]);
    assert_eq!(code, 0);
    assert!(
        out.contains("\"path_count\": 265252859812191058636308480000000"),
        "{out}"
    );
}

#[test]
fn info_and_metrics() {
    let info = json(&["info", "hypercycle:m=5x4x3,rho=2x1x1"]);
    assert_eq!(info["nodes"], 60);
    assert_eq!(info["links"], 60 * 8 / 2); // degree 4 + 2 + 2
    assert_eq!(info["diameter"], 4); // ⌈2/2⌉ + ⌈2/1⌉ + ⌈1/1⌉
    assert_eq!(info["vertex_transitive"], true);
    assert_eq!(info["terminal_transitive"], true);
    // Processors and busses differ, but every processor looks alike (the paper's Theorem 1).
    let lens = json(&["info", "lens:p=3,q=3,n=3,completed"]);
    // Degrees: processors (terminals) apart from busses; a hypercube has no switches.
    assert_eq!(
        (&lens["min_degree"], &lens["max_degree"]),
        (&3.into(), &3.into())
    );
    assert_eq!(lens["switch_min_degree"], 3);
    assert!(info.get("switch_min_degree").is_none());
    let kyklos = json(&["info", "kyklos2:m=2,r=2,n=4,shuffle=proposed"]);
    assert_eq!(
        (&kyklos["min_degree"], &kyklos["max_degree"]),
        (&2.into(), &2.into())
    );
    assert_eq!(
        (&kyklos["switch_min_degree"], &kyklos["switch_max_degree"]),
        (&2.into(), &3.into())
    );
    let rows = json(&[
        "compare",
        "hypercube:n=3",
        "kyklos2:m=2,r=2,n=4,shuffle=proposed",
    ]);
    assert_eq!(rows["networks"][1]["max_degree"], 2);
    assert_eq!(rows["networks"][1]["switch_max_degree"], 3);
    assert!(rows["networks"][0].get("switch_max_degree").is_none());
    // The completed lens's graph is vertex-transitive (a mirror swaps processors and busses).
    assert_eq!(lens["vertex_transitive"], true);
    let open = json(&["info", "lens:p=3,q=3,n=3"]);
    assert_eq!(open["vertex_transitive"], false);
    assert_eq!(lens["terminal_transitive"], true);
    let m = json(&["metrics", "hypercube:n=6"]);
    assert_eq!(
        m["distance_distribution"],
        serde_json::json!([0, 384, 960, 1280, 960, 384, 64])
    );
    assert_eq!(m["loads"]["max_channel_load"], 32.0);
    let (_, csv, _) = icn(&["metrics", "hypercube:n=2", "--format", "csv"]);
    assert_eq!(csv, "distance,ordered_pairs\n1,8\n2,4\n");
}

#[test]
fn export_edgelist() {
    let (code, out, _) = icn(&["export", "hypercube:n=2"]);
    assert_eq!(code, 0);
    assert_eq!(out, "0 1\n0 2\n1 3\n2 3\n");
}

#[test]
fn export_anynet() {
    // BookSim2's anynet file: each router, its endpoint, its links to higher routers.
    let (code, out, _) = icn(&["export", "hypercube:n=2", "--format", "anynet"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "router 0 node 0 router 1 router 2\nrouter 1 node 1 router 3\n\
         router 2 node 2 router 3\nrouter 3 node 3\n"
    );
}

/// `--network-file` names the anynet file of a `--format booksim` configuration: a name in a
/// folder is written as given and read back by `icn sim --config` (which looks for it beside
/// the configuration); a name BookSim2's grammar cannot read as one string, and the flag with
/// another format, are refused.
#[test]
fn export_booksim_network_file() {
    let dir = std::env::temp_dir().join(format!("icn-netfile-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("nets")).expect("temp dir");
    let (code, anynet, _) = icn(&["export", "torus:k=4x4", "--format", "anynet"]);
    assert_eq!(code, 0);
    std::fs::write(dir.join("nets/t4.anynet"), anynet).expect("write");
    let args = ["export", "torus:k=4x4", "--format", "booksim"];
    let (code, config, _) = icn(&[&args[..], &["--network-file", "nets/t4.anynet"]].concat());
    assert_eq!(code, 0);
    assert!(
        config.contains("\nnetwork_file = nets/t4.anynet;\n"),
        "{config}"
    );
    let path = dir.join("t4.cfg");
    std::fs::write(&path, config).expect("write");
    let v = json(&[
        "sim",
        "--config",
        &path.to_string_lossy(),
        "--rates",
        "0.01",
    ]);
    assert_eq!(v["points"][0]["status"], "stable", "{v}");
    let (_, default, _) = icn(&args);
    assert!(
        default.contains("\nnetwork_file = network.anynet;\n"),
        "{default}"
    );
    for (extra, says) in [
        (
            &["--network-file", "a b;c"][..],
            "--network-file 'a b;c': BookSim2 reads a file name of letters, digits and",
        ),
        (&["--network-file", "9.anynet"][..], "starts with a letter"),
        (&["--network-file", "//x"][..], "(not //)"),
    ] {
        let (code, out, err) = icn(&[&args[..], extra].concat());
        assert_eq!((code, out.as_str()), (2, ""), "{extra:?}");
        assert!(err.contains(says), "{extra:?}: {err}");
    }
    let (code, _, err) = icn(&[
        "export",
        "torus:k=4x4",
        "--format",
        "anynet",
        "--network-file",
        "x",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--network-file names the anynet file of a --format booksim configuration; with --format anynet"),
        "{err}"
    );
}

#[test]
fn bad_input_exits_nonzero_with_one_line() {
    for (args, needle) in [
        (
            vec!["route", "hypercycle:m=5x4x3", "000", "4z1"],
            "'z' at position 2",
        ),
        (
            vec!["route", "hypercycle:m=5x4,rho=3x1", "00", "11"],
            "rho[1] = 3 is out of range",
        ),
        (
            vec!["info", "nosuchfamily:n=3"],
            "unknown family 'nosuchfamily'",
        ),
        (
            vec!["route", "hypercube:n=3", "000", "111", "-s", "zigzag"],
            "unknown strategy 'zigzag'",
        ),
    ] {
        let (code, out, err) = icn(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty());
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(needle), "{err}");
    }
}

/// Finkel & Solomon's Figure 2 (n = 10, p = q = 4, 021.0212012 -> 0110010.212): the
/// differences row and a, b, c as printed; the paper's pattern-A distance 10 (class 1);
/// the real graph's distance, by breadth-first search, is 9 (docs/paper-notes.md).
#[test]
fn table_lens_figure2() {
    let v = json(&["table", "lens-figure2"]);
    let r = &v["routing"];
    assert_eq!(r["differences"], "010.0101.100");
    assert_eq!(
        (r["a"].clone(), r["b"].clone(), r["c"].clone()),
        (6.into(), 3.into(), 1.into())
    );
    // n + a − 2b, n + a, 2n − a − 2c, 2n − a
    assert_eq!(r["class_lengths"], serde_json::json!([10, 16, 12, 14]));
    assert_eq!(r["pattern_a_distance"], 10);
    assert_eq!(r["distance"], 9);
    assert_eq!(v["class1_path"][0], "021.0212012");
    assert_eq!(v["class1_path"][10], "0110010.212");
    let (code, out, _) = icn(&["table"]);
    assert_eq!(
        (code, out.as_str()),
        (
            0,
            // Every item of `icn papers` (the registry), in its order: kyklos-examples,
            // kyklos-appendix-c and hypercycle-figure2 were once left out.
            "kyklos-spans\nkyklos-examples\nkyklos-joins\nkyklos-density\nkyklos-load\nkyklos-appendix-c\nkyklos-real-span\nkyklos-claims\nd2-distances\nd2-density\nd2-claims\nhypercycle-formulas\nhypercycle-figure2\nhypercycle-claims\nlens-figure2\nlens-counts\nlens-claims\nd3-example\nd3-schedules\nd3-subnetwork\nd3-cutset\nd3-table1\nd3-claims\n"
        )
    );
}

/// The walkthrough reaches the destination in as many busses as the route's distance
/// (counted in links: two per bus).
#[test]
fn lens_walkthrough_and_route_agree() {
    let w = json(&["walkthrough", "lens:p=4,q=4,n=5", "021.10", "00.220"]);
    let route = json(&["route", "lens:p=4,q=4,n=5", "021.10", "00.220"]);
    let steps = w["steps"].as_array().expect("steps");
    assert_eq!(
        steps.len() as u64 * 2,
        route["distance"].as_u64().expect("distance")
    );
    assert_eq!(steps[steps.len() - 1]["address"], "00.220");
    let (code, _, err) = icn(&["walkthrough", "hypercube:n=3", "000", "111"]);
    assert_eq!(code, 2);
    assert!(err.contains("walkthrough is for the Lens"), "{err}");
}

/// Figure 2's regions: `--region K` picks region B number K (B = {3}: 14 busses,
/// B = {9, 10, 1}: 10), listed under `regions`; a region that does not exist exits 2.
#[test]
fn lens_walkthrough_region_choice() {
    let args = |extra: &[&'static str]| {
        let mut a = vec![
            "walkthrough",
            "lens:p=4,q=4,n=10,completed",
            "021.0212012",
            "0110010.212",
        ];
        a.extend_from_slice(extra);
        a
    };
    let w = json(&args(&["--choice", "class1", "--region", "1"]));
    assert_eq!(w["choice"], "class1:1");
    assert_eq!(w["busses"], 14);
    assert_eq!(w["regions"]["class1"][0]["digits"], serde_json::json!([3]));
    assert_eq!(
        w["regions"]["class1"][1]["digits"],
        serde_json::json!([9, 10, 1])
    );
    assert_eq!(w["regions"]["class1"][1]["length"], 10);
    let w = json(&args(&["--choice", "class3:2"]));
    assert_eq!(w["busses"], 12);
    assert_eq!(w["steps"][11]["address"], "0110010.212");
    let (code, _, err) = icn(&args(&["--choice", "class1", "--region", "3"]));
    assert_eq!(code, 2);
    assert!(err.contains("no region number"), "{err}");
    assert_eq!(err.lines().count(), 1);
}

/// TR-88-27 Example 2 (20 -> 14 in KYKLOS-II<2,2,6>): distance 8 with exactly two
/// minimal paths, one through each tree first.
#[test]
fn kyklos_route() {
    let v = json(&[
        "route",
        "kyklos2:m=2,r=2,n=6",
        "20",
        "14",
        "--strategy",
        "d2",
    ]);
    assert_eq!(v["distance"], 8);
    assert_eq!(v["path_count"], 2);
    let (code, _, err) = icn(&[
        "route",
        "kyklos2:m=2,r=2,n=6,shuffle=original",
        "20",
        "14",
        "-s",
        "y2",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("not available"), "{err}");
}

/// TR-88-27 Table 1 as `icn table kyklos-spans`: every cell matches, with the paper, the
/// printed and the computed value and a verdict per cell; CSV has one line per cell.
/// (`kyklos-density` computes N = 4096 and is tested in core with N ≤ 256.)
#[test]
fn table_kyklos_spans_json_and_csv() {
    let v = json(&["table", "kyklos-spans"]);
    assert_eq!(v["name"], "kyklos-spans");
    assert!(v["source"].as_str().expect("source").contains("TR-88-27"));
    assert_eq!(v["summary"]["cells"], 60);
    assert_eq!(v["summary"]["matches"], 60);
    let c = &v["cells"][0];
    assert_eq!(
        (c["group"].as_str(), c["row"].as_str(), c["column"].as_str()),
        (
            Some("proposed KYKLOS-II<2,3,6>"),
            Some("level 1"),
            Some("z tree 0")
        )
    );
    assert_eq!(
        (c["printed"].clone(), c["computed"].clone()),
        (0.into(), 0.into())
    );
    assert_eq!(c["verdict"], "match");
    let (code, out, _) = icn(&["table", "kyklos-spans", "--format", "csv"]);
    assert_eq!(code, 0);
    let mut lines = out.lines();
    assert_eq!(
        lines.next(),
        Some("group,row,column,printed,computed,exact,verdict,note")
    );
    assert_eq!(
        lines.next(),
        Some("\"proposed KYKLOS-II<2,3,6>\",level 1,z tree 0,0,0,,match,")
    );
    assert_eq!(out.lines().count(), 61);
    let (code, _, err) = icn(&["table", "lens-figure2", "--format", "csv"]);
    assert_eq!(code, 2);
    assert!(err.contains("JSON only"), "{err}");
}

/// Table B-1 and the D2 paper's distributions: the only differing cells are the
/// documented ones (footnote n13's formula; the M2 average's printed closed form).
#[test]
fn table_kyklos_real_span_and_d2_distances() {
    let v = json(&["table", "kyklos-real-span"]);
    assert_eq!(v["summary"]["differs"], 15);
    let cells = v["cells"].as_array().expect("cells");
    assert!(cells
        .iter()
        .filter(|c| c["verdict"] == "differs")
        .all(|c| c["note"]
            .as_str()
            .is_some_and(|n| n.contains("paper-notes.md"))));
    let v = json(&["table", "d2-distances"]);
    let cells = v["cells"].as_array().expect("cells");
    for c in cells.iter().filter(|c| c["verdict"] == "differs") {
        assert_eq!(c["column"], "M2 (closed form as printed)");
    }
    assert!(cells
        .iter()
        .filter(|c| c["column"] == "P_H2" || c["column"] == "P_M2" || c["column"] == "P_D2")
        .all(|c| c["verdict"] == "match"));
}

/// `icn join`: TR-88-27 §VII / Appendix A join of S at 42 with R at 0 in proposed
/// KYKLOS-II<2,2,6> (worked by hand in core/tests/kyklos.rs), the L-node case, errors.
#[test]
fn kyklos_join() {
    let v = json(&["join", "kyklos2:m=2,r=2,n=6", "--s", "42", "--r", "0"]);
    assert_eq!(v["spec"], "kyklos2:m=2,r=2,n=6,shuffle=proposed");
    assert_eq!((v["s"].as_str(), v["r"].as_str()), (Some("42"), Some("0")));
    assert_eq!(
        (v["tree"].as_u64(), v["level"].as_u64()),
        (Some(0), Some(2))
    );
    assert_eq!(v["ib_node"], "<0,2,10>");
    assert_eq!(
        v["s_route"],
        serde_json::json!(["42", "<0,1,21>", "<0,2,10>"])
    );
    assert_eq!(
        v["r_route"],
        serde_json::json!([
            "0", "<1,1,0>", "<1,2,0>", "<1,3,0>", "<1,2,8>", "<1,1,16>", "40", "<0,1,20>",
            "<0,2,10>"
        ])
    );
    let v = json(&["join", "kyklos2:m=2,r=2,n=6", "--s", "5", "--r", "5"]);
    assert_eq!((v["level"].as_u64(), v["tree"].is_null()), (Some(0), true));
    assert!(v["ib_node"].is_null());
    for (args, want) in [
        (
            vec!["join", "kyklos2:m=2,r=2,n=6", "--s", "5", "--r", "<0,1,0>"],
            "is an IB-node",
        ),
        (
            vec!["join", "hypercube:n=3", "--s", "000", "--r", "001"],
            "join is for KYKLOS",
        ),
        (
            vec!["join", "kyklos2:m=2,r=3,n=6", "--s", "1", "--r", "2"],
            "m = 2, r = 2",
        ),
    ] {
        let (code, _, err) = icn(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(want), "{err}");
    }
}

/// TR-88-27 Table 2 as `icn table kyklos-joins`: all 128 grid cells and the §VII
/// loadings match.
#[test]
fn table_kyklos_joins() {
    let v = json(&["table", "kyklos-joins"]);
    assert_eq!(v["name"], "kyklos-joins");
    assert_eq!(v["summary"]["differs"], 0);
    assert_eq!(v["summary"]["matches"], v["summary"]["cells"]);
    let cells = v["cells"].as_array().expect("cells");
    assert_eq!(
        cells
            .iter()
            .filter(|c| c["group"]
                .as_str()
                .is_some_and(|g| g.starts_with("Table 2")))
            .count(),
        128
    );
    let (code, out, _) = icn(&["table", "kyklos-joins", "--format", "csv"]);
    assert_eq!(code, 0);
    assert!(out.contains("Table 2 level,110,011,5,5,,match,"), "{out}");
}

#[test]
fn table_d2_density_csv() {
    let (code, out, _) = icn(&["table", "d2-density", "--format", "csv"]);
    assert_eq!(code, 0);
    // D2 at n = 5: 212/3, printed 71, the fraction beside the decimal; H2 at n = 4:
    // 32 = N^1.5/2, an integer (no fraction).
    assert!(out.contains("\nD2 n=5,density,N=32,71,70.6666666667,212/3,match,\n"));
    assert!(out.contains("\nH2 n=4,density,N=16,32,32,,match,\n"));
    assert!(out.contains("\nD2 n=20,level,N=1048576,17,17,,match,\n"));
}

#[test]
fn papers_check_and_record() {
    let (code, out, err) = icn(&["papers", "--check", "--item", "lens-figure2"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("papers --check: 17 cells as recorded"));
    let (code, out, _) = icn(&["papers", "--record", "--item", "hypercycle-formulas"]);
    assert_eq!(code, 0);
    // The header and 3 cells for each of the 10 Hypercycles.
    assert_eq!(out.lines().count(), 31);
    assert!(out.contains(
        "hypercycle-formulas,\"hypercycle:m=5x4x3,rho=2x1x1\",degree,\"Σ f(mᵢ, ρᵢ)\",8,,match"
    ));
    let (code, _, err) = icn(&["papers", "--item", "nope"]);
    assert_eq!(code, 2);
    assert!(err.contains("no paper item 'nope'"));
    // The registry's items are tables too.
    let v = json(&["table", "lens-counts"]);
    assert_eq!(v["name"], "lens-counts");
}

/// The Swapped Dragonfly's header (§8) for the paper's example link (4,5,3,(4)) ->
/// (2,3,5,(2)) in D3(6,M): one global step on port 4, arriving on port 2.
#[test]
fn d3_route_header_and_deflection() {
    let v = json(&[
        "route",
        "d3:k=6,m=6",
        "(4,5,3)",
        "(2,3,5)",
        "--header",
        "--deflect",
        "2",
    ]);
    assert_eq!(v["distance"], 1);
    assert_eq!(v["strategy"], "lgl");
    let h = &v["header"];
    assert_eq!(h["header"], "(3; 4, 0, 0)");
    assert_eq!(h["hops"][1]["port"], 4);
    assert_eq!(h["hops"][1]["arrives_on"], 2);
    assert_eq!(h["moving_hops"], 1);
    assert_eq!(h["routers"][3], "(2,3,5)");
    assert_eq!(h["destination_header"][1]["port"], 4);
    // M = 6 deflection paths through cabinet 2; D = p = 3 is the direct link.
    let paths = v["deflection"]["paths"].as_array().expect("paths");
    assert_eq!(paths.len(), 6);
    assert_eq!(paths[3], serde_json::json!(["(4,5,3)", "(2,3,5)"]));
    // A three-step header with counter 3 -> 0 from a generic pair.
    let g = json(&["route", "d3:k=3,m=4", "(0,1,2)", "(2,3,0)", "--header"]);
    assert_eq!(g["header"]["header"], "(3; 2, 3, 1)");
    assert_eq!(
        g["header"]["routers"],
        serde_json::json!(["(0,1,2)", "(0,1,3)", "(2,3,1)", "(2,3,0)"])
    );
    assert_eq!(g["paths"][0], g["header"]["routers"]);
    let (code, _, err) = icn(&["route", "hypercube:n=3", "000", "011", "--header"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--header, --glgl and --deflect are for d3"),
        "{err}"
    );
    let (code, _, err) = icn(&[
        "route",
        "d3:k=3,m=4",
        "(0,1,2)",
        "(2,3,0)",
        "--deflect",
        "7",
    ]);
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1);
    let (code, _, err) = icn(&["route", "d3:k=3,m=4", "(0,1,9)", "(2,3,0)"]);
    assert_eq!(code, 2);
    assert!(err.contains("p = 9 is out of range"), "{err}");
}

#[test]
fn d3_and_mdf_info() {
    let d = json(&["info", "d3:k=3,m=4"]);
    assert_eq!(d["nodes"], 48);
    assert_eq!(d["links"], 138);
    assert_eq!(d["diameter"], 3);
    assert_eq!(d["min_degree"], 5);
    assert_eq!(d["max_degree"], 6);
    let m = json(&["info", "mdf:k=3,m=4"]);
    assert_eq!(m["nodes"], 52);
    assert_eq!(m["diameter"], 3);
    assert_eq!(m["min_degree"], 6);
    let metrics = json(&["metrics", "mdf:k=3,m=4"]);
    assert_eq!(metrics["strategy"], "minimal");
    assert!(metrics["loads"]["max_channel_load"].as_f64().is_some());
}

#[test]
fn d3_subnetwork_tables() {
    let v = json(&["table", "d3-subnetwork", "--n", "9", "--kappa", "1,2,5,8"]);
    assert_eq!(
        v["port_table"]["rows"][1]["ports"],
        serde_json::json!([8, 0, 3, 6])
    );
    assert_eq!(v["isomorphism"]["isomorphic"], true);
    assert_eq!(v["subnetwork"], "d3:k=4,m=3");
    let paper = json(&["table", "d3-subnetwork"]);
    assert_eq!(paper["summary"]["differs"], 7);
    assert_eq!(paper["summary"]["matches"], 34);
    let cut = json(&["table", "d3-cutset"]);
    assert_eq!(cut["summary"]["cells"], 8);
    let (code, _, err) = icn(&["table", "d3-subnetwork", "--kappa", "1,9"]);
    assert_eq!(code, 2);
    assert!(err.contains("kappa"), "{err}");
    let many: Vec<String> = (0..2000).map(|c| c.to_string()).collect();
    let (code, _, err) = icn(&[
        "table",
        "d3-subnetwork",
        "--n",
        "4000",
        "--kappa",
        &many.join(","),
        "--m",
        "2",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("link-by-link check take about"), "{err}");
}

/// Theorem 7 on D3(3,4): 48 rounds, 12 delays, no conflicts; the per-step occupancy
/// lists every channel in use (step 2: global port 0 of the 36 non-diagonal routers).
#[test]
fn d3_schedule_all_to_all() {
    let v = json(&["schedule", "d3:k=3,m=4", "all-to-all"]);
    assert_eq!(v["rounds"], 48);
    assert_eq!(v["delays"], 12);
    assert_eq!(v["conflicts"], 0);
    assert_eq!(v["steps"], 62);
    assert_eq!(v["complete"], true);
    assert_eq!(v["claim"]["rounds"], 48);
    assert_eq!(v["claim"]["delays"], 12);
    let occupancy = v["occupancy"].as_array().expect("occupancy");
    assert_eq!(occupancy.len(), 62);
    assert_eq!(occupancy[0]["channels"].as_array().map(Vec::len), Some(0));
    assert_eq!(occupancy[1]["channels"].as_array().map(Vec::len), Some(36));
    assert_eq!(occupancy[1]["channels"][0]["kind"], "global");
    let s = json(&[
        "schedule",
        "d3:k=3,m=2",
        "all-to-one",
        "--root",
        "(0,0,1)",
        "--summary",
    ]);
    assert_eq!(s["conflicts"], 3);
    assert_eq!(s["occupancy"], serde_json::json!([]));
    let g = json(&[
        "schedule",
        "d3:k=3,m=2",
        "all-to-one",
        "--root",
        "(0,0,1)",
        "--rule",
        "greedy",
        "--summary",
    ]);
    assert_eq!(
        (g["conflicts"].clone(), g["delays"].clone()),
        (0.into(), 4.into())
    );
    for (args, needle) in [
        (
            &["schedule", "d3:k=3,m=4", "one-to-all"][..],
            "needs --root",
        ),
        (
            &["schedule", "mdf:k=3,m=4", "all-to-all"][..],
            "schedule is for d3",
        ),
        (
            &["schedule", "d3:k=3,m=4", "gossip"][..],
            "unknown collective",
        ),
        (
            &[
                "schedule",
                "d3:k=3,m=4",
                "broadcast",
                "--root",
                "(0,0,1)",
                "--count",
                "0",
            ][..],
            "--count 0",
        ),
    ] {
        let (code, _, err) = icn(args);
        assert_eq!(code, 2, "{args:?}");
        assert_eq!(err.lines().count(), 1);
        assert!(err.contains(needle), "{err}");
    }
}

#[test]
fn too_costly_computations_are_refused_before_they_start() {
    // 16·3^16 processors and as many busses: even by its symmetry (one search per dot
    // position) 1.2·10^11 steps and over 10 GiB.
    let (code, out, err) = icn(&["info", "lens:p=4,q=4,n=16"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("pass --force"), "{err}");
    assert_eq!(err.lines().count(), 1);
    // Listing 10^11 paths of a 31-cube.
    let zeros = "0".repeat(31);
    let ones = "1".repeat(31);
    let (code, _, err) = icn(&[
        "route",
        "hypercube:n=31",
        &zeros,
        &ones,
        "--limit",
        "100000000000",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("this route would take about"), "{err}");
    // Closed forms cost nothing: a 30-cube's facts come at once.
    let v = json(&["info", "hypercube:n=30"]);
    assert_eq!(v["diameter"], 30);
}

#[test]
fn loads_compare_ecube_and_greedy_per_class() {
    // The 4-cube: every channel carries 2^(n−1) = 8 under either routing.
    let v = json(&["loads", "hypercube:n=4"]);
    let results = v["results"].as_array().expect("results");
    assert_eq!(results.len(), 2);
    for r in results {
        assert_eq!(r["max_load"], 8.0);
        assert_eq!(r["mean_load"], 8.0);
        assert_eq!(r["channel_count"], 64);
        assert_eq!(r["split"], "per-hop");
    }
    // A ring of 4 under e-cube: +1 carries 3 per channel, −1 carries 1 (ties go forward).
    let (code, csv, _) = icn(&[
        "loads",
        "hypercycle:m=4,rho=1",
        "-r",
        "ecube",
        "--format",
        "csv",
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        csv,
        "routing,split,dimension,step,channels,load\necube,per-hop,1,1,4,3\necube,per-hop,1,-1,4,1\n"
    );
    let (code, csv, _) = icn(&[
        "loads",
        "hypercube:n=2",
        "-r",
        "greedy",
        "--per-link",
        "--format",
        "csv",
    ]);
    assert_eq!(code, 0);
    assert_eq!(csv.lines().count(), 1 + 8);
    assert!(csv.contains("greedy,per-hop,00,10,1,1,2\n"), "{csv}");
    let (code, _, err) = icn(&["loads", "d3:k=3,m=4"]);
    assert_eq!(code, 2);
    assert!(err.contains("hypercycle or hypercube"), "{err}");
    let (code, _, err) = icn(&["loads", "hypercube:n=3", "-r", "zigzag"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown routing 'zigzag'"), "{err}");
}

#[test]
fn simulate_is_seeded_and_reports_every_point() {
    let args = [
        "simulate",
        "hypercube:n=4",
        "--loads",
        "0.2,0.6",
        "--ticks",
        "10000",
        "--warmup",
        "1000",
    ];
    let v = json(&args);
    let (_, again, _) = icn(&args);
    assert_eq!(v, serde_json::from_str::<Value>(&again).unwrap());
    let points = v["points"].as_array().expect("points");
    assert_eq!(points.len(), 4);
    assert_eq!(v["channels"], 64);
    assert_eq!(points[0]["policy"], "backtrack");
    assert_eq!(points[2]["policy"], "ecube");
    // λ = load · degree / (T · d̄) = 0.2 · 4 / (100 · 32/15).
    let lambda = points[0]["arrival_rate"].as_f64().unwrap();
    assert!((lambda - 0.2 * 4.0 / (100.0 * 32.0 / 15.0)).abs() < 1e-15);
    for p in points {
        assert_eq!(p["measured"], p["established"]);
        assert!(p["mean_delay_ticks"].as_f64().unwrap() >= 1.0);
    }
    let mut csv_args = args.to_vec();
    csv_args.extend(["--format", "csv"]);
    let (code, csv, _) = icn(&csv_args);
    assert_eq!(code, 0);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 5);
    assert!(lines[0].starts_with("policy,offered_load,arrival_rate,"));
    let delay = points[3]["mean_delay_ticks"].as_f64().unwrap();
    assert!(lines[4].starts_with("ecube,0.6,"));
    assert_eq!(
        lines[4].split(',').nth(6).unwrap().parse::<f64>().unwrap(),
        delay
    );
    for (bad, why) in [
        (
            vec!["simulate", "hypercycle:m=5x4", "--policies", "ecube"],
            "ecube-backtrack",
        ),
        (
            vec!["simulate", "hypercube:n=4", "--loads", "3"],
            "outside 0 < load",
        ),
        (
            vec!["simulate", "hypercube:n=4", "--ticks", "100000000000"],
            "arrivals per point",
        ),
        (
            vec!["simulate", "hypercube:n=4", "--policies", "wormhole"],
            "unknown policy",
        ),
    ] {
        let (code, _, err) = icn(&bad);
        assert_eq!(code, 2, "{bad:?}");
        assert!(err.contains(why), "{bad:?}: {err}");
    }
}

#[test]
fn d3_vs_mdf_matches_sizes_and_splits_link_kinds() {
    let v = json(&["d3-vs-mdf", "d3:k=3,m=4"]);
    assert_eq!(v["d3"]["routers"], 48);
    // Table 1's pair MDF(K, M), same drawers and radix (it was the size-matched MDF(5,3)).
    assert_eq!(v["mdf"]["spec"], "mdf:k=3,m=4");
    assert_eq!(v["mdf"]["routers"], 52);
    assert_eq!(
        (&v["d3"]["max_degree"], &v["mdf"]["max_degree"]),
        (&6.into(), &6.into())
    );
    // D3(3,4): 12 drawers × C(4,2) local links; (48·3 − 12 diagonal ports) / 2 global.
    assert_eq!(v["d3"]["local"]["links"], 72);
    assert_eq!(v["d3"]["global"]["links"], 66);
    // MDF(3,4): 13 groups × C(4,2) local, C(13,2) global.
    assert_eq!(v["mdf"]["local"]["links"], 78);
    assert_eq!(v["mdf"]["global"]["links"], 78);
    // Reference [11]'s size, 256 routers: MDF(4,8), not the complete graph MDF(255,1).
    let big = json(&["d3-vs-mdf", "d3:k=4,m=8"]);
    assert_eq!(big["mdf"]["spec"], "mdf:k=4,m=8");
    let (code, csv, _) = icn(&[
        "d3-vs-mdf",
        "d3:k=3,m=4",
        "--format",
        "csv",
        "--table",
        "distances",
    ]);
    assert_eq!(code, 0);
    // Ordered pairs at each distance sum to N(N−1): 48·47 and 52·51.
    let sum: u64 = csv
        .lines()
        .skip(1)
        .map(|l| l.rsplit(',').next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 48 * 47 + 52 * 51);
    let (code, csv, _) = icn(&[
        "d3-vs-mdf",
        "d3:k=3,m=4",
        "--format",
        "csv",
        "--table",
        "histogram",
    ]);
    assert_eq!(code, 0);
    assert!(csv.starts_with("network,spec,kind,load,channels\n"));
    // Channels per kind add up: 144 + 132 (D3), 156 + 156 (MDF).
    let total: u64 = csv
        .lines()
        .skip(1)
        .map(|l| l.rsplit(',').next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(total, 144 + 132 + 156 + 156);
    let (code, _, err) = icn(&["d3-vs-mdf", "mdf:k=3,m=4"]);
    assert_eq!(code, 2);
    assert!(err.contains("takes a d3 spec"), "{err}");
}

#[test]
fn compare_lists_each_network_against_info() {
    let v = json(&["compare", "hypercube:n=4", "lens:p=3,q=3,n=2", "d3:k=2,m=3"]);
    let nets = v["networks"].as_array().expect("networks");
    assert_eq!(nets.len(), 3);
    for n in nets {
        let info = json(&["info", n["spec"].as_str().unwrap()]);
        for key in [
            "nodes",
            "links",
            "min_degree",
            "max_degree",
            "diameter",
            "average_distance",
        ] {
            assert_eq!(n[key], info[key], "{key} of {}", n["spec"]);
        }
        let metrics = json(&["metrics", n["spec"].as_str().unwrap()]);
        assert_eq!(n["distance_distribution"], metrics["distance_distribution"]);
        assert_eq!(n["max_link_load"], metrics["loads"]["max_channel_load"]);
    }
    let (code, csv, _) = icn(&["compare", "hypercube:n=3", "d3:k=2,m=3", "--format", "csv"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(
        lines[1].starts_with("hypercube:n=3,hypercube,8,8,12,3,3,3,"),
        "{csv}"
    );
    assert!(lines[2].starts_with("\"d3:k=2,m=3\",d3,18,"), "{csv}");
    let (code, _, err) = icn(&["compare", "hypercube:n=3", "mdf:k=200,m=200"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("mdf:k=200,m=200") && err.contains("--force"),
        "{err}"
    );
}

#[test]
fn chart_json_reads_back_into_core_types() {
    // The web worker posts these documents to the page: core's types must read them.
    use icn_core::analysis::{CompareRow, DragonflyLoads, HypercycleLoads};
    use icn_core::sim::{Policy, SimReport};
    let sim: SimReport = serde_json::from_value(json(&[
        "simulate",
        "hypercube:n=3",
        "--loads",
        "0.3",
        "--ticks",
        "2000",
    ]))
    .expect("a SimReport");
    assert_eq!(sim.series(Policy::Ecube).len(), 1);
    assert_eq!(sim.config.ticks, 2000);
    let loads: Vec<HypercycleLoads> =
        serde_json::from_value(json(&["loads", "hypercube:n=3"])["results"].clone())
            .expect("HypercycleLoads");
    assert_eq!(loads[1].routing, "greedy");
    let d: DragonflyLoads =
        serde_json::from_value(json(&["d3-vs-mdf", "d3:k=2,m=2"])).expect("DragonflyLoads");
    assert_eq!(d.d3.routers, 8);
    let rows: Vec<CompareRow> = serde_json::from_value(
        json(&["compare", "hypercube:n=3", "mdf:k=1,m=2"])["networks"].clone(),
    )
    .expect("CompareRows");
    assert_eq!(rows[1].nodes, 6);
}

#[test]
fn chart_csv_of_any_network() {
    // A 4 × 4 torus: (1 + 2x + x²)² pairs from each of 16 nodes, mean 512/240.
    let csv = |args: &[&str]| {
        let mut all = vec!["chart"];
        all.extend(args);
        all.extend(["--format", "csv"]);
        let (code, out, err) = icn(&all);
        assert_eq!(code, 0, "{args:?}: {err}");
        out
    };
    assert_eq!(
        csv(&["net-distances", "-t", "torus:k=4x4"]),
        "distance,ordered_pairs,share,average\n\
         1,64,26.6666666667,2.13333333333\n\
         2,96,40,2.13333333333\n\
         3,64,26.6666666667,2.13333333333\n\
         4,16,6.66666666667,2.13333333333\n"
    );
    // The binary 3-tree: processors at 2, 4, 6 links (1, 2, 4 of them), switches not counted.
    assert_eq!(
        csv(&["net-distances", "-t", "fattree:k=2,n=3"]),
        "distance,ordered_pairs,share,average\n\
         2,8,14.2857142857,4.85714285714\n\
         4,16,28.5714285714,4.85714285714\n\
         6,32,57.1428571429,4.85714285714\n"
    );
    // Every strategy, 101 points each: minimal loads the torus evenly, dor does not.
    let out = csv(&["net-loads", "-t", "torus:k=4x4"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 1 + 2 * 101);
    assert_eq!(lines[0], "strategy,percentile,load,mean");
    assert_eq!(lines[1], "minimal,0,8,8");
    assert_eq!(lines[101], "minimal,100,8,8");
    assert_eq!(
        &lines[102..],
        (0..=100)
            .map(|p| format!("dor,{p},{},8", if p <= 50 { 12 } else { 4 }))
            .collect::<Vec<_>>()
    );
    // JSON reads back into core's type; a default network without -t.
    let data: icn_core::charts::ChartData =
        serde_json::from_value(json(&["chart", "net-loads", "-t", "fattree:k=2,n=2"]))
            .expect("ChartData");
    let icn_core::charts::ChartData::NetLoads(icn_core::charts::NetLoadsChart { spec, rows }) =
        data
    else {
        panic!("net-loads")
    };
    assert_eq!((spec.as_str(), rows.len()), ("fattree:k=2,n=2", 3 * 101));
    assert!(csv(&["net-distances"]).starts_with("distance,ordered_pairs,share,average\n1,256,"));
    // A Lens: busses first (the paper's unit), the links beside them (lens:p=3,q=3,n=2:
    // 8 processors, 56 ordered pairs 1, 2 and 3 busses apart; core checks them by BFS).
    assert_eq!(
        csv(&["net-distances", "-t", "lens:p=3,q=3,n=2"]),
        "bus_hops,links,ordered_pairs,share,average_bus_hops,average_links\n\
         1,2,24,42.8571428571,1.78571428571,3.57142857143\n\
         2,4,20,35.7142857143,1.78571428571,3.57142857143\n\
         3,6,12,21.4285714286,1.78571428571,3.57142857143\n"
    );
    let lens = json(&["chart", "net-distances", "-t", "lens:p=3,q=3,n=2"]);
    assert_eq!(lens["unit"], "bus");
    assert_eq!(lens["rows"][1]["hops"], 2);
    assert_eq!(lens["rows"][1]["distance"], 4);
    let (code, _, err) = icn(&["chart", "net-loads", "-t", "dragonfly:a=16,p=8,h=8"]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("icn: error: t: ") && err.contains("CHART_BUDGET"),
        "{err}"
    );
}

#[test]
fn chart_csv_of_the_family_charts() {
    // Every new chart prints its documented header and rows.
    for (name, args, header) in [
        (
            "lens-loads",
            vec!["-t", "lens:p=3,q=3,n=2"],
            "lens,spec,kind,load,nodes",
        ),
        (
            "lens-distances",
            vec!["-t", "lens:p=3,q=3,n=2,completed"],
            "lens,spec,distance,ordered_pairs,average",
        ),
        (
            "hc-distances",
            vec!["-t", "hypercube:n=3"],
            "distance,ordered_pairs,average",
        ),
        (
            "hc-loads",
            vec!["-t", "hypercycle:m=5x4,rho=2x1"],
            "routing,dimension,step,channels,load",
        ),
        (
            "d3-mdf",
            vec!["-t", "d3:k=2,m=2"],
            "network,spec,quantity,value,count",
        ),
    ] {
        let mut all = vec!["chart", name];
        all.extend(args);
        all.extend(["--format", "csv"]);
        let (code, out, err) = icn(&all);
        assert_eq!(code, 0, "{name}: {err}");
        let mut lines = out.lines();
        assert_eq!(lines.next(), Some(header), "{name}");
        assert!(lines.count() >= 2, "{name}: {out}");
    }
    // hypercube:n=3 has C(3, d)·8 ordered pairs at distance d.
    let (_, out, _) = icn(&[
        "chart",
        "hc-distances",
        "-t",
        "hypercube:n=3",
        "--format",
        "csv",
    ]);
    assert!(
        out.ends_with("1,24,1.71428571429\n2,24,1.71428571429\n3,8,1.71428571429\n"),
        "{out}"
    );
    // The Figure 2 chart is `icn simulate`'s default sweep, line for line.
    let chart = icn(&[
        "chart", "hc-sim", "--ticks", "2000", "--seed", "3", "--format", "csv",
    ]);
    let sim = icn(&[
        "simulate",
        "hypercube:n=4",
        "--ticks",
        "2000",
        "--seed",
        "3",
        "--format",
        "csv",
    ]);
    assert_eq!(chart.0, 0, "{}", chart.2);
    assert_eq!(chart.1, sim.1);
    // Wrong family, too large, bad seed: exit 2 naming the field.
    let (code, _, err) = icn(&["chart", "hc-loads", "-t", "lens:p=3,q=3,n=2"]);
    assert_eq!(code, 2);
    assert!(err.contains("t: this chart is for Hypercycles"), "{err}");
    let (code, _, err) = icn(&["chart", "lens-loads", "-t", "lens:p=5,q=5,n=6"]);
    assert_eq!(code, 2);
    assert!(err.contains("CHART_BUDGET"), "{err}");
    let (code, _, err) = icn(&["chart", "hc-sim", "--ticks", "5"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("ticks: '5' is not a whole number from 1000"),
        "{err}"
    );
}

#[test]
fn graph_file_stands_for_the_spec() {
    let dir = std::env::temp_dir().join(format!("icn-graph-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let ring = dir.join("ring.txt");
    std::fs::write(&ring, "# a ring of four\na b\nb c\nc d\nd a\n").expect("write");
    let path = ring.to_string_lossy().into_owned();
    // Before or after the command, the file's graph is the SPEC.
    for args in [
        vec!["--graph", path.as_str(), "route", "a", "c"],
        vec!["route", "--graph", path.as_str(), "a", "c"],
    ] {
        let v = json(&args);
        assert_eq!(v["path_count"], 2, "{args:?}");
        assert_eq!(v["distance"], 2, "{args:?}");
    }
    // The anynet export reads back as the same graph.
    let (code, text, _) = icn(&["export", "--graph", &path, "--format", "anynet"]);
    assert_eq!(code, 0);
    let net = dir.join("ring.anynet");
    std::fs::write(&net, &text).expect("write");
    let back = json(&["info", "--graph", &net.to_string_lossy()]);
    assert_eq!(
        (back["nodes"].clone(), back["links"].clone()),
        (4.into(), 4.into())
    );
    assert_eq!(back["diameter"], 2);
    // A malformed file: one line naming the file, line and column.
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "a b\nb c d\n").expect("write");
    let (code, _, err) = icn(&["info", "--graph", &bad.to_string_lossy()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("line 2, column 5: 'd' after the link"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn deadlock_finds_the_ring_cycle_and_the_dateline_breaks_it() {
    let (code, out, _) = icn(&["deadlock", "torus:k=4", "--routing", "minimal"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["deadlock_free"], false);
    assert_eq!(v["cycle"].as_array().map(Vec::len), Some(4));
    assert_eq!(v["cycle"][0]["channel"], "(0) → (1)");
    assert_eq!(
        v["min_vcs"],
        serde_json::Value::Null,
        "one VC never helps more"
    );
    let (code, out, _) = icn(&[
        "deadlock",
        "torus:k=4x4",
        "--routing",
        "dor",
        "--scheme",
        "dateline",
        "--vcs",
        "2",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["deadlock_free"], true);
    assert_eq!(v["min_vcs"], 2);
    let (code, _, err) = icn(&["deadlock", "mesh:k=4x4", "--scheme", "dateline"]);
    assert_eq!(code, 2);
    assert!(err.contains("rings and tori"), "{err}");
    let (code, _, err) = icn(&["deadlock", "mesh:k=4x4", "--scheme", "vc"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown virtual-channel scheme 'vc'"), "{err}");
}

/// The generic routings of the routing registry reach `icn deadlock` and `icn metrics` as
/// they reach `icn sim`. Dimension order alone is deadlock-free on a mesh; Valiant over it
/// is not on one VC, and its shortest cycle has two channels: a packet may turn back at its
/// intermediate, so (0,0) → (0,1) via (1,0) holds (0,0)→(1,0) while asking for
/// (1,0)→(0,0), and (2,0) → (1,0) via (0,0) holds that one while asking for the first.
#[test]
fn the_registry_routings_reach_deadlock_and_metrics() {
    let (code, out, _) = icn(&["deadlock", "mesh:k=4x4", "--routing", "dor"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["deadlock_free"], true);
    let (code, out, err) = icn(&["deadlock", "mesh:k=4x4", "--routing", "valiant"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["routing"], "valiant");
    assert_eq!(v["deadlock_free"], false);
    assert_eq!(v["cycle"].as_array().map(Vec::len), Some(2));
    assert_eq!(v["cycle"][0]["channel"], "(0,0) → (1,0)");
    assert_eq!(v["cycle"][1]["channel"], "(1,0) → (0,0)");
    let (code, _, err) = icn(&["metrics", "mesh:k=4x4", "--strategy", "ugal"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("'ugal' chooses its route by the queues"),
        "{err}"
    );
    let (code, _, err) = icn(&["metrics", "mesh:k=4x4", "--strategy", "nonsense"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("'nonsense' is not a routing of mesh:k=4x4") && err.contains("valiant"),
        "{err}"
    );
}

#[test]
fn deadlock_on_threads_prints_what_one_thread_does() {
    // 1,000 routers: over the 10⁸ estimated steps from which the graph is built on threads.
    for scheme in [
        &["--scheme", "one"][..],
        &["--scheme", "dateline", "--vcs", "2"],
    ] {
        let run = |threads: &str| {
            let mut args = vec!["deadlock", "torus:k=10x10x10", "--routing", "dor"];
            args.extend_from_slice(scheme);
            args.extend_from_slice(&["--max-vcs", "0", "--threads", threads]);
            let (code, out, err) = icn(&args);
            assert_eq!(code, 0, "{err}");
            out
        };
        let one = run("1");
        let v: serde_json::Value = serde_json::from_str(&one).expect("json");
        let cyclic = scheme[1] == "one";
        assert_eq!(v["deadlock_free"], !cyclic, "{scheme:?}");
        assert_eq!(
            v["cycle"].as_array().map(Vec::len),
            Some(if cyclic { 10 } else { 0 })
        );
        for threads in ["2", "3"] {
            assert_eq!(run(threads), one, "{scheme:?} on {threads} threads");
        }
    }
}

#[test]
fn deadlock_table_and_duatos_condition() {
    // The table of every routing: the torus's dimension order needs a dateline and 2 VCs.
    let v = json(&["deadlock", "torus:k=4x4", "--routing", "dor", "--table"]);
    let dor = v["routings"]
        .as_array()
        .and_then(|rows| rows.iter().find(|r| r["routing"] == "dor"))
        .cloned()
        .expect("a dor row");
    assert_eq!(dor["one_vc"]["kind"], "cyclic");
    let dateline = dor["least"]
        .as_array()
        .and_then(|l| l.iter().find(|x| x["scheme"] == "dateline"))
        .cloned()
        .expect("a dateline cell");
    assert_eq!(
        dateline["least"],
        serde_json::json!({"kind": "least", "vcs": 2})
    );
    // Duato: minimal adaptive routing over a dimension-order escape with a dateline is
    // deadlock-free on three VCs; without the dateline the escape's ring cycles.
    let v = json(&[
        "deadlock",
        "torus:k=4x4",
        "--routing",
        "minimal",
        "--escape",
        "dor",
        "--escape-scheme",
        "dateline",
        "--vcs",
        "3",
    ]);
    assert_eq!(v["deadlock_free"], true);
    assert_eq!(
        (v["escape_vcs"].as_u64(), v["adaptive_vcs"].as_u64()),
        (Some(2), Some(1))
    );
    assert!(v["indirect_edges"].as_u64() > Some(0));
    let v = json(&[
        "deadlock",
        "torus:k=4x4",
        "--routing",
        "minimal",
        "--escape",
        "dor",
        "--vcs",
        "2",
    ]);
    assert_eq!(v["deadlock_free"], false);
    // What does not apply is refused, not ignored.
    let (code, _, err) = icn(&["deadlock", "torus:k=4x4", "--escape", "dor", "--table"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot be used with"), "{err}");
    let (code, _, err) = icn(&["deadlock", "torus:k=4x4", "--escape-scheme", "dateline"]);
    assert_eq!(code, 2);
    assert!(err.contains("--escape"), "{err}");
}

#[test]
fn lens_distances_in_busses_beside_links() {
    // Figure 2's pair: 9 busses (the paper prints 10), 18 processor–bus links.
    let spec = "lens:p=4,q=4,n=10,completed";
    let r = json(&["route", spec, "021.0212012", "0110010.212", "--limit", "0"]);
    assert_eq!(r["distance"], 18);
    assert_eq!(
        r["hops"],
        serde_json::json!({"unit": "bus", "distance": 9, "links_per_hop": 2})
    );
    // A route to a bus has no bus count; other families have none.
    assert!(json(&["route", "lens:p=3,q=3,n=2", "0.0", "B.00"])["hops"].is_null());
    assert!(json(&["route", "hypercube:n=3", "000", "111"])["hops"].is_null());
    // metrics and info: the distribution in busses is the links' at even distances.
    let m = json(&["metrics", "lens:p=3,q=3,n=2"]);
    assert_eq!(
        m["distance_distribution"],
        serde_json::json!([0, 0, 24, 0, 20, 0, 12])
    );
    assert_eq!(
        m["hops"]["distance_distribution"],
        serde_json::json!([0, 24, 20, 12])
    );
    assert_eq!(
        (&m["hops"]["diameter"], &m["diameter"]),
        (&3.into(), &6.into())
    );
    let i = json(&["info", "lens:p=3,q=3,n=2"]);
    assert_eq!(i["hops"], m["hops"]);
    assert_eq!(i["hops"]["average_distance"], 100.0 / 56.0);
}

#[test]
fn glgl_lists_section_10s_path_beside_glgl_direct() {
    let args = [
        "route",
        "d3:k=3,m=4",
        "(0,0,1)",
        "(0,2,1)",
        "--strategy",
        "glgl-direct",
    ];
    let mut with = args.to_vec();
    with.push("--glgl");
    let r = json(&with);
    assert_eq!(
        r["glgl"],
        serde_json::json!(["(0,0,1)", "(0,1,0)", "(0,1,2)", "(0,2,1)"])
    );
    assert_eq!(
        r["paths"][0],
        serde_json::json!(["(0,0,1)", "(0,0,2)", "(0,2,0)", "(0,2,1)"])
    );
    let (code, _, err) = icn(&["route", "hypercube:n=3", "000", "111", "--glgl"]);
    assert_eq!(code, 2);
    assert!(err.contains("--glgl"), "{err}");
}

#[test]
fn an_l_node_out_of_range_names_the_range() {
    let (code, _, err) = icn(&["route", "kyklos2:m=2,r=2,n=4", "3", "99"]);
    assert_eq!(code, 2);
    assert!(err.contains("L-node 99 is out of range: 0-15"), "{err}");
    assert!(!err.contains("radix"), "{err}");
}

#[test]
fn kyklos_metrics_carry_table_3s_measures_in_its_convention() {
    // Table 3, N = 16: Y-2's density 24 and load 8, H-2's 32 and 11 (icn table kyklos-*).
    let spec = "kyklos2:m=2,r=2,n=4,shuffle=proposed";
    for (strategy, density, load) in [("y2", 24.0, 8.0), ("hr", 32.0, 11.0)] {
        let m = json(&["metrics", spec, "--strategy", strategy]);
        let t = &m["table3"];
        assert_eq!(t["strategy"], strategy);
        assert_eq!(t["max_link_traffic_density"]["value"], density);
        assert_eq!(t["max_ib_node_load"]["value"], load);
        assert!(t["max_link_traffic_density"]["convention"]
            .as_str()
            .unwrap()
            .contains("both directions"));
    }
    let d2 = json(&["metrics", spec, "--strategy", "d2"]);
    assert!(d2["table3"]["max_ib_node_load"]["unavailable"].is_string());
    assert!(json(&["metrics", "hypercube:n=3"]).get("table3").is_none());
}

#[test]
fn the_papers_example_in_docs_is_icn_papers_own_output() {
    let docs = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/cli.md"))
        .expect("docs/cli.md");
    let start = docs.find("$ icn papers\n").expect("the example") + "$ icn papers\n".len();
    let block = &docs[start..start + docs[start..].find("```").expect("end")];
    let (code, out, _) = icn(&["papers"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = block.lines().filter(|l| *l != "…").collect();
    assert!(lines.len() >= 2);
    for line in lines {
        assert!(out.lines().any(|o| o == line), "not in icn papers: {line}");
    }
}

/// `icn throughput`: the 8-ary 2-mesh's uniform bound is Dally and Towles's 4/k, scaled to
/// traffic among the other 63 endpoints (63/128); a named permutation, a permutation in
/// full and the worst case; malformed permutations refused at the flag.
#[test]
fn throughput_bounds_permutations_and_refusals() {
    let (code, out, err) = icn(&["throughput", "mesh:k=8x8", "--routing", "dor"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["throughput_fraction"], "63/128");
    assert_eq!(v["endpoints"], 64);
    // Transpose on a 4x4 torus under dimension order: the ring of 4 carries 2 on its
    // busiest channel, a bound of 1/2; the same as the explicit list of destinations.
    let (code, out, err) = icn(&["throughput", "torus:k=4x4", "-r", "dor", "-t", "transpose"]);
    assert_eq!(code, 0, "{err}");
    let named: serde_json::Value = serde_json::from_str(&out).expect("json");
    let list: Vec<String> = named["permutation"]
        .as_array()
        .expect("a permutation")
        .iter()
        .map(|d| d.to_string())
        .collect();
    let given = format!("perm:{}", list.join(","));
    let (code, out, _) = icn(&["throughput", "torus:k=4x4", "-r", "dor", "-t", &given]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["throughput"], named["throughput"]);
    let (code, out, _) = icn(&["throughput", "torus:k=5", "-r", "minimal", "-t", "worst"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    // A ring of 5: channel 0 → 1 carries 0 → 2 and 4 → 1 at most (distances ≤ 2).
    assert_eq!(v["max_channel_load"], 2.0);
    assert_eq!(v["throughput"], 0.5);
    for (traffic, says) in [
        ("perm:1,2", "it has 2 destinations"),
        ("perm:0,0,1,2,3", "endpoint 0 receives twice"),
        ("perm:0,1,x", "'x' is not an endpoint number"),
        (
            "hotspot(9)",
            "hotspot endpoint 9 is not below the 5 endpoints",
        ),
        ("taper64", "needs exactly 64 endpoints"),
    ] {
        let (code, _, err) = icn(&["throughput", "torus:k=5", "-r", "minimal", "-t", traffic]);
        assert_eq!(code, 2, "{traffic}");
        assert!(err.contains(says), "{traffic}: {err}");
    }
    // A hotspot as its traffic matrix: on a ring of 8 every endpoint sends to endpoint 0,
    // whose own link receives 8 times the rate (1/8), below the channels' 2/7 (channel
    // 1 → 0 carries the three nearer sources and half the antipode's); no routing does
    // better.
    let (code, out, err) = icn(&[
        "throughput",
        "torus:k=8",
        "-t",
        "hotspot(0)",
        "--optimal",
        "--channels",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["throughput_fraction"], "1/8");
    assert_eq!(v["max_channel_load"], 3.5);
    assert_eq!(v["endpoint_bound"], 0.125);
    assert_eq!(v["busiest_endpoints"], serde_json::json!([0]));
    assert_eq!(v["busiest_endpoint_nodes"], serde_json::json!(["(0)"]));
    let into_0 = v["channels"]
        .as_array()
        .expect("channels")
        .iter()
        .find(|c| c["channel"] == "(1) → (0)")
        .expect("channel 1 → 0");
    assert_eq!(into_0["load_fraction"], "7/2");
    assert_eq!(
        (v["lower_bound"].clone(), v["upper_bound"].clone()),
        (0.125.into(), 0.125.into())
    );
    // The best any routing does on a ring of 8 under uniform traffic is what minimal
    // routing does (capacity over total distance: 7/8); the linear program is exact.
    let (code, out, err) = icn(&["throughput", "torus:k=8", "-r", "minimal", "--optimal"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["lower_bound"], 0.875);
    assert_eq!(v["upper_bound"], 0.875);
    assert_eq!(v["throughput"], 0.875);
    // Beyond the linear program, certified bounds within 1 % around capacity over total
    // distance on the 16×16 torus: 1024 channels / (256 sources × 2048 hops / 255) =
    // 255/512 (Dally and Towles's 8/k, less the traffic a node does not send itself).
    let (code, out, err) = icn(&["throughput", "torus:k=16x16", "--optimal"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    let (lo, hi) = (
        v["lower_bound"].as_f64().unwrap(),
        v["upper_bound"].as_f64().unwrap(),
    );
    let exact = 255.0 / 512.0;
    assert!(
        lo <= exact && exact <= hi * (1.0 + 1e-9) && hi <= 1.01 * lo,
        "{lo} {hi}"
    );
    // A permutation file: read as the list it holds (the ring of 4's pairs swapped: every
    // pair one hop apart, so no channel carries more than 1), and a malformed one names the
    // file and the line.
    let dir = std::env::temp_dir().join(format!("icn-perm-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = |name: &str, text: &str| {
        let p = dir.join(name);
        std::fs::write(&p, text).expect("write");
        format!("perm:@{}", p.display())
    };
    let good = file("good.perm", "1, 0\n3 2\n");
    let (code, out, err) = icn(&["throughput", "torus:k=4", "-r", "dor", "-t", &good]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["permutation"], serde_json::json!([1, 0, 3, 2]));
    assert_eq!(v["throughput"], 1.0);
    let bad = file("bad.perm", "1 0\n3 x\n");
    let (code, _, err) = icn(&["throughput", "torus:k=4", "-t", &bad]);
    assert_eq!(code, 2);
    assert!(
        err.contains(&format!(
            "--traffic {bad}: line 2: 'x' is not an endpoint number"
        )),
        "{err}"
    );
    let missing = format!("perm:@{}", dir.join("missing.perm").display());
    let (code, _, err) = icn(&["throughput", "torus:k=4", "-t", &missing]);
    assert_eq!(code, 2);
    assert!(err.contains(&format!("--traffic {missing}: ")), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
    let (code, _, err) = icn(&["throughput", "torus:k=5", "-r", "ugal"]);
    assert_eq!(code, 2);
    assert!(err.contains("chooses its route by the queues"), "{err}");
}
