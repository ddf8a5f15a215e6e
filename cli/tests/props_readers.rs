//! Issue 36's property tests for the readers, exports and `icn deadlock`: parameters near
//! every limit, each run of `icn` under a 4 GB address-space cap giving a result (exit 0)
//! or a clean refusal (exit 2, one line), never an abort, a signal or a stall; and
//! BookSim2 configurations near every limit read to an experiment or a refusal that names
//! its line.

mod support;

use std::path::PathBuf;

use icn_core::analysis::deadlock::{deadlock_estimate, MAX_VCS};
use icn_core::sim::packet::booksim::experiment;
use icn_core::{Estimate, ExportFormat, Network};
use proptest::prelude::*;
use support::{capped, CLI_BUDGET, TEST_BUDGET};

const EDGES: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "4",
    "7",
    "8",
    "15",
    "16",
    "17",
    "63",
    "64",
    "65",
    "1000",
    "65535",
    "65536",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "-1",
    "x",
    "",
];

fn edge() -> impl Strategy<Value = String> {
    prop::sample::select(EDGES).prop_map(String::from)
}

/// A result or a clean refusal, under the cap; `must_refuse` beyond `icn`'s budget.
fn clean(args: &[String], must_refuse: bool) -> Result<(), TestCaseError> {
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    support::clean_outcome(args, capped(&refs), must_refuse)
}

/// Runs the case when its estimate is small or beyond `icn`'s budget; only estimated
/// between.
fn gated(args: &[String], estimate: Estimate) -> Result<(), TestCaseError> {
    if estimate.within(TEST_BUDGET) {
        clean(args, false)?;
    } else if !estimate.within(CLI_BUDGET) {
        clean(args, true)?;
    }
    Ok(())
}

/// Specs of networks with endpoints per router, from tiny to far past every limit.
fn spec() -> impl Strategy<Value = String> {
    (0usize..6, edge(), edge()).prop_map(|(f, a, b)| match f {
        0 => format!("torus:k={a}x{b}"),
        1 => format!("polarfly:q={a},p={b}"),
        2 => format!("jellyfish:n={a},r=2,p={b}"),
        3 => format!("dragonfly:a={a},p={b},h=2"),
        4 => format!("hypercube:n={a}"),
        _ => format!("mesh:k={a}x{b}"),
    })
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| (*s).to_string()).collect()
}

/// A file of this test's own holding `bytes`.
fn file(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("props_readers");
    std::fs::create_dir_all(&dir).expect("a directory");
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("written");
    path
}

/// Pieces of graph texts: names, keywords, numbers at the limits, and bytes a reader
/// must handle (a byte-order mark, CR, NUL, a byte that is not UTF-8, long words).
const PIECES: &[&[u8]] = &[
    b"0",
    b"1",
    b"2",
    b"a",
    b"router",
    b"node",
    b" ",
    b"\t",
    b",",
    b"\n",
    b"\r\n",
    b"#",
    b"\xef\xbb\xbf",
    b"\x00",
    b"\xff",
    b"\xc3",
    b"18446744073709551615",
    b"4294967296",
    b"\xe2\x80\xa8",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// `icn deadlock` with every flag at its edges: a result or a clean refusal.
    #[test]
    fn deadlock(spec in spec(), vcs in edge(), max in edge(), scheme in prop::sample::select(&["", "one", "hops", "phases", "dateline", "x"][..])) {
        let mut args = strings(&["deadlock", &spec, "--vcs", &vcs, "--max-vcs", &max]);
        if !scheme.is_empty() {
            args.extend(strings(&["--scheme", scheme]));
        }
        let (Ok(net), Ok(v), Ok(m)) = (spec.parse::<Network>(), vcs.parse::<u32>(), max.parse::<u32>()) else {
            clean(&args, true)?;
            return Ok(());
        };
        let routing = net.routing(net.default_strategy()).expect("a strategy");
        let t = net.topology();
        // The most `icn` may build (every search and a scheme's choice) and the least (one
        // graph): run when the most is small, must refuse when even the least is too much.
        let (v, top) = (v.clamp(1, MAX_VCS), m.min(MAX_VCS));
        let mut most = deadlock_estimate(t, routing.as_ref(), v.max(top));
        most.steps = most.steps.saturating_mul((1 + u64::from(top)) * 3);
        let least = deadlock_estimate(t, routing.as_ref(), v);
        if most.within(TEST_BUDGET) {
            clean(&args, false)?;
        } else if !least.within(CLI_BUDGET) {
            clean(&args, true)?;
        }
    }

    /// `icn export` in every format: a small case writes at most its estimated bytes.
    #[test]
    fn export(spec in spec(), format in prop::sample::select(&["edgelist", "nodes", "anynet", "booksim"][..])) {
        let args = strings(&["export", &spec, "--format", format]);
        let Ok(net) = spec.parse::<Network>() else {
            clean(&args, true)?;
            return Ok(());
        };
        let f = match format {
            "edgelist" => ExportFormat::EdgeList,
            "nodes" => ExportFormat::Nodes,
            "anynet" => ExportFormat::Anynet,
            _ => ExportFormat::Booksim,
        };
        let mut e = net.export_estimate(f);
        if net.export_bytes(f) > 32 << 30 {
            e.steps = u64::MAX;
        }
        if e.within(TEST_BUDGET) {
            let refs: Vec<&str> = args.iter().map(String::as_str).collect();
            let (code, out, _) = capped(&refs);
            if code == 0 {
                prop_assert!(out.len() as u64 <= net.export_bytes(f), "{}: wrote {}", spec, out.len());
            }
        }
        gated(&args, e)?;
    }

    /// `icn info --graph FILE` on texts of hostile pieces: a graph or a clean refusal.
    #[test]
    fn imports(pieces in prop::collection::vec(prop::sample::select(PIECES), 0..60), n in 0u32..1000) {
        let text: Vec<u8> = pieces.concat();
        let p = file(&format!("case{n}.txt"), &text);
        clean(&strings(&["info", "--graph", p.to_str().expect("a path")]), false)?;
    }

    /// BookSim2 configurations with keys at their limits and stray syntax: an experiment,
    /// or a refusal on a line of the file (0 for a key left out).
    #[test]
    fn configs(
        topo in prop::sample::select(&["mesh", "torus", "fattree", "dragonflynew", "flatfly", "anynet", "x"][..]),
        k in edge(), n in edge(), vcs in edge(), packet in edge(), warmup in edge(),
        rate in prop::sample::select(&["0.1", "0", "1", "NaN", "{0.1,0.2}", "{0.1, 0.2", "1e308", "-1"][..]),
        junk in prop::sample::select(&["", "\"q;\"", "/*", "{", ";;", "= 4;", "k 4", "\u{feff}", "// c", "#"][..]),
    ) {
        let text = format!(
            "topology = {topo};\nk = {k};\nn = {n};\nrouting_function = dim_order;\n\
             num_vcs = {vcs}; packet_size = {packet};\nwarmup_periods = {warmup};\n\
             injection_rate = {rate};\nvc_allocator = separable_input_first;\n\
             sw_allocator = separable_input_first;\n{junk}\n"
        );
        let lines = text.lines().count();
        if let Err(e) = experiment(&text, None) {
            prop_assert!(e.line <= lines, "{}: {}", text, e);
            prop_assert!(e.message.len() < 400, "{}", e);
        }
    }
}
