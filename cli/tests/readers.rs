//! Issue 36's reproductions for the readers, exports and `icn deadlock`, one test each:
//! a correct result or a clean refusal (exit 2, one line), each run under a 4 GB
//! address-space cap.

mod support;

use std::path::PathBuf;

use support::{capped, random_edges, refused};

/// A file of this test's own under the target directory, holding `bytes`.
fn file(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("readers");
    std::fs::create_dir_all(&dir).expect("a directory");
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("written");
    path
}

fn arg(p: &std::path::Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

/// `printf '\xef\xbb\xbf0 1\n1 2\n2 0\n'` is a triangle: 3 nodes, diameter 1.
#[test]
fn graph_with_a_byte_order_mark() {
    let p = file("bom.txt", b"\xef\xbb\xbf0 1\n1 2\n2 0\n");
    let (code, out, err) = capped(&["info", "--graph", arg(&p)]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(
        (v["nodes"].as_u64(), v["diameter"].as_u64()),
        (Some(3), Some(1))
    );
}

/// `--graph /dev/zero` read until memory ran out: refused at its first line's cap.
#[test]
fn graph_dev_zero() {
    let err = refused(&["info", "--graph", "/dev/zero"]);
    assert!(err.contains("line 1 is longer than 4 MiB"), "{err}");
}

/// A file over the size cap is refused by its size, before a line is read (a sparse
/// file: its size without its bytes).
#[test]
fn graph_over_the_size_cap() {
    let p = file("huge.txt", b"");
    let f = std::fs::OpenOptions::new()
        .write(true)
        .open(&p)
        .expect("open");
    f.set_len(320 << 20).expect("sized");
    let err = refused(&["info", "--graph", arg(&p)]);
    assert!(err.contains("more than 256 MiB (335544320 bytes"), "{err}");
}

/// A byte that is not UTF-8 is reported at its line and column.
#[test]
fn graph_not_utf8() {
    let p = file("latin1.txt", b"a b\nb \xe9t\xe9\n");
    let err = refused(&["info", "--graph", arg(&p)]);
    assert!(
        err.contains("line 2, column 3: the byte 0xe9 is not UTF-8"),
        "{err}"
    );
}

/// `--graph a.txt --graph b.txt` used a.txt silently.
#[test]
fn graph_given_twice() {
    let a = file("a.txt", b"0 1\n");
    let b = file("b.txt", b"0 1\n1 2\n");
    let err = refused(&["info", "--graph", arg(&a), &format!("--graph={}", arg(&b))]);
    assert!(err.contains("--graph is given twice"), "{err}");
}

/// `icn families --graph` on a large file printed a 909 KB error line.
#[test]
fn families_with_a_large_graph() {
    let text: String = (1..30_000).map(|i| format!("{} {i}\n", i - 1)).collect();
    let p = file("path.txt", text.as_bytes());
    let err = refused(&["families", "--graph", arg(&p)]);
    assert!(err.len() < 400, "{} bytes: {err}", err.len());
}

fn deadlock(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["deadlock"];
    all.extend_from_slice(args);
    let (code, out, err) = capped(&all);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).expect("JSON")
}

/// `--max-vcs 1000000` reported `max_vcs_searched: 1000000` when the search stopped at 16
/// (a channel's states were the bits of a `u32`): the search now reaches 64, the most the
/// analysis and the simulator take, and says so.
///
/// Why a ring of k under dimension order needs exactly L = ⌊k/2⌋ hop classes, L being its
/// longest route's hops (the diameter `icn info` finds by its own search): with L classes
/// hop i of every route has class i, so classes only rise along a route and the graph has
/// no cycle; with L − 1, the last two hops of every longest route share the last class,
/// and the longest routes from every node, all turning the same way, chain those channels
/// around the ring into a cycle.
#[test]
fn deadlock_max_vcs_reaches_the_vcs_needed() {
    let hops = |spec: &str, max: &str| {
        deadlock(&[
            spec,
            "--routing",
            "dor",
            "--scheme",
            "hops",
            "--max-vcs",
            max,
        ])
    };
    for k in [20u64, 31, 40, 128] {
        let spec = format!("torus:k={k}");
        let (code, out, err) = capped(&["info", &spec]);
        assert_eq!(code, 0, "{err}");
        let info: serde_json::Value = serde_json::from_str(&out).expect("JSON");
        let longest = info["diameter"].as_u64().expect("a diameter");
        assert_eq!(longest, k / 2, "{spec}");
        let v = hops(&spec, "1000000");
        assert_eq!(v["min_vcs"].as_u64(), Some(longest), "{spec}");
        assert_eq!(v["max_vcs_searched"], 64, "{spec}");
        // One fewer than needed: a cycle, as the argument above says.
        let fewer = (longest - 1).to_string();
        let v = deadlock(&[
            &spec,
            "--routing",
            "dor",
            "--scheme",
            "hops",
            "--vcs",
            &fewer,
        ]);
        assert_eq!(v["deadlock_free"], false, "{spec} on {fewer}");
    }
    // Beyond the bound: a ring of 130 needs 65; none found up to 64, and that is said.
    let v = hops("torus:k=130", "1000000");
    assert_eq!(v["min_vcs"], serde_json::Value::Null);
    assert_eq!(v["max_vcs_searched"], 64);
    let err = refused(&["deadlock", "torus:k=130", "--scheme", "hops", "--vcs", "65"]);
    assert!(err.contains("give 1 to 64"), "{err}");
    let v = deadlock(&["torus:k=8x8", "--routing", "dor", "--max-vcs", "5"]);
    assert_eq!(v["max_vcs_searched"], 1, "the one-VC scheme tries one");
}

/// `--vcs 2` answered for scheme `one` on 1 VC: now the scheme is picked as `icn sim`
/// picks it (the dateline on a torus, deadlock-free on 2) and said, or refused when named.
#[test]
fn deadlock_vcs_picks_a_scheme_that_uses_them() {
    let v = deadlock(&["torus:k=8x8", "--routing", "dor", "--vcs", "2"]);
    assert_eq!(
        (
            &v["scheme"],
            &v["scheme_chosen"],
            &v["vcs"],
            &v["deadlock_free"]
        ),
        (&"dateline".into(), &true.into(), &2.into(), &true.into())
    );
    let v = deadlock(&["dragonfly:a=4,p=2,h=2", "--routing", "lgl", "--vcs", "2"]);
    assert_eq!(
        (&v["scheme"], &v["deadlock_free"]),
        (&"phases".into(), &true.into())
    );
    let v = deadlock(&["torus:k=8x8", "--routing", "dor"]);
    assert_eq!(
        (&v["scheme"], &v["scheme_chosen"]),
        (&"one".into(), &false.into())
    );
    let err = refused(&[
        "deadlock",
        "torus:k=8x8",
        "--routing",
        "dor",
        "--vcs",
        "2",
        "--scheme",
        "one",
    ]);
    assert!(err.contains("--vcs 2 would not be used"), "{err}");
}

/// Exports counted no endpoints: PolarFly(997) with 65,536 endpoints a router aborted at
/// 4 GB, and a two-node `graph:` code with a concentration of 2³² − 1 after 3.3 s. Both
/// are refused by their estimate now.
#[test]
fn export_counts_its_endpoints() {
    for spec in ["polarfly:q=997,p=65536", "graph:g=AQIC_____w8AAQAA"] {
        let err = refused(&["export", spec, "--format", "anynet"]);
        assert!(
            err.contains("would take about") && err.contains("--force"),
            "{err}"
        );
    }
    // The code is the 2-node graph it says, with that concentration.
    let (code, out, err) = capped(&["info", "graph:g=AQIC_____w8AAQAA"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"nodes\": 2"), "{out}");
}

/// `icn sim --config` reads its configuration and the anynet file beside it through the
/// same line reader as `--graph`: a byte-order mark and CRLF line ends change nothing (the
/// same numbers as the plain files), and `/dev/zero` is refused at its first line.
#[test]
fn sim_config_with_a_byte_order_mark_and_crlf() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/booksim/configs");
    let dos = |name: &str| {
        let text = std::fs::read_to_string(format!("{dir}/{name}")).expect("a config");
        let mut bytes = b"\xef\xbb\xbf".to_vec();
        bytes.extend(text.replace('\n', "\r\n").into_bytes());
        bytes
    };
    file("slimfly5.anynet", &dos("slimfly5.anynet"));
    let cfg = file("slimfly5.cfg", &dos("slimfly5.cfg"));
    let run = |cfg: &str| capped(&["sim", "--config", cfg, "--rates", "0.1", "--threads", "1"]);
    let (code, windows, err) = run(arg(&cfg));
    assert_eq!(code, 0, "{err}");
    let (code, plain, err) = run(&format!("{dir}/slimfly5.cfg"));
    assert_eq!(code, 0, "{err}");
    assert_eq!(windows, plain);
    let err = refused(&["sim", "--config", "/dev/zero"]);
    assert!(err.contains("--config /dev/zero"), "{err}");
}

