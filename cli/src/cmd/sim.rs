//! `icn sim`: the packet-level simulator (BookSim2's model) over a range of offered loads,
//! points in parallel on every core (docs/cli.md, docs/simulation.md).

use std::io::Write;

use clap::Args;
use icn_core::analysis::deadlock::{applies, DeadlockError, Scheme};
use icn_core::sim::packet::config::parse_rates;
use icn_core::sim::packet::{
    booksim, booksim_latencies, booksim_noc, short_buffer, sim_estimate, sweep_up_to, PointResult,
    Protocol, RouterConfig, SimEstimate, SimSetup, Simulator, Status, BATCH_CSV_HEADER, CSV_HEADER,
};
use icn_core::{amount, bytes_text};
use serde::Serialize;

use icn_core::Network;

use crate::output::{
    json, network, note, read_capped, strategy_name, Failure, Format, Progress, CLI_BUDGET,
};

#[derive(Args, Debug)]
pub struct SimArgs {
    /// Topology spec.
    #[arg(required_unless_present = "config")]
    spec: Option<String>,
    /// A BookSim2 configuration file: its network, routing, router, traffic, protocol,
    /// seed and injection rates (an anynet network file is read beside it); only
    /// `--rates`, `--threads`, `--channels` and `--format` apply besides.
    #[arg(long, conflicts_with = "spec")]
    config: Option<std::path::PathBuf>,
    /// Routing strategy (default: the family's first), or `table` (BookSim2 anynet's).
    #[arg(long, short, conflicts_with = "config")]
    routing: Option<String>,
    /// Virtual-channel scheme: one, dateline, phases or hops (default: the first the
    /// deadlock analysis finds deadlock-free).
    #[arg(long, conflicts_with = "config")]
    scheme: Option<String>,
    /// Traffic: uniform, transpose, bitcomp, bitrev, shuffle, tornado, neighbor,
    /// hotspot(E,…), hotspot({E,…},{R,…}), background({E,…}), diagonal, asymmetric,
    /// taper64, bad_dragon(K,N), badperm_yarc(K,N,XR), randperm(SEED) (BookSim2's
    /// permutation for that seed), or a permutation in full: perm:D0,D1,… or perm:@FILE
    /// (`icn throughput --traffic worst` writes one).
    #[arg(long, short, default_value = "uniform", conflicts_with = "config")]
    traffic: String,
    /// Offered loads in flits per endpoint per cycle: FROM:TO:STEP or a comma list
    /// [default: 0.05:0.95:0.05, or the configuration's injection_rate].
    #[arg(long)]
    rates: Option<String>,
    /// Virtual channels per port.
    #[arg(long, default_value_t = 16, conflicts_with = "config")]
    num_vcs: u32,
    /// Flits of buffer per virtual channel.
    #[arg(long, default_value_t = 8, conflicts_with = "config")]
    vc_buf_size: u32,
    /// Flits per packet.
    #[arg(long, default_value_t = 1, conflicts_with = "config")]
    packet_size: u32,
    /// Cycles of route computation (0: look-ahead).
    #[arg(long, default_value_t = 1, conflicts_with = "config")]
    routing_delay: u32,
    /// Cycles of virtual-channel allocation.
    #[arg(long, default_value_t = 1, conflicts_with = "config")]
    vc_alloc_delay: u32,
    /// Cycles of switch allocation.
    #[arg(long, default_value_t = 1, conflicts_with = "config")]
    sw_alloc_delay: u32,
    /// Cycles of switch traversal.
    #[arg(long, default_value_t = 1, conflicts_with = "config")]
    st_final_delay: u32,
    /// Cycles a credit waits in the router that receives it.
    #[arg(long, default_value_t = 0, conflicts_with = "config")]
    credit_delay: u32,
    /// Hand an output VC to a new packet only once the last one's tail credit is back.
    #[arg(long, conflicts_with = "config")]
    wait_for_tail_credit: bool,
    /// Cycles on a channel between routers (default: BookSim2's for the topology: 2 in a
    /// torus, 10 in a Dragonfly, each channel's length in tiles in a concentrated mesh
    /// (2, k on an express channel), 1 elsewhere; given, it applies to every channel).
    #[arg(long, conflicts_with = "config")]
    channel_latency: Option<u32>,
    /// Cycles on a Dragonfly's global channels (default: 100 as BookSim2's dragonflynew).
    #[arg(long, conflicts_with = "config")]
    global_latency: Option<u32>,
    /// Cycles per sample period.
    #[arg(long, default_value_t = 1000, conflicts_with = "config")]
    sample_period: u64,
    /// Sample periods of warm-up.
    #[arg(long, default_value_t = 3, conflicts_with = "config")]
    warmup_periods: u32,
    /// Sample periods at most.
    #[arg(long, default_value_t = 10, conflicts_with = "config")]
    max_samples: u32,
    /// Average latency past which a point is saturated (a negative one turns the test off).
    #[arg(long, default_value_t = 500.0, conflicts_with = "config")]
    latency_thres: f64,
    /// Other router and protocol keys in BookSim2's syntax, e.g. 'credit_delay = 2;
    /// stopping_thres = 0.02' (the simulation view's "Other BookSim2 keys"); they win over
    /// the flags above.
    #[arg(long, conflicts_with = "config")]
    keys: Option<String>,
    /// Seed: the same seed gives the same numbers everywhere.
    #[arg(long, default_value_t = 1, conflicts_with = "config")]
    seed: u64,
    /// Threads (default: every core).
    #[arg(long, value_parser = crate::output::thread_count)]
    threads: Option<usize>,
    /// Also list every channel's utilisation per point (JSON only).
    #[arg(long)]
    channels: bool,
    /// Output format.
    #[arg(long, value_enum, default_value = "json")]
    format: Format,
}

