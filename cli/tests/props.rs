//! Property tests per command family (issue 18): parameters generated near every limit
//! (0, 1, powers of two and their neighbours, the largest networks, u64::MAX), and for
//! each run of `icn` under a 4 GB address-space cap: a result (exit 0, valid JSON or CSV)
//! or a clean refusal (exit 2, one line), never an abort, a signal or a stall.
//!
//! The core estimates decide what runs: a case whose estimate is within a small test
//! budget runs to its result; one beyond `icn`'s own budget must be refused at once; the
//! cases between (which `icn` would compute for minutes) only have their estimate taken.

mod support;

use std::process::Command;

use icn_core::sim::packet::{booksim_latencies, sim_estimate, SimSetup};
use icn_core::sim::{sweep_estimate, SimConfig};
use icn_core::topology::d3::schedule::{CollectiveName, OCCUPANCY_LIMIT, SCHEDULE_LIMIT};
use icn_core::{Budget, Estimate, ExportFormat, Network, FAMILIES};
use proptest::prelude::*;
use support::{outcome, CLI_BUDGET, TEST_BUDGET};

/// Numbers at and around the limits of the parameters.
const EDGES: &[u64] = &[
    0,
    1,
    2,
    3,
    4,
    5,
    7,
    8,
    9,
    16,
    31,
    32,
    33,
    36,
    37,
    63,
    64,
    65,
    255,
    256,
    257,
    1023,
    1024,
    1025,
    4096,
    32767,
    32768,
    46340,
    46341,
    65535,
    65536,
    65537,
    1 << 20,
    (1 << 31) - 1,
    1 << 31,
    1 << 32,
    u64::MAX,
];

fn edge() -> impl Strategy<Value = u64> {
    prop_oneof![
        3 => prop::sample::select(EDGES),
        1 => 0u64..70,
    ]
}

/// A value for a parameter: an edge number, or a short vector of them (`4x4x2`).
fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => edge().prop_map(|v| v.to_string()),
        1 => prop::collection::vec(prop_oneof![2u64..10, prop::sample::select(EDGES)], 1..5)
            .prop_map(|v| v.iter().map(u64::to_string).collect::<Vec<_>>().join("x")),
    ]
}

/// A spec of any family, each parameter either the example's or an edge value.
fn spec() -> impl Strategy<Value = String> {
    (
        0..FAMILIES.len(),
        prop::collection::vec((any::<bool>(), value()), 8),
    )
        .prop_map(|(i, values)| {
            let f = &FAMILIES[i];
            let example: icn_core::Spec = f.example.parse().expect("examples parse");
            let mut items = Vec::new();
            for (p, (replace, v)) in f.params.iter().zip(values) {
                match (replace, example.value(p.key)) {
                    (true, _) => items.push(format!("{}={v}", p.key)),
                    (false, Some(e)) => items.push(format!("{}={e}", p.key)),
                    (false, None) => {}
                }
            }
            for flag in f.flags {
                if example.has(flag.key) {
                    items.push(flag.key.to_string());
                }
            }
            format!("{}:{}", f.name, items.join(","))
        })
}

/// Exit status (or -1 for a signal), stdout, stderr of `icn` under the memory cap and a
/// time limit (exit 124 beyond it).
fn icn(args: &[String]) -> (i32, String, String) {
    let out = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 4000000; exec timeout 120 \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_icn"))
        .args(args)
        .output()
        .expect("icn runs");
    outcome(out)
}

/// The case ran: a result, or a clean refusal; `must_refuse` when its estimate exceeds
/// `icn`'s budget.
fn clean(args: &[String], must_refuse: bool) -> Result<(), TestCaseError> {
    support::clean_outcome(args, icn(args), must_refuse)
}