/// `icn info --graph` on a graph of a million nodes and three million links fitted the
/// budget by its estimate, then ran for about 20 minutes with nothing printed: the
/// bit-parallel search's 140 MB of words miss the cache on nearly every read, which its
/// estimate now counts (23 ns a word operation measured, against 3 in cache), so it is
/// refused at once with the estimate and the way further.
#[test]
fn info_on_a_million_node_graph_is_refused_by_its_estimate() {
    let p = file("million.txt", random_edges(1 << 20, 2, 5).as_bytes());
    let err = refused(&["info", "--graph", arg(&p)]);
    assert!(
        err.contains("icn info would take about") && err.contains("--force"),
        "{err}"
    );
}

/// A long imported-graph metric reports its passes on stderr (`ICN_PROGRESS_AFTER=0`:
/// at once): 4,096 nodes are 16 passes of 256 sources, the estimate first.
#[test]
fn info_on_a_graph_reports_its_passes() {
    let p = file("random4096.txt", random_edges(4096, 2, 3).as_bytes());
    for command in ["info", "metrics"] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_icn"))
            .args([command, "--graph", arg(&p)])
            .env("ICN_PROGRESS_AFTER", "0")
            .output()
            .expect("icn runs");
        let (code, out, err) = support::outcome(out);
        assert_eq!(code, 0, "{err}");
        assert!(
            err.contains(&format!("icn: {command}: distances: estimated at most")),
            "{err}"
        );
        assert!(
            err.contains(&format!(
                "icn: {command}: distances: 100%: 16 of 16 passes of 256 sources"
            )),
            "{err}"
        );
        let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
        assert_eq!(v["nodes"], 4096, "{command}");
    }
}