/// The offered loads of `text`, by the one grammar the page's loads field reads too
/// ([`parse_rates`]: FROM:TO:STEP (TO included) or a comma list, at most 1,000 loads).
fn rates(text: &str) -> Result<Vec<f64>, Failure> {
    parse_rates(text).map_err(|e| Failure(format!("--rates: {e}")))
}

/// One point: its result or why it has none.
#[derive(Serialize)]
struct Point {
    rate: f64,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    result: Option<PointResult>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

#[derive(Serialize)]
struct Report<'a> {
    spec: String,
    routing: &'a str,
    scheme: Scheme,
    vc_classes: u32,
    deadlock_free: Option<bool>,
    traffic: String,
    routers: usize,
    endpoints: usize,
    router: RouterConfig,
    protocol: Protocol,
    seed: u64,
    /// The largest accepted throughput of a stable point.
    saturation_throughput: Option<f64>,
    points: Vec<Point>,
}

fn setup(
    a: &SimArgs,
    net: &Network,
    routing: &str,
    defaults: (u32, Option<u32>),
) -> Result<SimSetup, Failure> {
    // Global channels are those crossing a phase boundary: where the phases scheme finds
    // none, there is nothing for the flag to set.
    let no_phases = matches!(
        applies(net.topology(), Scheme::Phases),
        Err(DeadlockError::Unavailable { .. })
    );
    if a.global_latency.is_some() && no_phases {
        return Err(Failure(format!(
            "--global-latency: {} has no global channels (no link crosses between groups), so \
             it would change nothing; --channel-latency sets its channels' cycles",
            net.spec()
        )));
    }
    let mut s = SimSetup::new(routing);
    s.scheme = a.scheme.as_deref().map(str::parse).transpose()?;
    s.traffic = super::throughput::pattern(&a.traffic)?;
    s.router = RouterConfig {
        num_vcs: a.num_vcs,
        vc_buf_size: a.vc_buf_size,
        packet_size: a.packet_size,
        routing_delay: a.routing_delay,
        vc_alloc_delay: a.vc_alloc_delay,
        sw_alloc_delay: a.sw_alloc_delay,
        st_final_delay: a.st_final_delay,
        credit_delay: a.credit_delay,
        wait_for_tail_credit: a.wait_for_tail_credit,
        channel_latency: a.channel_latency.unwrap_or(defaults.0),
        global_latency: a.global_latency.or(defaults.1),
        noc_latency: a.channel_latency.is_none() && booksim_noc(net),
        ..RouterConfig::default()
    };
    s.protocol = Protocol {
        sample_period: a.sample_period,
        warmup_periods: a.warmup_periods,
        max_samples: a.max_samples,
        latency_thres: a.latency_thres,
        ..Protocol::default()
    };
    s.seed = a.seed;
    if let Some(keys) = &a.keys {
        booksim::apply_extra(keys, net, &mut s).map_err(|e| Failure(format!("--keys: {e}")))?;
    }
    Ok(s)
}

/// The loads without `--rates`.
const DEFAULT_RATES: &str = "0.05:0.95:0.05";