/// Runs the case when its estimate is small or beyond `icn`'s budget (then it must be
/// refused); the cases between are only estimated.
fn gated(args: Vec<String>, estimate: Estimate) -> Result<(), TestCaseError> {
    if estimate.within(TEST_BUDGET) {
        clean(&args, false)
    } else if !estimate.within(CLI_BUDGET) {
        clean(&args, true)
    } else {
        Ok(())
    }
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| (*s).to_string()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// `icn info` and `icn metrics` on any spec near the limits.
    #[test]
    fn info_and_metrics(spec in spec()) {
        let Ok(net) = spec.parse::<Network>() else {
            return clean(&strings(&["info", &spec]), true);
        };
        let info = net.cost().info;
        gated(strings(&["info", &spec]), info)?;
        let routing = net.routing(net.default_strategy()).expect("default strategy");
        let loads = icn_core::metrics::load_estimate(net.topology(), routing.as_ref());
        // Metrics skip the loads (not refuse) beyond the budget or 2^22 nodes: the
        // distances alone decide a refusal.
        let skipped = !loads.within(CLI_BUDGET) || net.topology().node_count() > 1 << 22;
        let args = strings(&["metrics", &spec]);
        if !info.within(CLI_BUDGET) {
            clean(&args, true)?;
        } else if info.within(TEST_BUDGET) && (skipped || loads.within(TEST_BUDGET)) {
            clean(&args, false)?;
        }
    }

    /// `icn route` between any two nodes, under every strategy, with limits at the edges.
    #[test]
    fn route(spec in spec(), a in any::<u64>(), b in any::<u64>(), s in any::<prop::sample::Index>(), limit in edge()) {
        let Ok(net) = spec.parse::<Network>() else { return Ok(()) };
        let n = net.topology().node_count() as u64;
        let (a, b) = ((a % n) as usize, (b % n) as usize);
        let strategies = net.strategies();
        let strategy = strategies[s.index(strategies.len())].name;
        let limit = usize::try_from(limit).unwrap_or(usize::MAX);
        let e = net.route_cost(strategy, a, b, limit);
        let args = strings(&["route", &spec, &net.format_node(a), &net.format_node(b), "-s", strategy, "-l", &limit.to_string()]);
        gated(args, e)?;
    }

    /// `icn export` in every format.
    #[test]
    fn export(spec in spec(), format in prop::sample::select(&["edgelist", "nodes", "anynet", "booksim"][..])) {
        let Ok(net) = spec.parse::<Network>() else { return Ok(()) };
        if format == "booksim" {
            // A BookSim2 configuration of a few lines at any size: never refused.
            return clean(&strings(&["export", &spec, "--format", format]), false);
        }
        let f = match format {
            "edgelist" => ExportFormat::EdgeList,
            "nodes" => ExportFormat::Nodes,
            _ => ExportFormat::Anynet,
        };
        let mut e = net.export_estimate(f);
        if net.export_bytes(f) > 32 << 30 {
            e.steps = u64::MAX;
        }
        gated(strings(&["export", &spec, "--format", format]), e)?;
    }

    /// `icn simulate` with its settings at the edges.
    #[test]
    fn simulate(
        n in 1u64..8,
        load in prop::sample::select(&["0", "1e-308", "0.5", "2", "2.0000001", "nan", "inf", "-1"][..]),
        ticks in edge(), warmup in edge(), transmission in edge(), hop in edge(), events in edge(),
    ) {
        let spec = format!("hypercube:n={n}");
        let args: Vec<String> = [
            "simulate", &spec, "--loads", load, "--policies", "backtrack",
            "--ticks", &ticks.to_string(), "--warmup", &warmup.to_string(),
            "--transmission", &transmission.to_string(), "--hop", &hop.to_string(),
            "--max-events", &events.to_string(),
        ].iter().map(|s| (*s).to_string()).collect();
        let net: Network = spec.parse().expect("a cube");
        let h = net.hypercycle().expect("a hypercycle");
        let cfg = SimConfig {
            loads: vec![load.parse().unwrap_or(0.5)],
            ticks, warmup_ticks: warmup, transmission_ticks: transmission, hop_ticks: hop,
            max_events: events,
            ..SimConfig::default()
        };
        gated(args, sweep_estimate(h, &cfg))?;
    }

    /// `icn schedule` of every collective on D3s near the limits.
    #[test]
    fn schedule(k in edge(), m in edge(), which in prop::sample::select(&["broadcast", "one-to-all", "all-to-one", "all-to-all", "permutation"][..]), count in edge(), summary in any::<bool>()) {
        let spec = format!("d3:k={k},m={m}");
        let mut args = strings(&["schedule", &spec, which, "--root", "(0,0,0)", "--count", &count.to_string()]);
        // The channel uses simulated, when the network and the collective are valid.
        let size = spec.parse::<Network>().ok().and_then(|n| {
            let d = n.d3().ok()?;
            let name = which.parse::<CollectiveName>().ok()?;
            Some(d.schedule_size(name.at(0, small(count))))
        });
        let limit = if summary { SCHEDULE_LIMIT } else { OCCUPANCY_LIMIT };
        // Every case runs: one beyond the schedule's limit must be refused; one listed
        // step by step above 2^18 uses (about 37 MB of JSON) runs with --summary instead,
        // which simulates the same rounds without printing a step list of up to 600 MB.
        let listed_small = size.is_none_or(|u| u <= 1 << 18);
        if summary || (!listed_small && size.is_some_and(|u| u <= limit)) {
            args.push("--summary".into());
        }
        let must_refuse = size.is_some_and(|u| u > limit);
        clean(&args, must_refuse)?;
    }

    /// `icn loads` on Hypercycles near the limits, with routings repeated or not.
    #[test]
    fn loads(n in edge(), routing in prop::sample::select(&["ecube", "greedy,ecube", "minimal,minimal", "eq311", "bogus"][..]), per_link in any::<bool>()) {
        let spec = format!("hypercube:n={n}");
        let mut args = strings(&["loads", &spec, "--routing", routing]);
        if per_link {
            args.push("--per-link".into());
        }
        if n <= 12 || n > 31 {
            clean(&args, false)?;
        }
    }
}