/// `icn sim --graph` on a graph of 3,000 nodes spent minutes silently before its first
/// point's first progress line: past 2,048 nodes the simulator asked minimal routing at
/// every hop, and every call searched the graph from the destination again. The
/// simulator keeps the graph's distances now (N² of 2 bytes, in its estimate); the
/// deadlock analyses that choose the scheme and the point report on stderr
/// (`ICN_PROGRESS_AFTER=0`: at once), and the point runs. On as many VCs as the graph's
/// diameter (`icn info`'s), the hops scheme gives every hop of a minimal route its own
/// class, rising along the route, so the analysis finds it deadlock-free; at a load of
/// 0.02 (its tree's channels near the root carry the most) the point is stable and accepts what is offered (within the sampling's noise).
#[test]
fn sim_on_a_3000_node_graph_reports_and_runs() {
    let p = file("random3000.txt", random_edges(3000, 1, 9).as_bytes());
    let (code, out, err) = capped(&["info", "--graph", arg(&p)]);
    assert_eq!(code, 0, "{err}");
    let info: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let vcs = info["diameter"].as_u64().expect("a diameter").to_string();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_icn"))
        .args([
            "sim",
            "--graph",
            arg(&p),
            "--num-vcs",
            &vcs,
            "--rates",
            "0.02",
            "--threads",
            "1",
            "--warmup-periods",
            "1",
            "--max-samples",
            "2",
        ])
        .env("ICN_PROGRESS_AFTER", "0")
        .output()
        .expect("icn runs");
    let (code, out, err) = support::outcome(out);
    assert_eq!(code, 0, "{err}");
    for line in [
        "icn: sim: choosing the VC scheme: estimated at most".to_string(),
        "deadlock analysis 1 of at most 2: the one scheme, 1 VC class, 0 of 3000 destinations"
            .to_string(),
        format!("deadlock analysis 2 of at most 2: the hops scheme, {vcs} VC classes"),
        "icn: sim: load 0.02: estimated at most".to_string(),
    ] {
        assert!(err.contains(&line), "{line}: {err}");
    }
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(
        (&v["scheme"], &v["deadlock_free"]),
        (&"hops".into(), &true.into())
    );
    let point = &v["points"][0];
    assert_eq!(point["status"], "stable", "{point}");
    let accepted = point["accepted"].as_f64().expect("a throughput");
    assert!((accepted - 0.02).abs() < 0.002, "{point}");
}

/// A relation that searches the graph at every call, past the tables (up*/down* on 3,000
/// nodes; minimal past 16,384 nodes, where the distances would take over 512 MiB): the
/// estimate charges a search a router-cycle, and the run is refused with it and
/// `--force`, not left to run for hours without a word.
#[test]
fn sim_searching_at_every_hop_is_refused_by_its_estimate() {
    let small = file("random3000b.txt", random_edges(3000, 2, 9).as_bytes());
    let large = file("random20000.txt", random_edges(20_000, 2, 9).as_bytes());
    for (p, routing) in [(&small, "updown"), (&large, "minimal")] {
        let err = refused(&[
            "sim",
            "--graph",
            arg(p),
            "--routing",
            routing,
            "--rates",
            "0.1",
            "--threads",
            "1",
        ]);
        assert!(
            err.contains("this simulation would take about") && err.contains("--force"),
            "{routing}: {err}"
        );
    }
}