/// The network, setup and loads of a BookSim2 configuration file (`--rates` in place of
/// its injection rates when given).
fn from_config(
    path: &std::path::Path,
    given: Option<&str>,
) -> Result<(Network, SimSetup, Vec<f64>), Failure> {
    let fail = |e: &dyn std::fmt::Display| Failure(format!("--config {}: {e}", path.display()));
    let text = read_capped(path).map_err(|e| fail(&e.0))?;
    let keys = booksim::statements(&text).map_err(|e| fail(&e))?;
    let network_file = match keys.get("network_file") {
        Some((name, _)) if !name.is_empty() => {
            let file = path
                .parent()
                .unwrap_or(std::path::Path::new("."))
                .join(name);
            Some(read_capped(&file).map_err(|e| {
                Failure(format!(
                    "--config {}: network_file {}: {}",
                    path.display(),
                    file.display(),
                    e.0
                ))
            })?)
        }
        _ => None,
    };
    let x = booksim::experiment(&text, network_file.as_deref()).map_err(|e| fail(&e))?;
    if let Some(b) = x.setup.protocol.batch {
        // BookSim2's batch mode makes a packet whenever a source holds none: the run does
        // not depend on the rate, so there is one.
        if given.is_some() {
            return Err(Failure(format!(
                "--rates: {} runs in batch mode (sim_type = batch), which does not read the injection rate (BookSim2's batch mode makes a packet whenever a source holds none): it is one run, give no --rates",
                path.display()
            )));
        }
        note(&format!(
            "icn: sim: sim_type = batch: {} batch{} of {} packets per endpoint, one run (BookSim2's batch mode makes a packet whenever a source holds none and does not read injection_rate)",
            b.count,
            if b.count == 1 { "" } else { "es" },
            b.size
        ));
        let rate = x.rates.first().copied().unwrap_or(0.1);
        return Ok((x.network, x.setup, vec![rate]));
    }
    let loads = match given {
        Some(text) => rates(text)?,
        None => {
            if x.rates.iter().any(|&r| !(r > 0.0 && r <= 1.0)) {
                return Err(fail(&"injection_rate: give loads in (0, 1]"));
            }
            match x.rates[..] {
                [one] => {
                    let sweep = sweep_up_to(one);
                    let list: Vec<String> = sweep.iter().map(f64::to_string).collect();
                    note(&format!(
                        "icn: sim: the configuration's one injection_rate = {one} is swept up to: loads {} (--rates {one} runs that point alone)",
                        list.join(", ")
                    ));
                    sweep
                }
                _ => x.rates,
            }
        }
    };
    Ok((x.network, x.setup, loads))
}

/// Every parameter of `s` out of its range at once, on one line (the page says each at its
/// field); then, once every range holds, the point's other checks ([`SimSetup::problems`]).
fn check(s: &SimSetup) -> Result<(), Failure> {
    let problems: Vec<String> = s.problems().iter().map(ToString::to_string).collect();
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Failure(problems.join("; ")))
    }
}

/// `icn sim`.
pub fn run(a: &SimArgs, force: bool, out: &mut dyn Write) -> Result<(), Failure> {
    let (net, s, loads) = match (&a.config, &a.spec) {
        (Some(path), _) => from_config(path, a.rates.as_deref())?,
        (None, Some(spec)) => {
            let net = network(spec)?;
            let routing = strategy_name(&net, &a.routing).to_string();
            let s = setup(a, &net, &routing, booksim_latencies(&net))?;
            let loads = if s.protocol.batch.is_some() {
                // Batch mode does not read the rate: one run.
                let loads = rates(a.rates.as_deref().unwrap_or("0.1"))?;
                if loads.len() > 1 {
                    return Err(Failure(
                        "--rates: batch mode (sim_type = batch in --keys) does not read the injection rate (BookSim2's batch mode makes a packet whenever a source holds none): it is one run, give one load or none".into(),
                    ));
                }
                loads
            } else {
                rates(a.rates.as_deref().unwrap_or(DEFAULT_RATES))?
            };
            (net, s, loads)
        }
        (None, None) => return Err(Failure("give a SPEC or --config FILE".into())),
    };
    // The parameters' ranges first: a bad one is named before any estimate or warning.
    check(&s)?;
    let estimate = sim_estimate(&net, &s);
    let threads = threads(
        a,
        &estimate,
        (loads.len(), s.protocol.batch.is_some()),
        force,
    )?;
    if let Some(short) = short_buffer(&net, &s.router) {
        note(&format!(
            "icn: warning: vc_buf_size = {} flits is shorter than the credit round trip of the {}-cycle channels ({} cycles): a VC cannot keep its channel busy; give --vc-buf-size {} (or more) to cover it",
            s.router.vc_buf_size, short.latency, short.covers, short.covers
        ));
    }
    let routing = s.routing.clone();
    let mut analysis = Progress::new("sim: choosing the VC scheme", Some(estimate.setup));
    let sim = Simulator::new_with_progress(&net, &s, &mut |what, done, total| {
        analysis.at(
            done as f64 / total.max(1) as f64,
            &format!("{what}, {done} of {total} destinations"),
        );
    })?;
    let choice = sim.choice();
    let spec = net.spec();
    let mut points: Vec<Option<Point>> = (0..loads.len()).map(|_| None).collect();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let done = std::sync::Mutex::new(&mut points);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                // Each thread builds its own network and simulator (neither can be shared),
                // on the scheme and deadlock analysis done once above.
                let Ok(net) = network(&spec) else { return };
                let Ok(sim) = Simulator::with_choice(&net, &s, choice) else {
                    return;
                };
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(&rate) = loads.get(i) else { break };
                    let mut progress =
                        Progress::new(&format!("sim: load {rate}"), Some(estimate.point));
                    let r = sim.point(rate, a.channels, &mut |cycle, bound| {
                        progress.at(
                            cycle as f64 / bound.max(1) as f64,
                            &format!("cycle {} of at most {}", amount(cycle), amount(bound)),
                        );
                        true
                    });
                    let p = match r {
                        Ok(r) => Point {
                            rate,
                            result: Some(r),
                            error: None,
                        },
                        Err(e) => Point {
                            rate,
                            result: None,
                            error: Some(e.to_string()),
                        },
                    };
                    if let Ok(mut d) = done.lock() {
                        d[i] = Some(p);
                    }
                }
            });
        }
    });
    let points: Vec<Point> = points.into_iter().flatten().collect();
    let saturation = points
        .iter()
        .filter(|_| s.protocol.batch.is_none())
        .filter_map(|p| p.result.as_ref())
        .filter(|r| r.status == Status::Stable)
        .map(|r| r.accepted)
        .fold(None, |m: Option<f64>, x| Some(m.map_or(x, |m| m.max(x))));
    let report = Report {
        spec,
        routing: &routing,
        scheme: sim.scheme(),
        vc_classes: sim.classes(),
        deadlock_free: sim.deadlock_free(),
        traffic: s.traffic.to_string(),
        routers: sim.fabric().routers(),
        endpoints: sim.fabric().endpoints(),
        router: s.router,
        protocol: s.protocol,
        seed: s.seed,
        saturation_throughput: saturation,
        points,
    };
    match a.format {
        Format::Json => json(out, &report),
        Format::Csv => csv(out, &report),
    }
}