/// What a simulation case may cost to be run here: `icn sim`'s bound counts the protocol's
/// whole drain and settling (at least 1.2·10⁵ cycles a point), far above what a point at
/// these sizes simulates, so the cases run up to 2²³ router-cycles of bound.
const SIM_TEST_BUDGET: Budget = Budget {
    steps: 1 << 31,
    bytes: 256 << 20,
};

/// A u32 flag's value near its limits (clap refuses what does not fit a u32 before `icn`
/// reads it; that refusal is clap's, not the guard's).
fn small(v: u64) -> u32 {
    u32::try_from(v).unwrap_or(u32::MAX)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// `icn sim` with its network, router and protocol near every limit: a result or a
    /// clean refusal, never an abort (issue 36: it allocated before it estimated).
    #[test]
    fn sim(
        spec in prop::sample::select(&["mesh:k=2x2", "mesh:k=4x4", "torus:k=4x4", "torus:k=8", "hypercube:n=4", "dragonfly:a=4,p=2,h=2", "mesh:k=1024x1024", "torus:k=2048x1024", "hypercube:n=20"][..]),
        vcs in edge(), buf in edge(), size in edge(), period in edge(), samples in edge(), warmup in edge(),
        rate in prop::sample::select(&["0.05", "0.5", "1", "1e-9", "0.05,0.1,0.15"][..]),
        threads in 1u64..4,
    ) {
        let (vcs, buf, size, samples, warmup) = (small(vcs), small(buf), small(size), small(samples), small(warmup));
        let args: Vec<String> = [
            "sim", spec, "--rates", rate, "--threads", &threads.to_string(),
            "--num-vcs", &vcs.to_string(), "--vc-buf-size", &buf.to_string(),
            "--packet-size", &size.to_string(), "--sample-period", &period.to_string(),
            "--max-samples", &samples.to_string(), "--warmup-periods", &warmup.to_string(),
        ].iter().map(|s| (*s).to_string()).collect();
        let net: Network = spec.parse().expect("a network");
        let mut s = SimSetup::new(net.default_strategy());
        s.router.num_vcs = vcs;
        s.router.vc_buf_size = buf;
        s.router.packet_size = size;
        (s.router.channel_latency, s.router.global_latency) = booksim_latencies(&net);
        s.protocol.sample_period = period;
        s.protocol.max_samples = samples;
        s.protocol.warmup_periods = warmup;
        let e = sim_estimate(&net, &s);
        let one = e.one_thread();
        let all = Estimate { steps: one.steps, bytes: e.bytes_on(threads) };
        if all.within(SIM_TEST_BUDGET) {
            clean(&args, false)?;
        } else if !one.within(CLI_BUDGET) {
            clean(&args, true)?;
        }
    }
}
