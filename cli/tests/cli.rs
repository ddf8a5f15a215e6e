//! The `icn` binary end to end: JSON shapes, values against core, one-line errors.

use std::process::Command;

use serde_json::Value;

fn icn(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_icn"))
        .args(args)
        .output()
        .expect("icn runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn json(args: &[&str]) -> Value {
    let (code, out, err) = icn(args);
    assert_eq!(code, 0, "icn {args:?} failed: {err}");
    serde_json::from_str(&out).expect("valid JSON")
}

#[test]
fn route_reports_distance_count_and_paths() {
    let v = json(&["route", "hypercycle:m=5x4x3,rho=2x1x1", "000", "421"]);
    assert_eq!(v["distance"], 4);
    assert_eq!(v["path_count"], 24);
    assert_eq!(v["paths"].as_array().map(Vec::len), Some(24));
    assert_eq!(v["truncated"], false);
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
    assert_eq!(out, "0 2\n0 1\n1 3\n2 3\n");
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
        (vec!["info", "torus:n=3"], "unknown family 'torus'"),
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