/// The threads a curve runs on: `--threads` (default every core), at most one per load,
/// and at most as many as fit `icn`'s memory budget together. Refuses, with the estimate
/// and the ways further, a point over the budget on one thread (unless `--force`) and
/// `--threads` that do not fit together.
fn threads(
    a: &SimArgs,
    estimate: &SimEstimate,
    (points, batch): (usize, bool),
    force: bool,
) -> Result<usize, Failure> {
    let one = estimate.one_thread();
    if !force && !one.within(CLI_BUDGET) {
        return Err(Failure(format!(
            "this simulation would take about {} steps ({} router-cycles a point: {} routers, at most {} cycles) and {} per thread ({} buffer slots); icn's limit is {} steps and {}; choose a smaller network, fewer VCs or shallower buffers, {}, or pass --force to simulate anyway",
            amount(one.steps),
            amount(estimate.router_cycles),
            amount(estimate.routers),
            amount(estimate.cycles),
            bytes_text(one.bytes),
            amount(estimate.buffer_slots),
            amount(CLI_BUDGET.steps),
            bytes_text(CLI_BUDGET.bytes),
            if batch {
                "fewer or smaller batches (batch_count, batch_size)"
            } else {
                "a shorter protocol (--sample-period, --max-samples)"
            },
        )));
    }
    let fit = usize::try_from(estimate.threads_within(CLI_BUDGET.bytes)).unwrap_or(usize::MAX);
    let wanted = a
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
        .clamp(1, points.max(1));
    if wanted <= fit || force {
        return Ok(wanted);
    }
    if a.threads.is_some() {
        return Err(Failure(format!(
            "--threads {wanted}: each thread holds its own simulator of about {}, {} together; icn's limit is {}; give --threads {fit} or fewer, or pass --force",
            bytes_text(estimate.point.bytes),
            bytes_text(estimate.bytes_on(wanted as u64)),
            bytes_text(CLI_BUDGET.bytes),
        )));
    }
    note(&format!(
        "icn: sim: {fit} threads, not {wanted}: each holds its own simulator of about {}, and icn's memory limit is {}",
        bytes_text(estimate.point.bytes),
        bytes_text(CLI_BUDGET.bytes)
    ));
    Ok(fit)
}

fn csv(out: &mut dyn Write, r: &Report<'_>) -> Result<(), Failure> {
    let batch = r.protocol.batch.is_some();
    writeln!(out, "{}", if batch { BATCH_CSV_HEADER } else { CSV_HEADER })?;
    for p in &r.points {
        match &p.result {
            Some(x) if batch => writeln!(out, "{}", x.batch_csv_row(p.rate))?,
            Some(x) => writeln!(out, "{}", x.csv_row(p.rate))?,
            None => writeln!(
                out,
                "{},error,,,,,,,,,,{}{}",
                p.rate,
                if batch { ",,,," } else { "" },
                p.error.as_deref().unwrap_or("")
            )?,
        }
    }
    Ok(())
}
