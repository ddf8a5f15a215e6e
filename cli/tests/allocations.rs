//! Issue 36: no command allocates more than its estimate says. Each case runs `icn` under
//! an address-space cap (`ulimit -v`: an allocation past it fails, and `icn` aborts) of
//! its estimate's bytes above a baseline, with one malloc arena (`MALLOC_ARENA_MAX=1`: a
//! thread's arena reserves no address space of its own). The baseline is the least address
//! space, found by bisection, in which `icn export SPEC --format booksim` (a few lines)
//! runs on the same network: the binary, its libraries and stacks, and the network itself,
//! which the spec builds before any estimate (a Jellyfish's random graph, an imported
//! graph); for the readers, the same on a graph of ten nodes.

mod support;

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::Command;

use icn_core::sim::packet::{booksim_latencies, sim_estimate, SimSetup};
use icn_core::topology::imported::Imported;
use icn_core::{ExportFormat, Network};
use support::{outcome, random_edges};

/// `icn args` under a cap of `kib` KiB of address space, with one malloc arena (and a
/// timeout: a process starved of memory below what its libraries need may hang).
fn under(kib: u64, args: &[&str]) -> (i32, String, String) {
    outcome(
        Command::new("sh")
            .arg("-c")
            .arg(format!(
                "ulimit -v {kib}; exec timeout 60 \"$0\" \"$@\" > /dev/null"
            ))
            .arg(env!("CARGO_BIN_EXE_icn"))
            .args(args)
            .env("MALLOC_ARENA_MAX", "1")
            .output()
            .expect("icn runs"),
    )
}

/// The least address space (KiB, to 512 KiB) in which `icn args` succeeds.
fn least_space(args: &[&str]) -> u64 {
    let (mut lo, mut hi) = (8u64 << 10, 1u64 << 22);
    assert_eq!(under(hi, args).0, 0, "{args:?} fails under {hi} KiB");
    while hi - lo > 512 {
        let mid = (lo + hi) / 2;
        if under(mid, args).0 == 0 {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    hi
}

/// The baseline of `network` (a spec, or `--graph FILE`): `icn export … --format booksim`.
fn baseline(network: &[&str]) -> u64 {
    let mut args = vec!["export"];
    args.extend_from_slice(network);
    args.extend(["--format", "booksim"]);
    least_space(&args)
}

/// `icn args` succeeds within `bytes` above `base` KiB.
fn within(base: u64, bytes: u64, args: &[&str]) {
    let (code, _, err) = under(base + bytes.div_ceil(1024), args);
    assert_eq!(
        code, 0,
        "{args:?} failed within its estimate of {bytes} bytes above {base} KiB: {err}"
    );
}

/// A file of this test's own under the target directory.
fn file(name: &str, text: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("allocations");
    std::fs::create_dir_all(&dir).expect("a directory");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("written");
    path
}

/// `icn sim` on one thread holds what [`sim_estimate`] says a thread holds (`bytes_on(1)`,
/// its own network among it): from an 8-node ring saturated to its bound (every buffer
/// full) to 64 VCs of 32 flits on a 32 × 32 mesh, a Dragonfly's deep buffers, and an
/// imported graph of 3,000 nodes whose distances the simulator keeps.
#[test]
fn sim_within_its_estimate() {
    let graph = file("random3000.txt", &random_edges(3000, 1, 9));
    let path = graph.to_str().expect("a UTF-8 path");
    let imported: Network = Imported::from_text(&random_edges(3000, 1, 9))
        .expect("a graph")
        .into();
    let short = ["--sample-period", "200", "--max-samples", "1"];
    for (spec, vcs, buf, rate, extra) in [
        ("torus:k=8", 2, 4, "1", &["--latency-thres=-1"][..]),
        ("torus:k=16x16", 8, 64, "0.9", &short[..]),
        ("mesh:k=32x32", 64, 32, "0.9", &short[..]),
        ("dragonfly:a=8,p=4,h=4", 4, 256, "0.9", &short[..]),
        ("graph", 2, 8, "0.02", &short[..]),
    ] {
        let (net, network): (Network, Vec<&str>) = if spec == "graph" {
            (imported.clone(), vec!["--graph", path])
        } else {
            (spec.parse().expect("a network"), vec![spec])
        };
        let mut s = SimSetup::new(net.default_strategy());
        s.router.num_vcs = vcs;
        s.router.vc_buf_size = buf;
        (s.router.channel_latency, s.router.global_latency) = booksim_latencies(&net);
        let estimate = sim_estimate(&net, &s).bytes_on(1);
        let (vcs, buf) = (vcs.to_string(), buf.to_string());
        let mut args = vec!["sim"];
        args.extend(&network);
        args.extend(["--num-vcs", &vcs, "--vc-buf-size", &buf, "--rates", rate]);
        args.extend(["--threads", "1"]);
        args.extend(extra);
        within(baseline(&network), estimate, &args);
    }
}

/// `icn export` in every format holds its plan and a line at a time, what
/// [`Network::export_estimate`] says: an anynet file's endpoints by the thousand, a large
/// network's edge list.
#[test]
fn export_within_its_estimate() {
    for spec in [
        "polarfly:q=31,p=2000",
        "jellyfish:n=4096,r=8,p=64",
        "hypercube:n=16",
        "torus:k=256x256",
    ] {
        let net: Network = spec.parse().expect("a network");
        let base = baseline(&[spec]);
        for (format, f) in [
            ("edgelist", ExportFormat::EdgeList),
            ("nodes", ExportFormat::Nodes),
            ("anynet", ExportFormat::Anynet),
        ] {
            let estimate = net.export_estimate(f).bytes;
            within(base, estimate, &["export", spec, "--format", format]);
        }
    }
}

/// `--graph FILE` holds the graph, never the text ([`Imported::read_bytes`]): a 50 MB
/// edge list of a 1,000-node graph, all comment lines but its links, peaked at 638 MB when
/// files were read whole; a graph of 10⁵ nodes and 3·10⁵ links.
#[test]
fn imports_within_their_estimate() {
    let tiny = file("ten.txt", &random_edges(10, 1, 1));
    let base = baseline(&["--graph", tiny.to_str().expect("a path")]);
    let small = random_edges(1000, 2, 2);
    let mut commented = String::new();
    let comment = format!("# {}\n", "x".repeat(1000));
    for line in small.lines() {
        commented.push_str(&comment.repeat(18));
        let _ = writeln!(commented, "{line}");
    }
    assert!(commented.len() > 50 << 20, "{}", commented.len());
    for (name, text) in [
        ("commented.txt", commented),
        ("random100000.txt", random_edges(100_000, 2, 3)),
    ] {
        let estimate = Imported::from_text(&text).expect("a graph").read_bytes();
        let p = file(name, &text);
        let args = [
            "export",
            "--graph",
            p.to_str().expect("a path"),
            "--format",
            "booksim",
        ];
        within(base, estimate, &args);
    }
}
